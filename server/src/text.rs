//! Text as the games wrote it: decoding old encodings, and positions in the three units clients
//! count in (UTF-8 bytes, UTF-16 code units, characters).
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`, as in LSP (ropey's `cr_lines`).

use std::borrow::Cow;
use std::ops::Range;

use ropey::Rope;

/// How a file's bytes were turned into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Windows "ANSI", as Notepad saved Crossmines and Patience files.
    Windows1252,
    /// Classic Mac OS text, as Super Othello's boards were written.
    MacRoman,
    /// UTF-16 with a byte order mark, as Windows Notepad's "Unicode" saves text.
    Utf16Le,
    Utf16Be,
}

/// Why bytes could not be read as text.
#[derive(Debug, PartialEq, Eq)]
pub enum NotText {
    /// The bytes hold NUL characters: an image, an archive or another binary file.
    Binary,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decodes a file: UTF-16 when it starts with a UTF-16 byte order mark, UTF-8 when valid (a
/// BOM is dropped), else Mac Roman for classic Mac text (lone CR line ends and no LF), else
/// Windows-1252. Both legacy encodings map one byte to one character, so character columns stay
/// those of the original file.
pub fn decode(bytes: &[u8]) -> Result<(String, Encoding), NotText> {
    // UTF-16 text is half NUL bytes: its mark says what it is before NULs say binary. A NUL
    // character in the decoded text still makes it binary.
    for (bom, encoding, tag) in [
        (b"\xFF\xFE", encoding_rs::UTF_16LE, Encoding::Utf16Le),
        (b"\xFE\xFF", encoding_rs::UTF_16BE, Encoding::Utf16Be),
    ] {
        if let Some(rest) = bytes.strip_prefix(bom) {
            let (text, _) = encoding.decode_without_bom_handling(rest);
            if text.contains('\0') {
                return Err(NotText::Binary);
            }
            return Ok((text.into_owned(), tag));
        }
    }
    if bytes.contains(&0) {
        return Err(NotText::Binary);
    }
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_owned(), Encoding::Utf8));
    }
    let mac = bytes.contains(&b'\r') && !bytes.contains(&b'\n');
    let (encoding, tag) = if mac {
        (encoding_rs::MACINTOSH, Encoding::MacRoman)
    } else {
        (encoding_rs::WINDOWS_1252, Encoding::Windows1252)
    };
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    Ok((text.into_owned(), tag))
}

/// Text in `encoding`, or the first character that encoding cannot hold (an `ø` is fine in
/// Windows-1252 and Mac Roman, a `♠` is not).
pub fn encode(text: &str, encoding: Encoding) -> Result<Vec<u8>, char> {
    let single = match encoding {
        Encoding::Utf8 => return Ok(text.as_bytes().to_vec()),
        Encoding::Utf16Le => return Ok(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        Encoding::Utf16Be => return Ok(text.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        Encoding::Windows1252 => encoding_rs::WINDOWS_1252,
        Encoding::MacRoman => encoding_rs::MACINTOSH,
    };
    let (bytes, _, unmappable) = single.encode(text);
    if !unmappable {
        return Ok(bytes.into_owned());
    }
    let mut buffer = [0; 4];
    Err(text
        .chars()
        .find(|c| single.encode(c.encode_utf8(&mut buffer)).2)
        .unwrap_or(char::REPLACEMENT_CHARACTER))
}

/// The bytes of a file that decoded (see [`decode`]) to `text` in `encoding`, with `edits` of
/// the text made in place: every byte outside the edits stays as it was (a UTF-8 byte order
/// mark, a Windows-1252 byte that maps to no character), and the new text is written in the
/// file's encoding. `Err` with the first character the encoding cannot hold. The edits must be
/// sorted, inside the text and not overlapping ([`crate::findings::sorted_edits`]).
pub fn edit_bytes(
    bytes: &[u8],
    text: &str,
    encoding: Encoding,
    edits: &[crate::findings::TextEdit],
) -> Result<Vec<u8>, char> {
    // The byte order mark `decode` dropped: a UTF-16 one, or a UTF-8 one, which may also stand
    // before Windows-1252 or Mac Roman text (an editor that added it to legacy text).
    let mark = match encoding {
        Encoding::Utf16Le | Encoding::Utf16Be => 2,
        _ if bytes.starts_with(UTF8_BOM) => UTF8_BOM.len(),
        _ => 0,
    };
    // Where a text offset lies in the file's bytes.
    let at = |offset: usize| -> usize {
        let before = &text[..offset];
        mark + match encoding {
            Encoding::Utf8 => offset,
            Encoding::Windows1252 | Encoding::MacRoman => before.chars().count(),
            Encoding::Utf16Le | Encoding::Utf16Be => 2 * before.encode_utf16().count(),
        }
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut copied = 0;
    for edit in edits {
        let (start, end) = (at(edit.range.start), at(edit.range.end));
        out.extend_from_slice(&bytes[copied..start]);
        out.extend(encode(&edit.insert, encoding)?);
        copied = end;
    }
    out.extend_from_slice(&bytes[copied..]);
    Ok(out)
}

/// The decimal digits of `n`, each given to `push` (the formatter's machinery cost a fifth of
/// a masterboard's SVG, and as much of an outline's JSON; a digit at a time, most numbers
/// drawn being of two or three digits, costs the least).
pub fn decimal(mut n: u64, mut push: impl FnMut(u8)) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in &digits[start..] {
        push(digit);
    }
}

/// Appends the decimal text of `n`, as `n.to_string()` writes it (without the formatter's
/// machinery: a board writes a few per element).
pub fn push_integer(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    decimal(n.unsigned_abs(), |digit| out.push(char::from(digit)));
}

/// A count with commas between its thousands, as a modder reads it: `200,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The lines a text really has: a final line break ends a line, it does not start one.
pub fn line_count(rope: &Rope) -> usize {
    let lines = rope.len_lines();
    if lines > 0 && rope.line(lines - 1).len_bytes() == 0 {
        lines - 1
    } else {
        lines
    }
}

