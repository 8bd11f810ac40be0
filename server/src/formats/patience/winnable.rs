//! How often a Patience game can be won: seeded deals ([`super::deal`]) played by a search
//! over the rules engine's legal moves ([`super::play`]).
//!
//! The search is best-first for half its budget, then depth-first with the most promising
//! move first (the position that looks nearest a win first: cards on the
//! foundations, face-down cards, empty places, cards out of sequence), with a table of the
//! positions seen (a hash of the position in
//! which piles with the same rules are interchangeable, when no rule depends on where piles
//! lie), and safe moves played without trying others: a card goes onto a
//! foundation at once when no card outside the foundations could ever be laid on it. Its budget
//! is a count of positions per deal, never a time, so the answer is the same on every machine.
//! A deal is lost when every position reachable from it was examined without a win; unknown
//! when the budget ran out first.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use super::cards::{Card, Sequence, Suit};
use super::deal;
use super::play::{Laid, Move, Position, Rules, rules, start};
use super::view::GameView;
use crate::findings::{noun, plural};
use crate::syntax::Document;

/// Positions examined per deal by default.
pub const POSITIONS: u64 = 200_000;
/// Deals played by default (seeds 1..=N).
pub const DEALS: u64 = 100;

/// What the search found from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// These moves win.
    Won(Vec<Move>),
    /// No win is reachable.
    Lost,
    /// The budget ran out first.
    Unknown,
}

/// One deal's result.
#[derive(Clone, Debug)]
pub struct Played {
    pub seed: u64,
    pub outcome: Outcome,
    pub positions: u64,
}

/// The results of deals 1..=N.
#[derive(Clone, Debug)]
pub struct Report {
    pub budget: u64,
    pub deals: Vec<Played>,
}

impl Report {
    /// The outcome in a sentence: "won 57 of 100 deals (seeds 1–100), 0 proven lost, 43
    /// unknown within 5,000 positions each".
    pub fn summary(&self) -> String {
        let n = self.deals.len();
        let seeds = match n {
            1 => "seed 1".to_string(),
            _ => format!("seeds 1–{n}"),
        };
        format!(
            "won {} of {} ({seeds}), {} proven lost, {} unknown within {} {} each",
            self.seeds(is_won).len(),
            plural(n, "deal", "deals"),
            self.seeds(is_lost).len(),
            self.seeds(is_unknown).len(),
            crate::text::thousands(self.budget),
            noun(self.budget, "position", "positions"),
        )
    }

    pub fn seeds(&self, which: fn(&Outcome) -> bool) -> Vec<u64> {
        self.deals
            .iter()
            .filter(|d| which(&d.outcome))
            .map(|d| d.seed)
            .collect()
    }
}

pub fn is_won(o: &Outcome) -> bool {
    matches!(o, Outcome::Won(_))
}
pub fn is_lost(o: &Outcome) -> bool {
    matches!(o, Outcome::Lost)
}
pub fn is_unknown(o: &Outcome) -> bool {
    matches!(o, Outcome::Unknown)
}

/// Plays deals with seeds 1..=`deals` of the game `doc` describes, `positions` per deal.
pub fn rate(doc: &Document, deals: u64, positions: u64) -> Result<Report, String> {
    let view = GameView::of(doc);
    let played = (1..=deals)
        .map(|seed| play_deal(&view, seed, positions, &|| false))
        .collect::<Result<_, _>>()?;
    Ok(Report {
        budget: positions,
        deals: played,
    })
}

/// Searches the deal `seed` of the game `view` describes from its start, examining at most
/// `positions`; once `cancelled()` says so the search stops, unknown.
pub fn play_deal(
    view: &GameView,
    seed: u64,
    positions: u64,
    cancelled: &dyn Fn() -> bool,
) -> Result<Played, String> {
    let dealt = deal::deal(view, seed).map_err(|why| format!("it cannot be dealt, as {why}"))?;
    let rules = rules(view, &dealt);
    let position = start(&rules, &dealt);
    let (outcome, used) = search_counting(&rules, &position, positions, cancelled);
    Ok(Played {
        seed,
        outcome,
        positions: used,
    })
}

/// Searches for a win from `position`, examining at most `positions` positions.
pub fn search(rules: &Rules, position: &Position, positions: u64) -> Outcome {
    search_counting(rules, position, positions, &|| false).0
}

/// How often a search looks whether it was cancelled: every this many positions (a few
/// milliseconds).
const CANCEL_EVERY: u64 = 64;

/// A position kept by the search: its cards packed (a card in 16 bits: kind, deck, face),
/// the move that led to it and the position it came from.
struct Node {
    packed: Vec<u16>,
    parent: u32,
    via: Option<Move>,
}

const PILE_END: u16 = u16::MAX;

