//! Large texts checked window by window.
//!
//! Tree-sitter reparses a file of many lines in time proportional to its lines, whatever the
//! edit: the inner nodes of a repetition are never reused (they are marked fragile), so one
//! keystroke in a 10 MB file costs as much as hundreds of milliseconds of reparsing. A large
//! document is therefore also kept as *windows*: runs of whole lines, each parsed on its own
//! together with the file's header (tree-sitter's included ranges), each a [`Document`] over the
//! same text. An edit inside one window reparses that window alone; the windows after it only
//! move. What a format finds in a window is kept until the window's text changes, so a keystroke
//! costs one window's parse and checks, plus the format's whole-file checks over what each
//! window found (`Format::check_windows`).
//!
//! A window's nodes, byte offsets and rows are those of the whole text: format code reads a
//! window as it reads any document, through [`Document::window`] it knows which lines it sees.

use std::any::Any;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use ropey::Rope;
use tree_sitter::InputEdit;

use super::Document;

/// When a document is kept in windows, and how large they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowPolicy {
    /// Texts of at least this many bytes are kept in windows.
    pub min_bytes: usize,
    /// About this many bytes of whole lines per window.
    pub target_bytes: usize,
}

impl WindowPolicy {
    /// Past 256 KB a whole-text reparse costs more than a few milliseconds; windows of 32 KB
    /// parse and check in about a millisecond.
    pub const DEFAULT: WindowPolicy = WindowPolicy {
        min_bytes: 256 * 1024,
        target_bytes: 32 * 1024,
    };

    /// Every text checked whole.
    pub const NEVER: WindowPolicy = WindowPolicy {
        min_bytes: usize::MAX,
        target_bytes: usize::MAX,
    };
}

impl Default for WindowPolicy {
    fn default() -> Self {
        WindowPolicy::DEFAULT
    }
}

/// Which part of the text a window reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowInfo {
    /// The window's place among the windows, from 0.
    pub index: usize,
    /// How many windows the text has.
    pub count: usize,
    /// The header lines every window reads (may be empty): `0..head.end`.
    pub head: Range<usize>,
    /// The window's own lines, from a line start to a line start (or the end of the text).
    pub body: Range<usize>,
    /// The line (from 0) where the body starts.
    pub first_line: usize,
}

impl WindowInfo {
    /// The first window: the header's findings are its own.
    pub fn is_first(&self) -> bool {
        self.index == 0
    }

    /// The last window: it reads the end of the file.
    pub fn is_last(&self) -> bool {
        self.index + 1 == self.count
    }

    /// A byte range counted from the body's start, as a window's summary keeps it so that it
    /// stays true when the window moves (a range in the header wraps around, and comes back
    /// with [`WindowInfo::absolute`]).
    pub fn relative(&self, range: &Range<usize>) -> Range<usize> {
        shift(range, -(self.body.start as isize))
    }

    /// A byte range of the text, from one counted from the body's start.
    pub fn absolute(&self, range: &Range<usize>) -> Range<usize> {
        shift(range, self.body.start as isize)
    }

    /// Whether a finding at `range` is this window's to report: in its body, at the very end
    /// of the text for the last window, in the header for the first.
    pub fn owns(&self, range: &Range<usize>) -> bool {
        let at = range.start;
        self.body.contains(&at)
            || (self.is_last() && at == self.body.end)
            || (self.is_first() && at < self.head.end)
    }
}

/// The windows of a large document, in text order.
pub struct Windows {
    /// How many lines the header has, and where it ends.
    head_lines: usize,
    head_end: usize,
    parts: Vec<Window>,
    target_bytes: usize,
    /// State a format keeps over all the windows from one edit to the next (see
    /// [`Windows::with_state`]), one value per type.
    state: Mutex<Vec<Box<dyn Any + Send>>>,
}

/// One window: its document, and values made from it (a format's findings, what other files
/// read of it), one per type, with how far the window has moved since.
pub struct Window {
    doc: Document,
    kept: Mutex<Vec<Kept>>,
}

struct Kept {
    value: Arc<dyn Any + Send + Sync>,
    /// How far the window moved, in bytes and lines, since the value was made.
    moved: (isize, isize),
}

