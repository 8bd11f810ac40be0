//! Property: whatever sequence of edits a client sends, the server ends up where a fresh open of
//! the final text would: same diagnostics, same semantic tokens (which cover every token of the
//! text, so they also show the server's text is the client's), same outline.
//!
//! Edits are made in UTF-16 positions, over text with astral characters and all three line
//! breaks, on a fixture of every format.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use std::cell::RefCell;
use std::path::Path;

use lsp_client::{LspClient, file_uri};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::{Value, json};

/// A fixture of each format, with its language id.
const SEEDS: &[(&str, &str)] = &[
    ("crossmines/clean.pat", "crossmines-pattern"),
    ("patience/Mysteriet.pat", "patience-game"),
    ("othello/clean.bord", "othello-bord"),
    ("colossus/Tiny/Tiny.map", "colossus-map"),
    ("colossus/Tiny/Tiny.ter", "colossus-ter"),
    ("colossus/Tiny/Tiny.cre", "colossus-cre"),
    ("colossus/Tiny/Battlelands/Brush", "colossus-battleland"),
    ("colossus/Tiny/Tiny.var", "colossus-var"),
    ("peg/clean-v2-r11-triangle.brd", "peg-brd"),
    ("peg/clean-v1.brd", "peg-brd"),
];

/// What edits insert: pieces that matter to the formats, and the ones that trouble positions.
const PIECES: &[&str] = &[
    "",
    "0",
    "1",
    "7",
    ".",
    "-",
    "#",
    "x",
    ":",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "𝄞",
    "å",
    "A1",
    "-1",
    "999999999999",
];

/// One edit, in terms that stay valid whatever the text: positions as fractions of its length.
#[derive(Clone, Debug)]
struct Edit {
    start: usize,
    len: usize,
    piece: usize,
}

/// The LSP position of a byte offset, counted independently of the server: UTF-16 units since
/// the last line break (`\r\n`, `\r` or `\n`).
fn position(text: &str, byte: usize) -> [u32; 2] {
    let (mut line, mut col) = (0u32, 0u32);
    let mut chars = text[..byte].chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' | '\n' => {
                line += 1;
                col = 0;
            }
            c => col += c.len_utf16() as u32,
        }
    }
    [line, col]
}

/// The nearest char boundary at or before `byte` that is not between a `\r` and its `\n`,
/// which no LSP position can name.
fn boundary(text: &str, mut byte: usize) -> usize {
    byte = byte.min(text.len());
    while !text.is_char_boundary(byte)
        || (byte > 0
            && text.as_bytes()[byte - 1] == b'\r'
            && text.as_bytes().get(byte) == Some(&b'\n'))
    {
        byte -= 1;
    }
    byte
}

struct Servers {
    edited: LspClient,
    fresh: LspClient,
    cases: usize,
}

fn state_of(client: &mut LspClient, uri: &str, version: i64) -> (Vec<Value>, Value, Value) {
    let diagnostics = client.diagnostics(uri, Some(version));
    let document = json!({"textDocument": {"uri": uri}});
    let tokens = client.request("textDocument/semanticTokens/full", document.clone());
    let outline = client.request("textDocument/documentSymbol", document);
    (diagnostics, tokens, outline)
}

fn run_case(servers: &mut Servers, seed: usize, edits: &[Edit]) -> Result<(), TestCaseError> {
    let (fixture, language) = SEEDS[seed];
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .join(fixture);
    let (mut text, _) = retroboard::text::decode(&std::fs::read(&path).unwrap()).unwrap();
    servers.cases += 1;
    // A new document per case, under the fixture's own name so detection and the Colossus
    // folder rules apply as they do to the fixture.
    let name = path.file_name().unwrap().to_str().unwrap();
    let folder = path
        .parent()
        .unwrap()
        .file_name()
        .unwrap()
        .to_str()
        .unwrap();
    let uri = file_uri(&format!(
        "/tmp/retroboard-props/{}/{folder}/{name}",
        servers.cases
    ));
    servers.edited.open(&uri, language, 1, &text);
    let mut version = 1;
    for edit in edits {
        let start = boundary(&text, edit.start % (text.len() + 1));
        let end = boundary(&text, start + edit.len).max(start);
        let piece = PIECES[edit.piece % PIECES.len()];
        let range = [position(&text, start), position(&text, end)];
        version += 1;
        servers.edited.change(&uri, version, range, piece);
        text.replace_range(start..end, piece);
    }
    // The same version: fixable diagnostics carry it in their data.
    servers.fresh.open(&uri, language, version, &text);
    let edited = state_of(&mut servers.edited, &uri, version);
    let fresh = state_of(&mut servers.fresh, &uri, version);
    for client in [&mut servers.edited, &mut servers.fresh] {
        client.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
    }
    prop_assert_eq!(edited, fresh, "final text {:?}", text);
    Ok(())
}

#[test]
fn edits_through_the_server_equal_a_fresh_open() {
    let edits = proptest::collection::vec(
        (
            0usize..4000,
            prop_oneof![Just(0usize), 1usize..4, 4usize..40],
            0..PIECES.len(),
        )
            .prop_map(|(start, len, piece)| Edit { start, len, piece }),
        1..25,
    );
    let mut runner = TestRunner::new(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    // Two servers for all cases: one edited, one given each final text fresh.
    let servers = RefCell::new(Servers {
        edited: LspClient::initialized(&["utf-16"]).0,
        fresh: LspClient::initialized(&["utf-16"]).0,
        cases: 0,
    });
    let result = runner.run(&(0..SEEDS.len(), edits), |(seed, edits)| {
        run_case(&mut servers.borrow_mut(), seed, &edits)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    // After all that, both still shut down cleanly.
    let servers = servers.into_inner();
    assert_eq!(servers.edited.shutdown(), 0);
    assert_eq!(servers.fresh.shutdown(), 0);
}

#[test]
fn utf16_positions_are_counted_like_a_client() {
    let text = "a𝄞\r\nb\rc\nd";
    assert_eq!(position(text, "a𝄞".len()), [0, 3]);
    assert_eq!(position(text, "a𝄞\r\n".len()), [1, 0]);
    assert_eq!(position(text, "a𝄞\r\nb\r".len()), [2, 0]);
    assert_eq!(position(text, text.len()), [3, 1]);
    assert_eq!(boundary(text, "a𝄞\r".len()), "a𝄞".len());
    assert_eq!(boundary(text, 2), 1);
}
