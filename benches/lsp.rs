//! End to end: the real `retroboard lsp` binary driven over stdio, as an editor drives it.
//! Cold start to first diagnostics; keystroke (`didChange`) to `publishDiagnostics` latency and
//! every request (hover, documentSymbol, semantic tokens full and range, preview) sent right
//! after each keystroke, p50 and p99, with the server's peak memory, on the largest corpus file
//! of each kind and on generated inputs just inside each bound, of 10 MB and of 16 MB; resident
//! memory with the whole corpus open; board → text (`revealSource`) on the largest MAPs.
//!
//! `cargo bench --bench lsp` (a release build; BENCHMARKS.md has the numbers).

#[path = "../tests/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;
#[path = "support/generate.rs"]
mod generate;
#[path = "../tests/support/lsp_client.rs"]
#[allow(dead_code)]
mod lsp_client;

use std::hint::black_box;
use std::time::{Duration, Instant};

use lsp_client::{LspClient, file_uri};
use retroboard::registry::detect;
use serde_json::json;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// What one session on one text measured: each keystroke from `didChange` to the
/// `publishDiagnostics` of its version, each request sent right after it (so it reads the
/// edited text) to its answer, and the server's peak resident memory. A time ends when the
/// message's last byte is read; the client's parse of the JSON after that is timed apart
/// (`parsed`): it is the editor's work and depends on the editor (a 230 KB preview takes
/// serde_json 0.8–1.1 ms, Node's `JSON.parse` 0.8 ms, typed structs much less).
struct Session {
    keystrokes: Vec<Duration>,
    /// The same keystroke typed [`TYPED_GAP`] after the last one's diagnostics, nothing between.
    typed: Vec<Duration>,
    requests: Vec<Timed>,
    peak_kb: u64,
}

/// A request's times: to its answer read, and to its answer parsed by the client.
struct Timed {
    name: &'static str,
    answered: Vec<Duration>,
    parsed: Vec<Duration>,
}

/// The requests timed after each keystroke.
const REQUESTS: [&str; 5] = [
    "hover",
    "documentSymbol",
    "semanticTokens/full",
    "semanticTokens/range",
    "preview",
];

/// How long a keystroke "as typed" comes after the last one's diagnostics: the server idle
/// between (a person types a key each 70 ms or more). A core that went idle wakes slower than
/// one kept busy by keystrokes back to back.
const TYPED_GAP: Duration = Duration::from_millis(20);

/// Opens `text` and times `edits` keystrokes in the middle of the text the server reads (its
/// first `read` bytes: the format's bound), typed then deleted, each followed by every request
/// of [`REQUESTS`]; then `edits / 3` typed [`TYPED_GAP`] apart, alone.
fn session(uri: &str, language: &str, text: &str, read: usize, edits: usize) -> Session {
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    client.open(uri, language, 1, text);
    client.diagnostics(uri, Some(1));
    let middle = read.min(text.len()) / 2;
    let before = &text[..(middle..).find(|i| text.is_char_boundary(*i)).unwrap()];
    let line = (before.matches('\n').count() + before.matches('\r').count()
        - before.matches("\r\n").count()) as u32;
    let document = json!({"uri": uri});
    let params = [
        json!({"textDocument": document, "position": {"line": line, "character": 0}}),
        json!({"textDocument": document}),
        json!({"textDocument": document}),
        json!({"textDocument": document, "range": {
            "start": {"line": line.saturating_sub(25), "character": 0},
            "end": {"line": line + 25, "character": 0}}}),
        json!({"textDocument": document}),
    ];
    let methods = [
        "textDocument/hover",
        "textDocument/documentSymbol",
        "textDocument/semanticTokens/full",
        "textDocument/semanticTokens/range",
        "retroboard/preview",
    ];
    let mut keystrokes = Vec::new();
    let mut requests: Vec<Timed> = REQUESTS
        .iter()
        .map(|name| Timed {
            name,
            answered: Vec::new(),
            parsed: Vec::new(),
        })
        .collect();
    // The `i`th edit: a character typed, deleted on the next; its time to its diagnostics.
    let keystroke = |client: &mut LspClient, i: usize| {
        let version = 2 + i as i64;
        let start = Instant::now();
        if i.is_multiple_of(2) {
            client.change(uri, version, [[line, 0], [line, 0]], "1");
        } else {
            client.change(uri, version, [[line, 0], [line, 1]], "");
        }
        client.diagnostics(uri, Some(version));
        client.last_read_at() - start
    };
    for i in 0..edits {
        let took = keystroke(&mut client, i);
        keystrokes.push(took);
        if std::env::var_os("RB_TRACE").is_some() {
            println!("trace keystroke {i} {}", ms(took));
        }
        for ((method, params), timed) in methods.iter().zip(&params).zip(&mut requests) {
            let start = Instant::now();
            black_box(client.request(method, params.clone()));
            timed.parsed.push(start.elapsed());
            timed.answered.push(client.last_read_at() - start);
        }
    }
    let mut typed = Vec::new();
    for i in edits..edits + edits / 3 {
        std::thread::sleep(TYPED_GAP);
        typed.push(keystroke(&mut client, i));
    }
    let (_, peak_kb) = rss_kb(client.pid());
    client.shutdown();
    keystrokes.sort();
    typed.sort();
    for timed in &mut requests {
        timed.answered.sort();
        timed.parsed.sort();
    }
    Session {
        keystrokes,
        typed,
        requests,
        peak_kb,
    }
}

