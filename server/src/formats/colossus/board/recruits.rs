//! A TER drawn as its recruit chains: which creatures each terrain recruits, and how many.

use super::file_name;
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::Finding;
use crate::formats::colossus::colors;
use crate::formats::colossus::ter::TerView;
use crate::syntax::Document;

pub(super) fn recruit_chains(doc: &Document, findings: &[Finding]) -> Board {
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
        let mut items = Vec::new();
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
        items.push(Item::Rect {
            x: 10.0,
            y,
            width: 22.0,
            height: 20.0,
            style,
        });
        items.push(Item::text(
            21.0,
            y + 15.0,
            t.letter.text.clone(),
            12.0,
            Anchor::Middle,
            fill.contrast(),
        ));
        let name = t.name.as_ref().map_or("?", |n| n.text.as_str());
        items.push(Item::text(
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
        items.push(Item::text(
            150.0,
            y + 15.0,
            chain.join(" → "),
            12.0,
            Anchor::Start,
            if bad { Color::FAULT } else { Color::BLACK },
        ));
        scene.push(Item::Group {
            element: Some(Element::new(
                format!("terrain:{}", t.letter.text),
                t.range.clone(),
            )),
            tooltip: None,
            items,
        });
        canvas.line(&format!(
            "{}{} {:<11} {}",
            if bad { '!' } else { ' ' },
            t.letter.text,
            name,
            chain.join(" → ")
        ));
        canvas.mark_last_line(format!("terrain:{}", t.letter.text));
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
