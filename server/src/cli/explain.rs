//! `retroboard explain CODE`: what a diagnostic code means and how to fix it.

use std::process::ExitCode;

use crate::formats::{all_codes, code_doc};

pub fn run(code: Option<&str>) -> ExitCode {
    match code {
        None => {
            for doc in all_codes() {
                println!(
                    "{:<34} {:<11} {}",
                    doc.code,
                    doc.severity.as_str(),
                    doc.summary
                );
            }
            ExitCode::SUCCESS
        }
        Some(code) => match code_doc(code) {
            Some(doc) => {
                println!(
                    "{} ({})\n\n{}\n\n{}",
                    doc.code,
                    doc.severity.as_str(),
                    doc.summary,
                    doc.explanation
                );
                ExitCode::SUCCESS
            }
            None => {
                eprintln!(
                    "retroboard: unknown code `{code}` (run `retroboard explain` to list every code)"
                );
                ExitCode::from(2)
            }
        },
    }
}
