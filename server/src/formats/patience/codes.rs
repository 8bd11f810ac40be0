//! The diagnostic codes of Patience game definitions, with what `retroboard explain` says.

use crate::findings::{Code, Severity};

pub const NAME: &Code = &Code {
    name: "patience/name",
    severity: Severity::Error,
    summary: "Line 1, the game's name, is empty",
    docs: "Line 1 of a .pat file is the game's name, which Patience shows in the \
window bar. The number of decks and of piles follow on line 2. Write the name on line 1; it may \
contain spaces and Danish letters (æ, ø, å).",
    unnecessary: false,
};

pub const FILE_NAME: &Code = &Code {
    name: "patience/file-name",
    severity: Severity::Warning,
    summary: "The file name contains `-` (or is not a .pat file)",
    docs: "Patience keeps each game's statistics in a .pst file named after the game's \
file, with \"-player name\" appended for each player, so it uses `-` to split those names: the \
spec says a game's file name must not contain hyphens (spaces are fine). Rename the file, e.g. \
`Klondike 2.pat` instead of `Klondike-2.pat`. The program also only lists games in files \
ending in .pat.",
    unnecessary: false,
};

pub const COUNTS_MISSING: &Code = &Code {
    name: "patience/counts-missing",
    severity: Severity::Error,
    summary: "The file ends after the name: the counts line and the piles are missing",
    docs: "After the name on line 1, line 2 holds the number of decks (1–8) and the \
number of piles (1–150, the stock included), e.g. `2 34`; one line of numbers per pile follows. \
A file with only a name is not a game.",
    unnecessary: false,
};

pub const DECKS: &Code = &Code {
    name: "patience/decks",
    severity: Severity::Error,
    summary: "The number of decks is not 1 to 8",
    docs: "The first number of line 2 is the number of 52-card decks the game is \
played with, 1 to 8. The stock (the first pile) must hold 52 × that many cards.",
    unnecessary: false,
};

pub const PILE_LIMIT: &Code = &Code {
    name: "patience/pile-limit",
    severity: Severity::Error,
    summary: "The number of piles is not 1 to 150",
    docs: "The second number of line 2 is the number of piles, the stock included: \
1 to 150. Each pile is one line of numbers after line 2.",
    unnecessary: false,
};

pub const PILE_COUNT: &Code = &Code {
    name: "patience/pile-count",
    severity: Severity::Error,
    summary: "The number of pile lines differs from the number of piles on line 2",
    docs: "Line 2 says how many piles follow (the stock included), and the game reads \
exactly that many pile lines. With fewer lines it runs out of piles; lines beyond the count are \
never read. The finding on line 2 gives both numbers; a second finding marks where piles are \
missing (the end of the last pile) or the lines the game does not read. Add or delete pile \
lines, or correct the count. Blank lines between piles are fine and do not count.",
    unnecessary: false,
};

pub const FIELD_COUNT: &Code = &Code {
    name: "patience/field-count",
    severity: Severity::Error,
    summary: "A pile line has fewer than its 11 numbers (15 with a second rule set)",
    docs: "Each pile is one line of 11 numbers: n x y v w dcba e ccba edcba baa (d)cba \
(the stock's last four mean f g h i). When field 11 has a thousands part (1000–6000), the pile \
has a second rule set and four more numbers follow: fields 8–11 of rules 2, 15 numbers in all, \
as in the spec's Spider line `6 4 4 0 16 1 0 1 32 999 1304 2 2 999 104`. The stock never has \
a second rule set. Add the missing numbers; a line with too few numbers is not checked \
further, as it is unclear which is missing. Numbers past the line's fields are ignored by the \
game (patience/trailing-text).",
    unnecessary: false,
};

pub const STOCK_SIZE: &Code = &Code {
    name: "patience/stock-size",
    severity: Severity::Error,
    summary: "The stock does not hold 52 × the number of decks",
    docs: "The first pile is the stock, from which every card is dealt. Its field 1 \
(number of cards) must be 52 × the number of decks on line 2: 52 for one deck, 104 for two.",
    unnecessary: false,
};

