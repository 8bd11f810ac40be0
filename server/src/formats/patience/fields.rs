//! What every number of a pile line means, as data: one [`FieldDoc`] per field and context (the
//! stock, the other piles, the second rule set), and for the fields that are made of digits
//! (`dcba`, `ccba`, `edcba`, `baa`, `(d)cba`) one [`DigitDoc`] per digit with a [`ValueDoc`] per
//! value, in the words of the spec (`specs/patience-game.txt`).
//!
//! The same tables drive the checks ("values allowed" in a message) and hover (each digit
//! decoded in context): [`decode`] splits a number into its digits and looks each one up.
//!
//! Digit letters count from the right, as the spec writes them: `a` is the units digit. A number
//! written with fewer digits than its pattern has zeros in the missing high digits.

use std::ops::{Range, RangeInclusive};

/// Where a pile line's field stands; its meaning depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// The first pile line: the stock, whose fields 8–11 mean draw count, redeals, turn-over
    /// behaviour and the wastepile.
    Stock,
    /// Fields 1–11 of every other pile (its first rule set).
    Pile,
    /// Fields 8–11 of a pile's second rule set (numbers 12–15 of a 15-number line).
    RuleSet2,
}

/// One value, or a range of values, of a field or of a digit.
#[derive(Debug)]
pub struct ValueDoc {
    pub lo: i64,
    pub hi: i64,
    /// A few words, for lists of allowed values: `"foundation value from the first card"`.
    pub short: &'static str,
    /// The spec's full sentence, for hover.
    pub meaning: &'static str,
    /// Why the value is not allowed in this context although the game knows it (the "stock
    /// only" values of field 6 on another pile): `"only the stock may have it"`. `None`: allowed.
    pub not_here: Option<&'static str>,
}

impl ValueDoc {
    pub fn allowed(&self) -> bool {
        self.not_here.is_none()
    }

    pub fn contains(&self, value: i64) -> bool {
        self.lo <= value && value <= self.hi
    }

    /// The value or range as a modder writes it: `7`, `1–13`, `0 or more`, `negative`.
    pub fn values(&self) -> String {
        match (self.lo, self.hi) {
            (lo, hi) if lo == hi => lo.to_string(),
            (i64::MIN, -1) => "negative".to_string(),
            (i64::MIN, hi) => format!("{hi} or less"),
            (lo, i64::MAX) => format!("{lo} or more"),
            (lo, hi) if hi == lo + 1 => format!("{lo}, {hi}"),
            (lo, hi) => format!("{lo}–{hi}"),
        }
    }
}

/// How many decimal digits a [`DigitDoc`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    One,
    /// Two digits read as one number (`aa`: the card value, `cc`: mark + 5 × mask).
    Two,
    /// Every digit from its place upwards (`cc` of field 8, the thousands of field 11).
    Rest,
}

/// One digit (or digit group) of a field.
#[derive(Debug)]
pub struct DigitDoc {
    /// The spec's letter: `a`, `b`, `c`, `d`, `e`, or `aa`, `cc` for a two-digit group.
    pub letter: &'static str,
    /// The power of ten of its lowest digit (`a` is 0).
    pub place: u32,
    pub width: Width,
    /// What the digit chooses, a few words: `"face up or down"`.
    pub name: &'static str,
    pub values: &'static [ValueDoc],
}

impl DigitDoc {
    pub fn lookup(&self, value: i64) -> Option<&'static ValueDoc> {
        self.values.iter().find(|v| v.contains(value))
    }
}

/// One field (number) of a pile line in one context.
#[derive(Debug)]
pub struct FieldDoc {
    /// The spec's field number, 1–11 (a second rule set repeats 8–11).
    pub number: u8,
    /// The spec's pattern: `n`, `x`, `dcba`, `(d)cba`.
    pub pattern: &'static str,
    /// A short name: `"how the cards lie"`.
    pub name: &'static str,
    /// A paragraph for hover.
    pub about: &'static str,
    /// A digit group decoded before the whole values: the thousands of field 11, which choose
    /// how the second rule set is used.
    pub outer: Option<&'static DigitDoc>,
    /// Whole-number values (999, 0, ranges). A field without digits must match one of them.
    pub whole: &'static [ValueDoc],
    /// The digits, units first, decoded when no whole value matches.
    pub digits: &'static [DigitDoc],
}

impl FieldDoc {
    pub fn whole_value(&self, value: i64) -> Option<&'static ValueDoc> {
        self.whole.iter().find(|v| v.contains(value))
    }

    /// The power of ten above the highest digit of the pattern (`None` when its top digit group
    /// takes every higher digit).
    fn limit_place(&self) -> Option<u32> {
        let top = self.digits.last()?;
        match top.width {
            Width::One => Some(top.place + 1),
            Width::Two => Some(top.place + 2),
            Width::Rest => None,
        }
    }
}

/// The documentation of a field, or `None` for a field number the context does not have.
pub fn field_doc(context: Context, number: u8) -> Option<&'static FieldDoc> {
    let table: &'static [FieldDoc] = match context {
        Context::Stock => &STOCK_FIELDS,
        Context::Pile => &PILE_FIELDS,
        Context::RuleSet2 => &RULE_SET_2_FIELDS,
    };
    table.iter().find(|f| f.number == number)
}

/// One digit of a number, read in context.
#[derive(Debug)]
pub struct DigitReading {
    pub doc: &'static DigitDoc,
    pub value: i64,
    /// Where the digit is written, in bytes from the start of the number's text; `None` when the
    /// number is too short to hold it (it is then 0).
    pub span: Option<Range<usize>>,
    /// The digit's meaning; `None` when the game knows no such value.
    pub meaning: Option<&'static ValueDoc>,
}

/// A number split into what it means.
#[derive(Debug, Default)]
pub struct Decoded {
    /// The outer digit group (the thousands of field 11), when the field has one.
    pub outer: Option<DigitReading>,
    /// The whole value that matched (after the outer part is taken away).
    pub whole: Option<&'static ValueDoc>,
    /// The digits, units first, when the field has digits and no whole value matched.
    pub digits: Vec<DigitReading>,
    /// Non-zero digits written above the pattern: their value and where they are written.
    pub excess: Option<(i64, Range<usize>)>,
    /// A digit field holds a negative number.
    pub negative: bool,
}

