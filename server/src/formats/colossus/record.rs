//! How a Colossus record line is read, for the grammars whose lines are runs of tokens that
//! cannot fail to parse (CRE, MAP). A [`Layout`] says which fields a line has, in the game's
//! order; a line's fields are read into them, and a field left out, one too many or one of the
//! wrong kind is worded within its own line, so a broken line never changes how the lines around
//! it read.

use std::borrow::Cow;
use std::ops::Range;

use tree_sitter::{Node, TreeCursor};

use super::codes;
use super::syntax::{Num, Word};
use crate::findings::{Finding, Fix, TextEdit};
use crate::text::ChunkReader;

/// The line break to end a new record with: the file's CRLF, else LF. The game's loaders end a
/// record at LF alone (a CR is a space to them), so a CR-only file gets LF, never a lone CR.
pub fn record_break(rope: &ropey::Rope) -> &'static str {
    if crate::findings::line_break(rope) == "\r\n" {
        "\r\n"
    } else {
        "\n"
    }
}

/// What a field must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Letters (a creature name).
    Name,
    Number,
    /// `true` or `false`.
    Flag,
    /// One letter (a terrain).
    Letter,
    /// `ARROW`, `ARROWS`, `ARCH` or `BLOCK`.
    Way,
    /// A word of the 2002-11 lexer (`CHAINE`): a letter, `.` or `_`, then letters, digits, `.`
    /// and `_` (`Balrog100`).
    LaterWord,
    /// `Special:` and the Java class the game uses for the creature (2002-11).
    Special,
}

/// Whether `text` is a word of the 2002-11 lexer: `[A-Za-z._][A-Za-z0-9._]*`.
pub fn is_later_word(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '.' || c == '_')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
}

/// One field of a layout: the name the checks and hover know it by, what it must be, and the
/// words messages use.
pub struct FieldDef(pub &'static str, pub Kind, pub &'static str);

/// The fields of one kind of line.
pub struct Layout {
    /// What messages call such a line: `"creature line"`.
    pub line: &'static str,
    pub fields: &'static [FieldDef],
    /// The fields in order, as messages list them.
    pub order: &'static str,
    /// Whether tokens with no blank between them make one field (the CRE: `Ogre2` is a broken
    /// name) or one field each, as the game reads them (the MAP: `5P` is a label and a terrain).
    pub touching_is_one_field: bool,
    /// The field whose text names the record in messages (`Ogre`, `hex 5`), and the word before it.
    pub subject: Option<(usize, &'static str)>,
    /// Alike fields in a row, which messages count as a whole when one is missing or extra.
    pub run: Option<Run>,
}

/// Alike fields in a row: the CRE's 13 flags.
pub struct Run {
    pub slots: Range<usize>,
    /// `"true/false flags"`.
    pub words: &'static str,
    /// Their order, as messages list them.
    pub order: &'static str,
}

/// The kind of one token of the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// Letters.
    Word,
    Number,
    /// A keyword of the layout's grammar (`true`, `ARROW`).
    Keyword,
    /// Characters the game's lexer takes in no token.
    Stray,
    /// A word with digits, `.` or `_` (the MAP's `name`: a 2003-10 terrain name such as
    /// `Woods3`); a layout read token by token splits it as the 2002-02 lexer does.
    Name,
}

/// The grammar's ids of a line's token kinds: `word`, `number`, `keyword`, `stray` and `name`
/// name the kinds of [`Token`] in the grammar.
pub struct TokenKinds([(u16, Token); 5]);

impl TokenKinds {
    /// `name`: the grammar's kind of [`Token::Name`], where it has one.
    pub fn new(
        language: &tree_sitter::LanguageRef,
        word: &str,
        keyword: &str,
        name: Option<&str>,
    ) -> TokenKinds {
        let id = |kind| language.id_for_node_kind(kind, true);
        TokenKinds([
            (id(word), Token::Word),
            (id("number"), Token::Number),
            (id(keyword), Token::Keyword),
            (id("stray"), Token::Stray),
            (name.map_or(u16::MAX, id), Token::Name),
        ])
    }

