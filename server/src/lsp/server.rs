//! The language server: open documents, edits applied in order, diagnostics published with the
//! version they belong to, and no file's work waiting for another's.
//!
//! tower-lsp-server runs notification handlers concurrently, so every text change is applied
//! synchronously, under the state lock, before the handler's first `.await`. Nothing else is
//! done under the lock: requests and checks take a snapshot there (the open documents behind
//! `Arc`s: taking one copies no text) and work on it on a blocking thread, so the async thread
//! keeps reading messages and applying edits whatever runs.
//!
//! Each document is checked by a task of its own, at most one at a time, on its newest text:
//! a large file's check holds up no other file's, edits arriving faster than they are checked
//! are coalesced (the latest version alone is published), and as that task alone publishes the
//! document's diagnostics, no older result can overtake a newer one or a close.
//!
//! A request answers from the snapshot it took when it arrived, even when the document is
//! edited while it runs (the LSP allows that: the client matches answers to versions); a
//! cancelled request is answered `RequestCancelled` at once, and its work stops at its next
//! step or its result is dropped.

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::convert::{self, PositionEncoding};
use crate::analysis::{self, analyze_with, catch_panic, fault_injection};
use crate::formats::{DiskFiles, DocumentCache, Files, FormatId, Loaded};
use crate::render;
use crate::syntax::{DETECTION_BYTES, Document, detect};

pub struct Backend {
    shared: Arc<Shared>,
    shut_down: Arc<AtomicBool>,
}

/// What the handlers and the checker tasks share.
struct Shared {
    client: Client,
    state: Mutex<State>,
    /// Wakes the readers' task: a check finished or an edit came.
    activity: tokio::sync::Notify,
    /// Wakes whoever waits for the checks to be done (`shutdown`): a check task ended.
    settled: tokio::sync::Notify,
}

struct State {
    encoding: PositionEncoding,
    documents: HashMap<Uri, OpenDocument>,
    /// Documents waiting to be checked (or, once closed, cleared), and how.
    due: HashMap<Uri, Due>,
    /// Documents whose check task is running.
    checking: HashSet<Uri>,
    /// Checked documents whose readers (the files whose findings read them) are to be checked
    /// once edits pause, each once.
    readers: VecDeque<Uri>,
    /// Files that are not open, parsed: what the open ones read of their variant.
    cache: Arc<DocumentCache>,
    /// Numbers the openings of documents: a check's result is published only while the
    /// document it checked is still open as the same opening.
    openings: u64,
}

/// How a document waiting to be checked is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Due {
    /// As the editor holds it; its diagnostics are cleared once it is closed.
    Own,
    /// A file that reads an edited one: as the editor holds it when open, else from the disk.
    Reader,
}

/// An open document. Cloning one is cheap: the document sits behind an `Arc`, and an edit
/// copies it (a rope and a tree copy in O(1)) only while a snapshot still reads it.
#[derive(Clone)]
struct OpenDocument {
    document: Arc<Document>,
    version: i32,
    path: Option<PathBuf>,
    /// The format the client chose by language id; detection is skipped then.
    chosen: Option<FormatId>,
    /// What other files read of this one ([`crate::formats::Format::exported`]) when they were
    /// last checked: while it stays the same, a keystroke here checks this file alone.
    exported: Option<u64>,
    opening: u64,
}

impl OpenDocument {
    /// Detects the format again (it can change while a new file is typed).
    fn redetect(&mut self) {
        if self.chosen.is_some() {
            return;
        }
        let len = self.document.rope().len_bytes();
        // What detection reads of a text, and not a byte more copied on each keystroke.
        let prefix = self.document.slice(0..len.min(DETECTION_BYTES));
        let format = detect(self.path.as_deref(), &prefix);
        if self.document.format() != format {
            Arc::make_mut(&mut self.document).set_format(format);
        }
    }
}

/// What requests and checks read: the open documents as they were when it was taken.
struct Snapshot {
    encoding: PositionEncoding,
    documents: HashMap<Uri, OpenDocument>,
    cache: Arc<DocumentCache>,
}

impl State {
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            encoding: self.encoding,
            documents: self.documents.clone(),
            cache: self.cache.clone(),
        }
    }
}

