//! What `format` and the preferred fixes (fix-all, fix-on-save, `check --fix`) may do to a file
//! that is shifted, padded or read in the wrong format: only one reading of a file may be acted
//! on without asking, so neither ever removes a character that is not a blank.
//!
//! Every fixture, example and real file of the corpus, under each mutation a modder's editor or
//! slip makes: a UTF-8 byte order mark before Windows-1252 or Mac Roman text, a trailing blank
//! on a line, a line one character too short or too long, a line holding one blank inserted,
//! and the file read as every other format (as a mistaken `[files]` glob forces it).

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/fixtures.rs"]
mod support_fixtures;

use std::path::{Path, PathBuf};

use retroboard::analysis::{analyze_with, preferred_fixes};
use retroboard::findings::apply_edits;
use retroboard::formats::{CachedFiles, DiskFiles, Files};
use retroboard::registry::{FormatId, detect};
use retroboard::syntax::Document;
use retroboard::text::{Encoding, decode, edit_bytes, encode};

fn tests_dir(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(relative)
}

/// Every text file of the fixtures, the fix and format befores, the examples and the corpus
/// (with the later Colossus dialects' 294 files only where `later`: their variants are large,
/// read by the same checks, and a debug build takes minutes over their mutations).
fn files(later: bool) -> Vec<(PathBuf, String)> {
    let mut paths = Vec::new();
    support_fixtures::fixture_files(&tests_dir("fixtures"), &mut paths);
    for folder in ["fixes", "format"] {
        paths.extend(
            corpus::files_below(&tests_dir(folder))
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "before")),
        );
    }
    paths.extend(corpus::files_below(&tests_dir("../examples")));
    if let Some(root) = corpus::corpus_dir() {
        let later_dir = root.join("colossus/_later");
        paths.extend(
            corpus::files_below(&root)
                .into_iter()
                .filter(|p| later || !p.starts_with(&later_dir)),
        );
    }
    paths
        .into_iter()
        .filter_map(|path| {
            let (text, _) = decode(&std::fs::read(&path).unwrap()).ok()?;
            // A before file stands for the file without `.before`; its cursor mark goes.
            let text = text.replacen("$0", "", 1);
            let path = match path.extension() {
                Some(e) if e == "before" => path.with_extension(""),
                _ => path,
            };
            Some((path, text))
        })
        .collect()
}

/// The characters that are not blanks (spaces, tabs, line breaks), in order.
fn non_blank(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '\r' | '\n'))
        .collect()
}

/// Whether `kept` stands in `text` in order, other characters between (what fix-all may add).
fn stands_in(kept: &[char], text: &[char]) -> bool {
    let mut text = text.iter();
    kept.iter().all(|c| text.any(|t| t == c))
}

/// The byte offset of the end of each line's content (before its line break).
fn line_ends(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut ends = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => ends.push(at),
            b'\r' => {
                ends.push(at);
                if bytes.get(at + 1) == Some(&b'\n') {
                    at += 1;
                }
            }
            _ => {}
        }
        at += 1;
    }
    if !text.ends_with(['\n', '\r']) {
        ends.push(text.len());
    }
    ends
}

/// The line break the text uses.
fn line_break(text: &str) -> &'static str {
    if text.contains("\r\n") {
        "\r\n"
    } else if text.contains('\r') {
        "\r"
    } else {
        "\n"
    }
}

/// The lines each mutation is tried on: the first six (every header and the first rows), one
/// in the middle and the last.
fn lines_tried(count: usize) -> impl Iterator<Item = usize> {
    let further = [count / 2, count.saturating_sub(1)];
    (0..count.min(6)).chain(further.into_iter().filter(|&l| l >= 6))
}

/// The mutations of a text: `(what was done, the text)`.
fn mutations(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let ends = line_ends(text);
    let starts: Vec<usize> = std::iter::once(0)
        .chain(ends.iter().map(|&end| {
            end + match &text[end..] {
                rest if rest.starts_with("\r\n") => 2,
                rest if rest.starts_with(['\r', '\n']) => 1,
                _ => 0,
            }
        }))
        .collect();
    for line in lines_tried(ends.len()) {
        let (start, end) = (starts[line], ends[line]);
        let content = &text[start..end];
        out.push((
            format!("a trailing blank on line {}", line + 1),
            format!("{} {}", &text[..end], &text[end..]),
        ));
        out.push((
            format!("a line holding one blank before line {}", line + 1),
            format!("{} {}{}", &text[..start], line_break(text), &text[start..]),
        ));
        if let Some(last) = content.trim_end().chars().last() {
            let cut = start + content.trim_end().len() - last.len_utf8();
            out.push((
                format!("line {} one character too short", line + 1),
                format!("{}{}", &text[..cut], &text[cut + last.len_utf8()..]),
            ));
            out.push((
                format!("line {} one character too long", line + 1),
                format!("{}{last}{}", &text[..cut], &text[cut..]),
            ));
        }
    }
    out
}

/// The other files of a variant, as `check --fix` reads them: each parsed once.
fn disk() -> CachedFiles<DiskFiles> {
    CachedFiles::new(DiskFiles).without_memo()
}

/// The text after every preferred fix, round after round as `check --fix` makes them.
fn fixed(format: Option<FormatId>, path: &Path, text: &str, files: &dyn Files) -> String {
    let mut text = text.to_string();
    for _ in 0..8 {
        let doc = Document::new(format, &text).with_path(Some(path.to_path_buf()));
        let edits = preferred_fixes(&doc, files);
        if edits.is_empty() {
            break;
        }
        text = apply_edits(&text, &edits).expect("preferred fixes fit together");
    }
    text
}

