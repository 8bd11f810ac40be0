//! `textDocument/formatting` and `rangeFormatting`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};
use crate::lsp::snapshot::*;

pub(crate) async fn formatting(
    backend: &Backend,
    params: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>> {
    let uri = params.text_document.uri;
    backend
        .on_snapshot("formatting", move |snapshot, cancel| {
            format_edits(snapshot, cancel, &uri, None)
        })
        .await
}

pub(crate) async fn range_formatting(
    backend: &Backend,
    params: DocumentRangeFormattingParams,
) -> Result<Option<Vec<TextEdit>>> {
    let uri = params.text_document.uri;
    let range = params.range;
    backend
        .on_snapshot("formatting", move |snapshot, cancel| {
            format_edits(snapshot, cancel, &uri, Some(range))
        })
        .await
}

/// The edits formatting an open document (the lines `range` touches, when given), columns in
/// the negotiated encoding; none for a document that is not open.
pub(crate) fn format_edits(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    range: Option<Range>,
) -> Result<Option<Vec<TextEdit>>> {
    let Some(open) = snapshot.documents.get(uri) else {
        return Ok(None);
    };
    snapshot.inject(&open.document, &|| cancel.is_set());
    cancel.check()?;
    let text = open.document.whole_rope();
    let edits = match range {
        None => crate::formatting::format(&open.document),
        Some(range) => {
            let start = convert::offset(text, range.start, snapshot.encoding);
            let end = convert::offset(text, range.end, snapshot.encoding).max(start);
            crate::formatting::format_range(&open.document, start..end)
        }
    };
    cancel.check()?;
    Ok(Some(convert::text_edits(text, &edits, snapshot.encoding)))
}
