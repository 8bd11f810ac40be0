(name) @markup.heading

(counts decks: (integer) @constant)
(counts piles: (integer) @constant)
(pile (integer) @number)

(trailing_text) @comment
