//! Board edits, as a click on the preview makes them: each `<name>.<ext>` under `tests/edits/`
//! has a `.edit` holding `ID ACTION`, and either an `.after` (the file once edited, byte for
//! byte: encoding, byte order mark and line ends included) or a `.refused` (the one line saying
//! why the change would be a guess). Each is applied through the library and through
//! `retroboard edit`; `UPDATE_EXPECT=1 cargo test --test edits` writes the `.after` and
//! `.refused` files: read them before committing.
//!
//! And over every file of an edited format (these, `tests/fixtures/`, the real peg boards and
//! Colossus files of the corpus): every action every element of the preview offers, applied,
//! gives a text that still parses, changes only the element (and the lines that must follow
//! it, or the blanks of a column it widens), and makes the element what was asked. A template
//! action (`place:X,Y`) is applied filled with a few places.

use std::path::{Path, PathBuf};
use std::process::Command;

use retroboard::draw::Element;
use retroboard::findings::{Finding, Severity, TextEdit, apply_edits};
use retroboard::formats::{Chosen, DiskFiles};
use retroboard::registry::{FormatId, detect};
use retroboard::render::edit::{EditError, board_edit};
use retroboard::syntax::Document;
use retroboard::text::{decode, edit_bytes};

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/lsp_client.rs"]
mod lsp_client;
#[path = "support/fixtures.rs"]
mod support_fixtures;

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

fn root(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(folder)
        .canonicalize()
        .unwrap()
}

/// The formats whose boards are edited so far.
const EDITED: [FormatId; 6] = [
    FormatId::PegBrd,
    FormatId::CrossminesPattern,
    FormatId::OthelloBord,
    FormatId::ColossusMap,
    FormatId::ColossusBattleland,
    FormatId::PatienceGame,
];

/// Every `.edit` under `tests/edits/`, with the file it edits.
fn edit_files() -> Vec<(PathBuf, String, String)> {
    let mut files = Vec::new();
    support_fixtures::fixture_files(&root("edits"), &mut files);
    let mut out = Vec::new();
    for path in files {
        if path.extension().is_none_or(|e| e != "edit") {
            continue;
        }
        let line = std::fs::read_to_string(&path).unwrap();
        let (id, action) = line
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: not `ID ACTION`", path.display()));
        out.push((path.with_extension(""), id.to_string(), action.to_string()));
    }
    assert!(out.len() >= 40, "only {} edits found", out.len());
    out
}

fn beside(path: &Path, extension: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(extension);
    PathBuf::from(name)
}

/// The document of a file as `check` reads it (its settings' `[game]` included), and those
/// files.
fn load(path: &Path) -> (Vec<u8>, Document, retroboard::formats::GameChoice) {
    let bytes = std::fs::read(path).unwrap();
    let (text, _) = decode(&bytes).unwrap();
    let doc = Document::new(detect(Some(path), &text), &text).with_path(Some(path.to_path_buf()));
    let game = support_fixtures::settings_of(path)
        .map(|s| s.game)
        .unwrap_or_default();
    (bytes, doc, game)
}

/// The library's answer for one fixture: the bytes after, or the refusal's line.
fn through_library(path: &Path, id: &str, action: &str) -> Result<Vec<u8>, String> {
    let (bytes, doc, game) = load(path);
    let files = Chosen {
        files: &DiskFiles,
        game,
        searched: None,
    };
    let (text, encoding) = decode(&bytes).unwrap();
    match board_edit(&doc, &files, id, action) {
        Ok(edits) => Ok(edit_bytes(&bytes, &text, encoding, &edits).unwrap()),
        Err(EditError::Refused(reason)) => Err(reason),
        Err(other) => panic!("{}: {other}", path.display()),
    }
}

/// Checks `actual` against the snapshot `expected` (written when updating).
fn compare(
    expected_path: &Path,
    actual: &[u8],
    other: &Path,
    update: bool,
    failures: &mut Vec<String>,
) {
    let expected = std::fs::read(expected_path).ok();
    if expected.as_deref() == Some(actual) {
        return;
    }
    if update {
        std::fs::write(expected_path, actual).unwrap();
        let _ = std::fs::remove_file(other);
        return;
    }
    failures.push(format!(
        "{}:\n--- expected\n{}\n+++ actual\n{}",
        expected_path.display(),
        String::from_utf8_lossy(expected.as_deref().unwrap_or(b"(none)")),
        String::from_utf8_lossy(actual)
    ));
}

