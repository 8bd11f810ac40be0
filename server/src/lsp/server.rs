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

use tower_lsp_server::LanguageServer;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use super::convert::{self, PositionEncoding};
use super::quiet::Quiet;
use super::transport::Notifier;
use crate::analysis::{self, analyze_with, catch_panic};
use crate::formats::editor::{ByPath, DiskCache, EditorFiles, OpenDocuments, RequestCache};
use crate::formats::{DiskFiles, Files};
use crate::registry::FormatId;
use crate::registry::{DETECTION_BYTES, detect};
use crate::render;
use crate::settings::Discovery;
use crate::syntax::Document;

mod ide;

pub struct Backend {
    shared: Arc<Shared>,
    shut_down: Arc<AtomicBool>,
    /// Requests to the client (`window/showDocument`, the registration of watched files),
    /// sent from a task of their own: no handler awaits the client.
    client: tower_lsp_server::Client,
}

/// What the handlers and the checker tasks share.
struct Shared {
    /// Diagnostics go to the client this way, serialised where they are made: never behind
    /// tower-lsp-server's answers, nor its one task turning them into JSON.
    notifier: Notifier,
    state: Mutex<State>,
    /// Wakes the readers' task: a check finished or an edit came.
    activity: tokio::sync::Notify,
    /// Wakes whoever waits for the checks to be done (`shutdown`): a check task ended.
    settled: tokio::sync::Notify,
    /// The slow work (a peg board's search, a step of the whole-workspace check) runs on one
    /// thread at a time: a search takes a core and tens of MB while it runs, and a folder of peg
    /// boards opened at once must not take them all, nor the workspace check another core.
    slow_work: tokio::sync::Semaphore,
    /// Numbers the whole-workspace checks: a check stops once a newer one started.
    workspace_checks: std::sync::atomic::AtomicU64,
    /// Gathers the reports of files changed on the disk into one whole-workspace check.
    watched: Arc<Quiet>,
    /// Numbers the moments the checks settled: the trees nobody edits go once they stay settled.
    settlings: std::sync::atomic::AtomicU64,
}

struct State {
    encoding: PositionEncoding,
    /// What the client said about rename edits and inlay hints.
    client: ide::ClientOptions,
    documents: HashMap<Uri, OpenDocument>,
    /// Documents waiting to be checked (or, once closed, cleared), and how.
    due: HashMap<Uri, Due>,
    /// Documents whose check task is running.
    checking: HashSet<Uri>,
    /// Checked documents whose readers (the files whose findings read them) are to be checked
    /// once edits pause, each once.
    readers: VecDeque<Uri>,
    /// Files that are not open, as read and parsed: what the open ones read of their variant,
    /// kept while the disk says they are the same.
    cache: Arc<DiskCache>,
    /// The project settings (retroboard.toml) of each file.
    settings: Arc<Discovery>,
    /// Settings files whose problem was published, with its message.
    settings_problems: HashMap<PathBuf, String>,
    /// The workspace's folders, where workspace symbols are looked for.
    roots: Vec<PathBuf>,
    /// Numbers the openings of documents: a check's result is published only while the
    /// document it checked is still open as the same opening.
    openings: u64,
    /// The slow search running for a document (see [`check_document`]): set to cancel it.
    searches: HashMap<Uri, Arc<Stop>>,
    /// `shutdown` came: no slow search starts, and those running are cancelled.
    shutting_down: bool,
    /// Files not open whose last published diagnostics were not empty, with a hash of that
    /// notification (a workspace check publishes only what changed) and whether they are the
    /// workspace's files (cleared once a workspace check no longer reads them).
    published: HashMap<PathBuf, (u64, bool)>,
    /// The client registers file watchers when asked (`workspace/didChangeWatchedFiles`).
    watch_dynamic: bool,
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
    /// The findings of its last check and the version checked: what its diagnostics say, and
    /// what its preview marks when drawn from that version (not worked out again).
    findings: Option<(i32, Arc<Vec<crate::findings::Finding>>)>,
    /// When the editor last changed it (`None`: not since it was opened).
    edited: Option<std::time::Instant>,
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

    /// Lets go of the document's tree (see [`Document::drop_tree`]); the document as it was,
    /// with its tree, when no snapshot holds it any more, to be dropped by the caller (outside
    /// the state's lock).
    fn drop_tree(&mut self) -> Option<Arc<Document>> {
        if !self.document.is_parsed() {
            return None;
        }
        let mut document = (*self.document).clone();
        document.drop_tree();
        Some(std::mem::replace(&mut self.document, Arc::new(document)))
    }
}

/// How long an edited document keeps its tree once the checks are quiet: the files a modder
/// goes back and forth between stay parsed, and each keystroke's reparse incremental.
const EDITED_KEEPS_TREE: std::time::Duration = std::time::Duration::from_secs(60);

/// Whether an open document keeps its tree when the checks are quiet (at `now`): when it was
/// edited within [`EDITED_KEEPS_TREE`], or last of all the documents (`latest`, the time of
/// the newest edit). Every other tree is parsed again when asked for.
fn keeps_tree(
    edited: Option<std::time::Instant>,
    latest: Option<std::time::Instant>,
    now: std::time::Instant,
) -> bool {
    edited.is_some_and(|at| {
        now.saturating_duration_since(at) < EDITED_KEEPS_TREE || Some(at) == latest
    })
}

/// Drops the trees of the open documents that do not keep theirs (see [`keeps_tree`]): a tree
/// takes 25 bytes for each byte of a Colossus file, 8 MB with the whole corpus open. What a
/// check or a request reads is parsed again when asked for, from scratch (about 0.1 ms per
/// KB); the views derived from the text stay. Returns the documents as they were, to be
/// dropped outside the state's lock.
fn drop_trees(state: &mut State, now: std::time::Instant) -> Vec<Arc<Document>> {
    let latest = state
        .documents
        .values()
        .filter_map(|open| open.edited)
        .max();
    state
        .documents
        .values_mut()
        .filter(|open| !keeps_tree(open.edited, latest, now))
        .filter_map(OpenDocument::drop_tree)
        .collect()
}

/// What requests and checks read: the open documents as they were when it was taken.
struct Snapshot {
    encoding: PositionEncoding,
    client: ide::ClientOptions,
    roots: Vec<PathBuf>,
    settings: Arc<Discovery>,
    documents: HashMap<Uri, OpenDocument>,
    cache: Arc<DiskCache>,
    /// What this request or check has seen of the disk and worked out from the files.
    request: RequestCache,
    /// The open documents by path, once asked for.
    by_path: std::sync::OnceLock<ByPath<Uri>>,
}

impl State {
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            encoding: self.encoding,
            client: self.client,
            roots: self.roots.clone(),
            settings: self.settings.clone(),
            documents: self.documents.clone(),
            cache: self.cache.clone(),
            request: RequestCache::default(),
            by_path: std::sync::OnceLock::new(),
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

/// The snapshot's open documents, by path: what other files' checks read before the disk.
impl OpenDocuments for Snapshot {
    fn open(&self, path: &Path) -> Option<&Document> {
        let by_path = self.by_path.get_or_init(|| {
            self.documents
                .iter()
                .filter_map(|(uri, open)| {
                    Some((open.path.as_ref()?.as_os_str().to_owned(), uri.clone()))
                })
                .collect()
        });
        let uri = by_path.get(path.as_os_str())?;
        self.documents.get(uri).map(|open| &*open.document)
    }
}

impl Snapshot {
    /// The files as this snapshot reads them: its open documents over the disk.
    fn overlay(&self) -> EditorFiles<'_> {
        EditorFiles::new(self, &self.cache, &self.request)
    }

