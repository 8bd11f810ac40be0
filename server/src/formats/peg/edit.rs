//! Board edits of a peg board (see [`crate::render::edit`]): a hole of the drawing made a
//! stone of any colour, empty, no hole at all (a locked field), or the goal; a locked field made
//! a hole. Only the element's character changes (and a v1 goal marker `>`, or the goals
//! elsewhere when the goal moves), so every row keeps its length and the game's columns stay.
//! Half-width fields are not offered: changing one moves the rest of its row.

use super::reshape;
use super::view::{Board, Colour, DotRule, Element, Kind, Version};
use crate::draw::Action;
use crate::findings::TextEdit;
use crate::syntax::Document;

/// What an element can be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Stone(Colour),
    Empty,
    Locked,
}

/// The targets in the order they are offered, with their action ids and titles. A plain
/// `stone` is yellow: the stone nearly every real board is filled with.
const TARGETS: [(Target, &str, &str); 5] = [
    (
        Target::Stone(Colour::Yellow),
        "stone",
        "a stone (yellow, 20 points)",
    ),
    (
        Target::Stone(Colour::Green),
        "stone:green",
        "a green stone (10 points)",
    ),
    (
        Target::Stone(Colour::Red),
        "stone:red",
        "a red stone (30 points)",
    ),
    (Target::Empty, "empty", "an empty hole"),
    (Target::Locked, "none", "no hole (a locked field)"),
];

const GOAL: &str = "goal";
const NO_GOAL: &str = "no-goal";

/// The element a drawing's id names (`hole:ROW:COLUMN` on the jump grid, `field:ROW:INDEX` for
/// anything else), as the board's drawing names them under `rule`.
fn find(board: &Board, rule: DotRule, id: &str) -> Option<Element> {
    let mut parts = id.split(':');
    let (kind, row, place) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (row, place): (usize, usize) = (row.parse().ok()?, place.parse().ok()?);
    let row = board.rows.get(row)?;
    match kind {
        "hole" => row
            .elements()
            .find(|e| e.kind().is_slot() && board.grid_column(e, rule) == Some(place)),
        "field" => row.get(place).filter(|e| !e.kind().is_slot()),
        _ => None,
    }
}

fn target_of(kind: Kind) -> Option<Target> {
    match kind {
        Kind::Stone(colour) => Some(Target::Stone(colour)),
        Kind::Empty => Some(Target::Empty),
        Kind::Locked => Some(Target::Locked),
        Kind::HalfLocked | Kind::Invalid(_) => None,
    }
}

/// What the element `id` can become.
pub fn actions(doc: &Document, chosen: Option<DotRule>, id: &str) -> Vec<Action> {
    let board = Board::of_chosen(doc, chosen);
    let Some(board) = board.as_ref() else {
        return Vec::new();
    };
    if id == reshape::BOARD {
        return reshape::actions(board);
    }
    let Some(element) = find(board, board.dot_rule(), id) else {
        return Vec::new();
    };
    let Some(now) = target_of(element.kind()) else {
        return Vec::new();
    };
    let mut actions: Vec<Action> = TARGETS
        .iter()
        .filter(|(target, _, _)| *target != now)
        .map(|(_, id, title)| Action::new(*id, *title))
        .collect();
    if element.kind().is_slot() {
        actions.push(if element.goal() {
            Action::new(NO_GOAL, "not the goal")
        } else {
            Action::new(GOAL, "the goal (where the last stone must end)")
        });
    }
    actions
}

