//! Documentation of every Colossus diagnostic code (`retroboard explain CODE`).

use crate::findings::{Code, Severity};
use crate::registry::Family;

/// The code of Colossus syntax errors (documented with every family's).
pub const SYNTAX_ERROR: &Code = Family::Colossus.syntax_error();

pub const SIZE_OUT_OF_RANGE: &Code = &Code {
    name: "colossus/size-out-of-range",
    severity: Severity::Error,
    summary: "the map size is outside what the variant's game accepts",
    docs: "The first line of a MAP is `width height`. The game of the documented format accepts widths 15 to 20 and heights 8 to 12 and exits with \"MasterBoard size out of range\" otherwise; the game of 2002-11 accepts 15 to 60 × 8 to 32, and a variant in that format (told by its files: HINT:, MAXPLAYERS:, TOWER lines…) is checked against those.",
    unnecessary: false,
};

pub const COMMENT_BEFORE_SIZE: &Code = &Code {
    name: "colossus/comment-before-size",
    severity: Severity::Error,
    summary: "a comment stands before or on the size line",
    docs: "The game reads `width height` and a line break as the very first tokens of a MAP. A comment before them, or after them on the same line (the comment swallows the line break), makes loading fail. Put comments on the lines after the size line.",
    unnecessary: false,
};

pub const UNKNOWN_EXIT: &Code = &Code {
    name: "colossus/unknown-exit",
    severity: Severity::Error,
    summary: "an exit leads to a hex label that does not exist",
    docs: "Each hex lists three exits as `label type`; label 0 means no exit. An exit to a label no hex has makes the game stop at start-up (\"null pointer\"). Use an existing label or 0.",
    unnecessary: false,
};

pub const NON_ADJACENT_EXIT: &Code = &Code {
    name: "colossus/non-adjacent-exit",
    severity: Severity::Warning,
    summary: "an exit leads to a hex that is not next to it",
    docs: "The game accepts an exit only to a neighbouring hex: the same x with y ± 1, or the same y with x ± 1. Other exits are ignored with a \"bad exit\" warning, so the move never exists in the game.",
    unnecessary: false,
};

pub const POSITION_OUT_OF_RANGE: &Code = &Code {
    name: "colossus/position-out-of-range",
    severity: Severity::Error,
    summary: "a hex position lies outside the map size",
    docs: "Hex positions count from 0: x must be below the width and y below the height of the size line. A hex outside makes the game fail while loading (array index out of bounds).",
    unnecessary: false,
};

pub const DUPLICATE_LABEL: &Code = &Code {
    name: "colossus/duplicate-label",
    severity: Severity::Warning,
    summary: "two hexes have the same label",
    docs: "The game looks hexes up by label and finds the first one, so exits never reach the second. Labels need not be contiguous, but each must be unique.",
    unnecessary: false,
};

pub const DUPLICATE_POSITION: &Code = &Code {
    name: "colossus/duplicate-position",
    severity: Severity::Warning,
    summary: "two hexes stand at the same position",
    docs: "The later hex overwrites the earlier one on the board.",
    unnecessary: false,
};

pub const TOO_FEW_TOWERS: &Code = &Code {
    name: "colossus/too-few-towers",
    severity: Severity::Warning,
    summary: "the map has fewer than 6 tower hexes",
    docs: "Hexes with terrain T are towers; each player starts in one. With fewer towers than players (up to 6), some players get no tower. From 2002-11 the towers are the terrains whose battleland has a TOWER line, and the VAR's MAXPLAYERS: (up to 9) gives the number of players. The documentation asks for at least 6; labels 100, 200, … 600 are customary.",
    unnecessary: false,
};

