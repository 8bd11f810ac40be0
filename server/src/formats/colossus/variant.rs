//! A variant as the game assembles it: the VAR in the variant's folder names the MAP, TER and
//! CRE, found along the search path (the variant's folder, the folders of the variants it
//! depends on, then `Default`); battlelands are found the same way in each folder's
//! `Battlelands`. Cross-file mistakes are reported in the file that holds them.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use super::codes;
use super::cre::Roster;
use super::map::MapView;
use super::syntax::{candidates, nearest};
use super::ter::{PSEUDO_CREATURES, TerView};
use super::var::VarView;
use crate::answers::Link;
use crate::findings::{Finding, Fix, TextEdit, line_with_break, plural};
use crate::formats::editor::Quick;
use crate::formats::{Files, Loaded, unsupported_dialect};
use crate::registry::FormatId;
use crate::syntax::Document;

/// The variant every other one falls back on.
pub const DEFAULT: &str = "Default";

/// A file the variant uses, as named and as found.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub name: String,
    pub path: Option<PathBuf>,
    /// The folders searched, in order.
    pub looked_in: Vec<PathBuf>,
    /// The file the game would use when it is a link that leads out of the variants' folder:
    /// Retroboard does not read it (and `path` is `None`).
    pub outside: Option<PathBuf>,
}

#[derive(Debug, Clone)]
pub struct Variant {
    /// The variant's folder.
    pub dir: PathBuf,
    pub search_path: Vec<PathBuf>,
    /// Where the files it looks up may lead, links resolved (see [`reachable`]).
    pub reachable: Vec<PathBuf>,
    pub map: Resolved,
    pub ter: Resolved,
    pub cre: Resolved,
}

/// The folder of the variant a file belongs to: its own folder, or for a battleland the folder
/// above `Battlelands`.
pub fn variant_dir(path: &Path, format: FormatId) -> Option<PathBuf> {
    let parent = path.parent()?;
    if format == FormatId::ColossusBattleland {
        parent.parent().map(Path::to_path_buf)
    } else {
        Some(parent.to_path_buf())
    }
}

/// The creatures a TER recruits that the CRE of another variant reading this TER lacks: the
/// game of that variant meets a name it does not know. Names its own CRE lacks too are said
/// once, by the TER's own check.
fn check_ter_for_other_variants(
    doc: &Document,
    view: &TerView,
    variant: &Variant,
    files: &dyn Files,
    out: &mut Vec<Finding>,
) {
    let own = load(&variant.cre, FormatId::ColossusCre, files).map(|cre| Roster::of(&cre));
    let name = super::sense::file_name;
    let ter_name = doc.path().map_or_else(String::new, name);
    let own_cre = variant
        .cre
        .path
        .as_deref()
        .map(|cre| format!("; {}'s own {} has it", name(&variant.dir), name(cre)))
        .unwrap_or_default();
    let recruits = || {
        view.terrains
            .iter()
            .flat_map(|t| t.recruits.iter().map(|r| &r.creature))
            .chain(view.acquirables.iter().map(|a| &a.creature))
    };
    let cre_of = |v: &Variant| v.cre.clone();
    for (other, cre_doc) in other_readers(doc, variant, cre_of, FormatId::ColossusCre, files) {
        let cre = Roster::of(&cre_doc);
        if cre.is_empty() {
            continue;
        }
        let cre_name = cre_doc.path().map_or_else(String::new, name);
        let var = var_file(&other.dir, files).map_or_else(String::new, |v| name(&v));
        for creature in recruits() {
            let creature_name = creature.text.as_str();
            let known = |roster: &Roster| roster.lord(creature_name).is_some();
            if PSEUDO_CREATURES.contains(&creature_name)
                || known(&cre)
                || own.as_ref().is_some_and(|own| !known(own))
            {
                continue;
            }
            let finding = Finding::new(
                codes::UNKNOWN_CREATURE,
                creature.range.clone(),
                format!(
                    "there is no creature called {creature_name} for {}: {var} reads {ter_name} \
with {cre_name}, which has no {creature_name}{own_cre}",
                    name(&other.dir)
                ),
            );
            let why = format!(
                "{} recruits from {ter_name} with {cre_name}, which has no {creature_name}",
                name(&other.dir)
            );
            out.push(finding.with_related(var_line(&other.dir, "CRE", why, files)));
        }
    }
}

