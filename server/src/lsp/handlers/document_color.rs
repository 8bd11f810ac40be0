//! `textDocument/documentColor` and `textDocument/colorPresentation`: a swatch for each colour
//! a file names, and the names a colour picker offers for the colour chosen.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::convert::{self, Positions};

pub(crate) async fn document_color(
    backend: &Backend,
    params: DocumentColorParams,
) -> Result<Vec<ColorInformation>> {
    let uri = params.text_document.uri;
    let swatches = backend
        .on_open_document("colors", uri, move |snapshot, document, _| {
            let mut positions = Positions::new(document.rope(), snapshot.encoding);
            Ok(Some(
                crate::ide::colors(document)
                    .into_iter()
                    .map(|swatch| ColorInformation {
                        range: positions.range(swatch.range),
                        color: convert::lsp_color(swatch.rgb),
                    })
                    .collect(),
            ))
        })
        .await?;
    Ok(swatches.unwrap_or_default())
}

/// The names for the colour chosen, nearest first, each an edit that writes it in place of the
/// colour's name (the first is what a client applies as the colour is picked).
pub(crate) async fn color_presentation(
    backend: &Backend,
    params: ColorPresentationParams,
) -> Result<Vec<ColorPresentation>> {
    let uri = params.text_document.uri;
    let (range, rgb) = (params.range, convert::rgb(&params.color));
    let presentations = backend
        .on_open_document("color presentations", uri, move |snapshot, document, _| {
            let text = document.rope();
            let encoding = snapshot.encoding;
            let bytes = convert::offset(text, range.start, encoding)
                ..convert::offset(text, range.end, encoding);
            let replaced = convert::range(text, bytes.clone(), encoding);
            Ok(Some(
                crate::ide::color_names(document, bytes, rgb)
                    .into_iter()
                    .map(|name| ColorPresentation {
                        label: name.clone(),
                        text_edit: Some(TextEdit {
                            range: replaced,
                            new_text: name,
                        }),
                        additional_text_edits: None,
                    })
                    .collect(),
            ))
        })
        .await?;
    Ok(presentations.unwrap_or_default())
}
