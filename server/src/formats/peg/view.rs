//! The typed view of a peg solitaire board: what the file says, with the byte range of every
//! header field and every board element. It is built once from the syntax tree, where elements
//! come in runs (one token per run); a row keeps one byte per element and the runs' offsets, and
//! makes each [`Element`] when asked. The checks, hover, the outline and the board preview read it.
//!
//! Version 1 (2009) is one stream of characters once CR and LF are deleted: the header
//! `1` `D|N` `~`, then the elements; `>` marks the next element as the goal and the one `!`
//! after the first row gives the width, so rows exist only through that width.
//! Version 2 (2018) is line based: `version 2`, `mode: normal|diagonal`, then one row per
//! non-blank line, spaces ignored, uppercase letters are goals.
//!
//! Version 2 had two rules for the half-width dot `.`: in the game of 11 Nov 2018 (svn r11, the
//! revision of the format document) a dot is a half-width locked field and takes a grid column
//! ([`DotRule::Counted`]); from r19 on (the final game) dots are deleted, leading dots shift the
//! row right and trailing dots shift it left by half a square each ([`DotRule::Stripped`]).
//! Every element records its place under both rules.

use std::ops::Range;

use ropey::Rope;
use tree_sitter::Node;

use crate::syntax::Document;

/// The format version of a board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// `1D~…`: one string, `!` after the first row, `>` before the goal.
    V1,
    /// `version 2` / `mode: …` and one row per line.
    V2,
}

/// The colour of a stone, which decides its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// v1 `1`, v2 `g`: 10 points.
    Green,
    /// v1 `2`, v2 `y`: 20 points.
    Yellow,
    /// v1 `3`, v2 `r`: 30 points.
    Red,
}

impl Colour {
    /// The points a player gets for removing a stone of this colour.
    pub fn points(self) -> u32 {
        match self {
            Colour::Green => 10,
            Colour::Yellow => 20,
            Colour::Red => 30,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
        }
    }
}

/// What one board element is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A locked field, no stone can go there: v1 `X`, v2 `*`.
    Locked,
    /// A locked field of half the width, to shift the rest of the row (triangle boards):
    /// v1 `*`, v2 `.`.
    HalfLocked,
    /// An empty slot: v1 `E`, v2 `e`.
    Empty,
    /// A slot with a stone.
    Stone(Colour),
    /// A character that is no element (a space in v1, a tab or `x` in v2). The game counts it
    /// in widths and then rejects the file.
    Invalid(char),
}

impl Kind {
    /// A slot a stone can stand on (empty or not).
    pub fn is_slot(self) -> bool {
        matches!(self, Kind::Empty | Kind::Stone(_))
    }
}

/// One element of the board, with its place in the text and on the board. Made on demand from
/// a [`Row`], which stores far less (a board file is mostly elements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Element {
    start: usize,
    /// Bytes from the v1 goal marker `>` to this element; 0 when there is none.
    marker_back: u32,
    row: u32,
    index: u32,
    half_fields: u32,
    ch: char,
    /// [`GOAL`], [`INVALID`], [`V2`].
    flags: u8,
}

/// The element is the goal.
const GOAL: u8 = 1;
/// The character is no element.
const INVALID: u8 = 2;
/// A version 2 element: its character means what [`v2_kind`] says, and dots get no column
/// under [`DotRule::Stripped`].
const V2: u8 = 4;

/// A count as stored in an [`Element`] (saturating: no real board comes near 4 billion).
fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn wide(n: u32) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

impl Element {
    pub fn kind(&self) -> Kind {
        if self.flags & INVALID != 0 {
            Kind::Invalid(self.ch)
        } else if self.flags & V2 != 0 {
            v2_kind(self.ch)
        } else {
            v1_kind(self.ch)
        }
    }

    /// The element is the goal, where the last stone should end (v1: `>` before it; v2: an
    /// uppercase letter).
    pub fn goal(&self) -> bool {
        self.flags & GOAL != 0
    }

