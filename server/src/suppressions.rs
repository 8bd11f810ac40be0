//! Inline suppressions, in the formats that have comments (Colossus: `#` to the end of the
//! line, which the game's lexers skip):
//!
//! ```text
//! # retroboard: ignore[colossus/titan-recruit] our Tower recruits a Titan on purpose
//! T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre 0 Titan
//! # retroboard: ignore-file[colossus/unused-terrain] kept for the next release
//! ```
//!
//! `ignore[codes] reason` silences those codes' findings on the next line that is not a comment
//! or blank; `ignore-file[codes] reason` silences them in the whole file. A suppression that
//! silences nothing is itself reported (`retroboard/unused-suppression`), with a fix that
//! removes its line.
//!
//! The grammar of the comment, on a line of its own (blanks are spaces and tabs, `*` zero or
//! more):
//!
//! ```text
//! suppression = "#" blank* "retroboard:" blank* kind "[" blank* code blank*
//!               ("," blank* code blank*)* "]" (blank+ reason)? blank*
//! kind        = "ignore" | "ignore-file"
//! code        = one or more characters other than blanks, ",", "[" and "]"
//! reason      = any text
//! ```
//!
//! `retroboard:` is written in lower case with its colon right after it, and nothing but blanks
//! stands between the closing `]` and the reason. A comment that starts like a directive,
//! `retroboard` in any case and then a colon, with or without blanks between (`#Retroboard :`),
//! but does not fit the grammar silences nothing and is reported
//! (`retroboard/malformed-suppression`), saying what was expected where: a comment that was
//! meant to silence a finding never fails without a word.
//!
//! The formats without comments are silenced by `[[suppress]]` entries of `retroboard.toml`
//! ([`crate::settings`]), which name a logical place ([`crate::formats::place`]):
//! [`apply_settings`] silences what they name, [`settings_fix`] makes the "suppress here" entry.

use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::findings::{Finding, Fix, TextEdit};
use crate::formats::{Format, codes};
use crate::settings::{EntriesUsed, Settings};
use crate::syntax::Document;

pub use crate::settings::{REASON_PLACEHOLDER, UNUSED};

/// The code of a comment that starts like a suppression but does not fit its grammar.
pub const MALFORMED: &str = codes::MALFORMED_SUPPRESSION.name;

const MARK: &str = "retroboard:";

/// The form a suppression has, for the findings on those that do not have it.
const FORM: &str = "the form is # retroboard: ignore[code, code] reason, or ignore-file[code] \
reason for the whole file";

struct Suppression {
    /// The comment's line, line break included (what the fix removes).
    line: Range<usize>,
    /// Why, as written after the codes.
    reason: String,
    /// Where the codes are written, for the finding on an unused one.
    codes_at: Range<usize>,
    codes: Vec<String>,
    /// The line it applies to; `None` for the whole file.
    target: Option<Range<usize>>,
    used: bool,
}

/// A finding a comment silenced, kept for the reports that list suppressed findings (SARIF)
/// and for audits (`check --no-suppressions`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Silenced {
    pub finding: Finding,
    /// The reason the comment or entry gives (may be empty).
    pub reason: String,
    pub by: SilencedBy,
}

/// What silenced a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SilencedBy {
    /// A comment of the file: its line, line break included.
    Comment(Range<usize>),
    /// A `[[suppress]]` entry of this settings file.
    Settings(PathBuf),
}

/// Removes the findings the document's suppressions silence, returning them, and reports the
/// suppressions that silence nothing. `comment` is the format's line comment (`#`), `None` for
/// formats without.
pub fn apply(doc: &Document, comment: Option<&str>, findings: &mut Vec<Finding>) -> Vec<Silenced> {
    let Some(comment) = comment else {
        return Vec::new();
    };
    let (mut suppressions, malformed) = find(doc, comment);
    for (range, problem) in malformed {
        findings.push(Finding::new(
            codes::MALFORMED_SUPPRESSION,
            range,
            format!("this suppression is not read and silences nothing: {problem} ({FORM})"),
        ));
    }
    if suppressions.is_empty() {
        findings.sort_by_key(|f| (f.range.start, f.range.end));
        return Vec::new();
    }
    let mut silenced_findings = Vec::new();
    findings.retain(|finding| {
        let mut silenced = false;
        for s in suppressions.iter_mut() {
            let applies = match &s.target {
                None => true,
                Some(line) => {
                    finding.range.start >= line.start
                        && finding.range.start < line.end.max(line.start + 1)
                }
            };
            if applies && s.codes.iter().any(|c| c == finding.code) {
                s.used = true;
                if !silenced {
                    silenced_findings.push(Silenced {
                        finding: finding.clone(),
                        reason: s.reason.clone(),
                        by: SilencedBy::Comment(s.line.clone()),
                    });
                }
                silenced = true;
            }
        }
        !silenced
    });
    for s in suppressions.iter().filter(|s| !s.used) {
        let what = match s.target {
            Some(_) => "the next line",
            None => "this file",
        };
        findings.push(
            Finding::new(
                codes::UNUSED_SUPPRESSION,
                s.codes_at.clone(),
                format!(
                    "this suppression silences nothing: {what} has no finding {}; remove it, or correct the code",
                    s.codes.join(" or ")
                ),
            )
            .with_fix(Some(
                // Not preferred: it deletes a line of words (a reason the modder wrote).
                Fix::one("Remove the unused suppression", TextEdit::delete(s.line.clone())),
            )),
        );
    }
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    silenced_findings
}

