//! The workspace's folders, its files changed on the disk, and the client's settings.

use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::check::*;
use crate::lsp::snapshot::*;
use crate::lsp::state::*;

pub(crate) async fn did_change_workspace_folders(
    backend: &Backend,
    params: DidChangeWorkspaceFoldersParams,
) {
    {
        let mut state = backend.state();
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
    backend.shared.check_workspace();
}

pub(crate) async fn did_change_watched_files(
    backend: &Backend,
    params: DidChangeWatchedFilesParams,
) {
    // A deleted file's findings go at once; the rest (a changed Colossus file changes what
    // its variant's other files read, a changed retroboard.toml any file's rules) comes
    // from checking the whole workspace again, at idle priority.
    let mut cleared = Vec::new();
    {
        let mut state = backend.state();
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
        backend
            .shared
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
        let shared = backend.shared.clone();
        let mut state = backend.state();
        let open: Vec<Uri> = state.documents.keys().cloned().collect();
        for uri in open {
            shared.queue(&mut state, &uri, Due::Own);
        }
    }
    backend.shared.check_workspace_soon();
}

pub(crate) async fn did_change_configuration(
    backend: &Backend,
    params: DidChangeConfigurationParams,
) {
    backend.state().client.configure(&params.settings);
}
