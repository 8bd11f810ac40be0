//! `retroboard check --fix`: the preferred fixes of every file, made before any file is checked
//! for the report, so the report says what the fixed texts of every file say (a fix in a
//! variant's CRE changes what its TER reports, whichever is checked first).

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::check::shown;
use super::rewrite::{self, Source};
use crate::analysis::catch_panic;
use crate::disk;
use crate::findings::plural;
use crate::formats::{Files, Loaded, Memo};
use crate::registry::{FormatId, detect};
use crate::syntax::Document;
use crate::text;

/// How `check --fix` changes files.
#[derive(Clone, Copy)]
pub struct FixMode {
    /// Print the change as a unified diff instead of writing it: on standard output before a
    /// human report, on standard error beside a JSON or SARIF one (which stays parseable).
    pub diff: bool,
}

/// Rounds of fixes at most: a fix that clashes with another waits for the next round.
const FIX_ROUNDS: usize = 8;

/// The files as the fixes left them: the fixed texts (written or, with `--diff`, only shown)
/// over the files as they are on the disk. Every file reads the others through it, so the fixes
/// of one file and the report see those of the files fixed before.
pub(super) struct Fixed<'a> {
    /// Absolute path → the format the file was fixed as, and its text after the fixes.
    texts: HashMap<PathBuf, (FormatId, Arc<str>)>,
    disk: &'a dyn Files,
}

impl<'a> Fixed<'a> {
    pub fn new(disk: &'a dyn Files) -> Fixed<'a> {
        Fixed {
            texts: HashMap::new(),
            disk,
        }
    }

    /// The document of a file the fixes changed (at its absolute path), to be checked as is.
    pub fn document(&self, absolute: &Path) -> Option<Arc<Document>> {
        let (format, text) = self.texts.get(absolute)?;
        let doc = Document::new(Some(*format), text).with_path(Some(absolute.to_path_buf()));
        Some(Arc::new(doc))
    }

    /// Applies every preferred fix of the file at `path` (`absolute`), read as `forced` or as
    /// its name and content say, round after round while there are any; writes it back in its
    /// own encoding (or prints the diff: on standard output with `diff_on_stdout`) and keeps
    /// its fixed text. Why a fix could not be written goes to `errors`; a file that is no
    /// format, cannot be read, or whose fixes panic, is left as it is (its check says why).
    pub fn fix(
        &mut self,
        path: &Path,
        absolute: &Path,
        forced: Option<FormatId>,
        mode: FixMode,
        diff_on_stdout: bool,
        errors: &mut Vec<String>,
    ) {
        let Some(source) = read(path, crate::syntax::MAX_PARSED_BYTES as u64) else {
            return;
        };
        let Some(format) = forced.or_else(|| detect(Some(absolute), &source.text)) else {
            return;
        };
        let files: &dyn Files = self;
        let fixed =
            catch_panic(|| fix_file(path, source, format, absolute, files, mode, diff_on_stdout));
        match fixed {
            Ok(Ok(Some(text))) => {
                self.texts
                    .insert(absolute.to_path_buf(), (format, text.into()));
            }
            Ok(Err(err)) => errors.push(err),
            Ok(Ok(None)) | Err(_) => {}
        }
    }
}

impl Files for Fixed<'_> {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        match self.texts.get(path) {
            Some((_, text)) => Some(text.clone()),
            None => self.disk.read(path),
        }
    }

    fn exists(&self, path: &Path) -> bool {
        self.texts.contains_key(path) || self.disk.exists(path)
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.disk.is_dir(path)
    }

    fn list(&self, dir: &Path) -> Option<Arc<[PathBuf]>> {
        self.disk.list(dir)
    }

    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        self.disk.real_path(path)
    }

    fn memo(&self) -> Option<&Memo> {
        // What was worked out from the files holds only while none changes.
        if self.texts.is_empty() {
            self.disk.memo()
        } else {
            None
        }
    }

    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        match self.texts.get(path) {
            Some((_, text)) => {
                let doc = Document::new(Some(format), text).with_path(Some(path.to_path_buf()));
                Some(Loaded::Shared(Arc::new(doc)))
            }
            None => self.disk.document(path, format),
        }
    }
}

/// Applies the preferred fixes of the settings file at `path` (a misspelt code mended), before
/// the rules it sets are read for the files it governs. Why they could not be written goes to
/// `errors`; a file that cannot be read is left as it is (its report says why).
pub fn fix_settings(path: &Path, mode: FixMode, diff_on_stdout: bool, errors: &mut Vec<String>) {
    let Some(source) = read(path, crate::settings::MAX_BYTES) else {
        return;
    };
    let edits = |text: &str| {
        let findings = crate::settings::file::findings(path, text, &[], &[]);
        crate::findings::preferred_edits(text, &findings)
    };
    if let Err(err) = fix_text(path, source, &edits, mode, diff_on_stdout) {
        errors.push(err);
    }
}

/// The file at `path` as text, to be fixed; `None` when it cannot be read (larger than `limit`)
/// or is no text: its check says why.
fn read(path: &Path, limit: u64) -> Option<Source> {
    let (bytes, stamp) = disk::read_stamped(path, limit).ok()?;
    let (text, encoding) = text::decode(&bytes).ok()?;
    Some(Source {
        bytes,
        text,
        encoding,
        stamp,
    })
}

/// Applies every preferred fix of the file (round after round, while there are any) and writes
/// it back in its own encoding (or prints the diff). `Some`: the text the fixes leave, when they
/// change it. `Err`: why nothing was written.
fn fix_file(
    path: &Path,
    source: Source,
    format: FormatId,
    absolute: &Path,
    files: &dyn Files,
    mode: FixMode,
    diff_on_stdout: bool,
) -> Result<Option<String>, String> {
    let edits = |text: &str| {
        let doc = Document::new(Some(format), text).with_path(Some(absolute.into()));
        crate::analysis::preferred_fixes(&doc, files)
    };
    fix_text(path, source, &edits, mode, diff_on_stdout)
}

/// Applies the preferred fixes `edits` finds in a file's text, round after round while there
/// are any, as [`fix_file`] says.
fn fix_text(
    path: &Path,
    source: Source,
    edits: &dyn Fn(&str) -> Vec<crate::findings::TextEdit>,
    mode: FixMode,
    diff_on_stdout: bool,
) -> Result<Option<String>, String> {
    let shown = shown(path);
    let mut current: Option<Source> = None;
    let mut edits_made = 0;
    for _ in 0..FIX_ROUNDS {
        let text = current.as_ref().unwrap_or(&source).text.as_str();
        let edits = edits(text);
        if edits.is_empty() {
            break;
        }
        edits_made += edits.len();
        current = Some(current.as_ref().unwrap_or(&source).edited(&edits, &shown)?);
    }
    let Some(current) = current.filter(|c| c.text != source.text) else {
        return Ok(None);
    };
    let mut stderr = std::io::stderr().lock();
    let edits = plural(edits_made, "edit", "edits");
    if mode.diff {
        let diff = rewrite::unified_diff(&shown, &source.text, &current.text);
        if diff_on_stdout {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(diff.as_bytes()).and_then(|()| out.flush());
        } else {
            let _ = stderr.write_all(diff.as_bytes());
        }
        let _ = writeln!(stderr, "retroboard: would fix {shown} ({edits})");
        // The findings reported are those the fixes would leave.
        return Ok(Some(current.text));
    }
    rewrite::write(path, &current.bytes, &source, &shown)?;
    let _ = writeln!(stderr, "retroboard: fixed {shown} ({edits})");
    Ok(Some(current.text))
}
