//! The masterboard (MAP): a size line, then one record per hex:
//! `label terrain (exit-label exit-type)×3 x y`.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use tree_sitter::Node;

use super::codes;
use super::dialect::{self, Era};
use super::record::{FieldDef, Kind, Layout, Line, TokenKinds};
use super::syntax::{LineMemo, Num, Word, line_range, moved};
use super::variant::{Variant, var_file};
use crate::answers::{Highlight, HighlightKind};
use crate::findings::{Finding, Related, plural};
use crate::formats::Files;
use crate::formats::editor::Quick;
use crate::syntax::{Change, Document, EditedLine};
use crate::text::ChunkReader;

/// What the MAP checks need of the variant's era (see [`Era`]): its size limits, which terrain
/// letters are towers, and how many players a game may have (fewer towers than players leaves
/// some players without one).
#[derive(Debug)]
pub struct EraOf {
    pub era: &'static Era,
    /// The tower terrains: letters, or names from 2003-10 (see [`Hex::terrain_key`]).
    pub towers: Vec<String>,
    /// How the tower letters were told, for messages: “terrain T”.
    pub towers_told: String,
    pub players: usize,
    /// Whether every terrain's tower status is known: a 2003-10 terrain with a `Random:` file
    /// takes it from that file (`HexMap`), which may be absent here.
    pub towers_known: bool,
    /// How the number of players was told, for messages: “up to 6”.
    pub players_told: String,
}

impl EraOf {
    /// The 2002-02 game: towers are the hexes of letter T, up to six players.
    pub fn feb_2002() -> EraOf {
        EraOf {
            era: &dialect::FEB_2002,
            towers: vec!["T".to_string()],
            towers_told: "terrain T".to_string(),
            players: dialect::FEB_2002.players,
            towers_known: true,
            players_told: format!("up to {}", dialect::FEB_2002.players),
        }
    }

    /// The era of the variant `doc` belongs to. From 2002-11 the towers are the terrains of
    /// the variant's TER whose battleland has a `TOWER` line, and the VAR's `MAXPLAYERS:` (at
    /// most `Era::max_players`) gives the number of players.
    pub fn of(doc: &Document, files: &dyn Files) -> EraOf {
        let dialect = dialect::of_doc(doc, files);
        let Some(era) = dialect.era() else {
            return EraOf::feb_2002();
        };
        let mut of = EraOf::feb_2002();
        of.era = era;
        if !era.towers_by_battleland {
            return of;
        }
        // A 2003-10 map names its terrains: without the variant's TER no name is known to be a
        // tower (2002-11 falls back on terrain T).
        let named = names_terrains(doc);
        of.towers_known = !named;
        let Some(variant) = Variant::of_doc(doc, files) else {
            return of;
        };
        // The TER and the battlelands the towers are read from are the variant's, the same for
        // each of its files: read once while they stay the same.
        let towers = crate::formats::remembered(files, &variant.dir, || {
            VariantTowers::read(&variant, files)
        });
        if let Some(TowersRead { towers, known }) = towers.0 {
            of.towers_known = known;
            of.towers_told = if towers.is_empty() {
                "no terrain's battleland has a TOWER line".to_string()
            } else {
                format!(
                    "{} {}: {} a TOWER line",
                    crate::findings::noun(towers.len(), "terrain", "terrains"),
                    towers.join(", "),
                    if towers.len() == 1 {
                        "its battleland has"
                    } else {
                        "their battlelands have"
                    }
                )
            };
            of.towers = towers;
        } else if named {
            return of;
        }
        if let (Some(max), Some(var)) = (era.max_players, var_file(&variant.dir, files))
            && let Some(text) = files.read(&var)
            && let Some(asked) = max_players(&text)
        {
            of.players = asked.min(max);
            of.players_told = format!(
                "up to {}, MAXPLAYERS: in {}",
                of.players,
                var.file_name().unwrap_or_default().to_string_lossy()
            );
        }
        of
    }
}

/// The tower terrains of a variant from 2002-11: those of its TER whose battleland has a
/// `TOWER` line, and whether each one's battleland could be read. `None` without a TER.
#[derive(Clone)]
struct VariantTowers(Option<TowersRead>);

#[derive(Clone)]
struct TowersRead {
    towers: Vec<String>,
    known: bool,
}

impl VariantTowers {
    fn read(variant: &Variant, files: &dyn Files) -> VariantTowers {
        let Some(ter) = variant.ter.path.as_ref().and_then(|p| files.read(p)) else {
            return VariantTowers(None);
        };
        // Worked out once per battleland file, not once per keystroke in the TER.
        let has_tower = |path: &Path| {
            #[derive(Clone)]
            struct HasTower(Option<bool>);
            let mut key = path.as_os_str().to_owned();
            key.push("\0TOWER");
            crate::formats::remembered(files, Path::new(&key), || {
                HasTower(files.read(path).map(|land| {
                    land.lines()
                        .any(|l| l.split_whitespace().next() == Some("TOWER"))
                }))
            })
            .0
        };
        let mut known = true;
        // Each battleland read once: many terrains share one (a 2003-10 TER names the same
        // `.rnd` file for its Brush1 to Brush5).
        let mut read: HashMap<(&str, bool), bool, Quick> = HashMap::default();
        let towers: Vec<String> = terrain_lines(&ter)
            .into_iter()
            .filter(|(_, name, random)| match random {
                // `HexMap` at 1b50e238 reads the tower status of a terrain with a random
                // battleland from its `.rnd` file, in the variant's Battlelands folder.
                Some(file) => *read.entry((file, true)).or_insert_with(|| {
                    let tower = has_tower(&variant.dir.join("Battlelands").join(file));
                    known &= tower.is_some();
                    tower == Some(true)
                }),
                None => *read.entry((name, false)).or_insert_with(|| {
                    variant
                        .battleland(name, files)
                        .path
                        .and_then(|p| has_tower(&p))
                        == Some(true)
                }),
            })
            .map(|(key, _, _)| key.to_string())
            .collect();
        VariantTowers(Some(TowersRead { towers, known }))
    }
}

