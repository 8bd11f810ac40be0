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
//!
//! [[suppress]]                   # silence one finding, in the formats without comments
//! file = "Games/Klondike.pat"    # a path or glob, relative to this file
//! code = "patience/foundation-value"
//! place = "pile:7"               # where, in the game's terms (below)
//! reason = "the eighth foundation starts at a Queen on purpose"
//! ```
//!
//! A `[[suppress]]` entry silences the findings of its `code` at its `place` in the files its
//! `file` names (Colossus files too, though a `# retroboard: ignore[...]` comment says it where
//! it applies). Places survive edits elsewhere in the file ([`crate::formats::place`] lists
//! them): `pile:7`, `name`, `header` (Patience); `square:D4`, `line:2`, `board` (Othello);
//! `cell:3:5` (row and column from 1), `header`, `board` (peg); `cell:3:5`, a header field
//! such as `large-grid-size-x`, `board` (Crossmines); `file` and `line-text:TEXT` (the line's
//! text, blanks collapsed) in every format. What an entry silences is reported as suppressed
//! (SARIF: `external`, the reason as justification; `check --no-suppressions` shows it). An
//! entry that silences nothing in the files it names that were checked is reported as
//! `retroboard/unused-suppression` in this file, with a fix that removes it.
//!
//! A settings file that cannot be read as such (or at all: over 1 MiB) is one
//! `retroboard/config` finding in that file; the checks then run with the defaults. A `[[suppress]]` entry that cannot be read (a key
//! missing, an unknown place) is one `retroboard/config` finding on it; the rest applies.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use globset::{Glob, GlobSet};
use serde::Deserialize;

use crate::findings::{Finding, Severity, TextEdit};
use crate::formats::colossus::dialect::Dialect;
use crate::formats::peg::view::DotRule;
use crate::formats::{GameChoice, code_doc, codes};
use crate::registry::FormatId;

mod complete;
pub mod file;
mod read;
#[cfg(test)]
mod schema;

use read::{Problem, globs, rules, version};

/// The names a settings file may have, in the order they are looked for in each folder.
pub const FILE_NAMES: [&str; 2] = ["retroboard.toml", ".retroboard.toml"];

/// The code of a suppression (a comment, a `[[suppress]]` entry) that silences nothing.
pub const UNUSED: &str = codes::UNUSED_SUPPRESSION.name;

/// What a "suppress here" comment or entry says as its reason, for the modder to replace.
pub const REASON_PLACEHOLDER: &str = "reason";

/// The code of a settings file's own problem.
pub const CONFIG: &str = codes::CONFIG.name;

/// The largest settings file read, in bytes.
pub const MAX_BYTES: u64 = 1 << 20;

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
    /// The `[[suppress]]` entries that could be read.
    suppress: Vec<SuppressEntry>,
    /// The game versions `[game]` chooses.
    pub game: GameChoice,
    /// Why the file could not be read as settings (the defaults apply then).
    pub problem: Option<Finding>,
    /// The `[[suppress]]` entries that cannot be read, one finding each (the rest applies).
    pub entry_problems: Vec<Finding>,
}

/// What one check of one file made of the `[[suppress]]` entries of the settings file that
/// governs it: the entries whose `file` names it, and those that silenced one of its findings
/// (indexes among the entries). Returned by the check, never kept in the settings: whether an
/// entry is unused is worked out from the checks the caller made ([`Settings::findings`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntriesUsed {
    /// The settings file.
    pub settings: PathBuf,
    /// The checked file.
    pub file: PathBuf,
    pub named: Vec<usize>,
    pub used: Vec<usize>,
}

impl EntriesUsed {
    /// Adds what a later part of the same check used (its slow findings).
    pub fn add(&mut self, later: EntriesUsed) {
        for index in later.named {
            if !self.named.contains(&index) {
                self.named.push(index);
            }
        }
        for index in later.used {
            if !self.used.contains(&index) {
                self.used.push(index);
            }
        }
    }
}

/// One `[[suppress]]` entry.
#[derive(Debug)]
pub struct SuppressEntry {
    files: globset::GlobMatcher,
    /// As written.
    pub file: String,
    pub code: String,
    /// In its normal form ([`crate::formats::place::parse`]).
    pub place: String,
    pub reason: String,
    /// Its lines in the settings file, from `[[suppress]]` to its last key's line break.
    pub range: std::ops::Range<usize>,
}

