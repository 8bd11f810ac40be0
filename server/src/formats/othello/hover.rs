//! Hover help for Super Othello boards: the chip counts with their sum, every used square with
//! what the board holds there, every board square by its button name, the copyright line.

use std::ops::Range;

use super::checks::{CHIPS, MAX_COPYRIGHT, board_place};
use super::view::{
    BoardLayout, BordView, Chip, Count, NumberProblem, SQUARES, SquarePos, UsedEntry,
};
use crate::answers::{Hover, code_span, markdown_text};
use crate::syntax::Document;

pub fn hover(doc: &Document, offset: usize) -> Option<Hover> {
    let view = BordView::new(doc);
    let found = |range: Range<usize>, markdown: String| Some(Hover { range, markdown });
    for (count, left) in [(&view.chips_left, true), (&view.chips_placed, false)] {
        let range = count.line.value_range();
        if count.line.text().is_some_and(|t| !t.trim().is_empty()) && range.contains(&offset) {
            return found(range, chip_count(&view, count, left));
        }
    }
    if let Some(entry) = view
        .used_squares
        .entries
        .iter()
        .find(|e| e.range().contains(&offset))
    {
        return found(entry.range(), used_entry(&view, entry));
    }
    if let Some((index, c)) = view
        .board
        .characters()
        .find(|(_, c)| c.range.contains(&offset))
    {
        return found(c.range.clone(), board_char(&view, index, c.char, c.chip));
    }
    let copyright = view.copyright.value_range();
    if view.copyright.text().is_some_and(|t| !t.trim().is_empty()) && copyright.contains(&offset) {
        let text = view
            .copyright
            .text()
            .unwrap_or("")
            .trim_matches([' ', '\t']);
        let length = view.copyright.width();
        let markdown = format!(
            "**Copyright** (line {}): {}\n\nThe board's copyright information, shown with the \
board: {length} characters (at most {MAX_COPYRIGHT}).",
            view.copyright.number,
            markdown_text(text, 80)
        );
        return found(copyright, markdown);
    }
    let extra = view
        .extra_lines
        .iter()
        .find(|l| l.value_range().contains(&offset))?;
    found(
        extra.value_range(),
        format!(
            "**Line {}**: after the copyright line (line {}); not part of a BORD file, which \
has five lines. The game expects nothing here.",
            extra.number, view.copyright.number
        ),
    )
}

/// Line 1 (`left`) or line 2.
fn chip_count(view: &BordView, count: &Count, left: bool) -> String {
    let (name, meaning) = if left {
        (
            "Chips left",
            "The number of chips left for each player to place on the board.",
        )
    } else {
        (
            "Chips placed",
            "The number of chips already placed on the board (the format says: not black \
chips + white chips).",
        )
    };
    let heading = format!("**{name}** (line {})", count.line.number);
    let value = match &count.value {
        Ok(n) => n.to_string(),
        Err(NumberProblem::TooLarge) => {
            return format!(
                "{heading}: far more than the {CHIPS} chips of a game; it must be a whole number \
from 0 to {CHIPS}."
            );
        }
        Err(_) => {
            let text = count.line.text().unwrap_or("").trim_matches([' ', '\t']);
            return format!(
                "{heading}: {} is not a whole number; write the count with digits, 0 to {CHIPS}.",
                code_span(text)
            );
        }
    };
    let over = if count.value.as_ref().is_ok_and(|n| *n > CHIPS) {
        format!(", more than the {CHIPS} chips of a game (allowed: 0 to {CHIPS})")
    } else {
        String::new()
    };
    let mut text = format!("{heading}: {value}{over}\n\n{meaning}");
    if !left {
        let counts = view.board.counts();
        text.push_str(&format!(
            " The board holds {} ({} black, {} white).",
            chips(counts.black + counts.white),
            counts.black,
            counts.white
        ));
    }
    text.push_str("\n\n");
    text.push_str(&sum(view));
    text
}

fn chips(n: usize) -> String {
    if n == 1 {
        "1 chip".to_string()
    } else {
        format!("{n} chips")
    }
}

