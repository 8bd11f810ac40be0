//! The codes that belong to no format family (`retroboard/…`), and the list of every code
//! Retroboard reports: what `retroboard explain`, the settings and SARIF read.

use crate::findings::{Code, Severity};
use crate::registry::Family;

pub const UNKNOWN_FORMAT: &Code = &Code {
    name: "retroboard/unknown-format",
    severity: Severity::Information,
    summary: "Retroboard does not recognise this file",
    docs: "The file is none of the formats Retroboard reads. Detection looks at the \
path first, then the content:\n\
  .map .ter .cre .var            Colossus variant files\n\
  Battlelands/<name>             Colossus battlelands (no extension, in a Battlelands folder)\n\
  .pat                           Patience game when its lines look more like one (rows of \
11 numbers, a `decks piles` line 2) than like a Crossmines pattern (one-word lines of grid \
characters); .tes is always Crossmines\n\
  .brd                           peg solitaire board when its lines look more like one (a 1D~ \
or 1N~ header, version or mode lines, rows of peg elements) than like a Super Othello board (two \
counts, used squares, a 64-square board line)\n\
  .bord, or a BORD-shaped file   Super Othello board (without an extension: a 64-square line 4 \
and most of the other lines)\n\
The first 64 lines (of the first 8 KB) are weighed as a whole, so a slip in one header line \
does not change the format. An editor can also choose the format by language id (e.g. \
patience-game), and `retroboard check --as FORMAT` forces one.",
    unnecessary: false,
};

pub const INTERNAL_ERROR: &Code = &Code {
    name: "retroboard/internal-error",
    severity: Severity::Warning,
    summary: "Retroboard failed while checking the file",
    docs: "A bug in Retroboard stopped it while checking this file. The file itself may \
be fine, nothing was changed, and the language server and `retroboard check` go on with the \
other files. Please report it with the file that triggers it.",
    unnecessary: false,
};

pub const TOO_LARGE: &Code = &Code {
    name: "retroboard/too-large",
    severity: Severity::Warning,
    summary: "The file is longer than its game can use, or too large to read at all",
    docs: "Every format has a bound: a generous multiple of the largest file its game \
can use (a Patience game has at most 150 piles, a Super Othello board 5 lines, a Colossus \
masterboard at most 20 x 12 hexes, ...). A longer file is read only up to the bound, cut at a \
whole line: the finding sits on the first line not read and names the game's limit, and nothing \
after it is checked, explained on hover, outlined, coloured or drawn. Most likely the file is \
not one of the game's (or was generated or damaged); the game itself would not read that much \
either. Past 16 MB, or with a line over 64 KB, a file is not read at all: it is kept as it is \
and not checked. Shorten the file, or check a smaller copy.",
    unnecessary: false,
};

pub const CONFIG: &Code = &Code {
    name: "retroboard/config",
    severity: Severity::Error,
    summary: "The settings file (retroboard.toml) cannot be read",
    docs: "A `retroboard.toml` (or `.retroboard.toml`) sets the rules of the files in \
its folder and below: `[rules]` gives any code a severity (error, warning, information, hint) or \
turns it off, `[[overrides]]` does so for some files (`files = [\"Experimental/**\"]`), and \
`[files]` says which files a folder check reads (`include`, `exclude`) and which format a file \
is read as (`\"patterns/**/*.pat\" = \"crossmines-pattern\"`). The finding names what is wrong \
(a code Retroboard does not report, a level or format it does not know, a pattern that is not \
valid, TOML it cannot read); until it is fixed, every file is checked with the default settings. \
`[[suppress]]` entries silence one finding each: `file = \"Games/Klondike.pat\"` (a path or glob \
relative to the settings file), `code = \"patience/foundation-value\"`, `place = \"pile:7\"` (a \
logical place: `file`, `line-text:TEXT`, `name`, `header`, `pile:N`, `line:N`, `square:D4`, \
`board`, `cell:ROW:COL` from 1, or a Crossmines header field such as `large-grid-size-x`) and \
`reason = \"why\"`, all four required. An entry that cannot be read (a key missing or unknown, a \
code that is not reported or is Retroboard's own, a place it does not know) is one finding on \
it; the other settings still apply.",
    unnecessary: false,
};

