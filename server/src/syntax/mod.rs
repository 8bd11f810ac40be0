//! From text to tree: format detection, the document (rope + incrementally updated tree) and
//! syntax errors in plain words.

mod detect;
mod document;
mod errors;

pub use detect::{detect, has_bord_shape};
pub use document::Document;
pub use errors::syntax_findings;
