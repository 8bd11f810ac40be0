//! ViaThinkSoft Peg Solitaire boards (`*.brd`), version 1 and version 2.

use super::Format;
use crate::findings::CodeDoc;

pub struct Board;

pub const CODES: &[CodeDoc] = &[];

impl Format for Board {
    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "v1_header" => "the version 1 header (1, D or N, ~)",
            "1" => "the version number 1",
            "mode_flag" | "D" | "N" => "D (diagonal moves) or N (no diagonal moves)",
            "~" => "~ (the end of the header)",
            "element" => "a board element (X * E 1 2 3)",
            "goal_marker" | ">" => "a goal marker (>)",
            "row_separator" | "!" => "the row separator (!)",
            "version_line" => "the line `version 2`",
            "mode_line" => "the line `mode: normal` or `mode: diagonal`",
            "version_keyword" => "`version`",
            "mode_keyword" => "`mode:`",
            "row" => "a board row",
            "cell" => "a board element (* . r y g e)",
            _ => return None,
        })
    }

    fn describe_field(&self, _field: &str) -> Option<&'static str> {
        None
    }
}
