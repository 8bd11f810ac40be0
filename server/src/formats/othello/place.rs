//! The logical places of an Othello finding ([`crate::formats::place`]): `square:D4` (a board
//! square, or that square in the used squares of line 3), `board` (anything on the board), and
//! `line:N` for the other lines (1 chips left, 2 chips placed, 3 used squares, the copyright
//! line after the board). The lines of a BORD file stand where the game reads them, so a line's
//! number is as stable as its meaning.

use std::ops::Range;

use super::view::BordView;
use crate::syntax::Document;

pub fn places(doc: &Document, range: &Range<usize>) -> Vec<String> {
    let rope = doc.rope();
    let at = range.start.min(rope.len_bytes());
    let view = BordView::of(doc);
    let mut places = Vec::new();
    let board = view.board.range();
    let on = |r: &Range<usize>| r.start <= at && (at < r.end || (r.is_empty() && at == r.start));
    if view.board.lines.iter().any(|l| on(&l.range())) || (board.start <= at && at < board.end) {
        if let Some(square) = view.board.squares.iter().flatten().find(|s| on(&s.range)) {
            places.push(format!("square:{}", square.square.name()));
        }
        places.push("board".to_string());
        return places;
    }
    if let Some((square, _)) = view.used_squares.squares().find(|(_, r)| on(r)) {
        places.push(format!("square:{}", square.name()));
    }
    if !(range.is_empty() && range.start == 0) {
        places.push(format!("line:{}", rope.byte_to_line(at) + 1));
    }
    places
}
