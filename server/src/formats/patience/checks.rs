//! The checks of a Patience game definition, over the typed view: the name, the counts line,
//! each pile line (its length and every digit of every field, by the tables of
//! [`super::fields`]) and the rules that tie the piles together.

use std::ops::Range;

use super::codes::*;
use super::fields::{self, Context, DigitReading, FieldDoc, ValueDoc};
use super::view::{FIELDS, FIELDS_WITH_RULE_SET_2, GameView, Number, Pile, Slot, Text};
use crate::findings::{Finding, Severity};
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
    let mut checker = Checker { doc, view, out };
    checker.name();
    checker.text_lines();
    if view.counts.is_none() && !view.head_error {
        let at = view.name.as_ref().map_or(0, |n| n.range.end);
        checker.push(
            Severity::Error,
            COUNTS_MISSING,
            at..at,
            "the file ends after the name: line 2 must hold the number of decks and the number \
of piles (e.g. `1 13`), and one line of numbers per pile follows"
                .to_string(),
        );
    }
    if view.head_broken {
        // Which line is the counts line, and so which is the stock, is uncertain: the syntax
        // error says what to fix first.
        return;
    }
    checker.counts();
    let mut usable = Vec::with_capacity(view.piles.len());
    for pile in &view.piles {
        if checker.pile(pile) {
            usable.push(pile);
        }
    }
    checker.stock(&usable);
    checker.foundation_values(&usable);
    checker.deal(&usable);
    checker.winnable(&usable);
    checker.positions(&usable);
}

struct Checker<'a> {
    doc: &'a Document,
    view: &'a GameView,
    out: &'a mut Vec<Finding>,
}

