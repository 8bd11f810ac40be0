//! The five format families. Each family folder holds everything a format means: the words its
//! syntax errors use, its checks, hover docs and board model. Nothing in here knows LSP.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::ops::{Deref, Range};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::answers::{Highlight, Hover, Symbol};
use crate::draw::{Board, Palette};
use crate::findings::{Code, Finding, TextEdit};
use crate::registry::{Family, FormatId};
use crate::syntax::Document;

pub mod codes;
pub mod colossus;
pub mod crossmines;
pub mod editor;
pub mod layout;
pub mod othello;
pub mod patience;
pub mod peg;
pub mod place;
pub mod play;
pub mod reshape;

pub use codes::{all_codes, code_doc};

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
pub fn family_codes(family: Family) -> &'static [&'static Code] {
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

    /// What the modder meant by text the grammar cannot read, when the format can tell (see
    /// [`crate::syntax::GrammarWords::slip`]).
    fn slip(&self, _doc: &Document, _range: Range<usize>) -> Option<Finding> {
        None
    }

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

    /// What each drawn element `ids` of [`Format::board`] names can become by a click on the
    /// board (`stone`, `cell:A`, `chip:black`), or by a drag (the template `place:X,Y`, asked
    /// for filled in: [`crate::draw::Action::fills`]): none for an element that is not changed
    /// so (a row, a line, the whole board). Offered whatever the rest of the file holds; whether
    /// the change can be made is [`Format::board_edit`]'s to say. `files`: as for the board (the
    /// game version the settings choose can decide which element an id names). Asked for every
    /// element at once: the preview offers each element's actions.
    fn board_actions(&self, _doc: &Document, _files: &dyn Files, ids: &[&str]) -> Palette {
        Palette::of_each(ids, |_| Vec::new())
    }

    /// The edits that make the element `id` what `action` (one of [`Format::board_actions`])
    /// says, with every line that must follow it (a count, a goal moved from elsewhere);
    /// `Err`: why not, in the modder's words, where the text around the element is broken so
    /// that the change would be a guess. Called through [`crate::render::edit`], which checks
    /// the id, the action and the edits.
    fn board_edit(
        &self,
        _doc: &Document,
        _files: &dyn Files,
        _id: &str,
        _action: &str,
    ) -> Result<Vec<TextEdit>, String> {
        Err("this element cannot be changed from the board".to_string())
    }

    /// Moves the preview can step through on the board's drawing (a peg board's solution,
    /// or why there is none); `findings` are the document's. `None`: nothing to replay.
    fn replay(
        &self,
        _doc: &Document,
        _files: &dyn Files,
        _findings: &[Finding],
    ) -> Option<crate::draw::Replay> {
        None
    }

    /// The game this document describes, at its start, to be played ([`play::Game`]);
    /// `deal`: the seed a card game is dealt with. `None`: this format is no game to play;
    /// `Err`: why this file cannot be played, in the modder's words.
    fn game<'a>(
        &self,
        _doc: &'a Document,
        _files: &dyn Files,
        _deal: u64,
    ) -> Option<Result<Box<dyn play::Game + 'a>, String>> {
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

    /// The colours written in the document, each with the colour the game draws for it.
    fn colors(&self, _doc: &Document) -> Vec<crate::answers::Swatch> {
        Vec::new()
    }

    /// What may replace the colour written at `range` (one of [`Format::colors`]) for the
    /// colour `rgb`: names the game knows, nearest first; none for a range that is not a colour.
    fn color_names(&self, _doc: &Document, _range: Range<usize>, _rgb: [u8; 3]) -> Vec<String> {
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
    fn slow_search(&self, _doc: &Document, _files: &dyn Files) -> Option<Box<dyn SlowSearch>> {
        None
    }

    /// A line the preview shows under its title, from what the session's searches found (how
    /// often a Patience game is won); `None` where there is none.
    fn headline(&self, _doc: &Document, _files: &dyn Files) -> Option<String> {
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

    /// Which version of its game the document is read for, and why ("read as the 2003-10
    /// format because …"), where the format has versions its files do not name.
    fn game_version(&self, _doc: &Document, _files: &dyn Files) -> Option<String> {
        None
    }
}

/// Whether the text at `element` (a line, a token) is asked for by `range`, as an editor asks
/// for the inlay hints of the lines it shows: the range's end is not in it (a range up to the
/// start of a line asks nothing of that line), and an empty range asks for what is at its place.
pub fn asked_for(range: &Range<usize>, element: &Range<usize>) -> bool {
    element.start < range.end.max(range.start + 1) && range.start <= element.end
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

    fn slip(&self, doc: &Document, range: Range<usize>) -> Option<Finding> {
        Format::slip(self, doc, range)
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
    /// and finds nothing. A search in many parts (a Patience game's deals) may do one turn of
    /// them and return: [`SlowSearch::finished`] then says so, and it is run again to go on.
    fn run(&self, positions: u64, cancelled: &dyn Fn() -> bool) -> Vec<Finding>;

    /// Whether the search gives way to any other slow work (a study nobody waits for): it
    /// is then stopped (`cancelled()` says so) whenever other work waits, and run again later.
    fn gives_way(&self) -> bool {
        false
    }

    /// Whether the last [`SlowSearch::run`] finished the search (its findings are the
    /// search's), or turns are left.
    fn finished(&self) -> bool {
        true
    }

    /// While the value returned lives, the search is under way: a preview of the document
    /// drawn meanwhile says so instead of searching the same board beside it.
    fn under_way(&self) -> Option<Box<dyn std::any::Any + Send>>;
}

/// The versions of the games a settings file chooses (`[game]` in `retroboard.toml`) for the
/// formats whose files do not say which game reads them; `None`: told from the files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameChoice {
    /// The Colossus dialect of every variant.
    pub colossus: Option<colossus::dialect::Dialect>,
    /// The peg game whose reading of version 2 boards counts (r11's dots or the final game's).
    pub peg: Option<peg::view::DotRule>,
}

/// Where the game versions chosen for a path come from: the settings files.
pub trait GameSettings: Sync {
    fn game(&self, path: &Path) -> GameChoice;
}

/// Files as `files` has them, with the game versions `game` chosen: what a check under
/// settings with a `[game]` table reads; and, where `searched` is given, keeping what searches
/// find there (a command's game, which searches as the check would first).
pub struct Chosen<'a> {
    pub files: &'a dyn Files,
    pub game: GameChoice,
    pub searched: Option<Arc<Searched>>,
}

