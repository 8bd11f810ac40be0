//! The files an editor's requests read: its open documents over the disk, with what was read
//! of the disk kept between requests while the disk says it is the same.
//!
//! A keystroke in a Colossus file works out its variant (and the variants beside it) from the
//! variant's other files: a few hundred file and folder lookups, thousands of link resolutions
//! (`canonicalize` reads every component of a path) and a dozen files read. Between two
//! keystrokes none of that changes unless the disk does, so [`DiskCache`] keeps it for every
//! request, each entry with the [`Stamp`] (size, times, inode) the file or folder had when it
//! was read: a request looks at each path it uses once ([`RequestCache`]), and reads again only
//! what changed. What is worked out from the files (a variant, its dialect) depends on the open
//! documents too, so it is kept for one request only (its [`Memo`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use super::{DiskFiles, DocumentCache, Files, Loaded, Memo};
use crate::registry::FormatId;
use crate::syntax::Document;

/// The documents an editor holds open, by path.
pub trait OpenDocuments: Sync {
    fn open(&self, path: &Path) -> Option<&Document>;
}

/// What a path leads to on the disk (links followed), enough to tell that it changed: a file
/// written again gets a new modification and change time (and often a new size), one replaced
/// by a rename a new inode; a folder whose entries change gets new times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    kind: Kind,
    len: u64,
    modified: Option<SystemTime>,
    changed: (i64, i64),
    inode: (u64, u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    File,
    Folder,
    Other,
}

impl Stamp {
    /// The stamp of what `path` leads to now; `None` when nothing is there.
    pub fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        let kind = if meta.is_file() {
            Kind::File
        } else if meta.is_dir() {
            Kind::Folder
        } else {
            Kind::Other
        };
        #[cfg(unix)]
        let (changed, inode) = {
            use std::os::unix::fs::MetadataExt;
            ((meta.ctime(), meta.ctime_nsec()), (meta.dev(), meta.ino()))
        };
        #[cfg(not(unix))]
        let (changed, inode) = ((0, 0), (0, 0));
        Some(Stamp {
            kind,
            len: meta.len(),
            modified: meta.modified().ok(),
            changed,
            inode,
        })
    }
}

/// What was read of the disk, kept across requests: each entry is used while the path's
/// [`Stamp`] stays the one it was read with.
#[derive(Default)]
pub struct DiskCache {
    /// Parsed files, by text.
    documents: DocumentCache,
    /// File texts (`None`: not text, or too large).
    texts: Mutex<HashMap<PathBuf, (Stamp, Option<Arc<str>>)>>,
    /// Folder entries, as the disk lists them.
    listings: Mutex<HashMap<PathBuf, (Stamp, Option<Arc<[PathBuf]>>)>>,
    /// Paths with their links resolved.
    real_paths: Mutex<HashMap<PathBuf, (Stamp, Option<PathBuf>)>>,
}

impl DiskCache {
    /// The document of `path` with this text: the one parsed before when the text is the same.
    pub fn document(&self, path: &Path, format: FormatId, text: Arc<str>) -> Arc<Document> {
        self.documents.document(path, format, text)
    }
}

/// Past this many entries a table of the cache starts over: far more files than a few
/// variants hold.
const CAPACITY: usize = 4096;

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The value kept for `key` while its stamp is `stamp`, else made by `make` and kept.
fn kept<V: Clone>(
    table: &Mutex<HashMap<PathBuf, (Stamp, V)>>,
    key: &Path,
    stamp: Stamp,
    make: impl FnOnce() -> V,
) -> V {
    if let Some((kept, value)) = lock(table).get(key)
        && *kept == stamp
    {
        return value.clone();
    }
    let value = make();
    let mut table = lock(table);
    if table.len() >= CAPACITY {
        table.clear();
    }
    table.insert(key.to_path_buf(), (stamp, value.clone()));
    value
}

/// What one request (or one check) has seen of the disk, so that it looks at each path once
/// and sees one state of it throughout, and its [`Memo`].
#[derive(Default)]
pub struct RequestCache {
    stamps: Mutex<HashMap<PathBuf, Option<Stamp>>>,
    memo: Memo,
}

/// The editor's open documents over the disk, as one request reads them (see the module's
/// documentation).
pub struct EditorFiles<'a> {
    open: &'a dyn OpenDocuments,
    disk: &'a DiskCache,
    request: &'a RequestCache,
}

