//! Data-driven snapshots of hover, outline and highlighting, beside the fixtures:
//! - `<fixture>.hover`: blocks `@ line:col` (1-based, columns in characters) followed by the
//!   expected hover Markdown, or `(none)`;
//! - `<fixture>.outline`: the outline tree with ranges;
//! - `<fixture>.highlights`: every highlighted token;
//! - `<fixture>.nav`: blocks `@ line:col` followed by where go to definition leads and what find
//!   references (with the declaration) lists;
//! - `<fixture>.folds`: the runs of lines an editor can fold;
//! - `<fixture>.links`: the file names linked to their files;
//! - `<fixture>.preview`: the terminal drawing of the board;
//! - `<fixture>.sourcemap`: the preview's source map, each element's id, range and text (a
//!   fixture of every format has one);
//! - `<fixture>.deal`: a Patience game dealt with seed [`DEAL_SEED`] (every Patience fixture has
//!   one).
//!
//! A fixture opts in by having the file; `UPDATE_EXPECT=1 cargo test --test ide` rewrites them.

use std::fmt::Write as _;
use std::path::Path;

use retroboard::answers::Symbol;
use retroboard::formats::DiskFiles;
use retroboard::registry::detect;
use retroboard::syntax::Document;
use retroboard::text::{self, ColumnUnit, LineCol};

#[path = "support/corpus.rs"]
#[allow(dead_code)]
mod corpus;
#[path = "support/fixtures.rs"]
mod support_fixtures;
use support_fixtures::{fixture_files, snapshots};

fn load(path: &Path) -> Document {
    let (content, _) = text::decode(&std::fs::read(path).unwrap()).unwrap();
    Document::new(detect(Some(path), &content), &content).with_path(Some(path.to_path_buf()))
}

fn at(doc: &Document, range: &std::ops::Range<usize>) -> String {
    let s = text::line_col(doc.rope(), range.start, ColumnUnit::Char);
    let e = text::line_col(doc.rope(), range.end, ColumnUnit::Char);
    format!("{}:{}-{}:{}", s.line + 1, s.col + 1, e.line + 1, e.col + 1)
}

fn render_hover(doc: &Document, spec: &str) -> String {
    let mut out = String::new();
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (line, col) = query.trim().split_once(':').expect("@ line:col");
        let position = LineCol {
            line: line.parse::<usize>().unwrap() - 1,
            col: col.parse::<usize>().unwrap() - 1,
        };
        let offset = text::byte_offset(doc.rope(), position, ColumnUnit::Char);
        let hover = retroboard::ide::hover(doc, offset, &DiskFiles);
        writeln!(out, "@ {}", query.trim()).unwrap();
        match hover {
            Some(h) => writeln!(out, "{}\n{}", at(doc, &h.range), h.markdown.trim_end()).unwrap(),
            None => writeln!(out, "(none)").unwrap(),
        }
    }
    out
}

fn render_outline(doc: &Document, symbols: &[Symbol], depth: usize, out: &mut String) {
    for s in symbols {
        let detail = s
            .detail
            .as_deref()
            .map(|d| format!(" — {d}"))
            .unwrap_or_default();
        writeln!(
            out,
            "{}{:?} {}{detail} [{}; {}]",
            "  ".repeat(depth),
            s.kind,
            s.name,
            at(doc, &s.range),
            at(doc, &s.selection)
        )
        .unwrap();
        render_outline(doc, &s.children, depth + 1, out);
    }
}

fn render_highlights(doc: &Document) -> String {
    let mut out = String::new();
    for h in retroboard::ide::highlights(doc) {
        writeln!(
            out,
            "{} {:?} {:?}",
            at(doc, &(h.start..h.end)),
            h.kind,
            doc.slice(h.start..h.end)
        )
        .unwrap();
    }
    out
}

