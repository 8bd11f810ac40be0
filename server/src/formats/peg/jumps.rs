//! The game's test whether a first jump is possible: a stone, a stone next to it and an empty
//! slot behind that, on the grid the board's dot rule makes (peg/no-first-jump).

use std::cell::OnceCell;

use super::view::{Board, DotRule, Kind, Row};

/// What a field of the jump grid holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Blocked,
    Empty,
    Stone,
}

/// The game's jump test on the grid of `rule`: a stone, a stone next to it and an empty slot
/// behind that in one of the four (or eight) directions.
pub(super) fn jump_possible(board: &Board, rule: DotRule, diagonal: bool) -> bool {
    // A grid row is made when the test first reads it: on a playable board a jump is mostly
    // found within the first rows, and a big board need not be copied whole.
    let grid: Vec<OnceCell<Vec<Cell>>> = board.rows.iter().map(|_| OnceCell::new()).collect();
    let grid_row = |y: usize| -> Option<&Vec<Cell>> {
        let row = board.rows.get(y)?;
        Some(grid.get(y)?.get_or_init(|| grid_cells(board, row, rule)))
    };
    let at = |y: usize, x: usize, dy: isize, dx: isize, steps: isize| -> Cell {
        let y = y.checked_add_signed(dy * steps);
        let x = x.checked_add_signed(dx * steps);
        match (y, x) {
            (Some(y), Some(x)) => grid_row(y)
                .and_then(|r| r.get(x))
                .copied()
                .unwrap_or(Cell::Blocked),
            _ => Cell::Blocked,
        }
    };
    // Across and down first, then the diagonals.
    const DIRECTIONS: [(isize, isize); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let directions = if diagonal {
        &DIRECTIONS[..]
    } else {
        &DIRECTIONS[..4]
    };
    (0..board.rows.len()).any(|y| {
        let row = grid_row(y).map_or(&[][..], Vec::as_slice);
        row.iter().enumerate().any(|(x, cell)| {
            *cell == Cell::Stone
                && directions.iter().any(|&(dy, dx)| {
                    at(y, x, dy, dx, 1) == Cell::Stone && at(y, x, dy, dx, 2) == Cell::Empty
                })
        })
    })
}

/// The cells of one row of the jump grid under `rule`.
fn grid_cells(board: &Board, row: &Row, rule: DotRule) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(row.len_counting_dots());
    for element in row.elements() {
        let Some(column) = board.grid_column(&element, rule) else {
            continue;
        };
        if cells.len() <= column {
            cells.resize(column + 1, Cell::Blocked);
        }
        cells[column] = match element.kind() {
            Kind::Empty => Cell::Empty,
            Kind::Stone(_) => Cell::Stone,
            _ => Cell::Blocked,
        };
    }
    cells
}