pub const STOCK_FIELD: &Code = &Code {
    name: "patience/stock-field",
    severity: Severity::Error,
    summary: "A value in the stock's fields 8–11 is not allowed",
    docs: "For the stock (the first pile), fields 8–11 mean: f, how many cards are \
drawn each time (0 or more; often 1–3); g, how many times the stock can be drawn (0–998, or 999 \
for unlimited); h, what happens when the stock is exhausted and turned over (0 nothing, 1 the \
stock is split and shuffled); i, which pile is the wastepile (its pile number, most often 2, or \
0 when there is none). The wastepile must be a pile of the file, and not the stock itself.",
    unnecessary: false,
};

pub const DIGIT: &Code = &Code {
    name: "patience/digit",
    severity: Severity::Error,
    summary: "A digit of a field has a value the game does not know",
    docs: "Fields 6 and 8–11 of a pile line are made of digits, each with its own \
meaning: field 6 `dcba` (how the cards lie), 8 `ccba` (moving cards from the pile), 9 `edcba` \
(moving cards to the pile), 10 `baa` (the card for an empty pile: 999, 0, or suit b and value \
aa) and 11 `(d)cba` (the sequence definition: 999, 0, or colours c, ace/king limit b, order a; \
plus thousands 1000–6000 for a second rule set). Letters count from the right: a is the units \
digit; a number written with fewer digits has zeros in the missing high digits. The message \
names the field, the digit, the value found and the values the spec allows there. Some values \
differ by context: the stock's field 6 has a = 0 or 2, b = 0 or 2, c = 0, 1 or 2 (the \
\"stock only\" shuffling values) and d = 0; other piles may not use c = 1 or 2. Hover a digit \
to read what each value means.",
    unnecessary: false,
};

pub const VALUE: &Code = &Code {
    name: "patience/value",
    severity: Severity::Error,
    summary: "A whole-number field has a value the game does not know",
    docs: "Field 1 (number of cards) cannot be negative, and field 7 (cards in the \
pile) is 999 (no matter), 0–998 (the cards a foundation pile holds when the game is won) or \
negative (a limit: -3 = at most 3 cards; the stock cannot have a limit). A number too large for \
the game is reported here too.",
    unnecessary: false,
};

pub const RULES_IGNORED: &Code = &Code {
    name: "patience/rules-ignored",
    severity: Severity::Warning,
    summary: "Field 11's thousands are above 6000, so the second rule set is never used",
    docs: "The thousands of field 11 choose how a pile's second rule set is used: \
1000 rules 1 OR 2, 2000 rules 1 AND 2, 3000–6000 switch to rules 2 at some point of the \
drawing. Above 6000 the game uses rules 1 only, so the four numbers of rules 2 are read and \
then ignored. Write 1000–6000, or drop the thousands and the four numbers.",
    unnecessary: false,
};

pub const FOUNDATION_VALUE: &Code = &Code {
    name: "patience/foundation-value",
    severity: Severity::Error,
    summary: "A c = 6 pile (foundation value from the first card) deals the wrong number of cards",
    docs: "Digit c = 6 of field 6 makes the first card laid out determine the \
foundation value (the value the foundation piles are built from, as in Mysteriet). The first \
pile with c = 6 must have field 1 = 1: only that one card is dealt. The following piles with \
c = 6 get the same foundation value and must have field 1 = 0.",
    unnecessary: false,
};

pub const STOCK_EXHAUSTED: &Code = &Code {
    name: "patience/stock-exhausted",
    severity: Severity::Warning,
    summary: "The piles are dealt more cards than the stock holds",
    docs: "Every card dealt to a pile (its field 1) comes out of the stock. When the \
piles together are dealt more cards than the stock holds (52 × decks), the deal runs out; the \
finding points at the pile where that happens. Cards that the deal redirects elsewhere may be \
replaced from the stock too, so the real need can be higher still.",
    unnecessary: false,
};

pub const UNWINNABLE: &Code = &Code {
    name: "patience/unwinnable",
    severity: Severity::Warning,
    summary: "No pile has a won-game count, so the game can never be won",
    docs: "The game is won when the piles whose field 7 is 0–998 hold that many \
cards (mostly 13 on foundation piles; 0 on piles that must be emptied, and piles with 0 decide \
when both kinds exist). When every pile has 999 (no matter) or a negative limit, nothing ever \
says the game is won. Give the foundation piles their count.",
    unnecessary: false,
};

