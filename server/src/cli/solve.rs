//! `retroboard solve`: whether a peg board can be won, with the winning jumps or the proof.

use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use crate::disk;
use crate::formats::peg::solvability::{
    Report, jump_text, place, proof_text, report, unknown_text,
};
use crate::formats::peg::solve::{Place, Verdict};
use crate::registry::FormatId;
use crate::registry::detect;
use crate::syntax::Document;
use crate::text;

/// Solves `file` examining at most `positions` positions (a Patience game: plays `deals`
/// deals, `positions` each).
pub fn run(file: &Path, as_json: bool, positions: Option<u64>, deals: Option<u64>) -> ExitCode {
    let shown = text::terminal_safe(&file.to_string_lossy()).into_owned();
    if super::solve_patience::is_patience(file) {
        return super::solve_patience::run(file, as_json, positions, deals);
    }
    if deals.is_some() {
        eprintln!(
            "retroboard: cannot solve {shown}: --deals is for Patience games (.pat); a peg board \
has no deals"
        );
        return ExitCode::from(2);
    }
    let positions = positions.unwrap_or(crate::formats::peg::solvability::SOLVE_POSITIONS);
    let report = match load(file, &shown).and_then(|doc| {
        report(&doc, positions).map_err(|why| format!("cannot solve {shown}: {why}"))
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
    super::print(&out, "solution")
}

/// The board file as a document; `Err` when it cannot be read or is no peg board.
fn load(file: &Path, shown: &str) -> Result<Document, String> {
    let bytes = disk::read(file, crate::syntax::MAX_PARSED_BYTES as u64)
        .map_err(|err| format!("cannot read {shown}: {err}"))?;
    let (content, _) = text::decode(&bytes)
        .map_err(|_| format!("cannot solve {shown}: it is a binary file, not text"))?;
    let format = detect(Some(file), &content);
    if format != Some(FormatId::PegBrd) {
        return Err(format!(
            "cannot solve {shown}: it is not a peg solitaire board or a Patience game (only .brd \
peg boards are solved, and .pat Patience games played)"
        ));
    }
    let doc = Document::new(format, &content).with_path(Some(disk::absolute(file)));
    let errors = crate::analysis::analyze(&doc)
        .iter()
        .filter(|f| f.severity == crate::findings::Severity::Error)
        .count();
    if errors > 0 {
        return Err(format!(
            "cannot solve {shown}: the game does not load this board ({}; run \
“retroboard check {shown}”)",
            crate::findings::plural(errors, "error", "errors")
        ));
    }
    Ok(doc)
}

fn pair(p: Place) -> serde_json::Value {
    json!([p.0, p.1])
}

/// The reason given with a verdict, in a sentence.
fn reason(report: &Report, detailed: bool) -> String {
    let goal = report.goal;
    match &report.verdict {
        Verdict::Solvable(moves) => {
            let end = match goal {
                Some(g) => format!("one stone on the goal at {}", place(g)),
                None => "a single stone".to_string(),
            };
            match moves.len() {
                1 => format!("this jump leaves {end}"),
                n => format!("these {n} jumps leave {end}"),
            }
        }
        Verdict::Unsolvable(proof) => proof_text(proof, goal.is_some(), detailed),
        Verdict::Unknown(why) => unknown_text(why),
    }
}

fn json_of(report: &Report) -> serde_json::Value {
    let (verdict, moves) = match &report.verdict {
        Verdict::Solvable(moves) => ("solvable", moves.as_slice()),
        Verdict::Unsolvable(_) => ("unsolvable", &[][..]),
        Verdict::Unknown(_) => ("unknown", &[][..]),
    };
    let moves: Vec<_> = moves
        .iter()
        .map(|j| json!({"from": pair(j.from), "over": pair(j.over), "to": pair(j.to)}))
        .collect();
    json!({"verdict": verdict, "moves": moves, "reason": reason(report, true)})
}

fn human(shown: &str, report: &Report) -> String {
    let mut out = String::new();
    match &report.verdict {
        Verdict::Solvable(moves) => {
            out.push_str(&format!(
                "{shown}: solvable: {} (moves as (row,column) from 1)\n",
                reason(report, false)
            ));
            let width = moves.len().to_string().len();
            for (n, jump) in moves.iter().enumerate() {
                out.push_str(&format!("{:>width$}. {}\n", n + 1, jump_text(jump)));
            }
            out.push_str("\nThe board after the last jump:\n");
            for line in &report.board_after {
                out.push_str("  ");
                out.push_str(line);
                out.push('\n');
            }
        }
        Verdict::Unsolvable(_) => {
            out.push_str(&format!("{shown}: unsolvable: {}\n", reason(report, true)));
        }
        Verdict::Unknown(why) => {
            let hint = match why {
                crate::formats::peg::solve::Unknown::Positions { .. } => {
                    " (a larger --positions may tell)"
                }
                _ => "",
            };
            out.push_str(&format!(
                "{shown}: unknown: {}{hint}\n",
                reason(report, false)
            ));
        }
    }
    out
}