pub const UNUSED_SUPPRESSION: &Code = &Code {
    name: "retroboard/unused-suppression",
    severity: Severity::Warning,
    summary: "A suppression comment or [[suppress]] entry silences nothing",
    docs: "In a Colossus file, `# retroboard: ignore[code] reason` silences the findings \
of those codes on the next line that is not a comment or blank, and `# retroboard: \
ignore-file[code] reason` silences them in the whole file. One that silences nothing (the finding \
is gone, or the code is misspelt) is reported, so that suppressions do not outlive their reason; \
the quick fix removes its line. The same holds for a `[[suppress]]` entry of retroboard.toml \
(`file = \"Games/Klondike.pat\"`, `code = \"patience/foundation-value\"`, `place = \"pile:7\"`, \
`reason = \"why\"`) that silences nothing in the files it names that were checked: it is \
reported on its `[[suppress]]` line, and the quick fix removes the entry.",
    unnecessary: true,
};

pub const MALFORMED_SUPPRESSION: &Code = &Code {
    name: "retroboard/malformed-suppression",
    severity: Severity::Warning,
    summary: "A comment meant as a suppression does not have its form, and silences nothing",
    docs: "A suppression comment in a Colossus file has one form, on a line of its \
own: `# retroboard: ignore[code] reason` (the next line that is not a comment or blank) or `# \
retroboard: ignore-file[code] reason` (the whole file). Several codes are separated by commas \
(`ignore[colossus/titan-recruit, colossus/unknown-creature]`); blanks may stand after `#` and \
`retroboard:` and around the codes, and a blank separates the closing `]` from the reason, \
which may be left out. `retroboard:` is written in lower case with its colon right after it. A \
comment that starts like one (`retroboard` in any case, then a colon) but does not have this \
form, such as `# retroboard: ignore[` (no closing bracket), `# retroboard: ignore[]` (no code), \
`# retroboard: ignore[code]]]` or `#retroboard:ignore[code]reason` (no blank before the reason), \
silences nothing; the finding says what was expected where. Correct the comment, or remove it.",
    unnecessary: false,
};

pub const NOT_TEXT: &Code = &Code {
    name: "retroboard/not-text",
    severity: Severity::Error,
    summary: "The file is binary, not text",
    docs: "The file contains NUL bytes, so it is not a text file (an image, an archive \
or a file saved by another program). Retroboard reads UTF-8, Windows-1252 and Mac Roman text.",
    unnecessary: false,
};

/// Codes that belong to no format family, in the order `retroboard explain` lists them.
pub const RETROBOARD_CODES: &[&Code] = &[
    UNKNOWN_FORMAT,
    INTERNAL_ERROR,
    TOO_LARGE,
    CONFIG,
    UNUSED_SUPPRESSION,
    MALFORMED_SUPPRESSION,
    NOT_TEXT,
];

/// Every diagnostic code Retroboard can report, with its documentation.
pub fn all_codes() -> Vec<&'static Code> {
    let mut codes = RETROBOARD_CODES.to_vec();
    for family in Family::ALL {
        codes.push(family.syntax_error());
        codes.extend_from_slice(super::family_codes(family));
    }
    codes
}

/// The documentation of one code.
pub fn code_doc(code: &str) -> Option<&'static Code> {
    all_codes().into_iter().find(|doc| doc.name == code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Finding;

    /// A finding keeps only its code's name; what `explain`, the settings and SARIF say of that
    /// name is the entry `code_doc` finds. Each entry is listed once under its own name, so that
    /// is the entry the finding was made from, with the severity it was reported with.
    #[test]
    fn each_code_is_found_by_its_name_with_the_severity_its_findings_have() {
        let codes = all_codes();
        for code in &codes {
            let found = code_doc(code.name).expect("every listed code is found by its name");
            assert!(std::ptr::eq(found, *code), "{} is listed twice", code.name);
            let finding = Finding::new(code, 0..0, "");
            assert_eq!(
                (finding.code, finding.severity),
                (code.name, found.severity)
            );
            let family = code.name.split('/').next().unwrap_or_default();
            let families: Vec<&str> = Family::ALL.iter().map(|f| f.prefix()).collect();
            assert!(
                family == "retroboard" || families.contains(&family),
                "{} belongs to no family",
                code.name
            );
            assert!(
                !code.summary.is_empty() && !code.docs.is_empty(),
                "{}",
                code.name
            );
        }
    }
}
