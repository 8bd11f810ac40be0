//! Go to definition and find references in a variant: a creature named in a TER is defined by
//! the CRE the variant reads, a terrain letter of the MAP by the TER it reads, an exit's hex
//! label by that hex's line, and a VAR's file and variant names by those files. Files are the
//! ones the game would read (the variant's folder, its DEPEND variants, Default), as the checks
//! resolve them.

use std::ops::Range;
use std::path::{Path, PathBuf};

use super::cre::CreView;
use super::cre::REQUIRED;
use super::map::MapView;
use super::ter::{PSEUDO_CREATURES, TerView};
use super::variant::{self, Variant};
use crate::answers::{Replace, Target};
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::Document;

/// What a name under the cursor stands for.
enum Name {
    Creature(String),
    /// A terrain letter (or, in later dialects, name).
    Terrain(String),
    /// A hex of the same MAP, by label.
    Hex(i64),
}

fn contains(range: &Range<usize>, offset: usize) -> bool {
    range.start <= offset && offset <= range.end
}

/// The name at `offset`, and its whole range (a 2003-10 terrain name such as `Brush1` is several
/// tokens).
fn name_at(doc: &Document, offset: usize) -> Option<(Name, Range<usize>)> {
    match doc.format()? {
        FormatId::ColossusCre => {
            let view = CreView::of(doc);
            let creature = view
                .creatures
                .iter()
                .find(|c| contains(&c.name.range, offset))?;
            Some((
                Name::Creature(creature.name.text.to_string()),
                creature.name.range.clone(),
            ))
        }
        FormatId::ColossusTer => {
            let view = TerView::of(doc);
            for terrain in &view.terrains {
                if contains(&terrain.letter.range, offset) {
                    return Some((
                        Name::Terrain(terrain.letter.text.to_string()),
                        terrain.letter.range.clone(),
                    ));
                }
                if let Some(r) = terrain
                    .recruits
                    .iter()
                    .find(|r| contains(&r.creature.range, offset))
                {
                    return Some((
                        Name::Creature(r.creature.text.to_string()),
                        r.creature.range.clone(),
                    ));
                }
            }
            let named = view.named();
            for a in &view.acquirables {
                if contains(&a.creature.range, offset) {
                    return Some((
                        Name::Creature(a.creature.text.to_string()),
                        a.creature.range.clone(),
                    ));
                }
                if let Some((key, range)) = a
                    .terrain_refs(named)
                    .into_iter()
                    .find(|(_, r)| contains(r, offset))
                {
                    return Some((Name::Terrain(key), range));
                }
            }
            None
        }
        FormatId::ColossusMap => {
            let view = MapView::of(doc);
            for hex in &view.hexes {
                if contains(&hex.label.range, offset) {
                    return Some((Name::Hex(hex.label.value?), hex.label.range.clone()));
                }
                if let Some(terrain) = hex.terrain.as_ref().filter(|t| contains(&t.range, offset)) {
                    return Some((
                        Name::Terrain(terrain.text.to_string()),
                        terrain.range.clone(),
                    ));
                }
                if let Some(exit) = hex.exits.iter().find(|e| contains(&e.label.range, offset)) {
                    return Some((Name::Hex(exit.label.value?), exit.label.range.clone()));
                }
            }
            None
        }
        _ => None,
    }
}

fn target(path: &Path, format: FormatId, range: Range<usize>) -> Target {
    Target {
        path: path.to_path_buf(),
        format: Some(format),
        range,
    }
}