impl Windows {
    /// The windows of `doc`'s text after its first `head_lines` lines; `None` when the header is
    /// all there is.
    pub(super) fn new(doc: &Document, head_lines: usize, target_bytes: usize) -> Option<Windows> {
        let rope = doc.rope();
        if head_lines >= rope.len_lines() {
            return None;
        }
        let head_end = rope.line_to_byte(head_lines);
        if head_end >= rope.len_bytes() {
            return None;
        }
        let mut windows = Windows {
            head_lines,
            head_end,
            parts: Vec::new(),
            target_bytes: target_bytes.max(1),
            state: Mutex::new(Vec::new()),
        };
        windows.parts = windows.split(doc, head_end..rope.len_bytes());
        windows.number(rope);
        Some(windows)
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Window> {
        self.parts.iter()
    }

    /// Runs `f` on the state of type `T` these windows keep across edits (made with `Default`
    /// the first time). Unlike a window's kept values it is not dropped when a window's text
    /// changes: `f` brings it up to date with the windows it is given, and only with what
    /// changed, which keeps a keystroke's work proportional to the edit. It goes when the
    /// windows are made anew.
    pub fn with_state<T: Any + Send + Default, R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut states = self.state.lock().unwrap_or_else(|poisoned| {
            // A panic while updating a state may have left it half done: start again.
            self.state.clear_poison();
            let mut states = poisoned.into_inner();
            states.clear();
            states
        });
        let index = match states.iter().position(|state| state.is::<T>()) {
            Some(index) => index,
            None => {
                states.push(Box::new(T::default()));
                states.len() - 1
            }
        };
        match states[index].downcast_mut::<T>() {
            Some(state) => f(state),
            None => f(&mut T::default()),
        }
    }

    pub fn len(&self) -> usize {
        self.parts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// How many lines the header has.
    pub fn head_lines(&self) -> usize {
        self.head_lines
    }

    /// New windows over `range` of the text (from a line start to a line start or the end),
    /// each of about the target size.
    fn split(&self, doc: &Document, range: Range<usize>) -> Vec<Window> {
        let rope = doc.rope();
        let mut parts = Vec::new();
        let mut start = range.start;
        while start < range.end {
            let mut end = range.end;
            if start + self.target_bytes < range.end {
                let line = rope.byte_to_line(start + self.target_bytes);
                let mut boundary = rope.line_to_byte(line);
                if boundary <= start {
                    boundary = rope.line_to_byte(line + 1);
                }
                end = boundary.min(range.end);
            }
            let info = WindowInfo {
                index: 0,
                count: 0,
                head: 0..self.head_end,
                body: start..end,
                first_line: 0,
            };
            parts.push(Window {
                doc: doc.window_document(info),
                kept: Mutex::new(Vec::new()),
            });
            start = end;
        }
        parts
    }

    /// Gives every window its index, the count and its first line.
    fn number(&mut self, rope: &Rope) {
        let count = self.parts.len();
        for (index, part) in self.parts.iter_mut().enumerate() {
            let was = part.doc.window.clone();
            let mut info = was.clone().expect("a window document has its window");
            info.index = index;
            info.count = count;
            info.first_line = rope.byte_to_line(info.body.start);
            let now_first_or_last = (info.is_first(), info.is_last());
            if was.as_ref().map(|w| (w.is_first(), w.is_last())) != Some(now_first_or_last) {
                // Whether a window is the first or the last changes what it reports.
                part.forget();
            }
            part.doc.window = Some(info);
        }
    }

    /// Follows an edit of the whole text (`rope` is the text after it). `false` when the
    /// windows no longer fit the text (the header changed) and must be made anew.
    pub(super) fn edit(&mut self, doc: &Document, edit: &InputEdit) -> bool {
        let rope = doc.rope();
        let (start, old_end, new_end) = (edit.start_byte, edit.old_end_byte, edit.new_end_byte);
        if start < self.head_end || !is_line_start(rope, self.head_end) {
            return false;
        }
        let bytes = new_end as isize - old_end as isize;
        let lines = edit.new_end_position.row as isize - edit.old_end_position.row as isize;
        let body = |part: &Window| part.info().body.clone();
        // The windows the edit touches, in the text before it: the one it starts in, the one
        // it ends in (an edit ending where a window starts leaves that window alone).
        let first = self
            .parts
            .partition_point(|part| body(part).start <= start)
            .saturating_sub(1);
        let last = self
            .parts
            .partition_point(|part| body(part).start < old_end)
            .saturating_sub(1)
            .max(first);
        let last_end = (body(&self.parts[last]).end as isize + bytes) as usize;
        for (index, part) in self.parts.iter_mut().enumerate() {
            let mut info = part.info().clone();
            if index < first {
                part.doc.follow(rope, edit, info, Place::Before);
            } else if index <= last {
                info.body.end = last_end;
                part.doc.follow(rope, edit, info, Place::At);
                part.forget();
            } else {
                info.body = shift(&info.body, bytes);
                part.doc.follow(rope, edit, info, Place::After);
                part.moved(bytes, lines);
            }
        }
        // Several windows edited at once become one, split again below.
        if last > first {
            self.parts.drain(first + 1..=last);
        }
        // The edited window must still start and end at line starts (a line break typed or
        // removed at its edge moves the edge), and keep about its size.
        let edited = body(&self.parts[first]);
        let mut from = first;
        let mut to = first;
        if !is_line_start(rope, edited.start) {
            if first == 0 {
                return false;
            }
            from -= 1;
        }
        if !is_line_start(rope, edited.end) || edited.is_empty() {
            to = (to + 1).min(self.parts.len() - 1);
            if edited.is_empty() && from == to && from > 0 {
                from -= 1;
            }
        }
        if from != to || edited.len() > 4 * self.target_bytes || edited.is_empty() {
            let range = body(&self.parts[from]).start..body(&self.parts[to]).end;
            let parts = self.split(doc, range);
            self.parts.splice(from..=to, parts);
        }
        if self.parts.is_empty() {
            return false;
        }
        self.number(rope);
        true
    }
}

impl Window {
    /// The window's document: the whole text, with a tree of the header and the window's lines.
    pub fn doc(&self) -> &Document {
        &self.doc
    }