pub const UNKNOWN_TERRAIN: &Code = &Code {
    name: "colossus/unknown-terrain",
    severity: Severity::Error,
    summary: "a hex's terrain letter is not defined in the variant's TER",
    docs: "Terrain letters are defined by the TER file the variant uses (resolved through its VAR, the DEPEND variants and Default). Letters are case-sensitive: m and M are different terrains. A MAP several variants play on is checked against the TER of each: TitanPlus reads Default.map with TitanPlus.ter, so a letter of Default.map that TitanPlus.ter lacks is an error for TitanPlus, said at the hex with the variant, its VAR and its TER named.",
    unnecessary: false,
};

pub const UNREACHABLE_HEX: &Code = &Code {
    name: "colossus/unreachable-hex",
    severity: Severity::Warning,
    summary: "no tower reaches a hex through the exits",
    docs: "Legions start in the towers (terrain T) and leave a hex only along its exits, to a neighbouring hex (the game ignores other exits). A hex no chain of exits leads to from a tower is never entered: give a hex that is reached an exit to it, such as `42 ARROW` on the hex next to hex 42.",
    unnecessary: false,
};

pub const MISSING_TOWER: &Code = &Code {
    name: "colossus/missing-tower",
    severity: Severity::Error,
    summary: "no terrain has the letter T",
    docs: "The Tower terrain is the one with the letter T (the name is only its battleland file). The game needs it for the towers on the masterboard and takes the starting creatures from its recruits.",
    unnecessary: false,
};

pub const TOWER_STARTERS: &Code = &Code {
    name: "colossus/tower-starters",
    severity: Severity::Error,
    summary: "the Tower gives fewer than 3 starting creatures",
    docs: "Each player starts with the first three recruits of the T line whose count is 0 or more and that are real creatures (not Anything, AnyNonLord, Lord or Titan). With fewer, the game fails at game start (IndexOutOfBounds). Example: `T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan`. From 2002-11 the starters come from the terrain of the player's tower hex, and the towers are the terrains whose battleland has a TOWER line (from 2003-10 terrains by name, such as `Tower`): each of them needs three, unless a `Special:` recruiter provides them.",
    unnecessary: false,
};

pub const ACQUIRABLE_MULTIPLE: &Code = &Code {
    name: "colossus/acquirable-multiple",
    severity: Severity::Error,
    summary: "an ACQUIRABLE value is not a multiple of the first one",
    docs: "The first ACQUIRABLE value of the file is the base: every other value must be a multiple of it, or the game stops at start-up with \"Wrong Value for an Acquirable\".",
    unnecessary: false,
};

pub const ACQUIRABLE_ZERO: &Code = &Code {
    name: "colossus/acquirable-zero",
    severity: Severity::Error,
    summary: "the first ACQUIRABLE value is 0",
    docs: "Every ACQUIRABLE value is divided by the first one; a first value of 0 makes the game stop at start-up (division by zero).",
    unnecessary: false,
};

pub const ACQUIRABLE_NOT_LORD: &Code = &Code {
    name: "colossus/acquirable-not-lord",
    severity: Severity::Warning,
    summary: "the first acquirable is not a lord",
    docs: "The first ACQUIRABLE creature is the primary one: it starts in every player's stack. The documentation says it should be a lord (like Angel); the game does not check it.",
    unnecessary: false,
};

pub const UNKNOWN_ACQUIRABLE_TERRAIN: &Code = &Code {
    name: "colossus/unknown-acquirable-terrain",
    severity: Severity::Warning,
    summary: "an acquirable is restricted to an undefined terrain letter or name",
    docs: "`ACQUIRABLE 100 FireElemental D` limits the acquirable to terrain D; from 2003-10 the terrains are names, `100 FireElemental Desert` or `Desert,Tower`. A letter or name no terrain line defines is silently never matched (names are case-sensitive), so the acquirable is never offered there, and nowhere if no other terrain is listed. The real Undead.ter of 2003-10 has two: `Moutains` and `Jungle` (its letter J was Tombs).",
    unnecessary: false,
};

