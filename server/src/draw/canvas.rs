//! A grid of characters for terminal drawings.

/// A drawing in characters; it grows as it is written to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextCanvas {
    rows: Vec<Vec<char>>,
    marks: Vec<TextMark>,
}

/// Where an element of the drawing (the id of its SVG group, see [`super::Element`]) stands in
/// the text: `line` from 0, `start..end` in characters.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TextMark {
    pub id: String,
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

impl TextCanvas {
    pub fn new() -> TextCanvas {
        TextCanvas::default()
    }

    /// Puts one character at column `x` of row `y`.
    pub fn put(&mut self, x: usize, y: usize, c: char) {
        if self.rows.len() <= y {
            self.rows.resize(y + 1, Vec::new());
        }
        let row = &mut self.rows[y];
        if row.len() <= x {
            row.resize(x + 1, ' ');
        }
        // Control characters from a file must not reach the terminal.
        row[x] = crate::text::terminal_char(c);
    }

    /// Writes text from column `x` of row `y`, one cell per character.
    pub fn write(&mut self, x: usize, y: usize, text: &str) {
        for (i, c) in text.chars().enumerate() {
            self.put(x + i, y, c);
        }
    }

    /// Adds a line below everything drawn so far.
    pub fn line(&mut self, text: &str) {
        let y = self.rows.len();
        self.write(0, y, text);
        if text.is_empty() {
            self.rows.push(Vec::new());
        }
    }

    /// Marks `width` cells from column `x` of row `y` as element `id`'s.
    pub fn mark(&mut self, x: usize, y: usize, width: usize, id: impl Into<String>) {
        self.marks.push(TextMark {
            id: super::scene::bounded_id(id.into()),
            line: y,
            start: x,
            end: x + width,
        });
    }

    /// Marks the last row written, all of it, as element `id`'s.
    pub fn mark_last_line(&mut self, id: impl Into<String>) {
        if let Some(y) = self.rows.len().checked_sub(1) {
            let width = self.rows[y].len();
            self.mark(0, y, width, id);
        }
    }

    /// The marks, in the order they were made, taken from the drawing once it is written.
    pub fn into_marks(self) -> Vec<TextMark> {
        self.marks
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The drawing, trailing blanks removed, one line per row.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let line: String = row.iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn grows_and_trims() {
        let mut canvas = super::TextCanvas::new();
        canvas.write(2, 1, "ab\u{1b}");
        canvas.put(0, 0, '▲');
        canvas.line("");
        canvas.line("end");
        assert_eq!(canvas.render(), "▲\n  ab?\n\nend\n");
    }
}
