//! The text dialects of Colossus, as the game's loaders of each era read them: the 2002-02
//! format of the documentation, and the later 2002-11 and 2003-10 ones, told apart per variant,
//! with the limits each era's game has; and the one lexical trap all five loaders share.
//!
//! A variant is in one dialect: the game of one era loads all its files. The dialect is told
//! from signs in the variant's files, features the 2002-02 format never had; where a sign could
//! also be a typo (a terrain name where a letter belongs), most records of the file must show
//! it. A file Retroboard cannot read in its dialect gets one `colossus/unsupported-dialect`
//! note instead of a flood of errors.

use std::ops::{Range, RangeInclusive};
use std::path::{Path, PathBuf};

use super::battleland::{
    HEXSIDES, HEXSIDES_2002_11, TERRAIN_NAMES_2003_10, TERRAINS, TERRAINS_2002_11,
};
use super::codes;
use super::variant::{Variant, var_file};
use crate::findings::{Finding, Fix, TextEdit, line_break};
use crate::formats::Files;
use crate::registry::FormatId;
use crate::syntax::{Change, Document};

/// A text dialect of Colossus, by the commit of `cleka/colossus-titan` whose loaders read it.
/// Later dialects sort after earlier ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Dialect {
    /// 9ae7dffe (2002-02-06): the format of the documentation.
    Feb2002,
    /// c51d0c34 (2002-11-21): the last with terrain letters, with grammar extensions.
    Nov2002,
    /// 1b50e238 (2003-10-19): terrain names instead of letters.
    Oct2003,
    /// A variant no text loader reads: the XML files of the game after 2003-10.
    Unreadable,
}

/// What the game of one era accepts, where the eras differ, each with where the game says so.
#[derive(Debug)]
pub struct Era {
    /// Masterboard widths and heights: `Constants.MIN_HORIZ_SIZE`…`MAX_HORIZ_SIZE` and
    /// `MIN_VERT_SIZE`…`MAX_VERT_SIZE`, checked by `StrategicMapLoader.getHexArraySize`
    /// ("MasterBoard size out of range"). 15–20 × 8–12 at 9ae7dffe, 15–60 × 8–32 from
    /// c51d0c34 (Abyssal9 is 24 × 16).
    pub widths: RangeInclusive<i64>,
    pub heights: RangeInclusive<i64>,
    /// Players of a game when the VAR does not say: `Constants.DEFAULT_MAX_PLAYERS` (6).
    pub players: usize,
    /// The most players a VAR's `MAXPLAYERS:` may ask for (`Constants.MAX_MAX_PLAYERS`, 9, the
    /// number of legion marker colours; `VariantSupport` lowers a larger value to it); `None`
    /// when the era has no `MAXPLAYERS:` (9ae7dffe).
    pub max_players: Option<usize>,
    /// Whether the towers are the terrains whose battleland has a `TOWER` line
    /// (`HexMap.towerStatusMap`, c51d0c34) instead of the hexes of letter `T` (9ae7dffe).
    pub towers_by_battleland: bool,
    /// The highest battle hex elevation: 2 in the documentation; `BattleHex` at c51d0c34 says
    /// "Valid elevations are 0, 1, and 2. Also 3 for JDG Badlands."
    pub max_elevation: i64,
    /// Battle hex terrains (`BattleHex.getTerrainName`): c51d0c34 adds `n` (stone).
    pub battle_terrains: &'static [(char, &'static str)],
    /// Hexside types (`BattleHex.getHexsideName`): c51d0c34 adds `r` (river).
    pub hexsides: &'static [(char, &'static str)],
    /// Battle hex terrains by name (`BattleHex.allTerrains` at 1b50e238), where the era names
    /// them instead of giving letters.
    pub battle_terrain_names: Option<&'static [&'static str]>,
}

pub const FEB_2002: Era = Era {
    widths: 15..=20,
    heights: 8..=12,
    players: 6,
    max_players: None,
    towers_by_battleland: false,
    max_elevation: 2,
    battle_terrains: &TERRAINS,
    hexsides: &HEXSIDES,
    battle_terrain_names: None,
};

pub const NOV_2002: Era = Era {
    widths: 15..=60,
    heights: 8..=32,
    players: 6,
    max_players: Some(9),
    towers_by_battleland: true,
    max_elevation: 3,
    battle_terrains: &TERRAINS_2002_11,
    hexsides: &HEXSIDES_2002_11,
    battle_terrain_names: None,
};

