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
    /// Edits that would mend it, most likely first (see [`Fix`]).
    pub fixes: Vec<Fix>,
    /// Places in other files the finding is about (see [`Related`]).
    pub related: Vec<Related>,
}

/// Another place that a finding's message names, and why: the first definition of a letter
/// defined twice (in the same file), the VAR line of a variant that reads the shared file a
/// finding is in (in another file). Kept as its line and the text on it before and of the
/// place, so that every front end can say where it is in its own columns without reading the
/// file again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    /// The other file, or `None` for a place in the finding's own file.
    pub path: Option<std::path::PathBuf>,
    /// The line, from 0.
    pub line: usize,
    /// The line's text before the place.
    pub before: String,
    /// The place's text (on that line).
    pub text: String,
    pub message: String,
}

impl Related {
    /// The place `range` of `text` (the file at `path`), cut at its line's end.
    pub fn at(
        path: &std::path::Path,
        text: &ropey::Rope,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Related {
        Related {
            path: Some(path.to_path_buf()),
            ..Related::here(text, range, message)
        }
    }

    /// The place `range` of `text`, the finding's own file, cut at its line's end.
    pub fn here(text: &ropey::Rope, range: Range<usize>, message: impl Into<String>) -> Related {
        let start = range.start.min(text.len_bytes());
        let line = text.byte_to_line(start);
        let line_start = text.line_to_byte(line);
        let line_text = text.line(line).to_string();
        let line_text = line_text.trim_end_matches(['\r', '\n']);
        let from = (start - line_start).min(line_text.len());
        let to = range
            .end
            .saturating_sub(line_start)
            .clamp(from, line_text.len());
        let cut = |byte: usize| {
            (0..=byte)
                .rev()
                .find(|b| line_text.is_char_boundary(*b))
                .unwrap_or(0)
        };
        let (from, to) = (cut(from), cut(to));
        Related {
            path: None,
            line,
            before: line_text[..from].to_string(),
            text: line_text[from..to].to_string(),
            message: message.into(),
        }
    }
}

impl Finding {
    /// A finding of `code`, with the severity its documentation gives it.
    pub fn new(code: &'static Code, range: Range<usize>, message: impl Into<String>) -> Self {
        Finding {
            range,
            severity: code.severity,
            code: code.name,
            message: message.into(),
            fixes: Vec::new(),
            related: Vec::new(),
        }
    }

    /// The finding with another place it names, when there is one.
    pub fn with_related(mut self, related: Option<Related>) -> Self {
        self.related.extend(related);
        self
    }

    /// The finding with another severity than its code's: only where it is deliberately not
    /// what `retroboard explain` says for the code.
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// The finding with these fixes added.
    pub fn with_fixes(mut self, fixes: impl IntoIterator<Item = Fix>) -> Self {
        self.fixes.extend(fixes);
        self
    }

    /// The finding with one more fix (an invalid one, see [`Fix::new`], is dropped).
    pub fn with_fix(mut self, fix: Option<Fix>) -> Self {
        self.fixes.extend(fix);
        self
    }
}

/// One replacement in a text: the bytes of `range` become `insert`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub range: Range<usize>,
    pub insert: String,
}

impl TextEdit {
    pub fn replace(range: Range<usize>, insert: impl Into<String>) -> TextEdit {
        TextEdit {
            range,
            insert: insert.into(),
        }
    }

    pub fn delete(range: Range<usize>) -> TextEdit {
        TextEdit::replace(range, "")
    }

    pub fn insert(at: usize, insert: impl Into<String>) -> TextEdit {
        TextEdit::replace(at..at, insert)
    }
}

/// A way to mend a finding: a title in the modder's words and edits of the document's text.
/// `preferred` marks the one safe fix, applied by "fix all" and `check --fix`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    /// Sorted, inside the text, not overlapping.
    pub edits: Vec<TextEdit>,
    pub preferred: bool,
    /// It silences the finding instead of mending it (a suppression comment): never
    /// preferred, offered after the fixes that mend.
    pub suppression: bool,
    /// Edits of other files, each with the file it edits (a line added to the CRE a TER names
    /// a creature of): offered in the editor, never preferred, so never applied by
    /// `check --fix`.
    pub elsewhere: Vec<(std::path::PathBuf, TextEdit)>,
}