/// Removes the findings of the document at `path` that the `[[suppress]]` entries of
/// `settings` silence, returning them, and which entries named the file and which silenced
/// something (for [`Settings::findings`]).
pub fn apply_settings(
    doc: &Document,
    settings: &Settings,
    path: &Path,
    findings: &mut Vec<Finding>,
) -> (Vec<Silenced>, EntriesUsed) {
    let entries = settings.suppressions_for(path);
    let mut used: Vec<usize> = Vec::new();
    let mut silenced = Vec::new();
    if let Some(format) = doc.format().filter(|_| !entries.is_empty()) {
        let format = crate::formats::spec(format);
        findings.retain(|finding| {
            let candidates: Vec<_> = entries
                .iter()
                .filter(|(_, e)| e.code == finding.code)
                .collect();
            if candidates.is_empty() {
                return true;
            }
            let places = crate::formats::place::places(format, doc, &finding.range);
            let Some((index, entry)) = candidates
                .into_iter()
                .find(|(_, e)| places.contains(&e.place))
            else {
                return true;
            };
            if !used.contains(index) {
                used.push(*index);
            }
            silenced.push(Silenced {
                finding: finding.clone(),
                reason: entry.reason.clone(),
                by: SilencedBy::Settings(settings.path.clone()),
            });
            false
        });
    }
    let entries = EntriesUsed {
        settings: settings.path.clone(),
        file: path.to_path_buf(),
        named: entries.iter().map(|(i, _)| *i).collect(),
        used,
    };
    (silenced, entries)
}

/// A "suppress here" fix that is an entry of a settings file, not an edit of the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsFix {
    pub title: String,
    /// The settings file the entry goes to.
    pub file: PathBuf,
    /// It does not exist yet: the fix creates it (with the edit as its text).
    pub create: bool,
    /// The insertion into its text.
    pub edit: TextEdit,
}

/// The "suppress here" fix of a finding of the document at `path`, in a format without
/// comments: a `[[suppress]]` entry naming the finding's most precise logical place, appended
/// to `settings` (the settings file that governs the document, and its text) or, without one,
/// to a new `retroboard.toml` beside the document. None for Retroboard's own findings and
/// syntax errors (what the game cannot read is mended, not silenced), and in the formats with
/// comments (their fix is the comment).
pub fn settings_fix(
    doc: &Document,
    path: &Path,
    finding: &Finding,
    settings: Option<(&Path, &str)>,
) -> Option<SettingsFix> {
    let format = crate::formats::spec(doc.format()?);
    if format.line_comment().is_some()
        || finding.code.starts_with("retroboard/")
        || finding.code.ends_with("/syntax-error")
    {
        return None;
    }
    let place = crate::formats::place::places(format, doc, &finding.range)
        .into_iter()
        .next()?;
    let (file, text, create) = match settings {
        Some((file, text)) => (file.to_path_buf(), text, false),
        None => (
            path.parent()?.join(crate::settings::FILE_NAMES[0]),
            "",
            true,
        ),
    };
    let relative = path.strip_prefix(file.parent()?).ok()?;
    let relative: Vec<String> = relative
        .components()
        .map(|c| globset::escape(&c.as_os_str().to_string_lossy()))
        .collect();
    Some(SettingsFix {
        title: format!(
            "Suppress {} here (a [[suppress]] entry in {})",
            finding.code,
            file.file_name()?.to_string_lossy()
        ),
        file,
        create,
        edit: crate::settings::suppress_entry_edit(text, &relative.join("/"), finding.code, &place),
    })
}

