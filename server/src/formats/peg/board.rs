//! The peg board as the game draws it: a sunken box per slot, stones in their colours, the goal
//! with a double frame, every element at its place in half squares (`x_halves`), so half-width
//! fields shift triangle rows and v2 dots shift rows as the board's dot rule says. Locked fields,
//! which the game leaves blank, are drawn faintly so the shape of the board shows.

use std::ops::Range;

use super::view::{Board, Colour, DotRule, Element, Header, Kind, Version};
use crate::draw::{self, Anchor, Color, Item, Scene, Style, TextCanvas};
use crate::findings::plural;
use crate::findings::{Finding, Severity};
use crate::syntax::Document;

/// Rows drawn; generated boards may have millions.
const MAX_ROWS: usize = 40;
/// Half squares drawn per row: 40 squares, one text column per half square fits 80 columns.
const MAX_HALVES: i64 = 80;

/// Pixels per half square (the game: 37 pixel boxes 3 pixels apart).
const HALF: f64 = 20.0;
/// The paper left of the board (its row numbers stand there) and right of it.
const MARGIN: f64 = 24.0;
/// Above the board: the line about the board, then the column numbers.
const TOP: f64 = 46.0;

const SLOT: Color = Color::rgb(222, 222, 222);
const SLOT_EDGE: Color = Color::rgb(120, 120, 120);
const LOCKED_EDGE: Color = Color::rgb(200, 200, 200);
const GOAL_FRAME: Color = Color::rgb(40, 40, 150);
/// Under the squares: the board itself, a shade off the paper.
const GROUND: Color = Color::rgb(248, 246, 240);

const LEGEND: [&str; 2] = [
    "stones: red 30, yellow 20, green 10 points · blue frame: the goal · numbers: rows, columns",
    "dashed: locked field (the game leaves it blank) · red: a problem",
];

fn stone_color(colour: Colour) -> Color {
    match colour {
        Colour::Red => Color::rgb(210, 20, 20),
        Colour::Yellow => Color::rgb(245, 215, 0),
        Colour::Green => Color::rgb(20, 170, 40),
    }
}

/// A square's element id: a hole by its place on the jump grid (what a replay names), any other
/// field by its row and place in the row as written.
fn square_id(square: &Square) -> String {
    match square.hole {
        Some((r, c)) => format!("hole:{r}:{c}"),
        None => format!("field:{}:{}", square.row, square.element.index()),
    }
}

/// One element placed on the drawing.
struct Square {
    element: Element,
    /// What the square shows: the element's kind, or a played position's stone or hole.
    kind: Kind,
    /// Left edge in half squares from the leftmost element drawn.
    left: i64,
    /// 1 for a half-width field, else 2.
    width: i64,
    row: usize,
    faulty: bool,
    /// A hole's place on the jump grid (row, column from 0): its drawing's `data-rb-id`.
    hole: Option<(usize, usize)>,
}

/// What a hole of the jump grid holds in a game being played (see [`super::play`]).
pub type Position<'a> = &'a dyn Fn(super::solve::Place) -> Kind;

/// The board's drawing; `searched`: what searches found before (its winning jumps).
pub fn board(
    doc: &Document,
    chosen: Option<DotRule>,
    findings: &[Finding],
    searched: Option<&crate::formats::Searched>,
) -> Option<draw::Board> {
    let board = Board::new(doc)?.read_as(chosen);
    Some(drawn(doc, &board, findings, searched, None))
}

/// The board of a game being played: its holes as `position` says, without the edges a
/// click reshapes or the solution of the start.
pub fn played(doc: &Document, board: &Board, position: Position) -> draw::Board {
    drawn(doc, board, &[], None, Some(position))
}

