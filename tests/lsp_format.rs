//! End to end: `textDocument/formatting` and `rangeFormatting` from the real `retroboard lsp`
//! binary, the edits applied the way an editor applies them (columns in the negotiated
//! encoding, sorted, refusing overlaps).

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{LspClient, file_uri};
use serde_json::{Value, json};

/// A Patience game with a Danish name (and a character outside the BMP), an annotation after
/// a pile's numbers, a blank line and CRLF line breaks, spaced anyhow.
const GAME: &str = "Dronningens kabale æøå 𝄞\r\n2 3\r\n104 4 4 0 0 0 999 1 999 0 2\r\n\
0 4 108 0 2 2 999 1 0 0 0  \r\n\r\n1 83 310 0 16 2 999 1 2001 999 114  (første)\r\n";

const FORMATTED: &str = concat!(
    "Dronningens kabale æøå 𝄞\r\n",
    "  2   3\r\n",
    "104   4   4   0   0    0 999   1  999   0   2\r\n",
    "  0   4 108   0   2    2 999   1    0   0   0\r\n",
    "\r\n",
    "  1  83 310   0  16    2 999   1 2001 999 114  (første)\r\n",
);

/// The byte offset of an LSP position, the column counted in `encoding`'s units.
fn offset(text: &str, line: u64, character: u64, encoding: &str) -> usize {
    let mut start = 0;
    for _ in 0..line {
        let rest = &text[start..];
        let at = rest.find(['\r', '\n']).expect("a line past the end");
        start += at + if rest[at..].starts_with("\r\n") { 2 } else { 1 };
    }
    let line_text = &text[start..];
    let line_text = &line_text[..line_text.find(['\r', '\n']).unwrap_or(line_text.len())];
    let mut units = 0;
    for (at, c) in line_text.char_indices() {
        if units >= character {
            assert_eq!(units, character, "a column inside a character");
            return start + at;
        }
        units += if encoding == "utf-8" {
            c.len_utf8()
        } else {
            c.len_utf16()
        } as u64;
    }
    assert_eq!(units, character, "a column past the line's end");
    start + line_text.len()
}

