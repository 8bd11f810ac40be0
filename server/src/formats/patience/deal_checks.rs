//! Findings where the deal itself goes wrong, found by counting cards, never by a random deal:
//! they hold for every seed.
//!
//! * `patience/card-shortage`: c = 7/8 piles take more cards of a kind out of the stock than
//!   the decks hold (a fifth ace from one deck).
//! * `patience/never-receives`: a d = 5 pile ("a maximum of 1 card that fits … during the
//!   distribution") that no card can ever reach.
//! * `patience/foundation-short`: a c = 6 foundation whose value comes from the first card
//!   dealt, and from which field 11's sequence cannot build the cards field 7 asks for, for
//!   some (or every) first card.
//!
//! Each claim is only made when it follows for certain from the rules [`super::deal`] deals
//! by: where the cards of two piles merely overlap, nothing is claimed.

use super::cards::{CardSet, Sequence, field_10_words, value_name};
use super::codes::{CARD_SHORTAGE, FOUNDATION_SHORT, NEVER_FILLED, NEVER_RECEIVES, WON_OVER_DECKS};
use super::deal::{deal_digit, receives, special, takes_out, written_cards};
use super::view::{GameView, Pile};
use crate::findings::{Finding, plural};

/// The findings of the deal, over the piles with all their fields (`usable`, the stock first).
pub fn findings(view: &GameView, usable: &[&Pile]) -> Vec<Finding> {
    let Some(decks @ 1..=8) = view.decks() else {
        return Vec::new();
    };
    if usable.first().is_none_or(|p| !p.is_stock()) {
        return Vec::new();
    }
    let decks = decks as usize;
    let mut out = Vec::new();
    card_shortage(usable, decks, &mut out);
    never_receives(usable, decks, &mut out);
    foundation_short(usable, decks, &mut out);
    won_counts(usable, decks, &mut out);
    out
}

/// The piles whose field 7 decides when the game is won: those with 0 when there are any (the
/// spec: "it is the piles with 0 that determine when the game will be won"), else those with
/// 1–998. `true` with the piles when they are the ones with a count above 0.
fn deciding<'p>(usable: &[&'p Pile]) -> (bool, Vec<&'p Pile>) {
    let zero: Vec<&Pile> = usable
        .iter()
        .copied()
        .filter(|p| p.value(7) == Some(0))
        .collect();
    if !zero.is_empty() {
        return (false, zero);
    }
    let counted = usable
        .iter()
        .copied()
        .filter(|p| p.value(7).is_some_and(|n| (1..=998).contains(&n)))
        .collect();
    (true, counted)
}

/// Digit `place` (0 = a, the ones) of a pile's field.
fn digit(pile: &Pile, field: u8, place: u32) -> Option<i64> {
    pile.value(field)
        .filter(|v| *v >= 0)
        .map(|v| v / 10_i64.pow(place) % 10)
}