fn drawn(
    doc: &Document,
    board: &Board,
    findings: &[Finding],
    searched: Option<&crate::formats::Searched>,
    position: Option<Position>,
) -> draw::Board {
    let problems: Vec<Range<usize>> = findings
        .iter()
        .filter(|f| matches!(f.severity, Severity::Error | Severity::Warning))
        .map(|f| f.range.clone())
        .collect();
    let faulty = |range: Range<usize>| {
        problems.iter().any(|p| {
            p.start < range.end.max(range.start + 1) && range.start < p.end.max(p.start + 1)
        })
    };
    let rule = board.dot_rule();
    // A faulty v1 goal marker marks the element after it too: that is what it points at.
    let mut marked: Vec<usize> = board
        .goal_markers
        .iter()
        .filter(|m| faulty(m.range.clone()))
        .filter_map(|m| m.next.as_ref().map(|(_, next)| next.start))
        .collect();
    marked.sort_unstable();

    let mut squares = Vec::new();
    let mut cut_columns = false;
    // Elements only move right along a row, each by at least a half square: of more than
    // MAX_HALVES + 1 placed in a row, the rest cannot be drawn.
    let per_row = usize::try_from(MAX_HALVES).unwrap_or(80) + 1;
    for (y, row) in board.rows.iter().take(MAX_ROWS).enumerate() {
        let placed = row.elements().filter_map(|e| {
            let x = board.x_halves(&e, rule)?;
            // The game computes a half-width field's place as for a full one; it fills the
            // right half of it.
            let (left, width) = if e.kind() == Kind::HalfLocked {
                (x.saturating_add(1), 1)
            } else {
                (x, 2)
            };
            let hole = matches!(e.kind(), Kind::Empty | Kind::Stone(_))
                .then(|| board.grid_column(&e, rule))
                .flatten()
                .map(|column| (y, column));
            let kind = match (position, hole) {
                (Some(position), Some(place)) => position(place),
                _ => e.kind(),
            };
            Some(Square {
                element: e,
                kind,
                left,
                width,
                row: y,
                faulty: faulty(e.full_range()) || marked.binary_search(&e.range().start).is_ok(),
                hole,
            })
        });
        let mut row_squares: Vec<Square> = placed.take(per_row + 1).collect();
        if row_squares.len() > per_row {
            row_squares.truncate(per_row);
            cut_columns = true;
        }
        squares.extend(row_squares);
    }
    let min_left = squares.iter().map(|s| s.left).min().unwrap_or(0);
    let before = squares.len();
    squares.retain(|s| s.left.saturating_sub(min_left).saturating_add(s.width) <= MAX_HALVES);
    cut_columns |= squares.len() < before;
    for square in &mut squares {
        square.left = square.left.saturating_sub(min_left);
    }
    let cut_rows = board.rows.len() > MAX_ROWS;

    // A game's title counts the stones of its position, not of the file's start.
    let stones = match position {
        Some(_) => squares
            .iter()
            .filter(|s| matches!(s.kind, Kind::Stone(_)))
            .count(),
        None => board.stones(),
    };
    let title = title(doc, board, stones);
    let about = about(board, rule);
    let header_faulty = match &board.header {
        Header::V1 { range, .. } => faulty(range.clone()),
        Header::V2 { version, mode } => {
            faulty(version.range.clone()) || mode.as_ref().is_some_and(|m| faulty(m.range.clone()))
        }
    };
    let mut notes = Vec::new();
    if cut_rows {
        notes.push(format!(
            "only the first {MAX_ROWS} of {} rows are drawn",
            board.rows.len()
        ));
    }
    if cut_columns {
        notes.push(format!(
            "only the first {} squares of a row are drawn",
            MAX_HALVES / 2
        ));
    }
    if board.rows.is_empty() {
        notes.push("the board has no elements".to_string());
    }
    let counts = problem_counts(findings);
    // The winning jumps, in the text drawing only (a board the game loads).
    let loads = !findings.iter().any(|f| f.severity == Severity::Error);
    let solution = if loads && position.is_none() {
        super::solvability::preview_solution(board, searched)
    } else {
        Vec::new()
    };

    let board_source = match position {
        Some(_) => None,
        None => super::reshape::board_source(doc, board),
    };
    let scene = scene(
        &squares,
        board_source,
        &title,
        &about,
        header_faulty,
        &notes,
        &counts,
    );
    let mut text = text(
        &squares,
        &title,
        &about,
        header_faulty,
        &notes,
        &counts,
        position.is_some(),
    );
    if !solution.is_empty() {
        text.line("");
        for line in &solution {
            text.line(line);
        }
    }
    draw::Board { title, scene, text }
}

