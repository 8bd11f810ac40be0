//! The `retroboard` command line, run as a user runs it.

#[path = "support/boards.rs"]
mod boards;
#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/sarif.rs"]
mod sarif;

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
    sarif::validate(&log);
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
    // Every rule opens the explanation `retroboard explain CODE` prints, as the editors do.
    for rule in rules {
        let code = rule["id"].as_str().unwrap();
        assert_eq!(rule["helpUri"], format!("retroboard-explain:{code}"));
        assert_eq!(
            rule["help"]["text"],
            stdout(&retroboard(&["explain", code]))
        );
        let markdown = rule["help"]["markdown"].as_str().unwrap();
        assert!(markdown.starts_with(&format!("# `{code}`\n")), "{markdown}");
    }
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
    assert!(stdout(&out).contains("checked 2 files: 0 errors, 0 warnings, 0 notes"));

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
        "unexpected “øø” in a terrain line; expected a name (letters only)"
    );
    assert_eq!(
        (item["line"].as_u64(), item["column"].as_u64()),
        (Some(1), Some(5))
    );
    assert_eq!(item["end_column"].as_u64(), Some(7));
    // Classic Mac text: lone CR line ends, Mac Roman "©"; a clean Othello board.
    let path = dir.join("Opening.bord");
    let board = format!("{}WB{}BW{}", "0".repeat(27), "0".repeat(6), "0".repeat(27));
    let mut bytes = format!("30\r2\rD4D5E4E5\r{board}\r").into_bytes();
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
    ] {
        let out = retroboard(&["check", root.join(folder).to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{folder}:\n{}", stdout(&out));
        assert!(
            stdout(&out).contains(" 0 errors, 0 warnings"),
            "{folder}:\n{}",
            stdout(&out)
        );
    }
}

/// The peg boards that ship check clean but for the boards that truly cannot be won: the game
/// never checked that (its to-do list says so), and these five are proved unwinnable by
/// position classes (`tests/solve.rs` checks each proof hole by hole).
#[test]
fn shipped_peg_boards_check_clean_but_for_the_unwinnable() {
    let Some(root) = corpus::corpus_dir() else {
        return;
    };
    let folder = root.join("pegsolitaire");
    let out = retroboard(&[
        "check",
        "--format",
        "json",
        "--solve-positions",
        "20000",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let mut faults: Vec<(String, String)> = report
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error" || f["severity"] == "warning")
        .map(|f| {
            let path = Path::new(f["path"].as_str().unwrap());
            let relative = path.strip_prefix(&folder).unwrap().display().to_string();
            (relative, f["code"].as_str().unwrap().to_string())
        })
        .collect();
    faults.sort();
    let unwinnable = [
        "v1/Diamond Board.brd",
        "v1/Drag-n-Drop Board  Variant A.brd",
        "v2-rev11/Diamond Board.brd",
        "v2-rev11/Drag-n-Drop Board  Variant A.brd",
        "v2/Drag-n-Drop Board Variant A.brd",
    ];
    let expected: Vec<(String, String)> = unwinnable
        .iter()
        .map(|f| (f.to_string(), "peg/unsolvable".to_string()))
        .collect();
    assert_eq!(faults, expected);
    // Everything else is at most a note that the search could not tell in time.
    for finding in report.as_array().unwrap() {
        let code = finding["code"].as_str().unwrap();
        assert!(
            code == "peg/unsolvable" || code == "peg/solvability-unknown",
            "{finding}"
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

/// docs/codes.md is every code's `retroboard explain` page, in the order `explain` lists them
/// (`UPDATE_EXPECT=1` writes it again).
#[test]
fn the_codes_page_is_what_explain_says() {
    let families = [
        ("retroboard", "Retroboard's own"),
        ("crossmines", "Crossmines patterns"),
        ("patience", "Patience games"),
        ("othello", "Super Othello boards"),
        ("colossus", "Colossus variants"),
        ("peg", "Peg solitaire boards"),
    ];
    let mut page = String::from(
        "# Diagnostic codes\n\nEvery code Retroboard reports, as `retroboard explain CODE` explains it. Written by\n`UPDATE_EXPECT=1 cargo test --test cli the_codes_page`: edit the explanations in the code, not here.\n",
    );
    let mut family = "";
    for line in stdout(&retroboard(&["explain"])).lines() {
        let code = line.split_whitespace().next().unwrap();
        let this_family = code.split('/').next().unwrap();
        if this_family != family {
            family = this_family;
            let (_, title) = families.iter().find(|(id, _)| *id == family).unwrap();
            page.push_str(&format!("\n## {title}\n"));
        }
        let explained = stdout(&retroboard(&["explain", code]));
        let (head, rest) = explained.split_once("\n\n").unwrap();
        let severity = head
            .trim_start_matches(code)
            .trim()
            .trim_matches(['(', ')']);
        page.push_str(&format!(
            "\n### `{code}`\n\n*{severity}*. {}\n",
            as_markdown(rest)
        ));
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/codes.md");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, &page).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == page,
        "docs/codes.md is not what retroboard explain says: UPDATE_EXPECT=1 cargo test --test cli the_codes_page"
    );
}

/// An explanation as Markdown, as the editors show it ([`retroboard::findings::columns_fenced`]).
fn as_markdown(explained: &str) -> String {
    retroboard::findings::columns_fenced(explained.trim_end())
        .trim_end()
        .to_string()
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
}

/// `render --deal SEED` deals a Patience game: the same seed the same cards (text, SVG and
/// PNG), another seed other cards; card faces are value and suit symbol; a file of another
/// format, or a seed that is not a whole number, is a usage problem (exit 2).
#[test]
fn render_deal_shows_the_cards_of_a_seeded_deal() {
    let game = fixture("patience/Mysteriet.pat");
    let out = retroboard(&["render", "--text", "--deal", "42", &game]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Mysteriet — 2 decks, 34 piles — deal 42\n"),
        "{text}"
    );
    assert!(text.contains("Deal 42 (2 decks, all cards shuffled together)"));
    assert!(text.contains("Foundation value "), "{text}");
    // 104 cards, each written as value and suit: every card of both decks, twice each kind.
    let faces = |line: &str| -> Vec<String> {
        line.split_whitespace()
            .map(|w| w.trim_matches(['(', ')']).to_string())
            .filter(|w| w.ends_with(['♠', '♥', '♦', '♣']))
            .collect()
    };
    // The lists of cards below the piles' lines (after the table's legend).
    let listed: Vec<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("[##] back"))
        .filter(|l| l.starts_with("      "))
        .flat_map(|l| faces(l.trim_start_matches("      bottom to top:")))
        .collect();
    assert_eq!(listed.len(), 104, "{text}");
    let mut kinds = std::collections::BTreeMap::new();
    for face in &listed {
        *kinds.entry(face.clone()).or_insert(0) += 1;
    }
    assert_eq!(kinds.len(), 52);
    assert!(kinds.values().all(|n| *n == 2));
    assert!(kinds.contains_key("A♠") && kinds.contains_key("10♥") && kinds.contains_key("K♦"));

    let again = retroboard(&["render", "--deal", "42", "--text", &game]);
    assert_eq!(stdout(&again), text);
    let other = retroboard(&["render", "--text", "--deal", "43", &game]);
    assert_ne!(stdout(&other), text);
    // Without a seed nothing is dealt: no card is named.
    let plain = stdout(&retroboard(&["render", "--text", &game]));
    assert!(!plain.contains('♠') && !plain.contains("Deal "), "{plain}");

    let svg = stdout(&retroboard(&["render", "--deal", "42", &game]));
    assert!(svg.starts_with("<svg "));
    assert!(svg.contains("♠") && svg.contains("— deal 42"));
    let dir = scratch("deal");
    let png = dir.join("deal.png");
    let out = retroboard(&["render", "--deal", "42", &game, "-o", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));

    let map = fixture("colossus/Tiny/Tiny.map");
    let out = retroboard(&["render", "--text", "--deal", "1", &map]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: cannot deal {map}: it is read as a Colossus masterboard (MAP), and only \
Patience games are dealt\n"
        )
    );
    for seed in ["lucky", "1.5", "18446744073709551616"] {
        let out = retroboard(&["render", "--text", "--deal", seed, &game]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
        // In the words the preview answers an invalid seed with.
        assert!(
            stderr(&out).contains(&format!(
                "`{seed}` is not a seed: a seed is a whole number from 0 to 2^64 - 1"
            )),
            "{}",
            stderr(&out)
        );
    }
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
            + ":1:1\n  │\n1 │ \n  │ ^\n\nchecked 1 file: 0 errors, 1 warning, 0 notes\n"
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
checked 1 file: 0 errors, 1 warning, 0 notes\n",
            long.display()
        )
    );
    let out = retroboard(&["render", "--text", long.to_str().unwrap()]);
    assert_eq!(
        stdout(&out),
        "Line 2 is too long for Retroboard to read (more than 64 KB), so nothing is drawn.\n"
    );
}

// --- issue 19: the CLI at its edges -------------------------------------------------------------

/// How a test runs retroboard: where, with what environment, and how long it may take.
struct Run<'a> {
    args: &'a [&'a std::ffi::OsStr],
    cwd: Option<&'a Path>,
    env: &'a [(&'a str, &'a str)],
}

impl Run<'_> {
    /// Runs the binary with standard input an open pipe nobody writes to (as a terminal or an
    /// editor that sends nothing); a run that does not end within `seconds` is killed and fails
    /// the test, so a hang shows as a failure, not as a stuck test run.
    fn within(&self, seconds: u64) -> Output {
        use std::io::Read;
        use std::process::Stdio;
        let mut command = Command::new(env!("CARGO_BIN_EXE_retroboard"));
        command
            .args(self.args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(cwd) = self.cwd {
            command.current_dir(cwd);
        }
        for (key, value) in self.env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("run retroboard");
        let _stdin = child.stdin.take();
        let drain = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                bytes
            })
        };
        let out = drain(Box::new(child.stdout.take().unwrap()));
        let err = drain(Box::new(child.stderr.take().unwrap()));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "retroboard {:?} did not finish within {seconds} s",
                    self.args
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        Output {
            status,
            stdout: out.join().unwrap(),
            stderr: err.join().unwrap(),
        }
    }
}

/// Runs `retroboard ARGS` (paths may be any OS strings), failing the test after 10 s (a small
/// check takes milliseconds).
fn run_os(args: &[&std::ffi::OsStr]) -> Output {
    Run {
        args,
        cwd: None,
        env: &[],
    }
    .within(10)
}

fn os(text: &str) -> &std::ffi::OsStr {
    std::ffi::OsStr::new(text)
}

