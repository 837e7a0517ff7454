//! A candidate step as the generator asks about it: the position, the side, the squares and
//! the direction of a step not yet made (for its `where` clauses and a slide's distance).
//! What a candidate answers is in `candidate_scope.rs`: answering may ask the generator
//! again (is a square attacked?), and the generator does not depend on that.

use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::{Base, DirId, SideId, SquareRef};
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
    /// Block conditions already worked out in this position (see [`BlockMemo`]), when the
    /// asker keeps them.
    pub memo: Option<&'a mut BlockMemo>,
    /// The face of the die the move uses (`the die`), 0 when none.
    pub die: u8,
}

/// The values of block conditions (`the block of to is won`) worked out in one position:
/// the condition (by address), the block, the value. Every candidate in a block shares it.
pub type BlockMemo = Vec<(usize, u32, i64)>;

/// The squares a [`SquareRef`] starts from: a step's `from` and `to` (`NONE` when not
/// known), and where the last move landed (`NONE` before any move).
#[derive(Debug, Clone, Copy)]
pub struct Ends {
    pub from: u32,
    pub to: u32,
    pub last: u32,
}

impl Ends {
    /// A step's squares, in a move's clauses (which do not name `last to`).
    pub fn step(from: u32, to: u32) -> Ends {
        Ends {
            from,
            to,
            last: NONE,
        }
    }
}

/// Where the last move landed, as `last to` names it: off the board before any move, and
/// when the rules keep no last move.
pub fn last_to(e: &Engine, pos: &Position) -> u32 {
    if e.t.last { pos.last.0 } else { NONE }
}

/// The square `at` names from `ends` for `side`, or `NONE` off the board.
pub fn square_of(g: &Geometry, at: &SquareRef, ends: Ends, side: SideId) -> u32 {
    let mut sq = match at.base {
        Base::From => ends.from,
        Base::To => ends.to,
        Base::LastTo => ends.last,
    };
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
