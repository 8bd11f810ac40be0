//! Game sense: what the game accepts but a modder did not mean. A VAR that leaves its own
//! folder's files unread, files no variant uses, terrains on no hex, creatures no one can get,
//! hexes no legion can reach, and starting creatures the Tower should not give.
//!
//! A file may serve several variants (Badlands and Outlands use `Default.cre`): what is unused
//! is unused by every variant beside it (the folders next to its variant's folder, each with a
//! VAR) that uses the file.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::codes;
use super::cre::{CreView, REQUIRED, Roster};
use super::map::MapView;
use super::ter::{PSEUDO_CREATURES, TerView};
use super::var::VarView;
use super::variant::{DEFAULT, Resolved, Variant, load, shown, var_file, variant_dir};
use crate::findings::{Finding, Fix, TextEdit};
use crate::formats::Files;
use crate::formats::editor::Quick;
use crate::registry::FormatId;
use crate::syntax::Document;

/// More folders than any game's variants folder holds: past it the checks that read every
/// variant beside a file stay silent.
const MAX_VARIANTS: usize = 200;

/// The three files a VAR names, with their record key and extension.
pub const KINDS: [(&str, &str, FormatId); 3] = [
    ("MAP", "map", FormatId::ColossusMap),
    ("TER", "ter", FormatId::ColossusTer),
    ("CRE", "cre", FormatId::ColossusCre),
];

/// Whether the game gives up on a variant: a file its VAR names (or the Default one it
/// implies) is nowhere, so the game falls back to the whole Default variant and uses none of
/// the variant's files.
/// Without a Default folder beside it, what the game does is unknown: the variant counts as
/// what it names.
fn fails(variant: &Variant, files: &dyn Files) -> bool {
    let root = variant.dir.parent().unwrap_or(&variant.dir);
    [&variant.map, &variant.ter, &variant.cre]
        .iter()
        .any(|r| r.path.is_none() && r.outside.is_none())
        && files.is_dir(&root.join(DEFAULT))
}

/// The variants in the folders beside `dir` (itself included) that have a VAR, by folder name;
/// `None` when there are too many to read. Worked out once while the folders and their VARs
/// stay the same (a keystroke in a TER asked twice, each time copying every variant of a
/// folder of fifty: a sixth of its check).
pub fn variants_beside(dir: &Path, files: &dyn Files) -> Option<Arc<Vec<Variant>>> {
    let root = dir.parent()?;
    crate::formats::remembered(files, root, || {
        let mut dirs: Vec<PathBuf> = files
            .list(root)?
            .iter()
            .filter(|p| files.is_dir(p))
            .take(MAX_VARIANTS + 1)
            .cloned()
            .collect();
        if dirs.len() > MAX_VARIANTS {
            return None;
        }
        dirs.sort();
        Some(Arc::new(
            dirs.into_iter()
                .filter(|d| var_file(d, files).is_some())
                .map(|d| Variant::of_dir(&d, files))
                .collect(),
        ))
    })
}

/// The file of a kind a variant uses.
fn uses(variant: &Variant, format: FormatId) -> &Resolved {
    match format {
        FormatId::ColossusMap => &variant.map,
        FormatId::ColossusTer => &variant.ter,
        _ => &variant.cre,
    }
}

/// The variants beside `path` that use it as their file of `format`; when none does, the
/// variant of its own folder (whose context the other checks read too).
pub(super) fn users(doc: &Document, format: FormatId, files: &dyn Files) -> Vec<Variant> {
    let Some(path) = doc.path() else {
        return Vec::new();
    };
    let Some(dir) = variant_dir(path, format) else {
        return Vec::new();
    };
    let users: Vec<Variant> = variants_beside(&dir, files)
        .unwrap_or_default()
        .iter()
        // The cheap test first: a folder of fifty variants, read on every keystroke.
        .filter(|v| uses(v, format).path.as_deref() == Some(path) && !fails(v, files))
        .cloned()
        .collect();
    if users.is_empty() {
        Variant::of_doc(doc, files)
            .filter(|v| !fails(v, files))
            .into_iter()
            .collect()
    } else {
        users
    }
}

