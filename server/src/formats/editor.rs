//! The files an editor's requests read: its open documents over the disk, with what was read
//! of the disk kept between requests while the disk says it is the same.
//!
//! A keystroke in a Colossus file works out its variant (and the variants beside it) from the
//! variant's other files: a few hundred file and folder lookups, thousands of link resolutions
//! (`canonicalize` reads every component of a path) and a dozen files read. Between two
//! keystrokes none of that changes unless the disk does, so [`DiskCache`] keeps it for every
//! request, each entry with the [`Stamp`] (size, times, inode) the file or folder had when it
//! was read: a request looks at each path it uses once ([`RequestCache`]), and reads again only
//! what changed. What is worked out from the files (a variant, its dialect) is kept with every
//! look it took at them (a [`Probe`]: the path's stamp, whether it was open and in which
//! revision when its text was read), and used again while each look would see the same.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use super::{DiskFiles, DocumentCache, Files, Loaded};
use crate::registry::FormatId;
use crate::syntax::{Document, Revision};

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
    texts: Mutex<ByPath<(Stamp, Option<Arc<str>>)>>,
    /// Folder entries, as the disk lists them.
    listings: Mutex<ByPath<(Stamp, Option<Listing>)>>,
    /// Paths with their links resolved.
    real_paths: Mutex<ByPath<(Stamp, Option<PathBuf>)>>,
    /// Values worked out from the files (a variant, its dialect), with their probes.
    values: Mutex<HashMap<(TypeId, OsString), Worked, Quick>>,
    /// What each path was the last time a request looked at it (see
    /// [`EditorFiles::as_last_seen`]).
    seen: Mutex<ByPath<Option<Stamp>>>,
}

impl DiskCache {
    /// The document of `path` with this text: the one parsed before when the text is the same.
    pub fn document(&self, path: &Path, format: FormatId, text: Arc<str>) -> Arc<Document> {
        self.documents.document(path, format, text)
    }

    /// Lets go of what was read of `path` from the disk (its text and its parse): the editor
    /// opened it, and while it is open its document is read instead. With a whole variant
    /// opened one file after the other, every file was read from the disk before its turn.
    pub fn forget(&self, path: &Path) {
        lock(&self.texts).remove(path.as_os_str());
        self.documents.forget(path);
    }

    /// Looks again at every path `request` used: true when one changed since. What is there
    /// now is what the next request that takes the disk as last seen sees.
    pub fn changed_since(&self, request: &RequestCache) -> bool {
        let used: Vec<(OsString, Option<Stamp>)> = lock(&request.stamps)
            .iter()
            .map(|(path, stamp)| (path.clone(), *stamp))
            .collect();
        let mut changed = false;
        for (path, stamp) in used {
            let now = Stamp::of(Path::new(&path));
            changed |= now != stamp;
            self.saw(path, now);
        }
        changed
    }

    fn saw(&self, path: OsString, stamp: Option<Stamp>) {
        let mut seen = lock(&self.seen);
        if seen.len() >= CAPACITY {
            seen.clear();
        }
        seen.insert(path, stamp);
    }
}

/// The entries of a folder.
type Listing = Arc<[PathBuf]>;

/// A table by path, spelt as given (two spellings of one path are two entries): hashing a
/// path's bytes at once is several times cheaper than [`Path`]'s hash, which reads it
/// component by component, and a request looks up thousands of paths.
pub type ByPath<V> = HashMap<OsString, V, Quick>;

/// A fast hash, seeded for each process (foldhash's): the paths and lines hashed are many and
/// short.
pub type Quick = foldhash::fast::RandomState;

/// Past this many entries a table of the cache starts over: far more files than a few
/// variants hold.
const CAPACITY: usize = 4096;

/// Texts are kept for the files a game reads (a few KB each; the largest Colossus file of the
/// corpus is under 10 KB) up to this size, at most [`KEPT_TEXTS`] of them: 64 MB at worst
/// however large the files read. A larger file is read again when asked for.
const KEPT_TEXT_BYTES: u64 = 256 * 1024;
const KEPT_TEXTS: usize = 256;

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The value kept for `key` while its stamp is `stamp`, else made by `make` and kept.
fn kept<V: Clone>(
    table: &Mutex<ByPath<(Stamp, V)>>,
    key: &Path,
    stamp: Stamp,
    capacity: usize,
    make: impl FnOnce() -> V,
) -> V {
    if let Some((kept, value)) = lock(table).get(key.as_os_str())
        && *kept == stamp
    {
        return value.clone();
    }
    let value = make();
    let mut table = lock(table);
    if table.len() >= capacity {
        table.clear();
    }
    table.insert(key.as_os_str().to_owned(), (stamp, value.clone()));
    value
}

/// What one request (or one check) has seen of the disk, so that it looks at each path once
/// and sees one state of it throughout, and the values it worked out from the files.
#[derive(Default)]
pub struct RequestCache {
    stamps: Mutex<ByPath<Option<Stamp>>>,
    values: Mutex<HashMap<(TypeId, OsString), Worked, Quick>>,
    /// The probes of the values being worked out, innermost last.
    working: Mutex<Vec<Vec<Probe>>>,
}

