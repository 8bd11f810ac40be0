//! A large CRE read window by window (see [`crate::syntax::Windows`]). Each window keeps its
//! creatures' names, lords and places, counted from the window's start so that they stay true
//! when it moves; the checks over the whole file (names defined twice, the creatures the game
//! needs), the fingerprint other files read ([`fingerprint`]) and the names the TER checks look
//! up ([`Roster`]) are put together from them without parsing the whole text.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher, Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

use super::cre::{self, CreView, REQUIRED};
use crate::findings::Finding;
use crate::syntax::{Document, Window, Windows};

/// A CRE has no header: every window reads its own lines alone.
pub const HEAD_LINES: usize = 0;

/// One creature of a window, its line and name counted from the window's first line and start.
pub struct Named {
    pub text: String,
    pub lord: bool,
    line: usize,
    range: Range<usize>,
    /// The name's hash, for finding it again among all windows' names.
    hash: u64,
}

/// What the whole-file reads need of one window's creatures.
pub struct Creatures {
    pub names: Vec<Named>,
    /// Whether the window's lines all have their 18 fields right.
    complete: bool,
    /// Which of the [`REQUIRED`] creatures the window defines.
    required: [bool; REQUIRED.len()],
    /// The names and lords in order (see [`fingerprint`]).
    fingerprint: u64,
}

/// A window's creatures, shared: kept values are copied when the window moves.
#[derive(Clone)]
pub struct WindowCreatures(pub Arc<Creatures>);

impl WindowCreatures {
    fn new(window: &Document) -> WindowCreatures {
        let view = CreView::of(window);
        let (start, first_line) = window
            .window()
            .map_or((0, 0), |info| (info.body.start, info.first_line));
        let rope = window.rope();
        let names: Vec<Named> = view
            .creatures
            .iter()
            .map(|creature| Named {
                text: creature.name.text.clone(),
                lord: creature.flag("lord"),
                line: rope.byte_to_line(creature.range.start) - first_line,
                range: creature.name.range.start - start..creature.name.range.end - start,
                hash: hash(&creature.name.text),
            })
            .collect();
        WindowCreatures(Arc::new(Creatures {
            complete: view.line_errors.is_empty(),
            required: REQUIRED.map(|name| names.iter().any(|n| n.text == name)),
            fingerprint: sequence(names.iter().map(|n| (n.text.as_str(), n.lord))),
            names,
        }))
    }
}

/// The creatures of a window, made once per text of it.
pub fn creatures(window: &Window) -> Arc<WindowCreatures> {
    window.kept(WindowCreatures::new, |kept, _, _| Some(kept.clone()))
}

/// Whether every window starts where a line of the game's starts: after a `\n`. A lone CR also
/// starts a window (the text's lines end there), but the game reads it as a blank inside a line,
/// so the line would be cut in two.
pub fn fit<'w>(doc: &Document, windows: impl IntoIterator<Item = &'w Window>) -> bool {
    let rope = doc.rope();
    windows.into_iter().all(|window| {
        let start = window.info().body.start;
        start == 0 || rope.byte(start - 1) == b'\n'
    })
}

/// The windows of a large CRE, when they [`fit`] the game's lines; `None`: read it whole.
pub fn windows(doc: &Document) -> Option<&Windows> {
    let windows = doc.windows(|_| Some(HEAD_LINES))?;
    fit(doc, windows.iter()).then_some(windows)
}

