//! Hover help for peg boards, read from the typed view: a header value says what it sets, an
//! element what it is, where the game puts it (row and column from 1, and where the half-width
//! fields move it) and whether it is the goal; `>` and `!` say what they mark.

use std::ops::Range;

use super::checks::{shorten, v1_hint, v2_hint};
use super::view::{Board, Colour, DotRule, Element, GoalMarker, Header, HeaderLine, Kind, Version};
use crate::answers::{Hover, code_span as code};
use crate::findings::plural;
use crate::syntax::Document;

/// The hover at `offset`; `searched`: what searches found before (whether the goal is reached).
pub fn hover(
    doc: &Document,
    offset: usize,
    chosen: Option<DotRule>,
    searched: Option<&crate::formats::Searched>,
) -> Option<Hover> {
    let board = Board::new(doc)?.read_as(chosen);
    let (range, markdown) = header(doc, &board, offset)
        .or_else(|| goal_marker(&board, offset))
        .or_else(|| row_separator(&board, offset))
        .or_else(|| {
            let element = board.element_at(offset)?;
            Some((
                element.range(),
                element_help(doc, &board, &element, searched),
            ))
        })?;
    Some(Hover { range, markdown })
}

type Help = (Range<usize>, String);

fn header(doc: &Document, board: &Board, offset: usize) -> Option<Help> {
    match &board.header {
        Header::V1 {
            version,
            mode_flag,
            end,
            ..
        } => {
            if let Some(range) = version.as_ref().filter(|r| r.contains(&offset)) {
                return Some((
                    range.clone(),
                    "**Format version** `1`: a version 1 board (the game of 2009). The header is \
`1`, `D` or `N`, `~`; then the elements follow as one stream: the game deletes every line break, \
so the rows come from the width that `!` gives after the first row."
                        .to_string(),
                ));
            }
            if let Some((flag, range)) = mode_flag.as_ref().filter(|(_, r)| r.contains(&offset)) {
                let markdown = if *flag == 'D' {
                    "**Diagonal moves** `D`: stones jump across, down and diagonally."
                } else {
                    "**No diagonal moves** `N`: stones jump only across and down, not diagonally."
                };
                return Some((range.clone(), markdown.to_string()));
            }
            let range = end.as_ref().filter(|r| r.contains(&offset))?;
            Some((
                range.clone(),
                "**End of the header** `~`: the board follows, X * E 1 2 3 with `>` before the \
goal and `!` after the first row."
                    .to_string(),
            ))
        }
        Header::V2 { version, mode } => {
            if version.range.contains(&offset) {
                return Some((version.range.clone(), version_line(doc, version)));
            }
            let mode = mode.as_ref().filter(|m| m.range.contains(&offset))?;
            Some((mode.range.clone(), mode_line(doc, board, mode)))
        }
    }
}

/// The 1-based text line of a byte offset.
fn line_number(doc: &Document, offset: usize) -> usize {
    let rope = doc.rope();
    rope.byte_to_line(offset.min(rope.len_bytes())) + 1
}

/// A header line as written, without its trailing blanks, and a note on those blanks (which the
/// game does not trim).
fn written_line(line: &HeaderLine) -> (String, Option<String>) {
    let trimmed = line.text.trim_end_matches([' ', '\t']);
    let blanks = &line.text[trimmed.len()..];
    let written = code(&shorten(trimmed));
    if blanks.is_empty() {
        return (written, None);
    }
    let (spaces, tabs) = (blanks.matches(' ').count(), blanks.matches('\t').count());
    let what = match (spaces, tabs) {
        (1, 0) => "a space".to_string(),
        (0, 1) => "a tab".to_string(),
        (n, 0) => format!("{n} spaces"),
        (0, n) => format!("{n} tabs"),
        (s, t) => format!(
            "{} and {}",
            plural(s, "space", "spaces"),
            plural(t, "tab", "tabs")
        ),
    };
    let note = format!(
        "The line ends in {what}, which {} the game refuse it: it compares the whole line.",
        crate::findings::noun(spaces + tabs, "makes", "make")
    );
    (written, Some(note))
}

