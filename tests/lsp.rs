//! End to end: the real `retroboard lsp` binary over stdio, and the same server in process for
//! the tests that hold a check or a search in flight.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use std::time::Duration;

use lsp_client::{LspClient, delaying, file_uri, offered};
use serde_json::{Value, json};

/// A hex line whose last token is not ASCII: the error's end column differs per encoding
/// (`𝄞` is 4 UTF-8 bytes and 2 UTF-16 code units).
const BROKEN_MAP: &str = "15 8\n100 T 0 ARROW 0 ARROW 0 ARROW 1 1 𝄞é\n200 T 0 ARROW 0 ARROW 0 ARROW 3 1\n\
300 T 0 ARROW 0 ARROW 0 ARROW 5 1\n400 T 0 ARROW 0 ARROW 0 ARROW 7 1\n\
500 T 0 ARROW 0 ARROW 0 ARROW 9 1\n600 T 0 ARROW 0 ARROW 0 ARROW 11 1\n";

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
    assert_eq!(range(d), [[1, 34], [1, u64::from(expected_end)]]);
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .starts_with("unexpected “𝄞é”"),
        "{d:#?}"
    );

    // Delete the stray characters: the diagnostics clear, for version 2.
    client.change(&uri, 2, [[1, 33], [1, expected_end]], "");
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
    broken_then_fixed("utf-16", 37);
}

#[test]
fn utf8_client_sees_and_clears_a_syntax_error() {
    broken_then_fixed("utf-8", 40);
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
    let text = "Mysteriet \u{e6}\u{f8}\u{e5}\r\n  1   1\r\n 52   4   4   0   0    0  13   1  999   0   0\r\n";
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
    assert!(messages[0].starts_with("unexpected “7”"), "{messages:?}");
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

/// A small variant on disk whose MAP uses a terrain letter its TER lacks.
fn variant_on_disk(name: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("retroboard-e2e-{}-{name}", std::process::id()));
    let dir = root.join("Swamps");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Swamps.var"), "MAP:Swamps.map\nTER:Swamps.ter\n").unwrap();
    // Tower 100 has an exit to hex 1 below it, so every hex can be reached.
    let towers: String = (1..=6)
        .map(|i| {
            let exit = if i == 1 { 1 } else { 0 };
            format!("{i}00 T {exit} ARROW 0 ARROW 0 ARROW {} 1\n", 2 * i)
        })
        .collect();
    std::fs::write(
        dir.join("Swamps.map"),
        format!("15 8\n{towers}1 Q 0 ARROW 0 ARROW 0 ARROW 2 2\n"),
    )
    .unwrap();
    dir
}

const TER_WITHOUT_Q: &str = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n";

#[test]
fn editing_the_ter_updates_the_map_open_or_not() {
    let dir = variant_on_disk("ter");
    let ter_uri = file_uri(dir.join("Swamps.ter").to_str().unwrap());
    let map_uri = file_uri(dir.join("Swamps.map").to_str().unwrap());
    let (mut client, _) = LspClient::initialized(&["utf-16"]);

    // The TER is opened (not yet saved): the unopened MAP is checked against it.
    client.open(&ter_uri, "colossus-ter", 1, TER_WITHOUT_Q);
    let map = client.diagnostics(&map_uri, None);
    assert_eq!(map.len(), 1, "{map:#?}");
    assert_eq!(map[0]["code"], "colossus/unknown-terrain");
    assert_eq!(range(&map[0]), [[7, 2], [7, 3]]);
    assert!(
        map[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("terrain Q of hex 1 is not defined in Swamps/Swamps.ter")
    );

    // Typing the missing terrain line clears the MAP's error in the same round of publishing.
    client.change(&ter_uri, 2, [[1, 0], [1, 0]], "Q olive Swamp true\n");
    assert_eq!(client.diagnostics(&map_uri, None), Vec::<Value>::new());

    // With the MAP open too, its diagnostics carry its own version.
    client.open(
        &map_uri,
        "colossus-map",
        7,
        &std::fs::read_to_string(dir.join("Swamps.map")).unwrap(),
    );
    assert_eq!(client.diagnostics(&map_uri, Some(7)), Vec::<Value>::new());
    client.change(&ter_uri, 3, [[1, 0], [2, 0]], "");
    let map = client.diagnostics(&map_uri, Some(7));
    assert_eq!(map.len(), 1, "{map:#?}");
    assert_eq!(map[0]["code"], "colossus/unknown-terrain");
    assert_eq!(client.shutdown(), 0);
}

/// A keystroke that leaves what the MAP reads of the TER (its terrain letters) alone checks
/// the TER only; one that changes the letters checks the MAP again.
#[test]
fn only_edits_that_change_what_the_map_reads_recheck_it() {
    let dir = variant_on_disk("cutoff");
    let ter_uri = file_uri(dir.join("Swamps.ter").to_str().unwrap());
    let map_uri = file_uri(dir.join("Swamps.map").to_str().unwrap());
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&ter_uri, "colossus-ter", 1, TER_WITHOUT_Q);
    assert_eq!(client.diagnostics(&map_uri, None).len(), 1);

    // The Tower's colour: nothing the MAP reads.
    client.change(&ter_uri, 2, [[0, 2], [0, 7]], "white");
    client.diagnostics(&ter_uri, Some(2));
    // A new terrain letter: the MAP is checked again, and its error is gone.
    client.change(&ter_uri, 3, [[1, 0], [1, 0]], "Q olive Swamp true\n");
    client.diagnostics(&ter_uri, Some(3));
    client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == map_uri.as_str()
            && m["params"]["diagnostics"] == json!([])
    });
    let map_publications = client
        .unread()
        .iter()
        .filter(|m| m["params"]["uri"] == map_uri.as_str())
        .count();
    assert_eq!(map_publications, 0, "{:#?}", client.unread());
    assert_eq!(client.shutdown(), 0);
}

/// Files opened as they are on the disk change nothing their readers read: a folder opened at
/// once checks each file once, not once more for every file it reads that opened after it.
#[test]
fn opening_a_file_as_it_is_on_the_disk_does_not_check_its_readers_again() {
    let dir = variant_on_disk("opened");
    std::fs::write(dir.join("Swamps.ter"), TER_WITHOUT_Q).unwrap();
    let ter_uri = file_uri(dir.join("Swamps.ter").to_str().unwrap());
    let map_uri = file_uri(dir.join("Swamps.map").to_str().unwrap());
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&map_uri, "colossus-map", 1, &read("Swamps.map"));
    let map = client.diagnostics(&map_uri, Some(1));
    client.open(&ter_uri, "colossus-ter", 1, &read("Swamps.ter"));
    client.diagnostics(&ter_uri, Some(1));
    // Past the pause after which the readers of a checked file are checked again.
    std::thread::sleep(std::time::Duration::from_millis(600));
    client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": ter_uri}}),
    );
    let again: Vec<&Value> = client
        .unread()
        .iter()
        .filter(|m| m["params"]["uri"] == map_uri.as_str())
        .collect();
    assert_eq!(again, Vec::<&Value>::new(), "the MAP had {map:#?}");
    // An edit that changes what the MAP reads still checks it again.
    client.change(&ter_uri, 2, [[0, 0], [0, 0]], "Z olive Swamp true\n");
    let map_now = client.diagnostics(&map_uri, Some(1));
    assert_eq!(
        map_now[0]["message"],
        map[0]["message"]
            .as_str()
            .unwrap()
            .replace("(letters: T)", "(letters: T Z)")
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_outline_and_semantic_tokens_over_stdio() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny/Tiny.ter");
    let path = path.canonicalize().unwrap();
    let uri = file_uri(path.to_str().unwrap());
    let (mut client, init) = LspClient::initialized(&["utf-16"]);
    let caps = &init["capabilities"];
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(caps["documentSymbolProvider"], true);
    let legend = caps["semanticTokensProvider"]["legend"]["tokenTypes"]
        .as_array()
        .unwrap()
        .clone();
    client.open(
        &uri,
        "colossus-ter",
        1,
        &std::fs::read_to_string(&path).unwrap(),
    );
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());

    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 23}}),
    );
    assert_eq!(hover["contents"]["kind"], "markdown");
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        markdown.starts_with("**Gargoyle** (Gargoyles) — power 4 · skill 3"),
        "{markdown}"
    );
    assert_eq!(range(&hover), [[0, 21], [0, 29]]);
    let nothing = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 0}}),
    );
    assert_eq!(nothing, Value::Null);

    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "B Brush",
            "T Tower",
            "acquirable Angel",
            "acquirable Archangel"
        ]
    );
    assert_eq!(symbols[1]["children"][1]["name"], "Centaur");

    let tokens = client.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data = token_data(&tokens);
    assert_eq!(data.len() % 5, 0);
    // The first token is the terrain letter B: line 0, column 0, one character.
    assert_eq!(&data[..3], &[0, 0, 1]);
    assert_eq!(legend[data[3] as usize], "enumMember");
    // The colour name follows on the same line, 2 characters on.
    assert_eq!(&data[5..8], &[0, 2, 5]);

    // The lines on screen: line 2 alone, its tokens placed from the start of the text.
    let on_screen = client.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 2, "character": 0}, "end": {"line": 3, "character": 0}}}),
    );
    let part = token_data(&on_screen);
    assert!(!part.is_empty());
    assert_eq!(part[0], 2, "the first token is on line 2");
    assert!(
        part.chunks(5).skip(1).all(|token| token[0] == 0),
        "all on one line: {part:?}"
    );
    assert_eq!(client.shutdown(), 0);
}

