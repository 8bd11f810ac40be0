//! Data-driven snapshots of hover, outline and highlighting, beside the fixtures:
//! - `<fixture>.hover`: blocks `@ line:col` (1-based, columns in characters) followed by the
//!   expected hover Markdown, or `(none)`;
//! - `<fixture>.outline`: the outline tree with ranges;
//! - `<fixture>.highlights`: every highlighted token;
//! - `<fixture>.nav`: blocks `@ line:col` followed by where go to definition leads and what find
//!   references (with the declaration) lists;
//! - `<fixture>.complete`: blocks `@ line:col` followed by what completion offers there: the
//!   range it replaces, then one item a line (label, kind, detail; the first item's
//!   documentation below it);
//! - `<fixture>.rename`: blocks `@ line:col NEW` followed by what prepareRename gives and the
//!   rename's edits applied to every file (each changed line before and after), or the reason
//!   it is refused;
//! - `<fixture>.hints`: blocks `@ all`, `@ off` or `@ cursor line:col` (or `@ all
//!   line:col-line:col`, a range) followed by the lines with inlay hints, each hint written
//!   into its line as `‹words›`;
//! - `<fixture>.folds`: the runs of lines an editor can fold;
//! - `<fixture>.places`: blocks `@ line:col` followed by the logical places (what a
//!   `[[suppress]]` entry of retroboard.toml names) of a finding starting there, then every
//!   finding of the fixture with its places;
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
use support_fixtures::{fixture_files, settings_of, snapshots};

fn load(path: &Path) -> Document {
    let (content, _) = text::decode(&std::fs::read(path).unwrap()).unwrap();
    Document::new(detect(Some(path), &content), &content).with_path(Some(path.to_path_buf()))
}

fn at(doc: &Document, range: &std::ops::Range<usize>) -> String {
    let s = text::line_col(doc.rope(), range.start, ColumnUnit::Char);
    let e = text::line_col(doc.rope(), range.end, ColumnUnit::Char);
    format!("{}:{}-{}:{}", s.line + 1, s.col + 1, e.line + 1, e.col + 1)
}

fn render_hover(doc: &Document, fixture: &Path, spec: &str) -> String {
    // The game version the settings of the fixture's folder choose, as the editor reads them.
    let files = retroboard::formats::Chosen {
        files: &DiskFiles,
        game: settings_of(fixture).map(|s| s.game).unwrap_or_default(),
        searched: None,
    };
    let mut out = String::new();
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (offset, _) = cursor(doc, query);
        let hover = retroboard::ide::hover(doc, offset, &files);
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
    for h in retroboard::ide::highlights(doc).iter() {
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
                let (text, _) = text::decode(&std::fs::read(&target.path).unwrap()).unwrap();
                let other = Document::new(Some(format), &text);
                format!("{shown} {}", at(&other, &target.range))
            }
            None => format!("{shown}"),
        }
    };
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (offset, _) = cursor(doc, query);
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

fn render_completions(doc: &Document, spec: &str) -> String {
    let mut out = String::new();
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (offset, _) = cursor(doc, query);
        writeln!(out, "@ {}", query.trim()).unwrap();
        let items = retroboard::ide::completions(doc, offset, &DiskFiles);
        let Some(first) = items.first() else {
            writeln!(out, "(none)").unwrap();
            continue;
        };
        writeln!(out, "replaces {}", at(doc, &first.range)).unwrap();
        let mut sorted = items.clone();
        sorted.sort_by(|a, b| a.sort.cmp(&b.sort));
        for (i, item) in sorted.iter().enumerate() {
            let mut line = format!("{} ({:?})", item.label, item.kind);
            if let Some(detail) = &item.detail {
                write!(line, " {detail}").unwrap();
            }
            if let Some([r, g, b]) = item.color {
                write!(line, " #{r:02x}{g:02x}{b:02x}").unwrap();
            }
            if let Some(insert) = &item.insert {
                write!(line, " => {insert}").unwrap();
            }
            if item.range != first.range {
                write!(line, " replacing {}", at(doc, &item.range)).unwrap();
            }
            writeln!(out, "{line}").unwrap();
            if i == 0
                && let Some(markdown) = &item.documentation
            {
                for doc_line in markdown.lines() {
                    writeln!(out, "    {doc_line}").unwrap();
                }
            }
        }
    }
    out
}

/// The cursor of a block `@ line:col ...` (1-based, columns in characters) as a byte offset,
/// and the rest of the line.
fn cursor<'a>(doc: &Document, query: &'a str) -> (usize, &'a str) {
    let (place, rest) = query.trim().split_once(' ').unwrap_or((query.trim(), ""));
    let (line, col) = place.split_once(':').expect("@ line:col");
    let position = LineCol {
        line: line.parse::<usize>().unwrap() - 1,
        col: col.parse::<usize>().unwrap() - 1,
    };
    (
        text::byte_offset(doc.rope(), position, ColumnUnit::Char),
        rest.trim(),
    )
}