/// Lines 1 and 2 against the rule that they make 32.
fn sum(view: &BordView) -> String {
    match (&view.chips_left.value, &view.chips_placed.value) {
        (Ok(left), Ok(placed)) => {
            let total = u64::from(*left) + u64::from(*placed);
            if total == u64::from(CHIPS) {
                format!("Line 1 + line 2 = {left} + {placed} = {CHIPS}, as the format requires.")
            } else {
                let mut fixes = Vec::new();
                if let Some(n) = CHIPS.checked_sub(*placed) {
                    fixes.push(format!("line 1 to {n}"));
                }
                if let Some(n) = CHIPS.checked_sub(*left) {
                    fixes.push(format!("line 2 to {n}"));
                }
                let fix = if fixes.is_empty() {
                    String::new()
                } else {
                    format!(": change {}", fixes.join(" or "))
                };
                format!(
                    "Line 1 + line 2 = {left} + {placed} = {total}, but the format says they \
always make {CHIPS}{fix}."
                )
            }
        }
        _ => format!(
            "Lines 1 and 2 must add up to {CHIPS}; one of them is not a number, so the sum is \
unknown."
        ),
    }
}

pub(super) fn chip_words(chip: Chip, c: char) -> String {
    let shown = code_span(&c.to_string());
    match chip {
        Chip::Black if c == 'b' => format!("black chip ({shown}; letter case does not matter)"),
        Chip::White if c == 'w' => format!("white chip ({shown}; letter case does not matter)"),
        Chip::Black => format!("black chip ({shown})"),
        Chip::White => format!("white chip ({shown})"),
        Chip::Empty if c == '0' => format!("empty ({shown})"),
        Chip::Empty => {
            format!("empty ({shown}: any character other than W or B is an empty square)")
        }
    }
}

pub(super) fn used_entry(view: &BordView, entry: &UsedEntry) -> String {
    let line = view.used_squares.line.number;
    match entry {
        UsedEntry::Square { square, range } => {
            let name = square.name();
            let on_board = match view.board.characters().nth(square.index()) {
                Some((_, c)) => format!(
                    "board square {name}: {}, {}",
                    chip_words(c.chip, c.char),
                    board_place(view, *square)
                ),
                None => format!("the board data has no square {name}: it is too short"),
            };
            let first = view
                .used_squares
                .squares()
                .find(|(s, _)| s == square)
                .map(|(_, r)| r);
            let repeat = match first {
                Some(first) if first.start < range.start => format!(
                    "\n\n{name} is already listed earlier on line {line}: this repeat adds \
nothing."
                ),
                _ => String::new(),
            };
            format!(
                "**Used square {name}** (line {line}, row {}, column {}): {on_board}.{repeat}",
                char::from(b'A' + square.row),
                square.column + 1
            )
        }
        UsedEntry::BadName { text, .. } => format!(
            "**Not a square**: {} names no button of the board; a used square is a row letter \
A–H then a column digit 1–8 (A1 … H8).",
            code_span(text)
        ),
        UsedEntry::Stray { text, .. } if text.chars().all(|c| c == ' ' || c == '\t') => format!(
            "**A blank between the used squares** (line {line}): the format document writes \
them run together, like D4D5E4E5, and no board the game shipped has blanks there; whether the \
game reads them is not known."
        ),
        UsedEntry::Stray { text, .. } => format!(
            "**Not a square name** (line {line}): {} is not a square name; the used squares are \
button names A1 … H8 (row letter, column digit) run together, like D4D5E4E5.",
            code_span(text)
        ),
    }
}

fn board_char(view: &BordView, index: usize, c: char, chip: Chip) -> String {
    let Some(square) = SquarePos::from_index(index) else {
        return format!(
            "**Character {}** of line {}: past the {SQUARES} squares of the board; the board \
data must be exactly {SQUARES} characters.",
            index + 1,
            view.board.line().number
        );
    };
    let at = board_place(view, square);
    let name = square.name();
    let listed = view.used_squares.squares().any(|(s, _)| s == square);
    let used = match (chip, listed) {
        (_, true) => "Listed in the used squares (line 3).",
        (Chip::Empty, false) => "Not in the used squares (line 3).",
        (_, false) => "Not in the used squares (line 3), though it holds a chip.",
    };
    let layout = match view.board.layout {
        BoardLayout::Rows { .. } => {
            "\n\nThe board is written as rows (the design layout); the game reads it from line 4 \
alone, so join the rows into one line."
        }
        BoardLayout::OneLine => "",
    };
    format!(
        "**{name}**: {}\n\nRow {}, column {} — {at}. {used}{layout}",
        chip_words(chip, c),
        char::from(b'A' + square.row),
        square.column + 1,
    )
}