fn title(doc: &Document, board: &Board, stones: usize) -> String {
    let name = doc.path().and_then(|p| p.file_name()).map_or_else(
        || "untitled".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let version = match board.version {
        Version::V1 => 1,
        Version::V2 => 2,
    };
    format!(
        "{name} — peg solitaire v{version}, {} wide × {} high, {}",
        board.columns(),
        board.rows.len(),
        plural(stones, "stone", "stones")
    )
}

/// The mode, the goals and, when the board has half-width fields, how they are placed.
fn about(board: &Board, rule: DotRule) -> String {
    let mode = match board.diagonal {
        Some(true) => "diagonal moves",
        Some(false) => "no diagonal moves",
        None => "mode not supported",
    };
    let goal = match board.goals().count() {
        0 => "no goal".to_string(),
        1 => "one goal".to_string(),
        n => format!("{n} goals"),
    };
    let has_halves = board.rows.iter().any(|r| r.half_fields() > 0);
    let halves = match (board.version, rule) {
        _ if !has_halves => "",
        (Version::V1, _) => " · half-width * shift the rest of their row",
        (Version::V2, DotRule::Stripped) => " · dots of the final game: they shift whole rows",
        (Version::V2, DotRule::Counted) => " · dots of the 11 Nov 2018 game: half-width fields",
    };
    format!("{mode} · {goal}{halves}")
}

fn problem_counts(findings: &[Finding]) -> String {
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .count();
    match (errors, warnings) {
        (0, 0) => String::new(),
        (e, 0) => format!("{} in the file", plural(e, "error", "errors")),
        (0, w) => format!("{} in the file", plural(w, "warning", "warnings")),
        (e, w) => format!(
            "{}, {} in the file",
            plural(e, "error", "errors"),
            plural(w, "warning", "warnings")
        ),
    }
}

fn describe(square: &Square) -> String {
    let e = square.element;
    let what = match square.kind {
        Kind::Locked => "locked field".to_string(),
        Kind::HalfLocked => "half-width locked field".to_string(),
        Kind::Empty => "empty slot".to_string(),
        Kind::Stone(c) => format!("{} stone ({} points)", c.name(), c.points()),
        Kind::Invalid(ch) => format!("invalid element {ch:?}"),
    };
    format!(
        "row {}, element {}: {what}{}{}",
        e.row() + 1,
        e.index() + 1,
        if e.goal() { ", the goal" } else { "" },
        if square.faulty {
            " — has problems"
        } else {
            ""
        }
    )
}

/// The rows and columns of the jump grid numbered from 1, as a solution's steps name them
/// ("row 2, column 4"): each row's number left of the board, each column's above it (when the
/// columns stand straight).
fn grid_numbers(scene: &mut Scene, squares: &[Square]) {
    let mut rows: Vec<(usize, f64)> = Vec::new();
    let mut columns: Vec<(usize, f64)> = Vec::new();
    // A board whose rows are shifted by half squares has no column standing under a number.
    let mut aligned = true;
    for square in squares {
        let Some((r, c)) = square.hole else {
            continue;
        };
        let middle_x = MARGIN + (square.left as f64 + square.width as f64 / 2.0) * HALF;
        let middle_y = TOP + (square.row as f64 + 0.5) * 2.0 * HALF;
        if !rows.iter().any(|(row, _)| *row == r) {
            rows.push((r, middle_y));
        }
        match columns.iter().find(|(column, _)| *column == c) {
            Some((_, x)) => aligned &= *x == middle_x,
            None => columns.push((c, middle_x)),
        }
    }
    if !aligned {
        columns.clear();
    }
    for (r, y) in rows {
        scene.push(Item::Text {
            x: MARGIN - 4.0,
            y: y + 3.0,
            text: (r + 1).to_string(),
            size: 9.0,
            anchor: Anchor::End,
            style: Style::fill(Color::MUTED_INK),
        });
    }
    for (c, x) in columns {
        scene.push(Item::Text {
            x,
            y: TOP - 4.0,
            text: (c + 1).to_string(),
            size: 9.0,
            anchor: Anchor::Middle,
            style: Style::fill(Color::MUTED_INK),
        });
    }
}

fn text_item(x: f64, y: f64, text: impl Into<String>, size: f64, color: Color) -> Item {
    Item::Text {
        x,
        y,
        text: text.into(),
        size,
        anchor: Anchor::Start,
        style: Style::fill(color),
    }
}

fn scene(
    squares: &[Square],
    board_source: Option<Range<usize>>,
    title: &str,
    about: &str,
    header_faulty: bool,
    notes: &[String],
    counts: &str,
) -> Scene {
    let right = squares.iter().map(|s| s.left + s.width).max().unwrap_or(0);
    let rows_high = squares.iter().map(|s| s.row + 1).max().unwrap_or(0);
    let lines: Vec<&str> = notes
        .iter()
        .map(String::as_str)
        .chain((!counts.is_empty()).then_some(counts))
        .collect();
    let footer = 16.0 * (LEGEND.len() + lines.len()) as f64 + 8.0;
    // Text needs about 0.6 of its font size per character.
    let text_width = |text: &str, size: f64| text.chars().count() as f64 * size * 0.6;
    let width = (MARGIN * 2.0 + right as f64 * HALF)
        .max(MARGIN * 2.0 + text_width(about, 11.0))
        .max(
            MARGIN * 2.0
                + LEGEND
                    .iter()
                    .map(|l| text_width(l, 10.0))
                    .fold(0.0, f64::max),
        )
        .max(320.0);
    let height = TOP + rows_high as f64 * 2.0 * HALF + footer + 8.0;
    let mut scene = Scene::new(width, height, title);
    // The title is the scene's <title> and the preview's heading: drawn once, not here too.
    let about_color = if header_faulty {
        Color::FAULT
    } else {
        Color::INK
    };
    scene.push(text_item(MARGIN, 20.0, about, 11.0, about_color));
    // Each row's squares in a group of their own: the row as written (what a finding over
    // several of its elements is about).
    let mut rows_drawn: Vec<(usize, Range<usize>, Vec<Item>)> = Vec::new();
    for square in squares {
        let x = MARGIN + square.left as f64 * HALF;
        let y = TOP + square.row as f64 * 2.0 * HALF;
        let (w, h) = (square.width as f64 * HALF - 4.0, 2.0 * HALF - 4.0);
        let (x, y) = (x + 2.0, y + 2.0);
        let mut items = Vec::new();
        let edge = |normal: Style| {
            if square.faulty {
                Style {
                    stroke: Some(Color::FAULT),
                    stroke_width: 2.5,
                    ..normal
                }
                .dashed()
            } else {
                normal
            }
        };
        match square.kind {
            Kind::Locked | Kind::HalfLocked => items.push(Item::Rect {
                x,
                y,
                width: w,
                height: h,
                style: edge(Style::stroke(LOCKED_EDGE, 1.0).dashed()),
            }),
            Kind::Invalid(ch) => {
                items.push(Item::Rect {
                    x,
                    y,
                    width: w,
                    height: h,
                    style: Style::filled(Color::WHITE, Color::FAULT, 2.5).dashed(),
                });
                let shown = if ch.is_control() || ch == ' ' {
                    '?'
                } else {
                    ch
                };
                items.push(Item::Text {
                    x: x + w / 2.0,
                    y: y + h / 2.0 + 6.0,
                    text: shown.to_string(),
                    size: 16.0,
                    anchor: Anchor::Middle,
                    style: Style::fill(Color::FAULT),
                });
            }
            Kind::Empty | Kind::Stone(_) => {
                items.push(Item::Rect {
                    x,
                    y,
                    width: w,
                    height: h,
                    style: edge(Style::filled(SLOT, SLOT_EDGE, 1.5)),
                });
                if square.element.goal() {
                    items.push(Item::Rect {
                        x: x + 4.0,
                        y: y + 4.0,
                        width: w - 8.0,
                        height: h - 8.0,
                        style: Style::stroke(GOAL_FRAME, 2.0),
                    });
                }
                // An empty hole has an unpainted peg, which a viewer replaying jumps paints.
                let style = match square.kind {
                    Kind::Stone(colour) => Style::filled(stone_color(colour), Color::BLACK, 1.0),
                    _ => Style::default(),
                };
                items.push(Item::Circle {
                    center: (x + w / 2.0, y + h / 2.0),
                    radius: h / 2.0 - 6.0,
                    style,
                });
            }
        }
        let id = square_id(square);
        let source = square.element.full_range();
        let group = Item::Group {
            element: Some(draw::Element::new(id, source.clone())),
            tooltip: Some(describe(square)),
            items,
        };
        match rows_drawn.last_mut() {
            Some((row, range, items)) if *row == square.row => {
                range.start = range.start.min(source.start);
                range.end = range.end.max(source.end);
                items.push(group);
            }
            _ => rows_drawn.push((square.row, source, vec![group])),
        }
    }
    let rows: Vec<Item> = rows_drawn
        .into_iter()
        .map(|(row, source, items)| Item::Group {
            element: Some(draw::Element::new(format!("row:{row}"), source)),
            tooltip: None,
            items,
        })
        .collect();
    match board_source {
        // The rows in the board's element, over a faint ground that takes a click between
        // the squares (rows and columns are added and removed from there).
        Some(source) if !squares.is_empty() => {
            let mut items = vec![Item::Rect {
                x: MARGIN,
                y: TOP,
                width: right as f64 * HALF,
                height: rows_high as f64 * 2.0 * HALF,
                style: Style::fill(GROUND),
            }];
            items.extend(rows);
            scene.push(Item::Group {
                element: Some(draw::Element::new(super::reshape::BOARD, source)),
                tooltip: Some(
                    "the board: click between the squares to add or remove a row or column"
                        .to_string(),
                ),
                items,
            });
        }
        _ => rows.into_iter().for_each(|row| scene.push(row)),
    }
    grid_numbers(&mut scene, squares);
    let mut y = TOP + rows_high as f64 * 2.0 * HALF + 2.0;
    for line in LEGEND {
        y += 16.0;
        scene.push(text_item(MARGIN, y, line, 10.0, Color::INK));
    }
    for line in lines {
        y += 16.0;
        scene.push(text_item(MARGIN, y, line, 11.0, Color::FAULT));
    }
    scene
}

/// The hole columns' numbers (from 1) above the text drawing, a line of tens first where a
/// number has two digits; none when the board's rows are shifted so no column stands straight.
fn number_columns(canvas: &mut TextCanvas, squares: &[Square], margin: usize) {
    let mut columns: Vec<(usize, usize)> = Vec::new();
    for square in squares {
        let (Some((_, c)), Ok(x)) = (square.hole, usize::try_from(square.left)) else {
            continue;
        };
        match columns.iter().find(|(column, _)| *column == c) {
            Some((_, at)) if *at != x => return,
            Some(_) => {}
            None => columns.push((c, x)),
        }
    }
    if columns.is_empty() {
        return;
    }
    if columns.iter().any(|(c, _)| c + 1 >= 10) {
        let y = canvas.height();
        canvas.line("");
        for (c, x) in &columns {
            if c + 1 >= 10 {
                canvas.write(margin + x, y, &((c + 1) / 10).to_string());
            }
        }
    }
    let y = canvas.height();
    canvas.line("");
    for (c, x) in &columns {
        canvas.write(margin + x, y, &((c + 1) % 10).to_string());
    }
}

/// The character of an element in the terminal drawing: the goal in uppercase.
fn glyph(square: &Square) -> char {
    let c = match square.kind {
        Kind::Locked => '-',
        Kind::HalfLocked => '.',
        Kind::Empty => 'o',
        Kind::Stone(Colour::Red) => 'r',
        Kind::Stone(Colour::Yellow) => 'y',
        Kind::Stone(Colour::Green) => 'g',
        Kind::Invalid(_) => '?',
    };
    if square.element.goal() {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

fn text(
    squares: &[Square],
    title: &str,
    about: &str,
    header_faulty: bool,
    notes: &[String],
    counts: &str,
    numbered: bool,
) -> TextCanvas {
    let mut canvas = TextCanvas::new();
    canvas.line(title);
    canvas.line(&format!("{}{about}", if header_faulty { "! " } else { "" }));
    canvas.line("");
    // A game typed in the terminal names holes by row and column: they are numbered there,
    // the rows left of the board, the columns above it when they stand straight.
    let margin = if numbered { 4 } else { 0 };
    if numbered {
        number_columns(&mut canvas, squares, margin);
    }
    let top = canvas.height();
    for square in squares {
        let x = margin + usize::try_from(square.left).unwrap_or(0);
        let y = top + square.row;
        if numbered && let Some((r, _)) = square.hole {
            canvas.write(0, y, &format!("{:>3}", r + 1));
        }
        // A half-width field has one column: a problem replaces its character.
        match (square.width, square.faulty) {
            (1, true) => canvas.put(x, y, '!'),
            (_, faulty) => {
                canvas.put(x, y, glyph(square));
                if faulty && square.width > 1 {
                    canvas.put(x + 1, y, '!');
                }
            }
        }
        canvas.mark(x, y, 1, square_id(square));
    }
    canvas.line("");
    let mut seen: Vec<char> = squares.iter().map(glyph).collect();
    seen.sort_unstable();
    seen.dedup();
    let legend: Vec<&str> = [
        ('o', "o empty slot"),
        ('r', "r red stone (30)"),
        ('y', "y yellow stone (20)"),
        ('g', "g green stone (10)"),
        ('-', "- locked field"),
        ('.', ". half-width locked field"),
        ('?', "? invalid element"),
    ]
    .into_iter()
    .filter(|(c, _)| seen.iter().any(|s| s.to_ascii_lowercase() == *c))
    .map(|(_, words)| words)
    .collect();
    let mut entries: Vec<String> = legend.into_iter().map(String::from).collect();
    if seen.iter().any(char::is_ascii_uppercase) {
        entries.push("uppercase: the goal".to_string());
    }
    if squares.iter().any(|s| s.faulty) || header_faulty {
        entries.push("! after an element: it has a problem".to_string());
    }
    let mut line = String::new();
    for entry in entries {
        if !line.is_empty() && line.chars().count() + entry.chars().count() + 3 > 78 {
            canvas.line(&line);
            line.clear();
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(&entry);
    }
    if !line.is_empty() {
        canvas.line(&line);
    }
    for note in notes
        .iter()
        .map(String::as_str)
        .chain((!counts.is_empty()).then_some(counts))
    {
        canvas.line(note);
    }
    canvas
}
