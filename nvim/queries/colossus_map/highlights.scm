; Colossus MAP. Patterns do not overlap, so editors that pick the first or the
; last matching capture agree.

(comment) @comment

(size
  width: (number) @number
  height: (number) @number)

(hex
  label: (number) @label)

(exit
  label: (number) @label)

(hex
  x: (number) @number
  y: (number) @number)

(terrain) @type

(way) @keyword
