//! `textDocument/hover`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn hover(backend: &Backend, params: HoverParams) -> Result<Option<Hover>> {
    let at = params.text_document_position_params;
    let uri = at.text_document.uri;
    backend
        .on_open_document("hover", uri, move |snapshot, document, _| {
            let text = document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            let hover = crate::ide::hover(document, offset, &snapshot.overlay());
            Ok(hover.map(|hover| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: hover.markdown,
                }),
                range: Some(convert::range(text, hover.range, snapshot.encoding)),
            }))
        })
        .await
}
