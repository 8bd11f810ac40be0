//! `retroboard check`: walk the paths, check every file, print the findings.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use ropey::Rope;
use serde_json::{Value, json};

use super::baseline::{self, Baseline};
use super::fix::{self, FixMode, Fixed};
use super::paths::PathForm;
use crate::analysis::{self, Search, catch_panic, internal_error};
use crate::disk;
use crate::findings::{Finding, Severity};
use crate::formats::all_codes;
use crate::formats::{CachedFiles, DiskFiles, Files};
use crate::registry::FormatId;
use crate::registry::detect;
use crate::settings::{Discovery, EntriesUsed, Settings};
use crate::suppressions::{Silenced, SilencedBy};
use crate::syntax::Document;
use crate::text::{self, ColumnUnit};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
    Sarif,
}

/// One checked file.
struct Report {
    /// As the user typed it, or as the walk of a typed folder found it.
    path: PathBuf,
    format: Option<FormatId>,
    text: Rope,
    /// The findings reported: with `--baseline`, those it does not hold.
    findings: Vec<Finding>,
    /// With `--baseline`, the findings it holds (shown only in SARIF, as unchanged).
    baselined: Vec<Finding>,
    /// The findings its suppression comments silence (shown only in SARIF, as suppressed).
    silenced: Vec<Silenced>,
    /// What its check made of the `[[suppress]]` entries of its settings.
    entries: Option<EntriesUsed>,
    /// Which version of its game it is read for, and why (`--verbose` says it).
    version: Option<String>,
}

/// A file to check, and whether it was named on the command line (a named file is always
/// reported; a file found in a folder only when it is one of the formats).
pub(super) struct Found {
    pub path: PathBuf,
    pub named: bool,
}

/// What goes to standard error besides the report.
#[derive(Default)]
pub(super) struct Problems {
    /// A path could not be read or walked, or the report not written: exit status 2.
    pub errors: Vec<String>,
    /// A file of a walked folder that was skipped, and why: the findings give the status.
    pub skipped: Vec<String>,
}

/// How `check` runs.
pub struct Options {
    pub output: OutputFormat,
    /// Read every file as this format (`--as`).
    pub forced: Option<FormatId>,
    /// Name the format of every file, not only of those with findings; show every note.
    pub verbose: bool,
    /// The positions the search of a peg board examines at most (`--solve-positions`; 0: none).
    pub solve_positions: u64,
    pub fix: Option<FixMode>,
    pub baseline: Option<BaselineMode>,
    /// Report what inline suppressions silence and what `retroboard.toml` turns off, each
    /// saying so (`--no-suppressions`, an audit).
    pub no_suppressions: bool,
}

/// What `check` does with a baseline file.
pub enum BaselineMode {
    /// `--write-baseline FILE`: record the findings of this run.
    Write(PathBuf),
    /// `--baseline FILE`: report only the findings it does not hold; with `prune`
    /// (`--prune-baseline`), remove the entries that no longer occur from it.
    Compare { path: PathBuf, prune: bool },
}

