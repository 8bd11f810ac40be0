; Colossus variant file: KEY: value

(comment) @comment

(key) @keyword

(entry
  value: (value) @string.special)
