//! The typed view of a Super Othello `BORD` file: chips left, chips placed, the used squares,
//! the 64-square board and the copyright line, each value with its byte range, built once from
//! the syntax tree (what the checks, hover docs and the board preview read).
//!
//! The format is positional: line 1 chips left for each player, 2 chips placed, 3 used squares,
//! 4 the board (64 characters), 5 the copyright. The tree has a node only for non-empty lines,
//! so the place of an empty or missing line is found from the text's line starts (lines end at
//! a lone CR, as on the classic Mac, or at CRLF or LF).
//!
//! The spec's design layout (the board as 8 rows of 8 on lines 4–11) is recognised: the board is
//! then read from those rows and the copyright from the line after them.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use crate::syntax::Document;
use crate::text::ChunkReader;

/// The board is 8 × 8.
pub const SIZE: usize = 8;
/// Squares on the board.
pub const SQUARES: usize = SIZE * SIZE;

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

/// One line of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    pub slot: LineSlot,
}

impl Line {
    /// The range to point at: the text, or an empty range where the line is (or would be).
    pub fn range(&self) -> Range<usize> {
        match &self.slot {
            LineSlot::Text { range, .. } => range.clone(),
            LineSlot::Empty { at } | LineSlot::Missing { at } => *at..*at,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match &self.slot {
            LineSlot::Text { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The range of the text without surrounding spaces and tabs.
    pub fn value_range(&self) -> Range<usize> {
        let LineSlot::Text { text, range } = &self.slot else {
            return self.range();
        };
        let after_leading = text.trim_start_matches([' ', '\t']);
        let leading = text.len() - after_leading.len();
        let trimmed = after_leading.trim_end_matches([' ', '\t']);
        if trimmed.is_empty() {
            return range.clone();
        }
        range.start + leading..range.start + leading + trimmed.len()
    }

    /// Characters of the line (0 when empty or missing).
    pub fn width(&self) -> usize {
        self.text().map_or(0, |t| t.chars().count())
    }

    /// The byte range of characters `from..to` of the line (0-based, clamped).
    pub fn chars_range(&self, from: usize, to: usize) -> Range<usize> {
        let LineSlot::Text { text, range } = &self.slot else {
            return self.range();
        };
        let byte = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(b, _)| b);
        let start = byte(from);
        let end = byte(to).max(start);
        range.start + start..range.start + end
    }
}

/// Why a chip count holds no number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    Empty,
    Missing,
    /// Not a whole number written with digits.
    NotANumber,
    /// Too many digits to be a count.
    TooLarge,
}

/// Line 1 or 2: a count of chips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub line: Line,
    /// The number (any size up to `u32::MAX`; the 0–32 range is for the checks).
    pub value: Result<u32, NumberProblem>,
}

impl Count {
    fn new(line: Line) -> Count {
        let value = match &line.slot {
            LineSlot::Missing { .. } => Err(NumberProblem::Missing),
            LineSlot::Empty { .. } => Err(NumberProblem::Empty),
            LineSlot::Text { text, .. } => {
                let digits = text.trim_matches([' ', '\t']);
                if digits.is_empty() {
                    Err(NumberProblem::Empty)
                } else if !digits.bytes().all(|b| b.is_ascii_digit()) {
                    Err(NumberProblem::NotANumber)
                } else {
                    digits.parse().map_err(|_| NumberProblem::TooLarge)
                }
            }
        };
        Count { line, value }
    }
}

/// A square of the board: row A–H (0–7), column 1–8 (0–7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquarePos {
    pub row: u8,
    pub column: u8,
}

impl SquarePos {
    /// From a board index 0..64 (row * 8 + column).
    pub fn from_index(index: usize) -> Option<SquarePos> {
        (index < SQUARES).then_some(SquarePos {
            row: (index / SIZE) as u8,
            column: (index % SIZE) as u8,
        })
    }

    /// The position in the 64-character board line: row * 8 + (column - 1).
    pub fn index(self) -> usize {
        usize::from(self.row) * SIZE + usize::from(self.column)
    }

    /// The button name, `A1` … `H8`.
    pub fn name(self) -> String {
        format!("{}{}", char::from(b'A' + self.row), self.column + 1)
    }

    /// Reads a button name (letter case is ignored, as the game's button names are).
    pub fn parse(letter: char, digit: char) -> Option<SquarePos> {
        let row = match letter.to_ascii_uppercase() {
            c @ 'A'..='H' => c as u8 - b'A',
            _ => return None,
        };
        let column = match digit {
            c @ '1'..='8' => c as u8 - b'1',
            _ => return None,
        };
        Some(SquarePos { row, column })
    }
}

/// One entry of the used-squares line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsedEntry {
    /// A button name `A1` … `H8`.
    Square {
        square: SquarePos,
        range: Range<usize>,
    },
    /// A letter and a digit that name no button (`I3`, `A9`, `A0`).
    BadName { text: String, range: Range<usize> },
    /// Anything else: blanks, separators, a letter without a digit …
    Stray { text: String, range: Range<usize> },
}

