//! Cards as the spec names them, for the deal ([`super::deal`]) and the checks that count cards
//! ([`super::deal_checks`]): the suits of field 10 (1 hearts, 2 spades, 3 diamonds, 4 clubs),
//! the values 1 = ace .. 13 = king, the sets of cards field 10 (`baa`) names, and the sequence
//! rule of field 11 (`cba`: which card may be laid on a top card).

use std::fmt;

/// The suits, numbered as field 10's digit b numbers them ("b=1: hearts. b=2: spades. b=3:
/// diamonds. b=4: clubs.").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Hearts = 1,
    Spades = 2,
    Diamonds = 3,
    Clubs = 4,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Spades, Suit::Diamonds, Suit::Clubs];

    /// "b=5: red (hearts/diamonds). b=6: black (spades/clubs)."
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    fn index(self) -> u32 {
        self as u32 - 1
    }
}

/// One card of one of the decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// Which deck it comes from, 0-based.
    pub deck: u8,
    pub suit: Suit,
    /// "ace = 1..king = 13".
    pub value: u8,
}

impl Card {
    /// The card's kind, 0–51, whatever its deck.
    pub fn kind(self) -> u32 {
        self.suit.index() * 13 + u32::from(self.value) - 1
    }
}

/// `A♠`, `10♥`, `K♦`: the value and the suit's symbol.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", value_name(self.value), self.suit.symbol())
    }
}

/// `A`, `2` … `10`, `J`, `Q`, `K`.
pub fn value_name(value: u8) -> String {
    match value {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        v => v.to_string(),
    }
}

/// A set of card kinds (one bit per kind, [`Card::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardSet(u64);

impl CardSet {
    pub const ALL: CardSet = CardSet((1 << 52) - 1);
    pub const NONE: CardSet = CardSet(0);

    /// The cards field 10 (`baa`) names: "999=any card, 0=no card may be laid. Else it is: aa:
    /// card value: 1=ace..13=king, 99: no matter. b=1: hearts. b=2: spades. b=3: diamonds.
    /// b=4: clubs. b=5: red (hearts/diamonds). b=6: black (spades/clubs). b=9: the color does
    /// not matter." `None` for a value the game does not know (its digit finding says so).
    /// `foundation` stands for the value where c = 6 makes 999 "changed to the foundation
    /// value" (`None` while it is not known yet: no card then).
    pub fn of_field_10(field: i64, foundation: Option<Option<u8>>) -> Option<CardSet> {
        let (value, suit) = match field {
            0 => return Some(CardSet::NONE),
            999 => (99, 9),
            1..=998 => (field % 100, field / 100),
            _ => return None,
        };
        let values: Vec<u8> = match (value, foundation) {
            (99, Some(Some(v))) => vec![v],
            (99, Some(None)) => Vec::new(),
            (99, None) => (1..=13).collect(),
            (1..=13, _) => vec![u8::try_from(value).ok()?],
            _ => return None,
        };
        let suits: Vec<Suit> = match suit {
            1..=4 => vec![Suit::ALL[usize::try_from(suit - 1).ok()?]],
            5 => vec![Suit::Hearts, Suit::Diamonds],
            6 => vec![Suit::Spades, Suit::Clubs],
            9 => Suit::ALL.to_vec(),
            _ => return None,
        };
        let mut set = CardSet::NONE;
        for &suit in &suits {
            for &value in &values {
                set.0 |= 1
                    << Card {
                        deck: 0,
                        suit,
                        value,
                    }
                    .kind();
            }
        }
        Some(set)
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.kind() & 1 == 1
    }

    /// How many kinds: each is in the game once per deck.
    pub fn kinds(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }
}

