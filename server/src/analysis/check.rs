//! The one check every front end calls (`retroboard check` and `--fix`, the open document,
//! the whole-workspace check, code actions): from a file's bytes or an open document to its
//! findings as the settings have them, in one place.
//!
//! ```text
//! bytes ─ read error, too large, NUL ─► one finding
//!   └─ decode ─ detect (`--as`, `[files]`, name, content) ─► Document
//! Document ─ syntax + the format's checks ─ comment suppressions ─ [[suppress]] entries
//!          ─ rules' levels ─► Checked { findings, silenced, entries used, slow work }
//! ```
//!
//! The slow work (whether a peg board can be won) is done at once within a number of
//! positions ([`Search::Now`]) or handed back as a plan ([`Search::Later`]) for a caller that
//! does it off the keystroke path; its findings go through the same suppressions and rules.

use std::path::Path;
use std::sync::Arc;

use crate::disk::ReadError;
use crate::findings::Finding;
use crate::formats::{Files, SlowSearch};
use crate::registry::{FormatId, detect};
use crate::settings::{EntriesUsed, Settings};
use crate::suppressions::{Silenced, SilencedBy};
use crate::syntax::{Document, Unparsed};

/// What is checked.
pub enum Source<'a> {
    /// A file of the disk, at its absolute path, as reading it went (a file too large to read
    /// is [`ReadError::TooLarge`]); read as `forced` when a format is forced on it (`check
    /// --as`), else as the `[files]` of its settings say, else as its name and content say.
    Disk {
        path: &'a Path,
        read: Result<Vec<u8>, ReadError>,
        forced: Option<FormatId>,
    },
    /// A document the caller holds (open in an editor, or a text just fixed), its format chosen.
    Document(Arc<Document>),
}

/// What to do with the slow work (the peg search), in positions examined at most (a count, not
/// a time: the same findings on every machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Search now (`retroboard check`); 0: no search, no slow findings.
    Now(u64),
    /// Hand the search back as [`Checked::slow`] (the language server, which searches off the
    /// keystroke path).
    Later(u64),
}

/// A file checked.
pub struct Checked {
    /// What was checked: the document read from the bytes (empty when they are not text or
    /// too large to read), for drawing, fixing and placing the findings.
    pub document: Arc<Document>,
    /// Everything wrong with it, in text order, as the settings have it (severities from the
    /// rules, codes turned off removed), without what suppressions silence.
    pub findings: Vec<Finding>,
    /// What comment suppressions and `[[suppress]]` entries silence (for SARIF), with the
    /// rules' severities; codes turned off are not among them.
    pub silenced: Vec<Silenced>,
    /// What the check made of the `[[suppress]]` entries of its settings, for the caller to
    /// work out which are unused ([`Settings::findings`]).
    pub entries: Option<EntriesUsed>,
    /// With [`Search::Later`]: the slow work still to do, if any.
    pub slow: Option<SlowWork>,
    /// Why the file could not be read (then nothing else is known of it).
    pub unreadable: Option<ReadError>,
}

impl Checked {
    /// Adds the findings of the slow work (from [`SlowWork::run`] or [`SlowWork::known`]).
    pub fn add_slow(&mut self, slow: SlowFindings) {
        self.findings.extend(slow.findings);
        self.findings.sort_by_key(|f| (f.range.start, f.range.end));
        self.silenced.extend(slow.silenced);
        match (&mut self.entries, slow.entries) {
            (Some(entries), Some(more)) => entries.add(more),
            (entries @ None, more) => *entries = more,
            (Some(_), None) => {}
        }
    }
}

/// Checks a file: see the module's documentation. A panic in a format's check is not caught
/// here (see [`super::catch_panic`]).
pub fn check(
    source: Source<'_>,
    files: &dyn Files,
    settings: Option<&Arc<Settings>>,
    search: Search,
) -> Checked {
    check_as(source, files, Rules::new(settings, false), search)
}

