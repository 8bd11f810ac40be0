//! End to end: the server never stalls. A slow request or a slow check on one file holds up no
//! other file's diagnostics, and `$/cancelRequest` takes effect, for requests in flight and
//! requests behind others alike.
//!
//! "Slow" is a delay the tests inject into the server, run in process: work on a document
//! holding the marker sleeps first (until cancelled), however fast the real work is.

#[path = "support/lsp_client.rs"]
#[allow(dead_code)] // these tests all start the server in process
mod lsp_client;

use std::time::Duration;

use lsp_client::{LspClient, delaying, file_uri};
use serde_json::{Value, json};

/// A clean Colossus terrain line; the small file every test edits (its `T` into an `X`, which
/// makes it lack the Tower).
const TER: &str = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n";
/// The same, marked: every request on it and every check of it sleeps first.
const SLOW_TER: &str =
    "# SLOW-WORK\nT black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n";
/// Longer than any test waits for one message, so nothing slow can finish before the test ends.
const SLOW: Duration = Duration::from_secs(60);

fn start() -> LspClient {
    LspClient::initialized_in_process(&["utf-16"], delaying("SLOW-WORK", SLOW)).0
}

fn is_response(m: &Value, id: i64) -> bool {
    m["id"] == json!(id) && m.get("method").is_none()
}

fn is_diagnostics(m: &Value, uri: &str, version: i64) -> bool {
    m["method"] == "textDocument/publishDiagnostics"
        && m["params"]["uri"] == uri
        && m["params"]["version"] == json!(version)
}

fn symbols(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

fn cancel(client: &mut LspClient, id: i64) {
    client.notify("$/cancelRequest", json!({"id": id}));
}

fn assert_cancelled(response: &Value) {
    assert_eq!(response["error"]["code"], -32800, "{response}");
}

/// The server still answers: a hover on the small file and a clean shutdown.
fn assert_serving(mut client: LspClient, small: &str) {
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": small}, "position": {"line": 0, "character": 3}}),
    );
    assert!(
        hover["contents"]["value"].as_str().is_some(),
        "a hover on the terrain's colour: {hover}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_keystroke_in_a_small_file_is_checked_while_a_slow_request_on_another_runs() {
    let mut client = start();
    let small = file_uri("/tmp/retroboard-stall/A/Small.ter");
    let slow = file_uri("/tmp/retroboard-stall/A/Slow.ter");
    client.open(&small, "colossus-ter", 1, TER);
    assert_eq!(client.diagnostics(&small, Some(1)), Vec::<Value>::new());
    client.open(&slow, "colossus-ter", 1, SLOW_TER);
    let request = client.start_request("textDocument/documentSymbol", symbols(&slow));
    client.change(&small, 2, [[0, 0], [0, 1]], "X");
    let first = client.wait_for(|m| is_diagnostics(m, &small, 2) || is_response(m, request));
    assert!(
        is_diagnostics(&first, &small, 2),
        "the keystroke's diagnostics come first, not: {first}"
    );
    cancel(&mut client, request);
    assert_cancelled(&client.response(request));
    assert_serving(client, &small);
}

#[test]
fn a_slow_check_of_one_file_holds_up_no_other_files_diagnostics() {
    let mut client = start();
    let small = file_uri("/tmp/retroboard-stall/B/Small.ter");
    let slow = file_uri("/tmp/retroboard-stall/B/Slow.ter");
    client.open(&slow, "colossus-ter", 1, SLOW_TER);
    client.open(&small, "colossus-ter", 1, TER);
    let first = client.wait_for(|m| is_diagnostics(m, &small, 1) || is_diagnostics(m, &slow, 1));
    assert!(
        is_diagnostics(&first, &small, 1),
        "the small file's diagnostics come first, not: {first}"
    );
    client.change(&small, 2, [[0, 0], [0, 1]], "X");
    let next = client.wait_for(|m| is_diagnostics(m, &small, 2) || is_diagnostics(m, &slow, 1));
    assert!(is_diagnostics(&next, &small, 2), "{next}");
    assert_serving(client, &small);
}

/// Files opened at once are checked two at a time: run all at once, what their checks allocated
/// side by side stayed scattered over the heap (BENCHMARKS.md, memory). The turn is long here,
/// so that no check of a loaded machine gives it away.
#[test]
fn files_opened_at_once_are_checked_two_at_a_time() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let running = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let options = retroboard::lsp::Options {
        injection: Some({
            let (running, most) = (running.clone(), most.clone());
            Arc::new(move |_, _| {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(5));
                running.fetch_sub(1, Ordering::SeqCst);
            })
        }),
        turn: SLOW,
        ..retroboard::lsp::Options::default()
    };
    let mut client = LspClient::initialized_in_process(&["utf-16"], options).0;
    let files: Vec<String> = (0..12)
        .map(|i| file_uri(&format!("/tmp/retroboard-stall/F/File{i}.ter")))
        .collect();
    for uri in &files {
        client.open(uri, "colossus-ter", 1, TER);
    }
    for uri in &files {
        assert_eq!(client.diagnostics(uri, Some(1)), Vec::<Value>::new());
    }
    assert_eq!(most.load(Ordering::SeqCst), 2);
    assert_serving(client, &files[0]);
}

