//! Squares as the rules name them (from a move's squares, or where the last move landed)
//! and what a square may be asked to be.

use super::{Area, Attackers, CellMask, DirId, KindId, PerSide, SideId};

/// A square named from a candidate step's `from` or `to`, or from where the last move
/// landed, by steps along directions (each fixed per side).
#[derive(Debug, Clone)]
pub struct SquareRef {
    pub base: Base,
    pub steps: Vec<(u32, PerSide<DirId>)>,
}

/// The square a [`SquareRef`] starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    From,
    To,
    /// `last to`: where the last move landed (off the board before any move).
    LastTo,
}

impl SquareRef {
    /// True if it names a square of the move being asked about (`from`, `to`), which only a
    /// `where` clause (or an end rule, for `to`) knows.
    pub fn of_move(&self) -> bool {
        self.base != Base::LastTo
    }

    /// True if it is the move's `to` itself, no step away.
    pub fn is_to(&self) -> bool {
        self.base == Base::To && self.steps.is_empty()
    }
}

/// What else a counted square must be: on one or two named parts of the board, attacked,
/// in a row.
#[derive(Debug, Clone, Copy)]
pub struct Within {
    pub area: Option<Area>,
    pub also: Option<Area>,
    pub attacked: Option<Attackers>,
    pub row: Option<SquareClass>,
}

/// What `SQUARE is ...` asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareClass {
    OffBoard,
    Attacked(Attackers),
    /// Marked by the move before.
    Marked,
    On(Area),
    /// `in a row of N along DIRS`: the square's piece is one of at least `n` pieces of its
    /// side in a row along one of the directions (bit `d` of `dirs`).
    InRow {
        n: u32,
        dirs: u64,
    },
    /// A cell of these classes (as the side looking sees them), of this side and kind when
    /// given, a piece that has not moved when `unmoved`.
    Piece {
        unmoved: bool,
        cells: CellMask,
        side: Option<SideId>,
        kind: Option<KindId>,
    },
}

impl super::Expr {
    /// True if this expression itself (not one inside it) names `last to`.
    pub fn names_last_to(&self) -> bool {
        use super::Expr;
        let last = |r: &SquareRef| r.base == Base::LastTo;
        match self {
            Expr::SquareIs(at, _) => last(at),
            Expr::Outranks(a, b) => last(a) || last(b),
            Expr::OnBlock(x) => last(&x.0) || last(&x.1.at),
            Expr::BlockIs(x) => last(&x.0.at),
            Expr::CountNear(near) => {
                near.next_to.as_ref().is_some_and(last)
                    || near.strength.as_ref().is_some_and(|s| last(&s.1))
            }
            _ => false,
        }
    }
}
