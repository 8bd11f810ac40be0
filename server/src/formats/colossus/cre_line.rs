//! How a creature line is read. Its fields are the runs of tokens between blanks, taken in the
//! game's order: name, power, skill, the 13 flags, maximum count, plural name. A field left out,
//! one too many or one of the wrong kind is worded within its own line, so a broken line never
//! changes how the lines around it read (see the grammar's note).

use std::borrow::Cow;
use std::ops::Range;

use crate::findings::{Finding, Severity};
use crate::text::ChunkReader;

/// The fields of a creature line.
pub const FIELD_COUNT: usize = 18;

/// What a field must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Name,
    Number,
    Flag,
}

/// The fields in file order: the name the checks and hover know each by, what it must be, and
/// the words messages use.
pub const FIELDS: [(&str, Kind, &str); FIELD_COUNT] = [
    ("name", Kind::Name, "creature name"),
    ("power", Kind::Number, "power"),
    ("skill", Kind::Number, "skill"),
    ("rangestrikes", Kind::Flag, "rangestrikes flag"),
    ("flies", Kind::Flag, "flies flag"),
    ("native_bramble", Kind::Flag, "native-to-bramble flag"),
    ("native_drift", Kind::Flag, "native-to-drift flag"),
    ("native_bog", Kind::Flag, "native-to-bog flag"),
    ("native_sand_dune", Kind::Flag, "native-to-sand-dune flag"),
    ("native_slope", Kind::Flag, "native-to-slope flag"),
    ("native_volcano", Kind::Flag, "native-to-volcano flag"),
    ("water_dwelling", Kind::Flag, "water-dwelling flag"),
    ("magic_missile", Kind::Flag, "magic-missile flag"),
    ("summonable", Kind::Flag, "summonable flag"),
    ("lord", Kind::Flag, "lord flag"),
    ("demilord", Kind::Flag, "demilord flag"),
    ("max_count", Kind::Number, "maximum count"),
    ("plural_name", Kind::Name, "plural name"),
];

/// Where the flags are among [`FIELDS`].
const FLAG_SLOTS: Range<usize> = 3..16;

/// The kind of one token of the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Name,
    Number,
    Boolean,
    /// Characters the game's lexer takes in no token.
    Stray,
}

/// What a field's tokens make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    One(Token),
    /// Several tokens with no blank between them (`Ogre2`, `5-`).
    Touching,
}

impl Shape {
    fn fits(self, kind: Kind) -> bool {
        matches!(
            (self, kind),
            (Shape::One(Token::Name), Kind::Name)
                | (Shape::One(Token::Number), Kind::Number)
                | (Shape::One(Token::Boolean), Kind::Flag)
        )
    }
}

/// One field of a line.
pub struct Field<'a> {
    pub text: Cow<'a, str>,
    pub range: Range<usize>,
    shape: Shape,
}

/// A creature line read into fields.
pub struct Line<'a> {
    pub fields: Vec<Field<'a>>,
    /// For each of the [`FIELDS`], the field read into it: where the line's place for it is
    /// certain and the field is of its kind.
    pub slots: [Option<usize>; FIELD_COUNT],
    /// How many fields from the start stand where they should and fit.
    prefix: usize,
    /// How many fields from the end stand where they should and fit.
    suffix: usize,
}

impl<'a> Line<'a> {
    /// The line of `tokens` (kinds and byte ranges, in text order), their text read from `text`.
    pub fn read(tokens: &[(Token, Range<usize>)], text: &mut ChunkReader<'a>) -> Line<'a> {
        let mut fields: Vec<Field> = Vec::with_capacity(FIELD_COUNT);
        let mut start = 0;
        for (i, (token, range)) in tokens.iter().enumerate() {
            let last = tokens
                .get(i + 1)
                .is_none_or(|(_, next)| next.start != range.end);
            if !last {
                continue;
            }
            let range = tokens[start].1.start..range.end;
            let shape = if start == i {
                Shape::One(*token)
            } else {
                Shape::Touching
            };
            fields.push(Field {
                text: text.slice(range.clone()),
                range,
                shape,
            });
            start = i + 1;
        }
        let fits = |field: usize, slot: usize| fields[field].shape.fits(FIELDS[slot].1);
        let n = fields.len();
        let prefix = (0..n.min(FIELD_COUNT)).take_while(|&i| fits(i, i)).count();
        let suffix = (0..n.min(FIELD_COUNT))
            .take_while(|&j| fits(n - 1 - j, FIELD_COUNT - 1 - j))
            .count();
        let mut slots = [None; FIELD_COUNT];
        if n == FIELD_COUNT {
            for (slot, place) in slots.iter_mut().enumerate() {
                *place = fits(slot, slot).then_some(slot);
            }
        } else {
            for (slot, place) in slots.iter_mut().enumerate().take(prefix) {
                *place = Some(slot);
            }
            // A line cut short keeps its fields in place; otherwise the fields after a gap or
            // an extra field stand in their places from the end.
            if prefix < n {
                for j in 0..suffix {
                    let (field, slot) = (n - 1 - j, FIELD_COUNT - 1 - j);
                    if field >= prefix && slot >= prefix {
                        slots[slot] = Some(field);
                    }
                }
            }
        }
        Line {
            fields,
            slots,
            prefix,
            suffix,
        }
    }

    /// The field in one of the [`FIELDS`], if it was read.
    pub fn slot(&self, slot: usize) -> Option<&Field<'a>> {
        self.fields.get(self.slots[slot]?)
    }

