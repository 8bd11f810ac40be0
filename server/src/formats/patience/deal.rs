//! A sample deal of a Patience game, as the spec's rules give it, deterministic for a seed so
//! that a deal can be discussed and reproduced (`retroboard render FILE --deal SEED`).
//!
//! The rules, each from the spec (`specs/patience-game.txt`), in the order they act:
//!
//! 1. The stock holds every card: "(1) n … For the stock it is: 52*number of decks". It is
//!    dealt as 52 × the decks of line 2, whatever its field 1 says (a different number has its
//!    own finding, `patience/stock-size`).
//! 2. It is shuffled by the stock's field 6 digit c: "c = 0: stock only: All cards in it are
//!    shuffled before being dealt. c = 1: stock only: The decks are shuffled separately before
//!    being laid out. c = 2: stock only: Reshuffle after cards have been put at the bottom."
//!    (c = 2 shuffles all cards together first too.)
//! 3. Piles with field 6 c = 7 or 8 take their cards out of the stock: "c = 7: Cards are taken
//!    out of the stock and laid here. (1): How many, (10): which cards. Also for unwanted
//!    cards". The spec does not say when; they are taken first, in file order, before any
//!    pile is dealt, because "unwanted cards" must not reach the table first — and so that
//!    whether the decks hold enough of them is a matter of counting, not of the shuffle
//!    (`patience/card-shortage`). Among the cards that fit, the ones nearest the stock's top
//!    are taken.
//! 4. The other piles are dealt in file order, each its field 1 cards off the stock's top:
//!    "(1) n How many cards will be laid out? … other piles: number of cards dealt."
//! 5. "c = 6: The foundation pile value is determined by the first card laid out": the first
//!    card dealt to the first pile with c = 6 sets the foundation value, which "also applies to
//!    the corresponding piles … where (6)=.6.., and where no card is placed during the
//!    dealing": their field 10 999 "is changed to the foundation value".
//! 6. A card dealt to a pile with field 6 d = 0 or 1 goes instead to a pile that takes it
//!    during the deal: "d = 5: To here: A maximum of 1 card that fits eg ace, during the
//!    distribution. d = 6: To here: Several cards that fit fex. ace,2,3.., during the
//!    distribution. d = 7: To here: Several cards that fit, also from all free cards in the
//!    piles." The first such pile in file order that the card fits takes it. A card fits an
//!    empty pile by its field 10 ("Which card may be laid on the pile when it is empty?") and
//!    a pile with cards by its field 11 ("Which card … may be laid on the top card in a
//!    not-empty pile?"; with a second rule set 1000 "rules 1 OR 2", 2000 "1 AND 2", any other
//!    rules 1 during the deal); a negative field 7 ("how many cards there may be") caps it.
//!    The pile the card was meant for: "d = 0: From here: Cards ending elsewhere are replaced
//!    from the stock. d = 1: From here: Cards ending elsewhere are NOT replaced." Cards of c =
//!    6 and c = 7/8 piles, and of the d = 5/6/7 piles themselves, are not redirected.
//! 7. After the piles are dealt, d = 7 piles take the free cards (the face-up top cards of the
//!    piles that hand cards on, d = 0 or 1, as in 6) that fit them, until none fits; a pile
//!    that gives one away is given another by its d as in 6.
//! 8. "c = 8: as c=7, plus the cards are put at the stock's bottom after the deal", in file
//!    order; then a stock with c = 2 is shuffled again ("Reshuffle after cards have been put at
//!    the bottom").
//! 9. Each pile's cards face as its field 6 digit a says ("a = 0: All cards show the back. a =
//!    1: All cards show the back except the last one. …"), counted on the cards it holds after
//!    the deal.
//!
//! The shuffle is a Fisher–Yates shuffle driven by SplitMix64, written here, so a seed gives
//! the same deal on every machine and in every version that does not change these rules.

use super::cards::{Card, CardSet, Sequence, Suit, field_10_words};
use super::checks::{DECK, MAX_DECKS};
use super::view::{GameView, Pile};

/// SplitMix64 (Steele, Lea and Flood 2014): a small generator whose output depends only on the
/// seed.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (> 0), every one equally likely.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return r % n;
            }
        }
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// How the stock was shuffled (its field 6 digit c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    /// c = 0: all cards together.
    Together,
    /// c = 1: each deck on its own, deck 1 on top.
    DeckByDeck,
    /// c = 2: all cards together, and again after cards went back to the bottom.
    Reshuffled,
}