/// The piles that decide when the game is won must be able to hold their field 7 counts:
/// together no more cards than the decks hold (`patience/won-count-over-decks`), and each one
/// reachable (`patience/never-filled`): a pile on which no card is ever laid holds only what
/// it is dealt, an empty pile with field 10 = 0 never gets a first card, and a pile with a
/// fixed first card (field 10) grows only as far as field 11's sequence goes.
fn won_counts(usable: &[&Pile], decks: usize, out: &mut Vec<Finding>) {
    let (counted, piles) = deciding(usable);
    if !counted {
        return;
    }
    let held = 52 * decks;
    let mut total: usize = 0;
    for pile in &piles {
        let (Some(won), Some(at)) = (pile.value(7), pile.field(7)) else {
            continue;
        };
        total += usize::try_from(won).unwrap_or(0);
        if total > held {
            let message = format!(
                "the piles that decide when the game is won (field 7 from 1 to 998; no pile has 0) \
must hold {total} cards together up to pile {}, but {} {} {held}, so the game can never be \
won: lower field 7 (13 for a foundation built from ace to king), or play with more decks (line 2)",
                pile.number,
                decks_words(decks),
                if decks == 1 { "holds" } else { "hold" },
            );
            out.push(Finding::new(WON_OVER_DECKS, at.range.clone(), message));
            break;
        }
    }
    for pile in &piles {
        let (Some(won), Some(at)) = (pile.value(7), pile.field(7)) else {
            continue;
        };
        if pile.is_stock() || takes_out(pile) || receives(pile) || special(pile) == Some(6) {
            continue; // the deal brings it cards: no claim
        }
        let dealt = written_cards(pile);
        let (Some(lay), Some(feed)) = (digit(pile, 9, 0), digit(pile, 9, 1)) else {
            continue;
        };
        if feed != 0 {
            continue; // it receives cards from the stock when the stock is clicked
        }
        let won = usize::try_from(won).unwrap_or(0);
        let why = if lay == 0 {
            (dealt < won).then(|| {
                format!(
                    "no card is ever laid on it (field 9 digit a = 0) and it is dealt {} (field 1)",
                    plural(dealt, "card", "cards")
                )
            })
        } else if dealt == 0 && pile.value(10) == Some(0) {
            Some(
                "it is dealt no card and no card may be laid on it while it is empty (field 10 = \
0)"
                .to_string(),
            )
        } else if dealt == 0 && pile.rule_set_mode() == 0 {
            first_card_short(pile, decks, won)
        } else {
            None
        };
        let Some(why) = why else { continue };
        let message = format!(
            "pile {} must hold {won} cards when the game is won (field 7), but {why}, so the game \
can never be won: let cards be laid on it (fields 9 to 11), or change field 7",
            pile.number
        );
        out.push(Finding::new(NEVER_FILLED, at.range.clone(), message));
    }
}

/// Why an empty pile whose first card is one value (field 10) cannot grow to `won` cards by
/// field 11's sequence; `None` when it can, or nothing certain can be said.
fn first_card_short(pile: &Pile, decks: usize, won: usize) -> Option<String> {
    let field_10 = pile.value(10)?;
    let value = u8::try_from(field_10 % 100)
        .ok()
        .filter(|v| (1..=13).contains(v))?;
    if !(1..=998).contains(&field_10) {
        return None;
    }
    let field_11 = pile.value(11)?;
    let rule = Sequence::of(field_11)?;
    let per_value = match rule {
        Sequence::Rule { colours: 1, .. } => 1,
        Sequence::Rule { colours: 2 | 3, .. } => 2,
        _ => 4,
    };
    let most = most_cards(rule, value, decks * per_value)?;
    (most < won).then(|| {
        format!(
            "its first card is one of the {} (field 10 = {field_10}) and field 11 = {field_11} ({}) \
builds a pile started there to at most {}",
            field_10_words(field_10).unwrap_or_else(|| value_name(value)),
            rule.words(),
            plural(most, "card", "cards")
        )
    })
}

/// The cards pile `pile` takes out of the stock (c = 7/8), when field 10 is a value the game
/// knows.
fn named_set(pile: &Pile) -> Option<(i64, CardSet)> {
    let field = pile.value(10)?;
    Some((field, CardSet::of_field_10(field, None)?))
}

/// `pile 3`, `piles 3 and 5`, `piles 3, 5 and 8`.
fn pile_list(numbers: &[usize]) -> String {
    match numbers {
        [one] => format!("pile {one}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("piles {} and {last}", rest.join(", "))
        }
        [] => String::new(),
    }
}

fn decks_words(decks: usize) -> String {
    plural(decks, "deck", "decks")
}

