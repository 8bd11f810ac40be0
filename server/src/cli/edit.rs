//! `retroboard edit FILE --at ID --set ACTION [--diff]`: an element of the file's board made
//! into something else, as a click on the editor's preview makes it ([`crate::render::edit`]),
//! written in place like `format` and `check --fix` write (only the changed characters, in the
//! file's own encoding and line ends; refused when the file changed meanwhile), or shown as a
//! diff.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use super::check::shown;
use super::rewrite::{self, Source};
use crate::formats::{Chosen, DiskFiles};
use crate::registry::detect;
use crate::render::edit::{EditError, board_edit};
use crate::syntax::Document;

pub fn run(file: &Path, id: &str, action: &str, diff: bool) -> ExitCode {
    let shown = shown(file);
    let usage = |message: String| {
        eprintln!("retroboard: {message}");
        ExitCode::from(2)
    };
    let source = match Source::read(file, &shown) {
        Ok(source) => source,
        Err(err) => return usage(err),
    };
    let absolute = crate::disk::absolute(file);
    // Read as check reads it: retroboard.toml chooses the format and the game versions.
    let settings = crate::settings::Discovery::default().for_file(&absolute);
    let forced = settings.as_ref().and_then(|s| s.format_for(&absolute));
    let Some(format) = forced.or_else(|| detect(Some(&absolute), &source.text)) else {
        return usage(format!(
            "cannot edit {shown}: Retroboard does not recognise it (run `retroboard explain \
retroboard/unknown-format` for how files are recognised)"
        ));
    };
    let doc = Document::new(Some(format), &source.text).with_path(Some(absolute));
    let files = Chosen {
        files: &DiskFiles,
        game: settings.map(|s| s.game).unwrap_or_default(),
        searched: None,
    };
    let edits = match crate::analysis::catch_panic(|| board_edit(&doc, &files, id, action)) {
        Ok(Ok(edits)) => edits,
        Ok(Err(EditError::Refused(reason))) => {
            eprintln!("retroboard: cannot edit {shown}: {reason}");
            return ExitCode::from(1);
        }
        Ok(Err(err)) => return usage(format!("cannot edit {shown}: {err}")),
        Err(message) => return usage(format!("cannot edit {shown}: internal error: {message}")),
    };
    let edited = match source.edited(&edits, &shown) {
        Ok(edited) => edited,
        Err(err) => return usage(err),
    };
    let mut out = std::io::stdout().lock();
    let printed = if diff {
        write!(
            out,
            "{}",
            rewrite::unified_diff(&shown, &source.text, &edited.text)
        )
    } else {
        if let Err(err) = rewrite::write(file, &edited.bytes, &source, &shown) {
            return usage(err);
        }
        writeln!(out, "edited {shown}: {id} is now {action}")
    };
    if let Err(err) = printed.and_then(|()| out.flush())
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        return usage(format!("cannot write the report: {err}"));
    }
    ExitCode::SUCCESS
}
