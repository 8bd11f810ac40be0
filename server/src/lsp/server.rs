//! The language server: open documents, edits applied in order, diagnostics published with the
//! version they belong to.
//!
//! tower-lsp-server runs notification handlers concurrently, so every text change is applied
//! synchronously, under the state lock, before the handler's first `.await`. Handlers then only
//! queue the document; one checker task checks the newest text of each queued document and is
//! the only one that publishes. Edits arriving faster than they are checked are coalesced (the
//! latest version alone is published), and no older result can overtake a newer one or a close.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::convert::{self, PositionEncoding};
use crate::analysis::analyze_with;
use crate::formats::{DiskFiles, DocumentCache, Files, FormatId, Loaded};
use crate::render;
use crate::syntax::{Document, detect};

/// Format detection reads only the first lines; this much text is plenty for it.
const DETECTION_PREFIX: usize = 64 * 1024;

pub struct Backend {
    shared: Arc<Shared>,
    shut_down: Arc<AtomicBool>,
}

/// What the handlers and the checker task share.
struct Shared {
    client: Client,
    state: Mutex<State>,
    /// Wakes the checker when something is queued.
    wake: tokio::sync::Notify,
}

struct State {
    encoding: PositionEncoding,
    documents: HashMap<Uri, OpenDocument>,
    /// Documents to check (or, once closed, to clear), oldest first, each once.
    queue: VecDeque<Uri>,
    /// Checked documents whose readers (the files whose findings read them) are to be checked
    /// once edits pause, each once.
    readers: VecDeque<Uri>,
    /// Files that are not open, parsed: what the open ones read of their variant.
    cache: DocumentCache,
}

struct OpenDocument {
    document: Document,
    version: i32,
    path: Option<PathBuf>,
    /// The format the client chose by language id; detection is skipped then.
    chosen: Option<FormatId>,
    /// What other files read of this one ([`crate::formats::Format::exported`]) when they were
    /// last checked: while it stays the same, a keystroke here checks this file alone.
    exported: Option<u64>,
}

impl OpenDocument {
    /// Detects the format again (it can change while a new file is typed).
    fn redetect(&mut self) {
        if self.chosen.is_some() {
            return;
        }
        let len = self.document.rope().len_bytes();
        let prefix = self.document.slice(0..len.min(DETECTION_PREFIX));
        let format = detect(self.path.as_deref(), &prefix);
        self.document.set_format(format);
    }
}

/// The editor's open documents over the disk: what other files' checks read.
struct Overlay<'a> {
    documents: &'a HashMap<Uri, OpenDocument>,
    cache: &'a DocumentCache,
}

impl State {
    fn overlay(&self) -> Overlay<'_> {
        Overlay {
            documents: &self.documents,
            cache: &self.cache,
        }
    }
}

/// The open document of a file, with its URI.
fn open_at<'a>(
    documents: &'a HashMap<Uri, OpenDocument>,
    path: &Path,
) -> Option<(&'a Uri, &'a OpenDocument)> {
    documents
        .iter()
        .find(|(_, d)| d.path.as_deref() == Some(path))
}

impl Overlay<'_> {
    fn open(&self, path: &Path) -> Option<&OpenDocument> {
        open_at(self.documents, path).map(|(_, open)| open)
    }
}

impl Files for Overlay<'_> {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        match self.open(path) {
            Some(open) => Some(open.document.text().into()),
            None => DiskFiles.read(path),
        }
    }

    fn exists(&self, path: &Path) -> bool {
        self.open(path).is_some() || DiskFiles.exists(path)
    }

    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        match self.open(path) {
            Some(open) if open.document.format() == Some(format) => {
                Some(Loaded::Open(&open.document))
            }
            Some(open) => {
                let text = open.document.text().into();
                Some(Loaded::Shared(self.cache.document(path, format, text)))
            }
            None => {
                let text = DiskFiles.read(path)?;
                Some(Loaded::Shared(self.cache.document(path, format, text)))
            }
        }
    }
}

/// Diagnostics to send: for a document, at a version (`None` for a file that is not open).
type Publication = (Uri, Vec<Diagnostic>, Option<i32>);

