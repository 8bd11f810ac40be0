//! The checks of a peg solitaire board, read from the typed view. Errors are what the games
//! refuse to load; warnings are what the format document asks for but the games accept, and
//! boards that load but cannot be played as meant.

use std::ops::Range;

use super::codes::{
    EMPTY_BOARD, GOAL_MARKER, GOAL_MARKER_LINE_BREAK, HEADER, INCOMPLETE_ROWS, INVALID_ELEMENT,
    MULTIPLE_GOALS, NO_FIRST_JUMP, ROW_SEPARATOR, TRAILING_BLANK, UNEQUAL_ROWS, V1_SHAPE,
    VERSION_MISMATCH,
};
use super::jumps::jump_possible;
use super::view::{Board, DotRule, Element, Header, HeaderLine, Kind, Row, Version};
use crate::findings::{Code, Finding, Fix, Limited, TextEdit, line_break, plural};
use crate::registry::Family;
use crate::syntax::Document;

/// The code of the syntax errors that one finding replaces when the header is missing.
const SYNTAX_ERROR: &Code = Family::Peg.syntax_error();

/// Rows named one by one in an unequal-rows message before "…".
const MAX_LISTED_ROWS: usize = 12;

const GAME_VERSION: &str = "\"Level format invalid: Version not supported.\"";
const GAME_MODE: &str = "\"Level format invalid: Mode not supported.\"";
const GAME_INVALID: &str = "\"Level invalid: There are invalid elements in the file.\"";
const GAME_EMPTY: &str = "\"Level invalid: Board is empty.\"";
const GAME_LENGTH: &str = "\"Level invalid: Lines don't have an equal amount of elements.\"";
const GAME_GOAL: &str = "\"Level invalid: A goal does not point to a valid accessable element \
(\"3\", \"2\", \"1\" or \"E\").\"";
const GAME_SHAPE: &str =
    "\"Level invalid: The level's actual length is not a multiple of the width.\"";
const GAME_NO_WIDTH: &str = "\"Level invalid: No width indicator (\"!\") found.\"";
const GAME_MULTIPLE_WIDTH: &str = "\"Level invalid: There are multiple width indicators (\"!\").\"";
const GAME_INCOMPLETE: &str =
    "\"Level invalid: The level's actual length is not a multiple of the width.\"";
const GAME_NO_JUMP: &str = "\"Warning! The level is not playable. There are no jumps possible.\"";

/// How far into the file [`header_missing`] looks for the header lines.
const HEADER_SEARCH_BYTES: usize = 4096;

/// A board whose first line starts neither `version` nor `1` (a lost or swapped header line, a
/// blank before `version`): the parser then fails on every line, but the game stops at the
/// header. Its syntax errors are replaced by one header finding that says what happened.
fn header_missing(doc: &Document, findings: &mut Vec<Finding>) -> bool {
    let rope = doc.rope();
    let head = doc.slice(0..rope.len_bytes().min(HEADER_SEARCH_BYTES));
    let start = head.len() - head.trim_start_matches(['\r', '\n']).len();
    let first_line = rope.byte_to_line(start);
    let on_first_line = |f: &Finding| {
        f.code == SYNTAX_ERROR.name
            && rope.byte_to_line(f.range.start.min(rope.len_bytes())) == first_line
    };
    if head[start..].starts_with('1') || !findings.iter().any(on_first_line) {
        return false;
    }
    let mut lines = head[start..].split(['\r', '\n']);
    let line = lines.next().unwrap_or("");
    let starts = |l: &str, word: &str| {
        l.trim_start()
            .get(..word.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(word))
    };
    let hint = if starts(line, "version") {
        "delete the blanks before “version”"
    } else if lines.take(16).any(|l| starts(l, "version")) {
        "the version line must come first: put “version 2” on line 1 and the mode on line 2"
    } else if starts(line, "mode") {
        "this is the mode line: write “version 2” on the line above it"
    } else {
        "the header is missing: write the lines “version 2” and “mode: normal” (or \
“mode: diagonal”) above the rows of a version 2 board, or “1D~” (diagonal moves) or “1N~” before \
a version 1 board"
    };
    findings.retain(|f| f.code != SYNTAX_ERROR.name);
    let end = start + line.len();
    findings.push(Finding::new(
        HEADER,
        start..end,
        format!(
            "line {} must be “version 2” (any case), or start with “1D~” or “1N~” for a version 1 \
board, not “{}”: {hint}; the game does not load a board without its header",
            first_line + 1,
            shorten(line)
        ),
    ));
    true
}

/// Every finding of a peg board, read with the dot rule the settings choose (`chosen`), if any.
pub fn check(doc: &Document, chosen: Option<DotRule>, findings: &mut Vec<Finding>) {
    if header_missing(doc, findings) {
        return;
    }
    let board = Board::of_chosen(doc, chosen);
    let Some(board) = board.as_ref() else {
        return;
    };
    let mut checks = Checks {
        doc,
        board,
        out: Limited::new(findings),
        has_invalid: false,
    };
    match board.version {
        Version::V1 => checks.v1(),
        Version::V2 => checks.v2(),
    }
    checks.out.finish();
}

/// Characters that are no element, one run of the same character each.
fn invalid_runs(board: &Board) -> Vec<(char, Range<usize>)> {
    let mut runs: Vec<(char, Range<usize>)> = Vec::new();
    // Only rows holding some are split into elements.
    let rows = board.rows.iter().filter(|r| r.has_invalid());
    for element in rows.flat_map(Row::elements) {
        let Kind::Invalid(ch) = element.kind() else {
            continue;
        };
        let here = element.range();
        match runs.last_mut() {
            Some((last, range)) if *last == ch && range.end == here.start => {
                range.end = here.end;
            }
            _ => runs.push((ch, here)),
        }
    }
    runs
}

