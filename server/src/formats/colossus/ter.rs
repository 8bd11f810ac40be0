//! Terrains and recruit chains (TER): `letter colour name regular (count creature)* [display]`
//! lines, and `ACQUIRABLE (points creature [terrains])*` lines.

use std::collections::HashMap;
use std::ops::Range;

use super::codes;
use super::colors;
use super::syntax::{Fields, LineMemo, Num, Word, candidates, children, moved, nearest};
use crate::findings::{Finding, Fix, Related, TextEdit, plural};
use crate::formats::editor::Quick;
use crate::syntax::{Change, Document, EditedLine};

/// Recruiters that are not creatures, matched exactly as the game matches them.
pub const PSEUDO_CREATURES: [&str; 4] = ["Anything", "AnyNonLord", "Lord", "Titan"];

#[derive(Debug, Default)]
pub struct TerView {
    pub terrains: Vec<Terrain>,
    pub acquirables: Vec<Acquirable>,
    /// Every name token, for the lexer checks (one letter, digits glued on).
    pub names: Vec<Word>,
    /// `TITANIMPROVE` and `TITANTELEPORT` lines (2002-11), in file order.
    pub titan: Vec<TitanRecord>,
    /// The records with a syntax error (the root's children), or the whole text when the
    /// error is in none of them: a line without one reads the same wherever it is, so the
    /// next view can be made from this one when the errors are all in the edited line
    /// ([`TerView::after_edit`]).
    errors: Vec<Range<usize>>,
}

#[derive(Debug)]
pub struct Terrain {
    /// The letter the MAP knows the terrain by; from 2003-10, its name (see [`Terrain::named`]).
    pub letter: Word,
    /// A 2003-10 line (`colour name regular …`, no letter): the key is the name.
    pub named: bool,
    /// The `Random:` file a 2003-10 battleland is made from.
    pub random: Option<Word>,
    pub color: Option<Word>,
    pub name: Option<Word>,
    pub regular: Option<Word>,
    pub recruits: Vec<Recruit>,
    /// `Special:` recruiters (2002-11): Java classes the game asks which creatures the terrain
    /// recruits; not creatures.
    pub specials: Vec<Word>,
    pub display_name: Option<Word>,
    pub range: Range<usize>,
    /// The line has a syntax error: its recruits may be cut short.
    pub broken: bool,
}

/// A `TITANIMPROVE n` or `TITANTELEPORT n` line (2002-11).
#[derive(Debug)]
pub struct TitanRecord {
    pub keyword: &'static str,
    pub value: Num,
    pub range: Range<usize>,
}

#[derive(Debug)]
pub struct Recruit {
    pub count: Num,
    pub creature: Word,
}

#[derive(Debug)]
pub struct Acquirable {
    pub points: Num,
    pub creature: Word,
    pub terrains: Option<Word>,
}

impl Acquirable {
    /// The terrains the acquirable is restricted to, each with its range: the letters of a
    /// list (`B,J`), or in a TER of terrain names (2003-10, `named`) the names between its
    /// commas (`Desert,Tower`), as `TerrainRecruitLoader` splits them.
    pub fn terrain_refs(&self, named: bool) -> Vec<(String, Range<usize>)> {
        let Some(list) = &self.terrains else {
            return Vec::new();
        };
        terrain_refs(list, named)
    }
}

/// The terrains of an ACQUIRABLE restriction, see [`Acquirable::terrain_refs`].
pub fn terrain_refs(list: &Word, named: bool) -> Vec<(String, Range<usize>)> {
    if !named {
        return list
            .text
            .char_indices()
            .filter(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, c)| {
                let start = list.range.start + i;
                (c.to_string(), start..start + 1)
            })
            .collect();
    }
    let mut refs = Vec::new();
    let mut at = 0;
    for part in list.text.split(',') {
        let trimmed = part.trim_matches([' ', '\t', '\r']);
        if !trimmed.is_empty() {
            let start = list.range.start
                + at
                + (part.len() - part.trim_start_matches([' ', '\t', '\r']).len());
            refs.push((trimmed.to_string(), start..start + trimmed.len()));
        }
        at += part.len() + 1;
    }
    refs
}

impl Terrain {
    /// The terrain letter (`None` for a 2003-10 line, which has none).
    pub fn letter_char(&self) -> Option<char> {
        if self.named {
            return None;
        }
        self.letter.text.chars().next()
    }

    /// What the MAP knows the terrain by: its letter, or from 2003-10 its name.
    pub fn key(&self) -> &str {
        &self.letter.text
    }

    /// The creatures a Tower gives each player at the start: the first three recruits with a
    /// count of 0 or more that are real creatures.
    pub fn starting_creatures(&self) -> Vec<&Recruit> {
        self.recruits
            .iter()
            .filter(|r| r.count.value.is_some_and(|c| c >= 0))
            .filter(|r| !PSEUDO_CREATURES.contains(&r.creature.text.as_str()))
            .take(3)
            .collect()
    }
}