/// Blocks `@ line:col NEW` followed by what prepareRename gives (the range, or the refusal)
/// and the rename's edits applied to every file, as its changed lines before (`-`) and after
/// (`+`).
fn render_rename(doc: &Document, spec: &str, root: &Path) -> String {
    let mut out = String::new();
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (offset, new_name) = cursor(doc, query);
        writeln!(out, "@ {}", query.trim()).unwrap();
        match retroboard::ide::prepare_rename(doc, offset, &DiskFiles) {
            Ok(Some(range)) => writeln!(
                out,
                "prepare {} {:?}",
                at(doc, &range),
                doc.slice(range.clone())
            )
            .unwrap(),
            Ok(None) => writeln!(out, "prepare (none)").unwrap(),
            Err(reason) => {
                writeln!(out, "refused: {reason}").unwrap();
                continue;
            }
        }
        let replaces = match retroboard::ide::rename(doc, offset, new_name, &DiskFiles) {
            Ok(replaces) => replaces,
            Err(reason) => {
                writeln!(out, "refused: {reason}").unwrap();
                continue;
            }
        };
        let mut paths: Vec<&Path> = Vec::new();
        for r in &replaces {
            if !paths.contains(&r.target.path.as_path()) {
                paths.push(&r.target.path);
            }
        }
        for path in paths {
            let before = std::fs::read_to_string(path).unwrap();
            let mut edits: Vec<(std::ops::Range<usize>, &str)> = replaces
                .iter()
                .filter(|r| r.target.path == path)
                .map(|r| (r.target.range.clone(), r.text.as_str()))
                .collect();
            edits.sort_by_key(|(range, _)| range.start);
            for pair in edits.windows(2) {
                assert!(
                    pair[0].0.end <= pair[1].0.start,
                    "overlapping edits in {path:?}"
                );
            }
            let mut after = before.clone();
            for (range, text) in edits.iter().rev() {
                after.replace_range(range.clone(), text);
            }
            let shown = path.strip_prefix(root).unwrap_or(path).display();
            writeln!(out, "== {shown} ({} edits)", edits.len()).unwrap();
            for (n, (b, a)) in before.lines().zip(after.lines()).enumerate() {
                if b != a {
                    writeln!(out, "-{}: {b}\n+{}: {a}", n + 1, n + 1).unwrap();
                }
            }
        }
    }
    out
}

