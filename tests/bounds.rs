//! Every format reads at most its bound (`Format::bound`): a longer text gets one
//! `retroboard/too-large` at the first line past it, and everything Retroboard derives (tree,
//! findings, hover, outline, colours, preview) covers the lines up to it alone, however large
//! the text. These inputs took gigabytes and minutes when files were modelled whole.

#[path = "../benches/support/generate.rs"]
#[allow(dead_code)]
mod generate;

use retroboard::analysis::analyze_with;
use retroboard::findings::{Finding, MAX_PER_CODE};
use retroboard::formats::DiskFiles;
use retroboard::registry::FormatId;
use retroboard::syntax::Document;

const TOO_LARGE: &str = "retroboard/too-large";

/// The findings of a text, checked that the bound held: one too-large at the cut, the tree
/// ending at the cut, and few findings.
fn read_up_to_the_bound(format: FormatId, text: &str) -> (Document, Vec<Finding>) {
    let doc = Document::new(Some(format), text);
    let bound = doc.bound().expect("every format has a bound");
    let cut = doc.cut().expect("the text is past its bound");
    let read = doc.rope();
    assert_eq!(read.len_bytes(), cut, "{format:?}");
    assert!(cut <= bound.bytes, "{format:?}: {cut} bytes read");
    assert!(read.len_lines() - 1 <= bound.lines, "{format:?}");
    assert!(
        cut == 0 || matches!(text.as_bytes()[cut - 1], b'\n' | b'\r'),
        "{format:?}: cut at a line start"
    );
    let tree = doc.tree().expect("the text read is parsed");
    assert!(tree.root_node().end_byte() <= cut, "{format:?}");
    let findings = analyze_with(&doc, &DiskFiles);
    let too_large: Vec<_> = findings.iter().filter(|f| f.code == TOO_LARGE).collect();
    assert_eq!(too_large.len(), 1, "{format:?}: {findings:?}");
    assert_eq!(too_large[0].range, cut..cut, "{format:?}");
    assert!(
        findings.iter().all(|f| f.range.end <= cut),
        "{format:?}: a finding past the bound"
    );
    // Each code at most MAX_PER_CODE findings and a note; a format has a few dozen codes.
    assert!(findings.len() <= 5 * (MAX_PER_CODE + 1), "{format:?}");
    (doc, findings)
}

/// Issue #19: a 16.6 MB peg file of `.` lines took 26.8 s and 5 GB, and a hover on it killed
/// the server. Now its first 1 000 lines are read.
#[test]
fn a_16_mb_peg_file_of_dots_is_read_up_to_its_bound() {
    let text = ".\n".repeat(8_300_000);
    let (doc, findings) = read_up_to_the_bound(FormatId::PegBrd, &text);
    assert_eq!(doc.cut(), Some(2_000));
    let too_large = findings.iter().find(|f| f.code == TOO_LARGE).unwrap();
    assert_eq!(
        too_large.message,
        "this file has 8 300 000 lines (15.8 MB); a peg solitaire board has a header and a few \
rows (the boards that ship have at most 81 holes), so Retroboard reads only its first 1 000 \
lines (2 KB): nothing after this line is checked, outlined, coloured or drawn"
    );
    assert_eq!(
        retroboard::ide::hover(&doc, 8_000_000, &DiskFiles),
        None,
        "past the bound"
    );
    let _ = retroboard::ide::hover(&doc, 1_000, &DiskFiles);
    assert!(
        retroboard::ide::highlights(&doc)
            .iter()
            .all(|h| h.end <= 2_000)
    );
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    assert!(
        preview.svg.len() < 1024 * 1024,
        "{} bytes",
        preview.svg.len()
    );
}

/// Issue #19: 10 MB of blank lines took 2-4 GB. Every format reads its bound of them.
#[test]
fn ten_mb_of_blank_lines_are_read_up_to_the_bound_in_every_format() {
    let text = "\n".repeat(10 * 1024 * 1024);
    for format in FormatId::ALL {
        let (doc, _) = read_up_to_the_bound(format, &text);
        assert_eq!(doc.cut(), doc.bound().map(|b| b.lines), "{format:?}");
        assert!(retroboard::ide::outline(&doc).len() <= doc.bound().unwrap().lines);
    }
}

/// Issue #19: `render -o x.png` of a 10 MB CRE ran 161 s and 7.8 GB, then aborted. Its
/// drawing now holds the creatures up to the bound (so the PNG rasterises a bounded SVG).
#[test]
fn a_10_mb_cre_is_drawn_up_to_its_bound() {
    let text = generate::colossus_cre(10 * 1024 * 1024);
    let (doc, _) = read_up_to_the_bound(FormatId::ColossusCre, &text);
    let preview = retroboard::render::preview(&doc, &DiskFiles);
    let creatures = preview.svg.matches("Creature").count();
    assert!(creatures > 0 && creatures <= 2 * 500, "{creatures}");
    assert!(
        preview.svg.len() < 4 * 1024 * 1024,
        "{} bytes",
        preview.svg.len()
    );
}

/// The benchmarks' generated 10 MB and 16 MB inputs of every family.
#[test]
fn the_generated_large_inputs_are_read_up_to_their_bounds() {
    for (name, format, make) in generate::LARGE {
        for megabytes in [10, 16] {
            let text = make(megabytes * 1000 * 1000);
            let (doc, findings) = read_up_to_the_bound(*format, &text);
            assert!(
                !retroboard::ide::highlights(&doc).is_empty(),
                "{name}: coloured"
            );
            let last = findings.last().map_or(0, |f| f.range.start);
            assert!(last <= doc.cut().unwrap(), "{name}");
        }
    }
}

/// A text within its bound is read whole and gets no too-large.
#[test]
fn a_text_at_its_bound_is_read_whole() {
    let text = "\n".repeat(100);
    let doc = Document::new(Some(FormatId::OthelloBord), &text);
    assert_eq!(doc.cut(), None);
    assert_eq!(doc.rope().len_bytes(), 100);
    let findings = analyze_with(&doc, &DiskFiles);
    assert!(findings.iter().all(|f| f.code != TOO_LARGE), "{findings:?}");
    let one_more = Document::new(Some(FormatId::OthelloBord), &"\n".repeat(101));
    assert_eq!(one_more.cut(), Some(100));
}