impl UsedEntry {
    pub fn range(&self) -> Range<usize> {
        match self {
            UsedEntry::Square { range, .. }
            | UsedEntry::BadName { range, .. }
            | UsedEntry::Stray { range, .. } => range.clone(),
        }
    }
}

/// Line 3: the names of the used buttons, run together (`D4D5E4E5`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsedSquares {
    pub line: Line,
    pub entries: Vec<UsedEntry>,
}

impl UsedSquares {
    fn new(line: Line) -> UsedSquares {
        let mut entries = Vec::new();
        if let LineSlot::Text { text, range } = &line.slot {
            let chars: Vec<(usize, char)> = text.char_indices().collect();
            let offset = |i: usize| chars.get(i).map_or(text.len(), |&(b, _)| b);
            let at = |i: usize| range.start + offset(i);
            let is_name = |i: usize| {
                matches!(
                    (chars.get(i), chars.get(i + 1)),
                    (Some((_, l)), Some((_, d))) if l.is_ascii_alphabetic() && d.is_ascii_digit()
                )
            };
            let mut i = 0;
            while i < chars.len() {
                if is_name(i) {
                    let (letter, digit) = (chars[i].1, chars[i + 1].1);
                    let range = at(i)..at(i + 2);
                    entries.push(match SquarePos::parse(letter, digit) {
                        Some(square) => UsedEntry::Square { square, range },
                        None => UsedEntry::BadName {
                            text: format!("{letter}{digit}"),
                            range,
                        },
                    });
                    i += 2;
                    continue;
                }
                let start = i;
                while i < chars.len() && !is_name(i) {
                    i += 1;
                }
                entries.push(UsedEntry::Stray {
                    text: text.get(offset(start)..offset(i)).unwrap_or("").to_string(),
                    range: at(start)..at(i),
                });
            }
        }
        UsedSquares { line, entries }
    }

    /// The squares named, in order, with their ranges.
    pub fn squares(&self) -> impl Iterator<Item = (SquarePos, Range<usize>)> + '_ {
        self.entries.iter().filter_map(|e| match e {
            UsedEntry::Square { square, range } => Some((*square, range.clone())),
            _ => None,
        })
    }
}

/// What a board square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chip {
    White,
    Black,
    /// `0`, or any character other than W or B.
    Empty,
}

impl Chip {
    pub fn of(c: char) -> Chip {
        match c {
            'W' | 'w' => Chip::White,
            'B' | 'b' => Chip::Black,
            _ => Chip::Empty,
        }
    }
}

/// One square of the board as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSquare {
    pub square: SquarePos,
    pub char: char,
    pub chip: Chip,
    pub range: Range<usize>,
}

/// What the board's squares hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChipCounts {
    pub black: usize,
    pub white: usize,
    pub empty: usize,
}

impl ChipCounts {
    /// Squares the board data does not write (it is short).
    pub fn missing(&self) -> usize {
        SQUARES.saturating_sub(self.black + self.white + self.empty)
    }
}

/// One character of the board data, a square or one too many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardChar {
    pub char: char,
    pub chip: Chip,
    pub range: Range<usize>,
}

/// How the board data is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardLayout {
    /// One line (line 4), as the game reads it; `squares` holds 64 when it has 64 characters.
    OneLine,
    /// The design layout: `rows` consecutive lines of 8 characters from line 4 (2 to 8 rows).
    /// With 8 rows the board is understood from them.
    Rows { rows: usize },
}

/// Line 4 (or lines 4–11 in the design layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub layout: BoardLayout,
    /// The line(s) holding the board: line 4, or every row of the design layout.
    pub lines: Vec<Line>,
    /// The 64 squares, when the board has exactly 64 (one line of 64, or 8 rows of 8).
    pub squares: Option<Vec<BoardSquare>>,
}

impl Board {
    /// The board's first line (line 4).
    pub fn line(&self) -> &Line {
        &self.lines[0]
    }

    /// Every character of the board data as written, in reading order (row after row in the
    /// design layout), whatever their number: the first 64 are squares A1 … H8, the rest are
    /// too many.
    pub fn characters(&self) -> impl Iterator<Item = (usize, BoardChar)> + '_ {
        self.lines
            .iter()
            .flat_map(|line| {
                let (text, start) = match &line.slot {
                    LineSlot::Text { text, range } => (text.as_str(), range.start),
                    _ => ("", 0),
                };
                text.char_indices().map(move |(offset, c)| BoardChar {
                    char: c,
                    chip: Chip::of(c),
                    range: start + offset..start + offset + c.len_utf8(),
                })
            })
            .enumerate()
    }

    /// The chips on the board's squares (the first 64 characters).
    pub fn counts(&self) -> ChipCounts {
        let mut counts = ChipCounts::default();
        for (_, c) in self.characters().take(SQUARES) {
            match c.chip {
                Chip::Black => counts.black += 1,
                Chip::White => counts.white += 1,
                Chip::Empty => counts.empty += 1,
            }
        }
        counts
    }

    /// The range of the whole board (every row of the design layout).
    pub fn range(&self) -> Range<usize> {
        let start = self.lines[0].range().start;
        let end = self.lines.last().map_or(start, |l| l.range().end);
        start..end.max(start)
    }
}