/// One pile after the deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealtPile {
    /// The pile's number (1 the stock).
    pub number: usize,
    /// The cards it holds, bottom first (for the stock: the top is the card drawn next).
    pub cards: Vec<Card>,
    /// For each card: face up (`Some(true)`), face down, or invisible (a = 5).
    pub faces: Vec<Option<bool>>,
    /// Cards it received from other piles' deals (d = 5/6/7).
    pub received: usize,
    /// Cards meant for it that went to a d = 5/6/7 pile instead.
    pub redirected: usize,
    /// Cards it should have had but did not get: the stock ran out, or (c = 7/8) no card left
    /// that field 10 names.
    pub short: usize,
    /// c = 8: the cards it took, put back at the stock's bottom after the deal.
    pub put_back: Vec<Card>,
}

/// A deal of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub seed: u64,
    pub decks: u8,
    pub shuffle: Shuffle,
    /// One per pile line, in file order (the stock first).
    pub piles: Vec<DealtPile>,
    /// The foundation value (c = 6) and the pile whose first card set it.
    pub foundation: Option<(u8, usize)>,
    /// The pile being dealt when the stock ran out.
    pub ran_out: Option<usize>,
    /// The stock was shuffled again after c = 8 put cards back (c = 2).
    pub reshuffled: bool,
}

/// Why a game cannot be dealt.
pub fn cannot_deal(view: &GameView) -> Option<String> {
    if view.head_broken {
        return Some("its name or counts line is broken".to_string());
    }
    match view.decks() {
        Some(1..=MAX_DECKS) => {}
        Some(d) => return Some(format!("it has {d} decks, and the game deals 1 to 8")),
        None => return Some("line 2 does not say how many decks it has".to_string()),
    }
    if view.piles.is_empty() {
        return Some("it has no stock (no pile line)".to_string());
    }
    None
}

/// Deals a game with a seed; `Err` says why the game cannot be dealt.
pub fn deal(view: &GameView, seed: u64) -> Result<Deal, String> {
    if let Some(why) = cannot_deal(view) {
        return Err(why);
    }
    let decks = view.decks().and_then(|d| u8::try_from(d).ok()).unwrap_or(1);
    let stock_pile = &view.piles[0];
    let shuffle = match stock_pile.lay_digit(2) {
        Some(1) => Shuffle::DeckByDeck,
        Some(2) => Shuffle::Reshuffled,
        _ => Shuffle::Together,
    };
    let mut rng = SplitMix64::new(seed);
    let mut stock = Vec::with_capacity(DECK as usize * usize::from(decks));
    // Deck 1 goes on last, so that it lies on top when the decks are shuffled one by one.
    for deck in (0..decks).rev() {
        let start = stock.len();
        for suit in Suit::ALL {
            for value in 1..=13 {
                stock.push(Card { deck, suit, value });
            }
        }
        if shuffle == Shuffle::DeckByDeck {
            rng.shuffle(&mut stock[start..]);
        }
    }
    if shuffle != Shuffle::DeckByDeck {
        rng.shuffle(&mut stock);
    }
    let mut dealer = Dealer {
        view,
        stock,
        piles: view
            .piles
            .iter()
            .map(|p| DealtPile {
                number: p.number,
                ..DealtPile::default()
            })
            .collect(),
        foundation: None,
        ran_out: None,
        dealing: 0,
    };
    dealer.take_out();
    dealer.deal_piles();
    dealer.free_cards();
    let put_back = dealer.put_back();
    let reshuffled = put_back && shuffle == Shuffle::Reshuffled;
    if reshuffled {
        rng.shuffle(&mut dealer.stock);
    }
    let Dealer {
        stock,
        mut piles,
        foundation,
        ran_out,
        ..
    } = dealer;
    piles[0].cards = stock;
    for (dealt, pile) in piles.iter_mut().zip(&view.piles) {
        let count = dealt.cards.len() as i64;
        dealt.faces = (0..count)
            .map(|k| shows_face(pile.lay_digit(0), k, count))
            .collect();
    }
    Ok(Deal {
        seed,
        decks,
        shuffle,
        piles,
        foundation,
        ran_out,
        reshuffled,
    })
}

