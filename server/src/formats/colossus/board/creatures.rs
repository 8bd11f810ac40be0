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
    // A 2002-11 CRE: native to river, stone and tree among the abilities, and the base colour
    // and Special: class in a column of their own.
    let later = view.creatures.iter().any(|c| c.later.is_some());
    let mut scene = Scene::new(
        if later { 1000.0 } else { 760.0 },
        44.0 + row_height * view.creatures.len() as f64,
        title.clone(),
    );
    let header = ["name", "power", "skill", "count", "abilities"];
    let xs = [10.0, 130.0, 180.0, 230.0, 290.0];
    let extra_x = 700.0;
    if later {
        scene.push(Item::text(
            extra_x,
            20.0,
            "colour, Special: (2002-11)",
            12.0,
            Anchor::Start,
            Color::MUTED_INK,
        ));
    }
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
        " {:<12} {:>5} {:>5} {:>5}  abilities{}",
        "name",
        "power",
        "skill",
        "count",
        if later {
            "; colour, Special: (2002-11)"
        } else {
            ""
        }
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
        let mut abilities: Vec<&str> = FLAGS
            .iter()
            .filter(|(f, _)| c.flag(f))
            .map(|(_, w)| *w)
            .collect();
        let mut extra: Vec<String> = Vec::new();
        if let Some(l) = &c.later {
            // After native to volcano, as in the line.
            let at = abilities
                .iter()
                .position(|w| !w.starts_with("native") && !["rangestrikes", "flies"].contains(w))
                .unwrap_or(abilities.len());
            let natives = ["native to river", "native to stone", "native to tree"]
                .into_iter()
                .zip(&l.natives)
                .filter(|(_, w)| w.as_ref().is_some_and(|w| w.text == "true"))
                .map(|(words, _)| words);
            let rest = abilities.split_off(at);
            abilities.extend(natives);
            abilities.extend(rest);
            extra.extend(l.base_color.as_ref().map(|w| w.text.to_string()));
            extra.extend(l.special.as_ref().map(|w| w.text.to_string()));
        }
        let cells = [
            c.name.text.to_string(),
            value(&c.power),
            value(&c.skill),
            value(&c.max_count),
            abilities.join(", "),
        ];
        for (cell, x) in cells.iter().zip(xs) {
            items.push(Item::text(x, y, cell.clone(), 12.0, Anchor::Start, color));
        }
        if !extra.is_empty() {
            items.push(Item::text(
                extra_x,
                y,
                extra.join(", "),
                11.0,
                Anchor::Start,
                color,
            ));
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
            "{}{:<12} {:>5} {:>5} {:>5}  {}{}",
            if bad { '!' } else { ' ' },
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            if extra.is_empty() {
                String::new()
            } else {
                format!("; {}", extra.join(", "))
            }
        ));
        canvas.mark_last_line(format!("creature:{}", c.name.text));
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}
