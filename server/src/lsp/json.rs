//! The largest answers written as JSON text straight from what the features made, the same
//! bytes as serde_json writes for the LSP types: serialising an outline through them took three
//! times as long as making it (a 2003-10 TER's 444 symbols, 93 KB of JSON: 3.5 M instructions
//! through `ls_types::DocumentSymbol`, 1.0 M written here, and no copy into the LSP types first).

use super::convert::{self, Positions};
use crate::answers::{Symbol, SymbolKind};
use crate::give_way::give_way;
use serde_json::value::RawValue;
use tower_lsp_server::ls_types::{Position, Range, SemanticToken};

/// `symbols` as the JSON of a nested `DocumentSymbol[]` answer, positions read by `positions`.
pub fn document_symbols(positions: &mut Positions, symbols: &[Symbol]) -> Box<RawValue> {
    let mut out = Vec::with_capacity(256 * symbols.len().max(1));
    symbol_list(&mut out, positions, symbols);
    raw(out)
}

fn symbol_list(out: &mut Vec<u8>, positions: &mut Positions, symbols: &[Symbol]) {
    array(out, symbols, |out, symbol| {
        // Fields in the order `DocumentSymbol` serialises them; `tags` and `deprecated` unset.
        out.extend_from_slice(b"{\"name\":");
        string(
            out,
            if symbol.name.is_empty() {
                "?"
            } else {
                &symbol.name
            },
        );
        if let Some(detail) = &symbol.detail {
            out.extend_from_slice(b",\"detail\":");
            string(out, detail);
        }
        out.extend_from_slice(b",\"kind\":");
        number(out, symbol_kind(symbol.kind));
        out.extend_from_slice(b",\"range\":");
        range(out, &positions.range(symbol.range.clone()));
        out.extend_from_slice(b",\"selectionRange\":");
        range(out, &positions.range(symbol.selection.clone()));
        if !symbol.children.is_empty() {
            out.extend_from_slice(b",\"children\":");
            symbol_list(out, positions, &symbol.children);
        }
        out.push(b'}');
    });
}

/// The number the LSP gives our kind of symbol (`SymbolKind` serialises as its number).
fn symbol_kind(kind: SymbolKind) -> u64 {
    serde_json::to_value(convert::lsp_symbol_kind(kind))
        .ok()
        .and_then(|v| v.as_u64())
        .unwrap_or(0)
}

/// A preview's source map, `[{id, range}]`: each element of the drawing and the range of the
/// text it stands for, read by `positions`.
pub fn source_map(positions: &mut Positions, elements: &[crate::draw::Element]) -> Box<RawValue> {
    // Positions are worked out in the text's order, each from the line of the one before
    // (a masterboard lists its hexes, then the exits on their lines: in the drawing's order
    // each exit would search the rope for its line).
    let mut order: Vec<usize> = (0..elements.len()).collect();
    order.sort_by_key(|&i| elements[i].source.start);
    let mut ranges = vec![Range::default(); elements.len()];
    for i in order {
        give_way();
        ranges[i] = positions.range(elements[i].source.clone());
    }
    let mut out = Vec::with_capacity(96 * elements.len() + 2);
    array(
        &mut out,
        elements.iter().zip(&ranges),
        |out, (element, at)| {
            out.extend_from_slice(b"{\"id\":");
            string(out, &element.id);
            out.extend_from_slice(b",\"range\":");
            range(out, at);
            out.push(b'}');
        },
    );
    raw(out)
}

/// A preview's text map, `[{id, line, start, end}]`, as `TextMark` serialises.
pub fn text_map(marks: &[crate::draw::TextMark]) -> Box<RawValue> {
    let mut out = Vec::with_capacity(48 * marks.len() + 2);
    array(&mut out, marks, |out, mark| {
        out.extend_from_slice(b"{\"id\":");
        string(out, &mark.id);
        for (name, n) in [
            (&b",\"line\":"[..], mark.line),
            (b",\"start\":", mark.start),
            (b",\"end\":", mark.end),
        ] {
            out.extend_from_slice(name);
            number(out, n as u64);
        }
        out.push(b'}');
    });
    raw(out)
}

/// A semantic tokens answer, `{"data":[…]}` as `SemanticTokens` without a result id
/// serialises: five numbers a token, written in the loop that gives way (serde's took a
/// Crossmines pattern's 100 KB answer in one stretch of 0.4 ms).
pub fn semantic_tokens(tokens: &[SemanticToken]) -> Box<RawValue> {
    let mut out = Vec::with_capacity(20 * tokens.len() + 16);
    out.extend_from_slice(b"{\"data\":");
    let numbers = tokens.iter().flat_map(|token| {
        [
            token.delta_line,
            token.delta_start,
            token.length,
            token.token_type,
            token.token_modifiers_bitset,
        ]
    });
    array(&mut out, numbers, |out, n| number(out, n.into()));
    out.push(b'}');
    raw(out)
}

/// Writes into a buffer, giving way (see `crate::give_way`) every [`GIVE_WAY_BYTES`]: serde
/// writes a preview's SVG, written as JSON already, in one piece of megabytes, into memory
/// not yet touched.
pub struct GivingWay<'a>(pub &'a mut Vec<u8>);

