//! Completion in a Patience game: at each number of a pile line, the values its field allows in
//! this pile's role (stock, other pile, second rule set), one item per digit position and value,
//! each with the spec's words from the same tables hover and the checks read ([`fields`]); on a
//! blank line, a whole new pile line to fill in.

use super::fields::{self, Context, DigitDoc, FieldDoc, ValueDoc, Width};
use super::view::GameView;
use crate::answers::{Completion, CompletionKind};
use crate::syntax::Document;
use crate::syntax::LineWords;

/// The numbers of a pile line without a second rule set.
const FIELDS: usize = 11;

pub fn completions(doc: &Document, offset: usize) -> Vec<Completion> {
    let view = GameView::of(doc);
    let Some(counts) = &view.counts else {
        return Vec::new(); // the head is not written yet
    };
    let line = LineWords::at(doc, offset, |c| matches!(c, ' ' | '\t'));
    let row = line.row(doc);
    if row <= doc.rope().byte_to_line(counts.range.start) {
        return Vec::new();
    }
    let pile = view
        .piles
        .iter()
        .find(|p| doc.rope().byte_to_line(p.range.start) == row);
    // A pile line being written, or a new line: the pile it makes.
    let number = match pile {
        Some(p) => p.number,
        None => {
            let before = view
                .piles
                .iter()
                .filter(|p| doc.rope().byte_to_line(p.range.start) < row)
                .count();
            before + 1
        }
    };
    let current = line.current();
    if !current.is_empty() && current.parse::<i64>().is_err() {
        return Vec::new(); // text, not a number
    }
    let (context, field) = match (line.index, pile) {
        (i, _) if i < FIELDS => (
            if number == 1 {
                Context::Stock
            } else {
                Context::Pile
            },
            i + 1,
        ),
        (i, Some(p)) => match p.slot(i) {
            Some(slot) => (slot.context, usize::from(slot.field)),
            None => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let Some(doc_of_field) = u8::try_from(field)
        .ok()
        .and_then(|f| fields::field_doc(context, f))
    else {
        return Vec::new();
    };
    let role = match pile {
        Some(p) => view.role(p),
        None if number == 1 => "stock",
        None => "new pile",
    };
    let heading = format!(
        "**field {} `{}`: {}** — pile {number} ({role}{})",
        doc_of_field.number,
        doc_of_field.pattern,
        doc_of_field.name,
        if context == Context::RuleSet2 {
            ", rule set 2"
        } else {
            ""
        }
    );
    let mut items = values(doc_of_field, current, &line, &heading);
    if line.words.is_empty() {
        items.insert(0, new_pile(number, &line));
    }
    for (rank, item) in items.iter_mut().enumerate() {
        item.sort = Some(format!("{rank:04}"));
    }
    items
}

/// The values of a field: its whole values, then each digit's values (units first) written
/// into the number being typed.
fn values(
    field: &'static FieldDoc,
    current: &str,
    line: &LineWords,
    heading: &str,
) -> Vec<Completion> {
    let typed: i64 = current.parse().unwrap_or(0);
    let mut items: Vec<Completion> = Vec::new();
    let push = |value: i64, detail: String, meaning: &str, items: &mut Vec<Completion>| {
        let label = value.to_string();
        if items.iter().any(|i| i.label == label) || (!current.is_empty() && value == typed) {
            return;
        }
        let mut item = Completion::new(label, CompletionKind::Value, line.range.clone())
            .detail(detail)
            .documentation(format!("{heading}\n\n{meaning}"));
        // Every item rewrites the number typed so far: the editor keeps them all.
        item.filter = (!current.is_empty()).then(|| current.to_string());
        items.push(item);
    };
    let outer_part = field.outer.map_or(0, |outer| {
        let place = 10i64.pow(outer.place);
        typed.max(0) / place * place
    });
    for whole in field.whole.iter().filter(|v| v.allowed()) {
        for value in examples(whole) {
            let shown = format!("{}: {}", whole.values(), first_sentence(whole.meaning));
            push(
                outer_part + value,
                shown,
                &format!("{value}: {}", whole.meaning),
                &mut items,
            );
        }
    }
    let digits = field.outer.into_iter().chain(field.digits.iter());
    for digit in digits {
        for value_doc in digit.values.iter().filter(|v| v.allowed()) {
            for value in examples(value_doc) {
                let Some(number) = with_digit(typed.max(0), digit, value) else {
                    continue;
                };
                // The spec's sentence, as the issue and the spec's own example annotate a
                // digit: `a = 2: All cards show the image`.
                let detail = format!(
                    "{} = {value}: {}",
                    digit.letter,
                    first_sentence(value_doc.meaning)
                );
                let meaning = format!("`{}` = {value}: {}", digit.letter, value_doc.meaning);
                push(number, detail, &meaning, &mut items);
            }
        }
    }
    items
}

/// The first sentence of the spec's words, without its full stop: an item's detail.
fn first_sentence(meaning: &str) -> &str {
    meaning
        .split(". ")
        .next()
        .unwrap_or(meaning)
        .trim_end_matches('.')
}

/// The values of a value or range worth offering: each of a short range, the first (and a
/// round example) of a long one.
fn examples(doc: &ValueDoc) -> Vec<i64> {
    match (doc.lo, doc.hi) {
        (i64::MIN, hi) => vec![hi.min(-1)],
        (lo, hi) if hi.saturating_sub(lo) <= 12 => (lo..=hi).collect(),
        (lo, _) => vec![lo],
    }
}

/// `number` with the digit (group) of `digit` set to `value`.
fn with_digit(number: i64, digit: &DigitDoc, value: i64) -> Option<i64> {
    let place = 10i64.checked_pow(digit.place)?;
    let below = number % place;
    let above = match digit.width {
        Width::One => number / place / 10 * 10,
        Width::Two => number / place / 100 * 100,
        Width::Rest => 0,
    };
    above
        .checked_add(value)?
        .checked_mul(place)?
        .checked_add(below)
}

/// A snippet for a whole pile line: each field a placeholder named by its pattern.
fn new_pile(number: usize, line: &LineWords) -> Completion {
    let context = if number == 1 {
        Context::Stock
    } else {
        Context::Pile
    };
    let docs: Vec<&FieldDoc> = (1..=11u8)
        .filter_map(|f| fields::field_doc(context, f))
        .collect();
    let snippet: Vec<String> = docs
        .iter()
        .enumerate()
        .map(|(i, f)| format!("${{{}:{}}}", i + 1, f.pattern))
        .collect();
    let list: Vec<String> = docs
        .iter()
        .map(|f| format!("{} `{}` {}", f.number, f.pattern, f.name))
        .collect();
    let mut item = Completion::new(
        if number == 1 {
            "stock line"
        } else {
            "pile line"
        },
        CompletionKind::Snippet,
        line.range.clone(),
    )
    .detail(format!("pile {number}: eleven numbers to fill in"))
    .documentation(format!(
        "**A new pile line** (pile {number}{}): {}.",
        if number == 1 { ", the stock" } else { "" },
        list.join(" · ")
    ));
    item.insert = Some(snippet.join(" "));
    item.snippet = true;
    item
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_is_written_into_the_number_typed() {
        let field = fields::field_doc(Context::Pile, 6).unwrap();
        let b = &field.digits[1];
        assert_eq!(with_digit(102, b, 2), Some(122));
        assert_eq!(with_digit(0, &field.digits[0], 2), Some(2));
        assert_eq!(with_digit(5, &field.digits[3], 1), Some(1005));
    }
}
