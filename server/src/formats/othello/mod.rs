//! Super Othello 2.0 `BORD` files: chips left, chips placed, used squares, the board, copyright.
//!
//! [`view`] is the typed model of a file (every value with its byte range); [`checks`],
//! [`hover`], [`outline`] and [`board`] read it.

pub mod board;
pub mod checks;
pub mod hover;
mod navigate;
pub mod outline;
pub mod view;

use super::{Bound, Files, Format};
use crate::findings::{CodeDoc, Finding, Severity};
use crate::ide::{Hover, Symbol};
use crate::render::Board;
use crate::syntax::Document;

pub use view::BordView;

pub struct Bord;

pub const CODES: &[CodeDoc] = &[
    CodeDoc {
        code: checks::CHIP_COUNT,
        severity: Severity::Error,
        summary: "Line 1 or 2 is not a number of chips from 0 to 32",
        explanation: "Line 1 of a BORD file is the number of chips each player has left to place, \
line 2 the number of chips already placed. Each is a whole number from 0 to 32, written with \
digits only; together they make 32. The game reads the lines by position, so an empty or \
missing line shifts every line after it. Write the number on the line the message names.",
    },
    CodeDoc {
        code: checks::CHIP_TOTAL,
        severity: Severity::Error,
        summary: "Chips left (line 1) + chips placed (line 2) is not 32",
        explanation: "The format says line 1 + line 2 \"should ALLWAYS be 32\": the chips still \
to place and the chips already placed make up the game's 32. Line 2 counts the chips of one \
player (\"not black chips+white chips\"): the usual starting position, two white and two black \
chips on the board, is 30 and 2. Change one of the two lines so that they add up to 32.",
    },
    CodeDoc {
        code: checks::PLACED_COUNT,
        severity: Severity::Warning,
        summary: "Line 2 does not match the chips on the board",
        explanation: "Line 2 is the number of chips each player has already placed, \"not black \
chips+white chips\". Where the board holds as many white as black chips, that number is line 2: \
the usual opening (two of each) is 30 and 2. The quick fix writes the board's number on line 2 \
(and 32 minus it on line 1). For a board with more of one colour the format says nothing, and \
nothing is reported.",
    },
    CodeDoc {
        code: checks::NO_MOVES,
        severity: Severity::Warning,
        summary: "Neither player can place a chip on the opening board",
        explanation: "In Othello a chip must be placed so that it flanks at least one line of the \
other colour's chips (across, down or diagonally) with one of the player's own at the far end; \
the flanked chips turn over. If no empty square allows that for either player, the game is over \
before the first move. Put chips of both colours next to each other, as in the usual opening \
(white on D4 and E5, black on D5 and E4). A board with no chips at all is not reported: the \
format does not say how its first chips would be placed.",
    },
    CodeDoc {
        code: checks::BOARD_LAYOUT,
        severity: Severity::Error,
        summary: "The board is written as 8 rows of 8 (the design layout), not one line of 64",
        explanation: "The format allows writing the board as 8 rows of 8 characters while you \
design it, but the game reads the board from line 4 alone: \"when you are done designing it, \
you must remove all returns in the board data\". Join the 8 rows into one line of 64 \
characters; the copyright line then follows as line 5. Retroboard still reads the rows as the \
board for its other checks.",
    },
    CodeDoc {
        code: checks::BOARD_SIZE,
        severity: Severity::Error,
        summary: "The board data (line 4) does not have 64 squares",
        explanation: "Line 4 holds the whole board, 8 rows of 8 written one after the other on \
one line: exactly 64 characters. W is a white chip, B a black chip (either case), and any other \
character (0 by convention) an empty square. Row A comes first, so character 1 is A1, character \
9 is B1 and character 64 is H8. Add the missing squares or remove the extra ones (blanks count \
as squares too).",
    },
    CodeDoc {
        code: checks::BAD_USED_SQUARE,
        severity: Severity::Error,
        summary: "The used squares (line 3) hold something that is not a square name",
        explanation: "Line 3 lists the used squares by the names of the board's buttons: a row \
letter A–H then a column digit 1–8, run together without blanks or separators, like D4D5E4E5. \
Row A is the first 8 characters of the board data, and the digit is the column within the row. \
Remove the characters the message points at, or fix the name.",
    },
    CodeDoc {
        code: checks::REPEATED_SQUARE,
        severity: Severity::Warning,
        summary: "A square is listed twice in the used squares",
        explanation: "Each used square is listed once on line 3; a repeat adds nothing and \
usually hides a typo (one square meant, another written). Remove the repeat, or correct it to \
the square you meant.",
    },
    CodeDoc {
        code: checks::USED_SQUARE_BLANK,
        severity: Severity::Warning,
        summary: "A used square is blank on the board",
        explanation: "Every square listed on line 3 should hold a chip (W or B) in the board data \
on line 4: the used squares name the buttons of the squares that hold chips (\"the first \
chip in the example above would be placed at button B2\"). A listed square that is blank \
on the board is marked as used but shows nothing. Remove it from line 3, or put a chip on it.",
    },
    CodeDoc {
        code: checks::UNLISTED_CHIP,
        severity: Severity::Warning,
        summary: "A chip stands on a square that the used squares do not list",
        explanation: "Every chip on the board (line 4) should have its square listed on line 3: \
the used squares name the buttons of the squares that hold chips, and the game may treat an \
unlisted square as free. Add the \
square's name (row letter A–H, column digit 1–8) to line 3, run together with the others.",
    },
    CodeDoc {
        code: checks::MISSING_COPYRIGHT,
        severity: Severity::Warning,
        summary: "The copyright line (line 5) is missing or empty",
        explanation: "Line 5 is the board's copyright information, up to 170 characters, shown \
with the board. Write who made the board, e.g. \"© 1996 Your Name\".",
    },
    CodeDoc {
        code: checks::COPYRIGHT_TOO_LONG,
        severity: Severity::Error,
        summary: "The copyright line is longer than 170 characters",
        explanation: "The format allows at most 170 characters of copyright information on line \
5; the game keeps no more. The finding marks the characters past the 170th: shorten the line.",
    },
    CodeDoc {
        code: checks::BLANK_LINES,
        severity: Severity::Error,
        summary: "Blank lines among lines 1–4 move every line after them",
        explanation: "The game reads a BORD file by line number: line 1 the chips left, line 2 \
the chips placed, line 3 the used squares, line 4 the board, line 5 the copyright. A blank line \
among them (a double-spaced file, say) makes the game read every later line as the one before \
it. The finding names the blank lines, and the checks of the lines wait until they are removed, \
as every other finding would only repeat this one.",
    },
    CodeDoc {
        code: checks::EXTRA_LINES,
        severity: Severity::Warning,
        summary: "Lines follow the copyright line",
        explanation: "A BORD file has five lines: chips left, chips placed, used squares, board \
data and copyright. Anything after the copyright is not part of the format (often leftover \
rows of the design layout or notes). Remove it. Empty lines at the end are fine.",
    },
];

