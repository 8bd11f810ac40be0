//! The logical places of a peg board finding ([`crate::formats::place`]): `cell:ROW:COL` (the
//! element at board row ROW, position COL in it, both from 1, every element of the row counted
//! as written, dots and half-width ones included), `board` (anything in the rows) and `header`
//! (the version 1 header `1N~`, the version 2 version and mode lines).

use std::ops::Range;

use super::view::{Board, Header};
use crate::syntax::Document;

pub fn places(doc: &Document, range: &Range<usize>) -> Vec<String> {
    let rope = doc.rope();
    let at = range.start.min(rope.len_bytes());
    let line = rope.byte_to_line(at);
    let board = Board::of(doc);
    let Some(board) = board.as_ref() else {
        return Vec::new();
    };
    let line_of = |byte: usize| rope.byte_to_line(byte.min(rope.len_bytes()));
    let in_header = match &board.header {
        Header::V1 { range, .. } => range.start <= at && at < range.end,
        Header::V2 { version, mode } => {
            line_of(version.range.start) == line
                || mode
                    .as_ref()
                    .is_some_and(|m| line_of(m.range.start) == line)
        }
    };
    if in_header {
        return vec!["header".to_string()];
    }
    let mut places = Vec::new();
    if let Some(element) = board.element_at(at) {
        places.push(format!(
            "cell:{}:{}",
            element.row() + 1,
            element.index() + 1
        ));
    }
    let rows = board.rows.iter().filter_map(|r| r.range());
    if !places.is_empty() || rows.into_iter().any(|r| r.start <= at && at <= r.end) {
        places.push("board".to_string());
    }
    places
}