    /// The element's character.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start.saturating_add(self.ch.len_utf8())
    }

    /// v1: the `>` that makes this element the goal.
    pub fn goal_marker(&self) -> Option<Range<usize>> {
        let back = usize::try_from(self.marker_back).ok().filter(|b| *b > 0)?;
        let start = self.start.checked_sub(back)?;
        Some(start..start + 1)
    }

    /// From the goal marker (if any) to the end of the element.
    pub fn full_range(&self) -> Range<usize> {
        let range = self.range();
        self.goal_marker().map_or(range.start, |m| m.start)..range.end
    }

    /// The board row, from 0.
    pub fn row(&self) -> usize {
        wide(self.row)
    }

    /// The place in its row counting every element, half-width ones included: the grid column
    /// in version 1 and under [`DotRule::Counted`].
    pub fn index(&self) -> usize {
        wide(self.index)
    }

    /// The grid column under [`DotRule::Stripped`] (dots deleted); `None` for a dot. In
    /// version 1 the same as [`Element::index`].
    pub fn stripped_index(&self) -> Option<usize> {
        if self.flags & V2 == 0 {
            return Some(self.index());
        }
        // Before a field, every half-width element of the row is a dot that is deleted.
        (self.kind() != Kind::HalfLocked).then(|| self.index().saturating_sub(self.half_fields()))
    }

    /// Half-width elements in this row up to this one, itself included. The v1 and r11 games
    /// draw the element this many half squares left of its grid column.
    pub fn half_fields(&self) -> usize {
        wide(self.half_fields)
    }
}

/// Elements of a row that stand byte after byte in the text, of one token kind: the element
/// `first + k` of the row starts at `start + k`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Span {
    /// Where the first element starts.
    start: usize,
    /// The row index of the first element.
    first: u32,
    /// v1: bytes from the goal marker `>` to the first element, which it makes the goal; 0
    /// when there is none.
    marker_back: u32,
    /// A character of more than one byte (only an invalid one can be): the span's only
    /// element. Its byte in [`Row::chars`] is 0.
    wide: Option<char>,
    invalid: bool,
}

/// One row of the board. It keeps one byte per element and one [`Span`] per stretch of
/// elements without a gap, and makes each [`Element`] when asked: a board file is mostly
/// elements, and a 10 MB board would otherwise be hundreds of MB of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The elements' characters, one byte each.
    chars: Vec<u8>,
    spans: Vec<Span>,
    number: u32,
    v2: bool,
    /// Some span holds characters that are no element.
    has_invalid: bool,
    /// Version 2, [`DotRule::Stripped`]: the row's shift in half squares, leading dots minus
    /// trailing dots (positive: to the right). 0 in version 1.
    pub indent: i64,
}

impl Row {
    fn new(number: usize, v2: bool, expected: usize) -> Row {
        Row {
            chars: Vec::with_capacity(expected),
            spans: Vec::new(),
            number: small(number),
            v2,
            has_invalid: false,
            indent: 0,
        }
    }

    /// The byte of the half-width element of this row's version.
    fn half_byte(&self) -> u8 {
        if self.v2 { b'.' } else { b'*' }
    }

    /// The elements of a span: row indexes.
    fn span_indexes(&self, at: usize) -> Range<usize> {
        let Some(span) = self.spans.get(at) else {
            return 0..0;
        };
        let end = self
            .spans
            .get(at + 1)
            .map_or(self.chars.len(), |next| wide(next.first));
        wide(span.first)..end
    }

    /// Element `index` of span `span`, given the half-width elements before it in the row.
    fn make(&self, span: &Span, index: usize, halves_before: u32) -> Element {
        let byte = self.chars.get(index).copied().unwrap_or(0);
        let ch = span.wide.unwrap_or(char::from(byte));
        let offset = index.saturating_sub(wide(span.first));
        let marker_back = if offset == 0 { span.marker_back } else { 0 };
        let goal = if self.v2 {
            !span.invalid && ch.is_ascii_uppercase() && v2_kind(ch).is_slot()
        } else {
            marker_back > 0
        };
        let flag = |on: bool, flag: u8| if on { flag } else { 0 };
        let half = !span.invalid && span.wide.is_none() && byte == self.half_byte();
        Element {
            start: span.start.saturating_add(offset),
            marker_back,
            row: self.number,
            index: small(index),
            half_fields: halves_before.saturating_add(u32::from(half)),
            ch,
            flags: flag(goal, GOAL) | flag(span.invalid, INVALID) | flag(self.v2, V2),
        }
    }

