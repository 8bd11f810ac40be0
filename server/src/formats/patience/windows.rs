//! A large game file checked in windows (see [`crate::syntax::Windows`]): every window reads the
//! header, from the name to the stock (the first pile line), so it knows the stock and the
//! counts line; its own pile lines are numbered from the stock's. What needs the whole file is
//! found from the windows' summaries: the number of piles against the counts line and the
//! wastepile, the first foundation-value pile, the deal, the won-game count, and the numbers of
//! the piles, which the messages about a window's piles name.

use std::ops::Range;
use std::sync::{Arc, Mutex};

use ropey::{Rope, RopeSlice};

use super::checks::{self, Pending, WonCounts};
use super::view::{Counts, GameView, Pile};
use crate::findings::Finding;
use crate::formats::{Summary, WindowSummary};
use crate::syntax::{Document, WindowInfo};

/// The most lines of header (name, blank lines, counts line, text lines, stock) a text is
/// checked in windows with; a longer one is checked whole.
const MAX_HEAD_LINES: usize = 64;

/// The header's lines: line 1 (the name), blank lines, a counts line of two numbers, then up to
/// the first pile line (the stock). `None` when there is no such header: a broken counts line,
/// no stock near the start.
pub fn head_lines(rope: &Rope) -> Option<usize> {
    let lines = rope.len_lines().min(MAX_HEAD_LINES);
    let mut line = 1;
    while line < lines && starts(rope.line(line)) == Start::Blank {
        line += 1;
    }
    if line >= lines || !is_counts_line(rope.line(line)) {
        return None;
    }
    (line + 1..lines)
        .find(|line| starts(rope.line(*line)) == Start::Number)
        .map(|stock| stock + 1)
}

#[derive(PartialEq, Eq)]
enum Start {
    Blank,
    Number,
    Text,
}

/// How a line starts, as the grammar reads it: blanks only, a number (a pile line), text.
fn starts(line: RopeSlice) -> Start {
    let mut bytes = line.bytes().skip_while(|b| matches!(b, b' ' | b'\t'));
    match bytes.next() {
        None | Some(b'\r' | b'\n') => Start::Blank,
        Some(b'0'..=b'9') => Start::Number,
        Some(b'-') if bytes.next().is_some_and(|b| b.is_ascii_digit()) => Start::Number,
        Some(_) => Start::Text,
    }
}

/// Two numbers, then blanks and text or nothing: a counts line without a syntax error.
fn is_counts_line(line: RopeSlice) -> bool {
    let mut bytes = line.bytes().peekable();
    for _ in 0..2 {
        while bytes.next_if(|b| matches!(b, b' ' | b'\t')).is_some() {}
        bytes.next_if_eq(&b'-');
        if bytes.next_if(u8::is_ascii_digit).is_none() {
            return false;
        }
        while bytes.next_if(u8::is_ascii_digit).is_some() {}
    }
    while bytes.next_if(|b| matches!(b, b' ' | b'\t')).is_some() {}
    match bytes.next() {
        None | Some(b'\r' | b'\n') => true,
        Some(b'0'..=b'9') => false,
        Some(b'-') => !bytes.next().is_some_and(|b| b.is_ascii_digit()),
        Some(_) => true,
    }
}

/// What a window found: its own findings, and its summary.
pub struct WindowCheck {
    pub findings: Vec<Finding>,
    pub summary: Summary,
}

impl WindowCheck {
    /// The window's check, made once per text of the window.
    pub fn of(doc: &Document) -> Option<Arc<WindowCheck>> {
        let info = doc.window()?.clone();
        Some(doc.memo(|| WindowCheck::new(doc, &info)))
    }

