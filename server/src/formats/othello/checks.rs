//! The checks of a Super Othello board file, over its typed view.

use std::ops::Range;

use super::codes::{
    BAD_USED_SQUARE, BLANK_LINES, BOARD_LAYOUT, BOARD_SIZE, CHIP_COUNT, CHIP_TOTAL,
    COPYRIGHT_TOO_LONG, EXTRA_LINES, MISSING_COPYRIGHT, NO_MOVES, PLACED_COUNT, REPEATED_SQUARE,
    UNLISTED_CHIP, USED_SQUARE_BLANK, USED_SQUARES_SPACED,
};
use super::view::{
    BoardLayout, BordView, Chip, Count, LineSlot, NumberProblem, SIZE, SQUARES, SquarePos,
    UsedEntry,
};
use crate::findings::{Finding, Fix, Limited, TextEdit, line_with_break, plural};
use crate::syntax::Document;

/// The chips of a game: lines 1 and 2 add up to this.
pub const CHIPS: u32 = 32;
/// The longest copyright line the game takes, in characters.
pub const MAX_COPYRIGHT: usize = 170;

/// Every check.
pub fn check(doc: &Document, view: &BordView, findings: &mut Vec<Finding>) {
    let mut out = Limited::new(findings);
    if let Some(finding) = blank_lines(doc, view) {
        // Every line after a blank one is read one line off: the other findings would all
        // follow from it.
        out.push_finding(finding);
        out.finish();
        return;
    }
    chips(view, &mut out);
    placed_against_board(doc, view, &mut out);
    used_squares(doc, view, &mut out);
    board(view, &mut out);
    no_moves(view, &mut out);
    board_against_used_squares(view, &mut out);
    copyright(view, &mut out);
    if let (Some(first), Some(last)) = (view.extra_lines.first(), view.extra_lines.last()) {
        // From the copyright's end: the lines between go too, the last line break stays. Never
        // preferred: lines after the copyright are most often the board or the copyright moved
        // down a line (a blank, a row too long or short), and deleting them loses it.
        let fix = view.copyright.text().map(|_| {
            let range = view.copyright.range().end..last.range().end;
            Fix::one(
                "Remove the lines after the copyright",
                TextEdit::delete(range),
            )
        });
        out.push_finding(
            extra_lines(
                view.copyright.number,
                (first.number, first.range().start),
                (last.number, last.range().end),
            )
            .with_fix(fix),
        );
    }
    out.finish();
}

