//! Creatures (CRE): one 18-field line per creature.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use super::codes;
use super::record::{FieldDef, Kind, Layout, Line, Run, Token, TokenKinds, record_break};
use super::syntax::{LineMemo, Num, Word, moved};
use crate::findings::{Finding, Fix, TextEdit};
use crate::formats::editor::Quick;
use crate::syntax::Document;
use crate::text::ChunkReader;

/// The boolean fields in file order, with the words hover and messages use.
pub const FLAGS: [(&str, &str); 13] = [
    ("rangestrikes", "rangestrikes"),
    ("flies", "flies"),
    ("native_bramble", "native to bramble"),
    ("native_drift", "native to drift"),
    ("native_bog", "native to bog"),
    ("native_sand_dune", "native to sand dunes"),
    ("native_slope", "native to slopes"),
    ("native_volcano", "native to volcanoes"),
    ("water_dwelling", "water dwelling"),
    ("magic_missile", "magic missile"),
    ("summonable", "summonable"),
    ("lord", "lord"),
    ("demilord", "demilord"),
];

/// The boolean fields of a creature line, in file order: the 2002-02 ones, or the 16 of
/// 2002-11 (native to river, stone and tree after volcano).
pub fn flag_fields(later: bool) -> Vec<&'static str> {
    if later {
        FIELDS_2002_11
            .iter()
            .filter(|f| matches!(f.1, Kind::Flag))
            .map(|f| f.0)
            .collect()
    } else {
        FLAGS.iter().map(|(f, _)| *f).collect()
    }
}

/// Where the flags start among a line's fields.
const FIRST_FLAG: usize = 3;

/// Creatures the game looks up by name.
pub const REQUIRED: [&str; 3] = ["Angel", "Archangel", "Titan"];

/// Creatures the 2002-11 game looks up by name: only the Titan (`Game.java` at c51d0c34 sets
/// its maximum count; Angel and Archangel are no longer named in the code).
pub const REQUIRED_2002_11: [&str; 1] = ["Titan"];

#[derive(Debug, Default)]
pub struct CreView {
    pub creatures: Vec<Creature>,
    /// What is wrong with the lines' fields (`colossus/syntax-error`), in text order.
    pub line_errors: Vec<Finding>,
}

/// The 2002-11 fields beyond the 2002-02 ones: three more natives, and the optional base
/// colour and `Special:` class after the plural name.
#[derive(Debug, Default)]
pub struct Later {
    /// Native to river, stone and tree (after native to volcano).
    pub natives: Vec<Option<Word>>,
    pub base_color: Option<Word>,
    pub special: Option<Word>,
}

#[derive(Debug)]
pub struct Creature {
    pub name: Word,
    pub power: Option<Num>,
    pub skill: Option<Num>,
    /// The 13 booleans, in `FLAGS` order (`None` where the line is broken).
    pub flags: Vec<Option<Word>>,
    pub max_count: Option<Num>,
    pub plural_name: Option<Word>,
    /// The 2002-11 fields, in a file of that dialect.
    pub later: Option<Later>,
    pub range: Range<usize>,
}

impl Creature {
    pub fn flag(&self, field: &str) -> bool {
        FLAGS
            .iter()
            .position(|(f, _)| *f == field)
            .and_then(|i| self.flags.get(i))
            .and_then(Option::as_ref)
            .is_some_and(|w| w.text == "true")
    }
}

