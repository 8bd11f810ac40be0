//! Battlelands: one record per changed hex, `x y terrain elevation (side type)*`.

use std::ops::Range;

use super::codes;
use super::dialect::Era;
use super::syntax::{Fields, Num, Word, children};
use crate::findings::{Finding, Fix, TextEdit};
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

/// The hex terrains of the 2003-10 game by name (`BattleHex.allTerrains` at 1b50e238), in the
/// order of [`TERRAINS_2002_11`].
pub const TERRAIN_NAMES_2003_10: [&str; 10] = [
    "Plains", "Tower", "Brambles", "Sand", "Tree", "Bog", "Volcano", "Drift", "Lake", "Stone",
];

/// The letter a hex terrain is drawn and explained by: the letter itself, or the letter of a
/// 2003-10 name (`Brambles` is `r`).
pub fn terrain_letter(text: &str) -> Option<char> {
    match TERRAIN_NAMES_2003_10.iter().position(|n| *n == text) {
        Some(i) => Some(TERRAINS_2002_11[i].0),
        None => text.chars().next(),
    }
}

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
    /// `STARTLIST` lines (2002-11): where the defenders start; the game keeps the last one.
    pub startlists: Vec<Startlist>,
    /// `TOWER` lines (2002-11): the terrain is a tower.
    pub towers: Vec<Range<usize>>,
    /// `SUBTITLE` lines (2002-11): the text shown under the terrain's name; the last counts.
    pub subtitles: Vec<Subtitle>,
}

#[derive(Debug)]
pub struct Startlist {
    pub labels: Vec<Word>,
    pub range: Range<usize>,
}

#[derive(Debug)]
pub struct Subtitle {
    /// As written, with its quotes if it has them.
    pub text: Word,
    pub range: Range<usize>,
}

impl Subtitle {
    /// The text the game shows: without the quotes.
    pub fn shown(&self) -> &str {
        let t = self.text.text.as_str();
        t.strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(t)
    }
}

/// The battle hex of a label such as `D4` (`HexMap.getHexByLabel` at c51d0c34: the letter is
/// the column, the number counts rows from the bottom), when it is a real hex.
pub fn hex_of_label(label: &str) -> Option<(i64, i64)> {
    let mut chars = label.chars();
    let column = chars.next()?.to_ascii_uppercase();
    let row = chars.next()?.to_digit(10)? as i64;
    let x = i64::from(u8::try_from(column).ok()?.checked_sub(b'A')?);
    // Java's integer division truncates towards zero: (x - 3) / 2 is -1, -1, 0, 0, 0, 1.
    let y = 6 - row - ((x - 3) / 2).abs();
    is_battle_hex(x, y).then_some((x, y))
}

/// The labels of the real hexes of a column: A1–A3, B1–B4, C1–C5, D1–D6, E1–E5, F1–F4.
const LABELS: &str = "A1–A3, B1–B4, C1–C5, D1–D6, E1–E5, F1–F4";

/// The labels of the battle map's hexes, by column: A1–A3, B1–B4, C1–C5, D1–D6, E1–E5, F1–F4.
pub const HEX_LABELS: [&str; 27] = [
    "A1", "A2", "A3", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4", "C5", "D1", "D2", "D3", "D4",
    "D5", "D6", "E1", "E2", "E3", "E4", "E5", "F1", "F2", "F3", "F4",
];

