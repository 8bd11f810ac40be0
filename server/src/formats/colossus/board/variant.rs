//! A VAR drawn resolved: the files the game reads for it, and where it found them.

use super::file_name;
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, TextCanvas};
use crate::findings::Finding;
use crate::formats::Files;
use crate::formats::colossus::var::VarView;
use crate::formats::colossus::variant::{self, Variant};
use crate::syntax::Document;

pub(super) fn resolved_var(doc: &Document, files: &dyn Files, findings: &[Finding]) -> Board {
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
                view.last(kind)
                    .map(|e| Element::new(format!("record:{kind}"), e.range.clone())),
            ));
        }
        let search: Vec<String> = variant
            .search_path
            .iter()
            .map(|d| variant::shown(d, dir))
            .collect();
        lines.push((format!("search path: {}", search.join(", ")), false, None));
    }
    let mut scene = Scene::new(560.0, 30.0 + 20.0 * lines.len() as f64, title.clone());
    let mut canvas = TextCanvas::new();
    canvas.line(&title);
    for (i, (line, bad, element)) in lines.iter().enumerate() {
        let text = Item::text(
            10.0,
            24.0 + 20.0 * i as f64,
            line.clone(),
            12.0,
            Anchor::Start,
            if *bad { Color::FAULT } else { Color::INK },
        );
        scene.push(Item::Group {
            element: element.clone(),
            tooltip: None,
            items: vec![text],
        });
        canvas.line(&format!("{}{line}", if *bad { '!' } else { ' ' }));
        if let Some(element) = element {
            canvas.mark_last_line(element.id.clone());
        }
    }
    Board {
        title,
        scene,
        text: canvas,
    }
}
