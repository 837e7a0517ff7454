//! Stage 3: from the checked program to tables built for speed: board geometry per
//! board size, and per-side cell-class tables.

pub mod geometry;
mod tables;

pub use tables::{NO_CELL, Tables};
