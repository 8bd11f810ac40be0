//! `textDocument/codeAction`: quick fixes and fix-all.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

use crate::analysis::{Search, Source};
use crate::formats::{DiskFiles, Files};

use crate::lsp::backend::*;
use crate::lsp::convert::{self};
use crate::lsp::handlers::execute_command::SELECT_COMMAND;
use crate::lsp::search::SOLVE_BUDGET;
use crate::lsp::snapshot::*;

pub(crate) async fn code_action(
    backend: &Backend,
    params: CodeActionParams,
) -> Result<Option<CodeActionResponse>> {
    backend
        .on_snapshot("code actions", move |snapshot, cancel| {
            code_actions(snapshot, cancel, &params)
        })
        .await
}

/// The kind of the action applying every preferred fix of a file.
pub(crate) const FIX_ALL_KIND: &str = "source.fixAll.retroboard";

/// The quick fixes of the findings the request's range touches (an empty range at the cursor
/// touches a finding it stands at or next to), one action per fix, and the file's fix-all
/// (when asked for by kind, or beside quick fixes when no kind is named).
///
/// Stale requests get no quick fix: a diagnostic of ours in the request's context whose `data`
/// names another version than the document's was made for another text, and its range may
/// now cover anything; the client asks again once the new diagnostics arrive. Fix-all asked
/// for by kind (as on save, right after typing) reads no diagnostic: it comes from the current
/// text, for its version, stale context or not. The fixes come from the findings of the current
/// text.
pub(crate) fn code_actions(
    snapshot: &Snapshot,
    cancel: &Cancel,
    params: &CodeActionParams,
) -> Result<Option<CodeActionResponse>> {
    let uri = &params.text_document.uri;
    let Some(open) = snapshot.documents.get(uri) else {
        return Ok(None);
    };
    let stale = params.context.diagnostics.iter().any(|d| {
        d.source.as_deref() == Some("retroboard")
            && convert::diagnostic_version(d).is_some_and(|v| v != open.version)
    });
    let only = params.context.only.as_ref();
    let asked = |kind: &str| {
        only.is_some_and(|only| {
            only.iter()
                .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str())))
        })
    };
    if stale && !asked(FIX_ALL_KIND) {
        return Ok(Some(Vec::new()));
    }
    snapshot.inject(&open.document, &|| cancel.is_set());
    // The findings the diagnostics show: the one check's, or a settings file's own. What the
    // settings silence or turn off is not shown, so offers no fix.
    let own = snapshot.settings_file_findings(&open.document);
    let is_settings_file = own.is_some();
    let findings = match own {
        Some(findings) => findings,
        None => {
            let source = Source::Document(open.document.clone());
            // Not kept as a check's use of the `[[suppress]]` entries: the last check's stands.
            // The slow findings as the search after the last check found them (a peg board
            // that cannot be won), not searched for here.
            match snapshot.check(source, Search::Later(SOLVE_BUDGET)) {
                Ok(mut checked) => {
                    if let Some(found) = checked.slow.take().and_then(|slow| slow.known()) {
                        checked.add_slow(found);
                    }
                    checked.findings
                }
                Err(_) => return Ok(Some(Vec::new())),
            }
        }
    };
    let settings = open
        .path
        .as_deref()
        .filter(|_| !is_settings_file)
        .and_then(|path| snapshot.settings_for(path));
    cancel.check()?;
    let text = open.document.whole_rope();
    let encoding = snapshot.encoding;
    let start = convert::offset(text, params.range.start, encoding);
    let end = convert::offset(text, params.range.end, encoding).max(start);
    let edit = |edits: &[crate::findings::TextEdit]| {
        convert::workspace_edit(text, uri, open.version, edits, encoding)
    };
    let mut actions = Vec::new();
    if !stale && (only.is_none() || asked(CodeActionKind::QUICKFIX.as_str())) {
        let touched = findings
            .iter()
            .filter(|f| f.range.start <= end && start <= f.range.end);
        // The fixes that mend first, then those that silence.
        let mut fixes: Vec<(&crate::findings::Finding, &crate::findings::Fix)> = touched
            .flat_map(|finding| finding.fixes.iter().map(move |fix| (finding, fix)))
            .collect();
        fixes.sort_by_key(|(_, fix)| fix.suppression);
        // A quick fix of one finding, the finding's diagnostic beside it; `then`, the command
        // run once its edit is made.
        let quick_fix = |title: &str, finding, edit, preferred: bool, then: Option<Command>| {
            let diagnostic = convert::fixable_diagnostic(
                text,
                open.path.as_deref(),
                finding,
                encoding,
                Some(open.version),
            );
            CodeActionOrCommand::CodeAction(CodeAction {
                title: title.to_string(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic]),
                edit: Some(edit),
                command: then,
                is_preferred: preferred.then_some(true),
                ..CodeAction::default()
            })
        };
        for (finding, fix) in fixes {
            // A fix of another file (a line added to the CRE): its file's edit, in its columns.
            let edit = match fix.elsewhere.is_empty() {
                true => edit(&fix.edits),
                false => Some(snapshot.workspace_edit(&elsewhere(snapshot, fix), snapshot.client)),
            };
            let Some(edit) = edit else {
                continue;
            };
            // A suppression comment: its reason selected, to be typed over.
            let then = match fix.edits.as_slice() {
                [one] if fix.suppression => select_reason(uri, text, one, encoding),
                _ => None,
            };
            actions.push(quick_fix(&fix.title, finding, edit, fix.preferred, then));
        }
        // "Suppress here" as an entry of retroboard.toml, in the formats without comments.
        if let Some(path) = open.path.as_deref() {
            let settings_text = settings.as_ref().map(|s| {
                let text = snapshot.overlay().read(&s.path);
                (
                    s.path.clone(),
                    text.map(|t| t.to_string()).unwrap_or_default(),
                )
            });
            for finding in findings
                .iter()
                .filter(|f| f.range.start <= end && start <= f.range.end)
            {
                let fix = crate::suppressions::settings_fix(
                    &open.document,
                    path,
                    finding,
                    settings_text
                        .as_ref()
                        .map(|(p, t)| (p.as_path(), t.as_str())),
                );
                let Some(fix) = fix.filter(|f| !f.create || snapshot.client.create_files) else {
                    continue;
                };
                let Some((edit, then)) = settings_edit(snapshot, &fix) else {
                    continue;
                };
                actions.push(quick_fix(&fix.title, finding, edit, false, then));
            }
        }
    }
    if asked(FIX_ALL_KIND) || (only.is_none() && !actions.is_empty()) {
        let edits = crate::findings::preferred_edits(text, &findings);
        if let Some(edit) = edit(&edits).filter(|_| !edits.is_empty()) {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Fix all safe Retroboard problems in this file".to_string(),
                kind: Some(CodeActionKind::from(FIX_ALL_KIND)),
                edit: Some(edit),
                ..CodeAction::default()
            }));
        }
    }
    Ok(Some(actions))
}