/// Adds to each finding that a comment can silence a fix inserting one (never preferred):
/// `# retroboard: ignore[code] reason` before its line, for findings that start inside a line
/// that is not blank or a comment (a comment silences the next such line); for a finding that
/// starts at the file's first byte (those about the whole file are marked on its first line,
/// and would move to a comment put before it), `ignore-file[code]` at the first place a comment
/// may stand. Only where the format reads the file the same with a comment there; Retroboard's
/// own findings (about the file, the settings or a suppression) and syntax errors are not
/// offered one.
pub fn offer_suppress_here(doc: &Document, format: &dyn Format, findings: &mut [Finding]) {
    let Some(comment) = format.line_comment() else {
        return;
    };
    let rope = doc.rope();
    let line_break = first_line_break(rope);
    for finding in findings.iter_mut() {
        // Retroboard's own findings, and syntax errors: what the game cannot read (the MAP, TER
        // and CRE loaders stop the game) is mended, not silenced.
        if finding.code.starts_with("retroboard/")
            || finding.code.ends_with("/syntax-error")
            || finding.range.start >= rope.len_bytes()
        {
            continue;
        }
        let directive = |kind: &str, ending: &str| {
            format!(
                "{comment} {MARK} {kind}[{}] {REASON_PLACEHOLDER}{ending}",
                finding.code
            )
        };
        if finding.range.start == 0 {
            // Before the first line where a comment may stand (in a MAP, after the size line).
            let first = (0..rope.len_lines())
                .take_while(|l| rope.line_to_byte(*l) < rope.len_bytes())
                .find(|l| format.comment_may_precede(doc, *l));
            let edit = if let Some(line) = first {
                TextEdit::insert(
                    rope.line_to_byte(line),
                    directive("ignore-file", line_break),
                )
            } else {
                // A one-line file: the comment after it, ended by a line break of its own (one
                // on the last line without a break is a lexical error in Colossus files).
                let at = rope.len_bytes();
                let before = if rope.line_to_byte(rope.len_lines() - 1) == at {
                    ""
                } else {
                    line_break
                };
                TextEdit::insert(
                    at,
                    format!("{before}{}", directive("ignore-file", line_break)),
                )
            };
            finding.fixes.push(Fix::suppression(
                format!("Suppress {} in this file", finding.code),
                edit,
            ));
            continue;
        }
        let line = rope.byte_to_line(finding.range.start);
        let start = rope.line_to_byte(line);
        let text: std::borrow::Cow<str> = rope.line(line).into();
        let content = text.trim_end_matches(['\r', '\n']);
        let trimmed = content.trim_start();
        let silenced_there = finding.range.start < start + content.len();
        if trimmed.is_empty()
            || trimmed.starts_with(comment)
            || !silenced_there
            || !format.comment_may_precede(doc, line)
        {
            continue;
        }
        let ending = match &text[content.len()..] {
            "" => line_break,
            own => own,
        };
        finding.fixes.push(Fix::suppression(
            format!("Suppress {} here", finding.code),
            TextEdit::insert(start, directive("ignore", ending)),
        ));
    }
}

/// The text's first line break (`\n` when it has none).
fn first_line_break(rope: &ropey::Rope) -> &'static str {
    let mut chars = rope.chars();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.next() == Some('\n') => return "\r\n",
            '\r' => return "\r",
            '\n' => return "\n",
            _ => {}
        }
    }
    "\n"
}

/// The suppressions of a document, each with the line it applies to, and the comments that
/// start like one but do not fit the grammar: where each stands and what is wrong.
fn find(doc: &Document, comment: &str) -> (Vec<Suppression>, Vec<(Range<usize>, String)>) {
    let rope = doc.rope();
    // Most files have none: found without reading them line by line on every keystroke.
    let text = doc.slice(0..rope.len_bytes());
    // Looked for by its first character: a search for a string of one byte reads every byte
    // of the text, for a character a word at a time.
    let first = comment.chars().next().unwrap_or('#');
    let none = text
        .match_indices(first)
        .filter(|(at, _)| text[*at..].starts_with(comment))
        .all(|(at, _)| {
            let after = text[at + comment.len()..].trim_start_matches(BLANKS);
            !after
                .get(..10)
                .is_some_and(|word| word.eq_ignore_ascii_case("retroboard"))
        });
    if none {
        return (Vec::new(), Vec::new());
    }
    let mut found: Vec<Suppression> = Vec::new();
    let mut malformed = Vec::new();
    let mut waiting: Vec<usize> = Vec::new(); // line suppressions still looking for their line
    let mut start = 0;
    for line in rope.lines() {
        let len = line.len_bytes();
        let text: std::borrow::Cow<str> = line.into();
        let content = text.trim_end_matches(['\r', '\n']);
        let trimmed = content.trim_start();
        let indent = content.len() - trimmed.len();
        if let Some(rest) = trimmed.strip_prefix(comment) {
            let after = rest.trim_start_matches(BLANKS);
            let mark_at = start + indent + comment.len() + (rest.len() - after.len());
            let attempt = mark_at..start + content.trim_end_matches(BLANKS).len();
            match after.strip_prefix(MARK) {
                Some(directive) => match parse(directive, mark_at + MARK.len(), start..start + len)
                {
                    Ok(s) => {
                        if s.target.is_some() {
                            waiting.push(found.len());
                        }
                        found.push(s);
                    }
                    Err(problem) => malformed.push((attempt, problem)),
                },
                None if is_attempt(after) => malformed.push((
                    attempt,
                    "write “retroboard:” in lower case, its colon right after it".to_string(),
                )),
                None => {}
            }
        } else if !trimmed.is_empty() {
            for i in waiting.drain(..) {
                found[i].target = Some(start..start + content.len());
            }
        }
        start += len;
    }
    // Line suppressions at the end with no line after them apply to nothing.
    for i in waiting {
        found[i].target = Some(start..start);
    }
    (found, malformed)
}

