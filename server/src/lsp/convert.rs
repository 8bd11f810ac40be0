//! Between LSP positions (in the negotiated encoding) and byte offsets, and from findings to
//! LSP diagnostics.

use ropey::Rope;
use tower_lsp_server::ls_types::{
    DocumentChanges, OneOf, OptionalVersionedTextDocumentIdentifier, Position,
    PositionEncodingKind, Range, SemanticToken, SemanticTokenType, SemanticTokensLegend,
    TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use crate::answers::{Highlight, HighlightKind};
use crate::text::{self, ColumnUnit, LineCol};

mod answers;
mod diagnostics;
pub use answers::*;
pub use diagnostics::*;

/// The position encoding agreed with the client: UTF-8 when it offers it, else UTF-16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionEncoding {
    Utf8,
    Utf16,
}

impl PositionEncoding {
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> PositionEncoding {
        let utf8 = offered.is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8));
        if utf8 {
            PositionEncoding::Utf8
        } else {
            PositionEncoding::Utf16
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            PositionEncoding::Utf8 => PositionEncodingKind::UTF8,
            PositionEncoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    fn unit(self) -> ColumnUnit {
        match self {
            PositionEncoding::Utf8 => ColumnUnit::Utf8,
            PositionEncoding::Utf16 => ColumnUnit::Utf16,
        }
    }
}

/// The byte offset of an LSP position (clamped to the text).
pub fn offset(text: &Rope, position: Position, encoding: PositionEncoding) -> usize {
    let at = LineCol {
        line: position.line as usize,
        col: position.character as usize,
    };
    text::byte_offset(text, at, encoding.unit())
}

pub fn position(text: &Rope, byte: usize, encoding: PositionEncoding) -> Position {
    // The common case, ASCII from the line's start to the byte in one chunk of the rope: the
    // column is the byte's distance from the line's start in every encoding.
    let byte = byte.min(text.len_bytes());
    let line = text.byte_to_line(byte);
    let line_start = text.line_to_byte(line);
    let (chunk, chunk_start, _, _) = text.chunk_at_byte(line_start);
    if let Some(before) = chunk
        .as_bytes()
        .get(line_start - chunk_start..byte - chunk_start)
        && before.is_ascii()
    {
        return Position {
            line: saturate(line),
            character: saturate(byte - line_start),
        };
    }
    let at = text::line_col(text, byte, encoding.unit());
    Position {
        line: saturate(at.line),
        character: saturate(at.col),
    }
}

/// The positions of offsets that mostly ascend, such as a list of answers in text order: the
/// line of the last offset is kept, so each further offset on it costs no search of the rope
/// (an inlay hint answer has hundreds on a few dozen lines), and the lines after it are read
/// on from its chunk of the rope.
pub struct Positions<'a> {
    text: &'a Rope,
    encoding: PositionEncoding,
    /// The line of the last position.
    line: Option<LineBounds>,
}

