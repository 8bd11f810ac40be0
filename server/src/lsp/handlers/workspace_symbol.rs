//! `workspace/symbol`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};

pub(crate) async fn symbol(
    backend: &Backend,
    params: WorkspaceSymbolParams,
) -> Result<Option<WorkspaceSymbolResponse>> {
    backend
        .on_snapshot("workspace symbols", move |snapshot, cancel| {
            let mut found = Vec::new();
            crate::ide::workspace_symbols(
                &snapshot.roots,
                &params.query,
                &snapshot.overlay(),
                |path, doc, symbol| {
                    if let Some(symbol) =
                        convert::workspace_symbol(path, doc.rope(), &symbol, snapshot.encoding)
                    {
                        found.push(symbol);
                    }
                },
            );
            cancel.check()?;
            Ok(Some(WorkspaceSymbolResponse::Nested(found)))
        })
        .await
}
