//! Whether a board can be won, for the findings, the hover and `retroboard solve`: the typed
//! view made into the solver's [`Game`] on the grid the game's jump logic uses, and verdicts
//! kept by board content, so an edit that leaves the board as it was (or comes back to it)
//! costs no search.
//!
//! Every search is budgeted in positions examined, never in time (see [`super::solve`]): the
//! findings of a board are the same on every machine and under any load, and their messages
//! name the budget, never how far a search got.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

use super::codes::{UNKNOWN, UNSOLVABLE};
use super::solve::{Field, Game, Jump, Place, Proof, Unknown, Verdict};
use super::view::{Board, Kind, Version};
use crate::findings::Finding;
use crate::formats::Searched;
use crate::syntax::Document;

/// The positions the findings' search of a board examines at most, in `retroboard check` and
/// the language server alike: what the 2 seconds they had before took of a release build on
/// the team's 2-core machine (about 450,000 positions a second under the usual load). With
/// the beam searches (see [`super::solve`]) it decides every corpus board, in under a second
/// each; the slowest, `v2-rev11/FunCircus with diagonal moves.brd`, needs about 465,000.
pub const CHECK_POSITIONS: u64 = 1_000_000;

/// The positions `retroboard solve` examines at most by default (about 10 seconds, and about
/// 300 MB of positions remembered).
pub const SOLVE_POSITIONS: u64 = 5_000_000;

/// The positions the hover's search of the goal examines at most (about 100 ms).
const HOVER_POSITIONS: u64 = 50_000;

/// A board made ready for the solver.
pub struct Prepared {
    /// The game, or why the solver does not take it (too many holes).
    pub game: Result<Game, Unknown>,
    /// The board's content: grid, mode and goal.
    key: u64,
    /// Where a finding about the whole board stands: the goal, else the first empty slot.
    pub anchor: Range<usize>,
}

/// The jump grid of a board the game loads (`None` for one it refuses or whose mode is not
/// known): rows of the board's dot rule, as [`Board::grid_column`] places each element.
pub(super) fn grid(board: &Board) -> Option<Vec<Vec<Field>>> {
    let diagonal_known = board.diagonal.is_some();
    let invalid = board.rows.iter().any(|r| r.has_invalid());
    if board.syntax_errors || invalid || !diagonal_known || board.rows.is_empty() {
        return None;
    }
    let rule = board.dot_rule();
    if board.version == Version::V2 && !board.rows_equal(rule) {
        return None;
    }
    if board.version == Version::V1 && board.row_separators.len() != 1 {
        return None;
    }
    let mut rows = Vec::with_capacity(board.rows.len());
    for row in &board.rows {
        let mut fields = Vec::new();
        for element in row.elements() {
            let Some(column) = board.grid_column(&element, rule) else {
                continue;
            };
            if fields.len() <= column {
                fields.resize(column + 1, Field::Blocked);
            }
            fields[column] = match element.kind() {
                Kind::Empty => Field::Empty,
                Kind::Stone(_) => Field::Stone,
                _ => Field::Blocked,
            };
        }
        rows.push(fields);
    }
    Some(rows)
}

/// The board's goal on the grid: the one the game keeps.
pub(super) fn goal(board: &Board) -> Option<Place> {
    let goal = board.kept_goal()?;
    Some((goal.row(), board.grid_column(&goal, board.dot_rule())?))
}

/// What a search of a position is kept under: its grid, mode and goal (the same position on
/// any board that has it).
pub(super) fn key_of(rows: &[Vec<Field>], diagonal: bool, goal: Option<Place>) -> u64 {
    let mut hasher = DefaultHasher::new();
    (rows, diagonal, goal).hash(&mut hasher);
    hasher.finish()
}

impl Prepared {
    /// The solver's view of a board; `None` when the game would not load it.
    pub fn of(board: &Board) -> Option<Prepared> {
        let rows = grid(board)?;
        let diagonal = board.diagonal?;
        let goal = goal(board);
        let anchor = board
            .kept_goal()
            .or_else(|| board.elements().find(|e| e.kind() == Kind::Empty))
            .map(|e| e.range())
            .or_else(|| board.rows.first().and_then(|r| r.range()))
            .unwrap_or(board.range.clone());
        Some(Prepared {
            game: Game::new(&rows, diagonal, goal),
            key: key_of(&rows, diagonal, goal),
            anchor,
        })
    }

