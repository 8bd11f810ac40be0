//! A large CRE read window by window (see [`crate::syntax::Windows`]). Each window keeps its
//! creatures' names, lords and places, counted from the window's start so that they stay true
//! when it moves; the checks over the whole file (names defined twice, the creatures the game
//! needs), the fingerprint other files read ([`fingerprint`]) and the names the TER checks look
//! up ([`Roster`]) are put together from them without parsing the whole text.

use std::collections::{HashMap, HashSet};
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
    /// The first creature of each name hash, for the lookups other files make.
    first: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
}

impl Creatures {
    /// The first creature of this name in the window (the game's lookup is case-sensitive).
    fn find(&self, name: &str, hash: u64) -> Option<&Named> {
        let named = &self.names[*self.first.get(&hash)?];
        if named.text == name {
            return Some(named);
        }
        // Another name with the same hash came first: look further.
        self.names.iter().find(|n| n.text == name)
    }
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
        let mut first: HashMap<u64, usize, BuildHasherDefault<KeyHasher>> = HashMap::default();
        for (i, named) in names.iter().enumerate() {
            first.entry(named.hash).or_insert(i);
        }
        WindowCreatures(Arc::new(Creatures {
            first,
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
pub fn check(windows: &Windows, out: &mut Vec<Finding>) {
    let found: Vec<(&Window, Arc<WindowCreatures>)> = windows
        .iter()
        .map(|window| (window, creatures(window)))
        .collect();
    let repeated = windows.with_state(|index: &mut NameIndex| {
        index.update(found.iter().map(|(_, c)| &c.0));
        index.repeated.clone()
    });
    if !repeated.is_empty() {
        // The creatures of a name that is there more than once, in text order: the first is
        // defined, the others are duplicates of it.
        let mut first: HashMap<&str, (usize, usize)> = HashMap::new();
        for (w, (window, creatures)) in found.iter().enumerate() {
            for (i, named) in creatures.0.names.iter().enumerate() {
                if !repeated.contains(&named.hash) {
                    continue;
                }
                match first.get(named.text.as_str()) {
                    Some(&(fw, fi)) => {
                        let (first_window, first_creatures) = &found[fw];
                        let line =
                            first_creatures.0.names[fi].line + first_window.info().first_line;
                        out.push(cre::duplicate(
                            &named.text,
                            window.info().absolute(&named.range),
                            line,
                        ));
                    }
                    None => {
                        first.insert(&named.text, (w, i));
                    }
                }
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

/// How many creatures of each name all the windows hold, kept from one edit to the next and
/// brought up to date with the windows whose creatures changed: a keystroke does not count the
/// names of a whole large file again.
#[derive(Default)]
struct NameIndex {
    /// The windows' creatures the counts were made from, by the address of their allocation (a
    /// window keeps its value while only its place changes, so an unchanged window is the same
    /// allocation; the `Arc` held beside it keeps the address from being reused).
    counted: HashMap<usize, (Arc<Creatures>, usize)>,
    /// Creatures per name hash.
    counts: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    /// The name hashes held by more than one creature.
    repeated: HashSet<u64, BuildHasherDefault<KeyHasher>>,
}

impl NameIndex {
    fn update<'c>(&mut self, windows: impl Iterator<Item = &'c Arc<Creatures>>) {
        let mut now: HashMap<usize, (Arc<Creatures>, usize)> = HashMap::new();
        for creatures in windows {
            now.entry(Arc::as_ptr(creatures) as usize)
                .or_insert_with(|| (creatures.clone(), 0))
                .1 += 1;
        }
        let gone: Vec<(Arc<Creatures>, usize)> = self
            .counted
            .iter()
            .filter_map(|(key, (creatures, times))| {
                let left = now.get(key).map_or(0, |n| n.1);
                (left < *times).then(|| (creatures.clone(), times - left))
            })
            .collect();
        for (creatures, times) in gone {
            for named in &creatures.names {
                let count = self.counts.entry(named.hash).or_default();
                *count = count.saturating_sub(times);
                if *count < 2 {
                    self.repeated.remove(&named.hash);
                }
                if *count == 0 {
                    self.counts.remove(&named.hash);
                }
            }
        }
        for (key, (creatures, times)) in &now {
            let before = self.counted.get(key).map_or(0, |c| c.1);
            if *times <= before {
                continue;
            }
            for named in &creatures.names {
                let count = self.counts.entry(named.hash).or_default();
                *count += times - before;
                if *count >= 2 {
                    self.repeated.insert(named.hash);
                }
            }
        }
        self.counted = now;
    }
}

fn hash(text: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// Passes a name's hash (made once per name, by [`hash`]) through.
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
    source: RosterSource,
}

enum RosterSource {
    /// A text read whole: its names, and the first creature of each name.
    Whole {
        names: Vec<(String, bool)>,
        first: HashMap<String, usize>,
    },
    /// A large text: what each window kept, looked up window by window, so that a keystroke
    /// in the CRE does not copy every name of the file for the TER's checks.
    Windows(Vec<Arc<WindowCreatures>>),
}

impl Roster {
    /// The roster of a CRE document, made once per text; from its windows when it has them.
    pub fn of(doc: &Document) -> Arc<Roster> {
        doc.memo(|| {
            let source = match windows(doc) {
                Some(windows) => RosterSource::Windows(windows.iter().map(creatures).collect()),
                None => {
                    let names: Vec<(String, bool)> = CreView::of(doc)
                        .creatures
                        .iter()
                        .map(|c| (c.name.text.clone(), c.flag("lord")))
                        .collect();
                    let mut first = HashMap::with_capacity(names.len());
                    for (i, (name, _)) in names.iter().enumerate() {
                        first.entry(name.clone()).or_insert(i);
                    }
                    RosterSource::Whole { names, first }
                }
            };
            Roster { source }
        })
    }

    pub fn is_empty(&self) -> bool {
        match &self.source {
            RosterSource::Whole { names, .. } => names.is_empty(),
            RosterSource::Windows(windows) => windows.iter().all(|w| w.0.names.is_empty()),
        }
    }

    pub fn names(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        match &self.source {
            RosterSource::Whole { names, .. } => Box::new(names.iter().map(|(n, _)| n.as_str())),
            RosterSource::Windows(windows) => Box::new(
                windows
                    .iter()
                    .flat_map(|w| w.0.names.iter().map(|n| n.text.as_str())),
            ),
        }
    }

    /// Whether the creature of a name is a lord; `None` when there is no such creature.
    pub fn lord(&self, name: &str) -> Option<bool> {
        match &self.source {
            RosterSource::Whole { names, first } => first.get(name).map(|&i| names[i].1),
            RosterSource::Windows(windows) => {
                let hash = hash(name);
                windows
                    .iter()
                    .find_map(|w| w.0.find(name, hash).map(|n| n.lord))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::FormatId;
    use crate::syntax::WindowPolicy;

    fn line(name: &str, lord: bool) -> String {
        format!(
            "{name} 6 4 false true false false false false false false false false true {lord} false 18 {name}s\n"
        )
    }

    /// The roster other files read of a CRE in windows answers as the one of the text read
    /// whole: the first creature of a name wins, wherever its window.
    #[test]
    fn a_roster_read_from_windows_is_the_whole_texts() {
        let text: String = [
            line("Angel", true),
            "Broken line\n".to_string(),
            line("Ogre", false),
            line("Angel", false),
            "\n# a comment\n".to_string(),
            line("Titan", false),
            line("Ogre", true),
        ]
        .concat();
        let whole = Document::new(Some(FormatId::ColossusCre), &text)
            .with_window_policy(WindowPolicy::NEVER);
        for target_bytes in [1, 60, 200] {
            let doc = Document::new(Some(FormatId::ColossusCre), &text).with_window_policy(
                WindowPolicy {
                    min_bytes: 0,
                    target_bytes,
                },
            );
            assert!(windows(&doc).is_some_and(|w| w.len() > 1));
            let (windowed, read_whole) = (Roster::of(&doc), Roster::of(&whole));
            assert!(matches!(windowed.source, RosterSource::Windows(_)));
            assert_eq!(
                windowed.names().collect::<Vec<_>>(),
                read_whole.names().collect::<Vec<_>>()
            );
            assert_eq!(windowed.names().count(), 6);
            for name in ["Angel", "Ogre", "Titan", "Broken", "angel", "Centaur"] {
                assert_eq!(windowed.lord(name), read_whole.lord(name), "{name}");
            }
            assert_eq!(windowed.lord("Angel"), Some(true));
            assert_eq!(windowed.lord("Ogre"), Some(false));
            assert!(!windowed.is_empty());
        }
    }
}