/// As [`check`], for an audit (`check --no-suppressions`): what suppressions silence and the
/// codes the rules turn off are reported too, each saying so; nothing is silenced.
pub fn audit(
    source: Source<'_>,
    files: &dyn Files,
    settings: Option<&Arc<Settings>>,
    search: Search,
) -> Checked {
    check_as(source, files, Rules::new(settings, true), search)
}

/// The settings a check applies, and whether it audits them.
#[derive(Clone)]
struct Rules {
    settings: Option<Arc<Settings>>,
    audit: bool,
}

impl Rules {
    fn new(settings: Option<&Arc<Settings>>, audit: bool) -> Rules {
        Rules {
            settings: settings.cloned(),
            audit,
        }
    }

    /// Applies the `[[suppress]]` entries and the rules' levels to what the document's check
    /// found (`silenced`: what its comments silence), returning the entries used.
    fn apply(
        &self,
        doc: &Document,
        findings: &mut Vec<Finding>,
        silenced: &mut Vec<Silenced>,
    ) -> Option<EntriesUsed> {
        let path = doc.path();
        let entries = match (&self.settings, path) {
            (Some(settings), Some(path)) => {
                let (more, entries) =
                    crate::suppressions::apply_settings(doc, settings, path, findings);
                silenced.extend(more);
                Some(entries)
            }
            _ => None,
        };
        if self.audit {
            unsilence(doc, std::mem::take(silenced), findings);
        }
        if let (Some(settings), Some(path)) = (&self.settings, path) {
            if self.audit {
                settings.apply_auditing(path, findings);
            } else {
                settings.apply(path, findings);
                // A code turned off is off among the silenced findings too.
                silenced.retain_mut(|silenced| {
                    let mut one = vec![silenced.finding.clone()];
                    settings.apply(path, &mut one);
                    one.pop().map(|f| silenced.finding = f).is_some()
                });
            }
        }
        findings.sort_by_key(|f| (f.range.start, f.range.end));
        entries
    }
}

fn check_as(source: Source<'_>, files: &dyn Files, rules: Rules, search: Search) -> Checked {
    let (document, read) = match source {
        Source::Document(document) => (document, Ok(())),
        Source::Disk { path, read, forced } => {
            let forced = forced.or_else(|| rules.settings.as_ref()?.format_for(path));
            let detected = |text: &str| forced.or_else(|| detect(Some(path), text));
            let empty = |finding| {
                let document = Document::new(detected(""), "").with_path(Some(path.into()));
                (Arc::new(document), Err(finding))
            };
            match read {
                // A file too large to parse is not even read: its size says enough.
                Err(ReadError::TooLarge(bytes, _)) => empty(Ok(super::unparsed(Unparsed::File {
                    bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
                }))),
                Err(err) => empty(Err(err)),
                Ok(bytes) => match crate::text::decode(&bytes) {
                    Ok((text, _)) => {
                        let document =
                            Document::new(detected(&text), &text).with_path(Some(path.into()));
                        (Arc::new(document), Ok(()))
                    }
                    Err(crate::text::NotText::Binary) => empty(Ok(super::binary_file())),
                },
            }
        }
    };
    let mut checked = Checked {
        document,
        findings: Vec::new(),
        silenced: Vec::new(),
        entries: None,
        slow: None,
        unreadable: None,
    };
    let doc = checked.document.clone();
    match read {
        Err(Err(err)) => {
            checked.unreadable = Some(err);
            return checked;
        }
        Err(Ok(finding)) => checked.findings.push(finding),
        Ok(()) => {
            // The game versions the settings choose, for this file and its variant's.
            let chosen = chosen(files, rules.settings.as_ref());
            let files: &dyn Files = &chosen;
            let (findings, silenced) = super::analyze_silenced(&doc, files);
            let slow = SlowWork::of(&doc, files, &findings, &rules, search);
            checked.findings = findings;
            checked.silenced = silenced;
            match (slow, search) {
                (Some(slow), Search::Now(_)) => {
                    let found = slow.search_all(&|| false);
                    checked.findings.extend(found);
                }
                (slow, _) => checked.slow = slow,
            }
        }
    }
    checked.entries = rules.apply(&doc, &mut checked.findings, &mut checked.silenced);
    checked
}