    /// Every element of the row, in order.
    pub fn elements(&self) -> impl Iterator<Item = Element> + '_ {
        let mut halves = 0u32;
        (0..self.spans.len())
            .flat_map(move |at| self.span_indexes(at).map(move |index| (at, index)))
            .map(move |(at, index)| {
                let element = self.make(&self.spans[at], index, halves);
                halves = element.half_fields;
                element
            })
    }

    /// The span holding element `index`.
    fn span_of(&self, index: usize) -> Option<usize> {
        let after = self.spans.partition_point(|s| wide(s.first) <= index);
        after.checked_sub(1)
    }

    /// Element `index` of the row.
    pub fn get(&self, index: usize) -> Option<Element> {
        if index >= self.chars.len() {
            return None;
        }
        let at = self.span_of(index)?;
        let halves = self.half_fields_in(0..index);
        Some(self.make(self.spans.get(at)?, index, halves))
    }

    pub fn first(&self) -> Option<Element> {
        self.get(0)
    }

    pub fn last(&self) -> Option<Element> {
        self.get(self.chars.len().checked_sub(1)?)
    }

    /// Element `index` is a half-width one.
    fn is_half(&self, index: usize) -> bool {
        self.chars.get(index) == Some(&self.half_byte())
            && (!self.has_invalid
                || self
                    .span_of(index)
                    .and_then(|at| self.spans.get(at))
                    .is_some_and(|s| !s.invalid && s.wide.is_none()))
    }

    /// The half-width elements among the elements `indexes`.
    fn half_fields_in(&self, indexes: Range<usize>) -> u32 {
        let half = self.half_byte();
        let Some(chars) = self.chars.get(indexes.clone()) else {
            return 0;
        };
        let count = if self.has_invalid {
            indexes.filter(|i| self.is_half(*i)).count()
        } else {
            chars.iter().filter(|b| **b == half).count()
        };
        small(count)
    }

    /// The number of half-width elements.
    pub fn half_fields(&self) -> usize {
        wide(self.half_fields_in(0..self.chars.len()))
    }

    /// Some element is no board element.
    pub fn has_invalid(&self) -> bool {
        self.has_invalid
    }

    /// Some element may be a goal (a quick test on the stored characters).
    fn may_hold_goal(&self) -> bool {
        if self.v2 {
            self.chars.iter().any(u8::is_ascii_uppercase)
        } else {
            self.spans.iter().any(|s| s.marker_back > 0)
        }
    }

    /// The number of stones.
    fn stones(&self) -> usize {
        if self.has_invalid {
            return self
                .elements()
                .filter(|e| matches!(e.kind(), Kind::Stone(_)))
                .count();
        }
        let kind = if self.v2 { v2_kind } else { v1_kind };
        self.chars
            .iter()
            .filter(|b| matches!(kind(char::from(**b)), Kind::Stone(_)))
            .count()
    }

    /// From the first to the last element of the row (goal marker included).
    pub fn range(&self) -> Option<Range<usize>> {
        let first = self.first()?;
        let last = self.last()?;
        Some(first.full_range().start..last.range().end)
    }

    /// The number of elements, half-width ones included.
    pub fn len_counting_dots(&self) -> usize {
        self.chars.len()
    }

    /// The number of elements without v2 dots.
    pub fn len_without_dots(&self) -> usize {
        if self.v2 {
            // The last field's stripped index plus one: the fields of the row.
            self.chars.len() - self.half_fields()
        } else {
            self.chars.len()
        }
    }

    /// The element whose character (or v1 goal marker) holds this byte offset.
    fn element_at(&self, offset: usize) -> Option<Element> {
        // Spans are in text order: find the last element starting at or before.
        let at = self
            .spans
            .partition_point(|s| span_full_start(s) <= offset)
            .checked_sub(1)?;
        let span = self.spans.get(at)?;
        let indexes = self.span_indexes(at);
        let last = indexes.len().checked_sub(1)?;
        let index = indexes.start + offset.saturating_sub(span.start).min(last);
        let element = self.get(index)?;
        (element.range().contains(&offset)
            || element.goal_marker().is_some_and(|m| m.contains(&offset)))
        .then_some(element)
    }

    /// Appends elements to the row: `text` at byte `start`, all characters of one token kind;
    /// `marker` is where the v1 `>` before the first starts.
    fn push_str(&mut self, text: &str, start: usize, invalid: bool, marker: Option<usize>) {
        self.has_invalid |= invalid && !text.is_empty();
        if text.is_ascii() {
            self.push_ascii(text.as_bytes(), start, invalid, marker);
            return;
        }
        let mut marker = marker;
        let mut ascii_from = 0;
        for (at, ch) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
            if let Some(run) = text.as_bytes().get(ascii_from..at) {
                self.push_ascii(run, start + ascii_from, invalid, marker.take());
            }
            let back = marker
                .take()
                .map_or(0, |m| small((start + at).saturating_sub(m)));
            self.new_span(start + at, back, Some(ch), invalid);
            self.chars.push(0);
            ascii_from = at + ch.len_utf8();
        }
        if let Some(run) = text.as_bytes().get(ascii_from..) {
            self.push_ascii(run, start + ascii_from, invalid, marker);
        }
    }

    fn push_ascii(&mut self, bytes: &[u8], start: usize, invalid: bool, marker: Option<usize>) {
        if bytes.is_empty() {
            return;
        }
        let continues = marker.is_none()
            && self.spans.last().is_some_and(|last| {
                last.invalid == invalid
                    && last.wide.is_none()
                    && last.start + (self.chars.len() - wide(last.first)) == start
            });
        if !continues {
            let back = marker.map_or(0, |m| small(start.saturating_sub(m)));
            self.new_span(start, back, None, invalid);
        }
        self.chars.extend_from_slice(bytes);
    }

    fn new_span(&mut self, start: usize, marker_back: u32, wide: Option<char>, invalid: bool) {
        self.spans.push(Span {
            start,
            first: small(self.chars.len()),
            marker_back,
            wide,
            invalid,
        });
    }

    /// The final game's shift of the row: leading dots minus trailing dots (`DotsAtBeginning`
    /// and `DotsAtEnd`; a row of dots only has none).
    fn dot_shift(&self) -> i64 {
        let len = self.chars.len();
        let leading = (0..len).take_while(|i| self.is_half(*i)).count();
        let trailing = (0..len).rev().take_while(|i| self.is_half(*i)).count();
        let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        as_i64(leading).saturating_sub(as_i64(trailing))
    }
}

