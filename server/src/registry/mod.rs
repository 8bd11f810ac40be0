//! What each format is, said once: its id, title, family, the paths and evidence that detect
//! it, and how much of a file is read. Every list of formats (the CLI's folder walk and help,
//! `explain`, SARIF rules, the fuzz targets, the editors' tables, checked by tests/registry.rs)
//! comes from [`FORMATS`]. What a format *means* (its grammar's words, checks, hover, board)
//! lives in its family module under `formats`, reached through `formats::spec`.
//!
//! This is the bottom layer: it knows no syntax tree and no feature.

mod detect;

use crate::findings::Code;

pub use detect::{
    HEAD_BYTES as DETECTION_BYTES, HEAD_LINES as DETECTION_LINES, detect, fits, has_bord_shape,
};

/// The nine file kinds Retroboard reads, in the order of [`FORMATS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FormatId {
    CrossminesPattern,
    PatienceGame,
    OthelloBord,
    ColossusMap,
    ColossusTer,
    ColossusCre,
    ColossusBattleland,
    ColossusVar,
    PegBrd,
}

/// A family of formats: one game, one folder under `formats`, the prefix of its codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    Crossmines,
    Patience,
    Othello,
    Colossus,
    Peg,
}

/// How much of a file Retroboard reads: a generous multiple of the largest file the format's
/// game can use. A longer file is read up to the bound (cut back to a whole line) and gets one
/// `retroboard/too-large`, so no feature ever models more than this of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// Lines read at most.
    pub lines: usize,
    /// Bytes read at most, cut back to the start of the line that crosses them.
    pub bytes: usize,
    /// The game's own limit, in a modder's words: "a Patience game has at most 150 piles".
    pub limit: &'static str,
}

/// How a file is told to be of a format (weighed by `detect`, in registry/detect.rs).
#[derive(Clone, Copy)]
pub struct Evidence {
    /// File extensions, lower case without the dot; any case matches.
    pub extensions: &'static [&'static str],
    /// Extension-less files in a folder of this name (`Battlelands`).
    pub folder: Option<&'static str>,
    /// Where several formats share an extension, each weighs the head of the file (its first
    /// lines); the highest score wins, the format listed first on a tie.
    pub score: Option<fn(&[&str]) -> u32>,
    /// An extension-less file anywhere else is of this format when its text has this shape.
    pub shape: Option<fn(&str) -> bool>,
}

/// Everything the registry says about one format.
pub struct Entry {
    pub id: FormatId,
    /// The id in JSON output, LSP language ids, Neovim filetypes and grammar folder names.
    pub name: &'static str,
    /// A short human name, for messages.
    pub title: &'static str,
    pub family: Family,
    pub evidence: Evidence,
    pub bound: Bound,
}

const fn by_extension(extensions: &'static [&'static str]) -> Evidence {
    Evidence {
        extensions,
        folder: None,
        score: None,
        shape: None,
    }
}

