//! The typed view of a Crossmines pattern: the ten header lines and the grid, every field and
//! square with its byte range, built once from the syntax tree (what the checks, hover docs and
//! the board preview read).
//!
//! The format is positional: line N of the file is header field N (1..=10), lines 11 on are the
//! grid lines. The tree has a node only for non-empty lines, so the line of an empty or missing
//! field is found from the text's line starts (lines end at CRLF, LF or a lone CR).

use std::ops::Range;
use std::sync::Arc;

use crate::syntax::Document;

/// The largest size value the checks accept (the game keeps sizes in 32-bit integers).
pub const MAX_SIZE: u64 = i32::MAX as u64;

/// The ten header fields, in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeaderField {
    RegisteredId,
    Author,
    Title,
    Description,
    RecFieldSizeX,
    RecFieldSizeY,
    LargeGridSizeX,
    LargeGridSizeY,
    RepeatSizeX,
    RepeatSizeY,
}

impl HeaderField {
    pub const ALL: [HeaderField; 10] = [
        HeaderField::RegisteredId,
        HeaderField::Author,
        HeaderField::Title,
        HeaderField::Description,
        HeaderField::RecFieldSizeX,
        HeaderField::RecFieldSizeY,
        HeaderField::LargeGridSizeX,
        HeaderField::LargeGridSizeY,
        HeaderField::RepeatSizeX,
        HeaderField::RepeatSizeY,
    ];

    /// The 1-based line of the file that holds this field.
    pub fn line(self) -> usize {
        self as usize + 1
    }

    /// The field's name as the format readme writes it: "Large Grid Size X".
    pub fn name(self) -> &'static str {
        match self {
            HeaderField::RegisteredId => "Registered ID",
            HeaderField::Author => "Author",
            HeaderField::Title => "Title",
            HeaderField::Description => "Description",
            HeaderField::RecFieldSizeX => "Rec Field Size X",
            HeaderField::RecFieldSizeY => "Rec Field Size Y",
            HeaderField::LargeGridSizeX => "Large Grid Size X",
            HeaderField::LargeGridSizeY => "Large Grid Size Y",
            HeaderField::RepeatSizeX => "Repeat Size X",
            HeaderField::RepeatSizeY => "Repeat Size Y",
        }
    }

    /// The grammar's node kind of this field's line.
    pub fn kind(self) -> &'static str {
        match self {
            HeaderField::RegisteredId => "registered_id",
            HeaderField::Author => "author",
            HeaderField::Title => "title",
            HeaderField::Description => "description",
            HeaderField::RecFieldSizeX => "rec_field_size_x",
            HeaderField::RecFieldSizeY => "rec_field_size_y",
            HeaderField::LargeGridSizeX => "large_grid_size_x",
            HeaderField::LargeGridSizeY => "large_grid_size_y",
            HeaderField::RepeatSizeX => "repeat_size_x",
            HeaderField::RepeatSizeY => "repeat_size_y",
        }
    }

    pub fn from_kind(kind: &str) -> Option<HeaderField> {
        HeaderField::ALL.into_iter().find(|f| f.kind() == kind)
    }

    /// Lines 5..=10 hold sizes (positive integers); lines 1..=4 free text.
    pub fn is_number(self) -> bool {
        self as usize >= HeaderField::RecFieldSizeX as usize
    }
}

/// What stands on one line of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineSlot {
    /// The line has text: its whole content (blanks included) and its byte range.
    Text { text: String, range: Range<usize> },
    /// The line exists but is empty; `at` is its start.
    Empty { at: usize },
    /// The file ends before this line; `at` is the end of the file.
    Missing { at: usize },
}

impl LineSlot {
    /// The range to point at: the text, or an empty range where the line is (or would be).
    pub fn range(&self) -> Range<usize> {
        match self {
            LineSlot::Text { range, .. } => range.clone(),
            LineSlot::Empty { at } | LineSlot::Missing { at } => *at..*at,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            LineSlot::Text { text, .. } => Some(text),
            _ => None,
        }
    }
}

/// Why a size field holds no usable number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    Empty,
    Missing,
    /// Not a whole number written with digits (a sign, a letter, a decimal point ...).
    NotANumber,
    /// More than [`MAX_SIZE`].
    TooLarge,
}

/// One header line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderLine {
    pub field: HeaderField,
    pub slot: LineSlot,
}

impl HeaderLine {
    /// The range of the value without surrounding blanks (the empty place when there is none).
    pub fn value_range(&self) -> Range<usize> {
        match &self.slot {
            LineSlot::Text { text, range } => trimmed_range(text, range.start),
            slot => slot.range(),
        }
    }

