//! Creatures (CRE): one 18-field line per creature.

use std::collections::HashMap;
use std::ops::Range;

use super::syntax::{Num, Word, children, field_num, field_word};
use crate::findings::{Finding, Severity};
use crate::syntax::Document;

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
        for node in children(tree.root_node(), "creature") {
            let Some(name) = field_word(doc, node, "name") else {
                continue;
            };
            view.creatures.push(Creature {
                name,
                power: field_num(doc, node, "power"),
                skill: field_num(doc, node, "skill"),
                flags: FLAGS
                    .iter()
                    .map(|(f, _)| field_word(doc, node, f))
                    .collect(),
                max_count: field_num(doc, node, "max_count"),
                plural_name: field_word(doc, node, "plural_name"),
                range: node.byte_range(),
            });
        }
        view
    }

    /// The creature of a name (the game's lookup is case-sensitive).
    pub fn creature(&self, name: &str) -> Option<&Creature> {
        self.creatures.iter().find(|c| c.name.text == name)
    }
}

/// Checks of the CRE on its own.
pub fn check(doc: &Document, view: &CreView, out: &mut Vec<Finding>) {
    let mut seen: HashMap<&str, &Creature> = HashMap::new();
    for creature in &view.creatures {
        if let Some(first) = seen.get(creature.name.text.as_str()) {
            out.push(Finding::new(
                Severity::Warning,
                "colossus/duplicate-creature",
                creature.name.range.clone(),
                format!(
                    "creature {} is defined twice (first on line {}); the game keeps both, and which \
one a name finds is not defined: remove one",
                    creature.name.text,
                    doc.rope().byte_to_line(first.range.start) + 1
                ),
            ));
        } else {
            seen.insert(&creature.name.text, creature);
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
    if view.creatures.is_empty() || !complete {
        return; // an empty or broken file: the syntax errors say enough
    }
    let missing: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|n| view.creature(n).is_none())
        .collect();
    if !missing.is_empty() {
        out.push(Finding::new(
            Severity::Error,
            "colossus/missing-creature",
            view.creatures[0].name.range.clone(),
            format!(
                "the game needs the creatures {} by name, and this file does not define {}; add {} line",
                REQUIRED.join(", "),
                missing.join(" and "),
                if missing.len() == 1 { "its" } else { "their" }
            ),
        ));
    }
}
