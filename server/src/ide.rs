//! What editors ask about a document besides its findings: hover help, the outline and
//! semantic highlighting. Format modules produce these in their own terms (byte ranges, plain
//! kinds); the LSP layer converts them.

use std::ops::Range;
use std::sync::OnceLock;

use tree_sitter::{Query, QueryCursor, StreamingIterator};

use crate::formats::FormatId;
use crate::syntax::Document;

/// Help for the token under the cursor, as Markdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub range: Range<usize>,
    pub markdown: String,
}

/// Hover help for the token at a byte offset of a document, in any format. The Markdown comes
/// out inert: file text in it can show as text but never act as HTML, a link or an image.
pub fn hover(doc: &Document, offset: usize, files: &dyn crate::formats::Files) -> Option<Hover> {
    doc.tree()?; // too large to parse: nothing is explained
    if offset > doc.rope().len_bytes() {
        return None; // past the format's bound: not read
    }
    let mut hover = doc.format()?.spec().hover(doc, offset, files)?;
    hover.markdown = inert_markdown(&hover.markdown);
    Some(hover)
}

/// The outline of a document, in any format; empty when it has no tree (too large to parse).
pub fn outline(doc: &Document) -> Vec<Symbol> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => format.spec().outline(doc),
        _ => Vec::new(),
    }
}

/// The tokens of a document coloured by meaning (of the text read, see [`Document::cut`]);
/// empty when it has no tree.
pub fn highlights(doc: &Document) -> Vec<Highlight> {
    coloured(doc).0.clone()
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

/// A document's coloured tokens, found once per text: editors ask for the whole file's and for
/// the lines on screen after every edit.
struct Coloured(Vec<Highlight>);

fn coloured(doc: &Document) -> std::sync::Arc<Coloured> {
    doc.memo(|| {
        Coloured(match (doc.format(), doc.tree()) {
            (Some(format), Some(_)) => format.spec().highlights(doc),
            _ => Vec::new(),
        })
    })
}

/// Markdown with everything outside code spans that could start HTML, an entity, a link or an
/// image escaped. Hover texts interpolate file text (names, paths), and a modder's file is not
/// trusted; the formatting Retroboard itself writes (bold, code spans) is untouched. Code spans
/// are found as CommonMark finds them, so file text that closes one early is still escaped.
pub fn inert_markdown(markdown: &str) -> String {
    let bytes = markdown.as_bytes();
    let mut out = String::with_capacity(markdown.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let run = bytes[i..].iter().take_while(|b| **b == b'`').count();
            // A code span runs to the next run of exactly as many backticks.
            let mut j = i + run;
            let mut close = None;
            while j < bytes.len() {
                if bytes[j] == b'`' {
                    let other = bytes[j..].iter().take_while(|b| **b == b'`').count();
                    if other == run {
                        close = Some(j + other);
                        break;
                    }
                    j += other;
                } else {
                    j += 1;
                }
            }
            let end = close.unwrap_or(i + run);
            out.push_str(&markdown[i..end]);
            i = end;
            continue;
        }
        // A backslash escape is literal text already (and an escaped backtick opens no span).
        if bytes[i] == b'\\' && bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) {
            out.push_str(&markdown[i..i + 2]);
            i += 2;
            continue;
        }
        let c = markdown[i..].chars().next().unwrap_or_default();
        if matches!(c, '<' | '>' | '&' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// An entry of the document outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole entry.
    pub range: Range<usize>,
    /// The part to select when the entry is chosen (its name or label).
    pub selection: Range<usize>,
    pub children: Vec<Symbol>,
}

impl Symbol {
    pub fn new(
        name: impl Into<String>,
        kind: SymbolKind,
        range: Range<usize>,
        selection: Range<usize>,
    ) -> Symbol {
        Symbol {
            name: name.into(),
            detail: None,
            kind,
            range,
            selection,
            children: Vec::new(),
        }
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Symbol {
        self.detail = Some(detail.into());
        self
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A header or a group of lines.
    Section,
    /// One header value.
    Field,
    /// A row of a grid or board.
    Row,
    /// A pile, a hex or another place on a board.
    Place,
    /// A terrain kind.
    Terrain,
    /// A creature.
    Creature,
    /// A variant file record.
    Entry,
    /// A whole variant (its VAR).
    Variant,
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
            let Some(format) = crate::syntax::detect(Some(path), "") else {
                continue;
            };
            if !format.spec().defines_names() {
                continue;
            }
            let Some(doc) = files.document(path, format) else {
                continue;
            };
            if doc.tree().is_none() {
                continue;
            }
            for symbol in format.spec().definitions(&doc) {
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

/// Lines an editor can fold away: a run of comments, or a group of records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    /// From the start of the first line to the end of the last line's text.
    pub range: Range<usize>,
    pub kind: FoldKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Comment,
    /// Records that belong together: lines between blank lines or comments.
    Region,
}

/// Text that names another file, and that file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub range: Range<usize>,
    pub target: std::path::PathBuf,
    /// What following the link opens, in words.
    pub tooltip: String,
}

/// A place in a file another feature leads to: a definition, a reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub path: std::path::PathBuf,
    /// The format to read the file in, to place `range`; `None` for the start of a file.
    pub format: Option<FormatId>,
    pub range: Range<usize>,
}

/// A change a rename makes: the text at `target` becomes `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replace {
    pub target: Target,
    pub text: String,
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
            format.spec().prepare_rename(doc, offset, files)
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
            format.spec().rename(doc, offset, new_name, files)
        }
        _ => Ok(Vec::new()),
    }
}

