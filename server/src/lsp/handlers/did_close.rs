//! `textDocument/didClose`.

use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::state::*;

pub(crate) async fn did_close(backend: &Backend, params: DidCloseTextDocumentParams) {
    let uri = params.text_document.uri;
    let mut state = backend.state();
    if state.documents.remove(&uri).is_some() {
        backend.shared.queue(&mut state, &uri, Due::Own);
    }
}
