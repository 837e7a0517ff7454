//! Stage 3: from the checked program to what the runner reads in its hot loops: lookup
//! tables per program ([`Tables`]) and board geometry per board size ([`geometry`]),
//! together the [`Engine`] every query runs on; where the rules fit, their form as bit
//! operations ([`bitboard`]) on machine words ([`word`]).

pub mod attacks;
pub mod bitboard;
pub mod bitjump;
mod engine;
pub mod geometry;
mod tables;
pub mod word;

pub use engine::{Engine, Engines};
pub use tables::{NO_CELL, Tables};
