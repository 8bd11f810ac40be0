//! What the fuzz targets do with their input. Each step asserts the invariants a client relies
//! on: ranges inside the text and on character boundaries, an SVG that is well-formed XML, an
//! incremental tree equal to a fresh one, a server that never fails a request.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbitrary::Arbitrary;
use retroboard::formats::Files;
use retroboard::registry::FormatId;
use retroboard::syntax::Document;

/// No other files: fuzzing stays in memory and deterministic.
pub struct NoFiles;

impl Files for NoFiles {
    fn read(&self, _path: &Path) -> Option<Arc<str>> {
        None
    }
}

/// A path of the right shape for a format (its first extension, or its folder), in a folder
/// that does not exist.
pub fn path_for(format: FormatId) -> PathBuf {
    let evidence = format.entry().evidence;
    let dir = Path::new("/nonexistent/Variants/Fuzz");
    match (evidence.extensions.first(), evidence.folder) {
        (Some(extension), _) => dir.join(format!("Fuzz.{extension}")),
        (None, Some(folder)) => dir.join(folder).join("Fuzz"),
        (None, None) => dir.join("Fuzz"),
    }
}

/// The format a fuzz input's first byte picks (its index in the registry), and the file after it.
pub fn split_format(data: &[u8]) -> Option<(FormatId, &[u8])> {
    let (first, file) = data.split_first()?;
    Some((FormatId::ALL[usize::from(*first) % FormatId::ALL.len()], file))
}

fn assert_range(text: &str, range: &std::ops::Range<usize>, what: &str) {
    assert!(
        range.start <= range.end
            && range.end <= text.len()
            && text.is_char_boundary(range.start)
            && text.is_char_boundary(range.end),
        "{what} range {range:?} outside the text of {} bytes",
        text.len()
    );
}

/// Check, hover and completion at many offsets, outline, highlights and preview of `data` as `format`.
pub fn exercise(format: FormatId, data: &[u8]) {
    let Ok((text, _)) = retroboard::text::decode(data) else {
        return;
    };
    let doc = Document::new(Some(format), &text).with_path(Some(path_for(format)));
    for finding in retroboard::analysis::analyze_with(&doc, &NoFiles) {
        assert_range(&text, &finding.range, finding.code);
        assert!(!finding.message.is_empty());
    }
    // Every offset of a small text; 33 spread over a larger one (each hover builds the view,
    // so hovering everywhere would spend the fuzzing time on few inputs).
    let offsets: Vec<usize> = if text.len() <= 32 {
        (0..=text.len()).collect()
    } else {
        (0..=32).map(|i| i * text.len() / 32).collect()
    };
    let here = |target: &retroboard::answers::Target| Some(target.path.as_path()) == doc.path();
    for offset in offsets {
        if let Some(hover) = retroboard::ide::hover(&doc, offset, &NoFiles) {
            assert_range(&text, &hover.range, "hover");
            assert!(!hover.markdown.is_empty());
        }
        // Completion where an editor asks: at a character boundary. Each item replaces text
        // around the cursor.
        let mut at = offset.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        for item in retroboard::ide::completions(&doc, at, &NoFiles) {
            assert_range(&text, &item.range, "completion");
            assert!(item.range.start <= at && at <= item.range.end, "{item:?} at {at}");
            assert!(!item.label.is_empty());
        }
        // Definitions, references and renames in this file lie in its text.
        let targets = retroboard::ide::definition(&doc, offset, &NoFiles)
            .into_iter()
            .chain(retroboard::ide::references(&doc, offset, &NoFiles, true));
        for target in targets.filter(here) {
            assert_range(&text, &target.range, "definition or reference");
        }
        if let Ok(Some(range)) = retroboard::ide::prepare_rename(&doc, offset, &NoFiles) {
            assert_range(&text, &range, "prepareRename");
        }
        if let Ok(edits) = retroboard::ide::rename(&doc, offset, "Renamed", &NoFiles) {
            for edit in edits.iter().filter(|e| here(&e.target)) {
                assert_range(&text, &edit.target.range, "rename");
            }
        }
    }
    let options = retroboard::answers::InlayOptions::default();
    for hint in retroboard::ide::inlay_hints(&doc, 0..text.len(), &options, &NoFiles) {
        assert_range(&text, &(hint.offset..hint.offset), "inlay hint");
    }
    fn walk(text: &str, symbols: &[retroboard::answers::Symbol]) {
        for symbol in symbols {
            assert_range(text, &symbol.range, "outline");
            assert_range(text, &symbol.selection, "outline selection");
            walk(text, &symbol.children);
        }
    }
    walk(&text, &retroboard::ide::outline(&doc));
    let whole = retroboard::ide::highlights(&doc);
    let mut end = 0;
    for highlight in whole.iter() {
        assert_range(&text, &(highlight.start..highlight.end), "highlight");
        assert!(highlight.start >= end, "highlights overlap or go back");
        end = highlight.end;
    }
    // The colours of a part are those of the whole that overlap it.
    let part = text.len() / 3..text.len() * 2 / 3;
    let expected: Vec<_> = whole
        .iter()
        .filter(|h| h.start < part.end && part.start < h.end)
        .cloned()
        .collect();
    assert_eq!(retroboard::ide::highlights_in(&doc, part), expected, "highlights of a range");
    let preview = retroboard::render::preview(&doc, &NoFiles);
    if let Err(err) = roxmltree::Document::parse(&preview.svg) {
        panic!("the preview SVG is not well-formed: {err}\n{}", preview.svg);
    }
    assert!(!preview.text.is_empty());
    // Formatting: valid edits of blanks only, the line breaks kept, and once is enough.
    let edits = retroboard::formatting::format(&doc);
    let formatted = retroboard::findings::apply_edits(&text, &edits)
        .expect("formatting edits inside the text, not overlapping");
    for edit in &edits {
        assert!(edit.insert.bytes().all(|b| b == b' ' || b == b'\t'), "{edit:?}");
        assert!(text[edit.range.clone()].bytes().all(|b| b == b' ' || b == b'\t'), "{edit:?}");
    }
    let breaks = |t: &str| t.bytes().filter(|b| matches!(b, b'\r' | b'\n')).count();
    assert_eq!(breaks(&formatted), breaks(&text), "line breaks");
    let again = Document::new(Some(format), &formatted).with_path(Some(path_for(format)));
    assert_eq!(retroboard::formatting::format(&again), [], "formatting twice");
}