/// The cards field 10 names, in words for messages: `aces`, `hearts`, `red kings`, `the ace of
/// spades`, `cards`; `None` for a value the game does not know.
pub fn field_10_words(field: i64) -> Option<String> {
    let (value, suit) = match field {
        999 => return Some("cards".to_string()),
        1..=998 => (field % 100, field / 100),
        _ => return None,
    };
    let plural = match value {
        1 => "aces",
        2 => "twos",
        3 => "threes",
        4 => "fours",
        5 => "fives",
        6 => "sixes",
        7 => "sevens",
        8 => "eights",
        9 => "nines",
        10 => "tens",
        11 => "jacks",
        12 => "queens",
        13 => "kings",
        99 => "cards",
        _ => return None,
    };
    let suit_name = match suit {
        1 => "hearts",
        2 => "spades",
        3 => "diamonds",
        4 => "clubs",
        5 => return Some(format!("red {plural}")),
        6 => return Some(format!("black {plural}")),
        9 => return Some(plural.to_string()),
        _ => return None,
    };
    Some(if value == 99 {
        suit_name.to_string()
    } else {
        format!("{plural} of {suit_name}")
    })
}

/// A sequence definition of field 11 (without its thousands): 999 any card, 0 no card, else
/// the colours (c), the ace/king limit (b) and the order of the values (a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequence {
    Any,
    Nothing,
    Rule { colours: u8, limit: u8, order: u8 },
}

impl Sequence {
    /// Reads field 11 (its thousands left out); `None` for digits the game does not know.
    pub fn of(field: i64) -> Option<Sequence> {
        let rule = field.rem_euclid(1000);
        if field < 0 {
            return None;
        }
        let digit = |place: u32| (rule / 10i64.pow(place) % 10) as u8;
        match rule {
            999 => Some(Sequence::Any),
            0 => Some(Sequence::Nothing),
            _ => {
                let (order, limit, colours) = (digit(0), digit(1), digit(2));
                let known = (1..=9).contains(&order)
                    && matches!(limit, 0 | 1 | 2 | 9)
                    && matches!(colours, 1..=4 | 9);
                known.then_some(Sequence::Rule {
                    colours,
                    limit,
                    order,
                })
            }
        }
    }

    /// "a=1: the sum of the values must be 13 … a=9: no conditions", "b=0: No. b=1: Yes, both
    /// ways. b=2: No, and no card may be laid on a king. b=9: no conditions."
    pub fn value_fits(self, top: u8, card: u8) -> bool {
        let Sequence::Rule { limit, order, .. } = self else {
            return self == Sequence::Any;
        };
        if limit == 2 && top == 13 {
            return false;
        }
        let (t, v) = (i64::from(top), i64::from(card));
        let wraps = matches!(limit, 1 | 9);
        let step = |delta: i64| {
            if wraps {
                (t - 1 + delta).rem_euclid(13) + 1 == v
            } else {
                t + delta == v
            }
        };
        match order {
            1 => t + v == 13,
            2 => t + v == 14,
            3 => step(-2),
            4 => step(-1),
            5 => t == v,
            6 => step(1),
            7 => step(2),
            8 => step(1) || step(-1),
            _ => true,
        }
    }

    /// "c=1: Same color (spades on spades etc.). c=2: Red on red and black on black. c=3:
    /// Alternating colors. c=4: Any other color (eg hearts/spades/diamonds on clubs). c=9:
    /// Color doesn't matter."
    pub fn suit_fits(self, top: Suit, card: Suit) -> bool {
        let Sequence::Rule { colours, .. } = self else {
            return self == Sequence::Any;
        };
        match colours {
            1 => top == card,
            2 => top.is_red() == card.is_red(),
            3 => top.is_red() != card.is_red(),
            4 => top != card,
            _ => true,
        }
    }

    /// Whether `card` may be laid on `top`.
    pub fn fits(self, top: Card, card: Card) -> bool {
        self.value_fits(top.value, card.value) && self.suit_fits(top.suit, card.suit)
    }

