//! Rules compiled to set operations on bits, where they fit: a second representation of the
//! same semantics, used where every move is played (random playouts). `run/bitplay.rs`
//! plays it; `tests/properties.rs` proves it plays exactly the games the general generator
//! plays (the same seed gives the same moves, the same end and the same counts).
//!
//! What compiles so far, on boards of at most 128 squares: two sides of one kind of piece,
//! one move that places a piece on an empty square where it flips (closes) at least one run
//! of enemy pieces, and turns every such run along the flip directions (not cascading); a
//! side with no move passes; no end rules, `legal if`, repetition rule, captures, marks,
//! memory, promotions or counts of passes or quiet plies. Anything else keeps the general
//! generator.

use super::geometry::Geometry;
use super::tables::Tables;
use crate::program::{Action, C_EMPTY, Code, DirId, Program, Stuck};

/// A placement game that flips closed runs, as bit operations.
#[derive(Debug, Clone)]
pub struct FlipGame {
    /// Per side, the directions its runs are closed along.
    pub dirs: [Vec<DirId>; 2],
    /// Per side, the code of its pieces.
    pub code: [Code; 2],
    /// How long a run can be: the longer side of the board.
    pub longest: u32,
}

/// The bit form of the rules on this board, if they have one.
pub fn flip_game(p: &Program, t: &Tables, g: &Geometry) -> Option<FlipGame> {
    let game = p.game.as_ref()?;
    let plain = g.n <= 128
        && !g.step_bits.is_empty()
        && p.sides.len() == 2
        && p.kinds.len() == 1
        && p.moves.len() == 1
        && game.stuck == Stuck::Pass
        && game.ends.is_empty()
        && p.promotions.is_empty()
        && t.plain
        && !t.legal
        && !t.quiet
        && !t.passes
        && !t.memory
        && !t.marks
        && !t.effects
        && !t.chains
        && !t.parts;
    if !plain {
        return None;
    }
    let rule = &p.moves[0];
    let flip = rule.flip.as_ref()?;
    if rule.actions.len() != 1 || !rule.then.is_empty() || !rule.must_flip || flip.cascading {
        return None;
    }
    let ka = &rule.actions[0];
    let places_on_empty = matches!(
        ka.action,
        Action::Place {
            onto: C_EMPTY,
            reach: None
        }
    );
    if !places_on_empty || !ka.conditions.is_empty() || ka.kinds & 1 == 0 {
        return None;
    }
    Some(FlipGame {
        dirs: [flip.dirs[0].clone(), flip.dirs[1].clone()],
        code: [p.code(0, 0), p.code(1, 0)],
        longest: g.rows.max(g.cols),
    })
}
