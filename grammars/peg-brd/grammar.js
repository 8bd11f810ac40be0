/**
 * ViaThinkSoft Peg Solitaire boards (*.brd), both formats in one grammar.
 *
 * v1 (2009): the game deletes CR and LF and reads one string:
 *   1D~XX222XX!XX222XX...      header `1` `D|N` `~`, `!` after the first row,
 *                              `>` before the goal field.
 * v2 (2018): line based, header lines compared case-insensitively:
 *   Version 2
 *   Mode: Normal
 *   * * y y y * *              spaces are deleted, blank rows are dropped.
 *
 * The first characters decide the format (`1` or `version`). Counts, widths,
 * goal rules and the exact header values are for the server checks.
 * No spaces or tabs are extras: a space is an invalid element in v1, and the
 * header values must keep their blanks.
 *
 * Board elements come in runs, one token each (`elements`, `cells`,
 * `invalid`); the server's view splits a run into its elements by character.
 * A token per element made a 10 MB board a tree of 10 million nodes.
 */
module.exports = grammar({
  name: 'peg_brd',

  extras: _ => [],

  rules: {
    // Leading line breaks are harmless in v1 (the game strips them); in v2 the
    // checks see that version_line is then not on the first line.
    source_file: $ => seq(
      repeat($._newline),
      optional(choice($.v1_board, $.v2_board)),
    ),

    // ---- v1 ---------------------------------------------------------------

    // Flat: rows only exist through the width given by `!`, and line breaks
    // may fall anywhere, even inside the header.
    v1_board: $ => seq(
      $.v1_header,
      repeat(choice(
        $.elements,
        $.goal_marker,
        $.row_separator,
        alias($._v1_invalid, $.invalid),
        $._newline,
      )),
    ),

    v1_header: $ => seq(
      '1',
      repeat($._newline),
      $.mode_flag,
      repeat($._newline),
      '~',
    ),

    mode_flag: _ => /[DN]/,

    // A run of elements; a line break ends it (the game deletes line breaks,
    // so a run and the next line's run continue the same stream).
    elements: _ => /[X*E123]+/,

    // Any other characters but line breaks (a space is invalid in v1).
    // Precedence -1: every real token wins over it, and in error recovery it
    // does not swallow a line.
    _v1_invalid: _ => token(prec(-1, /[^\r\nX*E123>!]+/)),

    goal_marker: _ => '>',

    row_separator: _ => '!',

    // ---- v2 ---------------------------------------------------------------

    // Line 1 is the version line and line 2 the mode line, whatever they
    // hold (as in the game); the rest are rows. The file may end anywhere.
    v2_board: $ => seq(
      $.version_line,
      optional(seq(
        $._newline,
        optional($.mode_line),
        optional(seq(
          $._newline,
          optional($._spaces),
          optional($.row),
          repeat(seq(
            choice($._newline, $._blanks_newline),
            optional($._spaces),
            optional($.row),
          )),
        )),
      )),
    ),

    // The value is the rest of the line, blanks included (" 2 " is rejected
    // by the game).
    version_line: $ => seq(
      $.version_keyword,
      optional(alias($._rest_of_line, $.version_value)),
    ),

    version_keyword: _ => /version/i,

    // Line 2 without a `mode:` keyword (e.g. a missing mode line) is still the
    // mode line, with only a mode_value, so the rows after it still parse.
    mode_line: $ => choice(
      seq($.mode_keyword, optional(alias($._rest_of_line, $.mode_value))),
      alias($._rest_of_line, $.mode_value),
    ),

    mode_keyword: _ => /mode:/i,

    // Lowest precedence: `mode:` wins over it at the start of line 2, and in
    // error recovery (where every token is tried) it does not swallow a line.
    _rest_of_line: _ => token(prec(-2, /[^\r\n]+/)),

    // From the first element to the last. Trailing spaces go with the line
    // break, except on a last line without one.
    row: $ => seq(
      choice($.cells, alias($._v2_invalid, $.invalid)),
      repeat(choice($.cells, alias($._v2_invalid, $.invalid), $._spaces)),
    ),

    // A run of elements and the spaces between them, first and last an
    // element (the game deletes the spaces).
    cells: _ => /[*.rygeRYGE]( *[*.rygeRYGE])*/,

    // Any other characters but spaces and line breaks (a tab is invalid).
    _v2_invalid: _ => token(prec(-1, /[^\r\n *.rygeRYGE]+/)),

    // ---- shared -----------------------------------------------------------

    _spaces: _ => / +/,

    // Trailing spaces of a v2 row (or a whitespace-only line) end the line
    // together with its line break, so the row node stops at its last element.
    _blanks_newline: _ => / +(\r\n|\n|\r)/,

    _newline: _ => /\r\n|\n|\r/,
  },
});
