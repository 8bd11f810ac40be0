//! `retroboard render`: draw a file's board as SVG, PNG or text; `--deal SEED` deals a
//! Patience game first and shows its cards.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::disk;
use crate::formats::DiskFiles;
use crate::registry::detect;
use crate::render::{Preview, dealt_preview, png, preview};
use crate::syntax::Document;
use crate::text;

pub fn run(file: &Path, output: Option<&Path>, as_text: bool, deal: Option<u64>) -> ExitCode {
    let preview = match load(file, deal) {
        Ok(preview) => preview,
        Err(message) => return fail(&message),
    };
    if let Some(out) = output {
        let extension = out
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let bytes = match extension.as_deref() {
            Some("svg") => preview.svg.clone().into_bytes(),
            Some("png") => match png(&preview.svg) {
                Ok(bytes) => bytes,
                Err(message) => return fail(&message),
            },
            _ => {
                return fail(&format!(
                    "cannot write {}: the output must end in .svg or .png",
                    crate::text::terminal_safe(&out.to_string_lossy())
                ));
            }
        };
        if let Err(err) = std::fs::write(out, bytes) {
            let out = crate::text::terminal_safe(&out.to_string_lossy()).into_owned();
            return fail(&format!("cannot write {out}: {err}"));
        }
    }
    if as_text || output.is_none() {
        let shown = if as_text { &preview.text } else { &preview.svg };
        let mut stdout = std::io::stdout().lock();
        if let Err(err) = stdout
            .write_all(shown.as_bytes())
            .and_then(|()| stdout.flush())
            && err.kind() != std::io::ErrorKind::BrokenPipe
        {
            return fail(&format!("cannot write the drawing: {err}"));
        }
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("retroboard: {message}");
    ExitCode::from(2)
}

fn load(file: &Path, deal: Option<u64>) -> Result<Preview, String> {
    let doc = read_document(file, "draw")?;
    let Some(seed) = deal else {
        return Ok(preview(&doc, &DiskFiles));
    };
    match dealt_preview(&doc, &DiskFiles, seed) {
        Some(dealt) => Ok(dealt),
        // A file too large or not text to read: its preview says so.
        None if doc.unparsed().is_some() => Ok(preview(&doc, &DiskFiles)),
        None => Err(format!(
            "cannot deal {}: it is read as a {}, and only Patience games are dealt",
            crate::text::terminal_safe(&file.to_string_lossy()),
            doc.format().map_or("file", |f| f.title())
        )),
    }
}

/// The file as a document of the format it is detected as; `Err`: why it cannot be `verb`ed
/// (read, not text, not recognised).
pub(super) fn read_document(file: &Path, verb: &str) -> Result<Document, String> {
    let shown = crate::text::terminal_safe(&file.to_string_lossy()).into_owned();
    let bytes = match disk::read(file, crate::syntax::MAX_PARSED_BYTES as u64) {
        Ok(bytes) => bytes,
        Err(err @ disk::ReadError::TooLarge(..)) => {
            return Err(format!("cannot {verb} {shown}: {err}"));
        }
        Err(err) => return Err(format!("cannot read {shown}: {err}")),
    };
    let (content, _) = text::decode(&bytes)
        .map_err(|_| format!("cannot {verb} {shown}: it is a binary file, not text"))?;
    // A Colossus file's variant is found from its place among its folders, whatever the
    // working directory.
    let absolute = disk::absolute(file);
    let Some(format) = detect(Some(&absolute), &content) else {
        return Err(format!(
            "cannot {verb} {shown}: Retroboard does not recognise this file (run `retroboard \
explain retroboard/unknown-format` for how files are recognised)"
        ));
    };
    Ok(Document::new(Some(format), &content).with_path(Some(absolute)))
}