/// Blank lines among lines 1–4 with the board's lines after them (a double-spaced file): the
/// game reads each value by its line number, so everything after the first blank is misread.
fn blank_lines(doc: &Document, view: &BordView) -> Option<Finding> {
    let fields = [
        &view.chips_left.line,
        &view.chips_placed.line,
        &view.used_squares.line,
        view.board.line(),
    ];
    let first = fields
        .iter()
        .find(|l| matches!(l.slot, LineSlot::Empty { .. }))?;
    let mut written: Vec<usize> = fields
        .iter()
        .copied()
        .chain(view.board.lines.iter().skip(1))
        .chain(std::iter::once(&view.copyright))
        .chain(&view.extra_lines)
        .filter(|l| l.text().is_some())
        .map(|l| l.number)
        .collect();
    written.sort_unstable();
    let last = *written.last()?;
    if last < first.number || written.len() < 5 {
        return None; // too few lines to have moved: a value is missing, not moved
    }
    let blanks: Vec<usize> = (first.number..last)
        .filter(|n| written.binary_search(n).is_err())
        .collect();
    // Each blank line with its line break: the lines after them move up to their numbers.
    let rope = doc.rope();
    let edits = blanks
        .iter()
        .filter(|n| **n >= 1 && **n <= rope.len_lines())
        .map(|n| {
            let line = rope.line_to_byte(n - 1);
            TextEdit::delete(line_with_break(rope, line))
        })
        .collect();
    let title = if blanks.len() == 1 {
        "Remove the blank line"
    } else {
        "Remove the blank lines"
    };
    let fix = Fix::many(title, edits).preferred();
    let others = match &blanks[1..] {
        [] => String::new(),
        [one] => format!(", and so is line {one}"),
        [init @ .., end] => format!(
            ", and so are lines {} and {end}",
            init.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Some(
        Finding::new(
            BLANK_LINES,
            first.range(),
            format!(
                "line {} is blank{others}: the game reads each value by its line number (1 chips \
left, 2 chips placed, 3 used squares, 4 board, 5 copyright), so every line after a blank one is \
read as the line before it; remove the blank {}",
                first.number,
                if blanks.len() == 1 { "line" } else { "lines" }
            ),
        )
        .with_fix(Some(fix)),
    )
}

fn shown(text: &str) -> String {
    crate::text::shorten(text, 30)
}

fn ends_after(view: &BordView) -> String {
    match view.lines {
        0 => "the file is empty".to_string(),
        n => format!("the file ends after line {n}"),
    }
}

/// Lines 1 and 2: numbers 0–32 that add up to 32.
fn chips(view: &BordView, out: &mut Limited) {
    let mut values = [None, None];
    for (i, (count, what)) in [
        (&view.chips_left, "chips left for each player"),
        (&view.chips_placed, "chips already placed"),
    ]
    .into_iter()
    .enumerate()
    {
        let n = count.line.number;
        let expected = format!(
            "it must be a whole number from 0 to {CHIPS}, and lines 1 and 2 add up to {CHIPS}"
        );
        let message = match &count.value {
            Ok(v) if *v <= CHIPS => {
                values[i] = Some(*v);
                continue;
            }
            Ok(v) => format!("{what} (line {n}) is {v}, more than {CHIPS}; {expected}"),
            Err(NumberProblem::TooLarge) => {
                format!("{what} (line {n}) is far more than {CHIPS}; {expected}")
            }
            Err(NumberProblem::Missing) => {
                format!(
                    "line {n} ({what}) is missing: {}; {expected}",
                    ends_after(view)
                )
            }
            Err(NumberProblem::Empty) => format!("line {n} ({what}) is empty; {expected}"),
            Err(NumberProblem::NotANumber) => {
                let text = count.line.text().unwrap_or("").trim();
                let negative = text
                    .strip_prefix('-')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
                if negative {
                    format!("{what} (line {n}) is {text}, a negative number; {expected}")
                } else {
                    format!(
                        "{what} (line {n}) is “{}”, not a whole number written with digits; \
{expected}",
                        shown(text)
                    )
                }
            }
        };
        out.push(CHIP_COUNT, count.line.value_range(), message);
    }
    if let [Some(left), Some(placed)] = values {
        let sum = left + placed;
        if sum != CHIPS {
            let range = |c: &Count| c.line.value_range();
            let finding = Finding::new(
                CHIP_TOTAL,
                range(&view.chips_left).start..range(&view.chips_placed).end,
                format!(
                    "chips left ({left}, line 1) + chips placed ({placed}, line 2) = {sum}; the \
two must add up to exactly {CHIPS}: change line 1 to {} or line 2 to {}",
                    CHIPS - placed,
                    CHIPS - left
                ),
            );
            out.push_finding(finding.with_fixes(chip_total_fixes(view, left, placed)));
        }
    }
}

/// Line 2 against the board: it counts the chips each player has placed, so where the board
/// holds as many white as black chips it must be that number (DESIGN "Reading the BORD counts";
/// for unequal boards the format says nothing, and nothing is reported).
fn placed_against_board(doc: &Document, view: &BordView, out: &mut Limited) {
    let (Ok(placed), Some(_)) = (&view.chips_placed.value, &view.board.squares) else {
        return;
    };
    let counts = view.board.counts();
    let Ok(each) = u32::try_from(counts.white) else {
        return;
    };
    if counts.white != counts.black || each == *placed || each > CHIPS {
        return;
    }
    // Lines 1 and 2 that are no counts, or do not make 32, are one mistake, told by
    // `othello/chip-count` or `othello/chip-total` (whose fix writes both from the board).
    match &view.chips_left.value {
        Ok(left) if left + placed == CHIPS => {}
        _ => return,
    }
    let range = view.chips_placed.line.value_range();
    let mut edits = vec![TextEdit::replace(range.clone(), each.to_string())];
    if let Ok(left) = &view.chips_left.value
        && *left + each != CHIPS
    {
        edits.push(TextEdit::replace(
            view.chips_left.line.value_range(),
            (CHIPS - each).to_string(),
        ));
    }
    let both = edits.len() == 2;
    let title = if both {
        format!("Write {each} on line 2 and {} on line 1", CHIPS - each)
    } else {
        format!("Write {each} on line 2 (chips placed)")
    };
    let also = if both {
        format!(" (and {} on line 1)", CHIPS - each)
    } else {
        String::new()
    };
    out.push_finding(
        Finding::new(
            PLACED_COUNT,
            range,
            format!(
                "line 2 says each player has placed {placed} {}, but the board holds {each} white \
and {each} black: line 2 counts the chips of one player, so write {each}{also}",
                if *placed == 1 { "chip" } else { "chips" }
            ),
        )
        // Line 2 and the board disagree: either may be the mistake, so neither is preferred.
        .with_fix(Fix::new(title, doc.rope(), edits))
        .with_related(Some(crate::findings::Related::here(
            doc.rope(),
            view.board.line().range(),
            format!("the board, with {each} white and {each} black chips"),
        ))),
    );
}

/// An opening where neither player can place a chip: in Othello a chip must flank at least one
/// line of the other colour's chips between it and one of its own, so the game would be over
/// before it starts. A board without chips is left alone (how its first chips are placed, the
/// format does not say).
fn no_moves(view: &BordView, out: &mut Limited) {
    let Some(squares) = &view.board.squares else {
        return;
    };
    let chips: Vec<Chip> = squares.iter().map(|s| s.chip).collect();
    if chips.iter().all(|c| *c == Chip::Empty) {
        return;
    }
    if [Chip::Black, Chip::White]
        .iter()
        .any(|player| has_move(&chips, *player))
    {
        return;
    }
    let board = view.board.line();
    out.push(
        NO_MOVES,
        board.value_range(),
        "neither player can place a chip: no empty square has a line of the other colour's chips \
between it and one of the player's own, so the game is over before it starts; give the \
opening two chips of each colour side by side, as in the usual D4 E4 / D5 E5 square"
            .to_string(),
    );
}

/// Whether `player` has a square to play on the 8 × 8 board `chips` (row by row).
fn has_move(chips: &[Chip], player: Chip) -> bool {
    let other = if player == Chip::Black {
        Chip::White
    } else {
        Chip::Black
    };
    let at = |r: i32, c: i32| -> Option<Chip> {
        ((0..8).contains(&r) && (0..8).contains(&c)).then(|| chips[(r * 8 + c) as usize])
    };
    (0..64).any(|i| {
        if chips[i] != Chip::Empty {
            return false;
        }
        let (r, c) = ((i / 8) as i32, (i % 8) as i32);
        (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .any(|(dr, dc)| {
                if (dr, dc) == (0, 0) {
                    return false;
                }
                let (mut rr, mut cc, mut seen) = (r + dr, c + dc, 0);
                while at(rr, cc) == Some(other) {
                    rr += dr;
                    cc += dc;
                    seen += 1;
                }
                seen > 0 && at(rr, cc) == Some(player)
            })
    })
}

/// Line 1 from line 2, and line 2 from line 1, neither preferred: when two lines disagree either
/// may be the mistake (the modder may be halfway through changing both). Where the board holds
/// as many white as black chips, the line it disagrees with comes first, and where it agrees
/// with neither, writing both from it comes first.
fn chip_total_fixes(view: &BordView, left: u32, placed: u32) -> Vec<Fix> {
    let line_1 = Fix::one(
        format!("Write {} on line 1 (chips left)", CHIPS - placed),
        TextEdit::replace(
            view.chips_left.line.value_range(),
            (CHIPS - placed).to_string(),
        ),
    );
    let line_2 = Fix::one(
        format!("Write {} on line 2 (chips placed)", CHIPS - left),
        TextEdit::replace(
            view.chips_placed.line.value_range(),
            (CHIPS - left).to_string(),
        ),
    );
    let each = view.board.squares.as_ref().and_then(|_| {
        let counts = view.board.counts();
        (counts.white == counts.black).then(|| u32::try_from(counts.white).ok())?
    });
    match each {
        Some(n) if n + left == CHIPS => vec![line_2, line_1],
        Some(n) if n != placed && n <= CHIPS => {
            let both = Fix::many(
                format!(
                    "Write {n} on line 2 and {} on line 1, as the board holds",
                    CHIPS - n
                ),
                vec![
                    TextEdit::replace(view.chips_left.line.value_range(), (CHIPS - n).to_string()),
                    TextEdit::replace(view.chips_placed.line.value_range(), n.to_string()),
                ],
            );
            vec![both, line_1, line_2]
        }
        _ => vec![line_1, line_2],
    }
}

/// The column (1-based) of a byte offset on a line.
fn column(line: &super::view::Line, at: usize) -> usize {
    let start = line.range().start;
    line.text().map_or(0, |t| {
        t.get(..at.saturating_sub(start))
            .map_or(0, |s| s.chars().count())
    }) + 1
}

/// Line 3: button names A1 … H8 run together, each once.
fn used_squares(doc: &Document, view: &BordView, out: &mut Limited) {
    let used = &view.used_squares;
    let example = "like D4D5E4E5";
    let mut first: [Option<Range<usize>>; SQUARES] = std::array::from_fn(|_| None);
    let mut blanks_reported = false;
    for entry in &used.entries {
        match entry {
            UsedEntry::Square { square, range } => {
                if let Some(earlier) = &first[square.index()] {
                    let finding = Finding::new(
                        REPEATED_SQUARE,
                        range.clone(),
                        format!(
                            "{} is listed twice in the used squares (first at column {} of line \
3); remove the repeat",
                            square.name(),
                            column(&used.line, earlier.start)
                        ),
                    )
                    .with_related(Some(crate::findings::Related::here(
                        doc.rope(),
                        earlier.clone(),
                        format!("{} is first listed here", square.name()),
                    )));
                    // Not preferred: it deletes a name the game reads.
                    let fix = Fix::one("Remove the repeat", TextEdit::delete(range.clone()));
                    out.push_finding(finding.with_fix(Some(fix)));
                } else {
                    first[square.index()] = Some(range.clone());
                }
            }
            UsedEntry::BadName { text, range } => {
                out.push_with(BAD_USED_SQUARE, range.clone(), || {
                    format!(
                        "“{text}” is not a square of the board: a used square is a button name, \
a row letter A–H then a column digit 1–8 (A1 … H8)"
                    )
                });
            }
            UsedEntry::Stray { text, range } => {
                let blank = is_blank(text);
                if blank && std::mem::replace(&mut blanks_reported, true) {
                    continue; // one spacing choice: reported once, at its first blank
                }
                let fixes: Vec<Fix> = if blank {
                    let blanks = used
                        .entries
                        .iter()
                        .filter(|e| matches!(e, UsedEntry::Stray { text, .. } if is_blank(text)))
                        .map(|e| TextEdit::delete(e.range()))
                        .collect();
                    // A line of blanks alone would become an empty line 3.
                    let fix = Fix::many("Remove the blanks", blanks);
                    let more = used
                        .entries
                        .iter()
                        .any(|e| !matches!(e, UsedEntry::Stray { text, .. } if is_blank(text)));
                    vec![if more { fix.preferred() } else { fix }]
                } else {
                    Vec::new()
                };
                let code = if blank {
                    USED_SQUARES_SPACED
                } else {
                    BAD_USED_SQUARE
                };
                out.push_with(code, range.clone(), || {
                    if !blank {
                        return format!(
                            "“{}” is not a square name: the used squares are button names A1 … \
H8 (row letter, column digit) run together, {example}",
                            shown(text)
                        );
                    }
                    let places = used
                        .entries
                        .iter()
                        .filter(|e| matches!(e, UsedEntry::Stray { text, .. } if is_blank(text)))
                        .count();
                    let (what, them) = match places {
                        1 => ("a blank between the used squares".to_string(), "it"),
                        n => (
                            format!(
                                "blanks between the used squares (here and at {} more places of \
line 3)",
                                n - 1
                            ),
                            "them",
                        ),
                    };
                    format!(
                        "{what}: the format document writes the squares run together ({}) and no \
board the game shipped has blanks there, so whether the game reads them is not known; remove \
{them} to be safe",
                        example.trim_start_matches("like ")
                    )
                });
                out.fix_last(fixes);
            }
        }
    }
}

fn is_blank(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c == ' ' || c == '\t')
}

/// Blanks in a board line of the wrong size: the game reads each blank as an empty square, so
/// the squares after it shift; the blanks are the fault, not the tail past square 64.
fn board_blanks(line: &super::view::Line, width: usize) -> Option<Finding> {
    let text = line.text()?;
    let blanks: Vec<usize> = text
        .char_indices()
        .filter(|(_, c)| *c == ' ' || *c == '\t')
        .map(|(at, _)| at)
        .collect();
    let (first, last) = (*blanks.first()?, *blanks.last()?);
    if text
        .char_indices()
        .nth(SQUARES)
        .is_some_and(|(at, _)| at <= first)
    {
        return None; // blanks past square 64 shift nothing: the tail is the fault
    }
    let squares = width - blanks.len();
    let left = match squares {
        SQUARES => format!("the {SQUARES} squares left are the board"),
        n if n > SQUARES => format!(
            "then remove the {} past square {SQUARES}: the board has {SQUARES}, 8 rows of 8",
            n - SQUARES
        ),
        n => format!(
            "then add {}: the board has {SQUARES}, 8 rows of 8",
            plural(SQUARES - n, "missing square", "missing squares")
        ),
    };
    let start = line.range().start;
    // With the blanks gone the board is whole: removing them is the fix.
    let fix = (squares == SQUARES).then(|| {
        let edits = blanks
            .iter()
            .map(|at| TextEdit::delete(start + at..start + at + 1))
            .collect();
        Fix::many("Remove the blanks", edits).preferred()
    });
    Some(
        Finding::new(
            BOARD_SIZE,
            start + first..start + last + 1,
            format!(
                "the board data has {width} characters with {}: the game reads a blank as an empty \
square, so every square after it moves; remove the blanks ({left})",
                plural(blanks.len(), "blank", "blanks")
            ),
        )
        .with_fix(fix),
    )
}

/// Line 4: one line of 64 squares.
fn board(view: &BordView, out: &mut Limited) {
    let board = &view.board;
    let line = board.line();
    match board.layout {
        BoardLayout::Rows { rows } => {
            let last = line.number + rows - 1;
            let message = if rows == SIZE {
                format!(
                    "board data must be one line of {SQUARES} characters: lines {}–{last} are \
the design layout (8 rows of 8); join them into one line (remove the line breaks after lines \
{}–{}) so the game can read the board",
                    line.number,
                    line.number,
                    last - 1
                )
            } else {
                format!(
                    "board data must be one line of {SQUARES} characters: lines {}–{last} look \
like rows of the design layout, but there are {rows} rows of 8 and the board has 8; write all 8 \
rows, then join them into one line",
                    line.number
                )
            };
            out.push(BOARD_LAYOUT, board.range(), message);
            if rows == SIZE {
                // The line breaks between the rows, whatever they are (CR, LF or CRLF).
                let edits = board
                    .lines
                    .windows(2)
                    .map(|pair| TextEdit::delete(pair[0].range().end..pair[1].range().start))
                    .collect();
                out.fix_last([Fix::many("Join the 8 rows into one line", edits).preferred()]);
            }
        }
        BoardLayout::OneLine => {
            let width = line.width();
            if let Some(blanks) = board_blanks(line, width).filter(|_| width != SQUARES) {
                out.push_finding(blanks);
                return;
            }
            let how = "W for a white chip, B for a black chip, 0 or any other character for an \
empty square";
            let message = match line.text() {
                _ if width == SQUARES => return,
                None if view.lines < line.number => format!(
                    "line 4 (the board data) is missing: {}; write the {SQUARES} squares of the \
board on one line ({how})",
                    ends_after(view)
                ),
                None => format!(
                    "line 4 (the board data) is empty; write the {SQUARES} squares of the board \
on one line ({how})"
                ),
                Some(_) if width > SQUARES => {
                    let past = line.chars_range(SQUARES, width);
                    out.push(
                        BOARD_SIZE,
                        past.clone(),
                        format!(
                            "the board data has {width} squares; it must have exactly {SQUARES} \
(8 rows of 8 on one line): remove the {} past square {SQUARES}",
                            width - SQUARES
                        ),
                    );
                    let title = format!("Remove the squares past square {SQUARES}");
                    out.fix_last([Fix::one(title, TextEdit::delete(past))]);
                    return;
                }
                Some(_) => format!(
                    "the board data has {width} squares; it must have exactly {SQUARES} (8 rows \
of 8 on one line): {} missing",
                    if SQUARES - width == 1 {
                        "1 is".to_string()
                    } else {
                        format!("{} are", SQUARES - width)
                    }
                ),
            };
            out.push(BOARD_SIZE, line.range(), message);
        }
    }
}

/// Where a square is written: "character 28 of line 4".
pub fn board_place(view: &BordView, square: SquarePos) -> String {
    match view.board.layout {
        BoardLayout::OneLine => format!("character {} of line 4", square.index() + 1),
        BoardLayout::Rows { .. } => format!(
            "character {} of line {}",
            square.column + 1,
            4 + usize::from(square.row)
        ),
    }
}

fn chip_name(chip: Chip) -> &'static str {
    match chip {
        Chip::White => "a white chip",
        Chip::Black => "a black chip",
        Chip::Empty => "nothing",
    }
}

/// Every used square holds a chip, and every chip's square is listed.
fn board_against_used_squares(view: &BordView, out: &mut Limited) {
    let Some(squares) = &view.board.squares else {
        return;
    };
    let rebuilt = rebuild_used_squares(view, squares);
    let mut listed = [false; SQUARES];
    for (square, range) in view.used_squares.squares() {
        let index = square.index();
        let Some(on_board) = squares.get(index) else {
            continue;
        };
        if std::mem::replace(&mut listed[index], true) {
            continue;
        }
        if on_board.chip == Chip::Empty {
            out.push(
                USED_SQUARE_BLANK,
                range.clone(),
                format!(
                    "{} is listed as used, but that square of the board ({}, “{}”) is blank; \
remove {} from line 3 or put a chip (W or B) there",
                    square.name(),
                    board_place(view, square),
                    on_board.char,
                    square.name()
                ),
            );
            let remove = Fix::one(
                format!("Remove {} from line 3", square.name()),
                TextEdit::delete(range),
            );
            out.fix_last([remove].into_iter().chain(rebuilt.clone()));
        }
    }
    let chips: Vec<_> = squares
        .iter()
        .filter(|s| s.chip != Chip::Empty && !listed[s.square.index()])
        .collect();
    if chips.is_empty() {
        return;
    }
    let used_line = &view.used_squares.line;
    if view.used_squares.entries.is_empty() {
        // Nothing listed at all: one finding on line 3, not one per chip.
        let names: Vec<String> = chips.iter().map(|s| s.square.name()).collect();
        out.push(
            UNLISTED_CHIP,
            used_line.range(),
            format!(
                "the used squares (line 3) are empty, but the board has {}, on {}; list their \
squares on line 3, run together: {}",
                plural(chips.len(), "chip", "chips"),
                names.join(", "),
                names.concat()
            ),
        );
        // Not preferred: the board and line 3 disagree, and either may be the mistake.
        out.fix_last(rebuilt);
        return;
    }
    for s in chips {
        out.push(
            UNLISTED_CHIP,
            s.range.clone(),
            format!(
                "square {} holds {} (“{}”, {}) but is not in the used squares (line 3); add {} \
to line 3",
                s.square.name(),
                chip_name(s.chip),
                s.char,
                board_place(view, s.square),
                s.square.name()
            ),
        );
        let add = Fix::one(
            format!("Add {} to line 3", s.square.name()),
            TextEdit::insert(used_line.value_range().end, s.square.name()),
        );
        out.fix_last([add].into_iter().chain(rebuilt.clone()));
    }
}

/// Line 3 written anew from the chips on the board, in board order (A1 … H8).
fn rebuild_used_squares(view: &BordView, squares: &[super::view::BoardSquare]) -> Option<Fix> {
    let names: String = squares
        .iter()
        .filter(|s| s.chip != Chip::Empty)
        .map(|s| s.square.name())
        .collect();
    let line = &view.used_squares.line;
    if matches!(line.slot, super::view::LineSlot::Missing { .. }) {
        return None;
    }
    Some(Fix::one(
        "Rebuild line 3 from the chips on the board",
        TextEdit::replace(line.value_range(), names),
    ))
}

/// The copyright line: present, at most 170 characters; nothing after it.
fn copyright(view: &BordView, out: &mut Limited) {
    let line = &view.copyright;
    let n = line.number;
    match line.text() {
        None => {
            let state = if view.lines < n {
                format!("is missing: {}", ends_after(view))
            } else {
                "is empty".to_string()
            };
            out.push(
                MISSING_COPYRIGHT,
                line.range(),
                format!(
                    "line {n} (the copyright line) {state}; the game shows it with the board: \
write who made the board, e.g. © 1996 Your Name"
                ),
            );
        }
        Some(_) => {
            let width = line.width();
            if width > MAX_COPYRIGHT {
                let past = line.chars_range(MAX_COPYRIGHT, width);
                out.push(
                    COPYRIGHT_TOO_LONG,
                    past.clone(),
                    format!(
                        "the copyright line (line {n}) is {width} characters long; the game \
takes at most {MAX_COPYRIGHT}: shorten it by {} (everything from here on is too much)",
                        plural(width - MAX_COPYRIGHT, "character", "characters")
                    ),
                );
                let title = format!("Cut the line after {MAX_COPYRIGHT} characters");
                // Not preferred: what to cut, the modder's own words, is theirs to choose.
                out.fix_last([Fix::one(title, TextEdit::delete(past))]);
            }
        }
    }
}

/// Non-empty lines after the copyright line (line `copyright`): one finding from the first
/// (its number and start) to the last (its number and end).
fn extra_lines(copyright: usize, first: (usize, usize), last: (usize, usize)) -> Finding {
    let which = if first.0 == last.0 {
        format!("line {}", first.0)
    } else {
        format!("lines {}–{}", first.0, last.0)
    };
    Finding::new(
        EXTRA_LINES,
        first.1..last.1,
        format!(
            "{which} after the copyright line (line {copyright}): a board file has five lines, \
and the game expects nothing after the copyright; remove them"
        ),
    )
}
