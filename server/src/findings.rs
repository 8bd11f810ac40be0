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

/// Whether a finding marks something faulty in a drawing: errors and warnings do, notes do not.
pub fn is_fault(finding: &Finding) -> bool {
    matches!(finding.severity, Severity::Error | Severity::Warning)
}

/// The documentation of a diagnostic code, shown by `retroboard explain CODE`.
#[derive(Clone, Copy, Debug)]
pub struct CodeDoc {
    pub code: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    pub explanation: &'static str,
}

/// At most this many findings of one code per file; the rest are counted in one last note.
pub const MAX_PER_CODE: usize = 100;

/// Pushes findings, at most [`MAX_PER_CODE`] of each code.
pub struct Limited<'a> {
    findings: &'a mut Vec<Finding>,
    counts: Vec<(&'static str, usize)>,
    left_out: Vec<(&'static str, usize, Range<usize>)>,
}

impl<'a> Limited<'a> {
    pub fn new(findings: &'a mut Vec<Finding>) -> Self {
        Limited {
            findings,
            counts: Vec::new(),
            left_out: Vec::new(),
        }
    }

    pub fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        range: Range<usize>,
        message: String,
    ) {
        self.push_with(severity, code, range, || message);
    }

    /// Like `push`, but words the message only when it is shown (checks of big files may find
    /// millions of the same thing).
    pub fn push_with(
        &mut self,
        severity: Severity,
        code: &'static str,
        range: Range<usize>,
        message: impl FnOnce() -> String,
    ) {
        let index = match self.counts.iter().position(|c| c.0 == code) {
            Some(i) => i,
            None => {
                self.counts.push((code, 0));
                self.counts.len() - 1
            }
        };
        let count = &mut self.counts[index].1;
        *count += 1;
        if *count <= MAX_PER_CODE {
            self.findings
                .push(Finding::new(severity, code, range, message()));
        } else if let Some(entry) = self.left_out.iter_mut().find(|e| e.0 == code) {
            entry.1 += 1;
        } else {
            self.left_out.push((code, 1, range));
        }
    }

    pub fn finish(self) {
        for (code, count, range) in self.left_out {
            self.findings.push(Finding::new(
                Severity::Information,
                code,
                range,
                format!(
                    "{count} more finding(s) of this kind ({code}) from here on are not shown; \
fix the ones above first"
                ),
            ));
        }
    }
}