/// The terrain lines of a TER text: the key the MAP knows the terrain by, and its name. The key
/// is the letter in 2002-02 and 2002-11 (`P yellow Plains true …`), and the name from 2003-10
/// (`yellow Plains true …`, no letter).
/// The `Random:` file of a 2003-10 line comes third.
fn terrain_lines(text: &str) -> Vec<(&str, &str, Option<&str>)> {
    let flag = |t: &str| t == "true" || t == "false";
    let mut found = Vec::new();
    // Read again on every keystroke in the TER: a line's first four tokens decide, and only a
    // 2003-10 line is searched further, for its `Random:` file.
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut tokens = line.split_whitespace();
        match [tokens.next(), tokens.next(), tokens.next(), tokens.next()] {
            [Some(letter), Some(_), Some(name), Some(regular)]
                if letter.len() == 1
                    && letter.starts_with(|c: char| c.is_ascii_alphabetic())
                    && flag(regular) =>
            {
                found.push((letter, name, None));
            }
            [Some(_), Some(name), Some(regular), _] if flag(regular) && name != "ACQUIRABLE" => {
                found.push((name, name, random_file(line)));
            }
            _ => {}
        }
    }
    found
}

/// The file of a line's first token that starts with `Random:`, found by the text instead of
/// token by token (a 2003-10 line has a score of tokens).
fn random_file(line: &str) -> Option<&str> {
    const KEY: &str = "Random:";
    let mut from = 0;
    // Each `R` found a word at a time, then compared: the line holds few.
    while let Some(at) = line[from..].find('R').map(|at| from + at) {
        let rest = &line[at..];
        if let Some(file) = rest.strip_prefix(KEY)
            && line[..at]
                .chars()
                .next_back()
                .is_none_or(char::is_whitespace)
        {
            return Some(&file[..file.find(char::is_whitespace).unwrap_or(file.len())]);
        }
        from = at + 1;
    }
    None
}

/// The number of players a VAR text asks for (`MAXPLAYERS: n`, the last one; the game
/// ignores a value below 1).
fn max_players(text: &str) -> Option<usize> {
    let mut asked = None;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        if let Some(rest) = line.trim_start().strip_prefix("MAXPLAYERS:") {
            asked = rest
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| *n > 0);
        }
    }
    asked
}

#[derive(Debug, Default)]
pub struct MapView {
    pub size: Option<Size>,
    pub hexes: Vec<Hex>,
    /// Comments the game would read before the size line, or on it.
    pub misplaced_comments: Vec<Range<usize>>,
    /// What is wrong with the lines' fields and blank lines before the size
    /// (`colossus/syntax-error`), in text order.
    pub line_errors: Vec<Finding>,
    /// The coloured tokens (as [`super::highlights::walked`] finds them), read on the same walk
    /// of the tree; `None` when the tree has an error node, whose insides the view does not
    /// walk (the grammar makes none).
    pub highlights: Option<Vec<Highlight>>,
    /// What a view of the text after an edit of one hex line may be made from (see
    /// [`MapView::after_edit`]); `None` without a tree or a size line.
    basis: Option<Basis>,
}

/// What [`MapView::after_edit`] needs of the view it starts from besides its lines.
#[derive(Debug)]
struct Basis {
    /// The hex lines were read with the 2003-10 layout (terrain names).
    named: bool,
    /// The end of the size line (before its line break).
    size_line_end: usize,
}

#[derive(Debug)]
pub struct Size {
    pub width: Num,
    pub height: Num,
}

