//! Protocol abuse: whatever a client sends, the server answers correctly and keeps running.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

const TER: &str = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n";

fn is_parse_error(m: &Value) -> bool {
    m["error"]["code"] == -32700 && m["id"].is_null()
}

#[test]
fn malformed_messages_get_parse_errors_and_the_server_goes_on() {
    let (mut client, _) = LspClient::initialized(&[]);
    client.send_raw(b"garbage before any header\r\n");
    client.wait_for(is_parse_error);
    client.send_raw(b"Content-Length: 12\r\n\r\n{\"jsonrpc\": ");
    client.wait_for(is_parse_error);
    client.send_raw(b"Content-Length: 3\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}");
    client.wait_for(is_parse_error);
    client.send_raw(b"Content-Length: 999\r\n\r\n{}");
    client.send_raw(b"Content-Length: nope\r\n\r\n{}");
    client.wait_for(is_parse_error);
    client.send_raw(b"Content-Length: 7\r\n\r\n[1,2,3]");
    client.wait_for(is_parse_error);
    // Still answering, with its state intact.
    let uri = file_uri("/tmp/retroboard-abuse/V/V.ter");
    client.open(&uri, "colossus-ter", 1, TER);
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn unknown_methods_and_unopened_documents() {
    let (mut client, _) = LspClient::initialized(&[]);
    let response = client.request_raw("retroboard/nothing", json!({}));
    assert_eq!(response["error"]["code"], -32601, "{response}");
    client.notify("retroboard/unknown-notification", json!({"x": 1}));
    client.notify("$/cancelRequest", json!({"id": 999}));

    let unopened = file_uri("/tmp/retroboard-abuse/never-opened.map");
    let at = json!({"textDocument": {"uri": unopened}, "position": {"line": 0, "character": 0}});
    assert_eq!(client.request("textDocument/hover", at), Value::Null);
    assert_eq!(
        client.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": unopened}})
        ),
        Value::Null
    );
    assert_eq!(
        client.request(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": unopened}})
        ),
        Value::Null
    );
    let preview = client.request_raw(
        "retroboard/preview",
        json!({"textDocument": {"uri": unopened}}),
    );
    assert_eq!(preview["error"]["code"], -32602, "{preview}");
    assert!(
        preview["error"]["message"]
            .as_str()
            .unwrap()
            .contains("is not open and cannot be read")
    );
    // Changes and closes of unopened documents are ignored.
    client.change(&unopened, 2, [[0, 0], [0, 0]], "x");
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": unopened}}),
    );
    assert_eq!(
        client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": unopened}, "position": {"line": 0, "character": 0}})
        ),
        Value::Null
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn positions_past_the_end_are_clamped() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri("/tmp/retroboard-abuse/W/W.ter");
    client.open(&uri, "colossus-ter", 1, TER);
    client.diagnostics(&uri, Some(1));
    let far = json!({"textDocument": {"uri": uri}, "position": {"line": 4000000000u32, "character": 4000000000u32}});
    assert_eq!(client.request("textDocument/hover", far), Value::Null);
    // An insertion far past the end lands at the end of the text.
    client.change(&uri, 2, [[99, 99], [120, 0]], "ACQUIRABLE 100 Angel\n");
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols.as_array().unwrap().len(), 2, "{symbols}");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_burst_of_edits_ends_with_the_diagnostics_of_the_final_text() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri("/tmp/retroboard-abuse/Burst/Burst.var");
    client.open(&uri, "colossus-var", 1, "");
    client.diagnostics(&uri, Some(1));
    // 10 000 one-character edits, sent without waiting: `MAP:m` lines, every 40th line a
    // stray `x`, so the final text has both syntax errors and findings of the checks, and
    // grows past the format's bound on the way.
    let mut text = String::new();
    let (mut line, mut col) = (0u32, 0u32);
    let mut pieces =
        (0..).flat_map(|n: usize| if n % 40 == 39 { "x\n" } else { "MAP:m\n" }.chars());
    for i in 0..10_000 {
        let piece = pieces.next().unwrap().to_string();
        client.change(&uri, 2 + i as i64, [[line, col], [line, col]], &piece);
        text.push_str(&piece);
        if piece == "\n" {
            line += 1;
            col = 0;
        } else {
            col += 1;
        }
    }
    let last = client.diagnostics(&uri, Some(10_001));
    // A fresh server, given the final text at once, publishes the same.
    let (mut fresh, _) = LspClient::initialized(&["utf-16"]);
    fresh.open(&uri, "colossus-var", 1, &text);
    assert_eq!(last, fresh.diagnostics(&uri, Some(1)));
    let codes: Vec<&str> = last.iter().map(|d| d["code"].as_str().unwrap()).collect();
    // The text (some 1 700 lines) is past a VAR's bound of 500 lines: those are read, each
    // stray line among them is a syntax error, and one finding says the rest is not read.
    let stray = text.lines().take(500).filter(|l| *l == "x").count();
    assert!(stray > 10);
    let errors = codes
        .iter()
        .filter(|c| **c == "colossus/syntax-error")
        .count();
    assert_eq!(errors, stray);
    assert_eq!(
        codes
            .iter()
            .filter(|c| **c == "retroboard/too-large")
            .count(),
        1
    );
    assert!(codes.contains(&"colossus/overridden-record"));
    assert_eq!(fresh.shutdown(), 0);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn requests_after_shutdown_are_refused_and_exit_ends_cleanly() {
    let (mut client, _) = LspClient::initialized(&[]);
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    let late = client.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///x.map"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(late["error"]["code"], -32600, "{late}");
    client.notify("exit", Value::Null);
    assert_eq!(client.wait_exit(), 0);
}

