//! What editors ask about a document besides its findings, in any format: hover help, the
//! outline, semantic highlighting, folds, links, definitions and references. Each asks the
//! document's format (`formats::spec`) and returns the plain answers of `crate::answers`.

use std::ops::Range;

use crate::answers::{
    Completion, Fold, Highlight, Hover, InlayHint, InlayOptions, Link, Replace, Swatch, Symbol,
    Target, inert_markdown,
};
use crate::syntax::Document;

/// Hover help for the token at a byte offset of a document, in any format. The Markdown comes
/// out inert: file text in it can show as text but never act as HTML, a link or an image.
pub fn hover(doc: &Document, offset: usize, files: &dyn crate::formats::Files) -> Option<Hover> {
    doc.tree()?; // too large to parse: nothing is explained
    if offset > doc.rope().len_bytes() {
        return None; // past the format's bound: not read
    }
    let mut hover = crate::formats::spec(doc.format()?).hover(doc, offset, files)?;
    hover.markdown = inert_markdown(&hover.markdown);
    Some(hover)
}

/// The outline of a document, in any format; empty when it has no tree (too large to parse).
pub fn outline(doc: &Document) -> Vec<Symbol> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => crate::formats::spec(format).outline(doc),
        _ => Vec::new(),
    }
}

/// The tokens of a document coloured by meaning (of the text read, see [`Document::cut`]);
/// empty when it has no tree. Shared with the document, not copied: a large pattern has
/// hundreds of thousands.
pub fn highlights(doc: &Document) -> std::sync::Arc<Coloured> {
    coloured(doc)
}

/// The coloured tokens of a document that overlap `range`.
pub fn highlights_in(doc: &Document, range: Range<usize>) -> Vec<Highlight> {
    let all = &coloured(doc).0;
    // In text order and apart: the first that ends after the range's start, on.
    let first = all.partition_point(|h| h.end <= range.start);
    all[first..]
        .iter()
        .take_while(|h| h.start < range.end)
        .cloned()
        .collect()
}

/// A document's coloured tokens, in text order, found once per text: editors ask for the whole
/// file's and for the lines on screen after every edit.
pub struct Coloured(Vec<Highlight>);

impl std::ops::Deref for Coloured {
    type Target = [Highlight];

    fn deref(&self) -> &[Highlight] {
        &self.0
    }
}

fn coloured(doc: &Document) -> std::sync::Arc<Coloured> {
    doc.memo(|| {
        Coloured(match (doc.format(), doc.tree()) {
            (Some(format), Some(_)) => crate::formats::spec(format).highlights(doc),
            _ => Vec::new(),
        })
    })
}

/// How many files a workspace-symbol search reads at most, and how deep it looks: a modder's
/// workspace is a variants folder or a mod repository, not a whole disk.
const WORKSPACE_FILES: usize = 5000;
const WORKSPACE_DEPTH: usize = 6;

/// What the files below `roots` define whose name matches `query` (its characters in order,
/// ignoring case; every name when it is empty): creatures, terrains and variants. Each is given
/// to `each` with its file and the document it is in (an open one as the editor holds it).
pub fn workspace_symbols(
    roots: &[std::path::PathBuf],
    query: &str,
    files: &dyn crate::formats::Files,
    mut each: impl FnMut(&std::path::Path, &Document, Symbol),
) {
    let mut seen = 0;
    for root in roots {
        let walk = walkdir::WalkDir::new(root)
            .max_depth(WORKSPACE_DEPTH)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
        for entry in walk.filter_map(Result::ok) {
            if !entry.file_type().is_file() {
                continue;
            }
            seen += 1;
            if seen > WORKSPACE_FILES {
                return;
            }
            let path = entry.path();
            // Only the kinds of file that define names are read.
            let Some(format) = crate::registry::detect(Some(path), "") else {
                continue;
            };
            if !crate::formats::spec(format).defines_names() {
                continue;
            }
            let Some(doc) = files.document(path, format) else {
                continue;
            };
            if doc.tree().is_none() {
                continue;
            }
            for symbol in crate::formats::spec(format).definitions(&doc) {
                if matches_query(&symbol.name, query) {
                    each(path, &doc, symbol);
                }
            }
        }
    }
}

/// Whether `query`'s characters appear in `name` in order, ignoring case.
fn matches_query(name: &str, query: &str) -> bool {
    let mut name = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace())
        .all(|q| name.any(|c| c == q))
}

