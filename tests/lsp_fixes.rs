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
            "Add a line for Gargoile to Tiny.cre (power, skill and flags to set)",
            "Suppress colossus/unused-file in this file",
            "Suppress colossus/unknown-creature here",
            "Fix all safe Retroboard problems in this file"
        ]
    );
    // Offered, not preferred: the CRE may be what lacks the creature.
    assert_eq!(actions[0]["isPreferred"], Value::Null);
    assert_eq!(
        actions[0]["diagnostics"][0]["code"],
        "colossus/unknown-creature"
    );
    assert_eq!(
        edits(&actions[0], &uri, 1),
        [([0, 21], [0, 29], "Gargoyle".to_string())]
    );
    // Or the CRE gets the creature's line, in its columns, at its end (the CRE is not open:
    // no version).
    assert_eq!(actions[1]["isPreferred"], Value::Null);
    let cre = tiny_uri("Tiny.cre");
    let lines = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixes/colossus/Tiny/Tiny.cre"),
    )
    .unwrap()
    .lines()
    .count() as u64;
    // (This client takes no versioned edits: the edit comes by URI.)
    assert_eq!(
        actions[1]["edit"]["changes"],
        json!({cre: [{
            "range": {"start": {"line": lines, "character": 0}, "end": {"line": lines, "character": 0}},
            "newText": "Gargoile  1     1     false false false false false false false false false \
        false false false false 10    Gargoiles\n",
        }]})
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
    assert_eq!(
        titles(&actions),
        [
            "Replace with 'Gargoyle'",
            "Add a line for Gargoile to Tiny.cre (power, skill and flags to set)",
            "Suppress colossus/unused-file in this file",
            "Suppress colossus/unknown-creature here"
        ]
    );
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
        // Not “Gargoyle” for “Gargoile”: that fix is offered, not preferred.
        [
            ([2, 59], [2, 60], "-1".to_string()),
            ([5, 7], [5, 7], "\n".to_string()),
        ]
    );
    assert_eq!(client.shutdown(), 0);
}

