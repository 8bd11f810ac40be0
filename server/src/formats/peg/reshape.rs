//! Board edits of a peg board as a whole (see [`crate::render::edit`]): a row added or removed
//! at the top or the bottom, a column at the left or the right. A new row or column is locked
//! fields (`X` in version 1, `*` in version 2): the board's playing area stays as it was until
//! holes are painted on it. Every row stays as long as the others, and in version 1 the `!`
//! that tells the board's width stays after the first row.

use super::view::{Board, DotRule, Element, Kind, Row, Version};
use crate::draw::Action;
use crate::findings::TextEdit;
use crate::formats::reshape::{self, Edge, Reshape};
use crate::syntax::Document;

/// The id of the board's element in the drawing.
pub const BOARD: &str = "board";

/// What the board can be made: rows and columns added, and removed while more than one is left.
pub fn actions(board: &Board) -> Vec<Action> {
    reshape::actions(board.rows.len(), board.columns())
}

/// The edits making the board what `action` says, or why not. The caller has refused a board
/// with syntax errors, invalid elements or rows of unequal length.
pub fn edit(doc: &Document, board: &Board, action: &str) -> Result<Vec<TextEdit>, String> {
    let Reshape { added, edge } =
        reshape::parse(action).ok_or_else(|| format!("the board cannot {action}"))?;
    let lines = row_lines(doc, board).ok_or_else(|| {
        "the board is not reshaped: its rows do not stand one to a line, so where a row begins \
is not certain; put each row on a line of its own first"
            .to_string()
    })?;
    let v1 = board.version == Version::V1;
    if v1 && !width_mark_after_first_row(board, &lines[0]) {
        return Err(
            "the board is not reshaped: its one width mark ! does not stand after its \
first row, so how wide the board is meant to be is not certain; mend that first"
                .to_string(),
        );
    }
    // Dots of the final game shift their row: a column goes inside them, so they stay at
    // the row's edges.
    let dots_shift = !v1 && board.dot_rule() == DotRule::Stripped;
    let locked = if v1 { "X" } else { "*" };
    match (added, edge) {
        (true, Edge::Top) | (true, Edge::Bottom) => {
            let width = board.columns();
            let mut row = if v1 {
                locked.repeat(width)
            } else {
                vec![locked; width].join(" ")
            };
            let line_break = crate::findings::line_break(doc.rope());
            let mut edits = Vec::new();
            if edge == Edge::Top {
                // The width mark follows the first row: it moves to the new one.
                if v1 {
                    row.push('!');
                    edits.extend(board.row_separators.first().cloned().map(TextEdit::delete));
                }
                edits.push(TextEdit::insert(
                    lines[0].start,
                    format!("{row}{line_break}"),
                ));
            } else {
                let last = lines[lines.len() - 1].end;
                edits.push(TextEdit::insert(last, format!("{line_break}{row}")));
            }
            Ok(edits)
        }
        (false, Edge::Top) | (false, Edge::Bottom) => {
            if lines.len() < 2 {
                return Err("the board's only row is not removed".to_string());
            }
            let mut edits = Vec::new();
            if edge == Edge::Top {
                edits.push(TextEdit::delete(lines[0].start..lines[1].start));
                if v1 {
                    let second = board.rows[1].range().map(|r| r.end);
                    edits.extend(second.map(|end| TextEdit::insert(end, "!")));
                }
            } else {
                let n = lines.len();
                edits.push(TextEdit::delete(lines[n - 2].end..lines[n - 1].end));
            }
            Ok(edits)
        }
        (true, side) => Ok(board
            .rows
            .iter()
            .filter_map(|row| {
                let (edge, _) = edge_of(row, side, dots_shift)?;
                let edge = if side == Edge::Left {
                    edge.full_range().start
                } else {
                    edge.range().end
                };
                let written = match (v1, side) {
                    (true, _) => locked.to_string(),
                    (false, Edge::Left) => format!("{locked} "),
                    (false, _) => format!(" {locked}"),
                };
                Some(TextEdit::insert(edge, written))
            })
            .collect()),
        (false, side) => {
            if board.columns() < 2 {
                return Err("the board's only column is not removed".to_string());
            }
            let mut edits = Vec::new();
            for (number, row) in board.rows.iter().enumerate() {
                let Some((edge, Some(next))) = edge_of(row, side, dots_shift) else {
                    return Err(format!(
                        "the board is not reshaped: row {} has one element only",
                        number + 1
                    ));
                };
                if edge.kind() == Kind::HalfLocked {
                    return Err(format!(
                        "the board is not reshaped: row {} has a half-width field at that \
edge, and removing it would move the row by half a square; remove it by hand",
                        number + 1
                    ));
                }
                edits.push(TextEdit::delete(removed(v1, side, &edge, &next)));
            }
            Ok(edits)
        }
    }
}

