//! `textDocument/completion`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn completion(
    backend: &Backend,
    params: CompletionParams,
) -> Result<Option<CompletionResponse>> {
    let at = params.text_document_position;
    let uri = at.text_document.uri;
    backend
        .on_open_document("completion", uri, move |snapshot, document, cancel| {
            let text = document.rope();
            let offset = convert::offset(text, at.position, snapshot.encoding);
            let items = match document.path() {
                Some(path) if crate::settings::file::is_settings_file(path) => {
                    crate::settings::file::completions(&text.to_string(), offset)
                }
                _ => crate::ide::completions(document, offset, &snapshot.overlay()),
            };
            cancel.check()?;
            Ok(Some(CompletionResponse::Array(
                items
                    .iter()
                    .map(|item| convert::completion(text, item, snapshot.encoding))
                    .collect(),
            )))
        })
        .await
}