/// A document opened and not edited lets go of its tree once checked (before its diagnostics
/// go out); every request then parses it again, and answers as it does on the same text
/// edited (whose tree is kept and reparsed incrementally). The first edit after the drop
/// reparses the text correctly.
#[test]
fn requests_and_edits_on_a_document_whose_tree_was_dropped_answer_as_before() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny")
        .canonicalize()
        .unwrap();
    let uri_of = |name: &str| file_uri(folder.join(name).to_str().unwrap());
    let ter = uri_of("Tiny.ter");
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    for (name, language) in [
        ("Tiny.ter", "colossus-ter"),
        ("Tiny.cre", "colossus-cre"),
        ("Tiny.map", "colossus-map"),
    ] {
        let text = std::fs::read_to_string(folder.join(name)).unwrap();
        client.open(&uri_of(name), language, 1, &text);
    }
    assert_eq!(client.diagnostics(&ter, Some(1)), Vec::<Value>::new());
    let at = |line: u32, character: u32| json!({"textDocument": {"uri": ter}, "position": {"line": line, "character": character}});
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 5, "character": 0}});
    let answers = |client: &mut LspClient| {
        let mut all = Vec::new();
        for (line, character) in [(0, 0), (0, 2), (0, 23), (2, 40), (4, 14)] {
            all.push(client.request("textDocument/hover", at(line, character)));
            all.push(client.request("textDocument/definition", at(line, character)));
        }
        all.push(client.request("textDocument/completion", at(2, 32)));
        for method in [
            "textDocument/documentSymbol",
            "textDocument/semanticTokens/full",
            "textDocument/foldingRange",
        ] {
            all.push(client.request(method, json!({"textDocument": {"uri": ter}})));
        }
        all.push(client.request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": ter}, "range": whole}),
        ));
        all
    };
    let dropped = answers(&mut client);
    assert!(
        dropped[4].to_string().contains("Gargoyle"),
        "{}",
        dropped[4]
    );
    // An edit after the drop: the Tower's letter made unknown, then put back.
    client.change(&ter, 2, [[2, 0], [2, 1]], "X");
    let broken = client.diagnostics(&ter, Some(2));
    assert!(
        broken.iter().any(|d| d["code"] == "colossus/missing-tower"),
        "{broken:?}"
    );
    client.change(&ter, 3, [[2, 0], [2, 1]], "T");
    assert_eq!(client.diagnostics(&ter, Some(3)), Vec::<Value>::new());
    let kept = answers(&mut client);
    assert_eq!(dropped, kept);
    assert_eq!(client.shutdown(), 0);
}

/// A CRE of 4 000 creature lines is read up to its format's bound of 500 lines: one
/// `retroboard/too-large` at line 500, colours and outline only for the lines read, and an edit
/// past the bound still lands where the editor made it (edits refer to the whole text).
#[test]
fn a_text_past_its_bound_is_read_up_to_it() {
    let uri = file_uri("/tmp/retroboard-large/Large/Large.cre");
    let line = |i: usize| {
        let name: String = format!("{i:05}")
            .chars()
            .map(|d| char::from(b'a' + (d as u8 - b'0')))
            .collect();
        format!(
            "Ogre{name} 6 2 false false false false true false true false false false false false false 25 Ogres\n"
        )
    };
    let text: String = (0..4000).map(line).collect();
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "colossus-cre", 1, &text);
    let too_large = |diagnostics: &[Value]| -> Vec<Value> {
        diagnostics
            .iter()
            .filter(|d| d["code"] == "retroboard/too-large")
            .cloned()
            .collect()
    };
    let found = too_large(&client.diagnostics(&uri, Some(1)));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0]["range"],
        json!({"start": {"line": 500, "character": 0}, "end": {"line": 500, "character": 0}})
    );
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("this file has 4 000 lines (")
            && message.contains("so Retroboard reads only its first 500 lines ("),
        "{message}"
    );

    let full = client.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data = token_data(&full);
    let last_line: u64 = data.chunks(5).map(|token| token[0]).sum();
    assert_eq!(data.len(), 500 * 18 * 5, "18 tokens on each line read");
    assert_eq!(last_line, 499);
    let on_screen = client.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 499, "character": 0}, "end": {"line": 502, "character": 0}}}),
    );
    let data = token_data(&on_screen);
    assert_eq!(
        data.len(),
        18 * 5,
        "only line 499 of these is read: {data:?}"
    );
    assert_eq!(&data[..3], &[499, 0, 9]);
    let outline = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let symbols = serde_json::to_string(&outline).unwrap();
    assert!(
        symbols.contains("Ogreaaejj") && !symbols.contains("Ogreaafaa"),
        "line 499 is the last read"
    );

    // Line 3 900 renamed past the bound, then lines 0-3 599 deleted: the file is within the
    // bound, and line 300 is the renamed one.
    client.change(&uri, 2, [[3900, 0], [3900, 4]], "Troll");
    client.diagnostics(&uri, Some(2));
    client.change(&uri, 3, [[0, 0], [3600, 0]], "");
    let diagnostics = client.diagnostics(&uri, Some(3));
    assert!(too_large(&diagnostics).is_empty(), "{diagnostics:?}");
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 300, "character": 2}}),
    );
    let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(markdown.contains("Trolladjaa"), "{markdown}");
    assert_eq!(client.shutdown(), 0);
}

/// A line over 64 KB past a BORD's bound of 100 lines is still found where it is.
#[test]
fn a_long_line_past_the_bound_is_reported_on_its_line() {
    let uri = file_uri("/tmp/retroboard-large/Long.bord");
    let text = format!("{}{}\n", "x\n".repeat(150), "y".repeat(70 * 1024));
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "othello-bord", 1, &text);
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "retroboard/too-large");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 150);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn preview_by_request_and_by_command() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny/Tiny.map");
    let path = path.canonicalize().unwrap();
    let uri = file_uri(path.to_str().unwrap());
    let (mut client, init) = LspClient::initialized(&[]);
    assert_eq!(
        init["capabilities"]["executeCommandProvider"]["commands"],
        json!([
            "retroboard.preview",
            "retroboard.revealSource",
            "retroboard.selectText",
            "retroboard.explain",
            "retroboard.editBoard"
        ])
    );
    client.open(
        &uri,
        "colossus-map",
        1,
        &std::fs::read_to_string(&path).unwrap(),
    );
    client.diagnostics(&uri, Some(1));

    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
    assert_eq!(preview["format"], "colossus-map");
    assert_eq!(
        preview["title"],
        "Tiny.map — masterboard, 8 hexes, 6 towers"
    );
    let svg = preview["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg xmlns='http://www.w3.org/2000/svg'"),
        "{svg}"
    );
    assert!(!svg.contains("<script") && !svg.contains("href"));
    assert!(preview["text"].as_str().unwrap().contains("▼T        ▼T"));
    // Drawn from version 1; hex 100 (line 3) is the first element, its exits after the hexes.
    assert_eq!(preview["version"], 1);
    let map = preview["sourceMap"].as_array().unwrap();
    assert_eq!(map[0]["id"], "hex:100");
    assert_eq!(
        map[0]["range"],
        json!({"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 34}})
    );
    // A hex offers the variant's other terrains and the exits toward its neighbours.
    let actions: Vec<String> = offered(&preview, &map[0])
        .iter()
        .map(|a| a["id"].as_str().unwrap().to_string())
        .collect();
    assert!(
        actions.iter().any(|a| a == "terrain:B") && actions.iter().any(|a| a == "exit:1:none"),
        "{actions:?}"
    );
    assert!(svg.contains("<g data-rb-id='hex:100'>"), "{svg}");
    assert!(map.iter().any(|e| e["id"] == "exit:100:1"), "{map:?}");
    // Where the elements stand in the text drawing only for a client that asks: the text
    // drawing shows hex 100 on its third and fourth lines, columns 1 to 5.
    assert_eq!(preview.get("textMap"), None);
    let with_text_map = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": uri}, "textMap": true}),
    );
    assert_eq!(
        with_text_map["textMap"][0],
        json!({"id": "hex:100", "line": 2, "start": 1, "end": 5})
    );
    let mut without = with_text_map.clone();
    without.as_object_mut().unwrap().remove("textMap");
    assert_eq!(without, preview);

    let by_command = client.request(
        "workspace/executeCommand",
        json!({"command": "retroboard.preview", "arguments": [uri]}),
    );
    assert_eq!(by_command, preview);
    let by_command = client.request(
        "workspace/executeCommand",
        json!({"command": "retroboard.preview", "arguments": [uri, {"textMap": true}]}),
    );
    assert_eq!(by_command, with_text_map);

    // The preview follows the text being typed: a seventh tower.
    client.change(
        &uri,
        2,
        [[9, 0], [9, 0]],
        "700 T 0 ARROW 0 ARROW 0 ARROW 13 1\n",
    );
    client.diagnostics(&uri, Some(2));
    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
    assert_eq!(
        preview["title"],
        "Tiny.map — masterboard, 9 hexes, 7 towers"
    );
    assert_eq!(preview["version"], 2);
    assert!(
        preview["sourceMap"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == "hex:700" && e["range"]["start"]["line"] == 9),
        "{}",
        preview["sourceMap"]
    );

    let error = client.request_raw(
        "workspace/executeCommand",
        json!({"command": "retroboard.preview", "arguments": []}),
    );
    assert_eq!(error["error"]["code"], -32602, "{error}");
    assert_eq!(client.shutdown(), 0);
}