    /// The token of a node of kind `id`, if it is one.
    pub fn token(&self, id: u16) -> Option<Token> {
        self.0
            .iter()
            .find(|(kind, _)| *kind == id)
            .map(|(_, token)| *token)
    }

    /// The tokens of the line at the cursor (comments left out), which is left where it was.
    pub fn line(&self, cursor: &mut TreeCursor, tokens: &mut Vec<(Token, Range<usize>)>) {
        tokens.clear();
        if cursor.goto_first_child() {
            loop {
                if let Some(token) = self.token(cursor.node().kind_id()) {
                    tokens.push((token, cursor.node().byte_range()));
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
            cursor.goto_parent();
        }
    }
}

/// What a field's tokens make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    One(Token),
    /// Several tokens with no blank between them (`Ogre2`, `5-`).
    Touching,
}

/// One field of a line.
pub struct Field<'a> {
    pub text: Cow<'a, str>,
    pub range: Range<usize>,
    shape: Shape,
    /// The first character of a `stray` token in it: one the game cannot read.
    unread: Option<char>,
}

impl Field<'_> {
    pub fn fits(&self, kind: Kind) -> bool {
        match (self.shape, kind) {
            (Shape::One(Token::Word), Kind::Name) => true,
            (Shape::One(Token::Word), Kind::Letter) => self.text.len() == 1,
            (Shape::One(Token::Number), Kind::Number) => true,
            (Shape::One(Token::Keyword), Kind::Flag | Kind::Way) => true,
            (Shape::One(Token::Keyword), Kind::LaterWord) => false,
            (_, Kind::LaterWord) => is_later_word(&self.text),
            (_, Kind::Special) => self
                .text
                .strip_prefix("Special:")
                .is_some_and(|class| !class.is_empty() && is_later_word(&format!("a{class}"))),
            _ => false,
        }
    }
}

/// A line read into the fields of its layout.
pub struct Line<'a> {
    layout: &'static Layout,
    pub fields: Vec<Field<'a>>,
    /// For each field of the layout, the field of the line read into it: where the line's place
    /// for it is certain and the field is of its kind.
    slots: Vec<Option<usize>>,
    /// How many fields from the start stand where they should and fit.
    prefix: usize,
    /// How many fields from the end stand where they should and fit.
    suffix: usize,
}