    /// The diagnostics of a document; `version`, that of an open one, goes into the `data` of
    /// each fixable diagnostic, so a code action can tell a stale diagnostic.
    fn diagnostics(&self, document: &Document, version: Option<i32>) -> Vec<Diagnostic> {
        self.checked(document, version).0
    }

    /// The diagnostics of a document, and its findings (`None` when the check failed).
    fn checked(
        &self,
        document: &Document,
        version: Option<i32>,
    ) -> (Vec<Diagnostic>, Option<Vec<crate::findings::Finding>>) {
        let findings = catch_panic(|| {
            test_hooks(document, &Cancel::default());
            analyze_with(document, &self.overlay())
        });
        match findings {
            Ok(findings) => (
                self.convert(document, &findings, version, false),
                Some(findings),
            ),
            Err(message) => {
                eprintln!("retroboard: internal error while checking a document: {message}");
                // The whole text: a line too long or a NUL past the format's bound is found
                // there too.
                let text = document.whole_rope();
                let diagnostic =
                    convert::diagnostic(text, &analysis::internal_error(&message), self.encoding);
                (vec![diagnostic], None)
            }
        }
    }

    /// See [`Conversion::convert`].
    fn convert(
        &self,
        document: &Document,
        findings: &[crate::findings::Finding],
        version: Option<i32>,
        slow: bool,
    ) -> Vec<Diagnostic> {
        self.conversion().convert(document, findings, version, slow)
    }

    /// What turning findings into diagnostics reads of the snapshot.
    fn conversion(&self) -> Conversion {
        Conversion {
            encoding: self.encoding,
            settings: self.settings.clone(),
        }
    }

    /// The settings file that governs `path`, its findings' messages and its diagnostics (none
    /// when it reads well and every `[[suppress]]` entry was used).
    fn settings_problem(&self, path: &Path) -> Option<SettingsProblem> {
        let settings = self.settings.for_file(path)?;
        let mut findings = settings.findings();
        settings.apply(&settings.path, &mut findings);
        let diagnostics = if findings.is_empty() {
            Vec::new()
        } else {
            let text = self
                .overlay()
                .read(&settings.path)
                .map(|t| t.to_string())
                .unwrap_or_default();
            let rope = ropey::Rope::from_str(&text);
            findings
                .iter()
                .map(|f| convert::diagnostic(&rope, f, self.encoding))
                .collect()
        };
        let message = (!findings.is_empty()).then(|| {
            findings
                .iter()
                .map(|f| format!("{:?} {}", f.range, f.message))
                .collect::<Vec<_>>()
                .join("\n")
        });
        Some(SettingsProblem {
            file: settings.path.clone(),
            message,
            diagnostics,
        })
    }

    /// Targets as LSP locations, each range placed in its file as the editor holds it (or as
    /// it is on the disk).
    fn locations(&self, targets: &[crate::answers::Target]) -> Vec<Location> {
        let overlay = self.overlay();
        targets
            .iter()
            .filter_map(|target| {
                let uri = Uri::from_file_path(&target.path)?;
                let range = match target.format {
                    Some(format) if !target.range.is_empty() => {
                        let doc = overlay.document(&target.path, format)?;
                        convert::range(doc.rope(), target.range.clone(), self.encoding)
                    }
                    _ => Range::default(),
                };
                Some(Location { uri, range })
            })
            .collect()
    }

    /// The diagnostics of a file that is not open, read from the disk.
    fn disk_diagnostics(&self, path: &Path) -> Option<Vec<Diagnostic>> {
        let text = self.overlay().read_disk(path)?;
        let chosen = self
            .settings
            .for_file(path)
            .and_then(|s| s.format_for(path));
        let format = chosen.or_else(|| detect(Some(path), &text))?;
        let document = self.cache.document(path, format, text);
        Some(self.diagnostics(&document, None))
    }

    /// What the files reading `uri` read of it now, and, when that changed since they were
    /// last checked, which files they are.
    fn readers(&self, uri: &Uri) -> Option<(Option<u64>, Vec<PathBuf>)> {
        let open = self.documents.get(uri)?;
        let spec = crate::formats::spec(open.document.format()?);
        let exported = catch_panic(|| spec.exported(&open.document)).unwrap_or(None);
        if exported.is_none() || exported == open.exported {
            return None;
        }
        let readers =
            catch_panic(|| spec.dependents(&open.document, &self.overlay())).unwrap_or_default();
        Some((exported, readers))
    }
}

/// What turning findings into diagnostics reads of a [`Snapshot`]: all that a slow search keeps
/// of it while it waits for its turn and runs (a snapshot holds a copy of the table of open
/// documents, and a folder of peg boards opened at once has a search waiting for each).
struct Conversion {
    encoding: PositionEncoding,
    settings: Arc<Discovery>,
}

impl Conversion {
    /// Findings as diagnostics, as the document's settings (retroboard.toml) have them: its
    /// `[[suppress]]` entries silence some (noting which were used; with `slow`, the slow
    /// findings of a check whose others were converted before) and its rules set severities.
    fn convert(
        &self,
        document: &Document,
        findings: &[crate::findings::Finding],
        version: Option<i32>,
        slow: bool,
    ) -> Vec<Diagnostic> {
        let text = document.whole_rope();
        let settings = document.path().and_then(|p| self.settings.for_file(p));
        let adjusted;
        let findings = match (&settings, document.path()) {
            (Some(settings), Some(path)) => {
                let mut kept = findings.to_vec();
                crate::suppressions::apply_settings_noting(
                    document, settings, path, &mut kept, slow,
                );
                settings.apply(path, &mut kept);
                adjusted = kept;
                &adjusted[..]
            }
            _ => findings,
        };
        findings
            .iter()
            .map(|f| convert::fixable_diagnostic(text, f, self.encoding, version))
            .collect()
    }
}

/// What a check found of the settings file that governs its document.
struct SettingsProblem {
    file: PathBuf,
    message: Option<String>,
    diagnostics: Vec<Diagnostic>,
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
    /// A closed document that may be a file of the workspace: its diagnostics become those of
    /// the file on the disk when the workspace check reads it, else they are cleared.
    Closed(Snapshot, PathBuf),
}

impl Backend {
    /// A backend and its readers' task (started on the current tokio runtime).
    pub fn new(
        client: tower_lsp_server::Client,
        notifier: Notifier,
        shut_down: Arc<AtomicBool>,
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
                settings: Arc::default(),
                settings_problems: HashMap::new(),
                roots: Vec::new(),
                openings: 0,
                searches: HashMap::new(),
                shutting_down: false,
                published: HashMap::new(),
                watch_dynamic: false,
            }),
            activity: tokio::sync::Notify::new(),
            settled: tokio::sync::Notify::new(),
            slow_work: tokio::sync::Semaphore::new(1),
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
            // An edit or a close: the search on the text before it is of no use any more.
            if let Some(search) = state.searches.get(uri) {
                search.set();
            }
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

/// How long the checks stay settled before the trees nobody edits go.
const QUIET_BEFORE_TRIM: std::time::Duration = std::time::Duration::from_secs(2);

