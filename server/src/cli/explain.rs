//! `retroboard explain CODE`: what a diagnostic code means and how to fix it.

use std::io::Write;
use std::process::ExitCode;

use crate::formats::{all_codes, code_doc};

pub fn run(code: Option<&str>) -> ExitCode {
    let text = match code {
        None => all_codes()
            .iter()
            .map(|doc| {
                format!(
                    "{:<34} {:<11} {}\n",
                    doc.name,
                    doc.severity.as_str(),
                    doc.summary
                )
            })
            .collect(),
        Some(code) => match code_doc(code) {
            Some(doc) => doc.explanation(),
            None => {
                eprintln!(
                    "retroboard: unknown code `{}` (run `retroboard explain` to list every code)",
                    crate::text::terminal_safe(code)
                );
                return ExitCode::from(2);
            }
        },
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A reader that closed the pipe (`explain | head`) has all it wanted.
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("retroboard: cannot write the explanation: {err}");
            ExitCode::from(2)
        }
        _ => ExitCode::SUCCESS,
    }
}