/// Where the name at `offset` is defined.
pub fn definition(doc: &Document, offset: usize, files: &dyn Files) -> Vec<Target> {
    if let Some(link) = variant::links(doc, files)
        .into_iter()
        .find(|l| contains(&l.range, offset))
    {
        return vec![Target {
            path: link.target,
            format: None,
            range: 0..0,
        }];
    }
    if let Some(battleland) = battleland_at(doc, offset, files) {
        return vec![battleland];
    }
    let Some((name, _)) = name_at(doc, offset) else {
        return Vec::new();
    };
    let Some(path) = doc.path() else {
        return Vec::new();
    };
    match name {
        Name::Hex(label) => hex_lines(doc, path, label, true, false),
        Name::Creature(name) => {
            let Some(variant) = Variant::of_doc(doc, files) else {
                return Vec::new();
            };
            let cre = match doc.format() {
                Some(FormatId::ColossusCre) => Some(path.to_path_buf()),
                _ => variant.cre.path,
            };
            cre.map(|cre| creature_lines(&cre, &name, files))
                .unwrap_or_default()
        }
        Name::Terrain(letter) => {
            let Some(variant) = Variant::of_doc(doc, files) else {
                return Vec::new();
            };
            let ter = match doc.format() {
                Some(FormatId::ColossusTer) => Some(path.to_path_buf()),
                _ => variant.ter.path,
            };
            ter.map(|ter| terrain_lines(&ter, &letter, files))
                .unwrap_or_default()
        }
    }
}

/// Every place that names what the name at `offset` names: in the TERs (or MAPs) of every
/// variant of the folder that reads the same CRE (or TER), and its definition when asked.
pub fn references(
    doc: &Document,
    offset: usize,
    files: &dyn Files,
    include_declaration: bool,
) -> Vec<Target> {
    let Some((name, _)) = name_at(doc, offset) else {
        return Vec::new();
    };
    let Some(path) = doc.path() else {
        return Vec::new();
    };
    match name {
        Name::Hex(label) => hex_lines(doc, path, label, include_declaration, true),
        Name::Creature(name) => uses(
            (doc, offset, files, include_declaration),
            |v| (v.cre.path.as_deref(), v.ter.path.clone()),
            |cre| creature_lines(cre, &name, files),
            |_| Vec::new(),
            FormatId::ColossusTer,
            |ter| {
                let view = TerView::of(ter);
                view.terrains
                    .iter()
                    .flat_map(|t| t.recruits.iter().map(|r| &r.creature))
                    .chain(view.acquirables.iter().map(|a| &a.creature))
                    .filter(|w| w.text == name)
                    .map(|w| w.range.clone())
                    .collect()
            },
        ),
        Name::Terrain(letter) => uses(
            (doc, offset, files, include_declaration),
            |v| (v.ter.path.as_deref(), v.map.path.clone()),
            |ter| terrain_lines(ter, &letter, files),
            // The TER's ACQUIRABLE lines name terrain letters too.
            |ter| {
                let Some(ter_doc) = files.document(ter, FormatId::ColossusTer) else {
                    return Vec::new();
                };
                let view = TerView::of(&ter_doc);
                let named = view.named();
                view.acquirables
                    .iter()
                    .flat_map(|a| a.terrain_refs(named))
                    .filter(|(l, _)| *l == letter)
                    .map(|(_, range)| target(ter, FormatId::ColossusTer, range))
                    .collect()
            },
            FormatId::ColossusMap,
            |map| {
                MapView::of(map)
                    .hexes
                    .iter()
                    .filter_map(|h| h.terrain.as_ref())
                    .filter(|t| t.text == letter)
                    .map(|t| t.range.clone())
                    .collect()
            },
        ),
    }
}

/// The battleland file of the terrain whose name is at `offset` in a TER, found where the
/// variant reads battlelands (its folder, its DEPEND variants, Default).
fn battleland_at(doc: &Document, offset: usize, files: &dyn Files) -> Option<Target> {
    if doc.format()? != FormatId::ColossusTer {
        return None;
    }
    let view = TerView::of(doc);
    let name = view
        .terrains
        .iter()
        .filter_map(|t| t.name.as_ref())
        .find(|n| contains(&n.range, offset))?;
    let variant = Variant::of_doc(doc, files)?;
    let path = variant.battleland(&name.text, files).path?;
    Some(Target {
        path,
        format: None,
        range: 0..0,
    })
}

