//! The language server reads files from disk only when they are regular and small enough: a
//! preview of an unopened pipe or device, or a Colossus lookup that meets one, answers at once.

#[allow(dead_code)] // not every helper of the client is used here
#[path = "support/lsp_client.rs"]
mod lsp_client;

use std::path::PathBuf;

use lsp_client::{LspClient, file_uri};
use serde_json::json;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "retroboard-lsp-files-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The variant folder `Swamps` under `root`, its VAR reading Swamps.ter and Beasts.cre.
fn swamps_variant(root: &std::path::Path) -> PathBuf {
    let swamps = root.join("Swamps");
    std::fs::create_dir_all(&swamps).unwrap();
    std::fs::write(
        swamps.join("Swamps.var"),
        "TER:Swamps.ter\nCRE:Beasts.cre\n",
    )
    .unwrap();
    swamps
}

/// A creature line of `name` (2002-02), every flag false.
fn creature_line(name: &str) -> String {
    format!(
        "{name:<9} 6     2     false false false false false false false false false false false false false 25    {name}s\n"
    )
}

#[test]
fn a_preview_of_a_pipe_or_a_device_is_refused_at_once() {
    let dir = scratch("preview");
    let fifo = dir.join("Pipe.map");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let huge = dir.join("Huge.ter");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let (mut client, _) = LspClient::initialized(&[]);
    // /dev/stdin is the server's own input: reading it would swallow the protocol.
    for uri in [
        "file:///dev/stdin".to_string(),
        "file:///dev/zero".to_string(),
        file_uri(fifo.to_str().unwrap()),
        file_uri(huge.to_str().unwrap()),
    ] {
        let answer =
            client.request_raw("retroboard/preview", json!({"textDocument": {"uri": uri}}));
        assert_eq!(
            answer["error"]["message"],
            format!("{uri} is not open and cannot be read"),
            "{answer}"
        );
    }
    // Still serving.
    let uri = file_uri(dir.join("Still.bord").to_str().unwrap());
    client.open(&uri, "othello-bord", 1, "BORD\n");
    client.diagnostics(&uri, Some(1));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_variant_whose_var_is_a_pipe_is_checked_without_it() {
    let dir = scratch("var-pipe");
    let variant = dir.join("Piped");
    std::fs::create_dir_all(&variant).unwrap();
    assert!(
        std::process::Command::new("mkfifo")
            .arg(variant.join("Piped.var"))
            .status()
            .unwrap()
            .success()
    );
    std::os::unix::fs::symlink("/dev/zero", variant.join("Zero.var")).unwrap();
    let ter = variant.join("Piped.ter");
    let (mut client, _) = LspClient::initialized(&[]);
    let uri = file_uri(ter.to_str().unwrap());
    client.open(&uri, "colossus-ter", 1, "B green Brush true 1 Gargoyle\n");
    // Its own finding only: the VAR is neither read nor waited for.
    let codes: Vec<_> = client
        .diagnostics(&uri, Some(1))
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, [json!("colossus/missing-tower")]);
    assert_eq!(client.shutdown(), 0);
}

