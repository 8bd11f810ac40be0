//! Super Othello played from a BORD file's board: Othello's rules, as the format's own text
//! assumes them ("Line 1: Number of chips left for the each player to place on the board").
//!
//! - A chip goes on an empty square where it flanks at least one line of the other colour's
//!   chips (across, down or diagonally) with one of the player's own at the far end; every
//!   flanked line turns over.
//! - A player who cannot place a chip passes; the game ends when neither can. The chips
//!   count: more of one colour wins.
//! - Choices where the format is silent, each the usual rule of Othello: Black moves first;
//!   each player places at most line 1's number of chips, and a player with none left passes
//!   (Othello hands a chip over instead, which the format's per-player count rules out).
//! - `won` and `lost` are Black's, the side that moves first (the side a modder plays against
//!   the engine); a draw is not won.
//!
//! Notation: a square as line 3 names it, row A–H and column 1–8 (`C4`), or `pass`.

use super::board::{Played, played};
use super::view::{BordView, Chip, SQUARES, SquarePos};
use crate::draw;
use crate::findings::plural;
use crate::formats::play::{Game, Hint, Status};
use crate::syntax::Document;

/// The squares of column 1 and of column 8, as bits (bit `row * 8 + column`).
const COLUMN_1: u64 = 0x0101_0101_0101_0101;
const COLUMN_8: u64 = 0x8080_8080_8080_8080;

/// The squares one step in direction `d` (0–7: right, left, down, up and the four diagonals)
/// from the squares of `b`, none wrapping around an edge.
fn step(b: u64, d: usize) -> u64 {
    match d {
        0 => (b << 1) & !COLUMN_1,
        1 => (b >> 1) & !COLUMN_8,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & !COLUMN_1,
        5 => (b << 7) & !COLUMN_8,
        6 => (b >> 7) & !COLUMN_1,
        _ => (b >> 9) & !COLUMN_8,
    }
}

const WEIGHTS: [i32; SQUARES] = [
    100, -20, 10, 5, 5, 10, -20, 100, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    10, -2, 1, 1, 1, 1, -2, 10, //
    5, -2, 1, 0, 0, 1, -2, 5, //
    5, -2, 1, 0, 0, 1, -2, 5, //
    10, -2, 1, 1, 1, 1, -2, 10, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    100, -20, 10, 5, 5, 10, -20, 100,
];

/// How many plies the engine looks ahead at most (fewer when its budget runs out).
const ENGINE_DEPTH: u32 = 4;

/// A position: the chips (as bits, a square's bit `row * 8 + column`), whose turn, the chips
/// each player may still place. Bits make the engine's thousands of positions cheap.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Position {
    /// Black's chips, then White's.
    chips: [u64; 2],
    to_move: Chip,
    /// Black's, then White's.
    left: [u32; 2],
}

fn other(player: Chip) -> Chip {
    if player == Chip::Black {
        Chip::White
    } else {
        Chip::Black
    }
}

fn name(player: Chip) -> &'static str {
    if player == Chip::Black {
        "Black"
    } else {
        "White"
    }
}

fn side(player: Chip) -> usize {
    usize::from(player != Chip::Black)
}

/// Squares as a modder reads a list of them: `C4, D3, E6 or F5`, the first few of many.
fn listed(squares: &[usize]) -> String {
    let names: Vec<String> = squares.iter().take(4).map(|&i| square_name(i)).collect();
    match (names.split_last(), squares.len()) {
        (Some((last, rest)), n) if n == names.len() && !rest.is_empty() => {
            format!("{} or {last}", rest.join(", "))
        }
        (Some(_), n) if n > names.len() => {
            format!("{} and {} more", names.join(", "), n - names.len())
        }
        _ => names.join(""),
    }
}

fn square_name(index: usize) -> String {
    SquarePos::from_index(index).map_or_else(String::new, SquarePos::name)
}

fn bit(index: usize) -> u64 {
    1 << index
}

impl Position {
    fn own(&self, player: Chip) -> u64 {
        self.chips[side(player)]
    }

    fn at(&self, index: usize) -> Chip {
        if self.chips[0] & bit(index) != 0 {
            Chip::Black
        } else if self.chips[1] & bit(index) != 0 {
            Chip::White
        } else {
            Chip::Empty
        }
    }

    /// The chips a chip of `player` at `index` turns over (none: not a legal placement).
    fn flips(&self, index: usize, player: Chip) -> u64 {
        let (own, theirs) = (self.own(player), self.own(other(player)));
        if (own | theirs) & bit(index) != 0 {
            return 0;
        }
        let mut flipped = 0;
        for d in 0..8 {
            let mut line = 0;
            let mut at = step(bit(index), d);
            while at & theirs != 0 {
                line |= at;
                at = step(at, d);
            }
            if at & own != 0 {
                flipped |= line;
            }
        }
        flipped
    }