fn version_line(doc: &Document, line: &HeaderLine) -> String {
    let number = line_number(doc, line.range.start);
    let (written, blanks) = written_line(line);
    let trimmed = line.text.trim_end_matches([' ', '\t']);
    let mut markdown = if trimmed.eq_ignore_ascii_case("version 2") {
        format!(
            "**Format version** {written} (line {number}): a version 2 board (the game of \
2018): line 2 is the mode, then one row per line; spaces are ignored and an uppercase letter \
marks the goal. The game compares the whole line, in any case."
        )
    } else {
        format!(
            "**Format version** {written} (line {number}): not a version the game reads; line 1 \
must be `version 2` (any case), or the board is version 1 (`1`, `D` or `N`, `~`). The game says \
\"Level format invalid: Version not supported.\""
        )
    };
    if let Some(blanks) = blanks {
        markdown.push_str("\n\n");
        markdown.push_str(&blanks);
    }
    if number > 1 {
        markdown.push_str(
            "\n\nThe game reads line 1 as the version line: remove the blank lines above.",
        );
    }
    markdown
}

fn mode_line(doc: &Document, board: &Board, line: &HeaderLine) -> String {
    let number = line_number(doc, line.range.start);
    let (written, blanks) = written_line(line);
    let mut markdown = match board.diagonal {
        Some(true) => {
            format!("**Mode** {written} (line {number}): stones jump across, down and diagonally.")
        }
        Some(false) => format!(
            "**Mode** {written} (line {number}): stones jump only across and down, not \
diagonally."
        ),
        None => format!(
            "**Mode** {written} (line {number}): not a mode the game knows. Line 2 is always the \
mode line: `mode: normal` (jumps across and down) or `mode: diagonal` (diagonal jumps too), in \
any case. The game says \"Level format invalid: Mode not supported.\""
        ),
    };
    if let Some(blanks) = blanks.filter(|_| board.diagonal.is_some()) {
        markdown.push_str("\n\n");
        markdown.push_str(&blanks);
    }
    markdown
}

fn goal_marker(board: &Board, offset: usize) -> Option<Help> {
    let markers = &board.goal_markers;
    let at = markers.partition_point(|m| m.range.start <= offset);
    let marker: &GoalMarker = markers
        .get(at.checked_sub(1)?)
        .filter(|m| m.range.contains(&offset))?;
    let target = board
        .element_at(marker.range.start)
        .filter(|e| e.goal_marker().as_ref() == Some(&marker.range));
    let markdown = match (target, &marker.next) {
        (Some(element), _) => {
            let mut text = format!(
                "**Goal marker** `>`: makes the next element, the {} at {}, the goal, where the \
last stone should end.",
                kind_name(element.kind()).to_lowercase(),
                place(board, &element),
            );
            if marker.line_break {
                text.push_str(
                    "\n\nA line break stands between them: the game deletes it and accepts this, \
but the format document says the element after `>` may not be a line end.",
                );
            }
            text.push_str(&format!("\n\n{}", goal_bonus(board, &element)));
            text
        }
        (None, Some((ch, _))) => format!(
            "**Goal marker** `>`: must stand right before a slot (E, 1, 2 or 3), but {} follows \
it. The game refuses the board (\"A goal does not point to a valid accessable element\").",
            char_words(*ch)
        ),
        (None, None) => "**Goal marker** `>`: ends the board, but it must stand right before a \
slot (E, 1, 2 or 3). The game refuses the board."
            .to_string(),
    };
    Some((marker.range.clone(), markdown))
}

fn row_separator(board: &Board, offset: usize) -> Option<Help> {
    let separators = &board.row_separators;
    let at = separators.partition_point(|r| r.start <= offset);
    let index = at.checked_sub(1)?;
    let range = separators.get(index).filter(|r| r.contains(&offset))?;
    let markdown = match (index, board.width) {
        (0, Some(0)) => "**Row separator** `!`: it stands before the first element, so the board \
would be 0 elements wide; put it right after the first row."
            .to_string(),
        (0, width) => {
            let width = width.unwrap_or(0);
            format!(
                "**Row separator** `!`: ends the first row, so the board is {} wide (the \
elements before it) and {} high. The game deletes line breaks: this `!` alone makes the rows.",
                plural(width, "element", "elements"),
                plural(board.rows.len(), "row", "rows"),
            )
        }
        (n, _) => format!(
            "**Row separator** `!`, {} one: a board has exactly one `!`, right after its first \
row; the game refuses more (\"There are multiple width indicators\").",
            if n == 1 { "a second" } else { "another" }
        ),
    };
    Some((range.clone(), markdown))
}

