//! Hover help for Crossmines patterns: every header value named and decoded for the value
//! written, every grid square explained (its cell's size and place, what `0 . - #` do, which
//! stamp shows through a `.`, why a character is not allowed).

use super::checks::{ALLOWED, purpose};
use super::neighbours::{Field, touching};
use super::stamp::{Grid, other_stamp};
use super::view::{
    GridLine, HeaderField, HeaderLine, MAX_SIZE, NumberProblem, PatternView, Square, SquareKind,
};
use crate::answers::{Hover, code_span, markdown_text};
use crate::findings::plural;
use crate::syntax::Document;

pub fn hover(doc: &Document, offset: usize) -> Option<Hover> {
    let view = PatternView::new(doc);
    let header = view.header.iter().find(|line| {
        line.slot.text().is_some_and(|t| !t.trim().is_empty())
            && line.value_range().contains(&offset)
    });
    if let Some(line) = header {
        return Some(Hover {
            range: line.value_range(),
            markdown: header_value(&view, line),
        });
    }
    let line = view.grid.iter().find(|l| l.range.contains(&offset))?;
    let square = line.squares().find(|s| s.range.contains(&offset))?;
    Some(Hover {
        range: square.range.clone(),
        markdown: grid_square(&view, line, &square),
    })
}

fn span(from: usize, to: usize, one: &str, many: &str) -> String {
    if from == to {
        format!("{one} {from}")
    } else {
        format!("{many} {from}–{to}")
    }
}

fn header_value(view: &PatternView, line: &HeaderLine) -> String {
    let field = line.field;
    let heading = format!("**{}** (line {})", field.name(), field.line());
    let text = line.slot.text().unwrap_or("").trim_matches([' ', '\t']);
    if !field.is_number() {
        let meaning = match field {
            HeaderField::RegisteredId => {
                "The number that identifies this pattern; it must be unique to it (the author \
of Crossmines allocates Registered IDs)."
            }
            HeaderField::Author => "Who made the pattern.",
            HeaderField::Title => "The pattern's name.",
            _ => "One line about the pattern.",
        };
        return format!("{heading}: {}\n\n{meaning}", markdown_text(text, 80));
    }
    let what = purpose(field);
    match line.number() {
        Ok(0) => format!(
            "{heading}: 0 is not allowed: it must be a whole number of at least 1 ({what})."
        ),
        Ok(n) => format!(
            "{heading}: {}",
            size_meaning(view, field, usize::try_from(n).unwrap_or(usize::MAX))
        ),
        Err(NumberProblem::TooLarge) => {
            format!("{heading}: too large; the game holds sizes up to {MAX_SIZE} ({what}).")
        }
        Err(_) => format!(
            "{heading}: {} is not a whole number; it must be written with digits only, at \
least 1 ({what}).",
            code_span(text)
        ),
    }
}

fn usable(view: &PatternView, field: HeaderField) -> Option<usize> {
    view.size(field).and_then(|n| usize::try_from(n).ok())
}

/// How many times the repeat fits in the field: "exactly 4" or "about 3.8".
fn times(field: usize, repeat: usize) -> String {
    if field.is_multiple_of(repeat) {
        format!("exactly {}", field / repeat)
    } else {
        format!("about {:.1}", field as f64 / repeat as f64)
    }
}

