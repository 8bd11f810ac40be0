//! Quick fixes, rust-analyzer style: each `<name>.before` under `tests/fixes/` is a file with a
//! cursor mark `$0`; the action titled as `<name>.action` says, among those offered at the
//! mark, applied to it gives exactly `<name>.after` (bytes, line endings included). The file
//! is read as if it were `<name>` in its folder, so Colossus fixtures see their variant.
//!
//! Files are read as bytes and decoded as the server decodes a file from disk (UTF-8, else
//! Mac Roman for CR-only text, else Windows-1252), so a Super Othello board can be Mac Roman.
//! `UPDATE_EXPECT=1 cargo test --test fixes` writes the `.after` files (in the `.before`'s
//! encoding): read them before committing.
//!
//! An `.action` of `Fix all safe Retroboard problems in this file` applies every preferred fix
//! instead, as saving with fix-all and `check --fix` do: where the file has more than one
//! reading, its `.after` is the `.before` unchanged.
//!
//! And over every fixture (these and `tests/fixtures/`): each fix's edits lie inside the text
//! and do not overlap, and applying a preferred fix removes its finding and adds no error.

use std::path::{Path, PathBuf};

use retroboard::analysis::analyze;
use retroboard::findings::{
    Finding, Fix, Severity, TextEdit, apply_edits, preferred_edits, sorted_edits,
};
use retroboard::registry::detect;
use retroboard::syntax::Document;
use retroboard::text::{Encoding, decode};

#[path = "support/fixtures.rs"]
mod support_fixtures;

fn root(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(folder)
}

/// The document of `text` read as the file at `path`.
fn document(path: &Path, text: &str) -> Document {
    Document::new(detect(Some(path), text), text).with_path(Some(path.to_path_buf()))
}

/// The fixes offered at byte `at` (findings touching it), most likely first.
fn fixes_at(findings: &[Finding], at: usize) -> Vec<&Fix> {
    findings
        .iter()
        .filter(|f| f.range.start <= at && at <= f.range.end)
        .flat_map(|f| &f.fixes)
        .collect()
}

fn before_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    support_fixtures::fixture_files(&root("fixes"), &mut files);
    files.retain(|p| p.extension().is_some_and(|e| e == "before"));
    files
}

fn with_extension(path: &Path, extension: &str) -> PathBuf {
    path.with_extension(extension)
}

/// A file's text, decoded as the server decodes a file from disk, and its encoding.
fn read_text(path: &Path) -> (String, Encoding) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    decode(&bytes).unwrap_or_else(|_| panic!("{} is binary", path.display()))
}

/// `text` in `encoding`, for writing an `.after` file.
fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    let legacy = match encoding {
        Encoding::MacRoman => encoding_rs::MACINTOSH,
        Encoding::Windows1252 => encoding_rs::WINDOWS_1252,
        _ => return text.as_bytes().to_vec(),
    };
    legacy.encode(text).0.into_owned()
}

