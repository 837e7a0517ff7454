//! A game as a learning environment: a fixed action space derived from the rules
//! ([`action_space`]), observations as planes of numbers ([`observation`]), decisions and
//! chance nodes one action at a time ([`moment`]), and many games stepped together
//! ([`batch`]). The Python package (`python/`) is a thin layer over this module; nothing
//! here knows Python.

pub mod action_space;
pub mod batch;
pub mod lanes;
pub mod legal;
pub mod moment;
pub mod observation;
pub mod open;
pub mod pool;

pub use action_space::ActionSpace;
pub use batch::Batch;
pub use moment::{Env, EnvError, Moment, Status};
pub use observation::Planes;
pub use open::{open, problem_text};
pub use pool::{Opening, Pool};
