//! The checks of a Patience game definition, over the typed view: the name, the counts line,
//! each pile line (its length and every digit of every field, by the tables of
//! [`super::fields`]) and the rules that tie the piles together.

use std::ops::Range;

use super::codes::*;
use super::fields::{self, Context, DigitReading, FieldDoc, ValueDoc};
use super::fixes::{delete_lines, delete_with_blanks, missing_field, write};
use super::view::{Counts, FIELDS, FIELDS_WITH_RULE_SET_2, GameView, Number, Pile, Slot, Text};
use crate::findings::{Code, Finding, Fix, Related, plural};
use crate::syntax::Document;

/// The most decks the game deals.
pub const MAX_DECKS: i64 = 8;
/// The most piles a game may have, the stock included.
pub const MAX_PILES: i64 = 150;
/// Cards per deck.
pub const DECK: i64 = 52;
/// A pile whose y coordinate is this or less is not seen.
pub const INVISIBLE_Y: i64 = -99;

/// Every finding of the view (the file name is checked by [`super::file_name_findings`]).
pub fn check(doc: &Document, view: &GameView, out: &mut Vec<Finding>) {
    Checker { doc, view, out }.run();
}

struct Checker<'a> {
    doc: &'a Document,
    view: &'a GameView,
    out: &'a mut Vec<Finding>,
}

impl<'a> Checker<'a> {
    /// Every check, in the order findings at the same place are reported.
    fn run(&mut self) {
        let view = self.view;
        self.name();
        self.text_lines();
        if view.counts.is_none() && !view.head_error {
            let at = view.name.as_ref().map_or(0, |n| n.range.end);
            self.push(
                COUNTS_MISSING,
                at..at,
                "the file ends after the name: line 2 must hold the number of decks and the \
number of piles (e.g. “1 13”), and one line of numbers per pile follows"
                    .to_string(),
            );
        }
        if view.head_broken {
            // Which line is the counts line, and so which is the stock, is uncertain: the syntax
            // error says what to fix first.
            return;
        }
        self.counts();
        let usable = view.usable();
        for pile in &view.piles {
            self.pile(pile);
        }
        self.stock(&usable);
        self.foundation_values(&usable);
        self.deal(&usable);
        self.out.extend(super::deal_checks::findings(view, &usable));
        self.winnable(&usable);
        self.positions(&usable);
        self.same_place(&usable);
        self.past_window(&usable);
    }

    /// Two visible piles at the same place: the later one is drawn over the earlier and hides
    /// it. Filler piles (no cards and no rules, only a place) hide nothing and are left out.
    fn same_place(&mut self, usable: &[&Pile]) {
        let mut seen: Vec<(i64, i64, usize)> = Vec::new();
        for pile in usable {
            let (Some(x), Some(y), Some(x_field), Some(y_field)) =
                (pile.value(2), pile.value(3), pile.field(2), pile.field(3))
            else {
                continue;
            };
            let filler = pile
                .numbers
                .iter()
                .enumerate()
                .all(|(i, n)| i == 1 || i == 2 || n.value == Some(0));
            if y <= INVISIBLE_Y || filler {
                continue;
            }
            match seen.iter().find(|(sx, sy, _)| (*sx, *sy) == (x, y)) {
                Some((_, _, first)) => {
                    let message = format!(
                        "{PILE_NAME} is at ({x}, {y}), where pile {first} lies too: the later pile \
is drawn over the earlier one and hides it; move one of them (piles are 71 × 96, so 79 apart \
side by side)"
                    );
                    self.push_named(
                        SAME_PLACE,
                        x_field.range.start..y_field.range.end,
                        pile,
                        message,
                    );
                }
                None => seen.push((x, y, pile.number)),
            }
        }
    }

