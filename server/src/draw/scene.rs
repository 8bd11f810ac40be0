//! A vector drawing and its SVG: every piece of file text escaped, no scripts, no external
//! references.

use std::fmt::Write as _;
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color(pub u8, pub u8, pub u8);

impl Color {
    pub const BLACK: Color = Color(0, 0, 0);
    pub const WHITE: Color = Color(255, 255, 255);
    /// Marks what is faulty.
    pub const FAULT: Color = Color(220, 30, 30);
    /// Text and lines drawn on the paper around a board (titles, legends, rulers), not on the
    /// game's own colours. A viewer may draw them in its theme's colour: the SVG marks them
    /// `class="ink"` (fill) and `class="ink-line"` (stroke), the paper `class="paper"`. A
    /// near-black no board colour uses, so that the mark never lands on a game's black.
    pub const INK: Color = Color(17, 17, 17);
    /// Secondary text on the paper (table headings): `class="muted"`.
    pub const MUTED_INK: Color = Color(96, 96, 96);

    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color(r, g, b)
    }

    /// Black or white, whichever stands out more from this colour, by the contrast ratio of
    /// their relative luminances (as the web's accessibility rules measure it): black on red,
    /// on orange and on lime, white on blue and on dark green.
    pub fn contrast(self) -> Color {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let luminance = 0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2);
        // Against black (luminance 0) and against white (1).
        if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) {
            Color::BLACK
        } else {
            Color::WHITE
        }
    }

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        let mut out = String::with_capacity(7);
        self.write_hex(&mut out);
        out
    }

    fn write_hex(self, out: &mut String) {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        out.push('#');
        for byte in [self.0, self.1, self.2] {
            out.push(char::from(DIGITS[usize::from(byte >> 4)]));
            out.push(char::from(DIGITS[usize::from(byte & 15)]));
        }
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

    /// Writes the style's SVG attributes, each after a space.
    fn write_attributes(&self, out: &mut String) {
        let classes = [
            (self.fill == Some(Color::INK), "ink"),
            (self.fill == Some(Color::MUTED_INK), "muted"),
            (self.stroke == Some(Color::INK), "ink-line"),
        ];
        if classes.iter().any(|(on, _)| *on) {
            out.push_str(" class='");
            let mut first = true;
            for (_, name) in classes.iter().filter(|(on, _)| *on) {
                if !first {
                    out.push(' ');
                }
                out.push_str(name);
                first = false;
            }
            out.push('\'');
        }
        match self.fill {
            Some(c) => {
                out.push_str(" fill='");
                c.write_hex(out);
                out.push('\'');
            }
            None => out.push_str(" fill='none'"),
        }
        if let Some(c) = self.stroke {
            out.push_str(" stroke='");
            c.write_hex(out);
            out.push('\'');
            // 1 is SVG's own default: most outlines need no width written.
            if self.stroke_width != 1.0 {
                write_attribute(out, "stroke-width", self.stroke_width);
            }
            if self.dashed {
                out.push_str(" stroke-dasharray='");
                write_num(out, self.stroke_width * 3.0);
                out.push(' ');
                write_num(out, self.stroke_width * 2.0);
                out.push('\'');
            }
        }
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
    /// Straight lines in one style, written as one path: a large pattern's borders are
    /// thousands of lines, each a `<line>` of 75 bytes that the editor parses.
    Lines {
        segments: Vec<Segment>,
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
    /// Items with a tooltip (shown by SVG viewers on hover), and when they stand for something
    /// in the text, the [`Element`] they draw: its id a viewer addresses them by (`data-rb-id`)
    /// and the source range [`Scene::source_map`] lists.
    Group {
        element: Option<Element>,
        tooltip: Option<String>,
        items: Vec<Item>,
    },
    /// An item already written as SVG ([`Item::to_svg`]), with the element it draws: a board
    /// keeps what it drew of a part that did not change (a masterboard's hexes, one keystroke
    /// apart) instead of drawing it again.
    Written {
        element: Option<Element>,
        svg: std::sync::Arc<str>,
    },
}

/// What a drawn group stands for in the text: a stable id (`hex:12`, `pile:3`, `hole:2:4`)
/// and the byte range of the text it draws; in a preview's source map also what the element can
/// become by a click on the board (indices into the preview's [`Palette`], filled in by the
/// preview, not by the drawing).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Element {
    pub id: String,
    pub source: Range<usize>,
    pub actions: Vec<usize>,
}

impl Element {
    pub fn new(id: impl Into<String>, source: Range<usize>) -> Element {
        Element {
            id: bounded_id(id.into()),
            source,
            actions: Vec::new(),
        }
    }
}

/// What a board's element can become (`stone`, `empty`, `cell:A`, `chip:black`): an id the
/// edit is asked for by, and a title in the modder's words. An id ending in `:X,Y`
/// (`place:X,Y`) is a template: the edit is asked for with the pixels filled in
/// (`place:83,4`, see [`Action::fills`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Action {
    pub id: String,
    pub title: String,
    /// The colour it gives the element where it has one (a terrain's, `#rrggbb`): a palette
    /// shows it beside the title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

impl Action {
    pub fn new(id: impl Into<String>, title: impl Into<String>) -> Action {
        Action {
            id: id.into(),
            title: title.into(),
            color: None,
        }
    }

    /// The action with the colour it gives the element.
    pub fn with_color(self, color: Color) -> Action {
        Action {
            color: Some(color.hex()),
            ..self
        }
    }

    /// Whether `asked` is this action: its id, or for a template (`place:X,Y`) the same
    /// prefix with two non-negative integers for `X,Y` (`place:83,4`; not `X,Y` itself).
    pub fn fills(&self, asked: &str) -> bool {
        let Some(prefix) = self.id.strip_suffix("X,Y") else {
            return self.id == asked;
        };
        let number =
            |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit());
        asked
            .strip_prefix(prefix)
            .and_then(|place| place.split_once(','))
            .is_some_and(|(x, y)| number(x) && number(y))
    }
}

