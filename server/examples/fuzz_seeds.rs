//! Seeds for the `formats` fuzz target: every file below a folder that Retroboard detects as
//! one of its formats, written to the output folder with that format's index in the registry
//! as its first byte (the byte the target reads to pick the format); each also in Windows-1252
//! or Mac Roman behind a UTF-8 byte order mark.
//!
//! cargo run --example fuzz_seeds -- tests/fixtures fuzz/corpus/formats

use std::path::Path;

use retroboard::registry::{FormatId, detect};
use retroboard::text::{Encoding, encode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [from, to] = args.as_slice() else {
        eprintln!("usage: fuzz_seeds FROM_FOLDER TO_FOLDER");
        std::process::exit(2);
    };
    std::fs::create_dir_all(to).expect("the output folder can be made");
    let mut written = 0;
    let mut formats = std::collections::BTreeSet::new();
    for entry in walkdir::WalkDir::new(from).sort_by_file_name() {
        let Ok(entry) = entry else { continue };
        if !entry.file_type().is_file() {
            continue;
        }
        let Ok(bytes) = std::fs::read(entry.path()) else {
            continue;
        };
        let Ok((text, _)) = retroboard::text::decode(&bytes) else {
            continue;
        };
        let Some(format) = detect(Some(entry.path()), &text) else {
            continue;
        };
        let index = FormatId::ALL.iter().position(|f| *f == format).unwrap_or(0);
        formats.insert(index);
        // The file as it is, and in a legacy encoding behind a UTF-8 byte order mark (as an
        // editor may save old text), which edits must count past.
        let legacy = if text.contains('\r') && !text.contains('\n') {
            Encoding::MacRoman
        } else {
            Encoding::Windows1252
        };
        let marked = encode(&text, legacy)
            .ok()
            .map(|legacy| [b"\xEF\xBB\xBF".as_slice(), &legacy].concat());
        for bytes in std::iter::once(bytes).chain(marked) {
            let mut seed = vec![u8::try_from(index).unwrap_or(0)];
            seed.extend_from_slice(&bytes);
            written += 1;
            let out = Path::new(to).join(format!("{}-{written}", format.as_str()));
            std::fs::write(out, seed).expect("the seed can be written");
        }
    }
    println!(
        "fuzz_seeds: {written} seeds of {} formats in {to}",
        formats.len()
    );
}
