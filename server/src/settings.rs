//! Project settings: `retroboard.toml` (or `.retroboard.toml`), found by walking up from each
//! checked file, the same for `retroboard check` and the language server.
//!
//! ```toml
//! [rules]                        # any code's severity, or "off"
//! "patience/file-name" = "off"
//! "colossus/titan-recruit" = "error"
//!
//! [[overrides]]                  # rules for some files only (paths relative to this file)
//! files = ["Experimental/**"]
//! rules = { "colossus/missing-tower" = "warning" }
//!
//! [files]
//! include = ["**/*.pat", "**/*.brd"]   # `check` of a folder reads only these (default: all)
//! exclude = ["old/**"]                 # and never these
//! "patterns/**/*.pat" = "crossmines-pattern"   # read these files as this format
//! ```
//!
//! A settings file that cannot be read as such is one `retroboard/config` finding in that file;
//! the checks then run with the defaults.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use globset::{Glob, GlobSet, GlobSetBuilder};
use serde::Deserialize;

use crate::findings::{Finding, Severity};
use crate::formats::code_doc;
use crate::registry::FormatId;

/// The names a settings file may have, in the order they are looked for in each folder.
pub const FILE_NAMES: [&str; 2] = ["retroboard.toml", ".retroboard.toml"];

/// The code of a settings file's own problem.
pub const CONFIG: &str = "retroboard/config";

/// What a rule sets a code to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Severity(Severity),
    Off,
}

/// The settings of one `retroboard.toml`, read.
#[derive(Debug)]
pub struct Settings {
    /// The settings file, and the folder its globs are relative to.
    pub path: PathBuf,
    root: PathBuf,
    rules: Vec<(String, Level)>,
    overrides: Vec<(GlobSet, Vec<(String, Level)>)>,
    include: Option<GlobSet>,
    exclude: GlobSet,
    formats: Vec<(globset::GlobMatcher, FormatId)>,
    /// Why the file could not be read as settings (the defaults apply then).
    pub problem: Option<Finding>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    #[serde(default)]
    rules: BTreeMap<String, String>,
    #[serde(default)]
    overrides: Vec<RawOverride>,
    #[serde(default)]
    files: RawFiles,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    files: Vec<String>,
    #[serde(default)]
    rules: BTreeMap<String, String>,
}

#[derive(Default, Deserialize)]
struct RawFiles {
    include: Option<Vec<String>>,
    #[serde(default)]
    exclude: Vec<String>,
    /// Every other key: a glob, read as the format its value names.
    #[serde(flatten)]
    formats: BTreeMap<String, String>,
}

impl Settings {
    /// The defaults: every code as documented, every file included.
    fn defaults(path: &Path) -> Settings {
        Settings {
            path: path.to_path_buf(),
            root: path.parent().unwrap_or(Path::new("")).to_path_buf(),
            rules: Vec::new(),
            overrides: Vec::new(),
            include: None,
            exclude: GlobSet::empty(),
            formats: Vec::new(),
            problem: None,
        }
    }

    /// The settings in `text`, the content of the settings file at `path`.
    pub fn parse(path: &Path, text: &str) -> Settings {
        match Settings::read(path, text) {
            Ok(settings) => settings,
            Err((message, range)) => {
                let mut settings = Settings::defaults(path);
                settings.problem = Some(Finding::new(
                    Severity::Error,
                    CONFIG,
                    range.unwrap_or(0..text.lines().next().map_or(0, str::len)),
                    format!("{message}; the checks use the default settings until it is fixed"),
                ));
                settings
            }
        }
    }

    fn read(path: &Path, text: &str) -> Result<Settings, (String, Option<std::ops::Range<usize>>)> {
        let raw: RawSettings = toml::from_str(text).map_err(|err| {
            (
                format!("{}: {}", file_name(path), one_line(err.message())),
                err.span(),
            )
        })?;
        // Where a key is written, for a finding on it.
        let at = |key: &str| text.find(key).map(|start| start..start + key.len());
        let mut settings = Settings::defaults(path);
        settings.rules = rules(&raw.rules, &at)?;
        for over in &raw.overrides {
            settings
                .overrides
                .push((globs(&over.files, &at)?, rules(&over.rules, &at)?));
        }
        if let Some(include) = &raw.files.include {
            settings.include = Some(globs(include, &at)?);
        }
        settings.exclude = globs(&raw.files.exclude, &at)?;
        for (glob, format) in &raw.files.formats {
            let matcher = Glob::new(glob)
                .map_err(|err| {
                    (
                        format!(
                            "the file pattern \u{201c}{glob}\u{201d} is not valid: {}",
                            err.kind()
                        ),
                        at(glob),
                    )
                })?
                .compile_matcher();
            let Some(format) = FormatId::from_id(format) else {
                return Err((
                    format!(
                        "\u{201c}{format}\u{201d} (for \u{201c}{glob}\u{201d}) is no format Retroboard reads: use one of {}",
                        FormatId::ALL
                            .iter()
                            .map(|f| f.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    at(format),
                ));
            };
            settings.formats.push((matcher, format));
        }
        Ok(settings)
    }

    /// The path of a file relative to the settings file's folder, as its globs read it.
    fn relative<'p>(&self, path: &'p Path) -> Option<&'p Path> {
        path.strip_prefix(&self.root).ok()
    }

