//! The checks of a Crossmines pattern, over its typed view.

use std::ops::Range;

use super::stamp::{Torus, other_stamp};
use super::view::{GridLine, HeaderField, MAX_SIZE, NumberProblem, PatternView, SquareKind};
use crate::findings::{Finding, Limited, Severity};

pub const HEADER_NUMBER: &str = "crossmines/header-number";
pub const HEADER_TEXT: &str = "crossmines/header-text";
pub const GRID_WIDTH: &str = "crossmines/grid-width";
pub const GRID_HEIGHT: &str = "crossmines/grid-height";
pub const INVALID_CHARACTER: &str = "crossmines/invalid-character";
pub const REPEAT_TOO_LARGE: &str = "crossmines/repeat-too-large";
pub const REC_FIELD_TOO_SMALL: &str = "crossmines/rec-field-too-small";
pub const SPLIT_CELL: &str = "crossmines/split-cell";
pub const STAMP_OVERLAP: &str = "crossmines/stamp-overlap";
pub const STAMP_HOLES: &str = "crossmines/stamp-holes";

/// Every check, in file order of what they look at.
pub fn check(view: &PatternView, findings: &mut Vec<Finding>) {
    let mut out = Limited::new(findings);
    header(view, &mut out);
    sizes(view, &mut out);
    grid_shape(view, &mut out);
    invalid_characters(view, &mut out);
    split_cells(view, &mut out);
    stamping(view, &mut out);
    out.finish();
}

/// What a field holds, in a few words, for "line 2 (Author) is empty; …".
pub fn purpose(field: HeaderField) -> &'static str {
    match field {
        HeaderField::RegisteredId => "the Registered ID of the pattern (a number unique to it)",
        HeaderField::Author => "the author's name",
        HeaderField::Title => "the pattern's title",
        HeaderField::Description => "a one-line description of the pattern",
        HeaderField::RecFieldSizeX => "the recommended minefield width, in squares",
        HeaderField::RecFieldSizeY => "the recommended minefield height, in squares",
        HeaderField::LargeGridSizeX => "the width of the pattern grid below, in squares",
        HeaderField::LargeGridSizeY => "the number of grid lines below",
        HeaderField::RepeatSizeX => "how many squares apart the pattern is stamped across",
        HeaderField::RepeatSizeY => "how many squares apart the pattern is stamped down",
    }
}

fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(30).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// Lines 1–10: four non-empty text lines, six positive integers.
fn header(view: &PatternView, out: &mut Limited) {
    let ends_after = match view.lines {
        0 => "the file is empty".to_string(),
        n => format!("the file ends after line {n}"),
    };
    for line in &view.header {
        let field = line.field;
        let (n, name) = (field.line(), field.name());
        let blank = line.slot.text().is_none_or(|t| t.trim().is_empty());
        if !field.is_number() {
            if blank {
                let state = match line.slot.text() {
                    Some(_) => "holds only blanks".to_string(),
                    None if view.lines < n => format!("is missing: {ends_after}"),
                    None => "is empty".to_string(),
                };
                out.push(
                    Severity::Warning,
                    HEADER_TEXT,
                    line.slot.range(),
                    format!(
                        "line {n} ({name}) {state}; it should hold {}",
                        purpose(field)
                    ),
                );
            }
            continue;
        }
        let expected = format!(
            "it must be a whole number of at least 1 ({})",
            purpose(field)
        );
        let message = match line.number() {
            Ok(0) if matches!(field, HeaderField::RepeatSizeX | HeaderField::RepeatSizeY) => {
                format!(
                    "{name} (line {n}) is 0: every stamp of the pattern would land on the same \
place; it must be at least 1 ({})",
                    purpose(field)
                )
            }
            Ok(0) => format!("{name} (line {n}) is 0; {expected}"),
            Ok(_) => continue,
            Err(NumberProblem::Missing) => {
                format!("line {n} ({name}) is missing: {ends_after}; {expected}")
            }
            Err(NumberProblem::Empty) => format!("line {n} ({name}) is empty; {expected}"),
            Err(NumberProblem::NotANumber) => format!(
                "{name} (line {n}) is `{}`, not a whole number; {expected}, written with digits \
only",
                shown(line.slot.text().unwrap_or("").trim())
            ),
            Err(NumberProblem::TooLarge) => format!(
                "{name} (line {n}) is too large; the game holds sizes up to {MAX_SIZE}, and a \
pattern is rarely more than a few dozen squares"
            ),
        };
        out.push(Severity::Error, HEADER_NUMBER, line.value_range(), message);
    }
}