/// The editor's open documents over the disk: what other files' checks read.
struct Overlay<'a> {
    documents: &'a HashMap<Uri, OpenDocument>,
    cache: &'a DocumentCache,
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

impl Snapshot {
    fn overlay(&self) -> Overlay<'_> {
        Overlay {
            documents: &self.documents,
            cache: &self.cache,
        }
    }

    /// The diagnostics of a document; `version`, that of an open one, goes into the `data` of
    /// each fixable diagnostic, so a code action can tell a stale diagnostic.
    fn diagnostics(&self, document: &Document, version: Option<i32>) -> Vec<Diagnostic> {
        // The whole text: a line too long or a NUL past the format's bound is found there too.
        let text = document.whole_rope();
        let findings = catch_panic(|| {
            test_hooks(document, &Cancel::default());
            analyze_with(document, &self.overlay())
        });
        match findings {
            Ok(findings) => findings
                .iter()
                .map(|f| convert::fixable_diagnostic(text, f, self.encoding, version))
                .collect(),
            Err(message) => {
                eprintln!("retroboard: internal error while checking a document: {message}");
                vec![convert::diagnostic(
                    text,
                    &analysis::internal_error(&message),
                    self.encoding,
                )]
            }
        }
    }

    /// The diagnostics of a file that is not open, read from the disk.
    fn disk_diagnostics(&self, path: &Path) -> Option<Vec<Diagnostic>> {
        let text = DiskFiles.read(path)?;
        let format = detect(Some(path), &text)?;
        let document = self.cache.document(path, format, text);
        Some(self.diagnostics(&document, None))
    }

    /// What the files reading `uri` read of it now, and, when that changed since they were
    /// last checked, which files they are.
    fn readers(&self, uri: &Uri) -> Option<(Option<u64>, Vec<PathBuf>)> {
        let open = self.documents.get(uri)?;
        let spec = open.document.format()?.spec();
        let exported = catch_panic(|| spec.exported(&open.document)).unwrap_or(None);
        if exported.is_none() || exported == open.exported {
            return None;
        }
        let readers =
            catch_panic(|| spec.dependents(&open.document, &self.overlay())).unwrap_or_default();
        Some((exported, readers))
    }
}

/// A document's check, as its task does it off the async thread.
enum Check {
    /// An open document, at a version, in one of its openings; `own`: checked for its own
    /// sake (an edit), not as a reader of another file.
    Open {
        snapshot: Snapshot,
        uri: Uri,
        version: i32,
        opening: u64,
        own: bool,
    },
    /// A file that is not open but reads an edited one.
    Disk(Snapshot, PathBuf),
    /// A closed document: its diagnostics are cleared.
    Clear,
}

impl Backend {
    /// A backend and its readers' task (started on the current tokio runtime).
    pub fn new(client: Client, shut_down: Arc<AtomicBool>) -> Backend {
        let shared = Arc::new(Shared {
            client,
            state: Mutex::new(State {
                encoding: PositionEncoding::Utf16,
                documents: HashMap::new(),
                due: HashMap::new(),
                checking: HashSet::new(),
                readers: VecDeque::new(),
                cache: Arc::default(),
                openings: 0,
            }),
            activity: tokio::sync::Notify::new(),
            settled: tokio::sync::Notify::new(),
        });
        tokio::spawn(check_readers(shared.clone()));
        Backend { shared, shut_down }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state()
    }
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while the lock was held leaves the documents as the last edit made them.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues a document to be checked, starting its check task unless it runs: the task
    /// checks the newest text once its current check is published.
    fn queue(self: &Arc<Self>, state: &mut State, uri: &Uri, due: Due) {
        let entry = state.due.entry(uri.clone()).or_insert(due);
        if due == Due::Own {
            *entry = Due::Own;
        }
        if state.checking.insert(uri.clone()) {
            tokio::spawn(check_document(self.clone(), uri.clone()));
        }
        self.activity.notify_one();
    }
}