/// A document and edits to make to it, one by one.
#[derive(Arbitrary, Debug)]
pub struct EditSession {
    pub format: u8,
    pub text: String,
    pub edits: Vec<(u16, u8, String)>,
}

/// Editing a document keystroke by keystroke ends with the tree and findings of a fresh parse.
pub fn edit_session(session: EditSession) {
    let format = FormatId::ALL[usize::from(session.format) % FormatId::ALL.len()];
    let path = path_for(format);
    let mut doc = Document::new(Some(format), &session.text).with_path(Some(path.clone()));
    let mut text = session.text;
    for (at, len, insert) in session.edits.iter().take(32) {
        let start = floor_boundary(&text, usize::from(*at));
        let end = floor_boundary(&text, start + usize::from(*len)).max(start);
        doc.edit(start..end, insert);
        text.replace_range(start..end, insert);
    }
    assert_eq!(doc.text(), text);
    let fresh = Document::new(Some(format), &text).with_path(Some(path));
    let sexp = |d: &Document| d.tree().map(|t| t.root_node().to_sexp());
    assert_eq!(sexp(&doc), sexp(&fresh), "incremental tree differs from a fresh parse");
    assert_eq!(
        retroboard::analysis::analyze_with(&doc, &NoFiles),
        retroboard::analysis::analyze_with(&fresh, &NoFiles)
    );
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// One thing a client does.
#[derive(Arbitrary, Debug)]
pub enum ClientStep {
    Open { doc: u8, format: u8, text: String },
    Change { doc: u8, version: i8, range: [u16; 4], text: String },
    Replace { doc: u8, version: i8, text: String },
    Hover { doc: u8, line: u16, character: u16 },
    Symbols { doc: u8 },
    Tokens { doc: u8 },
    Preview { doc: u8 },
    Close { doc: u8 },
    Unknown { method: String },
    /// Bytes on the wire as they come, framed or not.
    Raw(Vec<u8>),
    Shutdown,
}

/// A whole client session: the encodings it offers and its steps.
#[derive(Arbitrary, Debug)]
pub struct ClientSession {
    pub utf8: bool,
    pub steps: Vec<ClientStep>,
}

fn frame(message: serde_json::Value) -> Vec<u8> {
    let body = message.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

fn uri(doc: u8) -> String {
    let format = FormatId::ALL[usize::from(doc) % FormatId::ALL.len()];
    let path = path_for(format);
    // Several documents per format, in different folders.
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("x");
    format!("file:///nonexistent/{}/{}/{name}", doc / 9, format.as_str())
}

/// The bytes a client session sends.
pub fn client_bytes(session: &ClientSession) -> Vec<u8> {
    use serde_json::json;
    let encodings = if session.utf8 {
        json!(["utf-8", "utf-16"])
    } else {
        json!(["utf-16"])
    };
    let mut out = frame(json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "processId": null, "rootUri": null,
        "capabilities": {"general": {"positionEncodings": encodings}},
    }}));
    out.extend(frame(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})));
    let request = |id: usize, method: &str, params: serde_json::Value| {
        frame(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
    };
    let notify = |method: &str, params: serde_json::Value| {
        frame(json!({"jsonrpc": "2.0", "method": method, "params": params}))
    };
    for (i, step) in session.steps.iter().take(64).enumerate() {
        let id = i + 1;
        out.extend(match step {
            ClientStep::Open { doc, format, text } => {
                let language = FormatId::ALL[usize::from(*format) % FormatId::ALL.len()];
                notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": uri(*doc), "languageId": language.as_str(),
                        "version": 0, "text": text}}),
                )
            }
            ClientStep::Change {
                doc,
                version,
                range,
                text,
            } => notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri(*doc), "version": version},
                    "contentChanges": [{"range": {
                        "start": {"line": range[0], "character": range[1]},
                        "end": {"line": range[2], "character": range[3]}},
                    "text": text}]}),
            ),
            ClientStep::Replace { doc, version, text } => notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri(*doc), "version": version},
                    "contentChanges": [{"text": text}]}),
            ),
            ClientStep::Hover {
                doc,
                line,
                character,
            } => request(
                id,
                "textDocument/hover",
                json!({"textDocument": {"uri": uri(*doc)},
                    "position": {"line": line, "character": character}}),
            ),
            ClientStep::Symbols { doc } => request(
                id,
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri(*doc)}}),
            ),
            ClientStep::Tokens { doc } => request(
                id,
                "textDocument/semanticTokens/full",
                json!({"textDocument": {"uri": uri(*doc)}}),
            ),
            ClientStep::Preview { doc } => request(
                id,
                "retroboard/preview",
                json!({"textDocument": {"uri": uri(*doc)}}),
            ),
            ClientStep::Close { doc } => notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": uri(*doc)}}),
            ),
            ClientStep::Unknown { method } => request(id, method, json!({})),
            ClientStep::Raw(bytes) => bytes.clone(),
            ClientStep::Shutdown => request(id, "shutdown", serde_json::Value::Null),
        });
    }
    out.extend(frame(json!({"jsonrpc": "2.0", "method": "exit"})));
    out
}

/// Runs the real server, in memory, on a client session; it must answer without ever failing
/// internally, and end.
pub fn serve_session(session: ClientSession) {
    let input = client_bytes(&session);
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    let output = runtime.block_on(async move {
        let (server_output, mut client_input) = tokio::io::duplex(1 << 16);
        let reader = tokio::spawn(async move {
            let mut answers = Vec::new();
            let _ = tokio::io::AsyncReadExt::read_to_end(&mut client_input, &mut answers).await;
            answers
        });
        retroboard::lsp::serve_with(
            std::io::Cursor::new(input),
            server_output,
            retroboard::lsp::Options::default(),
        )
        .await;
        reader.await.unwrap_or_default()
    });
    let output = String::from_utf8_lossy(&output);
    assert!(
        !output.contains("Retroboard failed") && !output.contains("retroboard/internal-error"),
        "the server failed internally:\n{output}"
    );
}