/// The places naming what the name at the cursor names: its definitions and the places in the
/// files of `format` read beside them (the TERs read with the CRE that defines a creature, say),
/// over every variant of the folder. `files_of` gives a variant's defining file and the file it
/// reads beside it, `defined` the definitions of the name in a defining file, `named` the ranges
/// of the name in a file read beside one, `also` other places naming it in a defining file (a
/// TER's ACQUIRABLE lines name terrains). A file read beside two defining files (Default.map,
/// read with Default.ter by Default and with TitanPlus.ter by TitanPlus) joins them: the name
/// means one thing in all of them, and a rename must change them all. The definitions come first
/// when asked for, the cursor's own first.
fn uses(
    (doc, offset, files, include_declaration): (&Document, usize, &dyn Files, bool),
    files_of: impl Fn(&Variant) -> (Option<&Path>, Option<PathBuf>),
    defined: impl Fn(&Path) -> Vec<Target>,
    also: impl Fn(&Path) -> Vec<Target>,
    format: FormatId,
    named: impl Fn(&Document) -> Vec<Range<usize>>,
) -> Vec<Target> {
    let definitions = definition(doc, offset, files);
    let Some(defined_in) = definitions.first().map(|t| t.path.clone()) else {
        return Vec::new();
    };
    let pairs: Vec<(PathBuf, PathBuf)> = variants_here(doc, files)
        .iter()
        .filter_map(|v| {
            let (defining, reader) = files_of(v);
            Some((defining?.to_path_buf(), reader?))
        })
        .collect();
    let (definers, readers) = joined(&pairs, defined_in);
    let mut found = Vec::new();
    if include_declaration {
        found.extend(definitions);
        for definer in &definers[1..] {
            found.extend(defined(definer));
        }
    }
    for definer in &definers {
        found.extend(also(definer));
    }
    for reader in readers {
        let Some(reader_doc) = files.document(&reader, format) else {
            continue;
        };
        found.extend(
            named(&reader_doc)
                .into_iter()
                .map(|range| target(&reader, format, range)),
        );
    }
    found
}

/// The defining files joined to `first` through the files read beside them (`pairs` of a
/// defining file and a file read with it), `first` first; and those files read beside them,
/// each once, in the order met.
fn joined(pairs: &[(PathBuf, PathBuf)], first: PathBuf) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut definers = vec![first];
    let mut readers: Vec<PathBuf> = Vec::new();
    loop {
        let mut grew = false;
        for (definer, reader) in pairs {
            let joins = definers.contains(definer) || readers.contains(reader);
            if !joins {
                continue;
            }
            if !definers.contains(definer) {
                definers.push(definer.clone());
                grew = true;
            }
            if !readers.contains(reader) {
                readers.push(reader.clone());
                grew = true;
            }
        }
        if !grew {
            return (definers, readers);
        }
    }
}

/// The variants of the folder `doc`'s variant is in, its own first (as the game-sense checks
/// read them: [`super::sense::variants_beside`]).
fn variants_here(doc: &Document, files: &dyn Files) -> Vec<Variant> {
    let Some(own) = Variant::of_doc(doc, files) else {
        return Vec::new();
    };
    let beside = super::sense::variants_beside(&own.dir, files).unwrap_or_default();
    let others = beside.iter().filter(|v| v.dir != own.dir).cloned();
    std::iter::once(own.clone()).chain(others).collect()
}

fn creature_lines(cre: &Path, name: &str, files: &dyn Files) -> Vec<Target> {
    let Some(doc) = files.document(cre, FormatId::ColossusCre) else {
        return Vec::new();
    };
    CreView::of(&doc)
        .creatures
        .iter()
        .filter(|c| c.name.text == name)
        .map(|c| target(cre, FormatId::ColossusCre, c.name.range.clone()))
        .collect()
}