/// c = 7/8 piles take their cards out of the stock before the deal, in file order: a pile
/// whose cards (field 10) include all the cards earlier such piles take must share the decks'
/// cards of its kind with them.
fn card_shortage(usable: &[&Pile], decks: usize, out: &mut Vec<Finding>) {
    let takers: Vec<&Pile> = usable
        .iter()
        .copied()
        .filter(|p| takes_out(p) && written_cards(p) > 0)
        .collect();
    for (i, pile) in takers.iter().enumerate() {
        let Some((field_10, set)) = named_set(pile) else {
            continue;
        };
        let Some(range) = pile.field(1).map(|f| f.range.clone()) else {
            continue;
        };
        let n = written_cards(pile);
        if set == CardSet::NONE {
            let message = format!(
                "pile {} takes {} out of the stock (field 6 c = {}), but its field 10 is 0, \
which names no card, so the deal needs a card the decks do not hold; write which cards it \
takes in field 10 (e.g. 901 for aces, 999 for any card)",
                pile.number,
                plural(n, "card", "cards"),
                special(pile).unwrap_or(7),
            );
            out.push(Finding::new(CARD_SHORTAGE, range, message));
            continue;
        }
        if set == CardSet::ALL {
            // Any card: the stock's size decides (patience/stock-exhausted).
            continue;
        }
        let held = decks * set.kinds() as usize;
        // The earlier piles that can only take cards of this pile's kinds.
        let earlier: Vec<(usize, usize)> = takers[..i]
            .iter()
            .filter_map(|q| {
                let (_, theirs) = named_set(q)?;
                (theirs.is_subset(set) && theirs != CardSet::NONE).then(|| {
                    let most = decks * theirs.kinds() as usize;
                    (q.number, written_cards(q).min(most))
                })
            })
            .collect();
        let before = earlier
            .iter()
            .map(|(_, n)| *n)
            .fold(0, usize::saturating_add);
        if before.saturating_add(n) <= held {
            continue;
        }
        let what = field_10_words(field_10).unwrap_or_else(|| "cards".to_string());
        let numbers: Vec<usize> = earlier.iter().map(|(p, _)| *p).collect();
        let after = if before == 0 {
            String::new()
        } else {
            format!(
                " after {} took {before} of them ({} in all)",
                pile_list(&numbers),
                before.saturating_add(n)
            )
        };
        let message = format!(
            "pile {} takes {n} {what} out of the stock (field 1, and field 10 = {field_10}){after}, \
but {} {} only {held}, so the deal needs cards the decks do not hold; take fewer, or name other \
cards in field 10",
            pile.number,
            decks_words(decks),
            if decks == 1 { "holds" } else { "hold" },
        );
        out.push(Finding::new(CARD_SHORTAGE, range, message));
    }
}

/// d = 5 piles that start empty and can never receive their card: field 10 names none, no
/// card is dealt where it could be redirected, or every card it could take goes elsewhere
/// first (taken out of the stock by c = 7/8 piles, or received by earlier piles that take
/// exactly those cards when empty).
fn never_receives(usable: &[&Pile], decks: usize, out: &mut Vec<Finding>) {
    // Cards dealt to piles that may hand them on (d = 0 or 1, not c = 6/7/8).
    let passing: usize = usable
        .iter()
        .skip(1)
        .filter(|p| matches!(deal_digit(p), Some(0 | 1)) && !takes_out(p) && special(p) != Some(6))
        .map(|p| written_cards(p))
        .fold(0, usize::saturating_add);
    for (i, pile) in usable.iter().enumerate() {
        if deal_digit(pile) != Some(5)
            || !receives(pile)
            || written_cards(pile) > 0
            || special(pile) == Some(6)
        {
            continue;
        }
        let (Some(field_10), Some(at)) = (pile.value(10), pile.field(10)) else {
            continue;
        };
        let Some(set) = CardSet::of_field_10(field_10, None) else {
            continue;
        };
        let range = pile.field(6).map_or(at.range.clone(), |f| f.range.clone());
        let number = pile.number;
        let why = if set == CardSet::NONE {
            "its field 10 is 0: no card may be laid on it while it is empty".to_string()
        } else if passing == 0 {
            "no pile that hands cards on (field 6 d = 0 or 1) is dealt a card, so no card passes \
by during the deal"
                .to_string()
        } else {
            let held = decks * set.kinds() as usize;
            let taken: Vec<(usize, usize)> = usable
                .iter()
                .filter(|q| takes_out(q))
                .filter_map(|q| {
                    let (_, theirs) = named_set(q)?;
                    (theirs.is_subset(set) && theirs != CardSet::NONE)
                        .then(|| (q.number, written_cards(q)))
                })
                .filter(|(_, n)| *n > 0)
                .collect();
            let rivals: Vec<usize> = usable[1..i]
                .iter()
                .filter(|q| {
                    receives(q)
                        && written_cards(q) == 0
                        && special(q) != Some(6)
                        && q.value(10)
                            .and_then(|v| CardSet::of_field_10(v, None))
                            .is_some_and(|theirs| theirs == set)
                })
                .map(|q| q.number)
                .collect();
            let gone = taken
                .iter()
                .map(|(_, n)| *n)
                .fold(rivals.len(), usize::saturating_add);
            if gone < held {
                continue;
            }
            let what = field_10_words(field_10).unwrap_or_else(|| "cards".to_string());
            let mut whereto = Vec::new();
            if !taken.is_empty() {
                let numbers: Vec<usize> = taken.iter().map(|(p, _)| *p).collect();
                whereto.push(format!(
                    "{} {} them out of the stock first (c = 7/8)",
                    pile_list(&numbers),
                    if numbers.len() == 1 { "takes" } else { "take" }
                ));
            }
            if !rivals.is_empty() {
                whereto.push(format!(
                    "{} before it {} one each",
                    pile_list(&rivals),
                    if rivals.len() == 1 {
                        "receives"
                    } else {
                        "receive"
                    }
                ));
            }
            format!(
                "it takes {what} (field 10 = {field_10}), and {} {} only {held}: {}",
                decks_words(decks),
                if decks == 1 { "holds" } else { "hold" },
                whereto.join(", and ")
            )
        };
        let message = format!(
            "pile {number} receives 1 fitting card during the deal (field 6 d = 5), but it can \
never get one: {why}"
        );
        out.push(Finding::new(NEVER_RECEIVES, range, message));
    }
}

