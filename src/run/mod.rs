//! Stage 4: positions, the move generator, playing moves and answering queries.

pub mod apply;
mod fxhash;
pub mod game;
pub mod movegen;
pub mod position;
pub mod regions;
pub mod runner;
pub mod step;

pub use position::Position;
pub use runner::{Budget, MoveEnds, RunError, Runner};
pub use step::Step;
