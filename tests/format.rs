//! Formatting, data-driven: each `<name>.before` under `tests/format/` formatted (read as the
//! file `<name>` in its folder, in its own encoding) gives exactly the bytes of `<name>.after`
//! (`UPDATE_EXPECT=1 cargo test --test format` rewrites them). And, over these, the check
//! fixtures and the real-file corpus: a formatted file means what it meant (the same findings,
//! outline and board), keeps its line endings, and formatting it again changes nothing; a file
//! already formatted gets no edit at all.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use retroboard::analysis::analyze;
use retroboard::answers::Symbol;
use retroboard::findings::apply_edits;
use retroboard::formats::DiskFiles;
use retroboard::formatting::{format, format_range};
use retroboard::registry::detect;
use retroboard::syntax::Document;
use retroboard::text;

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/fixtures.rs"]
mod support_fixtures;

fn root(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(folder)
}

fn document(path: &Path, text: &str) -> Document {
    Document::new(detect(Some(path), text), text).with_path(Some(path.to_path_buf()))
}

/// What a document means, as far as Retroboard reads it: its findings (code, severity and
/// message), its outline (without places) and its board as text.
fn meaning(path: &Path, text: &str) -> (Vec<String>, Vec<String>, String) {
    let doc = document(path, text);
    let mut findings: Vec<String> = analyze(&doc)
        .iter()
        .map(|f| format!("{} {:?} {}", f.code, f.severity, f.message))
        .collect();
    findings.sort();
    fn flat(symbols: &[Symbol], depth: usize, out: &mut Vec<String>) {
        for s in symbols {
            out.push(format!("{depth} {:?} {} {:?}", s.kind, s.name, s.detail));
            flat(&s.children, depth + 1, out);
        }
    }
    let mut outline = Vec::new();
    flat(&retroboard::ide::outline(&doc), 0, &mut outline);
    let board = retroboard::render::preview(&doc, &DiskFiles).text;
    (findings, outline, board)
}

/// The line breaks of a text, in order.
fn breaks(text: &str) -> Vec<&'static str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => {
                out.push("CRLF");
                at += 1;
            }
            b'\r' => out.push("CR"),
            b'\n' => out.push("LF"),
            _ => {}
        }
        at += 1;
    }
    out
}

/// Formats `text` read as `path` and checks what every formatting must keep; the formatted
/// text.
fn format_and_check(path: &Path, text: &str) -> Result<String, String> {
    let edits = format(&document(path, text));
    let formatted = apply_edits(text, &edits).ok_or("edits overlap or lie outside")?;
    let blanks = |s: &str| s.bytes().all(|b| b == b' ' || b == b'\t');
    if let Some(edit) = edits
        .iter()
        .find(|e| !blanks(&e.insert) || !blanks(&text[e.range.clone()]))
    {
        return Err(format!("an edit changes more than blanks: {edit:?}"));
    }
    if breaks(&formatted) != breaks(text) {
        return Err("the line breaks changed".into());
    }
    let again = format(&document(path, &formatted));
    if !again.is_empty() {
        return Err(format!(
            "formatting twice changes it again: {again:?} in\n{formatted}"
        ));
    }
    if !edits.is_empty() && meaning(path, text) != meaning(path, &formatted) {
        return Err(format!(
            "the meaning changed:\n{:#?}\nafter\n{:#?}",
            meaning(path, text),
            meaning(path, &formatted)
        ));
    }
    Ok(formatted)
}

fn before_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    support_fixtures::fixture_files(&root("format"), &mut files);
    files.retain(|p| p.extension().is_some_and(|e| e == "before"));
    files
}

