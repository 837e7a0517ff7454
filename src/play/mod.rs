//! Playing whole games: a game in progress ([`game`]), and the agents that choose moves in
//! it: uniformly random, Monte Carlo tree search ([`mcts`]), or expectiminimax to a depth
//! ([`expectiminimax`]). `ply play` and `ply serve` are built on them.

pub mod expectiminimax;
pub mod game;
pub mod mcts;
pub mod self_play;

use std::fmt;
use std::str::FromStr;

pub use game::{Choice, Game, Status};
pub use mcts::{Decision, Effort};

use crate::run::RunError;
use crate::run::rng::Rng;

/// Who chooses a side's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agent {
    /// A person, typing moves.
    Human,
    /// A uniformly random legal move.
    Random,
    /// Monte Carlo tree search.
    Mcts,
    /// Expectiminimax to a fixed depth, positions there scored by random games.
    Expectiminimax,
}

impl FromStr for Agent {
    type Err = String;

    fn from_str(s: &str) -> Result<Agent, String> {
        match s {
            "human" => Ok(Agent::Human),
            "random" => Ok(Agent::Random),
            "mcts" => Ok(Agent::Mcts),
            "expectiminimax" => Ok(Agent::Expectiminimax),
            _ => Err(format!(
                "unknown agent `{s}`: an agent is human, random, mcts or expectiminimax"
            )),
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Agent::Human => "human",
            Agent::Random => "random",
            Agent::Mcts => "mcts",
            Agent::Expectiminimax => "expectiminimax",
        })
    }
}

/// The random generator for the move at ply `ply` of a game seeded with `seed`: the same
/// seed and the same moves before give the same choice, however the game got there (undo
/// included).
pub fn move_rng(seed: u64, ply: u32) -> Rng {
    let mut r = Rng::new(
        seed ^ u64::from(ply)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    r.next_u64();
    r
}

/// A computer agent's move among `choices`: its index, and what the search saw (MCTS).
pub fn choose(
    agent: Agent,
    game: &mut Game,
    choices: &[Choice],
    effort: Effort,
    seed: u64,
) -> Result<(usize, Option<Decision>), RunError> {
    let mut rng = move_rng(seed, game.plies());
    match agent {
        Agent::Random | Agent::Human => Ok((rng.below(choices.len() as u64) as usize, None)),
        Agent::Mcts => {
            let d = mcts::choose(game, choices, effort, &mut rng)?;
            Ok((d.index, Some(d)))
        }
        Agent::Expectiminimax => {
            let reach = expectiminimax::Reach {
                depth: effort.depth.unwrap_or(2),
                playouts: effort.playouts.unwrap_or(8),
                think: effort.think,
            };
            let d = expectiminimax::choose(game, choices, reach, &mut rng)?;
            Ok((d.index, Some(d)))
        }
    }
}
