//! `textDocument/documentLink`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn document_link(
    backend: &Backend,
    params: DocumentLinkParams,
) -> Result<Option<Vec<DocumentLink>>> {
    let uri = params.text_document.uri;
    backend
        .on_open_document("links", uri, move |snapshot, document, _| {
            let links = crate::ide::links(document, &snapshot.overlay());
            let text = document.rope();
            Ok(Some(
                links
                    .iter()
                    .filter_map(|l| convert::document_link(text, l, snapshot.encoding))
                    .collect(),
            ))
        })
        .await
}