/// Drops the trees of the documents nobody edits (see [`drop_trees`]) once no check has run
/// for [`QUIET_BEFORE_TRIM`].
fn drop_trees_when_quiet(shared: &Arc<Shared>) {
    use std::sync::atomic::Ordering;
    let settling = shared.settlings.fetch_add(1, Ordering::SeqCst) + 1;
    let shared = shared.clone();
    tokio::spawn(async move {
        tokio::time::sleep(QUIET_BEFORE_TRIM).await;
        let quiet = shared.settlings.load(Ordering::SeqCst) == settling
            && shared.state().checking.is_empty();
        if quiet {
            let dropped = drop_trees(&mut shared.state(), std::time::Instant::now());
            let _ = tokio::task::spawn_blocking(move || drop(dropped)).await;
        }
    });
}

/// A document's check task: while the document is due, checks it (off the async thread) and
/// publishes its diagnostics; a document closed since it was checked gets its diagnostics
/// cleared instead.
async fn check_document(shared: Arc<Shared>, uri: Uri) {
    loop {
        if let Some(late) = test_check_start(&shared, &uri) {
            tokio::time::sleep(late).await;
        }
        let check = {
            let mut state = shared.state();
            let Some(due) = state.due.remove(&uri) else {
                state.checking.remove(&uri);
                shared.settled.notify_waiters();
                if state.checking.is_empty() {
                    drop_trees_when_quiet(&shared);
                }
                return;
            };
            let check = match (state.documents.get(&uri), due) {
                (Some(open), due) => Check::Open {
                    snapshot: state.snapshot(),
                    uri: uri.clone(),
                    version: open.version,
                    opening: open.opening,
                    own: due == Due::Own,
                },
                (None, Due::Own) => match file_path(&uri) {
                    Some(path) if !state.roots.is_empty() => Check::Closed(state.snapshot(), path),
                    _ => Check::Clear,
                },
                (None, Due::Reader) => match file_path(&uri) {
                    Some(path) => Check::Disk(state.snapshot(), path),
                    None => continue,
                },
            };
            check
        };
        let (opening, own) = match &check {
            Check::Open { opening, own, .. } => (Some(*opening), *own),
            _ => (None, false),
        };
        let target = uri.clone();
        let checked = tokio::task::spawn_blocking(move || match check {
            Check::Open {
                snapshot,
                uri,
                version,
                own,
                ..
            } => {
                let open = snapshot.documents.get(&uri)?;
                let document = open.document.clone();
                let (mut diagnostics, findings) = snapshot.checked(&document, Some(version));
                let findings = findings.map(Arc::new);
                let checked = findings.clone().map(|f| (version, f));
                let settings = document.path().and_then(|p| snapshot.settings_problem(p));
                // The slow findings of an edited document: at once when known (the same board
                // searched before), else searched for once these diagnostics are out.
                let mut search = None;
                if let Some(findings) = findings.filter(|_| own) {
                    let known = catch_panic(|| {
                        analysis::slow_findings_known(&document, &findings, SOLVE_BUDGET)
                    })
                    .unwrap_or(Some(Vec::new()));
                    match known {
                        Some(slow) => {
                            diagnostics.extend(snapshot.convert(
                                &document,
                                &slow,
                                Some(version),
                                true,
                            ));
                            sort_diagnostics(&mut diagnostics);
                        }
                        None => search = Some((snapshot.conversion(), document, findings)),
                    }
                }
                // The diagnostics are kept only for the search's result to join.
                let notification = publish_diagnostics(&target, &diagnostics, Some(version));
                let kept = if search.is_some() {
                    diagnostics
                } else {
                    Vec::new()
                };
                Some((
                    notification,
                    kept,
                    Some(version),
                    search,
                    settings,
                    (false, false),
                    checked,
                ))
            }
            Check::Disk(snapshot, path) => {
                // A file gone or no longer of a format has no findings.
                let diagnostics = snapshot.disk_diagnostics(&path).unwrap_or_default();
                Some((
                    publish_diagnostics(&target, &diagnostics, None),
                    Vec::new(),
                    None,
                    None,
                    None,
                    (diagnostics.is_empty(), false),
                    None,
                ))
            }
            Check::Closed(snapshot, path) => {
                let of_workspace =
                    crate::workspace::reads(&snapshot.roots, &snapshot.settings, &path);
                let diagnostics = if of_workspace {
                    snapshot.disk_diagnostics(&path).unwrap_or_default()
                } else {
                    Vec::new()
                };
                Some((
                    publish_diagnostics(&target, &diagnostics, None),
                    Vec::new(),
                    None,
                    None,
                    None,
                    (diagnostics.is_empty(), of_workspace),
                    None,
                ))
            }
            Check::Clear => Some((
                publish_diagnostics(&target, &[], None),
                Vec::new(),
                None,
                None,
                None,
                (true, false),
                None,
            )),
        })
        .await;
        let Ok(Some((
            notification,
            diagnostics,
            version,
            search,
            settings,
            (empty, of_workspace),
            findings,
        ))) = checked
        else {
            continue;
        };
        // The document as it was with its tree, when that goes: dropped outside the lock.
        let mut dropped = None;
        {
            let mut state = shared.state();
            // Published only for the opening it was made for (a close or a reopen since has
            // queued the document again), and a clear or a disk check only while not open.
            let current = state.documents.get(&uri).map(|open| open.opening);
            if current != opening {
                continue;
            }
            // Kept before the diagnostics go out: a preview asked for after them marks these.
            if let Some((checked, findings)) = findings
                && let Some(open) = state.documents.get_mut(&uri)
                && open.version == checked
            {
                open.findings = Some((checked, findings));
                // Opened and not edited: its tree goes until it is asked for again.
                if open.edited.is_none() {
                    dropped = open.drop_tree();
                }
            }
            if own && !state.readers.contains(&uri) {
                state.readers.push_back(uri.clone());
            }
            if opening.is_none()
                && let Some(path) = file_path(&uri)
            {
                note_published(&mut state, path, &notification, empty, of_workspace);
            }
        }
        drop(dropped);
        shared.notifier.send(&notification).await;
        if let Some(settings) = settings {
            publish_settings_problem(&shared, settings).await;
        }
        let Some((conversion, document, findings)) = search else {
            shared.activity.notify_one();
            continue;
        };
        shared.activity.notify_one();
        search_slow(
            &shared,
            &uri,
            opening,
            version,
            diagnostics,
            conversion,
            document,
            findings,
        )
        .await;
    }
}

/// Stops a slow search: set by an edit, a close or `shutdown`.
#[derive(Default)]
struct Stop {
    flag: AtomicBool,
    /// Wakes a search still waiting for its turn.
    wake: tokio::sync::Notify,
}

impl Stop {
    fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
        self.wake.notify_one();
    }

    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// The positions the language server's search for a document's slow findings (whether a peg
/// board can be won) examines after each edit that changes what they read: those of `check`.
const SOLVE_BUDGET: u64 = analysis::SEARCH_POSITIONS;

/// Diagnostics in text order.
fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| {
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
        )
    });
}