/// At most `max` characters of a text, and "…" when it had more: how messages, outlines and
/// drawings quote file text.
pub fn shorten(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// A character as it may reach a terminal: a control character (C0 such as ESC, BEL or a line
/// break, DEL, or C1 such as CSI) becomes `?`, as `ls` shows it, so text from a file or a file
/// name cannot move the cursor, clear the screen, ring or open a hyperlink. One character for
/// one, so columns stay.
pub fn terminal_char(c: char) -> char {
    if c.is_control() { '?' } else { c }
}

/// Text with every control character shown as `?` (see [`terminal_char`]).
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if text.chars().any(char::is_control) {
        Cow::Owned(text.chars().map(terminal_char).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// 64-bit FNV-1a: small, and the same on every machine and in every version.
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The unit a column is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnUnit {
    Utf8,
    Utf16,
    Char,
}

/// A zero-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub col: usize,
}

/// The line and column of a byte offset (clamped to the text, and moved back to a character
/// boundary).
pub fn line_col(rope: &Rope, byte: usize, unit: ColumnUnit) -> LineCol {
    let char_idx = rope.byte_to_char(byte.min(rope.len_bytes()));
    let line = rope.char_to_line(char_idx);
    let line_start = rope.line_to_char(line);
    let col = match unit {
        ColumnUnit::Char => char_idx - line_start,
        ColumnUnit::Utf8 => rope.char_to_byte(char_idx) - rope.char_to_byte(line_start),
        ColumnUnit::Utf16 => rope.char_to_utf16_cu(char_idx) - rope.char_to_utf16_cu(line_start),
    };
    LineCol { line, col }
}

/// The byte offset of a line and column. A line past the end means the end of the text; a
/// column past the end of its line means the end of the line (before its line break), and a
/// column inside a character means that character's start.
pub fn byte_offset(rope: &Rope, at: LineCol, unit: ColumnUnit) -> usize {
    if at.line >= rope.len_lines() {
        return rope.len_bytes();
    }
    let line_start = rope.line_to_char(at.line);
    let line_end = line_start + line_content_len(rope, at.line);
    let char_idx = match unit {
        ColumnUnit::Char => line_start.saturating_add(at.col),
        ColumnUnit::Utf8 => {
            let start_byte = rope.char_to_byte(line_start);
            let end_byte = rope.char_to_byte(line_end);
            rope.byte_to_char(start_byte.saturating_add(at.col).min(end_byte))
        }
        ColumnUnit::Utf16 => {
            let start_cu = rope.char_to_utf16_cu(line_start);
            let end_cu = rope.char_to_utf16_cu(line_end);
            rope.utf16_cu_to_char(start_cu.saturating_add(at.col).min(end_cu))
        }
    };
    rope.char_to_byte(char_idx.min(line_end))
}

/// The number of characters of a line, without its line break.
fn line_content_len(rope: &Rope, line: usize) -> usize {
    let slice = rope.line(line);
    let mut len = slice.len_chars();
    if len > 0 && slice.char(len - 1) == '\n' {
        len -= 1;
    }
    if len > 0 && slice.char(len - 1) == '\r' {
        len -= 1;
    }
    len
}

/// Reads the text of byte ranges in text order straight from the rope's chunks: a view that
/// reads every token of a big file looks a chunk up once per chunk, not once per token.
pub struct ChunkReader<'a> {
    rope: &'a Rope,
    chunk: &'a str,
    chunk_start: usize,
}

impl<'a> ChunkReader<'a> {
    pub fn new(rope: &'a Rope) -> Self {
        ChunkReader {
            rope,
            chunk: "",
            chunk_start: 0,
        }
    }

    /// The text of a byte range, its ends clamped to the text and moved back to character
    /// boundaries (as `Document::slice` does); borrowed when it lies in one chunk.
    pub fn slice(&mut self, range: Range<usize>) -> Cow<'a, str> {
        if let Some(text) = self.in_chunk(&range) {
            return Cow::Borrowed(text);
        }
        if range.start < self.rope.len_bytes() {
            let (chunk, chunk_start, _, _) = self.rope.chunk_at_byte(range.start);
            self.chunk = chunk;
            self.chunk_start = chunk_start;
            if let Some(text) = self.in_chunk(&range) {
                return Cow::Borrowed(text);
            }
        }
        // Across chunks, or ends to clamp: the general way.
        let len = self.rope.len_bytes();
        let floor = |byte: usize| self.rope.char_to_byte(self.rope.byte_to_char(byte));
        let start = floor(range.start.min(len));
        let end = floor(range.end.clamp(start, len));
        self.rope.byte_slice(start..end).into()
    }

    /// The range's text when it lies in the current chunk, on character boundaries.
    fn in_chunk(&self, range: &Range<usize>) -> Option<&'a str> {
        let start = range.start.checked_sub(self.chunk_start)?;
        let end = range.end.checked_sub(self.chunk_start)?;
        self.chunk.get(start..end)
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::TextEdit;

    #[test]
    fn decimal_digits_are_as_the_formatter_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 12345, u64::from(u32::MAX), u64::MAX] {
            let mut written = String::new();
            decimal(n, |digit| written.push(char::from(digit)));
            assert_eq!(written, n.to_string());
        }
        for n in [0, 7, -7, 101, -4000, i64::MAX, i64::MIN] {
            let mut written = String::from("hex:");
            push_integer(&mut written, n);
            assert_eq!(written, format!("hex:{n}"));
        }
    }

    #[test]
    fn edits_are_made_in_the_files_own_bytes() {
        // Windows-1252 with a byte that maps to no character (0x81): kept as it was.
        let bytes = b"Kabale \xe6\xf8\xe5 \x81\r\n  1   2\r\n";
        let (text, enc) = decode(bytes).unwrap();
        assert_eq!(enc, Encoding::Windows1252);
        let at = text.find("  1").unwrap();
        let edits = [
            TextEdit::insert(7, "\u{f8}"),
            TextEdit::replace(at..at + 2, " "),
        ];
        assert_eq!(
            edit_bytes(bytes, &text, enc, &edits).unwrap(),
            b"Kabale \xf8\xe6\xf8\xe5 \x81\r\n 1   2\r\n"
        );
        assert_eq!(
            edit_bytes(bytes, &text, enc, &[TextEdit::insert(0, "\u{2660}")]),
            Err('\u{2660}')
        );
        // A UTF-8 byte order mark stays; UTF-16 counts two bytes a unit.
        let bom = b"\xEF\xBB\xBFab";
        let (text, enc) = decode(bom).unwrap();
        assert_eq!(
            edit_bytes(bom, &text, enc, &[TextEdit::replace(1..2, "\u{e6}")]).unwrap(),
            b"\xEF\xBB\xBFa\xc3\xa6"
        );
        // Before Windows-1252 text too (the mark is not part of the decoded text).
        let bom_legacy = b"\xEF\xBB\xBF\xe6b";
        let (text, enc) = decode(bom_legacy).unwrap();
        assert_eq!((text.as_str(), enc), ("\u{e6}b", Encoding::Windows1252));
        assert_eq!(
            edit_bytes(bom_legacy, &text, enc, &[TextEdit::replace(2..3, "\u{f8}")]).unwrap(),
            b"\xEF\xBB\xBF\xe6\xf8"
        );
        let utf16 = b"\xFF\xFEa\x00b\x00";
        let (text, enc) = decode(utf16).unwrap();
        assert_eq!(
            edit_bytes(utf16, &text, enc, &[TextEdit::insert(1, " ")]).unwrap(),
            b"\xFF\xFEa\x00 \x00b\x00"
        );
        assert_eq!(encode("\u{f8}", Encoding::MacRoman), Ok(vec![0xbf]));
    }

    #[test]
    fn legacy_encodings_keep_one_character_per_byte() {
        let (text, enc) = decode(b"Kabale \xe6\xf8\xe5\r\n").unwrap();
        assert_eq!(
            (text.as_str(), enc),
            ("Kabale æøå\r\n", Encoding::Windows1252)
        );
        let (text, enc) = decode(b"\xa9 1996 St\xbfdle\r").unwrap();
        assert_eq!(
            (text.as_str(), enc),
            ("© 1996 Stødle\r", Encoding::MacRoman)
        );
        assert_eq!(decode(b"GIF89a\0\0"), Err(NotText::Binary));
        assert_eq!(decode(b"\xEF\xBB\xBFabc").unwrap().0, "abc");
    }

    #[test]
    fn utf16_with_a_byte_order_mark_is_text() {
        assert_eq!(
            decode(b"\xFF\xFEg\0r\0\xF8\0n\0\r\0\n\0"),
            Ok(("grøn\r\n".to_string(), Encoding::Utf16Le))
        );
        assert_eq!(
            decode(b"\xFE\xFF\0g\0r\0\xF8\0n"),
            Ok(("grøn".to_string(), Encoding::Utf16Be))
        );
        assert_eq!(decode(b"\xFF\xFEa\0\0\0"), Err(NotText::Binary));
    }

    #[test]
    fn control_characters_never_reach_a_terminal() {
        assert_eq!(
            terminal_safe("a\u{1b}[2J\u{7}\u{9b}1m\u{7f}\tb\nc"),
            "a?[2J??1m??b?c"
        );
        assert!(matches!(terminal_safe("plain æøå"), Cow::Borrowed(_)));
    }

    #[test]
    fn columns_in_every_unit() {
        let rope = Rope::from_str("a\r\nå𝄞x\rz");
        let x = "a\r\nå𝄞".len();
        assert_eq!(
            line_col(&rope, x, ColumnUnit::Utf8),
            LineCol { line: 1, col: 6 }
        );
        assert_eq!(
            line_col(&rope, x, ColumnUnit::Utf16),
            LineCol { line: 1, col: 3 }
        );
        assert_eq!(
            line_col(&rope, x, ColumnUnit::Char),
            LineCol { line: 1, col: 2 }
        );
        assert_eq!(
            line_col(&rope, rope.len_bytes(), ColumnUnit::Char),
            LineCol { line: 2, col: 1 }
        );
        for unit in [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Char] {
            let at = line_col(&rope, x, unit);
            assert_eq!(byte_offset(&rope, at, unit), x);
        }
        // Past the end of a line: the end of its content, not its line break.
        let end_of_line_1 = "a\r\nå𝄞x".len();
        assert_eq!(
            byte_offset(&rope, LineCol { line: 1, col: 99 }, ColumnUnit::Utf16),
            end_of_line_1
        );
        assert_eq!(
            byte_offset(&rope, LineCol { line: 0, col: 5 }, ColumnUnit::Char),
            1
        );
        assert_eq!(
            byte_offset(&rope, LineCol { line: 9, col: 0 }, ColumnUnit::Char),
            rope.len_bytes()
        );
        // Inside a surrogate pair: the character's start.
        assert_eq!(
            byte_offset(&rope, LineCol { line: 1, col: 2 }, ColumnUnit::Utf16),
            "a\r\nå".len()
        );
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;

        const UNITS: [ColumnUnit; 3] = [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Char];

        /// Text made of the pieces that trouble position conversion: astral characters (two
        /// UTF-16 units, four bytes), two-byte characters, and all three kinds of line break.
        fn tricky_text() -> impl Strategy<Value = String> {
            proptest::collection::vec(
                prop_oneof![
                    Just("a"),
                    Just("å"),
                    Just("𝄞"),
                    Just("\r\n"),
                    Just("\r"),
                    Just("\n"),
                    Just(" "),
                ],
                0..40,
            )
            .prop_map(|pieces| pieces.concat())
        }

        proptest! {
            /// Every character boundary survives a trip to line/column and back, in every
            /// unit; the one place a client cannot name, between the `\r` and `\n` of a CRLF,
            /// comes back as the start of that line break.
            #[test]
            fn offsets_round_trip_in_every_unit(text in tricky_text()) {
                let rope = Rope::from_str(&text);
                for byte in (0..=text.len()).filter(|b| text.is_char_boundary(*b)) {
                    let inside_crlf = byte > 0
                        && text.as_bytes()[byte - 1] == b'\r'
                        && text.as_bytes().get(byte) == Some(&b'\n');
                    for unit in UNITS {
                        let back = byte_offset(&rope, line_col(&rope, byte, unit), unit);
                        let expected = if inside_crlf { byte - 1 } else { byte };
                        prop_assert_eq!(back, expected, "{:?} at {} in {:?}", unit, byte, text);
                    }
                }
            }

            /// Any line and column a client sends, however wrong, lands on a character
            /// boundary inside the text, and converting it again is stable.
            #[test]
            fn any_position_lands_on_a_boundary(
                text in tricky_text(),
                line in 0usize..50,
                col in 0usize..200,
            ) {
                let rope = Rope::from_str(&text);
                for unit in UNITS {
                    let byte = byte_offset(&rope, LineCol { line, col }, unit);
                    prop_assert!(byte <= text.len() && text.is_char_boundary(byte));
                    let again = byte_offset(&rope, line_col(&rope, byte, unit), unit);
                    prop_assert_eq!(again, byte);
                }
            }
        }
    }
}