/// Repeat sizes against the grid, the recommended field against one repeat.
fn sizes(view: &PatternView, out: &mut Limited) {
    use HeaderField::*;
    for (repeat, grid, axis, what) in [
        (RepeatSizeX, LargeGridSizeX, "columns", "wider"),
        (RepeatSizeY, LargeGridSizeY, "rows", "taller"),
    ] {
        let (Some(r), Some(g)) = (view.size(repeat), view.size(grid)) else {
            continue;
        };
        if r > g {
            out.push(
                Severity::Warning,
                REPEAT_TOO_LARGE,
                view.field(repeat).value_range(),
                format!(
                    "{} (line {}) is {r}, {what} than the grid ({} on line {} is {g}): the stamps \
do not touch and leave {} {axis} of holes between them; use at most {g}",
                    repeat.name(),
                    repeat.line(),
                    grid.name(),
                    grid.line(),
                    r - g
                ),
            );
        }
    }
    for (rec, repeat) in [(RecFieldSizeX, RepeatSizeX), (RecFieldSizeY, RepeatSizeY)] {
        let (Some(f), Some(r)) = (view.size(rec), view.size(repeat)) else {
            continue;
        };
        if f < r {
            out.push(
                Severity::Warning,
                REC_FIELD_TOO_SMALL,
                view.field(rec).value_range(),
                format!(
                    "{} (line {}) is {f}, smaller than one repeat of the pattern ({} on line {} \
is {r}): the recommended minefield would not show the whole pattern even once; make it at \
least {r}",
                    rec.name(),
                    rec.line(),
                    repeat.name(),
                    repeat.line()
                ),
            );
        }
    }
}

fn squares(n: usize) -> String {
    if n == 1 {
        "1 square".to_string()
    } else {
        format!("{n} squares")
    }
}

/// Grid width and height against Large Grid Size X and Y.
fn grid_shape(view: &PatternView, out: &mut Limited) {
    let x_line = HeaderField::LargeGridSizeX.line();
    if let Some(x) = view.size(HeaderField::LargeGridSizeX) {
        let x = usize::try_from(x).unwrap_or(usize::MAX);
        for line in &view.grid {
            if line.width == x {
                continue;
            }
            let range = if line.width > x {
                line.columns_range(x, line.width)
            } else {
                line.range.clone()
            };
            out.push_with(Severity::Error, GRID_WIDTH, range, || {
                let fix = if line.width > x {
                    let extra = line.width - x;
                    let what = if extra == 1 {
                        "square".to_string()
                    } else {
                        format!("{extra} squares")
                    };
                    format!("remove the {what} past column {x}, or change line {x_line}")
                } else {
                    format!(
                        "add the missing {}, or change line {x_line}",
                        squares(x - line.width)
                    )
                };
                let width = if line.width == 0 {
                    "is blank (0 squares wide)".to_string()
                } else {
                    format!("is {} wide", squares(line.width))
                };
                format!(
                    "grid line {} {width}; Large Grid Size X (line {x_line} of the header) says \
{x}: {fix}",
                    line.number
                )
            });
        }
    }
    let y_line = HeaderField::LargeGridSizeY.line();
    let Some(y) = view.size(HeaderField::LargeGridSizeY) else {
        return;
    };
    let y = usize::try_from(y).unwrap_or(usize::MAX);
    let n = view.grid.len();
    let lines = |n: usize| {
        if n == 1 {
            "1 line".to_string()
        } else {
            format!("{n} lines")
        }
    };
    if n > y {
        let (Some(first), Some(last)) = (view.grid.get(y), view.grid.last()) else {
            return;
        };
        let which = if n - y == 1 {
            format!(
                "grid line {} (file line {}) is extra",
                first.number, first.file_line
            )
        } else {
            format!(
                "grid lines {}–{} (file lines {}–{}) are extra",
                first.number, last.number, first.file_line, last.file_line
            )
        };
        out.push(
            Severity::Error,
            GRID_HEIGHT,
            first.range.start..last.range.end,
            format!(
                "the grid has {}; Large Grid Size Y (line {y_line} of the header) says {y}: \
{which}; remove {} or change line {y_line}",
                lines(n),
                if n - y == 1 { "it" } else { "them" }
            ),
        );
    } else if n < y {
        let at = view.grid.last().map_or(view.end, |l| l.range.end);
        let missing = y - n;
        let place = if n == 0 {
            "no grid lines follow the header".to_string()
        } else {
            format!(
                "{} missing after this one",
                if missing == 1 {
                    "1 grid line is".to_string()
                } else {
                    format!("{missing} grid lines are")
                }
            )
        };
        out.push(
            Severity::Error,
            GRID_HEIGHT,
            at..at,
            format!(
                "the grid has {}; Large Grid Size Y (line {y_line} of the header) says {y}: \
{place}; add them or change line {y_line}",
                lines(n)
            ),
        );
    }
}