/// A creature line as the format document lists its fields: 12 flags, without the summonable
/// flag the game reads between magic missile and lord. The game shifts every field after it;
/// the one reading is the flag left out.
fn spec_form(later: bool, line: &Line) -> Option<Finding> {
    let fields = &line.fields;
    let spec = FLAGS.len() - 1;
    let flags = fields.get(FIRST_FLAG..FIRST_FLAG + spec)?;
    let shaped = !later
        && fields.len() == LAYOUT.fields.len() - 1
        && fields[0].fits(Kind::Name)
        && fields[1..FIRST_FLAG].iter().all(|f| f.fits(Kind::Number))
        && flags.iter().all(|f| f.fits(Kind::Flag))
        && fields[FIRST_FLAG + spec].fits(Kind::Number)
        && fields[FIRST_FLAG + spec + 1].fits(Kind::Name);
    if !shaped {
        return None;
    }
    let name = &fields[0].text;
    // Summonable comes after the magic missile flag, the 10th of the format document's 12.
    let magic_missile = &flags[9];
    let fix = Fix::one(
        "Insert the summonable flag “false” after the magic missile flag",
        TextEdit::insert(magic_missile.range.end, " false"),
    )
    .preferred();
    Some(
        Finding::new(
            codes::SYNTAX_ERROR,
            flags[0].range.start..flags[spec - 1].range.end,
            format!(
                "{name} has the 12 true/false flags the format document lists, but the game reads \
13: summonable comes between magic missile and lord, and without it every field after is read \
one place early; insert “false” after the magic missile flag (“true” only for a creature that \
can be summoned, as the Angels)"
            ),
        )
        .with_fix(Some(fix)),
    )
}

impl CreView {
    /// The view of the document's current text, built once until it changes.
    pub fn of(doc: &Document) -> std::sync::Arc<CreView> {
        doc.memo(|| CreView::new(doc))
    }

    pub fn new(doc: &Document) -> CreView {
        let mut view = CreView::default();
        let Some(tree) = doc.tree() else { return view };
        let kinds = token_kinds(&tree.language());
        let creature = tree.language().id_for_node_kind("creature", true);
        let mut text = ChunkReader::new(doc.rope());
        let mut tokens = Vec::with_capacity(LAYOUT.fields.len());
        let later = is_later(doc);
        let mut cursor = tree.root_node().walk();
        let mut more = cursor.goto_first_child();
        while more {
            let node = cursor.node();
            if node.kind_id() == creature {
                let range = node.byte_range();
                let line_text = text.slice(range.clone()).into_owned();
                let known = CREATURE_LINES.get_or_read(
                    &(later, line_text.into_boxed_str()),
                    Clone::clone,
                    || {
                        creature_line(later, &kinds, &mut cursor, &mut text, &mut tokens)
                            .moved(range.start, 0)
                    },
                );
                view.line_errors.extend(
                    known
                        .errors
                        .iter()
                        .map(|f| moved_finding(f, 0, range.start)),
                );
                if let Some(creature) = &known.creature {
                    view.creatures.push(creature.moved(0, range.start));
                }
            }
            more = cursor.goto_next_sibling();
        }
        view
    }

    /// The creature of a name (the game's lookup is case-sensitive).
    pub fn creature(&self, name: &str) -> Option<&Creature> {
        self.creatures.iter().find(|c| c.name.text == name)
    }
}

/// What a creature line reads as, by whether the file is of 2002-11 and by the line's text,
/// counted from the line's start: the grammar reads every line on its own (it has no syntax
/// errors), so a line reads the same wherever it is, and a keystroke reads one line again.
static CREATURE_LINES: LineMemo<(bool, Box<str>), CreatureLine> = LineMemo::new();

#[derive(Debug)]
struct CreatureLine {
    errors: Vec<Finding>,
    creature: Option<Creature>,
}

/// What the creature line at the cursor reads as, from the tree.
fn creature_line<'a>(
    later: bool,
    kinds: &TokenKinds,
    cursor: &mut tree_sitter::TreeCursor,
    text: &mut ChunkReader<'a>,
    tokens: &mut Vec<(Token, Range<usize>)>,
) -> CreatureLine {
    let range = cursor.node().byte_range();
    kinds.line(cursor, tokens);
    let line = read_line(later, tokens, text);
    let mut errors = Vec::new();
    match spec_form(later, &line) {
        Some(finding) => errors.push(finding),
        None => line.errors(&mut errors),
    }
    CreatureLine {
        errors,
        creature: read_creature(range, &line),
    }
}

