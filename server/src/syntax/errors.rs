//! Syntax errors in the modder's words: every ERROR and MISSING node of the tree becomes one
//! finding with a tight range, saying what was found and what the game expected there.

use tree_sitter::{Language, Node};

use super::{Document, field_name};
use crate::findings::{Code, Finding, Limited};
use crate::registry::FormatId;

/// What a grammar's node kinds and fields are called in its game's words. Each format gives
/// its own (see `formats::Format`), so syntax errors are worded without syntax knowing formats.
pub trait GrammarWords {
    /// Plain words for a token or node kind: `"a terrain letter"`; `None` for hidden kinds.
    fn describe_kind(&self, kind: &str) -> Option<&'static str>;

    /// Plain words for a field, without article: `"number of piles"`.
    fn describe_field(&self, field: &str) -> Option<&'static str>;

    /// What the modder meant by the text at `range` that the grammar cannot read, when the
    /// format can tell (a VAR's `ter:` is a `TER:` the game crashes on): the finding that says
    /// so, in place of "unexpected …".
    fn slip(&self, _doc: &Document, _range: std::ops::Range<usize>) -> Option<Finding> {
        None
    }
}

/// The syntax errors of a document (none when its format is unknown), worded by `words`.
pub fn syntax_findings<W: GrammarWords + ?Sized>(doc: &Document, words: &W) -> Vec<Finding> {
    let (Some(format), Some(tree)) = (doc.format(), doc.tree()) else {
        return Vec::new();
    };
    if !tree.root_node().has_error() {
        return Vec::new();
    }
    // Messages read parse states: `Document::tree` gives a small broken text the tree of a
    // fresh parse, so they do not depend on the edit history.
    let root = tree.root_node();
    let ctx = Context {
        doc,
        format,
        words,
        language: format.language(),
    };
    let mut found: Vec<Finding> = Vec::new();
    // At most so many per file, the rest summed up in one last note.
    let mut out = Limited::new(&mut found);
    // One syntax error per line: what follows the first is mostly its echo.
    let mut last_line = None;
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if !node.has_error() {
            continue;
        }
        if node.is_error() || node.is_missing() {
            let finding = if node.is_missing() {
                ctx.missing(node)
            } else {
                ctx.error(node)
            };
            let line = Some(doc.rope().byte_to_line(finding.range.start));
            if line == last_line {
                continue;
            }
            last_line = line;
            out.push_finding(finding);
            continue;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    out.finish();
    found
}

struct Context<'a, W: ?Sized> {
    doc: &'a Document,
    format: FormatId,
    words: &'a W,
    language: Language,
}

impl<W: GrammarWords + ?Sized> Context<'_, W> {
    fn code(&self) -> &'static Code {
        self.format.family().syntax_error()
    }

    /// Something stands where it cannot: say what, and what could stand there.
    fn error(&self, node: Node) -> Finding {
        let raw = node.byte_range();
        let text = self.doc.slice(raw.clone());
        let leading = text.len() - text.trim_start().len();
        let trimmed = text.trim();
        let range = if trimmed.is_empty() {
            raw
        } else {
            raw.start + leading..raw.start + leading + trimmed.len()
        };
        if let Some(finding) = self.words.slip(self.doc, range.clone()) {
            return finding;
        }
        let first_line = trimmed.lines().next().unwrap_or("");
        let shown: String = first_line.chars().take(30).collect();
        let ellipsis = if shown.len() < trimmed.len() {
            "…"
        } else {
            ""
        };
        let found = if trimmed.is_empty() {
            "unexpected blank".to_string()
        } else {
            format!("unexpected “{shown}{ellipsis}”")
        };
        let place = node
            .parent()
            .filter(|p| p.parent().is_some())
            .and_then(|p| self.words.describe_kind(p.kind()))
            .map(|what| format!(" in {what}"))
            .unwrap_or_default();
        let Some(state) = self.state_before(node) else {
            return Finding::new(self.code(), range, format!("{found}{place}"));
        };
        // Follow the parser through the skipped tokens: the first one that cannot stand where it
        // stands is the culprit, and the parser's state there says what could.
        let mut state = state;
        let mut previous: Option<Node> = None;
        for leaf in leaves(node) {
            let (ids, expected) = self.expected_in(state);
            if !ids.contains(&leaf.kind_id()) {
                let token = self.doc.slice(leaf.byte_range());
                let range = leaf.byte_range();
                let token = match token.trim() {
                    "" => "unexpected end of the line".to_string(),
                    token => format!("unexpected “{token}”"),
                };
                let message = if expected.is_empty() {
                    format!("{token}{place}")
                } else {
                    format!("{token}{place}; expected {}", or_list(&expected))
                };
                return Finding::new(self.code(), range, message);
            }
            state = self.language.next_state(state, leaf.kind_id());
            if state == 0 {
                // The token completes a rule; without the parse stack we cannot follow further.
                return Finding::new(self.code(), range, format!("{found}{place}"));
            }
            previous = Some(leaf);
        }
        // Every skipped token could stand there: what follows them is missing.
        let (_, expected) = self.expected_in(state);
        let message = match (previous, expected.is_empty()) {
            (Some(last), false) => {
                let token = self.doc.slice(last.byte_range());
                format!(
                    "expected {} after “{}”{place}",
                    or_list(&expected),
                    token.trim()
                )
            }
            _ => format!("{found}{place}"),
        };
        Finding::new(self.code(), range, message)
    }

    /// A required token is absent: name it, and the token it should follow.
    fn missing(&self, node: Node) -> Finding {
        let field = field_name(node);
        let what = field
            .and_then(|f| self.words.describe_field(f))
            .map(with_article)
            .or_else(|| self.words.describe_kind(node.kind()).map(str::to_owned))
            .unwrap_or_else(|| format!("“{}”", node.kind()));
        let previous = node.prev_sibling().filter(|p| !p.is_extra());
        let after = previous.and_then(|p| {
            field_name(p)
                .and_then(|f| self.words.describe_field(f))
                .map(|noun| format!("the {noun}"))
                .or_else(|| self.words.describe_kind(p.kind()).map(str::to_owned))
        });
        let at = previous.map_or(node.start_byte(), |p| p.end_byte());
        let message = match after {
            Some(after) => format!("expected {what} after {after}"),
            None => format!("expected {what}"),
        };
        Finding::new(self.code(), at..at, message)
    }

    /// The parse state right before `node`; `None` right after an earlier error, where the
    /// state says nothing about this place.
    fn state_before(&self, node: Node) -> Option<u16> {
        match preceding_leaf(node) {
            Some(leaf) if inside_error(leaf) => None,
            Some(leaf) => Some(leaf.next_parse_state()),
            None => Some(1), // tree-sitter's start state
        }
    }

    /// The tokens the grammar accepts in `state`: their ids and, deduplicated, their words.
    fn expected_in(&self, state: u16) -> (Vec<u16>, Vec<&'static str>) {
        let Some(lookahead) = self.language.lookahead_iterator(state) else {
            return (Vec::new(), Vec::new());
        };
        // Terminals come first in a generated symbol table, before the root rule.
        let first_rule = self.language.id_for_node_kind("source_file", true);
        let mut ids = Vec::new();
        let mut words: Vec<&'static str> = Vec::new();
        for id in lookahead {
            if id >= first_rule && first_rule != 0 {
                continue;
            }
            ids.push(id);
            let name = self.language.node_kind_for_id(id).unwrap_or("");
            let word = match name {
                "\n" | "\r\n" | "\r" | "_newline" | "newline" => Some(END_OF_LINE),
                "end" => Some(END_OF_FILE),
                // Comments may stand anywhere; listing them would only add noise.
                "comment" => None,
                _ => self.words.describe_kind(name),
            };
            if let Some(word) = word.filter(|w| !words.contains(w)) {
                words.push(word);
            }
        }
        if words.contains(&END_OF_LINE) {
            words.retain(|w| *w != END_OF_FILE);
        }
        // Things that can be written come before the ends of lines and files.
        words.sort_by_key(|w| [END_OF_LINE, END_OF_FILE].contains(w));
        (ids, words)
    }
}

