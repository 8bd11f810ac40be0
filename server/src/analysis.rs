//! The one way through: a document's findings, syntax errors first, then the format's checks.

use crate::findings::{Finding, Severity};
use crate::syntax::{Document, syntax_findings};

/// Everything wrong with a document, in text order.
pub fn analyze(doc: &Document) -> Vec<Finding> {
    let Some(format) = doc.format() else {
        return vec![Finding::new(
            Severity::Information,
            "retroboard/unknown-format",
            0..0,
            "Retroboard does not recognise this file: it is not a Colossus, Crossmines, Patience, \
Super Othello or peg solitaire file by its name or its first lines \
(`retroboard explain retroboard/unknown-format` says how files are recognised)",
        )];
    };
    let mut findings = syntax_findings(doc);
    format.spec().check(doc, &mut findings);
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    findings
}
