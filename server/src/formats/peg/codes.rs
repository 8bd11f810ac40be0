//! The codes this family reports, each with its severity and the explanation `retroboard
//! explain` prints.

use crate::findings::{Code, Severity};

pub const HEADER: &Code = &Code {
    name: "peg/header",
    severity: Severity::Error,
    summary: "The version 2 header is not `version 2` / `mode: normal|diagonal`",
    docs: "A version 2 board starts with two header lines: line 1 `version 2`, line 2 \
`mode: normal` (jumps across and down) or `mode: diagonal` (diagonal jumps too). The game \
compares each whole line, in any case (`Version 2`, `Mode: Diagonal` are fine), and refuses \
anything else with \"Level format invalid: Version not supported.\" or \"Level format invalid: \
Mode not supported.\". Line 2 is always the mode line, so a missing mode line makes the first \
board row a bad mode line. Write exactly one space after `version` and after `mode:`, and no \
blank lines before line 1. (A version 1 board starts with `1`, `D` or `N`, `~` instead.)",
    unnecessary: false,
};

pub const TRAILING_BLANK: &Code = &Code {
    name: "peg/trailing-blank",
    severity: Severity::Error,
    summary: "Blanks at the end of a version 2 header line",
    docs: "The game compares the header lines `version 2` and `mode: …` as whole \
lines, without trimming them, so a space or tab after `version 2` or after the mode makes it \
refuse the board (\"Version not supported\" / \"Mode not supported\") although the line looks \
right. Delete the blanks at the end of the line.",
    unnecessary: false,
};

pub const INVALID_ELEMENT: &Code = &Code {
    name: "peg/invalid-element",
    severity: Severity::Error,
    summary: "A character that is not a board element",
    docs: "Version 1 boards hold only X (locked), * (half-width locked), E (empty \
slot), 1, 2, 3 (green, yellow, red stones), `>` before the goal and one `!`; line breaks are \
ignored, but spaces are not: a space is an invalid element. Version 2 rows hold * (locked), . \
(half-width), e (empty), g, y, r (stones), each in uppercase for the goal; spaces are ignored, \
tabs are not. The game refuses a board with any other character (\"Level invalid: There are \
invalid elements in the file.\"). Remove the character or write the element it stands for.",
    unnecessary: false,
};

pub const GOAL_MARKER: &Code = &Code {
    name: "peg/goal-marker",
    severity: Severity::Error,
    summary: "A version 1 goal marker `>` does not stand before a slot",
    docs: "In version 1, `>` marks the element right after it as the goal, where the \
last stone should end. That element must be a slot, E, 1, 2 or 3; the game refuses a `>` before \
X, *, `!`, another `>` or the end of the file (\"Level invalid: A goal does not point to a valid \
accessable element\"). Move `>` right before the goal slot, or remove it.",
    unnecessary: false,
};

pub const GOAL_MARKER_LINE_BREAK: &Code = &Code {
    name: "peg/goal-marker-line-break",
    severity: Severity::Warning,
    summary: "A version 1 goal marker `>` ends a line",
    docs: "The format document says the element after `>` may not be a line end. \
The game itself deletes all line breaks before it reads the board, so it accepts a `>` at the \
end of a line when the next line starts with a slot, but the board is hard to read and other \
tools may disagree. Move `>` to the start of the next line, right before its slot.",
    unnecessary: false,
};

pub const ROW_SEPARATOR: &Code = &Code {
    name: "peg/row-separator",
    severity: Severity::Error,
    summary: "A version 1 board does not have exactly one `!` after its first row",
    docs: "Version 1 boards are one stream of elements (line breaks are ignored); the \
game finds the width of the board by counting the elements before the row separator `!`. There \
must be exactly one `!`, right after the first row: the game refuses a board without it (\"No \
width indicator\") or with more (\"multiple width indicators\"), and a `!` before every element \
would make the board 0 wide.",
    unnecessary: false,
};

pub const INCOMPLETE_ROWS: &Code = &Code {
    name: "peg/incomplete-rows",
    severity: Severity::Error,
    summary: "The elements after `!` do not fill whole rows",
    docs: "A version 1 board is a rectangle: the elements after `!` must be a \
multiple of the width (the number of elements before `!`), e.g. 0, 9, 18, 27 … for a board 9 \
wide. Otherwise the last row is incomplete; a missing or extra element in any row shifts every \
row after it. The documented rule is `elements after ! mod width = 0`. The game checks \
the shape another way, which refuses most rectangles that are not square: see \
`peg/v1-shape`.",
    unnecessary: false,
};

pub const V1_SHAPE: &Code = &Code {
    name: "peg/v1-shape",
    severity: Severity::Error,
    summary: "The game's version 1 loader refuses a board of this shape",
    docs: "The format document asks a version 1 board to be a rectangle, but the game \
checks it another way: it divides (all elements − 1) by (the width + 1) and refuses the board \
unless that is a whole number, saying \"Level invalid: The level's actual length is not a \
multiple of the width.\". A square board passes (w × w − 1 = (w − 1) × (w + 1)); a rectangle \
passes only when its height is the width, or the width plus a multiple of width + 1 (a board 7 \
wide: 7, 15, 23 … rows). A board 7 wide and 5 rows gives (35 − 1) / 8 = 4.25: the game does not \
load it. All shipped version 1 boards are square. Make the board square (locked fields `X` fill \
the rows it needs), or write it as a version 2 board, whose rows the game checks by their \
lengths.",
    unnecessary: false,
};