/// A version 1 board whose `after` elements after `!` do not fill rows `width` wide, reported
/// at the last row.
fn incomplete(range: Range<usize>, width: usize, after: usize) -> Finding {
    let left = after % width;
    let full = after / width;
    let missing = width - left;
    Finding::new(
        INCOMPLETE_ROWS,
        range,
        format!(
            "the last row has {ls}, but the board is {width} wide (the \
{ws} before “!”): the {as_} after “!” make {fs} \
and {left} left over; add {ms} here, or look in the rows above for a missing \
or extra element (the game says {GAME_INCOMPLETE})",
            ls = plural(left, "element", "elements"),
            ws = plural(width, "element", "elements"),
            as_ = plural(after, "element", "elements"),
            fs = plural(full, "full row", "full rows"),
            ms = plural(missing, "element", "elements"),
        ),
    )
}

/// Whether the game's version 1 loader takes `total` elements `width` wide: it divides
/// (total − 1) by (width + 1), which is whole for a square and few other heights.
fn loads(width: usize, total: usize) -> bool {
    total > 0 && (total - 1).is_multiple_of(width + 1)
}

/// A version 2 board without rows, reported at its last header line.
fn no_rows(range: Range<usize>) -> Finding {
    Finding::new(
        EMPTY_BOARD,
        range,
        format!(
            "the board is empty: no rows follow the header; write the rows of the board from \
line 3 on (the game says {GAME_EMPTY})"
        ),
    )
}

/// A version 2 board of dots alone, reported at its first row.
fn dots_only(range: Range<usize>) -> Finding {
    Finding::new(
        EMPTY_BOARD,
        range,
        format!(
            "the board holds only half-width dots “.”, no fields: the final game deletes dots \
and says {GAME_EMPTY}; write the board's fields (* e r y g)"
        ),
    )
}

struct Checks<'a> {
    doc: &'a Document,
    board: &'a Board,
    /// Findings, at most [`crate::findings::MAX_PER_CODE`] of each code.
    out: Limited<'a>,
    /// The board holds a character that is no element; known once `invalid_elements` ran.
    has_invalid: bool,
}

