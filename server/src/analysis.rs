//! The one way through: a document's findings, syntax errors first, then the format's checks.

use crate::findings::{Finding, Severity};
use crate::formats::{DiskFiles, Files};
use crate::syntax::{Document, syntax_findings};

/// Everything wrong with a document, in text order; other files are read from the disk.
pub fn analyze(doc: &Document) -> Vec<Finding> {
    analyze_with(doc, &DiskFiles)
}

/// Everything wrong with a document, reading other files through `files`.
pub fn analyze_with(doc: &Document, files: &dyn Files) -> Vec<Finding> {
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
    let spec = format.spec();
    if let Some(note) = spec.unsupported_dialect(doc) {
        return vec![note];
    }
    let mut findings = syntax_findings(doc);
    spec.check_with(doc, files, &mut findings);
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    findings
}
