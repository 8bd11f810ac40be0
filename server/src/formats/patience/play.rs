//! A Patience game played: the rules of the spec (`specs/patience-game.txt`) on a dealt game
//! ([`super::deal`]), for `retroboard play`, the editors' Play and the win-rate search
//! ([`super::winnable`]).
//!
//! What each field does in play, from the spec:
//!
//! - Field 8 (`ccba`) of a pile: which cards may be taken from it (a: 0 none, 1 one card, 2–3
//!   one card or a sequence, 4 only sequences of 2 cards or more, 9 any cards); the sequence is
//!   the pile's own field 11. b: covered cards (1–3: by cards of other piles lying over them,
//!   4–6: while the next pile holds cards, 7–9: while the next or the previous pile does) can
//!   not be picked up (1), laid on (2) or neither (3). cc = mark + 5 × mask: a pile does not
//!   receive cards from piles whose mark its mask blocks.
//! - Field 9 (`edcba`): how cards are laid on it (a: 0 none, 1 one card, 2 a sequence as a
//!   whole, 3 a sequence as single cards via the empty places, 4 a sequence of 2 or more, 5
//!   just 2, 9 just 13); b: what it receives when the stock is clicked; c: its bottom card
//!   moved to its top (`P>P`), once or many times, if it fits or not; d: from which piles
//!   (the stock and wastepile, the previous pile); e: only while the previous/next pile holds
//!   cards.
//! - Field 10: which card may be laid on it when it is empty (c = 6 piles: the foundation
//!   value where it says 999). Field 11: which card may be laid on its top card; with a second
//!   rule set (field 11 ≥ 1000) the thousands say how both sets combine.
//! - Field 7: negative, how many cards the pile may hold; 0–998, how many it holds when the
//!   game is won.
//! - The stock: field 8 cards drawn to the wastepile (its field 11) per click, field 9 how many
//!   times it may be gone through, field 10 = 1 shuffles it when turned over; field 6 a = 2
//!   lets its top card be taken.
//!
//! Where the spec is silent, a comment beside the code names the choice made, an entry of
//! [`super::fields::choice`]: its words and reason are written there only, and hover says them on
//! the values they are about. The refusals and the summary say them too.
//!
//! Notation: `P>Q` the top card of pile P onto pile Q, `P:N>Q` the top N cards, `s` the stock.
//! Piles are numbered as the file lists them, the stock 1, as the preview's badges show them.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::cards::{Card, CardSet, Sequence, field_10_words, value_name};
use super::deal::{self, Deal, SplitMix64};
use super::view::{GameView, Pile};
use super::winnable::Outcome;
use crate::draw;
use crate::findings::plural;
use crate::formats::Searched;
use crate::formats::play::{Game, Hint, Status};
use crate::syntax::Document;

/// How many peg positions one Patience position costs to examine, for a hint's budget.
const POSITION_COST: u64 = 40;

/// A move: the stock clicked, or cards from one pile onto another (indices from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Stock,
    Cards {
        from: usize,
        count: usize,
        to: usize,
    },
}

impl Move {
    /// The notation: `s`, `P>Q`, `P:N>Q` (piles from 1).
    pub fn notation(self) -> String {
        match self {
            Move::Stock => "s".to_string(),
            Move::Cards { from, count: 1, to } => format!("{}>{}", from + 1, to + 1),
            Move::Cards { from, count, to } => format!("{}:{count}>{}", from + 1, to + 1),
        }
    }

    /// Reads the notation; `Err`: why it names no move.
    pub fn parse(text: &str) -> Result<Move, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("s") {
            return Ok(Move::Stock);
        }
        let bad = || {
            format!(
                "{} names no move (write P>Q for the top card of pile P onto pile Q, P:N>Q for \
N cards, s for the stock)",
                crate::text::terminal_safe(text)
            )
        };
        let (from, to) = text.split_once('>').ok_or_else(bad)?;
        let (from, count) = match from.split_once(':') {
            Some((from, count)) => (from, count.trim().parse::<usize>().map_err(|_| bad())?),
            None => (from, 1),
        };
        let pile = |t: &str| -> Result<usize, String> {
            t.trim()
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .ok_or_else(bad)
        };
        if count == 0 {
            return Err(bad());
        }
        Ok(Move::Cards {
            from: pile(from)?,
            count,
            to: pile(to)?,
        })
    }
}

/// One card in play: which, and whether it shows its face (`None`: invisible, a = 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Laid {
    pub card: Card,
    pub face: Option<bool>,
}

/// A position: every pile's cards (bottom first; the stock's top is the card drawn next) and
/// how many times the stock has been gone through.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub piles: Vec<Vec<Laid>>,
    /// The pass through the stock, from 1.
    pub pass: u32,
    /// The piles whose bottom card went to the top once (field 9 c = 1 or 3), as pile
    /// indices; empty in games without that rule.
    pub lifted: Vec<usize>,
}

/// One rule set of a pile: fields 8–11.
#[derive(Clone, Copy, Debug, Default)]
struct RuleSet {
    take: i64,
    lay: i64,
    empty: i64,
    sequence: i64,
}

impl RuleSet {
    fn take_digit(self, place: u32) -> i64 {
        digit(self.take, place)
    }
    fn lay_digit(self, place: u32) -> i64 {
        digit(self.lay, place)
    }
    fn sequence(self) -> Option<Sequence> {
        Sequence::of(self.sequence)
    }
}

fn digit(value: i64, place: u32) -> i64 {
    if value < 0 {
        return 0;
    }
    value / 10i64.pow(place) % 10
}

/// What the game needs of a pile, read once from its line.
#[derive(Clone, Debug)]
struct PileRules {
    seen: bool,
    x: i64,
    y: i64,
    spread: (i64, i64),
    size: (i64, i64),
    /// Field 6 digit c.
    special: i64,
    /// Field 7 negative: at most this many cards.
    cap: Option<usize>,
    /// Field 7 0–998: the cards it holds when the game is won.
    target: Option<usize>,
    sets: [RuleSet; 2],
    /// Field 11's thousands (0: one rule set).
    mode: i64,
    field_7: i64,
    /// Can hold cards at all: dealt some, or some rule lays cards on it.
    used: bool,
}

/// The rules of a game: its piles' fields, read once, shared by every position.
#[derive(Debug)]
pub struct Rules {
    piles: Vec<PileRules>,
    waste: Option<usize>,
    /// Stock field 8: cards drawn per click.
    draw: usize,
    /// Stock field 9: passes through the stock (`None`: unlimited).
    passes: Option<u32>,
    /// Stock field 10 = 1: shuffled when turned over.
    shuffle_on_redeal: bool,
    /// Stock field 6 a = 2: its top card may be taken.
    stock_open: bool,
    foundation: Option<u8>,
    seed: u64,
    /// Piles whose field 7 decides the win, and whether they are the 0 piles.
    winners: Vec<usize>,
    empty_to_win: bool,
    /// Piles that may be swapped without changing the game (same rules, no rule naming a
    /// neighbour or a covering card): `class[i]` groups them.
    class: Vec<usize>,
    /// No rule depends on where piles lie or which is next to which.
    positional: bool,
    /// Some pile moves its bottom card to its top (field 9 c).
    lifts: bool,
}

/// The most cards a listed move moves.
pub const MAX_LISTED: usize = 104;

/// What [`Rules::legal`] works out once per position for all the moves it checks.
struct Pre {
    places: (usize, u32, Vec<u8>),
    /// Field 8 b does not block picking up from / laying on the pile.
    take_ok: Vec<bool>,
    lay_ok: Vec<bool>,
}

/// A game under way.
pub struct PatienceGame<'a> {
    doc: &'a Document,
    rules: Arc<Rules>,
    deal: Deal,
    position: Position,
    moves: usize,
    /// What searches found before (the language server's session): the study of the deals,
    /// and the plans the hints follow.
    searched: Option<Arc<Searched>>,
}

