//! `retroboard format`: lay files out as their games allow (see [`crate::formatting`]), in
//! place, or with `--check` name the files that would change, or with `--diff` show how.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::check::{Problems, collect, governed, shown};
use super::rewrite::{self, Source};
use crate::registry::FormatId;
use crate::registry::detect;
use crate::syntax::Document;

/// What to do with a file that is not formatted.
#[derive(Clone, Copy)]
pub struct Mode {
    /// Name it and exit 1, without writing.
    pub check: bool,
    /// Print the change as a unified diff, without writing.
    pub diff: bool,
}

pub fn run(paths: &[PathBuf], mode: Mode, forced: Option<FormatId>) -> ExitCode {
    let mut problems = Problems::default();
    let mut out = std::io::stdout().lock();
    let (mut files, mut changed) = (0, 0);
    let discovery = crate::settings::Discovery::default();
    for found in collect(paths, &mut problems) {
        let absolute = crate::disk::absolute(&found.path);
        // Read as check reads it: retroboard.toml's `[files]` chooses formats and what a walk
        // leaves out.
        let Some((_, forced)) = governed(&discovery, &found, &absolute, forced) else {
            continue;
        };
        let shown = shown(&found.path);
        let source = match Source::read(&found.path, &shown) {
            Ok(source) => source,
            Err(err) if found.named => {
                problems.errors.push(err);
                continue;
            }
            Err(_) => continue,
        };
        let Some(format) = forced.or_else(|| detect(Some(&absolute), &source.text)) else {
            if found.named {
                problems.errors.push(format!(
                    "cannot format {shown}: Retroboard does not recognise it (name its format \
with --as)"
                ));
            }
            continue;
        };
        files += 1;
        let doc = Document::new(Some(format), &source.text).with_path(Some(absolute));
        let edits = match crate::analysis::catch_panic(|| crate::formatting::format(&doc)) {
            Ok(edits) => edits,
            Err(message) => {
                problems
                    .errors
                    .push(format!("cannot format {shown}: internal error: {message}"));
                continue;
            }
        };
        if edits.is_empty() {
            continue;
        }
        let formatted = match source.edited(&edits, &shown) {
            Ok(formatted) => formatted,
            Err(err) => {
                problems.errors.push(err);
                continue;
            }
        };
        let printed = if mode.diff {
            changed += 1;
            write!(
                out,
                "{}",
                rewrite::unified_diff(&shown, &source.text, &formatted.text)
            )
        } else if mode.check {
            changed += 1;
            writeln!(out, "would format {shown}")
        } else {
            // Counted once written: the summary never claims a file that was not.
            match rewrite::write(&found.path, &formatted.bytes, &source, &shown) {
                Ok(()) => {
                    changed += 1;
                    writeln!(out, "formatted {shown}")
                }
                Err(err) => {
                    problems.errors.push(err);
                    continue;
                }
            }
        };
        if let Err(err) = printed
            && err.kind() != std::io::ErrorKind::BrokenPipe
        {
            problems
                .errors
                .push(format!("cannot write the report: {err}"));
        }
    }
    let _ = out.flush();
    let mut stderr = std::io::stderr().lock();
    for line in problems.skipped.iter().chain(&problems.errors) {
        let _ = writeln!(stderr, "retroboard: {line}");
    }
    let verb = if mode.check || mode.diff {
        "would format"
    } else {
        "formatted"
    };
    if files > 0 || problems.errors.is_empty() {
        let _ = writeln!(
            stderr,
            "{verb} {changed} of {files} {}",
            if files == 1 { "file" } else { "files" }
        );
    }
    if !problems.errors.is_empty() {
        ExitCode::from(2)
    } else if mode.check && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