impl Fix {
    /// A fix of `text`, or `None` when its edits are not a valid set (see [`sorted_edits`]).
    pub fn new(
        title: impl Into<String>,
        text: &(impl Bytes + ?Sized),
        edits: Vec<TextEdit>,
    ) -> Option<Fix> {
        Some(Fix {
            title: title.into(),
            edits: sorted_edits(text, edits)?,
            preferred: false,
            suppression: false,
            elsewhere: Vec::new(),
        })
    }

    /// A fix of one edit made from a range of the text's tree (valid by construction; the
    /// adapters check every fix against the text again before they offer it).
    pub fn one(title: impl Into<String>, edit: TextEdit) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![edit],
            preferred: false,
            suppression: false,
            elsewhere: Vec::new(),
        }
    }

    /// A fix of one edit that silences its finding instead of mending it.
    pub fn suppression(title: impl Into<String>, edit: TextEdit) -> Fix {
        Fix {
            suppression: true,
            ..Fix::one(title, edit)
        }
    }

    /// "Did you mean" fixes: one replacement of `range` per candidate, most likely first, none
    /// preferred: where a name refers to something the files define (a creature, a terrain),
    /// the definition may be what is missing, or the name one just typed.
    pub fn replacements<'a>(
        range: &Range<usize>,
        candidates: impl IntoIterator<Item = &'a str>,
    ) -> Vec<Fix> {
        candidates
            .into_iter()
            .map(|c| {
                Fix::one(
                    format!("Replace with '{c}'"),
                    TextEdit::replace(range.clone(), c),
                )
            })
            .collect()
    }

    /// [`Fix::replacements`] of `written`, a word of the game's own fixed vocabulary (a colour,
    /// a battle terrain), which no file can add to. Preferred only where it is the one reading:
    /// the word in other capitals (`AliceBlue`), not a close one (`iceBlue` → `aliceBlue` is a
    /// guess).
    pub fn vocabulary<'a>(
        range: &Range<usize>,
        written: &str,
        candidates: impl IntoIterator<Item = &'a str>,
    ) -> Vec<Fix> {
        let candidates: Vec<&str> = candidates.into_iter().collect();
        let mut fixes = Fix::replacements(range, candidates.iter().copied());
        if let ([only], [candidate]) = (fixes.as_mut_slice(), candidates.as_slice()) {
            only.preferred = candidate.eq_ignore_ascii_case(written);
        }
        fixes
    }

    /// A fix of several edits made from ranges of the text's tree that do not overlap (sorted
    /// here; the adapters check every fix against the text again before they offer it).
    pub fn many(title: impl Into<String>, mut edits: Vec<TextEdit>) -> Fix {
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        Fix {
            title: title.into(),
            edits,
            preferred: false,
            suppression: false,
            elsewhere: Vec::new(),
        }
    }

    /// A fix that edits another file only (see [`Fix::elsewhere`]).
    pub fn elsewhere(title: impl Into<String>, edits: Vec<(std::path::PathBuf, TextEdit)>) -> Fix {
        Fix {
            title: title.into(),
            edits: Vec::new(),
            preferred: false,
            suppression: false,
            elsewhere: edits,
        }
    }

    /// The same fix, marked as the single safe one.
    pub fn preferred(mut self) -> Fix {
        self.preferred = true;
        self
    }
}

/// A text edits are checked against: a `str` or a rope.
pub trait Bytes {
    fn len_bytes(&self) -> usize;
    fn is_char_boundary(&self, byte: usize) -> bool;
}

impl Bytes for str {
    fn len_bytes(&self) -> usize {
        self.len()
    }
    fn is_char_boundary(&self, byte: usize) -> bool {
        str::is_char_boundary(self, byte)
    }
}

impl Bytes for ropey::Rope {
    fn len_bytes(&self) -> usize {
        ropey::Rope::len_bytes(self)
    }
    fn is_char_boundary(&self, byte: usize) -> bool {
        byte <= ropey::Rope::len_bytes(self) && self.char_to_byte(self.byte_to_char(byte)) == byte
    }
}

/// Edits sorted by position, or `None` when one lies outside `text`, splits a character, or
/// overlaps another (two insertions at one place overlap too: their order would be a guess).
pub fn sorted_edits(
    text: &(impl Bytes + ?Sized),
    mut edits: Vec<TextEdit>,
) -> Option<Vec<TextEdit>> {
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let mut previous: Option<&Range<usize>> = None;
    for edit in &edits {
        let inside = edit.range.start <= edit.range.end
            && text.is_char_boundary(edit.range.start)
            && text.is_char_boundary(edit.range.end)
            && edit.range.end <= text.len_bytes();
        let overlaps = previous.is_some_and(|p| {
            edit.range.start < p.end || (p == &edit.range && edit.range.is_empty())
        });
        if !inside || overlaps {
            return None;
        }
        previous = Some(&edit.range);
    }
    Some(edits)
}