/// The terrains of terrain lines without a syntax error, by the line's kind and text (`None`:
/// a line without its key): such a line reads the same wherever it is (each record starts where
/// the one before ended, after a line break).
static TERRAIN_LINES: LineMemo<(u16, Box<str>), Option<Terrain>> = LineMemo::new();

/// The terrain of a `terrain_def` or `named_terrain_def` node, from [`TERRAIN_LINES`] when a
/// line of the same text without an error was read before.
fn terrain_line(doc: &Document, node: tree_sitter::Node) -> Option<Terrain> {
    let range = node.byte_range();
    if node.has_error() {
        return read_terrain(doc, node);
    }
    let key = (node.kind_id(), Box::<str>::from(doc.slice(range.clone())));
    let read = TERRAIN_LINES.get_or_read(&key, Clone::clone, || {
        read_terrain(doc, node).map(|t| t.moved(range.start, 0))
    });
    read.as_ref().as_ref().map(|t| t.moved(0, range.start))
}

/// The terrain of a `terrain_def` or `named_terrain_def` node, read from the tree; `None`
/// without its key (the letter, or from 2003-10 the name).
fn read_terrain(doc: &Document, node: tree_sitter::Node) -> Option<Terrain> {
    let fields = Fields::of(node);
    let named = node.kind() == "named_terrain_def";
    // Past a syntax error the parser's recovery may put any word into any field (`B green
    // Brush maybe 1 Gargoyle 2 Troll` named the terrain Troll): only what comes before it is
    // read, so a broken line feeds no wrong name to the other checks.
    let error = first_error(node);
    let sound = |range: &Range<usize>| error.is_none_or(|at| range.end <= at);
    let word = |field: &str| fields.word(doc, field).filter(|w| sound(&w.range));
    let letter = word(if named { "name" } else { "letter" })?;
    let (specials, recruits): (Vec<Recruit>, Vec<Recruit>) = children(node, "recruit")
        .into_iter()
        .filter_map(|r| {
            let r = Fields::of(r);
            Some(Recruit {
                count: r.num(doc, "count")?,
                creature: r.word(doc, "creature")?,
            })
        })
        .filter(|r| sound(&r.creature.range))
        .partition(|r| r.creature.text.starts_with("Special:"));
    let specials = specials.into_iter().map(|r| r.creature).collect();
    Some(Terrain {
        letter,
        named,
        random: word("random"),
        color: word("color"),
        name: word("name"),
        regular: word("regular"),
        display_name: word("display_name"),
        recruits,
        specials,
        range: node.byte_range(),
        broken: node.has_error(),
    })
}

/// Where the first syntax error in `node` starts (an `ERROR` or a missing token), if any.
fn first_error(node: tree_sitter::Node) -> Option<usize> {
    if !node.has_error() {
        return None;
    }
    let mut cursor = node.walk();
    loop {
        let here = cursor.node();
        if here.is_error() || here.is_missing() {
            return Some(here.start_byte());
        }
        // Into the first child holding an error, else on to the next sibling that does.
        if here.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() || cursor.node() == node {
                return None;
            }
        }
    }
}

/// Where an item of the last view lies, for [`TerView::after_edit`].
enum Place {
    Before,
    Edited,
    After,
}

impl Acquirable {
    /// The acquirable of the same line starting at `to` instead of `from`.
    fn moved(&self, from: usize, to: usize) -> Acquirable {
        Acquirable {
            points: self.points.moved(from, to),
            creature: self.creature.moved(from, to),
            terrains: self.terrains.as_ref().map(|w| w.moved(from, to)),
        }
    }
}

impl TitanRecord {
    /// The record of the same line starting at `to` instead of `from`.
    fn moved(&self, from: usize, to: usize) -> TitanRecord {
        TitanRecord {
            keyword: self.keyword,
            value: self.value.moved(from, to),
            range: moved(&self.range, from, to),
        }
    }
}

impl Terrain {
    /// The terrain of the same line starting at `to` instead of `from`.
    fn moved(&self, from: usize, to: usize) -> Terrain {
        let num = |n: &Num| n.moved(from, to);
        let word = |w: &Word| w.moved(from, to);
        Terrain {
            letter: word(&self.letter),
            named: self.named,
            random: self.random.as_ref().map(word),
            color: self.color.as_ref().map(word),
            name: self.name.as_ref().map(word),
            regular: self.regular.as_ref().map(word),
            recruits: self
                .recruits
                .iter()
                .map(|r| Recruit {
                    count: num(&r.count),
                    creature: word(&r.creature),
                })
                .collect(),
            specials: self.specials.iter().map(word).collect(),
            display_name: self.display_name.as_ref().map(word),
            range: moved(&self.range, from, to),
            broken: self.broken,
        }
    }
}

impl TerView {
    /// The view of the document's current text, built once until it changes: after an edit
    /// inside one line, from the view before it.
    pub fn of(doc: &Document) -> std::sync::Arc<TerView> {
        doc.memo(|| {
            doc.previous_memo::<TerView>()
                .and_then(|(before, change)| TerView::after_edit(doc, &before, change))
                .unwrap_or_else(|| TerView::new(doc))
        })
    }