    fn new(doc: &Document, info: &WindowInfo) -> WindowCheck {
        let view = GameView::of(doc);
        let mut findings = Vec::new();
        let mut pending = Vec::new();
        checks::check_window(doc, &view, &mut findings, &mut pending);
        let relative = |range: &Range<usize>| info.relative(range);
        let usable = view.usable();
        let own = |pile: &&Pile| pile.range.start >= info.head.end;
        let body_usable: Vec<&Pile> = usable.iter().copied().filter(own).collect();
        let available = checks::available(&usable);
        let mut dealt: i64 = 0;
        let dealt = match available {
            Some(_) => checks::dealt_piles(&usable)
                .filter(|(_, _, range)| range.start >= info.head.end)
                .map(|(number, cards, range)| {
                    dealt = dealt.saturating_add(cards);
                    (number, dealt, relative(range))
                })
                .collect(),
            None => Vec::new(),
        };
        let body: Vec<&Pile> = view.piles.iter().filter(own).collect();
        let head_piles: Vec<Range<usize>> = view
            .piles
            .iter()
            .filter(|p| !own(p))
            .map(|p| p.range.clone())
            .collect();
        let stock = usable
            .first()
            .filter(|p| p.is_stock())
            .map(|p| (*p).clone());
        let summary = WindowPiles {
            head: Head {
                broken: view.head_broken,
                counts: view.counts.clone(),
                counts_line: view
                    .counts
                    .as_ref()
                    .map(|c| doc.rope().byte_to_line(c.range.start) + 1),
                piles: head_piles,
                stock,
                available,
            },
            piles: body.len(),
            starts: body
                .iter()
                .map(|p| p.range.start - info.body.start)
                .collect(),
            last_end: body.last().map(|p| p.range.end - info.body.start),
            pending: pending
                .into_iter()
                .filter(|p| info.owns(&p.range))
                .map(|p| Pending {
                    range: relative(&p.range),
                    ..p
                })
                .collect(),
            foundations: checks::foundations(&body_usable)
                .map(|(number, cards, range)| (number, cards, relative(range)))
                .collect(),
            dealt,
            won: checks::won_counts(&usable),
            rendered: Mutex::new(None),
        };
        WindowCheck {
            findings,
            summary: Arc::new(summary),
        }
    }
}

/// What the whole-file checks need of a window; byte offsets from the window's body start,
/// pile numbers counted in the window (the header's piles, then its own).
struct WindowPiles {
    head: Head,
    /// The window's own pile lines: how many, where each starts, where the last ends.
    piles: usize,
    starts: Vec<usize>,
    last_end: Option<usize>,
    /// Its findings that name one of its piles.
    pending: Vec<Pending>,
    /// Its piles with c = 6 in field 6: number, field 1's value and range.
    foundations: Vec<(usize, i64, Range<usize>)>,
    /// Its piles dealt cards: number, cards dealt in the window up to it, field 1's range.
    dealt: Vec<(usize, i64, Range<usize>)>,
    won: WonCounts,
    /// The findings naming its piles, for the piles before it and the first foundation-value
    /// pile they were made for: made again only when those change.
    rendered: Mutex<Option<(Rendered, Arc<Vec<Finding>>)>>,
}

/// The numbers the findings about a window's piles are made with.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rendered {
    /// Piles in the file before the window's own.
    before: usize,
    /// The first pile with c = 6 in field 6.
    first_foundation: Option<usize>,
}

/// What every window reads the same: the header (its offsets are the text's).
struct Head {
    broken: bool,
    counts: Option<Counts>,
    counts_line: Option<usize>,
    /// The header's pile lines (the stock).
    piles: Vec<Range<usize>>,
    /// The stock, when it has its 11 numbers.
    stock: Option<Pile>,
    available: Option<i64>,
}

impl WindowPiles {
    /// The findings about the window's piles, offsets from its body start.
    fn findings(&self, numbers: Rendered) -> Arc<Vec<Finding>> {
        let mut rendered = self.rendered.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((made_for, findings)) = &*rendered
            && *made_for == numbers
        {
            return findings.clone();
        }
        let global = |number: usize| number - self.head.piles.len() + numbers.before;
        let mut findings: Vec<Finding> = self
            .pending
            .iter()
            .map(|p| {
                Finding::new(
                    p.severity,
                    p.code,
                    p.range.clone(),
                    (p.message)(global(p.pile)),
                )
            })
            .collect();
        if let Some(first) = numbers.first_foundation {
            findings.extend(self.foundations.iter().filter_map(|(n, cards, range)| {
                checks::foundation_value(global(*n), first, *cards, range)
            }));
        }
        let findings = Arc::new(findings);
        *rendered = Some((numbers, findings.clone()));
        findings
    }
}