/// `retroboard.revealSource [uri, id]` sends `window/showDocument` selecting the element's text,
/// its columns counted in the negotiated encoding, and answers with the same; an id the drawing
/// lacks answers `null` and shows nothing.
#[test]
fn reveal_source_shows_the_element_in_the_negotiated_encoding() {
    let uri = file_uri("/tmp/retroboard-e2e/Reveal.bord");
    // Squares A1 “é” and A2 “😀” (one and two UTF-16 units, two and four bytes), then A3.
    let text = format!(
        "30\r2\rD4D5E4E5D4I9 x3e5A\ré😀{}\rM-) 1996 Yellow Lemon Software",
        "0".repeat(62)
    );
    for (encodings, a2, a3) in [(vec![], [1, 3], [3, 4]), (vec!["utf-8"], [2, 6], [6, 7])] {
        let (mut client, _) = LspClient::initialized(&encodings);
        client.open(&uri, "othello-bord", 4, &text);
        client.diagnostics(&uri, Some(4));
        let range = |[start, end]: [u32; 2]| json!({"start": {"line": 3, "character": start}, "end": {"line": 3, "character": end}});
        let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
        assert_eq!(preview["version"], 4);
        let map = preview["sourceMap"].as_array().unwrap();
        // What the square can become comes with it: any character but W and B is empty.
        let actions = json!([
            {"id": "chip:black", "title": "a black chip (B)"},
            {"id": "chip:white", "title": "a white chip (W)"}
        ]);
        let a2_square = map.iter().find(|e| e["id"] == "square:A2").unwrap();
        assert_eq!(a2_square["range"], range(a2), "{encodings:?}");
        assert_eq!(
            Value::Array(offered(&preview, a2_square)),
            actions,
            "{encodings:?}"
        );
        let id = client.start_request(
            "workspace/executeCommand",
            json!({"command": "retroboard.revealSource", "arguments": [uri, "square:A3"]}),
        );
        let show = client.wait_for(|m| m["method"] == "window/showDocument");
        assert_eq!(
            show["params"],
            json!({"uri": uri, "takeFocus": true, "selection": range(a3)}),
            "{encodings:?}"
        );
        client.send(&json!({"jsonrpc": "2.0", "id": show["id"], "result": {"success": true}}));
        let answer = client.response(id);
        assert_eq!(answer["result"], show["params"], "{encodings:?}");

        let none = client.request(
            "workspace/executeCommand",
            json!({"command": "retroboard.revealSource", "arguments": [uri, "square:Z9"]}),
        );
        assert_eq!(none, Value::Null);
        let error = client.request_raw(
            "workspace/executeCommand",
            json!({"command": "retroboard.revealSource", "arguments": [uri]}),
        );
        assert_eq!(error["error"]["code"], -32602, "{error}");
        assert!(
            !client
                .unread()
                .iter()
                .any(|m| m["method"] == "window/showDocument"),
            "{encodings:?}"
        );
        assert_eq!(client.shutdown(), 0);
    }
}

/// `retroboard/preview` with a `deal` seed draws a Patience game's dealt cards, as `render
/// --deal` does; the command takes the seed as its second argument; other formats ignore it.
#[test]
fn preview_deals_a_patience_game_for_a_seed() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/patience/Mysteriet.pat")
        .canonicalize()
        .unwrap();
    let uri = file_uri(path.to_str().unwrap());
    let (mut client, _) = LspClient::initialized(&[]);
    client.open(
        &uri,
        "patience-game",
        1,
        &std::fs::read_to_string(&path).unwrap(),
    );
    client.diagnostics(&uri, Some(1));
    let plain = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
    assert_eq!(plain.get("deal"), None);
    assert_eq!(plain["title"], "Mysteriet — 2 decks, 34 piles");
    let dealt = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": uri}, "deal": 7}),
    );
    assert_eq!(dealt["deal"], 7);
    assert_eq!(dealt["title"], "Mysteriet — 2 decks, 34 piles — deal 7");
    let text = dealt["text"].as_str().unwrap();
    assert!(text.contains("Deal 7 (2 decks"), "{text}");
    assert!(dealt["svg"].as_str().unwrap().contains("♥"));
    let again = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": uri}, "deal": 7}),
    );
    assert_eq!(again, dealt);
    let by_command = client.request(
        "workspace/executeCommand",
        json!({"command": "retroboard.preview", "arguments": [uri, 7]}),
    );
    assert_eq!(by_command, dealt);
    let by_command = client.request(
        "workspace/executeCommand",
        json!({"command": "retroboard.preview", "arguments": [uri, {"deal": 7}]}),
    );
    assert_eq!(by_command, dealt);
    let other = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": uri}, "deal": 8}),
    );
    assert_ne!(other["text"], dealt["text"]);

    // A format without cards draws its board as ever.
    let map = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny/Tiny.map")
        .canonicalize()
        .unwrap();
    let map_uri = file_uri(map.to_str().unwrap());
    let board = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": map_uri}, "deal": 7}),
    );
    assert_eq!(board["format"], "colossus-map");
    assert_eq!(board.get("deal"), None);
    assert_eq!(client.shutdown(), 0);
}

/// Replays a preview's `solution` on its `holes` and `start` under the game's rules (a stone
/// jumps over a stone into an empty hole, the stone jumped over is taken) and returns the
/// stones left, as `[row, column]`.
fn replay_solution(solution: &Value) -> Vec<[u64; 2]> {
    let place = |v: &Value| -> [u64; 2] { [v[0].as_u64().unwrap(), v[1].as_u64().unwrap()] };
    let holes: Vec<[u64; 2]> = solution["holes"]
        .as_array()
        .unwrap()
        .iter()
        .map(place)
        .collect();
    let start = solution["start"].as_str().unwrap();
    assert_eq!(start.len(), holes.len(), "{solution}");
    let mut stones: std::collections::BTreeSet<[u64; 2]> = holes
        .iter()
        .zip(start.chars())
        .filter(|(_, c)| *c == '1')
        .map(|(h, _)| *h)
        .collect();
    for jump in solution["moves"].as_array().unwrap() {
        let (from, over, to) = (
            place(&jump["from"]),
            place(&jump["over"]),
            place(&jump["to"]),
        );
        assert!(holes.contains(&to), "{jump}: no hole at “to”");
        // Three holes in a line, each next to the one before.
        let step =
            |a: [u64; 2], b: [u64; 2]| [b[0] as i64 - a[0] as i64, b[1] as i64 - a[1] as i64];
        let d = step(from, over);
        assert_eq!(d, step(over, to), "{jump}: not a line");
        assert!(
            d[0].abs() <= 1 && d[1].abs() <= 1 && d != [0, 0],
            "{jump}: not neighbours"
        );
        assert!(stones.remove(&from), "{jump}: no stone at “from”");
        assert!(stones.remove(&over), "{jump}: no stone jumped over");
        assert!(stones.insert(to), "{jump}: “to” is not empty");
    }
    stones.into_iter().collect()
}

/// The preview of a peg board carries its solution for the webview's stepper: jumps that
/// replay to one stone from the start it gives, on holes the SVG addresses by `data-rb-id`;
/// a board that cannot be won carries the reason instead.
#[test]
fn the_preview_of_a_peg_board_carries_a_solution_to_replay() {
    let (mut client, _) = LspClient::initialized(&[]);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/peg/solvable-english.brd")
        .canonicalize()
        .unwrap();
    let english = file_uri(path.to_str().unwrap());
    let small = "file:///tmp/retroboard-test/small.brd";
    let stuck = "file:///tmp/retroboard-test/stuck.brd";
    client.open(
        &english,
        "peg-brd",
        1,
        &std::fs::read_to_string(&path).unwrap(),
    );
    client.open(small, "peg-brd", 1, "version 2\nmode: normal\ny y e\n");
    client.open(stuck, "peg-brd", 1, "version 2\nmode: normal\ny y e e y\n");
    // Each board's diagnostics, then again once its search knows the verdict the preview shows.
    for uri in [&english, small, stuck] {
        client.diagnostics(uri, Some(1));
        client.diagnostics(uri, Some(1));
    }

    let preview = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": small}}),
    );
    let solution = &preview["solution"];
    assert_eq!(
        *solution,
        json!({
            "verdict": "solvable",
            "moves": [{"from": [0, 0], "over": [0, 1], "to": [0, 2]}],
            "holes": [[0, 0], [0, 1], [0, 2]],
            "start": "110",
        })
    );
    assert_eq!(replay_solution(solution), vec![[0, 2]]);

    let preview = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": english}}),
    );
    let solution = &preview["solution"];
    assert_eq!(solution["verdict"], "solvable", "{solution}");
    assert_eq!(solution["moves"].as_array().unwrap().len(), 31);
    assert_eq!(solution["holes"].as_array().unwrap().len(), 33);
    assert_eq!(replay_solution(solution).len(), 1);
    let svg = preview["svg"].as_str().unwrap();
    for hole in solution["holes"].as_array().unwrap() {
        let id = format!("data-rb-id='hole:{}:{}'", hole[0], hole[1]);
        assert_eq!(svg.matches(&id).count(), 1, "{id}");
    }

    let preview = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": stuck}}),
    );
    let solution = &preview["solution"];
    assert_eq!(solution["verdict"], "unsolvable", "{solution}");
    assert_eq!(solution["moves"], json!([]));
    assert_eq!(solution["start"], "11001");
    let reason = solution["reason"].as_str().unwrap();
    assert!(reason.starts_with("This board cannot be won: "), "{reason}");

    // Other formats have no solution.
    let map = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny/Tiny.map")
        .canonicalize()
        .unwrap();
    let map_uri = file_uri(map.to_str().unwrap());
    let board = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": map_uri}}),
    );
    assert_eq!(board.get("solution"), None);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_with_a_utf16_client_on_a_line_with_non_ascii_text() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri("/tmp/retroboard-e2e/Kabale.pat");
    let text = "Kabale 𝄞 æøå\r\n  1   1\r\n 52   4   4   0   0    0  13   1  999   0   0\r\n";
    client.open(&uri, "patience-game", 1, text);
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // `𝄞` is 2 UTF-16 code units: the name ends at 13, not 12.
    let name = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 11}}),
    );
    assert_eq!(range(&name), [[0, 0], [0, 13]]);
    assert!(
        name["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("**Game name** Kabale 𝄞 æøå")
    );
    // Field 7 of the stock, `13`.
    let field = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 27}}),
    );
    assert_eq!(range(&field), [[2, 26], [2, 28]]);
    assert!(
        field["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("**Field 7"),
        "{field}"
    );
    assert_eq!(client.shutdown(), 0);
}

