//! Patience game definitions (`*.pat`, the Danish freeware "Patience"): a name, the number of
//! decks and piles, then one line of numbers per pile.
//!
//! * [`view`]: the typed view of a file (every number with its byte range);
//! * [`fields`]: what every field and digit means, per context, as data (checks and hover);
//! * [`checks`]: the checks; [`codes`]: their codes and explanations.
//!
//! [`file_name_findings`] checks the file name, when the document knows its path.

mod board;
pub mod cards;
pub mod checks;
pub mod codes;
mod complete;
pub mod deal;
mod deal_checks;
mod edit;
pub mod fields;
mod fixes;
mod format;
mod highlight;
mod hover;
mod navigate;
mod outline;
mod place;
pub mod play;
pub mod study;
pub mod view;
pub mod winnable;

use super::Format;
use crate::findings::{Code, Finding};
use crate::syntax::Document;

pub use view::GameView;

pub struct Game;

pub const CODES: &[&Code] = codes::CODES;

impl Format for Game {
    fn places(&self, doc: &Document, range: &std::ops::Range<usize>) -> Vec<String> {
        place::places(doc, range)
    }

    fn hover(
        &self,
        doc: &Document,
        offset: usize,
        files: &dyn super::Files,
    ) -> Option<crate::answers::Hover> {
        hover::hover(doc, offset, files.searched().map(|s| &**s))
    }

    fn highlights(&self, doc: &Document) -> Vec<crate::answers::Highlight> {
        highlight::highlights(doc)
    }

    fn completions(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn super::Files,
    ) -> Vec<crate::answers::Completion> {
        complete::completions(doc, offset)
    }

    fn outline(&self, doc: &Document) -> Vec<crate::answers::Symbol> {
        outline::outline(doc)
    }

    fn definition(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn super::Files,
    ) -> Vec<crate::answers::Target> {
        navigate::definition(doc, offset)
    }

    fn references(
        &self,
        doc: &Document,
        offset: usize,
        _files: &dyn super::Files,
        include_declaration: bool,
    ) -> Vec<crate::answers::Target> {
        navigate::references(doc, offset, include_declaration)
    }

    fn inlay_hints(
        &self,
        doc: &Document,
        range: std::ops::Range<usize>,
        options: &crate::answers::InlayOptions,
        _files: &dyn super::Files,
    ) -> Vec<crate::answers::InlayHint> {
        navigate::inlay_hints(doc, range, options)
    }

    /// Groups of pile lines between blank lines (the name and counts lines stay out).
    fn folds(&self, doc: &Document) -> Vec<crate::answers::Fold> {
        crate::syntax::line_runs(doc, |index, line| {
            (index >= 2 && !line.trim().is_empty()).then_some(crate::answers::FoldKind::Region)
        })
    }

    fn format(&self, doc: &Document) -> Vec<crate::findings::TextEdit> {
        format::format(doc)
    }

    fn board(
        &self,
        doc: &Document,
        _files: &dyn super::Files,
        findings: &[Finding],
    ) -> Option<crate::draw::Board> {
        Some(board::board(doc, findings))
    }

    fn board_actions(
        &self,
        doc: &Document,
        _files: &dyn super::Files,
        ids: &[&str],
    ) -> crate::draw::Palette {
        crate::draw::Palette::of_each(ids, |id| edit::actions(doc, id))
    }

    fn board_edit(
        &self,
        doc: &Document,
        _files: &dyn super::Files,
        id: &str,
        action: &str,
    ) -> Result<Vec<crate::findings::TextEdit>, String> {
        edit::edit(doc, id, action)
    }

    fn dealt_board(
        &self,
        doc: &Document,
        _files: &dyn super::Files,
        findings: &[Finding],
        seed: u64,
    ) -> Option<crate::draw::Board> {
        Some(board::dealt_board(doc, findings, seed))
    }

