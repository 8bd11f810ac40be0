//! The preview of a document: its format's board drawn as SVG and as text (or a clear message
//! when there is none), as `retroboard/preview` returns and `retroboard render` writes; and
//! pictures as PNG.

pub mod edit;

use crate::draw::{Action, Anchor, Board, Color, Element, Item, Replay, Scene, Style, TextMark};
use crate::findings::Finding;
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::Document;

/// What `retroboard/preview` returns and `retroboard render` writes.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub format: Option<FormatId>,
    pub title: String,
    pub svg: String,
    pub text: String,
    /// Moves a viewer can step through on the drawing (a peg board's solution).
    pub replay: Option<Replay>,
    /// What the drawing's elements stand for in the text: each `data-rb-id` of the SVG with
    /// its byte range, in drawing order, and its actions (indices into `actions`).
    pub source_map: Vec<Element>,
    /// Every action the elements offer, each once.
    pub actions: Vec<Action>,
    /// Where the elements stand in `text` (the same ids as `source_map`).
    pub text_map: Vec<TextMark>,
    /// A line shown under the title (how often a Patience game is won), where the format
    /// has one.
    pub headline: Option<String>,
}

/// The note on a file in a later Colossus dialect, which is read only once that dialect is.
const LATER_DIALECT: &str = "colossus/unsupported-dialect";

/// The preview of a document: its board, or a picture of a clear message when there is none.
pub fn preview(doc: &Document, files: &dyn Files) -> Preview {
    // A text that is not read has no findings (and its message says why).
    let findings = if doc.unparsed().is_some() {
        Vec::new()
    } else {
        crate::analysis::analyze_with(doc, files)
    };
    preview_with(doc, files, &findings)
}

