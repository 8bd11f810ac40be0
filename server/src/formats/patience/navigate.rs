//! Go to definition and inlay hints in a Patience game: the stock's wastepile number (field 11)
//! leads to that pile's line; each pile line shows its number and role at its end, as the spec
//! annotates its own example (`(1) stock`), and each of its numbers can show its field and what
//! it means, in the words hover uses (the tables of [`super::fields`]).

use std::ops::Range;

use super::fields;
use super::view::{GameView, Pile};
use crate::answers::{HintPlaces, InlayHint, InlayOptions, Target};
use crate::syntax::Document;

/// The pile the stock's field 11 at `offset` names, and that number's range.
fn wastepile_at(view: &GameView, offset: usize) -> Option<(&Pile, Range<usize>)> {
    let stock = view.piles.first().filter(|p| p.is_stock())?;
    let field = stock.field(11)?;
    if !(field.range.start <= offset && offset <= field.range.end) {
        return None;
    }
    let number = usize::try_from(field.value?).ok()?;
    let pile = view
        .piles
        .iter()
        .find(|p| p.number == number && number >= 2)?;
    Some((pile, field.range.clone()))
}

fn here(doc: &Document, range: Range<usize>) -> Option<Target> {
    Some(Target {
        path: doc.path()?.to_path_buf(),
        format: doc.format(),
        range,
    })
}

/// Where the name at `offset` is defined: the wastepile's line for the stock's field 11.
pub fn definition(doc: &Document, offset: usize) -> Vec<Target> {
    let view = GameView::new(doc);
    wastepile_at(&view, offset)
        .and_then(|(pile, _)| here(doc, pile.range.clone()))
        .into_iter()
        .collect()
}

/// The wastepile's line (when asked) and the stock's field 11 that names it.
pub fn references(doc: &Document, offset: usize, include_declaration: bool) -> Vec<Target> {
    let view = GameView::new(doc);
    let Some((pile, field)) = wastepile_at(&view, offset) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    if include_declaration {
        found.extend(here(doc, pile.range.clone()));
    }
    found.extend(here(doc, field));
    found
}

/// The hints of the pile lines `range` touches: each line's number and role at its end, and,
/// as `options` say, what each of its numbers means (every line's, or only the one the range
/// lies in: the cursor's).
pub fn inlay_hints(doc: &Document, range: Range<usize>, options: &InlayOptions) -> Vec<InlayHint> {
    let places = options.patience;
    if places == HintPlaces::Off {
        return Vec::new();
    }
    let view = GameView::new(doc);
    let rope = doc.rope();
    let line_of = |byte: usize| rope.byte_to_line(byte.min(rope.len_bytes()));
    // The pile lines the range touches, from their line's start.
    let touched = view.piles.iter().filter(|p| {
        let line_start = rope.line_to_byte(line_of(p.range.start));
        crate::formats::asked_for(&range, &(line_start..p.range.end))
    });
    // The cursor's line: the range lies on one line (its blanks before the numbers too).
    let cursor_line = (line_of(range.start) == line_of(range.end)).then(|| line_of(range.start));
    let mut hints = Vec::new();
    for pile in touched {
        let line = line_of(pile.range.start);
        // In "cursor" mode a line away from the cursor gets nothing: a client asks for the
        // cursor's line alone, and again when it moves.
        if places == HintPlaces::Cursor && cursor_line != Some(line) {
            continue;
        }
        if places.inside(line, cursor_line) {
            field_hints(pile, &mut hints);
        }
        // At the line's end, after any text there: nothing of the line moves.
        hints.push(InlayHint {
            offset: pile.range.end,
            label: format!("({}) {}", pile.number, view.role(pile)),
            before: false,
            tooltip: None,
        });
    }
    hints
}

/// After each number of a pile line, its field and what its value means.
fn field_hints(pile: &Pile, hints: &mut Vec<InlayHint>) {
    for (index, number) in pile.numbers.iter().enumerate() {
        let Some(field) = pile.slot(index).and_then(|slot| slot.doc()) else {
            continue;
        };
        let Some(value) = number.value else {
            continue;
        };
        hints.push(InlayHint {
            offset: number.range.end,
            label: field_label(field, value, number.written),
            before: false,
            tooltip: Some(fields::explain(field, value, number.written).join("\n")),
        });
    }
}

/// A field's short label: its number, and the digits written with what each means
/// (`(6) c=6 foundation value from the first card, a=2 all faces`), or its whole value's
/// meaning (`(7) any number`), or what the number is (`(2) x position`, `(11) wastepile =
/// pile 2`); its pattern letter for a value the game does not know (`(7) e`).
fn field_label(field: &'static fields::FieldDoc, value: i64, written: fields::Written) -> String {
    let decoded = fields::decode(field, value, written);
    let mut parts: Vec<String> = Vec::new();
    if let Some(outer) = decoded.outer.as_ref().filter(|o| o.value != 0) {
        parts.push(digit_words(outer));
    }
    match decoded.whole {
        // The stock's field 11 names a pile.
        Some(whole) if fields::names_the_wastepile(field) && whole.lo != whole.hi => {
            parts.push(format!("wastepile = pile {value}"));
        }
        // A plain number (a position, a count): what it is ("x position"), not "pixels".
        Some(whole) if field.digits.is_empty() && whole.lo != whole.hi => {
            parts.push(field.name.to_string());
        }
        Some(whole) => parts.push(whole.short.to_string()),
        None => parts.extend(
            decoded
                .digits
                .iter()
                .rev()
                // The digits written; a zero above the units is the usual default.
                .filter(|d| d.span.is_some() && (d.value != 0 || d.doc.place == 0))
                .map(digit_words),
        ),
    }
    if parts.is_empty() {
        parts.push(field.pattern.to_string());
    }
    format!("({}) {}", field.number, parts.join(", "))
}

fn digit_words(reading: &fields::DigitReading) -> String {
    match reading.meaning {
        Some(meaning) => format!("{}={} {}", reading.doc.letter, reading.value, meaning.short),
        None => format!("{}={} unknown", reading.doc.letter, reading.value),
    }
}