impl<'a> EditorFiles<'a> {
    pub fn new(
        open: &'a dyn OpenDocuments,
        disk: &'a DiskCache,
        request: &'a RequestCache,
    ) -> EditorFiles<'a> {
        EditorFiles {
            open,
            disk,
            request,
        }
    }

    /// The stamp of `path` as this request first saw it.
    fn stamp(&self, path: &Path) -> Option<Stamp> {
        if let Some(stamp) = lock(&self.request.stamps).get(path) {
            return *stamp;
        }
        let stamp = Stamp::of(path);
        lock(&self.request.stamps).insert(path.to_path_buf(), stamp);
        stamp
    }

    /// The text of the file at `path` on the disk, even when it is open.
    pub fn read_disk(&self, path: &Path) -> Option<Arc<str>> {
        let stamp = self.stamp(path).filter(|s| s.kind == Kind::File)?;
        kept(&self.disk.texts, path, stamp, || DiskFiles.read(path))
    }
}

impl Files for EditorFiles<'_> {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        match self.open.open(path) {
            Some(open) => Some(open.text().into()),
            None => self.read_disk(path),
        }
    }

    fn exists(&self, path: &Path) -> bool {
        self.open.open(path).is_some() || self.stamp(path).is_some_and(|s| s.kind == Kind::File)
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.stamp(path).is_some_and(|s| s.kind == Kind::Folder)
    }

    fn list(&self, dir: &Path) -> Option<Arc<[PathBuf]>> {
        let stamp = self.stamp(dir).filter(|s| s.kind == Kind::Folder)?;
        kept(&self.disk.listings, dir, stamp, || DiskFiles.list(dir))
    }

    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        // What a link leads to changed when what is there did.
        let stamp = self.stamp(path)?;
        kept(&self.disk.real_paths, path, stamp, || {
            DiskFiles.real_path(path)
        })
    }

    fn memo(&self) -> Option<&Memo> {
        Some(&self.request.memo)
    }

    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        match self.open.open(path) {
            Some(open) if open.format() == Some(format) => Some(Loaded::Open(open)),
            Some(open) => {
                let text = open.text().into();
                Some(Loaded::Shared(
                    self.disk.documents.document(path, format, text),
                ))
            }
            None => {
                let text = self.read_disk(path)?;
                Some(Loaded::Shared(
                    self.disk.documents.document(path, format, text),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoneOpen;

    impl OpenDocuments for NoneOpen {
        fn open(&self, _: &Path) -> Option<&Document> {
            None
        }
    }

    #[test]
    fn what_is_kept_is_read_again_once_the_disk_changed() {
        let dir = std::env::temp_dir().join(format!("retroboard-editor-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::write(dir.join("a/x.ter"), "one\n").unwrap();
        std::fs::write(dir.join("b/x.ter"), "two\n").unwrap();
        std::os::unix::fs::symlink("a", dir.join("link")).unwrap();
        let cache = DiskCache::default();
        let ask = |what: &dyn Fn(&EditorFiles) -> String| {
            let request = RequestCache::default();
            what(&EditorFiles::new(&NoneOpen, &cache, &request))
        };
        let real = |files: &EditorFiles| {
            let real = files.real_path(&dir.join("link/x.ter")).unwrap();
            let text = files.read(&dir.join("link/x.ter")).unwrap();
            format!(
                "{} {text}",
                real.parent().unwrap().file_name().unwrap().display()
            )
        };
        let listed = |files: &EditorFiles| {
            let mut names: Vec<String> = files
                .list(&dir.join("a"))
                .unwrap()
                .iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names.join(",")
        };
        assert_eq!(ask(&real), "a one\n");
        assert_eq!(ask(&listed), "x.ter");
        // Twice: the same from what was kept.
        assert_eq!(ask(&real), "a one\n");
        // The link now leads elsewhere: its real path and text follow.
        std::fs::remove_file(dir.join("link")).unwrap();
        std::os::unix::fs::symlink("b", dir.join("link")).unwrap();
        assert_eq!(ask(&real), "b two\n");
        // A file added to a folder is listed.
        std::fs::write(dir.join("a/y.ter"), "").unwrap();
        assert_eq!(ask(&listed), "x.ter,y.ter");
        // Within one request, one state of the disk: a change after the first look is seen by
        // the next request only.
        let request = RequestCache::default();
        let files = EditorFiles::new(&NoneOpen, &cache, &request);
        assert!(files.exists(&dir.join("a/y.ter")));
        std::fs::remove_file(dir.join("a/y.ter")).unwrap();
        assert!(files.exists(&dir.join("a/y.ter")));
        assert_eq!(ask(&listed), "x.ter");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
