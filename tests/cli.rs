//! The `retroboard` command line, run as a user runs it.

#[path = "support/corpus.rs"]
mod corpus;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn retroboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run retroboard")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn fixture(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .join(relative);
    path.to_str().unwrap().to_string()
}

/// A scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("retroboard-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn version_and_help() {
    let out = retroboard(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        format!("retroboard {}\n", env!("CARGO_PKG_VERSION"))
    );
    for sub in [
        &["--help"][..],
        &["check", "--help"],
        &["explain", "--help"],
        &["lsp", "--help"],
    ] {
        let out = retroboard(sub);
        assert!(out.status.success(), "{sub:?}");
        assert!(
            stdout(&out).contains("Usage: retroboard"),
            "{sub:?}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn usage_errors_are_one_line_and_exit_2() {
    for args in [
        &["check"][..],
        &["check", "--format", "xml", "x"],
        &["frobnicate"],
    ] {
        let out = retroboard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("retroboard: "), "{err}");
    }
    let out = retroboard(&["check", "/no/such/file.map"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1);
    assert!(stderr(&out).starts_with("retroboard: cannot read /no/such/file.map: "));
}

#[test]
fn broken_file_exits_1_and_underlines_the_line() {
    let path = fixture("colossus/Broken/Broken.ter");
    let out = retroboard(&["check", &path]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("error[colossus/syntax-error]"), "{text}");
    assert!(text.contains("B green Brush maybe 1 Gargoyle"), "{text}");
    assert!(text.contains("^^^^^"), "{text}");
}

#[test]
fn json_output_follows_the_contract() {
    let path = fixture("colossus/Broken/Broken.ter");
    let out = retroboard(&["check", "--format", "json", &path]);
    assert_eq!(out.status.code(), Some(1));
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = &items.as_array().unwrap()[0];
    assert_eq!(first["path"], path.as_str());
    assert_eq!(first["format"], "colossus-ter");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["code"], "colossus/syntax-error");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(1), Some(15))
    );
    assert_eq!(
        (first["end_line"].as_u64(), first["end_column"].as_u64()),
        (Some(1), Some(20))
    );
}

#[test]
fn sarif_output_is_2_1_0() {
    let path = fixture("colossus/Broken/Broken.ter");
    let out = retroboard(&["check", "--format", "sarif", &path]);
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "colossus/syntax-error");
    assert_eq!(result["level"], "error");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["region"]["startColumn"],
        15
    );
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert!(rules.iter().any(|r| r["id"] == "colossus/syntax-error"));
}

#[test]
fn folders_are_walked_and_unknown_files_skipped() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join("V/Battlelands")).unwrap();
    std::fs::write(dir.join("V/V.var"), "# a variant in the making\n").unwrap();
    std::fs::write(dir.join("V/Battlelands/Bog"), "1 1 o 0\n").unwrap();
    std::fs::write(dir.join("V/notes.txt"), "not data").unwrap();
    std::fs::write(dir.join("V/README"), "no extension, not a board").unwrap();
    std::fs::write(dir.join("V/chit.map"), b"GIF89a\0\0\0").unwrap();
    let out = retroboard(&["check", "--format", "json", dir.to_str().unwrap()]);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 1, "{items:#?}");
    assert_eq!(items[0]["code"], "retroboard/not-text");
    assert!(items[0]["path"].as_str().unwrap().ends_with("chit.map"));
    assert_eq!(out.status.code(), Some(1));

    std::fs::remove_file(dir.join("V/chit.map")).unwrap();
    let out = retroboard(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("checked 2 files: 0 error(s), 0 warning(s), 0 note(s)"));

    // A file named on the command line is always reported, even when it is none of the formats.
    let notes = dir.join("V/notes.txt");
    let out = retroboard(&["check", "--format", "json", notes.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items[0]["code"], "retroboard/unknown-format");
    assert_eq!(items[0]["severity"], "information");
}

