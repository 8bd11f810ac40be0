//! Go to definition and find references in a variant: a creature named in a TER is defined by
//! the CRE the variant reads, a terrain letter of the MAP by the TER it reads, an exit's hex
//! label by that hex's line, and a VAR's file and variant names by those files. Files are the
//! ones the game would read (the variant's folder, its DEPEND variants, Default), as the checks
//! resolve them.

use std::ops::Range;
use std::path::{Path, PathBuf};

use super::cre::CreView;
use super::map::MapView;
use super::ter::TerView;
use super::variant::{self, Variant};
use crate::answers::Target;
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

/// The name at `offset`, and whether it is where that name is defined.
fn name_at(doc: &Document, offset: usize) -> Option<(Name, bool)> {
    match doc.format()? {
        FormatId::ColossusCre => {
            let view = CreView::of(doc);
            let creature = view
                .creatures
                .iter()
                .find(|c| contains(&c.name.range, offset))?;
            Some((Name::Creature(creature.name.text.clone()), true))
        }
        FormatId::ColossusTer => {
            let view = TerView::of(doc);
            for terrain in &view.terrains {
                if contains(&terrain.letter.range, offset) {
                    return Some((Name::Terrain(terrain.letter.text.clone()), true));
                }
                if let Some(r) = terrain
                    .recruits
                    .iter()
                    .find(|r| contains(&r.creature.range, offset))
                {
                    return Some((Name::Creature(r.creature.text.clone()), false));
                }
            }
            let a = view
                .acquirables
                .iter()
                .find(|a| contains(&a.creature.range, offset))?;
            Some((Name::Creature(a.creature.text.clone()), false))
        }
        FormatId::ColossusMap => {
            let view = MapView::of(doc);
            for hex in &view.hexes {
                if contains(&hex.label.range, offset) {
                    return Some((Name::Hex(hex.label.value?), true));
                }
                if let Some(terrain) = hex.terrain.as_ref().filter(|t| contains(&t.range, offset)) {
                    return Some((Name::Terrain(terrain.text.clone()), false));
                }
                if let Some(exit) = hex.exits.iter().find(|e| contains(&e.label.range, offset)) {
                    return Some((Name::Hex(exit.label.value?), false));
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

/// The places naming what the name at the cursor names, in the files of `format` that the
/// folder's variants read beside its definition's file (the TERs of every variant reading the
/// CRE that defines a creature, say): `files_of` gives a variant's defining file and the file
/// it reads beside it, `named` the ranges of the name in such a file. The definitions come
/// first when asked for.
fn uses(
    (doc, offset, files, include_declaration): (&Document, usize, &dyn Files, bool),
    files_of: impl Fn(&Variant) -> (Option<&Path>, Option<PathBuf>),
    format: FormatId,
    named: impl Fn(&Document) -> Vec<Range<usize>>,
) -> Vec<Target> {
    let definitions = definition(doc, offset, files);
    let Some(defined_in) = definitions.first().map(|t| t.path.clone()) else {
        return Vec::new();
    };
    let mut found = if include_declaration {
        definitions
    } else {
        Vec::new()
    };
    let readers = readers(doc, files, |v| {
        let (defining, reader) = files_of(v);
        (defining == Some(defined_in.as_path()))
            .then_some(reader)
            .flatten()
    });
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

/// The files `pick` chooses from each variant of the folder `doc`'s variant is in (its own
/// first), each once: the TERs of the variants that read a CRE, say.
fn readers(
    doc: &Document,
    files: &dyn Files,
    pick: impl Fn(&Variant) -> Option<PathBuf>,
) -> Vec<PathBuf> {
    let Some(own) = Variant::of_doc(doc, files) else {
        return Vec::new();
    };
    let mut dirs = vec![own.dir.clone()];
    if let Some(root) = own.dir.parent()
        && let Ok(entries) = std::fs::read_dir(root)
    {
        let mut others: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir() && *p != own.dir)
            .collect();
        others.sort();
        dirs.extend(others);
    }
    let mut picked: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let variant = if dir == own.dir {
            own.clone()
        } else if variant::var_file(&dir, files).is_some() {
            Variant::of_dir(&dir, files)
        } else {
            continue;
        };
        if let Some(path) = pick(&variant)
            && !picked.contains(&path)
        {
            picked.push(path);
        }
    }
    picked
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