/// Reads the rules of `view`, dealt as `deal`.
pub fn rules(view: &GameView, deal: &Deal) -> Rules {
    let stock = &view.piles[0];
    let value = |p: &Pile, f: u8| p.value(f).unwrap_or(0);
    let count = view.piles.len();
    let mut piles: Vec<PileRules> = view
        .piles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let set_1 = RuleSet {
                take: value(p, 8),
                lay: value(p, 9),
                empty: value(p, 10),
                sequence: value(p, 11),
            };
            let mode = p.rule_set_mode();
            let set_2 = if mode > 0 {
                let f = |n: u8| p.rule_set_2_field(n).and_then(|n| n.value).unwrap_or(0);
                RuleSet {
                    take: f(8),
                    lay: f(9),
                    empty: f(10),
                    sequence: f(11),
                }
            } else {
                set_1
            };
            let field_7 = value(p, 7);
            let dealt = deal.piles.get(i).is_some_and(|d| !d.cards.is_empty());
            PileRules {
                seen: !p.is_hidden() && p.value(2).is_some() && p.value(3).is_some(),
                x: value(p, 2),
                y: value(p, 3),
                spread: (value(p, 4), value(p, 5)),
                size: p.card_size(),
                special: if p.is_stock() {
                    0
                } else {
                    p.lay_digit(2).unwrap_or(0)
                },
                cap: (field_7 < 0).then(|| usize::try_from(field_7.unsigned_abs()).unwrap_or(0)),
                target: (0..=998)
                    .contains(&field_7)
                    .then(|| usize::try_from(field_7).unwrap_or(0)),
                sets: [set_1, set_2],
                mode,
                field_7,
                used: dealt
                    || i == 0
                    || [set_1, set_2]
                        .iter()
                        .any(|s| s.lay_digit(0) != 0 || s.lay_digit(1) != 0),
            }
        })
        .collect();
    piles[0].target = None;
    let waste = stock
        .value(11)
        .and_then(|w| usize::try_from(w).ok())
        .and_then(|w| w.checked_sub(1))
        .filter(|&w| w > 0 && w < count);
    if let Some(w) = waste {
        // The wastepile receives the stock's cards whatever its field 9 says ("except of
        // course from the stock").
        piles[w].used = true;
    }
    // "If there are piles with 0 and with 1-998, it is the piles with 0 that determine when
    // the game will be won." Choice: fields::choice::UNDEALT_ZERO_PILE (`used`).
    let zero: Vec<usize> = (1..count)
        .filter(|&i| piles[i].target == Some(0) && piles[i].used)
        .collect();
    let (winners, empty_to_win) = if zero.is_empty() {
        (
            (1..count)
                .filter(|&i| piles[i].target.is_some_and(|t| t > 0))
                .collect(),
            false,
        )
    } else {
        (zero, true)
    };
    let positional = piles.iter().any(|p| {
        p.sets
            .iter()
            .any(|s| s.take_digit(1) != 0 || s.lay_digit(3) == 6 || s.lay_digit(4) != 0)
    }) || piles.iter().any(|p| p.special == 6);
    let mut class: Vec<usize> = (0..count).collect();
    if !positional {
        for i in 1..count {
            if Some(i) == waste {
                continue;
            }
            let same = (1..i).find(|&j| {
                Some(j) != waste
                    && view.piles[j]
                        .numbers
                        .get(5..)
                        .map(|n| n.iter().map(|n| n.value).collect::<Vec<_>>())
                        == view.piles[i]
                            .numbers
                            .get(5..)
                            .map(|n| n.iter().map(|n| n.value).collect::<Vec<_>>())
                    && piles[j].seen == piles[i].seen
            });
            if let Some(j) = same {
                class[i] = class[j];
            }
        }
    }
    let passes = match value(stock, 9) {
        g if g >= 999 => None,
        g => Some(u32::try_from(g.max(1)).unwrap_or(1)),
    };
    Rules {
        waste,
        draw: usize::try_from(value(stock, 8).clamp(0, 1000)).unwrap_or(0),
        passes,
        shuffle_on_redeal: value(stock, 10) == 1,
        stock_open: stock.lay_digit(0) == Some(2),
        foundation: deal.foundation.map(|f| f.0),
        seed: deal.seed,
        winners,
        empty_to_win,
        class,
        positional,
        lifts: piles
            .iter()
            .skip(1)
            .any(|p| p.sets.iter().any(|s| (1..=4).contains(&s.lay_digit(2)))),
        piles,
    }
}

/// The position a deal starts from.
pub fn start(rules: &Rules, deal: &Deal) -> Position {
    let mut position = Position {
        piles: deal
            .piles
            .iter()
            .map(|p| {
                p.cards
                    .iter()
                    .zip(&p.faces)
                    .map(|(&card, &face)| Laid { card, face })
                    .collect()
            })
            .collect(),
        pass: 1,
        lifted: Vec::new(),
    };
    rules.turn_free_cards(&mut position);
    position
}

/// Builds the refusal only when it is asked for (the search asks thousands of times).
fn no(explain: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    Err(if explain { why() } else { String::new() })
}

impl Rules {
    pub fn pile_count(&self) -> usize {
        self.piles.len()
    }

    fn is_stock_or_waste(&self, i: usize) -> bool {
        i == 0 || Some(i) == self.waste
    }

    /// Whether the cards of pile `i` from `from_index` up are partly covered by cards of a later
    /// pile (piles are drawn in file order, later ones on top).
    fn covered(&self, position: &Position, i: usize, from_index: usize) -> Option<usize> {
        let p = &self.piles[i];
        if !p.seen {
            return None;
        }
        let rect = |p: &PileRules, k: usize| {
            let k = k as i64;
            let x = p.x.saturating_add(k.saturating_mul(p.spread.0));
            let y = p.y.saturating_add(k.saturating_mul(p.spread.1));
            (x, y, x.saturating_add(p.size.0), y.saturating_add(p.size.1))
        };
        let len = position.piles[i].len();
        for k in from_index..len {
            let (l, t, r, b) = rect(p, k);
            for j in i + 1..self.piles.len() {
                let q = &self.piles[j];
                if !q.seen {
                    continue;
                }
                let n = position.piles[j].len();
                let last = if q.spread == (0, 0) { n.min(1) } else { n };
                for m in n - last..n {
                    let (l2, t2, r2, b2) = rect(q, m);
                    if l < r2 && l2 < r && t < b2 && t2 < b {
                        return Some(j + 1);
                    }
                }
            }
        }
        None
    }

