//! The typed view of a Patience game definition: the name, the counts line and every pile line
//! with the value and byte range of each number, built once from the syntax tree. Checks, hover
//! and the board preview read the file through it.
//!
//! ```text
//! Mysteriet                                  name      (line 1)
//!   2  34                                    counts    (decks, piles)
//! 104   4   4   0   0    0 999   1  999   0   2        pile 1: the stock
//!   0   4 108   0   2    2 999   1    0   0   0        pile 2
//!   6   4 110   0  16    1   0   1   32 999 1304   2   2 999 104     a pile with two rule sets
//! ```

use std::ops::Range;
use std::sync::Arc;

use tree_sitter::Node;

use super::checks::INVISIBLE_Y;
use super::fields::{self, Context, FieldDoc, ValueDoc, Written};
use crate::syntax::Document;

/// The numbers of a pile line with one rule set.
pub const FIELDS: usize = 11;
/// The numbers of a pile line with two rule sets (field 11 ≥ 1000, then fields 8–11 again).
pub const FIELDS_WITH_RULE_SET_2: usize = 15;

/// A Patience game definition.
#[derive(Debug, Default)]
pub struct GameView {
    /// Line 1, the name shown in the window bar; `None` when line 1 is empty.
    pub name: Option<Text>,
    /// The first non-blank line after line 1: the number of decks and of piles.
    pub counts: Option<Counts>,
    /// `true` when a syntax error stands before the counts line or on it, so that which line is
    /// the counts line (and which the stock) is uncertain: checks then leave the piles alone.
    pub head_broken: bool,
    /// A syntax error stands before the counts line (or there is no counts line after one).
    pub head_error: bool,
    /// Every pile line after the counts line, in order (the first is the stock).
    pub piles: Vec<Pile>,
    /// Lines after the counts line that start with no number.
    pub text_lines: Vec<Text>,
    /// The length of the text, in bytes.
    pub len: usize,
}

/// Free text and where it is (blanks at the ends not included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub text: String,
    pub range: Range<usize>,
}

/// One integer of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number {
    /// `None` when the number is too large for 64 bits.
    pub value: Option<i64>,
    pub range: Range<usize>,
    /// How it is written (sign, digit count with leading zeros), to find its digits.
    pub written: Written,
}

impl Number {
    /// The byte range of a span given relative to the number's start.
    pub fn sub_range(&self, relative: &Range<usize>) -> Range<usize> {
        let start = (self.range.start + relative.start).min(self.range.end);
        let end = (self.range.start + relative.end).clamp(start, self.range.end);
        start..end
    }
}

/// The counts line: `decks piles`.
#[derive(Clone, Debug)]
pub struct Counts {
    pub range: Range<usize>,
    pub decks: Option<Number>,
    /// `None` when the number of piles is missing (a syntax error).
    pub piles: Option<Number>,
    pub trailing: Option<Text>,
    /// The line has a syntax error (a missing or extra number).
    pub broken: bool,
}

/// One pile line.
#[derive(Clone, Debug)]
pub struct Pile {
    /// The pile's number as the game counts piles: 1 is the stock, 2 the next pile line...
    pub number: usize,
    /// The numbers, then any trailing text.
    pub range: Range<usize>,
    pub numbers: Vec<Number>,
    /// Text after the numbers (ignored by the game).
    pub trailing: Option<Text>,
}

/// Which field a number of a pile line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub context: Context,
    /// The spec's field number, 1–11 (8–11 in rule set 2).
    pub field: u8,
    /// The position on the line, 0-based.
    pub index: usize,
}

impl Slot {
    pub fn doc(&self) -> Option<&'static FieldDoc> {
        fields::field_doc(self.context, self.field)
    }
}

impl Pile {
    pub fn is_stock(&self) -> bool {
        self.number == 1
    }

    /// The context of fields 1–11.
    pub fn context(&self) -> Context {
        if self.is_stock() {
            Context::Stock
        } else {
            Context::Pile
        }
    }

    /// Field 1–11 of the first rule set.
    pub fn field(&self, number: u8) -> Option<&Number> {
        let index = usize::from(number).checked_sub(1)?;
        (index < FIELDS).then(|| self.numbers.get(index)).flatten()
    }

    /// The value of field 1–11, when present and not too large.
    pub fn value(&self, number: u8) -> Option<i64> {
        self.field(number).and_then(|n| n.value)
    }

    /// Field 8–11 of the second rule set (numbers 12–15 of the line).
    pub fn rule_set_2_field(&self, number: u8) -> Option<&Number> {
        let index = usize::from(number).checked_sub(8)? + FIELDS;
        (index < FIELDS_WITH_RULE_SET_2)
            .then(|| self.numbers.get(index))
            .flatten()
    }