impl std::io::Write for GivingWay<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for chunk in bytes.chunks(GIVE_WAY_BYTES) {
            give_way();
            self.0.extend_from_slice(chunk);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `items` as a JSON array, each written by `write`; background work gives way between them
/// (see `crate::give_way`): a large board's answer has thousands.
fn array<T>(
    out: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut write: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        give_way();
        if i > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

/// JSON text written here, to be put as it is into an answer serde writes.
fn raw(json: Vec<u8>) -> Box<RawValue> {
    // Written from `str`s and ASCII, so it is UTF-8 (were it not, `null`).
    let json = String::from_utf8(json).unwrap_or_else(|_| "null".into());
    // SAFETY: the writers here write one JSON value, without whitespace around it (the tests
    // compare what they write with serde's, for every fixture and every escape).
    unsafe { RawValue::from_string_unchecked(json) }
}

/// `{"start":{"line":…,"character":…},"end":{…}}`.
fn range(out: &mut Vec<u8>, range: &Range) {
    out.extend_from_slice(b"{\"start\":");
    position(out, range.start);
    out.extend_from_slice(b",\"end\":");
    position(out, range.end);
    out.push(b'}');
}

fn position(out: &mut Vec<u8>, position: Position) {
    out.extend_from_slice(b"{\"line\":");
    number(out, position.line.into());
    out.extend_from_slice(b",\"character\":");
    number(out, position.character.into());
    out.push(b'}');
}

/// A whole number in decimal.
fn number(out: &mut Vec<u8>, n: u64) {
    crate::text::decimal(n, |digit| out.push(digit));
}

/// How many bytes of a string are written between two points where background work gives way
/// (about 10 µs of work).
const GIVE_WAY_BYTES: usize = 1 << 15;

/// A JSON string: quotes, backslashes and control characters escaped as serde_json escapes
/// them, everything else (UTF-8 included) as it is.
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    let bytes = text.as_bytes();
    // Most texts (a 170 KB SVG drawn with single quotes) have nothing to escape: checked a
    // block at a time, without a branch per byte, and copied whole.
    const BLOCK: usize = 64;
    let mut at = 0;
    while at < bytes.len() {
        if at.is_multiple_of(GIVE_WAY_BYTES) {
            give_way();
        }
        let block = &bytes[at..(at + BLOCK).min(bytes.len())];
        let plain = !block.iter().fold(false, |any, &b| {
            any | (b == b'"') | (b == b'\\') | (b < 0x20)
        });
        if plain {
            out.extend_from_slice(block);
        } else {
            escaped(out, block);
        }
        at += block.len();
    }
    out.push(b'"');
}

/// `bytes` with each byte that needs it escaped (a block of a `str`: a character split across
/// two blocks has no byte below 0x80 to escape, so it comes out whole).
fn escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut plain = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[plain..i]);
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(byte >> 4) as usize]);
            out.push(HEX[(byte & 0xf) as usize]);
        } else {
            out.extend_from_slice(escape);
        }
        plain = i + 1;
    }
    out.extend_from_slice(&bytes[plain..]);
}

