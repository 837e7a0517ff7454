//! A semantic error in a rules file, as plain data.

use crate::syntax::ast::Span;

#[derive(Debug, Clone)]
pub struct CheckError {
    pub span: Span,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
    /// A second place worth showing (the first of two definitions, say).
    pub also: Option<(Span, String)>,
}

impl CheckError {
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> CheckError {
        CheckError {
            span,
            message: message.into(),
            label: label.into(),
            help: None,
            also: None,
        }
    }

    pub fn also(mut self, span: Span, label: impl Into<String>) -> CheckError {
        self.also = Some((span, label.into()));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> CheckError {
        self.help = Some(help.into());
        self
    }
}
