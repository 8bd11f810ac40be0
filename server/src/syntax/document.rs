//! A document: its text in a rope and, when its format is known, its syntax tree, kept up to date
//! incrementally (`Tree::edit`, then a reparse that reuses the old tree).
//!
//! The tree is parsed when first asked for, not on every edit: a file whose dialect Retroboard
//! does not read is never parsed, and several edits between two checks cost one reparse. What is
//! derived from the text (a format's typed view) can be kept in the document's memo until the
//! next edit.

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ropey::Rope;
use tree_sitter::{InputEdit, Parser, Point, Tree};

use crate::registry::{Bound, FormatId};

/// The largest text Retroboard keeps parsed at all. Every format reads far less (its
/// [`Bound`]), so this only guards the text itself: past it a document is kept as text only and
/// reported as too large, and the CLI does not even read it.
pub const MAX_PARSED_BYTES: usize = 16 * 1024 * 1024;

/// The longest line Retroboard parses. The games' lines are at most a few hundred characters;
/// one enormous line is a generated or damaged file.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// A tree with syntax errors of a text up to this size is parsed again around its errors after
/// an incremental reparse: syntax error messages read parse states, and reused subtrees keep the
/// states of their first parse, so only nodes parsed anew word an error independently of the
/// edit history. Past this size the incremental tree is kept, so that a keystroke in a large
/// file full of errors does not parse all of them again (its messages may word an error
/// differently after some edit sequences, never miss one).
const REWORDED_LIMIT: usize = 128 * 1024;

/// Why a document is kept as text only, without a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unparsed {
    /// The whole text is past [`MAX_PARSED_BYTES`].
    File { bytes: usize },
    /// Line `line` (from 0), starting at byte `start`, is past [`MAX_LINE_BYTES`].
    Line {
        line: usize,
        start: usize,
        bytes: usize,
    },
    /// A NUL character at byte `at`: binary data, and tree-sitter reads NUL as the end of the
    /// text, so no tree would match it.
    Nul { at: usize },
}

/// A text and what Retroboard reads of it. The editor's whole text is kept (edits arrive in its
/// coordinates), but every feature reads only its start up to the format's [`Bound`]: the tree,
/// views, findings, hover, outline, colours and previews never model more than that.
pub struct Document {
    /// The whole text, as the editor has it.
    whole: Rope,
    /// The text read: `whole` up to the format's bound, cut at a line start (all of `whole`
    /// when it is within the bound).
    text: Rope,
    format: Option<FormatId>,
    /// The tree of `text`, when the format is known and the text is not too large to parse.
    syntax: Option<Syntax>,
    unparsed: Option<Unparsed>,
    /// Where the file lives, when known: some checks read its name or its neighbours.
    path: Option<PathBuf>,
    /// Values derived from the text read, one per type; shared with the document's copies (the
    /// language server's snapshots) until an edit gives it a new, empty memo.
    memo: Arc<Memo>,
    /// The memo of the text read before the last edit, and that edit: a view may be made anew
    /// from the previous one where the edit allows (see [`Document::previous_memo`]). Kept
    /// until the next edit, or until the memo is let go of otherwise.
    previous: Option<(Arc<Memo>, Change)>,
    /// The text read as one string, when it is small (see [`Document::slice`]); made when first
    /// asked for after a change of the text.
    flat: OnceLock<Option<Box<str>>>,
}

/// An edit of the text read, in bytes: `start..old_end` of the previous text became
/// `start..new_end` of the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub start: usize,
    pub old_end: usize,
    pub new_end: usize,
    /// The bytes replaced held a line break (`\n` or `\r`).
    pub removed_break: bool,
}

/// The one line an edit changed, when it broke and joined none: `start..end` in the current
/// text, from the line's start to its `\n` (or the text's end), and `old_end`, where that `\n`
/// was in the previous text (the bytes before the line are the same in both). What a view made
/// from the last one reads again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditedLine {
    pub start: usize,
    pub end: usize,
    pub old_end: usize,
}

impl Change {
    /// The line the edit changed in `rope` (the current text), unless it removed or inserted
    /// a line break (`\n` or `\r`).
    pub fn edited_line(&self, rope: &Rope) -> Option<EditedLine> {
        if self.removed_break
            || rope
                .byte_slice(self.start..self.new_end)
                .bytes()
                .any(|b| b == b'\n' || b == b'\r')
        {
            return None;
        }
        let start = rope.line_to_byte(rope.byte_to_line(self.start));
        let end = self.new_end
            + rope
                .byte_slice(self.new_end..)
                .bytes()
                .position(|b| b == b'\n')
                .unwrap_or(rope.len_bytes() - self.new_end);
        let old_end = (end + self.old_end).checked_sub(self.new_end)?;
        Some(EditedLine {
            start,
            end,
            old_end,
        })
    }
}

impl EditedLine {
    /// Hands each child of `root` on the edited line (`start..end` of the current text) to
    /// `read`, the cursor on it, in order; `None` when one reaches outside the line (a record
    /// that began before it, after a `\r` the grammar takes as a blank, or runs past it) or
    /// `read` gives up. The line break that ends the line comes after them.
    pub fn read_nodes(
        &self,
        root: tree_sitter::Node,
        mut read: impl FnMut(&mut tree_sitter::TreeCursor) -> Option<()>,
    ) -> Option<()> {
        let mut cursor = root.walk();
        let mut more = cursor.goto_first_child_for_byte(self.start).is_some();
        while more {
            let node = cursor.node();
            if node.start_byte() >= self.end {
                break;
            }
            if node.start_byte() < self.start || node.end_byte() > self.end {
                return None;
            }
            read(&mut cursor)?;
            more = cursor.goto_next_sibling();
        }
        Some(())
    }
}