/// `files` with the game versions `settings` choose (`[game]`).
fn chosen<'a>(
    files: &'a dyn Files,
    settings: Option<&Arc<Settings>>,
) -> crate::formats::Chosen<'a> {
    crate::formats::Chosen {
        files,
        game: settings.map(|s| s.game).unwrap_or_default(),
        searched: None,
    }
}

/// Which version of its game a document is read for under `settings`, and why, where its
/// format has versions the file does not name (`check --verbose` says it).
pub fn game_version(
    doc: &Document,
    files: &dyn Files,
    settings: Option<&Arc<Settings>>,
) -> Option<String> {
    let files = chosen(files, settings);
    crate::formats::spec(doc.format()?).game_version(doc, &files)
}

/// The slow work of a check still to do: the search for the findings that take long to find
/// (whether a peg board can be won), within a number of positions.
pub struct SlowWork {
    document: Arc<Document>,
    search: Box<dyn SlowSearch>,
    positions: u64,
    rules: Rules,
}

/// What the slow work found, with the same suppressions and rules applied as the check's.
#[derive(Debug, Default)]
pub struct SlowFindings {
    pub findings: Vec<Finding>,
    pub silenced: Vec<Silenced>,
    pub entries: Option<EntriesUsed>,
}

impl SlowWork {
    /// The slow work of a document whose other findings are `fast`: none when those hold an
    /// error (the game would not load the file), or with no positions to examine.
    fn of(
        doc: &Arc<Document>,
        files: &dyn Files,
        fast: &[Finding],
        rules: &Rules,
        search: Search,
    ) -> Option<Self> {
        let (Search::Now(positions) | Search::Later(positions)) = search;
        if positions == 0 {
            return None;
        }
        Some(SlowWork {
            document: doc.clone(),
            search: super::slow_search(doc, files, fast)?,
            positions,
            rules: rules.clone(),
        })
    }

    /// The document searched.
    pub fn document(&self) -> &Arc<Document> {
        &self.document
    }

    /// The positions the search examines at most.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The findings when they are known without searching (the same board searched before);
    /// `None` when the search is needed.
    pub fn known(&self) -> Option<SlowFindings> {
        let found = self.search.known(self.positions)?;
        Some(self.settle(found))
    }

    /// While the value returned lives, the search is under way: a preview of the board drawn
    /// meanwhile says so instead of searching beside it (`None` where nothing keeps what
    /// searches do, as in `check`).
    pub fn under_way(&self) -> Option<Box<dyn std::any::Any + Send>> {
        self.search.under_way()
    }

    /// Searches, all of its turns; once `cancelled()` says so the search stops, and what it
    /// returns is to be dropped.
    pub fn run(self, cancelled: &dyn Fn() -> bool) -> SlowFindings {
        let found = self.search_all(cancelled);
        self.settle(found)
    }

    /// The findings of every turn of the search, before suppressions and rules.
    fn search_all(&self, cancelled: &dyn Fn() -> bool) -> Vec<Finding> {
        loop {
            let found = self.search.run(self.positions, cancelled);
            if self.search.finished() || cancelled() {
                return found;
            }
        }
    }

    /// Whether the search gives way to other slow work ([`SlowSearch::gives_way`]).
    pub fn gives_way(&self) -> bool {
        self.search.gives_way()
    }

    /// One turn of the search ([`SlowSearch::finished`]): its findings once it is finished,
    /// `None` while turns are left.
    pub fn turn(&self, cancelled: &dyn Fn() -> bool) -> Option<SlowFindings> {
        let found = self.search.run(self.positions, cancelled);
        self.search.finished().then(|| self.settle(found))
    }

