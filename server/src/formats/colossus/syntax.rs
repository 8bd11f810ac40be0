//! Reading typed values out of a Colossus tree: words and numbers with their byte ranges.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::ops::Range;
use std::sync::{Arc, LazyLock, Mutex};

use tree_sitter::Node;

use crate::formats::editor::Quick;
use crate::syntax::Document;
use crate::text::edit_distance;

/// A token's text and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: TokenText,
    pub range: Range<usize>,
}

/// A token's text, shared: the views of a file copy the words of every line a keystroke did
/// not change from the line memo, and a copy must cost no allocation (in a MAP of a few
/// hundred hexes they were most of a keystroke's allocations).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TokenText(std::sync::Arc<str>);

impl TokenText {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for TokenText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for TokenText {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for TokenText {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for TokenText {
    fn from(text: &str) -> TokenText {
        TokenText(text.into())
    }
}

impl From<String> for TokenText {
    fn from(text: String) -> TokenText {
        TokenText(text.into())
    }
}

impl From<TokenText> for String {
    fn from(text: TokenText) -> String {
        text.0.to_string()
    }
}

impl PartialEq<str> for TokenText {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for TokenText {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for TokenText {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<TokenText> for str {
    fn eq(&self, other: &TokenText) -> bool {
        self == &*other.0
    }
}

impl PartialEq<TokenText> for &str {
    fn eq(&self, other: &TokenText) -> bool {
        *self == &*other.0
    }
}

impl PartialEq<TokenText> for String {
    fn eq(&self, other: &TokenText) -> bool {
        **self == *other.0
    }
}

impl std::fmt::Display for TokenText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Debug for TokenText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&*self.0, f)
    }
}

/// A number token; `value` is `None` when it does not fit (the game would fail on it too).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Num {
    pub value: Option<i64>,
    pub range: Range<usize>,
}

impl Num {
    pub fn is(&self, value: i64) -> bool {
        self.value == Some(value)
    }
}

/// The child in `field`, unless the parser only assumed it (a MISSING node).
pub fn field<'t>(node: Node<'t>, name: &str) -> Option<Node<'t>> {
    node.child_by_field_name(name)
        .filter(|n| !n.is_missing() && !n.is_error())
}

/// Named children of `kind`, in order.
pub fn children<'t>(node: Node<'t>, kind: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|n| n.kind() == kind)
        .collect()
}

pub fn word(doc: &Document, node: Node) -> Word {
    Word {
        text: doc.slice(node.byte_range()).as_ref().into(),
        range: node.byte_range(),
    }
}

pub fn num(doc: &Document, node: Node) -> Num {
    Num {
        value: doc.slice(node.byte_range()).trim().parse().ok(),
        range: node.byte_range(),
    }
}

/// A record's children, read in one pass over them: `child_by_field_name` looks the name up and
/// walks the children again for every field, which is most of a view's cost.
pub struct Fields<'t> {
    children: Vec<(Option<&'t str>, Node<'t>)>,
}

impl<'t> Fields<'t> {
    pub fn of(node: Node<'t>) -> Fields<'t> {
        let mut children = Vec::new();
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                children.push((cursor.field_name(), cursor.node()));
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        Fields { children }
    }

    /// The first child in `name`, unless the parser only assumed it (as [`field`]).
    pub fn node(&self, name: &str) -> Option<Node<'t>> {
        self.children
            .iter()
            .find(|(field, _)| *field == Some(name))
            .map(|(_, node)| *node)
            .filter(|n| !n.is_missing() && !n.is_error())
    }

    pub fn word(&self, doc: &Document, name: &str) -> Option<Word> {
        self.node(name).map(|n| word(doc, n))
    }

    pub fn num(&self, doc: &Document, name: &str) -> Option<Num> {
        self.node(name).map(|n| num(doc, n))
    }
}

pub fn field_word(doc: &Document, node: Node, name: &str) -> Option<Word> {
    field(node, name).map(|n| word(doc, n))
}

/// The byte range of the line holding `byte`, without its line break.
pub fn line_range(doc: &Document, byte: usize) -> Range<usize> {
    let rope = doc.rope();
    let line = rope.byte_to_line(byte.min(rope.len_bytes()));
    let start = rope.line_to_byte(line);
    let text = rope.line(line);
    let content = text.to_string();
    let trimmed = content.trim_end_matches(['\r', '\n']);
    start..start + trimmed.len()
}

