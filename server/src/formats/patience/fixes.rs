//! The edits the Patience checks offer as quick fixes: a number written anew in its column,
//! text deleted with the blanks before it, whole lines deleted.

use std::fmt::Display;
use std::ops::Range;

use super::view::Pile;
use crate::findings::{Fix, TextEdit, blanks_before, line_with_break};
use crate::syntax::Document;

/// An edit writing `value` in place of the number at `range`, keeping right-aligned columns
/// aligned: on a line laid out in columns (it starts with a blank, or has two blanks together),
/// a longer number takes blanks before it (one stays between numbers) and a shorter one is
/// padded with blanks. On a line of numbers written with single spaces it is just replaced.
pub fn write_number(doc: &Document, range: &Range<usize>, value: impl Display) -> TextEdit {
    let new = value.to_string();
    let rope = doc.rope();
    let blanks_start = blanks_before(rope, range.start);
    let line = rope.byte_to_line(range.start.min(rope.len_bytes()));
    let line_start = rope.line_to_byte(line);
    let blanks = range.start - blanks_start;
    let at_line_start = blanks_start == line_start;
    let text = doc.slice(line_start..rope.line_to_byte(line + 1));
    let in_column = text.starts_with(' ') || text.trim_end().contains("  ");
    let old = range.len();
    if !in_column || new.len() == old {
        return TextEdit::replace(range.clone(), new);
    }
    if new.len() > old {
        let spare = if at_line_start {
            blanks
        } else {
            blanks.saturating_sub(1)
        };
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

/// The field missing from `pile` (one number short) where its place is clear: the numbers of
/// the file stand in right-aligned columns, and `pile`'s numbers end where `reference`'s do
/// but at one column. The number is written there, with the reference's value as a start.
pub fn missing_field(doc: &Document, pile: &Pile, reference: &Pile) -> Option<Fix> {
    let rope = doc.rope();
    let line_start = |p: &Pile| rope.line_to_byte(rope.byte_to_line(p.range.start));
    let ends = |p: &Pile, count: usize| -> Vec<usize> {
        let start = line_start(p);
        p.numbers
            .iter()
            .take(count)
            .map(|n| n.range.end - start)
            .collect()
    };
    let found = pile.numbers.len();
    let theirs = ends(reference, found + 1);
    let ours = ends(pile, found);
    if theirs.len() != found + 1 {
        return None;
    }
    // The one column of the reference that this line lacks.
    let gap = (0..=found).find(|&k| ours.get(k) != theirs.get(k))?;
    if ours[gap..] != theirs[gap + 1..] {
        return None;
    }
    let value = doc.slice(reference.numbers[gap].range.clone()).into_owned();
    let start = line_start(pile);
    let end = start + theirs[gap];
    let from = end.checked_sub(value.len())?;
    // Blanks only where it goes, one at least before it, and one after it unless it ends
    // the line.
    let before = pile
        .numbers
        .get(gap.wrapping_sub(1))
        .map_or(start, |n| n.range.end);
    let after = pile.numbers.get(gap).map(|n| n.range.start);
    if from <= before && !(gap == 0 && from == start) {
        return None;
    }
    let title = format!(
        "Add field {} as on {} ({value})",
        gap + 1,
        if reference.is_stock() {
            "the stock".to_string()
        } else {
            format!("pile {}", reference.number)
        }
    );
    let edit = match after {
        Some(next) if end < next => TextEdit::replace(from..end, value),
        Some(_) => return None,
        None => {
            let line_end = pile.numbers.last()?.range.end;
            let pad = " ".repeat(from.checked_sub(line_end)?);
            TextEdit::insert(line_end, format!("{pad}{value}"))
        }
    };
    if !doc.slice(edit.range.clone()).bytes().all(|b| b == b' ') {
        return None;
    }
    Some(Fix::one(title, edit))
}
