; Colossus MAP. Patterns do not overlap, so editors that pick the first or the
; last matching capture agree.

(comment) @comment

(size
  (number) @number)

; A hex line's first token is its label; its other numbers are exit labels
; and the position.
(hex
  .
  (number) @label)

(hex
  (_)
  .
  (number) @number)

; A terrain letter (a longer word is an error the checks report), or a 2003-10
; terrain name.
(word) @type

(name) @type

(way) @keyword
