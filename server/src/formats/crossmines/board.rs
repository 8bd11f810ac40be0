//! The Crossmines board for the preview: the pattern stamped across the recommended minefield
//! (Rec Field Size) every Repeat Size squares, as the [`Torus`] of the checks models it. Each
//! cell is tinted by its character and outlined, holes, bridges and squares no stamp fills
//! are marked, the stamp at the top left is outlined thick, and squares with problems are red.

use std::collections::HashSet;
use std::ops::Range;

use super::checks::cell_index;
use super::stamp::{Grid, Torus};
use super::view::{HeaderField, PatternView, SquareKind};
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Segment, Style, TextCanvas};
use crate::findings::Finding;
use crate::syntax::Document;

/// The largest field drawn, in squares on each side (10 000 squares: a preview within 50 ms).
const MAX_FIELD: usize = 100;
/// Terminal drawings fit this many columns.
const TEXT_WIDTH: usize = 80;
const MARGIN: f64 = 24.0;

/// What a square of the field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// No stamp fills it: the tiling leaves a hole.
    Uncovered,
    /// Grid square (`row`, `column`) of the stamp whose top left corner is at field square
    /// `origin` (row, column; negative for stamps that start above or left of the field).
    Stamped {
        origin: (i64, i64),
        row: usize,
        column: usize,
        /// `None`: the grid leaves the square undefined (a short or missing line).
        square: Option<char>,
    },
}

/// The squares that belong together: no border is drawn between two squares of one region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    Outside,
    Uncovered,
    Hole,
    /// The squares of one cell character in one stamp.
    Cell((i64, i64), char),
    /// A square that is a region of its own: a `0` cell, a bridge, an undefined or invalid
    /// square.
    Own((i64, i64), usize, usize),
}

fn region(fill: Option<Fill>) -> Region {
    match fill {
        None => Region::Outside,
        Some(Fill::Uncovered) => Region::Uncovered,
        Some(Fill::Stamped {
            origin,
            row,
            column,
            square,
        }) => match square.map(SquareKind::of) {
            Some(SquareKind::Hole) => Region::Hole,
            Some(SquareKind::Cell(c)) => Region::Cell(origin, c),
            _ => Region::Own(origin, row, column),
        },
    }
}

/// The field as drawn: at most [`MAX_FIELD`] squares each way.
struct Field {
    width: usize,
    height: usize,
    squares: Vec<Fill>,
}

impl Field {
    fn at(&self, row: usize, column: usize) -> Option<Fill> {
        if column >= self.width {
            return None;
        }
        self.squares.get(row * self.width + column).copied()
    }

    /// The field squares (row, column) of a square's neighbour across an edge, or `None`.
    fn fill(&self, square: Option<(usize, usize)>) -> Option<Fill> {
        square.and_then(|(r, c)| self.at(r, c))
    }
}

/// The grid squares an error or warning points at.
fn faulty_squares(view: &PatternView, grid: &Grid, findings: &[Finding]) -> Vec<bool> {
    let mut faulty = vec![false; grid.width * grid.height];
    let faults: Vec<Range<usize>> = findings
        .iter()
        .filter(|f| crate::findings::is_fault(f))
        .map(|f| f.range.start..f.range.end.max(f.range.start + 1))
        .collect();
    let touches = |a: &Range<usize>, b: &Range<usize>| a.start < b.end && b.start < a.end;
    for (row, line) in view.grid.iter().take(grid.height).enumerate() {
        if !faults.iter().any(|f| touches(f, &line.range)) {
            continue;
        }
        for square in line.squares().take(grid.width) {
            if faults.iter().any(|f| touches(f, &square.range)) {
                faulty[row * grid.width + square.column] = true;
            }
        }
    }
    faulty
}

/// A grid square's element id.
fn square_id(row: usize, column: usize) -> String {
    format!("square:{row}:{column}")
}

/// Where the grid's squares are written: each square's text, and the grid's lines as a whole
/// (the stamp).
struct Sources {
    width: usize,
    squares: Vec<Option<Range<usize>>>,
    stamp: Option<Range<usize>>,
}

