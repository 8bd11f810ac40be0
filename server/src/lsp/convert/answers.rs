//! The answers of the outline, workspace symbols, folding, links and completion as LSP types.

use ropey::Rope;
use tower_lsp_server::ls_types::SymbolKind as LspSymbolKind;
use tower_lsp_server::ls_types::*;

use super::{PositionEncoding, Positions, range};
use crate::answers::{Symbol, SymbolKind};

/// An outline as the LSP's nested symbols (an empty name, which the LSP does not allow, as `?`).
pub fn document_symbols(positions: &mut Positions, symbols: Vec<Symbol>) -> Vec<DocumentSymbol> {
    symbols
        .into_iter()
        .map(|symbol| {
            let range = positions.range(symbol.range);
            let selection_range = positions.range(symbol.selection);
            let children =
                (!symbol.children.is_empty()).then(|| document_symbols(positions, symbol.children));
            #[allow(deprecated)] // `deprecated` is a required field of the type
            DocumentSymbol {
                name: if symbol.name.is_empty() {
                    "?".to_string()
                } else {
                    symbol.name
                },
                detail: symbol.detail,
                kind: lsp_symbol_kind(symbol.kind),
                tags: None,
                deprecated: None,
                range,
                selection_range,
                children,
            }
        })
        .collect()
}

pub fn lsp_symbol_kind(kind: SymbolKind) -> LspSymbolKind {
    match kind {
        SymbolKind::Section => LspSymbolKind::NAMESPACE,
        SymbolKind::Field => LspSymbolKind::FIELD,
        SymbolKind::Row => LspSymbolKind::ARRAY,
        SymbolKind::Place => LspSymbolKind::OBJECT,
        SymbolKind::Terrain => LspSymbolKind::ENUM,
        SymbolKind::Creature => LspSymbolKind::CLASS,
        SymbolKind::Entry => LspSymbolKind::KEY,
        SymbolKind::Variant => LspSymbolKind::MODULE,
    }
}

/// A name a workspace file defines, with the folder it is in as its container (the variant);
/// none when its path makes no file URI.
pub fn workspace_symbol(
    path: &std::path::Path,
    text: &Rope,
    symbol: &Symbol,
    encoding: PositionEncoding,
) -> Option<WorkspaceSymbol> {
    let folder = path.parent()?.file_name()?.to_string_lossy().into_owned();
    Some(WorkspaceSymbol {
        name: symbol.name.clone(),
        kind: lsp_symbol_kind(symbol.kind),
        tags: None,
        container_name: (symbol.kind != SymbolKind::Variant).then_some(folder),
        location: OneOf::Left(Location {
            uri: Uri::from_file_path(path)?,
            range: range(text, symbol.selection.clone(), encoding),
        }),
        data: None,
    })
}

/// A fold as the lines it spans (editors fold whole lines).
pub fn folding_range(text: &Rope, fold: &crate::answers::Fold) -> FoldingRange {
    let line = |byte: usize| text.byte_to_line(byte.min(text.len_bytes())) as u32;
    FoldingRange {
        start_line: line(fold.range.start),
        end_line: line(fold.range.end),
        kind: Some(match fold.kind {
            crate::answers::FoldKind::Comment => FoldingRangeKind::Comment,
            crate::answers::FoldKind::Region => FoldingRangeKind::Region,
        }),
        ..FoldingRange::default()
    }
}

/// A link to a file; none when its path makes no file URI.
pub fn document_link(
    text: &Rope,
    link: &crate::answers::Link,
    encoding: PositionEncoding,
) -> Option<DocumentLink> {
    Some(DocumentLink {
        range: range(text, link.range.clone(), encoding),
        target: Some(Uri::from_file_path(&link.target)?),
        tooltip: Some(link.tooltip.clone()),
        data: None,
    })
}

/// A completion item; its edit replaces the item's range (on the cursor's line).
pub fn completion(
    text: &Rope,
    item: &crate::answers::Completion,
    encoding: PositionEncoding,
) -> CompletionItem {
    use crate::answers::CompletionKind as K;
    let kind = match item.kind {
        K::Value => CompletionItemKind::VALUE,
        K::Keyword => CompletionItemKind::KEYWORD,
        K::Creature => CompletionItemKind::CLASS,
        K::Terrain => CompletionItemKind::ENUM_MEMBER,
        K::Place => CompletionItemKind::REFERENCE,
        K::Color => CompletionItemKind::COLOR,
        K::File => CompletionItemKind::FILE,
        K::Variant => CompletionItemKind::MODULE,
        K::Snippet => CompletionItemKind::SNIPPET,
    };
    // A colour item's documentation is the colour itself, as a plain string: editors show it
    // as a swatch. Its explanation goes into the detail.
    let documentation = match item.color {
        Some([r, g, b]) => Some(Documentation::String(format!("#{r:02x}{g:02x}{b:02x}"))),
        None => item.documentation.as_ref().map(|markdown| {
            Documentation::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: markdown.clone(),
            })
        }),
    };
    CompletionItem {
        label: item.label.clone(),
        kind: Some(kind),
        detail: item.detail.clone(),
        documentation,
        sort_text: item.sort.clone(),
        filter_text: item.filter.clone(),
        // Plain text is the default: only a snippet says so (the answers of a long MAP are
        // hundreds of items).
        insert_text_format: item.snippet.then_some(InsertTextFormat::SNIPPET),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit {
            range: range(text, item.range.clone(), encoding),
            new_text: item.insert.clone().unwrap_or_else(|| item.label.clone()),
        })),
        ..CompletionItem::default()
    }
}

/// A colour the game draws as the LSP's, each channel from 0 to 1.
pub fn lsp_color([red, green, blue]: [u8; 3]) -> Color {
    let channel = |c: u8| f32::from(c) / 255.0;
    Color {
        red: channel(red),
        green: channel(green),
        blue: channel(blue),
        alpha: 1.0,
    }
}

/// The LSP's colour (channels from 0 to 1; alpha, which the game has not, left out) as the
/// nearest RGB value.
pub fn rgb(color: &Color) -> [u8; 3] {
    // In 0..=255 after the clamp: the cast cannot truncate.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let channel = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    [
        channel(color.red),
        channel(color.green),
        channel(color.blue),
    ]
}