/// What a request read of the disk is kept for the next ones (see `formats::editor`), but
/// never past a change: a sibling file written again, replaced, created beside the one used, or
/// edited in an open buffer is seen by the next request, with no notification from the client.
#[test]
fn the_next_request_sees_a_sibling_file_changed_on_disk_or_in_a_buffer() {
    let root = scratch("sibling-changes");
    let swamps = swamps_variant(&root);
    let default = root.join("Default");
    std::fs::create_dir_all(&default).unwrap();
    let line = creature_line;
    let cre = |names: &[&str]| names.iter().map(|n| line(n)).collect::<String>();
    // The CRE is found in Default, until the variant's own folder has one.
    std::fs::write(default.join("Beasts.cre"), cre(&["Ogre", "Troll"])).unwrap();
    let ter = "T black Tower false 0 Anything 3 Ogre -1 Titan\n";
    std::fs::write(swamps.join("Swamps.ter"), ter).unwrap();

    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let ter_uri = file_uri(swamps.join("Swamps.ter").to_str().unwrap());
    client.open(&ter_uri, "colossus-ter", 1, ter);
    client.diagnostics(&ter_uri, Some(1));
    // At `Ogre`: the creatures of the CRE the variant reads, then the pseudo-creatures.
    let at = json!({"textDocument": {"uri": ter_uri}, "position": {"line": 0, "character": 34}});
    let creatures = |client: &mut LspClient| -> Vec<String> {
        let answer = client.request("textDocument/completion", at.clone());
        answer
            .as_array()
            .expect("a list of items")
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .filter(|l| !["Anything", "AnyNonLord", "Lord", "Titan"].contains(&l.as_str()))
            .collect()
    };
    let definition = |client: &mut LspClient| -> String {
        let answer = client.request("textDocument/definition", at.clone());
        let uri = answer[0]["uri"].as_str().expect("a location").to_string();
        let folder = uri.rsplit('/').nth(1).unwrap().to_string();
        format!("{folder}:{}", answer[0]["range"]["start"]["line"])
    };
    assert_eq!(creatures(&mut client), ["Ogre", "Troll"]);
    assert_eq!(definition(&mut client), "Default:0");
    // Asked again, the same answers (from what was kept).
    assert_eq!(creatures(&mut client), ["Ogre", "Troll"]);

    // Written again with another size.
    std::fs::write(
        default.join("Beasts.cre"),
        cre(&["Ogre", "Troll", "Wyvern"]),
    )
    .unwrap();
    assert_eq!(creatures(&mut client), ["Ogre", "Troll", "Wyvern"]);

    // Replaced by a file of the same size (as editors save: a new file renamed over it).
    let same_size = cre(&["Ogre", "Troll", "Dragon"]);
    assert_eq!(same_size.len(), cre(&["Ogre", "Troll", "Wyvern"]).len());
    std::fs::write(default.join("Beasts.new"), &same_size).unwrap();
    std::fs::rename(default.join("Beasts.new"), default.join("Beasts.cre")).unwrap();
    assert_eq!(creatures(&mut client), ["Ogre", "Troll", "Dragon"]);

    // A CRE of the same name created in the variant's folder takes Default's place.
    std::fs::write(swamps.join("Beasts.cre"), cre(&["Giant", "Ogre"])).unwrap();
    assert_eq!(creatures(&mut client), ["Giant", "Ogre"]);
    assert_eq!(definition(&mut client), "Swamps:1");

    // Opened in the editor and edited there: the buffer, not the disk.
    let cre_uri = file_uri(swamps.join("Beasts.cre").to_str().unwrap());
    client.open(&cre_uri, "colossus-cre", 1, &cre(&["Giant", "Ogre"]));
    client.change(&cre_uri, 2, [[0, 0], [0, 0]], &line("Hydra"));
    assert_eq!(creatures(&mut client), ["Hydra", "Giant", "Ogre"]);
    assert_eq!(definition(&mut client), "Swamps:2");
    // Closed without saving: the disk again.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": cre_uri}}),
    );
    assert_eq!(creatures(&mut client), ["Giant", "Ogre"]);

    // Removed: Default's again.
    std::fs::remove_file(swamps.join("Beasts.cre")).unwrap();
    assert_eq!(creatures(&mut client), ["Ogre", "Troll", "Dragon"]);
    assert_eq!(definition(&mut client), "Default:0");

    // The variant itself (what its VAR names) is worked out again when the VAR changes: on
    // the disk, then in a buffer.
    std::fs::write(swamps.join("Others.cre"), cre(&["Minotaur", "Ogre"])).unwrap();
    std::fs::write(
        swamps.join("Swamps.var"),
        "TER:Swamps.ter\nCRE:Others.cre\n",
    )
    .unwrap();
    assert_eq!(creatures(&mut client), ["Minotaur", "Ogre"]);
    assert_eq!(definition(&mut client), "Swamps:1");
    let var_uri = file_uri(swamps.join("Swamps.var").to_str().unwrap());
    client.open(
        &var_uri,
        "colossus-var",
        1,
        "TER:Swamps.ter\nCRE:Others.cre\n",
    );
    client.change(&var_uri, 2, [[1, 4], [1, 10]], "Beasts");
    assert_eq!(creatures(&mut client), ["Ogre", "Troll", "Dragon"]);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn an_edit_checked_before_a_sibling_changed_on_disk_is_checked_again_with_it() {
    // A keystroke's check takes the variant's other files as it last saw them, and looks at
    // the disk again once its diagnostics are out: a file written meanwhile by another program,
    // with no word from the client, is seen without another keystroke.
    let root = scratch("edit-after-disk-change");
    let swamps = swamps_variant(&root);
    let line = creature_line;
    std::fs::write(swamps.join("Beasts.cre"), line("Ogre")).unwrap();
    let ter =
        "T black Tower false 0 Anything 3 Ogre -1 Titan\nS blue Swamp false 0 Anything 3 Wyvern\n";
    std::fs::write(swamps.join("Swamps.ter"), ter).unwrap();
    let unknown = |diagnostics: &[serde_json::Value]| -> Vec<String> {
        diagnostics
            .iter()
            .filter(|d| d["code"] == "colossus/unknown-creature")
            .map(|d| d["message"].as_str().unwrap().to_string())
            .collect()
    };

    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let uri = file_uri(swamps.join("Swamps.ter").to_str().unwrap());
    client.open(&uri, "colossus-ter", 1, ter);
    let wyvern =
        ["there is no creature called Wyvern in Swamps/Beasts.cre (names are case-sensitive)"];
    assert_eq!(unknown(&client.diagnostics(&uri, Some(1))), wyvern);
    client.change(&uri, 2, [[1, 2], [1, 2]], "x");
    assert_eq!(unknown(&client.diagnostics(&uri, Some(2))), wyvern);

    // The CRE now has a Wyvern; the next keystroke puts the TER back as it was.
    std::fs::write(swamps.join("Beasts.cre"), line("Ogre") + &line("Wyvern")).unwrap();
    client.change(&uri, 3, [[1, 2], [1, 3]], "");
    let settled = client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri.as_str()
            && m["params"]["version"] == 3
            && unknown(m["params"]["diagnostics"].as_array().unwrap()).is_empty()
    });
    let codes: Vec<&str> = settled["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["colossus/tower-starters"]);
    assert_eq!(client.shutdown(), 0);
    let _ = std::fs::remove_dir_all(&root);
}