    /// The value of a size field: digits only, surrounding blanks allowed (0 is a number here;
    /// whether it is allowed is for the checks).
    pub fn number(&self) -> Result<u64, NumberProblem> {
        match &self.slot {
            LineSlot::Empty { .. } => Err(NumberProblem::Empty),
            LineSlot::Missing { .. } => Err(NumberProblem::Missing),
            LineSlot::Text { text, .. } => parse_size(text),
        }
    }
}

/// Parses a size written as digits, with optional blanks around it.
pub fn parse_size(text: &str) -> Result<u64, NumberProblem> {
    let digits = text.trim_matches([' ', '\t']);
    if digits.is_empty() {
        return Err(NumberProblem::Empty);
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberProblem::NotANumber);
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= MAX_SIZE => Ok(n),
        _ => Err(NumberProblem::TooLarge),
    }
}

/// What a grid square means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareKind {
    /// `1`-`9`, `A`-`Z`: a square of the multi-square cell named by this character.
    Cell(char),
    /// `0`: a cell of one square.
    Single,
    /// `.`: transparent; the neighbouring stamp shows through.
    Transparent,
    /// `-`: a hole, no part of the minefield.
    Hole,
    /// `#`: a bridge, part of whichever neighbouring cell is hovered.
    Bridge,
    /// Any other character: not part of the format.
    Invalid,
}

impl SquareKind {
    pub fn of(c: char) -> SquareKind {
        match c {
            '1'..='9' | 'A'..='Z' => SquareKind::Cell(c),
            '0' => SquareKind::Single,
            '.' => SquareKind::Transparent,
            '-' => SquareKind::Hole,
            '#' => SquareKind::Bridge,
            _ => SquareKind::Invalid,
        }
    }

    /// Whether a stamp puts something on this square (everything but `.`).
    pub fn is_opaque(self) -> bool {
        self != SquareKind::Transparent
    }
}

/// One grid square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Square {
    /// 0-based column in the grid line (counted in characters).
    pub column: usize,
    pub char: char,
    pub kind: SquareKind,
    /// Byte range of the character.
    pub range: Range<usize>,
}

/// A run of characters that are no pattern squares (the grammar's `invalid` token: blanks,
/// lowercase letters, punctuation …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidRun {
    pub range: Range<usize>,
    /// 0-based column of its first character.
    pub column: usize,
}

/// One grid line (file line 11 on). A blank line inside the grid is a grid line of width 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridLine {
    /// 1-based number among the grid lines (file line 11 is grid line 1).
    pub number: usize,
    /// 1-based line of the file.
    pub file_line: usize,
    /// The line's content (without its line break); an empty range at its start when blank.
    pub range: Range<usize>,
    pub text: String,
    /// Width in squares (characters).
    pub width: usize,
    /// The runs of characters that are no pattern squares; every other square is read from
    /// `text` by [`GridLine::squares`] (the grammar's cell, single, transparent, hole and bridge
    /// tokens cover exactly those characters).
    pub invalid: Vec<InvalidRun>,
}

impl GridLine {
    /// The squares of this line, left to right.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let start = self.range.start;
        self.text
            .char_indices()
            .enumerate()
            .map(move |(column, (offset, c))| Square {
                column,
                char: c,
                kind: SquareKind::of(c),
                range: start + offset..start + offset + c.len_utf8(),
            })
    }

    /// The text of one of this line's invalid runs.
    pub fn run_text(&self, run: &InvalidRun) -> &str {
        let from = run.range.start.saturating_sub(self.range.start);
        let to = run.range.end.saturating_sub(self.range.start);
        self.text.get(from..to).unwrap_or("")
    }

    /// The byte range of squares `from..to` (columns, 0-based, clamped to the line).
    pub fn columns_range(&self, from: usize, to: usize) -> Range<usize> {
        let byte = |column: usize| {
            self.text
                .char_indices()
                .nth(column)
                .map_or(self.text.len(), |(offset, _)| offset)
        };
        let start = byte(from);
        let end = byte(to).max(start);
        self.range.start + start..self.range.start + end
    }
}

/// A Crossmines pattern file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternView {
    /// The ten header lines, in order (index = line - 1).
    pub header: Vec<HeaderLine>,
    /// Every grid line from file line 11 to the last non-blank line (blank lines at the end of
    /// the file, as Notepad leaves them, are not grid lines).
    pub grid: Vec<GridLine>,
    /// The end of the file.
    pub end: usize,
    /// How many lines the file has (a final line break starts no new line).
    pub lines: usize,
    /// The file goes on past the format's bound (see [`Document::cut`]): the grid lines
    /// after it are not read.
    pub cut: bool,
}

