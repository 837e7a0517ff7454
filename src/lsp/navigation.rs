//! Going from a name to its declaration and its uses, renaming it, and the outline of a
//! file (its statements, with the lets, directions and moves named).

use std::collections::HashMap;

use lsp_types::{DocumentSymbol, Location, Range, SymbolKind, TextEdit, WorkspaceEdit};

use super::document::Document;
use super::symbols::Symbol;
use crate::syntax::ast::{Span, Statement, StatementKind};

/// The symbol at byte `at` and where it is written there.
fn symbol_at(doc: &Document, at: usize) -> Option<(&Symbol, Span)> {
    doc.symbols.as_ref()?.at(at)
}

pub fn definition(doc: &Document, at: usize) -> Option<Location> {
    let (sym, _) = symbol_at(doc, at)?;
    sym.decl.map(|(name, _)| doc.location(name))
}

pub fn references(doc: &Document, at: usize, with_declaration: bool) -> Vec<Location> {
    let Some((sym, _)) = symbol_at(doc, at) else {
        return Vec::new();
    };
    let skip = usize::from(!with_declaration && sym.decl.is_some());
    sym.spans().skip(skip).map(|s| doc.location(s)).collect()
}

/// The name a rename would change, or why it cannot be renamed.
pub fn prepare_rename(doc: &Document, at: usize) -> Result<Option<Range>, String> {
    let Some((sym, span)) = symbol_at(doc, at) else {
        return Ok(None);
    };
    if sym.decl.is_none() {
        return Err(format!(
            "`{}` is a {} and cannot be renamed",
            sym.name,
            sym.what()
        ));
    }
    Ok(Some(doc.lines.range(&doc.text, span)))
}

/// Every place the name at `at` is written, renamed to `new`; an error says why not.
pub fn rename(doc: &Document, at: usize, new: &str) -> Result<Option<WorkspaceEdit>, String> {
    let Some((sym, _)) = symbol_at(doc, at) else {
        return Ok(None);
    };
    prepare_rename(doc, at)?;
    if !crate::syntax::is_name(new) {
        return Err(format!(
            "`{new}` is not a name: a name starts with a letter and goes on with letters, digits, `_` and `-` before a letter, and is no reserved word"
        ));
    }
    if new != sym.name
        && (doc.symbols.as_ref().is_some_and(|s| s.is_declared(new))
            || super::symbols::is_builtin(new))
    {
        return Err(format!("`{new}` is already a name of this file"));
    }
    let edits = sym
        .spans()
        .map(|s| TextEdit::new(doc.lines.range(&doc.text, s), new.to_string()))
        .collect();
    Ok(Some(WorkspaceEdit::new(HashMap::from([(
        doc.uri.clone(),
        edits,
    )]))))
}

/// The outline: one entry per statement, lets and moves named by what they are.
pub fn outline(doc: &Document) -> Vec<DocumentSymbol> {
    let Some(tree) = &doc.tree else {
        return Vec::new();
    };
    let mut moves = 0;
    tree.statements
        .iter()
        .map(|s| {
            if matches!(s.kind, StatementKind::Move(_)) {
                moves += 1;
            }
            entry(doc, s, moves)
        })
        .collect()
}

fn entry(doc: &Document, s: &Statement, moves: usize) -> DocumentSymbol {
    let keyword = &doc.text[s.keyword.start..s.keyword.end];
    let first_line = doc
        .lines
        .line_span(&doc.text, doc.lines.line_of(s.span.start));
    let summary = doc.text[s.span.start..first_line.end.min(s.span.end)].trim();
    let child =
        |name: &str, span: Span, kind: SymbolKind| symbol(doc, name, None, kind, span, span, None);
    let (name, kind, selection, children): (String, SymbolKind, Span, Vec<DocumentSymbol>) =
        match &s.kind {
            StatementKind::Let { name, .. } => (
                name.text.clone(),
                SymbolKind::FUNCTION,
                name.span,
                Vec::new(),
            ),
            StatementKind::Move(_) => (
                format!("move {moves}"),
                SymbolKind::METHOD,
                s.keyword,
                Vec::new(),
            ),
            StatementKind::Sides(defs) => (
                keyword.to_string(),
                SymbolKind::NAMESPACE,
                s.keyword,
                defs.iter()
                    .map(|d| child(&d.name.text, d.name.span, SymbolKind::CONSTANT))
                    .collect(),
            ),
            StatementKind::Kinds(names, _) => (
                keyword.to_string(),
                SymbolKind::NAMESPACE,
                s.keyword,
                names
                    .iter()
                    .map(|n| child(&n.text, n.span, SymbolKind::CLASS))
                    .collect(),
            ),
            StatementKind::Direction(defs) => (
                keyword.to_string(),
                SymbolKind::NAMESPACE,
                s.keyword,
                defs.iter()
                    .map(|d| child(&d.name.text, d.name.span, SymbolKind::ENUM_MEMBER))
                    .collect(),
            ),
            StatementKind::Directions { name, .. } => {
                (name.text.clone(), SymbolKind::ENUM, name.span, Vec::new())
            }
            _ => (
                keyword.to_string(),
                SymbolKind::MODULE,
                s.keyword,
                Vec::new(),
            ),
        };
    let children = (!children.is_empty()).then_some(children);
    // A let is known by its name; other statements show their first line.
    let detail = (!matches!(s.kind, StatementKind::Let { .. })).then_some(summary);
    symbol(doc, &name, detail, kind, s.span, selection, children)
}

fn symbol(
    doc: &Document,
    name: &str,
    detail: Option<&str>,
    kind: SymbolKind,
    span: Span,
    selection: Span,
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    #[allow(deprecated)] // the field must be given, and is left out of the JSON
    DocumentSymbol {
        name: name.to_string(),
        detail: detail.map(str::to_string),
        kind,
        tags: None,
        deprecated: None,
        range: doc.lines.range(&doc.text, span),
        selection_range: doc.lines.range(&doc.text, selection),
        children,
    }
}