/// Texts up to this size are also kept as one string, for [`Document::slice`]: every file of the
/// corpus a view slices token by token (the largest Colossus files, 2003-10 MAPs and TERs, are
/// under 10 KB; a token sliced from the rope searches it).
const FLAT_BYTES: usize = 32 * 1024;

/// Values derived from one text read, one per type.
type Memo = Mutex<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>;

struct Syntax {
    /// The grammar the text is parsed with.
    format: FormatId,
    /// The previous tree with the edits since applied (`Tree::edit`): what the next parse
    /// reuses, dropped once it has.
    edited: Mutex<Option<Tree>>,
    /// The tree of the current text, once asked for; shared with the document's copies, so
    /// that whichever asks first parses it for all, until an edit gives it a new one.
    tree: Arc<OnceLock<Tree>>,
}

thread_local! {
    /// Each thread's parsers, one per grammar: a parse needs the previous tree, not the parser
    /// that made it, and a parser keeps buffers as large as the largest text it parsed (a
    /// parser for each open document held 7 of 20 MB with a whole variant folder open).
    static PARSERS: std::cell::RefCell<Vec<(FormatId, Parser)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` with this thread's parser for `format` (taken out of the pool while `f` runs, so a
/// parse inside `f` would get a parser of its own).
fn with_parser<T>(format: FormatId, f: impl FnOnce(&mut Parser) -> T) -> T {
    let pooled = PARSERS.with(|pool| {
        let mut pool = pool.borrow_mut();
        let at = pool.iter().position(|(f, _)| *f == format)?;
        Some(pool.swap_remove(at).1)
    });
    let mut parser = pooled.unwrap_or_else(|| {
        let mut parser = Parser::new();
        parser
            .set_language(&format.language())
            .expect("grammars are generated for the ABI of the linked tree-sitter");
        parser
    });
    let out = f(&mut parser);
    PARSERS.with(|pool| pool.borrow_mut().push((format, parser)));
    out
}

impl Syntax {
    fn new(format: FormatId) -> Syntax {
        Syntax {
            format,
            edited: Mutex::new(None),
            tree: Arc::default(),
        }
    }

    /// The tree of `text`: reparsed from the edited tree (then once more around its syntax
    /// errors, see [`REWORDED_LIMIT`]), or from scratch.
    fn parse(&self, text: &Rope) -> Tree {
        let edited = self
            .edited
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        with_parser(self.format, |parser| {
            Syntax::parse_with(parser, text, edited)
        })
    }

    fn parse_with(parser: &mut Parser, text: &Rope, edited: Option<Tree>) -> Tree {
        let Some(old) = edited else {
            return parse(parser, text, None);
        };
        let tree = parse(parser, text, Some(&old));
        if !tree.root_node().has_error() || text.len_bytes() > REWORDED_LIMIT {
            return tree;
        }
        // Parsed again around its errors, as if those lines had been typed anew: the nodes
        // there are not reused, and the parser reaches them in the states a fresh parse would.
        let mut marked = tree.clone();
        for lines in error_lines(&tree, text) {
            let end = point(text, lines.end);
            marked.edit(&InputEdit {
                start_byte: lines.start,
                old_end_byte: lines.end,
                new_end_byte: lines.end,
                start_position: point(text, lines.start),
                old_end_position: end,
                new_end_position: end,
            });
        }
        parse(parser, text, Some(&marked))
    }
}

/// The lines around the syntax errors of `tree`, in order and merged where they meet: from
/// the start of the line where the last node before an error that is not a comment or a blank
/// starts, to the end of the line after the error. The comments and blanks between them keep
/// the parse state they were first read in, which an error after them is worded from
/// (`tests/incremental.rs`).
fn error_lines(tree: &Tree, text: &Rope) -> Vec<Range<usize>> {
    let mut spans: Vec<Range<usize>> = Vec::new();
    let last_line = text.len_lines() - 1;
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            let start = text.line_to_byte(text.byte_to_line(solid_before(node)));
            let last = text.byte_to_line(node.end_byte()) + 1;
            let end = if last < last_line {
                text.line_to_byte(last + 1)
            } else {
                text.len_bytes()
            };
            match spans.last_mut() {
                Some(previous) if previous.end >= start => previous.end = previous.end.max(end),
                _ => spans.push(start..end),
            }
        } else if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    spans
}

/// Where the last node before `node` that is not an extra (a comment, a blank) starts, at its
/// level or an outer one; 0 when there is none.
fn solid_before(node: tree_sitter::Node) -> usize {
    let mut at = node;
    loop {
        match at.prev_sibling() {
            Some(previous) if previous.is_extra() => at = previous,
            Some(previous) => return previous.start_byte(),
            None => match at.parent() {
                Some(parent) => at = parent,
                None => return 0,
            },
        }
    }
}

/// A copy for snapshots, in O(1) of the text's size: the rope and the tree are shared until
/// one side is edited (a tree-sitter tree copy is a reference count), and so are the views
/// derived from the text. A request reads the copy while edits go on in the original.
impl Clone for Document {
    fn clone(&self) -> Document {
        let mut copy = Document {
            whole: self.whole.clone(),
            text: self.text.clone(),
            format: self.format,
            syntax: None,
            unparsed: self.unparsed,
            path: self.path.clone(),
            memo: self.memo.clone(),
            previous: self.previous.clone(),
            flat: self.flat.clone(),
        };
        copy.prepare_syntax();
        if let (Some(from), Some(to)) = (&self.syntax, &mut copy.syntax) {
            to.tree = from.tree.clone();
            if from.tree.get().is_some() {
                // Parsed: the copy needs no edited tree.
            } else if let Ok(edited) = from.edited.try_lock() {
                // The edited tree the next parse reuses. While a parse runs (it holds the
                // edited tree), the copy is parsed afresh when asked for rather than wait here.
                *to.edited
                    .get_mut()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = edited.clone();
            }
        }
        copy
    }
}

/// Which text of a document another value was worked out from: the same until an edit changes
/// the text read (or its format or path), and never the same as another document's.
#[derive(Clone)]
pub struct Revision(std::sync::Weak<Memo>);

impl Revision {
    /// Whether `doc` still holds this text (or is a copy of the document that did).
    pub fn is_of(&self, doc: &Document) -> bool {
        // The weak reference keeps the address from being reused by another memo.
        std::ptr::eq(self.0.as_ptr(), Arc::as_ptr(&doc.memo))
    }
}

impl std::fmt::Debug for Revision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Revision({:p})", self.0.as_ptr())
    }
}

impl Document {
    /// The text's revision: see [`Revision`].
    pub fn revision(&self) -> Revision {
        Revision(Arc::downgrade(&self.memo))
    }

    /// A document of a known format (parsed when its tree is first asked for), or of none
    /// (text only).
    pub fn new(format: Option<FormatId>, text: &str) -> Document {
        let whole = Rope::from_str(text);
        let mut doc = Document {
            text: whole.clone(),
            whole,
            format: None,
            syntax: None,
            unparsed: None,
            path: None,
            memo: Arc::default(),
            previous: None,
            flat: OnceLock::new(),
        };
        doc.unparsed = unparsed(&doc.whole, None, None);
        doc.set_format(format);
        doc
    }

    /// The same document, known to live at `path`.
    pub fn with_path(mut self, path: Option<PathBuf>) -> Document {
        self.path = path;
        self.memo = Arc::default();
        self.previous = None;
        self
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn format(&self) -> Option<FormatId> {
        self.format
    }

    /// How much of a text of this document's format is read.
    pub fn bound(&self) -> Option<Bound> {
        Some(self.format?.bound())
    }

    /// Where the text read ends when the whole text is longer than its format's bound: the
    /// start of the first line not read. `None` when the whole text is read.
    pub fn cut(&self) -> Option<usize> {
        let read = self.text.len_bytes();
        (read < self.whole.len_bytes()).then_some(read)
    }

    /// Why the text is not parsed: too large (as a whole or in one line), or binary.
    pub fn unparsed(&self) -> Option<Unparsed> {
        self.unparsed
    }

    pub fn is_unparsed(&self) -> bool {
        self.unparsed.is_some()
    }

    /// Changes the format, parsing the text anew (read up to the new format's bound); the same
    /// format keeps the tree.
    pub fn set_format(&mut self, format: Option<FormatId>) {
        if self.format == format {
            return;
        }
        self.format = format;
        self.text = read_part(&self.whole, self.bound());
        self.flat = OnceLock::new();
        self.syntax = None;
        self.memo = Arc::default();
        self.previous = None;
        self.prepare_syntax();
    }

    /// Gives the document a parser when it should have a tree and has none (the tree itself is
    /// parsed when asked for); drops the tree when the text is not to be parsed.
    fn prepare_syntax(&mut self) {
        if self.is_unparsed() {
            self.syntax = None;
            return;
        }
        let Some(format) = self.format else {
            return;
        };
        if self.syntax.is_none() {
            self.syntax = Some(Syntax::new(format));
        }
    }

    /// The text read: the whole text, or its start up to the format's bound (see
    /// [`Document::cut`]). Everything Retroboard derives from a document reads this.
    pub fn rope(&self) -> &Rope {
        &self.text
    }

    /// The whole text as the editor has it, past the bound too: what edits and the editor's
    /// positions refer to.
    pub fn whole_rope(&self) -> &Rope {
        &self.whole
    }

    /// The syntax tree of the text read, parsed now if it is not yet (reusing the tree of the
    /// text before the last edits). A small text with syntax errors is parsed again around
    /// them, so the errors read the same whatever edits led to the text.
    pub fn tree(&self) -> Option<&Tree> {
        let syntax = self.syntax.as_ref()?;
        Some(syntax.tree.get_or_init(|| syntax.parse(&self.text)))
    }

    /// Whether the tree of the current text is parsed (not waiting to be parsed when asked for).
    pub fn is_parsed(&self) -> bool {
        self.syntax.as_ref().is_some_and(|s| s.tree.get().is_some())
    }

    /// Lets go of the syntax tree (and of the one-string copy of a small text): the next
    /// [`Document::tree`] parses the text afresh, to the same tree as a new document of it. Its
    /// copies keep theirs. The views derived from the text stay (other files' checks read them).
    pub fn drop_tree(&mut self) {
        if let Some(syntax) = &mut self.syntax {
            syntax.tree = Arc::default();
            *syntax
                .edited
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
        }
        self.flat = OnceLock::new();
    }

    /// Lets go of the values derived from the text ([`Document::memo`]): they are worked out
    /// again, from the tree parsed again, when next asked for; other values worked out from them
    /// see a new [`Revision`]. Its copies keep theirs.
    pub fn drop_views(&mut self) {
        self.memo = Arc::default();
        self.previous = None;
    }

    /// Whether values derived from the text are kept ([`Document::memo`], and
    /// [`Document::previous_memo`]'s).
    pub fn holds_views(&self) -> bool {
        !self.memo_lock().is_empty()
            || self.previous.as_ref().is_some_and(|(memo, _)| {
                !memo
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .is_empty()
            })
    }

    /// A value derived from the text read, made by `make` once until the next edit of it: a
    /// format's typed view, read by this document's checks and by other files' checks alike.
    pub fn memo<T: Any + Send + Sync>(&self, make: impl FnOnce() -> T) -> Arc<T> {
        let id = TypeId::of::<T>();
        let cached = self
            .memo_lock()
            .iter()
            .find(|(key, _)| *key == id)
            .map(|(_, value)| value.clone());
        if let Some(value) = cached.and_then(|v| v.downcast::<T>().ok()) {
            return value;
        }
        // Made without the lock held: `make` may ask the memo for other values.
        let value = Arc::new(make());
        let mut memo = self.memo_lock();
        if !memo.iter().any(|(key, _)| *key == id) {
            memo.push((id, value.clone()));
        }
        value
    }

    /// The value of type `T` worked out from the text read before the last edit, if it was
    /// (and the format, path and parsing stayed the same since), with that edit: to make the
    /// current value from it where the edit allows. Nothing past the previous text is kept.
    pub fn previous_memo<T: Any + Send + Sync>(&self) -> Option<(Arc<T>, Change)> {
        let (memo, change) = self.previous.as_ref()?;
        let id = TypeId::of::<T>();
        let value = memo
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .find(|(key, _)| *key == id)
            .map(|(_, value)| value.clone())?;
        Some((value.downcast::<T>().ok()?, *change))
    }

    fn memo_lock(&self) -> MutexGuard<'_, Vec<(TypeId, Arc<dyn Any + Send + Sync>)>> {
        self.memo
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The text of a byte range of the text read (borrowed when it lies in one rope chunk).
    pub fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        // A rope of one chunk (a text under 1 KB, such as most TERs) counts its bytes anew on
        // every `len_bytes` and `chunk_at_byte`; a small text is read from one string.
        let flat = self.flat.get_or_init(|| {
            (self.text.len_bytes() <= FLAT_BYTES).then(|| self.text.to_string().into_boxed_str())
        });
        if let Some(flat) = flat {
            let len = flat.len();
            let mut start = range.start.min(len);
            let mut end = range.end.clamp(start, len);
            while !flat.is_char_boundary(start) {
                start -= 1;
            }
            end = end.max(start);
            while !flat.is_char_boundary(end) {
                end -= 1;
            }
            return Cow::Borrowed(&flat[start..end]);
        }
        let len = self.text.len_bytes();
        let start = range.start.min(len);
        let end = range.end.clamp(start, len);
        // The common case, a token inside one chunk, without the rope's char index.
        let (chunk, chunk_start, _, _) = self.text.chunk_at_byte(start);
        if let Some(text) = chunk.get(start - chunk_start..end - chunk_start) {
            return Cow::Borrowed(text);
        }
        let start = char_boundary(&self.text, start);
        let end = char_boundary(&self.text, end.max(start));
        self.text.byte_slice(start..end).into()
    }

    /// The whole text, past the bound too.
    pub fn text(&self) -> String {
        self.whole.to_string()
    }

    /// Replaces a byte range of the whole text with new text, and updates the text read and its
    /// tree incrementally. The range is clamped to the text and to character boundaries, so no
    /// edit can fail. An edit past the bound that leaves the text read as it was costs no parse.
    pub fn edit(&mut self, range: Range<usize>, new_text: &str) {
        let len = self.whole.len_bytes();
        let start = char_boundary(&self.whole, range.start.min(len));
        let old_end = char_boundary(&self.whole, range.end.clamp(start, len));

        let start_char = self.whole.byte_to_char(start);
        self.whole
            .remove(start_char..self.whole.byte_to_char(old_end));
        self.whole.insert(start_char, new_text);
        let new_end = start + new_text.len();

        let was_unparsed = self.is_unparsed();
        // Only the edited lines can have become too long, and only the new text can hold a
        // NUL, unless the text was unparsed before (then anything may have changed).
        self.unparsed = if self.unparsed.is_some() {
            unparsed(&self.whole, None, None)
        } else {
            let first = self.whole.byte_to_line(start);
            let last = self.whole.byte_to_line(new_end);
            unparsed(&self.whole, Some(first..last + 1), Some((start, new_text)))
        };
        if self.is_unparsed() {
            self.syntax = None;
        }

        let read = read_part(&self.whole, self.bound());
        let Some(edit) = read_edit(&self.text, &read, start, old_end, new_end) else {
            // The text read is the same: its tree and views stay, unless it is parsed now and
            // was not (or the other way): its views were made without a tree (or with one).
            self.text = read;
            self.flat = OnceLock::new();
            if was_unparsed != self.is_unparsed() {
                self.memo = Arc::default();
                self.previous = None;
            }
            self.prepare_syntax();
            return;
        };
        // Views made with a tree only follow views made with one (or both without).
        self.previous = (was_unparsed == self.is_unparsed()).then(|| {
            let change = Change {
                start: edit.start_byte,
                old_end: edit.old_end_byte,
                new_end: edit.new_end_byte,
                removed_break: self
                    .text
                    .byte_slice(edit.start_byte..edit.old_end_byte)
                    .bytes()
                    .any(|b| b == b'\n' || b == b'\r'),
            };
            (std::mem::take(&mut self.memo), change)
        });
        self.text = read;
        self.flat = OnceLock::new();
        self.memo = Arc::default();
        if let Some(syntax) = &mut self.syntax {
            // The newest tree, or the one edits have piled up on since the last parse.
            let edited = syntax
                .edited
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // A new tree for the new text; copies keep the old one.
            let parsed = std::mem::take(&mut syntax.tree).get().cloned();
            let mut previous = parsed.or_else(|| edited.take());
            if let Some(tree) = &mut previous {
                tree.edit(&edit);
            }
            *edited = previous;
        }
        self.prepare_syntax();
    }
}

/// The start of a whole text up to `bound`: its first `bound.lines` lines, less the lines from
/// the one that crosses `bound.bytes` on. A text within the bound is shared, not copied.
fn read_part(whole: &Rope, bound: Option<Bound>) -> Rope {
    let len = whole.len_bytes();
    let Some(bound) = bound else {
        return whole.clone();
    };
    let mut cut = len;
    if whole.len_lines() > bound.lines {
        cut = whole.line_to_byte(bound.lines);
    }
    if len > bound.bytes {
        cut = cut.min(whole.line_to_byte(whole.byte_to_line(bound.bytes)));
    }
    if cut == len {
        whole.clone()
    } else {
        // At most the bound's bytes copied; the rest of the text is never read.
        Rope::from(whole.byte_slice(..cut))
    }
}

/// The edit of the text read (`old` before, `new` after) made by replacing
/// `start..old_end` of the whole text with text now ending at `new_end`; `None` when the text
/// read did not change.
fn read_edit(
    old: &Rope,
    new: &Rope,
    start: usize,
    old_end: usize,
    new_end: usize,
) -> Option<InputEdit> {
    let (old_len, new_len) = (old.len_bytes(), new.len_bytes());
    let (start, old_end, new_end) = if old_end <= old_len && new_len + old_end == old_len + new_end
    {
        // Inside the text read, and the cut moved with it: the edit itself.
        (start, old_end, new_end)
    } else if start >= old_len && new_len == old_len {
        // Past the bound, and the text read ends where it did.
        return None;
    } else {
        // The cut moved: everything from the first byte that may differ on changed.
        (start.min(old_len).min(new_len), old_len, new_len)
    };
    Some(InputEdit {
        start_byte: start,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point(old, start),
        old_end_position: point(old, old_end),
        new_end_position: point(new, new_end),
    })
}

/// The start of the character holding this byte.
fn char_boundary(text: &Rope, byte: usize) -> usize {
    text.char_to_byte(text.byte_to_char(byte))
}

/// Why the text is not to be parsed: too large, a line too long (one of `lines`, when given:
/// the lines an edit touched), or a NUL in it (only in `inserted`, text inserted at a byte
/// offset, when given).
fn unparsed(
    text: &Rope,
    lines: Option<Range<usize>>,
    inserted: Option<(usize, &str)>,
) -> Option<Unparsed> {
    let bytes = text.len_bytes();
    if bytes > MAX_PARSED_BYTES {
        return Some(Unparsed::File { bytes });
    }
    let nul = match inserted {
        Some((start, inserted)) => inserted.find('\0').map(|i| start + i),
        None => {
            let mut offset = 0;
            text.chunks().find_map(|chunk| {
                let found = chunk.find('\0').map(|i| offset + i);
                offset += chunk.len();
                found
            })
        }
    };
    if let Some(at) = nul {
        return Some(Unparsed::Nul { at });
    }
    if bytes <= MAX_LINE_BYTES {
        return None;
    }
    let too_long = |line: usize| {
        let line_bytes = text.line(line).len_bytes();
        (line_bytes > MAX_LINE_BYTES).then(|| Unparsed::Line {
            line,
            start: text.line_to_byte(line),
            bytes: line_bytes,
        })
    };
    match lines {
        Some(lines) => (lines.start..lines.end.min(text.len_lines())).find_map(too_long),
        // The whole text: one pass over its bytes for stretches without CR or LF, and the
        // rope's (costlier) line index only for a stretch long enough to be a too-long line
        // with its line break (of up to two bytes).
        None => {
            let mut stretch_start = 0;
            let mut offset = 0;
            for chunk in text.chunks() {
                for (i, byte) in chunk.bytes().enumerate() {
                    if byte == b'\n' || byte == b'\r' {
                        stretch_start = offset + i + 1;
                    } else if offset + i + 1 - stretch_start > MAX_LINE_BYTES - 2 {
                        // The rope's lines end at CR and LF too, so this is the line; at
                        // most two bytes of a line break short of too long, it may still fit.
                        let found = too_long(text.byte_to_line(offset + i));
                        if found.is_some() {
                            return found;
                        }
                    }
                }
                offset += chunk.len();
            }
            None
        }
    }
}

/// A tree-sitter point (row, byte column) of a byte offset.
fn point(text: &Rope, byte: usize) -> Point {
    let row = text.byte_to_line(byte);
    Point {
        row,
        column: byte - text.line_to_byte(row),
    }
}

/// Parses `text`, reusing `old_tree` when given.
fn parse(parser: &mut Parser, text: &Rope, old_tree: Option<&Tree>) -> Tree {
    let len = text.len_bytes();
    let mut read = |byte: usize, _: Point| -> &[u8] {
        if byte >= len {
            return &[];
        }
        let (chunk, chunk_start, _, _) = text.chunk_at_byte(byte);
        &chunk.as_bytes()[byte - chunk_start..]
    };
    parser
        .parse_with_options(&mut read, old_tree, None)
        .expect("a parser with a language and no progress callback always returns a tree")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small text is sliced from one string, a large one from the rope: the same bytes,
    /// ranges inside a character moved back to its start, before and after an edit.
    #[test]
    fn slices_of_small_and_large_texts_are_the_same() {
        let line = "B grün Brush true 1 Gargoyle # Ærø\n";
        for lines in [1, 3, 400, 1000] {
            let text = line.repeat(lines);
            let mut doc = Document::new(None, &text);
            let mut expected = text.clone();
            for round in 0..2 {
                let floor = |mut i: usize| {
                    i = i.min(expected.len());
                    while !expected.is_char_boundary(i) {
                        i -= 1;
                    }
                    i
                };
                for start in (0..expected.len() + 2).step_by(3) {
                    for end in [start, start + 1, start + 7, start + 40, usize::MAX] {
                        let from = floor(start);
                        let to = floor(
                            end.clamp(start.min(expected.len()), expected.len())
                                .max(from),
                        );
                        assert_eq!(
                            doc.slice(start..end),
                            &expected[from..to],
                            "{lines} lines, {start}..{end}, round {round}"
                        );
                    }
                }
                if round == 0 {
                    doc.edit(2..3, "ü");
                    expected.replace_range(2..3, "ü");
                }
            }
        }
    }

    /// What the language server's snapshots rely on: a copy keeps its text, tree and views
    /// while the original is edited, and each then parses like a fresh document of its text.
    #[test]
    fn a_copy_keeps_its_text_and_tree_while_the_original_is_edited() {
        let text =
            "28\r4\rD4D5E4E5\r000000000000000000000000000WB000000BW000000000000000000000000000\r";
        let mut doc = Document::new(Some(FormatId::OthelloBord), text);
        let view = doc.memo(|| 7_u32);
        let tree = doc.tree().expect("parsed").root_node().to_sexp();
        let copy = doc.clone();
        doc.edit(0..2, "30");
        assert_eq!(copy.text(), text);
        assert_eq!(copy.tree().expect("kept").root_node().to_sexp(), tree);
        assert!(Arc::ptr_eq(&copy.memo(|| 0_u32), &view));
        assert_eq!(
            *doc.memo(|| 8_u32),
            8,
            "the edit emptied the original's views"
        );
        let fresh = Document::new(Some(FormatId::OthelloBord), &doc.text());
        assert_eq!(
            doc.tree().expect("parsed").root_node().to_sexp(),
            fresh.tree().expect("parsed").root_node().to_sexp()
        );
        let mut copy = copy;
        copy.edit(0..0, "1");
        assert_eq!(copy.text(), format!("1{text}"));
        assert!(doc.text().starts_with("30\r4\r"));
    }

    /// Every request of the language server reads its own copy of a document: what one of them
    /// parses or derives from a text is there for the others and for the original, until the
    /// next edit, instead of each parsing and deriving it again.
    #[test]
    fn copies_of_one_text_share_its_tree_and_views() {
        let text =
            "28\r4\rD4D5E4E5\r000000000000000000000000000WB000000BW000000000000000000000000000\r";
        let mut doc = Document::new(Some(FormatId::OthelloBord), text);
        doc.edit(0..2, "30");
        let first = doc.clone();
        let second = doc.clone();
        let view = first.memo(|| 7_u32);
        let tree = first.tree().expect("parsed").root_node().id();
        assert!(Arc::ptr_eq(&second.memo(|| 0_u32), &view));
        assert!(Arc::ptr_eq(&doc.memo(|| 0_u32), &view));
        assert_eq!(second.tree().expect("shared").root_node().id(), tree);
        assert_eq!(doc.tree().expect("shared").root_node().id(), tree);
        doc.edit(0..2, "28");
        assert_eq!(
            *doc.memo(|| 8_u32),
            8,
            "an edit gives the original a new memo"
        );
        assert_eq!(*first.memo(|| 0_u32), 7, "and leaves its copies theirs");
        assert_ne!(doc.tree().expect("parsed").root_node().id(), tree);
        assert_eq!(second.tree().expect("kept").root_node().id(), tree);
    }

    /// What the language server does to documents nobody edits: the tree goes, and the next
    /// look at it parses the text afresh, to the tree of a new document of the same text; the
    /// views and the revision stay, and a copy taken before keeps its tree.
    #[test]
    fn dropped_views_are_worked_out_again_in_a_new_revision() {
        let mut doc = Document::new(Some(FormatId::ColossusVar), "MAP:A.map\n");
        assert!(!doc.holds_views());
        assert_eq!(*doc.memo(|| 7_u32), 7);
        let revision = doc.revision();
        let copy = doc.clone();
        assert!(doc.holds_views());
        doc.drop_views();
        assert!(!doc.holds_views());
        assert_eq!(*doc.memo(|| 8_u32), 8, "worked out again");
        assert!(
            !revision.is_of(&doc),
            "what was worked out from the views is stale"
        );
        assert_eq!(*copy.memo(|| 9_u32), 7, "the copy keeps its views");
    }

    #[test]
    fn a_dropped_tree_is_parsed_again_as_a_fresh_document_would_be() {
        let text = "MAP:A.map\nTER:B.ter\nCRE:C.cre\n";
        let mut doc = Document::new(Some(FormatId::ColossusVar), text);
        doc.edit(4..5, "Big");
        let sexp = |d: &Document| d.tree().map(|t| t.root_node().to_sexp());
        let before = sexp(&doc);
        let view = doc.memo(|| 7_u32);
        let revision = doc.revision();
        let copy = doc.clone();
        assert!(doc.is_parsed());
        doc.drop_tree();
        assert!(!doc.is_parsed());
        assert!(copy.is_parsed(), "the copy keeps its tree");
        assert!(Arc::ptr_eq(&doc.memo(|| 0_u32), &view), "the views stay");
        assert!(revision.is_of(&doc), "the same text, the same revision");
        assert_eq!(doc.slice(0..6), "MAP:Bi");
        assert_eq!(sexp(&doc), before);
        assert!(doc.is_parsed());
        let fresh = Document::new(doc.format(), &doc.text());
        assert_eq!(sexp(&doc), sexp(&fresh));
    }

    /// An edit after the tree was dropped (or with edits waiting for a parse when it was) gives
    /// the tree of a fresh parse of the new text, and the next edits reparse incrementally.
    #[test]
    fn edits_after_a_dropped_tree_match_a_fresh_document() {
        let sexp = |d: &Document| d.tree().map(|t| t.root_node().to_sexp());
        let mut doc = Document::new(Some(FormatId::ColossusVar), "MAP:A.map\nTER:B.ter\n");
        assert!(doc.tree().is_some());
        doc.drop_tree();
        doc.edit(0..0, "CRE:C.cre\n");
        assert_eq!(sexp(&doc), sexp(&Document::new(doc.format(), &doc.text())));
        // Edits piled up on the tree, dropped before the parse.
        doc.edit(4..5, "Big");
        doc.drop_tree();
        doc.edit(doc.rope().len_bytes()..doc.rope().len_bytes(), "DEPEND:X\n");
        assert_eq!(sexp(&doc), sexp(&Document::new(doc.format(), &doc.text())));
        doc.edit(0..3, "XYZ");
        assert_eq!(sexp(&doc), sexp(&Document::new(doc.format(), &doc.text())));
        // A document without a tree to drop stays as it is.
        let mut text_only = Document::new(None, "plain\n");
        text_only.drop_tree();
        assert!(text_only.tree().is_none() && !text_only.is_parsed());
    }

    #[test]
    fn a_too_long_line_drops_the_tree_until_it_is_shortened() {
        let mut doc = Document::new(Some(FormatId::OthelloBord), "BORD\nx\n");
        assert!(doc.tree().is_some());
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        doc.edit(5..5, &long);
        assert_eq!(
            doc.unparsed(),
            Some(Unparsed::Line {
                line: 1,
                start: 5,
                bytes: MAX_LINE_BYTES + 3
            })
        );
        assert!(doc.tree().is_none());
        // Edits elsewhere keep it too large; removing the line parses again.
        doc.edit(0..0, "A");
        assert!(doc.is_unparsed());
        doc.edit(6..6 + long.len(), "");
        assert_eq!(doc.unparsed(), None);
        assert_eq!(doc.text(), "ABORD\nx\n");
        let tree = doc.tree().expect("parsed again");
        assert_eq!(tree.root_node().end_byte(), doc.rope().len_bytes());
    }

    /// Found by the `edits` fuzz target: tree-sitter reads NUL as the end of the text, so an
    /// incremental tree and a fresh one disagreed on text after a NUL.
    #[test]
    fn a_nul_keeps_the_text_unparsed_until_it_is_removed() {
        let mut doc = Document::new(Some(FormatId::PatienceGame), "Name\n");
        doc.edit(0..0, "\0");
        assert_eq!(doc.unparsed(), Some(Unparsed::Nul { at: 0 }));
        assert!(doc.tree().is_none());
        doc.edit(3..3, "x");
        assert_eq!(doc.unparsed(), Some(Unparsed::Nul { at: 0 }));
        doc.edit(0..1, "");
        assert_eq!(doc.unparsed(), None);
        let fresh = Document::new(Some(FormatId::PatienceGame), &doc.text());
        let sexp = |d: &Document| d.tree().map(|t| t.root_node().to_sexp());
        assert_eq!(sexp(&doc), sexp(&fresh));
        let opened = Document::new(Some(FormatId::PatienceGame), "ab\0\0");
        assert_eq!(opened.unparsed(), Some(Unparsed::Nul { at: 2 }));
    }

    /// The memo of the text before the last edit is kept with that edit until the next edit,
    /// and let go of with the memo otherwise (a new format or path, views dropped).
    #[test]
    fn the_previous_memo_is_kept_with_the_last_edit() {
        let mut doc = Document::new(Some(FormatId::ColossusVar), "MAP:A.map\nTER:B.ter\n");
        doc.memo(|| 7_u32);
        assert!(doc.previous_memo::<u32>().is_none());
        doc.edit(4..5, "Big\n");
        let (value, change) = doc
            .previous_memo::<u32>()
            .expect("the memo before the edit");
        assert_eq!(*value, 7);
        assert_eq!(
            change,
            Change {
                start: 4,
                old_end: 5,
                new_end: 8,
                removed_break: false
            }
        );
        assert!(
            doc.clone().previous_memo::<u32>().is_some(),
            "copies keep it"
        );
        // No value made for the text after that edit: none to start from after the next.
        doc.edit(0..9, "");
        assert!(doc.previous_memo::<u32>().is_none());
        assert_eq!(doc.text(), "map\nTER:B.ter\n");
        doc.memo(|| 8_u32);
        doc.edit(0..4, "");
        let (value, change) = doc
            .previous_memo::<u32>()
            .expect("the memo before the edit");
        assert_eq!((*value, change.removed_break), (8, true));
        assert!(doc.holds_views(), "the views before the edit");
        doc.drop_views();
        assert!(doc.previous_memo::<u32>().is_none());
        assert!(!doc.holds_views());
    }

    /// Edits between two looks at the tree pile up on the old tree; the one reparse then
    /// gives the tree of a fresh parse.
    #[test]
    fn several_edits_then_one_parse_match_a_fresh_parse() {
        let mut doc = Document::new(Some(FormatId::ColossusVar), "MAP:A.map\nTER:B.ter\n");
        assert!(doc.tree().is_some());
        doc.edit(4..5, "Big");
        doc.edit(0..0, "CRE:C.cre\n");
        doc.edit(doc.rope().len_bytes()..doc.rope().len_bytes(), "DEPEND:X\n");
        let fresh = Document::new(doc.format(), &doc.text());
        let sexp = |d: &Document| d.tree().map(|t| t.root_node().to_sexp());
        assert_eq!(sexp(&doc), sexp(&fresh));
        assert_eq!(
            doc.tree().map(|t| t.root_node().end_byte()),
            Some(doc.rope().len_bytes())
        );
    }

    #[test]
    fn the_memo_keeps_a_value_until_the_next_edit() {
        let mut doc = Document::new(Some(FormatId::ColossusVar), "MAP:A.map\n");
        let made = std::cell::Cell::new(0);
        let length = |doc: &Document| {
            doc.memo(|| {
                made.set(made.get() + 1);
                doc.rope().len_bytes()
            })
        };
        assert_eq!(*length(&doc), 10);
        assert_eq!(*length(&doc), 10);
        assert_eq!(made.get(), 1);
        doc.edit(0..0, "#\n");
        assert_eq!(*length(&doc), 12);
        assert_eq!(made.get(), 2);
    }

    /// A view made while a line too long left the text unparsed (the readers' check asks for
    /// one) was kept once an edit removed that line: the text read was the same, so the memo
    /// stayed, and the next hover read a view of no tree ("not defined in this file").
    #[test]
    fn the_memo_is_made_again_once_the_text_is_parsed_again() {
        let ter = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n";
        let text = format!("{ter}{}\n", "x".repeat(200 * 1024));
        let mut doc = Document::new(Some(FormatId::ColossusTer), &text);
        let parsed = |doc: &Document| *doc.memo(|| doc.tree().is_some());
        assert!(!parsed(&doc));
        doc.edit(ter.len()..text.len(), "");
        assert!(doc.tree().is_some());
        assert!(parsed(&doc));
    }

    /// Opening and editing agree on where the limit is: the line's bytes with its break.
    #[test]
    fn a_line_at_the_limit_is_parsed_and_one_byte_more_is_not() {
        for (content, newline, too_long) in [
            (MAX_LINE_BYTES - 1, "\n", false),
            (MAX_LINE_BYTES, "\n", true),
            (MAX_LINE_BYTES - 2, "\r\n", false),
            (MAX_LINE_BYTES - 1, "\r\n", true),
            (MAX_LINE_BYTES, "", false),
            (MAX_LINE_BYTES + 1, "", true),
        ] {
            let text = format!("BORD\n{}{newline}", "y".repeat(content));
            let opened = Document::new(Some(FormatId::OthelloBord), &text);
            let mut edited = Document::new(Some(FormatId::OthelloBord), "BORD\n");
            edited.edit(5..5, &text[5..]);
            assert_eq!(opened.is_unparsed(), too_long, "{content} + {newline:?}");
            assert_eq!(
                opened.unparsed(),
                edited.unparsed(),
                "{content} + {newline:?}"
            );
        }
        // A lone CR ends a line too.
        let half = "z".repeat(MAX_LINE_BYTES / 2 + 10);
        let text = format!("BORD\n{half}\r{half}\n");
        assert_eq!(
            Document::new(Some(FormatId::OthelloBord), &text).unparsed(),
            None
        );
    }

    #[test]
    fn long_lines_elsewhere_are_found_on_open() {
        let text = format!("BORD\n{}\nshort\n", "y".repeat(MAX_LINE_BYTES + 10));
        let doc = Document::new(Some(FormatId::OthelloBord), &text);
        assert!(matches!(
            doc.unparsed(),
            Some(Unparsed::Line { line: 1, .. })
        ));
        let doc = Document::new(None, &text);
        assert!(doc.is_unparsed() && doc.format().is_none());
    }

    /// A BORD is read up to 100 lines (its bound): edits before, at and after the cut, that
    /// move it or bring the text within the bound, leave the tree and the text read as a fresh
    /// document's.
    #[test]
    fn edits_around_the_bound_match_a_fresh_document() {
        let bord = Some(FormatId::OthelloBord);
        let text: String = (0..150).map(|i| format!("line {i}\n")).collect();
        let mut doc = Document::new(bord, &text);
        let cut = |doc: &Document| doc.cut().map(|at| doc.whole_rope().byte_to_line(at));
        assert_eq!(cut(&doc), Some(100));
        assert!(doc.tree().is_some());
        let same_as_fresh = |doc: &Document| {
            let fresh = Document::new(bord, &doc.text());
            assert_eq!(doc.rope().to_string(), fresh.rope().to_string());
            assert_eq!(doc.cut(), fresh.cut());
            let sexp = |d: &Document| d.tree().map(|t| t.root_node().to_sexp());
            assert_eq!(sexp(doc), sexp(&fresh));
            let end = doc.tree().map(|t| t.root_node().end_byte());
            assert_eq!(end, Some(doc.rope().len_bytes()));
        };
        let at_line = |doc: &Document, line: usize| doc.whole_rope().line_to_byte(line);
        // Past the bound: the text read and its tree stay.
        let tree_before = doc.tree().map(|t| t.root_node().to_sexp());
        let start = at_line(&doc, 120);
        doc.edit(start..start, "more\n");
        assert_eq!(doc.tree().map(|t| t.root_node().to_sexp()), tree_before);
        same_as_fresh(&doc);
        // At the cut, and a line inserted before it: the cut moves back one line.
        let start = at_line(&doc, 100);
        doc.edit(start..start, "x");
        same_as_fresh(&doc);
        doc.edit(0..0, "new first line\n");
        assert_eq!(cut(&doc), Some(100));
        same_as_fresh(&doc);
        // A line break joined before the cut: the next line is read.
        let start = at_line(&doc, 1) - 1;
        doc.edit(start..start + 1, " ");
        same_as_fresh(&doc);
        // Within one line inside the bound.
        doc.edit(3..5, "ZZZ");
        same_as_fresh(&doc);
        // Lines deleted across the cut: the text is within the bound.
        let (from, to) = (at_line(&doc, 50), at_line(&doc, 120));
        doc.edit(from..to, "");
        assert_eq!(doc.cut(), None);
        same_as_fresh(&doc);
        // And past it again.
        let end = doc.whole_rope().len_bytes();
        doc.edit(end..end, &"tail\n".repeat(30));
        assert_eq!(cut(&doc), Some(100));
        same_as_fresh(&doc);
    }

    /// The byte bound cuts at the start of the line that crosses it.
    #[test]
    fn the_byte_bound_cuts_before_the_line_that_crosses_it() {
        let line = format!("{}\r\n", "y".repeat(998));
        let doc = Document::new(Some(FormatId::OthelloBord), &line.repeat(90));
        let bytes = doc.bound().map(|b| b.bytes);
        assert_eq!(bytes, Some(64 * 1024));
        assert_eq!(doc.cut(), Some(65 * 1000));
    }
}