fn terrain_lines(ter: &Path, letter: &str, files: &dyn Files) -> Vec<Target> {
    let Some(doc) = files.document(ter, FormatId::ColossusTer) else {
        return Vec::new();
    };
    TerView::of(&doc)
        .terrains
        .iter()
        .filter(|t| t.letter.text == letter)
        .map(|t| target(ter, FormatId::ColossusTer, t.letter.range.clone()))
        .collect()
}

/// The line of the hex `label` in this MAP (when `definition`), and the exits to it (when
/// `exits`).
fn hex_lines(
    doc: &Document,
    path: &Path,
    label: i64,
    definition: bool,
    exits: bool,
) -> Vec<Target> {
    let view = MapView::of(doc);
    let mut found = Vec::new();
    for hex in &view.hexes {
        if definition && hex.label.value == Some(label) {
            found.push(target(path, FormatId::ColossusMap, hex.label.range.clone()));
        }
        if exits {
            for exit in hex.exits.iter().filter(|e| e.label.value == Some(label)) {
                found.push(target(
                    path,
                    FormatId::ColossusMap,
                    exit.label.range.clone(),
                ));
            }
        }
    }
    found
}

/// What a rename at `offset` would rename: the range of the name there. `Ok(None)`: no name
/// that can be renamed; `Err`: a name that cannot be, and why, in a modder's words.
pub fn prepare_rename(
    doc: &Document,
    offset: usize,
    files: &dyn Files,
) -> Result<Option<Range<usize>>, String> {
    let Some((name, range)) = renamable_at(doc, offset) else {
        return Ok(None);
    };
    match &name {
        Name::Creature(creature)
            if PSEUDO_CREATURES.contains(&creature.as_str())
                || REQUIRED.contains(&creature.as_str()) =>
        {
            return Err(format!(
                "“{creature}” cannot be renamed: the game looks it up by this name"
            ));
        }
        Name::Terrain(letter) if letter == "T" && !names_terrains(doc, files) => {
            return Err(
                "the Tower’s letter “T” cannot be changed: the game finds the towers by it"
                    .to_string(),
            );
        }
        _ => {}
    }
    if definition(doc, offset, files).is_empty() {
        return Err(match name {
            Name::Creature(c) => format!(
                "“{c}” cannot be renamed: the CRE the variant reads has no creature of this name"
            ),
            Name::Terrain(t) if names_terrains(doc, files) => format!(
                "“{t}” cannot be renamed: the TER the variant reads has no terrain of this name"
            ),
            Name::Terrain(t) => format!(
                "“{t}” cannot be renamed: the TER the variant reads has no terrain with this letter"
            ),
            Name::Hex(h) => format!("hex {h} cannot be renamed: no hex of this MAP has this label"),
        });
    }
    Ok(Some(range))
}