pub const OFF_WINDOW: &Code = &Code {
    name: "patience/off-window",
    severity: Severity::Information,
    summary: "A pile lies wholly outside the window",
    docs: "The window starts at (0, 0) and grows right and down to hold every pile \
(its size comes from the largest x + 71 and y + 96), so a pile can only fall outside it to the \
left or the top: when x ≤ -71 or y ≤ -96 (-96 and -71 for horizontal cards), none of its cards \
can be seen. Piles meant to be unseen (e.g. for unwanted cards, c = 7) use the convention \
y = -99 or less, which this check accepts; otherwise move the pile to coordinates 0 or more.",
    unnecessary: false,
};

pub const PAST_WINDOW: &Code = &Code {
    name: "patience/past-window",
    severity: Severity::Warning,
    summary: "A pile's dealt cards, fanned, reach past the window",
    docs: "The game makes its window only as large as the piles' places need: up to \
the largest x + 71 and y + 96 of the piles (the spec, \"Advanced\"). A pile fanned by v/w \
(fields 4 and 5) reaches further with every card, and its dealt cards past the window are cut \
off (cards added in play reach further still). The spec's remedy is an empty pile used only to \
make the window larger, such as \"0 607 413 0 0 0 0 0 0 0 0 0\": the quick fix adds one where \
it makes room for the dealt cards, and counts it on line 2.",
    unnecessary: false,
};

pub const SAME_PLACE: &Code = &Code {
    name: "patience/same-place",
    severity: Severity::Warning,
    summary: "Two visible piles lie at the same place",
    docs: "Each pile is drawn at its x and y (fields 2 and 3), in file order, so a later \
pile at the same place is drawn over the earlier one and hides it. Move one of them (cards are \
71 × 96, so piles side by side are usually 79 apart). Piles hidden on purpose (y -99 or less) \
and filler piles (only a place, no cards or rules) are not reported.",
    unnecessary: false,
};

pub const POSITION: &Code = &Code {
    name: "patience/position",
    severity: Severity::Warning,
    summary: "A pile's x or y coordinate is negative, so part of it is cut off",
    docs: "Coordinates are the pile's top left corner in pixels from the window's \
top left corner. A negative x or y (other than y -99 or less, which hides a pile on purpose) \
puts part of the pile outside the window, where it cannot be seen or clicked. Use 0 or more.",
    unnecessary: false,
};

pub const TRAILING_TEXT: &Code = &Code {
    name: "patience/trailing-text",
    severity: Severity::Warning,
    summary: "Text or numbers after the fields of a line are ignored by the game",
    docs: "The game reads only the numbers of the counts line and of the pile lines; \
anything after them (like the notes `(1) (stock)` in the spec's example) is ignored, and a \
number written after the text is not read. Delete the text so the file says only what the \
game reads. Numbers past a pile line's fields (after 11, or 15 with a second rule set) are \
ignored too, like the 12th number of the spec's window filler `0 607 413 0 0 0 0 0 0 0 0 0`.",
    unnecessary: true,
};

pub const TEXT_LINE: &Code = &Code {
    name: "patience/text-line",
    severity: Severity::Warning,
    summary: "A line after the counts line holds text instead of numbers",
    docs: "After line 2 every non-blank line is a pile line that starts with its \
numbers. A .pat file has no comments: a text line (like the row of dots in the spec's example, \
which is documentation, not file syntax) may be misread by the game. Delete it; blank lines \
between piles are fine.",
    unnecessary: false,
};

pub const CARD_SHORTAGE: &Code = &Code {
    name: "patience/card-shortage",
    severity: Severity::Warning,
    summary: "Piles take more cards of a kind out of the stock than the decks hold",
    docs: "A pile with field 6 c = 7 (or 8) takes field 1 cards out of the stock, the \
ones field 10 names (901 aces, 101 the ace of hearts, 599 red cards, ...), before the deal; c = 8 \
puts them back at the stock's bottom after it. Each deck holds each card once, so one deck has \
4 aces and 1 ace of hearts. When a pile asks for more such cards than the decks hold, counting \
those that earlier c = 7/8 piles take from the same cards, the deal needs cards that do not \
exist (a fifth ace from one deck), and field 10 = 0 names no card at all. Take fewer cards, name \
other cards in field 10, or play with more decks. The finding comes from counting, so it holds \
for every deal.",
    unnecessary: false,
};

