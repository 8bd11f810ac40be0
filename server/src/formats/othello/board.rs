//! The Super Othello board for the preview: the 8 × 8 board with the game's button names (rows
//! A–H down, columns 1–8 across), the chips, the used squares marked, the counts against lines 1
//! and 2, and whatever has a problem in red.

use std::ops::Range;

use super::checks::CHIPS;
use super::view::{BordView, Chip, SIZE, SQUARES, SquarePos};
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::{Finding, is_fault, plural};
use crate::syntax::Document;

const SQUARE: f64 = 44.0;
const MARGIN: f64 = 30.0;
const FELT: Color = Color(20, 120, 70);
const USED: Color = Color(250, 210, 60);
const MISSING: Color = Color(150, 150, 150);
/// The dot on a square the player to move may place a chip on.
const LEGAL: Color = Color(120, 190, 150);

fn touches(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end.max(b.start + 1) && b.start < a.end.max(a.start + 1)
}

/// What one square shows.
#[derive(Clone, Copy, Default)]
struct Square {
    /// `None`: the board data is too short to write it.
    chip: Option<Chip>,
    used: bool,
    faulty: bool,
    /// The square's character in the board data (start, end in bytes).
    source: Option<(usize, usize)>,
    /// Its name in the list of used squares.
    used_source: Option<(usize, usize)>,
    /// In a game: a square the player to move may place a chip on.
    legal: bool,
    /// In a game: the chip placed last.
    last: bool,
}

/// A position of a game being played (see [`super::play`]).
pub struct Played<'a> {
    pub chips: &'a [Chip; SQUARES],
    /// The squares the player to move may place a chip on.
    pub legal: &'a [usize],
    pub last: Option<usize>,
    /// Whose turn, the score, the chips left: a line under the board.
    pub about: String,
}

/// The board of a game being played: the position's chips on the file's squares (the same
/// element ids as the preview's), the legal squares dotted, the last chip marked.
pub fn played(doc: &Document, position: &Played) -> Board {
    let view = BordView::new(doc);
    let mut squares = [Square::default(); SQUARES];
    for (index, c) in view.board.characters().take(SQUARES) {
        squares[index].source = Some((c.range.start, c.range.end));
    }
    for (index, square) in squares.iter_mut().enumerate() {
        square.chip = Some(position.chips[index]);
        square.legal = position.legal.contains(&index);
        square.last = position.last == Some(index);
    }
    let black = position.chips.iter().filter(|c| **c == Chip::Black).count();
    let white = position.chips.iter().filter(|c| **c == Chip::White).count();
    let title = format!("{} — Black {black}, White {white}", file_name(doc));
    let lines = vec![(position.about.clone(), false)];
    let scene = draw_scene(&title, &squares, false, None, &lines, None);
    // The terminal shows the position's sentence under the drawing already.
    let text = draw_text(&title, &squares, &[], None);
    Board { title, scene, text }
}

