//! The edits the Patience checks offer as quick fixes: a number written anew in its column,
//! text deleted with the blanks before it, whole lines deleted.

use std::fmt::Display;
use std::ops::Range;

use crate::findings::{Fix, TextEdit, blanks_before, line_with_break};
use crate::syntax::Document;

/// An edit writing `value` in place of the number at `range`, keeping right-aligned columns
/// aligned: where the number stands in a column (two blanks or more before it, or blanks at the
/// line's start), a longer number takes blanks before it (one stays between numbers) and a
/// shorter one is padded with blanks. A number written with single spaces is just replaced.
pub fn write_number(doc: &Document, range: &Range<usize>, value: impl Display) -> TextEdit {
    let new = value.to_string();
    let rope = doc.rope();
    let blanks_start = blanks_before(rope, range.start);
    let line_start = rope.line_to_byte(rope.byte_to_line(range.start.min(rope.len_bytes())));
    let blanks = range.start - blanks_start;
    let at_line_start = blanks_start == line_start;
    let in_column = blanks >= 2 || (at_line_start && blanks >= 1);
    let old = range.len();
    if !in_column || new.len() == old {
        return TextEdit::replace(range.clone(), new);
    }
    if new.len() > old {
        let spare = if at_line_start { blanks } else { blanks - 1 };
        let take = (new.len() - old).min(spare);
        TextEdit::replace(range.start - take..range.end, new)
    } else {
        let pad = " ".repeat(old - new.len());
        TextEdit::replace(range.clone(), format!("{pad}{new}"))
    }
}

/// A fix writing `value` in place of the number at `range`.
pub fn write(doc: &Document, range: &Range<usize>, value: impl Display) -> Fix {
    let title = format!("Write {value}");
    Fix::one(title, write_number(doc, range, value))
}

/// A fix deleting `range` with the blanks before it on its line.
pub fn delete_with_blanks(doc: &Document, title: &str, range: &Range<usize>) -> Fix {
    let start = blanks_before(doc.rope(), range.start);
    Fix::one(title, TextEdit::delete(start..range.end))
}

/// A fix deleting the lines from the one holding `start` to the one holding `end`, line breaks
/// included.
pub fn delete_lines(doc: &Document, title: &str, start: usize, end: usize) -> Fix {
    let rope = doc.rope();
    let first = line_with_break(rope, start);
    let last = line_with_break(rope, end.saturating_sub(1).max(start));
    Fix::one(
        title,
        TextEdit::delete(first.start..last.end.max(first.end)),
    )
}