/// At most how many cards a foundation started at `value` holds under `rule`, with `copies`
/// cards of each value it may use; `None`: as many as the decks hold (no bound worth a claim).
/// An upper bound: a claim made from it holds for every deal.
fn most_cards(rule: Sequence, value: u8, copies: usize) -> Option<usize> {
    let Sequence::Rule { limit, order, .. } = rule else {
        return match rule {
            Sequence::Nothing => Some(1),
            _ => None,
        };
    };
    let wraps = matches!(limit, 1 | 9);
    let on_king = limit != 2;
    let next = |v: u8, delta: i8| -> Option<u8> {
        if v == 13 && !on_king {
            return None;
        }
        let raw = i16::from(v) + i16::from(delta);
        if wraps {
            Some(((raw - 1).rem_euclid(13) + 1) as u8)
        } else {
            u8::try_from(raw).ok().filter(|n| (1..=13).contains(n))
        }
    };
    // A walk whose every next value is forced, each value used at most `copies` times.
    let forced = |delta: i8| {
        let mut used = [0usize; 14];
        let (mut at, mut length) = (value, 1);
        used[usize::from(at)] = 1;
        while let Some(n) = next(at, delta) {
            if used[usize::from(n)] >= copies {
                break;
            }
            used[usize::from(n)] += 1;
            at = n;
            length += 1;
        }
        length
    };
    // Values alternating with their partner (sum 13 or 14).
    let paired = |sum: u8| {
        if value == 13 && !on_king {
            return 1;
        }
        match sum.checked_sub(value) {
            Some(partner @ 1..=13) if partner == value => copies,
            Some(partner @ 1..=13) if partner == 13 && !on_king => 2,
            Some(1..=13) => 2 * copies,
            _ => 1,
        }
    };
    match order {
        1 => Some(paired(13)),
        2 => Some(paired(14)),
        3 => Some(forced(-2)),
        4 => Some(forced(-1)),
        5 => Some(copies),
        6 => Some(forced(1)),
        7 => Some(forced(2)),
        8 if copies == 1 => Some(forced(1).max(forced(-1))),
        _ => None,
    }
}