/// Blocks `@ end`, `@ all`, `@ off` or `@ cursor line:col` (the setting of the file's format,
/// and the cursor whose line is asked for), each also with a range `line:col-line:col` instead
/// of the whole text, followed by every line with hints, the hints written into it as
/// `‹words›`.
fn render_hints(doc: &Document, spec: &str) -> String {
    use retroboard::answers::{HintPlaces, InlayOptions};
    let mut out = String::new();
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let query = query.trim();
        let (mode, rest) = query.split_once(' ').unwrap_or((query, ""));
        let places = HintPlaces::from_setting(mode).expect("@ end | all | cursor L:C | off");
        let range = if rest.is_empty() {
            0..doc.rope().len_bytes()
        } else if let Some((from, to)) = rest.split_once('-') {
            // A range, as an editor asks for the lines it shows: its end is not in it.
            cursor(doc, from).0..cursor(doc, to).0
        } else {
            let (offset, _) = cursor(doc, rest);
            offset..offset
        };
        let options = InlayOptions {
            patience: places,
            cre: places,
            map: places,
        };
        let hints = retroboard::ide::inlay_hints(doc, range, &options, &DiskFiles);
        writeln!(out, "@ {query}").unwrap();
        let rope = doc.rope();
        let mut lines: Vec<usize> = hints.iter().map(|h| rope.byte_to_line(h.offset)).collect();
        lines.dedup();
        for line in lines {
            let start = rope.line_to_byte(line);
            let text = rope.line(line).to_string();
            let text = text.trim_end_matches(['\r', '\n']);
            let mut shown = String::new();
            let mut from = 0;
            for hint in hints.iter().filter(|h| rope.byte_to_line(h.offset) == line) {
                let at = (hint.offset - start).min(text.len());
                shown.push_str(&text[from..at]);
                from = at;
                if hint.before {
                    write!(shown, "‹{}› ", hint.label).unwrap();
                } else {
                    write!(shown, " ‹{}›", hint.label).unwrap();
                }
            }
            shown.push_str(&text[from..]);
            writeln!(out, "{}| {shown}", line + 1).unwrap();
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

/// The places of a one-character finding at each `@ line:col`, then of every finding.
fn render_places(doc: &Document, spec: &str) -> String {
    let format = retroboard::formats::spec(doc.format().unwrap());
    let places = |range: &std::ops::Range<usize>| {
        retroboard::formats::place::places(format, doc, range).join(" | ")
    };
    let mut out = String::new();
    for query in spec.lines().filter_map(|l| l.strip_prefix("@ ")) {
        let (offset, _) = cursor(doc, query);
        writeln!(out, "@ {}\n{}", query.trim(), places(&(offset..offset + 1))).unwrap();
    }
    out.push_str("findings:\n");
    for finding in retroboard::analysis::analyze_with(doc, &DiskFiles) {
        let range = &finding.range;
        writeln!(
            out,
            "{} {}: {}",
            at(doc, range),
            finding.code,
            places(range)
        )
        .unwrap();
    }
    out
}

#[test]
fn hover_outline_and_highlight_snapshots() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let failures = snapshot_failures(update, |_| {});
    if !update {
        assert!(
            failures.is_empty(),
            "{} snapshot(s) differ:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// Every choice the Patience rules engine made where the spec is silent is said by hover in some
/// snapshot, in its words.
#[test]
fn every_patience_choice_is_in_a_hover_snapshot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/patience");
    let mut hovers = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "hover") {
            hovers.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    for (name, choice) in retroboard::formats::patience::fields::choice::ALL {
        let line = format!("In play (the spec does not say): {}.", choice.words);
        assert!(
            hovers.contains(&line),
            "no hover snapshot in {} says the choice {name}: {line}",
            dir.display()
        );
    }
}

/// The same answers from a document as the language server keeps one it opened and nobody
/// edits: checked (its views made), then its tree dropped, parsed again when asked for.
#[test]
fn the_snapshots_are_the_same_once_the_tree_was_dropped() {
    let failures = snapshot_failures(false, |doc| {
        retroboard::analysis::analyze(doc);
        doc.drop_tree();
        assert!(!doc.is_parsed());
    });
    assert!(
        failures.is_empty(),
        "{} snapshot(s) differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The snapshots of every fixture that differ, each rendered from the fixture's document made
/// ready by `prepare`; with `update`, rewritten.
fn snapshot_failures(update: bool, prepare: impl Fn(&mut Document)) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let found = snapshots(
        &root,
        &[
            "hover",
            "outline",
            "highlights",
            "folds",
            "links",
            "nav",
            "complete",
            "rename",
            "hints",
            "places",
        ],
    );
    assert!(!found.is_empty());
    let mut failures = Vec::new();
    for (fixture, snapshot) in found {
        let mut doc = load(&fixture);
        prepare(&mut doc);
        let expected = std::fs::read_to_string(&snapshot).unwrap();
        let actual = match snapshot.extension().and_then(|e| e.to_str()) {
            Some("hover") => render_hover(&doc, &fixture, &expected),
            Some("outline") => {
                let mut out = String::new();
                let symbols = retroboard::ide::outline(&doc);
                render_outline(&doc, &symbols, 0, &mut out);
                out
            }
            Some("nav") => render_navigation(&doc, &expected, &root),
            Some("complete") => render_completions(&doc, &expected),
            Some("rename") => render_rename(&doc, &expected, &root),
            Some("hints") => render_hints(&doc, &expected),
            Some("folds") => render_folds(&doc),
            Some("places") => render_places(&doc, &expected),
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
    failures
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
        // Drawn from the findings of the document's last check (as the server does): the same.
        let findings = retroboard::analysis::analyze_with(&doc, &DiskFiles);
        assert_eq!(
            retroboard::render::preview_with(&doc, &DiskFiles, &findings),
            preview,
            "{}",
            fixture.display()
        );
        // Where a click leads is worked out without drawing: the same elements, and with
        // their actions asked for, the same actions.
        let mut elements = retroboard::render::source_map(&doc, &DiskFiles);
        assert!(elements.iter().all(|e| e.actions.is_empty()));
        let actions = retroboard::render::with_actions(&doc, &DiskFiles, &mut elements);
        assert_eq!(elements, preview.source_map, "{}", fixture.display());
        assert_eq!(actions, preview.actions, "{}", fixture.display());
        // Each action offered once, each named by some element.
        for (at, action) in preview.actions.iter().enumerate() {
            assert!(
                !preview.actions[..at].iter().any(|a| a.id == action.id),
                "{}: {} twice",
                fixture.display(),
                action.id
            );
            assert!(
                preview.source_map.iter().any(|e| e.actions.contains(&at)),
                "{}: {} offered by none",
                fixture.display(),
                action.id
            );
        }
        for element in &preview.source_map {
            let attribute = format!("data-rb-id='{}'", retroboard::draw::escape(&element.id));
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
                retroboard::ide::highlights(&doc).to_vec(),
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

/// Completion anywhere in any fixture never panics, and every item replaces text on the
/// cursor's line that holds the cursor (what LSP requires of a completion's edit).
#[test]
fn completion_anywhere_in_every_fixture_replaces_around_the_cursor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut files = Vec::new();
    fixture_files(&root, &mut files);
    let mut asked = 0;
    for path in files {
        let doc = load(&path);
        let text = doc.text();
        // Every line's start, end and a few places between.
        let mut offsets: Vec<usize> = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n').take(30) {
            let end = start + line.trim_end_matches(['\r', '\n']).len();
            for at in [start, (start + end) / 2, end] {
                let mut at = at.clamp(start, end);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                offsets.push(at);
            }
            start += line.len();
        }
        for offset in offsets {
            asked += 1;
            for item in retroboard::ide::completions(&doc, offset, &DiskFiles) {
                let line = doc.rope().byte_to_line(offset);
                assert!(
                    item.range.start <= offset && offset <= item.range.end,
                    "{}: {item:?} at {offset}",
                    path.display()
                );
                assert_eq!(
                    doc.rope().byte_to_line(item.range.start),
                    line,
                    "{}: {item:?}",
                    path.display()
                );
                assert!(!item.label.is_empty());
            }
        }
    }
    assert!(asked > 500);
}

/// A VAR value followed by more words (the fuzzer's `MAXPLAYERS:[ 11`): completion replaces
/// the word at the cursor, never one before it.
#[test]
fn var_completion_replaces_the_word_at_the_cursor() {
    let text = "MAP:Tiny.map\nMAXPLAYERS:[ 11\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusVar,
        "/nonexistent/retroboard/Tiny/Tiny.var",
        text,
    );
    let at = |s: &str| text.find(s).unwrap();
    for (offset, replaced) in [
        (at("11") + 2, at("11")..at("11") + 2),
        (at("11") + 1, at("11")..at("11") + 2),
        (at("11"), at("11")..at("11") + 2),
        (at("[") + 1, at("[")..at("[") + 1),
        (at("[") + 2, at("11")..at("11") + 2),
    ] {
        let items = retroboard::ide::completions(&doc, offset, &DiskFiles);
        assert!(!items.is_empty(), "no item at {offset}");
        for item in items {
            assert_eq!(item.range, replaced, "at {offset}: {item:?}");
        }
    }
    // In the blanks between two words: inserted at the cursor.
    let blanks = "MAXPLAYERS:  4\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusVar,
        "/nonexistent/retroboard/Tiny/Tiny.var",
        blanks,
    );
    for item in retroboard::ide::completions(&doc, 12, &DiskFiles) {
        assert_eq!(item.range, 12..12, "{item:?}");
    }
}

/// Completion at every offset of a CRLF TER, between a CR and its LF too (the fuzzer's: the
/// ACQUIRABLE restriction's terrains sliced the line past its end): no panic, and every item
/// holds the cursor; none between CR and LF.
#[test]
fn completion_at_every_offset_of_a_crlf_ter() {
    let text = "B grün Brush true 3 Minotaur 3 Ogre -1 Titan\r\n\r\nACQUIRABLE 100 Angel 500 Archangel Tower,Br\r\nT Tower 0 Anything\r\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusTer,
        "/nonexistent/retroboard/Tiny/Tiny.ter",
        text,
    );
    for offset in (0..=text.len()).filter(|i| text.is_char_boundary(*i)) {
        let items = retroboard::ide::completions(&doc, offset, &DiskFiles);
        let in_break = text[..offset].ends_with('\r') && text[offset..].starts_with('\n');
        assert!(!in_break || items.is_empty(), "at {offset}: {items:?}");
        for item in items {
            assert!(
                item.range.start <= offset && offset <= item.range.end,
                "at {offset}: {item:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Readable previews (issue 25, item 4 and 6).

/// A document of `format` with `text`, as if read from `path` (its file name is in titles).
fn doc_at(format: retroboard::registry::FormatId, path: &str, text: &str) -> Document {
    Document::new(Some(format), text).with_path(Some(std::path::PathBuf::from(path)))
}

/// The SVG group of element `id`: from its `data-rb-id` to the end of its group.
fn svg_group<'a>(svg: &'a str, id: &str) -> &'a str {
    let start = svg
        .find(&format!("data-rb-id='{id}'"))
        .unwrap_or_else(|| panic!("no element {id} in {svg}"));
    let end = svg[start..].find("</g>").map_or(svg.len(), |e| start + e);
    &svg[start..end]
}

/// The texts of `<text>` elements in an SVG fragment, with their x, y and font size.
fn svg_texts(svg: &str) -> Vec<(f64, f64, f64, String)> {
    let number = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!(" {name}='")).map(|i| i + name.len() + 3);
        at.and_then(|i| tag[i..].split('\'').next()?.parse().ok())
            .unwrap_or(0.0)
    };
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        let tag_end = rest[i..].find('>').unwrap() + i;
        let close = rest[tag_end..].find("</text>").unwrap() + tag_end;
        let tag = &rest[i..tag_end];
        let text = rest[tag_end + 1..close]
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
        out.push((
            number(tag, "x"),
            number(tag, "y"),
            number(tag, "font-size"),
            text,
        ));
        rest = &rest[close..];
    }
    out
}

fn svg_width(svg: &str) -> f64 {
    let at = svg.find(" width='").unwrap() + 8;
    svg[at..].split('\'').next().unwrap().parse().unwrap()
}

#[test]
fn ter_drawing_shows_the_towers_whole_recruit_chain() {
    // The Tower of the Default variant: the longest chain of the corpus.
    let text = "B brown Brush true 2 Gargoyle 2 Cyclops 2 Gorgon\n\
T grey        Tower     false 0 Anything 0 Centaur 0 Anything 0 Gargoyle 0 Anything 0  Ogre 0 AnyNonLord 3 Guardian -1 Titan 1 Warlock\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusTer,
        "/v/Default.ter",
        text,
    );
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    let width = svg_width(&preview.svg);
    let texts = svg_texts(svg_group(&preview.svg, "terrain:T"));
    let chain: Vec<&(f64, f64, f64, String)> = texts.iter().filter(|t| t.0 == 150.0).collect();
    assert!(chain.len() >= 2, "the Tower's chain wraps: {texts:?}");
    let joined = chain
        .iter()
        .map(|t| t.3.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        joined,
        "0 Anything → 0 Centaur → 0 Anything → 0 Gargoyle → 0 Anything → 0 Ogre → \
0 AnyNonLord → 3 Guardian → -1 Titan → 1 Warlock"
    );
    for (x, _, size, line) in &chain {
        // About 0.6 of the font size a character: every line ends inside the drawing.
        let end = x + line.chars().count() as f64 * size * 0.6;
        assert!(
            end <= width,
            "{line:?} ends at {end}, the drawing is {width} wide"
        );
    }
    // The rows below move down: the Brush row's text is above the Tower's last line.
    let lines_y: Vec<f64> = chain.iter().map(|t| t.1).collect();
    assert!(lines_y.windows(2).all(|w| w[1] > w[0]), "{lines_y:?}");
    assert!(preview.text.contains("3 Guardian → -1 Titan → 1 Warlock"));
    let png = retroboard::render::png(&preview.svg).unwrap();
    assert!(!png.is_empty());
}

#[test]
fn a_terrain_colour_colossus_does_not_know_is_drawn_black() {
    // `gray` is not a colour of the game (`grey` is): it paints the terrain black.
    let text = "B gray Brush true 2 Gargoyle\nP grey Plains true 2 Centaur\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusTer,
        "/v/Colours.ter",
        text,
    );
    let findings = retroboard::analysis::analyze_with(&doc, &DiskFiles);
    assert!(
        findings.iter().any(|f| f.message.contains("black")),
        "the finding says the game draws it black: {findings:?}"
    );
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    let brush = svg_group(&preview.svg, "terrain:B");
    assert!(
        brush.contains("<rect") && brush.contains("fill='#000000'"),
        "{brush}"
    );
    // Its letter stays readable on black.
    assert!(brush.contains("fill='#ffffff'"), "{brush}");
    let plains = svg_group(&preview.svg, "terrain:P");
    assert!(plains.contains("fill='#bebebe'"), "{plains}");
}