/// The other variants that read `doc` with another file of a kind (`file_of` a variant, in
/// `format`) than `variant` does, each with that file: what a file shared by variants is
/// checked against for each of them.
fn other_readers<'f>(
    doc: &Document,
    variant: &Variant,
    file_of: impl Fn(&Variant) -> Resolved,
    format: FormatId,
    files: &'f dyn Files,
) -> Vec<(Variant, Loaded<'f>)> {
    let own = file_of(variant).path;
    let Some(doc_format) = doc.format() else {
        return Vec::new();
    };
    super::sense::users(doc, doc_format, files)
        .into_iter()
        .filter(|other| other.dir != variant.dir && file_of(other).path != own)
        .filter_map(|other| {
            let file = load(&file_of(&other), format, files)?;
            Some((other, file))
        })
        .collect()
}

/// The line of the VAR in `dir` that names the variant's `kind` file (`TER`), else its first
/// line, as a place a finding in a shared file is about.
fn var_line(
    dir: &Path,
    kind: &str,
    message: String,
    files: &dyn Files,
) -> Option<crate::findings::Related> {
    let path = var_file(dir, files)?;
    let var = files.document(&path, FormatId::ColossusVar)?;
    let range = super::var::VarView::of(&var)
        .entries
        .iter()
        .find(|e| e.kind() == kind)
        .map_or(0..0, |e| e.range.clone());
    Some(crate::findings::Related::at(
        &path,
        var.rope(),
        range,
        message,
    ))
}

/// The place `range` of `file`, a file the variant reads, as a place a finding names; none for
/// a file without a path.
fn place_in(
    file: &Document,
    range: std::ops::Range<usize>,
    message: String,
) -> Option<crate::findings::Related> {
    Some(crate::findings::Related::at(
        file.path()?,
        file.rope(),
        range,
        message,
    ))
}

/// The VAR of a variant folder: `<folder name>.var`, else the first `.var` in it; none when
/// that is a link leading out of the variants' folder.
pub fn var_file(dir: &Path, files: &dyn Files) -> Option<PathBuf> {
    let named = dir
        .file_name()
        .map(|n| dir.join(format!("{}.var", n.to_string_lossy())));
    let var = match named.filter(|p| files.exists(p)) {
        Some(named) => named,
        None => {
            let mut vars: Vec<PathBuf> = files
                .list(dir)?
                .iter()
                .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("var")))
                .filter(|p| files.exists(p))
                .cloned()
                .collect();
            vars.sort();
            vars.into_iter().next()?
        }
    };
    crate::disk::stays_inside(&var, &reachable(dir, files), &|p| files.real_path(p)).then_some(var)
}

/// Where a file looked up for the variant in `dir` may lead, links resolved: into the
/// variants' folder (which holds the variant, its DEPEND variants and Default), or into the
/// variant's own folder (a variant kept elsewhere may be linked into the game's folder).
pub fn reachable(dir: &Path, files: &dyn Files) -> Vec<PathBuf> {
    crate::disk::real_folders(&[dir, dir.parent().unwrap_or(dir)], &|p| files.real_path(p))
}

/// A name the game could look up: a plain file or folder name, nothing that leaves the
/// variant folders (no `/`, `\`, `..` or absolute path).
/// Whether a VAR value runs on into a path (`Default/Default.map`): the syntax check names it
/// a bad file name, and the part before the `/` is not looked for.
fn followed_by_path(doc: &Document, end: usize) -> bool {
    doc.slice(end..end + 1).starts_with(['/', '\\'])
}

pub fn is_plain_name(name: &str) -> bool {
    let path = Path::new(name);
    !name.is_empty()
        && !name.contains(['/', '\\'])
        && path.components().count() == 1
        && matches!(path.components().next(), Some(Component::Normal(_)))
}

impl Variant {
    /// The variant a document belongs to, when its path is known.
    pub fn of_doc(doc: &Document, files: &dyn Files) -> Option<Variant> {
        let dir = variant_dir(doc.path()?, doc.format()?)?;
        Some(Variant::of_dir(&dir, files))
    }

    /// The variant of the folder `dir`, with its VAR read through `files`.
    pub fn of_dir(dir: &Path, files: &dyn Files) -> Variant {
        crate::formats::remembered(files, dir, || Variant::read_dir(dir, files))
    }

