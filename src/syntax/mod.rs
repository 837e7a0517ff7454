//! Stage 1: rules-file text to a typed syntax tree with spans.

pub mod ast;
mod grammar;
mod parse;
mod syntax_error;

pub use parse::{MAX_NESTING, MAX_STEP, parse};
pub use syntax_error::SyntaxError;
