//! End to end: the whole-workspace check of the real `retroboard lsp` binary. With a folder
//! open, the files Retroboard reads there get their findings without being opened, follow the
//! disk as the client reports changes, and never hold up a keystroke's own diagnostics.

#[allow(dead_code)] // not every helper of the client is used here
#[path = "support/lsp_client.rs"]
mod lsp_client;

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_client::{LspClient, delaying, file_uri};
use serde_json::{Value, json};

/// A Colossus map of six clean hex lines.
const CLEAN_MAP: &str = "15 8\n100 T 0 ARROW 0 ARROW 0 ARROW 1 1\n200 T 0 ARROW 0 ARROW 0 ARROW 3 1\n\
300 T 0 ARROW 0 ARROW 0 ARROW 5 1\n400 T 0 ARROW 0 ARROW 0 ARROW 7 1\n\
500 T 0 ARROW 0 ARROW 0 ARROW 9 1\n600 T 0 ARROW 0 ARROW 0 ARROW 11 1\n";

/// The same map with a stray word at the end of its first hex line: one syntax error.
fn broken_map(word: &str) -> String {
    CLEAN_MAP.replacen(" 1 1\n", &format!(" 1 1 {word}\n"), 1)
}

/// A fresh folder for one test, its links resolved (the server names files by real paths).
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rb-ws-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

fn write(dir: &Path, file: &str, text: &str) -> String {
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    file_uri(path.to_str().unwrap())
}

/// Starts the server on `dir` as its one workspace folder; with `watching`, the client offers
/// to register file watchers, and the registration is awaited and answered.
fn start(dir: &Path, watching: bool) -> LspClient {
    initialize_on(LspClient::start(), dir, watching)
}

/// [`start`], with a server already started.
fn initialize_on(mut client: LspClient, dir: &Path, watching: bool) -> LspClient {
    client.request(
        "initialize",
        json!({
            "processId": null,
            "capabilities": {
                "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": watching}},
            },
            "workspaceFolders": [{"uri": file_uri(dir.to_str().unwrap()), "name": "mod"}],
        }),
    );
    client.notify("initialized", json!({}));
    if watching {
        let request = client.wait_for(|m| m["method"] == "client/registerCapability");
        let registration = &request["params"]["registrations"][0];
        assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
        let globs: Vec<&str> = registration["registerOptions"]["watchers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["globPattern"].as_str().unwrap())
            .collect();
        assert!(globs.contains(&"**/retroboard.toml"), "{globs:?}");
        assert!(globs.contains(&"**/Battlelands/*"), "{globs:?}");
        assert!(
            globs[0].starts_with("**/*.{") && globs[0].contains("map"),
            "{globs:?}"
        );
        client.send(&json!({"jsonrpc": "2.0", "id": request["id"], "result": null}));
    }
    client
}

/// The codes of diagnostics.
fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

fn changed(client: &mut LspClient, uri: &str, kind: u8) {
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri, "type": kind}]}),
    );
}

const CHANGED: u8 = 2;
const DELETED: u8 = 3;

