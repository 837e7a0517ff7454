//! Random games: uniformly random legal moves from a position until the game ends (an end
//! rule holds, or the side to move has no move and may not pass), its ply limit is reached,
//! or the run's own limit of plies ([`max_plies`]) stops it unfinished: a game whose rules
//! let it go on for ever never holds a run up.

use crate::compile::Engine;
use crate::program::{Outcome, run_ply_cap};
use crate::run::compiled::Compiled;
use crate::run::error::RunError;
use crate::run::generator::{Generator, Ply, Seen};
use crate::run::outcome::{Ending, Known};
use crate::run::position::Position;
use crate::run::rng::Rng;

/// How a random game ended, its last position as the generator holds it (a query that
/// needs the [`Position`] asks for it: most results are known without it).
pub struct Played<S> {
    pub end: S,
    /// The plies played from the start.
    pub plies: u32,
    /// The ply limit stopped a game that could have gone on (asked only when the legal
    /// moves are counted, else false).
    pub limited: bool,
    /// What is known of the end rule that holds at the end.
    pub end_rule: Known,
    /// The run's limit of plies stopped the game before its rules did: it has no result.
    pub unfinished: Option<u32>,
}

/// The plies a run plays of one game at most unless told otherwise, on the engine's board
/// ([`run_ply_cap`]). A game whose rules stop it sooner is not affected.
pub fn max_plies(e: &Engine) -> u32 {
    run_ply_cap(e.g.n)
}

/// The result of a game the run stopped after `plies` plies: none, its text says so.
pub fn unfinished(plies: u32) -> Ending {
    Ending {
        text: format!("unfinished: the run stopped it after {plies} plies"),
        outcome: Outcome::Unstated,
        rule: None,
    }
}

/// How a random game ended: its result, or that the run stopped it unfinished. The game's
/// last state is given back to the generator.
pub fn ending_of<'p, G: Generator<'p>>(
    g: &mut G,
    played: Played<G::State>,
) -> Result<Ending, RunError> {
    let ending = match played.unfinished {
        Some(plies) => Ok(unfinished(plies)),
        None => {
            let end = g.position(&played.end);
            let ending = g.ending(&end, played.end_rule);
            g.recycle(end);
            ending
        }
    };
    g.recycle_state(played.end);
    ending
}

/// A random game from `start`, `done` plies into the game (they count towards its ply
/// limit), drawn from `rng`, of at most `cap` plies from `start` (the game is unfinished
/// if its rules have not ended it by then). With `seen`, the legal moves of every
/// position a move was played from are counted into it, and whether the ply limit stopped
/// a game that could have gone on.
pub fn playout<'p, G: Generator<'p>>(
    g: &mut G,
    (start, done, cap): (&G::State, u32, u32),
    rng: &mut Rng,
    mut seen: Option<&mut Seen>,
) -> Result<Played<G::State>, RunError> {
    let e = g.engine().clone();
    let Some(game) = &e.p.game else {
        return Err(RunError::new("the rules file has no `game` section"));
    };
    let limit = e.ply_limit();
    g.forget_game();
    let mut s = start.clone();
    let (mut plies, mut counted) = (0, done);
    let (mut over, mut unfinished) = (None, None);
    while counted < limit {
        if plies >= cap {
            // Over at the last ply the run plays, or stopped by the run.
            match g.end(&s)? {
                Some(rule) => over = Some(Some(Some(rule))),
                None if g.count(&s)? == 0 => over = Some(Some(None)),
                None => unfinished = Some(plies),
            }
            break;
        }
        let mover = g.mover(&s);
        match g.random_ply(&mut s, rng, seen.as_deref_mut())? {
            Ply::Played => {
                plies += 1;
                counted += e.toward_limit(mover, g.mover(&s));
            }
            Ply::Over(known) => {
                over = Some(known);
                break;
            }
        }
    }
    let limited = over.is_none() && unfinished.is_none() && seen.is_some() && g.count(&s)? > 0;
    // An end rule that reads the game so far (`position repeated N times`) is asked while
    // the game is still remembered.
    if e.t.repetition && over == Some(None) {
        over = Some(Some(g.end(&s)?));
    }
    g.forget_game();
    // A game stopped by its ply limit was not asked after its last move, unless there is
    // nothing to ask.
    let end_rule = match over {
        Some(known) => known,
        None if game.ends.is_empty() => Some(None),
        None => None,
    };
    Ok(Played {
        end: s,
        plies,
        limited,
        end_rule,
        unfinished,
    })
}

/// [`playout`] from a position, on the representation `c` holds, with the last position
/// of the game.
pub fn playout_from(
    c: &mut Compiled,
    start: &Position,
    done: u32,
    rng: &mut Rng,
    seen: Option<&mut Seen>,
) -> Result<Played<Position>, RunError> {
    crate::dispatch!(c, g => {
        let s = g.state(start);
        let cap = max_plies(g.engine());
        let played = playout(g, (&s, done, cap), rng, seen)?;
        let end = g.position(&played.end);
        g.recycle_state(played.end);
        Ok(Played {
            end,
            plies: played.plies,
            limited: played.limited,
            end_rule: played.end_rule,
            unfinished: played.unfinished,
        })
    })
}
