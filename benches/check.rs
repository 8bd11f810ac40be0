//! Parse, check, edit and preview speed, per format family: on the real corpus and on generated
//! inputs just inside each format's bound (the worst file read whole), of 10 MB and of 16 MB
//! (read up to the bound), with the raw tree-sitter parse of the same text as the floor.
//!
//! `cargo bench --bench check` (BENCHMARKS.md has the numbers and the machine).

#[path = "../tests/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;
#[path = "support/generate.rs"]
mod generate;

use std::sync::OnceLock;

use divan::{Bencher, black_box};
use retroboard::analysis::analyze_with;
use retroboard::formats::{CachedFiles, DiskFiles};
use retroboard::registry::FormatId;
use retroboard::registry::detect;
use retroboard::syntax::Document;

fn main() {
    divan::main();
}

/// Generated sizes, in bytes; 0 stands for the worst file just inside the format's bound.
const SIZES: [usize; 3] = [0, 10_000_000, 16_000_000];

/// A generated input of a family, of `bytes` (0: just inside the bound).
fn make(format: FormatId, generate: generate::Generator, bytes: usize) -> String {
    match bytes {
        0 => generate::inside_bound(format, &generate(2 * format.bound().bytes)),
        bytes => generate(bytes),
    }
}

/// The generated inputs, made once: (family, size) → text.
fn large(family: &str, bytes: usize) -> &'static (FormatId, String) {
    type Made = (&'static str, usize, (FormatId, String));
    static INPUTS: OnceLock<Vec<Made>> = OnceLock::new();
    let inputs = INPUTS.get_or_init(|| {
        let mut out = Vec::new();
        for (name, format, make_text) in generate::LARGE {
            for size in SIZES {
                out.push((*name, size, (*format, make(*format, *make_text, size))));
            }
        }
        out
    });
    &inputs
        .iter()
        .find(|(name, size, _)| *name == family && *size == bytes)
        .expect("a generated input of this family and size")
        .2
}

/// A generated input: its family and size.
#[derive(Clone, Copy)]
struct Input {
    family: &'static str,
    bytes: usize,
}

impl std::fmt::Display for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.bytes {
            0 => write!(f, "{} at bound", self.family),
            bytes => write!(f, "{} {}MB", self.family, bytes / 1_000_000),
        }
    }
}

fn inputs() -> Vec<Input> {
    let mut out = Vec::new();
    for (family, _, _) in generate::LARGE {
        for bytes in SIZES {
            out.push(Input { family, bytes });
        }
    }
    out
}

/// The raw tree-sitter parse: the floor a full check is measured against.
#[divan::bench(args = inputs(), sample_count = 5, sample_size = 1)]
fn parse_floor(bencher: Bencher, input: Input) {
    let (format, text) = large(input.family, input.bytes);
    fresh_parses(bencher, *format, text);
}

/// Times tree-sitter parsing `text` from scratch, nothing else.
fn fresh_parses(bencher: Bencher, format: FormatId, text: &str) {
    let language = format.language();
    bencher.bench(|| {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language).unwrap();
        black_box(parser.parse(text, None))
    });
}

/// Text to tree to findings, as `retroboard check` does.
#[divan::bench(args = inputs(), sample_count = 5, sample_size = 1)]
fn full_check(bencher: Bencher, input: Input) {
    let (format, text) = large(input.family, input.bytes);
    bencher.bench(|| {
        let doc = Document::new(Some(*format), text);
        let findings = analyze_with(&doc, &DiskFiles);
        // Returned, so that freeing them is left out of the timing, as for the parse floor's tree.
        black_box((doc, findings))
    });
}

/// One character typed in the middle, then the findings again: what a keystroke costs.
#[divan::bench(args = inputs(), sample_count = 10, sample_size = 1)]
fn keystroke(bencher: Bencher, input: Input) {
    let (format, text) = large(input.family, input.bytes);
    keystrokes(bencher, Document::new(Some(*format), text), "1");
}

