//! What `format` and `check --fix` share: a file read with its encoding, changed in its own
//! bytes (every byte outside the edits stays), written back in place, or shown as a unified
//! diff.

use std::path::Path;

use crate::disk::Stamp;
use crate::findings::TextEdit;
use crate::text::{self, Encoding};

/// A file's bytes and the text they decode to.
pub struct Source {
    pub bytes: Vec<u8>,
    pub text: String,
    pub encoding: Encoding,
    /// The file as it was read, to tell whether it changed since.
    pub stamp: Stamp,
}

impl Source {
    /// The file at `path`, or why it cannot be read (one line, the path shown as given).
    pub fn read(path: &Path, shown: &str) -> Result<Source, String> {
        let (bytes, stamp) =
            crate::disk::read_stamped(path, crate::syntax::MAX_PARSED_BYTES as u64)
                .map_err(|err| format!("cannot read {shown}: {err}"))?;
        let (text, encoding) = text::decode(&bytes).map_err(|_| {
            format!("cannot change {shown}: it is a binary file (it contains NUL bytes)")
        })?;
        Ok(Source {
            bytes,
            text,
            encoding,
            stamp,
        })
    }

    /// The source with `edits` (sorted, valid) made: in its bytes, in its own encoding, and in
    /// its text. `Err`: a line saying which character the encoding cannot hold.
    pub fn edited(&self, edits: &[TextEdit], shown: &str) -> Result<Source, String> {
        let bytes =
            text::edit_bytes(&self.bytes, &self.text, self.encoding, edits).map_err(|c| {
                format!(
                    "cannot change {shown}: its encoding ({}) has no “{c}” (U+{:04X}); nothing \
was written",
                    encoding_name(self.encoding),
                    u32::from(c)
                )
            })?;
        let text = crate::findings::apply_edits(&self.text, edits)
            .ok_or_else(|| format!("cannot change {shown}: the edits overlap"))?;
        Ok(Source {
            bytes,
            text,
            encoding: self.encoding,
            stamp: self.stamp,
        })
    }
}

fn encoding_name(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Utf8 => "UTF-8",
        Encoding::Windows1252 => "Windows-1252",
        Encoding::MacRoman => "Mac Roman",
        Encoding::Utf16Le => "UTF-16 LE",
        Encoding::Utf16Be => "UTF-16 BE",
    }
}

/// Writes `bytes` over the file at `path` (its links followed), which was read as `read`: not
/// at all if it changed since (see [`crate::disk::replace`]).
pub fn write(path: &Path, bytes: &[u8], read: &Source, shown: &str) -> Result<(), String> {
    crate::disk::replace(path, bytes, Some((&read.bytes, read.stamp)))
        .map_err(|err| format!("cannot write {shown}: {err}"))
}