/// A copy of the Tiny fixture variant as `dir/name`, its files renamed after the folder.
fn tiny_variant(dir: &Path, name: &str) -> PathBuf {
    let variant = dir.join(name);
    std::fs::create_dir_all(variant.join("Battlelands")).unwrap();
    let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/colossus/Tiny");
    for ext in ["map", "ter", "cre"] {
        std::fs::copy(
            tiny.join(format!("Tiny.{ext}")),
            variant.join(format!("{name}.{ext}")),
        )
        .unwrap();
    }
    std::fs::write(
        variant.join(format!("{name}.var")),
        format!("MAP:{name}.map\nCRE:{name}.cre\nTER:{name}.ter\n"),
    )
    .unwrap();
    for land in ["Brush", "Tower"] {
        std::fs::copy(
            tiny.join("Battlelands").join(land),
            variant.join("Battlelands").join(land),
        )
        .unwrap();
    }
    variant
}

fn symlink(target: impl AsRef<Path>, link: impl AsRef<Path>) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

#[test]
fn a_fifo_or_a_device_is_never_read() {
    let dir = scratch("fifo");
    // A VAR that is a named pipe, a link to /dev/zero, a link to /dev/stdin (an open pipe nobody
    // writes to): the checks of the variant's TER go on without it, at once.
    let fifo = tiny_variant(&dir, "Fifo");
    std::fs::remove_file(fifo.join("Fifo.var")).unwrap();
    mkfifo(&fifo.join("Fifo.var"));
    let zero = tiny_variant(&dir, "Zero");
    std::fs::remove_file(zero.join("Zero.var")).unwrap();
    symlink("/dev/zero", zero.join("Zero.var"));
    let stdin = tiny_variant(&dir, "Stdin");
    std::fs::remove_file(stdin.join("Stdin.var")).unwrap();
    symlink("/dev/stdin", stdin.join("Stdin.var"));
    for variant in [&fifo, &zero, &stdin] {
        let name = variant.file_name().unwrap().to_str().unwrap();
        let ter = variant.join(format!("{name}.ter"));
        let out = run_os(&[os("check"), os("--format"), os("json"), ter.as_os_str()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), "[]\n", "{name}");
        assert_eq!(stderr(&out), "", "{name}");
    }
    // Named on the command line: one line that says what it is.
    for (var, what) in [
        (fifo.join("Fifo.var"), "a named pipe"),
        (zero.join("Zero.var"), "a device"),
    ] {
        let out = run_os(&[os("check"), var.as_os_str()]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            format!(
                "retroboard: cannot read {}: it is {what}, not a file\n",
                var.display()
            )
        );
        let out = run_os(&[os("render"), os("--text"), var.as_os_str()]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            format!(
                "retroboard: cannot read {}: it is {what}, not a file\n",
                var.display()
            )
        );
    }
}

