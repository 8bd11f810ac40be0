//! What requests and checks read: the open documents as they were when it was taken.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tower_lsp_server::ls_types::*;

use crate::analysis::{self, Checked, Search, Source, catch_panic};
use crate::formats::editor::{ByPath, DiskCache, EditorFiles, OpenDocuments, RequestCache};
use crate::formats::{Files, GameChoice, GameSettings, Searched};
use crate::settings::{Discovery, Settings};
use crate::syntax::Document;

use crate::lsp::Injection;
use crate::lsp::convert::{self, PositionEncoding};
use crate::lsp::ide;
use crate::lsp::search::SOLVE_BUDGET;
use crate::lsp::state::*;

/// What requests and checks read: the open documents as they were when it was taken.
pub(crate) struct Snapshot {
    pub(crate) encoding: PositionEncoding,
    pub(crate) client: ide::ClientOptions,
    pub(crate) roots: Vec<PathBuf>,
    pub(crate) settings: Arc<Discovery>,
    pub(crate) entries_used: Arc<EntriesUsedByFile>,
    pub(crate) documents: HashMap<Uri, OpenDocument>,
    pub(crate) cache: Arc<DiskCache>,
    /// What the session's searches found (whether a peg board can be won).
    pub(crate) searched: Arc<Searched>,
    /// What this request or check has seen of the disk and worked out from the files.
    pub(crate) request: RequestCache,
    /// The open documents by path, once asked for.
    pub(crate) by_path: std::sync::OnceLock<ByPath<Uri>>,
    /// The fault or delay the tests inject; none outside them.
    pub(crate) injection: Option<Injection>,
    /// The disk is taken as last seen ([`EditorFiles::as_last_seen`]): a keystroke's check.
    pub(crate) as_last_seen: bool,
    /// The settings that govern the files of a folder, looked for once per snapshot: a
    /// keystroke's check, its settings file's problem and the game versions ask for the same.
    pub(crate) settings_by_folder: std::sync::Mutex<HashMap<PathBuf, Option<Arc<Settings>>>>,
}

impl State {
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            encoding: self.encoding,
            client: self.client,
            roots: self.roots.clone(),
            settings: self.settings.clone(),
            entries_used: self.entries_used.clone(),
            documents: self.documents.clone(),
            cache: self.cache.clone(),
            searched: self.searched.clone(),
            request: RequestCache::default(),
            by_path: std::sync::OnceLock::new(),
            injection: self.injection.clone(),
            as_last_seen: false,
            settings_by_folder: Default::default(),
        }
    }
}

/// The open document of a file, with its URI.
pub(crate) fn open_at<'a>(
    documents: &'a HashMap<Uri, OpenDocument>,
    path: &Path,
) -> Option<(&'a Uri, &'a OpenDocument)> {
    documents
        .iter()
        .find(|(_, d)| d.path.as_deref() == Some(path))
}

/// The game versions the settings of a file or folder choose (`[game]`).
impl GameSettings for Snapshot {
    fn game(&self, path: &Path) -> GameChoice {
        self.settings_for(path).map(|s| s.game).unwrap_or_default()
    }
}

/// The snapshot's open documents, by path: what other files' checks read before the disk.
impl OpenDocuments for Snapshot {
    fn open(&self, path: &Path) -> Option<&Document> {
        let by_path = self.by_path.get_or_init(|| {
            self.documents
                .iter()
                .filter_map(|(uri, open)| {
                    Some((open.path.as_ref()?.as_os_str().to_owned(), uri.clone()))
                })
                .collect()
        });
        let uri = by_path.get(path.as_os_str())?;
        self.documents.get(uri).map(|open| &*open.document)
    }
}

impl Snapshot {
    /// The settings that govern the file at `path` ([`Discovery::for_file`]), found once per
    /// folder for the snapshot: they depend only on the folders above the file.
    pub(crate) fn settings_for(&self, path: &Path) -> Option<Arc<Settings>> {
        let folder = path.parent().unwrap_or(path);
        let mut known = self
            .settings_by_folder
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        known
            .entry(folder.to_path_buf())
            .or_insert_with(|| self.settings.for_file(path))
            .clone()
    }

    /// The tests' [`Injection`], if any, before the work on `document`.
    pub(crate) fn inject(&self, document: &Document, cancelled: &dyn Fn() -> bool) {
        if let Some(injection) = &self.injection {
            injection(document, cancelled);
        }
    }

