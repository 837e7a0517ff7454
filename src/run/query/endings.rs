//! The games that end within N plies of a position, tallied by their result: every sequence
//! of moves that ends the game on its last move (or at the position itself, when it is over)
//! counts once. Tic-tac-toe's 255,168 games (131,184 won by the first player, 77,904 by the
//! second, 46,080 drawn) are this count from the empty board, 9 plies deep.

use super::tally::{Tally, add};
use crate::run::compiled::Compiled;
use crate::run::error::RunError;
use crate::run::generator::Generator;
use crate::run::position::Position;

/// Adds to `out` the games that end within `depth` plies of `s`, by result.
pub fn endings<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
    out: &mut Tally,
) -> Result<(), RunError> {
    if g.count(s)? == 0 {
        let known = Some(g.end(s)?);
        let pos = g.position(s);
        let ending = g.ending(&pos, known);
        g.recycle(pos);
        let ending = ending?;
        add(out, &ending.text, ending.outcome, 1);
        return Ok(());
    }
    if depth == 0 {
        return Ok(());
    }
    let mut children = Vec::new();
    g.children(s, &mut children)?;
    g.remember(s);
    let found = children
        .iter()
        .try_for_each(|c| endings(g, c, depth - 1, out));
    g.forget_last();
    found
}

/// [`endings`] from a position, on the representation `c` holds, in the order the results
/// were first met.
pub fn endings_from(c: &mut Compiled, pos: &Position, depth: u32) -> Result<Tally, RunError> {
    crate::dispatch!(c, g => {
        g.forget_game(); // the position alone: nothing remembered from a count before
        let s = g.state(pos);
        let mut out = Tally::new();
        endings(g, &s, depth, &mut out).map(|()| out)
    })
}
