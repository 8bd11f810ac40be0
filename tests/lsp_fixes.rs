//! End to end: quick fixes and fix-all from the real `retroboard lsp` binary, applied the way
//! an editor applies them (columns in the negotiated encoding).

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

/// A TER of the fixtures' Tiny variant (its CRE is read from the disk): a misspelt creature,
/// a recruitable Titan, and a last-line comment with non-ASCII characters and no line break.
const TER: &str = "B green Brush true 1 Gargoile 2 Troll\n\n\
T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre 0 Titan\n\n\
ACQUIRABLE 100 Angel 500 Archangel\n# Gä 𝄞";

fn tiny_uri(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixes/colossus/Tiny");
    let dir = dir.canonicalize().unwrap();
    file_uri(&format!("{}/{name}", dir.display()))
}

fn code_actions(
    client: &mut LspClient,
    uri: &str,
    at: [[u32; 2]; 2],
    context: Value,
) -> Vec<Value> {
    let response = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {
                "start": {"line": at[0][0], "character": at[0][1]},
                "end": {"line": at[1][0], "character": at[1][1]},
            },
            "context": context,
        }),
    );
    response
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("not a list of actions: {response:#}"))
}

/// The edits of an action's workspace edit for `uri` at `version`: `[start, end, new text]`.
fn edits(action: &Value, uri: &str, version: i64) -> Vec<([u64; 2], [u64; 2], String)> {
    let changes = action["edit"]["documentChanges"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{action:#}");
    assert_eq!(changes[0]["textDocument"]["uri"], uri);
    assert_eq!(changes[0]["textDocument"]["version"], version);
    let position = |p: &Value| {
        [
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        ]
    };
    changes[0]["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                position(&e["range"]["start"]),
                position(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn titles(actions: &[Value]) -> Vec<&str> {
    actions
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect()
}

/// The line break after the last comment, asked for at the comment's end: its column counts
/// the client's units (`ä` is 2 UTF-8 bytes and 1 UTF-16 unit, `𝄞` 4 bytes and 2 units).
fn line_break_fix(encoding: &str, end_column: u64) {
    let (mut client, init) = LspClient::initialized(&[encoding]);
    assert_eq!(init["capabilities"]["positionEncoding"], encoding);
    assert_eq!(
        init["capabilities"]["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix", "source.fixAll.retroboard"])
    );
    let uri = tiny_uri("Round.ter");
    client.open(&uri, "plaintext", 1, TER);
    let diagnostics = client.diagnostics(&uri, Some(1));
    let comment: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "colossus/comment-at-end")
        .collect();
    assert_eq!(comment.len(), 1, "{diagnostics:#?}");
    assert_eq!(comment[0]["range"]["end"]["character"], end_column);
    assert_eq!(
        comment[0]["data"],
        json!({"version": 1, "code": "colossus/comment-at-end", "fixes": 1})
    );
    let column = end_column as u32;
    let actions = code_actions(
        &mut client,
        &uri,
        [[5, column], [5, column]],
        json!({"diagnostics": [comment[0]], "only": ["quickfix"]}),
    );
    assert_eq!(titles(&actions), ["Add a line break"]);
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["isPreferred"], true);
    assert_eq!(
        actions[0]["diagnostics"][0]["code"],
        "colossus/comment-at-end"
    );
    assert_eq!(
        edits(&actions[0], &uri, 1),
        [([5, end_column], [5, end_column], "\n".to_string())]
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_utf16_client_gets_the_line_break_after_non_ascii_text_in_its_columns() {
    line_break_fix("utf-16", 7);
}

#[test]
fn a_utf8_client_gets_the_line_break_in_bytes() {
    line_break_fix("utf-8", 10);
}

#[test]
fn an_empty_range_at_the_cursor_offers_the_fix_of_the_finding_it_touches() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = tiny_uri("Cursor.ter");
    client.open(&uri, "plaintext", 1, TER);
    client.diagnostics(&uri, Some(1));
    // The cursor right after `Gargoile` (columns 21-29), as Neovim asks, without context.
    let actions = code_actions(
        &mut client,
        &uri,
        [[0, 29], [0, 29]],
        json!({"diagnostics": []}),
    );
    assert_eq!(
        titles(&actions),
        [
            "Replace with 'Gargoyle'",
            "Fix all safe Retroboard problems in this file"
        ]
    );
    assert_eq!(actions[0]["isPreferred"], true);
    assert_eq!(
        actions[0]["diagnostics"][0]["code"],
        "colossus/unknown-creature"
    );
    assert_eq!(
        edits(&actions[0], &uri, 1),
        [([0, 21], [0, 29], "Gargoyle".to_string())]
    );
    // A line with no finding: no action (fix-all comes beside quick fixes, or when asked for).
    for context in [
        json!({"diagnostics": []}),
        json!({"diagnostics": [], "only": ["quickfix"]}),
    ] {
        let actions = code_actions(&mut client, &uri, [[1, 0], [1, 0]], context);
        assert_eq!(actions, Vec::<Value>::new());
    }
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_diagnostic_of_an_older_version_gets_no_action() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = tiny_uri("Stale.ter");
    client.open(&uri, "plaintext", 1, TER);
    let diagnostics = client.diagnostics(&uri, Some(1));
    let creature = diagnostics
        .iter()
        .find(|d| d["code"] == "colossus/unknown-creature")
        .cloned()
        .unwrap();
    // An edit elsewhere (the line break after the comment): the finding stays where it was,
    // but the diagnostic names version 1, and the document is at version 2 now.
    client.change(&uri, 2, [[5, 7], [5, 7]], "\n");
    let current = client.diagnostics(&uri, Some(2));
    let actions = code_actions(
        &mut client,
        &uri,
        [[0, 21], [0, 29]],
        json!({"diagnostics": [creature]}),
    );
    assert_eq!(
        actions,
        Vec::<Value>::new(),
        "a stale diagnostic got actions"
    );
    // The same place with the current diagnostic: the fix, for version 2.
    let current = current
        .iter()
        .find(|d| d["code"] == "colossus/unknown-creature")
        .cloned()
        .unwrap();
    assert_eq!(current["data"]["version"], 2);
    let actions = code_actions(
        &mut client,
        &uri,
        [[0, 21], [0, 29]],
        json!({"diagnostics": [current], "only": ["quickfix"]}),
    );
    assert_eq!(titles(&actions), ["Replace with 'Gargoyle'"]);
    assert_eq!(
        edits(&actions[0], &uri, 2),
        [([0, 21], [0, 29], "Gargoyle".to_string())]
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn fix_all_applies_every_preferred_fix_in_one_edit() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = tiny_uri("All.ter");
    client.open(&uri, "plaintext", 1, TER);
    client.diagnostics(&uri, Some(1));
    let actions = code_actions(
        &mut client,
        &uri,
        [[0, 0], [0, 0]],
        json!({"diagnostics": [], "only": ["source.fixAll"]}),
    );
    assert_eq!(
        titles(&actions),
        ["Fix all safe Retroboard problems in this file"]
    );
    assert_eq!(actions[0]["kind"], "source.fixAll.retroboard");
    assert_eq!(
        edits(&actions[0], &uri, 1),
        [
            ([0, 21], [0, 29], "Gargoyle".to_string()),
            ([2, 59], [2, 60], "-1".to_string()),
            ([5, 7], [5, 7], "\n".to_string()),
        ]
    );
    assert_eq!(client.shutdown(), 0);
}