/// A text as a JSON string, to be put as it is into an answer serde writes.
pub fn raw_string(text: &str) -> Box<RawValue> {
    let mut out = Vec::with_capacity(text.len() + 2);
    string(&mut out, text);
    raw(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::convert::PositionEncoding;
    use ropey::Rope;
    use tower_lsp_server::ls_types::{DocumentSymbol, DocumentSymbolResponse};

    /// A symbol as the LSP type, the way the answer was made before.
    fn lsp_symbol(positions: &mut Positions, symbol: Symbol) -> DocumentSymbol {
        let range = positions.range(symbol.range);
        let selection_range = positions.range(symbol.selection);
        #[allow(deprecated)] // `deprecated` is a required field of the type
        DocumentSymbol {
            name: if symbol.name.is_empty() {
                "?".to_string()
            } else {
                symbol.name
            },
            detail: symbol.detail,
            kind: convert::lsp_symbol_kind(symbol.kind),
            tags: None,
            deprecated: None,
            range,
            selection_range,
            children: (!symbol.children.is_empty()).then(|| {
                symbol
                    .children
                    .into_iter()
                    .map(|c| lsp_symbol(positions, c))
                    .collect()
            }),
        }
    }

    /// What serde_json writes for the LSP types, the way the answer was made before.
    fn through_lsp_types(text: &Rope, encoding: PositionEncoding, symbols: &[Symbol]) -> String {
        let mut positions = Positions::new(text, encoding);
        let symbols = symbols
            .iter()
            .cloned()
            .map(|s| lsp_symbol(&mut positions, s))
            .collect();
        serde_json::to_string(&DocumentSymbolResponse::Nested(symbols)).unwrap()
    }

    fn written(text: &Rope, encoding: PositionEncoding, symbols: &[Symbol]) -> String {
        let mut positions = Positions::new(text, encoding);
        document_symbols(&mut positions, symbols).get().to_string()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let every: String = (0..=0x7f_u8)
            .map(char::from)
            .chain("é™😀".chars())
            .collect();
        // Longer than a block, escapes and multi-byte characters across blocks' edges.
        let long = format!(
            "{}\"{}é{}",
            "x".repeat(100),
            "y".repeat(62),
            every.repeat(3)
        );
        for text in [
            "",
            "plain",
            "a \"quoted\" \\ back",
            "\u{1}\u{1f}\t\n\r\u{8}\u{c}",
            &every,
            &long,
        ] {
            let mut out = Vec::new();
            string(&mut out, text);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(text).unwrap()
            );
        }
        for n in [0, 7, 10, 99, 12345, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }

    #[test]
    fn every_kind_and_an_empty_name_are_written_as_the_lsp_types_are() {
        let text = Rope::from_str("é line one\r\nline two\rthree 😀\n");
        let kinds = [
            SymbolKind::Section,
            SymbolKind::Field,
            SymbolKind::Row,
            SymbolKind::Place,
            SymbolKind::Terrain,
            SymbolKind::Creature,
            SymbolKind::Entry,
            SymbolKind::Variant,
        ];
        let mut parent = Symbol::new("", SymbolKind::Section, 0..30, 0..3);
        for (i, kind) in kinds.into_iter().enumerate() {
            let mut child = Symbol::new(format!("\"{i}\""), kind, i..i + 9, i + 1..i + 2);
            child.detail = (i % 2 == 0).then(|| format!("detail\n{i}"));
            parent.children.push(child);
        }
        let symbols = vec![parent, Symbol::new("last", SymbolKind::Row, 40..99, 99..99)];
        for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
            assert_eq!(
                written(&text, encoding, &symbols),
                through_lsp_types(&text, encoding, &symbols)
            );
        }
        assert_eq!(written(&text, PositionEncoding::Utf16, &[]), "[]");
    }

    /// Every fixture of every format, read as the editor would have it.
    fn fixtures() -> Vec<(std::path::PathBuf, crate::syntax::Document)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let mut documents = Vec::new();
        for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
            let path = entry.unwrap().into_path();
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            if let Some(format) = crate::registry::detect(Some(&path), &text) {
                let document =
                    crate::syntax::Document::new(Some(format), &text).with_path(Some(path.clone()));
                documents.push((path, document));
            }
        }
        assert!(documents.len() > 50, "{} fixtures", documents.len());
        documents
    }

    /// A preview's maps of every fixture, byte for byte as serde wrote them before.
    #[test]
    fn every_fixtures_preview_maps_are_written_as_serde_wrote_them() {
        #[derive(serde::Serialize)]
        struct SourceElement {
            id: String,
            range: Range,
        }
        let mut elements = 0;
        for (path, document) in fixtures() {
            let preview = crate::render::preview(&document, &crate::formats::DiskFiles);
            elements += preview.source_map.len() + preview.text_map.len();
            for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
                let mut positions = Positions::new(document.rope(), encoding);
                let before: Vec<SourceElement> = preview
                    .source_map
                    .iter()
                    .map(|e| SourceElement {
                        id: e.id.clone(),
                        range: positions.range(e.source.clone()),
                    })
                    .collect();
                let mut positions = Positions::new(document.rope(), encoding);
                assert_eq!(
                    source_map(&mut positions, &preview.source_map).get(),
                    serde_json::to_string(&before).unwrap(),
                    "{}",
                    path.display()
                );
            }
            assert_eq!(
                text_map(&preview.text_map).get(),
                serde_json::to_string(&preview.text_map).unwrap(),
                "{}",
                path.display()
            );
        }
        assert!(elements > 1000, "{elements} elements mapped");
    }

    /// The semantic tokens of every fixture, byte for byte as the LSP types serialise them.
    #[test]
    fn every_fixtures_semantic_tokens_are_written_as_the_lsp_types_are() {
        use tower_lsp_server::ls_types::{SemanticTokens, SemanticTokensResult};
        let mut written = 0;
        for (path, document) in fixtures() {
            let highlights = crate::ide::highlights(&document);
            for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
                let data = convert::semantic_tokens(document.rope(), &highlights, encoding);
                written += data.len();
                let through_lsp_types =
                    serde_json::to_string(&SemanticTokensResult::Tokens(SemanticTokens {
                        result_id: None,
                        data: data.clone(),
                    }))
                    .unwrap();
                assert_eq!(
                    semantic_tokens(&data).get(),
                    through_lsp_types,
                    "{}",
                    path.display()
                );
            }
        }
        assert!(written > 10_000, "{written} tokens");
        assert_eq!(semantic_tokens(&[]).get(), r#"{"data":[]}"#);
    }

    /// The outline of every fixture of every format, byte for byte as before.
    #[test]
    fn every_fixtures_outline_is_written_as_the_lsp_types_are() {
        for (path, document) in fixtures() {
            let symbols = crate::ide::outline(&document);
            for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
                assert_eq!(
                    written(document.rope(), encoding, &symbols),
                    through_lsp_types(document.rope(), encoding, &symbols),
                    "{}",
                    path.display()
                );
            }
        }
    }
}
