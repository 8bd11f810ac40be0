//! How long background work can go without giving way (see `retroboard::give_way`): for the
//! generated 10 MB input of each family (read up to its format's bound), the longest stretch
//! between two points of its parse, outline, highlights and preview, and where it lies. Each
//! is the least of seven rounds: a round's longest stretch also holds any time the thread was
//! descheduled.
//!
//! `cargo run --release --example stretches`

#[path = "../../benches/support/generate.rs"]
#[allow(dead_code)] // only the generators are used here
mod generate;

use retroboard::formats::DiskFiles;
use retroboard::give_way::{Stretch, longest_stretch};
use retroboard::syntax::Document;

const ROUNDS: usize = 7;

fn main() {
    println!("the longest work between two give-way points (least of {ROUNDS} rounds):");
    for (family, format, make) in generate::LARGE {
        let text = make(10_000_000);
        let checked = Document::new(Some(*format), &text);
        let findings = retroboard::analysis::analyze_with(&checked, &DiskFiles);
        let mut least: [(&str, Option<Stretch>); 4] = [
            ("parse", None),
            ("outline", None),
            ("highlights", None),
            ("preview", None),
        ];
        for _ in 0..ROUNDS {
            let doc = Document::new(Some(*format), &text);
            let stretches = [
                longest_stretch(|| doc.tree().is_some()).1,
                longest_stretch(|| retroboard::ide::outline(&doc)).1,
                longest_stretch(|| retroboard::ide::highlights(&doc)).1,
                longest_stretch(|| retroboard::render::preview_with(&doc, &DiskFiles, &findings)).1,
            ];
            for ((_, least), stretch) in least.iter_mut().zip(stretches) {
                if least.is_none_or(|l| stretch.time < l.time) {
                    *least = Some(stretch);
                }
            }
        }
        for (what, stretch) in least {
            let Some(stretch) = stretch else { continue };
            let at = |point: Option<&std::panic::Location>| {
                point.map_or("its start or end".to_string(), |l| {
                    format!("{}:{}", l.file(), l.line())
                })
            };
            println!(
                "  {family:<13} {what:<10} {:>9.1} µs  from {} to {}",
                stretch.time.as_secs_f64() * 1e6,
                at(stretch.from),
                at(stretch.to),
            );
        }
    }
}
