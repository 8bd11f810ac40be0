//! `textDocument/foldingRange`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn folding_range(
    backend: &Backend,
    params: FoldingRangeParams,
) -> Result<Option<Vec<FoldingRange>>> {
    let uri = params.text_document.uri;
    backend
        .on_open_document("folding", uri, move |_, document, _| {
            let text = document.rope();
            let folds = crate::ide::folds(document);
            Ok(Some(
                folds
                    .iter()
                    .map(|f| convert::folding_range(text, f))
                    .collect(),
            ))
        })
        .await
}