/// How a number is written: with a sign or not, and how many digit characters (leading zeros
/// included), so that a digit can be found in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub sign: bool,
    pub digits: usize,
}

impl Written {
    pub fn of(text: &str) -> Written {
        let sign = text.starts_with('-');
        let digits = text[usize::from(sign)..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        Written { sign, digits }
    }

    /// The byte of the digit at `place` (0: units), from the start of the number.
    fn at(&self, place: u32) -> Option<usize> {
        let place = usize::try_from(place).ok()?;
        (place < self.digits).then(|| usize::from(self.sign) + self.digits - 1 - place)
    }

    /// `width` digits from `place` up, when all are written.
    fn span(&self, place: u32, width: u32) -> Option<Range<usize>> {
        let low = self.at(place)?;
        let high = self.at(place + width - 1)?;
        Some(high..low + 1)
    }

    /// Every digit from `place` up.
    fn span_from(&self, place: u32) -> Option<Range<usize>> {
        let low = self.at(place)?;
        Some(usize::from(self.sign)..low + 1)
    }

    fn all(&self) -> Range<usize> {
        let start = usize::from(self.sign);
        start..start + self.digits
    }
}

/// Reads `value`, written as `written`, as `field`.
pub fn decode(field: &'static FieldDoc, value: i64, written: Written) -> Decoded {
    let mut decoded = Decoded::default();
    if field.digits.is_empty() {
        decoded.whole = field.whole_value(value);
        return decoded;
    }
    if value < 0 {
        decoded.whole = field.whole_value(value);
        decoded.negative = decoded.whole.is_none();
        return decoded;
    }
    let mut rest = value;
    if let Some(outer) = field.outer {
        let reading = read_digit(outer, value, written);
        rest = value % pow10(outer.place);
        decoded.outer = Some(reading);
    }
    decoded.whole = field.whole_value(rest);
    if decoded.whole.is_some() {
        return decoded;
    }
    decoded.digits = field
        .digits
        .iter()
        .map(|doc| read_digit(doc, rest, written))
        .collect();
    if let Some(limit) = field.limit_place() {
        let above = rest / pow10(limit);
        if above != 0 {
            let span = written.span_from(limit).unwrap_or_else(|| written.all());
            decoded.excess = Some((above, span));
        }
    }
    decoded
}

fn pow10(place: u32) -> i64 {
    10i64.checked_pow(place).unwrap_or(i64::MAX)
}

fn read_digit(doc: &'static DigitDoc, number: i64, written: Written) -> DigitReading {
    let shifted = number / pow10(doc.place);
    let (value, span) = match doc.width {
        Width::One => (shifted % 10, written.span(doc.place, 1)),
        Width::Two => (shifted % 100, written.span(doc.place, 2)),
        Width::Rest => (shifted, written.span_from(doc.place)),
    };
    DigitReading {
        doc,
        value,
        span,
        meaning: doc.lookup(value),
    }
}

/// The allowed values of a list, for messages: `0 (nothing special), 6 (foundation value …)`.
pub fn allowed_list(values: &[ValueDoc]) -> String {
    let parts: Vec<String> = values
        .iter()
        .filter(|v| v.allowed())
        .map(|v| format!("{} ({})", v.values(), v.short))
        .collect();
    parts.join(", ")
}

/// For the `cc` group of field 8: the mark (1–4, 0 none) and the mask (0–15) of `cc`.
pub fn mark_and_mask(cc: i64) -> (i64, i64) {
    (cc.rem_euclid(5), cc.div_euclid(5))
}

/// The marks a mask blocks, in words: `"1+3"`, or `"none"`.
pub fn blocked_marks(mask: i64) -> String {
    let marks: Vec<String> = (1..=4)
        .filter(|m| mask >> (m - 1) & 1 == 1)
        .map(|m: i64| m.to_string())
        .collect();
    if marks.is_empty() {
        "none".to_string()
    } else {
        marks.join("+")
    }
}

// ---------------------------------------------------------------------------------------------
// The tables.

const fn v(lo: i64, hi: i64, short: &'static str, meaning: &'static str) -> ValueDoc {
    ValueDoc {
        lo,
        hi,
        short,
        meaning,
        not_here: None,
    }
}

const fn one(value: i64, short: &'static str, meaning: &'static str) -> ValueDoc {
    v(value, value, short, meaning)
}

/// Known to the game, but not allowed in this context, for the reason given.
const fn not_here(
    value: i64,
    short: &'static str,
    meaning: &'static str,
    reason: &'static str,
) -> ValueDoc {
    ValueDoc {
        lo: value,
        hi: value,
        short,
        meaning,
        not_here: Some(reason),
    }
}

const STOCK_ONLY: &str = "only the stock may have it";

const ANY: ValueDoc = v(i64::MIN, i64::MAX, "pixels", "Any number of pixels.");

// Field 6, `dcba`: how the cards lie.

const FACE_PILE: &[ValueDoc] = &[
    one(0, "all backs", "All cards show the back."),
    one(
        1,
        "backs but the last",
        "All cards show the back except the last one.",
    ),
    one(2, "all faces", "All cards show the image."),
    one(
        3,
        "alternating, back first",
        "Back and image change, the first card shows the back.",
    ),
    one(
        4,
        "alternating, face first",
        "Back and image change, the first card shows the image.",
    ),
    one(
        5,
        "invisible",
        "The cards are invisible (e.g. if removed from the table).",
    ),
    one(
        6,
        "backs but the last 2",
        "All cards show the back except the last 2.",
    ),
    one(
        7,
        "backs but the last 3",
        "All cards show the back except the last 3.",
    ),
];

const FACE_STOCK: &[ValueDoc] = &[
    one(
        0,
        "all backs",
        "All cards show the back; they are drawn by clicking the stock.",
    ),
    one(
        2,
        "all faces, cards drawn from it",
        "All cards show the image, and cards can be drawn from the stock itself.",
    ),
];

const ORIENTATION: &[ValueDoc] = &[
    one(0, "vertical cards", "Vertical cards (most frequently)."),
    one(2, "horizontal cards", "Horizontal cards."),
];

const STOCK_SHUFFLE_0: &str = "All cards in the stock are shuffled before being dealt.";
const STOCK_SHUFFLE_1: &str = "The decks are shuffled separately before being laid out.";
const STOCK_SHUFFLE_2: &str = "Reshuffle after cards have been put at the bottom of the stock.";

const SPECIAL_STOCK: &[ValueDoc] = &[
    one(0, "all cards shuffled together", STOCK_SHUFFLE_0),
    one(1, "decks shuffled separately", STOCK_SHUFFLE_1),
    one(2, "reshuffled after the deal", STOCK_SHUFFLE_2),
];

const SPECIAL_PILE: &[ValueDoc] = &[
    one(0, "nothing special", "Nothing special."),
    not_here(1, "decks shuffled separately", STOCK_SHUFFLE_1, STOCK_ONLY),
    not_here(2, "reshuffled after the deal", STOCK_SHUFFLE_2, STOCK_ONLY),
    one(
        6,
        "foundation value from the first card",
        "The foundation value is determined by the first card laid out. Field 1 must be 1 on \
the first pile with c = 6 and 0 on the following ones: only the first card is dealt. There may \
well be several foundation values.",
    ),
    one(
        7,
        "cards taken out of the stock",
        "Cards are taken out of the stock and laid here: field 1 says how many, field 10 which \
cards. Also for unwanted cards; the y coordinate should then be -99 (the pile is invisible).",
    ),
    one(
        8,
        "as 7, then to the stock's bottom",
        "As c = 7, and the cards are put at the stock's bottom after the deal.",
    ),
];

const DEAL_PILE: &[ValueDoc] = &[
    one(
        0,
        "cards leaving are replaced",
        "From here: cards ending elsewhere are replaced from the stock.",
    ),
    one(
        1,
        "cards leaving are not replaced",
        "From here: cards ending elsewhere are NOT replaced.",
    ),
    one(
        5,
        "gets 1 fitting card in the deal",
        "To here: a maximum of 1 card that fits (e.g. an ace) during the distribution.",
    ),
    one(
        6,
        "gets fitting cards in the deal",
        "To here: several cards that fit (e.g. ace, 2, 3 ...) during the distribution.",
    ),
    one(
        7,
        "gets fitting cards, also free ones",
        "To here: several cards that fit, also from all free cards in the piles.",
    ),
];

const DEAL_STOCK: &[ValueDoc] = &[one(
    0,
    "always 0 on the stock",
    "Always 0 on the stock, which deals the cards.",
)];

static STOCK_LAY: [DigitDoc; 4] = [
    DigitDoc {
        letter: "a",
        place: 0,
        width: Width::One,
        name: "face up or down",
        values: FACE_STOCK,
    },
    DigitDoc {
        letter: "b",
        place: 1,
        width: Width::One,
        name: "card orientation",
        values: ORIENTATION,
    },
    DigitDoc {
        letter: "c",
        place: 2,
        width: Width::One,
        name: "shuffling",
        values: SPECIAL_STOCK,
    },
    DigitDoc {
        letter: "d",
        place: 3,
        width: Width::One,
        name: "dealing",
        values: DEAL_STOCK,
    },
];

static PILE_LAY: [DigitDoc; 4] = [
    DigitDoc {
        letter: "a",
        place: 0,
        width: Width::One,
        name: "face up or down",
        values: FACE_PILE,
    },
    DigitDoc {
        letter: "b",
        place: 1,
        width: Width::One,
        name: "card orientation",
        values: ORIENTATION,
    },
    DigitDoc {
        letter: "c",
        place: 2,
        width: Width::One,
        name: "special function",
        values: SPECIAL_PILE,
    },
    DigitDoc {
        letter: "d",
        place: 3,
        width: Width::One,
        name: "dealing",
        values: DEAL_PILE,
    },
];

// Field 7, `e`: how many cards must or may be in the pile.

const CARDS_WHEN_WON: ValueDoc = v(
    0,
    998,
    "cards when the game is won",
    "For foundation piles: how many cards when the game is won (mostly 0 or 13). If there are \
piles with 0 and with 1–998, the piles with 0 decide when the game is won.",
);

const LIMIT_PILE: &[ValueDoc] = &[
    one(999, "no matter", "No matter how many cards."),
    CARDS_WHEN_WON,
    v(
        i64::MIN,
        -1,
        "at most that many cards",
        "How many cards there may be, e.g. -3 = 3 cards. Also recommended where only one card \
(-1) may be placed.",
    ),
];

const LIMIT_STOCK: &[ValueDoc] = &[
    one(
        999,
        "no matter",
        "No matter how many cards (usual for the stock).",
    ),
    CARDS_WHEN_WON,
];

// Field 8, `ccba`: moving cards from the pile.

const TAKE: &[ValueDoc] = &[
    one(0, "no card", "No card may be taken."),
    one(1, "single cards", "A single card may be taken each time."),
    v(
        2,
        3,
        "single cards and sequences",
        "Single cards and sequences may be taken.",
    ),
    one(
        4,
        "only sequences",
        "Only sequences may be taken (2 cards or more). The sequence is defined by field 11.",
    ),
    one(
        9,
        "anything",
        "No rules: any collection of cards may be taken.",
    ),
];

const COVERED: &[ValueDoc] = &[
    one(0, "no blocking", "Not blocked by other piles."),
    one(
        1,
        "not picked up while covered",
        "A card cannot be picked up if cards in other stacks partially cover it.",
    ),
    one(
        2,
        "not laid down while covered",
        "Cards cannot be laid down if cards in other stacks partially cover it.",
    ),
    one(
        3,
        "neither while covered",
        "Cards can neither be picked up nor laid down if cards in other stacks partially \
cover it.",
    ),
    one(
        4,
        "not picked up while the next pile has cards",
        "Like 1, but blocked when there are cards in the next pile.",
    ),
    one(
        5,
        "not laid down while the next pile has cards",
        "Like 2, but blocked when there are cards in the next pile.",
    ),
    one(
        6,
        "neither while the next pile has cards",
        "Like 3, but blocked when there are cards in the next pile.",
    ),
    one(
        7,
        "not picked up while both neighbours have cards",
        "Like 1, but blocked when there are cards in the next and the previous pile.",
    ),
    one(
        8,
        "not laid down while both neighbours have cards",
        "Like 2, but blocked when there are cards in the next and the previous pile.",
    ),
    one(
        9,
        "neither while both neighbours have cards",
        "Like 3, but blocked when there are cards in the next and the previous pile.",
    ),
];

const MARK_MASK: &[ValueDoc] = &[v(
    0,
    79,
    "mark + 5 × mask",
    "A mark (1–4, 0 = none) plus 5 × a mask (1–15, 0 = none). A pile with a mask cannot \
receive cards from piles whose marks fit the mask (mask bit 1 blocks mark 1, bit 2 mark 2, \
bit 4 mark 3, bit 8 mark 4); the pile itself may also have a mark.",
)];

static FROM_DIGITS: [DigitDoc; 3] = [
    DigitDoc {
        letter: "a",
        place: 0,
        width: Width::One,
        name: "what may be taken",
        values: TAKE,
    },
    DigitDoc {
        letter: "b",
        place: 1,
        width: Width::One,
        name: "blocking by other piles",
        values: COVERED,
    },
    DigitDoc {
        letter: "cc",
        place: 2,
        width: Width::Rest,
        name: "mark and mask",
        values: MARK_MASK,
    },
];

// Field 9, `edcba`: moving cards to the pile.

const LAY: &[ValueDoc] = &[
    one(0, "no card", "Lay no card."),
    one(1, "one card", "Lay one card."),
    one(
        2,
        "a sequence as a whole",
        "Lay a sequence as a whole (as in Klondike).",
    ),
    one(
        3,
        "a sequence via empty places",
        "Lay a sequence as single cards via empty places (as in Napoleon).",
    ),
    one(
        4,
        "a sequence of 2 or more",
        "Lay a sequence, 2 cards or more.",
    ),
    one(5, "a sequence of just 2", "Lay a sequence, just 2 cards."),
    one(
        9,
        "a sequence of just 13",
        "Lay a sequence, just 13 cards (mostly ace ... king).",
    ),
];

const FROM_STOCK: &[ValueDoc] = &[
    one(
        0,
        "nothing from the stock",
        "Receives nothing when the stock is clicked.",
    ),
    one(
        1,
        "1 card per stock click",
        "The pile receives 1 card from the stock when the stock is clicked.",
    ),
    one(
        2,
        "2 cards per stock click",
        "The pile receives 2 cards from the stock when the stock is clicked.",
    ),
    one(
        3,
        "1 card per click if all such piles have cards",
        "The pile receives 1 card from the stock when the stock is clicked, but only if there \
are cards in all piles of this kind.",
    ),
    one(
        4,
        "2 cards per click if all such piles have cards",
        "The pile receives 2 cards from the stock when the stock is clicked, but only if there \
are cards in all piles of this kind.",
    ),
    one(
        5,
        "filled from the stock",
        "Fill the pile from the stock (the cards field 10 says) when the stock is clicked.",
    ),
];

const BOTTOM_TO_TOP: &[ValueDoc] = &[
    one(0, "none", "No card is moved from bottom to top."),
    one(
        1,
        "bottom card to top if it fits, once",
        "Move 1 card from bottom to top if it fits, one time.",
    ),
    one(
        2,
        "bottom card to top if it fits, many times",
        "Move 1 card from bottom to top if it fits, many times.",
    ),
    one(
        3,
        "bottom card to top, once",
        "Move 1 card from bottom to top, unconditionally, one time.",
    ),
    one(
        4,
        "bottom card to top, many times",
        "Move 1 card from bottom to top, unconditionally, many times.",
    ),
];

const SOURCE: &[ValueDoc] = &[
    one(0, "from any pile", "Cards may come from any pile."),
    one(
        1,
        "only from the stock/wastepile",
        "The pile only receives cards from the stock/wastepile.",
    ),
    one(
        2,
        "if empty only stock/wastepile, else all",
        "If empty: only cards from the stock/wastepile, otherwise from ALL piles.",
    ),
    one(
        3,
        "if empty only stock/wastepile, else others",
        "If empty: only cards from the stock/wastepile, otherwise from all OTHER piles.",
    ),
    one(
        4,
        "if empty all, else only stock/wastepile",
        "If empty: from ALL piles, otherwise only cards from the stock/wastepile.",
    ),
    one(
        5,
        "not from the stock/wastepile",
        "Not cards from the stock/wastepile.",
    ),
    one(
        6,
        "if empty only from the previous pile",
        "If empty: only cards from the previous pile.",
    ),
];

const NEIGHBOURS: &[ValueDoc] = &[
    one(0, "no condition", "No condition on the neighbouring piles."),
    one(
        1,
        "only while the previous pile has cards",
        "Receives cards only if there are cards in the previous pile.",
    ),
    one(
        2,
        "only while the next pile has cards",
        "Receives cards only if there are cards in the next pile.",
    ),
];

static TO_DIGITS: [DigitDoc; 5] = [
    DigitDoc {
        letter: "a",
        place: 0,
        width: Width::One,
        name: "what may be laid",
        values: LAY,
    },
    DigitDoc {
        letter: "b",
        place: 1,
        width: Width::One,
        name: "cards from a stock click",
        values: FROM_STOCK,
    },
    DigitDoc {
        letter: "c",
        place: 2,
        width: Width::One,
        name: "bottom card to top",
        values: BOTTOM_TO_TOP,
    },
    DigitDoc {
        letter: "d",
        place: 3,
        width: Width::One,
        name: "where cards may come from",
        values: SOURCE,
    },
    DigitDoc {
        letter: "e",
        place: 4,
        width: Width::One,
        name: "condition on the neighbours",
        values: NEIGHBOURS,
    },
];

// Field 10, `baa`: the card for an empty pile.

const ANY_CARD: ValueDoc = one(999, "any card", "Any card.");
const NO_CARD: ValueDoc = one(0, "no card", "No card may be laid.");

const EMPTY_WHOLE: &[ValueDoc] = &[ANY_CARD, NO_CARD];

const CARD_VALUE: &[ValueDoc] = &[
    one(1, "ace", "Ace."),
    v(2, 10, "two to ten", "That value."),
    one(11, "jack", "Jack."),
    one(12, "queen", "Queen."),
    one(13, "king", "King."),
    one(99, "any value", "The value does not matter."),
];

const SUIT: &[ValueDoc] = &[
    one(1, "hearts", "Hearts."),
    one(2, "spades", "Spades."),
    one(3, "diamonds", "Diamonds."),
    one(4, "clubs", "Clubs."),
    one(5, "red", "Red (hearts or diamonds)."),
    one(6, "black", "Black (spades or clubs)."),
    one(9, "any suit", "The colour does not matter."),
];

static EMPTY_DIGITS: [DigitDoc; 2] = [
    DigitDoc {
        letter: "aa",
        place: 0,
        width: Width::Two,
        name: "card value",
        values: CARD_VALUE,
    },
    DigitDoc {
        letter: "b",
        place: 2,
        width: Width::One,
        name: "suit or colour",
        values: SUIT,
    },
];

// Field 11, `(d)cba`: the sequence definition.

const ORDER: &[ValueDoc] = &[
    one(
        1,
        "sum 13",
        "The sum of the values must be 13, but the king can be moved by itself.",
    ),
    one(2, "sum 14", "The sum of the values must be 14."),
    one(3, "down by 2", "The values must decrease by 2."),
    one(4, "down by 1", "The values must decrease by 1."),
    one(5, "same value", "The values must be the same."),
    one(6, "up by 1", "The values must increase by 1."),
    one(7, "up by 2", "The values must increase by 2."),
    one(
        8,
        "up or down by 1",
        "The values must increase or decrease by 1.",
    ),
    one(9, "no condition", "No conditions on the values."),
];

const WRAP: &[ValueDoc] = &[
    one(
        0,
        "no wrap",
        "A sequence cannot continue beyond the ace/king limit.",
    ),
    one(
        1,
        "wraps both ways",
        "A sequence can continue beyond the ace/king limit, both ways.",
    ),
    one(
        2,
        "no wrap, nothing on a king",
        "No wrap, and no card may be laid on a king.",
    ),
    one(9, "no condition", "No conditions on the ace/king limit."),
];

const COLOURS: &[ValueDoc] = &[
    one(1, "same suit", "Same suit (spades on spades etc.)."),
    one(
        2,
        "red on red, black on black",
        "Red on red and black on black.",
    ),
    one(
        3,
        "alternating colours",
        "Alternating colours (red on black and black on red).",
    ),
    one(
        4,
        "any other suit",
        "Any other colour (e.g. hearts/spades/diamonds on clubs).",
    ),
    one(9, "colour does not matter", "The colour does not matter."),
];

const RULE_SETS: &[ValueDoc] = &[
    one(0, "one rule set", "One rule set: the line has 11 numbers."),
    one(
        1,
        "rules 1, if rejected rules 2",
        "Use rules 1, and if the move is rejected, rules 2 (1 OR 2).",
    ),
    one(
        2,
        "rules 1, if accepted also rules 2",
        "Use rules 1, and if the move is accepted, rules 2 (1 AND 2).",
    ),
    one(
        3,
        "rules 2 from the last drawing's start",
        "Use rules 1; when the last drawing starts, rules 2.",
    ),
    one(
        4,
        "rules 2 after the last drawing",
        "Use rules 1; when the last drawing is over, rules 2.",
    ),
    one(
        5,
        "rules 2 for the last card(s)",
        "Use rules 1; when drawing the last card(s), rules 2.",
    ),
    one(
        6,
        "rules 2 after the first drawing",
        "Use rules 1; when the first drawing is over, rules 2.",
    ),
    v(
        7,
        9,
        "rules 1 only",
        "Above 6000: use rules 1 only; the second rule set is never used.",
    ),
];

static RULE_SET_DIGIT: DigitDoc = DigitDoc {
    letter: "d",
    place: 3,
    width: Width::Rest,
    name: "second rule set",
    values: RULE_SETS,
};

static SEQUENCE_DIGITS: [DigitDoc; 3] = [
    DigitDoc {
        letter: "a",
        place: 0,
        width: Width::One,
        name: "order of the values",
        values: ORDER,
    },
    DigitDoc {
        letter: "b",
        place: 1,
        width: Width::One,
        name: "beyond the ace/king limit",
        values: WRAP,
    },
    DigitDoc {
        letter: "c",
        place: 2,
        width: Width::One,
        name: "order of the colours",
        values: COLOURS,
    },
];

// The fields.

const CARDS_ABOUT_STOCK: &str = "How many cards the stock holds: 52 × the number of decks.";
const X_ABOUT: &str = "The x coordinate in pixels of the pile's top left corner, from the left. \
The card images are 71×96 pixels; the window grows to hold every pile.";
const Y_ABOUT: &str = "The y coordinate in pixels of the pile's top left corner, from the top. \
A pile is not seen if the y coordinate is -99 or less.";
const V_ABOUT: &str = "The cards are spread v pixels in the x direction each.";
const W_ABOUT: &str = "The cards are spread w pixels in the y direction each.";
const LAY_ABOUT: &str = "How the cards are laid on the pile: face (a), orientation (b), a \
special function (c) and what happens in the deal (d).";
const LIMIT_ABOUT: &str = "How many cards must or may be in the pile: 999 no matter, 0–998 the \
cards in a foundation pile when the game is won, negative a limit (-3 = at most 3 cards).";
const FROM_ABOUT: &str = "How to move cards FROM the pile: what may be taken (a), blocking by \
other piles (b), and a mark and mask (cc = mark + 5 × mask).";
const TO_ABOUT: &str = "How to move cards TO the pile: what may be laid (a), cards from a stock \
click (b), bottom card to top (c), where cards may come from (d), a condition on the \
neighbouring piles (e). Cards can only be moved if all conditions a, d and e are met.";
const EMPTY_ABOUT: &str = "Which card may be laid on the pile when it is empty: 999 any card, \
0 no card, else the suit (b) and the value (aa: 1 = ace ... 13 = king, 99 any).";
const SEQUENCE_ABOUT: &str = "The sequence definition: which card (or the bottom card of a \
sequence) may be laid on the top card of a non-empty pile. 999 any card, 0 no card, else the \
order of the values (a), whether a sequence continues beyond the ace/king limit (b) and the \
order of the colours (c).";
const SEQUENCE_ABOUT_1: &str = "The sequence definition: which card (or the bottom card of a \
sequence) may be laid on the top card of a non-empty pile. 999 any card, 0 no card, else the \
order of the values (a), whether a sequence continues beyond the ace/king limit (b) and the \
order of the colours (c). Thousands (1000–6000) add a second rule set: four more numbers \
(fields 8–11 of rules 2) follow on the line.";

const fn field(
    number: u8,
    pattern: &'static str,
    name: &'static str,
    about: &'static str,
    whole: &'static [ValueDoc],
) -> FieldDoc {
    FieldDoc {
        number,
        pattern,
        name,
        about,
        outer: None,
        whole,
        digits: &[],
    }
}

const fn digit_field(
    number: u8,
    pattern: &'static str,
    name: &'static str,
    about: &'static str,
    whole: &'static [ValueDoc],
    digits: &'static [DigitDoc],
) -> FieldDoc {
    FieldDoc {
        number,
        pattern,
        name,
        about,
        outer: None,
        whole,
        digits,
    }
}

const COUNT: &[ValueDoc] = &[v(0, i64::MAX, "cards", "That many cards.")];
const X_VALUES: &[ValueDoc] = &[ANY];
const Y_VALUES: &[ValueDoc] = &[
    v(
        i64::MIN,
        -99,
        "invisible pile",
        "The pile is not seen (-99 or less).",
    ),
    v(-98, i64::MAX, "pixels from the top", "Pixels from the top."),
];
const SPREAD: &[ValueDoc] = &[v(
    i64::MIN,
    i64::MAX,
    "pixels per card",
    "Pixels between one card and the next.",
)];

/// The fields of the stock (the first pile line).
pub static STOCK_FIELDS: [FieldDoc; 11] = [
    field(1, "n", "number of cards", CARDS_ABOUT_STOCK, COUNT),
    field(2, "x", "x position", X_ABOUT, X_VALUES),
    field(3, "y", "y position", Y_ABOUT, Y_VALUES),
    field(4, "v", "x spread", V_ABOUT, SPREAD),
    field(5, "w", "y spread", W_ABOUT, SPREAD),
    digit_field(
        6,
        "dcba",
        "how the cards lie",
        "How the stock's cards lie: face (a: 0 or 2), orientation (b) and shuffling (c).",
        &[],
        &STOCK_LAY,
    ),
    field(7, "e", "cards in the pile", LIMIT_ABOUT, LIMIT_STOCK),
    field(
        8,
        "f",
        "cards drawn each time",
        "How many cards are drawn each time (0, or often 1–3).",
        &[v(
            0,
            i64::MAX,
            "cards each time",
            "That many cards each time.",
        )],
    ),
    field(
        9,
        "g",
        "times the stock can be drawn",
        "How many times the stock can be drawn (most often 1–3 times, 999 = unlimited).",
        &[
            one(999, "unlimited", "Unlimited."),
            v(0, 998, "times", "That many times."),
        ],
    ),
    field(
        10,
        "h",
        "when the stock is turned over",
        "What happens when the stock is exhausted and turned over.",
        &[
            one(0, "nothing", "Nothing (most frequently)."),
            one(1, "split and shuffled", "The stock is split and shuffled."),
        ],
    ),
    field(
        11,
        "i",
        "wastepile number",
        "Which pile is the wastepile: most often pile no. 2; 0 if there is no wastepile.",
        &[
            one(0, "no wastepile", "There is no wastepile."),
            not_here(
                1,
                "the stock itself",
                "Pile 1 is the stock itself.",
                "the stock cannot be its own wastepile",
            ),
            v(
                2,
                150,
                "the wastepile's pile number",
                "That pile is the wastepile.",
            ),
        ],
    ),
];

/// Whether `field` is the stock's field 11, the wastepile's pile number.
pub fn names_the_wastepile(field: &FieldDoc) -> bool {
    std::ptr::eq(field, &STOCK_FIELDS[10])
}

/// The fields of every pile but the stock (rule set 1).
pub static PILE_FIELDS: [FieldDoc; 11] = [
    field(
        1,
        "n",
        "number of cards",
        "How many cards are dealt to the pile. If cards are redirected to the pile during the \
deal, it may well hold more.",
        COUNT,
    ),
    field(2, "x", "x position", X_ABOUT, X_VALUES),
    field(3, "y", "y position", Y_ABOUT, Y_VALUES),
    field(4, "v", "x spread", V_ABOUT, SPREAD),
    field(5, "w", "y spread", W_ABOUT, SPREAD),
    digit_field(6, "dcba", "how the cards lie", LAY_ABOUT, &[], &PILE_LAY),
    field(7, "e", "cards in the pile", LIMIT_ABOUT, LIMIT_PILE),
    digit_field(
        8,
        "ccba",
        "moving cards from the pile",
        FROM_ABOUT,
        &[],
        &FROM_DIGITS,
    ),
    digit_field(
        9,
        "edcba",
        "moving cards to the pile",
        TO_ABOUT,
        &[],
        &TO_DIGITS,
    ),
    digit_field(
        10,
        "baa",
        "the card for an empty pile",
        EMPTY_ABOUT,
        EMPTY_WHOLE,
        &EMPTY_DIGITS,
    ),
    FieldDoc {
        number: 11,
        pattern: "(d)cba",
        name: "the sequence definition",
        about: SEQUENCE_ABOUT_1,
        outer: Some(&RULE_SET_DIGIT),
        whole: EMPTY_WHOLE,
        digits: &SEQUENCE_DIGITS,
    },
];

/// Fields 8–11 of a second rule set.
pub static RULE_SET_2_FIELDS: [FieldDoc; 4] = [
    digit_field(
        8,
        "ccba",
        "moving cards from the pile",
        FROM_ABOUT,
        &[],
        &FROM_DIGITS,
    ),
    digit_field(
        9,
        "edcba",
        "moving cards to the pile",
        TO_ABOUT,
        &[],
        &TO_DIGITS,
    ),
    digit_field(
        10,
        "baa",
        "the card for an empty pile",
        EMPTY_ABOUT,
        EMPTY_WHOLE,
        &EMPTY_DIGITS,
    ),
    digit_field(
        11,
        "cba",
        "the sequence definition",
        SEQUENCE_ABOUT,
        EMPTY_WHOLE,
        &SEQUENCE_DIGITS,
    ),
];

/// A number read in words, one line per part, for hover: the field, then each digit with its
/// value and meaning (`a = 2: All cards show the image.`). Values the game does not know say so.
pub fn explain(field: &'static FieldDoc, value: i64, written: Written) -> Vec<String> {
    let mut lines = vec![format!(
        "field {} `{}`: {}",
        field.number, field.pattern, field.name
    )];
    let decoded = decode(field, value, written);
    let digit_line = |r: &DigitReading| match r.meaning {
        Some(m) => match m.not_here {
            None => format!("{} = {}: {}", r.doc.letter, r.value, m.meaning),
            Some(why) => format!(
                "{} = {}: {} (not here: {why})",
                r.doc.letter, r.value, m.meaning
            ),
        },
        None => format!(
            "{} = {}: invalid, not a value the game knows (allowed: {})",
            r.doc.letter,
            r.value,
            allowed_list(r.doc.values)
        ),
    };
    if let Some(outer) = &decoded.outer {
        lines.push(digit_line(outer));
    }
    match decoded.whole {
        Some(whole) => {
            let rest = if decoded.outer.is_some() {
                value.rem_euclid(1000)
            } else {
                value
            };
            lines.push(format!("{rest}: {}", whole.meaning));
        }
        None if decoded.negative => {
            lines.push(format!("{value}: a digit field cannot be negative"))
        }
        None if field.digits.is_empty() => {
            lines.push(format!("{value}: not a value the game knows"))
        }
        None => {}
    }
    if let Some((above, _)) = decoded.excess {
        lines.push(format!(
            "{above}: digits before the pattern, not read by the game"
        ));
    }
    for reading in decoded.digits.iter().rev() {
        lines.push(digit_line(reading));
        if reading.doc.letter == "cc" && reading.meaning.is_some() {
            let (mark, mask) = mark_and_mask(reading.value);
            lines.push(format!(
                "   mark {mark}, mask {mask} (blocks cards from piles with mark {})",
                blocked_marks(mask)
            ));
        }
    }
    lines
}

// ---------------------------------------------------------------------------------------------
// The rules engine's choices.

/// A choice the rules engine (`play.rs`) made where the spec is silent or ambiguous, on the
/// values of one field or digit. Its words are kept here only: hover says them on those values
/// ([`play_choices`]), and the code that plays the choice names it (`Choice:
/// fields::choice::NAME`) instead of restating it.
#[derive(Debug)]
pub struct PlayChoice {
    /// The contexts whose field it is about.
    pub contexts: &'static [Context],
    /// The spec's field number.
    pub field: u8,
    /// The digit's letter (`"b"`; `"d"` the thousands of field 11), or `None` for the whole value.
    pub digit: Option<&'static str>,
    /// The values of the field or digit it is about.
    pub values: &'static [RangeInclusive<i64>],
    /// What the engine does, in a modder's words (hover: "In play (the spec does not say): …").
    pub words: &'static str,
    /// Why it does so, for whoever reads the code.
    pub why: &'static str,
}

/// The choices of the rules engine, one `static` each, named by the code that plays them.
pub mod choice {
    use super::Context::{Pile, RuleSet2, Stock};
    use super::PlayChoice;