/// Applies LSP text edits as an editor does: all against the same text, none overlapping.
fn apply(text: &str, edits: &Value, encoding: &str) -> String {
    let mut spans: Vec<(usize, usize, String)> = edits
        .as_array()
        .unwrap_or_else(|| panic!("not a list of edits: {edits:#}"))
        .iter()
        .map(|e| {
            let at = |p: &Value| {
                offset(
                    text,
                    p["line"].as_u64().unwrap(),
                    p["character"].as_u64().unwrap(),
                    encoding,
                )
            };
            (
                at(&e["range"]["start"]),
                at(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| (s.0, s.1));
    for pair in spans.windows(2) {
        assert!(pair[0].1 <= pair[1].0, "overlapping edits: {edits:#}");
    }
    let mut out = text.to_string();
    for (start, end, new) in spans.iter().rev() {
        out.replace_range(start..end, new);
    }
    out
}

fn uri(name: &str) -> String {
    file_uri(&format!("/tmp/retroboard-lsp-format/{name}"))
}

fn formatting(client: &mut LspClient, uri: &str) -> Value {
    client.request(
        "textDocument/formatting",
        json!({
            "textDocument": {"uri": uri},
            "options": {"tabSize": 4, "insertSpaces": true},
        }),
    )
}

fn range_formatting(client: &mut LspClient, uri: &str, lines: [[u32; 2]; 2]) -> Value {
    client.request(
        "textDocument/rangeFormatting",
        json!({
            "textDocument": {"uri": uri},
            "range": {
                "start": {"line": lines[0][0], "character": lines[0][1]},
                "end": {"line": lines[1][0], "character": lines[1][1]},
            },
            "options": {"tabSize": 4, "insertSpaces": true},
        }),
    )
}

fn format_game(encoding: &str) {
    let (mut client, init) = LspClient::initialized(&[encoding]);
    assert_eq!(init["capabilities"]["positionEncoding"], encoding);
    assert_eq!(init["capabilities"]["documentFormattingProvider"], true);
    assert_eq!(
        init["capabilities"]["documentRangeFormattingProvider"],
        true
    );
    let uri = uri("Dronningen.pat");
    client.open(&uri, "patience-game", 1, GAME);
    client.diagnostics(&uri, Some(1));
    let edits = formatting(&mut client, &uri);
    // One edit per run of blanks, never the name line (line 0).
    assert!(edits.as_array().unwrap().len() > 10, "{edits:#}");
    assert!(
        edits
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["range"]["start"]["line"] != 0)
    );
    let formatted = apply(GAME, &edits, encoding);
    assert_eq!(formatted, FORMATTED);
    // The editor applies them; formatting again gives no edit.
    client.change(&uri, 2, [[0, 0], [6, 0]], &formatted);
    client.diagnostics(&uri, Some(2));
    assert_eq!(formatting(&mut client, &uri), json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_utf16_client_formats_a_danish_patience_game() {
    format_game("utf-16");
}

#[test]
fn a_utf8_client_formats_a_danish_patience_game() {
    format_game("utf-8");
}

#[test]
fn range_formatting_formats_the_lines_the_range_touches() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = uri("Range.pat");
    client.open(&uri, "patience-game", 1, GAME);
    client.diagnostics(&uri, Some(1));
    // From inside line 2 to the start of line 4: lines 2 and 3.
    let edits = range_formatting(&mut client, &uri, [[2, 5], [4, 0]]);
    let lines: Vec<u64> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| (2..=3).contains(l)), "{edits:#}");
    let formatted = apply(GAME, &edits, "utf-16");
    let expected: Vec<&str> = GAME
        .split("\r\n")
        .zip(FORMATTED.split("\r\n"))
        .enumerate()
        .map(|(i, (old, new))| if (2..=3).contains(&i) { new } else { old })
        .collect();
    assert_eq!(formatted, expected.join("\r\n"));
    // An empty range (the cursor) formats its line; the name line has nothing to format.
    let edits = range_formatting(&mut client, &uri, [[1, 0], [1, 0]]);
    assert_eq!(
        apply(GAME, &edits, "utf-16"),
        GAME.replacen("\r\n2 3\r\n", "\r\n  2   3\r\n", 1)
    );
    assert_eq!(
        range_formatting(&mut client, &uri, [[0, 3], [0, 3]]),
        json!([])
    );
    assert_eq!(client.shutdown(), 0);
}

/// A peg row with a non-ASCII (invalid) element before its trailing blanks: the edit's column
/// is counted in the client's units.
#[test]
fn edit_columns_count_the_negotiated_units() {
    let board = "Version 2\nMode: Normal\n. e 𝄞 e .   \n";
    for (encoding, column) in [("utf-8", 12), ("utf-16", 10)] {
        let (mut client, _) = LspClient::initialized(&[encoding]);
        let uri = uri("Units.brd");
        client.open(&uri, "peg-brd", 1, board);
        client.diagnostics(&uri, Some(1));
        let edits = formatting(&mut client, &uri);
        assert_eq!(
            edits,
            json!([{
                "range": {
                    "start": {"line": 2, "character": column},
                    "end": {"line": 2, "character": column + 3},
                },
                "newText": "",
            }]),
            "{encoding}"
        );
        assert_eq!(
            apply(board, &edits, encoding),
            "Version 2\nMode: Normal\n. e 𝄞 e .\n"
        );
        assert_eq!(client.shutdown(), 0);
    }
}

#[test]
fn a_closed_document_gets_nothing_and_a_line_with_a_syntax_error_no_edit() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    assert_eq!(formatting(&mut client, &uri("Closed.pat")), Value::Null);
    let uri = uri("Broken.pat");
    // Line 1 lacks its number of piles; line 2 is laid out all the same.
    let broken = "Broken\n2 x 3\n104 4  4\n";
    client.open(&uri, "patience-game", 1, broken);
    client.diagnostics(&uri, Some(1));
    let edits = formatting(&mut client, &uri);
    assert_eq!(
        apply(broken, &edits, "utf-16"),
        "Broken\n2 x 3\n104   4   4\n"
    );
    assert_eq!(client.shutdown(), 0);
}