/// The integers of a semantic tokens answer (five per token).
fn token_data(answer: &Value) -> Vec<u64> {
    answer["data"]
        .as_array()
        .expect("semantic tokens")
        .iter()
        .map(|v| v.as_u64().expect("an integer"))
        .collect()
}

#[test]
fn folding_ranges_and_document_links_over_stdio() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .canonicalize()
        .unwrap();
    let (mut client, init) = LspClient::initialized(&["utf-16"]);
    let caps = &init["capabilities"];
    assert_eq!(caps["foldingRangeProvider"], true);
    assert_eq!(caps["documentLinkProvider"]["resolveProvider"], false);

    let cre = fixtures.join("colossus/Lines/Folds.cre");
    let cre_uri = file_uri(cre.to_str().unwrap());
    client.open(
        &cre_uri,
        "colossus-cre",
        1,
        &std::fs::read_to_string(&cre).unwrap(),
    );
    let folds = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": cre_uri}}),
    );
    assert_eq!(
        folds,
        json!([
            {"startLine": 0, "endLine": 1, "kind": "comment"},
            {"startLine": 4, "endLine": 6, "kind": "region"},
            {"startLine": 9, "endLine": 10, "kind": "region"},
        ])
    );

    let var = fixtures.join("colossus/VarErrors/VarErrors.var");
    let var_uri = file_uri(var.to_str().unwrap());
    client.open(
        &var_uri,
        "colossus-var",
        1,
        &std::fs::read_to_string(&var).unwrap(),
    );
    let links = client.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": var_uri}}),
    );
    let tiny = fixtures.join("colossus/Tiny");
    assert_eq!(
        links,
        json!([
            {
                "range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 12}},
                "target": file_uri(tiny.join("Tiny.map").to_str().unwrap()),
                "tooltip": "Tiny/Tiny.map",
            },
            {
                "range": {"start": {"line": 4, "character": 7}, "end": {"line": 4, "character": 11}},
                "target": file_uri(tiny.join("Tiny.var").to_str().unwrap()),
                "tooltip": "the variant Tiny: Tiny/Tiny.var",
            },
        ])
    );
    client.shutdown();
}

#[test]
fn workspace_symbols_name_the_creatures_terrains_and_variants_of_the_folder() {
    let tiny = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny")
        .canonicalize()
        .unwrap();
    let mut client = LspClient::start();
    let init = client.request(
        "initialize",
        json!({
            "processId": null,
            "capabilities": {},
            "workspaceFolders": [{"uri": file_uri(tiny.to_str().unwrap()), "name": "Tiny"}],
        }),
    );
    client.notify("initialized", json!({}));
    assert_eq!(init["capabilities"]["workspaceSymbolProvider"], true);
    let names = |client: &mut LspClient, query: &str| -> Vec<String> {
        let found = client.request("workspace/symbol", json!({"query": query}));
        found
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let location = &s["location"];
                let file = location["uri"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap();
                let line = location["range"]["start"]["line"].as_u64().unwrap() + 1;
                format!(
                    "{} {} {file}:{line} in {}",
                    s["kind"],
                    s["name"].as_str().unwrap(),
                    s["containerName"]
                )
            })
            .collect()
    };
    // Gargoyle, not the Gargoyle recruited in the TER; "ARG" for its letters in order, any case.
    assert_eq!(
        names(&mut client, "grgyl"),
        ["5 Gargoyle Tiny.cre:5 in \"Tiny\""]
    );
    assert_eq!(
        names(&mut client, ""),
        [
            "5 Angel Tiny.cre:2 in \"Tiny\"",
            "5 Archangel Tiny.cre:3 in \"Tiny\"",
            "5 Centaur Tiny.cre:4 in \"Tiny\"",
            "5 Gargoyle Tiny.cre:5 in \"Tiny\"",
            "5 Ogre Tiny.cre:6 in \"Tiny\"",
            "5 Titan Tiny.cre:7 in \"Tiny\"",
            "5 Troll Tiny.cre:8 in \"Tiny\"",
            "10 B Brush Tiny.ter:1 in \"Tiny\"",
            "10 T Tower Tiny.ter:3 in \"Tiny\"",
            "2 Tiny Tiny.var:1 in null",
        ]
    );
    client.shutdown();
}

#[test]
fn definition_and_references_lead_across_the_variant_files() {
    let tiny = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny")
        .canonicalize()
        .unwrap();
    for encoding in ["utf-16", "utf-8"] {
        let (mut client, init) = LspClient::initialized(&[encoding]);
        assert_eq!(init["capabilities"]["definitionProvider"], true);
        assert_eq!(init["capabilities"]["referencesProvider"], true);
        let ter = tiny.join("Tiny.ter");
        let ter_uri = file_uri(ter.to_str().unwrap());
        // The editor's text, not the disk's: a comment line added on top.
        let text = format!("# Ærø\n{}", std::fs::read_to_string(&ter).unwrap());
        client.open(&ter_uri, "colossus-ter", 1, &text);
        let at =
            json!({"textDocument": {"uri": ter_uri}, "position": {"line": 1, "character": 22}});
        let definition = client.request("textDocument/definition", at.clone());
        assert_eq!(
            definition,
            json!([{
                "uri": file_uri(tiny.join("Tiny.cre").to_str().unwrap()),
                "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 8}},
            }])
        );
        let mut params = at.clone();
        params["context"] = json!({"includeDeclaration": false});
        let references = client.request("textDocument/references", params);
        let places: Vec<String> = references
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let file = l["uri"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string();
                format!("{file}:{}", l["range"]["start"]["line"])
            })
            .collect();
        // The open TER as edited (one line down), then the other variants' TERs from the disk.
        assert_eq!(
            places,
            [
                "Tiny.ter:1",
                "Tiny.ter:3",
                "Malformed.ter:0",
                "Malformed.ter:15",
                "Mistakes.ter:0",
                "NoTower.ter:0",
                "Suppressed.ter:1",
                "Suppressed.ter:5",
                "Wellformed.ter:1",
                "Wellformed.ter:8"
            ]
        );
        client.shutdown();
    }
}

#[test]
fn completion_offers_the_cres_creatures_in_either_position_encoding() {
    let tiny = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny")
        .canonicalize()
        .unwrap();
    // `ü` is 2 UTF-8 bytes and 1 UTF-16 code unit: the creature starts at 21 or 20.
    for (encoding, start) in [("utf-16", 20), ("utf-8", 21)] {
        let (mut client, init) = LspClient::initialized(&[encoding]);
        let triggers = &init["capabilities"]["completionProvider"]["triggerCharacters"];
        assert_eq!(triggers, &json!([":", ","]));
        let ter = tiny.join("Tiny.ter");
        let ter_uri = file_uri(ter.to_str().unwrap());
        let disk = std::fs::read_to_string(&ter).unwrap();
        let text = disk.replacen("B green Brush", "B grün Brush", 1);
        client.open(&ter_uri, "colossus-ter", 1, &text);
        let at = |character: u32| json!({"textDocument": {"uri": ter_uri}, "position": {"line": 0, "character": character}});
        // In the middle of `Gargoyle`: the whole word is replaced.
        let answer = client.request("textDocument/completion", at(start + 3));
        let items = answer.as_array().expect("a list of items");
        let labels: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
        assert_eq!(
            labels,
            [
                "Angel",
                "Archangel",
                "Centaur",
                "Gargoyle",
                "Ogre",
                "Titan",
                "Troll",
                "Anything",
                "AnyNonLord",
                "Lord"
            ]
        );
        let angel = &items[0];
        assert_eq!(angel["kind"], 7, "a class: {angel}");
        assert_eq!(
            angel["detail"],
            "power 6 · skill 4 · flies, summonable, lord"
        );
        assert_eq!(angel["documentation"]["kind"], "markdown");
        assert!(
            angel["documentation"]["value"]
                .as_str()
                .unwrap()
                .starts_with("**Angel** (Angels) — power 6 · skill 4"),
            "{angel}"
        );
        assert_eq!(
            angel["textEdit"],
            json!({
                "range": {"start": {"line": 0, "character": start}, "end": {"line": 0, "character": start + 8}},
                "newText": "Angel",
            })
        );
        // The colour: a colour item whose documentation is the colour itself.
        let colours = client.request("textDocument/completion", at(2));
        let green = colours
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["label"] == "green")
            .expect("green is offered");
        assert_eq!(green["kind"], 16);
        assert_eq!(green["documentation"], "#00ff00");
        assert_eq!(green["detail"], "rgb(0, 255, 0)");
        assert_eq!(
            green["textEdit"]["range"]["end"]["character"],
            if encoding == "utf-8" { 7 } else { 6 }
        );
        client.shutdown();
    }
}

