/**
 * Crossmines pattern files (*.pat, *.tes), John Valentine / comp-sci.
 *
 * Positional: lines 1..10 are header lines, lines 11+ are the pattern grid.
 * Any line may be empty (no node for it) and the file may end after any line.
 * CRLF, LF and a lone CR (old Mac files) all end a line.
 * Nothing is skipped: every character belongs to a token, so this grammar
 * never produces ERROR nodes; unknown grid characters become `invalid` runs
 * and the server reports them.
 */

// Header lines, in file order: [node kind, child token].
const HEADER = [
  ['registered_id', 'text'],
  ['author', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['rec_field_size_x', 'value'],
  ['rec_field_size_y', 'value'],
  ['large_grid_size_x', 'value'],
  ['large_grid_size_y', 'value'],
  ['repeat_size_x', 'value'],
  ['repeat_size_y', 'value'],
];

module.exports = grammar({
  name: 'crossmines_pattern',

  // Blanks are content here (they are `invalid` grid cells, part of header text).
  extras: _ => [],

  rules: {
    // line1 (newline line2 (newline ... (newline grid)?)?)? built from the end,
    // so the node kind says which header line a value came from.
    source_file: $ => HEADER.reduceRight(
      (rest, [kind]) => seq(optional($[kind]), optional(seq($._newline, rest))),
      // blank lines between the header and the first grid row
      seq(repeat($._newline), optional($.grid)),
    ),

    ...Object.fromEntries(HEADER.map(([kind, child]) => [kind, $ => $[child]])),

    // Whole line, leading/trailing blanks included.
    text: _ => /[^\r\n]+/,
    value: _ => /[^\r\n]+/,

    // Lines 11+: starts at the first non-blank grid line; blank lines inside
    // and after it belong to the grid but produce no node.
    grid: $ => seq($.grid_row, repeat(seq($._newline, optional($.grid_row)))),

    grid_row: $ => repeat1(choice(
      $.cells, $.single, $.transparent, $.hole, $.bridge, $.invalid,
    )),

    // One token per run of equal-meaning characters, not one per square.
    cells: _ => /[1-9A-Z]+/, // squares of a multi-square cell
    single: _ => /0+/, // 1x1 cells
    transparent: _ => /\.+/, // the other side of the stamped pattern shows through
    hole: _ => /-+/,
    bridge: _ => /#+/,
    invalid: _ => /[^\r\n0-9A-Z.#\-]+/, // blanks, lowercase, ',' ...

    _newline: _ => /\r\n?|\n/,
  },
});