/// What the elements of a board can become: every action offered, each once, and for each
/// element asked about the indices of its actions. A masterboard's hexes offer the same
/// terrains and their exits the same types: made once, an action is named by index by every
/// element that offers it (the preview sends it so, and thousands of copies cost a masterboard's
/// preview four fifths of its time).
#[derive(Clone, Debug, Default)]
pub struct Palette {
    actions: Vec<Action>,
    /// For each element asked about, in the order asked, its actions' indices.
    offers: Vec<Vec<usize>>,
    index: foldhash::HashMap<String, usize>,
    key: String,
}

impl Palette {
    /// The palette of `ids`, each element's actions made by `actions` (a format whose elements
    /// offer a few actions each).
    pub fn of_each(ids: &[&str], mut actions: impl FnMut(&str) -> Vec<Action>) -> Palette {
        let mut palette = Palette::default();
        for id in ids {
            palette.next_element();
            for action in actions(id) {
                palette.offer_action(&action);
            }
        }
        palette
    }

    /// Starts the offers of the next element asked about.
    pub fn next_element(&mut self) {
        self.offers.push(Vec::new());
    }

    /// The current element offers `action`.
    pub fn offer_action(&mut self, action: &Action) {
        self.offer(&[&action.id], |_| action.clone());
    }

    /// The current element offers the action whose id is `id`'s parts put together (in a
    /// buffer of the palette's: an action already offered costs no allocation), made by
    /// `make` from that id the first time.
    pub fn offer(&mut self, id: &[&str], make: impl FnOnce(&str) -> Action) {
        self.key.clear();
        for part in id {
            self.key.push_str(part);
        }
        let at = match self.index.get(self.key.as_str()) {
            Some(&at) => at,
            None => {
                let action = make(&self.key);
                debug_assert_eq!(action.id, self.key, "an action is offered under its own id");
                self.index.insert(self.key.clone(), self.actions.len());
                self.actions.push(action);
                self.actions.len() - 1
            }
        };
        self.push_offer(at);
    }

