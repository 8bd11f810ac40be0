//! CI baselines: `check --write-baseline FILE` records the findings of a run, `check --baseline
//! FILE` then reports (and fails on) only the findings that are not in it, and names the entries
//! that no longer occur (`--prune-baseline` removes them from the file).
//!
//! A finding is recorded by its file (relative to the baseline file's folder, with `/`), its
//! code, a fingerprint and a count, never by its line number: the fingerprint is taken from the
//! code, the finding's message with every line number in it masked (`first on line 12` and
//! `first on line 40` are the same), and the finding's logical place, the text of the line it
//! stands on with blanks collapsed (the record, hex, pile or grid row it is about, wherever it
//! moves) — or the whole file for a finding about the file (empty, at its start), or its end.
//! Equal findings on lines of equal text are one entry with a count. Adding, removing or moving
//! other lines leaves every entry as it is; changing a finding's own line makes it a new one.
//!
//! ```json
//! {
//!   "retroboard_baseline": 1,
//!   "findings": [
//!     {
//!       "file": "Mod/Mod.ter",
//!       "code": "colossus/titan-recruit",
//!       "fingerprint": "5c1f0e8a9b7d2c34",
//!       "message": "…",
//!       "count": 1
//!     }
//!   ]
//! }
//! ```

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

use ropey::Rope;
use serde::{Deserialize, Serialize};

use crate::findings::Finding;
use crate::text::Fnv;

/// The version of the file format, the value of its `retroboard_baseline` key.
const VERSION: u64 = 1;

/// The key of the fingerprint in SARIF's `partialFingerprints`.
pub const SARIF_KEY: &str = "retroboardPlace/v1";

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    retroboard_baseline: u64,
    findings: Vec<Entry>,
}

/// One recorded finding, `count` times in its file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub file: String,
    pub code: String,
    pub fingerprint: String,
    /// The message when it was recorded, for a reader of the file (not compared).
    pub message: String,
    pub count: usize,
}

/// What identifies a finding in a baseline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub file: String,
    pub code: String,
    pub fingerprint: String,
}

/// A baseline file, read.
pub struct Baseline {
    pub path: PathBuf,
    /// The folder its file names are relative to.
    root: PathBuf,
    pub entries: Vec<Entry>,
    /// The file as it was read, to tell whether it changed before it is written back.
    read: Option<(Vec<u8>, crate::disk::Stamp)>,
}

impl Baseline {
    /// A new, empty baseline to be written at `path`.
    pub fn new(path: &Path) -> Baseline {
        let path = crate::disk::absolute(path);
        Baseline {
            root: path.parent().unwrap_or(Path::new("/")).to_path_buf(),
            path,
            entries: Vec::new(),
            read: None,
        }
    }

    /// Reads the baseline at `path`; the error is a line for standard error.
    pub fn read(path: &Path) -> Result<Baseline, String> {
        let shown = super::check::shown(path);
        let (bytes, stamp) = crate::disk::read_stamped(path, 64 << 20)
            .map_err(|err| format!("cannot read the baseline {shown}: {err}"))?;
        let file: BaselineFile = serde_json::from_slice(&bytes).map_err(|err| {
            format!(
                "the baseline {shown} is not a Retroboard baseline: {err} (write one with \
check --write-baseline)"
            )
        })?;
        if file.retroboard_baseline != VERSION {
            return Err(format!(
                "the baseline {shown} is of version {}; this Retroboard reads version {VERSION} \
(write it again with check --write-baseline)",
                file.retroboard_baseline
            ));
        }
        let mut baseline = Baseline::new(path);
        baseline.entries = file.findings;
        baseline.read = Some((bytes, stamp));
        Ok(baseline)
    }

    /// Writes the entries, sorted, as the baseline file: only over a regular file (not one
    /// changed since it was read) or at a new path (see [`crate::disk::replace`]).
    pub fn write(&mut self) -> Result<(), String> {
        self.entries.sort_by(|a, b| {
            (&a.file, &a.code, &a.fingerprint).cmp(&(&b.file, &b.code, &b.fingerprint))
        });
        let file = BaselineFile {
            retroboard_baseline: VERSION,
            findings: self.entries.clone(),
        };
        let mut text = serde_json::to_string_pretty(&file)
            .map_err(|err| format!("cannot write the baseline: {err}"))?;
        text.push('\n');
        let was = self
            .read
            .as_ref()
            .map(|(bytes, stamp)| (bytes.as_slice(), *stamp));
        crate::disk::replace(&self.path, text.as_bytes(), was).map_err(|err| {
            format!(
                "cannot write the baseline {}: {err}",
                super::check::shown(&self.path)
            )
        })
    }

