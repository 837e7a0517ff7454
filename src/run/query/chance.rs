//! Perft over the rolls: the number of move sequences of a depth, each roll's outcomes
//! weighted by their chance, so the count a game with dice has on average (`ply perft
//! --chance`).

use crate::run::compiled::Compiled;
use crate::run::error::RunError;
use crate::run::generator::Generator;
use crate::run::position::Position;

/// The move sequences of exactly `depth` plies from `s`, on average over the rolls: a roll
/// is worth the mean of its outcomes (all equally likely), and is no ply. With `turns`, a
/// ply is a whole turn (the moves a side makes before another side moves, or before a double
/// is played again).
pub fn expected<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    (depth, turns): (u32, bool),
) -> Result<f64, RunError> {
    if depth == 0 {
        return Ok(1.0);
    }
    let rolls = g.outcomes(s)?;
    if rolls > 0 {
        let mut sum = 0.0;
        for i in 0..rolls {
            let r = g.rolled(s, i);
            let found = expected(g, &r, (depth, turns));
            g.recycle_state(r);
            sum += found?;
        }
        return Ok(sum / rolls as f64);
    }
    if depth == 1 && !turns {
        return Ok(g.count(s)? as f64);
    }
    let mut children = Vec::new();
    g.children(s, &mut children)?;
    g.remember(s);
    let mover = g.mover(s);
    let mut sum = Ok(0.0);
    for c in &children {
        // Within a turn the ply is not over.
        let goes_on = match turns {
            true => g.turn_goes_on(mover, c),
            false => Ok(false),
        };
        let found = goes_on.and_then(|on| expected(g, c, (depth - u32::from(!on), turns)));
        match found {
            Ok(x) => sum = sum.map(|t| t + x),
            Err(e) => {
                sum = Err(e);
                break;
            }
        }
    }
    g.forget_last();
    sum
}

/// [`expected`] from a position, on the representation `c` holds.
pub fn expected_from(
    c: &mut Compiled,
    pos: &Position,
    (depth, turns): (u32, bool),
) -> Result<f64, RunError> {
    crate::dispatch!(c, g => {
        g.forget_game(); // the position alone: nothing remembered from a count before
        let s = g.state(pos);
        expected(g, &s, (depth, turns))
    })
}
