//! `retroboard solve GAME.pat`: how often a Patience game can be won, from seeded deals
//! searched within a budget of positions each (`formats::patience::winnable`).

use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use crate::findings::{Severity, plural};
use crate::formats::patience::winnable::{
    DEALS, POSITIONS, Report, is_lost, is_unknown, is_won, rate,
};
use crate::registry::FormatId;
use crate::syntax::Document;

/// Whether `file` reads as a Patience game.
pub fn is_patience(file: &Path) -> bool {
    super::render::read_document(file, "solve")
        .is_ok_and(|doc| doc.format() == Some(FormatId::PatienceGame))
}

pub fn run(file: &Path, as_json: bool, positions: Option<u64>, deals: Option<u64>) -> ExitCode {
    let shown = crate::text::terminal_safe(&file.to_string_lossy()).into_owned();
    let positions = positions.unwrap_or(POSITIONS);
    let deals = deals.unwrap_or(DEALS);
    let report = match super::render::read_document(file, "solve")
        .and_then(|doc| loads(&doc, &shown).map(|()| doc))
        .and_then(|doc| {
            rate(&doc, deals, positions).map_err(|why| format!("cannot solve {shown}: {why}"))
        }) {
        Ok(report) => report,
        Err(message) => {
            eprintln!("retroboard: {message}");
            return ExitCode::from(2);
        }
    };
    let out = if as_json {
        let mut line = json_of(&report).to_string();
        line.push('\n');
        line
    } else {
        human(&shown, &report)
    };
    super::print(&out, "result")
}

/// `Err` when the game does not load the file (it has errors).
fn loads(doc: &Document, shown: &str) -> Result<(), String> {
    let errors = crate::analysis::analyze(doc)
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    if errors > 0 {
        return Err(format!(
            "cannot solve {shown}: the game does not load this file ({}; run \
“retroboard check {shown}”)",
            plural(errors, "error", "errors")
        ));
    }
    Ok(())
}

pub fn json_of(report: &Report) -> serde_json::Value {
    let (won, lost, unknown) = (
        report.seeds(is_won),
        report.seeds(is_lost),
        report.seeds(is_unknown),
    );
    json!({
        "deals": report.deals.len(),
        "won": won.len(),
        "lost": lost.len(),
        "unknown": unknown.len(),
        "budget": report.budget,
        "seeds": {"won": won, "lost": lost, "unknown": unknown},
    })
}

fn human(shown: &str, report: &Report) -> String {
    let (lost, unknown) = (report.seeds(is_lost), report.seeds(is_unknown));
    let mut out = format!("{shown}: {}\n", report.summary());
    for (words, list) in [("lost", &lost), ("unknown", &unknown)] {
        if !list.is_empty() {
            let list: Vec<String> = list.iter().map(u64::to_string).collect();
            out.push_str(&format!("{words}: seeds {}\n", list.join(" ")));
        }
    }
    if !unknown.is_empty() {
        out.push_str("(a larger --positions may tell the unknown deals)\n");
    }
    out
}
