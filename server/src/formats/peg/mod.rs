//! ViaThinkSoft Peg Solitaire boards (`*.brd`), version 1 and version 2.
//!
//! [`view`] is the typed model of a board file (header fields, rows of elements with their byte
//! ranges and grid places); `checks`, `hover`, `outline` and `board` (the preview) read it. The rules follow the games' own loaders
//! (`LevelFunctions.pas` of svn r1, r11 and r19 of `danielmarschall/jumper`), where they are
//! stricter or looser than the format document.

mod board;
mod checks;
mod codes;
mod complete;
mod edit;
mod format;
mod highlight;
mod hover;
mod jumps;
mod outline;
mod place;
pub mod play;
mod reshape;
pub mod solvability;
pub mod solve;
#[cfg(test)]
mod tests;
pub mod view;

use super::{Files, Format};
use crate::answers::{Highlight, Hover, Symbol};
use crate::findings::{Finding, Severity};
use crate::syntax::Document;
pub use codes::CODES;

pub struct Board;

impl Format for Board {
    fn places(&self, doc: &Document, range: &std::ops::Range<usize>) -> Vec<String> {
        place::places(doc, range)
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "v1_header" => "the version 1 header (1, D or N, ~)",
            "1" => "the version number 1",
            "mode_flag" | "D" | "N" => "D (diagonal moves) or N (no diagonal moves)",
            "~" => "~ (the end of the header)",
            "elements" => "board elements (X * E 1 2 3)",
            "goal_marker" | ">" => "a goal marker (>)",
            "row_separator" | "!" => "the row separator (!)",
            "version_line" => "the line `version 2`",
            "mode_line" => "the line `mode: normal` or `mode: diagonal`",
            "version_keyword" => "`version`",
            "mode_keyword" => "`mode:`",
            "row" => "a board row",
            "cells" => "board elements (* . r y g e)",
            _ => return None,
        })
    }

    fn describe_field(&self, _field: &str) -> Option<&'static str> {
        None
    }

    fn check(&self, doc: &Document, findings: &mut Vec<Finding>) {
        checks::check(doc, None, findings);
    }

    fn check_with(&self, doc: &Document, files: &dyn Files, findings: &mut Vec<Finding>) {
        checks::check(doc, chosen(doc, files), findings);
    }

    fn slow_search(&self, doc: &Document, files: &dyn Files) -> Option<Box<dyn super::SlowSearch>> {
        solvability::slow_search(doc, chosen(doc, files), files.searched())
    }

    fn game_version(&self, doc: &Document, files: &dyn Files) -> Option<String> {
        let board = view::Board::of(doc);
        let board = board.as_ref().as_ref()?;
        let dotless = board
            .rows
            .iter()
            .all(|r| r.len_counting_dots() == r.len_without_dots());
        Some(
            match (board.version, chosen(doc, files), board.fitting_rule()) {
                (view::Version::V1, _, _) => "version 1, read alike by every game".to_string(),
                (_, None, _) if dotless => {
                    "version 2 without half-width dots, read alike by every game".to_string()
                }
                (_, Some(view::DotRule::Counted), _) => {
                    "the game of 11 Nov 2018 (retroboard.toml: `peg = \"rev11\"`)".to_string()
                }
                (_, Some(view::DotRule::Stripped), _) => {
                    "the final game (retroboard.toml: `peg = \"final\"`)".to_string()
                }
                (_, None, view::DotRule::Counted) => {
                    "the game of 11 Nov 2018, because the rows are \
equally long only counting the half-width dots"
                        .to_string()
                }
                (_, None, view::DotRule::Stripped) => {
                    "the final game, which reads every version 2 \
board whose rows are equally long without dots"
                        .to_string()
                }
            },
        )
    }

    fn completions(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn Files,
    ) -> Vec<crate::answers::Completion> {
        complete::completions(doc, offset)
    }

    fn hover(&self, doc: &Document, offset: usize, files: &dyn Files) -> Option<Hover> {
        let hover = hover::hover(
            doc,
            offset,
            chosen(doc, files),
            files.searched().map(|s| &**s),
        )?;
        // On the header's first line: which game the board is read for, and why.
        if doc.rope().byte_to_line(offset.min(doc.rope().len_bytes())) != 0 {
            return Some(hover);
        }
        let Some(version) = self.game_version(doc, files) else {
            return Some(hover);
        };
        Some(Hover {
            markdown: format!("{}\n\n---\n\n**Game:** read as {version}.", hover.markdown),
            ..hover
        })
    }

    fn highlights(&self, doc: &Document) -> Vec<Highlight> {
        highlight::highlights(doc)
    }

    fn outline(&self, doc: &Document) -> Vec<Symbol> {
        outline::outline(doc)
    }

    fn format(&self, doc: &Document) -> Vec<crate::findings::TextEdit> {
        format::format(doc)
    }

    fn board(
        &self,
        doc: &Document,
        files: &dyn Files,
        findings: &[Finding],
    ) -> Option<crate::draw::Board> {
        board::board(
            doc,
            chosen(doc, files),
            findings,
            files.searched().map(|s| &**s),
        )
    }

    fn board_actions(
        &self,
        doc: &Document,
        files: &dyn Files,
        ids: &[&str],
    ) -> crate::draw::Palette {
        let version = chosen(doc, files);
        crate::draw::Palette::of_each(ids, |id| edit::actions(doc, version, id))
    }

    fn board_edit(
        &self,
        doc: &Document,
        files: &dyn Files,
        id: &str,
        action: &str,
    ) -> Result<Vec<crate::findings::TextEdit>, String> {
        edit::edit(doc, chosen(doc, files), id, action)
    }

    fn replay(
        &self,
        doc: &Document,
        files: &dyn Files,
        findings: &[Finding],
    ) -> Option<crate::draw::Replay> {
        // A board the game loads, as for the text drawing's move list.
        if findings.iter().any(|f| f.severity == Severity::Error) {
            return None;
        }
        let board = view::Board::of_chosen(doc, chosen(doc, files));
        solvability::preview_replay(board.as_ref().as_ref()?, files.searched().map(|s| &**s))
    }

    fn game<'a>(
        &self,
        doc: &'a Document,
        files: &dyn Files,
        _deal: u64,
    ) -> Option<Result<Box<dyn super::play::Game + 'a>, String>> {
        let searched = files.searched().cloned();
        Some(
            play::game(doc, chosen(doc, files), searched)
                .map(|g| Box::new(g) as Box<dyn super::play::Game>),
        )
    }
}

/// The dot rule the settings of the document choose (`[game] peg`), if any.
fn chosen(doc: &Document, files: &dyn Files) -> Option<view::DotRule> {
    files.game(doc.path()?).peg
}
