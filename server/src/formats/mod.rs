//! The five format families. Each family folder holds everything a format means: the words its
//! syntax errors use, its checks, hover docs and board model. Nothing in here knows LSP.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::answers::{Highlight, Hover, Symbol};
use crate::draw::Board;
use crate::findings::{CodeDoc, Finding, Severity, TextEdit};
use crate::registry::{Family, FormatId};
use crate::syntax::Document;

pub mod colossus;
pub mod crossmines;
pub mod editor;
pub mod layout;
pub mod othello;
pub mod patience;
pub mod peg;
pub mod place;

/// Everything a format means: the one place that names each family's modules.
pub fn spec(format: FormatId) -> &'static dyn Format {
    match format {
        FormatId::CrossminesPattern => &crossmines::Pattern,
        FormatId::PatienceGame => &patience::Game,
        FormatId::OthelloBord => &othello::Bord,
        FormatId::ColossusMap => &colossus::Map,
        FormatId::ColossusTer => &colossus::Ter,
        FormatId::ColossusCre => &colossus::Cre,
        FormatId::ColossusBattleland => &colossus::Battleland,
        FormatId::ColossusVar => &colossus::Var,
        FormatId::PegBrd => &peg::Board,
    }
}

/// The codes a family's checks report, beyond syntax errors.
pub fn family_codes(family: Family) -> &'static [CodeDoc] {
    match family {
        Family::Crossmines => crossmines::CODES,
        Family::Patience => patience::CODES,
        Family::Othello => othello::CODES,
        Family::Colossus => colossus::CODES,
        Family::Peg => peg::CODES,
    }
}

/// What a format module provides. The LSP, CLI and renderer reach a format only through this.
pub trait Format: Sync {
    /// Plain words for a grammar token or node kind, used in syntax errors: `"a terrain letter"`.
    /// Hidden or unknown kinds give `None`.
    fn describe_kind(&self, kind: &str) -> Option<&'static str>;

    /// Plain words for a grammar field, without article: `"number of piles"`.
    fn describe_field(&self, field: &str) -> Option<&'static str>;

    /// The semantic checks of this format, added after the syntax errors.
    fn check(&self, _doc: &Document, _findings: &mut Vec<Finding>) {}

    /// The checks with access to other files (a Colossus variant spans several); by default
    /// the single-file checks.
    fn check_with(&self, doc: &Document, _files: &dyn Files, findings: &mut Vec<Finding>) {
        self.check(doc, findings);
    }

    /// Help for the token at a byte offset: what it means, decoded for the value written.
    /// `None` where there is nothing to explain (whitespace, a broken line).
    fn hover(&self, _doc: &Document, _offset: usize, _files: &dyn Files) -> Option<Hover> {
        None
    }

    /// The outline of the document: its parts, named in the format's terms.
    fn outline(&self, _doc: &Document) -> Vec<Symbol> {
        Vec::new()
    }

    /// The board this document describes, drawn for the preview; `findings` are the
    /// document's, so the drawing can mark what is faulty. `None`: nothing to draw.
    fn board(&self, _doc: &Document, _files: &dyn Files, _findings: &[Finding]) -> Option<Board> {
        None
    }

    /// Moves the preview can step through on the board's drawing (a peg board's solution,
    /// or why there is none); `findings` are the document's. `None`: nothing to replay.
    fn replay(&self, _doc: &Document, _findings: &[Finding]) -> Option<crate::draw::Replay> {
        None
    }

