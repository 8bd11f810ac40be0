//! Where the real-file corpus is: `RETROBOARD_CORPUS`, else `../shared/corpus` beside the
//! repository. Tests that need it fail (not skip) when it is missing and `CI` is set; elsewhere
//! they do nothing, and say so where `cargo test` shows it.

use std::io::Write;
use std::path::{Path, PathBuf};

pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("RETROBOARD_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    // Straight to the process's stderr: libtest captures `eprintln!` of passing tests, so the
    // note would never be seen. Once per test binary is enough.
    static NOTED: std::sync::Once = std::sync::Once::new();
    let mut note = Vec::new();
    let found = corpus_at(dir, std::env::var_os("CI").is_some(), &mut note);
    NOTED.call_once(|| {
        let _ = std::io::stderr().write_all(&note);
    });
    found
}

/// `dir` when it is a folder; otherwise a failure under CI, and elsewhere `None` and a note
/// written to `note`.
pub fn corpus_at(dir: PathBuf, ci: bool, note: &mut dyn Write) -> Option<PathBuf> {
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !ci,
        "the corpus is missing at {} (set RETROBOARD_CORPUS)",
        dir.display()
    );
    let _ = writeln!(
        note,
        "note: the real-file corpus is not at {}, so the corpus tests check nothing here (set \
RETROBOARD_CORPUS to its folder; under CI they fail instead)",
        dir.display()
    );
    None
}

/// Every file below `dir`, sorted, skipping documentation (`*.md`, `*.txt`).
#[allow(dead_code)] // not every test file walks the corpus
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if !matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("md" | "txt")
            ) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
