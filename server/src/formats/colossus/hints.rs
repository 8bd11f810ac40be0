//! Inlay hints in Colossus files: each of a CRE line's thirteen true/false flags labelled with
//! the words hover uses for it ([`FLAGS`]), and each MAP hex's terrain letter followed by the
//! terrain's name in the TER the variant reads.

use std::ops::Range;

use super::cre::{CreView, FLAGS};
use super::map::MapView;
use super::ter::TerView;
use super::variant::{self, Variant};
use crate::answers::InlayHint;
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::Document;

fn touches(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start <= b.end && b.start <= a.end
}

pub fn inlay_hints(doc: &Document, range: Range<usize>, files: &dyn Files) -> Vec<InlayHint> {
    match doc.format() {
        Some(FormatId::ColossusCre) => cre_flags(doc, range),
        Some(FormatId::ColossusMap) => map_terrains(doc, range, files),
        _ => Vec::new(),
    }
}

fn cre_flags(doc: &Document, range: Range<usize>) -> Vec<InlayHint> {
    let view = CreView::of(doc);
    let mut hints = Vec::new();
    for creature in view.creatures.iter().filter(|c| touches(&c.range, &range)) {
        for (flag, (_, words)) in creature.flags.iter().zip(FLAGS) {
            if let Some(flag) = flag {
                hints.push(InlayHint {
                    offset: flag.range.start,
                    label: format!("{words}:"),
                    before: true,
                    tooltip: None,
                });
            }
        }
    }
    hints
}

fn map_terrains(doc: &Document, range: Range<usize>, files: &dyn Files) -> Vec<InlayHint> {
    let Some(variant) = Variant::of_doc(doc, files) else {
        return Vec::new();
    };
    let Some(ter) = variant::load(&variant.ter, FormatId::ColossusTer, files) else {
        return Vec::new();
    };
    let ter = TerView::of(&ter);
    let view = MapView::of(doc);
    view.hexes
        .iter()
        .filter(|h| touches(&h.range, &range))
        .filter_map(|hex| {
            let letter = hex.terrain.as_ref()?;
            let terrain = ter.terrain(letter.text.chars().next()?)?;
            Some(InlayHint {
                offset: letter.range.end,
                label: terrain.name.as_ref()?.text.clone(),
                before: false,
                tooltip: None,
            })
        })
        .collect()
}
