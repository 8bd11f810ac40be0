//! The tree-sitter grammars of Retroboard's nine file kinds.
//!
//! Each grammar lives in `grammars/<format-id>/`; the node kinds and field names it produces
//! are the contract documented in `grammars/README.md`.

use tree_sitter_language::LanguageFn;

/// A compiled grammar and its highlight query.
#[derive(Clone, Copy)]
pub struct Grammar {
    /// The format id, e.g. `colossus-map`.
    pub format_id: &'static str,
    /// The tree-sitter language.
    pub language: LanguageFn,
    /// `queries/highlights.scm`, with nvim-treesitter capture names.
    pub highlights: &'static str,
}

macro_rules! grammars {
    ($($id:literal => $symbol:ident),* $(,)?) => {
        unsafe extern "C" {
            $(fn $symbol() -> *const ();)*
        }

        /// Every grammar, in a fixed order.
        pub const GRAMMARS: &[Grammar] = &[
            $(Grammar {
                format_id: $id,
                // SAFETY: the symbol is the generated language constructor of this grammar.
                language: unsafe { LanguageFn::from_raw($symbol) },
                highlights: include_str!(concat!("../", $id, "/queries/highlights.scm")),
            },)*
        ];
    };
}

grammars! {
    "crossmines-pattern" => tree_sitter_crossmines_pattern,
    "patience-game" => tree_sitter_patience_game,
    "othello-bord" => tree_sitter_othello_bord,
    "colossus-map" => tree_sitter_colossus_map,
    "colossus-ter" => tree_sitter_colossus_ter,
    "colossus-cre" => tree_sitter_colossus_cre,
    "colossus-battleland" => tree_sitter_colossus_battleland,
    "colossus-var" => tree_sitter_colossus_var,
    "peg-brd" => tree_sitter_peg_brd,
}

/// The grammar of a format id, if there is one.
pub fn grammar(format_id: &str) -> Option<&'static Grammar> {
    GRAMMARS.iter().find(|g| g.format_id == format_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_loads_with_its_highlight_query() {
        assert_eq!(GRAMMARS.len(), 9);
        for g in GRAMMARS {
            let language = tree_sitter::Language::new(g.language);
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&language)
                .unwrap_or_else(|e| panic!("{}: {e}", g.format_id));
            tree_sitter::Query::new(&language, g.highlights)
                .unwrap_or_else(|e| panic!("{} highlights.scm: {e}", g.format_id));
        }
    }
}
