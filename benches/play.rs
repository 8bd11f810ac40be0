//! Playing: the time `retroboard/play` takes to answer after a move, with and without a hint, on
//! every board of `../shared/corpus/pegsolitaire` and the project's example games. Each game is
//! played from its start, one legal move at a time (the hint's move where there is one, else the
//! first legal move), and every position's answer is timed as the language server computes it
//! (`play::play`: replay from the start, draw, hint), in a session as the language server's: a
//! peg board's check has searched it already (what the server does once edits pause), a Patience
//! game's study has searched its deal, and the hints share what they found. `cargo bench --bench play`; BENCHMARKS.md has the numbers.

#[path = "../tests/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use std::sync::Arc;

use retroboard::formats::peg::solvability::{CHECK_POSITIONS, Prepared};
use retroboard::formats::play::Status;
use retroboard::formats::{DiskFiles, Files, Searched};
use retroboard::registry::detect;
use retroboard::syntax::Document;

/// Moves played per game at most (a Patience game can go on long).
const MOVES: usize = 60;

/// The files of a session: the disk, and what its searches found (a peg board's check, a
/// Patience game's study).
struct Session(Arc<Searched>);

impl Files for Session {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        DiskFiles.read(path)
    }

    fn searched(&self) -> Option<&Arc<Searched>> {
        Some(&self.0)
    }
}

fn document(path: &Path) -> Document {
    let bytes = std::fs::read(path).unwrap();
    let (text, _) = retroboard::text::decode(&bytes).unwrap();
    Document::new(detect(Some(path), &text), &text).with_path(Some(path.to_path_buf()))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<PathBuf> = [
        "English Standard.brd",
        "Opening.bord",
        "Klondike.pat",
        "FreeCell.pat",
        "Spider.pat",
        "Mysteriet.pat",
    ]
    .iter()
    .map(|f| repo.join("examples").join(f))
    .collect();
    if let Some(root) = corpus::corpus_dir() {
        files.extend(corpus::files_below(&root.join("pegsolitaire")));
    }
    // Following the hints (the plan), and playing the first legal move instead (every hint a
    // search of its own).
    for follow in [true, false] {
        println!();
        println!(
            "moves: {}",
            if follow {
                "the hint's"
            } else {
                "the first legal one"
            }
        );
        table(&files, follow);
    }
}

fn table(files: &[PathBuf], follow: bool) {
    println!(
        "game | moves played | play p50 | play p99 | hint p50 | hint p99 | hint max | no move hinted"
    );
    let (mut all_play, mut all_hint) = (Vec::new(), Vec::new());
    let (mut all_unhinted, mut all_hinted) = (0, 0);
    for path in files {
        let doc = document(path);
        let session = Session(Arc::new(Searched::default()));
        // The check's search of a peg board, as the server runs it once the board is open.
        if let Some(prepared) = retroboard::formats::peg::view::Board::new(&doc)
            .as_ref()
            .and_then(Prepared::of)
        {
            prepared.solve(CHECK_POSITIONS, &|| false, Some(&session.0));
        }
        // The study of a Patience game's deal 1, as the server's background study finds it.
        if doc.format() == Some(retroboard::registry::FormatId::PatienceGame) {
            let deal = retroboard::formats::patience::study::Deal {
                searched: &session.0,
                game: retroboard::formats::patience::study::key(&doc),
                seed: 1,
            };
            deal.search_start(&retroboard::formats::patience::GameView::of(&doc));
        }
        let mut moves: Vec<String> = Vec::new();
        let (mut plays, mut hints) = (Vec::new(), Vec::new());
        // Positions still playing where the hint named no move (it could not tell, or no win
        // is left).
        let mut unhinted = 0;
        loop {
            let started = Instant::now();
            let Ok(played) = retroboard::play::play(&doc, &session, 1, &moves, false) else {
                break;
            };
            plays.push(started.elapsed());
            let started = Instant::now();
            let hinted = retroboard::play::play(&doc, &session, 1, &moves, true).unwrap();
            hints.push(started.elapsed());
            if played.status != Status::Playing || moves.len() >= MOVES {
                break;
            }
            all_hinted += 1;
            if hinted.hint.as_ref().is_none_or(|h| h.next.is_none()) {
                unhinted += 1;
            }
            let next = hinted
                .hint
                .and_then(|h| h.next)
                .filter(|m| follow && played.moves.contains(m))
                .or_else(|| played.moves.first().cloned());
            match next {
                Some(m) => moves.push(m),
                None => break,
            }
        }
        if plays.is_empty() {
            continue;
        }
        plays.sort();
        hints.sort();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        println!(
            "{name} | {} | {:.2?} | {:.2?} | {:.2?} | {:.2?} | {:.2?} | {unhinted}",
            moves.len(),
            percentile(&plays, 0.5),
            percentile(&plays, 0.99),
            percentile(&hints, 0.5),
            percentile(&hints, 0.99),
            hints.last().unwrap()
        );
        all_unhinted += unhinted;
        all_play.extend(plays);
        all_hint.extend(hints);
    }
    all_play.sort();
    all_hint.sort();
    println!(
        "all {} positions | play p50 {:.2?}, p99 {:.2?}, max {:.2?} | hint p50 {:.2?}, p99 {:.2?}, max {:.2?} | no move hinted in {all_unhinted} of {all_hinted}",
        all_play.len(),
        percentile(&all_play, 0.5),
        percentile(&all_play, 0.99),
        all_play.last().copied().unwrap_or_default(),
        percentile(&all_hint, 0.5),
        percentile(&all_hint, 0.99),
        all_hint.last().copied().unwrap_or_default()
    );
}
