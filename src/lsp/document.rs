//! An open rules file: its text, as the editor last sent it, and what ply makes of it:
//! the diagnostics of `ply check` (the same JSON objects, see [`crate::diagnostic::Json`])
//! and the table of names.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    TextDocumentContentChangeEvent, Uri,
};

use super::position::Lines;
use super::symbols::Symbols;
use crate::diagnostic::Json;
use crate::syntax::ast::{RulesFile, Span};

pub struct Document {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    pub lines: Lines,
    /// The syntax tree, when the text parses.
    pub tree: Option<RulesFile>,
    /// The names of the text, when it parses.
    pub symbols: Option<Symbols>,
    /// The names of the last text that parsed (completion offers them while the text is
    /// being typed, and so broken).
    pub last_symbols: Option<Symbols>,
    /// Every error `ply check` reports.
    pub errors: Vec<Json>,
    /// The text changed since it was last analysed.
    pub stale: bool,
}

impl Document {
    pub fn new(uri: Uri, version: i32, text: String) -> Document {
        let mut d = Document {
            uri,
            version,
            lines: Lines::new(&text),
            text,
            tree: None,
            symbols: None,
            last_symbols: None,
            errors: Vec::new(),
            stale: true,
        };
        d.analyse();
        d
    }

    /// Applies the editor's changes, in order; the new text is analysed later
    /// ([`Document::analyse`]), once for a burst of changes.
    pub fn change(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) {
        for c in changes {
            match c.range {
                None => self.text = c.text,
                Some(r) => {
                    let start = self.lines.offset(&self.text, r.start);
                    let end = self.lines.offset(&self.text, r.end).max(start);
                    self.text.replace_range(start..end, &c.text);
                }
            }
            self.lines = Lines::new(&self.text);
        }
        self.version = version;
        self.stale = true;
    }

    /// Parses and checks the text, as `ply check` does, if it changed; whether it did.
    pub fn analyse(&mut self) -> bool {
        if !self.stale {
            return false;
        }
        self.stale = false;
        let name = self.uri.as_str();
        self.errors.clear();
        match crate::syntax::parse(&self.text) {
            Err(e) => {
                self.errors.push(Json::syntax(name, &self.text, &e));
                self.tree = None;
                if let Some(s) = self.symbols.take() {
                    self.last_symbols = Some(s);
                }
            }
            Ok(tree) => {
                if let Err(errors) = crate::check::check(&tree) {
                    self.errors
                        .extend(errors.iter().map(|e| Json::rules(name, &self.text, e)));
                }
                self.symbols = Some(Symbols::build(&tree));
                self.tree = Some(tree);
                self.last_symbols = None;
            }
        }
        true
    }

    /// The names to offer while typing: the current ones, or the last that parsed.
    pub fn names(&self) -> Option<&Symbols> {
        self.symbols.as_ref().or(self.last_symbols.as_ref())
    }

    pub fn location(&self, span: Span) -> Location {
        Location::new(self.uri.clone(), self.lines.range(&self.text, span))
    }

    /// The errors as the protocol's diagnostics: the message, its help after it, the
    /// label and any second place as related information.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.errors.iter().map(|e| self.diagnostic(e)).collect()
    }

    fn diagnostic(&self, e: &Json) -> Diagnostic {
        let span = e
            .span
            .as_ref()
            .map_or(Span::default(), |s| Span::new(s.start, s.end));
        let mut message = e.message.clone();
        if let Some(h) = &e.help {
            message.push_str("\nhelp: ");
            message.push_str(h);
        }
        let mut related: Vec<DiagnosticRelatedInformation> = Vec::new();
        if let Some(label) = &e.label {
            related.push(DiagnosticRelatedInformation {
                location: self.location(span),
                message: label.clone(),
            });
        }
        for r in &e.related {
            related.push(DiagnosticRelatedInformation {
                location: self.location(Span::new(r.span.start, r.span.end)),
                message: r.label.clone(),
            });
        }
        let kind = serde_json::to_value(e.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        Diagnostic {
            range: self.lines.range(&self.text, span),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String(kind)),
            source: Some("ply".to_string()),
            message,
            related_information: Some(related),
            ..Diagnostic::default()
        }
    }
}