pub const UNKNOWN_COLOR: &Code = &Code {
    name: "colossus/unknown-color",
    severity: Severity::Warning,
    summary: "a terrain colour is not one Colossus knows",
    docs: "Colours are looked up by name, case-sensitively, among the colours of Colossus's HTMLColor class (the W3C names in camelCase such as saddleBrown, darkGreen, grey — not gray — and a few more). An unknown name prints a warning and draws the terrain black.",
    unnecessary: false,
};

pub const DUPLICATE_TERRAIN: &Code = &Code {
    name: "colossus/duplicate-terrain",
    severity: Severity::Warning,
    summary: "two terrain lines have the same letter",
    docs: "The game keeps the later definition and lists the letter twice in its terrain list. Each terrain needs its own letter (letters are case-sensitive).",
    unnecessary: false,
};

pub const BAD_NAME: &Code = &Code {
    name: "colossus/bad-name",
    severity: Severity::Error,
    summary: "a name is one letter long, or (before 2002-11) has digits, `.` or `_` in it",
    docs: "The game's lexer reads a single letter as a terrain letter. The game of the documentation (2002-02) also splits words at digits (`Ogre2` is the name Ogre and the number 2), so such names shift every field after them, and has no token for `.` or `_` (a lexical error, which crashes it): its names are letters only, at least two. From 2002-11 a word may hold digits, `.` and `_` (the Balrog variant's creatures are Balrog100 … Balrog600).",
    unnecessary: false,
};

pub const TITAN_RECRUIT: &Code = &Code {
    name: "colossus/titan-recruit",
    severity: Severity::Warning,
    summary: "Titan is given as recruiter with a count other than -1",
    docs: "In a recruit chain `-1 Titan` means the Titan can recruit but cannot be recruited. Any other count lets players recruit Titans, which causes lots of trouble. Older files had `0 Titan`; the game accepted it.",
    unnecessary: false,
};

pub const ANONYMOUS_RECRUIT: &Code = &Code {
    name: "colossus/anonymous-recruit",
    severity: Severity::Warning,
    summary: "a recruit count of 0 after a regular creature",
    docs: "In a recruit chain each count says how many of the creature before are needed to recruit the next one. A count of 0 leaves the recruiter anonymous: the creature is recruited with none at all. The format document allows it only after the pseudo-creatures Anything and AnyNonLord (`0 Anything 3 Ogre`, `Ogre 0 AnyNonLord`) and says \"Don't use with a regular recruiter\": after a creature such as Ogre, write how many Ogres recruit the next creature.",
    unnecessary: false,
};

pub const UNKNOWN_CREATURE: &Code = &Code {
    name: "colossus/unknown-creature",
    severity: Severity::Error,
    summary: "a recruit or acquirable is not a creature of the variant's CRE",
    docs: "Creature names are looked up, case-sensitively, in the CRE file the variant uses (resolved through its VAR, the DEPEND variants and Default). An unknown name fails later in the game. Anything, AnyNonLord, Lord and Titan are pseudo-creatures and need no CRE line.",
    unnecessary: false,
};

pub const MISSING_BATTLELAND: &Code = &Code {
    name: "colossus/missing-battleland",
    severity: Severity::Information,
    summary: "a terrain on the map has no battleland file",
    docs: "A terrain's battleland is the file named like the terrain (the name, not the display name) in a Battlelands folder along the variant's search path; from 2003-10 the name is the one the masterboard's hexes give, and a terrain with a `Random:` file has its battlelands made from that file instead. Without it, battles there are fought on plain ground.",
    unnecessary: false,
};

pub const UNUSED_TERRAIN: &Code = &Code {
    name: "colossus/unused-terrain",
    severity: Severity::Information,
    summary: "a terrain is on no hex of the map",
    docs: "A terrain no hex of the masterboard has (of every variant using the TER) never comes into play: its recruit chain and its battleland are not used. Give some hexes its letter, or remove its line. The Tower (T) is left to colossus/too-few-towers. The real Badlands.ter has one: TundraAlt (U), on no hex of Badlands.map.",
    unnecessary: true,
};

