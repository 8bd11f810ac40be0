//! Board edits of Colossus files (see [`crate::render::edit`]):
//!
//! * a masterboard hex (`hex:LABEL`) given another terrain of the variant's TER
//!   (`terrain:KEY`, the letter or from 2003-10 the name the MAP writes), or its exit toward a
//!   neighbouring hex set to an exit type or removed (`exit:LABEL:ARROWS`, `exit:LABEL:none`):
//!   an exit that leads there changes its type, a new one takes a free exit (label 0), and a
//!   removed one gets label 0 (its type stays: the game ignores it); a drawn exit
//!   (`exit:FROM:TO`) offers the same actions of its hex for it;
//! * a battleland hex (`battle:X:Y`) given another hazard (`hazard:r`, from 2003-10
//!   `hazard:Brambles`) or elevation (`elevation:2`), as far as the era allows.
//!
//! The tokens change in place; in a file laid out as `retroboard format` lays it out, the
//! columns follow ([`layout::keeping_layout`]), and tabs stay tabs. A hex line the game does
//! not read field by field is not changed: which field is which would be a guess.

use std::sync::Arc;

use super::battleland::{BattleHex, BattlelandView};
use super::dialect::{self, Era};
use super::hover::way_words;
use super::map::{Hex, MapView};
use super::record::WAYS;
use super::ter::TerView;
use super::variant::{self, Variant};
use crate::draw::{Action, Palette};
use crate::findings::TextEdit;
use crate::formats::{Files, layout};
use crate::registry::FormatId;
use crate::syntax::Document;

/// The action that removes an exit: `exit:LABEL:none`.
const NO_EXIT: &str = "none";

/// The hex `hex:LABEL` names: the first of that label, the one the game's lookup finds.
fn map_hex<'v>(view: &'v MapView, id: &str) -> Option<&'v Hex> {
    let label: i64 = id.strip_prefix("hex:")?.parse().ok()?;
    view.hex(label)
}

/// A drawn exit, `exit:FROM:TO`: the label of the hex it leaves, and the label it leads to.
fn drawn_exit(id: &str) -> Option<(i64, i64)> {
    let (from, to) = id.strip_prefix("exit:")?.split_once(':')?;
    Some((from.parse().ok()?, to.parse().ok()?))
}

/// The terrains of a TER as the actions that give a hex each (`terrain:KEY`, KEY as a MAP
/// writes it: its letter, or from 2003-10 its name), each once, in file order: those of the
/// 2002 lines and those of the 2003-10 lines. Made once per TER text: the preview asks every
/// hex what it can become.
#[derive(Clone)]
struct TerTerrains(Arc<[Vec<Action>; 2]>);

impl TerTerrains {
    fn read(ter: &Document) -> TerTerrains {
        let view = TerView::of(ter);
        let mut known: [Vec<Action>; 2] = Default::default();
        let mut keys: Vec<&str> = Vec::new();
        for terrain in &view.terrains {
            let key = terrain.key();
            if key.is_empty() || keys.contains(&key) {
                continue;
            }
            keys.push(key);
            let title = match &terrain.name {
                Some(name) if !terrain.named => format!("{} ({key})", &*name.text),
                _ => key.to_string(),
            };
            let mut action = Action::new(format!("{TERRAIN}{key}"), title);
            // The colour the masterboard draws the terrain in.
            if let Some(color) = &terrain.color {
                let [r, g, b] = super::colors::drawn(&color.text);
                action = action.with_color(crate::draw::Color(r, g, b));
            }
            known[usize::from(terrain.named)].push(action);
        }
        TerTerrains(Arc::new(known))
    }
}

/// The prefix of a terrain's action: `terrain:KEY`.
const TERRAIN: &str = "terrain:";

/// The terrains the variant's TER defines, as a hex of this dialect writes them (letters, or
/// from 2003-10 names), with their titles; none when the TER is not found or not read.
fn known_terrains(doc: &Document, files: &dyn Files) -> TerTerrains {
    let none = || TerTerrains(Arc::default());
    let Some(variant) = Variant::of_doc(doc, files) else {
        return none();
    };
    let Some(path) = variant.ter.path.clone() else {
        return none();
    };
    // The TER is read once while it stays the same, not once per request.
    crate::formats::remembered(files, &path, || {
        variant::load(&variant.ter, FormatId::ColossusTer, files)
            .map_or_else(none, |ter| TerTerrains::read(&ter))
    })
}