/// The keys of a `[[suppress]]` entry, each required, with what it says.
pub(crate) const SUPPRESS_KEYS: [(&str, &str); 4] = [
    ("file", "the file's path or glob"),
    ("code", "the code silenced"),
    ("place", "where, in the game's terms"),
    ("reason", "why"),
];

// The settings file as read. The JSON Schema of retroboard.toml (schemas/retroboard.schema.json)
// is made from these types: their fields, the doc comments of the fields, and `settings/schema.rs`
// for what the types leave open (the codes, levels and format ids, the `[[suppress]]` entries).

/// The settings of Retroboard (the language server and `retroboard check`) for the files in
/// this file's folder and below.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(
    test,
    derive(schemars::JsonSchema),
    schemars(title = "retroboard.toml")
)]
struct RawSettings {
    /// The level of each code: error, warning, information, hint, or off (not reported).
    #[serde(default)]
    #[cfg_attr(test, schemars(schema_with = "schema::rules"))]
    rules: BTreeMap<String, String>,
    /// Rules for some files only: the last override that matches a file and names a code wins
    /// over [rules].
    #[serde(default)]
    overrides: Vec<RawOverride>,
    /// Which files a folder's check reads, and the format of some files.
    #[serde(default)]
    files: RawFiles,
    /// Each entry silences the findings of one code at one place of the files it names, with
    /// the reason.
    #[serde(default)]
    #[cfg_attr(test, schemars(schema_with = "schema::suppress"))]
    suppress: Vec<toml::Spanned<BTreeMap<String, toml::Spanned<toml::Value>>>>,
    /// The versions of the games the files are read for, where the files cannot tell.
    #[serde(default)]
    game: RawGame,
}

/// `[game]`: the versions of the games the files are read for.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema), schemars(rename = "game"))]
struct RawGame {
    /// The Colossus version every variant is read for (default: told from its files).
    #[cfg_attr(test, schemars(schema_with = "schema::colossus_version"))]
    colossus: Option<String>,
    /// The peg solitaire game version 2 boards are read for (default: the one each fits).
    #[cfg_attr(test, schemars(schema_with = "schema::peg_version"))]
    peg: Option<String>,
}

/// The values `[game] colossus` takes, the dialect each chooses (`None`: told from the files),
/// and what it means.
pub const COLOSSUS_VERSIONS: [(&str, Option<Dialect>, &str); 4] = [
    ("auto", None, "told from the variant's files (the default)"),
    (
        "2002-02",
        Some(Dialect::Feb2002),
        "the documented format: terrain letters, 18-field creatures",
    ),
    (
        "2002-11",
        Some(Dialect::Nov2002),
        "TITANIMPROVE, HINT:, river hexsides, 21-field creatures",
    ),
    (
        "2003-10",
        Some(Dialect::Oct2003),
        "terrain names instead of letters",
    ),
];

/// The values `[game] peg` takes: the game of 11 Nov 2018 (svn r11) or the final one.
pub const PEG_VERSIONS: [(&str, Option<DotRule>, &str); 3] = [
    ("auto", None, "told from each board (the default)"),
    (
        "rev11",
        Some(DotRule::Counted),
        "the game of 11 Nov 2018: a version 2 dot is a half-width field",
    ),
    (
        "final",
        Some(DotRule::Stripped),
        "the final game: version 2 dots are deleted and shift their row",
    ),
];

/// Rules for the files some globs match.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema), schemars(rename = "override"))]
struct RawOverride {
    /// The files' globs, relative to this file.
    files: Vec<String>,
    /// The level of each code in those files.
    #[serde(default)]
    #[cfg_attr(test, schemars(schema_with = "schema::rules"))]
    rules: BTreeMap<String, String>,
}