/// Where the first element of a span starts, its goal marker included.
fn span_full_start(span: &Span) -> usize {
    span.start.saturating_sub(wide(span.marker_back))
}

/// How version 2 treats the half-width dot `.`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DotRule {
    /// The game of 11 Nov 2018 (r11, the format document): a dot is a half-width locked field
    /// with its own grid column; rows must be equally long counting dots. Also the rule of
    /// version 1, where `*` is the half-width field.
    Counted,
    /// The final game (r19 on): dots are deleted; leading and trailing dots shift the row by
    /// half squares; rows must be equally long without dots.
    Stripped,
}

/// A line of the version 2 header, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderLine {
    /// The whole line without its line break.
    pub range: Range<usize>,
    pub text: String,
    /// `version` / `mode:` (any case); `None` when the line does not start with it (a mode
    /// line that is something else).
    pub keyword: Option<Range<usize>>,
    /// What follows the keyword (or the whole line without keyword), blanks included.
    pub value: Option<Range<usize>>,
}

impl HeaderLine {
    /// The text of the value.
    pub fn value_text(&self) -> &str {
        let offset = self.value.as_ref().map_or(self.text.len(), |v| {
            v.start.saturating_sub(self.range.start)
        });
        self.text.get(offset..).unwrap_or("")
    }
}

/// The header of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Header {
    V1 {
        /// `1` to `~`, line breaks included.
        range: Range<usize>,
        /// The version number `1`.
        version: Option<Range<usize>>,
        /// `D` or `N` and where it stands.
        mode_flag: Option<(char, Range<usize>)>,
        /// The end of the header `~`.
        end: Option<Range<usize>>,
    },
    V2 {
        /// Line 1.
        version: HeaderLine,
        /// Line 2; `None` when it is empty or missing.
        mode: Option<HeaderLine>,
    },
}

/// A v1 goal marker `>` and the board character after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalMarker {
    pub range: Range<usize>,
    /// The next character of the board (line breaks skipped, as the game deletes them) and its
    /// range; `None` at the end of the file.
    pub next: Option<(char, Range<usize>)>,
    /// A line break stands between the marker and the next character (or the end of the file).
    pub line_break: bool,
}

/// A peg solitaire board file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub version: Version,
    pub header: Header,
    /// The board node, header included.
    pub range: Range<usize>,
    /// Diagonal jumps are allowed (`D`, `mode: diagonal`); `None` when the v2 mode line names
    /// no supported mode (trailing blanks are ignored here, the checks report them).
    pub diagonal: Option<bool>,
    pub rows: Vec<Row>,
    /// v1: every `>`, in text order.
    pub goal_markers: Vec<GoalMarker>,
    /// v1: every `!`, in text order.
    pub row_separators: Vec<Range<usize>>,
    /// v1: the number of elements before the first `!` (the board width).
    pub width: Option<usize>,
    /// The board holds syntax errors (ERROR or MISSING nodes, reported by the syntax checks);
    /// what is in them is not in this view.
    pub syntax_errors: bool,
    /// The dot rule the settings choose (`[game] peg`) for a version 2 board; `None`: the one
    /// the board fits ([`Board::dot_rule`]).
    pub chosen: Option<DotRule>,
}

