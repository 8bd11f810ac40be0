//! Patience games played: the example games dealt and played a few moves through
//! `retroboard::play::play` (each game's `tests/patience-play/<Game>.expected` holds the
//! position reached, the legal moves and the board as text); random legal moves never lose or
//! duplicate a card; every win `solve` claims replays through the engine from its deal; and
//! `retroboard solve GAME.pat --json` follows its contract.
//!
//! `UPDATE_EXPECT=1 cargo test --test patience_play` rewrites the `.expected` files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use retroboard::formats::DiskFiles;
use retroboard::formats::patience::play::{Move, game};
use retroboard::formats::patience::winnable::{Outcome, rate};
use retroboard::formats::play::{Game, Status};
use retroboard::play::play;
use retroboard::registry::{FormatId, detect};
use retroboard::syntax::Document;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn load(path: &Path) -> Document {
    let text = std::fs::read_to_string(path).unwrap();
    Document::new(detect(Some(path), &text), &text).with_path(Some(path.to_path_buf()))
}

fn example(name: &str) -> Document {
    load(&examples().join(format!("{name}.pat")))
}

/// Plays `count` moves from deal `seed`, each time the first legal move not yet tried from a
/// position seen (so the moves go somewhere), replaying from the start each time as the
/// editors do.
fn first_moves(doc: &Document, seed: u64, count: usize) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..count {
        let played = play(doc, &DiskFiles, seed, &moves, false).unwrap();
        assert!(played.refused.is_none());
        seen.insert(played.text.clone());
        let next = played.moves.iter().find(|m| {
            let mut more = moves.clone();
            more.push((*m).clone());
            let after = play(doc, &DiskFiles, seed, &more, false).unwrap();
            !seen.contains(&after.text)
        });
        match next {
            Some(m) => moves.push(m.clone()),
            None => break,
        }
    }
    moves
}

#[test]
fn the_examples_deal_and_play() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/patience-play");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for name in ["Klondike", "Spider", "FreeCell", "Mysteriet"] {
        let doc = example(name);
        let moves = first_moves(&doc, 1, 6);
        assert!(!moves.is_empty(), "{name}: no move from deal 1");
        // The hint searches: FreeCell's finds a win at once, the others' would only take long.
        let played = play(&doc, &DiskFiles, 1, &moves, name == "FreeCell").unwrap();
        assert_eq!(played.status, Status::Playing, "{name}");
        // Every pile of the board is an element a click names, as in the preview.
        assert!(played.source_map.iter().any(|e| e.id == "pile:2"), "{name}");
        let hint = played.hint.as_ref().map_or_else(String::new, |hint| {
            format!(
                "hint: {} ({})\n",
                hint.next.as_deref().unwrap_or("none"),
                hint.reason
            )
        });
        let got = format!(
            "moves played: {}\nmessage: {}\nlegal now: {}\n{hint}\n{}",
            moves.join(" "),
            played.message,
            played.moves.join(" "),
            played.text
        );
        let path = dir.join(format!("{name}.expected"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(got.as_str()) {
            failures.push(format!("{name}: got\n{got}"));
        }
        // A refused move names its rule and leaves the position as it was.
        let mut wrong = moves.clone();
        wrong.push("1>1".to_string());
        let refused = play(&doc, &DiskFiles, 1, &wrong, false).unwrap();
        assert_eq!(refused.refused.as_ref().unwrap().index, moves.len());
        assert_eq!(refused.text, played.text);
    }
    assert!(
        failures.is_empty(),
        "{}\n(UPDATE_EXPECT=1 rewrites them)",
        failures.join("\n\n")
    );
}

#[test]
fn a_crossmines_pattern_is_no_game() {
    let doc = example("FourAndEight");
    let why = play(&doc, &DiskFiles, 1, &[], false).unwrap_err();
    assert!(why.contains("a Crossmines pattern is not a game"), "{why}");
}

#[test]
fn the_cli_plays_and_refuses_with_the_rule() {
    let klondike = examples().join("Klondike.pat");
    let run = |moves: &str| {
        Command::new(env!("CARGO_BIN_EXE_retroboard"))
            .args([
                "play",
                klondike.to_str().unwrap(),
                "--deal",
                "1",
                "--moves",
                moves,
            ])
            .output()
            .unwrap()
    };
    let out = run("7>9 s 7>8");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "retroboard: move 3 (7>8) is not allowed: pile 7 holds 0 cards, not 1\n"
    );
    let out = run("7>8");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "retroboard: move 1 (7>8) is not allowed: pile 8 takes on its top card only down by 1, \
alternating colours, not beyond the ace/king limit, and 7♣ on 2♣ is not (field 11 = 304)\n"
    );
    let out = run("7>9");
    assert_eq!(out.status.code(), Some(0));
}

