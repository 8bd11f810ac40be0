//! Crossmines minefield patterns (`*.pat`, `*.tes`): a ten-line header and a grid of cells.
//!
//! [`view`] is the typed model of a file (every field and square with its byte range);
//! [`checks`], [`hover`], [`outline`] and [`board`] read it, and [`stamp`] models how the
//! pattern is stamped across the minefield for all of them.

pub mod board;
pub mod checks;
pub mod hover;
pub mod neighbours;
pub mod outline;
pub mod stamp;
pub mod view;

use super::{Bound, Files, Format};
use crate::findings::{CodeDoc, Finding, Severity};
use crate::ide::{Hover, Symbol};
use crate::render::Board;
use crate::syntax::Document;

pub use view::PatternView;

pub struct Pattern;

pub const CODES: &[CodeDoc] = &[
    CodeDoc {
        code: checks::HEADER_NUMBER,
        severity: Severity::Error,
        summary: "A size on lines 5–10 is missing or not a whole number of at least 1",
        explanation: "Lines 5 to 10 of a pattern are six sizes, in squares: Rec Field Size X and \
Y (the recommended minefield), Large Grid Size X and Y (the width and height of the grid that \
follows the header) and Repeat Size X and Y (how far apart the pattern is stamped across the \
minefield). Each must be a whole number of at least 1, written with digits only. The game reads \
the header by position, so an empty or missing line (or a line too many above it) shifts every \
field after it. Fix the line the message names; if a line is missing above, put it back.",
    },
    CodeDoc {
        code: checks::HEADER_TEXT,
        severity: Severity::Warning,
        summary: "The Registered ID, author, title or description line is empty",
        explanation: "Lines 1 to 4 of a pattern are its Registered ID, author, title and \
description, one line each. The game shows them when you pick a pattern; an empty line leaves \
that blank, and a missing line usually means every later line is one off (the sizes then land \
on the wrong lines). Write something on the line, even a short word.",
    },
    CodeDoc {
        code: checks::GRID_WIDTH,
        severity: Severity::Error,
        summary: "A grid line's width differs from Large Grid Size X",
        explanation: "Every grid line (file line 11 on) must be exactly Large Grid Size X (line \
7) squares wide: the game reads the grid as a rectangle, so a short line leaves squares \
undefined and a long one is cut or shifts the pattern. A blank line inside the grid is a grid \
line of width 0. Add or remove squares (use `.` for transparent squares, not spaces), or change \
line 7.",
    },
    CodeDoc {
        code: checks::GRID_HEIGHT,
        severity: Severity::Error,
        summary: "The number of grid lines differs from Large Grid Size Y",
        explanation: "The grid (file line 11 on) must have exactly Large Grid Size Y (line 8) \
lines. Blank lines at the very end of the file are ignored (Notepad leaves them), but a blank \
line inside the grid counts as a grid line. Add the missing lines, remove the extra ones, or \
change line 8.",
    },
    CodeDoc {
        code: checks::INVALID_CHARACTER,
        severity: Severity::Error,
        summary: "A grid square is not one of 0-9, A-Z, '.', '-' or '#'",
        explanation: "Grid squares are: 1-9 and A-Z, the squares of a cell (equal characters \
that touch form one cell); 0, a cell of a single square; '.', transparent (the neighbouring \
stamp shows through); '-', a hole; '#', a bridge. Anything else (a space, a tab, a lowercase \
letter, ',') has no meaning to the game. Replace it; use '.' where you meant empty.",
    },
    CodeDoc {
        code: checks::REPEAT_TOO_LARGE,
        severity: Severity::Warning,
        summary: "A Repeat Size is larger than the grid",
        explanation: "The pattern is stamped across the minefield every Repeat Size X columns \
and Repeat Size Y rows. When the repeat is larger than the grid (Large Grid Size X or Y), the \
stamps do not touch and every gap between them becomes holes. Make the repeat at most the grid \
size (usually smaller, so that the transparent '.' squares of one stamp interlock with the next).",
    },
    CodeDoc {
        code: checks::REC_FIELD_TOO_SMALL,
        severity: Severity::Warning,
        summary: "The recommended field is smaller than one repeat of the pattern",
        explanation: "Rec Field Size X and Y (lines 5 and 6) are the minefield size the pattern \
is meant for. A field smaller than one repeat (Repeat Size X or Y, lines 9 and 10) cannot show \
the whole pattern even once. Make the recommended field at least one repeat, better several.",
    },
    CodeDoc {
        code: checks::SPLIT_CELL,
        severity: Severity::Warning,
        summary: "One cell character forms two separate blocks",
        explanation: "Squares with the same character (1-9, A-Z) form one cell of the minefield, \
so they must be one connected block: every square must touch another square of the cell side by \
side (diagonal contact does not count). A character used in two places that do not touch makes \
one strange cell in two pieces. Give the second block a character of its own (there are 35: 1-9 \
then A-Z), or join the blocks. Use 0 for one-square cells: each 0 is a cell of its own.",
    },
    CodeDoc {
        code: checks::STAMP_OVERLAP,
        severity: Severity::Warning,
        summary: "Two stamps of the pattern fill the same square",
        explanation: "The grid is stamped across the minefield every Repeat Size X columns and \
Repeat Size Y rows; only '.' squares are transparent. When a non-'.' square of one stamp lands \
on a non-'.' square of another, one hides the other and the cells come out cut. The message \
names both squares (rows and columns of the grid, from 1 at the top left). Make one of the two \
squares '.', or change the Repeat Size.",
    },
    CodeDoc {
        code: checks::STAMP_HOLES,
        severity: Severity::Information,
        summary: "Stamping the pattern leaves squares that no stamp fills",
        explanation: "The grid is stamped every Repeat Size X columns and Repeat Size Y rows, \
and '.' squares are transparent. A square that is '.' in every stamp covering it stays empty: \
the minefield gets a hole there, repeated across the field. The readme allows this (\"where \
shapes do not fully tessellate, holes will be left\"); if it is not meant, fill the square in \
one stamp, or mark it '-' to show the hole is deliberate.",
    },
    CodeDoc {
        code: checks::LONE_BRIDGE,
        severity: Severity::Warning,
        summary: "A bridge is beside no cell on the stamped field",
        explanation: "A bridge '#' becomes part of every cell beside it (above, below, left and \
right) when the player hovers over that cell; it lets cells meet where squares alone cannot (the \
readme's BigHex.pat lets four hexagons meet at one). What is beside it is read on the stamped \
field, neighbouring stamps included. A bridge with only holes, bridges and squares no stamp fills \
beside it joins nothing: put it between the cells it should join, or make it a hole '-' (the \
quick fix).",
    },
    CodeDoc {
        code: checks::EMPTY_PATTERN,
        severity: Severity::Warning,
        summary: "Every square of the grid is transparent: the pattern stamps nothing",
        explanation: "'.' squares are transparent: a stamp leaves what is under it. A grid of \
nothing but '.' stamps no cell at all, so the minefield would be empty. Draw the pattern's \
cells: 1-9 or A-Z for the squares of a cell of several squares, 0 for a one-square cell, '-' \
for a hole, '#' for a bridge.",
    },
];

