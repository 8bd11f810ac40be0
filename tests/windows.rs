//! A large text is checked window by window (`retroboard::syntax::Windows`); its findings must be
//! exactly those of the same text checked whole: for every fixture and corpus file, cut into
//! windows of every size down to one line, and after random edits that move, grow, join and
//! split windows.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use retroboard::analysis::analyze_with;
use retroboard::findings::Finding;
use retroboard::formats::{CachedFiles, DiskFiles, FormatId};
use retroboard::syntax::{Document, WindowPolicy, detect};
use retroboard::text;

use edits::Edit;

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/edits.rs"]
mod edits;
#[path = "../benches/support/generate.rs"]
#[allow(dead_code)]
mod generate;
#[path = "support/fixtures.rs"]
mod support_fixtures;

/// Window sizes in bytes: one line each (1), a few lines, many lines.
const SIZES: [usize; 3] = [1, 24, 300];

fn tiny_windows(target_bytes: usize) -> WindowPolicy {
    WindowPolicy {
        min_bytes: 0,
        target_bytes,
    }
}

/// Formats whose large texts are checked in windows.
const WINDOWED: &[FormatId] = &[
    FormatId::OthelloBord,
    FormatId::PatienceGame,
    FormatId::CrossminesPattern,
    FormatId::ColossusCre,
    FormatId::PegBrd,
];

fn whole(format: Option<FormatId>, path: Option<&Path>, text: &str) -> Vec<Finding> {
    let doc = Document::new(format, text)
        .with_path(path.map(Path::to_path_buf))
        .with_window_policy(WindowPolicy::NEVER);
    analyze_with(&doc, &CachedFiles::new(DiskFiles))
}

fn in_windows(
    format: Option<FormatId>,
    path: Option<&Path>,
    text: &str,
    target_bytes: usize,
) -> Document {
    Document::new(format, text)
        .with_path(path.map(Path::to_path_buf))
        .with_window_policy(tiny_windows(target_bytes))
}

/// The coloured tokens of a text read whole, and those of `doc` (the same text in windows) over
/// the whole text and over its middle third, which must be the whole text's that overlap it.
fn assert_same_highlights(doc: &Document, path: Option<&Path>, text: &str, what: &str) {
    let whole_doc = Document::new(doc.format(), text)
        .with_path(path.map(Path::to_path_buf))
        .with_window_policy(WindowPolicy::NEVER);
    let expected = retroboard::ide::highlights(&whole_doc).expect("a text read whole");
    let all = 0..text.len() + 1;
    assert_eq!(
        retroboard::ide::highlights_in(doc, all),
        expected,
        "{what}: highlights of the whole text"
    );
    let part = text.len() / 3..text.len() * 2 / 3;
    let overlapping: Vec<_> = expected
        .into_iter()
        .filter(|h| h.start < part.end && part.start < h.end)
        .collect();
    assert_eq!(
        retroboard::ide::highlights_in(doc, part),
        overlapping,
        "{what}: highlights of the middle third"
    );
}

/// Whether the document is really checked in windows (a format that answers for its header).
fn has_windows(doc: &Document) -> bool {
    retroboard::formats::windows(doc).is_some()
}

fn files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    support_fixtures::fixture_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures"),
        &mut files,
    );
    if let Some(dir) = corpus::corpus_dir() {
        files.extend(corpus::files_below(&dir));
    }
    files
}

#[test]
fn every_fixture_and_corpus_file_checks_the_same_in_windows() {
    let mut compared = Vec::new();
    for path in files() {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok((content, _)) = text::decode(&bytes) else {
            continue;
        };
        let format = detect(Some(&path), &content);
        let expected = whole(format, Some(&path), &content);
        for size in SIZES {
            let doc = in_windows(format, Some(&path), &content, size);
            let found = analyze_with(&doc, &CachedFiles::new(DiskFiles));
            assert_eq!(
                found,
                expected,
                "{} in windows of {size} bytes",
                path.display()
            );
            if has_windows(&doc) {
                compared.extend(format);
                let what = format!("{} in windows of {size} bytes", path.display());
                assert_same_highlights(&doc, Some(&path), &content, &what);
            }
        }
    }
    // Othello fixtures are shorter than the header every window reads: the generated inputs
    // and the edits below cover it.
    for format in WINDOWED.iter().filter(|f| **f != FormatId::OthelloBord) {
        let texts = compared.iter().filter(|f| *f == format).count();
        assert!(
            texts >= 6,
            "only {texts} {format:?} texts were checked in windows"
        );
    }
}

#[test]
fn the_generated_large_inputs_check_the_same_in_windows() {
    for (name, format, generate) in generate::LARGE {
        let text = generate(20_000);
        let expected = whole(Some(*format), None, &text);
        for size in [1, 700, 4000] {
            let doc = in_windows(Some(*format), None, &text, size);
            if WINDOWED.contains(format) {
                assert!(has_windows(&doc), "{name}");
            }
            let found = analyze_with(&doc, &DiskFiles);
            assert_eq!(found, expected, "{name} in windows of {size} bytes");
            if has_windows(&doc) {
                let what = format!("{name} in windows of {size} bytes");
                assert_same_highlights(&doc, None, &text, &what);
            }
        }
    }
}