/// A Super Othello board file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BordView {
    /// Line 1: chips left for each player to place.
    pub chips_left: Count,
    /// Line 2: chips already placed.
    pub chips_placed: Count,
    /// Line 3: the used squares.
    pub used_squares: UsedSquares,
    /// Line 4: the board.
    pub board: Board,
    /// Line 5 (or the line after the design layout's rows): the copyright.
    pub copyright: Line,
    /// Non-empty lines after the copyright.
    pub extra_lines: Vec<Line>,
    /// How many lines the file has (a final line break starts no new line).
    pub lines: usize,
    pub end: usize,
}

impl BordView {
    /// The view of a document, built once per text.
    pub fn of(doc: &Document) -> Arc<BordView> {
        doc.memo(|| BordView::new(doc))
    }

    pub fn new(doc: &Document) -> BordView {
        let rope = doc.rope();
        let end = rope.len_bytes();
        let lines = crate::text::line_count(rope);
        // The non-empty lines, by 0-based line index, from the tree. Their text is borrowed
        // from the rope: a line's own copy is made only for the lines the view keeps.
        let mut texts: Vec<(usize, Range<usize>, Cow<str>)> = Vec::new();
        let mut reader = ChunkReader::new(rope);
        if let Some(tree) = doc.tree() {
            let root = tree.root_node();
            let mut cursor = root.walk();
            for node in root.named_children(&mut cursor) {
                if matches!(
                    node.kind(),
                    "chips_left"
                        | "chips_placed"
                        | "used_squares"
                        | "board"
                        | "copyright"
                        | "extra_line"
                ) {
                    let range = node.byte_range();
                    let index = rope.byte_to_line(range.start.min(end));
                    if texts.last().is_none_or(|(last, _, _)| *last < index) {
                        texts.push((index, range.clone(), reader.slice(range)));
                    }
                }
            }
        }
        let line = |index: usize| -> Line {
            let slot = match texts.binary_search_by_key(&index, |(i, _, _)| *i) {
                Ok(found) => LineSlot::Text {
                    text: texts[found].2.to_string(),
                    range: texts[found].1.clone(),
                },
                Err(_) if index < lines => LineSlot::Empty {
                    at: rope.line_to_byte(index),
                },
                Err(_) => LineSlot::Missing { at: end },
            };
            Line {
                number: index + 1,
                slot,
            }
        };
        let board_line = line(3);
        // The design layout: consecutive lines of exactly 8 characters from line 4.
        let mut rows = 0;
        while rows < SIZE && line(3 + rows).width() == SIZE {
            rows += 1;
        }
        let board = if rows >= 2 {
            let lines: Vec<Line> = (0..rows).map(|r| line(3 + r)).collect();
            let squares = (rows == SIZE).then(|| {
                lines
                    .iter()
                    .enumerate()
                    .flat_map(|(r, l)| board_squares(l, r * SIZE))
                    .collect()
            });
            Board {
                layout: BoardLayout::Rows { rows },
                lines,
                squares,
            }
        } else {
            let squares =
                (board_line.width() == SQUARES).then(|| board_squares(&board_line, 0).collect());
            Board {
                layout: BoardLayout::OneLine,
                lines: vec![board_line],
                squares,
            }
        };
        let copyright_index = 3 + board.lines.len();
        let extra_lines = texts
            .iter()
            .filter(|(i, _, _)| *i > copyright_index)
            .map(|(i, _, _)| line(*i))
            .collect();
        BordView {
            chips_left: Count::new(line(0)),
            chips_placed: Count::new(line(1)),
            used_squares: UsedSquares::new(line(2)),
            copyright: line(copyright_index),
            board,
            extra_lines,
            lines,
            end,
        }
    }
}

/// The squares of a board line, numbered from `first`.
fn board_squares(line: &Line, first: usize) -> impl Iterator<Item = BoardSquare> + '_ {
    let (text, start) = match &line.slot {
        LineSlot::Text { text, range } => (text.as_str(), range.start),
        _ => ("", 0),
    };
    text.char_indices()
        .enumerate()
        .filter_map(move |(n, (offset, c))| {
            Some(BoardSquare {
                square: SquarePos::from_index(first + n)?,
                char: c,
                chip: Chip::of(c),
                range: start + offset..start + offset + c.len_utf8(),
            })
        })
}