/// The byte offset of an LSP position counted in UTF-16 units.
fn utf16_offset(text: &str, [line, column]: [u64; 2]) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line as usize)
        .map(str::len)
        .sum();
    let mut units = 0;
    for (at, c) in text[start..].char_indices() {
        if units >= column as usize || c == '\n' || c == '\r' {
            return start + at;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// A Patience game with a Danish name and a note after the numbers of pile 2, on a line with
/// æ, ø and å (one UTF-16 unit but two UTF-8 bytes each), with CRLF line ends.
const PATIENCE: &str = "Kabale på øen\r\n  1   3\r\n 52   4   4   0   0    0 999   1  999   0   2\r\n  0  83   4   0   0    2 999   1    0   0   0   bunken på højre side, æøå\r\n  1 241   4   0   0    2  13   1    1 901 106\r\n";

#[test]
fn a_utf16_client_deletes_text_after_danish_letters_in_its_columns() {
    let (mut client, init) = LspClient::initialized(&["utf-16"]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixes/patience");
    let uri = file_uri(&format!(
        "{}/Kabale.pat",
        dir.canonicalize().unwrap().display()
    ));
    client.open(&uri, "plaintext", 1, PATIENCE);
    let diagnostics = client.diagnostics(&uri, Some(1));
    let trailing: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "patience/trailing-text")
        .collect();
    assert_eq!(trailing.len(), 1, "{diagnostics:#?}");
    // “bunken på højre side, æøå” is 25 characters from column 48: UTF-16 columns 48–73
    // (UTF-8 would be 48–78).
    assert_eq!(
        trailing[0]["range"]["start"],
        json!({"line": 3, "character": 48})
    );
    assert_eq!(
        trailing[0]["range"]["end"],
        json!({"line": 3, "character": 73})
    );
    // The cursor inside “højre”, after ø: column 60 in UTF-16.
    let actions = code_actions(
        &mut client,
        &uri,
        [[3, 60], [3, 60]],
        json!({"diagnostics": [], "only": ["quickfix"]}),
    );
    assert_eq!(titles(&actions), ["Delete the text"]);
    // Offered, not preferred: it deletes words the modder wrote.
    assert_eq!(actions[0]["isPreferred"], Value::Null);
    let edits = edits(&actions[0], &uri, 1);
    assert_eq!(edits, [([3, 45], [3, 73], String::new())]);
    let mut fixed = PATIENCE.to_string();
    for (start, end, new) in edits.iter().rev() {
        let range = utf16_offset(&fixed, *start)..utf16_offset(&fixed, *end);
        fixed.replace_range(range, new);
    }
    assert_eq!(
        fixed,
        PATIENCE.replace("   bunken på højre side, æøå", ""),
        "the edit applied in UTF-16 columns"
    );
    // The fixed text is clean of that finding, and the file keeps its CRLF line ends.
    client.change(&uri, 2, [[3, 45], [3, 73]], "");
    let after = client.diagnostics(&uri, Some(2));
    assert!(
        after.iter().all(|d| d["code"] != "patience/trailing-text"),
        "{after:#?}"
    );
    assert_eq!(client.shutdown(), 0);
}

/// Fix-all on save comes right after typing: the editor's diagnostics may be of the version
/// before. Fix-all reads none of them; it is made from the current text, for its version.
#[test]
fn fix_all_asked_with_older_diagnostics_comes_for_the_current_text() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = tiny_uri("Save.ter");
    client.open(&uri, "plaintext", 1, TER);
    let old = client.diagnostics(&uri, Some(1));
    // A line break typed after the last comment, and the save asks at once.
    client.change(&uri, 2, [[5, 7], [5, 7]], "\n");
    let actions = code_actions(
        &mut client,
        &uri,
        [[0, 0], [6, 0]],
        json!({"diagnostics": old, "only": ["source.fixAll.retroboard"], "triggerKind": 2}),
    );
    assert_eq!(
        titles(&actions),
        ["Fix all safe Retroboard problems in this file"]
    );
    assert_eq!(
        edits(&actions[0], &uri, 2),
        [([2, 59], [2, 60], "-1".to_string())]
    );
    // Quick fixes for those diagnostics: refused, they name version 1.
    let actions = code_actions(
        &mut client,
        &uri,
        [[0, 21], [0, 29]],
        json!({"diagnostics": old, "only": ["quickfix"]}),
    );
    assert_eq!(actions, Vec::<Value>::new());
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn suppress_here_comes_last_never_preferred_and_silences_the_finding() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = tiny_uri("Quiet.ter");
    client.open(&uri, "plaintext", 1, TER);
    let before = client.diagnostics(&uri, Some(1));
    let codes = |diagnostics: &[Value]| -> Vec<String> {
        diagnostics
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(codes(&before).contains(&"colossus/titan-recruit".to_string()));
    // The cursor on the Titan's count.
    let actions = code_actions(
        &mut client,
        &uri,
        [[2, 59], [2, 59]],
        json!({"diagnostics": [], "only": ["quickfix"]}),
    );
    assert_eq!(
        titles(&actions),
        ["Write -1 Titan", "Suppress colossus/titan-recruit here"]
    );
    assert_eq!(actions[1]["isPreferred"], Value::Null);
    let inserted = edits(&actions[1], &uri, 1);
    assert_eq!(
        inserted,
        [(
            [2, 0],
            [2, 0],
            "# retroboard: ignore[colossus/titan-recruit] reason\n".to_string()
        )]
    );
    // Once the comment is written, its reason is selected for the modder to type over.
    let reason =
        json!({"start": {"line": 2, "character": 45}, "end": {"line": 2, "character": 51}});
    assert_eq!(
        actions[1]["command"],
        json!({"title": "Select the reason", "command": "retroboard.selectText",
               "arguments": [uri, reason]})
    );
    client.change(&uri, 2, [[2, 0], [2, 0]], &inserted[0].2);
    let id = client.start_request(
        "workspace/executeCommand",
        json!({"command": "retroboard.selectText", "arguments": [uri, reason]}),
    );
    let show = client.wait_for(|m| m["method"] == "window/showDocument");
    assert_eq!(
        show["params"],
        json!({"uri": uri, "takeFocus": true, "selection": reason})
    );
    client.send(&json!({"jsonrpc": "2.0", "id": show["id"], "result": {"success": true}}));
    assert_eq!(client.response(id)["result"], show["params"]);
    let after = client.diagnostics(&uri, Some(2));
    let mut expected = codes(&before);
    expected.retain(|c| c != "colossus/titan-recruit");
    assert_eq!(codes(&after), expected);
    assert_eq!(client.shutdown(), 0);
}

/// A fresh folder for one test, its links resolved (the server names files by real paths).
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rb-fix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

/// A client that takes versioned document edits and, with `create`, creates files.
fn client_creating(create: bool) -> LspClient {
    let mut client = LspClient::start();
    let operations: &[&str] = if create { &["create"] } else { &[] };
    client.request(
        "initialize",
        json!({
            "processId": null,
            "rootUri": null,
            "capabilities": {"workspace": {"workspaceEdit": {
                "documentChanges": true,
                "resourceOperations": operations,
            }}},
        }),
    );
    client.notify("initialized", json!({}));
    client
}

const CHIP_TOTAL: &str = "28\r\n5\r\nD4D5E4E5\r\n\
000000000000000000000000000WB000000BW000000000000000000000000000\r\n\
\u{a9} 1996 Yellow Lemon Software";

/// "Suppress here" in a format without comments: a `[[suppress]]` entry in a new
/// retroboard.toml beside the file (only for a client that creates files), never preferred;
/// once the file is written and the client says so, the finding is gone. An entry whose place
/// no longer has the finding is reported in the settings file.
#[test]
fn suppress_here_without_comments_writes_a_settings_entry() {
    let dir = folder("suppress-entry");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    let board = dir.join("games/b.bord");
    std::fs::write(&board, CHIP_TOTAL).unwrap();
    let uri = file_uri(board.to_str().unwrap());
    let settings = dir.join("games/retroboard.toml");
    let settings_uri = file_uri(settings.to_str().unwrap());
    let codes = |diagnostics: &[Value]| -> Vec<String> {
        diagnostics
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };
    let ask = |client: &mut LspClient| {
        code_actions(
            client,
            &uri,
            [[0, 0], [0, 0]],
            json!({"diagnostics": [], "only": ["quickfix"]}),
        )
    };

    // A client that cannot create files is offered no entry (there is no settings file).
    let mut client = client_creating(false);
    client.open(&uri, "othello-bord", 1, CHIP_TOTAL);
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(1))),
        ["othello/chip-total"]
    );
    let actions = ask(&mut client);
    assert!(
        !titles(&actions).iter().any(|t| t.starts_with("Suppress")),
        "{actions:#?}"
    );
    assert_eq!(client.shutdown(), 0);

    let mut client = client_creating(true);
    client.open(&uri, "othello-bord", 1, CHIP_TOTAL);
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(1))),
        ["othello/chip-total"]
    );
    let actions = ask(&mut client);
    let title = "Suppress othello/chip-total here (a [[suppress]] entry in retroboard.toml)";
    let action = actions
        .iter()
        .find(|a| a["title"] == title)
        .unwrap_or_else(|| panic!("{actions:#?}"));
    assert_eq!(action["isPreferred"], Value::Null);
    assert_eq!(action["kind"], "quickfix");
    let changes = action["edit"]["documentChanges"].as_array().unwrap();
    assert_eq!(
        changes[0],
        json!({"kind": "create", "uri": settings_uri,
               "options": {"overwrite": false, "ignoreIfExists": true}})
    );
    assert_eq!(changes[1]["textDocument"]["uri"], settings_uri);
    assert_eq!(changes[1]["textDocument"]["version"], Value::Null);
    let entry = "[[suppress]]\nfile = \"b.bord\"\ncode = \"othello/chip-total\"\n\
place = \"line:1\"\nreason = \"reason\"\n";
    assert_eq!(
        changes[1]["edits"],
        json!([{"range": {"start": {"line": 0, "character": 0},
                          "end": {"line": 0, "character": 0}},
                "newText": entry}])
    );
    // The entry's reason (line 5, `reason = "reason"`) is selected once it is written.
    assert_eq!(
        action["command"]["arguments"],
        json!([settings_uri, {"start": {"line": 4, "character": 10},
                              "end": {"line": 4, "character": 16}}])
    );

    // The editor writes the file and says so: the finding is gone.
    std::fs::write(&settings, entry).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": settings_uri, "type": 1}]}),
    );
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(1))),
        Vec::<String>::new()
    );
    // Nothing to suppress any more at the cursor.
    assert!(
        !titles(&ask(&mut client))
            .iter()
            .any(|t| t.starts_with("Suppress")),
    );

    // With a settings file, a second entry is appended to it; one whose place has no finding
    // is reported there, with the fix that removes it.
    let wrong = entry.replace("line:1", "line:2");
    std::fs::write(&settings, &wrong).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": settings_uri, "type": 2}]}),
    );
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(1))),
        ["othello/chip-total"]
    );
    let unused = client.diagnostics(&settings_uri, None);
    assert_eq!(codes(&unused), ["retroboard/unused-suppression"]);
    assert_eq!(
        unused[0]["range"],
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 12}})
    );
    let actions = ask(&mut client);
    let action = actions.iter().find(|a| a["title"] == title).unwrap();
    let changes = action["edit"]["documentChanges"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{action:#}");
    assert_eq!(
        changes[0]["edits"][0]["range"]["start"],
        json!({"line": 5, "character": 0})
    );
    assert_eq!(changes[0]["edits"][0]["newText"], format!("\n{entry}"));
    assert_eq!(client.shutdown(), 0);
}

/// The search's finding (a peg board that cannot be won) is offered "Suppress here" like every
/// other finding, once the search found it: the code action does not search, it reads what the
/// search found.
#[test]
fn an_unsolvable_board_found_by_the_search_is_offered_suppress_here() {
    let dir = folder("suppress-unsolvable");
    let board = dir.join("Row.brd");
    let text = "version 2\nmode: normal\ny y e y y\n";
    std::fs::write(&board, text).unwrap();
    let uri = file_uri(board.to_str().unwrap());
    let mut client = client_creating(true);
    client.open(&uri, "peg-brd", 1, text);
    // The keystroke's diagnostics, then the same version with the search's finding.
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    let found = client.diagnostics(&uri, Some(1));
    assert_eq!(found[0]["code"], "peg/unsolvable");
    let actions = code_actions(
        &mut client,
        &uri,
        [[2, 4], [2, 5]],
        json!({"diagnostics": found, "only": ["quickfix"]}),
    );
    assert_eq!(
        titles(&actions),
        ["Suppress peg/unsolvable here (a [[suppress]] entry in retroboard.toml)"]
    );
    let changes = actions[0]["edit"]["documentChanges"].as_array().unwrap();
    let entry = "[[suppress]]\nfile = \"Row.brd\"\ncode = \"peg/unsolvable\"\n\
place = \"cell:1:3\"\nreason = \"reason\"\n";
    assert_eq!(changes[1]["edits"][0]["newText"], entry);
    // The editor writes the entry: the search's finding is silenced.
    let settings = dir.join("retroboard.toml");
    std::fs::write(&settings, entry).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": file_uri(settings.to_str().unwrap()), "type": 1}]}),
    );
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    assert_eq!(client.shutdown(), 0);
}