    /// The format's line comment (`#` in Colossus files), where inline suppressions are
    /// written; `None` for formats without comments.
    fn line_comment(&self) -> Option<&'static str> {
        None
    }

    /// Whether the game still reads the document the same with a comment line inserted before
    /// its line `line` (0-based); only asked of formats with a [`Format::line_comment`].
    fn comment_may_precede(&self, _doc: &Document, _line: usize) -> bool {
        true
    }

    /// The logical places of a finding at `range` in the game's terms, most precise first
    /// (`pile:7`, `square:D4`, `board`; see [`place`]): what a `[[suppress]]` entry of
    /// retroboard.toml names. The generic ones (`file`, `line-text:…`) are added by
    /// [`place::places`].
    fn places(&self, _doc: &Document, _range: &std::ops::Range<usize>) -> Vec<String> {
        Vec::new()
    }

    /// Whether files of this format define names (creatures, terrains, variants) that other
    /// files refer to: only those are read for workspace symbols.
    fn defines_names(&self) -> bool {
        false
    }

    /// The names this file defines, for workspace symbols.
    fn definitions(&self, _doc: &Document) -> Vec<crate::answers::Symbol> {
        Vec::new()
    }

    /// Where the name at `offset` is defined (in this file or another).
    fn definition(
        &self,
        _doc: &Document,
        _offset: usize,
        _files: &dyn Files,
    ) -> Vec<crate::answers::Target> {
        Vec::new()
    }

    /// Every place that names what the name at `offset` names, its definition too when asked.
    fn references(
        &self,
        _doc: &Document,
        _offset: usize,
        _files: &dyn Files,
        _include_declaration: bool,
    ) -> Vec<crate::answers::Target> {
        Vec::new()
    }

    /// What can be written at `offset`, each value with what it means; none where nothing
    /// fits (a comment, a free-text field).
    fn completions(
        &self,
        _doc: &Document,
        _offset: usize,
        _files: &dyn Files,
    ) -> Vec<crate::answers::Completion> {
        Vec::new()
    }

    /// The range of the name at `offset` a rename would change; `Err`: it cannot be renamed,
    /// and why (see [`crate::ide::prepare_rename`]).
    fn prepare_rename(
        &self,
        _doc: &Document,
        _offset: usize,
        _files: &dyn Files,
    ) -> Result<Option<std::ops::Range<usize>>, String> {
        Ok(None)
    }

    /// The changes renaming the name at `offset` to `new_name` (see [`crate::ide::rename`]).
    fn rename(
        &self,
        _doc: &Document,
        _offset: usize,
        _new_name: &str,
        _files: &dyn Files,
    ) -> Result<Vec<crate::answers::Replace>, String> {
        Ok(Vec::new())
    }

    /// Words shown after the tokens that `range` touches (see [`crate::ide::inlay_hints`]).
    fn inlay_hints(
        &self,
        _doc: &Document,
        _range: std::ops::Range<usize>,
        _options: &crate::answers::InlayOptions,
        _files: &dyn Files,
    ) -> Vec<crate::answers::InlayHint> {
        Vec::new()
    }

    /// Runs of lines an editor can fold: comments, groups of records.
    fn folds(&self, _doc: &Document) -> Vec<crate::answers::Fold> {
        Vec::new()
    }

    /// Names of other files in the text, linked to the files they name (those that exist).
    fn links(&self, _doc: &Document, _files: &dyn Files) -> Vec<crate::answers::Link> {
        Vec::new()
    }

    /// The board after a sample deal with `seed`, the same for a seed on every machine (a card
    /// game); `None`: this format deals no cards.
    fn dealt_board(
        &self,
        _doc: &Document,
        _files: &dyn Files,
        _findings: &[Finding],
        _seed: u64,
    ) -> Option<Board> {
        None
    }

    /// The edits that lay the document out as the game allows (only blanks change, and what
    /// the game reads stays the same): none when it is laid out so already, or where no layout
    /// is safe (what a syntax error touches, a format whose spacing the game reads). Called
    /// through [`crate::formatting`], which checks the edits and keeps those of a range.
    fn format(&self, _doc: &Document) -> Vec<TextEdit> {
        Vec::new()
    }

    /// Tokens coloured by meaning; by default from the grammar's highlight query.
    fn highlights(&self, doc: &Document) -> Vec<Highlight> {
        crate::syntax::query_highlights(doc)
    }

    /// Files whose findings depend on this document's text (a Colossus MAP reads the variant's
    /// TER): when what they read of it changes ([`Format::exported`]), their findings are
    /// computed again.
    fn dependents(&self, _doc: &Document, _files: &dyn Files) -> Vec<std::path::PathBuf> {
        Vec::new()
    }

    /// A fingerprint of what other files' findings read of this document; `None` when no other
    /// file reads it. An edit that leaves it the same leaves the dependents' findings alone.
    fn exported(&self, _doc: &Document) -> Option<u64> {
        None
    }

    /// The search for the findings that can take long to find (whether a peg board can be
    /// won), made ready from the document, never part of [`Format::check`]: the language server
    /// does it off the keystroke path, after publishing the others, and `check` waits for it.
    /// `None` when there is nothing to search for. Asked only for documents without errors
    /// (see [`crate::analysis::check`]).
    fn slow_search(&self, _doc: &Document) -> Option<Box<dyn SlowSearch>> {
        None
    }

    /// A later dialect of the format that Retroboard does not read: one information finding
    /// replaces the syntax errors and checks, which would only be a flood.
    fn unsupported_dialect(&self, _doc: &Document) -> Option<Finding> {
        None
    }

    /// The note of a document whose own records are readable but whose other files (the
    /// variant it belongs to, for Colossus) are in a dialect Retroboard does not read: its
    /// checks would apply the wrong rules.
    fn variant_note(&self, _doc: &Document, _files: &dyn Files) -> Option<Finding> {
        None
    }
}

