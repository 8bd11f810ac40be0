//! The peg solver on the real boards (`../shared/corpus/pegsolitaire`) and on boards with
//! known answers. Every winning sequence is replayed, under the game's rules, by the move
//! checker of this file, which reads the board text itself and shares nothing with the solver;
//! every position-class proof is checked the same way.
//!
//! `UPDATE_EXPECT=1 cargo test --test solve` rewrites `tests/solve/corpus.expected`.

#[path = "support/boards.rs"]
mod boards;
#[path = "support/corpus.rs"]
mod corpus;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use retroboard::formats::peg::solvability::{
    CHECK_POSITIONS, Prepared, SOLVE_POSITIONS, proof_text, unknown_text,
};
use retroboard::formats::peg::solve::{Field, Game, Jump, Proof, Unknown, Verdict};
use retroboard::formats::peg::view::Board;
use retroboard::registry::detect;
use retroboard::syntax::Document;

/// Positions the corpus snapshot searches per board at most (fewer than `check`'s budget, to
/// keep the test quick; every search is limited by positions, so the snapshot is the same on
/// any machine).
const SNAPSHOT_POSITIONS: u64 = 100_000;

// ---- an independent reading of the board and its rules -----------------------------------

/// A board as this test reads it from the text: the grid, the mode and the goal the game keeps.
#[derive(Debug)]
struct Grid {
    /// `Some(true)` a stone, `Some(false)` an empty hole, `None` no hole.
    cells: Vec<Vec<Option<bool>>>,
    diagonal: bool,
    goal: Option<(usize, usize)>,
}

impl Grid {
    fn parse(text: &str) -> Grid {
        if text.starts_with('1') {
            Grid::v1(text)
        } else {
            Grid::v2(text)
        }
    }

    /// Version 1: line breaks deleted, `1D~`/`1N~`, the width from `!`, `>` before the goal.
    fn v1(text: &str) -> Grid {
        let stream: String = text.chars().filter(|c| *c != '\r' && *c != '\n').collect();
        let diagonal = stream.as_bytes()[1] == b'D';
        let body = &stream[3..];
        let width = body[..body.find('!').unwrap()].replace('>', "").len();
        let mut cells = Vec::new();
        let mut goals = Vec::new();
        let mut next_goal = false;
        let mut n = 0;
        for ch in body.chars() {
            match ch {
                '!' => continue,
                '>' => {
                    next_goal = true;
                    continue;
                }
                _ => {}
            }
            let (r, c) = (n / width, n % width);
            if c == 0 {
                cells.push(Vec::new());
            }
            cells[r].push(match ch {
                'E' => Some(false),
                '1' | '2' | '3' => Some(true),
                _ => None,
            });
            if next_goal {
                goals.push((r, c));
                next_goal = false;
            }
            n += 1;
        }
        Grid {
            cells,
            diagonal,
            goal: kept(goals),
        }
    }