    /// The squares `player` may place a chip on, as bits.
    fn placement_bits(&self, player: Chip) -> u64 {
        if self.left[side(player)] == 0 {
            return 0;
        }
        let (own, theirs) = (self.own(player), self.own(other(player)));
        let empty = !(own | theirs);
        let mut found = 0;
        for d in 0..8 {
            // Runs of the other colour's chips from one of the player's own, then an empty square.
            let mut run = step(own, d) & theirs;
            for _ in 0..5 {
                run |= step(run, d) & theirs;
            }
            found |= step(run, d) & empty;
        }
        found
    }

    /// The squares `player` may place a chip on, in board order.
    fn placements(&self, player: Chip) -> Vec<usize> {
        let mut bits = self.placement_bits(player);
        let mut squares = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            squares.push(bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        squares
    }

    fn over(&self) -> bool {
        self.placement_bits(self.to_move) == 0 && self.placement_bits(other(self.to_move)) == 0
    }

    fn place(&mut self, index: usize) {
        let player = self.to_move;
        let flipped = self.flips(index, player);
        self.chips[side(player)] |= flipped | bit(index);
        self.chips[side(other(player))] &= !flipped;
        self.left[side(player)] -= 1;
        self.to_move = other(player);
    }

    fn count(&self, player: Chip) -> usize {
        self.own(player).count_ones() as usize
    }

    /// The chips as the board drawing takes them.
    fn squares(&self) -> [Chip; SQUARES] {
        std::array::from_fn(|i| self.at(i))
    }

    /// The engine's value of the position for `player`: the squares' weights, and at the end
    /// the result itself.
    fn value(&self, player: Chip) -> i32 {
        if self.over() {
            let margin = self.count(player) as i32 - self.count(other(player)) as i32;
            return margin.signum() * 10_000 + margin;
        }
        let (own, theirs) = (self.own(player), self.own(other(player)));
        WEIGHTS
            .iter()
            .enumerate()
            .map(|(i, weight)| {
                if own & bit(i) != 0 {
                    *weight
                } else if theirs & bit(i) != 0 {
                    -*weight
                } else {
                    0
                }
            })
            .sum()
    }

    /// Negamax with alpha-beta over at most `*budget` positions; the value for the player to
    /// move.
    fn search(&self, depth: u32, mut alpha: i32, beta: i32, budget: &mut u64) -> i32 {
        *budget = budget.saturating_sub(1);
        if depth == 0 || *budget == 0 || self.over() {
            return self.value(self.to_move);
        }
        let placements = self.placements(self.to_move);
        if placements.is_empty() {
            let mut passed = self.clone();
            passed.to_move = other(self.to_move);
            return -passed.search(depth - 1, -beta, -alpha, budget);
        }
        let mut best = i32::MIN + 1;
        for index in placements {
            let mut next = self.clone();
            next.place(index);
            let value = -next.search(depth - 1, -beta, -alpha, budget);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// A game of Super Othello from a file's board.
pub struct OthelloGame<'a> {
    doc: &'a Document,
    position: Position,
    last: Option<usize>,
    placed: usize,
}

/// The game on `doc`'s board; `Err`: why it cannot be played.
pub fn game(doc: &Document) -> Result<OthelloGame<'_>, String> {
    let view = BordView::of(doc);
    let squares = view
        .board
        .squares
        .as_ref()
        .filter(|s| s.len() == SQUARES)
        .ok_or_else(|| {
            "the board data on line 4 is not 64 squares, so it cannot be played".to_string()
        })?;
    let left = *view.chips_left.value.as_ref().map_err(|_| {
        "line 1 is no number of chips left, so it is not known how many each player places"
            .to_string()
    })?;
    let mut chips = [0u64; 2];
    for square in squares {
        match square.chip {
            Chip::Black => chips[0] |= bit(square.square.index()),
            Chip::White => chips[1] |= bit(square.square.index()),
            Chip::Empty => {}
        }
    }
    Ok(OthelloGame {
        doc,
        position: Position {
            chips,
            to_move: Chip::Black,
            left: [left, left],
        },
        last: None,
        placed: 0,
    })
}

impl OthelloGame<'_> {
    fn score(&self) -> String {
        format!(
            "Black {}, White {}",
            self.position.count(Chip::Black),
            self.position.count(Chip::White)
        )
    }
}

impl Game for OthelloGame<'_> {
    fn moves(&self) -> Vec<String> {
        if self.position.over() {
            return Vec::new();
        }
        let placements = self.position.placements(self.position.to_move);
        if placements.is_empty() {
            return vec!["pass".to_string()];
        }
        placements.into_iter().map(square_name).collect()
    }

