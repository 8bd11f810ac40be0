; Colossus MAP. Patterns do not overlap, so editors that pick the first or the
; last matching capture agree.

(comment) @comment

(number) @number

; A terrain letter (a longer word is an error the checks report).
(word) @type

(way) @keyword