fn size_meaning(view: &PatternView, field: HeaderField, n: usize) -> String {
    use HeaderField::*;
    let squares = plural(n, "square", "squares");
    match field {
        RecFieldSizeX | RecFieldSizeY => {
            let (side, repeat, way) = if field == RecFieldSizeX {
                ("wide", RepeatSizeX, "across")
            } else {
                ("high", RepeatSizeY, "down")
            };
            let fits = usable(view, repeat).map_or_else(String::new, |r| {
                format!(
                    ": the pattern repeats {} times {way} ({} is {r})",
                    times(n, r),
                    repeat.name()
                )
            });
            format!("the recommended minefield is {squares} {side}{fits}.")
        }
        LargeGridSizeX => {
            let off: Vec<String> = view
                .grid
                .iter()
                .filter(|l| l.width != n)
                .map(|l| l.number.to_string())
                .collect();
            let status = match off.len() {
                0 => format!("all {} do", view.grid.len()),
                1 => format!("grid line {} does not", off[0]),
                k if k <= 6 => format!("grid lines {} do not", off.join(", ")),
                k => format!("{k} grid lines do not"),
            };
            format!(
                "the grid is {squares} wide: every grid line below must have {squares} \
({status})."
            )
        }
        LargeGridSizeY => format!(
            "the grid is {} high: {} follow the header ({} written).",
            plural(n, "line", "lines"),
            plural(n, "grid line", "grid lines"),
            view.grid.len()
        ),
        _ => {
            let (grid_field, unit, way, next) = if field == RepeatSizeX {
                (
                    LargeGridSizeX,
                    ("column", "columns"),
                    "across",
                    "to the right of",
                )
            } else {
                (LargeGridSizeY, ("row", "rows"), "down", "below")
            };
            let stamped = format!(
                "the pattern is stamped every {squares} {way}: each stamp starts {} {next} \
the one before",
                plural(n, unit.0, unit.1)
            );
            let Some(grid) = usable(view, grid_field) else {
                return format!("{stamped}.");
            };
            let fit = if n < grid {
                let (last, first, verb) = if grid - n == 1 {
                    (
                        format!("last {}", unit.0),
                        format!("first {}", unit.0),
                        "lies",
                    )
                } else {
                    (
                        format!("last {} {}", grid - n, unit.1),
                        format!("first {} {}", grid - n, unit.1),
                        "lie",
                    )
                };
                format!(
                    "the {last} of one stamp {verb} on the {first} of the next: there one of the \
two stamps must have `.` squares"
                )
            } else if n == grid {
                "the stamps sit edge to edge".to_string()
            } else {
                format!(
                    "{} of holes are left between the stamps",
                    plural(n - grid, unit.0, unit.1)
                )
            };
            format!(
                "{stamped}; the grid is {grid} ({}), so {fit}.",
                grid_field.name()
            )
        }
    }
}

fn grid_square(view: &PatternView, line: &GridLine, square: &Square) -> String {
    let (row, column) = (line.number - 1, square.column);
    let at = format!("grid row {}, column {}", row + 1, column + 1);
    let grid = Grid::new(view);
    let in_grid = grid.as_ref().filter(|g| g.square(row, column).is_some());
    let shown = code_span(&square.char.to_string());
    let mut text = match square.kind {
        SquareKind::Cell(c) => {
            let mut text = format!("**Cell {shown}** — {at}");
            if let Some(grid) = in_grid {
                text.push_str("\n\n");
                text.push_str(&cell_block(grid, row, column, c));
            }
            text.push_str(
                "\n\nSquares with the same character that touch side by side form one cell of \
the minefield.",
            );
            text.push_str(&cell_neighbours(view, in_grid, row, column));
            text
        }
        SquareKind::Single => {
            let mut text = format!(
                "**Single-square cell {shown}** — {at}\n\nA cell of one square; every `0` is a \
cell of its own."
            );
            text.push_str(&cell_neighbours(view, in_grid, row, column));
            text
        }
        SquareKind::Transparent => {
            let mut text = format!(
                "**Transparent {shown}** — {at}\n\nThis stamp leaves the square empty: the \
neighbouring stamp shows through."
            );
            if let Some(grid) = in_grid {
                text.push(' ');
                text.push_str(&shows_through(view, grid, row, column));
            }
            text
        }
        SquareKind::Hole => format!(
            "**Hole {shown}** — {at}\n\nNo part of the minefield: inaccessible, it gives no \
information to the player (like the holes of the New Game option Holes)."
        ),
        SquareKind::Bridge => {
            let mut text = format!(
                "**Bridge {shown}** — {at}\n\nWhen the player hovers over a cell next to it, the \
bridge is part of that cell; it lets cells meet where squares alone cannot (the readme's \
BigHex.pat lets four hexagons meet at a square)."
            );
            if let Some(grid) = in_grid {
                text.push_str(&bridge_neighbours(view, grid, row, column));
            }
            text
        }
        SquareKind::Invalid => {
            let c = square.char;
            let what = if c == ' ' {
                "A blank (space) is not a pattern square".to_string()
            } else if c == '\t' {
                "A tab is not a pattern square".to_string()
            } else if c.is_ascii_lowercase() {
                format!(
                    "Lowercase {shown} is not a pattern square: cell characters are capital \
letters, write {}",
                    code_span(&c.to_ascii_uppercase().to_string())
                )
            } else {
                format!("{shown} is not a pattern square")
            };
            format!("**Invalid square** — {at}\n\n{what}; {ALLOWED}.")
        }
    };
    for (field, past, size) in [
        (HeaderField::LargeGridSizeX, column, "wide"),
        (HeaderField::LargeGridSizeY, row, "high"),
    ] {
        if let Some(n) = usable(view, field).filter(|&n| past >= n) {
            text.push_str(&format!(
                "\n\nPast {} (line {}): the grid is only {n} {size}.",
                field.name(),
                field.line(),
            ));
        }
    }
    text
}

