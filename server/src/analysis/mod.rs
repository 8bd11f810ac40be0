//! The one way through: a document's findings, syntax errors first, then the format's checks;
//! [`check`] takes a file from its bytes to what every front end reports.

mod check;

use crate::findings::{Finding, Severity};
use crate::formats::{DiskFiles, Files, codes};
use crate::suppressions::Silenced;
use crate::syntax::{Document, MAX_LINE_BYTES, MAX_PARSED_BYTES, Unparsed, syntax_findings};
pub use check::{Checked, Search, SlowFindings, SlowWork, Source, audit, check, game_version};

/// Everything wrong with a document, in text order; other files are read from the disk.
pub fn analyze(doc: &Document) -> Vec<Finding> {
    analyze_with(doc, &DiskFiles)
}

/// Everything wrong with a document, reading other files through `files`.
pub fn analyze_with(doc: &Document, files: &dyn Files) -> Vec<Finding> {
    analyze_silenced(doc, files).0
}

/// Everything wrong with a document, and apart the findings its suppression comments silence.
pub fn analyze_silenced(doc: &Document, files: &dyn Files) -> (Vec<Finding>, Vec<Silenced>) {
    let Some(format) = doc.format() else {
        let finding = Finding::new(
            codes::UNKNOWN_FORMAT,
            0..0,
            format!(
                "Retroboard does not recognise this file: it is not a {} file by its name or its \
first lines (“retroboard explain retroboard/unknown-format” says how files are recognised)",
                crate::registry::games()
            ),
        );
        return (vec![finding], Vec::new());
    };
    if let Some(limit) = doc.unparsed() {
        return (vec![unparsed(limit)], Vec::new());
    }
    let spec = crate::formats::spec(format);
    if let Some(note) =
        crate::formats::unsupported_dialect(doc).or_else(|| spec.variant_note(doc, files))
    {
        return (vec![note], Vec::new());
    }
    let mut findings = syntax_findings(doc, spec);
    spec.check_with(doc, files, &mut findings);
    if let Some(cut) = doc.cut() {
        findings.push(too_large(doc, cut));
    }
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    crate::findings::cap_per_code(&mut findings);
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    let silenced = crate::suppressions::apply(doc, spec.line_comment(), &mut findings);
    crate::suppressions::offer_suppress_here(doc, spec, &mut findings);
    if !fits_its_format(doc, format) {
        for fix in findings.iter_mut().flat_map(|f| &mut f.fixes) {
            fix.preferred = false;
        }
    }
    (findings, silenced)
}

/// Whether the document's path and head leave it readable as the format it is read as (see
/// [`crate::registry::fits`]).
fn fits_its_format(doc: &Document, format: crate::registry::FormatId) -> bool {
    let whole = doc.whole_rope();
    let head = whole.byte_to_char(whole.len_bytes().min(crate::registry::DETECTION_BYTES));
    crate::registry::fits(format, doc.path(), &whole.slice(..head).to_string())
}

/// The edits of every preferred fix of a document (fix-all, fix-on-save and `check --fix`
/// apply these): one round, a fix that clashes with one taken before left for the next.
pub fn preferred_fixes(doc: &Document, files: &dyn Files) -> Vec<crate::findings::TextEdit> {
    crate::findings::preferred_edits(doc.whole_rope(), &analyze_with(doc, files))
}

/// The positions the search for a document's slow findings examines at most, the same in
/// `retroboard check` (unless `--solve-positions` says otherwise) and the language server: a
/// count, not a time, so a file gets the same findings on every machine and under any load.
pub const SEARCH_POSITIONS: u64 = crate::formats::peg::solvability::CHECK_POSITIONS;

/// The search for the document's slow findings: in a document that is read whole, without
/// errors (the game would not load it otherwise), when its format has one.
fn slow_search(
    doc: &Document,
    files: &dyn Files,
    fast: &[Finding],
) -> Option<Box<dyn crate::formats::SlowSearch>> {
    let format = doc.format()?;
    let clean = !fast.iter().any(|f| f.severity == Severity::Error);
    if !clean || doc.unparsed().is_some() || doc.cut().is_some() {
        return None;
    }
    crate::formats::spec(format).slow_search(doc, files)
}

/// The one finding of a text longer than its format's bound, at the first line not read.
fn too_large(doc: &Document, cut: usize) -> Finding {
    let limit = doc.bound().map_or("", |bound| bound.limit);
    let whole = doc.whole_rope();
    Finding::new(
        codes::TOO_LARGE,
        cut..cut,
        format!(
            "this file has {} lines ({}); {limit}, so Retroboard reads only its first {} lines \
({}): nothing after this line is checked, outlined, coloured or drawn",
            grouped(crate::text::line_count(whole)),
            size(whole.len_bytes()),
            grouped(crate::text::line_count(doc.rope())),
            size(cut),
        ),
    )
}

/// A count with its thousands apart: 120 000.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|group| std::str::from_utf8(group).unwrap_or_default())
        .collect();
    groups.join(" ")
}

/// Runs `work`, turning a panic into its message, so that a bug met on one file is reported as
/// that file's [`internal_error`] and the language server or the `check` run goes on.
pub fn catch_panic<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|panic| {
        panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string())
    })
}

/// The one finding of a document whose check panicked with `message` ([`catch_panic`]).
pub fn internal_error(message: &str) -> Finding {
    Finding::new(
        codes::INTERNAL_ERROR,
        0..0,
        format!(
            "Retroboard failed while checking this file ({message}); this is a bug in Retroboard, \
not in the file. The file is unchanged and Retroboard goes on with the other files"
        ),
    )
}

/// The one finding of a document that is not parsed.
pub fn unparsed(limit: Unparsed) -> Finding {
    match limit {
        Unparsed::File { bytes } => Finding::new(
            codes::TOO_LARGE,
            0..0,
            format!(
                "this file is {}; Retroboard checks files up to {} (the games' own files are a \
few KB), so it is not checked. Check a smaller part of it",
                size(bytes),
                size(MAX_PARSED_BYTES)
            ),
        ),
        Unparsed::Nul { at } => Finding::new(
            codes::NOT_TEXT,
            at..at + 1,
            "this text holds a NUL character, so it is binary data, not a text file the games \
read; remove it (Retroboard checks the file again once it is gone)",
        ),
        Unparsed::Line { line, start, bytes } => Finding::new(
            codes::TOO_LARGE,
            start..start,
            format!(
                "line {} is {} long; Retroboard reads lines up to {} (the games' lines are a few \
hundred characters at most), so the file is not checked. Break the line up or remove it",
                line + 1,
                size(bytes),
                size(MAX_LINE_BYTES)
            ),
        ),
    }
}

/// The finding of a file on disk that is not text at all (it holds NUL bytes), so it was not
/// decoded: nothing of it can be shown, the finding stands at its start.
pub fn binary_file() -> Finding {
    Finding::new(
        codes::NOT_TEXT,
        0..0,
        "this file holds NUL bytes, so it is binary data, not a text file the games read",
    )
}

fn size(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}