/// The codes of a publish's diagnostics.
fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

#[test]
fn the_solvability_finding_comes_after_the_keystroke_and_goes_with_the_board() {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri("/tmp/retroboard-e2e/Row.brd");
    // A row of five with the middle empty: one jump, then two stones apart.
    client.open(&uri, "peg-brd", 1, "version 2\nmode: normal\ny y e y y\n");
    // The keystroke's diagnostics first, without the search's finding ...
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // ... then the same version again, with it.
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["peg/unsolvable"]);
    assert_eq!(diagnostics[0]["severity"], 2);
    assert_eq!(range(&diagnostics[0]), [[2, 4], [2, 5]]);

    // An edit that makes the board winnable withdraws it: y y e y e.
    client.change(&uri, 2, [[2, 8], [2, 9]], "e");
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    // The search found a win: version 2 is published again as it was (clients redraw the
    // preview on it), with no finding.
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());

    // Back to the unwinnable board: known from before, so published at once with the rest.
    client.change(&uri, 3, [[2, 8], [2, 9]], "y");
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(3))),
        ["peg/unsolvable"]
    );
    // A space between the elements leaves the board as it was: known, at once.
    client.change(&uri, 4, [[2, 0], [2, 0]], " ");
    let diagnostics = client.diagnostics(&uri, Some(4));
    assert_eq!(codes(&diagnostics), ["peg/unsolvable"]);
    assert_eq!(range(&diagnostics[0]), [[2, 5], [2, 6]]);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn an_edit_cancels_the_search_on_the_text_before_it() {
    // Every check and search of a text holding the marker sleeps 800 ms first (a search wakes
    // early once cancelled): the search of version 1 is still running when version 2 comes.
    let (mut client, _) = LspClient::initialized_in_process(
        &["utf-16"],
        delaying("Mode: Normal", Duration::from_millis(800)),
    );
    let uri = file_uri("/tmp/retroboard-e2e/Slow.brd");
    client.open(&uri, "peg-brd", 1, "version 2\nMode: Normal\ny y e y y\n");
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Version 1's search has started (it sleeps first); make the board winnable meanwhile.
    client.change(&uri, 2, [[2, 8], [2, 9]], "e");
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    // Long enough for version 2's search and any late result of version 1's: a hover, which
    // also sleeps 800 ms on this text.
    client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 0}}),
    );
    std::thread::sleep(Duration::from_millis(900));
    client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 0}}),
    );
    let stale = client.unread().iter().any(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
    });
    assert!(
        !stale,
        "a cancelled search was published: {:#?}",
        client.unread()
    );
    assert_eq!(client.shutdown(), 0);
}

/// A preview drawn while its board's search is under way says so instead of searching beside
/// it (a preview right after a keystroke on a hard board took a search of its own, 4 ms), and
/// the search's end publishes the diagnostics again, even with nothing found, so clients redraw
/// the preview: it then replays the solution.
#[test]
fn a_preview_during_its_boards_search_says_so_and_the_search_end_redraws_it() {
    // Every check and search of a text holding the marker sleeps 1.5 s first: board A's search
    // holds the one search slot; B, the same board without the marker, waits for its turn.
    let (mut client, _) = LspClient::initialized_in_process(
        &["utf-16"],
        delaying("Mode: Normal", Duration::from_millis(1500)),
    );
    let a = file_uri("/tmp/retroboard-e2e/Searched.brd");
    let b = file_uri("/tmp/retroboard-e2e/Drawn.brd");
    client.open(&a, "peg-brd", 1, "version 2\nMode: Normal\ny y e\n");
    assert_eq!(client.diagnostics(&a, Some(1)), Vec::<Value>::new());
    client.open(&b, "peg-brd", 1, "version 2\nmode: normal\ny y e\n");
    assert_eq!(client.diagnostics(&b, Some(1)), Vec::<Value>::new());
    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": b}}));
    let solution = &preview["solution"];
    assert_eq!(solution["verdict"], "unknown", "{solution}");
    assert_eq!(
        solution["reason"],
        "Retroboard is still searching whether this board can be won."
    );
    // A's search ends (nothing to say: the board can be won) and publishes again; then B's,
    // which finds A's verdict kept.
    assert_eq!(client.diagnostics(&a, Some(1)), Vec::<Value>::new());
    assert_eq!(client.diagnostics(&b, Some(1)), Vec::<Value>::new());
    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": b}}));
    assert_eq!(preview["solution"]["verdict"], "solvable", "{preview}");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_search_waiting_for_its_turn_never_holds_up_an_edit() {
    // Every check and search of a text holding the marker sleeps 1.5 s first: board A's search
    // holds the one search slot while board B's waits for it.
    let (mut client, _) = LspClient::initialized_in_process(
        &["utf-16"],
        delaying("Mode: Normal", Duration::from_millis(1500)),
    );
    let a = file_uri("/tmp/retroboard-e2e/Held.brd");
    let b = file_uri("/tmp/retroboard-e2e/Waiting.brd");
    // Not the board of the test above: the servers of these tests share this process, and
    // with it the verdicts kept of the boards searched last.
    client.open(&a, "peg-brd", 1, "version 2\nMode: Normal\ny y e y y e\n");
    assert_eq!(client.diagnostics(&a, Some(1)), Vec::<Value>::new());
    // A's search has the slot now (it sleeps first); B's search waits behind it.
    client.open(&b, "peg-brd", 1, "version 2\nmode: normal\ny y y e y y\n");
    assert_eq!(client.diagnostics(&b, Some(1)), Vec::<Value>::new());
    client.change(&b, 2, [[2, 0], [2, 1]], "e");
    client.diagnostics(&b, Some(2));
    let a_searched = client.unread().iter().any(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == a
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
    });
    assert!(
        !a_searched,
        "B's edit waited for A's search: {:#?}",
        client.unread()
    );
    // A's search still ends with its finding.
    let found = client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == a
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
    });
    assert_eq!(found["params"]["diagnostics"][0]["code"], "peg/unsolvable");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn retroboard_toml_sets_the_rules_of_published_diagnostics() {
    let dir = std::env::temp_dir().join(format!("retroboard-lsp-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let variant = dir.join("Tiny");
    std::fs::create_dir_all(&variant).unwrap();
    let tiny =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus/Tiny");
    for ext in ["map", "cre", "var"] {
        std::fs::copy(
            tiny.join(format!("Tiny.{ext}")),
            variant.join(format!("Tiny.{ext}")),
        )
        .unwrap();
    }
    std::fs::create_dir_all(variant.join("Battlelands")).unwrap();
    for land in ["Brush", "Tower"] {
        std::fs::copy(
            tiny.join("Battlelands").join(land),
            variant.join("Battlelands").join(land),
        )
        .unwrap();
    }
    let ter = variant.join("Tiny.ter");
    let text = std::fs::read_to_string(tiny.join("Tiny.ter"))
        .unwrap()
        .replace("-1 Titan", "0 Titan");
    std::fs::write(&ter, &text).unwrap();
    let settings = dir.join("retroboard.toml");
    std::fs::write(
        &settings,
        "[rules]\n\"colossus/titan-recruit\" = \"error\"\n",
    )
    .unwrap();

    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri(ter.to_str().unwrap());
    client.open(&uri, "colossus-ter", 1, &text);
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["colossus/titan-recruit"]);
    assert_eq!(
        diagnostics[0]["severity"], 1,
        "an error, as the settings say"
    );

    // Turned off: the next check publishes without it.
    std::fs::write(&settings, "[rules]\n\"colossus/titan-recruit\" = \"off\"\n").unwrap();
    client.change(&uri, 2, [[1, 0], [1, 0]], "");
    client.change(&uri, 3, [[0, 0], [0, 0]], " ");
    assert_eq!(client.diagnostics(&uri, Some(3)), Vec::<Value>::new());

    // Malformed: its finding is published in the settings file, the defaults hold meanwhile.
    std::fs::write(
        &settings,
        "[rules]\n\"colossus/titan-recruit\" = \"loud\"\n",
    )
    .unwrap();
    client.change(&uri, 4, [[0, 0], [0, 1]], "");
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(4))),
        ["colossus/titan-recruit"]
    );
    let settings_uri = file_uri(settings.to_str().unwrap());
    let problem = client.diagnostics(&settings_uri, None);
    assert_eq!(codes(&problem), ["retroboard/config"]);
    assert_eq!(range(&problem[0]), [[1, 28], [1, 32]]);
    // Mended: the settings file's finding is cleared.
    std::fs::write(&settings, "[rules]\n").unwrap();
    client.change(&uri, 5, [[0, 0], [0, 0]], " ");
    client.diagnostics(&uri, Some(5));
    assert_eq!(client.diagnostics(&settings_uri, None), Vec::<Value>::new());
    // Too large to be read: a finding at its start, the defaults meanwhile.
    let mut large = "[rules]\n\"colossus/titan-recruit\" = \"off\"\n#".to_string();
    large.push_str(&"x".repeat(1 << 20));
    std::fs::write(&settings, &large).unwrap();
    client.change(&uri, 6, [[0, 0], [0, 1]], "");
    assert_eq!(
        codes(&client.diagnostics(&uri, Some(6))),
        ["colossus/titan-recruit"]
    );
    let problem = client.diagnostics(&settings_uri, None);
    assert_eq!(codes(&problem), ["retroboard/config"]);
    assert_eq!(range(&problem[0]), [[0, 0], [0, 0]]);
    assert!(
        problem[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("retroboard.toml is too large to be read: "),
        "{problem:#?}"
    );
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A VAR is read by the files of its variant: naming the folder's map in it clears the map's
/// "unused" note, open or not, and the VAR's own warning.
#[test]
fn naming_a_map_in_the_var_clears_its_unused_note() {
    let dir = variant_on_disk("named");
    std::fs::write(dir.join("Swamps.var"), "TER:Swamps.ter\n").unwrap();
    std::fs::write(dir.join("Swamps.ter"), TER_WITHOUT_Q).unwrap();
    let var_uri = file_uri(dir.join("Swamps.var").to_str().unwrap());
    let map_uri = file_uri(dir.join("Swamps.map").to_str().unwrap());
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&var_uri, "colossus-var", 1, "TER:Swamps.ter\n");
    let var = client.diagnostics(&var_uri, Some(1));
    assert_eq!(var.len(), 1, "{var:#?}");
    assert_eq!(var[0]["code"], "colossus/own-file-unnamed");
    client.open(
        &map_uri,
        "colossus-map",
        1,
        &std::fs::read_to_string(dir.join("Swamps.map")).unwrap(),
    );
    let codes = |diagnostics: Vec<Value>| -> Vec<String> {
        diagnostics
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(
        codes(client.diagnostics(&map_uri, Some(1))).contains(&"colossus/unused-file".to_string())
    );
    client.change(&var_uri, 2, [[1, 0], [1, 0]], "MAP:Swamps.map\n");
    assert_eq!(client.diagnostics(&var_uri, Some(2)), Vec::<Value>::new());
    // The map is checked again once the edits pause: its note is gone (its unknown terrain Q
    // stays).
    client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == map_uri.as_str()
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().all(|d| d["code"] != "colossus/unused-file"))
    });
    assert_eq!(client.shutdown(), 0);
}