pub const VERSION_MISMATCH: &Code = &Code {
    name: "peg/version-mismatch",
    severity: Severity::Error,
    summary: "The board is written for the other game than retroboard.toml chooses",
    docs: "`[game] peg` in `retroboard.toml` chooses how version 2 boards are read: \
\"rev11\" as the game of 11 Nov 2018 (the format document's revision), which counts the \
half-width dot `.` as an element, \"final\" as the final game, which deletes dots and shifts \
the row by half a square for each leading or trailing one; \"auto\" (the default) reads each \
board as the game its rows fit. A board whose rows are equally long only under the other rule \
is written for the other game: the chosen one refuses it (\"Lines don't have an equal amount \
of elements\"). Set `peg` to the game the boards are written for, or make the rows equally \
long under the chosen rule.",
    unnecessary: false,
};

pub const UNEQUAL_ROWS: &Code = &Code {
    name: "peg/unequal-rows",
    severity: Severity::Error,
    summary: "The version 2 rows are not equally long",
    docs: "Every row of a version 2 board must have the same number of elements \
(spaces do not count). The games counted the half-width dot `.` in two ways: the game of 11 Nov \
2018 (the format document's revision) counts dots as elements, the final game deletes dots \
first and uses leading and trailing dots only to shift a row by half a square. Real boards are \
written for one or the other, so Retroboard accepts a board when its rows are equal under \
either rule, and reports the rows that differ from the usual length under the rule that fits \
better. The game says \"Level invalid: Lines don't have an equal amount of elements.\"; use * \
to fill a row up with locked fields.",
    unnecessary: false,
};

pub const EMPTY_BOARD: &Code = &Code {
    name: "peg/empty-board",
    severity: Severity::Error,
    summary: "The board has no fields",
    docs: "No board follows the header (or, in version 2, the rows hold only \
half-width dots, which the final game deletes). The game refuses the file (\"Level invalid: \
Board is empty.\"; version 1: \"No width indicator\"). Write the rows of the board after the \
header.",
    unnecessary: false,
};

pub const MULTIPLE_GOALS: &Code = &Code {
    name: "peg/multiple-goals",
    severity: Severity::Warning,
    summary: "The board marks more than one goal",
    docs: "A goal (v1: `>` before a slot; v2: an uppercase letter) is where the last \
stone should end, for a bonus. The game loads a board with several goals but keeps only one: it \
scans its board matrix column by column, top to bottom, and the last goal it finds wins, i.e. \
the goal furthest right (the lowest of those). The others are silently ignored. Keep one goal \
(v1: remove the other `>`; v2: write the others in lowercase).",
    unnecessary: false,
};

pub const NO_FIRST_JUMP: &Code = &Code {
    name: "peg/no-first-jump",
    severity: Severity::Warning,
    summary: "No stone can make a first jump",
    docs: "A jump takes a stone over a neighbouring stone into the empty slot right \
behind it, in a straight line: across or down, and diagonally too in diagonal mode (v1 `D`, v2 \
`mode: diagonal`). If no such jump exists at the start, the game loads the board and at once \
says \"Warning! The level is not playable. There are no jumps possible.\". Like the game, \
Retroboard looks at the grid of rows and columns: half-width fields (`*` in v1, `.` in v2) only \
shift how a row is drawn. A version 2 board counts as playable when a jump exists under either \
of the games' dot rules. Make at least one slot empty next to two stones in a line.",
    unnecessary: false,
};

pub const UNSOLVABLE: &Code = &Code {
    name: "peg/unsolvable",
    severity: Severity::Warning,
    summary: "The board cannot be won",
    docs: "The game is won when one stone is left, on the goal where the board has \
one. Retroboard searches every board the game loads (the game itself never checked this: its \
to-do list says so) and reports a board that no sequence of jumps wins, with the reason:\n\
  position classes: count the stones on a certain set of holes, chosen so that every line of \
three holes a jump uses holds 0 or 2 of them; a jump then changes that count by 0 or 2, so its \
parity never changes. When it is odd at the start and even with one stone on the goal (or the \
other way round), no play can end there. On the 33- and 37-hole boards this is the classic \
\"rule of three\": the French 37-hole board with the centre empty cannot end with one stone in \
the centre. `retroboard solve FILE` lists the holes.\n\
  exhaustive search: every position reachable from the start was tried.\n\
The search runs in the background (the language server publishes the other findings first) \
and its result is kept for the same board. Move the empty slot or the goal, or add or remove \
holes; `retroboard solve FILE` prints a winning sequence when there is one.",
    unnecessary: false,
};

pub const UNKNOWN: &Code = &Code {
    name: "peg/solvability-unknown",
    severity: Severity::Information,
    summary: "Retroboard could not tell whether the board can be won",
    docs: "The search for a winning sequence of jumps examined as many positions as \
it may (1 million positions, in the language server and in `retroboard check`, which takes \
`--solve-positions N`) before it found one or proved there is none, or the board has more \
than 128 holes (too many to search) and its position classes do not rule it out. The budget is a count of positions, not a time, so every machine, busy or \
not, gives the same answer for the same board. The board may well be fine. `retroboard solve \
FILE` searches further (5 million positions; `--positions N` sets how many).",
    unnecessary: false,
};

/// Every code of the family, in the order `retroboard explain` lists them.
pub const CODES: &[&Code] = &[
    HEADER,
    TRAILING_BLANK,
    INVALID_ELEMENT,
    GOAL_MARKER,
    GOAL_MARKER_LINE_BREAK,
    ROW_SEPARATOR,
    INCOMPLETE_ROWS,
    V1_SHAPE,
    UNEQUAL_ROWS,
    VERSION_MISMATCH,
    EMPTY_BOARD,
    MULTIPLE_GOALS,
    NO_FIRST_JUMP,
    UNSOLVABLE,
    UNKNOWN,
];