impl State {
    fn diagnostics(&self, document: &Document) -> Vec<Diagnostic> {
        // The whole text: a line too long or a NUL past the format's bound is found there too.
        let text = document.whole_rope();
        let findings = guard(|| {
            fault_injection(document);
            analyze_with(document, &self.overlay())
        });
        match findings {
            Ok(findings) => findings
                .iter()
                .map(|f| convert::diagnostic(text, f, self.encoding))
                .collect(),
            Err(message) => {
                eprintln!("retroboard: internal error while checking a document: {message}");
                vec![Diagnostic {
                    range: Range::default(),
                    severity: Some(DiagnosticSeverity::WARNING),
                    code: Some(NumberOrString::String(
                        "retroboard/internal-error".to_string(),
                    )),
                    source: Some("retroboard".to_string()),
                    message: format!(
                        "Retroboard failed while checking this file ({message}); this is a bug in \
Retroboard, not in the file. The file is unchanged and the server goes on."
                    ),
                    ..Diagnostic::default()
                }]
            }
        }
    }

    /// The diagnostics of `uri`.
    fn publication(&self, uri: &Uri) -> Publication {
        match self.documents.get(uri) {
            Some(open) => (
                uri.clone(),
                self.diagnostics(&open.document),
                Some(open.version),
            ),
            None => (uri.clone(), Vec::new(), None),
        }
    }

    /// The diagnostics of every file whose findings read `uri` (open or not), when what they
    /// read of it changed since they were last published.
    fn dependents(&mut self, uri: &Uri) -> Vec<Publication> {
        let Some(open) = self.documents.get(uri) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let Some(format) = open.document.format() else {
            return out;
        };
        let spec = format.spec();
        let exported = guard(|| spec.exported(&open.document)).unwrap_or(None);
        if exported.is_none() || exported == open.exported {
            return out;
        }
        for path in spec.dependents(&open.document, &self.overlay()) {
            let opened = open_at(&self.documents, &path);
            let publication = match opened {
                Some((uri, d)) => (uri.clone(), self.diagnostics(&d.document), Some(d.version)),
                None => {
                    let (Some(uri), Some(text)) =
                        (Uri::from_file_path(&path), DiskFiles.read(&path))
                    else {
                        continue;
                    };
                    let Some(format) = detect(Some(&path), &text) else {
                        continue;
                    };
                    let document = self.cache.document(&path, format, text);
                    (uri, self.diagnostics(&document), None)
                }
            };
            out.push(publication);
        }
        if let Some(open) = self.documents.get_mut(uri) {
            open.exported = exported;
        }
        out
    }
}

impl Backend {
    /// A backend and its checker task (started on the current tokio runtime).
    pub fn new(client: Client, shut_down: Arc<AtomicBool>) -> Backend {
        let shared = Arc::new(Shared {
            client,
            state: Mutex::new(State {
                encoding: PositionEncoding::Utf16,
                documents: HashMap::new(),
                queue: VecDeque::new(),
                readers: VecDeque::new(),
                cache: DocumentCache::default(),
            }),
            wake: tokio::sync::Notify::new(),
        });
        tokio::spawn(check_queued(shared.clone()));
        Backend { shared, shut_down }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state()
    }

    /// Queues a document for the checker.
    fn queue(&self, state: &mut State, uri: &Uri) {
        if !state.queue.contains(uri) {
            state.queue.push_back(uri.clone());
        }
        self.shared.wake.notify_one();
    }
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while the lock was held leaves the documents as the last edit made them.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The checker: checks each queued document at its newest version and publishes the
/// diagnostics of it and of the files that read it; a queued document that was closed has its
/// diagnostics cleared.
/// How long edits must pause before the files that read an edited one are checked again: a
/// keystroke answers with its own file's diagnostics first, and the other files' checks do not
/// hold up the next keystroke.
const READERS_DELAY: std::time::Duration = std::time::Duration::from_millis(50);

async fn check_queued(shared: Arc<Shared>) {
    loop {
        let readers_waiting = !shared.state().readers.is_empty();
        if !readers_waiting {
            shared.wake.notified().await;
        } else if tokio::time::timeout(READERS_DELAY, shared.wake.notified())
            .await
            .is_err()
        {
            // Edits paused: the files that read the edited ones, against their text as it is now.
            loop {
                let publications = {
                    let mut state = shared.state();
                    let Some(uri) = state.readers.pop_front() else {
                        break;
                    };
                    state.dependents(&uri)
                };
                for (uri, diagnostics, version) in publications {
                    shared
                        .client
                        .publish_diagnostics(uri, diagnostics, version)
                        .await;
                }
                tokio::task::yield_now().await;
            }
            continue;
        }
        loop {
            let (uri, diagnostics, version) = {
                let mut state = shared.state();
                let Some(uri) = state.queue.pop_front() else {
                    break;
                };
                if !state.readers.contains(&uri) {
                    state.readers.push_back(uri.clone());
                }
                state.publication(&uri)
            };
            shared
                .client
                .publish_diagnostics(uri, diagnostics, version)
                .await;
            // Let waiting edits in before the next check.
            tokio::task::yield_now().await;
        }
    }
}

/// Runs a handler's work, turning a panic into an error message (logged by the caller) so
/// that one bad file or bug never takes the server down.
fn guard<T>(work: impl FnOnce() -> T) -> std::result::Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|panic| {
        panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string())
    })
}

