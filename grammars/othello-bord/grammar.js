/**
 * Super Othello 2.0 BORD files (Yellow Lemon Software, classic Mac, 1996).
 *
 * Positional: line 1 chips left, 2 chips placed, 3 used squares, 4 board,
 * 5 copyright, 6+ anything else (e.g. the 8-row design layout, which the
 * checks recognise). Any line may be empty (no node for it) and the file may
 * end after any line. CR (the Mac original), CRLF and LF all end a line.
 * Every character belongs to a line token, so this grammar never produces
 * ERROR nodes: what a line means is decided by the checks.
 */

// Lines 1..5, in file order: [node kind, child token].
const HEADER = [
  ['chips_left', 'value'],
  ['chips_placed', 'value'],
  ['used_squares', 'value'],
  ['board', 'value'],
  ['copyright', 'text'],
];

module.exports = grammar({
  name: 'othello_bord',

  // Blanks are part of a line's value (the checks report them).
  extras: _ => [],

  rules: {
    // line1 (newline line2 (newline ... extra lines)?)? built from the end,
    // so the node kind says which line a value came from.
    source_file: $ => HEADER.reduceRight(
      (rest, [kind]) => seq(optional($[kind]), optional(seq($._newline, rest))),
      seq(optional($.extra_line), repeat(seq($._newline, optional($.extra_line)))),
    ),

    ...Object.fromEntries(HEADER.map(([kind, child]) => [kind, $ => $[child]])),

    extra_line: $ => $.text,

    // Whole line, leading/trailing blanks included.
    value: _ => /[^\r\n]+/,
    text: _ => /[^\r\n]+/,

    _newline: _ => /\r\n?|\n/,
  },
});