impl TerTerrains {
    /// The terrain actions of one dialect's hexes: `named`, as from 2003-10.
    fn of(&self, named: bool) -> &[Action] {
        &self.0[usize::from(named)]
    }

    fn knows(&self, named: bool, key: &str) -> bool {
        self.of(named)
            .iter()
            .any(|a| a.id.strip_prefix(TERRAIN) == Some(key))
    }
}

/// The labels of the hexes next to `hex` an exit may lead to (same x and y ± 1, or same y and
/// x ± 1: the game ignores any other exit), each the first hex of its label.
fn neighbours(doc: &Document, view: &MapView, hex: &Hex) -> Vec<i64> {
    let Some((x, y)) = hex.position() else {
        return Vec::new();
    };
    let places = Places::of(doc, view);
    let mut labels = Vec::new();
    for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
        let (Some(nx), Some(ny)) = (x.checked_add(dx), y.checked_add(dy)) else {
            continue;
        };
        let Some(&(label, leads_here)) = places.0.get(&(nx, ny)) else {
            continue;
        };
        if label != 0 && leads_here && hex.label.value != Some(label) && !labels.contains(&label) {
            labels.push(label);
        }
    }
    labels
}

/// The label of the first hex at each place of the masterboard, and whether an exit to that
/// label leads there (the first hex of the label stands there); made once per text: the
/// preview asks every hex for its neighbours.
struct Places(foldhash::HashMap<(i64, i64), (i64, bool)>);

impl Places {
    fn of(doc: &Document, view: &MapView) -> Arc<Places> {
        doc.memo(|| {
            let mut first_of_label = foldhash::HashMap::default();
            for hex in &view.hexes {
                if let Some(label) = hex.label.value {
                    first_of_label.entry(label).or_insert(hex.position());
                }
            }
            let mut places = foldhash::HashMap::default();
            for hex in &view.hexes {
                if let (Some(place), Some(label)) = (hex.position(), hex.label.value) {
                    let leads_here = first_of_label.get(&label) == Some(&Some(place));
                    places.entry(place).or_insert((label, leads_here));
                }
            }
            Places(places)
        })
    }
}

/// What each masterboard element of `ids` can become. A hex (`hex:LABEL`): another terrain,
/// and for each neighbour an exit of another type or none; an exit to a hex that is not a
/// neighbour can only be removed. A drawn exit (`exit:FROM:TO`, its gate): what its hex offers
/// for it, another type or none, when it is there.
pub fn map_actions(doc: &Document, files: &dyn Files, ids: &[&str]) -> Palette {
    let view = MapView::of(doc);
    let terrains = known_terrains(doc, files);
    let mut palette = Palette::default();
    for id in ids {
        palette.next_element();
        if let Some((from, to)) = drawn_exit(id) {
            let Some(hex) = view.hex(from) else {
                continue;
            };
            let near = neighbours(doc, &view, hex);
            if near.contains(&to) {
                // Only an exit that is there: one with label 0 leads nowhere.
                if exit_way(hex, to).is_some() {
                    exit_actions(hex, to, &mut palette);
                }
            } else if astray(hex, &near).contains(&to) {
                no_exit(&to.to_string(), &mut palette);
            }
            continue;
        }
        let Some(hex) = map_hex(&view, id) else {
            continue;
        };
        let now = hex.terrain_key_str();
        for action in terrains.of(hex.named) {
            if action.id.strip_prefix(TERRAIN) != now {
                palette.offer_action(action);
            }
        }
        let near = neighbours(doc, &view, hex);
        for &label in &near {
            exit_actions(hex, label, &mut palette);
        }
        for label in astray(hex, &near) {
            no_exit(&label.to_string(), &mut palette);
        }
    }
    palette
}

