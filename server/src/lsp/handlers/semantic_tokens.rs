//! `textDocument/semanticTokens/full` and `range`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn semantic_tokens_full(
    backend: &Backend,
    params: SemanticTokensParams,
) -> Result<Option<SemanticTokensResult>> {
    let uri = params.text_document.uri;
    backend
        .on_open_document("highlighting", uri, move |snapshot, document, cancel| {
            let highlights = crate::ide::highlights(document);
            cancel.check()?;
            let data = convert::semantic_tokens(document.rope(), &highlights, snapshot.encoding);
            Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
        .await
}

pub(crate) async fn semantic_tokens_range(
    backend: &Backend,
    params: SemanticTokensRangeParams,
) -> Result<Option<SemanticTokensRangeResult>> {
    let uri = params.text_document.uri;
    let range = params.range;
    backend
        .on_open_document("highlighting", uri, move |snapshot, document, cancel| {
            let text = document.rope();
            let start = convert::offset(text, range.start, snapshot.encoding);
            let end = convert::offset(text, range.end, snapshot.encoding).max(start);
            let highlights = crate::ide::highlights_in(document, start..end);
            cancel.check()?;
            let data = convert::semantic_tokens(text, &highlights, snapshot.encoding);
            Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
        .await
}