/// The formats, in the order of [`FormatId`].
pub const FORMATS: [Entry; 9] = [
    Entry {
        id: FormatId::CrossminesPattern,
        name: "crossmines-pattern",
        title: "Crossmines pattern",
        family: Family::Crossmines,
        evidence: Evidence {
            score: Some(detect::crossmines_score),
            ..by_extension(&["pat", "tes"])
        },
        // The spec's example is 12 x 12 squares on a 48 x 48 field; a pattern must fit the
        // field, so a few hundred squares (say 125 x 125) is several times any; past that
        // every request on the file (colours above all: a token per square) costs over 50 ms.
        bound: Bound {
            lines: 300,
            bytes: 16 * 1024,
            limit: "a Crossmines pattern is 10 header lines and a grid stamped across a minefield \
of a few dozen squares each way (the spec's example: 12 x 12, on a 48 x 48 field)",
        },
    },
    Entry {
        id: FormatId::PatienceGame,
        name: "patience-game",
        title: "Patience game",
        family: Family::Patience,
        evidence: Evidence {
            score: Some(detect::patience_score),
            ..by_extension(&["pat"])
        },
        // The game reads at most 150 piles, one line each of 11 numbers (some 40-80
        // characters): 152 lines of a few KB. Over three times that, which keeps the colours
        // of a file at the bound (11 numbers a line) within 50 ms.
        bound: Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Patience game has at most 150 piles (one line each, after the name and counts lines)",
        },
    },
    Entry {
        id: FormatId::OthelloBord,
        name: "othello-bord",
        title: "Super Othello board",
        family: Family::Othello,
        evidence: Evidence {
            score: Some(detect::othello_score),
            shape: Some(detect::has_bord_shape),
            ..by_extension(&["bord", "brd"])
        },
        // Five lines: two counts, the used squares, 64 squares and a copyright of at most 170
        // characters. A board still written as the spec's 8 rows of 8 is 12 lines. 100 lines
        // and 64 KB is far past both.
        bound: Bound {
            lines: 100,
            bytes: 64 * 1024,
            limit: "a Super Othello board has 5 lines",
        },
    },
    Entry {
        id: FormatId::ColossusMap,
        name: "colossus-map",
        title: "Colossus masterboard (MAP)",
        family: Family::Colossus,
        evidence: by_extension(&["map"]),
        // Colossus reads at most 20 x 12 hexes (240 lines), as the size line says; the later
        // dialects raise the limit to 60 x 32 (1 920 hexes; Abyssal9 is 24 x 16 in 229 lines).
        // Lines are some 40 bytes. 4 000 lines and 256 KB covers both.
        bound: Bound {
            lines: 4_000,
            bytes: 256 * 1024,
            limit: "a Colossus masterboard has at most 20 x 12 hexes, one line each (the later \
versions of the game allow 60 x 32)",
        },
    },
    Entry {
        id: FormatId::ColossusTer,
        name: "colossus-ter",
        title: "Colossus terrains (TER)",
        family: Family::Colossus,
        evidence: by_extension(&["ter"]),
        // At most 52 terrains (one letter each), a recruit line and a blank line between each,
        // plus ACQUIRABLE lines and comments: some 150 lines (the largest real TER has 46).
        bound: Bound {
            lines: 1_000,
            bytes: 128 * 1024,
            limit: "a Colossus TER has at most 52 terrains (one letter each), one line each",
        },
    },
    Entry {
        id: FormatId::ColossusCre,
        name: "colossus-cre",
        title: "Colossus creatures (CRE)",
        family: Family::Colossus,
        evidence: by_extension(&["cre"]),
        // One line per creature: a variant recruits a few dozen (the largest real CRE has 67
        // lines). 500 lines and 64 KB is many times any variant (and keeps the colours of a
        // file at the bound, 18 tokens a line, within 50 ms).
        bound: Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Colossus CRE has one line per creature, and a variant recruits a few dozen \
creatures (at most a handful in each of at most 52 terrains)",
        },
    },
    Entry {
        id: FormatId::ColossusBattleland,
        name: "colossus-battleland",
        title: "Colossus battleland",
        family: Family::Colossus,
        evidence: Evidence {
            folder: Some("Battlelands"),
            ..by_extension(&[])
        },
        // At most 6 x 6 hexes, one line each; the later dialects add STARTLIST, TOWER and
        // SUBTITLE lines. The largest real one has 33 lines.
        bound: Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Colossus battleland has at most 6 x 6 hexes, one line each",
        },
    },
    Entry {
        id: FormatId::ColossusVar,
        name: "colossus-var",
        title: "Colossus variant (VAR)",
        family: Family::Colossus,
        evidence: by_extension(&["var"]),
        // A VAR names a MAP, a TER, a CRE and the variants it depends on (the later dialects
        // add HINT and MAXPLAYERS): a handful of lines.
        bound: Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Colossus VAR has a few lines (MAP, TER, CRE and DEPEND)",
        },
    },
    Entry {
        id: FormatId::PegBrd,
        name: "peg-brd",
        title: "Peg solitaire board",
        family: Family::Peg,
        evidence: Evidence {
            score: Some(detect::peg_score),
            ..by_extension(&["brd"])
        },
        // A header and a few rows (the boards that ship have at most 81 holes, one element a
        // line in v1: some 90 lines). 1 000 lines and 8 KB holds boards of thousands of holes
        // (every element its own coloured token), 20 times the largest that ships.
        bound: Bound {
            lines: 1_000,
            bytes: 8 * 1024,
            limit: "a peg solitaire board has a header and a few rows (the boards that ship have \
at most 81 holes)",
        },
    },
];

impl FormatId {
    /// Every format, in the order of [`FORMATS`].
    pub const ALL: [FormatId; FORMATS.len()] = {
        let mut all = [FormatId::CrossminesPattern; FORMATS.len()];
        let mut i = 0;
        while i < FORMATS.len() {
            all[i] = FORMATS[i].id;
            i += 1;
        }
        all
    };

    /// What the registry says about this format.
    pub fn entry(self) -> &'static Entry {
        &FORMATS[self as usize]
    }

    /// The id used in JSON output, LSP language ids and grammar folder names.
    pub fn as_str(self) -> &'static str {
        self.entry().name
    }

    pub fn from_id(id: &str) -> Option<FormatId> {
        FORMATS.iter().find(|e| e.name == id).map(|e| e.id)
    }

    pub fn family(self) -> Family {
        self.entry().family
    }

    /// A short human name, for messages.
    pub fn title(self) -> &'static str {
        self.entry().title
    }

    /// How much of a file of this format is read (see [`Bound`]).
    pub fn bound(self) -> Bound {
        self.entry().bound
    }

    /// The tree-sitter language of this format (its grammar folder has the format's id).
    pub fn language(self) -> tree_sitter::Language {
        let grammar = retroboard_grammars::grammar(self.as_str())
            .expect("every format id has a grammar of the same name");
        tree_sitter::Language::new(grammar.language)
    }
}