impl CreatureLine {
    fn moved(self, from: usize, to: usize) -> CreatureLine {
        CreatureLine {
            errors: self
                .errors
                .iter()
                .map(|f| moved_finding(f, from, to))
                .collect(),
            creature: self.creature.map(|c| c.moved(from, to)),
        }
    }
}

/// The finding of the same line starting at `to` instead of `from`.
fn moved_finding(finding: &Finding, from: usize, to: usize) -> Finding {
    let mut finding = finding.clone();
    finding.range = moved(&finding.range, from, to);
    for fix in &mut finding.fixes {
        for edit in &mut fix.edits {
            edit.range = moved(&edit.range, from, to);
        }
    }
    finding
}

impl Creature {
    /// The creature of the same line starting at `to` instead of `from`.
    fn moved(&self, from: usize, to: usize) -> Creature {
        let word = |w: &Option<Word>| w.as_ref().map(|w| w.moved(from, to));
        let num = |n: &Option<Num>| n.as_ref().map(|n| n.moved(from, to));
        Creature {
            name: self.name.moved(from, to),
            power: num(&self.power),
            skill: num(&self.skill),
            flags: self.flags.iter().map(word).collect(),
            max_count: num(&self.max_count),
            plural_name: word(&self.plural_name),
            later: self.later.as_ref().map(|later| Later {
                natives: later.natives.iter().map(word).collect(),
                base_color: word(&later.base_color),
                special: word(&later.special),
            }),
            range: moved(&self.range, from, to),
        }
    }
}

/// A creature line: 18 fields, in the order the game reads them.
static LAYOUT: Layout = Layout {
    line: "creature line",
    fields: &[
        FieldDef("name", Kind::Name, "creature name"),
        FieldDef("power", Kind::Number, "power"),
        FieldDef("skill", Kind::Number, "skill"),
        FieldDef("rangestrikes", Kind::Flag, "rangestrikes flag"),
        FieldDef("flies", Kind::Flag, "flies flag"),
        FieldDef("native_bramble", Kind::Flag, "native-to-bramble flag"),
        FieldDef("native_drift", Kind::Flag, "native-to-drift flag"),
        FieldDef("native_bog", Kind::Flag, "native-to-bog flag"),
        FieldDef("native_sand_dune", Kind::Flag, "native-to-sand-dune flag"),
        FieldDef("native_slope", Kind::Flag, "native-to-slope flag"),
        FieldDef("native_volcano", Kind::Flag, "native-to-volcano flag"),
        FieldDef("water_dwelling", Kind::Flag, "water-dwelling flag"),
        FieldDef("magic_missile", Kind::Flag, "magic-missile flag"),
        FieldDef("summonable", Kind::Flag, "summonable flag"),
        FieldDef("lord", Kind::Flag, "lord flag"),
        FieldDef("demilord", Kind::Flag, "demilord flag"),
        FieldDef("max_count", Kind::Number, "maximum count"),
        FieldDef("plural_name", Kind::Name, "plural name"),
    ],
    order: "name, power, skill, 13 true/false flags, maximum count and plural name",
    touching_is_one_field: true,
    subject: Some((0, "")),
    run: Some(Run {
        slots: FIRST_FLAG..FIRST_FLAG + FLAGS.len(),
        words: "true/false flags",
        order: "rangestrikes, flies, native to bramble, drift, bog, sand dune, slope, volcano, \
water dwelling, magic missile, summonable, lord, demilord",
    }),
};

