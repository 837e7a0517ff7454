//! Stage 1: rules-file text to a typed syntax tree with spans.

pub mod ast;
mod grammar;
mod parse;
mod syntax_error;

pub use parse::parse;
pub use syntax_error::SyntaxError;
