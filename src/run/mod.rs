//! Stage 4: positions, the move generator, playing moves and answering queries.

pub mod apply;
pub mod explain;
mod fxhash;
pub mod movegen;
pub mod playout;
pub mod position;
pub mod regions;
pub mod runner;
pub mod step;
pub mod trace;

pub use position::Position;
pub use runner::{Budget, MoveEnds, RunError, Runner};
pub use step::Step;
