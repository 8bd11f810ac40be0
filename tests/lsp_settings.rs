//! End to end: `retroboard.toml` in the real `retroboard lsp` binary, as an editor holds it.
//! Opened, it keeps its findings (what keeps it from being read, and the `[[suppress]]`
//! entries the whole-workspace check found unused), each with its quick fix, and completion
//! offers its sections, keys, levels, format ids and codes.

#[allow(dead_code)] // not every helper of the client is used here
#[path = "support/lsp_client.rs"]
mod lsp_client;

use std::path::{Path, PathBuf};

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

/// A fresh folder for one test, its links resolved (the server names files by real paths).
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rb-settings-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games")).unwrap();
    dir.canonicalize().unwrap()
}

/// Starts the server on `dir` as its one workspace folder.
fn start(dir: &Path) -> LspClient {
    let mut client = LspClient::start();
    client.request(
        "initialize",
        json!({
            "processId": null,
            "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
            "workspaceFolders": [{"uri": file_uri(dir.to_str().unwrap()), "name": "mod"}],
        }),
    );
    client.notify("initialized", json!({}));
    client
}

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

/// The quick fixes offered for `diagnostic`: each title, whether preferred, and the text after
/// its edits (all in `uri`, on one line each here, columns in UTF-16 = bytes for ASCII).
fn fixes(
    client: &mut LspClient,
    uri: &str,
    text: &str,
    diagnostic: &Value,
) -> Vec<(String, bool, String)> {
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic], "only": ["quickfix"]},
        }),
    );
    actions
        .as_array()
        .unwrap_or_else(|| panic!("{actions:#}"))
        .iter()
        .map(|action| {
            let change = &action["edit"]["documentChanges"][0];
            assert_eq!(change["textDocument"]["uri"], uri);
            let mut after = text.to_string();
            let mut edits: Vec<&Value> = change["edits"].as_array().unwrap().iter().collect();
            edits.reverse();
            for edit in edits {
                let offset = |p: &Value| {
                    let line = p["line"].as_u64().unwrap() as usize;
                    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
                    start + p["character"].as_u64().unwrap() as usize
                };
                let range = offset(&edit["range"]["start"])..offset(&edit["range"]["end"]);
                after.replace_range(range, edit["newText"].as_str().unwrap());
            }
            (
                action["title"].as_str().unwrap().to_string(),
                action["isPreferred"] == true,
                after,
            )
        })
        .collect()
}

const ENTRY_USED: &str = "[[suppress]]\nfile = \"games/b.bord\"\ncode = \"othello/chip-total\"\n\
place = \"line:1\"\nreason = \"the house rule gives 33 chips\"\n";
const ENTRY_UNUSED: &str = "[[suppress]]\nfile = \"games/b.bord\"\ncode = \"othello/chip-total\"\n\
place = \"line:2\"\nreason = \"gone\"\n";

#[test]
fn opened_it_keeps_the_unused_entry_the_workspace_check_found_and_offers_its_removal() {
    let dir = folder("unused");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/othello/chip-total.bord");
    std::fs::copy(fixture, dir.join("games/b.bord")).unwrap();
    let text = format!("{ENTRY_USED}\n{ENTRY_UNUSED}");
    let settings = dir.join("retroboard.toml");
    std::fs::write(&settings, &text).unwrap();
    let uri = file_uri(settings.to_str().unwrap());
    let mut client = start(&dir);
    // The whole-workspace check finds it, unopened.
    let published = client.diagnostics(&uri, None);
    assert_eq!(codes(&published), ["retroboard/unused-suppression"]);
    // Opened, it keeps it, at the same place, now with its fix.
    client.open(&uri, "toml", 1, &text);
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(
        codes(&diagnostics),
        ["retroboard/unused-suppression"],
        "{diagnostics:#?}"
    );
    assert_eq!(diagnostics[0]["range"], published[0]["range"]);
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 6);
    assert_eq!(
        fixes(&mut client, &uri, &text, &diagnostics[0]),
        [(
            "Remove the unused [[suppress]] entry".to_string(),
            false,
            format!("{ENTRY_USED}\n")
        )]
    );
    // Edited (not saved): its text is no longer the one the check read, so only what the
    // text itself shows is said.
    client.change(&uri, 2, [[0, 0], [0, 0]], "# house rules\n");
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    // Closed, it shows what the file on the disk holds again.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let closed = client.diagnostics(&uri, None);
    assert_eq!(
        codes(&closed),
        ["retroboard/unused-suppression"],
        "{closed:#?}"
    );
    assert_eq!(closed[0]["range"], published[0]["range"]);
    client.shutdown();
}

