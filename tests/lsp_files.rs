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