/// The 2003-10 game (1b50e238): the limits of `Constants.java` and the loaders are those of
/// 2002-11; the terrains are names instead of letters.
pub const OCT_2003: Era = Era {
    battle_terrain_names: Some(&TERRAIN_NAMES_2003_10),
    ..NOV_2002
};

impl Dialect {
    /// The name modders know it by.
    pub fn label(self) -> &'static str {
        match self {
            Dialect::Feb2002 => "2002-02",
            Dialect::Nov2002 => "2002-11",
            Dialect::Oct2003 => "2003-10",
            Dialect::Unreadable => "XML",
        }
    }

    /// The limits of the era, for the dialects Retroboard reads.
    pub fn era(self) -> Option<&'static Era> {
        match self {
            Dialect::Feb2002 => Some(&FEB_2002),
            Dialect::Nov2002 => Some(&NOV_2002),
            Dialect::Oct2003 => Some(&OCT_2003),
            Dialect::Unreadable => None,
        }
    }
}

/// Where a dialect shows: the file, its line (1-based), and what it is.
#[derive(Debug, Clone)]
pub struct Sign {
    pub dialect: Dialect,
    pub path: Option<PathBuf>,
    pub range: Range<usize>,
    pub line: usize,
    pub what: &'static str,
}

/// The dialect of a variant and the sign that tells it (none for the 2002-02 format, nor for a
/// dialect the settings choose).
#[derive(Debug, Clone)]
pub struct VariantDialect {
    pub dialect: Dialect,
    pub sign: Option<Sign>,
    /// Chosen by the settings (`[game] colossus`), not told from the files.
    pub chosen: bool,
}

impl VariantDialect {
    pub fn era(&self) -> Option<&'static Era> {
        self.dialect.era()
    }

    /// The dialect and why the files are read in it, for a hover or `check --verbose`:
    /// "2003-10, because Abyssal9.map line 2 has terrain names instead of letters".
    pub fn told(&self) -> String {
        let label = self.dialect.label();
        if self.chosen {
            return format!("{label} (retroboard.toml: `colossus = \"{label}\"`)");
        }
        match &self.sign {
            Some(sign) => {
                let file = sign.path.as_deref().and_then(Path::file_name).map_or_else(
                    || "this file".to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                format!(
                    "{label}, because {file} line {} has {}",
                    sign.line, sign.what
                )
            }
            None => {
                format!("{label}, the documented format: no file of the variant shows a later one")
            }
        }
    }
}

/// The dialect of the variant in folder `dir`, from its files: its VAR, the MAP, TER and CRE
/// that VAR names (where the game finds them), and its own battlelands. The latest dialect
/// any of them shows is the variant's; a folder with an XML variant file and no VAR is
/// unreadable.
pub fn of_variant(dir: &Path, files: &dyn Files) -> VariantDialect {
    if let Some(dialect) = files.game(dir).colossus {
        return VariantDialect {
            dialect,
            sign: None,
            chosen: true,
        };
    }
    crate::formats::remembered(files, dir, || read_variant(dir, files))
}