/// The text with `edits` applied, or `None` when they are not a valid set ([`sorted_edits`]).
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> Option<String> {
    let edits = sorted_edits(text, edits.to_vec())?;
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in &edits {
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.insert);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

/// The line holding `byte`, with its line break: what deleting a whole line removes.
pub fn line_with_break(rope: &ropey::Rope, byte: usize) -> Range<usize> {
    let line = rope.byte_to_line(byte.min(rope.len_bytes()));
    rope.line_to_byte(line)..rope.line_to_byte(line + 1)
}

/// Where the run of blanks (spaces and tabs) ending at `at` starts, on `at`'s line.
pub fn blanks_before(rope: &ropey::Rope, at: usize) -> usize {
    let at = at.min(rope.len_bytes());
    let line_start = rope.line_to_byte(rope.byte_to_line(at));
    let mut start = at;
    while start > line_start && matches!(rope.byte(start - 1), b' ' | b'\t') {
        start -= 1;
    }
    start
}

/// The text's line break, as its first line ends (`\n` when it has none): what an inserted
/// line ends with, so that a file keeps one kind of line end. A lone CR counts only in a text
/// without LF (a classic Mac file): mixed with LFs, LF is what every reader takes.
pub fn line_break(rope: &ropey::Rope) -> &'static str {
    let first = rope.bytes().position(|b| b == b'\r' || b == b'\n');
    match first.map(|at| (rope.byte(at), rope.bytes_at(at + 1).next())) {
        Some((b'\r', Some(b'\n'))) => "\r\n",
        Some((b'\r', _)) if !rope.bytes().any(|b| b == b'\n') => "\r",
        _ => "\n",
    }
}

/// Every preferred fix of `findings` whose edits overlap none taken before it, merged in one
/// set of edits: "fix all". A fix clashing with an earlier one waits for the next round.
pub fn preferred_edits(text: &(impl Bytes + ?Sized), findings: &[Finding]) -> Vec<TextEdit> {
    let mut taken: Vec<TextEdit> = Vec::new();
    for fix in findings
        .iter()
        .flat_map(|f| &f.fixes)
        .filter(|f| f.preferred)
    {
        let mut candidate = taken.clone();
        candidate.extend(fix.edits.iter().cloned());
        if let Some(sorted) = sorted_edits(text, candidate) {
            taken = sorted;
        }
    }
    taken
}

/// A count with its noun, singular for 1: `plural(3, "column", "columns")` is "3 columns".
pub fn plural<N: std::fmt::Display + PartialEq + From<u8> + Copy>(
    count: N,
    one: &str,
    many: &str,
) -> String {
    format!("{count} {}", noun(count, one, many))
}

/// The noun for a count, singular for 1, where the count is written otherwise (as the file
/// has it): `noun(2, "deck", "decks")` is "decks".
pub fn noun<'a, N: PartialEq + From<u8>>(count: N, one: &'a str, many: &'a str) -> &'a str {
    if count == N::from(1) { one } else { many }
}

/// Whether a finding marks something faulty in a drawing: errors and warnings do, notes do not.
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

/// A diagnostic code: its name, the severity its findings have, and the documentation
/// `retroboard explain CODE` prints. Each is one `&'static` entry, and a finding is made from
/// it ([`Finding::new`]), so the severity is said once, where it is explained.
#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    /// `<family>/<kebab-name>`: `othello/chip-total`.
    pub name: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    pub docs: &'static str,
    /// Its findings mark text that does nothing (a terrain no hex uses, a suppression that
    /// silences nothing): editors fade that text rather than underline it.
    pub unnecessary: bool,
}

/// Explanation text as Markdown: its runs of lines laid out in columns (a table of extensions)
/// fenced as text, the rest as it is.
pub fn columns_fenced(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        let columns = line.contains("   ");
        if columns != fenced {
            out.push_str(if columns { "\n```text\n" } else { "```\n\n" });
            fenced = columns;
        }
        out.push_str(line);
        out.push('\n');
    }
    if fenced {
        out.push_str("```\n");
    }
    out
}

