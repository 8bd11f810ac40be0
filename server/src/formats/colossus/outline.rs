//! The outline of Colossus files: hexes, terrains, acquirables, creatures, battle hexes and
//! VAR records.

use super::battleland::BattlelandView;
use super::cre::CreView;
use super::map::MapView;
use super::ter::TerView;
use super::var::VarView;
use crate::answers::{Symbol, SymbolKind};
use crate::registry::FormatId;
use crate::syntax::Document;

pub fn outline(doc: &Document) -> Vec<Symbol> {
    match doc.format() {
        Some(FormatId::ColossusMap) => {
            let view = MapView::of(doc);
            let mut out = Vec::new();
            if let Some(size) = &view.size {
                let range = size.width.range.start..size.height.range.end;
                let name = format!(
                    "size {} × {}",
                    doc.slice(size.width.range.clone()),
                    doc.slice(size.height.range.clone())
                );
                out.push(Symbol::new(name, SymbolKind::Field, range.clone(), range));
            }
            out.extend(view.hexes.iter().map(|hex| {
                let terrain = hex.terrain.as_ref().map_or("?", |t| t.text.as_str());
                let position = hex
                    .position()
                    .map(|(x, y)| format!("({x}, {y})"))
                    .unwrap_or_default();
                Symbol::new(
                    format!("hex {} {terrain}", doc.slice(hex.label.range.clone())),
                    SymbolKind::Place,
                    hex.range.clone(),
                    hex.label.range.clone(),
                )
                .detail(position)
            }));
            out
        }
        Some(FormatId::ColossusTer) => {
            let view = TerView::of(doc);
            let mut out: Vec<Symbol> = view
                .terrains
                .iter()
                .map(|t| {
                    let name = t.name.as_ref().map_or("?", |n| n.text.as_str());
                    // From 2003-10 the name is the key: no letter before it.
                    let title = if t.named {
                        name.to_string()
                    } else {
                        format!("{} {name}", t.letter.text)
                    };
                    let mut terrain = Symbol::new(
                        title,
                        SymbolKind::Terrain,
                        t.range.clone(),
                        t.letter.range.clone(),
                    );
                    terrain.children = t
                        .recruits
                        .iter()
                        .map(|r| {
                            let range = r.count.range.start..r.creature.range.end;
                            Symbol::new(
                                r.creature.text.clone(),
                                SymbolKind::Creature,
                                range,
                                r.creature.range.clone(),
                            )
                            .detail(doc.slice(r.count.range.clone()).into_owned())
                        })
                        .collect();
                    terrain.detail(
                        t.color
                            .as_ref()
                            .map_or(String::new(), |c| c.text.to_string()),
                    )
                })
                .collect();
            out.extend(view.acquirables.iter().map(|a| {
                let range = a.points.range.start
                    ..a.terrains
                        .as_ref()
                        .map_or(a.creature.range.end, |t| t.range.end);
                Symbol::new(
                    format!("acquirable {}", a.creature.text),
                    SymbolKind::Creature,
                    range,
                    a.creature.range.clone(),
                )
                .detail(format!(
                    "every {} points",
                    doc.slice(a.points.range.clone())
                ))
            }));
            // TITANIMPROVE and TITANTELEPORT (2002-11).
            out.extend(view.titan.iter().map(|t| {
                Symbol::new(
                    t.keyword,
                    SymbolKind::Entry,
                    t.range.clone(),
                    t.range.start..t.range.start + t.keyword.len(),
                )
                .detail(format!("{} points", doc.slice(t.value.range.clone())))
            }));
            out.sort_by_key(|s| s.range.start);
            out
        }
        Some(FormatId::ColossusCre) => CreView::of(doc)
            .creatures
            .iter()
            .map(|c| {
                let stats = format!(
                    "power {} skill {}",
                    c.power
                        .as_ref()
                        .map_or("?".into(), |n| doc.slice(n.range.clone())),
                    c.skill
                        .as_ref()
                        .map_or("?".into(), |n| doc.slice(n.range.clone()))
                );
                Symbol::new(
                    c.name.text.clone(),
                    SymbolKind::Creature,
                    c.range.clone(),
                    c.name.range.clone(),
                )
                .detail(stats)
            })
            .collect(),
        Some(FormatId::ColossusBattleland) => {
            let view = BattlelandView::of(doc);
            let mut symbols: Vec<Symbol> = view
                .hexes
                .iter()
                .map(|h| {
                    let y =
                        h.y.as_ref()
                            .map_or("?".into(), |n| doc.slice(n.range.clone()));
                    let name = format!("hex ({}, {y})", doc.slice(h.x.range.clone()));
                    let detail = h
                        .terrain
                        .as_ref()
                        .map_or(String::new(), |t| t.text.to_string());
                    Symbol::new(name, SymbolKind::Place, h.range.clone(), h.x.range.clone())
                        .detail(detail)
                })
                .collect();
            // The 2002-11 records.
            for list in &view.startlists {
                let labels: Vec<&str> = list.labels.iter().map(|l| l.text.as_str()).collect();
                symbols.push(
                    Symbol::new(
                        "STARTLIST",
                        SymbolKind::Entry,
                        list.range.clone(),
                        list.range.start..list.range.start + "STARTLIST".len(),
                    )
                    .detail(labels.join(" ")),
                );
            }
            for tower in &view.towers {
                symbols.push(Symbol::new(
                    "TOWER",
                    SymbolKind::Entry,
                    tower.clone(),
                    tower.clone(),
                ));
            }
            for subtitle in &view.subtitles {
                symbols.push(
                    Symbol::new(
                        "SUBTITLE",
                        SymbolKind::Entry,
                        subtitle.range.clone(),
                        subtitle.text.range.clone(),
                    )
                    .detail(subtitle.shown().to_string()),
                );
            }
            symbols.sort_by_key(|s| s.range.start);
            symbols
        }
        Some(FormatId::ColossusVar) => VarView::of(doc)
            .entries
            .iter()
            .map(|e| {
                Symbol::new(
                    format!("{} {}", e.key.text, e.value.text),
                    SymbolKind::Entry,
                    e.range.clone(),
                    e.value.range.clone(),
                )
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// What a CRE, TER or VAR defines, for workspace symbols: its creatures, its terrains (not the
/// creatures they recruit), or the variant itself.
pub fn definitions(doc: &Document) -> Vec<Symbol> {
    let wanted = match doc.format() {
        Some(FormatId::ColossusCre) => SymbolKind::Creature,
        Some(FormatId::ColossusTer) => SymbolKind::Terrain,
        Some(FormatId::ColossusVar) => return variant_definition(doc).into_iter().collect(),
        _ => return Vec::new(),
    };
    outline(doc)
        .into_iter()
        .filter(|s| s.kind == wanted)
        .map(|s| Symbol {
            children: Vec::new(),
            ..s
        })
        .collect()
}

/// A VAR stands for its variant, named by its folder.
fn variant_definition(doc: &Document) -> Option<Symbol> {
    let name = doc
        .path()?
        .parent()?
        .file_name()?
        .to_string_lossy()
        .into_owned();
    let first_line = doc.rope().line(0).len_bytes();
    Some(Symbol {
        name,
        detail: Some("variant".to_string()),
        kind: SymbolKind::Variant,
        range: 0..first_line,
        selection: 0..0,
        children: Vec::new(),
    })
}