#[test]
fn unopened_files_get_their_findings_and_follow_the_disk() {
    let dir = folder("follow");
    write(&dir, "retroboard.toml", "[files]\nexclude = [\"old/**\"]\n");
    let map = write(&dir, "Mod/Mod.map", &broken_map("stray"));
    let old = write(&dir, "old/Old.map", &broken_map("stray"));
    // Read after old/ (file-name order): once it is published, old/ was passed over.
    let last = write(&dir, "zz/Last.map", &broken_map("stray"));
    let mut client = start(&dir, true);

    // Published after `initialized`, never opened, without a version.
    let diagnostics = client.diagnostics(&map, None);
    assert_eq!(
        codes(&diagnostics),
        ["colossus/syntax-error"],
        "{diagnostics:#?}"
    );
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 1);
    assert_eq!(
        codes(&client.diagnostics(&last, None)),
        ["colossus/syntax-error"]
    );
    // retroboard.toml excludes old/: nothing is published for it.
    assert!(
        !client.unread().iter().any(|m| m["params"]["uri"] == old),
        "{:#?}",
        client.unread()
    );

    // Fixed on the disk: the client reports the change, the findings go.
    write(&dir, "Mod/Mod.map", CLEAN_MAP);
    changed(&mut client, &map, CHANGED);
    assert_eq!(client.diagnostics(&map, None), Vec::<Value>::new());

    // Broken again: they come back.
    write(&dir, "Mod/Mod.map", &broken_map("again"));
    changed(&mut client, &map, CHANGED);
    let diagnostics = client.diagnostics(&map, None);
    assert_eq!(codes(&diagnostics), ["colossus/syntax-error"]);
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("again"),
        "{diagnostics:#?}"
    );

    // Opened and fixed in the editor: its own diagnostics, for its version; closed unsaved:
    // those of the file on the disk again, not none.
    client.open(&map, "colossus-map", 1, CLEAN_MAP);
    assert_eq!(client.diagnostics(&map, Some(1)), Vec::<Value>::new());
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": map}}),
    );
    assert_eq!(
        codes(&client.diagnostics(&map, None)),
        ["colossus/syntax-error"]
    );

    // Deleted: its findings are cleared.
    std::fs::remove_file(dir.join("Mod/Mod.map")).unwrap();
    changed(&mut client, &map, DELETED);
    assert_eq!(client.diagnostics(&map, None), Vec::<Value>::new());

    // The settings change: old/ is read now, and zz/ excluded, so its findings go.
    write(&dir, "retroboard.toml", "[files]\nexclude = [\"zz/**\"]\n");
    changed(
        &mut client,
        &file_uri(dir.join("retroboard.toml").to_str().unwrap()),
        CHANGED,
    );
    assert_eq!(
        codes(&client.diagnostics(&old, None)),
        ["colossus/syntax-error"]
    );
    assert_eq!(client.diagnostics(&last, None), Vec::<Value>::new());

    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_client_that_does_not_watch_files_still_gets_the_first_check() {
    let dir = folder("nowatch");
    let map = write(&dir, "Mod/Mod.map", &broken_map("stray"));
    let mut client = start(&dir, false);
    assert_eq!(
        codes(&client.diagnostics(&map, None)),
        ["colossus/syntax-error"]
    );
    assert!(
        !client
            .unread()
            .iter()
            .any(|m| m["method"] == "client/registerCapability"),
        "{:#?}",
        client.unread()
    );
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_keystroke_gets_its_diagnostics_while_a_big_workspace_is_checked() {
    const FILES: usize = 40;
    let dir = folder("big");
    let uris: Vec<String> = (0..FILES)
        .map(|i| {
            write(
                &dir,
                &format!("V{i:02}/V{i:02}.map"),
                &broken_map("SLOWWORKSPACE"),
            )
        })
        .collect();
    // Each workspace file takes 100 ms to check: the whole check 4 s at least.
    let mut client = initialize_on(
        LspClient::in_process(delaying("SLOWWORKSPACE", Duration::from_millis(100))),
        &dir,
        false,
    );
    // The workspace check runs.
    assert_eq!(
        codes(&client.diagnostics(&uris[0], None)),
        ["colossus/syntax-error"]
    );

    // A file in the editor, opened and edited meanwhile: its own diagnostics come at once,
    // while most of the workspace is still to be checked.
    let open = file_uri(dir.join("Open/Open.map").to_str().unwrap());
    client.open(&open, "colossus-map", 1, &broken_map("typo"));
    assert_eq!(
        codes(&client.diagnostics(&open, Some(1))),
        ["colossus/syntax-error"]
    );
    client.change(&open, 2, [[1, 33], [1, 38]], "");
    assert_eq!(client.diagnostics(&open, Some(2)), Vec::<Value>::new());
    let workspace_published = |client: &LspClient| {
        client
            .unread()
            .iter()
            .filter(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"].get("version").is_none()
            })
            .count()
    };
    let before = workspace_published(&client);
    assert!(
        before + 1 < FILES / 2,
        "{before} workspace files were published before the keystroke's diagnostics"
    );
    // And the workspace check carries on to its last file.
    assert_eq!(
        codes(&client.diagnostics(&uris[FILES - 1], None)),
        ["colossus/syntax-error"]
    );
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn folders_added_are_checked_and_those_removed_cleared() {
    let first = folder("first");
    let second = folder("second");
    let one = write(&first, "One/One.map", &broken_map("stray"));
    let two = write(&second, "Two/Two.map", &broken_map("stray"));
    let mut client = start(&first, false);
    assert_eq!(
        codes(&client.diagnostics(&one, None)),
        ["colossus/syntax-error"]
    );
    let folder_of =
        |dir: &Path, name: &str| json!({"uri": file_uri(dir.to_str().unwrap()), "name": name});
    client.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [folder_of(&second, "second")], "removed": [folder_of(&first, "first")]}}),
    );
    assert_eq!(
        codes(&client.diagnostics(&two, None)),
        ["colossus/syntax-error"]
    );
    assert_eq!(client.diagnostics(&one, None), Vec::<Value>::new());
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&first);
    let _ = std::fs::remove_dir_all(&second);
}

