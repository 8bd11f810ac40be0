//! A large pattern checked in windows of grid lines: each window checks its lines' widths and
//! characters; what spans windows (the grid's height, blank lines followed by grid lines in a
//! later window, cells whose squares run across windows, the stamping) is found from what each
//! window keeps of itself ([`WindowGrid`]).
//!
//! Stamping relates rows far apart. With no stamping (a size unusable, a repeat larger than the
//! grid) or stamps edge to edge (Repeat Size equal to Large Grid Size: each stamp fills its own
//! squares, so the holes are the `.` squares) it needs no other rows. Stamps that interlock are
//! followed on their torus when it is small ([`MAX_TORUS`]): each window keeps the squares it
//! fills first, and a window's overlaps are found again only when the torus filled before it
//! changes. A larger torus is checked whole.

use std::ops::Range;
use std::sync::{Arc, Mutex};

use ropey::Rope;

use super::checks::{self, EdgeRun, HoleRun, Overlap, Part, WindowCells};
use super::stamp::Torus;
use super::view::{HeaderField, PatternView, parse_size, real_line_count};
use crate::findings::{Finding, Limited, Severity};
use crate::formats::{Summary, WindowSummary};
use crate::syntax::{Document, WindowInfo};

/// The header lines every window reads.
pub const HEAD_LINES: usize = 10;

/// A size of the header read from the text (what [`PatternView::size`] says, without a tree).
fn header_size(rope: &Rope, field: HeaderField) -> Option<usize> {
    let index = field.line() - 1;
    if index >= real_line_count(rope) {
        return None;
    }
    let line = rope.line(index).to_string();
    let text = line.trim_end_matches(['\r', '\n']);
    let n = parse_size(text).ok().filter(|&n| n >= 1)?;
    usize::try_from(n).ok()
}

/// Large Grid Size X and Y and Repeat Size X and Y, when all four are usable.
fn sizes(rope: &Rope) -> Option<[usize; 4]> {
    Some([
        header_size(rope, HeaderField::LargeGridSizeX)?,
        header_size(rope, HeaderField::LargeGridSizeY)?,
        header_size(rope, HeaderField::RepeatSizeX)?,
        header_size(rope, HeaderField::RepeatSizeY)?,
    ])
}

/// How the grid is stamped, as far as windows care.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stamping {
    /// Not at all: a size is unusable or a repeat is larger than the grid.
    None,
    /// Edge to edge (Repeat Size equal to Large Grid Size): each stamp fills its own squares.
    EdgeToEdge,
    /// Stamps interlock on a torus of Repeat Size X × Y squares.
    Torus,
}

fn stamping(sizes: Option<[usize; 4]>) -> Stamping {
    match sizes {
        Some([x, y, rx, ry]) if rx == x && ry == y => Stamping::EdgeToEdge,
        Some([x, y, rx, ry]) if rx <= x && ry <= y => Stamping::Torus,
        _ => Stamping::None,
    }
}

/// The largest torus windows follow: each window keeps the squares it fills first, and each
/// keystroke lands them all again.
const MAX_TORUS: usize = 4096;

/// The lines of header when the text's findings can be found window by window.
pub fn head(doc: &Document) -> Option<usize> {
    let sizes = sizes(doc.rope());
    let windowed = match (stamping(sizes), sizes) {
        (Stamping::Torus, Some([_, _, rx, ry])) => {
            rx.checked_mul(ry).is_some_and(|n| n <= MAX_TORUS)
        }
        _ => true,
    };
    windowed.then_some(HEAD_LINES)
}