/// "Cell `2`: 4 squares, rows 2–3, columns 1–2 (a 2 × 2 rectangle)", and its other parts.
fn cell_block(grid: &Grid, row: usize, column: usize, c: char) -> String {
    let block = grid.block(row, column, c);
    let rows = (
        block.iter().map(|s| s.0).min().unwrap_or(row),
        block.iter().map(|s| s.0).max().unwrap_or(row),
    );
    let columns = (
        block.iter().map(|s| s.1).min().unwrap_or(column),
        block.iter().map(|s| s.1).max().unwrap_or(column),
    );
    let (width, height) = (columns.1 - columns.0 + 1, rows.1 - rows.0 + 1);
    let shape = if block.len() == 1 {
        String::new()
    } else if block.len() == width * height {
        format!(" (a {width} × {height} rectangle)")
    } else {
        format!(" (within a {width} × {height} box)")
    };
    let shown = code_span(&c.to_string());
    let mut text = format!(
        "Cell {shown}: {}, {}, {}{shape}.",
        plural(block.len(), "square", "squares"),
        span(rows.0 + 1, rows.1 + 1, "row", "rows"),
        span(columns.0 + 1, columns.1 + 1, "column", "columns"),
    );
    let elsewhere = grid.count(c).saturating_sub(block.len());
    if elsewhere > 0 {
        text.push_str(&format!(
            " {shown} also stands on {} that do not touch this block: a cell must be one block, \
so give them a character of their own.",
            plural(elsewhere, "other square", "other squares")
        ));
    }
    text
}

/// Which stamp fills a `.` square, or that none does.
fn shows_through(view: &PatternView, grid: &Grid, row: usize, column: usize) -> String {
    let (Some(rx), Some(ry)) = (
        usable(view, HeaderField::RepeatSizeX),
        usable(view, HeaderField::RepeatSizeY),
    ) else {
        return "Which stamp fills it depends on the Repeat Sizes (lines 9 and 10), which are \
not usable numbers."
            .to_string();
    };
    let every = format!("Stamped every {rx} columns and {ry} rows");
    let Some(torus) = grid.torus((rx, ry)) else {
        return String::new();
    };
    let (Ok(r), Ok(c)) = (i64::try_from(row), i64::try_from(column)) else {
        return String::new();
    };
    match torus.filler(r, c) {
        Some((other_row, other_column)) => {
            let what = match grid.square(other_row, other_column) {
                Some(Some(ch)) => code_span(&ch.to_string()),
                _ => "an undefined square (its grid line is short)".to_string(),
            };
            let down = (r - other_row as i64) / ry as i64;
            let right = (c - other_column as i64) / rx as i64;
            format!(
                "{every}, {what} at grid row {}, column {} of {} fills it.",
                other_row + 1,
                other_column + 1,
                other_stamp(down, right)
            )
        }
        None => format!(
            "{every}, no stamp fills it: the minefield has a hole here (and every {rx} columns \
and {ry} rows from it)."
        ),
    }
}

