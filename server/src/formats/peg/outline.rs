//! The outline of a peg board: the header with its values, the board with its rows, and the
//! goals.

use super::checks::shorten;
use super::view::{Board, DotRule, Header, HeaderLine, Kind, Row, Version};
use crate::answers::{Symbol, SymbolKind};
use crate::findings::plural;
use crate::syntax::Document;

/// Rows listed one by one; a generated board may have millions.
const MAX_LISTED_ROWS: usize = 1000;

/// Goals listed one by one.
const MAX_LISTED_GOALS: usize = 100;

pub fn outline(doc: &Document) -> Vec<Symbol> {
    let Some(board) = Board::new(doc) else {
        return Vec::new();
    };
    let mut out = vec![header(&board)];
    out.extend(rows(&board));
    for goal in board.goals().take(MAX_LISTED_GOALS) {
        let rule = board.dot_rule();
        let column = board
            .grid_column(&goal, rule)
            .map_or_else(|| "?".to_string(), |c| (c + 1).to_string());
        let kind = match goal.kind() {
            Kind::Empty => "empty slot".to_string(),
            Kind::Stone(colour) => format!("{} stone", colour.name()),
            _ => "slot".to_string(),
        };
        out.push(
            Symbol::new("goal", SymbolKind::Place, goal.full_range(), goal.range())
                .detail(format!("{kind}, row {}, column {column}", goal.row() + 1)),
        );
    }
    out
}

fn header(board: &Board) -> Symbol {
    match &board.header {
        Header::V1 {
            range,
            version,
            mode_flag,
            end,
        } => {
            let mut children = Vec::new();
            if let Some(version) = version {
                children.push(
                    Symbol::new("1", SymbolKind::Field, version.clone(), version.clone())
                        .detail("version 1"),
                );
            }
            if let Some((flag, flag_range)) = mode_flag {
                let detail = if *flag == 'D' {
                    "diagonal moves"
                } else {
                    "no diagonal moves"
                };
                children.push(
                    Symbol::new(
                        flag.to_string(),
                        SymbolKind::Field,
                        flag_range.clone(),
                        flag_range.clone(),
                    )
                    .detail(detail),
                );
            }
            if let Some(end) = end {
                children.push(
                    Symbol::new("~", SymbolKind::Field, end.clone(), end.clone())
                        .detail("end of the header"),
                );
            }
            let selection = version.clone().unwrap_or(range.start..range.start);
            let mut symbol = Symbol::new("header", SymbolKind::Section, range.clone(), selection)
                .detail("version 1");
            symbol.children = children;
            symbol
        }
        Header::V2 { version, mode } => {
            let end = mode.as_ref().map_or(version.range.end, |m| m.range.end);
            let version_ok = version
                .text
                .trim_end_matches([' ', '\t'])
                .eq_ignore_ascii_case("version 2");
            let mut children = vec![line_symbol(
                version,
                if version_ok {
                    "version 2"
                } else {
                    "not a version the game reads"
                },
            )];
            if let Some(mode) = mode {
                let detail = match board.diagonal {
                    Some(true) => "diagonal moves",
                    Some(false) => "no diagonal moves",
                    None => "not a mode the game knows",
                };
                children.push(line_symbol(mode, detail));
            }
            let range = version.range.start..end;
            let mut symbol =
                Symbol::new("header", SymbolKind::Section, range, version.range.clone())
                    .detail("version 2");
            symbol.children = children;
            symbol
        }
    }
}

fn line_symbol(line: &HeaderLine, detail: &str) -> Symbol {
    let name = if line.text.trim().is_empty() {
        "(blank)".to_string()
    } else {
        shorten(&line.text)
    };
    Symbol::new(
        name,
        SymbolKind::Field,
        line.range.clone(),
        line.range.clone(),
    )
    .detail(detail)
}

/// The board section with its rows; `None` when the board has no elements.
fn rows(board: &Board) -> Option<Symbol> {
    let first = board.rows.iter().find_map(Row::range)?;
    let last = board.rows.iter().rev().find_map(Row::range)?;
    let rule = board.dot_rule();
    let (columns, height, stones) = (board.columns(), board.rows.len(), board.stones());
    let mut detail = format!(
        "{} × {}, {}",
        plural(columns, "column", "columns"),
        plural(height, "row", "rows"),
        plural(stones, "stone", "stones")
    );
    if height > MAX_LISTED_ROWS {
        detail.push_str(&format!(", the first {MAX_LISTED_ROWS} rows listed"));
    }
    let first_element = |row: &Row| row.first().map(|e| e.range());
    let mut symbol = Symbol::new(
        "board",
        SymbolKind::Section,
        first.start..last.end,
        board.rows.iter().find_map(first_element)?,
    )
    .detail(detail);
    symbol.children = board
        .rows
        .iter()
        .take(MAX_LISTED_ROWS)
        .enumerate()
        .filter_map(|(i, row)| {
            let count = row.len_counting_dots();
            let halves = row.half_fields();
            let without = count - halves;
            let detail = match (board.version, rule) {
                _ if halves == 0 => plural(count, "element", "elements"),
                (Version::V1, _) => {
                    format!(
                        "{}, {halves} half-width",
                        plural(count, "element", "elements")
                    )
                }
                (Version::V2, DotRule::Stripped) => format!(
                    "{} without dots, {count} with",
                    plural(without, "element", "elements")
                ),
                (Version::V2, DotRule::Counted) => format!(
                    "{} counting dots, {without} without",
                    plural(count, "element", "elements")
                ),
            };
            Some(
                Symbol::new(
                    format!("row {}", i + 1),
                    SymbolKind::Row,
                    row.range()?,
                    first_element(row)?,
                )
                .detail(detail),
            )
        })
        .collect();
    Some(symbol)
}
