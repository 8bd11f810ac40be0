//! Reading files from disk without trusting what a path leads to. A game file is a regular
//! file of a few KB; a path may instead lead to a named pipe (which blocks until someone
//! writes), a device such as `/dev/zero` (which never ends) or `/dev/stdin`, or a file of
//! gigabytes. Only regular files are opened, and a file's size is checked before it is read.
//! Every read of a file Retroboard was not handed by an editor goes through [`read`].

use std::fmt;
use std::fs::{FileType, OpenOptions};
use std::io::{self, Read};
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
    // Look before opening: opening a FIFO blocks, and opening a device may act on it.
    regular(std::fs::metadata(path)?.file_type())?;
    let file = open_without_waiting(path)?;
    // The path may have been swapped in between: what was opened decides.
    let meta = file.metadata()?;
    regular(meta.file_type())?;
    if meta.len() > cap {
        return Err(ReadError::TooLarge(meta.len(), cap));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // One byte past the cap tells a file that grew while it was read.
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(bytes.len() as u64, cap));
    }
    Ok(bytes)
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
