//! The peg solver: the English 33-hole board from the centre (divan), and every board of
//! `../shared/corpus/pegsolitaire` decided or reported unknown within `check`'s budget of
//! positions, with the time each took and the positions per second of the undecided ones (one
//! run each, a table printed before divan's; `cargo bench --bench solve`). BENCHMARKS.md has
//! the numbers.
//! Every run starts from scratch: the verdict cache of the findings is not used.

#[path = "../tests/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;

use std::time::{Duration, Instant};

use divan::{Bencher, black_box};
use retroboard::formats::peg::solvability::{CHECK_POSITIONS, Prepared, SOLVE_POSITIONS};
use retroboard::formats::peg::solve::{Game, Verdict};
use retroboard::formats::peg::view::Board;
use retroboard::registry::detect;
use retroboard::syntax::Document;

/// The positions each corpus board may take: `check`'s and the language server's budget.
const CORPUS_BUDGET: u64 = CHECK_POSITIONS;

fn main() {
    corpus_table();
    divan::main();
}

fn game_of(path: &std::path::Path) -> Game {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = Document::new(detect(Some(path), &text), &text);
    let board = Board::new(&doc).unwrap();
    Prepared::of(&board).unwrap().game.unwrap()
}

/// Every corpus board once, with its verdict and time.
fn corpus_table() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let root = root.join("pegsolitaire");
    println!("board | holes | verdict | time");
    let mut worst = Duration::ZERO;
    for path in corpus::files_below(&root) {
        let game = game_of(&path);
        let started = Instant::now();
        let verdict = game.solve(CORPUS_BUDGET, &|| false);
        let took = started.elapsed();
        worst = worst.max(took);
        let verdict = match verdict {
            Verdict::Solvable(moves) => format!("solvable, {} jumps", moves.len()),
            Verdict::Unsolvable(proof) => format!("unsolvable ({})", kind(&proof)),
            Verdict::Unknown(_) => format!(
                "unknown ({:.0} positions a second)",
                CORPUS_BUDGET as f64 / took.as_secs_f64()
            ),
        };
        let name = path.strip_prefix(&root).unwrap().display();
        println!("{name} | {} | {verdict} | {took:.1?}", game.holes());
    }
    println!("slowest: {worst:.1?}\n");
}

fn kind(proof: &retroboard::formats::peg::solve::Proof) -> &'static str {
    use retroboard::formats::peg::solve::Proof;
    match proof {
        Proof::NoStones => "no stones",
        Proof::NoFirstJump => "no first jump",
        Proof::PositionClass { .. } | Proof::NoEndInClass { .. } => "position class",
        Proof::Exhaustive { .. } => "exhaustive search",
    }
}

fn corpus_board(relative: &str) -> Game {
    let root = corpus::corpus_dir().expect("the corpus");
    game_of(&root.join("pegsolitaire").join(relative))
}

/// The English 33-hole board from the centre, ending in the centre (the target: 50 ms).
#[divan::bench(sample_count = 20, sample_size = 1)]
fn english_33(bencher: Bencher) {
    let game = corpus_board("v2/English Standard Board.brd");
    bencher.bench(|| black_box(game.solve(SOLVE_POSITIONS, &|| false)));
}

/// The 41-hole Diamond board, proved unsolvable by position classes before any search.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn diamond_position_class(bencher: Bencher) {
    let game = corpus_board("v2-rev11/Diamond Board.brd");
    bencher.bench(|| black_box(game.solve(SOLVE_POSITIONS, &|| false)));
}