impl<'a> Line<'a> {
    /// The line of `tokens` (kinds and byte ranges, in text order), their text read from `text`.
    pub fn read(
        layout: &'static Layout,
        tokens: &[(Token, Range<usize>)],
        text: &mut ChunkReader<'a>,
    ) -> Line<'a> {
        let split;
        let tokens = if !layout.touching_is_one_field && tokens.iter().any(|t| t.0 == Token::Name) {
            split = split_names(tokens, text);
            &split[..]
        } else {
            tokens
        };
        let count = layout.fields.len();
        let mut fields: Vec<Field> = Vec::with_capacity(count);
        let mut start = 0;
        // Letters with no blank between them are one word to the game's lexer, keyword or not
        // (`ARROWZ` is no `ARROW` and a `Z` too many), whichever way the layout reads other
        // touching tokens.
        let letters = |token: &Token| matches!(token, Token::Word | Token::Keyword);
        for (i, (token, range)) in tokens.iter().enumerate() {
            let last = match tokens.get(i + 1) {
                Some((next_token, next)) if next.start == range.end => {
                    !(layout.touching_is_one_field || letters(token) && letters(next_token))
                }
                _ => true,
            };
            if !last {
                continue;
            }
            let range = tokens[start].1.start..range.end;
            let shape = if start == i {
                Shape::One(*token)
            } else if layout.touching_is_one_field {
                Shape::Touching
            } else {
                Shape::One(Token::Word)
            };
            let field_text = text.slice(range.clone());
            let unread = tokens[start..=i]
                .iter()
                .find(|(token, _)| *token == Token::Stray)
                .and_then(|(_, stray)| field_text.get(stray.start - range.start..)?.chars().next());
            fields.push(Field {
                text: field_text,
                range,
                shape,
                unread,
            });
            start = i + 1;
        }
        let fits = |field: usize, slot: usize| fields[field].fits(layout.fields[slot].1);
        let n = fields.len();
        let prefix = (0..n.min(count)).take_while(|&i| fits(i, i)).count();
        let suffix = (0..n.min(count))
            .take_while(|&j| fits(n - 1 - j, count - 1 - j))
            .count();
        let mut slots = vec![None; count];
        if n == count {
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
                    let (field, slot) = (n - 1 - j, count - 1 - j);
                    if field >= prefix && slot >= prefix {
                        slots[slot] = Some(field);
                    }
                }
            }
        }
        Line {
            layout,
            fields,
            slots,
            prefix,
            suffix,
        }
    }

    /// The fields of the line `node`, read alone (for hover).
    pub fn of_node(
        layout: &'static Layout,
        kinds: &TokenKinds,
        node: Node,
        text: &mut ChunkReader<'a>,
    ) -> Line<'a> {
        let mut tokens = Vec::with_capacity(layout.fields.len());
        kinds.line(&mut node.walk(), &mut tokens);
        Line::read(layout, &tokens, text)
    }

    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The field read into the layout's field `slot`, if any.
    pub fn slot(&self, slot: usize) -> Option<&Field<'a>> {
        self.fields.get((*self.slots.get(slot)?)?)
    }

    /// The text of the field read into `slot`, as a word.
    pub fn word(&self, slot: usize) -> Option<Word> {
        self.slot(slot).map(|f| Word {
            text: f.text.as_ref().into(),
            range: f.range.clone(),
        })
    }

    /// The field read into `slot`, as a number (`None` in `value` when it does not fit).
    pub fn number(&self, slot: usize) -> Option<Num> {
        self.slot(slot).map(|f| Num {
            value: f.text.parse().ok(),
            range: f.range.clone(),
        })
    }

    /// Which of the layout's fields the field at `byte` was read into.
    pub fn slot_at(&self, byte: usize) -> Option<usize> {
        let field = self
            .fields
            .iter()
            .position(|f| f.range.start <= byte && byte < f.range.end)?;
        self.slots.iter().position(|s| *s == Some(field))
    }

    /// The record's name in messages: `Ogre`, `hex 5`.
    fn subject(&self) -> Option<String> {
        let (slot, word) = self.layout.subject?;
        Some(format!("{word}{}", self.slot(slot)?.text))
    }

    /// A number written with a minus sign where the game reads digits only (a MAP exit `-1`):
    /// the game cannot read the `-`, and the number after it is not a field of its own.
    fn negative(&self) -> Option<Finding> {
        let fields = &self.fields;
        let at = fields
            .iter()
            .position(|f| f.unread == Some('-') && f.text == "-")?;
        let number = fields
            .get(at + 1)
            .filter(|f| f.range.start == fields[at].range.end)
            .filter(|f| matches!(f.shape, Shape::One(Token::Number)))?;
        let FieldDef(_, kind, words) = self.layout.fields.get(at)?;
        if !matches!(kind, Kind::Number) {
            return None;
        }
        let of = self
            .subject()
            .filter(|_| Some(at) != self.layout.subject.map(|s| s.0))
            .map(|s| format!(" of {s}"))
            .unwrap_or_default();
        Some(error(
            fields[at].range.start..number.range.end,
            format!(
                "the {words} (field {}){of} is -{}, a negative number; it must be 0 or more: the \
game reads no minus sign here, cannot read “-” and stops loading the file (a lexical error)",
                at + 1,
                number.text
            ),
        ))
    }

    /// What is wrong with the line's fields: one finding per field of the wrong kind, or one for
    /// the line when it has too few or too many.
    pub fn errors(&self, out: &mut Vec<Finding>) {
        let layout = self.layout;
        let (fields, count) = (&self.fields, layout.fields.len());
        let n = fields.len();
        if n == 0 {
            return;
        }
        let words = |slot: usize| layout.fields[slot].2;
        if let Some(finding) = self.negative() {
            // A minus sign the game cannot read: one mistake, not a field too many.
            out.push(finding);
            return;
        }
        let (prefix, suffix) = (self.prefix, self.suffix);
        if n == count {
            for (slot, field) in fields.iter().enumerate() {
                if !field.fits(layout.fields[slot].1) {
                    let subject = self
                        .subject()
                        .filter(|_| Some(slot) != layout.subject.map(|s| s.0));
                    let kind = layout.fields[slot].1;
                    let mut finding =
                        error(field.range.clone(), misfit(layout, slot, field, subject))
                            .with_fix(capitalised(kind, field));
                    if finding.fixes.is_empty() {
                        finding.fixes.extend(nearest_ways(kind, field));
                    }
                    out.push(finding);
                }
            }
            return;
        }
        let whole = fields[0].range.start..fields[n - 1].range.end;
        let counted = format!(
            "{}; a {} has {count}",
            crate::findings::plural(n, "field", "fields"),
            layout.line
        );
        let run = layout.run.as_ref();
        let finding = if n > count && prefix == count {
            // The line runs on after its last field.
            let extra = &fields[count..];
            let message = format!(
                "unexpected “{}” after the {} (field {count}): {counted}; remove {}{}",
                joined(extra),
                words(count - 1),
                if extra.len() == 1 { "it" } else { "them" },
                unreadable(extra)
            );
            error(extra[0].range.start..whole.end, message)
        } else if n < count && prefix == n {
            // The line stops early.
            let end = fields[n - 1].range.end;
            let message = format!(
                "{} missing after the {} (field {n}); a {} has {count} fields",
                missing(layout, n, count - n),
                words(n - 1),
                layout.line
            );
            error(end..end, message)
        } else if prefix + suffix >= n.min(count) {
            // The fields fit but for a gap (or a run of extra fields) that starts somewhere
            // from `lo` to `hi`.
            let (gap, lo, hi) = if n < count {
                (count - n, n - suffix, prefix)
            } else {
                (n - count, count - suffix, prefix)
            };
            if lo == hi && n < count {
                let (at, message) = if lo == 0 {
                    (
                        whole.start,
                        format!(
                            "{} missing at the start of the line",
                            missing(layout, 0, gap)
                        ),
                    )
                } else {
                    (
                        fields[lo - 1].range.end,
                        format!(
                            "{} missing after the {} (field {lo})",
                            missing(layout, lo, gap),
                            words(lo - 1)
                        ),
                    )
                };
                error(at..at, message)
            } else if lo == hi {
                let extra = &fields[lo..lo + gap];
                let place = if lo == 0 {
                    "at the start of the line".to_string()
                } else {
                    format!("after the {} (field {lo})", words(lo - 1))
                };
                let message = format!(
                    "“{}” {} too many {place}: {counted}; remove {}{}",
                    joined(extra),
                    if gap == 1 { "is a field" } else { "are fields" },
                    if gap == 1 { "it" } else { "them" },
                    unreadable(extra)
                );
                error(extra[0].range.start..extra[gap - 1].range.end, message)
            } else if let Some(run) = run.filter(|run| {
                run.slots.start <= lo && hi + if n < count { gap } else { 0 } <= run.slots.end
            }) {
                // Somewhere in a run of alike fields, which all look the same.
                let found = n + run.slots.len() - count;
                let first = &fields[run.slots.start];
                let last = &fields[run.slots.start + found - 1];
                let message = format!(
                    "{} has {found} {}; a {} has {} (fields {}–{}: {}): {}",
                    self.subject().unwrap_or_else(|| "this line".to_string()),
                    run.words,
                    layout.line,
                    run.slots.len(),
                    run.slots.start + 1,
                    run.slots.end,
                    run.order,
                    match (n < count, gap) {
                        (true, 1) => "add the missing one".to_string(),
                        (true, _) => format!("add the {gap} missing ones"),
                        (false, 1) => "remove the extra one".to_string(),
                        (false, _) => format!("remove the {gap} extra ones"),
                    }
                );
                error(first.range.start..last.range.end, message)
            } else if n < count {
                // Any of the fields from `lo` to `hi + gap` may be the one left out.
                let last = hi + gap - 1;
                let message = if gap == 1 && hi == lo + 1 {
                    format!(
                        "the {} (field {}) or the {} (field {}) is missing: {counted}",
                        words(lo),
                        lo + 1,
                        words(hi),
                        hi + 1
                    )
                } else {
                    format!(
                        "{gap} of fields {}–{} ({} to {}) {} missing: {counted}",
                        lo + 1,
                        last + 1,
                        words(lo),
                        words(last),
                        if gap == 1 { "is" } else { "are" }
                    )
                };
                error(fields[lo].range.start..fields[hi - 1].range.end, message)
            } else {
                // Any of the fields from `lo` to `hi + gap` may be the one too many.
                let among = &fields[lo..hi + gap];
                let message = format!(
                    "{} of fields {}–{} (“{}”) {} too many: {counted}{}",
                    if gap == 1 {
                        "one".to_string()
                    } else {
                        gap.to_string()
                    },
                    lo + 1,
                    hi + gap,
                    joined(among),
                    if gap == 1 { "is a field" } else { "are fields" },
                    unreadable(among)
                );
                error(
                    among[0].range.start..among[among.len() - 1].range.end,
                    message,
                )
            }
        } else {
            let message = if prefix < count {
                let first = &fields[prefix];
                format!(
                    "this line has {counted}: {}; field {} is “{}”, where the {} belongs{}",
                    layout.order,
                    prefix + 1,
                    first.text,
                    words(prefix),
                    glued_flags(first),
                )
            } else {
                format!("this line has {counted}: {}", layout.order)
            };
            error(whole, message + &unreadable(fields))
        };
        out.push(finding);
    }
}