pub fn board(doc: &Document, findings: &[Finding]) -> Board {
    let view = BordView::new(doc);
    let faults: Vec<&Finding> = findings.iter().filter(|f| is_fault(f)).collect();
    let mut squares = [Square::default(); SQUARES];
    let characters: Vec<_> = view.board.characters().collect();
    for (index, c) in characters.iter().take(SQUARES) {
        squares[*index].chip = Some(c.chip);
        squares[*index].source = Some((c.range.start, c.range.end));
    }
    // A finding on one square marks it; one over several (the board's size or layout) marks
    // the whole board.
    let mut board_fault = false;
    for f in &faults {
        let (start, end) = (f.range.start, f.range.end.max(f.range.start + 1));
        let first = characters.partition_point(|(_, c)| c.range.end <= start);
        let past = characters.partition_point(|(_, c)| c.range.start < end);
        match past.saturating_sub(first) {
            0 => {}
            1 => {
                if let Some(square) = squares.get_mut(first) {
                    square.faulty = true;
                }
            }
            _ => board_fault = true,
        }
    }
    for (square, range) in view.used_squares.squares() {
        if let Some(s) = squares.get_mut(square.index()) {
            s.used = true;
            s.used_source.get_or_insert((range.start, range.end));
            s.faulty |= faults.iter().any(|f| touches(&f.range, &range));
        }
    }
    let counts = view.board.counts();
    let extra = characters.len().saturating_sub(SQUARES);
    let used = squares.iter().filter(|s| s.used).count();
    let not_names = view
        .used_squares
        .entries
        .len()
        .saturating_sub(view.used_squares.squares().count());
    let title = format!(
        "{} — {} black, {} white, {} empty",
        file_name(doc),
        counts.black,
        counts.white,
        counts.empty
    );
    let (claims, claims_faulty) = claims(&view, &faults);
    let mut lines = vec![(
        format!(
            "{} black · {} white · {} empty · {}",
            counts.black,
            counts.white,
            counts.empty,
            crate::findings::plural(used, "used square", "used squares")
        ),
        false,
    )];
    lines.push((claims, claims_faulty));
    match counts.missing() {
        0 => {}
        SQUARES => lines.push((
            "no board data on line 4: every square is missing (grey)".to_string(),
            true,
        )),
        missing => lines.push((
            format!("the board data is short: {missing} of {SQUARES} squares missing (grey)"),
            true,
        )),
    }
    if extra > 0 {
        lines.push((
            format!(
                "the board data has {} past square {SQUARES}, not drawn",
                plural(extra, "character", "characters")
            ),
            true,
        ));
    }
    if not_names > 0 {
        lines.push((
            format!(
                "line 3 has {not_names} entr{} that name no square",
                if not_names == 1 { "y" } else { "ies" }
            ),
            true,
        ));
    }
    if board_fault {
        lines.push(("the board data has a problem (red frame)".to_string(), true));
    }
    let copyright = view
        .copyright
        .text()
        .map(|t| t.trim_matches([' ', '\t']).to_string())
        .filter(|t| !t.is_empty());
    let board_lines = &view.board.lines;
    let board_source = board_lines
        .first()
        .zip(board_lines.last())
        .map(|(first, last)| first.range().start..last.range().end);
    let scene = draw_scene(
        &title,
        &squares,
        board_fault,
        board_source,
        &lines,
        copyright.as_deref(),
    );
    let canvas = draw_text(&title, &squares, &lines, copyright.as_deref());
    Board {
        title,
        scene,
        text: canvas,
    }
}

