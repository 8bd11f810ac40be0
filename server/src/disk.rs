//! Reading files from disk without trusting what a path leads to. A game file is a regular
//! file of a few KB; a path may instead lead to a named pipe (which blocks until someone
//! writes), a device such as `/dev/zero` (which never ends) or `/dev/stdin`, or a file of
//! gigabytes. Only regular files are opened, and a file's size is checked before it is read.
//! Every read of a file Retroboard was not handed by an editor goes through [`read`].
//!
//! Writing ([`replace`]) goes to a new file of an unpredictable name beside the target, created
//! exclusively (never through a link someone planted there), then moved over the target: only
//! onto a regular file or a new path, only when the file is still what was read, its owner and
//! permissions kept.

use std::fmt;
use std::fs::{FileType, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    /// It is not a regular file; what it is instead ("a named pipe", "a device", …).
    NotAFile(&'static str),
    /// It is larger than the cap: its size in bytes.
    /// The file has `.0` bytes, more than the `.1` it may have.
    TooLarge(u64, u64),
}

impl From<io::Error> for ReadError {
    fn from(err: io::Error) -> ReadError {
        ReadError::Io(err)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(err) => write!(f, "{err}"),
            ReadError::NotAFile(what) => write!(f, "it is {what}, not a file"),
            ReadError::TooLarge(bytes, cap) => write!(
                f,
                "it is {} MB, larger than the {} MB Retroboard reads",
                bytes / (1024 * 1024),
                cap / (1024 * 1024)
            ),
        }
    }
}

/// The bytes of the regular file at `path` (links followed), when it holds at most `cap`.
pub fn read(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    read_stamped(path, cap).map(|(bytes, _)| bytes)
}