/// The edits that rename the name at `offset` to `new_name` everywhere it is named: every
/// reference with the declaration. `Err`: the name cannot be renamed, or not to `new_name`
/// (a name the game cannot read, or one taken already), and why.
pub fn rename(
    doc: &Document,
    offset: usize,
    new_name: &str,
    files: &dyn Files,
) -> Result<Vec<Replace>, String> {
    if prepare_rename(doc, offset, files)?.is_none() {
        return Ok(Vec::new());
    }
    let Some((name, _)) = renamable_at(doc, offset) else {
        return Ok(Vec::new());
    };
    let definitions = definition(doc, offset, files);
    let text = match &name {
        Name::Creature(old) => {
            valid_creature_name(new_name, old)?;
            let cre = definitions.first().map(|t| t.path.as_path());
            let taken = cre
                .and_then(|cre| files.document(cre, FormatId::ColossusCre))
                .is_some_and(|cre| {
                    CreView::of(&cre)
                        .creatures
                        .iter()
                        .any(|c| c.name.text == new_name)
                });
            if taken && new_name != old {
                return Err(format!(
                    "“{new_name}” is the name of another creature in this CRE; choose a name no creature has"
                ));
            }
            new_name.to_string()
        }
        Name::Terrain(old) if names_terrains(doc, files) => {
            valid_terrain_name(new_name)?;
            let ter = definitions.first().map(|t| t.path.as_path());
            let taken = ter
                .and_then(|ter| files.document(ter, FormatId::ColossusTer))
                .is_some_and(|ter| TerView::of(&ter).terrain_by_key(new_name).is_some());
            if taken && new_name != old {
                return Err(format!(
                    "“{new_name}” is the name of another terrain in this TER; choose a name no terrain has"
                ));
            }
            // The battleland is found by the terrain's name, and a rename changes text only.
            if let Some(variant) = Variant::of_doc(doc, files)
                && new_name != old
                && let Some(path) = variant.battleland(old, files).path
                && variant.battleland(new_name, files).path.is_none()
            {
                let shown = variant::shown(&path, &variant.dir);
                return Err(format!(
                    "the battles of {old} are fought on “{shown}”, which the game finds by the \
terrain’s name: rename that file to “{new_name}” first (or copy it), then rename the terrain"
                ));
            }
            new_name.to_string()
        }
        Name::Terrain(old) => {
            let letter = valid_terrain_letter(new_name)?;
            let ter = definitions.first().map(|t| t.path.as_path());
            let taken = ter
                .and_then(|ter| files.document(ter, FormatId::ColossusTer))
                .is_some_and(|ter| TerView::of(&ter).terrain(letter).is_some());
            if taken && new_name != old {
                return Err(format!(
                    "“{new_name}” is the letter of another terrain in this TER; choose a letter no terrain has"
                ));
            }
            new_name.to_string()
        }
        Name::Hex(old) => {
            let label = valid_hex_label(new_name)?;
            if label != *old && MapView::of(doc).hex(label).is_some() {
                return Err(format!(
                    "hex {label} is in this MAP already; choose a label no hex has"
                ));
            }
            label.to_string()
        }
    };
    let places = references(doc, offset, files, true);
    if let Some(refusal) = taken_beside(&name, new_name, &places, files) {
        return Err(refusal);
    }
    // Each place once, however many variants read its file.
    let mut replaces: Vec<Replace> = Vec::new();
    for target in places {
        if !replaces.iter().any(|r| r.target == target) {
            replaces.push(Replace {
                target,
                text: text.clone(),
            });
        }
    }
    if let Name::Creature(old) = &name {
        replaces = in_the_table(replaces, old, &text, files);
    }
    Ok(replaces)
}

/// The plural English gives a creature's name (`Gargoyles`, `Hydras`, `Warlocks`, `Minotaurs`;
/// `Horsemen`, `Harpies`, `Sphinxes`): the one a CRE has when its author let it follow the name.
pub(super) fn regular_plural(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let consonant_y = lower.ends_with('y')
        && lower
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| !"aeiou".contains(c));
    if let Some(stem) = name.strip_suffix("man") {
        format!("{stem}men")
    } else if consonant_y {
        format!("{}ies", &name[..name.len() - 1])
    } else if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// A creature renamed on its CRE line as the table it stands in wants: its plural renamed too
