//! The slow work of an open document (a peg board's search, a Patience game's study): once
//! edits pause, on the one thread for slow work, in turns where the search has several,
//! cancelled by the next edit; its end publishes the document's diagnostics again, so clients
//! redraw their preview.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tower_lsp_server::ls_types::*;

use crate::analysis::{self, catch_panic};
use crate::lsp::check::{publish_diagnostics, sort_diagnostics};
use crate::lsp::snapshot::*;
use crate::lsp::state::*;

/// The slow work of a document whose other diagnostics were published, with what its result
/// is published with.
pub(crate) struct PendingSearch {
    pub(crate) work: analysis::SlowWork,
    pub(crate) conversion: Conversion,
    pub(crate) version: Option<i32>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// Stops a slow search: set by an edit, a close or `shutdown`.
#[derive(Default)]
pub(crate) struct Stop {
    pub(crate) flag: AtomicBool,
    /// Wakes a search still waiting for its turn.
    pub(crate) wake: tokio::sync::Notify,
}

impl Stop {
    pub(crate) fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
        self.wake.notify_one();
    }

    pub(crate) fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// The positions the language server's search for a document's slow findings (whether a peg
/// board can be won) examines after each edit that changes what they read: those of `check`.
pub(crate) const SOLVE_BUDGET: u64 = analysis::SEARCH_POSITIONS;

/// How long edits of a document must pause before its slow search starts: a search started
/// at each keystroke, to be stopped by the next one, takes a core from the next keystroke's
/// check: on the largest corpus board typed at 20 ms a keystroke, its diagnostics came after
/// 2.8 ms (p50) and 7.6 ms (p99) with a search at each keystroke, 1.5 and 2.4 ms without.
pub(crate) const SEARCH_AFTER_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

/// Searches for the slow findings of a document whose other diagnostics were just published,
/// and publishes them with those, for the same version, unless an edit or a close came
/// meanwhile (which cancels the search); with none, the same diagnostics again (a preview drawn
/// during the search said it was searching: clients redraw on a publish).
pub(crate) async fn search_slow(
    shared: &Arc<Shared>,
    uri: &Uri,
    opening: Option<u64>,
    search: PendingSearch,
) {
    let cancelled = Arc::new(Stop::default());
    let injection = {
        let mut state = shared.state();
        if state.due.get(uri) == Some(&Due::Own) || state.shutting_down {
            return;
        }
        state.searches.insert(uri.clone(), cancelled.clone());
        state.injection.clone()
    };
    // From now until the verdict is kept, a preview of the board says it is being searched.
    let under_way = search.work.under_way();
    // Not while the board is being typed: each keystroke would start a search and stop it.
    let paused = tokio::select! {
        () = tokio::time::sleep(SEARCH_AFTER_PAUSE) => true,
        () = cancelled.wake.notified() => false,
    };
    let gives_way = search.work.gives_way();
    let permit = slow_permit(shared, &cancelled, gives_way).await;
    let PendingSearch {
        work,
        conversion,
        version,
        mut diagnostics,
    } = search;
    let work = Arc::new(work);
    let mut permit = permit.filter(|_| paused);
    // A search of several turns (a Patience game's deals) lets whatever waits for the
    // background thread (another file's search, the workspace check) go between its turns.
    let found = loop {
        let Some(turn_permit) = permit.take().filter(|_| !cancelled.is_set()) else {
            let mut state = shared.state();
            forget_search(&mut state, uri, &cancelled);
            return;
        };
        let turn = tokio::task::spawn_blocking({
            let (work, flag, injection) = (work.clone(), cancelled.clone(), injection.clone());
            let shared = shared.clone();
            move || {
                // A search that gives way stops its turn as soon as other slow work waits.
                let stop = || {
                    flag.is_set() || (gives_way && shared.slow_waiting.load(Ordering::Relaxed) > 0)
                };
                let turn = catch_panic(|| {
                    if let Some(injection) = &injection {
                        injection(work.document(), &stop);
                    }
                    work.turn(&stop)
                });
                // A search's tables are tens of MB: given back at once.
                crate::lsp::memory::release_memory();
                turn
            }
        })
        .await
        .ok();
        drop(turn_permit);
        match turn {
            Some(Ok(Some(found))) => break Some(Ok(found)),
            Some(Ok(None)) => permit = slow_permit(shared, &cancelled, gives_way).await,
            Some(Err(message)) => break Some(Err(message)),
            None => break None,
        }
    };
    drop(under_way);
    {
        let mut state = shared.state();
        forget_search(&mut state, uri, &cancelled);
        let current = state.documents.get(uri).map(|open| open.opening);
        if cancelled.is_set() || current != opening {
            return;
        }
    }
    let found = match found {
        Some(Ok(found)) => found,
        None => return,
        Some(Err(message)) => {
            eprintln!("retroboard: internal error in a slow check: {message}");
            return;
        }
    };
    // Published even when the search found nothing to say (a board that can be won): clients
    // redraw their preview on it, and it now shows the verdict.
    conversion.record(found.entries, true);
    let document = work.document();
    diagnostics.extend(conversion.diagnostics(document, &found.findings, version));
    sort_diagnostics(&mut diagnostics);
    let notification = publish_diagnostics(uri, &diagnostics, version);
    shared.notifier.send(&notification).await;
    shared.activity.notify_one();
}

/// How often a search that gives way looks whether other slow work still waits.
const GIVE_WAY_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// The turn of the one thread for slow work; `None` once `cancelled`. Waiting for it ends at
/// once when the search is cancelled (an edit), so the check task is free for the edit's
/// diagnostics. A search that gives way (a Patience game's study, which nobody waits for)
/// waits while other slow work waits, so it holds up a board's search or the workspace check
/// for no more than the few positions it examines before it looks again.
pub(crate) async fn slow_permit<'a>(
    shared: &'a Shared,
    cancelled: &Stop,
    gives_way: bool,
) -> Option<tokio::sync::SemaphorePermit<'a>> {
    if !gives_way {
        shared.slow_waiting.fetch_add(1, Ordering::Relaxed);
    }
    while gives_way && shared.slow_waiting.load(Ordering::Relaxed) > 0 {
        tokio::select! {
            () = tokio::time::sleep(GIVE_WAY_POLL) => {}
            () = cancelled.wake.notified() => return None,
        }
    }
    let permit = tokio::select! {
        permit = shared.slow_work.acquire() => permit.ok(),
        () = cancelled.wake.notified() => None,
    };
    if !gives_way {
        shared.slow_waiting.fetch_sub(1, Ordering::Relaxed);
    }
    permit
}

/// Forgets the search of `uri` once it ended, unless a newer one took its place.
fn forget_search(state: &mut State, uri: &Uri, search: &Arc<Stop>) {
    if state
        .searches
        .get(uri)
        .is_some_and(|s| Arc::ptr_eq(s, search))
    {
        state.searches.remove(uri);
    }
}