fn read_variant(dir: &Path, files: &dyn Files) -> VariantDialect {
    let mut best = VariantDialect {
        dialect: Dialect::Feb2002,
        sign: None,
        chosen: false,
    };
    let mut consider = |path: &Path, format: FormatId| {
        if let Some((dialect, range, what, line)) = file_sign(path, format, files)
            && dialect > best.dialect
        {
            best = VariantDialect {
                dialect,
                sign: Some(Sign {
                    dialect,
                    path: Some(path.to_path_buf()),
                    range,
                    line,
                    what,
                }),
                chosen: false,
            };
        }
    };
    let var = var_file(dir, files);
    if let Some(var) = &var {
        consider(var, FormatId::ColossusVar);
    } else if let Some(xml) = xml_variant(dir, files) {
        return VariantDialect {
            dialect: Dialect::Unreadable,
            sign: Some(Sign {
                dialect: Dialect::Unreadable,
                path: Some(xml),
                range: 0..0,
                line: 1,
                what: "an XML variant file",
            }),
            chosen: false,
        };
    }
    let variant = Variant::of_dir(dir, files);
    for (resolved, format) in [
        (&variant.map, FormatId::ColossusMap),
        (&variant.ter, FormatId::ColossusTer),
        (&variant.cre, FormatId::ColossusCre),
    ] {
        if let Some(path) = &resolved.path {
            consider(path, format);
        }
    }
    let mut lands: Vec<PathBuf> = files
        .list(&dir.join("Battlelands"))
        .map(|entries| {
            entries
                .iter()
                .filter(|p| p.extension().is_none())
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    lands.sort();
    for land in lands {
        consider(&land, FormatId::ColossusBattleland);
    }
    best
}

/// The dialect one file shows, where (its range and line) and what, worked out once per text
/// of the file (a keystroke in one file of a variant reads the others' again).
fn file_sign(
    path: &Path,
    format: FormatId,
    files: &dyn Files,
) -> Option<(Dialect, Range<usize>, &'static str, usize)> {
    #[derive(Clone)]
    struct FileSign(Option<(Dialect, Range<usize>, &'static str, usize)>);
    // An open document keeps its own sign in its memo, from one keystroke to the next in the
    // other files.
    if let Some(doc) = files.open_document(path)
        && doc.format() == Some(format)
    {
        return own_sign(doc).map(|(dialect, range, what)| {
            let line = doc.rope().byte_to_line(range.start) + 1;
            (dialect, range, what, line)
        });
    }
    // One value per file and format (NUL is in no path).
    let mut key = path.as_os_str().to_owned();
    key.push("\0");
    key.push(format.as_str());
    crate::formats::remembered(files, Path::new(&key), || {
        let Some(text) = files.read(path) else {
            return FileSign(None);
        };
        FileSign(sign(format, &text).map(|(dialect, range, what)| {
            let line = text[..range.start].matches('\n').count() + 1;
            (dialect, range, what, line)
        }))
    })
    .0
}

/// The XML variant file of a folder (`<V>Var.xml` and the like), if any.
fn xml_variant(dir: &Path, files: &dyn Files) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = files
        .list(dir)?
        .iter()
        .filter(|p| {
            p.extension().is_some_and(|e| e.eq_ignore_ascii_case("xml"))
                && p.file_stem()
                    .is_some_and(|s| s.to_string_lossy().to_ascii_lowercase().ends_with("var"))
        })
        .cloned()
        .collect();
    found.sort();
    found.into_iter().next()
}

/// The dialect of the variant a document belongs to; a document without a path (or outside
/// a variant folder) is a variant of its own.
pub fn of_doc(doc: &Document, files: &dyn Files) -> VariantDialect {
    if let Some(dialect) = doc.path().and_then(|p| files.game(p).colossus) {
        return VariantDialect {
            dialect,
            sign: None,
            chosen: true,
        };
    }
    let own = || match own_sign(doc) {
        Some((dialect, range, what)) => VariantDialect {
            dialect,
            sign: Some(Sign {
                dialect,
                path: doc.path().map(Path::to_path_buf),
                line: doc.rope().byte_to_line(range.start) + 1,
                range,
                what,
            }),
            chosen: false,
        },
        None => VariantDialect {
            dialect: Dialect::Feb2002,
            sign: None,
            chosen: false,
        },
    };
    let (Some(path), Some(format)) = (doc.path(), doc.format()) else {
        return own();
    };
    let Some(dir) = super::variant::variant_dir(path, format) else {
        return own();
    };
    // The open text may differ from the disk's: its own signs count too.
    let variant = of_variant(&dir, files);
    let own = own();
    if own.dialect > variant.dialect {
        own
    } else {
        variant
    }
}

/// The note of a file whose own records Retroboard does not read ([`crate::formats::
/// unsupported_dialect`] finds it once per text), or of a file whose variant is in a dialect
/// Retroboard does not read at all.
pub fn variant_note(doc: &Document, files: &dyn Files) -> Option<Finding> {
    let variant = of_doc(doc, files);
    let format = doc.format()?;
    if variant.chosen {
        return contradiction(doc, format, variant.dialect);
    }
    // A file without a sign of its own has only records the 2002-02 grammar reads too, and
    // the same rules hold for them in 2002-11, but for a CRE: its 2002-11 lines have 21
    // fields, so a line of 18 would be misread.
    let own = own_sign(doc).map(|(dialect, _, _)| dialect);
    let read = match variant.dialect {
        Dialect::Nov2002 if own == Some(Dialect::Nov2002) => reads(format, Dialect::Nov2002),
        Dialect::Nov2002 => format != FormatId::ColossusCre,
        // 2003-10 changed the MAP, TER and battlelands; its CRE and VAR are those of 2002-11
        // (a CRE of 18 fields would be misread). A file of a changed format without the sign
        // of its own (terrain letters) would be misread too.
        Dialect::Oct2003 => match format {
            FormatId::ColossusCre => own == Some(Dialect::Nov2002),
            FormatId::ColossusVar => true,
            // A hex letter is the game's TERRAIN token where 2003-10 wants a name: the checks
            // of the era flag it, so any battleland is read (an empty one is all plains).
            FormatId::ColossusBattleland => true,
            _ => own == Some(Dialect::Oct2003) && reads(format, Dialect::Oct2003),
        },
        dialect => reads(format, dialect),
    };
    if read {
        return None;
    }
    let sign = variant.sign?;
    let shown = sign.path.as_deref().map_or_else(String::new, |p| {
        p.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    });
    // The sign, in the file of the variant that shows it.
    let place = sign.path.as_deref().and_then(|path| {
        let text = match files.open_document(path) {
            Some(open) => open.rope().clone(),
            None => ropey::Rope::from_str(&files.read(path)?),
        };
        let message = format!("{}: {}", sign.dialect.label(), sign.what);
        Some(crate::findings::Related::at(
            path,
            &text,
            sign.range.clone(),
            message,
        ))
    });
    let finding = Finding::new(
        codes::UNSUPPORTED_DIALECT,
        0..0,
        if sign.dialect == Dialect::Unreadable {
            format!(
                "this file belongs to a variant written in a later Colossus format ({}: {}, \
{shown} line {}); Retroboard does not read that format, and does not check this file",
                sign.dialect.label(),
                sign.what,
                sign.line
            )
        } else {
            format!(
                "this file belongs to a variant written in a later Colossus format ({}: {}, \
{shown} line {}), but is not written in it itself: the game of that era would misread it, and \
Retroboard does not check it; write it in the variant's format",
                sign.dialect.label(),
                sign.what,
                sign.line
            )
        },
    );
    Some(finding.with_related(place))
}

/// A file the dialect the settings choose would misread: one finding, at the sign that says
/// so (the file is not checked further: its records would all be misread).
fn contradiction(doc: &Document, format: FormatId, chosen: Dialect) -> Option<Finding> {
    let label = chosen.label();
    let setting = format!(
        "retroboard.toml reads the variants as the {label} format (colossus = \"{label}\" in [game])"
    );
    let line_of = |range: &Range<usize>| doc.rope().byte_to_line(range.start) + 1;
    let own = own_sign(doc);
    if let Some((dialect, range, what)) = own.clone()
        && dialect > chosen
    {
        let message = format!(
            "{setting}, but line {} has {what}, which only the {} game reads: set colossus = \
\"{}\" (or \"auto\"), or write the file in the {label} format",
            line_of(&range),
            dialect.label(),
            dialect.label(),
        );
        return Some(Finding::new(codes::VERSION_MISMATCH, range, message));
    }
    let own = own.map(|(dialect, _, _)| dialect);
    let earlier = match (chosen, format) {
        // 2003-10 names the terrains of its MAP, TER and battleland lines.
        (Dialect::Oct2003, _) if own == Some(Dialect::Oct2003) => return None,
        (Dialect::Oct2003, FormatId::ColossusMap) => {
            "hexes with terrain letters, where the 2003-10 game reads terrain names"
        }
        (Dialect::Oct2003, FormatId::ColossusTer) => {
            "terrain lines that start with a letter, which the 2003-10 game does not have"
        }
        (Dialect::Oct2003, FormatId::ColossusBattleland) => {
            "hex terrain letters, where the 2003-10 game reads terrain names"
        }
        // From 2002-11 a creature line has 21 fields.
        (Dialect::Nov2002 | Dialect::Oct2003, FormatId::ColossusCre)
            if own != Some(Dialect::Nov2002) =>
        {
            "creature lines of 18 fields, where that game reads 21 (16 native terrains)"
        }
        _ => return None,
    };
    // The first record the version misreads (a MAP's first hex, after its size line); a file
    // without one has nothing to misread.
    let skipped = usize::from(format == FormatId::ColossusMap);
    let range = record(doc, skipped)?;
    let message = format!(
        "{setting}, but this file has {earlier} (the 2002 format, line {}): set colossus to \
the version the file is written for (or \"auto\"), or rewrite it for {label}",
        line_of(&range),
    );
    Some(Finding::new(codes::VERSION_MISMATCH, range, message))
}

/// The range of the line of record `n` (from 0; records are the lines neither blank nor only
/// a comment).
fn record(doc: &Document, n: usize) -> Option<Range<usize>> {
    let text = doc.slice(0..doc.rope().len_bytes());
    lines(&text)
        .filter(|(_, content)| !content.trim().is_empty())
        .nth(n)
        .map(|(range, _)| range)
}

fn note(doc: &Document, range: Range<usize>, dialect: Dialect, sign: &str) -> Finding {
    let line = doc.rope().byte_to_line(range.start) + 1;
    Finding::new(
        codes::UNSUPPORTED_DIALECT,
        range,
        format!(
            "this file is written in a later Colossus format ({}: {sign}, line {line}); \
Retroboard does not read this kind of file in that format yet, and does not check this file",
            dialect.label()
        ),
    )
}

fn is_word(token: &str) -> bool {
    token.len() >= 2
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '"')
        && token.starts_with(|c: char| c.is_ascii_alphabetic() || c == '"')
}

/// Lines of a file without comments, with their byte ranges.
fn lines(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |raw| {
        let range = start..start + raw.trim_end_matches(['\n', '\r']).len();
        start += raw.len();
        let content = raw.split('#').next().unwrap_or("");
        (range, content)
    })
}

/// How many records a text has, how many of them show a sign, and the first that does.
#[derive(Clone, Default)]
struct Signs {
    records: usize,
    signed: usize,
    first: Option<Range<usize>>,
}

impl Signs {
    /// The signs of `text`, its ranges counted from its start; `sign` is shown a line's first
    /// `needs` tokens (a MAP's dialect is read again on every keystroke in it, and its sign
    /// looks at three tokens of lines that have a dozen).
    fn of(text: &str, needs: usize, mut sign: impl FnMut(&[&str]) -> bool) -> Signs {
        let mut signs = Signs::default();
        // One list for every line's tokens (a list per line cost more than reading them).
        let mut tokens: Vec<&str> = Vec::new();
        let mut start = 0;
        for raw in text.split_inclusive('\n') {
            if let Some(signed) = line_sign(raw, needs, &mut tokens, &mut sign) {
                signs.records += 1;
                if signed {
                    signs.signed += 1;
                    signs.first.get_or_insert_with(|| line_of(start, raw));
                }
            }
            start += raw.len();
        }
        signs
    }

    /// The first line showing the sign, when it is in most of the records (`mostly`) or
    /// anywhere.
    fn found(self, mostly: bool) -> Option<Range<usize>> {
        if mostly && self.signed * 2 <= self.records {
            return None;
        }
        self.first
    }
}

/// Whether the line `raw` (with its line break) is a record, and if so whether `sign` shows in
/// its first `needs` tokens (read into `tokens`).
fn line_sign<'t>(
    raw: &'t str,
    needs: usize,
    tokens: &mut Vec<&'t str>,
    sign: &mut impl FnMut(&[&str]) -> bool,
) -> Option<bool> {
    tokens.clear();
    if !first_tokens(raw, needs, tokens) {
        tokens.clear();
        let content = raw.split('#').next().unwrap_or("");
        tokens.extend(content.split_whitespace().take(needs));
    }
    (!tokens.is_empty()).then(|| sign(tokens))
}

