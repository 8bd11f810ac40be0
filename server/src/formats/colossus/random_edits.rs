//! What the tests of views made from the last ones (`map.rs`, `dialect.rs`) and of the TER's
//! terrain lines (`map.rs`) edit at random: the corpus MAPs and TERs, and a fixed xorshift, so
//! every run makes the same edits.

use std::path::Path;

/// The text of every MAP of `../shared/corpus`, in path order.
pub fn corpus_maps() -> Vec<String> {
    corpus_texts("map")
}

/// The text of every file of `../shared/corpus` with the extension, in path order.
pub fn corpus_texts(extension: &str) -> Vec<String> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let mut found: Vec<_> = walkdir::WalkDir::new(corpus)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == extension))
        .map(|e| e.into_path())
        .collect();
    found.sort();
    found
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

/// A number below `n`, the next of a xorshift from `seed`.
pub fn below(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % n as u64) as usize
}