impl Checks<'_> {
    /// No more findings of this code are shown.
    fn full(&self, code: &'static Code) -> bool {
        self.out.is_full(code)
    }

    /// Counts a finding that is left out, at `range`.
    fn hide(&mut self, code: &'static Code, range: Range<usize>) {
        self.out.leave_out(code, range);
    }

    fn push(&mut self, code: &'static Code, range: Range<usize>, msg: String) {
        self.out.push(code, range, msg);
    }

    /// Gives the finding pushed last these fixes, when it was shown.
    fn fix_last(&mut self, fixes: impl IntoIterator<Item = Fix>) {
        self.out.fix_last(fixes);
    }

    /// The file's line break, for lines a fix writes.
    fn line_break(&self) -> &'static str {
        line_break(self.doc.rope())
    }

    /// The 1-based text line of a byte offset.
    fn line(&self, offset: usize) -> usize {
        let rope = self.doc.rope();
        rope.byte_to_line(offset.min(rope.len_bytes())) + 1
    }

    fn has_invalid(&self) -> bool {
        self.has_invalid
    }

    // ---- version 1 ----------------------------------------------------------------------

    fn v1(&mut self) {
        if self.v2_body() {
            return;
        }
        self.invalid_elements();
        self.goal_markers();
        if self.board.rows.is_empty() {
            if !self.board.syntax_errors {
                let range = match &self.board.header {
                    Header::V1 { range, .. } => range.clone(),
                    Header::V2 { version, .. } => version.range.clone(),
                };
                self.push(
                    EMPTY_BOARD,
                    range,
                    "the board is empty: no elements follow the header; write the rows \
(X * E 1 2 3) after it, with “!” after the first row"
                        .to_string(),
                );
            }
            return;
        }
        let separators_ok = self.row_separators();
        let complete = separators_ok && self.incomplete_rows();
        self.multiple_goals();
        if complete && !self.board.syntax_errors && !self.has_invalid() {
            self.no_first_jump(&[DotRule::Counted]);
        }
    }

    /// A version 1 header on rows written in version 2 (`y`, `e`, spaces, no `X 1 2 3 ! >`):
    /// one finding at the header, as every element would otherwise be reported as invalid.
    fn v2_body(&mut self) -> bool {
        let Header::V1 { range, .. } = &self.board.header else {
            return false;
        };
        let body = self.doc.slice(range.end..self.board.range.end);
        let v1_only = |c: char| matches!(c, 'X' | '1' | '2' | '3' | '!' | '>');
        let v2_only = |c: char| matches!(c, 'r' | 'y' | 'g' | 'e' | 'R' | 'Y' | 'G' | '.' | ' ');
        if body.chars().any(v1_only) || !body.chars().any(v2_only) {
            return false;
        }
        let mode = match self.board.diagonal {
            Some(true) => "mode: diagonal",
            _ => "mode: normal",
        };
        let header = self.doc.slice(range.clone());
        self.push(
            HEADER,
            range.clone(),
            format!(
                "the header “{}” is version 1, but the rows are written in version 2 elements \
(* . r y g e, uppercase for the goal, and spaces) and have no “!”: replace the header by the two \
lines “version 2” and “{mode}” (the game says {GAME_INVALID})",
                shorten(header.trim())
            ),
        );
        let two_lines = format!("version 2{}{mode}", self.line_break());
        let fix = Fix::one(
            format!("Write the version 2 header (“{mode}”)"),
            TextEdit::replace(range.clone(), two_lines),
        );
        self.fix_last([fix.preferred()]);
        true
    }

    /// `>` must stand right before a slot.
    fn goal_markers(&mut self) {
        let board = self.board;
        for marker in &board.goal_markers {
            if self.full(GOAL_MARKER) && self.full(GOAL_MARKER_LINE_BREAK) {
                self.hide(GOAL_MARKER, marker.range.clone());
                continue;
            }
            let line = self.line(marker.range.start);
            match &marker.next {
                Some((ch, next)) if matches!(ch, 'E' | '1' | '2' | '3') => {
                    if marker.line_break {
                        let next_line = self.line(next.start);
                        self.push(
                            GOAL_MARKER_LINE_BREAK,
                            marker.range.clone(),
                            format!(
                                "the goal marker “>” ends line {line} and its slot “{ch}” \
starts line {next_line}: the game deletes line breaks and accepts this, but the format \
document says the element after “>” may not be a line end; move “>” to the start of line \
{next_line}, right before “{ch}”"
                            ),
                        );
                        let fix = Fix::many(
                            format!("Move “>” before “{ch}”"),
                            vec![
                                TextEdit::delete(marker.range.clone()),
                                TextEdit::insert(next.start, ">"),
                            ],
                        );
                        self.fix_last([fix.preferred()]);
                    }
                }
                Some((ch, _)) => {
                    let what = match ch {
                        'X' => "“X”, a locked field".to_string(),
                        '*' => "“*”, a half-width locked field".to_string(),
                        '!' => "the row separator “!”".to_string(),
                        '>' => "another “>”".to_string(),
                        other => describe_char(*other),
                    };
                    let after = if marker.line_break {
                        " (after a line break)"
                    } else {
                        ""
                    };
                    self.push(
                        GOAL_MARKER,
                        marker.range.clone(),
                        format!(
                            "the goal marker “>” must stand right before a slot (E, 1, 2 or 3), \
but it is followed by {what}{after}; move “>” before the goal slot or remove it (the game says \
{GAME_GOAL})"
                        ),
                    );
                }
                None => self.push(
                    GOAL_MARKER,
                    marker.range.clone(),
                    format!(
                        "the goal marker “>” ends the board, but it must stand right before a \
slot (E, 1, 2 or 3); move it before the goal slot or remove it (the game says {GAME_GOAL})"
                    ),
                ),
            }
        }
    }

    /// Exactly one `!`, after at least one element. True when the width is certain.
    fn row_separators(&mut self) -> bool {
        let board = self.board;
        let Some(first) = board.row_separators.first() else {
            if board.syntax_errors {
                return false;
            }
            let Some(row) = board.rows.first() else {
                return false;
            };
            let range = row.range().unwrap_or(board.range.clone());
            let count = row.len_counting_dots();
            let line = self.line(range.start);
            let end = range.end;
            self.push(
                ROW_SEPARATOR,
                range,
                format!(
                    "the board has no row separator “!”: the game takes the board width from \
the number of elements before “!”; put “!” right after the first row (after the \
{s} of line {line}) (the game says {GAME_NO_WIDTH})",
                    s = plural(count, "element", "elements")
                ),
            );
            let fix = Fix::one("Put “!” after the first row", TextEdit::insert(end, "!"));
            self.fix_last([self.prefer_if_rows_fill(fix)]);
            return false;
        };
        let mut ok = true;
        if board.width == Some(0) {
            ok = false;
            self.push(
                ROW_SEPARATOR,
                first.clone(),
                "the row separator “!” stands before the first element, so the board would be \
0 elements wide; put it right after the first row"
                    .to_string(),
            );
            // The first row's line is the width, when the board has a row after it.
            let first_row_end = board
                .rows
                .first()
                .filter(|_| board.rows.len() > 1)
                .and_then(Row::range)
                .map(|r| r.end)
                .filter(|end| *end > first.end);
            let fix = first_row_end.map(|end| {
                let fix = Fix::many(
                    "Move “!” after the first row",
                    vec![TextEdit::delete(first.clone()), TextEdit::insert(end, "!")],
                );
                self.prefer_if_rows_fill(fix)
            });
            self.fix_last(fix);
        }
        let first_line = self.line(first.start);
        for (i, extra) in board.row_separators.iter().enumerate().skip(1) {
            ok = false;
            let which = if i == 1 { "a second" } else { "another" };
            self.push(
                ROW_SEPARATOR,
                extra.clone(),
                format!(
                    "{which} row separator “!” (the first is on line {first_line}): a board has \
exactly one “!”, right after its first row; remove this one (the game says \
{GAME_MULTIPLE_WIDTH})"
                ),
            );
            // Not preferred: the game reads every “!”, and the second may be where the row
            // really ends (the first misplaced).
            let fix = Fix::one("Remove this “!”", TextEdit::delete(extra.clone()));
            self.fix_last([fix]);
        }
        ok
    }

    /// A fix putting “!” after the first row, preferred when the rows after it then fill whole
    /// rows of the first row's width.
    fn prefer_if_rows_fill(&self, fix: Fix) -> Fix {
        let width = self.board.rows.first().map_or(0, Row::len_counting_dots);
        self.prefer_if_width_fills(fix, width)
    }

    /// A fix preferred when the board's elements make whole rows `width` wide (and the board
    /// is sound): else the missing or extra element may be anywhere.
    fn prefer_if_width_fills(&self, fix: Fix, width: usize) -> Fix {
        let total: usize = self.board.rows.iter().map(Row::len_counting_dots).sum();
        let whole = width > 0 && total >= width && (total - width).is_multiple_of(width);
        if whole && loads(width, total) && !self.board.syntax_errors && !self.has_invalid() {
            fix.preferred()
        } else {
            fix
        }
    }

    /// The elements after `!` fill whole rows. True when they do (and the board is sound).
    fn incomplete_rows(&mut self) -> bool {
        let board = self.board;
        // Past the bound the rest of the stream is not read: its rows may be whole.
        if board.syntax_errors || self.has_invalid() || self.doc.cut().is_some() {
            return false;
        }
        let Some(width) = board.width.filter(|w| *w > 0) else {
            return false;
        };
        let total: usize = board.rows.iter().map(Row::len_counting_dots).sum();
        let after = total.saturating_sub(width);
        let left = after % width;
        if left == 0 {
            return self.loaded_shape(width, total);
        }
        let Some(range) = board.rows.last().and_then(Row::range) else {
            return false;
        };
        let end = range.end;
        let finding = incomplete(range, width, after);
        self.out.push_finding(finding);
        // The missing elements may be anywhere above: filling the last row is one guess.
        let missing = width - left;
        let fix = Fix::one(
            format!("Fill the last row with {missing} “X” (locked fields)"),
            TextEdit::insert(end, "X".repeat(missing)),
        );
        self.fix_last([fix]);
        false
    }

    /// A whole rectangle the game still refuses: its loader divides (all elements − 1) by
    /// (width + 1), which is whole for a square and few other heights. True when it loads.
    fn loaded_shape(&mut self, width: usize, total: usize) -> bool {
        if loads(width, total) {
            return true;
        }
        let Some(range) = self.board.rows.last().and_then(Row::range) else {
            return true;
        };
        let rows = total / width;
        let heights: Vec<String> = (0..3)
            .map(|k| (width + k * (width + 1)).to_string())
            .collect();
        let quotient = (total - 1) as f64 / (width + 1) as f64;
        self.push(
            V1_SHAPE,
            range,
            format!(
                "the game will not load this board: it is {width} wide and {rows} rows, and the \
game's version 1 loader divides ({total} elements − 1) by ({width} + 1) = {quotient:.2}, not a \
whole number (it says {GAME_SHAPE}); make it {} (the game also takes {} … rows for {width} \
wide), or write it as a version 2 board",
                plural(width, "row", "rows"),
                heights[1..].join(", "),
            ),
        );
        false
    }

    // ---- version 2 ----------------------------------------------------------------------

    fn v2(&mut self) {
        let Header::V2 { version, mode } = &self.board.header else {
            return;
        };
        self.version_line(version);
        if mode.is_none() && self.mode_after_blank(version) {
            return;
        }
        self.mode_line(version, mode.as_ref());
        self.invalid_elements();
        if self.empty_board(version, mode.as_ref()) {
            return;
        }
        let sound = !self.board.syntax_errors && !self.has_invalid();
        let rows_ok = sound && self.unequal_rows();
        self.multiple_goals();
        if rows_ok && self.board.diagonal.is_some() {
            match self.board.chosen {
                Some(rule) => self.no_first_jump(&[rule]),
                None => self.no_first_jump(&[DotRule::Stripped, DotRule::Counted]),
            }
        }
    }

    fn version_line(&mut self, line: &HeaderLine) {
        if line.keyword.is_none() {
            // No version line at all: a syntax error, reported as such.
            return;
        }
        if line.range.start > 0 {
            self.push(
                HEADER,
                0..line.range.start,
                format!(
                    "the file starts with blank lines, but the game reads line 1 as the version \
line and says {GAME_VERSION}; remove the blank lines so that “version 2” is line 1"
                ),
            );
            let fix = Fix::one(
                "Remove the blank lines",
                TextEdit::delete(0..line.range.start),
            );
            self.fix_last([fix.preferred()]);
        }
        let trimmed = line.text.trim_end_matches([' ', '\t']);
        if trimmed.eq_ignore_ascii_case("version 2") {
            if trimmed.len() < line.text.len() {
                let blanks = line.range.start + trimmed.len()..line.range.end;
                self.push(
                    TRAILING_BLANK,
                    blanks.clone(),
                    format!(
                        "blanks after “version 2” at the end of line 1: the game compares the \
whole line, so it rejects the file ({GAME_VERSION}); delete them"
                    ),
                );
                let fix = Fix::one("Delete the blanks", TextEdit::delete(blanks));
                self.fix_last([fix.preferred()]);
            }
            return;
        }
        let value = line.value_text();
        let hint = if value.trim().eq_ignore_ascii_case("2") {
            "write exactly one space between “version” and “2”"
        } else if line.value.is_none() {
            "“version” must be followed by a space and 2"
        } else {
            "the game reads only version 2 (and version 1 boards, which start with “1D~” or \
“1N~”)"
        };
        let range = tight_value_range(line);
        self.push(
            HEADER,
            range,
            format!(
                "line 1 must be “version 2” (any case), not “{}”: {hint} (the game says \
{GAME_VERSION})",
                shorten(&line.text)
            ),
        );
        // The keyword as written, then exactly “ 2”: sure when the value is 2 already.
        if let Some(keyword) = &line.keyword {
            let written = self.doc.slice(keyword.clone()).into_owned();
            let fix = Fix::one(
                format!("Write “{written} 2”"),
                TextEdit::replace(keyword.end..line.range.end, " 2"),
            );
            let sure = value.trim().eq_ignore_ascii_case("2");
            self.fix_last([if sure { fix.preferred() } else { fix }]);
        }
    }

    /// An empty line 2 with the mode line below it: the game reads the empty line as the mode
    /// (and rejects it); the mode line would be a row of invalid elements, which is not repeated.
    fn mode_after_blank(&mut self, version: &HeaderLine) -> bool {
        let rope = self.doc.rope();
        let version_row = rope.byte_to_line(version.range.start.min(rope.len_bytes()));
        if version_row + 2 >= rope.len_lines() {
            return false;
        }
        let line_2 = rope.line_to_byte(version_row + 1);
        let line_3 = rope.line_to_byte(version_row + 2);
        let blank = self.doc.slice(line_2..line_3);
        if !blank.trim().is_empty() {
            return false;
        }
        let next = rope.line(version_row + 2).to_string();
        let mode = next.trim_end_matches(['\r', '\n']);
        if !mode.trim_start().to_ascii_lowercase().starts_with("mode") {
            return false;
        }
        self.push(
            HEADER,
            line_2..line_2,
            format!(
                "line 2 is empty, and the mode line “{}” follows on line {}: the game reads line \
2 as the mode line; delete the empty line (the game says {GAME_MODE})",
                shorten(mode),
                version_row + 3
            ),
        );
        let empty = line_2..line_3;
        self.fix_last([Fix::one("Delete the empty line", TextEdit::delete(empty)).preferred()]);
        true
    }

    fn mode_line(&mut self, version: &HeaderLine, mode: Option<&HeaderLine>) {
        let Some(line) = mode else {
            // Where line 2 starts (or the end of the file when there is none).
            let rope = self.doc.rope();
            let version_row = rope.byte_to_line(version.range.start.min(rope.len_bytes()));
            let (at, what) = if version_row + 1 < rope.len_lines() {
                (rope.line_to_byte(version_row + 1), "line 2 is empty")
            } else {
                (rope.len_bytes(), "the file ends after line 1")
            };
            self.push(
                HEADER,
                at..at,
                format!(
                    "{what}, but it must be the mode line, “mode: normal” or “mode: diagonal” \
(the game says {GAME_MODE})"
                ),
            );
            // Line 2 is empty: the mode goes there; or the file ends: a line break first.
            let before = if at == rope.len_bytes() && !what.starts_with("line 2") {
                self.line_break()
            } else {
                ""
            };
            let fixes = ["mode: normal", "mode: diagonal"].map(|mode| {
                Fix::one(
                    format!("Write “{mode}”"),
                    TextEdit::insert(at, format!("{before}{mode}")),
                )
            });
            self.fix_last(fixes);
            return;
        };
        let trimmed = line.text.trim_end_matches([' ', '\t']);
        let lower = trimmed.to_ascii_lowercase();
        if lower == "mode: normal" || lower == "mode: diagonal" {
            if trimmed.len() < line.text.len() {
                let blanks = line.range.start + trimmed.len()..line.range.end;
                self.push(
                    TRAILING_BLANK,
                    blanks.clone(),
                    format!(
                        "blanks after “{trimmed}” at the end of line 2: the game compares the \
whole line, so it rejects the file ({GAME_MODE}); delete them"
                    ),
                );
                let fix = Fix::one("Delete the blanks", TextEdit::delete(blanks));
                self.fix_last([fix.preferred()]);
            }
            return;
        }
        let value = line.value_text().trim();
        let is_mode =
            |v: &str| v.eq_ignore_ascii_case("normal") || v.eq_ignore_ascii_case("diagonal");
        let looks_like_row = line.text.chars().all(|c| {
            matches!(
                c,
                ' ' | '*' | '.' | 'r' | 'y' | 'g' | 'e' | 'R' | 'Y' | 'G' | 'E'
            )
        }) && !line.text.trim().is_empty();
        let hint = if line.keyword.is_some() && is_mode(value) {
            "write exactly one space after “mode:”"
        } else if line.keyword.is_some() {
            "the game knows only these two modes"
        } else if looks_like_row {
            "this looks like a board row, so the mode line is missing (the game always reads \
line 2 as the mode line); insert “mode: normal” or “mode: diagonal” above it"
        } else if lower.starts_with("mode") {
            "write “mode:” with a colon"
        } else {
            "line 2 is always the mode line"
        };
        let range = tight_value_range(line);
        self.push(
            HEADER,
            range,
            format!(
                "line 2 must be “mode: normal” or “mode: diagonal” (any case), not “{}”: {hint} \
(the game says {GAME_MODE})",
                shorten(&line.text)
            ),
        );
        let fixes = self.mode_fixes(line, looks_like_row);
        self.fix_last(fixes);
    }

    /// A mode line written wrong: the mode it names written right (the one sure fix), or each
    /// mode, written over it or, above a board row, on a line of its own.
    fn mode_fixes(&self, line: &HeaderLine, looks_like_row: bool) -> Vec<Fix> {
        let text = line.text.trim();
        let lower = text.to_ascii_lowercase();
        let named = lower
            .strip_prefix("mode")
            .map(|rest| rest.trim_start_matches([':', ' ', '\t']).trim())
            .filter(|rest| *rest == "normal" || *rest == "diagonal");
        if let Some(mode) = named {
            // The keyword and the mode keep the case they were written in.
            let keyword = text.get(..4).unwrap_or("mode");
            let value = text.get(text.len() - mode.len()..).unwrap_or(mode);
            let written = format!("{keyword}: {value}");
            let edit = TextEdit::replace(line.range.clone(), written.clone());
            return vec![Fix::one(format!("Write “{written}”"), edit).preferred()];
        }
        let (at, after) = if looks_like_row {
            (line.range.start, self.line_break())
        } else {
            (line.range.start, "")
        };
        let end = if looks_like_row { at } else { line.range.end };
        ["mode: normal", "mode: diagonal"]
            .into_iter()
            .map(|mode| {
                let title = if looks_like_row {
                    format!("Insert “{mode}” above this row")
                } else {
                    format!("Write “{mode}”")
                };
                Fix::one(title, TextEdit::replace(at..end, format!("{mode}{after}")))
            })
            .collect()
    }

    /// True when the board is empty (and reported).
    fn empty_board(&mut self, version: &HeaderLine, mode: Option<&HeaderLine>) -> bool {
        let board = self.board;
        if board.syntax_errors {
            return board.rows.is_empty();
        }
        if board.rows.is_empty() {
            let range = mode.map_or(version.range.clone(), |m| m.range.clone());
            let finding = no_rows(range);
            self.out.push_finding(finding);
            return true;
        }
        let only_dots = board.elements().all(|e| e.kind() == Kind::HalfLocked);
        if only_dots {
            let range = board
                .rows
                .first()
                .and_then(Row::range)
                .unwrap_or(board.range.clone());
            let finding = dots_only(range);
            self.out.push_finding(finding);
            return true;
        }
        false
    }

    /// Rows equally long under one of the two dot rules (under the one the settings choose,
    /// if they do). True when they are.
    fn unequal_rows(&mut self) -> bool {
        let board = self.board;
        if let Some(chosen) = board.chosen {
            if board.rows_equal(chosen) {
                return true;
            }
            let other = match chosen {
                DotRule::Counted => DotRule::Stripped,
                DotRule::Stripped => DotRule::Counted,
            };
            if board.rows_equal(other) {
                self.version_mismatch(chosen);
                return false;
            }
        } else if board.rows_equal(DotRule::Stripped) || board.rows_equal(DotRule::Counted) {
            return true;
        }
        let counted: Vec<usize> = board.rows.iter().map(Row::len_counting_dots).collect();
        let stripped: Vec<usize> = board.rows.iter().map(Row::len_without_dots).collect();
        // Blame the rows that differ from the usual length under the rule that needs fewer
        // changes.
        let (counted_usual, counted_off) = usual(&counted);
        let (stripped_usual, stripped_off) = usual(&stripped);
        let counted_fits = match board.chosen {
            Some(rule) => rule == DotRule::Counted,
            None => counted_off < stripped_off,
        };
        let (rule_counted, usual_len, lens) = if counted_fits {
            (true, counted_usual, &counted)
        } else {
            (false, stripped_usual, &stripped)
        };
        let has_dots = counted != stripped;
        // "like most rows", or the first row of the usual length when that is no majority.
        let off = if rule_counted {
            counted_off
        } else {
            stripped_off
        };
        let like = if (lens.len() - off) * 2 > lens.len() {
            "most rows".to_string()
        } else {
            let reference = lens.iter().position(|l| *l == usual_len).unwrap_or(0);
            format!("row {}", reference + 1)
        };
        for (i, row) in board.rows.iter().enumerate() {
            let len = lens.get(i).copied().unwrap_or(0);
            if len == usual_len {
                continue;
            }
            let Some(range) = row.range() else { continue };
            if self.full(UNEQUAL_ROWS) {
                self.hide(UNEQUAL_ROWS, range);
                continue;
            }
            let line = self.line(range.start);
            let counted_len = counted.get(i).copied().unwrap_or(0);
            let stripped_len = stripped.get(i).copied().unwrap_or(0);
            let message = if has_dots {
                let how = if rule_counted {
                    "counting dots"
                } else {
                    "without dots"
                };
                format!(
                    "row {} (line {line}) has {cs} counting the half-width \
dots “.” and {stripped_len} without; the rows must be equally long under one of the games' \
rules, but counting dots (the game of 11 Nov 2018) they are {} long and without dots (the \
final game) {}; make this row {us} long {how}, like {like} (the game says \
{GAME_LENGTH})",
                    i + 1,
                    list(&counted),
                    list(&stripped),
                    cs = plural(counted_len, "element", "elements"),
                    us = plural(usual_len, "element", "elements"),
                )
            } else {
                format!(
                    "row {} (line {line}) has {cs}, but {like} {have} \
{usual_len} (the rows are {} elements long); every row must be equally long: make this one \
{usual_len} long, filling up with “*” for locked fields (the game says {GAME_LENGTH})",
                    i + 1,
                    list(&counted),
                    cs = plural(counted_len, "element", "elements"),
                    have = if like == "most rows" { "have" } else { "has" },
                )
            };
            let spaced = self.doc.slice(range.clone()).contains(' ');
            let end = range.end;
            self.push(UNEQUAL_ROWS, range, message);
            // A short row without dots: locked fields at its end make it whole (where the
            // missing fields belong is a guess, so the fix is not preferred).
            if !has_dots && len < usual_len {
                let one = if spaced { " *" } else { "*" };
                let fix = Fix::one(
                    format!("Fill up with {} “*” (locked fields)", usual_len - len),
                    TextEdit::insert(end, one.repeat(usual_len - len)),
                );
                self.fix_last([fix]);
            }
        }
        false
    }

    // ---- both versions ------------------------------------------------------------------

    /// Characters that are no element, one finding per run of the same character.
    fn invalid_elements(&mut self) {
        let version = self.board.version;
        let runs = invalid_runs(self.board);
        // Both versions check their elements first: later checks ask this, not the board.
        self.has_invalid = !runs.is_empty();
        for (ch, range) in runs {
            if self.full(INVALID_ELEMENT) {
                self.hide(INVALID_ELEMENT, range);
                continue;
            }
            let what = describe_char(ch);
            let message = match version {
                Version::V1 => format!(
                    "{what} is not a board element (version 1 boards hold X * E 1 2 3, “>” \
before the goal and one “!”): {} (the game says {GAME_INVALID})",
                    v1_hint(ch)
                ),
                Version::V2 => format!(
                    "{what} is not a board element (version 2 rows hold * . r y g e, uppercase \
for the goal, and spaces): {} (the game says {GAME_INVALID})",
                    v2_hint(ch)
                ),
            };
            let fix = element_fix(version, ch, &range);
            self.push(INVALID_ELEMENT, range, message);
            self.fix_last(fix);
        }
    }

    /// More than one goal: the game keeps the last in column order.
    fn multiple_goals(&mut self) {
        let board = self.board;
        let rule = board.dot_rule();
        let goals: Vec<Element> = board.goals().collect();
        if goals.len() < 2 {
            return;
        }
        let Some(last) = board.kept_goal() else {
            return;
        };
        let last_line = self.line(last.range().start);
        let last_column = board.grid_column(&last, rule).map_or(0, |c| c + 1);
        let shown = self.doc.slice(last.full_range()).into_owned();
        let fix = match board.version {
            Version::V1 => "remove the “>” of the goals you do not mean",
            Version::V2 => "write the goals you do not mean in lowercase",
        };
        let count = goals.len();
        for goal in goals {
            if goal == last {
                continue;
            }
            if self.full(MULTIPLE_GOALS) {
                self.hide(MULTIPLE_GOALS, goal.full_range());
                continue;
            }
            let range = goal.full_range();
            // What the game does already, written down: this goal is not one.
            let action = match board.version {
                Version::V1 => goal
                    .goal_marker()
                    .map(|m| Fix::one("Remove this “>”", TextEdit::delete(m))),
                Version::V2 => {
                    let written = self.doc.slice(goal.range()).to_ascii_lowercase();
                    Some(Fix::one(
                        format!("Write “{written}” (not a goal)"),
                        TextEdit::replace(goal.range(), written),
                    ))
                }
            };
            self.push(
                MULTIPLE_GOALS,
                range,
                format!(
                    "the board has {count} goals, but the game keeps only one: it scans the \
board column by column and the last goal it finds is “{shown}” in row {}, column \
{last_column} (line {last_line}), so this goal is ignored; {fix}",
                    last.row() + 1
                ),
            );
            // Not preferred: which goal is the one meant, only the modder knows.
            self.fix_last(action);
        }
    }

    /// Some stone can jump at the start. `rules` are the dot rules whose grid may be the
    /// game's; one jump under any of them is enough.
    /// A board whose rows are equally long only under the dot rule the settings do not choose:
    /// one finding, at the first row of another length under the chosen rule.
    fn version_mismatch(&mut self, chosen: DotRule) {
        let board = self.board;
        let len = |row: &Row| match chosen {
            DotRule::Counted => row.len_counting_dots(),
            DotRule::Stripped => row.len_without_dots(),
        };
        let lens: Vec<usize> = board.rows.iter().map(len).collect();
        let first = lens.first().copied().unwrap_or(0);
        let Some(i) = lens.iter().position(|l| *l != first) else {
            return;
        };
        let Some(range) = board.rows[i].range() else {
            return;
        };
        let (setting, game, other, other_game) = match chosen {
            DotRule::Counted => (
                "rev11",
                "the game of 11 Nov 2018, which counts the half-width dots “.”",
                "final",
                "the final game, which deletes the dots",
            ),
            DotRule::Stripped => (
                "final",
                "the final game, which deletes the half-width dots “.”",
                "rev11",
                "the game of 11 Nov 2018, which counts the dots",
            ),
        };
        let message = format!(
            "retroboard.toml reads the boards as {game} (peg = \"{setting}\" in [game]); so \
read, row {} (line {}) has {} and row 1 has {first}, and that game refuses the board; the rows \
are equally long for {other_game}: this board is written for that one. Set peg = \"{other}\" \
(or \"auto\"), or make the rows equally long",
            i + 1,
            self.line(range.start),
            plural(lens[i], "element", "elements"),
        );
        self.push(VERSION_MISMATCH, range, message);
    }

    fn no_first_jump(&mut self, rules: &[DotRule]) {
        let board = self.board;
        let Some(diagonal) = board.diagonal else {
            return;
        };
        if rules
            .iter()
            .any(|rule| jump_possible(board, *rule, diagonal))
        {
            return;
        }
        let (stone, empty) = match board.version {
            Version::V1 => ("1, 2 or 3", "“E”"),
            Version::V2 => ("r, y or g", "“e”"),
        };
        let first_row = board
            .rows
            .first()
            .and_then(Row::range)
            .unwrap_or(board.range.clone());
        let stones = board.stones();
        let first_empty = board.elements().find(|e| e.kind() == Kind::Empty);
        let (range, why) = match first_empty {
            _ if stones == 0 => (
                first_row,
                format!("the board has no stones ({stone}), so nothing can jump; place stones"),
            ),
            None => (
                first_row,
                format!(
                    "the board has no empty slot ({empty}), so no stone can jump; make at least \
one slot empty"
                ),
            ),
            Some(empty_slot) => {
                let ways = if diagonal {
                    "in a straight line across, down or diagonally"
                } else {
                    "in a straight line across or down (this board has no diagonal moves)"
                };
                (
                    empty_slot.range(),
                    format!(
                        "no stone can make a first jump: a jump needs a stone, a stone next to \
it and an empty slot right behind that, {ways}; add stones next to this empty slot or move it"
                    ),
                )
            }
        };
        self.push(
            NO_FIRST_JUMP,
            range,
            format!("{why} (the game says {GAME_NO_JUMP})"),
        );
    }
}