/// Words shown inside a line (after a number, a flag, a letter): what it means there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Where the words stand: the end of the token they explain, or its start when `before`.
    pub offset: usize,
    pub label: String,
    /// The words name the token that follows (a flag's name before its `true`).
    pub before: bool,
    /// More words, shown when the pointer rests on the hint.
    pub tooltip: Option<String>,
}

/// Which Patience piles get hints: the setting `retroboard.inlayHints.patience`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PileHints {
    /// Every pile line of the range asked for.
    #[default]
    All,
    /// Only a pile line the range asked for lies in: a client asks for the cursor's line.
    Cursor,
    Off,
}

impl PileHints {
    /// The setting's value: `"all"`, `"cursor"` or `"off"`.
    pub fn from_setting(value: &str) -> Option<PileHints> {
        match value {
            "all" => Some(PileHints::All),
            "cursor" => Some(PileHints::Cursor),
            "off" => Some(PileHints::Off),
            _ => None,
        }
    }
}

/// What the client wants inlay hints for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InlayOptions {
    pub patience: PileHints,
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
        (Some(format), Some(_)) => format.spec().inlay_hints(doc, range, options, files),
        _ => Vec::new(),
    }
}

/// Where the name at a byte offset of a document is defined, in any format.
pub fn definition(doc: &Document, offset: usize, files: &dyn crate::formats::Files) -> Vec<Target> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) if offset <= doc.rope().len_bytes() => {
            format.spec().definition(doc, offset, files)
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
            format
                .spec()
                .references(doc, offset, files, include_declaration)
        }
        _ => Vec::new(),
    }
}

/// The foldable runs of lines of a document, in any format; none without a tree.
pub fn folds(doc: &Document) -> Vec<Fold> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => format.spec().folds(doc),
        _ => Vec::new(),
    }
}

/// The links to other files in a document, in any format, to files that exist.
pub fn links(doc: &Document, files: &dyn crate::formats::Files) -> Vec<Link> {
    match (doc.format(), doc.tree()) {
        (Some(format), Some(_)) => format.spec().links(doc, files),
        _ => Vec::new(),
    }
}

