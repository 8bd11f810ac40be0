//! `retroboard check`: walk the paths, check every file, print the findings.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use ropey::Rope;
use serde_json::{Value, json};

use crate::analysis::analyze_with;
use crate::findings::{Finding, Severity};
use crate::formats::{CachedFiles, DiskFiles, Files};
use crate::formats::{FormatId, all_codes};
use crate::syntax::{Document, detect};
use crate::text::{self, ColumnUnit};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
    Sarif,
}

/// One checked file.
struct Report {
    path: String,
    format: Option<FormatId>,
    text: Rope,
    findings: Vec<Finding>,
}

pub fn run(paths: &[PathBuf], output: OutputFormat) -> ExitCode {
    let mut io_errors = Vec::new();
    let mut reports = Vec::new();
    // The files of a Colossus variant read each other: each is parsed once for the whole run.
    let files = CachedFiles::new(DiskFiles);
    for (path, named) in collect(paths, &mut io_errors) {
        match check_file(&path, named, &files) {
            Ok(Some(report)) => reports.push(report),
            Ok(None) => {}
            Err(err) => io_errors.push(format!("cannot read {}: {err}", path.display())),
        }
    }

    let printed = match output {
        OutputFormat::Human => print_human(&reports),
        OutputFormat::Json => print_json(&reports),
        OutputFormat::Sarif => print_sarif(&reports),
    };
    if let Err(err) = printed
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        io_errors.push(format!("cannot write the report: {err}"));
    }
    for err in &io_errors {
        eprintln!("retroboard: {err}");
    }

    let has_error = reports
        .iter()
        .flat_map(|r| &r.findings)
        .any(|f| f.severity == Severity::Error);
    if !io_errors.is_empty() {
        ExitCode::from(2)
    } else if has_error {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The files to check, each with whether it was named on the command line (a named file is
/// always reported; a file found in a folder only when it is one of the formats).
fn collect(paths: &[PathBuf], io_errors: &mut Vec<String>) -> Vec<(PathBuf, bool)> {
    let mut files = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Err(err) => io_errors.push(format!("cannot read {}: {err}", path.display())),
            Ok(meta) if meta.is_dir() => {
                let walk = walkdir::WalkDir::new(path)
                    .sort_by_file_name()
                    .into_iter()
                    .filter_entry(|e| e.depth() == 0 || !is_hidden(e.file_name()));
                for entry in walk {
                    match entry {
                        Ok(e) if e.file_type().is_file() && may_be_data_file(e.path()) => {
                            files.push((e.into_path(), false));
                        }
                        Ok(_) => {}
                        Err(err) => {
                            io_errors.push(format!("cannot walk {}: {err}", path.display()))
                        }
                    }
                }
            }
            Ok(_) => files.push((path.clone(), true)),
        }
    }
    files
}

fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.to_str().is_some_and(|n| n.starts_with('.'))
}

/// Extensions of the formats; extension-less files may be battlelands or BORD files.
fn may_be_data_file(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        None => true,
        Some(ext) => matches!(
            ext.to_ascii_lowercase().as_str(),
            "pat" | "tes" | "brd" | "bord" | "map" | "ter" | "cre" | "var"
        ),
    }
}

/// Checks one file. `None` for a file found in a folder that is none of the formats.
fn check_file(path: &Path, named: bool, files: &dyn Files) -> std::io::Result<Option<Report>> {
    let display = path.display().to_string();
    // A file too large to parse is not even read: its size says enough.
    let size = std::fs::metadata(path)?.len();
    if size > crate::syntax::MAX_PARSED_BYTES as u64 {
        let format = detect(Some(path), "");
        if format.is_none() && !named {
            return Ok(None);
        }
        return Ok(Some(Report {
            path: display,
            format,
            text: Rope::new(),
            findings: vec![crate::analysis::unparsed(crate::syntax::Unparsed::File {
                bytes: usize::try_from(size).unwrap_or(usize::MAX),
            })],
        }));
    }
    let bytes = std::fs::read(path)?;
    let (content, format) = match text::decode(&bytes) {
        Ok((content, _encoding)) => {
            let format = detect(Some(path), &content);
            (content, format)
        }
        Err(text::NotText::Binary) => {
            let format = detect(Some(path), "");
            if format.is_none() && !named {
                return Ok(None);
            }
            let finding = Finding::new(
                Severity::Error,
                "retroboard/not-text",
                0..0,
                "this is a binary file (it contains NUL bytes), not a text file the games read",
            );
            let report = Report {
                path: display,
                format,
                text: Rope::new(),
                findings: vec![finding],
            };
            return Ok(Some(report));
        }
    };
    if format.is_none() && !named {
        return Ok(None);
    }
    let doc = Document::new(format, &content).with_path(Some(path.to_path_buf()));
    let findings = analyze_with(&doc, files);
    Ok(Some(Report {
        path: display,
        format,
        text: doc.whole_rope().clone(),
        findings,
    }))
}