fn render_navigation(doc: &Document, spec: &str, root: &Path) -> String {
    let mut out = String::new();
    let place = |target: &retroboard::answers::Target| {
        let shown = target
            .path
            .strip_prefix(root)
            .unwrap_or(&target.path)
            .display();
        match target.format {
            Some(format) => {
                let text = std::fs::read_to_string(&target.path).unwrap();
                let other = Document::new(Some(format), &text);
                format!("{shown} {}", at(&other, &target.range))
            }
            None => format!("{shown}"),
        }
    };
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (line, col) = query.trim().split_once(':').expect("@ line:col");
        let position = LineCol {
            line: line.parse::<usize>().unwrap() - 1,
            col: col.parse::<usize>().unwrap() - 1,
        };
        let offset = text::byte_offset(doc.rope(), position, ColumnUnit::Char);
        writeln!(out, "@ {}", query.trim()).unwrap();
        for target in retroboard::ide::definition(doc, offset, &DiskFiles) {
            writeln!(out, "definition {}", place(&target)).unwrap();
        }
        for target in retroboard::ide::references(doc, offset, &DiskFiles, true) {
            writeln!(out, "reference {}", place(&target)).unwrap();
        }
    }
    out
}

fn render_folds(doc: &Document) -> String {
    let mut out = String::new();
    for fold in retroboard::ide::folds(doc) {
        writeln!(out, "{} {:?}", at(doc, &fold.range), fold.kind).unwrap();
    }
    out
}

fn render_links(doc: &Document, root: &Path) -> String {
    let mut out = String::new();
    for link in retroboard::ide::links(doc, &DiskFiles) {
        let target = link.target.strip_prefix(root).unwrap_or(&link.target);
        writeln!(
            out,
            "{} {:?} -> {} ({})",
            at(doc, &link.range),
            doc.slice(link.range.clone()),
            target.display(),
            link.tooltip
        )
        .unwrap();
    }
    out
}

