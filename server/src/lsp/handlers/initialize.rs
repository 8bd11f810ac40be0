//! `initialize` (what the client offers, the capabilities answered), `initialized` and `shutdown`.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self, PositionEncoding};
use crate::lsp::handlers::code_action::FIX_ALL_KIND;
use crate::lsp::handlers::preview::*;
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
        capabilities: ServerCapabilities {
            position_encoding: Some(encoding.kind()),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    ..TextDocumentSyncOptions::default()
                },
            )),
            execute_command_provider: Some(ExecuteCommandOptions {
                commands: vec![PREVIEW_COMMAND.to_string(), REVEAL_COMMAND.to_string()],
                ..ExecuteCommandOptions::default()
            }),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::from(FIX_ALL_KIND),
                ]),
                ..CodeActionOptions::default()
            })),
            document_symbol_provider: Some(OneOf::Left(true)),
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            workspace_symbol_provider: Some(OneOf::Left(true)),
            workspace: Some(WorkspaceServerCapabilities {
                workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                    supported: Some(true),
                    change_notifications: Some(OneOf::Left(true)),
                }),
                file_operations: None,
            }),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some(
                    COMPLETION_TRIGGERS.iter().map(|c| c.to_string()).collect(),
                ),
                ..CompletionOptions::default()
            }),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            rename_provider: Some(OneOf::Right(RenameOptions {
                prepare_provider: Some(true),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            })),
            inlay_hint_provider: client.inlay_hints.then_some(OneOf::Left(true)),
            document_link_provider: Some(DocumentLinkOptions {
                resolve_provider: Some(false),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            }),
            document_formatting_provider: Some(OneOf::Left(true)),
            document_range_formatting_provider: Some(OneOf::Left(true)),
            semantic_tokens_provider: Some(
                SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
                    legend: convert::semantic_legend(),
                    full: Some(SemanticTokensFullOptions::Bool(true)),
                    range: Some(true),
                    ..SemanticTokensOptions::default()
                }),
            ),
            ..ServerCapabilities::default()
        },
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
