//! The logical places of a Crossmines finding ([`crate::formats::place`]): a header field by
//! name (`registered-id`, `author`, `title`, `description`, `rec-field-size-x`,
//! `rec-field-size-y`, `large-grid-size-x`, `large-grid-size-y`, `repeat-size-x`,
//! `repeat-size-y`), `cell:ROW:COL` (grid line ROW, column COL, both from 1: file line 11 is
//! grid line 1; a finding past a line's end is at the column after its last square) and
//! `board` (anything in the grid).

use std::ops::Range;

use super::view::{HeaderField, PatternView};
use crate::syntax::Document;

/// A header field's place: its grammar kind with dashes (`large-grid-size-x`).
fn field_place(field: HeaderField) -> String {
    field.kind().replace('_', "-")
}

/// Whether `place` names a header field.
pub fn is_field(place: &str) -> bool {
    HeaderField::ALL.iter().any(|f| field_place(*f) == place)
}

pub fn places(doc: &Document, range: &Range<usize>) -> Vec<String> {
    let rope = doc.rope();
    let at = range.start.min(rope.len_bytes());
    let line = rope.byte_to_line(at) + 1;
    let view = PatternView::of(doc);
    if let Some(field) = HeaderField::ALL.into_iter().find(|f| f.line() == line)
        && !(range.is_empty() && range.start == 0)
    {
        return vec![field_place(field)];
    }
    let Some(grid) = view.grid.iter().find(|g| g.file_line == line) else {
        return Vec::new();
    };
    let column = rope.byte_to_char(at.clamp(grid.range.start, grid.range.end))
        - rope.byte_to_char(grid.range.start)
        + 1;
    vec![
        format!("cell:{}:{column}", grid.number),
        "board".to_string(),
    ]
}
