//! The real files the games shipped must check clean (`../shared/corpus`, never copied here).

#[path = "support/corpus.rs"]
mod corpus;

use retroboard::analysis::analyze;
use retroboard::findings::Severity;
use retroboard::registry::detect;
use retroboard::syntax::Document;
use retroboard::text;

#[test]
fn spec_era_corpus_parses_and_checks_clean() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let mut checked = 0;
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    for path in corpus::files_below(&root) {
        let relative = path.strip_prefix(&root).unwrap();
        if relative.starts_with("colossus/_later") {
            continue;
        }
        let (content, _) = text::decode(&std::fs::read(&path).unwrap()).unwrap();
        let Some(format) = detect(Some(&path), &content) else {
            problems.push(format!("{}: not recognised", relative.display()));
            continue;
        };
        let doc = Document::new(Some(format), &content).with_path(Some(path.clone()));
        let tree = doc.tree().unwrap();
        if tree.root_node().has_error() {
            problems.push(format!(
                "{} ({}): ERROR or MISSING in the tree",
                relative.display(),
                format.as_str()
            ));
        }
        for finding in analyze(&doc) {
            if matches!(finding.severity, Severity::Error | Severity::Warning) {
                problems.push(format!(
                    "{}: {} {}",
                    relative.display(),
                    finding.code,
                    finding.message
                ));
            } else {
                notes.push(format!("{}: {}", relative.display(), finding.code));
            }
        }
        checked += 1;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The one note the real files earn: Badlands.ter defines TundraAlt (U), which no hex of
    // Badlands.map has (its battleland is shipped, its terrain never placed).
    assert_eq!(
        notes,
        ["colossus/Badlands/Badlands.ter: colossus/unused-terrain"]
    );
    // 37 Colossus files and 66 peg boards.
    assert_eq!(checked, 103);
}

#[test]
fn later_dialects_never_crash() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let later = root.join("colossus/_later");
    let files = corpus::files_below(&later);
    assert!(
        files.len() > 250,
        "expected the two later dialect snapshots"
    );
    for path in files {
        let (content, _) = text::decode(&std::fs::read(&path).unwrap()).unwrap();
        let doc =
            Document::new(detect(Some(&path), &content), &content).with_path(Some(path.clone()));
        let _ = analyze(&doc);
    }
}

/// Every real peg board explains every character it holds and draws without a fault mark, in
/// 80 terminal columns.
#[test]
fn peg_boards_hover_everywhere_and_draw_clean() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let boards = corpus::files_below(&root.join("pegsolitaire"));
    assert_eq!(boards.len(), 66);
    for path in boards {
        let (content, _) = text::decode(&std::fs::read(&path).unwrap()).unwrap();
        let doc =
            Document::new(detect(Some(&path), &content), &content).with_path(Some(path.clone()));
        let format = doc.format().unwrap();
        for (offset, c) in content.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            let hover = retroboard::formats::spec(format).hover(
                &doc,
                offset,
                &retroboard::formats::DiskFiles,
            );
            assert!(hover.is_some(), "{}: no hover at {offset}", path.display());
        }
        let preview = retroboard::render::preview(&doc, &retroboard::formats::DiskFiles);
        assert!(preview.svg.starts_with("<svg "), "{}", path.display());
        for line in preview.text.lines().skip(1) {
            assert!(line.chars().count() <= 80, "{}: {line}", path.display());
            assert!(!line.contains('!'), "{}: {line}", path.display());
        }
    }
}
