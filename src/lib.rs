//! ply: a checker, compiler and runner for board-game rules files.
//!
//! The pipeline, one module each: [`syntax`] (text to syntax tree), [`check`] (names and
//! types, every error at once), [`compile`] (board geometry and fast move tables),
//! [`run`] (positions, move generation, queries), [`io`] (input readers, output
//! templates) and [`cli`].

pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod golden;
pub mod io;
pub mod run;
pub mod syntax;
