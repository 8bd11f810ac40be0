; Colossus CRE. Patterns do not overlap, so editors that pick the first or the
; last matching capture agree.

(comment) @comment

; The name (field 1) and the plural name (field 18): the first and the last
; token of a line, when they are names.
(creature
  .
  (name) @type)

(creature
  (name) @type
  .)

(number) @number

(boolean) @boolean