/// The candidate nearest to `name` (case-insensitive equality first), if it is close enough to
/// be a likely typo.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate.eq_ignore_ascii_case(name) {
            return Some(candidate);
        }
        let distance = edit_distance(&name.to_ascii_lowercase(), &candidate.to_ascii_lowercase());
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    let limit = (name.chars().count() / 3).max(1);
    best.filter(|(d, _)| *d <= limit).map(|(_, c)| c)
}

/// Every candidate close enough to `name` to be a likely typo, most likely first (a
/// case-insensitive match, then by distance); the first is [`nearest`]'s.
pub fn candidates<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    let lower = name.to_ascii_lowercase();
    let mut found: Vec<(usize, usize, &str)> = candidates
        .into_iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let d = if c.eq_ignore_ascii_case(name) {
                0
            } else {
                1 + edit_distance(&lower, &c.to_ascii_lowercase())
            };
            (d <= limit + 1).then_some((d, i, c))
        })
        .collect();
    found.sort_by_key(|&(d, i, _)| (d, i));
    if found.first().is_some_and(|f| f.0 == 0) {
        found.truncate(1);
    }
    let mut names: Vec<&str> = Vec::new();
    for (_, _, c) in found {
        if !names.contains(&c) {
            names.push(c);
        }
    }
    names
}

/// `range` moved from a text where its line starts at `from` to one where it starts at `to`:
/// what a [`LineMemo`] keeps is counted from its line's start.
pub fn moved(range: &Range<usize>, from: usize, to: usize) -> Range<usize> {
    range.start - from + to..range.end - from + to
}

impl Word {
    /// The word [`moved`] with its line.
    pub fn moved(&self, from: usize, to: usize) -> Word {
        Word {
            text: self.text.clone(),
            range: moved(&self.range, from, to),
        }
    }
}

impl Num {
    /// The number [`moved`] with its line.
    pub fn moved(&self, from: usize, to: usize) -> Num {
        Num {
            value: self.value,
            range: moved(&self.range, from, to),
        }
    }
}

/// What was read of lines of a Colossus file, by their text (and what else decides how they
/// read), with ranges from the line's start: a keystroke changes one line, and the tree's walk
/// of the others, most of a view's cost, is not redone. Kept for the lines of the last few
/// versions of the files edited: past [`LineMemo::KEPT`] lines the table starts over.
pub struct LineMemo<K, V>(LazyLock<Mutex<HashMap<K, Arc<V>, Quick>>>);

impl<K: Hash + Eq, V> LineMemo<K, V> {
    const KEPT: usize = 4096;

    pub const fn new() -> LineMemo<K, V> {
        LineMemo(LazyLock::new(|| Mutex::new(HashMap::default())))
    }

    fn lines(&self) -> std::sync::MutexGuard<'_, HashMap<K, Arc<V>, Quick>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What was read of the line `key` names, by `read` the first time (then kept under
    /// `owned(key)`).
    pub fn get_or_read<Q: Hash + Eq + ?Sized>(
        &self,
        key: &Q,
        owned: impl FnOnce(&Q) -> K,
        read: impl FnOnce() -> V,
    ) -> Arc<V>
    where
        K: Borrow<Q>,
    {
        if let Some(known) = self.lines().get(key) {
            return known.clone();
        }
        let read = Arc::new(read());
        let mut lines = self.lines();
        if lines.len() >= Self::KEPT {
            lines.clear();
        }
        lines.insert(owned(key), read.clone());
        read
    }

    /// Test builds: forgets the lines `forget` says, so a test reads them from the tree.
    #[cfg(test)]
    pub fn forget(&self, forget: impl Fn(&K) -> bool) {
        self.lines().retain(|key, _| !forget(key));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(nearest("gray", ["grey", "green", "darkGray"]), Some("grey"));
        assert_eq!(nearest("Green", ["grey", "green"]), Some("green"));
        assert_eq!(nearest("Gargoyl", ["Gargoyle", "Ogre"]), Some("Gargoyle"));
        assert_eq!(nearest("Zzzzzz", ["Gargoyle", "Ogre"]), None);
        assert_eq!(candidates("Green", ["grey", "green"]), ["green"]);
        assert_eq!(
            candidates("gren", ["grey", "green", "red"]),
            ["grey", "green"]
        );
        assert_eq!(
            candidates("Zzzzzz", ["Gargoyle", "Ogre"]),
            Vec::<&str>::new()
        );
    }
}