/// Starts the server as an editor with rename and inlay hints would: versioned workspace
/// edits, inlay hints shown, and the Patience hint setting in `initializationOptions`.
fn editor_client(encoding: &str, patience: &str) -> (LspClient, Value) {
    let mut client = LspClient::start();
    let init = client.request(
        "initialize",
        json!({
            "processId": null,
            "rootUri": null,
            "capabilities": {
                "general": {"positionEncodings": [encoding]},
                "textDocument": {"inlayHint": {}, "rename": {"prepareSupport": true}},
                "workspace": {"workspaceEdit": {"documentChanges": true}},
            },
            "initializationOptions": {"retroboard": {"inlayHints": {"patience": patience}}},
        }),
    );
    client.notify("initialized", json!({}));
    (client, init)
}

#[test]
fn a_used_square_leads_to_its_board_square_in_either_encoding_past_wide_characters() {
    // The board's blanks written as “·” (two bytes in UTF-8, one unit in UTF-16), as the
    // game allows: any character but W and B is an empty square.
    let board: String = (0..64)
        .map(|i| match i {
            27 | 36 => 'W',
            28 | 35 => 'B',
            _ => '·',
        })
        .collect();
    let text = format!("30\n2\nD4D5E4E5\n{board}\n© 1996 Yellow Lemon Software\n");
    for (encoding, column) in [("utf-16", 27), ("utf-8", 27 * 2)] {
        let (mut client, _) = editor_client(encoding, "all");
        let uri = file_uri("/tmp/retroboard-e2e/Dots.bord");
        client.open(&uri, "othello-bord", 1, &text);
        // D5 on line 3 (row D, column 5: index 28).
        let definition = client.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 2}}),
        );
        // D4 (index 27) is the first chip, after 27 blanks; D5 follows its one-byte W.
        let d5 = column + 1;
        assert_eq!(
            definition,
            json!([{"uri": uri, "range": {
                "start": {"line": 3, "character": d5},
                "end": {"line": 3, "character": d5 + 1},
            }}]),
            "{encoding}"
        );
        // And back, from D4 on the board (index 27) to the used square.
        let back = client.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": column}}),
        );
        assert_eq!(
            back,
            json!([{"uri": uri, "range": {
                "start": {"line": 2, "character": 0},
                "end": {"line": 2, "character": 2},
            }}]),
            "{encoding}"
        );
        client.shutdown();
    }
}

#[test]
fn rename_edits_every_file_keeping_the_open_documents_version() {
    let tiny = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/colossus/Tiny")
        .canonicalize()
        .unwrap();
    for encoding in ["utf-16", "utf-8"] {
        let (mut client, init) = editor_client(encoding, "all");
        assert_eq!(
            init["capabilities"]["renameProvider"]["prepareProvider"],
            true
        );
        let ter = tiny.join("Tiny.ter");
        let ter_uri = file_uri(ter.to_str().unwrap());
        let text = format!("# Ærø\n{}", std::fs::read_to_string(&ter).unwrap());
        client.open(&ter_uri, "colossus-ter", 7, &text);
        let at =
            json!({"textDocument": {"uri": ter_uri}, "position": {"line": 1, "character": 22}});
        let prepared = client.request("textDocument/prepareRename", at.clone());
        assert_eq!(
            prepared,
            json!({"start": {"line": 1, "character": 21}, "end": {"line": 1, "character": 29}})
        );
        let mut params = at.clone();
        params["newName"] = json!("Gremlin");
        let edit = client.request("textDocument/rename", params);
        let changes = edit["documentChanges"].as_array().unwrap();
        let files: Vec<String> = changes
            .iter()
            .map(|c| {
                let uri = c["textDocument"]["uri"].as_str().unwrap();
                let name = uri.rsplit('/').next().unwrap();
                format!(
                    "{name} v{} x{}",
                    c["textDocument"]["version"],
                    c["edits"].as_array().unwrap().len()
                )
            })
            .collect();
        // The CRE from the disk (no version), the open TER at the version the editor holds;
        // in the CRE the name and its plural.
        assert_eq!(
            files,
            [
                "Tiny.cre vnull x2",
                "Tiny.ter v7 x2",
                "Malformed.ter vnull x2",
                "Mistakes.ter vnull x1",
                "NoTower.ter vnull x1",
                "Suppressed.ter vnull x2",
                "Wellformed.ter vnull x2",
            ],
            "{encoding}"
        );
        assert_eq!(
            changes[1]["edits"][0],
            json!({"range": {"start": {"line": 1, "character": 21}, "end": {"line": 1, "character": 29}}, "newText": "Gremlin"})
        );
        // A name the game cannot read is refused with the reason, as is the Titan.
        let mut params = at.clone();
        params["newName"] = json!("Gar goyle");
        let refused = client.request_raw("textDocument/rename", params);
        assert_eq!(refused["error"]["code"], -32803);
        assert!(
            refused["error"]["message"]
                .as_str()
                .unwrap()
                .contains("cannot be a creature’s name"),
            "{refused}"
        );
        let titan = client.request_raw(
            "textDocument/prepareRename",
            json!({"textDocument": {"uri": ter_uri}, "position": {"line": 3, "character": 66}}),
        );
        assert_eq!(
            titan["error"]["message"],
            "“Titan” cannot be renamed: the game looks it up by this name"
        );
        client.shutdown();
    }
}

/// The labels of the inlay hints of `lines` (from, to: 0-based, the end not asked for; the
/// same line twice asks for that line as a cursor) of `uri`, each `label@character`.
fn hint_labels(client: &mut LspClient, uri: &str, lines: (u32, u32)) -> Vec<String> {
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri}, "range": {
            "start": {"line": lines.0, "character": 0},
            "end": {"line": lines.1, "character": 0},
        }}),
    );
    hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            format!(
                "{}@{}",
                h["label"].as_str().unwrap(),
                h["position"]["character"]
            )
        })
        .collect()
}