    /// In words for messages: `up by 1, same suit, not beyond the king`.
    pub fn words(self) -> String {
        let Sequence::Rule {
            colours,
            limit,
            order,
        } = self
        else {
            return match self {
                Sequence::Any => "any card".to_string(),
                _ => "no card".to_string(),
            };
        };
        let order = match order {
            1 => "values summing to 13",
            2 => "values summing to 14",
            3 => "down by 2",
            4 => "down by 1",
            5 => "the same value",
            6 => "up by 1",
            7 => "up by 2",
            8 => "up or down by 1",
            _ => "any value",
        };
        let colours = match colours {
            1 => ", same suit",
            2 => ", red on red and black on black",
            3 => ", alternating colours",
            4 => ", another suit",
            _ => "",
        };
        let limit = match limit {
            0 => ", not beyond the ace/king limit",
            2 => ", not beyond the ace/king limit and nothing on a king",
            _ => "",
        };
        format!("{order}{colours}{limit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(suit: Suit, value: u8) -> Card {
        Card {
            deck: 0,
            suit,
            value,
        }
    }

    #[test]
    fn faces_are_value_and_suit_symbol() {
        assert_eq!(card(Suit::Spades, 1).to_string(), "A♠");
        assert_eq!(card(Suit::Hearts, 10).to_string(), "10♥");
        assert_eq!(card(Suit::Diamonds, 13).to_string(), "K♦");
        assert_eq!(card(Suit::Clubs, 11).to_string(), "J♣");
    }

    #[test]
    fn field_10_names_sets_of_cards() {
        let set = |v| CardSet::of_field_10(v, None).unwrap();
        assert_eq!(set(999), CardSet::ALL);
        assert_eq!(set(0).kinds(), 0);
        assert_eq!(set(901).kinds(), 4);
        assert!(set(901).contains(card(Suit::Clubs, 1)));
        assert_eq!(set(501).kinds(), 2);
        assert!(!set(501).contains(card(Suit::Spades, 1)));
        assert_eq!(set(199).kinds(), 13);
        assert_eq!(set(413).kinds(), 1);
        assert!(set(413).contains(card(Suit::Clubs, 13)));
        assert!(set(101).is_subset(set(501)));
        assert!(!set(501).is_subset(set(101)));
        assert_eq!(CardSet::of_field_10(13, None), None);
        assert_eq!(CardSet::of_field_10(914, None), None);
        // c = 6: 999 stands for the foundation value.
        assert_eq!(CardSet::of_field_10(999, Some(Some(7))).unwrap().kinds(), 4);
        assert_eq!(CardSet::of_field_10(999, Some(None)).unwrap().kinds(), 0);
        assert_eq!(field_10_words(901).unwrap(), "aces");
        assert_eq!(field_10_words(501).unwrap(), "red aces");
        assert_eq!(field_10_words(102).unwrap(), "twos of hearts");
        assert_eq!(field_10_words(299).unwrap(), "spades");
        assert_eq!(field_10_words(999).unwrap(), "cards");
    }

    #[test]
    fn field_11_says_what_may_be_laid() {
        let klondike = Sequence::of(304).unwrap();
        assert!(klondike.fits(card(Suit::Spades, 8), card(Suit::Hearts, 7)));
        assert!(!klondike.fits(card(Suit::Spades, 8), card(Suit::Clubs, 7)));
        assert!(!klondike.fits(card(Suit::Spades, 1), card(Suit::Hearts, 13)));
        let foundation = Sequence::of(106).unwrap();
        assert!(foundation.fits(card(Suit::Hearts, 1), card(Suit::Hearts, 2)));
        assert!(!foundation.fits(card(Suit::Hearts, 13), card(Suit::Hearts, 1)));
        let wrapping = Sequence::of(116).unwrap();
        assert!(wrapping.fits(card(Suit::Hearts, 13), card(Suit::Hearts, 1)));
        let no_king = Sequence::of(929).unwrap();
        assert!(!no_king.fits(card(Suit::Hearts, 13), card(Suit::Hearts, 1)));
        assert!(no_king.fits(card(Suit::Hearts, 2), card(Suit::Clubs, 9)));
        let thirteen = Sequence::of(901).unwrap();
        assert!(thirteen.fits(card(Suit::Hearts, 6), card(Suit::Clubs, 7)));
        assert!(!thirteen.value_fits(13, 13));
        assert_eq!(Sequence::of(1304), Sequence::of(304));
        assert_eq!(Sequence::of(999), Some(Sequence::Any));
        assert_eq!(Sequence::of(0), Some(Sequence::Nothing));
        assert_eq!(Sequence::of(356), None);
        assert_eq!(
            Sequence::of(106).unwrap().words(),
            "up by 1, same suit, not beyond the ace/king limit"
        );
    }
}
