//! The variant file (VAR): `MAP:`, `CRE:`, `TER:` and `DEPEND:` records naming the variant's
//! files and the variants it builds on.

use std::ops::Range;

use super::codes;
use super::syntax::{Word, children, field_word};
use crate::findings::{Finding, Fix, TextEdit};
use crate::syntax::Document;

/// The keys of a VAR record, as the game reads them: in capitals, the colon touching.
const KEYS: [&str; 6] = ["MAP:", "CRE:", "TER:", "DEPEND:", "HINT:", "MAXPLAYERS:"];

/// `MAP:Default/Default.map`: the value stops at the `/` the game cannot read, where the grammar
/// stops too (`range`, the text it could not read); the fault is a value that is a path, not a
/// plain file name.
pub fn path_value(doc: &Document, range: Range<usize>) -> Option<Finding> {
    let start = range.start;
    let text = doc.slice(range);
    if !text.starts_with(['/', '\\']) {
        return None;
    }
    let before = doc.slice(start.saturating_sub(200)..start);
    let head = before
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || "_-.,/\\".contains(*c))
        .map(char::len_utf8)
        .sum::<usize>();
    let after = doc.slice(start..start + 200);
    let tail = after
        .find(|c: char| c.is_whitespace() || c == '#')
        .unwrap_or(after.len());
    let range = start - head..start + tail;
    let path = doc.slice(range.clone());
    let name = path.rsplit(['/', '\\']).next().unwrap_or("");
    Some(Finding::new(
        codes::BAD_FILE_NAME,
        range,
        format!(
            "“{path}” is not a plain file name: a VAR value is a file name without a folder \
(the game looks it up in the variant's folder, its DEPEND variants, then Default) and cannot read \
the “{}”; write {name}",
            &text[..1]
        ),
    ))
}

/// A record whose key is written in lowercase (`ter:Frostmarch.ter`), which the game does not
/// read as a key: it stops loading the variant with an exception.
pub fn lowercase_key(doc: &Document, range: Range<usize>) -> Option<Finding> {
    let text = doc.slice(range.start..range.end.min(range.start + 12));
    let colon = text.find(':')?;
    let written = &text[..=colon];
    let key = written.to_ascii_uppercase();
    if written == key || !KEYS.contains(&key.as_str()) {
        return None;
    }
    let at = range.start..range.start + written.len();
    Some(
        Finding::new(
            codes::SYNTAX_ERROR,
            at.clone(),
            format!(
                "“{written}” is in lowercase: the game reads only {key} as the key of the record, and stops loading the variant on “{written}”; write {key}"
            ),
        )
        .with_fix(Some(
            Fix::one(format!("Write {key}"), TextEdit::replace(at, key.clone())).preferred(),
        )),
    )
}

#[derive(Debug, Default)]
pub struct VarView {
    pub entries: Vec<Entry>,
}

#[derive(Debug)]
pub struct Entry {
    /// `MAP:`, `CRE:`, `TER:` or `DEPEND:`; from 2002-11 also `HINT:` and `MAXPLAYERS:`.
    pub key: Word,
    pub value: Word,
    pub range: Range<usize>,
}

impl Entry {
    /// The key without its colon: `MAP`, `CRE`, `TER`, `DEPEND`, `HINT`, `MAXPLAYERS`.
    pub fn kind(&self) -> &str {
        self.key.text.trim_end_matches(':')
    }
}

impl VarView {
    /// The view of the document's current text, built once until it changes.
    pub fn of(doc: &Document) -> std::sync::Arc<VarView> {
        doc.memo(|| VarView::new(doc))
    }

    pub fn new(doc: &Document) -> VarView {
        let mut view = VarView::default();
        let Some(tree) = doc.tree() else { return view };
        for node in children(tree.root_node(), "entry") {
            if let (Some(key), Some(value)) =
                (field_word(doc, node, "key"), field_word(doc, node, "value"))
            {
                view.entries.push(Entry {
                    key,
                    value,
                    range: node.byte_range(),
                });
            }
        }
        view
    }

    /// The record of a kind that counts: the last one.
    pub fn last(&self, kind: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.kind() == kind)
    }

    /// The variants this one depends on, in order (comma-separated, as the documentation and
    /// the later games read them).
    pub fn depends(&self) -> Vec<&str> {
        self.last("DEPEND")
            .map(|e| e.value.text.split(',').filter(|d| !d.is_empty()).collect())
            .unwrap_or_default()
    }
}
