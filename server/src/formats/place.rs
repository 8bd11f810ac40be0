//! Logical places: where a finding stands in the terms of its game, so that a `[[suppress]]`
//! entry of `retroboard.toml` still names the same thing after edits elsewhere in the file.
//!
//! | place                    | formats              | what it names                                   |
//! |--------------------------|----------------------|-------------------------------------------------|
//! | `file`                   | all                  | a finding about the whole file                  |
//! | `line-text:TEXT`         | all                  | the line whose text, blanks collapsed, is TEXT  |
//! | `name`                   | Patience             | line 1, the game's name                         |
//! | `header`                 | Patience, peg        | the counts line; a peg board's header lines     |
//! | `pile:N`                 | Patience             | pile N as the game counts them (1 = the stock)  |
//! | `line:N`                 | Othello              | line N of the file (1-based), outside the board |
//! | `board`                  | Othello, peg, Crossmines | anything on the board (or pattern grid)    |
//! | `square:D4`              | Othello              | board square D4, or D4 in the used squares      |
//! | `cell:ROW:COL`           | peg, Crossmines      | 1-based: board row, element in it (dots counted) / grid line, column |
//! | `registered-id` … `repeat-size-y` | Crossmines  | a header field, by name                         |
//!
//! A finding has several places, most precise first (`square:D4`, `board`, `line-text:…`); an
//! entry silences it when its place is one of them. Each family computes its own places
//! ([`super::Format::places`]); this module adds the generic ones and reads an entry's place.

use std::ops::Range;

use super::Format;
use crate::syntax::Document;

/// Every place a finding at `range` of `doc` has, most precise first: the format's own, then
/// `file` (for a finding about the whole file) and `line-text:…`.
pub fn places(format: &dyn Format, doc: &Document, range: &Range<usize>) -> Vec<String> {
    let mut places = format.places(doc, range);
    let rope = doc.rope();
    let len = rope.len_bytes();
    if range.is_empty() && range.start == 0 {
        places.push("file".to_string());
    }
    let start = range.start.min(len);
    if start < len || len == 0 || !range.is_empty() {
        let line = rope.line(rope.byte_to_line(start));
        let text: std::borrow::Cow<str> = line.into();
        places.push(format!("line-text:{}", collapse(&text)));
    }
    places
}

/// A line's text with blanks collapsed: words joined by one space.
pub fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An entry's place as written, read: its normal form (what [`places`] gives a finding there),
/// or why it is no place.
pub fn parse(written: &str) -> Result<String, String> {
    let trimmed = written.trim();
    if let Some(text) = trimmed.strip_prefix("line-text:") {
        let text = collapse(text);
        if text.is_empty() {
            return Err("“line-text:” needs the line's text after it".to_string());
        }
        return Ok(format!("line-text:{text}"));
    }
    let lower = trimmed.to_ascii_lowercase();
    if matches!(lower.as_str(), "file" | "name" | "header" | "board") {
        return Ok(lower);
    }
    if super::crossmines::place::is_field(&lower) {
        return Ok(lower);
    }
    let number = |n: &str| n.parse::<usize>().ok().filter(|n| *n >= 1);
    if let Some(n) = lower.strip_prefix("pile:") {
        return number(n).map(|n| format!("pile:{n}")).ok_or_else(|| {
            format!("“{trimmed}”: a pile is a number from 1 (the stock), as “pile:7”")
        });
    }
    if let Some(n) = lower.strip_prefix("line:") {
        return number(n)
            .map(|n| format!("line:{n}"))
            .ok_or_else(|| format!("“{trimmed}”: a line is a number from 1, as “line:2”"));
    }
    if let Some(square) = lower.strip_prefix("square:") {
        let mut chars = square.chars();
        return match (chars.next(), chars.next(), chars.next()) {
            (Some(c @ 'a'..='h'), Some(r @ '1'..='8'), None) => {
                Ok(format!("square:{}{r}", c.to_ascii_uppercase()))
            }
            _ => Err(format!(
                "“{trimmed}”: a square is a column A–H and a row 1–8, as “square:D4”"
            )),
        };
    }
    if let Some(cell) = lower.strip_prefix("cell:") {
        return match cell.split_once(':') {
            Some((row, column)) if number(row).is_some() && number(column).is_some() => {
                Ok(format!(
                    "cell:{}:{}",
                    number(row).unwrap_or(1),
                    number(column).unwrap_or(1)
                ))
            }
            _ => Err(format!(
                "“{trimmed}”: a cell is its row and column, both from 1, as “cell:3:5”"
            )),
        };
    }
    Err(format!(
        "\u{201c}{trimmed}\u{201d} is no place: write file, line-text:TEXT, name, header, board, \
pile:N, line:N, square:D4, cell:ROW:COL or a Crossmines header field (as large-grid-size-x)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_read_in_their_normal_form() {
        for (written, read) in [
            ("pile:7", "pile:7"),
            (" Square:d4 ", "square:D4"),
            ("cell:03:5", "cell:3:5"),
            ("line:2", "line:2"),
            ("BOARD", "board"),
            ("large-grid-size-x", "large-grid-size-x"),
            ("line-text:  6  4   120 0 ", "line-text:6 4 120 0"),
        ] {
            assert_eq!(parse(written).as_deref(), Ok(read), "{written}");
        }
        for wrong in ["pile:0", "square:J9", "cell:3", "line-text:  ", "row:3", ""] {
            assert!(parse(wrong).is_err(), "{wrong}");
        }
    }
}