/// The text files of an extension in a folder, by name (a `chit.map` picture is no map).
pub(super) fn files_with_extension(dir: &Path, extension: &str, files: &dyn Files) -> Vec<PathBuf> {
    let Some(entries) = files.list(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .iter()
        .filter(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(extension))
        })
        .take(MAX_VARIANTS)
        .filter(|p| files.read(p).is_some())
        .cloned()
        .collect();
    found.sort();
    found
}

pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The first line of a document, without its line break: where a finding about the whole
/// file goes.
fn first_line(doc: &Document) -> Range<usize> {
    let text = doc.slice(0..doc.rope().len_bytes().min(4096));
    0..text.find(['\r', '\n']).unwrap_or(text.len())
}

/// How a resolved file reads in a message: its name and where it is, or that it is missing.
fn described(resolved: &Resolved, dir: &Path) -> String {
    match &resolved.path {
        Some(path) => format!("{} ({})", resolved.name, shown(path, dir)),
        None => format!("{} (not found)", resolved.name),
    }
}

/// What the game does when a file it looks for is not found.
const FALLBACK: &str = "a file not found makes the game fall back to the whole Default variant";

/// VAR: records missing for kinds of which the variant's folder holds files of its own (one
/// finding for them all).
pub fn check_var(doc: &Document, view: &VarView, files: &dyn Files, out: &mut Vec<Finding>) {
    let Some(dir) = doc.path().and_then(Path::parent) else {
        return;
    };
    if doc.tree().is_none_or(|t| t.root_node().has_error()) {
        return; // the game fails reading it and uses Default: the syntax error comes first
    }
    let variant = Variant::from_var(dir, Some(view), files);
    // Each kind without a record whose default is not this folder's own file: the record it
    // needs, what the game reads instead, and the folder's files of that kind.
    let mut unnamed: Vec<(&str, String, Vec<String>)> = Vec::new();
    for (key, extension, format) in KINDS {
        if view.last(key).is_some() {
            continue;
        }
        let resolved = uses(&variant, format);
        if resolved.path.as_deref().and_then(Path::parent) == Some(dir) {
            continue; // the default name is this folder's own file
        }
        let own: Vec<String> = files_with_extension(dir, extension, files)
            .iter()
            .map(|p| file_name(p))
            .collect();
        if !own.is_empty() {
            unnamed.push((key, described(resolved, dir), own));
        }
    }
    if unnamed.is_empty() {
        return;
    }
    let records = unnamed
        .iter()
        .map(|(key, _, _)| format!("{key}:"))
        .collect::<Vec<_>>()
        .join(" and no ");
    let used = unnamed
        .iter()
        .map(|(_, used, _)| used.as_str())
        .collect::<Vec<_>>()
        .join(" and ");
    let own = unnamed
        .iter()
        .map(|(_, _, own)| {
            own.iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(" and ");
    let fallback = if used.contains("(not found)") {
        format!("; {FALLBACK}")
    } else {
        String::new()
    };
    let lines: Vec<String> = unnamed
        .iter()
        .map(|(key, _, own)| {
            own.iter()
                .map(|n| format!("“{key}:{n}”"))
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .collect();
    // One fix naming every file, when each kind has one file in the folder.
    let rope = doc.rope();
    let end = rope.len_bytes();
    let ends_with_break = end > 0 && matches!(rope.byte(end - 1), b'\n' | b'\r');
    let brk = super::record::record_break(rope);
    let fix = unnamed.iter().all(|(_, _, own)| own.len() == 1).then(|| {
        let added: Vec<String> = unnamed
            .iter()
            .map(|(key, _, own)| format!("{key}:{}", own[0]))
            .collect();
        let mut insert = String::new();
        if end > 0 && !ends_with_break {
            insert.push_str(brk);
        }
        for line in &added {
            insert.push_str(line);
            if end == 0 || ends_with_break || !std::ptr::eq(line, added.last().unwrap()) {
                insert.push_str(brk);
            }
        }
        let title = added
            .iter()
            .map(|l| format!("“{l}”"))
            .collect::<Vec<_>>()
            .join(" and ");
        Fix::one(format!("Add {title}"), TextEdit::insert(end, insert)).preferred()
    });
    out.push(
        Finding::new(
            codes::OWN_FILE_UNNAMED,
            first_line(doc),
            format!(
                "this VAR has no {records} record, so the game uses {used}{fallback}; it never reads \
{own} in this folder (the findings shown there are about the files the game does use): add {}",
                lines.join(" and ")
            ),
        )
        .with_fix(fix),
    );
}

/// MAP, TER, CRE or battleland: a file in a variant's folder (one with a VAR) that no variant
/// beside it uses.
pub fn check_unused(doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
    let (Some(path), Some(format)) = (doc.path(), doc.format()) else {
        return;
    };
    let Some(dir) = variant_dir(path, format) else {
        return;
    };
    let Some(var) = var_file(&dir, files) else {
        return; // not a variant's folder: nothing says what should use it
    };
    let var_broken = files
        .document(&var, FormatId::ColossusVar)
        .is_none_or(|d| d.tree().is_none_or(|t| t.root_node().has_error()));
    if var_broken {
        return; // the game fails reading it: its syntax error comes first
    }
    let Some(variants) = variants_beside(&dir, files) else {
        return;
    };
    let name = file_name(path);
    let var_name = file_name(&var);
    let own = variants.iter().find(|v| v.dir == dir);
    if own.is_some_and(|v| fails(v, files)) {
        // A file its VAR names is missing (said there, with the file to name instead): what
        // the variant would use is not known until it is found.
        return;
    }
    let message = if format == FormatId::ColossusBattleland {
        let mut used = false;
        for variant in variants
            .iter()
            .filter(|v| !fails(v, files) && v.search_path.contains(&dir))
        {
            let Some(ter_doc) = load(&variant.ter, FormatId::ColossusTer, files) else {
                return; // its terrains are unknown: it may use this file
            };
            if ter_doc.tree().is_none_or(|t| t.root_node().has_error()) {
                return;
            }
            let ter = TerView::of(&ter_doc);
            used |= ter
                .terrains
                .iter()
                .filter_map(|t| t.name.as_ref())
                .any(|n| variant.battleland(&n.text, files).path.as_deref() == Some(path));
        }
        if used {
            return;
        }
        format!(
            "no terrain uses this battleland: a battleland is the file named like a terrain's name \
(the third field of a TER line), and no terrain of the variants that search {}/Battlelands is \
named {name}; rename the file after a terrain's name, or give a terrain that name",
            file_name(&dir)
        )
    } else {
        if variants
            .iter()
            .any(|v| !fails(v, files) && uses(v, format).path.as_deref() == Some(path))
        {
            return;
        }
        let Some((key, _, _)) = KINDS.iter().find(|(_, _, f)| *f == format) else {
            return;
        };
        let named = files
            .document(&var, FormatId::ColossusVar)
            .map(|d| VarView::of(&d).last(key).map(|e| e.value.text.clone()));
        let why = match named {
            Some(Some(named)) => format!("{var_name} names “{key}:{named}”"),
            _ => {
                let used = own.map_or_else(String::new, |v| described(uses(v, format), &dir));
                let fallback = if used.contains("(not found)") {
                    format!("; {FALLBACK}")
                } else {
                    String::new()
                };
                format!("{var_name} has no {key}: record, so the game uses {used}{fallback}")
            }
        };
        format!(
            "no variant uses this file: {why}; the game never reads {name}, and its findings are \
not about the game: to use it, write “{key}:{name}” in {var_name}"
        )
    };
    out.push(Finding::new(codes::UNUSED_FILE, first_line(doc), message));
}

/// The terrains of the map hexes (letters, or names from 2003-10), or `None` when the map has
/// errors (some hexes may be unread); kept with the map's text, as every keystroke in a TER
/// asks for them.
fn map_terrains(map: &Document) -> Option<Arc<HashSet<String, Quick>>> {
    struct MapTerrains(Option<Arc<HashSet<String, Quick>>>);
    map.memo(|| {
        let view = MapView::of(map);
        MapTerrains(
            view.line_errors
                .is_empty()
                .then(|| Arc::new(view.hexes.iter().filter_map(|h| h.terrain_key()).collect())),
        )
    })
    .0
    .clone()
}

/// TER: a terrain no hex of any map using it has, and starting creatures that are not
/// regular creatures recruited from Anything.
pub fn check_ter(doc: &Document, view: &TerView, files: &dyn Files, out: &mut Vec<Finding>) {
    let users = users(doc, FormatId::ColossusTer, files);
    let dir = doc
        .path()
        .and_then(|p| variant_dir(p, FormatId::ColossusTer))
        .unwrap_or_default();
    let mut maps = Vec::new();
    let mut on_hexes = Vec::new();
    for variant in users
        .iter()
        .filter(|v| v.map.path.is_some() || v.map.outside.is_some())
    {
        let Some(map_doc) = load(&variant.map, FormatId::ColossusMap, files) else {
            maps.clear();
            break; // a map that cannot be read may have any terrain
        };
        let Some(found) = map_terrains(&map_doc) else {
            maps.clear();
            break;
        };
        on_hexes.push(found);
        maps.push(shown(map_doc.path().unwrap_or(Path::new("")), &dir));
    }
    maps.dedup();
    if !maps.is_empty() {
        let on_a_hex = |key: &str| on_hexes.iter().any(|keys| keys.contains(key));
        let mut seen: HashSet<String, Quick> = HashSet::default();
        let named = view.named();
        for terrain in &view.terrains {
            // A line of the other dialect is a syntax error of its own.
            if terrain.named != named {
                continue;
            }
            let key = if named {
                terrain.key().to_string()
            } else {
                let Some(letter) = terrain.letter_char() else {
                    continue;
                };
                letter.to_string()
            };
            // The Tower's absence is the map's too-few-towers (from 2003-10 the towers are the
            // terrains whose battleland says TOWER); a second line of a key is the
            // duplicate-terrain warning.
            if (!named && key == "T") || on_a_hex(&key) || !seen.insert(key.clone()) {
                continue;
            }
            let message = if named {
                format!(
                    "terrain {key} is on no hex of {}: its recruits and its battleland never come \
into play; give some hexes the terrain {key}, or remove this line",
                    maps.join(" or ")
                )
            } else {
                let name = terrain
                    .name
                    .as_ref()
                    .map_or_else(String::new, |n| format!(" ({})", n.text));
                format!(
                    "terrain {key}{name} is on no hex of {}: its recruits and its battleland never \
come into play; give some hexes the letter {key}, or remove this line",
                    maps.join(" or ")
                )
            };
            out.push(Finding::new(
                codes::UNUSED_TERRAIN,
                terrain.letter.range.clone(),
                message,
            ));
        }
    }
    check_starters(doc, view, files, out);
}

/// The Tower's starting creatures should be regular creatures (neither lord nor demilord)
/// recruited from Anything, as the documentation asks: the game takes the first three
/// recruits that count 0 or more and are no pseudo-creature, whatever comes before them.
fn check_starters(doc: &Document, view: &TerView, files: &dyn Files, out: &mut Vec<Finding>) {
    let Some(tower) = view.terrain('T') else {
        return;
    };
    if tower.broken {
        return;
    }
    let roster = Variant::of_doc(doc, files)
        .and_then(|v| load(&v.cre, FormatId::ColossusCre, files).map(|d| (v, d)))
        .map(|(v, d)| {
            let name = shown(d.path().unwrap_or(Path::new("")), &v.dir);
            (Roster::of(&d), name)
        });
    let starters = tower.starting_creatures();
    let names: Vec<&str> = starters.iter().map(|r| r.creature.text.as_str()).collect();
    for starter in &starters {
        let at = tower
            .recruits
            .iter()
            .position(|r| std::ptr::eq(r, *starter))
            .unwrap_or(0);
        let from = tower.recruits[..at]
            .iter()
            .rev()
            .find(|r| PSEUDO_CREATURES.contains(&r.creature.text.as_str()));
        let name = starter.creature.text.as_str();
        let mut reasons = Vec::new();
        if let Some(from) = from.filter(|r| r.creature.text != "Anything") {
            reasons.push(format!(
                "it is recruited from {} (it comes after “{} {}”)",
                from.creature.text,
                doc.slice(from.count.range.clone()),
                from.creature.text,
            ));
        }
        if let Some((roster, cre_name)) = &roster {
            let it = if reasons.is_empty() { "it " } else { "" };
            if roster.lord(name) == Some(true) {
                reasons.push(format!("{it}is a lord in {cre_name}"));
            } else if roster.demilord(name) == Some(true) {
                reasons.push(format!("{it}is a demilord in {cre_name}"));
            }
        }
        if reasons.is_empty() {
            continue;
        }
        out.push(Finding::new(
            codes::NON_STARTER,
            starter.creature.range.clone(),
            format!(
                "{name} becomes a starting creature (players start with {}), but {}; the game takes \
the first three recruits of the Tower that count 0 or more and are not Anything, AnyNonLord, Lord \
or Titan, and the documentation asks for regular creatures recruited with zero of Anything: put \
one before it, such as “0 Anything 0 Ogre”",
                names.join(", "),
                reasons.join(" and ")
            ),
        ));
    }
}

/// CRE: a creature that counts (field 17 above 0) but that no terrain recruits and no
/// ACQUIRABLE line names, in every variant using the file. Angel, Archangel and Titan are the
/// game's own (it refers to them by name).
pub fn check_cre(doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
    let users = users(doc, FormatId::ColossusCre, files);
    let dir = doc
        .path()
        .and_then(|p| variant_dir(p, FormatId::ColossusCre))
        .unwrap_or_default();
    let mut ters = Vec::new();
    let mut obtainable: HashSet<String> = HashSet::new();
    for variant in users
        .iter()
        .filter(|v| v.ter.path.is_some() || v.ter.outside.is_some())
    {
        let Some(ter_doc) = load(&variant.ter, FormatId::ColossusTer, files) else {
            return; // its recruits are unknown
        };
        if ter_doc.tree().is_none_or(|t| t.root_node().has_error()) {
            return; // a chain may be cut short
        }
        obtainable.extend(obtainable_creatures(&TerView::of(&ter_doc)));
        ters.push(shown(ter_doc.path().unwrap_or(Path::new("")), &dir));
    }
    if ters.is_empty() {
        return;
    }
    ters.dedup();
    let view = CreView::of(doc);
    let mut seen = HashSet::new();
    for creature in &view.creatures {
        let name = creature.name.text.as_str();
        if REQUIRED.contains(&name)
            || !seen.insert(name)
            || obtainable.contains(name)
            || creature
                .max_count
                .as_ref()
                .is_none_or(|c| c.value.is_none_or(|v| v <= 0))
        {
            continue;
        }
        out.push(Finding::new(
            codes::UNOBTAINABLE_CREATURE,
            creature.name.range.clone(),
            format!(
                "{name} never comes into a game: no terrain of {} recruits it (a count of 0 or more \
before its name in a recruit chain) and no ACQUIRABLE line names it; add it to a chain, or set its \
count (field 17) to 0 to keep it for the AI only, as TitanPlus does",
                ters.join(" or ")
            ),
        ));
    }
}

/// The creatures a TER lets players get: recruits that count 0 or more, and acquirables.
pub fn obtainable_creatures(ter: &TerView) -> BTreeSet<String> {
    ter.terrains
        .iter()
        .flat_map(|t| &t.recruits)
        .filter(|r| r.count.value.is_some_and(|c| c >= 0))
        .map(|r| r.creature.text.to_string())
        .chain(ter.acquirables.iter().map(|a| a.creature.text.to_string()))
        .collect()
}

/// MAP: hexes no tower reaches. Legions start in the towers (of the era: terrain T, or from
/// 2002-11 the terrains whose battleland says TOWER) and move out of a hex only along its
/// exits, to a neighbouring hex (the game ignores other exits).
pub fn check_map(view: &MapView, era: &super::map::EraOf, out: &mut Vec<Finding>) {
    if !view.line_errors.is_empty() || view.hexes.iter().any(|h| h.broken) || !era.towers_known {
        return;
    }
    let mut first: HashMap<i64, usize, Quick> =
        HashMap::with_capacity_and_hasher(view.hexes.len(), Quick::default());
    for (i, hex) in view.hexes.iter().enumerate() {
        if let Some(label) = hex.label.value {
            first.entry(label).or_insert(i);
        }
    }
    let mut reached = vec![false; view.hexes.len()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for (i, hex) in view.hexes.iter().enumerate() {
        if hex
            .terrain_key_str()
            .is_some_and(|t| era.towers.iter().any(|tower| tower == t))
            && hex.label.value.and_then(|l| first.get(&l)) == Some(&i)
        {
            reached[i] = true;
            queue.push_back(i);
        }
    }
    if queue.is_empty() {
        return; // no towers: too-few-towers says so
    }
    while let Some(i) = queue.pop_front() {
        let hex = &view.hexes[i];
        for exit in &hex.exits {
            let Some(label) = exit.label.value.filter(|&l| l != 0) else {
                continue;
            };
            let Some(&j) = first.get(&label) else {
                continue; // unknown-exit
            };
            let (Some((x1, y1)), Some((x2, y2))) = (hex.position(), view.hexes[j].position())
            else {
                continue;
            };
            let adjacent = (x1 == x2 && (y1 - y2).abs() == 1) || (y1 == y2 && (x1 - x2).abs() == 1);
            if adjacent && !reached[j] {
                reached[j] = true;
                queue.push_back(j);
            }
        }
    }
    for (i, hex) in view.hexes.iter().enumerate() {
        let Some(label) = hex.label.value else {
            continue;
        };
        if reached[i] || first.get(&label) != Some(&i) {
            continue;
        }
        out.push(Finding::new(
            codes::UNREACHABLE_HEX,
            hex.label.range.clone(),
            format!(
                "no legion can reach hex {label}: legions start in the towers ({}) and leave a \
hex only along its exits, and no chain of exits from a tower leads here; give a neighbouring hex \
that is reached an exit “{label} ARROW” to it",
                era.towers_told
            ),
        ));
    }
}

/// What the checks above read of a TER beyond its letters: its terrain names (battlelands in
/// use) and the creatures it lets players get (a CRE's unobtainable creatures); of a VAR, its
/// records (which files are in use). Part of [`super::variant::exported`].
pub fn exported(doc: &Document, hasher: &mut impl std::hash::Hasher) {
    use std::hash::Hash;
    match doc.format() {
        Some(FormatId::ColossusTer) => {
            let ter = TerView::of(doc);
            let names: Vec<&str> = ter
                .terrains
                .iter()
                .filter_map(|t| t.name.as_ref().map(|n| n.text.as_str()))
                .collect();
            names.hash(hasher);
            obtainable_creatures(&ter).hash(hasher);
        }
        Some(FormatId::ColossusVar) => {
            let view = VarView::of(doc);
            for entry in &view.entries {
                (entry.kind(), &entry.value.text).hash(hasher);
            }
            doc.tree()
                .is_some_and(|t| t.root_node().has_error())
                .hash(hasher);
        }
        _ => {}
    }
}

/// The files whose findings above read `doc` (beyond the readers
/// [`super::variant::dependents`] finds in each variant's own folder): of a MAP the TERs of
/// the variants using it (their unused terrains), of a TER the CREs of the variants using it
/// and the battlelands along their search paths, of a VAR the MAP, TER, CRE and battleland
/// files along its variant's search path.
pub fn dependents(doc: &Document, files: &dyn Files) -> Vec<PathBuf> {
    let (Some(path), Some(format)) = (doc.path(), doc.format()) else {
        return Vec::new();
    };
    let Some(dir) = variant_dir(path, format) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let battlelands = |variant: &Variant, out: &mut Vec<PathBuf>| {
        for folder in &variant.search_path {
            if let Some(entries) = files.list(&folder.join("Battlelands")) {
                out.extend(
                    entries
                        .iter()
                        .filter(|p| p.extension().is_none() && files.exists(p))
                        .take(MAX_VARIANTS)
                        .cloned(),
                );
            }
        }
    };
    match format {
        FormatId::ColossusVar => {
            let variant = Variant::of_dir(&dir, files);
            for folder in &variant.search_path {
                for (_, extension, _) in KINDS {
                    out.extend(files_with_extension(folder, extension, files));
                }
            }
            battlelands(&variant, &mut out);
        }
        FormatId::ColossusMap | FormatId::ColossusTer => {
            for variant in variants_beside(&dir, files).unwrap_or_default().iter() {
                if uses(variant, format).path.as_deref() != Some(path) {
                    continue;
                }
                if format == FormatId::ColossusMap {
                    out.extend(variant.ter.path.clone());
                } else {
                    out.extend(variant.cre.path.clone());
                    battlelands(variant, &mut out);
                }
            }
        }
        _ => {}
    }
    out.retain(|p| p != path);
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::DiskFiles;

    fn fixture(path: &str, format: FormatId) -> Document {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/colossus")
            .join(path);
        let text = std::fs::read_to_string(&path).unwrap();
        Document::new(Some(format), &text).with_path(Some(path))
    }

    fn names(paths: &[PathBuf]) -> Vec<String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus");
        paths
            .iter()
            .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn a_ter_is_read_by_the_cres_and_battlelands_of_the_variants_using_it() {
        let ter = fixture("Sense/Sense.ter", FormatId::ColossusTer);
        let readers = names(&super::super::variant::dependents(&ter, &DiskFiles));
        for reader in [
            "Sense/Sense.cre",
            "Sense/Sense.map",
            "Sense/Battlelands/Jungle",
            "Sense/Battlelands/Woods",
        ] {
            assert!(readers.iter().any(|r| r == reader), "{reader}: {readers:?}");
        }
        // Borrowed.map (Shared's map) holds terrains of Sense.ter: the TER reads it.
        let map = fixture("Sense/Borrowed.map", FormatId::ColossusMap);
        let readers = names(&super::super::variant::dependents(&map, &DiskFiles));
        assert!(
            readers.iter().any(|r| r == "Sense/Sense.ter"),
            "{readers:?}"
        );
    }

    #[test]
    fn what_a_ter_and_a_var_export_follows_what_the_checks_read() {
        let exported = |text: &str, format| {
            let doc = Document::new(Some(format), text);
            super::super::variant::exported(&doc)
        };
        let ter =
            "T grey Tower false 0 Anything 0 Centaur 0 Anything 0 Gargoyle 0 Anything 0 Ogre\n";
        let base = exported(ter, FormatId::ColossusTer);
        // A colour is read by no other file; a recruit and a terrain name are.
        assert_eq!(
            base,
            exported(&ter.replace("grey", "blue"), FormatId::ColossusTer)
        );
        assert_ne!(
            base,
            exported(&ter.replace("Ogre", "Troll"), FormatId::ColossusTer)
        );
        assert_ne!(
            base,
            exported(&ter.replace("Tower", "Keep"), FormatId::ColossusTer)
        );
        let var = exported("MAP:A.map\n", FormatId::ColossusVar);
        assert!(var.is_some());
        assert_ne!(var, exported("MAP:B.map\n", FormatId::ColossusVar));
    }
}
