//! The outline of a Super Othello board: the two chip counts, the used squares, the board's
//! rows A–H, the copyright and any lines after it.

use super::view::{BoardLayout, BordView, Count, Line, LineSlot, SIZE, UsedEntry};
use crate::answers::{Symbol, SymbolKind};
use crate::syntax::Document;

fn shown(text: &str) -> String {
    crate::text::shorten(text.trim_matches([' ', '\t']), 40)
}

fn exists(line: &Line) -> bool {
    !matches!(line.slot, LineSlot::Missing { .. })
}

fn count(name: &str, count: &Count) -> Option<Symbol> {
    exists(&count.line).then(|| {
        let value = count.line.text().map(shown).unwrap_or_default();
        Symbol::new(
            format!("{name}: {value}"),
            SymbolKind::Field,
            count.line.range(),
            count.line.value_range(),
        )
        .detail(format!("line {}", count.line.number))
    })
}

pub fn outline(doc: &Document) -> Vec<Symbol> {
    let view = BordView::new(doc);
    let mut out = Vec::new();
    out.extend(count("chips left", &view.chips_left));
    out.extend(count("chips placed", &view.chips_placed));
    let used = &view.used_squares;
    if exists(&used.line) {
        let names = used.squares().count();
        let mut symbol = Symbol::new(
            "used squares",
            SymbolKind::Section,
            used.line.range(),
            used.line.range(),
        )
        .detail(if names == 1 {
            "1 square".to_string()
        } else {
            format!("{names} squares")
        });
        symbol.children = used
            .entries
            .iter()
            .filter_map(|e| match e {
                UsedEntry::Square { square, range } => Some(Symbol::new(
                    square.name(),
                    SymbolKind::Place,
                    range.clone(),
                    range.clone(),
                )),
                _ => None,
            })
            .collect();
        out.push(symbol);
    }
    if exists(view.board.line()) {
        let counts = view.board.counts();
        let mut board = Symbol::new(
            "board",
            SymbolKind::Section,
            view.board.range(),
            view.board.line().range(),
        )
        .detail(format!(
            "{} black, {} white, {} empty",
            counts.black, counts.white, counts.empty
        ));
        board.children = (0..SIZE)
            .filter_map(|row| {
                let range = match view.board.layout {
                    BoardLayout::OneLine => {
                        let line = view.board.line();
                        (line.width() > row * SIZE)
                            .then(|| line.chars_range(row * SIZE, (row + 1) * SIZE))?
                    }
                    BoardLayout::Rows { .. } => view.board.lines.get(row)?.range(),
                };
                let name = format!("row {}", char::from(b'A' + row as u8));
                Some(Symbol::new(name, SymbolKind::Row, range.clone(), range))
            })
            .collect();
        out.push(board);
    }
    if exists(&view.copyright) {
        let text = view.copyright.text().map(shown).unwrap_or_default();
        out.push(
            Symbol::new(
                format!("copyright: {text}"),
                SymbolKind::Field,
                view.copyright.range(),
                view.copyright.value_range(),
            )
            .detail(format!("line {}", view.copyright.number)),
        );
    }
    out.extend(view.extra_lines.iter().map(|line| {
        Symbol::new(
            format!("line {}", line.number),
            SymbolKind::Field,
            line.range(),
            line.value_range(),
        )
        .detail("after the copyright: not read")
    }));
    out
}