/// Runs of two or more neighbouring lines of the same kind, as folds. `kind` sees each line's
/// index and text (without its line break) and says what it is; `None` (a blank line, a
/// header) ends a run.
pub fn line_runs(doc: &Document, kind: impl Fn(usize, &str) -> Option<FoldKind>) -> Vec<Fold> {
    let rope = doc.rope();
    let mut folds = Vec::new();
    let mut run: Option<(FoldKind, usize, usize, usize)> = None; // kind, start, end, lines
    let close = |run: Option<(FoldKind, usize, usize, usize)>, folds: &mut Vec<Fold>| {
        if let Some((kind, start, end, lines)) = run
            && lines > 1
        {
            folds.push(Fold {
                range: start..end,
                kind,
            });
        }
    };
    let mut start = 0;
    for (index, line) in rope.lines().enumerate() {
        let len = line.len_bytes();
        let text: std::borrow::Cow<str> = line.into();
        let content = text.trim_end_matches(['\r', '\n']);
        let end = start + content.len();
        match (kind(index, content), &mut run) {
            (Some(k), Some((current, _, run_end, lines))) if k == *current => {
                *run_end = end;
                *lines += 1;
            }
            (Some(k), _) => {
                close(run.take(), &mut folds);
                run = Some((k, start, end, 1));
            }
            (None, _) => close(run.take(), &mut folds),
        }
        start += len;
    }
    close(run, &mut folds);
    folds
}

/// A highlighted token: its range and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub start: usize,
    pub end: usize,
    pub kind: HighlightKind,
}

/// What a token is, for colouring by meaning (mapped to standard LSP semantic token types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    Keyword,
    Number,
    Text,
    Comment,
    /// A name that stands for something defined elsewhere (a creature, a file).
    Name,
    /// A kind of thing: a terrain letter, a board element.
    Type,
    /// One of a fixed set of values: true/false, an exit type, a mode.
    Constant,
    /// A label: a hex label, a field marker.
    Label,
    Punctuation,
    Heading,
    Invalid,
}

impl HighlightKind {
    pub const ALL: [HighlightKind; 11] = [
        HighlightKind::Keyword,
        HighlightKind::Number,
        HighlightKind::Text,
        HighlightKind::Comment,
        HighlightKind::Name,
        HighlightKind::Type,
        HighlightKind::Constant,
        HighlightKind::Label,
        HighlightKind::Punctuation,
        HighlightKind::Heading,
        HighlightKind::Invalid,
    ];

    /// The kind of an nvim-treesitter capture name.
    fn of_capture(capture: &str) -> Option<HighlightKind> {
        let base = capture.split('.').next().unwrap_or(capture);
        Some(match (base, capture) {
            (_, "comment.error") => HighlightKind::Invalid,
            ("keyword", _) => HighlightKind::Keyword,
            ("number", _) => HighlightKind::Number,
            ("string", _) => HighlightKind::Text,
            ("comment", _) => HighlightKind::Comment,
            ("variable", _) => HighlightKind::Name,
            ("type", _) | ("character", _) => HighlightKind::Type,
            ("constant", _) | ("boolean", _) => HighlightKind::Constant,
            ("label", _) | ("property", _) => HighlightKind::Label,
            ("punctuation", _) => HighlightKind::Punctuation,
            ("markup", _) => HighlightKind::Heading,
            _ => return None,
        })
    }
}

/// The compiled highlight query of a format (from `grammars/<id>/queries/highlights.scm`).
fn highlight_query(format: FormatId) -> Option<&'static Query> {
    static QUERIES: OnceLock<Vec<Option<Query>>> = OnceLock::new();
    let queries = QUERIES.get_or_init(|| {
        FormatId::ALL
            .iter()
            .map(|f| {
                let grammar = retroboard_grammars::grammar(f.as_str())?;
                Query::new(&f.language(), grammar.highlights).ok()
            })
            .collect()
    });
    let index = FormatId::ALL.iter().position(|f| *f == format)?;
    queries.get(index)?.as_ref()
}

