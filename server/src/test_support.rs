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
    let found = crate::analysis::analyze_with(&doc, &DiskFiles);
    let board = spec
        .board(&doc, &DiskFiles, &found)
        .expect("a board for every file");
    board.scene.to_svg();
    board.text.render();
}
