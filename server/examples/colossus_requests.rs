//! The language server's Colossus requests in process, through the file view the server gives
//! them (one open document over the disk), for profiling:
//! `cargo run --release --example colossus_requests -- WHAT FILE [ROUNDS]`, where WHAT is
//! `check` (a keystroke in the middle line, then its findings), `references` and `rename` (of
//! the name at the start of the middle line, e.g. a CRE's creature), `complete` (at the start of
//! every word and the end of up to 12 lines spread over the file, as `cargo bench --bench lsp`
//! asks), `preview` (the board drawn with what each element can become, as
//! `retroboard/preview` answers) or `inlay` (the hints of the whole file). Prints the median,
//! the 99th percentile and the mean of a round.
//! Under `valgrind --tool=callgrind --toggle-collect='*measured*'` the instruction counts of the
//! rounds alone are immune to the machine's load.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use retroboard::answers::InlayOptions;
use retroboard::registry::detect;
use retroboard::syntax::Document;

/// The server's view of the files (`lsp/server.rs`): the open document over the disk, what was
/// read of the disk kept across requests, a request's own memo.
mod view {
    use std::path::Path;
    use std::sync::Arc;

    use retroboard::findings::Finding;
    use retroboard::formats::Files;
    use retroboard::formats::editor::{DiskCache, EditorFiles, OpenDocuments, RequestCache};
    use retroboard::syntax::Document;

    pub struct Server {
        open: Open,
        cache: DiskCache,
    }

    struct Open(Arc<Document>);

    impl OpenDocuments for Open {
        fn open(&self, path: &Path) -> Option<&Document> {
            // By the path's bytes, as the server's map of open documents finds it (`Path`'s
            // `==` compares component by component: 5 % of a MAP keystroke's instructions).
            let same = self.0.path().map(Path::as_os_str) == Some(path.as_os_str());
            same.then_some(&*self.0)
        }
    }

    impl Server {
        pub fn open(doc: Document) -> Server {
            Server {
                open: Open(Arc::new(doc)),
                cache: DiskCache::default(),
            }
        }

        pub fn edit(&mut self, range: std::ops::Range<usize>, text: &str) {
            Arc::make_mut(&mut self.open.0).edit(range, text);
        }

        /// A request as the server answers it: on a snapshot of the open documents, with a
        /// memo of its own.
        pub fn request<T>(&self, work: impl FnOnce(&Document, &dyn Files) -> T) -> T {
            let open = Open(self.open.0.clone());
            let request = RequestCache::default();
            let files = EditorFiles::new(&open, &self.cache, &request);
            work(&open.0, &files)
        }

