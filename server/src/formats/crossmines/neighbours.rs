//! Which cells touch on the stamped field: the minefield's numbers count a cell's neighbours,
//! so a modder checks the counts (every hexagon should have six). Two cells touch when a
//! square of one is next to a square of the other, at a side or a corner, as in Minesweeper;
//! a bridge `#` is part of every cell beside it (the readme), so what touches the bridge
//! touches those cells, and cells beside one bridge touch each other.
//!
//! Cells are those of the stamp at the top left of the field (its squares that no earlier
//! stamp covers); their neighbours may belong to any stamp.

use std::collections::{BTreeSet, HashMap};

use super::stamp::{Grid, Torus};
use super::view::SquareKind;

/// The largest grid whose neighbours are counted (hover and preview stay quick).
const MAX_SQUARES: usize = 10_000;

/// A cell on the field: the stamp it belongs to (its top left field square) and its block
/// (the label of its squares in the grid).
pub type Cell = ((i64, i64), usize);

/// The stamped field, as far as neighbours go.
pub struct Field<'g> {
    grid: &'g Grid,
    torus: Torus,
    /// Each grid square's block label: squares of one cell character that touch side by side
    /// share it, each `0` has its own; `None` for squares that are no cell.
    labels: Vec<Option<usize>>,
    /// The grid squares of each label.
    members: Vec<Vec<(usize, usize)>>,
}