    /// Piles whose dealt cards, fanned, reach past the window: the game sizes its window to the
    /// largest x + 71 and y + 96 of the piles (the spec, "Advanced"), so their last cards are
    /// cut off; more room takes a filler pile `0 x y 0 0 0 0 0 0 0 0`. One finding, on the first
    /// such pile, with one fix: the filler pile that makes room for all of them.
    fn past_window(&mut self, usable: &[&Pile]) {
        // With a pile count that is not the pile lines', which piles the game shows is
        // uncertain: that finding comes first.
        let declared = self
            .view
            .counts
            .as_ref()
            .and_then(|c| c.piles.as_ref()?.value);
        if declared != i64::try_from(self.view.piles.len()).ok() {
            return;
        }
        const CARD_WIDTH: i64 = 71;
        const CARD_HEIGHT: i64 = 96;
        let placed: Vec<(&Pile, i64, i64)> = usable
            .iter()
            .filter_map(|p| Some((*p, p.value(2)?, p.value(3)?)))
            .filter(|(_, _, y)| *y > INVISIBLE_Y)
            .collect();
        let window = placed.iter().fold((0i64, 0i64), |(r, b), (_, x, y)| {
            (
                r.max(x.saturating_add(CARD_WIDTH)),
                b.max(y.saturating_add(CARD_HEIGHT)),
            )
        });
        let mut past: Vec<&Pile> = Vec::new();
        let mut reach = window;
        for (pile, x, y) in &placed {
            let (Some(n), Some(v), Some(w)) = (pile.value(1), pile.value(4), pile.value(5)) else {
                continue;
            };
            if n < 2 || (v, w) == (0, 0) || n > 10_000 {
                continue;
            }
            let (width, height) = pile.card_size();
            let right = x
                .saturating_add((n - 1).saturating_mul(v))
                .saturating_add(width);
            let bottom = y
                .saturating_add((n - 1).saturating_mul(w))
                .saturating_add(height);
            if right > window.0 || bottom > window.1 {
                past.push(pile);
                reach = (reach.0.max(right), reach.1.max(bottom));
            }
        }
        let Some(first) = past.first() else {
            return;
        };
        let (Some(x_field), Some(y_field)) = (first.field(2), first.field(3)) else {
            return;
        };
        let filler = (
            (reach.0 - CARD_WIDTH).max(0),
            (reach.1 - CARD_HEIGHT).max(0),
        );
        let which = if past.len() == 1 {
            who(first.number)
        } else {
            format!(
                "piles {}",
                past.iter()
                    .map(|p| p.number.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let message = format!(
            "{which}: the dealt cards, fanned, reach to ({}, {}), past the window, which the game \
makes only as large as the piles' places need ({} × {}: the largest x + 71 and y + 96), so the \
last cards are cut off; add the filler pile “0 {} {} 0 0 0 0 0 0 0 0” the spec describes",
            reach.0, reach.1, window.0, window.1, filler.0, filler.1
        );
        let fix = self.filler_pile_fix(filler);
        self.out.push(
            Finding::new(PAST_WINDOW, x_field.range.start..y_field.range.end, message)
                .with_fix(fix),
        );
    }

    /// Adds the filler pile after the last pile line and counts it on line 2.
    fn filler_pile_fix(&self, (x, y): (i64, i64)) -> Option<Fix> {
        let count = self.view.counts.as_ref()?.piles.as_ref()?;
        let piles = count.value?;
        let last = self.view.piles.last()?;
        let rope = self.doc.rope();
        let eol = crate::findings::line_break(rope);
        let line = rope.byte_to_line(last.range.end.min(rope.len_bytes()));
        let line_end = if line + 1 < rope.len_lines() {
            rope.line_to_byte(line + 1)
        } else {
            rope.len_bytes()
        };
        let ends_with_break = line_end > 0 && matches!(rope.byte(line_end - 1), b'\n' | b'\r');
        let filler = format!("  0 {x:>3} {y:>3}   0   0    0   0   0    0   0   0");
        let insert = if ends_with_break {
            format!("{filler}{eol}")
        } else {
            format!("{eol}{filler}")
        };
        Fix::new(
            format!("Add the filler pile 0 {x} {y} 0 0 0 0 0 0 0 0 (and count it on line 2)"),
            rope,
            vec![
                super::fixes::write_number(self.doc, &count.range, piles + 1),
                crate::findings::TextEdit::insert(line_end, insert),
            ],
        )
    }

    fn push(&mut self, code: &'static Code, range: Range<usize>, message: String) {
        self.out.push(Finding::new(code, range, message));
    }

    /// Gives the finding pushed last these fixes.
    fn fix_last(&mut self, fixes: impl IntoIterator<Item = Fix>) {
        if let Some(last) = self.out.last_mut() {
            last.fixes.extend(fixes);
        }
    }

    /// A finding about a pile whose message names it with [`PILE_NAME`].
    fn push_named(
        &mut self,
        code: &'static Code,
        range: Range<usize>,
        pile: &Pile,
        message: String,
    ) {
        self.push_pile(code, range, pile, move |number| {
            message.replace(PILE_NAME, &who(number))
        });
    }

    /// A finding about a pile whose message names the pile's number.
    fn push_pile(
        &mut self,
        code: &'static Code,
        range: Range<usize>,
        pile: &Pile,
        message: impl Fn(usize) -> String + Send + Sync + 'static,
    ) {
        self.push(code, range, message(pile.number));
    }

    /// The 1-based line of a byte offset.
    fn line(&self, byte: usize) -> usize {
        let rope = self.doc.rope();
        rope.byte_to_line(byte.min(rope.len_bytes())) + 1
    }

    fn name(&mut self) {
        match &self.view.name {
            None => self.push(
                NAME,
                0..0,
                "line 1 is empty, but it holds the game's name, which the game shows in the \
window bar: write the name on line 1 (the counts line “decks piles” follows on line 2)"
                    .to_string(),
            ),
            Some(name) if name.text.is_empty() => self.push(
                NAME,
                name.range.clone(),
                "line 1 holds only blanks, but it is the game's name, which the game shows in \
the window bar: write the name there"
                    .to_string(),
            ),
            Some(_) => {}
        }
    }

    fn text_lines(&mut self) {
        for line in &self.view.text_lines {
            let message = format!(
                "“{}” is not a pile line: a pile line starts with its numbers (11, or 15 with a \
second rule set), and the game has no notes or comments; delete this text (blank lines are \
fine between piles)",
                shorten(&line.text)
            );
            self.push(TEXT_LINE, line.range.clone(), message);
            let fix = delete_lines(
                self.doc,
                "Delete this line",
                line.range.start,
                line.range.end,
            );
            self.fix_last([fix]);
        }
    }

    /// Text after the counts: deleting it is offered, never preferred (the game reads past
    /// it, and a number may be run into it).
    fn trailing(&mut self, text: &Text, after: &str) {
        self.push(
            TRAILING_TEXT,
            text.range.clone(),
            trailing_message(&shorten(&text.text), after),
        );
        let fix = delete_with_blanks(self.doc, "Delete the text", &text.range);
        self.fix_last([fix]);
    }

    /// The counts line, and the number of piles against the pile lines.
    fn counts(&mut self) {
        let Some(counts) = &self.view.counts else {
            return;
        };
        if let Some(text) = &counts.trailing {
            self.trailing(text, "the number of piles");
        }
        if let Some(decks) = &counts.decks {
            match decks.value {
                Some(1..=MAX_DECKS) => {}
                value => {
                    let message = format!(
                        "the number of decks is {}, but the game deals 1 to {MAX_DECKS} decks of \
52 cards; write a number from 1 to {MAX_DECKS}",
                        shown(value, decks)
                    );
                    self.push(DECKS, decks.range.clone(), message);
                }
            }
        }
        let Some(piles) = &counts.piles else {
            return;
        };
        let view = self.view;
        if self.doc.cut().is_some() && piles.value.is_some_and(|n| n > view.piles.len() as i64) {
            return; // the lines past the bound are not read: they may hold the rest
        }
        let surplus = |declared: usize| {
            let surplus = view.piles.get(declared..)?;
            let (first, last) = (surplus.first()?, surplus.last()?);
            Some((
                (first.number, first.range.start),
                (last.number, last.range.end),
            ))
        };
        let piles_end = view
            .piles
            .last()
            .map(|p| p.range.end)
            .or_else(|| view.counts.as_ref().map(|c| c.range.end))
            .unwrap_or(view.len);
        let line = self.line(piles.range.start);
        self.out.extend(pile_total(
            self.doc,
            counts,
            piles,
            line,
            view.piles.len(),
            piles_end,
            surplus,
        ));
    }

    /// The 1-based line of the counts line.
    fn counts_line(&self) -> usize {
        self.view
            .counts
            .as_ref()
            .map_or(2, |c| self.line(c.range.start))
    }

    /// The checks of one pile line.
    fn pile(&mut self, pile: &Pile) {
        let found = pile.numbers.len();
        let expected = pile.expected_len();
        let misread = pile.trailing.as_ref().filter(|_| found < expected);
        if let Some(text) = misread {
            // A word where a number is missing (like `l6` typed for `16`): the fault is the
            // word, not the numbers the game then lacks, nor the text it ignores.
            self.not_a_number(pile, text);
        } else if let Some(text) = &pile.trailing {
            let shown = shorten(&text.text);
            self.push_pile(TRAILING_TEXT, text.range.clone(), pile, move |number| {
                let after = if number == 1 {
                    "the numbers of the stock (pile 1)".to_string()
                } else {
                    format!("the numbers of pile {number}")
                };
                trailing_message(&shown, &after)
            });
            let fix = delete_with_blanks(self.doc, "Delete the text", &text.range);
            self.fix_last([fix]);
        }
        if found != expected && misread.is_none() {
            self.field_count(pile);
        }
        let checked = if found >= expected {
            expected
        } else {
            // A rule set 2 with missing numbers: which are missing is uncertain.
            found.min(FIELDS)
        };
        if found < FIELDS {
            return;
        }
        for index in 0..checked {
            if let (Some(slot), Some(number)) = (pile.slot(index), pile.numbers.get(index)) {
                self.field(pile, slot, number);
            }
        }
    }

    /// The first word of `text`, read where field `found + 1` of the pile should be.
    fn not_a_number(&mut self, pile: &Pile, text: &Text) {
        let word = text.text.split_whitespace().next().unwrap_or(&text.text);
        let start = text.range.start + text.text.find(word).unwrap_or(0);
        let field = pile.numbers.len() + 1;
        let message = format!(
            "“{}” is not a number: field {field} of {PILE_NAME} must be written with digits \
(0–9), as the game reads a pile line's numbers up to the first thing that is not one",
            shorten(word)
        );
        self.push_named(FIELD_COUNT, start..start + word.len(), pile, message);
    }

    fn field_count(&mut self, pile: &Pile) {
        let numbers = &pile.numbers;
        let found = numbers.len();
        let (Some(first), Some(last)) = (numbers.first(), numbers.last()) else {
            return;
        };
        let all = first.range.start..last.range.end;
        let from = |index: usize| match numbers.get(index) {
            Some(n) => n.range.start..last.range.end,
            None => all.clone(),
        };
        let who = PILE_NAME;
        let expected = pile.expected_len();
        if found > expected {
            // The game reads the numbers it needs and ignores the rest of the line, as it does
            // trailing text (the spec's own window filler has a 12th number).
            let maybe_rules_2 = pile.rule_set_mode() == 0 && found == FIELDS_WITH_RULE_SET_2;
            let message = if maybe_rules_2 {
                let field_11 = pile.value(11).unwrap_or_default();
                format!(
                    "numbers 12–15 of {who} are ignored by the game: field 11 ({field_11}) has no \
thousands part, so it reads only 11; add 1000–6000 to field 11 to make them a second rule set, or \
delete them"
                )
            } else {
                let surplus = found - expected;
                let (them, are) = if surplus == 1 {
                    ("the number", "is")
                } else {
                    ("the numbers", "are")
                };
                let reads = if expected == FIELDS_WITH_RULE_SET_2 {
                    "15 numbers (fields 8–11 of rules 2 after field 11)".to_string()
                } else if pile.is_stock() {
                    "11 numbers (a second rule set is only for other piles)".to_string()
                } else {
                    "11 numbers, or 15 when field 11 has a thousands part (a second rule set)"
                        .to_string()
                };
                format!(
                    "{them} after field {} of {who} {are} ignored by the game: it reads {reads}; \
delete {}",
                    if expected == FIELDS { 11 } else { 15 },
                    if surplus == 1 { "it" } else { "them" },
                )
            };
            self.push_named(TRAILING_TEXT, from(expected), pile, message);
            if let Some(kept) = numbers.get(expected - 1) {
                let surplus = found - expected;
                let title = if surplus == 1 {
                    "Delete the number the game ignores".to_string()
                } else {
                    format!("Delete the {surplus} numbers the game ignores")
                };
                let fix = Fix::one(
                    title,
                    crate::findings::TextEdit::delete(kept.range.end..last.range.end),
                );
                self.fix_last([fix]);
            }
            return;
        }
        let mut rules_1_only = None;
        // One number short, in a file of columns: where it belongs may be clear.
        let in_place = (expected == FIELDS && found + 1 == FIELDS)
            .then(|| self.reference_pile(pile))
            .flatten()
            .and_then(|reference| missing_field(self.doc, pile, reference));
        let (range, message) = if pile.is_stock() {
            (
                all,
                format!(
                    "the stock (pile 1) has {found} numbers, but the stock line has exactly 11: \
n x y v w dcba e f g h i; add {}",
                    missing(FIELDS - found)
                ),
            )
        } else if pile.rule_set_mode() == 0 {
            (
                all,
                format!(
                    "{who} has {found} numbers, but a pile line has 11: n x y v w dcba e ccba \
edcba baa (d)cba; add {}",
                    missing(FIELDS - found)
                ),
            )
        } else {
            let field_11 = pile.field(11);
            let value = pile.value(11).unwrap_or_default();
            if found == FIELDS {
                if let Some(field) = field_11 {
                    let mut fix = write(self.doc, &field.range, value % 1000);
                    fix.title = format!("Write {} (one rule set)", value % 1000);
                    rules_1_only = Some(fix);
                }
                (
                    field_11.map_or(all, |n| n.range.clone()),
                    format!(
                        "field 11 of {who} is {value}: its thousands ({}) announce a second rule \
set, so 4 more numbers (fields 8–11 of rules 2) must follow on the line; add them, or write {} \
for one rule set",
                        value / 1000 * 1000,
                        value % 1000
                    ),
                )
            } else {
                (
                    from(FIELDS),
                    format!(
                        "{who} has {found} numbers, but with a second rule set (field 11 is \
{value}) it has 15: fields 8–11 of rules 2 after field 11; add {}",
                        missing(FIELDS_WITH_RULE_SET_2 - found)
                    ),
                )
            }
        };
        self.push_named(FIELD_COUNT, range, pile, message);
        // The four numbers of rules 2 cannot be guessed; one rule set can be written.
        self.fix_last(rules_1_only.into_iter().chain(in_place));
    }

    /// The nearest pile line to `pile` with 11 numbers or more, the one before first: whose
    /// columns show where a missing number belongs.
    fn reference_pile(&self, pile: &Pile) -> Option<&'a Pile> {
        let piles = &self.view.piles;
        let at = pile.number.checked_sub(1)?;
        let whole = |p: &&Pile| p.numbers.len() >= FIELDS;
        piles[..at]
            .iter()
            .rev()
            .find(whole)
            .or_else(|| piles.get(at + 1..)?.iter().find(whole))
    }

    /// One number of a pile line, by its field's table.
    fn field(&mut self, pile: &Pile, slot: Slot, number: &Number) {
        let Some(doc) = slot.doc() else {
            return;
        };
        let code = field_code(slot, doc);
        // Worded only when a finding needs it: most fields of a big file are fine.
        let label = || field_label(slot, doc);
        let Some(value) = number.value else {
            let message = format!("{} is too large a number for the game", label());
            self.push_named(code, number.range.clone(), pile, message);
            return;
        };
        let decoded = fields::decode(doc, value, number.written);
        if decoded.negative {
            let message = format!(
                "{} is {value}, but it is made of digits (“{}”) and cannot be negative",
                label(),
                doc.pattern
            );
            self.push_named(code, number.range.clone(), pile, message);
            return;
        }
        if doc.digits.is_empty() {
            match decoded.whole {
                Some(v) if v.allowed() => {}
                Some(v) => {
                    let message = format!(
                        "{} is {value} ({}), but {}; allowed: {}",
                        label(),
                        v.short,
                        v.not_here.unwrap_or_default(),
                        fields::allowed_list(doc.whole)
                    );
                    self.push_named(code, number.range.clone(), pile, message);
                }
                None => {
                    let message = format!(
                        "{} is {value}; allowed: {}",
                        label(),
                        fields::allowed_list(doc.whole)
                    );
                    self.push_named(code, number.range.clone(), pile, message);
                }
            }
            return;
        }
        if let Some(outer) = &decoded.outer {
            self.digit(pile, &label, number, outer, code, true);
            if outer.meaning.is_some() && outer.value > 6 {
                let message = format!(
                    "{} is {value}: thousands above 6000 mean \"use rules 1 only\", so the \
second rule set (numbers 12–15) is never used; write 1000–6000 to choose when rules 2 apply, or \
write {} and delete the four numbers of rules 2",
                    label(),
                    value % 1000
                );
                let range = outer
                    .span
                    .as_ref()
                    .map_or(number.range.clone(), |s| number.sub_range(s));
                self.push_named(RULES_IGNORED, range, pile, message);
            }
        }
        if decoded.whole.is_some() {
            return;
        }
        if let Some((above, span)) = &decoded.excess {
            let message = format!(
                "{} is {value}: “{}” has {} digits, and the game reads no digit before {}; \
remove “{above}”",
                label(),
                doc.pattern,
                doc.pattern
                    .chars()
                    .filter(char::is_ascii_alphabetic)
                    .count(),
                doc.digits.last().map_or("", |d| d.letter),
            );
            self.push_named(code, number.sub_range(span), pile, message);
        }
        for reading in &decoded.digits {
            self.digit(pile, &label, number, reading, code, false);
        }
    }

    /// One digit of a number; `thousands` for the outer group of field 11.
    fn digit(
        &mut self,
        pile: &Pile,
        label: &dyn Fn() -> String,
        number: &Number,
        reading: &DigitReading,
        code: &'static Code,
        thousands: bool,
    ) {
        if reading.meaning.is_some_and(ValueDoc::allowed) {
            return;
        }
        let doc = reading.doc;
        let range = reading
            .span
            .as_ref()
            .map_or(number.range.clone(), |s| number.sub_range(s));
        let value = reading.value;
        let unwritten = if reading.span.is_none() && value == 0 {
            " (not written)"
        } else {
            ""
        };
        let found = match reading.meaning {
            Some(v) => format!(
                "{value}{unwritten} ({}), but {}",
                v.short,
                v.not_here.unwrap_or_default()
            ),
            None => format!("{value}{unwritten}, which the game does not know"),
        };
        let what = if thousands {
            format!("the thousands (digit {}, {}) are", doc.letter, doc.name)
        } else {
            format!("digit {} ({}) is", doc.letter, doc.name)
        };
        let message = format!(
            "{}: {what} {found}; allowed: {}",
            label(),
            fields::allowed_list(doc.values)
        );
        self.push_named(code, range, pile, message);
    }

    /// The stock's own rules: 52 cards per deck, and a wastepile that exists.
    fn stock(&mut self, usable: &[&Pile]) {
        let Some(stock) = usable.first().filter(|p| p.is_stock()) else {
            return;
        };
        if let (Some(decks @ 1..=MAX_DECKS), Some(cards), Some(field)) =
            (self.view.decks(), stock.value(1), stock.field(1))
            && cards >= 0
            && cards != decks * DECK
        {
            let line = self.counts_line();
            let message = format!(
                "the stock (pile 1) holds {cards} cards, but with {decks} {} (line {line}) it \
holds 52 × {decks} = {}: write {}",
                if decks == 1 { "deck" } else { "decks" },
                decks * DECK,
                decks * DECK
            );
            self.push(STOCK_SIZE, field.range.clone(), message);
            self.fix_last([write(self.doc, &field.range, decks * DECK)]);
            let decks_field = self.view.counts.as_ref().and_then(|c| c.decks.as_ref());
            if let (Some(last), Some(field)) = (self.out.last_mut(), decks_field) {
                last.related.push(Related::here(
                    self.doc.rope(),
                    field.range.clone(),
                    format!("the number of decks, {decks}"),
                ));
            }
        }
        self.out
            .extend(wastepile(self.doc, stock, self.view.piles.len()));
    }

    /// c = 6: the first such pile deals the one card that sets the foundation value, the later
    /// ones none.
    fn foundation_values(&mut self, usable: &[&Pile]) {
        let mut first: Option<usize> = None;
        for (number, cards, range) in foundations(usable) {
            let first = *first.get_or_insert(number);
            self.out
                .extend(foundation_value(self.doc, number, first, cards, range));
        }
    }

    /// The cards dealt to the piles must come out of the stock.
    fn deal(&mut self, usable: &[&Pile]) {
        let Some(available) = available(usable) else {
            return;
        };
        let mut dealt: i64 = 0;
        for (number, cards, range) in dealt_piles(usable) {
            dealt = dealt.saturating_add(cards);
            if dealt > available {
                self.out
                    .push(exhausted(number, dealt, available, range.clone()));
                return;
            }
        }
    }

    /// Some pile must say how many cards it holds when the game is won. A pile line too short
    /// to read (its finding says so) may hold that count: nothing is said then.
    fn winnable(&mut self, usable: &[&Pile]) {
        if usable.len() < self.view.piles.len() {
            return;
        }
        if let (
            Some(counts),
            WonCounts {
                some: false,
                any: true,
            },
        ) = (&self.view.counts, won_counts(usable))
        {
            self.out.push(unwinnable(counts.range.clone()));
        }
    }

    /// Piles must be inside the window; only y -99 or less hides one on purpose.
    fn positions(&mut self, usable: &[&Pile]) {
        for pile in usable {
            let (Some(x), Some(y), Some(x_field), Some(y_field)) =
                (pile.value(2), pile.value(3), pile.field(2), pile.field(3))
            else {
                continue;
            };
            if y <= INVISIBLE_Y {
                continue;
            }
            let who = PILE_NAME;
            let (width, height) = pile.card_size();
            let left = x.saturating_add(width) <= 0;
            let above = y.saturating_add(height) <= 0;
            if left || above {
                let side = match (left, above) {
                    (true, true) => "left of and above",
                    (true, false) => "left of",
                    _ => "above",
                };
                let message = format!(
                    "{who} at ({x}, {y}) lies wholly {side} the window, which starts at (0, 0) \
and grows right and down to hold the piles; its {width}×{height} cards cannot be seen. To hide a \
pile on purpose give it y -99 or less; else move it to 0 or more",
                );
                self.push_named(
                    OFF_WINDOW,
                    x_field.range.start..y_field.range.end,
                    pile,
                    message,
                );
                continue;
            }
            if x < 0 {
                let message = format!(
                    "{who}'s x position is {x}: its left {} {} cut off by the window's left \
edge; use 0 or more (only y -99 or less, which hides a pile, is meant to be negative)",
                    plural(
                        usize::try_from(x.unsigned_abs()).unwrap_or(usize::MAX),
                        "pixel",
                        "pixels"
                    ),
                    if x == -1 { "is" } else { "are" }
                );
                self.push_named(POSITION, x_field.range.clone(), pile, message);
                self.fix_last([write(self.doc, &x_field.range, 0)]);
            }
            if y < 0 {
                let message = format!(
                    "{who}'s y position is {y}: its top {} {} cut off by the window's top edge; \
use 0 or more to show it, or -99 or less to hide it",
                    plural(
                        usize::try_from(y.unsigned_abs()).unwrap_or(usize::MAX),
                        "pixel",
                        "pixels"
                    ),
                    if y == -1 { "is" } else { "are" }
                );
                self.push_named(POSITION, y_field.range.clone(), pile, message);
                let mut hide = write(self.doc, &y_field.range, INVISIBLE_Y);
                hide.title = format!("Write {INVISIBLE_Y} (hide the pile)");
                self.fix_last([write(self.doc, &y_field.range, 0), hide]);
            }
        }
    }
}

/// The code of a value problem in a field.
fn field_code(slot: Slot, doc: &FieldDoc) -> &'static Code {
    if slot.context == Context::Stock && slot.field >= 8 {
        STOCK_FIELD
    } else if doc.digits.is_empty() {
        VALUE
    } else {
        DIGIT
    }
}

/// Stands in a message for the pile's name ([`who`]), until the pile's number is known: the
/// messages it stands in hold no text of the file.
const PILE_NAME: &str = "\u{0}";

/// `pile 3`, or `the stock (pile 1)`.
fn who(number: usize) -> String {
    if number == 1 {
        "the stock (pile 1)".to_string()
    } else {
        format!("pile {number}")
    }
}

/// How a message names a field: `pile 3, field 6 `dcba` (how the cards lie)`, the pile named
/// by [`PILE_NAME`].
fn field_label(slot: Slot, doc: &FieldDoc) -> String {
    match slot.context {
        // Never the stock.
        Context::RuleSet2 => format!(
            "{PILE_NAME}, rule set 2, field {} “{}” ({}; number {} on the line)",
            slot.field,
            doc.pattern,
            doc.name,
            slot.index + 1
        ),
        _ => format!(
            "{PILE_NAME}, field {} “{}” ({})",
            slot.field, doc.pattern, doc.name
        ),
    }
}

/// A value for a message: the number, or its text when it is too large.
fn shown(value: Option<i64>, number: &Number) -> String {
    match value {
        Some(v) => v.to_string(),
        None => format!("a {}-digit number", number.written.digits),
    }
}

fn missing(count: usize) -> String {
    if count == 1 {
        "the missing number".to_string()
    } else {
        format!("the {count} missing numbers")
    }
}

/// At most 40 characters of a text, for messages.
fn shorten(text: &str) -> String {
    crate::text::shorten(text, 40)
}

/// The number of piles against the pile lines (`found` of them, the last ending at `piles_end`);
/// `surplus` gives, for the pile lines past a number, the first's number and start and the
/// last's number and end. `line` is the counts line's.
pub fn pile_total(
    doc: &Document,
    counts: &Counts,
    declared: &Number,
    line: usize,
    found: usize,
    piles_end: usize,
    surplus: impl FnOnce(usize) -> Option<((usize, usize), (usize, usize))>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    match declared.value {
        Some(1..=MAX_PILES) if !counts.broken => {}
        Some(1..=MAX_PILES) => return out,
        value => {
            let message = format!(
                "the number of piles is {}, but a game has 1 to {MAX_PILES} piles, the stock \
included ({} {} here); write a number from 1 to {MAX_PILES}",
                shown(value, declared),
                plural(found, "pile line", "pile lines"),
                if found == 1 { "follows" } else { "follow" },
            );
            out.push(Finding::new(PILE_LIMIT, declared.range.clone(), message));
            return out;
        }
    }
    let Some(declared_count) = declared.value.and_then(|v| usize::try_from(v).ok()) else {
        return out;
    };
    if found == declared_count {
        return out;
    }
    let lines = format!(
        "{} {}",
        plural(found, "pile line", "pile lines"),
        if found == 1 { "follows" } else { "follow" }
    );
    if found < declared_count {
        let missing = declared_count - found;
        let message = format!(
            "line {line} says {declared_count} piles, but {lines} (the stock \
included): {} missing; add {} or write {found} here",
            plural(missing, "pile is", "piles are"),
            if missing == 1 { "it" } else { "them" },
        );
        // The piles cannot be guessed; the count can be the lines there are.
        let write_found = (found > 0).then(|| write(doc, &declared.range, found));
        out.push(
            Finding::new(PILE_COUNT, declared.range.clone(), message).with_fix(write_found.clone()),
        );
        let which = if missing == 1 {
            format!("pile {declared_count} is")
        } else {
            format!("piles {}–{declared_count} are", found + 1)
        };
        let message = format!(
            "{which} missing here: line {line} says {declared_count} piles, and the file ends \
after {}",
            if found == 0 {
                "the counts line".to_string()
            } else {
                format!("pile {found}")
            }
        );
        let count = Related::here(
            doc.rope(),
            declared.range.clone(),
            format!("the number of piles, {declared_count}"),
        );
        out.push(
            Finding::new(PILE_COUNT, piles_end..piles_end, message)
                .with_fix(write_found)
                .with_related(Some(count)),
        );
    } else {
        let message = format!(
            "line {line} says {declared_count} piles, but {lines} (the stock \
included); the game reads only the first {declared_count}: write {found} here, or delete the \
extra lines"
        );
        let Some(((first, start), (last, end))) = surplus(declared_count) else {
            out.push(Finding::new(PILE_COUNT, declared.range.clone(), message));
            return out;
        };
        // Either may be meant: the count (when a game can have that many), or the lines past it.
        let fixes: Vec<Fix> = (found as i64 <= MAX_PILES)
            .then(|| write(doc, &declared.range, found))
            .into_iter()
            .chain([delete_lines(
                doc,
                "Delete the pile lines past the count",
                start,
                end,
            )])
            .collect();
        out.push(
            Finding::new(PILE_COUNT, declared.range.clone(), message).with_fixes(fixes.clone()),
        );
        let which = if first == last {
            format!("pile line {first} is")
        } else {
            format!("pile lines {first}–{last} are")
        };
        let message = format!(
            "{which} beyond the {declared_count} piles line {line} declares; the game does \
not read {}",
            if first == last { "it" } else { "them" }
        );
        let count = Related::here(
            doc.rope(),
            declared.range.clone(),
            format!("the number of piles, {declared_count}"),
        );
        out.push(
            Finding::new(PILE_COUNT, start..end, message)
                .with_fixes(fixes.into_iter().rev())
                .with_related(Some(count)),
        );
    }
    out
}

fn trailing_message(text: &str, after: &str) -> String {
    format!(
        "“{text}” after {after} is ignored by the game: it reads only the numbers; delete the text"
    )
}

/// A stock's wastepile (field 11) must be one of the file's `piles` piles.
pub fn wastepile(doc: &Document, stock: &Pile, piles: usize) -> Option<Finding> {
    let (Some(waste @ 2..=MAX_PILES), Some(field)) = (stock.value(11), stock.field(11)) else {
        return None;
    };
    usize::try_from(waste).is_ok_and(|w| w > piles).then(|| {
        let message = format!(
            "the stock (pile 1), field 11 “i” (wastepile number) is {waste}, but the game has \
only {}: write the number of the wastepile (most often 2), or 0 when there is none",
            plural(piles, "pile", "piles")
        );
        // Most games' wastepile is pile 2; which pile is meant, the file does not say.
        let two = (piles >= 2).then(|| write(doc, &field.range, 2));
        Finding::new(STOCK_FIELD, field.range.clone(), message)
            .with_fix(two)
            .with_fix(Some(write(doc, &field.range, 0)))
    })
}

/// The piles whose field 6 has c = 6 (foundation value from the first card), with their field
/// 1: (number, cards, range).
pub fn foundations<'a>(
    usable: &'a [&Pile],
) -> impl Iterator<Item = (usize, i64, &'a Range<usize>)> {
    usable
        .iter()
        .filter(|p| !p.is_stock() && p.lay_digit(2) == Some(6))
        .filter_map(|p| Some((p.number, p.value(1)?, &p.field(1)?.range)))
}