        /// A keystroke's check as the server makes it: the disk taken as last seen (it looks
        /// again once the edits pause), not looked at for every file the variant reads.
        pub fn check(&self) -> Vec<Finding> {
            let open = Open(self.open.0.clone());
            let request = RequestCache::default();
            let files = EditorFiles::new(&open, &self.cache, &request).as_last_seen();
            retroboard::analysis::analyze_with(&open.0, &files)
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args
        .next()
        .expect("check, references, rename, complete, preview or inlay");
    let path = std::fs::canonicalize(PathBuf::from(args.next().expect("a file")))
        .expect("an existing file");
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let text = std::fs::read_to_string(&path).expect("a readable UTF-8 file");
    let doc = Document::new(detect(Some(&path), &text), &text).with_path(Some(path.clone()));
    let mut server = view::Server::open(doc);
    // Opened and checked once, as the server does on didOpen.
    black_box(server.check());
    if what == "complete-trace" {
        // Each place: its items, the characters of their JSON-bound text, the time of one.
        for place in completion_places(&text) {
            let start = Instant::now();
            let items =
                server.request(|doc, files| retroboard::ide::completions(doc, place, files));
            let took = start.elapsed();
            let text: usize = items.iter().map(|i| format!("{i:?}").len()).sum();
            println!(
                "{place} {} items {text} chars {:.3} ms",
                items.len(),
                took.as_secs_f64() * 1000.0
            );
        }
        return;
    }
    let times = measured(&what, &mut server, &text, rounds);
    let mut sorted = times.clone();
    sorted.sort();
    let total: Duration = times.iter().sum();
    println!(
        "{what} {}: median {:.3} ms, p99 {:.3} ms, mean {:.3} ms over {rounds} rounds",
        path.file_name().unwrap().to_string_lossy(),
        sorted[sorted.len() / 2].as_secs_f64() * 1000.0,
        sorted[sorted.len() * 99 / 100].as_secs_f64() * 1000.0,
        total.as_secs_f64() * 1000.0 / rounds as f64
    );
}

/// A keystroke in the middle line (typed, then deleted on the next round) and its check.
#[inline(never)]
fn keystroke_measured(server: &mut view::Server, at: usize, round: usize) {
    if round.is_multiple_of(2) {
        server.edit(at..at, "1");
    } else {
        server.edit(at..at + 1, "");
    }
    black_box(server.check());
}

/// The preview as the server draws it once the check of the version is known: the board, its
/// SVG and the actions of every element.
#[inline(never)]
fn preview_measured(
    server: &view::Server,
    findings: &[retroboard::findings::Finding],
) -> retroboard::render::Preview {
    server.request(|doc, files| retroboard::render::preview_with(doc, files, findings))
}

/// What an editor asks after each keystroke (the benchmark's requests), outside what is measured.
fn editor_requests(server: &view::Server, at: usize) {
    server.request(|doc, files| {
        black_box(retroboard::ide::hover(doc, at, files));
        black_box(retroboard::ide::outline(doc));
        black_box(retroboard::ide::highlights(doc));
        black_box(retroboard::ide::highlights_in(
            doc,
            at.saturating_sub(1500)..at + 1500,
        ));
        black_box(retroboard::render::preview(doc, files));
    });
}

/// The start of the middle line.
fn middle_line(text: &str) -> usize {
    let middle = text.len() / 2;
    text[..middle].rfind('\n').map_or(0, |i| i + 1)
}

/// Where `cargo bench --bench lsp` asks for completions: the start of each of the first eight
/// words and the end of up to 12 lines spread over the file.
fn completion_places(text: &str) -> Vec<usize> {
    let lines: Vec<(usize, &str)> = text
        .split_inclusive('\n')
        .scan(0, |at, line| {
            let start = *at;
            *at += line.len();
            Some((start, line.trim_end_matches(['\n', '\r'])))
        })
        .collect();
    let step = (lines.len() / 12).max(1);
    let mut places = Vec::new();
    for (start, line) in lines.iter().step_by(step) {
        let mut in_word = false;
        let mut words = 0;
        for (i, c) in line.char_indices() {
            let blank = c == ' ' || c == '\t';
            if !blank && !in_word && words < 8 {
                places.push(start + i);
                words += 1;
            }
            in_word = !blank;
        }
        places.push(start + line.len());
    }
    places
}

#[inline(never)]
fn measured(what: &str, server: &mut view::Server, text: &str, rounds: usize) -> Vec<Duration> {
    let at = middle_line(text);
    let places = completion_places(text);
    // The preview is drawn with the findings of the version's check, as the server draws it.
    let findings = if what == "preview" {
        server.check()
    } else {
        Vec::new()
    };
    let mut times = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let start = Instant::now();
        match what {
            "check" | "check-after-requests" => keystroke_measured(server, at, round),
            "references" => {
                let _ = black_box(
                    server.request(|doc, files| retroboard::ide::references(doc, at, files, true)),
                );
            }
            "rename" => {
                let _ = black_box(
                    server.request(|doc, files| retroboard::ide::rename(doc, at, "Renamed", files)),
                );
            }
            "complete" => {
                for &place in &places {
                    let _ = black_box(
                        server
                            .request(|doc, files| retroboard::ide::completions(doc, place, files)),
                    );
                }
            }
            "preview" => {
                black_box(preview_measured(server, &findings));
            }
            "inlay" => {
                let _ = black_box(server.request(|doc, files| {
                    retroboard::ide::inlay_hints(
                        doc,
                        0..text.len(),
                        &InlayOptions::default(),
                        files,
                    )
                }));
            }
            _ => panic!("check, references, rename, complete, preview or inlay"),
        }
        let took = start.elapsed();
        if what == "check-after-requests" {
            editor_requests(server, at);
        }
        times.push(if what == "complete" {
            took / places.len() as u32
        } else {
            took
        });
    }
    times
}