fn report(name: &str, size: usize, session: &Session) {
    let line = |what: &str, times: &[Duration]| {
        print!(
            "  {what:<22} p50 {:>10}  p99 {:>10}  max {:>10}",
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            ms(*times.last().unwrap()),
        );
    };
    println!(
        "{name} ({size} B, {} edits): peak memory {:.1} MB ({:.1}x the file)",
        session.keystrokes.len(),
        session.peak_kb as f64 / 1024.0,
        session.peak_kb as f64 * 1024.0 / size.max(1) as f64
    );
    line("keystroke", &session.keystrokes);
    println!();
    line(
        &format!("typed ({} ms apart)", TYPED_GAP.as_millis()),
        &session.typed,
    );
    println!();
    for timed in &session.requests {
        line(timed.name, &timed.answered);
        println!(
            "   parsed p50 {:>9}  p99 {:>9}",
            ms(percentile(&timed.parsed, 0.5)),
            ms(percentile(&timed.parsed, 0.99)),
        );
    }
}

fn rss_kb(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The CPU time (user and system, in clock ticks) process `pid` has used.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name in parentheses: fields 14 and 15 of the line are the 12th and
    // 13th after it.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    fields.get(11).copied().unwrap_or(0) + fields.get(12).copied().unwrap_or(0)
}