/// Searches for the slow findings of a document whose `diagnostics` were just published, and
/// publishes them with those, for the same version, unless an edit or a close came meanwhile
/// (which cancels the search); with none, the same diagnostics again (a preview drawn during
/// the search said it was searching: clients redraw on a publish).
#[allow(clippy::too_many_arguments)]
async fn search_slow(
    shared: &Arc<Shared>,
    uri: &Uri,
    opening: Option<u64>,
    version: Option<i32>,
    mut diagnostics: Vec<Diagnostic>,
    conversion: Conversion,
    document: Arc<Document>,
    findings: Arc<Vec<crate::findings::Finding>>,
) {
    let cancelled = Arc::new(Stop::default());
    {
        let mut state = shared.state();
        if state.due.get(uri) == Some(&Due::Own) || state.shutting_down {
            return;
        }
        state.searches.insert(uri.clone(), cancelled.clone());
    }
    // From now until the verdict is kept, a preview of the board says it is being searched.
    let under_way = analysis::slow_search_under_way(&document, &findings);
    // Waiting for another file's search ends at once when this one is cancelled (an edit),
    // so the check task is free for the edit's diagnostics.
    let permit = tokio::select! {
        permit = shared.slow_work.acquire() => permit.ok(),
        () = cancelled.wake.notified() => None,
    };
    let Some(_permit) = permit.filter(|_| !cancelled.is_set()) else {
        let mut state = shared.state();
        if state
            .searches
            .get(uri)
            .is_some_and(|s| Arc::ptr_eq(s, &cancelled))
        {
            state.searches.remove(uri);
        }
        return;
    };
    let flag = cancelled.clone();
    let target = uri.clone();
    let search = move || {
        let stop = || flag.is_set();
        catch_panic(|| {
            test_delay(&document, &stop);
            let slow = analysis::slow_findings(&document, &findings, SOLVE_BUDGET, &stop);
            if stop() {
                return None;
            }
            // Published even when the search found nothing to say (a board that can be won):
            // clients redraw their preview on it, and it now shows the verdict.
            diagnostics.extend(conversion.convert(&document, &slow, version, true));
            sort_diagnostics(&mut diagnostics);
            Some(publish_diagnostics(&target, &diagnostics, version))
        })
    };
    let slow = tokio::task::spawn_blocking(search).await.ok();
    drop(under_way);
    {
        let mut state = shared.state();
        if state
            .searches
            .get(uri)
            .is_some_and(|s| Arc::ptr_eq(s, &cancelled))
        {
            state.searches.remove(uri);
        }
        let current = state.documents.get(uri).map(|open| open.opening);
        if cancelled.is_set() || current != opening {
            return;
        }
    }
    let notification = match slow {
        Some(Ok(Some(notification))) => notification,
        Some(Ok(None)) | None => return,
        Some(Err(message)) => {
            eprintln!("retroboard: internal error in a slow check: {message}");
            return;
        }
    };
    shared.notifier.send(&notification).await;
    shared.activity.notify_one();
}

/// Publishes the problem of a settings file (or clears it once it is gone), when it changed.
async fn publish_settings_problem(shared: &Arc<Shared>, settings: SettingsProblem) {
    {
        let mut state = shared.state();
        let published = state.settings_problems.get(&settings.file);
        if published == settings.message.as_ref() {
            return;
        }
        match &settings.message {
            Some(message) => state
                .settings_problems
                .insert(settings.file.clone(), message.clone()),
            None => state.settings_problems.remove(&settings.file),
        };
    }
    let Some(uri) = Uri::from_file_path(&settings.file) else {
        return;
    };
    let notification = publish_diagnostics(&uri, &settings.diagnostics, None);
    shared.notifier.send(&notification).await;
}

/// How long reports of changed files must stop coming before the workspace is checked again.
const WATCHED_QUIET: std::time::Duration = std::time::Duration::from_millis(200);

/// How many files a whole-workspace check reads at most: a modder's workspace is a variants
/// folder or a mod repository, not a whole disk.
const WORKSPACE_FILES: usize = 5000;

/// Whether diagnostics for the file at `path` (not open) are to be published: they differ
/// from the last ones published for it. Notes them as published; `of_workspace`: the file is
/// one the workspace check reads.
fn note_published(
    state: &mut State,
    path: PathBuf,
    notification: &[u8],
    empty: bool,
    of_workspace: bool,
) -> bool {
    if empty {
        return state.published.remove(&path).is_some();
    }
    let hash = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        notification.hash(&mut hasher);
        hasher.finish()
    };
    let before = state.published.insert(path, (hash, of_workspace));
    before.map(|(hash, _)| hash) != Some(hash)
}

impl Shared {
    /// Starts a whole-workspace check, which stops the one running.
    fn check_workspace(self: &Arc<Self>) {
        let generation = self.workspace_checks.fetch_add(1, Ordering::SeqCst) + 1;
        tokio::spawn(check_workspace(self.clone(), generation));
    }

    /// A whole-workspace check after files changed on the disk: once their reports stop
    /// coming for [`WATCHED_QUIET`], so that a `git checkout`'s hundreds of reports, tens of ms
    /// apart, cost one check and not one started (and stopped) for each. The check running
    /// stops at once: it may have read a file before its change.
    fn check_workspace_soon(self: &Arc<Self>) {
        self.workspace_checks.fetch_add(1, Ordering::SeqCst);
        let shared = self.clone();
        self.watched
            .changed(WATCHED_QUIET, move || shared.check_workspace());
    }

    /// Whether the workspace check `generation` is to go on: no newer one started, and no
    /// `shutdown` came.
    fn workspace_current(&self, generation: u64) -> bool {
        self.workspace_checks.load(Ordering::SeqCst) == generation && !self.state().shutting_down
    }
}

/// The whole-workspace check: every file of the workspace's folders that Retroboard reads
/// (`crate::workspace::files`, as `retroboard check FOLDER`), not open in the editor, checked
/// from the disk one at a time on one blocking thread and its diagnostics published without a version. Stops when a newer check
/// starts or at `shutdown`. Files whose findings were published before and are no longer read
/// (deleted, excluded by the settings) get empty diagnostics at its end.
async fn check_workspace(shared: Arc<Shared>, generation: u64) {
    let (roots, settings) = {
        let state = shared.state();
        (state.roots.clone(), state.settings.clone())
    };
    if roots.is_empty() {
        return;
    }
    let files = tokio::task::spawn_blocking(move || {
        catch_panic(|| crate::workspace::files(&roots, &settings, WORKSPACE_FILES))
            .unwrap_or_default()
    })
    .await
    .unwrap_or_default();
    // The files this check reads, parsed: its own cache, so the open files' stays warm.
    let cache = Arc::new(DiskCache::default());
    let mut read = HashSet::new();
    for path in files {
        if !shared.workspace_current(generation) {
            return;
        }
        read.insert(path.clone());
        let Some(uri) = Uri::from_file_path(&path) else {
            continue;
        };
        let mut snapshot = {
            let state = shared.state();
            if open_at(&state.documents, &path).is_some() {
                continue;
            }
            state.snapshot()
        };
        snapshot.cache = cache.clone();
        let Ok(_permit) = shared.slow_work.acquire().await else {
            return;
        };
        let checked = tokio::task::spawn_blocking({
            let path = path.clone();
            let uri = uri.clone();
            move || {
                catch_panic(|| {
                    let diagnostics = snapshot.disk_diagnostics(&path).unwrap_or_default();
                    let settings = snapshot.settings_problem(&path);
                    let empty = diagnostics.is_empty();
                    (
                        publish_diagnostics(&uri, &diagnostics, None),
                        empty,
                        settings,
                    )
                })
                .ok()
            }
        })
        .await
        .ok()
        .flatten();
        let Some((notification, empty, settings)) = checked else {
            continue;
        };
        if !shared.workspace_current(generation) {
            return;
        }
        let publish = {
            let mut state = shared.state();
            // Opened meanwhile: its own check publishes it.
            open_at(&state.documents, &path).is_none()
                && note_published(&mut state, path, &notification, empty, true)
        };
        if publish {
            shared.notifier.send(&notification).await;
        }
        if let Some(settings) = settings {
            publish_settings_problem(&shared, settings).await;
        }
    }
    let gone: Vec<PathBuf> = {
        let mut state = shared.state();
        let gone: Vec<PathBuf> = state
            .published
            .iter()
            .filter(|(path, (_, of_workspace))| {
                *of_workspace && !read.contains(*path) && open_at(&state.documents, path).is_none()
            })
            .map(|(path, _)| path)
            .cloned()
            .collect();
        for path in &gone {
            state.published.remove(path);
        }
        gone
    };
    for path in gone {
        if let Some(uri) = Uri::from_file_path(&path) {
            shared
                .notifier
                .send(&publish_diagnostics(&uri, &[], None))
                .await;
        }
    }
}