/// where it is the regular one ([`regular_plural`]) or the name itself, and the
/// columns after the name kept where they are: the new name padded to the old one's column, or,
/// when it is longer, that column widened on every line it is aligned on (the header comment's
/// too), as `format` lays a table out.
fn in_the_table(replaces: Vec<Replace>, old: &str, new: &str, files: &dyn Files) -> Vec<Replace> {
    let mut out = Vec::new();
    for replace in replaces {
        let target = &replace.target;
        let cre = (target.format == Some(FormatId::ColossusCre))
            .then(|| files.document(&target.path, FormatId::ColossusCre))
            .flatten();
        let Some(cre) = cre else {
            out.push(replace);
            continue;
        };
        let view = CreView::of(&cre);
        let Some(creature) = view.creatures.iter().find(|c| c.name.range == target.range) else {
            out.push(replace);
            continue;
        };
        let at = |range: Range<usize>| Target {
            path: target.path.clone(),
            format: target.format,
            range,
        };
        if let Some(plural) = &creature.plural_name {
            let renamed = if plural.text == regular_plural(old) {
                Some(regular_plural(new))
            } else if plural.text == old {
                Some(new.to_string())
            } else {
                None
            };
            if let Some(text) = renamed {
                out.push(Replace {
                    target: at(plural.range.clone()),
                    text,
                });
            }
        }
        // The name's column: from the name to the next field, blanks only.
        let next = creature.power.as_ref().map(|p| p.range.start);
        let gap = next.map(|next| cre.slice(creature.name.range.end..next));
        let (Some(next), Some(gap)) = (next, gap) else {
            out.push(replace);
            continue;
        };
        if gap.is_empty() || !gap.bytes().all(|b| b == b' ') {
            out.push(replace);
            continue;
        }
        // Only in a table: where every creature's power stands in the same column.
        let rope = cre.rope();
        let column_of = |byte: usize| byte - rope.line_to_byte(rope.byte_to_line(byte));
        let column = column_of(next);
        let aligned = view.creatures.len() > 1
            && view.creatures.iter().all(|c| {
                c.power
                    .as_ref()
                    .is_some_and(|p| column_of(p.range.start) == column)
            });
        if !aligned {
            out.push(replace);
            continue;
        }
        let width = next - creature.name.range.start;
        let len = new.len();
        if len < width {
            out.push(Replace {
                target: at(creature.name.range.start..next),
                text: format!("{new}{}", " ".repeat(width - len)),
            });
            continue;
        }
        // Longer: one blank after it, and the column after it moved as far on the other lines.
        let wider = len + 1 - width;
        out.push(Replace {
            target: at(creature.name.range.start..next),
            text: format!("{new} "),
        });
        let renamed_line = rope.byte_to_line(next);
        for line in (0..rope.len_lines()).filter(|l| *l != renamed_line) {
            let start = rope.line_to_byte(line);
            let text = rope.line(line).to_string();
            let bytes = text.as_bytes();
            // A field (or a header word) starts at the column, after a blank.
            let starts_there = column > 0
                && column < bytes.len()
                && bytes[column - 1] == b' '
                && !bytes[column].is_ascii_whitespace();
            if starts_there {
                out.push(Replace {
                    target: at(start + column..start + column),
                    text: " ".repeat(wider),
                });
            }
        }
    }
    out
}

/// Why `new_name` cannot be given to a name defined in other files too (the TERs that give a
/// letter its meaning for the other variants playing on the same MAP, the CREs read with a
/// shared TER): it names something else in one of them already.
fn taken_beside(
    name: &Name,
    new_name: &str,
    places: &[Target],
    files: &dyn Files,
) -> Option<String> {
    let (format, old) = match name {
        Name::Terrain(old) => (FormatId::ColossusTer, old.as_str()),
        Name::Creature(old) => (FormatId::ColossusCre, old.as_str()),
        Name::Hex(_) => return None,
    };
    if new_name == old {
        return None;
    }
    let mut seen: Vec<&Path> = Vec::new();
    for place in places.iter().filter(|p| p.format == Some(format)) {
        if seen.contains(&place.path.as_path()) {
            continue;
        }
        seen.push(&place.path);
        let Some(doc) = files.document(&place.path, format) else {
            continue;
        };
        let taken = match format {
            FormatId::ColossusTer => TerView::of(&doc).terrain_by_key(new_name).is_some(),
            _ => CreView::of(&doc).creature(new_name).is_some(),
        };
        if taken {
            let file = super::sense::file_name(&place.path);
            let what = match format {
                FormatId::ColossusTer => "terrain",
                _ => "creature",
            };
            return Some(format!(
                "“{new_name}” names another {what} in {file}, which defines {old} for a variant \
that reads the same files: renamed, the two would be one; choose a name free there too"
            ));
        }
    }
    None
}

