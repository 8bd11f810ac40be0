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
/// A count with its noun, singular for 1: `plural(3, "column", "columns")` is "3 columns".
pub fn plural<N: std::fmt::Display + PartialEq + From<u8>>(
    count: N,
    one: &str,
    many: &str,
) -> String {
    let noun = if count == N::from(1) { one } else { many };
    format!("{count} {noun}")
}

pub fn is_fault(finding: &Finding) -> bool {
    matches!(finding.severity, Severity::Error | Severity::Warning)
}

/// Whether an error or a warning touches `range` (an empty range, or an empty finding, counts
/// as the character it stands on): what a drawing marks as faulty.
pub fn faulty(findings: &[Finding], range: &Range<usize>) -> bool {
    findings.iter().any(|f| {
        is_fault(f)
            && f.range.start < range.end.max(range.start + 1)
            && range.start < f.range.end.max(f.range.start + 1)
    })
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

/// Keeps at most [`MAX_PER_CODE`] findings of each code (in the order given) and sums up the
/// rest in one note, as [`Limited`] does while checking: a file with thousands of the same
/// mistake gets a readable list, and the editor is not flooded. Codes already summed up by
/// `Limited` (one note past the limit) are left as they are.
pub fn cap_per_code(findings: &mut Vec<Finding>) {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for finding in findings.iter() {
        match counts.iter_mut().find(|c| c.0 == finding.code) {
            Some(count) => count.1 += 1,
            None => counts.push((finding.code, 1)),
        }
    }
    if counts.iter().all(|c| c.1 <= MAX_PER_CODE + 1) {
        return;
    }
    let mut kept: Vec<(&'static str, usize)> = Vec::new();
    let mut notes: Vec<Finding> = Vec::new();
    findings.retain(|finding| {
        let total = counts
            .iter()
            .find(|c| c.0 == finding.code)
            .map_or(0, |c| c.1);
        if total <= MAX_PER_CODE + 1 {
            return true;
        }
        let shown = match kept.iter_mut().find(|c| c.0 == finding.code) {
            Some(count) => {
                count.1 += 1;
                count.1
            }
            None => {
                kept.push((finding.code, 1));
                1
            }
        };
        if shown == MAX_PER_CODE + 1 {
            notes.push(left_out(
                finding.code,
                total - MAX_PER_CODE,
                finding.range.clone(),
            ));
        }
        shown <= MAX_PER_CODE
    });
    findings.extend(notes);
}

/// The note standing for `count` findings of `code` past the limit, the first at `range`.
fn left_out(code: &'static str, count: usize, range: Range<usize>) -> Finding {
    Finding::new(
        Severity::Information,
        code,
        range,
        format!(
            "{count} more finding(s) of this kind ({code}) from here on are not shown; fix the \
ones above first"
        ),
    )
}

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

    /// Pushes a finding made elsewhere, counted like the others.
    pub fn push_finding(&mut self, finding: Finding) {
        let Finding {
            severity,
            code,
            range,
            message,
        } = finding;
        self.push_with(severity, code, range, || message);
    }

    /// Sums up the findings left out in one note per code.
    pub fn finish(self) {
        for (code, count, range) in self.left_out {
            self.findings.push(left_out(code, count, range));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_past_the_limit_are_summed_up_in_one_note() {
        let mut findings: Vec<Finding> = (0..250)
            .map(|i| Finding::new(Severity::Warning, "x/many", i..i + 1, "many"))
            .chain([Finding::new(Severity::Error, "x/one", 0..1, "one")])
            .collect();
        cap_per_code(&mut findings);
        assert_eq!(findings.len(), 102);
        let note = findings.last().unwrap();
        assert_eq!(
            (note.code, note.severity, note.range.clone()),
            ("x/many", Severity::Information, 100..101)
        );
        assert!(
            note.message.starts_with("150 more finding(s)"),
            "{}",
            note.message
        );
        // What `Limited` summed up already stays as it is.
        let mut limited = Vec::new();
        let mut pushing = Limited::new(&mut limited);
        for i in 0..150 {
            pushing.push(Severity::Warning, "x/many", i..i, "many".into());
        }
        pushing.finish();
        let before = limited.clone();
        cap_per_code(&mut limited);
        assert_eq!(limited, before);
    }
}