/// Checks the files and folders.
pub fn run(paths: &[PathBuf], options: Options) -> ExitCode {
    // A baseline that cannot be read stops the run before any file is checked.
    let compared = match &options.baseline {
        Some(BaselineMode::Compare { path, prune }) => match Baseline::read(path) {
            Ok(baseline) => Some((baseline, shown(path), *prune)),
            Err(err) => {
                eprintln!("retroboard: {err}");
                return ExitCode::from(2);
            }
        },
        // Nor can a baseline that cannot be written (a named pipe, a device, a folder).
        Some(BaselineMode::Write(path)) => {
            if let Err(err) = disk::write_target(path) {
                eprintln!(
                    "retroboard: cannot write the baseline {}: {err}",
                    shown(path)
                );
                return ExitCode::from(2);
            }
            None
        }
        None => None,
    };
    let form = PathForm::of(paths);
    // An audit (`--no-suppressions`) reports what is silenced, each saying so.
    let check: &CheckFn = if options.no_suppressions {
        &analysis::audit
    } else {
        &analysis::check
    };
    let (mut reports, mut problems) = check_all(paths, &options, &form, check);
    let Options {
        output,
        verbose,
        baseline: baseline_mode,
        ..
    } = options;
    let mut said = Said::default();
    let mut wrote_baseline = false;
    match (&baseline_mode, compared) {
        (Some(BaselineMode::Write(path)), _) => {
            let mut baseline = Baseline::new(path);
            for report in &reports {
                let keys = baseline.keys(&report.path, &report.text, &report.findings);
                baseline.record(keys.into_iter().zip(&report.findings));
            }
            match baseline.write() {
                Ok(()) => {
                    wrote_baseline = true;
                    let count: usize = baseline.entries.iter().map(|e| e.count).sum();
                    said.notes.push(format!(
                        "wrote the baseline {} ({})",
                        shown(path),
                        crate::findings::plural(count, "finding", "findings")
                    ));
                }
                Err(err) => problems.errors.push(err),
            }
        }
        (_, Some((mut baseline, typed, prune))) => {
            let keys: Vec<Vec<baseline::Key>> = reports
                .iter()
                .map(|r| baseline.keys(&r.path, &r.text, &r.findings))
                .collect();
            let checked: Vec<String> = reports.iter().map(|r| baseline.file(&r.path)).collect();
            let comparison = baseline.compare(&keys, &checked);
            for (report, known) in reports.iter_mut().zip(&comparison.known) {
                let mut known = known.iter();
                let (old, new): (Vec<Finding>, Vec<Finding>) = std::mem::take(&mut report.findings)
                    .into_iter()
                    .partition(|_| known.next() == Some(&true));
                report.findings = new;
                report.baselined = old;
            }
            said.baseline = Some(typed.clone());
            said.gone = comparison.gone;
            // Named as the files checked are.
            for entry in &mut said.gone {
                let shown = form.show(&baseline.path_of(&entry.file));
                entry.file = shown.to_string_lossy().into_owned();
            }
            if prune && !said.gone.is_empty() {
                let pruned: usize = said.gone.iter().map(|e| e.count).sum();
                baseline.entries = comparison.kept;
                match baseline.write() {
                    Ok(()) => said.notes.push(format!(
                        "removed {} that no longer {} from the baseline {typed}",
                        crate::findings::plural(pruned, "finding", "findings"),
                        if pruned == 1 { "occurs" } else { "occur" }
                    )),
                    Err(err) => problems.errors.push(err),
                }
            }
        }
        _ => {}
    }

    let printed = match output {
        OutputFormat::Human => print_human(&reports, verbose, &said),
        OutputFormat::Json => {
            said.gone_as_notes();
            print_json(&reports)
        }
        OutputFormat::Sarif => print_sarif(&reports, &said, &form),
    };
    // A reader that closed the pipe (`check | head`) has all it wanted.
    if let Err(err) = printed
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        problems
            .errors
            .push(format!("cannot write the report: {err}"));
    }
    let mut stderr = std::io::stderr().lock();
    for line in problems
        .skipped
        .iter()
        .chain(&said.notes)
        .chain(&problems.errors)
    {
        let _ = writeln!(stderr, "retroboard: {line}");
    }

    // The findings just written to a baseline are all in it: they fail nothing.
    let has_error = !wrote_baseline
        && reports
            .iter()
            .flat_map(|r| &r.findings)
            .any(|f| f.severity == Severity::Error);
    if !problems.errors.is_empty() {
        ExitCode::from(2)
    } else if has_error {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The one check of a file as `check` makes it of each ([`analysis::check`], or
/// [`analysis::audit`] with `--no-suppressions`).
pub type CheckFn =
    dyn Fn(analysis::Source<'_>, &dyn Files, Option<&Arc<Settings>>, Search) -> analysis::Checked;

/// Fixes (with `--fix`) and checks every file of `paths`, each with `check`: the reports, each
/// settings file's before the files it governs, and what goes to standard error.
fn check_all(
    paths: &[PathBuf],
    options: &Options,
    form: &PathForm,
    check: &CheckFn,
) -> (Vec<Report>, Problems) {
    let Options {
        output,
        forced,
        solve_positions,
        fix,
        no_suppressions,
        verbose,
        ..
    } = *options;
    let mut problems = Problems::default();
    let mut reports = Vec::new();
    // The files of a Colossus variant read each other: each is parsed once for the whole run,
    // and each variant worked out once, unless fixes change the files on the way.
    let disk_files = match fix {
        None => CachedFiles::new(DiskFiles),
        Some(_) => CachedFiles::new(DiskFiles).without_memo(),
    };
    // A panic while checking a file becomes that file's finding, not a message of its own.
    let panic_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let found: Vec<(Found, PathBuf)> = collect(paths, &mut problems)
        .into_iter()
        .map(|found| {
            let absolute = disk::absolute(&found.path);
            (found, absolute)
        })
        .collect();
    // A settings file named (or found in a folder named) is read as settings, unless `--as`
    // says otherwise.
    let is_settings =
        |absolute: &Path| forced.is_none() && crate::settings::file::is_settings_file(absolute);
    let diff_on_stdout = output == OutputFormat::Human;
    if let Some(mode) = fix {
        // The settings files are fixed first: a misspelt code mended changes the rules the
        // files they govern are fixed and checked under.
        let walked_up = Discovery::default();
        let mut fixed: Vec<PathBuf> = Vec::new();
        for (_, absolute) in &found {
            let settings = match is_settings(absolute) {
                true => Some(absolute.clone()),
                false => walked_up.for_file(absolute).map(|s| s.path.clone()),
            };
            if let Some(settings) = settings
                && !fixed.contains(&settings)
            {
                fix::fix_settings(&settings, mode, diff_on_stdout, &mut problems.errors);
                fixed.push(settings);
            }
        }
    }
    // The settings (retroboard.toml) of each file, found by walking up from its folder.
    let discovery = Discovery::default();
    let mut governed_files = Vec::new();
    // Each settings file met (named, or governing a file checked), with the place of its report
    // among the reports (before the files it governs): its findings (problems, unused entries)
    // are known once all are checked.
    let mut settings_met: Vec<SettingsMet> = Vec::new();
    for (found, absolute) in found {
        if is_settings(&absolute) {
            governed_files.push((found, absolute, None, None, true));
        } else if let Some((settings, forced)) = governed(&discovery, &found, &absolute, forced) {
            governed_files.push((found, absolute, settings, forced, false));
        }
    }
    // Every file is fixed before any is checked: the report says what the fixed texts say.
    let mut files = Fixed::new(&disk_files);
    if let Some(mode) = fix {
        for (found, absolute, _, forced, settings_file) in &governed_files {
            if !settings_file {
                files.fix(
                    &found.path,
                    absolute,
                    *forced,
                    mode,
                    diff_on_stdout,
                    &mut problems.errors,
                );
            }
        }
    }
    for (found, absolute, settings, forced, settings_file) in governed_files {
        let met = match settings_file {
            true => Some((absolute.clone(), found.path.clone())),
            false => settings
                .as_ref()
                .map(|s| (s.path.clone(), form.show(&s.path))),
        };
        if let Some((path, shown)) = met {
            match settings_met.iter_mut().find(|met| met.path == path) {
                // Named after a file it governs: shown as typed.
                Some(met) if settings_file => {
                    met.shown = shown;
                    met.named = true;
                }
                Some(_) => {}
                None => settings_met.push(SettingsMet {
                    path,
                    shown,
                    at: reports.len(),
                    named: settings_file,
                }),
            }
        }
        if settings_file {
            continue;
        }
        let how = How {
            forced,
            search: Search::Now(solve_positions),
            version: verbose,
        };
        let fixed = files.document(&absolute);
        match check_caught(&found, &how, &files, fixed, settings.as_ref(), check) {
            Ok(Some(mut report)) => {
                // The other places a finding points at, their files named as the run names
                // files (a place in its own file: as the report names that file).
                let findings = report.findings.iter_mut().chain(&mut report.baselined);
                let silenced = report.silenced.iter_mut().map(|s| &mut s.finding);
                for finding in findings.chain(silenced) {
                    for related in &mut finding.related {
                        related.path = Some(match &related.path {
                            Some(path) => form.show(path),
                            None => report.path.clone(),
                        });
                    }
                }
                reports.push(report)
            }
            Ok(None) => {}
            Err(err) => problems.errors.push(err),
        }
    }
    std::panic::set_hook(panic_hook);
    let checks: Vec<&EntriesUsed> = reports.iter().filter_map(|r| r.entries.as_ref()).collect();
    let mut settings_reports = Vec::new();
    for met in settings_met {
        let (text, mut findings) = match crate::settings::file::read(&met.path) {
            Ok(text) => {
                let settings = Settings::parse(&met.path, &text);
                let (named, used) = settings.entry_use(checks.iter().copied());
                let findings = crate::settings::file::findings(&met.path, &text, &named, &used);
                (text, findings)
            }
            Err(finding) => (String::new(), vec![finding]),
        };
        // Its own rules apply to it too (`"retroboard/unused-suppression" = "off"`).
        let own = Settings::parse(&met.path, &text);
        if no_suppressions {
            own.apply_auditing(&met.path, &mut findings);
        } else {
            own.apply(&met.path, &mut findings);
        }
        // Named, it is reported even when clean.
        if !findings.is_empty() || met.named {
            settings_reports.push((met.at, settings_report(&met.shown, &text, findings)));
        }
    }
    for (at, report) in settings_reports.into_iter().rev() {
        reports.insert(at, report);
    }

    (reports, problems)
}

/// What `check --format json PATHS` prints, and the errors it says on standard error, each file
/// checked by `check` instead of the one check: for tests that make the check of a file fail
/// (a panic) and see the run go on.
pub fn json_report(paths: &[PathBuf], check: &CheckFn) -> (Value, Vec<String>) {
    let options = Options {
        output: OutputFormat::Json,
        forced: None,
        verbose: false,
        solve_positions: analysis::SEARCH_POSITIONS,
        fix: None,
        baseline: None,
        no_suppressions: false,
    };
    let (reports, problems) = check_all(paths, &options, &PathForm::of(paths), check);
    (json_findings(&reports), problems.errors)
}

/// What a run says besides its findings: what it wrote, and the baseline compared with.
#[derive(Default)]
struct Said {
    /// Lines for standard error (a baseline written or pruned).
    notes: Vec<String>,
    /// The baseline the findings were compared with, as shown.
    baseline: Option<String>,
    /// Its entries that no longer occur.
    gone: Vec<baseline::Entry>,
}

impl Said {
    /// One line for each entry of the baseline that no longer occurs.
    fn gone_lines(&self) -> Vec<String> {
        self.gone
            .iter()
            .map(|entry| {
                let times = if entry.count > 1 {
                    format!(" ({} times)", entry.count)
                } else {
                    String::new()
                };
                text::terminal_safe(&format!(
                    "{}: {}: {}{times}",
                    entry.file, entry.code, entry.message
                ))
                .into_owned()
            })
            .collect()
    }

    /// The heading of those lines.
    fn gone_heading(&self) -> Option<String> {
        let baseline = self.baseline.as_ref()?;
        let count: usize = self.gone.iter().map(|e| e.count).sum();
        let (noun, verb) = if count == 1 {
            ("finding", "occurs")
        } else {
            ("findings", "occur")
        };
        (count > 0).then(|| {
            format!(
                "{count} {noun} of the baseline {baseline} no longer {verb} \
(--prune-baseline removes them):"
            )
        })
    }

    /// Beside a JSON report (which stays one array), the entries gone are said on stderr.
    fn gone_as_notes(&mut self) {
        if let Some(heading) = self.gone_heading() {
            let lines = self.gone_lines();
            self.notes.push(heading);
            self.notes
                .extend(lines.into_iter().map(|l| format!("  {l}")));
        }
    }
}

/// The report of a settings file (named `shown`, holding `text`): its findings (a problem,
/// unused entries), shown in its text.
fn settings_report(shown: &Path, text: &str, findings: Vec<Finding>) -> Report {
    Report {
        path: shown.to_path_buf(),
        format: None,
        text: Rope::from_str(text),
        findings,
        baselined: Vec::new(),
        silenced: Vec::new(),
        entries: None,
        version: None,
    }
}

/// A settings file met in a run, reported once all files are checked.
struct SettingsMet {
    /// Its absolute path.
    path: PathBuf,
    /// As typed or found in a folder typed, else as found by walking up from a file.
    shown: PathBuf,
    /// Where its report goes among the reports: before the files it governs.
    at: usize,
    /// Named on the command line: reported even when clean.
    named: bool,
}

/// A path as it may appear on a terminal line: lossy, control characters shown as `?`.
pub(super) fn shown(path: &Path) -> String {
    text::terminal_safe(&path.to_string_lossy()).into_owned()
}

/// The files to check: those named, and those found in the folders named.
pub(super) fn collect(paths: &[PathBuf], problems: &mut Problems) -> Vec<Found> {
    let mut files = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Err(err) => problems
                .errors
                .push(format!("cannot read {}: {err}", shown(path))),
            Ok(meta) if meta.is_dir() => {
                let walked = crate::workspace::walk(path, usize::MAX);
                problems.errors.extend(walked.errors);
                problems.skipped.extend(walked.skipped);
                files.extend(
                    walked
                        .files
                        .into_iter()
                        .map(|path| Found { path, named: false }),
                );
            }
            Ok(_) => files.push(Found {
                path: path.clone(),
                named: true,
            }),
        }
    }
    files
}

/// How a file found is read (the same for `check` and `format`): the settings that govern it
/// (`absolute` is its path) and the format `--as` (`forced`), else their `[files]`, forces
/// on it. `None` for a file found in a folder that `[files]` leaves out.
pub(super) fn governed(
    discovery: &Discovery,
    found: &Found,
    absolute: &Path,
    forced: Option<FormatId>,
) -> Option<(Option<Arc<Settings>>, Option<FormatId>)> {
    let settings = discovery.for_file(absolute);
    // A file found in a folder, not named: read only as `[files]` says.
    if let Some(settings) = &settings
        && !found.named
        && !settings.includes(absolute)
    {
        return None;
    }
    let forced = forced.or_else(|| settings.as_ref()?.format_for(absolute));
    Some((settings, forced))
}

/// How each file is checked.
struct How {
    /// The format `--as` forces.
    forced: Option<FormatId>,
    search: Search,
    /// Say which version of its game each file is read for (`--verbose`).
    version: bool,
}

/// Checks one file; a panic while checking it becomes its `retroboard/internal-error`.
fn check_caught(
    found: &Found,
    how: &How,
    files: &dyn Files,
    fixed: Option<Arc<Document>>,
    settings: Option<&Arc<Settings>>,
    check: &CheckFn,
) -> Result<Option<Report>, String> {
    catch_panic(|| check_file(found, how, files, fixed, settings, check)).unwrap_or_else(
        |message| {
            let absolute = disk::absolute(&found.path);
            let format = how.forced.or_else(|| {
                settings
                    .and_then(|s| s.format_for(&absolute))
                    .or_else(|| detect(Some(&absolute), ""))
            });
            Ok(Some(Report {
                path: found.path.clone(),
                format,
                text: Rope::new(),
                findings: vec![internal_error(&message)],
                baselined: Vec::new(),
                silenced: Vec::new(),
                entries: None,
                version: None,
            }))
        },
    )
}

/// Checks one file, its slow findings (whether a peg board can be won) searched for as `how`
/// says: as `fixed` when fixes changed it, else as it is on the disk. `None` for a file found
/// in a folder that is none of the formats.
fn check_file(
    found: &Found,
    how: &How,
    files: &dyn Files,
    fixed: Option<Arc<Document>>,
    settings: Option<&Arc<Settings>>,
    check: &CheckFn,
) -> Result<Option<Report>, String> {
    let Found { path, named } = found;
    // The file's place among its folders (a Colossus variant's) is the same from any working
    // directory; the path shown stays the one typed.
    let absolute = disk::absolute(path);
    let source = match fixed {
        Some(document) => analysis::Source::Document(document),
        None => analysis::Source::Disk {
            path: &absolute,
            read: disk::read(path, crate::syntax::MAX_PARSED_BYTES as u64),
            forced: how.forced,
        },
    };
    let checked = check(source, files, settings, how.search);
    if let Some(err) = &checked.unreadable {
        return Err(format!("cannot read {}: {err}", shown(path)));
    }
    let format = checked.document.format();
    if format.is_none() && !named {
        return Ok(None);
    }
    let version = how
        .version
        .then(|| analysis::game_version(&checked.document, files, settings))
        .flatten();
    Ok(Some(Report {
        path: path.clone(),
        format,
        text: checked.document.whole_rope().clone(),
        findings: checked.findings,
        baselined: Vec::new(),
        silenced: checked.silenced,
        entries: checked.entries,
        version,
    }))
}

/// 1-based line and character column of a byte offset.
/// Where a related place starts: line and column from 1, columns in characters.
fn related_position(related: &crate::findings::Related) -> (usize, usize) {
    (related.line + 1, related.before.chars().count() + 1)
}

fn position(text: &Rope, byte: usize) -> (usize, usize) {
    let at = text::line_col(text, byte, ColumnUnit::Char);
    (at.line + 1, at.col + 1)
}

/// Lines longer than this (in bytes) are not quoted under their findings.
const LONGEST_SNIPPET_LINE: usize = 1000;

fn print_human(reports: &[Report], verbose: bool, said: &Said) -> std::io::Result<()> {
    let choice = if std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        termcolor::ColorChoice::Auto
    } else {
        termcolor::ColorChoice::Never
    };
    let mut out = termcolor::StandardStream::stdout(choice);
    let config = term::Config::default();
    let mut files = SimpleFiles::new();
    let (mut errors, mut warnings, mut others) = (0, 0, 0);
    let grouped = if verbose {
        Vec::new()
    } else {
        grouped_notes(reports)
    };
    for report in reports {
        let path = shown(&report.path);
        let source = terminal_source(&report.text);
        // Byte offsets in the source as shown (a C1 control of two bytes is shown as one `?`).
        let shown_rope = (source.len() != report.text.len_bytes()).then(|| Rope::from_str(&source));
        let shown_byte = |byte: usize| match &shown_rope {
            Some(rope) => rope.char_to_byte(report.text.byte_to_char(byte)),
            None => byte,
        };
        let id = files.add(path.clone(), source);
        let shown: Vec<&Finding> = report
            .findings
            .iter()
            .filter(|f| !grouped.contains(&f.code) || !is_note(f))
            .collect();
        for finding in &report.findings {
            match finding.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
                _ => others += 1,
            }
        }
        if verbose || !shown.is_empty() {
            let what = if report.format.is_none()
                && crate::settings::file::is_settings_file(&report.path)
            {
                "settings of the files below it".to_string()
            } else {
                read_as(report.format)
            };
            match &report.version {
                Some(version) => writeln!(out, "{path}: {what}, game version {version}")?,
                None => writeln!(out, "{path}: {what}")?,
            }
        }
        for finding in shown {
            let diagnostic = match finding.severity {
                Severity::Error => Diagnostic::error(),
                Severity::Warning => Diagnostic::warning(),
                Severity::Information => Diagnostic::note(),
                Severity::Hint => Diagnostic::help(),
            }
            .with_code(finding.code)
            .with_message(text::terminal_safe(&finding.message));
            // A snippet of an enormous line would flood the terminal: name the place instead.
            let start = finding.range.start.min(report.text.len_bytes());
            let end = finding.range.end.clamp(start, report.text.len_bytes());
            let line = report.text.byte_to_line(start);
            let diagnostic = if report.text.line(line).len_bytes() > LONGEST_SNIPPET_LINE {
                let (line, column) = position(&report.text, start);
                diagnostic.with_note(format!(
                    "at {path}:{line}:{column} (the line is too long to show)"
                ))
            } else {
                diagnostic.with_label(Label::primary(id, shown_byte(start)..shown_byte(end)))
            };
            // The places in other files it is about, as `path:line:column: why`.
            let notes = finding.related.iter().map(|r| {
                let (line, column) = related_position(r);
                let path = self::shown(r.path.as_deref().unwrap_or(&report.path));
                text::terminal_safe(&format!("{path}:{line}:{column}: {}", r.message)).into_owned()
            });
            let diagnostic = diagnostic.with_notes(notes.collect());
            term::emit_to_write_style(&mut out, &config, &files, &diagnostic).map_err(|err| {
                match err {
                    codespan_reporting::files::Error::Io(err) => err,
                    other => std::io::Error::other(other),
                }
            })?;
        }
    }
    for code in &grouped {
        let count = reports
            .iter()
            .filter(|r| r.findings.iter().any(|f| f.code == *code && is_note(f)))
            .count();
        let summary = crate::formats::code_doc(code).map_or("", |doc| doc.summary);
        writeln!(
            out,
            "{count} files have the note {code}: {summary} (retroboard explain {code}; --verbose shows each)"
        )?;
    }
    use crate::findings::plural;
    if let Some(baseline) = &said.baseline {
        let known: usize = reports.iter().map(|r| r.baselined.len()).sum();
        if known > 0 {
            let verb = if known == 1 { "is" } else { "are" };
            writeln!(
                out,
                "{} held by the baseline {baseline} {verb} not shown",
                plural(known, "finding", "findings")
            )?;
        }
    }
    if let Some(heading) = said.gone_heading() {
        writeln!(out, "{heading}")?;
        for line in said.gone_lines() {
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(
        out,
        "checked {}: {}, {}, {}",
        plural(reports.len(), "file", "files"),
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings"),
        plural(others, "note", "notes"),
    )?;
    out.flush()
}

/// Notes of one code in this many files or more are counted in one line instead of shown each
/// (`--verbose` shows them all): a folder of files in a later Colossus dialect would otherwise
/// bury its few real findings under a note per file.
const GROUPED_NOTES: usize = 4;

fn is_note(finding: &Finding) -> bool {
    matches!(finding.severity, Severity::Information | Severity::Hint)
}

/// The codes whose notes are counted, not shown: those in [`GROUPED_NOTES`] files or more.
fn grouped_notes(reports: &[Report]) -> Vec<&'static str> {
    let mut files_per_code: Vec<(&'static str, usize)> = Vec::new();
    for report in reports {
        let mut codes: Vec<&'static str> = report
            .findings
            .iter()
            .filter(|f| is_note(f))
            .map(|f| f.code)
            .collect();
        codes.sort_unstable();
        codes.dedup();
        for code in codes {
            match files_per_code.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => *n += 1,
                None => files_per_code.push((code, 1)),
            }
        }
    }
    files_per_code
        .into_iter()
        .filter(|(_, n)| *n >= GROUPED_NOTES)
        .map(|(code, _)| code)
        .collect()
}

