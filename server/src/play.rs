//! Playing a file's game, for every front end: the format's rules engine
//! ([`crate::formats::play::Game`]) replays the moves from the start and the position is
//! drawn as the preview draws the board, so `retroboard play` and the editors' Play show the
//! same position for the same moves.

use std::sync::Arc;

use crate::draw::Element;
use crate::findings::{Severity, plural};
use crate::formats::play::{Hint, Status};
use crate::formats::{Chosen, Files};
use crate::syntax::Document;

/// The positions a hint's search examines at most: a count, so a hint is the same on every
/// machine, and small enough that the answer comes within a few milliseconds.
pub const HINT_POSITIONS: u64 = 8_000;

/// A move that was not played, and the rule that forbids it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Its place in the list of moves, from 0.
    pub index: usize,
    pub notation: String,
    pub rule: String,
}

/// A game replayed: the position after the moves (up to the first one refused).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub status: Status,
    /// The legal moves now, in the game's notation.
    pub moves: Vec<String>,
    /// The position in a sentence.
    pub message: String,
    pub title: String,
    pub svg: String,
    pub text: String,
    /// The drawing's elements (their `data-rb-id`), as the preview's source map.
    pub source_map: Vec<Element>,
    /// The first move refused, when one was: the moves after it are not played.
    pub refused: Option<Refusal>,
    /// A move worth playing now, when asked for.
    pub hint: Option<Hint>,
    /// The preview's line under the title, as it is now (how often a Patience game is won,
    /// as far as the editor's study has searched): it moves on while the game is played.
    pub headline: Option<String>,
}

/// Plays `moves` on the game `doc` describes (dealt with `deal` when it is a card game), and
/// a hint for the position reached when `hint`. `Err`: why this file cannot be played.
pub fn play(
    doc: &Document,
    files: &dyn Files,
    deal: u64,
    moves: &[String],
    hint: bool,
) -> Result<Played, String> {
    let format = doc.format().ok_or_else(|| {
        "Retroboard does not recognise this file, so it cannot play it".to_string()
    })?;
    if doc.unparsed().is_some() {
        return Err(
            "this file is not read (too large or not text), so it cannot be played".to_string(),
        );
    }
    let spec = crate::formats::spec(format);
    // A caller that keeps no searches (a command run once) searches as the check would have by
    // the time an editor asks for a hint (below), so the hint is the same in both.
    let searching;
    let own_searches = hint && files.searched().is_none();
    let files: &dyn Files = if own_searches {
        searching = Chosen {
            files,
            game: doc.path().map(|p| files.game(p)).unwrap_or_default(),
            searched: Some(Arc::default()),
        };
        &searching
    } else {
        files
    };
    // Whether this format is a game comes first: a Colossus file with errors is still no game.
    let game = spec.game(doc, files, deal).ok_or_else(|| {
        format!(
            "a {} is not a game Retroboard plays (peg solitaire boards, Super Othello boards and \
             Patience games are)",
            format.title()
        )
    })?;
    let errors: Vec<_> = crate::analysis::analyze_with(doc, files)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    if let Some(first) = errors.first() {
        let line = doc
            .rope()
            .byte_to_line(first.range.start.min(doc.rope().len_bytes()))
            + 1;
        return Err(format!(
            "the game does not load this file ({}; the first, line {line}: {})",
            plural(errors.len(), "error", "errors"),
            first.message
        ));
    }
    let mut game = game?;
    if own_searches {
        game.search_ahead();
    }
    let mut refused = None;
    for (index, notation) in moves.iter().enumerate() {
        if let Err(rule) = game.play(notation.trim()) {
            refused = Some(Refusal {
                index,
                notation: notation.clone(),
                rule,
            });
            break;
        }
    }
    let board = game.board();
    let status = game.status();
    let summary = game.summary();
    let message = match &refused {
        Some(r) => format!("{} is not allowed: {}. {summary}", r.notation, r.rule),
        None => summary,
    };
    Ok(Played {
        status,
        moves: game.moves(),
        message,
        title: crate::text::terminal_safe(&board.title).into_owned(),
        svg: board.scene.to_svg(),
        text: board.text.render(),
        source_map: board.scene.into_source_map(),
        refused,
        hint: hint.then(|| game.hint(HINT_POSITIONS)),
        headline: crate::render::headline(doc, files),
    })
}
