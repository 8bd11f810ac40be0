//! Hostile text: markup written into any field of any file must come out as text, never as
//! markup, in the SVG preview and in hover Markdown (VS Code renders both).
//!
//! Every fixture, with each kind of token in turn replaced by a payload, is checked: the hover
//! over the payload has no raw HTML, links or images; the preview SVG is well-formed XML with
//! no script, event handler or reference outside itself.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

#[path = "support/fixtures.rs"]
mod support_fixtures;

use pulldown_cmark::{Event, Parser, Tag};
use retroboard::formats::DiskFiles;
use retroboard::registry::detect;
use retroboard::syntax::Document;
use support_fixtures::fixture_files;

/// Payloads without spaces, so that they fit in tokens that stop at whitespace.
const PAYLOADS: &[&str] = &[
    "<script>alert(\"&'\")</script>",
    "<img/src=x/onerror=alert(1)>",
    "[x](javascript:alert(1))`<b>`",
    "![x](http://example.invalid/x.png)",
];

/// One token of each kind: its byte range.
fn token_kinds(doc: &Document) -> Vec<std::ops::Range<usize>> {
    let Some(tree) = doc.tree() else {
        return Vec::new();
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        if node.child_count() == 0 && !node.byte_range().is_empty() && seen.insert(node.kind_id()) {
            out.push(node.byte_range());
        }
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    out
}

fn assert_markdown_is_inert(markdown: &str, context: &str) {
    for event in Parser::new(markdown) {
        match event {
            Event::Html(html) | Event::InlineHtml(html) => {
                panic!("{context}: raw HTML {html:?} in hover:\n{markdown}")
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                panic!("{context}: link to {dest_url:?} in hover:\n{markdown}")
            }
            _ => {}
        }
    }
}

fn assert_svg_is_inert(svg: &str, context: &str) {
    let xml = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("{context}: the SVG is not well-formed: {e}\n{svg}"));
    for node in xml.descendants().filter(|n| n.is_element()) {
        let name = node.tag_name().name();
        assert!(
            !["script", "foreignObject", "image", "use", "a"].contains(&name),
            "{context}: <{name}> in the SVG"
        );
        for attribute in node.attributes() {
            let attribute_name = attribute.name();
            assert!(
                !attribute_name.starts_with("on") && attribute_name != "href",
                "{context}: attribute {attribute_name} in the SVG"
            );
        }
    }
}

#[test]
fn markup_in_any_token_stays_text_in_hover_and_preview() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut paths = Vec::new();
    fixture_files(&root, &mut paths);
    let mut checked = 0;
    for path in paths {
        let Ok((text, _)) = retroboard::text::decode(&std::fs::read(&path).unwrap()) else {
            continue;
        };
        let format = detect(Some(&path), &text);
        let original = Document::new(format, &text);
        for (i, token) in token_kinds(&original).into_iter().enumerate() {
            let payload = PAYLOADS[i % PAYLOADS.len()];
            let mut hostile = text.clone();
            hostile.replace_range(token.clone(), payload);
            let doc = Document::new(format, &hostile).with_path(Some(path.clone()));
            let context = format!("{} with {payload:?} at {:?}", path.display(), token);
            for offset in [token.start, token.start + payload.len() / 2] {
                if let Some(hover) = retroboard::ide::hover(&doc, offset, &DiskFiles) {
                    assert_markdown_is_inert(&hover.markdown, &context);
                }
            }
            let preview = retroboard::render::preview(&doc, &DiskFiles);
            assert_svg_is_inert(&preview.svg, &context);
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} hostile files checked");
}

#[test]
fn the_checks_catch_what_they_must() {
    assert_markdown_is_inert("**Name** `<script>` &lt;b&gt;", "escaped");
    let caught = std::panic::catch_unwind(|| assert_markdown_is_inert("a <b>c</b>", "raw"));
    assert!(caught.is_err());
    let caught = std::panic::catch_unwind(|| assert_markdown_is_inert("[a](b)", "link"));
    assert!(caught.is_err());
    let caught = std::panic::catch_unwind(|| {
        assert_svg_is_inert(r#"<svg><g onclick="x"/></svg>"#, "handler")
    });
    assert!(caught.is_err());
    assert_svg_is_inert(r#"<svg><text>&lt;script&gt;</text></svg>"#, "escaped");
}

/// Records every path the checks, hover and preview ask for.
struct Recording(std::sync::Mutex<Vec<PathBuf>>);

impl retroboard::formats::Files for Recording {
    fn read(&self, path: &Path) -> Option<std::sync::Arc<str>> {
        self.0.lock().unwrap().push(path.to_path_buf());
        DiskFiles.read(path)
    }

    fn exists(&self, path: &Path) -> bool {
        self.0.lock().unwrap().push(path.to_path_buf());
        DiskFiles.exists(path)
    }
}

#[test]
fn var_names_never_reach_outside_the_variants_folder() {
    let root = std::env::temp_dir().join(format!("retroboard-hostile-{}", std::process::id()));
    let variants = root.join("Variants");
    let evil = variants.join("Evil");
    std::fs::create_dir_all(&evil).unwrap();
    // Files outside the variants' folder that a path in the VAR names.
    std::fs::write(root.join("secret.ter"), "T black Tower false 0 Secret\n").unwrap();
    std::fs::write(root.join("secret.map"), "15 8\n").unwrap();
    let absolute = root.join("secret.cre");
    std::fs::write(&absolute, "Secret 1 1 false false 0 false 1\n").unwrap();
    let var = format!(
        "MAP:../../secret.map\nTER:../secret.ter\nCRE:{}\nDEPEND:..,../..,/,{}\n",
        absolute.display(),
        root.display()
    );
    let var_path = evil.join("Evil.var");
    std::fs::write(&var_path, &var).unwrap();
    let doc = Document::new(detect(Some(&var_path), &var), &var).with_path(Some(var_path));
    let files = Recording(std::sync::Mutex::new(Vec::new()));
    let findings = retroboard::analysis::analyze_with(&doc, &files);
    for offset in 0..var.len() {
        if let Some(hover) = retroboard::ide::hover(&doc, offset, &files) {
            assert!(!hover.markdown.contains("Secret"), "{}", hover.markdown);
            assert!(!hover.markdown.contains("(found)"), "{}", hover.markdown);
        }
    }
    let preview = retroboard::render::preview(&doc, &files);
    assert!(!preview.text.contains("Secret") && !preview.svg.contains("Secret"));
    let asked = files.0.into_inner().unwrap();
    assert!(!asked.is_empty());
    for path in &asked {
        assert!(
            path.starts_with(&variants)
                && !path
                    .components()
                    .any(|c| matches!(c, std::path::Component::ParentDir)),
            "read {} outside {}",
            path.display(),
            variants.display()
        );
    }
    // Each line gets an error: a name the game cannot use, or a path it cannot read.
    for line in 0..4 {
        let start = var
            .split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>();
        let end = start + var.lines().nth(line).unwrap().len();
        assert!(
            findings
                .iter()
                .any(|f| f.severity == retroboard::findings::Severity::Error
                    && f.range.start >= start
                    && f.range.start <= end),
            "line {}: {findings:#?}",
            line + 1
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}