/// The most common value (the first row's on a tie) and how many values differ from it.
fn usual(lens: &[usize]) -> (usize, usize) {
    let mut counts: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for len in lens {
        *counts.entry(*len).or_default() += 1;
    }
    let first = lens.first().copied().unwrap_or(0);
    let first_count = counts.get(&first).copied().unwrap_or(0);
    let (best, best_count) = counts
        .iter()
        .map(|(len, count)| (*len, *count))
        .filter(|(_, count)| *count > first_count)
        .max_by_key(|(len, count)| (*count, std::cmp::Reverse(*len)))
        .unwrap_or((first, first_count));
    (best, lens.len() - best_count)
}

/// "5, 5, 4", or the first ones and "…".
fn list(lens: &[usize]) -> String {
    let mut out: Vec<String> = lens
        .iter()
        .take(MAX_LISTED_ROWS)
        .map(usize::to_string)
        .collect();
    if lens.len() > MAX_LISTED_ROWS {
        out.push("…".to_string());
    }
    out.join(", ")
}

/// A character in words: "a space", "a tab", "`x`".
fn describe_char(ch: char) -> String {
    match ch {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        c if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
        c => format!("“{c}”"),
    }
}

/// The fix a hint names for a run of one character that is no element: the element it stands
/// for (one for one, preferred), or its removal (not preferred: the row gets shorter).
fn element_fix(version: Version, ch: char, range: &Range<usize>) -> Option<Fix> {
    let written = match (version, ch) {
        (Version::V1, 'e') => "E",
        (Version::V1, 'x') => "X",
        (Version::V1, 'r') => "3",
        (Version::V1, 'y') => "2",
        (Version::V1, 'g') => "1",
        (Version::V1, '.') => "*",
        (Version::V2, '\t') => " ",
        (Version::V2, 'X' | 'x') => "*",
        (Version::V2, '1') => "g",
        (Version::V2, '2') => "y",
        (Version::V2, '3') => "r",
        (Version::V1, ' ') | (Version::V2, '!') => {
            let title = if range.len() == 1 {
                "Remove it"
            } else {
                "Remove them"
            };
            return Some(Fix::one(title, TextEdit::delete(range.clone())));
        }
        _ => return None,
    };
    let count = range.len() / ch.len_utf8();
    let title = match written {
        " " => "Write a space".to_string(),
        _ => format!("Write “{written}”"),
    };
    let edit = TextEdit::replace(range.clone(), written.repeat(count));
    Some(Fix::one(title, edit).preferred())
}

