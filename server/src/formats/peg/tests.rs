//! Unit tests of the peg board view and checks, for what the fixtures cannot reach: files that
//! detection would not call peg boards (a client may still choose the format by language id),
//! the view's layout numbers, and a property test that nothing panics.

use proptest::prelude::*;

use super::view::{Board, Colour, DotRule, Kind, Version};
use crate::analysis::analyze;
use crate::findings::{Finding, Severity};
use crate::registry::FormatId;
use crate::syntax::Document;

fn doc(text: &str) -> Document {
    Document::new(Some(FormatId::PegBrd), text)
}

fn findings(text: &str) -> Vec<Finding> {
    analyze(&doc(text))
}

/// `(code, text under the range)` of every finding.
fn codes(text: &str) -> Vec<(&'static str, String)> {
    findings(text)
        .into_iter()
        .map(|f| (f.code, text.get(f.range.clone()).unwrap_or("?").to_string()))
        .collect()
}

fn board(text: &str) -> Board {
    Board::new(&doc(text)).expect("a board")
}

#[test]
fn v1_rows_come_from_the_width_not_the_lines() {
    let text = "1N~\r\n2E2!2\r\n22X2\r\n\r\n>2\r\n";
    let b = board(text);
    assert_eq!(b.version, Version::V1);
    assert_eq!(b.diagonal, Some(false));
    assert_eq!(b.width, Some(3));
    let rows: Vec<usize> = b.rows.iter().map(|r| r.len_counting_dots()).collect();
    assert_eq!(rows, [3, 3, 3]);
    let goal = b.goals().next().expect("a goal");
    assert_eq!((goal.row(), goal.index()), (2, 2));
    assert_eq!(goal.kind(), Kind::Stone(Colour::Yellow));
    assert_eq!(goal.goal_marker(), Some(20..21));
    assert!(findings(text).is_empty());
}

#[test]
fn v1_half_width_fields_shift_the_drawing() {
    let b = board("1D~\r\n**E!\r\n*22\r\n222\r\n");
    let e = &b.rows[0].get(2).unwrap();
    assert_eq!(e.kind(), Kind::Empty);
    assert_eq!(b.x_halves(e, DotRule::Counted), Some(2));
    let stone = &b.rows[1].get(1).unwrap();
    assert_eq!(b.x_halves(stone, DotRule::Counted), Some(1));
    assert_eq!(b.grid_column(stone, DotRule::Stripped), Some(1));
}

#[test]
fn v2_elements_know_both_dot_rules() {
    let text = "Version 2\r\nMode: Diagonal\r\n..R * *\r\n.g e *\r\ng g g\r\n";
    let b = board(text);
    assert_eq!(b.diagonal, Some(true));
    assert_eq!(b.dot_rule(), DotRule::Stripped);
    let r = &b.rows[0].get(2).unwrap();
    assert!(r.goal());
    assert_eq!((r.index(), r.stripped_index()), (2, Some(0)));
    assert_eq!(b.rows[0].indent, 2);
    assert_eq!(b.x_halves(r, DotRule::Stripped), Some(2));
    assert_eq!(b.x_halves(r, DotRule::Counted), Some(2));
    assert_eq!(
        b.x_halves(&b.rows[0].get(0).unwrap(), DotRule::Stripped),
        None
    );
    assert_eq!(b.rows[1].indent, 1);
    // A row of dots only has no shift, as in the game.
    let only_dots = board("version 2\nmode: normal\n...\ny e\n");
    assert_eq!(only_dots.rows[0].indent, 0);
    // Trailing dots shift left.
    let left = board("version 2\nmode: normal\ny y ..\n");
    assert_eq!(left.rows[0].indent, -2);
    assert_eq!(
        left.x_halves(&left.rows[0].get(1).unwrap(), DotRule::Stripped),
        Some(0)
    );
}

