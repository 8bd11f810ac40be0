//! `retroboard/play`: the game a document describes, played from its start through the moves
//! the client keeps (undo is the list without its last move).

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::lsp::backend::*;
use crate::lsp::handlers::preview::{deserialize_seed, drawn_document};
use crate::play::play;

/// Parameters of `retroboard/play`.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayParams {
    pub text_document: TextDocumentIdentifier,
    /// The seed a card game is dealt with (default 1); other games ignore it.
    #[serde(default, deserialize_with = "deserialize_seed")]
    pub deal: Option<u64>,
    /// The moves from the start, in the game's notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Whether to suggest a next move.
    #[serde(default)]
    pub hint: bool,
}

/// A move not played and the rule that forbids it.
#[derive(Debug, serde::Serialize)]
pub struct RefusedMove {
    pub index: usize,
    #[serde(rename = "move")]
    pub notation: String,
    pub rule: String,
}

/// A suggested move (`null`: none) and why.
#[derive(Debug, serde::Serialize)]
pub struct HintAnswer {
    #[serde(rename = "move")]
    pub next: Option<String>,
    pub reason: String,
}

/// The result of `retroboard/play`.
#[derive(Debug, serde::Serialize)]
pub struct PlayResult {
    /// `playing`, `won`, `lost` or `stuck`.
    pub status: &'static str,
    /// The legal moves now.
    pub moves: Vec<String>,
    pub title: String,
    pub svg: String,
    pub text: String,
    /// The position in a sentence, or why a move was refused.
    pub message: String,
    /// The version of the open document played; `None` for a file read from disk.
    pub version: Option<i32>,
    /// The first move refused: the moves after it were not played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<RefusedMove>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<HintAnswer>,
    /// The preview's headline as it is now (a Patience game's win rate, searched meanwhile).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
}

impl Backend {
    /// `retroboard/play`: the position after the moves, drawn.
    pub async fn play(&self, params: PlayParams) -> Result<PlayResult> {
        let uri = params.text_document.uri;
        self.on_snapshot("play", move |snapshot, cancel| {
            let overlay = snapshot.overlay();
            let deal = params.deal.unwrap_or(1);
            drawn_document(snapshot, cancel, &uri, |document, version| {
                play(document, &overlay, deal, &params.moves, params.hint).map(|played| {
                    PlayResult {
                        status: played.status.name(),
                        moves: played.moves,
                        title: played.title,
                        svg: played.svg,
                        text: played.text,
                        message: played.message,
                        version,
                        refused: played.refused.map(|r| RefusedMove {
                            index: r.index,
                            notation: r.notation,
                            rule: r.rule,
                        }),
                        hint: played.hint.map(|h| HintAnswer {
                            next: h.next,
                            reason: h.reason,
                        }),
                        headline: played.headline,
                    }
                })
            })?
            .map_err(invalid_params)
        })
        .await
    }
}