pub(super) fn v1_hint(ch: char) -> &'static str {
    match ch {
        ' ' => "version 1 ignores line breaks, but not spaces; remove it",
        'e' => "write the empty slot in uppercase, “E”",
        'x' => "write the locked field in uppercase, “X”",
        'r' | 'R' => "“r” is version 2; a red stone is “3” in version 1",
        'y' | 'Y' => "“y” is version 2; a yellow stone is “2” in version 1",
        'g' | 'G' => "“g” is version 2; a green stone is “1” in version 1",
        '.' => "“.” is version 2; the half-width locked field of version 1 is “*”",
        _ => "remove it, or write the element it stands for",
    }
}

pub(super) fn v2_hint(ch: char) -> &'static str {
    match ch {
        '\t' => "version 2 ignores spaces, but not tabs; use spaces",
        'X' | 'x' => "the locked field is “*” in version 2 (“X” was version 1)",
        '1' => "a green stone is “g” in version 2 (“1” was version 1)",
        '2' => "a yellow stone is “y” in version 2 (“2” was version 1)",
        '3' => "a red stone is “r” in version 2 (“3” was version 1)",
        '>' => "version 2 marks the goal with an uppercase letter instead of “>”",
        '!' => "version 2 needs no “!”, every line is a row; remove it",
        _ => "remove it, or write the element it stands for",
    }
}

/// The value of a header line without the one space after the keyword, or the keyword when
/// there is no value; the whole line's text when it has no keyword.
fn tight_value_range(line: &HeaderLine) -> Range<usize> {
    match (&line.keyword, &line.value) {
        (_, Some(value)) => {
            let text = line.value_text();
            let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
            let trail = text.len() - text.trim_end_matches([' ', '\t']).len();
            if lead + trail >= text.len() {
                value.clone()
            } else {
                value.start + lead..value.end - trail
            }
        }
        (Some(keyword), None) => keyword.clone(),
        (None, None) => line.range.clone(),
    }
}

/// A header line for a message: at most 40 characters.
pub(super) fn shorten(text: &str) -> String {
    crate::text::shorten(text, 40)
}
