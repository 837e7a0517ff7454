//! What a move's action does besides moving or placing its piece.

use super::{Area, CellMask, DirId, Expr, Near, PerSide, RegionQuery, SquareRef};
use crate::syntax::ast::Span;

/// What a `taking` clause takes.
#[derive(Debug, Clone)]
pub enum Taking {
    /// The pieces on squares named from the step's `from` or `to`.
    Squares(Vec<SquareRef>),
    /// Every piece of a set (as the mover sees it), after the step.
    Set(Box<Near>),
    /// Every piece of the regions the query takes (as the mover sees them), after the step.
    Regions(RegionQuery),
}

/// What an action does besides moving or placing its piece.
#[derive(Debug, Clone, Default)]
pub struct Effects {
    /// `marking the squares passed`: the squares the step passes are marked until the next
    /// move ends.
    pub marks: bool,
    /// `taking SQUARE | REGIONS`: the piece there, or every piece of those regions, is
    /// taken too.
    pub takes: Option<Taking>,
    /// `moving SQUARE to SQUARE`: a second piece moves.
    pub moves: Option<(SquareRef, SquareRef)>,
    /// `claiming regions of ...`: a piece like the one that moved is put on every square of
    /// the regions the query finds (as the mover sees them), after the step.
    pub claims: Option<RegionQuery>,
    /// `pushing along DIRS [onto CELLS]`: before the piece lands, the piece on `to` goes one
    /// square along one of the directions onto CELLS (the step's `pair` is where it goes).
    pub pushes: Option<(PerSide<Vec<DirId>>, CellMask)>,
    /// `pulling SET`: after the piece has moved, a piece of the set next to `from` (asked
    /// before the move) follows it into `from` (the step's `pair` is where it stood).
    pub pulls: Option<Box<Near>>,
    /// `taking ... into AREA`: on a board of counts, where the counts taken go (the one
    /// square of the area, as the mover sees it).
    pub into: Option<Area>,
    /// `taking ..., if COND`: the taking happens only when COND holds after the action.
    pub take_if: Option<Expr>,
    /// `taking ..., unless that leaves COND`: the taking is undone when COND holds after it.
    pub take_unless: Option<Expr>,
    /// Where the effects are written.
    pub span: Option<Span>,
}

impl Effects {
    /// The action takes, moves or puts down a piece other than the one it moves.
    pub fn touches_others(&self) -> bool {
        self.takes.is_some()
            || self.moves.is_some()
            || self.claims.is_some()
            || self.pushes.is_some()
            || self.pulls.is_some()
    }

    /// Widens where the effects are written to cover `span` too.
    pub fn widen(&mut self, span: Span) {
        self.span = Some(match self.span {
            Some(s) => Span::new(s.start.min(span.start), s.end.max(span.end)),
            None => span,
        });
    }
}