/// A `git checkout` reports hundreds of files tens of ms apart: each report restarted the
/// whole-workspace check (500 cost 55 checks' CPU). They are gathered into one check after
/// the last (how many run is counted in `lsp::quiet`'s tests); none is lost: every file's
/// findings are those of its last content.
#[test]
fn a_burst_of_file_changes_ends_with_the_findings_of_every_files_last_content() {
    let dir = folder("burst");
    let files: Vec<String> = (0..10)
        .map(|f| write(&dir, &format!("Mod{f}/Mod{f}.map"), &broken_map("first")))
        .collect();
    let mut client = start(&dir, true);
    for uri in &files {
        assert_eq!(
            codes(&client.diagnostics(uri, None)),
            ["colossus/syntax-error"]
        );
    }
    for round in 0..50 {
        for (f, uri) in files.iter().enumerate() {
            // Letters only: a number would be a field of its own.
            let word = if round == 49 {
                last_word(f)
            } else {
                "w".repeat(round + 1)
            };
            write(&dir, &format!("Mod{f}/Mod{f}.map"), &broken_map(&word));
            changed(&mut client, uri, CHANGED);
        }
    }
    for (f, uri) in files.iter().enumerate() {
        let last = last_word(f);
        client.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == *uri
                && m["params"]["diagnostics"][0]["message"]
                    .as_str()
                    .is_some_and(|message| message.contains(&last))
        });
    }
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The word the `f`th file of the burst ends with: `lasta`, `lastb`, …
fn last_word(f: usize) -> String {
    format!("last{}", char::from(b'a' + f as u8))
}

/// A finding as the report and the diagnostics both say it: line and column (from 1), severity,
/// code and message.
type Said = (u64, u64, String, String, String);

/// The findings of `check --format json DIR`, by file name.
fn cli_findings(dir: &Path) -> Vec<(String, Said)> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(["check", "--format", "json", "."])
        .current_dir(dir)
        .output()
        .unwrap();
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let name = i["path"].as_str().unwrap().rsplit('/').next().unwrap();
            let finding = (
                i["line"].as_u64().unwrap(),
                i["column"].as_u64().unwrap(),
                i["severity"].as_str().unwrap().to_string(),
                i["code"].as_str().unwrap().to_string(),
                i["message"].as_str().unwrap().to_string(),
            );
            (name.to_string(), finding)
        })
        .collect()
}

/// The workspace check publishes what `retroboard check FOLDER` reports of the same folder,
/// file by file and message by message: files that are not text or too large to read, and the
/// slow findings of a peg board nobody opened, as the settings' rules have them.
#[test]
fn the_workspace_check_publishes_what_check_reports_of_the_folder() {
    let dir = folder("as-check");
    write(
        &dir,
        "retroboard.toml",
        "[rules]\n\"retroboard/too-large\" = \"error\"\n",
    );
    std::fs::write(dir.join("binary.pat"), b"O O O\n\0\0\0\x01\x02").unwrap();
    let big = "O O O O O O O O\n".repeat(17_000_000 / 16);
    std::fs::write(dir.join("big.pat"), big).unwrap();
    write(&dir, "clean.map", CLEAN_MAP);
    // A version 2 English board, its centre empty and its goal a corner hole: the position
    // classes of start and goal differ, which only the search says.
    write(
        &dir,
        "corner.brd",
        "version 2\nmode: normal\n* * Y y y * *\n* * y y y * *\ny y y y y y y\n\
y y y e y y y\ny y y y y y y\n* * y y y * *\n* * y y y * *\n",
    );
    let expected = cli_findings(&dir);
    let names: Vec<&str> = expected.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        ["big.pat", "binary.pat", "corner.brd"],
        "{expected:#?}"
    );
    assert_eq!(expected[0].1.2, "error", "the rule applies: {expected:#?}");
    assert_eq!(expected[2].1.3, "peg/unsolvable", "{expected:#?}");

    let mut client = start(&dir, false);
    for (name, (line, column, severity, code, message)) in &expected {
        let uri = file_uri(dir.join(name).to_str().unwrap());
        let diagnostics = client.diagnostics(&uri, None);
        let published: Vec<Said> = diagnostics
            .iter()
            .map(|d| {
                let severity = match d["severity"].as_u64() {
                    Some(1) => "error",
                    Some(2) => "warning",
                    _ => "other",
                };
                (
                    d["range"]["start"]["line"].as_u64().unwrap() + 1,
                    d["range"]["start"]["character"].as_u64().unwrap() + 1,
                    severity.to_string(),
                    d["code"].as_str().unwrap().to_string(),
                    d["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let wanted = (
            *line,
            *column,
            severity.clone(),
            code.clone(),
            message.clone(),
        );
        assert_eq!(published, [wanted], "{name}");
    }
    // The clean map (read before the board) and the settings file got nothing.
    assert!(
        !client.unread().iter().any(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["diagnostics"] != json!([])
        }),
        "{:#?}",
        client.unread()
    );
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