const END_OF_LINE: &str = "the end of the line";
const END_OF_FILE: &str = "the end of the file";

/// The tokens inside `node`, in order, without comments.
fn leaves(node: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.child_count() == 0 {
            if !n.is_extra() && n != node {
                out.push(n);
            }
            continue;
        }
        let mut cursor = n.walk();
        let children: Vec<Node> = n.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

fn inside_error(node: Node) -> bool {
    let mut current = Some(node);
    while let Some(n) = current {
        if n.is_error() {
            return true;
        }
        current = n.parent();
    }
    false
}

/// The last leaf before `node` in the tree, skipping comments.
fn preceding_leaf(node: Node) -> Option<Node> {
    let mut current = node;
    loop {
        match current.prev_sibling() {
            Some(sibling) => {
                let mut leaf = sibling;
                while let Some(last) = leaf
                    .child_count()
                    .checked_sub(1)
                    .and_then(|i| leaf.child(i))
                {
                    leaf = last;
                }
                if leaf.is_extra() {
                    current = sibling;
                    continue;
                }
                return Some(leaf);
            }
            None => current = current.parent()?,
        }
    }
}

fn with_article(noun: &str) -> String {
    let vowel_sound = noun.starts_with(['a', 'e', 'i', 'o', 'u', 'x', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {noun}", if vowel_sound { "an" } else { "a" })
}

fn or_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::{MAX_PER_CODE, Severity};

    /// The syntax errors of a text, in its format's words (test code may reach up a layer).
    fn findings(format: FormatId, text: &str) -> Vec<Finding> {
        syntax_findings(
            &Document::new(Some(format), text),
            crate::formats::spec(format),
        )
    }

    fn messages(format: FormatId, text: &str) -> Vec<(std::ops::Range<usize>, String)> {
        findings(format, text)
            .into_iter()
            .map(|f| (f.range, f.message))
            .collect()
    }

    #[test]
    fn a_missing_field_is_named_after_the_one_before() {
        let text = "Mysteriet\r\n  2\r\n104 4 4 0 0 0 999 1 999 0 2\r\n";
        assert_eq!(
            messages(FormatId::PatienceGame, text),
            [(
                14..14,
                "expected a number of piles after the number of decks".to_string()
            )]
        );
    }

    #[test]
    fn the_first_token_that_cannot_stand_there_is_blamed() {
        let text = "B green Brush maybe 1 Gargoyle 2 Cyclops\n";
        assert_eq!(
            messages(FormatId::ColossusTer, text),
            [(
                14..19,
                "unexpected “maybe” in a terrain line; expected true or false".to_string()
            )]
        );
    }

    #[test]
    fn one_error_per_line_and_a_cap_per_file() {
        let text = "1 2 3 4 5 6 7 8 9\n".repeat(150);
        let found = findings(FormatId::ColossusVar, &text);
        assert_eq!(found.len(), MAX_PER_CODE + 1);
        assert_eq!(found[MAX_PER_CODE].severity, Severity::Information);
        assert_eq!(
            found[MAX_PER_CODE].message,
            "50 more findings of this kind (colossus/syntax-error) from here on are not shown; \
fix the ones above first"
        );
        // The note stands on the first line not shown.
        assert_eq!(found[MAX_PER_CODE].range.start, 100 * 18);
    }
}
