//! Data-driven fixtures: every file under `tests/fixtures/` is checked and its findings are
//! compared with `<file>.expected` beside it (an empty expected file: a clean fixture). The
//! findings are those `retroboard check` reports: the slow ones (whether a peg board can be
//! won) too, searched within `check`'s budget of positions (fixture boards are small).
//! Under each finding, indented, the other places its message names (`    at 1:1-1:2: why`,
//! in another file with that file's path). A `retroboard.toml` in a fixture's folder (or one
//! above) is read as `retroboard check` reads it: the `[game]` fixtures choose a version of
//! their game there. `UPDATE_EXPECT=1 cargo test --test fixtures` rewrites the expected files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use retroboard::analysis::{SEARCH_POSITIONS, Search, Source, check};
use retroboard::formats::DiskFiles;
use retroboard::text::{self, ColumnUnit};

#[path = "support/fixtures.rs"]
mod support_fixtures;

use support_fixtures::{fixture_files, settings_of};

const EXPECTED: &str = "expected";

/// The findings of a fixture, one per line: `line:col-line:col severity code: message`.
fn render(path: &Path) -> String {
    let source = Source::Disk {
        path,
        read: Ok(std::fs::read(path).unwrap()),
        forced: None,
    };
    let settings = settings_of(path);
    let checked = check(
        source,
        &DiskFiles,
        settings.as_ref(),
        Search::Now(SEARCH_POSITIONS),
    );
    let doc = &checked.document;
    let mut out = String::new();
    for f in &checked.findings {
        let start = text::line_col(doc.rope(), f.range.start, ColumnUnit::Char);
        let end = text::line_col(doc.rope(), f.range.end, ColumnUnit::Char);
        writeln!(
            out,
            "{}:{}-{}:{} {} {}: {}",
            start.line + 1,
            start.col + 1,
            end.line + 1,
            end.col + 1,
            f.severity.as_str(),
            f.code,
            f.message
        )
        .unwrap();
        // The other places it names, indented under it: `    at L:C-L:C: why`, a place in
        // another file with its path from the fixture's folder.
        for r in &f.related {
            let file = match &r.path {
                Some(other) => format!("{} ", shown_from(path, other)),
                None => String::new(),
            };
            let column = r.before.chars().count() + 1;
            let end = column + r.text.chars().count();
            let line = r.line + 1;
            writeln!(
                out,
                "    at {file}{line}:{column}-{line}:{end}: {}",
                r.message
            )
            .unwrap();
        }
    }
    out
}

/// `other` as a path from the folder of the fixture `from` (`../Default/Default.var`).
fn shown_from(from: &Path, other: &Path) -> String {
    let dir = from.parent().unwrap();
    let (dir, other) = (dir.canonicalize().unwrap(), other.canonicalize().unwrap());
    let common = dir.ancestors().find(|a| other.starts_with(a)).unwrap();
    let ups = dir.strip_prefix(common).unwrap().components().count();
    let mut shown = PathBuf::new();
    for _ in 0..ups {
        shown.push("..");
    }
    shown.push(other.strip_prefix(common).unwrap());
    shown.to_string_lossy().replace('\\', "/")
}

/// The lines of an expected file that are findings (not the places indented under them).
fn finding_lines(expected: &str) -> impl Iterator<Item = &str> {
    expected.lines().filter(|line| !line.starts_with(' '))
}