#[test]
fn each_before_file_formats_to_its_after_file() {
    let files = before_files();
    assert!(files.len() >= 8, "the format fixtures are gone: {files:?}");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for before in &files {
        let bytes = std::fs::read(before).unwrap();
        let (text, encoding) = text::decode(&bytes).unwrap();
        let path = before.with_extension("");
        let edits = format(&document(&path, &text));
        assert!(!edits.is_empty(), "{}: nothing to format", before.display());
        let got = text::edit_bytes(&bytes, &text, encoding, &edits).unwrap();
        let after_path = before.with_extension("after");
        if update {
            std::fs::write(&after_path, &got).unwrap();
        }
        let expected = std::fs::read(&after_path).unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "{}: got\n{}\nexpected\n{}",
                before.display(),
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&expected)
            ));
            continue;
        }
        // The result is read in the same encoding, and is formatted already.
        let (after, after_encoding) = text::decode(&expected).unwrap();
        assert_eq!(after_encoding, encoding, "{}", before.display());
        if let Err(why) = format_and_check(&path, &text) {
            failures.push(format!("{}: {why}", before.display()));
        }
        let again = format(&document(&path, &after));
        if !again.is_empty() {
            failures.push(format!("{}: edits {again:?}", after_path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every check fixture of a format that is formatted, and the format fixtures, as texts.
fn all_texts() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for before in before_files() {
        let (text, _) = text::decode(&std::fs::read(&before).unwrap()).unwrap();
        out.push((before.with_extension(""), text));
    }
    let mut fixtures = Vec::new();
    support_fixtures::fixture_files(&root("fixtures"), &mut fixtures);
    for path in fixtures {
        if let Ok((text, _)) = text::decode(&std::fs::read(&path).unwrap()) {
            out.push((path, text));
        }
    }
    out
}

#[test]
fn every_fixture_keeps_its_meaning_and_line_breaks_and_formats_once() {
    let mut failures = Vec::new();
    let mut formatted = 0;
    for (path, text) in all_texts() {
        match format_and_check(&path, &text) {
            Ok(after) => formatted += usize::from(after != text),
            Err(why) => failures.push(format!("{}: {why}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(formatted >= 8, "only {formatted} fixtures change");
}

/// The check fixtures already written in the spec's layout get no edit.
#[test]
fn files_in_the_layout_already_get_no_edit() {
    for name in [
        "patience/Mysteriet.pat",
        "patience/clean_windows1252.pat",
        "patience/clean_lone_cr.pat",
    ] {
        let path = root("fixtures").join(name);
        let (text, _) = text::decode(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(format(&document(&path, &text)), [], "{name}");
    }
}

#[test]
fn corpus_files_keep_their_meaning_and_line_breaks_and_format_once() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let mut failures = Vec::new();
    let mut changed = Vec::new();
    let files = corpus::files_below(&root);
    for path in &files {
        let (text, _) = text::decode(&std::fs::read(path).unwrap()).unwrap();
        match format_and_check(path, &text) {
            Ok(after) if after == text => {}
            Ok(after) => changed.push((
                path.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                text,
                after,
            )),
            Err(why) => failures.push(format!("{}: {why}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The files the games shipped are left as they are (a mod repository keeps Default and runs
    // `format --check`): their tables are laid out by hand, and the formatter keeps a table
    // laid out so. Only trailing blanks go: after the size line of two MAPs, a hex line of a
    // battleland and a row of a board, where no reader of the game sees them.
    changed.retain(|(p, _, _)| !p.starts_with("colossus/_later"));
    for (path, before, after) in &changed {
        let trimmed: String = before
            .split_inclusive('\n')
            .map(|line| {
                let body = line.trim_end_matches(['\r', '\n']);
                format!(
                    "{}{}",
                    body.trim_end_matches([' ', '\t']),
                    &line[body.len()..]
                )
            })
            .collect();
        assert_eq!(after, &trimmed, "{path}: more than trailing blanks changed");
    }
    let changed: Vec<&str> = changed.iter().map(|(p, _, _)| p.as_str()).collect();
    assert_eq!(
        changed,
        [
            "colossus/Default/Battlelands/Mountains",
            "colossus/ExtTitan/ExtTitan.map",
            "colossus/Outlands/Outlands.map",
            "pegsolitaire/v2/Snowflake.brd",
        ]
    );
}

#[test]
fn range_formatting_formats_the_lines_touched_only() {
    let path = root("format/patience/mysteriet.pat");
    let (text, _) =
        text::decode(&std::fs::read(path.with_extension("pat.before")).unwrap()).unwrap();
    let doc = document(&path, &text);
    let all = format(&doc);
    let line_start = |n: usize| {
        text.split_inclusive('\n')
            .take(n)
            .map(str::len)
            .sum::<usize>()
    };
    // Lines 3 and 4 (0-based 2 and 3), selected from the middle of line 3 to the start of 5.
    let edits = format_range(&doc, line_start(2) + 3..line_start(4));
    assert!(!edits.is_empty());
    assert!(
        edits
            .iter()
            .all(|e| e.range.start >= line_start(2) && e.range.end < line_start(4))
    );
    let expected: Vec<_> = all
        .iter()
        .filter(|e| e.range.start >= line_start(2) && e.range.end < line_start(4))
        .cloned()
        .collect();
    assert_eq!(edits, expected);
    // An empty range formats its line.
    let one = format_range(&doc, line_start(1)..line_start(1));
    assert!(!one.is_empty());
    assert!(one.iter().all(|e| e.range.end < line_start(2)));
}

/// Blanks, tabs and line breaks put anywhere.
fn respacing() -> impl Strategy<Value = Vec<(usize, usize, &'static str)>> {
    proptest::collection::vec(
        (
            0usize..10_000,
            0usize..3,
            proptest::sample::select(&[" ", "  ", "\t", "", " \t ", "\r\n", "\r", "\n"][..]),
        ),
        1..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn formatting_a_respaced_fixture_keeps_what_it_means(
        pick in 0usize..1000,
        edits in respacing(),
    ) {
        let texts: Vec<(PathBuf, String)> = all_texts()
            .into_iter()
            .filter(|(p, t)| {
                t.len() < 4000
                    && detect(Some(p), t).is_some_and(|f| !matches!(
                        f,
                        retroboard::registry::FormatId::CrossminesPattern
                            | retroboard::registry::FormatId::OthelloBord
                            | retroboard::registry::FormatId::ColossusVar
                    ))
            })
            .collect();
        let (path, text) = &texts[pick % texts.len()];
        let mut text = text.clone();
        for (at, delete, insert) in edits {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + delete).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            // Only blanks are taken away: the tokens stay.
            if text[at..end].bytes().all(|b| b == b' ' || b == b'\t') {
                text.replace_range(at..end, insert);
            } else {
                text.insert_str(at, insert);
            }
        }
        if let Err(why) = format_and_check(path, &text) {
            prop_assert!(false, "{}: {}\n{:?}", path.display(), why, text);
        }
    }
}