#[test]
fn a_misspelt_code_is_found_with_its_did_you_mean_fix_preferred() {
    let dir = folder("misspelt");
    let settings = dir.join("retroboard.toml");
    let text = "[rules]\n\"othello/chip-totl\" = \"off\"\n";
    std::fs::write(&settings, text).unwrap();
    let uri = file_uri(settings.to_str().unwrap());
    let mut client = start(&dir);
    client.open(&uri, "toml", 1, text);
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(
        codes(&diagnostics),
        ["retroboard/config"],
        "{diagnostics:#?}"
    );
    assert_eq!(
        diagnostics[0]["message"],
        "\u{201c}othello/chip-totl\u{201d} is no code Retroboard reports: did you mean \
\u{201c}othello/chip-total\u{201d}? (\u{201c}retroboard explain\u{201d} lists them); the checks use \
the default settings until it is fixed"
    );
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 1, "character": 1}, "end": {"line": 1, "character": 18}})
    );
    assert_eq!(
        fixes(&mut client, &uri, text, &diagnostics[0]),
        [(
            "Replace with 'othello/chip-total'".to_string(),
            true,
            "[rules]\n\"othello/chip-total\" = \"off\"\n".to_string()
        )]
    );
    client.shutdown();
}

/// The labels and details of the completion items at `[line, character]` of a settings file
/// holding `text`.
fn complete(
    client: &mut LspClient,
    uri: &str,
    version: i64,
    text: &str,
    at: [u32; 2],
) -> Vec<(String, String)> {
    client.open(uri, "toml", version, text);
    let items = client.request(
        "textDocument/completion",
        json!({
            "textDocument": {"uri": uri},
            "position": {"line": at[0], "character": at[1]},
        }),
    );
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    items
        .as_array()
        .unwrap_or_else(|| panic!("{items:#}"))
        .iter()
        .map(|i| {
            (
                i["label"].as_str().unwrap().to_string(),
                i["detail"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn completion_offers_codes_levels_format_ids_and_keys() {
    let dir = folder("complete");
    let uri = file_uri(dir.join("retroboard.toml").to_str().unwrap());
    let mut client = start(&dir);
    // A code, as a `[rules]` key, with its summary.
    let items = complete(&mut client, &uri, 1, "[rules]\n\"oth\n", [1, 4]);
    assert!(
        items
            .iter()
            .any(|(label, detail)| label == "othello/chip-total" && !detail.is_empty()),
        "{items:?}"
    );
    assert!(
        items.iter().all(|(label, _)| label != "retroboard/config"),
        "{items:?}"
    );
    // A level.
    let items = complete(
        &mut client,
        &uri,
        1,
        "[rules]\n\"othello/chip-total\" = \"\n",
        [1, 24],
    );
    let labels: Vec<&str> = items.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["error", "warning", "information", "hint", "off"]);
    // A format id of `[files]`.
    let items = complete(&mut client, &uri, 1, "[files]\n\"*.pat\" = \"\n", [1, 11]);
    assert!(
        items
            .iter()
            .any(|(l, d)| l == "crossmines-pattern" && !d.is_empty()),
        "{items:?}"
    );
    // The code of a `[[suppress]]` entry: never one of Retroboard's own.
    let items = complete(&mut client, &uri, 1, "[[suppress]]\ncode = \"\n", [1, 8]);
    assert!(
        items.iter().any(|(l, _)| l == "patience/foundation-value"),
        "{items:?}"
    );
    assert!(
        items.iter().all(|(l, _)| !l.starts_with("retroboard/")),
        "{items:?}"
    );
    // A key of a `[[suppress]]` entry, and the sections at a line's start.
    let items = complete(&mut client, &uri, 1, "[[suppress]]\n\n", [1, 0]);
    let labels: Vec<&str> = items.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "file",
            "code",
            "place",
            "reason",
            "[rules]",
            "[[overrides]]",
            "[files]",
            "[[suppress]]",
            "[game]",
        ]
    );
    client.shutdown();
}
