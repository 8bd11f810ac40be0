; ViaThinkSoft Peg Solitaire boards (*.brd), v1 and v2.
; Patterns on the same node are mutually exclusive, so the result does not
; depend on the editor's "first" or "last match wins" rule.
; Elements come in runs (one token per run, for speed on huge boards): a run
; of locked fields only is a comment, any other run a character. Retroboard's
; language server splits runs and colours every element on its own.

(invalid) @comment.error

; ---- v1: 1D~XX222XX!...

(v1_header
  "1" @keyword)

(v1_header
  "~" @punctuation.special)

(mode_flag) @constant

; Locked fields only.
((elements) @comment
  (#match? @comment "^[X*]+$"))

; Runs with stones or empty slots.
((elements) @character
  (#not-match? @character "^[X*]+$"))

(goal_marker) @punctuation.special

(row_separator) @punctuation.delimiter

; ---- v2: Version 2 / Mode: Normal / rows

(version_keyword) @keyword

(version_value) @number

(mode_keyword) @keyword

(mode_value) @constant

; Locked fields only (`.` is a half-width or optical-shift field).
((cells) @comment
  (#match? @comment "^[*. ]+$"))

; Runs with stones or empty slots (uppercase: the goal).
((cells) @character
  (#not-match? @character "^[*. ]+$"))