/// [`preview`] with the document's `findings` known (as its last check found them).
pub fn preview_with(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Preview {
    let format = doc.format();
    match board_of(doc, files, findings) {
        Ok(board) => {
            let mut preview = drawn(
                format,
                board,
                format.and_then(|f| crate::formats::spec(f).replay(doc, files, findings)),
            );
            preview.actions = with_actions(doc, files, &mut preview.source_map);
            preview.headline = headline(doc, files);
            preview
        }
        Err(message) => message_preview(format, &message),
    }
}

/// The elements with what each can become (see [`edit`]), asked of the format: every action
/// offered, each once; each element's `actions` are indices into it.
pub fn with_actions(doc: &Document, files: &dyn Files, elements: &mut [Element]) -> Vec<Action> {
    let Some(format) = doc.format() else {
        return Vec::new();
    };
    let ids: Vec<&str> = elements.iter().map(|e| e.id.as_str()).collect();
    let (actions, offers) = crate::formats::spec(format)
        .board_actions(doc, files, &ids)
        .into_parts();
    for (element, offers) in elements.iter_mut().zip(offers) {
        element.actions = offers;
    }
    actions
}

/// What [`preview`]'s drawing's elements stand for in the text (its `source_map`), without
/// writing the drawing: where a click on the board leads. Their `actions` are left empty (a
/// reveal never reads them); [`with_actions`] adds them.
pub fn source_map(doc: &Document, files: &dyn Files) -> Vec<Element> {
    if doc.unparsed().is_some() {
        return Vec::new();
    }
    let findings = crate::analysis::analyze_with(doc, files);
    board_of(doc, files, &findings)
        .map(|board| board.scene.into_source_map())
        .unwrap_or_default()
}

/// The board of `doc` drawn with its `findings`, or what a preview says instead.
fn board_of(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Result<Board, String> {
    if let Some(limit) = doc.unparsed() {
        return Err(match limit {
            crate::syntax::Unparsed::File { .. } => {
                "This file is too large for Retroboard to draw (more than 16 MB).".to_string()
            }
            crate::syntax::Unparsed::Nul { .. } => {
                "This text holds a NUL character (binary data), so nothing is drawn.".to_string()
            }
            crate::syntax::Unparsed::Line { line, .. } => format!(
                "Line {} is too long for Retroboard to read (more than 64 KB), so nothing is drawn.",
                line + 1
            ),
        });
    }
    if let Some(note) = findings.iter().find(|f| f.code == LATER_DIALECT) {
        // Not read, so not drawn: a board of default hexes would look like a board that is fine.
        let line = doc
            .rope()
            .byte_to_line(note.range.start.min(doc.rope().len_bytes()))
            + 1;
        return Err(format!(
            "This file is in a later Colossus format and is not drawn yet (see the note on line {line})."
        ));
    }
    let format = doc.format();
    format
        .and_then(|f| crate::formats::spec(f).board(doc, files, findings))
        .ok_or_else(|| match format {
            Some(f) => format!("No preview for this {} yet.", f.title()),
            None => "Retroboard does not recognise this file, so it cannot draw it.".to_string(),
        })
}

/// What a seed to deal with is, as `render --deal` and the preview say when given another.
pub const SEED: &str = "a seed is a whole number from 0 to 2^64 - 1 (18446744073709551615)";

/// The preview of a card game after a sample deal with `seed`; `None` when the document's
/// format deals no cards (or the document is not read: its plain [`preview`] says why).
pub fn dealt_preview(doc: &Document, files: &dyn Files, seed: u64) -> Option<Preview> {
    if doc.unparsed().is_some() {
        return None;
    }
    let format = doc.format()?;
    let findings = crate::analysis::analyze_with(doc, files);
    let board = crate::formats::spec(format).dealt_board(doc, files, &findings, seed)?;
    let mut preview = drawn(Some(format), board, None);
    preview.headline = headline(doc, files);
    Some(preview)
}

/// The format's line under the title of the preview ([`Preview::headline`]), and of a game
/// played ([`crate::play::Played::headline`]).
pub fn headline(doc: &Document, files: &dyn Files) -> Option<String> {
    let headline = crate::formats::spec(doc.format()?).headline(doc, files)?;
    Some(crate::text::terminal_safe(&headline).into_owned())
}

/// The preview of a drawn board: written, then its maps taken from it.
fn drawn(format: Option<FormatId>, board: Board, replay: Option<Replay>) -> Preview {
    let svg = board.scene.to_svg();
    let text = board.text.render();
    Preview {
        format,
        // From the file: shown where escape sequences would act (a tab title, a terminal).
        title: crate::text::terminal_safe(&board.title).into_owned(),
        svg,
        text,
        replay,
        source_map: board.scene.into_source_map(),
        actions: Vec::new(),
        text_map: board.text.into_marks(),
        headline: None,
    }
}

/// A preview that only says something.
pub fn message_preview(format: Option<FormatId>, message: &str) -> Preview {
    // Wide enough for the message (14 px text needs about 0.6 of that per character).
    let width = (message.chars().count() as f64 * 14.0 * 0.6 + 40.0).max(480.0);
    let mut scene = Scene::new(width, 60.0, message);
    scene.push(Item::Text {
        x: width / 2.0,
        y: 34.0,
        text: message.to_string(),
        size: 14.0,
        anchor: Anchor::Middle,
        style: Style::fill(Color::INK),
    });
    Preview {
        format,
        title: message.to_string(),
        svg: scene.to_svg(),
        text: format!("{message}\n"),
        replay: None,
        source_map: Vec::new(),
        actions: Vec::new(),
        text_map: Vec::new(),
        headline: None,
    }
}

/// Rasterises an SVG with resvg, using the system's fonts for text.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = resvg::usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // Generic families map to fonts that may not be installed; use one that is.
    let installed = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans"]
        .into_iter()
        .find(|family| {
            fonts
                .faces()
                .any(|face| face.families.iter().any(|(name, _)| name == family))
        });
    if let Some(family) = installed {
        fonts.set_sans_serif_family(family);
    }
    let tree = resvg::usvg::Tree::from_str(svg, &options)
        .map_err(|err| format!("cannot read the drawing: {err}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width().max(1), size.height().max(1))
        .ok_or_else(|| "the drawing is too large to rasterise".to_string())?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|err| format!("cannot encode the PNG: {err}"))
}