/// The `textDocument/publishDiagnostics` notification, serialised.
fn publish_diagnostics(uri: &Uri, diagnostics: &[Diagnostic], version: Option<i32>) -> Vec<u8> {
    #[derive(serde::Serialize)]
    struct Notification<'a> {
        jsonrpc: &'static str,
        method: &'static str,
        params: Params<'a>,
    }
    #[derive(serde::Serialize)]
    struct Params<'a> {
        uri: &'a Uri,
        diagnostics: &'a [Diagnostic],
        #[serde(skip_serializing_if = "Option::is_none")]
        version: Option<i32>,
    }
    let message = Notification {
        jsonrpc: "2.0",
        method: "textDocument/publishDiagnostics",
        params: Params {
            uri,
            diagnostics,
            version,
        },
    };
    // Serialising types made of strings and numbers into a vector cannot fail.
    serde_json::to_vec(&message).unwrap_or_default()
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
    /// `work` on it (after the test hooks).
    async fn on_open_document<T: Send + 'static>(
        &self,
        what: &'static str,
        uri: Uri,
        work: impl FnOnce(&Snapshot, &Document, &Cancel) -> Result<Option<T>> + Send + 'static,
    ) -> Result<Option<T>> {
        self.on_snapshot(what, move |snapshot, cancel| {
            let Some(open) = snapshot.documents.get(&uri) else {
                return Ok(None);
            };
            test_hooks(&open.document, cancel);
            cancel.check()?;
            work(snapshot, &open.document, cancel)
        })
        .await
    }
}

/// The inlay hints of `range` of `document` (a whole CRE's are 800 hints, 80 KB of JSON).
fn inlay_hints_of(snapshot: &Snapshot, document: &Document, range: Range) -> Vec<InlayHint> {
    let text = document.rope();
    let start = convert::offset(text, range.start, snapshot.encoding);
    let end = convert::offset(text, range.end, snapshot.encoding).max(start);
    let options = snapshot.client.inlay;
    let hints = crate::ide::inlay_hints(document, start..end, &options, &snapshot.overlay());
    ide::inlay_hints(text, &hints, snapshot.encoding)
}

/// Test builds only: the fault injection of [`analysis::fault_injection`] and the delay of
/// [`test_delay`], before a request's or a check's work on `document`.
fn test_hooks(document: &Document, cancel: &Cancel) {
    // The document's text is copied for the search, so only where the hook can fire.
    #[cfg(debug_assertions)]
    analysis::fault_injection(&document.text());
    test_delay(document, &|| cancel.is_set());
}