impl<'a> Positions<'a> {
    pub fn new(text: &'a Rope, encoding: PositionEncoding) -> Positions<'a> {
        Positions {
            text,
            encoding,
            line: None,
        }
    }

    pub fn of(&mut self, byte: usize) -> Position {
        let text = self.text;
        let byte = byte.min(text.len_bytes());
        let line = LineBounds::holding(text, self.line.take(), byte);
        let position = Position {
            line: saturate(line.index),
            character: line.column(text, byte, self.encoding),
        };
        self.line = Some(line);
        position
    }

    pub fn range(&mut self, bytes: std::ops::Range<usize>) -> Range {
        Range {
            start: self.of(bytes.start),
            end: self.of(bytes.end),
        }
    }
}

pub fn range(text: &Rope, bytes: std::ops::Range<usize>, encoding: PositionEncoding) -> Range {
    Range {
        start: position(text, bytes.start, encoding),
        end: position(text, bytes.end, encoding),
    }
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Edits of one document version as a workspace edit, columns in the negotiated encoding;
/// `None` when the edits lie outside the text or overlap.
pub fn workspace_edit(
    text: &Rope,
    uri: &Uri,
    version: i32,
    edits: &[crate::findings::TextEdit],
    encoding: PositionEncoding,
) -> Option<WorkspaceEdit> {
    let edits = crate::findings::sorted_edits(text, edits.to_vec())?;
    let edits = edits
        .iter()
        .map(|e| {
            OneOf::Left(TextEdit {
                range: range(text, e.range.clone(), encoding),
                new_text: e.insert.clone(),
            })
        })
        .collect();
    Some(WorkspaceEdit {
        document_changes: Some(DocumentChanges::Edits(vec![TextDocumentEdit {
            text_document: OptionalVersionedTextDocumentIdentifier {
                uri: uri.clone(),
                version: Some(version),
            },
            edits,
        }])),
        ..WorkspaceEdit::default()
    })
}

/// Edits of a text as LSP text edits, columns in the negotiated encoding (the edits are
/// checked already: sorted, inside the text, not overlapping).
pub fn text_edits(
    text: &Rope,
    edits: &[crate::findings::TextEdit],
    encoding: PositionEncoding,
) -> Vec<TextEdit> {
    edits
        .iter()
        .map(|e| TextEdit {
            range: range(text, e.range.clone(), encoding),
            new_text: e.insert.clone(),
        })
        .collect()
}

/// The semantic token type of each highlight kind (standard types, so every theme colours them).
fn token_type(kind: HighlightKind) -> SemanticTokenType {
    match kind {
        HighlightKind::Keyword => SemanticTokenType::KEYWORD,
        HighlightKind::Number => SemanticTokenType::NUMBER,
        HighlightKind::Text => SemanticTokenType::STRING,
        HighlightKind::Comment => SemanticTokenType::COMMENT,
        HighlightKind::Name => SemanticTokenType::VARIABLE,
        HighlightKind::Type => SemanticTokenType::TYPE,
        HighlightKind::Constant => SemanticTokenType::ENUM_MEMBER,
        HighlightKind::Label => SemanticTokenType::PROPERTY,
        HighlightKind::Punctuation => SemanticTokenType::OPERATOR,
        HighlightKind::Heading => SemanticTokenType::NAMESPACE,
        HighlightKind::Invalid => SemanticTokenType::REGEXP,
    }
}

pub fn semantic_legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: HighlightKind::ALL.iter().map(|k| token_type(*k)).collect(),
        token_modifiers: Vec::new(),
    }
}

/// Highlights as LSP's relative token stream; a token that spans lines is cut at each line end.
/// Tokens come in text order, so a line's bounds are looked up once for all its tokens, and
/// on a line of ASCII a column is its byte offset in every encoding.
pub fn semantic_tokens(
    text: &Rope,
    highlights: &[Highlight],
    encoding: PositionEncoding,
) -> Vec<SemanticToken> {
    let mut out = Vec::with_capacity(highlights.len());
    let (mut last_line, mut last_start) = (0u32, 0u32);
    let mut line: Option<LineBounds> = None;
    for h in highlights {
        let token_type = HighlightKind::ALL
            .iter()
            .position(|k| *k == h.kind)
            .unwrap_or(0) as u32;
        let mut start = h.start;
        while start < h.end && start < text.len_bytes() {
            let bounds = LineBounds::holding(text, line, start);
            line = Some(bounds);
            let end = h.end.min(bounds.content_end);
            if end <= start {
                // A line break inside the token: go on at the next line.
                if bounds.index + 1 >= text.len_lines() {
                    break;
                }
                start = bounds.next.max(start + 1);
                continue;
            }
            let from = bounds.column(text, start, encoding);
            let to = bounds.column(text, end, encoding);
            let index = saturate(bounds.index);
            let delta_line = index - last_line;
            let delta_start = if delta_line == 0 {
                from - last_start
            } else {
                from
            };
            out.push(SemanticToken {
                delta_line,
                delta_start,
                length: to - from,
                token_type,
                token_modifiers_bitset: 0,
            });
            (last_line, last_start) = (index, from);
            start = end;
        }
    }
    out
}

/// Where a line of a text lies, in bytes.
#[derive(Clone, Copy)]
struct LineBounds {
    index: usize,
    start: usize,
    /// The end of its text, before its line break.
    content_end: usize,
    /// The start of the next line (the end of the text after the last).
    next: usize,
    /// All ASCII: a byte offset in it is a column in any encoding.
    ascii: bool,
}

impl LineBounds {
    fn of(text: &Rope, index: usize) -> LineBounds {
        let start = text.line_to_byte(index);
        let next = text.line_to_byte((index + 1).min(text.len_lines()));
        let mut content_end = next;
        if content_end > start && text.byte(content_end - 1) == b'\n' {
            content_end -= 1;
        }
        if content_end > start && text.byte(content_end - 1) == b'\r' {
            content_end -= 1;
        }
        let ascii = text.byte_slice(start..next).len_chars() == next - start;
        LineBounds {
            index,
            start,
            content_end,
            next,
            ascii,
        }
    }