impl Board {
    /// The view of a document, built once per text: the checks, hover and outline share it.
    pub fn of(doc: &Document) -> std::sync::Arc<Option<Board>> {
        doc.memo(|| Board::new(doc))
    }

    /// The view read with the dot rule the settings choose, `chosen` (`[game] peg`): the
    /// shared view where it makes no difference (no choice, version 1, the rule the board
    /// fits anyway), else a copy that reads the board so.
    /// The copy is made once per text: a preview asks it for every element's actions.
    pub fn of_chosen(doc: &Document, chosen: Option<DotRule>) -> std::sync::Arc<Option<Board>> {
        /// The board read under each dot rule, once asked for.
        #[derive(Default)]
        struct ReadAs([std::sync::OnceLock<std::sync::Arc<Option<Board>>>; 2]);
        let board = Board::of(doc);
        match (&*board, chosen) {
            (Some(read), Some(rule)) if read.differs_under(chosen) => {
                let copies = doc.memo(ReadAs::default);
                let copy = match rule {
                    DotRule::Counted => &copies.0[0],
                    DotRule::Stripped => &copies.0[1],
                };
                copy.get_or_init(|| std::sync::Arc::new(Some(read.clone().read_as(chosen))))
                    .clone()
            }
            _ => board,
        }
    }

    /// This board read with the dot rule `chosen` (see [`Board::of_chosen`]).
    pub fn read_as(self, chosen: Option<DotRule>) -> Board {
        if !self.differs_under(chosen) {
            return self;
        }
        Board { chosen, ..self }
    }

    /// Whether the dot rule `chosen` reads the board otherwise than the rule it fits.
    fn differs_under(&self, chosen: Option<DotRule>) -> bool {
        self.version == Version::V2 && chosen.is_some_and(|rule| rule != self.fitting_rule())
    }

    /// The view of a document, `None` when the tree holds no board at all.
    pub fn new(doc: &Document) -> Option<Board> {
        let tree = doc.tree()?;
        let root = tree.root_node();
        let mut cursor = root.walk();
        let board = root
            .children(&mut cursor)
            .find(|n| matches!(n.kind(), "v1_board" | "v2_board"))?;
        Some(match board.kind() {
            "v1_board" => build_v1(doc, board),
            _ => build_v2(doc, board),
        })
    }