/// The fields of a 2002-11 creature line (`CreatureLoader.jj` at c51d0c34): 16 flags (native
/// to river, stone and tree after volcano), words that may hold digits, `.` and `_`, and after
/// the plural name an optional base colour and an optional `Special:` class.
const FIELDS_2002_11: [FieldDef; 23] = [
    FieldDef("name", Kind::LaterWord, "creature name"),
    FieldDef("power", Kind::Number, "power"),
    FieldDef("skill", Kind::Number, "skill"),
    FieldDef("rangestrikes", Kind::Flag, "rangestrikes flag"),
    FieldDef("flies", Kind::Flag, "flies flag"),
    FieldDef("native_bramble", Kind::Flag, "native-to-bramble flag"),
    FieldDef("native_drift", Kind::Flag, "native-to-drift flag"),
    FieldDef("native_bog", Kind::Flag, "native-to-bog flag"),
    FieldDef("native_sand_dune", Kind::Flag, "native-to-sand-dune flag"),
    FieldDef("native_slope", Kind::Flag, "native-to-slope flag"),
    FieldDef("native_volcano", Kind::Flag, "native-to-volcano flag"),
    FieldDef("native_river", Kind::Flag, "native-to-river flag"),
    FieldDef("native_stone", Kind::Flag, "native-to-stone flag"),
    FieldDef("native_tree", Kind::Flag, "native-to-tree flag"),
    FieldDef("water_dwelling", Kind::Flag, "water-dwelling flag"),
    FieldDef("magic_missile", Kind::Flag, "magic-missile flag"),
    FieldDef("summonable", Kind::Flag, "summonable flag"),
    FieldDef("lord", Kind::Flag, "lord flag"),
    FieldDef("demilord", Kind::Flag, "demilord flag"),
    FieldDef("max_count", Kind::Number, "maximum count"),
    FieldDef("plural_name", Kind::LaterWord, "plural name"),
    FieldDef("base_color", Kind::LaterWord, "base colour"),
    FieldDef("special", Kind::Special, "Special: class"),
];

/// The 16 flags of a 2002-11 line.
const RUN_2002_11: Run = Run {
    slots: FIRST_FLAG..FIRST_FLAG + 16,
    words: "true/false flags",
    order: "rangestrikes, flies, native to bramble, drift, bog, sand dune, slope, volcano, \
river, stone, tree, water dwelling, magic missile, summonable, lord, demilord",
};

const ORDER_2002_11: &str = "name, power, skill, 16 true/false flags, maximum count and plural \
name, then optionally a base colour and a Special: class";

/// A 2002-11 line without the optional fields.
static LAYOUT_2002_11: Layout = Layout {
    line: "creature line",
    fields: FIELDS_2002_11.split_at(21).0,
    order: ORDER_2002_11,
    touching_is_one_field: true,
    subject: Some((0, "")),
    run: Some(RUN_2002_11),
};

/// A 2002-11 line with its base colour.
static LAYOUT_2002_11_COLOR: Layout = Layout {
    line: "creature line",
    fields: FIELDS_2002_11.split_at(22).0,
    order: ORDER_2002_11,
    touching_is_one_field: true,
    subject: Some((0, "")),
    run: Some(RUN_2002_11),
};

/// A 2002-11 line with its base colour and `Special:` class.
static LAYOUT_2002_11_FULL: Layout = Layout {
    line: "creature line",
    fields: &FIELDS_2002_11,
    order: ORDER_2002_11,
    touching_is_one_field: true,
    subject: Some((0, "")),
    run: Some(RUN_2002_11),
};

/// A 2002-11 line with a `Special:` class and no base colour.
static LAYOUT_2002_11_SPECIAL: Layout = Layout {
    line: "creature line",
    fields: &SPECIAL_2002_11,
    order: ORDER_2002_11,
    touching_is_one_field: true,
    subject: Some((0, "")),
    run: Some(RUN_2002_11),
};

const SPECIAL_2002_11: [FieldDef; 22] = {
    let mut fields = [const { FieldDef("", Kind::Name, "") }; 22];
    let mut i = 0;
    while i < 21 {
        fields[i] = FieldDef(
            FIELDS_2002_11[i].0,
            FIELDS_2002_11[i].1,
            FIELDS_2002_11[i].2,
        );
        i += 1;
    }
    fields[21] = FieldDef("special", Kind::Special, "Special: class");
    fields
};