/// `tokens` with each [`Token::Name`] split as the 2002-02 lexer reads it: runs of letters
/// (words), of digits (numbers) and of other characters (which it cannot read).
fn split_names(
    tokens: &[(Token, Range<usize>)],
    text: &mut ChunkReader,
) -> Vec<(Token, Range<usize>)> {
    let class = |c: char| {
        if c.is_ascii_alphabetic() {
            Token::Word
        } else if c.is_ascii_digit() {
            Token::Number
        } else {
            Token::Stray
        }
    };
    let mut out = Vec::with_capacity(tokens.len() + 2);
    for (token, range) in tokens {
        if *token != Token::Name {
            out.push((*token, range.clone()));
            continue;
        }
        let name = text.slice(range.clone());
        let mut run: Option<(Token, usize)> = None;
        for (at, c) in name.char_indices() {
            let kind = class(c);
            match run {
                Some((current, _)) if current == kind => {}
                Some((current, start)) => {
                    out.push((current, range.start + start..range.start + at));
                    run = Some((kind, at));
                }
                None => run = Some((kind, at)),
            }
        }
        if let Some((kind, start)) = run {
            out.push((kind, range.start + start..range.end));
        }
    }
    out
}

fn error(range: Range<usize>, message: String) -> Finding {
    Finding::new(codes::SYNTAX_ERROR, range, message)
}

