//! The files Retroboard reads in a folder: the same for `retroboard check FOLDER` and the
//! language server's whole-workspace check. Hidden files and folders are left out; a link is
//! followed when it leads to a file inside the folder; `[files]` include and exclude of the
//! settings (retroboard.toml) choose among the rest.

use std::path::{Path, PathBuf};

use crate::disk;
use crate::settings::Discovery;
use crate::text;

/// What a walk of a folder found.
#[derive(Default, Debug)]
pub struct Walk {
    /// The files that may be data files, in file-name order.
    pub files: Vec<PathBuf>,
    /// Parts of the folder that could not be walked, in words.
    pub errors: Vec<String>,
    /// Files with a data file's name that are not read, and why.
    pub skipped: Vec<String>,
    /// The walk stopped at its cap: more files lie below the folder.
    pub capped: bool,
}

/// The data files below `dir` (at most `cap` of them), hidden ones left out. A link is
/// followed when it leads to a file inside `dir`; any other link, pipe or device with a data
/// file's name is reported in `skipped`.
pub fn walk(dir: &Path, cap: usize) -> Walk {
    let mut found = Walk::default();
    let real_dir = std::fs::canonicalize(dir).ok();
    let walk = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !is_hidden(e.file_name()));
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                let err = text::terminal_safe(&err.to_string()).into_owned();
                found
                    .errors
                    .push(format!("cannot walk {}: {err}", shown(dir)));
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() || !may_be_data_file(entry.path()) {
            continue;
        }
        let refused = if kind.is_file() {
            None
        } else if entry.path_is_symlink() {
            link_refusal(entry.path(), dir, real_dir.as_deref())
        } else {
            Some(format!("it is {}, not a file", disk::what_it_is(kind)))
        };
        match refused {
            None if found.files.len() >= cap => {
                found.capped = true;
                break;
            }
            None => found.files.push(entry.into_path()),
            Some(why) => found
                .skipped
                .push(format!("skipped {}: {why}", shown(entry.path()))),
        }
    }
    found
}

/// The files a workspace check reads below `roots`: those of each folder's walk that its
/// settings include, `cap` at most in all (the walk's problems are not reported: the editor
/// has no place for them).
pub fn files(roots: &[PathBuf], discovery: &Discovery, cap: usize) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for root in roots {
        let left = cap.saturating_sub(files.len());
        if left == 0 {
            break;
        }
        for path in walk(root, left).files {
            let path = disk::absolute(&path);
            if discovery.for_file(&path).is_none_or(|s| s.includes(&path)) {
                files.push(path);
            }
        }
    }
    files
}

/// Whether a workspace check of `roots` reads the file at `path` (an absolute path): inside a
/// root, in no hidden folder, with a data file's name, and included by its settings.
pub fn reads(roots: &[PathBuf], discovery: &Discovery, path: &Path) -> bool {
    let inside = roots.iter().any(|root| {
        path.strip_prefix(root)
            .is_ok_and(|rest| !rest.iter().any(is_hidden))
    });
    inside && may_be_data_file(path) && discovery.for_file(path).is_none_or(|s| s.includes(path))
}

/// The glob patterns of the files a workspace check reads, for a client to watch: each
/// format's extensions (in lower and upper case), the files of its folders (`Battlelands`),
/// and the settings files. Extension-less files elsewhere (BORD boards) are not watched; any
/// watched change checks the whole workspace again, them included.
pub fn watched_globs() -> Vec<String> {
    let mut extensions: Vec<String> = Vec::new();
    for extension in crate::registry::extensions() {
        for case in [
            extension.to_ascii_lowercase(),
            extension.to_ascii_uppercase(),
        ] {
            if !extensions.contains(&case) {
                extensions.push(case);
            }
        }
    }
    let mut globs = vec![format!("**/*.{{{}}}", extensions.join(","))];
    for entry in &crate::registry::FORMATS {
        if let Some(folder) = entry.evidence.folder {
            let glob = format!("**/{folder}/*");
            if !globs.contains(&glob) {
                globs.push(glob);
            }
        }
    }
    globs.extend(
        crate::settings::FILE_NAMES
            .iter()
            .map(|name| format!("**/{name}")),
    );
    globs
}

/// Why a link found in the walked folder `dir` (`real_dir` with its links resolved) is not
/// followed, or `None` when it leads to a file inside it.
fn link_refusal(link: &Path, dir: &Path, real_dir: Option<&Path>) -> Option<String> {
    let Ok(target) = std::fs::canonicalize(link) else {
        return Some("a broken link".to_string());
    };
    if !real_dir.is_some_and(|real_dir| target.starts_with(real_dir)) {
        return Some(format!("a link that leads outside {}", shown(dir)));
    }
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_file() => None,
        Ok(meta) if meta.is_dir() => {
            Some("a link to a folder (linked folders are not walked)".to_string())
        }
        Ok(meta) => Some(format!(
            "a link to {}, not a file",
            disk::what_it_is(meta.file_type())
        )),
        Err(err) => Some(err.to_string()),
    }
}

fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.to_str().is_some_and(|n| n.starts_with('.'))
}

/// Files with a format's extension; extension-less files may be battlelands or BORD files.
pub fn may_be_data_file(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        None => true,
        Some(ext) => crate::registry::extensions().contains(&ext.to_ascii_lowercase().as_str()),
    }
}

/// A path as it may appear on a terminal line: lossy, control characters shown as `?`.
fn shown(path: &Path) -> String {
    text::terminal_safe(&path.to_string_lossy()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_reads_data_files_skips_hidden_ones_and_stops_at_its_cap() {
        let dir = std::env::temp_dir().join(format!("rb-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        std::fs::create_dir_all(dir.join("V/Battlelands")).unwrap();
        for file in [
            "V/V.map",
            "V/Battlelands/Plains",
            "V/notes.txt",
            ".git/x.map",
            "a.pat",
        ] {
            std::fs::write(dir.join(file), "").unwrap();
        }
        let walked = walk(&dir, 100);
        let names: Vec<_> = walked
            .files
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["V/Battlelands/Plains", "V/V.map", "a.pat"]);
        assert!(!walked.capped);
        let capped = walk(&dir, 2);
        assert_eq!(capped.files.len(), 2);
        assert!(capped.capped);

        let discovery = Discovery::default();
        std::fs::write(
            dir.join("retroboard.toml"),
            "[files]\nexclude = [\"a.pat\"]\n",
        )
        .unwrap();
        let roots = [dir.clone()];
        assert_eq!(files(&roots, &discovery, 100).len(), 2);
        assert!(reads(&roots, &discovery, &dir.join("V/V.map")));
        assert!(!reads(&roots, &discovery, &dir.join("a.pat")));
        assert!(!reads(&roots, &discovery, &dir.join(".git/x.map")));
        assert!(!reads(&roots, &discovery, Path::new("/elsewhere/V.map")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_watched_globs_name_every_extension_folder_and_settings_file() {
        let globs = watched_globs();
        assert!(globs[0].starts_with("**/*.{"), "{globs:?}");
        for extension in crate::registry::extensions() {
            assert!(globs[0].contains(extension), "{extension}: {globs:?}");
        }
        assert!(globs.contains(&"**/Battlelands/*".to_string()), "{globs:?}");
        assert!(
            globs.contains(&"**/retroboard.toml".to_string()),
            "{globs:?}"
        );
    }
}
