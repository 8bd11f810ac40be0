//! The Patience table for the preview, laid out as the program lays it out after the deal: each
//! pile at its x/y with 71×96 cards (96×71 when field 6 b = 2), fanned v/w pixels per card, each
//! card face up or down by field 6 digit a, the stock holding the cards the other piles were not
//! dealt. The window reaches from (0, 0) to the largest x + card width and y + card height of
//! the piles seen; piles with y -99 or less are not seen and are listed beside the table.
//!
//! Huge numbers must not make huge drawings: the cards per pile, the cards in all, the piles
//! and the table's size in pixels are capped, and the drawing says what was left out.
//!
//! With a deal ([`dealt_board`]) the piles hold the cards of [`super::deal`] for a seed: face-up
//! cards show their value and suit (`A♠`, `10♥`), face-down ones their back, and the text lists
//! every pile's cards, the face-down ones in brackets.

use super::deal::{self, Deal, DealtPile, shows_face};
use super::view::{GameView, Pile};
use crate::draw::{Anchor, Board, Color, Element, Item, Scene, Style, TextCanvas};
use crate::findings::{Finding, plural};
use crate::syntax::Document;

/// Cards drawn per pile, at most.
const MAX_CARDS_PER_PILE: i64 = 52;
/// Cards drawn in all, at most.
const MAX_CARDS: usize = 1000;
/// Piles drawn and listed, at most (the game's own limit).
const MAX_PILES: usize = 150;
/// The table is drawn up to this far right of and below the window's corner, in pixels...
const MAX_RIGHT: i64 = 2000;
const MAX_BOTTOM: i64 = 1500;
/// ...and this far left of and above it, where negative coordinates put cards.
const MAX_OUTSIDE: i64 = 200;
/// Lines of the list of piles that are not on the table.
const MAX_ASIDE_LINES: usize = 20;

/// Space around the table in the picture, in pixels.
const MARGIN: f64 = 12.0;
const NOTE_LINE: f64 = 16.0;

const FELT: Color = Color(0, 110, 55);
const OUTSIDE: Color = Color(205, 205, 205);
const FACE: Color = Color(252, 252, 246);
const BACK: Color = Color(35, 70, 160);
const BACK_PATTERN: Color = Color(140, 170, 235);
const EDGE: Color = Color(40, 40, 40);
const EMPTY_PLACE: Color = Color(150, 205, 165);
const CARD_INK: Color = Color(30, 30, 30);
const RED_SUIT: Color = Color(200, 20, 30);

/// Terminal drawing: columns left of the table for the pile numbers, and the widest table.
const LABEL_COLUMNS: usize = 4;
const TEXT_COLUMNS: i64 = 72;
const MAX_TEXT_ROWS: i64 = 120;

/// A pile after the deal.
struct Dealt<'a> {
    pile: &'a Pile,
    role: &'static str,
    /// Cards on the pile after the deal.
    cards: i64,
    /// The pile line intersects an error or warning.
    bad: bool,
    /// Its cards, when the game was dealt.
    hand: Option<&'a DealtPile>,
}

impl Dealt<'_> {
    /// Whether card `k` (from the bottom) shows its face: as the hand has it when there is
    /// one (cards turn in play), else by field 6 digit a; `None` when invisible.
    fn face(&self, k: i64) -> Option<bool> {
        match self.hand {
            Some(hand) => usize::try_from(k)
                .ok()
                .and_then(|k| hand.faces.get(k).copied())
                .unwrap_or(Some(true)),
            None => shows_face(self.pile.lay_digit(0), k, self.cards),
        }
    }
}

/// A pile seen on the table.
struct Placed<'a> {
    dealt: &'a Dealt<'a>,
    x: i64,
    y: i64,
    card: (i64, i64),
    spread: (i64, i64),
}