#[test]
fn battleland_legend_names_every_colour_letter_and_number_drawn() {
    let text = "3 2 v 1 2 c\n2 2 t 0\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusBattleland,
        "/v/Battlelands/Volcano",
        text,
    );
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    let svg = &preview.svg;
    let width = svg_width(svg);
    let texts = svg_texts(svg);
    let words: Vec<&str> = texts.iter().map(|t| t.3.as_str()).collect();
    // Each hexside type drawn with its colour beside its name.
    for (letter, name, colour) in [
        ('d', "dune", "#e0b060"),
        ('c', "cliff", "#7a4a1a"),
        ('s', "slope", "#8a9a40"),
        ('w', "wall", "#464646"),
    ] {
        let label = format!("{letter} {name}");
        let (x, y, _, _) = texts
            .iter()
            .find(|t| t.3 == label)
            .unwrap_or_else(|| panic!("no {label:?} in {words:?}"));
        let swatch = format!(
            "x2='{}' y2='{}' fill='none' stroke='{colour}'",
            x - 4.0,
            y - 4.0
        );
        assert!(
            svg.contains(&swatch),
            "no {colour} swatch before {label:?}: {svg}"
        );
    }
    // The letters and numbers on the hexes are explained.
    let legend = words.join(" ");
    for needed in ["p plains", "t tree", "v volcano", "+N elevation"] {
        assert!(
            legend.contains(needed),
            "{needed:?} is not in the legend: {words:?}"
        );
    }
    assert!(
        !legend.contains("w tower"),
        "only the terrains drawn: {words:?}"
    );
    assert!(
        words.contains(&"v +1"),
        "the volcano at elevation 1: {words:?}"
    );
    for (x, _, size, line) in &texts {
        let end = x + line.chars().count() as f64 * size * 0.6;
        assert!(end <= width + 0.5, "{line:?} ends at {end} of {width}");
    }
    assert!(
        preview
            .text
            .contains("terrains: p plains · t tree · v volcano")
    );
    assert!(
        preview
            .text
            .contains("hexsides: d dune · c cliff · s slope · w wall")
    );
}