/// What an element of a kind is, in one sentence (a half-width field's depends on its row).
pub(super) fn kind_meaning(kind: Kind) -> String {
    match kind {
        Kind::Locked => "No stone can stand here; the game draws nothing.".to_string(),
        Kind::HalfLocked => "A locked field half a square wide, for triangle boards.".to_string(),
        Kind::Empty => "A slot without a stone, where a jump can land.".to_string(),
        Kind::Stone(colour) => format!(
            "A slot with a {} stone: {} points when a jump removes it.",
            colour.name(),
            colour.points()
        ),
        Kind::Invalid(_) => "Not an element: the game rejects the file.".to_string(),
    }
}

pub(super) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Locked => "Locked field",
        Kind::HalfLocked => "Half-width locked field",
        Kind::Empty => "Empty slot",
        Kind::Stone(Colour::Red) => "Red stone",
        Kind::Stone(Colour::Yellow) => "Yellow stone",
        Kind::Stone(Colour::Green) => "Green stone",
        Kind::Invalid(_) => "Invalid element",
    }
}

/// "row 2, column 4" as the game's grid counts it, from 1, under the board's dot rule.
fn place(board: &Board, element: &Element) -> String {
    let row = element.row() + 1;
    match board.grid_column(element, board.dot_rule()) {
        Some(column) => format!("row {row}, column {}", column + 1),
        None => format!("row {row}, element {} of the line", element.index() + 1),
    }
}

fn element_help(
    doc: &Document,
    board: &Board,
    element: &Element,
    searched: Option<&crate::formats::Searched>,
) -> String {
    let kind = element.kind();
    let name = if element.goal() {
        format!("Goal: {}", kind_name(kind).to_lowercase())
    } else {
        kind_name(kind).to_string()
    };
    let written = match (kind, element.goal_marker()) {
        (Kind::Invalid(ch), _) => char_words(ch),
        (_, Some(marker)) if marker.end < element.range().start => format!(
            "{} (its `>` ends the line before)",
            code(&doc.slice(element.range()))
        ),
        _ => code(&doc.slice(element.full_range())),
    };
    let mut markdown = format!(
        "**{name}** {written} — {} (counting from 1)",
        place(board, element)
    );
    let meaning = match kind {
        Kind::HalfLocked => half_width(board, element),
        Kind::Invalid(ch) => invalid(board.version, ch),
        kind => kind_meaning(kind),
    };
    markdown.push_str("\n\n");
    markdown.push_str(&meaning);
    if let Some(columns) = columns(board, element) {
        markdown.push_str("\n\n");
        markdown.push_str(&columns);
    }
    if element.goal() {
        markdown.push_str("\n\n");
        markdown.push_str(&goal_bonus(board, element));
        // Whether the last stone can end here: known from the search of the board's findings,
        // or found within a short search (a goal the game ignores gets no word on it).
        if board.kept_goal() == Some(*element)
            && let Some(note) = super::solvability::goal_note(board, searched)
        {
            markdown.push_str("\n\n");
            markdown.push_str(&note);
        }
    }
    markdown
}

/// A character in words, for hover: "a space", "a tab", or the character as code.
fn char_words(ch: char) -> String {
    match ch {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        c if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
        c => code(&c.to_string()),
    }
}

fn invalid(version: Version, ch: char) -> String {
    match version {
        Version::V1 => format!(
            "Not a board element, so the game refuses the board (\"There are invalid elements in \
the file.\"). Version 1 boards hold `X` `*` `E` `1` `2` `3`, `>` before the goal and one `!` \
after the first row; line breaks are ignored, spaces are not. Here: {}.",
            code_spans(v1_hint(ch))
        ),
        Version::V2 => format!(
            "Not a board element, so the game refuses the board (\"There are invalid elements in \
the file.\"). Version 2 rows hold `*` `.` `e` `r` `y` `g`, uppercase for the goal; spaces are \
ignored, tabs are not. Here: {}.",
            code_spans(v2_hint(ch))
        ),
    }
}

/// A diagnostic's hint, its plain quotes (“E”) made code spans again for the hover's Markdown.
fn code_spans(hint: &str) -> String {
    hint.replace(['“', '”'], "`")
}

