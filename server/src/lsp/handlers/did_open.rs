//! `textDocument/didOpen`: the document kept and queued for its check.

use std::sync::Arc;

use tower_lsp_server::ls_types::*;

use crate::registry::FormatId;
use crate::registry::detect;
use crate::syntax::Document;

use crate::lsp::backend::*;
use crate::lsp::state::*;

pub(crate) async fn did_open(backend: &Backend, params: DidOpenTextDocumentParams) {
    let item = params.text_document;
    let path = file_path(&item.uri);
    // The client's language id, else the format retroboard.toml gives the file.
    let settings = backend.state().settings.clone();
    let chosen = FormatId::from_id(&item.language_id).or_else(|| {
        let path = path.as_deref()?;
        settings.for_file(path)?.format_for(path)
    });
    let format = chosen.or_else(|| detect(path.as_deref(), &item.text));
    let document = Document::new(format, &item.text).with_path(path.clone());
    let mut state = backend.state();
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
    backend.shared.queue(&mut state, &item.uri, Due::Own);
}