/// The same with a character no format takes there, so that every other keystroke leaves a
/// syntax error (or a broken line) in the middle of the file and the next one mends it.
#[divan::bench(args = inputs(), sample_count = 10, sample_size = 1)]
fn keystroke_breaking(bencher: Bencher, input: Input) {
    let (format, text) = large(input.family, input.bytes);
    keystrokes(bencher, Document::new(Some(*format), text), "@");
}

/// The same keystrokes, with only tree-sitter's incremental reparse after each: the floor of a
/// keystroke, what the rest of it is measured against.
#[divan::bench(args = inputs(), sample_count = 10, sample_size = 1)]
fn reparse_floor(bencher: Bencher, input: Input) {
    let (format, text) = large(input.family, input.bytes);
    let mut doc = Document::new(Some(*format), text);
    doc.tree();
    let mut keystroke = Keystroke::in_middle_of(&doc, "1");
    bencher.bench_local(|| {
        keystroke.apply(&mut doc);
        black_box(doc.tree().is_some())
    });
}

/// Times keystrokes of `typed` in the middle of the text `doc` reads, each with its findings.
fn keystrokes(bencher: Bencher, mut doc: Document, typed: &'static str) {
    let mut keystroke = Keystroke::in_middle_of(&doc, typed);
    // As in the language server: the other files of a variant stay parsed between keystrokes,
    // and the document was checked once when it was opened.
    let files = CachedFiles::new(DiskFiles);
    black_box(analyze_with(&doc, &files));
    bencher.bench_local(|| {
        keystroke.apply(&mut doc);
        black_box(analyze_with(&doc, &files))
    });
}

/// A keystroke in the middle of the text a document reads (up to its bound): a character typed,
/// then deleted the next time, so the text stays the same size.
struct Keystroke {
    middle: usize,
    character: &'static str,
    typed: bool,
}

impl Keystroke {
    fn in_middle_of(doc: &Document, character: &'static str) -> Keystroke {
        let read = doc.rope();
        let middle = read.char_to_byte(read.byte_to_char(read.len_bytes() / 2));
        Keystroke {
            middle,
            character,
            typed: false,
        }
    }

    fn apply(&mut self, doc: &mut Document) {
        if self.typed {
            doc.edit(self.middle..self.middle + self.character.len(), "");
        } else {
            doc.edit(self.middle..self.middle, self.character);
        }
        self.typed = !self.typed;
    }
}

/// The preview (findings, board model, SVG and text drawing).
#[divan::bench(args = inputs(), sample_count = 3, sample_size = 1)]
fn preview(bencher: Bencher, input: Input) {
    let (format, text) = large(input.family, input.bytes);
    let doc = Document::new(Some(*format), text);
    bencher.bench(|| black_box(retroboard::render::preview(&doc, &DiskFiles)));
}

fn corpus_files() -> &'static Vec<(std::path::PathBuf, String)> {
    static FILES: OnceLock<Vec<(std::path::PathBuf, String)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = corpus::corpus_dir().expect("the corpus, at ../shared/corpus");
        corpus::files_below(&dir)
            .into_iter()
            .filter_map(|path| {
                let bytes = std::fs::read(&path).ok()?;
                let (text, _) = retroboard::text::decode(&bytes).ok()?;
                Some((path, text))
            })
            .collect()
    })
}

/// Every corpus file: parse and check, the cross-file Colossus checks included.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn corpus_check_all(bencher: Bencher) {
    let corpus = corpus_files();
    bencher.bench(|| {
        // As `retroboard check` does: each file of a variant parsed once per run.
        let files = CachedFiles::new(DiskFiles);
        for (path, text) in corpus {
            let doc = Document::new(detect(Some(path), text), text).with_path(Some(path.clone()));
            black_box(analyze_with(&doc, &files));
        }
    });
}