/// A value worked out from the files, with every probe of them it made.
type Worked = (Arc<dyn Any + Send + Sync>, Arc<[Probe]>);

/// One look at a path: whether the editor held it open (in which revision, when its text was
/// read), and what the disk had there. A value worked out from the files is still right while
/// each of its probes would see the same.
#[derive(Clone, Debug)]
struct Probe {
    path: PathBuf,
    open: Held,
    disk: Option<Stamp>,
}

#[derive(Clone, Debug)]
enum Held {
    No,
    Yes,
    At(Revision),
}

/// The probes of one value, each path once (with the revision, where one probe read the text).
fn distinct(probes: Vec<Probe>) -> Arc<[Probe]> {
    let mut at: HashMap<&OsStr, usize, Quick> = HashMap::default();
    let mut kept: Vec<Probe> = Vec::with_capacity(probes.len());
    for probe in &probes {
        match at.get(probe.path.as_os_str()) {
            Some(&i) => {
                if matches!(probe.open, Held::At(_)) {
                    kept[i].open = probe.open.clone();
                }
            }
            None => {
                at.insert(probe.path.as_os_str(), kept.len());
                kept.push(probe.clone());
            }
        }
    }
    kept.into()
}

/// The editor's open documents over the disk, as one request reads them (see the module's
/// documentation).
pub struct EditorFiles<'a> {
    open: &'a dyn OpenDocuments,
    disk: &'a DiskCache,
    request: &'a RequestCache,
    searched: Option<&'a Arc<super::Searched>>,
    last_seen: bool,
    /// The game versions the settings of a path choose (`[game]`).
    game: Option<&'a dyn super::GameSettings>,
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
            searched: None,
            last_seen: false,
            game: None,
        }
    }

    /// These files, each path taken as it was the last time a request looked at it, without
    /// looking again: a keystroke's check reads the other files of its variant without the
    /// hundred or more lookups of their paths (a third of a Colossus file's check). The caller
    /// looks again once it is done ([`DiskCache::changed_since`]) and checks again if the disk
    /// changed meanwhile.
    pub fn as_last_seen(self) -> EditorFiles<'a> {
        EditorFiles {
            last_seen: true,
            ..self
        }
    }

    /// These files, with what the session's searches found kept in `searched`.
    /// These files with the game versions `game` says the settings of a path choose.
    pub fn with_game(self, game: &'a dyn super::GameSettings) -> EditorFiles<'a> {
        EditorFiles {
            game: Some(game),
            ..self
        }
    }

    pub fn with_searched(self, searched: &'a Arc<super::Searched>) -> EditorFiles<'a> {
        EditorFiles {
            searched: Some(searched),
            ..self
        }
    }

    /// The stamp of `path` as this request first saw it (taken as last seen: as an earlier
    /// request last saw it, when one did).
    fn stamp(&self, path: &Path) -> Option<Stamp> {
        if let Some(stamp) = lock(&self.request.stamps).get(path.as_os_str()) {
            return *stamp;
        }
        let seen = match self.last_seen {
            true => lock(&self.disk.seen).get(path.as_os_str()).copied(),
            false => None,
        };
        let stamp = seen.unwrap_or_else(|| {
            let stamp = Stamp::of(path);
            self.disk.saw(path.as_os_str().to_owned(), stamp);
            stamp
        });
        lock(&self.request.stamps).insert(path.as_os_str().to_owned(), stamp);
        stamp
    }

    /// The open document of `path`, noted by the value being worked out (if any) with the
    /// disk's stamp of the path; with `text`, the revision of the document is noted too (its
    /// text is read).
    fn look(&self, path: &Path, text: bool) -> Option<&'a Document> {
        let open = self.open.open(path);
        let mut working = lock(&self.request.working);
        if let Some(probes) = working.last_mut() {
            probes.push(Probe {
                path: path.to_path_buf(),
                open: match open {
                    None => Held::No,
                    Some(doc) if text => Held::At(doc.revision()),
                    Some(_) => Held::Yes,
                },
                disk: self.stamp(path),
            });
        }
        open
    }

    /// Whether a probe would see the same now.
    fn still(&self, probe: &Probe) -> bool {
        let open = self.open.open(&probe.path);
        let same_open = match (&probe.open, open) {
            (Held::No, None) | (Held::Yes, Some(_)) => true,
            (Held::At(revision), Some(doc)) => revision.is_of(doc),
            _ => false,
        };
        same_open && self.stamp(&probe.path) == probe.disk
    }

    /// The probes of a value used, added to those of the value being worked out with it.
    fn used(&self, probes: &[Probe]) {
        if let Some(outer) = lock(&self.request.working).last_mut() {
            outer.extend_from_slice(probes);
        }
    }

    /// The text of the file at `path` on the disk, even when it is open.
    pub fn read_disk(&self, path: &Path) -> Option<Arc<str>> {
        self.look(path, true);
        self.disk_text(path)
    }

    fn disk_text(&self, path: &Path) -> Option<Arc<str>> {
        let stamp = self.stamp(path).filter(|s| s.kind == Kind::File)?;
        if stamp.len > KEPT_TEXT_BYTES {
            return DiskFiles.read(path);
        }
        kept(&self.disk.texts, path, stamp, KEPT_TEXTS, || {
            DiskFiles.read(path)
        })
    }
}

