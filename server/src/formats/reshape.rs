//! What the grids that grow and shrink from the board share (a peg board, a Crossmines
//! pattern's grid): the eight reshapes a grid's element offers, a row or a column added or
//! removed at one of its edges, and which of them a grid of a size can take.

use crate::draw::Action;

/// The edge of a grid a row or column is added at or removed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Top,
    Bottom,
    Left,
    Right,
}

/// A row or column added at an edge (`added`), or removed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reshape {
    pub added: bool,
    pub edge: Edge,
}

/// The reshapes in the order they are offered, with their action ids and titles.
const RESHAPES: [(bool, Edge, &str, &str); 8] = [
    (true, Edge::Top, "add-row-top", "add a row at the top"),
    (
        true,
        Edge::Bottom,
        "add-row-bottom",
        "add a row at the bottom",
    ),
    (
        true,
        Edge::Left,
        "add-column-left",
        "add a column at the left",
    ),
    (
        true,
        Edge::Right,
        "add-column-right",
        "add a column at the right",
    ),
    (false, Edge::Top, "remove-row-top", "remove the top row"),
    (
        false,
        Edge::Bottom,
        "remove-row-bottom",
        "remove the bottom row",
    ),
    (
        false,
        Edge::Left,
        "remove-column-left",
        "remove the left column",
    ),
    (
        false,
        Edge::Right,
        "remove-column-right",
        "remove the right column",
    ),
];

/// What a grid of `rows` and `columns` can be made: rows and columns added, and removed while
/// more than one is left.
pub fn actions(rows: usize, columns: usize) -> Vec<Action> {
    RESHAPES
        .iter()
        .filter(|(added, edge, _, _)| {
            *added
                || match edge {
                    Edge::Top | Edge::Bottom => rows > 1,
                    Edge::Left | Edge::Right => columns > 1,
                }
        })
        .map(|(_, _, id, title)| Action::new(*id, *title))
        .collect()
}

/// The reshape an action id names.
pub fn parse(action: &str) -> Option<Reshape> {
    RESHAPES
        .iter()
        .find(|(_, _, id, _)| *id == action)
        .map(|(added, edge, _, _)| Reshape {
            added: *added,
            edge: *edge,
        })
}