#[allow(dead_code)]
#[path = "support/corpus.rs"]
mod corpus;

/// A finding in a MAP that holds for another variant playing on it points at that variant's
/// VAR line, the `TER:` that makes it hold, in the client's columns.
#[test]
fn a_finding_for_another_variant_points_at_its_var_line() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let dir = scratch("related");
    for variant in ["Default", "TitanPlus"] {
        let to = dir.join(variant);
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(root.join("colossus").join(variant)).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_file() {
                std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
            }
        }
    }
    let ter = dir.join("TitanPlus/TitanPlus.ter");
    let text = std::fs::read_to_string(&ter).unwrap();
    std::fs::write(&ter, text.replacen("W olive", "X olive", 1)).unwrap();
    let map = dir.join("Default/Default.map");
    let uri = file_uri(map.to_str().unwrap());
    let (mut client, _) = LspClient::initialized(&[]);
    client.open(
        &uri,
        "colossus-map",
        1,
        &std::fs::read_to_string(&map).unwrap(),
    );
    let diagnostics = client.diagnostics(&uri, Some(1));
    let unknown: Vec<&serde_json::Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "colossus/unknown-terrain")
        .collect();
    assert_eq!(unknown.len(), 6, "{diagnostics:#?}");
    let var = file_uri(dir.join("TitanPlus/TitanPlus.var").to_str().unwrap());
    for d in unknown {
        assert_eq!(
            d["relatedInformation"],
            json!([{
                "location": {"uri": var, "range": {
                    "start": {"line": 1, "character": 0},
                    "end": {"line": 1, "character": 17},
                }},
                "message": "TitanPlus plays Default.map with TitanPlus.ter, which has no W",
            }]),
            "{d}"
        );
    }
    client.shutdown();
}
