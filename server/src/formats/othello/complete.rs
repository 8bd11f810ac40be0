//! Completion in a Super Othello board: on the used-squares line (line 3), the squares not yet
//! listed, those holding a chip on the board first, each with hover's words for it.

use super::hover::{chip_words, used_entry};
use super::view::{BordView, Chip, LineSlot, SQUARES, SquarePos, UsedEntry};
use crate::answers::{Completion, CompletionKind};
use crate::syntax::Document;

pub fn completions(doc: &Document, offset: usize) -> Vec<Completion> {
    let view = BordView::of(doc);
    let line = &view.used_squares.line;
    let on_line = match &line.slot {
        LineSlot::Text { range, .. } => range.start <= offset && offset <= range.end,
        LineSlot::Empty { at } | LineSlot::Missing { at } => *at == offset,
    };
    if !on_line {
        return Vec::new();
    }
    // A row letter typed without its digit yet is replaced with the whole name.
    let before = doc.slice(offset.saturating_sub(1)..offset);
    let after = doc.slice(offset..offset + 1);
    let half = before
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && !after.starts_with(|c: char| c.is_ascii_digit());
    let range = if half {
        offset - 1..offset
    } else {
        offset..offset
    };
    let listed: Vec<SquarePos> = view.used_squares.squares().map(|(s, _)| s).collect();
    let board: Vec<(char, Chip)> = view
        .board
        .characters()
        .map(|(_, c)| (c.char, c.chip))
        .collect();
    let mut squares: Vec<(bool, SquarePos)> = (0..SQUARES)
        .filter_map(SquarePos::from_index)
        .filter(|s| !listed.contains(s))
        .map(|s| {
            let chip = board
                .get(s.index())
                .is_some_and(|(_, chip)| *chip != Chip::Empty);
            (chip, s)
        })
        .collect();
    squares.sort_by_key(|(chip, s)| (!chip, *s));
    squares
        .into_iter()
        .enumerate()
        .map(|(rank, (_, square))| {
            let detail = match board.get(square.index()) {
                Some((c, chip)) => chip_words(*chip, *c).replace('`', ""),
                None => "not on the board data (it is too short)".to_string(),
            };
            let entry = UsedEntry::Square {
                square,
                range: range.clone(),
            };
            Completion::new(square.name(), CompletionKind::Place, range.clone())
                .detail(detail)
                .documentation(used_entry(&view, &entry))
                .rank(rank)
        })
        .collect()
}
