//! Battlelands: one record per changed hex, `x y terrain elevation (side type)*`.

use std::ops::Range;

use super::dialect::Era;
use super::syntax::{Fields, Num, Word, children};
use crate::findings::{Finding, Severity};
use crate::syntax::Document;

/// The hex terrains the game draws, with their names.
pub const TERRAINS: [(char, &str); 9] = [
    ('p', "plains"),
    ('w', "tower"),
    ('r', "bramble"),
    ('s', "sand"),
    ('t', "tree"),
    ('o', "bog"),
    ('v', "volcano"),
    ('d', "drift"),
    ('l', "lake"),
];

/// The hex terrains of the 2002-11 game (`BattleHex` at c51d0c34 adds stone).
pub const TERRAINS_2002_11: [(char, &str); 10] = [
    ('p', "plains"),
    ('w', "tower"),
    ('r', "bramble"),
    ('s', "sand"),
    ('t', "tree"),
    ('o', "bog"),
    ('v', "volcano"),
    ('d', "drift"),
    ('l', "lake"),
    ('n', "stone"),
];

/// The hexside types of the 2002-11 game (`BattleHex` at c51d0c34 adds the river).
pub const HEXSIDES_2002_11: [(char, &str); 5] = [
    ('d', "dune"),
    ('c', "cliff"),
    ('s', "slope"),
    ('w', "wall"),
    ('r', "river"),
];

/// The hexside types, with their names.
pub const HEXSIDES: [(char, &str); 4] =
    [('d', "dune"), ('c', "cliff"), ('s', "slope"), ('w', "wall")];

/// The real hexes of the 6 × 6 battle map: for each x, the first and last y.
pub const COLUMNS: [(i64, i64); 6] = [(2, 4), (1, 4), (1, 5), (0, 5), (1, 5), (1, 4)];

#[derive(Debug, Default)]
pub struct BattlelandView {
    pub hexes: Vec<BattleHex>,
}

#[derive(Debug)]
pub struct BattleHex {
    pub x: Num,
    pub y: Option<Num>,
    pub terrain: Option<Word>,
    pub elevation: Option<Num>,
    pub sides: Vec<(Num, Option<Word>)>,
    pub range: Range<usize>,
}

impl BattlelandView {
    /// The view of the document's current text, built once until it changes.
    pub fn of(doc: &Document) -> std::sync::Arc<BattlelandView> {
        doc.memo(|| BattlelandView::new(doc))
    }

    pub fn new(doc: &Document) -> BattlelandView {
        let mut view = BattlelandView::default();
        let Some(tree) = doc.tree() else { return view };
        for node in children(tree.root_node(), "hex") {
            let fields = Fields::of(node);
            let Some(x) = fields.num(doc, "x") else {
                continue;
            };
            let sides = children(node, "hexside")
                .into_iter()
                .filter_map(|s| {
                    let s = Fields::of(s);
                    Some((s.num(doc, "side")?, s.word(doc, "type")))
                })
                .collect();
            view.hexes.push(BattleHex {
                x,
                y: fields.num(doc, "y"),
                terrain: fields.word(doc, "terrain"),
                elevation: fields.num(doc, "elevation"),
                sides,
                range: node.byte_range(),
            });
        }
        view
    }
}

pub fn is_battle_hex(x: i64, y: i64) -> bool {
    usize::try_from(x)
        .ok()
        .and_then(|x| COLUMNS.get(x))
        .is_some_and(|(lo, hi)| (*lo..=*hi).contains(&y))
}

fn letters(table: &[(char, &str)]) -> String {
    table
        .iter()
        .map(|(c, n)| format!("{c} ({n})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks of a battleland on its own.
pub fn check(view: &BattlelandView, era: &Era, out: &mut Vec<Finding>) {
    for hex in &view.hexes {
        if let (Some(x), Some(Some(y))) = (hex.x.value, hex.y.as_ref().map(|y| y.value))
            && !is_battle_hex(x, y)
        {
            let end = hex.y.as_ref().map_or(hex.x.range.end, |y| y.range.end);
            out.push(Finding::new(
                Severity::Error,
                "colossus/battle-position",
                hex.x.range.start..end,
                format!(
                    "({x}, {y}) is not a hex of the battle map (x 0–5; y 2–4 for x 0, 1–4 for x 1, \
1–5 for x 2, 0–5 for x 3, 1–5 for x 4, 1–4 for x 5); the game stops reading the battleland here and \
leaves the rest plain"
                ),
            ));
        }
        if let Some(terrain) = &hex.terrain
            && !era
                .battle_terrains
                .iter()
                .any(|(c, _)| terrain.text.starts_with(*c))
        {
            out.push(Finding::new(
                Severity::Error,
                "colossus/battle-terrain",
                terrain.range.clone(),
                format!(
                    "“{}” is not a battle hex terrain; the game knows {}",
                    terrain.text,
                    letters(era.battle_terrains)
                ),
            ));
        }
        if let Some(elevation) = &hex.elevation
            && !elevation
                .value
                .is_some_and(|e| (0..=era.max_elevation).contains(&e))
        {
            out.push(Finding::new(
                Severity::Warning,
                "colossus/elevation",
                elevation.range.clone(),
                format!(
                    "elevation {} is outside 0–{}, the heights the game's battle rules are made for",
                    elevation
                        .value
                        .map_or_else(|| "(too large)".to_string(), |e| e.to_string()),
                    era.max_elevation
                ),
            ));
        }
        for (side, kind) in &hex.sides {
            if !side.value.is_some_and(|s| (0..=5).contains(&s)) {
                out.push(Finding::new(
                    Severity::Error,
                    "colossus/hexside",
                    side.range.clone(),
                    format!(
                        "hexside {} is not a side of a hex: a hex has six sides, numbered 0 to 5; \
the game stops reading the battleland at any other number and leaves the rest plain",
                        side.value
                            .map_or_else(|| "(too large)".to_string(), |s| s.to_string())
                    ),
                ));
            }
            if let Some(kind) = kind
                && !era.hexsides.iter().any(|(c, _)| kind.text.starts_with(*c))
            {
                out.push(Finding::new(
                    Severity::Error,
                    "colossus/hexside",
                    kind.range.clone(),
                    format!(
                        "“{}” is not a hexside type; the game knows {}",
                        kind.text,
                        letters(era.hexsides)
                    ),
                ));
            }
        }
    }
}
