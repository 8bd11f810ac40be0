/**
 * Patience game definitions (*.pat) of the Danish freeware "Patience"
 * (vincentius.dk).
 *
 * Line 1 is the game's name. The first non-blank line after it holds the
 * number of decks and the number of piles; every later line that starts
 * with a number describes a pile (11 numbers, or 15 with a second rule set).
 * Anything after the numbers of a line, and any line that starts with no
 * number (notes, the spec's row of dots), is `trailing_text`.
 * CRLF, LF and a lone CR all end a line. Blank lines produce no node.
 */

module.exports = grammar({
  name: 'patience_game',

  // Spaces and tabs separate numbers; line ends are structure.
  extras: _ => [/[ \t]/],

  rules: {
    source_file: $ => seq(
      optional($.name_line),
      optional(seq(
        $._newline,
        repeat($._newline),
        optional(seq(
          $.counts,
          repeat(seq($._newline, optional(choice($.pile, $.text_line)))),
        )),
      )),
    ),

    // Always line 1, whatever it holds (a name may start with a digit).
    name_line: $ => $.name,
    name: _ => /[^\r\n]+/,

    counts: $ => seq($._count_numbers, optional($.trailing_text)),

    // Both numbers are required, so a lone number gets a MISSING `piles`.
    // A separate (hidden) rule so that the parser reduces it before any
    // trailing text: error recovery only inserts a MISSING token when the
    // next token then completes a rule.
    _count_numbers: $ => seq(field('decks', $.integer), field('piles', $.integer)),

    pile: $ => seq(repeat1($.integer), optional($.trailing_text)),

    text_line: $ => $.trailing_text,

    integer: _ => /-?[0-9]+/,

    // The rest of the line from the first thing that is not an integer:
    // it may not start with a digit, nor with '-' before a digit ("-99" is a
    // number), so `12abc` is 12 then "abc".
    trailing_text: _ => /([^ \t\r\n0-9\-]|-[^0-9\r\n])[^\r\n]*|-/,

    _newline: _ => /\r\n?|\n/,
  },
});