    /// Version 2: two header lines, then rows without spaces; dots deleted (the final game) or,
    /// where only that makes the rows equal, counted as locked columns (the game of r11).
    fn v2(text: &str) -> Grid {
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        let mut lines = lines.into_iter().filter(|l| !l.is_empty());
        lines.next();
        let diagonal = lines.next().unwrap().to_lowercase() == "mode: diagonal";
        let rows: Vec<String> = lines
            .map(|l| l.replace(' ', ""))
            .filter(|l| !l.is_empty())
            .collect();
        let stripped: Vec<String> = rows.iter().map(|r| r.replace('.', "")).collect();
        let equal = |rows: &[String]| rows.iter().all(|r| r.len() == rows[0].len());
        let rows = if equal(&stripped) { stripped } else { rows };
        let mut goals = Vec::new();
        let cells = rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                row.chars()
                    .enumerate()
                    .map(|(c, ch)| {
                        if ch.is_ascii_uppercase() {
                            goals.push((r, c));
                        }
                        match ch.to_ascii_lowercase() {
                            'e' => Some(false),
                            'r' | 'y' | 'g' => Some(true),
                            _ => None,
                        }
                    })
                    .collect()
            })
            .collect();
        Grid {
            cells,
            diagonal,
            goal: kept(goals),
        }
    }

    fn at(&self, (r, c): (usize, usize)) -> Option<bool> {
        self.cells
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .flatten()
    }

    fn set(&mut self, (r, c): (usize, usize), stone: bool) {
        self.cells[r][c] = Some(stone);
    }

    fn stones(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (r, row) in self.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if *cell == Some(true) {
                    out.push((r, c));
                }
            }
        }
        out
    }

    /// Every line of three holes a jump can use, under the board's mode.
    fn lines(&self) -> Vec<[(usize, usize); 3]> {
        let mut out = Vec::new();
        let steps: &[(isize, isize)] = if self.diagonal {
            &[(0, 1), (1, 0), (1, 1), (1, -1)]
        } else {
            &[(0, 1), (1, 0)]
        };
        for (r, row) in self.cells.iter().enumerate() {
            for c in 0..row.len() {
                for (dr, dc) in steps {
                    let place = |k: isize| {
                        Some((r.checked_add_signed(dr * k)?, c.checked_add_signed(dc * k)?))
                    };
                    let (Some(a), Some(b), Some(z)) = (place(0), place(1), place(2)) else {
                        continue;
                    };
                    if [a, b, z].iter().all(|p| self.at(*p).is_some()) {
                        out.push([a, b, z]);
                    }
                }
            }
        }
        out
    }

    /// Plays `jump` as the game does, or says why it is not a legal jump.
    fn play(&mut self, jump: &Jump) -> Result<(), String> {
        let d = |a: usize, b: usize| b as isize - a as isize;
        let (dr, dc) = (d(jump.from.0, jump.over.0), d(jump.from.1, jump.over.1));
        let straight =
            (dr.abs() + dc.abs() == 1) || (self.diagonal && dr.abs() == 1 && dc.abs() == 1);
        if !straight {
            return Err(format!(
                "{jump:?}: not a neighbour in a direction of this mode"
            ));
        }
        if (d(jump.over.0, jump.to.0), d(jump.over.1, jump.to.1)) != (dr, dc) {
            return Err(format!("{jump:?}: not in a straight line"));
        }
        if self.at(jump.from) != Some(true) || self.at(jump.over) != Some(true) {
            return Err(format!("{jump:?}: no stone to jump or to jump over"));
        }
        if self.at(jump.to) != Some(false) {
            return Err(format!("{jump:?}: the hole behind is not empty"));
        }
        self.set(jump.from, false);
        self.set(jump.over, false);
        self.set(jump.to, true);
        Ok(())
    }
}

/// The goal the game keeps: the last found column by column, top to bottom.
fn kept(goals: Vec<(usize, usize)>) -> Option<(usize, usize)> {
    goals.into_iter().max_by_key(|(r, c)| (*c, *r))
}

/// Replays `moves` on the board of `text`; `Err` when one is not legal or the end is not a
/// win (one stone, on the goal where there is one).
fn replay(text: &str, moves: &[Jump]) -> Result<(), String> {
    let mut grid = Grid::parse(text);
    for (n, jump) in moves.iter().enumerate() {
        grid.play(jump)
            .map_err(|e| format!("jump {}: {e}", n + 1))?;
    }
    let stones = grid.stones();
    if stones.len() != 1 {
        return Err(format!("{} stones left", stones.len()));
    }
    if let Some(goal) = grid.goal
        && stones[0] != goal
    {
        return Err(format!(
            "the last stone is at {:?}, not on the goal {goal:?}",
            stones[0]
        ));
    }
    Ok(())
}

/// Checks an unsolvability proof on the board of `text`, by this file's own reading of it:
/// each position-class argument hole by hole; an exhaustive search by a search of its own
/// (small boards only).
fn check_proof(text: &str, proof: &Proof) {
    match proof {
        Proof::PositionClass {
            holes,
            start_odd,
            end_place,
        } => check_class_proof(text, holes, *start_odd, *end_place),
        Proof::NoEndInClass { witnesses, .. } => {
            let grid = Grid::parse(text);
            assert_eq!(grid.goal, None);
            let holes: usize = grid.cells.iter().flatten().filter(|c| c.is_some()).count();
            assert_eq!(witnesses.len(), holes, "an argument for every hole");
            for (end, set, start_odd) in witnesses {
                check_parity(&grid, set, *start_odd, *end);
            }
        }
        Proof::Exhaustive { .. } => {
            let grid = Grid::parse(text);
            assert!(grid.stones().len() <= 16, "a small board");
            assert!(!wins(grid), "a win exists");
        }
        Proof::NoStones => assert!(Grid::parse(text).stones().is_empty()),
        Proof::NoFirstJump => {
            let grid = Grid::parse(text);
            assert!(!grid.stones().is_empty());
            for [a, b, z] in grid.lines() {
                for (from, over, to) in [(a, b, z), (z, b, a)] {
                    let mut next = Grid {
                        cells: grid.cells.clone(),
                        diagonal: grid.diagonal,
                        goal: grid.goal,
                    };
                    assert!(
                        next.play(&Jump { from, over, to }).is_err(),
                        "a jump exists"
                    );
                }
            }
        }
    }
}