#[test]
fn element_at_finds_elements_and_markers() {
    let text = "1N~\r\n2>E2!\r\n222\r\n";
    let b = board(text);
    assert_eq!(b.element_at(6).map(|e| e.kind()), Some(Kind::Empty));
    assert_eq!(b.element_at(7).map(|e| e.kind()), Some(Kind::Empty));
    assert_eq!(b.element_at(9), None); // the `!`
    assert_eq!(b.element_at(3), None); // the line break
    assert_eq!(
        b.element_at(text.len() - 3).map(|e| (e.row(), e.index())),
        Some((1, 2))
    );
    assert_eq!(b.element_at(10_000), None);
}

#[test]
fn the_r11_rule_is_chosen_when_only_it_fits() {
    let b = board("version 2\nmode: diagonal\n..e\n.y y\ny y y\n");
    assert_eq!(b.dot_rule(), DotRule::Counted);
    assert!(findings("version 2\nmode: diagonal\n..e\n.y y\ny y y\n").is_empty());
}

#[test]
fn unsupported_versions_quote_the_game() {
    let found = codes("version 3\r\nmode: normal\r\ny y e\r\n");
    assert_eq!(found, [("peg/header", "3".to_string())]);
    let message = &findings("version 3\r\nmode: normal\r\ny y e\r\n")[0].message;
    assert!(message.contains("\"Level format invalid: Version not supported.\""));
    assert!(message.contains("not “version 3”"));

    let spaced = findings("version  2\nmode: normal\ny y e\n");
    assert_eq!(spaced.len(), 1);
    assert!(spaced[0].message.contains("exactly one space"));

    assert_eq!(
        codes("version\nmode: normal\ny y e\n"),
        [("peg/header", "version".to_string())]
    );
}

#[test]
fn blank_lines_before_the_version_line_are_an_error() {
    let found = findings("\r\n\r\nversion 2\r\nmode: normal\r\ny y e\r\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, "peg/header");
    assert_eq!(found[0].range, 0..4);
}

#[test]
fn a_file_of_one_line_lacks_its_mode_line() {
    let text = "Version 2";
    let found = findings(text);
    assert_eq!(found.len(), 2, "{found:?}");
    let header = found
        .iter()
        .find(|f| f.code == "peg/header")
        .expect("header");
    assert_eq!(header.range, 9..9);
    assert!(header.message.contains("the file ends after line 1"));
    assert!(found.iter().any(|f| f.code == "peg/empty-board"));
}

#[test]
fn a_marker_before_a_marker_is_an_error_but_the_second_marks_the_goal() {
    let text = "1N~\r\n2>>E2!\r\n222\r\n222\r\n";
    assert_eq!(codes(text), [("peg/goal-marker", ">".to_string())]);
    let b = board(text);
    assert_eq!(b.goals().count(), 1);
}

#[test]
fn a_marker_before_the_separator_is_an_error() {
    let text = "1N~\r\n2E2>!\r\n222\r\n222\r\n";
    assert_eq!(codes(text), [("peg/goal-marker", ">".to_string())]);
}

#[test]
fn syntax_errors_silence_the_whole_board_checks() {
    // A broken v1 header: the syntax errors say where it breaks.
    for text in ["1X~\r\nXX!XX\r\n", "1D\r\nXX!XX\r\n"] {
        let found = findings(text);
        assert!(
            found.iter().all(|f| f.code == "peg/syntax-error"),
            "{text:?}: {found:?}"
        );
        assert!(!found.is_empty(), "{text:?}");
    }
}

#[test]
fn a_first_line_that_starts_no_header_is_one_header_finding() {
    let found = findings("Hello\r\n* y\r\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].code, found[0].range.clone()),
        ("peg/header", 0..5)
    );
    assert!(
        found[0]
            .message
            .contains("not “Hello”: the header is missing")
    );

    let found = findings("\r\n Version 2\r\nMode: Normal\r\ny\r\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].code, found[0].range.clone()),
        ("peg/header", 2..12)
    );
    assert!(
        found[0]
            .message
            .starts_with("line 2 must be “version 2” (any case), or start with “1D~” or “1N~” for a version 1 board, not “ Version 2”: delete the blanks before “version”;"),
        "{}",
        found[0].message
    );

    // Lone CR line ends (classic Mac): the mode line first.
    let found = findings("Mode: Normal\ry y e\r");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].range, 0..12);
    assert!(
        found[0]
            .message
            .contains("this is the mode line: write “version 2” on the line above it")
    );
}