/// The whole-file checks over the windows' summaries.
pub fn check_windows(windows: &[WindowSummary<'_>], findings: &mut Vec<Finding>) {
    let parts: Vec<(&WindowInfo, &WindowPiles)> = windows
        .iter()
        .filter_map(|w| Some((w.info(), w.get::<WindowPiles>()?)))
        .collect();
    let Some((_, first)) = parts.first() else {
        return;
    };
    let head = &first.head;
    if head.broken || parts.len() != windows.len() {
        return;
    }
    let head_piles = head.piles.len();
    let total = head_piles + parts.iter().map(|(_, w)| w.piles).sum::<usize>();
    // Piles before each window's own, counted from 1 with the header's.
    let mut before = head_piles;
    let befores: Vec<usize> = parts
        .iter()
        .map(|(_, w)| {
            let now = before;
            before += w.piles;
            now
        })
        .collect();
    if let (Some(counts), Some(declared), Some(line)) = (
        &head.counts,
        head.counts.as_ref().and_then(|c| c.piles.as_ref()),
        head.counts_line,
    ) {
        let piles_end = parts
            .iter()
            .rev()
            .find_map(|(info, w)| Some(w.last_end? + info.body.start))
            .or_else(|| head.piles.last().map(|p| p.end))
            .unwrap_or(counts.range.end);
        let surplus = |declared: usize| {
            let first = if declared < head_piles {
                head.piles[declared].start
            } else {
                let at = parts
                    .iter()
                    .zip(&befores)
                    .find(|((_, w), before)| declared < *before + w.piles)?;
                let ((info, w), before) = at;
                w.starts[declared - before] + info.body.start
            };
            Some(((declared + 1, first), (total, piles_end)))
        };
        findings.extend(checks::pile_total(
            counts, declared, line, total, piles_end, surplus,
        ));
    }
    let first_foundation = parts
        .iter()
        .zip(&befores)
        .find_map(|((_, w), before)| Some(w.foundations.first()?.0 - head_piles + before));
    for ((info, w), before) in parts.iter().zip(&befores) {
        let numbers = Rendered {
            before: *before,
            first_foundation,
        };
        findings.extend(w.findings(numbers).iter().map(|f| Finding {
            range: info.absolute(&f.range),
            ..f.clone()
        }));
    }
    if let Some(stock) = &head.stock {
        findings.extend(checks::wastepile(stock, total));
    }
    if let Some(available) = head.available {
        let mut dealt: i64 = 0;
        for ((info, w), before) in parts.iter().zip(&befores) {
            let Some((_, last, _)) = w.dealt.last() else {
                continue;
            };
            if dealt.saturating_add(*last) <= available {
                dealt = dealt.saturating_add(*last);
                continue;
            }
            let at = w
                .dealt
                .partition_point(|(_, up_to, _)| dealt.saturating_add(*up_to) <= available);
            let (number, up_to, range) = &w.dealt[at];
            findings.push(checks::exhausted(
                number - head_piles + before,
                dealt.saturating_add(*up_to),
                available,
                info.absolute(range),
            ));
            break;
        }
    }
    let won = parts
        .iter()
        .fold(WonCounts::default(), |all, (_, w)| WonCounts {
            some: all.some || w.won.some,
            any: all.any || w.won.any,
        });
    if let (
        Some(counts),
        WonCounts {
            some: false,
            any: true,
        },
    ) = (&head.counts, won)
    {
        findings.push(checks::unwinnable(counts.range.clone()));
    }
}
