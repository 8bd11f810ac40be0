//! The `Backend`: its `LanguageServer` methods only forward to `handlers`.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::analysis::catch_panic;
use crate::syntax::Document;

use tower_lsp_server::LanguageServer;

use crate::lsp::convert::PositionEncoding;
use crate::lsp::handlers;
use crate::lsp::ide;
use crate::lsp::readers::check_readers;
use crate::lsp::snapshot::*;
use crate::lsp::state::*;
use crate::lsp::transport::Notifier;

pub struct Backend {
    pub(crate) shared: Arc<Shared>,
    pub(crate) shut_down: Arc<AtomicBool>,
    /// Requests to the client (`window/showDocument`, the registration of watched files),
    /// sent from a task of their own: no handler awaits the client.
    pub(crate) client: tower_lsp_server::Client,
}

impl Backend {
    /// A backend and its readers' task (started on the current tokio runtime).
    pub fn new(
        client: tower_lsp_server::Client,
        notifier: Notifier,
        shut_down: Arc<AtomicBool>,
        options: crate::lsp::Options,
    ) -> Backend {
        let shared = Arc::new(Shared {
            notifier,
            state: Mutex::new(State {
                encoding: PositionEncoding::Utf16,
                client: ide::ClientOptions::default(),
                documents: HashMap::new(),
                due: HashMap::new(),
                checking: HashSet::new(),
                readers: VecDeque::new(),
                cache: Arc::default(),
                searched: Arc::default(),
                settings: Arc::default(),
                entries_used: Arc::default(),
                settings_problems: HashMap::new(),
                roots: Vec::new(),
                openings: 0,
                searches: HashMap::new(),
                shutting_down: false,
                published: HashMap::new(),
                watch_dynamic: false,
                injection: options.injection,
            }),
            activity: tokio::sync::Notify::new(),
            settled: tokio::sync::Notify::new(),
            slow_work: tokio::sync::Semaphore::new(1),
            slow_waiting: std::sync::atomic::AtomicUsize::new(0),
            turns: tokio::sync::Semaphore::new(crate::lsp::check::CHECKS_AT_ONCE),
            turn: options.turn,
            workspace_checks: std::sync::atomic::AtomicU64::new(0),
            watched: Arc::default(),
            settlings: std::sync::atomic::AtomicU64::new(0),
        });
        tokio::spawn(check_readers(shared.clone()));
        Backend {
            shared,
            shut_down,
            client,
        }
    }

    pub(crate) fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state()
    }
}

/// Set once the request that started some work is cancelled (or answered): the work stops at
/// its next step.
#[derive(Clone, Default)]
pub(crate) struct Cancel(pub(crate) Arc<AtomicBool>);

impl Cancel {
    pub(crate) fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(RequestCancelled)` once set: `?` after each step of a request's work.
    pub(crate) fn check(&self) -> Result<()> {
        if self.is_set() {
            Err(tower_lsp_server::jsonrpc::Error::request_cancelled())
        } else {
            Ok(())
        }
    }
}

/// Sets its flag when dropped: tower-lsp-server drops a request's handler future when the
/// request is cancelled (and answers `RequestCancelled` itself).
pub(crate) struct CancelOnDrop(pub(crate) Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.0.store(true, Ordering::Relaxed);
    }
}

impl Backend {
    /// Runs a request's `work` on a snapshot taken now, on a blocking thread, so that no
    /// request holds up the messages after it; a panic in it is answered as an internal error.
    pub(crate) async fn on_snapshot<T: Send + 'static>(
        &self,
        what: &'static str,
        work: impl FnOnce(&Snapshot, &Cancel) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let snapshot = self.state().snapshot();
        let cancel = Cancel::default();
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let run = move || {
            cancel.check()?;
            catch_panic(|| work(&snapshot, &cancel))
                .unwrap_or_else(|message| Err(internal_error(what, message)))
        };
        tokio::task::spawn_blocking(run)
            .await
            .unwrap_or_else(|err| Err(internal_error(what, err.to_string())))
    }

    /// [`Backend::on_snapshot`] about one open document: `None` when it is not open, else
    /// `work` on it (after the tests' [`crate::lsp::Injection`], if any).
    pub(crate) async fn on_open_document<T: Send + 'static>(
        &self,
        what: &'static str,
        uri: Uri,
        work: impl FnOnce(&Snapshot, &Document, &Cancel) -> Result<Option<T>> + Send + 'static,
    ) -> Result<Option<T>> {
        self.on_snapshot(what, move |snapshot, cancel| {
            let Some(open) = snapshot.documents.get(&uri) else {
                return Ok(None);
            };
            snapshot.inject(&open.document, &|| cancel.is_set());
            cancel.check()?;
            work(snapshot, &open.document, cancel)
        })
        .await
    }
}

pub(crate) fn internal_error(what: &str, message: String) -> tower_lsp_server::jsonrpc::Error {
    eprintln!("retroboard: internal error in {what}: {message}");
    tower_lsp_server::jsonrpc::Error {
        code: tower_lsp_server::jsonrpc::ErrorCode::InternalError,
        message: format!("Retroboard failed in {what}: {message}").into(),
        data: None,
    }
}

pub(crate) fn invalid_params(message: String) -> tower_lsp_server::jsonrpc::Error {
    tower_lsp_server::jsonrpc::Error::invalid_params(message)
}

/// Characters after which the editor asks for completions by itself: a VAR's key and list
/// separators (`MAP:`, `DEPEND:A,B`).
pub(crate) const COMPLETION_TRIGGERS: [char; 2] = [':', ','];

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        handlers::initialize::initialize(self, params).await
    }

    async fn initialized(&self, params: InitializedParams) {
        handlers::initialize::initialized(self, params).await
    }

    async fn shutdown(&self) -> Result<()> {
        handlers::initialize::shutdown(self).await
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        handlers::did_open::did_open(self, params).await
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        handlers::did_change::did_change(self, params).await
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        handlers::did_close::did_close(self, params).await
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        handlers::workspace_changes::did_change_workspace_folders(self, params).await
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        handlers::workspace_changes::did_change_watched_files(self, params).await
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        handlers::workspace_changes::did_change_configuration(self, params).await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        handlers::hover::hover(self, params).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        handlers::code_action::code_action(self, params).await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        handlers::formatting::formatting(self, params).await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        handlers::formatting::range_formatting(self, params).await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        handlers::goto_definition::goto_definition(self, params).await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        handlers::completion::completion(self, params).await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        handlers::references::references(self, params).await
    }

    async fn prepare_rename(
        &self,
        at: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        handlers::rename::prepare_rename(self, at).await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        handlers::rename::rename(self, params).await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        handlers::inlay_hint::inlay_hint(self, params).await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        handlers::document_link::document_link(self, params).await
    }

    async fn document_color(&self, params: DocumentColorParams) -> Result<Vec<ColorInformation>> {
        handlers::document_color::document_color(self, params).await
    }

    async fn color_presentation(
        &self,
        params: ColorPresentationParams,
    ) -> Result<Vec<ColorPresentation>> {
        handlers::document_color::color_presentation(self, params).await
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        handlers::execute_command::execute_command(self, params).await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        handlers::document_symbol::document_symbol(self, params).await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        handlers::workspace_symbol::symbol(self, params).await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        handlers::folding_range::folding_range(self, params).await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        handlers::semantic_tokens::semantic_tokens_full(self, params).await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        handlers::semantic_tokens::semantic_tokens_range(self, params).await
    }
}
