//! Which of the nine formats a file is: by path first, then by content (DESIGN.md, "Telling
//! formats apart"). Only the first lines are looked at, so detection is cheap on every edit.

use std::path::Path;

use crate::formats::FormatId;

/// The format of a file with this path (if known) and text, or `None` when it is none of them.
pub fn detect(path: Option<&Path>, text: &str) -> Option<FormatId> {
    let extension = path
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("map") => return Some(FormatId::ColossusMap),
        Some("ter") => return Some(FormatId::ColossusTer),
        Some("cre") => return Some(FormatId::ColossusCre),
        Some("var") => return Some(FormatId::ColossusVar),
        Some("tes") => return Some(FormatId::CrossminesPattern),
        Some("pat") => {
            return Some(if second_nonblank_line_is_two_integers(text) {
                FormatId::PatienceGame
            } else {
                FormatId::CrossminesPattern
            });
        }
        Some("brd") => {
            return Some(if has_peg_header(text) {
                FormatId::PegBrd
            } else {
                FormatId::OthelloBord
            });
        }
        Some("bord") => return Some(FormatId::OthelloBord),
        None if path.is_some_and(in_battlelands_folder) => {
            return Some(FormatId::ColossusBattleland);
        }
        _ => {}
    }
    has_bord_shape(text).then_some(FormatId::OthelloBord)
}

fn in_battlelands_folder(path: &Path) -> bool {
    path.parent()
        .and_then(Path::file_name)
        .is_some_and(|name| name == "Battlelands")
}

/// The first lines of a text, split as LSP splits lines (CRLF, LF or a lone CR).
fn first_lines(text: &str, count: usize) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.find(['\r', '\n']) {
            Some(end) => {
                let break_len = if current[end..].starts_with("\r\n") {
                    2
                } else {
                    1
                };
                rest = Some(&current[end + break_len..]);
                Some(&current[..end])
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
    .take(count)
}

fn is_integer(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A Patience definition's second line is `decks piles`.
fn second_nonblank_line_is_two_integers(text: &str) -> bool {
    let Some(line) = first_lines(text, 64)
        .filter(|l| !l.trim().is_empty())
        .nth(1)
    else {
        return false;
    };
    let fields: Vec<&str> = line.split_whitespace().collect();
    fields.len() == 2 && fields.iter().all(|f| is_integer(f))
}

/// A peg board starts with the v1 header `1`, `D|N`, `~` (line breaks may stand between, as the
/// game strips them) or with the v2 header line `version 2` (any case).
fn has_peg_header(text: &str) -> bool {
    let mut head = text.chars().filter(|c| *c != '\r' && *c != '\n');
    let v1 = head.next() == Some('1')
        && matches!(head.next(), Some('D' | 'N'))
        && head.next() == Some('~');
    v1 || first_lines(text, 1)
        .next()
        .is_some_and(|line| line.trim_end().eq_ignore_ascii_case("version 2"))
}

/// Two numbers, a used-squares line and a 64-square board line: a Super Othello board.
pub fn has_bord_shape(text: &str) -> bool {
    let lines: Vec<&str> = first_lines(text, 4).collect();
    lines.len() == 4
        && is_integer(lines[0].trim())
        && is_integer(lines[1].trim())
        && lines[2].trim().chars().all(|c| c.is_ascii_alphanumeric())
        && lines[3].trim().chars().count() == 64
}

#[cfg(test)]
mod tests {
    use super::*;
    use FormatId::*;

    fn at(path: &str, text: &str) -> Option<FormatId> {
        detect(Some(Path::new(path)), text)
    }

    #[test]
    fn by_extension_and_folder() {
        assert_eq!(at("v/Default.map", ""), Some(ColossusMap));
        assert_eq!(at("v/Default.TER", ""), Some(ColossusTer));
        assert_eq!(at("v/x.cre", ""), Some(ColossusCre));
        assert_eq!(at("v/x.var", ""), Some(ColossusVar));
        assert_eq!(at("v/Battlelands/Brush", ""), Some(ColossusBattleland));
        assert_eq!(at("v/Other/Brush", ""), None);
        assert_eq!(at("patterns/BigHex.tes", ""), Some(CrossminesPattern));
        assert_eq!(at("x.bord", ""), Some(OthelloBord));
    }

    #[test]
    fn pat_by_second_nonblank_line() {
        assert_eq!(
            at("Mysteriet.pat", "Mysteriet\r\n\r\n  2  34\r\n104 4"),
            Some(PatienceGame)
        );
        assert_eq!(at("a.pat", "1\nJohn\n4 and 8\n"), Some(CrossminesPattern));
        assert_eq!(at("a.pat", "Name\n2 3 4\n"), Some(CrossminesPattern));
        assert_eq!(at("a.pat", ""), Some(CrossminesPattern));
        assert_eq!(at("a.pat", "Name\n\n\n1 2\n"), Some(PatienceGame));
        assert_eq!(at("a.pat", "Name\r\r1 2\r"), Some(PatienceGame));
    }

    #[test]
    fn brd_by_header() {
        assert_eq!(at("a.brd", "1D~\r\nXX222XXX!"), Some(PegBrd));
        assert_eq!(at("a.brd", "1\r\nN\r\n~EEE!"), Some(PegBrd));
        assert_eq!(at("a.brd", "Version 2\r\nMode: Normal\r\n"), Some(PegBrd));
        assert_eq!(at("a.brd", "VERSION 2  \n"), Some(PegBrd));
        assert_eq!(at("a.brd", "16\r16\r\rW"), Some(OthelloBord));
    }

    #[test]
    fn bord_shape_without_extension() {
        let board = format!(
            "28\r4\rD4E5\r{}\r(c) me\r",
            "0".repeat(27) + "WB" + &"0".repeat(35)
        );
        assert_eq!(at("Boards/Opening", &board), Some(OthelloBord));
        assert_eq!(detect(None, &board), Some(OthelloBord));
        assert_eq!(at("notes", "hello\nworld\n"), None);
    }
}
