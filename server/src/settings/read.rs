//! Reading the rules (`[rules]`, an override's `rules`) and the file globs of a settings file,
//! and why one cannot be read.

use std::collections::BTreeMap;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::{CONFIG, Level, file};
use crate::findings::{Fix, Severity};
use crate::formats::code_doc;

/// Why a settings file cannot be read as such, where, and the fixes that may mend it.
pub(super) struct Problem {
    pub message: String,
    pub range: Option<std::ops::Range<usize>>,
    pub fixes: Vec<Fix>,
}

impl From<(String, Option<std::ops::Range<usize>>)> for Problem {
    fn from((message, range): (String, Option<std::ops::Range<usize>>)) -> Problem {
        Problem {
            message,
            range,
            fixes: Vec::new(),
        }
    }
}

/// The rules of `[rules]` or of an override, in the settings file's `text`.
pub(super) fn rules(
    text: &str,
    raw: &BTreeMap<String, String>,
    at: &dyn Fn(&str) -> Option<std::ops::Range<usize>>,
) -> Result<Vec<(String, Level)>, Problem> {
    let mut rules = Vec::new();
    for (code, level) in raw {
        if code_doc(code).is_none() || code == CONFIG {
            // The key as written, in quotes when it is (a code holds a `/`, which needs them).
            let quoted = ['"', '\'']
                .iter()
                .find_map(|q| text.find(&format!("{q}{code}{q}")))
                .map(|start| start + 1..start + 1 + code.len());
            let range = quoted.or_else(|| at(code));
            return Err(Problem {
                message: format!(
                    "\u{201c}{code}\u{201d} is no code Retroboard reports{} (“retroboard explain” lists them)",
                    file::did_you_mean(code, false)
                ),
                fixes: range
                    .clone()
                    .map(|r| file::code_fixes(text, r, Some(code), false))
                    .unwrap_or_default(),
                range,
            });
        }
        let level = match level.as_str() {
            "error" => Level::Severity(Severity::Error),
            "warning" => Level::Severity(Severity::Warning),
            "information" => Level::Severity(Severity::Information),
            "hint" => Level::Severity(Severity::Hint),
            "off" => Level::Off,
            other => {
                return Err((
                    format!(
                        "\u{201c}{other}\u{201d} (for {code}) is no level: write error, warning, information, hint or off"
                    ),
                    at(other),
                )
                    .into());
            }
        };
        rules.push((code.clone(), level));
    }
    Ok(rules)
}

pub(super) fn globs(
    patterns: &[String],
    at: &dyn Fn(&str) -> Option<std::ops::Range<usize>>,
) -> Result<GlobSet, Problem> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = Glob::new(pattern).map_err(|err| {
            (
                format!(
                    "the file pattern \u{201c}{pattern}\u{201d} is not valid: {}",
                    err.kind()
                ),
                at(pattern),
            )
        })?;
        set.add(glob);
    }
    set.build()
        .map_err(|err| (format!("the file patterns are not valid: {err}"), None).into())
}

/// The version `[game] key` chooses among `versions` (value as written, and what it chooses);
/// not written: `None`, told from the files.
pub(super) fn version<T: Copy>(
    value: &Option<String>,
    key: &str,
    versions: &[(&str, Option<T>, &str)],
    at: &dyn Fn(&str) -> Option<std::ops::Range<usize>>,
) -> Result<Option<T>, Problem> {
    let Some(value) = value else {
        return Ok(None);
    };
    if let Some((_, chosen, _)) = versions.iter().find(|(name, _, _)| name == value) {
        return Ok(*chosen);
    }
    let names: Vec<String> = versions
        .iter()
        .map(|(n, _, _)| format!("\"{n}\""))
        .collect();
    Err((
        format!(
            "\u{201c}{value}\u{201d} is no {key} version of [game]: use {}",
            names.join(", ")
        ),
        at(&format!("\"{value}\"")).map(|r| r.start + 1..r.end - 1),
    )
        .into())
}