/// The edits making the element `id` what `action` says, or why not.
pub fn edit(
    doc: &Document,
    chosen: Option<DotRule>,
    id: &str,
    action: &str,
) -> Result<Vec<TextEdit>, String> {
    let board = Board::of_chosen(doc, chosen);
    let Some(board) = board.as_ref() else {
        return Err("the file holds no board".to_string());
    };
    let rule = board.dot_rule();
    let reshaped = id == reshape::BOARD;
    let element = match reshaped {
        true => None,
        false => {
            Some(find(board, rule, id).ok_or_else(|| format!("the board has no element {id}"))?)
        }
    };
    let refused = match reshaped {
        true => "the board is not reshaped".to_string(),
        false => format!("{id} is not changed"),
    };
    // Where the text around the element is broken, which hole an id names is a guess.
    if board.syntax_errors {
        return Err(format!(
            "{refused}: the board has syntax errors, so which hole is which is not \
certain; mend them first"
        ));
    }
    // A row holding characters that are no element may have its holes counted wrong; the
    // board's shape, every row.
    let mut rows = match element {
        Some(element) => element.row()..element.row() + 1,
        None => 0..board.rows.len(),
    };
    if let Some(row) = rows.find(|r| board.rows.get(*r).is_some_and(|r| r.has_invalid())) {
        return Err(format!(
            "{refused}: row {} holds characters that are no board element, so its \
holes may be counted wrong; mend them first",
            row + 1
        ));
    }
    if !board.rows_equal(rule) {
        return Err(format!(
            "{refused}: the rows are not equally long, so which column a hole is in is \
not certain; make them equally long first"
        ));
    }
    let Some(element) = element else {
        return reshape::edit(doc, board, action);
    };
    let v1 = board.version == Version::V1;
    match action {
        GOAL if element.kind().is_slot() => {
            let mut edits = Vec::new();
            // One goal: the game keeps only one, so the others stop being goals.
            for other in board.goals().filter(|g| g.range() != element.range()) {
                edits.extend(clear_goal(&other, v1));
            }
            if !element.goal() {
                edits.push(if v1 {
                    TextEdit::insert(element.range().start, ">")
                } else {
                    let upper = element_char(element.kind(), false, true);
                    TextEdit::replace(element.range(), upper.to_string())
                });
            }
            Ok(edits)
        }
        NO_GOAL if element.goal() => Ok(clear_goal(&element, v1).into_iter().collect()),
        _ => {
            let (target, _, _) = TARGETS
                .iter()
                .find(|(_, action_id, _)| *action_id == action)
                .ok_or_else(|| format!("{id} cannot become {action}"))?;
            let kind = match *target {
                Target::Stone(colour) => Kind::Stone(colour),
                Target::Empty => Kind::Empty,
                Target::Locked => Kind::Locked,
            };
            let mut edits = Vec::new();
            // A locked field is no goal: its marker goes with it.
            let goal = element.goal() && kind.is_slot();
            if element.goal() && !kind.is_slot() && v1 {
                edits.extend(element.goal_marker().map(TextEdit::delete));
            }
            let written = element_char(kind, v1, goal);
            edits.push(TextEdit::replace(element.range(), written.to_string()));
            Ok(edits)
        }
    }
}

/// The edit that makes a goal no goal: its v1 marker deleted, its v2 letter lowercase.
fn clear_goal(element: &Element, v1: bool) -> Option<TextEdit> {
    if v1 {
        element.goal_marker().map(TextEdit::delete)
    } else {
        let lower = element_char(element.kind(), false, false);
        Some(TextEdit::replace(element.range(), lower.to_string()))
    }
}

/// The character of an element of `kind` (a v2 goal in uppercase).
fn element_char(kind: Kind, v1: bool, goal: bool) -> char {
    let c = match (kind, v1) {
        (Kind::Stone(Colour::Green), true) => '1',
        (Kind::Stone(Colour::Yellow), true) => '2',
        (Kind::Stone(Colour::Red), true) => '3',
        (Kind::Empty, true) => 'E',
        (Kind::Stone(Colour::Green), false) => 'g',
        (Kind::Stone(Colour::Yellow), false) => 'y',
        (Kind::Stone(Colour::Red), false) => 'r',
        (Kind::Empty, false) => 'e',
        (_, true) => 'X',
        (_, false) => '*',
    };
    if goal && !v1 {
        c.to_ascii_uppercase()
    } else {
        c
    }
}