fn pack(position: &Position) -> Vec<u16> {
    let mut out = Vec::with_capacity(position.piles.iter().map(Vec::len).sum::<usize>() + 40);
    out.push(u16::try_from(position.pass.min(60_000)).unwrap_or(0));
    out.push(u16::try_from(position.lifted.len()).unwrap_or(0));
    out.extend(
        position
            .lifted
            .iter()
            .map(|&p| u16::try_from(p).unwrap_or(0)),
    );
    for pile in &position.piles {
        for laid in pile {
            let face = match laid.face {
                Some(true) => 1,
                Some(false) => 0,
                None => 2,
            };
            out.push(((laid.card.kind() as u16) << 6) | (u16::from(laid.card.deck) << 2) | face);
        }
        out.push(PILE_END);
    }
    out
}

fn unpack(packed: &[u16]) -> Position {
    let mut piles = Vec::new();
    let mut pile = Vec::new();
    let lifted = usize::from(packed[1]);
    for &word in &packed[2 + lifted..] {
        if word == PILE_END {
            piles.push(std::mem::take(&mut pile));
            continue;
        }
        let kind = u32::from(word >> 6);
        let suit = Suit::ALL[(kind / 13) as usize % 4];
        pile.push(Laid {
            card: Card {
                deck: ((word >> 2) & 0xF) as u8,
                suit,
                value: (kind % 13 + 1) as u8,
            },
            face: match word & 3 {
                1 => Some(true),
                0 => Some(false),
                _ => None,
            },
        });
    }
    Position {
        piles,
        pass: u32::from(packed[0]),
        lifted: packed[2..2 + lifted]
            .iter()
            .map(|&p| usize::from(p))
            .collect(),
    }
}

/// Half the budget best-first, then what is left depth-first (the one finds FreeCell's wins,
/// the other Klondike's); either search running out of positions to examine proves the deal
/// lost.
fn search_counting(
    rules: &Rules,
    position: &Position,
    positions: u64,
    cancelled: &dyn Fn() -> bool,
) -> (Outcome, u64) {
    if let Some(settled) = settled(rules, position) {
        return settled;
    }
    let (outcome, used) = best_first(rules, position, positions / 2, cancelled);
    if outcome != Outcome::Unknown || cancelled() {
        return (outcome, used);
    }
    let (outcome, more) = depth_first(rules, position, positions.saturating_sub(used), cancelled);
    (outcome, used + more)
}

struct Frame {
    position: Position,
    moves: Vec<Move>,
    next: usize,
    via: Option<Move>,
}

/// The deepest line of moves followed depth-first; deeper lines are cut (and the deal is then
/// not called lost).
const MAX_DEPTH: usize = 20_000;

/// The outcome without a search, with the one position examined: won already, or no winning
/// condition to search for.
fn settled(rules: &Rules, position: &Position) -> Option<(Outcome, u64)> {
    if rules.won(position) {
        return Some((Outcome::Won(Vec::new()), 1));
    }
    rules.winners().is_empty().then_some((Outcome::Lost, 1))
}

/// Whether a search that examined `examined` positions stops: its budget of `positions` is
/// spent, or it was cancelled (looked at every [`CANCEL_EVERY`] positions).
fn spent(examined: u64, positions: u64, cancelled: &dyn Fn() -> bool) -> bool {
    examined >= positions || (examined.is_multiple_of(CANCEL_EVERY) && cancelled())
}

/// Depth-first, the most promising move first (from a position not settled).
fn depth_first(
    rules: &Rules,
    position: &Position,
    positions: u64,
    cancelled: &dyn Fn() -> bool,
) -> (Outcome, u64) {
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(rules.key(position));
    let mut examined = 1u64;
    let mut cut = false;
    let mut frames = vec![Frame {
        moves: ordered(rules, position),
        position: position.clone(),
        next: 0,
        via: None,
    }];
    while let Some(top) = frames.last_mut() {
        let Some(&mv) = top.moves.get(top.next) else {
            frames.pop();
            continue;
        };
        top.next += 1;
        let mut next = top.position.clone();
        rules.apply(&mut next, mv);
        if !seen.insert(rules.key(&next)) {
            continue;
        }
        if rules.won(&next) {
            let mut line: Vec<Move> = frames.iter().filter_map(|f| f.via).collect();
            line.push(mv);
            return (Outcome::Won(line), examined);
        }
        examined += 1;
        if spent(examined, positions, cancelled) {
            return (Outcome::Unknown, examined);
        }
        if frames.len() >= MAX_DEPTH {
            cut = true;
            continue;
        }
        frames.push(Frame {
            moves: ordered(rules, &next),
            position: next,
            next: 0,
            via: Some(mv),
        });
    }
    if cut {
        (Outcome::Unknown, examined)
    } else {
        (Outcome::Lost, examined)
    }
}