    /// Which of the [`FIELDS`] the field at `byte` was read into.
    pub fn slot_at(&self, byte: usize) -> Option<usize> {
        let field = self
            .fields
            .iter()
            .position(|f| f.range.start <= byte && byte < f.range.end)?;
        self.slots.iter().position(|s| *s == Some(field))
    }

    /// What is wrong with the line's fields, one finding per field of the wrong kind, or one for
    /// the line when it has too few or too many.
    pub fn errors(&self, out: &mut Vec<Finding>) {
        let n = self.fields.len();
        if n == 0 {
            return;
        }
        let (prefix, suffix) = (self.prefix, self.suffix);
        let name = self.slot(0).map(|f| f.text.as_ref());
        if n == FIELD_COUNT {
            for (slot, field) in self.fields.iter().enumerate() {
                if !field.shape.fits(FIELDS[slot].1) {
                    out.push(error(field.range.clone(), misfit(slot, field, name)));
                }
            }
            return;
        }
        let whole = self.fields[0].range.start..self.fields[n - 1].range.end;
        let counted = format!(
            "{n} field{}; a creature line has {FIELD_COUNT}",
            if n == 1 { "" } else { "s" }
        );
        let finding = if n > FIELD_COUNT && prefix == FIELD_COUNT {
            // The line runs on after its plural name.
            let extra = &self.fields[FIELD_COUNT..];
            let range = extra[0].range.start..extra[extra.len() - 1].range.end;
            let message = format!(
                "unexpected `{}` after the plural name (field 18): {counted}; remove {}",
                joined(extra),
                if extra.len() == 1 { "it" } else { "them" }
            );
            error(range, message)
        } else if n < FIELD_COUNT && prefix == n {
            // The line stops early.
            let end = self.fields[n - 1].range.end;
            let message = format!(
                "{} missing after the {} (field {n}); a creature line has {FIELD_COUNT} fields",
                missing(n, FIELD_COUNT - n),
                FIELDS[n - 1].2,
            );
            error(end..end, message)
        } else if prefix + suffix >= n.min(FIELD_COUNT) {
            // The fields fit but for a gap (or an extra run) somewhere from `lo` to `hi`.
            let (gap, lo, hi) = if n < FIELD_COUNT {
                (FIELD_COUNT - n, n - suffix, prefix)
            } else {
                (n - FIELD_COUNT, FIELD_COUNT - suffix, prefix)
            };
            if lo == hi && n < FIELD_COUNT {
                let message = if lo == 0 {
                    format!("{} missing at the start of the line", missing(0, gap))
                } else {
                    format!(
                        "{} missing after the {} (field {lo})",
                        missing(lo, gap),
                        FIELDS[lo - 1].2
                    )
                };
                let at = if lo == 0 {
                    whole.start
                } else {
                    self.fields[lo - 1].range.end
                };
                error(at..at, message)
            } else if lo == hi {
                let extra = &self.fields[lo..lo + gap];
                let range = extra[0].range.start..extra[gap - 1].range.end;
                let what = if lo == 0 {
                    "at the start of the line".to_string()
                } else {
                    format!("after the {} (field {lo})", FIELDS[lo - 1].2)
                };
                let message = format!(
                    "{} {what}: {counted}; remove {}",
                    if gap == 1 {
                        format!("`{}` is a field too many", extra[0].text)
                    } else {
                        format!("{gap} fields too many")
                    },
                    if gap == 1 { "it" } else { "them" }
                );
                error(range, message)
            } else if FLAG_SLOTS.start <= lo
                && hi + if n < FIELD_COUNT { gap } else { 0 } <= FLAG_SLOTS.end
            {
                // Somewhere among the flags, which all look alike.
                let flags = n + FLAG_SLOTS.len() - FIELD_COUNT;
                let range = self.fields[FLAG_SLOTS.start].range.start
                    ..self.fields[FLAG_SLOTS.start + flags - 1].range.end;
                let message = format!(
                    "{} has {flags} true/false flags; a creature line has {} (fields 4–16: {}): {}",
                    name.unwrap_or("this creature"),
                    FLAG_SLOTS.len(),
                    FLAG_ORDER,
                    if n < FIELD_COUNT {
                        "add the missing one"
                    } else {
                        "remove the extra one"
                    }
                );
                error(range, message)
            } else if n < FIELD_COUNT {
                // Any of the fields from `lo` to `hi + gap` may be the one left out.
                let last = hi + gap - 1;
                let message = if gap == 1 && hi == lo + 1 {
                    format!(
                        "the {} (field {}) or the {} (field {}) is missing: {counted}",
                        FIELDS[lo].2,
                        lo + 1,
                        FIELDS[hi].2,
                        hi + 1
                    )
                } else {
                    format!(
                        "{gap} of fields {}–{} ({} to {}) {} missing: {counted}",
                        lo + 1,
                        last + 1,
                        FIELDS[lo].2,
                        FIELDS[last].2,
                        if gap == 1 { "is" } else { "are" }
                    )
                };
                let range = self.fields[lo].range.start..self.fields[hi - 1].range.end;
                error(range, message)
            } else {
                // Any of the fields from `lo` to `hi + gap` may be the one too many.
                let among = &self.fields[lo..hi + gap];
                let range = among[0].range.start..among[among.len() - 1].range.end;
                let message = format!(
                    "{} of fields {}–{} (`{}`) {} too many: {counted}",
                    if gap == 1 {
                        "one".to_string()
                    } else {
                        gap.to_string()
                    },
                    lo + 1,
                    hi + gap,
                    joined(among),
                    if gap == 1 { "is a field" } else { "are fields" }
                );
                error(range, message)
            }
        } else {
            let first = &self.fields[prefix];
            let message = if prefix < FIELD_COUNT {
                format!(
                    "this line has {counted}: {FIELD_ORDER}; field {} is `{}`, where the {} \
belongs{}",
                    prefix + 1,
                    first.text,
                    FIELDS[prefix].2,
                    glued_flags(first),
                )
            } else {
                format!("this line has {counted}: {FIELD_ORDER}")
            };
            error(whole, message)
        };
        out.push(finding);
    }
}