/// The later-dialect note of a document (see [`Format::unsupported_dialect`]), found once per
/// text.
pub fn unsupported_dialect(doc: &Document) -> Option<Finding> {
    struct Note(Option<Finding>);
    let format = doc.format()?;
    doc.memo(|| Note(spec(format).unsupported_dialect(doc)))
        .0
        .clone()
}

/// A format's words for its grammar, for syntax errors.
impl crate::syntax::GrammarWords for dyn Format {
    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Format::describe_kind(self, kind)
    }

    fn describe_field(&self, field: &str) -> Option<&'static str> {
        Format::describe_field(self, field)
    }
}

/// A search for findings that take long to find, made ready ([`Format::slow_search`]). Every
/// search is budgeted in positions examined, never in time: the findings must not depend on
/// the machine.
pub trait SlowSearch: Send + Sync {
    /// The findings of a search of at most `positions` when they are known without searching
    /// (the same board searched before); `None` when the search is needed.
    fn known(&self, positions: u64) -> Option<Vec<Finding>>;

    /// Searches, examining at most `positions`; once `cancelled()` says so the search stops
    /// and finds nothing.
    fn run(&self, positions: u64, cancelled: &dyn Fn() -> bool) -> Vec<Finding>;

    /// While the value returned lives, the search is under way: a preview of the document
    /// drawn meanwhile says so instead of searching the same board beside it.
    fn under_way(&self) -> Box<dyn std::any::Any + Send>;
}

/// Access to other files: the editor's open documents first, then the disk.
pub trait Files {
    /// The text of a file, or `None` when it does not exist or is not text.
    fn read(&self, path: &Path) -> Option<Arc<str>>;

    fn exists(&self, path: &Path) -> bool {
        self.read(path).is_some()
    }

    /// Whether `path` is a folder.
    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }

    /// The paths of the entries of the folder `dir`, in the order the disk lists them; `None`
    /// when it cannot be read as a folder.
    fn list(&self, dir: &Path) -> Option<Arc<[PathBuf]>> {
        let entries = std::fs::read_dir(dir).ok()?;
        Some(entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
    }

    /// `path` with its links resolved; `None` when it is not on disk.
    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        std::fs::canonicalize(path).ok()
    }

    /// Where to keep what is worked out from several files (a variant's dialect), for as long
    /// as the files do not change; `None` where they may (an editor's files).
    fn memo(&self) -> Option<&Memo> {
        None
    }

    /// The value of kind `kind` for `key`, worked out by `make` from these files unless it is
    /// known (see [`remembered`]): by default kept in [`Files::memo`], if any.
    fn remember(
        &self,
        key: &Path,
        kind: TypeId,
        make: &mut dyn FnMut() -> Arc<dyn Any + Send + Sync>,
    ) -> Arc<dyn Any + Send + Sync> {
        match self.memo() {
            Some(memo) => memo.get_or_any(key, kind, make),
            None => make(),
        }
    }

    /// A file read as a document of `format`; by default parsed anew on every call.
    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        let text = self.read(path)?;
        let doc = Document::new(Some(format), &text).with_path(Some(path.to_path_buf()));
        Some(Loaded::Shared(Arc::new(doc)))
    }
}