    /// The files as this snapshot reads them: its open documents over the disk.
    pub(crate) fn overlay(&self) -> EditorFiles<'_> {
        let files = EditorFiles::new(self, &self.cache, &self.request)
            .with_searched(&self.searched)
            .with_game(self);
        match self.as_last_seen {
            true => files.as_last_seen(),
            false => files,
        }
    }

    /// The one check ([`analysis::check`]) of an open document or a file of the disk, reading
    /// the other files of its variant as this snapshot does, under the settings of its folder;
    /// a panic in it (a bug) is `Err`, with its message.
    pub(crate) fn check(&self, source: Source<'_>, search: Search) -> Result<Checked, String> {
        let path = match &source {
            Source::Disk { path, .. } => Some(*path),
            Source::Document(document) => document.path(),
        };
        let settings = path.and_then(|p| self.settings_for(p));
        catch_panic(|| {
            if let Source::Document(document) = &source {
                self.inject(document, &|| false);
            }
            analysis::check(source, &self.overlay(), settings.as_ref(), search)
        })
    }

    /// The diagnostics of a document, and what its check found (`None` for a settings file,
    /// whose findings are its own, and when the check failed). `version`, that of an open
    /// document, goes into the `data` of each fixable diagnostic, so a code action can tell a
    /// stale one. The slow work is handed back in the check, not done.
    pub(crate) fn checked(
        &self,
        document: &Arc<Document>,
        version: Option<i32>,
    ) -> (Vec<Diagnostic>, Option<Checked>) {
        if let Some(findings) = self.settings_file_findings(document) {
            let diagnostics = self.conversion().diagnostics(document, &findings, version);
            return (diagnostics, None);
        }
        match self.check(
            Source::Document(document.clone()),
            Search::Later(SOLVE_BUDGET),
        ) {
            Ok(checked) => {
                let conversion = self.conversion();
                conversion.record(checked.entries.clone(), false);
                let diagnostics = conversion.diagnostics(document, &checked.findings, version);
                (diagnostics, Some(checked))
            }
            Err(message) => (vec![self.internal_error(document, &message)], None),
        }
    }

    /// The diagnostic of a check that failed (a bug), in place of the file's findings.
    fn internal_error(&self, document: &Document, message: &str) -> Diagnostic {
        eprintln!("retroboard: internal error while checking a document: {message}");
        // The whole text: a line too long or a NUL past the format's bound is found there too.
        let text = document.whole_rope();
        let own = document.path();
        convert::diagnostic(text, own, &analysis::internal_error(message), self.encoding)
    }

    /// What turning findings into diagnostics reads of the snapshot.
    pub(crate) fn conversion(&self) -> Conversion {
        Conversion {
            encoding: self.encoding,
            entries_used: self.entries_used.clone(),
        }
    }

    /// The findings of an open settings file (`None` for any other document), as its text
    /// is in the editor, with the `[[suppress]]` entries the last checks of the files they
    /// name did not use while that text is the one on the disk, which they used.
    pub(crate) fn settings_file_findings(
        &self,
        document: &Document,
    ) -> Option<Vec<crate::findings::Finding>> {
        use crate::settings::file;
        let path = document.path().filter(|p| file::is_settings_file(p))?;
        let text = document.whole_rope().to_string();
        let (named, used) = self
            .settings
            .for_file(path)
            .filter(|s| s.path == path && file::read(path).ok().as_ref() == Some(&text))
            .map(|s| self.entries_used.entry_use(&s))
            .unwrap_or_default();
        let mut findings = file::findings(path, &text, &named, &used);
        Settings::parse(path, &text).apply(path, &mut findings);
        Some(findings)
    }

    /// The settings file that governs `path`, its findings' messages and its diagnostics (none
    /// when it reads well and every `[[suppress]]` entry was used), as it is on the disk.
    pub(crate) fn settings_problem(&self, path: &Path) -> Option<SettingsProblem> {
        let settings = self.settings_for(path)?;
        let (named, used) = self.entries_used.entry_use(&settings);
        let (text, mut findings) = match crate::settings::file::read(&settings.path) {
            Ok(text) => {
                let findings =
                    crate::settings::file::findings(&settings.path, &text, &named, &used);
                (text, findings)
            }
            Err(finding) => (String::new(), vec![finding]),
        };
        settings.apply(&settings.path, &mut findings);
        let rope = ropey::Rope::from_str(&text);
        let diagnostics: Vec<Diagnostic> = findings
            .iter()
            .map(|f| convert::diagnostic(&rope, Some(&settings.path), f, self.encoding))
            .collect();
        let message = (!findings.is_empty()).then(|| {
            findings
                .iter()
                .map(|f| format!("{:?} {}", f.range, f.message))
                .collect::<Vec<_>>()
                .join("\n")
        });
        Some(SettingsProblem {
            file: settings.path.clone(),
            message,
            diagnostics,
        })
    }

    /// Targets as LSP locations, each range placed in its file as the editor holds it (or as
    /// it is on the disk).
    pub(crate) fn locations(&self, targets: &[crate::answers::Target]) -> Vec<Location> {
        let overlay = self.overlay();
        targets
            .iter()
            .filter_map(|target| {
                let uri = Uri::from_file_path(&target.path)?;
                let range = match target.format {
                    Some(format) if !target.range.is_empty() => {
                        let doc = overlay.document(&target.path, format)?;
                        convert::range(doc.rope(), target.range.clone(), self.encoding)
                    }
                    _ => Range::default(),
                };
                Some(Location { uri, range })
            })
            .collect()
    }

    /// The diagnostics of a file that is not open, as `retroboard check` has them: read from
    /// the disk (a file that is not text or too large to read gets its finding), its slow
    /// findings known or searched for until `cancelled()`. `None` for a file gone, or of no
    /// format.
    pub(crate) fn disk_diagnostics(
        &self,
        path: &Path,
        cancelled: &dyn Fn() -> bool,
    ) -> Option<Vec<Diagnostic>> {
        let read = crate::disk::read(path, crate::syntax::MAX_PARSED_BYTES as u64);
        if matches!(
            read,
            Err(crate::disk::ReadError::Io(_) | crate::disk::ReadError::NotAFile(_))
        ) {
            return None;
        }
        let source = Source::Disk {
            path,
            read,
            forced: None,
        };
        let mut checked = match self.check(source, Search::Later(SOLVE_BUDGET)) {
            Ok(checked) => checked,
            Err(message) => {
                let document = Document::new(None, "");
                return Some(vec![self.internal_error(&document, &message)]);
            }
        };
        checked.document.format()?;
        if let Some(slow) = checked.slow.take() {
            let found = match slow.known() {
                Some(found) => found,
                None => catch_panic(|| slow.run(cancelled)).unwrap_or_default(),
            };
            if cancelled() {
                return None;
            }
            checked.add_slow(found);
        }
        let conversion = self.conversion();
        conversion.record(checked.entries.clone(), false);
        Some(conversion.diagnostics(&checked.document, &checked.findings, None))
    }

    /// What the files reading `uri` read of it now, and, when that changed since they were
    /// last checked, which files they are.
    pub(crate) fn readers(&self, uri: &Uri) -> Option<(Option<u64>, Vec<PathBuf>)> {
        let open = self.documents.get(uri)?;
        let spec = crate::formats::spec(open.document.format()?);
        let exported = catch_panic(|| spec.exported(&open.document)).unwrap_or(None);
        if exported.is_none() || exported == open.exported {
            return None;
        }
        // Checked for the first time since it was opened, as it is on the disk: its readers
        // read this same text before it was opened, so what they found stands.
        if open.exported.is_none()
            && let Some(path) = &open.path
            && self
                .overlay()
                .read_disk(path)
                .is_some_and(|disk| open.document.whole_rope() == &*disk)
        {
            return Some((exported, Vec::new()));
        }
        let readers =
            catch_panic(|| spec.dependents(&open.document, &self.overlay())).unwrap_or_default();
        Some((exported, readers))
    }
}

