/**
 * Colossus TER file (recruit trees), as read by TerrainRecruitLoader.jj at 9ae7dffe.
 *
 *   B green Brush true 1 Gargoyle 2 Cyclops 2 Gorgon [DisplayName]
 *   ACQUIRABLE 100 Angel 500 Archangel 100 FireElemental D
 *
 * `\n` ends a record; `\r`, space and tab are blanks; `#` starts a comment, which a `\r` or
 * `\n` ends (the game's `COMMENT = "#" [^\r\n]*`: text after a `\r` in a comment is read).
 * Names, colours and counts are checked by the server, not here.
 *
 * Lexing: the game takes the longest match, ties going to ACQUIRABLE, then
 * booleans, then terrain lists, then words. `name` is the `word` token, so
 * `ACQUIRABLE`, `true` and `false` are keywords only when the whole word is
 * (`truex` is a name, hence an error where a boolean is due). Where a keyword
 * may stand (line start, boolean) the lexer also tries a whole word, so
 * `green Brush ...` or `Bgreen ...` is one word and a syntax error, not letter
 * `g` + colour `reen`; a lone letter there is a `terrain_list` (on a tie the
 * token used first in the grammar wins).
 */
module.exports = grammar({
  name: 'colossus_ter',

  word: $ => $.name,

  // The game never reads these as a word, wherever a word is due.
  reserved: {
    global: $ => ['ACQUIRABLE', 'TITANIMPROVE', 'TITANTELEPORT', $.boolean],
  },

  extras: $ => [/[ \t\r]/, $.comment],

  rules: {
    // Records separated by newlines: blank lines and a missing final newline
    // need no special case.
    source_file: $ => seq(
      optional($._record),
      repeat(seq($._newline, optional($._record))),
    ),

    _record: $ => choice(
      $.terrain_def, $.named_terrain_def, $.acquirable_def, $.titan_improve, $.titan_teleport,
    ),

    // The 2002-11 game (TerrainRecruitLoader.jj at c51d0c34): every `value`
    // points the Titan's power grows by one, and the score from which it may
    // teleport; both must be above 0 (checked by the server).
    titan_improve: $ => seq('TITANIMPROVE', field('value', $.number)),
    titan_teleport: $ => seq('TITANTELEPORT', field('value', $.number)),

    terrain_def: $ => seq(
      field('letter', $.terrain_list),
      field('color', $.name),
      field('name', $.name),
      field('regular', $.boolean),
      repeat($.recruit),
      field('display_name', optional($.name)),
    ),

    // The 2003-10 game (TerrainRecruitLoader.jj at 1b50e238): no letter, the
    // name is the terrain's key (the MAP names it), and a battleland may be
    // made at random from a `Random:` file.
    //
    //   green Brush1 true 1 Gargoyle 2 Cyclops 2 Gorgon Brush Random:Brush.rnd
    //
    // After the colour only a terrain name may come, so its token (the game's
    // CHAINE, with digits, `.` and `_`) is lexed there alone.
    named_terrain_def: $ => seq(
      field('color', $.name),
      field('name', $.terrain_name),
      field('regular', $.boolean),
      repeat($.recruit),
      field('display_name', optional($.name)),
      field('random', optional($.random)),
    ),
    terrain_name: _ => /[A-Za-z._][A-Za-z0-9._]*/,
    random: _ => token(seq('Random:', /[A-Za-z0-9._]+/)),

    // A `Special:` class instead of a creature (2002-11): the game asks that
    // class which creatures the terrain recruits.
    //
    // From 2002-11 a creature is the game's CHAINE too (`2 Balrog100`, the Balrog
    // variant's CRE defines Balrog100 … Balrog600): one name, whole.
    recruit: $ => seq(field('count', $.number), field('creature', choice($._creature, $.special))),
    _creature: $ => choice($.name, alias($._chaine, $.name)),
    special: _ => token(seq('Special:', /[A-Za-z0-9._]+/)),

    acquirable_def: $ => seq('ACQUIRABLE', repeat($.acquirable)),

    acquirable: $ => seq(
      field('points', $.number),
      field('creature', $._creature),
      field('terrains', optional(choice($.terrain_list, $.terrain_names))),
    ),

    // The 2003-10 game restricts an acquirable to terrains by name: `Tower`,
    // `Desert,Tower`, `Brush1` (its CHAINE: digits, `.` and `_` too).
    terrain_names: $ => seq($._terrain_ref, repeat(seq(',', $._terrain_ref))),
    _terrain_ref: $ => choice($.name, alias($._chaine, $.name)),
    // A name with a digit, `.` or `_`: longer than the letters-only `name` it
    // starts with, so the longest match takes it whole. (The 2002-02 game would
    // read a letter glued to the next points, `D100`, as D then 100, and
    // `Ogre2` as Ogre then 2; no real file writes that, the server flags such a
    // name in a 2002-02 variant, and the later games read it whole, as here.)
    _chaine: _ => /[A-Za-z._][A-Za-z]*[0-9._][A-Za-z0-9._]*/,

    // Tokens need no blank between them (longest match).
    number: _ => /-?[0-9]+/,
    boolean: _ => token(choice('true', 'false')),
    terrain_list: _ => /([A-Za-z],)*[A-Za-z]/,
    // A one-letter word where only a name is due lexes as `name` (the game
    // would read a terrain list); the checks flag it.
    name: _ => /[A-Za-z]+/,

    comment: _ => token(seq('#', /[^\r\n]*/)),

    _newline: _ => '\n',
  },
});