/// The format a file was read as, for the line above its findings.
fn read_as(format: Option<FormatId>) -> String {
    match format {
        Some(format) => format!("read as {} [{}]", format.title(), format.as_str()),
        None => "not read as any format".to_string(),
    }
}

/// A file's text as its snippets may show it on a terminal, one character for each of the
/// text's: codespan splits lines at LF only, so a lone CR (classic Mac text) becomes LF and the
/// CR of a CRLF a space; other control characters are shown as `?`, tabs kept.
fn terminal_source(text: &Rope) -> String {
    let mut out = String::with_capacity(text.len_bytes());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(match c {
            '\r' if chars.peek() == Some(&'\n') => ' ',
            '\r' => '\n',
            '\n' | '\t' => c,
            c => text::terminal_char(c),
        });
    }
    out
}

/// The path fields of a JSON finding: `path` as text (bytes that are not UTF-8 shown as
/// U+FFFD), and, only when the path is not UTF-8, `path_bytes` with its bytes, to find the
/// file again exactly.
fn json_path(path: &Path) -> serde_json::Map<String, Value> {
    let mut fields = serde_json::Map::new();
    fields.insert("path".into(), path.to_string_lossy().into());
    if path.to_str().is_none() {
        fields.insert("path_bytes".into(), path_bytes(path).into());
    }
    fields
}

