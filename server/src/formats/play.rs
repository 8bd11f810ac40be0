//! Playing the game a file describes: each family's rules engine (peg solitaire's jumps, Super
//! Othello's placements, a Patience game's piles) behind one trait, so that `retroboard play`
//! and the editors' Play replay moves the same way whatever the game.
//!
//! A game is replayed from its start on every request (the client keeps the list of moves):
//! a position is never kept between requests, so a move list names one position whatever
//! came before, and undo is the list without its last move.

use crate::draw;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves are left and the game is not decided.
    Playing,
    /// The game's own winning condition holds.
    Won,
    /// The game is over and not won.
    Lost,
    /// No move is left, but the game has no rule that ends it so (a deal of cards that
    /// cannot go on): not won.
    Stuck,
}

impl Status {
    /// The word `play --json` and `retroboard/play` answer with.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
            Status::Stuck => "stuck",
        }
    }
}

/// A suggested next move, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move, in the game's notation; `None` when none is suggested.
    pub next: Option<String>,
    /// Why this move (or why none), in a sentence.
    pub reason: String,
}

/// A game under way, from the start a file describes.
pub trait Game {
    /// The legal moves now, in the game's notation, in a fixed order.
    fn moves(&self) -> Vec<String>;

    /// Plays `notation`; `Err`: the rule that forbids it (or why the notation names no move),
    /// in one sentence, the position unchanged.
    fn play(&mut self, notation: &str) -> Result<(), String>;

    fn status(&self) -> Status;

    /// The position in a sentence: whose turn, what is left, or how the game ended.
    fn summary(&self) -> String;

    /// The position drawn; its elements carry the ids a click names (the same as the
    /// preview's).
    fn board(&self) -> draw::Board;

    /// A move worth playing, searching at most `positions` positions (the same answer on
    /// every machine).
    fn hint(&self, positions: u64) -> Hint;

    /// For a caller whose session keeps no searches (a command run once): searches now what
    /// an editor's background search has found by the time a hint is asked there (a peg
    /// board's check, the deal of a Patience game), so that a hint is the same in both.
    fn search_ahead(&self) {}
}