fn half_width(board: &Board, element: &Element) -> String {
    match board.version {
        Version::V1 => "A locked field half a square wide, for triangle boards: it takes a column \
of the grid, and every element after it in the row is drawn half a square further left."
            .to_string(),
        Version::V2 => {
            let row = board.rows.get(element.row());
            let elements: Vec<Element> = row.map_or_else(Vec::new, |r| r.elements().collect());
            let at = element.index();
            let leading = elements
                .iter()
                .take(at)
                .all(|e| e.kind() == Kind::HalfLocked);
            let trailing = elements
                .iter()
                .skip(at + 1)
                .all(|e| e.kind() == Kind::HalfLocked);
            let final_game = match (leading, trailing) {
                (true, true) => "this line holds only dots, so it has no shift",
                (true, false) => "a leading dot like this one shifts the row half a square right",
                (false, true) => "a trailing dot like this one shifts the row half a square left",
                (false, false) => "a dot between elements, like this one, is ignored",
            };
            format!(
                "A half-width dot. The game of 11 Nov 2018 counts it as a locked field half a \
square wide with its own column, and draws the elements after it half a square further left. \
The final game deletes dots: {final_game}."
            )
        }
    }
}

/// Where the half-width fields of the row move the element, when they do.
fn columns(board: &Board, element: &Element) -> Option<String> {
    let row = board.rows.get(element.row())?;
    let has_dots = row.half_fields() > 0;
    if !has_dots || element.kind() == Kind::HalfLocked {
        return None;
    }
    // The half-width fields before this element.
    let halves_before = element.half_fields();
    match board.version {
        Version::V1 => (halves_before > 0).then(|| {
            format!(
                "Column {} of the grid counts the half-width `*` before it; the game draws it \
{} further left, {} from the left edge.",
                element.index() + 1,
                halves(i64::try_from(halves_before).unwrap_or(i64::MAX)),
                halves(board.x_halves(element, DotRule::Counted).unwrap_or(0)),
            )
        }),
        Version::V2 => {
            let counted = element.index() + 1;
            let stripped = element.stripped_index().map_or(0, |c| c + 1);
            let shift = match row.indent {
                0 => "no shift".to_string(),
                n if n > 0 => format!("the row shifted {} right", halves(n)),
                n => format!("the row shifted {} left", halves(-n)),
            };
            let meant = match board.dot_rule() {
                DotRule::Stripped => {
                    "the final game's rule, under which this board's rows are \
equally long"
                }
                DotRule::Counted => {
                    "the rule of 11 Nov 2018, the only one under which this \
board's rows are equally long"
                }
            };
            Some(format!(
                "This line has half-width dots `.`: the final game deletes them (column \
{stripped}, {shift}); the game of 11 Nov 2018 counts them (column {counted}, drawn {} left). The \
row and column above follow {meant}.",
                halves(i64::try_from(halves_before).unwrap_or(i64::MAX)),
            ))
        }
    }
}

/// A distance in half squares, in words: "half a square", "1½ squares".
fn halves(n: i64) -> String {
    match n {
        0 => "0 squares".to_string(),
        1 => "half a square".to_string(),
        2 => "1 square".to_string(),
        n if n % 2 == 0 => format!("{} squares", n / 2),
        n => format!("{}½ squares", n / 2),
    }
}

fn goal_bonus(board: &Board, element: &Element) -> String {
    let mut text = match board.version {
        Version::V1 => "The goal (`>` before it), framed twice by the game: the last stone should \
end here. The game of 2009 gives no bonus for it; the games of 2018 add 100 times the last \
stone's points (red 3000, yellow 2000, green 1000)."
            .to_string(),
        Version::V2 => "The goal (written in uppercase): when the last stone ends here, the game \
adds 100 times that stone's points (red 3000, yellow 2000, green 1000)."
            .to_string(),
    };
    let count = board.goals().count();
    if count > 1 {
        let kept = board.kept_goal();
        let which = match kept {
            Some(kept) if kept == *element => "this one".to_string(),
            Some(kept) => format!("the one at {}, so this one is ignored", place(board, &kept)),
            None => "another".to_string(),
        };
        text.push_str(&format!(
            " The board has {count} goals, but the game keeps only the last it finds column by \
column: {which}."
        ));
    }
    text
}