/// Every card of every deck, once, across the piles.
fn assert_conserved(piles: &[Vec<retroboard::formats::patience::play::Laid>], decks: usize) {
    let mut seen: HashMap<(u8, u32), usize> = HashMap::new();
    for pile in piles {
        for laid in pile {
            *seen.entry((laid.card.deck, laid.card.kind())).or_default() += 1;
        }
    }
    assert_eq!(seen.len(), 52 * decks);
    assert!(seen.values().all(|n| *n == 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random legal moves, on each example, never lose or duplicate a card, and every move
    /// listed as legal is played.
    #[test]
    fn legal_moves_keep_every_card(
        which in 0usize..4,
        seed in 1u64..1000,
        picks in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let (name, decks) = [("Klondike", 1), ("Spider", 2), ("FreeCell", 1), ("Mysteriet", 2)][which];
        let doc = example(name);
        let mut g = game(&doc, seed).unwrap();
        assert_conserved(&g.position().piles, decks);
        for pick in picks {
            let legal = g.moves();
            if legal.is_empty() {
                prop_assert_ne!(g.status(), Status::Playing);
                break;
            }
            let mv = &legal[usize::from(pick) % legal.len()];
            prop_assert!(g.play(mv).is_ok(), "{} refused its own legal move {}", name, mv);
            assert_conserved(&g.position().piles, decks);
        }
    }
}

fn field() -> impl Strategy<Value = i64> {
    prop_oneof![
        0i64..10,
        10i64..100,
        100i64..1000,
        Just(999i64),
        1000i64..100_000,
        -5i64..0,
        Just(i64::MAX),
    ]
}

fn pile_line() -> impl Strategy<Value = String> {
    (
        0i64..15,
        -120i64..300,
        -120i64..300,
        -2i64..20,
        -2i64..20,
        proptest::collection::vec(field(), 6),
        proptest::collection::vec(field(), 4),
    )
        .prop_map(|(n, x, y, v, w, game, second)| {
            let fields: Vec<String> = game.iter().map(i64::to_string).collect();
            let tail: Vec<String> = second.iter().map(i64::to_string).collect();
            format!(
                "{n} {x} {y} {v} {w} {} {}",
                fields.join(" "),
                tail.join(" ")
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Any game, however odd its fields: dealt, played by random legal moves, drawn, hinted
    /// and searched, without a panic, keeping every card.
    #[test]
    fn odd_games_play_without_losing_cards(
        decks in 1usize..4,
        stock in proptest::collection::vec(field(), 6),
        piles in proptest::collection::vec(pile_line(), 0..12),
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u16>(), 0..40),
    ) {
        let stock: Vec<String> = stock.iter().map(i64::to_string).collect();
        let text = format!(
            "Odd\n{decks} {}\n{} 4 4 0 0 {}\n{}\n",
            piles.len() + 1,
            52 * decks,
            stock.join(" "),
            piles.join("\n")
        );
        let doc = Document::new(Some(FormatId::PatienceGame), &text);
        let Ok(mut g) = game(&doc, seed) else { return Ok(()) };
        assert_conserved(&g.position().piles, decks);
        for pick in picks {
            let legal = g.moves();
            if legal.is_empty() {
                break;
            }
            let mv = &legal[usize::from(pick) % legal.len()];
            prop_assert!(g.play(mv).is_ok(), "refused its own legal move {}", mv);
            assert_conserved(&g.position().piles, decks);
            // Moves the engine does not list are refused with a reason, or played.
            let _ = g.play(&format!("{}>{}", pick % 15, pick % 7));
            assert_conserved(&g.position().piles, decks);
        }
        let _ = (g.summary(), g.status(), g.board(), g.hint(300));
    }
}

/// Replays a win from its deal through `play` (the same path as `retroboard play`).
fn replays(doc: &Document, seed: u64, line: &[Move]) {
    let moves: Vec<String> = line.iter().map(|m| m.notation()).collect();
    let played = play(doc, &DiskFiles, seed, &moves, false).unwrap();
    assert!(
        played.refused.is_none(),
        "seed {seed}: {:?}",
        played.refused
    );
    assert_eq!(
        played.status,
        Status::Won,
        "seed {seed}: {}",
        played.message
    );
}

#[test]
fn every_win_the_search_claims_replays() {
    for (name, deals, budget) in [
        ("FreeCell", 6, 30_000),
        ("Klondike", 3, 4_000),
        ("Spider", 1, 4_000),
    ] {
        let doc = example(name);
        let report = rate(&doc, deals, budget).unwrap();
        assert_eq!(report.deals.len() as u64, deals);
        let mut wins = 0;
        for deal in &report.deals {
            assert!(deal.positions <= budget);
            if let Outcome::Won(line) = &deal.outcome {
                replays(&doc, deal.seed, line);
                wins += 1;
            }
        }
        if name == "FreeCell" {
            assert!(wins >= 5, "FreeCell won only {wins} of {deals}");
        }
    }
}

#[test]
fn the_hint_keeps_a_win_reachable() {
    let doc = example("FreeCell");
    let mut g = game(&doc, 3).unwrap();
    for _ in 0..200 {
        if g.status() == Status::Won {
            return;
        }
        // 20,000 Patience positions: a hint's budget counts peg positions, forty to one.
        let hint = g.hint(20_000 * 40);
        let next = hint
            .next
            .unwrap_or_else(|| panic!("no hint: {}", hint.reason));
        g.play(&next).unwrap();
    }
    panic!("the hints did not win deal 3");
}

#[test]
fn solve_json_follows_the_contract() {
    let freecell = examples().join("FreeCell.pat");
    let out = Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(["solve", "--json", "--deals", "3", "--positions", "50000"])
        .arg(&freecell)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["deals"], 3);
    assert_eq!(value["budget"], 50000);
    let count = |k: &str| value[k].as_u64().unwrap();
    assert_eq!(count("won") + count("lost") + count("unknown"), 3);
    let mut seeds: Vec<u64> = ["won", "lost", "unknown"]
        .iter()
        .flat_map(|k| {
            value["seeds"][k]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_u64().unwrap())
        })
        .collect();
    seeds.sort();
    assert_eq!(seeds, [1, 2, 3]);
    let out = Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(["solve", "--deals", "2", "--positions", "50000"])
        .arg(&freecell)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "won 2 of 2 deals (seeds 1–2), 0 proven lost, 0 unknown within 50,000 positions each"
        ),
        "{text}"
    );
    // A peg board has no deals.
    let board = examples().join("English Standard.brd");
    let out = Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(["solve", "--deals", "2"])
        .arg(&board)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--deals is for Patience games"));
}