/// The checks over the whole file, from the windows' creatures (windows that [`fit`]): names
/// defined twice, and the creatures the game needs (unless a line is broken, as in [`cre::check`]).
pub fn check<'w>(windows: impl IntoIterator<Item = &'w Window>, out: &mut Vec<Finding>) {
    let found: Vec<(&Window, Arc<WindowCreatures>)> = windows
        .into_iter()
        .map(|window| (window, creatures(window)))
        .collect();
    let total = found.iter().map(|(_, c)| c.0.names.len()).sum();
    let mut first: HashMap<Key, (usize, usize), BuildHasherDefault<KeyHasher>> =
        HashMap::with_capacity_and_hasher(total, Default::default());
    for (w, (window, creatures)) in found.iter().enumerate() {
        let info = window.info();
        for (i, named) in creatures.0.names.iter().enumerate() {
            let key = Key {
                hash: named.hash,
                text: &named.text,
            };
            if let Some(&(fw, fi)) = first.get(&key) {
                let (first_window, first_creatures) = &found[fw];
                let line = first_creatures.0.names[fi].line + first_window.info().first_line;
                out.push(cre::duplicate(
                    &named.text,
                    info.absolute(&named.range),
                    line,
                ));
            } else {
                first.insert(key, (w, i));
            }
        }
    }
    let first_name = found.iter().find_map(|(window, c)| {
        let named = c.0.names.first()?;
        Some(window.info().absolute(&named.range))
    });
    let complete = found.iter().all(|(_, c)| c.0.complete);
    if let Some(first_name) = first_name.filter(|_| complete) {
        let missing: Vec<&str> = REQUIRED
            .iter()
            .enumerate()
            .filter(|(r, _)| !found.iter().any(|(_, c)| c.0.required[*r]))
            .map(|(_, name)| *name)
            .collect();
        if !missing.is_empty() {
            out.push(cre::missing_creatures(&missing, first_name));
        }
    }
}

fn hash(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// A name with its hash, hashed as the hash alone: each window hashes its names once.
#[derive(PartialEq, Eq)]
struct Key<'a> {
    hash: u64,
    text: &'a str,
}

impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Passes a [`Key`]'s hash through.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// The base of the fingerprint's polynomial: the fingerprint of a sequence is
/// `Σ item_i · BASE^(n-1-i)`, so that the windows' fingerprints put together give the same value
/// however the creatures fall into windows.
const BASE: u64 = 0x0000_0100_0000_01b3;

/// The fingerprint of names and lords in order.
fn sequence<'a>(items: impl Iterator<Item = (&'a str, bool)>) -> u64 {
    items.fold(0u64, |sum, item| {
        let mut hasher = DefaultHasher::new();
        item.hash(&mut hasher);
        sum.wrapping_mul(BASE).wrapping_add(hasher.finish())
    })
}

/// A fingerprint of the creatures' names and lords, in order: what the TER checks read of a CRE.
pub fn fingerprint(doc: &Document) -> u64 {
    let Some(windows) = windows(doc) else {
        let view = CreView::of(doc);
        return sequence(
            view.creatures
                .iter()
                .map(|c| (c.name.text.as_str(), c.flag("lord"))),
        );
    };
    windows.iter().fold(0u64, |sum, window| {
        let creatures = creatures(window);
        let shift = BASE.wrapping_pow(creatures.0.names.len() as u32);
        sum.wrapping_mul(shift)
            .wrapping_add(creatures.0.fingerprint)
    })
}

/// The creature names other files look up, in file order, with whether each is a lord.
pub struct Roster {
    names: Vec<(String, bool)>,
    /// The first creature of each name (the game's lookup is case-sensitive).
    first: HashMap<String, usize>,
}

impl Roster {
    /// The roster of a CRE document, made once per text; from its windows when it has them.
    pub fn of(doc: &Document) -> Arc<Roster> {
        doc.memo(|| {
            let names: Vec<(String, bool)> = match windows(doc) {
                Some(windows) => windows
                    .iter()
                    .flat_map(|window| {
                        let creatures = creatures(window);
                        let names: Vec<(String, bool)> = creatures
                            .0
                            .names
                            .iter()
                            .map(|n| (n.text.clone(), n.lord))
                            .collect();
                        names
                    })
                    .collect(),
                None => CreView::of(doc)
                    .creatures
                    .iter()
                    .map(|c| (c.name.text.clone(), c.flag("lord")))
                    .collect(),
            };
            let mut first = HashMap::with_capacity(names.len());
            for (i, (name, _)) in names.iter().enumerate() {
                first.entry(name.clone()).or_insert(i);
            }
            Roster { names, first }
        })
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|(name, _)| name.as_str())
    }

    /// Whether the creature of a name is a lord; `None` when there is no such creature.
    pub fn lord(&self, name: &str) -> Option<bool> {
        self.first.get(name).map(|&i| self.names[i].1)
    }
}