/// Whether a CRE is in the 2002-11 dialect: its own lines say so (a CRE without them in a
/// 2002-11 variant is not read, see [`super::dialect::variant_note`]).
pub(super) fn is_later(doc: &Document) -> bool {
    super::dialect::own_sign(doc).is_some_and(|(d, _, _)| d == super::dialect::Dialect::Nov2002)
}

/// A line read into the layout of its dialect; a 2002-11 line with more than 21 fields takes
/// the optional base colour and `Special:` class.
fn read_line<'a>(
    later: bool,
    tokens: &[(Token, Range<usize>)],
    text: &mut ChunkReader<'a>,
) -> Line<'a> {
    if !later {
        return Line::read(&LAYOUT, tokens, text);
    }
    let line = Line::read(&LAYOUT_2002_11, tokens, text);
    // The optional fields follow the plural name, which follows the maximum count: the last
    // number of the line tells how many there are, also when a field before it is missing.
    let fields = &line.fields;
    let after_count = fields
        .iter()
        .rposition(|f| f.text.parse::<i64>().is_ok())
        .map_or(fields.len().saturating_sub(20), |i| fields.len() - 1 - i);
    let special = fields
        .last()
        .is_some_and(|f| f.text.starts_with("Special:"));
    let layout = match after_count {
        2 if special => &LAYOUT_2002_11_SPECIAL,
        2 => &LAYOUT_2002_11_COLOR,
        n if n >= 3 => &LAYOUT_2002_11_FULL,
        _ => return line,
    };
    Line::read(layout, tokens, text)
}

/// The grammar's token kinds of a creature line.
fn token_kinds(language: &tree_sitter::LanguageRef) -> TokenKinds {
    TokenKinds::new(language, "name", "boolean", None)
}

/// The fields of the creature line `node` (a `creature` node), read alone: for hover.
pub fn fields_of<'d>(doc: &'d Document, node: Node) -> Line<'d> {
    let kinds = token_kinds(&node.language());
    let mut tokens = Vec::with_capacity(FIELDS_2002_11.len());
    kinds.line(&mut node.walk(), &mut tokens);
    read_line(is_later(doc), &tokens, &mut ChunkReader::new(doc.rope()))
}

/// A creature from its line's fields; `None` without a name.
fn read_creature(range: Range<usize>, line: &Line) -> Option<Creature> {
    let (word, number) = (|slot| line.word(slot), |slot| line.number(slot));
    let fields = line.layout().fields;
    if fields.len() < 21 {
        return Some(Creature {
            name: word(0)?,
            power: number(1),
            skill: number(2),
            flags: (FIRST_FLAG..FIRST_FLAG + FLAGS.len()).map(word).collect(),
            max_count: number(16),
            plural_name: word(17),
            later: None,
            range,
        });
    }
    // 2002-11: the flags in FLAGS order, with river, stone and tree apart.
    let slot_of = |name: &str| fields.iter().position(|f| f.0 == name);
    Some(Creature {
        name: word(0)?,
        power: number(1),
        skill: number(2),
        flags: FLAGS
            .iter()
            .map(|(f, _)| slot_of(f).and_then(word))
            .collect(),
        max_count: number(19),
        plural_name: word(20),
        later: Some(Later {
            natives: ["native_river", "native_stone", "native_tree"]
                .iter()
                .map(|f| slot_of(f).and_then(word))
                .collect(),
            base_color: slot_of("base_color").and_then(word),
            special: slot_of("special").and_then(word),
        }),
        range,
    })
}