impl PatternView {
    /// The view of a document, built once per text.
    pub fn of(doc: &Document) -> Arc<PatternView> {
        doc.memo(|| PatternView::new(doc))
    }

    /// The view of a document (an empty view when it has no tree).
    pub fn new(doc: &Document) -> PatternView {
        let rope = doc.rope();
        let end = rope.len_bytes();
        let lines = crate::text::line_count(rope);
        let mut header: Vec<HeaderLine> = HeaderField::ALL
            .into_iter()
            .map(|field| {
                let index = field.line() - 1;
                let slot = if index < lines {
                    LineSlot::Empty {
                        at: rope.line_to_byte(index),
                    }
                } else {
                    LineSlot::Missing { at: end }
                };
                HeaderLine { field, slot }
            })
            .collect();
        let mut grid = Vec::new();
        let Some(tree) = doc.tree() else {
            return PatternView {
                header,
                grid,
                end,
                lines,
                cut: doc.cut().is_some(),
            };
        };
        // The grid starts on file line 11.
        let grid_start = 10;
        let root = tree.root_node();
        let mut cursor = root.walk();
        for node in root.named_children(&mut cursor) {
            if let Some(field) = HeaderField::from_kind(node.kind()) {
                let range = node.byte_range();
                let text = doc.slice(range.clone()).into_owned();
                if let Some(line) = header.get_mut(field as usize) {
                    line.slot = LineSlot::Text { text, range };
                }
            } else if node.kind() == "grid" {
                let mut rows = node.walk();
                for row in node.named_children(&mut rows) {
                    if row.kind() != "grid_row" {
                        continue;
                    }
                    let range = row.byte_range();
                    let file_index = rope.byte_to_line(range.start.min(end));
                    // Blank lines before this one (inside the grid, or between the header and
                    // the grid) are grid lines of width 0.
                    let first_index = grid_start + grid.len();
                    for blank in first_index..file_index {
                        let at = rope.line_to_byte(blank);
                        grid.push(GridLine {
                            number: blank - 9,
                            file_line: blank + 1,
                            range: at..at,
                            text: String::new(),
                            width: 0,
                            invalid: Vec::new(),
                        });
                    }
                    if file_index < first_index {
                        // Cannot happen with this grammar; never mis-number lines if it does.
                        continue;
                    }
                    let text = doc.slice(range.clone()).into_owned();
                    let mut invalid = Vec::new();
                    // Only a line with a character outside the pattern alphabet has `invalid`
                    // tokens: skip walking the tokens of the others (big grids have millions).
                    if text
                        .chars()
                        .any(|c| SquareKind::of(c) == SquareKind::Invalid)
                    {
                        let mut run_cursor = row.walk();
                        let (mut last, mut column) = (0, 0);
                        for run in row.named_children(&mut run_cursor) {
                            if run.kind() != "invalid" {
                                continue;
                            }
                            let run_range = run.byte_range();
                            let from = run_range.start.saturating_sub(range.start);
                            column += text.get(last..from).map_or(0, |t| t.chars().count());
                            last = from.max(last);
                            invalid.push(InvalidRun {
                                range: run_range,
                                column,
                            });
                        }
                    }
                    grid.push(GridLine {
                        number: file_index - 9,
                        file_line: file_index + 1,
                        width: text.chars().count(),
                        range,
                        text,
                        invalid,
                    });
                }
            }
        }
        PatternView {
            header,
            grid,
            end,
            lines,
            cut: doc.cut().is_some(),
        }
    }

    pub fn field(&self, field: HeaderField) -> &HeaderLine {
        &self.header[field as usize]
    }

    /// A size field's value when it is a usable number (at least 1).
    pub fn size(&self, field: HeaderField) -> Option<u64> {
        self.field(field).number().ok().filter(|&n| n >= 1)
    }
}

/// The range of `text` (starting at byte `start`) without surrounding spaces and tabs.
pub fn trimmed_range(text: &str, start: usize) -> Range<usize> {
    let trimmed_start = text.trim_start_matches([' ', '\t']);
    let leading = text.len() - trimmed_start.len();
    let trimmed = trimmed_start.trim_end_matches([' ', '\t']);
    if trimmed.is_empty() {
        return start..start + text.len();
    }
    start + leading..start + leading + trimmed.len()
}
