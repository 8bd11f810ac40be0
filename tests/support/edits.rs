//! Random edits for the property tests: a place, a length to delete and text to insert, applied
//! to a text and a document alike.

use proptest::prelude::*;

#[derive(Debug, Clone)]
pub struct Edit {
    pub at: usize,
    pub delete: usize,
    pub insert: String,
}

impl Edit {
    /// Edits deleting fewer than `max_delete` bytes and inserting fewer than `max_pieces` of
    /// `pieces` run together.
    pub fn strategy(
        pieces: &'static [&'static str],
        max_pieces: usize,
        max_delete: usize,
    ) -> BoxedStrategy<Edit> {
        let insert = proptest::collection::vec(proptest::sample::select(pieces), 0..max_pieces)
            .prop_map(|parts| parts.concat());
        (0usize..10_000, 0usize..max_delete, insert)
            .prop_map(|(at, delete, insert)| Edit { at, delete, insert })
            .boxed()
    }

    /// Applies the edit to `text` (at `at` modulo its length, on character boundaries) and
    /// says which bytes it replaced.
    pub fn apply(&self, text: &mut String) -> std::ops::Range<usize> {
        let at = boundary(text, self.at % (text.len() + 1));
        let end = boundary(text, at + self.delete);
        text.replace_range(at..end, &self.insert);
        at..end
    }
}

/// Moves a byte offset back to a character boundary.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}
