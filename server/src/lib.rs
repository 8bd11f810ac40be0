//! Retroboard: a language server, checker and previews for the data files of five classic games.
//!
//! Data flows one way: text → tree-sitter tree ([`syntax`]) → typed format view and findings
//! ([`formats`], [`analysis`]) → adapters ([`cli`], [`lsp`]).

pub mod analysis;
pub mod answers;
pub mod cli;
pub mod disk;
pub mod draw;
pub mod findings;
pub mod formats;
pub mod formatting;
pub mod ide;
pub mod lsp;
pub mod play;
pub mod registry;
pub mod render;
pub mod settings;
pub mod suppressions;
pub mod syntax;
pub mod text;
pub mod workspace;

#[cfg(test)]
mod test_support;