/// A creature named again at `range`, first named at `first` (of `text`).
pub(super) fn duplicate(
    text: &ropey::Rope,
    name: &str,
    range: Range<usize>,
    first: Range<usize>,
) -> Finding {
    Finding::new(
        codes::DUPLICATE_CREATURE,
        range,
        format!(
            "creature {name} is defined twice (first on line {}); the game keeps both, and which \
one a name finds is not defined: remove one",
            text.byte_to_line(first.start) + 1
        ),
    )
    .with_related(Some(crate::findings::Related::here(
        text,
        first,
        format!("creature {name} is first defined here"),
    )))
}

/// The game needs `missing` of the [`REQUIRED`] creatures; reported at the first name.
pub(super) fn missing_creatures(
    required: &[&str],
    missing: &[&str],
    first_name: Range<usize>,
) -> Finding {
    Finding::new(
        codes::MISSING_CREATURE,
        first_name,
        format!(
            "the game needs the creatures {} by name, and this file does not define {}; add {} line",
            required.join(", "),
            missing.join(" and "),
            if missing.len() == 1 { "its" } else { "their" }
        ),
    )
}

/// Checks of the CRE on its own.
pub fn check(doc: &Document, view: &CreView, out: &mut Vec<Finding>) {
    let mut seen: HashMap<&str, &Creature> = HashMap::new();
    for creature in &view.creatures {
        if let Some(first) = seen.get(creature.name.text.as_str()) {
            out.push(duplicate(
                doc.rope(),
                &creature.name.text,
                creature.name.range.clone(),
                first.name.range.clone(),
            ));
        } else {
            seen.insert(&creature.name.text, creature);
        }
        // The 2002-11 game's own Balrog is both (a creature of its own class): that era's
        // variants do it on purpose.
        if creature.flag("lord") && creature.flag("demilord") && creature.later.is_none() {
            let range = FLAGS
                .iter()
                .position(|(f, _)| *f == "lord")
                .and_then(|i| Some(creature.flags.get(i)?.as_ref()?.range.start))
                .zip(
                    creature
                        .flags
                        .get(12)
                        .and_then(Option::as_ref)
                        .map(|w| w.range.end),
                )
                .filter(|(s, e)| s < e)
                .map_or(creature.name.range.clone(), |(s, e)| s..e);
            out.push(Finding::new(
                codes::LORD_AND_DEMILORD,
                range,
                format!(
                    "{} is both a lord and a demilord; the two are exclusive: set one of them to false",
                    creature.name.text
                ),
            ));
        }
    }
    out.extend(view.line_errors.iter().cloned());
    if view.creatures.is_empty() || !view.line_errors.is_empty() {
        return; // an empty or broken file: the syntax errors say enough
    }
    let later = view.creatures[0].later.is_some();
    let required: &[&str] = if later { &REQUIRED_2002_11 } else { &REQUIRED };
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|n| view.creature(n).is_none())
        .collect();
    if !missing.is_empty() {
        let fix = add_creatures(doc, view, &missing);
        out.push(
            missing_creatures(required, &missing, view.creatures[0].name.range.clone())
                .with_fix(Some(fix.preferred())),
        );
    }
}

/// The lines of the required creatures as the game's Default variant has them (18 fields).
const DEFAULT_LINES: [(&str, &str); 3] = [
    (
        "Angel",
        "Angel 6 4 false true false false false false false false false false true true false 18 \
Angels",
    ),
    (
        "Archangel",
        "Archangel 9 4 false true false false false false false false false false true true false \
6 Archangels",
    ),
    (
        "Titan",
        "Titan -1 4 false false false false false false false false false false false true false \
6 Titans",
    ),
];

/// The Titan's line of the 2002-11 Default variant (21 fields).
const DEFAULT_LINES_2002_11: [(&str, &str); 1] = [(
    "Titan",
    "Titan -1 4 false false false false false false false false false false false false false \
false true false 6 Titans",
)];