pub const NEVER_RECEIVES: &Code = &Code {
    name: "patience/never-receives",
    severity: Severity::Warning,
    summary: "A d = 5 pile can never receive its card during the deal",
    docs: "A pile with field 6 d = 5 receives at most 1 card that fits (by its field \
10, e.g. an ace) during the distribution: a card dealt to a pile with d = 0 or 1 goes there \
instead. It never gets one when its field 10 is 0 (no card may be laid on it while empty), when \
no pile with d = 0 or 1 is dealt any card (nothing passes by), or when every card it takes goes \
elsewhere first: taken out of the stock by c = 7/8 piles, or received one each by earlier \
d = 5/6/7 piles that take exactly the same cards. Change field 10, or drop d = 5. The finding \
comes from counting, so it holds for every deal.",
    unnecessary: false,
};

pub const FOUNDATION_SHORT: &Code = &Code {
    name: "patience/foundation-short",
    severity: Severity::Warning,
    summary: "A c = 6 foundation cannot be built to its won count from some first cards",
    docs: "With field 6 c = 6, the first card dealt to the first such pile sets the \
foundation value, so any value from ace to king may come up. The pile is then built by its field \
11 (e.g. 116: up by 1 in the same suit, on beyond the king). When for some value the sequence \
cannot give the pile as many cards as its field 7 asks for when the game is won (106, up by 1 \
without passing the king, gives a pile started at 8 at most 6 cards: 8 to king), those deals \
can never be won; field 11 = 0 lets no card be laid at all. The finding names the values and \
the most cards each allows. Let the sequence continue beyond the ace/king limit (digit b = 1), \
or give the pile a fixed first card in field 10 instead of c = 6.",
    unnecessary: false,
};

pub const WON_OVER_DECKS: &Code = &Code {
    name: "patience/won-count-over-decks",
    severity: Severity::Warning,
    summary: "The won-game counts need more cards than the decks hold",
    docs: "The game is won when the piles whose field 7 is 1–998 hold that many cards \
(when no pile has 0: piles with 0 decide then). Together they can hold no more cards than the \
decks (52 × line 2): 9 foundations of 13 need 117 cards, more than 2 decks hold. The finding \
points at the pile where the count passes what the decks hold. Lower field 7 (13 for a \
foundation from ace to king), or play with more decks.",
    unnecessary: false,
};

pub const NEVER_FILLED: &Code = &Code {
    name: "patience/never-filled",
    severity: Severity::Warning,
    summary: "A pile that decides when the game is won can never hold its count",
    docs: "Every pile whose field 7 count decides when the game is won must reach it. \
A pile on which no card is ever laid (field 9 digit a = 0, no cards from the stock by digit b, no \
cards during the deal by field 6) holds only the cards field 1 deals it; an empty pile with field \
10 = 0 never gets a first card; and a pile whose first card is one value (field 10, such as 101, \
the ace of hearts) grows only as far as field 11's sequence goes (106, up by 1 without passing \
the king, reaches 13 cards from an ace). When such a pile is asked for more (field 7), the game \
can never be won. Let cards be laid on it (fields 9 to 11), or change field 7. Piles whose \
foundation value comes from the deal (c = 6) are patience/foundation-short's.",
    unnecessary: false,
};

/// Every code of the family, in the order `retroboard explain` lists them.
pub const CODES: &[&Code] = &[
    NAME,
    FILE_NAME,
    COUNTS_MISSING,
    DECKS,
    PILE_LIMIT,
    PILE_COUNT,
    FIELD_COUNT,
    STOCK_SIZE,
    STOCK_FIELD,
    DIGIT,
    VALUE,
    RULES_IGNORED,
    FOUNDATION_VALUE,
    STOCK_EXHAUSTED,
    UNWINNABLE,
    OFF_WINDOW,
    PAST_WINDOW,
    SAME_PLACE,
    POSITION,
    TRAILING_TEXT,
    TEXT_LINE,
    CARD_SHORTAGE,
    NEVER_RECEIVES,
    FOUNDATION_SHORT,
    WON_OVER_DECKS,
    NEVER_FILLED,
];