#[test]
fn patience_inlay_hints_follow_the_setting() {
    let game = "Hints\n  1   2\n 52   4   4   0   0    0 999   1  999   0   2\n  0   4 108   0   2    2 999   1    0   0   0\n";
    let uri = file_uri("/tmp/retroboard-e2e/Hints.pat");
    let (mut client, init) = editor_client("utf-16", "cursor");
    assert_eq!(init["capabilities"]["inlayHintProvider"], true);
    client.open(&uri, "patience-game", 1, game);
    let stock = hint_labels(&mut client, &uri, (2, 2));
    assert_eq!(stock[0], "(1) number of cards@3");
    assert_eq!(stock[10], "(11) wastepile = pile 2@45");
    assert_eq!(stock.last().unwrap(), "(1) stock@45");
    let waste = hint_labels(&mut client, &uri, (3, 3));
    assert_eq!(waste.last().unwrap(), "(2) wastepile@45");
    // The whole file asked for: in "cursor" mode that is no pile's line.
    assert_eq!(hint_labels(&mut client, &uri, (0, 4)), Vec::<String>::new());
    let set = |client: &mut LspClient, patience: &str| {
        client.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"retroboard": {"inlayHints": {"patience": patience}}}}),
        );
    };
    // "end": each pile line's number and role at its end, nothing inside the lines.
    set(&mut client, "end");
    assert_eq!(
        hint_labels(&mut client, &uri, (0, 4)),
        ["(1) stock@45", "(2) wastepile@45"]
    );
    set(&mut client, "off");
    assert_eq!(hint_labels(&mut client, &uri, (2, 2)), Vec::<String>::new());
    client.shutdown();
    // A client that shows no inlay hints is offered none.
    let (client, init) = LspClient::initialized(&["utf-16"]);
    assert!(
        init["capabilities"].get("inlayHintProvider").is_none(),
        "{init}"
    );
    client.shutdown();
}

/// By default a CRE line's hint sits at its end, after the plural name, and names the flags
/// that are true: the table's columns stay under its header comment. Asked for, every flag is
/// labelled before its value.
#[test]
fn creature_inlay_hints_sit_at_the_line_end_unless_asked_inside() {
    let cre = "#NAME    POWER SKILL RANGESTRIKES FLIES BRAMBLE DRIFT BOG SAND SLOPE VOLCANO WATER MISSILE SUMMONABLE LORD DEMILORD COUNT PLURALNAME\n\
Gargoyle  4     3     false true  true  false false false false false false false false false false 21    Gargoyles\n\
Centaur   3     4     false false false false false false false false false false false false false 25    Centaurs\n";
    let uri = file_uri("/tmp/retroboard-e2e/Hints/Hints.cre");
    // No setting for CRE files: the default.
    let (mut client, _) = editor_client("utf-16", "end");
    client.open(&uri, "colossus-cre", 1, cre);
    let end = "Gargoyle  4     3     false true  true  false false false false false false false false false false 21    Gargoyles".len();
    assert_eq!(
        hint_labels(&mut client, &uri, (0, 3)),
        [format!("flies, native to bramble@{end}")],
        "the Centaur has no flag that is true"
    );
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"retroboard": {"inlayHints": {"cre": "all"}}}}),
    );
    let inside = hint_labels(&mut client, &uri, (1, 2));
    assert_eq!(inside.len(), 13, "{inside:?}");
    assert_eq!(inside[0], "rangestrikes:@22");
    assert_eq!(inside[1], "flies:@28");
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"retroboard": {"inlayHints": {"cre": "off"}}}}),
    );
    assert_eq!(hint_labels(&mut client, &uri, (0, 3)), Vec::<String>::new());
    client.shutdown();
}

/// The preview's title came from the file as it was, escape sequences and bells included: it
/// shows each control character as `?`, as the terminal drawing does.
#[test]
fn a_preview_title_shows_control_characters_as_question_marks() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/patience/Mysteriet.pat");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "Mysteriet",
        "Myst\u{1b}[2J\u{1b}]0;pwned\u{7}eriet",
        1,
    );
    let uri = file_uri("/tmp/retroboard-e2e/Title/Mysteriet.pat");
    let (mut client, _) = LspClient::initialized(&[]);
    client.open(&uri, "patience-game", 1, &text);
    client.diagnostics(&uri, Some(1));
    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
    assert_eq!(
        preview["title"],
        "Myst?[2J?]0;pwned?eriet — 2 decks, 34 piles"
    );
    assert_eq!(client.shutdown(), 0);
}

/// An element's id held its name whole: a 5,000-letter terrain's was 5,009 characters, which
/// the editor's page refuses to click. A long id is a short prefix of it and a hash; the
/// drawing's text map and `retroboard.revealSource` take the same.
#[test]
fn a_long_named_elements_id_is_short_and_still_reveals_it() {
    let uri = file_uri("/tmp/retroboard-e2e/LongId/Long.ter");
    let long = "W".repeat(5000);
    // 2003-10 lines, which name their terrains.
    let text = format!(
        "black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n\
         green {long} false 0 Anything 3 Centaur\n"
    );
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "colossus-ter", 1, &text);
    client.diagnostics(&uri, Some(1));
    let preview = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": uri}, "textMap": true}),
    );
    let map = preview["sourceMap"].as_array().unwrap();
    let longest = map
        .iter()
        .max_by_key(|e| e["id"].as_str().unwrap().len())
        .unwrap();
    let id = longest["id"].as_str().unwrap();
    assert!(id.len() <= 64 && id.starts_with("terrain:WWW"), "{id}");
    assert_eq!(longest["range"]["start"]["line"], 1, "{longest}");
    // Short ids stay as they were.
    assert!(map.iter().any(|e| e["id"] == "terrain:Tower"), "{map:?}");
    let text_map = preview["textMap"].as_array().unwrap();
    assert!(text_map.iter().any(|m| m["id"] == id), "{text_map:?}");
    let answer = client.start_request(
        "workspace/executeCommand",
        json!({"command": "retroboard.revealSource", "arguments": [uri, id]}),
    );
    let show = client.wait_for(|m| m["method"] == "window/showDocument");
    assert_eq!(show["params"]["selection"], longest["range"]);
    client.send(&json!({"jsonrpc": "2.0", "id": show["id"], "result": {"success": true}}));
    assert_eq!(client.response(answer)["result"], show["params"]);
    assert_eq!(client.shutdown(), 0);
}

/// An invalid seed was dropped without a word (the board drawn undealt) where `render --deal`
/// refuses it: the request and the command answer InvalidParams saying what a seed is.
#[test]
fn preview_refuses_an_invalid_seed_and_says_what_a_seed_is() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/patience/Mysteriet.pat")
        .canonicalize()
        .unwrap();
    let uri = file_uri(path.to_str().unwrap());
    let (mut client, _) = LspClient::initialized(&[]);
    let seeds: Vec<Value> = vec![
        json!(-1),
        json!("12"),
        json!(1.5),
        serde_json::from_str("18446744073709551616").unwrap(),
        json!(true),
    ];
    let refused = |answer: Value| {
        assert_eq!(answer["error"]["code"], -32602, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("a seed is a whole number from 0 to 2^64 - 1"),
            "{message}"
        );
    };
    for seed in &seeds {
        refused(client.request_raw(
            "retroboard/preview",
            json!({"textDocument": {"uri": uri}, "deal": seed}),
        ));
        for argument in [seed.clone(), json!({"deal": seed})] {
            refused(client.request_raw(
                "workspace/executeCommand",
                json!({"command": "retroboard.preview", "arguments": [uri, argument]}),
            ));
        }
    }
    // The largest seed deals; no seed (or null) deals nothing.
    let largest = client.request(
        "workspace/executeCommand",
        json!({"command": "retroboard.preview", "arguments": [uri, u64::MAX]}),
    );
    assert_eq!(largest["deal"], u64::MAX);
    for options in [json!(null), json!({"deal": null}), json!({"textMap": true})] {
        let plain = client.request(
            "workspace/executeCommand",
            json!({"command": "retroboard.preview", "arguments": [uri, options]}),
        );
        assert_eq!(plain.get("deal"), None, "{options}");
    }
    assert_eq!(client.shutdown(), 0);
}

/// The hover on a Colossus file's first line says which game version the variant is read for
/// and why; `[game] colossus` in retroboard.toml chooses it, for the open document's
/// diagnostics as for `retroboard check`.
#[test]
fn the_first_line_hover_says_the_game_version_and_the_settings_choose_it() {
    let dir = std::env::temp_dir().join(format!("retroboard-lsp-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let variant = dir.join("Tiny");
    std::fs::create_dir_all(&variant).unwrap();
    let tiny =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus/Tiny");
    for ext in ["map", "cre", "var", "ter"] {
        let name = format!("Tiny.{ext}");
        std::fs::copy(tiny.join(&name), variant.join(&name)).unwrap();
    }
    let map = variant.join("Tiny.map");
    let text = std::fs::read_to_string(&map).unwrap();
    let uri = file_uri(map.to_str().unwrap());
    let hover_at_start = |client: &mut LspClient| {
        let hover = client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
        );
        let markdown = hover["contents"]["value"].as_str().unwrap().to_string();
        markdown.rsplit("\n\n").next().unwrap().to_string()
    };

    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "colossus-map", 1, &text);
    client.diagnostics(&uri, Some(1));
    assert_eq!(
        hover_at_start(&mut client),
        "**Game version:** read as 2002-02, the documented format: no file of the variant shows \
a later one."
    );
    assert_eq!(client.shutdown(), 0);

    std::fs::write(
        dir.join("retroboard.toml"),
        "[game]\ncolossus = \"2003-10\"\n",
    )
    .unwrap();
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "colossus-map", 1, &text);
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["colossus/version-mismatch"]);
    assert_eq!(
        hover_at_start(&mut client),
        "**Game version:** read as 2003-10 (retroboard.toml: `colossus = \"2003-10\"`)."
    );
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The channels of an LSP colour (0 to 1) as RGB.
fn rgb_of(color: &Value) -> [u64; 3] {
    ["red", "green", "blue"].map(|c| (color[c].as_f64().unwrap() * 255.0).round() as u64)
}

