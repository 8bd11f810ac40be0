//! What the formatters of the families share: the lines of a text, and the edits that turn one
//! spacing of a line into another. A formatter only ever changes blanks (spaces and tabs), so
//! every edit replaces one run of blanks (or the place between two characters) by another, and
//! the characters that are not blanks stay where they are, byte for byte.

use std::path::Path;

use crate::findings::{TextEdit, apply_edits};
use crate::syntax::Document;

/// One line of a text: its content (without the line break) from `start` to `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub start: usize,
    pub end: usize,
}

/// Which bytes end a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breaks {
    /// `\n`, `\r\n` or a lone `\r` (Patience, peg boards: the games split lines there).
    Any,
    /// `\n` alone, a `\r` right before it going with it (Colossus: the game's lexers read a
    /// lone CR as a blank).
    Lf,
}

/// The lines of `text`; a text ending in a line break has no empty line after it.
pub fn lines(text: &str, breaks: Breaks) -> Vec<Line> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        match (bytes[at], breaks) {
            (b'\n', _) => {
                let end = if breaks == Breaks::Lf && at > start && bytes[at - 1] == b'\r' {
                    at - 1
                } else {
                    at
                };
                lines.push(Line { start, end });
                at += 1;
                start = at;
            }
            (b'\r', Breaks::Any) => {
                lines.push(Line { start, end: at });
                at += if bytes.get(at + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                start = at;
            }
            _ => at += 1,
        }
    }
    if start < bytes.len() {
        let end = if breaks == Breaks::Lf && bytes[bytes.len() - 1] == b'\r' {
            bytes.len() - 1
        } else {
            bytes.len()
        };
        lines.push(Line { start, end });
    }
    lines
}

/// Whether `line` may become empty: not when its line breaks would then run together into
/// one (a lone CR before it and an LF after it would make a CRLF).
pub fn may_empty(text: &str, line: Line) -> bool {
    let bytes = text.as_bytes();
    !(line.start > 0 && bytes[line.start - 1] == b'\r' && bytes.get(line.end) == Some(&b'\n'))
}

/// A blank, as the games read one between fields.
pub fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The runs of characters between blanks of `line`, with their byte ranges in it.
pub fn cells(line: &str) -> Vec<(usize, &str)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if is_blank(bytes[at]) {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && !is_blank(bytes[at]) {
            at += 1;
        }
        out.push((start, &line[start..at]));
    }
    out
}

/// Pushes the edits that turn line `old` (at byte `offset` of the text) into `new`, one per run
/// of blanks that differs, when the two hold the same characters other than blanks in the same
/// order and `new` never puts a blank between two characters that touch in `old`; `false`
/// (and nothing pushed) otherwise, so a formatter's mistake can never change a token.
pub fn respace(offset: usize, old: &str, new: &str, edits: &mut Vec<TextEdit>) -> bool {
    let (ob, nb) = (old.as_bytes(), new.as_bytes());
    let mut found = Vec::new();
    let (mut i, mut j) = (0, 0);
    loop {
        let (i0, j0) = (i, j);
        while i < ob.len() && is_blank(ob[i]) {
            i += 1;
        }
        while j < nb.len() && is_blank(nb[j]) {
            j += 1;
        }
        let inner = i0 > 0 && i < ob.len();
        if i0 == i && j0 != j && inner {
            return false; // a blank between two characters that touch
        }
        if ob[i0..i] != nb[j0..j] {
            found.push(TextEdit::replace(offset + i0..offset + i, &new[j0..j]));
        }
        if i == ob.len() && j == nb.len() {
            break;
        }
        if i == ob.len() || j == nb.len() || ob[i] != nb[j] {
            return false;
        }
        i += 1;
        j += 1;
    }
    edits.extend(found);
    true
}

/// `cell` padded with spaces to `width` characters: on the left (right-aligned) or the right.
pub fn pad(out: &mut String, cell: &str, width: usize, right: bool) {
    let len = cell.chars().count();
    let fill = width.saturating_sub(len);
    if right {
        out.extend(std::iter::repeat_n(' ', fill));
        out.push_str(cell);
    } else {
        out.push_str(cell);
        out.extend(std::iter::repeat_n(' ', fill));
    }
}

/// Whether the document is laid out as its formatter lays it out, worked out once per text.
struct LaidOut(bool);

/// A board edit's `edits` (tokens of one line replaced by others) keeping the columns of the
/// line: a number ends where it ended (numbers are right-aligned), the field after a word
/// starts where it started, by taking blanks from the spaces beside the token or giving them
/// ([`keep_column`]; tabs align by themselves). Where the document is laid out as the family's
/// `format` lays it out and a token is too wide for its column, the formatter's widening of
/// that column on every line follows too. The edits stay minimal: one per token changed, one
/// per run of blanks the formatter changes.
pub fn keeping_layout(
    doc: &Document,
    edits: Vec<TextEdit>,
    format: impl Fn(&Document) -> Vec<TextEdit>,
) -> Vec<TextEdit> {
    let text = doc.text();
    let edits: Vec<TextEdit> = edits.into_iter().map(|e| keep_column(&text, e)).collect();
    if !doc.memo(|| LaidOut(format(doc).is_empty())).0 {
        return edits;
    }
    let Some(edited) = apply_edits(&text, &edits) else {
        return edits;
    };
    let edited_doc =
        Document::new(doc.format(), &edited).with_path(doc.path().map(Path::to_path_buf));
    let relaid = format(&edited_doc);
    let Some(after) = apply_edits(&edited, &relaid) else {
        return edits;
    };
    // Tokens and blanks change, never a line break: the lines pair up.
    let (old_lines, new_lines) = (lines(&text, Breaks::Any), lines(&after, Breaks::Any));
    if relaid.is_empty() || old_lines.len() != new_lines.len() {
        return edits;
    }
    let mut out = Vec::new();
    for (o, n) in old_lines.iter().zip(&new_lines) {
        let (old, new) = (&text[o.start..o.end], &after[n.start..n.end]);
        if old == new || respace(o.start, old, new, &mut out) {
            continue;
        }
        let prefix = old
            .char_indices()
            .zip(new.chars())
            .find(|((_, a), b)| a != b)
            .map_or(old.len().min(new.len()), |((at, _), _)| at);
        let suffix = old[prefix..]
            .chars()
            .rev()
            .zip(new[prefix..].chars().rev())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a.len_utf8())
            .sum::<usize>();
        out.push(TextEdit::replace(
            o.start + prefix..o.end - suffix,
            &new[prefix..new.len() - suffix],
        ));
    }
    out
}

