//! Super Othello 2.0 `BORD` files: chips left, chips placed, used squares, the board, copyright.
//!
//! [`view`] is the typed model of a file (every value with its byte range); [`checks`],
//! [`hover`], [`outline`] and [`board`] read it.

pub mod board;
pub mod checks;
mod codes;
mod complete;
mod edit;
pub mod hover;
mod navigate;
pub mod outline;
mod place;
pub mod play;
pub mod view;

use super::{Files, Format};
use crate::answers::{Hover, Symbol};
use crate::draw::Board;
use crate::findings::Finding;
use crate::syntax::Document;
pub use codes::CODES;

pub use view::BordView;

pub struct Bord;

impl Format for Bord {
    fn places(&self, doc: &Document, range: &std::ops::Range<usize>) -> Vec<String> {
        place::places(doc, range)
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

    fn completions(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn Files,
    ) -> Vec<crate::answers::Completion> {
        complete::completions(doc, offset)
    }

    fn definition(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn Files,
    ) -> Vec<crate::answers::Target> {
        navigate::definition(doc, offset)
    }

    fn references(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn Files,
        include_declaration: bool,
    ) -> Vec<crate::answers::Target> {
        navigate::references(doc, offset, include_declaration)
    }

    fn game<'a>(
        &self,
        doc: &'a Document,
        _files: &dyn Files,
        _deal: u64,
    ) -> Option<Result<Box<dyn super::play::Game + 'a>, String>> {
        Some(play::game(doc).map(|g| Box::new(g) as Box<dyn super::play::Game>))
    }

    fn board(&self, doc: &Document, _files: &dyn Files, findings: &[Finding]) -> Option<Board> {
        Some(board::board(doc, findings))
    }

    fn board_actions(
        &self,
        doc: &Document,
        _files: &dyn Files,
        ids: &[&str],
    ) -> crate::draw::Palette {
        crate::draw::Palette::of_each(ids, |id| edit::actions(doc, id))
    }

    fn board_edit(
        &self,
        doc: &Document,
        _files: &dyn Files,
        id: &str,
        action: &str,
    ) -> Result<Vec<crate::findings::TextEdit>, String> {
        edit::edit(doc, id, action)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::view::{Chip, SquarePos};
    use super::*;
    use crate::registry::FormatId;

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
                CODES.iter().any(|c| c.name == f.code),
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
        assert_eq!(found[0].code, codes::BOARD_LAYOUT.name);
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
