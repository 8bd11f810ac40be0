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

        /// Every grammar, in the order of their folders' names.
        pub const GRAMMARS: &[Grammar] = &[
            $(Grammar {
                format_id: $id,
                // SAFETY: the symbol is the generated language constructor of this grammar.
                language: unsafe { LanguageFn::from_raw($symbol) },
                highlights: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $id, "/queries/highlights.scm")),
            },)*
        ];
    };
}

// Every grammar folder with a generated parser, listed by build.rs.
include!(concat!(env!("OUT_DIR"), "/grammars.rs"));

/// The grammar of a format id, if there is one.
pub fn grammar(format_id: &str) -> Option<&'static Grammar> {
    GRAMMARS.iter().find(|g| g.format_id == format_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_loads_with_its_highlight_query() {
        assert!(!GRAMMARS.is_empty());
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