/// The type of `hex`'s exit toward `label`: `None` when it has none, `Some(None)` when its
/// type is not read.
fn exit_way(hex: &Hex, label: i64) -> Option<Option<&str>> {
    hex.exits
        .iter()
        .find(|e| e.label.is(label))
        .map(|e| e.way.as_ref().map(|w| &*w.text))
}

/// The actions of `hex`'s exit toward its neighbour `label`: each other type, and none when
/// there is one.
fn exit_actions(hex: &Hex, label: i64, palette: &mut Palette) {
    let way = exit_way(hex, label);
    let label_text = label.to_string();
    for new in WAYS.iter().filter(|w| way != Some(Some(**w))) {
        palette.offer(&["exit:", &label_text, ":", new], |id| {
            Action::new(
                id,
                format!("exit to hex {label}: {new} ({})", way_words(new)),
            )
        });
    }
    if way.is_some() {
        no_exit(&label_text, palette);
    }
}

/// The labels `hex`'s exits lead to that are no neighbours of it (`near`): those exits can
/// only be removed.
fn astray(hex: &Hex, near: &[i64]) -> Vec<i64> {
    let mut astray: Vec<i64> = hex
        .exits
        .iter()
        .filter_map(|e| e.label.value)
        .filter(|l| *l != 0 && !near.contains(l))
        .collect();
    astray.sort_unstable();
    astray.dedup();
    astray
}

/// The action removing the exit to hex `label` (the label in decimal digits).
fn no_exit(label: &str, palette: &mut Palette) {
    palette.offer(&["exit:", label, ":", NO_EXIT], |id| {
        Action::new(id, format!("no exit to hex {label}"))
    });
}

/// The edits making the masterboard hex `id` what `action` says, or why not.
pub fn map_edit(
    doc: &Document,
    files: &dyn Files,
    id: &str,
    action: &str,
) -> Result<Vec<TextEdit>, String> {
    if let Some((from, to)) = drawn_exit(id) {
        if !action.starts_with(&format!("exit:{to}:")) {
            return Err(format!("{id} cannot become {action}"));
        }
        return map_edit(doc, files, &format!("hex:{from}"), action);
    }
    let view = MapView::of(doc);
    let hex = map_hex(&view, id).ok_or_else(|| format!("the masterboard has no hex {id}"))?;
    let (Some(terrain), [first, second, third]) = (&hex.terrain, hex.exits.as_slice()) else {
        return Err(unread(id));
    };
    if hex.broken || hex.position().is_none() {
        return Err(unread(id));
    }
    let cannot = || format!("{id} cannot become {action}");
    let edits = if let Some(key) = action.strip_prefix("terrain:") {
        if !known_terrains(doc, files).knows(hex.named, key) {
            return Err(cannot());
        }
        vec![TextEdit::replace(terrain.range.clone(), key)]
    } else {
        let (label, way) = action
            .strip_prefix("exit:")
            .and_then(|rest| rest.split_once(':'))
            .ok_or_else(cannot)?;
        let label: i64 = label.parse().map_err(|_| cannot())?;
        let exits = [first, second, third];
        let leading = exits.iter().filter(|e| e.label.is(label));
        if way == NO_EXIT {
            let edits: Vec<TextEdit> = leading
                .map(|e| TextEdit::replace(e.label.range.clone(), "0"))
                .collect();
            if edits.is_empty() {
                return Err(format!("{id} has no exit to hex {label} to remove"));
            }
            edits
        } else if !WAYS.contains(&way) || label == 0 {
            return Err(cannot());
        } else if let Some(exit) = exits.iter().find(|e| e.label.is(label)) {
            let way_token = exit.way.as_ref().ok_or_else(|| unread(id))?;
            vec![TextEdit::replace(way_token.range.clone(), way)]
        } else if let Some(free) = exits.iter().find(|e| e.label.is(0)) {
            let way_token = free.way.as_ref().ok_or_else(|| unread(id))?;
            vec![
                TextEdit::replace(free.label.range.clone(), label.to_string()),
                TextEdit::replace(way_token.range.clone(), way),
            ]
        } else {
            let taken: Vec<String> = exits
                .iter()
                .map(|e| {
                    e.label
                        .value
                        .map_or_else(|| "?".to_string(), |l| l.to_string())
                })
                .collect();
            return Err(format!(
                "{id} gets no exit to hex {label}: a hex has three exits, and its three lead to \
hexes {}, {} and {}; remove one first",
                taken[0], taken[1], taken[2]
            ));
        }
    };
    Ok(layout::keeping_layout(doc, edits, super::format::packed))
}