#[test]
fn diagonal_jumps_count_only_in_diagonal_mode() {
    let normal = "version 2\nmode: normal\ny * *\n* y *\n* * e\n";
    assert_eq!(codes(normal), [("peg/no-first-jump", "e".to_string())]);
    let diagonal = "version 2\nmode: diagonal\ny * *\n* y *\n* * e\n";
    assert!(findings(diagonal).is_empty());
}

#[test]
fn a_jump_under_either_dot_rule_is_enough() {
    // Counting dots the stones stand in column 2 above the empty slot; without dots they are
    // in column 0 and 1, yet the r11 grid allows the jump.
    let text = "version 2\nmode: normal\n. . y\n. . y\ne * *\n..* * e\n";
    let found = findings(text);
    assert!(
        found.iter().all(|f| f.code != "peg/no-first-jump"),
        "{found:?}"
    );
}

#[test]
fn boards_without_stones_or_empty_slots_say_so() {
    let no_empty = findings("1N~\r\n222!\r\n222\r\n222\r\n");
    assert_eq!(no_empty.len(), 1);
    assert!(no_empty[0].message.contains("no empty slot"));
    let no_stones = findings("version 2\nmode: normal\ne e\n* e\n");
    assert_eq!(no_stones.len(), 1);
    assert!(no_stones[0].message.contains("no stones"));
}

#[test]
fn many_invalid_elements_are_capped() {
    let text = format!("version 2\nmode: normal\n{}\n", "y\tx".repeat(200));
    let found = findings(&text);
    let invalid: Vec<&Finding> = found
        .iter()
        .filter(|f| f.code == "peg/invalid-element")
        .collect();
    assert_eq!(invalid.len(), 101);
    assert_eq!(invalid[100].severity, Severity::Information);
    assert!(
        invalid[100].message.starts_with("300 more"),
        "{}",
        invalid[100].message
    );
}

#[test]
fn two_unequal_rows_name_the_first_as_the_reference() {
    let found = findings("version 2\nmode: normal\ny e y\ny y\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, "peg/unequal-rows");
    assert!(
        found[0].message.contains("but row 1 has 3"),
        "{}",
        found[0].message
    );
}

#[test]
fn elements_stay_small() {
    assert!(std::mem::size_of::<super::view::Element>() <= 32);
}

#[test]
fn hover_shows_file_text_as_safe_code() {
    let text = "version 2\nmode: normal\ny`e <\n";
    let tick = super::hover::hover(&doc(text), 24, None, None).expect("a hover");
    assert!(
        tick.markdown
            .starts_with("**Invalid element** `` ` `` — row 1, column 2"),
        "{}",
        tick.markdown
    );
    let angle = super::hover::hover(&doc(text), 27, None, None).expect("a hover");
    assert!(
        angle.markdown.starts_with("**Invalid element** `<`"),
        "{}",
        angle.markdown
    );
}

#[test]
fn huge_boards_are_drawn_in_part_and_say_so() {
    let row = format!("{}\n", "y ".repeat(50));
    let text = format!("version 2\nmode: normal\n{}", row.repeat(60));
    let document = doc(&text);
    let board = super::board::board(&document, None, &findings(&text), None).expect("a board");
    let drawing = board.text.render();
    assert!(
        drawing.contains("only the first 40 of 60 rows are drawn"),
        "{drawing}"
    );
    assert!(
        drawing.contains("only the first 40 squares of a row are drawn"),
        "{drawing}"
    );
    assert!(
        drawing.lines().all(|l| l.chars().count() <= 80),
        "{drawing}"
    );
    assert!(
        board.title.contains("50 wide × 60 high, 3000 stones"),
        "{}",
        board.title
    );
}

const VALID: [&str; 4] = [
    "1N~\r\nXX222XX!\r\nXX222XX\r\n2222222\r\n222>E222\r\n2222222\r\nXX222XX\r\nXX222XX\r\n",
    "1D~\r\n****>E!\r\n***22\r\n**222\r\n*2222\r\n22222\r\n",
    "Version 2\r\nMode: Diagonal\r\n....e * * * *\r\n...y y * * *\r\n..y y y * *\r\n.y y y y *\r\ny y Y y y",
    "version 2\rmode: normal\r * * y y y * *\r y y y E y y y\r\r * * y y y * *\r",
];

/// Characters that matter to the grammar and the checks, and some that do not.
fn peg_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '1', 'D', 'N', '~', 'X', '*', 'E', '2', '3', '>', '!', '.', 'r', 'y', 'g', 'e', 'R',
            'Y', 'G', ' ', '\t', '\r', '\n', 'v', 'm', ':', 'é', '€',
        ]),
        any::<char>(),
    ]
}