impl Code {
    /// What `retroboard explain CODE` prints: name, severity, summary and docs.
    pub fn explanation(&self) -> String {
        format!(
            "{} ({})\n\n{}\n\n{}\n",
            self.name,
            self.severity.as_str(),
            self.summary,
            self.docs
        )
    }

    /// The explanation as Markdown, for an editor to show: the docs' lines laid out in
    /// columns (a table of extensions) fenced, the rest as it is.
    pub fn markdown(&self) -> String {
        format!(
            "# `{}`\n\n*{}*. {}\n\n{}",
            self.name,
            self.severity.as_str(),
            self.summary,
            columns_fenced(self.docs)
        )
    }

    /// The code of a family's syntax errors (`name` is `<family>/syntax-error`): every family
    /// explains them in the same words.
    pub const fn syntax_error(name: &'static str) -> Code {
        Code {
            name,
            severity: Severity::Error,
            summary: "The line does not have the shape the game reads",
            docs: "A token is missing, or something stands where the game's parser expects \
something else. The message names what was expected at that place (for example \"expected a \
number of piles after the number of decks\"). Fix the line so it has the fields the format \
describes, in order; the game refuses or misreads a file with a syntax error.",
            unnecessary: false,
        }
    }
}

/// The scheme of the link from a code to its explanation:
/// `retroboard-explain:colossus/unused-terrain`. Nothing to fetch, so it works offline, and
/// every front end can name it: the language server's `codeDescription`, SARIF's `helpUri`.
pub const EXPLAIN_SCHEME: &str = "retroboard-explain";

/// The link to the explanation of the code `name`, `retroboard-explain:NAME`.
pub fn explain_link(name: &str) -> String {
    format!("{EXPLAIN_SCHEME}:{name}")
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
            notes.push(left_out(finding.clone(), total - MAX_PER_CODE));
        }
        shown <= MAX_PER_CODE
    });
    findings.extend(notes);
}

/// How the note standing for the findings of a code past the limit ends.
const LEFT_OUT_ENDING: &str = "from here on are not shown; fix the ones above first";

/// Whether a finding is the note standing for the findings of its code past the limit (an
/// information whatever its code's severity).
pub fn is_left_out_note(finding: &Finding) -> bool {
    finding.severity == Severity::Information && finding.message.ends_with(LEFT_OUT_ENDING)
}

/// The note standing for `count` findings of a code past the limit, `first` the first of them:
/// an information, whatever its code's severity, as it only counts what is not shown.
fn left_out(first: Finding, count: usize) -> Finding {
    let message = format!(
        "{} of this kind ({}) {LEFT_OUT_ENDING}",
        plural(count, "more finding", "more findings"),
        first.code
    );
    Finding {
        message,
        fixes: Vec::new(),
        ..first
    }
    .with_severity(Severity::Information)
}

/// Pushes findings, at most [`MAX_PER_CODE`] of each code.
pub struct Limited<'a> {
    findings: &'a mut Vec<Finding>,
    counts: Vec<(&'static str, usize)>,
    /// The first finding left out of each code, and how many were.
    left_out: Vec<(Finding, usize)>,
    /// Whether the last finding pushed was kept (not left out).
    kept_last: bool,
}

impl<'a> Limited<'a> {
    pub fn new(findings: &'a mut Vec<Finding>) -> Self {
        Limited {
            findings,
            counts: Vec::new(),
            left_out: Vec::new(),
            kept_last: false,
        }
    }

    pub fn push(&mut self, code: &'static Code, range: Range<usize>, message: String) {
        self.push_with(code, range, || message);
    }

    /// Like `push`, but words the message only when it is shown (checks of big files may find
    /// millions of the same thing).
    pub fn push_with(
        &mut self,
        code: &'static Code,
        range: Range<usize>,
        message: impl FnOnce() -> String,
    ) {
        if self.admit(code.name) {
            self.findings.push(Finding::new(code, range, message()));
        } else {
            self.note_left_out(Finding::new(code, range, String::new()));
        }
    }

    /// Whether findings of `code` are no longer shown (the limit is reached): a check can then
    /// skip working out the message and fixes, and only count it ([`Limited::leave_out`]).
    pub fn is_full(&self, code: &'static Code) -> bool {
        self.counts
            .iter()
            .any(|c| c.0 == code.name && c.1 >= MAX_PER_CODE)
    }