    fn read_dir(dir: &Path, files: &dyn Files) -> Variant {
        let var = var_file(dir, files)
            .and_then(|p| files.document(&p, FormatId::ColossusVar))
            .map(|doc| VarView::of(&doc));
        Variant::from_var(dir, var.as_deref(), files)
    }

    pub fn from_var(dir: &Path, var: Option<&VarView>, files: &dyn Files) -> Variant {
        let root = dir.parent().unwrap_or(dir);
        let mut search_path = vec![dir.to_path_buf()];
        for dep in var.map(VarView::depends).unwrap_or_default() {
            if is_plain_name(dep) {
                search_path.push(root.join(dep));
            }
        }
        search_path.push(root.join(DEFAULT));
        search_path.dedup();
        let reachable = reachable(dir, files);
        let resolve = |kind: &str, default: &str| {
            let name = var
                .and_then(|v| v.last(kind))
                .map_or_else(|| default.to_string(), |e| e.value.text.to_string());
            resolve_in(&search_path, &name, &reachable, files)
        };
        Variant {
            map: resolve("MAP", "Default.map"),
            ter: resolve("TER", "Default.ter"),
            cre: resolve("CRE", "Default.cre"),
            dir: dir.to_path_buf(),
            search_path,
            reachable,
        }
    }

    /// Where the battleland of a terrain name is, if anywhere.
    pub fn battleland(&self, name: &str, files: &dyn Files) -> Resolved {
        let dirs: Vec<PathBuf> = self
            .search_path
            .iter()
            .map(|d| d.join("Battlelands"))
            .collect();
        resolve_in(&dirs, name, &self.reachable, files)
    }
}

/// The first folder of `dirs` that holds `name`; a file found there whose real path is not
/// inside the `reachable` folders (a link leading out of the variants' folder) is not used,
/// and no later folder either: the game would use that file.
pub fn resolve_in(
    dirs: &[PathBuf],
    name: &str,
    reachable: &[PathBuf],
    files: &dyn Files,
) -> Resolved {
    let found = if is_plain_name(name) {
        dirs.iter().map(|d| d.join(name)).find(|p| files.exists(p))
    } else {
        None
    };
    let (path, outside) = match found {
        Some(p) if !crate::disk::stays_inside(&p, reachable, &|p| files.real_path(p)) => {
            (None, Some(p))
        }
        found => (found, None),
    };
    Resolved {
        name: name.to_string(),
        path,
        looked_in: dirs.to_vec(),
        outside,
    }
}

/// The document of a resolved file; `None` when it is missing or in a later dialect (its
/// values would be misread).
pub(super) fn load<'f>(
    resolved: &Resolved,
    format: FormatId,
    files: &'f dyn Files,
) -> Option<Loaded<'f>> {
    let doc = files.document(resolved.path.as_ref()?, format)?;
    unsupported_dialect(&doc).is_none().then_some(doc)
}

