//! A semantic error in a rules file, as plain data.

use crate::syntax::ast::Span;

#[derive(Debug, Clone)]
pub struct CheckError {
    pub span: Span,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
}

impl CheckError {
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> CheckError {
        CheckError {
            span,
            message: message.into(),
            label: label.into(),
            help: None,
        }
    }
    pub fn help(mut self, help: impl Into<String>) -> CheckError {
        self.help = Some(help.into());
        self
    }
}
