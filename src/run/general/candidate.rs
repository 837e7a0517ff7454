//! A candidate step as the generator asks about it: the position, the side, the squares and
//! the direction of a step not yet made (for its `where` clauses and a slide's distance).
//! What a candidate answers is in `candidate_scope.rs`: answering may ask the generator
//! again (is a square attacked?), and the generator does not depend on that.

use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::{DirId, SideId, SquareRef};
use crate::run::position::Position;
use crate::run::step::NONE;

/// A candidate step, or a slide whose distance is being worked out: a position seen by
/// `side`, the square the piece leaves (`NONE` for a placement), the square it would land on
/// (`NONE` while the distance is not known), and the direction. Distances and `where`
/// clauses cannot ask about moves or regions (the checker says so).
pub struct Candidate<'a, 'p> {
    pub e: &'a Engine<'p>,
    pub vars: &'a [i64],
    pub pos: &'a Position,
    pub side: SideId,
    pub from: u32,
    pub to: u32,
    pub dir: DirId,
}

/// The square `at` names for a step from `from` to `to` of `side`, or `NONE` off the board.
pub fn square_of(g: &Geometry, at: &SquareRef, from: u32, to: u32, side: SideId) -> u32 {
    let mut sq = if at.from { from } else { to };
    for (count, dirs) in &at.steps {
        let d = dirs[side as usize] as usize;
        for _ in 0..*count {
            if sq == NONE {
                return NONE;
            }
            sq = g.next[d * g.n + sq as usize];
        }
    }
    sq
}
