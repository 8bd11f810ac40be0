//! Every repository path named in the docs (README.md, BENCHMARKS.md, docs/) and in the
//! comments of the code, tests, benches, fuzz targets, editor clients and CI scripts exists, and
//! no note outside the repository is cited (a Markdown file named that the repository does not
//! hold): the repository explains itself.

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

/// The names of the repository's Markdown files.
fn markdown_names() -> Vec<String> {
    let mut names = Vec::new();
    let mut folders = vec![root()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() {
                if !["target", "node_modules", ".git"].contains(&name.as_ref()) {
                    folders.push(path);
                }
            } else if name.ends_with(".md") {
                names.push(name.into_owned());
            }
        }
    }
    names
}

/// The Markdown files a text names (`README.md`, `docs/lsp.md`), by file name.
fn notes_in(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices(".md") {
        let after = text[at + 3..].chars().next();
        if after.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let start = text[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || "_-".contains(c)))
            .map_or(0, |i| {
                i + text[i..].chars().next().map_or(1, char::len_utf8)
            });
        if start < at {
            found.push(&text[start..at + 3]);
        }
    }
    found
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
    let notes = markdown_names();
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
            for note in notes_in(prose) {
                if !notes.iter().any(|n| n == note) {
                    wrong.push(format!(
                        "{shown}:{}: cites {note}, which is not in the repository",
                        number + 1
                    ));
                }
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
        notes_in("as NOTES.md §5 says (see docs/lsp.md, README.md.) but not x.mdx"),
        ["NOTES.md", "lsp.md", "README.md"]
    );
    assert_eq!(
        prose("let x = 1; // as tests/layers.rs says", Some("//")),
        Some(" as tests/layers.rs says")
    );
}