/// c = 6: the foundation value comes from a random first card; for each value it may have,
/// field 11 must let the pile grow to its field 7 count.
fn foundation_short(usable: &[&Pile], decks: usize, out: &mut Vec<Finding>) {
    let mut first = None;
    for pile in usable.iter().skip(1) {
        if special(pile) != Some(6) {
            continue;
        }
        let source = *first.get_or_insert(pile.number);
        if pile.rule_set_mode() != 0 {
            continue; // two rule sets: no claim
        }
        let (Some(won @ 2..=998), Some(field_11), Some(at)) =
            (pile.value(7), pile.value(11), pile.field(11))
        else {
            continue;
        };
        let Some(rule) = Sequence::of(field_11) else {
            continue;
        };
        // Cards of each value the pile may use: one suit's, two suits' (a colour) or all.
        let per_value = match rule {
            Sequence::Rule { colours: 1, .. } => 1,
            Sequence::Rule { colours: 2 | 3, .. } => 2,
            _ => 4,
        };
        let copies = decks * per_value;
        let short: Vec<(u8, usize)> = (1..=13u8)
            .filter_map(|v| {
                let most = most_cards(rule, v, copies)?;
                (most < won as usize).then_some((v, most))
            })
            .collect();
        if short.is_empty() {
            continue;
        }
        let whose = if pile.number == source {
            "its first card".to_string()
        } else {
            format!("the first card dealt to pile {source}")
        };
        let mut values: Vec<String> = short
            .iter()
            .enumerate()
            .map(|(k, (v, most))| {
                if k == 0 {
                    format!("at {} holds at most {most} cards", value_name(*v))
                } else {
                    format!("at {} at most {most}", value_name(*v))
                }
            })
            .collect();
        if values.len() > 4 {
            let last = values.pop().unwrap_or_default();
            values.truncate(2);
            values.push("…".to_string());
            values.push(last);
        }
        let which = if short.len() == 13 {
            "whatever that card is".to_string()
        } else {
            format!(
                "with a first card of {} ({} of the 13 values)",
                value_range(&short.iter().map(|(v, _)| *v).collect::<Vec<_>>()),
                short.len()
            )
        };
        let message = format!(
            "pile {} takes its foundation value from {whose} (field 6 c = 6), and under field 11 = \
{field_11} ({}) a pile started {}; field 7 asks for {won} cards when the game is won, so {which} \
the game cannot be won; let the sequence continue beyond the ace/king limit (field 11 digit \
b = 1), or give the pile a fixed first card in field 10",
            pile.number,
            rule.words(),
            values.join(", "),
        );
        out.push(Finding::new(FOUNDATION_SHORT, at.range.clone(), message));
    }
}