/// Workspace symbols with an empty query (every creature, terrain and variant) over the whole
/// corpus as one workspace folder, each file read from the disk (target: ≤ 20 ms, issue #22).
#[divan::bench(sample_count = 20, sample_size = 1)]
fn corpus_workspace_symbols(bencher: Bencher) {
    let root = corpus::corpus_dir().expect("the corpus, at ../shared/corpus");
    let roots = [root];
    bencher.bench(|| {
        let mut symbols = 0;
        retroboard::ide::workspace_symbols(&roots, "", &DiskFiles, |_, _, _| symbols += 1);
        black_box(symbols)
    });
}

/// The largest corpus masterboard, previewed (target: well under 10 ms).
#[divan::bench(sample_count = 50, sample_size = 1)]
fn preview_largest_corpus_map(bencher: Bencher) {
    let (path, text) = corpus_files()
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "map"))
        .max_by_key(|(_, t)| t.len())
        .expect("a MAP in the corpus");
    let doc = Document::new(detect(Some(path), text), text).with_path(Some(path.clone()));
    bencher.bench(|| black_box(retroboard::render::preview(&doc, &DiskFiles)));
}

/// The kinds of corpus file the keystrokes are measured on: by extension, the largest file
/// Retroboard reads and (`later_`) the largest in a later Colossus dialect, which gets one note
/// and is never parsed.
const CORPUS_KINDS: [&str; 8] = [
    "map",
    "ter",
    "cre",
    "var",
    "brd",
    "later_map",
    "later_ter",
    "later_cre",
];

/// A one-character edit in the largest corpus file of each kind, with its findings.
#[divan::bench(args = CORPUS_KINDS, sample_count = 200, sample_size = 1)]
fn corpus_keystroke(bencher: Bencher, kind: &str) {
    let (path, text) = largest_corpus_file(kind);
    let doc = Document::new(detect(Some(path), text), text).with_path(Some(path.clone()));
    keystrokes(bencher, doc, "1");
}

/// The raw tree-sitter parse of the files `corpus_keystroke` edits, from scratch: what a
/// keystroke costs at most when it cannot reuse the old tree.
#[divan::bench(args = CORPUS_KINDS, sample_count = 200, sample_size = 1)]
fn corpus_parse_floor(bencher: Bencher, kind: &str) {
    let (path, text) = largest_corpus_file(kind);
    let format = detect(Some(path), text).expect("a corpus file of a known format");
    fresh_parses(bencher, format, text);
}

/// The largest corpus file with this extension, in a dialect Retroboard reads or (`later_`)
/// in a later one.
fn largest_corpus_file(kind: &str) -> &'static (std::path::PathBuf, String) {
    let (later, extension) = match kind.strip_prefix("later_") {
        Some(extension) => (true, extension),
        None => (false, kind),
    };
    corpus_files()
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == extension))
        .filter(|(p, _)| p.components().any(|c| c.as_os_str() == "_later") == later)
        .max_by_key(|(_, t)| t.len())
        .expect("a corpus file of this kind")
}

/// Completion in the largest corpus file of each kind, in process (what the server computes,
/// without the transport): each sample one request, at the next word start or line end of the
/// file, round the file (the variant's other files read through a cache, as the server does).
#[divan::bench(args = ["map", "ter", "cre", "var", "brd"], sample_count = 1000, sample_size = 1)]
fn corpus_completion(bencher: Bencher, kind: &str) {
    let (path, text) = largest_corpus_file(kind);
    let doc = Document::new(detect(Some(path), text), text).with_path(Some(path.clone()));
    let mut places = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\r', '\n']);
        let mut in_word = false;
        for (i, c) in content.char_indices() {
            let blank = c == ' ' || c == '\t';
            if !blank && !in_word {
                places.push(start + i);
            }
            in_word = !blank;
        }
        places.push(start + content.len());
        start += line.len();
    }
    let files = CachedFiles::new(DiskFiles);
    let next = std::cell::Cell::new(0usize);
    bencher.bench_local(|| {
        let at = places[next.get() % places.len()];
        next.set(next.get() + 1);
        black_box(retroboard::ide::completions(&doc, at, &files))
    });
}