pub(super) fn shown(path: &Path, from: &Path) -> String {
    let base = from.parent().unwrap_or(from);
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The files a VAR names, linked where the game finds them: MAP:, TER: and CRE: through the
/// variant's search path, each DEPEND variant to its VAR.
pub fn links(doc: &Document, files: &dyn Files) -> Vec<Link> {
    if doc.format() != Some(FormatId::ColossusVar) {
        return Vec::new();
    }
    let Some(variant) = Variant::of_doc(doc, files) else {
        return Vec::new();
    };
    let root = variant.dir.parent().unwrap_or(&variant.dir);
    let view = VarView::of(doc);
    let mut links = Vec::new();
    for entry in &view.entries {
        if entry.kind() == "DEPEND" {
            let mut at = entry.value.range.start;
            for name in entry.value.text.split(',') {
                let trimmed = name.trim();
                let start = at + (name.len() - name.trim_start().len());
                at += name.len() + 1;
                if !is_plain_name(trimmed) {
                    continue;
                }
                if let Some(var) = var_file(&root.join(trimmed), files) {
                    links.push(Link {
                        range: start..start + trimmed.len(),
                        tooltip: format!("the variant {trimmed}: {}", shown(&var, &variant.dir)),
                        target: var,
                    });
                }
            }
            continue;
        }
        let resolved = resolve_in(
            &variant.search_path,
            &entry.value.text,
            &variant.reachable,
            files,
        );
        if let Some(path) = resolved.path {
            links.push(Link {
                range: entry.value.range.clone(),
                tooltip: shown(&path, &variant.dir),
                target: path,
            });
        }
    }
    links
}

/// MAP: every terrain letter must be defined in the variant's TER, and in the TER of every other
/// variant that plays on this MAP (TitanPlus reads Default.map with a TER of its own).
pub fn check_map(doc: &Document, view: &MapView, files: &dyn Files, out: &mut Vec<Finding>) {
    let Some(variant) = Variant::of_doc(doc, files) else {
        return;
    };
    let own_ter = load(&variant.ter, FormatId::ColossusTer, files);
    let mut flagged: Vec<usize> = Vec::new();
    if let Some(ter_doc) = &own_ter {
        let ter = TerView::of(ter_doc);
        let ter_name = shown(ter_doc.path().unwrap_or(Path::new("")), &variant.dir);
        if !ter.terrains.is_empty() {
            for (hex, key, token) in undefined(view, &ter) {
                flagged.push(token.range.start);
                let missing_from = place_in(
                    ter_doc,
                    0..0,
                    format!("{ter_name}, the TER this variant reads, has no {key}"),
                );
                out.push(
                    own_terrain_finding(hex, &key, token, &ter, &ter_name)
                        .with_related(missing_from),
                );
            }
        }
    }
    // The other variants that read this MAP, each with its own TER.
    let name = super::sense::file_name;
    let map_name = doc.path().map_or_else(String::new, name);
    let own_name = own_ter
        .as_ref()
        .and_then(|t| t.path().map(name))
        .map(|t| format!("; {}'s own {t} defines it", name(&variant.dir)))
        .unwrap_or_default();
    let ter_of = |v: &Variant| v.ter.clone();
    for (other, ter_doc) in other_readers(doc, &variant, ter_of, FormatId::ColossusTer, files) {
        let ter = TerView::of(&ter_doc);
        if ter.terrains.is_empty() {
            continue;
        }
        let var = var_file(&other.dir, files).map_or_else(String::new, |v| name(&v));
        let ter_name = ter_doc.path().map_or_else(String::new, name);
        let listed = if ter.named() {
            format!("terrains: {}", ter.names_listed())
        } else {
            format!("letters: {}", ter.letters())
        };
        for (hex, key, token) in undefined(view, &ter) {
            // A lettered TER without the Tower's T has that said on its first line
            // (`colossus/missing-tower`): one mistake, one message.
            if flagged.contains(&token.range.start) || (!hex.named && key == "T") {
                continue;
            }
            let finding = Finding::new(
                codes::UNKNOWN_TERRAIN,
                token.range.clone(),
                format!(
                    "terrain {key} of hex {} is not defined for {}: {var} reads {map_name} with \
{ter_name}, which has no {key} ({listed}){own_name}",
                    hex_label(hex),
                    name(&other.dir),
                ),
            );
            let why = format!(
                "{} plays {map_name} with {ter_name}, which has no {key}",
                name(&other.dir)
            );
            out.push(finding.with_related(var_line(&other.dir, "TER", why, files)));
        }
    }
}

fn hex_label(hex: &super::map::Hex) -> String {
    hex.label.value.map_or_else(String::new, |l| l.to_string())
}

/// The hexes of `view` whose terrain `ter` does not define: the hex, its terrain as written,
/// and the token.
fn undefined<'v>(
    view: &'v MapView,
    ter: &TerView,
) -> Vec<(&'v super::map::Hex, String, &'v super::syntax::Word)> {
    let mut found = Vec::new();
    for hex in &view.hexes {
        let Some(token) = &hex.terrain else {
            continue;
        };
        if hex.named {
            if let Some(key) = hex.terrain_key_str()
                && ter.terrain_by_key(key).is_none()
            {
                found.push((hex, key.to_string(), token));
            }
        } else if let Some(letter) = hex.terrain_letter()
            && ter.terrain(letter).is_none()
        {
            found.push((hex, letter.to_string(), token));
        }
    }
    found
}

