//! Board edits of a Super Othello board (see [`crate::render::edit`]): a square
//! (`square:D4`) made a black chip, a white chip or empty, with the lines that must follow it:
//! the used squares (line 3) list exactly the squares that hold chips, and where the board then
//! holds as many black as white chips, line 2 is that number and line 1 is 32 minus it (the
//! format says nothing of line 2 for unequal boards, so it is left as it is).
//!
//! A change is refused where those lines already contradict each other or the board: which of
//! two disagreeing values is the mistake is the modder's to say, not the edit's.

use super::view::{BordView, Chip, LineSlot, SquarePos, UsedEntry};
use crate::draw::Action;
use crate::findings::TextEdit;
use crate::syntax::Document;

/// Chips of both players together: line 1 + line 2.
const CHIPS: u32 = 32;

const TARGETS: [(Chip, &str, &str); 3] = [
    (Chip::Black, "chip:black", "a black chip (B)"),
    (Chip::White, "chip:white", "a white chip (W)"),
    (Chip::Empty, "empty", "empty (0)"),
];

fn square(id: &str) -> Option<SquarePos> {
    let mut name = id.strip_prefix("square:")?.chars();
    let (letter, digit) = (name.next()?, name.next()?);
    if name.next().is_some() {
        return None;
    }
    SquarePos::parse(letter, digit).filter(|s| s.name() == id["square:".len()..])
}

/// What the square `id` can become.
pub fn actions(doc: &Document, id: &str) -> Vec<Action> {
    let view = BordView::of(doc);
    let Some(position) = square(id) else {
        return Vec::new();
    };
    let Some((_, now)) = view.board.characters().nth(position.index()) else {
        return Vec::new();
    };
    TARGETS
        .iter()
        .filter(|(chip, _, _)| *chip != now.chip)
        .map(|(_, id, title)| Action::new(*id, *title))
        .collect()
}

/// The edits making the square `id` what `action` says, lines 1–3 following, or why not.
pub fn edit(doc: &Document, id: &str, action: &str) -> Result<Vec<TextEdit>, String> {
    let view = BordView::of(doc);
    let position = square(id).ok_or_else(|| format!("the board has no square {id}"))?;
    let (target, _, _) = TARGETS
        .iter()
        .find(|(_, action_id, _)| *action_id == action)
        .ok_or_else(|| format!("{id} cannot become {action}"))?;
    let not_changed = |why: String| Err(format!("{id} is not changed: {why}"));
    let Some(squares) = view.board.squares.as_ref() else {
        let written = view.board.characters().count();
        return not_changed(format!(
            "the board data has {written} squares, not 64, so which square is which is not \
certain; mend it first"
        ));
    };
    let Some(here) = squares.get(position.index()) else {
        return Err(format!("the board has no square {id}"));
    };
    let (Ok(left), Ok(placed)) = (&view.chips_left.value, &view.chips_placed.value) else {
        return not_changed(
            "line 1 or line 2 is not a number of chips, so the counts cannot be kept right; \
mend them first"
                .to_string(),
        );
    };
    let (left, placed) = (*left, *placed);
    if u64::from(left) + u64::from(placed) != u64::from(CHIPS) {
        return not_changed(format!(
            "lines 1 and 2 add up to {}, not 32, and either may be the mistake; mend them first",
            u64::from(left) + u64::from(placed)
        ));
    }
    let before = view.board.counts();
    if before.black == before.white && usize::try_from(placed).ok() != Some(before.black) {
        return not_changed(format!(
            "line 2 says {placed} chips placed, but the board holds {} of each colour, and \
either may be the mistake; mend them first",
            before.black
        ));
    }
    let used = &view.used_squares;
    if matches!(used.line.slot, LineSlot::Missing { .. }) {
        return not_changed("the file has no line 3 (the used squares)".to_string());
    }
    if used
        .entries
        .iter()
        .any(|e| !matches!(e, UsedEntry::Square { .. }))
    {
        return not_changed(
            "line 3 holds something that is not a square name, so it cannot be kept right; \
mend it first"
                .to_string(),
        );
    }

    let mut edits = vec![TextEdit::replace(
        here.range.clone(),
        match target {
            Chip::Black => "B",
            Chip::White => "W",
            Chip::Empty => "0",
        },
    )];
    // Line 3: the squares holding chips, this one added or removed.
    let listed: Vec<_> = used.squares().filter(|(s, _)| *s == position).collect();
    if *target == Chip::Empty {
        edits.extend(listed.into_iter().map(|(_, range)| TextEdit::delete(range)));
    } else if listed.is_empty() {
        let at = used
            .entries
            .last()
            .map_or(used.line.range().start, |e| e.range().end);
        edits.push(TextEdit::insert(at, position.name()));
    }
    // Lines 1 and 2, where the board then says what line 2 is.
    let mut after = before;
    for (chip, change) in [(here.chip, -1i64), (*target, 1)] {
        let count = match chip {
            Chip::Black => &mut after.black,
            Chip::White => &mut after.white,
            Chip::Empty => &mut after.empty,
        };
        *count = usize::try_from(i64::try_from(*count).unwrap_or(0) + change).unwrap_or(0);
    }
    if after.black == after.white && usize::try_from(placed).ok() != Some(after.black) {
        let each = u32::try_from(after.black).unwrap_or(CHIPS).min(CHIPS);
        edits.push(TextEdit::replace(
            view.chips_left.line.value_range(),
            (CHIPS - each).to_string(),
        ));
        edits.push(TextEdit::replace(
            view.chips_placed.line.value_range(),
            each.to_string(),
        ));
    }
    Ok(edits)
}
