//! `textDocument/inlayHint`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::syntax::Document;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};
use crate::lsp::ide;
use crate::lsp::snapshot::*;

pub(crate) async fn inlay_hint(
    backend: &Backend,
    params: InlayHintParams,
) -> Result<Option<Vec<InlayHint>>> {
    let uri = params.text_document.uri;
    backend
        .on_open_document("inlay hints", uri, move |snapshot, document, _| {
            Ok(Some(inlay_hints_of(snapshot, document, params.range)))
        })
        .await
}

/// The inlay hints of `range` of `document` (a whole CRE's are 800 hints, 80 KB of JSON).
pub(crate) fn inlay_hints_of(
    snapshot: &Snapshot,
    document: &Document,
    range: Range,
) -> Vec<InlayHint> {
    let text = document.rope();
    let start = convert::offset(text, range.start, snapshot.encoding);
    let end = convert::offset(text, range.end, snapshot.encoding).max(start);
    let options = snapshot.client.inlay;
    let hints = crate::ide::inlay_hints(document, start..end, &options, &snapshot.overlay());
    ide::inlay_hints(text, &hints, snapshot.encoding)
}