/// Test builds only: with `RETROBOARD_TEST_DELAY` set to `MARKER:MS`, work on a document that
/// holds `MARKER` first sleeps `MS` milliseconds (stopping early once `cancelled`), so tests can
/// hold a request or a check in flight however fast the real work becomes.
fn test_delay(document: &Document, cancelled: &dyn Fn() -> bool) {
    if let Some(delay) = test_marker_delay("RETROBOARD_TEST_DELAY", document) {
        let until = std::time::Instant::now() + delay;
        while std::time::Instant::now() < until && !cancelled() {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// Test builds only: with `RETROBOARD_TEST_CHECK_START` set to `MARKER:MS`, the check of an
/// open document that holds `MARKER` starts `MS` milliseconds late, as on a busy machine.
fn test_check_start(shared: &Shared, uri: &Uri) -> Option<std::time::Duration> {
    if !cfg!(debug_assertions) {
        return None; // not even a look at the state, on every check
    }
    let state = shared.state();
    let open = state.documents.get(uri)?;
    test_marker_delay("RETROBOARD_TEST_CHECK_START", &open.document)
}

/// Test builds only: the `MS` of the setting `variable` (`MARKER:MS`) when `document` holds
/// `MARKER`; `None` in release builds.
fn test_marker_delay(variable: &str, document: &Document) -> Option<std::time::Duration> {
    #[cfg(debug_assertions)]
    {
        let setting = std::env::var_os(variable)?;
        let setting = setting.to_string_lossy();
        let (marker, ms) = setting.rsplit_once(':')?;
        let ms = ms.parse::<u64>().ok()?;
        (!marker.is_empty() && document.text().contains(marker))
            .then(|| std::time::Duration::from_millis(ms))
    }
    #[cfg(not(debug_assertions))]
    {
        let _ = (variable, document);
        None
    }
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
    /// A seed: deal a card game (Patience) with it and draw every card. Other formats ignore it.
    #[serde(default, deserialize_with = "deserialize_seed")]
    pub deal: Option<u64>,
    /// Whether to list where the elements stand in `text` (`textMap`): only a client that
    /// shows the text drawing needs it, and on a large board it is a tenth of the answer.
    #[serde(default)]
    pub text_map: bool,
}

/// A seed given to the preview (`null`: none), or what is wrong with it.
fn seed_of(value: &LSPAny) -> std::result::Result<Option<u64>, String> {
    match value {
        LSPAny::Null => Ok(None),
        value => value
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("the deal {value} is not a seed: {}", render::SEED)),
    }
}

fn deserialize_seed<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Option<u64>, D::Error> {
    let value = <LSPAny as serde::Deserialize>::deserialize(deserializer)?;
    seed_of(&value).map_err(serde::de::Error::custom)
}

/// The result of `retroboard/preview` and of the `retroboard.preview` command.
#[derive(Debug, serde::Serialize)]
pub struct PreviewResult {
    pub format: Option<&'static str>,
    pub title: String,
    pub svg: String,
    pub text: String,
    /// The seed the cards were dealt with, when they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<u64>,
    /// A peg board's solution to step through (or why there is none): `{verdict, reason?,
    /// moves: [{from, over, to}], holes: [[row, column]], start: "1011…"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<crate::draw::Replay>,
    /// The version of the open document drawn; `None` for a file read from disk.
    pub version: Option<i32>,
    /// Each element of the drawing (its `data-rb-id`) and the range of the text it stands for.
    #[serde(rename = "sourceMap")]
    pub source_map: Vec<SourceElement>,
    /// Where the elements stand in `text`: `[{id, line, start, end}]`, lines from 0, columns
    /// in characters of the drawing; only when asked for.
    #[serde(rename = "textMap", skip_serializing_if = "Option::is_none")]
    pub text_map: Option<Vec<crate::draw::TextMark>>,
}

/// An element of a preview's drawing and the range of the text it stands for.
#[derive(Debug, serde::Serialize)]
pub struct SourceElement {
    pub id: String,
    pub range: Range,
}

/// The command answering with `window/showDocument`: the text a drawing's element stands for,
/// selected (arguments: the document URI and the element's `data-rb-id`).
pub const REVEAL_COMMAND: &str = "retroboard.revealSource";

/// The command that returns the same as `retroboard/preview`, for clients without custom requests.
pub const PREVIEW_COMMAND: &str = "retroboard.preview";

impl Backend {
    /// `retroboard/preview`: the board of an open document (or of a file on disk).
    pub async fn preview(&self, params: PreviewParams) -> Result<PreviewResult> {
        self.preview_of(params.text_document.uri, params.deal, params.text_map)
            .await
    }

    /// The preview of `uri`: the request's answer and the command's.
    async fn preview_of(
        &self,
        uri: Uri,
        deal: Option<u64>,
        text_map: bool,
    ) -> Result<PreviewResult> {
        self.on_snapshot("preview", move |snapshot, cancel| {
            preview_of(snapshot, cancel, &uri, deal, text_map)
        })
        .await
    }
}

fn preview_of(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    deal: Option<u64>,
    with_text_map: bool,
) -> Result<PreviewResult> {
    let overlay = snapshot.overlay();
    // A dealt board where the format deals cards, else the plain one.
    // The findings of the open document's last check, when it checked the version drawn.
    let known = snapshot.documents.get(uri).and_then(|open| {
        let (version, findings) = open.findings.as_ref()?;
        (*version == open.version).then(|| findings.clone())
    });
    let draw = |document: &Document| {
        let dealt = deal.and_then(|seed| render::dealt_preview(document, &overlay, seed));
        let dealt_with = dealt.as_ref().and(deal);
        let plain = || match &known {
            Some(findings) => render::preview_with(document, &overlay, findings),
            None => render::preview(document, &overlay),
        };
        (dealt.unwrap_or_else(plain), dealt_with)
    };
    let drawn = |document: &Document, version: Option<i32>| {
        let (preview, deal) = draw(document);
        let mut positions = convert::Positions::new(document.rope(), snapshot.encoding);
        let source_map = positions_in_order(&mut positions, &preview.source_map);
        PreviewResult {
            format: preview.format.map(FormatId::as_str),
            title: preview.title,
            svg: preview.svg,
            text: preview.text,
            deal,
            solution: preview.replay,
            version,
            source_map,
            text_map: with_text_map.then_some(preview.text_map),
        }
    };
    drawn_document(snapshot, cancel, uri, drawn)
}

/// A drawing's elements with their ranges. The positions are worked out in the text's order,
/// each from the line of the one before (a masterboard lists its hexes, then the exits on their
/// lines: in the drawing's order each exit would search the text for its line).
fn positions_in_order(
    positions: &mut convert::Positions,
    elements: &[crate::draw::Element],
) -> Vec<SourceElement> {
    let mut order: Vec<usize> = (0..elements.len()).collect();
    order.sort_by_key(|&i| elements[i].source.start);
    let mut ranges = vec![Range::default(); elements.len()];
    for i in order {
        ranges[i] = positions.range(elements[i].source.clone());
    }
    elements
        .iter()
        .zip(ranges)
        .map(|(element, range)| SourceElement {
            id: element.id.clone(),
            range,
        })
        .collect()
}

/// `f` of the document `uri` names, with its version: the open one, else the file on disk.
fn drawn_document<T>(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    f: impl FnOnce(&Document, Option<i32>) -> T,
) -> Result<T> {
    match snapshot.documents.get(uri) {
        Some(open) => {
            test_hooks(&open.document, cancel);
            cancel.check()?;
            Ok(f(&open.document, Some(open.version)))
        }
        None => {
            let path = file_path(uri)
                .ok_or_else(|| invalid_params(format!("{} is not a file", uri.as_str())))?;
            let text = DiskFiles.read(&path).ok_or_else(|| {
                invalid_params(format!("{} is not open and cannot be read", uri.as_str()))
            })?;
            let document = Document::new(detect(Some(&path), &text), &text).with_path(Some(path));
            cancel.check()?;
            Ok(f(&document, None))
        }
    }
}

/// Where `retroboard.revealSource` leads: the element `id`'s range in the document drawn
/// (open or on disk); `None` when no element of its drawing has that id.
fn reveal_of(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    id: &str,
) -> Result<Option<ShowDocumentParams>> {
    let overlay = snapshot.overlay();
    // Only the drawing's elements: the SVG and the text drawing are not written.
    drawn_document(snapshot, cancel, uri, |document, _| {
        render::source_map(document, &overlay)
            .into_iter()
            .find(|e| e.id == id)
            .map(|e| ShowDocumentParams {
                uri: uri.clone(),
                external: None,
                take_focus: Some(true),
                selection: Some(convert::range(document.rope(), e.source, snapshot.encoding)),
            })
    })
}

impl Backend {
    /// `retroboard.revealSource [uri, id]`: sends `window/showDocument` selecting the text the
    /// element stands for, and answers with the same `{uri, selection}` (`null` when the
    /// drawing has no such element).
    async fn reveal_source(&self, arguments: &[LSPAny]) -> Result<Option<LSPAny>> {
        let usage = || {
            invalid_params(format!(
                "{REVEAL_COMMAND} takes the document URI and an element id (data-rb-id)"
            ))
        };
        let uri = arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or_else(usage)?;
        let id = arguments
            .get(1)
            .and_then(|a| a.as_str())
            .ok_or_else(usage)?
            .to_string();
        let shown = self
            .on_snapshot("revealSource", move |snapshot, cancel| {
                reveal_of(snapshot, cancel, &uri, &id)
            })
            .await?;
        let Some(params) = shown else {
            return Ok(None);
        };
        let answer = serde_json::to_value(&params).map_err(|e| invalid_params(e.to_string()))?;
        let client = self.client.clone();
        tokio::spawn(async move {
            // A client that cannot show documents answers with an error; nothing else to do.
            let _ = client.show_document(params).await;
        });
        Ok(Some(answer))
    }
}

/// The kind of the action applying every preferred fix of a file.
const FIX_ALL_KIND: &str = "source.fixAll.retroboard";

/// The quick fixes of the findings the request's range touches (an empty range at the cursor
/// touches a finding it stands at or next to), one action per fix, and the file's fix-all
/// (when asked for by kind, or beside quick fixes when no kind is named).
///
/// Stale requests get no quick fix: a diagnostic of ours in the request's context whose `data`
/// names another version than the document's was made for another text, and its range may
/// now cover anything; the client asks again once the new diagnostics arrive. Fix-all asked
/// for by kind (as on save, right after typing) reads no diagnostic: it comes from the current
/// text, for its version, stale context or not. The fixes come from the findings of the current
/// text.
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
    let only = params.context.only.as_ref();
    let asked = |kind: &str| {
        only.is_some_and(|only| {
            only.iter()
                .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str())))
        })
    };
    if stale && !asked(FIX_ALL_KIND) {
        return Ok(Some(Vec::new()));
    }
    test_hooks(&open.document, cancel);
    let mut findings = analyze_with(&open.document, &snapshot.overlay());
    // What the settings' `[[suppress]]` entries silence is not shown, so offers no fix.
    let settings = open.path.as_deref().and_then(|path| {
        let settings = snapshot.settings.for_file(path)?;
        // (Noted as more of the last check: what it found used stays so.)
        crate::suppressions::apply_settings_noting(
            &open.document,
            &settings,
            path,
            &mut findings,
            true,
        );
        Some(settings)
    });
    cancel.check()?;
    let text = open.document.whole_rope();
    let encoding = snapshot.encoding;
    let start = convert::offset(text, params.range.start, encoding);
    let end = convert::offset(text, params.range.end, encoding).max(start);
    let edit = |edits: &[crate::findings::TextEdit]| {
        convert::workspace_edit(text, uri, open.version, edits, encoding)
    };
    let mut actions = Vec::new();
    if !stale && (only.is_none() || asked(CodeActionKind::QUICKFIX.as_str())) {
        let touched = findings
            .iter()
            .filter(|f| f.range.start <= end && start <= f.range.end);
        // The fixes that mend first, then those that silence.
        let mut fixes: Vec<(&crate::findings::Finding, &crate::findings::Fix)> = touched
            .flat_map(|finding| finding.fixes.iter().map(move |fix| (finding, fix)))
            .collect();
        fixes.sort_by_key(|(_, fix)| fix.suppression);
        for (finding, fix) in fixes {
            let Some(edit) = edit(&fix.edits) else {
                continue;
            };
            let diagnostic =
                convert::fixable_diagnostic(text, finding, encoding, Some(open.version));
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic]),
                edit: Some(edit),
                is_preferred: fix.preferred.then_some(true),
                ..CodeAction::default()
            }));
        }
        // "Suppress here" as an entry of retroboard.toml, in the formats without comments.
        if let Some(path) = open.path.as_deref() {
            let settings_text = settings.as_ref().map(|s| {
                let text = snapshot.overlay().read(&s.path);
                (
                    s.path.clone(),
                    text.map(|t| t.to_string()).unwrap_or_default(),
                )
            });
            for finding in findings
                .iter()
                .filter(|f| f.range.start <= end && start <= f.range.end)
            {
                let fix = crate::suppressions::settings_fix(
                    &open.document,
                    path,
                    finding,
                    settings_text
                        .as_ref()
                        .map(|(p, t)| (p.as_path(), t.as_str())),
                );
                let Some(fix) = fix.filter(|f| !f.create || snapshot.client.create_files) else {
                    continue;
                };
                let Some(edit) = settings_edit(snapshot, &fix) else {
                    continue;
                };
                let diagnostic =
                    convert::fixable_diagnostic(text, finding, encoding, Some(open.version));
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: fix.title.clone(),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic]),
                    edit: Some(edit),
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

