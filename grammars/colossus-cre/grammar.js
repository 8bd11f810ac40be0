/**
 * Colossus CRE file (creatures), as read by CreatureLoader.jj at 9ae7dffe.
 *
 *   Angel 6 4 false true false false false false false false false false true true false 18 Angels
 *
 * One creature per line, 18 tokens: the real files carry a `summonable`
 * boolean that the format spec forgets (NOTES.md 5.3/5.5).
 * `\n` ends a record; `\r`, space and tab are blanks; `#` starts a comment.
 * Values (power, counts, lord + demilord...) are checked by the server.
 */

// The 18 fields in the order the game reads them: [field name, token rule].
const FIELDS = [
  ['name', 'name'],
  ['power', 'number'],
  ['skill', 'number'],
  ...[
    'rangestrikes',
    'flies',
    'native_bramble',
    'native_drift',
    'native_bog',
    'native_sand_dune',
    'native_slope',
    'native_volcano',
    'water_dwelling',
    'magic_missile',
    'summonable',
    'lord',
    'demilord',
  ].map(f => [f, 'boolean']),
  ['max_count', 'number'],
  ['plural_name', 'name'],
];

// Hidden, left-nested prefixes `_creature_1` .. `_creature_17` hold the first
// 1 .. 17 fields. Hidden rules leave no node, so `creature` still shows 18 flat
// fields, but every field token now ends a rule. That matters for error
// recovery, which inserts a MISSING token only just before a reduction: one
// field left out anywhere in the line becomes a MISSING node in its place.
const prefixRules = {};
FIELDS.slice(0, -1).forEach(([f, tok], i) => {
  prefixRules[`_creature_${i + 1}`] = $ => i === 0
    ? field(f, $[tok])
    : seq($[`_creature_${i}`], field(f, $[tok]));
});

module.exports = grammar({
  name: 'colossus_cre',

  extras: $ => [/[ \t\r]/, $.comment],

  rules: {
    // Records separated by newlines: blank lines and a missing final newline
    // need no special case.
    source_file: $ => seq(
      optional($.creature),
      repeat(seq($._newline, optional($.creature))),
    ),

    creature: $ => choice(
      seq($._creature_17, field('plural_name', $.name)),
      // A line that stops early. The `_never_*` tokens match no input, so
      // these alternatives are only reached by recovery inserting one as a
      // MISSING node with the kind and field of the first absent token, e.g.
      // `native_bramble: (MISSING boolean)`; the later fields are absent.
      // Without them recovery prefers to run a short line on into the next
      // creature's tokens.
      ...FIELDS.slice(1, -1).map(([f, tok], i) =>
        seq($[`_creature_${i + 1}`], field(f, alias($[`_never_${tok}`], $[tok])))),
    ),

    ...prefixRules,

    // Tokens need no blank between them (longest match). No parse state
    // takes both `boolean` and `name`, so each slot lexes only its own kind:
    // unlike the game, `falsetrue` in boolean slots reads as two booleans and
    // a creature may be called `true` (the checks flag words that touch and
    // boolean names). The precedences only matter while recovering from an
    // error, where every token is tried: they keep both tokens in that lexer
    // (`true`/`false` as `boolean`, other words as `name`). The TER grammar's
    // `word` token is not used here: it would lex `false` as a name in a
    // number slot, which stops recovery from inserting a MISSING number.
    number: _ => /-?[0-9]+/,
    boolean: _ => token(prec(2, choice('true', 'false'))),
    name: _ => token(prec(1, /[A-Za-z]+/)),

    comment: _ => token(seq('#', /[^\n]*/)),

    _newline: _ => '\n',

    // Tokens no input can produce (an empty character class first), one per
    // kind so that each is named after the kind it stands in for (the server
    // words "expected ..." messages from the tokens a parse state accepts).
    // Their tails differ only to keep tree-sitter from merging them into one.
    _never_number: _ => /[^\x00-\x{10FFFF}]0/,
    _never_boolean: _ => /[^\x00-\x{10FFFF}]b/,
  },
});
