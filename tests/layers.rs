//! The layers of server/src, bottom to top: a module uses only modules of its own layer or
//! below, the modules' graph has no cycle, and no format family uses another. Test code
//! (`#[cfg(test)]` items, `tests.rs` files, `test_support`) may reach up, to test a piece
//! through the whole path.
//!
//! What a file uses is read from its syntax, not its text: every `use` tree (grouped imports
//! included) and every path in code (`crate::cli::run()`, in macros too), with `crate::`,
//! `super::` and `self::` resolved to the module they reach.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// Each top-level module of server/src, by layer. A new module must be given one.
const LAYERS: &[&[&str]] = &[
    // Vocabulary: text positions and encodings, findings and codes, format ids and detection,
    // the answers features give, drawing primitives, reading files, background work's pauses.
    &["text", "findings", "registry", "answers", "draw", "disk"],
    // From text to tree.
    &["syntax"],
    // What each format means.
    &["formats"],
    // Features over any format.
    &[
        "analysis",
        "ide",
        "render",
        "play",
        "formatting",
        "settings",
        "suppressions",
        "workspace",
    ],
    // Front ends.
    &["lsp", "cli"],
];

/// Modules only tests build.
const TEST_ONLY: &[&str] = &["test_support"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            rust_files(&entry, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The module a file of server/src is: `formats/othello/view.rs` is `formats::othello::view`,
/// a `mod.rs` its folder's module, `lib.rs` the crate.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).unwrap();
    let mut module: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if module
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        module.pop();
    }
    module
}

/// Whether an item is built only for tests: `#[cfg(test)]`.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}

/// Gathers the modules a file's built code reaches, as paths from the crate's root.
struct Uses<'a> {
    module: &'a [String],
    reached: Vec<(Vec<String>, String)>,
}

impl Uses<'_> {
    /// Resolves `path` (as written) from this module; paths that start elsewhere (a crate, a
    /// local item) are not the crate's modules.
    fn reach(&mut self, path: &[String]) {
        let Some(first) = path.first() else {
            return;
        };
        let mut at: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => self.module.to_vec(),
            "super" => self.module.to_vec(),
            _ => return,
        };
        let mut rest = &path[1..];
        if first == "super" {
            at.pop();
        }
        while rest.first().is_some_and(|s| s == "super") {
            at.pop();
            rest = &rest[1..];
        }
        at.extend(rest.iter().cloned());
        self.reached.push((at, path.join("::")));
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.reach_with(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.reach_with(prefix, &r.ident),
            syn::UseTree::Glob(_) => self.reach(&prefix.clone()),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    fn reach_with(&mut self, prefix: &[String], last: &syn::Ident) {
        let mut path = prefix.to_vec();
        path.push(last.to_string());
        self.reach(&path);
    }

    /// Paths in a macro's tokens (`format!("{}", crate::text::x())`): every `crate`, `self`
    /// or `super` followed by `::` segments.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut flat = Vec::new();
        flatten(tokens, &mut flat);
        let mut i = 0;
        while i < flat.len() {
            let starts = matches!(&flat[i], Token::Ident(s) if ["crate", "self", "super"].contains(&s.as_str()));
            if !starts {
                i += 1;
                continue;
            }
            let mut path = Vec::new();
            while let Some(Token::Ident(segment)) = flat.get(i) {
                path.push(segment.clone());
                if matches!(flat.get(i + 1), Some(Token::Colon))
                    && matches!(flat.get(i + 2), Some(Token::Colon))
                {
                    i += 3;
                } else {
                    i += 1;
                    break;
                }
            }
            self.reach(&path);
        }
    }
}

/// A macro's tokens, flattened: identifiers and colons (joint `::` is two), anything else
/// breaks a path.
enum Token {
    Ident(String),
    Colon,
    Other,
}

fn flatten(tokens: proc_macro2::TokenStream, out: &mut Vec<Token>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Group(group) => {
                out.push(Token::Other);
                flatten(group.stream(), out);
                out.push(Token::Other);
            }
            proc_macro2::TokenTree::Ident(ident) => out.push(Token::Ident(ident.to_string())),
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => out.push(Token::Colon),
            _ => out.push(Token::Other),
        }
    }
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.reach(&segments);
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }

    // `pub(crate)`, `pub(super)`: who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}
}

/// The crate paths the built code of `source`, the file of `module`, reaches, each with the
/// path as written.
fn reached(module: &[String], source: &str) -> Vec<(Vec<String>, String)> {
    let file = syn::parse_file(source).unwrap_or_else(|e| panic!("{}: {e}", module.join("::")));
    let mut uses = Uses {
        module,
        reached: Vec::new(),
    };
    uses.visit_file(&file);
    uses.reached
}