/// A fix's edits of other files as replacements of their ranges, each file read as its
/// format (the editor's text when it is open, else the disk's).
fn elsewhere(snapshot: &Snapshot, fix: &crate::findings::Fix) -> Vec<crate::answers::Replace> {
    let overlay = snapshot.overlay();
    fix.elsewhere
        .iter()
        .map(|(path, edit)| {
            let text = overlay.read(path).unwrap_or_default();
            crate::answers::Replace {
                target: crate::answers::Target {
                    path: path.clone(),
                    format: crate::registry::detect(Some(path), &text),
                    range: edit.range.clone(),
                },
                text: edit.insert.clone(),
            }
        })
        .collect()
}

/// The command that selects the reason a "suppress here" edit of `text` writes (its
/// placeholder), for the modder to type over it once the edit is made.
fn select_reason(
    uri: &Uri,
    text: &ropey::Rope,
    edit: &crate::findings::TextEdit,
    encoding: convert::PositionEncoding,
) -> Option<Command> {
    let placeholder = crate::suppressions::REASON_PLACEHOLDER;
    let at = edit.range.start + edit.insert.rfind(placeholder)?;
    // The text as the edit leaves it (a rope copy shares all but the edited chunks).
    let mut after = text.clone();
    let start = after.try_byte_to_char(edit.range.start).ok()?;
    let end = after.try_byte_to_char(edit.range.end).ok()?;
    after.remove(start..end);
    after.insert(start, &edit.insert);
    let range = convert::range(&after, at..at + placeholder.len(), encoding);
    Some(Command {
        title: "Select the reason".to_string(),
        command: SELECT_COMMAND.to_string(),
        arguments: Some(vec![
            serde_json::to_value(uri).ok()?,
            serde_json::to_value(range).ok()?,
        ]),
    })
}

/// The workspace edit of a "suppress here" entry: an insertion into the settings file (as the
/// editor holds it, when open), after creating it when it does not exist yet; with the command
/// that selects the entry's reason.
pub(crate) fn settings_edit(
    snapshot: &Snapshot,
    fix: &crate::suppressions::SettingsFix,
) -> Option<(WorkspaceEdit, Option<Command>)> {
    let uri = Uri::from_file_path(&fix.file)?;
    let open = open_at(&snapshot.documents, &fix.file);
    let text = match open {
        Some((_, open)) => open.document.whole_rope().clone(),
        None if fix.create => ropey::Rope::new(),
        None => ropey::Rope::from_str(&DiskFiles.read(&fix.file)?),
    };
    let edits = crate::findings::sorted_edits(&text, vec![fix.edit.clone()])?;
    let then = select_reason(&uri, &text, &fix.edit, snapshot.encoding);
    let edits = convert::text_edits(&text, &edits, snapshot.encoding)
        .into_iter()
        .map(OneOf::Left)
        .collect();
    let edit = TextDocumentEdit {
        text_document: OptionalVersionedTextDocumentIdentifier {
            uri: uri.clone(),
            version: open.map(|(_, open)| open.version),
        },
        edits,
    };
    let changes = if fix.create {
        DocumentChanges::Operations(vec![
            DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
                uri,
                options: Some(CreateFileOptions {
                    overwrite: Some(false),
                    ignore_if_exists: Some(true),
                }),
                annotation_id: None,
            })),
            DocumentChangeOperation::Edit(edit),
        ])
    } else {
        DocumentChanges::Edits(vec![edit])
    };
    let edit = WorkspaceEdit {
        document_changes: Some(changes),
        ..WorkspaceEdit::default()
    };
    Some((edit, then))
}
