//! Colossus boards for the preview: the masterboard as the game draws it (hex shape from the
//! parity of x + y), battlelands, recruit chains, the creature table and the resolved VAR.

use super::battleland::{BattlelandView, COLUMNS, HEXSIDES, TERRAINS};
use super::colors;
use super::cre::{CreView, FLAGS};
use super::map::{Hex, MapView};
use super::ter::TerView;
use super::var::VarView;
use super::variant::{self, Variant};
use crate::draw::{Anchor, Board, Color, Item, Scene, Style, TextCanvas};
use crate::findings::Finding;
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::Document;

const SQRT3: f64 = 1.732_050_807_568_877_2;

pub fn board(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Option<Board> {
    match doc.format()? {
        FormatId::ColossusMap => Some(masterboard(doc, files, findings)),
        FormatId::ColossusBattleland => Some(battleland(doc, findings)),
        FormatId::ColossusTer => Some(recruit_chains(doc, findings)),
        FormatId::ColossusCre => Some(creatures(doc, findings)),
        FormatId::ColossusVar => Some(resolved_var(doc, files, findings)),
        _ => None,
    }
}

fn file_name(doc: &Document) -> String {
    doc.path().and_then(|p| p.file_name()).map_or_else(
        || "untitled".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The vertices of a masterboard hex at column `i`, row `j`, as the game computes them: the
/// wide side is down for a "normal" hex and up for an "inverted" one ((i + j) even).
fn master_hex(i: i64, j: i64, scale: f64, margin: f64) -> (Vec<(f64, f64)>, bool) {
    let inverted = (i + j).rem_euclid(2) == 0;
    let odd = |n: i64| n.rem_euclid(2) as f64;
    let cx = margin + 2.0 * scale + 4.0 * i as f64 * scale;
    let rows = 3.0 * j as f64
        + odd(i) * (1.0 + 2.0 * (j.div_euclid(2)) as f64)
        + odd(i + 1) * 2.0 * ((j + 1).div_euclid(2)) as f64;
    let cy = margin + rows * SQRT3 * scale;
    let s = scale;
    let points = if inverted {
        vec![
            (cx - s, cy),
            (cx + 3.0 * s, cy),
            (cx + 4.0 * s, cy + SQRT3 * s),
            (cx + 2.0 * s, cy + 3.0 * SQRT3 * s),
            (cx, cy + 3.0 * SQRT3 * s),
            (cx - 2.0 * s, cy + SQRT3 * s),
        ]
    } else {
        vec![
            (cx, cy),
            (cx + 2.0 * s, cy),
            (cx + 4.0 * s, cy + 2.0 * SQRT3 * s),
            (cx + 3.0 * s, cy + 3.0 * SQRT3 * s),
            (cx - s, cy + 3.0 * SQRT3 * s),
            (cx - 2.0 * s, cy + 2.0 * SQRT3 * s),
        ]
    };
    (points, inverted)
}

fn center(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    (
        points.iter().map(|p| p.0).sum::<f64>() / n,
        points.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

/// A hex and its position.
type Placed<'a> = (&'a Hex, i64, i64);

fn masterboard(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Board {
    let view = MapView::of(doc);
    let ter = Variant::of_doc(doc, files)
        .and_then(|v| variant::load(&v.ter, FormatId::ColossusTer, files))
        .map(|d| TerView::of(&d))
        .unwrap_or_default();
    let (scale, margin) = (12.0, 16.0);
    // Hexes outside the declared size are errors; they are listed, not drawn.
    let (max_w, max_h) = view
        .size
        .as_ref()
        .and_then(|s| Some((s.width.value?, s.height.value?)))
        .map_or((64, 64), |(w, h)| (w.clamp(1, 64), h.clamp(1, 64)));
    let (placed, outside): (Vec<Placed>, Vec<Placed>) = view
        .hexes
        .iter()
        .filter_map(|h| h.position().map(|(x, y)| (h, x, y)))
        .partition(|(_, x, y)| (0..max_w).contains(x) && (0..max_h).contains(y));
    let (mut right, mut bottom) = (0.0f64, 0.0f64);
    for (_, x, y) in &placed {
        for (px, py) in master_hex(*x, *y, scale, margin).0 {
            right = right.max(px);
            bottom = bottom.max(py);
        }
    }
    let width = right + margin;
    let height = bottom + margin + 24.0;
    let title = format!(
        "{} — masterboard, {} hexes, {} towers",
        file_name(doc),
        view.hexes.len(),
        view.towers()
    );
    let mut scene = Scene::new(width.max(320.0), height, title.clone());
    let mut centers = std::collections::HashMap::new();
    let mut gates = Vec::new();
    for (hex, x, y) in &placed {
        let (points, inverted) = master_hex(*x, *y, scale, margin);
        let c = center(&points);
        centers.entry(hex.label.value).or_insert((c, *x, *y));
        let letter = hex.terrain_letter();
        let terrain = letter.and_then(|l| ter.terrain(l));
        let fill = terrain
            .and_then(|t| t.color.as_ref())
            .and_then(|c| colors::rgb(&c.text))
            .map_or(Color::rgb(200, 200, 200), |[r, g, b]| Color(r, g, b));
        let name = terrain.and_then(|t| t.name.as_ref()).map_or_else(
            || letter.map(String::from).unwrap_or_default(),
            |n| n.text.clone(),
        );
        let tower = letter == Some('T');
        let bad = crate::findings::faulty(findings, &hex.range);
        let outline = if bad {
            Style::filled(fill, Color::FAULT, 2.5).dashed()
        } else {
            Style::filled(fill, Color::BLACK, if tower { 2.5 } else { 1.0 })
        };
        let label = hex
            .label
            .value
            .map_or_else(|| "?".to_string(), |l| l.to_string());
        let ink = fill.contrast();
        let label_y = if inverted { c.1 - 6.0 } else { c.1 + 12.0 };
        let name_y = if inverted { c.1 + 6.0 } else { c.1 - 2.0 };
        let mut items = vec![Item::Polygon {
            points,
            style: outline,
        }];
        items.push(Item::text(
            c.0,
            label_y,
            label.clone(),
            9.0,
            Anchor::Middle,
            ink,
        ));
        items.push(Item::text(
            c.0,
            name_y,
            name.to_uppercase(),
            if name.len() > 7 { 6.0 } else { 7.0 },
            Anchor::Middle,
            ink,
        ));
        let tip = format!(
            "hex {label} — {name} at ({x}, {y}){}",
            if bad { " — has problems" } else { "" }
        );
        scene.push(Item::Group {
            id: None,
            tooltip: Some(tip),
            items,
        });
        for exit in &hex.exits {
            if let (Some(target), Some(way)) = (exit.label.value.filter(|l| *l != 0), &exit.way) {
                gates.push((hex.label.value, target, way.text.clone()));
            }
        }
    }
    for (from, to, way) in gates {
        let (Some((a, ax, ay)), Some((b, bx, by))) =
            (centers.get(&from).copied(), centers.get(&Some(to)).copied())
        else {
            continue;
        };
        let adjacent = (ax == bx && (ay - by).abs() == 1) || (ay == by && (ax - bx).abs() == 1);
        if !adjacent {
            continue; // the game ignores it; the finding says so
        }
        scene.push(gate(
            (a.0 + (b.0 - a.0) * 0.45, a.1 + (b.1 - a.1) * 0.45),
            (b.0 - a.0, b.1 - a.1),
            &way,
            scale,
        ));
    }
    let legend_y = height - 16.0;
    let mut letters: Vec<char> = placed.iter().filter_map(|p| p.0.terrain_letter()).collect();
    letters.sort_unstable();
    letters.dedup();
    let legend: Vec<String> = letters
        .iter()
        .map(|l| {
            format!(
                "{l} {}",
                ter.terrain(*l)
                    .and_then(|t| t.name.as_ref())
                    .map_or("?", |n| n.text.as_str())
            )
        })
        .collect();
    scene.push(Item::text(
        margin,
        legend_y,
        legend.join(" · "),
        10.0,
        Anchor::Start,
        Color::BLACK,
    ));

    // Terminal: two lines per row, five columns per hex: the shape and terrain, then the label.
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    let min_x = placed.iter().map(|p| p.1).min().unwrap_or(0);
    let min_y = placed.iter().map(|p| p.2).min().unwrap_or(0);
    for (hex, x, y) in &placed {
        let (_, inverted) = master_hex(*x, *y, scale, margin);
        let col = 1 + ((x - min_x) as usize) * 5;
        let row = 2 + ((y - min_y) as usize) * 2;
        let shape = if crate::findings::faulty(findings, &hex.range) {
            '!'
        } else if inverted {
            '▼'
        } else {
            '▲'
        };
        canvas.put(col, row, shape);
        canvas.put(col + 1, row, hex.terrain_letter().unwrap_or('?'));
        canvas.write(
            col,
            row + 1,
            &hex.label
                .value
                .map_or_else(|| "?".to_string(), |l| l.to_string()),
        );
    }
    let mut line = String::new();
    canvas.line("");
    for entry in legend {
        if line.chars().count() + entry.chars().count() + 3 > 78 {
            canvas.line(&line);
            line.clear();
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(&entry);
    }
    canvas.line(&line);
    for (hex, x, y) in &outside {
        let label = hex
            .label
            .value
            .map_or_else(|| "?".to_string(), |l| l.to_string());
        canvas.line(&format!(
            "! hex {label} at ({x}, {y}) is outside the {max_w} × {max_h} map, not drawn"
        ));
    }
    canvas.line("▲ wide side down, ▼ wide side up (from x + y), ! a hex with problems");
    Board {
        title,
        scene,
        text: canvas,
    }
}

/// An exit symbol on the way from one hex to the next.
fn gate(at: (f64, f64), direction: (f64, f64), way: &str, scale: f64) -> Item {
    let length = (direction.0.powi(2) + direction.1.powi(2)).sqrt().max(1.0);
    let (dx, dy) = (direction.0 / length, direction.1 / length);
    let (px, py) = (-dy, dx);
    let r = scale * 0.45;
    let style = Style::filled(Color::WHITE, Color::BLACK, 1.0);
    let arrow = |(cx, cy): (f64, f64)| Item::Polygon {
        points: vec![
            (cx + dx * r, cy + dy * r),
            (cx - dx * r + px * r, cy - dy * r + py * r),
            (cx - dx * r - px * r, cy - dy * r - py * r),
        ],
        style,
    };
    let items = match way {
        "ARROW" => vec![arrow(at)],
        "ARROWS" => (-1..=1)
            .map(|k| {
                arrow((
                    at.0 + px * r * 2.2 * k as f64,
                    at.1 + py * r * 2.2 * k as f64,
                ))
            })
            .collect(),
        "ARCH" => vec![Item::Circle {
            center: at,
            radius: r,
            style,
        }],
        _ => vec![Item::Rect {
            x: at.0 - r,
            y: at.1 - r,
            width: 2.0 * r,
            height: 2.0 * r,
            style,
        }],
    };
    Item::Group {
        id: None,
        tooltip: Some(format!("exit: {way}")),
        items,
    }
}

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
        _ => Color(255, 255, 255),
    }
}

fn hexside_color(kind: char) -> Color {
    match kind {
        'd' => Color(224, 176, 96),
        'c' => Color(122, 74, 26),
        's' => Color(138, 154, 64),
        'w' => Color(70, 70, 70),
        _ => Color::FAULT,
    }
}

fn battleland(doc: &Document, findings: &[Finding]) -> Board {
    let view = BattlelandView::of(doc);
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
            let name = TERRAINS
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
                for (side, kind) in &record.sides {
                    let (Some(side), Some(kind)) = (
                        side.value.filter(|s| (0..6).contains(s)),
                        kind.as_ref().and_then(|k| k.text.chars().next()),
                    ) else {
                        continue;
                    };
                    // Sides 0–5 run n, ne, se, s, sw, nw; on a flat-topped hex side n joins the
                    // vertices at 240° and 300°.
                    let k = (4 + side as usize) % 6;
                    let (a, b) = (vertex(c, k), vertex(c, (k + 1) % 6));
                    items.push(Item::Line {
                        from: a,
                        to: b,
                        style: Style::stroke(hexside_color(kind), 5.0),
                    });
                }
            }
            let tip = format!(
                "({x}, {y}) {name}, elevation {elevation}{}",
                if bad { " — has problems" } else { "" }
            );
            scene.push(Item::Group {
                id: None,
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
        }
    }
    let legend: Vec<String> = HEXSIDES.iter().map(|(l, n)| format!("{l} {n}")).collect();
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

fn recruit_chains(doc: &Document, findings: &[Finding]) -> Board {
    let view = TerView::of(doc);
    let title = format!(
        "{} — {} terrains, their recruits",
        file_name(doc),
        view.terrains.len()
    );
    let row_height = 26.0;
    let mut scene = Scene::new(
        760.0,
        30.0 + row_height * (view.terrains.len() + view.acquirables.len().min(1)) as f64 + 10.0,
        title.clone(),
    );
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    for (i, t) in view.terrains.iter().enumerate() {
        let y = 20.0 + i as f64 * row_height;
        let fill = t
            .color
            .as_ref()
            .and_then(|c| colors::rgb(&c.text))
            .map_or(Color(200, 200, 200), |[r, g, b]| Color(r, g, b));
        let bad = crate::findings::faulty(findings, &t.range);
        let style = if bad {
            Style::filled(fill, Color::FAULT, 2.0).dashed()
        } else {
            Style::filled(fill, Color::BLACK, 1.0)
        };
        scene.push(Item::Rect {
            x: 10.0,
            y,
            width: 22.0,
            height: 20.0,
            style,
        });
        scene.push(Item::text(
            21.0,
            y + 15.0,
            t.letter.text.clone(),
            12.0,
            Anchor::Middle,
            fill.contrast(),
        ));
        let name = t.name.as_ref().map_or("?", |n| n.text.as_str());
        scene.push(Item::text(
            40.0,
            y + 15.0,
            name,
            12.0,
            Anchor::Start,
            Color::BLACK,
        ));
        let chain: Vec<String> = t
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
        scene.push(Item::text(
            150.0,
            y + 15.0,
            chain.join(" → "),
            12.0,
            Anchor::Start,
            if bad { Color::FAULT } else { Color::BLACK },
        ));
        canvas.line(&format!(
            "{}{} {:<11} {}",
            if bad { '!' } else { ' ' },
            t.letter.text,
            name,
            chain.join(" → ")
        ));
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
        let y = 20.0 + view.terrains.len() as f64 * row_height + 15.0;
        scene.push(Item::text(
            10.0,
            y,
            format!("Acquirable: {}", list.join(", ")),
            12.0,
            Anchor::Start,
            Color::BLACK,
        ));
        canvas.line("");
        canvas.line(&format!("Acquirable: {}", list.join(", ")));
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}

fn creatures(doc: &Document, findings: &[Finding]) -> Board {
    let view = CreView::of(doc);
    let title = format!("{} — {} creatures", file_name(doc), view.creatures.len());
    let row_height = 18.0;
    let mut scene = Scene::new(
        760.0,
        44.0 + row_height * view.creatures.len() as f64,
        title.clone(),
    );
    let header = ["name", "power", "skill", "count", "abilities"];
    let xs = [10.0, 130.0, 180.0, 230.0, 290.0];
    for (h, x) in header.iter().zip(xs) {
        scene.push(Item::text(
            x,
            20.0,
            *h,
            12.0,
            Anchor::Start,
            Color(90, 90, 90),
        ));
    }
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    canvas.line(&format!(
        " {:<12} {:>5} {:>5} {:>5}  abilities",
        "name", "power", "skill", "count"
    ));
    for (i, c) in view.creatures.iter().enumerate() {
        let y = 40.0 + i as f64 * row_height;
        let bad = crate::findings::faulty(findings, &c.range);
        let color = if bad { Color::FAULT } else { Color::BLACK };
        let value = |n: &Option<super::syntax::Num>| {
            n.as_ref()
                .and_then(|n| n.value)
                .map_or("?".to_string(), |v| v.to_string())
        };
        let abilities: Vec<&str> = FLAGS
            .iter()
            .filter(|(f, _)| c.flag(f))
            .map(|(_, w)| *w)
            .collect();
        let cells = [
            c.name.text.clone(),
            value(&c.power),
            value(&c.skill),
            value(&c.max_count),
            abilities.join(", "),
        ];
        for (cell, x) in cells.iter().zip(xs) {
            scene.push(Item::text(x, y, cell.clone(), 12.0, Anchor::Start, color));
        }
        canvas.line(&format!(
            "{}{:<12} {:>5} {:>5} {:>5}  {}",
            if bad { '!' } else { ' ' },
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4]
        ));
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}

fn resolved_var(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Board {
    let view = VarView::of(doc);
    let title = format!("{} — the variant's files", file_name(doc));
    let mut lines = Vec::new();
    if let Some(dir) = doc.path().and_then(|p| p.parent()) {
        let variant = Variant::from_var(dir, Some(&view), files);
        for (kind, resolved) in [
            ("MAP", &variant.map),
            ("TER", &variant.ter),
            ("CRE", &variant.cre),
        ] {
            let found = resolved
                .path
                .as_ref()
                .map_or_else(|| "not found".to_string(), |p| variant::shown(p, dir));
            let bad = view
                .last(kind)
                .is_some_and(|e| crate::findings::faulty(findings, &e.range));
            lines.push((
                format!("{kind}: {} → {found}", resolved.name),
                bad || resolved.path.is_none(),
            ));
        }
        let search: Vec<String> = variant
            .search_path
            .iter()
            .map(|d| variant::shown(d, dir))
            .collect();
        lines.push((format!("search path: {}", search.join(", ")), false));
    }
    let mut scene = Scene::new(560.0, 30.0 + 20.0 * lines.len() as f64, title.clone());
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    for (i, (line, bad)) in lines.iter().enumerate() {
        scene.push(Item::text(
            10.0,
            24.0 + 20.0 * i as f64,
            line.clone(),
            12.0,
            Anchor::Start,
            if *bad { Color::FAULT } else { Color::BLACK },
        ));
        canvas.line(&format!("{}{line}", if *bad { '!' } else { ' ' }));
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}