    fn game<'a>(
        &self,
        doc: &'a Document,
        files: &dyn super::Files,
        deal: u64,
    ) -> Option<Result<Box<dyn super::play::Game + 'a>, String>> {
        let game = play::game(doc, deal).map(|g| g.with_searched(files.searched().cloned()));
        Some(game.map(|g| Box::new(g) as Box<dyn super::play::Game>))
    }

    /// The background study of how often the game is won (an editor's hover and preview).
    fn slow_search(
        &self,
        doc: &Document,
        files: &dyn super::Files,
    ) -> Option<Box<dyn super::SlowSearch>> {
        study::slow_search(doc, files)
    }

    fn headline(&self, doc: &Document, files: &dyn super::Files) -> Option<String> {
        study::Known::of(doc, files.searched()?).headline()
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "name" => "the game name",
            "counts" => "the number of decks and the number of piles",
            "pile" => "a pile line (11 or 15 numbers)",
            "integer" => "a whole number",
            "trailing_text" | "text_line" => "text",
            _ => return None,
        })
    }

    fn describe_field(&self, field: &str) -> Option<&'static str> {
        Some(match field {
            "decks" => "number of decks",
            "piles" => "number of piles",
            _ => return None,
        })
    }

    fn check(&self, doc: &Document, findings: &mut Vec<Finding>) {
        checks::check(doc, &GameView::of(doc), findings);
        lost_header_line(doc, findings);
        if let Some(name) = doc.path().and_then(|p| p.file_name()) {
            findings.extend(file_name_findings(doc, &name.to_string_lossy()));
        }
    }
}

/// A game that lost its name line or its counts line (`decks piles`) is read by the game one line
/// off: the counts as the name, a pile as the counts. The findings of that misreading (a syntax
/// error, impossible counts) are replaced by one that says which line is missing.
fn lost_header_line(doc: &Document, findings: &mut Vec<Finding>) {
    let rope = doc.rope();
    let line = |i: usize| {
        if i >= rope.len_lines() {
            return String::new();
        }
        let text = rope.line(i).to_string();
        text.trim_end_matches(['\r', '\n']).to_string()
    };
    let (first, second) = (line(0), line(1));
    let numbers = |t: &str| {
        t.split_whitespace()
            .filter(|f| f.parse::<i64>().is_ok())
            .count()
    };
    let is_counts = |t: &str| numbers(t) == 2 && t.split_whitespace().count() == 2;
    let (code, at, message) = if numbers(&first) >= 6 {
        (
            codes::NAME,
            0,
            "line 1 is a pile line: the name line and the counts line “decks piles” are missing, \
so the game reads this pile as the game's name and the next one as the counts; write the name on \
line 1 and the counts (e.g. “1 13”) on line 2, above the piles",
        )
    } else if is_counts(&first) && numbers(&second) >= 6 {
        (
            codes::NAME,
            0,
            "line 1 is the counts line “decks piles” and line 2 a pile line: the name line is \
missing, so the game reads the counts as the game's name and the stock as the counts; write the \
game's name above line 1",
        )
    } else if !first.trim().is_empty() && numbers(&second) >= 6 {
        (
            codes::COUNTS_MISSING,
            1,
            "line 2 must hold the number of decks and the number of piles (e.g. “1 13”), but it \
is a pile line: the counts line is missing, so the game reads the stock as the counts; insert \
“decks piles” as line 2",
        )
    } else {
        return;
    };
    let head_end = rope.line_to_byte(2.min(rope.len_lines()));
    findings.retain(|f| f.code == codes::FILE_NAME.name || f.range.start >= head_end);
    let start = rope.line_to_byte(at);
    let end = start + line(at).len();
    findings.push(Finding::new(code, start..end, message.to_string()));
    findings.sort_by_key(|f| (f.range.start, f.range.end));
}