#[derive(Debug)]
pub struct Hex {
    pub label: Num,
    pub terrain: Option<Word>,
    pub exits: Exits,
    pub x: Option<Num>,
    pub y: Option<Num>,
    pub range: Range<usize>,
    /// The record has a syntax error: its values may be misplaced.
    pub broken: bool,
    /// The terrain is a name (2003-10), not a letter.
    pub named: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Exit {
    pub label: Num,
    pub way: Option<Word>,
}

/// A hex's exits, up to three, kept in the hex: a keystroke's view copies every other line's
/// hex, and a list of their own cost each copy an allocation. Read as a slice.
#[derive(Clone, Default)]
pub struct Exits {
    exits: [Exit; 3],
    len: u8,
}

impl Exits {
    pub fn as_slice(&self) -> &[Exit] {
        &self.exits[..usize::from(self.len)]
    }
}

impl std::ops::Deref for Exits {
    type Target = [Exit];
    fn deref(&self) -> &[Exit] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Exits {
    type Item = &'a Exit;
    type IntoIter = std::slice::Iter<'a, Exit>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The first three exits of `exits` (a hex line has three).
impl FromIterator<Exit> for Exits {
    fn from_iter<I: IntoIterator<Item = Exit>>(exits: I) -> Exits {
        let mut kept = Exits::default();
        for (slot, exit) in kept.exits.iter_mut().zip(exits) {
            *slot = exit;
            kept.len += 1;
        }
        kept
    }
}

impl std::fmt::Debug for Exits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl Hex {
    /// The hex read from a text where its line starts at `from`, in one where it starts at
    /// `to` (see [`moved`]).
    fn moved(&self, from: usize, to: usize) -> Hex {
        let num = |n: &Num| n.moved(from, to);
        let word = |w: &Word| w.moved(from, to);
        Hex {
            label: num(&self.label),
            terrain: self.terrain.as_ref().map(word),
            exits: self
                .exits
                .iter()
                .map(|e| Exit {
                    label: num(&e.label),
                    way: e.way.as_ref().map(word),
                })
                .collect(),
            x: self.x.as_ref().map(num),
            y: self.y.as_ref().map(num),
            range: moved(&self.range, from, to),
            broken: self.broken,
            named: self.named,
        }
    }

    pub fn position(&self) -> Option<(i64, i64)> {
        Some((self.x.as_ref()?.value?, self.y.as_ref()?.value?))
    }

    /// The terrain letter (2002-02 and 2002-11; `None` for a terrain name of 2003-10).
    pub fn terrain_letter(&self) -> Option<char> {
        if self.named {
            return None;
        }
        self.terrain.as_ref().and_then(|t| t.text.chars().next())
    }

    /// What the TER knows the terrain by: its letter, or from 2003-10 its name.
    pub fn terrain_key(&self) -> Option<String> {
        self.terrain_key_str().map(str::to_owned)
    }

    /// [`Hex::terrain_key`] borrowed from the hex, for comparisons (a check compares every hex
    /// with every terrain).
    pub fn terrain_key_str(&self) -> Option<&str> {
        let text = &self.terrain.as_ref()?.text;
        if self.named {
            Some(text)
        } else {
            let letter = text.chars().next()?;
            Some(&text[..letter.len_utf8()])
        }
    }
}

/// The size line: `width height`.
static SIZE_LAYOUT: Layout = Layout {
    line: "size line",
    fields: &[
        FieldDef("width", Kind::Number, "map width"),
        FieldDef("height", Kind::Number, "map height"),
    ],
    order: "the map's width and height, such as “15 8”",
    touching_is_one_field: false,
    subject: None,
    run: None,
};

/// A hex line: `label terrain (label type)×3 x y`.
static HEX_LAYOUT: Layout = Layout {
    line: "hex line",
    fields: &[
        FieldDef("label", Kind::Number, "hex label"),
        FieldDef("terrain", Kind::Letter, "terrain letter"),
        FieldDef("exit_label", Kind::Number, "first exit's label"),
        FieldDef("way", Kind::Way, "first exit's type"),
        FieldDef("exit_label", Kind::Number, "second exit's label"),
        FieldDef("way", Kind::Way, "second exit's type"),
        FieldDef("exit_label", Kind::Number, "third exit's label"),
        FieldDef("way", Kind::Way, "third exit's type"),
        FieldDef("x", Kind::Number, "x position"),
        FieldDef("y", Kind::Number, "y position"),
    ],
    order: "label, terrain letter, three exits (label and type), x and y",
    touching_is_one_field: false,
    subject: Some((0, "hex ")),
    run: None,
};

/// A hex line of 2003-10 (`StrategicMapLoader.jj` at 1b50e238): the terrain is a name
/// (`CHAINE`: a letter, `.` or `_`, then letters, digits, `.` and `_`), such as `Plains` or
/// `Tower3`.
static HEX_LAYOUT_2003: Layout = Layout {
    line: "hex line",
    fields: &[
        FieldDef("label", Kind::Number, "hex label"),
        FieldDef("terrain", Kind::LaterWord, "terrain name"),
        FieldDef("exit_label", Kind::Number, "first exit's label"),
        FieldDef("way", Kind::Way, "first exit's type"),
        FieldDef("exit_label", Kind::Number, "second exit's label"),
        FieldDef("way", Kind::Way, "second exit's type"),
        FieldDef("exit_label", Kind::Number, "third exit's label"),
        FieldDef("way", Kind::Way, "third exit's type"),
        FieldDef("x", Kind::Number, "x position"),
        FieldDef("y", Kind::Number, "y position"),
    ],
    order: "label, terrain name, three exits (label and type), x and y",
    touching_is_one_field: true,
    subject: Some((0, "hex ")),
    run: None,
};

/// Whether the MAP `doc` names its terrains (2003-10) instead of giving letters.
pub fn names_terrains(doc: &Document) -> bool {
    matches!(
        dialect::own_sign(doc),
        Some((dialect::Dialect::Oct2003, _, _))
    )
}

/// The hex layout of the MAP `doc`'s dialect.
fn hex_layout(doc: &Document) -> &'static Layout {
    if names_terrains(doc) {
        &HEX_LAYOUT_2003
    } else {
        &HEX_LAYOUT
    }
}

/// The grammar's token kinds of a MAP line.
fn token_kinds(language: &tree_sitter::LanguageRef) -> TokenKinds {
    TokenKinds::new(language, "word", "way", Some("name"))
}

/// The fields of the MAP line `node` (a `size` or `hex` node), read alone: for hover.
pub fn fields_of<'d>(doc: &'d Document, node: Node) -> Line<'d> {
    let layout = if node.kind() == "size" {
        &SIZE_LAYOUT
    } else {
        hex_layout(doc)
    };
    let kinds = token_kinds(&node.language());
    Line::of_node(layout, &kinds, node, &mut ChunkReader::new(doc.rope()))
}

impl Hex {
    /// The hex of a hex line; `None` without a label.
    fn read(line: &Line, range: Range<usize>, broken: bool, named: bool) -> Option<Hex> {
        let (word, number) = (|slot| line.word(slot), |slot| line.number(slot));
        Some(Hex {
            label: number(0)?,
            terrain: word(1),
            exits: (0..3)
                .filter_map(|exit| {
                    Some(Exit {
                        label: number(2 + 2 * exit)?,
                        way: word(3 + 2 * exit),
                    })
                })
                .collect(),
            x: number(8),
            y: number(9),
            range,
            broken,
            named,
        })
    }
}

impl MapView {
    /// The view of the document's current text, built once until it changes.
    pub fn of(doc: &Document) -> Arc<MapView> {
        doc.memo(|| {
            doc.previous_memo::<MapView>()
                .and_then(|(before, change)| MapView::after_edit(doc, &before, change))
                .unwrap_or_else(|| MapView::new(doc))
        })
    }

    pub fn new(doc: &Document) -> MapView {
        let mut view = MapView::default();
        let Some(tree) = doc.tree() else { return view };
        let kinds = token_kinds(&tree.language());
        let mut text = ChunkReader::new(doc.rope());
        let hex_layout = hex_layout(doc);
        let named = std::ptr::eq(hex_layout, &HEX_LAYOUT_2003);
        let mut tokens = Vec::with_capacity(HEX_LAYOUT.fields.len());
        let mut size_line_end = None;
        // The lines before the size that hold a comment: the others are blank.
        let mut comment_rows = Vec::new();
        let root = tree.root_node();
        // The colours of the walk: the root's, its children's and theirs (tokens have none).
        let colours = super::highlights::Kinds::get();
        // Sized for the whole text at once: grown token by token, these lists were copied a
        // dozen times per keystroke (a token and its blank take three bytes or more; a line is
        // at most one hex).
        let mut coloured = Vec::with_capacity(doc.rope().len_bytes() / 3);
        view.hexes.reserve(doc.rope().len_lines());
        let (root_kind, mut after_named) = (root.kind_id(), false);
        if let Some(kind) = colours.of(root_kind, None, false) {
            super::highlights::push(&mut coloured, root, kind);
        }
        let reader = HexReader {
            kinds: &kinds,
            layout: hex_layout,
            named,
        };
        let mut cursor = root.walk();
        let mut more = cursor.goto_first_child();
        while more {
            let node = cursor.node();
            if let Some(kind) = colours.of(node.kind_id(), Some(root_kind), after_named) {
                super::highlights::push(&mut coloured, node, kind);
            }
            after_named |= node.is_named();
            match node.kind() {
                "size" => {
                    blank_lines_before(doc, node, &comment_rows, &mut view.line_errors);
                    line(&kinds, &mut cursor, &mut tokens, &mut coloured);
                    let line = Line::read(&SIZE_LAYOUT, &tokens, &mut text);
                    line.errors(&mut view.line_errors);
                    if let (Some(width), Some(height)) = (line.number(0), line.number(1)) {
                        view.size = Some(Size { width, height });
                    }
                    size_line_end = Some(line_range(doc, node.start_byte()).end);
                }
                "comment" if size_line_end.is_none_or(|end| node.start_byte() <= end) => {
                    view.misplaced_comments.push(node.byte_range());
                    comment_rows.push(node.start_position().row);
                }
                "hex" => {
                    reader.read(
                        &mut cursor,
                        &mut text,
                        &mut tokens,
                        &mut coloured,
                        &mut view.hexes,
                        &mut view.line_errors,
                    );
                }
                _ => {}
            }
            more = cursor.goto_next_sibling();
        }
        view.highlights = (!root.has_error()).then_some(coloured);
        view.basis = size_line_end.map(|size_line_end| Basis {
            named,
            size_line_end,
        });
        view
    }

