; Header (lines 1-10)
(registered_id (text) @constant)
(author (text) @string)
(title (text) @markup.heading)
(description (text) @comment)
(value) @number

; Pattern grid (lines 11+)
(cells) @type
(single) @number
(transparent) @punctuation.delimiter
(hole) @punctuation.special
(bridge) @keyword
(invalid) @comment.error
