//! Where the real-file corpus is: `RETROBOARD_CORPUS`, else `../shared/corpus` beside the
//! repository. Tests that need it fail (not skip) when it is missing and `CI` is set.

use std::path::{Path, PathBuf};

pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("RETROBOARD_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "the corpus is missing at {} (set RETROBOARD_CORPUS)",
        dir.display()
    );
    eprintln!(
        "corpus not found at {}; corpus tests do nothing here",
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