    /// The view of the document's text made from `before`, the view of the text before the
    /// edit `change`, when the edit changed one hex line after the size line without breaking
    /// or joining lines: that line is read from the tree as [`MapView::new`] reads it, every
    /// other line's hexes, errors and colours are `before`'s, moved by the bytes the edit added
    /// or removed. `None` (a view to make anew) for any other edit, or when either text's tree
    /// has an error node or the dialect changed.
    fn after_edit(doc: &Document, before: &MapView, change: Change) -> Option<MapView> {
        let basis = before.basis.as_ref()?;
        let old_coloured = before.highlights.as_ref()?;
        let tree = doc.tree()?;
        let root = tree.root_node();
        if root.has_error() {
            return None;
        }
        let mut text = ChunkReader::new(doc.rope());
        let edited_line = change.edited_line(doc.rope())?;
        let EditedLine {
            start,
            end,
            old_end,
        } = edited_line;
        // After the size line, which stays the first line with a token.
        if start <= basis.size_line_end || start > change.start {
            return None;
        }
        let hex_layout = hex_layout(doc);
        let named = std::ptr::eq(hex_layout, &HEX_LAYOUT_2003);
        if named != basis.named {
            return None;
        }

        // The edited line's nodes, as the full walk reads them (a named node, the size,
        // comes before each of them).
        let kinds = token_kinds(&tree.language());
        let colours = super::highlights::Kinds::get();
        let root_kind = root.kind_id();
        let (mut hexes, mut errors, mut coloured) = (Vec::new(), Vec::new(), Vec::new());
        let mut tokens = Vec::with_capacity(HEX_LAYOUT.fields.len());
        let reader = HexReader {
            kinds: &kinds,
            layout: hex_layout,
            named,
        };
        edited_line.read_nodes(root, |cursor| {
            let node = cursor.node();
            if let Some(kind) = colours.of(node.kind_id(), Some(root_kind), true) {
                super::highlights::push(&mut coloured, node, kind);
            }
            match node.kind() {
                "hex" => {
                    reader.read(
                        cursor,
                        &mut text,
                        &mut tokens,
                        &mut coloured,
                        &mut hexes,
                        &mut errors,
                    );
                }
                "comment" => {}
                _ if !node.is_named() => {}
                _ => return None,
            }
            Some(())
        })?;

        // The other lines' reading, moved past the edited line.
        let edited = |at: usize| at >= start && at <= old_end;
        let after = |at: usize| at > old_end;
        let shift = |at: usize| at + end - old_end;
        let mut line_errors = Vec::with_capacity(before.line_errors.len() + errors.len());
        let mut errors = Some(errors);
        for finding in &before.line_errors {
            let at = finding.range.start;
            if at >= start {
                line_errors.extend(errors.take().into_iter().flatten());
            }
            if edited(at) {
                continue;
            }
            if !after(at) {
                line_errors.push(finding.clone());
                continue;
            }
            if !finding.related.is_empty() {
                return None;
            }
            // A line's fixes edit that line.
            let edits = || finding.fixes.iter().flat_map(|f| &f.edits);
            if edits().any(|e| !after(e.range.start)) {
                return None;
            }
            let mut moved_finding = finding.clone();
            moved_finding.range = moved(&finding.range, old_end, end);
            for fix in &mut moved_finding.fixes {
                for edit in &mut fix.edits {
                    edit.range = moved(&edit.range, old_end, end);
                }
            }
            line_errors.push(moved_finding);
        }
        line_errors.extend(errors.into_iter().flatten());

        // Hexes and colours are in text order: those before the edited line, its own, those
        // after it.
        let (first, last) = (
            before.hexes.partition_point(|h| h.range.start < start),
            before.hexes.partition_point(|h| !after(h.range.start)),
        );
        let mut view_hexes = Vec::with_capacity(before.hexes.len() + hexes.len());
        view_hexes.extend(before.hexes[..first].iter().map(|h| h.moved(0, 0)));
        view_hexes.extend(hexes);
        view_hexes.extend(before.hexes[last..].iter().map(|h| h.moved(old_end, end)));

        let (first, last) = (
            old_coloured.partition_point(|h| h.start < start),
            old_coloured.partition_point(|h| !after(h.start)),
        );
        let mut highlights = Vec::with_capacity(old_coloured.len() + coloured.len());
        highlights.extend_from_slice(&old_coloured[..first]);
        highlights.extend(coloured);
        highlights.extend(old_coloured[last..].iter().map(|h| Highlight {
            start: shift(h.start),
            end: shift(h.end),
            kind: h.kind,
        }));

        Some(MapView {
            size: before.size.as_ref().map(|s| Size {
                width: s.width.clone(),
                height: s.height.clone(),
            }),
            hexes: view_hexes,
            misplaced_comments: before.misplaced_comments.clone(),
            line_errors,
            highlights: Some(highlights),
            basis: Some(Basis {
                named,
                size_line_end: basis.size_line_end,
            }),
        })
    }