#[test]
fn a_peg_board_shows_its_title_once() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/peg/clean-v1.brd");
    let doc = load(&path);
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    let title = retroboard::draw::escape(&preview.title);
    assert_eq!(
        preview.svg.matches(&title).count(),
        1,
        "the title only as the SVG's <title> (the preview shows it as its heading): {}",
        preview.svg
    );
    assert!(preview.svg.contains(&format!("<title>{title}</title>")));
}

#[test]
fn a_file_in_a_later_colossus_format_says_it_is_not_drawn() {
    // A TER with terrain letters in a variant whose masterboard names its terrains (2003-10):
    // the game of that era would misread it, so it is not read.
    struct Mixed;
    impl retroboard::formats::Files for Mixed {
        fn read(&self, path: &Path) -> Option<std::sync::Arc<str>> {
            let text = match path.to_str()? {
                "/later/Mixed/Mixed.var" => "MAP:Mixed.map\nTER:Mixed.ter\n",
                "/later/Mixed/Mixed.map" => {
                    "15 8\n\n1\tPlains\t2\tARROWS\t0\tARCH\t0\tARROW\t7\t5\n\
2\tWoods\t1\tARROWS\t0\tARCH\t0\tARROW\t8\t5\n"
                }
                "/later/Mixed/Mixed.ter" => TER,
                _ => return None,
            };
            Some(text.into())
        }
    }
    const TER: &str = "P yellow Plains true 1 Centaur 2 Lion\nW olive Woods true 1 Centaur\n";
    let doc = doc_at(
        retroboard::registry::FormatId::ColossusTer,
        "/later/Mixed/Mixed.ter",
        TER,
    );
    let findings = retroboard::analysis::analyze_with(&doc, &Mixed);
    assert!(
        findings
            .iter()
            .any(|f| f.code == "colossus/unsupported-dialect"),
        "{findings:?}"
    );
    let preview = retroboard::render::preview(&doc, &Mixed);
    let said =
        "This file is in a later Colossus format and is not drawn yet (see the note on line 1).";
    assert_eq!(preview.title, said);
    assert_eq!(preview.text, format!("{said}\n"));
    assert!(
        !preview.svg.contains("<polygon"),
        "no hexes drawn: {}",
        preview.svg
    );
    assert!(preview.source_map.is_empty());
    let texts = svg_texts(&preview.svg);
    assert_eq!(texts.len(), 1);
    let (x, _, size, line) = &texts[0];
    let half = line.chars().count() as f64 * size * 0.6 / 2.0;
    assert!(
        x - half >= 0.0 && x + half <= svg_width(&preview.svg),
        "the message fits"
    );
}

