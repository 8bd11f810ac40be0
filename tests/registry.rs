//! The editors' copies of the registry agree with it: the VS Code extension's languages, when
//! clauses and detection constants, and the Neovim plugin's filetypes, grammar names and
//! detection constants. A sixth format added to the registry fails here until every editor
//! knows it. (The detection rules themselves are checked by the shared table of cases,
//! tests/detection/cases.json, in all three.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use retroboard::registry::{DETECTION_BYTES, DETECTION_LINES, FORMATS, extensions};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn ids() -> Vec<&'static str> {
    FORMATS.iter().map(|e| e.name).collect()
}

/// The quoted strings of a list that starts after `start` and ends at the next `end`.
fn quoted_list(text: &str, start: &str, end: &str) -> Vec<String> {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}")) + start.len();
    let to = from + text[from..].find(end).unwrap();
    text[from..to]
        .split(['\'', '"'])
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn number_after(text: &str, name: &str) -> usize {
    let at = text.find(name).unwrap_or_else(|| panic!("no {name}")) + name.len();
    let digits: String = text[at..]
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

#[test]
fn vscode_languages_are_the_registrys() {
    let package: serde_json::Value =
        serde_json::from_str(&read("vscode-extension/package.json")).unwrap();
    let languages = package["contributes"]["languages"].as_array().unwrap();
    let language_ids: Vec<&str> = languages
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        language_ids.iter().copied().collect::<BTreeSet<_>>(),
        ids().into_iter().collect::<BTreeSet<_>>()
    );
    // VS Code gives each extension to one language; the extension then corrects it by content.
    let mut contributed = Vec::new();
    for language in languages {
        for extension in language["extensions"].as_array().into_iter().flatten() {
            contributed.push(extension.as_str().unwrap().to_string());
        }
    }
    let mut expected: Vec<String> = extensions().iter().map(|e| format!(".{e}")).collect();
    contributed.sort();
    expected.sort();
    assert_eq!(
        contributed, expected,
        "each extension once, on some language"
    );
    for entry in &FORMATS {
        let language = languages.iter().find(|l| l["id"] == entry.name).unwrap();
        if let Some(folder) = entry.evidence.folder {
            assert_eq!(
                language["filenamePatterns"],
                serde_json::json!([format!("**/{folder}/*")]),
                "{}",
                entry.name
            );
        }
        let defaults =
            &package["contributes"]["configurationDefaults"][format!("[{}]", entry.name)];
        assert!(
            defaults.is_object(),
            "configurationDefaults of {}",
            entry.name
        );
    }
    // The extension starts with a folder holding a file the server's workspace check reads.
    let activation: Vec<&str> = package["activationEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.as_str()?.strip_prefix("workspaceContains:"))
        .collect();
    assert_eq!(activation, retroboard::workspace::watched_globs());
    // Menus and key bindings name every language.
    let when = format!("/^({})$/", ids().join("|"));
    let text = read("vscode-extension/package.json");
    let clauses: Vec<&str> = text
        .match_indices("LangId =~ ")
        .map(|(at, _)| &text[at..])
        .collect();
    assert!(!clauses.is_empty());
    for clause in clauses {
        assert!(
            clause["LangId =~ ".len()..].starts_with(&when),
            "a when clause does not list the registry's formats as {when}: {}",
            &clause[..clause.find('"').unwrap()]
        );
    }
}

#[test]
fn vscode_detection_knows_every_format() {
    let sniff = read("vscode-extension/src/sniff.ts");
    let mut listed = quoted_list(&sniff, "LANGUAGE_IDS = [", "]");
    let mut expected: Vec<String> = ids().iter().map(|s| s.to_string()).collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
    assert_eq!(number_after(&sniff, "HEAD_BYTES ="), DETECTION_BYTES);
    assert_eq!(number_after(&sniff, "HEAD_LINES ="), DETECTION_LINES);
}

#[test]
fn neovim_filetypes_are_the_registrys() {
    let detect = read("nvim/lua/retroboard/detect.lua");
    let filetypes = quoted_list(&detect, "M.filetypes = {", "}");
    assert_eq!(filetypes, ids());
    let lsp = read("nvim/lsp/retroboard.lua");
    // The server's, and toml for retroboard.toml.
    let served: Vec<&str> = ids().into_iter().chain(["toml"]).collect();
    assert_eq!(quoted_list(&lsp, "filetypes = {", "}"), served);
    // Each filetype's tree-sitter language is its grammar's name.
    let languages = quoted_list(&detect, "M.languages = {", "}");
    let pairs: Vec<(String, String)> = languages
        .chunks(2)
        .map(|pair| (pair[0].clone(), pair[1].clone()))
        .collect();
    let expected: Vec<(String, String)> = ids()
        .iter()
        .map(|id| (id.to_string(), id.replace('-', "_")))
        .collect();
    assert_eq!(pairs, expected);
    assert_eq!(number_after(&detect, "local HEAD_BYTES ="), DETECTION_BYTES);
    assert_eq!(number_after(&detect, "local HEAD_LINES ="), 64);
}

#[test]
fn every_format_has_a_grammar() {
    for entry in &FORMATS {
        assert!(
            repo()
                .join("grammars")
                .join(entry.name)
                .join("grammar.js")
                .is_file(),
            "grammars/{}/grammar.js",
            entry.name
        );
    }
}

#[test]
fn every_grammar_is_a_format_of_the_registry() {
    let grammars: BTreeSet<&str> = retroboard_grammars::GRAMMARS
        .iter()
        .map(|g| g.format_id)
        .collect();
    assert_eq!(grammars, ids().into_iter().collect::<BTreeSet<_>>());
}

/// The VS Code extension gives Even Better TOML the schema of every name a settings file may
/// have, and the packaged extension holds it (copied from schemas/ by scripts/package.mjs).
#[test]
fn vscode_validates_every_settings_file_name_with_the_shipped_schema() {
    let package: serde_json::Value =
        serde_json::from_str(&read("vscode-extension/package.json")).unwrap();
    let validations = package["contributes"]["tomlValidation"].as_array().unwrap();
    let matched: BTreeSet<&str> = validations
        .iter()
        .map(|v| v["fileMatch"].as_str().unwrap())
        .collect();
    assert_eq!(
        matched,
        retroboard::settings::FILE_NAMES.into_iter().collect()
    );
    for validation in validations {
        assert_eq!(validation["url"], "./schemas/retroboard.schema.json");
    }
    assert!(
        read("vscode-extension/.vscodeignore")
            .lines()
            .any(|l| l == "!schemas/retroboard.schema.json")
    );
    assert!(read("vscode-extension/scripts/package.mjs").contains("'retroboard.schema.json'"));
    assert!(repo().join("schemas/retroboard.schema.json").is_file());
}
