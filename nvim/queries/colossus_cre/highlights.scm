; Colossus CRE. Patterns do not overlap, so editors that pick the first or the
; last matching capture agree.

(comment) @comment

(creature
  name: (name) @type)

(creature
  plural_name: (name) @type)

(number) @number

(boolean) @boolean
