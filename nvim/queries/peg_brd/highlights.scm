; ViaThinkSoft Peg Solitaire boards (*.brd), v1 and v2.
; Patterns on the same node are mutually exclusive, so the result does not
; depend on the editor's "first" or "last match wins" rule.

(invalid) @comment.error

; ---- v1: 1D~XX222XX!...

(v1_header
  "1" @keyword)

(v1_header
  "~" @punctuation.special)

(mode_flag) @constant

; Locked fields.
((element) @comment
  (#match? @comment "^[X*]$"))

; Stones and empty slots.
((element) @character
  (#match? @character "^[E123]$"))

(goal_marker) @punctuation.special

(row_separator) @punctuation.delimiter

; ---- v2: Version 2 / Mode: Normal / rows

(version_keyword) @keyword

(version_value) @number

(mode_keyword) @keyword

(mode_value) @constant

; Locked fields (`.` is a half-width or optical-shift field).
((cell) @comment
  (#match? @comment "^[*.]$"))

; Stones and empty slots.
((cell) @character
  (#match? @character "^[ryge]$"))

; Uppercase: the goal slot.
((cell) @label
  (#match? @label "^[RYGE]$"))