#[test]
fn legacy_encodings_keep_columns() {
    let dir = scratch("encodings");
    // Windows-1252 "øø" (2 bytes; 4 in UTF-8) that the game's lexer cannot read: the columns
    // count characters of the original file.
    let path = dir.join("Grøn.ter");
    std::fs::write(&path, b"B gr\xf8\xf8n Brush true 1 Ogre\n").unwrap();
    let out = retroboard(&["check", "--format", "json", path.to_str().unwrap()]);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let item = &items[0];
    assert_eq!(
        item["message"],
        "unexpected `øø` in a terrain line; expected a name (letters only)"
    );
    assert_eq!(
        (item["line"].as_u64(), item["column"].as_u64()),
        (Some(1), Some(5))
    );
    assert_eq!(item["end_column"].as_u64(), Some(7));
    // Classic Mac text: lone CR line ends, Mac Roman "©"; a clean Othello board.
    let path = dir.join("Opening.bord");
    let board = format!("{}WB{}BW{}", "0".repeat(27), "0".repeat(6), "0".repeat(27));
    let mut bytes = format!("28\r4\rD4D5E4E5\r{board}\r").into_bytes();
    bytes.extend_from_slice(b"\xa9 1996 Yellow Lemon Software\r");
    std::fs::write(&path, bytes).unwrap();
    let out = retroboard(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "[]\n");
}

