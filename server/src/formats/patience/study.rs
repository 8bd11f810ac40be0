//! How often a Patience game can be won, as an editor shows it (the hover on the game's name,
//! the preview's headline), and the wins the hints follow.
//!
//! The study plays the first [`STUDY_DEALS`] of the deals `retroboard solve` plays, with the
//! same search but [`STUDY_POSITIONS`] positions a deal instead of `solve`'s 200,000, so that
//! a modder who changed a rule hears within seconds of the language server's background search
//! (which starts once edits pause and stops at the next edit), not minutes; and several games
//! open at once are all studied soon. What it found so far is kept in the session after
//! each deal: a study stopped by an edit and started again by its undo goes on where it
//! stopped. Only where a session keeps it, and only for an open document: nobody would see it
//! otherwise (`retroboard check` has no study; `solve` is the command for the rate).
//!
//! A win found for a deal (by the study, by `play --hint` searching its deal as the study
//! would, or by a hint's own search) is kept as a plan: a player who follows the hints gets
//! the next move of the plan without a search.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use super::play::{Move, Position, Rules};
use super::view::GameView;
use super::winnable::{Outcome, Report, play_deal};
use crate::findings::{Finding, plural};
use crate::formats::{Files, Searched, SlowSearch};
use crate::syntax::Document;

/// Positions searched per deal by the study.
pub const STUDY_POSITIONS: u64 = 5_000;

/// Deals studied, seeds 1 to this: those of the example games take 2 to 6 seconds of one core
/// (BENCHMARKS.md).
pub const STUDY_DEALS: u64 = 20;

/// The deals a turn of the study plays: between turns, other slow work goes first.
const TURN_DEALS: u64 = 1;

/// The deals studied so far, seeds from 1 on, out of `of`.
#[derive(Clone, Debug)]
pub struct Study {
    pub report: Report,
    pub of: u64,
}

impl Study {
    pub fn complete(&self) -> bool {
        self.report.deals.len() as u64 >= self.of
    }

    /// The study in a sentence, for the hover: "Won 46 of 100 deals (seeds 1–100), …".
    pub fn sentence(&self) -> String {
        let summary = self.report.summary();
        match self.complete() {
            true => format!("{}.", capitalised(&summary)),
            false => format!(
                "Being searched: so far {summary} ({} still to search).",
                plural(
                    self.of.saturating_sub(self.report.deals.len() as u64),
                    "deal",
                    "deals"
                )
            ),
        }
    }