/// The range of the line `raw` (with its line break) starting at byte `start`, without its
/// line break.
fn line_of(start: usize, raw: &str) -> Range<usize> {
    start..start + raw.trim_end_matches(['\n', '\r']).len()
}

/// The first `needs` tokens of a line (with its line break) up to its comment, as
/// `split_whitespace` cuts them, read in one pass that stops at the last one needed (a MAP's
/// sign is read on every keystroke in it and looks at 3 of a line's dozen tokens); `false`
/// when a character only `split_whitespace` judges comes first (non-ASCII, a vertical tab).
fn first_tokens<'t>(raw: &'t str, needs: usize, tokens: &mut Vec<&'t str>) -> bool {
    let bytes = raw.as_bytes();
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0C');
    let mut i = 0;
    while tokens.len() < needs {
        while i < bytes.len() && blank(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() || bytes[i] == b'#' {
            break;
        }
        let start = i;
        while i < bytes.len() && !blank(bytes[i]) && bytes[i] != b'#' {
            if !bytes[i].is_ascii() || bytes[i] == b'\x0B' {
                return false;
            }
            i += 1;
        }
        tokens.push(&raw[start..i]);
    }
    true
}

/// The first line of `text` showing a sign, when the sign is in most of the records (`mostly`)
/// or anywhere; `sign` is shown each line's first `needs` tokens.
fn find(
    text: &str,
    mostly: bool,
    needs: usize,
    sign: impl FnMut(&[&str]) -> bool,
) -> Option<Range<usize>> {
    Signs::of(text, needs, sign).found(mostly)
}

