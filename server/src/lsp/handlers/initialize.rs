//! `initialize` (what the client offers, the capabilities answered), `initialized` and `shutdown`.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::capabilities::capabilities;
use crate::lsp::convert::PositionEncoding;
use crate::lsp::ide;
use crate::lsp::state::*;

pub(crate) async fn initialize(
    backend: &Backend,
    params: InitializeParams,
) -> Result<InitializeResult> {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_deref());
    let encoding = PositionEncoding::negotiate(offered);
    #[allow(deprecated)] // a client without workspace folders still gives its root
    let roots: Vec<PathBuf> = match &params.workspace_folders {
        Some(folders) => folders.iter().filter_map(|f| file_path(&f.uri)).collect(),
        None => params
            .root_uri
            .as_ref()
            .and_then(file_path)
            .into_iter()
            .collect(),
    };
    let client = ide::ClientOptions::of(&params);
    let watch_dynamic = params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false);
    let mut state = backend.state();
    state.watch_dynamic = watch_dynamic;
    state.encoding = encoding;
    state.roots = roots;
    state.client = client;
    drop(state);
    Ok(InitializeResult {
        capabilities: capabilities(encoding, client.inlay_hints),
        server_info: Some(ServerInfo {
            name: "retroboard".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
        ..InitializeResult::default()
    })
}

pub(crate) async fn initialized(backend: &Backend, _params: InitializedParams) {
    // Asked from a task of its own: a handler never awaits the client.
    if backend.state().watch_dynamic {
        let client = backend.client.clone();
        tokio::spawn(async move {
            let watchers = crate::workspace::watched_globs()
                .into_iter()
                .map(|glob| FileSystemWatcher {
                    glob_pattern: GlobPattern::String(glob),
                    kind: None,
                })
                .collect();
            let options = DidChangeWatchedFilesRegistrationOptions { watchers };
            let registration = Registration {
                id: "retroboard-watched-files".to_string(),
                method: "workspace/didChangeWatchedFiles".to_string(),
                register_options: serde_json::to_value(options).ok(),
            };
            if let Err(err) = client.register_capability(vec![registration]).await {
                eprintln!("retroboard: the client does not watch the workspace's files: {err}");
            }
        });
    }
    backend.shared.check_workspace();
}

pub(crate) async fn shutdown(backend: &Backend) -> Result<()> {
    backend.shut_down.store(true, Ordering::SeqCst);
    {
        let mut state = backend.state();
        state.shutting_down = true;
        for search in state.searches.values() {
            search.set();
        }
    }
    // Every open and change before the shutdown gets its diagnostics before the answer,
    // so a client that exits right after it has them all (within a bound: a check never
    // holds the shutdown for long).
    let _ = tokio::time::timeout(SHUTDOWN_CHECKS_WAIT, backend.shared.checks_done()).await;
    Ok(())
}