#[test]
fn masterboard_legend_names_the_terrain_letters_and_the_exit_symbols() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus/Tiny/Tiny.map");
    let doc = load(&path);
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    let texts = svg_texts(&preview.svg);
    let words: Vec<&str> = texts.iter().map(|t| t.3.as_str()).collect();
    let width = svg_width(&preview.svg);
    // Each terrain with a swatch of its hexes' colour before its letter and name.
    for (entry, colour) in [("B Brush", "#00ff00"), ("T Tower", "#000000")] {
        let (x, y, _, _) = texts
            .iter()
            .find(|t| t.3 == entry)
            .unwrap_or_else(|| panic!("no {entry:?} in {words:?}"));
        let swatch = format!(
            "<rect x='{}' y='{}' width='9' height='9' class='ink-line' fill='{colour}'",
            x - 12.0,
            y - 8.0
        );
        assert!(
            preview.svg.contains(&swatch),
            "no {swatch} in {}",
            preview.svg
        );
    }
    let exits = texts
        .iter()
        .position(|t| t.3 == "exits:")
        .unwrap_or_else(|| panic!("no exit legend: {words:?}"));
    let names: Vec<&str> = texts[exits + 1..].iter().map(|t| t.3.as_str()).collect();
    assert_eq!(
        names,
        [
            "ARROW",
            "ARROWS",
            "ARCH",
            "BLOCK",
            "· thick outline: a tower"
        ]
    );
    // Each name has its symbol before it, as drawn on the board: triangles, a circle, a square.
    let legend = &preview.svg[preview.svg.find(">exits:<").unwrap()..];
    assert_eq!(
        legend.matches("<polygon").count(),
        4,
        "one arrow and three: {legend}"
    );
    assert_eq!(legend.matches("<circle").count(), 1, "{legend}");
    assert_eq!(legend.matches("<rect").count(), 1, "{legend}");
    for (x, _, size, line) in &texts[exits..] {
        let end = x + line.chars().count() as f64 * size * 0.6;
        assert!(end <= width, "{line:?} ends at {end} of {width}");
    }
}