/// The format families: the folders of server/src/formats. Its files (`mod.rs`, `editor.rs`,
/// `layout.rs`, …) are shared by every family.
fn families() -> BTreeSet<String> {
    std::fs::read_dir(src().join("formats"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// The family a module path lies in, if any: `formats::peg::checks` is in `peg`.
fn family_of<'a>(path: &'a [String], families: &BTreeSet<String>) -> Option<&'a str> {
    match path {
        [formats, family, ..] if formats == "formats" && families.contains(family) => Some(family),
        _ => None,
    }
}

/// Every built file of server/src: its module and source.
fn built_files() -> Vec<(PathBuf, Vec<String>, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files
        .into_iter()
        .filter(|file| {
            file.file_name()
                .is_some_and(|f| f != "tests.rs" && f != "main.rs")
        })
        .map(|file| {
            let module = module_of(&file);
            let text = std::fs::read_to_string(&file).unwrap();
            (file, module, text)
        })
        .filter(|(_, module, _)| {
            module
                .first()
                .is_some_and(|top| !TEST_ONLY.contains(&top.as_str()))
        })
        .collect()
}

fn shown(file: &Path) -> String {
    file.strip_prefix(src().parent().unwrap())
        .unwrap()
        .display()
        .to_string()
}

/// For each top-level module, the top-level modules it uses and where.
fn uses() -> BTreeMap<String, BTreeMap<String, String>> {
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (file, module, text) in built_files() {
        let name = module[0].clone();
        let used = graph.entry(name.clone()).or_default();
        for (target, written) in reached(&module, &text) {
            if let Some(top) = target.first().filter(|top| **top != name) {
                used.entry(top.clone())
                    .or_insert(format!("{} ({written})", shown(&file)));
            }
        }
    }
    graph
}

/// Where a family uses another: `formats/peg/x.rs uses colossus (super::super::colossus)`.
fn family_crossings(module: &[String], source: &str, families: &BTreeSet<String>) -> Vec<String> {
    let Some(own) = family_of(module, families) else {
        return Vec::new();
    };
    reached(module, source)
        .into_iter()
        .filter_map(|(target, written)| {
            let other = family_of(&target, families)?;
            (other != own).then(|| format!("{own} uses {other} ({written})"))
        })
        .collect()
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn every_module_uses_only_its_layer_and_those_below() {
    let mut wrong = Vec::new();
    for (module, used) in uses() {
        let Some(layer) = layer_of(&module) else {
            wrong.push(format!(
                "{module} has no layer: add it to LAYERS in tests/layers.rs"
            ));
            continue;
        };
        for (target, place) in used {
            if TEST_ONLY.contains(&target.as_str()) {
                continue;
            }
            match layer_of(&target) {
                Some(target_layer) if target_layer <= layer => {}
                _ => wrong.push(format!(
                    "{module} (layer {layer}) uses {target} (layer {}) at {place}",
                    layer_of(&target).map_or("none".to_string(), |l| l.to_string())
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_format_family_uses_another() {
    let families = families();
    let mut wrong = Vec::new();
    for (file, module, text) in built_files() {
        for crossing in family_crossings(&module, &text, &families) {
            wrong.push(format!("{}: {crossing}", shown(&file)));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_modules_graph_has_no_cycle() {
    let graph = uses();
    // Depth-first search for a way back to where it started.
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut cycle = path[start..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for target in graph.get(module).into_iter().flat_map(|used| used.keys()) {
            if let Some(cycle) = visit(target, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(cycle) = visit(module, &graph, &mut Vec::new(), &mut done) {
            let steps: Vec<String> = cycle
                .windows(2)
                .map(|pair| {
                    format!(
                        "{} uses {} at {}",
                        pair[0], pair[1], graph[&pair[0]][&pair[1]]
                    )
                })
                .collect();
            panic!("a cycle among server/src's modules:\n{}", steps.join("\n"));
        }
    }
}

/// The ways a use is found, each in a small source: what a text scan for `crate::ident` missed.
#[test]
fn uses_are_found_however_they_are_written() {
    let module = |path: &str| -> Vec<String> { path.split("::").map(str::to_string).collect() };
    let tops = |module: &[String], source: &str| -> Vec<String> {
        reached(module, source)
            .into_iter()
            .filter_map(|(target, _)| target.first().cloned())
            .collect()
    };
    let view = module("formats::othello::view");
    // A grouped import.
    assert_eq!(
        tops(&view, "use crate::{lsp::Backend, text};"),
        ["lsp", "text"]
    );
    // `super::` from a top-level module reaches the crate's other top-level modules.
    assert_eq!(tops(&module("text"), "use super::cli;"), ["cli"]);
    assert_eq!(
        tops(&view, "use super::super::super::cli::{self as c};"),
        ["cli"]
    );
    // A path in an expression, and one in a macro's arguments.
    assert_eq!(tops(&view, "fn f() { crate::cli::run(); }"), ["cli"]);
    assert_eq!(
        tops(
            &view,
            "fn f() -> String { format!(\"{}\", crate::lsp::NAME) }"
        ),
        ["lsp"]
    );
    // Test code may reach up; a type's own module (`self::`) resolves below the file.
    assert!(
        tops(
            &view,
            "#[cfg(test)]\nmod tests { use crate::lsp::Backend; }"
        )
        .is_empty()
    );
    assert_eq!(tops(&view, "use self::inner::X;"), ["formats"]);
    // One family reaching another, through `super::` or from the crate.
    let families: BTreeSet<String> = ["colossus", "peg"].map(String::from).into();
    let peg = module("formats::peg::checks");
    assert_eq!(
        family_crossings(&peg, "use super::super::colossus::codes;", &families),
        ["peg uses colossus (super::super::colossus::codes)"]
    );
    assert_eq!(
        family_crossings(&peg, "fn f() { crate::formats::colossus::x(); }", &families),
        ["peg uses colossus (crate::formats::colossus::x)"]
    );
    // The shared modules of formats/ are every family's.
    assert!(family_crossings(&peg, "use super::super::{layout, place::X};", &families).is_empty());
}