/// Lines for the `missing` required creatures, with the Default variant's values to change as
/// the variant needs, added at the end of the file in the columns of its first creature line.
fn add_creatures(doc: &Document, view: &CreView, missing: &[&str]) -> Fix {
    let lines: &[(&str, &str)] = if view.creatures[0].later.is_some() {
        &DEFAULT_LINES_2002_11
    } else {
        &DEFAULT_LINES
    };
    let lines: Vec<&str> = lines
        .iter()
        .filter(|(n, _)| missing.contains(n))
        .map(|(_, line)| *line)
        .collect();
    let title = format!(
        "Add {} (the Default variant's values)",
        missing
            .iter()
            .map(|n| format!("a line for {n}"))
            .collect::<Vec<_>>()
            .join(" and ")
    );
    let (at, text) = lines_at_end(doc, view, &lines);
    Fix::one(title, TextEdit::insert(at, text))
}

/// A fix of a TER that names `name`, a creature the CRE `doc` lacks: a line for it at the end
/// of the CRE, in its columns, its values to set (power and skill 1, every flag false, 10 of
/// it, the regular plural): the name may be the slip, so never preferred.
pub fn add_creature_elsewhere(doc: &Document, name: &str) -> Option<Fix> {
    let path = doc.path()?;
    let view = CreView::of(doc);
    let first = view.creatures.first()?;
    let flags = if first.later.is_some() {
        16
    } else {
        FLAGS.len()
    };
    let plural = super::navigate::regular_plural(name);
    let line = format!("{name} 1 1{} 10 {plural}", " false".repeat(flags));
    let (at, text) = lines_at_end(doc, &view, &[&line]);
    let cre = path.file_name()?.to_string_lossy().into_owned();
    Some(Fix::elsewhere(
        format!("Add a line for {name} to {cre} (power, skill and flags to set)"),
        vec![(path.to_path_buf(), TextEdit::insert(at, text))],
    ))
}

/// `lines` (fields parted by one blank) laid out in the columns of the first creature line, to
/// be inserted at the end of the text: where, and the text (a line break first when the last
/// line has none).
fn lines_at_end(doc: &Document, view: &CreView, lines: &[&str]) -> (usize, String) {
    let first = &view.creatures[0];
    let rope = doc.rope();
    let line_start = rope.line_to_byte(rope.byte_to_line(first.name.range.start));
    // Where each of the first line's 18 fields starts, when all are there.
    let starts: Option<Vec<usize>> = std::iter::once(Some(&first.name.range))
        .chain([first.power.as_ref().map(|n| &n.range)])
        .chain([first.skill.as_ref().map(|n| &n.range)])
        .chain(first.flags.iter().map(|f| f.as_ref().map(|w| &w.range)))
        .chain([first.max_count.as_ref().map(|n| &n.range)])
        .chain([first.plural_name.as_ref().map(|w| &w.range)])
        .map(|r| r.map(|r| r.start.saturating_sub(line_start)))
        .collect();
    let nl = record_break(rope);
    let len = rope.len_bytes();
    let ends_open = len > 0 && !matches!(rope.byte(len - 1), b'\n' | b'\r');
    let mut text = if ends_open {
        nl.to_string()
    } else {
        String::new()
    };
    for line in lines {
        let mut written = String::new();
        for (i, field) in line.split(' ').enumerate() {
            if i > 0 {
                let column = starts.as_ref().and_then(|s| s.get(i)).copied().unwrap_or(0);
                let pad = column.saturating_sub(written.len()).max(1);
                written.push_str(&" ".repeat(pad));
            }
            written.push_str(field);
        }
        text.push_str(&written);
        text.push_str(nl);
    }
    (len, text)
}

/// The creature names other files look up, in file order, with whether each is a lord.
pub struct Roster {
    /// Each creature's name, whether it is a lord and whether a demilord.
    names: Vec<(String, bool, bool)>,
    /// The first creature of each name (looked up for every creature a TER names, on every
    /// keystroke in it: the fast hash).
    first: HashMap<String, usize, Quick>,
}