/// Pile `number`, with c = 6, dealt `cards` (field 1 at `range`): the first such pile (`first`)
/// is dealt 1 card, the later ones none.
pub fn foundation_value(
    doc: &Document,
    number: usize,
    first: usize,
    cards: i64,
    range: &Range<usize>,
) -> Option<Finding> {
    let should = i64::from(number == first);
    let message = if number == first {
        (cards != 1).then(|| {
            format!(
                "pile {number} is the first pile whose field 6 has c = 6 (foundation value from \
the first card), so it is dealt exactly 1 card, which sets the foundation value; field 1 is \
{cards}: write 1"
            )
        })
    } else {
        (cards != 0).then(|| {
            format!(
                "pile {number} has c = 6 in field 6 like pile {first}, which is dealt the card \
that sets the foundation value, so this pile is dealt no card; field 1 is {cards}: write 0"
            )
        })
    }?;
    Some(
        Finding::new(FOUNDATION_VALUE, range.clone(), message)
            .with_fix(Some(write(doc, range, should))),
    )
}

/// The cards of the stock, when the first usable pile is the stock and says how many.
pub fn available(usable: &[&Pile]) -> Option<i64> {
    let stock = usable.first().filter(|p| p.is_stock())?;
    stock.value(1).filter(|v| *v >= 0)
}