    /// The first hex with this label (the game's lookup returns the first).
    pub fn hex(&self, label: i64) -> Option<&Hex> {
        self.hexes.iter().find(|h| h.label.is(label))
    }

    pub fn towers(&self) -> usize {
        self.towers_of(&["T".to_string()])
    }

    /// The number of hexes whose terrain is one of the tower terrains `towers` (letters, or
    /// names from 2003-10).
    pub fn towers_of(&self, towers: &[String]) -> usize {
        self.hexes
            .iter()
            .filter(|h| {
                h.terrain_key_str()
                    .is_some_and(|t| towers.iter().any(|tower| tower == t))
            })
            .count()
    }
}

/// The tokens, colours and hex of a hex line, by its text (the MAP's lexer reads a line alone:
/// every token may follow every other), ranges from the line's start: a keystroke changes one
/// line, and the tree's walk and the reading of every other line, most of a view's cost, are
/// not redone.
/// Kept for the lines of the last few versions of the MAPs edited (a map has a few hundred).
struct HexLine {
    tokens: Vec<(super::record::Token, Range<usize>)>,
    coloured: Vec<(Range<usize>, HighlightKind)>,
    /// The hex it reads as when it has no errors, as the 2002 layouts read it (a terrain
    /// letter) and as 2003-10's does (a name), once it was read so; boxed, since a line keeps
    /// one of the two at most and a memo of thousands of lines would hold room for both.
    hex: [std::sync::OnceLock<Option<Box<Hex>>>; 2],
}

static HEX_LINES: LineMemo<Box<str>, HexLine> = LineMemo::new();

/// The tokens and colours of the hex line at the cursor, as [`line`] reads them, from
/// [`HEX_LINES`] when a line of the same text was read before; and what is kept of the line
/// (its hex, once read).
fn hex_line<'d>(
    kinds: &TokenKinds,
    cursor: &mut tree_sitter::TreeCursor,
    text: &mut ChunkReader<'d>,
    tokens: &mut Vec<(super::record::Token, Range<usize>)>,
    coloured: &mut Vec<Highlight>,
) -> Arc<HexLine> {
    let range = cursor.node().byte_range();
    let line_text = text.slice(range.clone());
    let read = HEX_LINES.get_or_read(
        &*line_text,
        |line: &str| Box::from(line),
        || {
            let mut own = Vec::new();
            line(kinds, cursor, tokens, &mut own);
            HexLine {
                tokens: tokens
                    .iter()
                    .map(|(t, r)| (*t, moved(r, range.start, 0)))
                    .collect(),
                coloured: own
                    .iter()
                    .map(|h| (moved(&(h.start..h.end), range.start, 0), h.kind))
                    .collect(),
                hex: Default::default(),
            }
        },
    );
    tokens.clear();
    tokens.extend(
        read.tokens
            .iter()
            .map(|(t, r)| (*t, moved(r, 0, range.start))),
    );
    for (bytes, kind) in &read.coloured {
        super::highlights::push_range(coloured, moved(bytes, 0, range.start), *kind);
    }
    read
}

/// How a hex line is read: the same for a whole walk and for the one line an edit changed.
struct HexReader<'k> {
    kinds: &'k TokenKinds,
    layout: &'static Layout,
    /// The layout is 2003-10's (terrain names).
    named: bool,
}

impl HexReader<'_> {
    /// Reads the hex line at the cursor: its colours into `coloured`, its hex into `hexes`, its
    /// errors into `errors`.
    fn read<'d>(
        &self,
        cursor: &mut tree_sitter::TreeCursor,
        text: &mut ChunkReader<'d>,
        tokens: &mut Vec<(super::record::Token, Range<usize>)>,
        coloured: &mut Vec<Highlight>,
        hexes: &mut Vec<Hex>,
        errors: &mut Vec<Finding>,
    ) {
        let node = cursor.node();
        let read = hex_line(self.kinds, cursor, text, tokens, coloured);
        let start = node.start_byte();
        let kept = &read.hex[usize::from(self.named)];
        if let Some(hex) = kept.get() {
            // A line without errors reads as the same hex wherever it stands.
            hexes.extend(hex.as_ref().map(|h| h.moved(0, start)));
        } else {
            let line = Line::read(self.layout, tokens, text);
            let before = errors.len();
            line.errors(errors);
            let broken = errors.len() > before;
            let hex = Hex::read(&line, node.byte_range(), broken, self.named);
            if !broken {
                let _ = kept.set(hex.as_ref().map(|h| Box::new(h.moved(start, 0))));
            }
            hexes.extend(hex);
        }
    }
}

/// The tokens of the size or hex line at the cursor (as [`TokenKinds::line`] reads them), and
/// their colours into `coloured` (as [`super::highlights::walked`] finds them: a token has no
/// children to colour); the cursor is left where it was.
fn line(
    kinds: &TokenKinds,
    cursor: &mut tree_sitter::TreeCursor,
    tokens: &mut Vec<(super::record::Token, Range<usize>)>,
    coloured: &mut Vec<Highlight>,
) {
    tokens.clear();
    let colours = super::highlights::Kinds::get();
    let parent = cursor.node().kind_id();
    if cursor.goto_first_child() {
        let mut after_named = false;
        loop {
            let node = cursor.node();
            let id = node.kind_id();
            if let Some(token) = kinds.token(id) {
                tokens.push((token, node.byte_range()));
            }
            if let Some(kind) = colours.of(id, Some(parent), after_named) {
                super::highlights::push(coloured, node, kind);
            }
            after_named |= node.is_named();
            if !cursor.goto_next_sibling() {
                break;
            }
        }
        cursor.goto_parent();
    }
}

