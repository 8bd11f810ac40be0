//! Completion in a peg board: after the header, the board elements of the file's version, each
//! with hover's words for it.

use super::hover::{kind_meaning, kind_name};
use super::view::{Board, Header, Version, v1_kind, v2_kind};
use crate::answers::{Completion, CompletionKind, code_span};
use crate::syntax::Document;

/// The elements a modder writes, in the order the spec lists them.
const V1_ELEMENTS: [char; 6] = ['E', '1', '2', '3', 'X', '*'];
const V2_ELEMENTS: [char; 6] = ['e', 'g', 'y', 'r', '*', '.'];

pub fn completions(doc: &Document, offset: usize) -> Vec<Completion> {
    let memo = Board::of(doc);
    let Some(board) = memo.as_ref() else {
        return Vec::new();
    };
    let in_board = match &board.header {
        Header::V1 { end, .. } => end.as_ref().is_some_and(|e| offset >= e.end),
        Header::V2 { mode, .. } => mode.as_ref().is_some_and(|m| {
            offset > m.range.end
                && doc.rope().byte_to_line(offset) > doc.rope().byte_to_line(m.range.end)
        }),
    };
    if !in_board {
        return Vec::new();
    }
    let range = offset..offset;
    let (elements, kind_of): (&[char], fn(char) -> super::view::Kind) = match board.version {
        Version::V1 => (&V1_ELEMENTS, v1_kind),
        Version::V2 => (&V2_ELEMENTS, v2_kind),
    };
    let mut items: Vec<Completion> = elements
        .iter()
        .map(|c| {
            let kind = kind_of(*c);
            Completion::new(c.to_string(), CompletionKind::Terrain, range.clone())
                .detail(kind_name(kind))
                .documentation(format!(
                    "**{}** {}\n\n{}",
                    kind_name(kind),
                    code_span(&c.to_string()),
                    kind_meaning(kind)
                ))
        })
        .collect();
    match board.version {
        Version::V1 => {
            items.push(
                Completion::new(">", CompletionKind::Keyword, range.clone())
                    .detail("goal marker: the next element is the goal")
                    .documentation("**Goal marker** `>`: the element after it is the goal, where the last stone should end."),
            );
            if board.row_separators.is_empty() {
                items.push(
                    Completion::new("!", CompletionKind::Keyword, range.clone())
                        .detail("row separator: ends the first row")
                        .documentation("**Row separator** `!`: ends the first row, so the board is as wide as the elements before it. The game deletes line breaks: this `!` alone makes the rows."),
                );
            }
        }
        Version::V2 => {
            for c in ['E', 'G', 'Y', 'R'] {
                let kind = v2_kind(c);
                items.push(
                    Completion::new(c.to_string(), CompletionKind::Terrain, range.clone())
                        .detail(format!("goal: {}", kind_name(kind).to_lowercase()))
                        .documentation(format!(
                            "**Goal: {}** {}\n\n{} An uppercase letter marks the goal, where the last stone should end.",
                            kind_name(kind).to_lowercase(),
                            code_span(&c.to_string()),
                            kind_meaning(kind)
                        )),
                );
            }
        }
    }
    items
        .into_iter()
        .enumerate()
        .map(|(rank, item)| item.rank(rank))
        .collect()
}
