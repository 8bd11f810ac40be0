//! `retroboard render`: draw a file's board as SVG, PNG or text.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::formats::DiskFiles;
use crate::render::{Preview, png, preview};
use crate::syntax::{Document, detect};
use crate::text;

pub fn run(file: &Path, output: Option<&Path>, as_text: bool) -> ExitCode {
    let preview = match load(file) {
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
                    out.display()
                ));
            }
        };
        if let Err(err) = std::fs::write(out, bytes) {
            return fail(&format!("cannot write {}: {err}", out.display()));
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

fn load(file: &Path) -> Result<Preview, String> {
    let size = std::fs::metadata(file)
        .map_err(|err| format!("cannot read {}: {err}", file.display()))?
        .len();
    if size > crate::syntax::MAX_PARSED_BYTES as u64 {
        return Err(format!(
            "cannot draw {}: it is {} MB, larger than the 16 MB Retroboard reads",
            file.display(),
            size / (1024 * 1024)
        ));
    }
    let bytes =
        std::fs::read(file).map_err(|err| format!("cannot read {}: {err}", file.display()))?;
    let (content, _) = text::decode(&bytes).map_err(|_| {
        format!(
            "cannot draw {}: it is a binary file, not text",
            file.display()
        )
    })?;
    let doc =
        Document::new(detect(Some(file), &content), &content).with_path(Some(file.to_path_buf()));
    Ok(preview(&doc, &DiskFiles))
}
