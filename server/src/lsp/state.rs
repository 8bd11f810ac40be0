//! What the handlers and the check tasks share: the open documents and what is known of the
//! workspace, under one lock that no work is done under.

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use tower_lsp_server::ls_types::*;

use crate::formats::editor::DiskCache;
use crate::registry::FormatId;
use crate::registry::{DETECTION_BYTES, detect};
use crate::settings::Discovery;
use crate::syntax::Document;

use crate::lsp::Injection;
use crate::lsp::check::*;
use crate::lsp::convert::PositionEncoding;
use crate::lsp::ide;
use crate::lsp::quiet::Quiet;
use crate::lsp::search::Stop;
use crate::lsp::snapshot::EntriesUsedByFile;
use crate::lsp::transport::Notifier;

/// What the handlers and the checker tasks share.
pub(crate) struct Shared {
    /// Diagnostics go to the client this way, serialised where they are made: never behind
    /// tower-lsp-server's answers, nor its one task turning them into JSON.
    pub(crate) notifier: Notifier,
    pub(crate) state: Mutex<State>,
    /// Wakes the readers' task: a check finished or an edit came.
    pub(crate) activity: tokio::sync::Notify,
    /// Wakes whoever waits for the checks to be done (`shutdown`): a check task ended.
    pub(crate) settled: tokio::sync::Notify,
    /// The slow work (a peg board's search, a step of the whole-workspace check) runs on one
    /// thread at a time: a search takes a core and tens of MB while it runs, and a folder of peg
    /// boards opened at once must not take them all, nor the workspace check another core.
    pub(crate) slow_work: tokio::sync::Semaphore,
    /// How many wait for [`Shared::slow_work`] that do not give way: a Patience game's study
    /// (which gives way) waits while any does, and stops its turn when one comes.
    pub(crate) slow_waiting: std::sync::atomic::AtomicUsize,
    /// The documents' checks take turns ([`crate::lsp::check::CHECKS_AT_ONCE`]).
    pub(crate) turns: tokio::sync::Semaphore,
    /// How long a check keeps its turn ([`crate::lsp::check::TURN`]).
    pub(crate) turn: std::time::Duration,
    /// Numbers the whole-workspace checks: a check stops once a newer one started.
    pub(crate) workspace_checks: std::sync::atomic::AtomicU64,
    /// Gathers the reports of files changed on the disk into one whole-workspace check.
    pub(crate) watched: Arc<Quiet>,
    /// Numbers the moments the checks settled: the trees nobody edits go once they stay settled.
    pub(crate) settlings: std::sync::atomic::AtomicU64,
}

pub(crate) struct State {
    pub(crate) encoding: PositionEncoding,
    /// What the client said about rename edits and inlay hints.
    pub(crate) client: ide::ClientOptions,
    pub(crate) documents: HashMap<Uri, OpenDocument>,
    /// Documents waiting to be checked (or, once closed, cleared), and how.
    pub(crate) due: HashMap<Uri, Due>,
    /// Documents whose check task is running.
    pub(crate) checking: HashSet<Uri>,
    /// Checked documents whose readers (the files whose findings read them) are to be checked
    /// once edits pause, each once.
    pub(crate) readers: VecDeque<Uri>,
    /// Files that are not open, as read and parsed: what the open ones read of their variant,
    /// kept while the disk says they are the same.
    pub(crate) cache: Arc<DiskCache>,
    /// What the searches for slow findings found (whether a peg board can be won), by board:
    /// what a preview, a hover and the next check of the same board answer from.
    pub(crate) searched: Arc<crate::formats::Searched>,
    /// The project settings (retroboard.toml) of each file.
    pub(crate) settings: Arc<Discovery>,
    /// What the last check of each file made of its settings' `[[suppress]]` entries.
    pub(crate) entries_used: Arc<EntriesUsedByFile>,
    /// Settings files whose problem was published, with its message.
    pub(crate) settings_problems: HashMap<PathBuf, String>,
    /// The workspace's folders, where workspace symbols are looked for.
    pub(crate) roots: Vec<PathBuf>,
    /// Numbers the openings of documents: a check's result is published only while the
    /// document it checked is still open as the same opening.
    pub(crate) openings: u64,
    /// The slow search running for a document (see [`check_document`]): set to cancel it.
    pub(crate) searches: HashMap<Uri, Arc<Stop>>,
    /// `shutdown` came: no slow search starts, and those running are cancelled.
    pub(crate) shutting_down: bool,
    /// Files not open whose last published diagnostics were not empty, with a hash of that
    /// notification (a workspace check publishes only what changed) and whether they are the
    /// workspace's files (cleared once a workspace check no longer reads them).
    pub(crate) published: HashMap<PathBuf, (u64, bool)>,
    /// The client registers file watchers when asked (`workspace/didChangeWatchedFiles`).
    pub(crate) watch_dynamic: bool,
    /// The fault or delay the tests inject, copied into every snapshot.
    pub(crate) injection: Option<Injection>,
}

