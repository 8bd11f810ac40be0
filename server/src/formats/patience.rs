//! Patience game definitions (`*.pat`, the Danish freeware "Patience"): a name, the number of
//! decks and piles, then one line of numbers per pile.

use super::Format;
use crate::findings::CodeDoc;

pub struct Game;

pub const CODES: &[CodeDoc] = &[];

impl Format for Game {
    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "name" => "the game name",
            "counts" => "the number of decks and the number of piles",
            "pile" => "a pile line (11 or 15 numbers)",
            "integer" => "a whole number",
            "trailing_text" | "text_line" => "text",
            _ => return None,
        })
    }

    fn describe_field(&self, field: &str) -> Option<&'static str> {
        Some(match field {
            "decks" => "number of decks",
            "piles" => "number of piles",
            _ => return None,
        })
    }
}