    fn play(&mut self, notation: &str) -> Result<(), String> {
        let player = self.position.to_move;
        let who = name(player);
        if self.position.over() {
            return Err(format!("the game is over: {}", self.summary()));
        }
        let placements = self.position.placements(player);
        if notation.eq_ignore_ascii_case("pass") {
            if !placements.is_empty() {
                return Err(format!(
                    "{who} can place a chip (on {}), and a player passes only when no square \
                     turns the other colour's chips over",
                    listed(&placements)
                ));
            }
            self.position.to_move = other(player);
            return Ok(());
        }
        let mut chars = notation.chars();
        let square = match (chars.next(), chars.next(), chars.next()) {
            (Some(letter), Some(digit), None) => SquarePos::parse(letter, digit),
            _ => None,
        }
        .ok_or_else(|| {
            format!(
                "{notation:?} is no square: name it as line 3 does, a row A–H and a column 1–8 \
                 (C4), or pass"
            )
        })?;
        let index = square.index();
        let name_of = square.name();
        match self.position.at(index) {
            Chip::Empty => {}
            chip => {
                return Err(format!(
                    "{name_of} holds a {} chip: a chip goes on an empty square",
                    name(chip).to_lowercase()
                ));
            }
        }
        if self.position.left[side(player)] == 0 {
            return Err(format!(
                "{who} has no chips left to place (line 1 gives each player its number), so \
                 {who} passes"
            ));
        }
        if placements.is_empty() {
            return Err(format!(
                "{who} can place no chip anywhere (no square turns a {} chip over), so {who} \
                 passes: play pass",
                name(other(player)).to_lowercase()
            ));
        }
        if self.position.flips(index, player) == 0 {
            return Err(format!(
                "a {} chip on {name_of} turns none over: it must close a line of {} chips \
                 (across, down or diagonally) with one of {who}'s own",
                who.to_lowercase(),
                name(other(player)).to_lowercase()
            ));
        }
        self.position.place(index);
        self.last = Some(index);
        self.placed += 1;
        Ok(())
    }

    fn status(&self) -> Status {
        if !self.position.over() {
            return Status::Playing;
        }
        if self.position.count(Chip::Black) > self.position.count(Chip::White) {
            Status::Won
        } else {
            Status::Lost
        }
    }

    fn summary(&self) -> String {
        let score = self.score();
        let (black, white) = (
            self.position.count(Chip::Black),
            self.position.count(Chip::White),
        );
        if self.position.over() {
            let result = match black.cmp(&white) {
                std::cmp::Ordering::Greater => "Black wins",
                std::cmp::Ordering::Less => "White wins",
                std::cmp::Ordering::Equal => "a draw",
            };
            return format!(
                "Game over after {}: {score}, {result}.",
                plural(self.placed, "chip", "chips")
            );
        }
        let who = name(self.position.to_move);
        let [black_left, white_left] = self.position.left;
        let must_pass = if self.position.placements(self.position.to_move).is_empty() {
            format!(" ({who} can place no chip and passes)")
        } else {
            String::new()
        };
        format!(
            "{who} to move{must_pass}: {score}; chips left to place: Black {black_left}, White \
             {white_left}."
        )
    }

    fn board(&self) -> draw::Board {
        let legal = if self.position.over() {
            Vec::new()
        } else {
            self.position.placements(self.position.to_move)
        };
        played(
            self.doc,
            &Played {
                chips: &self.position.squares(),
                legal: &legal,
                last: self.last,
                about: self.summary(),
            },
        )
    }

    fn hint(&self, positions: u64) -> Hint {
        if self.position.over() {
            return Hint {
                next: None,
                reason: self.summary(),
            };
        }
        let player = self.position.to_move;
        let placements = self.position.placements(player);
        if placements.is_empty() {
            return Hint {
                next: Some("pass".to_string()),
                reason: format!("{} can place no chip, so passes.", name(player)),
            };
        }
        // Each move searched with an equal share of the budget, so the answer does not depend
        // on the order the moves come in beyond the ties, which go to the first.
        let share = (positions / placements.len() as u64).max(1);
        let mut best: Option<(i32, usize)> = None;
        for &index in &placements {
            let mut next = self.position.clone();
            next.place(index);
            let mut budget = share;
            let value = -next.search(ENGINE_DEPTH - 1, i32::MIN + 1, i32::MAX, &mut budget);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, index));
            }
        }
        let index = best.map_or(placements[0], |(_, i)| i);
        let flips = self.position.flips(index, player).count_ones() as usize;
        Hint {
            next: Some(square_name(index)),
            reason: format!(
                "The engine's move for {} (looking {ENGINE_DEPTH} moves ahead): it turns {}.",
                name(player),
                plural(flips, "chip", "chips")
            ),
        }
    }
}