#[test]
fn a_huge_sparse_file_is_not_read() {
    let dir = scratch("sparse");
    let variant = tiny_variant(&dir, "Sparse");
    let ter = variant.join("Sparse.ter");
    std::fs::File::create(&ter)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    // The MAP reads the TER's terrain letters: a 3 GB TER is too large to read, so the MAP's
    // terrain check is skipped, and the TER itself gets its one finding.
    let map = variant.join("Sparse.map");
    let out = run_os(&[os("check"), os("--format"), os("json"), map.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "[]\n");
    let out = run_os(&[os("check"), os("--format"), os("json"), ter.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items[0]["code"], "retroboard/too-large");
    assert_eq!(
        items[0]["message"],
        "this file is 3072.0 MB; Retroboard checks files up to 16.0 MB (the games' own files are \
a few KB), so it is not checked. Check a smaller part of it"
    );
    let out = run_os(&[os("render"), os("--text"), map.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn links_found_by_a_lookup_stay_inside_the_variants_folder() {
    let dir = scratch("lookup-links");
    let variants = dir.join("variants");
    let variant = tiny_variant(&variants, "Linked");
    // The CRE is a link to a file outside the variants' folder, whose names would make the
    // TER's recruits known: it is not read.
    let outside = dir.join("private.cre");
    std::fs::rename(variant.join("Linked.cre"), &outside).unwrap();
    symlink(&outside, variant.join("Linked.cre"));
    let var = variant.join("Linked.var");
    let out = run_os(&[os("check"), os("--format"), os("json"), var.as_os_str()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items.as_array().unwrap().len(), 1, "{items:#?}");
    assert_eq!(items[0]["code"], "colossus/missing-file");
    assert_eq!(
        items[0]["message"],
        "Linked.cre is a link that leads outside the variants' folder, so Retroboard does not \
read it"
    );
    // A link that stays inside the variants' folder is followed.
    std::fs::remove_file(variant.join("Linked.cre")).unwrap();
    std::fs::create_dir_all(variants.join("Shared")).unwrap();
    std::fs::rename(&outside, variants.join("Shared/Shared.cre")).unwrap();
    symlink("../Shared/Shared.cre", variant.join("Linked.cre"));
    let out = run_os(&[os("check"), os("--format"), os("json"), var.as_os_str()]);
    assert_eq!(stdout(&out), "[]\n");
    assert_eq!(out.status.code(), Some(0));
}

/// A VAR whose TER is misspelt: one finding, on the VAR line, with the fix to the TER in the
/// folder; the MAP, CRE and battlelands it names are not "unused" (they were told to be named
/// in the VAR, on a line already there).
#[test]
fn a_missing_file_is_one_finding_on_the_var_line_with_the_file_beside_as_its_fix() {
    let dir = scratch("missing-named");
    let variants = dir.join("variants");
    tiny_variant(&variants, "Default");
    let variant = tiny_variant(&variants, "Frostmarch");
    let var = variant.join("Frostmarch.var");
    std::fs::write(
        &var,
        "MAP:Frostmarch.map\nCRE:Frostmarch.cre\nTER:Frostmarch.tre\n",
    )
    .unwrap();
    let out = run_os(&[os("check"), os("--format"), os("json"), variant.as_os_str()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let found = findings_by_name(&out);
    assert_eq!(
        found,
        [(
            "Frostmarch.var".to_string(),
            3,
            5,
            "colossus/missing-file".to_string(),
            "Frostmarch.tre is not found: the game looks in Frostmarch, Default (the variant's \
folder, its DEPEND variants, then Default) and falls back to the Default variant; the TER in \
this folder is Frostmarch.ter"
                .to_string()
        )]
    );
    // Its fix (tests/fixes/colossus/Tiny/missing_ter.var.before) is not preferred: `--fix` leaves it.
    let out = run_os(&[os("check"), os("--fix"), variant.as_os_str()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}

#[test]
fn terminal_escapes_in_files_never_reach_the_terminal() {
    let dir = scratch("escapes");
    // An OSC 8 hyperlink, a clear-screen, a bell and a C1 CSI, in the name and in the text.
    let evil = "\u{1b}]8;;https:x.example\u{7}link\u{1b}]8;;\u{7}\u{1b}[2J\u{7}\u{9b}31m";
    let path = dir.join(format!("Bad{evil}.ter"));
    std::fs::write(&path, format!("B green Brush {evil} 1 Gargoyle\n")).unwrap();
    let out = run_os(&[os("check"), path.as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let controls: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect();
    assert!(controls.is_empty(), "{controls:?} in:\n{text}");
    let shown = "?]8;;https:x.example?link?]8;;??[2J??31m";
    assert!(
        text.contains(&format!("B green Brush {shown} 1 Gargoyle\n")),
        "{text}"
    );
    assert!(text.contains(&format!("Bad{shown}.ter:1:")), "{text}");
    // JSON keeps the text exact (escaped by JSON itself).
    let out = run_os(&[os("check"), os("--format"), os("json"), path.as_os_str()]);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items[0]["path"], path.to_str().unwrap());
    assert!(!out.stdout.contains(&0x1b));
}

#[test]
fn file_names_with_line_breaks_or_escapes_stay_on_one_line() {
    let dir = scratch("odd-names");
    let path = dir.join("a\nb\u{1b}[2J\rc.map");
    let out = run_os(&[os("check"), path.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: cannot read {}/a?b?[2J?c.map: No such file or directory (os error 2)\n",
            dir.display()
        )
    );
}

#[test]
fn invalid_utf8_file_names_keep_their_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("latin1-names");
    let name = std::ffi::OsStr::from_bytes(b"Gr\xf8n.ter");
    let path = dir.join(name);
    std::fs::write(&path, "B green Brush maybe 1 Gargoyle\n").unwrap();
    let out = run_os(&[os("check"), os("--format"), os("json"), path.as_os_str()]);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let lossy = format!("{}/Gr\u{fffd}n.ter", dir.display());
    assert_eq!(items[0]["path"], lossy.as_str());
    let bytes: Vec<Value> = path
        .as_os_str()
        .as_bytes()
        .iter()
        .map(|b| (*b).into())
        .collect();
    assert_eq!(items[0]["path_bytes"], Value::Array(bytes));
    // A UTF-8 name has no path_bytes: its path says it all.
    let plain = dir.join("Plain.ter");
    std::fs::write(&plain, "B green Brush maybe 1 Gargoyle\n").unwrap();
    let out = run_os(&[os("check"), os("--format"), os("json"), plain.as_os_str()]);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items[0].get("path_bytes"), None);
    // SARIF's URI percent-encodes the bytes themselves.
    let out = run_os(&[os("check"), os("--format"), os("sarif"), path.as_os_str()]);
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    let uri = &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        ["uri"];
    assert!(uri.as_str().unwrap().ends_with("/Gr%F8n.ter"), "{uri}");
}

#[test]
fn links_in_a_checked_folder_are_followed_inside_it_and_reported_outside() {
    let dir = scratch("folder-links");
    let checked = dir.join("checked");
    std::fs::create_dir_all(checked.join("real")).unwrap();
    std::fs::write(
        checked.join("real/Broken.ter"),
        "B green Brush maybe 1 Ogre\n",
    )
    .unwrap();
    symlink("real/Broken.ter", checked.join("Inside.ter"));
    std::fs::write(dir.join("Outside.ter"), "B green Brush maybe 1 Ogre\n").unwrap();
    symlink("../Outside.ter", checked.join("Outside.ter"));
    symlink("/dev/zero", checked.join("Zero.map"));
    let out = run_os(&[os("check"), os("--format"), os("json"), checked.as_os_str()]);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["path"].as_str().unwrap())
        .collect();
    let shown = |name: &str| format!("{}/{name}", checked.display());
    assert_eq!(paths, [shown("Inside.ter"), shown("real/Broken.ter")]);
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: skipped {}: a link that leads outside {}\n\
retroboard: skipped {}: a link that leads outside {}\n",
            shown("Outside.ter"),
            checked.display(),
            shown("Zero.map"),
            checked.display()
        )
    );
    // Skipping a link is not an error: the findings give the status.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn check_without_a_path_names_the_missing_argument() {
    let out = retroboard(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "retroboard: the following required arguments were not provided: <PATH>... \
(usage: retroboard check <PATH>...; see `retroboard --help`)\n"
    );
}

#[test]
fn render_of_an_unknown_file_exits_2() {
    let dir = scratch("render-unknown");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "not a board").unwrap();
    for args in [&["--text"][..], &[]] {
        let mut all = vec![os("render")];
        all.extend(args.iter().map(|a| os(a)));
        all.push(notes.as_os_str());
        let out = run_os(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "");
        assert_eq!(
            stderr(&out),
            format!(
                "retroboard: cannot draw {}: Retroboard does not recognise this file (run \
`retroboard explain retroboard/unknown-format` for how files are recognised)\n",
                notes.display()
            )
        );
    }
}

#[test]
fn utf16_files_with_a_bom_are_text() {
    let dir = scratch("utf16");
    let text = "B gr\u{f8}n Brush maybe 1 Gargoyle\n";
    let le: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let be: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    for (name, bytes) in [("Le.ter", le), ("Be.ter", be)] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = run_os(&[os("check"), os("--format"), os("json"), path.as_os_str()]);
        let items: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(items.as_array().unwrap().len(), 1, "{name}: {items:#?}");
        // The `ø` decoded as one character, where the game's lexer stops.
        assert_eq!(
            items[0]["message"], "unexpected “ø”; expected a name (letters only)",
            "{name}"
        );
        assert_eq!(
            (items[0]["column"].as_u64(), items[0]["end_column"].as_u64()),
            (Some(5), Some(6)),
            "{name}"
        );
    }
}

/// Starts retroboard with its standard output a pipe already closed at the reading end.
fn with_stdout_closed(args: &[&str], env: &[(&str, &str)]) -> Output {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(args)
        .envs(env.iter().copied())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_pipe_ends_quietly_with_the_findings_status() {
    let broken = fixture("colossus/Broken/Broken.ter");
    let clean = fixture("colossus/Tiny/Tiny.ter");
    for (args, status) in [
        (vec!["check", broken.as_str()], 1),
        (vec!["check", clean.as_str()], 0),
        (vec!["check", "--format", "json", broken.as_str()], 1),
        (vec!["check", "--format", "sarif", broken.as_str()], 1),
        (vec!["explain"], 0),
        (vec!["explain", "colossus/syntax-error"], 0),
        (vec!["render", "--text", clean.as_str()], 0),
    ] {
        let out = with_stdout_closed(&args, &[]);
        assert_eq!(stderr(&out), "", "{args:?}");
        assert_eq!(out.status.code(), Some(status), "{args:?}");
    }
}

/// A panic while checking one file (a bug) is that file's finding and the run goes on: driven
/// in-process through the library, its check of a file made to panic (no hook in the binary).
#[test]
fn a_panic_in_one_file_is_reported_and_the_run_goes_on() {
    use retroboard::analysis::{self, Source};
    let dir = scratch("panic");
    std::fs::write(dir.join("A.ter"), "# PANIC-HERE\n").unwrap();
    std::fs::write(dir.join("B.ter"), "B green Brush maybe 1 Ogre\n").unwrap();
    let panicking: &retroboard::cli::CheckFn = &|source, files, settings, search| {
        if let Source::Disk {
            read: Ok(bytes), ..
        } = &source
            && bytes.starts_with(b"# PANIC-HERE")
        {
            panic!("injected fault");
        }
        analysis::check(source, files, settings, search)
    };
    let (items, errors) = retroboard::cli::json_report(std::slice::from_ref(&dir), panicking);
    assert_eq!(errors, Vec::<String>::new());
    let found: Vec<(&str, &str, &str)> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let path = i["path"].as_str().unwrap();
            let name = path.rsplit('/').next().unwrap();
            (
                name,
                i["code"].as_str().unwrap(),
                i["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "A.ter",
                "retroboard/internal-error",
                "Retroboard failed while checking this file (injected fault); this is a bug in \
Retroboard, not in the file. The file is unchanged and Retroboard goes on with the other files"
            ),
            (
                "B.ter",
                "colossus/syntax-error",
                "unexpected “maybe”; expected true or false"
            ),
        ]
    );
}

/// The findings of a run as (file name, line, column, code, message), whatever the paths.
fn findings_by_name(out: &Output) -> Vec<(String, u64, u64, String, String)> {
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut found: Vec<_> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let path = Path::new(i["path"].as_str().unwrap());
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                i["line"].as_u64().unwrap(),
                i["column"].as_u64().unwrap(),
                i["code"].as_str().unwrap().to_string(),
                i["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    found
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn a_variant_checks_the_same_from_inside_its_folder() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let dir = scratch("inside");
    for variant in ["Badlands", "Default"] {
        copy_dir(&corpus.join("colossus").join(variant), &dir.join(variant));
    }
    // A recruit the variant's CRE (Default's) does not know: a cross-file finding.
    let ter = dir.join("Badlands/Badlands.ter");
    let text = std::fs::read_to_string(&ter).unwrap();
    std::fs::write(&ter, text.replacen("Gargoyle", "Gargoyl", 1)).unwrap();
    let check = |cwd: &Path, args: &[&str]| {
        let mut all = vec![os("check"), os("--format"), os("json")];
        all.extend(args.iter().map(|a| os(a)));
        let out = Run {
            args: &all,
            cwd: Some(cwd),
            env: &[],
        }
        .within(60);
        (out.status.code(), findings_by_name(&out))
    };
    let from_parent = check(&dir, &["Badlands"]);
    assert_eq!(from_parent.0, Some(1));
    // And the note the real Badlands.ter has: TundraAlt (U) is on no hex of Badlands.map.
    assert_eq!(from_parent.1.len(), 2, "{:#?}", from_parent.1);
    assert_eq!(from_parent.1[0].3, "colossus/unknown-creature");
    assert_eq!(from_parent.1[1].3, "colossus/unused-terrain");
    let inside = dir.join("Badlands");
    assert_eq!(check(&inside, &["."]), from_parent);
    assert_eq!(check(&inside, &["Badlands.ter"]), from_parent);
    assert_eq!(check(&inside, &["./Badlands.ter"]), from_parent);
    assert_eq!(check(&inside.join("Battlelands"), &[".."]), from_parent);
    assert_eq!(
        check(&dir, &["Badlands/Battlelands/../Badlands.ter"]),
        from_parent
    );
    // The paths shown are the ones typed.
    let out = Run {
        args: &[os("check"), os("--format"), os("json"), os("Badlands.ter")],
        cwd: Some(&inside),
        env: &[],
    }
    .within(60);
    let items: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(items[0]["path"], "Badlands.ter");
}

#[test]
fn a_missing_corpus_is_said_outside_ci_and_fails_under_ci() {
    let missing = scratch("no-corpus").join("corpus");
    let mut note = Vec::new();
    assert_eq!(corpus::corpus_at(missing.clone(), false, &mut note), None);
    assert_eq!(
        String::from_utf8(note).unwrap(),
        format!(
            "note: the real-file corpus is not at {}, so the corpus tests check nothing here \
(set RETROBOARD_CORPUS to its folder; under CI they fail instead)\n",
            missing.display()
        )
    );
    let under_ci = std::panic::catch_unwind(|| corpus::corpus_at(missing, true, &mut Vec::new()));
    assert!(under_ci.is_err());
    let here = scratch("corpus-here");
    assert_eq!(
        corpus::corpus_at(here.clone(), true, &mut Vec::new()),
        Some(here)
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
“version 2” (any case), not “Version2”",
            slip.display()
        )),
        "{text}"
    );
    assert_eq!(text.matches("read as").count(), 1, "{text}");
    assert!(text.ends_with("checked 2 files: 1 error, 0 warnings, 0 notes\n"));

    let out = retroboard(&["check", "--verbose", clean.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "{}: read as Peg solitaire board [peg-brd], game version version 2 without \
half-width dots, read alike by every game\n\
checked 1 file: 0 errors, 0 warnings, 0 notes\n",
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

/// Whether every finding of a JSON report is of the format `id`.
fn all_read_as(json: &Value, id: &str) -> bool {
    json.as_array().unwrap().iter().all(|f| f["format"] == id)
}

#[test]
fn check_as_forces_a_format() {
    let dir = scratch("check-as");
    // Detected as a Super Othello board (a `.brd` with two count lines), forced to a peg board.
    let board = dir.join("counts.brd");
    std::fs::write(&board, "30\n2\n").unwrap();
    let out = retroboard(&["check", "--format", "json", board.to_str().unwrap()]);
    let json: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(all_read_as(&json, "othello-bord"), "{json}");
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
    assert!(all_read_as(&json, "patience-game"), "{json}");
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

#[test]
fn solve_prints_the_winning_jumps_or_the_proof() {
    let english = fixture("peg/solvable-english.brd");
    let out = retroboard(&["solve", &english]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!(
            "{english}: solvable: these 31 jumps leave one stone on the goal at (4,4) (moves as \
(row,column) from 1)"
        )
    );
    let jumps: Vec<&str> = lines.by_ref().take_while(|l| !l.is_empty()).collect();
    assert_eq!(jumps.len(), 31);
    assert!(jumps[0].starts_with(" 1. ("), "{jumps:?}");
    assert!(
        jumps[0].contains(" over ") && jumps[0].contains(" to "),
        "{jumps:?}"
    );
    assert_eq!(lines.next(), Some("The board after the last jump:"));
    let board: Vec<&str> = lines.collect();
    assert_eq!(board.len(), 7);
    assert_eq!(board[3], "  . . . o . . .");

    let french = fixture("peg/unsolvable-french-centre.brd");
    let out = retroboard(&["solve", &french]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!(
            "{french}: unsolvable: no sequence of jumps leaves one stone on the goal: the start \
and the goal are in different position classes"
        )),
        "{text}"
    );
    assert!(
        text.contains("the holes, as (row,column) from 1: ("),
        "{text}"
    );
}

#[test]
fn solve_json_follows_the_contract() {
    let out = retroboard(&["solve", "--json", &fixture("peg/solvable-english.brd")]);
    assert_eq!(out.status.code(), Some(0));
    let answer: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(answer["verdict"], "solvable");
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 31);
    // Rows and columns from 0 of the board as stored; the last jump lands in the centre.
    for jump in moves {
        for key in ["from", "over", "to"] {
            let place = jump[key].as_array().unwrap();
            assert_eq!(place.len(), 2);
            assert!(place.iter().all(|n| n.as_u64().unwrap() < 7), "{jump}");
        }
    }
    assert_eq!(moves[30]["to"], serde_json::json!([3, 3]));
    assert_eq!(
        answer["reason"],
        "these 31 jumps leave one stone on the goal at (4,4)"
    );
    assert_eq!(
        answer.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["verdict", "moves", "reason"]
    );

    let out = retroboard(&["solve", "--json", &fixture("peg/unsolvable-v1-search.brd")]);
    let answer: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(answer["verdict"], "unsolvable");
    assert_eq!(answer["moves"], serde_json::json!([]));
    assert!(
        answer["reason"]
            .as_str()
            .unwrap()
            .contains("a search of every position reachable from the start"),
        "{answer}"
    );

    let out = retroboard(&[
        "solve",
        "--json",
        &fixture("peg/solvability-unknown-too-large.brd"),
    ]);
    let answer: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(answer["verdict"], "unknown");
}

#[test]
fn solve_words_a_one_jump_win_in_the_singular() {
    let dir = scratch("one-jump");
    let board = dir.join("Two.brd");
    std::fs::write(&board, "version 2\nmode: normal\ny y e\n").unwrap();
    let out = run_os(&[os("solve"), board.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("solvable: this jump leaves a single stone"),
        "{}",
        stdout(&out)
    );
}

/// The game counts a win only after a jump: a lone stone is no win in 0 jumps, and `solve`
/// says why in the words of the no-first-jump finding's reason.
#[test]
fn solve_calls_a_lone_stone_unsolvable() {
    let dir = scratch("lone-stone");
    let board = dir.join("One.brd");
    std::fs::write(&board, "version 2\nmode: normal\ne e y e e\n").unwrap();
    let out = run_os(&[os("solve"), board.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).ends_with(
            "unsolvable: no stone can make a first jump, so the game ends at once, and it \
counts a win only after a jump\n"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn solve_refuses_what_is_no_loadable_peg_board() {
    for (file, says) in [
        (
            "crossmines/bridge-edge.pat",
            "it is not a peg solitaire board",
        ),
        (
            "peg/v2-unequal-rows.brd",
            "the game does not load this board",
        ),
        // A whole rectangle, but the version 1 loader refuses it (it was solved before).
        ("peg/v1-shape.brd", "the game does not load this board"),
    ] {
        let out = retroboard(&["solve", &fixture(file)]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("retroboard: cannot solve "), "{err}");
        assert!(err.contains(says), "{err}");
    }
    let out = retroboard(&["solve", "/no/such/board.brd"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("retroboard: cannot read /no/such/board.brd"));
    let out = retroboard(&["solve", "--positions", "soon", &fixture("peg/clean-v2.brd")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "retroboard: invalid value 'soon' for '--positions <POSITIONS>': `soon` is not a number \
of positions (a whole number such as 1000000) (see `retroboard --help`)\n"
    );
}

#[test]
fn check_waits_for_the_solvability_finding() {
    let french = fixture("peg/unsolvable-french-centre.brd");
    let codes = |args: &[&str]| -> Vec<String> {
        let out = retroboard(args);
        let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
        report
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        codes(&["check", "--format", "json", &french]),
        ["peg/unsolvable"]
    );
    assert_eq!(
        codes(&[
            "check",
            "--format",
            "json",
            "--solve-positions",
            "0",
            &french
        ]),
        Vec::<String>::new()
    );
}

/// A board the search cannot decide within its budget gets the same finding on every run, on
/// every machine: its message names the budget, never how far a run got, so its baseline
/// entry holds (before, the message said how many positions a run had searched in its time,
/// and every run reported the finding as new and its old entry as gone).
#[test]
fn an_undecided_board_gives_the_same_finding_every_run_and_keeps_its_baseline_entry() {
    let dir = scratch("undecided");
    std::fs::write(dir.join("Big.brd"), boards::undecided_board()).unwrap();
    std::fs::write(
        dir.join("retroboard.toml"),
        "[rules]\n\"peg/solvability-unknown\" = \"error\"\n",
    )
    .unwrap();
    let base = dir.join("baseline.json");
    let (base_arg, dir_arg) = (base.to_str().unwrap(), dir.to_str().unwrap());
    let budget = ["--solve-positions", "20000"];
    let messages = || {
        let out = retroboard(&[&["check", "--format", "json"][..], &budget, &[dir_arg]].concat());
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let findings: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        findings
            .iter()
            .map(|f| {
                format!(
                    "{} {}",
                    f["code"].as_str().unwrap(),
                    f["message"].as_str().unwrap()
                )
            })
            .collect::<Vec<_>>()
    };
    let first = messages();
    assert_eq!(
        first,
        [
            "peg/solvability-unknown Retroboard could not tell within 20,000 positions whether this \
board can be won; “retroboard solve FILE” searches further"
        ]
    );
    assert_eq!(messages(), first);
    // `solve` says the same: its budget, not how far it got.
    let board = dir.join("Big.brd");
    let out = retroboard(&[
        "solve",
        "--json",
        "--positions",
        "20000",
        board.to_str().unwrap(),
    ]);
    assert_eq!(
        stdout(&out),
        "{\"verdict\":\"unknown\",\"moves\":[],\"reason\":\"Retroboard could not tell within \
20,000 positions whether this board can be won\"}\n"
    );

    let out = retroboard(
        &[
            &["check", "--write-baseline", base_arg][..],
            &budget,
            &[dir_arg],
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = retroboard(&[&["check", "--baseline", base_arg][..], &budget, &[dir_arg]].concat());
    assert_eq!(
        stdout(&out),
        format!(
            "1 finding held by the baseline {base_arg} is not shown\n\
             checked 1 file: 0 errors, 0 warnings, 0 notes\n"
        )
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn notes_repeated_across_many_files_are_counted_in_one_line() {
    // Four variants in a later dialect: one note each, counted, not shown; three would be shown.
    let dir = scratch("grouped-notes");
    // A TER beside an XML variant file: a variant no text loader reads.
    let later = std::fs::read(fixture("colossus/Later/Later.ter")).unwrap();
    for n in 1..=4 {
        let variant = dir.join(format!("Later{n}"));
        std::fs::create_dir_all(&variant).unwrap();
        std::fs::write(variant.join(format!("Later{n}.ter")), &later).unwrap();
        std::fs::write(variant.join(format!("Later{n}Var.xml")), "<variant/>\n").unwrap();
    }
    let dir_arg = dir.to_str().unwrap();
    let quiet = retroboard(&["check", dir_arg]);
    assert_eq!(
        stdout(&quiet),
        "4 files have the note colossus/unsupported-dialect: the file is in a later Colossus \
         format (retroboard explain colossus/unsupported-dialect; --verbose shows each)\n\
         checked 4 files: 0 errors, 0 warnings, 4 notes\n"
    );
    let verbose = stdout(&retroboard(&["check", "--verbose", dir_arg]));
    assert_eq!(
        verbose.matches("colossus/unsupported-dialect").count(),
        4,
        "{verbose}"
    );
    assert!(!verbose.contains("files have the note"), "{verbose}");
    // Three files: each note is shown where it is.
    std::fs::remove_dir_all(dir.join("Later4")).unwrap();
    let three = stdout(&retroboard(&["check", dir_arg]));
    assert_eq!(
        three.matches("colossus/unsupported-dialect").count(),
        3,
        "{three}"
    );
    assert!(!three.contains("files have the note"), "{three}");
}

/// The codes and severities `check --format json` reports, as `path:line code severity`.
fn json_findings(args: &[&str], base: &Path) -> Vec<String> {
    let output = retroboard(args);
    let findings: Vec<serde_json::Value> = serde_json::from_str(&stdout(&output)).unwrap();
    findings
        .iter()
        .map(|f| {
            let path = Path::new(f["path"].as_str().unwrap());
            format!(
                "{}:{} {} {}",
                path.strip_prefix(base).unwrap_or(path).display(),
                f["line"],
                f["code"].as_str().unwrap(),
                f["severity"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn retroboard_toml_sets_rules_files_and_formats_from_the_folders_above() {
    let dir = scratch("settings");
    let variant = tiny_variant(&dir, "Mod");
    let ter = variant.join("Mod.ter");
    let text = std::fs::read_to_string(&ter)
        .unwrap()
        .replace("-1 Titan", "0 Titan");
    std::fs::write(&ter, text).unwrap();
    let experimental = tiny_variant(&dir, "Experimental");
    std::fs::copy(&ter, experimental.join("Experimental.ter")).unwrap();
    std::fs::create_dir_all(dir.join("old")).unwrap();
    std::fs::write(dir.join("old/Broken.pat"), "not a game\n").unwrap();
    // A Crossmines pattern named like a Patience game, and one file read as what it is.
    std::fs::create_dir_all(dir.join("patterns")).unwrap();
    std::fs::copy(
        fixture("crossmines/clean.pat"),
        dir.join("patterns/Hex.pat"),
    )
    .unwrap();
    let dir_arg = dir.to_str().unwrap();

    // Without settings: the Titan warning in both variants, the broken file an error.
    let defaults = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert!(
        defaults.contains(&"Mod/Mod.ter:3 colossus/titan-recruit warning".to_string()),
        "{defaults:?}"
    );
    assert!(
        defaults.iter().any(|f| f.starts_with("old/Broken.pat")),
        "{defaults:?}"
    );

    std::fs::write(
        dir.join("retroboard.toml"),
        "[rules]\n\"colossus/titan-recruit\" = \"error\"\n\n\
         [[overrides]]\nfiles = [\"Experimental/**\"]\nrules = { \"colossus/titan-recruit\" = \"off\" }\n\n\
         [files]\nexclude = [\"old/**\"]\n\"patterns/**/*.pat\" = \"crossmines-pattern\"\n",
    )
    .unwrap();
    let set = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert_eq!(
        set,
        ["Mod/Mod.ter:3 colossus/titan-recruit error"],
        "{set:?}"
    );
    // Checked from inside a folder below the settings, the same settings hold.
    let inside = json_findings(
        &["check", "--format", "json", variant.to_str().unwrap()],
        &dir,
    );
    assert_eq!(inside, ["Mod/Mod.ter:3 colossus/titan-recruit error"]);
    // A file named on the command line is read even when [files] excludes it.
    let named = json_findings(
        &[
            "check",
            "--format",
            "json",
            dir.join("old/Broken.pat").to_str().unwrap(),
        ],
        &dir,
    );
    assert!(!named.is_empty());

    // A malformed settings file: one finding in it, the defaults for the rest, exit 1.
    std::fs::write(
        dir.join("retroboard.toml"),
        "[rules]\n\"colossus/titan-recruit\" = \"loud\"\n",
    )
    .unwrap();
    let output = retroboard(&["check", variant.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains("retroboard.toml: settings of the files below it\n"),
        "{text}"
    );
    assert!(
        text.contains("error[retroboard/config]: \u{201c}loud\u{201d} (for colossus/titan-recruit) is no level: write error, warning, information, hint or off; the checks use the default settings until it is fixed"),
        "{text}"
    );
    assert!(text.contains("warning[colossus/titan-recruit]"), "{text}");
}

#[test]
fn a_retroboard_toml_too_large_to_read_is_a_finding() {
    let dir = scratch("settings-large");
    let variant = tiny_variant(&dir, "Mod");
    std::fs::write(variant.join("Mod.ter"), baseline_ter(&[TOWER_0_TITAN])).unwrap();
    // Its rule would turn the finding off; unread, the defaults apply.
    let mut settings = "[rules]\n\"colossus/titan-recruit\" = \"off\"\n#".to_string();
    settings.push_str(&"x".repeat(1 << 20));
    std::fs::write(dir.join("retroboard.toml"), &settings).unwrap();
    let out = retroboard(&["check", "--format", "json", variant.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = report.as_array().unwrap();
    let config = &findings[0];
    assert_eq!(
        config["path"],
        dir.join("retroboard.toml").to_str().unwrap()
    );
    assert_eq!(config["code"], "retroboard/config");
    assert_eq!(config["severity"], "error");
    assert_eq!(config["line"], 1);
    assert_eq!(config["column"], 1);
    assert_eq!(
        config["message"],
        format!(
            "retroboard.toml is too large to be read: {} bytes, more than the 1 MiB (1048576 \
bytes) a settings file may have; the checks use the default settings until it is fixed",
            settings.len()
        )
    );
    assert!(
        findings
            .iter()
            .any(|f| f["code"] == "colossus/titan-recruit"),
        "{report:#}"
    );
    // The human report shows it too.
    let out = retroboard(&["check", variant.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("error[retroboard/config]: retroboard.toml is too large to be read"),
        "{}",
        stdout(&out)
    );
}

/// A variant folder with a map of its own that its VAR does not name: the game reads
/// Default's map, so the VAR says so (with the record to add) and the map says it is unused,
/// instead of the map's findings sending the modder to edit Default's files.
#[test]
fn a_variant_that_names_none_of_its_files_is_told_so() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let dir = scratch("unnamed");
    copy_dir(&corpus.join("colossus/Default"), &dir.join("Default"));
    std::fs::create_dir_all(dir.join("Mine")).unwrap();
    std::fs::write(dir.join("Mine/Mine.var"), "# my own variant\n").unwrap();
    let map = std::fs::read_to_string(corpus.join("colossus/Default/Default.map")).unwrap();
    std::fs::write(dir.join("Mine/Mine.map"), map).unwrap();
    let out = retroboard(&[
        "check",
        "--format",
        "json",
        dir.join("Mine").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let found = findings_by_name(&out);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].3.as_str()),
        ("Mine.map", "colossus/unused-file")
    );
    assert_eq!(
        found[0].4,
        "no variant uses this file: Mine.var has no MAP: record, so the game uses Default.map \
(Default/Default.map); the game never reads Mine.map, and its findings are not about the game: \
to use it, write “MAP:Mine.map” in Mine.var"
    );
    assert_eq!(
        (found[1].0.as_str(), found[1].3.as_str()),
        ("Mine.var", "colossus/own-file-unnamed")
    );
    assert_eq!(
        found[1].4,
        "this VAR has no MAP: record, so the game uses Default.map (Default/Default.map); it \
never reads Mine.map in this folder (the findings shown there are about the files the game does \
use): add “MAP:Mine.map”"
    );
    // Named, the map is the variant's: nothing to say.
    std::fs::write(dir.join("Mine/Mine.var"), "MAP:Mine.map\n").unwrap();
    let out = retroboard(&[
        "check",
        "--format",
        "json",
        dir.join("Mine").to_str().unwrap(),
    ]);
    assert_eq!(findings_by_name(&out), Vec::new());
}

/// A TER file of these lines.
fn baseline_ter(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

const BRUSH_MAYBE: &str = "B green Brush maybe 1 Gargoyle 2 Troll";
const TOWER_0_TITAN: &str = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre 0 Titan";
const TOWER_TITAN: &str = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan";
const ACQUIRABLE: &str = "ACQUIRABLE 100 Angel 500 Archangel";

/// The codes of the findings `check --format json` reports, as `line code`.
fn json_codes(out: &Output) -> Vec<String> {
    let findings: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    findings
        .iter()
        .map(|f| format!("{} {}", f["line"], f["code"].as_str().unwrap()))
        .collect()
}

#[test]
fn a_baseline_fails_only_on_new_findings_and_names_those_gone() {
    let dir = scratch("baseline");
    let variant = tiny_variant(&dir, "Mod");
    let ter = variant.join("Mod.ter");
    std::fs::write(
        &ter,
        baseline_ter(&[BRUSH_MAYBE, "", TOWER_0_TITAN, "", ACQUIRABLE]),
    )
    .unwrap();
    let base = dir.join("retroboard-baseline.json");
    let (base_arg, mod_arg) = (base.to_str().unwrap(), variant.to_str().unwrap());
    let before = retroboard(&["check", "--format", "json", mod_arg]);
    assert_eq!(before.status.code(), Some(1));
    assert_eq!(
        json_codes(&before),
        ["1 colossus/syntax-error", "3 colossus/titan-recruit"]
    );

    // Written: every finding recorded, by file (relative to the baseline), code, fingerprint.
    let out = retroboard(&["check", "--write-baseline", base_arg, mod_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!(
            "retroboard: wrote the baseline {base_arg} (2 findings)"
        )),
        "{}",
        stderr(&out)
    );
    let written: Value = serde_json::from_slice(&std::fs::read(&base).unwrap()).unwrap();
    assert_eq!(written["retroboard_baseline"], 1);
    let entries = written["findings"].as_array().unwrap();
    let recorded: Vec<(&str, &str, u64)> = entries
        .iter()
        .map(|e| {
            assert_eq!(e["fingerprint"].as_str().unwrap().len(), 16);
            (
                e["file"].as_str().unwrap(),
                e["code"].as_str().unwrap(),
                e["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        recorded,
        [
            ("Mod/Mod.ter", "colossus/syntax-error", 1),
            ("Mod/Mod.ter", "colossus/titan-recruit", 1),
        ]
    );

    // Checked against it: nothing to report, exit 0.
    let out = retroboard(&["check", "--baseline", base_arg, mod_arg]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "2 findings held by the baseline {base_arg} are not shown\n\
             checked 6 files: 0 errors, 0 warnings, 0 notes\n"
        )
    );

    // Lines moved, added and blanks changed around the findings: still all in the baseline.
    std::fs::write(
        &ter,
        baseline_ter(&[
            "# terrains of Mod",
            ACQUIRABLE,
            &TOWER_0_TITAN.replace(' ', "   "),
            "",
            "",
            BRUSH_MAYBE,
        ]),
    )
    .unwrap();
    let out = retroboard(&["check", "--format", "json", "--baseline", base_arg, mod_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(json_codes(&out), Vec::<String>::new());
    assert_eq!(stderr(&out), "");

    // A new finding: exit 1, and only it is named.
    std::fs::write(
        &ter,
        baseline_ter(&[
            "# terrains of Mod",
            &ACQUIRABLE.replace("500", "550"),
            TOWER_0_TITAN,
            BRUSH_MAYBE,
        ]),
    )
    .unwrap();
    let out = retroboard(&["check", "--format", "json", "--baseline", base_arg, mod_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_codes(&out), ["2 colossus/acquirable-multiple"]);
    let human = retroboard(&["check", "--baseline", base_arg, mod_arg]);
    assert_eq!(human.status.code(), Some(1));
    let text = stdout(&human);
    assert_eq!(text.matches("error[").count(), 1, "{text}");
    assert!(
        text.contains("error[colossus/acquirable-multiple]"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "2 findings held by the baseline {base_arg} are not shown\n"
        )),
        "{text}"
    );

    // A baselined finding mended: named as gone (as the files checked are named: here by the
    // absolute path typed), still exit 0 without the new one.
    std::fs::write(&ter, baseline_ter(&[ACQUIRABLE, TOWER_TITAN, BRUSH_MAYBE])).unwrap();
    let out = retroboard(&["check", "--baseline", base_arg, mod_arg]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let ter_arg = ter.to_str().unwrap();
    assert!(
        text.contains(&format!(
            "1 finding of the baseline {base_arg} no longer occurs (--prune-baseline removes them):\n  \
             {ter_arg}: colossus/titan-recruit: “0 Titan” lets the Titan be recruited"
        )),
        "{text}"
    );
    // Beside JSON, on stderr.
    let out = retroboard(&["check", "--format", "json", "--baseline", base_arg, mod_arg]);
    assert_eq!(json_codes(&out), Vec::<String>::new());
    assert!(
        stderr(&out).contains(&format!(
            "no longer occurs (--prune-baseline removes them):\nretroboard:   {ter_arg}: colossus/titan-recruit: "
        )),
        "{}",
        stderr(&out)
    );

    // A run over another file says nothing of this one's entries, and prunes none.
    let other = tiny_variant(&dir, "Other");
    let out = retroboard(&[
        "check",
        "--baseline",
        base_arg,
        "--prune-baseline",
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        !stdout(&out).contains("no longer occur"),
        "{}",
        stdout(&out)
    );
    assert!(
        std::fs::read_to_string(&base)
            .unwrap()
            .contains("titan-recruit")
    );

    // Pruned: the entry leaves the file, and is not named again.
    let out = retroboard(&["check", "--baseline", base_arg, "--prune-baseline", mod_arg]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains(&format!(
            "retroboard: removed 1 finding that no longer occurs from the baseline {base_arg}"
        )),
        "{}",
        stderr(&out)
    );
    let pruned = std::fs::read_to_string(&base).unwrap();
    assert!(!pruned.contains("titan-recruit"), "{pruned}");
    assert_eq!(pruned.matches("\"count\": 1").count(), 1, "{pruned}");
    let out = retroboard(&["check", "--baseline", base_arg, mod_arg]);
    assert!(
        !stdout(&out).contains("no longer occur"),
        "{}",
        stdout(&out)
    );

    // A baseline that cannot be read, or --prune-baseline alone: usage problems.
    let out = retroboard(&["check", "--baseline", "/no/such/baseline.json", mod_arg]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("retroboard: cannot read the baseline /no/such/baseline.json"),
        "{}",
        stderr(&out)
    );
    std::fs::write(dir.join("not.json"), "[1, 2]").unwrap();
    let out = retroboard(&[
        "check",
        "--baseline",
        dir.join("not.json").to_str().unwrap(),
        mod_arg,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is not a Retroboard baseline"),
        "{}",
        stderr(&out)
    );
    let out = retroboard(&["check", "--prune-baseline", mod_arg]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_baseline_is_written_only_to_a_file_or_a_new_path() {
    let dir = scratch("baseline-target");
    let variant = tiny_variant(&dir, "Mod");
    std::fs::write(variant.join("Mod.ter"), baseline_ter(&[TOWER_0_TITAN])).unwrap();
    let write_baseline = |base: &Path| {
        run_os(&[
            os("check"),
            os("--write-baseline"),
            base.as_os_str(),
            variant.as_os_str(),
        ])
    };
    // A named pipe (writing to it waited for a reader forever), a device behind a link (which
    // swallowed the baseline), a folder, a link to nothing: one line, exit 2, before any check.
    let fifo = dir.join("fifo.json");
    mkfifo(&fifo);
    let zero = dir.join("zero.json");
    symlink("/dev/zero", &zero);
    let folder = dir.join("folder.json");
    std::fs::create_dir(&folder).unwrap();
    let dangling = dir.join("dangling.json");
    symlink("missing.json", &dangling);
    for (base, what) in [
        (&fifo, "it is a named pipe, not a file"),
        (&zero, "it is a device, not a file"),
        (&folder, "it is a folder, not a file"),
        (&dangling, "it is a link to a file that does not exist"),
    ] {
        let out = write_baseline(base);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert_eq!(
            stderr(&out),
            format!(
                "retroboard: cannot write the baseline {}: {what} (name a file or a new path)\n",
                base.display()
            )
        );
        assert_eq!(stdout(&out), "");
    }
    assert_eq!(std::fs::read_link(&zero).unwrap(), Path::new("/dev/zero"));
    assert!(!dir.join("missing.json").exists());
    // A link to a file: the file written, the link kept; a new path: created.
    let real = dir.join("real.json");
    std::fs::write(&real, "old\n").unwrap();
    let link = dir.join("link.json");
    symlink("real.json", &link);
    let new = dir.join("new.json");
    for base in [&link, &new] {
        let out = write_baseline(base);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!(
                "retroboard: wrote the baseline {} (5 findings)",
                base.display()
            )),
            "{}",
            stderr(&out)
        );
    }
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("real.json"));
    assert_eq!(std::fs::read(&real).unwrap(), std::fs::read(&new).unwrap());
    let written: Value = serde_json::from_slice(&std::fs::read(&new).unwrap()).unwrap();
    let codes: Vec<&str> = written["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"colossus/titan-recruit"), "{codes:?}");
}

/// `(ruleId, baselineState, suppression kind and justification)` of each SARIF result.
fn sarif_states(out: &Output) -> Vec<(String, String, String)> {
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    sarif::validate(&log);
    let text = |v: &Value| v.as_str().unwrap_or("-").to_string();
    log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let fingerprint = text(&r["partialFingerprints"]["retroboardPlace/v1"]);
            assert_eq!(fingerprint.len(), 16, "{r}");
            let suppression = &r["suppressions"][0];
            let suppressed = match suppression["kind"].as_str() {
                Some(kind) => format!("{kind}: {}", text(&suppression["justification"])),
                None => "-".to_string(),
            };
            (text(&r["ruleId"]), text(&r["baselineState"]), suppressed)
        })
        .collect()
}

#[test]
fn sarif_lists_suppressed_findings_fingerprints_and_baseline_states() {
    let dir = scratch("sarif-states");
    copy_dir(
        Path::new(&fixture("colossus/Suppressed")),
        &dir.join("Suppressed"),
    );
    let ter = dir.join("Suppressed/Suppressed.ter");
    let ter_arg = ter.to_str().unwrap();
    let owned = |rows: &[(&str, &str, &str)]| -> Vec<(String, String, String)> {
        rows.iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect()
    };

    // Silenced in the source: suppressed results with the comment's reason and place.
    let out = retroboard(&["check", "--format", "sarif", ter_arg]);
    assert_eq!(
        sarif_states(&out),
        owned(&[
            ("retroboard/unused-suppression", "-", "-"),
            (
                "colossus/titan-recruit",
                "-",
                "inSource: our Tower recruits a Titan on purpose"
            ),
            (
                "colossus/acquirable-multiple",
                "-",
                "inSource: the points are a house rule"
            ),
        ])
    );
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    let titan = &log["runs"][0]["results"][1];
    assert_eq!(
        titan["suppressions"][0]["location"]["physicalLocation"]["region"],
        serde_json::json!({"startLine": 4, "startColumn": 1, "endLine": 4, "endColumn": 83})
    );
    // Still exit 0: suppressed findings fail nothing.
    assert_eq!(out.status.code(), Some(0));

    // With a baseline: new, unchanged (suppressed as held by it) and absent results.
    let base = dir.join("baseline.json");
    let base_arg = base.to_str().unwrap();
    let out = retroboard(&["check", "--write-baseline", base_arg, ter_arg]);
    assert_eq!(out.status.code(), Some(0));
    let recorded = std::fs::read_to_string(&base).unwrap();
    let text = std::fs::read_to_string(&ter).unwrap();
    std::fs::write(&ter, text.replace("Brush true", "Brush maybe")).unwrap();
    let out = retroboard(&[
        "check",
        "--format",
        "sarif",
        "--baseline",
        base_arg,
        ter_arg,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let states = sarif_states(&out);
    let held = format!("external: held by the baseline {base_arg}");
    assert!(
        states.contains(&("colossus/syntax-error".into(), "new".into(), "-".into())),
        "{states:?}"
    );
    assert!(
        states.contains(&(
            "retroboard/unused-suppression".into(),
            "unchanged".into(),
            held.clone()
        )),
        "{states:?}"
    );
    // The fingerprint is the baseline's.
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    let unchanged = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["baselineState"] == "unchanged")
        .unwrap();
    let print = unchanged["partialFingerprints"]["retroboardPlace/v1"]
        .as_str()
        .unwrap();
    assert!(recorded.contains(print), "{recorded}");

    // The unused suppression removed: its entry is absent.
    let text = std::fs::read_to_string(&ter).unwrap();
    let without: String = text
        .lines()
        .filter(|l| !l.contains("nothing here to silence"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&ter, without).unwrap();
    let out = retroboard(&[
        "check",
        "--format",
        "sarif",
        "--baseline",
        base_arg,
        ter_arg,
    ]);
    let states = sarif_states(&out);
    assert!(
        states.contains(&(
            "retroboard/unused-suppression".into(),
            "absent".into(),
            "-".into()
        )),
        "{states:?}"
    );
    assert!(!states.iter().any(|s| s.1 == "unchanged"), "{states:?}");
}

#[test]
fn the_sarif_shape_check_refuses_what_the_schema_refuses() {
    let good = serde_json::json!({"version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "retroboard"}},
        "results": [{"message": {"text": "m"}, "suppressions": [{"kind": "inSource"}]}],
    }]});
    sarif::validate(&good);
    for bad in [
        serde_json::json!({"version": "2.1.0"}),
        serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}),
        serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "r"}},
            "results": [{"message": {"text": "m"}, "baselineState": "old"}]}]}),
        serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "r"}},
            "results": [{"message": {"text": "m"}, "suppressions": [{"kind": "comment"}]}]}]}),
        serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "r"}},
            "results": [{"message": {"text": "m"}, "fingerprint": {}}]}]}),
        serde_json::json!({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "r"}},
            "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": "a"}, "region": {"startLine": 0}}}]}]}]}),
    ] {
        let refused = std::panic::catch_unwind(|| sarif::validate(&bad));
        assert!(refused.is_err(), "{bad}");
    }
}