/// A hex whose terrain its own variant's TER does not define, with the fixes the TER suggests.
fn own_terrain_finding(
    hex: &super::map::Hex,
    key: &str,
    token: &super::syntax::Word,
    ter: &TerView,
    ter_name: &str,
) -> Finding {
    if hex.named {
        let keys = || ter.terrains.iter().map(|t| t.key());
        let hint = nearest(key, keys())
            .map(|n| format!("; did you mean “{n}”?"))
            .unwrap_or_default();
        return Finding::new(
            codes::UNKNOWN_TERRAIN,
            token.range.clone(),
            format!(
                "terrain {key} of hex {} is not defined in {ter_name} (terrains: {}); names are \
case-sensitive{hint}",
                hex_label(hex),
                ter.names_listed()
            ),
        )
        .with_fixes(Fix::replacements(&token.range, candidates(key, keys())));
    }
    let letter = key.chars().next().unwrap_or(' ');
    Finding::new(
        codes::UNKNOWN_TERRAIN,
        token.range.clone(),
        format!(
            "terrain {letter} of hex {} is not defined in {ter_name} (letters: {}); letters are \
case-sensitive",
            hex_label(hex),
            ter.letters()
        ),
    )
    .with_fixes(Fix::replacements(
        &token.range,
        other_case(letter)
            .filter(|c| ter.terrain(*c).is_some())
            .map(String::from)
            .as_deref(),
    ))
}

/// The letter in the other case (`p` for `P`).
fn other_case(letter: char) -> Option<char> {
    let other = if letter.is_ascii_uppercase() {
        letter.to_ascii_lowercase()
    } else {
        letter.to_ascii_uppercase()
    };
    (other != letter).then_some(other)
}

/// TER: recruits and acquirables must be creatures of the variant's CRE, the first acquirable
/// should be a lord, and terrains on the map should have a battleland.
pub fn check_ter(doc: &Document, view: &TerView, files: &dyn Files, out: &mut Vec<Finding>) {
    let Some(variant) = Variant::of_doc(doc, files) else {
        return;
    };
    check_tower_starters(doc, view, files, out);
    if let Some(cre_doc) = load(&variant.cre, FormatId::ColossusCre, files) {
        let cre = Roster::of(&cre_doc);
        let cre_name = shown(cre_doc.path().unwrap_or(Path::new("")), &variant.dir);
        if !cre.is_empty() {
            let names = || cre.names();
            let recruits = view
                .terrains
                .iter()
                .flat_map(|t| t.recruits.iter().map(|r| &r.creature));
            let acquirables = view.acquirables.iter().map(|a| &a.creature);
            // The 2002-02 game reads no word with digits, `.` or `_` (`colossus/bad-name`
            // says how it reads it instead).
            let letters_only =
                super::dialect::of_doc(doc, files).dialect == super::dialect::Dialect::Feb2002;
            for creature in recruits.chain(acquirables) {
                let name = creature.text.as_str();
                if PSEUDO_CREATURES.contains(&name)
                    || cre.lord(name).is_some()
                    || (letters_only && !name.chars().all(|c| c.is_ascii_alphabetic()))
                {
                    continue;
                }
                let hint = nearest(name, names())
                    .map(|n| format!("; did you mean “{n}”?"))
                    .unwrap_or_default();
                // The name may be the slip, or the CRE may lack its line.
                let add = super::cre::add_creature_elsewhere(&cre_doc, name);
                let missing_from = place_in(
                    &cre_doc,
                    0..0,
                    format!("{cre_name}, the CRE this variant reads, has no {name}"),
                );
                out.push(
                    Finding::new(
                        codes::UNKNOWN_CREATURE,
                        creature.range.clone(),
                        format!(
                            "there is no creature called {name} in {cre_name} (names are case-sensitive){hint}"
                        ),
                    )
                    .with_fixes(Fix::replacements(&creature.range, candidates(name, names())))
                    .with_fix(add)
                    .with_related(missing_from),
                );
            }
            if let Some(first) = view.acquirables.first()
                && cre.lord(&first.creature.text) == Some(false)
            {
                out.push(Finding::new(
                    codes::ACQUIRABLE_NOT_LORD,
                    first.creature.range.clone(),
                    format!(
                        "the first acquirable, {}, is not a lord in {cre_name}; the first one starts \
in every player's stack as the primary acquirable and should be a lord (like Angel)",
                        first.creature.text
                    ),
                )
                .with_related({
                    let defined = super::cre::CreView::of(&cre_doc)
                        .creatures
                        .iter()
                        .find(|c| c.name.text == first.creature.text)
                        .map(|c| c.range.clone());
                    defined.and_then(|range| {
                        let message = format!("{} is defined here, not as a lord", first.creature.text);
                        place_in(&cre_doc, range, message)
                    })
                }));
            }
        }
    }
    check_ter_for_other_variants(doc, view, &variant, files, out);
    if let Some(map_doc) = load(&variant.map, FormatId::ColossusMap, files) {
        let map = MapView::of(&map_doc);
        // How many hexes have each terrain, by the key the map knows it by: its letter, or
        // from 2003-10 its name (counted once, not once per terrain).
        let mut on_map: HashMap<&str, usize, Quick> = HashMap::default();
        for key in map.hexes.iter().filter_map(|h| h.terrain_key_str()) {
            *on_map.entry(key).or_default() += 1;
        }
        for terrain in &view.terrains {
            let Some(name) = &terrain.name else {
                continue;
            };
            let key = terrain.key();
            let hexes = on_map.get(key).copied().unwrap_or(0);
            if hexes == 0
                || view.terrain_by_key(key).map(|t| t.range.start) != Some(terrain.range.start)
            {
                continue;
            }
            // A 2003-10 terrain made at random from a `Random:` file has no battleland file.
            if terrain.random.is_some() {
                continue;
            }
            let battleland = variant.battleland(&name.text, files);
            if battleland.path.is_none() {
                let looked: Vec<String> = battleland
                    .looked_in
                    .iter()
                    .map(|d| shown(d, &variant.dir))
                    .collect();
                out.push(Finding::new(
                    codes::MISSING_BATTLELAND,
                    name.range.clone(),
                    format!(
                        "{} has {} on the map but no battleland file named {} (looked in {}); \
its battles are fought on plain ground",
                        if terrain.named {
                            format!("terrain {}", name.text)
                        } else {
                            format!("terrain {key} ({})", name.text)
                        },
                        plural(hexes, "hex", "hexes"),
                        name.text,
                        looked.join(", ")
                    ),
                ));
            }
        }
    }
}

