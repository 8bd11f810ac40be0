//! End to end: the real `retroboard lsp` binary over stdio.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

/// A hex line whose last token is not ASCII: the error's end column differs per encoding
/// (`𝄞` is 4 UTF-8 bytes and 2 UTF-16 code units).
const BROKEN_MAP: &str = "15 8\n1 P 2 ARROWS 1000 ARCH 0 ARROW 7 5 𝄞é\n";

fn range(d: &Value) -> [[u64; 2]; 2] {
    let r = &d["range"];
    [
        [
            r["start"]["line"].as_u64().unwrap(),
            r["start"]["character"].as_u64().unwrap(),
        ],
        [
            r["end"]["line"].as_u64().unwrap(),
            r["end"]["character"].as_u64().unwrap(),
        ],
    ]
}

fn broken_then_fixed(encoding: &str, expected_end: u32) {
    let (mut client, init) = LspClient::initialized(&[encoding]);
    assert_eq!(init["capabilities"]["positionEncoding"], encoding);
    assert_eq!(
        init["capabilities"]["textDocumentSync"]["change"], 2,
        "incremental sync"
    );

    let uri = file_uri("/tmp/retroboard-e2e/Variant/Variant.map");
    client.open(&uri, "plaintext", 1, BROKEN_MAP);
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "colossus/syntax-error");
    assert_eq!(d["source"], "retroboard");
    assert_eq!(d["severity"], 1);
    assert_eq!(range(d), [[1, 35], [1, u64::from(expected_end)]]);
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .starts_with("unexpected `𝄞é`"),
        "{d:#?}"
    );

    // Delete the stray characters: the diagnostics clear, for version 2.
    client.change(&uri, 2, [[1, 34], [1, expected_end]], "");
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());

    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(client.diagnostics(&uri, None), Vec::<Value>::new());
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn utf16_client_sees_and_clears_a_syntax_error() {
    broken_then_fixed("utf-16", 38);
}

#[test]
fn utf8_client_sees_and_clears_a_syntax_error() {
    broken_then_fixed("utf-8", 41);
}

#[test]
fn utf8_is_chosen_when_offered_among_others() {
    let (client, init) = LspClient::initialized(&["utf-16", "utf-8"]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    assert_eq!(client.shutdown(), 0);
    let (client, init) = LspClient::initialized(&[]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn edits_apply_in_order_and_crlf_lines_count_once() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri("/tmp/retroboard-e2e/Mysteriet.pat");
    let text = "Mysteriet \u{e6}\u{f8}\u{e5}\r\n  2  34\r\n";
    client.open(&uri, "patience-game", 1, text);
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Type " 7 9" after "34", one character at a time, without waiting in between.
    for (i, c) in [" ", "7", " ", "9"].iter().enumerate() {
        let col = 7 + i as u32;
        client.change(&uri, 2 + i as i64, [[1, col], [1, col]], c);
    }
    let diagnostics = client.diagnostics(&uri, Some(5));
    let messages: Vec<&str> = diagnostics
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(diagnostics.len(), 1, "{messages:?}");
    assert_eq!(range(&diagnostics[0]), [[1, 8], [1, 9]]);
    assert!(messages[0].starts_with("unexpected `7`"), "{messages:?}");
    // A stale version is ignored; the text stays as version 5 left it.
    client.change(&uri, 3, [[0, 0], [0, 0]], "garbage");
    client.change(&uri, 6, [[1, 7], [1, 11]], "");
    assert_eq!(client.diagnostics(&uri, Some(6)), Vec::<Value>::new());
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn exit_without_shutdown_exits_1() {
    let (mut client, _) = LspClient::initialized(&[]);
    client.notify("exit", Value::Null);
    assert_eq!(client.wait_exit(), 1);
}

#[test]
fn unknown_files_get_one_information() {
    let (mut client, _) = LspClient::initialized(&[]);
    let uri = file_uri("/tmp/retroboard-e2e/notes.txt");
    client.open(&uri, "plaintext", 1, "just some notes\n");
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "retroboard/unknown-format");
    assert_eq!(diagnostics[0]["severity"], 3);
    assert_eq!(client.shutdown(), 0);
}
