//! Peg solitaire played: the jumps of ViaThinkSoft's Jumper on the board's jump grid, as the
//! solver reads them (see [`super::solve`]'s header for where each rule comes from).
//!
//! - A jump takes a stone two holes across or down (and diagonally when the board's mode is
//!   diagonal) over a stone into an empty hole; the stone jumped over is removed, and its
//!   points (green 10, yellow 20, red 30) are the player's. The jumping stone keeps its colour.
//! - The game ends when no jump is left. It is won when one stone is left after a jump: Jumper
//!   counts the removed stones against the stones of the start, so a board whose only stone
//!   cannot jump ends without a win. On a board with a goal, the last stone on the goal is the
//!   better win; elsewhere it is still a win, as the game plays its jingle for both.
//!
//! Notation: `R,C-R,C`, the row and column (from 1) of the jumping stone and of where it
//! lands, on the jump grid (as `retroboard solve` prints places).

use std::sync::Arc;

use super::solvability::{goal, grid, key_of, proof_text, unknown_text};
use super::solve::{Field, Game as Solver, Jump, Place, Unknown, Verdict};
use super::view::{Board, Colour, DotRule, Kind};
use crate::draw;
use crate::findings::plural;
use crate::formats::Searched;
use crate::formats::play::{Game, Hint, Status};
use crate::syntax::Document;

/// A hole of the jump grid in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hole {
    Blocked,
    Empty,
    Stone(Colour),
}

const ACROSS: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A game of peg solitaire from a board's start.
pub struct PegGame<'a> {
    doc: &'a Document,
    /// The dot rule the board is read under (the settings' choice).
    rule: Option<DotRule>,
    board: Board,
    holes: Vec<Vec<Hole>>,
    diagonal: bool,
    goal: Option<Place>,
    jumps: usize,
    points: u32,
    /// The last jump, drawn on the board.
    last: Option<(Place, Place)>,
    /// What searches found before (the language server's session): the check's verdict on the
    /// start, and the plan the hints follow.
    searched: Option<Arc<Searched>>,
    /// The key of the start position, which the plan is kept under.
    start_key: u64,
}

/// The win the hints follow: the jumps from a position of the game on, and the key of the
/// position before each, so that a player who follows a hint gets the next one without a
/// search, and one who leaves the plan gets a new one.
#[derive(Clone)]
struct Plan {
    keys: Vec<u64>,
    jumps: Vec<Jump>,
}

/// The game on `doc`'s board read under `rule`; `Err`: why the board cannot be played.
pub fn game(
    doc: &Document,
    rule: Option<DotRule>,
    searched: Option<Arc<Searched>>,
) -> Result<PegGame<'_>, String> {
    let board = Board::new(doc)
        .ok_or_else(|| "this file holds no peg board to play".to_string())?
        .read_as(rule);
    let fields = grid(&board).ok_or_else(|| {
        "the game does not load this board as it is written (see its problems)".to_string()
    })?;
    let mut holes: Vec<Vec<Hole>> = fields
        .iter()
        .map(|row| {
            row.iter()
                .map(|f| match f {
                    Field::Blocked => Hole::Blocked,
                    Field::Empty => Hole::Empty,
                    // Coloured below.
                    Field::Stone => Hole::Stone(Colour::Green),
                })
                .collect()
        })
        .collect();
    let dots = board.dot_rule();
    for (r, row) in board.rows.iter().enumerate() {
        for element in row.elements() {
            if let (Kind::Stone(colour), Some(c)) =
                (element.kind(), board.grid_column(&element, dots))
                && let Some(hole) = holes.get_mut(r).and_then(|row| row.get_mut(c))
            {
                *hole = Hole::Stone(colour);
            }
        }
    }
    let diagonal = board.diagonal == Some(true);
    let goal = goal(&board);
    Ok(PegGame {
        doc,
        rule,
        start_key: key_of(&fields, diagonal, goal),
        diagonal,
        goal,
        board,
        holes,
        jumps: 0,
        points: 0,
        last: None,
        searched,
    })
}

/// A place as the notation writes it, from 1.
fn written(place: Place) -> String {
    format!("{},{}", place.0 + 1, place.1 + 1)
}

