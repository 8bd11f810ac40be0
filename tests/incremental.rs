//! Random edit sequences applied incrementally give the same text, the same tree and the same
//! findings as a fresh parse of the final text, whether the document is parsed after every edit
//! (as typed) or only once at the end.

use proptest::prelude::*;
use retroboard::analysis::analyze;
use retroboard::registry::FormatId;
use retroboard::syntax::Document;

#[path = "support/edits.rs"]
mod edits;

use edits::Edit;

/// A small valid file of every format, to edit from.
const SEEDS: &[(FormatId, &str)] = &[
    (
        FormatId::CrossminesPattern,
        "1\r\nJohn\r\n4 and 8\r\nSquares\r\n48\r\n48\r\n4\r\n4\r\n4\r\n4\r\n..11\r\n2211\r\n22..\r\n0-#.\r\n",
    ),
    (
        FormatId::PatienceGame,
        "Mysteriet\r\n  2  34\r\n104   4   4   0   0    0 999   1  999   0   2  (1) (stock)\r\n  0   4 108   0   2    2 999   1    0   0   0\r\n\r\n  1  83 310   0  16    2 999   1 2001 999 114\r\n",
    ),
    (
        FormatId::OthelloBord,
        "30\r2\rD4E5D5E4\r000000000000000000000000000WB000000BW000000000000000000000000000\r\u{a9} 1996 Yellow Lemon Software\r",
    ),
    (
        FormatId::ColossusMap,
        "15 8\t\t\n# map\n1\tP\t2\tARROWS\t1000\tARCH\t0\tARROW\t7\t5\n2 W 3 ARROWS 7 ARCH 0 ARROW 8 5\n",
    ),
    (
        FormatId::ColossusTer,
        "B green Brush true 1 Gargoyle 2 Cyclops\n\nT black Tower false 0 Anything 3 Centaur -1 Titan 1 Warlock\nACQUIRABLE 100 Angel 500 Archangel\n",
    ),
    (
        FormatId::ColossusCre,
        "#NAME POWER\nAngel 6 4 false true false false false false false false false false true true false 18 Angels\n",
    ),
    (
        FormatId::ColossusBattleland,
        "0 4 p 1 0 s\n5 3 p 2 0 s 3 s 4 c 5s\n3 1 p 1 \n",
    ),
    (
        FormatId::ColossusVar,
        "# variant\nMAP:Default.map\nCRE: Default.cre\nTER:Default.ter\n",
    ),
    (
        FormatId::PegBrd,
        "Version 2\r\nMode: Normal\r\n* * y y y * *\r\n* * y Y y * *\r\n",
    ),
    (
        FormatId::PegBrd,
        "1D~\r\nXX222XX!\r\nXX222XX\r\n2222>E22\r\n",
    ),
];

const PIECES: &[&str] = &[
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "1",
    "-9",
    "x",
    "T",
    "ARROW",
    "true",
    "#c",
    "é",
    "𝄞",
    ".",
    "MAP:",
    "!",
    ">",
    "Version 2",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn incremental_equals_fresh(seed in 0..SEEDS.len(), edits in proptest::collection::vec(Edit::strategy(PIECES, 4, 6), 1..12), typed in any::<bool>()) {
        let (format, start) = SEEDS[seed];
        let mut doc = Document::new(Some(format), start);
        let mut expected = start.to_string();
        for e in &edits {
            let replaced = e.apply(&mut expected);
            doc.edit(replaced, &e.insert);
            prop_assert_eq!(doc.text(), expected.clone());
            if typed {
                doc.tree();
            }
        }
        let fresh = Document::new(Some(format), &expected);
        prop_assert_eq!(
            doc.tree().unwrap().root_node().to_sexp(),
            fresh.tree().unwrap().root_node().to_sexp()
        );
        prop_assert_eq!(analyze(&doc), analyze(&fresh));
    }
}

/// Edits of the VAR seed, each parsed as typed, after which the last line's syntax error was
/// worded without what the line could start with (“expected MAP:, CRE:, TER: or DEPEND: …”)
/// when only the line before the error was parsed again.
#[test]
fn an_error_reads_the_same_however_it_was_typed() {
    let edits: &[(usize, usize, &str)] = &[
        (7903, 5, "\r\n"),
        (295, 5, ""),
        (105, 4, "-9true"),
        (2988, 5, "\r#c"),
        (6435, 1, "#c\r\r"),
        (492, 2, "\r"),
        (6975, 3, ""),
        (1, 0, "𝄞"),
        (1856, 0, ""),
    ];
    let (format, start) = SEEDS[7];
    let mut doc = Document::new(Some(format), start);
    let mut expected = start.to_string();
    for &(at, delete, insert) in edits {
        let edit = Edit {
            at,
            delete,
            insert: insert.to_string(),
        };
        let replaced = edit.apply(&mut expected);
        doc.edit(replaced, insert);
        doc.tree();
    }
    let fresh = Document::new(Some(format), &expected);
    assert_eq!(analyze(&doc), analyze(&fresh));
    let messages: Vec<String> = analyze(&doc).into_iter().map(|f| f.message).collect();
    assert_eq!(
        messages,
        ["unexpected “efault.te”; expected MAP:, CRE:, TER: or DEPEND: or the end of the line"]
    );
}
