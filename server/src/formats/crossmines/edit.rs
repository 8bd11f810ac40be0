//! Board edits of a Crossmines pattern (see [`crate::render::edit`]): a square of the grid
//! (`square:ROW:COLUMN`, as the drawing names it) written as another pattern character. Only
//! that character changes, so the grid keeps its width. The grid's size changes through its own
//! element (see [`super::reshape`]).

use super::reshape;
use super::stamp::Grid;
use super::view::{PatternView, SquareKind};
use crate::draw::Action;
use crate::findings::TextEdit;
use crate::syntax::Document;

/// Every character a square may hold, in the readme's order: the cells `1`–`9` and `A`–`Z`,
/// then `0` (a cell of one square), `.` (transparent), `-` (a hole) and `#` (a bridge).
fn characters() -> impl Iterator<Item = char> {
    ('1'..='9').chain('A'..='Z').chain(['0', '.', '-', '#'])
}

/// Short: a grid square offers 38 of them, and a large pattern draws thousands of squares.
fn title(c: char) -> String {
    match SquareKind::of(c) {
        SquareKind::Cell(c) => format!("cell {c}"),
        SquareKind::Single => "0 (a one-square cell)".to_string(),
        SquareKind::Transparent => ". (transparent)".to_string(),
        SquareKind::Hole => "- (a hole)".to_string(),
        SquareKind::Bridge => "# (a bridge)".to_string(),
        SquareKind::Invalid => c.to_string(),
    }
}

/// The grid square an id names: its row and column.
fn square(id: &str) -> Option<(usize, usize)> {
    let rest = id.strip_prefix("square:")?;
    let (row, column) = rest.split_once(':')?;
    Some((row.parse().ok()?, column.parse().ok()?))
}

/// The character written at a square, with its range, when the grid (as drawn) holds it.
fn written(
    view: &PatternView,
    grid: &Grid,
    (row, column): (usize, usize),
) -> Option<super::view::Square> {
    if row >= grid.height || column >= grid.width {
        return None;
    }
    view.grid.get(row)?.squares().nth(column)
}

/// What the square `id` can become: every other pattern character.
pub fn actions(doc: &Document, id: &str) -> Vec<Action> {
    if id == reshape::GRID {
        return reshape::actions(doc);
    }
    let view = PatternView::of(doc);
    let grid = Grid::of(doc);
    let (Some(at), Some(grid)) = (square(id), grid.as_ref()) else {
        return Vec::new();
    };
    let Some(now) = written(&view, grid, at) else {
        return Vec::new();
    };
    characters()
        .filter(|c| *c != now.char)
        .map(|c| Action::new(format!("cell:{c}"), title(c)))
        .collect()
}

/// The edit writing the character `action` names at the square `id`, or why not.
pub fn edit(doc: &Document, id: &str, action: &str) -> Result<Vec<TextEdit>, String> {
    if id == reshape::GRID {
        return reshape::edit(doc, action);
    }
    let view = PatternView::of(doc);
    let grid = Grid::of(doc);
    let grid = grid
        .as_ref()
        .as_ref()
        .ok_or_else(|| "the pattern has no grid to change".to_string())?;
    let at = square(id).ok_or_else(|| format!("the pattern has no square {id}"))?;
    let now = written(&view, grid, at).ok_or_else(|| format!("the pattern has no square {id}"))?;
    let c = action
        .strip_prefix("cell:")
        .and_then(|c| {
            let mut chars = c.chars();
            chars.next().filter(|_| chars.next().is_none())
        })
        .filter(|c| characters().any(|k| k == *c))
        .ok_or_else(|| format!("{id} cannot become {action}"))?;
    // A line of another width is shifted or cut: which square the column names is a guess.
    let line = &view.grid[at.0];
    if line.width != grid.width {
        return Err(format!(
            "{id} is not changed: grid line {} is {} squares wide, not {}, so which square is \
which is not certain; mend its width first",
            line.number, line.width, grid.width
        ));
    }
    Ok(vec![TextEdit::replace(now.range, c.to_string())])
}