#[test]
fn each_fixture_action_gives_its_after_file() {
    let files = before_files();
    assert!(files.len() >= 80, "fix fixtures are gone: {files:?}");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for before in &files {
        let (marked, encoding) = read_text(before);
        let at = marked.find("$0").expect("a cursor mark $0");
        let text = marked.replacen("$0", "", 1);
        let path = before.with_extension("");
        let title = std::fs::read_to_string(with_extension(before, "action")).unwrap();
        let after_path = with_extension(before, "after");
        let doc = document(&path, &text);
        if title.trim_end() == FIX_ALL {
            // Fix-all, as on save: every preferred fix, wherever the mark is.
            let edits =
                retroboard::analysis::preferred_fixes(&doc, &retroboard::formats::DiskFiles);
            let after = apply_edits(&text, &edits).expect("valid edits");
            compare_after(&after_path, &after, encoding, update, &mut failures);
            continue;
        }
        let findings = analyze(&doc);
        let offered = fixes_at(&findings, at);
        let Some(fix) = offered.iter().find(|f| f.title == title.trim_end()) else {
            let titles: Vec<&str> = offered.iter().map(|f| f.title.as_str()).collect();
            failures.push(format!(
                "{}: no action {title:?} among {titles:?}",
                before.display()
            ));
            continue;
        };
        let after = apply_edits(&text, &fix.edits).expect("valid edits");
        compare_after(&after_path, &after, encoding, update, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `.action` of a fixture that applies fix-all (what save applies with
/// `source.fixAll.retroboard`, and `check --fix`) instead of one action.
const FIX_ALL: &str = "Fix all safe Retroboard problems in this file";

/// `after` against the `.after` file (or written to it, with `UPDATE_EXPECT`).
fn compare_after(
    after_path: &Path,
    after: &str,
    encoding: Encoding,
    update: bool,
    failures: &mut Vec<String>,
) {
    if update {
        std::fs::write(after_path, encode(after, encoding)).unwrap();
        return;
    }
    let (expected, _) = read_text(after_path);
    if after != expected {
        failures.push(format!(
            "{}: got\n{after:?}\nexpected\n{expected:?}",
            after_path.display()
        ));
    }
}

/// Every fixture's text, read as the file it stands for.
fn all_texts() -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = before_files()
        .into_iter()
        .map(|p| {
            let text = read_text(&p).0.replacen("$0", "", 1);
            (p.with_extension(""), text)
        })
        .collect();
    let mut fixtures = Vec::new();
    support_fixtures::fixture_files(&root("fixtures"), &mut fixtures);
    for path in fixtures {
        let Ok((text, _)) = retroboard::text::decode(&std::fs::read(&path).unwrap()) else {
            continue;
        };
        out.push((path, text));
    }
    out
}

fn errors(findings: &[Finding]) -> Vec<&'static str> {
    let mut codes: Vec<&str> = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.code)
        .collect();
    codes.sort_unstable();
    codes
}

#[test]
fn every_fix_stays_inside_the_text_and_a_preferred_one_removes_its_finding() {
    let mut checked = 0;
    for (path, text) in all_texts() {
        let findings = analyze(&document(&path, &text));
        for finding in &findings {
            for fix in &finding.fixes {
                assert!(
                    sorted_edits(&*text, fix.edits.clone()).is_some(),
                    "{}: {:?} has edits outside the text or overlapping",
                    path.display(),
                    fix
                );
                if !fix.preferred {
                    continue;
                }
                checked += 1;
                let fixed = apply_edits(&text, &fix.edits).unwrap();
                let after = analyze(&document(&path, &fixed));
                let count = |fs: &[Finding]| fs.iter().filter(|f| f.code == finding.code).count();
                assert!(
                    count(&after) < count(&findings),
                    "{}: {:?} leaves its finding {}",
                    path.display(),
                    fix.title,
                    finding.message
                );
                let (was, now) = (errors(&findings), errors(&after));
                assert!(
                    now.len() <= was.len() && now.iter().all(|c| was.contains(c)),
                    "{}: {:?} adds errors: {now:?} after {was:?}",
                    path.display(),
                    fix.title
                );
            }
        }
        // Fix all: the preferred fixes together are one valid set of edits too.
        let all = preferred_edits(&*text, &findings);
        assert!(apply_edits(&text, &all).is_some(), "{}", path.display());
    }
    assert!(checked >= 6, "only {checked} preferred fixes were tried");
}

#[test]
fn several_candidates_give_several_actions_and_none_preferred() {
    let path = root("fixes/colossus/Tiny/colour.ter");
    let text = read_text(&with_extension(&path, "ter.before"))
        .0
        .replacen("$0", "", 1);
    let findings = analyze(&document(&path, &text));
    let at = text.find("gren").unwrap();
    let fixes = fixes_at(&findings, at);
    let titles: Vec<&str> = fixes
        .iter()
        .filter(|f| !f.suppression)
        .map(|f| f.title.as_str())
        .collect();
    assert_eq!(titles, ["Replace with 'green'", "Replace with 'grey'"]);
    assert!(fixes.iter().all(|f| !f.preferred));
}

/// The 0-based line of byte `at` (lines end at LF, CRLF or a lone CR).
fn line_of(text: &str, at: usize) -> usize {
    let before = &text[..at.min(text.len())];
    before.matches('\n').count() + before.matches('\r').count() - before.matches("\r\n").count()
}

/// Every "suppress here" (or "in this file") fix of every Colossus fixture: never preferred,
/// and applied, its comment silences its finding and nothing else (no finding appears, none of
/// another code goes, and the comment is not an unused suppression).
#[test]
fn each_suppress_here_silences_its_finding_and_only_it() {
    let mut tried = 0;
    for (path, text) in texts() {
        let doc = document(path, text);
        let findings = analyze(&doc);
        for finding in &findings {
            for fix in finding.fixes.iter().filter(|f| f.suppression) {
                assert!(!fix.preferred, "{}: {}", path.display(), fix.title);
                assert!(
                    [
                        format!("Suppress {} here", finding.code),
                        format!("Suppress {} in this file", finding.code)
                    ]
                    .contains(&fix.title),
                    "{}",
                    fix.title
                );
                tried += 1;
                let fixed = apply_edits(text, &fix.edits).unwrap();
                let after = analyze(&document(path, &fixed));
                let codes = |fs: &[Finding]| {
                    let mut codes: Vec<&str> = fs.iter().map(|f| f.code).collect();
                    codes.sort_unstable();
                    codes
                };
                // A line's comment silences every finding of the code on that line; a file's,
                // every one in the file.
                let whole_file = fix.title.ends_with(" in this file");
                let line = line_of(text, finding.range.start);
                let kept: Vec<Finding> = findings
                    .iter()
                    .filter(|f| {
                        f.code != finding.code
                            || !(whole_file || line_of(text, f.range.start) == line)
                    })
                    .cloned()
                    .collect();
                let mut expected = codes(&kept);
                let mut after = codes(&after);
                // A text the grammar recovers from (a syntax error) may recover differently
                // with one line more: there, findings may go but none may come.
                if expected.iter().any(|c| c.ends_with("/syntax-error")) {
                    after.retain(|c| !expected.contains(c));
                    expected.clear();
                }
                assert_eq!(
                    after,
                    expected,
                    "{}: {:?} on {:?}\n{fixed}",
                    path.display(),
                    fix.title,
                    finding.message
                );
            }
        }
    }
    assert!(tried >= 20, "only {tried} suppress-here fixes were tried");
}

// ---- property: fixes of randomly mutated fixtures -------------------------------------------

#[path = "support/edits.rs"]
mod edits;

use proptest::prelude::*;

/// What the mutations insert: numbers, blanks, line breaks and the elements the fixes are about.
const PIECES: &[&str] = &[
    "\n",
    "\r\n",
    "\r",
    " ",
    "  ",
    "\t",
    "0",
    "1",
    "2",
    "52",
    "104",
    "-1",
    "1304",
    "x",
    "W",
    "B",
    "D4",
    "!",
    "*",
    ".",
    "y",
    "X",
    "E",
    "version 2",
    "mode:normal",
    "Titan",
    "Angel",
    "#",
    "æ",
];

/// Every fixture of `tests/fixtures` and `tests/fixes`, read once.
fn texts() -> &'static [(PathBuf, String)] {
    static TEXTS: std::sync::OnceLock<Vec<(PathBuf, String)>> = std::sync::OnceLock::new();
    TEXTS.get_or_init(all_texts)
}

