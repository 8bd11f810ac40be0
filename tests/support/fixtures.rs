//! The fixtures below `tests/fixtures`: every input file, without the expected output and
//! snapshots kept beside them, the folders' READMEs, or the settings (`retroboard.toml`) some
//! folders hold for their files (their `[game]` version).

use std::path::{Path, PathBuf};

/// Every fixture below `dir`, in path order.
#[allow(dead_code)] // not every test file reads the fixtures themselves
pub fn fixture_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut files = Vec::new();
    files_in_order(dir, &mut files);
    out.extend(
        files
            .into_iter()
            .filter(|path| !is_snapshot(path) && !is_doc(path) && !is_settings(path)),
    );
}

/// Every fixture below `dir` with the text of its `.expected` findings (empty when it has none),
/// in path order.
#[allow(dead_code)] // not every test file reads the expected findings
pub fn expected_findings(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    fixture_files(dir, &mut files);
    files
        .into_iter()
        .map(|path| {
            let mut expected = path.clone().into_os_string();
            expected.push(".expected");
            let text = std::fs::read_to_string(&expected).unwrap_or_default();
            (path, text)
        })
        .collect()
}

/// Every snapshot below `dir` with one of `extensions`, with the fixture it belongs to, in path
/// order.
#[allow(dead_code)] // not every test file reads snapshots
pub fn snapshots(dir: &Path, extensions: &[&str]) -> Vec<(PathBuf, PathBuf)> {
    let mut files = Vec::new();
    files_in_order(dir, &mut files);
    files
        .into_iter()
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
        })
        .map(|path| (path.with_extension(""), path))
        .collect()
}

/// Every file below `dir`: each folder's entries sorted, folders walked where they stand.
fn files_in_order(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_in_order(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Expected output beside a fixture (findings, hover, outline, …): the extensions listed in
/// `snapshot-extensions.txt`, which the editor suites read too.
fn is_snapshot(path: &Path) -> bool {
    path.extension().is_some_and(|e| {
        include_str!("snapshot-extensions.txt")
            .lines()
            .any(|s| e == s.trim())
    })
}

fn is_doc(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "README.md")
}

fn is_settings(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "retroboard.toml")
}

/// The settings that govern a fixture: the `retroboard.toml` of its folder or one above, as
/// `retroboard check` finds them.
#[allow(dead_code)] // not every test file reads settings
pub fn settings_of(path: &Path) -> Option<std::sync::Arc<retroboard::settings::Settings>> {
    retroboard::settings::Discovery::default().for_file(&path.canonicalize().unwrap())
}