/// The range of the name a rename at a byte offset would rename, in any format: `Ok(None)`
/// where there is no such name, `Err` with the reason, in a modder's words, where the name
/// cannot be renamed (the game looks it up by that name).
pub fn prepare_rename(
    doc: &Document,
    offset: usize,
    files: &dyn crate::formats::Files,
) -> Result<Option<Range<usize>>, String> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) if offset <= doc.rope().len_bytes() => {
            crate::formats::spec(format).prepare_rename(doc, offset, files)
        }
        _ => Ok(None),
    }
}

/// The changes that rename the name at a byte offset to `new_name` wherever it is named (the
/// places [`references`] finds, with the declaration), in any format; `Err` with the reason
/// where it cannot be renamed, or not to that name. Empty where there is no name.
pub fn rename(
    doc: &Document,
    offset: usize,
    new_name: &str,
    files: &dyn crate::formats::Files,
) -> Result<Vec<Replace>, String> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) if offset <= doc.rope().len_bytes() => {
            crate::formats::spec(format).rename(doc, offset, new_name, files)
        }
        _ => Ok(Vec::new()),
    }
}

/// The inlay hints of the tokens that `range` (bytes of the document) touches, in any format,
/// in text order.
pub fn inlay_hints(
    doc: &Document,
    range: Range<usize>,
    options: &InlayOptions,
    files: &dyn crate::formats::Files,
) -> Vec<InlayHint> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => {
            crate::formats::spec(format).inlay_hints(doc, range, options, files)
        }
        _ => Vec::new(),
    }
}

/// Where the name at a byte offset of a document is defined, in any format.
pub fn definition(doc: &Document, offset: usize, files: &dyn crate::formats::Files) -> Vec<Target> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) if offset <= doc.rope().len_bytes() => {
            crate::formats::spec(format).definition(doc, offset, files)
        }
        _ => Vec::new(),
    }
}

/// Every place that names what the name at a byte offset names, in any format.
pub fn references(
    doc: &Document,
    offset: usize,
    files: &dyn crate::formats::Files,
    include_declaration: bool,
) -> Vec<Target> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) if offset <= doc.rope().len_bytes() => {
            crate::formats::spec(format).references(doc, offset, files, include_declaration)
        }
        _ => Vec::new(),
    }
}

/// The foldable runs of lines of a document, in any format; none without a tree.
pub fn folds(doc: &Document) -> Vec<Fold> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => crate::formats::spec(format).folds(doc),
        _ => Vec::new(),
    }
}

/// The links to other files in a document, in any format, to files that exist.
pub fn links(doc: &Document, files: &dyn crate::formats::Files) -> Vec<Link> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => crate::formats::spec(format).links(doc, files),
        _ => Vec::new(),
    }
}

/// The colours written in a document, each with the colour the game draws, in any format; none
/// without a tree.
pub fn colors(doc: &Document) -> Vec<Swatch> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => crate::formats::spec(format).colors(doc),
        _ => Vec::new(),
    }
}

/// The names that may replace the colour written at `range` (a range of [`colors`]) for the
/// colour `rgb`, nearest first, in any format; none where no colour is written at `range`.
pub fn color_names(doc: &Document, range: Range<usize>, rgb: [u8; 3]) -> Vec<String> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) if range.end <= doc.rope().len_bytes() => {
            crate::formats::spec(format).color_names(doc, range, rgb)
        }
        _ => Vec::new(),
    }
}

/// What can be written at a byte offset of a document, in any format; nothing without a tree
/// or past the format's bound. The items' Markdown comes out inert, as hover's does.
/// Whether `offset` falls between a CR and its LF, where no editor puts a cursor (and no
/// word of the line is).
fn inside_line_break(doc: &Document, offset: usize) -> bool {
    offset > 0
        && doc.slice(offset - 1..offset) == "\r"
        && doc.slice(offset..(offset + 1).min(doc.rope().len_bytes())) == "\n"
}

pub fn completions(
    doc: &Document,
    offset: usize,
    files: &dyn crate::formats::Files,
) -> Vec<Completion> {
    let (Some(format), Some(_)) = (doc.format(), doc.tree()) else {
        return Vec::new();
    };
    if offset > doc.rope().len_bytes() || inside_line_break(doc, offset) {
        return Vec::new();
    }
    let mut items = crate::formats::spec(format).completions(doc, offset, files);
    for item in &mut items {
        if let Some(markdown) = &mut item.documentation {
            *markdown = inert_markdown(markdown);
        }
    }
    items
}