    pub fn new(doc: &Document) -> TerView {
        let mut view = TerView::default();
        let Some(tree) = doc.tree() else { return view };
        let root = tree.root_node();
        let mut cursor = root.walk();
        for node in root.children(&mut cursor) {
            view.read(doc, node);
        }
        if root.has_error() && view.errors.is_empty() {
            view.errors.push(0..usize::MAX);
        }
        view
    }

    /// The view after an edit that changed one line and broke or joined none, made from the
    /// view before it: the edited line is read from the tree as [`TerView::new`] reads it, and
    /// every other line's terrains, acquirables, names and Titan lines are the last view's,
    /// moved by the bytes the edit added or removed (a keystroke walked the whole tree and
    /// looked every line up again). `None` for any other edit, or with a syntax error in
    /// another line before or after it: the view is made anew.
    fn after_edit(doc: &Document, before: &TerView, change: Change) -> Option<TerView> {
        let tree = doc.tree()?;
        let root = tree.root_node();
        let edited_line = change.edited_line(doc.rope())?;
        let EditedLine {
            start,
            end,
            old_end,
        } = edited_line;
        if before
            .errors
            .iter()
            .any(|error| error.start < start || error.end > old_end)
        {
            return None;
        }

        let mut line = TerView::default();
        edited_line.read_nodes(root, |cursor| {
            line.read(doc, cursor.node());
            Some(())
        })?;
        // An error the walk did not meet (a line break the parser took as missing): anew.
        if root.has_error() && line.errors.is_empty() {
            return None;
        }

        // Where a range of the last view lies: before the edited line, in it, or after it.
        let place = |range: &Range<usize>| {
            if range.end < start {
                Some(Place::Before)
            } else if range.start > old_end {
                Some(Place::After)
            } else if range.start >= start && range.end <= old_end {
                Some(Place::Edited)
            } else {
                None
            }
        };
        fn merge<T>(
            last: &[T],
            edited: Vec<T>,
            place: impl Fn(&T) -> Option<Place>,
            moved: impl Fn(&T, usize, usize) -> T,
            (old_end, end): (usize, usize),
        ) -> Option<Vec<T>> {
            let mut merged = Vec::with_capacity(last.len() + edited.len());
            let mut edited = Some(edited);
            for item in last {
                match place(item)? {
                    Place::Before => merged.push(moved(item, 0, 0)),
                    Place::Edited => {}
                    Place::After => {
                        merged.extend(edited.take().into_iter().flatten());
                        merged.push(moved(item, old_end, end));
                    }
                }
            }
            merged.extend(edited.into_iter().flatten());
            Some(merged)
        }
        let shift = (old_end, end);
        Some(TerView {
            terrains: merge(
                &before.terrains,
                line.terrains,
                |t| place(&t.range),
                Terrain::moved,
                shift,
            )?,
            acquirables: merge(
                &before.acquirables,
                line.acquirables,
                |a| place(&a.creature.range),
                Acquirable::moved,
                shift,
            )?,
            names: merge(
                &before.names,
                line.names,
                |w| place(&w.range),
                Word::moved,
                shift,
            )?,
            titan: merge(
                &before.titan,
                line.titan,
                |t| place(&t.range),
                TitanRecord::moved,
                shift,
            )?,
            errors: line.errors,
        })
    }

    /// One record of the file (a child of the tree's root), added to the view.
    fn read(&mut self, doc: &Document, node: tree_sitter::Node) {
        if node.has_error() {
            self.errors.push(node.byte_range());
        }
        match node.kind() {
            "terrain_def" | "named_terrain_def" => {
                let Some(terrain) = terrain_line(doc, node) else {
                    return;
                };
                self.names.extend(terrain.color.iter().cloned());
                // A 2003-10 terrain name is the game's CHAINE: digits are part of it.
                if !terrain.named {
                    self.names.extend(terrain.name.iter().cloned());
                }
                self.names.extend(terrain.display_name.iter().cloned());
                self.names
                    .extend(terrain.recruits.iter().map(|r| r.creature.clone()));
                self.terrains.push(terrain);
            }
            "titan_improve" | "titan_teleport" => {
                if let Some(value) = Fields::of(node).num(doc, "value") {
                    self.titan.push(TitanRecord {
                        keyword: if node.kind() == "titan_improve" {
                            "TITANIMPROVE"
                        } else {
                            "TITANTELEPORT"
                        },
                        value,
                        range: node.byte_range(),
                    });
                }
            }
            "acquirable_def" => {
                for a in children(node, "acquirable") {
                    let a = Fields::of(a);
                    let (Some(points), Some(creature)) =
                        (a.num(doc, "points"), a.word(doc, "creature"))
                    else {
                        continue;
                    };
                    self.names.push(creature.clone());
                    self.acquirables.push(Acquirable {
                        points,
                        creature,
                        terrains: a.word(doc, "terrains"),
                    });
                }
            }
            _ => {}
        }
    }

    /// Whether the terrain lines are those of 2003-10 (no letter), as most of them are.
    pub fn named(&self) -> bool {
        self.terrains.iter().filter(|t| t.named).count() * 2 > self.terrains.len()
    }