/// The fewest hexes a STARTLIST must name for the game to use it (`b_startlist`).
pub const STARTLIST_MIN: usize = 7;

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
        for node in children(tree.root_node(), "startlist") {
            let mut cursor = node.walk();
            let labels = node
                .children_by_field_name("label", &mut cursor)
                .map(|n| super::syntax::word(doc, n))
                .collect();
            view.startlists.push(Startlist {
                labels,
                range: node.byte_range(),
            });
        }
        for node in children(tree.root_node(), "tower") {
            view.towers.push(node.byte_range());
        }
        for node in children(tree.root_node(), "subtitle") {
            if let Some(text) = Fields::of(node).word(doc, "text") {
                view.subtitles.push(Subtitle {
                    text,
                    range: node.byte_range(),
                });
            }
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

/// Checks of the records of the 2002-11 game: STARTLIST and SUBTITLE.
fn check_later_records(view: &BattlelandView, out: &mut Vec<Finding>) {
    for list in &view.startlists {
        for label in &list.labels {
            if hex_of_label(&label.text).is_none() {
                out.push(Finding::new(
                    codes::STARTLIST,
                    label.range.clone(),
                    format!(
                        "{} is not a hex of the battle map (the hexes are {LABELS}); no defender \
can start there: name a real hex",
                        label.text
                    ),
                ));
            }
        }
        if list.labels.len() < STARTLIST_MIN {
            out.push(Finding::new(
                codes::STARTLIST,
                list.range.clone(),
                format!(
                    "this STARTLIST names {} {}; the game uses a STARTLIST only when it names at \
least {STARTLIST_MIN} hexes (a legion has up to 7 creatures) and ignores this one: name at least \
{STARTLIST_MIN} hexes",
                    list.labels.len(),
                    crate::findings::noun(list.labels.len(), "hex", "hexes")
                ),
            ));
        }
    }
    for subtitle in &view.subtitles {
        let text = &subtitle.text.text;
        if !text.starts_with('"') {
            continue;
        }
        let inner = subtitle.shown();
        let bad: Vec<char> = inner
            .chars()
            .filter(|c| !(c.is_ascii_alphanumeric() || *c == ' ' || *c == '_'))
            .collect();
        if inner.is_empty() || !bad.is_empty() || !text.ends_with('"') || text.len() < 2 {
            let what = if bad.is_empty() {
                "an empty subtitle".to_string()
            } else {
                let mut shown: Vec<String> = bad.iter().map(|c| format!("“{c}”")).collect();
                shown.dedup();
                format!("{} in the subtitle", shown.join(", "))
            };
            // The subtitle without what the lexer cannot read, when something is left: a fix,
            // not one to apply unasked (it changes the words shown).
            let kept: String = inner
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == ' ' || *c == '_')
                .collect();
            let fix = (!kept.trim().is_empty()).then(|| {
                Fix::one(
                    format!("Write \"{kept}\""),
                    TextEdit::replace(subtitle.text.range.clone(), format!("\"{kept}\"")),
                )
            });
            out.push(
                Finding::new(
                    codes::SUBTITLE,
                    subtitle.text.range.clone(),
                    format!(
                        "the game's lexer takes only letters, digits, spaces and _ between a \
SUBTITLE's quotes, and at least one; {what} is a lexical error, which the game does not catch \
(it crashes): remove or replace it"
                    ),
                )
                .with_fix(fix),
            );
        }
    }
}

/// Checks of a battleland on its own.
pub fn check(view: &BattlelandView, era: &Era, out: &mut Vec<Finding>) {
    check_later_records(view, out);
    for hex in &view.hexes {
        if let (Some(x), Some(Some(y))) = (hex.x.value, hex.y.as_ref().map(|y| y.value))
            && !is_battle_hex(x, y)
        {
            let end = hex.y.as_ref().map_or(hex.x.range.end, |y| y.range.end);
            out.push(Finding::new(
                codes::BATTLE_POSITION,
                hex.x.range.start..end,
                format!(
                    "({x}, {y}) is not a hex of the battle map (x 0–5; y 2–4 for x 0, 1–4 for x 1, \
1–5 for x 2, 0–5 for x 3, 1–5 for x 4, 1–4 for x 5); the game stops reading the battleland here and \
leaves the rest plain"
                ),
            ));
        }
        if let (Some(terrain), Some(names)) = (&hex.terrain, era.battle_terrain_names) {
            if !names.contains(&terrain.text.as_str()) {
                let hint = super::syntax::nearest(&terrain.text, names.iter().copied())
                    .map(|n| format!("; did you mean “{n}”?"))
                    .unwrap_or_default();
                out.push(
                    Finding::new(
                        codes::BATTLE_TERRAIN,
                        terrain.range.clone(),
                        format!(
                            "“{}” is not a battle hex terrain; the game of 2003-10 knows {} (names \
are case-sensitive){hint}",
                            terrain.text,
                            names.join(", ")
                        ),
                    )
                    .with_fixes(Fix::vocabulary(
                        &terrain.range,
                        &terrain.text,
                        super::syntax::candidates(&terrain.text, names.iter().copied()),
                    )),
                );
            }
        } else if let Some(terrain) = &hex.terrain
            && (terrain.text.chars().count() > 1
                || !era
                    .battle_terrains
                    .iter()
                    .any(|(c, _)| terrain.text.starts_with(*c)))
        {
            out.push(Finding::new(
                codes::BATTLE_TERRAIN,
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
                codes::ELEVATION,
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
                    codes::HEXSIDE,
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
                    codes::HEXSIDE,
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
