//! Hover help for Patience files: every number names its field and, for digit-coded fields,
//! reads each digit in its context (stock, other pile, second rule set), from the same digit
//! tables the checks use, and what the rules engine chose where the spec is silent about the
//! value ([`fields::choice`]). The first number of a pile line also sums up the pile.

use super::fields::{self, Context};
use super::study::Known;
use super::view::{GameView, Pile};
use crate::answers::Hover;
use crate::findings::plural;
use crate::formats::Searched;
use crate::syntax::Document;

/// The hover at `offset`; `searched`: what the session's searches found (how often the game is
/// won, told on its name).
pub fn hover(doc: &Document, offset: usize, searched: Option<&Searched>) -> Option<Hover> {
    let view = GameView::new(doc);
    if let Some(name) = view.name.as_ref().filter(|n| n.range.contains(&offset)) {
        let mut markdown = format!(
            "**Game name** {}: shown in the window bar. The file name must not contain `-`, which \
the program uses in its statistics file names.",
            name.text
        );
        if let Some(line) = searched.and_then(|s| Known::of(doc, s).headline()) {
            markdown.push_str(&format!(
                "\n\n**How often it is won** (searched in the background): {line} \
`retroboard solve FILE` searches {} positions a deal.",
                crate::text::thousands(super::winnable::POSITIONS)
            ));
        }
        return Some(Hover {
            range: name.range.clone(),
            markdown,
        });
    }
    if let Some(counts) = &view.counts {
        let piles_written = view.piles.len();
        if let Some(decks) = counts.decks.as_ref().filter(|n| touches(&n.range, offset)) {
            let value = decks.value.unwrap_or_default();
            let markdown = format!(
                "**Number of decks** {value}: {} of 52 cards, so the stock (the first pile) holds \
{} cards. Allowed: 1–8.",
                plural(value, "deck", "decks"),
                value.saturating_mul(52)
            );
            return Some(Hover {
                range: decks.range.clone(),
                markdown,
            });
        }
        if let Some(piles) = counts.piles.as_ref().filter(|n| touches(&n.range, offset)) {
            let markdown = format!(
                "**Number of piles** {}: every pile line, the stock included ({piles_written} \
written). Allowed: 1–150.",
                piles.value.unwrap_or_default()
            );
            return Some(Hover {
                range: piles.range.clone(),
                markdown,
            });
        }
    }
    let pile = view.piles.iter().find(|p| p.range.contains(&offset))?;
    if let Some(text) = pile.trailing.as_ref().filter(|t| t.range.contains(&offset)) {
        let markdown = "**Text after the numbers**: ignored by the game.".to_string();
        return Some(Hover {
            range: text.range.clone(),
            markdown,
        });
    }
    let (slot, number) = pile
        .number_at(offset)
        .filter(|(_, n)| n.range.contains(&offset))?;
    let Some(slot) = slot else {
        let markdown = format!(
            "**Number {} of pile {}**: past the fields of this pile (11, or 15 with a second rule \
set); the game does not read it.",
            slot_index(pile, number.range.start),
            pile.number
        );
        return Some(Hover {
            range: number.range.clone(),
            markdown,
        });
    };
    let field = slot.doc()?;
    let value = number.value?;
    let mut lines = fields::explain(field, value, number.written);
    let header = if lines.is_empty() {
        String::new()
    } else {
        lines.remove(0)
    };
    // The digit under the cursor (counted from the number's last digit), read first.
    let place = (number.range.end - 1).saturating_sub(offset) as u32;
    let under = field
        .digits
        .iter()
        .chain(field.outer)
        .find(|d| {
            let width = match d.width {
                fields::Width::One => 1,
                fields::Width::Two => 2,
                fields::Width::Rest => u32::MAX - d.place,
            };
            d.place <= place && place - d.place < width
        })
        .map(|d| d.letter);
    let (under, lines) = digits_first_to_last(lines, under);
    let rule_set = if slot.context == Context::RuleSet2 {
        ", rule set 2"
    } else {
        ""
    };
    let mut markdown = format!(
        "**{}** — pile {} ({}{rule_set})",
        capitalise(&header),
        pile.number,
        view.role(pile)
    );
    if let Some(under) = under {
        markdown = format!("**{under}**\n\n{markdown}");
    }
    if !lines.is_empty() {
        markdown.push_str("\n\n");
        markdown.push_str(&lines.join(" · "));
    }
    for choice in fields::play_choices(slot.context, field, value, number.written) {
        markdown.push_str(&format!(
            "\n\nIn play (the spec does not say): {}.",
            choice.words
        ));
    }
    if slot.index == 0 {
        markdown.push_str("\n\n");
        markdown.push_str(&summary(&view, pile));
    }
    Some(Hover {
        range: number.range.clone(),
        markdown,
    })
}

/// The explanation's digit lines units first (`a` before `b`), zeros included (a 0 has its own
/// meaning: vertical cards, all cards shuffled together); other lines (whole values) first, as
/// they come. The line of the digit `under` the cursor is taken out, to be read first.
fn digits_first_to_last(lines: Vec<String>, under: Option<&str>) -> (Option<String>, Vec<String>) {
    let mut plain = Vec::new();
    let mut digits: Vec<Vec<String>> = Vec::new();
    for line in lines {
        let digit = line.split_once(" = ").filter(|(letter, _)| {
            !letter.is_empty() && letter.chars().all(|c| c.is_ascii_lowercase())
        });
        match digit {
            Some(_) => digits.push(vec![line]),
            // A detail line (the mark and mask of `cc`) belongs to the digit above it.
            None if line.starts_with(' ') && !digits.is_empty() => {
                if let Some(last) = digits.last_mut() {
                    last.push(line.trim().to_string());
                }
            }
            None => plain.push(line),
        }
    }
    let joined = |group: Vec<String>| match group.split_first() {
        // `cc = 10: mark 0, mask 2 (…). A mark (1–4, …) …`: the reading before the general text.
        Some((first, details)) if !details.is_empty() => match first.split_once(": ") {
            Some((digit, meaning)) => format!("{digit}: {}. {meaning}", details.join(", ")),
            None => group.join(", "),
        },
        _ => group.join(", "),
    };
    let mut first = None;
    for group in digits.into_iter().rev() {
        let letter = group[0].split_once(" = ").map(|(letter, _)| letter);
        if first.is_none() && letter.is_some() && letter == under {
            first = Some(joined(group));
        } else {
            plain.push(joined(group));
        }
    }
    (first, plain)
}

fn touches(range: &std::ops::Range<usize>, offset: usize) -> bool {
    range.contains(&offset)
}

fn slot_index(pile: &Pile, start: usize) -> usize {
    pile.numbers
        .iter()
        .position(|n| n.range.start == start)
        .map_or(0, |i| i + 1)
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The pile in one line: its number, role, cards dealt and how they lie.
fn summary(view: &GameView, pile: &Pile) -> String {
    let dealt = pile.value(1).unwrap_or_default();
    let face = pile.face().map_or("unknown", |v| v.short);
    let place = match (pile.value(2), pile.value(3)) {
        (Some(x), Some(y)) if y <= -99 => format!("not shown (x {x}, y {y})"),
        (Some(x), Some(y)) => format!("at ({x}, {y})"),
        _ => "at ?".to_string(),
    };
    format!(
        "Pile {} of {}: {}, {} dealt, {place}, {face}.",
        pile.number,
        view.piles.len(),
        view.role(pile),
        plural(dealt, "card", "cards")
    )
}
