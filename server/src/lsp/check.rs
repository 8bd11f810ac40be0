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

use std::path::PathBuf;
use std::sync::Arc;

use tower_lsp_server::ls_types::*;

use crate::analysis::catch_panic;

use crate::lsp::search::{PendingSearch, search_slow};
use crate::lsp::snapshot::*;
use crate::lsp::state::*;
use crate::lsp::workspace::*;

/// A document's check, as its task does it off the async thread.
pub(crate) enum Check {
    /// An open document, at a version, in one of its openings; `own`: checked for its own
    /// sake (an edit), not as a reader of another file.
    Open {
        snapshot: Snapshot,
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

/// How many documents' checks run at once. A folder opened at once queues a check per file:
/// run all at once, on as many threads, what they allocated side by side stayed scattered over
/// the heap once they were done (the corpus opened at once: 33 MB resident once quiet, 23 MB
/// taking turns; BENCHMARKS.md).
pub(crate) const CHECKS_AT_ONCE: usize = 2;

/// How long a check keeps its turn: a slower one (a hostile file) lets the next begin.
pub(crate) const TURN: std::time::Duration = std::time::Duration::from_millis(20);

/// How long the checks stay settled before the trees nobody edits go.
pub(crate) const QUIET_BEFORE_TRIM: std::time::Duration = std::time::Duration::from_secs(2);

/// Drops the trees of the documents nobody edits (see [`drop_trees`]) once no check has run
/// for [`QUIET_BEFORE_TRIM`].
pub(crate) fn drop_trees_when_quiet(shared: &Arc<Shared>) {
    use std::sync::atomic::Ordering;
    let settling = shared.settlings.fetch_add(1, Ordering::SeqCst) + 1;
    let shared = shared.clone();
    tokio::spawn(async move {
        tokio::time::sleep(QUIET_BEFORE_TRIM).await;
        let quiet = shared.settlings.load(Ordering::SeqCst) == settling
            && shared.state().checking.is_empty();
        if quiet {
            let dropped = drop_trees(&mut shared.state(), std::time::Instant::now());
            let _ = tokio::task::spawn_blocking(move || {
                drop(dropped);
                crate::lsp::memory::release_memory();
            })
            .await;
        }
    });
}

/// A document's check task: while the document is due, checks it (off the async thread) and
/// publishes its diagnostics; a document closed since it was checked gets its diagnostics
/// cleared instead.
pub(crate) async fn check_document(shared: Arc<Shared>, uri: Uri) {
    loop {
        let Ok(turn) = shared.turns.acquire().await else {
            return;
        };
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
            match (state.documents.get(&uri), due) {
                (Some(open), due) => Check::Open {
                    snapshot: Snapshot {
                        // An edit's check: the disk looked at again once it is published.
                        as_last_seen: due == Due::Own,
                        ..state.snapshot()
                    },
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
            }
        };
        let (opening, own, version) = match &check {
            Check::Open {
                opening,
                own,
                version,
                ..
            } => (Some(*opening), *own, Some(*version)),
            _ => (None, false, None),
        };
        let target = uri.clone();
        let mut running = tokio::task::spawn_blocking(move || check.run(&target));
        // A check slower than its turn (a hostile file) lets the next one begin beside it.
        let mut turn = Some(turn);
        let checked = tokio::select! {
            checked = &mut running => checked,
            _ = tokio::time::sleep(shared.turn) => {
                turn = None;
                running.await
            }
        };
        // The turn ends with the check: not held while publishing, nor through the search.
        drop(turn);
        let Ok(Some(checked)) = checked else {
            continue;
        };
        let Checked {
            notification,
            empty,
            of_workspace,
            settings,
            findings,
            search,
            last_seen,
        } = checked;
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
        shared.activity.notify_one();
        if let (Some(last_seen), Some(version)) = (last_seen, version) {
            tokio::spawn(look_again(shared.clone(), uri.clone(), version, last_seen));
        }
        if let Some(search) = search {
            search_slow(&shared, &uri, opening, search).await;
        }
    }
}

/// What a document's check made, for its task to publish.
struct Checked {
    /// The `textDocument/publishDiagnostics` notification.
    notification: Vec<u8>,
    /// It clears the file's diagnostics.
    empty: bool,
    /// The file is one the whole-workspace check reads.
    of_workspace: bool,
    /// What the check found of the settings file governing the document.
    settings: Option<SettingsProblem>,
    /// The findings of an open document, at the version checked.
    findings: Option<(i32, Arc<Vec<crate::findings::Finding>>)>,
    /// The slow work of an edited document, not known without searching.
    search: Option<PendingSearch>,
    /// The disk as an edit's check took it, without looking ([`Snapshot::as_last_seen`]).
    last_seen: Option<LastSeen>,
}

/// What a check took of the disk as last seen, to look at again.
struct LastSeen {
    cache: Arc<crate::formats::editor::DiskCache>,
    used: crate::formats::editor::RequestCache,
}

/// How long edits of a document must pause before the disk its check took as last seen is
/// looked at again: looked at after each keystroke, a Colossus file's 130–165 paths took a core
/// from the next keystroke's check (a fifth of the server's time while typing).
const LOOK_AFTER_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

/// Looks at the disk an edit's check took as last seen once edits pause, unless the document
/// changed since (its next check looks after it): when a file it read changed meanwhile
/// (written by another program, with no word from the client), it is checked again.
async fn look_again(shared: Arc<Shared>, uri: Uri, version: i32, last_seen: LastSeen) {
    tokio::time::sleep(LOOK_AFTER_PAUSE).await;
    let unchanged = |state: &State| {
        !state.shutting_down
            && !state.due.contains_key(&uri)
            && state.documents.get(&uri).map(|open| open.version) == Some(version)
    };
    if !unchanged(&shared.state()) {
        return;
    }
    let changed =
        tokio::task::spawn_blocking(move || last_seen.cache.changed_since(&last_seen.used)).await;
    if changed.unwrap_or(false) {
        let mut state = shared.state();
        if unchanged(&state) {
            shared.queue(&mut state, &uri, Due::Own);
        }
    }
}

impl Checked {
    fn published(notification: Vec<u8>, empty: bool, of_workspace: bool) -> Checked {
        Checked {
            notification,
            empty,
            of_workspace,
            settings: None,
            findings: None,
            search: None,
            last_seen: None,
        }
    }
}

impl Check {
    /// Checks, off the async thread; `None` for an open document closed since.
    fn run(self, uri: &Uri) -> Option<Checked> {
        match self {
            Check::Open {
                mut snapshot,
                version,
                own,
                ..
            } => {
                let open = snapshot.documents.get(uri)?;
                let document = open.document.clone();
                let (mut diagnostics, checked) = snapshot.checked(&document, Some(version));
                let settings = document.path().and_then(|p| snapshot.settings_problem(p));
                let mut findings = None;
                // The slow findings of an edited document: at once when known (the same board
                // searched before), else searched for once these diagnostics are out.
                let mut search = None;
                if let Some(mut checked) = checked {
                    let slow = checked.slow.take().filter(|_| own);
                    let known = slow.as_ref().map(|slow| catch_panic(|| slow.known()));
                    match known {
                        Some(Ok(Some(found))) => {
                            let conversion = snapshot.conversion();
                            conversion.record(found.entries.clone(), true);
                            diagnostics.extend(conversion.diagnostics(
                                &document,
                                &found.findings,
                                Some(version),
                            ));
                            sort_diagnostics(&mut diagnostics);
                            checked.add_slow(found);
                        }
                        Some(Ok(None)) => search = slow,
                        _ => {}
                    }
                    findings = Some((version, Arc::new(checked.findings)));
                }
                let notification = publish_diagnostics(uri, &diagnostics, Some(version));
                let search = search.map(|work| PendingSearch {
                    work,
                    conversion: snapshot.conversion(),
                    version: Some(version),
                    // Kept only for the search's result to join.
                    diagnostics,
                });
                let last_seen = snapshot.as_last_seen.then(|| LastSeen {
                    cache: snapshot.cache.clone(),
                    used: std::mem::take(&mut snapshot.request),
                });
                Some(Checked {
                    notification,
                    empty: false,
                    of_workspace: false,
                    settings,
                    findings,
                    search,
                    last_seen,
                })
            }
            Check::Disk(snapshot, path) => {
                // A file gone or no longer of a format has no findings.
                let diagnostics = snapshot
                    .disk_diagnostics(&path, &|| false)
                    .unwrap_or_default();
                let notification = publish_diagnostics(uri, &diagnostics, None);
                Some(Checked::published(
                    notification,
                    diagnostics.is_empty(),
                    false,
                ))
            }
            Check::Closed(snapshot, path) => {
                let of_workspace =
                    crate::workspace::reads(&snapshot.roots, &snapshot.settings, &path);
                // A settings file shows its findings as on the disk again; they stay out of the
                // table of published files, as the workspace check publishes them apart.
                let settings_file = crate::settings::file::is_settings_file(&path);
                let diagnostics = if settings_file {
                    snapshot
                        .settings_problem(&path)
                        .filter(|problem| problem.file == path)
                        .map(|problem| problem.diagnostics)
                        .unwrap_or_default()
                } else if of_workspace {
                    snapshot
                        .disk_diagnostics(&path, &|| false)
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                let notification = publish_diagnostics(uri, &diagnostics, None);
                let empty = diagnostics.is_empty() || settings_file;
                Some(Checked::published(notification, empty, of_workspace))
            }
            Check::Clear => Some(Checked::published(
                publish_diagnostics(uri, &[], None),
                true,
                false,
            )),
        }
    }
}

/// Diagnostics in text order.
pub(crate) fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| {
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
        )
    });
}

/// Publishes the problem of a settings file (or clears it once it is gone), when it changed.
pub(crate) async fn publish_settings_problem(shared: &Arc<Shared>, settings: SettingsProblem) {
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
        // Open: its own check publishes it, in the text the editor holds.
        if let Some((uri, _)) = open_at(&state.documents, &settings.file) {
            let uri = uri.clone();
            shared.queue(&mut state, &uri, Due::Own);
            return;
        }
    }
    let Some(uri) = Uri::from_file_path(&settings.file) else {
        return;
    };
    let notification = publish_diagnostics(&uri, &settings.diagnostics, None);
    shared.notifier.send(&notification).await;
}

/// The `textDocument/publishDiagnostics` notification, serialised.
pub(crate) fn publish_diagnostics(
    uri: &Uri,
    diagnostics: &[Diagnostic],
    version: Option<i32>,
) -> Vec<u8> {
    #[derive(serde::Serialize)]
    pub(crate) struct Notification<'a> {
        jsonrpc: &'static str,
        method: &'static str,
        params: Params<'a>,
    }
    #[derive(serde::Serialize)]
    pub(crate) struct Params<'a> {
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
