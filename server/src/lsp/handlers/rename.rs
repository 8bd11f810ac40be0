//! `textDocument/prepareRename` and `rename`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};
use crate::lsp::ide;

pub(crate) async fn prepare_rename(
    backend: &Backend,
    at: TextDocumentPositionParams,
) -> Result<Option<PrepareRenameResponse>> {
    let uri = at.text_document.uri;
    backend
        .on_open_document("rename", uri, move |snapshot, document, _| {
            let text = document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            let range = crate::ide::prepare_rename(document, offset, &snapshot.overlay())
                .map_err(ide::refused)?;
            Ok(range
                .map(|r| PrepareRenameResponse::Range(convert::range(text, r, snapshot.encoding))))
        })
        .await
}

pub(crate) async fn rename(
    backend: &Backend,
    params: RenameParams,
) -> Result<Option<WorkspaceEdit>> {
    let at = params.text_document_position;
    let uri = at.text_document.uri;
    backend
        .on_open_document("rename", uri, move |snapshot, document, cancel| {
            let offset = convert::offset(document.rope(), at.position, snapshot.encoding);
            let replaces =
                crate::ide::rename(document, offset, &params.new_name, &snapshot.overlay())
                    .map_err(ide::refused)?;
            cancel.check()?;
            Ok((!replaces.is_empty()).then(|| snapshot.workspace_edit(&replaces, snapshot.client)))
        })
        .await
}
