//! The codes this family reports, each with its severity and the explanation `retroboard
//! explain` prints.

use crate::findings::{Code, Severity};

pub const HEADER_NUMBER: &Code = &Code {
    name: "crossmines/header-number",
    severity: Severity::Error,
    summary: "A size on lines 5–10 is missing or not a whole number of at least 1",
    docs: "Lines 5 to 10 of a pattern are six sizes, in squares: Rec Field Size X and \
Y (the recommended minefield), Large Grid Size X and Y (the width and height of the grid that \
follows the header) and Repeat Size X and Y (how far apart the pattern is stamped across the \
minefield). Each must be a whole number of at least 1, written with digits only. The game reads \
the header by position, so an empty or missing line (or a line too many above it) shifts every \
field after it. Fix the line the message names; if a line is missing above, put it back.",
    unnecessary: false,
};

pub const HEADER_TEXT: &Code = &Code {
    name: "crossmines/header-text",
    severity: Severity::Warning,
    summary: "The Registered ID, author, title or description line is empty",
    docs: "Lines 1 to 4 of a pattern are its Registered ID, author, title and \
description, one line each. The game shows them when you pick a pattern; an empty line leaves \
that blank, and a missing line usually means every later line is one off (the sizes then land \
on the wrong lines). Write something on the line, even a short word.",
    unnecessary: false,
};

pub const GRID_WIDTH: &Code = &Code {
    name: "crossmines/grid-width",
    severity: Severity::Error,
    summary: "A grid line's width differs from Large Grid Size X",
    docs: "Every grid line (file line 11 on) must be exactly Large Grid Size X (line \
7) squares wide: the game reads the grid as a rectangle, so a short line leaves squares \
undefined and a long one is cut or shifts the pattern. A blank line inside the grid is a grid \
line of width 0. Add or remove squares (use `.` for transparent squares, not spaces), or change \
line 7.",
    unnecessary: false,
};

pub const GRID_HEIGHT: &Code = &Code {
    name: "crossmines/grid-height",
    severity: Severity::Error,
    summary: "The number of grid lines differs from Large Grid Size Y",
    docs: "The grid (file line 11 on) must have exactly Large Grid Size Y (line 8) \
lines. Blank lines at the very end of the file are ignored (Notepad leaves them), but a blank \
line inside the grid counts as a grid line. Add the missing lines, remove the extra ones, or \
change line 8.",
    unnecessary: false,
};

pub const INVALID_CHARACTER: &Code = &Code {
    name: "crossmines/invalid-character",
    severity: Severity::Error,
    summary: "A grid square is not one of 0-9, A-Z, '.', '-' or '#'",
    docs: "Grid squares are: 1-9 and A-Z, the squares of a cell (equal characters \
that touch form one cell); 0, a cell of a single square; '.', transparent (the neighbouring \
stamp shows through); '-', a hole; '#', a bridge. Anything else (a space, a tab, a lowercase \
letter, ',') has no meaning to the game. Replace it; use '.' where you meant empty.",
    unnecessary: false,
};

pub const REPEAT_TOO_LARGE: &Code = &Code {
    name: "crossmines/repeat-too-large",
    severity: Severity::Warning,
    summary: "A Repeat Size is larger than the grid",
    docs: "The pattern is stamped across the minefield every Repeat Size X columns \
and Repeat Size Y rows. When the repeat is larger than the grid (Large Grid Size X or Y), the \
stamps do not touch and every gap between them becomes holes. Make the repeat at most the grid \
size (usually smaller, so that the transparent '.' squares of one stamp interlock with the next).",
    unnecessary: false,
};

pub const REC_FIELD_TOO_SMALL: &Code = &Code {
    name: "crossmines/rec-field-too-small",
    severity: Severity::Warning,
    summary: "The recommended field is smaller than one repeat of the pattern",
    docs: "Rec Field Size X and Y (lines 5 and 6) are the minefield size the pattern \
is meant for. A field smaller than one repeat (Repeat Size X or Y, lines 9 and 10) cannot show \
the whole pattern even once. Make the recommended field at least one repeat, better several.",
    unnecessary: false,
};

pub const SPLIT_CELL: &Code = &Code {
    name: "crossmines/split-cell",
    severity: Severity::Warning,
    summary: "One cell character forms two separate blocks",
    docs: "Squares with the same character (1-9, A-Z) form one cell of the minefield, \
so they must be one connected block: every square must touch another square of the cell side by \
side (diagonal contact does not count). A character used in two places that do not touch makes \
one strange cell in two pieces. Give the second block a character of its own (there are 35: 1-9 \
then A-Z), or join the blocks. Use 0 for one-square cells: each 0 is a cell of its own.",
    unnecessary: false,
};

pub const STAMP_OVERLAP: &Code = &Code {
    name: "crossmines/stamp-overlap",
    severity: Severity::Warning,
    summary: "Two stamps of the pattern fill the same square",
    docs: "The grid is stamped across the minefield every Repeat Size X columns and \
Repeat Size Y rows; only '.' squares are transparent. When a non-'.' square of one stamp lands \
on a non-'.' square of another, one hides the other and the cells come out cut. The message \
names both squares (rows and columns of the grid, from 1 at the top left). Make one of the two \
squares '.', or change the Repeat Size.",
    unnecessary: false,
};

pub const STAMP_HOLES: &Code = &Code {
    name: "crossmines/stamp-holes",
    severity: Severity::Information,
    summary: "Stamping the pattern leaves squares that no stamp fills",
    docs: "The grid is stamped every Repeat Size X columns and Repeat Size Y rows, \
and '.' squares are transparent. A square that is '.' in every stamp covering it stays empty: \
the minefield gets a hole there, repeated across the field. The readme allows this (\"where \
shapes do not fully tessellate, holes will be left\"); if it is not meant, fill the square in \
one stamp, or mark it '-' to show the hole is deliberate.",
    unnecessary: false,
};

pub const LONE_BRIDGE: &Code = &Code {
    name: "crossmines/lone-bridge",
    severity: Severity::Warning,
    summary: "A bridge is beside no cell on the stamped field",
    docs: "A bridge '#' becomes part of every cell beside it (above, below, left and \
right) when the player hovers over that cell; it lets cells meet where squares alone cannot (the \
readme's BigHex.pat lets four hexagons meet at one). What is beside it is read on the stamped \
field, neighbouring stamps included. A bridge with only holes, bridges and squares no stamp fills \
beside it joins nothing: put it between the cells it should join, or make it a hole '-' (the \
quick fix).",
    unnecessary: false,
};

pub const EMPTY_PATTERN: &Code = &Code {
    name: "crossmines/empty-pattern",
    severity: Severity::Warning,
    summary: "Every square of the grid is transparent: the pattern stamps nothing",
    docs: "'.' squares are transparent: a stamp leaves what is under it. A grid of \
nothing but '.' stamps no cell at all, so the minefield would be empty. Draw the pattern's \
cells: 1-9 or A-Z for the squares of a cell of several squares, 0 for a one-square cell, '-' \
for a hole, '#' for a bridge.",
    unnecessary: false,
};

/// Every code of the family, in the order `retroboard explain` lists them.
pub const CODES: &[&Code] = &[
    HEADER_NUMBER,
    HEADER_TEXT,
    GRID_WIDTH,
    GRID_HEIGHT,
    INVALID_CHARACTER,
    REPEAT_TOO_LARGE,
    REC_FIELD_TOO_SMALL,
    SPLIT_CELL,
    STAMP_OVERLAP,
    STAMP_HOLES,
    LONE_BRIDGE,
    EMPTY_PATTERN,
];