/// Checks a text as a peg board and checks every finding's range; hovers at every offset and
/// builds the outline and the preview.
fn check_text(text: &str) {
    let found = findings(text);
    for f in &found {
        assert!(
            f.range.start <= f.range.end && f.range.end <= text.len(),
            "{f:?}"
        );
    }
    let document = doc(text);
    for offset in 0..=text.len() {
        if let Some(hover) = super::hover::hover(&document, offset, None, None) {
            assert!(hover.range.contains(&offset), "{offset}: {hover:?}");
            assert!(
                text.is_char_boundary(hover.range.start) && text.is_char_boundary(hover.range.end)
            );
        }
    }
    for symbol in super::outline::outline(&document) {
        assert!(symbol.range.end <= text.len(), "{symbol:?}");
    }
    if let Some(board) = super::board::board(&document, None, &found, None) {
        let _ = board.scene.to_svg();
        let _ = board.text.render();
    }
    // And the view alone, with every lookup.
    if let Some(b) = Board::new(&document) {
        for offset in 0..=text.len().min(64) {
            let _ = b.element_at(offset);
        }
        for e in b.elements() {
            let _ = b.x_halves(&e, DotRule::Counted);
            let _ = b.x_halves(&e, DotRule::Stripped);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(text in prop::collection::vec(peg_char(), 0..200)) {
        let text: String = text.into_iter().collect();
        check_text(&text);
    }

    #[test]
    fn mutated_boards_never_panic(
        seed in 0..VALID.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..4, peg_char()), 1..8),
    ) {
        let mut chars: Vec<char> = VALID[seed].chars().collect();
        for (at, op, ch) in edits {
            let len = chars.len();
            match op {
                0 if len > 0 => { chars.remove(at.index(len)); }
                1 => chars.insert(at.index(len + 1), ch),
                2 if len > 0 => chars[at.index(len)] = ch,
                _ => chars.insert(at.index(len + 1), ' '),
            }
        }
        let text: String = chars.into_iter().collect();
        check_text(&text);
    }
}

/// The budgets as a modder reads them: in the note on an undecided board and in the
/// explanation of its code, which names the budgets of `check` and `solve`.
#[test]
fn budgets_are_said_in_positions() {
    use super::solvability::{CHECK_POSITIONS, SOLVE_POSITIONS, positions_text, unknown_text};
    use super::solve::Unknown;
    assert_eq!(positions_text(1_000_000), "1 million positions");
    assert_eq!(positions_text(2_500_000), "2.5 million positions");
    assert_eq!(positions_text(1_234_567), "1,234,567 positions");
    assert_eq!(positions_text(20_000), "20,000 positions");
    assert_eq!(positions_text(1), "1 position");
    assert_eq!(
        unknown_text(&Unknown::Positions {
            budget: CHECK_POSITIONS
        }),
        "Retroboard could not tell within 1 million positions whether this board can be won"
    );
    let explanation = super::codes::UNKNOWN.docs;
    for budget in [CHECK_POSITIONS, SOLVE_POSITIONS] {
        assert!(
            explanation.contains(&format!("({}", positions_text(budget))),
            "{explanation}"
        );
    }
}
