//! A battleland: its hexes, terrains, hexsides and elevations.

use super::{SQRT3, file_name};
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::Finding;
use crate::formats::Files;
use crate::formats::colossus::battleland::{BattlelandView, COLUMNS};
use crate::formats::colossus::dialect;
use crate::syntax::Document;

fn battle_color(terrain: char) -> Color {
    match terrain {
        'p' => Color(232, 224, 176),
        'w' => Color(176, 176, 176),
        'r' => Color(106, 154, 58),
        's' => Color(240, 216, 144),
        't' => Color(47, 111, 47),
        'o' => Color(122, 106, 58),
        'v' => Color(208, 64, 32),
        'd' => Color(224, 240, 255),
        'l' => Color(80, 128, 208),
        'n' => Color(140, 140, 150),
        _ => Color(255, 255, 255),
    }
}

fn hexside_color(kind: char) -> Color {
    match kind {
        'd' => Color(224, 176, 96),
        'c' => Color(122, 74, 26),
        's' => Color(138, 154, 64),
        'w' => Color(70, 70, 70),
        'r' => Color(40, 110, 220),
        _ => Color::FAULT,
    }
}

pub(super) fn battleland(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Board {
    let view = BattlelandView::of(doc);
    // The terrains and hexsides of the variant's era (2002-11 adds stone and river).
    let era = dialect::of_doc(doc, files)
        .era()
        .unwrap_or(&dialect::FEB_2002);
    let (r, margin) = (30.0, 12.0);
    let center = |x: i64, y: i64| {
        let shift = if x % 2 == 1 { 0.5 } else { 0.0 };
        (
            margin + r + x as f64 * 1.5 * r,
            margin + SQRT3 / 2.0 * r + (y as f64 + shift) * SQRT3 * r,
        )
    };
    let vertex = |c: (f64, f64), k: usize| {
        let angle = (k as f64 * 60.0).to_radians();
        (c.0 + r * angle.cos(), c.1 + r * angle.sin())
    };
    let title = format!(
        "{} — battleland, {} hexes changed",
        file_name(doc),
        view.hexes.len()
    );
    let width = margin * 2.0 + r * 2.0 + 5.0 * 1.5 * r;
    let height = margin * 2.0 + 6.5 * SQRT3 * r + 24.0;
    let mut scene = Scene::new(width, height, title.clone());
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    for (x, (lo, hi)) in COLUMNS.iter().enumerate() {
        for y in *lo..=*hi {
            let x = x as i64;
            let record = view
                .hexes
                .iter()
                .rev()
                .find(|h| h.x.is(x) && h.y.as_ref().is_some_and(|v| v.is(y)));
            let terrain = record
                .and_then(|h| h.terrain.as_ref())
                .and_then(|t| t.text.chars().next())
                .unwrap_or('p');
            let elevation = record
                .and_then(|h| h.elevation.as_ref())
                .and_then(|e| e.value)
                .unwrap_or(0);
            let bad = record.is_some_and(|h| crate::findings::faulty(findings, &h.range));
            let c = center(x, y);
            let points: Vec<(f64, f64)> = (0..6).map(|k| vertex(c, k)).collect();
            let fill = battle_color(terrain);
            let style = if bad {
                Style::filled(fill, Color::FAULT, 2.5).dashed()
            } else {
                Style::filled(fill, Color::BLACK, 1.0)
            };
            let name = era
                .battle_terrains
                .iter()
                .find(|(l, _)| *l == terrain)
                .map_or("unknown", |(_, n)| n);
            let mut items = vec![Item::Polygon { points, style }];
            items.push(Item::text(
                c.0,
                c.1 + 4.0,
                format!(
                    "{terrain}{}",
                    if elevation > 0 {
                        format!(" +{elevation}")
                    } else {
                        String::new()
                    }
                ),
                11.0,
                Anchor::Middle,
                fill.contrast(),
            ));
            items.push(Item::text(
                c.0,
                c.1 + 16.0,
                format!("{x},{y}"),
                7.0,
                Anchor::Middle,
                fill.contrast(),
            ));
            if let Some(record) = record {
                for (side_num, kind_word) in &record.sides {
                    let (Some(side), Some(kind_word), Some(kind)) = (
                        side_num.value.filter(|s| (0..6).contains(s)),
                        kind_word.as_ref(),
                        kind_word.as_ref().and_then(|k| k.text.chars().next()),
                    ) else {
                        continue;
                    };
                    let source = side_num.range.start.min(kind_word.range.start)
                        ..side_num.range.end.max(kind_word.range.end);
                    // Sides 0–5 run n, ne, se, s, sw, nw; on a flat-topped hex side n joins the
                    // vertices at 240° and 300°.
                    let k = (4 + side as usize) % 6;
                    let (a, b) = (vertex(c, k), vertex(c, (k + 1) % 6));
                    items.push(Item::Group {
                        element: Some(Element::new(format!("hexside:{x}:{y}:{side}"), source)),
                        tooltip: None,
                        items: vec![Item::Line {
                            from: a,
                            to: b,
                            style: Style::stroke(
                                if era.hexsides.iter().any(|(l, _)| *l == kind) {
                                    hexside_color(kind)
                                } else {
                                    Color::FAULT
                                },
                                5.0,
                            ),
                        }],
                    });
                }
            }
            let tip = format!(
                "({x}, {y}) {name}, elevation {elevation}{}",
                if bad { " — has problems" } else { "" }
            );
            scene.push(Item::Group {
                element: record.map(|h| Element::new(format!("battle:{x}:{y}"), h.range.clone())),
                tooltip: Some(tip),
                items,
            });

            let row = 2 + (y as usize) * 2 + usize::from(x % 2 == 1);
            let col = 2 + (x as usize) * 6;
            let sides = record.map_or(0, |h| h.sides.len());
            let cell = format!(
                "{}{terrain}{elevation}{}",
                if bad { '!' } else { ' ' },
                if sides > 0 {
                    format!("/{sides}")
                } else {
                    String::new()
                }
            );
            canvas.write(col, row, &cell);
            if record.is_some() {
                canvas.mark(col, row, cell.chars().count(), format!("battle:{x}:{y}"));
            }
        }
    }
    let legend: Vec<String> = era
        .hexsides
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    scene.push(Item::text(
        margin,
        height - 8.0,
        format!("hexsides: {}", legend.join(" · ")),
        10.0,
        Anchor::Start,
        Color::BLACK,
    ));
    canvas.line("");
    canvas.line(
        "each hex: terrain letter, elevation, /number of special hexsides; ! a hex with problems",
    );
    Board {
        title,
        scene,
        text: canvas,
    }
}
