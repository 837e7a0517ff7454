//! Stage 4: positions, the move generators and every query about games.
//!
//! - [`position`], [`step`]: a position and a step of a move, shared by every
//!   representation; [`eval`]: the one expression evaluator; [`outcome`]: how a game ended;
//!   [`error`], [`rng`].
//! - [`generator`]: the one interface of a compiled game, and [`compiled`]: the
//!   representation a rules file compiles to, picked once.
//! - [`general`]: the general square-by-square generator (with the evaluator's scopes,
//!   explanations and the output section's questions); [`bits`]: the bit forms.
//! - [`query`]: perft, playouts and their tallies, written once over the interface.

pub mod bits;
pub mod compiled;
pub mod error;
pub mod eval;
pub mod general;
pub mod generator;
pub mod outcome;
pub mod position;
pub mod query;
pub mod rng;
pub mod step;

pub use compiled::{Choice, Compiled};
pub use error::{Budget, RunError};
pub use general::{MAX_CHAIN, MoveEnds, Runner};
pub use generator::{Generator, MoveKey, Ply, Seen};
pub use position::Position;
pub use step::Step;
