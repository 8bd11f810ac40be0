//! The readers' task: once edits pause, the files that read an edited one (a Colossus
//! variant's other files) are checked again, when what they read of it changed.

use std::sync::Arc;

use tower_lsp_server::ls_types::Uri;

use crate::lsp::snapshot::*;
use crate::lsp::state::*;

/// How long edits must pause before the files that read an edited one are checked again: a
/// keystroke answers with its own file's diagnostics first, and the other files' checks do not
/// hold up the next keystroke.
pub(crate) const READERS_DELAY: std::time::Duration = std::time::Duration::from_millis(50);

/// The readers' task: once edits pause, queues the files that read each checked document,
/// when what they read of it changed.
pub(crate) async fn check_readers(shared: Arc<Shared>) {
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
