//! Colossus variant data: masterboard (MAP), terrains (TER), creatures (CRE), battlelands and
//! the variant file (VAR). The game's JavaCC lexers are longest-match, case-sensitive, and treat
//! space, tab and CR as blanks; `#` comments run to the end of the line.

pub mod battleland;
mod board;
pub mod colors;
pub mod cre;
mod dialect;
mod format;
mod highlights;
mod hints;
mod hover;
pub mod map;
mod navigate;
mod outline;
mod record;
mod syntax;
pub mod ter;
pub mod var;
pub mod variant;

use std::path::PathBuf;

use super::{Bound, Files, Format};
use crate::findings::Finding;
use crate::ide::{Hover, Symbol};
use crate::render::Board;
use crate::syntax::Document;

/// What every Colossus file kind does the same way: hover, outline and board read the
/// document's kind themselves, and dependents are found through the variant.
macro_rules! shared_methods {
    () => {
        fn hover(&self, doc: &Document, offset: usize, files: &dyn Files) -> Option<Hover> {
            hover::hover(doc, offset, files)
        }

        fn outline(&self, doc: &Document) -> Vec<Symbol> {
            outline::outline(doc)
        }

        fn board(&self, doc: &Document, files: &dyn Files, findings: &[Finding]) -> Option<Board> {
            board::board(doc, files, findings)
        }

        fn dependents(&self, doc: &Document, files: &dyn Files) -> Vec<PathBuf> {
            variant::dependents(doc, files)
        }

        fn exported(&self, doc: &Document) -> Option<u64> {
            variant::exported(doc)
        }

        fn line_comment(&self) -> Option<&'static str> {
            Some("#")
        }

        fn folds(&self, doc: &Document) -> Vec<crate::ide::Fold> {
            crate::ide::line_runs(doc, |_, line| {
                let line = line.trim_start_matches([' ', '\t']);
                if line.starts_with('#') {
                    Some(crate::ide::FoldKind::Comment)
                } else if line.trim().is_empty() {
                    None
                } else {
                    Some(crate::ide::FoldKind::Region)
                }
            })
        }

        fn links(&self, doc: &Document, files: &dyn Files) -> Vec<crate::ide::Link> {
            variant::links(doc, files)
        }

        fn definition(
            &self,
            doc: &Document,
            offset: usize,
            files: &dyn Files,
        ) -> Vec<crate::ide::Target> {
            navigate::definition(doc, offset, files)
        }

        fn references(
            &self,
            doc: &Document,
            offset: usize,
            files: &dyn Files,
            include_declaration: bool,
        ) -> Vec<crate::ide::Target> {
            navigate::references(doc, offset, files, include_declaration)
        }

        fn inlay_hints(
            &self,
            doc: &Document,
            range: std::ops::Range<usize>,
            _options: &crate::ide::InlayOptions,
            files: &dyn Files,
        ) -> Vec<crate::ide::InlayHint> {
            hints::inlay_hints(doc, range, files)
        }

        fn prepare_rename(
            &self,
            doc: &Document,
            offset: usize,
            files: &dyn Files,
        ) -> Result<Option<std::ops::Range<usize>>, String> {
            navigate::prepare_rename(doc, offset, files)
        }

        fn rename(
            &self,
            doc: &Document,
            offset: usize,
            new_name: &str,
            files: &dyn Files,
        ) -> Result<Vec<crate::ide::Replace>, String> {
            navigate::rename(doc, offset, new_name, files)
        }

        fn format(&self, doc: &Document) -> Vec<crate::findings::TextEdit> {
            format::format(doc)
        }
    };
}

pub struct Map;
pub struct Ter;
pub struct Cre;
pub struct Battleland;
pub struct Var;

mod codes;
pub use codes::CODES;

/// Words for the tokens all five lexers share.
fn describe_token(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "number" => "a number",
        "name" => "a name (letters only)",
        "boolean" => "true or false",
        "comment" => "a comment",
        _ => return None,
    })
}

impl Format for Map {
    /// A masterboard is at most 20 x 12 = 240 hexes at the spec's revision, one line each after
    /// the size line; the later dialects raise the limit to 60 x 32 (1 920 hexes; Abyssal9 is
    /// 24 x 16 in 229 lines). Lines are some 40 bytes. 4 000 lines and 256 KB covers both.
    fn bound(&self) -> Bound {
        Bound {
            lines: 4_000,
            bytes: 256 * 1024,
            limit: "a Colossus masterboard has at most 20 x 12 hexes, one line each (the later \
versions of the game allow 60 x 32)",
        }
    }

    shared_methods!();

    fn highlights(&self, doc: &Document) -> Vec<crate::ide::Highlight> {
        highlights::map_highlights(doc)
    }

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        let view = map::MapView::of(doc);
        map::check(doc, &view, out);
        variant::check_map(doc, &view, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::map(doc)
    }

    /// The grammar has no syntax errors of its own: the checks read a line's fields
    /// ([`record`]).
    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "size" => "the map size (width height)",
            "hex" => "a hex record (label terrain, three exits, x y)",
            "word" => "a terrain letter",
            "way" => "an exit type (ARROW, ARROWS, ARCH or BLOCK)",
            "stray" => "characters the game cannot read",
            _ => return describe_token(kind),
        })
    }

    fn describe_field(&self, _field: &str) -> Option<&'static str> {
        None
    }
}