    /// Field 11's thousands, which choose how a second rule set is used (0: none).
    pub fn rule_set_mode(&self) -> i64 {
        match self.value(11) {
            Some(v) if !self.is_stock() && v >= 1000 => v / 1000,
            _ => 0,
        }
    }

    /// How many numbers the line should have: 15 when field 11 has a thousands part (not on the
    /// stock), else 11.
    pub fn expected_len(&self) -> usize {
        if self.rule_set_mode() > 0 {
            FIELDS_WITH_RULE_SET_2
        } else {
            FIELDS
        }
    }

    /// The field the number at `index` stands for, or `None` past the fields of this pile.
    pub fn slot(&self, index: usize) -> Option<Slot> {
        let (context, field) = if index < FIELDS {
            (self.context(), index + 1)
        } else if index < self.expected_len() {
            (Context::RuleSet2, index - FIELDS + 8)
        } else {
            return None;
        };
        Some(Slot {
            context,
            field: u8::try_from(field).ok()?,
            index,
        })
    }

    /// The number at a byte offset (its end included) and its field, for hover.
    pub fn number_at(&self, byte: usize) -> Option<(Option<Slot>, &Number)> {
        let index = self.numbers.partition_point(|n| n.range.end < byte);
        let number = self.numbers.get(index)?;
        (number.range.start <= byte).then(|| (self.slot(index), number))
    }

    /// The card size on screen, (width, height): 71×96, or 96×71 for horizontal cards (field 6
    /// digit b = 2).
    pub fn card_size(&self) -> (i64, i64) {
        match self.value(6) {
            Some(v) if v >= 0 && (v / 10) % 10 == 2 => (96, 71),
            _ => (71, 96),
        }
    }

    /// A digit of field 6 (`dcba`): letter 0 = a, 1 = b, ...; `None` when the field is absent,
    /// negative or too large.
    pub fn lay_digit(&self, place: u32) -> Option<i64> {
        let value = self.value(6).filter(|v| *v >= 0)?;
        Some(value / 10i64.checked_pow(place)? % 10)
    }

    /// What a digit of field 6 means on this pile; `None` for a value the game does not know.
    pub fn lay_meaning(&self, place: u32) -> Option<&'static ValueDoc> {
        let digit = self.lay_digit(place)?;
        let field = fields::field_doc(self.context(), 6)?;
        field
            .digits
            .iter()
            .find(|d| d.place == place)?
            .lookup(digit)
    }

    /// How the cards face (field 6 digit a): all backs, backs but the last, ...
    pub fn face(&self) -> Option<&'static ValueDoc> {
        self.lay_meaning(0)
    }

    /// y -99 or less: the pile is not seen.
    pub fn is_hidden(&self) -> bool {
        self.value(3).is_some_and(|y| y <= INVISIBLE_Y)
    }
}

impl GameView {
    /// The view of a document, built once per text.
    pub fn of(doc: &Document) -> Arc<GameView> {
        doc.memo(|| GameView::new(doc))
    }

    /// Builds the view from a document's tree (an empty view without one).
    pub fn new(doc: &Document) -> GameView {
        let mut view = GameView {
            len: doc.rope().len_bytes(),
            ..GameView::default()
        };
        let Some(tree) = doc.tree() else {
            return view;
        };
        // One copy of the text: slicing the rope once per number would scan its chunk each time.
        let parts = [(0, doc.slice(0..view.len))];
        let source = Source(
            parts
                .iter()
                .map(|(start, text)| (*start, text.as_ref()))
                .collect(),
        );
        let root = tree.root_node();
        let mut cursor = root.walk();
        let mut error_before_counts = false;
        let mut counts_line_end = None;
        for node in root.children(&mut cursor) {
            match node.kind() {
                _ if node.is_error() || node.is_missing() => {
                    match (&mut view.counts, counts_line_end) {
                        (None, _) => error_before_counts = true,
                        (Some(counts), Some(end)) if node.start_byte() < end => {
                            counts.broken = true
                        }
                        _ => {}
                    }
                }
                "name_line" => {
                    view.name = node
                        .child_by_field_name("name")
                        .or_else(|| node.named_child(0))
                        .map(|n| source.text(n.byte_range()));
                }
                "counts" if view.counts.is_none() => {
                    counts_line_end = Some(source.line_end(node.end_byte()));
                    view.counts = Some(source.counts(node));
                }
                "pile" => {
                    let number = view.piles.len() + 1;
                    view.piles.push(source.pile(node, number));
                }
                "text_line" => view.text_lines.push(source.text(node.byte_range())),
                _ => {}
            }
        }
        view.head_error = error_before_counts;
        view.head_broken = error_before_counts || view.counts.is_none();
        view
    }

    /// The piles whose fields can be trusted for the checks that compare piles: those with at
    /// least 11 numbers.
    pub fn usable(&self) -> Vec<&Pile> {
        self.piles
            .iter()
            .filter(|pile| pile.numbers.len() >= FIELDS)
            .collect()
    }