/// How a document waiting to be checked is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Due {
    /// As the editor holds it; its diagnostics are cleared once it is closed.
    Own,
    /// A file that reads an edited one: as the editor holds it when open, else from the disk.
    Reader,
}

/// An open document. Cloning one is cheap: the document sits behind an `Arc`, and an edit
/// copies it (a rope and a tree copy in O(1)) only while a snapshot still reads it.
#[derive(Clone)]
pub(crate) struct OpenDocument {
    pub(crate) document: Arc<Document>,
    pub(crate) version: i32,
    pub(crate) path: Option<PathBuf>,
    /// The format the client chose by language id; detection is skipped then.
    pub(crate) chosen: Option<FormatId>,
    /// What other files read of this one ([`crate::formats::Format::exported`]) when they were
    /// last checked: while it stays the same, a keystroke here checks this file alone.
    pub(crate) exported: Option<u64>,
    pub(crate) opening: u64,
    /// The findings of its last check and the version checked: what its diagnostics say, and
    /// what its preview marks when drawn from that version (not worked out again).
    pub(crate) findings: Option<(i32, Arc<Vec<crate::findings::Finding>>)>,
    /// When the editor last changed it (`None`: not since it was opened).
    pub(crate) edited: Option<std::time::Instant>,
}

impl OpenDocument {
    /// Detects the format again (it can change while a new file is typed).
    pub(crate) fn redetect(&mut self) {
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
    pub(crate) fn drop_tree(&mut self) -> Option<Arc<Document>> {
        if !self.document.is_parsed() {
            return None;
        }
        let mut document = (*self.document).clone();
        document.drop_tree();
        Some(std::mem::replace(&mut self.document, Arc::new(document)))
    }
}

impl OpenDocument {
    /// Lets go of the document's tree and of the views worked out from its text, as
    /// [`OpenDocument::drop_tree`] does of the tree.
    fn drop_tree_and_views(&mut self) -> Option<Arc<Document>> {
        if !self.document.is_parsed() && !self.document.holds_views() {
            return None;
        }
        let mut document = (*self.document).clone();
        document.drop_tree();
        document.drop_views();
        Some(std::mem::replace(&mut self.document, Arc::new(document)))
    }
}

/// How long an edited document keeps its tree once the checks are quiet: the files a modder
/// goes back and forth between stay parsed, and each keystroke's reparse incremental.
pub(crate) const EDITED_KEEPS_TREE: std::time::Duration = std::time::Duration::from_secs(60);

/// Whether an open document keeps its tree when the checks are quiet (at `now`): when it was
/// edited within [`EDITED_KEEPS_TREE`], or last of all the documents (`latest`, the time of
/// the newest edit). Every other tree is parsed again when asked for.
pub(crate) fn keeps_tree(
    edited: Option<std::time::Instant>,
    latest: Option<std::time::Instant>,
    now: std::time::Instant,
) -> bool {
    edited.is_some_and(|at| {
        now.saturating_duration_since(at) < EDITED_KEEPS_TREE || Some(at) == latest
    })
}

/// Drops the trees of the open documents that do not keep theirs (see [`keeps_tree`]), and the
/// views worked out from their texts: a tree takes 25 bytes for each byte of a Colossus file,
/// 8 MB with the whole corpus open, and the views about as much, scattered over the memory the
/// checks used (the whole corpus open held 33–34 MB resident once quiet with them, 30–31 MB
/// without). What a check or a request reads is parsed and worked out again when asked for,
/// from scratch (about 0.1 ms per KB). Returns the documents as they were, to be dropped
/// outside the state's lock.
pub(crate) fn drop_trees(state: &mut State, now: std::time::Instant) -> Vec<Arc<Document>> {
    let latest = state
        .documents
        .values()
        .filter_map(|open| open.edited)
        .max();
    state
        .documents
        .values_mut()
        .filter(|open| !keeps_tree(open.edited, latest, now))
        .filter_map(OpenDocument::drop_tree_and_views)
        .collect()
}

impl Shared {
    pub(crate) fn state(&self) -> MutexGuard<'_, State> {
        // A panic while the lock was held leaves the documents as the last edit made them.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues a document to be checked, starting its check task unless it runs: the task
    /// checks the newest text once its current check is published.
    pub(crate) fn queue(self: &Arc<Self>, state: &mut State, uri: &Uri, due: Due) {
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
pub(crate) const SHUTDOWN_CHECKS_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl Shared {
    /// Returns once no check task runs (each ends when its document is no longer due).
    pub(crate) async fn checks_done(&self) {
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

pub(crate) fn file_path(uri: &Uri) -> Option<PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
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