/// The findings of a window's lines, and how many of each code it left out.
pub struct WindowChecked {
    pub findings: Vec<Finding>,
    pub left_out: Vec<(&'static str, usize)>,
}

/// The checks of a window, made once per text for its findings and its summary.
pub fn checked(window: &Document) -> Arc<WindowChecked> {
    window.memo(|| {
        let mut findings = Vec::new();
        let left_out = checks::check(&PatternView::of(window), false, &mut findings);
        WindowChecked { findings, left_out }
    })
}

/// What the whole-file checks need of one window. Lines are counted from the window's first
/// line, bytes from its body start.
pub struct WindowGrid {
    /// The last non-blank line: its line and the end of its text.
    last_row: Option<(usize, usize)>,
    /// How many blank lines follow it to the window's end (all its lines when it has none):
    /// grid lines of width 0 when a later window has a grid line.
    blanks_after: usize,
    /// Whether every grid line of the window is Large Grid Size X squares of the pattern
    /// alphabet (else the grid has no certain stamping).
    shape_ok: bool,
    /// With stamps edge to edge, the runs of holes (rows are lines).
    holes: Vec<HoleRun>,
    /// With stamps on a torus, the squares (line, column) that first land on a torus square
    /// among the window's.
    firsts: Vec<(usize, usize)>,
    /// The parts of cells (rows are lines).
    cells: Option<WindowCells>,
    /// How many findings of each code the window's checks left out.
    left_out: Vec<(&'static str, usize)>,
}

/// Grid row `row` (from 0) as a line counted from `info.first_line`, and back.
fn row_to_line(row: usize, info: &WindowInfo) -> usize {
    row + HEAD_LINES - info.first_line
}

fn line_to_row(line: usize, info: &WindowInfo) -> usize {
    line + info.first_line - HEAD_LINES
}

/// Rows of cell parts and edge runs, moved by `to_row`, byte ranges by `to_range`.
fn move_cells(
    cells: &WindowCells,
    to_row: impl Fn(usize) -> usize,
    to_range: impl Fn(&Range<usize>) -> Range<usize>,
) -> WindowCells {
    let edge = |runs: &[(u32, EdgeRun)]| {
        runs.iter()
            .map(|(row, run)| (to_row(*row as usize) as u32, run.clone()))
            .collect()
    };
    WindowCells {
        parts: cells
            .parts
            .iter()
            .map(|part| Part {
                row: to_row(part.row as usize) as u32,
                range: to_range(&part.range),
                ..part.clone()
            })
            .collect(),
        first_row: edge(&cells.first_row),
        last_row: edge(&cells.last_row),
    }
}

pub fn summary(window: &Document) -> Option<Summary> {
    let info = window.window()?;
    let view = PatternView::of(window);
    let rope = window.rope();
    let last_row = view.grid.last().map(|line| {
        (
            line.file_line - 1 - info.first_line,
            line.range.end - info.body.start,
        )
    });
    let end_line = if info.is_last() {
        real_line_count(rope)
    } else {
        rope.byte_to_line(info.body.end)
    };
    let after = last_row.map_or(info.first_line, |(line, _)| info.first_line + line + 1);
    let sizes = sizes(rope);
    let shape_ok = match sizes {
        Some([x, ..]) => view
            .grid
            .iter()
            .all(|line| line.width == x && line.invalid.is_empty()),
        None => false,
    };
    let (mut holes, mut firsts) = (Vec::new(), Vec::new());
    match (stamping(sizes), sizes) {
        (Stamping::EdgeToEdge, Some([x, ..])) if shape_ok => {
            holes = checks::edge_to_edge_holes(&view, x).unwrap_or_default();
        }
        (Stamping::Torus, Some([x, y, rx, ry])) if shape_ok => {
            let opaque = view.grid.iter().flat_map(|line| {
                line.squares()
                    .filter(|s| s.kind.is_opaque())
                    .map(move |s| (line.number - 1, s.column))
            });
            if let Some(torus) = Torus::new((rx, ry), (x, y), opaque) {
                firsts = torus
                    .fillers()
                    .map(|(row, column)| (row_to_line(row, info), column))
                    .collect();
            }
        }
        _ => {}
    }
    Some(Arc::new(WindowGrid {
        last_row,
        blanks_after: end_line.saturating_sub(after),
        shape_ok,
        holes: holes
            .iter()
            .map(|(row, from, to, range)| {
                (row_to_line(*row, info), *from, *to, info.relative(range))
            })
            .collect(),
        firsts,
        cells: checks::window_cells(&view)
            .map(|cells| move_cells(&cells, |row| row_to_line(row, info), |r| info.relative(r))),
        left_out: checked(window).left_out.clone(),
    }))
}

/// A window's overlaps, kept while the torus before it and its place stay the same.
#[derive(Default)]
struct KeptOverlaps(Mutex<Option<(OverlapKey, Arc<Vec<Overlap>>)>>);

/// What a window's overlaps depend on besides its text: the torus squares earlier windows fill
/// (a hash and a count) and where the window is.
type OverlapKey = (u64, usize, usize, usize);

impl KeptOverlaps {
    fn get(&self) -> Option<(OverlapKey, Arc<Vec<Overlap>>)> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    fn set(&self, key: OverlapKey, overlaps: Arc<Vec<Overlap>>) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some((key, overlaps));
    }
}

/// A hash of the grid square (its index, row by row) that fills a torus square (splitmix64),
/// summed over the squares filled.
fn filler_hash(index: usize) -> u64 {
    let mut z = (index as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Overlaps and holes of stamps interlocking on a torus: the windows' first squares land on it
/// in text order; a window's overlaps are found again only when the torus before it changed.
fn torus_stamping(
    rope: &Rope,
    windows: &[WindowSummary<'_>],
    grids: &[(&WindowInfo, &WindowGrid)],
    [x, y, rx, ry]: [usize; 4],
    found: &mut Limited,
) {
    let Some(mut torus) = Torus::new((rx, ry), (x, y), []) else {
        return;
    };
    let (mut hash, mut filled) = (0u64, 0usize);
    for (window, (info, grid)) in windows.iter().zip(grids) {
        let key = (hash, filled, info.body.start, info.first_line);
        for &(line, column) in &grid.firsts {
            let row = line_to_row(line, info);
            if torus.land(row, column) {
                hash = hash.wrapping_add(filler_hash(row * x + column));
                filled += 1;
            }
        }
        let kept = window.window.kept(
            |_| KeptOverlaps::default(),
            |kept, _, _| Some(KeptOverlaps(Mutex::new(kept.get()))),
        );
        let overlaps = match kept.get() {
            Some((was, overlaps)) if was == key => overlaps,
            _ => {
                let view = PatternView::of(window.window.doc());
                let overlaps: Arc<Vec<Overlap>> = Arc::new(
                    view.grid
                        .iter()
                        .flat_map(|line| checks::overlaps(line.number - 1, line, &torus))
                        .collect(),
                );
                kept.set(key, overlaps.clone());
                overlaps
            }
        };
        for (i, overlap) in overlaps.iter().enumerate() {
            let overlaps = overlaps.clone();
            found.push_with(
                Severity::Warning,
                checks::STAMP_OVERLAP,
                overlap.range.clone(),
                move || checks::overlap_message(&overlaps[i], (rx, ry)),
            );
        }
    }
    // Holes: torus squares no stamp fills, as runs on the first stamp's squares (every square
    // is one byte: the grid has only pattern squares).
    for row in 0..ry {
        let start = rope.line_to_byte(row + HEAD_LINES);
        let mut hole: Option<(usize, usize)> = None;
        let mut report = |hole: Option<(usize, usize)>| {
            if let Some((from, to)) = hole {
                found.push_with(
                    Severity::Information,
                    checks::STAMP_HOLES,
                    start + from..start + to + 1,
                    move || checks::holes_message(row, from, to, (rx, ry)),
                );
            }
        };
        for column in 0..rx {
            if torus.filler(row as i64, column as i64).is_some() {
                report(hole.take());
                continue;
            }
            match &mut hole {
                Some((_, to)) => *to = column,
                None => hole = Some((column, column)),
            }
        }
        report(hole.take());
    }
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The whole-file checks from the windows' summaries, then every finding of the format capped
/// as a check of the whole text caps them.
pub fn check(doc: &Document, windows: &[WindowSummary<'_>], findings: &mut Vec<Finding>) {
    let rope = doc.rope();
    let grids: Vec<(&WindowInfo, &WindowGrid)> = windows
        .iter()
        .filter_map(|w| Some((w.info(), w.get::<WindowGrid>()?)))
        .collect();
    if grids.len() != windows.len() {
        return;
    }
    // Before the findings that borrow it.
    let parts = merged_parts(&grids);
    // Worded only for the findings a whole check would keep.
    let mut found_findings = Vec::new();
    let mut found = Limited::counting(&mut found_findings);
    // The last grid line: the last non-blank line.
    let last = grids.iter().rev().find_map(|(info, grid)| {
        let (line, end) = grid.last_row?;
        Some((info.first_line + line, end + info.body.start))
    });
    let n = last.map_or(0, |(line, _)| line + 1 - HEAD_LINES);
    let x = header_size(rope, HeaderField::LargeGridSizeX);
    // Blank lines at a window's end followed by a grid line in a later window: grid lines of
    // width 0.
    let mut row_later = vec![false; grids.len()];
    for i in (1..grids.len()).rev() {
        row_later[i - 1] = row_later[i] || grids[i].1.last_row.is_some();
    }
    let mut blank_grid_lines = false;
    for ((info, grid), row_later) in grids.iter().zip(row_later) {
        if !row_later || grid.blanks_after == 0 {
            continue;
        }
        blank_grid_lines = true;
        let after = grid
            .last_row
            .map_or(info.first_line, |(line, _)| info.first_line + line + 1);
        if let Some(x) = x {
            for line in after..after + grid.blanks_after {
                let at = rope.line_to_byte(line);
                found.push_with(Severity::Error, checks::GRID_WIDTH, at..at, move || {
                    checks::width_message(line + 1 - HEAD_LINES, 0, x)
                });
            }
        }
    }
    if let Some(y) = header_size(rope, HeaderField::LargeGridSizeY) {
        let first_extra = if n > y {
            rope.line_to_byte(y + HEAD_LINES)
        } else {
            rope.len_bytes()
        };
        let height = checks::height_finding(
            n,
            y,
            first_extra,
            last.map(|(_, end)| end),
            rope.len_bytes(),
        );
        if let Some(Finding {
            severity,
            code,
            range,
            message,
        }) = height
        {
            found.push_with(severity, code, range, move || message);
        }
    }
    if let Some(parts) = &parts {
        checks::split_parts(parts, |split| {
            found.push_with(
                Severity::Warning,
                checks::SPLIT_CELL,
                split.part.range.clone(),
                move || split.text(),
            )
        });
    }
    let sizes = sizes(rope);
    let certain = n == sizes.map_or(0, |[_, y, ..]| y)
        && !blank_grid_lines
        && grids.iter().all(|(_, grid)| grid.shape_ok);
    match (stamping(sizes), sizes) {
        (Stamping::EdgeToEdge, Some([_, _, rx, ry])) if certain => {
            for (info, grid) in &grids {
                for (line, from, to, range) in &grid.holes {
                    let (row, from, to) = (line_to_row(*line, info), *from, *to);
                    found.push_with(
                        Severity::Information,
                        checks::STAMP_HOLES,
                        info.absolute(range),
                        move || checks::holes_message(row, from, to, (rx, ry)),
                    );
                }
            }
        }
        (Stamping::Torus, Some(sizes)) if certain => {
            torus_stamping(rope, windows, &grids, sizes, &mut found);
        }
        _ => {}
    }
    let left_out: Vec<(&'static str, usize)> = grids
        .iter()
        .flat_map(|(_, grid)| grid.left_out.iter().copied())
        .chain(found.counted())
        .collect();
    checks::cap_windowed(findings, found_findings, &left_out);
}

/// The parts of cells of the whole grid, in text order: each window's, joined where runs on
/// the last grid row of a window touch runs on the first of the next.
fn merged_parts(grids: &[(&WindowInfo, &WindowGrid)]) -> Option<Vec<Part>> {
    let cells: Vec<WindowCells> = grids
        .iter()
        .map(|(info, grid)| {
            let cells = grid.cells.as_ref()?;
            Some(move_cells(
                cells,
                |line| line_to_row(line, info),
                |r| info.absolute(r),
            ))
        })
        .collect::<Option<_>>()?;
    let mut offsets = Vec::with_capacity(cells.len());
    let mut parts: Vec<Part> = Vec::new();
    for window in &cells {
        offsets.push(parts.len());
        parts.extend(window.parts.iter().cloned());
    }
    let mut parent: Vec<usize> = (0..parts.len()).collect();
    for i in 1..cells.len() {
        let (above, below) = (&cells[i - 1].last_row, &cells[i].first_row);
        let (Some((row_above, _)), Some((row_below, _))) = (above.first(), below.first()) else {
            continue;
        };
        if row_above + 1 != *row_below {
            continue;
        }
        let (mut a, mut b) = (0, 0);
        while a < above.len() && b < below.len() {
            let (ra, rb) = (&above[a].1, &below[b].1);
            if ra.char == rb.char && ra.start < rb.end && rb.start < ra.end {
                let pa = find(&mut parent, offsets[i - 1] + ra.part);
                let pb = find(&mut parent, offsets[i] + rb.part);
                if pa != pb {
                    // The earlier part stays the root: a part is named by its first run.
                    parent[pa.max(pb)] = pa.min(pb);
                }
            }
            if ra.end <= rb.end {
                a += 1;
            } else {
                b += 1;
            }
        }
    }
    let mut size = vec![0u32; parts.len()];
    for (i, part) in parts.iter().enumerate() {
        let root = find(&mut parent, i);
        size[root] = size[root].saturating_add(part.size);
    }
    Some(
        parts
            .into_iter()
            .enumerate()
            .filter(|(i, _)| parent[*i] == *i)
            .map(|(i, part)| Part {
                size: size[i],
                ..part
            })
            .collect(),
    )
}