/// Which files a folder's check reads; every other key is a glob, its value the format its
/// files are read as.
#[derive(Default, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema), schemars(rename = "files"))]
struct RawFiles {
    /// A folder's check reads only the files these globs match (default: every data file).
    include: Option<Vec<String>>,
    /// A folder's check never reads the files these globs match.
    #[serde(default)]
    exclude: Vec<String>,
    /// Every other key: a glob, read as the format its value names.
    #[serde(flatten)]
    #[cfg_attr(test, schemars(with = "BTreeMap<String, schema::FormatName>"))]
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
            suppress: Vec::new(),
            game: GameChoice::default(),
            problem: None,
            entry_problems: Vec::new(),
        }
    }

    /// The defaults, for the settings file at `path` that could not be read (`err`): its one
    /// finding, at its start, says why.
    fn unread(path: &Path, err: &crate::disk::ReadError) -> Settings {
        let name = file_name(path);
        let why = match err {
            crate::disk::ReadError::TooLarge(bytes, _) => format!(
                "{name} is too large to be read: {bytes} bytes, more than the 1 MiB \
({MAX_BYTES} bytes) a settings file may have"
            ),
            err => format!("{name} cannot be read: {err}"),
        };
        let mut settings = Settings::defaults(path);
        settings.problem = Some(Finding::new(
            codes::CONFIG,
            0..0,
            format!("{why}; the checks use the default settings until it is fixed"),
        ));
        settings
    }

    /// The settings in `text`, the content of the settings file at `path`.
    pub fn parse(path: &Path, text: &str) -> Settings {
        match Settings::read(path, text) {
            Ok(settings) => settings,
            Err(Problem {
                message,
                range,
                fixes,
            }) => {
                let mut settings = Settings::defaults(path);
                settings.problem = Some(
                    Finding::new(
                        codes::CONFIG,
                        range.unwrap_or(0..text.lines().next().map_or(0, str::len)),
                        format!("{message}; the checks use the default settings until it is fixed"),
                    )
                    .with_fixes(fixes),
                );
                settings
            }
        }
    }

    fn read(path: &Path, text: &str) -> Result<Settings, Problem> {
        let raw: RawSettings = toml::from_str(text).map_err(|err| {
            (
                format!("{}: {}", file_name(path), one_line(err.message())),
                err.span(),
            )
        })?;
        // Where a key is written, for a finding on it.
        let at = |key: &str| text.find(key).map(|start| start..start + key.len());
        let rules = |raw| rules(text, raw, &at);
        let mut settings = Settings::defaults(path);
        settings.rules = rules(&raw.rules)?;
        for over in &raw.overrides {
            settings
                .overrides
                .push((globs(&over.files, &at)?, rules(&over.rules)?));
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
                )
                    .into());
            };
            settings.formats.push((matcher, format));
        }
        settings.game = GameChoice {
            colossus: version(&raw.game.colossus, "colossus", &COLOSSUS_VERSIONS, &at)?,
            peg: version(&raw.game.peg, "peg", &PEG_VERSIONS, &at)?,
        };
        for entry in &raw.suppress {
            match suppress_entry(text, entry) {
                Ok(entry) => settings.suppress.push(entry),
                Err((message, range)) => {
                    // A misspelt code: the codes it may have meant.
                    let fixes = match entry.get_ref().get("code") {
                        Some(code) if code.span() == range => {
                            file::code_fixes(text, range.clone(), code.get_ref().as_str(), true)
                        }
                        _ => Vec::new(),
                    };
                    settings.entry_problems.push(
                        Finding::new(
                            codes::CONFIG,
                            range,
                            format!("{message}; the other settings apply"),
                        )
                        .with_fixes(fixes),
                    );
                }
            }
        }
        Ok(settings)
    }

    /// The `[[suppress]]` entries that name the file at `path`, with their indexes.
    pub fn suppressions_for(&self, path: &Path) -> Vec<(usize, &SuppressEntry)> {
        let Some(relative) = self.relative(path) else {
            return Vec::new();
        };
        self.suppress
            .iter()
            .enumerate()
            .filter(|(_, e)| e.files.is_match(relative))
            .collect()
    }

    /// The entries named by the files `checks` checked, and those that silenced one of their
    /// findings (the union of the checks; other settings files' entries are passed over): what
    /// [`file::findings`] reports unused.
    pub fn entry_use<'a>(
        &self,
        checks: impl IntoIterator<Item = &'a EntriesUsed>,
    ) -> (Vec<usize>, Vec<usize>) {
        let (mut named, mut used): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
        for check in checks.into_iter().filter(|c| c.settings == self.path) {
            named.extend(&check.named);
            used.extend(&check.used);
        }
        (named, used)
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

/// A `[[suppress]]` entry of `text`, read, or why it cannot be and where.
fn suppress_entry(
    text: &str,
    entry: &toml::Spanned<BTreeMap<String, toml::Spanned<toml::Value>>>,
) -> Result<SuppressEntry, (String, std::ops::Range<usize>)> {
    let span = entry.span();
    // The entry's lines: from its `[[suppress]]` header (the last one before its first key) to
    // the line break after its last key.
    let first = entry
        .get_ref()
        .values()
        .map(|v| v.span().start)
        .min()
        .unwrap_or(span.start)
        .min(text.len());
    let header = text[..first].rfind("[[suppress]]").unwrap_or(span.start);
    let start = text[..header].rfind('\n').map_or(0, |n| n + 1);
    let last = entry
        .get_ref()
        .values()
        .map(|v| v.span().end)
        .max()
        .unwrap_or(span.end)
        .max(header + "[[suppress]]".len());
    let end = text[last.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |n| last + n + 1);
    let header_range = header..(header + "[[suppress]]".len()).min(text.len());
    let keys = entry.get_ref();
    if let Some((key, value)) = keys
        .iter()
        .find(|(k, _)| !SUPPRESS_KEYS.iter().any(|(known, _)| known == k))
    {
        let at = text[start..end]
            .find(key.as_str())
            .map_or(value.span(), |i| start + i..start + i + key.len());
        return Err((
            format!(
                "a [[suppress]] entry has no key \u{201c}{key}\u{201d}: it takes file, code, place and reason"
            ),
            at,
        ));
    }
    let string =
        |key: &str| -> Result<(String, std::ops::Range<usize>), (String, std::ops::Range<usize>)> {
            match keys.get(key) {
                None => Err((
                    format!(
                        "this [[suppress]] entry has no “{key}”: every entry names the file, the code, \
the place and the reason, as file = \"Klondike.pat\", code = \"patience/foundation-value\", \
place = \"pile:7\", reason = \"why\""
                    ),
                    header_range.clone(),
                )),
                Some(value) => match value.get_ref().as_str() {
                    Some(s) => Ok((s.to_string(), value.span())),
                    None => Err((
                        format!("“{key}” of a [[suppress]] entry is text, in quotes"),
                        value.span(),
                    )),
                },
            }
        };
    let (file, file_at) = string("file")?;
    let (code, code_at) = string("code")?;
    let (place, place_at) = string("place")?;
    let (reason, _) = string("reason")?;
    let files = Glob::new(&file)
        .map_err(|err| {
            (
                format!(
                    "the file pattern \u{201c}{file}\u{201d} is not valid: {}",
                    err.kind()
                ),
                file_at,
            )
        })?
        .compile_matcher();
    if code_doc(&code).is_none() || code.starts_with("retroboard/") {
        return Err((
            format!(
                "\u{201c}{code}\u{201d} is no code a [[suppress]] entry can silence{} (“retroboard explain” lists the codes)",
                file::did_you_mean(&code, true)
            ),
            code_at,
        ));
    }
    let place = crate::formats::place::parse(&place).map_err(|why| (why, place_at))?;
    Ok(SuppressEntry {
        files,
        file,
        code,
        place,
        reason,
        range: start..end,
    })
}

/// The text that appends a `[[suppress]]` entry to a settings file holding `text` (empty for a
/// new file), as one insertion at its end: `file` relative to the settings file's folder.
pub fn suppress_entry_edit(text: &str, file: &str, code: &str, place: &str) -> TextEdit {
    let separator = if text.is_empty() || text.ends_with("\n\n") {
        ""
    } else if text.ends_with('\n') {
        "\n"
    } else {
        "\n\n"
    };
    TextEdit::insert(
        text.len(),
        format!(
            "{separator}[[suppress]]\nfile = {}\ncode = {}\nplace = {}\nreason = {}\n",
            toml_string(file),
            toml_string(code),
            toml_string(place),
            toml_string(REASON_PLACEHOLDER),
        ),
    )
}

/// `text` as a TOML basic string.
fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The TOML reader's message on one line, its Markdown quotes (`x`) as typographic ones (“x”):
/// messages are plain text in every client.
fn one_line(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut quoted = String::with_capacity(line.len());
    for (i, part) in line.split('`').enumerate() {
        if i > 0 {
            quoted.push(if i % 2 == 1 { '“' } else { '”' });
        }
        quoted.push_str(part);
    }
    quoted
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
        // A settings file is a few lines: 1 MiB is plenty, and a larger one is not read (a
        // finding says so, the defaults apply).
        let bytes = match crate::disk::read(&settings_file, MAX_BYTES) {
            Ok(bytes) => bytes,
            // Gone since it was seen: no settings file.
            Err(crate::disk::ReadError::Io(err)) if err.kind() == std::io::ErrorKind::NotFound => {
                return None;
            }
            Err(err) => return Some(Arc::new(Settings::unread(&settings_file, &err))),
        };
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
                Finding::new(code_doc("patience/file-name").unwrap(), 0..0, "named so"),
                Finding::new(code_doc("colossus/titan-recruit").unwrap(), 1..2, "a Titan"),
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
    fn a_settings_file_too_large_to_read_is_one_finding_and_the_defaults() {
        let dir =
            std::env::temp_dir().join(format!("retroboard-settings-{}-large", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut text = "[rules]\n\"colossus/missing-tower\" = \"off\"\n#".to_string();
        text.push_str(&"x".repeat(1 << 20));
        std::fs::write(dir.join("retroboard.toml"), &text).unwrap();
        let discovery = Discovery::default();
        let s = discovery.for_file(&dir.join("a.ter")).unwrap();
        assert_eq!(s.path, dir.join("retroboard.toml"));
        let problem = s.problem.as_ref().unwrap();
        assert_eq!(problem.code, CONFIG);
        assert_eq!(problem.range, 0..0);
        assert_eq!(
            problem.message,
            format!(
                "retroboard.toml is too large to be read: {} bytes, more than the 1 MiB \
(1048576 bytes) a settings file may have; the checks use the default settings until it is fixed",
                text.len()
            )
        );
        assert_eq!(s.level(&dir.join("a.ter"), "colossus/missing-tower"), None);
        // At the limit, it is read.
        text.truncate(1 << 20);
        std::fs::write(dir.join("retroboard.toml"), &text).unwrap();
        let s = discovery.for_file(&dir.join("a.ter")).unwrap();
        assert_eq!(s.problem, None);
        assert_eq!(
            s.level(&dir.join("a.ter"), "colossus/missing-tower"),
            Some(Level::Off)
        );
    }

    #[test]
    fn a_malformed_file_is_one_finding_and_the_defaults() {
        for (text, message, at) in [
            (
                "[rules]\n\"colossus/nothing\" = \"off\"\n",
                "\u{201c}colossus/nothing\u{201d} is no code Retroboard reports (“retroboard explain” lists them)",
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
                "retroboard.toml: unknown field “colours”",
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

    const ENTRY: &str = "[[suppress]]\nfile = \"Games/*.pat\"\ncode = \"patience/foundation-value\"\nplace = \"Pile:7\"\nreason = \"a Queen on purpose\"\n";

    #[test]
    fn a_suppress_entry_names_files_code_place_and_reason() {
        let text = format!("[rules]\n\"patience/file-name\" = \"off\"\n\n{ENTRY}");
        let s = settings(&text);
        assert_eq!(s.problem, None);
        assert_eq!(s.entry_problems, []);
        let named = s.suppressions_for(Path::new("/mod/Games/Klondike.pat"));
        let [(0, entry)] = named.as_slice() else {
            panic!("{named:?}")
        };
        assert_eq!(entry.file, "Games/*.pat");
        assert_eq!(entry.code, "patience/foundation-value");
        assert_eq!(entry.place, "pile:7");
        assert_eq!(entry.reason, "a Queen on purpose");
        assert_eq!(&text[entry.range.clone()], ENTRY);
        assert!(
            s.suppressions_for(Path::new("/mod/Other/Klondike.pat"))
                .is_empty()
        );
        assert!(
            s.suppressions_for(Path::new("/elsewhere/Games/Klondike.pat"))
                .is_empty()
        );
    }

    #[test]
    fn an_entry_is_unused_once_a_file_it_names_was_checked_without_using_it() {
        let text = format!("{ENTRY}\n{}", ENTRY.replace("Pile:7", "pile:8"));
        let s = settings(&text);
        let file = Path::new("/mod/Games/Klondike.pat");
        let check = |named: Vec<usize>, used: Vec<usize>| EntriesUsed {
            settings: s.path.clone(),
            file: file.to_path_buf(),
            named,
            used,
        };
        let unused = |checks: &[&EntriesUsed]| {
            let (named, used) = s.entry_use(checks.iter().copied());
            file::findings(&s.path, &text, &named, &used)
        };
        assert_eq!(unused(&[]), [], "nothing checked yet");
        let mut first = check(vec![0, 1], vec![0]);
        let [finding] = unused(&[&first]).try_into().unwrap();
        assert_eq!(finding.code, UNUSED);
        assert!(finding.range.start > ENTRY.len());
        // The slow findings of the same check use the second one: no finding then.
        first.add(check(Vec::new(), vec![1]));
        assert_eq!(unused(&[&first]), []);
        // Another file's check that uses neither leaves them used (the union of the checks).
        let other = check(vec![0, 1], Vec::new());
        assert_eq!(unused(&[&first, &other]), []);
        // That check alone: both unused.
        assert_eq!(unused(&[&other]).len(), 2);
        // What other settings files' checks used is not this one's.
        let elsewhere = EntriesUsed {
            settings: PathBuf::from("/other/retroboard.toml"),
            ..first.clone()
        };
        assert_eq!(unused(&[&other, &elsewhere]).len(), 2);
    }

    #[test]
    fn a_malformed_entry_is_one_finding_and_the_rest_applies() {
        for (broken, message, at) in [
            (
                ENTRY.replace("file = \"Games/*.pat\"\n", ""),
                "this [[suppress]] entry has no “file”",
                "[[suppress]]",
            ),
            (
                ENTRY.replace("code = \"patience/foundation-value\"\n", ""),
                "this [[suppress]] entry has no “code”",
                "[[suppress]]",
            ),
            (
                ENTRY.replace("place = \"Pile:7\"\n", ""),
                "this [[suppress]] entry has no “place”",
                "[[suppress]]",
            ),
            (
                ENTRY.replace("reason = \"a Queen on purpose\"\n", ""),
                "this [[suppress]] entry has no “reason”",
                "[[suppress]]",
            ),
            (
                ENTRY.replace("Pile:7", "row:7"),
                "\u{201c}row:7\u{201d} is no place: write file, line-text:TEXT",
                "\"row:7\"",
            ),
            (
                ENTRY.replace("Pile:7", "pile:0"),
                "“pile:0”: a pile is a number from 1 (the stock), as “pile:7”",
                "\"pile:0\"",
            ),
            (
                ENTRY.replace("patience/foundation-value", "patience/nothing"),
                "\u{201c}patience/nothing\u{201d} is no code a [[suppress]] entry can silence",
                "\"patience/nothing\"",
            ),
            (
                ENTRY.replace("Games/*.pat", "Games/[.pat"),
                "the file pattern \u{201c}Games/[.pat\u{201d} is not valid",
                "\"Games/[.pat\"",
            ),
            (
                ENTRY.replace("reason =", "line =  3\nreason ="),
                "a [[suppress]] entry has no key \u{201c}line\u{201d}: it takes file, code, place and reason",
                "line",
            ),
            (
                ENTRY.replace("\"Pile:7\"", "7"),
                "“place” of a [[suppress]] entry is text, in quotes",
                "7",
            ),
        ] {
            let text = format!("[rules]\n\"colossus/missing-tower\" = \"off\"\n{broken}{ENTRY}");
            let s = settings(&text);
            assert_eq!(s.problem, None, "{broken}");
            let [problem] = s.entry_problems.as_slice() else {
                panic!("{broken}: {:?}", s.entry_problems)
            };
            assert_eq!(problem.code, CONFIG);
            assert!(problem.message.starts_with(message), "{}", problem.message);
            assert!(problem.message.ends_with("; the other settings apply"));
            assert_eq!(&text[problem.range.clone()], at, "{broken}");
            // The rest applies: the rules, and the entry that reads well.
            assert_eq!(
                s.level(Path::new("/mod/a.ter"), "colossus/missing-tower"),
                Some(Level::Off)
            );
            assert_eq!(s.suppressions_for(Path::new("/mod/Games/K.pat")).len(), 1);
            assert_eq!(
                file::findings(&s.path, &text, &[], &[]),
                std::slice::from_ref(problem)
            );
        }
    }

    #[test]
    fn a_suppress_here_entry_reads_back_as_what_it_names() {
        for before in ["", "[rules]\n", "[rules]", "[rules]\n\n"] {
            let edit = suppress_entry_edit(
                before,
                "Games/K\\\"l\u{e9}.pat",
                "othello/chip-total",
                "line-text:a \"b\"",
            );
            let text = crate::findings::apply_edits(before, &[edit]).unwrap();
            assert!(
                text.contains("\n\n[[suppress]]") || before.is_empty(),
                "{text:?}"
            );
            let s = settings(&text);
            assert_eq!(s.problem, None, "{text}");
            assert_eq!(s.entry_problems, [], "{text}");
            let entry = &s.suppress[0];
            assert_eq!(entry.file, "Games/K\\\"l\u{e9}.pat");
            assert_eq!(entry.code, "othello/chip-total");
            assert_eq!(entry.place, "line-text:a \"b\"");
            assert_eq!(entry.reason, REASON_PLACEHOLDER);
        }
    }
}