/// Waits until process `pid` has used no CPU for `quiet` (its slow work, such as peg board
/// searches, done), at most `limit`; returns how long it took to become idle.
fn wait_idle(pid: u32, quiet: Duration, limit: Duration) -> Duration {
    let start = Instant::now();
    let mut last = cpu_ticks(pid);
    let mut quiet_since = Instant::now();
    while start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(100));
        let now = cpu_ticks(pid);
        if now != last {
            last = now;
            quiet_since = Instant::now();
        } else if quiet_since.elapsed() >= quiet {
            return quiet_since - start;
        }
    }
    start.elapsed()
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument picks sections by name.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |section: &str| filter.as_deref().is_none_or(|f| section.contains(f));
    let dir = corpus::corpus_dir().expect("the corpus, at ../shared/corpus");
    let files: Vec<_> = corpus::files_below(&dir)
        .into_iter()
        .filter_map(|path| {
            let (text, _) = retroboard::text::decode(&std::fs::read(&path).ok()?).ok()?;
            let format = detect(Some(&path), &text)?;
            Some((path, format, text))
        })
        .collect();

    if wanted("cold") {
        let (path, format, text) = files
            .iter()
            .find(|(p, _, _)| p.ends_with("Default/Default.map"))
            .or_else(|| files.first())
            .unwrap();
        let uri = file_uri(path.to_str().unwrap());
        let mut times = Vec::new();
        for _ in 0..20 {
            let start = Instant::now();
            let (mut client, _) = LspClient::initialized(&["utf-16"]);
            client.open(&uri, format.as_str(), 1, text);
            client.diagnostics(&uri, Some(1));
            times.push(start.elapsed());
            client.shutdown();
        }
        times.sort();
        println!(
            "cold start to first diagnostics ({}): p50 {}  max {}",
            path.file_name().unwrap().to_string_lossy(),
            ms(percentile(&times, 0.5)),
            ms(*times.last().unwrap())
        );
    }

    if wanted("corpus") {
        // The largest corpus file of each kind.
        // Later dialects apart: to tree-sitter they are all syntax errors.
        let later = |p: &std::path::Path| p.components().any(|c| c.as_os_str() == "_later");
        let mut kinds: Vec<_> = files.iter().map(|(p, f, _)| (later(p), *f)).collect();
        kinds.sort();
        kinds.dedup();
        for (is_later, kind) in kinds {
            let (path, format, text) = files
                .iter()
                .filter(|(p, f, _)| *f == kind && later(p) == is_later)
                .max_by_key(|(_, _, t)| t.len())
                .unwrap();
            let uri = file_uri(path.to_str().unwrap());
            // 300 rounds: the p99 of 100 is the second slowest, one descheduling.
            let measured = session(&uri, format.as_str(), text, text.len(), 300);
            let name = format!("{}", path.strip_prefix(&dir).unwrap_or(path).display());
            report(&name, text.len(), &measured);
        }
    }

    // `large` runs every family; `large peg` one of them. The files are opened from a folder of
    // their own, as a variant folder beside no others: a CRE keystroke that changes its names
    // looks for the variants beside it that read it, and the temporary folder's other folders
    // are no modder's.
    let bench_dir = std::env::temp_dir()
        .join(format!("retroboard-bench-{}", std::process::id()))
        .join("Generated");
    for (family, format, make) in generate::LARGE {
        if wanted(&format!("large {family}")) {
            std::fs::create_dir_all(&bench_dir).expect("a folder for the generated inputs");
            let bound = format.bound();
            let path = bench_dir.join(format!("{family}.{}", extension(*format)));
            let uri = file_uri(path.to_str().expect("a UTF-8 temporary folder"));
            let at_bound = generate::inside_bound(*format, &make(2 * bound.bytes));
            let inputs = [
                ("at its bound".to_string(), at_bound),
                ("10 MB".to_string(), make(10_000_000)),
                ("16 MB".to_string(), make(16_000_000)),
            ];
            for (size, text) in inputs {
                let measured = session(&uri, format.as_str(), &text, bound.bytes, 40);
                report(&format!("generated {family} {size}"), text.len(), &measured);
            }
        }
    }
    if let Some(parent) = bench_dir.parent() {
        let _ = std::fs::remove_dir_all(parent);
    }

    if wanted("behind") {
        behind_a_slow_request();
    }

    if wanted("edits") {
        edits_on_every_file(&files);
    }

    if wanted("completion") {
        completion_on_every_file(&files);
    }
    if wanted("names") {
        names_on_every_file(&files);
    }

    if wanted("reveal") {
        click_to_source(&files);
    }

    if wanted("board-edit") {
        click_to_redrawn_board(&files);
    }

    if wanted("memory") {
        let (mut client, _) = LspClient::initialized(&["utf-16"]);
        let start = Instant::now();
        for (path, format, text) in &files {
            client.open(&file_uri(path.to_str().unwrap()), format.as_str(), 1, text);
        }
        for (path, _, _) in &files {
            client.diagnostics(&file_uri(path.to_str().unwrap()), Some(1));
        }
        let published = start.elapsed();
        let (rss, peak) = rss_kb(client.pid());
        println!(
            "memory with the corpus open ({} files, all published in {}): resident {:.1} MB, peak {:.1} MB",
            files.len(),
            ms(published),
            rss as f64 / 1024.0,
            peak as f64 / 1024.0
        );
        // The peg boards' solution searches run one after the other after their diagnostics,
        // each taking memory while it runs, and the server lets go of what the checks no longer
        // need once they have been quiet for 2 s: what stays then, as an editor left open holds
        // it (5 s without CPU: past that quiet and the work it does then).
        let settled = wait_idle(
            client.pid(),
            Duration::from_secs(5),
            Duration::from_secs(90),
        );
        let (rss, _) = rss_kb(client.pid());
        println!(
            "  once quiet ({} after publishing, the searches done): resident {:.1} MB",
            ms(settled),
            rss as f64 / 1024.0
        );
        client.shutdown();
    }
}

