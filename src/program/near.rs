//! What the rules say of turns of several moves and of sets asked square by square.

use super::{DirId, PerSide, SetFilter, SquareRef, Within};
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
    /// `holding N to M` (or `N or M`, both ends only): only squares holding such a count.
    pub holding: Option<Holding>,
    /// `in a run from SQUARE along DIR`: only the squares met going from that square along
    /// the direction (fixed per side), up to the first that is not in the set.
    pub run: Option<(SquareRef, PerSide<DirId>)>,
    /// `in the column of SQUARE` (`true`) or `in the row of SQUARE`: only the squares of
    /// that square's column (row).
    pub line: Option<(bool, SquareRef)>,
    /// `behind SQUARE along DIR`: only the squares from which going along the direction
    /// (fixed per side) meets that square.
    pub behind: Option<(SquareRef, PerSide<DirId>)>,
    /// `on SQUARE`: only that square.
    pub on_square: Option<SquareRef>,
}

/// The counts a square of a set may hold.
#[derive(Debug, Clone, Copy)]
pub struct Holding {
    pub least: u32,
    pub most: u32,
    /// Only `least` and `most`, not the counts between.
    pub either: bool,
}

impl Holding {
    #[inline]
    pub fn holds(&self, count: u32) -> bool {
        match self.either {
            true => count == self.least || count == self.most,
            false => (self.least..=self.most).contains(&count),
        }
    }
}

impl Near {
    /// True if the set names a square of a move (`from`, `to`).
    pub fn asks_squares(&self) -> bool {
        self.strength.as_ref().is_some_and(|s| s.1.of_move())
            || self.next_to.as_ref().is_some_and(SquareRef::of_move)
            || self.run.as_ref().is_some_and(|r| r.0.of_move())
            || self.line.as_ref().is_some_and(|l| l.1.of_move())
            || self.behind.as_ref().is_some_and(|b| b.0.of_move())
            || self.on_square.as_ref().is_some_and(SquareRef::of_move)
    }
}
