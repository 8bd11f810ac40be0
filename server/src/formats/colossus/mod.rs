//! Colossus variant data: masterboard (MAP), terrains (TER), creatures (CRE), battlelands and
//! the variant file (VAR). The game's JavaCC lexers are longest-match, case-sensitive, and treat
//! space, tab and CR as blanks; `#` comments run to the end of the line.

pub mod battleland;
mod board;
pub mod colors;
mod complete;
pub mod cre;
pub mod dialect;
mod edit;
mod format;
mod highlights;
mod hints;
mod hover;
pub mod map;
mod navigate;
mod outline;
#[cfg(test)]
mod random_edits;
mod record;
mod sense;
mod syntax;
pub mod ter;
pub mod var;
pub mod variant;

use std::path::PathBuf;

use super::{Files, Format};
use crate::answers::{Hover, Symbol};
use crate::draw::{Board, Palette};
use crate::findings::{Finding, TextEdit};
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

        fn game_version(&self, doc: &Document, files: &dyn Files) -> Option<String> {
            Some(dialect::of_doc(doc, files).told())
        }

        fn variant_note(&self, doc: &Document, files: &dyn Files) -> Option<Finding> {
            dialect::variant_note(doc, files)
        }

        fn comment_may_precede(&self, doc: &Document, line: usize) -> bool {
            // The MAP's size line must be its first: no comment or blank line before it
            // (the game's loader reads it first), so a comment may stand only after it; in the
            // other files, and after the size line, before any line.
            if doc.format() != Some(crate::registry::FormatId::ColossusMap) {
                return true;
            }
            let rope = doc.rope();
            (0..line.min(rope.len_lines())).any(|l| {
                let text: std::borrow::Cow<str> = rope.line(l).into();
                let text = text.trim();
                !text.is_empty() && !text.starts_with('#')
            })
        }

        fn folds(&self, doc: &Document) -> Vec<crate::answers::Fold> {
            crate::syntax::line_runs(doc, |_, line| {
                let line = line.trim_start_matches([' ', '\t']);
                if line.starts_with('#') {
                    Some(crate::answers::FoldKind::Comment)
                } else if line.trim().is_empty() {
                    None
                } else {
                    Some(crate::answers::FoldKind::Region)
                }
            })
        }

        fn links(&self, doc: &Document, files: &dyn Files) -> Vec<crate::answers::Link> {
            variant::links(doc, files)
        }

        fn definition(
            &self,
            doc: &Document,
            offset: usize,
            files: &dyn Files,
        ) -> Vec<crate::answers::Target> {
            navigate::definition(doc, offset, files)
        }

        fn references(
            &self,
            doc: &Document,
            offset: usize,
            files: &dyn Files,
            include_declaration: bool,
        ) -> Vec<crate::answers::Target> {
            navigate::references(doc, offset, files, include_declaration)
        }

        fn completions(
            &self,
            doc: &Document,
            offset: usize,
            files: &dyn Files,
        ) -> Vec<crate::answers::Completion> {
            complete::completions(doc, offset, files)
        }

        fn inlay_hints(
            &self,
            doc: &Document,
            range: std::ops::Range<usize>,
            options: &crate::answers::InlayOptions,
            files: &dyn Files,
        ) -> Vec<crate::answers::InlayHint> {
            hints::inlay_hints(doc, range, options, files)
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
        ) -> Result<Vec<crate::answers::Replace>, String> {
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
    shared_methods!();

    fn board_actions(&self, doc: &Document, files: &dyn Files, ids: &[&str]) -> Palette {
        edit::map_actions(doc, files, ids)
    }

    fn board_edit(
        &self,
        doc: &Document,
        files: &dyn Files,
        id: &str,
        action: &str,
    ) -> Result<Vec<TextEdit>, String> {
        edit::map_edit(doc, files, id, action)
    }

    fn highlights(&self, doc: &Document) -> Vec<crate::answers::Highlight> {
        highlights::map_highlights(doc)
    }

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        let view = map::MapView::of(doc);
        let era = map::EraOf::of(doc, files);
        map::check(doc, &view, &era, out);
        variant::check_map(doc, &view, files, out);
        sense::check_map(&view, &era, out);
        sense::check_unused(doc, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::own_note(doc)
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
    fn slip(&self, doc: &Document, range: std::ops::Range<usize>) -> Option<Finding> {
        ter::count_without_creature(doc, range.clone())
            .or_else(|| ter::blank_after_comma(doc, range))
    }

    fn defines_names(&self) -> bool {
        true
    }

    fn definitions(&self, doc: &Document) -> Vec<Symbol> {
        outline::definitions(doc)
    }

    fn colors(&self, doc: &Document) -> Vec<crate::answers::Swatch> {
        ter::swatches(doc, &ter::TerView::of(doc))
    }

    fn color_names(
        &self,
        doc: &Document,
        range: std::ops::Range<usize>,
        rgb: [u8; 3],
    ) -> Vec<String> {
        ter::color_names(doc, &ter::TerView::of(doc), range, rgb)
    }

    shared_methods!();

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        let view = ter::TerView::of(doc);
        let words_with_digits = dialect::of_doc(doc, files).dialect >= dialect::Dialect::Nov2002;
        ter::check(doc, &view, words_with_digits, out);
        variant::check_ter(doc, &view, files, out);
        sense::check_ter(doc, &view, files, out);
        sense::check_unused(doc, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::own_note(doc)
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

    shared_methods!();

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        cre::check(doc, &cre::CreView::of(doc), out);
        sense::check_cre(doc, files, out);
        sense::check_unused(doc, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::own_note(doc)
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
    shared_methods!();

    fn board_actions(&self, doc: &Document, files: &dyn Files, ids: &[&str]) -> Palette {
        let era = edit::era_of(doc, files);
        Palette::of_each(ids, |id| edit::battleland_actions(doc, era, id))
    }

    fn board_edit(
        &self,
        doc: &Document,
        files: &dyn Files,
        id: &str,
        action: &str,
    ) -> Result<Vec<TextEdit>, String> {
        edit::battleland_edit(doc, files, id, action)
    }

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        let era = dialect::of_doc(doc, files)
            .era()
            .unwrap_or(&dialect::FEB_2002);
        battleland::check(&battleland::BattlelandView::of(doc), era, out);
        sense::check_unused(doc, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::own_note(doc)
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

    fn slip(&self, doc: &Document, range: std::ops::Range<usize>) -> Option<Finding> {
        var::lowercase_key(doc, range.clone()).or_else(|| var::path_value(doc, range))
    }

    fn definitions(&self, doc: &Document) -> Vec<Symbol> {
        outline::definitions(doc)
    }

    shared_methods!();

    fn check_with(&self, doc: &Document, files: &dyn Files, out: &mut Vec<Finding>) {
        let view = var::VarView::of(doc);
        variant::check_var(doc, &view, files, out);
        sense::check_var(doc, &view, files, out);
        dialect::check_final_comment(doc, out);
    }

    fn unsupported_dialect(&self, doc: &Document) -> Option<Finding> {
        dialect::own_note(doc)
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
