//! A battleland: its hexes, terrains, hexsides and elevations.

use super::{SQRT3, file_name};
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::Finding;
use crate::formats::Files;
use crate::formats::colossus::battleland::{
    BattlelandView, COLUMNS, HEX_LABELS, STARTLIST_MIN, hex_of_label,
};
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

/// The width of the drawing, enough for the legend's hexside swatches.
const LEGEND_WIDTH: f64 = 380.0;
/// How many characters of 10 px text fit on a line of the legend.
const LEGEND_CHARS: usize = 58;
/// The distance between the legend's lines.
const LEGEND_LINE: f64 = 15.0;

/// Where each hexside's swatch and name go: its x from `start` and its legend line, a new line
/// where the next would pass `end`.
fn swatch_places(hexsides: &[(char, &str)], start: f64, end: f64) -> Vec<(f64, usize)> {
    let mut places = Vec::new();
    let (mut x, mut line) = (start, 0);
    for (letter, name) in hexsides {
        let label = format!("{letter} {name}");
        let advance = 22.0 + label.chars().count() as f64 * 6.0 + 8.0;
        if x > start && x + advance - 8.0 > end {
            (x, line) = (start, line + 1);
        }
        places.push((x, line));
        x += advance;
    }
    places
}

/// `entries` after `head`, joined by " · " in lines of at most `width` characters (the lines
/// after the first indented as far as `head`).
pub(super) fn wrap_entries(head: &str, entries: &[String], width: usize) -> Vec<String> {
    let indent = " ".repeat(head.chars().count());
    let mut lines = Vec::new();
    let mut line = head.to_string();
    let mut empty = true;
    for entry in entries {
        let more = if empty { 0 } else { 3 } + entry.chars().count();
        if !empty && line.chars().count() + more > width {
            lines.push(std::mem::replace(&mut line, indent.clone()));
            empty = true;
        }
        if !empty {
            line.push_str(" · ");
        }
        line.push_str(entry);
        empty = false;
    }
    lines.push(line);
    lines
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
    // 2002-11: the last SUBTITLE is shown with the terrain's name, a TOWER line makes the
    // terrain a tower; 2003-10 names the hex terrains.
    let subtitle = view.subtitles.last();
    let title = format!(
        "{}{} — battleland{}, {} hexes changed",
        file_name(doc),
        subtitle.map_or_else(String::new, |s| format!(" “{}”", s.shown())),
        if view.towers.is_empty() {
            ""
        } else {
            " of a tower"
        },
        view.hexes.len()
    );
    let named = era.battle_terrain_names.is_some()
        && view.hexes.iter().any(|h| {
            h.terrain
                .as_ref()
                .is_some_and(|t| t.text.chars().count() > 1)
        });
    let terrain_word = |letter: char| -> String {
        match era.battle_terrain_names {
            Some(names) if named => era
                .battle_terrains
                .iter()
                .position(|(l, _)| *l == letter)
                .and_then(|i| names.get(i))
                .map_or_else(|| letter.to_string(), |n| (*n).to_string()),
            _ => letter.to_string(),
        }
    };
    // The game keeps the last STARTLIST, and uses it only when it names enough hexes.
    let startlist = view.startlists.last();
    let starts_used = startlist.is_some_and(|s| s.labels.len() >= STARTLIST_MIN);
    let start_of = |x: i64, y: i64| {
        startlist.and_then(|s| {
            s.labels
                .iter()
                .enumerate()
                .find(|(_, l)| hex_of_label(&l.text) == Some((x, y)))
        })
    };
    // The terrains drawn (plains where nothing is written), for the legend.
    let mut drawn: Vec<char> = vec!['p'];
    for h in &view.hexes {
        if let Some(letter) = h
            .terrain
            .as_ref()
            .and_then(|t| crate::formats::colossus::battleland::terrain_letter(&t.text))
        {
            drawn.push(letter);
        }
    }
    drawn.sort_by_key(|l| {
        era.battle_terrains
            .iter()
            .position(|(t, _)| t == l)
            .unwrap_or(usize::MAX)
    });
    drawn.dedup();
    let terrain_legend: Vec<String> = drawn
        .iter()
        .map(|l| {
            let name = era
                .battle_terrains
                .iter()
                .find(|(t, _)| t == l)
                .map_or("unknown terrain", |(_, n)| n);
            match era.battle_terrain_names {
                Some(_) if named && era.battle_terrains.iter().any(|(t, _)| t == l) => {
                    terrain_word(*l)
                }
                _ => format!("{l} {name}"),
            }
        })
        .collect();
    // The text drawing writes letters: its legend names each letter's terrain.
    let text_legend: Vec<String> = drawn
        .iter()
        .map(|l| match era.battle_terrains.iter().find(|(t, _)| t == l) {
            Some(_) if named => format!("{l} {}", terrain_word(*l)),
            Some((_, name)) => format!("{l} {name}"),
            None => format!("{l} unknown terrain"),
        })
        .collect();
    let mut legend_lines = wrap_entries("terrains: ", &terrain_legend, LEGEND_CHARS);
    legend_lines.push("+N elevation (levels above the plain) · label x,y".to_string());
    let startlist_words = startlist.map(|list| {
        if starts_used {
            format!(
                "S1–S{} the STARTLIST: where the defenders start",
                list.labels.len()
            )
        } else {
            format!(
                "S1–S{} the STARTLIST: {} hexes, under {STARTLIST_MIN}: ignored",
                list.labels.len(),
                list.labels.len()
            )
        }
    });
    let width = (margin * 2.0 + r * 2.0 + 5.0 * 1.5 * r).max(LEGEND_WIDTH);
    let board_bottom = margin * 2.0 + 6.5 * SQRT3 * r;
    // The hexside swatches, as many to a line as fit (2002-11 has five), then the lines of text.
    let swatches = swatch_places(era.hexsides, margin + 52.0, width - margin);
    let swatch_lines = swatches.last().map_or(1, |(_, line)| line + 1);
    let height = board_bottom + LEGEND_LINE * (swatch_lines + legend_lines.len()) as f64 + 8.0;
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
                .and_then(|t| crate::formats::colossus::battleland::terrain_letter(&t.text))
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
            // The terrain as the file writes it: a letter, or from 2003-10 its name.
            let written = record
                .and_then(|h| h.terrain.as_ref())
                .map_or_else(|| terrain_word(terrain), |t| t.text.to_string());
            items.push(Item::text(
                c.0,
                c.1 + 4.0,
                format!(
                    "{written}{}",
                    if elevation > 0 {
                        format!(" +{elevation}")
                    } else {
                        String::new()
                    }
                ),
                if named { 9.0 } else { 11.0 },
                Anchor::Middle,
                fill.contrast(),
            ));
            let label = HEX_LABELS
                .iter()
                .find(|l| hex_of_label(l) == Some((x, y)))
                .copied()
                .unwrap_or("?");
            items.push(Item::text(
                c.0,
                c.1 + 16.0,
                format!("{label} {x},{y}"),
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
            let start = start_of(x, y);
            let tip = format!(
                "{label} ({x}, {y}) {name}, elevation {elevation}{}{}",
                start.map_or_else(String::new, |(i, _)| format!(
                    ", start hex {} of the STARTLIST{}",
                    i + 1,
                    if starts_used { "" } else { " (ignored)" }
                )),
                if bad { " — has problems" } else { "" }
            );
            scene.push(Item::Group {
                element: record.map(|h| Element::new(format!("battle:{x}:{y}"), h.range.clone())),
                tooltip: Some(tip),
                items,
            });
            // A defender's start hex: a marker with its place in the STARTLIST.
            if let Some((i, word)) = start {
                let at = (c.0, c.1 - 15.0);
                let marker = Color(200, 30, 140);
                let style = if starts_used {
                    Style::filled(Color::WHITE, marker, 1.5)
                } else {
                    Style::filled(Color::WHITE, marker, 1.5).dashed()
                };
                scene.push(Item::Group {
                    element: Some(Element::new(format!("start:{label}"), word.range.clone())),
                    tooltip: Some(format!("start hex {} of the STARTLIST: {label}", i + 1)),
                    items: vec![
                        Item::Circle {
                            center: at,
                            radius: 7.5,
                            style,
                        },
                        Item::text(
                            at.0,
                            at.1 + 3.0,
                            format!("S{}", i + 1),
                            7.5,
                            Anchor::Middle,
                            marker,
                        ),
                    ],
                });
            }

            let row = 2 + (y as usize) * 2 + usize::from(x % 2 == 1);
            let col = 2 + (x as usize) * 6;
            let sides = record.map_or(0, |h| h.sides.len());
            let cell = format!(
                "{}{terrain}{elevation}{}",
                if bad {
                    '!'
                } else if start.is_some() {
                    '*'
                } else {
                    ' '
                },
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
    // The legend: each hexside's colour named, then the terrain letters and numbers drawn.
    let mut y = board_bottom + LEGEND_LINE - 4.0;
    scene.push(Item::text(
        margin,
        y,
        "hexsides:",
        10.0,
        Anchor::Start,
        Color::INK,
    ));
    let swatch_top = y;
    for (&(letter, name), &(x, line)) in era.hexsides.iter().zip(&swatches) {
        y = swatch_top + LEGEND_LINE * line as f64;
        scene.push(Item::Line {
            from: (x, y - 4.0),
            to: (x + 16.0, y - 4.0),
            style: Style::stroke(hexside_color(letter), 5.0),
        });
        scene.push(Item::text(
            x + 20.0,
            y,
            format!("{letter} {name}"),
            10.0,
            Anchor::Start,
            Color::INK,
        ));
    }
    for line in &legend_lines {
        y += LEGEND_LINE;
        scene.push(Item::text(
            margin,
            y,
            line.clone(),
            10.0,
            Anchor::Start,
            Color::INK,
        ));
    }
    // The records of 2002-11 besides the hexes, each drawn on a line of its own.
    let mut records: Vec<(String, String, std::ops::Range<usize>)> = Vec::new();
    if let (Some(list), Some(words)) = (startlist, &startlist_words) {
        records.push(("startlist".to_string(), words.clone(), list.range.clone()));
    }
    if let Some(subtitle) = subtitle {
        records.push((
            "subtitle".to_string(),
            format!("SUBTITLE “{}” (under the name)", subtitle.shown()),
            subtitle.range.clone(),
        ));
    }
    if let Some(tower) = view.towers.last() {
        records.push((
            "tower".to_string(),
            "TOWER: a tower terrain, where players start".to_string(),
            tower.clone(),
        ));
    }
    for (id, words, range) in &records {
        y += LEGEND_LINE;
        scene.push(Item::Group {
            element: Some(Element::new(id.clone(), range.clone())),
            tooltip: None,
            items: vec![Item::text(
                margin,
                y,
                words.clone(),
                10.0,
                Anchor::Start,
                Color::INK,
            )],
        });
    }
    scene.height += LEGEND_LINE * records.len() as f64;
    canvas.line("");
    canvas.line(
        "each hex: terrain letter, elevation, /number of special hexsides; ! a hex with problems",
    );
    if startlist.is_some() {
        canvas.line("* a start hex of the STARTLIST");
    }
    for line in wrap_entries("terrains: ", &text_legend, 78) {
        canvas.line(&line);
    }
    for (id, words, _) in &records {
        canvas.line(words);
        canvas.mark_last_line(id.clone());
    }
    let hexsides: Vec<String> = era
        .hexsides
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    canvas.line(&format!("hexsides: {}", hexsides.join(" · ")));
    Board {
        title,
        scene,
        text: canvas,
    }
}