/// The stamped field of the pattern, when its Repeat Sizes are usable.
fn stamped<'g>(view: &PatternView, grid: &'g Grid) -> Option<Field<'g>> {
    let repeat =
        usable(view, HeaderField::RepeatSizeX).zip(usable(view, HeaderField::RepeatSizeY))?;
    Field::new(grid, repeat)
}

/// "On the stamped field this cell touches 6 cells (1 2 3 4 5 6)": the minefield's numbers
/// count them.
fn cell_neighbours(view: &PatternView, grid: Option<&Grid>, row: usize, column: usize) -> String {
    let Some(grid) = grid else {
        return String::new();
    };
    let Some(field) = stamped(view, grid) else {
        return String::new();
    };
    match field
        .label(row, column)
        .map(|label| field.neighbours(label))
    {
        Some(cells) if cells.is_empty() => "\n\nOn the stamped field this cell touches no other \
cell (holes, bridges beside no other cell and squares no stamp fills surround it): its number is \
always 0."
            .to_string(),
        Some(cells) => format!(
            "\n\nOn the stamped field this cell {}, at a side or a corner (a bridge counts as part \
of the cells beside it); its number counts the mines among them.",
            touching(&field, &cells),
        ),
        None => "\n\nOn the stamped field an earlier stamp covers this square.".to_string(),
    }
}

/// "Next to it: cells `1`, `2` and a single-square cell", on the stamped field (cells of
/// neighbouring stamps too), else in the grid alone.
fn bridge_neighbours(view: &PatternView, grid: &Grid, row: usize, column: usize) -> String {
    if let Some(field) = stamped(view, grid) {
        if !field.shows(row, column) {
            return " On the stamped field an earlier stamp covers this square.".to_string();
        }
        let cells = field.beside(row as i64, column as i64);
        let mut names: Vec<String> = Vec::new();
        let mut singles = 0;
        for cell in &cells {
            match field.char_of(*cell) {
                Some('0') => singles += 1,
                Some(c) => names.push(format!("cell {}", code_span(&c.to_string()))),
                None => {}
            }
        }
        match singles {
            0 => {}
            1 => names.push("a single-square cell".to_string()),
            n => names.push(format!("{n} single-square cells")),
        }
        return match names.split_last() {
            None => " On the stamped field no cell is beside it (above, below, left or right): \
it joins nothing."
                .to_string(),
            Some((only, [])) => format!(" On the stamped field it is beside {only}."),
            Some((last, rest)) => format!(
                " On the stamped field it is beside {} and {last}: they touch through it.",
                rest.join(", ")
            ),
        };
    }
    grid_bridge_neighbours(grid, row, column)
}

/// "Next to: cells `1`, `2` and a single-square cell."
fn grid_bridge_neighbours(grid: &Grid, row: usize, column: usize) -> String {
    let mut cells: Vec<char> = Vec::new();
    let mut singles = 0;
    let neighbours = [
        row.checked_sub(1).map(|r| (r, column)),
        Some((row + 1, column)),
        column.checked_sub(1).map(|c| (row, c)),
        Some((row, column + 1)),
    ];
    for (r, c) in neighbours.into_iter().flatten() {
        match grid.square(r, c).flatten().map(SquareKind::of) {
            Some(SquareKind::Cell(ch)) if !cells.contains(&ch) => cells.push(ch),
            Some(SquareKind::Single) => singles += 1,
            _ => {}
        }
    }
    let mut names: Vec<String> = cells
        .iter()
        .map(|c| format!("cell {}", code_span(&c.to_string())))
        .collect();
    match singles {
        0 => {}
        1 => names.push("a single-square cell".to_string()),
        n => names.push(format!("{n} single-square cells")),
    }
    match names.split_last() {
        None => " No cell is next to it.".to_string(),
        Some((only, [])) => format!(" Next to it: {only}."),
        Some((last, rest)) => format!(" Next to it: {} and {last}.", rest.join(", ")),
    }
}