    /// The file an entry names, as an absolute path.
    pub fn path_of(&self, file: &str) -> PathBuf {
        self.root.join(file)
    }

    /// How the baseline names the file at `path` (as checked).
    pub fn file(&self, path: &Path) -> String {
        relative(&crate::disk::absolute(path), &self.root)
    }

    /// The keys of a file's findings: `path` as checked, `text` its text.
    pub fn keys(&self, path: &Path, text: &Rope, findings: &[Finding]) -> Vec<Key> {
        let file = self.file(path);
        findings
            .iter()
            .map(|finding| Key {
                file: file.clone(),
                code: finding.code.to_string(),
                fingerprint: fingerprint(text, finding),
            })
            .collect()
    }

    /// Records findings (each with its key), adding to the entries.
    pub fn record<'f>(&mut self, found: impl IntoIterator<Item = (Key, &'f Finding)>) {
        let mut at: HashMap<Key, usize> = HashMap::new();
        for (key, finding) in found {
            match at.get(&key) {
                Some(&i) => self.entries[i].count += 1,
                None => {
                    at.insert(key.clone(), self.entries.len());
                    self.entries.push(Entry {
                        file: key.file,
                        code: key.code,
                        fingerprint: key.fingerprint,
                        message: finding.message.clone(),
                        count: 1,
                    });
                }
            }
        }
    }

    /// Which of the current findings (the keys of each file's, in order) the baseline holds,
    /// and what is left of it. A key found more often than recorded: the first ones are in the
    /// baseline, the rest new. Only the entries of the files `checked` (as the baseline names
    /// them), and of files that no longer exist, can be gone: a run over some of the files
    /// says nothing of the others.
    pub fn compare(&self, current: &[Vec<Key>], checked: &[String]) -> Comparison {
        let mut left: HashMap<Key, usize> = HashMap::new();
        for entry in &self.entries {
            *left.entry(entry.key()).or_default() += entry.count;
        }
        let known = current
            .iter()
            .map(|keys| {
                keys.iter()
                    .map(|key| match left.get_mut(key) {
                        Some(n) if *n > 0 => {
                            *n -= 1;
                            true
                        }
                        _ => false,
                    })
                    .collect()
            })
            .collect();
        let mut gone = Vec::new();
        let mut kept = Vec::new();
        for entry in &self.entries {
            let key = entry.key();
            let judged = checked.contains(&entry.file) || !self.root.join(&entry.file).exists();
            if !judged {
                kept.push(entry.clone());
                continue;
            }
            let missing = left.get_mut(&key).map_or(0, |n| {
                let missing = (*n).min(entry.count);
                *n -= missing;
                missing
            });
            if missing > 0 {
                gone.push(Entry {
                    count: missing,
                    ..entry.clone()
                });
            }
            if entry.count > missing {
                kept.push(Entry {
                    count: entry.count - missing,
                    ..entry.clone()
                });
            }
        }
        Comparison { known, gone, kept }
    }
}

impl Entry {
    fn key(&self) -> Key {
        Key {
            file: self.file.clone(),
            code: self.code.clone(),
            fingerprint: self.fingerprint.clone(),
        }
    }
}

/// A run compared with a baseline.
pub struct Comparison {
    /// For each file, for each finding: whether the baseline holds it.
    pub known: Vec<Vec<bool>>,
    /// Entries (or the part of their count) that no longer occur.
    pub gone: Vec<Entry>,
    /// The baseline without them (what `--prune-baseline` writes).
    pub kept: Vec<Entry>,
}

/// The fingerprint of a finding in a text: 16 hexadecimal digits of the FNV-1a hash of its
/// code, its place and its message with line numbers masked (see the module's documentation).
pub fn fingerprint(text: &Rope, finding: &Finding) -> String {
    let mut hash = Fnv::default();
    hash.write(finding.code.as_bytes());
    hash.write(&[0]);
    hash.write(place(text, &finding.range).as_bytes());
    hash.write(&[0]);
    hash.write(masked_line_numbers(&finding.message).as_bytes());
    format!("{:016x}", hash.0)
}