#[test]
fn hostile_games_play_in_bounded_time() {
    for text in [
        // Huge counts, weird fields, piles that cover each other, no winning condition.
        "Huge\n8 5\n416 4 4 0 0 2 999 1000 999 1 2\n0 4 4 0 0 2 999 9 9 999 999\n\
9223372036854775807 4 4 1 1 7 -5 999 99999 999 9999999 9 9 9 9\n\
400 4 4 0 0 2 999 9 99 999 6999 9 9 9 9\n0 -99999 -99999 0 0 2 0 0 0 0 0\n",
        "X\n1 2\n52 4 4 0 0 0 999 1 999 0 7\n-5 4 4 0 0 9 999 -3 -3 -3 -3\n",
        "Empty\n1 1\n52 4 4 0 0 0 999 0 0 0 0\n",
    ] {
        let doc = Document::new(Some(FormatId::PatienceGame), text);
        let Ok(mut g) = game(&doc, 1) else { continue };
        for _ in 0..30 {
            let legal = g.moves();
            let Some(mv) = legal.first() else { break };
            g.play(mv).unwrap();
            let _ = (g.summary(), g.status(), g.board());
        }
        let _ = g.hint(2_000);
        let _ = rate(&doc, 2, 2_000);
    }
}

/// `play --hint` searches the deal from its start as an editor's study of the game does: the
/// hint is the first move of that win, and the next hint, after it, the next move of the same win.
#[test]
fn the_hint_follows_the_win_of_the_deal() {
    let doc = example("FreeCell");
    let mut moves: Vec<String> = Vec::new();
    for left in [107, 106, 105] {
        let played = play(&doc, &DiskFiles, 1, &moves, true).unwrap();
        let hint = played.hint.unwrap();
        assert_eq!(
            hint.reason,
            format!("A win from here: {left} moves reach it.")
        );
        moves.push(hint.next.unwrap());
    }
    assert_eq!(moves[0], "16>11");
}