impl Placed<'_> {
    /// The cards drawn, bottom first: every card of a fan (up to the cap), only the top card of
    /// a stack. Each is (index from the bottom, x, y).
    fn drawn(&self) -> Vec<(i64, i64, i64)> {
        let cards = self.dealt.cards;
        if cards <= 0 {
            return Vec::new();
        }
        if self.spread == (0, 0) {
            return vec![(cards - 1, self.x, self.y)];
        }
        (0..cards.min(MAX_CARDS_PER_PILE))
            .map(|k| {
                (
                    k,
                    self.x.saturating_add(k.saturating_mul(self.spread.0)),
                    self.y.saturating_add(k.saturating_mul(self.spread.1)),
                )
            })
            .collect()
    }

    /// Everything drawn for the pile: its cards, or its empty place.
    fn extent(&self) -> Rect {
        let mut rect = Rect::card(self.x, self.y, self.card);
        for (_, x, y) in self.drawn() {
            rect = rect.union(&Rect::card(x, y, self.card));
        }
        rect
    }
}

/// A rectangle of table pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    left: i64,
    top: i64,
    right: i64,
    bottom: i64,
}

impl Rect {
    fn card(x: i64, y: i64, (width, height): (i64, i64)) -> Rect {
        Rect {
            left: x,
            top: y,
            right: x.saturating_add(width),
            bottom: y.saturating_add(height),
        }
    }

