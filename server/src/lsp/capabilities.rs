//! What the server offers, answered to `initialize`: the capability of each feature, served by
//! its handler in `handlers/`.

use tower_lsp_server::ls_types::*;

use crate::lsp::backend::COMPLETION_TRIGGERS;
use crate::lsp::convert::{self, PositionEncoding};
use crate::lsp::handlers::code_action::FIX_ALL_KIND;
use crate::lsp::handlers::execute_command::{EDIT_BOARD_COMMAND, EXPLAIN_COMMAND, SELECT_COMMAND};
use crate::lsp::handlers::preview::{PREVIEW_COMMAND, REVEAL_COMMAND};

/// The capabilities, positions in `encoding`; inlay hints only for a client that shows them
/// (`inlay_hints`).
pub(crate) fn capabilities(encoding: PositionEncoding, inlay_hints: bool) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![
                PREVIEW_COMMAND.to_string(),
                REVEAL_COMMAND.to_string(),
                SELECT_COMMAND.to_string(),
                EXPLAIN_COMMAND.to_string(),
                EDIT_BOARD_COMMAND.to_string(),
            ],
            ..ExecuteCommandOptions::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::from(FIX_ALL_KIND),
            ]),
            ..CodeActionOptions::default()
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(COMPLETION_TRIGGERS.iter().map(|c| c.to_string()).collect()),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        inlay_hint_provider: inlay_hints.then_some(OneOf::Left(true)),
        document_link_provider: Some(DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        color_provider: Some(ColorProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: convert::semantic_legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: Some(true),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}