    /// The line holding `byte`: `kept` when it does, else read on from it when `byte` comes
    /// after it, else searched for.
    fn holding(text: &Rope, kept: Option<LineBounds>, byte: usize) -> LineBounds {
        match kept {
            Some(line) if line.holds(text, byte) => line,
            Some(line) if byte >= line.next => LineBounds::ahead(text, line, byte),
            _ => LineBounds::of(text, text.byte_to_line(byte)),
        }
    }

    /// The line holding `byte`, which lies after the line `from`: the lines that follow it are
    /// read one by one from their chunk of the rope, for a few lines (a token on a later line
    /// is searched for); a line that leaves its chunk is searched for too.
    fn ahead(text: &Rope, from: LineBounds, byte: usize) -> LineBounds {
        let mut bounds = from;
        for _ in 0..4 {
            if bounds.index + 1 >= text.len_lines() {
                break;
            }
            match LineBounds::in_chunk(text, bounds.index + 1, bounds.next) {
                Some(next) => bounds = next,
                None => break,
            }
            if byte < bounds.next {
                return bounds;
            }
        }
        LineBounds::of(text, text.byte_to_line(byte))
    }

    /// Line `index`, which starts at byte `start`, read from the rope's chunk there; `None`
    /// when its line break is not in that chunk (or a CR ends the chunk: an LF may follow).
    /// The line breaks are the rope's: LF, CR LF and a lone CR.
    fn in_chunk(text: &Rope, index: usize, start: usize) -> Option<LineBounds> {
        let len = text.len_bytes();
        let (chunk, chunk_start, _, _) = text.chunk_at_byte(start.min(len));
        let bytes = chunk.as_bytes().get(start - chunk_start..)?;
        let (content_end, next) = match bytes.iter().position(|b| *b == b'\n' || *b == b'\r') {
            Some(at) if bytes[at] == b'\n' => (start + at, start + at + 1),
            Some(at) => match bytes.get(at + 1) {
                Some(b'\n') => (start + at, start + at + 2),
                Some(_) => (start + at, start + at + 1),
                // A CR at the chunk's end: the next chunk may start with its LF.
                None if chunk_start + chunk.len() < len => return None,
                None => (start + at, start + at + 1),
            },
            // No line break to the chunk's end: the last line, or one that goes on in the next
            // chunk.
            None if chunk_start + chunk.len() < len => return None,
            None => (len, len),
        };
        Some(LineBounds {
            index,
            start,
            content_end,
            next,
            ascii: bytes[..next - start].is_ascii(),
        })
    }

    /// Whether `byte` is on this line (the text's end is on the last line).
    fn holds(&self, text: &Rope, byte: usize) -> bool {
        byte >= self.start
            && (byte < self.next || (byte == self.next && self.index + 1 >= text.len_lines()))
    }

    /// The column of a byte of this line.
    fn column(&self, text: &Rope, byte: usize, encoding: PositionEncoding) -> u32 {
        if self.ascii {
            saturate(byte - self.start)
        } else {
            position(text, byte, encoding).character
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The token stream as it was computed before [`semantic_tokens`] kept its line: each position
    /// on its own.
    fn semantic_tokens_by_position(
        text: &Rope,
        highlights: &[Highlight],
        encoding: PositionEncoding,
    ) -> Vec<SemanticToken> {
        let mut out = Vec::with_capacity(highlights.len());
        let (mut last_line, mut last_start) = (0u32, 0u32);
        for h in highlights {
            let token_type = HighlightKind::ALL
                .iter()
                .position(|k| *k == h.kind)
                .unwrap_or(0) as u32;
            let mut start = h.start;
            while start < h.end {
                let from = position(text, start, encoding);
                let line_end = text::byte_offset(
                    text,
                    LineCol {
                        line: from.line as usize,
                        col: usize::MAX,
                    },
                    ColumnUnit::Char,
                );
                let end = h.end.min(line_end);
                if end <= start {
                    // A line break inside the token: go on at the next line.
                    let next_line = from.line as usize + 1;
                    if next_line >= text.len_lines() {
                        break;
                    }
                    start = text.line_to_byte(next_line).max(start + 1);
                    continue;
                }
                let to = position(text, end, encoding);
                let delta_line = from.line - last_line;
                let delta_start = if delta_line == 0 {
                    from.character - last_start
                } else {
                    from.character
                };
                out.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length: to.character - from.character,
                    token_type,
                    token_modifiers_bitset: 0,
                });
                (last_line, last_start) = (from.line, from.character);
                start = end;
            }
        }
        out
    }