/// Whether some sequence of jumps wins, by trying them all (small boards only).
fn wins(grid: Grid) -> bool {
    let stones = grid.stones();
    if stones.len() == 1 {
        return grid.goal.is_none_or(|g| stones[0] == g);
    }
    for [a, b, z] in grid.lines() {
        for (from, over, to) in [(a, b, z), (z, b, a)] {
            let mut next = Grid {
                cells: grid.cells.clone(),
                diagonal: grid.diagonal,
                goal: grid.goal,
            };
            if next.play(&Jump { from, over, to }).is_ok() && wins(next) {
                return true;
            }
        }
    }
    false
}

/// Checks a position-class proof on the board of `text`: every line of three holes holds 0 or 2
/// of the proof's holes, and the parity of the stones there differs between the start and one
/// stone on the goal.
fn check_class_proof(text: &str, holes: &[(usize, usize)], start_odd: bool, end: (usize, usize)) {
    let grid = Grid::parse(text);
    assert_eq!(grid.goal, Some(end));
    check_parity(&grid, holes, start_odd, end);
}

/// Every line of three holes holds 0 or 2 of `holes`, the start has an odd number of stones
/// there when `start_odd`, and one stone on `end` the other parity.
fn check_parity(grid: &Grid, holes: &[(usize, usize)], start_odd: bool, end: (usize, usize)) {
    for line in grid.lines() {
        let count = line.iter().filter(|p| holes.contains(p)).count();
        assert!(
            count == 0 || count == 2,
            "{line:?} holds {count} of the holes"
        );
    }
    let on = grid.stones().iter().filter(|p| holes.contains(p)).count();
    assert_eq!(on % 2 == 1, start_odd);
    assert!(
        holes.contains(&end) != start_odd,
        "the goal alone has the other parity"
    );
}

// ---- the solver, through the board view ---------------------------------------------------

fn prepared(text: &str, path: &Path) -> Prepared {
    let doc = Document::new(detect(Some(path), text), text);
    let board = Board::new(&doc).expect("a peg board");
    Prepared::of(&board).expect("a board the game loads")
}

#[test]
fn corpus_verdicts_are_right_and_proved() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let root = root.join("pegsolitaire");
    let mut out = String::new();
    let files: Vec<PathBuf> = corpus::files_below(&root);
    assert_eq!(files.len(), 66);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let prepared = prepared(&text, &path);
        let has_goal = prepared.game.as_ref().unwrap().goal().is_some();
        let verdict = prepared.solve_limited(SNAPSHOT_POSITIONS);
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        let line = match &verdict {
            Verdict::Solvable(moves) => {
                replay(&text, moves).unwrap_or_else(|e| panic!("{name}: {e}"));
                format!("solvable in {} jumps (replayed)", moves.len())
            }
            Verdict::Unsolvable(proof) => {
                check_proof(&text, proof);
                format!("unsolvable: {}", proof_text(proof, has_goal, false))
            }
            Verdict::Unknown(why) => format!("unknown: {}", unknown_text(why)),
        };
        writeln!(out, "{name}: {line}").unwrap();
    }
    let expected_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/solve/corpus.expected");
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    if std::env::var_os("UPDATE_EXPECT").is_some() || expected.is_empty() {
        std::fs::write(&expected_path, &out).unwrap();
    }
    assert_eq!(
        expected, out,
        "the corpus verdicts changed (UPDATE_EXPECT=1 rewrites them)"
    );
}