/// Board → text (issue #25): `retroboard.revealSource` of an element of the preview, as a
/// click on the board sends it, to the `window/showDocument` the server sends the editor and
/// the command's answer after the client's reply; 200 rounds on the largest corpus MAP of
/// each era (its every hex in turn), after a keystroke every 20 rounds (the drawing then changes).
fn click_to_source(files: &[(std::path::PathBuf, retroboard::registry::FormatId, String)]) {
    // The largest MAP of the spec's era and of the later dialects.
    let later = |p: &std::path::Path| p.components().any(|c| c.as_os_str() == "_later");
    let largest = |is_later: bool| {
        files
            .iter()
            .filter(|(p, f, _)| f.as_str() == "colossus-map" && later(p) == is_later)
            .max_by_key(|(_, _, text)| text.len())
    };
    for (path, format, text) in [largest(false), largest(true)].into_iter().flatten() {
        let uri = file_uri(path.to_str().unwrap());
        let (mut client, _) = LspClient::initialized(&["utf-16"]);
        client.open(&uri, format.as_str(), 1, text);
        client.diagnostics(&uri, Some(1));
        let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
        let ids: Vec<String> = preview["sourceMap"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["id"].as_str().filter(|id| id.starts_with("hex:")))
            .map(str::to_string)
            .collect();
        assert!(!ids.is_empty(), "no hex drawn in {}", path.display());
        let mut times = Vec::new();
        let mut version = 1;
        for round in 0..200 {
            if round % 20 == 19 {
                version += 1;
                let edit = if version % 2 == 0 {
                    [[0, 0], [0, 0]]
                } else {
                    [[0, 0], [0, 1]]
                };
                client.change(&uri, version, edit, if version % 2 == 0 { " " } else { "" });
                client.diagnostics(&uri, Some(version));
            }
            let id = &ids[round % ids.len()];
            let start = Instant::now();
            let request = client.start_request(
                "workspace/executeCommand",
                json!({"command": "retroboard.revealSource", "arguments": [uri, id]}),
            );
            let show = client.wait_for(|m| m["method"] == "window/showDocument");
            client.send(&json!({"jsonrpc": "2.0", "id": show["id"], "result": {"success": true}}));
            let answer = client.response(request);
            times.push(start.elapsed());
            assert!(answer["result"]["selection"].is_object(), "{answer}");
        }
        client.shutdown();
        times.sort();
        times_line(
            &format!(
                "click to source, {}",
                path.file_name().unwrap().to_string_lossy()
            ),
            &times,
        );
    }
}

/// A click on the board that changes it, end to end, on the largest corpus file of each format
/// the board edits: `retroboard.editBoard` sent, the server's `workspace/applyEdit` taken and
/// its edits sent back as the editor does (`didChange`), then the preview asked for again and
/// read. Two actions of the middle element that offers two, one after the other (each is
/// offered in the state the other leaves).
fn click_to_redrawn_board(files: &[File]) {
    let mut formats: Vec<_> = files.iter().map(|(_, f, _)| *f).collect();
    formats.sort();
    formats.dedup();
    for format in formats {
        let (path, _, text) = files
            .iter()
            .filter(|(_, f, _)| *f == format)
            .max_by_key(|(_, _, text)| text.len())
            .unwrap();
        let uri = file_uri(path.to_str().unwrap());
        let (mut client, _) = LspClient::initialized(&["utf-16"]);
        client.open(&uri, format.as_str(), 1, text);
        client.diagnostics(&uri, Some(1));
        let preview = client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
        let offering: Vec<(String, [String; 2])> = preview["sourceMap"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|e| {
                let actions = e["actions"].as_array()?;
                let id = |a: &serde_json::Value| a["id"].as_str().map(str::to_string);
                let pair = [id(actions.first()?)?, id(actions.get(1)?)?];
                Some((e["id"].as_str()?.to_string(), pair))
            })
            .collect();
        let Some((id, pair)) = offering.get(offering.len() / 2).cloned() else {
            client.shutdown();
            continue; // a format whose board has nothing to change
        };
        let mut times = Vec::new();
        let mut version = 1;
        for round in 0..100 {
            let action = &pair[round % 2];
            let start = Instant::now();
            let asked = client.start_request(
                "workspace/executeCommand",
                json!({"command": "retroboard.editBoard", "arguments": [uri, version, id, action]}),
            );
            let apply = client.wait_for(|m| m["method"] == "workspace/applyEdit");
            client.send(&json!({"jsonrpc": "2.0", "id": apply["id"], "result": {"applied": true}}));
            let mut edits = apply["params"]["edit"]["documentChanges"][0]["edits"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            // Applied last first, so that each edit's place is still where it was.
            edits.sort_by_key(|e| {
                let at = &e["range"]["start"];
                (at["line"].as_u64(), at["character"].as_u64())
            });
            let changes: Vec<_> = edits
                .iter()
                .rev()
                .map(|e| json!({"range": e["range"], "text": e["newText"]}))
                .collect();
            version += 1;
            client.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
            );
            let answer = client.response(asked);
            assert!(answer.get("error").is_none(), "{answer}");
            let redrawn =
                client.request("retroboard/preview", json!({"textDocument": {"uri": uri}}));
            times.push(start.elapsed());
            assert_eq!(redrawn["version"], version, "{}", path.display());
        }
        client.shutdown();
        times.sort();
        times_line(
            &format!(
                "click to redrawn board, {} ({id} {} / {})",
                path.strip_prefix(corpus::corpus_dir().unwrap_or_default())
                    .unwrap_or(path)
                    .display(),
                pair[0],
                pair[1]
            ),
            &times,
        );
    }
}