/// Best-first: the position that looks nearest a win is expanded first; every position is
/// examined once (from a position not settled).
fn best_first(
    rules: &Rules,
    position: &Position,
    positions: u64,
    cancelled: &dyn Fn() -> bool,
) -> (Outcome, u64) {
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(rules.key(position));
    let mut nodes = vec![Node {
        packed: pack(position),
        parent: 0,
        via: None,
    }];
    let mut frontier: BinaryHeap<(i64, Reverse<u32>)> = BinaryHeap::new();
    frontier.push((score(rules, position), Reverse(0)));
    let mut examined = 1u64;
    while let Some((_, Reverse(id))) = frontier.pop() {
        let here = unpack(&std::mem::take(&mut nodes[id as usize].packed));
        for mv in ordered(rules, &here) {
            let mut next = here.clone();
            rules.apply(&mut next, mv);
            if !seen.insert(rules.key(&next)) {
                continue;
            }
            if rules.won(&next) {
                let mut line = vec![mv];
                let mut at = id as usize;
                while let Some(via) = nodes[at].via {
                    line.push(via);
                    at = nodes[at].parent as usize;
                }
                line.reverse();
                return (Outcome::Won(line), examined);
            }
            examined += 1;
            if spent(examined, positions, cancelled) || nodes.len() >= u32::MAX as usize {
                return (Outcome::Unknown, examined);
            }
            let child = nodes.len() as u32;
            frontier.push((score(rules, &next), Reverse(child)));
            nodes.push(Node {
                packed: pack(&next),
                parent: id,
                via: Some(mv),
            });
        }
    }
    (Outcome::Lost, examined)
}

/// How near a win a position looks: cards on the foundations (or cleared), face-down cards,
/// empty places, cards out of sequence and cards lying on lower ones.
fn score(rules: &Rules, position: &Position) -> i64 {
    let (done, _) = rules.progress(position);
    let mut h = 100 * done as i64;
    for (i, pile) in position.piles.iter().enumerate() {
        if i == 0 || Some(i) == rules.waste() {
            h -= 2 * pile.len() as i64;
            continue;
        }
        if rules.is_foundation(i) {
            continue;
        }
        if pile.is_empty() {
            h += 15;
            continue;
        }
        let sequences = rules.moving_sequences(i);
        let mut lowest = 0;
        for k in 0..pile.len() {
            if pile[k].face != Some(true) {
                h -= 20;
            }
            if k > 0
                && !sequences
                    .iter()
                    .any(|s| s.fits(pile[k - 1].card, pile[k].card))
            {
                h -= 5;
            }
            if pile[k].card.value < pile[lowest].card.value {
                lowest = k;
            }
        }
        h -= 3 * (pile.len() - 1 - lowest) as i64;
    }
    h
}

/// The legal moves, the most promising first; a safe move alone when there is one.
fn ordered(rules: &Rules, position: &Position) -> Vec<Move> {
    let legal = rules.legal(position);
    let mut scored: Vec<(i32, Move)> = Vec::with_capacity(legal.len());
    for mv in legal {
        let Move::Cards { from, count, to } = mv else {
            scored.push((-10, mv));
            continue;
        };
        let pile = &position.piles[from];
        let rest = pile.len() - count;
        let empties = rest == 0;
        let turns = rest > 0 && pile[rest - 1].face != Some(true);
        let to_empty = position.piles[to].is_empty();
        let from_foundation = rules.is_foundation(from);
        // A whole pile onto an empty one changes nothing worth trying.
        if empties
            && to_empty
            && !rules.is_foundation(to)
            && !rules.is_cell(to)
            && !rules.is_cell(from)
        {
            continue;
        }
        if rules.is_foundation(to) && !from_foundation {
            if count == 1 && rules.fills_foundations() && safe(rules, position, from) {
                return vec![mv];
            }
            scored.push((100, mv));
            continue;
        }
        let mut score = 0;
        if from_foundation {
            score -= 80;
        }
        if turns {
            score += 50;
        }
        if empties {
            score += 30;
        }
        if from == 0 || Some(from) == rules.waste() {
            score += 20;
        }
        if rules.is_cell(to) {
            score -= 30;
        } else if to_empty {
            score -= 20;
        }
        if rules.is_cell(from) {
            score += 10;
        }
        score += i32::try_from(count.min(20)).unwrap_or(0);
        scored.push((score, mv));
    }
    scored.sort_by_key(|(score, _)| -score);
    scored.into_iter().map(|(_, mv)| mv).collect()
}

/// Whether the top card of pile `from` may go onto a foundation without losing anything: no
/// card outside the foundations could be laid on it on any other pile.
fn safe(rules: &Rules, position: &Position, from: usize) -> bool {
    let Some(card) = position.piles[from].last().map(|l| l.card) else {
        return false;
    };
    let mut sequences: Vec<Sequence> = Vec::new();
    for i in 1..rules.pile_count() {
        if rules.is_foundation(i) || rules.is_cell(i) || Some(i) == rules.waste() {
            continue;
        }
        for s in rules.sequences(i).into_iter().flatten() {
            if !sequences.contains(&s) {
                sequences.push(s);
            }
        }
    }
    for (i, pile) in position.piles.iter().enumerate() {
        if rules.is_foundation(i) {
            continue;
        }
        for laid in pile {
            if laid.card != card && sequences.iter().any(|s| s.fits(card, laid.card)) {
                return false;
            }
        }
    }
    true
}
