//! The variant file (VAR): `MAP:`, `CRE:`, `TER:` and `DEPEND:` records naming the variant's
//! files and the variants it builds on.

use std::ops::Range;

use super::syntax::{Word, children, field_word};
use crate::syntax::Document;

#[derive(Debug, Default)]
pub struct VarView {
    pub entries: Vec<Entry>,
}

#[derive(Debug)]
pub struct Entry {
    /// `MAP:`, `CRE:`, `TER:` or `DEPEND:`; from 2002-11 also `HINT:` and `MAXPLAYERS:`.
    pub key: Word,
    pub value: Word,
    pub range: Range<usize>,
}

impl Entry {
    /// The key without its colon: `MAP`, `CRE`, `TER`, `DEPEND`, `HINT`, `MAXPLAYERS`.
    pub fn kind(&self) -> &str {
        self.key.text.trim_end_matches(':')
    }
}

impl VarView {
    /// The view of the document's current text, built once until it changes.
    pub fn of(doc: &Document) -> std::sync::Arc<VarView> {
        doc.memo(|| VarView::new(doc))
    }

    pub fn new(doc: &Document) -> VarView {
        let mut view = VarView::default();
        let Some(tree) = doc.tree() else { return view };
        for node in children(tree.root_node(), "entry") {
            if let (Some(key), Some(value)) =
                (field_word(doc, node, "key"), field_word(doc, node, "value"))
            {
                view.entries.push(Entry {
                    key,
                    value,
                    range: node.byte_range(),
                });
            }
        }
        view
    }

    /// The record of a kind that counts: the last one.
    pub fn last(&self, kind: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.kind() == kind)
    }

    /// The variants this one depends on, in order (comma-separated, as the documentation and
    /// the later games read them).
    pub fn depends(&self) -> Vec<&str> {
        self.last("DEPEND")
            .map(|e| e.value.text.split(',').filter(|d| !d.is_empty()).collect())
            .unwrap_or_default()
    }
}
