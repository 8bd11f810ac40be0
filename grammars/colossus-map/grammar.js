/**
 * Colossus MAP file (masterboard), as read by StrategicMapLoader.jj at 9ae7dffe.
 *
 *   15 8                                   <- size line, must come first
 *   1  P  2 ARROWS  1000 ARCH  0 ARROW  7 5  <- one hex per line
 *
 * `\n` ends a record; `\r`, space and tab are blanks; `#` starts a comment.
 * Ranges (board size, positions, exits) are checked by the server, not here.
 */
module.exports = grammar({
  name: 'colossus_map',

  extras: $ => [/[ \t\r]/, $.comment],

  rules: {
    source_file: $ => seq(
      // The game rejects anything before the size line. Comment lines are let
      // through here (the checks flag them); a blank line is a syntax error,
      // so no bare newline is accepted before `size`.
      repeat(seq($.comment, $._newline)),
      optional(choice(
        $.comment, // a comment-only file without a final newline
        seq(
          $.size,
          // Records are separated by newlines; blank lines and a missing
          // final newline both fall out of this shape.
          repeat(seq($._newline, optional($.hex))),
        ),
      )),
    ),

    size: $ => seq(field('width', $.number), field('height', $.number)),

    hex: $ => seq(
      field('label', $.number),
      field('terrain', $.terrain),
      $.exit,
      $.exit,
      $.exit,
      field('x', $.number),
      field('y', $.number),
    ),

    // The label sits in its own hidden rule so that it ends a rule: error
    // recovery inserts a MISSING token only just before a reduction, so a left
    // out exit label becomes `label: (MISSING number)` instead of an ERROR
    // that runs on into the next line.
    exit: $ => seq($._exit_label, field('way', $.way)),
    _exit_label: $ => field('label', $.number),

    // Tokens need no blank between them (longest match): `5P` is 5 then P.
    number: _ => /[0-9]+/,
    terrain: _ => /[A-Za-z]/,
    way: _ => token(choice('ARROW', 'ARROWS', 'ARCH', 'BLOCK')),

    comment: _ => token(seq('#', /[^\n]*/)),

    _newline: _ => '\n',
  },
});