impl Format for Ter {
    fn defines_names(&self) -> bool {
        true
    }

    fn definitions(&self, doc: &Document) -> Vec<Symbol> {
        outline::definitions(doc)
    }

    /// A terrain is one letter, so at most 52 terrain lines (A-Z, a-z), in the real files with
    /// a blank line between each, plus ACQUIRABLE lines and comments: some 150 lines (the
    /// largest real TER has 46). 1 000 lines and 128 KB.
    fn bound(&self) -> Bound {
        Bound {
            lines: 1_000,
            bytes: 128 * 1024,
            limit: "a Colossus TER has at most 52 terrains (one letter each), one line each",
        }
    }

    shared_methods!();

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        let view = ter::TerView::of(doc);
        ter::check(doc, &view, out);
        variant::check_ter(doc, &view, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::ter(doc)
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "terrain_def" => "a terrain line",
            "recruit" => "a recruit (number and creature)",
            "acquirable_def" => "an ACQUIRABLE line",
            "ACQUIRABLE" => "ACQUIRABLE",
            "acquirable" => "an acquirable (points and creature)",
            "terrain_list" => "a terrain letter",
            "true" | "false" => "true or false",
            _ => return describe_token(kind),
        })
    }

    fn describe_field(&self, field: &str) -> Option<&'static str> {
        Some(match field {
            "letter" => "terrain letter",
            "color" => "colour name",
            "name" => "terrain name",
            "regular" => "regular-recruitment flag (true or false)",
            "count" => "number of recruiters",
            "creature" => "creature name",
            "display_name" => "display name",
            "points" => "point value",
            "terrains" => "terrain letter list",
            _ => return None,
        })
    }
}

impl Format for Cre {
    fn defines_names(&self) -> bool {
        true
    }

    fn definitions(&self, doc: &Document) -> Vec<Symbol> {
        outline::definitions(doc)
    }

    /// One line per creature (some 110-150 bytes). The game recruits creatures in at most 52
    /// terrains, a handful each: real variants have 20-60 creatures (the largest real CRE has
    /// 67 lines). 500 lines and 64 KB is many times any variant (and keeps the colours of a
    /// file at the bound, 18 tokens a line, within 50 ms).
    fn bound(&self) -> Bound {
        Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Colossus CRE has one line per creature, and a variant recruits a few dozen \
creatures (at most a handful in each of at most 52 terrains)",
        }
    }

    shared_methods!();

    fn check_with(&self, doc: &Document, _files: &dyn Files, out: &mut Vec<Finding>) {
        cre::check(doc, &cre::CreView::of(doc), out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::cre(doc)
    }

    /// The grammar has no syntax errors of its own: the checks read a line's fields
    /// ([`record`]).
    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "creature" => "a creature line (18 fields)",
            "stray" => "characters the game cannot read",
            _ => return describe_token(kind),
        })
    }

    fn describe_field(&self, _field: &str) -> Option<&'static str> {
        None
    }
}

impl Format for Battleland {
    /// A battle map is 6 x 6 hexes (the game's 6 x 6 mask), one record each; the later dialects
    /// add STARTLIST, TOWER and SUBTITLE lines. The largest real one has 33 lines. 500 lines and
    /// 64 KB.
    fn bound(&self) -> Bound {
        Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Colossus battleland has at most 6 x 6 hexes, one line each",
        }
    }

    shared_methods!();

    fn check_with(&self, doc: &Document, _files: &dyn Files, out: &mut Vec<Finding>) {
        battleland::check(&battleland::BattlelandView::of(doc), out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::battleland(doc)
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "hex" => "a hex record (x y terrain elevation, then hexsides)",
            "hexside" => "a hexside (side number and type letter)",
            "letter" => "a letter",
            _ => return describe_token(kind),
        })
    }

    fn describe_field(&self, field: &str) -> Option<&'static str> {
        Some(match field {
            "x" => "x position",
            "y" => "y position",
            "terrain" => "hex terrain letter",
            "elevation" => "elevation",
            "side" => "hexside number (0-5)",
            "type" => "hexside type letter",
            _ => return None,
        })
    }
}

impl Format for Var {
    fn defines_names(&self) -> bool {
        true
    }

    fn definitions(&self, doc: &Document) -> Vec<Symbol> {
        outline::definitions(doc)
    }

    /// A VAR names a MAP, a TER, a CRE and the variants it depends on (the later dialects add
    /// HINT and MAXPLAYERS): a handful of lines. 500 lines and 64 KB.
    fn bound(&self) -> Bound {
        Bound {
            lines: 500,
            bytes: 64 * 1024,
            limit: "a Colossus VAR has a few lines (MAP, TER, CRE and DEPEND)",
        }
    }

    shared_methods!();

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        variant::check_var(doc, &var::VarView::of(doc), files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::var(doc)
    }

    fn describe_kind(&self, kind: &str) -> Option<&'static str> {
        Some(match kind {
            "entry" => "a record (MAP:, CRE:, TER: or DEPEND:)",
            "key" | "MAP:" | "CRE:" | "TER:" | "DEPEND:" => "MAP:, CRE:, TER: or DEPEND:",
            "value" => "a file name",
            _ => return describe_token(kind),
        })
    }

    fn describe_field(&self, field: &str) -> Option<&'static str> {
        Some(match field {
            "key" => "record key (MAP:, CRE:, TER: or DEPEND:)",
            "value" => "file name",
            _ => return None,
        })
    }
}