#[test]
fn explain_every_code() {
    let out = retroboard(&["explain"]);
    assert!(out.status.success());
    let list = stdout(&out);
    for code in [
        "retroboard/unknown-format",
        "retroboard/not-text",
        "colossus/syntax-error",
        "patience/syntax-error",
    ] {
        assert!(list.contains(code), "{code} missing from:\n{list}");
    }
    let out = retroboard(&["explain", "retroboard/unknown-format"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Battlelands/<name>"));
    let out = retroboard(&["explain", "nope/nothing"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn corpus_folders_check_clean() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    for folder in [
        "colossus/Default",
        "colossus/Badlands",
        "colossus/ExtTitan",
        "colossus/Outlands",
        "colossus/TitanPlus",
        "pegsolitaire",
    ] {
        let out = retroboard(&["check", root.join(folder).to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{folder}:\n{}", stdout(&out));
        assert!(
            stdout(&out).contains(" 0 error(s), 0 warning(s)"),
            "{folder}:\n{}",
            stdout(&out)
        );
    }
}

#[test]
fn readme_lists_every_code() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let listing = stdout(&retroboard(&["explain"]));
    let missing: Vec<&str> = listing
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|code| !readme.contains(&format!("`{code}`")))
        .collect();
    assert!(missing.is_empty(), "README.md does not list: {missing:?}");
}

#[test]
fn render_draws_text_svg_and_png() {
    let map = fixture("colossus/Tiny/Tiny.map");
    let out = retroboard(&["render", "--text", &map]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).starts_with("Tiny.map — masterboard, 8 hexes, 6 towers\n"),
        "{}",
        stdout(&out)
    );
    let out = retroboard(&["render", &map]);
    assert!(stdout(&out).starts_with("<svg "));
    let dir = scratch("render");
    let png = dir.join("tiny.png");
    let out = retroboard(&["render", &map, "-o", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::read(&png)
            .unwrap()
            .starts_with(b"\x89PNG\r\n\x1a\n")
    );
    let out = retroboard(&["render", &map, "-o", dir.join("tiny.gif").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1);
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "not a board").unwrap();
    let out = retroboard(&["render", "--text", notes.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "Retroboard does not recognise this file, so it cannot draw it.\n"
    );
}

#[test]
fn files_and_lines_too_large_are_refused_in_one_clear_finding() {
    let dir = scratch("large");
    // Past 16 MB: refused from its size alone, without being read.
    let huge = dir.join("huge.pat");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(17 * 1024 * 1024).unwrap();
    let out = retroboard(&["check", huge.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        huge.to_str().unwrap().to_string()
            + ": read as Crossmines pattern [crossmines-pattern]\n"
            + "warning[retroboard/too-large]: this file is 17.0 MB; Retroboard checks files up to \
16.0 MB (the games' own files are a few KB), so it is not checked. Check a smaller part of it\n"
            + "  ┌─ "
            + huge.to_str().unwrap()
            + ":1:1\n  │\n1 │ \n  │ ^\n\nchecked 1 file: 0 error(s), 1 warning(s), 0 note(s)\n"
    );
    let out = retroboard(&["render", "--text", huge.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: cannot draw {}: it is 17 MB, larger than the 16 MB Retroboard reads\n",
            huge.display()
        )
    );
    // One 1 MB line: the place is named, the line is not printed.
    let long = dir.join("long.bord");
    std::fs::write(&long, format!("BORD\n{}\n", "x".repeat(1024 * 1024))).unwrap();
    let out = retroboard(&["check", long.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "{0}: read as Super Othello board [othello-bord]\n\
warning[retroboard/too-large]: line 2 is 1.0 MB long; Retroboard reads lines up to \
64 KB (the games' lines are a few hundred characters at most), so the file is not checked. \
Break the line up or remove it\n = at {0}:2:1 (the line is too long to show)\n\n\
checked 1 file: 0 error(s), 1 warning(s), 0 note(s)\n",
            long.display()
        )
    );
    let out = retroboard(&["render", "--text", long.to_str().unwrap()]);
    assert_eq!(
        stdout(&out),
        "Line 2 is too long for Retroboard to read (more than 64 KB), so nothing is drawn.\n"
    );
}

// ---- issue #20: `check` names the format it read a file as; `--as` forces one ----------------

#[test]
fn check_names_the_format_of_files_with_findings_and_of_all_with_verbose() {
    let dir = scratch("read-as");
    // A peg board whose version line lost its space: read as a peg board, one peg finding.
    let slip = dir.join("slip.brd");
    std::fs::write(&slip, "Version2\r\nMode: Normal\r\ny y e\r\n").unwrap();
    let clean = dir.join("clean.brd");
    std::fs::write(&clean, "Version 2\r\nMode: Normal\r\ny y e\r\n").unwrap();
    let out = retroboard(&["check", slip.to_str().unwrap(), clean.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!(
            "{}: read as Peg solitaire board [peg-brd]\nerror[peg/header]: line 1 must be \
`version 2` (any case), not `Version2`",
            slip.display()
        )),
        "{text}"
    );
    assert_eq!(text.matches("read as").count(), 1, "{text}");
    assert!(text.ends_with("checked 2 files: 1 error(s), 0 warning(s), 0 note(s)\n"));

    let out = retroboard(&["check", "--verbose", clean.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "{}: read as Peg solitaire board [peg-brd]\n\
checked 1 file: 0 error(s), 0 warning(s), 0 note(s)\n",
            clean.display()
        )
    );

    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "hello\n").unwrap();
    let out = retroboard(&["check", notes.to_str().unwrap()]);
    assert!(
        stdout(&out).starts_with(&format!("{}: not read as any format\n", notes.display())),
        "{}",
        stdout(&out)
    );
}

#[test]
fn check_as_forces_a_format() {
    let dir = scratch("check-as");
    // Detected as a Super Othello board (a `.brd` with two count lines), forced to a peg board.
    let board = dir.join("counts.brd");
    std::fs::write(&board, "30\n2\n").unwrap();
    let out = retroboard(&["check", "--format", "json", board.to_str().unwrap()]);
    let json: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(
        json.as_array()
            .unwrap()
            .iter()
            .all(|f| f["format"] == "othello-bord"),
        "{json}"
    );
    let out = retroboard(&["check", "--as", "peg-brd", board.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!(
            "{}: read as Peg solitaire board [peg-brd]\n",
            board.display()
        )),
        "{text}"
    );
    assert!(text.contains("error[peg/"), "{text}");
    assert!(!text.contains("othello/"), "{text}");
    // A file of no format is read as the one forced.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "Name\n1 0\n").unwrap();
    let out = retroboard(&[
        "check",
        "--as",
        "patience-game",
        "--format",
        "json",
        notes.to_str().unwrap(),
    ]);
    let json: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(!json.as_array().unwrap().is_empty(), "{json}");
    assert!(
        json.as_array()
            .unwrap()
            .iter()
            .all(|f| f["format"] == "patience-game"),
        "{json}"
    );
    // An unknown format id: usage error, the ids listed.
    let out = retroboard(&["check", "--as", "chess", notes.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "retroboard: invalid value 'chess' for '--as <FORMAT>': `chess` is not a format; the \
formats are crossmines-pattern, patience-game, othello-bord, colossus-map, colossus-ter, \
colossus-cre, colossus-battleland, colossus-var, peg-brd (see `retroboard --help`)\n"
    );
}
