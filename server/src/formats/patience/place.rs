//! The logical places of a Patience finding ([`crate::formats::place`]): `name` (line 1),
//! `header` (the counts line) and `pile:N` (N as the game counts piles: 1 is the stock, 2 the
//! next pile line …), whatever blank lines or lines around them are added or removed.

use std::ops::Range;

use super::view::GameView;
use crate::syntax::Document;

pub fn places(doc: &Document, range: &Range<usize>) -> Vec<String> {
    let rope = doc.rope();
    let at = range.start.min(rope.len_bytes());
    let line = rope.byte_to_line(at);
    let line_of = |byte: usize| rope.byte_to_line(byte.min(rope.len_bytes()));
    let view = GameView::of(doc);
    if line == 0 && !(range.is_empty() && range.start == 0) {
        return vec!["name".to_string()];
    }
    if let Some(counts) = &view.counts
        && line_of(counts.range.start) == line
    {
        return vec!["header".to_string()];
    }
    view.piles
        .iter()
        .find(|pile| line_of(pile.range.start) == line)
        .map(|pile| vec![format!("pile:{}", pile.number)])
        .unwrap_or_default()
}
