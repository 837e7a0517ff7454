//! The general generator: the rules read square by square from the compiled tables and
//! geometry, for every rules file and every query. Its context is the [`Runner`]: the
//! engine, the input's numbers, the budget, the caches of the current position and the
//! scratch space of every walk.
//!
//! - generating steps: [`movegen`] (the generator, [`rays`] its slides and jumps),
//!   [`candidate`] (a step not yet made, as its `where` clauses see it), [`attack`]
//!   (whether a square is attacked), [`runs`], [`filters`];
//! - playing them: [`apply`];
//! - complete moves and the folds over them: [`walk`], [`fold`], [`count`] (chains counted
//!   by memo); a later part's step found by its number, for random moves: [`nth`]; its
//!   steps counted without listing them: [`part_count`];
//! - expressions: [`scope`] and [`candidate_scope`] (what the evaluator asks), [`counts`],
//!   [`regions`];
//! - whole games: [`ends`], [`results`], [`random`], [`history`], and the interface every
//!   representation offers, [`generator`];
//! - explanations: [`explain`], [`trace`].

pub mod apply;
pub mod attack;
mod blind;
mod blocks;
mod candidate;
mod candidate_scope;
mod count;
pub mod counts;
mod dice_turn;
mod die_steps;
mod ends;
pub mod explain;
mod filters;
mod fold;
mod fxhash;
mod generator;
pub mod history;
mod king_guard;
pub mod movegen;
pub mod near;
mod nth;
pub mod own;
mod part_count;
mod place;
mod random;
mod random_parts;
mod rays;
pub mod regions;
mod results;
mod runner;
mod runs;
mod scope;
pub mod sow;
pub mod trace;
mod walk;

pub use filters::{filter_table, matches_filter};
pub use fold::{MoveEnds, Taken};
pub use runner::{MAX_CHAIN, Runner};