/// Why a hex whose line the game does not read field by field is not changed.
fn unread(id: &str) -> String {
    format!(
        "{id} is not changed: its line is not a label, a terrain, three exits (label and type) \
and x and y as the game reads them, so which field is which is not certain; mend it first"
    )
}

/// The era a battleland is read in: its variant's, else the first game's.
pub(super) fn era_of(doc: &Document, files: &dyn Files) -> &'static Era {
    dialect::of_doc(doc, files)
        .era()
        .unwrap_or(&dialect::FEB_2002)
}

/// The hazards of `era` as a battleland writes them (letters, or from 2003-10 names), with
/// their titles.
fn hazards(era: &Era) -> Vec<(String, String)> {
    match era.battle_terrain_names {
        Some(names) => names
            .iter()
            .map(|n| (n.to_string(), n.to_string()))
            .collect(),
        None => era
            .battle_terrains
            .iter()
            .map(|(letter, name)| (letter.to_string(), format!("{name} ({letter})")))
            .collect(),
    }
}

/// The battle hex `battle:X:Y` names: the last record of that place (the game keeps it).
fn battle_hex<'v>(view: &'v BattlelandView, id: &str) -> Option<&'v BattleHex> {
    let (x, y) = id.strip_prefix("battle:")?.split_once(':')?;
    let (x, y): (i64, i64) = (x.parse().ok()?, y.parse().ok()?);
    view.hexes
        .iter()
        .rev()
        .find(|h| h.x.is(x) && h.y.as_ref().is_some_and(|v| v.is(y)))
}

/// What the battle hex `id` can become: another hazard, another elevation.
pub fn battleland_actions(doc: &Document, era: &Era, id: &str) -> Vec<Action> {
    let view = BattlelandView::of(doc);
    let Some(hex) = battle_hex(&view, id) else {
        return Vec::new();
    };
    let terrain = hex.terrain.as_ref().map(|t| &*t.text);
    let elevation = hex.elevation.as_ref().and_then(|e| e.value);
    let mut actions: Vec<Action> = hazards(era)
        .into_iter()
        .filter(|(key, _)| Some(key.as_str()) != terrain)
        .map(|(key, title)| Action::new(format!("hazard:{key}"), title))
        .collect();
    actions.extend(
        (0..=era.max_elevation)
            .filter(|e| Some(*e) != elevation)
            .map(|e| Action::new(format!("elevation:{e}"), format!("elevation {e}"))),
    );
    actions
}

/// The edits making the battle hex `id` what `action` says, or why not.
pub fn battleland_edit(
    doc: &Document,
    files: &dyn Files,
    id: &str,
    action: &str,
) -> Result<Vec<TextEdit>, String> {
    let view = BattlelandView::of(doc);
    let hex = battle_hex(&view, id).ok_or_else(|| format!("the battleland has no hex {id}"))?;
    let (Some(terrain), Some(elevation)) = (&hex.terrain, &hex.elevation) else {
        return Err(format!(
            "{id} is not changed: its line lacks a terrain or an elevation, so which field is \
which is not certain; mend it first"
        ));
    };
    let era = era_of(doc, files);
    let cannot = || format!("{id} cannot become {action}");
    let edit = if let Some(key) = action.strip_prefix("hazard:") {
        if !hazards(era).iter().any(|(k, _)| k == key) {
            return Err(cannot());
        }
        TextEdit::replace(terrain.range.clone(), key)
    } else {
        let height: i64 = action
            .strip_prefix("elevation:")
            .and_then(|e| e.parse().ok())
            .filter(|e| (0..=era.max_elevation).contains(e))
            .ok_or_else(cannot)?;
        TextEdit::replace(elevation.range.clone(), height.to_string())
    };
    Ok(layout::keeping_layout(
        doc,
        vec![edit],
        super::format::packed,
    ))
}