impl Files for EditorFiles<'_> {
    fn searched(&self) -> Option<&Arc<super::Searched>> {
        self.searched
    }

    fn read(&self, path: &Path) -> Option<Arc<str>> {
        match self.look(path, true) {
            Some(open) => Some(open.text().into()),
            None => self.disk_text(path),
        }
    }

    fn exists(&self, path: &Path) -> bool {
        self.look(path, false).is_some() || self.stamp(path).is_some_and(|s| s.kind == Kind::File)
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.look(path, false);
        self.stamp(path).is_some_and(|s| s.kind == Kind::Folder)
    }

    fn list(&self, dir: &Path) -> Option<Arc<[PathBuf]>> {
        self.look(dir, false);
        let stamp = self.stamp(dir).filter(|s| s.kind == Kind::Folder)?;
        kept(&self.disk.listings, dir, stamp, CAPACITY, || {
            DiskFiles.list(dir)
        })
    }

    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        self.look(path, false);
        // What a link leads to changed when what is there did.
        let stamp = self.stamp(path)?;
        kept(&self.disk.real_paths, path, stamp, CAPACITY, || {
            DiskFiles.real_path(path)
        })
    }

    /// Known to this request, or to an earlier one whose probes would all see the same now;
    /// else worked out, its probes noted.
    fn remember(
        &self,
        key: &Path,
        kind: TypeId,
        make: &mut dyn FnMut() -> Arc<dyn Any + Send + Sync>,
    ) -> Arc<dyn Any + Send + Sync> {
        let id = (kind, key.as_os_str().to_owned());
        let known = lock(&self.request.values).get(&id).cloned();
        if let Some((value, probes)) = known {
            self.used(&probes);
            return value;
        }
        let earlier = lock(&self.disk.values).get(&id).cloned();
        if let Some((value, probes)) = earlier
            && probes.iter().all(|probe| self.still(probe))
        {
            self.used(&probes);
            lock(&self.request.values).insert(id, (value.clone(), probes));
            return value;
        }
        lock(&self.request.working).push(Vec::new());
        let value = make();
        let probes = distinct(lock(&self.request.working).pop().unwrap_or_default());
        self.used(&probes);
        let worked = (value.clone(), probes);
        {
            let mut values = lock(&self.disk.values);
            if values.len() >= CAPACITY {
                values.clear();
            }
            values.insert(id.clone(), worked.clone());
        }
        lock(&self.request.values).insert(id, worked);
        value
    }

    fn open_document(&self, path: &Path) -> Option<&Document> {
        self.look(path, true)
    }

    fn game(&self, path: &Path) -> super::GameChoice {
        self.game.map(|game| game.game(path)).unwrap_or_default()
    }

    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        match self.look(path, true) {
            Some(open) if open.format() == Some(format) => Some(Loaded::Open(open)),
            Some(open) => {
                let text = open.text().into();
                Some(Loaded::Shared(
                    self.disk.documents.document(path, format, text),
                ))
            }
            None => {
                let text = self.disk_text(path)?;
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

    #[test]
    fn taken_as_last_seen_the_disk_is_looked_at_again_after() {
        let dir = std::env::temp_dir().join(format!("retroboard-seen-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("x.ter");
        std::fs::write(&file, "one\n").unwrap();
        let cache = DiskCache::default();
        let read = |last_seen: bool| {
            let request = RequestCache::default();
            let files = EditorFiles::new(&NoneOpen, &cache, &request);
            let files = if last_seen {
                files.as_last_seen()
            } else {
                files
            };
            let text = files.read(&file).map(|t| t.to_string());
            let exists = files.exists(&dir.join("y.ter"));
            (text, exists, request)
        };
        assert_eq!(read(true).0.as_deref(), Some("one\n"));
        // Changed (a new size) and a file added: taken as last seen, the disk is as it was...
        std::fs::write(&file, "three\n").unwrap();
        std::fs::write(dir.join("y.ter"), "").unwrap();
        let (text, exists, request) = read(true);
        assert_eq!((text.as_deref(), exists), (Some("one\n"), false));
        // ...until looked at again: the change is told, and seen from then on.
        assert!(cache.changed_since(&request));
        let (text, exists, request) = read(true);
        assert_eq!((text.as_deref(), exists), (Some("three\n"), true));
        assert!(!cache.changed_since(&request));
        // A request that does not take the disk as last seen looks at it.
        std::fs::remove_file(dir.join("y.ter")).unwrap();
        assert!(!read(false).1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