#[test]
fn no_suppressions_reports_what_comments_and_settings_silence() {
    let dir = scratch("no-suppressions");
    copy_dir(
        Path::new(&fixture("colossus/Suppressed")),
        &dir.join("Suppressed"),
    );
    std::fs::write(
        dir.join("retroboard.toml"),
        "[rules]\n\"retroboard/unused-suppression\" = \"off\"\n",
    )
    .unwrap();
    let ter = dir.join("Suppressed/Suppressed.ter");
    let ter_arg = ter.to_str().unwrap();
    let messages = |out: &Output| -> Vec<String> {
        let findings: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        findings
            .iter()
            .map(|f| {
                format!(
                    "{} {} {}: {}",
                    f["line"],
                    f["severity"].as_str().unwrap(),
                    f["code"].as_str().unwrap(),
                    f["message"].as_str().unwrap()
                )
            })
            .collect()
    };
    let out = retroboard(&["check", "--format", "json", ter_arg]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(messages(&out), Vec::<String>::new());

    let out = retroboard(&["check", "--format", "json", "--no-suppressions", ter_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        messages(&out),
        [
            "6 warning colossus/titan-recruit: “0 Titan” lets the Titan be recruited; a Titan as \
recruiter should always be “-1 Titan” (it can recruit, but cannot be recruited); silenced by the \
comment on line 4: “our Tower recruits a Titan on purpose”",
            "8 warning retroboard/unused-suppression: this suppression silences nothing: the next \
line has no finding colossus/unknown-creature or colossus/titan-recruit; remove it, or correct the \
code; retroboard.toml turns this code off",
            "9 error colossus/acquirable-multiple: Archangel is acquirable every 250 points, which \
is not a multiple of the first ACQUIRABLE value 100 (Angel); the game stops at start-up (\"Wrong \
Value for an Acquirable\"): use a multiple of 100 such as 200; silenced by the comment on line 1: \
“the points are a house rule”",
        ]
    );
    // SARIF in an audit: plain results, none suppressed.
    let out = retroboard(&["check", "--format", "sarif", "--no-suppressions", ter_arg]);
    let states = sarif_states(&out);
    assert_eq!(states.len(), 3, "{states:?}");
    assert!(states.iter().all(|s| s.2 == "-"), "{states:?}");
    // An audit compares with no baseline.
    let out = retroboard(&[
        "check",
        "--no-suppressions",
        "--baseline",
        "b.json",
        ter_arg,
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// `[[suppress]]` entries of retroboard.toml silence findings of the formats without comments
/// by their logical place, which survives edits elsewhere; SARIF lists what they silence as
/// `external` suppressions with the reason; an unused entry and a malformed one are findings
/// of the settings file; `--no-suppressions` reports what they silence, saying so.
#[test]
fn suppress_entries_silence_findings_at_their_logical_place() {
    let dir = scratch("suppress-entries");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::copy(fixture("othello/chip-total.bord"), dir.join("games/b.bord")).unwrap();
    std::fs::copy(
        fixture("crossmines/grid-width.pat"),
        dir.join("games/c.pat"),
    )
    .unwrap();
    let dir_arg = dir.to_str().unwrap();
    let before = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert_eq!(
        before,
        [
            "games/b.bord:1 othello/chip-total error",
            "games/c.pat:12 crossmines/grid-width error",
            "games/c.pat:14 crossmines/grid-width error",
            "games/c.pat:15 crossmines/grid-width error",
        ]
    );
    let settings = "[[suppress]]\nfile = \"games/b.bord\"\ncode = \"othello/chip-total\"\n\
place = \"line:1\"\nreason = \"the house rule gives 33 chips\"\n\n\
[[suppress]]\nfile = \"games/*.pat\"\ncode = \"crossmines/grid-width\"\nplace = \"cell:4:1\"\n\
reason = \"a short line on purpose\"\n\n\
[[suppress]]\nfile = \"games/*.pat\"\ncode = \"crossmines/grid-width\"\nplace = \"cell:9:1\"\n\
reason = \"gone\"\n\n\
[[suppress]]\nfile = \"games/*.pat\"\ncode = \"crossmines/grid-width\"\nplace = \"row:5\"\n\
reason = \"malformed\"\n";
    std::fs::write(dir.join("retroboard.toml"), settings).unwrap();
    let after = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert_eq!(
        after,
        [
            "retroboard.toml:13 retroboard/unused-suppression warning",
            "retroboard.toml:22 retroboard/config error",
            "games/c.pat:12 crossmines/grid-width error",
            "games/c.pat:15 crossmines/grid-width error",
        ]
    );
    // Edits elsewhere (the description, another grid line) leave the place as it was.
    let edited = std::fs::read_to_string(dir.join("games/c.pat"))
        .unwrap()
        .replace("All squares.", "Every square.")
        .replace("22011.--", "22011.---");
    std::fs::write(dir.join("games/c.pat"), &edited).unwrap();

    let out = retroboard(&["check", "--format", "sarif", dir_arg]);
    let states = sarif_states(&out);
    let external: Vec<_> = states
        .iter()
        .filter(|s| s.2 != "-")
        .map(|s| (s.0.as_str(), s.2.as_str()))
        .collect();
    assert_eq!(
        external,
        [
            (
                "othello/chip-total",
                "external: the house rule gives 33 chips"
            ),
            ("crossmines/grid-width", "external: a short line on purpose"),
        ]
    );

    // The human report names the settings file for its own findings.
    let out = retroboard(&["check", dir_arg]);
    let text = stdout(&out);
    assert!(
        text.contains("retroboard.toml: settings of the files below it\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "warning[retroboard/unused-suppression]: this [[suppress]] entry silences nothing: \
games/*.pat has no finding crossmines/grid-width at cell:9:1; remove it, or correct its file, \
code or place"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "error[retroboard/config]: \u{201c}row:5\u{201d} is no place: write file, \
line-text:TEXT"
        ),
        "{text}"
    );

    // The settings' own rules apply to their findings too.
    std::fs::write(
        dir.join("retroboard.toml"),
        format!("[rules]\n\"retroboard/unused-suppression\" = \"off\"\n\n{settings}"),
    )
    .unwrap();
    let quiet = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert_eq!(
        quiet,
        [
            "retroboard.toml:25 retroboard/config error",
            "games/c.pat:12 crossmines/grid-width error",
            "games/c.pat:15 crossmines/grid-width error",
        ]
    );

    // An audit: what the entries silence is reported, saying so.
    let out = retroboard(&["check", "--format", "json", "--no-suppressions", dir_arg]);
    let findings: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let audited: Vec<&str> = findings
        .iter()
        .filter_map(|f| f["message"].as_str())
        .filter(|m| m.contains("[[suppress]] entry of"))
        .collect();
    assert_eq!(audited.len(), 2, "{findings:?}");
    assert!(
        audited[0].ends_with(
            "; silenced by a [[suppress]] entry of retroboard.toml: \u{201c}the house rule gives \
33 chips\u{201d}"
        ),
        "{audited:?}"
    );
}

/// A `[[suppress]]` entry silences a Colossus finding too, by the generic `line-text:` place.
#[test]
fn a_suppress_entry_silences_a_colossus_finding_by_its_line_text() {
    let dir = scratch("suppress-colossus");
    let variant = tiny_variant(&dir, "Mod");
    let ter = variant.join("Mod.ter");
    let text = std::fs::read_to_string(&ter)
        .unwrap()
        .replace("-1 Titan", "0 Titan");
    std::fs::write(&ter, &text).unwrap();
    let line = text.lines().find(|l| l.contains("0 Titan")).unwrap();
    let dir_arg = dir.to_str().unwrap();
    let before = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert_eq!(before, ["Mod/Mod.ter:3 colossus/titan-recruit warning"]);
    std::fs::write(
        dir.join("retroboard.toml"),
        format!(
            "[[suppress]]\nfile = \"*/Mod.ter\"\ncode = \"colossus/titan-recruit\"\n\
place = \"line-text:  {}  \"\nreason = \"on purpose\"\n",
            line.replace(' ', "   ")
        ),
    )
    .unwrap();
    let after = json_findings(&["check", "--format", "json", dir_arg], &dir);
    assert_eq!(after, Vec::<String>::new());
}

/// The flags that took seconds are refused with what replaced them, in one line.
#[test]
fn the_flags_that_took_seconds_say_what_replaced_them() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let board = examples.join("English Standard.brd");
    for (args, flag) in [
        (
            vec!["check", "--solve-timeout", "2", examples.to_str().unwrap()],
            "--solve-timeout",
        ),
        (
            vec!["solve", "--timeout", "2", board.to_str().unwrap()],
            "--timeout",
        ),
    ] {
        let out = retroboard(&args);
        assert_eq!(out.status.code(), Some(2));
        let replacement = if flag == "--timeout" {
            "--positions"
        } else {
            "--solve-positions"
        };
        assert_eq!(
            stderr(&out),
            format!(
                "retroboard: invalid value '2' for '{flag} <SECONDS>': searches are now budgeted \
in positions, not seconds, so that every machine gives the same verdict: use {replacement} N (1 \
million positions take about 2 s) (see `retroboard --help`)\n"
            )
        );
    }
}

/// Every path of a run is in the form the paths were typed in: checked as `.`, the settings
/// file (its own findings) and the baseline's entries that no longer occur are named `./…` as
/// the files checked are; SARIF names every file relative to `%SRCROOT%`, the working folder,
/// its suppressions' settings file too.
#[test]
fn a_run_names_every_path_in_the_form_typed() {
    let dir = scratch("path-form");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::copy(fixture("othello/chip-total.bord"), dir.join("games/b.bord")).unwrap();
    std::fs::copy(
        fixture("crossmines/grid-width.pat"),
        dir.join("games/c.pat"),
    )
    .unwrap();
    let settings = "[[suppress]]\nfile = \"games/b.bord\"\ncode = \"othello/chip-total\"\n\
place = \"line:1\"\nreason = \"33 chips\"\n\n\
[[suppress]]\nfile = \"games/*.pat\"\ncode = \"crossmines/grid-width\"\nplace = \"cell:9:1\"\n\
reason = \"gone\"\n";
    std::fs::write(dir.join("retroboard.toml"), settings).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_retroboard"))
            .args(args)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let json = run(&["check", "--format", "json", "."]);
    let findings: Vec<Value> = serde_json::from_slice(&json.stdout).unwrap();
    let paths: Vec<&str> = findings
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "./retroboard.toml",
            "./games/c.pat",
            "./games/c.pat",
            "./games/c.pat"
        ]
    );
    let human = stdout(&run(&["check", "."]));
    assert!(
        human.contains("./retroboard.toml: settings of the files below it\n"),
        "{human}"
    );
    assert!(human.contains("┌─ ./retroboard.toml:7:1"), "{human}");

    let out = run(&["check", "--format", "sarif", "."]);
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    sarif::validate(&log);
    let run_log = &log["runs"][0];
    let root = run_log["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    let real = dir.canonicalize().unwrap();
    assert!(
        [dir.as_path(), real.as_path()]
            .iter()
            .any(|d| root == format!("file://{}/", d.display())),
        "{root}"
    );
    let location = |l: &Value| {
        let artifact = &l["physicalLocation"]["artifactLocation"];
        format!(
            "{} {}",
            artifact["uriBaseId"].as_str().unwrap_or("-"),
            artifact["uri"].as_str().unwrap()
        )
    };
    let mut uris: Vec<String> = run_log["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            let mut all = vec![location(&r["locations"][0])];
            if let Some(s) = r["suppressions"].as_array() {
                all.extend(s.iter().map(|s| location(&s["location"])));
            }
            all
        })
        .collect();
    uris.dedup();
    assert_eq!(
        uris,
        [
            "%SRCROOT% retroboard.toml",
            "%SRCROOT% games/b.bord",
            "%SRCROOT% retroboard.toml",
            "%SRCROOT% games/c.pat"
        ]
    );

    // The entries of a baseline that no longer occur, named as the files checked are.
    let out = run(&["check", "--write-baseline", "base.json", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::remove_file(dir.join("games/c.pat")).unwrap();
    let human = stdout(&run(&["check", "--baseline", "base.json", "."]));
    assert!(
        human.contains("\n  ./games/c.pat: crossmines/grid-width: "),
        "{human}"
    );
    let out = run(&["check", "--format", "sarif", "--baseline", "base.json", "."]);
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    sarif::validate(&log);
    let absent: Vec<String> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["baselineState"] == "absent")
        .map(|r| location(&r["locations"][0]))
        .collect();
    assert_eq!(absent, ["%SRCROOT% games/c.pat"; 3]);
}

/// A MAP read by several variants is checked against each one's TER: TitanPlus plays on
/// Default.map with its own TER, so when that TER names its Woods X, the W hexes of Default.map
/// are undefined for TitanPlus (and only for it), and say so.
/// A TER read by another variant with a CRE of its own is checked against that CRE too: a
/// creature it lacks is named where the TER recruits it, for that variant, pointing at the
/// line of its VAR that reads that CRE.
#[test]
fn a_ter_shared_by_variants_is_checked_against_each_ones_creatures() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let dir = scratch("shared-ter");
    copy_dir(&corpus.join("colossus/Default"), &dir.join("Default"));
    std::fs::create_dir_all(dir.join("Mini")).unwrap();
    std::fs::write(
        dir.join("Mini/Mini.var"),
        "MAP:Default.map\nTER:Default.ter\nCRE:Mini.cre\n",
    )
    .unwrap();
    let creatures = std::fs::read_to_string(dir.join("Default/Default.cre")).unwrap();
    let without_cyclops: String = creatures
        .split_inclusive('\n')
        .filter(|line| !line.starts_with("Cyclops"))
        .collect();
    std::fs::write(dir.join("Mini/Mini.cre"), without_cyclops).unwrap();
    let out = Run {
        args: &[os("check"), os("--format"), os("json"), os(".")],
        cwd: Some(&dir),
        env: &[],
    }
    .within(60);
    let found = findings_by_name(&out);
    let unknown: Vec<_> = found
        .iter()
        .filter(|f| f.3 == "colossus/unknown-creature")
        .collect();
    assert!(!unknown.is_empty(), "{found:#?}");
    assert!(unknown.iter().all(|f| f.0 == "Default.ter"), "{unknown:#?}");
    assert_eq!(
        unknown[0].4,
        "there is no creature called Cyclops for Mini: Mini.var reads Default.ter with Mini.cre, \
which has no Cyclops; Default's own Default.cre has it"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = json
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "colossus/unknown-creature")
        .unwrap();
    assert_eq!(
        first["related"],
        serde_json::json!([{"path": "./Mini/Mini.var", "line": 3, "column": 1,
            "message": "Mini recruits from Default.ter with Mini.cre, which has no Cyclops"}])
    );
}

#[test]
fn a_map_shared_by_variants_is_checked_for_each_of_them() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let dir = scratch("shared-map");
    for variant in ["Default", "TitanPlus"] {
        copy_dir(&corpus.join("colossus").join(variant), &dir.join(variant));
    }
    let ter = dir.join("TitanPlus/TitanPlus.ter");
    let text = std::fs::read_to_string(&ter).unwrap();
    std::fs::write(&ter, text.replacen("W olive", "X olive", 1)).unwrap();
    let out = Run {
        args: &[os("check"), os("--format"), os("json"), os(".")],
        cwd: Some(&dir),
        env: &[],
    }
    .within(60);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let found = findings_by_name(&out);
    let unknown: Vec<_> = found
        .iter()
        .filter(|f| f.3 == "colossus/unknown-terrain")
        .collect();
    assert_eq!(unknown.len(), 6, "{found:#?}");
    assert!(unknown.iter().all(|f| f.0 == "Default.map"), "{unknown:#?}");
    let first = unknown.iter().min_by_key(|f| (f.1, f.2)).unwrap();
    assert_eq!(
        (first.1, first.2, first.4.as_str()),
        (
            4,
            3,
            "terrain W of hex 2 is not defined for TitanPlus: TitanPlus.var reads Default.map \
with TitanPlus.ter, which has no W (letters: B D H J M P S T X m t); Default's own Default.ter \
defines it"
        )
    );
    // Each also points at the line of TitanPlus.var that makes it hold.
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let related: Vec<&serde_json::Value> = json
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "colossus/unknown-terrain")
        .map(|f| &f["related"][0])
        .collect();
    assert_eq!(related.len(), 6);
    for place in related {
        assert_eq!(
            (
                place["path"].as_str().unwrap(),
                &place["line"],
                &place["column"],
                place["message"].as_str().unwrap()
            ),
            (
                "./TitanPlus/TitanPlus.var",
                &serde_json::json!(2),
                &serde_json::json!(1),
                "TitanPlus plays Default.map with TitanPlus.ter, which has no W"
            ),
            "{place}"
        );
    }
}

