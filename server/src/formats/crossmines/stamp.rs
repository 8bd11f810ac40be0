//! Stamping a pattern across the minefield, as the readme describes it: the grid is stamped every
//! Repeat Size X columns and Repeat Size Y rows, and a `.` square lets the neighbouring stamp
//! show through. The field repeats with that period, so one period (a Repeat Size X × Repeat
//! Size Y torus) says what every square of the field holds: grid square (r, c) lands on torus
//! square (r mod Repeat Size Y, c mod Repeat Size X). Checks, hover and the board read it.

use super::view::{HeaderField, PatternView, SquareKind};

/// The largest grid hover and the board stamp, in squares (a bigger one is a broken header
/// or a file no one draws by hand).
pub const MAX_GRID_SQUARES: usize = 1 << 22;

/// The pattern grid as hover and the board stamp it: Large Grid Size X × Y when those are
/// usable (a square that a short or missing line leaves out is undefined), else the grid as
/// written. Squares past the declared size are not part of it.
pub struct Grid {
    pub width: usize,
    pub height: usize,
    /// Row by row; `None` where the grid leaves the square undefined.
    squares: Vec<Option<char>>,
}

impl Grid {
    /// The grid of the document's pattern, made once per text: a preview asks each of its
    /// thousands of squares what it can become ([`super::edit::actions`]), and making the grid
    /// for each would be quadratic in the squares.
    pub fn of(doc: &crate::syntax::Document) -> std::sync::Arc<Option<Grid>> {
        doc.memo(|| Grid::new(&super::view::PatternView::of(doc)))
    }

    /// `None` when neither the declared nor the written grid has from 1 to
    /// [`MAX_GRID_SQUARES`] squares.
    pub fn new(view: &PatternView) -> Option<Grid> {
        let declared = |field| view.size(field).and_then(|n| usize::try_from(n).ok());
        let written = (
            view.grid.iter().map(|l| l.width).max().unwrap_or(0),
            view.grid.len(),
        );
        let fits = |(width, height): (usize, usize)| {
            width
                .checked_mul(height)
                .is_some_and(|area| area > 0 && area <= MAX_GRID_SQUARES)
        };
        let declared = (
            declared(HeaderField::LargeGridSizeX).unwrap_or(written.0),
            declared(HeaderField::LargeGridSizeY).unwrap_or(written.1),
        );
        // A size far beyond the lines written is a typo: stamp what is written.
        let (width, height) = [declared, written].into_iter().find(|&s| fits(s))?;
        let area = width * height;
        let mut squares = vec![None; area];
        for (row, line) in view.grid.iter().take(height).enumerate() {
            for (column, c) in line.text.chars().take(width).enumerate() {
                squares[row * width + column] = Some(c);
            }
        }
        Some(Grid {
            width,
            height,
            squares,
        })
    }

    /// The character of a square: `None` outside the grid, `Some(None)` where it is undefined.
    pub fn square(&self, row: usize, column: usize) -> Option<Option<char>> {
        if column >= self.width {
            return None;
        }
        self.squares
            .get(row.checked_mul(self.width)? + column)
            .copied()
    }

    /// The stamping every `repeat` squares: every square but `.` fills the field (an
    /// undefined square too: it is drawn as a fault where it lands).
    pub fn torus(&self, repeat: (usize, usize)) -> Option<Torus> {
        let opaque = self
            .squares
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_none_or(|c| SquareKind::of(c).is_opaque()))
            .map(|(i, _)| (i / self.width, i % self.width));
        Torus::new(repeat, (self.width, self.height), opaque)
    }

    /// The squares (row, column) of the block of `c` squares that touch (row, column) side
    /// by side, directly or through others.
    pub fn block(&self, row: usize, column: usize, c: char) -> Vec<(usize, usize)> {
        let mut seen = vec![false; self.squares.len()];
        let mut block = Vec::new();
        let mut todo = vec![(row, column)];
        while let Some((r, col)) = todo.pop() {
            let Some(index) = r.checked_mul(self.width).map(|i| i + col) else {
                continue;
            };
            if col >= self.width
                || seen.get(index).is_none_or(|s| *s)
                || self.square(r, col) != Some(Some(c))
            {
                continue;
            }
            seen[index] = true;
            block.push((r, col));
            todo.push((r + 1, col));
            todo.push((r, col + 1));
            if r > 0 {
                todo.push((r - 1, col));
            }
            if col > 0 {
                todo.push((r, col - 1));
            }
        }
        block
    }

    /// How many squares hold `c`.
    pub fn count(&self, c: char) -> usize {
        self.squares.iter().filter(|s| **s == Some(c)).count()
    }
}

/// Which grid square fills each square of one repeat period.
pub struct Torus {
    repeat_x: usize,
    repeat_y: usize,
    /// The torus squares a grid can reach: min(repeat, grid size) on each axis (with a repeat
    /// larger than the grid, the rest of the period is never filled).
    width: usize,
    height: usize,
    grid_height: usize,
    grid_width: usize,
    /// For each reachable torus square (row * width + column), 1 + the index (row * grid width
    /// + column) of the first opaque grid square, in file order, to land on it; 0: none.
    first: Vec<usize>,
}

