/**
 * Colossus MAP file (masterboard), as read by StrategicMapLoader.jj at 9ae7dffe.
 *
 *   15 8                                   <- size line, must come first
 *   1  P  2 ARROWS  1000 ARCH  0 ARROW  7 5  <- one hex per line
 *
 * `\n` ends a record; `\r`, space and tab are blanks; `#` starts a comment, which a `\r` or
 * `\n` ends (the game's `COMMENT = "#" [^\r\n]*`: text after a `\r` in a comment is read).
 *
 * A line is a run of tokens, and any text lexes into some token, so this
 * grammar never produces ERROR nodes. Which field a token is, and whether the
 * line has the fields of the right kinds, is read by the server's checks
 * (server/src/formats/colossus/map.rs and record.rs), which word every mistake
 * within its own line. Tree-sitter's error recovery could instead reach across
 * line breaks, so a line's errors would depend on the lines around it.
 */
module.exports = grammar({
  name: 'colossus_map',

  extras: $ => [/[ \t\r]/, $.comment],

  rules: {
    source_file: $ => seq(
      // Comment and blank lines before the size line (the checks flag both:
      // the game reads the size first).
      repeat($._newline),
      optional(seq(
        $.size,
        // Records are separated by newlines; blank lines and a missing
        // final newline both fall out of this shape.
        repeat(seq($._newline, optional($.hex))),
      )),
    ),

    // The first line with a token: `width height`.
    size: $ => repeat1($._token),

    // `label terrain (label type)×3 x y`.
    hex: $ => repeat1($._token),

    // Tokens need no blank between them (longest match): `5P` is 5 then P.
    _token: $ => choice($.number, $.word, $.name, $.way, $.stray),

    number: _ => /[0-9]+/,
    // A terrain is one letter; a longer word is read by the checks (the game
    // would read each letter as a terrain).
    word: _ => /[A-Za-z]+/,
    // A terrain name of the 2003-10 game (its CHAINE) with a digit, `.` or `_`:
    // `Woods3`, `Brush_2`. Longer than the word it starts with, so the longest
    // match takes it whole. The 2002-02 game reads `P5` as P then 5: its checks
    // split such a token as its lexer does.
    name: _ => /[A-Za-z._][A-Za-z]*[0-9._][A-Za-z0-9._]*/,
    // Before a word, as in the game's lexer (which has no longer words than
    // one letter): `ARROWSX` is ARROWS then X.
    way: _ => token(prec(1, choice('ARROW', 'ARROWS', 'ARCH', 'BLOCK'))),
    // Characters no token of the game takes (`,`, `-`, `_`...): the game
    // stops on them with a lexical error.
    stray: _ => /[^ \t\r\n#A-Za-z0-9]+/,

    comment: _ => token(seq('#', /[^\r\n]*/)),

    _newline: _ => '\n',
  },
});