/// Which file a path led to, its size and when it last changed: what tells, with its bytes,
/// whether a file read earlier is still the same ([`replace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    device: u64,
    inode: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl Stamp {
    fn of(meta: &Metadata) -> Stamp {
        #[cfg(unix)]
        let (device, inode) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (device, inode) = (0, 0);
        Stamp {
            device,
            inode,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}

/// [`read`], with the file's stamp as it was once read.
pub fn read_stamped(path: &Path, cap: u64) -> Result<(Vec<u8>, Stamp), ReadError> {
    // Look before opening: opening a FIFO blocks, and opening a device may act on it.
    regular(std::fs::metadata(path)?.file_type())?;
    let mut file = open_without_waiting(path)?;
    // The path may have been swapped in between: what was opened decides.
    let meta = file.metadata()?;
    regular(meta.file_type())?;
    if meta.len() > cap {
        return Err(ReadError::TooLarge(meta.len(), cap));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // One byte past the cap tells a file that grew while it was read.
    (&mut file)
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(bytes.len() as u64, cap));
    }
    Ok((bytes, Stamp::of(&file.metadata()?)))
}

/// Why a file was not written.
#[derive(Debug)]
pub enum WriteError {
    Io(io::Error),
    /// The path leads to something other than a regular file ("a named pipe", "a device", …).
    NotAFile(&'static str),
    /// The path is a link that leads nowhere.
    Dangling,
    /// The file is no longer what was read: someone else changed, replaced or removed it.
    Changed,
}

impl From<io::Error> for WriteError {
    fn from(err: io::Error) -> WriteError {
        WriteError::Io(err)
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Io(err) => write!(f, "{err}"),
            WriteError::NotAFile(what) => {
                write!(f, "it is {what}, not a file (name a file or a new path)")
            }
            WriteError::Dangling => write!(
                f,
                "it is a link to a file that does not exist (name a file or a new path)"
            ),
            WriteError::Changed => write!(
                f,
                "it changed on the disk since Retroboard read it; nothing was written (run the \
command again)"
            ),
        }
    }
}

/// Where `path` may be written: the regular file it leads to (its links followed) with its
/// metadata, or `path` itself when nothing is there yet.
pub fn write_target(path: &Path) -> Result<(PathBuf, Option<Metadata>), WriteError> {
    match std::fs::symlink_metadata(path) {
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok((path.to_path_buf(), None)),
        Err(err) => Err(err.into()),
        Ok(_) => {
            let target = std::fs::canonicalize(path).map_err(|err| match err.kind() {
                io::ErrorKind::NotFound => WriteError::Dangling,
                _ => err.into(),
            })?;
            let meta = std::fs::metadata(&target)?;
            if !meta.is_file() {
                return Err(WriteError::NotAFile(what_it_is(meta.file_type())));
            }
            Ok((target, Some(meta)))
        }
    }
}

/// Writes `bytes` as the file at `path`: the regular file it leads to (a link stays a link), or
/// a new file. The bytes go into a new file beside it, created exclusively under a name nobody
/// can guess, given the old file's owner (as far as allowed) and permissions, then moved over
/// it: a failure midway leaves the old file whole. `was`: the bytes and stamp the file had
/// when it was read; if it no longer has them, nothing is written ([`WriteError::Changed`]).
pub fn replace(path: &Path, bytes: &[u8], was: Option<(&[u8], Stamp)>) -> Result<(), WriteError> {
    let (target, old) = write_target(path)?;
    if was.is_some() && old.is_none() {
        return Err(WriteError::Changed);
    }
    let (temporary, mut file) = create_beside(&target, old.is_some())?;
    let written = (|| {
        if let Some(old) = &old {
            // The owner first: changing it may clear the set-user-ID bit the mode then sets.
            #[cfg(unix)]
            keep_owner(&file, old)?;
            file.set_permissions(old.permissions())?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Some((was_bytes, was_stamp)) = was {
            match read_stamped(&target, was_bytes.len() as u64) {
                Ok((now, stamp)) if stamp == was_stamp && now == was_bytes => {}
                Ok(_) | Err(ReadError::TooLarge(..) | ReadError::NotAFile(_)) => {
                    return Err(WriteError::Changed);
                }
                Err(ReadError::Io(err)) if err.kind() == io::ErrorKind::NotFound => {
                    return Err(WriteError::Changed);
                }
                Err(ReadError::Io(err)) => return Err(err.into()),
            }
        }
        std::fs::rename(&temporary, &target)?;
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
        return written;
    }
    // The new name itself lasts once the folder is on the disk too.
    if let Some(folder) = target.parent().filter(|f| !f.as_os_str().is_empty())
        && let Ok(folder) = std::fs::File::open(folder)
    {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// A new, empty file in the folder of `target`, named after it with a random tail, created
/// only if nothing (not even a link) has that name. `private`: only its owner may read it
/// (until it is given the permissions of the file it replaces); else it has the usual ones.
fn create_beside(target: &Path, private: bool) -> io::Result<(PathBuf, std::fs::File)> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options
            .mode(if private { 0o600 } else { 0o666 })
            .custom_flags(libc::O_NOFOLLOW);
    }
    let mut last = None;
    for _ in 0..16 {
        let temporary = target.with_file_name(format!(".{name}.retroboard-{:016x}", random()));
        match options.open(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => last = Some(err),
            Err(err) => return Err(err),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::from(io::ErrorKind::AlreadyExists)))
}

/// 64 bits no one can predict: std's hasher keys are drawn from the system's randomness.
fn random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.finish()
}

/// Gives `file` the owner and group of `old`: both as root, the group alone where the user
/// belongs to it, else neither (the file is then the user's, as any file they write).
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, old: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, fchown};
    let mine = file.metadata()?;
    if (mine.uid(), mine.gid()) == (old.uid(), old.gid()) {
        return Ok(());
    }
    match fchown(file, Some(old.uid()), Some(old.gid())) {
        Err(err) if err.kind() == io::ErrorKind::PermissionDenied => {
            match fchown(file, None, Some(old.gid())) {
                Err(err) if err.kind() == io::ErrorKind::PermissionDenied => Ok(()),
                other => other,
            }
        }
        other => other,
    }
}

fn regular(file_type: FileType) -> Result<(), ReadError> {
    if file_type.is_file() {
        Ok(())
    } else {
        Err(ReadError::NotAFile(what_it_is(file_type)))
    }
}

/// What a file that is not a regular file is, in a user's words.
pub fn what_it_is(file_type: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_file() {
        "a file"
    } else {
        "something other than a file"
    }
}