/// Where byte `at` of the text before `edits` (sorted, valid) is after them; `end` says which
/// side of a replaced stretch a place inside it goes to.
fn moved(edits: &[TextEdit], at: usize, end: bool) -> usize {
    let mut shift: isize = 0;
    for edit in edits {
        if at < edit.range.start || (at == edit.range.start && !end) {
            break;
        }
        if at < edit.range.end || (at == edit.range.end && !end && edit.range.is_empty()) {
            let inside = if end { edit.insert.len() } else { 0 };
            return (edit.range.start as isize + shift) as usize + inside;
        }
        shift += edit.insert.len() as isize - edit.range.len() as isize;
    }
    (at as isize + shift) as usize
}

/// Findings after which the checks of a file stop (a broken header or line misreads what
/// follows: one cause, one finding). Fixing one lets the other checks run, and what they find
/// then was in the text before: these fixes are not asked to add no error.
const GATES: &[&str] = &[
    "peg/header",
    "peg/invalid-element", // the rows are measured only when every element is one
    "othello/blank-lines",
    "colossus/syntax-error",
];

/// How many errors of each code.
fn error_counts(findings: &[Finding]) -> std::collections::BTreeMap<&'static str, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for code in errors(findings) {
        *counts.entry(code).or_default() += 1;
    }
    counts
}

/// The fixes of one text: edits inside it and apart; a preferred fix removes its finding (no
/// finding of its code stays at its place) and adds no error.
fn check_fixes(path: &Path, text: &str) -> Result<(), TestCaseError> {
    let doc = document(path, text);
    let findings = analyze(&doc);
    // The fixed text is read in the same format: an editor keeps a file's language.
    let reread =
        |fixed: &str| Document::new(doc.format(), fixed).with_path(Some(path.to_path_buf()));
    let before = error_counts(&findings);
    for finding in &findings {
        for fix in &finding.fixes {
            let Some(edits) = sorted_edits(text, fix.edits.clone()) else {
                return Err(TestCaseError::fail(format!(
                    "{}: {fix:?} has edits outside the text or overlapping, in {text:?}",
                    path.display()
                )));
            };
            if !fix.preferred {
                continue;
            }
            let fixed = apply_edits(text, &edits).unwrap();
            let after = analyze(&reread(&fixed));
            let place =
                moved(&edits, finding.range.start, false)..moved(&edits, finding.range.end, true);
            let stays = after
                .iter()
                .find(|f| f.code == finding.code && f.range == place);
            prop_assert!(
                stays.is_none(),
                "{}: {:?} leaves {} ({:?}) in {text:?}, giving {fixed:?}",
                path.display(),
                fix.title,
                finding.message,
                stays
            );
            if GATES.contains(&finding.code) {
                continue;
            }
            let now = error_counts(&after);
            let broken = before.keys().any(|code| code.ends_with("/syntax-error"));
            for (code, count) in &now {
                // A parser recovers from an error as the text around it allows: in a text
                // with syntax errors any edit may move them, and they are not the fix's.
                if broken && code.ends_with("/syntax-error") {
                    continue;
                }
                prop_assert!(
                    before.get(code).is_some_and(|b| b >= count),
                    "{}: {:?} adds the error {code} in {text:?}, giving {fixed:?}: {:?}",
                    path.display(),
                    fix.title,
                    after.iter().filter(|f| f.code == *code).collect::<Vec<_>>()
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn fixes_of_mutated_fixtures_stay_inside_and_remove_their_finding(
        pick in 0usize..10_000,
        edits in proptest::collection::vec(edits::Edit::strategy(PIECES, 3, 6), 1..4),
    ) {
        let texts = texts();
        let (path, original) = &texts[pick % texts.len()];
        let mut text = original.clone();
        for edit in &edits {
            edit.apply(&mut text);
        }
        check_fixes(path, &text)?;
    }
}