/// A place of the notation (`3,4`, from 1) on the grid, from 0.
fn place_of(text: &str) -> Option<Place> {
    let (row, column) = text.trim().split_once(',')?;
    let row: usize = row.trim().parse().ok()?;
    let column: usize = column.trim().parse().ok()?;
    Some((row.checked_sub(1)?, column.checked_sub(1)?))
}

impl PegGame<'_> {
    fn at(&self, place: Place) -> Hole {
        self.holes
            .get(place.0)
            .and_then(|row| row.get(place.1))
            .copied()
            .unwrap_or(Hole::Blocked)
    }

    fn step(place: Place, (dr, dc): (isize, isize), steps: isize) -> Option<Place> {
        Some((
            place.0.checked_add_signed(dr * steps)?,
            place.1.checked_add_signed(dc * steps)?,
        ))
    }

    fn directions(&self) -> impl Iterator<Item = (isize, isize)> {
        let diagonal = if self.diagonal { &DIAGONAL[..] } else { &[] };
        ACROSS.into_iter().chain(diagonal.iter().copied())
    }

    /// Every legal jump as (from, over, to), row by row.
    fn jumps(&self) -> Vec<(Place, Place, Place)> {
        let mut jumps = Vec::new();
        for (r, row) in self.holes.iter().enumerate() {
            for (c, hole) in row.iter().enumerate() {
                if !matches!(hole, Hole::Stone(_)) {
                    continue;
                }
                for direction in self.directions() {
                    let (Some(over), Some(to)) = (
                        Self::step((r, c), direction, 1),
                        Self::step((r, c), direction, 2),
                    ) else {
                        continue;
                    };
                    if matches!(self.at(over), Hole::Stone(_)) && self.at(to) == Hole::Empty {
                        jumps.push(((r, c), over, to));
                    }
                }
            }
        }
        jumps
    }

    fn stones(&self) -> usize {
        self.holes
            .iter()
            .flatten()
            .filter(|h| matches!(h, Hole::Stone(_)))
            .count()
    }

    /// The stone left, when one is.
    fn last_stone(&self) -> Option<Place> {
        let mut stones = self.holes.iter().enumerate().flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, h)| matches!(h, Hole::Stone(_)))
                .map(move |(c, _)| (r, c))
        });
        let first = stones.next()?;
        stones.next().is_none().then_some(first)
    }

    /// Why `from`-`to` is no jump here; `None` when it is one.
    fn forbidden(&self, from: Place, to: Place) -> Option<String> {
        let (f, t) = (written(from), written(to));
        match self.at(from) {
            Hole::Blocked => return Some(format!("({f}) is no hole of this board")),
            Hole::Empty => return Some(format!("there is no stone at ({f}) to jump")),
            Hole::Stone(_) => {}
        }
        let (dr, dc) = (
            to.0 as isize - from.0 as isize,
            to.1 as isize - from.1 as isize,
        );
        let straight = (dr.abs() == 2 && dc == 0) || (dr == 0 && dc.abs() == 2);
        let diagonal = dr.abs() == 2 && dc.abs() == 2;
        if diagonal && !self.diagonal {
            return Some(format!(
                "({f}) to ({t}) is a diagonal jump, and this board's mode allows none (only \
                 across and down)"
            ));
        }
        if !straight && !diagonal {
            let ways = if self.diagonal {
                "across, down or diagonally"
            } else {
                "across or down"
            };
            return Some(format!(
                "a stone jumps two holes {ways}: ({f}) to ({t}) is no such jump"
            ));
        }
        let over = (
            from.0.wrapping_add_signed(dr / 2),
            from.1.wrapping_add_signed(dc / 2),
        );
        match self.at(to) {
            Hole::Blocked => return Some(format!("({t}) is no hole of this board")),
            Hole::Stone(_) => {
                return Some(format!(
                    "a stone lands only in an empty hole: ({t}) holds a stone"
                ));
            }
            Hole::Empty => {}
        }
        if !matches!(self.at(over), Hole::Stone(_)) {
            let what = match self.at(over) {
                Hole::Blocked => "no hole",
                _ => "empty",
            };
            return Some(format!(
                "a jump goes over a stone: ({}) between them is {what}",
                written(over)
            ));
        }
        None
    }

    /// The verdict on the position: from the plan or what was searched before, else searched
    /// now within `positions` (and kept: a win as the plan).
    fn planned(&self, positions: u64) -> Result<Verdict, Unknown> {
        let rows = self.rows_for_solver();
        let key = key_of(&rows, self.diagonal, self.goal);
        let searched = self.searched.as_deref();
        if let Some(plan) = searched.and_then(|s| s.get::<Plan>(self.start_key))
            && let Some(at) = plan.keys.iter().position(|k| *k == key)
        {
            return Ok(Verdict::Solvable(plan.jumps[at..].to_vec()));
        }
        let known = searched
            .and_then(|s| s.get::<Verdict>(key))
            .filter(|v| match v {
                // A search that ran out of positions says nothing about a longer one.
                Verdict::Unknown(Unknown::Positions { budget }) => *budget >= positions,
                Verdict::Unknown(_) => false,
                _ => true,
            });
        let verdict = match known {
            Some(verdict) => verdict,
            None => {
                let verdict =
                    Solver::new(&rows, self.diagonal, self.goal)?.solve(positions, &|| false);
                if let Some(searched) = searched {
                    searched.keep(key, verdict.clone());
                }
                verdict
            }
        };
        if let (Some(searched), Verdict::Solvable(jumps)) = (searched, &verdict) {
            searched.keep(self.start_key, self.plan(rows, jumps));
        }
        Ok(verdict)
    }

    /// The plan of `jumps` from the position `rows`: the key of each position on the way.
    fn plan(&self, mut rows: Vec<Vec<Field>>, jumps: &[Jump]) -> Plan {
        let mut keys = Vec::with_capacity(jumps.len());
        for jump in jumps {
            keys.push(key_of(&rows, self.diagonal, self.goal));
            rows[jump.from.0][jump.from.1] = Field::Empty;
            rows[jump.over.0][jump.over.1] = Field::Empty;
            rows[jump.to.0][jump.to.1] = Field::Stone;
        }
        Plan {
            keys,
            jumps: jumps.to_vec(),
        }
    }

    fn rows_for_solver(&self) -> Vec<Vec<Field>> {
        self.holes
            .iter()
            .map(|row| {
                row.iter()
                    .map(|h| match h {
                        Hole::Blocked => Field::Blocked,
                        Hole::Empty => Field::Empty,
                        Hole::Stone(_) => Field::Stone,
                    })
                    .collect()
            })
            .collect()
    }
}

