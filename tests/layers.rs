//! The layers of server/src, bottom to top: a module uses only modules of its own layer or
//! below, and the modules' graph has no cycle. Test code (`#[cfg(test)]` modules, `tests.rs`
//! files, `test_support`) may reach up, to test a piece through the whole path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top-level module of server/src, by layer. A new module must be given one.
const LAYERS: &[&[&str]] = &[
    // Vocabulary: text positions and encodings, findings and codes, format ids and detection,
    // the answers features give, drawing primitives, reading files, background work's pauses.
    &["text", "findings", "registry", "answers", "draw", "disk"],
    // From text to tree.
    &["syntax"],
    // What each format means.
    &["formats"],
    // Features over any format.
    &[
        "analysis",
        "ide",
        "render",
        "formatting",
        "settings",
        "suppressions",
        "workspace",
    ],
    // Front ends.
    &["lsp", "cli"],
];

/// Modules only tests build.
const TEST_ONLY: &[&str] = &["test_support"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            rust_files(&entry, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The source a module builds into the server, without comments and test modules.
fn built_lines(text: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    let mut in_tests = false;
    let mut previous = "";
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if previous.trim() == "#[cfg(test)]" && trimmed.starts_with("mod ") {
            in_tests = true;
        }
        previous = line;
        if in_tests || trimmed.starts_with("//") {
            continue;
        }
        lines.push((index + 1, line));
    }
    lines
}

/// For each top-level module, the top-level modules it uses and where.
fn uses() -> BTreeMap<String, BTreeMap<String, String>> {
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut entries: Vec<_> = std::fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for entry in entries {
        let name = entry.file_stem().unwrap().to_string_lossy().into_owned();
        if ["lib", "main"].contains(&name.as_str()) || TEST_ONLY.contains(&name.as_str()) {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&entry, &mut files);
        let used = graph.entry(name.clone()).or_default();
        for file in files {
            if file.file_name().is_some_and(|f| f == "tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            for (line_number, line) in built_lines(&text) {
                for (at, _) in line.match_indices("crate::") {
                    let rest = &line[at + "crate::".len()..];
                    let target: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !target.is_empty() && target != name {
                        let place = format!(
                            "{}:{line_number}",
                            file.strip_prefix(src().parent().unwrap())
                                .unwrap()
                                .display()
                        );
                        used.entry(target).or_insert(place);
                    }
                }
            }
        }
    }
    graph
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn every_module_uses_only_its_layer_and_those_below() {
    let mut wrong = Vec::new();
    for (module, used) in uses() {
        let Some(layer) = layer_of(&module) else {
            wrong.push(format!(
                "{module} has no layer: add it to LAYERS in tests/layers.rs"
            ));
            continue;
        };
        for (target, place) in used {
            if TEST_ONLY.contains(&target.as_str()) {
                continue;
            }
            match layer_of(&target) {
                Some(target_layer) if target_layer <= layer => {}
                _ => wrong.push(format!(
                    "{module} (layer {layer}) uses {target} (layer {}) at {place}",
                    layer_of(&target).map_or("none".to_string(), |l| l.to_string())
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_modules_graph_has_no_cycle() {
    let graph = uses();
    // Depth-first search for a way back to where it started.
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut cycle = path[start..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for target in graph.get(module).into_iter().flat_map(|used| used.keys()) {
            if let Some(cycle) = visit(target, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(cycle) = visit(module, &graph, &mut Vec::new(), &mut done) {
            let steps: Vec<String> = cycle
                .windows(2)
                .map(|pair| {
                    format!(
                        "{} uses {} at {}",
                        pair[0], pair[1], graph[&pair[0]][&pair[1]]
                    )
                })
                .collect();
            panic!("a cycle among server/src's modules:\n{}", steps.join("\n"));
        }
    }
}