/// From 2002-11 a player's first legion comes from the terrain of their tower hex
/// (`Legion.getStartingLegion` asks `TerrainRecruitLoader.getStartingCreatures` for that hex's
/// terrain, at c51d0c34 and 1b50e238), and the towers are the terrains whose battleland has a
/// TOWER line: each such terrain needs three starting creatures. The Tower of letter T is
/// checked with the TER alone ([`super::ter::check`]); a terrain with a `Special:` recruiter may
/// get its starters from that class.
fn check_tower_starters(doc: &Document, view: &TerView, files: &dyn Files, out: &mut Vec<Finding>) {
    let era_of = super::map::EraOf::of(doc, files);
    if !era_of.era.towers_by_battleland {
        return;
    }
    for terrain in &view.terrains {
        let key = terrain.key();
        if !era_of.towers.iter().any(|t| t == key)
            || terrain.letter_char() == Some('T')
            || !terrain.specials.is_empty()
            || terrain.broken
            || view.terrain_by_key(key).map(|t| t.range.start) != Some(terrain.range.start)
        {
            continue;
        }
        let subject = format!("{key} is a tower terrain (its battleland has a TOWER line) and");
        out.extend(super::ter::too_few_starters(terrain, &subject));
    }
}

/// VAR: every named file and variant must exist; a later record overrides an earlier one.
/// `MAXPLAYERS: n` (2002-11): a number; below 1 the game uses its default, above
/// `Era::max_players` it uses that (`VariantSupport.loadVariant` at c51d0c34).
fn check_max_players(entry: &super::var::Entry, out: &mut Vec<Finding>) {
    let era = &super::dialect::NOV_2002;
    let max = era.max_players.unwrap_or(era.players);
    let value = &entry.value;
    let Ok(n) = value.text.parse::<u64>() else {
        out.push(Finding::new(
            codes::SYNTAX_ERROR,
            value.range.clone(),
            format!(
                "MAXPLAYERS: takes a number of players, not “{}”; the game fails reading the VAR \
and plays the Default variant instead: write a number from 1 to {max}",
                value.text
            ),
        ));
        return;
    };
    // The number the game plays with instead, written: what the game does anyway.
    let (problem, used) = if n == 0 {
        (
            format!(
                "MAXPLAYERS: 0 is no number of players; the game uses its default, {}",
                era.players
            ),
            era.players,
        )
    } else if n > max as u64 {
        (
            format!(
                "MAXPLAYERS: {n} is more players than the game has legion colours for; it says \
“Can't use more than {max} players” and uses {max}"
            ),
            max,
        )
    } else {
        return;
    };
    out.push(
        Finding::new(
            codes::MAX_PLAYERS,
            value.range.clone(),
            format!("{problem}: write a number from 1 to {max}"),
        )
        // Not preferred: what the modder meant (6 for a 66?) is not known.
        .with_fix(Some(Fix::one(
            format!("Write {used}, the number the game uses"),
            TextEdit::replace(value.range.clone(), used.to_string()),
        ))),
    );
}