#[test]
fn fixtures_match_their_expected_findings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut files = Vec::new();
    fixture_files(&root, &mut files);
    assert!(files.len() >= 9, "the fixtures folder lost its files");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let actual = render(path);
        let mut expected_path = path.clone().into_os_string();
        expected_path.push(".");
        expected_path.push(EXPECTED);
        let expected_path = PathBuf::from(expected_path);
        let expected = std::fs::read_to_string(&expected_path).ok();
        if expected.as_deref() == Some(actual.as_str()) {
            continue;
        }
        if update || expected.is_none() {
            std::fs::write(&expected_path, &actual).unwrap();
        }
        let name = path.strip_prefix(&root).unwrap().display();
        failures.push(match expected {
            None => format!("{name}: no expected file; wrote it, review it:\n{actual}"),
            Some(expected) => format!("{name}:\n--- expected\n{expected}+++ actual\n{actual}"),
        });
    }
    if !update {
        assert!(
            failures.is_empty(),
            "{} fixture(s) differ:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// Codes that no fixture can trigger through detection, and where each is tested instead.
const TESTED_ELSEWHERE: &[(&str, &str)] = &[
    (
        "crossmines/syntax-error",
        "none: the grammar accepts every text; the checks report it all",
    ),
    (
        "othello/syntax-error",
        "none: the grammar accepts every text; the checks report it all",
    ),
    (
        "patience/syntax-error",
        "server/src/syntax/errors.rs (a client's language id picks the format)",
    ),
    (
        "retroboard/internal-error",
        "tests/lsp_abuse.rs (an injected panic)",
    ),
    (
        "retroboard/too-large",
        "tests/bounds.rs, tests/cli.rs and tests/lsp_abuse.rs (files past a bound are not kept as fixtures)",
    ),
    (
        "retroboard/not-text",
        "tests/cli.rs (a binary file in a folder)",
    ),
    (
        "retroboard/config",
        "server/src/settings.rs, tests/cli.rs and tests/lsp.rs (a retroboard.toml is no fixture)",
    ),
];

#[test]
fn every_code_has_a_fixture_or_a_named_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut files = Vec::new();
    fixture_files(&root, &mut files);
    let mut seen = std::collections::BTreeSet::new();
    for path in files {
        let mut expected = path.into_os_string();
        expected.push(".expected");
        for line in finding_lines(&std::fs::read_to_string(&expected).unwrap_or_default()) {
            if let Some(code) = line.split_whitespace().nth(2) {
                seen.insert(code.trim_end_matches(':').to_string());
            }
        }
    }
    let missing: Vec<&str> = retroboard::formats::all_codes()
        .iter()
        .map(|doc| doc.name)
        .filter(|code| !seen.contains(*code) && !TESTED_ELSEWHERE.iter().any(|(c, _)| c == code))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a fixture that triggers them: {missing:?}"
    );
    for (code, _) in TESTED_ELSEWHERE {
        assert!(
            !seen.contains(*code),
            "{code} has a fixture now: drop it from TESTED_ELSEWHERE"
        );
    }
}

/// Every fixture with the text of its `.expected` findings (empty when it has none).
fn expected_findings() -> Vec<(std::path::PathBuf, String)> {
    support_fixtures::expected_findings(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures"),
    )
}

/// A finding has the severity `retroboard explain` documents for its code (the one exception:
/// the note that sums up the findings of a code past the limit is information).
#[test]
fn every_finding_has_the_severity_its_code_documents() {
    let codes = retroboard::formats::all_codes();
    let mut wrong = Vec::new();
    for (path, expected) in expected_findings() {
        for line in finding_lines(&expected) {
            let mut words = line.split_whitespace();
            let (Some(severity), Some(code)) = (words.nth(1), words.next()) else {
                continue;
            };
            let code = code.trim_end_matches(':');
            if line.ends_with("are not shown; fix the ones above first") {
                continue;
            }
            match codes.iter().find(|doc| doc.name == code) {
                Some(doc) if doc.severity.as_str() == severity => {}
                Some(doc) => wrong.push(format!(
                    "{}: {code} is {severity}, explain says {}",
                    path.display(),
                    doc.severity.as_str()
                )),
                None => wrong.push(format!("{}: {code} has no explain entry", path.display())),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Messages are plain text in every client (VS Code's Problems, Neovim's virtual text, the
/// CLI): no Markdown backticks; names are quoted “like this”.
#[test]
fn no_message_holds_markdown_backticks() {
    let mut marked = Vec::new();
    for (path, expected) in expected_findings() {
        for line in expected.lines().filter(|line| line.contains('`')) {
            marked.push(format!("{}: {line}", path.display()));
        }
    }
    assert!(marked.is_empty(), "{}", marked.join("\n"));
}