fn is_number(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The edit replacing one token by another of another width, with the spaces beside it
/// widened or narrowed so the column stays: those before a number, those after a word that
/// another field follows. At least one space stays between two fields (a token too wide for
/// its column shifts the rest of its line); spaces beside a tab, or an edit that is not one
/// token by another, are left as they are.
fn keep_column(text: &str, edit: TextEdit) -> TextEdit {
    let old = &text[edit.range.clone()];
    let token =
        |t: &str| !t.is_empty() && !t.bytes().any(|b| is_blank(b) || b == b'\n' || b == b'\r');
    let grow = edit.insert.chars().count() as isize - old.chars().count() as isize;
    if grow == 0 || !token(old) || !token(&edit.insert) {
        return edit;
    }
    let (start, end) = (edit.range.start, edit.range.end);
    let spaces = |bytes: &mut dyn Iterator<Item = &u8>| bytes.take_while(|b| **b == b' ').count();
    let resized = |run: usize, least: usize| {
        " ".repeat(usize::try_from(run as isize - grow).unwrap_or(0).max(least))
    };
    if is_number(old) && is_number(&edit.insert) {
        let run = spaces(&mut text.as_bytes()[..start].iter().rev());
        let before = text.as_bytes()[..start - run].last().copied();
        let at_line_start = matches!(before, None | Some(b'\n' | b'\r'));
        if run == 0 || before == Some(b'\t') {
            return edit;
        }
        let mut insert = resized(run, usize::from(!at_line_start));
        insert.push_str(&edit.insert);
        TextEdit::replace(start - run..end, insert)
    } else {
        let run = spaces(&mut text.as_bytes()[end..].iter());
        let after = text.as_bytes().get(end + run).copied();
        if run == 0 || matches!(after, None | Some(b'\n' | b'\r' | b'\t' | b'#')) {
            return edit;
        }
        let mut insert = edit.insert;
        insert.push_str(&resized(run, 1));
        TextEdit::replace(start..end + run, insert)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::apply_edits;

    #[test]
    fn lines_end_where_each_game_ends_them() {
        let text = "a\r\nb\rc\n\nd";
        let spans = |breaks| {
            lines(text, breaks)
                .iter()
                .map(|l| &text[l.start..l.end])
                .collect::<Vec<_>>()
        };
        assert_eq!(spans(Breaks::Any), ["a", "b", "c", "", "d"]);
        assert_eq!(spans(Breaks::Lf), ["a", "b\rc", "", "d"]);
        assert_eq!(lines("x\n", Breaks::Any).len(), 1);
        assert!(lines("", Breaks::Any).is_empty());
    }

    #[test]
    fn a_value_of_another_width_keeps_its_column() {
        let text = "1 Desert  8 ARROWS    2 ARCH\n7\tD\t8\n";
        // The first token `token` starts, replaced by `new`.
        let kept = |token: &str, new: &str| {
            let start = text.find(token).unwrap();
            let end = start + token.split([' ', '\t']).next().unwrap().len();
            let edit = keep_column(text, TextEdit::replace(start..end, new));
            apply_edits(text, &[edit]).unwrap()
        };
        // A word gives its spaces to the field after it, or takes them.
        assert!(kept("Desert", "Brush").starts_with("1 Brush   8 ARROWS"));
        assert!(kept("Desert", "Mountains").starts_with("1 Mountains 8"));
        // A number ends where it ended.
        assert!(kept("2 ARCH", "1000").starts_with("1 Desert  8 ARROWS 1000 ARCH"));
        // Tabs align by themselves; the last field has nothing after it to keep.
        assert!(kept("D\t", "Bx").contains("7\tBx\t8"));
        assert!(kept("ARCH", "BLOCK").contains("2 BLOCK\n"));
    }

    #[test]
    fn respacing_changes_only_blanks() {
        let old = "  1\t 22   3  ";
        let new = "1 22 3";
        let mut edits = Vec::new();
        assert!(respace(10, old, new, &mut edits));
        assert_eq!(edits.len(), 4);
        let shifted: Vec<TextEdit> = edits
            .iter()
            .map(|e| TextEdit::replace(e.range.start - 10..e.range.end - 10, e.insert.clone()))
            .collect();
        assert_eq!(apply_edits(old, &shifted).as_deref(), Some(new));
        // Already so: no edit.
        let mut none = Vec::new();
        assert!(respace(0, new, new, &mut none));
        assert!(none.is_empty());
        // Another character, or a blank splitting a token, is refused.
        assert!(!respace(0, "1 2", "1 3", &mut none));
        assert!(!respace(0, "12", "1 2", &mut none));
        assert!(none.is_empty());
        // æ is not a blank, whatever its bytes.
        assert!(respace(0, "æ  ø", "æ ø", &mut none));
        assert_eq!(none, [TextEdit::replace(2..4, " ")]);
    }
}