/// Highlights from the grammar's highlight query: the same colours Neovim and Helix show.
/// Tokens come in text order and never overlap (the first capture of a node wins).
pub fn query_highlights(doc: &Document) -> Vec<Highlight> {
    let (Some(format), Some(tree)) = (doc.format(), doc.tree()) else {
        return Vec::new();
    };
    let Some(query) = highlight_query(format) else {
        return Vec::new();
    };
    // The text is read from the rope where a pattern's predicate needs it: copying a large text
    // into one string would cost more than the query.
    let rope = doc.rope();
    let text = |node: tree_sitter::Node| {
        let range = node.byte_range();
        let end = range.end.min(rope.len_bytes());
        rope.byte_slice(range.start.min(end)..end)
            .chunks()
            .map(str::as_bytes)
    };
    let mut cursor = QueryCursor::new();
    let mut out: Vec<Highlight> = Vec::new();
    let mut captures = cursor.captures(query, tree.root_node(), text);
    while let Some((m, index)) = captures.next() {
        let capture = m.captures()[*index];
        let Some(kind) = HighlightKind::of_capture(query.capture_names()[capture.index as usize])
        else {
            continue;
        };
        let range = capture.node.byte_range();
        if range.is_empty() || out.last().is_some_and(|last| range.start < last.end) {
            continue;
        }
        out.push(Highlight {
            start: range.start,
            end: range.end,
            kind,
        });
    }
    out
}

/// The token (named or not) at a byte offset; `None` on whitespace between tokens.
pub fn token_at(doc: &Document, offset: usize) -> Option<tree_sitter::Node<'_>> {
    let tree = doc.tree()?;
    let node = tree.root_node().descendant_for_byte_range(offset, offset)?;
    (node.child_count() == 0 && node.byte_range().contains(&offset)).then_some(node)
}

/// File text for Hover Markdown, shown as written: characters Markdown or HTML would read as
/// markup are escaped, line breaks and other control characters become spaces, and text longer
/// than `max` characters is cut with `…`.
pub fn markdown_text(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// File text as a Markdown code span that shows it as written: the fence is longer than any run
/// of backticks inside, and control characters (which no editor shows) become `\u{FFFD}`.
/// Inside a code span `<`, `&`, `*` and `_` are literal, so nothing else needs escaping.
pub fn code_span(text: &str) -> String {
    let shown: String = text
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    let mut longest = 0;
    let mut run = 0;
    for c in shown.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    // CommonMark strips one space from both ends of a span that has one at both ends (and is
    // not all spaces); a pad keeps such text, and a backtick at an end apart from the fence.
    let spaced = shown.starts_with(' ') && shown.ends_with(' ') && shown.trim_start() != "";
    let pad = if shown.starts_with('`') || shown.ends_with('`') || spaced {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{shown}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_outside_code_spans_is_escaped() {
        assert_eq!(
            inert_markdown("**Name** <script>&amp; [x](y) `<b>` \\`"),
            "**Name** \\<script\\>\\&amp; \\[x\\](y) `<b>` \\`"
        );
        // File text that closes a code span early cannot smuggle markup past it.
        assert_eq!(inert_markdown("`a`<i>`"), "`a`\\<i\\>`");
        assert_eq!(inert_markdown("``a`b``<"), "``a`b``\\<");
        assert_eq!(inert_markdown("æ — ok"), "æ — ok");
        // What is escaped already stays as it is (`\<` is a literal `<`).
        assert_eq!(
            inert_markdown(&markdown_text("<b>", 9)),
            markdown_text("<b>", 9)
        );
    }

    #[test]
    fn file_text_is_shown_as_written() {
        assert_eq!(markdown_text("a <b> & *c*_", 40), r"a \<b\> \& \*c\*\_");
        assert_eq!(markdown_text("abcdef", 3), "abc…");
        assert_eq!(markdown_text("a\u{1b}b", 9), "a b");
    }

    #[test]
    fn code_spans_survive_backticks_and_controls() {
        assert_eq!(code_span("X"), "`X`");
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("a``b"), "```a``b```");
        assert_eq!(code_span("`"), "`` ` ``");
        assert_eq!(code_span("<b>&amp;"), "`<b>&amp;`");
        assert_eq!(code_span("\t"), "`\u{FFFD}`");
        assert_eq!(code_span(" "), "` `");
        assert_eq!(code_span(" a "), "`  a  `");
    }
}
