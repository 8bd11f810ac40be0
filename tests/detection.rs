//! The shared table of detection cases, `tests/detection/cases.json`: a path and a text, and the
//! format id they must be read as (`null`: none). The same table is run by the VS Code
//! extension's unit tests (vscode-extension/test/detection.test.ts) and by the Neovim suite
//! (tests/nvim/main.lua), so the three detections agree.

use std::path::Path;

use retroboard::registry::detect;
use serde_json::Value;

#[test]
fn every_case_of_the_shared_table_detects_as_written() {
    let table = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/detection/cases.json");
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&table).unwrap()).unwrap();
    assert!(cases.len() >= 90, "the table lost its cases");
    let mut wrong = Vec::new();
    for case in &cases {
        let path = case["path"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        let expected = case["format"].as_str();
        let actual = detect(Some(Path::new(path)), text).map(|f| f.as_str());
        if actual != expected {
            wrong.push(format!(
                "{path} ({}): expected {expected:?}, got {actual:?}",
                case["why"].as_str().unwrap_or("")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}
