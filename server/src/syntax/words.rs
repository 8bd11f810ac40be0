//! The words of a line around the cursor: what completion reads to know which field is being
//! written.

use std::ops::Range;

use super::Document;

/// The words of the line holding a byte offset (split at blanks), and where the cursor is
/// among them: what completion reads to know which field is being written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineWords {
    /// The line's text, without its line break.
    pub text: String,
    /// Where the line starts in the document.
    pub start: usize,
    /// The words, as ranges of the document.
    pub words: Vec<Range<usize>>,
    /// Which word the cursor is in or at the end of; `words.len()` (or the index of the word
    /// after it) at a blank, which starts a new word.
    pub index: usize,
    /// The text the cursor's word replaces: the word it touches, or an empty range at it.
    pub range: Range<usize>,
}

impl LineWords {
    /// The line at `offset`, split at the characters `blank` says are blanks.
    pub fn at(doc: &Document, offset: usize, blank: impl Fn(char) -> bool) -> LineWords {
        let rope = doc.rope();
        let offset = offset.min(rope.len_bytes());
        let line = rope.byte_to_line(offset);
        let start = rope.line_to_byte(line);
        let raw: std::borrow::Cow<str> = rope.line(line).into();
        let text = raw.trim_end_matches(['\r', '\n']).to_string();
        let mut words = Vec::new();
        let mut word_start = None;
        for (i, c) in text.char_indices() {
            match (blank(c), word_start) {
                (true, Some(s)) => {
                    words.push(start + s..start + i);
                    word_start = None;
                }
                (false, None) => word_start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = word_start {
            words.push(start + s..start + text.len());
        }
        let (index, range) = match words
            .iter()
            .position(|w| w.start <= offset && offset <= w.end)
        {
            Some(i) => (i, words[i].clone()),
            None => (words.partition_point(|w| w.end < offset), offset..offset),
        };
        LineWords {
            text,
            start,
            words,
            index,
            range,
        }
    }

    /// The line's text of a word.
    pub fn word(&self, index: usize) -> Option<&str> {
        let w = self.words.get(index)?;
        self.text.get(w.start - self.start..w.end - self.start)
    }

    /// The text of the cursor's word up to the cursor's end (the whole word).
    pub fn current(&self) -> &str {
        self.text
            .get(self.range.start - self.start..self.range.end - self.start)
            .unwrap_or("")
    }

    /// The line's row in the document.
    pub fn row(&self, doc: &Document) -> usize {
        doc.rope().byte_to_line(self.start)
    }
}