pub const NON_STARTER: &Code = &Code {
    name: "colossus/non-starter",
    severity: Severity::Warning,
    summary: "a starting creature is not a regular creature recruited from Anything (a Guardian in every stack)",
    docs: "Players start with the first three recruits of the Tower (T) that count 0 or more and are no pseudo-creature, whatever comes before them. The documentation asks for three regular creatures recruitable with zero of Anything, as in Default's `0 Anything 0 Centaur 0 Anything 0 Gargoyle 0 Anything 0 Ogre 0 AnyNonLord 3 Guardian`. When one of the three is recruited from AnyNonLord, Lord or Titan, or is a lord or a demilord, a creature such as Guardian starts in every stack: put a regular creature before it.",
    unnecessary: false,
};

pub const LORD_AND_DEMILORD: &Code = &Code {
    name: "colossus/lord-and-demilord",
    severity: Severity::Warning,
    summary: "a creature is both lord and demilord",
    docs: "Lord and demilord are exclusive kinds of immortal creatures; the game does not check it, but rules that tell them apart then misbehave.",
    unnecessary: false,
};

pub const DUPLICATE_CREATURE: &Code = &Code {
    name: "colossus/duplicate-creature",
    severity: Severity::Warning,
    summary: "two creatures have the same name",
    docs: "The game loads both; name lookups then find either one.",
    unnecessary: false,
};

pub const MISSING_CREATURE: &Code = &Code {
    name: "colossus/missing-creature",
    severity: Severity::Error,
    summary: "Angel, Archangel or Titan is missing",
    docs: "The game refers to the creatures Angel, Archangel and Titan by name; a variant's CRE must define all three or the game fails when it needs them.",
    unnecessary: false,
};

pub const UNOBTAINABLE_CREATURE: &Code = &Code {
    name: "colossus/unobtainable-creature",
    severity: Severity::Warning,
    summary: "no terrain recruits a creature and no ACQUIRABLE line names it",
    docs: "Players get creatures by recruiting them (a count of 0 or more before the name in a terrain's chain) or by acquiring them (ACQUIRABLE). A creature with a count above 0 that no TER of the variants using the CRE recruits or names as acquirable never comes into a game. Add it to a chain, or give it a count (field 17) of 0 to keep it defined for the AI only, as TitanPlus does with Centaur, Gargoyle and Ogre. Angel, Archangel and Titan are the game's own.",
    unnecessary: false,
};

pub const BATTLE_POSITION: &Code = &Code {
    name: "colossus/battle-position",
    severity: Severity::Error,
    summary: "a battleland record is not at a hex of the battle map",
    docs: "The battle map has these hexes: x 0 with y 2–4, x 1 with y 1–4, x 2 with y 1–5, x 3 with y 0–5, x 4 with y 1–5, x 5 with y 1–4. At any other position the game stops reading the battleland (\"Battlelands loading failed\") and the rest stays plain.",
    unnecessary: false,
};

pub const BATTLE_TERRAIN: &Code = &Code {
    name: "colossus/battle-terrain",
    severity: Severity::Error,
    summary: "a battle hex terrain letter is unknown",
    docs: "Battle hex terrains are p (plains), w (tower), r (bramble), s (sand), t (tree), o (bog), v (volcano), d (drift) and l (lake); the game of 2002-11 adds n (stone).",
    unnecessary: false,
};

pub const HEXSIDE: &Code = &Code {
    name: "colossus/hexside",
    severity: Severity::Error,
    summary: "a hexside number or type is invalid",
    docs: "Hexsides are numbered 0 to 5; another number makes the game stop reading the battleland. Types are d (dune), c (cliff), s (slope) and w (wall); the game of 2002-11 adds r (river).",
    unnecessary: false,
};

pub const ELEVATION: &Code = &Code {
    name: "colossus/elevation",
    severity: Severity::Warning,
    summary: "an elevation is outside 0–2 (0–3 from 2002-11)",
    docs: "The documentation gives elevations 0 to 2; the game reads any number, but its battle rules are made for these. The game of 2002-11 also knows 3 (\"Also 3 for JDG Badlands\").",
    unnecessary: false,
};