/// The blanks of the grammar.
const BLANKS: [char; 2] = [' ', '\t'];

/// A comment's text (after `#` and blanks) starts like a directive: `retroboard` in any case,
/// blanks, a colon.
fn is_attempt(text: &str) -> bool {
    text.get(..10)
        .is_some_and(|word| word.eq_ignore_ascii_case("retroboard"))
        && text[10..].trim_start_matches(BLANKS).starts_with(':')
}

/// The rest of a suppression after `retroboard:`, at byte `at`, as the grammar of the module
/// reads it; `line` is its line. `Err` says what does not fit.
fn parse(directive: &str, at: usize, line: Range<usize>) -> Result<Suppression, String> {
    let kind_at = directive.trim_start_matches(BLANKS);
    let (file, list) = if let Some(rest) = kind_at.strip_prefix("ignore-file[") {
        (true, rest)
    } else if let Some(rest) = kind_at.strip_prefix("ignore[") {
        (false, rest)
    } else if let Some(kind) = ["ignore-file", "ignore"].into_iter().find(|kind| {
        kind_at
            .strip_prefix(kind)
            .is_some_and(|after| after.trim_start_matches(BLANKS).starts_with('['))
    }) {
        return Err(format!("no blank may stand between {kind} and its “[”"));
    } else {
        return Err("“ignore[” or “ignore-file[” must follow “retroboard:”".to_string());
    };
    let opened = directive.len() - list.len();
    let mut codes = Vec::new();
    let mut rest = list;
    let close = loop {
        let code_at = rest.trim_start_matches(BLANKS);
        let end = code_at
            .find(|c: char| BLANKS.contains(&c) || matches!(c, ',' | '[' | ']'))
            .unwrap_or(code_at.len());
        let code = &code_at[..end];
        let after = code_at[end..].trim_start_matches(BLANKS);
        if code.is_empty() {
            return Err(match (after.chars().next(), codes.is_empty()) {
                (None, _) => "the codes and their closing “]” are missing".to_string(),
                (Some(']'), true) => "it names no code between “[” and “]”".to_string(),
                (Some('['), _) => "“[” stands where a code belongs".to_string(),
                _ => "a code is missing between commas (or before the closing “]”)".to_string(),
            });
        }
        codes.push(code.to_string());
        match after.chars().next() {
            Some(',') => rest = &after[1..],
            Some(']') => break list.len() - after.len(),
            None => return Err(format!("the closing “]” after {code} is missing")),
            Some(next) => {
                let word: String = after
                    .chars()
                    .take_while(|c| !BLANKS.contains(c) && !matches!(c, ',' | '[' | ']'))
                    .collect();
                let word = if word.is_empty() {
                    next.to_string()
                } else {
                    word
                };
                return Err(format!(
                    "“{word}” follows the code {code}, where a comma or the closing “]” belongs"
                ));
            }
        }
    };
    let tail = &list[close + 1..];
    let reason = tail.trim_matches(BLANKS);
    if !reason.is_empty() && !tail.starts_with(BLANKS) {
        let word: String = tail.chars().take_while(|c| !BLANKS.contains(c)).collect();
        return Err(format!(
            "“{word}” follows the closing “]”, where a blank and the reason belong"
        ));
    }
    Ok(Suppression {
        line,
        reason: reason.to_string(),
        codes_at: at + opened..at + opened + close,
        codes,
        // Filled in once the next line is found.
        target: (!file).then_some(0..0),
        used: false,
    })
}