/// The boards of the issue that the depth-first search alone left unknown at its memory bound
/// (French Solitaire, the English board with diagonal jumps, in every era of the corpus) are
/// won within `check`'s budget, by the beam search, and the wins replay.
#[test]
fn the_french_and_the_diagonal_english_boards_are_won_within_checks_budget() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let root = root.join("pegsolitaire");
    for era in ["v1", "v2", "v2-rev11"] {
        for name in [
            "French Solitaire.brd",
            "English Standard Board with diagonal moves.brd",
        ] {
            let path = root.join(era).join(name);
            let text = std::fs::read_to_string(&path).unwrap();
            let verdict = prepared(&text, &path).solve_limited(CHECK_POSITIONS);
            let Verdict::Solvable(moves) = &verdict else {
                panic!("{era}/{name}: {verdict:?}");
            };
            replay(&text, moves).unwrap_or_else(|e| panic!("{era}/{name}: {e}"));
            // The same board and budget, the same jumps; a larger budget carries on where a
            // smaller one stopped, so it finds the same win.
            assert_eq!(
                prepared(&text, &path).solve_limited(CHECK_POSITIONS),
                verdict
            );
            assert_eq!(
                prepared(&text, &path).solve_limited(SOLVE_POSITIONS),
                verdict
            );
        }
    }
}

/// A 13 × 13 board (169 holes, more than the search takes) with only the centre empty: the
/// position classes alone prove that no hole can hold the last stone. A board that large whose
/// classes do not decide it stays unknown, too large to search.
#[test]
fn position_classes_decide_boards_too_large_to_search() {
    let square = |n: usize, diagonal: bool| {
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| if (r, c) == (n / 2, n / 2) { '.' } else { 'o' })
                    .collect()
            })
            .collect();
        as_file(&rows.join(" "), diagonal)
    };
    let text = square(13, false);
    let verdict = prepared(&text, Path::new("Square.brd")).solve_limited(CHECK_POSITIONS);
    let Verdict::Unsolvable(proof) = &verdict else {
        panic!("{verdict:?}");
    };
    assert!(matches!(proof, Proof::NoEndInClass { .. }), "{proof:?}");
    check_proof(&text, proof);
    let text = square(13, true);
    assert_eq!(
        prepared(&text, Path::new("Square.brd")).solve_limited(CHECK_POSITIONS),
        Verdict::Unknown(Unknown::TooLarge { holes: 169 })
    );
}

/// The game declares a win only after a jump: a board whose only stone cannot jump, or whose
/// stones cannot, is lost at once, not won in 0 jumps.
#[test]
fn a_board_without_a_first_jump_is_not_won() {
    for drawing in ["..o..", "o.o.o _____ ..o..", "g.o"] {
        let text = as_file(drawing, false);
        let verdict = prepared(&text, Path::new("One.brd")).solve_limited(CHECK_POSITIONS);
        assert_eq!(
            verdict,
            Verdict::Unsolvable(Proof::NoFirstJump),
            "{drawing}"
        );
        check_proof(&text, &Proof::NoFirstJump);
    }
    assert_eq!(
        proof_text(&Proof::NoFirstJump, false, true),
        "no stone can make a first jump, so the game ends at once, and it counts a win only after \
a jump"
    );
}

#[test]
fn the_unsolvable_fixtures_are_proved() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/peg");
    let mut proved = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("unsolvable-") || !name.ends_with(".brd") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let verdict = prepared(&text, &path).solve_limited(SNAPSHOT_POSITIONS);
        let Verdict::Unsolvable(proof) = verdict else {
            panic!("{name}: {verdict:?}");
        };
        check_proof(&text, &proof);
        proved += 1;
    }
    assert_eq!(proved, 4);
}

/// A board drawn for the solver: `o` stone, `.` empty, `_` no hole; `g` the empty goal, `G`
/// the goal with a stone.
fn game(text: &str, diagonal: bool) -> Game {
    let mut goal = None;
    let rows: Vec<Vec<Field>> = text
        .split_whitespace()
        .enumerate()
        .map(|(r, line)| {
            line.chars()
                .enumerate()
                .map(|(c, ch)| match ch {
                    'o' => Field::Stone,
                    '.' => Field::Empty,
                    'g' => {
                        goal = Some((r, c));
                        Field::Empty
                    }
                    'G' => {
                        goal = Some((r, c));
                        Field::Stone
                    }
                    _ => Field::Blocked,
                })
                .collect()
        })
        .collect();
    Game::new(&rows, diagonal, goal).unwrap()
}

fn solve(game: &Game) -> Verdict {
    game.solve(SOLVE_POSITIONS, &|| false)
}