impl Torus {
    /// The torus of a `grid_width` × `grid_height` grid stamped every `repeat_x` × `repeat_y`
    /// squares, from its opaque squares (row, column) in file order. `None` when a repeat is 0
    /// or the sizes overflow.
    pub fn new(
        repeat: (usize, usize),
        grid: (usize, usize),
        opaque: impl IntoIterator<Item = (usize, usize)>,
    ) -> Option<Torus> {
        let ((repeat_x, repeat_y), (grid_width, grid_height)) = (repeat, grid);
        if repeat_x == 0 || repeat_y == 0 {
            return None;
        }
        let (width, height) = (repeat_x.min(grid_width), repeat_y.min(grid_height));
        let first = vec![0usize; width.checked_mul(height)?];
        // Grid indexes, plus one, must not overflow.
        grid_width.checked_mul(grid_height)?.checked_add(1)?;
        let mut torus = Torus {
            repeat_x,
            repeat_y,
            width,
            height,
            grid_height,
            grid_width,
            first,
        };
        for (row, column) in opaque {
            torus.land(row, column);
        }
        Some(torus)
    }

    /// The torus square grid square (row, column) lands on; `None` outside the grid.
    fn slot(&self, row: usize, column: usize) -> Option<usize> {
        if row >= self.grid_height || column >= self.grid_width {
            return None;
        }
        let t = (row % self.repeat_y) * self.width + column % self.repeat_x;
        (t < self.first.len()).then_some(t)
    }

    /// Lands opaque grid square (row, column), after every earlier one in file order: it fills
    /// its torus square when no earlier square does. Whether it does.
    pub fn land(&mut self, row: usize, column: usize) -> bool {
        let Some(t) = self.slot(row, column) else {
            return false;
        };
        let index = row * self.grid_width + column + 1;
        match self.first.get_mut(t) {
            Some(slot) if *slot == 0 => {
                *slot = index;
                true
            }
            _ => false,
        }
    }

    /// The grid square (row, column) that first lands on each filled torus square.
    pub fn fillers(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.first
            .iter()
            .filter_map(|i| i.checked_sub(1))
            .map(|i| (i / self.grid_width, i % self.grid_width))
    }

    pub fn repeat(&self) -> (usize, usize) {
        (self.repeat_x, self.repeat_y)
    }

    /// The grid square (row, column) that fills field square (`row`, `column`) of a field
    /// whose stamps start at multiples of the repeat (negative positions allowed: stamps
    /// above and left of the field show through its first rows and columns). `None`: no stamp
    /// fills it, a hole the tiling leaves.
    pub fn filler(&self, row: i64, column: i64) -> Option<(usize, usize)> {
        let t_row = usize::try_from(row.rem_euclid(i64::try_from(self.repeat_y).ok()?)).ok()?;
        let t_column =
            usize::try_from(column.rem_euclid(i64::try_from(self.repeat_x).ok()?)).ok()?;
        if t_row >= self.height || t_column >= self.width {
            return None;
        }
        let index = self
            .first
            .get(t_row * self.width + t_column)?
            .checked_sub(1)?;
        Some((index / self.grid_width, index % self.grid_width))
    }
}

fn repeats(n: u64, unit: &str) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let count = usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| n.to_string(), |w| (*w).to_string());
    if n == 1 {
        format!("{count} {unit}")
    } else {
        format!("{count} {unit}s")
    }
}

/// Another stamp, from this one: "the stamp one repeat below and two repeats to the left"
/// (`down` and `right` in repeats; negative: above, to the left).
pub fn other_stamp(down: i64, right: i64) -> String {
    let mut parts = Vec::new();
    if down != 0 {
        let side = if down > 0 { "below" } else { "above" };
        parts.push(format!("{} {side}", repeats(down.unsigned_abs(), "repeat")));
    }
    if right != 0 {
        let side = if right > 0 {
            "to the right"
        } else {
            "to the left"
        };
        parts.push(format!(
            "{} {side}",
            repeats(right.unsigned_abs(), "repeat")
        ));
    }
    if parts.is_empty() {
        return "this stamp".to_string();
    }
    format!("the stamp {}", parts.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_example_fills_every_square() {
        // ...11. / 22011. / 22330. / .03344 / .55044 / .55..0, stamped every 5 × 5.
        let rows = ["...11.", "22011.", "22330.", ".03344", ".55044", ".55..0"];
        let opaque = rows.iter().enumerate().flat_map(|(r, line)| {
            line.chars()
                .enumerate()
                .filter(|(_, c)| *c != '.')
                .map(move |(c, _)| (r, c))
        });
        let torus = Torus::new((5, 5), (6, 6), opaque).expect("torus");
        // The `.` at the top left is filled by the `0` at row 6, column 6 of the stamp above
        // and to the left.
        assert_eq!(torus.filler(0, 0), Some((5, 5)));
        assert_eq!(torus.filler(-5, -5), torus.filler(0, 0));
        assert_eq!(torus.filler(0, 3), Some((0, 3)));
        assert!((0..10).all(|r| (0..10).all(|c| torus.filler(r, c).is_some())));
        assert_eq!(
            other_stamp(-1, -1),
            "the stamp one repeat above and one repeat to the left"
        );
        assert_eq!(other_stamp(0, 12), "the stamp 12 repeats to the right");
    }

    #[test]
    fn a_repeat_wider_than_the_grid_leaves_holes_and_no_huge_torus() {
        let torus = Torus::new((1 << 30, 2), (2, 2), [(0, 0), (1, 1)]).expect("torus");
        assert_eq!(torus.filler(0, 0), Some((0, 0)));
        assert_eq!(torus.filler(0, 2), None);
        assert_eq!(torus.filler(1, 1), Some((1, 1)));
        assert!(Torus::new((0, 2), (2, 2), []).is_none());
    }
}
