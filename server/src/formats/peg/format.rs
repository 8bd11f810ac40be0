//! Version 2 boards: the game deletes every space of a row (from line 3 on) and drops the rows
//! that are then empty, so blanks at the end of a row, and lines of spaces, go. Nothing else
//! changes: spaces inside a row and before it draw the board's shape for whoever reads the
//! file, a tab is an invalid element, the two header lines are compared byte for byte by the
//! game, and in version 1 a space is an invalid element. A file with syntax errors is left as
//! it is.

use crate::findings::TextEdit;
use crate::formats::layout::{self, Breaks};
use crate::syntax::Document;

pub fn format(doc: &Document) -> Vec<TextEdit> {
    let Some(tree) = doc.tree() else {
        return Vec::new();
    };
    let root = tree.root_node();
    if root.has_error() {
        return Vec::new();
    }
    let mut cursor = root.walk();
    let Some(board) = root
        .named_children(&mut cursor)
        .find(|n| n.kind() == "v2_board")
    else {
        return Vec::new();
    };
    // The rows start on the line after the mode line; without a mode line where the game
    // reads it (line 2 empty, or not `mode:`), which line is a row is a guess: nothing changes.
    let mut walk = board.walk();
    let Some(mode_line) = board
        .named_children(&mut walk)
        .find(|n| n.kind() == "mode_line")
        .filter(|n| n.child(0).is_some_and(|k| k.kind() == "mode_keyword"))
    else {
        return Vec::new();
    };
    let header_end = mode_line.end_byte();
    let text = doc.rope().to_string();
    let mut edits = Vec::new();
    for line in layout::lines(&text, Breaks::Any) {
        if line.start <= header_end {
            continue;
        }
        let old = &text[line.start..line.end];
        let new = old.trim_end_matches(' ');
        if new.len() < old.len() && (!new.is_empty() || layout::may_empty(&text, line)) {
            edits.push(TextEdit::delete(line.start + new.len()..line.end));
        }
    }
    edits
}
