//! A grid of characters for terminal drawings.

/// A drawing in characters; it grows as it is written to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextCanvas {
    rows: Vec<Vec<char>>,
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