/// Every token of a line, for a sign that may be anywhere in it.
const ALL: usize = usize::MAX;

fn has_quote_or_special(tokens: &[&str]) -> bool {
    tokens
        .iter()
        .any(|t| t.contains('"') || t.starts_with("Special:"))
}

type Found = Option<(Dialect, Range<usize>, &'static str)>;

/// The later dialect a file of `format` shows in its own records, where, and how.
pub fn sign(format: FormatId, text: &str) -> Found {
    match format {
        FormatId::ColossusMap => map_sign(text),
        FormatId::ColossusTer => ter_sign(text),
        FormatId::ColossusCre => cre_sign(text),
        FormatId::ColossusBattleland => battleland_sign(text),
        FormatId::ColossusVar => var_sign(text),
        _ => None,
    }
}

fn map_sign(text: &str) -> Found {
    find(text, true, MAP_NEEDS, map_terrain_name).map(map_found)
}

/// A MAP line's sign of 2003-10: a terrain name (a word of two letters or more) where a letter
/// was, in its first [`MAP_NEEDS`] tokens.
fn map_terrain_name(tokens: &[&str]) -> bool {
    tokens.len() > 2 && is_word(tokens[1])
}

const MAP_NEEDS: usize = 3;

fn map_found(range: Range<usize>) -> (Dialect, Range<usize>, &'static str) {
    (Dialect::Oct2003, range, "terrain names instead of letters")
}

/// A MAP's own sign ([`map_sign`]) with what each of its lines showed: a keystroke changes one
/// line, and the sign of the text after it is counted from the one before and that line read
/// again, not from every line (the sign is read on every keystroke in the MAP).
struct MapSigns {
    /// Each line's (split at `\n`): `None` for no record, else whether it shows the sign.
    lines: Vec<Option<bool>>,
    found: Found,
}

impl MapSigns {
    fn of(text: &str) -> MapSigns {
        let mut tokens = Vec::new();
        let mut sign = map_terrain_name;
        let lines: Vec<Option<bool>> = text
            .split_inclusive('\n')
            .map(|raw| line_sign(raw, MAP_NEEDS, &mut tokens, &mut sign))
            .collect();
        MapSigns::counted(text, lines)
    }

    /// The signs of `text`, whose lines showed `lines`.
    fn counted(text: &str, lines: Vec<Option<bool>>) -> MapSigns {
        let records = lines.iter().filter(|l| l.is_some()).count();
        let signed = lines.iter().filter(|l| **l == Some(true)).count();
        let found = lines
            .iter()
            .position(|l| *l == Some(true))
            .filter(|_| signed * 2 > records)
            .and_then(|row| {
                let mut start = 0;
                let raw = text.split_inclusive('\n').nth(row)?;
                for before in text.split_inclusive('\n').take(row) {
                    start += before.len();
                }
                Some(map_found(line_of(start, raw)))
            });
        MapSigns { lines, found }
    }

    /// The signs of the document's text made from `before`, those of the text before the edit
    /// `change`, when it changed one line without breaking or joining lines; `None` otherwise.
    fn after_edit(text: &str, before: &MapSigns, change: Change) -> Option<MapSigns> {
        let inserted = text.get(change.start..change.new_end)?;
        if change.removed_break || inserted.contains(['\n', '\r']) {
            return None;
        }
        let start = text[..change.start].rfind('\n').map_or(0, |at| at + 1);
        let end = text[change.new_end..]
            .find('\n')
            .map_or(text.len(), |at| change.new_end + at + 1);
        let row = text.as_bytes()[..start]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        let mut lines = before.lines.clone();
        *lines.get_mut(row)? = line_sign(
            &text[start..end],
            MAP_NEEDS,
            &mut Vec::new(),
            &mut map_terrain_name,
        );
        Some(MapSigns::counted(text, lines))
    }
}

fn ter_sign(text: &str) -> Found {
    let no_letter = |t: &[&str]| {
        t[0] != "ACQUIRABLE"
            && is_word(t[0])
            && t.get(2).is_some_and(|b| *b == "true" || *b == "false")
    };
    if let Some(r) = find(text, true, 3, no_letter) {
        return Some((Dialect::Oct2003, r, "terrain lines without a letter"));
    }
    let later_keyword =
        |t: &[&str]| matches!(t[0], "TITANIMPROVE" | "TITANTELEPORT") || has_quote_or_special(t);
    find(text, false, ALL, later_keyword).map(|r| {
        (
            Dialect::Nov2002,
            r,
            "TITANIMPROVE, TITANTELEPORT, Special: or quoted names",
        )
    })
}

fn cre_sign(text: &str) -> Found {
    let sixteen_natives = |t: &[&str]| t.len() > 18 || has_quote_or_special(t);
    find(text, true, ALL, sixteen_natives).map(|r| {
        (
            Dialect::Nov2002,
            r,
            "creature lines with more than 18 fields",
        )
    })
}

fn battleland_sign(text: &str) -> Found {
    let terrain_name =
        |t: &[&str]| t.len() > 2 && is_word(t[2]) && !matches!(t[0], "SUBTITLE" | "STARTLIST");
    if let Some(r) = find(text, true, 3, terrain_name) {
        return Some((Dialect::Oct2003, r, "hex terrain names instead of letters"));
    }
    let keyword = |t: &[&str]| matches!(t[0], "STARTLIST" | "SUBTITLE" | "TOWER");
    if let Some(r) = find(text, false, 1, keyword) {
        return Some((Dialect::Nov2002, r, "STARTLIST, SUBTITLE or TOWER lines"));
    }
    let river = |t: &[&str]| t.len() > 4 && t[4..].iter().skip(1).step_by(2).any(|s| *s == "r");
    find(text, false, ALL, river).map(|r| (Dialect::Nov2002, r, "river hexsides (r)"))
}

fn var_sign(text: &str) -> Found {
    let later = |t: &[&str]| t[0].starts_with("HINT:") || t[0].starts_with("MAXPLAYERS:");
    find(text, false, 1, later).map(|r| (Dialect::Nov2002, r, "HINT: or MAXPLAYERS: records"))
}

/// The dialect a document's own records show, where and how (memoised per text).
pub fn own_sign(doc: &Document) -> Found {
    struct Own(Found);
    let format = doc.format()?;
    let text = || doc.slice(0..doc.rope().len_bytes());
    if format == FormatId::ColossusMap {
        return doc
            .memo(|| {
                let text = text();
                doc.previous_memo::<MapSigns>()
                    .and_then(|(before, change)| MapSigns::after_edit(&text, &before, change))
                    .unwrap_or_else(|| MapSigns::of(&text))
            })
            .found
            .clone();
    }
    doc.memo(|| Own(sign(format, &text()))).0.clone()
}

/// Whether Retroboard reads files of `format` in `dialect`: the 2002-02 format, and of the
/// 2002-11 one the MAP (its grammar did not change), the battlelands (STARTLIST, TOWER,
/// SUBTITLE, river hexsides), the VAR (HINT:, MAXPLAYERS:), the CRE (16 flags, base colour,
/// Special: class) and the TER (TITANIMPROVE, TITANTELEPORT, Special: recruiters; quoted
/// names are not read yet); of the 2003-10 one the MAP, the TER and the battlelands.
pub fn reads(format: FormatId, dialect: Dialect) -> bool {
    match dialect {
        Dialect::Feb2002 => true,
        Dialect::Nov2002 => matches!(
            format,
            FormatId::ColossusMap
                | FormatId::ColossusBattleland
                | FormatId::ColossusVar
                | FormatId::ColossusCre
                | FormatId::ColossusTer
        ),
        // The MAP (terrain names in the hexes), the TER (terrain lines without a letter) and
        // the battlelands (hex terrain names).
        Dialect::Oct2003 => matches!(
            format,
            FormatId::ColossusMap | FormatId::ColossusTer | FormatId::ColossusBattleland
        ),
        Dialect::Unreadable => false,
    }
}

/// The note of a file whose own records show a dialect Retroboard does not read in it.
pub fn own_note(doc: &Document) -> Option<Finding> {
    let format = doc.format()?;
    let (dialect, range, what) = own_sign(doc)?;
    (!reads(format, dialect)).then(|| note(doc, range, dialect, what))
}

/// The game's comment token must end with a line break: a comment on a last line without one
/// is a lexical error, which the game does not catch (it crashes).
pub fn check_final_comment(doc: &Document, out: &mut Vec<Finding>) {
    let rope = doc.rope();
    let len = rope.len_bytes();
    if len == 0 || rope.byte(len - 1) == b'\n' {
        return;
    }
    let last_line = rope.len_lines() - 1;
    let start = rope.line_to_byte(last_line);
    let line = doc.slice(start..len);
    if let Some(hash) = line.find('#') {
        out.push(Finding::new(
            codes::COMMENT_AT_END,
            start + hash..len,
            "a comment on the last line must end with a line break: the game's lexer fails on it \
and the game crashes; press Enter after the comment",
        )
        .with_fix(Some(
            Fix::one("Add a line break", TextEdit::insert(len, line_break(doc.rope()))).preferred(),
        )));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sign is read from the same tokens whatever the line's characters: a vertical tab or
    /// a no-break space parts tokens as a space does (as `split_whitespace` reads them).
    #[test]
    fn signs_are_read_from_the_same_tokens_in_every_line() {
        let later = |text: &str| sign(FormatId::ColossusMap, text).map(|(d, r, _)| (d, r));
        for blank in [" ", "\t", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2003}"] {
            let line = format!("1{blank}Brush 0 ARROW 0 ARROW 0 ARROW 0 0");
            // Most records must show it: two hex lines and the size line.
            let text = format!("3 2\n{line}\n{line}\n");
            assert_eq!(
                later(&text),
                Some((Dialect::Oct2003, 4..4 + line.len())),
                "{blank:?}"
            );
        }
        let joined = "1_Brush 0 ARROW 0 ARROW 0 ARROW 0 0\n";
        assert_eq!(later(&format!("3 2\n{joined}{joined}")), None);
    }

    /// A MAP's sign counted from the signs before an edit of one line is the sign read anew,
    /// for many random edits of every corpus MAP and of a small map of each dialect; edits
    /// that break or join lines are read anew.
    #[test]
    fn map_signs_after_an_edit_are_the_signs_read_anew() {
        let mut texts = vec![
            "3 2\n1 P 2 ARROWS 0 ARCH 0 ARROW 0 0\n2 J 1 ARROWS 0 ARCH 0 ARROW 1 0".to_string(),
            "3 2\r\n# c\r\n1 Brush 2 ARROWS 0 ARCH 0 ARROW 0 0\r\n\r\n2 Tower3 1 ARROW\r\n"
                .to_string(),
        ];
        texts.extend(super::super::random_edits::corpus_maps());
        const PIECES: &[&str] = &[
            "", "1", " ", "\t", "P", "Brush", "Tower3", "B_2", "#", "# Plains", "\n", "\r",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        let mut random = |n: usize| super::super::random_edits::below(&mut seed, n);
        let (mut edits, mut taken) = (0, 0);
        for original in &texts {
            let mut text = original.clone();
            let mut signs = MapSigns::of(&text);
            for _ in 0..60 {
                let mut from = random(text.len() + 1);
                let mut to = (from + random(4)).min(text.len());
                while !text.is_char_boundary(from) {
                    from -= 1;
                }
                while !text.is_char_boundary(to) {
                    to += 1;
                }
                let piece = PIECES[random(PIECES.len())];
                let removed_break = text[from..to].contains(['\n', '\r']);
                text.replace_range(from..to, piece);
                let change = Change {
                    start: from,
                    old_end: to,
                    new_end: from + piece.len(),
                    removed_break,
                };
                edits += 1;
                let fresh = MapSigns::of(&text);
                assert_eq!(fresh.found, map_sign(&text));
                if let Some(after) = MapSigns::after_edit(&text, &signs, change) {
                    taken += 1;
                    assert_eq!(
                        after.found, fresh.found,
                        "{from}..{to} {piece:?} in\n{text}"
                    );
                }
                signs = fresh;
            }
        }
        assert!(
            taken * 2 > edits,
            "{taken} of {edits} edits counted from before"
        );
    }

    /// The one-pass reading of a line's first tokens gives what cutting the line at its
    /// comment and splitting it gives, or leaves the line to them.
    #[test]
    fn first_tokens_are_the_split_tokens() {
        let lines = [
            "",
            "\n",
            "  \r\n",
            "1 P 2 ARROWS 1000 ARCH 0 ARROW 7 5\r\n",
            "\t1\tBrush  # a comment 2 3\n",
            "#only a comment\n",
            "a#b c\n",
            "x\x0Cy z",
            "1 Brush\x0B0 ARROW\n",
            "1 Br\u{e9}sil 0\n",
            "1 Brush\u{a0}0\n",
            "1 2 3 \u{e9}\u{a0}4\n",
        ];
        for line in lines {
            for needs in [1, 3, ALL] {
                let split: Vec<&str> = line
                    .split('#')
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .take(needs)
                    .collect();
                let mut tokens = Vec::new();
                if first_tokens(line, needs, &mut tokens) {
                    assert_eq!(tokens, split, "{line:?} {needs}");
                } else {
                    assert!(!line.is_ascii() || line.contains('\x0B'), "{line:?}");
                }
            }
        }
    }
}