    /// Every element, row by row.
    pub fn elements(&self) -> impl Iterator<Item = Element> + '_ {
        self.rows.iter().flat_map(Row::elements)
    }

    /// The element whose character (or v1 goal marker) holds this byte offset.
    pub fn element_at(&self, offset: usize) -> Option<Element> {
        // Rows are in text order: find the last row starting at or before.
        let row = self.rows.partition_point(|r| {
            r.spans
                .first()
                .is_some_and(|s| span_full_start(s) <= offset)
        });
        self.rows.get(row.checked_sub(1)?)?.element_at(offset)
    }

    /// Whether every row has the same length under `rule` (an empty board counts as equal).
    pub fn rows_equal(&self, rule: DotRule) -> bool {
        let len = |r: &Row| match rule {
            DotRule::Counted => r.len_counting_dots(),
            DotRule::Stripped => r.len_without_dots(),
        };
        let mut lens = self.rows.iter().map(len);
        match lens.next() {
            Some(first) => lens.all(|l| l == first),
            None => true,
        }
    }

    /// The dot rule the board is read with: the one the settings choose for a version 2
    /// board ([`Board::chosen`]), else the one it fits ([`Board::fitting_rule`]).
    pub fn dot_rule(&self) -> DotRule {
        match (self.version, self.chosen) {
            (Version::V2, Some(rule)) => rule,
            _ => self.fitting_rule(),
        }
    }

    /// The dot rule this board is meant for: version 1 and boards that only the r11 game
    /// accepts use [`DotRule::Counted`], all others the final game's [`DotRule::Stripped`].
    pub fn fitting_rule(&self) -> DotRule {
        match self.version {
            Version::V1 => DotRule::Counted,
            Version::V2
                if !self.rows_equal(DotRule::Stripped) && self.rows_equal(DotRule::Counted) =>
            {
                DotRule::Counted
            }
            Version::V2 => DotRule::Stripped,
        }
    }

    /// The grid column of an element under `rule`, as the game's jump logic sees it (`None`
    /// for a v2 dot under [`DotRule::Stripped`]).
    pub fn grid_column(&self, element: &Element, rule: DotRule) -> Option<usize> {
        match (self.version, rule) {
            (Version::V1, _) | (Version::V2, DotRule::Counted) => Some(element.index()),
            (Version::V2, DotRule::Stripped) => element.stripped_index(),
        }
    }

    /// Where the game draws an element: its left edge in half squares from the board's left
    /// edge (may be negative). `None` for a v2 dot under [`DotRule::Stripped`].
    pub fn x_halves(&self, element: &Element, rule: DotRule) -> Option<i64> {
        let twice = |n: u32| i64::from(n) * 2;
        match (self.version, rule) {
            (Version::V1, _) | (Version::V2, DotRule::Counted) => {
                Some(twice(element.index) - i64::from(element.half_fields))
            }
            (Version::V2, DotRule::Stripped) => {
                let indent = self.rows.get(element.row()).map_or(0, |r| r.indent);
                element
                    .stripped_index()
                    .map(|column| twice(small(column)).saturating_add(indent))
            }
        }
    }

    /// The goals, in text order.
    pub fn goals(&self) -> impl Iterator<Item = Element> + '_ {
        // Only rows that may hold one are split into elements.
        self.rows
            .iter()
            .filter(|r| r.may_hold_goal())
            .flat_map(Row::elements)
            .filter(Element::goal)
    }

    /// The width in grid columns under the board's dot rule: its longest row.
    pub fn columns(&self) -> usize {
        let rule = self.dot_rule();
        self.rows
            .iter()
            .map(|r| match rule {
                DotRule::Counted => r.len_counting_dots(),
                DotRule::Stripped => r.len_without_dots(),
            })
            .max()
            .unwrap_or(0)
    }

    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.rows.iter().map(Row::stones).sum()
    }

    /// The goal the game keeps when there are several: it scans its matrix column by column,
    /// top to bottom, and the last goal it finds wins.
    pub fn kept_goal(&self) -> Option<Element> {
        let rule = self.dot_rule();
        self.goals()
            .max_by_key(|e| (self.grid_column(e, rule), e.row()))
    }
}

/// The characters of a token with their byte offsets: the grammar gives runs of elements as
/// one token each, and a board is mostly elements.
pub(super) fn run_chars(
    rope: &Rope,
    range: Range<usize>,
) -> impl Iterator<Item = (Range<usize>, char)> + '_ {
    let start = range.start;
    // Chunk by chunk: `str::chars` is several times faster than the rope's own `chars`.
    rope.get_byte_slice(range)
        .into_iter()
        .flat_map(|slice| slice.chunks())
        .flat_map(str::chars)
        .scan(start, |at, ch| {
            let here = *at;
            *at += ch.len_utf8();
            Some((here..*at, ch))
        })
}

/// The first character of a token.
fn first_char(rope: &Rope, range: Range<usize>) -> char {
    run_chars(rope, range)
        .next()
        .map_or('\u{FFFD}', |(_, ch)| ch)
}

/// Builds the rows.
struct Rows {
    rows: Vec<Row>,
    /// Version 2 elements.
    v2: bool,
}

impl Rows {
    fn new(v2: bool) -> Self {
        Rows {
            rows: Vec::new(),
            v2,
        }
    }

    /// Starts a row, room made for `expected` elements (growing every row step by step would
    /// copy them again and again).
    fn start_row(&mut self, expected: usize) {
        let row = Row::new(self.rows.len(), self.v2, expected);
        self.rows.push(row);
    }

    /// Appends the elements of `text` (no elements when `invalid`) at byte `start` to the
    /// current row; `marker` is where the v1 `>` before the first starts.
    fn push(&mut self, text: &str, invalid: bool, start: usize, marker: Option<usize>) {
        if self.rows.is_empty() {
            self.start_row(0);
        }
        if let Some(row) = self.rows.last_mut() {
            row.push_str(text, start, invalid, marker);
        }
    }
}

pub(super) fn v1_kind(ch: char) -> Kind {
    match ch {
        'X' => Kind::Locked,
        '*' => Kind::HalfLocked,
        'E' => Kind::Empty,
        '1' => Kind::Stone(Colour::Green),
        '2' => Kind::Stone(Colour::Yellow),
        '3' => Kind::Stone(Colour::Red),
        other => Kind::Invalid(other),
    }
}

