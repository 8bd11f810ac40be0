//! Board edits of a Crossmines pattern's grid as a whole (see [`crate::render::edit`]): a row
//! added or removed at the top or the bottom, a column at the left or the right, with the
//! header's Large Grid Size X and Y (lines 7 and 8) following. New squares are transparent
//! (`.`): the minefield stays as it was until they are painted. The repeat sizes (lines 9 and
//! 10) are the designer's spacing of the stamps and stay as written.

use super::view::{HeaderField, PatternView};
use crate::draw::Action;
use crate::findings::TextEdit;
use crate::formats::reshape::{self, Edge, Reshape};
use crate::syntax::Document;

/// The id of the grid's element in the drawing: the outline of the stamp at the top left.
pub const GRID: &str = "stamp";

/// What the grid can be made: rows and columns added, and removed while more than one is left.
pub fn actions(doc: &Document) -> Vec<Action> {
    let view = PatternView::of(doc);
    let (width, height) = (
        view.grid.iter().map(|l| l.width).max().unwrap_or(0),
        view.grid.len(),
    );
    if view.grid.is_empty() {
        return Vec::new();
    }
    reshape::actions(height, width)
}

/// The edits making the grid what `action` says, with lines 7 and 8, or why not.
pub fn edit(doc: &Document, action: &str) -> Result<Vec<TextEdit>, String> {
    let Reshape { added, edge } =
        reshape::parse(action).ok_or_else(|| format!("the grid cannot {action}"))?;
    let view = PatternView::of(doc);
    let refused = |why: String| Err(format!("the grid is not reshaped: {why}"));
    if view.cut {
        return refused("the file goes on past what Retroboard reads".to_string());
    }
    let Some(first) = view.grid.first() else {
        return refused("the pattern has no grid lines".to_string());
    };
    let (width, height) = (first.width, view.grid.len());
    if let Some(line) = view.grid.iter().find(|l| l.width != width) {
        return refused(format!(
            "grid line {} is {} squares wide, not {width} as the first, so where its edge is \
is not certain; make the lines equally wide first",
            line.number, line.width
        ));
    }
    // The sizes follow only where they say what is written: else which is meant is a guess.
    let size_x = view.field(HeaderField::LargeGridSizeX);
    let size_y = view.field(HeaderField::LargeGridSizeY);
    for (line, number, name, written, what) in [
        (size_x, 7, "Large Grid Size X", width, "squares wide"),
        (size_y, 8, "Large Grid Size Y", height, "lines high"),
    ] {
        if line.number().ok() != u64::try_from(written).ok() {
            let says = match &line.slot {
                super::view::LineSlot::Text { text, .. } => format!("says {}", text.trim()),
                _ => "is empty".to_string(),
            };
            return refused(format!(
                "line {number}, {name}, {says}, but the grid is {written} {what}, so which of \
the two is meant is not certain; make them agree first"
            ));
        }
    }
    let mut edits = Vec::new();
    let resize = |line: &super::view::HeaderLine, size: usize| {
        TextEdit::replace(line.value_range(), size.to_string())
    };
    let line_break = crate::findings::line_break(doc.rope());
    let last = &view.grid[height - 1];
    match (added, edge) {
        (true, Edge::Top) => {
            edits.push(resize(size_y, height + 1));
            let row = ".".repeat(width);
            edits.push(TextEdit::insert(
                first.range.start,
                format!("{row}{line_break}"),
            ));
        }
        (true, Edge::Bottom) => {
            edits.push(resize(size_y, height + 1));
            let row = ".".repeat(width);
            edits.push(TextEdit::insert(
                last.range.end,
                format!("{line_break}{row}"),
            ));
        }
        (true, side) => {
            edits.push(resize(size_x, width + 1));
            for line in &view.grid {
                let at = match side {
                    Edge::Left => line.range.start,
                    _ => line.range.end,
                };
                edits.push(TextEdit::insert(at, "."));
            }
        }
        (false, Edge::Top) | (false, Edge::Bottom) => {
            if height < 2 {
                return refused("its only row is not removed".to_string());
            }
            edits.push(resize(size_y, height - 1));
            edits.push(TextEdit::delete(match edge {
                Edge::Top => first.range.start..view.grid[1].range.start,
                _ => view.grid[height - 2].range.end..last.range.end,
            }));
        }
        (false, side) => {
            if width < 2 {
                return refused("its only column is not removed".to_string());
            }
            edits.push(resize(size_x, width - 1));
            for line in &view.grid {
                let square = match side {
                    Edge::Left => line.text.chars().next(),
                    _ => line.text.chars().next_back(),
                };
                let len = square.map_or(0, char::len_utf8);
                edits.push(TextEdit::delete(match side {
                    Edge::Left => line.range.start..line.range.start + len,
                    _ => line.range.end - len..line.range.end,
                }));
            }
        }
    }
    Ok(edits)
}
