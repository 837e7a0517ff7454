//! ply: a checker, compiler and runner for board-game rules files.
//!
//! The pipeline, one module per stage: [`syntax`] (rules-file text to a syntax tree),
//! [`check`] (names and types, every error at once, lowering the tree into the
//! [`program`]), [`compile`] (the program and a board size to an [`compile::Engine`]:
//! geometry and tables built for speed), [`run`] (positions, the move generator,
//! evaluation and every query), [`input`] (input bytes to validated positions),
//! [`cases`] (the loop that answers every case of an input), [`load`] (a rules file read,
//! parsed and checked), [`render`] (views of
//! positions and answers: output lines, text, SVG, JSON), [`play`] (games in progress and
//! the agents that play them), [`env`] (a game as a learning environment: fixed actions,
//! observations, batches; the Python package's core) and [`cli`]; [`memory`] is what a
//! run may take and has taken. Errors of every stage
//! are rendered in one place, [`diagnostic`].

pub mod cases;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod env;
pub mod golden;
pub mod input;
pub mod load;
pub mod lsp;
pub mod memory;
pub mod play;
pub mod program;
pub mod render;
pub mod run;
pub mod serve;
pub mod suggest;
pub mod syntax;
