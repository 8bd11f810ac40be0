//! Compiles every grammar's generated `src/parser.c` into one static library.

use std::path::Path;

/// Grammar folders, in the order of `FORMATS` in lib.rs.
const GRAMMARS: &[&str] = &[
    "crossmines-pattern",
    "patience-game",
    "othello-bord",
    "colossus-map",
    "colossus-ter",
    "colossus-cre",
    "colossus-battleland",
    "colossus-var",
    "peg-brd",
];

fn main() {
    // Read at run time, not baked in with `env!`: a build script compiled for a checkout at
    // another path may be reused from a shared target directory.
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir);
    let mut build = cc::Build::new();
    build
        .std("c11")
        .warnings(false)
        .flag_if_supported("-Wno-unused-parameter");
    for grammar in GRAMMARS {
        let src = root.join(grammar).join("src");
        build.include(&src);
        for file in ["parser.c", "scanner.c"] {
            let path = src.join(file);
            if path.exists() {
                build.file(&path);
            }
        }
        // The folder, not each file: a path that does not exist (most grammars have no
        // scanner.c) would make cargo run this script, and rebuild everything, every time.
        println!("cargo:rerun-if-changed={}", src.display());
    }
    build.compile("retroboard-grammars");
}