/// The renamable name at `offset` and its range: a creature, a terrain letter or a hex label
/// (an exit label of 0 is no hex).
fn renamable_at(doc: &Document, offset: usize) -> Option<(Name, Range<usize>)> {
    match name_at(doc, offset)? {
        (Name::Hex(0), _) => None,
        found => Some(found),
    }
}

/// Whether the variant of `doc` names its terrains (2003-10) instead of giving letters.
fn names_terrains(doc: &Document, files: &dyn Files) -> bool {
    super::dialect::of_doc(doc, files).dialect == super::dialect::Dialect::Oct2003
}

/// A 2003-10 terrain name the game reads as one: its CHAINE (`[A-Za-z._][A-Za-z0-9._]*`), and
/// no keyword the TER or MAP lexers take first.
fn valid_terrain_name(new_name: &str) -> Result<(), String> {
    let mut chars = new_name.chars();
    let chaine = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '.' || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    if !chaine {
        return Err(format!(
            "“{new_name}” cannot be a terrain name: the game reads a name as letters, digits, “.” \
and “_”, starting with a letter, “.” or “_” (no blanks or other signs)"
        ));
    }
    let keywords = [
        "true",
        "false",
        "ACQUIRABLE",
        "TITANIMPROVE",
        "TITANTELEPORT",
        "ARROW",
        "ARROWS",
        "ARCH",
        "BLOCK",
    ];
    if keywords.contains(&new_name) {
        return Err(format!(
            "“{new_name}” cannot be a terrain name: the game reads it as a keyword"
        ));
    }
    Ok(())
}

fn valid_creature_name(new_name: &str, old: &str) -> Result<(), String> {
    if new_name.is_empty() || !new_name.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(format!(
            "“{new_name}” cannot be a creature’s name: the game reads only the letters A–Z and a–z in one (no digits, blanks or other signs)"
        ));
    }
    if new_name.len() == 1 {
        return Err(format!(
            "“{new_name}” cannot be a creature’s name: a single letter is read as a terrain letter in an ACQUIRABLE line; use two letters or more"
        ));
    }
    if [
        "true",
        "false",
        "ACQUIRABLE",
        "TITANIMPROVE",
        "TITANTELEPORT",
    ]
    .contains(&new_name)
    {
        return Err(format!(
            "“{new_name}” cannot be a creature’s name: the game reads it as a keyword"
        ));
    }
    if new_name != old && (PSEUDO_CREATURES.contains(&new_name) || REQUIRED.contains(&new_name)) {
        return Err(format!(
            "“{new_name}” cannot be a creature’s name here: the game gives this name its own meaning"
        ));
    }
    Ok(())
}

fn valid_terrain_letter(new_name: &str) -> Result<char, String> {
    let mut chars = new_name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            if c == 'T' {
                Err("“T” is the Tower’s letter, which the game finds the towers by; choose another letter".to_string())
            } else {
                Ok(c)
            }
        }
        _ => Err(format!(
            "“{new_name}” cannot be a terrain letter: a terrain is one letter, A–Z or a–z"
        )),
    }
}

fn valid_hex_label(new_name: &str) -> Result<i64, String> {
    let refuse = || {
        format!(
            "“{new_name}” cannot be a hex label: a label is a whole number from 1 to 2147483647, written without a sign or leading zeros"
        )
    };
    if new_name.is_empty()
        || !new_name.bytes().all(|b| b.is_ascii_digit())
        || new_name.starts_with('0')
    {
        return Err(refuse());
    }
    new_name
        .parse::<i64>()
        .ok()
        .filter(|n| (1..=i64::from(i32::MAX)).contains(n))
        .ok_or_else(refuse)
}