/// The logical place of a finding: its line's text with blanks collapsed, `<file>` for a
/// finding about the whole file (an empty range at its start), `<end>` for one at its end.
fn place(text: &Rope, range: &Range<usize>) -> String {
    let len = text.len_bytes();
    let start = range.start.min(len);
    if range.is_empty() && start == 0 {
        return "<file>".to_string();
    }
    if range.is_empty() && start == len {
        return "<end>".to_string();
    }
    let line = text.line(text.byte_to_line(start));
    let line: std::borrow::Cow<str> = line.into();
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The message with the numbers after “line” or “lines” replaced by `#` (`line 12`, `lines
/// 7–8`, `file lines 17–18`): they name where other things stand, which edits elsewhere move.
fn masked_line_numbers(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = find_line_word(rest) {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let word_len = if after.starts_with("lines ") { 6 } else { 5 };
        out.push_str(&after[..word_len]);
        let after = &after[word_len..];
        let digits = after
            .find(|c: char| !(c.is_ascii_digit() || c == '–' || c == '-'))
            .unwrap_or(after.len());
        if digits > 0 {
            out.push('#');
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// Where “line ” or “lines ” begins as a word in `text`.
fn find_line_word(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find("line") {
        let at = from + i;
        let word_start = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = &text[at + 4..];
        if word_start && (after.starts_with(' ') || after.starts_with("s ")) {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

/// `path` relative to the folder `root` (both absolute), with `/` between names and `..` for
/// the folders above `root`.
fn relative(path: &Path, root: &Path) -> String {
    let path: Vec<Component> = path.components().collect();
    let root: Vec<Component> = root.components().collect();
    let common = path.iter().zip(&root).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); root.len() - common];
    parts.extend(
        path[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(range: Range<usize>, message: &str) -> Finding {
        Finding::new(
            crate::formats::code_doc("colossus/titan-recruit").unwrap(),
            range,
            message,
        )
    }

    #[test]
    fn a_fingerprint_follows_the_line_text_not_its_number() {
        let before = Rope::from_str("A x\nT  black Tower\n");
        let after = Rope::from_str("# new\nA x\n\nT black   Tower\r\n");
        let f = |text: &Rope, at: usize| fingerprint(text, &finding(at..at + 1, "m"));
        assert_eq!(f(&before, 4), f(&after, 12));
        assert_ne!(f(&before, 4), f(&before, 0));
        assert_eq!(
            fingerprint(&before, &finding(0..0, "m")),
            fingerprint(&after, &finding(0..0, "m"))
        );
        assert_eq!(
            fingerprint(&before, &finding(17..17, "m")),
            fingerprint(&after, &finding(24..24, "m"))
        );
    }

    #[test]
    fn line_numbers_in_messages_are_masked() {
        for (message, masked) in [
            (
                "creature Angel is defined twice (first on line 12)",
                "creature Angel is defined twice (first on line #)",
            ),
            (
                "grid lines 7–8 (file lines 17–18) are extra; change line 8",
                "grid lines # (file lines #) are extra; change line #",
            ),
            ("the outline is fine", "the outline is fine"),
            ("hex 12 at (3, 4)", "hex 12 at (3, 4)"),
        ] {
            assert_eq!(masked_line_numbers(message), masked);
        }
    }

    #[test]
    fn paths_are_relative_to_the_baseline_folder() {
        assert_eq!(
            relative(Path::new("/ci/mod/Tiny/Tiny.ter"), Path::new("/ci/mod")),
            "Tiny/Tiny.ter"
        );
        assert_eq!(
            relative(Path::new("/ci/other/a.pat"), Path::new("/ci/mod")),
            "../other/a.pat"
        );
    }

    #[test]
    fn counts_split_into_known_new_and_gone() {
        let mut baseline = Baseline::new(Path::new("/ci/baseline.json"));
        let key = |fp: &str| Key {
            file: "a.ter".into(),
            code: "colossus/titan-recruit".into(),
            fingerprint: fp.into(),
        };
        let f = finding(0..1, "m");
        baseline.record([(key("1"), &f), (key("1"), &f), (key("2"), &f)]);
        assert_eq!(baseline.entries.len(), 2);
        assert_eq!(baseline.entries[0].count, 2);
        let comparison = baseline.compare(&[vec![key("1"), key("3")]], &["a.ter".to_string()]);
        assert_eq!(comparison.known, [vec![true, false]]);
        let gone: Vec<(&str, usize)> = comparison
            .gone
            .iter()
            .map(|e| (e.fingerprint.as_str(), e.count))
            .collect();
        assert_eq!(gone, [("1", 1), ("2", 1)]);
        let kept: Vec<(&str, usize)> = comparison
            .kept
            .iter()
            .map(|e| (e.fingerprint.as_str(), e.count))
            .collect();
        assert_eq!(kept, [("1", 1)]);
        // A run that did not check a.ter (which exists) says nothing of its entries.
        let root = std::env::temp_dir().join(format!("retroboard-baseline-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("a.ter"), "").unwrap();
        let mut elsewhere = Baseline::new(&root.join("baseline.json"));
        elsewhere.entries = baseline.entries.clone();
        let comparison = elsewhere.compare(&[], &["b.ter".to_string()]);
        assert!(comparison.gone.is_empty());
        assert_eq!(comparison.kept, baseline.entries);
        let _ = std::fs::remove_dir_all(&root);
    }
}
