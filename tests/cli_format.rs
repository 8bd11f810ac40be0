//! `retroboard format` and `retroboard check --fix`, run as a user runs them: files changed in
//! place in their own encoding and line breaks, `--check` and `--diff` writing nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

fn tests_dir(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(relative)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "retroboard-cli-format-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Copies the format fixture `<relative>.before` to `dir/<name>`.
fn copy_before(relative: &str, dir: &Path, name: &str) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(tests_dir(&format!("format/{relative}.before")), &to).unwrap();
    to
}

fn after(relative: &str) -> Vec<u8> {
    std::fs::read(tests_dir(&format!("format/{relative}.after"))).unwrap()
}

#[test]
fn format_rewrites_files_in_their_encoding_and_line_breaks() {
    let dir = scratch("in-place");
    // Windows-1252 with CRLF, and CR-only, found by walking the folder.
    let kabale = copy_before("patience/kabale.pat", &dir, "kabale.pat");
    let cr = copy_before("patience/cr-only.pat", &dir, "cr-only.pat");
    let out = retroboard(&["format", s(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("formatted {}\nformatted {}\n", s(&cr), s(&kabale))
    );
    assert_eq!(stderr(&out), "formatted 2 of 2 files\n");
    assert_eq!(
        std::fs::read(&kabale).unwrap(),
        after("patience/kabale.pat")
    );
    assert_eq!(std::fs::read(&cr).unwrap(), after("patience/cr-only.pat"));
    // Formatted already: nothing written.
    let out = retroboard(&["format", s(&kabale), s(&cr)]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "formatted 0 of 2 files\n");
}

#[test]
fn a_utf8_byte_order_mark_and_the_bytes_around_the_edits_stay() {
    let dir = scratch("bom");
    let path = dir.join("Spil.pat");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend("Kabale æøå\t \n2 1\n104 4 4 0 0 0 999 1 999 0 0\n".as_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let out = retroboard(&["format", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut expected = b"\xEF\xBB\xBF".to_vec();
    expected.extend(
        "Kabale æøå\t \n  2   1\n104   4   4   0   0    0 999   1  999   0   0\n".as_bytes(),
    );
    assert_eq!(std::fs::read(&path).unwrap(), expected);
}

/// A UTF-8 byte order mark in front of text that is not UTF-8 (Windows-1252, Mac Roman): the
/// edits land where `--diff` shows them, the mark stays, and a second run changes nothing.
#[test]
fn a_byte_order_mark_before_legacy_text_keeps_every_edit_in_place() {
    let dir = scratch("bom-legacy");
    // Windows-1252 (`ø` is 0xF8), LF.
    let pat = dir.join("Bom.pat");
    std::fs::write(
        &pat,
        b"\xef\xbb\xbfKabale \xe6\xf8\xe5\n 2 34\n104 4 4 0 0 0 999 1 999 0 2\n  0   4 108   0   2    2 999   1    0   0   0\n",
    )
    .unwrap();
    let out = retroboard(&["format", s(&pat)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&pat).unwrap(),
        b"\xef\xbb\xbfKabale \xe6\xf8\xe5\n  2  34\n104   4   4   0   0    0 999   1  999   0   2\n  0   4 108   0   2    2 999   1    0   0   0\n"
    );
    let again = retroboard(&["format", s(&pat)]);
    assert_eq!(stderr(&again), "formatted 0 of 1 file\n");
}

/// The same under `check --fix`: a CR-only Mac Roman board (`©` is 0xA9) with a byte order mark
/// keeps the mark, and the fix removes exactly the blanks.
#[test]
fn check_fix_keeps_a_byte_order_mark_before_mac_roman_text() {
    let dir = scratch("bom-mac");
    let board = dir.join("Blanks.bord");
    let rows = [
        "00000000", "00000000", "00000000", "000WB000", "000BW000", "00000000", "00000000",
        "00000000",
    ];
    let head = b"\xef\xbb\xbf30\r2\rD4D5E4E5\r".to_vec();
    let tail = b"\r\xa9 1996 Yellow Lemon Software\r".to_vec();
    std::fs::write(
        &board,
        [head.clone(), rows.join(" ").into_bytes(), tail.clone()].concat(),
    )
    .unwrap();
    let out = retroboard(&["check", "--fix", s(&board)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert_eq!(
        std::fs::read(&board).unwrap(),
        [head, rows.concat().into_bytes(), tail].concat()
    );
}

#[test]
fn format_check_names_the_files_that_would_change_and_writes_nothing() {
    let dir = scratch("check");
    let messy = copy_before("colossus/Tiny/Tiny.ter", &dir, "Tiny.ter");
    let clean = dir.join("Clean.ter");
    std::fs::write(&clean, after("colossus/Tiny/Tiny.ter")).unwrap();
    let before = std::fs::read(&messy).unwrap();
    let out = retroboard(&["format", "--check", s(&messy), s(&clean)]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("would format {}\n", s(&messy)));
    assert_eq!(stderr(&out), "would format 1 of 2 files\n");
    assert_eq!(std::fs::read(&messy).unwrap(), before);
    let out = retroboard(&["format", "--check", s(&clean)]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
}

#[test]
fn format_diff_prints_a_unified_diff_and_writes_nothing() {
    let dir = scratch("diff");
    let path = dir.join("Tiny.map");
    std::fs::write(
        &path,
        "15 8\t\t\n1\tB\t0\tARROWS  0\tARCH\t0\tARROW\t7\t5\n",
    )
    .unwrap();
    let out = retroboard(&["format", "--diff", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = s(&path);
    assert_eq!(
        stdout(&out),
        format!(
            "--- {shown}\n+++ {shown}\n@@ -1,2 +1,2 @@\n-15 8\t\t\n\
-1\tB\t0\tARROWS  0\tARCH\t0\tARROW\t7\t5\n+15 8\n+1\tB\t0\tARROWS\t0\tARCH\t0\tARROW\t7\t5\n"
        )
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "15 8\t\t\n1\tB\t0\tARROWS  0\tARCH\t0\tARROW\t7\t5\n"
    );
}

#[test]
fn format_has_help() {
    let out = retroboard(&["format", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("Usage: retroboard format"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("--check"));
    let out = retroboard(&["check", "--help"]);
    assert!(stdout(&out).contains("--fix"));
}

#[test]
fn format_errors_are_one_line_and_exit_2() {
    let dir = scratch("errors");
    let missing = dir.join("missing.pat");
    let out = retroboard(&["format", s(&missing)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    assert!(stderr(&out).starts_with(&format!("retroboard: cannot read {}: ", s(&missing))));
    let unknown = dir.join("notes.txt");
    std::fs::write(&unknown, "nothing a game reads\n").unwrap();
    let out = retroboard(&["format", s(&unknown)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: cannot format {}: Retroboard does not recognise it (name its format with \
--as)\n",
            s(&unknown)
        )
    );
    let out = retroboard(&["check", "--diff", s(&unknown)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

/// A copy of the quick-fix fixture variant `Tiny` whose TER misspells a colour (“Chocolate”: the
/// game's colours are case-sensitive and it knows “chocolate”, the one reading, a preferred fix)
/// and a creature (“Gargoile”: the CRE may be what lacks it, so its fix is not preferred).
fn fix_variant(name: &str) -> PathBuf {
    let dir = scratch(name).join("Tiny");
    std::fs::create_dir_all(dir.join("Battlelands")).unwrap();
    let source = tests_dir("fixes/colossus/Tiny");
    for file in ["Tiny.cre", "Tiny.map", "Tiny.var"] {
        std::fs::copy(source.join(file), dir.join(file)).unwrap();
    }
    for entry in std::fs::read_dir(source.join("Battlelands")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(
            entry.path(),
            dir.join("Battlelands").join(entry.file_name()),
        )
        .unwrap();
    }
    std::fs::write(
        dir.join("Tiny.ter"),
        TINY_TER.replace("chocolate", "Chocolate"),
    )
    .unwrap();
    dir
}

/// The TER of [`fix_variant`] once its preferred fix is made.
const TINY_TER: &str = "B chocolate Brush true 1 Gargoile 2 Troll\n\nT black Tower false 0 Anything 3 \
Centaur 3 Gargoyle 3 Ogre -1 Titan\n\nACQUIRABLE 100 Angel 500 Archangel\n";

#[test]
fn check_fix_applies_the_safe_fixes_in_place_and_reports_what_remains() {
    let dir = fix_variant("fix");
    let ter = dir.join("Tiny.ter");
    let out = retroboard(&["check", "--fix", s(&ter)]);
    let expected = TINY_TER;
    assert_eq!(std::fs::read_to_string(&ter).unwrap(), expected);
    assert!(
        stderr(&out).contains(&format!("retroboard: fixed {}", s(&ter))),
        "{}",
        stderr(&out)
    );
    // What is reported is the fixed file's findings: no more “Chocolate”, “Gargoile” left to the
    // modder.
    assert!(!stdout(&out).contains("Chocolate"), "{}", stdout(&out));
    assert!(stdout(&out).contains("Gargoile"), "{}", stdout(&out));
    let again = retroboard(&["check", "--fix", s(&ter)]);
    assert_eq!(std::fs::read_to_string(&ter).unwrap(), expected);
    assert!(!stderr(&again).contains("fixed"), "{}", stderr(&again));
    assert_eq!(again.status.code(), out.status.code());
}

#[test]
fn check_fix_diff_prints_the_fixes_and_writes_nothing() {
    let dir = fix_variant("fix-diff");
    let ter = dir.join("Tiny.ter");
    let before = std::fs::read(&ter).unwrap();
    let shown = s(&ter);
    let diff = format!(
        "--- {shown}\n+++ {shown}\n@@ -1,4 +1,4 @@\n-B Chocolate Brush true 1 Gargoile 2 Troll\n\
+B chocolate Brush true 1 Gargoile 2 Troll\n \n"
    );
    // Before the human report.
    let out = retroboard(&["check", "--fix", "--diff", s(&ter)]);
    assert_eq!(std::fs::read(&ter).unwrap(), before);
    assert!(stdout(&out).starts_with(&diff), "{}", stdout(&out));
    assert!(stderr(&out).contains("would fix"), "{}", stderr(&out));
    // Beside a JSON report, which stays JSON: the diff on stderr.
    let out = retroboard(&["check", "--fix", "--diff", "--format", "json", s(&ter)]);
    assert_eq!(std::fs::read(&ter).unwrap(), before);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert!(report.is_array());
    assert!(stderr(&out).starts_with(&diff), "{}", stderr(&out));
}

/// A copy of the variant `Tiny` whose CRE lacks the Archangel that its TER's ACQUIRABLE line
/// names: the CRE's preferred fix adds the line, and with it the TER's finding goes.
fn variant_lacking_a_creature(name: &str) -> PathBuf {
    let dir = scratch(name).join("Tiny");
    std::fs::create_dir_all(dir.join("Battlelands")).unwrap();
    let source = tests_dir("fixes/colossus/Tiny");
    for file in ["Tiny.map", "Tiny.ter", "Tiny.var"] {
        std::fs::copy(source.join(file), dir.join(file)).unwrap();
    }
    for entry in std::fs::read_dir(source.join("Battlelands")).unwrap() {
        let entry = entry.unwrap();
        let to = dir.join("Battlelands").join(entry.file_name());
        std::fs::copy(entry.path(), to).unwrap();
    }
    let cre = std::fs::read_to_string(source.join("Tiny.cre")).unwrap();
    let without: String = cre
        .split_inclusive('\n')
        .filter(|line| !line.starts_with("Archangel "))
        .collect();
    std::fs::write(dir.join("Tiny.cre"), without).unwrap();
    dir
}

/// The codes `check --format json` reports, with the file name of each.
fn reported(out: &Output) -> Vec<String> {
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    report
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let path = Path::new(f["path"].as_str().unwrap());
            let name = path.file_name().unwrap().to_string_lossy();
            format!("{name} {}", f["code"].as_str().unwrap())
        })
        .collect()
}

/// `check --fix` reports what the fixed texts of every file of the variant say: a fix in the CRE
/// that adds the creature the TER names clears the TER's finding too, whichever file is checked
/// first and whether the fix is written or only shown (`--diff`).
#[test]
fn check_fix_reports_what_the_fixed_texts_of_every_file_say() {
    let cases: [(&str, &[&str], bool); 4] = [
        ("across-folder", &["--fix"], false),
        ("across-folder-diff", &["--fix", "--diff"], false),
        ("across-ter-first", &["--fix"], true),
        ("across-ter-first-diff", &["--fix", "--diff"], true),
    ];
    for (name, fix, ter_first) in cases {
        let dir = variant_lacking_a_creature(name);
        let (ter, cre) = (dir.join("Tiny.ter"), dir.join("Tiny.cre"));
        let before = std::fs::read(&cre).unwrap();
        let plain = retroboard(&["check", "--format", "json", s(&dir)]);
        assert_eq!(
            reported(&plain),
            [
                "Tiny.cre colossus/missing-creature",
                "Tiny.ter colossus/unknown-creature"
            ]
        );
        let paths: Vec<&str> = if ter_first {
            vec![s(&ter), s(&cre)]
        } else {
            vec![s(&dir)]
        };
        let args: Vec<&str> = ["check", "--format", "json"]
            .into_iter()
            .chain(fix.iter().copied())
            .chain(paths)
            .collect();
        let out = retroboard(&args);
        assert_eq!(
            reported(&out),
            Vec::<String>::new(),
            "{name}: {}",
            stderr(&out)
        );
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let cre_after = std::fs::read_to_string(&cre).unwrap();
        if fix.contains(&"--diff") {
            assert_eq!(std::fs::read(&cre).unwrap(), before, "{name}");
            assert!(
                stderr(&out).contains("+Archangel "),
                "{name}: {}",
                stderr(&out)
            );
        } else {
            assert!(cre_after.contains("\nArchangel "), "{name}: {cre_after}");
            let again = retroboard(&["check", "--format", "json", s(&dir)]);
            assert_eq!(reported(&again), Vec::<String>::new(), "{name}");
        }
    }
}

/// A mistaken `[files]` glob forces Super Othello on a real Colossus MAP: the content says
/// otherwise, so `check --fix` makes no fix unasked and the file stays byte for byte.
#[test]
fn check_fix_leaves_a_file_forced_into_a_format_its_content_contradicts() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let map = corpus.join("colossus/Default/Default.map");
    if !map.is_file() {
        assert!(std::env::var_os("CI").is_none(), "the corpus is missing");
        return;
    }
    let dir = scratch("forced");
    std::fs::write(
        dir.join("retroboard.toml"),
        "[files]\n\"**/*.map\" = \"othello-bord\"\n",
    )
    .unwrap();
    let copy = dir.join("Default.map");
    std::fs::copy(&map, &copy).unwrap();
    let out = retroboard(&["check", "--fix", s(&copy)]);
    assert!(stdout(&out).contains("othello/"), "{}", stdout(&out));
    assert!(!stderr(&out).contains("fixed"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&map).unwrap());
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_link_planted_where_the_temporary_file_goes_is_left_alone() {
    let dir = scratch("planted");
    let spil = copy_before("patience/kabale.pat", &dir, "Spil.pat");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    // The name the temporary file once had, `.NAME.retroboard-PID`, planted as a link just
    // before the command runs with that PID (`exec` keeps the shell's).
    let out = Command::new("sh")
        .arg("-c")
        .arg("ln -s victim.txt \".Spil.pat.retroboard-$$\" && exec \"$0\" format Spil.pat")
        .arg(env!("CARGO_BIN_EXE_retroboard"))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "formatted 1 of 1 file\n");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious\n");
    let meta = std::fs::symlink_metadata(&spil).unwrap();
    assert!(meta.file_type().is_file(), "{spil:?} is no longer a file");
    assert_eq!(std::fs::read(&spil).unwrap(), after("patience/kabale.pat"));
    let planted: Vec<String> = names(&dir)
        .into_iter()
        .filter(|n| n.starts_with(".Spil.pat.retroboard-"))
        .collect();
    assert_eq!(planted.len(), 1, "{planted:?}");
    assert_eq!(
        std::fs::read_link(dir.join(&planted[0])).unwrap(),
        Path::new("victim.txt")
    );
}

#[test]
fn a_formatted_file_keeps_its_owner_and_mode() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // Only root may give a file away; as anyone else there is no owner to keep.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("not root: the owner cannot be changed, nothing to test");
        return;
    }
    let dir = scratch("owner");
    let spil = copy_before("patience/kabale.pat", &dir, "Spil.pat");
    std::os::unix::fs::chown(&spil, Some(1000), Some(1000)).unwrap();
    std::fs::set_permissions(&spil, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = retroboard(&["format", s(&spil)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&spil).unwrap(), after("patience/kabale.pat"));
    let meta = std::fs::metadata(&spil).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (1000, 1000));
    assert_eq!(meta.permissions().mode() & 0o7777, 0o640);
}

/// Runs `retroboard ARGS` allowed to write files of at most `bytes` bytes (RLIMIT_FSIZE; a
/// longer write fails with EFBIG, as on a full disk, whoever runs it).
fn retroboard_writing_at_most(bytes: u64, args: &[&str]) -> Output {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_retroboard"));
    command.args(args).env("NO_COLOR", "1");
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The write fails instead of the signal ending the process.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    command.output().expect("run retroboard")
}

#[test]
fn a_file_that_could_not_be_written_is_not_counted_as_formatted() {
    let dir = scratch("short-write");
    // Formatted: 107 bytes, which fit, and 322, which do not.
    let small = copy_before("patience/cr-only.pat", &dir, "a.pat");
    let large = copy_before("patience/mysteriet.pat", &dir, "b.pat");
    let before = std::fs::read(&large).unwrap();
    let out = retroboard_writing_at_most(200, &["format", s(&small), s(&large)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("formatted {}\n", s(&small)));
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: cannot write {}: File too large (os error 27)\nformatted 1 of 2 files\n",
            s(&large)
        )
    );
    assert_eq!(
        std::fs::read(&small).unwrap(),
        after("patience/cr-only.pat")
    );
    assert_eq!(std::fs::read(&large).unwrap(), before);
    // The temporary file is gone.
    assert_eq!(names(&dir), ["a.pat", "b.pat"]);
}

#[test]
fn a_fix_that_could_not_be_written_still_reports_the_file() {
    let dir = fix_variant("fix-short-write");
    let ter = dir.join("Tiny.ter");
    let before = std::fs::read(&ter).unwrap();
    let out = retroboard_writing_at_most(8, &["check", "--fix", s(&ter)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&ter).unwrap(), before);
    assert_eq!(
        stderr(&out),
        format!(
            "retroboard: cannot write {}: File too large (os error 27)\n",
            s(&ter)
        )
    );
    // Its findings are those of the file as it stays: “Chocolate” still there.
    assert!(stdout(&out).contains("“Chocolate”"), "{}", stdout(&out));
    assert!(
        !names(&dir).iter().any(|n| n.starts_with('.')),
        "{:?}",
        names(&dir)
    );
}

#[test]
fn format_reads_each_file_as_retroboard_toml_says() {
    let dir = scratch("settings");
    std::fs::write(
        dir.join("retroboard.toml"),
        "[files]\n\"**/*.pat\" = \"crossmines-pattern\"\nexclude = [\"old/**\"]\n",
    )
    .unwrap();
    // A Patience game by its content, a Crossmines pattern by the settings, as check reads it:
    // not laid out in Patience's columns (Crossmines patterns have no layout to mend).
    std::fs::create_dir_all(dir.join("games")).unwrap();
    let freecell = copy_before("patience/kabale.pat", &dir.join("games"), "FreeCell.pat");
    let before = std::fs::read(&freecell).unwrap();
    let out = retroboard(&["format", s(&freecell)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "formatted 0 of 1 file\n");
    assert_eq!(std::fs::read(&freecell).unwrap(), before);
    let check = Command::new(env!("CARGO_BIN_EXE_retroboard"))
        .args(["check", "--format", "json", s(&freecell)])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    let findings = report.as_array().unwrap();
    assert!(!findings.is_empty());
    assert!(
        findings.iter().all(|f| f["format"] == "crossmines-pattern"),
        "{report}"
    );
    // A walk leaves out what [files] excludes, as check's does.
    std::fs::create_dir_all(dir.join("old")).unwrap();
    let old = copy_before("colossus/Tiny/Tiny.ter", &dir.join("old"), "Old.ter");
    let old_before = std::fs::read(&old).unwrap();
    let out = retroboard(&["format", s(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "formatted 0 of 1 file\n");
    assert_eq!(std::fs::read(&old).unwrap(), old_before);
    assert_eq!(std::fs::read(&freecell).unwrap(), before);
}