/// Opens for reading without ever waiting (a FIFO swapped in after the check opens at once)
/// and without making a terminal the process's controlling terminal.
fn open_without_waiting(path: &Path) -> io::Result<std::fs::File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// A path with its links resolved (`std::fs::canonicalize`), `None` when it is not on disk.
pub type RealPath<'a> = &'a dyn Fn(&Path) -> Option<PathBuf>;

/// The real paths (links resolved by `real_path`) of the folders that exist.
pub fn real_folders(folders: &[&Path], real_path: RealPath) -> Vec<PathBuf> {
    folders
        .iter()
        .filter_map(|folder| real_path(folder))
        .collect()
}

/// Whether `path`, its links resolved, lies inside one of `real_folders` (see
/// [`real_folders`]). A path that is not on disk (an editor's unsaved buffer) has no link to
/// follow.
pub fn stays_inside(path: &Path, real_folders: &[PathBuf], real_path: RealPath) -> bool {
    let Some(real) = real_path(path) else {
        return true;
    };
    real_folders.iter().any(|folder| real.starts_with(folder))
}

/// `path` made absolute against the working directory, with `.` and `..` taken away as the
/// user reads them (`a/b/..` is `a`), links left as they are: the file's place among its
/// folders (its variant folder, that folder's parent) is then the same from any working
/// directory.
pub fn absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        match std::env::current_dir() {
            Ok(cwd) => cwd.join(path),
            Err(_) => return path.to_path_buf(),
        }
    };
    let mut out = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                // Above the root is the root.
                if !out.pop() && !out.has_root() {
                    out.push(component);
                }
            }
            _ => out.push(component),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("retroboard-disk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn only_regular_files_up_to_the_cap_are_read() {
        let dir = scratch("read");
        let file = dir.join("small.ter");
        std::fs::write(&file, "B green Brush\n").unwrap();
        assert_eq!(read(&file, 14).unwrap(), b"B green Brush\n");
        assert!(matches!(read(&file, 13), Err(ReadError::TooLarge(14, 13))));
        assert!(matches!(
            read(&dir, 99),
            Err(ReadError::NotAFile("a folder"))
        ));
        assert!(matches!(
            read(Path::new("/dev/zero"), 99),
            Err(ReadError::NotAFile("a device"))
        ));
        assert!(matches!(
            read(&dir.join("missing"), 99),
            Err(ReadError::Io(err)) if err.kind() == io::ErrorKind::NotFound
        ));
    }

    #[test]
    fn links_stay_inside_when_their_target_does() {
        let dir = scratch("inside");
        std::fs::create_dir_all(dir.join("in")).unwrap();
        std::fs::write(dir.join("in/a"), "a").unwrap();
        std::fs::write(dir.join("out"), "b").unwrap();
        std::os::unix::fs::symlink("a", dir.join("in/near")).unwrap();
        std::os::unix::fs::symlink("../out", dir.join("in/far")).unwrap();
        let inside = dir.join("in");
        let real = &|p: &Path| std::fs::canonicalize(p).ok();
        let only_in = real_folders(&[&inside, &dir.join("missing")], real);
        assert_eq!(only_in, [inside.canonicalize().unwrap()]);
        assert!(stays_inside(&inside.join("a"), &only_in, real));
        assert!(stays_inside(&inside.join("near"), &only_in, real));
        assert!(!stays_inside(&inside.join("far"), &only_in, real));
        assert!(stays_inside(
            &inside.join("far"),
            &real_folders(&[&inside, &dir], real),
            real
        ));
        assert!(stays_inside(&inside.join("unsaved"), &only_in, real));
    }

    #[test]
    fn absolute_paths_read_dots_as_the_user_does() {
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(absolute(Path::new("x.ter")), cwd.join("x.ter"));
        assert_eq!(absolute(Path::new("./x.ter")), cwd.join("x.ter"));
        assert_eq!(absolute(Path::new(".")), cwd);
        assert_eq!(absolute(Path::new("/a/b/../c/./d")), Path::new("/a/c/d"));
        assert_eq!(absolute(Path::new("/..")), Path::new("/"));
    }
}