    /// The outcome of deal `seed`, when studied.
    fn outcome(&self, seed: u64) -> Option<&Outcome> {
        let at = usize::try_from(seed.checked_sub(1)?).ok()?;
        self.report.deals.get(at).map(|played| &played.outcome)
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// What the deals depend on: the text after line 1 (the game's name, which a modder may change
/// without changing the game).
pub fn key(doc: &Document) -> u64 {
    let rope = doc.rope();
    let from = rope.line_to_byte(1.min(rope.len_lines().saturating_sub(1)));
    let mut hasher = DefaultHasher::new();
    "patience study".hash(&mut hasher);
    for chunk in rope.byte_slice(from..).chunks() {
        hasher.write(chunk.as_bytes());
    }
    hasher.finish()
}

/// Where the study of a game stands, in a session that keeps one.
pub enum Known {
    /// Not searched (a document with errors, or not open).
    No,
    /// Under way, with the deals searched so far.
    Searching(Option<Study>),
    Searched(Study),
}

impl Known {
    pub fn of(doc: &Document, searched: &Searched) -> Known {
        let key = key(doc);
        let kept = searched.get::<Study>(key);
        match kept {
            Some(study) if study.complete() => Known::Searched(study),
            kept if searched.is_under_way::<Study>(key) => Known::Searching(kept),
            _ => Known::No,
        }
    }

    /// The headline of the preview and the line of the hover: how often the game is won.
    pub fn headline(&self) -> Option<String> {
        match self {
            Known::No => None,
            Known::Searching(None) => Some(format!(
                "How often it is won: {STUDY_DEALS} deals being searched…"
            )),
            Known::Searching(Some(study)) | Known::Searched(study) => Some(study.sentence()),
        }
    }
}

/// The study of the game `doc` describes, when `files` keep what searches find and `doc` is
/// open (or has no path: an editor's new file), and the game can be dealt.
pub fn slow_search(doc: &Document, files: &dyn Files) -> Option<Box<dyn SlowSearch>> {
    let searched = files.searched()?;
    if let Some(path) = doc.path() {
        files.open_document(path)?;
    }
    let view = GameView::of(doc);
    super::deal::deal(&view, 1).ok()?;
    Some(Box::new(StudySearch {
        view,
        key: key(doc),
        searched: searched.clone(),
        deals: STUDY_DEALS,
        positions: STUDY_POSITIONS,
    }))
}

struct StudySearch {
    view: Arc<GameView>,
    key: u64,
    searched: Arc<Searched>,
    /// Deals 1..=`deals`, `positions` each.
    deals: u64,
    positions: u64,
}

/// The study finds nothing to report as a problem: what it found is kept for the hover and the
/// preview, which the publish at its end redraws.
impl SlowSearch for StudySearch {
    fn known(&self, _positions: u64) -> Option<Vec<Finding>> {
        let study = self.searched.get::<Study>(self.key)?;
        study.complete().then(Vec::new)
    }

    fn run(&self, _positions: u64, cancelled: &dyn Fn() -> bool) -> Vec<Finding> {
        let mut study = self
            .searched
            .get::<Study>(self.key)
            .unwrap_or_else(|| Study {
                report: Report {
                    budget: self.positions,
                    deals: Vec::new(),
                },
                of: self.deals,
            });
        let first = study.report.deals.len() as u64 + 1;
        for seed in first..=self.deals.min(first + TURN_DEALS - 1) {
            let Ok(played) = play_deal(&self.view, seed, self.positions, cancelled) else {
                // A deal that cannot be dealt (the check says why) ends the study there.
                study.of = study.report.deals.len() as u64;
                self.searched.keep(self.key, study);
                break;
            };
            if cancelled() {
                break;
            }
            study.report.deals.push(played);
            self.searched.keep(self.key, study.clone());
        }
        Vec::new()
    }

    /// Nobody waits for the study: a peg board's search or the workspace check goes first.
    fn gives_way(&self) -> bool {
        true
    }

    fn finished(&self) -> bool {
        self.searched
            .get::<Study>(self.key)
            .is_some_and(|study| study.complete())
    }

    fn under_way(&self) -> Option<Box<dyn std::any::Any + Send>> {
        Some(Box::new(self.searched.start::<Study>(self.key)))
    }
}

/// A win the hints follow: the moves from a position of the deal on, and the exact key of the
/// position before each.
#[derive(Clone)]
struct Plan {
    keys: Vec<u64>,
    moves: Vec<Move>,
}

/// A deal searched from its start by `play --hint` as the study would search it (a command
/// keeps no study).
#[derive(Clone)]
struct DealSearched(Outcome);

/// The key the plans and searches of deal `seed` of the game `game` are kept under.
fn deal_key(game: u64, seed: u64) -> u64 {
    let mut hasher = DefaultHasher::new();
    ("patience deal", game, seed).hash(&mut hasher);
    hasher.finish()
}

/// A position exactly (piles told apart): a plan's moves name piles.
fn exact(position: &Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

/// The hints' memory of one deal of one game, in a session's `searched`.
pub struct Deal<'a> {
    pub searched: &'a Searched,
    pub game: u64,
    pub seed: u64,
}

impl Deal<'_> {
    /// The moves of a kept win from `position` on, if `position` is on one.
    pub fn planned(&self, position: &Position) -> Option<Vec<Move>> {
        let plan = self.searched.get::<Plan>(deal_key(self.game, self.seed))?;
        let here = exact(position);
        let at = plan.keys.iter().position(|k| *k == here)?;
        Some(plan.moves[at..].to_vec())
    }

    /// Keeps `moves`, a win from `position`, as the plan of this deal.
    pub fn keep_plan(&self, rules: &Rules, position: &Position, moves: &[Move]) {
        let mut at = position.clone();
        let mut keys = Vec::with_capacity(moves.len());
        for &mv in moves {
            keys.push(exact(&at));
            rules.apply(&mut at, mv);
        }
        self.searched.keep(
            deal_key(self.game, self.seed),
            Plan {
                keys,
                moves: moves.to_vec(),
            },
        );
    }

    /// What a search of the deal from its start found: the study's (the editors), or `play
    /// --hint`'s own search of this deal ([`Deal::search_start`]).
    pub fn from_start(&self) -> Option<Outcome> {
        if let Some(DealSearched(outcome)) = self
            .searched
            .get::<DealSearched>(deal_key(self.game, self.seed))
        {
            return Some(outcome);
        }
        let study = self.searched.get::<Study>(self.game)?;
        study.outcome(self.seed).cloned()
    }

    /// Whether the study of the game is still under way.
    pub fn studying(&self) -> bool {
        self.searched.is_under_way::<Study>(self.game)
    }

    /// Searches the deal from its start as the study does (for a caller that keeps no study),
    /// and keeps what it finds.
    pub fn search_start(&self, view: &GameView) {
        if self.from_start().is_some() {
            return;
        }
        if let Ok(played) = play_deal(view, self.seed, STUDY_POSITIONS, &|| false) {
            self.searched
                .keep(deal_key(self.game, self.seed), DealSearched(played.outcome));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::play::{Game, Status};
    use crate::registry::FormatId;

    const FREECELL: &str = include_str!("../../../../examples/FreeCell.pat");

    /// The study of deals 1–3 at 5,000 positions each.
    fn study(doc: &Document, searched: &Arc<Searched>) -> StudySearch {
        StudySearch {
            view: GameView::of(doc),
            key: key(doc),
            searched: searched.clone(),
            deals: 3,
            positions: 5_000,
        }
    }

    #[test]
    fn a_study_stopped_goes_on_where_it_stopped_and_its_wins_are_what_the_hints_follow() {
        let doc = Document::new(Some(FormatId::PatienceGame), FREECELL);
        let searched = Arc::new(Searched::default());
        let search = study(&doc, &searched);
        assert!(matches!(Known::of(&doc, &searched), Known::No));
        let under_way = search.under_way();
        assert_eq!(
            Known::of(&doc, &searched).headline().as_deref(),
            Some("How often it is won: 20 deals being searched…")
        );
        // A turn is a deal.
        assert_eq!(search.run(0, &|| false), Vec::new());
        assert!(!search.finished());
        assert_eq!(
            Known::of(&doc, &searched).headline().as_deref(),
            Some(
                "Being searched: so far won 1 of 1 deal (seed 1), 0 proven lost, 0 unknown \
within 5,000 positions each (2 deals still to search)."
            )
        );
        assert!(search.known(0).is_none());
        // Stopped (an edit, or other work waiting): the deal under way is not kept, and the
        // next turn goes on from there.
        search.run(0, &|| true);
        assert_eq!(
            searched
                .get::<Study>(search.key)
                .unwrap()
                .report
                .deals
                .len(),
            1
        );
        while !search.finished() {
            search.run(0, &|| false);
        }
        drop(under_way);
        assert_eq!(search.known(0), Some(Vec::new()));
        let Known::Searched(done) = Known::of(&doc, &searched) else {
            panic!("the study is kept once complete")
        };
        assert_eq!(
            done.sentence(),
            "Won 3 of 3 deals (seeds 1–3), 0 proven lost, 0 unknown within 5,000 positions each."
        );
        // Deal 2's win is the plan: every hint names its next move without a search.
        let Outcome::Won(moves) = &done.report.deals[1].outcome else {
            panic!("deal 2 is won")
        };
        let mut game = super::super::play::game(&doc, 2)
            .unwrap()
            .with_searched(Some(searched.clone()));
        for mv in moves {
            let hint = game.hint(0);
            assert_eq!(hint.next, Some(mv.notation()), "{}", hint.reason);
            game.play(&mv.notation()).unwrap();
        }
        assert_eq!(game.status(), Status::Won);
    }

    #[test]
    fn the_study_is_told_on_the_game_name() {
        let doc = Document::new(Some(FormatId::PatienceGame), FREECELL);
        let searched = Arc::new(Searched::default());
        let hover = |searched: &Searched| {
            super::super::hover::hover(&doc, 2, Some(searched))
                .unwrap()
                .markdown
        };
        assert!(!hover(&searched).contains("How often"));
        let search = study(&doc, &searched);
        while !search.finished() {
            search.run(0, &|| false);
        }
        assert_eq!(
            hover(&searched),
            "**Game name** FreeCell: shown in the window bar. The file name must not contain `-`, \
which the program uses in its statistics file names.\n\n**How often it is won** (searched in \
the background): Won 3 of 3 deals (seeds 1–3), 0 proven lost, 0 unknown within 5,000 \
positions each. `retroboard solve FILE` searches 200,000 positions a deal."
        );
        // Renamed, the game is the same: what was found stays.
        let renamed = Document::new(
            Some(FormatId::PatienceGame),
            &FREECELL.replacen("FreeCell", "Free", 1),
        );
        assert_eq!(key(&renamed), key(&doc));
        let changed = Document::new(
            Some(FormatId::PatienceGame),
            &FREECELL.replacen(" 1  18", " 1  17", 1),
        );
        assert_ne!(key(&changed), key(&doc));
    }
}