/// What a version 1 board character is to the builder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum V1Token {
    Element,
    Invalid,
    GoalMarker,
    RowSeparator,
}

/// Builds a version 1 board character by character, as the game reads the stream.
struct V1Builder {
    rows: Rows,
    width: Option<usize>,
    goal_markers: Vec<GoalMarker>,
    row_separators: Vec<Range<usize>>,
    /// The marker waiting for the character after it.
    waiting: Option<usize>,
    /// Where the `>` starts that makes the next element the goal.
    pending_goal: Option<usize>,
    /// Elements so far.
    count: usize,
    /// Elements in all (about: the room a row needs).
    total: usize,
    break_since_element: bool,
}

impl V1Builder {
    /// One token of the board, its text at `range`; `after_break`: a line break stands before
    /// it.
    fn token(&mut self, token: V1Token, text: &str, range: Range<usize>, after_break: bool) {
        let Some(ch) = text.chars().next() else {
            return;
        };
        if let Some(marker) = self
            .waiting
            .take()
            .and_then(|i| self.goal_markers.get_mut(i))
        {
            marker.next = Some((ch, range.start..range.start + ch.len_utf8()));
            marker.line_break = after_break;
        }
        self.break_since_element |= after_break;
        match token {
            V1Token::GoalMarker => {
                self.waiting = Some(self.goal_markers.len());
                self.goal_markers.push(GoalMarker {
                    range: range.clone(),
                    next: None,
                    line_break: false,
                });
                self.pending_goal = Some(range.start);
            }
            V1Token::RowSeparator => {
                self.row_separators.push(range);
                self.pending_goal = None;
            }
            V1Token::Element | V1Token::Invalid => {
                let invalid = token == V1Token::Invalid;
                let kind = if invalid {
                    Kind::Invalid(ch)
                } else {
                    v1_kind(ch)
                };
                // As in the game, `>` makes the very next character the goal.
                let mut marker = self.pending_goal.take().filter(|_| kind.is_slot());
                let ascii = text.is_ascii();
                let mut rest = text;
                let mut start = range.start;
                // The token, cut where the width starts a new row.
                while !rest.is_empty() {
                    let new_row = match self.width {
                        Some(w) if w > 0 => self.count.is_multiple_of(w),
                        _ => self.count == 0 || self.break_since_element,
                    };
                    if new_row {
                        let left = self.total.saturating_sub(self.count);
                        self.rows.start_row(self.width.unwrap_or(0).min(left));
                    }
                    let room = match self.width {
                        Some(w) if w > 0 => w - self.count % w,
                        _ => usize::MAX,
                    };
                    let cut = if ascii {
                        room.min(rest.len())
                    } else {
                        rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i)
                    };
                    let (piece, after) = rest.split_at(cut);
                    self.rows.push(piece, invalid, start, marker.take());
                    self.count += if ascii {
                        piece.len()
                    } else {
                        piece.chars().count()
                    };
                    self.break_since_element = false;
                    start += piece.len();
                    rest = after;
                }
            }
        }
    }
}

