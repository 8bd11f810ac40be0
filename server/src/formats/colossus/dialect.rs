//! The later text dialects of Colossus (2002-11 and 2003-10, see NOTES.md §5.4) and the one
//! lexical trap all five loaders share.
//!
//! A file in a later dialect gets one `colossus/unsupported-dialect` note instead of a flood of
//! errors. The signs are features the 2002-02 format never had; where a sign could also be a
//! typo (a terrain name where a letter belongs), most records must show it.

use std::ops::Range;

use crate::findings::{Finding, Fix, Severity, TextEdit, line_break};
use crate::syntax::Document;

const CODE: &str = "colossus/unsupported-dialect";

/// Lines of a file without comments, with their byte ranges.
fn lines(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |raw| {
        let range = start..start + raw.trim_end_matches(['\n', '\r']).len();
        start += raw.len();
        let content = raw.split('#').next().unwrap_or("");
        (range, content)
    })
}

fn note(doc: &Document, range: Range<usize>, dialect: &str, sign: &str) -> Finding {
    let line = doc.rope().byte_to_line(range.start) + 1;
    Finding::new(
        Severity::Information,
        CODE,
        range,
        format!(
            "this file is written in a later Colossus format ({dialect}: {sign}, line {line}); \
Retroboard checks the 2002-02 format of the Colossus documentation and does not check this file"
        ),
    )
}

fn is_word(token: &str) -> bool {
    token.len() >= 2
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '"')
        && token.starts_with(|c: char| c.is_ascii_alphabetic() || c == '"')
}

/// How many records a text has, how many of them show a sign, and the first that does.
#[derive(Clone, Default)]
struct Signs {
    records: usize,
    signed: usize,
    first: Option<Range<usize>>,
}

impl Signs {
    /// The signs of `text`, its ranges counted from its start.
    fn of(text: &str, mut sign: impl FnMut(&[&str]) -> bool) -> Signs {
        let mut signs = Signs::default();
        for (range, content) in lines(text) {
            let tokens: Vec<&str> = content.split_whitespace().collect();
            if tokens.is_empty() {
                continue;
            }
            signs.records += 1;
            if sign(&tokens) {
                signs.signed += 1;
                signs.first.get_or_insert(range);
            }
        }
        signs
    }

    /// The first line showing the sign, when it is in most of the records (`mostly`) or
    /// anywhere.
    fn found(self, mostly: bool) -> Option<Range<usize>> {
        if mostly && self.signed * 2 <= self.records {
            return None;
        }
        self.first
    }
}

/// The first line showing a sign, when the sign is in most of the records (`mostly`) or anywhere.
fn find(doc: &Document, mostly: bool, sign: impl FnMut(&[&str]) -> bool) -> Option<Range<usize>> {
    Signs::of(&doc.rope().to_string(), sign).found(mostly)
}

fn has_quote_or_special(tokens: &[&str]) -> bool {
    tokens
        .iter()
        .any(|t| t.contains('"') || t.starts_with("Special:"))
}

pub fn map(doc: &Document) -> Option<Finding> {
    let terrain_name = |t: &[&str]| t.len() > 2 && is_word(t[1]);
    find(doc, true, terrain_name)
        .map(|r| note(doc, r, "2003-10", "terrain names instead of letters"))
}

pub fn ter(doc: &Document) -> Option<Finding> {
    let later_keyword =
        |t: &[&str]| matches!(t[0], "TITANIMPROVE" | "TITANTELEPORT") || has_quote_or_special(t);
    if let Some(r) = find(doc, false, later_keyword) {
        return Some(note(
            doc,
            r,
            "2002-11",
            "TITANIMPROVE, TITANTELEPORT, Special: or quoted names",
        ));
    }
    let no_letter = |t: &[&str]| {
        t[0] != "ACQUIRABLE"
            && is_word(t[0])
            && t.get(2).is_some_and(|b| *b == "true" || *b == "false")
    };
    find(doc, true, no_letter).map(|r| note(doc, r, "2003-10", "terrain lines without a letter"))
}

pub fn cre(doc: &Document) -> Option<Finding> {
    let sixteen_natives = |t: &[&str]| t.len() > 18 || has_quote_or_special(t);
    let found = find(doc, true, sixteen_natives);
    found.map(|r| note(doc, r, "2002-11", "creature lines with more than 18 fields"))
}

pub fn battleland(doc: &Document) -> Option<Finding> {
    let keyword = |t: &[&str]| matches!(t[0], "STARTLIST" | "SUBTITLE" | "TOWER");
    if let Some(r) = find(doc, false, keyword) {
        return Some(note(
            doc,
            r,
            "2002-11",
            "STARTLIST, SUBTITLE or TOWER lines",
        ));
    }
    let river = |t: &[&str]| t.len() > 4 && t[4..].iter().skip(1).step_by(2).any(|s| *s == "r");
    if let Some(r) = find(doc, false, river) {
        return Some(note(doc, r, "2002-11", "river hexsides (r)"));
    }
    let terrain_name = |t: &[&str]| t.len() > 2 && is_word(t[2]);
    find(doc, true, terrain_name)
        .map(|r| note(doc, r, "2003-10", "hex terrain names instead of letters"))
}

pub fn var(doc: &Document) -> Option<Finding> {
    let later = |t: &[&str]| t[0].starts_with("HINT:") || t[0].starts_with("MAXPLAYERS:");
    find(doc, false, later).map(|r| note(doc, r, "2002-11", "HINT: or MAXPLAYERS: records"))
}

/// The game's comment token must end with a line break: a comment on a last line without one
/// is a lexical error, which the game does not catch (it crashes).
pub fn check_final_comment(doc: &Document, out: &mut Vec<Finding>) {
    let rope = doc.rope();
    let len = rope.len_bytes();
    if len == 0 || rope.byte(len - 1) == b'\n' {
        return;
    }
    let last_line = rope.len_lines() - 1;
    let start = rope.line_to_byte(last_line);
    let line = doc.slice(start..len);
    if let Some(hash) = line.find('#') {
        out.push(Finding::new(
            Severity::Error,
            "colossus/comment-at-end",
            start + hash..len,
            "a comment on the last line must end with a line break: the game's lexer fails on it \
and the game crashes; press Enter after the comment",
        )
        .with_fix(Some(
            Fix::one("Add a line break", TextEdit::insert(len, line_break(doc.rope()))).preferred(),
        )));
    }
}