    /// What the settings make of `code` in the file at `path`: the last rule that names it
    /// (an override that matches the file over `[rules]`).
    pub fn level(&self, path: &Path, code: &str) -> Option<Level> {
        let relative = self.relative(path);
        let from = |rules: &[(String, Level)]| {
            rules
                .iter()
                .rev()
                .find(|(c, _)| c == code)
                .map(|(_, level)| *level)
        };
        self.overrides
            .iter()
            .rev()
            .filter(|(files, _)| relative.is_some_and(|r| files.is_match(r)))
            .find_map(|(_, rules)| from(rules))
            .or_else(|| from(&self.rules))
    }

    /// The findings of the file at `path` as the rules have them: severities changed, codes
    /// turned off removed. The settings' own problem is never turned off.
    pub fn apply(&self, path: &Path, findings: &mut Vec<Finding>) {
        findings.retain_mut(|finding| {
            if finding.code == CONFIG {
                return true;
            }
            match self.level(path, finding.code) {
                Some(Level::Off) => false,
                Some(Level::Severity(severity)) => {
                    finding.severity = severity;
                    true
                }
                None => true,
            }
        });
    }

    /// As [`Settings::apply`] for an audit (`check --no-suppressions`): severities changed,
    /// but a finding of a code turned off is kept, at its own severity, its message saying so.
    pub fn apply_auditing(&self, path: &Path, findings: &mut [Finding]) {
        for finding in findings.iter_mut().filter(|f| f.code != CONFIG) {
            match self.level(path, finding.code) {
                Some(Level::Off) => finding
                    .message
                    .push_str(&format!("; {} turns this code off", file_name(&self.path))),
                Some(Level::Severity(severity)) => finding.severity = severity,
                None => {}
            }
        }
    }

    /// The format `[files]` reads the file at `path` as, if it names one.
    pub fn format_for(&self, path: &Path) -> Option<FormatId> {
        let relative = self.relative(path)?;
        self.formats
            .iter()
            .rev()
            .find(|(glob, _)| glob.is_match(relative))
            .map(|(_, format)| *format)
    }

    /// Whether a folder walk reads the file at `path` (`[files]` include and exclude).
    pub fn includes(&self, path: &Path) -> bool {
        let Some(relative) = self.relative(path) else {
            return true;
        };
        !self.exclude.is_match(relative)
            && self.include.as_ref().is_none_or(|i| i.is_match(relative))
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

type Problem = (String, Option<std::ops::Range<usize>>);

fn rules(
    raw: &BTreeMap<String, String>,
    at: &dyn Fn(&str) -> Option<std::ops::Range<usize>>,
) -> Result<Vec<(String, Level)>, Problem> {
    let mut rules = Vec::new();
    for (code, level) in raw {
        if code_doc(code).is_none() || code == CONFIG {
            return Err((
                format!(
                    "\u{201c}{code}\u{201d} is no code Retroboard reports (`retroboard explain` lists them)"
                ),
                at(code),
            ));
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
                ));
            }
        };
        rules.push((code.clone(), level));
    }
    Ok(rules)
}

fn globs(
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
        .map_err(|err| (format!("the file patterns are not valid: {err}"), None))
}

/// Finds the settings of files by walking up from their folders (every time: a few `stat`s,
/// and a settings file created or deleted counts at once); each settings file is read as
/// settings once per text.
#[derive(Default)]
pub struct Discovery {
    /// Settings file → its text and what was read from it.
    read: Mutex<HashMap<PathBuf, (String, Arc<Settings>)>>,
}

