//! What the rules say of turns of several moves and of sets asked square by square.

use super::{SetFilter, SquareRef, Within};
use crate::syntax::ast::Span;

/// `turns of N [to M] moves`: a side moves N to M times in a row, then the turn passes.
#[derive(Debug, Clone, Copy)]
pub struct Turns {
    /// The moves a turn has at least: after them the side may end its turn (with a pass).
    pub least: u8,
    /// The moves a turn has at most: after them the turn passes.
    pub most: u8,
    pub span: Span,
}

/// `[isolated] SET [stronger | weaker than SQUARE] [on AREA] [next to SQUARE]`: a set asked
/// square by square (its pieces' neighbours or strength), as the side looking sees it.
#[derive(Debug, Clone)]
pub struct Near {
    pub filter: SetFilter,
    pub within: Within,
    /// Only pieces with no piece of their own side next to them.
    pub isolated: bool,
    /// `stronger than SQUARE` (`true`) or `weaker than SQUARE`: only pieces of a kind ranked
    /// above (below) the kind of that square's piece (`kinds A > B > ...`).
    pub strength: Option<(bool, SquareRef)>,
    /// Only the squares next to this one.
    pub next_to: Option<SquareRef>,
}

impl Near {
    /// True if the set names a square of a move (`from`, `to`).
    pub fn asks_squares(&self) -> bool {
        self.strength.as_ref().is_some_and(|s| s.1.of_move())
            || self.next_to.as_ref().is_some_and(SquareRef::of_move)
    }
}
