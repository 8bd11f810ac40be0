//! Creatures (CRE): one 18-field line per creature.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::{Node, TreeCursor};

/// tree-sitter's field ids.
type FieldId = std::num::NonZeroU16;

use super::syntax::{Num, Word};
use crate::findings::{Finding, Severity};
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

/// The 18 fields of a creature line, in file order: name, power, skill, the [`FLAGS`], the
/// maximum count and the plural name.
const LINE_FIELDS: [&str; 18] = [
    "name",
    "power",
    "skill",
    FLAGS[0].0,
    FLAGS[1].0,
    FLAGS[2].0,
    FLAGS[3].0,
    FLAGS[4].0,
    FLAGS[5].0,
    FLAGS[6].0,
    FLAGS[7].0,
    FLAGS[8].0,
    FLAGS[9].0,
    FLAGS[10].0,
    FLAGS[11].0,
    FLAGS[12].0,
    "max_count",
    "plural_name",
];

/// Where the flags start in [`LINE_FIELDS`].
const FIRST_FLAG: usize = 3;

/// Creatures the game looks up by name.
pub const REQUIRED: [&str; 3] = ["Angel", "Archangel", "Titan"];

#[derive(Debug, Default)]
pub struct CreView {
    pub creatures: Vec<Creature>,
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

impl CreView {
    /// The view of the document's current text, built once until it changes.
    pub fn of(doc: &Document) -> std::sync::Arc<CreView> {
        doc.memo(|| CreView::new(doc))
    }

    pub fn new(doc: &Document) -> CreView {
        let mut view = CreView::default();
        let Some(tree) = doc.tree() else { return view };
        // Each line's children are walked once, their fields told apart by id: looking every
        // field up by name would walk them once per field.
        let language = tree.language();
        let field_ids = LINE_FIELDS.map(|name| language.field_id_for_name(name));
        let mut text = ChunkReader::new(doc.rope());
        let mut cursor = tree.root_node().walk();
        let mut more = cursor.goto_first_child();
        while more {
            let node = cursor.node();
            if node.is_named() && node.kind() == "creature" {
                let fields = line_fields(&mut cursor, &field_ids);
                if let Some(creature) = read_creature(node, &fields, &mut text) {
                    view.creatures.push(creature);
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

/// The nodes of a line's fields, in [`LINE_FIELDS`] order: for each, the first child in that
/// field, unless the parser only assumed it (MISSING) or it is an error.
type LineNodes<'t> = [Option<Node<'t>>; 18];

/// The fields of the line at the cursor, which is left where it was.
fn line_fields<'t>(
    cursor: &mut TreeCursor<'t>,
    field_ids: &[Option<FieldId>; 18],
) -> LineNodes<'t> {
    let mut first: LineNodes = [None; 18];
    let mut seen = [false; 18];
    if cursor.goto_first_child() {
        loop {
            let slot = cursor
                .field_id()
                .and_then(|id| field_ids.iter().position(|f| *f == Some(id)));
            if let Some(slot) = slot
                && !std::mem::replace(&mut seen[slot], true)
            {
                first[slot] = Some(cursor.node()).filter(|n| !n.is_missing() && !n.is_error());
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
        cursor.goto_parent();
    }
    first
}

/// A creature from its line's fields; `None` without a name.
fn read_creature(line: Node, fields: &LineNodes, text: &mut ChunkReader) -> Option<Creature> {
    let mut read = |slot: usize| fields[slot].map(|n| (text.slice(n.byte_range()), n.byte_range()));
    let word = |(text, range): (Cow<str>, Range<usize>)| Word {
        text: text.into_owned(),
        range,
    };
    let number = |(text, range): (Cow<str>, Range<usize>)| Num {
        value: text.trim().parse().ok(),
        range,
    };
    // In text order, so that the reader moves on through the chunks.
    Some(Creature {
        name: read(0).map(word)?,
        power: read(1).map(number),
        skill: read(2).map(number),
        flags: (FIRST_FLAG..FIRST_FLAG + FLAGS.len())
            .map(|slot| read(slot).map(word))
            .collect(),
        max_count: read(16).map(number),
        plural_name: read(17).map(word),
        range: line.byte_range(),
    })
}

/// A creature named again after `first_line` (from 0), at `range`.
pub(super) fn duplicate(name: &str, range: Range<usize>, first_line: usize) -> Finding {
    Finding::new(
        Severity::Warning,
        "colossus/duplicate-creature",
        range,
        format!(
            "creature {name} is defined twice (first on line {}); the game keeps both, and which \
one a name finds is not defined: remove one",
            first_line + 1
        ),
    )
}

/// The game needs `missing` of the [`REQUIRED`] creatures; reported at the first name.
pub(super) fn missing_creatures(missing: &[&str], first_name: Range<usize>) -> Finding {
    Finding::new(
        Severity::Error,
        "colossus/missing-creature",
        first_name,
        format!(
            "the game needs the creatures {} by name, and this file does not define {}; add {} line",
            REQUIRED.join(", "),
            missing.join(" and "),
            if missing.len() == 1 { "its" } else { "their" }
        ),
    )
}

/// Checks of the CRE on its own. In a window of a large file the checks over the whole file
/// (names defined twice, the creatures the game needs) are left to [`check_windows`].
pub fn check(doc: &Document, view: &CreView, out: &mut Vec<Finding>) {
    let whole = doc.window().is_none();
    let mut seen: HashMap<&str, &Creature> = HashMap::new();
    for creature in &view.creatures {
        if whole {
            if let Some(first) = seen.get(creature.name.text.as_str()) {
                out.push(duplicate(
                    &creature.name.text,
                    creature.name.range.clone(),
                    doc.rope().byte_to_line(first.range.start),
                ));
            } else {
                seen.insert(&creature.name.text, creature);
            }
        }
        if creature.flag("lord") && creature.flag("demilord") {
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
                .map_or(creature.name.range.clone(), |(s, e)| s..e);
            out.push(Finding::new(
                Severity::Warning,
                "colossus/lord-and-demilord",
                range,
                format!(
                    "{} is both a lord and a demilord; the two are exclusive: set one of them to false",
                    creature.name.text
                ),
            ));
        }
    }
    let complete = doc.tree().is_some_and(|t| !t.root_node().has_error());
    if view.creatures.is_empty() || !complete || !whole {
        return; // an empty or broken file: the syntax errors say enough
    }
    let missing: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|n| view.creature(n).is_none())
        .collect();
    if !missing.is_empty() {
        out.push(missing_creatures(
            &missing,
            view.creatures[0].name.range.clone(),
        ));
    }
}
