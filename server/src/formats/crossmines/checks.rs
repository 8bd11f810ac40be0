//! The checks of a Crossmines pattern, over its typed view.

use std::ops::Range;

use super::codes::{
    EMPTY_PATTERN, GRID_HEIGHT, GRID_WIDTH, HEADER_NUMBER, HEADER_TEXT, INVALID_CHARACTER,
    LONE_BRIDGE, REC_FIELD_TOO_SMALL, REPEAT_TOO_LARGE, SPLIT_CELL, STAMP_HOLES, STAMP_OVERLAP,
};
use super::stamp::{Torus, other_stamp};
use super::view::{GridLine, HeaderField, MAX_SIZE, NumberProblem, PatternView, SquareKind};
use crate::findings::{Finding, Fix, Limited, Related, TextEdit, line_break, plural};
use crate::syntax::Document;

/// Every check, in file order of what they look at, at most
/// [`crate::findings::MAX_PER_CODE`] findings of each code and one note for the rest.
pub fn check(doc: &Document, view: &PatternView, findings: &mut Vec<Finding>) {
    let mut out = Limited::new(findings);
    header(view, &mut out);
    sizes(doc, view, &mut out);
    grid_width(doc, view, &mut out);
    grid_height(doc, view, &mut out);
    invalid_characters(view, &mut out);
    split_cells(view, &mut out);
    // An empty pattern is all holes: that is its one finding.
    if !empty_pattern(view, &mut out) {
        stamping(view, &mut out);
    }
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
    crate::text::shorten(text, 30)
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
                "{name} (line {n}) is “{}”, not a whole number; {expected}, written with digits \
only",
                shown(line.slot.text().unwrap_or("").trim())
            ),
            Err(NumberProblem::TooLarge) => format!(
                "{name} (line {n}) is too large; the game holds sizes up to {MAX_SIZE}, and a \
pattern is rarely more than a few dozen squares"
            ),
        };
        let missing = matches!(line.number(), Err(NumberProblem::Missing));
        out.push(HEADER_NUMBER, line.value_range(), message);
        // A grid size that is no size, over a grid that has one: the grid's is the one reading.
        if let Some((size, what)) = grid_size(view, field).filter(|_| !missing) {
            out.fix_last([Fix::one(
                format!("Write {size} ({what})"),
                TextEdit::replace(line.value_range(), size.to_string()),
            )
            .preferred()]);
        }
    }
}

/// The size the grid below has along `field` (Large Grid Size X or Y), with its words: the
/// width its lines all have, or how many lines it has; `None` for a grid with none, or cut at
/// the format's bound.
fn grid_size(view: &PatternView, field: HeaderField) -> Option<(usize, &'static str)> {
    let fits = |n: &usize| *n > 0 && *n as u64 <= MAX_SIZE;
    if view.cut {
        return None;
    }
    match field {
        HeaderField::LargeGridSizeX => {
            let width = view.grid.first()?.width;
            view.grid
                .iter()
                .all(|l| l.width == width)
                .then_some(width)
                .filter(fits)
                .map(|w| (w, "the grid's width"))
        }
        HeaderField::LargeGridSizeY => Some(view.grid.len())
            .filter(fits)
            .map(|n| (n, "the grid's height")),
        _ => None,
    }
}

