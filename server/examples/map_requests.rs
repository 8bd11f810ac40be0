//! The requests an editor sends right after a keystroke in a MAP (outline, semantic tokens,
//! preview), after the keystroke's check as in the server, in process, for profiling: `cargo run --release --example map_requests -- FILE N`
//! (under `valgrind --tool=callgrind` its instruction counts are immune to the machine's load).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use retroboard::formats::{CachedFiles, DiskFiles};
use retroboard::registry::detect;
use retroboard::syntax::Document;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(args.next().expect("a file"));
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let text = std::fs::read_to_string(&path).expect("a readable UTF-8 file");
    let files = CachedFiles::new(DiskFiles);
    let mut doc = Document::new(detect(Some(&path), &text), &text).with_path(Some(path));
    let middle = text.len() / 2;
    let line_start = text[..middle].rfind('\n').map_or(0, |i| i + 1);
    let mut times = [0.0f64; 3];
    for i in 0..rounds {
        if i % 2 == 0 {
            doc.edit(line_start..line_start, "1");
        } else {
            doc.edit(line_start..line_start + 1, "");
        }
        // As the server: the keystroke's check first (it parses and builds the view); the
        // preview draws with the findings it found.
        let findings = retroboard::analysis::analyze_with(&doc, &files);
        let start = Instant::now();
        black_box(retroboard::ide::outline(&doc));
        times[0] += start.elapsed().as_secs_f64();
        let start = Instant::now();
        black_box(retroboard::ide::highlights(&doc));
        times[1] += start.elapsed().as_secs_f64();
        let start = Instant::now();
        black_box(retroboard::render::preview_with(&doc, &files, &findings));
        times[2] += start.elapsed().as_secs_f64();
    }
    let per = |t: f64| t * 1000.0 / rounds as f64;
    println!(
        "outline {:.3} ms, highlights {:.3} ms, preview {:.3} ms",
        per(times[0]),
        per(times[1]),
        per(times[2])
    );
}