    /// Counts one finding of `code` at `range` that is not shown.
    pub fn leave_out(&mut self, code: &'static Code, range: Range<usize>) {
        self.admit(code.name);
        self.kept_last = false;
        self.note_left_out(Finding::new(code, range, String::new()));
    }

    /// Pushes a finding made elsewhere (its fixes too), counted like the others.
    pub fn push_finding(&mut self, finding: Finding) {
        if self.admit(finding.code) {
            self.findings.push(finding);
        } else {
            self.note_left_out(finding);
        }
    }

    /// Counts one more finding of `code`, and says whether it is shown (the limit is not
    /// passed).
    fn admit(&mut self, code: &'static str) -> bool {
        let count = match self.counts.iter_mut().find(|c| c.0 == code) {
            Some(count) => {
                count.1 += 1;
                count.1
            }
            None => {
                self.counts.push((code, 1));
                1
            }
        };
        self.kept_last = count <= MAX_PER_CODE;
        self.kept_last
    }

    /// Keeps the first finding left out of each code, for the note that sums them up.
    fn note_left_out(&mut self, finding: Finding) {
        match self.left_out.iter_mut().find(|e| e.0.code == finding.code) {
            Some(entry) => entry.1 += 1,
            None => self.left_out.push((finding, 1)),
        }
    }

    /// Gives the finding pushed last these fixes, when it was kept.
    pub fn fix_last(&mut self, fixes: impl IntoIterator<Item = Fix>) {
        if self.kept_last
            && let Some(last) = self.findings.last_mut()
        {
            last.fixes.extend(fixes);
        }
    }

    /// Gives the finding pushed last another place it names, when it was kept.
    pub fn relate_last(&mut self, related: Option<Related>) {
        if self.kept_last
            && let Some(last) = self.findings.last_mut()
        {
            last.related.extend(related);
        }
    }

    /// Sums up the findings left out in one note per code.
    pub fn finish(self) {
        for (first, count) in self.left_out {
            self.findings.push(left_out(first, count));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_outside_the_text_or_overlapping_are_refused() {
        let text = "ab\u{e6}c";
        let ok = vec![TextEdit::replace(4..5, "C"), TextEdit::insert(0, ">")];
        assert_eq!(apply_edits(text, &ok).as_deref(), Some(">ab\u{e6}C"));
        assert_eq!(apply_edits(text, &[TextEdit::delete(4..6)]), None);
        assert_eq!(apply_edits(text, &[TextEdit::delete(2..3)]), None); // inside æ
        assert_eq!(
            apply_edits(text, &[TextEdit::delete(0..2), TextEdit::delete(1..3)]),
            None
        );
        assert_eq!(
            apply_edits(text, &[TextEdit::insert(1, "x"), TextEdit::insert(1, "y")]),
            None
        );
        assert_eq!(
            apply_edits(text, &[TextEdit::delete(0..1), TextEdit::insert(1, "y")]).as_deref(),
            Some("yb\u{e6}c")
        );
        assert!(Fix::new("bad", text, vec![TextEdit::delete(3..9)]).is_none());
    }

    const MANY: &Code = &Code {
        name: "x/many",
        severity: Severity::Warning,
        summary: "",
        docs: "",
        unnecessary: false,
    };
    const ONE: &Code = &Code {
        name: "x/one",
        severity: Severity::Error,
        summary: "",
        docs: "",
        unnecessary: false,
    };

    #[test]
    fn findings_past_the_limit_are_summed_up_in_one_note() {
        let mut findings: Vec<Finding> = (0..250)
            .map(|i| Finding::new(MANY, i..i + 1, "many"))
            .chain([Finding::new(ONE, 0..1, "one")])
            .collect();
        cap_per_code(&mut findings);
        assert_eq!(findings.len(), 102);
        let note = findings.last().unwrap();
        assert_eq!(
            (note.code, note.severity, note.range.clone()),
            ("x/many", Severity::Information, 100..101)
        );
        assert_eq!(
            note.message,
            "150 more findings of this kind (x/many) from here on are not shown; fix the ones \
above first"
        );
        // What `Limited` summed up already stays as it is.
        let mut limited = Vec::new();
        let mut pushing = Limited::new(&mut limited);
        for i in 0..150 {
            pushing.push(MANY, i..i, "many".into());
        }
        pushing.finish();
        let before = limited.clone();
        cap_per_code(&mut limited);
        assert_eq!(limited, before);
    }
}