/// Whether card `index` (0 = the bottom card, dealt first) of `count` shows its face, by field 6
/// digit a; `None` when the cards are invisible (a = 5).
pub fn shows_face(a: Option<i64>, index: i64, count: i64) -> Option<bool> {
    let from_top = count - 1 - index;
    Some(match a {
        Some(0) => false,
        Some(1) => from_top < 1,
        Some(3) => index % 2 == 1,
        Some(4) => index % 2 == 0,
        Some(5) => return None,
        Some(6) => from_top < 2,
        Some(7) => from_top < 3,
        // 2, and digits the game does not know (their finding marks the pile).
        _ => true,
    })
}

/// Field 6 digit c of a pile other than the stock.
pub fn special(pile: &Pile) -> Option<i64> {
    (!pile.is_stock()).then(|| pile.lay_digit(2)).flatten()
}

/// Field 6 digit d of a pile other than the stock.
pub fn deal_digit(pile: &Pile) -> Option<i64> {
    (!pile.is_stock()).then(|| pile.lay_digit(3)).flatten()
}

/// Takes cards out of the stock (c = 7 and 8).
pub fn takes_out(pile: &Pile) -> bool {
    matches!(special(pile), Some(7 | 8))
}

/// Receives fitting cards during the deal (d = 5, 6 or 7), unless it takes its cards out of
/// the stock.
pub fn receives(pile: &Pile) -> bool {
    matches!(deal_digit(pile), Some(5..=7)) && !takes_out(pile)
}

/// The cards a c = 7/8 pile takes (field 10); a value the game does not know takes any card.
pub fn taken_set(pile: &Pile) -> CardSet {
    pile.value(10)
        .and_then(|v| CardSet::of_field_10(v, None))
        .unwrap_or(CardSet::ALL)
}

/// The cards field 1 deals a pile (0 when absent or negative).
pub fn written_cards(pile: &Pile) -> usize {
    pile.value(1)
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(0)
}

struct Dealer<'a> {
    view: &'a GameView,
    /// Bottom first: the top card is the last.
    stock: Vec<Card>,
    piles: Vec<DealtPile>,
    foundation: Option<(u8, usize)>,
    ran_out: Option<usize>,
    /// The pile being dealt.
    dealing: usize,
}

