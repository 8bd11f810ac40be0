//! Go to definition and references on a Super Othello board: a button name of the used-squares
//! line (line 3) and the board square it names (line 4, or its row in the design layout) lead
//! to each other.

use std::ops::Range;

use super::view::{BordView, SquarePos};
use crate::answers::Target;
use crate::syntax::Document;

fn contains(range: &Range<usize>, offset: usize) -> bool {
    range.start <= offset && offset < range.end.max(range.start + 1)
}

/// The square at `offset`, and whether it is written on the board (else in the used squares).
fn square_at(view: &BordView, offset: usize) -> Option<(SquarePos, bool)> {
    if let Some((square, _)) = view
        .used_squares
        .squares()
        .find(|(_, r)| contains(r, offset))
    {
        return Some((square, false));
    }
    let square = view
        .board
        .squares
        .as_ref()?
        .iter()
        .find(|s| contains(&s.range, offset))?;
    Some((square.square, true))
}

fn target(doc: &Document, range: Range<usize>) -> Option<Target> {
    Some(Target {
        path: doc.path()?.to_path_buf(),
        format: doc.format(),
        range,
    })
}

fn board_square(view: &BordView, square: SquarePos) -> Option<Range<usize>> {
    let squares = view.board.squares.as_ref()?;
    squares
        .iter()
        .find(|s| s.square == square)
        .map(|s| s.range.clone())
}

fn used_entries(view: &BordView, square: SquarePos) -> Vec<Range<usize>> {
    view.used_squares
        .squares()
        .filter(|(s, _)| *s == square)
        .map(|(_, r)| r)
        .collect()
}

/// A used square leads to its board square; a board square to the used squares naming it.
pub fn definition(doc: &Document, offset: usize) -> Vec<Target> {
    let view = BordView::of(doc);
    let Some((square, on_board)) = square_at(&view, offset) else {
        return Vec::new();
    };
    let ranges = if on_board {
        used_entries(&view, square)
    } else {
        board_square(&view, square).into_iter().collect()
    };
    ranges.into_iter().filter_map(|r| target(doc, r)).collect()
}

/// The board square (with the declaration) and every used-squares entry naming it.
pub fn references(doc: &Document, offset: usize, include_declaration: bool) -> Vec<Target> {
    let view = BordView::of(doc);
    let Some((square, _)) = square_at(&view, offset) else {
        return Vec::new();
    };
    let mut ranges: Vec<Range<usize>> = Vec::new();
    if include_declaration {
        ranges.extend(board_square(&view, square));
    }
    ranges.extend(used_entries(&view, square));
    ranges.into_iter().filter_map(|r| target(doc, r)).collect()
}