/// Checks that fix-all of `text` read as `format` removes no character but blanks.
fn check_fix_all(
    format: Option<FormatId>,
    (path, text): (&Path, &str),
    what: &str,
    files: &dyn Files,
    failures: &mut Vec<String>,
) {
    let after = fixed(format, path, text, files);
    if !stands_in(&non_blank(text), &non_blank(&after)) {
        // The preferred fixes of the first round that remove a character, by their finding.
        let doc = Document::new(format, text).with_path(Some(path.to_path_buf()));
        let culprits: Vec<String> = analyze_with(&doc, files)
            .iter()
            .flat_map(|f| f.fixes.iter().filter(|x| x.preferred).map(move |x| (f, x)))
            .filter(|(_, fix)| {
                let fixed = apply_edits(text, &fix.edits).unwrap_or_default();
                !stands_in(&non_blank(text), &non_blank(&fixed))
            })
            .map(|(f, fix)| format!("{} “{}”", f.code, fix.title))
            .collect();
        failures.push(format!(
            "{} ({what}, read as {}): fix-all removes characters ({}):\n{text:?}\n->\n{after:?}",
            path.display(),
            format.map_or("nothing", FormatId::as_str),
            culprits.join(", ")
        ));
    }
}

/// Whether the file checks without an error or a warning: its mutations are a modder's slips,
/// and a fix may not act on them unasked. (A file with mistakes of its own has fixes that
/// mend those: tests/fixes.rs holds each to its after file.)
fn is_clean(format: Option<FormatId>, path: &Path, text: &str, files: &dyn Files) -> bool {
    let doc = Document::new(format, text).with_path(Some(path.to_path_buf()));
    !analyze_with(&doc, files)
        .iter()
        .any(retroboard::findings::is_fault)
}

/// Passes when at least `least` cases were tried (the files are there) and none failed.
fn no_failures(failures: &[String], tried: usize, least: usize) {
    assert!(tried > least, "only {tried} cases were tried");
    assert!(
        failures.is_empty(),
        "{} of {tried}:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn fix_all_never_removes_a_character_of_a_shifted_or_padded_file() {
    let (mut failures, mut tried, disk) = (Vec::new(), 0, disk());
    for (path, text) in files(false) {
        let format = detect(Some(&path), &text);
        if format.is_none() || !is_clean(format, &path, &text, &disk) {
            continue;
        }
        for (what, mutated) in mutations(&text) {
            tried += 1;
            check_fix_all(format, (&path, &mutated), &what, &disk, &mut failures);
        }
    }
    no_failures(&failures, tried, 2_000);
}

#[test]
fn fix_all_never_removes_a_character_of_a_file_forced_into_another_format() {
    let (mut failures, mut tried, disk) = (Vec::new(), 0, disk());
    for (path, text) in files(true) {
        let Some(detected) = detect(Some(&path), &text) else {
            continue;
        };
        for forced in FormatId::ALL.iter().copied().filter(|&f| f != detected) {
            tried += 1;
            check_fix_all(Some(forced), (&path, &text), "forced", &disk, &mut failures);
        }
    }
    no_failures(&failures, tried, 5_000);
}

/// `format` of every file and mutation, written in the file's bytes as `retroboard format`
/// writes them (a byte order mark before Windows-1252 or Mac Roman text too), changes nothing
/// but blanks, and a second run nothing at all.
#[test]
fn format_changes_only_blanks_in_every_encoding() {
    let mut failures = Vec::new();
    let mut tried = 0;
    for (path, text) in files(false) {
        let Some(format) = detect(Some(&path), &text) else {
            continue;
        };
        let mut texts = mutations(&text);
        texts.push(("as it is".to_string(), text.clone()));
        for (what, mutated) in texts {
            // The text's own bytes with a mark before: legacy text where it can be one.
            let legacy = if mutated.contains('\r') && !mutated.contains('\n') {
                Encoding::MacRoman
            } else {
                Encoding::Windows1252
            };
            let Ok(encoded) = encode(&mutated, legacy) else {
                continue;
            };
            let bytes = [b"\xEF\xBB\xBF".as_slice(), &encoded].concat();
            let Ok((decoded, encoding)) = decode(&bytes) else {
                continue;
            };
            tried += 1;
            let doc = Document::new(Some(format), &decoded).with_path(Some(path.clone()));
            let edits = retroboard::formatting::format(&doc);
            let written = edit_bytes(&bytes, &decoded, encoding, &edits).unwrap();
            let (reread, _) = decode(&written).unwrap();
            let fail = |why: &str| {
                format!(
                    "{} ({what}, {encoding:?} with a byte order mark): {why}:\n{decoded:?}\n->\n{reread:?}",
                    path.display()
                )
            };
            if !written.starts_with(b"\xEF\xBB\xBF") {
                failures.push(fail("the byte order mark is gone"));
            } else if non_blank(&reread) != non_blank(&decoded) {
                failures.push(fail("format changes more than blanks"));
            } else {
                let again = Document::new(Some(format), &reread).with_path(Some(path.clone()));
                if !retroboard::formatting::format(&again).is_empty() {
                    failures.push(fail("a second format changes it again"));
                }
            }
        }
    }
    no_failures(&failures, tried, 2_000);
}