/// The workspace edit of a "suppress here" entry: an insertion into the settings file (as the
/// editor holds it, when open), after creating it when it does not exist yet.
fn settings_edit(
    snapshot: &Snapshot,
    fix: &crate::suppressions::SettingsFix,
) -> Option<WorkspaceEdit> {
    let uri = Uri::from_file_path(&fix.file)?;
    let open = open_at(&snapshot.documents, &fix.file);
    let text = match open {
        Some((_, open)) => open.document.whole_rope().clone(),
        None if fix.create => ropey::Rope::new(),
        None => ropey::Rope::from_str(&DiskFiles.read(&fix.file)?),
    };
    let edits = crate::findings::sorted_edits(&text, vec![fix.edit.clone()])?;
    let edits = convert::text_edits(&text, &edits, snapshot.encoding)
        .into_iter()
        .map(OneOf::Left)
        .collect();
    let edit = TextDocumentEdit {
        text_document: OptionalVersionedTextDocumentIdentifier {
            uri: uri.clone(),
            version: open.map(|(_, open)| open.version),
        },
        edits,
    };
    let changes = if fix.create {
        DocumentChanges::Operations(vec![
            DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
                uri,
                options: Some(CreateFileOptions {
                    overwrite: Some(false),
                    ignore_if_exists: Some(true),
                }),
                annotation_id: None,
            })),
            DocumentChangeOperation::Edit(edit),
        ])
    } else {
        DocumentChanges::Edits(vec![edit])
    };
    Some(WorkspaceEdit {
        document_changes: Some(changes),
        ..WorkspaceEdit::default()
    })
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

