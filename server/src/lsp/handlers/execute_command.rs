//! `workspace/executeCommand`: `retroboard.preview`, `retroboard.revealSource`,
//! `retroboard.selectText`, `retroboard.explain` and `retroboard.editBoard`.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::handlers::preview::*;

pub(crate) async fn execute_command(
    backend: &Backend,
    params: ExecuteCommandParams,
) -> Result<Option<LSPAny>> {
    if params.command == REVEAL_COMMAND {
        return backend.reveal_source(&params.arguments).await;
    }
    if params.command == SELECT_COMMAND {
        return backend.select_text(&params.arguments);
    }
    if params.command == EXPLAIN_COMMAND {
        return explain(&params.arguments);
    }
    if params.command == EDIT_BOARD_COMMAND {
        return backend.edit_board(&params.arguments).await;
    }
    if params.command != PREVIEW_COMMAND {
        return Err(invalid_params(format!(
            "unknown command {}",
            params.command
        )));
    }
    let uri = params
        .arguments
        .first()
        .and_then(|a| a.as_str().or_else(|| a.get("uri").and_then(|u| u.as_str())))
        .and_then(|u| u.parse::<Uri>().ok())
        .ok_or_else(|| {
            invalid_params(format!(
                "{PREVIEW_COMMAND} takes the document URI as its argument"
            ))
        })?;
    // An optional second argument: a seed to deal a card game with, or the request's
    // options `{deal, textMap}`.
    let options = params.arguments.get(1);
    let deal = match options {
        Some(LSPAny::Object(options)) => options.get("deal"),
        seed => seed,
    };
    let deal = deal.map_or(Ok(None), seed_of).map_err(invalid_params)?;
    let text_map = options.and_then(|a| a.get("textMap")?.as_bool()) == Some(true);
    let preview = backend.preview_of(uri, deal, text_map).await?;
    serde_json::to_value(preview)
        .map(Some)
        .map_err(|err| internal_error("preview", err.to_string()))
}

/// The explanation of a diagnostic code (`[code]`, or `[link]` as a diagnostic's
/// `codeDescription` holds it): what `retroboard explain CODE` says, as Markdown.
pub const EXPLAIN_COMMAND: &str = "retroboard.explain";

fn explain(arguments: &[LSPAny]) -> Result<Option<LSPAny>> {
    let asked = arguments.first().and_then(|a| a.as_str()).ok_or_else(|| {
        invalid_params(format!(
            "{EXPLAIN_COMMAND} takes a diagnostic code, such as colossus/unused-terrain"
        ))
    })?;
    let prefix = format!("{}:", crate::findings::EXPLAIN_SCHEME);
    let name = asked.strip_prefix(&prefix).unwrap_or(asked);
    let code = crate::formats::code_doc(name).ok_or_else(|| {
        invalid_params(format!(
            "Retroboard has no code {name} (`retroboard explain` lists every code)"
        ))
    })?;
    Ok(Some(LSPAny::String(code.markdown())))
}

/// Selects a range of a document in the editor (`[uri, range]`): what a "suppress here" fix
/// runs once its edit is made, so that the reason it wrote is typed over at once.
pub const SELECT_COMMAND: &str = "retroboard.selectText";

impl Backend {
    /// `retroboard.selectText [uri, range]`: sends `window/showDocument` selecting the range,
    /// and answers with the same `{uri, selection}`.
    fn select_text(&self, arguments: &[LSPAny]) -> Result<Option<LSPAny>> {
        let usage = || invalid_params(format!("{SELECT_COMMAND} takes a document URI and a range"));
        let uri = arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or_else(usage)?;
        let selection: Range = arguments
            .get(1)
            .and_then(|r| serde_json::from_value(r.clone()).ok())
            .ok_or_else(usage)?;
        let params = ShowDocumentParams {
            uri,
            external: None,
            take_focus: Some(true),
            selection: Some(selection),
        };
        let answer = serde_json::to_value(&params).map_err(|e| invalid_params(e.to_string()))?;
        let client = self.client.clone();
        tokio::spawn(async move {
            // A client that cannot show documents answers with an error; nothing else to do.
            let _ = client.show_document(params).await;
        });
        Ok(Some(answer))
    }