pub const STARTLIST: &Code = &Code {
    name: "colossus/startlist",
    severity: Severity::Warning,
    summary: "a battleland's STARTLIST is ignored or names a hex off the battle map",
    docs: "From 2002-11 a battleland may say where the defenders start: `STARTLIST` and hex labels, a column letter A–F and a row counted from the bottom (A1–A3, B1–B4, C1–C5, D1–D6, E1–E5, F1–F4). The game uses the list only when it names at least 7 hexes (a legion has up to 7 creatures) and ignores a shorter one; a label that is no hex leaves a defender nowhere to stand.",
    unnecessary: false,
};

pub const SUBTITLE: &Code = &Code {
    name: "colossus/subtitle",
    severity: Severity::Error,
    summary: "a battleland's SUBTITLE holds characters the game cannot read",
    docs: "From 2002-11 a battleland may have a `SUBTITLE`: one word of letters, or a quoted text of letters, digits, spaces and `_` (at least one). Any other character between the quotes is a lexical error, which the game does not catch: it crashes.",
    unnecessary: false,
};

pub const MAX_PLAYERS: &Code = &Code {
    name: "colossus/max-players",
    severity: Severity::Warning,
    summary: "a VAR's MAXPLAYERS: is not a number of players the game uses",
    docs: "From 2002-11 a VAR may say how many players a game of the variant has at most: `MAXPLAYERS: n`. The game reads a number; below 1 it uses the default 6, and above 9 (the number of legion marker colours) it says \"Can't use more than 9 players\" and uses 9.",
    unnecessary: false,
};

pub const MISSING_FILE: &Code = &Code {
    name: "colossus/missing-file",
    severity: Severity::Error,
    summary: "a file or variant named in the VAR is not found",
    docs: "The game looks for MAP, CRE and TER files in the variant's folder, then in the folders of its DEPEND variants, then in Default; DEPEND names folders next to the variant's. When loading fails, the game falls back to the whole Default variant.",
    unnecessary: false,
};

/// Found by the VAR checks, and by the syntax errors where the grammar stops at the path.
pub const BAD_FILE_NAME: &Code = &Code {
    name: "colossus/bad-file-name",
    severity: Severity::Error,
    summary: "a VAR value is not a plain file name",
    docs: "Names in a VAR are looked up inside the variant folders: no `/`, no `..`, no absolute \
paths.",
    unnecessary: false,
};

pub const OVERRIDDEN_RECORD: &Code = &Code {
    name: "colossus/overridden-record",
    severity: Severity::Information,
    summary: "a later VAR record of the same kind overrides this one",
    docs: "A VAR may hold several MAP:, CRE:, TER: or DEPEND: records; only the last of each kind counts.",
    unnecessary: true,
};

pub const OWN_FILE_UNNAMED: &Code = &Code {
    name: "colossus/own-file-unnamed",
    severity: Severity::Warning,
    summary: "the variant's folder holds a MAP, TER or CRE its VAR does not name",
    docs: "A VAR without a MAP:, TER: or CRE: record makes the game use Default.map, Default.ter or Default.cre (along the search path), so a file of that kind in the variant's own folder is never read, and the findings shown in it are about Default's files. Name it: add the record, such as `MAP:MyVariant.map`.",
    unnecessary: false,
};

pub const UNUSED_FILE: &Code = &Code {
    name: "colossus/unused-file",
    severity: Severity::Information,
    summary: "no variant uses a file in a variant's folder",
    docs: "A MAP, TER or CRE in a folder with a VAR that no variant beside it names (through its records, DEPEND variants and the Default fallback), or a battleland named like no terrain of the variants that search its Battlelands folder, is never read by the game. Name the file in the VAR (`MAP:`, `TER:`, `CRE:`), or rename a battleland after a terrain's name (the third field of its TER line, not the display name).",
    unnecessary: true,
};