/// Characters after which the editor asks for completions by itself: a VAR's key and list
/// separators (`MAP:`, `DEPEND:A,B`).
const COMPLETION_TRIGGERS: [char; 2] = [':', ','];

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
        let mut state = self.state();
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

    async fn initialized(&self, _: InitializedParams) {
        // Asked from a task of its own: a handler never awaits the client.
        if self.state().watch_dynamic {
            let client = self.client.clone();
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
        self.shared.check_workspace();
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        {
            let mut state = self.state();
            for removed in params
                .event
                .removed
                .iter()
                .filter_map(|f| file_path(&f.uri))
            {
                state.roots.retain(|root| *root != removed);
            }
            for added in params.event.added.iter().filter_map(|f| file_path(&f.uri)) {
                if !state.roots.contains(&added) {
                    state.roots.push(added);
                }
            }
        }
        // The files of a removed folder are no longer read: the check clears them at its end.
        self.shared.check_workspace();
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        // A deleted file's findings go at once; the rest (a changed Colossus file changes what
        // its variant's other files read, a changed retroboard.toml any file's rules) comes
        // from checking the whole workspace again, at idle priority.
        let mut cleared = Vec::new();
        {
            let mut state = self.state();
            for change in &params.changes {
                if change.typ != FileChangeType::DELETED {
                    continue;
                }
                let Some(path) = file_path(&change.uri) else {
                    continue;
                };
                if open_at(&state.documents, &path).is_none() {
                    state.published.remove(&path);
                    cleared.push(change.uri.clone());
                }
            }
        }
        for uri in cleared {
            self.shared
                .notifier
                .send(&publish_diagnostics(&uri, &[], None))
                .await;
        }
        // A settings file changed: the open documents' rules and `[[suppress]]` entries too.
        let settings_changed = params.changes.iter().any(|change| {
            file_path(&change.uri).is_some_and(|path| {
                path.file_name()
                    .is_some_and(|name| crate::settings::FILE_NAMES.iter().any(|n| name == *n))
            })
        });
        if settings_changed {
            let shared = self.shared.clone();
            let mut state = self.state();
            let open: Vec<Uri> = state.documents.keys().cloned().collect();
            for uri in open {
                shared.queue(&mut state, &uri, Due::Own);
            }
        }
        self.shared.check_workspace_soon();
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        {
            let mut state = self.state();
            state.shutting_down = true;
            for search in state.searches.values() {
                search.set();
            }
        }
        // Every open and change before the shutdown gets its diagnostics before the answer,
        // so a client that exits right after it has them all (within a bound: a check never
        // holds the shutdown for long).
        let _ = tokio::time::timeout(SHUTDOWN_CHECKS_WAIT, self.shared.checks_done()).await;
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let path = file_path(&item.uri);
        // The client's language id, else the format retroboard.toml gives the file.
        let settings = self.state().settings.clone();
        let chosen = FormatId::from_id(&item.language_id).or_else(|| {
            let path = path.as_deref()?;
            settings.for_file(path)?.format_for(path)
        });
        let format = chosen.or_else(|| detect(path.as_deref(), &item.text));
        let document = Document::new(format, &item.text).with_path(path.clone());
        let mut state = self.state();
        state.openings += 1;
        // Its own check publishes it now; once closed, its disk findings are published again.
        if let Some(path) = &path {
            state.published.remove(path);
            // Read from the open document from now on, not from the disk.
            state.cache.forget(path);
        }
        let open = OpenDocument {
            document: Arc::new(document),
            version: item.version,
            path,
            chosen,
            exported: None,
            opening: state.openings,
            findings: None,
            edited: None,
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
        open.edited = Some(std::time::Instant::now());
        open.redetect();
        self.shared.queue(&mut state, &uri, Due::Own);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        let uri = at.text_document.uri;
        self.on_open_document("hover", uri, move |snapshot, document, _| {
            let text = document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            let hover = crate::ide::hover(document, offset, &snapshot.overlay());
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

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let uri = at.text_document.uri;
        self.on_open_document(
            "go to definition",
            uri,
            move |snapshot, document, cancel| {
                let offset = convert::offset(document.rope(), at.position, snapshot.encoding);
                let targets = crate::ide::definition(document, offset, &snapshot.overlay());
                cancel.check()?;
                Ok(Some(GotoDefinitionResponse::Array(
                    snapshot.locations(&targets),
                )))
            },
        )
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri;
        self.on_open_document("completion", uri, move |snapshot, document, cancel| {
            let text = document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            let items = crate::ide::completions(document, offset, &snapshot.overlay());
            cancel.check()?;
            Ok(Some(CompletionResponse::Array(
                items
                    .iter()
                    .map(|item| convert::completion(text, item, snapshot.encoding))
                    .collect(),
            )))
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        let include_declaration = params.context.include_declaration;
        let uri = at.text_document.uri;
        self.on_open_document("references", uri, move |snapshot, document, cancel| {
            let offset = convert::offset(document.rope(), at.position, snapshot.encoding);
            let targets =
                crate::ide::references(document, offset, &snapshot.overlay(), include_declaration);
            cancel.check()?;
            Ok(Some(snapshot.locations(&targets)))
        })
        .await
    }

    async fn prepare_rename(
        &self,
        at: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let uri = at.text_document.uri;
        self.on_open_document("rename", uri, move |snapshot, document, _| {
            let text = document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            let range = crate::ide::prepare_rename(document, offset, &snapshot.overlay())
                .map_err(ide::refused)?;
            Ok(range
                .map(|r| PrepareRenameResponse::Range(convert::range(text, r, snapshot.encoding))))
        })
        .await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri;
        self.on_open_document("rename", uri, move |snapshot, document, cancel| {
            let offset = convert::offset(document.rope(), at.position, snapshot.encoding);
            let replaces =
                crate::ide::rename(document, offset, &params.new_name, &snapshot.overlay())
                    .map_err(ide::refused)?;
            cancel.check()?;
            Ok((!replaces.is_empty()).then(|| snapshot.workspace_edit(&replaces, snapshot.client)))
        })
        .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let uri = params.text_document.uri;
        self.on_open_document("inlay hints", uri, move |snapshot, document, _| {
            Ok(Some(inlay_hints_of(snapshot, document, params.range)))
        })
        .await
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.state().client.configure(&params.settings);
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        let uri = params.text_document.uri;
        self.on_open_document("links", uri, move |snapshot, document, _| {
            let links = crate::ide::links(document, &snapshot.overlay());
            let text = document.rope();
            Ok(Some(
                links
                    .iter()
                    .filter_map(|l| convert::document_link(text, l, snapshot.encoding))
                    .collect(),
            ))
        })
        .await
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        if params.command == REVEAL_COMMAND {
            return self.reveal_source(&params.arguments).await;
        }
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
        // An optional second argument: a seed to deal a card game with, or the request's
        // options `{deal, textMap}`.
        let options = params.arguments.get(1);
        let deal = match options {
            Some(LSPAny::Object(options)) => options.get("deal"),
            seed => seed,
        };
        let deal = deal.map_or(Ok(None), seed_of).map_err(invalid_params)?;
        let text_map = options.and_then(|a| a.get("textMap")?.as_bool()) == Some(true);
        let preview = self.preview_of(uri, deal, text_map).await?;
        serde_json::to_value(preview)
            .map(Some)
            .map_err(|err| internal_error("preview", err.to_string()))
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        self.on_open_document("the outline", uri, move |snapshot, document, cancel| {
            let symbols = crate::ide::outline(document);
            cancel.check()?;
            let mut positions = convert::Positions::new(document.rope(), snapshot.encoding);
            Ok(Some(DocumentSymbolResponse::Nested(
                convert::document_symbols(&mut positions, symbols),
            )))
        })
        .await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        self.on_snapshot("workspace symbols", move |snapshot, cancel| {
            let mut found = Vec::new();
            crate::ide::workspace_symbols(
                &snapshot.roots,
                &params.query,
                &snapshot.overlay(),
                |path, doc, symbol| {
                    if let Some(symbol) =
                        convert::workspace_symbol(path, doc.rope(), &symbol, snapshot.encoding)
                    {
                        found.push(symbol);
                    }
                },
            );
            cancel.check()?;
            Ok(Some(WorkspaceSymbolResponse::Nested(found)))
        })
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = params.text_document.uri;
        self.on_open_document("folding", uri, move |_, document, _| {
            let text = document.rope();
            let folds = crate::ide::folds(document);
            Ok(Some(
                folds
                    .iter()
                    .map(|f| convert::folding_range(text, f))
                    .collect(),
            ))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        self.on_open_document("highlighting", uri, move |snapshot, document, cancel| {
            let highlights = crate::ide::highlights(document);
            cancel.check()?;
            let data = convert::semantic_tokens(document.rope(), &highlights, snapshot.encoding);
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
        self.on_open_document("highlighting", uri, move |snapshot, document, cancel| {
            let text = document.rope();
            let start = convert::offset(text, range.start, snapshot.encoding);
            let end = convert::offset(text, range.end, snapshot.encoding).max(start);
            let highlights = crate::ide::highlights_in(document, start..end);
            cancel.check()?;
            let data = convert::semantic_tokens(text, &highlights, snapshot.encoding);
            Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
        .await
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let mut state = self.state();
        if state.documents.remove(&uri).is_some() {
            self.shared.queue(&mut state, &uri, Due::Own);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The documents that keep their tree once the checks are quiet: those edited within the
    /// last minute, and the one edited last however long ago; never one only opened.
    #[test]
    fn the_documents_edited_lately_keep_their_tree() {
        let now = Instant::now() + Duration::from_secs(3600);
        let ago = |s: u64| Some(now - Duration::from_secs(s));
        let latest = ago(300);
        assert!(keeps_tree(ago(0), latest, now));
        assert!(keeps_tree(ago(59), latest, now));
        assert!(!keeps_tree(ago(61), latest, now));
        assert!(!keeps_tree(ago(600), latest, now));
        assert!(keeps_tree(ago(300), latest, now), "the latest edited");
        assert!(!keeps_tree(None, latest, now));
        assert!(!keeps_tree(None, None, now));
    }
}
