//! One file per request or notification family, each a short function over a snapshot.

pub(crate) mod code_action;
pub(crate) mod completion;
pub(crate) mod did_change;
pub(crate) mod did_close;
pub(crate) mod did_open;
pub(crate) mod document_color;
pub(crate) mod document_link;
pub(crate) mod document_symbol;
pub(crate) mod execute_command;
pub(crate) mod folding_range;
pub(crate) mod formatting;
pub(crate) mod goto_definition;
pub(crate) mod hover;
pub(crate) mod initialize;
pub(crate) mod inlay_hint;
pub(crate) mod play;
pub(crate) mod preview;
pub(crate) mod references;
pub(crate) mod rename;
pub(crate) mod semantic_tokens;
pub(crate) mod workspace_changes;
pub(crate) mod workspace_symbol;