/// A value worked out from the files (a variant, its dialect), for `key` (its folder): worked
/// out once while the files it read stay the same, as far as `files` can tell
/// ([`Files::remember`]).
pub fn remembered<T: Any + Send + Sync + Clone>(
    files: &dyn Files,
    key: &Path,
    make: impl FnOnce() -> T,
) -> T {
    let mut make = Some(make);
    let mut made = || -> Arc<dyn Any + Send + Sync> {
        let make = make.take().expect("made once");
        Arc::new(make())
    };
    let value = files.remember(key, TypeId::of::<T>(), &mut made);
    match value.downcast_ref::<T>() {
        Some(value) => value.clone(),
        None => unreachable!("values are kept under their own kind's id"),
    }
}

/// A document another file's checks read: an open one, or one shared from a cache.
pub enum Loaded<'a> {
    Open(&'a Document),
    Shared(Arc<Document>),
}

impl Deref for Loaded<'_> {
    type Target = Document;

    fn deref(&self) -> &Document {
        match self {
            Loaded::Open(doc) => doc,
            Loaded::Shared(doc) => doc,
        }
    }
}

/// Parsed documents of files, kept while their text stays the same: a keystroke in a
/// Colossus MAP reads the variant's TER, and should not parse it (and build its view) again.
#[derive(Default)]
pub struct DocumentCache {
    entries: Mutex<HashMap<(PathBuf, FormatId), Cached>>,
}

/// A cached document and the text it was parsed from.
type Cached = (Arc<str>, Arc<Document>);

impl DocumentCache {
    /// More files than a few variants use; past it the cache starts over.
    const CAPACITY: usize = 256;

    /// The document of `path` with this text: the cached one when the text is the same.
    pub fn document(&self, path: &Path, format: FormatId, text: Arc<str>) -> Arc<Document> {
        let key = (path.to_path_buf(), format);
        let mut entries = self
            .entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((cached, doc)) = entries.get(&key)
            && *cached == text
        {
            return doc.clone();
        }
        if entries.len() >= Self::CAPACITY {
            entries.clear();
        }
        let doc = Arc::new(Document::new(Some(format), &text).with_path(Some(key.0.clone())));
        entries.insert(key, (text, doc.clone()));
        doc
    }

    /// Drops the documents of `path` (in every format).
    pub fn forget(&self, path: &Path) {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .retain(|(cached, _), _| cached != path);
    }
}

/// Values worked out from several files, by kind and folder, for as long as the files stay
/// the same.
#[derive(Default)]
pub struct Memo(Mutex<HashMap<(TypeId, PathBuf), Arc<dyn Any + Send + Sync>>>);

impl Memo {
    /// The value of kind `T` for `key`, made by `make` the first time (without holding the
    /// memo, so `make` may use it).
    pub fn get_or<T: Any + Send + Sync + Clone>(&self, key: &Path, make: impl FnOnce() -> T) -> T {
        let id = (TypeId::of::<T>(), key.to_path_buf());
        let lock = || self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(value) = lock().get(&id).and_then(|v| v.downcast_ref::<T>()) {
            return value.clone();
        }
        let value = make();
        lock().insert(id, Arc::new(value.clone()));
        value
    }

    /// [`Memo::get_or`] for a value of any kind (`kind` is its type's id).
    pub fn get_or_any(
        &self,
        key: &Path,
        kind: TypeId,
        make: &mut dyn FnMut() -> Arc<dyn Any + Send + Sync>,
    ) -> Arc<dyn Any + Send + Sync> {
        let id = (kind, key.to_path_buf());
        let lock = || self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(value) = lock().get(&id) {
            return value.clone();
        }
        let value = make();
        lock().insert(id, value.clone());
        value
    }
}

/// Other files read through `files`, their documents cached, and the real paths and the
/// [`Memo`] of one run (a `check`: every file of a folder of variants works out its variants
/// again, about 80 link resolutions a file on the corpus).
pub struct CachedFiles<F> {
    pub files: F,
    cache: DocumentCache,
    real_paths: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    memo: Option<Memo>,
}

impl<F: Files> CachedFiles<F> {
    pub fn new(files: F) -> CachedFiles<F> {
        CachedFiles {
            files,
            cache: DocumentCache::default(),
            real_paths: Mutex::default(),
            memo: Some(Memo::default()),
        }
    }