pub const ALLOWED: &str = "a grid square is 1–9 or A–Z (a square of a cell), 0 (a one-square cell), \
. (transparent), - (a hole) or # (a bridge)";

/// Characters outside `0-9 A-Z . - #`, one finding per run.
fn invalid_characters(view: &PatternView, out: &mut Limited) {
    for line in &view.grid {
        for run in &line.invalid {
            out.push_with(
                Severity::Error,
                INVALID_CHARACTER,
                run.range.clone(),
                || {
                    let text = line.run_text(run);
                    let what = if text.chars().all(|c| c == ' ' || c == '\t') {
                        let blanks = if text.chars().count() == 1 {
                            "a blank (space or tab) is not a pattern square"
                        } else {
                            "blanks (spaces or tabs) are not pattern squares"
                        };
                        let place = if run.range.end == line.range.end {
                            " at the end of the line"
                        } else {
                            ""
                        };
                        format!("{blanks}{place}")
                    } else if text.chars().all(|c| c.is_ascii_lowercase()) {
                        format!(
                            "lowercase `{}` is not a pattern square: cell characters are capital \
letters, write `{}`",
                            shown(text),
                            shown(&text.to_ascii_uppercase())
                        )
                    } else if text.chars().count() == 1 {
                        format!("`{}` is not a pattern square", shown(text))
                    } else {
                        format!("`{}` are not pattern squares", shown(text))
                    };
                    format!(
                        "{what} (grid line {}, column {}); {ALLOWED}",
                        line.number,
                        run.column + 1
                    )
                },
            );
        }
    }
}

/// A run of equal cell characters on one grid line: a node of the connectivity graph. Kept
/// small, as a big random grid has millions of them.
struct CellRun {
    /// Byte offset of the first square (cell characters are ASCII: one byte each).
    byte: usize,
    row: u32,
    /// Columns `start..end`.
    start: u32,
    end: u32,
    char: u8,
}

impl CellRun {
    fn range(&self) -> Range<usize> {
        self.byte..self.byte + (self.end - self.start) as usize
    }
}

/// The index (0..35) of a cell character `1`-`9`, `A`-`Z`.
pub fn cell_index(c: u8) -> usize {
    match c {
        b'1'..=b'9' => usize::from(c - b'1'),
        _ => usize::from(c.saturating_sub(b'A')) + 9,
    }
}

/// The runs of equal cell characters (`1`-`9`, `A`-`Z`) of a grid line; `None` when the grid
/// is too big to number its runs in 32 bits.
fn cell_runs(row: usize, line: &GridLine, into: &mut Vec<CellRun>) -> Option<()> {
    let row = u32::try_from(row).ok()?;
    let start_of_runs = into.len();
    for square in line.squares() {
        let SquareKind::Cell(c) = square.kind else {
            continue;
        };
        let (c, column) = (c as u8, u32::try_from(square.column).ok()?);
        let continues = into.len() > start_of_runs
            && into
                .last()
                .is_some_and(|last| last.char == c && last.end == column);
        if continues {
            if let Some(last) = into.last_mut() {
                last.end += 1;
            }
            continue;
        }
        into.push(CellRun {
            byte: square.range.start,
            row,
            start: column,
            end: column + 1,
            char: c,
        });
    }
    Some(())
}