#[test]
fn colour_swatches_and_the_picker_in_either_position_encoding() {
    // `é` (a stray character before the line, which the game's lexer would stop at) is 2 UTF-8
    // bytes and 1 UTF-16 code unit: the colour `grn`, a name the game does not know, starts at
    // 5 or 4.
    let text = "é B grn Brush true 1 Gargoyle 2 Troll\n\
\n\
T saddleBrown Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n";
    for (encoding, start) in [("utf-16", 4), ("utf-8", 5)] {
        let end = start + 3;
        let (mut client, init) = LspClient::initialized(&[encoding]);
        assert_eq!(init["capabilities"]["colorProvider"], true);
        let uri = file_uri("/tmp/retroboard-e2e/Colours/Colours.ter");
        client.open(&uri, "colossus-ter", 1, text);
        let doc = json!({"uri": uri});
        let swatches = client.request("textDocument/documentColor", json!({"textDocument": doc}));
        let swatches = swatches.as_array().expect("a list of colours");
        let found: Vec<_> = swatches
            .iter()
            .map(|s| (range(s), rgb_of(&s["color"]), s["color"]["alpha"].as_f64()))
            .collect();
        assert_eq!(
            found,
            [
                // A name the game does not know: painted black.
                ([[0, start], [0, end]], [0, 0, 0], Some(1.0)),
                ([[2, 2], [2, 13]], [139, 69, 19], Some(1.0)),
            ],
            "{encoding}"
        );

        // Picking a green for `grn`: the nearest names, each written in its place.
        let pick = |range: [[u64; 2]; 2], rgb: [f64; 3]| {
            json!({
                "textDocument": doc,
                "range": {"start": {"line": range[0][0], "character": range[0][1]},
                          "end": {"line": range[1][0], "character": range[1][1]}},
                "color": {"red": rgb[0], "green": rgb[1], "blue": rgb[2], "alpha": 1.0},
            })
        };
        let answer = client.request(
            "textDocument/colorPresentation",
            pick([[0, start], [0, end]], [0.0, 1.0, 0.0]),
        );
        let presentations = answer.as_array().expect("a list of presentations");
        assert_eq!(presentations.len(), 5, "{answer}");
        assert_eq!(
            presentations[0],
            json!({
                "label": "green",
                "textEdit": {
                    "range": {"start": {"line": 0, "character": start}, "end": {"line": 0, "character": end}},
                    "newText": "green",
                },
            }),
            "{encoding}"
        );
        // A name's own colour offers that name first, written over itself.
        let answer = client.request(
            "textDocument/colorPresentation",
            pick(
                [[2, 2], [2, 13]],
                [139.0 / 255.0, 69.0 / 255.0, 19.0 / 255.0],
            ),
        );
        assert_eq!(answer[0]["label"], "saddleBrown");
        assert_eq!(
            answer[0]["textEdit"],
            json!({
                "range": {"start": {"line": 2, "character": 2}, "end": {"line": 2, "character": 13}},
                "newText": "saddleBrown",
            })
        );
        // Where no colour is written: nothing.
        let answer = client.request(
            "textDocument/colorPresentation",
            pick([[2, 14], [2, 19]], [0.0, 0.0, 0.0]),
        );
        assert_eq!(answer, json!([]));
        client.shutdown();
    }
}

/// `retroboard/play`: the server replays the client's moves on the open text, stops at the
/// first move the rules forbid and says why, and hints the solver's next jump.
#[test]
fn a_peg_board_is_played_move_by_move() {
    let uri = file_uri("/tmp/retroboard-play/English.brd");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/English Standard.brd"),
    )
    .unwrap();
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "peg-brd", 1, &text);
    client.diagnostics(&uri, Some(1));
    let play = |client: &mut LspClient, moves: Value, hint: bool| {
        client.request(
            "retroboard/play",
            json!({"textDocument": {"uri": uri}, "version": 1, "moves": moves, "hint": hint}),
        )
    };

    let start = play(&mut client, json!([]), true);
    assert_eq!(start["status"], "playing");
    assert_eq!(start["version"], 1);
    assert_eq!(
        start["moves"],
        json!(["2,4-4,4", "4,2-4,4", "4,6-4,4", "6,4-4,4"])
    );
    assert_eq!(
        start["hint"],
        json!({"move": "2,4-4,4", "reason": "A win from here: 31 jumps leave one stone on the goal."})
    );
    assert!(
        start["svg"]
            .as_str()
            .unwrap()
            .contains("data-rb-id='hole:1:3'")
    );

    // The second jump lands on a stone: the position is the first jump's, and the rule is said.
    let refused = play(&mut client, json!(["2,4-4,4", "1,3-3,3"]), false);
    assert_eq!(
        refused["refused"],
        json!({"index": 1, "move": "1,3-3,3", "rule": "a stone lands only in an empty hole: (3,3) holds a stone"})
    );
    assert_eq!(
        refused["message"],
        "1,3-3,3 is not allowed: a stone lands only in an empty hole: (3,3) holds a stone. 31 \
stones left after 1 jump, 3 jumps possible; 20 points."
    );
    assert_eq!(refused.get("hint"), None);
    // A peg board's preview has no headline: neither has its game.
    assert_eq!(refused.get("headline"), None);

    // Undo is the list without its last move: the start again.
    let undone = play(&mut client, json!([]), false);
    assert_eq!(undone["moves"], start["moves"]);
    assert_eq!(undone["svg"], start["svg"]);

    // A file that is no game is an error answer that says so.
    let pattern = file_uri("/tmp/retroboard-play/Field.pat");
    client.open(
        &pattern,
        "crossmines-pattern",
        1,
        "Large Grid Size X:2\nLarge Grid Size Y:1\n11\n",
    );
    let error = client.request_raw(
        "retroboard/play",
        json!({"textDocument": {"uri": pattern}, "moves": []}),
    );
    assert!(
        error["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("is not a game Retroboard plays")),
        "{error}"
    );
    assert_eq!(client.shutdown(), 0);
}

/// A Patience game whose every deal is won: its stock onto four foundations, over and over.
const QUICK: &str = "Quick
  1   6
 52   4   4   0   0    0 999   1   999   0     2
  0  83   4   0   0    2 999   1     0   0     0
  0 241   4   0   0    2  13   1     1 901   106
  0 320   4   0   0    2  13   1     1 901   106
  0 399   4   0   0    2  13   1     1 901   106
  0 478   4   0   0    2  13   1     1 901   106
";

/// How often a Patience game is won: its deals are searched in the background once it is open
/// (its diagnostics are published again when that ends, so clients redraw), then told on the
/// game's name and in the preview's headline; the hints follow the win found for the deal.
#[test]
fn a_patience_games_deals_are_searched_in_the_background_and_told_on_its_name() {
    let uri = file_uri("/tmp/retroboard-e2e/Quick.pat");
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(&uri, "patience-game", 1, QUICK);
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // The search's end: the same version again.
    assert_eq!(client.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    let rate = "Won 20 of 20 deals (seeds 1–20), 0 proven lost, 0 unknown within 5,000 \
positions each.";
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 1}}),
    );
    let markdown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        markdown.ends_with(&format!(
            "**How often it is won** (searched in the background): {rate} `retroboard solve \
FILE` searches 200,000 positions a deal."
        )),
        "{markdown}"
    );
    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
    assert_eq!(preview["headline"], rate);
    let dealt = client.request(
        "retroboard/preview",
        json!({"textDocument": {"uri": uri}, "deal": 3}),
    );
    assert_eq!(dealt["headline"], rate);
    // Deal 1 was won by the search: the hint is its first move, and after it the next.
    let play = |client: &mut LspClient, moves: Value| {
        client.request(
            "retroboard/play",
            json!({"textDocument": {"uri": uri}, "deal": 1, "moves": moves, "hint": true}),
        )
    };
    let start = play(&mut client, json!([]));
    // Played, the game is told as the preview tells it.
    assert_eq!(start["headline"], rate);
    let first = start["hint"]["move"].as_str().unwrap().to_string();
    assert!(
        start["hint"]["reason"]
            .as_str()
            .unwrap()
            .starts_with("A win from here: "),
        "{start}"
    );
    let next = play(&mut client, json!([first]));
    assert!(next["hint"]["move"].is_string(), "{next}");
    // A renamed game is the same game: what was found stays, told at once.
    client.change(&uri, 2, [[0, 0], [0, 5]], "Fast");
    assert_eq!(client.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
    assert_eq!(preview["headline"], rate);
    assert_eq!(client.shutdown(), 0);
}