    pub fn info(&self) -> &WindowInfo {
        self.doc
            .window
            .as_ref()
            .expect("a window document has its window")
    }

    /// The value `make` makes from this window, kept until the window's text changes. When the
    /// window has only moved since the value was made, `moved` adapts it (given the bytes and
    /// lines moved), or says with `None` that it must be made again.
    pub fn kept<T: Any + Send + Sync>(
        &self,
        make: impl FnOnce(&Document) -> T,
        moved: impl FnOnce(&T, isize, isize) -> Option<T>,
    ) -> Arc<T> {
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        let found = kept.iter().position(|k| k.value.is::<T>());
        if let Some(Kept { value, moved: by }) = found.map(|i| kept.swap_remove(i))
            && let Ok(value) = value.downcast::<T>()
        {
            let value = match by {
                (0, 0) => Some(value),
                (bytes, lines) => moved(&value, bytes, lines).map(Arc::new),
            };
            if let Some(value) = value {
                kept.push(Kept {
                    value: value.clone(),
                    moved: (0, 0),
                });
                return value;
            }
        }
        // Made without the lock held: `make` may ask for other kept values.
        drop(kept);
        let value = Arc::new(make(&self.doc));
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.retain(|k| !k.value.is::<T>());
        kept.push(Kept {
            value: value.clone(),
            moved: (0, 0),
        });
        value
    }

