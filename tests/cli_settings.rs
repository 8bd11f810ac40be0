//! `retroboard.toml` as `retroboard check` reads it: a file of its own, checked when named,
//! reported once with the files it governs, its misspelt codes mended by `check --fix`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// `retroboard ARGS` run in `dir`.
fn retroboard_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run retroboard")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "retroboard-cli-settings-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Super Othello board of 33 chips: one `othello/chip-total` error on line 1.
fn board(dir: &Path) {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/othello/chip-total.bord");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::copy(fixture, dir.join("games/b.bord")).unwrap();
}

/// The findings of a JSON report as `path:line code severity`, and each message.
fn json(output: &Output) -> Vec<(String, String)> {
    let findings: Vec<Value> =
        serde_json::from_slice(&output.stdout).unwrap_or_else(|_| panic!("{}", stdout(output)));
    findings
        .iter()
        .map(|f| {
            (
                format!(
                    "{}:{} {} {}",
                    f["path"].as_str().unwrap(),
                    f["line"],
                    f["code"].as_str().unwrap(),
                    f["severity"].as_str().unwrap()
                ),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

const MISSPELT: &str = "# house rules\n[rules]\n\"othello/chip-totl\" = \"off\"\n";

#[test]
fn a_settings_file_named_is_checked_as_settings_with_its_path_as_typed() {
    let dir = scratch("named");
    for name in ["retroboard.toml", ".retroboard.toml"] {
        std::fs::write(dir.join(name), MISSPELT).unwrap();
        let out = retroboard_in(&dir, &["check", "--format", "json", name]);
        assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
        assert_eq!(
            json(&out),
            [(
                format!("{name}:3 retroboard/config error"),
                "\u{201c}othello/chip-totl\u{201d} is no code Retroboard reports: did you mean \
\u{201c}othello/chip-total\u{201d}? (\u{201c}retroboard explain\u{201d} lists them); the checks use \
the default settings until it is fixed"
                    .to_string()
            )]
        );
        let out = retroboard_in(&dir, &["check", name]);
        let text = stdout(&out);
        assert!(
            text.starts_with(&format!("{name}: settings of the files below it\n")),
            "{text}"
        );
        assert!(text.contains(&format!("{name}:3:2")), "{text}");
        assert!(
            text.ends_with("checked 1 file: 1 error, 0 warnings, 0 notes\n"),
            "{text}"
        );
        std::fs::remove_file(dir.join(name)).unwrap();
    }
    // A settings file that reads well is checked too, and clean.
    std::fs::write(
        dir.join("retroboard.toml"),
        "[rules]\n\"othello/chip-total\" = \"off\"\n",
    )
    .unwrap();
    let out = retroboard_in(&dir, &["check", "retroboard.toml"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "checked 1 file: 0 errors, 0 warnings, 0 notes\n"
    );
}

#[test]
fn a_folder_and_its_settings_file_named_report_its_findings_once() {
    let dir = scratch("once");
    board(&dir);
    std::fs::write(dir.join("retroboard.toml"), MISSPELT).unwrap();
    for args in [
        vec!["check", "--format", "json", "."],
        vec!["check", "--format", "json", "retroboard.toml", "."],
        vec!["check", "--format", "json", ".", "retroboard.toml"],
    ] {
        let out = retroboard_in(&dir, &args);
        let found: Vec<String> = json(&out).into_iter().map(|(f, _)| f).collect();
        let config: Vec<&String> = found
            .iter()
            .filter(|f| f.contains("retroboard/config"))
            .collect();
        assert_eq!(config.len(), 1, "{args:?}: {found:?}");
        assert!(
            found
                .iter()
                .any(|f| f.ends_with("b.bord:1 othello/chip-total error")),
            "{found:?}"
        );
    }
}

#[test]
fn check_fix_mends_a_misspelt_code_before_the_files_it_governs() {
    let dir = scratch("fix");
    board(&dir);
    std::fs::write(dir.join("retroboard.toml"), MISSPELT).unwrap();
    let out = retroboard_in(&dir, &["check", "--fix", "--format", "json", "."]);
    assert_eq!(
        std::fs::read_to_string(dir.join("retroboard.toml")).unwrap(),
        "# house rules\n[rules]\n\"othello/chip-total\" = \"off\"\n"
    );
    // The rule, mended, applies in the same run: nothing is left.
    assert_eq!(json(&out), []);
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("retroboard.toml (1 edit)"), "{said}");
    // Named, and with --diff: the diff, nothing written.
    std::fs::write(dir.join("retroboard.toml"), MISSPELT).unwrap();
    let out = retroboard_in(&dir, &["check", "--fix", "--diff", "retroboard.toml"]);
    assert!(
        stdout(&out)
            .contains("-\"othello/chip-totl\" = \"off\"\n+\"othello/chip-total\" = \"off\"\n"),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("retroboard.toml")).unwrap(),
        MISSPELT
    );
}

#[test]
fn explain_still_explains_the_settings_code() {
    let out = retroboard_in(Path::new("."), &["explain", "retroboard/config"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).starts_with("retroboard/config"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn check_fix_of_a_settings_file_that_then_leaves_a_file_out_goes_on() {
    let dir = scratch("fix-exclude");
    board(&dir);
    // Unreadable (a misspelt code), the defaults apply and games/ is read; mended, its
    // `exclude` leaves games/ out.
    let settings = format!("{MISSPELT}\n[files]\nexclude = [\"games/**\"]\n");
    std::fs::write(dir.join("retroboard.toml"), &settings).unwrap();
    let out = retroboard_in(&dir, &["check", "--fix", "--format", "json", "."]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out), []);
    assert_eq!(
        std::fs::read_to_string(dir.join("retroboard.toml")).unwrap(),
        settings.replace("chip-totl", "chip-total")
    );
}