impl Checker<'_> {
    fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        range: Range<usize>,
        message: String,
    ) {
        self.out.push(Finding::new(severity, code, range, message));
    }

    /// The 1-based line of a byte offset.
    fn line(&self, byte: usize) -> usize {
        let rope = self.doc.rope();
        rope.byte_to_line(byte.min(rope.len_bytes())) + 1
    }

    fn name(&mut self) {
        match &self.view.name {
            None => self.push(
                Severity::Error,
                NAME,
                0..0,
                "line 1 is empty, but it holds the game's name, which the game shows in the \
window bar: write the name on line 1 (the counts line `decks piles` follows on line 2)"
                    .to_string(),
            ),
            Some(name) if name.text.is_empty() => self.push(
                Severity::Error,
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
                "`{}` is not a pile line: a pile line starts with its numbers (11, or 15 with a \
second rule set), and the game has no notes or comments; delete this text (blank lines are \
fine between piles)",
                shorten(&line.text)
            );
            self.push(Severity::Warning, TEXT_LINE, line.range.clone(), message);
        }
    }

    fn trailing(&mut self, text: &Text, after: &str) {
        let message = format!(
            "`{}` after {after} is ignored by the game: it reads only the numbers; delete the \
text",
            shorten(&text.text)
        );
        self.push(
            Severity::Warning,
            TRAILING_TEXT,
            text.range.clone(),
            message,
        );
    }

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
                    self.push(Severity::Error, DECKS, decks.range.clone(), message);
                }
            }
        }
        let Some(piles) = &counts.piles else {
            return;
        };
        match piles.value {
            Some(1..=MAX_PILES) => {
                if !counts.broken {
                    self.pile_count(piles);
                }
            }
            value => {
                let message = format!(
                    "the number of piles is {}, but a game has 1 to {MAX_PILES} piles, the stock \
included ({} {} here); write a number from 1 to {MAX_PILES}",
                    shown(value, piles),
                    plural(self.view.piles.len(), "pile line", "pile lines"),
                    if self.view.piles.len() == 1 {
                        "follows"
                    } else {
                        "follow"
                    },
                );
                self.push(Severity::Error, PILE_LIMIT, piles.range.clone(), message);
            }
        }
    }

    fn pile_count(&mut self, declared: &Number) {
        let Some(declared_count) = declared.value.and_then(|v| usize::try_from(v).ok()) else {
            return;
        };
        let found = self.view.piles.len();
        if found == declared_count {
            return;
        }
        let line = self.line(declared.range.start);
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
            self.push(Severity::Error, PILE_COUNT, declared.range.clone(), message);
            let at = self
                .view
                .piles
                .last()
                .map(|p| p.range.end)
                .or_else(|| self.view.counts.as_ref().map(|c| c.range.end))
                .unwrap_or(self.view.len);
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
            self.push(Severity::Error, PILE_COUNT, at..at, message);
        } else {
            let surplus = &self.view.piles[declared_count..];
            let message = format!(
                "line {line} says {declared_count} piles, but {lines} (the stock \
included); the game reads only the first {declared_count}: write {found} here, or delete the \
extra lines"
            );
            self.push(Severity::Error, PILE_COUNT, declared.range.clone(), message);
            let (Some(first), Some(last)) = (surplus.first(), surplus.last()) else {
                return;
            };
            let which = if surplus.len() == 1 {
                format!("pile line {} is", first.number)
            } else {
                format!("pile lines {}–{} are", first.number, last.number)
            };
            let message = format!(
                "{which} beyond the {declared_count} piles line {line} declares; the game does \
not read {}",
                if surplus.len() == 1 { "it" } else { "them" }
            );
            self.push(
                Severity::Error,
                PILE_COUNT,
                first.range.start..last.range.end,
                message,
            );
        }
    }

    /// The checks of one pile line; `true` when its fields can be trusted for the checks that
    /// compare piles (it has at least 11 numbers).
    fn pile(&mut self, pile: &Pile) -> bool {
        if let Some(text) = &pile.trailing {
            let after = if pile.is_stock() {
                "the numbers of the stock (pile 1)".to_string()
            } else {
                format!("the numbers of pile {}", pile.number)
            };
            self.trailing(text, &after);
        }
        let found = pile.numbers.len();
        let expected = pile.expected_len();
        if found != expected {
            self.field_count(pile);
        }
        let checked = if found >= expected {
            expected
        } else {
            // A rule set 2 with missing numbers: which are missing is uncertain.
            found.min(FIELDS)
        };
        if found < FIELDS {
            return false;
        }
        for index in 0..checked {
            if let (Some(slot), Some(number)) = (pile.slot(index), pile.numbers.get(index)) {
                self.field(pile, slot, number);
            }
        }
        true
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
        let who = who(pile);
        let (range, message) = if pile.is_stock() {
            let range = if found > FIELDS { from(FIELDS) } else { all };
            (
                range,
                format!(
                    "the stock (pile 1) has {found} numbers, but the stock line has exactly 11: \
n x y v w dcba e f g h i (a second rule set is only for other piles)"
                ),
            )
        } else if pile.rule_set_mode() == 0 {
            if found == FIELDS_WITH_RULE_SET_2 {
                let field_11 = pile.value(11).unwrap_or_default();
                (
                    from(FIELDS),
                    format!(
                        "{who} has 15 numbers, but field 11 ({field_11}) has no thousands part, \
so the game reads only 11: add 1000–6000 to field 11 to make numbers 12–15 a second rule set, \
or delete them"
                    ),
                )
            } else if found > FIELDS {
                (
                    from(FIELDS),
                    format!(
                        "{who} has {found} numbers, but a pile line has 11, or 15 when field 11 \
has a thousands part (a second rule set); delete the extra numbers"
                    ),
                )
            } else {
                (
                    all,
                    format!(
                        "{who} has {found} numbers, but a pile line has 11: n x y v w dcba e ccba \
edcba baa (d)cba; add {}",
                        missing(FIELDS - found)
                    ),
                )
            }
        } else {
            let field_11 = pile.field(11);
            let value = pile.value(11).unwrap_or_default();
            if found == FIELDS {
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
            } else if found < FIELDS_WITH_RULE_SET_2 {
                (
                    from(FIELDS),
                    format!(
                        "{who} has {found} numbers, but with a second rule set (field 11 is \
{value}) it has 15: fields 8–11 of rules 2 after field 11; add {}",
                        missing(FIELDS_WITH_RULE_SET_2 - found)
                    ),
                )
            } else {
                (
                    from(FIELDS_WITH_RULE_SET_2),
                    format!(
                        "{who} has {found} numbers, but a pile line with a second rule set has \
15; delete the extra numbers"
                    ),
                )
            }
        };
        self.push(Severity::Error, FIELD_COUNT, range, message);
    }

    /// One number of a pile line, by its field's table.
    fn field(&mut self, pile: &Pile, slot: Slot, number: &Number) {
        let Some(doc) = slot.doc() else {
            return;
        };
        let code = field_code(slot, doc);
        // Worded only when a finding needs it: most fields of a big file are fine.
        let label = || field_label(pile, slot, doc);
        let Some(value) = number.value else {
            let message = format!("{} is too large a number for the game", label());
            self.push(Severity::Error, code, number.range.clone(), message);
            return;
        };
        let decoded = fields::decode(doc, value, number.written);
        if decoded.negative {
            let message = format!(
                "{} is {value}, but it is made of digits (`{}`) and cannot be negative",
                label(),
                doc.pattern
            );
            self.push(Severity::Error, code, number.range.clone(), message);
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
                    self.push(Severity::Error, code, number.range.clone(), message);
                }
                None => {
                    let message = format!(
                        "{} is {value}; allowed: {}",
                        label(),
                        fields::allowed_list(doc.whole)
                    );
                    self.push(Severity::Error, code, number.range.clone(), message);
                }
            }
            return;
        }
        if let Some(outer) = &decoded.outer {
            self.digit(&label, number, outer, code, true);
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
                self.push(Severity::Warning, RULES_IGNORED, range, message);
            }
        }
        if decoded.whole.is_some() {
            return;
        }
        if let Some((above, span)) = &decoded.excess {
            let message = format!(
                "{} is {value}: `{}` has {} digits, and the game reads no digit before {}; \
remove `{above}`",
                label(),
                doc.pattern,
                doc.pattern
                    .chars()
                    .filter(char::is_ascii_alphabetic)
                    .count(),
                doc.digits.last().map_or("", |d| d.letter),
            );
            self.push(Severity::Error, code, number.sub_range(span), message);
        }
        for reading in &decoded.digits {
            self.digit(&label, number, reading, code, false);
        }
    }

    /// One digit of a number; `thousands` for the outer group of field 11.
    fn digit(
        &mut self,
        label: &dyn Fn() -> String,
        number: &Number,
        reading: &DigitReading,
        code: &'static str,
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
        self.push(Severity::Error, code, range, message);
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
            let line = self
                .view
                .counts
                .as_ref()
                .map_or(2, |c| self.line(c.range.start));
            let message = format!(
                "the stock (pile 1) holds {cards} cards, but with {decks} {} (line {line}) it \
holds 52 × {decks} = {}: write {}",
                if decks == 1 { "deck" } else { "decks" },
                decks * DECK,
                decks * DECK
            );
            self.push(Severity::Error, STOCK_SIZE, field.range.clone(), message);
        }
        if let (Some(waste @ 2..=MAX_PILES), Some(field)) = (stock.value(11), stock.field(11)) {
            let piles = self.view.piles.len();
            if usize::try_from(waste).is_ok_and(|w| w > piles) {
                let message = format!(
                    "the stock (pile 1), field 11 `i` (wastepile number) is {waste}, but the \
game has only {}: write the number of the wastepile (most often 2), or 0 when there is none",
                    plural(piles, "pile", "piles")
                );
                self.push(Severity::Error, STOCK_FIELD, field.range.clone(), message);
            }
        }
    }

    /// c = 6: the first such pile deals the one card that sets the foundation value, the later
    /// ones none.
    fn foundation_values(&mut self, usable: &[&Pile]) {
        let mut first: Option<usize> = None;
        for pile in usable.iter().filter(|p| !p.is_stock()) {
            if pile.lay_digit(2) != Some(6) {
                continue;
            }
            let (Some(cards), Some(field)) = (pile.value(1), pile.field(1)) else {
                continue;
            };
            match first {
                None => {
                    first = Some(pile.number);
                    if cards != 1 {
                        let message = format!(
                            "pile {} is the first pile whose field 6 has c = 6 (foundation value \
from the first card), so it is dealt exactly 1 card, which sets the foundation value; field 1 is \
{cards}: write 1",
                            pile.number
                        );
                        self.push(
                            Severity::Error,
                            FOUNDATION_VALUE,
                            field.range.clone(),
                            message,
                        );
                    }
                }
                Some(first) => {
                    if cards != 0 {
                        let message = format!(
                            "pile {} has c = 6 in field 6 like pile {first}, which is dealt the \
card that sets the foundation value, so this pile is dealt no card; field 1 is {cards}: write 0",
                            pile.number
                        );
                        self.push(
                            Severity::Error,
                            FOUNDATION_VALUE,
                            field.range.clone(),
                            message,
                        );
                    }
                }
            }
        }
    }

    /// The cards dealt to the piles must come out of the stock.
    fn deal(&mut self, usable: &[&Pile]) {
        let Some(stock) = usable.first().filter(|p| p.is_stock()) else {
            return;
        };
        let Some(available) = stock.value(1).filter(|v| *v >= 0) else {
            return;
        };
        let mut dealt: i64 = 0;
        for pile in usable.iter().skip(1) {
            let Some(cards) = pile.value(1).filter(|v| *v > 0) else {
                continue;
            };
            dealt = dealt.saturating_add(cards);
            if dealt > available {
                let Some(field) = pile.field(1) else {
                    return;
                };
                let message = format!(
                    "the deal runs out of cards at pile {}: the piles up to here are dealt \
{dealt} cards, but the stock (pile 1) holds {available}; deal fewer cards (field 1)",
                    pile.number
                );
                self.push(
                    Severity::Warning,
                    STOCK_EXHAUSTED,
                    field.range.clone(),
                    message,
                );
                return;
            }
        }
    }

    /// Some pile must say how many cards it holds when the game is won.
    fn winnable(&mut self, usable: &[&Pile]) {
        let mut any = false;
        for pile in usable {
            match pile.value(7) {
                Some(0..=998) => return,
                Some(_) => any = true,
                None => {}
            }
        }
        let Some(counts) = &self.view.counts else {
            return;
        };
        if any {
            self.push(
                Severity::Warning,
                UNWINNABLE,
                counts.range.clone(),
                "no pile has a won-game count (field 7 from 0 to 998), so the game can never be \
won: give the foundation piles the number of cards they hold when the game is won (mostly 13), \
or 0 for piles that must be emptied"
                    .to_string(),
            );
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
            let who = who(pile);
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
                self.push(
                    Severity::Information,
                    OFF_WINDOW,
                    x_field.range.start..y_field.range.end,
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
                self.push(Severity::Warning, POSITION, x_field.range.clone(), message);
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
                self.push(Severity::Warning, POSITION, y_field.range.clone(), message);
            }
        }
    }
}