#[test]
fn hover_outline_and_highlight_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let found = snapshots(
        &root,
        &["hover", "outline", "highlights", "folds", "links", "nav"],
    );
    assert!(!found.is_empty());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for (fixture, snapshot) in found {
        let doc = load(&fixture);
        let expected = std::fs::read_to_string(&snapshot).unwrap();
        let actual = match snapshot.extension().and_then(|e| e.to_str()) {
            Some("hover") => render_hover(&doc, &expected),
            Some("outline") => {
                let mut out = String::new();
                let symbols = retroboard::ide::outline(&doc);
                render_outline(&doc, &symbols, 0, &mut out);
                out
            }
            Some("nav") => render_navigation(&doc, &expected, &root),
            Some("folds") => render_folds(&doc),
            Some("links") => render_links(&doc, &root),
            _ => render_highlights(&doc),
        };
        if actual != expected {
            if update {
                std::fs::write(&snapshot, &actual).unwrap();
            }
            let name = snapshot.strip_prefix(&root).unwrap().display();
            failures.push(format!(
                "{name}:\n--- expected\n{expected}+++ actual\n{actual}"
            ));
        }
    }
    if !update {
        assert!(
            failures.is_empty(),
            "{} snapshot(s) differ:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// `<fixture>.preview`: the terminal drawing of the board; its SVG must parse and rasterise.
#[test]
fn preview_snapshots_and_svg_rasterises() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let found = snapshots(&root, &["preview"]);
    assert!(!found.is_empty());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for (fixture, snapshot) in found {
        let doc = load(&fixture);
        let preview = retroboard::render::preview(&doc, &DiskFiles);
        let png = retroboard::render::png(&preview.svg)
            .unwrap_or_else(|e| panic!("{}: {e}", fixture.display()));
        assert!(png.starts_with(b"\x89PNG"), "{}", fixture.display());
        let expected = std::fs::read_to_string(&snapshot).unwrap();
        if preview.text != expected {
            if update {
                std::fs::write(&snapshot, &preview.text).unwrap();
            }
            failures.push(format!(
                "{}:\n--- expected\n{expected}+++ actual\n{}",
                snapshot.display(),
                preview.text
            ));
        }
    }
    if !update {
        assert!(
            failures.is_empty(),
            "{} preview(s) differ:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// The source map as snapshotted: one element a line, its id, range and the text it stands for,
/// then where the text drawing shows it (line:column-column, 1-based, columns in characters).
fn render_source_map(doc: &Document, preview: &retroboard::render::Preview) -> String {
    let mut out = String::new();
    for element in &preview.source_map {
        let text = doc.text()[element.source.clone()].replace(['\r', '\n'], " ");
        let drawn: Vec<String> = preview
            .text_map
            .iter()
            .filter(|m| m.id == element.id)
            .map(|m| format!("{}:{}-{}", m.line + 1, m.start + 1, m.end + 1))
            .collect();
        writeln!(
            out,
            "{} {} “{}”{}",
            element.id,
            at(doc, &element.source),
            text::shorten(text.trim_end(), 40),
            if drawn.is_empty() {
                String::new()
            } else {
                format!(" text {}", drawn.join(" "))
            }
        )
        .unwrap();
    }
    out
}

/// `<fixture>.sourcemap`: the elements of the preview with the text they stand for. Every
/// element is drawn (its id is a `data-rb-id` of the SVG) and its range lies in the text;
/// a fixture of every format has a snapshot.
#[test]
fn source_map_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let found = snapshots(&root, &["sourcemap"]);
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    let mut formats = std::collections::BTreeSet::new();
    for (fixture, snapshot) in found {
        let doc = load(&fixture);
        formats.extend(doc.format().map(|f| f.as_str()));
        let preview = retroboard::render::preview(&doc, &DiskFiles);
        assert!(
            !preview.source_map.is_empty(),
            "{}: no element",
            fixture.display()
        );
        for element in &preview.source_map {
            let attribute = format!("data-rb-id=\"{}\"", retroboard::draw::escape(&element.id));
            assert!(
                preview.svg.contains(&attribute),
                "{}: {} is not drawn",
                fixture.display(),
                element.id
            );
            assert!(
                element.source.start <= element.source.end
                    && element.source.end <= doc.text().len(),
                "{}: {} {:?}",
                fixture.display(),
                element.id,
                element.source
            );
        }
        // The text drawing marks elements of the source map only, on its own lines.
        let lines: Vec<&str> = preview.text.lines().collect();
        assert!(
            !preview.text_map.is_empty(),
            "{}: nothing marked in the text drawing",
            fixture.display()
        );
        for mark in &preview.text_map {
            assert!(
                preview.source_map.iter().any(|e| e.id == mark.id),
                "{}: {} is marked in the text but not drawn",
                fixture.display(),
                mark.id
            );
            let width = lines.get(mark.line).map_or(0, |l| l.chars().count());
            assert!(
                mark.start < mark.end && mark.start < width,
                "{}: {} at {}:{}-{} of {width}",
                fixture.display(),
                mark.id,
                mark.line,
                mark.start,
                mark.end
            );
        }
        let actual = render_source_map(&doc, &preview);
        let expected = std::fs::read_to_string(&snapshot).unwrap_or_default();
        if actual != expected {
            if update {
                std::fs::write(&snapshot, &actual).unwrap();
            }
            failures.push(format!(
                "{}:\n--- expected\n{expected}+++ actual\n{actual}",
                snapshot.display()
            ));
        }
    }
    if !update {
        assert!(
            failures.is_empty(),
            "{} source map(s) differ:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
    let all: std::collections::BTreeSet<_> = retroboard::registry::FORMATS
        .iter()
        .map(|entry| entry.id.as_str())
        .collect();
    assert_eq!(formats, all, "a format without a source map snapshot");
}

/// Every finding on a drawn thing (one whose range meets an element's) lies inside some
/// element's range, so the text it is about is reached from the drawing; over every fixture
/// with a preview snapshot.
#[test]
fn findings_on_drawn_things_lie_inside_an_element() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut checked = 0;
    let mut failures = Vec::new();
    let fixtures: std::collections::BTreeSet<_> = snapshots(&root, &["preview", "sourcemap"])
        .into_iter()
        .map(|(fixture, _)| fixture)
        .collect();
    for fixture in fixtures {
        let doc = load(&fixture);
        let preview = retroboard::render::preview(&doc, &DiskFiles);
        let findings = retroboard::analysis::analyze_with(&doc, &DiskFiles);
        let meets = |a: &std::ops::Range<usize>, b: &std::ops::Range<usize>| {
            a.start < b.end.max(b.start + 1) && b.start < a.end.max(a.start + 1)
        };
        for finding in &findings {
            let elements = || preview.source_map.iter().map(|e| &e.source);
            if !elements().any(|e| meets(e, &finding.range)) {
                continue;
            }
            checked += 1;
            if !elements().any(|e| e.start <= finding.range.start && finding.range.end <= e.end) {
                failures.push(format!(
                    "{}: {} at {} is in no element",
                    fixture.display(),
                    finding.code,
                    at(&doc, &finding.range)
                ));
            }
        }
    }
    assert!(checked > 20, "only {checked} findings on drawn things");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The seed of the deal snapshots: `retroboard render FILE --text --deal 1` prints them.
const DEAL_SEED: u64 = 1;

/// `<fixture>.deal`: every Patience fixture, dealt with [`DEAL_SEED`] (the terminal drawing,
/// which lists every pile's cards); its SVG must rasterise. A missing snapshot is written and
/// the test fails, so each new game gets one.
#[test]
fn every_patience_fixture_has_a_deal_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut files = Vec::new();
    fixture_files(&root.join("patience"), &mut files);
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    let mut dealt = 0;
    for fixture in files {
        let doc = load(&fixture);
        if doc.format() != Some(retroboard::registry::FormatId::PatienceGame) {
            continue;
        }
        let preview = retroboard::render::dealt_preview(&doc, &DiskFiles, DEAL_SEED)
            .unwrap_or_else(|| panic!("{} is not dealt", fixture.display()));
        let again = retroboard::render::dealt_preview(&doc, &DiskFiles, DEAL_SEED).unwrap();
        assert_eq!(preview, again, "{}", fixture.display());
        let png = retroboard::render::png(&preview.svg)
            .unwrap_or_else(|e| panic!("{}: {e}", fixture.display()));
        assert!(png.starts_with(b"\x89PNG"), "{}", fixture.display());
        dealt += 1;
        let mut snapshot = fixture.clone().into_os_string();
        snapshot.push(".deal");
        let snapshot = std::path::PathBuf::from(snapshot);
        let expected = std::fs::read_to_string(&snapshot).ok();
        if expected.as_deref() == Some(preview.text.as_str()) {
            continue;
        }
        if update || expected.is_none() {
            std::fs::write(&snapshot, &preview.text).unwrap();
        }
        failures.push(format!(
            "{}:\n--- expected\n{}+++ actual\n{}",
            snapshot.display(),
            expected
                .as_deref()
                .unwrap_or("(no snapshot: written, review it)\n"),
            preview.text
        ));
    }
    assert!(dealt >= 10, "the Patience fixtures lost their games");
    if !update {
        assert!(
            failures.is_empty(),
            "{} deal(s) differ:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// The MAP's highlights come from a walk of its tree instead of its highlight query (which
/// editors with tree-sitter run): both give the same tokens on every MAP of the corpus and the
/// fixtures, and on copies damaged at many places (stray characters, comments, way words, line
/// breaks, numbers and deletions).
#[test]
fn map_highlights_match_the_highlight_query() {
    let mut maps: Vec<std::path::PathBuf> = Vec::new();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut dirs = vec![fixtures];
    if let Some(corpus) = corpus::corpus_dir() {
        dirs.push(corpus);
    }
    for dir in dirs {
        maps.extend(
            corpus::files_below(&dir)
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "map")),
        );
    }
    assert!(maps.len() >= 2, "MAP files to compare on: {maps:?}");
    let pieces = [
        "#", "# c\n", "ARROWS", "ARCH", "BLOCK", "-", ",", "\n", "\n\n", "12", "x", "P", " ", "\r",
        "\t", "ARROWX", "7 5\n",
    ];
    let mut seed = 0x2545_f491_u64;
    let mut next = |below: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % below.max(1)
    };
    let mut compared = 0;
    for path in &maps {
        let (text, _) = text::decode(&std::fs::read(path).unwrap()).unwrap();
        let mut doc = Document::new(detect(Some(path), &text), &text);
        if doc.format() != Some(retroboard::registry::FormatId::ColossusMap) {
            continue;
        }
        for round in 0..40 {
            assert_eq!(
                retroboard::ide::highlights(&doc),
                retroboard::syntax::query_highlights(&doc),
                "{} after {round} damages:\n{}",
                path.display(),
                doc.text()
            );
            compared += 1;
            let len = doc.rope().len_bytes();
            let mut at = next(len + 1);
            while !doc.text().is_char_boundary(at) {
                at -= 1;
            }
            if next(4) == 0 {
                let mut end = (at + 1 + next(8)).min(len);
                while !doc.text().is_char_boundary(end) {
                    end -= 1;
                }
                doc.edit(at..end, "");
            } else {
                doc.edit(at..at, pieces[next(pieces.len())]);
            }
        }
    }
    assert!(compared >= 80);
}