impl Format for Bord {
    /// The game reads five lines: two counts, the used squares, the 64 squares and a
    /// copyright of at most 170 characters. A board still written as the spec's 8 rows of 8 is
    /// 12 lines. 100 lines and 64 KB is far past both.
    fn bound(&self) -> Bound {
        Bound {
            lines: 100,
            bytes: 64 * 1024,
            limit: "a Super Othello board has 5 lines",
        }
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "chips_left" => "the number of chips left for each player (line 1)",
            "chips_placed" => "the number of chips already placed (line 2)",
            "used_squares" => "the used squares (line 3)",
            "board" => "the board data (line 4)",
            "copyright" => "the copyright line (line 5)",
            "value" | "text" => "a value",
            _ => return None,
        })
    }

    fn describe_field(&self, _field: &str) -> Option<&'static str> {
        None
    }

    fn check(&self, doc: &Document, findings: &mut Vec<Finding>) {
        checks::check(doc, &BordView::of(doc), findings);
    }

    fn hover(&self, doc: &Document, offset: usize, _files: &dyn Files) -> Option<Hover> {
        hover::hover(doc, offset)
    }

    fn outline(&self, doc: &Document) -> Vec<Symbol> {
        outline::outline(doc)
    }

    fn definition(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn Files,
    ) -> Vec<crate::ide::Target> {
        navigate::definition(doc, offset)
    }

    fn references(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn Files,
        include_declaration: bool,
    ) -> Vec<crate::ide::Target> {
        navigate::references(doc, offset, include_declaration)
    }

    fn board(&self, doc: &Document, _files: &dyn Files, findings: &[Finding]) -> Option<Board> {
        Some(board::board(doc, findings))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::view::{Chip, SquarePos};
    use super::*;
    use crate::formats::FormatId;

    const CLEAN: &str = "30\r2\rD4D5E4E5\r\
000000000000000000000000000WB000000BW000000000000000000000000000\r© 1996 Yellow Lemon Software";

    fn view(text: &str) -> BordView {
        BordView::new(&Document::new(Some(FormatId::OthelloBord), text))
    }

    fn findings(text: &str) -> Vec<Finding> {
        let doc = Document::new(Some(FormatId::OthelloBord), text);
        let mut findings = Vec::new();
        Bord.check(&doc, &mut findings);
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
    fn the_opening_is_clean() {
        assert_eq!(findings(CLEAN), vec![]);
        assert_eq!(findings(&CLEAN.replace('\r', "\r\n")), vec![]);
    }

    #[test]
    fn square_names_follow_the_spec_example() {
        // "the first chip in the example above would be placed at button B2, and the last
        // chip at H6"
        let board = "000000000W0B0W0000B0W0B00W0B0W0B00B0W0B00W0B0W0000B0W0B00W0B0W00";
        let v = view(&format!("10\r22\rB2\r{board}\rc"));
        let squares = v.board.squares.expect("64 squares");
        let chips: Vec<String> = squares
            .iter()
            .filter(|s| s.chip != Chip::Empty)
            .map(|s| s.square.name())
            .collect();
        assert_eq!(chips.first().map(String::as_str), Some("B2"));
        assert_eq!(chips.last().map(String::as_str), Some("H6"));
        assert_eq!(SquarePos::parse('h', '6').map(SquarePos::index), Some(61));
        assert_eq!(SquarePos::parse('I', '1'), None);
        assert_eq!(SquarePos::parse('A', '9'), None);
    }

    #[test]
    fn the_design_layout_is_read_as_the_board() {
        let rows = "00000000\r0W0B0W00\r00B0W0B0\r0W0B0W0B\r00B0W0B0\r0W0B0W00\r00B0W0B0\r0W0B0W00";
        let text = format!("21\r11\rB2B4B6C3C5C7D2D4D6D8E3E5E7F2F4F6G3G5G7H2H4H6\r{rows}\r(c) me");
        let found = findings(&text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, checks::BOARD_LAYOUT);
        assert_eq!(view(&text).copyright.number, 12);
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "[0-9A-Hwbxa-h ©é\t\r\n]{0,300}") {
            findings(&text);
        }

        #[test]
        fn mutated_boards_never_panic(
            edits in proptest::collection::vec(
                (0usize..200, 0usize..8, "[0-9A-JWBwb ©\r\n]{0,10}"),
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
        fn hover_outline_and_board_of_random_text_never_panic(text in "[0-9A-Hwbxa-h ©é\t\r\n]{0,200}") {
            crate::test_support::ide_is_sound(FormatId::OthelloBord, &text);
        }

        #[test]
        fn hover_outline_and_board_of_mutated_files_never_panic(
            edits in proptest::collection::vec((0usize..400, 0usize..8, "[0-9A-JWBwb ©\r\n]{0,10}"), 1..6)
        ) {
            crate::test_support::ide_is_sound(FormatId::OthelloBord, &crate::test_support::mutate(CLEAN, &edits));
        }
    }
}
