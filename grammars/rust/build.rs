//! Compiles every grammar's generated `src/parser.c` into one static library.

use std::path::Path;

fn main() {
    // Read at run time, not baked in with `env!`: a build script compiled for a checkout at
    // another path may be reused from a shared target directory.
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir);
    // Every folder with a generated parser is a grammar, named by its format id: adding a
    // format adds its folder, and nothing here lists them.
    let mut grammars: Vec<String> = std::fs::read_dir(root)
        .expect("the grammars folder can be read")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            path.join("src").join("parser.c").is_file().then(|| {
                path.file_name()
                    .expect("a folder has a name")
                    .to_string_lossy()
                    .into_owned()
            })
        })
        .collect();
    grammars.sort();
    println!("cargo:rerun-if-changed={}", root.display());
    let mut build = cc::Build::new();
    build
        .std("c11")
        .warnings(false)
        .flag_if_supported("-Wno-unused-parameter");
    for grammar in &grammars {
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
    // lib.rs includes the list: `"format-id" => tree_sitter_format_id,` for each grammar.
    let list: String = grammars
        .iter()
        .map(|id| format!("    {id:?} => tree_sitter_{},\n", id.replace('-', "_")))
        .collect();
    let out =
        Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("grammars.rs");
    std::fs::write(out, format!("grammars! {{\n{list}}}\n")).expect("OUT_DIR is writable");
}