/// The search's budget is a count of positions, not a time: a board gets the same answer
/// however slowly the search runs (a busy machine, a slow one). Here every look at the
/// cancellation flag (every 4,096 positions) waits 150 ms, so each search below takes many
/// times what a time budget of the same size would have allowed; the answers are those of the
/// searches at full speed, moves and all, and say the budget, not how far the search got.
#[test]
fn the_verdict_does_not_depend_on_how_long_the_search_takes() {
    let looks = std::cell::Cell::new(0);
    let crawl = || {
        looks.set(looks.get() + 1);
        std::thread::sleep(std::time::Duration::from_millis(150));
        false
    };
    let budget = 20_000;
    let big = prepared(&boards::undecided_board(), Path::new("Big.brd"));
    let big = big.game.as_ref().unwrap();
    let quick = big.solve(budget, &|| false);
    assert_eq!(quick, Verdict::Unknown(Unknown::Positions { budget }));
    assert_eq!(
        unknown_text(&Unknown::Positions { budget }),
        "Retroboard could not tell within 20,000 positions whether this board can be won"
    );
    assert_eq!(big.solve(budget, &crawl), quick);
    assert_eq!(looks.replace(0), 4);

    // A board won only after a search of more than 4,096 positions (the corner start of the
    // English board, ending in the corner): the same winning jumps, crawling or not.
    let corner = game(&english_with((0, 2), 'g'), false);
    let Verdict::Solvable(moves) = corner.solve(SOLVE_POSITIONS, &|| false) else {
        panic!("the English board from a corner can be won")
    };
    let crawled = corner.solve(SOLVE_POSITIONS, &crawl);
    assert_eq!(crawled, Verdict::Solvable(moves));
    assert_eq!(looks.get(), 1);
}

/// A cancelled search gives no verdict (not "unknown within its budget"), and a verdict kept
/// from a larger search answers a smaller one in that one's own words.
#[test]
fn a_cancelled_search_says_nothing_and_kept_verdicts_answer_in_the_askers_budget() {
    let big = prepared(&boards::undecided_board(), Path::new("Big.brd"));
    // Kept by whoever keeps the store (the language server's session), nowhere else.
    let searched = retroboard::formats::Searched::default();
    let kept = Some(&searched);
    assert_eq!(
        big.solve(20_000, &|| true, kept),
        Verdict::Unknown(Unknown::Cancelled)
    );
    assert_eq!(
        big.cached(Some(20_000), kept),
        None,
        "a cancelled search is not kept"
    );
    assert_eq!(
        big.solve(20_000, &|| false, None),
        Verdict::Unknown(Unknown::Positions { budget: 20_000 })
    );
    assert_eq!(big.cached(Some(8_000), kept), None, "nothing kept it");
    assert_eq!(
        big.solve(20_000, &|| false, kept),
        Verdict::Unknown(Unknown::Positions { budget: 20_000 })
    );
    assert_eq!(
        big.cached(Some(8_000), kept),
        Some(Verdict::Unknown(Unknown::Positions { budget: 8_000 }))
    );
    assert_eq!(
        big.cached(Some(40_000), kept),
        None,
        "a larger search may tell"
    );
    let other = retroboard::formats::Searched::default();
    assert_eq!(big.cached(Some(8_000), Some(&other)), None, "another store");
}

const ENGLISH: [&str; 7] = [
    "__ooo__", "__ooo__", "ooooooo", "ooooooo", "ooooooo", "__ooo__", "__ooo__",
];

fn english_with(empty: (usize, usize), mark: char) -> String {
    let mut rows: Vec<Vec<char>> = ENGLISH.iter().map(|r| r.chars().collect()).collect();
    rows[empty.0][empty.1] = mark;
    rows.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board of a drawing as a version 2 file, for the independent checker.
fn as_file(drawing: &str, diagonal: bool) -> String {
    let mode = if diagonal { "diagonal" } else { "normal" };
    let rows: Vec<String> = drawing
        .split_whitespace()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'o' => 'y',
                    '.' => 'e',
                    'g' => 'E',
                    'G' => 'Y',
                    _ => '*',
                })
                .collect()
        })
        .collect();
    format!("version 2\nmode: {mode}\n{}\n", rows.join("\n"))
}

