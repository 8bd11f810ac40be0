//! The spec's own layout of a Patience game (its "Mysteriet" example): every number of the
//! counts line and the pile lines right-aligned in its column, the columns as wide as the
//! spec's (3, then 4, with 5 for fields 6 and 9) or as the widest number written in them; the
//! name line, blank lines and lines of text untouched, text after a line's numbers kept with
//! the blanks before it. A file with syntax errors is left as it is.

use std::collections::HashMap;

use crate::findings::TextEdit;
use crate::formats::layout::{self, Breaks};
use crate::syntax::Document;

/// The spec's column widths (the blank before a number included, but in column 1): fields 1-11,
/// then the four of an advanced pile's second set of rules, as wide as fields 8-11.
const WIDTHS: [usize; 15] = [3, 4, 4, 4, 4, 5, 4, 4, 5, 4, 4, 4, 5, 4, 4];

/// One line of numbers: its numbers, and where the text after them starts (with its blanks).
struct Row<'a> {
    numbers: Vec<&'a str>,
    rest: usize,
}

pub fn format(doc: &Document) -> Vec<TextEdit> {
    let Some(tree) = doc.tree() else {
        return Vec::new();
    };
    let root = tree.root_node();
    let text = doc.rope().to_string();
    let lines = layout::lines(&text, Breaks::Any);
    let line_of = |byte: usize| lines.partition_point(|l| l.end < byte);
    // The lines a syntax error touches are left as they are (the game reads each line's
    // numbers between blanks, so respacing the others never changes what it reads).
    let mut broken = vec![false; lines.len()];
    if root.has_error() {
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.is_error() || node.is_missing() {
                let first = line_of(node.start_byte());
                let last = line_of(node.end_byte()).max(first);
                for line in broken.iter_mut().take(last + 1).skip(first) {
                    *line = true;
                }
                continue;
            }
            if node.has_error() {
                let mut walk = node.walk();
                stack.extend(node.children(&mut walk));
            }
        }
    }

    // The counts line and the pile lines, by line.
    let mut rows: HashMap<usize, Row> = HashMap::new();
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        if !matches!(node.kind(), "counts" | "pile") {
            continue;
        }
        let mut numbers = Vec::new();
        let mut rest = None;
        let mut inner = node.walk();
        for child in node.named_children(&mut inner) {
            match child.kind() {
                "integer" => numbers.push(&text[child.byte_range()]),
                _ => {
                    rest.get_or_insert(child.start_byte());
                }
            }
        }
        let line = line_of(node.start_byte());
        let Some(bounds) = lines.get(line) else {
            continue;
        };
        if broken[line] || node.has_error() || line_of(node.end_byte()) != line {
            continue;
        }
        // The text after the last number, with the blanks before it; or nothing (trailing
        // blanks go).
        let last = node
            .named_children(&mut node.walk())
            .filter(|c| c.kind() == "integer")
            .last()
            .map_or(bounds.start, |c| c.end_byte());
        let rest = rest.map_or(bounds.end, |_| last);
        rows.insert(line, Row { numbers, rest });
    }

    let mut widths: Vec<usize> = WIDTHS.to_vec();
    for row in rows.values() {
        for (column, number) in row.numbers.iter().enumerate() {
            let needed = number.len() + usize::from(column > 0);
            match widths.get_mut(column) {
                Some(width) => *width = (*width).max(needed),
                None => widths.push(needed.max(4)),
            }
        }
    }

    let mut edits = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let old = &text[line.start..line.end];
        let new = match rows.get(&index) {
            Some(row) => {
                let mut new = String::with_capacity(old.len());
                for (column, number) in row.numbers.iter().enumerate() {
                    layout::pad(&mut new, number, widths[column], true);
                }
                new.push_str(&text[row.rest..line.end]);
                new
            }
            // A line of blanks (never the name line) is an empty line.
            None if index > 0
                && !broken[index]
                && old.bytes().all(layout::is_blank)
                && layout::may_empty(&text, *line) =>
            {
                String::new()
            }
            None => continue,
        };
        layout::respace(line.start, old, &new, &mut edits);
    }
    edits
}