impl Roster {
    /// The roster of a CRE document, made once per text.
    pub fn of(doc: &Document) -> std::sync::Arc<Roster> {
        doc.memo(|| {
            let names: Vec<(String, bool, bool)> = CreView::of(doc)
                .creatures
                .iter()
                .map(|c| (c.name.text.to_string(), c.flag("lord"), c.flag("demilord")))
                .collect();
            let mut first = HashMap::with_capacity_and_hasher(names.len(), Quick::default());
            for (i, (name, _, _)) in names.iter().enumerate() {
                first.entry(name.clone()).or_insert(i);
            }
            Roster { names, first }
        })
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.names.iter().map(|(n, _, _)| n.as_str())
    }

    /// Whether the creature of a name is a lord; `None` when there is no such creature.
    pub fn lord(&self, name: &str) -> Option<bool> {
        self.first.get(name).map(|&i| self.names[i].1)
    }

    /// Whether the creature of a name is a demilord; `None` when there is no such creature.
    pub fn demilord(&self, name: &str) -> Option<bool> {
        self.first.get(name).map(|&i| self.names[i].2)
    }

    /// A fingerprint of the names, lords and demilords, in order: what the TER checks read of
    /// a CRE.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.names.hash(&mut hasher);
        hasher.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{CREATURE_LINES, CreView, creature_line, is_later, token_kinds};
    use crate::registry::FormatId;
    use crate::syntax::Document;
    use crate::text::ChunkReader;

    /// Creature lines read before are read from [`CREATURE_LINES`]: every creature and every
    /// line's finding (with its fix) is the one the tree gives, at its own place.
    #[test]
    fn creature_lines_read_before_give_what_the_tree_gives() {
        let angel = "Angel 6 4 false true false false false false false false false false true true false 18 Angels\n";
        // The 12 flags of the format document: a finding with a fix inserting a flag.
        let spec = "Ogre 6 2 false false false false true false true false false false false false 25 Ogres\n";
        let text = format!("#NAME POWER\n{angel}{spec}\n{angel}Titan 6 x\n{spec}");
        let mut doc = Document::new(Some(FormatId::ColossusCre), &text);
        // Read from the tree first (other tests keep lines of their own).
        CREATURE_LINES.forget(|(_, line)| text.contains(&**line));
        let read = |doc: &Document| {
            let view = CreView::new(doc);
            let tree = doc.tree().unwrap();
            let kinds = token_kinds(&tree.language());
            let mut text = ChunkReader::new(doc.rope());
            let mut tokens = Vec::new();
            let mut cursor = tree.root_node().walk();
            let mut from_tree = (Vec::new(), Vec::new());
            let mut more = cursor.goto_first_child();
            while more {
                if cursor.node().kind() == "creature" {
                    let line =
                        creature_line(is_later(doc), &kinds, &mut cursor, &mut text, &mut tokens);
                    from_tree
                        .0
                        .extend(line.errors.iter().map(|f| format!("{f:?}")));
                    from_tree
                        .1
                        .extend(line.creature.iter().map(|c| format!("{c:?}")));
                }
                more = cursor.goto_next_sibling();
            }
            let errors: Vec<String> = view.line_errors.iter().map(|f| format!("{f:?}")).collect();
            let creatures: Vec<String> = view.creatures.iter().map(|c| format!("{c:?}")).collect();
            assert_eq!((&errors, &creatures), (&from_tree.0, &from_tree.1));
            (errors, creatures)
        };
        let (errors, creatures) = read(&doc);
        assert_eq!(creatures.len(), 5);
        let inserts = errors
            .iter()
            .filter(|e| e.contains("Insert the summonable flag"));
        assert_eq!(inserts.count(), 2, "{errors:#?}");
        assert_eq!(read(&doc), (errors.clone(), creatures.clone()));
        // Every line moved: read from before at its new place.
        doc.edit(0..0, "# moved\n");
        let (moved_errors, _) = read(&doc);
        assert_ne!(moved_errors, errors);
    }
}