/// The flags in order, as messages list them.
const FLAG_ORDER: &str = "rangestrikes, flies, native to bramble, drift, bog, sand dune, slope, \
volcano, water dwelling, magic missile, summonable, lord, demilord";

/// The fields in order, as messages list them.
const FIELD_ORDER: &str = "name, power, skill, 13 true/false flags, maximum count and plural name";

fn error(range: Range<usize>, message: String) -> Finding {
    Finding::new(Severity::Error, "colossus/syntax-error", range, message)
}

/// "the skill (field 3) is" or "fields 17–18 (maximum count to plural name) are", for `count`
/// fields from `slot`.
fn missing(slot: usize, count: usize) -> String {
    if count == 1 {
        format!("the {} (field {}) is", FIELDS[slot].2, slot + 1)
    } else {
        let last = slot + count - 1;
        format!(
            "fields {}–{} ({} to {}) are",
            slot + 1,
            last + 1,
            FIELDS[slot].2,
            FIELDS[last].2
        )
    }
}

/// A field of 18 that is not of its kind: what it is, what it must be and, where the game
/// reads it otherwise, how.
fn misfit(slot: usize, field: &Field, name: Option<&str>) -> String {
    let (_, kind, words) = FIELDS[slot];
    let of = match name {
        Some(name) if slot > 0 => format!(" of {name}"),
        _ => String::new(),
    };
    let text = &field.text;
    let must = match kind {
        Kind::Number => "it must be a whole number",
        Kind::Flag if text.eq_ignore_ascii_case("true") || text.eq_ignore_ascii_case("false") => {
            "it must be true or false, in lowercase"
        }
        Kind::Flag => "it must be true or false",
        Kind::Name => "it must be a name of letters only",
    };
    let unread = text
        .chars()
        .find(|c| !c.is_ascii_alphanumeric() && *c != '-');
    let why = match (unread, kind, field.shape) {
        (Some(c), _, _) => {
            format!(": the game cannot read `{c}` and stops loading the file (a lexical error)")
        }
        (None, Kind::Name, Shape::One(Token::Boolean)) => {
            ": the game reads true and false as flags, never as names".to_string()
        }
        (None, Kind::Name, _) if text.chars().any(|c| c.is_ascii_digit()) => {
            ": the game reads a digit as the start of a number, which moves every field after it"
                .to_string()
        }
        _ => glued_flags(field).to_string(),
    };
    format!(
        "the {words} (field {}){of} is `{text}`; {must}{why}",
        slot + 1
    )
}

/// A hint for flags written together (`falsetrue`), which the game reads as one name.
fn glued_flags(field: &Field) -> &'static str {
    let mut rest = field.text.as_ref();
    let mut flags = 0;
    while let Some(tail) = rest
        .strip_prefix("true")
        .or_else(|| rest.strip_prefix("false"))
    {
        rest = tail;
        flags += 1;
    }
    if flags > 1 && rest.is_empty() {
        ": put a blank between the flags"
    } else {
        ""
    }
}

/// The text of some fields, blank-separated, cut short when long.
fn joined(fields: &[Field]) -> String {
    const MAX: usize = 40;
    let mut out = String::new();
    for field in fields {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&field.text);
        if out.chars().count() > MAX {
            out = out.chars().take(MAX).collect();
            out.push('…');
            break;
        }
    }
    out
}
