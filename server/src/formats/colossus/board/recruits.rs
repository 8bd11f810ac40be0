//! A TER drawn as its recruit chains: which creatures each terrain recruits, and how many.

use super::file_name;
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::Finding;
use crate::formats::colossus::colors;
use crate::formats::colossus::ter::TerView;
use crate::syntax::Document;

/// How many characters of a chain fit on one line of the drawing (12 px text from x = 150 on a
/// 760 px board).
const CHAIN_CHARS: usize = 80;
/// The distance between the lines of a wrapped chain.
const LINE_HEIGHT: f64 = 15.0;

/// A recruit chain `steps` (each "count creature") joined by arrows, in lines of at most
/// `width` characters broken after an arrow (a step longer than that on a line of its own).
fn wrap_chain(steps: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (i, step) in steps.iter().enumerate() {
        let piece = if i + 1 < steps.len() {
            format!("{step} →")
        } else {
            step.clone()
        };
        if !line.is_empty() && line.chars().count() + 1 + piece.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

pub(super) fn recruit_chains(doc: &Document, findings: &[Finding]) -> Board {
    let view = TerView::of(doc);
    let title = format!(
        "{} — {} terrains, their recruits",
        file_name(doc),
        view.terrains.len()
    );
    let row_height = 26.0;
    // Each terrain's chain, in lines short enough for the drawing (the Tower's is long).
    let chains: Vec<(Vec<String>, Vec<String>)> = view
        .terrains
        .iter()
        .map(|t| {
            let steps: Vec<String> = t
                .recruits
                .iter()
                .map(|r| {
                    format!(
                        "{} {}",
                        r.count.value.map_or("?".to_string(), |c| c.to_string()),
                        r.creature.text
                    )
                })
                .collect();
            let lines = wrap_chain(&steps, CHAIN_CHARS);
            (steps, lines)
        })
        .collect();
    let rows_height: f64 = chains
        .iter()
        .map(|(_, lines)| row_height + LINE_HEIGHT * (lines.len().max(1) - 1) as f64)
        .sum();
    // The Titan's records of 2002-11, a line each below the acquirables.
    let titan_lines: Vec<(String, String, std::ops::Range<usize>)> = view
        .titan
        .iter()
        .map(|record| {
            let points = record
                .value
                .value
                .map_or("?".to_string(), |v| v.to_string());
            let words = if record.keyword == "TITANIMPROVE" {
                format!(
                    "TITANIMPROVE {points}: the Titan's power grows by one every {points} points"
                )
            } else {
                format!("TITANTELEPORT {points}: a Titan may teleport from {points} points")
            };
            (
                record.keyword.to_ascii_lowercase(),
                words,
                record.range.clone(),
            )
        })
        .collect();
    let mut scene = Scene::new(
        760.0,
        30.0 + rows_height
            + row_height * view.acquirables.len().min(1) as f64
            + LINE_HEIGHT * titan_lines.len() as f64
            + 10.0,
        title.clone(),
    );
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    let mut y = 20.0;
    for (t, (steps, lines)) in view.terrains.iter().zip(&chains) {
        let mut items = Vec::new();
        let fill = t
            .color
            .as_ref()
            .map(|c| colors::drawn(&c.text))
            .map_or(Color(200, 200, 200), |[r, g, b]| Color(r, g, b));
        let bad = crate::findings::faulty(findings, &t.range);
        let style = if bad {
            Style::filled(fill, Color::FAULT, 2.0).dashed()
        } else {
            Style::filled(fill, Color::BLACK, 1.0)
        };
        items.push(Item::Rect {
            x: 10.0,
            y,
            width: 22.0,
            height: 20.0,
            style,
        });
        // The letter in its colour; a 2003-10 terrain has none, only its name beside.
        if !t.named {
            items.push(Item::text(
                21.0,
                y + 15.0,
                t.letter.text.clone(),
                12.0,
                Anchor::Middle,
                fill.contrast(),
            ));
        }
        let name = t.name.as_ref().map_or("?", |n| n.text.as_str());
        items.push(Item::text(
            40.0,
            y + 15.0,
            name,
            12.0,
            Anchor::Start,
            Color::INK,
        ));
        for (k, line) in lines.iter().enumerate() {
            items.push(Item::text(
                150.0,
                y + 15.0 + LINE_HEIGHT * k as f64,
                line.clone(),
                12.0,
                Anchor::Start,
                if bad { Color::FAULT } else { Color::INK },
            ));
        }
        scene.push(Item::Group {
            element: Some(Element::new(
                format!("terrain:{}", t.letter.text),
                t.range.clone(),
            )),
            tooltip: None,
            items,
        });
        canvas.line(&if t.named {
            format!(
                "{}{:<13} {}",
                if bad { '!' } else { ' ' },
                name,
                steps.join(" → ")
            )
        } else {
            format!(
                "{}{} {:<11} {}",
                if bad { '!' } else { ' ' },
                t.letter.text,
                name,
                steps.join(" → ")
            )
        });
        canvas.mark_last_line(format!("terrain:{}", t.letter.text));
        y += row_height + LINE_HEIGHT * (lines.len().max(1) - 1) as f64;
    }
    if !view.acquirables.is_empty() {
        let list: Vec<String> = view
            .acquirables
            .iter()
            .map(|a| {
                format!(
                    "{} every {}",
                    a.creature.text,
                    a.points.value.map_or("?".to_string(), |p| p.to_string())
                )
            })
            .collect();
        y += 15.0;
        scene.push(Item::text(
            10.0,
            y,
            format!("Acquirable: {}", list.join(", ")),
            12.0,
            Anchor::Start,
            Color::INK,
        ));
        canvas.line("");
        canvas.line(&format!("Acquirable: {}", list.join(", ")));
    }
    if !titan_lines.is_empty() && view.acquirables.is_empty() {
        canvas.line("");
        y += 15.0 - LINE_HEIGHT;
    }
    for (id, words, range) in &titan_lines {
        y += LINE_HEIGHT;
        scene.push(Item::Group {
            element: Some(Element::new(id.clone(), range.clone())),
            tooltip: None,
            items: vec![Item::text(
                10.0,
                y,
                words.clone(),
                12.0,
                Anchor::Start,
                Color::INK,
            )],
        });
        canvas.line(words);
        canvas.mark_last_line(id.clone());
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}
