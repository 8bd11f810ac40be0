//! Semantic highlighting: the grammar's highlight query, with every run of elements split into
//! its elements, so that a locked field, a slot, a goal and an invalid character each keep their
//! own colour (the grammar makes a run one token, for speed on huge boards).

use super::view::{Kind, run_chars, v1_kind, v2_kind};
use crate::answers::{Highlight, HighlightKind};
use crate::syntax::Document;
use crate::syntax::query_highlights;

pub fn highlights(doc: &Document) -> Vec<Highlight> {
    let query = query_highlights(doc);
    let v2 = doc.tree().is_some_and(|tree| {
        let root = tree.root_node();
        let mut cursor = root.walk();
        root.children(&mut cursor).any(|n| n.kind() == "v2_board")
    });
    let rope = doc.rope();
    let mut out = Vec::with_capacity(query.len());
    for highlight in query {
        // Runs are captured as locked fields, slots or invalid characters; the rest is whole.
        let run = matches!(
            highlight.kind,
            HighlightKind::Comment | HighlightKind::Type | HighlightKind::Invalid
        );
        if !run {
            out.push(highlight);
            continue;
        }
        for (range, ch) in run_chars(rope, highlight.start..highlight.end) {
            let kind = if highlight.kind == HighlightKind::Invalid {
                HighlightKind::Invalid
            } else if ch == ' ' {
                continue; // between the elements of a v2 run
            } else {
                let kind = if v2 { v2_kind(ch) } else { v1_kind(ch) };
                match kind {
                    Kind::Locked | Kind::HalfLocked => HighlightKind::Comment,
                    Kind::Invalid(_) => HighlightKind::Invalid,
                    Kind::Empty | Kind::Stone(_) if v2 && ch.is_ascii_uppercase() => {
                        HighlightKind::Label
                    }
                    Kind::Empty | Kind::Stone(_) => HighlightKind::Type,
                }
            };
            out.push(Highlight {
                start: range.start,
                end: range.end,
                kind,
            });
        }
    }
    out
}
