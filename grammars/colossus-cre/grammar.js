/**
 * Colossus CRE file (creatures), as read by CreatureLoader.jj at 9ae7dffe.
 *
 *   Angel 6 4 false true false false false false false false false false true true false 18 Angels
 *
 * One creature per line, 18 fields: the real files carry a `summonable`
 * boolean that the format spec forgets (NOTES.md 5.3/5.5).
 * `\n` ends a record; `\r`, space and tab are blanks; `#` starts a comment, which a `\r` or
 * `\n` ends (the game's `COMMENT = "#" [^\r\n]*`: text after a `\r` in a comment is read).
 *
 * A line is a run of tokens, and any text lexes into some token, so this
 * grammar never produces ERROR nodes. Which field a token is, and whether the
 * line has the 18 fields of the right kinds, is read by the server's checks
 * (server/src/formats/colossus/cre.rs), which word every mistake within its own
 * line. Tree-sitter's error recovery could instead reach across line breaks,
 * so a line's errors would depend on the lines around it.
 */

module.exports = grammar({
  name: 'colossus_cre',

  extras: $ => [/[ \t\r]/, $.comment],

  // `true` and `false` are keywords of the `name` token: `falsetrue` is one
  // name, as the game's longest-match lexer reads it.
  word: $ => $.name,

  rules: {
    // Records separated by newlines: blank lines and a missing final newline
    // need no special case.
    source_file: $ => seq(
      optional($.creature),
      repeat(seq($._newline, optional($.creature))),
    ),

    // The fields are the runs of tokens between blanks: `Ogre2` is a name
    // and a number touching, one field the checks report.
    creature: $ => repeat1(choice($.name, $.number, $.boolean, $.stray)),

    number: _ => /-?[0-9]+/,
    boolean: _ => token(choice('true', 'false')),
    name: _ => /[A-Za-z]+/,
    // Characters no token of the game takes (`_`, `"`, `,`, `-` alone...):
    // the game stops on them with a lexical error.
    stray: _ => /[^ \t\r\n#A-Za-z0-9]+/,

    comment: _ => token(seq('#', /[^\r\n]*/)),

    _newline: _ => '\n',
  },
});
