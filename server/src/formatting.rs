//! Formatting: a document laid out as its game allows, as edits of its text. The LSP's
//! `textDocument/formatting` and `rangeFormatting` and `retroboard format` all come here; each
//! format's layout lives in its family folder ([`crate::formats::Format::format`]).
//!
//! Only blanks change, one edit per run of blanks that differs (a cursor elsewhere on the line
//! stays put); an already formatted document gets no edit. Nothing is formatted where the text
//! is not fully read (too large, binary, a later dialect) or the edits would not be a valid
//! set; the families leave what syntax errors touch alone (the lines of a Patience game, the
//! whole of the others' files).

use std::ops::Range;

use crate::findings::{TextEdit, apply_edits, sorted_edits};
use crate::syntax::Document;

/// The edits that format the whole document, sorted, inside its text and not overlapping.
pub fn format(doc: &Document) -> Vec<TextEdit> {
    let Some(format) = doc.format() else {
        return Vec::new();
    };
    if doc.is_unparsed()
        || doc.cut().is_some()
        || crate::formats::unsupported_dialect(doc).is_some()
    {
        return Vec::new();
    }
    let edits = crate::formats::spec(format).format(doc);
    sorted_edits(doc.whole_rope(), edits).unwrap_or_default()
}

/// The edits that format the lines `range` touches (a range ending at the start of a line does
/// not touch it, unless it is empty): those of [`format`] on these lines.
pub fn format_range(doc: &Document, range: Range<usize>) -> Vec<TextEdit> {
    let text = doc.whole_rope();
    let len = text.len_bytes();
    let start = range.start.min(len);
    let end = range.end.clamp(start, len);
    let first = text.byte_to_line(start);
    let mut last = text.byte_to_line(end);
    if end > start && last > first && text.line_to_byte(last) == end {
        last -= 1;
    }
    let mut edits = format(doc);
    edits.retain(|e| (first..=last).contains(&text.byte_to_line(e.range.start)));
    edits
}

/// The document's text formatted, or `None` when formatting changes nothing.
pub fn formatted(doc: &Document) -> Option<String> {
    let edits = format(doc);
    if edits.is_empty() {
        return None;
    }
    apply_edits(&doc.text(), &edits)
}
