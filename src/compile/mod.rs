//! Stage 3: from the checked program to what the runner reads in its hot loops: lookup
//! tables per program ([`Tables`]) and board geometry per board size ([`geometry`]),
//! together the [`Engine`] every query runs on; where the rules fit, their form as bit
//! operations ([`bits`]) on machine words ([`word`]); the random numbers of position keys
//! ([`keys`]); the bounds that let a random move of several parts be drawn part by part
//! ([`part_bounds`]); what building the engine for a board will take, before it is built ([`size`]).

pub mod attacks;
pub mod bits;
mod engine;
pub mod geometry;
pub mod keys;
pub mod part_bounds;
pub mod size;
mod tables;
pub mod word;

pub use engine::{BuildError, Engine, Engines};
pub use tables::{NO_CELL, Tables};