/// The findings about a game's file name (a path or a bare name; only its last component is
/// looked at): Patience splits statistics file names (`<game>-<player>.pst`) at `-`, so a game's
/// file name must not contain one, and the program lists only `.pat` files. They point at the
/// name on line 1 (or the start of the file when line 1 is empty).
pub fn file_name_findings(doc: &Document, file_name: &str) -> Vec<Finding> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    if base.is_empty() {
        return Vec::new();
    }
    let at = name_range(doc);
    let mut found = Vec::new();
    if base.contains('-') {
        let suggestion = base.replace('-', " ");
        found.push(Finding::new(
            codes::FILE_NAME,
            at.clone(),
            format!(
                "the file name “{base}” contains “-”, but Patience names each player's \
statistics “<game>-<player>.pst” and splits those names at “-”: rename the file without “-”, \
e.g. “{suggestion}” (spaces are fine)"
            ),
        ));
    }
    let is_pat = base
        .rsplit_once('.')
        .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("pat"));
    if !is_pat {
        found.push(Finding::new(
            codes::FILE_NAME,
            at,
            format!(
                "the file name “{base}” does not end in “.pat”, and Patience lists only the games \
in .pat files: rename it to end in .pat"
            ),
        ));
    }
    found
}

/// The game's name on line 1 (blanks at its ends left out), or the start of the file.
fn name_range(doc: &Document) -> std::ops::Range<usize> {
    let Some(tree) = doc.tree() else {
        return 0..0;
    };
    let root = tree.root_node();
    let Some(line) = root.child(0).filter(|n| n.kind() == "name_line") else {
        return 0..0;
    };
    let range = line.byte_range();
    let text = doc.slice(range.clone());
    let leading = text.len() - text.trim_start().len();
    let trimmed = text.trim().len();
    if trimmed == 0 {
        return range;
    }
    range.start + leading..range.start + leading + trimmed
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use proptest::prelude::*;

    use super::codes::*;
    use super::fields::{Context, Written, decode, explain, field_doc};
    use super::*;
    use crate::analysis::analyze;
    use crate::findings::Severity;
    use crate::registry::FormatId;
    use crate::registry::detect;

    const MYSTERIET: &str = include_str!("../../../../examples/Mysteriet.pat");

    fn doc(text: &str) -> Document {
        Document::new(Some(FormatId::PatienceGame), text)
    }

    /// (range, code, message) of every finding, syntax errors included.
    fn findings(text: &str) -> Vec<(std::ops::Range<usize>, &'static str, String)> {
        analyze(&doc(text))
            .into_iter()
            .map(|f| (f.range, f.code, f.message))
            .collect()
    }

    fn codes(text: &str) -> Vec<&'static str> {
        findings(text).into_iter().map(|f| f.1).collect()
    }

    #[test]
    fn every_example_game_checks_clean() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
        let mut checked = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let (text, _) = crate::text::decode(&std::fs::read(&path).unwrap()).unwrap();
            if detect(Some(&path), &text) != Some(FormatId::PatienceGame) {
                continue;
            }
            let doc = doc(&text);
            assert_eq!(analyze(&doc), [], "{}", path.display());
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert_eq!(file_name_findings(&doc, &name), [], "{name}");
            checked.push(name);
        }
        checked.sort();
        assert_eq!(
            checked,
            [
                "FreeCell.pat",
                "Klondike.pat",
                "Mysteriet.pat",
                "Spider.pat"
            ]
        );
    }

    #[test]
    fn mysteriet_reads_as_the_spec_describes_it() {
        let doc = doc(MYSTERIET);
        let view = GameView::new(&doc);
        assert_eq!(view.name.as_ref().unwrap().text, "Mysteriet");
        assert_eq!(view.decks(), Some(2));
        assert_eq!(view.piles.len(), 34);
        let stock = view.stock().unwrap();
        assert!(stock.is_stock());
        assert_eq!(stock.value(1), Some(104));
        assert_eq!(stock.value(11), Some(2));
        let first_foundation = &view.piles[5];
        assert_eq!(first_foundation.lay_digit(2), Some(6));
        assert_eq!(first_foundation.value(1), Some(1));
        assert_eq!(view.piles[9].value(1), Some(0));
        // Every number has its own range, on its own line.
        let field_9 = view.piles[2].field(9).unwrap();
        assert_eq!(doc.slice(field_9.range.clone()), "2001");
        assert_eq!(view.pile_at(field_9.range.start).map(|p| p.number), Some(3));
        let (slot, number) = view.piles[2].number_at(field_9.range.start + 1).unwrap();
        assert_eq!(number, field_9);
        let slot = slot.unwrap();
        assert_eq!(
            (slot.context, slot.field, slot.index),
            (Context::Pile, 9, 8)
        );
        assert_eq!(slot.doc().unwrap().pattern, "edcba");
    }

    #[test]
    fn a_second_rule_set_makes_fields_12_to_15() {
        let text = "Spider\n2 2\n104 4 4 0 0 0 999 0 1 0 0\n\
6 4 110 0 0 1 0 1 32 999 1304 2 2 999 104\n";
        let view = GameView::new(&doc(text));
        let pile = &view.piles[1];
        assert_eq!(pile.rule_set_mode(), 1);
        assert_eq!(pile.expected_len(), 15);
        assert_eq!(pile.rule_set_2_field(11).and_then(|n| n.value), Some(104));
        let slot = pile.slot(12).unwrap();
        assert_eq!((slot.context, slot.field), (Context::RuleSet2, 9));
        assert_eq!(pile.slot(15), None);
        assert_eq!(codes(text), [""; 0]);
    }

    #[test]
    fn digits_are_read_from_the_right_in_context() {
        let field_11 = field_doc(Context::Pile, 11).unwrap();
        let d = decode(field_11, 1304, Written::of("1304"));
        let outer = d.outer.unwrap();
        assert_eq!((outer.value, outer.span), (1, Some(0..1)));
        let digits: Vec<_> = d.digits.iter().map(|r| (r.doc.letter, r.value)).collect();
        assert_eq!(digits, [("a", 4), ("b", 0), ("c", 3)]);
        assert!(d.digits.iter().all(|r| r.meaning.is_some()));

        // 13 as field 10: suit digit b is not written, so 0, which is no suit.
        let field_10 = field_doc(Context::Pile, 10).unwrap();
        let d = decode(field_10, 13, Written::of("13"));
        assert_eq!(d.digits[0].span, Some(0..2));
        assert_eq!((d.digits[1].value, &d.digits[1].span), (0, &None));
        assert!(d.digits[1].meaning.is_none());
        assert!(decode(field_10, 999, Written::of("999")).whole.is_some());

        // Stock-only values of c are known, but not allowed on another pile.
        let pile_6 = field_doc(Context::Pile, 6).unwrap();
        let d = decode(pile_6, 102, Written::of("0102"));
        assert_eq!(d.digits[2].span, Some(1..2));
        assert!(!d.digits[2].meaning.unwrap().allowed());
        let stock_6 = field_doc(Context::Stock, 6).unwrap();
        assert!(
            decode(stock_6, 102, Written::of("102")).digits[2]
                .meaning
                .unwrap()
                .allowed()
        );

        // Leading signs and zeros keep the digits in place.
        let w = Written::of("-0602");
        assert_eq!((w.sign, w.digits), (true, 4));
        assert!(decode(pile_6, -602, w).negative);

        // Rule set 2 has no thousands: 1304 there has a digit too many.
        let set_2 = field_doc(Context::RuleSet2, 11).unwrap();
        let d = decode(set_2, 1304, Written::of("1304"));
        assert_eq!(d.excess, Some((1, 0..1)));
    }

    #[test]
    fn hover_words_for_a_number() {
        let field_6 = field_doc(Context::Pile, 6).unwrap();
        assert_eq!(
            explain(field_6, 602, Written::of("602")),
            [
                "field 6 `dcba`: how the cards lie",
                "d = 0: From here: cards ending elsewhere are replaced from the stock.",
                "c = 6: The foundation value is determined by the first card laid out. Field 1 \
must be 1 on the first pile with c = 6 and 0 on the following ones: only the first card is \
dealt. There may well be several foundation values.",
                "b = 0: Vertical cards (most frequently).",
                "a = 2: All cards show the image.",
            ]
        );
        let field_8 = field_doc(Context::Pile, 8).unwrap();
        let lines = explain(field_8, 3731, Written::of("3731"));
        assert_eq!(
            lines[1],
            "cc = 37: A mark (1–4, 0 = none) plus 5 × a mask (1–15, 0 = none). A pile with a mask cannot receive cards from piles whose marks fit the mask (mask bit 1 blocks mark 1, bit 2 mark 2, bit 4 mark 3, bit 8 mark 4); the pile itself may also have a mark."
        );
        assert_eq!(
            lines[2],
            "   mark 2, mask 7 (blocks cards from piles with mark 1+2+3)"
        );
        let field_11 = field_doc(Context::Pile, 11).unwrap();
        let lines = explain(field_11, 1999, Written::of("1999"));
        assert_eq!(lines[2], "999: Any card.");
        let stock_9 = field_doc(Context::Stock, 9).unwrap();
        assert_eq!(
            explain(stock_9, 999, Written::of("999"))[1],
            "999: Unlimited."
        );
    }

    #[test]
    fn line_1_is_the_name() {
        let piles = "1 2\n52 4 4 0 0 0 999 1 999 0 2\n0 83 4 0 0 2 13 1 1 901 106\n";
        let found = findings(&format!("\n{piles}"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].0.clone(), found[0].1), (0..0, NAME.name));
        let found = findings(&format!("   \r\n{piles}"));
        assert_eq!((found[0].0.clone(), found[0].1), (0..3, NAME.name));
        assert!(found[0].1 == NAME.name && found.len() == 1);
        assert_eq!(codes(&format!("Klondike\n{piles}")), [""; 0]);
        // A name alone is not a game.
        let found = findings("Klondike\r\n\r\n");
        assert_eq!(
            (found[0].0.clone(), found[0].1, found.len()),
            (8..8, COUNTS_MISSING.name, 1)
        );
    }

    #[test]
    fn windows_1252_names_and_crlf_read_correctly() {
        let bytes = b"Kabaledj\xe6velen p\xe5 \xc6r\xf8\r\n1 2\r\n52 4 4 0 0 0 999 1 999 0 2\r\n\
0 83 4 0 0 2 13 1 1 901 106\r\n";
        let (text, _) = crate::text::decode(bytes).unwrap();
        let doc = doc(&text);
        let view = GameView::new(&doc);
        assert_eq!(view.name.unwrap().text, "Kabaledjævelen på Ærø");
        assert_eq!(view.piles[1].value(11), Some(106));
        assert_eq!(analyze(&doc), []);
    }

    #[test]
    fn text_after_the_counts_is_ignored_by_the_game() {
        let text =
            "Klondike\n1 2 (one deck)\n52 4 4 0 0 0 999 1 999 0 2\n0 83 4 0 0 2 13 1 1 901 106\n";
        let found = findings(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1, TRAILING_TEXT.name);
        assert_eq!(&text[found[0].0.clone()], "(one deck)");
    }

    #[test]
    fn a_broken_head_gives_no_follow_up_errors() {
        // The stock line stands where the counts line should: one finding says the counts line
        // is missing (not the syntax error and the impossible counts of reading it one line off).
        let text = "Klondike\n52 4 4 0 0 0 999 1 999 0 2\n0 83 4 0 0 2 13 1 1 901 106\n";
        let found = findings(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].0.clone(), found[0].1),
            (9..35, COUNTS_MISSING.name)
        );
        // The name line lost: the counts are line 1.
        let text = "1 2\n52 4 4 0 0 0 999 1 999 0 2\n0 83 4 0 0 2 13 1 1 901 106\n";
        let found: Vec<_> = findings(text).into_iter().map(|f| (f.0, f.1)).collect();
        assert_eq!(found, [(0..3, NAME.name)]);
        // Both lost: the stock is line 1.
        let text = "52 4 4 0 0 0 999 1 999 0 2\n0 83 4 0 0 2 13 1 1 901 106\n";
        let found: Vec<_> = findings(text).into_iter().map(|f| (f.0, f.1)).collect();
        assert_eq!(found, [(0..26, NAME.name)]);
        // A missing number of piles: the piles are still checked, their count is not.
        let text = "Klondike\n1\n52 4 4 0 0 0 999 1 999 0 2\n0 83 4 0 0 2 13 1 1 901 106\n";
        assert_eq!(codes(text), ["patience/syntax-error"]);
        let text = "Klondike\n1\n50 4 4 0 0 0 999 1 999 0 2\n";
        assert_eq!(
            codes(text),
            [
                UNWINNABLE.name,
                "patience/syntax-error",
                STOCK_SIZE.name,
                STOCK_FIELD.name
            ]
        );
    }

    #[test]
    fn extra_numbers_on_the_counts_line_are_only_a_syntax_error() {
        let stock = " 52   4   4   0   0    0  13   1  999   0   0\r\n";
        assert_eq!(
            codes(&format!("Mysteriet æøå\r\n  1   1\r\n{stock}")),
            [""; 0]
        );
        let found = findings(&format!("Mysteriet æøå\r\n  1   1 7 9\r\n{stock}"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "patience/syntax-error");
    }

    #[test]
    fn the_file_name_must_not_contain_a_hyphen() {
        let doc = doc(MYSTERIET);
        let found = file_name_findings(&doc, "games/Mysteriet-2.pat");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, FILE_NAME.name);
        assert_eq!(found[0].severity, Severity::Warning);
        assert_eq!(found[0].range, 0..9);
        assert!(
            found[0].message.contains("“Mysteriet 2.pat”"),
            "{}",
            found[0].message
        );
        assert_eq!(file_name_findings(&doc, "my-games\\Mysteriet.pat"), []);
        assert_eq!(file_name_findings(&doc, "Kabaledjævelen 2.PAT"), []);
        let found = file_name_findings(&doc, "Mysteriet.txt");
        assert_eq!((found.len(), found[0].code), (1, FILE_NAME.name));
        assert!(found[0].message.contains(".pat"));
        assert_eq!(file_name_findings(&doc, "a-b").len(), 2);
        // Without a name line the findings point at the start of the file.
        let empty = super::tests::doc("\n1 1\n52 4 4 0 0 0 13 1 999 0 0\n");
        assert_eq!(file_name_findings(&empty, "x-y.pat")[0].range, 0..0);
    }

    fn assert_range(text: &str, range: &std::ops::Range<usize>, what: &dyn std::fmt::Debug) {
        assert!(
            range.start <= range.end && range.end <= text.len(),
            "{what:?}"
        );
        assert!(text.is_char_boundary(range.start), "{what:?}");
        assert!(text.is_char_boundary(range.end), "{what:?}");
    }

    /// Findings, outline entries and highlights must lie inside the text, on character
    /// boundaries, highlights in order; the board must draw, and stay small.
    fn assert_sound(text: &str) {
        let doc = doc(text);
        let found = analyze(&doc);
        for f in &found {
            assert_range(text, &f.range, f);
        }
        let _ = file_name_findings(&doc, "a-b.pat");
        fn walk(text: &str, symbols: &[crate::answers::Symbol]) {
            for s in symbols {
                assert_range(text, &s.range, s);
                assert_range(text, &s.selection, s);
                assert!(
                    s.range.start <= s.selection.start && s.selection.end <= s.range.end,
                    "{s:?}"
                );
                walk(text, &s.children);
            }
        }
        walk(text, &Game.outline(&doc));
        let mut end = 0;
        for h in Game.highlights(&doc) {
            assert!(end <= h.start && h.start < h.end, "{h:?}");
            assert_range(text, &(h.start..h.end), &h);
            end = h.end;
        }
        let board = Game
            .board(&doc, &crate::formats::DiskFiles, &found)
            .unwrap();
        assert!(board.scene.to_svg().len() < 2_000_000);
        assert!(board.text.render().lines().count() < 500);
    }

    /// Hover at every byte offset answers inside the text, on character boundaries.
    fn assert_hover_everywhere(text: &str) {
        let doc = doc(text).with_path(Some(std::path::PathBuf::from("/nonexistent/Game.pat")));
        let files = crate::formats::DiskFiles;
        for offset in 0..=text.len() {
            if let Some(hover) = Game.hover(&doc, offset, &files) {
                assert_range(text, &hover.range, &hover);
            }
            for target in crate::ide::references(&doc, offset, &files, true) {
                assert_range(text, &target.range, &target);
            }
            // Hints for the cursor's line, as VS Code asks.
            let options = crate::answers::InlayOptions {
                patience: crate::answers::HintPlaces::Cursor,
                ..Default::default()
            };
            for hint in Game.inlay_hints(&doc, offset..offset, &options, &files) {
                assert_range(text, &(hint.offset..hint.offset), &hint);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn random_text_never_panics(text in "\\PC{0,300}") {
            assert_sound(&text);
        }

        #[test]
        fn random_number_soup_never_panics(
            text in "[0-9 \\-\\r\\næa.]{0,400}"
        ) {
            assert_sound(&text);
        }

        #[test]
        fn huge_numbers_never_make_huge_drawings(
            fields in proptest::collection::vec(
                prop_oneof![
                    Just("9223372036854775807".to_string()),
                    Just("-9223372036854775808".to_string()),
                    Just("99999999999999999999".to_string()),
                    (-200i64..3000).prop_map(|n| n.to_string()),
                ],
                11..45,
            )
        ) {
            let line = fields.join(" ");
            let text = format!("Huge\n8 150\n{line}\n{line}\n{line}\n");
            assert_sound(&text);
        }

        #[test]
        fn mutated_games_never_panic(
            edits in proptest::collection::vec(
                (any::<prop::sample::Index>(), 0usize..6, "[0-9 \\-\\r\\nxæ]{0,3}|9999999999999999999999"),
                1..8,
            )
        ) {
            let mut text = MYSTERIET.to_string();
            for (at, delete, insert) in edits {
                let start = at.index(text.len() + 1);
                crate::test_support::replace_at_boundaries(&mut text, start, start + delete, &insert);
            }
            assert_sound(&text);
        }
    }

    proptest! {
        // Hover builds the view for every offset: fewer and shorter texts keep this quick.
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn hover_at_every_offset_never_panics(
            soup in "[0-9 \\-\\r\\næa.]{0,200}",
            edits in proptest::collection::vec(
                (any::<prop::sample::Index>(), 0usize..6, "[0-9 \\-\\r\\nxæ]{0,3}|9999999999999999999999"),
                1..8,
            )
        ) {
            assert_hover_everywhere(&soup);
            let head: String = MYSTERIET.lines().take(8).map(|l| format!("{l}\n")).collect();
            let mut text = head;
            for (at, delete, insert) in edits {
                let start = at.index(text.len() + 1);
                crate::test_support::replace_at_boundaries(&mut text, start, start + delete, &insert);
            }
            assert_hover_everywhere(&text);
        }
    }
}