fn find(parent: &mut [u32], i: u32) -> u32 {
    let mut i = i as usize;
    while parent[i] as usize != i {
        parent[i] = parent[parent[i] as usize];
        i = parent[i] as usize;
    }
    i as u32
}

/// A cell character that forms more than one connected block (4-connectivity). Union-find over
/// the runs of equal characters of each line, joined to the runs they touch on the line above:
/// linear in the grid size.
fn split_cells(view: &PatternView, out: &mut Limited) {
    let mut runs: Vec<CellRun> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut previous = 0..0;
    for (row, line) in view.grid.iter().enumerate() {
        let start = runs.len();
        if cell_runs(row, line, &mut runs).is_none() || u32::try_from(runs.len()).is_err() {
            return;
        }
        parent.extend(start as u32..runs.len() as u32);
        // Join runs of the same character that touch the line above (column ranges overlap).
        let (mut i, mut j) = (previous.start, start);
        while i < previous.end && j < runs.len() {
            let (a, b) = (&runs[i], &runs[j]);
            if a.char == b.char && a.start < b.end && b.start < a.end {
                let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                if ra != rb {
                    // The earlier run stays the root: a part is named by its first run.
                    parent[ra.max(rb) as usize] = ra.min(rb);
                }
            }
            if a.end <= b.end {
                i += 1;
            } else {
                j += 1;
            }
        }
        previous = start..runs.len();
    }
    // Squares per part (at its root, the part's first run), parts per character, and each
    // character's main part: the largest, the first of equal ones.
    let mut size = vec![0u32; runs.len()];
    let mut parts = [0usize; 35];
    let mut main: [Option<usize>; 35] = [None; 35];
    for (i, run) in runs.iter().enumerate() {
        let root = find(&mut parent, i as u32) as usize;
        size[root] = size[root].saturating_add(run.end - run.start);
    }
    for i in 0..runs.len() {
        if parent[i] as usize != i {
            continue;
        }
        let c = cell_index(runs[i].char).min(34);
        parts[c] += 1;
        if main[c].is_none_or(|m| size[i] > size[m]) {
            main[c] = Some(i);
        }
    }
    // Every other part, in file order.
    for i in 0..runs.len() {
        let c = cell_index(runs[i].char).min(34);
        let (true, Some(m)) = (parent[i] as usize == i && parts[c] > 1, main[c]) else {
            continue;
        };
        if m == i {
            continue;
        }
        let (run, main_run, count) = (&runs[i], &runs[m], parts[c]);
        let ch = char::from(run.char);
        out.push_with(Severity::Warning, SPLIT_CELL, run.range(), || {
            let part = if size[i] == 1 {
                format!(
                    "this square (row {}, column {}) does",
                    run.row + 1,
                    run.start + 1
                )
            } else {
                format!(
                    "these {} squares (from row {}, column {}) do",
                    size[i],
                    run.row + 1,
                    run.start + 1
                )
            };
            format!(
                "cell `{ch}` is in {count} separate parts: {part} not touch the `{ch}` squares \
from row {}, column {} ({}); a cell must be one block of squares touching side by side. Give \
this part a character of its own, or join the parts",
                main_run.row + 1,
                main_run.start + 1,
                squares(size[m] as usize),
            )
        });
    }
}

fn columns(from: usize, to: usize) -> String {
    if from == to {
        format!("column {}", from + 1)
    } else {
        format!("columns {}–{}", from + 1, to + 1)
    }
}