    fn push_offer(&mut self, at: usize) {
        match self.offers.last_mut() {
            Some(offers) => offers.push(at),
            None => self.offers.push(vec![at]),
        }
    }

    /// Every action offered, each once, and for each element asked about (in the order asked)
    /// its actions' indices into them: what the preview sends.
    pub fn into_parts(self) -> (Vec<Action>, Vec<Vec<usize>>) {
        (self.actions, self.offers)
    }

    /// The actions the `element`-th element asked about offers, in order.
    pub fn offered(&self, element: usize) -> Vec<Action> {
        self.offers
            .get(element)
            .map(|offers| offers.iter().map(|&at| self.actions[at].clone()).collect())
            .unwrap_or_default()
    }
}

/// The longest element id, in bytes: an id holds a name from the file (`terrain:NAME`), and an
/// editor's page takes ids of a few hundred characters at most.
pub const MAX_ID: usize = 64;

/// `id` as elements and text marks carry it: itself when it is at most [`MAX_ID`] bytes, else
/// its start and a hash of the whole (`terrain:WWW…~0123456789abcdef`), the same for the same
/// id and, but for a hash collision, different for different ones.
pub fn bounded_id(id: String) -> String {
    if id.len() <= MAX_ID {
        return id;
    }
    let mut hash = crate::text::Fnv::default();
    hash.write(id.as_bytes());
    // `~` and 16 hexadecimal digits after the start.
    let mut end = MAX_ID - 17;
    while !id.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}~{:016x}", &id[..end], hash.0)
}

impl Item {
    /// The item as [`Scene::to_svg`] writes it.
    pub fn to_svg(&self) -> String {
        let mut out = String::new();
        write_item(&mut out, self);
        out
    }

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

/// A straight line from one point to another.
pub type Segment = ((f64, f64), (f64, f64));

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

    /// Every element drawn, in drawing order (a group inside another after it), each id once:
    /// where a viewer finds in the text what it points at. Taken from the scene, which is
    /// drawn by then: a large board has hundreds of ids, each a copy otherwise.
    pub fn into_source_map(self) -> Vec<Element> {
        fn walk(items: Vec<Item>, out: &mut Vec<Element>) {
            for item in items {
                let (element, items) = match item {
                    Item::Group { element, items, .. } => (element, items),
                    Item::Written { element, .. } => (element, Vec::new()),
                    _ => continue,
                };
                out.extend(element);
                walk(items, out);
            }
        }
        let mut all = Vec::with_capacity(self.items.len());
        walk(self.items, &mut all);
        let first: Vec<bool> = {
            let mut seen =
                foldhash::HashSet::with_capacity_and_hasher(all.len(), Default::default());
            all.iter().map(|e| seen.insert(e.id.as_str())).collect()
        };
        all.into_iter()
            .zip(first)
            .filter_map(|(element, first)| first.then_some(element))
            .collect()
    }

