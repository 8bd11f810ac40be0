//! The fixtures below `tests/fixtures`: every input file, without the expected output and
//! snapshots kept beside them, or the folders' READMEs.

use std::path::{Path, PathBuf};

/// Every fixture below `dir`, in path order.
pub fn fixture_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            fixture_files(&path, out);
        } else if !is_snapshot(&path) && !is_doc(&path) {
            out.push(path);
        }
    }
}

/// Expected output beside a fixture: findings, hover, outline, highlights, preview.
fn is_snapshot(path: &Path) -> bool {
    path.extension().is_some_and(|e| {
        ["expected", "hover", "outline", "highlights", "preview"]
            .iter()
            .any(|s| e == *s)
    })
}

fn is_doc(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "README.md")
}
