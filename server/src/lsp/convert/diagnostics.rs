//! Findings as LSP diagnostics, with what a code action needs to know them again, the other
//! places they name, the link to their code's explanation and the tag that fades an unused
//! thing.

use std::path::Path;

use ropey::Rope;
use tower_lsp_server::ls_types::*;

use super::{PositionEncoding, range};
use crate::findings::{Finding, Severity};

/// A diagnostic whose finding has fixes carries what a code action needs to know it again:
/// `{"version", "code", "fixes"}` (the document version it was made for, the finding's code
/// and its number of fixes).
pub fn fixable_diagnostic(
    text: &Rope,
    own: Option<&Path>,
    finding: &Finding,
    encoding: PositionEncoding,
    version: Option<i32>,
) -> Diagnostic {
    let mut diagnostic = diagnostic(text, own, finding, encoding);
    if let (false, Some(version)) = (finding.fixes.is_empty(), version) {
        diagnostic.data = Some(serde_json::json!({
            "version": version,
            "code": finding.code,
            "fixes": finding.fixes.len(),
        }));
    }
    diagnostic
}

/// The document version a diagnostic's `data` says it was made for.
pub fn diagnostic_version(diagnostic: &Diagnostic) -> Option<i32> {
    let version = diagnostic.data.as_ref()?.get("version")?.as_i64()?;
    i32::try_from(version).ok()
}

/// The link to the explanation of `code` (`retroboard explain CODE`), for `codeDescription`:
/// the editors open it with the command `retroboard.explain`, which answers with the Markdown.
pub fn explain_href(code: &str) -> Option<Uri> {
    crate::findings::explain_link(code).parse().ok()
}

/// A finding as a diagnostic, its range and related places in the client's columns (`own`:
/// the path of the finding's file, for the places it names in that same file).
pub fn diagnostic(
    text: &Rope,
    own: Option<&Path>,
    finding: &Finding,
    encoding: PositionEncoding,
) -> Diagnostic {
    let unnecessary = crate::formats::code_doc(finding.code).is_some_and(|c| c.unnecessary);
    Diagnostic {
        range: range(text, finding.range.clone(), encoding),
        severity: Some(match finding.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Information => DiagnosticSeverity::INFORMATION,
            Severity::Hint => DiagnosticSeverity::HINT,
        }),
        code: Some(NumberOrString::String(finding.code.to_string())),
        code_description: explain_href(finding.code).map(|href| CodeDescription { href }),
        source: Some("retroboard".to_string()),
        message: finding.message.clone(),
        related_information: related_information(&finding.related, own, encoding),
        tags: unnecessary.then(|| vec![DiagnosticTag::UNNECESSARY]),
        ..Diagnostic::default()
    }
}

/// The other places a finding names, in the negotiated columns (those in its own file only
/// where that file has a path).
fn related_information(
    related: &[crate::findings::Related],
    own: Option<&Path>,
    encoding: PositionEncoding,
) -> Option<Vec<DiagnosticRelatedInformation>> {
    let width = |text: &str| -> u32 {
        let units = match encoding {
            PositionEncoding::Utf8 => text.len(),
            PositionEncoding::Utf16 => text.encode_utf16().count(),
        };
        u32::try_from(units).unwrap_or(u32::MAX)
    };
    let places: Vec<DiagnosticRelatedInformation> = related
        .iter()
        .filter_map(|r| {
            let line = u32::try_from(r.line).ok()?;
            let start = width(&r.before);
            let end = start.saturating_add(width(&r.text));
            Some(DiagnosticRelatedInformation {
                location: Location {
                    uri: Uri::from_file_path(r.path.as_deref().or(own)?)?,
                    range: Range {
                        start: Position::new(line, start),
                        end: Position::new(line, end),
                    },
                },
                message: r.message.clone(),
            })
        })
        .collect();
    (!places.is_empty()).then_some(places)
}