impl<'a> Dealer<'a> {
    fn pile(&self, index: usize) -> &'a Pile {
        &self.view.piles[index]
    }

    /// Rule 3: c = 7/8 piles take the cards field 10 names, nearest the top first.
    fn take_out(&mut self) {
        for index in 1..self.piles.len() {
            let pile = self.pile(index);
            if !takes_out(pile) {
                continue;
            }
            let set = taken_set(pile);
            let n = written_cards(pile);
            for k in 0..n {
                let Some(at) = self.stock.iter().rposition(|c| set.contains(*c)) else {
                    // No such card left: the rest are missing too (field 1 may be huge).
                    self.piles[index].short = n - k;
                    break;
                };
                let card = self.stock.remove(at);
                self.piles[index].cards.push(card);
            }
        }
    }

    /// Rules 4–6: every other pile, in file order.
    fn deal_piles(&mut self) {
        for index in 1..self.piles.len() {
            let pile = self.pile(index);
            if takes_out(pile) {
                continue;
            }
            self.dealing = index;
            let n = written_cards(pile);
            for k in 0..n {
                if !self.deal_one(index) {
                    // The stock ran out: the rest of this pile's cards are missing.
                    self.piles[index].short += n - k;
                    break;
                }
            }
        }
    }

    /// Deals one card to pile `index`; `false` when the stock is empty.
    fn deal_one(&mut self, index: usize) -> bool {
        let pile = self.pile(index);
        let redirects = matches!(deal_digit(pile), Some(0 | 1)) && special(pile) != Some(6);
        let replaced = deal_digit(pile) == Some(0);
        loop {
            let Some(card) = self.stock.pop() else {
                self.ran_out.get_or_insert(self.piles[self.dealing].number);
                return false;
            };
            if redirects && let Some(to) = self.taker(card, index) {
                self.piles[to].cards.push(card);
                self.piles[to].received += 1;
                self.piles[index].redirected += 1;
                if replaced {
                    continue;
                }
                return true;
            }
            self.lay(index, card);
            return true;
        }
    }

    /// Lays a card on a pile, noting the foundation value (rule 5).
    fn lay(&mut self, index: usize, card: Card) {
        if special(self.pile(index)) == Some(6)
            && self.piles[index].cards.is_empty()
            && self.foundation.is_none()
        {
            self.foundation = Some((card.value, self.piles[index].number));
        }
        self.piles[index].cards.push(card);
    }

    /// The first pile (in file order) that takes `card` during the deal, other than `from`.
    fn taker(&self, card: Card, from: usize) -> Option<usize> {
        (1..self.piles.len()).find(|&to| to != from && self.takes(to, card))
    }

    /// Whether d = 5/6/7 pile `to` takes `card` now (rule 6).
    fn takes(&self, to: usize, card: Card) -> bool {
        let pile = self.pile(to);
        if !receives(pile) {
            return false;
        }
        let dealt = &self.piles[to];
        if deal_digit(pile) == Some(5) && dealt.received >= 1 {
            return false;
        }
        if let Some(limit @ ..0) = pile.value(7)
            && dealt.cards.len() as i64 >= limit.saturating_neg()
        {
            return false;
        }
        match dealt.cards.last() {
            None => {
                let foundation = (special(pile) == Some(6)).then(|| self.foundation.map(|f| f.0));
                pile.value(10)
                    .and_then(|v| CardSet::of_field_10(v, foundation))
                    .is_some_and(|set| set.contains(card))
            }
            Some(&top) => laid_on(pile, top, card),
        }
    }

    /// Rule 7: d = 7 piles take the free cards that fit them.
    fn free_cards(&mut self) {
        let takers: Vec<usize> = (1..self.piles.len())
            .filter(|&i| deal_digit(self.pile(i)) == Some(7) && receives(self.pile(i)))
            .collect();
        if takers.is_empty() {
            return;
        }
        // Every move puts a card on a d = 7 pile for good: there are at most as many moves as
        // cards.
        let mut moves = self.piles.iter().map(|p| p.cards.len()).sum::<usize>() + 1;
        let mut moved = true;
        while moved && moves > 0 {
            moved = false;
            for from in 1..self.piles.len() {
                let pile = self.pile(from);
                let hands_on = matches!(deal_digit(pile), Some(0 | 1)) && special(pile) != Some(6);
                if !hands_on || takes_out(pile) {
                    continue;
                }
                let count = self.piles[from].cards.len() as i64;
                let Some(&card) = self.piles[from].cards.last() else {
                    continue;
                };
                if shows_face(pile.lay_digit(0), count - 1, count) != Some(true) {
                    continue;
                }
                let Some(&to) = takers.iter().find(|&&to| self.takes(to, card)) else {
                    continue;
                };
                self.piles[from].cards.pop();
                self.piles[to].cards.push(card);
                self.piles[to].received += 1;
                self.piles[from].redirected += 1;
                if deal_digit(pile) == Some(0) {
                    self.dealing = from;
                    self.deal_one(from);
                }
                moved = true;
                moves -= 1;
            }
        }
    }

    /// Rule 8: c = 8 piles put their cards at the stock's bottom; whether any did.
    fn put_back(&mut self) -> bool {
        let mut any = false;
        for index in 1..self.piles.len() {
            if special(self.pile(index)) != Some(8) {
                continue;
            }
            let cards = std::mem::take(&mut self.piles[index].cards);
            any |= !cards.is_empty();
            self.stock.splice(0..0, cards.iter().copied());
            self.piles[index].put_back = cards;
        }
        any
    }
}

/// Whether `card` may be laid on `top` of `pile` by its field 11 (rule 6).
pub fn laid_on(pile: &Pile, top: Card, card: Card) -> bool {
    let rules_1 = pile.value(11).and_then(Sequence::of);
    let rules_2 = pile
        .rule_set_2_field(11)
        .and_then(|n| n.value)
        .and_then(Sequence::of);
    let fits = |rules: Option<Sequence>| rules.is_some_and(|r| r.fits(top, card));
    match pile.rule_set_mode() {
        1 => fits(rules_1) || fits(rules_2),
        2 => fits(rules_1) && fits(rules_2),
        _ => fits(rules_1),
    }
}

