//! Findings that link, point and fade, over stdio with the real binary: every diagnostic's code
//! links to its explanation (`codeDescription`, opened with the command `retroboard.explain`),
//! every message that names another place points at it (`relatedInformation`, as the fixtures'
//! expected files list those places), and findings of unused things carry the `Unnecessary`
//! tag so editors fade them.

#[allow(dead_code)] // not every helper of the client is used here
#[path = "support/lsp_client.rs"]
mod lsp_client;

#[path = "support/fixtures.rs"]
mod support_fixtures;

use std::path::{Path, PathBuf};

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

/// The codes whose findings mark text that does nothing: faded, not underlined.
const UNNECESSARY: &[&str] = &[
    "colossus/unused-terrain",
    "colossus/unused-file",
    "colossus/overridden-record",
    "patience/trailing-text",
    "retroboard/unused-suppression",
];

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .canonicalize()
        .unwrap()
}

/// Every fixture with its expected findings (peg boards left out: their verdicts come later,
/// from a search).
fn fixtures() -> Vec<(PathBuf, String)> {
    let peg = fixtures_root().join("peg");
    support_fixtures::expected_findings(&fixtures_root())
        .into_iter()
        .filter(|(path, _)| !path.starts_with(&peg))
        .collect()
}

/// Opens `path` as it is on the disk and waits for its diagnostics.
fn diagnostics_of(client: &mut LspClient, path: &Path) -> Vec<Value> {
    let uri = file_uri(path.to_str().unwrap());
    let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    client.open(&uri, "plaintext", 1, &text);
    let diagnostics = client.diagnostics(&uri, Some(1));
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    diagnostics
}

#[test]
fn every_code_links_to_its_explanation_and_the_server_explains_it() {
    let (mut client, init) = LspClient::initialized(&[]);
    let commands = &init["capabilities"]["executeCommandProvider"]["commands"];
    assert!(
        commands
            .as_array()
            .unwrap()
            .contains(&json!("retroboard.explain")),
        "{commands}"
    );
    let path = fixtures_root().join("colossus/Mistakes/Mistakes.ter");
    let diagnostics = diagnostics_of(&mut client, &path);
    assert!(diagnostics.len() >= 3, "{diagnostics:#?}");
    for d in &diagnostics {
        let code = d["code"].as_str().unwrap();
        let href = format!("retroboard-explain:{code}");
        assert_eq!(d["codeDescription"], json!({"href": href}), "{d}");
        // The link and the code alike open what `retroboard explain CODE` says.
        let doc = retroboard::formats::code_doc(code).unwrap();
        for argument in [href.as_str(), code] {
            let answer = client.request(
                "workspace/executeCommand",
                json!({"command": "retroboard.explain", "arguments": [argument]}),
            );
            let markdown = answer.as_str().unwrap_or_else(|| panic!("{answer}"));
            assert!(markdown.starts_with(&format!("# `{code}`\n")), "{markdown}");
            assert!(markdown.contains(doc.summary), "{markdown}");
            // The docs' words, whatever lines the Markdown fences.
            let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(words(markdown).contains(&words(doc.docs)), "{markdown}");
        }
    }
    let answer = client.request_raw(
        "workspace/executeCommand",
        json!({"command": "retroboard.explain", "arguments": ["colossus/no-such-code"]}),
    );
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("no code colossus/no-such-code"),
        "{answer}"
    );
    client.shutdown();
}

/// The places listed under a finding of an expected file: `(file, line, start, end, why)`,
/// lines and columns from 1, `file` `None` for the fixture itself.
type Place = (Option<String>, u64, u64, u64, String);

/// The findings of an expected file that name other places: `(code, message, places)`.
fn places_named(expected: &str) -> Vec<(String, String, Vec<Place>)> {
    let mut out: Vec<(String, String, Vec<Place>)> = Vec::new();
    for line in expected.lines() {
        if let Some(at) = line.strip_prefix("    at ") {
            let (place, why) = at.split_once(": ").unwrap();
            let (file, span) = match place.rsplit_once(' ') {
                Some((file, span)) => (Some(file.to_string()), span),
                None => (None, place),
            };
            let (start, end) = span.split_once('-').unwrap();
            let (line, start) = start.split_once(':').unwrap();
            let (_, end) = end.split_once(':').unwrap();
            let number = |n: &str| n.parse::<u64>().unwrap();
            let place = (file, number(line), number(start), number(end), why.into());
            out.last_mut().unwrap().2.push(place);
        } else {
            let mut words = line.splitn(4, ' ');
            let code = words.nth(2).unwrap().trim_end_matches(':').to_string();
            let message = words.next().unwrap_or_default().to_string();
            out.push((code, message, Vec::new()));
        }
    }
    out.retain(|(_, _, places)| !places.is_empty());
    out
}

#[test]
fn every_place_a_message_names_is_related_information() {
    let (mut client, _) = LspClient::initialized(&["utf-8"]);
    let mut checked = 0;
    for (path, expected) in fixtures() {
        let named = places_named(&expected);
        if named.is_empty() {
            continue;
        }
        let diagnostics = diagnostics_of(&mut client, &path);
        for (code, message, places) in named {
            let d = diagnostics
                .iter()
                .find(|d| d["code"] == code.as_str() && d["message"] == message.as_str())
                .unwrap_or_else(|| panic!("{}: no diagnostic {code}: {message}", path.display()));
            let want: Vec<Value> = places
                .iter()
                .map(|(file, line, start, end, why)| {
                    let file = match file {
                        Some(file) => path.parent().unwrap().join(file).canonicalize().unwrap(),
                        None => path.clone(),
                    };
                    json!({
                        "location": {
                            "uri": file_uri(file.to_str().unwrap()),
                            "range": {
                                "start": {"line": line - 1, "character": start - 1},
                                "end": {"line": line - 1, "character": end - 1},
                            },
                        },
                        "message": why,
                    })
                })
                .collect();
            assert_eq!(d["relatedInformation"], json!(want), "{}", path.display());
            checked += 1;
        }
    }
    // The messages that name another place, across the families (see the fixtures).
    assert!(checked >= 30, "only {checked} findings name another place");
    client.shutdown();
}

#[test]
fn findings_of_unused_things_are_faded() {
    let (mut client, _) = LspClient::initialized(&[]);
    let mut faded = std::collections::BTreeSet::new();
    let mut others = 0;
    for (path, expected) in fixtures() {
        let unused = UNNECESSARY.iter().any(|code| expected.contains(code));
        if !unused && !expected.contains("    at ") {
            continue;
        }
        for d in diagnostics_of(&mut client, &path) {
            let code = d["code"].as_str().unwrap();
            if UNNECESSARY.contains(&code) {
                assert_eq!(d["tags"], json!([1]), "{}: {d}", path.display());
                faded.insert(code.to_string());
            } else {
                assert!(d.get("tags").is_none(), "{}: {d}", path.display());
                others += 1;
            }
        }
    }
    let all: std::collections::BTreeSet<String> =
        UNNECESSARY.iter().map(|c| c.to_string()).collect();
    assert_eq!(faded, all);
    assert!(others > 0);
    client.shutdown();
}