/// Checks of the MAP on its own. Findings about what is absent (an exit's target, towers) need
/// a file without syntax errors; a broken record is not checked.
pub fn check(doc: &Document, view: &MapView, era_of: &EraOf, out: &mut Vec<Finding>) {
    let (widths, heights) = (&era_of.era.widths, &era_of.era.heights);
    out.extend(view.line_errors.iter().cloned());
    let complete = view.line_errors.is_empty();
    for comment in &view.misplaced_comments {
        out.push(Finding::new(
            codes::COMMENT_BEFORE_SIZE,
            comment.clone(),
            "the game reads the map size (“width height”) as the very first thing in the file; \
a comment before it or on its line makes loading fail: move the comment below the size line",
        ));
    }
    let size = view.size.as_ref();
    if let Some(size) = size {
        let (w, h) = (size.width.value, size.height.value);
        let fits =
            w.is_some_and(|w| widths.contains(&w)) && h.is_some_and(|h| heights.contains(&h));
        if !fits {
            out.push(Finding::new(
                codes::SIZE_OUT_OF_RANGE,
                size.width.range.start..size.height.range.end,
                format!(
                    "the map size {} × {} is out of range: the game accepts widths {}–{} and heights \
{}–{} (\"MasterBoard size out of range\")",
                    show(&size.width),
                    show(&size.height),
                    widths.start(),
                    widths.end(),
                    heights.start(),
                    heights.end()
                ),
            ));
        }
    }

    // Run on every keystroke: sized once, with the fast hash.
    let hexes = view.hexes.len();
    let mut first_by_label: HashMap<i64, &Hex, Quick> =
        HashMap::with_capacity_and_hasher(hexes, Quick::default());
    let mut first_by_position: HashMap<(i64, i64), &Hex, Quick> =
        HashMap::with_capacity_and_hasher(hexes, Quick::default());
    for hex in view.hexes.iter().filter(|h| !h.broken) {
        let Some(label) = hex.label.value else {
            continue;
        };
        if let Some(first) = first_by_label.get(&label) {
            out.push(Finding::new(
                codes::DUPLICATE_LABEL,
                hex.label.range.clone(),
                format!(
                    "hex label {label} is used twice; the game finds only the first one (line {}), so \
exits to {label} never reach this hex: give it a label of its own",
                    line_of(doc, first.range.start)
                ),
            )
            .with_related(Some(Related::here(
                doc.rope(),
                first.label.range.clone(),
                format!("the hex the game finds as {label}"),
            ))));
        } else {
            first_by_label.insert(label, hex);
        }
        if let Some((x, y)) = hex.position() {
            if let Some(size) = size
                && let (Some(w), Some(h)) = (size.width.value, size.height.value)
                && (x >= w || y >= h)
            {
                let (xr, yr) = (
                    hex.x.as_ref().map(|n| n.range.clone()),
                    hex.y.as_ref().map(|n| n.range.clone()),
                );
                let range = match (xr, yr) {
                    (Some(xr), Some(yr)) => xr.start..yr.end,
                    _ => hex.range.clone(),
                };
                out.push(Finding::new(
                    codes::POSITION_OUT_OF_RANGE,
                    range,
                    format!(
                        "hex {label} is at ({x}, {y}), outside the {w} × {h} map (x 0–{}, y 0–{}); \
the game fails loading it: move the hex or enlarge the size on line 1",
                        w - 1,
                        h - 1
                    ),
                )
                .with_related(Some(Related::here(
                    doc.rope(),
                    size.width.range.start..size.height.range.end,
                    format!("the map's size, {w} × {h}"),
                ))));
            }
            if let Some(first) = first_by_position.get(&(x, y)) {
                out.push(Finding::new(
                    codes::DUPLICATE_POSITION,
                    hex.range.clone(),
                    format!(
                        "hex {label} is at ({x}, {y}), where hex {} already is (line {}); the game \
keeps only the later one",
                        show(&first.label),
                        line_of(doc, first.range.start)
                    ),
                )
                .with_related(Some(Related::here(
                    doc.rope(),
                    first.range.clone(),
                    format!("hex {} is at ({x}, {y}) too", show(&first.label)),
                ))));
            } else {
                first_by_position.insert((x, y), hex);
            }
        }
    }

    for hex in view.hexes.iter().filter(|h| !h.broken) {
        for exit in &hex.exits {
            let Some(target_label) = exit.label.value else {
                continue;
            };
            if target_label == 0 {
                continue; // no exit; its type is ignored
            }
            let Some(target) = first_by_label.get(&target_label) else {
                if !complete {
                    continue;
                }
                out.push(Finding::new(
                    codes::UNKNOWN_EXIT,
                    exit.label.range.clone(),
                    format!(
                        "hex {} has an exit to hex {target_label}, but no hex has that label; the game \
stops at start-up (\"null pointer\"): use an existing label, or 0 for no exit",
                        show(&hex.label)
                    ),
                ));
                continue;
            };
            if let (Some((x1, y1)), Some((x2, y2))) = (hex.position(), target.position()) {
                let adjacent =
                    (x1 == x2 && (y1 - y2).abs() == 1) || (y1 == y2 && (x1 - x2).abs() == 1);
                if !adjacent {
                    out.push(Finding::new(
                        codes::NON_ADJACENT_EXIT,
                        exit.label.range.clone(),
                        format!(
                            "the exit from hex {} at ({x1}, {y1}) to hex {target_label} at ({x2}, {y2}) \
is not to a neighbouring hex (same x and y ± 1, or same y and x ± 1); the game ignores it (\"bad exit\")",
                            show(&hex.label)
                        ),
                    )
                    .with_related(Some(Related::here(
                        doc.rope(),
                        target.range.clone(),
                        format!("hex {target_label} is at ({x2}, {y2})"),
                    ))));
                }
            }
        }
    }

    let towers = view.towers_of(&era_of.towers);
    if complete && era_of.towers_known && towers < era_of.players && !view.hexes.is_empty() {
        let range = size.map_or(0..0, |s| s.width.range.start..s.height.range.end);
        out.push(Finding::new(
            codes::TOO_FEW_TOWERS,
            range,
            format!(
                "the map has {} ({}); with fewer towers than players ({}) some players start \
without one: add tower hexes",
                plural(towers, "tower hex", "tower hexes"),
                era_of.towers_told,
                era_of.players_told
            ),
        ));
    }
}

fn show(n: &Num) -> String {
    n.value
        .map_or_else(|| "(too large)".to_string(), |v| v.to_string())
}

fn line_of(doc: &Document, byte: usize) -> usize {
    doc.rope().byte_to_line(byte) + 1
}