/// How long `shutdown` waits for the checks still running or due.
const SHUTDOWN_CHECKS_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl Shared {
    /// Returns once no check task runs (each ends when its document is no longer due).
    async fn checks_done(&self) {
        loop {
            let settled = self.settled.notified();
            tokio::pin!(settled);
            // Registered before looking, so an end between the look and the wait is not missed.
            settled.as_mut().enable();
            if self.state().checking.is_empty() {
                return;
            }
            settled.await;
        }
    }
}

/// A document's check task: while the document is due, checks it (off the async thread) and
/// publishes its diagnostics; a document closed since it was checked gets its diagnostics
/// cleared instead.
async fn check_document(shared: Arc<Shared>, uri: Uri) {
    loop {
        let check = {
            let mut state = shared.state();
            let Some(due) = state.due.remove(&uri) else {
                state.checking.remove(&uri);
                shared.settled.notify_waiters();
                return;
            };
            match (state.documents.get(&uri), due) {
                (Some(open), due) => Check::Open {
                    snapshot: state.snapshot(),
                    uri: uri.clone(),
                    version: open.version,
                    opening: open.opening,
                    own: due == Due::Own,
                },
                (None, Due::Own) => Check::Clear,
                (None, Due::Reader) => match file_path(&uri) {
                    Some(path) => Check::Disk(state.snapshot(), path),
                    None => continue,
                },
            }
        };
        let (opening, own) = match &check {
            Check::Open { opening, own, .. } => (Some(*opening), *own),
            _ => (None, false),
        };
        let checked = tokio::task::spawn_blocking(move || match check {
            Check::Open {
                snapshot,
                uri,
                version,
                ..
            } => {
                let open = snapshot.documents.get(&uri)?;
                Some((
                    snapshot.diagnostics(&open.document, Some(version)),
                    Some(version),
                ))
            }
            Check::Disk(snapshot, path) => Some((snapshot.disk_diagnostics(&path)?, None)),
            Check::Clear => Some((Vec::new(), None)),
        })
        .await;
        let Ok(Some((diagnostics, version))) = checked else {
            continue;
        };
        {
            let mut state = shared.state();
            // Published only for the opening it was made for (a close or a reopen since has
            // queued the document again), and a clear or a disk check only while not open.
            let current = state.documents.get(&uri).map(|open| open.opening);
            if current != opening {
                continue;
            }
            if own && !state.readers.contains(&uri) {
                state.readers.push_back(uri.clone());
            }
        }
        shared
            .client
            .publish_diagnostics(uri.clone(), diagnostics, version)
            .await;
        shared.activity.notify_one();
    }
}

/// How long edits must pause before the files that read an edited one are checked again: a
/// keystroke answers with its own file's diagnostics first, and the other files' checks do not
/// hold up the next keystroke.
const READERS_DELAY: std::time::Duration = std::time::Duration::from_millis(50);

/// The readers' task: once edits pause, queues the files that read each checked document,
/// when what they read of it changed.
async fn check_readers(shared: Arc<Shared>) {
    loop {
        let readers_waiting = !shared.state().readers.is_empty();
        if !readers_waiting {
            shared.activity.notified().await;
            continue;
        }
        if tokio::time::timeout(READERS_DELAY, shared.activity.notified())
            .await
            .is_ok()
        {
            continue;
        }
        // Edits paused: the files that read the edited ones, against their text as it is now.
        loop {
            let (uri, snapshot) = {
                let mut state = shared.state();
                let Some(uri) = state.readers.pop_front() else {
                    break;
                };
                (uri, state.snapshot())
            };
            let opening = snapshot.documents.get(&uri).map(|open| open.opening);
            let found = tokio::task::spawn_blocking({
                let uri = uri.clone();
                move || snapshot.readers(&uri)
            })
            .await;
            let Ok(Some((exported, readers))) = found else {
                continue;
            };
            let mut state = shared.state();
            match state.documents.get_mut(&uri) {
                Some(open) if Some(open.opening) == opening => open.exported = exported,
                _ => continue,
            }
            for path in readers {
                let uri = match open_at(&state.documents, &path) {
                    Some((uri, _)) => uri.clone(),
                    None => match Uri::from_file_path(&path) {
                        Some(uri) => uri,
                        None => continue,
                    },
                };
                shared.queue(&mut state, &uri, Due::Reader);
            }
        }
    }
}