/// Test builds only: panic when a document holds `RETROBOARD_TEST_PANIC`'s text, to test that
/// panics are caught.
fn fault_injection(document: &Document) {
    #[cfg(debug_assertions)]
    if let Some(marker) = std::env::var_os("RETROBOARD_TEST_PANIC") {
        let marker = marker.to_string_lossy();
        if !marker.is_empty() && document.text().contains(marker.as_ref()) {
            panic!("injected fault");
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = document;
}

fn internal_error(what: &str, message: String) -> tower_lsp_server::jsonrpc::Error {
    eprintln!("retroboard: internal error in {what}: {message}");
    tower_lsp_server::jsonrpc::Error {
        code: tower_lsp_server::jsonrpc::ErrorCode::InternalError,
        message: format!("Retroboard failed in {what}: {message}").into(),
        data: None,
    }
}

/// Parameters of `retroboard/preview`.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewParams {
    pub text_document: TextDocumentIdentifier,
}

/// The result of `retroboard/preview` and of the `retroboard.preview` command.
#[derive(Debug, serde::Serialize)]
pub struct PreviewResult {
    pub format: Option<&'static str>,
    pub title: String,
    pub svg: String,
    pub text: String,
}

/// The command that returns the same as `retroboard/preview`, for clients without custom requests.
pub const PREVIEW_COMMAND: &str = "retroboard.preview";

impl Backend {
    /// `retroboard/preview`: the board of an open document (or of a file on disk).
    pub async fn preview(&self, params: PreviewParams) -> Result<PreviewResult> {
        self.preview_of(&params.text_document.uri)
    }

    fn preview_of(&self, uri: &Uri) -> Result<PreviewResult> {
        guard(|| self.unguarded_preview(uri))
            .unwrap_or_else(|message| Err(internal_error("preview", message)))
    }

    fn unguarded_preview(&self, uri: &Uri) -> Result<PreviewResult> {
        let state = self.state();
        let overlay = state.overlay();
        let preview = match state.documents.get(uri) {
            Some(open) => {
                fault_injection(&open.document);
                render::preview(&open.document, &overlay)
            }
            None => {
                let path = file_path(uri)
                    .ok_or_else(|| invalid_params(format!("{} is not a file", uri.as_str())))?;
                let text = DiskFiles.read(&path).ok_or_else(|| {
                    invalid_params(format!("{} is not open and cannot be read", uri.as_str()))
                })?;
                let document =
                    Document::new(detect(Some(&path), &text), &text).with_path(Some(path));
                render::preview(&document, &overlay)
            }
        };
        Ok(PreviewResult {
            format: preview.format.map(FormatId::as_str),
            title: preview.title,
            svg: preview.svg,
            text: preview.text,
        })
    }
}

fn invalid_params(message: String) -> tower_lsp_server::jsonrpc::Error {
    tower_lsp_server::jsonrpc::Error::invalid_params(message)
}

fn file_path(uri: &Uri) -> Option<PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let offered = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        let encoding = PositionEncoding::negotiate(offered);
        self.state().encoding = encoding;
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
                    commands: vec![PREVIEW_COMMAND.to_string()],
                    ..ExecuteCommandOptions::default()
                }),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: convert::semantic_legend(),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            range: Some(true),
                            ..SemanticTokensOptions::default()
                        },
                    ),
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

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        {
            let mut state = self.state();
            let path = file_path(&item.uri);
            let chosen = FormatId::from_id(&item.language_id);
            let format = chosen.or_else(|| detect(path.as_deref(), &item.text));
            let open = OpenDocument {
                document: Document::new(format, &item.text).with_path(path.clone()),
                version: item.version,
                path,
                chosen,
                exported: None,
            };
            state.documents.insert(item.uri.clone(), open);
            self.queue(&mut state, &item.uri);
        }
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        {
            let mut state = self.state();
            let encoding = state.encoding;
            let Some(open) = state.documents.get_mut(&uri) else {
                return; // a change to a document that is not open: nothing to apply it to
            };
            if version <= open.version {
                return; // stale or repeated: the text already moved past it
            }
            for change in params.content_changes {
                // Edits refer to the whole text, past the format's bound too.
                let text = open.document.whole_rope();
                let bytes = match change.range {
                    Some(range) => {
                        let start = convert::offset(text, range.start, encoding);
                        let end = convert::offset(text, range.end, encoding);
                        start.min(end)..end.max(start)
                    }
                    None => 0..text.len_bytes(),
                };
                open.document.edit(bytes, &change.text);
            }
            open.version = version;
            open.redetect();
            self.queue(&mut state, &uri);
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        let state = self.state();
        let Some(open) = state.documents.get(&at.text_document.uri) else {
            return Ok(None);
        };
        let text = open.document.rope();
        let offset = convert::offset(text, at.position, state.encoding);
        let overlay = state.overlay();
        let hover = guard(|| {
            fault_injection(&open.document);
            crate::ide::hover(&open.document, offset, &overlay)
        })
        .map_err(|message| internal_error("hover", message))?;
        Ok(hover.map(|hover| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: hover.markdown,
            }),
            range: Some(convert::range(text, hover.range, state.encoding)),
        }))
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let state = self.state();
        let Some(open) = state.documents.get(&params.text_document.uri) else {
            return Ok(None);
        };
        let text = open.document.rope();
        let symbols = guard(|| {
            fault_injection(&open.document);
            crate::ide::outline(&open.document)
        })
        .map_err(|message| internal_error("the outline", message))?;
        let symbols = symbols
            .iter()
            .map(|s| convert::symbol(text, s, state.encoding))
            .collect();
        Ok(Some(DocumentSymbolResponse::Nested(symbols)))
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let state = self.state();
        let Some(open) = state.documents.get(&params.text_document.uri) else {
            return Ok(None);
        };
        let highlights = guard(|| {
            fault_injection(&open.document);
            crate::ide::highlights(&open.document)
        })
        .map_err(|message| internal_error("highlighting", message))?;
        let data = convert::semantic_tokens(open.document.rope(), &highlights, state.encoding);
        Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
            result_id: None,
            data,
        })))
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let state = self.state();
        let Some(open) = state.documents.get(&params.text_document.uri) else {
            return Ok(None);
        };
        let text = open.document.rope();
        let start = convert::offset(text, params.range.start, state.encoding);
        let end = convert::offset(text, params.range.end, state.encoding).max(start);
        let highlights = guard(|| {
            fault_injection(&open.document);
            crate::ide::highlights_in(&open.document, start..end)
        })
        .map_err(|message| internal_error("highlighting", message))?;
        let data = convert::semantic_tokens(text, &highlights, state.encoding);
        Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
            result_id: None,
            data,
        })))
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        if params.command != PREVIEW_COMMAND {
            return Err(invalid_params(format!(
                "unknown command {}",
                params.command
            )));
        }
        let uri = params
            .arguments
            .first()
            .and_then(|a| a.as_str().or_else(|| a.get("uri").and_then(|u| u.as_str())))
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or_else(|| {
                invalid_params(format!(
                    "{PREVIEW_COMMAND} takes the document URI as its argument"
                ))
            })?;
        let preview = self.preview_of(&uri)?;
        serde_json::to_value(preview)
            .map(Some)
            .map_err(|e| invalid_params(e.to_string()))
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let mut state = self.state();
        if state.documents.remove(&uri).is_some() {
            self.queue(&mut state, &uri);
        }
    }
}
