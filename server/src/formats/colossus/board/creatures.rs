//! A CRE drawn as the creature table: power, skill and flags.

use super::file_name;
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, TextCanvas};
use crate::findings::Finding;
use crate::formats::colossus::cre::{CreView, FLAGS};
use crate::syntax::Document;

pub(super) fn creatures(doc: &Document, findings: &[Finding]) -> Board {
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
            Color::MUTED_INK,
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
        let mut items = Vec::new();
        let bad = crate::findings::faulty(findings, &c.range);
        let color = if bad { Color::FAULT } else { Color::INK };
        let value = |n: &Option<crate::formats::colossus::syntax::Num>| {
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
            items.push(Item::text(x, y, cell.clone(), 12.0, Anchor::Start, color));
        }
        scene.push(Item::Group {
            element: Some(Element::new(
                format!("creature:{}", c.name.text),
                c.range.clone(),
            )),
            tooltip: None,
            items,
        });
        canvas.line(&format!(
            "{}{:<12} {:>5} {:>5} {:>5}  {}",
            if bad { '!' } else { ' ' },
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4]
        ));
        canvas.mark_last_line(format!("creature:{}", c.name.text));
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}
