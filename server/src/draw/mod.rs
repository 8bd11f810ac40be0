//! Drawing primitives: a vector [`Scene`] written as self-contained SVG, a [`TextCanvas`] of
//! Unicode characters for terminals, and what a format draws with them (a [`Board`], a
//! [`Replay`]). Format modules build them from their board models; this is the bottom layer,
//! so nothing here knows a format or a document.

mod canvas;
mod scene;

pub use canvas::{TextCanvas, TextMark};
pub use scene::{Action, Anchor, Color, Element, Item, Palette, Scene, Segment, Style, escape};

/// A game's answer a viewer can replay on the drawing: jumps between holes, each hole drawn as
/// an SVG group with `data-rb-id="hole:ROW:COLUMN"` holding one circle, the peg (with no fill
/// while the hole is empty).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Replay {
    /// `solvable`, `unsolvable` or `unknown`.
    pub verdict: &'static str,
    /// Why the board cannot be won, or why that is not known; `None` when it can be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The winning jumps, in order (empty unless solvable).
    pub moves: Vec<ReplayMove>,
    /// The holes, as `[row, column]` from 0, in the order of `start`.
    pub holes: Vec<[usize; 2]>,
    /// A `1` for each hole holding a peg at the start, else `0`.
    pub start: String,
}

/// One jump: the peg at `from` jumps `over` a peg (which is taken) to the empty `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReplayMove {
    pub from: [usize; 2],
    pub over: [usize; 2],
    pub to: [usize; 2],
}

/// A board drawn by a format: its title, picture and terminal drawing.
pub struct Board {
    pub title: String,
    pub scene: Scene,
    pub text: TextCanvas,
}