/// Everything the registry says about one family.
pub struct FamilyEntry {
    pub family: Family,
    /// The prefix of its codes: `colossus` in `colossus/unknown-creature`.
    pub prefix: &'static str,
    /// The game, as messages name it: "a Colossus, ... or peg solitaire file".
    pub game: &'static str,
    /// The code of its syntax errors.
    pub syntax_error: &'static Code,
}

/// The families, in the order of [`Family`].
pub const FAMILIES: [FamilyEntry; 5] = [
    FamilyEntry {
        family: Family::Crossmines,
        prefix: "crossmines",
        game: "Crossmines",
        syntax_error: &Code::syntax_error("crossmines/syntax-error"),
    },
    FamilyEntry {
        family: Family::Patience,
        prefix: "patience",
        game: "Patience",
        syntax_error: &Code::syntax_error("patience/syntax-error"),
    },
    FamilyEntry {
        family: Family::Othello,
        prefix: "othello",
        game: "Super Othello",
        syntax_error: &Code::syntax_error("othello/syntax-error"),
    },
    FamilyEntry {
        family: Family::Colossus,
        prefix: "colossus",
        game: "Colossus",
        syntax_error: &Code::syntax_error("colossus/syntax-error"),
    },
    FamilyEntry {
        family: Family::Peg,
        prefix: "peg",
        game: "peg solitaire",
        syntax_error: &Code::syntax_error("peg/syntax-error"),
    },
];

impl Family {
    /// Every family, in the order of [`FAMILIES`].
    pub const ALL: [Family; FAMILIES.len()] = {
        let mut all = [Family::Crossmines; FAMILIES.len()];
        let mut i = 0;
        while i < FAMILIES.len() {
            all[i] = FAMILIES[i].family;
            i += 1;
        }
        all
    };

    /// What the registry says about this family.
    pub const fn entry(self) -> &'static FamilyEntry {
        &FAMILIES[self as usize]
    }

    /// The prefix of this family's codes: `colossus` in `colossus/unknown-creature`.
    pub fn prefix(self) -> &'static str {
        self.entry().prefix
    }

    /// The game, as messages name it: "a Colossus, ... or peg solitaire file".
    pub fn game(self) -> &'static str {
        self.entry().game
    }

    /// The code of this family's syntax errors.
    pub const fn syntax_error(self) -> &'static Code {
        self.entry().syntax_error
    }

    /// The formats of this family, in registry order.
    pub fn formats(self) -> impl Iterator<Item = FormatId> {
        FORMATS
            .iter()
            .filter(move |e| e.family == self)
            .map(|e| e.id)
    }
}

/// Every extension some format is detected by, lower case, each once, in registry order.
pub fn extensions() -> Vec<&'static str> {
    let mut all: Vec<&'static str> = Vec::new();
    for entry in &FORMATS {
        for extension in entry.evidence.extensions {
            if !all.contains(extension) {
                all.push(extension);
            }
        }
    }
    all
}

/// The games, in words: "Crossmines, Patience, Super Othello, Colossus or peg solitaire".
pub fn games() -> String {
    let names: Vec<&str> = Family::ALL.iter().map(|f| f.game()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
        None => String::new(),
    }
}

/// The files detection recognises, in words, for help texts: ".pat .tes .bord .brd .map .ter
/// .cre .var, Battlelands/<name>, files shaped like a Super Othello board".
pub fn detected_files() -> String {
    let mut parts = vec![
        extensions()
            .iter()
            .map(|e| format!(".{e}"))
            .collect::<Vec<_>>()
            .join(" "),
    ];
    for entry in &FORMATS {
        if let Some(folder) = entry.evidence.folder {
            parts.push(format!("{folder}/<name>"));
        }
    }
    for entry in &FORMATS {
        if entry.evidence.shape.is_some() {
            parts.push(format!(
                "files without an extension shaped like a {}",
                entry.title
            ));
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_texts_list_every_format() {
        assert_eq!(
            games(),
            "Crossmines, Patience, Super Othello, Colossus or peg solitaire"
        );
        assert_eq!(
            detected_files(),
            ".pat .tes .bord .brd .map .ter .cre .var, Battlelands/<name>, files without an \
extension shaped like a Super Othello board"
        );
    }

    #[test]
    fn entries_are_in_the_order_of_their_ids() {
        for (index, entry) in FORMATS.iter().enumerate() {
            assert_eq!(entry.id as usize, index, "{}", entry.name);
        }
    }

    #[test]
    fn family_entries_are_in_the_order_of_their_families() {
        for (index, entry) in FAMILIES.iter().enumerate() {
            assert_eq!(entry.family as usize, index, "{}", entry.prefix);
            assert_eq!(
                entry.syntax_error.name,
                format!("{}/syntax-error", entry.prefix)
            );
        }
    }

    #[test]
    fn every_family_has_formats_and_a_prefix_its_codes_use() {
        for family in Family::ALL {
            assert!(family.formats().next().is_some());
            assert!(family.syntax_error().name.starts_with(family.prefix()));
            for format in family.formats() {
                assert!(format.as_str().starts_with(family.prefix()));
            }
        }
    }
}
