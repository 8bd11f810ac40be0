//! The MAP's coloured tokens, found by one walk of its tree: the same tokens and kinds as its
//! highlight query (`grammars/colossus-map/queries/highlights.scm`, which Neovim and Helix
//! run), at a fraction of the query's cost. A query runs its patterns against every node; the
//! MAP's five patterns each read a node's kind, its parent's kind and whether a named sibling
//! comes before it, which the walk reads directly. `tests/ide.rs` compares both on every
//! corpus MAP and on damaged copies of them.

use std::ops::Range;
use std::sync::OnceLock;

use tree_sitter::{Node, TreeCursor};

use crate::registry::FormatId;

use crate::answers::{Highlight, HighlightKind};
use crate::syntax::Document;

pub fn map_highlights(doc: &Document) -> Vec<Highlight> {
    // Coloured by the view's walk of the lines, which reads every token anyway.
    if let Some(coloured) = &super::map::MapView::of(doc).highlights {
        return coloured.clone();
    }
    walked(doc)
}

/// The MAP's coloured tokens, by a walk of its whole tree.
pub fn walked(doc: &Document) -> Vec<Highlight> {
    let Some(tree) = doc.tree() else {
        return Vec::new();
    };
    let kinds = Kinds::get();
    let mut out: Vec<Highlight> = Vec::new();
    let root = tree.root_node();
    if let Some(kind) = kinds.of(root.kind_id(), None, false) {
        push(&mut out, root, kind);
    }
    walk_children(kinds, &mut tree.walk(), &mut out);
    out
}

/// The MAP grammar's node kinds the query names, by id: comparing ids spares reading each
/// node's kind name (a C string, checked as UTF-8 on every call).
pub struct Kinds {
    comment: u16,
    word: u16,
    name: u16,
    way: u16,
    number: u16,
    size: u16,
    hex: u16,
}

impl Kinds {
    pub fn get() -> &'static Kinds {
        static KINDS: OnceLock<Kinds> = OnceLock::new();
        KINDS.get_or_init(|| {
            let language = FormatId::ColossusMap.language();
            let id = |name| language.id_for_node_kind(name, true);
            Kinds {
                comment: id("comment"),
                word: id("word"),
                name: id("name"),
                way: id("way"),
                number: id("number"),
                size: id("size"),
                hex: id("hex"),
            }
        })
    }

    /// The query's capture of a node of `kind` under `parent`, pattern by pattern;
    /// `after_named`: a named sibling comes before it.
    pub fn of(&self, kind: u16, parent: Option<u16>, after_named: bool) -> Option<HighlightKind> {
        Some(match kind {
            // `(comment) @comment`, `(word) @type`, `(name) @type`, `(way) @keyword`.
            k if k == self.comment => HighlightKind::Comment,
            k if k == self.word || k == self.name => HighlightKind::Type,
            k if k == self.way => HighlightKind::Keyword,
            // `(size (number) @number)`.
            k if k == self.number && parent == Some(self.size) => HighlightKind::Number,
            // `(hex . (number) @label)`: the hex's first named child; `(hex (_) . (number)
            // @number)`: a number right after another named child.
            k if k == self.number && parent == Some(self.hex) => match after_named {
                false => HighlightKind::Label,
                true => HighlightKind::Number,
            },
            _ => return None,
        })
    }
}

/// Colours the children of the cursor's node and their descendants, depth first in text order
/// (the order the query's captures come in). The parent's kind and the named siblings before
/// a node are known on the way (`Node::parent` and `Node::prev_named_sibling` would search
/// down from the root for each node).
fn walk_children(kinds: &Kinds, cursor: &mut TreeCursor, out: &mut Vec<Highlight>) {
    let parent = cursor.node().kind_id();
    if !cursor.goto_first_child() {
        return;
    }
    let mut after_named = false;
    loop {
        let node = cursor.node();
        if let Some(kind) = kinds.of(node.kind_id(), Some(parent), after_named) {
            push(out, node, kind);
        }
        after_named |= node.is_named();
        walk_children(kinds, cursor, out);
        if !cursor.goto_next_sibling() {
            break;
        }
    }
    cursor.goto_parent();
}

/// As the query's reader keeps captures: the first of a place wins, empty ones are none.
pub fn push(out: &mut Vec<Highlight>, node: Node, kind: HighlightKind) {
    push_range(out, node.byte_range(), kind);
}

/// [`push`] for the bytes `range` (a node's, kept from an earlier read of its line).
pub fn push_range(out: &mut Vec<Highlight>, range: Range<usize>, kind: HighlightKind) {
    if !range.is_empty() && out.last().is_none_or(|last| range.start >= last.end) {
        out.push(Highlight {
            start: range.start,
            end: range.end,
            kind,
        });
    }
}
