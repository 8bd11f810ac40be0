//! The one way through: a document's findings, syntax errors first, then the format's checks.

use crate::findings::{Finding, Severity};
use crate::formats::{DiskFiles, Files, Format, Summary, WindowSummary};
use crate::syntax::{
    Document, MAX_LINE_BYTES, MAX_PARSED_BYTES, Unparsed, Windows, shift, syntax_findings,
};

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
    if let Some(limit) = doc.unparsed() {
        return vec![unparsed(limit)];
    }
    let spec = format.spec();
    if let Some(note) = crate::formats::unsupported_dialect(doc) {
        return vec![note];
    }
    let mut findings = match crate::formats::windows(doc) {
        Some(windows) => window_findings(doc, windows, spec, files),
        None => {
            let mut findings = syntax_findings(doc);
            spec.check_with(doc, files, &mut findings);
            findings
        }
    };
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    crate::findings::cap_per_code(&mut findings);
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    findings
}

/// What one window found, kept until its text changes.
struct WindowFound {
    findings: Vec<Finding>,
    summary: Option<Summary>,
}

/// The findings of a text kept in windows: each window's own (made again only for a window
/// whose text changed, or that moved by whole lines and has findings, whose messages may name
/// lines), then the format's whole-file checks over what the windows found.
fn window_findings(
    doc: &Document,
    windows: &Windows,
    spec: &dyn Format,
    files: &dyn Files,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let found: Vec<_> = windows
        .iter()
        .map(|window| {
            let found = window.kept(
                |doc| {
                    let mut findings = syntax_findings(doc);
                    spec.check_with(doc, files, &mut findings);
                    if let Some(info) = doc.window() {
                        findings.retain(|finding| info.owns(&finding.range));
                    }
                    WindowFound {
                        findings,
                        summary: spec.window_summary(doc),
                    }
                },
                |found, bytes, lines| {
                    (lines == 0 || found.findings.is_empty()).then(|| WindowFound {
                        findings: found
                            .findings
                            .iter()
                            .map(|finding| Finding {
                                range: shift(&finding.range, bytes),
                                ..finding.clone()
                            })
                            .collect(),
                        summary: found.summary.clone(),
                    })
                },
            );
            findings.extend(found.findings.iter().cloned());
            (window, found)
        })
        .collect();
    let summaries: Vec<WindowSummary> = found
        .iter()
        .map(|(window, found)| WindowSummary {
            window,
            summary: found.summary.as_ref(),
        })
        .collect();
    spec.check_windows(doc, &summaries, files, &mut findings);
    findings
}

/// The one finding of a document that is not parsed.
pub fn unparsed(limit: Unparsed) -> Finding {
    match limit {
        Unparsed::File { bytes } => Finding::new(
            Severity::Warning,
            "retroboard/too-large",
            0..0,
            format!(
                "this file is {}; Retroboard checks files up to {} (the games' own files are a \
few KB), so it is not checked. Check a smaller part of it",
                size(bytes),
                size(MAX_PARSED_BYTES)
            ),
        ),
        Unparsed::Nul { at } => Finding::new(
            Severity::Error,
            "retroboard/not-text",
            at..at + 1,
            "this text holds a NUL character, so it is binary data, not a file the games read; \
remove it (Retroboard checks the file again once it is gone)",
        ),
        Unparsed::Line { line, start, bytes } => Finding::new(
            Severity::Warning,
            "retroboard/too-large",
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

fn size(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}