    /// The verdict found before for this board (kept in `searched`), without searching: what
    /// a search of at most `budget` positions answers (any verdict kept when `None`).
    pub fn cached(&self, budget: Option<u64>, searched: Option<&Searched>) -> Option<Verdict> {
        if let Err(why) = &self.game {
            return Some(Verdict::Unknown(why.clone()));
        }
        let verdict: Verdict = searched?.get(self.key)?;
        match (verdict, budget) {
            // A search that ran out of positions says nothing about a longer one; a shorter
            // one runs out too (a search carries on where a shorter one stops), and says so
            // in its own words.
            (Verdict::Unknown(Unknown::Positions { budget: spent }), Some(budget)) => {
                (budget <= spent).then_some(Verdict::Unknown(Unknown::Positions { budget }))
            }
            (verdict, _) => Some(verdict),
        }
    }

    /// Decides the board examining at most `budget` positions, without what was found before:
    /// the same answer on any machine.
    pub fn solve_limited(&self, budget: u64) -> Verdict {
        match &self.game {
            Ok(game) => game.solve(budget, &|| false),
            Err(why) => Verdict::Unknown(why.clone()),
        }
    }

    /// Decides the board examining at most `budget` positions (or answers from what `searched`
    /// kept, and keeps the answer there), stopping early once `cancelled()`: then with
    /// [`Unknown::Cancelled`], which is not kept.
    pub fn solve(
        &self,
        budget: u64,
        cancelled: &dyn Fn() -> bool,
        searched: Option<&Searched>,
    ) -> Verdict {
        if let Some(verdict) = self.cached(Some(budget), searched) {
            return verdict;
        }
        let game = match &self.game {
            Ok(game) => game,
            Err(why) => return Verdict::Unknown(why.clone()),
        };
        let verdict = game.solve(budget, cancelled);
        if let Some(searched) = searched
            && verdict != Verdict::Unknown(Unknown::Cancelled)
        {
            searched.keep(self.key, verdict.clone());
        }
        verdict
    }
}

/// A place as a modder reads it: row and column from 1.
pub fn place(place: Place) -> String {
    format!("({},{})", place.0 + 1, place.1 + 1)
}

/// A jump as a modder reads it, from 1.
pub fn jump_text(jump: &Jump) -> String {
    format!(
        "{} over {} to {}",
        place(jump.from),
        place(jump.over),
        place(jump.to)
    )
}