/// The element at a row's `side` (past the dots there when `dots_shift`), and the one
/// beside it inwards.
fn edge_of(row: &Row, side: Edge, dots_shift: bool) -> Option<(Element, Option<Element>)> {
    let len = row.len_counting_dots();
    let skipped = |e: &Element| dots_shift && e.kind() == Kind::HalfLocked;
    let index = if side == Edge::Left {
        (0..len).find(|i| row.get(*i).is_some_and(|e| !skipped(&e)))?
    } else {
        (0..len)
            .rev()
            .find(|i| row.get(*i).is_some_and(|e| !skipped(&e)))?
    };
    let inwards = match side {
        Edge::Left => index.checked_add(1),
        _ => index.checked_sub(1),
    };
    Some((row.get(index)?, inwards.and_then(|i| row.get(i))))
}

/// What goes with the element at a row's edge: a v1 goal marker, and in version 2 the blanks
/// between it and the `next` element inwards.
fn removed(v1: bool, side: Edge, edge: &Element, next: &Element) -> std::ops::Range<usize> {
    match (v1, side) {
        (true, _) => edge.full_range(),
        (false, Edge::Left) => edge.range().start..next.range().start,
        (false, _) => next.range().end..edge.range().end,
    }
}

/// The text of each row's line, without its line break; `None` unless every row stands on a
/// line of its own (the `!` after a version 1 first row, and blanks, beside it).
fn row_lines(doc: &Document, board: &Board) -> Option<Vec<std::ops::Range<usize>>> {
    let rope = doc.rope();
    let mut lines: Vec<std::ops::Range<usize>> = Vec::with_capacity(board.rows.len());
    for row in &board.rows {
        let range = row.range()?;
        let line = rope.byte_to_line(range.start);
        if rope.byte_to_line(range.end) != line
            || lines
                .last()
                .is_some_and(|l| rope.byte_to_line(l.start) == line)
        {
            return None;
        }
        let start = rope.line_to_byte(line);
        let text = rope.line(line).to_string();
        let content = text.trim_end_matches(['\r', '\n']);
        let end = start + content.len();
        let outside = |part: &str| part.chars().all(|c| c == ' ' || c == '\t' || c == '!');
        if !outside(&content[..range.start - start]) || !outside(&content[range.end - start..]) {
            return None;
        }
        lines.push(start..end);
    }
    (!lines.is_empty()).then_some(lines)
}

/// The text the board's element stands for: its rows' lines (where a reshape edits).
pub fn board_source(doc: &Document, board: &Board) -> Option<std::ops::Range<usize>> {
    if let Some(lines) = row_lines(doc, board) {
        return Some(lines[0].start..lines[lines.len() - 1].end);
    }
    let start = board.rows.iter().find_map(Row::range)?.start;
    let end = board.rows.iter().rev().find_map(Row::range)?.end;
    Some(start..end)
}

/// A version 1 board has one `!`, on its first row's line.
fn width_mark_after_first_row(board: &Board, first_line: &std::ops::Range<usize>) -> bool {
    match board.row_separators.as_slice() {
        [mark] => first_line.start <= mark.start && mark.end <= first_line.end,
        _ => false,
    }
}