/// More findings of one code than are shown (100 and a note), spread over many windows, are
/// capped as the whole text caps them: the same 100, the note at the same place with the same
/// count. Exactly 101 too, where the note stands for one finding.
#[test]
fn findings_past_the_cap_are_counted_over_all_windows() {
    let header = "1\r\nJohn\r\nT\r\nD\r\n8\r\n8\r\n8\r\n300\r\n8\r\n300\r\n";
    for bad in [101, 300] {
        let mut text = header.to_string();
        for row in 0..300 {
            text.push_str(if row < bad {
                "00a0 0\r\n"
            } else {
                "00000000\r\n"
            });
        }
        let format = Some(FormatId::CrossminesPattern);
        let expected = whole(format, None, &text);
        assert!(expected.len() > 100, "{bad}: {}", expected.len());
        for size in [1, 40, 700] {
            let doc = in_windows(format, None, &text, size);
            assert!(has_windows(&doc));
            assert_eq!(
                analyze_with(&doc, &DiskFiles),
                expected,
                "{bad} bad lines in windows of {size} bytes"
            );
        }
    }
}

/// Small texts of every windowed format to edit from.
const SEEDS: &[(FormatId, &str)] = &[
    (
        FormatId::CrossminesPattern,
        "1\r\nJohn\r\n4 and 8\r\nSquares\r\n48\r\n48\r\n4\r\n6\r\n4\r\n4\r\n..11\r\n2211\r\n22..\r\n0-#.\r\n..11\r\n0-#.\r\n",
    ),
    (
        FormatId::CrossminesPattern,
        "1\r\nJohn\r\nEdge to edge\r\nSquares\r\n8\r\n8\r\n4\r\n6\r\n4\r\n6\r\n..11\r\n2211\r\n22..\r\n0-#.\r\n..11\r\n0-#.\r\n",
    ),
    (
        FormatId::CrossminesPattern,
        "1\nJohn\nNot stamped\nCells\n8\n8\n4\n7\n9\n4\n\n1122\n1..2\n3312\n\n1.22\nAA1A\n1111\n\n\n",
    ),
    (
        FormatId::PatienceGame,
        "Mysteriet\r\n  2  5\r\n104   4   4   0   0    0 999   1  999   0   2  (1) (stock)\r\n  0   4 108   0   2    2 999   1    0   0   0\r\n\r\n  1  83 310   0  16    2 999   1 2001 999 114\r\nnote\r\n  1  83 310   0  16    2 999   1 2001 999 114\r\n",
    ),
    (
        FormatId::OthelloBord,
        "28\r4\rD4E5D5E4\r000000000000000000000000000WB000000BW000000000000000000000000000\r\u{a9} 1996 Yellow Lemon Software\rmore\r\rand more\r\n7\r8\r9\r10\r11\r12\r13\r\r15\n16\r\n17",
    ),
    (
        FormatId::ColossusCre,
        "#NAME POWER\nAngel 6 4 false true false false false false false false false false true true false 18 Angels\nOgre 6 2 false false false false true false false false false false false false false 25 Ogres\n\nTitan -1 4 false false false false false false false false false false false false false 6 Titans\n",
    ),
    // Names defined again in other windows: the counts kept from edit to edit must follow.
    (
        FormatId::ColossusCre,
        "Ogre 6 2 false false false false true false false false false false false false false 25 Ogres\nAngel 6 4 false true false false false false false false false false true true false 18 Angels\nOgre 6 2 false false false false true false false false false false false false false 25 Ogres\nTroll 8 2 false false false false true false false false false false false false false 28 Trolls\nOgre 6 2 false false false false true false false false false false false false false 25 Ogres\nAngel 6 4 false true false false false false false false false false true true false 18 Angels\n",
    ),
    (
        FormatId::PegBrd,
        "Version 2\r\nMode: Normal\r\n* * y y y * *\r\n* * y Y y * *\r\ny y y y y y y\r\n\r\n* * y y y * *\r\n",
    ),
    (
        FormatId::PegBrd,
        "1D~\r\nXX2>E2XX!\r\nXX222XX\r\n2222222\r\n\r\n22E2222\r\nXX222XX\r\nXX222XX\r\n",
    ),
];

const PIECES: &[&str] = &[
    "Ogre 6 2 false false false false true false false false false false false false false 25 Ogres\n",
    "\n",
    "\r\n",
    "\r",
    " ",
    "1",
    "-9",
    "x",
    "true",
    "#c",
    "é",
    ".",
    "0-#.",
    "y y",
    "Ogre 6 2 false false false false true false false false false false false false false 25 Ogres\n",
    "  1  83 310   0  16    2 999   1 2001 999 114\r\n",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Each edit is checked before the next, so windows keep what they found, move, are
    /// parsed again, joined and split; every time the findings are those of the whole text.
    #[test]
    fn edits_in_windows_find_what_the_whole_text_does(
        seed in 0..SEEDS.len(),
        size in prop_oneof![Just(1usize), Just(20), Just(60)],
        edits in proptest::collection::vec(Edit::strategy(PIECES, 3, 30), 1..10),
    ) {
        let (format, start) = SEEDS[seed];
        let mut doc = in_windows(Some(format), None, start, size);
        prop_assert_eq!(has_windows(&doc), WINDOWED.contains(&format));
        let mut expected = start.to_string();
        analyze_with(&doc, &DiskFiles);
        for e in &edits {
            let replaced = e.apply(&mut expected);
            doc.edit(replaced, &e.insert);
            prop_assert_eq!(
                analyze_with(&doc, &DiskFiles),
                whole(Some(format), None, &expected),
                "after {:?} in {:?}", e, expected
            );
        }
    }
}