/// Renaming a terrain letter renames it in every file that gives it its meaning for a variant
/// reading the files renamed: TitanPlus plays on Default.map with TitanPlus.ter, so renaming
/// the W of Default.ter renames TitanPlus.ter's W too (it left it before, and TitanPlus's board
/// then had six hexes of a terrain its TER does not define).
#[test]
fn a_terrain_letter_is_renamed_for_every_variant_playing_on_the_map() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("retroboard-ide-{}-rename", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for variant in ["Default", "TitanPlus", "Outlands"] {
        let from = corpus.join("colossus").join(variant);
        std::fs::create_dir_all(dir.join(variant)).unwrap();
        for entry in std::fs::read_dir(&from).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_file() {
                std::fs::copy(entry.path(), dir.join(variant).join(entry.file_name())).unwrap();
            }
        }
    }
    let ter = dir.join("Default/Default.ter");
    let doc = load(&ter);
    let offset = doc.text().find("\nW olive").unwrap() + 1;
    let replaces = retroboard::ide::rename(&doc, offset, "V", &DiskFiles).unwrap();
    let mut edited: Vec<String> = replaces
        .iter()
        .map(|r| {
            let path = r.target.path.strip_prefix(&dir).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect();
    edited.dedup();
    assert_eq!(
        edited,
        [
            "Default/Default.ter",
            "TitanPlus/TitanPlus.ter",
            "Default/Default.map",
            "Outlands/Outlands.map"
        ]
    );
    assert!(replaces.iter().all(|r| r.text == "V"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The holes' rows and columns are numbered on the board, as the steps of a solution name them
/// ("row 4, column 6"): the numbers of a straight board stand left of its rows and over its
/// columns; a board whose rows are shifted by half squares numbers its rows only.
#[test]
fn a_peg_board_numbers_its_rows_and_columns() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let corpus = corpus.join("pegsolitaire/v2");
    let numbers = |file: &str| {
        let doc = load(&corpus.join(file));
        let svg = retroboard::render::preview(&doc, &DiskFiles).svg;
        let texts = svg_texts(&svg);
        let small: Vec<(f64, f64, String)> = texts
            .into_iter()
            .filter(|(_, _, size, text)| *size == 9.0 && text.parse::<u32>().is_ok())
            .map(|(x, y, _, text)| (x, y, text))
            .collect();
        small
    };
    let english = numbers("English Standard Board.brd");
    let (rows, mut columns): (Vec<_>, Vec<_>) = english.iter().partition(|(x, _, _)| *x < 24.0);
    columns.sort_by(|a, b| a.0.total_cmp(&b.0));
    let names = |v: &[&(f64, f64, String)]| v.iter().map(|t| t.2.clone()).collect::<Vec<_>>();
    assert_eq!(names(&rows), ["1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(names(&columns), ["1", "2", "3", "4", "5", "6", "7"]);
    // Each column's number over the middle of its holes, one square (40 px) apart.
    let xs: Vec<f64> = columns.iter().map(|t| t.0).collect();
    assert!(xs.windows(2).all(|w| w[1] - w[0] == 40.0), "{xs:?}");
    let arrow = numbers("Arrow.brd");
    assert!(
        arrow.iter().all(|(x, _, _)| *x < 24.0) && arrow.len() == 7,
        "rows only on a shifted board: {arrow:?}"
    );
}

/// The colour names the real TER files use, with the colour the game draws for each (its
/// `HTMLColor` class): pinned here, apart from the table the server draws with.
const CORPUS_COLOURS: [(&str, [u8; 3]); 17] = [
    ("blue", [0, 0, 255]),
    ("darkGray", [167, 167, 167]),
    ("darkGreen", [0, 100, 0]),
    ("green", [0, 255, 0]),
    ("grey", [190, 190, 190]),
    ("indigo", [75, 0, 130]),
    ("olive", [128, 128, 0]),
    ("orange", [255, 165, 0]),
    ("pink", [255, 192, 203]),
    ("purple", [160, 32, 240]),
    ("red", [255, 0, 0]),
    ("saddleBrown", [139, 69, 19]),
    ("sienna", [160, 82, 45]),
    ("skyBlue", [135, 206, 235]),
    ("violet", [238, 130, 238]),
    ("white", [255, 255, 255]),
    ("yellow", [255, 255, 0]),
];

/// Where each terrain line of a TER writes its colour, read plainly from the text: the second
/// word of a line (the first in a 2003-10 TER, whose lines have no letter) that is not blank, a
/// comment, an `ACQUIRABLE` or a `TITAN…` line.
fn colour_words(text: &str, no_letter: bool) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let words: Vec<(usize, &str)> = line
            .split([' ', '\t', '\r', '\n'])
            .scan(0, |at, word| {
                let here = *at;
                *at += word.len() + 1;
                Some((here, word))
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        let first = words.first().map_or("", |w| w.1);
        if !(first.is_empty()
            || first.starts_with('#')
            || first == "ACQUIRABLE"
            || first.starts_with("TITAN"))
        {
            let (at, word) = words[usize::from(!no_letter)];
            out.push(start + at..start + at + word.len());
        }
        start += line.len();
    }
    out
}

/// Every colour name of every TER of the corpus (the later dialects' too) gets a swatch of the
/// colour the game draws for it; picking a swatch's own colour offers its name first, and writing
/// that name in its place leaves the file byte for byte as it was.
#[test]
fn every_corpus_ter_colour_has_its_swatch_and_picks_back_its_name() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let (mut files, mut colours) = (0, 0);
    for path in corpus::files_below(&root) {
        if path.extension().is_none_or(|e| e != "ter") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = load(&path);
        let no_letter = path.to_string_lossy().contains("2003-10");
        let swatches = retroboard::ide::colors(&doc);
        let ranges: Vec<_> = swatches.iter().map(|s| s.range.clone()).collect();
        assert_eq!(ranges, colour_words(&text, no_letter), "{}", path.display());
        for swatch in &swatches {
            let name = &text[swatch.range.clone()];
            let rgb = CORPUS_COLOURS
                .iter()
                .find(|(n, _)| *n == name)
                .unwrap_or_else(|| panic!("{name} in {}", path.display()))
                .1;
            assert_eq!(swatch.rgb, rgb, "{name} in {}", path.display());
            let offered = retroboard::ide::color_names(&doc, swatch.range.clone(), swatch.rgb);
            assert_eq!(offered.len(), 5, "{offered:?}");
            assert_eq!(offered[0], name, "{}", path.display());
            let mut written = text.clone();
            written.replace_range(swatch.range.clone(), &offered[0]);
            assert_eq!(written, text);
            colours += 1;
        }
        files += 1;
    }
    assert_eq!((files, colours), (24, 415));
}

/// A swatch of a name the game does not know is black, as the game paints it; a word cut short
/// by a character no token takes has none; the picker offers the names nearest the colour
/// chosen, and nothing where no colour is written.
#[test]
fn unknown_colours_are_black_and_the_picker_offers_the_nearest_names() {
    let text = "B grün Brush true 1 Gargoyle\n\nB grn Brush true 1 Gargoyle\n\n\
T black Tower false 3 Centaur 3 Gargoyle 3 Ogre\n";
    let doc = Document::new(Some(retroboard::registry::FormatId::ColossusTer), text);
    let swatches = retroboard::ide::colors(&doc);
    let found: Vec<_> = swatches
        .iter()
        .map(|s| (&text[s.range.clone()], s.rgb))
        .collect();
    assert_eq!(found, [("grn", [0, 0, 0]), ("black", [0, 0, 0])]);
    let grun = swatches[0].range.clone();
    // `gr` of `grün` is no colour: nothing to replace.
    assert_eq!(
        retroboard::ide::color_names(&doc, 2..4, [0, 255, 0]),
        Vec::<String>::new()
    );
    assert_eq!(
        retroboard::ide::color_names(&doc, grun.clone(), [10, 250, 5]),
        [
            "green",
            "limeGreen",
            "lawnGreen",
            "chartReuse",
            "GreenColossus"
        ]
    );
    // Black is two names of the game: the one written comes first.
    assert_eq!(
        retroboard::ide::color_names(&doc, swatches[1].range.clone(), [0, 0, 0])[..2],
        ["black", "BlackColossus"]
    );
    assert_eq!(
        retroboard::ide::color_names(&doc, grun.start..grun.end - 1, [0, 0, 0]),
        Vec::<String>::new()
    );
}
