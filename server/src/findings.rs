//! What the checks find, independent of who shows it (LSP, CLI, preview).

use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Information,
    Hint,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }
}

/// One problem in one file: a byte range of the text, a code such as `colossus/missing-tower`
/// and a message in the modder's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub range: Range<usize>,
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
}

impl Finding {
    pub fn new(
        severity: Severity,
        code: &'static str,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            range,
            severity,
            code,
            message: message.into(),
        }
    }
}

/// The documentation of a diagnostic code, shown by `retroboard explain CODE`.
#[derive(Clone, Copy, Debug)]
pub struct CodeDoc {
    pub code: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    pub explanation: &'static str,
}