pub const COMMENT_AT_END: &Code = &Code {
    name: "colossus/comment-at-end",
    severity: Severity::Error,
    summary: "a comment on the last line has no line break",
    docs: "Colossus's comment token is `#`, the rest of the line and its line break. On a last line without a line break the lexer fails, and since lexical errors are not caught, the game crashes. End the file with a line break.",
    unnecessary: false,
};

pub const UNSUPPORTED_DIALECT: &Code = &Code {
    name: "colossus/unsupported-dialect",
    severity: Severity::Information,
    summary: "the file is in a later Colossus format",
    docs: "Colossus changed its text formats after the documented 2002-02 format: 2002-11 added TITANIMPROVE, STARTLIST, SUBTITLE, river hexsides, 16-native creatures, HINT: and more; 2003-10 replaced terrain letters by names. A variant is in one format, told from all its files (its VAR, the MAP, TER and CRE it names, its battlelands). Retroboard reads the documented format and the 2002-11 one (checked with the limits of the 2002-11 game), and the 2003-10 one (terrain names in masterboards, terrain files and battlelands); a file of an XML variant, or a file not written in its variant's later format (terrain letters in a 2003-10 variant, 18-field creature lines in a 2002-11 one), which the game of that era would misread, is reported once instead of flooding it with errors.",
    unnecessary: false,
};

pub const VERSION_MISMATCH: &Code = &Code {
    name: "colossus/version-mismatch",
    severity: Severity::Error,
    summary: "the file is not written for the game version retroboard.toml chooses",
    docs: "`[game] colossus` in `retroboard.toml` chooses the Colossus version every variant is read for (\"2002-02\", \"2002-11\" or \"2003-10\"; \"auto\", the default, tells it from the files). A file with a sign of a later version (terrain names, TITANIMPROVE, HINT:, river hexsides, 21-field creature lines…), or a file of an earlier one where the chosen version changed the format (terrain letters for 2003-10, 18-field creature lines from 2002-11), would be misread by that game: it gets this one finding at the sign, and is not checked further. Set `colossus` to the version the files are written for, or rewrite the file.",
    unnecessary: false,
};

/// Every code of the family, in the order `retroboard explain` lists them.
pub const CODES: &[&Code] = &[
    SIZE_OUT_OF_RANGE,
    COMMENT_BEFORE_SIZE,
    UNKNOWN_EXIT,
    NON_ADJACENT_EXIT,
    POSITION_OUT_OF_RANGE,
    DUPLICATE_LABEL,
    DUPLICATE_POSITION,
    TOO_FEW_TOWERS,
    UNKNOWN_TERRAIN,
    UNREACHABLE_HEX,
    MISSING_TOWER,
    TOWER_STARTERS,
    ACQUIRABLE_MULTIPLE,
    ACQUIRABLE_ZERO,
    ACQUIRABLE_NOT_LORD,
    UNKNOWN_ACQUIRABLE_TERRAIN,
    UNKNOWN_COLOR,
    DUPLICATE_TERRAIN,
    BAD_NAME,
    TITAN_RECRUIT,
    ANONYMOUS_RECRUIT,
    UNKNOWN_CREATURE,
    MISSING_BATTLELAND,
    UNUSED_TERRAIN,
    NON_STARTER,
    LORD_AND_DEMILORD,
    DUPLICATE_CREATURE,
    MISSING_CREATURE,
    UNOBTAINABLE_CREATURE,
    BATTLE_POSITION,
    BATTLE_TERRAIN,
    HEXSIDE,
    ELEVATION,
    STARTLIST,
    SUBTITLE,
    MAX_PLAYERS,
    MISSING_FILE,
    BAD_FILE_NAME,
    OVERRIDDEN_RECORD,
    OWN_FILE_UNNAMED,
    UNUSED_FILE,
    COMMENT_AT_END,
    UNSUPPORTED_DIALECT,
    VERSION_MISMATCH,
];