fn build_v1(doc: &Document, board: Node) -> Board {
    let rope = doc.rope();
    // First pass: the width (the number of elements before the first `!`), and how many
    // elements there are in all.
    let mut width = None;
    let mut count = 0usize;
    let mut cursor = board.walk();
    for child in board.children(&mut cursor) {
        match child.kind() {
            "elements" => count += child.byte_range().len(),
            "invalid" => count += run_chars(rope, child.byte_range()).count(),
            "row_separator" if width.is_none() => width = Some(count),
            _ => {}
        }
    }

    let mut header_range = board.start_byte()..board.start_byte();
    let mut version = None;
    let mut mode_flag = None;
    let mut end = None;
    let mut builder = V1Builder {
        rows: Rows::new(false),
        width,
        goal_markers: Vec::new(),
        row_separators: Vec::new(),
        waiting: None,
        pending_goal: None,
        count: 0,
        total: count,
        break_since_element: false,
    };
    let mut previous_end: Option<usize> = None;
    let mut cursor = board.walk();
    for child in board.children(&mut cursor) {
        let range = child.byte_range();
        // Inside a v1 board only line breaks are hidden: a gap is a line break.
        let after_break = previous_end.is_some_and(|end| end < range.start);
        previous_end = Some(range.end);
        let token = match child.kind() {
            "v1_header" => {
                header_range = range;
                let mut inner = child.walk();
                for part in child.children(&mut inner).filter(|n| !n.is_missing()) {
                    match part.kind() {
                        "1" => version = Some(part.byte_range()),
                        "mode_flag" => {
                            mode_flag =
                                Some((first_char(rope, part.byte_range()), part.byte_range()))
                        }
                        "~" => end = Some(part.byte_range()),
                        _ => {}
                    }
                }
                continue;
            }
            "elements" => V1Token::Element,
            "invalid" => V1Token::Invalid,
            "goal_marker" => V1Token::GoalMarker,
            "row_separator" => V1Token::RowSeparator,
            _ => continue,
        };
        builder.token(token, &doc.slice(range.clone()), range, after_break);
    }
    // A marker at the very end: only line breaks can follow it.
    if let Some(marker) = builder
        .waiting
        .and_then(|i| builder.goal_markers.get_mut(i))
    {
        marker.line_break = marker.range.end < rope.len_bytes();
    }

    Board {
        version: Version::V1,
        diagonal: mode_flag.as_ref().map(|(c, _)| *c == 'D'),
        header: Header::V1 {
            range: header_range,
            version,
            mode_flag,
            end,
        },
        range: board.byte_range(),
        rows: builder.rows.rows,
        goal_markers: builder.goal_markers,
        row_separators: builder.row_separators,
        width,
        syntax_errors: board.has_error(),
        chosen: None,
    }
}

fn header_line(doc: &Document, line: Node) -> HeaderLine {
    let mut keyword = None;
    let mut value = None;
    let mut cursor = line.walk();
    for child in line.children(&mut cursor) {
        match child.kind() {
            "version_keyword" | "mode_keyword" => keyword = Some(child.byte_range()),
            "version_value" | "mode_value" => value = Some(child.byte_range()),
            _ => {}
        }
    }
    HeaderLine {
        range: line.byte_range(),
        text: doc.slice(line.byte_range()).into_owned(),
        keyword,
        value,
    }
}

pub(super) fn v2_kind(ch: char) -> Kind {
    match ch.to_ascii_lowercase() {
        '*' => Kind::Locked,
        '.' => Kind::HalfLocked,
        'e' => Kind::Empty,
        'g' => Kind::Stone(Colour::Green),
        'y' => Kind::Stone(Colour::Yellow),
        'r' => Kind::Stone(Colour::Red),
        _ => Kind::Invalid(ch),
    }
}

fn build_v2(doc: &Document, board: Node) -> Board {
    let mut version = None;
    let mut mode = None;
    let mut rows = Rows::new(true);
    let mut cursor = board.walk();
    for child in board.children(&mut cursor) {
        match child.kind() {
            "version_line" => version = Some(header_line(doc, child)),
            "mode_line" => mode = Some(header_line(doc, child)),
            "row" => {
                // At most one element per byte.
                rows.start_row(child.byte_range().len());
                let mut inner = child.walk();
                for run in child.children(&mut inner) {
                    let invalid = run.kind() == "invalid";
                    if !invalid && run.kind() != "cells" {
                        continue;
                    }
                    let text = doc.slice(run.byte_range());
                    if invalid {
                        rows.push(&text, true, run.start_byte(), None);
                        continue;
                    }
                    // The game deletes the spaces between the elements of a run.
                    let mut start = run.start_byte();
                    for piece in text.split(' ') {
                        rows.push(piece, false, start, None);
                        start += piece.len() + 1;
                    }
                }
                if let Some(row) = rows.rows.last_mut() {
                    row.indent = row.dot_shift();
                }
            }
            _ => {}
        }
    }
    let version = version.unwrap_or_else(|| HeaderLine {
        range: board.start_byte()..board.start_byte(),
        text: String::new(),
        keyword: None,
        value: None,
    });
    let diagonal = mode.as_ref().and_then(|m| {
        let text = m.text.trim_end_matches([' ', '\t']).to_ascii_lowercase();
        match text.as_str() {
            "mode: normal" => Some(false),
            "mode: diagonal" => Some(true),
            _ => None,
        }
    });
    Board {
        version: Version::V2,
        header: Header::V2 { version, mode },
        range: board.byte_range(),
        diagonal,
        rows: rows.rows,
        goal_markers: Vec::new(),
        row_separators: Vec::new(),
        width: None,
        syntax_errors: board.has_error(),
        chosen: None,
    }
}
