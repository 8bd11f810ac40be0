//! Every repository path named in the docs (README.md, BENCHMARKS.md, docs/) and in the
//! comments of the code, tests, benches, fuzz targets, editor clients and CI scripts exists, and
//! nothing cites the design note kept outside the repository: the repository explains itself.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files read, each with how its comments start (`None`: all of it is read, as docs).
fn files() -> Vec<(PathBuf, Option<&'static str>)> {
    let mut out = Vec::new();
    for doc in ["README.md", "BENCHMARKS.md"] {
        out.push((root().join(doc), None));
    }
    walk(&root().join("docs"), &mut out);
    for folder in [
        "server/src",
        "tests",
        "benches",
        "fuzz",
        "vscode-extension/src",
        "nvim",
        ".ci",
    ] {
        walk(&root().join(folder), &mut out);
    }
    out
}

fn walk(path: &Path, out: &mut Vec<(PathBuf, Option<&'static str>)>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            let name = entry.file_name().unwrap_or_default().to_string_lossy();
            // Fixtures are game files, and build output is not the repository's.
            if !["fixtures", "target", "node_modules", "corpus"].contains(&name.as_ref()) {
                walk(&entry, out);
            }
        }
        return;
    }
    let comment = match path.extension().and_then(|e| e.to_str()) {
        Some("md") => None,
        Some("rs" | "ts" | "js" | "mjs") => Some("//"),
        Some("lua") => Some("--"),
        Some("sh" | "toml" | "yml" | "yaml") => Some("#"),
        None if path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|p| p == ".ci") =>
        {
            Some("#")
        }
        _ => return,
    };
    out.push((path.to_path_buf(), comment));
}

/// What a line says in prose: all of a doc's line, the comment of a code's line.
fn prose<'a>(line: &'a str, comment: Option<&str>) -> Option<&'a str> {
    match comment {
        None => Some(line),
        Some(start) => line.find(start).map(|at| &line[at + start.len()..]),
    }
}

/// The repository paths a text names: `server/src/….rs`, `tests/…`, `docs/….md`,
/// `grammars/…`, `.ci/…` (patterns with `*`, `<` or `{` are not paths).
fn paths_in(text: &str) -> Vec<String> {
    const STARTS: [&str; 5] = ["server/src/", "tests/", "docs/", "grammars/", ".ci/"];
    let mut found = Vec::new();
    for (at, _) in text.char_indices() {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || "_-./~$".contains(c)) {
            continue;
        }
        let Some(start) = STARTS.iter().find(|s| text[at..].starts_with(**s)) else {
            continue;
        };
        let end = text[at..]
            .find(|c: char| !(c.is_alphanumeric() || "_-./*<>{}".contains(c)))
            .map_or(text.len(), |e| at + e);
        let path = text[at..end].trim_end_matches(['.', '/']);
        if path.len() > start.len() && !path.contains(['*', '<', '{']) {
            found.push(path.to_string());
        }
    }
    found
}

#[test]
fn every_path_named_in_docs_and_comments_exists() {
    let mut wrong = Vec::new();
    for (file, comment) in files() {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let shown = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        for (number, line) in text.lines().enumerate() {
            let Some(prose) = prose(line, comment) else {
                continue;
            };
            if prose.contains("DESIGN.md") {
                wrong.push(format!(
                    "{shown}:{}: cites DESIGN.md, which is not in the repository",
                    number + 1
                ));
            }
            for path in paths_in(prose) {
                if !root().join(&path).exists() {
                    wrong.push(format!("{shown}:{}: {path} does not exist", number + 1));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn paths_are_read_from_prose() {
    assert_eq!(
        paths_in("see server/src/registry/detect.rs, tests/fixtures/ and grammars/<format>/."),
        ["server/src/registry/detect.rs", "tests/fixtures"]
    );
    assert_eq!(paths_in("a/tests/x and ../tests/y"), Vec::<String>::new());
    assert_eq!(
        prose("let x = 1; // as tests/layers.rs says", Some("//")),
        Some(" as tests/layers.rs says")
    );
}