fn parity(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

/// Why the board cannot be won, in a sentence; `detailed` lists the holes of a position-class
/// argument.
pub fn proof_text(proof: &Proof, has_goal: bool, detailed: bool) -> String {
    let end = if has_goal {
        "one stone on the goal"
    } else {
        "a single stone"
    };
    match proof {
        Proof::NoStones => "the board has no stones".to_string(),
        Proof::NoFirstJump => "no stone can make a first jump, so the game ends at once, and it \
counts a win only after a jump"
            .to_string(),
        Proof::PositionClass {
            holes,
            start_odd,
            end_place,
        } => {
            let mut text = format!(
                "no sequence of jumps leaves {end}: the start and the goal are in different \
position classes (every line of three holes a jump uses holds 0 or 2 of a set of {}, so a \
jump changes the number of stones there by 0 or 2; it is {} at the start and {} with one stone \
on the goal at {})",
                crate::findings::plural(holes.len(), "hole", "holes"),
                parity(*start_odd),
                parity(!*start_odd),
                place(*end_place)
            );
            if detailed {
                let list: Vec<String> = holes.iter().map(|p| place(*p)).collect();
                text.push_str(&format!(
                    "; the holes, as (row,column) from 1: {}",
                    list.join(" ")
                ));
            }
            text
        }
        Proof::NoEndInClass { classes, .. } => format!(
            "no sequence of jumps leaves {end}: for every hole, the start and one stone on that \
hole are in different position classes (the board has {classes} parities of stones that no jump \
changes)"
        ),
        Proof::Exhaustive { positions } => format!(
            "no sequence of jumps leaves {end}: a search of every position reachable from the \
start ({positions} positions) found none"
        ),
    }
}

/// Why the answer is not known, in a sentence.
pub fn unknown_text(why: &Unknown) -> String {
    match why {
        Unknown::Positions { budget } => format!(
            "Retroboard could not tell within {} whether this board can be won",
            positions_text(*budget)
        ),
        Unknown::Memory => format!(
            "Retroboard could not tell whether this board can be won: the search remembered as \
many positions as it may ({})",
            positions_text(super::solve::MAX_REMEMBERED as u64)
        ),
        Unknown::TooLarge { holes } => {
            let classes = if *holes <= super::solve::MAX_CLASS_HOLES {
                " (its position classes do not rule out a win)"
            } else {
                ""
            };
            format!(
                "Retroboard does not search boards of more than {} holes, and this one has \
{holes}{classes}",
                super::solve::MAX_HOLES
            )
        }
        Unknown::Cancelled => "the search was cancelled".to_string(),
        Unknown::Searching => {
            "Retroboard is still searching whether this board can be won".to_string()
        }
    }
}

/// A number of positions as a modder reads it: `2 million positions`, `1.5 million
/// positions`, `20,000 positions`.
pub fn positions_text(n: u64) -> String {
    if n >= 1_000_000 && n.is_multiple_of(100_000) {
        let tenths = n / 100_000;
        return if tenths.is_multiple_of(10) {
            format!("{} million positions", tenths / 10)
        } else {
            format!("{}.{} million positions", tenths / 10, tenths % 10)
        };
    }
    format!(
        "{} {}",
        crate::text::thousands(n),
        if n == 1 { "position" } else { "positions" }
    )
}

/// The search for the solvability findings of a board the game loads and where a first jump
/// exists (a board without one gets its finding from the checks); `searched`: where verdicts
/// found before are kept.
pub fn slow_search(
    doc: &Document,
    chosen: Option<super::view::DotRule>,
    searched: Option<&Arc<Searched>>,
) -> Option<Box<dyn crate::formats::SlowSearch>> {
    let board = Board::of_chosen(doc, chosen);
    let prepared = Prepared::of(board.as_ref().as_ref()?)?;
    let search = BoardSearch {
        prepared,
        searched: searched.cloned(),
    };
    plays(&search.prepared).then(|| Box::new(search) as Box<dyn crate::formats::SlowSearch>)
}

/// A board's search, with where its verdict is kept.
struct BoardSearch {
    prepared: Prepared,
    searched: Option<Arc<Searched>>,
}

/// The solvability findings: `peg/unsolvable` when the board cannot be won, a note when a search
/// of at most `positions` could not tell; nothing once cancelled.
impl crate::formats::SlowSearch for BoardSearch {
    fn known(&self, positions: u64) -> Option<Vec<Finding>> {
        let verdict = self
            .prepared
            .cached(Some(positions), self.searched.as_deref())?;
        Some(finding(&self.prepared, &verdict).into_iter().collect())
    }

    fn run(&self, positions: u64, cancelled: &dyn Fn() -> bool) -> Vec<Finding> {
        let verdict = self
            .prepared
            .solve(positions, cancelled, self.searched.as_deref());
        finding(&self.prepared, &verdict).into_iter().collect()
    }

    fn under_way(&self) -> Option<Box<dyn std::any::Any + Send>> {
        let searched = self.searched.as_ref()?;
        Some(Box::new(searched.start::<Verdict>(self.prepared.key)))
    }
}

/// A first jump exists (or the solver cannot take the board, which it then says).
fn plays(prepared: &Prepared) -> bool {
    prepared.game.as_ref().map_or(true, Game::can_jump)
}

fn finding(prepared: &Prepared, verdict: &Verdict) -> Option<Finding> {
    let has_goal = prepared.game.as_ref().is_ok_and(|g| g.goal().is_some());
    match verdict {
        Verdict::Solvable(_) | Verdict::Unknown(Unknown::Cancelled) => None,
        Verdict::Unsolvable(proof) => Some(Finding::new(
            UNSOLVABLE,
            prepared.anchor.clone(),
            format!(
                "this board cannot be won: {} (“retroboard solve” shows the proof)",
                proof_text(proof, has_goal, false)
            ),
        )),
        Verdict::Unknown(why) => {
            let hint = match why {
                Unknown::TooLarge { .. } => String::new(),
                Unknown::Positions { .. } => {
                    "; “retroboard solve FILE” searches further".to_string()
                }
                _ => String::new(),
            };
            Some(Finding::new(
                UNKNOWN,
                prepared.anchor.clone(),
                format!("{}{hint}", unknown_text(why)),
            ))
        }
    }
}

/// The preview's verdict on a board the game loads and where a first jump exists: known from an
/// earlier search of the same board (the findings' search, kept in `searched`); while such a
/// search of it runs, [`Unknown::Searching`] (the language server publishes when it ends, and
/// clients redraw); else from a search of a few thousand positions (milliseconds), so a preview
/// never waits long.
fn preview_verdict(board: &Board, searched: Option<&Searched>) -> Option<(Prepared, Verdict)> {
    const PREVIEW_POSITIONS: u64 = 5_000;
    let prepared = Prepared::of(board)?;
    if !plays(&prepared) {
        return None;
    }
    let verdict = prepared.cached(None, searched).unwrap_or_else(|| {
        if searched.is_some_and(|s| s.is_under_way::<Verdict>(prepared.key)) {
            Verdict::Unknown(Unknown::Searching)
        } else {
            prepared.solve_limited(PREVIEW_POSITIONS)
        }
    });
    Some((prepared, verdict))
}

/// What the preview steps through: the verdict with its winning jumps or its reason, and the
/// board's holes with the stones at the start, on the jump grid (the places of `solve --json`).
pub fn preview_replay(board: &Board, searched: Option<&Searched>) -> Option<crate::draw::Replay> {
    let rows = grid(board)?;
    let (prepared, verdict) = preview_verdict(board, searched)?;
    let has_goal = prepared.game.as_ref().is_ok_and(|g| g.goal().is_some());
    let at = |p: Place| [p.0, p.1];
    let (name, reason, moves) = match &verdict {
        Verdict::Solvable(moves) => (
            "solvable",
            None,
            moves
                .iter()
                .map(|j| crate::draw::ReplayMove {
                    from: at(j.from),
                    over: at(j.over),
                    to: at(j.to),
                })
                .collect(),
        ),
        Verdict::Unsolvable(proof) => (
            "unsolvable",
            Some(format!(
                "This board cannot be won: {}.",
                proof_text(proof, has_goal, false)
            )),
            Vec::new(),
        ),
        Verdict::Unknown(why) => (
            "unknown",
            Some(format!("{}.", unknown_text(why))),
            Vec::new(),
        ),
    };
    let mut holes = Vec::new();
    let mut start = String::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, field) in row.iter().enumerate() {
            match field {
                Field::Stone => start.push('1'),
                Field::Empty => start.push('0'),
                Field::Blocked => continue,
            }
            holes.push([r, c]);
        }
    }
    Some(crate::draw::Replay {
        verdict: name,
        reason,
        moves,
        holes,
        start,
    })
}

