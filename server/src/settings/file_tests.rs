use std::path::Path;

use super::*;
use crate::findings::{Severity, apply_edits};
use crate::settings::UNUSED;

const PATH: &str = "/mod/retroboard.toml";

fn found(text: &str) -> Vec<Finding> {
    findings(Path::new(PATH), text, &[], &[])
}

/// The text after the fix titled `title` of `finding`.
fn fixed(text: &str, finding: &Finding, title: &str) -> String {
    let fix = finding
        .fixes
        .iter()
        .find(|f| f.title == title)
        .unwrap_or_else(|| panic!("no fix {title:?} in {:?}", finding.fixes));
    apply_edits(text, &fix.edits).unwrap()
}

#[test]
fn a_misspelt_code_in_rules_is_mended_by_the_one_nearest_code() {
    let text = "[rules]\n\"colossus/missing-towr\" = \"off\"\n";
    let [problem] = found(text).try_into().unwrap();
    assert_eq!(problem.code, CONFIG);
    assert_eq!(&text[problem.range.clone()], "colossus/missing-towr");
    assert_eq!(
        problem.message,
        "\u{201c}colossus/missing-towr\u{201d} is no code Retroboard reports: did you mean \
\u{201c}colossus/missing-tower\u{201d}? (“retroboard explain” lists them); the checks use the \
default settings until it is fixed"
    );
    let [fix] = problem.fixes.as_slice() else {
        panic!("{:?}", problem.fixes)
    };
    assert!(fix.preferred);
    assert_eq!(fix.title, "Replace with 'colossus/missing-tower'");
    assert_eq!(
        fixed(text, &problem, &fix.title),
        "[rules]\n\"colossus/missing-tower\" = \"off\"\n"
    );
}

#[test]
fn a_code_in_the_wrong_family_or_a_bare_key_finds_its_code() {
    for (text, after) in [
        (
            "[rules]\n\"patience/grid-width\" = \"off\"\n",
            "[rules]\n\"crossmines/grid-width\" = \"off\"\n",
        ),
        (
            "[rules]\n'colosus/missing-tower' = \"off\"\n",
            "[rules]\n'colossus/missing-tower' = \"off\"\n",
        ),
        (
            "[rules]\nchip-total = \"off\"\n",
            "[rules]\n\"othello/chip-total\" = \"off\"\n",
        ),
        (
            "[[overrides]]\nfiles = [\"*\"]\nrules = { \"othello/chip-totl\" = \"hint\" }\n",
            "[[overrides]]\nfiles = [\"*\"]\nrules = { \"othello/chip-total\" = \"hint\" }\n",
        ),
    ] {
        let [problem] = found(text).try_into().unwrap();
        let preferred: Vec<_> = problem.fixes.iter().filter(|f| f.preferred).collect();
        assert_eq!(preferred.len(), 1, "{text}: {:?}", problem.fixes);
        assert_eq!(fixed(text, &problem, &preferred[0].title), after);
    }
}

#[test]
fn several_equally_near_codes_are_offered_and_none_preferred() {
    // Every family has a syntax-error: a code of no family is as near to each.
    let text = "[rules]\n\"syntax-error\" = \"off\"\n";
    let [problem] = found(text).try_into().unwrap();
    assert!(problem.fixes.len() > 1, "{:?}", problem.fixes);
    assert!(problem.fixes.iter().all(|f| !f.preferred));
    assert!(
        problem.message.contains("did you mean \u{201c}"),
        "{}",
        problem.message
    );
    // Nothing near: no fix, and the message as before.
    let text = "[rules]\n\"colossus/nothing-at-all-here\" = \"off\"\n";
    let [problem] = found(text).try_into().unwrap();
    assert_eq!(problem.fixes, []);
    assert!(
        problem.message.starts_with(
            "\u{201c}colossus/nothing-at-all-here\u{201d} is no code Retroboard reports \
(“retroboard explain”"
        ),
        "{}",
        problem.message
    );
}

#[test]
fn a_misspelt_code_in_a_suppress_entry_is_mended_inside_its_quotes() {
    let text = "[[suppress]]\nfile = \"a.pat\"\ncode = \"patience/foundation-valu\"\n\
place = \"pile:7\"\nreason = \"why\"\n";
    let [problem] = found(text).try_into().unwrap();
    assert_eq!(problem.code, CONFIG);
    assert_eq!(&text[problem.range.clone()], "\"patience/foundation-valu\"");
    assert!(
        problem.message.starts_with(
            "\u{201c}patience/foundation-valu\u{201d} is no code a [[suppress]] entry can silence: \
did you mean \u{201c}patience/foundation-value\u{201d}?"
        ),
        "{}",
        problem.message
    );
    let [fix] = problem.fixes.as_slice() else {
        panic!("{:?}", problem.fixes)
    };
    assert!(fix.preferred);
    assert_eq!(
        fixed(text, &problem, &fix.title),
        text.replace("foundation-valu\"", "foundation-value\"")
    );
    // In a literal string too.
    let literal = text.replace("\"patience/foundation-valu\"", "'patience/foundation-valu'");
    let [problem] = found(&literal).try_into().unwrap();
    assert_eq!(
        fixed(
            &literal,
            &problem,
            "Replace with 'patience/foundation-value'"
        ),
        literal.replace("foundation-valu'", "foundation-value'")
    );
    // A suppress entry never names a code of Retroboard's own.
    let text = text.replace("patience/foundation-valu", "retroboard/unused-supression");
    let [problem] = found(&text).try_into().unwrap();
    assert!(
        problem.fixes.iter().all(|f| !f.fixes_to("retroboard/")),
        "{:?}",
        problem.fixes
    );
}

trait FixesTo {
    fn fixes_to(&self, prefix: &str) -> bool;
}

impl FixesTo for Fix {
    fn fixes_to(&self, prefix: &str) -> bool {
        self.edits.iter().any(|e| e.insert.starts_with(prefix))
    }
}

#[test]
fn an_unused_entry_is_found_only_when_named_and_not_used_and_its_fix_removes_it() {
    let entry = "[[suppress]]\nfile = \"*.pat\"\ncode = \"patience/foundation-value\"\n\
place = \"pile:7\"\nreason = \"why\"\n";
    let text = format!("{entry}\n{}", entry.replace("pile:7", "pile:8"));
    let path = Path::new(PATH);
    assert_eq!(findings(path, &text, &[], &[]), []);
    assert_eq!(findings(path, &text, &[0, 1], &[0, 1]), []);
    let [unused] = findings(path, &text, &[0, 1], &[0]).try_into().unwrap();
    assert_eq!(unused.code, UNUSED);
    assert_eq!(unused.severity, Severity::Warning);
    assert_eq!(&text[unused.range.clone()], "[[suppress]]");
    assert!(unused.range.start > entry.len());
    assert_eq!(
        unused.message,
        "this [[suppress]] entry silences nothing: *.pat has no finding \
patience/foundation-value at pile:8; remove it, or correct its file, code or place"
    );
    assert!(!unused.fixes[0].preferred);
    assert_eq!(
        fixed(&text, &unused, "Remove the unused [[suppress]] entry"),
        format!("{entry}\n")
    );
}

#[test]
fn only_settings_files_are_settings_files() {
    assert!(is_settings_file(Path::new("/mod/retroboard.toml")));
    assert!(is_settings_file(Path::new(".retroboard.toml")));
    assert!(!is_settings_file(Path::new("/mod/Cargo.toml")));
    assert!(!is_settings_file(Path::new("/retroboard.toml/a.pat")));
}