impl Sources {
    fn new(view: &PatternView, grid: &Grid) -> Sources {
        let mut squares = vec![None; grid.width * grid.height];
        for (row, line) in view.grid.iter().take(grid.height).enumerate() {
            for square in line.squares().take(grid.width) {
                if let Some(slot) = squares.get_mut(row * grid.width + square.column) {
                    *slot = Some(square.range.clone());
                }
            }
        }
        let lines = &view.grid[..grid.height.min(view.grid.len())];
        let stamp = lines
            .first()
            .zip(lines.last())
            .map(|(first, last)| first.range.start..last.range.end);
        Sources {
            width: grid.width,
            squares,
            stamp,
        }
    }

    fn square(&self, row: usize, column: usize) -> Option<&Range<usize>> {
        if column >= self.width {
            return None;
        }
        self.squares.get(row * self.width + column)?.as_ref()
    }
}

/// A stable tint for a cell character: hues a golden angle apart, light enough for black text.
fn cell_color(c: char) -> Color {
    let index = cell_index(c as u8);
    let hue = (index as f64 * 137.508) % 360.0;
    hsl(hue, 0.55, 0.74)
}

fn hsl(hue: f64, saturation: f64, lightness: f64) -> Color {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let h = hue / 60.0;
    let x = chroma * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = lightness - chroma / 2.0;
    let channel = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Color(channel(r), channel(g), channel(b))
}

const SINGLE: Color = Color(214, 222, 234);
const HOLE: Color = Color(70, 70, 70);
const BRIDGE: Color = Color(205, 160, 70);
const UNCOVERED: Color = Color(255, 255, 255);
const BORDER: Color = Color(40, 40, 40);
const STAMP: Color = Color(20, 40, 160);
const MARK: Color = Color(150, 150, 150);

/// How a square is drawn: its fill and its character in the terminal drawing.
fn look(fill: Fill, faulty: bool) -> (Color, char) {
    let Fill::Stamped { square, .. } = fill else {
        return (UNCOVERED, '·');
    };
    let Some(c) = square else {
        return (Color::FAULT, '?');
    };
    let (color, shown) = match SquareKind::of(c) {
        SquareKind::Cell(c) => (cell_color(c), c),
        SquareKind::Single => (SINGLE, '0'),
        SquareKind::Hole => (HOLE, '-'),
        SquareKind::Bridge => (BRIDGE, '#'),
        SquareKind::Transparent => (UNCOVERED, '.'),
        SquareKind::Invalid => (Color::FAULT, '?'),
    };
    (color, if faulty { '!' } else { shown })
}

/// Edges between neighbouring squares that `split` separates, merged into straight lines,
/// in square units. The field's outer edge counts: its neighbour is `None`.
type Neighbour = Option<(usize, usize)>;