    /// The stock: the first pile line.
    pub fn stock(&self) -> Option<&Pile> {
        self.piles.first()
    }

    /// The number of decks, when written and not too large.
    pub fn decks(&self) -> Option<i64> {
        self.counts.as_ref()?.decks.as_ref()?.value
    }

    /// What a pile is for, as far as its numbers tell: the stock, the wastepile (the stock's
    /// field 11), invisible, a foundation (field 6 c = 6, or a won-game count in field 7), cards
    /// taken out of the stock (c = 7 or 8), a cell (field 7 negative: it holds at most that many
    /// cards), else a tableau pile. A pile dealt cards that must hold 0 when the game is won
    /// (Spider's) is a tableau pile to be emptied.
    pub fn role(&self, pile: &Pile) -> &'static str {
        if pile.is_stock() {
            return "stock";
        }
        let waste = self.stock().and_then(|stock| stock.value(11));
        if waste.is_some_and(|w| usize::try_from(w) == Ok(pile.number)) {
            return "wastepile";
        }
        if pile.is_hidden() {
            return "invisible";
        }
        match (pile.lay_digit(2), pile.value(7)) {
            (Some(6), _) => "foundation, value from its first card",
            (_, Some(0)) if pile.value(1).is_some_and(|n| n > 0) => "tableau, to be emptied",
            (_, Some(0..=998)) => "foundation",
            (_, Some(..0)) => "cell",
            (Some(7 | 8), _) => "cards taken out of the stock",
            _ => "tableau",
        }
    }

    /// The pile line holding a byte offset (for hover).
    pub fn pile_at(&self, byte: usize) -> Option<&Pile> {
        let index = self.piles.partition_point(|p| p.range.end < byte);
        self.piles
            .get(index)
            .filter(|p| p.range.start <= byte && byte <= p.range.end)
    }
}

/// The text of the document the tree reads, to read its nodes from, in parts, each with the
/// byte where it starts.
struct Source<'a>(Vec<(usize, &'a str)>);

impl Source<'_> {
    /// The part of the text holding `byte`, and where it starts.
    fn part(&self, byte: usize) -> (usize, &str) {
        let index = self.0.partition_point(|(start, _)| *start <= byte);
        self.0
            .get(index.saturating_sub(1))
            .copied()
            .unwrap_or((0, ""))
    }

    /// The text of a byte range, its ends moved back to character boundaries (and into the
    /// part its start is in).
    fn slice(&self, range: Range<usize>) -> &str {
        let (offset, text) = self.part(range.start);
        let floor = |at: usize| {
            let mut at = at.saturating_sub(offset).min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        let start = floor(range.start);
        let end = floor(range.end).max(start);
        &text[start..end]
    }

    fn counts(&self, node: Node) -> Counts {
        let decks = node.child_by_field_name("decks").map(|n| self.number(n));
        let piles = node
            .child_by_field_name("piles")
            .filter(|n| !n.is_missing())
            .map(|n| self.number(n));
        let mut trailing = None;
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if child.kind() == "trailing_text" {
                trailing = Some(self.text(child.byte_range()));
            }
        }
        Counts {
            range: node.byte_range(),
            broken: node.has_error() || decks.is_none() || piles.is_none(),
            decks,
            piles,
            trailing,
        }
    }

    fn pile(&self, node: Node, number: usize) -> Pile {
        let mut numbers = Vec::with_capacity(node.named_child_count());
        let mut trailing = None;
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "integer" if !child.is_missing() => numbers.push(self.number(child)),
                "trailing_text" => trailing = Some(self.text(child.byte_range())),
                _ => {}
            }
        }
        Pile {
            number,
            range: node.byte_range(),
            numbers,
            trailing,
        }
    }

    fn number(&self, node: Node) -> Number {
        let range = node.byte_range();
        let text = self.slice(range.clone());
        Number {
            value: text.parse::<i64>().ok(),
            written: Written::of(text),
            range,
        }
    }

    /// The text of a range without the blanks at its ends (all of it when it is only blanks).
    fn text(&self, range: Range<usize>) -> Text {
        let raw = self.slice(range.clone());
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Text {
                text: String::new(),
                range,
            };
        }
        let leading = raw.len() - raw.trim_start().len();
        let start = range.start + leading;
        Text {
            text: trimmed.to_string(),
            range: start..start + trimmed.len(),
        }
    }

    /// The byte where the line holding `byte` ends (before its line break).
    fn line_end(&self, byte: usize) -> usize {
        let (offset, text) = self.part(byte);
        let byte = byte.saturating_sub(offset).min(text.len());
        let run = text.as_bytes()[byte..]
            .iter()
            .take_while(|b| **b != b'\n' && **b != b'\r')
            .count();
        offset + byte + run
    }
}