impl Format for Pattern {
    /// Ten header lines and a grid of one character per square, every square its own token.
    /// The spec's cells are named 1-9 and A-Z (36 per pattern, "which should be enough") and its
    /// example grid is 12 x 12, stamped every 10 squares across a 48 x 48 field: a pattern
    /// larger than the field is never seen whole. 300 lines and 16 KB holds grids of 16 000
    /// squares (say 125 x 125), several times such a field; past that every request on the
    /// file (colours above all: a token per square) would cost more than 50 ms.
    fn bound(&self) -> Bound {
        Bound {
            lines: 300,
            bytes: 16 * 1024,
            limit: "a Crossmines pattern is 10 header lines and a grid stamped across a minefield \
of a few dozen squares each way (the spec's example: 12 x 12, on a 48 x 48 field)",
        }
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "registered_id" => "the Registered ID (line 1)",
            "author" => "the author (line 2)",
            "title" => "the title (line 3)",
            "description" => "the description (line 4)",
            "rec_field_size_x" => "Rec Field Size X (line 5)",
            "rec_field_size_y" => "Rec Field Size Y (line 6)",
            "large_grid_size_x" => "Large Grid Size X (line 7)",
            "large_grid_size_y" => "Large Grid Size Y (line 8)",
            "repeat_size_x" => "Repeat Size X (line 9)",
            "repeat_size_y" => "Repeat Size Y (line 10)",
            "grid_row" => "a grid line",
            "cells" => "cell characters (1-9, A-Z)",
            "single" => "a single-square cell (0)",
            "transparent" => "a transparent square (.)",
            "hole" => "a hole (-)",
            "bridge" => "a bridge (#)",
            "text" | "value" => "a value",
            _ => return None,
        })
    }

    fn describe_field(&self, _field: &str) -> Option<&'static str> {
        None
    }

    fn check(&self, doc: &Document, findings: &mut Vec<Finding>) {
        checks::check(doc, &PatternView::of(doc), findings);
    }

    fn hover(&self, doc: &Document, offset: usize, _files: &dyn Files) -> Option<Hover> {
        hover::hover(doc, offset)
    }

    fn outline(&self, doc: &Document) -> Vec<Symbol> {
        outline::outline(doc)
    }

    fn board(&self, doc: &Document, _files: &dyn Files, findings: &[Finding]) -> Option<Board> {
        Some(board::board(doc, findings))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::formats::FormatId;

    const CLEAN: &str = "3\r\nJohn Valentine (comp-sci)\r\n4 and 8 (Squares)\r\nAll squares.\r\n\
19\r\n19\r\n6\r\n6\r\n5\r\n5\r\n...11.\r\n22011.\r\n22330.\r\n.03344\r\n.55044\r\n.55..0\r\n";

    fn findings(text: &str) -> Vec<Finding> {
        let doc = Document::new(Some(FormatId::CrossminesPattern), text);
        let mut findings = Vec::new();
        Pattern.check(&doc, &mut findings);
        for f in &findings {
            assert!(f.range.start <= f.range.end && f.range.end <= text.len());
            assert!(text.is_char_boundary(f.range.start) && text.is_char_boundary(f.range.end));
            assert!(
                CODES.iter().any(|c| c.code == f.code),
                "{} undeclared",
                f.code
            );
        }
        findings
    }

    #[test]
    fn the_readme_example_is_clean() {
        assert_eq!(findings(CLEAN), vec![]);
        // Lone CR line ends and trailing blank lines change nothing.
        assert_eq!(findings(&CLEAN.replace("\r\n", "\r")), vec![]);
        assert_eq!(findings(&format!("{CLEAN}\r\n\r\n")), vec![]);
    }

    #[test]
    fn big_grids_are_checked_and_their_findings_capped() {
        // 100 x 100 squares of one-square cells, stamped edge to edge: clean.
        let row = "0".repeat(100);
        let mut text = String::from("1\nA\nT\nD\n100\n100\n100\n100\n100\n100\n");
        for _ in 0..100 {
            text.push_str(&row);
            text.push('\n');
        }
        assert_eq!(findings(&text), vec![]);
        // Rows of `1.1.…` between rows of `.`: 500 parts of cell 1 and 550 runs of holes, each
        // code capped at 100 findings and one note.
        let ones = "1.".repeat(100);
        let dots = ".".repeat(200);
        let mut text = String::from("1\nA\nT\nD\n200\n10\n200\n10\n200\n10\n");
        for i in 0..10 {
            text.push_str(if i % 2 == 0 { &ones } else { &dots });
            text.push('\n');
        }
        let found = findings(&text);
        for code in [checks::SPLIT_CELL, checks::STAMP_HOLES] {
            let of_code: Vec<_> = found.iter().filter(|f| f.code == code).collect();
            assert_eq!(of_code.len(), 101, "{code}");
            assert_eq!(of_code[100].severity, Severity::Information);
        }
        assert_eq!(found.len(), 202);
    }

    #[test]
    fn huge_sizes_draw_a_capped_board_that_fits_a_terminal() {
        let row = "0".repeat(1000);
        let mut text = String::from("1\nA\nT\nD\n2147483647\n300\n1000\n1000\n1000\n1000\n");
        for _ in 0..1000 {
            text.push_str(&row);
            text.push('\n');
        }
        let doc = Document::new(Some(FormatId::CrossminesPattern), &text);
        let board = board::board(&doc, &findings(&text));
        let drawing = board.text.render();
        assert!(drawing.contains("(first 76 of 100 columns)"), "{drawing}");
        assert!(
            drawing.contains("Only the first 100 × 100 squares of the 2147483647 × 300 field"),
            "{drawing}"
        );
        assert!(
            drawing.lines().all(|l| l.chars().count() <= 80),
            "{drawing}"
        );
        // A declared grid far larger than the lines written stamps what is written.
        let text = CLEAN.replace("\r\n6\r\n6\r\n", "\r\n2000000000\r\n2000000000\r\n");
        let doc = Document::new(Some(FormatId::CrossminesPattern), &text);
        let drawing = board::board(&doc, &findings(&text)).text.render();
        assert!(drawing.contains("6 × 6 grid"), "{drawing}");
        assert!(
            drawing.contains("Large Grid Size (lines 7–8) says 2000000000 × 2000000000"),
            "{drawing}"
        );
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "[0-9A-Za-z.#\\- ,é\t\r\n]{0,300}") {
            findings(&text);
        }

        #[test]
        fn mutated_patterns_never_panic(
            edits in proptest::collection::vec(
                (0usize..400, 0usize..8, "[0-9A-Z.#\\-a ,é\r\n]{0,6}"),
                1..6,
            )
        ) {
            findings(&crate::test_support::mutate(CLEAN, &edits));
        }
    }

    proptest! {
        // Hover runs at every offset of each text: fewer cases keep the run short.
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn hover_outline_and_board_of_random_text_never_panic(text in "[0-9A-Za-z.#\\- ,é\t\r\n]{0,200}") {
            crate::test_support::ide_is_sound(FormatId::CrossminesPattern, &text);
        }

        #[test]
        fn hover_outline_and_board_of_mutated_files_never_panic(
            edits in proptest::collection::vec((0usize..400, 0usize..8, "[0-9A-Z.#\\-a ,é\r\n]{0,6}"), 1..6)
        ) {
            crate::test_support::ide_is_sound(FormatId::CrossminesPattern, &crate::test_support::mutate(CLEAN, &edits));
        }
    }
}