#[test]
fn known_boards() {
    // A row of five: oo.oo cannot end with one stone; oo.o. can.
    assert!(matches!(
        solve(&game("oo.oo", false)),
        Verdict::Unsolvable(_)
    ));
    let Verdict::Solvable(moves) = solve(&game("oo.o.", false)) else {
        panic!("oo.o. can be won");
    };
    replay(&as_file("oo.o.", false), &moves).unwrap();

    // The English board from the centre, ending in the centre: 31 jumps.
    let centre = english_with((3, 3), 'g');
    let Verdict::Solvable(moves) = solve(&game(&centre, false)) else {
        panic!("the English board can be won");
    };
    assert_eq!(moves.len(), 31);
    replay(&as_file(&centre, false), &moves).unwrap();

    // The English board from a corner hole, ending anywhere: solvable.
    let corner = english_with((0, 2), '.');
    let Verdict::Solvable(moves) = solve(&game(&corner, false)) else {
        panic!("the English board from a corner can be won");
    };
    replay(&as_file(&corner, false), &moves).unwrap();

    // The English board from the centre cannot end on a hole of another position class: the
    // goal at (0,2), a stone there at the start.
    let wrong_end = english_with((3, 3), '.').replacen('o', "G", 1);
    let verdict = solve(&game(&wrong_end, false));
    let Verdict::Unsolvable(Proof::PositionClass {
        holes,
        start_odd,
        end_place,
    }) = verdict
    else {
        panic!("the corner is in another position class than the centre: {verdict:?}");
    };
    assert_eq!(end_place, (0, 2));
    check_class_proof(&as_file(&wrong_end, false), &holes, start_odd, end_place);

    // The French 37-hole board from the centre, ending in the centre: the rule of three.
    let french = "__ooo__ _ooooo_ ooooooo ooogooo ooooooo _ooooo_ __ooo__";
    let verdict = solve(&game(french, false));
    let Verdict::Unsolvable(Proof::PositionClass {
        holes,
        start_odd,
        end_place,
    }) = verdict
    else {
        panic!("the French board from the centre is unsolvable by position class: {verdict:?}");
    };
    check_class_proof(&as_file(french, false), &holes, start_odd, end_place);
}

/// A position reached from one stone by playing backwards: `steps` reverse jumps chosen by
/// `choices` on the English board (reverse jump: a stone at `to` with `over` and `from` empty
/// puts stones on `from` and `over`).
fn backwards(start: (usize, usize), choices: &[usize]) -> String {
    let mut grid = Grid::parse(&as_file(&english_with((3, 3), '.'), false));
    for r in 0..7 {
        for c in 0..7 {
            if grid.at((r, c)).is_some() {
                grid.set((r, c), false);
            }
        }
    }
    grid.set(start, true);
    for choice in choices {
        let mut reverse = Vec::new();
        for [a, b, z] in grid.lines() {
            for (from, over, to) in [(a, b, z), (z, b, a)] {
                if grid.at(to) == Some(true)
                    && grid.at(over) == Some(false)
                    && grid.at(from) == Some(false)
                {
                    reverse.push((from, over, to));
                }
            }
        }
        if reverse.is_empty() {
            break;
        }
        let (from, over, to) = reverse[choice % reverse.len()];
        grid.set(to, false);
        grid.set(over, true);
        grid.set(from, true);
    }
    let rows: Vec<String> = grid
        .cells
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, cell)| match cell {
                    None => '_',
                    Some(true) => 'o',
                    Some(false) if (r, c) == start => 'g',
                    Some(false) => '.',
                })
                .collect()
        })
        .collect();
    rows.join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any position played backwards from one stone can be won, ending on that stone's hole.
    #[test]
    fn positions_played_backwards_are_solvable(
        start in 0usize..33,
        choices in proptest::collection::vec(0usize..1000, 1..14),
    ) {
        let holes: Vec<(usize, usize)> = (0..7)
            .flat_map(|r| (0..7).map(move |c| (r, c)))
            .filter(|(r, c)| ENGLISH[*r].as_bytes()[*c] == b'o')
            .collect();
        let drawing = backwards(holes[start], &choices);
        let verdict = solve(&game(&drawing, false));
        let Verdict::Solvable(moves) = verdict else {
            panic!("{drawing}: {verdict:?}");
        };
        replay(&as_file(&drawing, false), &moves).unwrap();
    }
}