#[test]
fn a_panic_in_a_handler_is_caught_and_the_server_goes_on() {
    let (mut client, _) =
        LspClient::initialized_with_env(&[], &[("RETROBOARD_TEST_PANIC", "PANIC-HERE")]);
    let bad = file_uri("/tmp/retroboard-abuse/P/P.ter");
    client.open(
        &bad,
        "colossus-ter",
        1,
        "# PANIC-HERE\nT black Tower false\n",
    );
    let diagnostics = client.diagnostics(&bad, Some(1));
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "retroboard/internal-error");
    let hover = client.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": bad}, "position": {"line": 1, "character": 0}}),
    );
    assert_eq!(hover["error"]["code"], -32603, "{hover}");
    let preview = client.request_raw("retroboard/preview", json!({"textDocument": {"uri": bad}}));
    assert_eq!(preview["error"]["code"], -32603, "{preview}");
    // Other documents, and this one once fixed, are served as before.
    let good = file_uri("/tmp/retroboard-abuse/P/Q.ter");
    client.open(&good, "colossus-ter", 1, TER);
    assert_eq!(client.diagnostics(&good, Some(1)), Vec::<Value>::new());
    client.change(&bad, 2, [[0, 0], [1, 0]], "");
    let fixed = client.diagnostics(&bad, Some(2));
    assert!(
        fixed
            .iter()
            .all(|d| d["code"] != "retroboard/internal-error"),
        "{fixed:?}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_huge_line_is_reported_and_editing_it_away_brings_the_checks_back() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri("/tmp/retroboard-abuse/Long/Long.ter");
    let long = format!("{}\n", "x".repeat(200 * 1024));
    client.open(&uri, "colossus-ter", 1, &format!("{TER}{long}"));
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "retroboard/too-large");
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 1, "character": 0})
    );
    let document = json!({"textDocument": {"uri": uri}});
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(hover, Value::Null);
    let symbols = client.request("textDocument/documentSymbol", document.clone());
    assert_eq!(symbols, json!([]));
    let preview = client.request("retroboard/preview", document.clone());
    assert!(
        preview["text"]
            .as_str()
            .unwrap()
            .starts_with("Line 2 is too long"),
        "{preview}"
    );
    // Deleting the line: the file is parsed and checked again.
    client.change(&uri, 2, [[1, 0], [2, 0]], "");
    let diagnostics = client.diagnostics(&uri, Some(2));
    assert!(
        diagnostics
            .iter()
            .all(|d| d["code"] != "retroboard/too-large"),
        "{diagnostics:?}"
    );
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("Tower"),
        "{hover}"
    );
    assert_eq!(client.shutdown(), 0);
}