/// Set once the request that started some work is cancelled (or answered): the work stops at
/// its next step.
#[derive(Clone, Default)]
struct Cancel(Arc<AtomicBool>);

impl Cancel {
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(RequestCancelled)` once set: `?` after each step of a request's work.
    fn check(&self) -> Result<()> {
        if self.is_set() {
            Err(tower_lsp_server::jsonrpc::Error::request_cancelled())
        } else {
            Ok(())
        }
    }
}

/// Sets its flag when dropped: tower-lsp-server drops a request's handler future when the
/// request is cancelled (and answers `RequestCancelled` itself).
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.0.store(true, Ordering::Relaxed);
    }
}

impl Backend {
    /// Runs a request's `work` on a snapshot taken now, on a blocking thread, so that no
    /// request holds up the messages after it; a panic in it is answered as an internal error.
    async fn on_snapshot<T: Send + 'static>(
        &self,
        what: &'static str,
        work: impl FnOnce(&Snapshot, &Cancel) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let snapshot = self.state().snapshot();
        let cancel = Cancel::default();
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let task = tokio::task::spawn_blocking(move || {
            cancel.check()?;
            catch_panic(|| work(&snapshot, &cancel))
                .unwrap_or_else(|message| Err(internal_error(what, message)))
        });
        task.await
            .unwrap_or_else(|err| Err(internal_error(what, err.to_string())))
    }
}

/// Test builds only: the fault injection of [`fault_injection`] and the delay of
/// [`test_delay`], before a request's or a check's work on `document`.
fn test_hooks(document: &Document, cancel: &Cancel) {
    // The document's text is copied for the search, so only where the hook can fire.
    #[cfg(debug_assertions)]
    fault_injection(&document.text());
    test_delay(document, &|| cancel.is_set());
}

/// Test builds only: with `RETROBOARD_TEST_DELAY` set to `MARKER:MS`, work on a document that
/// holds `MARKER` first sleeps `MS` milliseconds (stopping early once `cancelled`), so tests can
/// hold a request or a check in flight however fast the real work becomes.
fn test_delay(document: &Document, cancelled: &dyn Fn() -> bool) {
    #[cfg(debug_assertions)]
    if let Some(setting) = std::env::var_os("RETROBOARD_TEST_DELAY") {
        let setting = setting.to_string_lossy();
        let Some((marker, ms)) = setting.rsplit_once(':') else {
            return;
        };
        let Ok(ms) = ms.parse::<u64>() else {
            return;
        };
        if marker.is_empty() || !document.text().contains(marker) {
            return;
        }
        let until = std::time::Instant::now() + std::time::Duration::from_millis(ms);
        while std::time::Instant::now() < until && !cancelled() {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = (document, cancelled);
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
        let uri = params.text_document.uri;
        self.on_snapshot("preview", move |snapshot, cancel| {
            preview_of(snapshot, cancel, &uri)
        })
        .await
    }
}

fn preview_of(snapshot: &Snapshot, cancel: &Cancel, uri: &Uri) -> Result<PreviewResult> {
    let overlay = snapshot.overlay();
    let preview = match snapshot.documents.get(uri) {
        Some(open) => {
            test_hooks(&open.document, cancel);
            cancel.check()?;
            render::preview(&open.document, &overlay)
        }
        None => {
            let path = file_path(uri)
                .ok_or_else(|| invalid_params(format!("{} is not a file", uri.as_str())))?;
            let text = DiskFiles.read(&path).ok_or_else(|| {
                invalid_params(format!("{} is not open and cannot be read", uri.as_str()))
            })?;
            let document = Document::new(detect(Some(&path), &text), &text).with_path(Some(path));
            cancel.check()?;
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

/// The kind of the action applying every preferred fix of a file.
const FIX_ALL_KIND: &str = "source.fixAll.retroboard";

/// The quick fixes of the findings the request's range touches (an empty range at the cursor
/// touches a finding it stands at or next to), one action per fix, and the file's fix-all
/// (when asked for by kind, or beside quick fixes when no kind is named).
///
/// Stale requests are refused: a diagnostic of ours in the request's context whose `data`
/// names another version than the document's was made for another text, and its range may
/// now cover anything, so the request gets no action at all; the client asks again once the
/// new diagnostics arrive. Otherwise the fixes come from the findings of the current text.
fn code_actions(
    snapshot: &Snapshot,
    cancel: &Cancel,
    params: &CodeActionParams,
) -> Result<Option<CodeActionResponse>> {
    let uri = &params.text_document.uri;
    let Some(open) = snapshot.documents.get(uri) else {
        return Ok(None);
    };
    let stale = params.context.diagnostics.iter().any(|d| {
        d.source.as_deref() == Some("retroboard")
            && convert::diagnostic_version(d).is_some_and(|v| v != open.version)
    });
    if stale {
        return Ok(Some(Vec::new()));
    }
    let only = params.context.only.as_ref();
    let asked = |kind: &str| {
        only.is_some_and(|only| {
            only.iter()
                .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str())))
        })
    };
    test_hooks(&open.document, cancel);
    let findings = analyze_with(&open.document, &snapshot.overlay());
    cancel.check()?;
    let text = open.document.whole_rope();
    let encoding = snapshot.encoding;
    let start = convert::offset(text, params.range.start, encoding);
    let end = convert::offset(text, params.range.end, encoding).max(start);
    let edit = |edits: &[crate::findings::TextEdit]| {
        convert::workspace_edit(text, uri, open.version, edits, encoding)
    };
    let mut actions = Vec::new();
    if only.is_none() || asked(CodeActionKind::QUICKFIX.as_str()) {
        let touched = findings
            .iter()
            .filter(|f| f.range.start <= end && start <= f.range.end);
        for finding in touched {
            let diagnostic =
                convert::fixable_diagnostic(text, finding, encoding, Some(open.version));
            for fix in &finding.fixes {
                let Some(edit) = edit(&fix.edits) else {
                    continue;
                };
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: fix.title.clone(),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(edit),
                    is_preferred: fix.preferred.then_some(true),
                    ..CodeAction::default()
                }));
            }
        }
    }
    if asked(FIX_ALL_KIND) || (only.is_none() && !actions.is_empty()) {
        let edits = crate::findings::preferred_edits(text, &findings);
        if let Some(edit) = edit(&edits).filter(|_| !edits.is_empty()) {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Fix all safe Retroboard problems in this file".to_string(),
                kind: Some(CodeActionKind::from(FIX_ALL_KIND)),
                edit: Some(edit),
                ..CodeAction::default()
            }));
        }
    }
    Ok(Some(actions))
}

/// The edits formatting an open document (the lines `range` touches, when given), columns in
/// the negotiated encoding; none for a document that is not open.
fn format_edits(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    range: Option<Range>,
) -> Result<Option<Vec<TextEdit>>> {
    let Some(open) = snapshot.documents.get(uri) else {
        return Ok(None);
    };
    test_hooks(&open.document, cancel);
    cancel.check()?;
    let text = open.document.whole_rope();
    let edits = match range {
        None => crate::formatting::format(&open.document),
        Some(range) => {
            let start = convert::offset(text, range.start, snapshot.encoding);
            let end = convert::offset(text, range.end, snapshot.encoding).max(start);
            crate::formatting::format_range(&open.document, start..end)
        }
    };
    cancel.check()?;
    Ok(Some(convert::text_edits(text, &edits, snapshot.encoding)))
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
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::from(FIX_ALL_KIND),
                        ]),
                        ..CodeActionOptions::default()
                    },
                )),
                document_symbol_provider: Some(OneOf::Left(true)),
                document_formatting_provider: Some(OneOf::Left(true)),
                document_range_formatting_provider: Some(OneOf::Left(true)),
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
        // Every open and change before the shutdown gets its diagnostics before the answer,
        // so a client that exits right after it has them all (within a bound: a check never
        // holds the shutdown for long).
        let _ = tokio::time::timeout(SHUTDOWN_CHECKS_WAIT, self.shared.checks_done()).await;
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let path = file_path(&item.uri);
        let chosen = FormatId::from_id(&item.language_id);
        let format = chosen.or_else(|| detect(path.as_deref(), &item.text));
        let document = Document::new(format, &item.text).with_path(path.clone());
        let mut state = self.state();
        state.openings += 1;
        let open = OpenDocument {
            document: Arc::new(document),
            version: item.version,
            path,
            chosen,
            exported: None,
            opening: state.openings,
        };
        state.documents.insert(item.uri.clone(), open);
        self.shared.queue(&mut state, &item.uri, Due::Own);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let mut state = self.state();
        let encoding = state.encoding;
        let Some(open) = state.documents.get_mut(&uri) else {
            return; // a change to a document that is not open: nothing to apply it to
        };
        if version <= open.version {
            return; // stale or repeated: the text already moved past it
        }
        // A snapshot still reading the document keeps its text; the edit goes to a copy.
        let document = Arc::make_mut(&mut open.document);
        for change in params.content_changes {
            // Edits refer to the whole text, past the format's bound too.
            let text = document.whole_rope();
            let bytes = match change.range {
                Some(range) => {
                    let start = convert::offset(text, range.start, encoding);
                    let end = convert::offset(text, range.end, encoding);
                    start.min(end)..end.max(start)
                }
                None => 0..text.len_bytes(),
            };
            document.edit(bytes, &change.text);
        }
        open.version = version;
        open.redetect();
        self.shared.queue(&mut state, &uri, Due::Own);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        self.on_snapshot("hover", move |snapshot, cancel| {
            let Some(open) = snapshot.documents.get(&at.text_document.uri) else {
                return Ok(None);
            };
            let text = open.document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            test_hooks(&open.document, cancel);
            cancel.check()?;
            let hover = crate::ide::hover(&open.document, offset, &snapshot.overlay());
            Ok(hover.map(|hover| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: hover.markdown,
                }),
                range: Some(convert::range(text, hover.range, snapshot.encoding)),
            }))
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        self.on_snapshot("code actions", move |snapshot, cancel| {
            code_actions(snapshot, cancel, &params)
        })
        .await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let uri = params.text_document.uri;
        self.on_snapshot("formatting", move |snapshot, cancel| {
            format_edits(snapshot, cancel, &uri, None)
        })
        .await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        let uri = params.text_document.uri;
        let range = params.range;
        self.on_snapshot("formatting", move |snapshot, cancel| {
            format_edits(snapshot, cancel, &uri, Some(range))
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        self.on_snapshot("the outline", move |snapshot, cancel| {
            let Some(open) = snapshot.documents.get(&uri) else {
                return Ok(None);
            };
            test_hooks(&open.document, cancel);
            cancel.check()?;
            let symbols = crate::ide::outline(&open.document);
            cancel.check()?;
            let text = open.document.rope();
            let symbols = symbols
                .iter()
                .map(|s| convert::symbol(text, s, snapshot.encoding))
                .collect();
            Ok(Some(DocumentSymbolResponse::Nested(symbols)))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        self.on_snapshot("highlighting", move |snapshot, cancel| {
            let Some(open) = snapshot.documents.get(&uri) else {
                return Ok(None);
            };
            test_hooks(&open.document, cancel);
            cancel.check()?;
            let highlights = crate::ide::highlights(&open.document);
            cancel.check()?;
            let data =
                convert::semantic_tokens(open.document.rope(), &highlights, snapshot.encoding);
            Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let uri = params.text_document.uri;
        let range = params.range;
        self.on_snapshot("highlighting", move |snapshot, cancel| {
            let Some(open) = snapshot.documents.get(&uri) else {
                return Ok(None);
            };
            let text = open.document.rope();
            let start = convert::offset(text, range.start, snapshot.encoding);
            let end = convert::offset(text, range.end, snapshot.encoding).max(start);
            test_hooks(&open.document, cancel);
            cancel.check()?;
            let highlights = crate::ide::highlights_in(&open.document, start..end);
            cancel.check()?;
            let data = convert::semantic_tokens(text, &highlights, snapshot.encoding);
            Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
        .await
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
        let preview = self
            .on_snapshot("preview", move |snapshot, cancel| {
                preview_of(snapshot, cancel, &uri)
            })
            .await?;
        serde_json::to_value(preview)
            .map(Some)
            .map_err(|e| invalid_params(e.to_string()))
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let mut state = self.state();
        if state.documents.remove(&uri).is_some() {
            self.shared.queue(&mut state, &uri, Due::Own);
        }
    }
}
