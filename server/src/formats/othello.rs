//! Super Othello 2.0 `BORD` files: chips left, chips placed, used squares, the board, copyright.

use super::Format;
use crate::findings::CodeDoc;

pub struct Bord;

pub const CODES: &[CodeDoc] = &[];

impl Format for Bord {
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
}
