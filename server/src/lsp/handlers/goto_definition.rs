//! `textDocument/definition`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn goto_definition(
    backend: &Backend,
    params: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>> {
    let at = params.text_document_position_params;
    let uri = at.text_document.uri;
    backend
        .on_open_document(
            "go to definition",
            uri,
            move |snapshot, document, cancel| {
                let offset = convert::offset(document.rope(), at.position, snapshot.encoding);
                let targets = crate::ide::definition(document, offset, &snapshot.overlay());
                cancel.check()?;
                Ok(Some(GotoDefinitionResponse::Array(
                    snapshot.locations(&targets),
                )))
            },
        )
        .await
}
