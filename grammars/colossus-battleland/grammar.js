/**
 * Colossus Battlelands (spec era, 2002): one file per terrain, named after it,
 * with no extension. Each record changes one battle hex:
 *
 *   X Y TERRAIN ELEVATION (SIDE TYPE)*
 *
 * The 2002-11 game (BattlelandLoader.jj at c51d0c34) also reads three records:
 *
 *   STARTLIST D4 C4 E4 D3 C3 E3 D5    <- where the defenders start (7 or more)
 *   TOWER                             <- this terrain is a tower
 *   SUBTITLE "Valley of Kings"        <- a word, or quoted letters, digits, _ and spaces
 *
 * As in the game's JavaCC lexer, spaces, tabs and CR are skipped, `\n` is a real
 * token, and numbers and letters need no separator (`5s` is 5 then s).
 * Positions, sides and letters are checked by the server, not here.
 */
module.exports = grammar({
  name: 'colossus_battleland',

  // CR is a blank, so CRLF files work like LF files.
  extras: $ => [/[ \t\r]/, $.comment],

  rules: {
    // A record ends at `\n` (a following number would be read as a hexside by
    // the game); the last record may lack its newline. Blank lines are bare
    // newlines, so an empty file or a single empty line is a valid battleland.
    source_file: $ => seq(
      repeat(choice(seq($._record, $._newline), $._newline)),
      optional($._record),
    ),

    _record: $ => choice($.hex, $.startlist, $.tower, $.subtitle),

    // A hex label is a column letter A-F and a row 1-6 (the game's lexer takes
    // either case); which are real hexes is for the server.
    startlist: $ => seq('STARTLIST', repeat(field('label', $.hex_label))),
    hex_label: _ => /[A-Fa-f][1-6]/,

    tower: _ => 'TOWER',

    subtitle: $ => seq('SUBTITLE', field('text', choice($.name, $.quoted))),
    name: _ => /[A-Za-z]+/,
    // The game takes letters, digits, `_` and spaces between the quotes; the
    // server says so of any other character.
    quoted: _ => /"[^"\n]*"/,

    hex: $ => seq(
      field('x', $.number),
      field('y', $.number),
      // A letter, or from 2003-10 a name (BattlelandLoader.jj at 1b50e238
      // reads the game's CHAINE: `Brambles`).
      field('terrain', choice($.letter, $.terrain_name)),
      field('elevation', $.number),
      repeat($.hexside),
    ),

    hexside: $ => seq(
      field('side', $.number),
      field('type', $.letter),
    ),

    number: _ => /[0-9]+/,

    // One letter only: `ps` is two letters, which the game rejects.
    letter: _ => /[A-Za-z]/,

    // After `letter`: on a tie (one letter) the letter wins, as the game's
    // TERRAIN token does.
    terrain_name: _ => /[A-Za-z._][A-Za-z0-9._]*/,

    // Runs to the end of the line; the newline stays a separate token.
    comment: _ => token(seq('#', /[^\r\n]*/)),

    _newline: _ => '\n',
  },
});