    /// Field 8 b: whether pile `i` is blocked for picking up (`lay` false) or laying down.
    fn blocked(
        &self,
        position: &Position,
        i: usize,
        lay: bool,
        explain: bool,
    ) -> Result<(), String> {
        let set = self.piles[i].sets[0];
        let b = set.take_digit(1);
        if b == 0 {
            return Ok(());
        }
        let what = (b - 1) % 3 + 1;
        let applies = if lay { what >= 2 } else { what != 2 };
        if !applies {
            return Ok(());
        }
        let doing = if lay { "laid on" } else { "picked up" };
        let number = i + 1;
        let has = |j: Option<usize>| {
            j.and_then(|j| position.piles.get(j))
                .is_some_and(|p| !p.is_empty())
        };
        match b {
            1..=3 => {
                // Its top card: the one picked up, or laid on.
                let top = position.piles[i].len().saturating_sub(1);
                if let Some(by) = self.covered(position, i, top) {
                    return no(explain, || {
                        format!(
                            "pile {number} is partly covered by the cards of pile {by}, so it cannot be \
{doing} (field 8 = {})",
                            set.take
                        )
                    });
                }
            }
            4..=6 if has(Some(i + 1)) => {
                return no(explain, || {
                    format!(
                        "pile {number} cannot be {doing} while pile {} holds cards (field 8 = {})",
                        number + 1,
                        set.take
                    )
                });
            }
            // Choice: fields::choice::NEIGHBOURS_BLOCK_EITHER.
            7..=9 if has(Some(i + 1)) || has(i.checked_sub(1)) => {
                return no(explain, || {
                    format!(
                        "pile {number} cannot be {doing} while pile {} or pile {} holds cards \
(field 8 = {})",
                        number - 1,
                        number + 1,
                        set.take
                    )
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// Face-down top cards that could be picked up turn face up.
    /// Choice: fields::choice::FACE_DOWN_TURNS.
    fn turn_free_cards(&self, position: &mut Position) {
        for i in 1..self.piles.len() {
            if Some(i) == self.waste || self.piles[i].sets.iter().all(|s| s.take_digit(0) == 0) {
                continue;
            }
            if position.piles[i]
                .last()
                .is_some_and(|c| c.face == Some(false))
                && self.blocked(position, i, false, false).is_ok()
                && let Some(top) = position.piles[i].last_mut()
            {
                top.face = Some(true);
            }
        }
    }

    /// Which rule sets decide now, and how: (use set 1, use set 2, both needed).
    fn sets_in_use(&self, i: usize, position: &Position) -> (bool, bool, bool) {
        let p = &self.piles[i];
        let last_pass = self.passes.is_some_and(|g| position.pass >= g);
        let stock = position.piles[0].len();
        let second = match p.mode {
            0 => return (true, false, false),
            1 => return (true, true, false),
            2 => return (true, true, true),
            3 => last_pass,
            4 => last_pass && stock == 0,
            5 => last_pass && stock <= self.draw.max(1),
            6 => position.pass > 1 || stock == 0,
            _ => false,
        };
        (!second, second, false)
    }

    /// Whether the top `count` cards of pile `from` may go onto pile `to` under rule set `k`
    /// (its own set for each pile).
    fn check_set(
        &self,
        position: &Position,
        (from, count, to): (usize, usize, usize),
        k: usize,
        explain: bool,
        pre: Option<&Pre>,
    ) -> Result<(), String> {
        let source = &self.piles[from];
        let target = &self.piles[to];
        let (take, lay) = (source.sets[k], target.sets[k]);
        let cards = &position.piles[from][position.piles[from].len() - count..];
        let (fno, tno) = (from + 1, to + 1);
        // Taking (field 8 a of the source; the stock's top card when its a = 2).
        if from == 0 {
            if count != 1 {
                return no(explain, || "the stock gives one card at a time".to_string());
            }
        } else {
            let a = take.take_digit(0);
            let is_sequence = || {
                let rule = take.sequence();
                cards
                    .windows(2)
                    .all(|w| rule.is_some_and(|r| r.fits(w[0].card, w[1].card)))
            };
            let words = || {
                take.sequence()
                    .map_or_else(|| "no sequence the game knows".to_string(), Sequence::words)
            };
            match a {
                0 => {
                    return no(explain, || {
                        format!("pile {fno} gives no card (field 8 = {})", take.take)
                    });
                }
                1 if count > 1 => {
                    return no(explain, || {
                        format!(
                            "pile {fno} gives one card at a time (field 8 = {})",
                            take.take
                        )
                    });
                }
                2 | 3 if count > 1 && !is_sequence() => {
                    return no(explain, || {
                        format!(
                            "the top {count} cards of pile {fno} are no sequence by its field 11 = \
{} ({}), so they cannot move together (field 8 = {})",
                            take.sequence,
                            words(),
                            take.take
                        )
                    });
                }
                4 if count < 2 || !is_sequence() => {
                    return no(explain, || {
                        format!(
                            "pile {fno} gives only sequences of 2 cards or more by its field 11 = \
{} ({}) (field 8 = {})",
                            take.sequence,
                            words(),
                            take.take
                        )
                    });
                }
                1..=4 | 9 => {}
                _ => {
                    return no(explain, || {
                        format!(
                            "pile {fno}'s field 8 = {} names no way to take cards the game knows",
                            take.take
                        )
                    });
                }
            }
        }
        // Laying (field 9 of the target).
        let from_stock = self.is_stock_or_waste(from);
        let empty = position.piles[to].is_empty();
        let a = lay.lay_digit(0);
        let field = lay.lay;
        match a {
            0 => {
                return no(explain, || {
                    format!("pile {tno} takes no card (field 9 = {field})")
                });
            }
            1 if count != 1 => {
                return no(explain, || {
                    format!("pile {tno} takes one card at a time (field 9 = {field})")
                });
            }
            3 => {
                let places = self.free_places(position, from, to, pre);
                if count > places {
                    return no(explain, || {
                        format!(
                            "pile {tno} takes a sequence as single cards via the empty places \
(field 9 = {field}), and the empty places now let {} move, not {count}",
                            plural(places, "card", "cards")
                        )
                    });
                }
            }
            4 if count < 2 => {
                return no(explain, || {
                    format!(
                        "pile {tno} takes only sequences of 2 cards or more (field 9 = {field})"
                    )
                });
            }
            5 if count != 2 => {
                return no(explain, || {
                    format!("pile {tno} takes just 2 cards at a time (field 9 = {field})")
                });
            }
            9 if count != 13 => {
                return no(explain, || {
                    format!("pile {tno} takes just 13 cards at a time (field 9 = {field})")
                });
            }
            1..=5 | 9 => {}
            _ => {
                return no(explain, || {
                    format!(
                        "pile {tno}'s field 9 = {field} names no way to lay cards the game knows"
                    )
                });
            }
        }
        let only_stock = || format!("pile {tno} takes cards only from the stock or the wastepile");
        match lay.lay_digit(3) {
            1 if !from_stock => {
                return no(explain, || format!("{} (field 9 = {field})", only_stock()));
            }
            2 | 3 if empty && !from_stock => {
                return no(explain, || {
                    format!("{} while it is empty (field 9 = {field})", only_stock())
                });
            }
            4 if !empty && !from_stock => {
                return no(explain, || {
                    format!("{} while it holds cards (field 9 = {field})", only_stock())
                });
            }
            5 if from_stock => {
                return no(explain, || {
                    format!(
                        "pile {tno} takes no card from the stock or the wastepile (field 9 = {field})"
                    )
                });
            }
            6 if empty && from + 1 != to => {
                return no(explain, || {
                    format!(
                        "while it is empty, pile {tno} takes cards only from pile {} (field 9 = {field})",
                        tno - 1
                    )
                });
            }
            _ => {}
        }
        let holds = |j: Option<usize>| {
            j.and_then(|j| position.piles.get(j))
                .is_some_and(|p| !p.is_empty())
        };
        match lay.lay_digit(4) {
            1 if !holds(to.checked_sub(1)) => {
                return no(explain, || {
                    format!(
                        "pile {tno} takes cards only while pile {} holds cards (field 9 = {field})",
                        tno - 1
                    )
                });
            }
            2 if !holds(Some(to + 1)) => {
                return no(explain, || {
                    format!(
                        "pile {tno} takes cards only while pile {} holds cards (field 9 = {field})",
                        tno + 1
                    )
                });
            }
            _ => {}
        }
        // Which card fits (field 10 empty, field 11 on a top card).
        let bottom = cards[0].card;
        match position.piles[to].last() {
            None => {
                let foundation = (target.special == 6).then_some(self.foundation);
                let set = CardSet::of_field_10(lay.empty, foundation);
                if !set.is_some_and(|s| s.contains(bottom)) {
                    return no(explain, || {
                        let what = match (lay.empty, foundation) {
                            (0, _) => "no card".to_string(),
                            (999, Some(Some(v))) => {
                                format!("cards of the foundation value, {}", value_name(v))
                            }
                            (v, _) => field_10_words(v).unwrap_or_else(|| "no card".to_string()),
                        };
                        format!(
                            "pile {tno} is empty and takes only {what} then, not {bottom} (field 10 = {})",
                            lay.empty
                        )
                    });
                }
            }
            Some(top) => {
                let rule = lay.sequence();
                if !rule.is_some_and(|r| r.fits(top.card, bottom)) {
                    return no(explain, || {
                        let words = rule.map_or_else(|| "no card".to_string(), Sequence::words);
                        format!(
                            "pile {tno} takes on its top card only {words}, and {bottom} on {} is not \
(field 11 = {})",
                            top.card, lay.sequence
                        )
                    });
                }
            }
        }
        Ok(())
    }

    /// What an empty pile counts as for moving a sequence through the empty places: 1 a cell
    /// (field 7 = -1), 2 a column (any other empty pile that takes any card), 0 neither.
    fn place_kind(&self, position: &Position, i: usize) -> u8 {
        let p = &self.piles[i];
        if self.is_stock_or_waste(i) || !p.seen || !position.piles[i].is_empty() {
            return 0;
        }
        if p.target.is_some() || p.special == 6 {
            return 0;
        }
        let set = p.sets[0];
        if set.lay_digit(0) == 0 || set.empty != 999 || set.take_digit(0) == 0 {
            return 0;
        }
        match p.cap {
            Some(1) => 1,
            Some(_) => 0,
            None => 2,
        }
    }

    /// The empty places of a position: (cells, columns, each pile's kind).
    fn places(&self, position: &Position) -> (usize, u32, Vec<u8>) {
        let kinds: Vec<u8> = (0..self.piles.len())
            .map(|i| self.place_kind(position, i))
            .collect();
        let cells = kinds.iter().filter(|k| **k == 1).count();
        let columns = kinds.iter().filter(|k| **k == 2).count() as u32;
        (cells, columns, kinds)
    }

    /// The cards that may move together onto `to` through the empty places (field 9 a = 3):
    /// (1 + empty cells) × 2^(empty columns), the piles `from` and `to` left out.
    fn free_places(&self, position: &Position, from: usize, to: usize, pre: Option<&Pre>) -> usize {
        let made;
        let (cells, columns, kinds) = match pre {
            Some(pre) => (&pre.places.0, &pre.places.1, &pre.places.2),
            None => {
                made = self.places(position);
                (&made.0, &made.1, &made.2)
            }
        };
        let (mut cells, mut columns) = (*cells, *columns);
        for i in [from, to] {
            match kinds[i] {
                1 => cells -= 1,
                2 => columns -= 1,
                _ => {}
            }
        }
        (cells + 1).saturating_mul(1usize << columns.min(16))
    }

    /// Whether `mv` may be played; `Err`: the rule that forbids it (empty unless `explain`).
    pub fn check(&self, position: &Position, mv: Move, explain: bool) -> Result<(), String> {
        self.check_with(position, mv, explain, None)
    }

    /// [`Rules::check`], with what [`Rules::legal`] worked out once for the position.
    fn check_with(
        &self,
        position: &Position,
        mv: Move,
        explain: bool,
        pre: Option<&Pre>,
    ) -> Result<(), String> {
        let (from, count, to) = match mv {
            Move::Stock => return self.check_stock(position, explain),
            Move::Cards { from, count, to } => (from, count, to),
        };
        let piles = self.piles.len();
        for p in [from, to] {
            if p >= piles {
                return no(explain, || {
                    format!(
                        "there is no pile {} (the game has {})",
                        p + 1,
                        plural(piles, "pile", "piles")
                    )
                });
            }
        }
        let (fno, tno) = (from + 1, to + 1);
        if from == to {
            return self.check_lift(position, from, count, explain);
        }
        if to == 0 {
            return no(explain, || "no card may be laid on the stock".to_string());
        }
        if from == 0 && !self.stock_open {
            return no(explain, || {
                "the stock's cards are drawn by clicking it (s): its face-down cards cannot be \
taken (field 6 a = 0)"
                    .to_string()
            });
        }
        if Some(to) == self.waste {
            return no(explain, || {
                format!("pile {tno} is the wastepile: only the stock lays cards on it")
            });
        }
        for (p, n) in [(from, fno), (to, tno)] {
            // Choice: fields::choice::UNSEEN_PILES.
            if !self.piles[p].seen {
                return no(explain, || {
                    format!(
                        "pile {n} is not on the table (y -99 or less): its cards are out of the game"
                    )
                });
            }
        }
        let held = position.piles[from].len();
        if held < count {
            return no(explain, || {
                format!(
                    "pile {fno} holds {}, not {count}",
                    plural(held, "card", "cards")
                )
            });
        }
        let cards = &position.piles[from][held - count..];
        if cards.iter().any(|c| c.face != Some(true)) {
            return no(explain, || {
                format!("of the top {count} cards of pile {fno}, not all show their face")
            });
        }
        if let Some(cap) = self.piles[to].cap
            && position.piles[to].len() + count > cap
        {
            return no(explain, || {
                format!(
                    "pile {tno} holds at most {} (field 7 = {})",
                    plural(cap, "card", "cards"),
                    self.piles[to].field_7
                )
            });
        }
        // Marks and masks (field 8 cc, rule set 1).
        let mark =
            digit(self.piles[from].sets[0].take, 2) + 10 * digit(self.piles[from].sets[0].take, 3);
        let mask_field =
            digit(self.piles[to].sets[0].take, 2) + 10 * digit(self.piles[to].sets[0].take, 3);
        let (mark, mask) = (mark % 5, mask_field / 5);
        if from != 0 && mark > 0 && mask >> (mark - 1) & 1 == 1 {
            return no(explain, || {
                format!(
                    "pile {tno}'s mask blocks cards from piles with mark {mark}, as pile {fno} has \
(field 8)"
                )
            });
        }
        match pre {
            Some(pre) => {
                if !pre.take_ok[from] || !pre.lay_ok[to] {
                    return no(explain, String::new);
                }
            }
            None => {
                if from != 0 {
                    self.blocked(position, from, false, explain)?;
                }
                self.blocked(position, to, true, explain)?;
            }
        }
        // The rule sets. Choice: fields::choice::RULE_SETS_JUDGE_THE_WHOLE_MOVE.
        let decider = if self.piles[to].mode > 0 { to } else { from };
        let (one, two, both) = self.sets_in_use(decider, position);
        let first = if one {
            Some(self.check_set(position, (from, count, to), 0, explain, pre))
        } else {
            None
        };
        if both {
            first.unwrap_or(Ok(()))?;
            return self.check_set(position, (from, count, to), 1, explain, pre);
        }
        match (first, two) {
            (Some(Ok(())), _) => Ok(()),
            (Some(Err(why)), false) => Err(why),
            (None, _) => self.check_set(position, (from, count, to), 1, explain, pre),
            (Some(Err(why_1)), true) => {
                match self.check_set(position, (from, count, to), 1, explain, pre) {
                    Ok(()) => Ok(()),
                    Err(why_2) if explain => Err(format!(
                        "{why_1}; nor does the second rule set allow it: {why_2}"
                    )),
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// `P>P`: the bottom card of pile P to its top (field 9 c: "1/2: Move 1 card from bottom
    /// to top if it fits, one/many times. 3/4: … unconditionally").
    /// Choice: fields::choice::BOTTOM_CARD_BY_THE_PLAYER (`Position::lifted`: the piles that
    /// moved theirs once).
    fn check_lift(
        &self,
        position: &Position,
        pile: usize,
        count: usize,
        explain: bool,
    ) -> Result<(), String> {
        let number = pile + 1;
        let sets = &self.piles[pile].sets;
        let lifting = sets.iter().find(|s| (1..=4).contains(&s.lay_digit(2)));
        let Some(set) = lifting.filter(|_| pile > 0) else {
            return no(explain, || {
                format!(
                    "the cards are on pile {number} already (its field 9 c does not move its \
bottom card to the top)"
                )
            });
        };
        let c = set.lay_digit(2);
        let cards = &position.piles[pile];
        if count != 1 || cards.len() < 2 || !self.piles[pile].seen {
            return no(explain, || {
                format!(
                    "pile {number} moves one card from its bottom to its top (P>P), and needs \
two cards or more for it (field 9 = {})",
                    set.lay
                )
            });
        }
        if matches!(c, 1 | 3) && position.lifted.contains(&pile) {
            return no(explain, || {
                format!(
                    "pile {number} moves a card from its bottom to its top only once (field 9 = {})",
                    set.lay
                )
            });
        }
        let (bottom, top) = (cards[0].card, cards[cards.len() - 1].card);
        if matches!(c, 1 | 2) && !set.sequence().is_some_and(|r| r.fits(top, bottom)) {
            return no(explain, || {
                format!(
                    "pile {number} moves its bottom card to its top only if it fits there, and \
{bottom} on {top} does not (field 11 = {})",
                    set.sequence
                )
            });
        }
        Ok(())
    }

    /// The piles the stock deals to when clicked (field 9 b of either rule set), with b.
    fn stock_takers(&self) -> impl Iterator<Item = (usize, i64)> + '_ {
        self.piles.iter().enumerate().skip(1).filter_map(|(i, p)| {
            let b = p
                .sets
                .iter()
                .map(|s| s.lay_digit(1))
                .find(|b| (1..=5).contains(b))?;
            Some((i, b))
        })
    }

    fn check_stock(&self, position: &Position, explain: bool) -> Result<(), String> {
        let stock = &position.piles[0];
        if stock.is_empty() {
            let Some(waste) = self.waste else {
                return no(explain, || {
                    "the stock is empty and there is no wastepile to turn over (stock field 11 = 0)"
                        .to_string()
                });
            };
            if position.piles[waste].is_empty() {
                return no(explain, || {
                    "the stock and the wastepile are both empty".to_string()
                });
            }
            if let Some(g) = self.passes
                && position.pass >= g
            {
                return no(explain, || {
                    format!(
                        "the stock is empty and may be gone through only {} (stock field 9 = {g})",
                        plural(g as usize, "time", "times")
                    )
                });
            }
            return Ok(());
        }
        // "Only if there are cards in all piles of this kind".
        // Choice: fields::choice::ALL_PILES_OF_THE_KIND.
        for (i, b) in self.stock_takers() {
            if matches!(b, 3 | 4)
                && self
                    .stock_takers()
                    .any(|(j, c)| c == b && position.piles[j].is_empty())
            {
                return no(explain, || {
                    format!(
                        "the stock deals to pile {} and its kind only while every one of them holds \
cards (field 9 b = {b}), and one is empty",
                        i + 1
                    )
                });
            }
        }
        if self.stock_takers().next().is_none() && (self.waste.is_none() || self.draw == 0) {
            return no(explain, || {
                "clicking the stock does nothing: it draws no card (stock field 8 = 0 or no \
wastepile) and no pile receives cards from it (field 9 b)"
                    .to_string()
            });
        }
        Ok(())
    }

    /// Plays a move already checked.
    pub fn apply(&self, position: &mut Position, mv: Move) {
        match mv {
            Move::Cards { from, to, .. } if from == to => {
                let mut bottom = position.piles[from].remove(0);
                bottom.face = Some(true);
                position.piles[from].push(bottom);
                let once = self.piles[from]
                    .sets
                    .iter()
                    .any(|s| matches!(s.lay_digit(2), 1 | 3));
                if once && !position.lifted.contains(&from) {
                    position.lifted.push(from);
                    position.lifted.sort_unstable();
                }
            }
            Move::Cards { from, count, to } => {
                let held = position.piles[from].len();
                let moved: Vec<Laid> = position.piles[from].drain(held - count..).collect();
                position.piles[to].extend(moved.into_iter().map(|mut l| {
                    l.face = Some(true);
                    l
                }));
            }
            Move::Stock => self.click_stock(position),
        }
        self.turn_free_cards(position);
    }

    fn click_stock(&self, position: &mut Position) {
        if position.piles[0].is_empty() {
            // Turning over: the wastepile back into the stock, its first card on top again.
            // Choice: fields::choice::REDEAL_SHUFFLED.
            let Some(waste) = self.waste else { return };
            let mut cards: Vec<Laid> = position.piles[waste].drain(..).rev().collect();
            for c in &mut cards {
                c.face = Some(self.stock_open);
            }
            if self.shuffle_on_redeal {
                let mut rng = SplitMix64::new(
                    self.seed ^ u64::from(position.pass).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                rng.shuffle(&mut cards);
            }
            position.piles[0] = cards;
            position.pass += 1;
            return;
        }
        // Choice: fields::choice::STOCK_CLICK_ORDER.
        let takers: Vec<(usize, i64)> = self.stock_takers().collect();
        for (i, b) in takers {
            match b {
                1..=4 => {
                    for _ in 0..(if b % 2 == 1 { 1 } else { 2 }) {
                        if let Some(mut c) = position.piles[0].pop() {
                            c.face = Some(true);
                            position.piles[i].push(c);
                        }
                    }
                }
                // "Fill the pile from the stock (type=(10))".
                // Choice: fields::choice::FILL_FROM_THE_STOCK.
                _ => {
                    if !position.piles[i].is_empty() {
                        continue;
                    }
                    let set = CardSet::of_field_10(self.piles[i].sets[0].empty, None)
                        .unwrap_or(CardSet::NONE);
                    if let Some(at) = position.piles[0].iter().rposition(|c| set.contains(c.card)) {
                        let mut c = position.piles[0].remove(at);
                        c.face = Some(true);
                        position.piles[i].push(c);
                    }
                }
            }
        }
        if let Some(waste) = self.waste {
            for _ in 0..self.draw {
                let Some(mut c) = position.piles[0].pop() else {
                    break;
                };
                c.face = Some(true);
                position.piles[waste].push(c);
            }
        }
        if self.stock_open
            && let Some(top) = position.piles[0].last_mut()
        {
            top.face = Some(true);
        }
    }

    /// The legal moves, in a fixed order: by source pile, then target, then fewest cards; the
    /// stock last. Moves of more than [`MAX_LISTED`] cards are not listed (they may still be
    /// played), so that a file of many decks and piles lists its moves at once.
    pub fn legal(&self, position: &Position) -> Vec<Move> {
        let count = self.piles.len();
        let pre = Pre {
            places: self.places(position),
            take_ok: (0..count)
                .map(|i| i == 0 || self.blocked(position, i, false, false).is_ok())
                .collect(),
            lay_ok: (0..count)
                .map(|i| self.blocked(position, i, true, false).is_ok())
                .collect(),
        };
        let mut moves = Vec::new();
        for from in 0..count {
            let held = &position.piles[from];
            let open = held
                .iter()
                .rev()
                .take_while(|c| c.face == Some(true))
                .count();
            if open == 0
                || (from == 0 && !self.stock_open)
                || !self.piles[from].seen
                || !pre.take_ok[from]
            {
                continue;
            }
            let most = if from == 0 {
                1
            } else {
                self.run(held, from, open).min(MAX_LISTED)
            };
            for to in 1..count {
                if to == from || Some(to) == self.waste || !self.piles[to].seen {
                    continue;
                }
                for n in 1..=most {
                    let mv = Move::Cards { from, count: n, to };
                    if self.check_with(position, mv, false, Some(&pre)).is_ok() {
                        moves.push(mv);
                    }
                }
            }
        }
        if self.lifts {
            for pile in 1..count {
                let mv = Move::Cards {
                    from: pile,
                    count: 1,
                    to: pile,
                };
                if self.check(position, mv, false).is_ok() {
                    moves.push(mv);
                }
            }
        }
        if self.check(position, Move::Stock, false).is_ok() {
            moves.push(Move::Stock);
        }
        moves
    }

    /// How many of the top `open` face-up cards of pile `from` could move together: all when
    /// a rule set takes any cards (a = 9), else the longest sequence by either rule set.
    fn run(&self, held: &[Laid], from: usize, open: usize) -> usize {
        let sets = &self.piles[from].sets;
        if sets.iter().any(|s| s.take_digit(0) == 9) {
            return open;
        }
        let rules: Vec<Sequence> = sets.iter().filter_map(|s| s.sequence()).collect();
        let mut n = 1;
        while n < open {
            let (lower, upper) = (held[held.len() - n - 1].card, held[held.len() - n].card);
            if !rules.iter().any(|r| r.fits(lower, upper)) {
                break;
            }
            n += 1;
        }
        n
    }

    /// Whether the only moves left click the stock round and round: going through the stock
    /// and the wastepile until the cards lie as now (or the redeals run out) makes no other
    /// move legal.
    pub fn only_cycling(&self, position: &Position) -> bool {
        if self.legal(position) != [Move::Stock] {
            return false;
        }
        let mut at = position.clone();
        let cards = at.piles[0].len() + self.waste.map_or(0, |w| at.piles[w].len());
        for _ in 0..3 * (cards + 2) {
            self.apply(&mut at, Move::Stock);
            let legal = self.legal(&at);
            if legal.iter().any(|m| *m != Move::Stock) {
                return false;
            }
            if legal.is_empty() || at.piles == position.piles {
                return true;
            }
        }
        false
    }

    /// Whether the winning condition holds.
    pub fn won(&self, position: &Position) -> bool {
        if self.winners.is_empty() {
            return false;
        }
        let held = |i: usize| position.piles[i].len();
        if self.empty_to_win {
            // Choice: fields::choice::ZERO_PILES_CLEAR_ALL.
            return self.winners.iter().all(|&i| held(i) == 0)
                && held(0) == 0
                && self.waste.is_none_or(|w| held(w) == 0);
        }
        self.winners
            .iter()
            .all(|&i| Some(held(i)) == self.piles[i].target)
    }

    /// The cards on the piles that decide the win (or the cards cleared away, for 0 piles), and
    /// how many that must be.
    pub fn progress(&self, position: &Position) -> (usize, usize) {
        if self.empty_to_win {
            let left: usize = self.winners.iter().map(|&i| position.piles[i].len()).sum();
            let total: usize = position.piles.iter().map(Vec::len).sum();
            (total - left - position.piles[0].len(), total)
        } else {
            let on: usize = self.winners.iter().map(|&i| position.piles[i].len()).sum();
            let goal: usize = self
                .winners
                .iter()
                .map(|&i| self.piles[i].target.unwrap_or(0))
                .sum();
            (on, goal)
        }
    }

    /// A hash of the position that is the same for positions equal up to swapping piles with
    /// the same rules (when no rule depends on where piles lie).
    pub fn key(&self, position: &Position) -> u64 {
        let mut hasher = DefaultHasher::new();
        // With unlimited redeals (and no shuffle) the pass changes nothing that can be played.
        if self.passes.is_some() || self.shuffle_on_redeal {
            position.pass.hash(&mut hasher);
        }
        position.lifted.hash(&mut hasher);
        if self.positional {
            position.piles.hash(&mut hasher);
            return hasher.finish();
        }
        let mut groups: Vec<(usize, &Vec<Laid>)> = position
            .piles
            .iter()
            .enumerate()
            .map(|(i, p)| (self.class[i], p))
            .collect();
        groups.sort_unstable();
        groups.hash(&mut hasher);
        hasher.finish()
    }

    /// Whether pile `i` is a foundation: its field 7 asks for cards there to win, or c = 6.
    pub fn is_foundation(&self, i: usize) -> bool {
        self.piles[i].special == 6
            || (!self.empty_to_win && self.piles[i].target.is_some_and(|t| t > 0))
            || (self.empty_to_win && self.piles[i].target.is_some_and(|t| t > 0))
    }

    /// Whether the win is decided by foundations being filled (not by piles being emptied).
    pub fn fills_foundations(&self) -> bool {
        !self.empty_to_win
    }

    pub fn winners(&self) -> &[usize] {
        &self.winners
    }

    pub fn waste(&self) -> Option<usize> {
        self.waste
    }

    pub fn is_cell(&self, i: usize) -> bool {
        self.piles[i].cap == Some(1)
    }

    /// The sequences by which cards move together from a pile (the field 11 of the rule sets
    /// whose field 8 takes sequences), else all its field 11 rules: what the search counts as
    /// cards in order.
    pub fn moving_sequences(&self, i: usize) -> Vec<Sequence> {
        let sets = &self.piles[i].sets;
        let moving: Vec<Sequence> = sets
            .iter()
            .filter(|s| matches!(s.take_digit(0), 2..=4 | 9))
            .filter_map(|s| s.sequence())
            .collect();
        if moving.is_empty() {
            sets.iter().filter_map(|s| s.sequence()).collect()
        } else {
            moving
        }
    }

    /// The rule sets of a pile's field 11, for the search's safe moves.
    pub fn sequences(&self, i: usize) -> [Option<Sequence>; 2] {
        [
            self.piles[i].sets[0].sequence(),
            self.piles[i].sets[1].sequence(),
        ]
    }
}

/// The game `doc` describes, dealt with `seed`; `Err`: why it cannot be played.
pub fn game(doc: &Document, seed: u64) -> Result<PatienceGame<'_>, String> {
    let view = GameView::of(doc);
    let deal = deal::deal(&view, seed).map_err(|why| format!("it cannot be dealt, as {why}"))?;
    let rules = rules(&view, &deal);
    let position = start(&rules, &deal);
    Ok(PatienceGame {
        doc,
        rules: Arc::new(rules),
        deal,
        position,
        moves: 0,
        searched: None,
    })
}

impl<'a> PatienceGame<'a> {
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The game keeping what its hints find in `searched`, and following what was kept there.
    pub fn with_searched(mut self, searched: Option<Arc<Searched>>) -> PatienceGame<'a> {
        self.searched = searched;
        self
    }

    /// The hints' memory of this deal, where a session keeps one.
    fn memory(&self) -> Option<super::study::Deal<'_>> {
        Some(super::study::Deal {
            searched: self.searched.as_deref()?,
            game: super::study::key(self.doc),
            seed: self.deal.seed,
        })
    }

    /// The game from a position built directly (tests).
    pub fn with_position(mut self, position: Position) -> PatienceGame<'a> {
        self.position = position;
        self
    }

    /// The deal with the position's cards: what the board draws.
    fn as_deal(&self) -> Deal {
        let mut deal = self.deal.clone();
        for (dealt, cards) in deal.piles.iter_mut().zip(&self.position.piles) {
            dealt.cards = cards.iter().map(|l| l.card).collect();
            dealt.faces = cards.iter().map(|l| l.face).collect();
            dealt.put_back.clear();
        }
        deal
    }

    fn stock_words(&self) -> String {
        let stock = self.position.piles[0].len();
        if stock == 0 && self.rules.waste.is_none() {
            return "the stock empty".to_string();
        }
        let redeals = match self.rules.passes {
            None => "unlimited redeals".to_string(),
            Some(g) => {
                let left = g.saturating_sub(self.position.pass) as usize;
                format!("{} left", plural(left, "redeal", "redeals"))
            }
        };
        format!(
            "{} in the stock ({redeals})",
            plural(stock, "card", "cards")
        )
    }
}

impl Game for PatienceGame<'_> {
    fn moves(&self) -> Vec<String> {
        self.rules
            .legal(&self.position)
            .into_iter()
            .map(Move::notation)
            .collect()
    }

    fn play(&mut self, notation: &str) -> Result<(), String> {
        let mv = Move::parse(notation)?;
        self.rules.check(&self.position, mv, true)?;
        self.rules.apply(&mut self.position, mv);
        self.moves += 1;
        Ok(())
    }

    fn status(&self) -> Status {
        if self.rules.won(&self.position) {
            Status::Won
        } else if self.rules.legal(&self.position).is_empty()
            || self.rules.only_cycling(&self.position)
        {
            // Choice: fields::choice::NO_LOST_GAME.
            Status::Stuck
        } else {
            Status::Playing
        }
    }

    fn summary(&self) -> String {
        let moves = plural(self.moves, "move", "moves");
        let (done, goal) = self.rules.progress(&self.position);
        let stock = self.stock_words();
        if self.rules.winners.is_empty() {
            return format!(
                "Deal {}, after {moves}: this game has no winning condition (no pile has field 7 \
from 0 to 998), {stock}.",
                self.deal.seed
            );
        }
        let aim = if self.rules.empty_to_win {
            format!("{done} of {goal} cards cleared from the piles with field 7 = 0")
        } else {
            format!("{done} of {goal} cards on the foundations (field 7)")
        };
        match self.status() {
            Status::Won => format!("Won after {moves} (deal {}): {aim}.", self.deal.seed),
            Status::Stuck => format!(
                "Stuck after {moves} (deal {}): no move is left (but clicking the stock round \
and round, where that is allowed) and the game is not won; {aim}, {stock}. The spec has no \
rule ending a game lost, so it stops here.",
                self.deal.seed
            ),
            _ => {
                let legal = self.rules.legal(&self.position).len();
                format!(
                    "Deal {}, after {moves}: {aim}, {stock}; {} possible.",
                    self.deal.seed,
                    plural(legal, "move", "moves")
                )
            }
        }
    }

    fn board(&self) -> draw::Board {
        let heading = format!(
            " — deal {}, after {}",
            self.deal.seed,
            plural(self.moves, "move", "moves")
        );
        // A game is played only when it loads without errors: no pile is marked.
        super::board::position_board(self.doc, &[], &self.as_deal(), &heading, &[])
    }

    fn hint(&self, positions: u64) -> Hint {
        if self.status() != Status::Playing {
            return Hint {
                next: None,
                reason: self.summary(),
            };
        }
        let memory = self.memory();
        if let Some(memory) = &memory {
            if let Some(moves) = memory.planned(&self.position) {
                return winning(&moves);
            }
            // The search of the deal from its start (the study's, in an editor) is the plan
            // while the player follows it.
            match memory.from_start() {
                Some(Outcome::Won(moves)) => {
                    memory.keep_plan(&self.rules, &start(&self.rules, &self.deal), &moves);
                    if let Some(moves) = memory.planned(&self.position) {
                        return winning(&moves);
                    }
                }
                Some(Outcome::Lost) => {
                    return Hint {
                        next: None,
                        reason: format!(
                            "No win is left: deal {} cannot be won (every way on from it was \
tried).",
                            self.deal.seed
                        ),
                    };
                }
                _ => {}
            }
        }
        // A Patience position costs some forty times a peg position to examine (its moves are
        // worked out from the rules of every pile): a hint examines that many fewer, so that it
        // answers as fast (benches/play.rs).
        let positions = (positions / POSITION_COST).max(1);
        match super::winnable::search(&self.rules, &self.position, positions) {
            Outcome::Won(moves) => {
                if let Some(memory) = &memory {
                    memory.keep_plan(&self.rules, &self.position, &moves);
                }
                winning(&moves)
            }
            Outcome::Lost => Hint {
                next: None,
                reason: "No win is left from here: every way on was tried.".to_string(),
            },
            Outcome::Unknown => {
                let still = match memory.as_ref().is_some_and(|m| m.studying()) {
                    true => {
                        " The deals are still being searched: once this one is, a hint may \
know more."
                    }
                    false => "",
                };
                Hint {
                    next: None,
                    reason: format!(
                        "Could not tell whether a win is left: no win within {} examined.{still}",
                        plural(positions as usize, "position", "positions")
                    ),
                }
            }
        }
    }

    /// The search of the deal from its start, as an editor's study of the game makes it.
    fn search_ahead(&self) {
        if let Some(memory) = self.memory() {
            memory.search_start(&GameView::of(self.doc));
        }
    }
}

/// The hint of a win: its first move.
fn winning(moves: &[Move]) -> Hint {
    Hint {
        next: moves.first().map(|m| m.notation()),
        reason: format!(
            "A win from here: {} reach it.",
            plural(moves.len(), "move", "moves")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::patience::cards::Suit;
    use crate::registry::FormatId;

    fn doc(text: &str) -> Document {
        Document::new(Some(FormatId::PatienceGame), text)
    }

    /// `K♠`, `10♥`, `(A♦)` face down.
    fn laid(text: &str) -> Laid {
        let (text, face) = match text.strip_prefix('(') {
            Some(t) => (t.trim_end_matches(')'), false),
            None => (text, true),
        };
        let suit_at = text.char_indices().last().unwrap().0;
        let suit = match &text[suit_at..] {
            "♥" => Suit::Hearts,
            "♠" => Suit::Spades,
            "♦" => Suit::Diamonds,
            _ => Suit::Clubs,
        };
        let value = match &text[..suit_at] {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            v => v.parse().unwrap(),
        };
        Laid {
            card: Card {
                deck: 0,
                suit,
                value,
            },
            face: Some(face),
        }
    }

    /// A game of `lines` (the stock first, with `waste` as its field 11) in the position
    /// `piles` (one string of cards per pile, bottom first; the stock's top is its last).
    fn game<'a>(doc: &'a Document, piles: &[&str]) -> PatienceGame<'a> {
        let g = super::game(doc, 1).unwrap();
        let position = Position {
            piles: piles
                .iter()
                .map(|p| p.split_whitespace().map(laid).collect())
                .collect(),
            pass: 1,
            lifted: Vec::new(),
        };
        assert_eq!(position.piles.len(), g.rules.pile_count());
        g.with_position(position)
    }

    fn text(stock: &str, piles: &[&str]) -> String {
        format!(
            "Test\n1 {}\n{stock}\n{}\n",
            piles.len() + 1,
            piles.join("\n")
        )
    }

    const STOCK: &str = "52 4 4 0 0 0 999 1 999 0 0";
    const TABLEAU: &str = "0 4 110 0 16 1 999 2 2 913 304";
    const FOUNDATION: &str = "0 400 4 0 0 2 13 1 1 901 106";

    fn refused(g: &mut PatienceGame, mv: &str) -> String {
        let before = g.position.clone();
        let why = g.play(mv).unwrap_err();
        assert_eq!(g.position, before, "a refused move changes nothing");
        why
    }

    #[test]
    fn notation_reads_piles_counts_and_the_stock() {
        assert_eq!(
            Move::parse("3>4"),
            Ok(Move::Cards {
                from: 2,
                count: 1,
                to: 3
            })
        );
        assert_eq!(
            Move::parse("12:3>1"),
            Ok(Move::Cards {
                from: 11,
                count: 3,
                to: 0
            })
        );
        assert_eq!(Move::parse(" S "), Ok(Move::Stock));
        for bad in ["", "3", "0>1", "3:0>4", "a>b", "3>"] {
            assert!(
                Move::parse(bad).unwrap_err().contains("names no move"),
                "{bad}"
            );
        }
        assert_eq!(Move::parse("12:3>1").unwrap().notation(), "12:3>1");
    }

    #[test]
    fn field_11_lays_by_the_sequence_rule() {
        let d = doc(&text(STOCK, &[TABLEAU, TABLEAU]));
        let mut g = game(&d, &["", "8♠", "7♥"]);
        assert!(g.play("3>2").is_ok());
        let mut g = game(&d, &["", "8♠", "7♣"]);
        let why = refused(&mut g, "3>2");
        assert!(why.contains("pile 2 takes on its top card only down by 1, alternating colours"));
        assert!(why.contains("(field 11 = 304)"), "{why}");
    }

    #[test]
    fn field_10_says_what_an_empty_pile_takes() {
        let d = doc(&text(STOCK, &[TABLEAU, TABLEAU]));
        let mut g = game(&d, &["", "", "K♥"]);
        assert!(g.play("3>2").is_ok());
        let mut g = game(&d, &["", "", "Q♥"]);
        let why = refused(&mut g, "3>2");
        assert!(
            why.contains("takes only kings then, not Q♥ (field 10 = 913)"),
            "{why}"
        );
        let d = doc(&text(STOCK, &[TABLEAU, "0 4 110 0 16 1 999 2 2 0 304"]));
        let mut g = game(&d, &["", "K♥", ""]);
        assert!(refused(&mut g, "2>3").contains("takes only no card then"));
    }

    #[test]
    fn field_8_says_how_many_cards_a_pile_gives() {
        // a = 2: a sequence by the pile's own field 11.
        let d = doc(&text(STOCK, &[TABLEAU, TABLEAU]));
        let mut g = game(&d, &["", "9♠ 8♥ 7♣", "9♣"]);
        assert!(g.play("2:2>3").is_ok());
        let mut g = game(&d, &["", "9♠ 8♥ 7♥", "9♣"]);
        assert!(refused(&mut g, "2:2>3").contains("are no sequence by its field 11 = 304"));
        // a = 1: one card at a time.
        let one = "0 4 110 0 16 1 999 1 2 913 304";
        let d = doc(&text(STOCK, &[one, TABLEAU]));
        let mut g = game(&d, &["", "9♠ 8♥ 7♣", "9♣"]);
        assert!(refused(&mut g, "2:2>3").contains("gives one card at a time (field 8 = 1)"));
        assert!(g.play("2>3").is_err()); // 7♣ on 9♦ does not fit
        // a = 0: no card.
        let none = "0 4 110 0 16 1 999 0 2 913 304";
        let d = doc(&text(STOCK, &[none, TABLEAU]));
        let mut g = game(&d, &["", "8♥", "9♠"]);
        assert!(refused(&mut g, "2>3").contains("pile 2 gives no card (field 8 = 0)"));
        // a = 4: sequences of 2 or more only.
        let seqs = "0 4 110 0 16 1 999 4 2 913 304";
        let d = doc(&text(STOCK, &[seqs, TABLEAU]));
        let mut g = game(&d, &["", "8♥ 7♣", "9♠"]);
        assert!(refused(&mut g, "2>3").contains("gives only sequences of 2 cards or more"));
        assert!(g.play("2:2>3").is_ok());
        // a = 9: any cards.
        let any = "0 4 110 0 16 1 999 9 2 913 304";
        let d = doc(&text(STOCK, &[any, TABLEAU]));
        let mut g = game(&d, &["", "8♥ 2♣", "9♣"]);
        assert!(g.play("2:2>3").is_ok());
    }

    #[test]
    fn field_9_says_how_many_cards_a_pile_takes() {
        let lay = |a: &str| format!("0 4 110 0 16 1 999 9 {a} 999 999");
        let d = doc(&text(STOCK, &[TABLEAU, &lay("0")]));
        let mut g = game(&d, &["", "8♥", "9♠"]);
        assert!(refused(&mut g, "2>3").contains("pile 3 takes no card (field 9 = 0)"));
        let d = doc(&text(STOCK, &[TABLEAU, &lay("1")]));
        let mut g = game(&d, &["", "9♠ 8♥", "9♠"]);
        assert!(refused(&mut g, "2:2>3").contains("takes one card at a time (field 9 = 1)"));
        assert!(g.play("2>3").is_ok());
        let d = doc(&text(STOCK, &[TABLEAU, &lay("5")]));
        let mut g = game(&d, &["", "10♦ 9♠ 8♥", "9♠"]);
        assert!(refused(&mut g, "2:3>3").contains("takes just 2 cards"));
        assert!(g.play("2:2>3").is_ok());
        let d = doc(&text(STOCK, &[TABLEAU, &lay("4")]));
        let mut g = game(&d, &["", "9♠ 8♥", "9♠"]);
        assert!(refused(&mut g, "2>3").contains("only sequences of 2 cards or more"));
        let d = doc(&text(STOCK, &[TABLEAU, &lay("9")]));
        let mut g = game(&d, &["", "9♠ 8♥", "9♠"]);
        assert!(refused(&mut g, "2:2>3").contains("takes just 13 cards"));
    }

    #[test]
    fn field_9_a_3_moves_as_many_cards_as_the_empty_places_allow() {
        // FreeCell: (1 + empty cells) × 2^(empty columns).
        let cell = "0 4 4 0 0 2 -1 1 1 999 0";
        let column = "0 4 110 0 16 2 999 2 3 999 304";
        let d = doc(&text(STOCK, &[cell, column, column, column]));
        let mut g = game(&d, &["", "", "10♦ 9♠ 8♥ 7♣", "J♣", "A♥"]);
        assert!(refused(&mut g, "3:3>4").contains("the empty places now let 2 cards move, not 3"));
        assert!(g.play("3:2>4").is_err()); // 8♥ on J♣ does not fit
        let mut g = game(&d, &["", "", "10♦ 9♠ 8♥ 7♣", "J♣", ""]);
        // One cell and one column: 4 cards.
        assert!(g.play("3:4>4").is_ok());
    }

    #[test]
    fn field_9_d_and_e_say_from_where_and_when() {
        let waste_fed = "0 4 110 0 16 2 999 1 1001 999 999";
        let stock = "52 4 4 0 0 0 999 1 999 0 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        let d = doc(&text(stock, &[waste, waste_fed, TABLEAU]));
        let mut g = game(&d, &["", "5♣", "", "8♥"]);
        assert!(g.play("2>3").is_ok());
        let mut g = game(&d, &["", "", "", "8♥"]);
        assert!(
            refused(&mut g, "4>3").contains("takes cards only from the stock or the wastepile")
        );
        let not_stock = "0 4 110 0 16 2 999 1 5001 999 999";
        let d = doc(&text(stock, &[waste, not_stock, TABLEAU]));
        let mut g = game(&d, &["", "5♣", "", "8♥"]);
        assert!(refused(&mut g, "2>3").contains("takes no card from the stock or the wastepile"));
        assert!(g.play("4>3").is_ok());
        // d = 6: while empty, only from the previous pile.
        let previous = "0 4 110 0 16 2 999 1 6001 999 999";
        let d = doc(&text(STOCK, &[TABLEAU, previous, TABLEAU]));
        let mut g = game(&d, &["", "5♣", "", "8♥"]);
        assert!(refused(&mut g, "4>3").contains("takes cards only from pile 2"));
        assert!(g.play("2>3").is_ok());
        // e = 1: only while the previous pile holds cards.
        let after = "0 4 110 0 16 2 999 1 10001 999 999";
        let d = doc(&text(STOCK, &[TABLEAU, after, TABLEAU]));
        let mut g = game(&d, &["", "", "", "8♥"]);
        assert!(refused(&mut g, "4>3").contains("only while pile 2 holds cards"));
        let mut g = game(&d, &["", "K♠", "", "8♥"]);
        assert!(g.play("4>3").is_ok());
    }

    #[test]
    fn field_7_caps_a_pile() {
        let cell = "0 4 4 0 0 2 -1 1 1 999 999";
        let d = doc(&text(STOCK, &[cell, TABLEAU]));
        let mut g = game(&d, &["", "", "8♥ 7♣"]);
        assert!(g.play("3>2").is_ok());
        assert!(refused(&mut g, "3>2").contains("holds at most 1 card (field 7 = -1)"));
    }

    #[test]
    fn two_rule_sets_combine_by_field_11s_thousands() {
        // Spider: one card by .304, or a same-suit sequence by 104.
        let spider = "0 4 110 0 16 1 0 1 32 999 1304 2 2 999 104";
        let d = doc(&text(STOCK, &[spider, spider]));
        let mut g = game(&d, &["", "8♥ 7♥", "8♠"]);
        assert!(g.play("2>3").is_ok(), "7♥ on 8♠ by rules 1");
        let mut g = game(&d, &["", "8♥ 7♥", "8♥"]);
        assert!(g.play("2>3").is_ok(), "7♥ on 8♥ by rules 2");
        let mut g = game(&d, &["", "8♥ 7♥", "8♥"]);
        assert!(g.play("2:2>3").is_err(), "8♥ on 8♥ by neither");
        let mut g = game(&d, &["", "7♣ 6♥", "8♦"]);
        let why = refused(&mut g, "2:2>3");
        assert!(
            why.contains("nor does the second rule set allow it"),
            "{why}"
        );
        // 2000: both sets must allow it.
        let both = "0 4 110 0 16 1 0 2 2 999 2304 2 2 999 904";
        let d = doc(&text(STOCK, &[both, both]));
        let mut g = game(&d, &["", "7♥", "8♠"]);
        assert!(g.play("2>3").is_ok());
        let both_same_suit = "0 4 110 0 16 1 0 2 2 999 2304 2 2 999 104";
        let d = doc(&text(STOCK, &[both_same_suit, both_same_suit]));
        let mut g = game(&d, &["", "7♥", "8♠"]);
        assert!(refused(&mut g, "2>3").contains("same suit"));
    }

    #[test]
    fn covered_cards_and_next_piles_block() {
        // Mysteriet's pile 4 (field 8 = 31) lies under pile 5.
        let under = "1 83 202 0 0 0 999 31 0 0 0";
        let over = "5 83 108 0 1 2 999 1 0 0 0";
        let d = doc(&text(STOCK, &[TABLEAU, under, over]));
        let mut g = game(&d, &["", "", "(K♠)", "2♥"]);
        g.rules.turn_free_cards(&mut g.position);
        assert_eq!(
            g.position.piles[2][0].face,
            Some(false),
            "a covered card stays down"
        );
        assert!(refused(&mut g, "3>2").contains("not all show their face"));
        let mut g = game(&d, &["", "", "K♠", "2♥"]);
        assert!(refused(&mut g, "3>2").contains("partly covered by the cards of pile 4"));
        assert!(g.play("4>2").is_err()); // 2♥ is no king
        let mut g = game(&d, &["", "", "(K♠)", ""]);
        g.rules.turn_free_cards(&mut g.position);
        assert_eq!(
            g.position.piles[2][0].face,
            Some(true),
            "a free card turns face up"
        );
        assert!(g.play("3>2").is_ok());
        // b = 4: blocked while the next pile holds cards.
        let next = "1 4 400 0 0 2 999 41 0 0 0";
        let d = doc(&text(STOCK, &[TABLEAU, next, TABLEAU]));
        let mut g = game(&d, &["", "", "K♠", "5♥"]);
        assert!(refused(&mut g, "3>2").contains("while pile 4 holds cards"));
        let mut g = game(&d, &["", "", "K♠", ""]);
        assert!(g.play("3>2").is_ok());
    }

    #[test]
    fn marks_and_masks_keep_piles_apart() {
        // Pile 2 has mark 1 (cc = 1); pile 3 masks mark 1 (cc = 5).
        let marked = "0 4 110 0 16 1 999 102 2 999 304";
        let masking = "0 200 110 0 16 1 999 502 2 999 304";
        let d = doc(&text(STOCK, &[marked, masking, TABLEAU]));
        let mut g = game(&d, &["", "7♥", "8♠", "8♣"]);
        assert!(refused(&mut g, "2>3").contains("mask blocks cards from piles with mark 1"));
        assert!(g.play("2>4").is_ok());
    }

    #[test]
    fn the_stock_draws_turns_over_and_counts_its_passes() {
        let stock = "52 4 4 0 0 0 999 1 2 0 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        let d = doc(&text(stock, &[waste, FOUNDATION]));
        let mut g = game(&d, &["(2♣) (A♠)", "", ""]);
        assert!(g.play("s").is_ok());
        assert_eq!(g.position.piles[1].len(), 1);
        assert!(g.play("2>3").is_ok(), "the ace drawn goes up");
        assert!(g.play("s").is_ok());
        assert!(refused(&mut g, "2>3").contains("takes on its top card only up by 1, same suit"));
        assert!(g.play("s").is_ok(), "turned over: pass 2");
        assert_eq!(g.position.piles[0].len(), 1);
        assert!(g.play("s").is_ok());
        let why = refused(&mut g, "s");
        assert!(
            why.contains("may be gone through only 2 times (stock field 9 = 2)"),
            "{why}"
        );
        assert_eq!(g.status(), Status::Stuck);
        assert!(
            g.summary().contains("no rule ending a game lost"),
            "{}",
            g.summary()
        );
        assert!(refused(&mut g, "1>3").contains("its face-down cards cannot be taken"));
    }

    #[test]
    fn a_stock_clicked_round_and_round_for_nothing_is_stuck() {
        let stock = "52 4 4 0 0 0 999 1 999 0 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        let d = doc(&text(stock, &[waste, FOUNDATION]));
        let g = game(&d, &["(5♣) (9♥)", "", "A♠"]);
        assert_eq!(g.status(), Status::Stuck);
        assert!(g.moves() == ["s"]);
        let mut g = game(&d, &["(2♠) (9♥)", "", "A♠"]);
        assert_eq!(
            g.status(),
            Status::Playing,
            "the 2♠ comes up after one click"
        );
        assert!(g.play("s").is_ok());
        assert!(g.play("s").is_ok());
        assert!(g.play("2>3").is_ok());
    }

    #[test]
    fn an_open_stock_gives_its_top_card() {
        let stock = "52 4 4 0 0 2 999 0 1 0 0";
        let d = doc(&text(stock, &[FOUNDATION]));
        let mut g = game(&d, &["2♣ A♠", ""]);
        assert!(g.play("1>2").is_ok());
        assert!(refused(&mut g, "1>2").contains("2♣ on A♠ is not"));
    }

    #[test]
    fn the_stock_deals_to_every_pile_only_when_none_is_empty() {
        let stock = "104 4 4 0 0 0 999 0 1 0 0";
        let spider = "0 4 110 0 16 1 0 1 32 999 1304 2 2 999 104";
        let d = doc(&text(stock, &[spider, spider]));
        let mut g = game(&d, &["(A♠) (2♠) (3♠)", "K♠", ""]);
        assert!(refused(&mut g, "s").contains("only while every one of them holds cards"));
        let mut g = game(&d, &["(A♠) (2♠) (3♠)", "K♠", "K♥"]);
        assert!(g.play("s").is_ok());
        assert_eq!(g.position.piles[0].len(), 1);
        assert_eq!(g.position.piles[1].last().unwrap().card.value, 3);
        assert_eq!(g.position.piles[2].last().unwrap().face, Some(true));
    }

    #[test]
    fn a_face_down_card_turns_when_uncovered() {
        let d = doc(&text(STOCK, &[TABLEAU, TABLEAU]));
        let mut g = game(&d, &["", "(5♦) 8♥", "9♠"]);
        assert!(refused(&mut g, "2:2>3").contains("not all show their face"));
        assert!(g.play("2>3").is_ok());
        assert_eq!(g.position.piles[1][0].face, Some(true));
    }

    #[test]
    fn the_game_is_won_when_the_foundations_are_full_or_the_0_piles_empty() {
        let d = doc(&text(STOCK, &["0 4 4 0 0 2 2 1 1 901 106", TABLEAU]));
        let mut g = game(&d, &["", "A♠", "2♠"]);
        assert_eq!(g.status(), Status::Playing);
        assert!(g.play("3>2").is_ok());
        assert_eq!(g.status(), Status::Won);
        assert!(
            g.summary().starts_with("Won after 1 move"),
            "{}",
            g.summary()
        );
        // Spider: the 0 piles decide; the 13 foundations and a filler (0, never used) do not.
        let spider = "0 4 110 0 16 1 0 1 32 999 1304 2 2 999 104";
        let home = "0 400 4 0 0 2 13 0 9 999 0";
        let filler = "0 715 190 0 0 0 0 0 0 0 0";
        let d = doc(&text(STOCK, &[home, spider, filler]));
        let line = "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠";
        let mut g = game(&d, &["", "", line, ""]);
        assert!(refused(&mut g, "3:12>2").contains("takes just 13 cards"));
        assert!(g.play("3:13>2").is_ok());
        assert_eq!(g.status(), Status::Won);
    }

    #[test]
    fn field_9_c_moves_the_bottom_card_to_the_top() {
        let once = "0 4 110 0 16 2 999 1 101 999 304";
        let d = doc(&text(STOCK, &[once, TABLEAU]));
        let mut g = game(&d, &["", "7♥ 5♣ 8♠", ""]);
        assert!(g.moves().contains(&"2>2".to_string()));
        assert!(g.play("2>2").is_ok());
        assert_eq!(g.position.piles[1][2].card.to_string(), "7♥");
        assert!(refused(&mut g, "2>2").contains("only once"));
        let fits = "0 4 110 0 16 2 999 1 202 999 304";
        let d = doc(&text(STOCK, &[fits, TABLEAU]));
        let mut g = game(&d, &["", "7♣ 5♣ 8♠", ""]);
        assert!(refused(&mut g, "2>2").contains("7♣ on 8♠ does not"));
        let mut g = game(&d, &["", "7♥ 5♣ 8♠", ""]);
        assert!(g.play("2>2").is_ok());
        assert!(g.play("2>2").is_err(), "5♣ on 7♥ does not fit");
        let d = doc(&text(STOCK, &[TABLEAU, TABLEAU]));
        let mut g = game(&d, &["", "7♥ 5♣ 8♠", ""]);
        assert!(refused(&mut g, "2>2").contains("the cards are on pile 2 already"));
    }

    #[test]
    fn field_8_b_7_blocks_while_a_neighbour_holds_cards() {
        let between = "1 4 400 0 0 2 999 71 0 0 0";
        let d = doc(&text(STOCK, &[TABLEAU, TABLEAU, between, TABLEAU]));
        let mut g = game(&d, &["", "", "9♠", "K♠", "5♥"]);
        assert!(refused(&mut g, "4>2").contains("while pile 3 or pile 5 holds cards"));
        let mut g = game(&d, &["", "", "", "K♠", ""]);
        assert!(g.play("4>2").is_ok());
    }

    #[test]
    fn field_9_d_4_and_e_2() {
        let stock = "52 4 4 0 0 0 999 1 999 0 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        // d = 4: while it holds cards, only from the stock or the wastepile.
        let d4 = "0 4 110 0 16 2 999 1 4001 999 999";
        let d = doc(&text(stock, &[waste, d4, TABLEAU]));
        let mut g = game(&d, &["", "", "3♦", "8♥"]);
        assert!(
            refused(&mut g, "4>3")
                .contains("only from the stock or the wastepile while it holds cards")
        );
        let mut g = game(&d, &["", "5♣", "3♦", "8♥"]);
        assert!(g.play("2>3").is_ok());
        let mut g = game(&d, &["", "", "", "8♥"]);
        assert!(g.play("4>3").is_ok());
        // e = 2: only while the next pile holds cards.
        let e2 = "0 4 110 0 16 2 999 1 20001 999 999";
        let d = doc(&text(STOCK, &[e2, TABLEAU, TABLEAU]));
        let mut g = game(&d, &["", "", "", "8♥"]);
        assert!(refused(&mut g, "4>2").contains("only while pile 3 holds cards"));
        let mut g = game(&d, &["", "", "K♠", "8♥"]);
        assert!(g.play("4>2").is_ok());
    }

    #[test]
    fn the_second_rule_set_takes_over_when_the_first_drawing_is_over() {
        // 6000: rules 1 (same suit) until the stock is gone through once, then rules 2 (any).
        let stock = "52 4 4 0 0 0 999 1 2 0 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        let pile = "0 4 110 0 16 2 999 1 2 999 6104 1 2 999 999";
        let d = doc(&text(stock, &[waste, pile, pile]));
        let mut g = game(&d, &["(9♣)", "", "8♥", "9♠"]);
        assert!(refused(&mut g, "3>4").contains("same suit"));
        assert!(g.play("s").is_ok());
        assert!(
            g.play("3>4").is_ok(),
            "the stock is empty: the first drawing is over"
        );
    }

    #[test]
    fn a_stock_turned_over_with_field_10_1_is_shuffled_the_same_way_each_time() {
        let stock = "52 4 4 0 0 0 999 13 999 1 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        let d = doc(&text(stock, &[waste]));
        let cards = "(A♠) (2♠) (3♠) (4♠) (5♠) (6♠) (7♠) (8♠) (9♠) (10♠) (J♠) (Q♠) (K♠)";
        let mut a = game(&d, &[cards, ""]);
        let mut b = game(&d, &[cards, ""]);
        for g in [&mut a, &mut b] {
            assert!(g.play("s").is_ok());
            assert!(g.play("s").is_ok(), "turned over");
        }
        assert_eq!(a.position, b.position);
        let order: Vec<u8> = a.position.piles[0].iter().map(|l| l.card.value).collect();
        assert_ne!(order, (1..=13).collect::<Vec<u8>>(), "shuffled");
        assert_eq!(order.len(), 13);
    }

    #[test]
    fn field_9_b_5_fills_an_empty_pile_from_the_stock() {
        let stock = "52 4 4 0 0 0 999 0 1 0 0";
        let filled = "0 4 110 0 16 2 999 1 51 913 0";
        let d = doc(&text(stock, &[filled]));
        let mut g = game(&d, &["(K♠) (2♦) (3♣)", ""]);
        assert!(g.play("s").is_ok());
        assert_eq!(g.position.piles[1][0].card.to_string(), "K♠");
        assert_eq!(g.position.piles[0].len(), 2);
    }

    #[test]
    fn refusals_name_missing_piles_and_the_wastepile() {
        let stock = "52 4 4 0 0 0 999 1 999 0 2";
        let waste = "0 83 4 0 0 2 999 1 0 0 0";
        let d = doc(&text(stock, &[waste, TABLEAU]));
        let mut g = game(&d, &["", "", "8♥"]);
        assert!(refused(&mut g, "3>9").contains("there is no pile 9 (the game has 3 piles)"));
        assert!(refused(&mut g, "3>2").contains("only the stock lays cards on it"));
        assert!(refused(&mut g, "3>3").contains("on pile 3 already"));
        assert!(refused(&mut g, "3:2>1").contains("no card may be laid on the stock"));
    }
}