/// The winning jumps for the preview's text drawing, as lines of at most 78 characters (see
/// [`preview_verdict`]).
pub fn preview_solution(board: &Board, searched: Option<&Searched>) -> Vec<String> {
    let Some((_, Verdict::Solvable(moves))) = preview_verdict(board, searched) else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "a win in {}, as (row,column) from 1:",
        crate::findings::plural(moves.len(), "jump", "jumps")
    )];
    let mut line = String::new();
    for (n, jump) in moves.iter().enumerate() {
        let entry = format!("{}. {}", n + 1, jump_text(jump));
        if !line.is_empty() && line.chars().count() + entry.chars().count() + 3 > 78 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(&entry);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The hover's word on the goal: whether a solution ends there, when that is known or found
/// within a short search.
pub fn goal_note(board: &Board, searched: Option<&Searched>) -> Option<String> {
    let prepared = Prepared::of(board)?;
    if !plays(&prepared) {
        return None;
    }
    match prepared.solve(HOVER_POSITIONS, &|| false, searched) {
        Verdict::Solvable(moves) => Some(format!(
            "Reachable: a solution of {} ends here (`retroboard solve` lists them).",
            crate::findings::plural(moves.len(), "jump", "jumps")
        )),
        Verdict::Unsolvable(proof) => Some(format!(
            "Not reachable: {}.",
            proof_text(&proof, true, false)
        )),
        Verdict::Unknown(_) => None,
    }
}

/// What `retroboard solve` prints: the verdict, and the board after the winning jumps.
pub struct Report {
    pub verdict: Verdict,
    /// The goal the last stone must reach, if the board has one.
    pub goal: Option<Place>,
    /// The grid after the winning jumps (or at the start), a line per row: `o` a stone, `.`
    /// an empty hole, a space no hole (rows as stored, without their half-width shift).
    pub board_after: Vec<String>,
}

/// Solves the board of a document examining at most `budget` positions; `Err` with the reason
/// when it is not a board the game loads.
pub fn report(doc: &Document, budget: u64) -> Result<Report, String> {
    let board = Board::of(doc);
    let board = board
        .as_ref()
        .as_ref()
        .ok_or("it holds no peg solitaire board")?;
    let (Some(mut rows), Some(prepared)) = (grid(board), Prepared::of(board)) else {
        return Err("the game does not load this board (“retroboard check” says why)".into());
    };
    let verdict = prepared.solve_limited(budget);
    if let Verdict::Solvable(moves) = &verdict {
        for jump in moves {
            for (place, field) in [
                (jump.from, Field::Empty),
                (jump.over, Field::Empty),
                (jump.to, Field::Stone),
            ] {
                if let Some(f) = rows.get_mut(place.0).and_then(|r| r.get_mut(place.1)) {
                    *f = field;
                }
            }
        }
    }
    let board_after = rows
        .iter()
        .map(|row| {
            let line: String = row
                .iter()
                .map(|f| match f {
                    Field::Stone => 'o',
                    Field::Empty => '.',
                    Field::Blocked => ' ',
                })
                .flat_map(|c| [c, ' '])
                .collect();
            line.trim_end().to_string()
        })
        .collect();
    Ok(Report {
        goal: prepared.game.as_ref().ok().and_then(Game::goal),
        verdict,
        board_after,
    })
}