    /// `retroboard.revealSource [uri, id]`: sends `window/showDocument` selecting the text the
    /// element stands for, and answers with the same `{uri, selection}` (`null` when the
    /// drawing has no such element).
    pub(crate) async fn reveal_source(&self, arguments: &[LSPAny]) -> Result<Option<LSPAny>> {
        let usage = || {
            invalid_params(format!(
                "{REVEAL_COMMAND} takes the document URI and an element id (data-rb-id)"
            ))
        };
        let uri = arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or_else(usage)?;
        let id = arguments
            .get(1)
            .and_then(|a| a.as_str())
            .ok_or_else(usage)?
            .to_string();
        let shown = self
            .on_snapshot("revealSource", move |snapshot, cancel| {
                reveal_of(snapshot, cancel, &uri, &id)
            })
            .await?;
        let Some(params) = shown else {
            return Ok(None);
        };
        let answer = serde_json::to_value(&params).map_err(|e| invalid_params(e.to_string()))?;
        let client = self.client.clone();
        tokio::spawn(async move {
            // A client that cannot show documents answers with an error; nothing else to do.
            let _ = client.show_document(params).await;
        });
        Ok(Some(answer))
    }
}

/// Changes an element of the preview's drawing (`[uri, version, id, action]`, the action one of
/// the element's `actions` in the source map): the server sends `workspace/applyEdit` with the
/// edit and answers `null`, or answers an error saying why not.
pub const EDIT_BOARD_COMMAND: &str = "retroboard.editBoard";

impl Backend {
    /// `retroboard.editBoard [uri, version, id, action]`. The version is the one the preview
    /// drew: an element of an older text may stand elsewhere now, so a stale one is refused
    /// (the client draws again and asks again). The edit carries the document's version too,
    /// so a client that moved on meanwhile refuses it in turn.
    pub(crate) async fn edit_board(&self, arguments: &[LSPAny]) -> Result<Option<LSPAny>> {
        let usage = || {
            invalid_params(format!(
                "{EDIT_BOARD_COMMAND} takes the document URI, its version, an element id \
(data-rb-id) and one of the element's actions"
            ))
        };
        let uri = arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or_else(usage)?;
        let version = arguments
            .get(1)
            .and_then(|a| a.as_i64())
            .and_then(|v| i32::try_from(v).ok())
            .ok_or_else(usage)?;
        let id = arguments
            .get(2)
            .and_then(|a| a.as_str())
            .ok_or_else(usage)?;
        let action = arguments
            .get(3)
            .and_then(|a| a.as_str())
            .ok_or_else(usage)?;
        let (id, action) = (id.to_string(), action.to_string());
        let edit = self
            .on_snapshot("editBoard", move |snapshot, cancel| {
                edit_of(snapshot, cancel, &uri, version, &id, &action)
            })
            .await?;
        let client = self.client.clone();
        tokio::spawn(async move {
            // A client that refuses the edit (its text moved on) says so itself.
            let _ = client.apply_edit(edit).await;
        });
        Ok(None)
    }
}

/// The workspace edit of `retroboard.editBoard`, or the error answer saying why there is none.
fn edit_of(
    snapshot: &crate::lsp::snapshot::Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    version: i32,
    id: &str,
    action: &str,
) -> Result<WorkspaceEdit> {
    use crate::lsp::ide::refused;
    let open = snapshot.documents.get(uri).ok_or_else(|| {
        refused(format!(
            "{} is not open, so its board is not changed from the preview",
            uri.as_str()
        ))
    })?;
    if open.version != version {
        return Err(refused(format!(
            "the board was drawn from version {version} of the document, which is now at \
version {}: nothing was changed (draw it again and retry)",
            open.version
        )));
    }
    snapshot.inject(&open.document, &|| cancel.is_set());
    let overlay = snapshot.overlay();
    let edits = crate::render::edit::board_edit(&open.document, &overlay, id, action)
        .map_err(|err| refused(err.to_string()))?;
    cancel.check()?;
    crate::lsp::convert::workspace_edit(
        open.document.whole_rope(),
        uri,
        open.version,
        &edits,
        snapshot.encoding,
    )
    .ok_or_else(|| refused(format!("{id} cannot be changed to {action} here")))
}
