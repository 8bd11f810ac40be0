//! `retroboard play`: replay moves on the game a file describes and show the position.

use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use crate::formats::DiskFiles;
use crate::play::{Played, play};

pub fn run(file: &Path, moves: &str, deal: u64, hint: bool, as_json: bool) -> ExitCode {
    let shown = crate::text::terminal_safe(&file.to_string_lossy()).into_owned();
    let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
    let played = match super::render::read_document(file, "play").and_then(|doc| {
        play(&doc, &DiskFiles, deal, &moves, hint)
            .map_err(|why| format!("cannot play {shown}: {why}"))
    }) {
        Ok(played) => played,
        Err(message) => {
            eprintln!("retroboard: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(refused) = &played.refused {
        eprintln!(
            "retroboard: move {} ({}) is not allowed: {}",
            refused.index + 1,
            crate::text::terminal_safe(&refused.notation),
            refused.rule
        );
        return ExitCode::from(1);
    }
    let out = if as_json {
        let mut line = json_of(&played).to_string();
        line.push('\n');
        line
    } else {
        human(&played)
    };
    super::print(&out, "position")
}

fn json_of(played: &Played) -> serde_json::Value {
    let mut value = json!({
        "status": played.status.name(),
        "moves": played.moves,
        "board": played.text,
        "message": played.message,
    });
    if let Some(hint) = &played.hint {
        value["hint"] = json!({"move": hint.next, "reason": hint.reason});
    }
    value
}

fn human(played: &Played) -> String {
    let mut out = played.text.clone();
    out.push('\n');
    out.push_str(&played.message);
    out.push('\n');
    if !played.moves.is_empty() {
        out.push_str(&format!("moves: {}\n", played.moves.join(" ")));
    }
    if let Some(hint) = &played.hint {
        match &hint.next {
            Some(next) => out.push_str(&format!("hint: {next} ({})\n", hint.reason)),
            None => out.push_str(&format!("hint: none ({})\n", hint.reason)),
        }
    }
    out
}
