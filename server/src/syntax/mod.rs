//! From text to tree: format detection, the document (rope + incrementally updated tree) and
//! syntax errors in plain words.

mod detect;
mod document;
mod errors;

pub use detect::{HEAD_BYTES as DETECTION_BYTES, detect, has_bord_shape};
pub use document::{Document, MAX_LINE_BYTES, MAX_PARSED_BYTES, Unparsed};
pub use errors::syntax_findings;

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