/// "the skill (field 3) is" or "fields 17–18 (maximum count to plural name) are", for `count`
/// fields from `slot`.
fn missing(layout: &Layout, slot: usize, count: usize) -> String {
    let words = |slot: usize| layout.fields[slot].2;
    if count == 1 {
        format!("the {} (field {}) is", words(slot), slot + 1)
    } else {
        let last = slot + count - 1;
        format!(
            "fields {}–{} ({} to {}) are",
            slot + 1,
            last + 1,
            words(slot),
            words(last)
        )
    }
}

/// A field of a line with the right number of them that is not of its kind: what it is, what it
/// must be and, where the game reads it otherwise, how.
fn misfit(layout: &Layout, slot: usize, field: &Field, subject: Option<String>) -> String {
    let FieldDef(_, kind, words) = layout.fields[slot];
    let of = subject.map(|s| format!(" of {s}")).unwrap_or_default();
    let text = &field.text;
    let upper = text.to_ascii_uppercase();
    let must = match kind {
        Kind::Number => "it must be a whole number".to_string(),
        Kind::Flag if upper == "TRUE" || upper == "FALSE" => {
            "it must be true or false, in lowercase".to_string()
        }
        Kind::Flag => "it must be true or false".to_string(),
        Kind::Name => "it must be a name of letters only".to_string(),
        Kind::Letter => "it must be one terrain letter".to_string(),
        Kind::Way if WAYS.contains(&upper.as_str()) => {
            format!("exit types are in capitals: write {upper}")
        }
        Kind::Way => "it must be an exit type: ARROW, ARROWS, ARCH or BLOCK".to_string(),
        Kind::LaterWord => "it must be a name: a letter, then letters, digits, . or _".to_string(),
        Kind::Special => "it must be Special: and a class name".to_string(),
    };
    let why = match (field.unread, kind, field.shape) {
        (_, Kind::LaterWord | Kind::Special, _) => String::new(),
        (Some(_), _, _) => unreadable(std::slice::from_ref(field)),
        (None, Kind::Name, Shape::One(Token::Keyword)) => {
            ": the game reads true and false as flags, never as names".to_string()
        }
        (None, Kind::Name, _) if text.chars().any(|c| c.is_ascii_digit()) => {
            ": the game reads a digit as the start of a number, which moves every field after it"
                .to_string()
        }
        (None, Kind::Letter, Shape::One(Token::Word)) => {
            ": the game reads each letter as a terrain of its own, which moves every field after it"
                .to_string()
        }
        _ => glued_flags(field).to_string(),
    };
    format!(
        "the {words} (field {}){of} is “{text}”; {must}{why}",
        slot + 1
    )
}