impl Files for Chosen<'_> {
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
    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        self.files.real_path(path)
    }
    fn memo(&self) -> Option<&Memo> {
        self.files.memo()
    }
    fn searched(&self) -> Option<&Arc<Searched>> {
        self.searched.as_ref().or_else(|| self.files.searched())
    }
    fn remember(
        &self,
        key: &Path,
        kind: TypeId,
        make: &mut dyn FnMut() -> Arc<dyn Any + Send + Sync>,
    ) -> Arc<dyn Any + Send + Sync> {
        self.files.remember(key, kind, make)
    }
    fn open_document(&self, path: &Path) -> Option<&Document> {
        self.files.open_document(path)
    }
    fn document(&self, path: &Path, format: FormatId) -> Option<Loaded<'_>> {
        self.files.document(path, format)
    }
    fn game(&self, _path: &Path) -> GameChoice {
        self.game
    }
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

    /// What searches found before, kept by whoever checks many times (the language server,
    /// for its session); `None`: every search is done again.
    fn searched(&self) -> Option<&Arc<Searched>> {
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

    /// The document of `path` an editor holds open, if any: what is worked out from its text
    /// alone is kept in its own memo ([`Document::memo`]) for as long as the text stays.
    fn open_document(&self, _path: &Path) -> Option<&Document> {
        None
    }

    /// The game versions the settings of the file or folder `path` choose ([`GameChoice`]); by
    /// default none.
    fn game(&self, _path: &Path) -> GameChoice {
        GameChoice::default()
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

/// What the searches for slow findings found (whether a peg board can be won), by what they
/// searched, and which are under way. An answer depends on the board alone, so it holds for any
/// file holding the same board; the newest [`Searched::KEPT`] answers are kept. Owned by whoever
/// keeps it (the language server's session), never global: `check` searches each board once.
#[derive(Default)]
pub struct Searched {
    found: Mutex<std::collections::VecDeque<(SearchKey, Arc<dyn Any + Send + Sync>)>>,
    under_way: Mutex<Vec<SearchKey>>,
}

/// What a search searched: the kind of its answer, and a hash of what it read.
type SearchKey = (TypeId, u64);

impl Searched {
    /// A few boards open at once, each edited back and forth.
    pub const KEPT: usize = 64;

    /// The answer of kind `T` found for `key` (what was searched), if kept.
    pub fn get<T: Any + Clone>(&self, key: u64) -> Option<T> {
        let found = self.found.lock().unwrap_or_else(|p| p.into_inner());
        let id = (TypeId::of::<T>(), key);
        let (_, value) = found.iter().find(|(k, _)| *k == id)?;
        value.downcast_ref::<T>().cloned()
    }

    /// Keeps the answer found for `key`, in place of any before it.
    pub fn keep<T: Any + Send + Sync>(&self, key: u64, value: T) {
        let mut found = self.found.lock().unwrap_or_else(|p| p.into_inner());
        let id = (TypeId::of::<T>(), key);
        found.retain(|(k, _)| *k != id);
        if found.len() >= Self::KEPT {
            found.pop_front();
        }
        found.push_back((id, Arc::new(value)));
    }

    /// Notes a search of kind `T` for `key` as under way while the value returned lives.
    pub fn start<T: Any>(self: &Arc<Self>, key: u64) -> UnderWay {
        let id = (TypeId::of::<T>(), key);
        let mut under_way = self.under_way.lock().unwrap_or_else(|p| p.into_inner());
        under_way.push(id);
        UnderWay {
            searched: self.clone(),
            id,
        }
    }

    /// Whether a search of kind `T` for `key` is under way.
    pub fn is_under_way<T: Any>(&self, key: u64) -> bool {
        let under_way = self.under_way.lock().unwrap_or_else(|p| p.into_inner());
        under_way.contains(&(TypeId::of::<T>(), key))
    }
}

/// A search under way (see [`Searched::start`]) until this is dropped.
pub struct UnderWay {
    searched: Arc<Searched>,
    id: SearchKey,
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        let mut under_way = self
            .searched
            .under_way
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(at) = under_way.iter().position(|id| *id == self.id) {
            under_way.swap_remove(at);
        }
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