/// Lines of a text with their line breaks (`\n`, `\r\n` or a lone `\r`).
fn lines(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        let end = match bytes[at] {
            b'\n' => at + 1,
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => at + 2,
            b'\r' => at + 1,
            _ => {
                at += 1;
                continue;
            }
        };
        out.push(&text[start..end]);
        start = end;
        at = end;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Lines kept around each change in a diff.
const CONTEXT: usize = 3;

/// A unified diff of `old` and `new` (both the file `shown`), lines compared with their line
/// breaks; empty when they are the same. Lines are shown without their breaks, and control
/// characters but tabs as `?`.
pub fn unified_diff(shown: &str, old: &str, new: &str) -> String {
    let (a, b) = (lines(old), lines(new));
    let ops = line_ops(&a, &b);
    if ops.iter().all(|op| matches!(op, Op::Same(..))) {
        return String::new();
    }
    let mut out = format!("--- {shown}\n+++ {shown}\n");
    // Hunks: runs of changes with at most 2 × CONTEXT same lines between them.
    let mut i = 0;
    while i < ops.len() {
        if matches!(ops[i], Op::Same(..)) {
            i += 1;
            continue;
        }
        let start = i.saturating_sub(CONTEXT);
        let mut end = i;
        let mut same_run = 0;
        let mut j = i;
        while j < ops.len() {
            if matches!(ops[j], Op::Same(..)) {
                same_run += 1;
                if same_run > 2 * CONTEXT {
                    break;
                }
            } else {
                same_run = 0;
                end = j;
            }
            j += 1;
        }
        let stop = (end + 1 + CONTEXT).min(ops.len());
        let hunk = &ops[start..stop];
        let first_old = hunk.iter().find_map(Op::old_line).unwrap_or(0);
        let first_new = hunk.iter().find_map(Op::new_line).unwrap_or(0);
        let count_old = hunk.iter().filter(|op| op.old_line().is_some()).count();
        let count_new = hunk.iter().filter(|op| op.new_line().is_some()).count();
        out.push_str(&format!(
            "@@ -{} +{} @@\n",
            range(first_old, count_old),
            range(first_new, count_new)
        ));
        for op in hunk {
            let (mark, line) = match *op {
                Op::Same(x, _) => (' ', a[x]),
                Op::Delete(x) => ('-', a[x]),
                Op::Insert(y) => ('+', b[y]),
            };
            out.push(mark);
            let content = line.trim_end_matches(['\r', '\n']);
            out.extend(
                content
                    .chars()
                    .map(|c| if c == '\t' { c } else { text::terminal_char(c) }),
            );
            out.push('\n');
            if content.len() == line.len() {
                out.push_str("\\ No newline at end of file\n");
            }
        }
        i = stop;
    }
    out
}

/// A hunk's range of lines, 1-based (`start,count`; an empty range names the line before).
fn range(first: usize, count: usize) -> String {
    if count == 0 {
        format!("{first},0")
    } else {
        format!("{},{count}", first + 1)
    }
}

#[derive(Clone, Copy)]
enum Op {
    Same(usize, usize),
    Delete(usize),
    Insert(usize),
}

impl Op {
    fn old_line(&self) -> Option<usize> {
        match *self {
            Op::Same(x, _) | Op::Delete(x) => Some(x),
            Op::Insert(_) => None,
        }
    }

    fn new_line(&self) -> Option<usize> {
        match *self {
            Op::Same(_, y) | Op::Insert(y) => Some(y),
            Op::Delete(_) => None,
        }
    }
}

/// Most cells of the table of longest common lines; past it the changed middle is one change.
const MAX_TABLE: usize = 4_000_000;

/// The lines of `a` and `b` matched: the same lines at both ends, the longest common lines in
/// between.
fn line_ops(a: &[&str], b: &[&str]) -> Vec<Op> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ma, mb) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut ops: Vec<Op> = (0..prefix).map(|i| Op::Same(i, i)).collect();
    let (n, m) = (ma.len(), mb.len());
    if (n + 1) * (m + 1) > MAX_TABLE {
        ops.extend((0..n).map(|i| Op::Delete(prefix + i)));
        ops.extend((0..m).map(|j| Op::Insert(prefix + j)));
    } else {
        // lcs[i][j]: the longest common lines of ma[i..] and mb[j..].
        let width = m + 1;
        let mut lcs = vec![0u32; (n + 1) * width];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * width + j] = if ma[i] == mb[j] {
                    lcs[(i + 1) * width + j + 1] + 1
                } else {
                    lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && ma[i] == mb[j] {
                ops.push(Op::Same(prefix + i, prefix + j));
                i += 1;
                j += 1;
            } else if i < n && (j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
                ops.push(Op::Delete(prefix + i));
                i += 1;
            } else {
                ops.push(Op::Insert(prefix + j));
                j += 1;
            }
        }
    }
    let (sa, sb) = (a.len() - suffix, b.len() - suffix);
    ops.extend((0..suffix).map(|k| Op::Same(sa + k, sb + k)));
    ops
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("retroboard-rewrite-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_change_the_encoding_cannot_hold_is_refused_in_one_line() {
        let path = scratch("encoding").join("x.pat");
        std::fs::write(&path, b"K\xe6\r\n").unwrap();
        let source = Source::read(&path, "x.pat").unwrap();
        assert_eq!(source.encoding, Encoding::Windows1252);
        assert_eq!(source.text, "K\u{e6}\r\n");
        let spade = [TextEdit::insert(0, "\u{2660}")];
        assert_eq!(
            source.edited(&spade, "x.pat").err().as_deref(),
            Some(
                "cannot change x.pat: its encoding (Windows-1252) has no “\u{2660}” (U+2660); \
nothing was written"
            )
        );
        let oe = [TextEdit::insert(1, "\u{f8}")];
        let edited = source.edited(&oe, "x.pat").unwrap();
        assert_eq!(edited.bytes, b"K\xf8\xe6\r\n");
        assert_eq!(edited.text, "K\u{f8}\u{e6}\r\n");
    }

    const CHANGED: &str = "cannot write x.pat: it changed on the disk since Retroboard read it; \
nothing was written (run the command again)";

    #[test]
    fn a_file_changed_since_it_was_read_is_not_written() {
        let dir = scratch("changed");
        let path = dir.join("x.pat");
        std::fs::write(&path, "a b\n").unwrap();
        let source = Source::read(&path, "x.pat").unwrap();
        // Another program saves the same number of bytes, and its time of change is put back:
        // the bytes tell.
        let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
        std::fs::write(&path, "a c\n").unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(modified).unwrap();
        drop(file);
        assert_eq!(
            write(&path, b"a  b\n", &source, "x.pat").err().as_deref(),
            Some(CHANGED)
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"a c\n");
        assert_eq!(names(&dir), ["x.pat"]);
        // Saved as a new file of the very same bytes (a new inode): refused too.
        std::fs::write(&path, "a b\n").unwrap();
        let source = Source::read(&path, "x.pat").unwrap();
        std::fs::write(dir.join("new"), "a b\n").unwrap();
        std::fs::rename(dir.join("new"), &path).unwrap();
        assert_eq!(
            write(&path, b"a  b\n", &source, "x.pat").err().as_deref(),
            Some(CHANGED)
        );
        // Removed: refused, nothing created.
        let source = Source::read(&path, "x.pat").unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            write(&path, b"a  b\n", &source, "x.pat").err().as_deref(),
            Some(CHANGED)
        );
        assert_eq!(names(&dir), Vec::<String>::new());
        // Unchanged: written.
        std::fs::write(&path, "a b\n").unwrap();
        let source = Source::read(&path, "x.pat").unwrap();
        assert_eq!(write(&path, b"a  b\n", &source, "x.pat"), Ok(()));
        assert_eq!(std::fs::read(&path).unwrap(), b"a  b\n");
        assert_eq!(names(&dir), ["x.pat"]);
    }

    #[test]
    fn diffs_show_each_change_with_its_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n";
        let new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\n";
        assert_eq!(
            unified_diff("x.ter", old, new),
            "--- x.ter\n+++ x.ter\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n\
@@ -8,5 +8,5 @@\n h\n i\n j\n-k\n+K\n l\n"
        );
        assert_eq!(unified_diff("x", old, old), "");
        // Line breaks count; a last line without one says so.
        assert_eq!(
            unified_diff("x", "1 2\r\n3", "1  2\r\n3"),
            "--- x\n+++ x\n@@ -1,2 +1,2 @@\n-1 2\n+1  2\n 3\n\\ No newline at end of file\n"
        );
        assert_eq!(
            unified_diff("x", "a\n", "a\nb\n"),
            "--- x\n+++ x\n@@ -1,1 +1,2 @@\n a\n+b\n"
        );
    }
}