fn file_name(doc: &Document) -> String {
    doc.path().and_then(|p| p.file_name()).map_or_else(
        || "Super Othello board".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Lines 1 and 2 and their sum, and whether they disagree with the rule or have a problem.
fn claims(view: &BordView, faults: &[&Finding]) -> (String, bool) {
    let counts = [&view.chips_left, &view.chips_placed];
    let shown: Vec<String> = counts
        .iter()
        .map(|c| {
            c.value
                .as_ref()
                .map_or_else(|_| "?".to_string(), u32::to_string)
        })
        .collect();
    let faulty = counts
        .iter()
        .any(|c| faults.iter().any(|f| touches(&f.range, &c.line.range())));
    let text = match (&view.chips_left.value, &view.chips_placed.value) {
        (Ok(left), Ok(placed)) => {
            let total = u64::from(*left) + u64::from(*placed);
            let verdict = if total == u64::from(CHIPS) {
                String::new()
            } else {
                format!(", not {CHIPS}")
            };
            format!("line 1: {left} chips left + line 2: {placed} placed = {total}{verdict}")
        }
        _ => format!(
            "line 1: {} chips left + line 2: {} placed: not both numbers, the sum must be {CHIPS}",
            shown[0], shown[1]
        ),
    };
    let wrong = !matches!(
        (&view.chips_left.value, &view.chips_placed.value),
        (Ok(l), Ok(p)) if u64::from(*l) + u64::from(*p) == u64::from(CHIPS)
    );
    (text, faulty || wrong)
}

fn draw_scene(
    title: &str,
    squares: &[Square; SQUARES],
    board_fault: bool,
    board_source: Option<Range<usize>>,
    lines: &[(String, bool)],
    copyright: Option<&str>,
) -> Scene {
    let side = SQUARE * SIZE as f64;
    let width = (MARGIN * 2.0 + side).max(440.0);
    let legend_top = MARGIN + side + MARGIN;
    let rows = lines.len() + 1 + usize::from(copyright.is_some());
    let height = legend_top + 18.0 * rows as f64;
    let mut scene = Scene::new(width, height, title);
    let left = (width - side) / 2.0;
    // The felt and the squares: the board data as a whole.
    let mut board = vec![Item::Rect {
        x: left,
        y: MARGIN,
        width: side,
        height: side,
        style: Style::filled(FELT, Color::BLACK, 2.0),
    }];
    for i in 0..SIZE {
        let along = i as f64 * SQUARE + SQUARE / 2.0;
        let label =
            |s: String, x: f64, y: f64| Item::text(x, y, s, 13.0, Anchor::Middle, Color::INK);
        let number = (i + 1).to_string();
        let letter = char::from(b'A' + i as u8).to_string();
        scene.push(label(number.clone(), left + along, MARGIN - 9.0));
        scene.push(label(number, left + along, MARGIN + side + 18.0));
        scene.push(label(letter.clone(), left - 14.0, MARGIN + along + 5.0));
        scene.push(label(letter, left + side + 14.0, MARGIN + along + 5.0));
    }
    for (index, square) in squares.iter().enumerate() {
        let Some(position) = SquarePos::from_index(index) else {
            continue;
        };
        let x = left + f64::from(position.column) * SQUARE;
        let y = MARGIN + f64::from(position.row) * SQUARE;
        let mut items = vec![Item::Rect {
            x,
            y,
            width: SQUARE,
            height: SQUARE,
            style: Style::filled(
                if square.chip.is_some() { FELT } else { MISSING },
                Color::BLACK,
                1.0,
            ),
        }];
        let center = (x + SQUARE / 2.0, y + SQUARE / 2.0);
        let chip = match square.chip {
            Some(Chip::Black) => Some((Color::BLACK, "black chip")),
            Some(Chip::White) => Some((Color::WHITE, "white chip")),
            _ => None,
        };
        if let Some((fill, _)) = chip {
            items.push(Item::Circle {
                center,
                radius: SQUARE * 0.4,
                style: Style::filled(fill, Color::BLACK, 1.5),
            });
        }
        if square.legal {
            items.push(Item::Circle {
                center,
                radius: SQUARE * 0.12,
                style: Style::fill(LEGAL),
            });
        }
        if square.last {
            items.push(Item::Circle {
                center,
                radius: SQUARE * 0.08,
                style: Style::fill(Color::FAULT),
            });
        }
        if square.used {
            let mark = Item::Rect {
                x: x + 3.0,
                y: y + 3.0,
                width: SQUARE - 6.0,
                height: SQUARE - 6.0,
                style: Style::stroke(USED, 2.0).dashed(),
            };
            items.push(Item::Group {
                element: square
                    .used_source
                    .map(|(s, e)| Element::new(format!("used:{}", position.name()), s..e)),
                tooltip: None,
                items: vec![mark],
            });
        }
        if square.chip.is_none() {
            items.push(Item::text(
                center.0,
                center.1 + 6.0,
                "?",
                16.0,
                Anchor::Middle,
                Color::FAULT,
            ));
        }
        if square.faulty {
            items.push(Item::Rect {
                x: x + 1.5,
                y: y + 1.5,
                width: SQUARE - 3.0,
                height: SQUARE - 3.0,
                style: Style::stroke(Color::FAULT, 3.0),
            });
        }
        let what = match (square.chip, chip) {
            (None, _) => "missing from the board data",
            (_, Some((_, words))) => words,
            _ if square.legal => "empty, a chip may go here",
            _ => "empty",
        };
        let tip = format!(
            "{}: {what}{}{}",
            position.name(),
            if square.used { ", a used square" } else { "" },
            if square.faulty {
                " — has problems"
            } else {
                ""
            }
        );
        board.push(Item::Group {
            element: square
                .source
                .map(|(s, e)| Element::new(format!("square:{}", position.name()), s..e)),
            tooltip: Some(tip),
            items,
        });
    }
    scene.push(Item::Group {
        element: board_source.map(|source| Element::new("board", source)),
        tooltip: None,
        items: board,
    });
    if board_fault {
        scene.push(Item::Rect {
            x: left - 3.0,
            y: MARGIN - 3.0,
            width: side + 6.0,
            height: side + 6.0,
            style: Style::stroke(Color::FAULT, 3.0),
        });
    }
    let mut y = legend_top + 6.0;
    let mut legend: Vec<(String, bool)> = lines.to_vec();
    let playing = squares.iter().any(|s| s.legal || s.last);
    legend.push((
        if playing {
            "green dot: a square to place a chip on · red dot: the chip placed last"
        } else {
            "yellow dashes: used square (line 3) · red: a problem"
        }
        .to_string(),
        false,
    ));
    if let Some(copyright) = copyright {
        legend.push((copyright.to_string(), false));
    }
    for (line, bad) in legend {
        scene.push(Item::text(
            MARGIN / 2.0,
            y,
            line,
            12.0,
            Anchor::Start,
            if bad { Color::FAULT } else { Color::INK },
        ));
        y += 18.0;
    }
    scene
}

fn draw_text(
    title: &str,
    squares: &[Square; SQUARES],
    lines: &[(String, bool)],
    copyright: Option<&str>,
) -> TextCanvas {
    let mut canvas = TextCanvas::new();
    canvas.line(title);
    canvas.line("");
    let top = canvas.height();
    // Four columns per square: a bracket for a used square, the chip, a bracket, a `!` for a
    // problem.
    let column = |c: usize| 3 + c * 4;
    for c in 0..SIZE {
        canvas.put(column(c) + 1, top, char::from(b'1' + c as u8));
    }
    for (index, square) in squares.iter().enumerate() {
        let Some(position) = SquarePos::from_index(index) else {
            continue;
        };
        let y = top + 1 + usize::from(position.row);
        let x = column(usize::from(position.column));
        if position.column == 0 {
            canvas.put(0, y, char::from(b'A' + position.row));
        }
        let chip = match square.chip {
            Some(Chip::Black) => '●',
            Some(Chip::White) => '○',
            Some(Chip::Empty) if square.legal => '+',
            Some(Chip::Empty) => '·',
            None => '?',
        };
        if square.used {
            canvas.put(x, y, '[');
            canvas.put(x + 2, y, ']');
        }
        if square.last {
            canvas.put(x, y, '>');
        }
        canvas.put(x + 1, y, chip);
        if square.faulty {
            canvas.put(x + 3, y, '!');
        }
        if square.source.is_some() {
            canvas.mark(x, y, 3, format!("square:{}", position.name()));
        }
    }
    canvas.line("");
    for (line, bad) in lines {
        canvas.line(&format!("{}{line}", if *bad { "! " } else { "" }));
    }
    if squares.iter().any(|s| s.legal || s.last) {
        canvas.line(
            "● black  ○ white  · empty  + a square to place a chip on  > the chip placed last",
        );
    } else {
        canvas.line("● black  ○ white  · empty  [ ] used square (line 3)  ? missing  ! a problem");
    }
    if let Some(copyright) = copyright {
        let shown: String = copyright.chars().take(76).collect();
        canvas.line(&format!("copyright: {shown}"));
    }
    canvas
}