/// Stamping the grid every Repeat Size X columns and Repeat Size Y rows: squares that two
/// stamps fill (overlap) and squares that no stamp fills (holes), read from one period of the
/// field (the [`Torus`]), so this is linear in the grid size.
fn stamping(view: &PatternView, out: &mut Limited) {
    use HeaderField::*;
    let (Some(x), Some(y), Some(rx), Some(ry)) = (
        view.size(LargeGridSizeX),
        view.size(LargeGridSizeY),
        view.size(RepeatSizeX),
        view.size(RepeatSizeY),
    ) else {
        return;
    };
    // Only a grid of the declared shape, with known squares, has a certain stamping.
    let (Ok(x), Ok(y), Ok(rx), Ok(ry)) = (
        usize::try_from(x),
        usize::try_from(y),
        usize::try_from(rx),
        usize::try_from(ry),
    ) else {
        return;
    };
    if rx > x
        || ry > y
        || view.grid.len() != y
        || view
            .grid
            .iter()
            .any(|l| l.width != x || !l.invalid.is_empty())
    {
        return;
    }
    let opaque = view.grid.iter().enumerate().flat_map(|(row, line)| {
        line.squares()
            .filter(|s| s.kind.is_opaque())
            .map(move |s| (row, s.column))
    });
    let Some(torus) = Torus::new((rx, ry), (x, y), opaque) else {
        return;
    };
    for (row, line) in view.grid.iter().enumerate() {
        // A run of consecutive overlapping squares that land on consecutive squares of one
        // other stamp: (first column, last column, other row, other first column, start byte).
        let mut run: Option<(usize, usize, usize, usize, usize, usize)> = None;
        let flush = |run: Option<(usize, usize, usize, usize, usize, usize)>, out: &mut Limited| {
            let Some((from, to, other_row, other_from, start, end)) = run else {
                return;
            };
            let down = ((row - other_row) / ry) as i64;
            let right = (from as i64 - other_from as i64) / rx as i64;
            let (subject, verb) = if from == to {
                ("square", "lands")
            } else {
                ("squares", "land")
            };
            out.push_with(Severity::Warning, STAMP_OVERLAP, start..end, || {
                format!(
                    "{subject} (row {}, {}) of this stamp {verb} on {subject} (row {}, {}) of \
{}: stamped every {rx} columns and {ry} rows, both stamps fill the same place; make one of them \
transparent (`.`) or change the Repeat Size",
                    row + 1,
                    columns(from, to),
                    other_row + 1,
                    columns(other_from, other_from + (to - from)),
                    other_stamp(down, right)
                )
            });
        };
        for square in line.squares() {
            let column = square.column;
            let filler = torus.filler(row as i64, column as i64);
            let Some((other_row, other_column)) =
                filler.filter(|&other| square.kind.is_opaque() && other != (row, column))
            else {
                flush(run.take(), out);
                continue;
            };
            match &mut run {
                Some((from, to, r, c, _, end))
                    if *to + 1 == column
                        && *r == other_row
                        && *c + (column - *from) == other_column =>
                {
                    *to = column;
                    *end = square.range.end;
                }
                _ => {
                    flush(run.take(), out);
                    run = Some((
                        column,
                        column,
                        other_row,
                        other_column,
                        square.range.start,
                        square.range.end,
                    ));
                }
            }
        }
        flush(run.take(), out);
    }
    // Holes: torus squares no stamp fills, reported as runs on the first stamp's squares.
    for (row, line) in view.grid.iter().enumerate().take(ry) {
        // (first column, last column, byte range) of the current run of holes.
        let mut hole: Option<(usize, usize, Range<usize>)> = None;
        let report = |hole: Option<(usize, usize, Range<usize>)>, out: &mut Limited| {
            let Some((from, to, range)) = hole else {
                return;
            };
            let (subject, verb) = if from == to {
                ("square", "is")
            } else {
                ("squares", "are")
            };
            out.push_with(Severity::Information, STAMP_HOLES, range, || {
                format!(
                    "{subject} (row {}, {}) {verb} covered by no stamp: stamped every {rx} columns \
and {ry} rows, the pattern leaves a hole there (and every {rx} columns and {ry} rows from it). \
The readme allows holes; if this one is not meant, fill it in one stamp",
                    row + 1,
                    columns(from, to)
                )
            });
        };
        for square in line.squares().take(rx) {
            if torus.filler(row as i64, square.column as i64).is_some() {
                report(hole.take(), out);
                continue;
            }
            match &mut hole {
                Some((_, to, range)) => {
                    *to = square.column;
                    range.end = square.range.end;
                }
                None => hole = Some((square.column, square.column, square.range)),
            }
        }
        report(hole.take(), out);
    }
}