    fn union(&self, other: &Rect) -> Rect {
        Rect {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    fn meets(&self, other: &Rect) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }

    fn width(&self) -> i64 {
        self.right.saturating_sub(self.left)
    }

    fn height(&self) -> i64 {
        self.bottom.saturating_sub(self.top)
    }
}

/// The table as the game lays it out, without telling which card lies where.
pub fn board(doc: &Document, findings: &[Finding]) -> Board {
    let view = GameView::new(doc);
    draw(doc, &view, findings, None, "", Vec::new())
}

/// The table after a deal with `seed`: every card in its place.
pub fn dealt_board(doc: &Document, findings: &[Finding], seed: u64) -> Board {
    let view = GameView::new(doc);
    match deal::deal(&view, seed) {
        Ok(deal) => {
            let notes = deal.notes(&view);
            draw(
                doc,
                &view,
                findings,
                Some(&deal),
                &format!(" — deal {seed}"),
                notes,
            )
        }
        Err(why) => draw(
            doc,
            &view,
            findings,
            None,
            "",
            vec![format!("Deal {seed}: this game cannot be dealt, as {why}.")],
        ),
    }
}

/// A position of a game in play, drawn as the dealt table is (the same element ids):
/// `position` holds each pile's cards and faces now, `heading` follows the title, `notes`
/// come before the deal's own.
pub fn position_board(
    doc: &Document,
    findings: &[Finding],
    position: &Deal,
    heading: &str,
    notes: &[String],
) -> Board {
    let view = GameView::new(doc);
    let mut all = notes.to_vec();
    all.extend(position.notes(&view).into_iter().take(1));
    draw(doc, &view, findings, Some(position), heading, all)
}

fn draw(
    doc: &Document,
    view: &GameView,
    findings: &[Finding],
    hands: Option<&Deal>,
    heading: &str,
    mut notes: Vec<String>,
) -> Board {
    let mut title = title(doc, view);
    title.push_str(heading);
    let dealt: Vec<Dealt> = view
        .piles
        .iter()
        .take(MAX_PILES)
        .enumerate()
        .map(|(i, pile)| {
            let hand = hands.and_then(|d| d.piles.get(i));
            Dealt {
                pile,
                role: view.role(pile),
                cards: hand.map_or_else(|| cards_after_deal(view, pile), |h| h.cards.len() as i64),
                bad: crate::findings::faulty(findings, &pile.range),
                hand,
            }
        })
        .collect();
    let mut aside = Vec::new();
    let mut placed = Vec::new();
    for d in &dealt {
        match (d.pile.value(2), d.pile.value(3)) {
            _ if d.pile.is_hidden() => {
                aside.push((format!("invisible: {}", aside_words(d)), d.bad))
            }
            (Some(x), Some(y)) => placed.push(Placed {
                dealt: d,
                x,
                y,
                card: d.pile.card_size(),
                spread: (d.pile.value(4).unwrap_or(0), d.pile.value(5).unwrap_or(0)),
            }),
            _ => aside.push((
                format!("not placed: pile {} (its x or y is missing)", d.pile.number),
                d.bad,
            )),
        }
    }

    // The window holds every pile seen; fans may reach beyond it.
    let window = Rect {
        left: 0,
        top: 0,
        right: placed
            .iter()
            .map(|p| p.x.saturating_add(p.card.0))
            .max()
            .unwrap_or(0)
            .max(0),
        bottom: placed
            .iter()
            .map(|p| p.y.saturating_add(p.card.1))
            .max()
            .unwrap_or(0)
            .max(0),
    };
    let reach = placed
        .iter()
        .map(Placed::extent)
        .fold(window, |all, r| all.union(&r));
    let area = Rect {
        left: reach.left.clamp(-MAX_OUTSIDE, 0),
        top: reach.top.clamp(-MAX_OUTSIDE, 0),
        right: reach.right.clamp(0, MAX_RIGHT),
        bottom: reach.bottom.clamp(0, MAX_BOTTOM),
    };
    placed.retain(|p| {
        let inside = Rect::card(p.x, p.y, p.card).meets(&area);
        if !inside {
            aside.push((
                format!(
                    "beyond the drawing: pile {} at ({}, {})",
                    p.dealt.pile.number, p.x, p.y
                ),
                p.dealt.bad,
            ));
        }
        inside
    });

    notes.push(format!(
        "Window {} × {} px: up to the largest x + 71 and y + 96 of the piles seen.",
        window.right, window.bottom
    ));
    if reach.left < 0 || reach.top < 0 || reach.right > window.right || reach.bottom > window.bottom
    {
        notes.push("Grey: outside the window, where cards are cut off.".to_string());
    }
    if reach.right > MAX_RIGHT || reach.bottom > MAX_BOTTOM || reach.left < -MAX_OUTSIDE {
        notes.push(format!(
            "Only the table from ({}, {}) to ({}, {}) is drawn.",
            area.left, area.top, area.right, area.bottom
        ));
    }
    let capped: Vec<usize> = placed
        .iter()
        .filter(|p| p.spread != (0, 0) && p.dealt.cards > MAX_CARDS_PER_PILE)
        .map(|p| p.dealt.pile.number)
        .collect();
    if !capped.is_empty() {
        notes.push(format!(
            "At most {MAX_CARDS_PER_PILE} cards drawn per pile (more on pile {}).",
            few(&capped)
        ));
    }
    if view.piles.len() > MAX_PILES {
        notes.push(format!(
            "Only the first {MAX_PILES} piles are drawn; {} more pile lines follow.",
            view.piles.len() - MAX_PILES
        ));
    }
    if placed.iter().map(|p| p.drawn().len()).sum::<usize>() > MAX_CARDS {
        notes.push(format!("Only the first {MAX_CARDS} cards are drawn."));
    }
    if placed.is_empty() {
        notes.push("No pile lies on the table.".to_string());
    }

    let scene = picture(&title, &placed, window, area, &notes, &aside);
    let text = terminal(&title, &dealt, &placed, area, &notes, &aside);
    Board { title, scene, text }
}

/// "Mysteriet — 2 decks, 34 piles".
fn title(doc: &Document, view: &GameView) -> String {
    let name = view.name.as_ref().map_or_else(
        || {
            doc.path().and_then(|p| p.file_name()).map_or_else(
                || "untitled".to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        },
        |n| n.text.clone(),
    );
    let decks = match view.decks() {
        Some(1) => "1 deck".to_string(),
        Some(d) => format!("{d} decks"),
        None => "? decks".to_string(),
    };
    let piles = view.piles.len();
    format!(
        "{name} — {decks}, {piles} {}",
        if piles == 1 { "pile" } else { "piles" }
    )
}

/// The cards a pile holds after the deal: field 1, except that the stock keeps what the other
/// piles are not dealt, and piles with field 6 c = 8 put theirs back at the stock's bottom.
fn cards_after_deal(view: &GameView, pile: &Pile) -> i64 {
    let written = |p: &Pile| p.value(1).unwrap_or(0).max(0);
    let returns = |p: &Pile| !p.is_stock() && p.lay_digit(2) == Some(8);
    if pile.is_stock() {
        let dealt = view
            .piles
            .iter()
            .skip(1)
            .filter(|p| !returns(p))
            .map(written)
            .fold(0i64, i64::saturating_add);
        return written(pile).saturating_sub(dealt).max(0);
    }
    if returns(pile) { 0 } else { written(pile) }
}

/// A list of pile numbers, the first few of them: `1, 5, 8 and 20 more`.
fn few(numbers: &[usize]) -> String {
    const SHOWN: usize = 6;
    let shown: Vec<String> = numbers.iter().take(SHOWN).map(usize::to_string).collect();
    match numbers.len().checked_sub(SHOWN) {
        Some(more @ 1..) => format!("{} and {more} more", shown.join(", ")),
        _ => shown.join(", "),
    }
}

/// The cards of a pile in words: `7 cards`, or for the stock `80 of 104 cards left after the
/// deal`.
fn cards_words(d: &Dealt) -> String {
    let written = d.pile.value(1).unwrap_or(0);
    if d.pile.is_stock() {
        format!(
            "{} of {} left after the deal",
            d.cards,
            plural(written, "card", "cards")
        )
    } else if d.cards == 0 && written > 0 {
        format!(
            "{} put back in the stock after the deal",
            plural(written, "card", "cards")
        )
    } else {
        plural(d.cards, "card", "cards")
    }
}

/// The cards of a dealt pile, bottom first, face-down ones in brackets: `(K♣) (4♦) 7♥`; for
/// the stock `top last`; for a c = 8 pile the cards it put back.
fn hand_words(d: &Dealt) -> Option<String> {
    let hand = d.hand?;
    let list = |cards: &[crate::formats::patience::cards::Card], faces: &[Option<bool>]| {
        cards
            .iter()
            .enumerate()
            .map(|(k, c)| match faces.get(k) {
                Some(Some(true)) => c.to_string(),
                _ => format!("({c})"),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !hand.put_back.is_empty() {
        let cards = list(&hand.put_back, &[]);
        return Some(format!("put back at the stock's bottom: {cards}"));
    }
    if hand.cards.is_empty() {
        return None;
    }
    let cards = list(&hand.cards, &hand.faces);
    Some(if d.pile.is_stock() {
        format!("bottom to top: {cards}")
    } else {
        cards
    })
}

fn face_words(pile: &Pile) -> &'static str {
    pile.face().map_or("faces unknown", |f| f.short)
}

/// A pile in one line: `tableau, 7 cards, backs but the last, at (4, 110)`.
fn pile_words(d: &Dealt) -> String {
    let at = match (d.pile.value(2), d.pile.value(3)) {
        (Some(x), Some(y)) => format!(", at ({x}, {y})"),
        _ => String::new(),
    };
    format!("{}, {}, {}{at}", d.role, cards_words(d), face_words(d.pile))
}

/// A pile not on the table: `pile 12 (cards taken out of the stock, 4 cards)`.
fn aside_words(d: &Dealt) -> String {
    let purpose = match d.pile.lay_digit(2) {
        Some(0) | None => None,
        Some(_) => d.pile.lay_meaning(2).map(|m| m.short),
    };
    let what = match d.role {
        "invisible" => purpose.unwrap_or_else(|| face_words(d.pile)),
        role => role,
    };
    format!("pile {} ({what}, {})", d.pile.number, cards_words(d))
}

/// The SVG picture: the table, the notes, a legend and the piles off the table.
fn picture(
    title: &str,
    placed: &[Placed],
    window: Rect,
    area: Rect,
    notes: &[String],
    aside: &[(String, bool)],
) -> Scene {
    // Everything drawn lies within a card's size of the area, so these stay small.
    let to_x = |x: i64| x.saturating_sub(area.left) as f64 + MARGIN;
    let to_y = |y: i64| y.saturating_sub(area.top) as f64 + MARGIN;
    let aside_lines = aside.len().min(MAX_ASIDE_LINES + 1);
    let aside_height = if aside.is_empty() {
        0.0
    } else {
        NOTE_LINE * (aside_lines + 1) as f64 + 12.0
    };
    let table_bottom = MARGIN + area.height() as f64;
    let notes_top = table_bottom + 10.0;
    let aside_top = notes_top + NOTE_LINE * (notes.len() + 1) as f64 + 4.0;
    let width = (area.width() as f64 + 2.0 * MARGIN).max(560.0);
    let height = aside_top + aside_height + MARGIN;
    let mut scene = Scene::new(width, height, title);

    scene.push(Item::Rect {
        x: MARGIN,
        y: MARGIN,
        width: area.width() as f64,
        height: area.height() as f64,
        style: Style::fill(OUTSIDE),
    });
    if window.right > 0 && window.bottom > 0 {
        scene.push(Item::Rect {
            x: to_x(0),
            y: to_y(0),
            width: to_x(window.right.min(area.right)) - to_x(0),
            height: to_y(window.bottom.min(area.bottom)) - to_y(0),
            style: Style::fill(FELT),
        });
    }

    let mut cards_drawn = 0;
    let mut badges = Vec::new();
    for p in placed {
        let d = p.dealt;
        let outline = if d.bad {
            Style::filled(FACE, Color::FAULT, 2.5).dashed()
        } else {
            Style::filled(FACE, EDGE, 1.0)
        };
        let (w, h) = (p.card.0 as f64, p.card.1 as f64);
        let mut items = Vec::new();
        let drawn = p.drawn();
        let visible = drawn
            .iter()
            .filter_map(|&(k, x, y)| Some((k, x, y, d.face(k)?)))
            .filter(|&(_, x, y, _)| Rect::card(x, y, p.card).meets(&area));
        let mut any = false;
        for (k, x, y, face_up) in visible {
            if cards_drawn == MAX_CARDS {
                break;
            }
            cards_drawn += 1;
            any = true;
            let (sx, sy) = (to_x(x), to_y(y));
            if face_up {
                items.push(Item::Rect {
                    x: sx,
                    y: sy,
                    width: w,
                    height: h,
                    style: outline,
                });
                let card = d.hand.and_then(|h| h.cards.get(usize::try_from(k).ok()?));
                let (face, colour) = match card {
                    Some(c) if c.suit.is_red() => (c.to_string(), RED_SUIT),
                    Some(c) => (c.to_string(), CARD_INK),
                    None => ("?".to_string(), Color(150, 150, 150)),
                };
                if card.is_some() {
                    // Large in the middle, where the top card of a pile shows it.
                    items.push(Item::text(
                        sx + w / 2.0,
                        sy + h / 2.0 + 8.0,
                        face.clone(),
                        22.0,
                        Anchor::Middle,
                        colour,
                    ));
                }
                items.push(Item::text(
                    sx + 5.0,
                    sy + 13.0,
                    face,
                    11.0,
                    Anchor::Start,
                    colour,
                ));
            } else {
                items.extend(card_back(
                    sx,
                    sy,
                    w,
                    h,
                    Style {
                        fill: Some(BACK),
                        ..outline
                    },
                ));
            }
        }
        if !any {
            // An empty place (or invisible cards): its outline and what it is for.
            let stroke = if d.bad { Color::FAULT } else { EMPTY_PLACE };
            items.push(Item::Rect {
                x: to_x(p.x),
                y: to_y(p.y),
                width: w,
                height: h,
                style: Style::stroke(stroke, 1.5).dashed(),
            });
            let word = d.role.split(',').next().unwrap_or(d.role);
            items.push(Item::text(
                to_x(p.x) + w / 2.0,
                to_y(p.y) + h / 2.0 + 4.0,
                word,
                9.0,
                Anchor::Middle,
                EMPTY_PLACE,
            ));
        } else if p.spread == (0, 0) && d.cards > 1 {
            // A stack shows only its top card; say how many lie there.
            let count = d.cards.to_string();
            let tag = 6.0 * count.len() as f64 + 6.0;
            let (right, bottom) = (to_x(p.x) + w - 3.0, to_y(p.y) + h - 3.0);
            items.push(Item::Rect {
                x: right - tag,
                y: bottom - 14.0,
                width: tag,
                height: 14.0,
                style: Style::fill(Color(255, 240, 160)),
            });
            items.push(Item::text(
                right - tag / 2.0,
                bottom - 3.5,
                count,
                10.0,
                Anchor::Middle,
                CARD_INK,
            ));
        }
        let tip = format!(
            "pile {} — {}{}{}",
            d.pile.number,
            pile_words(d),
            if d.bad { " — has problems" } else { "" },
            hand_words(d).map_or_else(String::new, |h| format!(" — {h}"))
        );
        scene.push(Item::Group {
            element: Some(Element::new(pile_id(d.pile.number), d.pile.range.clone())),
            tooltip: Some(tip),
            items,
        });
        badges.push(badge(p, to_x(p.x) + w, to_y(p.y)));
    }
    // The pile numbers go on top of every card, so that covered piles show theirs too.
    for b in badges {
        scene.push(b);
    }

    for (i, note) in notes.iter().enumerate() {
        scene.push(Item::text(
            MARGIN,
            notes_top + NOTE_LINE * (i as f64 + 0.75),
            note.clone(),
            11.0,
            Anchor::Start,
            Color::INK,
        ));
    }
    let legend_y = notes_top + NOTE_LINE * (notes.len() as f64 + 0.75);
    legend(&mut scene, legend_y);

    if !aside.is_empty() {
        scene.push(Item::Rect {
            x: MARGIN,
            y: aside_top,
            width: width - 2.0 * MARGIN,
            height: aside_height,
            style: Style::stroke(Color(120, 120, 120), 1.0).dashed(),
        });
        scene.push(Item::text(
            MARGIN + 8.0,
            aside_top + NOTE_LINE,
            "Not on the table:",
            11.0,
            Anchor::Start,
            Color::INK,
        ));
        for (i, line) in aside_lines_shown(aside).into_iter().enumerate() {
            let (line, bad) = line;
            scene.push(Item::text(
                MARGIN + 8.0,
                aside_top + NOTE_LINE * (i as f64 + 2.0),
                line,
                11.0,
                Anchor::Start,
                if bad { Color::FAULT } else { Color::INK },
            ));
        }
    }
    scene
}

/// A pile's element id.
fn pile_id(number: impl std::fmt::Display) -> String {
    format!("pile:{number}")
}

/// A card's back: the card, a frame and a cross.
fn card_back(x: f64, y: f64, w: f64, h: f64, style: Style) -> Vec<Item> {
    let inset = 4.0;
    let pattern = Style::stroke(BACK_PATTERN, 1.0);
    let (l, t, r, b) = (x + inset, y + inset, x + w - inset, y + h - inset);
    vec![
        Item::Rect {
            x,
            y,
            width: w,
            height: h,
            style,
        },
        Item::Rect {
            x: l,
            y: t,
            width: r - l,
            height: b - t,
            style: pattern,
        },
        Item::Line {
            from: (l, t),
            to: (r, b),
            style: pattern,
        },
        Item::Line {
            from: (r, t),
            to: (l, b),
            style: pattern,
        },
    ]
}

/// The pile number, in the top right corner of the pile's place.
fn badge(p: &Placed, right: f64, top: f64) -> Item {
    let number = p.dealt.pile.number.to_string();
    let width = 7.0 * number.len() as f64 + 6.0;
    let fill = if p.dealt.bad { Color::FAULT } else { CARD_INK };
    Item::Group {
        element: None,
        tooltip: None,
        items: vec![
            Item::Rect {
                x: right - width - 2.0,
                y: top + 2.0,
                width,
                height: 14.0,
                style: Style::fill(fill),
            },
            Item::text(
                right - width / 2.0 - 2.0,
                top + 13.0,
                number,
                10.0,
                Anchor::Middle,
                Color::WHITE,
            ),
        ],
    }
}

fn legend(scene: &mut Scene, y: f64) {
    let entries = [
        (Style::filled(BACK, EDGE, 1.0), "back"),
        (Style::filled(FACE, EDGE, 1.0), "face"),
        (
            Style::filled(FELT, EMPTY_PLACE, 1.5).dashed(),
            "empty place",
        ),
        (
            Style::filled(FACE, Color::FAULT, 2.0).dashed(),
            "a pile with problems",
        ),
    ];
    let mut x = MARGIN;
    for (style, words) in entries {
        scene.push(Item::Rect {
            x,
            y: y - 10.0,
            width: 12.0,
            height: 12.0,
            style,
        });
        scene.push(Item::text(
            x + 16.0,
            y,
            words,
            11.0,
            Anchor::Start,
            Color::INK,
        ));
        x += 30.0 + 6.5 * words.len() as f64;
    }
}

/// The lines of the list of piles off the table, the last one saying how many more there are.
fn aside_lines_shown(aside: &[(String, bool)]) -> Vec<(String, bool)> {
    let mut lines: Vec<(String, bool)> = aside.iter().take(MAX_ASIDE_LINES).cloned().collect();
    if aside.len() > MAX_ASIDE_LINES {
        lines.push((
            format!("… and {} more", aside.len() - MAX_ASIDE_LINES),
            false,
        ));
    }
    lines
}

/// Columns of the card lists below the piles.
const HAND_COLUMNS: usize = 72;

/// Words in lines of at most `width` characters (a longer word stands alone).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The terminal drawing: the table scaled down, one card a token (`[##]` back, `[  ]` face,
/// ` -- ` an empty place) with the pile number before its first card, then every pile in words.
fn terminal(
    title: &str,
    dealt: &[Dealt],
    placed: &[Placed],
    area: Rect,
    notes: &[String],
    aside: &[(String, bool)],
) -> TextCanvas {
    let mut canvas = TextCanvas::new();
    canvas.line(title);
    canvas.line("");
    let col_px = (area.width() / TEXT_COLUMNS + 1).max(8);
    let row_px = (2 * col_px).max(24);
    let top_row = canvas.height();
    let step = |spread: i64, px: i64, least: i64| {
        let size = spread.saturating_abs();
        if size < least {
            0
        } else {
            spread.signum() * size.saturating_add(px / 2).div_euclid(px).max(1)
        }
    };
    let cell = |x: i64, y: i64| -> Option<(usize, usize)> {
        let col = (x.saturating_sub(area.left)) / col_px;
        let row = (y.saturating_sub(area.top)) / row_px;
        Some((usize::try_from(col).ok()?, usize::try_from(row).ok()?))
    };
    let mut bottom = top_row;
    for p in placed {
        let d = p.dealt;
        let Some((col, row)) = cell(p.x, p.y) else {
            continue;
        };
        let label = format!("{}{}", if d.bad { "!" } else { "" }, d.pile.number);
        let label_col = (col + LABEL_COLUMNS).saturating_sub(label.chars().count());
        canvas.write(label_col, top_row + row, &label);
        canvas.mark(
            label_col,
            top_row + row,
            label.chars().count(),
            pile_id(d.pile.number),
        );
        let (dc, dr) = (
            step(p.spread.0, col_px, col_px / 2),
            step(p.spread.1, row_px, row_px / 3),
        );
        let tokens: Vec<(i64, Option<bool>)> = if d.cards <= 0 {
            Vec::new()
        } else if (dc, dr) == (0, 0) {
            vec![(d.cards - 1, d.face(d.cards - 1))]
        } else {
            (0..d.cards.min(MAX_CARDS_PER_PILE))
                .map(|k| (k, d.face(k)))
                .collect()
        };
        let mut any = false;
        for (k, face) in tokens {
            let Some(face_up) = face else { continue };
            let c = (col as i64).saturating_add(k.saturating_mul(dc));
            let r = (row as i64).saturating_add(k.saturating_mul(dr));
            if !(0..=TEXT_COLUMNS + 8).contains(&c) || !(0..=MAX_TEXT_ROWS).contains(&r) {
                continue;
            }
            let card = d.hand.and_then(|h| h.cards.get(usize::try_from(k).ok()?));
            let token = match (face_up, card) {
                (false, _) => "[##]".to_string(),
                (true, Some(card)) => format!("[{card}]"),
                (true, None) => "[  ]".to_string(),
            };
            canvas.write(LABEL_COLUMNS + c as usize, top_row + r as usize, &token);
            bottom = bottom.max(top_row + r as usize);
            any = true;
        }
        if !any {
            canvas.write(LABEL_COLUMNS + col, top_row + row, " -- ");
        }
        bottom = bottom.max(top_row + row);
    }
    while canvas.height() <= bottom {
        canvas.line("");
    }
    canvas.line("");
    if dealt.iter().any(|d| d.hand.is_some()) {
        canvas.line("[##] back · [A♠] face · -- empty place · ! a pile with problems");
    } else {
        canvas.line("[##] back · [  ] face · -- empty place · ! a pile with problems");
    }
    canvas.line("");
    for d in dealt {
        canvas.line(&format!(
            "{}{:>3} {}",
            if d.bad { "!" } else { " " },
            d.pile.number,
            pile_words(d)
        ));
        canvas.mark_last_line(pile_id(d.pile.number));
        if let Some(cards) = hand_words(d) {
            for line in wrap(&cards, HAND_COLUMNS) {
                canvas.line(&format!("      {line}"));
            }
        }
    }
    if !aside.is_empty() {
        canvas.line("");
        canvas.line("Not on the table:");
        for (line, bad) in aside_lines_shown(aside) {
            canvas.line(&format!("{}  {line}", if bad { "!" } else { " " }));
        }
    }
    canvas.line("");
    for note in notes {
        canvas.line(note);
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::registry::FormatId;

    const KLONDIKE: &str = include_str!("../../../../examples/Klondike.pat");

    fn doc(text: &str) -> Document {
        Document::new(Some(FormatId::PatienceGame), text)
    }

    fn board_of(text: &str) -> Board {
        let doc = doc(text);
        board(&doc, &analyze(&doc))
    }

    #[test]
    fn cards_face_by_field_6_digit_a() {
        let faces = |a: i64| -> String {
            (0..4)
                .map(|k| match shows_face(Some(a), k, 4) {
                    Some(true) => 'F',
                    Some(false) => 'B',
                    None => '-',
                })
                .collect()
        };
        let all: Vec<String> = (0..8).map(faces).collect();
        assert_eq!(
            all,
            [
                "BBBB", "BBBF", "FFFF", "BFBF", "FBFB", "----", "BBFF", "BFFF"
            ]
        );
    }

    #[test]
    fn the_stock_keeps_the_cards_not_dealt() {
        // 7 cards dealt; 4 taken out (c = 8) go back to the stock's bottom.
        let text = "K\n1 3\n52 4 4 0 0 0 999 1 999 0 0\n7 4 110 0 16 1 999 2 2 913 304\n\
4 4 -99 0 0 800 999 0 0 999 999\n";
        let view = GameView::new(&doc(text));
        assert_eq!(cards_after_deal(&view, &view.piles[0]), 45);
        assert_eq!(cards_after_deal(&view, &view.piles[1]), 7);
        assert_eq!(cards_after_deal(&view, &view.piles[2]), 0);
        let text = board_of(text).text.render();
        assert!(
            text.contains("invisible: pile 3 (as 7, then to the stock's bottom, 4 cards put back"),
            "{text}"
        );
    }

    #[test]
    fn the_window_holds_the_piles_but_not_their_fans() {
        // Klondike without the filler pile it has for its fans.
        let without_filler = KLONDIKE
            .replace("  1  14", "  1  13")
            .replace("  0 478 206   0   0    0   0   0    0   0   0\r\n", "");
        let board = board_of(&without_filler);
        assert_eq!(board.title, "Klondike — 1 deck, 13 piles");
        let text = board.text.render();
        assert!(text.contains("Window 549 × 206 px"), "{text}");
        assert!(text.contains("Grey: outside the window"), "{text}");
        // With it, the window reaches its last dealt cards.
        let board = board_of(KLONDIKE);
        let text = board.text.render();
        assert!(text.contains("Window 549 × 302 px"), "{text}");
        assert!(!text.contains("Grey: outside the window"), "{text}");
        assert!(!board.scene.to_svg().contains("has problems"));
    }

    #[test]
    fn piles_with_problems_are_marked() {
        let text = "K\n1 2\n52 4 4 0 0 0 999 1 999 0 0\n1 -20 110 0 16 1 13 2 2 913 304\n";
        let board = board_of(text);
        assert!(board.scene.to_svg().contains("pile 2 — foundation"));
        assert!(board.scene.to_svg().contains("has problems"));
        assert!(board.text.render().contains("!  2 "));
    }

    #[test]
    fn many_cards_are_capped_and_the_drawing_says_so() {
        let text = "Long\n8 2\n416 4 4 0 0 0 999 1 999 0 0\n300 4 110 1 40 2 999 2 2 913 304\n";
        let board = board_of(text);
        let text = board.text.render();
        assert!(
            text.contains("At most 52 cards drawn per pile (more on pile 2)"),
            "{text}"
        );
        assert!(
            text.contains("Only the table from (0, 0) to (126, 1500) is drawn"),
            "{text}"
        );
        assert!(board.scene.to_svg().matches("<rect").count() < 52 * 2 + 40);
    }

    #[test]
    fn an_empty_file_still_draws() {
        let board = board_of("");
        assert_eq!(board.title, "untitled — ? decks, 0 piles");
        assert!(board.text.render().contains("No pile lies on the table."));
    }
}