/// Formatting, range formatting and code actions (every quick fix of the whole file, and
/// fix-all alone) on every corpus file and every Patience fixture (the corpus has no Patience
/// game), end to end: each file opened, then each request sent `ROUNDS` times.
fn edits_on_every_file(files: &[(std::path::PathBuf, retroboard::registry::FormatId, String)]) {
    edits_requests(&with_patience_fixtures(files), files.len());
}

type File = (std::path::PathBuf, retroboard::registry::FormatId, String);

/// The corpus files and every Patience fixture (the corpus has no Patience game).
fn with_patience_fixtures(files: &[File]) -> Vec<File> {
    let mut all: Vec<File> = files.to_vec();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    for folder in ["fixtures/patience", "format/patience"] {
        let Ok(entries) = std::fs::read_dir(fixtures.join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.to_string_lossy();
            if !(name.ends_with(".pat") || name.ends_with(".pat.before")) {
                continue;
            }
            let Ok((text, _)) = retroboard::text::decode(&std::fs::read(&path).unwrap()) else {
                continue;
            };
            all.push((path, retroboard::registry::FormatId::PatienceGame, text));
        }
    }
    all
}

/// Completion on every corpus file and every Patience fixture, end to end: on up to
/// `LINES` lines spread over each file, at the start of each of the line's first eight words
/// and at its end (every field kind of a TER, MAP, CRE, VAR line or pile line), each request
/// sent `ROUNDS` times.
fn completion_on_every_file(
    files: &[(std::path::PathBuf, retroboard::registry::FormatId, String)],
) {
    const ROUNDS: usize = 5;
    const LINES: usize = 12;
    let all = with_patience_fixtures(files);
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let mut times: Vec<Duration> = Vec::new();
    let mut by_format: std::collections::BTreeMap<&str, Vec<Duration>> = Default::default();
    let mut slowest = (Duration::ZERO, String::new());
    let mut items = 0usize;
    for (path, format, text) in &all {
        let uri = file_uri(path.to_str().unwrap());
        client.open(&uri, format.as_str(), 1, text);
        client.diagnostics(&uri, Some(1));
        let lines: Vec<&str> = text.lines().collect();
        let step = (lines.len() / LINES).max(1);
        let mut positions = Vec::new();
        for (row, line) in lines.iter().enumerate().step_by(step) {
            let mut column = 0u32;
            let mut in_word = false;
            let mut words = 0;
            for c in line.chars() {
                let blank = c == ' ' || c == '\t';
                if !blank && !in_word && words < 8 {
                    positions.push((row, column));
                    words += 1;
                }
                in_word = !blank;
                column += c.len_utf16() as u32;
            }
            positions.push((row, column));
        }
        for (row, column) in positions {
            let params = json!({"textDocument": {"uri": uri},
                "position": {"line": row, "character": column}});
            for _ in 0..ROUNDS {
                let start = Instant::now();
                let answer = black_box(client.request("textDocument/completion", params.clone()));
                let took = start.elapsed();
                let count = answer.as_array().map_or(0, Vec::len);
                items += count;
                if std::env::var_os("RB_TRACE").is_some() {
                    println!(
                        "trace completion {} {row}:{column} {count} items {}",
                        path.file_name().unwrap().to_string_lossy(),
                        ms(took)
                    );
                }
                times.push(took);
                by_format.entry(format.as_str()).or_default().push(took);
                if took > slowest.0 {
                    slowest = (
                        took,
                        path.file_name().unwrap().to_string_lossy().into_owned(),
                    );
                }
            }
        }
        client.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
    }
    client.shutdown();
    println!(
        "completion on {} files ({} corpus, the rest Patience fixtures), {} requests ({ROUNDS} per place), {items} items in all:",
        all.len(),
        files.len(),
        times.len()
    );
    times.sort();
    times_line(&format!("completion (slowest: {})", slowest.1), &times);
    for (format, mut times) in by_format {
        times.sort();
        times_line(&format!("  {format} ({} requests)", times.len()), &times);
    }
}

