//! Between LSP positions (in the negotiated encoding) and byte offsets, and from findings to
//! LSP diagnostics.

use ropey::Rope;
use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticSeverity, NumberOrString, Position, PositionEncodingKind, Range,
};

use crate::findings::{Finding, Severity};
use crate::text::{self, ColumnUnit, LineCol};

/// The position encoding agreed with the client: UTF-8 when it offers it, else UTF-16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionEncoding {
    Utf8,
    Utf16,
}

impl PositionEncoding {
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> PositionEncoding {
        let utf8 = offered.is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8));
        if utf8 {
            PositionEncoding::Utf8
        } else {
            PositionEncoding::Utf16
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            PositionEncoding::Utf8 => PositionEncodingKind::UTF8,
            PositionEncoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    fn unit(self) -> ColumnUnit {
        match self {
            PositionEncoding::Utf8 => ColumnUnit::Utf8,
            PositionEncoding::Utf16 => ColumnUnit::Utf16,
        }
    }
}

/// The byte offset of an LSP position (clamped to the text).
pub fn offset(text: &Rope, position: Position, encoding: PositionEncoding) -> usize {
    let at = LineCol {
        line: position.line as usize,
        col: position.character as usize,
    };
    text::byte_offset(text, at, encoding.unit())
}

pub fn position(text: &Rope, byte: usize, encoding: PositionEncoding) -> Position {
    let at = text::line_col(text, byte, encoding.unit());
    Position {
        line: saturate(at.line),
        character: saturate(at.col),
    }
}

pub fn range(text: &Rope, bytes: std::ops::Range<usize>, encoding: PositionEncoding) -> Range {
    Range {
        start: position(text, bytes.start, encoding),
        end: position(text, bytes.end, encoding),
    }
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub fn diagnostic(text: &Rope, finding: &Finding, encoding: PositionEncoding) -> Diagnostic {
    Diagnostic {
        range: range(text, finding.range.clone(), encoding),
        severity: Some(match finding.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Information => DiagnosticSeverity::INFORMATION,
            Severity::Hint => DiagnosticSeverity::HINT,
        }),
        code: Some(NumberOrString::String(finding.code.to_string())),
        source: Some("retroboard".to_string()),
        message: finding.message.clone(),
        ..Diagnostic::default()
    }
}
