//! `textDocument/references`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn references(
    backend: &Backend,
    params: ReferenceParams,
) -> Result<Option<Vec<Location>>> {
    let at = params.text_document_position;
    let include_declaration = params.context.include_declaration;
    let uri = at.text_document.uri;
    backend
        .on_open_document("references", uri, move |snapshot, document, cancel| {
            let offset = convert::offset(document.rope(), at.position, snapshot.encoding);
            let targets =
                crate::ide::references(document, offset, &snapshot.overlay(), include_declaration);
            cancel.check()?;
            Ok(Some(snapshot.locations(&targets)))
        })
        .await
}
