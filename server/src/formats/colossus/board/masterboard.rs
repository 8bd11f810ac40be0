//! The masterboard as the game draws it: hex shapes from the parity of x + y, terrain
//! colours and names, exits and their gates.

use std::sync::Arc;

use super::{SQRT3, center, file_name};
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::Finding;
use crate::formats::Files;
use crate::formats::colossus::colors;
use crate::formats::colossus::map::{Hex, MapView};
use crate::formats::colossus::syntax::LineMemo;
use crate::formats::colossus::ter::{TerView, Terrain};
use crate::formats::colossus::variant::{self, Variant};
use crate::registry::FormatId;
use crate::syntax::Document;

/// A hex side's unit in pixels (a hex is 4 across), and the paper around the board.
const SCALE: f64 = 12.0;
const MARGIN: f64 = 16.0;

/// The vertices of a masterboard hex at column `i`, row `j`, as the game computes them: the
/// wide side is down for a "normal" hex and up for an "inverted" one ((i + j) even).
fn master_hex(i: i64, j: i64) -> ([(f64, f64); 6], bool) {
    let inverted = (i + j).rem_euclid(2) == 0;
    let odd = |n: i64| n.rem_euclid(2) as f64;
    let s = SCALE;
    let cx = MARGIN + 2.0 * s + 4.0 * i as f64 * s;
    let rows = 3.0 * j as f64
        + odd(i) * (1.0 + 2.0 * (j.div_euclid(2)) as f64)
        + odd(i + 1) * 2.0 * ((j + 1).div_euclid(2)) as f64;
    let cy = MARGIN + rows * SQRT3 * s;
    let points = if inverted {
        [
            (cx - s, cy),
            (cx + 3.0 * s, cy),
            (cx + 4.0 * s, cy + SQRT3 * s),
            (cx + 2.0 * s, cy + 3.0 * SQRT3 * s),
            (cx, cy + 3.0 * SQRT3 * s),
            (cx - 2.0 * s, cy + SQRT3 * s),
        ]
    } else {
        [
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

/// A hex's element id: `hex:LABEL`, or `hex:?X,Y` while its label is not a number.
fn hex_id(label: Option<i64>, x: i64, y: i64) -> String {
    match label {
        Some(label) => {
            let mut id = String::with_capacity(12);
            id.push_str("hex:");
            crate::text::push_integer(&mut id, label);
            id
        }
        None => format!("hex:?{x},{y}"),
    }
}

/// A hex's label as drawn: `?` while it is not a number.
fn label_text(label: Option<i64>) -> String {
    let mut text = String::with_capacity(8);
    push_label(&mut text, label);
    text
}

fn push_label(text: &mut String, label: Option<i64>) {
    match label {
        Some(label) => crate::text::push_integer(text, label),
        None => text.push('?'),
    }
}

/// An exit's element id: `exit:FROM:TO`, FROM as its hex's label is drawn.
fn exit_id(from: Option<i64>, to: i64) -> String {
    let mut id = String::with_capacity(16);
    id.push_str("exit:");
    push_label(&mut id, from);
    id.push(':');
    crate::text::push_integer(&mut id, to);
    id
}

/// A hex and its position.
type Placed<'a> = (&'a Hex, i64, i64);

pub(super) fn masterboard(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Board {
    let view = MapView::of(doc);
    let ter = Variant::of_doc(doc, files)
        .and_then(|v| variant::load(&v.ter, FormatId::ColossusTer, files))
        .map(|d| TerView::of(&d))
        .unwrap_or_default();
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
        for (px, py) in master_hex(*x, *y).0 {
            right = right.max(px);
            bottom = bottom.max(py);
        }
    }
    let width = right + MARGIN;
    // Below the board: the terrain letters, then the exit symbols.
    let height = bottom + MARGIN + 42.0;
    // From 2003-10 the hexes name their terrains, and the towers are the terrains whose
    // battleland says TOWER.
    let named = view.hexes.iter().any(|h| h.named);
    let tower_names = if named {
        crate::formats::colossus::map::EraOf::of(doc, files).towers
    } else {
        Vec::new()
    };
    let title = format!(
        "{} — masterboard, {} hexes, {} towers",
        file_name(doc),
        view.hexes.len(),
        if named {
            view.towers_of(&tower_names)
        } else {
            view.towers()
        }
    );
    let mut scene = Scene::new(width.max(320.0), height, title.clone());
    let mut places = std::collections::HashMap::with_capacity_and_hasher(
        placed.len(),
        crate::formats::editor::Quick::default(),
    );
    let mut gates = Vec::new();
    for (hex, x, y) in &placed {
        // The first hex of a label is the one its exits lead to (as the game looks it up).
        places.entry(hex.label.value).or_insert((*x, *y));
        let letter = hex.terrain_letter();
        let key = hex.terrain_key_str();
        let terrain = if hex.named {
            key.and_then(|k| ter.terrain_by_key(k))
        } else {
            letter.and_then(|l| ter.terrain(l))
        };
        let fill = fill_of(terrain);
        let name = terrain
            .and_then(|t| t.name.as_ref())
            .map_or_else(|| key.unwrap_or_default(), |n| n.text.as_str())
            .to_owned();
        let tower = if hex.named {
            key.is_some_and(|k| tower_names.iter().any(|t| t == k))
        } else {
            letter == Some('T')
        };
        let bad = crate::findings::faulty(findings, &hex.range);
        let look = HexLook {
            label: hex.label.value,
            x: *x,
            y: *y,
            fill,
            name,
            tower,
            bad,
        };
        let svg =
            DRAWN_HEXES.get_or_read(&look, |look| look.clone(), || look.drawn().to_svg().into());
        scene.push(Item::Written {
            element: Some(Element::new(
                hex_id(hex.label.value, *x, *y),
                hex.range.clone(),
            )),
            svg: (*svg).clone(),
        });
        for exit in &hex.exits {
            if let (Some(target), Some(way)) = (exit.label.value.filter(|l| *l != 0), &exit.way) {
                let source = exit.label.range.start.min(way.range.start)
                    ..exit.label.range.end.max(way.range.end);
                gates.push((hex.label.value, target, way.text.as_str(), source));
            }
        }
    }
    for (from, to, way, source) in gates {
        let (Some((ax, ay)), Some((bx, by))) =
            (places.get(&from).copied(), places.get(&Some(to)).copied())
        else {
            continue;
        };
        let adjacent = (ax == bx && (ay - by).abs() == 1) || (ay == by && (ax - bx).abs() == 1);
        if !adjacent {
            continue; // the game ignores it; the finding says so
        }
        let look = GateLook {
            from: (ax, ay),
            to: (bx, by),
            way: way.to_owned(),
            labels: (from, to),
        };
        let svg =
            DRAWN_GATES.get_or_read(&look, |look| look.clone(), || look.drawn().to_svg().into());
        scene.push(Item::Written {
            element: Some(Element::new(exit_id(from, to), source)),
            svg: (*svg).clone(),
        });
    }
    let legend_y = height - 34.0;
    let mut letters: Vec<char> = placed.iter().filter_map(|p| p.0.terrain_letter()).collect();
    letters.sort_unstable();
    letters.dedup();
    let mut names: Vec<&str> = placed
        .iter()
        .filter(|p| p.0.named)
        .filter_map(|p| p.0.terrain_key_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    let names: Vec<String> = names.into_iter().map(str::to_owned).collect();
    // The text drawing has one character for a hex's terrain: each 2003-10 name gets its own
    // (its first letter, else that letter in the other case, else another of its letters or a
    // digit), which the text legend gives.
    let mut codes: Vec<(String, char)> = Vec::new();
    for name in &names {
        let first = name.chars().next().unwrap_or('?');
        let code = [first.to_ascii_uppercase(), first.to_ascii_lowercase()]
            .into_iter()
            .chain(name.chars().skip(1).filter(char::is_ascii_alphanumeric))
            .chain('1'..='9')
            .find(|c| !codes.iter().any(|(_, taken)| taken == c))
            .unwrap_or('?');
        codes.push((name.clone(), code));
    }
    let lettered: Vec<String> = letters
        .iter()
        .map(|l| {
            let terrain = ter.terrain(*l);
            match terrain.and_then(|t| t.name.as_ref()) {
                Some(name) => format!("{l} {}", name.text),
                // Its name stood after a syntax error, where any word may have been read.
                None if terrain.is_some_and(|t| t.broken) => {
                    format!("{l} (its TER line has a syntax error)")
                }
                None => format!("{l} ?"),
            }
        })
        .collect();
    let text_legend: Vec<String> = codes
        .iter()
        .map(|(name, code)| format!("{code} {name}"))
        .chain(lettered.iter().cloned())
        .collect();
    // Each terrain with a swatch of the colour its hexes are drawn in.
    let keyed: Vec<(String, Option<&Terrain>)> = names
        .into_iter()
        .map(|name| {
            let terrain = ter.terrain_by_key(&name);
            (name, terrain)
        })
        .chain(
            letters
                .iter()
                .zip(lettered)
                .map(|(l, entry)| (entry, ter.terrain(*l))),
        )
        .collect();
    let mut legend_x = MARGIN;
    for (entry, terrain) in &keyed {
        let fill = fill_of(*terrain);
        scene.push(Item::Rect {
            x: legend_x,
            y: legend_y - 8.0,
            width: 9.0,
            height: 9.0,
            style: Style::filled(fill, Color::INK, 0.5),
        });
        scene.push(Item::text(
            legend_x + 12.0,
            legend_y,
            entry.clone(),
            10.0,
            Anchor::Start,
            Color::INK,
        ));
        legend_x += 12.0 + entry.chars().count() as f64 * 6.0 + 10.0;
    }
    let exits_y = height - 14.0;
    scene.push(Item::text(
        MARGIN,
        exits_y,
        "exits:",
        10.0,
        Anchor::Start,
        Color::INK,
    ));
    let mut x = MARGIN + 40.0;
    for way in ["ARROW", "ARROWS", "ARCH", "BLOCK"] {
        // Three arrows side by side need more room.
        let wide = if way == "ARROWS" { 10.0 } else { 0.0 };
        let symbol = gate_items((x + 6.0 + wide, exits_y - 4.0), (0.0, 1.0), way);
        scene.push(Item::Group {
            element: None,
            tooltip: Some(format!("exit: {way}")),
            items: symbol,
        });
        scene.push(Item::text(
            x + 16.0 + 2.0 * wide,
            exits_y,
            way,
            10.0,
            Anchor::Start,
            Color::INK,
        ));
        x += 16.0 + 2.0 * wide + way.len() as f64 * 7.0 + 14.0;
    }
    let tower_note = "· thick outline: a tower";
    scene.push(Item::text(
        x,
        exits_y,
        tower_note,
        10.0,
        Anchor::Start,
        Color::INK,
    ));
    // A small board widens for its legend (10 px text takes about 6 px a character).
    let terrain_width = legend_x - MARGIN;
    let exits_width = x - MARGIN + tower_note.chars().count() as f64 * 6.0;
    scene.width = scene
        .width
        .max(MARGIN * 2.0 + terrain_width.max(exits_width));

    // Terminal: two lines per row, five columns per hex: the shape and terrain, then the label.
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    let min_x = placed.iter().map(|p| p.1).min().unwrap_or(0);
    let min_y = placed.iter().map(|p| p.2).min().unwrap_or(0);
    for (hex, x, y) in &placed {
        let (_, inverted) = master_hex(*x, *y);
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
        // A 2003-10 name shows its character of the text legend (the SVG names it in full).
        let shown = hex.terrain_letter().or_else(|| {
            let key = hex.terrain_key()?;
            codes.iter().find(|(n, _)| *n == key).map(|(_, c)| *c)
        });
        canvas.put(col + 1, row, shown.unwrap_or('?'));
        canvas.write(col, row + 1, &label_text(hex.label.value));
        let id = hex_id(hex.label.value, *x, *y);
        canvas.mark(col, row, 4, id.clone());
        canvas.mark(col, row + 1, 4, id);
    }
    let mut line = String::new();
    canvas.line("");
    for entry in text_legend {
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

/// What decides how a hex is drawn (its shape and place follow from x and y): a keystroke
/// changes one hex, and the others are not drawn again (see [`DRAWN_HEXES`]).
#[derive(Clone, PartialEq, Eq, Hash)]
struct HexLook {
    label: Option<i64>,
    x: i64,
    y: i64,
    fill: Color,
    /// Its terrain's name.
    name: String,
    tower: bool,
    /// Whether a finding lies on its line.
    bad: bool,
}

/// What was drawn of hexes and exits by how they look, for the maps edited lately (a map has
/// a few hundred of each): the SVG of each.
static DRAWN_HEXES: LineMemo<HexLook, Arc<str>> = LineMemo::new();
static DRAWN_GATES: LineMemo<GateLook, Arc<str>> = LineMemo::new();

/// What decides how an exit is drawn: the places of the hexes it joins, its kind and the
/// labels its element id is made of.
#[derive(Clone, PartialEq, Eq, Hash)]
struct GateLook {
    from: (i64, i64),
    to: (i64, i64),
    way: String,
    labels: (Option<i64>, i64),
}

impl GateLook {
    /// The exit's symbol drawn from its look alone, on the way from one hex's centre to the
    /// other's.
    fn drawn(&self) -> Item {
        let centre = |(x, y): (i64, i64)| center(&master_hex(x, y).0);
        let (a, b) = (centre(self.from), centre(self.to));
        gate(
            (a.0 + (b.0 - a.0) * 0.45, a.1 + (b.1 - a.1) * 0.45),
            (b.0 - a.0, b.1 - a.1),
            &self.way,
            Element::new(exit_id(self.labels.0, self.labels.1), 0..0),
        )
    }
}

impl HexLook {
    /// The hex drawn from its look alone (so that a look kept is drawn as it would be anew):
    /// its outline in its terrain's colour, thicker for a tower and dashed red for a hex with
    /// problems, its label and its terrain's name about its centre, and its tooltip.
    fn drawn(&self) -> Item {
        let HexLook {
            x,
            y,
            fill,
            ref name,
            tower,
            bad,
            ..
        } = *self;
        let (points, inverted) = master_hex(x, y);
        let c = center(&points);
        let label = &label_text(self.label);
        let outline = if bad {
            Style::filled(fill, Color::FAULT, 2.5).dashed()
        } else {
            Style::filled(fill, Color::BLACK, if tower { 2.5 } else { 1.0 })
        };
        let ink = fill.contrast();
        let label_y = if inverted { c.1 - 6.0 } else { c.1 + 14.0 };
        let name_y = if inverted { c.1 + 8.0 } else { c.1 - 1.0 };
        let items = vec![
            Item::Polygon {
                points: points.to_vec(),
                style: outline,
            },
            // As large as the hex allows at its middle (about 60 px wide): legible beside the
            // editor at its width without zooming. The name as its TER writes it: capitals
            // take a third more room.
            Item::text(c.0, label_y, label, 15.0, Anchor::Middle, ink),
            Item::text(
                c.0,
                name_y,
                name.clone(),
                if name.len() > 7 { 10.5 } else { 12.5 },
                Anchor::Middle,
                ink,
            ),
        ];
        let tip = format!(
            "hex {label} — {name} at ({x}, {y}){}",
            if bad { " — has problems" } else { "" }
        );
        Item::Group {
            // Where it stands in the text is the scene's to know: the SVG has only its id.
            element: Some(Element::new(hex_id(self.label, x, y), 0..0)),
            tooltip: Some(tip),
            items,
        }
    }
}

/// An exit symbol on the way from one hex to the next.
fn gate(at: (f64, f64), direction: (f64, f64), way: &str, element: Element) -> Item {
    Item::Group {
        element: Some(element),
        tooltip: Some(format!("exit: {way}")),
        items: gate_items(at, direction, way),
    }
}

/// The shapes of an exit symbol at `at`, pointing along `direction`.
fn gate_items(at: (f64, f64), direction: (f64, f64), way: &str) -> Vec<Item> {
    let length = (direction.0.powi(2) + direction.1.powi(2)).sqrt().max(1.0);
    let (dx, dy) = (direction.0 / length, direction.1 / length);
    let (px, py) = (-dy, dx);
    let r = SCALE * 0.45;
    let style = Style::filled(Color::WHITE, Color::BLACK, 1.0);
    let arrow = |(cx, cy): (f64, f64)| Item::Polygon {
        points: vec![
            (cx + dx * r, cy + dy * r),
            (cx - dx * r + px * r, cy - dy * r + py * r),
            (cx - dx * r - px * r, cy - dy * r - py * r),
        ],
        style,
    };
    match way {
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
    }
}

/// The colour hexes of `terrain` are drawn in: its colour as the game draws it, light grey
/// where the TER has no such terrain.
fn fill_of(terrain: Option<&Terrain>) -> Color {
    terrain
        .and_then(|t| t.color.as_ref())
        .map(|c| colors::drawn(&c.text))
        .map_or(Color::rgb(200, 200, 200), |[r, g, b]| Color(r, g, b))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{DRAWN_GATES, DRAWN_HEXES};
    use crate::formats::DiskFiles;
    use crate::registry::FormatId;
    use crate::syntax::Document;

    /// The SVG of `text` as the Tiny variant's MAP (its TER gives the terrains).
    fn drawn(text: &str) -> String {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus/Tiny/Tiny.map");
        let doc = Document::new(Some(FormatId::ColossusMap), text).with_path(Some(path));
        let findings = crate::analysis::analyze_with(&doc, &DiskFiles);
        super::masterboard(&doc, &DiskFiles, &findings)
            .scene
            .to_svg()
    }

    /// A hex or an exit drawn from what was kept looks as when drawn anew: everything its look
    /// depends on is in its key.
    #[test]
    fn kept_drawings_are_what_drawing_anew_gives() {
        let before = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus/Tiny/Tiny.map"),
        )
        .unwrap();
        let edits = [
            // Another terrain: its colour, name and a tower's outline.
            ("1 B 2 ARCH", "1 T 2 ARCH"),
            // A terrain the TER lacks: a finding, so an outline dashed red.
            ("1 B 2 ARCH", "1 Q 2 ARCH"),
            // Another label: its id, text and tooltip, and its exits' ids.
            ("2 B 1 BLOCK", "3 B 1 BLOCK"),
            // Another kind of exit.
            ("2 B 1 BLOCK", "2 B 1 ARROW"),
            // Another place, across and down (and so the other hex's exit to it).
            ("0 ARROW 0 ARROW 2 2", "0 ARROW 0 ARROW 3 2"),
            ("0 ARROW 0 ARROW 2 2", "0 ARROW 0 ARROW 2 3"),
        ];
        let anew = |text: &str| {
            DRAWN_HEXES.forget(|_| true);
            DRAWN_GATES.forget(|_| true);
            drawn(text)
        };
        for (from, to) in edits {
            let after = before.replacen(from, to, 1);
            let (before_anew, after_anew) = (anew(&before), anew(&after));
            assert_ne!(before_anew, after_anew, "{to}");
            // Drawn again with what the other text's drawing kept.
            assert_eq!(drawn(&before), before_anew, "{to}");
            assert_eq!(drawn(&after), after_anew, "{to}");
        }
    }
}
