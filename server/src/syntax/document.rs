//! A document: its text in a rope and, when its format is known, its syntax tree, kept up to date
//! incrementally (`Tree::edit`, then a reparse that reuses the old tree).

use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};

use ropey::Rope;
use tree_sitter::{InputEdit, Parser, Point, Tree};

use crate::formats::FormatId;

pub struct Document {
    text: Rope,
    syntax: Option<Syntax>,
    /// Where the file lives, when known: some checks read its name or its neighbours.
    path: Option<PathBuf>,
}

struct Syntax {
    format: FormatId,
    parser: Parser,
    tree: Tree,
}

impl Document {
    /// A document of a known format (parsed now), or of none (text only).
    pub fn new(format: Option<FormatId>, text: &str) -> Document {
        let mut doc = Document {
            text: Rope::from_str(text),
            syntax: None,
            path: None,
        };
        doc.set_format(format);
        doc
    }

    /// The same document, known to live at `path`.
    pub fn with_path(mut self, path: Option<PathBuf>) -> Document {
        self.path = path;
        self
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn format(&self) -> Option<FormatId> {
        self.syntax.as_ref().map(|s| s.format)
    }

    /// Changes the format, parsing the whole text anew; the same format keeps the tree.
    pub fn set_format(&mut self, format: Option<FormatId>) {
        if self.format() == format {
            return;
        }
        self.syntax = format.map(|format| {
            let mut parser = Parser::new();
            parser
                .set_language(&format.language())
                .expect("grammars are generated for the ABI of the linked tree-sitter");
            let tree = parse(&mut parser, &self.text, None);
            Syntax {
                format,
                parser,
                tree,
            }
        });
    }

    pub fn rope(&self) -> &Rope {
        &self.text
    }

    pub fn tree(&self) -> Option<&Tree> {
        self.syntax.as_ref().map(|s| &s.tree)
    }

    /// A tree parsed from scratch, without reusing the incremental one. Reused subtrees keep the
    /// parse states of their first parse, so whatever reads parse states (syntax error messages)
    /// reads them from a fresh tree to stay independent of the edit history.
    pub fn fresh_tree(&self) -> Option<Tree> {
        let format = self.format()?;
        let mut parser = Parser::new();
        parser.set_language(&format.language()).ok()?;
        Some(parse(&mut parser, &self.text, None))
    }

    /// The text of a byte range (borrowed when it lies in one rope chunk).
    pub fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        let len = self.text.len_bytes();
        let start = self.char_boundary(range.start.min(len));
        let end = self.char_boundary(range.end.clamp(start, len));
        self.text.byte_slice(start..end).into()
    }

    /// The whole text.
    pub fn text(&self) -> String {
        self.text.to_string()
    }

    /// Replaces a byte range with new text, and updates the tree incrementally. The range is
    /// clamped to the text and to character boundaries, so no edit can fail.
    pub fn edit(&mut self, range: Range<usize>, new_text: &str) {
        let len = self.text.len_bytes();
        let start = self.char_boundary(range.start.min(len));
        let old_end = self.char_boundary(range.end.clamp(start, len));
        let start_position = point(&self.text, start);
        let old_end_position = point(&self.text, old_end);

        let start_char = self.text.byte_to_char(start);
        self.text
            .remove(start_char..self.text.byte_to_char(old_end));
        self.text.insert(start_char, new_text);

        if let Some(syntax) = &mut self.syntax {
            let new_end = start + new_text.len();
            syntax.tree.edit(&InputEdit {
                start_byte: start,
                old_end_byte: old_end,
                new_end_byte: new_end,
                start_position,
                old_end_position,
                new_end_position: point(&self.text, new_end),
            });
            syntax.tree = parse(&mut syntax.parser, &self.text, Some(&syntax.tree));
        }
    }

    /// The start of the character holding this byte.
    fn char_boundary(&self, byte: usize) -> usize {
        self.text.char_to_byte(self.text.byte_to_char(byte))
    }
}

/// A tree-sitter point (row, byte column) of a byte offset.
fn point(text: &Rope, byte: usize) -> Point {
    let row = text.byte_to_line(byte);
    Point {
        row,
        column: byte - text.line_to_byte(row),
    }
}

fn parse(parser: &mut Parser, text: &Rope, old_tree: Option<&Tree>) -> Tree {
    let len = text.len_bytes();
    let mut read = |byte: usize, _: Point| -> &[u8] {
        if byte >= len {
            return &[];
        }
        let (chunk, chunk_start, _, _) = text.chunk_at_byte(byte);
        &chunk.as_bytes()[byte - chunk_start..]
    };
    parser
        .parse_with_options(&mut read, old_tree, None)
        .expect("a parser with a language, no timeout and no cancellation always returns a tree")
}
