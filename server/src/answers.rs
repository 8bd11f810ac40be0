//! What features answer an editor with, as plain data in a format's own terms (byte ranges,
//! plain kinds): hover help, outline symbols, coloured tokens, folds, links and places to go.
//! Formats build them, features gather them and the LSP layer converts them; this is the
//! bottom layer, so it knows no document and no format.

use std::ops::Range;

use crate::registry::FormatId;

/// Help for the token under the cursor, as Markdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub range: Range<usize>,
    pub markdown: String,
}

/// An entry of the document outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole entry.
    pub range: Range<usize>,
    /// The part to select when the entry is chosen (its name or label).
    pub selection: Range<usize>,
    pub children: Vec<Symbol>,
}

impl Symbol {
    pub fn new(
        name: impl Into<String>,
        kind: SymbolKind,
        range: Range<usize>,
        selection: Range<usize>,
    ) -> Symbol {
        Symbol {
            name: name.into(),
            detail: None,
            kind,
            range,
            selection,
            children: Vec::new(),
        }
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Symbol {
        self.detail = Some(detail.into());
        self
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A header or a group of lines.
    Section,
    /// One header value.
    Field,
    /// A row of a grid or board.
    Row,
    /// A pile, a hex or another place on a board.
    Place,
    /// A terrain kind.
    Terrain,
    /// A creature.
    Creature,
    /// A variant file record.
    Entry,
    /// A whole variant (its VAR).
    Variant,
}

/// Lines an editor can fold away: a run of comments, or a group of records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    /// From the start of the first line to the end of the last line's text.
    pub range: Range<usize>,
    pub kind: FoldKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Comment,
    /// Records that belong together: lines between blank lines or comments.
    Region,
}

/// Text that names another file, and that file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub range: Range<usize>,
    pub target: std::path::PathBuf,
    /// What following the link opens, in words.
    pub tooltip: String,
}

/// A colour written in a file, for an editor's swatch: where it is written and the colour the
/// game draws for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swatch {
    pub range: Range<usize>,
    pub rgb: [u8; 3],
}

/// A place in a file another feature leads to: a definition, a reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub path: std::path::PathBuf,
    /// The format to read the file in, to place `range`; `None` for the start of a file.
    pub format: Option<FormatId>,
    pub range: Range<usize>,
}

/// A highlighted token: its range and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub start: usize,
    pub end: usize,
    pub kind: HighlightKind,
}

/// What a token is, for colouring by meaning (mapped to standard LSP semantic token types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    Keyword,
    Number,
    Text,
    Comment,
    /// A name that stands for something defined elsewhere (a creature, a file).
    Name,
    /// A kind of thing: a terrain letter, a board element.
    Type,
    /// One of a fixed set of values: true/false, an exit type, a mode.
    Constant,
    /// A label: a hex label, a field marker.
    Label,
    Punctuation,
    Heading,
    Invalid,
}

impl HighlightKind {
    pub const ALL: [HighlightKind; 11] = [
        HighlightKind::Keyword,
        HighlightKind::Number,
        HighlightKind::Text,
        HighlightKind::Comment,
        HighlightKind::Name,
        HighlightKind::Type,
        HighlightKind::Constant,
        HighlightKind::Label,
        HighlightKind::Punctuation,
        HighlightKind::Heading,
        HighlightKind::Invalid,
    ];

    /// The kind of an nvim-treesitter capture name.
    pub fn of_capture(capture: &str) -> Option<HighlightKind> {
        let base = capture.split('.').next().unwrap_or(capture);
        Some(match (base, capture) {
            (_, "comment.error") => HighlightKind::Invalid,
            ("keyword", _) => HighlightKind::Keyword,
            ("number", _) => HighlightKind::Number,
            ("string", _) => HighlightKind::Text,
            ("comment", _) => HighlightKind::Comment,
            ("variable", _) => HighlightKind::Name,
            ("type", _) | ("character", _) => HighlightKind::Type,
            ("constant", _) | ("boolean", _) => HighlightKind::Constant,
            ("label", _) | ("property", _) => HighlightKind::Label,
            ("punctuation", _) => HighlightKind::Punctuation,
            ("markup", _) => HighlightKind::Heading,
            _ => return None,
        })
    }
}

/// A change a rename makes: the text at `target` becomes `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replace {
    pub target: Target,
    pub text: String,
}

/// Words shown inside a line (after a number, a flag, a letter): what it means there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Where the words stand: the end of the token they explain, or its start when `before`.
    pub offset: usize,
    pub label: String,
    /// The words name the token that follows (a flag's name before its `true`).
    pub before: bool,
    /// More words, shown when the pointer rests on the hint.
    pub tooltip: Option<String>,
}