/// 1-based line and character column of a byte offset.
fn position(text: &Rope, byte: usize) -> (usize, usize) {
    let at = text::line_col(text, byte, ColumnUnit::Char);
    (at.line + 1, at.col + 1)
}

/// Lines longer than this (in bytes) are not quoted under their findings.
const LONGEST_SNIPPET_LINE: usize = 1000;

fn print_human(reports: &[Report]) -> std::io::Result<()> {
    let choice = if std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        termcolor::ColorChoice::Auto
    } else {
        termcolor::ColorChoice::Never
    };
    let mut out = termcolor::StandardStream::stdout(choice);
    let config = term::Config::default();
    let mut files = SimpleFiles::new();
    let (mut errors, mut warnings, mut others) = (0, 0, 0);
    for report in reports {
        // codespan splits lines at LF only; a lone CR (classic Mac text) becomes LF, byte for byte.
        let shown = lone_cr_as_lf(&report.text.to_string());
        let id = files.add(report.path.clone(), shown);
        for finding in &report.findings {
            match finding.severity {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
                _ => others += 1,
            }
            let diagnostic = match finding.severity {
                Severity::Error => Diagnostic::error(),
                Severity::Warning => Diagnostic::warning(),
                Severity::Information => Diagnostic::note(),
                Severity::Hint => Diagnostic::help(),
            }
            .with_code(finding.code)
            .with_message(&finding.message);
            // A snippet of an enormous line would flood the terminal: name the place instead.
            let line = report
                .text
                .byte_to_line(finding.range.start.min(report.text.len_bytes()));
            let diagnostic = if report.text.line(line).len_bytes() > LONGEST_SNIPPET_LINE {
                let (line, column) = position(&report.text, finding.range.start);
                diagnostic.with_note(format!(
                    "at {}:{line}:{column} (the line is too long to show)",
                    report.path
                ))
            } else {
                diagnostic.with_label(Label::primary(id, finding.range.clone()))
            };
            term::emit_to_write_style(&mut out, &config, &files, &diagnostic)
                .map_err(std::io::Error::other)?;
        }
    }
    let files_word = if reports.len() == 1 { "file" } else { "files" };
    writeln!(
        out,
        "checked {} {files_word}: {errors} error(s), {warnings} warning(s), {others} note(s)",
        reports.len()
    )
}

fn lone_cr_as_lf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(if c == '\r' && chars.peek() != Some(&'\n') {
            '\n'
        } else {
            c
        });
    }
    out
}

fn print_json(reports: &[Report]) -> std::io::Result<()> {
    let mut items = Vec::new();
    for report in reports {
        for finding in &report.findings {
            let (line, column) = position(&report.text, finding.range.start);
            let (end_line, end_column) = position(&report.text, finding.range.end);
            items.push(json!({
                "path": report.path,
                "format": report.format.map(FormatId::as_str),
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "severity": finding.severity.as_str(),
                "code": finding.code,
                "message": finding.message,
            }));
        }
    }
    write_json(&Value::Array(items))
}

fn print_sarif(reports: &[Report]) -> std::io::Result<()> {
    let rules: Vec<Value> = all_codes()
        .iter()
        .map(|doc| {
            json!({
                "id": doc.code,
                "shortDescription": {"text": doc.summary},
                "fullDescription": {"text": doc.explanation},
                "defaultConfiguration": {"level": sarif_level(doc.severity)},
            })
        })
        .collect();
    let mut results = Vec::new();
    for report in reports {
        for finding in &report.findings {
            let (line, column) = position(&report.text, finding.range.start);
            let (end_line, end_column) = position(&report.text, finding.range.end);
            results.push(json!({
                "ruleId": finding.code,
                "level": sarif_level(finding.severity),
                "message": {"text": finding.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": sarif_uri(&report.path)},
                        "region": {
                            "startLine": line,
                            "startColumn": column,
                            "endLine": end_line,
                            "endColumn": end_column,
                        },
                    },
                }],
            }));
        }
    }
    let log = json!({
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
    write_json(&log)
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

/// A relative URI reference for a path: forward slashes, and spaces and other reserved
/// characters percent-encoded.
fn sarif_uri(path: &str) -> String {
    let mut uri = String::new();
    for byte in path.replace('\\', "/").bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

fn write_json(value: &Value) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)
}