    /// Positions as the text module computes them, at every byte of texts with line breaks of
    /// every kind and characters of one to four bytes, across rope chunks.
    #[test]
    fn positions_match_line_and_column() {
        let long = format!("{}é\n{}\r\n😀", "a".repeat(3000), "b".repeat(2000));
        let texts = [
            "ab cd\nef\r\ngh\rij\n",
            "é x\r\n😀 yz\n\n\r\rq",
            "",
            long.as_str(),
        ];
        for text in texts {
            let rope = Rope::from_str(text);
            for byte in 0..=text.len() + 2 {
                for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
                    let at = text::line_col(&rope, byte, encoding.unit());
                    let expected = Position {
                        line: saturate(at.line),
                        character: saturate(at.col),
                    };
                    assert_eq!(
                        position(&rope, byte, encoding),
                        expected,
                        "{byte} in {text:?}"
                    );
                }
            }
        }
    }

    /// A kept line gives the positions computed one by one, whatever the order of the offsets:
    /// ascending (as answers come), descending and jumping, in every encoding.
    #[test]
    fn kept_line_positions_match_positions_computed_one_by_one() {
        let long = format!("{}\n{}é\r\n😀\r", "a".repeat(3000), "b".repeat(2000));
        let texts = [
            "ab cd\nef\r\ngh\rij\n",
            "é x\r\n😀 yz\n\n\r\rq",
            "",
            "x",
            long.as_str(),
        ];
        for text in texts {
            let rope = Rope::from_str(text);
            let ascending: Vec<usize> = (0..=text.len() + 2).collect();
            let descending: Vec<usize> = ascending.iter().rev().copied().collect();
            let jumping: Vec<usize> = ascending
                .iter()
                .map(|b| b * 7919 % (text.len() + 3))
                .collect();
            for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
                for order in [&ascending, &descending, &jumping] {
                    let mut positions = Positions::new(&rope, encoding);
                    for &byte in order {
                        assert_eq!(
                            positions.of(byte),
                            position(&rope, byte, encoding),
                            "{byte} in {text:?}"
                        );
                    }
                }
            }
        }
    }

    /// The same stream as positions computed one by one, on line breaks of every kind,
    /// characters of one to four bytes (two UTF-16 units), tokens across lines and past the
    /// end, in every encoding.
    #[test]
    fn semantic_tokens_match_positions_computed_one_by_one() {
        let texts = [
            "ab cd\nef\r\ngh\rij\n",
            "é x\r\n😀 yz\n\n\r\rq",
            "# cømment\n1 P 2 ARROWS\r\n3 😀😀 4",
            "",
            "\n\n",
        ];
        // Several chunks of the rope, lines of every break and length, some across chunks.
        let breaks = ["\n", "\r\n", "\r", "\n\n", "\r\r\n"];
        let long: String = (0..250)
            .map(|i| format!("{}{}", "aé 1 ".repeat(i % 13), breaks[i % breaks.len()]))
            .collect();
        let texts = texts.into_iter().chain([long.as_str()]);
        for text in texts {
            let rope = Rope::from_str(text);
            let len = text.len();
            let mut highlights = Vec::new();
            // Every char-boundary range, split into tokens in text order, and some across lines;
            // and tokens lines apart.
            let bounds: Vec<usize> = (0..=len).filter(|i| text.is_char_boundary(*i)).collect();
            for step in [1, 2, 3, 37, 500] {
                highlights.clear();
                let mut k = 0;
                while k + step < bounds.len() {
                    highlights.push(Highlight {
                        start: bounds[k],
                        end: bounds[k + step],
                        kind: HighlightKind::ALL[k % HighlightKind::ALL.len()],
                    });
                    k += step;
                }
                highlights.push(Highlight {
                    start: len,
                    end: len + 3,
                    kind: HighlightKind::Number,
                });
                for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16] {
                    assert_eq!(
                        semantic_tokens(&rope, &highlights, encoding),
                        semantic_tokens_by_position(&rope, &highlights, encoding),
                        "{text:?} step {step}"
                    );
                }
            }
        }
    }
}
