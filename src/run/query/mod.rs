//! The whole-game queries, each written once over the interface every representation
//! offers ([`crate::run::generator::Generator`]): perft ([`perft`]; by single actions,
//! [`actions`]; the games that end within it, [`endings`]; on average over the rolls of
//! dice, [`chance`]), a random game
//! ([`playout`]), many random games tallied ([`tally`]), perft split into tasks for other processes
//! ([`split`]), and how a query is shared between
//! threads ([`threads`]).

pub mod actions;
pub mod chance;
pub mod endings;
pub mod perft;
pub mod playout;
pub mod split;
pub mod tally;
pub mod threads;