/// Blank lines before the size line `size`, given the rows of the comment lines before it.
fn blank_lines_before(doc: &Document, size: Node, comment_rows: &[usize], out: &mut Vec<Finding>) {
    let rope = doc.rope();
    for row in 0..size.start_position().row {
        if comment_rows.contains(&row) {
            continue;
        }
        let start = rope.line_to_byte(row);
        out.push(Finding::new(
            codes::SYNTAX_ERROR,
            start..start,
            "a blank line before the map size: the game reads the size (“width height”) as the \
very first thing in the file and fails on anything else; remove this line",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::FormatId;

    /// A hex line read before is read from [`HEX_LINES`]: the same hexes (every range, kept for
    /// a line without errors), errors and colours as a walk of the tree, at the line's own
    /// place, and an edited line is read anew.
    #[test]
    fn hex_lines_read_before_give_what_the_tree_gives() {
        let first = "1 Brush 2 ARROWS 0 ARCH 0 ARROW 0 0\n";
        let text = format!(
            "3 2\n{first}2 Jungle 1 ARROWS 0 ARCH 0 ARROW 1 0\n{first}\n{first}# note\n\
             7 Marsh 1 ARROWSX 0 ARCH 0 ARROW 1 1 # end\n"
        );
        let mut doc = Document::new(Some(FormatId::ColossusMap), &text);
        // The first line read from the tree (other tests keep lines of their own).
        HEX_LINES.forget(|line| text.contains(&**line));
        let read = |doc: &Document| {
            let view = MapView::new(doc);
            // Every range of every hex, kept or read, is where its text is.
            let number = |n: &Num| {
                assert_eq!(doc.slice(n.range.clone()).parse().ok(), n.value, "{n:?}");
            };
            let word = |w: &Word| assert_eq!(doc.slice(w.range.clone()), w.text.as_str(), "{w:?}");
            for h in &view.hexes {
                [Some(&h.label), h.x.as_ref(), h.y.as_ref()]
                    .into_iter()
                    .flatten()
                    .for_each(number);
                h.terrain.iter().for_each(word);
                for exit in &h.exits {
                    number(&exit.label);
                    exit.way.iter().for_each(word);
                }
                let line = doc.slice(h.range.clone());
                assert!(
                    line.starts_with(&*doc.slice(h.label.range.clone())),
                    "{line}"
                );
                assert!(!line.contains('\n') && line.ends_with(|c: char| c.is_ascii_digit()));
            }
            let hexes: Vec<String> = view
                .hexes
                .iter()
                .map(|h| {
                    let terrain = h.terrain.as_ref().map_or("?", |t| t.text.as_str());
                    let ways: Vec<String> = h
                        .exits
                        .iter()
                        .map(|e| {
                            let way = e.way.as_ref().map_or("?", |w| w.text.as_str());
                            let at = e.way.as_ref().map(|w| w.range.clone());
                            let label = e.label.value.unwrap_or(-1);
                            format!("{label}{way}@{:?}/{at:?}", e.label.range)
                        })
                        .collect();
                    let place =
                        [&h.x, &h.y].map(|n| n.as_ref().map(|n| (n.value, n.range.clone())));
                    format!(
                        "{} {terrain}@{:?} {ways:?} {place:?} {} {}",
                        doc.slice(h.label.range.clone()),
                        h.range,
                        h.broken,
                        h.named
                    )
                })
                .collect();
            let errors: Vec<String> = view
                .line_errors
                .iter()
                .map(|f| format!("{:?} {}", f.range, f.message))
                .collect();
            assert_eq!(
                view.highlights.as_deref(),
                Some(&super::super::highlights::walked(doc)[..]),
                "{}",
                doc.text()
            );
            (hexes, errors)
        };
        // Read twice: the second time from the lines kept (the same line three times at once).
        let fresh = read(&doc);
        assert_eq!(read(&doc), fresh);
        assert_eq!(fresh.0.len(), 5);
        // An edited line is read anew, the others from before at their new places.
        let at = text.find("Jungle").unwrap();
        doc.edit(at..at + "Jungle".len(), "Tundra ARCH 5-");
        let (hexes, errors) = read(&doc);
        assert!(hexes[1].starts_with("2 Tundra@"), "{hexes:?}");
        assert_ne!(errors, fresh.1, "the edited line's errors");
        let at = text.find("1 Brush").unwrap();
        doc.edit(at..at, "1");
        let (hexes, _) = read(&doc);
        assert!(hexes[0].starts_with("11 Brush@"), "{hexes:?}");
        assert!(hexes[2].starts_with("1 Brush@"), "{hexes:?}");
    }

    /// A hex's exits read as the slice of those given, three at most, and print as one.
    #[test]
    fn exits_read_as_a_slice_of_at_most_three() {
        let exit = |label: i64| Exit {
            label: Num {
                value: Some(label),
                range: 0..1,
            },
            way: None,
        };
        let two: Exits = (1..3).map(exit).collect();
        assert_eq!(
            two.iter().map(|e| e.label.value).collect::<Vec<_>>(),
            [Some(1), Some(2)]
        );
        assert_eq!(format!("{two:?}"), format!("{:?}", [exit(1), exit(2)]));
        let four: Exits = (1..5).map(exit).collect();
        assert_eq!((&four).into_iter().count(), 3);
        assert!(Exits::default().is_empty());
    }

    /// The terrain lines of a TER are those a reading token by token gives (every token of a
    /// line, then the `Random:` one looked for among them), on every corpus TER, lines made
    /// to test the edges, and random edits of them.
    #[test]
    fn terrain_lines_are_those_read_token_by_token() {
        fn token_by_token(text: &str) -> Vec<(&str, &str, Option<&str>)> {
            let flag = |t: &str| t == "true" || t == "false";
            let mut found = Vec::new();
            for line in text.lines() {
                let tokens: Vec<&str> = line
                    .split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect();
                match tokens.as_slice() {
                    [letter, _, name, regular, ..]
                        if letter.len() == 1
                            && letter.starts_with(|c: char| c.is_ascii_alphabetic())
                            && flag(regular) =>
                    {
                        found.push((*letter, *name, None));
                    }
                    [_, name, regular, ..] if flag(regular) && *name != "ACQUIRABLE" => {
                        let random = tokens.iter().find_map(|t| t.strip_prefix("Random:"));
                        found.push((*name, *name, random));
                    }
                    _ => {}
                }
            }
            found
        }
        let mut texts = vec![
            "green Brush1 true 1 Gargoyle xRandom:No.rnd Random:Brush.rnd Random:Other.rnd\n\
             green Brush2 false Random:Random:Twice.rnd\u{3000}Random:Not.rnd\n\
             green Brush3 true Brush # Random:Comment.rnd\n\
             Random:First.rnd Brush4 true\n\
             green Brush5 true Random:\n\
             P yellow Plains true 1 Centaur Random:Letter.rnd\n\
             x ACQUIRABLE true\nACQUIRABLE 100 Angel\nTITANIMPROVE 100\ngreen Brush\n"
                .to_string(),
        ];
        texts.extend(super::super::random_edits::corpus_texts("ter"));
        assert!(texts.len() > 20, "the corpus TERs are read");
        assert_eq!(
            terrain_lines(&texts[0]),
            token_by_token(&texts[0]),
            "the lines made to test the edges"
        );
        assert_eq!(
            terrain_lines(&texts[0])
                .iter()
                .map(|(_, _, random)| *random)
                .collect::<Vec<_>>(),
            [
                Some("Brush.rnd"),
                Some("Random:Twice.rnd"),
                None,
                Some("First.rnd"),
                Some(""),
                None
            ]
        );
        const PIECES: &[&str] = &[
            "",
            " ",
            "\t",
            "#",
            "Random:",
            "Random:X.rnd",
            "x",
            "true",
            "false",
            "P",
            "\n",
            "\u{a0}",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        let mut random = |n: usize| super::super::random_edits::below(&mut seed, n);
        for text in &texts {
            assert_eq!(terrain_lines(text), token_by_token(text));
            let mut text = text.clone();
            for _ in 0..40 {
                let mut at = random(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.insert_str(at, PIECES[random(PIECES.len())]);
                assert_eq!(terrain_lines(&text), token_by_token(&text), "in\n{text}");
            }
        }
    }

    /// A view made from the view before an edit ([`MapView::after_edit`]) is the view made
    /// anew, for many random edits of one line of every corpus MAP and of a small map with
    /// errors, comments and blank lines; edits it does not take (line breaks, the size line, a
    /// change of dialect) are made anew, and most single-line edits it takes.
    #[test]
    fn views_after_an_edit_are_the_views_made_anew() {
        let mut texts = vec![
            "# note\n\n3 2 # size\n1 Brush 2 ARROWS 0 ARCH 0 ARROW 0 0\n\n# between\n\
             2 J 1 ARROWSX 0 ARCH 0 ARROW 1 0 # end\n7 M 1 - 0\r\n3 T 2 ARROW 0 ARCH 0 ARROW 2 1"
                .to_string(),
        ];
        texts.extend(super::super::random_edits::corpus_maps());
        const PIECES: &[&str] = &[
            "", "1", "42", " ", "\t", "P", "T", "Brush", "Tower3", "ARROWS", "ARCH", "#", "# c",
            "-", "x", "_", "\n", "\r", "\r\n",
        ];
        // A fixed xorshift: the same edits on every run.
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut random = |n: usize| super::super::random_edits::below(&mut seed, n);
        let (mut edits, mut taken) = (0, 0);
        for text in &texts {
            let mut doc = Document::new(Some(FormatId::ColossusMap), text);
            MapView::of(&doc);
            for _ in 0..40 {
                let rope = doc.rope();
                let line = random(rope.len_lines());
                let start = rope.line_to_byte(line);
                let end = start + rope.line(line).len_bytes();
                let from = start + random(end - start + 1);
                let to = from + random(end - from + 1).min(4);
                let (from, to) = (from.min(to), to.max(from));
                let piece = PIECES[random(PIECES.len())];
                doc.edit(from..to, piece);
                edits += 1;
                let (before, change) = doc
                    .previous_memo::<MapView>()
                    .expect("the view before the edit");
                let fresh = format!("{:?}", MapView::new(&doc));
                if let Some(after) = MapView::after_edit(&doc, &before, change) {
                    taken += 1;
                    assert_eq!(
                        format!("{after:?}"),
                        fresh,
                        "{from}..{to} {piece:?} in\n{}",
                        doc.text()
                    );
                }
                assert_eq!(format!("{:?}", MapView::of(&doc)), fresh);
                assert_eq!(
                    dialect::own_sign(&doc),
                    dialect::sign(FormatId::ColossusMap, &doc.text())
                );
            }
        }
        assert!(
            taken * 2 > edits,
            "{taken} of {edits} edits made from the view before"
        );
    }

    /// From 2003-10 a terrain with a `Random:` file takes its tower status from that file, and
    /// each file is read once however many terrains share it: terrains sharing a file with a
    /// `TOWER` line are all towers, those sharing one without are not, and one whose file is
    /// missing leaves the towers unknown.
    #[test]
    fn towers_from_random_files_shared_by_terrains() {
        let root = std::env::temp_dir().join(format!("retroboard-towers-{}", std::process::id()));
        let dir = root.join("Shared");
        std::fs::create_dir_all(dir.join("Battlelands")).unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
        write("Shared.var", "MAP:Shared.map\nTER:Shared.ter\n");
        let terrain = |name: &str, file: &str| {
            format!("green {name} true 1 Gargoyle 2 Cyclops {name} Random:{file}\n")
        };
        let ter = [
            terrain("Keep1", "Keep.rnd"),
            terrain("Field1", "Field.rnd"),
            terrain("Keep2", "Keep.rnd"),
            terrain("Field2", "Field.rnd"),
        ]
        .concat();
        write("Shared.ter", &ter);
        write("Battlelands/Keep.rnd", "TOWER\n");
        write("Battlelands/Field.rnd", "PLAIN\n");
        let map = "2 1\n\n1\tKeep1\t2\tARROWS\t0\tARCH\t0\tARROW\t0\t0\n\
                   2\tField1\t1\tARROWS\t0\tARCH\t0\tARROW\t1\t0\n";
        write("Shared.map", map);
        let doc =
            Document::new(Some(FormatId::ColossusMap), map).with_path(Some(dir.join("Shared.map")));
        let files = crate::formats::DiskFiles;
        let era = EraOf::of(&doc, &files);
        assert_eq!(era.towers, ["Keep1", "Keep2"]);
        assert!(era.towers_known);
        // One file missing: its terrains' status is not known.
        write(
            "Shared.ter",
            &format!("{ter}{}", terrain("Lost1", "Lost.rnd")),
        );
        let era = EraOf::of(&doc, &files);
        assert_eq!(era.towers, ["Keep1", "Keep2"]);
        assert!(!era.towers_known);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
