//! From text to tree: format detection, the document (rope + incrementally updated tree) and
//! syntax errors in plain words.

mod document;
mod errors;
mod query;
mod words;

pub use document::{
    Change, Document, EditedLine, MAX_LINE_BYTES, MAX_PARSED_BYTES, Revision, Unparsed,
};
pub use errors::{GrammarWords, syntax_findings};
pub use query::{line_runs, query_highlights, token_at};
pub use words::LineWords;

use tree_sitter::Node;

/// The field name under which `node` hangs in its parent.
pub fn field_name<'tree>(node: Node<'tree>) -> Option<&'tree str> {
    let parent = node.parent()?;
    let mut cursor = parent.walk();
    if !cursor.goto_first_child() {
        return None;
    }
    loop {
        if cursor.node() == node {
            return cursor.field_name();
        }
        if !cursor.goto_next_sibling() {
            return None;
        }
    }
}
