//! The outline of a Patience game: the name and counts lines, one entry per pile (its number
//! and role, the cards dealt and how they lie), the two rule sets of a pile that has them, and
//! text the game ignores.

use std::ops::Range;

use super::fields::{Context, field_doc};
use super::view::{FIELDS, GameView, Pile, Text};
use crate::answers::{Symbol, SymbolKind};
use crate::findings::{noun, plural};
use crate::syntax::Document;

pub fn outline(doc: &Document) -> Vec<Symbol> {
    let view = GameView::new(doc);
    let mut out = Vec::new();
    if let Some(name) = &view.name {
        out.push(
            Symbol::new(
                name.text.clone(),
                SymbolKind::Field,
                name.range.clone(),
                name.range.clone(),
            )
            .detail("game name"),
        );
    }
    if let Some(counts) = &view.counts {
        if let Some(decks) = &counts.decks {
            let value = decks.value.unwrap_or_default();
            let name = format!(
                "{} {}",
                written(doc, &decks.range),
                noun(value, "deck", "decks")
            );
            let detail = format!("{} cards in the stock", value.saturating_mul(52));
            out.push(
                Symbol::new(
                    name,
                    SymbolKind::Field,
                    decks.range.clone(),
                    decks.range.clone(),
                )
                .detail(detail),
            );
        }
        if let Some(piles) = &counts.piles {
            let value = piles.value.unwrap_or_default();
            let name = format!(
                "{} {}",
                written(doc, &piles.range),
                noun(value, "pile", "piles")
            );
            let lines = view.piles.len();
            let detail = format!("{} written", plural(lines, "pile line", "pile lines"));
            out.push(
                Symbol::new(
                    name,
                    SymbolKind::Field,
                    piles.range.clone(),
                    piles.range.clone(),
                )
                .detail(detail),
            );
        }
        if let Some(text) = &counts.trailing {
            out.push(ignored_text(text));
        }
    }
    out.extend(view.piles.iter().map(|pile| pile_symbol(doc, &view, pile)));
    out.extend(view.text_lines.iter().map(ignored_text));
    out.sort_by_key(|s| s.range.start);
    out
}

fn pile_symbol(doc: &Document, view: &GameView, pile: &Pile) -> Symbol {
    let selection = pile
        .numbers
        .first()
        .map_or(pile.range.clone(), |n| n.range.clone());
    let cards = pile.field(1).map_or_else(
        || "? cards".to_string(),
        |n| {
            format!(
                "{} {}",
                written(doc, &n.range),
                if n.value == Some(1) { "card" } else { "cards" }
            )
        },
    );
    let face = pile.face().map_or("faces unknown", |f| f.short);
    let mut symbol = Symbol::new(
        format!("pile {} {}", pile.number, view.role(pile)),
        SymbolKind::Place,
        pile.range.clone(),
        selection,
    )
    .detail(format!("{cards}, {face}"));
    if pile.rule_set_mode() > 0 {
        symbol.children.extend(rule_sets(pile));
    }
    if let Some(text) = &pile.trailing {
        symbol.children.push(ignored_text(text));
    }
    symbol
}

/// Fields 8–11 and, after them, fields 8–11 of the second rule set, as far as they are written.
fn rule_sets(pile: &Pile) -> Vec<Symbol> {
    let span = |from: usize, to: usize| -> Option<Range<usize>> {
        let first = pile.numbers.get(from)?;
        let last = pile.numbers.get(to).or_else(|| pile.numbers.last())?;
        Some(first.range.start..last.range.end)
    };
    let mode = pile
        .field(11)
        .and_then(|n| {
            let field = field_doc(Context::Pile, 11)?;
            let value = n.value?;
            field.outer?.lookup(value / 1000).map(|v| v.short)
        })
        .unwrap_or("how they are used is unknown");
    let mut sets = Vec::new();
    if let Some(range) = span(7, FIELDS - 1) {
        sets.push(
            Symbol::new("rule set 1", SymbolKind::Section, range.clone(), range)
                .detail("fields 8–11"),
        );
    }
    if let Some(range) = span(FIELDS, FIELDS + 3) {
        sets.push(
            Symbol::new("rule set 2", SymbolKind::Section, range.clone(), range).detail(mode),
        );
    }
    sets
}

fn ignored_text(text: &Text) -> Symbol {
    Symbol::new(
        "text",
        SymbolKind::Entry,
        text.range.clone(),
        text.range.clone(),
    )
    .detail(format!("ignored by the game: {}", shorten(&text.text)))
}

fn written(doc: &Document, range: &Range<usize>) -> String {
    doc.slice(range.clone()).into_owned()
}

/// At most 40 characters of free text.
fn shorten(text: &str) -> String {
    crate::text::shorten(text, 40)
}