impl Game for PegGame<'_> {
    fn moves(&self) -> Vec<String> {
        self.jumps()
            .into_iter()
            .map(|(from, _, to)| format!("{}-{}", written(from), written(to)))
            .collect()
    }

    fn play(&mut self, notation: &str) -> Result<(), String> {
        let (from, to) = notation
            .split_once('-')
            .and_then(|(from, to)| Some((place_of(from)?, place_of(to)?)))
            .ok_or_else(|| {
                format!(
                    "{notation:?} is no jump: write the row and column (from 1) of the stone and \
                     of where it lands, as 3,4-5,4"
                )
            })?;
        if self.status() != Status::Playing {
            return Err(format!("the game is over: {}", self.summary()));
        }
        if let Some(why) = self.forbidden(from, to) {
            return Err(why);
        }
        let over = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
        if let Hole::Stone(colour) = self.at(over) {
            self.points += colour.points();
        }
        self.holes[to.0][to.1] = self.holes[from.0][from.1];
        self.holes[over.0][over.1] = Hole::Empty;
        self.holes[from.0][from.1] = Hole::Empty;
        self.jumps += 1;
        self.last = Some((from, to));
        Ok(())
    }

    fn status(&self) -> Status {
        if !self.jumps().is_empty() {
            return Status::Playing;
        }
        if self.jumps > 0 && self.stones() == 1 {
            Status::Won
        } else {
            Status::Lost
        }
    }

    fn summary(&self) -> String {
        let stones = self.stones();
        let made = plural(self.jumps, "jump", "jumps");
        let points = self.points;
        match self.status() {
            Status::Won => {
                let place = self.last_stone().map(written).unwrap_or_default();
                let on_goal = match self.goal {
                    Some(goal) if self.last_stone() == Some(goal) => ", on the goal",
                    Some(_) => ", not on the goal (the lesser win)",
                    None => "",
                };
                format!("Won in {made}: one stone left at ({place}){on_goal}; {points} points.")
            }
            Status::Lost if self.jumps == 0 && stones == 1 => "No jump is possible: the game \
                declares a win only after a jump, so this board cannot be won."
                .to_string(),
            Status::Lost => format!(
                "No jump is left: {} remain after {made}, so the game is lost; {points} points.",
                plural(stones, "stone", "stones")
            ),
            Status::Stuck | Status::Playing => format!(
                "{} left after {made}, {} possible; {points} points.",
                plural(stones, "stone", "stones"),
                plural(self.jumps().len(), "jump", "jumps")
            ),
        }
    }

    fn board(&self) -> draw::Board {
        let position = |place: Place| match self.at(place) {
            Hole::Stone(colour) => Kind::Stone(colour),
            _ => Kind::Empty,
        };
        let mut drawn = super::board::played(self.doc, &self.board, &position);
        if let Some((from, to)) = self.last {
            drawn
                .text
                .line(&format!("last jump: {}-{}", written(from), written(to)));
        }
        drawn
    }

    /// The check's search of the board, as an editor's background search makes it.
    fn search_ahead(&self) {
        let searched = self.searched.as_ref();
        if let Some(search) = super::solvability::slow_search(self.doc, self.rule, searched) {
            search.run(super::solvability::CHECK_POSITIONS, &|| false);
        }
    }

    fn hint(&self, positions: u64) -> Hint {
        if self.status() != Status::Playing {
            return Hint {
                next: None,
                reason: self.summary(),
            };
        }
        let verdict = match self.planned(positions) {
            Ok(verdict) => verdict,
            Err(why) => {
                return Hint {
                    next: None,
                    reason: format!("{}.", unknown_text(&why)),
                };
            }
        };
        match verdict {
            Verdict::Solvable(jumps) => {
                let next = jumps
                    .first()
                    .map(|j| format!("{}-{}", written(j.from), written(j.to)));
                let end = match self.goal {
                    Some(_) => "one stone on the goal",
                    None => "one stone",
                };
                Hint {
                    next,
                    reason: format!(
                        "A win from here: {} leave {end}.",
                        plural(jumps.len(), "jump", "jumps")
                    ),
                }
            }
            Verdict::Unsolvable(proof) => Hint {
                next: None,
                reason: format!(
                    "No win from here: {}.",
                    proof_text(&proof, self.goal.is_some(), false)
                ),
            },
            Verdict::Unknown(why) => Hint {
                next: None,
                reason: format!(
                    "{} from here.",
                    unknown_text(&why).replace(
                        " whether this board can be won",
                        " whether the game can be won"
                    )
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::FormatId;

    const ENGLISH: &str = "Version 2\nMode: Normal\n* * y y y * *\n* * y y y * *\ny y y y y y y\ny y y E y y y\ny y y y y y y\n* * y y y * *\n* * y y y * *\n";

    /// A player who follows a hint gets the next one from the plan, without a search: with no
    /// positions left to search, the hint still names the plan's next jump.
    #[test]
    fn a_hint_followed_leads_to_the_next_without_a_search() {
        let doc = Document::new(Some(FormatId::PegBrd), ENGLISH);
        let searched = Arc::new(Searched::default());
        let mut played = game(&doc, None, Some(searched.clone())).unwrap();
        let first = played.hint(20_000);
        assert_eq!(first.next.as_deref(), Some("2,4-4,4"), "{}", first.reason);
        played.play("2,4-4,4").unwrap();
        let next = played.hint(0);
        assert_eq!(
            next.reason,
            "A win from here: 30 jumps leave one stone on the goal."
        );
        assert!(next.next.is_some());
        // Off the plan, a search of no positions cannot tell.
        let mut other = game(&doc, None, Some(searched)).unwrap();
        other.play("4,2-4,4").unwrap();
        let off = other.hint(0);
        assert_eq!(off.next, None, "{}", off.reason);
        // Without a session, nothing is kept.
        let mut alone = game(&doc, None, None).unwrap();
        alone.play("2,4-4,4").unwrap();
        assert_eq!(alone.hint(0).next, None);
    }
}
