//! The codes this family reports, each with its severity and the explanation `retroboard
//! explain` prints.

use crate::findings::{Code, Severity};

pub const CHIP_COUNT: &Code = &Code {
    name: "othello/chip-count",
    severity: Severity::Error,
    summary: "Line 1 or 2 is not a number of chips from 0 to 32",
    docs: "Line 1 of a BORD file is the number of chips each player has left to place, \
line 2 the number of chips already placed. Each is a whole number from 0 to 32, written with \
digits only; together they make 32. The game reads the lines by position, so an empty or \
missing line shifts every line after it. Write the number on the line the message names.",
    unnecessary: false,
};

pub const CHIP_TOTAL: &Code = &Code {
    name: "othello/chip-total",
    severity: Severity::Error,
    summary: "Chips left (line 1) + chips placed (line 2) is not 32",
    docs: "The format says line 1 + line 2 \"should ALLWAYS be 32\": the chips still \
to place and the chips already placed make up the game's 32. Line 2 counts the chips of one \
player (\"not black chips+white chips\"): the usual starting position, two white and two black \
chips on the board, is 30 and 2. Change one of the two lines so that they add up to 32.",
    unnecessary: false,
};

pub const PLACED_COUNT: &Code = &Code {
    name: "othello/placed-count",
    severity: Severity::Warning,
    summary: "Line 2 does not match the chips on the board",
    docs: "Line 2 is the number of chips each player has already placed, \"not black \
chips+white chips\". Where the board holds as many white as black chips, that number is line 2: \
the usual opening (two of each) is 30 and 2. The quick fix writes the board's number on line 2 \
(and 32 minus it on line 1). For a board with more of one colour the format says nothing, and \
nothing is reported.",
    unnecessary: false,
};

pub const NO_MOVES: &Code = &Code {
    name: "othello/no-moves",
    severity: Severity::Warning,
    summary: "Neither player can place a chip on the opening board",
    docs: "In Othello a chip must be placed so that it flanks at least one line of the \
other colour's chips (across, down or diagonally) with one of the player's own at the far end; \
the flanked chips turn over. If no empty square allows that for either player, the game is over \
before the first move. Put chips of both colours next to each other, as in the usual opening \
(white on D4 and E5, black on D5 and E4). A board with no chips at all is not reported: the \
format does not say how its first chips would be placed.",
    unnecessary: false,
};

pub const BOARD_LAYOUT: &Code = &Code {
    name: "othello/board-layout",
    severity: Severity::Error,
    summary: "The board is written as 8 rows of 8 (the design layout), not one line of 64",
    docs: "The format allows writing the board as 8 rows of 8 characters while you \
design it, but the game reads the board from line 4 alone: \"when you are done designing it, \
you must remove all returns in the board data\". Join the 8 rows into one line of 64 \
characters; the copyright line then follows as line 5. Retroboard still reads the rows as the \
board for its other checks.",
    unnecessary: false,
};

pub const BOARD_SIZE: &Code = &Code {
    name: "othello/board-size",
    severity: Severity::Error,
    summary: "The board data (line 4) does not have 64 squares",
    docs: "Line 4 holds the whole board, 8 rows of 8 written one after the other on \
one line: exactly 64 characters. W is a white chip, B a black chip (either case), and any other \
character (0 by convention) an empty square. Row A comes first, so character 1 is A1, character \
9 is B1 and character 64 is H8. Add the missing squares or remove the extra ones (blanks count \
as squares too).",
    unnecessary: false,
};

pub const BAD_USED_SQUARE: &Code = &Code {
    name: "othello/bad-used-square",
    severity: Severity::Error,
    summary: "The used squares (line 3) hold something that is not a square name",
    docs: "Line 3 lists the used squares by the names of the board's buttons: a row \
letter A–H then a column digit 1–8, run together without blanks or separators, like D4D5E4E5. \
Row A is the first 8 characters of the board data, and the digit is the column within the row. \
Remove the characters the message points at, or fix the name.",
    unnecessary: false,
};

