//! Helpers for the unit tests of every format.

/// Replaces the bytes `start..end` of `text` (clamped to it, and moved back to character
/// boundaries) with `insert`: one random edit of a property test.
pub fn replace_at_boundaries(text: &mut String, start: usize, end: usize, insert: &str) {
    let boundary = |text: &str, mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let start = boundary(text, start);
    let end = boundary(text, end).max(start);
    text.replace_range(start..end, insert);
}

/// Applies `(at, delete, insert)` edits to `base`, each at `at` modulo the text's length.
pub fn mutate(base: &str, edits: &[(usize, usize, String)]) -> String {
    let mut text = base.to_string();
    for (at, delete, insert) in edits {
        let start = at % (text.len() + 1);
        replace_at_boundaries(&mut text, start, start + delete, insert);
    }
    text
}

/// Hover at every offset, the outline and the board of `text` read as `format`: no panic, and
/// every range they give lies in the text, on character boundaries.
pub fn ide_is_sound(format: crate::registry::FormatId, text: &str) {
    use crate::formats::DiskFiles;
    let doc = crate::syntax::Document::new(Some(format), text);
    let spec = crate::formats::spec(format);
    let in_text = |range: &std::ops::Range<usize>| {
        range.start <= range.end
            && range.end <= text.len()
            && text.is_char_boundary(range.start)
            && text.is_char_boundary(range.end)
    };
    for offset in 0..=text.len() {
        if let Some(hover) = spec.hover(&doc, offset, &DiskFiles) {
            assert!(in_text(&hover.range), "{hover:?}");
            assert!(hover.range.contains(&offset), "{offset}: {hover:?}");
        }
    }
    fn walk(symbols: &[crate::answers::Symbol], in_text: &dyn Fn(&std::ops::Range<usize>) -> bool) {
        for s in symbols {
            assert!(in_text(&s.range) && in_text(&s.selection), "{s:?}");
            walk(&s.children, in_text);
        }
    }
    walk(&spec.outline(&doc), &in_text);
    // Navigation, rename and inlay hints, on the text given a path (in a folder that does not
    // exist): what they give lies in the text, for this file.
    let placed = crate::syntax::Document::new(Some(format), text).with_path(Some(
        std::path::PathBuf::from("/nonexistent-retroboard/Variant/file"),
    ));
    let here = |t: &crate::answers::Target| t.path != *placed.path().unwrap() || in_text(&t.range);
    for offset in 0..=text.len() {
        for t in crate::ide::definition(&placed, offset, &DiskFiles) {
            assert!(here(&t), "{offset}: {t:?}");
        }
        for t in crate::ide::references(&placed, offset, &DiskFiles, true) {
            assert!(here(&t), "{offset}: {t:?}");
        }
        if let Ok(Some(range)) = crate::ide::prepare_rename(&placed, offset, &DiskFiles) {
            assert!(in_text(&range), "{offset}: {range:?}");
        }
        if let Ok(edits) = crate::ide::rename(&placed, offset, "Xy", &DiskFiles) {
            assert!(edits.iter().all(|e| here(&e.target)), "{offset}: {edits:?}");
        }
    }
    for places in [
        crate::answers::HintPlaces::End,
        crate::answers::HintPlaces::All,
        crate::answers::HintPlaces::Cursor,
    ] {
        let options = crate::answers::InlayOptions {
            patience: places,
            cre: places,
            map: places,
        };
        for hint in crate::ide::inlay_hints(&placed, 0..text.len(), &options, &DiskFiles) {
            assert!(in_text(&(hint.offset..hint.offset)), "{hint:?}");
        }
    }
    let found = crate::analysis::analyze_with(&doc, &DiskFiles);
    let board = spec
        .board(&doc, &DiskFiles, &found)
        .expect("a board for every file");
    board.scene.to_svg();
    board.text.render();
}