fn edges(
    width: usize,
    height: usize,
    split: impl Fn(Neighbour, Neighbour) -> bool,
) -> Vec<((usize, usize), (usize, usize))> {
    let mut out = Vec::new();
    for x in 0..=width {
        let mut start: Option<usize> = None;
        for y in 0..=height {
            let split_here = y < height
                && split(
                    x.checked_sub(1).map(|c| (y, c)),
                    (x < width).then_some((y, x)),
                );
            match (split_here, start) {
                (true, None) => start = Some(y),
                (false, Some(from)) => {
                    out.push(((x, from), (x, y)));
                    start = None;
                }
                _ => {}
            }
        }
    }
    for y in 0..=height {
        let mut start: Option<usize> = None;
        for x in 0..=width {
            let split_here = x < width
                && split(
                    y.checked_sub(1).map(|r| (r, x)),
                    (y < height).then_some((y, x)),
                );
            match (split_here, start) {
                (true, None) => start = Some(x),
                (false, Some(from)) => {
                    out.push(((from, y), (x, y)));
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

fn usable(view: &PatternView, field: HeaderField) -> Option<usize> {
    view.size(field).and_then(|n| usize::try_from(n).ok())
}

fn pattern_name(view: &PatternView, doc: &Document) -> String {
    let title = view
        .field(HeaderField::Title)
        .slot
        .text()
        .map(|t| t.trim_matches([' ', '\t']))
        .unwrap_or("");
    if !title.is_empty() {
        return crate::text::shorten(title, 60);
    }
    doc.path().and_then(|p| p.file_name()).map_or_else(
        || "untitled".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

pub fn board(doc: &Document, findings: &[Finding]) -> Board {
    let view = PatternView::new(doc);
    let name = pattern_name(&view, doc);
    let Some(grid) = Grid::new(&view) else {
        return message_board(
            format!("{name} — no grid to draw"),
            "The pattern has no grid lines (file line 11 on) within a size Retroboard draws.",
        );
    };
    let repeat =
        usable(&view, HeaderField::RepeatSizeX).zip(usable(&view, HeaderField::RepeatSizeY));
    let torus = repeat.and_then(|r| grid.torus(r));
    let rec_field =
        usable(&view, HeaderField::RecFieldSizeX).zip(usable(&view, HeaderField::RecFieldSizeY));
    let mut notes = Vec::new();
    // Without a usable field size, show the grid and two repeats beyond it.
    let wanted = rec_field.unwrap_or_else(|| {
        let (rx, ry) = torus.as_ref().map_or((0, 0), Torus::repeat);
        let size = (
            grid.width.saturating_add(rx.saturating_mul(2)),
            grid.height.saturating_add(ry.saturating_mul(2)),
        );
        notes.push(format!(
            "Rec Field Size (lines 5–6) is not usable: drawing {} × {} squares.",
            size.0.min(MAX_FIELD),
            size.1.min(MAX_FIELD)
        ));
        size
    });
    let (width, height) = (wanted.0.min(MAX_FIELD), wanted.1.min(MAX_FIELD));
    if (width, height) != wanted {
        notes.push(format!(
            "Only the first {width} × {height} squares of the {} × {} field are drawn.",
            wanted.0, wanted.1
        ));
    }
    if torus.is_none() {
        notes.push(
            "Repeat Size (lines 9–10) is not usable: one stamp drawn, at the top left.".to_string(),
        );
    }
    let declared =
        usable(&view, HeaderField::LargeGridSizeX).zip(usable(&view, HeaderField::LargeGridSizeY));
    if let Some((x, y)) = declared.filter(|&size| size != (grid.width, grid.height)) {
        notes.push(format!(
            "Large Grid Size (lines 7–8) says {x} × {y}, far more than written: the grid is \
stamped as written."
        ));
    }
    let clipped = view.grid.len() > grid.height || view.grid.iter().any(|l| l.width > grid.width);
    if clipped {
        notes.push(format!(
            "Squares past the {} × {} grid (Large Grid Size, lines 7–8) are not stamped.",
            grid.width, grid.height
        ));
    }
    if let Some(counts) = repeat.and_then(|r| neighbour_counts(&grid, r)) {
        notes.extend(counts);
    }
    let field = stamp_field(&grid, torus.as_ref(), width, height);
    let fault = field_faults(
        &field,
        &grid,
        torus.as_ref(),
        &faulty_squares(&view, &grid, findings),
    );
    let title = format!(
        "{name} — {}, {} × {} grid {}",
        rec_field.map_or_else(
            || "field size unknown".to_string(),
            |(x, y)| format!("{x} × {y} field")
        ),
        grid.width,
        grid.height,
        repeat.map_or_else(
            || "(Repeat Size unknown)".to_string(),
            |(x, y)| format!("repeated every {x} × {y}")
        )
    );
    let cells = cells_per_stamp(&grid);
    let mut summary = format!(
        "{} per stamp; {} squares drawn",
        if cells == 1 {
            "1 cell".to_string()
        } else {
            format!("{cells} cells")
        },
        width * height
    );
    let uncovered = field
        .squares
        .iter()
        .filter(|f| **f == Fill::Uncovered)
        .count();
    if uncovered > 0 {
        summary.push_str(&format!(", {uncovered} filled by no stamp"));
    }
    let problems = fault.iter().filter(|f| **f).count();
    if problems > 0 {
        summary.push_str(&format!(", {problems} with problems"));
    }
    let sources = Sources::new(&view, &grid);
    let scene = draw_scene(&field, &fault, &sources, &title, &summary, &notes);
    let canvas = draw_text(&field, &fault, &sources, &title, &summary, &notes);
    Board {
        title,
        scene,
        text: canvas,
    }
}

/// Which field squares show a problem: the grid square that fills it has one, or a faulty
/// square lands on the same place and is hidden there (two stamps overlapping).
fn field_faults(field: &Field, grid: &Grid, torus: Option<&Torus>, faulty: &[bool]) -> Vec<bool> {
    let repeat = torus.map(Torus::repeat);
    let hidden: HashSet<(usize, usize)> = repeat
        .map(|(rx, ry)| {
            faulty
                .iter()
                .enumerate()
                .filter(|(_, f)| **f)
                .map(|(i, _)| (i / grid.width, i % grid.width))
                .filter(|&(r, c)| {
                    grid.square(r, c)
                        .is_some_and(|s| s.is_none_or(|c| SquareKind::of(c).is_opaque()))
                })
                .map(|(r, c)| (r % ry, c % rx))
                .collect()
        })
        .unwrap_or_default();
    field
        .squares
        .iter()
        .enumerate()
        .map(|(i, fill)| {
            let Fill::Stamped { row, column, .. } = fill else {
                return false;
            };
            let (field_row, field_column) = (i / field.width, i % field.width);
            faulty
                .get(row * grid.width + column)
                .copied()
                .unwrap_or(false)
                || repeat
                    .is_some_and(|(rx, ry)| hidden.contains(&(field_row % ry, field_column % rx)))
        })
        .collect()
}

/// Cells in one stamp: each cell character once, each `0` square on its own.
fn cells_per_stamp(grid: &Grid) -> usize {
    let mut characters = [false; 35];
    let mut singles = 0;
    for row in 0..grid.height {
        for column in 0..grid.width {
            match grid.square(row, column).flatten().map(SquareKind::of) {
                Some(SquareKind::Cell(c)) => {
                    if let Some(seen) = characters.get_mut(cell_index(c as u8)) {
                        *seen = true;
                    }
                }
                Some(SquareKind::Single) => singles += 1,
                _ => {}
            }
        }
    }
    characters.iter().filter(|c| **c).count() + singles
}

/// What each field square holds: the tiling of the torus, or with no usable repeat, the one
/// stamp at the top left.
fn stamp_field(grid: &Grid, torus: Option<&Torus>, width: usize, height: usize) -> Field {
    let mut squares = Vec::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            let filler = match torus {
                Some(torus) => torus.filler(row as i64, column as i64),
                None => grid
                    .square(row, column)
                    .filter(|s| s.is_none_or(|c| SquareKind::of(c).is_opaque()))
                    .map(|_| (row, column)),
            };
            squares.push(match filler {
                Some((r, c)) => Fill::Stamped {
                    origin: (row as i64 - r as i64, column as i64 - c as i64),
                    row: r,
                    column: c,
                    square: grid.square(r, c).flatten(),
                },
                None => Fill::Uncovered,
            });
        }
    }
    Field {
        width,
        height,
        squares,
    }
}

fn draw_scene(
    field: &Field,
    fault: &[bool],
    sources: &Sources,
    title: &str,
    summary: &str,
    notes: &[String],
) -> Scene {
    let side = field.width.max(field.height).max(1) as f64;
    let size = (600.0 / side).clamp(3.0, 28.0).floor();
    let (left, top) = (MARGIN, MARGIN);
    let legend_lines = 3 + notes.len();
    let width = (left + field.width as f64 * size + MARGIN).max(480.0);
    let height = top + field.height as f64 * size + 14.0 + 16.0 * legend_lines as f64;
    let mut scene = Scene::new(width, height, title);
    let x = |column: usize| left + column as f64 * size;
    let y = |row: usize| top + row as f64 * size;
    // Rulers: every fifth column and row, counted from 1.
    for column in (0..field.width).filter(|c| (c + 1) % 5 == 0 || *c == 0) {
        if size >= 8.0 || (column + 1) % 10 == 0 {
            scene.push(Item::text(
                x(column) + size / 2.0,
                top - 6.0,
                (column + 1).to_string(),
                8.0,
                Anchor::Middle,
                MARK,
            ));
        }
    }
    for row in (0..field.height).filter(|r| (r + 1) % 5 == 0 || *r == 0) {
        if size >= 8.0 || (row + 1) % 10 == 0 {
            scene.push(Item::text(
                left - 4.0,
                y(row) + size / 2.0 + 3.0,
                (row + 1).to_string(),
                8.0,
                Anchor::End,
                MARK,
            ));
        }
    }
    // Fills, one rectangle per run of equal colour along a row.
    for row in 0..field.height {
        let mut column = 0;
        while column < field.width {
            let Some(fill) = field.at(row, column) else {
                break;
            };
            let color = look(fill, false).0;
            let mut end = column + 1;
            while field
                .at(row, end)
                .is_some_and(|f| look(f, false).0 == color)
            {
                end += 1;
            }
            scene.push(Item::Rect {
                x: x(column),
                y: y(row),
                width: (end - column) as f64 * size,
                height: size,
                style: Style::fill(color),
            });
            column = end;
        }
    }
    // The stamp at the top left stands for the grid: each of its squares for the square
    // written, drawn once more over the fills in a group a viewer can point at.
    for row in 0..field.height {
        for column in 0..field.width {
            let Some(
                fill @ Fill::Stamped {
                    origin: (0, 0),
                    row: grid_row,
                    column: grid_column,
                    ..
                },
            ) = field.at(row, column)
            else {
                continue;
            };
            let Some(source) = sources.square(grid_row, grid_column) else {
                continue;
            };
            scene.push(Item::Group {
                element: Some(Element::new(
                    square_id(grid_row, grid_column),
                    source.clone(),
                )),
                tooltip: None,
                items: vec![Item::Rect {
                    x: x(column),
                    y: y(row),
                    width: size,
                    height: size,
                    style: Style::fill(look(fill, false).0),
                }],
            });
        }
    }
    // Marks: bridges and uncovered squares crossed, characters when there is room. The
    // crosses of one ink are one path (a large field has thousands).
    let mut crosses: Vec<(Color, Vec<Segment>)> = Vec::new();
    for row in 0..field.height {
        for column in 0..field.width {
            let Some(fill) = field.at(row, column) else {
                continue;
            };
            let (color, shown) = look(fill, false);
            let cross = match fill {
                Fill::Uncovered => Some(MARK),
                Fill::Stamped {
                    square: Some('#'), ..
                } => Some(HOLE),
                _ => None,
            };
            if let Some(ink) = cross {
                let inset = size * 0.3;
                let (x0, y0) = (x(column) + inset, y(row) + inset);
                let (x1, y1) = (x(column) + size - inset, y(row) + size - inset);
                let segments = match crosses.iter_mut().find(|(c, _)| *c == ink) {
                    Some((_, segments)) => segments,
                    None => {
                        crosses.push((ink, Vec::new()));
                        &mut crosses.last_mut().expect("just pushed").1
                    }
                };
                segments.extend([((x0, y0), (x1, y1)), ((x0, y1), (x1, y0))]);
            } else if size >= 14.0 && fill != Fill::Uncovered {
                scene.push(Item::text(
                    x(column) + size / 2.0,
                    y(row) + size / 2.0 + size * 0.18,
                    shown.to_string(),
                    (size * 0.5).round(),
                    Anchor::Middle,
                    color.contrast(),
                ));
            }
        }
    }
    for (ink, segments) in crosses {
        scene.push(Item::Lines {
            segments,
            style: Style::stroke(ink, 1.0),
        });
    }
    let line = |((c0, r0), (c1, r1)): ((usize, usize), (usize, usize)), style: Style| Item::Line {
        from: (x(c0), y(r0)),
        to: (x(c1), y(r1)),
        style,
    };
    let point = |(column, row): (usize, usize)| (x(column), y(row));
    let borders = edges(field.width, field.height, |a, b| {
        region(field.fill(a)) != region(field.fill(b))
    });
    if !borders.is_empty() {
        scene.push(Item::Lines {
            segments: borders
                .into_iter()
                .map(|(from, to)| (point(from), point(to)))
                .collect(),
            style: Style::stroke(BORDER, 1.0),
        });
    }
    let in_first_stamp = |square: Neighbour| {
        matches!(
            field.fill(square),
            Some(Fill::Stamped { origin: (0, 0), .. })
        )
    };
    let outline = edges(field.width, field.height, |a, b| {
        in_first_stamp(a) != in_first_stamp(b)
    })
    .into_iter()
    .map(|edge| line(edge, Style::stroke(STAMP, 3.0)))
    .collect();
    scene.push(Item::Group {
        element: sources
            .stamp
            .clone()
            .map(|source| Element::new("stamp", source)),
        tooltip: None,
        items: outline,
    });
    for row in 0..field.height {
        for column in 0..field.width {
            if fault
                .get(row * field.width + column)
                .copied()
                .unwrap_or(false)
            {
                let inset = 1.5_f64.min(size / 4.0);
                scene.push(Item::Rect {
                    x: x(column) + inset,
                    y: y(row) + inset,
                    width: size - 2.0 * inset,
                    height: size - 2.0 * inset,
                    style: Style::stroke(Color::FAULT, 2.0_f64.min(size / 3.0)),
                });
            }
        }
    }
    let mut legend_y = top + field.height as f64 * size + 18.0;
    for line in [
        summary.to_string(),
        "dark: hole (-) · gold ×: bridge (#) · white ×: filled by no stamp".to_string(),
        "blue outline: the stamp at the top left · red: a square with problems".to_string(),
    ]
    .iter()
    .chain(notes)
    {
        scene.push(Item::text(
            left,
            legend_y,
            line.clone(),
            11.0,
            Anchor::Start,
            Color::INK,
        ));
        legend_y += 16.0;
    }
    scene
}

fn draw_text(
    field: &Field,
    fault: &[bool],
    sources: &Sources,
    title: &str,
    summary: &str,
    notes: &[String],
) -> TextCanvas {
    let mut canvas = TextCanvas::new();
    canvas.line(title);
    let label = field.height.to_string().len();
    let shown = field.width.min(TEXT_WIDTH - label - 1);
    // Column numbers: tens above units.
    let ruler_y = canvas.height();
    for column in 0..shown {
        let n = column + 1;
        if n % 10 == 0 {
            let tens = (n / 10).to_string();
            let at = label + 1 + column + 1 - tens.len();
            canvas.write(at, ruler_y, &tens);
        }
        canvas.put(
            label + 1 + column,
            ruler_y + 1,
            char::from(b'0' + (n % 10) as u8),
        );
    }
    for row in 0..field.height {
        let y = canvas.height();
        canvas.write(0, y, &format!("{:>label$}", row + 1));
        for column in 0..shown {
            if let Some(fill) = field.at(row, column) {
                let faulty = fault
                    .get(row * field.width + column)
                    .copied()
                    .unwrap_or(false);
                canvas.put(label + 1 + column, y, look(fill, faulty).1);
                if let Fill::Stamped {
                    origin: (0, 0),
                    row: grid_row,
                    column: grid_column,
                    ..
                } = fill
                    && sources.square(grid_row, grid_column).is_some()
                {
                    canvas.mark(label + 1 + column, y, 1, square_id(grid_row, grid_column));
                }
            }
        }
    }
    if shown < field.width {
        canvas.line(&format!("(first {shown} of {} columns)", field.width));
    }
    canvas.line("");
    canvas.line(summary);
    canvas.line("1-9, A-Z: cells   0: single-square cell   -: hole   #: bridge");
    canvas.line("·: filled by no stamp   ?: undefined or invalid   !: a square with problems");
    for note in notes {
        canvas.line(note);
    }
    canvas
}

/// The neighbour count of each cell of the top left stamp, as note lines of at most 80
/// characters: "Cells touched on the stamped field: 1: 8 · 2: 8 · 0 (row 2, column 3): 4".
fn neighbour_counts(grid: &Grid, repeat: (usize, usize)) -> Option<Vec<String>> {
    let field = super::neighbours::Field::new(grid, repeat)?;
    let counts = field.counts();
    if counts.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    for ((row, column), c, n) in counts {
        parts.push(if c == '0' {
            format!("0 (row {}, column {}): {n}", row + 1, column + 1)
        } else {
            format!("{c}: {n}")
        });
    }
    let mut lines =
        vec!["Cells each cell touches on the stamped field (sides and corners):".to_string()];
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() && line.chars().count() + 3 + part.chars().count() > TEXT_WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(&part);
    }
    lines.push(line);
    Some(lines)
}

fn message_board(title: String, message: &str) -> Board {
    let mut scene = Scene::new(560.0, 60.0, title.clone());
    scene.push(Item::text(
        MARGIN,
        34.0,
        message,
        13.0,
        Anchor::Start,
        Color::INK,
    ));
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    canvas.line(message);
    Board {
        title,
        scene,
        text: canvas,
    }
}