const AROUND: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const SIDES: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl<'g> Field<'g> {
    /// `None` without a usable repeat, or for a grid past [`MAX_SQUARES`].
    pub fn new(grid: &'g Grid, repeat: (usize, usize)) -> Option<Field<'g>> {
        if grid.width.checked_mul(grid.height)? > MAX_SQUARES {
            return None;
        }
        let torus = grid.torus(repeat)?;
        let mut labels: Vec<Option<usize>> = vec![None; grid.width * grid.height];
        let mut members: Vec<Vec<(usize, usize)>> = Vec::new();
        for row in 0..grid.height {
            for column in 0..grid.width {
                if labels[row * grid.width + column].is_some() {
                    continue;
                }
                let label = members.len();
                let block = match grid.square(row, column).flatten().map(SquareKind::of) {
                    // Squares of one character that touch side by side: one walk, the labels
                    // marking what is seen.
                    Some(SquareKind::Cell(c)) => {
                        let mut block = Vec::new();
                        let mut todo = vec![(row, column)];
                        labels[row * grid.width + column] = Some(label);
                        while let Some((r, col)) = todo.pop() {
                            block.push((r, col));
                            let around = [
                                r.checked_sub(1).map(|r| (r, col)),
                                Some((r + 1, col)),
                                col.checked_sub(1).map(|col| (r, col)),
                                Some((r, col + 1)),
                            ];
                            for (nr, nc) in around.into_iter().flatten() {
                                if nr < grid.height
                                    && nc < grid.width
                                    && labels[nr * grid.width + nc].is_none()
                                    && grid.square(nr, nc) == Some(Some(c))
                                {
                                    labels[nr * grid.width + nc] = Some(label);
                                    todo.push((nr, nc));
                                }
                            }
                        }
                        block
                    }
                    Some(SquareKind::Single) => {
                        labels[row * grid.width + column] = Some(label);
                        vec![(row, column)]
                    }
                    _ => continue,
                };
                members.push(block);
            }
        }
        Some(Field {
            grid,
            torus,
            labels,
            members,
        })
    }

    /// The grid square filling field square (row, column), and the stamp it belongs to.
    fn at(&self, row: i64, column: i64) -> Option<((usize, usize), (i64, i64))> {
        let (r, c) = self.torus.filler(row, column)?;
        Some(((r, c), (row - r as i64, column - c as i64)))
    }

    fn kind(&self, (r, c): (usize, usize)) -> Option<SquareKind> {
        self.grid.square(r, c).flatten().map(SquareKind::of)
    }

    /// The cell on field square (row, column), if a cell is there.
    fn cell(&self, row: i64, column: i64) -> Option<Cell> {
        let (square, stamp) = self.at(row, column)?;
        let label = (*self.labels.get(square.0 * self.grid.width + square.1)?)?;
        Some((stamp, label))
    }

    fn is_bridge(&self, row: i64, column: i64) -> bool {
        self.at(row, column)
            .is_some_and(|(square, _)| self.kind(square) == Some(SquareKind::Bridge))
    }

    /// The cells beside a bridge at field square (row, column): it is part of each.
    pub fn beside(&self, row: i64, column: i64) -> BTreeSet<Cell> {
        SIDES
            .iter()
            .filter_map(|(dr, dc)| self.cell(row + dr, column + dc))
            .collect()
    }

    /// The field squares of the top left stamp's cell `label`, with the bridges beside them.
    fn squares(&self, label: usize) -> Vec<(i64, i64)> {
        let mut own = Vec::new();
        for &(row, column) in self.members.get(label).map_or(&[][..], Vec::as_slice) {
            let (row, column) = (row as i64, column as i64);
            if self.cell(row, column) == Some(((0, 0), label)) {
                own.push((row, column));
            }
        }
        let mut bridges = Vec::new();
        for &(row, column) in &own {
            for (dr, dc) in SIDES {
                let at = (row + dr, column + dc);
                if self.is_bridge(at.0, at.1) && !bridges.contains(&at) {
                    bridges.push(at);
                }
            }
        }
        own.extend(bridges);
        own
    }

    /// The cells that touch the top left stamp's cell `label`.
    pub fn neighbours(&self, label: usize) -> BTreeSet<Cell> {
        let me = ((0, 0), label);
        let mut found = BTreeSet::new();
        for (row, column) in self.squares(label) {
            let here = std::iter::once((0, 0)).chain(AROUND);
            for (dr, dc) in here {
                let (r, c) = (row + dr, column + dc);
                if let Some(cell) = self.cell(r, c) {
                    found.insert(cell);
                } else if self.is_bridge(r, c) {
                    found.extend(self.beside(r, c));
                }
            }
        }
        found.remove(&me);
        found
    }

    /// The block label of grid square (row, column), when it is a cell of the top left
    /// stamp that shows on the field.
    pub fn label(&self, row: usize, column: usize) -> Option<usize> {
        let label = (*self.labels.get(row * self.grid.width + column)?)?;
        (self.cell(row as i64, column as i64) == Some(((0, 0), label))).then_some(label)
    }

    /// Each cell of the top left stamp that shows on the field, by its first grid square in
    /// reading order, with its character and its neighbour count.
    pub fn counts(&self) -> Vec<((usize, usize), char, usize)> {
        let mut first: HashMap<usize, (usize, usize)> = HashMap::new();
        for row in 0..self.grid.height {
            for column in 0..self.grid.width {
                if let Some(label) = self.label(row, column) {
                    first.entry(label).or_insert((row, column));
                }
            }
        }
        let mut cells: Vec<((usize, usize), usize)> =
            first.into_iter().map(|(label, at)| (at, label)).collect();
        cells.sort_unstable();
        cells
            .into_iter()
            .filter_map(|((row, column), label)| {
                let c = self.grid.square(row, column).flatten()?;
                Some(((row, column), c, self.neighbours(label).len()))
            })
            .collect()
    }

    /// The field square of grid square (row, column) of the top left stamp, when that
    /// square shows there (no earlier stamp covers it).
    pub fn shows(&self, row: usize, column: usize) -> bool {
        self.at(row as i64, column as i64)
            .is_some_and(|(square, stamp)| square == (row, column) && stamp == (0, 0))
    }

    /// The character of a cell.
    pub fn char_of(&self, cell: Cell) -> Option<char> {
        let (_, label) = cell;
        let &(row, column) = self.members.get(label)?.first()?;
        self.grid.square(row, column).flatten()
    }
}

/// "touches 6 cells" in words, with the characters of the cells it touches.
pub fn touching(field: &Field, cells: &BTreeSet<Cell>) -> String {
    let mut chars: Vec<char> = cells.iter().filter_map(|c| field.char_of(*c)).collect();
    chars.sort_unstable();
    let shown: Vec<String> = chars.iter().map(char::to_string).collect();
    match cells.len() {
        0 => "touches no cell".to_string(),
        1 => format!("touches 1 cell ({})", shown.join(" ")),
        n => format!("touches {n} cells ({})", shown.join(" ")),
    }
}
