//! Reading a document's tree through its grammar's queries and shapes: the coloured tokens of
//! the highlight query, the token at an offset, runs of lines to fold.

use std::sync::OnceLock;

use tree_sitter::{Query, QueryCursor, StreamingIterator};

use super::Document;
use crate::answers::{Fold, FoldKind, Highlight, HighlightKind};
use crate::registry::FormatId;

/// The compiled highlight query of a format (from `grammars/<id>/queries/highlights.scm`).
fn highlight_query(format: FormatId) -> Option<&'static Query> {
    static QUERIES: OnceLock<Vec<Option<Query>>> = OnceLock::new();
    let queries = QUERIES.get_or_init(|| {
        FormatId::ALL
            .iter()
            .map(|f| {
                let grammar = retroboard_grammars::grammar(f.as_str())?;
                Query::new(&f.language(), grammar.highlights).ok()
            })
            .collect()
    });
    let index = FormatId::ALL.iter().position(|f| *f == format)?;
    queries.get(index)?.as_ref()
}

/// Highlights from the grammar's highlight query: the same colours Neovim and Helix show.
/// Tokens come in text order and never overlap (the first capture of a node wins).
pub fn query_highlights(doc: &Document) -> Vec<Highlight> {
    let (Some(format), Some(tree)) = (doc.format(), doc.tree()) else {
        return Vec::new();
    };
    let Some(query) = highlight_query(format) else {
        return Vec::new();
    };
    // The text is read from the rope where a pattern's predicate needs it: copying a large text
    // into one string would cost more than the query.
    let rope = doc.rope();
    let text = |node: tree_sitter::Node| {
        let range = node.byte_range();
        let end = range.end.min(rope.len_bytes());
        rope.byte_slice(range.start.min(end)..end)
            .chunks()
            .map(str::as_bytes)
    };
    let mut cursor = QueryCursor::new();
    let mut out: Vec<Highlight> = Vec::new();
    let mut captures = cursor.captures(query, tree.root_node(), text);
    while let Some((m, index)) = captures.next() {
        let capture = m.captures()[*index];
        let Some(kind) = HighlightKind::of_capture(query.capture_names()[capture.index as usize])
        else {
            continue;
        };
        let range = capture.node.byte_range();
        if range.is_empty() || out.last().is_some_and(|last| range.start < last.end) {
            continue;
        }
        out.push(Highlight {
            start: range.start,
            end: range.end,
            kind,
        });
    }
    out
}

/// The token (named or not) at a byte offset; `None` on whitespace between tokens.
pub fn token_at(doc: &Document, offset: usize) -> Option<tree_sitter::Node<'_>> {
    let tree = doc.tree()?;
    let node = tree.root_node().descendant_for_byte_range(offset, offset)?;
    (node.child_count() == 0 && node.byte_range().contains(&offset)).then_some(node)
}

/// Runs of two or more neighbouring lines of the same kind, as folds. `kind` sees each line's
/// index and text (without its line break) and says what it is; `None` (a blank line, a
/// header) ends a run.
pub fn line_runs(doc: &Document, kind: impl Fn(usize, &str) -> Option<FoldKind>) -> Vec<Fold> {
    let rope = doc.rope();
    let mut folds = Vec::new();
    let mut run: Option<(FoldKind, usize, usize, usize)> = None; // kind, start, end, lines
    let close = |run: Option<(FoldKind, usize, usize, usize)>, folds: &mut Vec<Fold>| {
        if let Some((kind, start, end, lines)) = run
            && lines > 1
        {
            folds.push(Fold {
                range: start..end,
                kind,
            });
        }
    };
    let mut start = 0;
    for (index, line) in rope.lines().enumerate() {
        let len = line.len_bytes();
        let text: std::borrow::Cow<str> = line.into();
        let content = text.trim_end_matches(['\r', '\n']);
        let end = start + content.len();
        match (kind(index, content), &mut run) {
            (Some(k), Some((current, _, run_end, lines))) if k == *current => {
                *run_end = end;
                *lines += 1;
            }
            (Some(k), _) => {
                close(run.take(), &mut folds);
                run = Some((k, start, end, 1));
            }
            (None, _) => close(run.take(), &mut folds),
        }
        start += len;
    }
    close(run, &mut folds);
    folds
}