/// `2–K`, `A, 7–9`: card values as runs.
fn value_range(values: &[u8]) -> String {
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for &v in values {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == v => *end = v,
            _ => runs.push((v, v)),
        }
    }
    runs.iter()
        .map(|&(a, b)| match b - a {
            0 => value_name(a),
            1 => format!("{}, {}", value_name(a), value_name(b)),
            _ => format!("{}–{}", value_name(a), value_name(b)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::FormatId;
    use crate::syntax::Document;

    fn found(text: &str) -> Vec<(&'static str, String)> {
        let doc = Document::new(Some(FormatId::PatienceGame), text);
        let view = GameView::new(&doc);
        findings(&view, &view.usable())
            .into_iter()
            .map(|f| (f.code, f.message))
            .collect()
    }

    #[test]
    fn bounds_of_sequences() {
        let rule = |v| Sequence::of(v).unwrap();
        assert_eq!(most_cards(rule(106), 1, 1), Some(13));
        assert_eq!(most_cards(rule(106), 8, 1), Some(6));
        assert_eq!(most_cards(rule(116), 8, 1), Some(13));
        assert_eq!(most_cards(rule(116), 8, 2), Some(26));
        assert_eq!(most_cards(rule(0), 8, 2), Some(1));
        assert_eq!(most_cards(rule(999), 8, 2), None);
        assert_eq!(most_cards(rule(126), 13, 1), Some(1));
        assert_eq!(most_cards(rule(104), 1, 1), Some(1));
        assert_eq!(most_cards(rule(901), 13, 4), Some(1));
        assert_eq!(most_cards(rule(902), 7, 4), Some(4));
        assert_eq!(most_cards(rule(108), 5, 1), Some(9));
        assert_eq!(most_cards(rule(908), 5, 4), None);
        assert_eq!(
            value_range(&[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
            "2–K"
        );
        assert_eq!(value_range(&[1, 7, 8, 10, 11, 12]), "A, 7, 8, 10–Q");
    }

    #[test]
    fn a_fifth_ace_is_a_card_the_decks_do_not_hold() {
        let text = "Aces\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n\
3 4 -99 0 0 700 999 0 0 901 0\n2 83 -99 0 0 800 999 0 0 101 0\n";
        let f = found(text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].0, CARD_SHORTAGE.name);
        assert_eq!(
            f[0].1,
            "pile 3 takes 2 aces of hearts out of the stock (field 1, and field 10 = 101), but \
1 deck holds only 1, so the deal needs cards the decks do not hold; take fewer, or name other \
cards in field 10"
        );
        let text = "Aces\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n\
1 4 -99 0 0 700 999 0 0 101 0\n4 83 -99 0 0 800 999 0 0 901 0\n";
        let f = found(text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].1.starts_with(
                "pile 3 takes 4 aces out of the stock (field 1, and field 10 = 901) after pile 2 \
took 1 of them (5 in all), but 1 deck holds only 4"
            ),
            "{f:?}"
        );
        // Two decks hold eight aces.
        let text = "Aces\n2 2\n104 4 4 0 0 0 999 1 999 0 0\n5 4 -99 0 0 700 999 0 0 901 0\n";
        assert_eq!(found(text), []);
        let text = "Aces\n1 2\n52 4 4 0 0 0 999 1 999 0 0\n5 4 -99 0 0 700 999 0 0 901 0\n";
        assert!(found(text)[0].1.contains("1 deck holds only 4"));
    }

    #[test]
    fn a_d_5_pile_that_no_card_reaches() {
        // Field 10 = 0.
        let text = "D5\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n0 4 110 0 0 5002 13 0 1 0 106\n\
5 83 110 0 16 1 999 2 2 999 304\n";
        let f = found(text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].0, NEVER_RECEIVES.name);
        assert!(
            f[0].1
                .ends_with("no card may be laid on it while it is empty")
        );
        // Nothing is dealt.
        let text = "D5\n1 2\n52 4 4 0 0 0 999 1 999 0 0\n0 4 110 0 0 5002 13 0 1 901 106\n";
        assert!(found(text)[0].1.contains("no card passes by"));
        // The aces are taken out of the stock first.
        let text = "D5\n1 4\n52 4 4 0 0 0 999 1 999 0 0\n0 4 110 0 0 5002 13 0 1 901 106\n\
4 4 -99 0 0 700 999 0 0 901 0\n5 83 110 0 16 1 999 2 2 999 304\n";
        let f = found(text);
        assert_eq!(
            f[0].1,
            "pile 2 receives 1 fitting card during the deal (field 6 d = 5), but it can never \
get one: it takes aces (field 10 = 901), and 1 deck holds only 4: pile 3 takes them out of the \
stock first (c = 7/8)"
        );
        // Two piles for the one ace of hearts of one deck: the second misses out.
        let text = "D5\n1 4\n52 4 4 0 0 0 999 1 999 0 0\n0 4 110 0 0 5002 13 0 1 101 106\n\
0 83 110 0 0 5002 13 0 1 101 106\n5 83 110 0 16 1 999 2 2 999 304\n";
        let f = found(text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].1.contains("pile 2 before it receives one each"),
            "{f:?}"
        );
        // Counter-example: four ace piles, four aces.
        let line = "0 4 110 0 0 5002 13 0 1 901 106\n";
        let text = format!(
            "D5\n1 6\n52 4 4 0 0 0 999 1 999 0 0\n{}5 83 110 0 16 1 999 2 2 999 304\n",
            line.repeat(4)
        );
        assert_eq!(found(&text), []);
    }

    #[test]
    fn a_foundation_value_the_sequence_cannot_build_from() {
        let text = "C6\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n1 4 4 0 0 602 13 0 1 999 106\n\
0 83 4 0 0 602 13 0 1 999 116\n";
        let f = found(text);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].0, FOUNDATION_SHORT.name);
        assert!(
            f[0].1.starts_with(
                "pile 2 takes its foundation value from its first card (field 6 c = 6), and \
under field 11 = 106 (up by 1, same suit, not beyond the ace/king limit) a pile started at 2 \
holds at most 12 cards, at 3 at most 11, …, at K at most 1;"
            ),
            "{f:?}"
        );
        assert!(
            f[0].1
                .contains("with a first card of 2–K (12 of the 13 values)")
        );
        let text = "C6\n1 2\n52 4 4 0 0 0 999 1 999 0 0\n1 4 4 0 0 602 13 0 1 999 0\n";
        assert!(found(text)[0].1.contains("whatever that card is"));
    }
}
