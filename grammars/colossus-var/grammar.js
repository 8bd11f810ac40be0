/**
 * Colossus variant file (.var, spec era 2002): which MAP, CRE and TER files a
 * variant uses and which variants it depends on.
 *
 *   MAP:Default.map
 *   DEPEND:ExtTitan,Badlands
 *
 * As in the game's JavaCC lexer, the keys are case-sensitive literals that
 * include the colon, spaces, tabs and CR are skipped (so blanks may follow the
 * colon), and `\n` is a real token. File existence, the DEPEND separator and
 * "last record wins" are for the server checks.
 */
module.exports = grammar({
  name: 'colossus_var',

  // CR is a blank, so CRLF files work like LF files.
  extras: $ => [/[ \t\r]/, $.comment],

  rules: {
    // The game needs no newline after a record, so `MAP:a CRE:b` on one line
    // is accepted as two entries; blank lines are bare newlines.
    source_file: $ => repeat(choice($.entry, $._newline)),

    entry: $ => seq(
      field('key', $.key),
      field('value', $.value),
    ),

    // One token: `MAP :` or `map:` do not lex as a key (the game crashes).
    // `HINT:` (the AI's hint files, comma-separated) and `MAXPLAYERS:` are
    // those of the 2002-11 game (VariantLoader.jj at c51d0c34).
    key: _ => token(choice('MAP:', 'CRE:', 'TER:', 'DEPEND:', 'HINT:', 'MAXPLAYERS:')),

    // No `/` (no subdirectories), no spaces, no `:`.
    value: _ => /[A-Za-z0-9_\-.,]+/,

    // Runs to the end of the line; the newline stays a separate token.
    comment: _ => token(seq('#', /[^\r\n]*/)),

    _newline: _ => '\n',
  },
});