pub const USED_SQUARES_SPACED: &Code = &Code {
    name: "othello/used-squares-spaced",
    severity: Severity::Warning,
    summary: "Blanks between the used squares (line 3)",
    docs: "The format document writes the used squares run together (D4D5E4E5), and no board \
the game shipped has anything between them; it says nothing of blanks, so whether the game reads \
D4 D5 E4 E5 the same is not known. Run them together to be safe: the fix removes the blanks.",
    unnecessary: false,
};

pub const REPEATED_SQUARE: &Code = &Code {
    name: "othello/repeated-square",
    severity: Severity::Warning,
    summary: "A square is listed twice in the used squares",
    docs: "Each used square is listed once on line 3; a repeat adds nothing and \
usually hides a typo (one square meant, another written). Remove the repeat, or correct it to \
the square you meant.",
    unnecessary: false,
};

pub const USED_SQUARE_BLANK: &Code = &Code {
    name: "othello/used-square-blank",
    severity: Severity::Warning,
    summary: "A used square is blank on the board",
    docs: "Every square listed on line 3 should hold a chip (W or B) in the board data \
on line 4: the used squares name the buttons of the squares that hold chips (\"the first \
chip in the example above would be placed at button B2\"). A listed square that is blank \
on the board is marked as used but shows nothing. Remove it from line 3, or put a chip on it.",
    unnecessary: false,
};

pub const UNLISTED_CHIP: &Code = &Code {
    name: "othello/unlisted-chip",
    severity: Severity::Warning,
    summary: "A chip stands on a square that the used squares do not list",
    docs: "Every chip on the board (line 4) should have its square listed on line 3: \
the used squares name the buttons of the squares that hold chips, and the game may treat an \
unlisted square as free. Add the \
square's name (row letter A–H, column digit 1–8) to line 3, run together with the others.",
    unnecessary: false,
};

pub const MISSING_COPYRIGHT: &Code = &Code {
    name: "othello/missing-copyright",
    severity: Severity::Warning,
    summary: "The copyright line (line 5) is missing or empty",
    docs: "Line 5 is the board's copyright information, up to 170 characters, shown \
with the board. Write who made the board, e.g. \"© 1996 Your Name\".",
    unnecessary: false,
};

pub const COPYRIGHT_TOO_LONG: &Code = &Code {
    name: "othello/copyright-too-long",
    severity: Severity::Error,
    summary: "The copyright line is longer than 170 characters",
    docs: "The format allows at most 170 characters of copyright information on line \
5; the game keeps no more. The finding marks the characters past the 170th: shorten the line.",
    unnecessary: false,
};

pub const BLANK_LINES: &Code = &Code {
    name: "othello/blank-lines",
    severity: Severity::Error,
    summary: "Blank lines among lines 1–4 move every line after them",
    docs: "The game reads a BORD file by line number: line 1 the chips left, line 2 \
the chips placed, line 3 the used squares, line 4 the board, line 5 the copyright. A blank line \
among them (a double-spaced file, say) makes the game read every later line as the one before \
it. The finding names the blank lines, and the checks of the lines wait until they are removed, \
as every other finding would only repeat this one.",
    unnecessary: false,
};

pub const EXTRA_LINES: &Code = &Code {
    name: "othello/extra-lines",
    severity: Severity::Warning,
    summary: "Lines follow the copyright line",
    docs: "A BORD file has five lines: chips left, chips placed, used squares, board \
data and copyright. Anything after the copyright is not part of the format (often leftover \
rows of the design layout or notes). Remove it. Empty lines at the end are fine.",
    unnecessary: false,
};

/// Every code of the family, in the order `retroboard explain` lists them.
pub const CODES: &[&Code] = &[
    CHIP_COUNT,
    CHIP_TOTAL,
    PLACED_COUNT,
    NO_MOVES,
    BOARD_LAYOUT,
    BOARD_SIZE,
    BAD_USED_SQUARE,
    USED_SQUARES_SPACED,
    REPEATED_SQUARE,
    USED_SQUARE_BLANK,
    UNLISTED_CHIP,
    MISSING_COPYRIGHT,
    COPYRIGHT_TOO_LONG,
    BLANK_LINES,
    EXTRA_LINES,
];