    /// No [`Memo`]: for a run that changes the files it reads (`check --fix`).
    pub fn without_memo(mut self) -> CachedFiles<F> {
        self.memo = None;
        self
    }
}

impl<F: Files> Files for CachedFiles<F> {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        self.files.read(path)
    }

    fn exists(&self, path: &Path) -> bool {
        self.files.exists(path)
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.files.is_dir(path)
    }

    fn list(&self, dir: &Path) -> Option<Arc<[PathBuf]>> {
        self.files.list(dir)
    }

    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        let text = self.files.read(path)?;
        Some(Loaded::Shared(self.cache.document(path, format, text)))
    }

    fn memo(&self) -> Option<&Memo> {
        self.memo.as_ref()
    }

    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        let mut real_paths = self.real_paths.lock().unwrap_or_else(|p| p.into_inner());
        real_paths
            .entry(path.to_path_buf())
            .or_insert_with(|| self.files.real_path(path))
            .clone()
    }
}

/// The disk as it is: regular files up to the size Retroboard parses (never a pipe or a
/// device, never a file read whole to find it too large).
pub struct DiskFiles;

impl Files for DiskFiles {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        let bytes = crate::disk::read(path, crate::syntax::MAX_PARSED_BYTES as u64).ok()?;
        crate::text::decode(&bytes)
            .ok()
            .map(|(text, _)| text.into())
    }

    fn exists(&self, path: &Path) -> bool {
        path.is_file()
    }
}

/// Codes that belong to no format family.
pub const RETROBOARD_CODES: &[CodeDoc] = &[
    CodeDoc {
        code: "retroboard/unknown-format",
        severity: Severity::Information,
        summary: "Retroboard does not recognise this file",
        explanation: "The file is none of the formats Retroboard reads. Detection looks at the \
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
    },
    CodeDoc {
        code: "retroboard/internal-error",
        severity: Severity::Warning,
        summary: "Retroboard failed while checking the file",
        explanation: "A bug in Retroboard stopped it while checking this file. The file itself may \
be fine, nothing was changed, and the language server and `retroboard check` go on with the \
other files. Please report it with the file that triggers it.",
    },
    CodeDoc {
        code: "retroboard/too-large",
        severity: Severity::Warning,
        summary: "The file is longer than its game can use, or too large to read at all",
        explanation: "Every format has a bound: a generous multiple of the largest file its game \
can use (a Patience game has at most 150 piles, a Super Othello board 5 lines, a Colossus \
masterboard at most 20 x 12 hexes, ...). A longer file is read only up to the bound, cut at a \
whole line: the finding sits on the first line not read and names the game's limit, and nothing \
after it is checked, explained on hover, outlined, coloured or drawn. Most likely the file is \
not one of the game's (or was generated or damaged); the game itself would not read that much \
either. Past 16 MB, or with a line over 64 KB, a file is not read at all: it is kept as it is \
and not checked. Shorten the file, or check a smaller copy.",
    },
    CodeDoc {
        code: "retroboard/config",
        severity: Severity::Error,
        summary: "The settings file (retroboard.toml) cannot be read",
        explanation: "A `retroboard.toml` (or `.retroboard.toml`) sets the rules of the files in \
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
    },
    CodeDoc {
        code: "retroboard/unused-suppression",
        severity: Severity::Warning,
        summary: "A suppression comment or [[suppress]] entry silences nothing",
        explanation: "In a Colossus file, `# retroboard: ignore[code] reason` silences the findings \
of those codes on the next line that is not a comment or blank, and `# retroboard: \
ignore-file[code] reason` silences them in the whole file. One that silences nothing (the finding \
is gone, or the code is misspelt) is reported, so that suppressions do not outlive their reason; \
the quick fix removes its line. The same holds for a `[[suppress]]` entry of retroboard.toml \
(`file = \"Games/Klondike.pat\"`, `code = \"patience/foundation-value\"`, `place = \"pile:7\"`, \
`reason = \"why\"`) that silences nothing in the files it names that were checked: it is \
reported on its `[[suppress]]` line, and the quick fix removes the entry.",
    },
    CodeDoc {
        code: "retroboard/malformed-suppression",
        severity: Severity::Warning,
        summary: "A comment meant as a suppression does not have its form, and silences nothing",
        explanation: "A suppression comment in a Colossus file has one form, on a line of its \
own: `# retroboard: ignore[code] reason` (the next line that is not a comment or blank) or `# \
retroboard: ignore-file[code] reason` (the whole file). Several codes are separated by commas \
(`ignore[colossus/titan-recruit, colossus/unknown-creature]`); blanks may stand after `#` and \
`retroboard:` and around the codes, and a blank separates the closing `]` from the reason, \
which may be left out. `retroboard:` is written in lower case with its colon right after it. A \
comment that starts like one (`retroboard` in any case, then a colon) but does not have this \
form, such as `# retroboard: ignore[` (no closing bracket), `# retroboard: ignore[]` (no code), \
`# retroboard: ignore[code]]]` or `#retroboard:ignore[code]reason` (no blank before the reason), \
silences nothing; the finding says what was expected where. Correct the comment, or remove it.",
    },
    CodeDoc {
        code: "retroboard/not-text",
        severity: Severity::Error,
        summary: "The file is binary, not text",
        explanation: "The file contains NUL bytes, so it is not a text file (an image, an archive \
or a file saved by another program). Retroboard reads UTF-8, Windows-1252 and Mac Roman text.",
    },
];

