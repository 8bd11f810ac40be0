//! Crossmines minefield patterns (`*.pat`, `*.tes`): a ten-line header and a grid of cells.

use super::Format;
use crate::findings::CodeDoc;

pub struct Pattern;

pub const CODES: &[CodeDoc] = &[];

impl Format for Pattern {
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
}
