//! Crossmines minefield patterns (`*.pat`, `*.tes`): a ten-line header and a grid of cells.
//!
//! [`view`] is the typed model of a file (every field and square with its byte range);
//! [`checks`], [`hover`], [`outline`] and [`board`] read it, and [`stamp`] models how the
//! pattern is stamped across the minefield for all of them.

pub mod board;
pub mod checks;
mod codes;
mod edit;
pub mod hover;
pub mod neighbours;
pub mod outline;
pub mod place;
mod reshape;
pub mod stamp;
pub mod view;

use super::{Files, Format};
use crate::answers::{Hover, Symbol};
use crate::draw::Board;
use crate::findings::Finding;
use crate::syntax::Document;
pub use codes::CODES;

pub use view::PatternView;

pub struct Pattern;

impl Format for Pattern {
    fn places(&self, doc: &Document, range: &std::ops::Range<usize>) -> Vec<String> {
        place::places(doc, range)
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

    use super::*;
    use crate::findings::Severity;
    use crate::registry::FormatId;

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
                CODES.iter().any(|c| c.name == f.code),
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
        for code in [codes::SPLIT_CELL.name, codes::STAMP_HOLES.name] {
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
