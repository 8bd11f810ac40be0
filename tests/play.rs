//! Games played through `retroboard play`: each `tests/play/**/<case>.play` names a file
//! (`file: PATH` from the repository's root, or `corpus:PATH` in the real-file corpus), the
//! moves (`moves: …`), a deal (`deal: SEED`) and whether to ask for a hint (`hint`); its
//! `.expected` beside it holds the exit status, what was printed and what was said on stderr.
//! `UPDATE_EXPECT=1 cargo test --test play` writes the `.expected` files: read them before
//! committing.
//!
//! And properties of the rules engines over generated boards: every peg jump takes exactly one
//! stone, and every legal move the engine lists is one it plays.

#[path = "support/corpus.rs"]
mod corpus;

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use retroboard::formats::DiskFiles;
use retroboard::formats::play::Status;
use retroboard::registry::FormatId;
use retroboard::syntax::Document;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap()
}

fn cases(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            cases(&path, out);
        } else if path.extension().is_some_and(|e| e == "play") {
            out.push(path);
        }
    }
}

struct Case {
    file: PathBuf,
    moves: String,
    deal: Option<String>,
    hint: bool,
}

/// The case, or `None` when its file is in a corpus that is not here (see `corpus_dir`).
fn read_case(path: &Path) -> Option<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut case = Case {
        file: PathBuf::new(),
        moves: String::new(),
        deal: None,
        hint: false,
    };
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        if let Some(file) = line.strip_prefix("file: ") {
            case.file = match file.strip_prefix("corpus:") {
                Some(inside) => corpus::corpus_dir()?.join(inside),
                None => repo().join(file),
            };
        } else if let Some(moves) = line.strip_prefix("moves: ") {
            case.moves = moves.to_string();
        } else if let Some(deal) = line.strip_prefix("deal: ") {
            case.deal = Some(deal.to_string());
        } else if line == "hint" {
            case.hint = true;
        } else {
            panic!("{}: unknown line {line:?}", path.display());
        }
    }
    Some(case)
}

fn run(case: &Case) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_retroboard"));
    command
        .arg("play")
        .arg(&case.file)
        .arg("--moves")
        .arg(&case.moves);
    if let Some(deal) = &case.deal {
        command.arg("--deal").arg(deal);
    }
    if case.hint {
        command.arg("--hint");
    }
    let out = command.output().unwrap();
    let mut shown = format!("exit {}\n", out.status.code().unwrap_or(-1));
    shown.push_str(&String::from_utf8_lossy(&out.stdout));
    if !out.stderr.is_empty() {
        shown.push_str("--- stderr\n");
        shown.push_str(&String::from_utf8_lossy(&out.stderr));
    }
    shown
}