/// `[game] colossus` in retroboard.toml: every file of a variant is read for the version it
/// chooses; a file that version would misread gets one finding at the sign that contradicts it,
/// and `check --verbose` says which version each file is read for and why.
#[test]
fn the_colossus_version_of_retroboard_toml_is_honoured_and_contradictions_named() {
    let Some(corpus) = corpus::corpus_dir() else {
        return;
    };
    let dir = scratch("game-version");
    copy_dir(&corpus.join("colossus/Default"), &dir.join("Default"));
    copy_dir(
        &corpus.join("colossus/_later/2003-10-19_1b50e238/Abyssal9"),
        &dir.join("Abyssal9"),
    );
    let settings = dir.join("retroboard.toml");
    let check = |args: &[&str]| check_in(&dir, args);

    // The documented format's files, read for 2003-10: one finding each, no flood.
    std::fs::write(&settings, "[game]\ncolossus = \"2003-10\"\n").unwrap();
    let out = check(&["--format", "json", "Default"]);
    assert_eq!(out.status.code(), Some(1));
    let found = findings_by_name(&out);
    assert!(
        found.iter().all(|f| f.3 == "colossus/version-mismatch"),
        "{found:#?}"
    );
    let at: Vec<(&str, u64)> = found.iter().map(|f| (f.0.as_str(), f.1)).collect();
    let mut expected = vec![("Default.cre", 2), ("Default.map", 3), ("Default.ter", 1)];
    for land in [
        "Brush",
        "Desert",
        "Hills",
        "Jungle",
        "Marsh",
        "Mountains",
        "Swamp",
        "Tower",
        "Tundra",
        "Woods",
    ] {
        expected.push((land, 1));
    }
    expected.sort();
    assert_eq!(at, expected);
    let map = found.iter().find(|f| f.0 == "Default.map").unwrap();
    assert_eq!(
        map.4,
        "retroboard.toml reads the variants as the 2003-10 format (colossus = \"2003-10\" in \
[game]), but this file has hexes with terrain letters, where the 2003-10 game reads terrain \
names (the 2002 format, line 3): set colossus to the version the file is written for (or \
\"auto\"), or rewrite it for 2003-10"
    );

    // A 2003-10 variant read for 2002-02: each file at its own sign.
    std::fs::write(&settings, "[game]\ncolossus = \"2002-02\"\n").unwrap();
    let found = findings_by_name(&check(&["--format", "json", "Abyssal9"]));
    let at: Vec<(&str, u64, &str)> = found
        .iter()
        .map(|f| (f.0.as_str(), f.1, f.3.as_str()))
        .collect();
    assert_eq!(
        at,
        [
            ("Abyssal9.cre", 3, "colossus/version-mismatch"),
            ("Abyssal9.map", 4, "colossus/version-mismatch"),
            ("Abyssal9.ter", 1, "colossus/version-mismatch"),
            ("Abyssal9.var", 5, "colossus/version-mismatch"),
        ]
    );
    assert_eq!(
        found[1].4,
        "retroboard.toml reads the variants as the 2002-02 format (colossus = \"2002-02\" in \
[game]), but line 4 has terrain names instead of letters, which only the 2003-10 game reads: \
set colossus = \"2003-10\" (or \"auto\"), or write the file in the 2002-02 format"
    );

    // Which version, and why.
    std::fs::write(&settings, "[game]\ncolossus = \"2002-11\"\n").unwrap();
    let out = check(&["--verbose", "Default/Default.var"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with(
            "Default/Default.var: read as Colossus variant (VAR) [colossus-var], game version \
2002-11 (retroboard.toml: `colossus = \"2002-11\"`)\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    std::fs::write(&settings, "[game]\ncolossus = \"auto\"\n").unwrap();
    let out = check(&["--verbose", "Abyssal9/Abyssal9.var"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with(
            "Abyssal9/Abyssal9.var: read as Colossus variant (VAR) [colossus-var], game version \
2003-10, because Abyssal9.map line 4 has terrain names instead of letters\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    // A version the game never had.
    std::fs::write(&settings, "[game]\ncolossus = \"2004\"\npeg = \"rev11\"\n").unwrap();
    let found = findings_by_name(&check(&["--format", "json", "retroboard.toml"]));
    assert_eq!(
        found,
        [(
            "retroboard.toml".to_string(),
            2,
            13,
            "retroboard/config".to_string(),
            "“2004” is no colossus version of [game]: use \"auto\", \"2002-02\", \"2002-11\", \
\"2003-10\"; the checks use the default settings until it is fixed"
                .to_string()
        )]
    );
}

/// `[game] peg` reads version 2 boards as the game it names; a board whose rows are equally
/// long only for the other game gets one finding, and `check --verbose` says which game.
#[test]
fn the_peg_game_of_retroboard_toml_is_honoured_and_contradictions_named() {
    let dir = scratch("peg-game");
    // Rows equally long without the dots (the final game) and only so.
    std::fs::write(
        dir.join("final.brd"),
        "version 2\nmode: normal\n.yyy\nyyy\nyey\n",
    )
    .unwrap();
    // Rows equally long counting the dots (the game of 11 Nov 2018) and only so.
    std::fs::write(
        dir.join("rev11.brd"),
        "version 2\nmode: normal\ny.y\nyyy\nyey\n",
    )
    .unwrap();
    let settings = dir.join("retroboard.toml");
    let check = |args: &[&str]| check_in(&dir, args);
    let mismatches = |out: &Output| -> Vec<(String, u64, String)> {
        findings_by_name(out)
            .into_iter()
            .filter(|f| f.3 == "peg/version-mismatch")
            .map(|f| (f.0, f.1, f.4))
            .collect()
    };

    let out = check(&["--format", "json", "final.brd", "rev11.brd"]);
    assert_eq!(mismatches(&out), [], "auto: each board as the game it fits");

    std::fs::write(&settings, "[game]\npeg = \"rev11\"\n").unwrap();
    let out = check(&["--format", "json", "final.brd", "rev11.brd"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        mismatches(&out),
        [(
            "final.brd".to_string(),
            4,
            "retroboard.toml reads the boards as the game of 11 Nov 2018, which counts the \
half-width dots “.” (peg = \"rev11\" in [game]); so read, row 2 (line 4) has 3 elements and \
row 1 has 4, and that game refuses the board; the rows are equally long for the final game, \
which deletes the dots: this board is written for that one. Set peg = \"final\" (or \"auto\"), \
or make the rows equally long"
                .to_string()
        )]
    );
    let out = check(&["--verbose", "rev11.brd"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with(
            "rev11.brd: read as Peg solitaire board [peg-brd], game version the game of 11 Nov \
2018 (retroboard.toml: `peg = \"rev11\"`)\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    std::fs::write(&settings, "[game]\npeg = \"final\"\n").unwrap();
    let out = check(&["--format", "json", "final.brd", "rev11.brd"]);
    let found = mismatches(&out);
    assert_eq!(
        found
            .iter()
            .map(|f| (f.0.as_str(), f.1))
            .collect::<Vec<_>>(),
        [("rev11.brd", 4)]
    );
    std::fs::remove_file(&settings).unwrap();
    let out = check(&["--verbose", "rev11.brd"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with(
            "rev11.brd: read as Peg solitaire board [peg-brd], game version the game of 11 Nov \
2018, because the rows are equally long only counting the half-width dots\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `retroboard check ARGS` run in `dir`.
fn check_in(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec![os("check")];
    all.extend(args.iter().map(|a| os(a)));
    Run {
        args: &all,
        cwd: Some(dir),
        env: &[],
    }
    .within(60)
}
