//! Board edits: an element of the preview's drawing made into something else (a hole into a
//! stone, a grid square into another cell, a square into a black chip, a masterboard hex into
//! another terrain, a pile moved) by editing the text.
//! The format says what each element can become and which edits make it so
//! ([`crate::formats::Format::board_actions`], [`crate::formats::Format::board_edit`]); the
//! preview's source map, the language server's `retroboard.editBoard` and `retroboard edit`
//! all come through [`board_edit`].

use crate::draw::Action;
use crate::findings::TextEdit;
use crate::formats::Files;
use crate::syntax::Document;

/// Why an element was not changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The drawing has no element of this id; `changeable`: the ids of those that can change.
    UnknownElement { id: String, changeable: Vec<String> },
    /// The element cannot become what was asked; `offered`: what it can become.
    UnknownAction {
        id: String,
        action: String,
        offered: Vec<Action>,
    },
    /// The change would be a guess (the text around the element is broken), or the file is
    /// not read: why, in the modder's words.
    Refused(String),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::UnknownElement { id, changeable } => {
                if changeable.is_empty() {
                    return write!(f, "the board has no element {id}, and none that can change");
                }
                // By kind (`hole:`, `field:`…), each in drawing order: one range of mixed
                // kinds would read as if every id between its ends were there.
                let mut kinds: Vec<(&str, Vec<&str>)> = Vec::new();
                for element in changeable {
                    let kind = element.split(':').next().unwrap_or(element);
                    match kinds.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, ids)) => ids.push(element),
                        None => kinds.push((kind, vec![element])),
                    }
                }
                let kinds: Vec<String> = kinds
                    .iter()
                    .map(|(_, ids)| match ids.as_slice() {
                        [one] => one.to_string(),
                        [first, .., last] => format!("{first} to {last} ({})", ids.len()),
                        [] => unreachable!("a kind is listed with its first id"),
                    })
                    .collect();
                write!(
                    f,
                    "the board has no element {id}; the elements that can change are {}",
                    kinds.join(", ")
                )
            }
            EditError::UnknownAction {
                id,
                action,
                offered,
            } if offered.is_empty() => write!(
                f,
                "{id} cannot be set to {action}: it offers nothing to set (only single holes, \
squares, cells, hexes and piles do)"
            ),
            EditError::UnknownAction {
                id,
                action,
                offered,
            } => {
                let ids: Vec<&str> = offered.iter().map(|a| a.id.as_str()).collect();
                write!(
                    f,
                    "{id} cannot be changed to {action}; it can become {}",
                    ids.join(", ")
                )
            }
            EditError::Refused(reason) => write!(f, "{reason}"),
        }
    }
}

/// The edits that make the element `id` of `doc`'s board what `action` says: sorted, inside
/// the text, not overlapping, never empty. `files`: as for the preview (the variant's files,
/// the game versions the settings choose).
pub fn board_edit(
    doc: &Document,
    files: &dyn Files,
    id: &str,
    action: &str,
) -> Result<Vec<TextEdit>, EditError> {
    if doc.unparsed().is_some() || doc.cut().is_some() {
        return Err(EditError::Refused(
            "the file is too large to be read whole, so it is not changed from the board"
                .to_string(),
        ));
    }
    let unknown = |elements: &[crate::draw::Element]| EditError::UnknownElement {
        id: id.to_string(),
        changeable: elements
            .iter()
            .filter(|e| !e.actions.is_empty())
            .map(|e| e.id.clone())
            .collect(),
    };
    let Some(format) = doc.format() else {
        return Err(unknown(&[]));
    };
    let spec = crate::formats::spec(format);
    let offered = spec.board_actions(doc, files, &[id]).offered(0);
    if offered.is_empty() {
        // An element without actions, or none at all: the drawing tells.
        let mut elements = super::source_map(doc, files);
        if !elements.iter().any(|e| e.id == id) {
            super::with_actions(doc, files, &mut elements);
            return Err(unknown(&elements));
        }
    }
    if !offered.iter().any(|a| a.fills(action)) {
        return Err(EditError::UnknownAction {
            id: id.to_string(),
            action: action.to_string(),
            offered,
        });
    }
    let edits = spec
        .board_edit(doc, files, id, action)
        .map_err(EditError::Refused)?;
    // A format's edits are held to what every edit of Retroboard keeps to.
    match crate::findings::sorted_edits(doc.rope(), edits) {
        Some(edits) if !edits.is_empty() => Ok(edits),
        _ => Err(EditError::Refused(format!(
            "{id} cannot be changed to {action} here (Retroboard made no usable edit)"
        ))),
    }
}