#[test]
fn edit_fixtures_through_the_library() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    let mut formats = std::collections::BTreeSet::new();
    let mut refused = 0;
    for (path, id, action) in edit_files() {
        let (_, doc, _) = load(&path);
        formats.extend(doc.format());
        let (after, refusal) = (beside(&path, "after"), beside(&path, "refused"));
        match through_library(&path, &id, &action) {
            Ok(bytes) => compare(&after, &bytes, &refusal, update, &mut failures),
            Err(reason) => {
                refused += 1;
                compare(
                    &refusal,
                    format!("{reason}\n").as_bytes(),
                    &after,
                    update,
                    &mut failures,
                );
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} edit(s) differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(formats, EDITED.into_iter().collect());
    assert!(refused >= 8, "only {refused} refusals");
}

/// Every fixture through `retroboard edit`: written in place (the same bytes as the library's),
/// or refused with exit 1 and the reason on one line, the file untouched; with `--diff`
/// nothing is written.
#[test]
fn edit_fixtures_through_the_cli() {
    let scratch = std::env::temp_dir().join(format!("retroboard-edits-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    for (path, id, action) in edit_files() {
        // A Colossus file with its variant (the TER its terrains come from, the settings that
        // choose the game version): the whole folder, the one above `Battlelands` for a
        // battleland.
        let mut folder = path.parent().unwrap();
        if folder.ends_with("Battlelands") {
            folder = folder.parent().unwrap();
        }
        let copied = scratch.join(folder.file_name().unwrap());
        copy_folder(folder, &copied);
        let copy = copied.join(path.strip_prefix(folder).unwrap());
        let before = std::fs::read(&path).unwrap();
        let run = |extra: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_retroboard"))
                .arg("edit")
                .arg(&copy)
                .args(["--at", &id, "--set", &action])
                .args(extra)
                .output()
                .unwrap()
        };
        let shown = path.display();
        let diff = run(&["--diff"]);
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            before,
            "{shown}: --diff wrote"
        );
        let out = run(&[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        match std::fs::read(beside(&path, "after")) {
            Ok(after) => {
                assert_eq!(out.status.code(), Some(0), "{shown}: {stderr}");
                assert_eq!(std::fs::read(&copy).unwrap(), after, "{shown}");
                assert_eq!(diff.status.code(), Some(0), "{shown}");
                let diff = String::from_utf8(diff.stdout).unwrap();
                assert!(
                    // A row added is a line added only, a row removed a line removed only.
                    diff.starts_with("--- ") && (diff.contains("\n-") || diff.contains("\n+")),
                    "{shown}: {diff}"
                );
            }
            Err(_) => {
                let reason = std::fs::read_to_string(beside(&path, "refused")).unwrap();
                assert_eq!(out.status.code(), Some(1), "{shown}: {stderr}");
                assert_eq!(
                    stderr,
                    format!(
                        "retroboard: cannot edit {}: {reason}",
                        copy.to_string_lossy()
                    ),
                    "{shown}"
                );
                assert_eq!(std::fs::read(&copy).unwrap(), before, "{shown}");
                assert_eq!(diff.status.code(), Some(1), "{shown}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Usage problems exit 2 with one line: an element the board lacks names those that can
/// change, an action the element lacks names those it offers (a template filled wrongly
/// too); a file that is not there.
#[test]
fn the_cli_names_what_an_element_offers() {
    let file = root("edits").join("othello/chip-black.bord");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_retroboard"))
            .arg("edit")
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let path = file.to_str().unwrap();
    let (code, stderr) = run(&[path, "--at", "square:C4", "--set", "chip:red", "--diff"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        format!(
            "retroboard: cannot edit {path}: square:C4 cannot be changed to chip:red; it can \
become chip:black, chip:white\n"
        )
    );
    let (code, stderr) = run(&[path, "--at", "square:I9", "--set", "empty", "--diff"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        format!(
            "retroboard: cannot edit {path}: the board has no element square:I9; the elements \
that can change are square:A1 to square:H8 (64)\n"
        )
    );
    // Holes and other fields have ids of their own kinds, each named apart.
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/English Standard.brd");
    let board = board.to_str().unwrap();
    let (code, stderr) = run(&[board, "--at", "field:3:3", "--set", "empty", "--diff"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        format!(
            "retroboard: cannot edit {board}: the board has no element field:3:3; the elements \
that can change are board, field:0:0 to field:6:6 (16), hole:0:2 to hole:6:4 (33)\n"
        )
    );
    // A template is taken filled with two non-negative integers, and only so.
    let game = root("edits").join("patience/place.pat");
    let game = game.to_str().unwrap();
    for wrong in ["place:-5,4", "place:X,Y", "place:4", "place:4,4,4"] {
        let (code, stderr) = run(&[game, "--at", "pile:3", "--set", wrong, "--diff"]);
        assert_eq!(code, Some(2));
        assert_eq!(
            stderr,
            format!(
                "retroboard: cannot edit {game}: pile:3 cannot be changed to {wrong}; it can \
become place:X,Y, place-exact:X,Y\n"
            )
        );
    }
    let (code, _) = run(&[game, "--at", "pile:3", "--set", "place-exact:0,0", "--diff"]);
    assert_eq!(code, Some(0));
    let (code, stderr) = run(&[path, "--at", "board", "--set", "empty", "--diff"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("board cannot be set to empty"), "{stderr}");
    let (code, stderr) = run(&["/no/such/file.bord", "--at", "square:A1", "--set", "empty"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.starts_with("retroboard: cannot read /no/such/file.bord"),
        "{stderr}"
    );
    let (code, _) = run(&[path, "--at", "square:A1"]);
    assert_eq!(code, Some(2));
}

fn syntax_errors(findings: &[Finding]) -> usize {
    findings
        .iter()
        .filter(|f| f.code.ends_with("/syntax-error") && f.severity == Severity::Error)
        .count()
}

/// Whether the grammar reads the whole text (what the syntax errors are made from).
fn parses(doc: &Document) -> bool {
    doc.tree().is_some_and(|t| !t.root_node().has_error())
}

/// The lines (0-based) a byte range touches.
fn lines_of(doc: &Document, range: &std::ops::Range<usize>) -> std::ops::RangeInclusive<usize> {
    let rope = doc.rope();
    rope.byte_to_line(range.start)..=rope.byte_to_line(range.end.max(range.start))
}

/// Whether an edit of `element` changes only what the edit of its kind may: the element's own
/// text, and besides it a peg board's other goals (their `>` or letter, one character), an
/// Othello board's lines 1–3 or a Crossmines pattern's grid sizes.
fn allowed(doc: &Document, element: &Element, edit: &TextEdit) -> bool {
    let inside = element.source.start <= edit.range.start && edit.range.end <= element.source.end;
    // A v1 goal marker goes just before the element.
    let before = edit.range.is_empty() && edit.range.start == element.source.start;
    if inside || before {
        return true;
    }
    match doc.format() {
        Some(FormatId::OthelloBord) => *lines_of(doc, &edit.range).end() <= 2,
        // The grid's sizes, lines 7 and 8, follow a row or column added or removed.
        Some(FormatId::CrossminesPattern) if element.id == "stamp" => {
            let lines = lines_of(doc, &edit.range);
            (6..=7).contains(lines.start()) && (6..=7).contains(lines.end())
        }
        Some(FormatId::PegBrd) => {
            let old = &doc.text()[edit.range.clone()];
            (old == ">" && edit.insert.is_empty())
                || (old.len() == 1 && edit.insert.eq_ignore_ascii_case(old))
        }
        // A record line: its fields, the blanks beside them; elsewhere only the blanks of a
        // column widened to hold the new value.
        Some(FormatId::ColossusMap | FormatId::ColossusBattleland | FormatId::PatienceGame) => {
            let blanks = |t: &str| t.bytes().all(|b| b == b' ' || b == b'\t');
            let on_its_line = lines_of(doc, &edit.range) == lines_of(doc, &element.source);
            on_its_line || (blanks(&doc.text()[edit.range.clone()]) && blanks(&edit.insert))
        }
        _ => false,
    }
}

/// The places a template action (`place:X,Y`) is tried with: filled in, each element its own
/// (snapped and exact places alike).
fn filled(action: &str, element: usize) -> Vec<String> {
    let Some(prefix) = action.strip_suffix("X,Y") else {
        return vec![action.to_string()];
    };
    let n = element * 37;
    [(n % 700, n % 450), (n % 700 + 500, 7)]
        .iter()
        .map(|(x, y)| format!("{prefix}{x},{y}"))
        .collect()
}

/// How much of a file [`every_action`] tries: every `nth` action of each element (counted over
/// the file), the findings after the first edit of each element or only of the file.
#[derive(Clone, Copy)]
struct Sample {
    nth: usize,
    findings_per_element: bool,
}

const ALL: Sample = Sample {
    nth: 1,
    findings_per_element: true,
};

/// Every offered action of every element of `path`'s preview, applied; `None` when the file is
/// not of an edited format. Returns how many edits were made and how many refused.
fn every_action(path: &Path, sample: Sample, failures: &mut Vec<String>) -> Option<(usize, usize)> {
    let (bytes, doc, game) = load(path);
    if !EDITED.contains(&doc.format()?) || doc.unparsed().is_some() || doc.cut().is_some() {
        return None;
    }
    let files = Chosen {
        files: &DiskFiles,
        game,
        searched: None,
    };
    let (text, encoding) = decode(&bytes).unwrap();
    let parsed = parses(&doc);
    // Colossus checks read a line's fields beyond the grammar: an edit may leave such errors
    // as they were, but add none.
    let errors_before = if parsed {
        syntax_errors(&retroboard::analysis::analyze_with(&doc, &files))
    } else {
        0
    };
    let mut elements = retroboard::render::source_map(&doc, &files);
    let table = retroboard::render::with_actions(&doc, &files, &mut elements);
    let spec = retroboard::formats::spec(doc.format()?);
    let (mut made, mut refused, mut seen, mut checked_file) = (0, 0, 0, false);
    for (index, element) in elements.iter().enumerate() {
        // A hole, a square, a cell is always something to change.
        let single = ["hole:", "square:"]
            .iter()
            .any(|p| element.id.starts_with(p));
        if single && element.actions.is_empty() {
            failures.push(format!("{}: {} offers nothing", path.display(), element.id));
        }
        // The findings once, for the first edit of each element: a check of every edit would
        // take minutes; the grammar reads every one.
        let mut checked = !sample.findings_per_element && checked_file;
        let asked = element.actions.iter().map(|&at| &table[at]).flat_map(|a| {
            filled(&a.id, index)
                .into_iter()
                .map(move |filled| (a.id.clone(), filled))
        });
        for (offered, action) in asked {
            seen += 1;
            if seen % sample.nth != 0 {
                continue;
            }
            let what = format!("{}: {} {}", path.display(), element.id, action);
            let edits = match board_edit(&doc, &files, &element.id, &action) {
                Ok(edits) => edits,
                Err(EditError::Refused(_)) => {
                    refused += 1;
                    continue;
                }
                Err(other) => {
                    failures.push(format!("{what}: {other}"));
                    continue;
                }
            };
            made += 1;
            for edit in &edits {
                if !allowed(&doc, element, edit) {
                    failures.push(format!("{what}: changes {edit:?} outside the element"));
                }
            }
            // Every encoding holds what an edit writes (ASCII).
            if edit_bytes(&bytes, &text, encoding, &edits).is_err() {
                failures.push(format!("{what}: the encoding cannot hold the edit"));
            }
            let Some(after) = apply_edits(&text, &edits) else {
                failures.push(format!("{what}: the edits overlap"));
                continue;
            };
            let edited =
                Document::new(doc.format(), &after).with_path(doc.path().map(Path::to_path_buf));
            if parsed && !parses(&edited) {
                failures.push(format!("{what}: the grammar no longer reads it: {after:?}"));
            }
            if !checked {
                checked = true;
                checked_file = true;
                let findings = retroboard::analysis::analyze_with(&edited, &files);
                if parsed && syntax_errors(&findings) > errors_before {
                    failures.push(format!("{what}: a syntax error after it: {findings:?}"));
                }
            }
            // The element is what was asked: it offers that no more (an element that is no
            // hole now has another id, and offers nothing under the old one); a template is
            // offered wherever the element stands, and a board's rows and columns can be added
            // again, and removed again.
            if offered == action
                && !["board", "stamp"].contains(&element.id.as_str())
                && spec
                    .board_actions(&edited, &files, &[&element.id])
                    .offered(0)
                    .iter()
                    .any(|a| a.id == action)
            {
                failures.push(format!("{what}: still offered after it: {after:?}"));
            }
        }
    }
    Some((made, refused))
}

/// Every offered action of every element, over the edit fixtures and `tests/fixtures/`.
#[test]
fn every_action_of_every_fixture_keeps_the_file_readable() {
    let mut files = Vec::new();
    support_fixtures::fixture_files(&root("edits"), &mut files);
    support_fixtures::fixture_files(&root("fixtures"), &mut files);
    files.retain(|p| p.extension().is_none_or(|e| e != "edit"));
    let (read, made, refused) = every_action_of_all(files, ALL);
    assert!(
        read >= 100 && made > 20_000 && made > 4 * refused,
        "{read} files, {made} edits, {refused} refused"
    );
}

/// [`every_action`] of each file, failing with every failure found: how many files were read,
/// edits made and refused.
fn every_action_of_all(
    files: impl IntoIterator<Item = PathBuf>,
    sample: Sample,
) -> (usize, usize, usize) {
    let mut failures = Vec::new();
    let (mut made, mut refused, mut read) = (0, 0, 0);
    for path in files {
        if let Some((m, r)) = every_action(&path, sample, &mut failures) {
            made += m;
            refused += r;
            read += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    (read, made, refused)
}

/// The same over the real peg boards of the corpus: none is refused (they are all clean) but
/// the left column of the four triangle boards, whose rows begin with half-width fields.
#[test]
fn every_action_of_every_corpus_board_keeps_it_readable() {
    let Some(dir) = corpus::corpus_dir() else {
        return;
    };
    let boards = corpus::files_below(&dir.join("pegsolitaire"));
    let (read, made, refused) = every_action_of_all(boards, ALL);
    assert_eq!(read, 66);
    assert_eq!(refused, 4);
    assert!(made > 1000, "{made}");
}

/// The same over the real Colossus files of the corpus (every MAP and battleland of every
/// game version), sampled to keep it short: every 97th action, counted over each file, some
/// 1 000 in all (all of them, some 100 000, would take 20 minutes: each edit reads the
/// variant's TER and dialect from the disk again), and the findings once per file.
#[test]
fn sampled_actions_of_every_corpus_colossus_file_keep_it_readable() {
    let Some(dir) = corpus::corpus_dir() else {
        return;
    };
    let files = corpus::files_below(&dir.join("colossus"));
    let sample = Sample {
        nth: 97,
        findings_per_element: false,
    };
    let (read, made, _) = every_action_of_all(files, sample);
    assert!(read > 200 && made > 800, "{read} files, {made} edits");
}

/// The byte offset of an LSP position in `text`: lines end at CRLF, LF or a lone CR; columns
/// in UTF-8 bytes or UTF-16 units.
fn offset(text: &str, position: &Value, utf8: bool) -> usize {
    let (line, column) = (
        position["line"].as_u64().unwrap() as usize,
        position["character"].as_u64().unwrap() as usize,
    );
    let bytes = text.as_bytes();
    let mut start = 0;
    for _ in 0..line {
        while start < bytes.len() && bytes[start] != b'\n' && bytes[start] != b'\r' {
            start += 1;
        }
        if bytes.get(start) == Some(&b'\r') && bytes.get(start + 1) == Some(&b'\n') {
            start += 1;
        }
        start = (start + 1).min(text.len());
    }
    let mut units = 0;
    for (at, c) in text[start..].char_indices() {
        if units >= column || c == '\n' || c == '\r' {
            return start + at;
        }
        units += if utf8 { c.len_utf8() } else { c.len_utf16() };
    }
    text.len()
}

/// The edits of a `workspace/applyEdit` request for `uri` at `version`, applied to `text`.
fn applied(request: &Value, uri: &str, version: i64, text: &str, utf8: bool) -> String {
    let changes = request["params"]["edit"]["documentChanges"]
        .as_array()
        .unwrap();
    assert_eq!(changes.len(), 1, "{request:#}");
    assert_eq!(changes[0]["textDocument"]["uri"], uri);
    assert_eq!(changes[0]["textDocument"]["version"], version);
    let mut edits: Vec<(usize, usize, String)> = changes[0]["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                offset(text, &e["range"]["start"], utf8),
                offset(text, &e["range"]["end"], utf8),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    edits.sort();
    for pair in edits.windows(2) {
        assert!(pair[0].1 <= pair[1].0, "overlapping edits: {request:#}");
    }
    let mut out = text.to_string();
    for (start, end, insert) in edits.into_iter().rev() {
        out.replace_range(start..end, &insert);
    }
    out
}

/// Through the language server, in both encodings: every fixture opened, its preview's source
/// map offers the fixture's action on its element, and `retroboard.editBoard` sends
/// `workspace/applyEdit` whose edit, applied in the negotiated columns, gives the `.after` text
/// (and answers `null`); a refused one answers the reason and sends nothing; a version other
/// than the document's is refused, naming both.
#[test]
fn edit_fixtures_through_the_language_server() {
    let fixtures = edit_files();
    for (encodings, utf8) in [(vec![], false), (vec!["utf-8"], true)] {
        let (mut client, init) = LspClient::initialized(&encodings);
        let commands = &init["capabilities"]["executeCommandProvider"]["commands"];
        assert!(
            commands
                .as_array()
                .unwrap()
                .contains(&json!("retroboard.editBoard")),
            "{commands}"
        );
        for (n, (path, id, action)) in fixtures.iter().enumerate() {
            let (_, doc, _) = load(path);
            let text = doc.text().to_string();
            let uri = file_uri(path.to_str().unwrap());
            let version = 10 + n as i64;
            client.open(&uri, doc.format().unwrap().as_str(), version, &text);
            client.diagnostics(&uri, Some(version));
            let preview =
                client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
            assert_eq!(preview["version"], version);
            let element = preview["sourceMap"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["id"] == id.as_str())
                .unwrap_or_else(|| panic!("{}: no {id} in {preview}", path.display()))
                .clone();
            let actions = lsp_client::offered(&preview, &element);
            assert!(
                actions.iter().any(|a| {
                    let offered = retroboard::draw::Action::new(
                        a["id"].as_str().unwrap_or_default(),
                        a["title"].as_str().unwrap_or_default(),
                    );
                    offered.fills(action) && a["title"].is_string()
                }),
                "{}: {element}",
                path.display()
            );
            // A terrain comes with the colour the masterboard draws it in; nothing else has one.
            for offered in &actions {
                let terrain = offered["id"].as_str().unwrap().starts_with("terrain:");
                let colour = offered["color"].as_str().is_some_and(|c| {
                    c.len() == 7
                        && c.starts_with('#')
                        && c[1..].bytes().all(|b| b.is_ascii_hexdigit())
                });
                assert_eq!(terrain, colour, "{}: {offered}", path.display());
            }
            let command = |version: i64| json!({"command": "retroboard.editBoard", "arguments": [uri, version, id, action]});
            let asked = client.start_request("workspace/executeCommand", command(version));
            match std::fs::read(beside(path, "after")) {
                Ok(after) => {
                    let request = client.wait_for(|m| m["method"] == "workspace/applyEdit");
                    client.send(&json!({"jsonrpc": "2.0", "id": request["id"], "result": {"applied": true}}));
                    let (after, _) = decode(&after).unwrap();
                    assert_eq!(
                        applied(&request, &uri, version, &text, utf8),
                        after,
                        "{}, {encodings:?}",
                        path.display()
                    );
                    let answer = client.response(asked);
                    assert_eq!(answer["result"], Value::Null, "{answer}");
                }
                Err(_) => {
                    let answer = client.response(asked);
                    let reason = std::fs::read_to_string(beside(path, "refused")).unwrap();
                    assert_eq!(answer["error"]["code"], -32803, "{answer}");
                    assert_eq!(answer["error"]["message"], reason.trim_end(), "{answer}");
                }
            }
            // Stale: the document moved on since the preview drew it (an edit typed
            // meanwhile), so the element may stand elsewhere.
            client.change(&uri, version + 1, [[0, 0], [0, 0]], "");
            let stale = client.request_raw("workspace/executeCommand", command(version));
            let message = stale["error"]["message"].as_str().unwrap_or_default();
            assert!(
                message.contains(&format!("version {version} "))
                    && message.contains(&format!("version {}", version + 1)),
                "{stale}"
            );
            client.notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": uri}}),
            );
        }
        // No edit was sent but those answered.
        assert!(
            !client
                .unread()
                .iter()
                .any(|m| m["method"] == "workspace/applyEdit"),
            "{encodings:?}"
        );
        assert_eq!(client.shutdown(), 0);
    }
}
