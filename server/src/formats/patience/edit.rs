//! Board edits of a Patience game (see [`crate::render::edit`]): a pile (`pile:N`, N as the
//! game counts piles) dragged to another place. Its action is a template the client fills with
//! the pixels dropped at: `place:X,Y` snaps them to the grid piles are usually laid on,
//! `place-exact:X,Y` (the Alt key) writes them as they are. Only fields 2 and 3 (x and y)
//! change, with the columns of a file laid out as `retroboard format` lays it out; the window
//! grows by itself to the largest x + 71 and y + 96 of the piles seen (the spec's "Advanced"),
//! so no filler pile needs to follow.

use super::view::{FIELDS, FIELDS_WITH_RULE_SET_2, GameView};
use crate::draw::Action;
use crate::findings::TextEdit;
use crate::formats::layout;
use crate::syntax::Document;

/// The place templates a pile offers: `X,Y` stands for the pixels, as the file stores them.
const SNAPPED: &str = "place:X,Y";
const EXACT: &str = "place-exact:X,Y";

/// The grid a snapped place lands on: the spec's stock stands at (4, 4), and piles side by
/// side are a card (71 × 96) and a gap apart: 79 across (4, 83, 162 …), 96 down.
const ORIGIN: u64 = 4;
const STEP_X: u64 = 79;
const STEP_Y: u64 = 96;

/// What the pile `id` can become: placed elsewhere, snapped or exact.
pub fn actions(doc: &Document, id: &str) -> Vec<Action> {
    let view = GameView::of(doc);
    if pile_number(id).is_none_or(|n| !view.piles.iter().any(|p| p.number == n)) {
        return Vec::new();
    }
    vec![
        Action::new(SNAPPED, "drag to move (snapped to the 79 × 96 grid)"),
        Action::new(EXACT, "drag to move, to the pixel (Alt)"),
    ]
}

fn pile_number(id: &str) -> Option<usize> {
    id.strip_prefix("pile:")?.parse().ok()
}

/// The place an action asks for, snapped unless it is exact; `None` for another action.
fn asked_place(action: &str) -> Option<(u64, u64)> {
    let (exact, place) = match action.strip_prefix("place-exact:") {
        Some(place) => (true, place),
        None => (false, action.strip_prefix("place:")?),
    };
    let (x, y) = place.split_once(',')?;
    let digits = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (x, y) = (u64::from(digits(x)?), u64::from(digits(y)?));
    if exact {
        return Some((x, y));
    }
    let snap = |at: u64, step: u64| ORIGIN + (at.saturating_sub(ORIGIN) + step / 2) / step * step;
    Some((snap(x, STEP_X), snap(y, STEP_Y)))
}

/// The edits moving the pile `id` to the place `action` asks for, or why not.
pub fn edit(doc: &Document, id: &str, action: &str) -> Result<Vec<TextEdit>, String> {
    let view = GameView::of(doc);
    let pile = pile_number(id)
        .and_then(|n| view.piles.iter().find(|p| p.number == n))
        .ok_or_else(|| format!("the game has no pile {id}"))?;
    let (x, y) = asked_place(action).ok_or_else(|| {
        format!("{id} cannot be moved by {action}: a place is x,y in pixels, such as place:83,4")
    })?;
    if view.head_broken {
        return Err(format!(
            "{id} is not moved: the lines before the piles have a syntax error, so which line \
is which pile is not certain; mend them first"
        ));
    }
    let written = pile.numbers.len();
    if written != pile.expected_len() || !matches!(written, FIELDS | FIELDS_WITH_RULE_SET_2) {
        return Err(format!(
            "{id} is not moved: its line holds {written} numbers, not {}, so which of them are x \
and y is not certain; mend it first",
            pile.expected_len()
        ));
    }
    let (Some(old_x), Some(old_y)) = (pile.field(2), pile.field(3)) else {
        return Err(format!("{id} is not moved: it has no x and y"));
    };
    let mut edits = Vec::new();
    for (old, new) in [(old_x, x), (old_y, y)] {
        if old.value.and_then(|v| u64::try_from(v).ok()) != Some(new) {
            edits.push(TextEdit::replace(old.range.clone(), new.to_string()));
        }
    }
    if edits.is_empty() {
        return Err(format!("{id} is at ({x}, {y}) already"));
    }
    Ok(layout::keeping_layout(doc, edits, super::format::format))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_snap_to_the_grid_unless_exact() {
        assert_eq!(asked_place("place:0,0"), Some((4, 4)));
        assert_eq!(asked_place("place:120,150"), Some((83, 196)));
        assert_eq!(asked_place("place:124,140"), Some((162, 100)));
        assert_eq!(asked_place("place-exact:120,150"), Some((120, 150)));
        for wrong in [
            "place:-1,4",
            "place:4",
            "place:+4,4",
            "place:4,4,4",
            "place:X,Y",
            "move:4,4",
        ] {
            assert_eq!(asked_place(wrong), None, "{wrong}");
        }
    }
}