/// The fix of a flag or an exit type written in the wrong case: `TRUE` → `true`,
/// `arrows` → `ARROWS`.
fn capitalised(kind: Kind, field: &Field) -> Option<Fix> {
    let written = match kind {
        Kind::Flag => field.text.to_ascii_lowercase(),
        Kind::Way => field.text.to_ascii_uppercase(),
        _ => return None,
    };
    let known = matches!(written.as_str(), "true" | "false") || WAYS.contains(&written.as_str());
    (known && written != field.text).then(|| {
        Fix::one(
            format!("Write '{written}'"),
            TextEdit::replace(field.range.clone(), written),
        )
        .preferred()
    })
}

/// The exit types nearest to a misspelt one (`ARROWZ`: ARROWS, then ARROW), each a fix; none
/// preferred, as each is a guess.
fn nearest_ways(kind: Kind, field: &Field) -> Vec<Fix> {
    if kind != Kind::Way || !field.text.chars().all(|c| c.is_ascii_alphabetic()) {
        return Vec::new();
    }
    let upper = field.text.to_ascii_uppercase();
    let limit = (upper.len() / 3).max(1);
    let mut near: Vec<(usize, usize, &str)> = WAYS
        .iter()
        .map(|way| {
            let distance = crate::text::edit_distance(&upper, way);
            (distance, way.len().abs_diff(upper.len()), *way)
        })
        .filter(|(distance, _, _)| *distance <= limit)
        .collect();
    near.sort();
    near.into_iter()
        .map(|(_, _, way)| {
            Fix::one(
                format!("Write '{way}'"),
                TextEdit::replace(field.range.clone(), way),
            )
        })
        .collect()
}

/// The exit types of the MAP.
pub(super) const WAYS: [&str; 4] = ["ARROW", "ARROWS", "ARCH", "BLOCK"];

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
    let texts: Vec<&str> = fields.iter().map(|f| &*f.text).collect();
    crate::text::shorten(&texts.join(" "), 40)
}

/// Why the game stops on these fields, if one has a character it cannot read.
fn unreadable(fields: &[Field]) -> String {
    fields
        .iter()
        .find_map(|f| f.unread)
        .map(|c| {
            format!(": the game cannot read “{c}” and stops loading the file (a lexical error)")
        })
        .unwrap_or_default()
}
