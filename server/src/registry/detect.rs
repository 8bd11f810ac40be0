//! Which of the nine formats a file is, by the evidence each [`super::Entry`] gives: the path
//! first (extension, or folder for extension-less files), then the content. Where two formats
//! share a path (`.pat`, `.brd`), each candidate gets a score from the evidence of the whole
//! head of the file, not from one line, so a slip in a header line does not turn the file into
//! another game.
//!
//! The same rules, constants and scores are written twice more, line for line: in the VS Code
//! extension (vscode-extension/src/sniff.ts) and in the Neovim plugin
//! (nvim/lua/retroboard/detect.lua). All three pass the shared table of cases
//! tests/detection/cases.json (tests/detection.rs, vscode-extension/test/detection.test.ts,
//! tests/nvim/main.lua), and tests/registry.rs checks their lists of formats and extensions.

use std::path::Path;

use super::{FORMATS, FormatId};

/// Detection reads the first [`HEAD_LINES`] lines of the first [`HEAD_BYTES`] bytes.
pub const HEAD_BYTES: usize = 8192;
pub const HEAD_LINES: usize = 64;

/// The format of a file with this path (if known) and text, or `None` when it is none of them.
pub fn detect(path: Option<&Path>, text: &str) -> Option<FormatId> {
    let extension = path
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension {
        Some(extension) => {
            let mut candidates = FORMATS
                .iter()
                .filter(|e| e.evidence.extensions.contains(&extension.as_str()));
            let first = candidates.next()?;
            let mut rest = candidates.peekable();
            if rest.peek().is_none() {
                return Some(first.id);
            }
            let lines = head_lines(text);
            let score = |entry: &super::Entry| entry.evidence.score.map_or(0, |f| f(&lines));
            let mut best = (first.id, score(first));
            for entry in rest {
                let points = score(entry);
                if points > best.1 {
                    best = (entry.id, points);
                }
            }
            Some(best.0)
        }
        None => {
            let folder = path
                .and_then(Path::parent)
                .and_then(Path::file_name)
                .and_then(|name| name.to_str());
            let in_folder = FORMATS
                .iter()
                .find(|e| folder.is_some() && e.evidence.folder == folder);
            in_folder
                .or_else(|| {
                    FORMATS
                        .iter()
                        .find(|e| e.evidence.shape.is_some_and(|shape| shape(text)))
                })
                .map(|e| e.id)
        }
    }
}

/// Whether a file may be read as `format` (forced on it by settings, `--as` or an editor's
/// language): false where its path or its head makes it another format. Where it does, the
/// file has another reading than the checks of `format` give it, and no fix is made unasked.
pub fn fits(format: FormatId, path: Option<&Path>, text: &str) -> bool {
    let found = detect(path, text).or_else(|| {
        // No extension or folder of ours: the format whose content evidence is strongest.
        let lines = head_lines(text);
        FORMATS
            .iter()
            .filter_map(|e| Some((e.id, e.evidence.score?(&lines))))
            .filter(|&(_, points)| points > 0)
            .max_by_key(|&(_, points)| points)
            .map(|(id, _)| id)
    });
    found.is_none_or(|found| found == format)
}

/// The head of a text, split as LSP splits lines (CRLF, LF or a lone CR).
fn head_lines(text: &str) -> Vec<&str> {
    let mut cut = text.len().min(HEAD_BYTES);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut rest = Some(&text[..cut]);
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
    .take(HEAD_LINES)
    .collect()
}

fn is_integer(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Patience: 2 for a second non-blank line `decks piles`, 2 for each pile row (a line with at
/// least 6 whole numbers: a pile has 11).
pub(super) fn patience_score(lines: &[&str]) -> u32 {
    let decks_piles = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .nth(1)
        .is_some_and(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            fields.len() == 2 && fields.iter().all(|f| is_integer(f))
        });
    let pile_rows = lines
        .iter()
        .filter(|l| l.split_whitespace().filter(|f| is_integer(f)).count() >= 6)
        .count();
    2 * u32::from(decks_piles) + 2 * count(pile_rows)
}

/// Crossmines: 1 for each line that is one word of grid characters (the ID and size lines, the
/// grid rows).
pub(super) fn crossmines_score(lines: &[&str]) -> u32 {
    let grid_like = |l: &&&str| {
        let word = l.trim();
        !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '#' | ','))
    };
    count(lines.iter().filter(grid_like).count())
}

/// Peg solitaire: 3 for a v1 header `1`, `D|N`, `~` at the start (line breaks may stand
/// between, as the game deletes them), 2 for each line starting with `version` or `mode` (any
/// case), 1 for each row of v1 elements (3 or more of `X E 1 2 3 * > ! ~`) or of v2 elements
/// (`* r y g e` in either case, once blanks and dots are deleted).
pub(super) fn peg_score(lines: &[&str]) -> u32 {
    let joined: String = lines.concat();
    let v1_header = joined.starts_with("1D~") || joined.starts_with("1N~");
    let header_lines = lines
        .iter()
        .filter(|l| {
            let word = l.trim_start().to_ascii_lowercase();
            word.starts_with("version") || word.starts_with("mode")
        })
        .count();
    let rows = lines
        .iter()
        .filter(|l| {
            let v1 = l.len() >= 3 && l.chars().all(|c| "XE123*>!~".contains(c));
            let v2: Vec<char> = l.chars().filter(|c| !matches!(c, ' ' | '.')).collect();
            v1 || (!v2.is_empty() && v2.iter().all(|c| "*rygeRYGE".contains(*c)))
        })
        .count();
    3 * u32::from(v1_header) + 2 * count(header_lines) + count(rows)
}

/// Super Othello: 1 each for a whole number on lines 1 and 2, 1 for a used-squares line 3 of
/// letters and digits, 2 for a board line 4 of 64 characters.
pub(super) fn othello_score(lines: &[&str]) -> u32 {
    let line = |n: usize| lines.get(n).map_or("", |l| l.trim());
    let board = line(3).chars().count() == 64 && !line(3).contains(char::is_whitespace);
    u32::from(is_integer(line(0)))
        + u32::from(is_integer(line(1)))
        + u32::from(lines.len() > 2 && line(2).chars().all(|c| c.is_ascii_alphanumeric()))
        + 2 * u32::from(board)
}

/// An extension-less file is a Super Othello board when its line 4 is a board and most of the
/// other lines fit (score 4 of 5: one count line may be wrong).
pub fn has_bord_shape(text: &str) -> bool {
    let lines = head_lines(text);
    let board = lines.get(3).is_some_and(|l| l.trim().chars().count() == 64);
    board && othello_score(&lines) >= 4
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
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