    /// Both rule sets: a digit of fields 8–11 means the same in rules 1 and rules 2.
    const PILES: &[super::Context] = &[Pile, RuleSet2];

    macro_rules! choices {
        ($($(#[$doc:meta])* $name:ident = $value:expr;)*) => {
            $($(#[$doc])* pub static $name: PlayChoice = $value;)*
            /// Every choice with its name, as the code names it.
            pub static ALL: &[(&str, &PlayChoice)] = &[$((stringify!($name), &$name)),*];
        };
    }

    choices! {
        /// "If there are piles with 0 and with 1-998, it is the piles with 0 that determine when
        /// the game will be won": which piles with 0.
        UNDEALT_ZERO_PILE = PlayChoice {
            contexts: &[Pile],
            field: 7,
            digit: None,
            values: &[0..=0],
            words: "a pile with 0 that is dealt no card and may receive none (one that only \
    sizes the window) does not decide the win; if no other pile has 0, the piles with 1–998 decide",
            why: "a pile that only sizes the window is always empty: counted, it would decide the \
    win in place of the piles that should",
        };
        /// When the piles with 0 decide the win.
        ZERO_PILES_CLEAR_ALL = PlayChoice {
            contexts: &[Pile],
            field: 7,
            digit: None,
            values: &[0..=0],
            words: "when the piles with 0 decide, the game is won once they are empty and the \
    stock and the wastepile are empty too",
            why: "cards left in the stock or on the wastepile are still to be played",
        };
        /// How a game ends when it is not won.
        NO_LOST_GAME = PlayChoice {
            contexts: &[Pile],
            field: 7,
            digit: None,
            values: &[0..=998],
            words: "a game is never lost; with no move left, or only the stock to click round \
    and round, it is stuck",
            why: "the spec has no rule that ends a game lost, and the game cannot go on",
        };
        /// Field 6 a: when a face-down card turns face up.
        FACE_DOWN_TURNS = PlayChoice {
            contexts: &[Pile],
            field: 6,
            digit: Some("a"),
            values: &[0..=1, 3..=4, 6..=7],
            words: "a face-down card turns face up as soon as it is the top card and could be \
    picked up (field 8 a is not 0, and no other pile blocks it); on a pile with field 8 a = 0 it \
    stays face down",
            why: "the program turns a card as soon as it is free, as in Klondike's columns",
        };
        /// Field 3: the cards of a pile not seen.
        UNSEEN_PILES = PlayChoice {
            contexts: &[Pile],
            field: 3,
            digit: None,
            values: &[i64::MIN..=-99],
            words: "the cards of a pile that is not seen are out of the game; none may be taken \
    from it or laid on it",
            why: "the spec uses such piles for unwanted cards",
        };
        /// Field 8 b = 7–9: "blocked when there are cards in the next and the previous pile".
        NEIGHBOURS_BLOCK_EITHER = PlayChoice {
            contexts: PILES,
            field: 8,
            digit: Some("b"),
            values: &[7..=9],
            words: "the pile is blocked while the next or the previous pile holds cards (either \
    one is enough)",
            why: "a card lying across two others is free once both are gone",
        };
        /// Field 9 b = 1–5: the order a stock click deals in.
        STOCK_CLICK_ORDER = PlayChoice {
            contexts: PILES,
            field: 9,
            digit: Some("b"),
            values: &[1..=5],
            words: "a stock click deals to the piles with field 9 b first, in the file's order, \
    face up; the wastepile gets its cards from what is left",
            why: "the spec says neither the order nor how the cards lie",
        };
        /// Field 9 b = 3/4: "only if there are cards in all piles of this kind".
        ALL_PILES_OF_THE_KIND = PlayChoice {
            contexts: PILES,
            field: 9,
            digit: Some("b"),
            values: &[3..=4],
            words: "the piles of this kind are those with the same field 9 b; while one of them \
    is empty, the stock cannot be clicked at all",
            why: "the spec names no other kind of pile",
        };
        /// Field 9 b = 5: "Fill the pile from the stock (type=(10))".
        FILL_FROM_THE_STOCK = PlayChoice {
            contexts: PILES,
            field: 9,
            digit: Some("b"),
            values: &[5..=5],
            words: "a stock click gives the pile, when it is empty, the card nearest the stock's \
    top that its field 10 allows",
            why: "field 10 names the card an empty pile takes; the stock is dealt from its top",
        };
        /// Field 9 c = 1–4: moving the bottom card to the top.
        BOTTOM_CARD_BY_THE_PLAYER = PlayChoice {
            contexts: PILES,
            field: 9,
            digit: Some("c"),
            values: &[1..=4],
            words: "the player moves the bottom card to the top, by moving the pile onto itself \
    (`P>P`); \"one time\" is once per pile in a game",
            why: "the spec does not say who moves it, nor what \"one time\" counts",
        };
        /// The thousands of field 11: how a move is judged by two rule sets.
        RULE_SETS_JUDGE_THE_WHOLE_MOVE = PlayChoice {
            contexts: &[Pile],
            field: 11,
            digit: Some("d"),
            values: &[1..=6],
            words: "each rule set judges a whole move, several cards at once too, with the \
    source pile's set for the taking and the target's set of the same number for the laying (a pile \
    with one rule set uses it for both); the target's thousands decide how the sets combine, else \
    the source's",
            why: "so Spider's same-suit runs (rules 2) go only on the same suit, and its single \
    cards (rules 1) on the other colour too",
        };
        /// Stock field 10 = 1: "The stock is split and shuffled".
        REDEAL_SHUFFLED = PlayChoice {
            contexts: &[Stock],
            field: 10,
            digit: None,
            values: &[1..=1],
            words: "turning the stock over shuffles the wastepile's cards back into it, the same \
    way each time the same deal is replayed",
            why: "the shuffle comes from the deal's seed and the number of the pass, so a replay \
    gives the same cards",
        };
    }
}

/// The rules engine's choices about `value`, written as `written`, in `field` of `context`:
/// the whole value's, then each digit's (the thousands of field 11 first, then units first).
pub fn play_choices(
    context: Context,
    field: &'static FieldDoc,
    value: i64,
    written: Written,
) -> Vec<&'static PlayChoice> {
    let decoded = decode(field, value, written);
    let readings: Vec<&DigitReading> = decoded.outer.iter().chain(&decoded.digits).collect();
    let whole = match &decoded.outer {
        Some(_) => value.rem_euclid(1000),
        None => value,
    };
    let mut found = Vec::new();
    for letter in std::iter::once(None).chain(readings.iter().map(|r| Some(r.doc.letter))) {
        let value = match letter {
            None if field.digits.is_empty() || decoded.whole.is_some() => Some(whole),
            None => None,
            Some(letter) => readings
                .iter()
                .find(|r| r.doc.letter == letter && r.meaning.is_some_and(ValueDoc::allowed))
                .map(|r| r.value),
        };
        let Some(value) = value else { continue };
        found.extend(choice::ALL.iter().map(|(_, c)| *c).filter(|c| {
            c.field == field.number
                && c.digit == letter
                && c.contexts.contains(&context)
                && c.values.iter().any(|r| r.contains(&value))
        }));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every choice is about a field, digit and values the tables know.
    #[test]
    fn every_choice_is_about_values_the_tables_know() {
        for (name, c) in choice::ALL {
            for &context in c.contexts {
                let field = field_doc(context, c.field)
                    .unwrap_or_else(|| panic!("{name}: no field {} in {context:?}", c.field));
                let values = match c.digit {
                    None => field.whole,
                    Some(letter) => {
                        field
                            .digits
                            .iter()
                            .chain(field.outer)
                            .find(|d| d.letter == letter)
                            .unwrap_or_else(|| panic!("{name}: no digit {letter}"))
                            .values
                    }
                };
                for range in c.values {
                    let known = |v: i64| values.iter().any(|d| d.contains(v) && d.allowed());
                    assert!(
                        known(*range.start()) && known(*range.end()),
                        "{name}: {range:?} is not a value of field {} in {context:?}",
                        c.field
                    );
                }
            }
        }
    }

    /// The code names every choice, and every choice it names is here (its words only here).
    #[test]
    fn the_code_names_every_choice() {
        let code = [include_str!("play.rs"), include_str!("deal.rs")].concat();
        let prefix = "Choice: fields::choice::";
        assert_eq!(
            code.matches("Choice:").count(),
            code.matches(prefix).count(),
            "every `Choice:` in play.rs names its entry: `{prefix}NAME`"
        );
        let named: Vec<&str> = code
            .match_indices(prefix)
            .map(|(i, _)| {
                let rest = &code[i + prefix.len()..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_uppercase() || c == '_'))
                    .unwrap_or(rest.len());
                &rest[..end]
            })
            .collect();
        for name in &named {
            assert!(
                choice::ALL.iter().any(|(n, _)| n == name),
                "play.rs names a choice fields.rs does not have: {name}"
            );
        }
        for (name, _) in choice::ALL {
            assert!(
                named.contains(name),
                "play.rs does not name the choice {name}"
            );
        }
    }
}