    /// The drawing as SVG. Attributes are in single quotes: the SVG travels inside a JSON
    /// string to the editor, where each double quote would cost an escape to write and to read.
    pub fn to_svg(&self) -> String {
        let (w, h) = (num(self.width.max(1.0)), num(self.height.max(1.0)));
        // About 300 bytes an item (a hex's group with its outline, labels and explanation).
        let mut out = String::with_capacity(1024 + self.items.len() * 300);
        let _ = write!(
            out,
            "<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' viewBox='0 0 {w} {h}' font-family='DejaVu Sans, Verdana, Arial, sans-serif' text-anchor='middle'>"
        );
        out.push_str("<title>");
        escape_into(&mut out, &self.title);
        out.push_str("</title>");
        write!(
            out,
            "<rect class='paper' x='0' y='0' width='{w}' height='{h}' fill='{}'/>",
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

/// Writes `name='value'` (after a space) with the value as SVG numbers are written.
fn write_attribute(out: &mut String, name: &str, value: f64) {
    out.push(' ');
    out.push_str(name);
    out.push_str("='");
    write_num(out, value);
    out.push('\'');
}

// Written piece by piece into the one output string: a board has hundreds of items, and
// formatting each into strings of its own cost more than all the rest of a preview.
fn write_item(out: &mut String, item: &Item) {
    match item {
        Item::Rect {
            x,
            y,
            width,
            height,
            style,
        } => {
            out.push_str("<rect");
            write_attribute(out, "x", *x);
            write_attribute(out, "y", *y);
            write_attribute(out, "width", *width);
            write_attribute(out, "height", *height);
            style.write_attributes(out);
            out.push_str("/>");
        }
        Item::Polygon { points, style } => {
            out.push_str("<polygon points='");
            for (i, (x, y)) in points.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_num(out, *x);
                out.push(',');
                write_num(out, *y);
            }
            out.push('\'');
            style.write_attributes(out);
            out.push_str("/>");
        }
        Item::Line { from, to, style } => {
            out.push_str("<line");
            write_attribute(out, "x1", from.0);
            write_attribute(out, "y1", from.1);
            write_attribute(out, "x2", to.0);
            write_attribute(out, "y2", to.1);
            style.write_attributes(out);
            out.push_str("/>");
        }
        Item::Lines { segments, style } => {
            out.push_str("<path d='");
            for (from, to) in segments {
                out.push('M');
                write_num(out, from.0);
                out.push(' ');
                write_num(out, from.1);
                if from.1 == to.1 {
                    out.push('H');
                    write_num(out, to.0);
                } else if from.0 == to.0 {
                    out.push('V');
                    write_num(out, to.1);
                } else {
                    out.push('L');
                    write_num(out, to.0);
                    out.push(' ');
                    write_num(out, to.1);
                }
            }
            out.push('\'');
            style.write_attributes(out);
            out.push_str("/>");
        }
        Item::Circle {
            center,
            radius,
            style,
        } => {
            out.push_str("<circle");
            write_attribute(out, "cx", center.0);
            write_attribute(out, "cy", center.1);
            write_attribute(out, "r", *radius);
            style.write_attributes(out);
            out.push_str("/>");
        }
        Item::Text {
            x,
            y,
            text,
            size,
            anchor,
            style,
        } => {
            out.push_str("<text");
            write_attribute(out, "x", *x);
            write_attribute(out, "y", *y);
            write_attribute(out, "font-size", *size);
            // Middle is the drawing's default (on its root): most texts are labels centred
            // in what they name.
            match anchor {
                Anchor::Start => out.push_str(" text-anchor='start'"),
                Anchor::Middle => {}
                Anchor::End => out.push_str(" text-anchor='end'"),
            }
            style.write_attributes(out);
            out.push('>');
            escape_into(out, text);
            out.push_str("</text>");
        }
        Item::Group {
            element,
            tooltip,
            items,
        } => {
            match element {
                Some(element) => {
                    out.push_str("<g data-rb-id='");
                    escape_into(out, &element.id);
                    out.push_str("'>");
                }
                None => out.push_str("<g>"),
            }
            if let Some(tip) = tooltip {
                out.push_str("<title>");
                escape_into(out, tip);
                out.push_str("</title>");
            }
            for item in items {
                write_item(out, item);
            }
            out.push_str("</g>");
        }
        Item::Written { svg, .. } => out.push_str(svg),
    }
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(value: f64) -> String {
    let mut out = String::new();
    write_num(&mut out, value);
    out
}

/// Writes [`num`]'s text of `value`: what `format!("{value:.2}")` gives, trailing zeros and
/// `-0` dropped. Rounded in integers when `value × 100` is clearly away from a tie (below 10⁹
/// the float product is within 10⁻⁷ of the exact one); near ties and huge values take the
/// exact formatter, which formats the float's exact decimal value.
fn write_num(out: &mut String, value: f64) {
    if !value.is_finite() {
        out.push('0');
        return;
    }
    let hundredths = value * 100.0;
    let rounded = hundredths.round();
    let off_tie = ((hundredths - hundredths.trunc()).abs() - 0.5).abs() > 1e-6;
    if hundredths.abs() < 1e9 && off_tie {
        let n = rounded as i64;
        if n < 0 {
            out.push('-');
        }
        let n = n.unsigned_abs();
        push_digits(out, n / 100);
        match n % 100 {
            0 => {}
            f if f % 10 == 0 => {
                out.push('.');
                out.push(char::from(b'0' + (f / 10) as u8));
            }
            f => {
                out.push('.');
                out.push(char::from(b'0' + (f / 10) as u8));
                out.push(char::from(b'0' + (f % 10) as u8));
            }
        }
        return;
    }
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    out.push_str(if text == "-0" { "0" } else { text });
}

/// The decimal digits of `n`.
fn push_digits(out: &mut String, n: u64) {
    crate::text::decimal(n, |digit| out.push(char::from(digit)));
}

/// Text for XML content and attributes; characters XML 1.0 forbids become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// Writes [`escape`]'s text of `text` into `out`.
fn escape_into(out: &mut String, text: &str) {
    // Most labels need nothing escaped.
    let plain = |b: u8| {
        b.is_ascii_alphanumeric()
            || matches!(b, b' ' | b'.' | b',' | b':' | b'-' | b'_' | b'(' | b')')
    };
    if text.bytes().all(plain) {
        out.push_str(text);
        return;
    }
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each action is made once, the first time an element offers it; every element names
    /// its own in the order offered, and an element that offers nothing has an empty list.
    #[test]
    fn a_palette_makes_each_action_once_and_elements_name_them_by_index() {
        let mut made = Vec::new();
        let mut palette = Palette::default();
        for (element, labels) in [["1", "2"], ["2", "3"]].iter().enumerate() {
            palette.next_element();
            for label in labels {
                palette.offer(&["exit:", label, ":ARCH"], |id| {
                    made.push(id.to_string());
                    Action::new(id, format!("exit {element}"))
                });
            }
        }
        palette.next_element();
        palette.offer_action(&Action::new("exit:3:ARCH", "another title, same id"));
        palette.next_element();
        assert_eq!(made, ["exit:1:ARCH", "exit:2:ARCH", "exit:3:ARCH"]);
        assert_eq!(palette.offers, [vec![0, 1], vec![1, 2], vec![2], vec![]]);
        assert_eq!(palette.offered(1)[0], Action::new("exit:2:ARCH", "exit 0"));
        assert!(palette.offered(3).is_empty() && palette.offered(9).is_empty());
        let of_each = Palette::of_each(&["a", "b"], |id| vec![Action::new(id, id)]);
        assert_eq!(of_each.offers, [vec![0], vec![1]]);
    }

    /// The ink on a colour is the one of black and white that stands out more: black on the
    /// red, lime and orange terrains (white on red read poorly), white on blue and dark green.
    #[test]
    fn labels_are_black_or_white_by_contrast_ratio() {
        for (colour, ink) in [
            (Color::rgb(255, 0, 0), Color::BLACK),
            (Color::rgb(0, 255, 0), Color::BLACK),
            (Color::rgb(50, 205, 50), Color::BLACK),
            (Color::rgb(255, 165, 0), Color::BLACK),
            (Color::rgb(255, 255, 0), Color::BLACK),
            (Color::rgb(0, 0, 255), Color::WHITE),
            (Color::rgb(0, 100, 0), Color::WHITE),
            (Color::rgb(139, 69, 19), Color::WHITE),
            (Color::rgb(128, 128, 128), Color::BLACK),
        ] {
            assert_eq!(colour.contrast(), ink, "{colour:?}");
        }
    }

    #[test]
    fn a_long_id_is_its_start_and_a_hash_of_the_whole() {
        assert_eq!(bounded_id("terrain:Tower".to_string()), "terrain:Tower");
        let short = format!("terrain:{}", "W".repeat(MAX_ID - 8));
        assert_eq!(bounded_id(short.clone()), short);
        let long = |last: &str| bounded_id(format!("terrain:{}{last}", "é".repeat(3000)));
        let (a, b) = (long("a"), long("b"));
        assert!(a.len() <= MAX_ID && a.starts_with("terrain:éé"), "{a}");
        assert_eq!(a, long("a"));
        assert_ne!(a, b);
    }

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
        assert!(svg.contains("x='0.33'"), "{svg}");
        assert!(
            svg.contains(">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\u{FFFD}</text>"),
            "{svg}"
        );
        assert!(!svg.contains("<script"));
        // Centred is the drawing's default, on its root, and not repeated on each text.
        assert!(
            svg.starts_with("<svg ")
                && svg[..svg.find('>').unwrap()].contains(" text-anchor='middle'")
        );
        assert!(
            !svg.contains("<text x='0.33' y='10' font-size='12' text-anchor"),
            "{svg}"
        );
    }

    /// Lines in one style are one path: across, down and slanting, each from its own start.
    #[test]
    fn lines_in_one_style_are_written_as_one_path() {
        let lines = Item::Lines {
            segments: vec![
                ((24.0, 24.0), (624.0, 24.0)),
                ((30.0, 24.0), (30.0, 120.5)),
                ((49.8, 25.8), (52.2, 28.2)),
            ],
            style: Style::stroke(Color(150, 150, 150), 1.0),
        };
        assert_eq!(
            lines.to_svg(),
            "<path d='M24 24H624M30 24V120.5M49.8 25.8L52.2 28.2' fill='none' stroke='#969696'/>"
        );
    }

    /// The paper and what is drawn on it in ink are marked for a viewer to draw in its theme;
    /// a game's own black is not.
    #[test]
    fn paper_and_ink_are_marked_and_game_colours_are_not() {
        let mut scene = Scene::new(10.0, 10.0, "t");
        scene.push(Item::text(
            1.0,
            2.0,
            "legend",
            10.0,
            Anchor::Start,
            Color::INK,
        ));
        scene.push(Item::text(
            1.0,
            4.0,
            "heading",
            10.0,
            Anchor::Start,
            Color::MUTED_INK,
        ));
        scene.push(Item::Line {
            from: (0.0, 0.0),
            to: (1.0, 1.0),
            style: Style::stroke(Color::INK, 1.0),
        });
        scene.push(Item::Rect {
            x: 0.0,
            y: 0.0,
            width: 1.0,
            height: 1.0,
            style: Style::filled(Color::INK, Color::INK, 1.0),
        });
        scene.push(Item::Circle {
            center: (5.0, 5.0),
            radius: 1.0,
            style: Style::filled(Color::BLACK, Color::BLACK, 1.0),
        });
        scene.push(Item::Line {
            from: (0.0, 0.0),
            to: (2.0, 2.0),
            style: Style::stroke(Color::BLACK, 2.5),
        });
        let svg = scene.to_svg();
        for part in [
            "<rect class='paper' x='0' y='0' width='10' height='10' fill='#ffffff'/>",
            "<text x='1' y='2' font-size='10' text-anchor='start' class='ink' fill='#111111'>legend</text>",
            "class='muted' fill='#606060'>heading</text>",
            "<line x1='0' y1='0' x2='1' y2='1' class='ink-line' fill='none' stroke='#111111'",
            "<rect x='0' y='0' width='1' height='1' class='ink ink-line' fill='#111111'",
            // A width of 1 is SVG's default, not written.
            "<circle cx='5' cy='5' r='1' fill='#000000' stroke='#000000'/>",
            "<line x1='0' y1='0' x2='2' y2='2' fill='none' stroke='#000000' stroke-width='2.5'/>",
        ] {
            assert!(svg.contains(part), "{part} not in {svg}");
        }
    }

    /// The source map lists each element once, nested ones after their group, and the SVG
    /// carries their ids.
    #[test]
    fn source_map_lists_each_element_once() {
        let group = |id: Option<&str>, source: std::ops::Range<usize>, items| Item::Group {
            element: id.map(|id| Element::new(id, source)),
            tooltip: None,
            items,
        };
        let mut scene = Scene::new(10.0, 10.0, "t");
        scene.push(group(
            Some("row:0"),
            0..4,
            vec![
                group(Some("hole:0:1"), 1..2, vec![]),
                group(None, 2..3, vec![]),
            ],
        ));
        scene.push(group(Some("hole:0:1"), 1..2, vec![]));
        scene.push(group(Some("a\"b"), 5..6, vec![]));
        let svg = scene.to_svg();
        assert_eq!(
            scene.into_source_map(),
            vec![
                Element::new("row:0", 0..4),
                Element::new("hole:0:1", 1..2),
                Element::new("a\"b", 5..6),
            ]
        );
        assert!(
            svg.contains("<g data-rb-id='row:0'><g data-rb-id='hole:0:1'></g><g></g></g>"),
            "{svg}"
        );
        assert!(svg.contains("<g data-rb-id='a&quot;b'>"), "{svg}");
    }

    /// An item kept as SVG is written as it was written, and its element is listed as a
    /// group's is (each id once).
    #[test]
    fn a_written_item_is_drawn_and_listed_as_the_group_it_was() {
        let group = |source| Item::Group {
            element: Some(Element::new("hex:7", source)),
            tooltip: Some("hex 7".into()),
            items: vec![Item::text(
                1.0,
                2.5,
                "7",
                11.0,
                Anchor::Middle,
                Color::BLACK,
            )],
        };
        let mut drawn = Scene::new(10.0, 10.0, "t");
        let mut kept = Scene::new(10.0, 10.0, "t");
        for source in [3..9, 12..14] {
            drawn.push(group(source.clone()));
            kept.push(Item::Written {
                element: Some(Element::new("hex:7", source)),
                svg: group(0..0).to_svg().into(),
            });
        }
        assert_eq!(kept.to_svg(), drawn.to_svg());
        assert!(kept.to_svg().contains("<g data-rb-id='hex:7'><title>hex 7</title><text x='1' y='2.5' font-size='11' fill='#000000'>7</text></g>"));
        let kept = kept.into_source_map();
        assert_eq!(kept, drawn.into_source_map());
        assert_eq!(kept, vec![Element::new("hex:7", 3..9)]);
    }

    /// The integer rounding of [`write_num`] gives exactly the text of the formatter it stands
    /// in for, ties (0.125, 2.675 as stored) and signs included.
    #[test]
    fn numbers_are_written_as_the_exact_formatter_writes_them() {
        let formatted = |value: f64| {
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
        };
        let mut values = vec![
            0.0,
            -0.0,
            0.125,
            0.375,
            -0.125,
            2.675,
            1.005,
            1.015,
            0.005,
            -0.005,
            0.004,
            -0.004,
            10.0,
            100.0,
            99.995,
            -99.995,
            1.0 / 3.0,
            2.0 / 3.0,
            1e8,
            -1e8 - 0.5,
            1e13 + 0.125,
            f64::NAN,
            f64::INFINITY,
            f64::MAX,
            1e-300,
        ];
        // Hex geometry: multiples of √3 and of halves, eighths and thousandths.
        for i in -2000..2000 {
            let i = f64::from(i);
            values.extend([
                i * 3f64.sqrt(),
                i / 8.0,
                i / 1000.0,
                i * 0.1 + 0.005,
                i * 17.3205,
            ]);
        }
        for value in values {
            assert_eq!(num(value), formatted(value), "{value:e}");
        }
    }
}