    fn settle(&self, mut findings: Vec<Finding>) -> SlowFindings {
        let mut silenced = Vec::new();
        let entries = self
            .rules
            .apply(&self.document, &mut findings, &mut silenced);
        SlowFindings {
            findings,
            silenced,
            entries,
        }
    }
}

/// For an audit: the findings that suppressions silence are reported, each naming what
/// silenced it and why.
fn unsilence(doc: &Document, silenced: Vec<Silenced>, findings: &mut Vec<Finding>) {
    for silenced in silenced {
        let mut finding = silenced.finding;
        let by = match &silenced.by {
            SilencedBy::Comment(comment) => {
                let line = doc.whole_rope().byte_to_line(comment.start) + 1;
                format!("the comment on line {line}")
            }
            SilencedBy::Settings(file) => format!(
                "a [[suppress]] entry of {}",
                file.file_name().unwrap_or_default().to_string_lossy()
            ),
        };
        finding.message = if silenced.reason.is_empty() {
            format!("{}; silenced by {by}", finding.message)
        } else {
            format!(
                "{}; silenced by {by}: \u{201c}{}\u{201d}",
                finding.message, silenced.reason
            )
        };
        findings.push(finding);
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::formats::DiskFiles;

    const BOARD: &str = "Version 2\nmode: normal\ng g e g g\n";

    fn settings(text: &str) -> Arc<Settings> {
        Arc::new(Settings::parse(Path::new("/mod/retroboard.toml"), text))
    }

    fn disk(read: Result<Vec<u8>, ReadError>) -> Source<'static> {
        Source::Disk {
            path: Path::new("/mod/a.brd"),
            read,
            forced: None,
        }
    }

    fn codes(findings: &[Finding]) -> Vec<(&str, crate::findings::Severity)> {
        findings.iter().map(|f| (f.code, f.severity)).collect()
    }

    #[test]
    fn bytes_that_are_not_text_too_many_or_unreadable_are_said_in_one_place() {
        use crate::findings::Severity::{Error, Warning};
        let checked = check(
            disk(Ok(b"Version 2\0".to_vec())),
            &DiskFiles,
            None,
            Search::Now(0),
        );
        assert_eq!(codes(&checked.findings), [("retroboard/not-text", Error)]);
        // Read as its name says (`.brd` without content: a Super Othello board), and empty.
        assert_eq!(checked.document.format(), Some(FormatId::OthelloBord));
        assert_eq!(checked.document.whole_rope().len_bytes(), 0);
        let checked = check(
            disk(Err(ReadError::TooLarge(20_000_000, 10_000_000))),
            &DiskFiles,
            None,
            Search::Now(0),
        );
        assert_eq!(
            codes(&checked.findings),
            [("retroboard/too-large", Warning)]
        );
        assert!(
            checked.findings[0]
                .message
                .starts_with("this file is 19.1 MB;")
        );
        let checked = check(
            disk(Err(ReadError::NotAFile("a named pipe"))),
            &DiskFiles,
            None,
            Search::Now(0),
        );
        assert_eq!(checked.findings, []);
        assert!(matches!(checked.unreadable, Some(ReadError::NotAFile(_))));
        // The rules apply to these findings too.
        let off = settings("[rules]\n\"retroboard/not-text\" = \"off\"\n");
        let checked = check(
            disk(Ok(b"\0".to_vec())),
            &DiskFiles,
            Some(&off),
            Search::Now(0),
        );
        assert_eq!(checked.findings, []);
    }

    #[test]
    fn the_files_of_the_settings_choose_the_format_of_bytes_read() {
        let forced = settings("[files]\n\"*.txt\" = \"peg-brd\"\n");
        let source = Source::Disk {
            path: Path::new("/mod/notes.txt"),
            read: Ok(BOARD.as_bytes().to_vec()),
            forced: None,
        };
        let checked = check(source, &DiskFiles, Some(&forced), Search::Now(0));
        assert_eq!(checked.document.format(), Some(FormatId::PegBrd));
    }

    #[test]
    fn the_search_is_done_now_or_handed_back_and_its_findings_follow_the_same_rules() {
        use crate::findings::Severity::{Error, Warning};
        let read = || Ok(BOARD.as_bytes().to_vec());
        let positions = super::super::SEARCH_POSITIONS;
        let now = check(disk(read()), &DiskFiles, None, Search::Now(positions));
        assert_eq!(codes(&now.findings), [("peg/unsolvable", Warning)]);
        assert!(now.slow.is_none());
        let none = check(disk(read()), &DiskFiles, None, Search::Now(0));
        assert_eq!(none.findings, []);
        assert!(none.slow.is_none());

        let error = settings("[rules]\n\"peg/unsolvable\" = \"error\"\n");
        let now = check(
            disk(read()),
            &DiskFiles,
            Some(&error),
            Search::Now(positions),
        );
        assert_eq!(codes(&now.findings), [("peg/unsolvable", Error)]);
        let mut later = check(
            disk(read()),
            &DiskFiles,
            Some(&error),
            Search::Later(positions),
        );
        assert_eq!(later.findings, []);
        let slow = later.slow.take().expect("a search to do");
        assert_eq!(slow.positions(), positions);
        later.add_slow(slow.run(&|| false));
        assert_eq!(later.findings, now.findings);
    }

    #[test]
    fn the_entries_a_check_uses_are_returned_and_the_settings_stay_as_read() {
        let entry = "[[suppress]]\nfile = \"a.brd\"\ncode = \"peg/unsolvable\"\n\
place = \"line-text:g g e g g\"\nreason = \"a puzzle with no way out\"\n";
        let with_entry = settings(entry);
        let positions = super::super::SEARCH_POSITIONS;
        let mut later = check(
            disk(Ok(BOARD.as_bytes().to_vec())),
            &DiskFiles,
            Some(&with_entry),
            Search::Later(positions),
        );
        let before = later.entries.clone().expect("the entries of the settings");
        assert_eq!(
            before,
            EntriesUsed {
                settings: PathBuf::from("/mod/retroboard.toml"),
                file: PathBuf::from("/mod/a.brd"),
                named: vec![0],
                used: Vec::new(),
            }
        );
        // Judged by the fast findings alone, the entry is unused.
        let unused = |checks: &EntriesUsed| {
            let (named, used) = with_entry.entry_use([checks]);
            crate::settings::file::findings(&with_entry.path, entry, &named, &used)
        };
        assert_eq!(
            codes(&unused(&before)),
            [(crate::settings::UNUSED, crate::findings::Severity::Warning)]
        );
        let slow = later.slow.take().expect("a search to do").run(&|| false);
        assert_eq!(slow.findings, []);
        assert_eq!(slow.silenced.len(), 1);
        later.add_slow(slow);
        assert_eq!(later.findings, []);
        assert_eq!(later.silenced[0].finding.code, "peg/unsolvable");
        assert_eq!(later.silenced[0].reason, "a puzzle with no way out");
        let after = later.entries.expect("the entries of the settings");
        assert_eq!(after.used, [0]);
        assert_eq!(unused(&after), []);
        // The same check again says the same: nothing was kept in the settings.
        let again = check(
            disk(Ok(BOARD.as_bytes().to_vec())),
            &DiskFiles,
            Some(&with_entry),
            Search::Now(positions),
        );
        assert_eq!(again.entries, Some(after));
        // An audit reports what the entry silences, saying so.
        let audited = audit(
            disk(Ok(BOARD.as_bytes().to_vec())),
            &DiskFiles,
            Some(&with_entry),
            Search::Now(positions),
        );
        assert_eq!(audited.silenced, []);
        assert_eq!(
            codes(&audited.findings),
            [("peg/unsolvable", crate::findings::Severity::Warning)]
        );
        assert!(
            audited.findings[0].message.ends_with(
                "; silenced by a [[suppress]] entry of retroboard.toml: “a puzzle with no way out”"
            ),
            "{}",
            audited.findings[0].message
        );
    }
}
