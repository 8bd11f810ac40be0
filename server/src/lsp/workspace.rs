//! The whole-workspace check: every file the workspace's folders hold that Retroboard reads and
//! the editor has not open, checked from the disk, its diagnostics published without a version.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use tower_lsp_server::ls_types::*;

use crate::analysis::catch_panic;
use crate::formats::editor::DiskCache;

use crate::lsp::check::*;
use crate::lsp::snapshot::*;
use crate::lsp::state::*;

/// How long reports of changed files must stop coming before the workspace is checked again.
pub(crate) const WATCHED_QUIET: std::time::Duration = std::time::Duration::from_millis(200);

/// How many files a whole-workspace check reads at most: a modder's workspace is a variants
/// folder or a mod repository, not a whole disk.
pub(crate) const WORKSPACE_FILES: usize = 5000;

/// Whether diagnostics for the file at `path` (not open) are to be published: they differ
/// from the last ones published for it. Notes them as published; `of_workspace`: the file is
/// one the workspace check reads.
pub(crate) fn note_published(
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
    pub(crate) fn check_workspace(self: &Arc<Self>) {
        let generation = self.workspace_checks.fetch_add(1, Ordering::SeqCst) + 1;
        tokio::spawn(check_workspace(self.clone(), generation));
    }

    /// A whole-workspace check after files changed on the disk: once their reports stop
    /// coming for [`WATCHED_QUIET`], so that a `git checkout`'s hundreds of reports, tens of ms
    /// apart, cost one check and not one started (and stopped) for each. The check running
    /// stops at once: it may have read a file before its change.
    pub(crate) fn check_workspace_soon(self: &Arc<Self>) {
        self.workspace_checks.fetch_add(1, Ordering::SeqCst);
        let shared = self.clone();
        self.watched
            .changed(WATCHED_QUIET, move || shared.check_workspace());
    }

    /// Whether the workspace check `generation` is to go on: no newer one started, and no
    /// `shutdown` came.
    pub(crate) fn workspace_current(&self, generation: u64) -> bool {
        self.workspace_checks.load(Ordering::SeqCst) == generation && !self.state().shutting_down
    }
}

/// The whole-workspace check: every file of the workspace's folders that Retroboard reads
/// (`crate::workspace::files`, as `retroboard check FOLDER`), not open in the editor, checked
/// from the disk one at a time on one blocking thread and its diagnostics published without a version. Stops when a newer check
/// starts or at `shutdown`. Files whose findings were published before and are no longer read
/// (deleted, excluded by the settings) get empty diagnostics at its end.
pub(crate) async fn check_workspace(shared: Arc<Shared>, generation: u64) {
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
        shared
            .slow_waiting
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let permit = shared.slow_work.acquire().await;
        shared
            .slow_waiting
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        let Ok(_permit) = permit else {
            return;
        };
        let checked = tokio::task::spawn_blocking({
            let path = path.clone();
            let uri = uri.clone();
            let shared = shared.clone();
            move || {
                catch_panic(|| {
                    // A peg board's search too: `check FOLDER` reports its verdict.
                    let stale = || !shared.workspace_current(generation);
                    let diagnostics = snapshot.disk_diagnostics(&path, &stale).unwrap_or_default();
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
