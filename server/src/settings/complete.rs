//! Completion in `retroboard.toml`: the sections' names, each section's keys, the levels of a
//! rule, the format ids of `[files]`, and every code where one is expected (a `[rules]` key, a
//! key of an override's `rules`, a `[[suppress]]` entry's `code`), each with its summary.

use std::ops::Range;

use super::{COLOSSUS_VERSIONS, PEG_VERSIONS};
use crate::answers::{Completion, CompletionKind, inert_markdown};
use crate::registry::FormatId;

/// The sections, as their headers are written, and what each holds.
const SECTIONS: [(&str, &str); 5] = [
    ("[rules]", "the severity of a code, or off"),
    ("[[overrides]]", "rules for some files only"),
    (
        "[files]",
        "what a folder's check reads, and the format of some files",
    ),
    ("[[suppress]]", "silences one finding at its place"),
    ("[game]", "the versions of the games the files are read for"),
];

/// What a rule sets a code to.
pub(super) const LEVELS: [(&str, &str); 5] = [
    ("error", "reported as an error: check fails"),
    ("warning", "reported as a warning"),
    ("information", "reported as a note"),
    ("hint", "reported as a hint"),
    ("off", "not reported"),
];

/// What can be written at byte `offset` of a settings file's `text`.
pub fn completions(text: &str, offset: usize) -> Vec<Completion> {
    if !text.is_char_boundary(offset) {
        return Vec::new();
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
    let before = &text[line_start..offset];
    if outside_quotes(before).any(|(_, c)| c == '#') {
        return Vec::new(); // a comment
    }
    // The word at the cursor: what a code, a key or a value is made of.
    let is_word = |c: char| c.is_alphanumeric() || "/-_.".contains(c);
    let start = offset
        - before
            .chars()
            .rev()
            .take_while(|c| is_word(*c))
            .map(char::len_utf8)
            .sum::<usize>();
    let end = offset
        + text[offset..]
            .chars()
            .take_while(|c| is_word(*c))
            .map(char::len_utf8)
            .sum::<usize>();
    let head = &text[line_start..start];
    let quoted = head.ends_with(['"', '\'']);
    if let Some(bracket) = head.find('[').filter(|b| head[..*b].trim().is_empty()) {
        // A section's header being written: replaced whole, with its closing brackets.
        let closing = text[end..].chars().take_while(|c| *c == ']').count();
        let range = line_start + bracket..end + closing;
        return sections(&range, false);
    }
    let section = section_at(&text[..line_start]);
    let (key, value) = match outside_quotes(head).find(|(_, c)| *c == '=') {
        Some((at, _)) => (head[..at].trim(), Some(&head[at + 1..])),
        None => (head.trim(), None),
    };
    let range = start..end;
    let key = key.trim_matches(['"', '\'']);
    let items = match (section.as_deref(), value) {
        (Some("rules"), None) => codes(&range, quoted, false),
        (Some("rules"), Some(_)) => levels(&range, quoted),
        (Some("overrides"), None) => keys(
            &range,
            &[("files", "the files' globs"), ("rules", "their rules")],
        ),
        (Some("overrides"), Some(value)) if key == "rules" => {
            // An inline table: a code after `{` or `,`, a level after its `=`.
            match outside_quotes(value)
                .filter(|(_, c)| "{,=".contains(*c))
                .last()
            {
                Some((_, '=')) => levels(&range, quoted),
                Some(_) => codes(&range, quoted, false),
                None => Vec::new(),
            }
        }
        (Some("files"), None) => keys(
            &range,
            &[
                ("include", "a folder's check reads only these files"),
                ("exclude", "and never these"),
            ],
        ),
        (Some("files"), Some(_)) if key != "include" && key != "exclude" => formats(&range, quoted),
        (Some("suppress"), None) => keys(&range, &super::SUPPRESS_KEYS),
        (Some("suppress"), Some(_)) if key == "code" => codes(&range, quoted, true),
        (Some("game"), None) => keys(
            &range,
            &[
                (
                    "colossus",
                    "the Colossus version: auto, 2002-02, 2002-11 or 2003-10",
                ),
                ("peg", "the peg solitaire game: auto, rev11 or final"),
            ],
        ),
        (Some("game"), Some(_)) => match key {
            "colossus" => versions(&range, quoted, &COLOSSUS_VERSIONS),
            "peg" => versions(&range, quoted, &PEG_VERSIONS),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    // At a line's start, a new section may begin too.
    if value.is_none() && head.trim().is_empty() {
        let mut items = items;
        items.extend(sections(&range, true));
        // In the order made: the section's keys, then the sections.
        for (rank, item) in items.iter_mut().enumerate() {
            item.sort = Some(format!("{rank:04}"));
        }
        return items;
    }
    items
}

/// The characters of a line's start outside quoted strings, with their offsets.
fn outside_quotes(line: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    line.char_indices().filter(move |&(_, c)| {
        let outside = quote.is_none() && !matches!(c, '"' | '\'');
        match quote {
            Some('"') if escaped => escaped = false,
            Some('"') if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            None if matches!(c, '"' | '\'') => quote = Some(c),
            _ => {}
        }
        outside
    })
}

/// The section that the text before a line leaves open: the name of its last header.
fn section_at(before: &str) -> Option<String> {
    let header = before
        .lines()
        .rev()
        .map(str::trim_start)
        .find(|line| line.starts_with('['))?;
    let name = header.trim_start_matches('[');
    let name = &name[..name.find(']')?];
    Some(name.trim().to_string())
}

/// `value` as written at `range`: bare after an opening quote, else in quotes.
fn insert(value: &str, quoted: bool) -> Option<String> {
    (!quoted).then(|| format!("\"{value}\""))
}

/// The sections' headers; `by_name`: typed without the bracket, matched by the name.
fn sections(range: &Range<usize>, by_name: bool) -> Vec<Completion> {
    SECTIONS
        .iter()
        .enumerate()
        .map(|(rank, (header, detail))| {
            let mut item = Completion::new(*header, CompletionKind::Keyword, range.clone())
                .detail(*detail)
                .rank(rank);
            if by_name {
                item.filter = Some(header.trim_matches(['[', ']']).to_string());
            }
            item
        })
        .collect()
}

fn keys(range: &Range<usize>, keys: &[(&str, &str)]) -> Vec<Completion> {
    keys.iter()
        .enumerate()
        .map(|(rank, (key, detail))| {
            let mut item = Completion::new(*key, CompletionKind::Keyword, range.clone())
                .detail(*detail)
                .rank(rank);
            item.insert = Some(format!("{key} = "));
            item
        })
        .collect()
}

fn levels(range: &Range<usize>, quoted: bool) -> Vec<Completion> {
    LEVELS
        .iter()
        .enumerate()
        .map(|(rank, (level, detail))| {
            let mut item = Completion::new(*level, CompletionKind::Value, range.clone())
                .detail(*detail)
                .rank(rank);
            item.insert = insert(level, quoted);
            item
        })
        .collect()
}

/// The versions a `[game]` key takes, with what each means.
fn versions<T>(
    range: &Range<usize>,
    quoted: bool,
    versions: &[(&str, Option<T>, &str)],
) -> Vec<Completion> {
    versions
        .iter()
        .enumerate()
        .map(|(rank, (version, _, detail))| {
            let mut item = Completion::new(*version, CompletionKind::Value, range.clone())
                .detail(*detail)
                .rank(rank);
            item.insert = insert(version, quoted);
            item
        })
        .collect()
}

fn formats(range: &Range<usize>, quoted: bool) -> Vec<Completion> {
    FormatId::ALL
        .iter()
        .map(|format| {
            let mut item = Completion::new(format.as_str(), CompletionKind::Value, range.clone())
                .detail(format.title());
            item.insert = insert(format.as_str(), quoted);
            item
        })
        .collect()
}

/// Every code a rule (or, with `suppress`, a `[[suppress]]` entry) can name.
fn codes(range: &Range<usize>, quoted: bool, suppress: bool) -> Vec<Completion> {
    super::file::codes(suppress)
        .map(|doc| {
            let mut item = Completion::new(doc.name, CompletionKind::Value, range.clone())
                .detail(doc.summary)
                .documentation(inert_markdown(doc.docs));
            item.insert = insert(doc.name, quoted);
            item
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels offered where `|` stands in `text`, and the text each item replaces.
    fn offered(text: &str) -> Vec<(String, String)> {
        let offset = text.find('|').unwrap();
        let text = text.replace('|', "");
        completions(&text, offset)
            .into_iter()
            .map(|item| (item.label, text[item.range].to_string()))
            .collect()
    }

    fn labels(text: &str) -> Vec<String> {
        offered(text).into_iter().map(|(label, _)| label).collect()
    }

    #[test]
    fn a_section_header_is_replaced_whole_with_its_brackets() {
        assert_eq!(
            offered("[rules]\n[[sup|]]\n"),
            SECTIONS.map(|(s, _)| (s.to_string(), "[[sup]]".to_string()))
        );
    }

    #[test]
    fn an_override_inline_table_takes_a_code_then_a_level() {
        let before = "[[overrides]]\nfiles = [\"x/**\"]\nrules = { \"othello/chip-total\" = ";
        assert_eq!(
            labels(&format!("{before}\"|\" }}\n")),
            LEVELS.map(|(l, _)| l.to_string())
        );
        let codes = labels(&format!("{before}\"off\", \"|\" }}\n"));
        assert!(
            codes.contains(&"othello/chip-total".to_string()),
            "{codes:?}"
        );
    }

    #[test]
    fn a_value_unquoted_is_inserted_in_quotes_and_a_typed_word_replaced() {
        let text = "[rules]\n\"othello/chip-total\" = war\n";
        let items = completions(text, text.find("war").unwrap() + 3);
        let warning = items.iter().find(|i| i.label == "warning").unwrap();
        assert_eq!(&text[warning.range.clone()], "war");
        assert_eq!(warning.insert.as_deref(), Some("\"warning\""));
    }

    #[test]
    fn nothing_in_a_comment_in_a_glob_or_in_a_reason() {
        assert_eq!(labels("[rules]\n# \"oth|\n"), Vec::<String>::new());
        assert_eq!(labels("[files]\ninclude = [\"|\"]\n"), Vec::<String>::new());
        assert_eq!(
            labels("[game]\ncolossus = \"|\"\n"),
            ["auto", "2002-02", "2002-11", "2003-10"]
        );
        assert_eq!(labels("[game]\npeg = |\n"), ["auto", "rev11", "final"]);
        assert_eq!(
            labels("[game]\n|").first().map(String::as_str),
            Some("colossus")
        );
        assert_eq!(
            labels("[[suppress]]\nreason = \"|\"\n"),
            Vec::<String>::new()
        );
        // A `#` inside a string is no comment.
        let codes = labels("[[suppress]]\nfile = \"#1.pat\"\n[[suppress]]\ncode = \"|\"\n");
        assert!(codes.contains(&"patience/foundation-value".to_string()));
    }
}
