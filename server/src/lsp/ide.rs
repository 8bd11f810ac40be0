//! The LSP shapes of rename and inlay hints, and what the client says about them (its
//! capabilities and the `retroboard.inlayHints` settings). The handlers stay a few
//! lines each.

use std::collections::HashMap;

use tower_lsp_server::jsonrpc::{Error, ErrorCode};
use tower_lsp_server::ls_types::*;

use super::snapshot::Snapshot;
use super::snapshot::open_at;
use crate::answers::{HintPlaces, InlayOptions, Replace};
use crate::formats::Files;

/// What the client said about rename and inlay hints.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ClientOptions {
    /// The client takes versioned document edits in a workspace edit.
    pub document_changes: bool,
    /// The client shows inlay hints at all.
    pub inlay_hints: bool,
    /// The client creates files a workspace edit asks for (`resourceOperations` holds
    /// `create`): only then is a "suppress here" entry offered in a new retroboard.toml.
    pub create_files: bool,
    pub inlay: InlayOptions,
}

impl ClientOptions {
    /// From `initialize`: the capabilities and the settings in `initializationOptions`.
    pub fn of(params: &InitializeParams) -> ClientOptions {
        let caps = &params.capabilities;
        let mut options = ClientOptions {
            document_changes: caps
                .workspace
                .as_ref()
                .and_then(|w| w.workspace_edit.as_ref())
                .and_then(|e| e.document_changes)
                .unwrap_or(false),
            inlay_hints: caps
                .text_document
                .as_ref()
                .is_some_and(|t| t.inlay_hint.is_some()),
            create_files: caps
                .workspace
                .as_ref()
                .and_then(|w| w.workspace_edit.as_ref())
                .and_then(|e| e.resource_operations.as_ref())
                .is_some_and(|ops| ops.contains(&ResourceOperationKind::Create)),
            inlay: InlayOptions::default(),
        };
        if let Some(settings) = &params.initialization_options {
            options.configure(settings);
        }
        options
    }

    /// Reads the settings the client sends (`initializationOptions`, or the `settings` of
    /// `workspace/didChangeConfiguration`), with or without the `retroboard` section around
    /// them; what is absent or not understood stays as it was.
    pub fn configure(&mut self, settings: &serde_json::Value) {
        let section = settings.get("retroboard").unwrap_or(settings);
        let hints = section.get("inlayHints");
        let setting = |format: &str| {
            hints
                .and_then(|h| h.get(format))
                .and_then(|v| v.as_str())
                .and_then(HintPlaces::from_setting)
        };
        let inlay = &mut self.inlay;
        for (format, places) in [
            ("patience", &mut inlay.patience),
            ("cre", &mut inlay.cre),
            ("map", &mut inlay.map),
        ] {
            if let Some(setting) = setting(format) {
                *places = setting;
            }
        }
    }
}

/// A refusal to rename, with its reason for the modder (the editor shows the message).
pub(crate) fn refused(reason: String) -> Error {
    Error {
        code: ErrorCode::ServerError(-32803), // RequestFailed
        message: reason.into(),
        data: None,
    }
}

impl Snapshot {
    /// Rename changes as a workspace edit: per file, its edits in the columns of the file as
    /// the editor holds it; an open document's edit carries its version, so an editor that
    /// moved on refuses it instead of editing the wrong text.
    pub(crate) fn workspace_edit(
        &self,
        replaces: &[Replace],
        client: ClientOptions,
    ) -> WorkspaceEdit {
        let overlay = self.overlay();
        let mut files: Vec<(Uri, Option<i32>, Vec<TextEdit>)> = Vec::new();
        for replace in replaces {
            let target = &replace.target;
            let Some(format) = target.format else {
                continue;
            };
            let Some(doc) = overlay.document(&target.path, format) else {
                continue;
            };
            let (uri, version) = match open_at(&self.documents, &target.path) {
                Some((uri, open)) => (uri.clone(), Some(open.version)),
                None => match Uri::from_file_path(&target.path) {
                    Some(uri) => (uri, None),
                    None => continue,
                },
            };
            let edit = TextEdit {
                range: super::convert::range(doc.rope(), target.range.clone(), self.encoding),
                new_text: replace.text.clone(),
            };
            match files.iter_mut().find(|(u, _, _)| *u == uri) {
                Some((_, _, edits)) => edits.push(edit),
                None => files.push((uri, version, vec![edit])),
            }
        }
        if client.document_changes {
            let edits = files
                .into_iter()
                .map(|(uri, version, edits)| TextDocumentEdit {
                    text_document: OptionalVersionedTextDocumentIdentifier { uri, version },
                    edits: edits.into_iter().map(OneOf::Left).collect(),
                })
                .collect();
            WorkspaceEdit {
                document_changes: Some(DocumentChanges::Edits(edits)),
                ..WorkspaceEdit::default()
            }
        } else {
            let changes: HashMap<Uri, Vec<TextEdit>> = files
                .into_iter()
                .map(|(uri, _, edits)| (uri, edits))
                .collect();
            WorkspaceEdit {
                changes: Some(changes),
                ..WorkspaceEdit::default()
            }
        }
    }
}

/// Inlay hints in LSP terms.
pub(crate) fn inlay_hints(
    text: &ropey::Rope,
    hints: &[crate::answers::InlayHint],
    encoding: super::convert::PositionEncoding,
) -> Vec<InlayHint> {
    let mut positions = super::convert::Positions::new(text, encoding);
    hints
        .iter()
        .map(|hint| InlayHint {
            position: positions.of(hint.offset),
            label: InlayHintLabel::String(hint.label.clone()),
            kind: None,
            text_edits: None,
            tooltip: hint.tooltip.clone().map(InlayHintTooltip::String),
            // Only the side that has one: false is the default.
            padding_left: (!hint.before).then_some(true),
            padding_right: hint.before.then_some(true),
            data: None,
        })
        .collect()
}
