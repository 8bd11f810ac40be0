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
