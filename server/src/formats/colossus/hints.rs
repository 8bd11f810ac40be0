//! Inlay hints in Colossus files: each of a CRE line's thirteen true/false flags (sixteen in
//! 2002-11) labelled with the words hover uses for it ([`FLAGS`]), and each MAP hex's terrain
//! letter followed by the terrain's name in the TER the variant reads (a 2003-10 terrain name by
//! its display name, where that differs).

use std::ops::Range;

use super::cre::{CreView, FLAGS};
use super::map::MapView;
use super::syntax::Word;
use super::ter::TerView;
use super::variant::{self, Variant};
use crate::answers::InlayHint;
use crate::formats::{Files, asked_for};
use crate::registry::FormatId;
use crate::syntax::Document;

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
    for creature in view
        .creatures
        .iter()
        .filter(|c| asked_for(&range, &c.range))
    {
        let mut flags: Vec<(&Word, &str)> = creature
            .flags
            .iter()
            .zip(FLAGS)
            .filter_map(|(flag, (_, words))| Some((flag.as_ref()?, words)))
            .collect();
        // 2002-11: native to river, stone and tree, after native to volcano.
        if let Some(later) = &creature.later {
            for (flag, words) in
                later
                    .natives
                    .iter()
                    .zip(["native to river", "native to stone", "native to tree"])
            {
                if let Some(flag) = flag {
                    flags.push((flag, words));
                }
            }
            flags.sort_by_key(|(flag, _)| flag.range.start);
        }
        for (flag, words) in flags {
            hints.push(InlayHint {
                offset: flag.range.start,
                label: format!("{words}:"),
                before: true,
                tooltip: None,
            });
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
        .filter(|h| asked_for(&range, &h.range))
        .filter_map(|hex| {
            let letter = hex.terrain.as_ref()?;
            if hex.named {
                // 2003-10: the hex names its terrain; the hint is what the board shows of it,
                // where that differs (`Brush1` shown as Brush).
                let terrain = ter.terrain_by_key(&letter.text)?;
                let shown = terrain.display_name.as_ref()?;
                return (shown.text != letter.text).then(|| InlayHint {
                    offset: letter.range.end,
                    label: shown.text.clone(),
                    before: false,
                    tooltip: None,
                });
            }
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
