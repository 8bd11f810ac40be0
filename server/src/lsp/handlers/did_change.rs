//! `textDocument/didChange`: the edits applied in order, under the state lock, before the
//! handler's first `.await`; the document queued for its check.

use std::sync::Arc;

use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};
use crate::lsp::state::*;

pub(crate) async fn did_change(backend: &Backend, params: DidChangeTextDocumentParams) {
    let uri = params.text_document.uri;
    let version = params.text_document.version;
    let mut state = backend.state();
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
    backend.shared.queue(&mut state, &uri, Due::Own);
}
