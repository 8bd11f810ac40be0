//! A vector drawing and its SVG: every piece of file text escaped, no scripts, no external
//! references.

use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Color(pub u8, pub u8, pub u8);

impl Color {
    pub const BLACK: Color = Color(0, 0, 0);
    pub const WHITE: Color = Color(255, 255, 255);
    /// Marks what is faulty.
    pub const FAULT: Color = Color(220, 30, 30);

    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color(r, g, b)
    }

    /// Black or white, whichever reads better on this colour.
    pub fn contrast(self) -> Color {
        let luma = 299 * u32::from(self.0) + 587 * u32::from(self.1) + 114 * u32::from(self.2);
        if luma > 128_000 {
            Color::BLACK
        } else {
            Color::WHITE
        }
    }

    fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Fill and outline of an item.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Style {
    pub fill: Option<Color>,
    pub stroke: Option<Color>,
    pub stroke_width: f64,
    pub dashed: bool,
}

impl Style {
    pub fn fill(color: Color) -> Style {
        Style {
            fill: Some(color),
            ..Style::default()
        }
    }

    pub fn stroke(color: Color, width: f64) -> Style {
        Style {
            stroke: Some(color),
            stroke_width: width,
            ..Style::default()
        }
    }

    pub fn filled(fill: Color, stroke: Color, width: f64) -> Style {
        Style {
            fill: Some(fill),
            stroke: Some(stroke),
            stroke_width: width,
            dashed: false,
        }
    }

    pub fn dashed(mut self) -> Style {
        self.dashed = true;
        self
    }

    fn attributes(&self) -> String {
        let mut out = String::new();
        match self.fill {
            Some(c) => write!(out, r#" fill="{}""#, c.hex()).unwrap_or_default(),
            None => out.push_str(r#" fill="none""#),
        }
        if let Some(c) = self.stroke {
            write!(
                out,
                r#" stroke="{}" stroke-width="{}""#,
                c.hex(),
                num(self.stroke_width)
            )
            .unwrap_or_default();
            if self.dashed {
                write!(
                    out,
                    r#" stroke-dasharray="{} {}""#,
                    num(self.stroke_width * 3.0),
                    num(self.stroke_width * 2.0)
                )
                .unwrap_or_default();
            }
        }
        out
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Rect {
        x: f64,
        y: f64,
        width: f64,
        height: f64,
        style: Style,
    },
    Polygon {
        points: Vec<(f64, f64)>,
        style: Style,
    },
    Line {
        from: (f64, f64),
        to: (f64, f64),
        style: Style,
    },
    Circle {
        center: (f64, f64),
        radius: f64,
        style: Style,
    },
    Text {
        x: f64,
        y: f64,
        text: String,
        size: f64,
        anchor: Anchor,
        style: Style,
    },
    /// Items with a tooltip (shown by SVG viewers on hover).
    Group {
        tooltip: Option<String>,
        items: Vec<Item>,
    },
}

impl Item {
    /// Text filled in one colour, the usual label.
    pub fn text(
        x: f64,
        y: f64,
        text: impl Into<String>,
        size: f64,
        anchor: Anchor,
        color: Color,
    ) -> Item {
        Item::Text {
            x,
            y,
            text: text.into(),
            size,
            anchor,
            style: Style::fill(color),
        }
    }
}

/// A drawing of a given size, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub width: f64,
    pub height: f64,
    pub title: String,
    pub background: Color,
    pub items: Vec<Item>,
}

impl Scene {
    pub fn new(width: f64, height: f64, title: impl Into<String>) -> Scene {
        Scene {
            width,
            height,
            title: title.into(),
            background: Color::WHITE,
            items: Vec::new(),
        }
    }

    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    pub fn to_svg(&self) -> String {
        let (w, h) = (num(self.width.max(1.0)), num(self.height.max(1.0)));
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
        );
        write!(out, "<title>{}</title>", escape(&self.title)).unwrap_or_default();
        write!(
            out,
            r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{}"/>"#,
            self.background.hex()
        )
        .unwrap_or_default();
        for item in &self.items {
            write_item(&mut out, item);
        }
        out.push_str("</svg>\n");
        out
    }
}

fn write_item(out: &mut String, item: &Item) {
    let _ = match item {
        Item::Rect {
            x,
            y,
            width,
            height,
            style,
        } => write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"{}/>"#,
            num(*x),
            num(*y),
            num(*width),
            num(*height),
            style.attributes()
        ),
        Item::Polygon { points, style } => {
            let points: Vec<String> = points
                .iter()
                .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
                .collect();
            write!(
                out,
                r#"<polygon points="{}"{}/>"#,
                points.join(" "),
                style.attributes()
            )
        }
        Item::Line { from, to, style } => write!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1),
            style.attributes()
        ),
        Item::Circle {
            center,
            radius,
            style,
        } => write!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}"{}/>"#,
            num(center.0),
            num(center.1),
            num(*radius),
            style.attributes()
        ),
        Item::Text {
            x,
            y,
            text,
            size,
            anchor,
            style,
        } => {
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}"{}>{}</text>"#,
                num(*x),
                num(*y),
                num(*size),
                style.attributes(),
                escape(text)
            )
        }
        Item::Group { tooltip, items } => {
            out.push_str("<g>");
            if let Some(tip) = tooltip {
                let _ = write!(out, "<title>{}</title>", escape(tip));
            }
            for item in items {
                write_item(out, item);
            }
            out.push_str("</g>");
            Ok(())
        }
    };
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(value: f64) -> String {
    if !value.is_finite() {
        return "0".to_string();
    }
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Text for XML content and attributes; characters XML 1.0 forbids become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_numbers_are_short() {
        let mut scene = Scene::new(100.0, 50.5, "a <title> & \"quotes\"");
        scene.push(Item::Text {
            x: 1.0 / 3.0,
            y: 10.0,
            text: "<script>alert('x')</script>\u{0}".into(),
            size: 12.0,
            anchor: Anchor::Middle,
            style: Style::fill(Color::BLACK),
        });
        let svg = scene.to_svg();
        assert!(
            svg.contains("<title>a &lt;title&gt; &amp; &quot;quotes&quot;</title>"),
            "{svg}"
        );
        assert!(svg.contains(r#"x="0.33""#), "{svg}");
        assert!(
            svg.contains(">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\u{FFFD}</text>"),
            "{svg}"
        );
        assert!(!svg.contains("<script"));
    }
}
