//! Semantic highlighting: the grammar's colours, with the values the game does not know (or
//! does not allow there) marked invalid. In digit-coded fields only the bad digit is marked, so
//! it stands out inside its number.

use std::ops::Range;

use super::fields::{self, ValueDoc};
use super::view::{GameView, Number, Pile};
use crate::answers::{Highlight, HighlightKind};
use crate::syntax::Document;
use crate::syntax::query_highlights;

pub fn highlights(doc: &Document) -> Vec<Highlight> {
    let view = GameView::new(doc);
    let mut invalid: Vec<Range<usize>> = view.piles.iter().flat_map(invalid_parts).collect();
    invalid.sort_by_key(|r| r.start);
    split(query_highlights(doc), &invalid)
}

/// The byte ranges of a pile line's invalid values and digits, in text order.
fn invalid_parts(pile: &Pile) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for (index, number) in pile.numbers.iter().enumerate() {
        let Some(field) = pile.slot(index).and_then(|slot| slot.doc()) else {
            continue;
        };
        let Some(value) = number.value else {
            out.push(number.range.clone());
            continue;
        };
        let decoded = fields::decode(field, value, number.written);
        if field.digits.is_empty() {
            if !decoded.whole.is_some_and(ValueDoc::allowed) {
                out.push(number.range.clone());
            }
            continue;
        }
        if decoded.negative {
            out.push(number.range.clone());
            continue;
        }
        let mut parts: Vec<Range<usize>> = decoded
            .outer
            .iter()
            .chain(&decoded.digits)
            .filter(|r| !r.meaning.is_some_and(ValueDoc::allowed))
            // A digit too short to be written is invalid as 0: the whole number is.
            .map(|r| {
                r.span
                    .as_ref()
                    .map_or(number.range.clone(), |s| number.sub_range(s))
            })
            .collect();
        if let Some((_, span)) = &decoded.excess {
            parts.push(number.sub_range(span));
        }
        out.extend(merged(parts, number));
    }
    out
}

/// Sorted, non-overlapping ranges (a whole-number range swallows its digits).
fn merged(mut parts: Vec<Range<usize>>, number: &Number) -> Vec<Range<usize>> {
    if parts.contains(&number.range) {
        return vec![number.range.clone()];
    }
    parts.sort_by_key(|r| r.start);
    parts.dedup();
    parts
}

/// Cuts the invalid ranges out of the tokens that hold them (tokens and ranges both in text
/// order, not overlapping).
fn split(tokens: Vec<Highlight>, invalid: &[Range<usize>]) -> Vec<Highlight> {
    let mut out = Vec::with_capacity(tokens.len() + 2 * invalid.len());
    let mut next = 0;
    for token in tokens {
        let mut at = token.start;
        while next < invalid.len() && invalid[next].end <= at {
            next += 1;
        }
        while let Some(bad) = invalid.get(next).filter(|b| b.start < token.end) {
            let (start, end) = (bad.start.max(at), bad.end.min(token.end));
            if at < start {
                out.push(Highlight {
                    start: at,
                    end: start,
                    kind: token.kind,
                });
            }
            if start < end {
                out.push(Highlight {
                    start,
                    end,
                    kind: HighlightKind::Invalid,
                });
            }
            at = at.max(end);
            if bad.end > token.end {
                break;
            }
            next += 1;
        }
        if at < token.end {
            out.push(Highlight {
                start: at,
                end: token.end,
                kind: token.kind,
            });
        }
    }
    out
}
