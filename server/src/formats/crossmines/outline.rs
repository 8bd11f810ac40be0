//! The outline of a Crossmines pattern: the header with its ten values, and the grid's rows.

use super::view::{LineSlot, PatternView};
use crate::answers::{Symbol, SymbolKind};
use crate::syntax::Document;

/// A header value as the outline names it: at most this many characters.
const SHOWN: usize = 40;

fn shown(text: &str) -> String {
    crate::text::shorten(text.trim_matches([' ', '\t']), SHOWN)
}

pub fn outline(doc: &Document) -> Vec<Symbol> {
    let view = PatternView::new(doc);
    let mut out = Vec::new();
    let fields: Vec<Symbol> = view
        .header
        .iter()
        .filter(|line| !matches!(line.slot, LineSlot::Missing { .. }))
        .map(|line| {
            let value = line.slot.text().map_or_else(String::new, shown);
            let value = if value.is_empty() {
                "(empty)".to_string()
            } else {
                value
            };
            Symbol::new(
                format!("{}: {value}", line.field.name()),
                SymbolKind::Field,
                line.slot.range(),
                line.value_range(),
            )
            .detail(format!("line {}", line.field.line()))
        })
        .collect();
    if let (Some(first), Some(last)) = (fields.first(), fields.last()) {
        let range = first.range.start..last.range.end;
        let title = view
            .field(super::view::HeaderField::Title)
            .slot
            .text()
            .map(shown)
            .unwrap_or_default();
        let mut header = Symbol::new("header", SymbolKind::Section, range, first.range.clone());
        if !title.is_empty() {
            header = header.detail(title);
        }
        header.children = fields;
        out.push(header);
    }
    if let (Some(first), Some(last)) = (view.grid.first(), view.grid.last()) {
        let width = view.grid.iter().map(|l| l.width).max().unwrap_or(0);
        let mut grid = Symbol::new(
            "grid",
            SymbolKind::Section,
            first.range.start..last.range.end,
            first.range.clone(),
        )
        .detail(format!("{width} × {}", view.grid.len()));
        grid.children = view
            .grid
            .iter()
            .map(|line| {
                Symbol::new(
                    format!("row {}", line.number),
                    SymbolKind::Row,
                    line.range.clone(),
                    line.range.clone(),
                )
                .detail(if line.width == 1 {
                    "1 square".to_string()
                } else {
                    format!("{} squares", line.width)
                })
            })
            .collect();
        out.push(grid);
    }
    out
}