impl Discovery {
    /// The settings that govern the file at `path` (an absolute path), if any.
    pub fn for_file(&self, path: &Path) -> Option<Arc<Settings>> {
        let settings_file = path.ancestors().skip(1).find_map(|dir| {
            FILE_NAMES
                .iter()
                .map(|name| dir.join(name))
                .find(|p| p.is_file())
        })?;
        // A settings file is a few lines: 1 MB is plenty, and a larger one is not read.
        let bytes = crate::disk::read(&settings_file, 1 << 20).ok()?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let mut read = self.read.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((known, settings)) = read.get(&settings_file)
            && *known == text
        {
            return Some(settings.clone());
        }
        let settings = Arc::new(Settings::parse(&settings_file, &text));
        read.insert(settings_file, (text, settings.clone()));
        Some(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Settings {
        Settings::parse(Path::new("/mod/retroboard.toml"), text)
    }

    #[test]
    fn rules_and_overrides_set_levels_the_last_matching_one_winning() {
        let s = settings(
            "[rules]\n\"patience/file-name\" = \"off\"\n\"colossus/titan-recruit\" = \"error\"\n\
             [[overrides]]\nfiles = [\"Experimental/**\"]\nrules = { \"colossus/titan-recruit\" = \"hint\" }\n",
        );
        assert_eq!(s.problem, None);
        let normal = Path::new("/mod/Tiny/Tiny.ter");
        let experimental = Path::new("/mod/Experimental/X.ter");
        assert_eq!(s.level(normal, "patience/file-name"), Some(Level::Off));
        assert_eq!(
            s.level(normal, "colossus/titan-recruit"),
            Some(Level::Severity(Severity::Error))
        );
        assert_eq!(
            s.level(experimental, "colossus/titan-recruit"),
            Some(Level::Severity(Severity::Hint))
        );
        assert_eq!(s.level(normal, "colossus/missing-tower"), None);
    }

    #[test]
    fn an_audit_keeps_the_codes_turned_off_and_says_so() {
        let s = settings(
            "[rules]\n\"patience/file-name\" = \"off\"\n\"colossus/titan-recruit\" = \"error\"\n",
        );
        let path = Path::new("/mod/a.pat");
        let found = || {
            vec![
                Finding::new(Severity::Warning, "patience/file-name", 0..0, "named so"),
                Finding::new(Severity::Warning, "colossus/titan-recruit", 1..2, "a Titan"),
            ]
        };
        let mut applied = found();
        s.apply(path, &mut applied);
        assert_eq!(applied.len(), 1);
        let mut audited = found();
        s.apply_auditing(path, &mut audited);
        assert_eq!(
            audited
                .iter()
                .map(|f| (f.severity, f.message.as_str()))
                .collect::<Vec<_>>(),
            [
                (
                    Severity::Warning,
                    "named so; retroboard.toml turns this code off"
                ),
                (Severity::Error, "a Titan"),
            ]
        );
    }

    #[test]
    fn files_choose_formats_and_what_a_walk_reads() {
        let s = settings(
            "[files]\ninclude = [\"**/*.pat\"]\nexclude = [\"old/**\"]\n\"patterns/**/*.pat\" = \"crossmines-pattern\"\n",
        );
        assert_eq!(s.problem, None);
        assert!(s.includes(Path::new("/mod/games/Klondike.pat")));
        assert!(!s.includes(Path::new("/mod/old/Klondike.pat")));
        assert!(!s.includes(Path::new("/mod/Tiny/Tiny.ter")));
        assert_eq!(
            s.format_for(Path::new("/mod/patterns/big/Hex.pat")),
            Some(FormatId::CrossminesPattern)
        );
        assert_eq!(s.format_for(Path::new("/mod/games/Klondike.pat")), None);
    }

    #[test]
    fn a_malformed_file_is_one_finding_and_the_defaults() {
        for (text, message, at) in [
            (
                "[rules]\n\"colossus/nothing\" = \"off\"\n",
                "\u{201c}colossus/nothing\u{201d} is no code Retroboard reports (`retroboard explain` lists them)",
                "colossus/nothing",
            ),
            (
                "[rules]\n\"colossus/missing-tower\" = \"loud\"\n",
                "\u{201c}loud\u{201d} (for colossus/missing-tower) is no level: write error, warning, information, hint or off",
                "loud",
            ),
            (
                "[files]\n\"*.pat\" = \"patience\"\n",
                "\u{201c}patience\u{201d} (for \u{201c}*.pat\u{201d}) is no format Retroboard reads",
                "patience",
            ),
            ("[rules\n", "retroboard.toml: ", "["),
            (
                "[colours]\nx = 1\n",
                "retroboard.toml: unknown field `colours`",
                "[colours]",
            ),
        ] {
            let s = settings(text);
            let problem = s.problem.as_ref().unwrap_or_else(|| panic!("{text:?}"));
            assert_eq!(problem.code, CONFIG);
            assert!(
                problem.message.starts_with(message),
                "{text:?}: {}",
                problem.message
            );
            assert!(
                problem
                    .message
                    .ends_with("the checks use the default settings until it is fixed"),
                "{}",
                problem.message
            );
            assert!(
                text[problem.range.clone()].contains(at)
                    || at.contains(&text[problem.range.clone()]),
                "{text:?}: {:?}",
                &text[problem.range.clone()]
            );
            assert_eq!(
                s.level(Path::new("/mod/a.ter"), "colossus/missing-tower"),
                None
            );
        }
    }
}