/// Documentation of a syntax error code of `family`.
pub fn syntax_error_doc(family: Family) -> CodeDoc {
    CodeDoc {
        code: family.syntax_error_code(),
        severity: Severity::Error,
        summary: "The line does not have the shape the game reads",
        explanation: "A token is missing, or something stands where the game's parser expects \
something else. The message names what was expected at that place (for example \"expected a \
number of piles after the number of decks\"). Fix the line so it has the fields the format \
describes, in order; the game refuses or misreads a file with a syntax error.",
    }
}

/// Every diagnostic code Retroboard can report, with its documentation.
pub fn all_codes() -> Vec<CodeDoc> {
    let mut codes = RETROBOARD_CODES.to_vec();
    for family in Family::ALL {
        codes.push(syntax_error_doc(family));
        codes.extend_from_slice(family_codes(family));
    }
    codes
}

/// The severity a code's documentation gives it (what `retroboard explain` says).
pub fn documented_severity(code: &str) -> Option<Severity> {
    static SEVERITIES: std::sync::OnceLock<HashMap<&'static str, Severity>> =
        std::sync::OnceLock::new();
    SEVERITIES
        .get_or_init(|| all_codes().iter().map(|d| (d.code, d.severity)).collect())
        .get(code)
        .copied()
}

/// The documentation of one code.
pub fn code_doc(code: &str) -> Option<CodeDoc> {
    all_codes().into_iter().find(|doc| doc.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_parses_a_file_again_only_when_its_text_changed() {
        let cache = DocumentCache::default();
        let path = Path::new("/variants/Tiny/Tiny.var");
        let var = FormatId::ColossusVar;
        let first = cache.document(path, var, "MAP:Tiny.map\n".into());
        let again = cache.document(path, var, "MAP:Tiny.map\n".into());
        assert!(Arc::ptr_eq(&first, &again));
        let changed = cache.document(path, var, "MAP:Big.map\n".into());
        assert!(!Arc::ptr_eq(&first, &changed));
        assert_eq!(changed.text(), "MAP:Big.map\n");
        assert_eq!(changed.path(), Some(path));
        // The same file read as another format is another document.
        let as_map = cache.document(path, FormatId::ColossusMap, "MAP:Big.map\n".into());
        assert_eq!(as_map.format(), Some(FormatId::ColossusMap));
    }
}

#[cfg(test)]
mod memo_tests {
    use super::*;

    #[test]
    fn a_memo_makes_each_value_once_and_may_be_used_while_making_one() {
        let memo = Memo::default();
        let made = std::cell::Cell::new(0);
        let make = |n: u32| {
            made.set(made.get() + 1);
            n
        };
        assert_eq!(memo.get_or(Path::new("a"), || make(1)), 1);
        assert_eq!(memo.get_or(Path::new("a"), || make(2)), 1);
        // Another kind for the same key, made while the memo is in use.
        let outer = memo.get_or(Path::new("a"), || {
            format!("{}", memo.get_or(Path::new("b"), || make(3)))
        });
        assert_eq!(outer, "3");
        assert_eq!(made.get(), 2);
    }
}