/// A document's turn ends with its check: the searches of two peg boards (each waits for edits
/// to pause, then searches) hold up no file opened after them.
#[test]
fn searches_after_checks_hold_no_turn() {
    let options = retroboard::lsp::Options {
        turn: SLOW,
        ..retroboard::lsp::Options::default()
    };
    let mut client = LspClient::initialized_in_process(&["utf-16"], options).0;
    let boards = [
        (
            file_uri("/tmp/retroboard-stall/G/Row.brd"),
            "version 2\nmode: normal\ny y e y y\n",
        ),
        (
            file_uri("/tmp/retroboard-stall/G/Other.brd"),
            "version 2\nmode: normal\ny e y y\n",
        ),
    ];
    for (uri, text) in &boards {
        client.open(uri, "peg-brd", 1, text);
        assert_eq!(client.diagnostics(uri, Some(1)), Vec::<Value>::new());
    }
    let small = file_uri("/tmp/retroboard-stall/G/Small.ter");
    client.open(&small, "colossus-ter", 1, TER);
    let first = client.wait_for(|m| {
        is_diagnostics(m, &small, 1) || boards.iter().any(|(uri, _)| is_diagnostics(m, uri, 1))
    });
    assert!(
        is_diagnostics(&first, &small, 1),
        "the small file's diagnostics come before any search's, not: {first}"
    );
    assert_serving(client, &small);
}

/// Files opened at once are checked two at a time, but a check slower than its turn lets the
/// next begin: slow checks taking every turn hold up no file opened after them.
#[test]
fn slow_checks_in_every_turn_hold_up_no_file_opened_after_them() {
    let mut client = start();
    let small = file_uri("/tmp/retroboard-stall/E/Small.ter");
    let slow: Vec<String> = (0..4)
        .map(|i| file_uri(&format!("/tmp/retroboard-stall/E/Slow{i}.ter")))
        .collect();
    for uri in &slow {
        client.open(uri, "colossus-ter", 1, SLOW_TER);
    }
    client.open(&small, "colossus-ter", 1, TER);
    let first = client.wait_for(|m| {
        is_diagnostics(m, &small, 1) || slow.iter().any(|uri| is_diagnostics(m, uri, 1))
    });
    assert!(
        is_diagnostics(&first, &small, 1),
        "the small file's diagnostics come first, not: {first}"
    );
    assert_eq!(first["params"]["diagnostics"], json!([]));
    assert_serving(client, &small);
}

#[test]
fn a_cancelled_request_in_flight_is_answered_request_cancelled_and_the_server_goes_on() {
    let mut client = start();
    let small = file_uri("/tmp/retroboard-stall/C/Small.ter");
    let slow = file_uri("/tmp/retroboard-stall/C/Slow.ter");
    client.open(&small, "colossus-ter", 1, TER);
    client.open(&slow, "colossus-ter", 1, SLOW_TER);
    let hover = client.start_request(
        "textDocument/hover",
        json!({"textDocument": {"uri": slow}, "position": {"line": 1, "character": 0}}),
    );
    cancel(&mut client, hover);
    assert_cancelled(&client.response(hover));
    // The same request again, on a file that is not slow, is answered in full.
    client.change(&small, 2, [[0, 0], [0, 1]], "X");
    let diagnostics = client.diagnostics(&small, Some(2));
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "colossus/missing-tower");
    client.change(&small, 3, [[0, 0], [0, 1]], "T");
    assert_eq!(client.diagnostics(&small, Some(3)), Vec::<Value>::new());
    assert_serving(client, &small);
}

#[test]
fn a_request_behind_many_slow_ones_is_cancelled_and_a_keystroke_is_not_held_behind_them() {
    let mut client = start();
    let small = file_uri("/tmp/retroboard-stall/D/Small.ter");
    let slow = file_uri("/tmp/retroboard-stall/D/Slow.ter");
    client.open(&small, "colossus-ter", 1, TER);
    assert_eq!(client.diagnostics(&small, Some(1)), Vec::<Value>::new());
    client.open(&slow, "colossus-ter", 1, SLOW_TER);
    // More slow requests than tower-lsp-server works on at once by default (4).
    let slow_requests: Vec<i64> = (0..8)
        .map(|_| client.start_request("textDocument/documentSymbol", symbols(&slow)))
        .collect();
    let behind = client.start_request("textDocument/documentSymbol", symbols(&slow));
    cancel(&mut client, behind);
    client.change(&small, 2, [[0, 0], [0, 1]], "X");
    let is_slow_answer = |m: &Value| slow_requests.iter().any(|id| is_response(m, *id));
    let first = client.wait_for(|m| is_response(m, behind) || is_slow_answer(m));
    assert_cancelled(&first);
    assert!(is_response(&first, behind), "{first}");
    let next = client.wait_for(|m| is_diagnostics(m, &small, 2) || is_slow_answer(m));
    assert!(
        is_diagnostics(&next, &small, 2),
        "the keystroke's diagnostics come before any slow answer, not: {next}"
    );
    for id in slow_requests {
        cancel(&mut client, id);
        assert_cancelled(&client.response(id));
    }
    assert_serving(client, &small);
}