#[test]
fn every_case_plays_as_expected() {
    let mut paths = Vec::new();
    cases(&repo().join("tests/play"), &mut paths);
    assert!(paths.len() >= 10, "the play cases are missing");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut wrong = Vec::new();
    for path in paths {
        let Some(case) = read_case(&path) else {
            continue;
        };
        let shown = run(&case);
        let expected_path = path.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &shown).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != shown {
            wrong.push(format!(
                "{}:\n--- expected\n{expected}--- played\n{shown}",
                path.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_file_that_is_no_game_is_refused_in_one_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(["play"])
        .arg(repo().join("tests/fixtures/crossmines/clean.pat"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("is not a game Retroboard plays"),
        "{stderr}"
    );
}

/// On every real board the solver wins within a small budget, its jumps played one by one
/// through the rules engine end the game won, on the goal where the board has one: the
/// solver and the engine read the rules alike.
#[test]
fn the_solvers_wins_are_won_when_played() {
    use retroboard::formats::peg::solvability::Prepared;
    use retroboard::formats::peg::solve::Verdict;
    use retroboard::formats::peg::view::Board;
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let mut won = 0;
    for path in corpus::files_below(&corpus.join("pegsolitaire")) {
        let bytes = std::fs::read(&path).unwrap();
        let (text, _) = retroboard::text::decode(&bytes).unwrap();
        let doc = Document::new(Some(FormatId::PegBrd), &text).with_path(Some(path.clone()));
        let Some(prepared) = Board::new(&doc).as_ref().and_then(Prepared::of) else {
            continue;
        };
        let Verdict::Solvable(jumps) = prepared.solve_limited(20_000) else {
            continue;
        };
        let moves: Vec<String> = jumps
            .iter()
            .map(|j| {
                format!(
                    "{},{}-{},{}",
                    j.from.0 + 1,
                    j.from.1 + 1,
                    j.to.0 + 1,
                    j.to.1 + 1
                )
            })
            .collect();
        let played = retroboard::play::play(&doc, &DiskFiles, 1, &moves, false)
            .unwrap_or_else(|why| panic!("{}: {why}", path.display()));
        assert_eq!(played.refused, None, "{}", path.display());
        assert_eq!(
            played.status,
            Status::Won,
            "{}: {}",
            path.display(),
            played.message
        );
        assert!(
            !played.message.contains("not on the goal"),
            "{}: {}",
            path.display(),
            played.message
        );
        won += 1;
    }
    assert!(won >= 20, "only {won} corpus boards were won");
}

/// A generated peg board: `rows` rows of `columns` fields, each a stone, an empty hole or a
/// locked field.
fn peg_board() -> impl Strategy<Value = String> {
    (2usize..6, 2usize..7, any::<bool>()).prop_flat_map(|(rows, columns, diagonal)| {
        proptest::collection::vec(
            prop_oneof![4 => Just('y'), 2 => Just('e'), 1 => Just('*')],
            rows * columns,
        )
        .prop_map(move |fields| {
            let mode = if diagonal { "Diagonal" } else { "Normal" };
            let mut text = format!("Version 2\nMode: {mode}\n");
            for row in fields.chunks(columns) {
                let row: Vec<String> = row.iter().map(char::to_string).collect();
                text.push_str(&row.join(" "));
                text.push('\n');
            }
            text
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every legal jump the engine lists is played, takes exactly one stone, and a game ends
    /// won only with one stone left.
    #[test]
    fn every_peg_jump_takes_exactly_one_stone(text in peg_board(), picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..40)) {
        let doc = Document::new(Some(FormatId::PegBrd), &text);
        let spec = retroboard::formats::spec(FormatId::PegBrd);
        let mut game = spec.game(&doc, &DiskFiles, 1).expect("a game").expect("playable");
        // The board's lines of the text drawing (a row's number, then glyphs and spaces only),
        // their stones counted.
        let stones = |game: &dyn retroboard::formats::play::Game| {
            game.board()
                .text
                .render()
                .lines()
                .map(|l| l.trim_start().trim_start_matches(|c: char| c.is_ascii_digit()))
                .filter(|l| l.starts_with(' ') && l.chars().all(|c| " yYoO-.".contains(c)))
                .map(|l| l.chars().filter(|c| c.eq_ignore_ascii_case(&'y')).count())
                .sum::<usize>()
        };
        for pick in picks {
            let moves = game.moves();
            if moves.is_empty() {
                prop_assert_ne!(game.status(), Status::Playing);
                break;
            }
            let before = stones(&*game);
            let chosen = pick.get(&moves).clone();
            prop_assert!(game.play(&chosen).is_ok(), "{chosen} is listed but refused");
            prop_assert_eq!(stones(&*game), before - 1);
        }
        if game.status() == Status::Won {
            prop_assert_eq!(stones(&*game), 1);
        }
    }
}

proptest! {
    // A game of up to 60 moves, each drawn: fewer cases than a peg board's.
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every Othello move the engine lists is played, and every placement turns at least one
    /// chip: the mover gains the chip placed and one turned at least, the other loses one.
    #[test]
    fn every_othello_move_turns_a_chip(picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..60)) {
        let bytes = std::fs::read(repo().join("examples/Opening.bord")).unwrap();
        let (text, _) = retroboard::text::decode(&bytes).unwrap();
        let doc = Document::new(Some(FormatId::OthelloBord), &text);
        let spec = retroboard::formats::spec(FormatId::OthelloBord);
        let mut game = spec.game(&doc, &DiskFiles, 1).expect("a game").expect("playable");
        // "Opening.bord — Black 2, White 2": the board's title counts the chips.
        let counts = |game: &dyn retroboard::formats::play::Game| {
            let title = game.board().title;
            let (_, score) = title.split_once(" — ").unwrap();
            let numbers: Vec<usize> = score
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().unwrap())
                .collect();
            (numbers[0], numbers[1])
        };
        let mut black_to_move = true;
        for pick in picks {
            let moves = game.moves();
            if moves.is_empty() {
                prop_assert_ne!(game.status(), Status::Playing);
                break;
            }
            let (black, white) = counts(&*game);
            let chosen = pick.get(&moves).clone();
            prop_assert!(game.play(&chosen).is_ok(), "{chosen} is listed but refused");
            let (black_after, white_after) = counts(&*game);
            if chosen != "pass" {
                let (mover, mover_after, other, other_after) = if black_to_move {
                    (black, black_after, white, white_after)
                } else {
                    (white, white_after, black, black_after)
                };
                prop_assert!(mover_after >= mover + 2, "{chosen}: {mover} -> {mover_after}");
                prop_assert_eq!(other - other_after, mover_after - mover - 1);
            }
            black_to_move = !black_to_move;
        }
    }
}