    fn forget(&mut self) {
        self.kept
            .get_mut()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    fn moved(&mut self, bytes: isize, lines: isize) {
        for kept in self.kept.get_mut().unwrap_or_else(|p| p.into_inner()) {
            kept.moved.0 += bytes;
            kept.moved.1 += lines;
        }
    }
}

/// Where a window lies relative to an edit of the whole text: before it, at it, after it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// Before the edit: nothing of it moves.
    Before,
    /// The edit is in the window: it is parsed again.
    At,
    /// After the edit (which is after its header): it moves.
    After,
}

/// A byte range moved by `by` bytes.
pub fn shift(range: &Range<usize>, by: isize) -> Range<usize> {
    (range.start as isize + by) as usize..(range.end as isize + by) as usize
}

/// Whether `byte` starts a line: the text's start or end, or just after a line break (a CR
/// followed by LF is not one on its own).
fn is_line_start(rope: &Rope, byte: usize) -> bool {
    if byte == 0 || byte >= rope.len_bytes() {
        return true;
    }
    match rope.byte(byte - 1) {
        b'\n' => true,
        b'\r' => rope.byte(byte) != b'\n',
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::formats::FormatId;

    /// An Othello board followed by `extra` numbered lines (its header is 12 lines).
    fn board(extra: usize) -> String {
        let mut text = String::from(
            "28\n4\nD4E5D5E4\n000000000000000000000000000WB000000BW000000000000000000000000000\n\
(c) 1996\n6\n7\n8\n9\n10\n11\n12\n",
        );
        for line in 13..13 + extra {
            text.push_str(&format!("line {line}\n"));
        }
        text
    }

    fn windowed(text: &str, target_bytes: usize) -> Document {
        Document::new(Some(FormatId::OthelloBord), text).with_window_policy(WindowPolicy {
            min_bytes: 0,
            target_bytes,
        })
    }

    fn windows(doc: &Document) -> &Windows {
        doc.windows(|_| Some(12)).expect("windows")
    }

    /// The windows cover the text after the header, in order, each from a line start to a
    /// line start, numbered, each knowing its first line.
    fn assert_well_formed(doc: &Document) {
        let windows = windows(doc);
        let rope = doc.rope();
        let mut at = windows.head_end;
        assert_eq!(at, rope.line_to_byte(12));
        for (index, window) in windows.iter().enumerate() {
            let info = window.info();
            assert_eq!((info.index, info.count), (index, windows.len()));
            assert_eq!(info.body.start, at, "{info:?}");
            assert!(!info.body.is_empty(), "{info:?}");
            assert!(is_line_start(rope, info.body.end), "{info:?}");
            assert_eq!(info.first_line, rope.byte_to_line(info.body.start));
            at = info.body.end;
        }
        assert_eq!(at, rope.len_bytes());
    }

    /// Every window's tree has the nodes of the whole tree on its lines, at the same places.
    fn assert_trees_agree(doc: &Document) {
        let whole = Document::new(doc.format(), &doc.text());
        let root = whole.tree().unwrap().root_node();
        fn nodes(
            root: tree_sitter::Node,
            range: &Range<usize>,
        ) -> Vec<(String, Range<usize>, tree_sitter::Point)> {
            let mut cursor = root.walk();
            root.named_children(&mut cursor)
                .filter(|node| range.contains(&node.start_byte()))
                .map(|node| {
                    (
                        node.kind().to_string(),
                        node.byte_range(),
                        node.start_position(),
                    )
                })
                .collect()
        }
        for window in windows(doc).iter() {
            let info = window.info();
            let tree = window.doc().tree().unwrap();
            assert_eq!(
                nodes(tree.root_node(), &info.body),
                nodes(root, &info.body),
                "{info:?}"
            );
        }
    }

    #[test]
    fn windows_are_whole_lines_with_the_trees_of_the_whole_text() {
        let doc = windowed(&board(40), 30);
        assert!(windows(&doc).len() > 10);
        assert_well_formed(&doc);
        assert_trees_agree(&doc);
    }

    #[test]
    fn an_edit_remakes_what_was_kept_of_its_window_only() {
        let mut doc = windowed(&board(40), 30);
        let made = Cell::new(0);
        let moved = Cell::new(0);
        let keep_all = |doc: &Document| {
            for window in windows(doc).iter() {
                window.kept(
                    |_| made.set(made.get() + 1),
                    |_, _, _| {
                        moved.set(moved.get() + 1);
                        Some(())
                    },
                );
            }
        };
        keep_all(&doc);
        let count = windows(&doc).len();
        assert_eq!(made.replace(0), count);
        // A character typed in line 30: its window is made again, the later ones move.
        let at = doc.rope().line_to_byte(29) + 2;
        doc.edit(at..at, "x");
        keep_all(&doc);
        let edited = windows(&doc)
            .iter()
            .position(|w| w.info().body.contains(&at))
            .unwrap();
        assert_eq!(made.get(), 1);
        assert_eq!(moved.get(), count - edited - 1);
        assert_well_formed(&doc);
        assert_trees_agree(&doc);
    }

    #[test]
    fn line_breaks_typed_and_removed_at_window_edges_keep_windows_on_line_starts() {
        let mut doc = windowed(&board(30), 20);
        let edges: Vec<usize> = windows(&doc).iter().map(|w| w.info().body.end).collect();
        for (n, edge) in edges.into_iter().rev().enumerate() {
            let edge = edge.min(doc.rope().len_bytes());
            match n % 4 {
                // Join the lines on both sides of the edge.
                0 if edge > 0 => doc.edit(edge - 1..edge, ""),
                // Split the line before it, and the line after it.
                1 if edge > 0 => doc.edit(edge - 2..edge - 2, "\n"),
                2 => doc.edit(edge..edge, "ab\ncd"),
                // A CR before an LF: one line break, not two.
                _ if edge > 0 => doc.edit(edge - 1..edge - 1, "\r"),
                _ => {}
            }
            assert_well_formed(&doc);
            assert_trees_agree(&doc);
        }
    }

    #[test]
    fn an_edit_in_the_header_makes_the_windows_anew() {
        let mut doc = windowed(&board(20), 20);
        let before = windows(&doc).len();
        doc.edit(
            0..2,
            "30\n31\n32\n33\n34\n35\n36\n37\n38\n39\n40\n41\n42\n43\n44\n45\n46",
        );
        assert_well_formed(&doc);
        assert!(windows(&doc).len() > before);
        assert_trees_agree(&doc);
    }
}