pub fn check_var(doc: &Document, view: &VarView, files: &dyn Files, out: &mut Vec<Finding>) {
    for entry in &view.entries {
        let is_last = view
            .last(entry.kind())
            .is_some_and(|last| std::ptr::eq(last, entry));
        if !is_last {
            let last = view
                .last(entry.kind())
                .map_or(0, |e| doc.rope().byte_to_line(e.range.start) + 1);
            out.push(Finding::new(
                codes::OVERRIDDEN_RECORD,
                entry.range.clone(),
                format!("this {} record is overridden by the one on line {last}; only the last one counts", entry.key.text),
            )
            .with_fix(Some(Fix::one(
                "Remove this overridden record",
                TextEdit::delete(line_with_break(doc.rope(), entry.range.start)),
            )))
            .with_related(view.last(entry.kind()).map(|last| {
                crate::findings::Related::here(
                    doc.rope(),
                    last.range.clone(),
                    format!("the {} record the game reads", entry.key.text),
                )
            })));
        }
        if entry.kind() == "MAXPLAYERS" {
            check_max_players(entry, out);
            continue;
        }
        let names: Vec<&str> = if matches!(entry.kind(), "DEPEND" | "HINT") {
            entry.value.text.split(',').collect()
        } else {
            vec![entry.value.text.as_str()]
        };
        let mut offset = entry.value.range.start;
        for name in names {
            let range = offset..offset + name.len();
            offset += name.len() + 1;
            if !is_plain_name(name) || name.chars().all(|c| c == '.') {
                out.push(Finding::new(
                    codes::BAD_FILE_NAME,
                    range,
                    format!("“{name}” is not a plain file name; the game looks names up inside the variant folders only"),
                ));
            }
        }
    }
    let Some(dir) = doc.path().and_then(|p| p.parent()) else {
        return;
    };
    let root = dir.parent().unwrap_or(dir);
    let mut offset;
    if let Some(depend) = view.last("DEPEND") {
        offset = depend.value.range.start;
        for dep in depend.value.text.split(',') {
            let range = offset..offset + dep.len();
            offset += dep.len() + 1;
            if is_plain_name(dep) && !files.is_dir(&root.join(dep)) {
                out.push(Finding::new(
                    codes::MISSING_FILE,
                    range,
                    format!(
                        "there is no variant folder {dep} next to this one (looked for {})",
                        shown(&root.join(dep), dir)
                    ),
                ));
            }
        }
    }
    let variant = Variant::from_var(dir, Some(view), files);
    for (kind, resolved) in [
        ("MAP", &variant.map),
        ("TER", &variant.ter),
        ("CRE", &variant.cre),
    ] {
        let Some(entry) = view.last(kind) else {
            continue;
        };
        if resolved.outside.is_some() {
            out.push(Finding::new(
                codes::MISSING_FILE,
                entry.value.range.clone(),
                format!(
                    "{} is a link that leads outside the variants' folder, so Retroboard does \
not read it",
                    resolved.name
                ),
            ));
        } else if resolved.path.is_none()
            && is_plain_name(&resolved.name)
            && !followed_by_path(doc, entry.value.range.end)
        {
            let looked: Vec<String> = resolved.looked_in.iter().map(|d| shown(d, dir)).collect();
            let beside: Vec<String> = super::sense::files_with_extension(dir, kind, files)
                .iter()
                .filter_map(|p| Some(p.file_name()?.to_str()?.to_string()))
                .collect();
            let names: Vec<&str> = beside.iter().map(String::as_str).collect();
            let there = match names.as_slice() {
                [] => String::new(),
                [one] => format!("; the {kind} in this folder is {one}"),
                many => format!("; the {kind} files in this folder are {}", many.join(", ")),
            };
            let range = entry.value.range.clone();
            let write = |name: &str| {
                Fix::one(
                    format!("Write “{name}”"),
                    TextEdit::replace(range.clone(), name),
                )
            };
            // Never preferred: the name may be one being typed, or a file's about to be made.
            // The one file of its kind beside the VAR, or the closest of several.
            let fixes: Vec<Fix> = match names.as_slice() {
                [one] => vec![write(one)],
                many => candidates(&resolved.name, many.iter().copied())
                    .into_iter()
                    .take(3)
                    .map(write)
                    .collect(),
            };
            out.push(
                Finding::new(
                    codes::MISSING_FILE,
                    entry.value.range.clone(),
                    format!(
                        "{} is not found: the game looks in {} (the variant's folder, its DEPEND \
variants, then Default) and falls back to the Default variant{there}",
                        resolved.name,
                        looked.join(", ")
                    ),
                )
                .with_fixes(fixes),
            );
        }
    }
}

