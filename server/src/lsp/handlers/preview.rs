//! `retroboard/preview`: the board drawn, with the map from its elements to the text.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::formats::{DiskFiles, Files};
use crate::registry::FormatId;
use crate::registry::detect;
use crate::render;
use crate::syntax::Document;

use crate::lsp::backend::*;
use crate::lsp::convert::{self};
use crate::lsp::snapshot::*;
use crate::lsp::state::*;

/// Parameters of `retroboard/preview`.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewParams {
    pub text_document: TextDocumentIdentifier,
    /// A seed: deal a card game (Patience) with it and draw every card. Other formats ignore it.
    #[serde(default, deserialize_with = "deserialize_seed")]
    pub deal: Option<u64>,
    /// Whether to list where the elements stand in `text` (`textMap`): only a client that
    /// shows the text drawing needs it, and on a large board it is a tenth of the answer.
    #[serde(default)]
    pub text_map: bool,
}

/// A seed given to the preview (`null`: none), or what is wrong with it.
pub(crate) fn seed_of(value: &LSPAny) -> std::result::Result<Option<u64>, String> {
    match value {
        LSPAny::Null => Ok(None),
        value => value
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("the deal {value} is not a seed: {}", render::SEED)),
    }
}

pub(crate) fn deserialize_seed<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Option<u64>, D::Error> {
    let value = <LSPAny as serde::Deserialize>::deserialize(deserializer)?;
    seed_of(&value).map_err(serde::de::Error::custom)
}

/// The result of `retroboard/preview` and of the `retroboard.preview` command.
#[derive(Debug, serde::Serialize)]
pub struct PreviewResult {
    pub format: Option<&'static str>,
    pub title: String,
    /// A line under the title: how often a Patience game is won (what the background search
    /// found so far).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    pub svg: String,
    pub text: String,
    /// The seed the cards were dealt with, when they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<u64>,
    /// A peg board's solution to step through (or why there is none): `{verdict, reason?,
    /// moves: [{from, over, to}], holes: [[row, column]], start: "1011…"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<crate::draw::Replay>,
    /// The version of the open document drawn; `None` for a file read from disk.
    pub version: Option<i32>,
    /// Each element of the drawing (its `data-rb-id`), the range of the text it stands for, and
    /// what it can become, as indices into `actions`.
    #[serde(rename = "sourceMap")]
    pub source_map: Vec<SourceElement>,
    /// Every action an element offers, each once: a masterboard's hexes offer the same terrains
    /// and their exits the same types, and listing them with every element made its answer
    /// 518 KB, two thirds of it actions, which the server wrote and the client parsed after
    /// every keystroke.
    pub actions: Vec<crate::draw::Action>,
    /// Where the elements stand in `text`: `[{id, line, start, end}]`, lines from 0, columns
    /// in characters of the drawing; only when asked for.
    #[serde(rename = "textMap", skip_serializing_if = "Option::is_none")]
    pub text_map: Option<Vec<crate::draw::TextMark>>,
}

/// An element of a preview's drawing, the range of the text it stands for, and what it can
/// become (`retroboard.editBoard` makes it so): indices into the answer's `actions`.
#[derive(Debug, serde::Serialize)]
pub struct SourceElement {
    pub id: String,
    pub range: Range,
    pub actions: Vec<usize>,
}

/// The command answering with `window/showDocument`: the text a drawing's element stands for,
/// selected (arguments: the document URI and the element's `data-rb-id`).
pub const REVEAL_COMMAND: &str = "retroboard.revealSource";

/// The command that returns the same as `retroboard/preview`, for clients without custom requests.
pub const PREVIEW_COMMAND: &str = "retroboard.preview";

impl Backend {
    /// `retroboard/preview`: the board of an open document (or of a file on disk).
    pub async fn preview(&self, params: PreviewParams) -> Result<PreviewResult> {
        self.preview_of(params.text_document.uri, params.deal, params.text_map)
            .await
    }

    /// The preview of `uri`: the request's answer and the command's.
    pub(crate) async fn preview_of(
        &self,
        uri: Uri,
        deal: Option<u64>,
        text_map: bool,
    ) -> Result<PreviewResult> {
        self.on_snapshot("preview", move |snapshot, cancel| {
            preview_of(snapshot, cancel, &uri, deal, text_map)
        })
        .await
    }
}