/// The piles after the stock dealt cards: (number, cards, field 1's range).
pub fn dealt_piles<'a>(
    usable: &'a [&Pile],
) -> impl Iterator<Item = (usize, i64, &'a Range<usize>)> {
    usable
        .iter()
        .skip(1)
        .filter_map(|p| Some((p.number, p.value(1).filter(|v| *v > 0)?, &p.field(1)?.range)))
}

/// The deal runs out of the stock's `available` cards at pile `number` (field 1 at `range`),
/// `dealt` cards dealt up to it.
pub fn exhausted(number: usize, dealt: i64, available: i64, range: Range<usize>) -> Finding {
    let message = format!(
        "the deal runs out of cards at pile {number}: the piles up to here are dealt {dealt} \
cards, but the stock (pile 1) holds {available}; deal fewer cards (field 1)"
    );
    Finding::new(STOCK_EXHAUSTED, range, message)
}

/// Whether piles have a won-game count (field 7 from 0 to 998), and any field 7 at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WonCounts {
    pub some: bool,
    pub any: bool,
}

pub fn won_counts(usable: &[&Pile]) -> WonCounts {
    let sevens = || usable.iter().filter_map(|pile| pile.value(7));
    WonCounts {
        some: sevens().any(|n| (0..=998).contains(&n)),
        any: sevens().next().is_some(),
    }
}

/// No pile has a won-game count, though some have field 7 (the counts line at `counts`).
pub fn unwinnable(counts: Range<usize>) -> Finding {
    Finding::new(
        UNWINNABLE,
        counts,
        "no pile has a won-game count (field 7 from 0 to 998), so the game can never be won: \
give the foundation piles the number of cards they hold when the game is won (mostly 13), or 0 \
for piles that must be emptied"
            .to_string(),
    )
}