/// What turning findings into diagnostics reads of a [`Snapshot`]: all that a slow search keeps
/// of it while it waits for its turn and runs (a snapshot holds a copy of the table of open
/// documents, and a folder of peg boards opened at once has a search waiting for each).
pub(crate) struct Conversion {
    pub(crate) encoding: PositionEncoding,
    pub(crate) entries_used: Arc<EntriesUsedByFile>,
}

/// What the last check of each file (its slow findings included) made of the `[[suppress]]`
/// entries of its settings, by file: the settings themselves stay as read, and an entry is
/// unused by what these checks found.
#[derive(Default)]
pub(crate) struct EntriesUsedByFile(
    std::sync::Mutex<HashMap<PathBuf, crate::settings::EntriesUsed>>,
);

impl EntriesUsedByFile {
    /// Keeps what a check of a file made of the entries; with `more`, adds it to what the same
    /// check found before (its slow findings come later).
    fn record(&self, entries: crate::settings::EntriesUsed, more: bool) {
        let mut by_file = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match by_file.get_mut(&entries.file) {
            Some(before) if more => before.add(entries),
            _ => {
                by_file.insert(entries.file.clone(), entries);
            }
        }
    }

    /// The entries of a settings file named and used by the checks kept (see
    /// [`Settings::entry_use`]).
    fn entry_use(&self, settings: &Settings) -> (Vec<usize>, Vec<usize>) {
        let by_file = self.0.lock().unwrap_or_else(|p| p.into_inner());
        settings.entry_use(by_file.values())
    }
}

impl Conversion {
    /// Keeps what a check made of the `[[suppress]]` entries of its settings; with `more`,
    /// adds it to what the same check made of them before (its slow findings come later).
    pub(crate) fn record(&self, entries: Option<crate::settings::EntriesUsed>, more: bool) {
        if let Some(entries) = entries {
            self.entries_used.record(entries, more);
        }
    }

    /// A check's findings (as the settings have them) as diagnostics, in its document.
    pub(crate) fn diagnostics(
        &self,
        document: &Document,
        findings: &[crate::findings::Finding],
        version: Option<i32>,
    ) -> Vec<Diagnostic> {
        let text = document.whole_rope();
        let own = document.path();
        findings
            .iter()
            .map(|f| convert::fixable_diagnostic(text, own, f, self.encoding, version))
            .collect()
    }
}

/// What a check found of the settings file that governs its document.
pub(crate) struct SettingsProblem {
    pub(crate) file: PathBuf,
    pub(crate) message: Option<String>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}