/// A fingerprint of what the cross-file checks above read of `doc`: of a TER its terrain
/// letters (`check_map`), of a CRE its creature names and lords, of a MAP the number of hexes
/// of each terrain (`check_ter`), and of each whether its dialect is read at all; and what the
/// game-sense checks read ([`super::sense::exported`]: a TER's terrain names and obtainable
/// creatures, a VAR's records). While an edit leaves it the same, the files that read `doc` keep their findings. Keep it in step with
/// those checks.
pub fn exported(doc: &Document) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let format = doc.format()?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let readable = unsupported_dialect(doc).is_none();
    readable.hash(&mut hasher);
    match format {
        FormatId::ColossusTer if readable => {
            let ter = TerView::of(doc);
            (ter.terrains.is_empty(), ter.letters()).hash(&mut hasher);
        }
        FormatId::ColossusCre if readable => {
            Roster::of(doc).fingerprint().hash(&mut hasher);
        }
        FormatId::ColossusMap if readable => {
            let mut hexes: std::collections::BTreeMap<char, usize> = Default::default();
            for letter in MapView::of(doc)
                .hexes
                .iter()
                .filter_map(|h| h.terrain_letter())
            {
                *hexes.entry(letter).or_default() += 1;
            }
            hexes.hash(&mut hasher);
        }
        FormatId::ColossusTer | FormatId::ColossusCre | FormatId::ColossusMap => {}
        // Which files are in use (the unused-file and own-file-unnamed checks).
        FormatId::ColossusVar => {}
        _ => return None,
    }
    if readable {
        super::sense::exported(doc, &mut hasher);
    }
    Some(hasher.finish())
}

/// The files whose cross-file findings read `doc`: for every variant next to it (the folders
/// beside its variant's folder) that uses it, the MAP reads the TER, and the TER reads the CRE
/// and the MAP; and the readers of the game-sense checks ([`super::sense::dependents`]).
pub fn dependents(doc: &Document, files: &dyn Files) -> Vec<PathBuf> {
    let (Some(path), Some(format)) = (doc.path(), doc.format()) else {
        return Vec::new();
    };
    // Only a MAP, TER, CRE or VAR is read by other files' checks.
    let mut out = super::sense::dependents(doc, files);
    if !matches!(
        format,
        FormatId::ColossusMap | FormatId::ColossusTer | FormatId::ColossusCre
    ) {
        return out;
    }
    let Some(root) = variant_dir(path, format).and_then(|d| d.parent().map(Path::to_path_buf))
    else {
        return out;
    };
    let Some(entries) = files.list(&root) else {
        return out;
    };
    let mut dirs: Vec<PathBuf> = entries
        .iter()
        .filter(|p| files.is_dir(p))
        .cloned()
        .collect();
    dirs.sort();
    for dir in dirs {
        let variant = Variant::of_dir(&dir, files);
        let uses = |r: &Resolved| r.path.as_deref() == Some(path);
        let readers: Vec<&Resolved> = match format {
            FormatId::ColossusTer if uses(&variant.ter) => vec![&variant.map],
            FormatId::ColossusCre if uses(&variant.cre) => vec![&variant.ter],
            FormatId::ColossusMap if uses(&variant.map) => vec![&variant.ter],
            _ => Vec::new(),
        };
        for reader in readers {
            // A variant's reader lives in the variant's own folder (files found in Default are
            // Default's, checked in Default's context).
            if let Some(p) = &reader.path
                && p.parent() == Some(dir.as_path())
                && p != path
                && !out.contains(p)
            {
                out.push(p.clone());
            }
        }
    }
    out
}
