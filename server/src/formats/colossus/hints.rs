//! Inlay hints in Colossus files, where the settings put them ([`HintPlaces`]): at the end of a
//! CRE line the flags that are true, at the end of a MAP hex line its terrain's name in the TER
//! the variant reads (a 2003-10 terrain name by its display name, where that differs); or inside
//! the line, each of a CRE line's thirteen true/false flags (sixteen in 2002-11) labelled with
//! the words hover uses for it ([`FLAGS`]), the terrain's name after the hex's letter. At the
//! end nothing of the table moves: its header comment stays over its columns.

use std::ops::Range;

use super::cre::{CreView, FLAGS};
use super::map::MapView;
use super::syntax::{Word, line_range};
use super::ter::TerView;
use super::variant::{self, Variant};
use crate::answers::{HintPlaces, InlayHint, InlayOptions};
use crate::formats::{Files, asked_for};
use crate::registry::FormatId;
use crate::syntax::Document;

pub fn inlay_hints(
    doc: &Document,
    range: Range<usize>,
    options: &InlayOptions,
    files: &dyn Files,
) -> Vec<InlayHint> {
    let places = match doc.format() {
        Some(FormatId::ColossusCre) => options.cre,
        Some(FormatId::ColossusMap) => options.map,
        _ => return Vec::new(),
    };
    if places == HintPlaces::Off {
        return Vec::new();
    }
    let rope = doc.rope();
    let line_of = |byte: usize| rope.byte_to_line(byte.min(rope.len_bytes()));
    // The cursor's line: the range lies on one line.
    let cursor = (line_of(range.start) == line_of(range.end)).then(|| line_of(range.start));
    // What goes where, for the line holding a record that starts at `start`: inside the line
    // (every value named), at its end, or nothing (another line in "cursor" mode).
    let place = |start: usize| -> Option<Place> {
        let line = line_of(start);
        match places {
            HintPlaces::End => Some(Place::End(line_range(doc, start).end)),
            _ if places.inside(line, cursor) => Some(Place::Inside),
            _ => None,
        }
    };
    match doc.format() {
        Some(FormatId::ColossusCre) => cre_flags(doc, range, place),
        _ => map_terrains(doc, range, place, files),
    }
}

/// Where a record's hints go.
enum Place {
    /// Beside each value.
    Inside,
    /// One hint at this byte, the end of the record's line.
    End(usize),
}

fn cre_flags(
    doc: &Document,
    range: Range<usize>,
    place: impl Fn(usize) -> Option<Place>,
) -> Vec<InlayHint> {
    let view = CreView::of(doc);
    let mut hints = Vec::new();
    for creature in view
        .creatures
        .iter()
        .filter(|c| asked_for(&range, &c.range))
    {
        let Some(place) = place(creature.range.start) else {
            continue;
        };
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
        match place {
            Place::Inside => {
                for (flag, words) in flags {
                    hints.push(InlayHint {
                        offset: flag.range.start,
                        label: format!("{words}:"),
                        before: true,
                        tooltip: None,
                    });
                }
            }
            Place::End(end) => {
                let true_ones: Vec<&str> = flags
                    .iter()
                    .filter(|(flag, _)| flag.text == "true")
                    .map(|(_, words)| *words)
                    .collect();
                if true_ones.is_empty() {
                    continue;
                }
                let every: Vec<String> = flags
                    .iter()
                    .map(|(flag, words)| format!("{words}: {}", flag.text))
                    .collect();
                hints.push(InlayHint {
                    offset: end,
                    label: true_ones.join(", "),
                    before: false,
                    tooltip: Some(every.join("\n")),
                });
            }
        }
    }
    hints
}

fn map_terrains(
    doc: &Document,
    range: Range<usize>,
    place: impl Fn(usize) -> Option<Place>,
    files: &dyn Files,
) -> Vec<InlayHint> {
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
            let name = if hex.named {
                // 2003-10: the hex names its terrain; the hint is what the board shows of it,
                // where that differs (`Brush1` shown as Brush).
                let terrain = ter.terrain_by_key(&letter.text)?;
                let shown = terrain.display_name.as_ref()?;
                (shown.text != letter.text).then(|| shown.text.to_string())?
            } else {
                let terrain = ter.terrain(letter.text.chars().next()?)?;
                terrain.name.as_ref()?.text.to_string()
            };
            let offset = match place(hex.range.start)? {
                Place::Inside => letter.range.end,
                Place::End(end) => end,
            };
            Some(InlayHint {
                offset,
                label: name,
                before: false,
                tooltip: None,
            })
        })
        .collect()
}
