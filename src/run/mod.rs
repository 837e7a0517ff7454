//! Stage 4: positions, the move generator, playing moves, evaluating expressions and
//! answering every query (listing, counting, best values, perft, playouts, explanations).

pub mod apply;
pub mod attack;
mod bitjump;
mod bitplace;
mod bitplay;
mod count;
mod ends;
pub mod eval;
pub mod explain;
mod filters;
mod fxhash;
pub mod history;
pub mod movegen;
mod perft;
pub mod playout;
pub mod position;
pub mod regions;
mod rng;
mod runs;
mod scope;
mod search;
pub mod step;
pub mod trace;
mod walk;

pub use filters::{filter_table, matches_filter};
pub use position::Position;
pub use search::{Budget, MAX_CHAIN, MoveEnds, RunError, Runner};
pub use step::Step;