/// The bytes of a path as the system holds them.
pub(super) fn path_bytes(path: &Path) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned().into_bytes()
    }
}

fn print_json(reports: &[Report]) -> std::io::Result<()> {
    write_json(&json_findings(reports))
}

/// The findings of a JSON report.
fn json_findings(reports: &[Report]) -> Value {
    let mut items = Vec::new();
    for report in reports {
        for finding in &report.findings {
            let (line, column) = position(&report.text, finding.range.start);
            let (end_line, end_column) = position(&report.text, finding.range.end);
            let mut item = json_path(&report.path);
            let rest = json!({
                "format": report.format.map(FormatId::as_str),
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "severity": finding.severity.as_str(),
                "code": finding.code,
                "message": finding.message,
            });
            if let Value::Object(rest) = rest {
                item.extend(rest);
            }
            if !finding.related.is_empty() {
                let related = finding.related.iter().map(|r| {
                    let (line, column) = related_position(r);
                    let mut place = json_path(r.path.as_deref().unwrap_or(&report.path));
                    place.insert("line".into(), line.into());
                    place.insert("column".into(), column.into());
                    place.insert("message".into(), r.message.clone().into());
                    Value::Object(place)
                });
                item.insert("related".into(), Value::Array(related.collect()));
            }
            items.push(Value::Object(item));
        }
    }
    Value::Array(items)
}