pub(crate) fn preview_of(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    deal: Option<u64>,
    with_text_map: bool,
) -> Result<PreviewResult> {
    let overlay = snapshot.overlay();
    // A dealt board where the format deals cards, else the plain one.
    // The findings of the open document's last check, when it checked the version drawn.
    let known = snapshot.documents.get(uri).and_then(|open| {
        let (version, findings) = open.findings.as_ref()?;
        (*version == open.version).then(|| findings.clone())
    });
    let draw = |document: &Document| {
        let dealt = deal.and_then(|seed| render::dealt_preview(document, &overlay, seed));
        let dealt_with = dealt.as_ref().and(deal);
        let plain = || match &known {
            Some(findings) => render::preview_with(document, &overlay, findings),
            None => render::preview(document, &overlay),
        };
        (dealt.unwrap_or_else(plain), dealt_with)
    };
    let drawn = |document: &Document, version: Option<i32>| {
        let (preview, deal) = draw(document);
        let mut positions = convert::Positions::new(document.rope(), snapshot.encoding);
        let source_map = positions_in_order(&mut positions, preview.source_map);
        PreviewResult {
            format: preview.format.map(FormatId::as_str),
            title: preview.title,
            headline: preview.headline,
            svg: preview.svg,
            text: preview.text,
            deal,
            solution: preview.replay,
            version,
            source_map,
            actions: preview.actions,
            text_map: with_text_map.then_some(preview.text_map),
        }
    };
    drawn_document(snapshot, cancel, uri, drawn)
}

/// A drawing's elements with their ranges and their actions. The positions are worked out in
/// the text's order, each from the line of the one before (a masterboard lists its hexes, then
/// the exits on their lines: in the drawing's order each exit would search the text for its
/// line).
pub(crate) fn positions_in_order(
    positions: &mut convert::Positions,
    elements: Vec<crate::draw::Element>,
) -> Vec<SourceElement> {
    let mut order: Vec<usize> = (0..elements.len()).collect();
    order.sort_by_key(|&i| elements[i].source.start);
    let mut ranges = vec![Range::default(); elements.len()];
    for i in order {
        ranges[i] = positions.range(elements[i].source.clone());
    }
    elements
        .into_iter()
        .zip(ranges)
        .map(|(element, range)| SourceElement {
            id: element.id,
            range,
            actions: element.actions,
        })
        .collect()
}

/// `f` of the document `uri` names, with its version: the open one, else the file on disk.
pub(crate) fn drawn_document<T>(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    f: impl FnOnce(&Document, Option<i32>) -> T,
) -> Result<T> {
    match snapshot.documents.get(uri) {
        Some(open) => {
            snapshot.inject(&open.document, &|| cancel.is_set());
            cancel.check()?;
            Ok(f(&open.document, Some(open.version)))
        }
        None => {
            let path = file_path(uri)
                .ok_or_else(|| invalid_params(format!("{} is not a file", uri.as_str())))?;
            let text = DiskFiles.read(&path).ok_or_else(|| {
                invalid_params(format!("{} is not open and cannot be read", uri.as_str()))
            })?;
            let document = Document::new(detect(Some(&path), &text), &text).with_path(Some(path));
            cancel.check()?;
            Ok(f(&document, None))
        }
    }
}

/// Where `retroboard.revealSource` leads: the element `id`'s range in the document drawn
/// (open or on disk); `None` when no element of its drawing has that id.
pub(crate) fn reveal_of(
    snapshot: &Snapshot,
    cancel: &Cancel,
    uri: &Uri,
    id: &str,
) -> Result<Option<ShowDocumentParams>> {
    let overlay = snapshot.overlay();
    // Only the drawing's elements: the SVG and the text drawing are not written.
    drawn_document(snapshot, cancel, uri, |document, _| {
        render::source_map(document, &overlay)
            .into_iter()
            .find(|e| e.id == id)
            .map(|e| ShowDocumentParams {
                uri: uri.clone(),
                external: None,
                take_focus: Some(true),
                selection: Some(convert::range(document.rope(), e.source, snapshot.encoding)),
            })
    })
}