/// Where a format's inlay hints go: the settings `retroboard.inlayHints.patience`, `.cre` and
/// `.map`. A hint inside a line pushes the columns after it, so by default a line gets one at
/// its end, and its values are named only where the modder asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HintPlaces {
    /// One hint at the end of each line: a pile's number and role, a creature's true flags, a
    /// hex's terrain. Nothing inside a line moves.
    #[default]
    End,
    /// Every value of the line the range lies in (an editor asks for the cursor's line).
    Cursor,
    /// Every value of every line the range touches.
    All,
    Off,
}

impl HintPlaces {
    /// The setting's value: `"end"`, `"cursor"`, `"all"` or `"off"`.
    pub fn from_setting(value: &str) -> Option<HintPlaces> {
        match value {
            "end" => Some(HintPlaces::End),
            "cursor" => Some(HintPlaces::Cursor),
            "all" => Some(HintPlaces::All),
            "off" => Some(HintPlaces::Off),
            _ => None,
        }
    }

    /// Whether the values inside the line at `line` get their hints, when the range asked for
    /// lies on line `cursor` alone (`None`: it spans lines).
    pub fn inside(self, line: usize, cursor: Option<usize>) -> bool {
        match self {
            HintPlaces::All => true,
            HintPlaces::Cursor => cursor == Some(line),
            HintPlaces::End | HintPlaces::Off => false,
        }
    }
}

/// Where the client wants the inlay hints of each format that has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InlayOptions {
    pub patience: HintPlaces,
    pub cre: HintPlaces,
    pub map: HintPlaces,
}

/// A value an editor can offer at the cursor, with what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// What is shown in the list and, unless `insert` says otherwise, inserted.
    pub label: String,
    pub kind: CompletionKind,
    /// What the value means, in a few words (shown beside the label).
    pub detail: Option<String>,
    /// The longer explanation, as Markdown (the hover's words for the same value).
    pub documentation: Option<String>,
    /// The text the item replaces: the word at the cursor (empty at a blank).
    pub range: Range<usize>,
    /// The text inserted, when not the label; a snippet with `$1` placeholders when `snippet`.
    pub insert: Option<String>,
    pub snippet: bool,
    /// The text the editor filters on, when not the label (digit completions rewrite the
    /// number being typed, so they all match it).
    pub filter: Option<String>,
    /// Orders the list (the editor sorts by it, else by label).
    pub sort: Option<String>,
    /// The colour a colour item stands for (shown as a swatch).
    pub color: Option<[u8; 3]>,
}

impl Completion {
    pub fn new(label: impl Into<String>, kind: CompletionKind, range: Range<usize>) -> Completion {
        Completion {
            label: label.into(),
            kind,
            detail: None,
            documentation: None,
            range,
            insert: None,
            snippet: false,
            filter: None,
            sort: None,
            color: None,
        }
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Completion {
        self.detail = Some(detail.into());
        self
    }

    pub fn documentation(mut self, markdown: impl Into<String>) -> Completion {
        self.documentation = Some(markdown.into());
        self
    }

    /// Keeps the items in the order they were made: `rank` is their index.
    pub fn rank(mut self, rank: usize) -> Completion {
        self.sort = Some(format!("{rank:04}"));
        self
    }
}

/// What a completion item is, for its icon (mapped to LSP completion item kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A fixed value: true/false, an exit type, a digit value.
    Value,
    /// A keyword of the format: `ACQUIRABLE`, `MAP:`.
    Keyword,
    /// A creature, a pseudo-creature.
    Creature,
    /// A terrain letter or a board element.
    Terrain,
    /// A hex label, a square, a pile number.
    Place,
    Color,
    File,
    /// A variant (a folder with its VAR).
    Variant,
    /// A whole new line to fill in.
    Snippet,
}

/// Markdown with everything outside code spans that could start HTML, an entity, a link or an
/// image escaped. Hover texts interpolate file text (names, paths), and a modder's file is not
/// trusted; the formatting Retroboard itself writes (bold, code spans) is untouched. Code spans
/// are found as CommonMark finds them, so file text that closes one early is still escaped.
pub fn inert_markdown(markdown: &str) -> String {
    let bytes = markdown.as_bytes();
    let mut out = String::with_capacity(markdown.len() + 16);
    // Text up to `i` from `plain` on is copied as it is, in one piece: every byte that needs
    // care is ASCII, so a run between two of them is whole characters.
    let mut plain = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'`' => {
                let run = bytes[i..].iter().take_while(|b| **b == b'`').count();
                // A code span runs to the next run of exactly as many backticks.
                let mut j = i + run;
                let mut close = None;
                while j < bytes.len() {
                    if bytes[j] == b'`' {
                        let other = bytes[j..].iter().take_while(|b| **b == b'`').count();
                        if other == run {
                            close = Some(j + other);
                            break;
                        }
                        j += other;
                    } else {
                        j += 1;
                    }
                }
                // Kept as it is, with the text before it.
                i = close.unwrap_or(i + run);
            }
            // A backslash escape is literal text already (and an escaped backtick opens no
            // span).
            b'\\' if bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i += 2,
            b'<' | b'>' | b'&' | b'[' | b']' => {
                out.push_str(&markdown[plain..i]);
                out.push('\\');
                plain = i;
                i += 1;
            }
            _ => i += 1,
        }
    }
    out.push_str(&markdown[plain..]);
    out
}