fn edits_requests(
    all: &[(std::path::PathBuf, retroboard::registry::FormatId, String)],
    corpus: usize,
) {
    const ROUNDS: usize = 20;
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let names = [
        "formatting",
        "rangeFormatting",
        "codeAction",
        "codeAction fixAll",
    ];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); names.len()];
    let mut slowest: Vec<(Duration, String)> = vec![(Duration::ZERO, String::new()); names.len()];
    for (path, format, text) in all {
        let uri = file_uri(path.to_str().unwrap());
        client.open(&uri, format.as_str(), 1, text);
        client.diagnostics(&uri, Some(1));
        let lines = text.lines().count() as u32 + 1;
        let document = json!({"uri": uri});
        let whole =
            json!({"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}});
        let options = json!({"tabSize": 4, "insertSpaces": true});
        let requests = [
            (
                "textDocument/formatting",
                json!({"textDocument": document, "options": options}),
            ),
            (
                "textDocument/rangeFormatting",
                json!({"textDocument": document, "range": {
                    "start": {"line": lines / 3, "character": 0},
                    "end": {"line": 2 * lines / 3, "character": 0}}, "options": options}),
            ),
            (
                "textDocument/codeAction",
                json!({"textDocument": document, "range": whole, "context": {"diagnostics": []}}),
            ),
            (
                "textDocument/codeAction",
                json!({"textDocument": document, "range": whole,
                    "context": {"diagnostics": [], "only": ["source.fixAll.retroboard"]}}),
            ),
        ];
        for _ in 0..ROUNDS {
            for (i, (method, params)) in requests.iter().enumerate() {
                let start = Instant::now();
                black_box(client.request(method, params.clone()));
                let took = start.elapsed();
                times[i].push(took);
                if took > slowest[i].0 {
                    slowest[i] = (
                        took,
                        path.file_name().unwrap().to_string_lossy().into_owned(),
                    );
                }
            }
        }
        client.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
    }
    client.shutdown();
    println!(
        "formatting and code actions on {} files ({} corpus, the rest Patience fixtures), {ROUNDS} rounds each:",
        all.len(),
        corpus
    );
    for ((name, times), (_, file)) in names.iter().zip(&mut times).zip(&slowest) {
        times.sort();
        times_line(&format!("{name} (slowest: {file})"), times);
    }
}

/// Go to definition, references, prepareRename, rename (answered, not applied) at the start of
/// the middle line (a CRE's creature, a TER's terrain letter, a MAP's hex label, a pile's first
/// number) and the inlay hints of the whole file, on every corpus file and every Patience
/// fixture, end to end: each file opened from its place (so a variant's other files are read),
/// then each request sent `ROUNDS` times.
fn names_on_every_file(files: &[File]) {
    use retroboard::registry::FormatId;
    const ROUNDS: usize = 20;
    let all = with_patience_fixtures(files);
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let names = [
        "definition",
        "references",
        "prepareRename",
        "rename",
        "inlayHint (whole file)",
        "inlayHint (60 lines)",
    ];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); names.len()];
    // Per request and format: the times, to tell which kind of file a slow p99 comes from.
    let mut by_format: std::collections::BTreeMap<(usize, &'static str), Vec<Duration>> =
        std::collections::BTreeMap::new();
    let mut slowest: Vec<(Duration, String)> = vec![(Duration::ZERO, String::new()); names.len()];
    for (path, format, text) in &all {
        let uri = file_uri(path.to_str().unwrap());
        client.open(&uri, format.as_str(), 1, text);
        client.diagnostics(&uri, Some(1));
        let lines = text.lines().count() as u32 + 1;
        let document = json!({"uri": uri});
        let at = json!({"line": lines / 2, "character": 0});
        let new_name = match format {
            FormatId::ColossusCre => "Renamed",
            FormatId::ColossusTer => "q",
            FormatId::ColossusMap => "99999",
            _ => "X",
        };
        let whole =
            json!({"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}});
        let requests = [
            (
                "textDocument/definition",
                json!({"textDocument": document, "position": at}),
            ),
            (
                "textDocument/references",
                json!({"textDocument": document, "position": at,
                    "context": {"includeDeclaration": true}}),
            ),
            (
                "textDocument/prepareRename",
                json!({"textDocument": document, "position": at}),
            ),
            (
                "textDocument/rename",
                json!({"textDocument": document, "position": at, "newName": new_name}),
            ),
            (
                "textDocument/inlayHint",
                json!({"textDocument": document, "range": whole}),
            ),
            // What an editor asks for: the lines on screen.
            (
                "textDocument/inlayHint",
                json!({"textDocument": document, "range": {
                    "start": {"line": (lines / 2).saturating_sub(30), "character": 0},
                    "end": {"line": lines / 2 + 30, "character": 0}}}),
            ),
        ];
        for _ in 0..ROUNDS {
            for (i, (method, params)) in requests.iter().enumerate() {
                let start = Instant::now();
                // A refused rename is an answer too (an error with the reason).
                black_box(client.request_raw(method, params.clone()));
                let took = start.elapsed();
                times[i].push(took);
                by_format
                    .entry((i, format.as_str()))
                    .or_default()
                    .push(took);
                if took > slowest[i].0 {
                    slowest[i] = (
                        took,
                        path.file_name().unwrap().to_string_lossy().into_owned(),
                    );
                }
            }
        }
        client.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
    }
    client.shutdown();
    for ((i, format), times) in &mut by_format {
        times.sort();
        times_line(&format!("{} on {format}", names[*i]), times);
    }
    println!(
        "definition, references, rename and inlay hints on {} files ({} corpus, the rest Patience fixtures), {ROUNDS} rounds each:",
        all.len(),
        files.len()
    );
    for ((name, times), (_, file)) in names.iter().zip(&mut times).zip(&slowest) {
        times.sort();
        times_line(&format!("{name} (slowest: {file})"), times);
    }
}

/// The p50, p99 and largest of sorted times.
fn times_line(what: &str, times: &[Duration]) {
    println!(
        "  {what:<56} p50 {:>10}  p99 {:>10}  max {:>10}",
        ms(percentile(times, 0.5)),
        ms(percentile(times, 0.99)),
        ms(*times.last().unwrap()),
    );
}

/// A small file's keystroke (`didChange` to its `publishDiagnostics`) alone, then while each
/// of the slowest requests on a large file is in flight: `documentSymbol` of a generated 10 MB
/// Patience game, and semantic tokens and the preview of a generated 10 MB Crossmines pattern
/// (the slowest requests of the bounded files), and behind the opening of a 10 MB Patience game.
/// Each keystroke is sent right after the request (or the opening), so the server has read it
/// first.
fn behind_a_slow_request() {
    // Enough rounds that a p99 is not the second slowest of them.
    const ALONE: usize = 300;
    const BEHIND: usize = 300;
    const OPENINGS: usize = 100;
    let (mut client, _) = LspClient::initialized(&["utf-16"]);
    let small_uri = file_uri("/tmp/retroboard-bench-behind/Small.pat");
    let patience_uri = file_uri("/tmp/retroboard-bench-behind/Large.pat");
    let crossmines_uri = file_uri("/tmp/retroboard-bench-behind/Large-mines.pat");
    let small = generate::patience(2 << 10);
    client.open(&small_uri, "patience-game", 1, &small);
    client.open(
        &patience_uri,
        "patience-game",
        1,
        &generate::patience(10 << 20),
    );
    client.open(
        &crossmines_uri,
        "crossmines-pattern",
        1,
        &generate::crossmines(10 << 20),
    );
    for uri in [&small_uri, &patience_uri, &crossmines_uri] {
        client.diagnostics(uri, Some(1));
    }
    let mut version = 1;
    let mut keystroke = |client: &mut LspClient| {
        version += 1;
        let start = Instant::now();
        // Typed then deleted at the start of the game's name line.
        if version % 2 == 0 {
            client.change(&small_uri, version, [[0, 0], [0, 0]], "1");
        } else {
            client.change(&small_uri, version, [[0, 0], [0, 1]], "");
        }
        client.diagnostics(&small_uri, Some(version));
        start.elapsed()
    };
    let mut alone: Vec<_> = (0..ALONE).map(|_| keystroke(&mut client)).collect();
    // As typed (see TYPED_GAP).
    let mut typed: Vec<_> = (0..ALONE)
        .map(|_| {
            std::thread::sleep(TYPED_GAP);
            keystroke(&mut client)
        })
        .collect();
    alone.sort();
    typed.sort();
    println!("a small Patience game's keystroke, alone and behind a slow request on a 10 MB file:");
    times_line("alone, back to back", &alone);
    times_line(
        &format!("alone, typed ({} ms apart)", TYPED_GAP.as_millis()),
        &typed,
    );
    let ratios = |behind: &[Duration]| {
        let ratio = |p: f64, alone: &[Duration]| {
            percentile(behind, p).as_secs_f64() / percentile(alone, p).as_secs_f64()
        };
        format!(
            "p99 behind / p99 alone: {:.2}x back to back, {:.2}x typed (p50: {:.2}x, {:.2}x)",
            ratio(0.99, &alone),
            ratio(0.99, &typed),
            ratio(0.5, &alone),
            ratio(0.5, &typed)
        )
    };
    let slow = [
        (
            "documentSymbol of a 10 MB Patience game",
            "textDocument/documentSymbol",
            &patience_uri,
        ),
        (
            "semanticTokens/full of a 10 MB Crossmines pattern",
            "textDocument/semanticTokens/full",
            &crossmines_uri,
        ),
        (
            "preview of a 10 MB Crossmines pattern",
            "retroboard/preview",
            &crossmines_uri,
        ),
    ];
    for (name, method, uri) in slow {
        let params = serde_json::json!({"textDocument": {"uri": uri}});
        let mut behind = Vec::new();
        let mut request = Vec::new();
        let mut answer = serde_json::Value::Null;
        for _ in 0..BEHIND {
            let start = Instant::now();
            let id = client.start_request(method, params.clone());
            behind.push(keystroke(&mut client));
            answer = client.response(id);
            request.push(start.elapsed());
        }
        // The client's own part of a round, without the request: the answer parsed, then the
        // keystroke. A 2 MB answer parsed cools the caches for the keystroke after it.
        let answer = answer.to_string();
        let mut after_parse: Vec<_> = (0..BEHIND)
            .map(|_| {
                drop(serde_json::from_str::<serde_json::Value>(&answer).expect("JSON"));
                keystroke(&mut client)
            })
            .collect();
        behind.sort();
        request.sort();
        after_parse.sort();
        times_line(&format!("behind {name}"), &behind);
        times_line(&format!("  (the request itself: {name})"), &request);
        println!(
            "  its answer: {:.0} KB of JSON",
            answer.len() as f64 / 1024.0
        );
        println!("  {}", ratios(&behind));
        times_line(
            "  no request, each after the client parsed its answer",
            &after_parse,
        );
    }
    // Opening a 10 MB file (its text arrives in one 10 MB message) and, at once, a keystroke.
    let large = generate::patience(10 << 20);
    let mut behind = Vec::new();
    for round in 0..OPENINGS {
        let uri = file_uri(&format!("/tmp/retroboard-bench-behind/Opened-{round}.pat"));
        client.open(&uri, "patience-game", 1, &large);
        behind.push(keystroke(&mut client));
        client.diagnostics(&uri, Some(1));
        client.notify(
            "textDocument/didClose",
            serde_json::json!({"textDocument": {"uri": uri}}),
        );
        client.diagnostics(&uri, None);
    }
    behind.sort();
    times_line("behind opening a 10 MB Patience game", &behind);
    println!("  {}", ratios(&behind));
    client.shutdown();
}

fn extension(format: retroboard::registry::FormatId) -> &'static str {
    use retroboard::registry::FormatId::*;
    match format {
        CrossminesPattern | PatienceGame => "pat",
        OthelloBord => "bord",
        ColossusMap => "map",
        ColossusTer => "ter",
        ColossusCre => "cre",
        ColossusBattleland => "battleland",
        ColossusVar => "var",
        PegBrd => "brd",
    }
}