/// Repeat sizes against the grid, the recommended field against one repeat.
fn sizes(doc: &Document, view: &PatternView, out: &mut Limited) {
    use HeaderField::*;
    for (repeat, grid, axis, what) in [
        (RepeatSizeX, LargeGridSizeX, ("column", "columns"), "wider"),
        (RepeatSizeY, LargeGridSizeY, ("row", "rows"), "taller"),
    ] {
        let (Some(r), Some(g)) = (view.size(repeat), view.size(grid)) else {
            continue;
        };
        if r > g {
            out.push(
                REPEAT_TOO_LARGE,
                view.field(repeat).value_range(),
                format!(
                    "{} (line {}) is {r}, {what} than the grid ({} on line {} is {g}): the stamps \
do not touch and leave {} of holes between them; use at most {g}",
                    repeat.name(),
                    repeat.line(),
                    grid.name(),
                    grid.line(),
                    plural(r - g, axis.0, axis.1)
                ),
            );
            out.relate_last(header_place(doc, view, grid));
        }
    }
    for (rec, repeat) in [(RecFieldSizeX, RepeatSizeX), (RecFieldSizeY, RepeatSizeY)] {
        let (Some(f), Some(r)) = (view.size(rec), view.size(repeat)) else {
            continue;
        };
        if f < r {
            out.push(
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
            out.relate_last(header_place(doc, view, repeat));
        }
    }
}

/// A header field's value as a place a finding names (`Large Grid Size X (line 7)`).
fn header_place(doc: &Document, view: &PatternView, field: HeaderField) -> Option<Related> {
    let range = view.field(field).value_range();
    let message = format!("{} (line {})", field.name(), field.line());
    Some(Related::here(doc.rope(), range, message))
}

fn squares(n: usize) -> String {
    if n == 1 {
        "1 square".to_string()
    } else {
        format!("{n} squares")
    }
}

/// Grid line widths against Large Grid Size X.
fn grid_width(doc: &Document, view: &PatternView, out: &mut Limited) {
    let Some(x) = view.size(HeaderField::LargeGridSizeX) else {
        return;
    };
    let x = usize::try_from(x).unwrap_or(usize::MAX);
    if view.grid.iter().all(|l| l.width == x) {
        return;
    }
    // A grid whose lines are all one width: writing it in the header is the likelier fix, but
    // not preferred (the header and the grid disagree: either may be the mistake, the modder may
    // be halfway through the grid), and neither is filling a short line (its missing square
    // may be anywhere in it).
    let widths = view.grid.first().map(|l| l.width);
    let one_width = widths
        .filter(|w| *w > 0 && *w as u64 <= MAX_SIZE && view.grid.iter().all(|l| l.width == *w));
    let header = one_width.map(|w| {
        let field = view.field(HeaderField::LargeGridSizeX);
        let title = format!("Write {w} on line {}", HeaderField::LargeGridSizeX.line());
        Fix::one(title, TextEdit::replace(field.value_range(), w.to_string()))
    });
    for line in &view.grid {
        if line.width == x {
            continue;
        }
        let range = if line.width > x {
            line.columns_range(x, line.width)
        } else {
            line.range.clone()
        };
        let line_fix = if line.width > x {
            Some(Fix::one(
                format!("Cut the line after column {x}"),
                TextEdit::delete(range.clone()),
            ))
        } else {
            let fill = x - line.width;
            let fix = Fix::one(
                format!("Fill up with {fill} “.” (transparent)"),
                TextEdit::insert(line.range.end, ".".repeat(fill)),
            );
            (fill <= MAX_FILL).then_some(fix)
        };
        out.push_with(GRID_WIDTH, range, || {
            width_message(line.number, line.width, x)
        });
        out.fix_last(header.clone().into_iter().chain(line_fix));
        out.relate_last(header_place(doc, view, HeaderField::LargeGridSizeX));
    }
}

/// The message of grid line `number`, `width` squares wide where Large Grid Size X says `x`.
pub fn width_message(number: usize, width: usize, x: usize) -> String {
    let x_line = HeaderField::LargeGridSizeX.line();
    let fix = if width > x {
        let extra = width - x;
        let what = if extra == 1 {
            "square".to_string()
        } else {
            format!("{extra} squares")
        };
        format!("remove the {what} past column {x}, or change line {x_line}")
    } else {
        format!(
            "add the missing {}, or change line {x_line}",
            squares(x - width)
        )
    };
    let width = if width == 0 {
        "is blank (0 squares wide)".to_string()
    } else {
        format!("is {} wide", squares(width))
    };
    format!(
        "grid line {number} {width}; Large Grid Size X (line {x_line} of the header) says {x}: {fix}"
    )
}

/// The number of grid lines against Large Grid Size Y.
fn grid_height(doc: &Document, view: &PatternView, out: &mut Limited) {
    let Some(y) = view.size(HeaderField::LargeGridSizeY) else {
        return;
    };
    let y = usize::try_from(y).unwrap_or(usize::MAX);
    if view.cut && view.grid.len() < y {
        return; // the lines past the bound are not read: they may hold the rest
    }
    let first_extra = view.grid.get(y).map_or(view.end, |line| line.range.start);
    let last_end = view.grid.last().map(|line| line.range.end);
    if let Some(finding) = height_finding(view.grid.len(), y, first_extra, last_end, view.end) {
        out.push_finding(finding);
        out.fix_last(height_fixes(doc, view, y));
        out.relate_last(header_place(doc, view, HeaderField::LargeGridSizeY));
    }
}

/// The grid's height written on line 8, and the lines past it removed or the missing ones
/// added as transparent squares: which is meant, the file does not say.
fn height_fixes(doc: &Document, view: &PatternView, y: usize) -> Vec<Fix> {
    let n = view.grid.len();
    let y_line = HeaderField::LargeGridSizeY.line();
    let mut fixes = Vec::new();
    if n > 0 && n as u64 <= MAX_SIZE {
        let field = view.field(HeaderField::LargeGridSizeY);
        let title = format!("Write {n} on line {y_line}");
        fixes.push(Fix::one(
            title,
            TextEdit::replace(field.value_range(), n.to_string()),
        ));
    }
    let (Some(last), Some(kept)) = (view.grid.last(), y.checked_sub(1)) else {
        return fixes;
    };
    if n > y {
        let from = view.grid.get(kept).map_or(0, |l| l.range.end);
        let title = if n - y == 1 {
            "Remove the extra grid line".to_string()
        } else {
            format!("Remove the {} extra grid lines", n - y)
        };
        fixes.push(Fix::one(title, TextEdit::delete(from..last.range.end)));
    } else if let Some(x) = view.size(HeaderField::LargeGridSizeX) {
        let x = usize::try_from(x).unwrap_or(0).min(MAX_FILL);
        let missing = y - n;
        if x > 0 && missing <= MAX_FILL {
            let line = format!("{}{}", line_break(doc.rope()), ".".repeat(x));
            let lines = plural(missing, "grid line", "grid lines");
            let title = format!("Add {lines} of “.” (transparent)");
            fixes.push(Fix::one(
                title,
                TextEdit::insert(last.range.end, line.repeat(missing)),
            ));
        }
    }
    fixes
}

/// The most squares or lines a fix writes: a pattern is rarely more than a few dozen squares.
const MAX_FILL: usize = 1000;

/// The finding of a grid of `n` lines where Large Grid Size Y says `y`: `first_extra` is where
/// grid line `y + 1` starts (when there is one), `last_end` where the last grid line ends,
/// `end` the end of the file.
pub fn height_finding(
    n: usize,
    y: usize,
    first_extra: usize,
    last_end: Option<usize>,
    end: usize,
) -> Option<Finding> {
    let y_line = HeaderField::LargeGridSizeY.line();
    let lines = |n: usize| {
        if n == 1 {
            "1 line".to_string()
        } else {
            format!("{n} lines")
        }
    };
    if n > y {
        let last_end = last_end?;
        // Grid line k is file line k + 10.
        let which = if n - y == 1 {
            format!("grid line {} (file line {}) is extra", y + 1, y + 11)
        } else {
            format!(
                "grid lines {}–{n} (file lines {}–{}) are extra",
                y + 1,
                y + 11,
                n + 10
            )
        };
        Some(Finding::new(
            GRID_HEIGHT,
            first_extra..last_end,
            format!(
                "the grid has {}; Large Grid Size Y (line {y_line} of the header) says {y}: \
{which}; remove {} or change line {y_line}",
                lines(n),
                if n - y == 1 { "it" } else { "them" }
            ),
        ))
    } else if n < y {
        let at = last_end.unwrap_or(end);
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
        Some(Finding::new(
            GRID_HEIGHT,
            at..at,
            format!(
                "the grid has {}; Large Grid Size Y (line {y_line} of the header) says {y}: \
{place}; add them or change line {y_line}",
                lines(n)
            ),
        ))
    } else {
        None
    }
}

pub const ALLOWED: &str = "a grid square is 1–9 or A–Z (a square of a cell), 0 (a one-square cell), \
. (transparent), - (a hole) or # (a bridge)";

/// Characters outside `0-9 A-Z . - #`, one finding per run.
fn invalid_characters(view: &PatternView, out: &mut Limited) {
    for line in &view.grid {
        for run in &line.invalid {
            let text = line.run_text(run);
            out.push_with(INVALID_CHARACTER, run.range.clone(), || {
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
                        "lowercase “{}” is not a pattern square: cell characters are capital \
letters, write “{}”",
                        shown(text),
                        shown(&text.to_ascii_uppercase())
                    )
                } else if text.chars().count() == 1 {
                    format!("“{}” is not a pattern square", shown(text))
                } else {
                    format!("“{}” are not pattern squares", shown(text))
                };
                format!(
                    "{what} (grid line {}, column {}); {ALLOWED}",
                    line.number,
                    run.column + 1
                )
            });
            // A lowercase cell letter can only mean the capital one.
            if text.chars().all(|c| c.is_ascii_lowercase()) {
                let upper = text.to_ascii_uppercase();
                out.fix_last([Fix::one(
                    format!("Write “{upper}”"),
                    TextEdit::replace(run.range.clone(), upper),
                )
                .preferred()]);
            }
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

/// The runs of cell characters of a grid, joined into parts.
struct Cells {
    runs: Vec<CellRun>,
    parent: Vec<u32>,
}

/// Union-find over the runs of equal characters of each line, joined to the runs they touch on
/// the line above: linear in the grid size. Rows are grid rows (grid line numbers from 0).
/// `None` when the grid is too big to number its runs.
fn connect(view: &PatternView) -> Option<Cells> {
    let mut runs: Vec<CellRun> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut previous = 0..0;
    for line in &view.grid {
        let start = runs.len();
        cell_runs(line.number - 1, line, &mut runs)?;
        u32::try_from(runs.len()).ok()?;
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
    Some(Cells { runs, parent })
}

/// One part of a cell: squares of one character touching side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub char: u8,
    /// How many squares.
    pub size: u32,
    /// Its first run of squares (in text order): grid row (from 0), first column (from 0) and
    /// byte range.
    pub row: u32,
    pub column: u32,
    pub range: Range<usize>,
}

/// A cell character that forms more than one connected block (4-connectivity).
fn split_cells(view: &PatternView, out: &mut Limited) {
    let Some(Cells { runs, mut parent }) = connect(view) else {
        return;
    };
    let parts: Vec<Part> = {
        let mut size = vec![0u32; runs.len()];
        for (i, run) in runs.iter().enumerate() {
            let root = find(&mut parent, i as u32) as usize;
            size[root] = size[root].saturating_add(run.end - run.start);
        }
        runs.iter()
            .enumerate()
            .filter(|(i, _)| parent[*i] as usize == *i)
            .map(|(i, run)| Part {
                char: run.char,
                size: size[i],
                row: run.row,
                column: run.start,
                range: run.range(),
            })
            .collect()
    };
    split_parts(&parts, |message| {
        out.push_with(SPLIT_CELL, message.part.range.clone(), || message.text())
    });
}

/// The findings of the parts of every cell (in text order of their first runs): every part of
/// a character in more than one but its main part (the largest, the first of equal ones).
pub fn split_parts<'a>(parts: &'a [Part], mut push: impl FnMut(SplitPart<'a>)) {
    let mut count = [0usize; 35];
    let mut main: [Option<usize>; 35] = [None; 35];
    for (i, part) in parts.iter().enumerate() {
        let c = cell_index(part.char).min(34);
        count[c] += 1;
        if main[c].is_none_or(|m| part.size > parts[m].size) {
            main[c] = Some(i);
        }
    }
    for (i, part) in parts.iter().enumerate() {
        let c = cell_index(part.char).min(34);
        let (true, Some(m)) = (count[c] > 1, main[c]) else {
            continue;
        };
        if m != i {
            push(SplitPart {
                part,
                main: &parts[m],
                count: count[c],
            });
        }
    }
}

/// A part of a cell that is not its main part: a split-cell finding, worded when shown.
#[derive(Clone, Copy)]
pub struct SplitPart<'a> {
    pub part: &'a Part,
    pub main: &'a Part,
    /// How many parts the cell has.
    pub count: usize,
}

impl SplitPart<'_> {
    pub fn text(&self) -> String {
        let (part, main_part, count) = (self.part, self.main, self.count);
        let ch = char::from(part.char);
        let what = if part.size == 1 {
            format!(
                "this square (row {}, column {}) does",
                part.row + 1,
                part.column + 1
            )
        } else {
            format!(
                "these {} squares (from row {}, column {}) do",
                part.size,
                part.row + 1,
                part.column + 1
            )
        };
        format!(
            "cell “{ch}” is in {count} separate parts: {what} not touch the “{ch}” squares from \
row {}, column {} ({}); a cell must be one block of squares touching side by side. Give this \
part a character of its own, or join the parts",
            main_part.row + 1,
            main_part.column + 1,
            squares(main_part.size as usize),
        )
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
/// A grid of nothing but transparent squares stamps nothing: the minefield would have no cells.
/// True when reported.
fn empty_pattern(view: &PatternView, out: &mut Limited) -> bool {
    let (Some(first), Some(last)) = (view.grid.first(), view.grid.last()) else {
        return false;
    };
    let all_transparent = view.grid.iter().all(|line| {
        line.invalid.is_empty() && line.squares().all(|s| s.kind == SquareKind::Transparent)
    });
    if !all_transparent || view.grid.iter().all(|l| l.width == 0) {
        return false;
    }
    out.push(
        EMPTY_PATTERN,
        first.range.start..last.range.end,
        "every square of the grid is \u{201c}.\u{201d} (transparent): the pattern stamps nothing, \
so the minefield would have no cells; draw its cells with 1\u{2013}9 or A\u{2013}Z (a cell of \
several squares), 0 (a one-square cell), - (a hole) or # (a bridge)"
            .to_string(),
    );
    true
}

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
        for run in overlaps(row, line, &torus) {
            out.push_with(STAMP_OVERLAP, run.range.clone(), || {
                overlap_message(&run, (rx, ry))
            });
        }
    }
    // Holes: torus squares no stamp fills, reported as runs on the first stamp's squares.
    for (row, line) in view.grid.iter().enumerate().take(ry) {
        // (first column, last column, byte range) of the current run of holes.
        let mut hole: Option<(usize, usize, Range<usize>)> = None;
        let report = |hole: Option<(usize, usize, Range<usize>)>, out: &mut Limited| {
            let Some((from, to, range)) = hole else {
                return;
            };
            out.push_with(STAMP_HOLES, range, || {
                holes_message(row, from, to, (rx, ry))
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
    lone_bridges(view, (rx, ry), out);
}

/// A bridge is part of the cells beside it on the stamped field; one beside no cell (holes,
/// other bridges, squares no stamp fills) joins nothing.
fn lone_bridges(view: &PatternView, repeat: (usize, usize), out: &mut Limited) {
    let Some(grid) = super::stamp::Grid::new(view) else {
        return;
    };
    let Some(field) = super::neighbours::Field::new(&grid, repeat) else {
        return;
    };
    for (row, line) in view.grid.iter().enumerate() {
        for square in line.squares().filter(|s| s.kind == SquareKind::Bridge) {
            if !field.shows(row, square.column)
                || !field.beside(row as i64, square.column as i64).is_empty()
            {
                continue;
            }
            out.push_with(LONE_BRIDGE, square.range.clone(), || {
                format!(
                    "the bridge at row {}, column {} is beside no cell on the stamped field (above, \
below, left and right of it are holes, bridges or squares no stamp fills): a bridge becomes part of \
the cells beside it, so this one joins nothing; put it between the cells it should join, or make it \
a hole (-)",
                    row + 1,
                    square.column + 1
                )
            });
            out.fix_last([crate::findings::Fix::one(
                "Make it a hole (-)",
                crate::findings::TextEdit::replace(square.range.clone(), "-"),
            )]);
        }
    }
}

/// The message of a run of holes on grid row `row`, columns `from..=to` (from 0), stamped every
/// `repeat` columns and rows.
pub fn holes_message(row: usize, from: usize, to: usize, (rx, ry): (usize, usize)) -> String {
    let (subject, verb) = if from == to {
        ("square", "is")
    } else {
        ("squares", "are")
    };
    format!(
        "{subject} (row {}, {}) {verb} covered by no stamp: stamped every {rx} columns and {ry} \
rows, the pattern leaves a hole there (and every {rx} columns and {ry} rows from it). The readme \
allows holes; if this one is not meant, fill it in one stamp",
        row + 1,
        columns(from, to)
    )
}

/// Consecutive squares of grid row `row` that land on consecutive squares of one other stamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlap {
    pub row: usize,
    /// Columns `from..=to` (from 0).
    pub from: usize,
    pub to: usize,
    /// Where the other stamp's squares are: row and first column.
    pub other_row: usize,
    pub other_from: usize,
    pub range: Range<usize>,
}

/// The overlaps of grid line `line` (grid row `row`): its opaque squares that an earlier square
/// of the grid fills, by `torus` (which has every square of the grid up to this line).
pub fn overlaps(row: usize, line: &GridLine, torus: &Torus) -> Vec<Overlap> {
    let mut found = Vec::new();
    let mut run: Option<Overlap> = None;
    for square in line.squares() {
        let column = square.column;
        let filler = torus.filler(row as i64, column as i64);
        let Some((other_row, other_column)) =
            filler.filter(|&other| square.kind.is_opaque() && other != (row, column))
        else {
            found.extend(run.take());
            continue;
        };
        match &mut run {
            Some(run)
                if run.to + 1 == column
                    && run.other_row == other_row
                    && run.other_from + (column - run.from) == other_column =>
            {
                run.to = column;
                run.range.end = square.range.end;
            }
            _ => {
                found.extend(run.take());
                run = Some(Overlap {
                    row,
                    from: column,
                    to: column,
                    other_row,
                    other_from: other_column,
                    range: square.range,
                });
            }
        }
    }
    found.extend(run);
    found
}

/// The message of an overlap, stamped every `repeat` columns and rows.
pub fn overlap_message(run: &Overlap, (rx, ry): (usize, usize)) -> String {
    let down = ((run.row - run.other_row) / ry) as i64;
    let right = (run.from as i64 - run.other_from as i64) / rx as i64;
    let (subject, verb) = if run.from == run.to {
        ("square", "lands")
    } else {
        ("squares", "land")
    };
    format!(
        "{subject} (row {}, {}) of this stamp {verb} on {subject} (row {}, {}) of {}: stamped \
every {rx} columns and {ry} rows, both stamps fill the same place; make one of them transparent \
(“.”) or change the Repeat Size",
        run.row + 1,
        columns(run.from, run.to),
        run.other_row + 1,
        columns(run.other_from, run.other_from + (run.to - run.from)),
        other_stamp(down, right)
    )
}
