//! `textDocument/documentSymbol`: the outline.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn document_symbol(
    backend: &Backend,
    params: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>> {
    let uri = params.text_document.uri;
    backend
        .on_open_document("the outline", uri, move |snapshot, document, cancel| {
            let symbols = crate::ide::outline(document);
            cancel.check()?;
            let mut positions = convert::Positions::new(document.rope(), snapshot.encoding);
            Ok(Some(DocumentSymbolResponse::Nested(
                convert::document_symbols(&mut positions, symbols),
            )))
        })
        .await
}