    /// The terrain of a key: a letter, or from 2003-10 a name (the game keeps the last
    /// definition).
    pub fn terrain_by_key(&self, key: &str) -> Option<&Terrain> {
        self.terrains.iter().rev().find(|t| t.key() == key)
    }

    /// The terrain names of a 2003-10 TER, in file order, each once.
    pub fn names_listed(&self) -> String {
        let mut names: Vec<&str> = Vec::new();
        let named = self.named();
        for t in self.terrains.iter().filter(|t| t.named == named) {
            if !names.contains(&t.key()) {
                names.push(t.key());
            }
        }
        names.join(" ")
    }

    /// The terrain of a letter (the game keeps the last definition of a letter).
    pub fn terrain(&self, letter: char) -> Option<&Terrain> {
        self.terrains
            .iter()
            .rev()
            .find(|t| t.letter_char() == Some(letter))
    }

    pub fn letters(&self) -> String {
        let mut letters: Vec<char> = self
            .terrains
            .iter()
            .filter_map(Terrain::letter_char)
            .collect();
        letters.sort_unstable();
        letters.dedup();
        letters
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// How many colour names a colour picker offers for a colour chosen.
const NAMES_OFFERED: usize = 5;

/// The colour of every terrain line, as the game paints the terrain: its RGB value, black for a
/// name it does not know (as the preview's masterboard draws it). A word cut short by what no
/// token takes (`gr` of `grün`) is no colour name: it gets none.
pub fn swatches(doc: &Document, view: &TerView) -> Vec<crate::answers::Swatch> {
    let len = doc.rope().len_bytes();
    // The characters on either side (a character is at most 4 bytes).
    let before = |at: usize| doc.slice(at.saturating_sub(4)..at).chars().next_back();
    let after = |at: usize| doc.slice(at..(at + 4).min(len)).chars().next();
    let apart = |c: Option<char>| c.is_none_or(char::is_whitespace);
    view.terrains
        .iter()
        .filter_map(|t| t.color.as_ref())
        .filter(|c| c.range.end <= len && apart(before(c.range.start)) && apart(after(c.range.end)))
        .map(|color| crate::answers::Swatch {
            range: color.range.clone(),
            rgb: colors::drawn(&color.text),
        })
        .collect()
}

/// The colour names the game knows nearest to `rgb`, nearest first, to replace the colour of
/// the terrain line written at `range` (the name written first among those of its colour);
/// none where no swatch is (see [`swatches`]).
pub fn color_names(
    doc: &Document,
    view: &TerView,
    range: Range<usize>,
    rgb: [u8; 3],
) -> Vec<String> {
    let Some(color) = swatches(doc, view)
        .into_iter()
        .find(|s| s.range == range)
        .map(|s| doc.slice(s.range).to_string())
    else {
        return Vec::new();
    };
    colors::nearest_names(rgb, &color, NAMES_OFFERED)
        .into_iter()
        .map(String::from)
        .collect()
}

/// `D, S` in a TER's ACQUIRABLE list, where the grammar stops at the comma (`range`): the game
/// reads `D` as the list and cannot read the `,` only because of the blank after it, so the
/// blank is the fault.
pub fn blank_after_comma(doc: &Document, range: Range<usize>) -> Option<Finding> {
    let start = range.start;
    if !doc.slice(range).starts_with(',') {
        return None;
    }
    let after = doc.slice(start + 1..start + 80);
    let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
    let next = after[blanks..].chars().next()?;
    if blanks == 0 || !next.is_ascii_alphabetic() {
        return None;
    }
    Some(Finding::new(
        codes::SYNTAX_ERROR,
        start + 1..start + 1 + blanks,
        "a blank after the comma of a terrain list: the game reads the letters joined by \
commas with no blank (like D,S), and stops loading the file at the comma; remove the blank",
    ))
}

/// A recruit count with no creature after it (the creature deleted: `2 Hydra 2`, `3 2 Hydra`),
/// where the grammar stops at a number it did not expect.
pub fn count_without_creature(doc: &Document, range: Range<usize>) -> Option<Finding> {
    let rope = doc.rope();
    let line = rope.byte_to_line(range.start.min(rope.len_bytes()));
    let start = rope.line_to_byte(line);
    let text = rope.line(line).to_string();
    let at = range.start - start;
    let is_count = |word: &str| {
        let digits = word.strip_prefix('-').unwrap_or(word);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    // The game's blanks and line breaks, all of one byte: a slice at one never cuts a
    // character (a no-break space is no blank to the game).
    let blank = [' ', '\t', '\r', '\n'];
    let word_at = |from: usize| {
        let rest = &text[from..];
        let len = rest.find(blank).unwrap_or(rest.len());
        &rest[..len]
    };
    let here = word_at(at);
    if !is_count(here) {
        return None;
    }
    let after = text[at + here.len()..].trim_start_matches(blank);
    let before = text[..at].trim_end_matches(blank);
    let previous_start = before.rfind(blank).map_or(0, |i| i + 1);
    let previous = &before[previous_start..];
    // `3 2 Hydra`: the count before this one lost its creature; `2 Hydra 2`: this one did.
    let (count, at) = if is_count(previous) && !previous.is_empty() {
        (previous, previous_start)
    } else if after.is_empty() || after.starts_with('#') {
        (here, at)
    } else {
        return None;
    };
    let range = start + at..start + at + count.len();
    Some(Finding::new(
        codes::SYNTAX_ERROR,
        range,
        format!(
            "the recruit count {count} has no creature after it: a recruit is a count and the \
creature it recruits (“{count} Ogre”); write the creature's name after it, or remove the count"
        ),
    ))
}

/// Checks of the TER on its own; `words_with_digits`: the variant's game (2002-11 on) reads a
/// word of letters, digits, `.` and `_` whole.
pub fn check(doc: &Document, view: &TerView, words_with_digits: bool, out: &mut Vec<Finding>) {
    if !words_with_digits {
        for name in &view.names {
            check_name(doc, name, out);
        }
    } else {
        for name in view.names.iter().filter(|n| n.text.chars().count() == 1) {
            check_name(doc, name, out);
        }
    }
    // TerrainRecruitLoader.jj at c51d0c34: "Wrong Value for Titan Improvement" / "… Teleport"
    // below 1, a parse failure: the game stops.
    for record in &view.titan {
        if record.value.value.is_none_or(|v| v <= 0) {
            out.push(Finding::new(
                codes::SYNTAX_ERROR,
                record.value.range.clone(),
                format!(
                    "{} takes a number of points above 0, not {}; the game stops loading the \
file (\"Wrong Value for Titan {}\"): write a positive number",
                    record.keyword,
                    doc.slice(record.value.range.clone()),
                    if record.keyword == "TITANIMPROVE" {
                        "Improvement"
                    } else {
                        "Teleport"
                    }
                ),
            ));
        }
    }

    // A line of the other dialect: the game of 2003-10 reads `B green Brush true` as colour B,
    // name green, then fails on Brush where true or false is due; the game before reads
    // `green Brush true` as a letter that is a word, and fails on it.
    let named = view.named();
    for terrain in view.terrains.iter().filter(|t| t.named != named) {
        let message = if named {
            format!(
                "this terrain line starts with a letter ({}), but the terrain lines of this file \
are of the 2003-10 format, which has none: the game reads {} as the colour and fails on the next \
word; remove the letter",
                terrain.letter.text, terrain.letter.text
            )
        } else {
            format!(
                "this terrain line has no terrain letter: the game reads “{}” where the letter \
is due and fails; start the line with the letter the map uses, such as “B green Brush true …” \
(terrain lines without a letter are the 2003-10 format)",
                terrain.color.as_ref().map_or("", |c| c.text.as_str())
            )
        };
        out.push(Finding::new(
            codes::SYNTAX_ERROR,
            terrain.range.start..terrain.letter.range.end,
            message,
        ));
    }

    let mut seen: HashMap<char, &Terrain, Quick> = HashMap::default();
    let mut seen_names: HashMap<&str, &Terrain, Quick> =
        HashMap::with_capacity_and_hasher(view.terrains.len(), Quick::default());
    for terrain in &view.terrains {
        if terrain.named {
            if let Some(first) = seen_names.get(terrain.key()) {
                out.push(Finding::new(
                    codes::DUPLICATE_TERRAIN,
                    terrain.letter.range.clone(),
                    format!(
                        "terrain {} is defined twice (first on line {}); the game keeps this later \
definition and lists the terrain twice: use another name",
                        terrain.key(),
                        doc.rope().byte_to_line(first.range.start) + 1
                    ),
                )
                .with_related(Some(Related::here(
                    doc.rope(),
                    first.letter.range.clone(),
                    format!("terrain {} is first defined here", terrain.key()),
                ))));
            } else {
                seen_names.insert(terrain.key(), terrain);
            }
        }
        let letter = terrain.letter_char().unwrap_or('\0');
        if terrain.named {
            // keyed by name above
        } else if let Some(first) = seen.get(&letter) {
            out.push(Finding::new(
                codes::DUPLICATE_TERRAIN,
                terrain.letter.range.clone(),
                format!(
                    "terrain letter {letter} is defined twice (first on line {}); the game keeps this \
later definition and lists the letter twice: use another letter",
                    doc.rope().byte_to_line(first.range.start) + 1
                ),
            )
            .with_related(Some(Related::here(
                doc.rope(),
                first.letter.range.clone(),
                format!("terrain letter {letter} is first defined here"),
            ))));
        } else {
            seen.insert(letter, terrain);
        }
        if terrain.broken {
            continue; // a line with a syntax error: its values may be misplaced
        }
        if let Some(color) = &terrain.color
            && colors::rgb(&color.text).is_none()
        {
            let hint = nearest(&color.text, colors::COLORS.iter().map(|(n, _)| *n))
                .map(|n| format!("did you mean “{n}”? "))
                .unwrap_or_default();
            out.push(Finding::new(
                codes::UNKNOWN_COLOR,
                color.range.clone(),
                format!(
                    "Colossus knows no colour “{}” (names are case-sensitive); it draws the terrain \
black: {hint}(“retroboard explain colossus/unknown-color” lists the colours)",
                    color.text
                ),
            )
            .with_fixes(Fix::vocabulary(
                &color.range,
                &color.text,
                candidates(&color.text, colors::COLORS.iter().map(|(n, _)| *n)),
            )));
        }
        for pair in terrain.recruits.windows(2) {
            let [recruiter, recruit] = pair else { continue };
            let (by, name) = (&recruiter.creature.text, &recruit.creature.text);
            let by_anyone = ["Anything", "AnyNonLord"].contains(&by.as_str());
            let pseudo = PSEUDO_CREATURES.contains(&name.as_str()) || name.starts_with("Special");
            if recruit.count.is(0) && !by_anyone && !pseudo {
                out.push(Finding::new(
                    codes::ANONYMOUS_RECRUIT,
                    recruit.count.range.clone(),
                    format!(
                        "“0 {name}” after {by}: a count of 0 lets {name} be recruited with no \
recruiter at all, which the format document allows only after Anything or AnyNonLord (“Don't use \
with a regular recruiter”); write how many {by} creatures recruit one {name}, e.g. “2 {name}”"
                    ),
                ));
            }
        }
        for recruit in &terrain.recruits {
            if recruit.creature.text == "Titan" && !recruit.count.is(-1) {
                out.push(Finding::new(
                    codes::TITAN_RECRUIT,
                    recruit.count.range.clone(),
                    format!(
                        "“{} Titan” lets the Titan be recruited; a Titan as recruiter should always be \
“-1 Titan” (it can recruit, but cannot be recruited)",
                        doc.slice(recruit.count.range.clone())
                    ),
                )
                .with_fix(Some(
                    Fix::one(
                        "Write -1 Titan",
                        TextEdit::replace(recruit.count.range.clone(), "-1"),
                    )
                    .preferred(),
                )));
            }
        }
        if !terrain.named && letter == 'T' {
            out.extend(too_few_starters(terrain, "the Tower line"));
        }
    }

    let complete = doc.tree().is_some_and(|t| !t.root_node().has_error());
    // From 2003-10 the towers are the terrains whose battleland has a TOWER line (the MAP's
    // too-few-towers).
    if complete
        && !named
        && !view.terrains.is_empty()
        && !view.terrains.iter().any(|t| t.letter_char() == Some('T'))
    {
        out.push(Finding::new(
            codes::MISSING_TOWER,
            view.terrains[0].letter.range.clone(),
            format!(
                "no terrain line has the letter T (letters here: {}); the game needs the Tower, \
letter T, for the towers on the map and the starting creatures: add a line such as \
“T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan”",
                view.letters()
            ),
        ));
    }

    if let Some(first) = view.acquirables.first() {
        match first.points.value {
            Some(0) => out.push(Finding::new(
                codes::ACQUIRABLE_ZERO,
                first.points.range.clone(),
                "the first ACQUIRABLE value is 0; every other value is divided by it, and the game \
stops at start-up (division by zero): give the points needed for the first acquirable, e.g. 100",
            )),
            Some(base) => {
                for a in &view.acquirables[1..] {
                    if let Some(points) = a.points.value
                        && points % base != 0
                    {
                        out.push(Finding::new(
                            codes::ACQUIRABLE_MULTIPLE,
                            a.points.range.clone(),
                            format!(
                                "{} is acquirable every {points} points, which is not a multiple of \
the first ACQUIRABLE value {base} ({}); the game stops at start-up (\"Wrong Value for an \
Acquirable\"): use a multiple of {base} such as {}",
                                a.creature.text,
                                first.creature.text,
                                (points / base).max(1) * base
                            ),
                        ));
                    }
                }
            }
            None => {}
        }
    }

    // The terrain names in file order, for near names that do not depend on hashing.
    let known_names: Vec<&str> = view
        .terrains
        .iter()
        .filter(|t| t.named)
        .map(Terrain::key)
        .collect();
    for a in &view.acquirables {
        for (key, range) in a.terrain_refs(named) {
            if named {
                // TerrainRecruitLoader at 1b50e238: `isAvailable` compares the hex's terrain
                // name with the list; a name no line defines never matches, silently.
                if known_names.contains(&key.as_str()) {
                    continue;
                }
                let hint = nearest(&key, known_names.iter().copied())
                    .map(|n| format!("; did you mean “{n}”?"))
                    .unwrap_or_default();
                out.push(
                    Finding::new(
                        codes::UNKNOWN_ACQUIRABLE_TERRAIN,
                        range.clone(),
                        format!(
                            "{} is restricted to terrain {key}, but no terrain line has that name \
(names are case-sensitive), so the game never offers it there{hint} (terrains here: {})",
                            a.creature.text,
                            view.names_listed()
                        ),
                    )
                    .with_fixes(Fix::replacements(
                        &range,
                        candidates(&key, known_names.iter().copied()),
                    )),
                );
                continue;
            }
            let letter = key.chars().next().unwrap_or('\0');
            if !seen.contains_key(&letter) {
                out.push(Finding::new(
                    codes::UNKNOWN_ACQUIRABLE_TERRAIN,
                    range,
                    format!(
                        "{} is restricted to terrain {letter}, but no terrain line has that letter \
(letters here: {})",
                        a.creature.text,
                        view.letters()
                    ),
                ));
            }
        }
    }
}

/// The 2002-02 game's lexer makes a word of letters only and of two letters at least: a
/// one-letter word is a terrain letter, digits split a word, and `.` or `_` is no character of
/// it. (The grammar reads a creature with digits, `.` or `_` whole, as the later games do.)
pub fn check_name(doc: &Document, name: &Word, out: &mut Vec<Finding>) {
    if let Some(at) = name.text.find(|c: char| !c.is_ascii_alphabetic()) {
        let letters = &name.text[..at];
        let stray = name.text[at..].chars().next().unwrap_or('_');
        let message = if stray.is_ascii_digit() {
            format!(
                "“{}” is not one name to the game: its lexer splits letters from digits, so it \
reads “{letters}” and then a number; names are letters only (the games from 2002-11 read it whole)",
                name.text
            )
        } else {
            format!(
                "“{}” is not a name to the game: its lexer has no token for “{stray}”, so loading \
the file fails with a lexical error and the game crashes; names are letters only (the games from \
2002-11 read it)",
                name.text
            )
        };
        out.push(Finding::new(codes::BAD_NAME, name.range.clone(), message));
        return;
    }
    let after = doc.slice(name.range.end..name.range.end + 1);
    if after.starts_with(|c: char| c.is_ascii_digit()) {
        let digits_end = name.range.end
            + doc
                .slice(name.range.end..name.range.end + 32)
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(0)
                .max(1);
        out.push(Finding::new(
            codes::BAD_NAME,
            name.range.start..digits_end,
            format!(
                "“{}” is not one name to the game: its lexer splits letters from digits, so it reads \
“{}” and then a number; names are letters only",
                doc.slice(name.range.start..digits_end),
                name.text
            ),
        ));
    } else if name.text.chars().count() == 1 {
        out.push(Finding::new(
            codes::BAD_NAME,
            name.range.clone(),
            format!(
                "“{}” is one letter, which the game's lexer reads as a terrain letter, not a name; \
names need at least two letters",
                name.text
            ),
        ));
    }
}

/// `colossus/tower-starters` on a tower terrain with fewer than three starting creatures;
/// `subject` says which terrain is a tower and why ("the Tower line").
pub(super) fn too_few_starters(terrain: &Terrain, subject: &str) -> Option<Finding> {
    let starters = terrain.starting_creatures();
    if starters.len() >= 3 {
        return None;
    }
    let names: Vec<&str> = starters.iter().map(|r| r.creature.text.as_str()).collect();
    Some(Finding::new(
        codes::TOWER_STARTERS,
        terrain.letter.range.clone(),
        format!(
            "{subject} gives {}{}; the game takes the first three recruits with a count of 0 or \
more that are not Anything, AnyNonLord, Lord or Titan, and fails at game start with fewer: add \
recruits such as “0 Ogre”",
            plural(starters.len(), "starting creature", "starting creatures"),
            if names.is_empty() {
                String::new()
            } else {
                format!(" ({})", names.join(", "))
            }
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::{TERRAIN_LINES, TerView, Word, read_terrain, terrain_refs};
    use crate::registry::FormatId;
    use crate::syntax::Document;

    /// A view made from the view before an edit ([`TerView::after_edit`]) is the view made
    /// anew, for random edits of every corpus TER and of a small TER of both dialects with
    /// comments, blank lines, ACQUIRABLE and Titan lines: three edits of one line as typing
    /// makes them, then the text as it was. Edits it does not take (line breaks, a syntax
    /// error in another line) are made anew, and most edits it takes.
    #[test]
    fn views_after_an_edit_are_the_views_made_anew() {
        let mut texts = vec![
            "# note\n\nP yellow Plains true 1 Centaur 2 Lion Plains # c\n\
             B green Brush false 2 Gargoyle Brush\r\n\
             green Brush1 true 1 Gargoyle 2 Cyclops Brush Random:Brush.rnd\n\n\
             ACQUIRABLE 100 Angel 500 Archangel P,B\nTITANIMPROVE 100\nTITANTELEPORT 400\n\
             T tower Tower false 0 Titan 0 Warlock"
                .to_string(),
        ];
        texts.extend(super::super::random_edits::corpus_texts("ter"));
        const PIECES: &[&str] = &[
            "",
            "1",
            "42",
            " ",
            "\t",
            "P",
            "T",
            "Brush",
            "true",
            "false",
            "Gargoyle",
            "#",
            "# c",
            "Random:X.rnd",
            "ACQUIRABLE",
            ",",
            "-",
            "\n",
            "\r",
            "\r\n",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut random = |n: usize| super::super::random_edits::below(&mut seed, n);
        let (mut edits, mut taken) = (0, 0);
        for text in &texts {
            let mut doc = Document::new(Some(FormatId::ColossusTer), text);
            TerView::of(&doc);
            let mut line = 0;
            for round in 0..48 {
                let typed = round % 4 != 3;
                if round % 4 == 0 {
                    line = random(doc.rope().len_lines());
                }
                let (range, piece) = if typed {
                    let rope = doc.rope();
                    let start = rope.line_to_byte(line.min(rope.len_lines() - 1));
                    let end = start + rope.line(rope.byte_to_line(start)).len_bytes();
                    let from = start + random(end - start + 1);
                    let to = from + random(end - from + 1).min(4);
                    (from..to, PIECES[random(PIECES.len())])
                } else {
                    // The text as it was: the next typing starts from no error.
                    (0..doc.rope().len_bytes(), text.as_str())
                };
                doc.edit(range.clone(), piece);
                let (before, change) = doc
                    .previous_memo::<TerView>()
                    .expect("the view before the edit");
                let fresh = format!("{:?}", TerView::new(&doc));
                if let Some(after) = TerView::after_edit(&doc, &before, change) {
                    taken += 1;
                    assert_eq!(
                        format!("{after:?}"),
                        fresh,
                        "{range:?} {piece:?} in\n{}",
                        doc.text()
                    );
                }
                edits += usize::from(typed);
                assert_eq!(format!("{:?}", TerView::of(&doc)), fresh);
            }
        }
        assert!(
            taken * 2 > edits,
            "{taken} of {edits} edits made from the view before"
        );
    }

    /// A word before a lone count may end in a blank of two bytes (a no-break space, which the
    /// TER's grammar does not take as a blank): the count's finding is found all the same.
    /// Found by fuzzing (the word was cut inside the character).
    #[test]
    fn a_count_after_a_wide_blank_is_read_without_cutting_a_character() {
        let text = "1green Brush true 1n Brush true  Gargoyle 00 T 0 ARROW 0 ARROW 0 ARROW 1 0 \
A2RROW 0 ARROW 0 ARROW\u{a0}5RROW 11 1\n";
        let doc = Document::new(Some(FormatId::ColossusTer), text);
        let findings = crate::analysis::analyze(&doc);
        assert!(!findings.is_empty());
    }

    /// Terrain lines read before are read from [`TERRAIN_LINES`]: every terrain is the one the
    /// tree gives, at its own place, and an edited line is read anew (one with an error from
    /// the tree).
    #[test]
    fn terrain_lines_read_before_give_what_the_tree_gives() {
        let line = "green Brush1 true 1 Gargoyle 2 Cyclops 2 Gorgon Brush Random:Brush.rnd\n";
        let text = format!(
            "{line}orange Desert1 true 1 Lion 3 Griffon 2 Hydra Desert\n{line}\n# x\n{line}\
             ACQUIRABLE 100 Angel\n"
        );
        let mut doc = Document::new(Some(FormatId::ColossusTer), &text);
        // The first line read from the tree (other tests keep lines of their own).
        TERRAIN_LINES.forget(|(_, line)| text.contains(&**line));
        let read = |doc: &Document| {
            let view = TerView::new(doc);
            let tree = doc.tree().unwrap();
            let root = tree.root_node();
            let mut cursor = root.walk();
            let from_tree: Vec<String> = root
                .named_children(&mut cursor)
                .filter(|n| n.kind().ends_with("terrain_def"))
                .filter_map(|n| read_terrain(doc, n))
                .map(|t| format!("{t:?}"))
                .collect();
            let terrains: Vec<String> = view.terrains.iter().map(|t| format!("{t:?}")).collect();
            assert_eq!(terrains, from_tree, "{}", doc.text());
            let names: Vec<String> = view.names.iter().map(|n| format!("{n:?}")).collect();
            (terrains, names)
        };
        let fresh = read(&doc);
        assert_eq!(fresh.0.len(), 4);
        assert_eq!(read(&doc), fresh);
        // An edited line is read anew, the others from before at their new places; a line
        // with an error is read from the tree.
        let at = text.find("Lion").unwrap();
        doc.edit(at..at + "Lion".len(), "Ogre");
        let (terrains, _) = read(&doc);
        assert!(terrains[1].contains("\"Ogre\""), "{terrains:?}");
        doc.edit(0..0, "1");
        let (terrains, _) = read(&doc);
        assert_ne!(terrains, fresh.0);
    }

    fn refs(text: &str, named: bool) -> Vec<(String, std::ops::Range<usize>)> {
        terrain_refs(
            &Word {
                text: text.into(),
                range: 10..10 + text.len(),
            },
            named,
        )
    }

    #[test]
    fn an_acquirable_restriction_is_letters_or_from_2003_10_names_between_commas() {
        assert_eq!(
            refs("B,J", false),
            [("B".to_string(), 10..11), ("J".to_string(), 12..13)]
        );
        // 2003-10: names with digits, blanks around the commas (the game skips them).
        assert_eq!(
            refs("Desert_2 , Tower3", true),
            [
                ("Desert_2".to_string(), 10..18),
                ("Tower3".to_string(), 21..27)
            ]
        );
        // A lone letter is a name of one letter there.
        assert_eq!(refs("B", true), [("B".to_string(), 10..11)]);
    }
}
