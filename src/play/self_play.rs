//! Self-play: a whole game between computer agents, recorded as its moves (and rolls) in the
//! game's notation and its result. The same agents, effort and seed give the same record
//! when the effort is bounded by playouts rather than time.

use super::game::{Game, Status};
use super::{Agent, Effort, choose};
use crate::program::Outcome;
use crate::run::RunError;
use crate::run::query::playout::{max_plies, unfinished};

/// Who plays each side (in side order) and how hard the agents think.
#[derive(Debug, Clone)]
pub struct SelfPlay {
    pub agents: Vec<Agent>,
    pub effort: Effort,
    pub seed: u64,
    /// The most plies of the game: one its rules have not ended by then stops unfinished
    /// (`None`: [`max_plies`] of the board).
    pub max_plies: Option<u32>,
}

/// A game played to its end.
#[derive(Debug, Clone)]
pub struct Record {
    /// The moves in the game's notation, each roll of dice among them as `roll 3-5`.
    pub moves: Vec<String>,
    /// The result as the rules file words it.
    pub result: String,
    pub outcome: Outcome,
    /// Moves played (rolls not counted).
    pub plies: u32,
}

/// Plays `game` to its end with the agents of `ask` (a person's side is played as random),
/// or until it has gone on for `ask.max_plies` plies.
pub fn self_play(game: &mut Game, ask: &SelfPlay) -> Result<Record, RunError> {
    let mut moves = Vec::new();
    let cap = ask
        .max_plies
        .unwrap_or_else(|| max_plies(game.compiled.engine()));
    loop {
        if let Some(roll) = game.roll_from_moves(ask.seed)? {
            moves.push(format!("roll {roll}"));
            continue;
        }
        let ending = match game.status()? {
            Status::Over(ending) => ending,
            Status::ToMove(_) if game.plies() >= cap => unfinished(game.plies()),
            Status::ToMove(mut choices) => {
                let agent = ask
                    .agents
                    .get(game.mover() as usize)
                    .copied()
                    .unwrap_or(Agent::Random);
                let (i, _) = choose(agent, game, &choices, ask.effort, ask.seed)?;
                let choice = choices.swap_remove(i);
                moves.push(choice.text.clone());
                game.play(choice);
                continue;
            }
        };
        return Ok(Record {
            moves,
            result: ending.text,
            outcome: ending.outcome,
            plies: game.plies(),
        });
    }
}