fn print_sarif(reports: &[Report], said: &Said, form: &PathForm) -> std::io::Result<()> {
    let rules: Vec<Value> = all_codes()
        .iter()
        .map(|doc| {
            json!({
                "id": doc.name,
                "shortDescription": {"text": doc.summary},
                "fullDescription": {"text": doc.docs},
                "helpUri": crate::findings::explain_link(doc.name),
                "help": {"text": doc.explanation(), "markdown": doc.markdown()},
                "defaultConfiguration": {"level": sarif_level(doc.severity)},
            })
        })
        .collect();
    let compared = said.baseline.is_some();
    let mut results = Vec::new();
    for report in reports {
        let found = report
            .findings
            .iter()
            .map(|f| (f, compared.then_some("new"), None));
        let known = report
            .baselined
            .iter()
            .map(|f| (f, Some("unchanged"), None));
        // Silenced in the source: not compared with the baseline (which never holds them).
        let silenced = report.silenced.iter().map(|s| (&s.finding, None, Some(s)));
        for (finding, state, silenced) in found.chain(known).chain(silenced) {
            let (line, column) = position(&report.text, finding.range.start);
            let (end_line, end_column) = position(&report.text, finding.range.end);
            let mut result = json!({
                "ruleId": finding.code,
                "level": sarif_level(finding.severity),
                "message": {"text": finding.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": form.sarif_location(&report.path),
                        "region": {
                            "startLine": line,
                            "startColumn": column,
                            "endLine": end_line,
                            "endColumn": end_column,
                        },
                    },
                }],
                "partialFingerprints": {
                    baseline::SARIF_KEY: baseline::fingerprint(&report.text, finding),
                },
            });
            if !finding.related.is_empty() {
                let related = finding.related.iter().enumerate().map(|(id, r)| {
                    let (line, column) = related_position(r);
                    json!({
                        "id": id,
                        "message": {"text": r.message},
                        "physicalLocation": {
                            "artifactLocation": form.sarif_location(r.path.as_deref().unwrap_or(&report.path)),
                            "region": {
                                "startLine": line,
                                "startColumn": column,
                                "endLine": line,
                                "endColumn": column + r.text.chars().count(),
                            },
                        },
                    })
                });
                result["relatedLocations"] = Value::Array(related.collect());
            }
            if let Some(state) = state {
                result["baselineState"] = state.into();
            }
            if state == Some("unchanged")
                && let Some(baseline) = &said.baseline
            {
                result["suppressions"] = json!([{
                    "kind": "external",
                    "justification": format!("held by the baseline {baseline}"),
                }]);
            }
            if let Some(Silenced {
                reason,
                by: SilencedBy::Settings(file),
                ..
            }) = silenced
            {
                let mut suppression = json!({
                    "kind": "external",
                    "location": {"physicalLocation": {
                        "artifactLocation": form.sarif_location(file),
                    }},
                });
                if !reason.is_empty() {
                    suppression["justification"] = reason.clone().into();
                }
                result["suppressions"] = json!([suppression]);
            }
            if let Some(Silenced {
                by: SilencedBy::Comment(comment),
                ..
            }) = silenced
            {
                let silenced = silenced.expect("matched above");
                let (line, column) = position(&report.text, comment.start);
                let end = without_line_break(&report.text, comment.clone());
                let (end_line, end_column) = position(&report.text, end);
                let mut suppression = json!({
                    "kind": "inSource",
                    "location": {"physicalLocation": {
                        "artifactLocation": form.sarif_location(&report.path),
                        "region": {
                            "startLine": line,
                            "startColumn": column,
                            "endLine": end_line,
                            "endColumn": end_column,
                        },
                    }},
                });
                if !silenced.reason.is_empty() {
                    suppression["justification"] = silenced.reason.clone().into();
                }
                result["suppressions"] = json!([suppression]);
            }
            results.push(result);
        }
    }
    // The baseline's entries that no longer occur: absent, where they were recorded.
    for entry in &said.gone {
        let level =
            crate::formats::code_doc(&entry.code).map_or("warning", |d| sarif_level(d.severity));
        for _ in 0..entry.count {
            results.push(json!({
                "ruleId": entry.code,
                "level": level,
                "message": {"text": entry.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": form.sarif_location(Path::new(&entry.file)),
                    },
                }],
                "partialFingerprints": {baseline::SARIF_KEY: entry.fingerprint},
                "baselineState": "absent",
            }));
        }
    }
    let mut log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "retroboard",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    if let Some(root) = form.sarif_root() {
        log["runs"][0]["originalUriBaseIds"] = json!({"%SRCROOT%": {"uri": root}});
    }
    write_json(&log)
}

/// The end of a line's range without its line break.
fn without_line_break(text: &Rope, line: std::ops::Range<usize>) -> usize {
    let end = line.end.min(text.len_bytes());
    let start = line.start.min(end);
    let content: std::borrow::Cow<str> = text.byte_slice(start..end).into();
    start + content.trim_end_matches(['\r', '\n']).len()
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

fn write_json(value: &Value) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()
}