/// The code of a value problem in a field.
fn field_code(slot: Slot, doc: &FieldDoc) -> &'static str {
    if slot.context == Context::Stock && slot.field >= 8 {
        STOCK_FIELD
    } else if doc.digits.is_empty() {
        VALUE
    } else {
        DIGIT
    }
}

/// `pile 3`, or `the stock (pile 1)`.
fn who(pile: &Pile) -> String {
    if pile.is_stock() {
        "the stock (pile 1)".to_string()
    } else {
        format!("pile {}", pile.number)
    }
}

/// How a message names a field: `pile 3, field 6 `dcba` (how the cards lie)`.
fn field_label(pile: &Pile, slot: Slot, doc: &FieldDoc) -> String {
    match slot.context {
        Context::RuleSet2 => format!(
            "pile {}, rule set 2, field {} `{}` ({}; number {} on the line)",
            pile.number,
            slot.field,
            doc.pattern,
            doc.name,
            slot.index + 1
        ),
        _ => format!(
            "{}, field {} `{}` ({})",
            who(pile),
            slot.field,
            doc.pattern,
            doc.name
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

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// At most 40 characters of a text, for messages.
fn shorten(text: &str) -> String {
    let mut chars = text.chars();
    let shown: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{shown}…")
    } else {
        shown
    }
}