/// File text for Hover Markdown, shown as written: characters Markdown or HTML would read as
/// markup are escaped, line breaks and other control characters become spaces, and text longer
/// than `max` characters is cut with `…`.
pub fn markdown_text(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// File text as a Markdown code span that shows it as written: the fence is longer than any run
/// of backticks inside, and control characters (which no editor shows) become `\u{FFFD}`.
/// Inside a code span `<`, `&`, `*` and `_` are literal, so nothing else needs escaping.
pub fn code_span(text: &str) -> String {
    let shown: String = text
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    let mut longest = 0;
    let mut run = 0;
    for c in shown.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    // CommonMark strips one space from both ends of a span that has one at both ends (and is
    // not all spaces); a pad keeps such text, and a backtick at an end apart from the fence.
    let spaced = shown.starts_with(' ') && shown.ends_with(' ') && shown.trim_start() != "";
    let pad = if shown.starts_with('`') || shown.ends_with('`') || spaced {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{shown}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_outside_code_spans_is_escaped() {
        assert_eq!(
            inert_markdown("**Name** <script>&amp; [x](y) `<b>` \\`"),
            "**Name** \\<script\\>\\&amp; \\[x\\](y) `<b>` \\`"
        );
        // File text that closes a code span early cannot smuggle markup past it.
        assert_eq!(inert_markdown("`a`<i>`"), "`a`\\<i\\>`");
        assert_eq!(inert_markdown("``a`b``<"), "``a`b``\\<");
        assert_eq!(inert_markdown("æ — ok"), "æ — ok");
        // What is escaped already stays as it is (`\<` is a literal `<`).
        assert_eq!(
            inert_markdown(&markdown_text("<b>", 9)),
            markdown_text("<b>", 9)
        );
    }

    /// Every combination of the bytes that need care (and a character of two bytes), three
    /// and four long: the same as escaping character by character.
    #[test]
    fn escaping_in_runs_is_escaping_each_character() {
        fn each_character(markdown: &str) -> String {
            let mut out = String::new();
            let mut chars = markdown.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                if c == '`' {
                    let run = markdown[i..].bytes().take_while(|b| *b == b'`').count();
                    let rest = &markdown[i + run..];
                    let mut close = None;
                    let mut j = 0;
                    while j < rest.len() {
                        let other = rest[j..].bytes().take_while(|b| *b == b'`').count();
                        if other == run {
                            close = Some(i + run + j + other);
                            break;
                        }
                        j += other.max(rest[j..].chars().next().map_or(1, char::len_utf8));
                    }
                    let end = close.unwrap_or(i + run);
                    out.push_str(&markdown[i..end]);
                    while chars.peek().is_some_and(|(k, _)| *k < end) {
                        chars.next();
                    }
                    continue;
                }
                if c == '\\' && chars.peek().is_some_and(|(_, n)| n.is_ascii_punctuation()) {
                    out.push(c);
                    out.push(chars.next().map(|(_, n)| n).unwrap_or_default());
                    continue;
                }
                if matches!(c, '<' | '>' | '&' | '[' | ']') {
                    out.push('\\');
                }
                out.push(c);
            }
            out
        }
        let pieces = ["`", "\\", "<", "&", "]", "a", "é", "``"];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            texts.extend(longer);
        }
        for text in &texts {
            assert_eq!(inert_markdown(text), each_character(text), "{text:?}");
        }
    }

    #[test]
    fn file_text_is_shown_as_written() {
        assert_eq!(markdown_text("a <b> & *c*_", 40), r"a \<b\> \& \*c\*\_");
        assert_eq!(markdown_text("abcdef", 3), "abc…");
        assert_eq!(markdown_text("a\u{1b}b", 9), "a b");
    }

    #[test]
    fn code_spans_survive_backticks_and_controls() {
        assert_eq!(code_span("X"), "`X`");
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("a``b"), "```a``b```");
        assert_eq!(code_span("`"), "`` ` ``");
        assert_eq!(code_span("<b>&amp;"), "`<b>&amp;`");
        assert_eq!(code_span("\t"), "`\u{FFFD}`");
        assert_eq!(code_span(" "), "` `");
        assert_eq!(code_span(" a "), "`  a  `");
    }
}