impl Deal {
    /// What the deal did, in sentences for the drawing.
    pub fn notes(&self, view: &GameView) -> Vec<String> {
        let how = match self.shuffle {
            Shuffle::Together => "all cards shuffled together",
            Shuffle::DeckByDeck => "each deck shuffled on its own",
            Shuffle::Reshuffled => "all cards shuffled together, the stock again after the deal",
        };
        let decks = if self.decks == 1 {
            "1 deck".to_string()
        } else {
            format!("{} decks", self.decks)
        };
        let mut notes = vec![format!(
            "Deal {} ({decks}, {how}); another seed deals again. (K♣): a card lying face down.",
            self.seed
        )];
        if let Some(written) = view.piles[0].value(1)
            && written != DECK * i64::from(self.decks)
        {
            notes.push(format!(
                "The stock is dealt as 52 × {} = {} cards (its field 1 says {written}).",
                self.decks,
                DECK * i64::from(self.decks)
            ));
        }
        if let Some((value, pile)) = self.foundation {
            notes.push(format!(
                "Foundation value {}: the first card dealt to pile {pile} (c = 6).",
                super::cards::value_name(value)
            ));
        }
        if let Some(pile) = self.ran_out {
            notes.push(format!(
                "The stock ran out while dealing pile {pile}: piles got fewer cards than field 1 \
says."
            ));
        }
        for (dealt, pile) in self.piles.iter().zip(&view.piles) {
            if takes_out(pile) && dealt.short > 0 {
                let what = pile
                    .value(10)
                    .and_then(field_10_words)
                    .unwrap_or_else(|| "cards".to_string());
                notes.push(format!(
                    "Pile {} got {} of the {} {what} it takes out of the stock: the decks hold no \
more.",
                    dealt.number,
                    written_cards(pile) - dealt.short,
                    written_cards(pile),
                ));
            }
        }
        if self.reshuffled {
            notes.push(
                "The stock was shuffled again after cards were put back at its bottom (c = 2)."
                    .to_string(),
            );
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::registry::FormatId;
    use crate::syntax::Document;

    const KLONDIKE: &str = include_str!("../../../../examples/Klondike.pat");
    const MYSTERIET: &str = include_str!("../../../../examples/Mysteriet.pat");
    const SPIDER: &str = include_str!("../../../../examples/Spider.pat");
    const FREECELL: &str = include_str!("../../../../examples/FreeCell.pat");

    fn view(text: &str) -> GameView {
        GameView::new(&Document::new(Some(FormatId::PatienceGame), text))
    }

    fn dealt(text: &str, seed: u64) -> (GameView, Deal) {
        let view = view(text);
        let deal = deal(&view, seed).unwrap();
        (view, deal)
    }

    fn names(cards: &[Card]) -> Vec<String> {
        cards.iter().map(Card::to_string).collect()
    }

    /// Every card of every deck, each once: the piles, the stock and nothing else.
    fn assert_conserved(deal: &Deal) {
        let mut seen: HashMap<Card, usize> = HashMap::new();
        for pile in &deal.piles {
            for card in &pile.cards {
                *seen.entry(*card).or_default() += 1;
            }
        }
        assert_eq!(seen.len(), 52 * usize::from(deal.decks));
        assert!(seen.values().all(|n| *n == 1));
        for card in seen.keys() {
            assert!(card.deck < deal.decks && (1..=13).contains(&card.value));
        }
    }

    #[test]
    fn splitmix64_gives_its_published_numbers() {
        // The first outputs for seed 0 (the reference implementation's).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn a_seed_gives_the_same_deal_and_another_seed_another() {
        let (_, a) = dealt(KLONDIKE, 7);
        let (_, b) = dealt(KLONDIKE, 7);
        let (_, c) = dealt(KLONDIKE, 8);
        assert_eq!(a, b);
        assert_ne!(a.piles, c.piles);
        assert_conserved(&a);
    }

    #[test]
    fn klondike_deals_one_to_seven_cards_with_the_last_face_up() {
        let (_, deal) = dealt(KLONDIKE, 1);
        let counts: Vec<usize> = deal.piles.iter().map(|p| p.cards.len()).collect();
        // (the last pile: the filler that sizes the window, dealt nothing)
        assert_eq!(counts, [24, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 0]);
        let faces = &deal.piles[12].faces;
        assert_eq!(
            faces,
            &[
                Some(false),
                Some(false),
                Some(false),
                Some(false),
                Some(false),
                Some(false),
                Some(true)
            ]
        );
        assert!(deal.piles[0].faces.iter().all(|f| *f == Some(false)));
    }

    #[test]
    fn mysteriet_sets_the_foundation_value_from_pile_6() {
        let (_, deal) = dealt(MYSTERIET, 3);
        let (value, pile) = deal.foundation.unwrap();
        assert_eq!(pile, 6);
        assert_eq!(deal.piles[5].cards[0].value, value);
        assert_eq!(deal.piles[9].cards.len(), 0);
        // Eight columns of 1 + 1 + 5 cards, and the one card of pile 6.
        assert_eq!(deal.piles[0].cards.len(), 104 - 8 * 7 - 1);
        assert_conserved(&deal);
    }

    #[test]
    fn decks_shuffled_separately_stay_apart() {
        // c = 1 on the stock: deck 1 on top, so the first 52 cards dealt are all deck 1's.
        let text = "Two\n2 2\n104 4 4 0 0 100 999 1 999 0 0\n52 4 110 0 0 2 999 1 0 0 0\n";
        let (_, deal) = dealt(text, 5);
        assert!(deal.piles[1].cards.iter().all(|c| c.deck == 0));
        assert!(deal.piles[0].cards.iter().all(|c| c.deck == 1));
        assert_eq!(deal.shuffle, Shuffle::DeckByDeck);
    }

    #[test]
    fn c_7_takes_the_cards_field_10_names_and_c_8_puts_them_back_at_the_bottom() {
        let text = "Aces\n1 4\n52 4 4 0 0 200 999 1 999 0 0\n\
4 4 -99 0 0 700 999 0 0 901 0\n\
2 83 -99 0 0 800 999 0 0 113 0\n\
5 4 110 0 16 1 999 2 2 999 304\n";
        let (_, deal) = dealt(text, 11);
        assert!(deal.piles[1].cards.iter().all(|c| c.value == 1));
        assert_eq!(deal.piles[1].cards.len(), 4);
        // Only one king of hearts: the second is missing.
        assert_eq!(deal.piles[2].put_back.len(), 1);
        assert_eq!(names(&deal.piles[2].put_back), ["K♥"]);
        assert_eq!(deal.piles[2].short, 1);
        assert!(deal.piles[2].cards.is_empty());
        assert!(deal.piles[3].cards.iter().all(|c| c.value != 1));
        // c = 2: the stock is reshuffled after the king went back.
        assert!(deal.reshuffled);
        assert_eq!(deal.piles[0].cards.len(), 52 - 4 - 5);
        assert_conserved(&deal);
    }

    #[test]
    fn c_8_cards_lie_at_the_stocks_bottom() {
        let text = "Aces\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n\
4 4 -99 0 0 800 999 0 0 901 0\n\
5 4 110 0 16 1 999 2 2 999 304\n";
        let (_, deal) = dealt(text, 2);
        let stock = &deal.piles[0].cards;
        assert!(stock[..4].iter().all(|c| c.value == 1));
        assert!(stock[4..].iter().all(|c| c.value != 1));
    }

    #[test]
    fn d_5_and_6_piles_take_fitting_cards_during_the_deal() {
        // Pile 2 (d = 5) takes one ace; pile 3 (d = 6) an ace of hearts, then hearts upwards.
        // The tableau (d = 0) gets each redirected card replaced; pile 5 (d = 1) does not.
        let text = "Redirect\n1 5\n52 4 4 0 0 0 999 1 999 0 0\n\
0 4 110 0 0 5002 13 0 1 901 106\n\
0 83 110 0 0 6002 13 0 1 101 106\n\
20 162 110 0 16 1 999 2 2 999 304\n\
20 241 110 0 16 1001 999 2 2 999 304\n";
        for seed in 0..40 {
            let (view, deal) = dealt(text, seed);
            assert_conserved(&deal);
            let ace = &deal.piles[1];
            assert!(ace.cards.len() <= 1);
            assert!(ace.cards.iter().all(|c| c.value == 1));
            let hearts = &deal.piles[2];
            for (k, card) in hearts.cards.iter().enumerate() {
                assert_eq!((card.suit, usize::from(card.value)), (Suit::Hearts, k + 1));
            }
            assert_eq!(deal.piles[3].cards.len(), 20, "seed {seed}");
            assert_eq!(
                deal.piles[4].cards.len() + deal.piles[4].redirected,
                20,
                "seed {seed}"
            );
            assert_eq!(
                deal.piles[1].received + deal.piles[2].received,
                deal.piles[3].redirected + deal.piles[4].redirected
            );
            let _ = view;
        }
        // Some seed redirects a card away from the d = 1 pile.
        assert!((0..40).any(|seed| dealt(text, seed).1.piles[4].redirected > 0));
    }

    #[test]
    fn d_7_piles_take_free_cards_after_the_deal() {
        // The tableau piles show their top cards; pile 2 (d = 7) takes any ace, then builds
        // up in suit, also from those top cards.
        let text = "Free\n1 10\n52 4 4 0 0 0 999 1 999 0 0\n\
0 4 110 0 0 7002 13 0 1 901 106\n\
3 4 200 0 16 1002 999 1 0 0 0\n3 83 200 0 16 1002 999 1 0 0 0\n\
3 162 200 0 16 1002 999 1 0 0 0\n3 241 200 0 16 1002 999 1 0 0 0\n\
3 320 200 0 16 1002 999 1 0 0 0\n3 399 200 0 16 1002 999 1 0 0 0\n\
3 478 200 0 16 1002 999 1 0 0 0\n3 557 200 0 16 1002 999 1 0 0 0\n";
        let mut took_some = false;
        for seed in 0..60 {
            let (view, deal) = dealt(text, seed);
            assert_conserved(&deal);
            let built = &deal.piles[1].cards;
            if let Some(first) = built.first() {
                assert_eq!(first.value, 1);
                for (k, c) in built.iter().enumerate() {
                    assert_eq!((c.suit, usize::from(c.value)), (first.suit, k + 1));
                }
            }
            // No top card left on the table fits pile 2 any more.
            for pile in &deal.piles[2..] {
                if let Some(&top) = pile.cards.last() {
                    let fits = match built.last() {
                        None => top.value == 1,
                        Some(&t) => laid_on(&view.piles[1], t, top),
                    };
                    assert!(!fits, "seed {seed}: {top} was left");
                }
            }
            took_some |= deal.piles[2..].iter().any(|p| p.redirected > 0);
        }
        assert!(took_some);
    }

    #[test]
    fn a_short_stock_leaves_piles_short() {
        let text = "Short\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n40 4 110 0 0 2 999 1 0 0 0\n\
20 83 110 0 0 2 999 1 0 0 0\n";
        let (view, deal) = dealt(text, 1);
        assert_eq!(deal.ran_out, Some(3));
        assert_eq!(deal.piles[2].cards.len(), 12);
        assert_eq!(deal.piles[2].short, 8);
        assert!(deal.notes(&view)[1].contains("ran out while dealing pile 3"));
        assert_conserved(&deal);
    }

    #[test]
    fn huge_numbers_deal_at_once() {
        let text = "Huge\n8 4\n416 4 4 0 0 0 999 1 999 0 0\n\
9223372036854775807 4 -99 0 0 700 999 0 0 901 0\n\
9223372036854775807 4 -99 0 0 800 999 0 0 101 0\n\
9223372036854775807 4 110 0 16 1 999 2 2 999 304\n";
        let (_, deal) = dealt(text, 1);
        assert_conserved(&deal);
        assert_eq!(deal.piles[1].cards.len(), 32);
        assert_eq!(deal.piles[2].put_back.len(), 0);
        assert_eq!(deal.piles[0].cards.len(), 0);
        let doc = Document::new(Some(FormatId::PatienceGame), text);
        let codes: Vec<&str> = crate::analysis::analyze(&doc)
            .iter()
            .map(|f| f.code)
            .collect();
        assert!(
            codes.contains(&super::super::codes::CARD_SHORTAGE.name),
            "{codes:?}"
        );
    }

    #[test]
    fn games_that_cannot_be_dealt_say_why() {
        assert!(
            deal(&view("X\n9 1\n52 4 4 0 0 0 999 1 999 0 0\n"), 1)
                .unwrap_err()
                .contains("9 decks")
        );
        assert!(deal(&view("X\n"), 1).is_err());
        assert!(deal(&view(""), 1).is_err());
    }

    fn pile_line() -> impl Strategy<Value = String> {
        (
            0i64..12,
            prop_oneof![Just(0i64), Just(1), Just(5), Just(6), Just(7)],
            prop_oneof![Just(0i64), Just(6), Just(7), Just(8)],
            0i64..8,
            prop_oneof![
                Just(999i64),
                Just(901),
                Just(101),
                Just(501),
                Just(613),
                Just(299),
                Just(0)
            ],
            prop_oneof![
                Just(999i64),
                Just(106),
                Just(116),
                Just(304),
                Just(905),
                Just(0),
                Just(1304)
            ],
            -3i64..999,
        )
            .prop_map(|(n, d, c, a, ten, eleven, seven)| {
                let tail = if eleven >= 1000 { " 2 2 999 104" } else { "" };
                format!("{n} 4 110 0 16 {d}{c}0{a} {seven} 1 2 {ten} {eleven}{tail}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any game: the deal conserves the cards (each card of each deck once), faces follow
        /// field 6 digit a, c = 7/8 piles hold only the cards field 10 names, and piles
        /// that redirect nothing and did not run out hold their field 1 cards.
        #[test]
        fn a_deal_conserves_the_cards_and_follows_the_fields(
            decks in 1u8..4,
            stock_c in 0i64..3,
            stock_a in prop_oneof![Just(0i64), Just(2)],
            piles in proptest::collection::vec(pile_line(), 0..14),
            seed in any::<u64>(),
        ) {
            let text = format!(
                "Prop\n{decks} {}\n{} 4 4 0 0 {stock_c}0{stock_a} 999 1 999 0 0\n{}\n",
                piles.len() + 1,
                52 * u64::from(decks),
                piles.join("\n")
            );
            let view = view(&text);
            let deal = deal(&view, seed).unwrap();
            assert_conserved(&deal);
            prop_assert_eq!(&deal, &super::deal(&view, seed).unwrap());
            for (dealt, pile) in deal.piles.iter().zip(&view.piles) {
                let count = dealt.cards.len() as i64;
                prop_assert_eq!(dealt.faces.len(), dealt.cards.len());
                for (k, face) in dealt.faces.iter().enumerate() {
                    prop_assert_eq!(*face, shows_face(pile.lay_digit(0), k as i64, count));
                }
                if pile.is_stock() {
                    continue;
                }
                if takes_out(pile) {
                    let set = taken_set(pile);
                    let held = if special(pile) == Some(8) { &dealt.put_back } else { &dealt.cards };
                    prop_assert!(held.iter().all(|c| set.contains(*c)));
                    prop_assert_eq!(held.len() + dealt.short, written_cards(pile));
                    // Short only when the piles that take cards out hold every such card.
                    if dealt.short > 0 {
                        let taken = deal.piles.iter().zip(&view.piles)
                            .filter(|(_, p)| takes_out(p))
                            .flat_map(|(d, _)| d.cards.iter().chain(&d.put_back))
                            .filter(|c| set.contains(**c))
                            .count();
                        prop_assert_eq!(taken, usize::from(deal.decks) * set.kinds() as usize);
                    }
                    continue;
                }
                let n = written_cards(pile);
                if receives(pile) {
                    prop_assert_eq!(dealt.cards.len(), n + dealt.received - dealt.short);
                } else if deal_digit(pile) == Some(1) && special(pile) != Some(6) {
                    prop_assert_eq!(dealt.cards.len() + dealt.redirected + dealt.short, n);
                } else if deal.ran_out.is_none() {
                    prop_assert_eq!(dealt.cards.len(), n);
                }
                if deal_digit(pile) == Some(5) && receives(pile) {
                    prop_assert!(dealt.received <= 1);
                }
            }
        }
    }

    #[test]
    fn example_games_deal_every_seed_soundly() {
        for text in [KLONDIKE, MYSTERIET, SPIDER, FREECELL] {
            for seed in 0..20 {
                let (_, deal) = dealt(text, seed);
                assert_conserved(&deal);
                assert_eq!(deal.ran_out, None);
            }
        }
    }
}
