//! Stage 1: rules-file text to a typed syntax tree with spans.

pub mod ast;
mod ast_dice;
mod ast_directions;
mod ast_drawing;
mod ast_input;
mod ast_squares;
mod fits;
mod grammar;
pub mod names;
mod pairs;
mod parse;
mod parse_drawing;
mod parse_expr;
mod parse_move;
mod span;
mod syntax_error;

pub use fits::{Next, is_name, next_after};
pub use pairs::MAX_STEP;
pub use parse::parse;
pub use parse_expr::MAX_NESTING;
pub use syntax_error::SyntaxError;
