//! `retroboard.toml` as a file of its own, the same for `retroboard check` and the editors:
//! its findings (what keeps it from being read, the `[[suppress]]` entries that silence
//! nothing), each with the fixes that mend it, and what completion offers while it is written.
//! Positions are byte offsets of its text.

use std::ops::Range;
use std::path::Path;

use super::{CONFIG, FILE_NAMES, MAX_BYTES, Settings, SuppressEntry, toml_string};
use crate::findings::{Finding, Fix, TextEdit};
use crate::formats::all_codes;

pub use super::complete::completions;

/// Whether the file at `path` is a settings file, by its name.
pub fn is_settings_file(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| FILE_NAMES.iter().any(|n| name == *n))
}

/// The findings of the settings file at `path` holding `text`, in text order: what keeps it
/// (or one of its `[[suppress]]` entries) from being read, and the entries that silenced
/// nothing, each with a fix that removes it. `named`: the indexes of the entries that name a
/// file that was checked; `used`: those that silenced one of its findings. Its own `[rules]`
/// apply to them as to any file's ([`Settings::apply`]: `"retroboard/unused-suppression" =
/// "off"`).
pub fn findings(path: &Path, text: &str, named: &[usize], used: &[usize]) -> Vec<Finding> {
    let settings = Settings::parse(path, text);
    let mut findings: Vec<Finding> = settings
        .problem
        .iter()
        .chain(&settings.entry_problems)
        .cloned()
        .collect();
    for (index, entry) in settings.suppress.iter().enumerate() {
        if named.contains(&index) && !used.contains(&index) {
            findings.push(unused(entry));
        }
    }
    findings.sort_by_key(|f| (f.range.start, f.range.end));
    findings
}

/// The text of the settings file at `path` on the disk, or the finding that says why it cannot
/// be read (larger than [`MAX_BYTES`], unreadable).
pub fn read(path: &Path) -> Result<String, Finding> {
    match crate::disk::read(path, MAX_BYTES) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(err) => Err(Settings::unread(path, &err)
            .problem
            .expect("unread settings have their problem")),
    }
}

/// The finding of an entry that silenced nothing in the files it names.
fn unused(entry: &SuppressEntry) -> Finding {
    let header = entry.range.start..entry.range.start + "[[suppress]]".len();
    Finding::new(
        crate::formats::codes::UNUSED_SUPPRESSION,
        header,
        format!(
            "this [[suppress]] entry silences nothing: {} has no finding {} at {}; \
remove it, or correct its file, code or place",
            entry.file, entry.code, entry.place
        ),
    )
    // Not preferred: it deletes lines the modder wrote (a reason among them).
    .with_fix(Some(Fix::one(
        "Remove the unused [[suppress]] entry",
        TextEdit::delete(entry.range.clone()),
    )))
}

/// The codes a settings file may name: in `[rules]` every code but its own problem's, in a
/// `[[suppress]]` entry (`suppress`) the codes of the games' files.
pub(super) fn codes(suppress: bool) -> impl Iterator<Item = &'static crate::findings::Code> {
    all_codes()
        .into_iter()
        .filter(move |doc| doc.name != CONFIG && !(suppress && doc.name.starts_with("retroboard/")))
}

/// The real codes nearest to `code`, which is none: of its family, those whose name is nearest
/// to its name; when none is close, of any family those whose name is close (a code put in the
/// wrong family, a misspelt family), their family counted as near as it is written. Several
/// only when equally near.
fn nearest_codes(code: &str, suppress: bool) -> Vec<&'static str> {
    let lower = code.to_ascii_lowercase();
    let (family, name) = lower.split_once('/').unwrap_or(("", &lower));
    let limit = (name.chars().count() / 3).max(1);
    let name_distance = |c: &str| {
        let other = c.split_once('/').map_or(c, |(_, n)| n);
        crate::text::edit_distance(name, other)
    };
    let nearest = |scored: Vec<(usize, &'static str)>| {
        let best = scored.iter().map(|(d, _)| *d).min();
        scored
            .into_iter()
            .filter(|(d, _)| Some(*d) == best)
            .map(|(_, c)| c)
            .collect::<Vec<_>>()
    };
    let close: Vec<&'static str> = codes(suppress)
        .map(|doc| doc.name)
        .filter(|c| name_distance(c) <= limit)
        .collect();
    let of_family: Vec<(usize, &'static str)> = close
        .iter()
        .filter(|c| c.split_once('/').is_some_and(|(f, _)| f == family))
        .map(|c| (name_distance(c), *c))
        .collect();
    if !of_family.is_empty() {
        return nearest(of_family);
    }
    // A family written, misspelt, counts; none written leaves every family as near.
    let family_distance = |c: &str| match c.split_once('/') {
        Some((f, _)) if !family.is_empty() => crate::text::edit_distance(family, f),
        _ => 0,
    };
    nearest(
        close
            .into_iter()
            .map(|c| (name_distance(c) + family_distance(c), c))
            .collect(),
    )
}

/// What a message about the code `code`, which is none, adds: the nearest codes, if any.
pub(super) fn did_you_mean(code: &str, suppress: bool) -> String {
    let quoted: Vec<String> = nearest_codes(code, suppress)
        .iter()
        .map(|c| format!("\u{201c}{c}\u{201d}"))
        .collect();
    if quoted.is_empty() {
        String::new()
    } else {
        format!(": did you mean {}?", quoted.join(" or "))
    }
}

/// The fixes of a code that is none, written at `range` of `text` (bare, or with its quotes):
/// one replacement by each nearest code, preferred when it is the only one (the codes are a
/// fixed vocabulary, which no file adds to).
pub(super) fn code_fixes(
    text: &str,
    range: Range<usize>,
    code: Option<&str>,
    suppress: bool,
) -> Vec<Fix> {
    let Some(code) = code else {
        return Vec::new();
    };
    let candidates = nearest_codes(code, suppress);
    let Some(written) = text.get(range.clone()) else {
        return Vec::new();
    };
    let is_quote = |c: Option<char>| matches!(c, Some('"' | '\''));
    // Inside quotes, the code itself is replaced; a bare key gets its quotes (a code's `/`
    // needs them).
    let quoted = written.len() >= 2
        && is_quote(written.chars().next())
        && written.chars().next() == written.chars().next_back();
    if quoted && !written.contains('\\') {
        return single_preferred(Fix::replacements(
            &(range.start + 1..range.end - 1),
            candidates,
        ));
    }
    if is_quote(text[..range.start].chars().next_back()) {
        return single_preferred(Fix::replacements(&range, candidates));
    }
    let fixes: Vec<Fix> = candidates
        .into_iter()
        .map(|c| {
            Fix::one(
                format!("Replace with '{c}'"),
                TextEdit::replace(range.clone(), toml_string(c)),
            )
        })
        .collect();
    single_preferred(fixes)
}

/// The fixes, the only one preferred: Retroboard's codes are a fixed vocabulary, which no file
/// adds to, and the settings file is Retroboard's own.
fn single_preferred(mut fixes: Vec<Fix>) -> Vec<Fix> {
    if let [only] = fixes.as_mut_slice() {
        only.preferred = true;
    }
    fixes
}

#[cfg(test)]
#[path = "file_tests.rs"]
mod tests;
