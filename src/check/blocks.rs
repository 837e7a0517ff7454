//! Checking what is said of the board's blocks as units: `the block of SQUARE`, `the block
//! matching SQUARE`, `BLOCK is COND`, `SQUARE is on BLOCK`, `count blocks where COND` and
//! `N blocks where COND in a row along DIRS`.

use super::expr::{Cx, Ty};
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, ExprKind, Name, Span};

impl Checker {
    /// `BLOCK is [not] COND`, `count | any | no blocks where COND`, `N blocks where COND in
    /// a row along DIRS`.
    pub(super) fn block_expr(&mut self, e: &ast::Expr, cx: &Cx) -> (Expr, Ty) {
        match &e.kind {
            ExprKind::BlockTest {
                block,
                negated,
                cond,
            } => {
                let test = self.block_test(block, cond, cx);
                match negated {
                    true => (Expr::Not(Box::new(test)), Ty::Bool),
                    false => (test, Ty::Bool),
                }
            }
            ExprKind::CountBlocks(cond, any) => self.count_blocks(e, cond, *any, cx),
            ExprKind::BlocksInARow {
                n,
                cond,
                dirs,
                exactly,
            } => (
                self.blocks_in_a_row(e, (*n, *exactly), cond, dirs, cx),
                Ty::Bool,
            ),
            _ => unreachable!("not a block expression"),
        }
    }

    /// `the block of SQUARE` or `the block matching SQUARE`; `None` (reported) when the board
    /// has no blocks.
    pub(super) fn block_ref(&mut self, b: &ast::BlockRef, cx: &Cx) -> Option<BlockRef> {
        self.square_asked(&b.at, b.span, cx);
        let (h, w) = self.has_blocks(b.span)?;
        if b.matching
            && let (Dim::Fixed(r), Dim::Fixed(c)) = (self.prog().rows, self.prog().cols)
            && (r / h != h || c / w != w)
        {
            self.error(
                CheckError::new(
                    b.span,
                    format!(
                        "a block matches a square only when the blocks stand as a block's squares do: the {r} x {c} board has {} x {} blocks of {h} x {w} squares",
                        r / h,
                        c / w
                    ),
                    "blocks and squares differ",
                )
                .help("`the block matching` needs a board of blocks the shape of a block, such as `board 9 x 9` with `blocks 3 x 3`"),
            );
        }
        Some(BlockRef {
            at: self.square_ref(&b.at),
            matching: b.matching,
        })
    }

    /// `BLOCK is [not] COND`.
    pub(super) fn block_test(&mut self, block: &ast::BlockRef, cond: &ast::Expr, cx: &Cx) -> Expr {
        let b = self.block_ref(block, cx);
        let cond = self.block_cond(cond, cx);
        match b {
            Some(b) => Expr::BlockIs(Box::new((b, cond))),
            None => Expr::Int(0),
        }
    }

    /// `SQUARE is on BLOCK`.
    pub(super) fn on_block(&mut self, at: &ast::SquareRef, b: &ast::BlockRef, cx: &Cx) -> Expr {
        let at = self.square_ref(at);
        match self.block_ref(b, cx) {
            Some(b) => Expr::OnBlock(Box::new((at, b))),
            None => Expr::Int(0),
        }
    }

    /// `count blocks where COND` (`any` / `no`: `Some(true)` / `Some(false)`).
    pub(super) fn count_blocks(
        &mut self,
        e: &ast::Expr,
        cond: &ast::Expr,
        any: Option<bool>,
        cx: &Cx,
    ) -> (Expr, Ty) {
        self.has_blocks(e.span);
        let cond = self.block_cond(cond, cx);
        let count = Expr::Blocks(Box::new(Blocks { cond, row: None }));
        match any {
            None => (count, Ty::Int),
            Some(any) => {
                let op = if any { Op::Gt } else { Op::Eq };
                (
                    Expr::Bin(op, Box::new(count), Box::new(Expr::Int(0))),
                    Ty::Bool,
                )
            }
        }
    }

    /// `[exactly] N blocks where COND in a row along DIRS`.
    pub(super) fn blocks_in_a_row(
        &mut self,
        e: &ast::Expr,
        (n, exactly): (u64, bool),
        cond: &ast::Expr,
        dirs: &[Name],
        cx: &Cx,
    ) -> Expr {
        self.has_blocks(e.span);
        let cond = self.block_cond(cond, cx);
        let dirs = self.fixed_directions(dirs);
        if n == 0 {
            self.error(CheckError::new(
                e.span,
                "a row has at least one block",
                "0 in a row",
            ));
        }
        if let (Some((h, w)), Dim::Fixed(r), Dim::Fixed(c)) =
            (self.prog().blocks, self.prog().rows, self.prog().cols)
        {
            let most = (r / h).max(c / w);
            if n > most as u64 {
                self.error(
                    CheckError::new(
                        e.span,
                        format!(
                            "{n} blocks in a row cannot fit on {} x {} blocks",
                            r / h,
                            c / w
                        ),
                        "longer than the blocks",
                    )
                    .help(format!("the longest row of blocks has {most}")),
                );
            }
        }
        Expr::Blocks(Box::new(Blocks {
            cond,
            row: Some(BlockRow {
                n: n.min(u32::MAX as u64) as u32,
                dirs,
                exactly,
            }),
        }))
    }

    /// The size of the board's blocks; reports a block word on a board without blocks.
    fn has_blocks(&mut self, span: Span) -> Option<(u32, u32)> {
        let blocks = self.prog().blocks;
        if blocks.is_none() {
            self.error(
                CheckError::new(span, "the board has no blocks", "which blocks?")
                    .help("divide the board first, e.g. `blocks 3 x 3` after the board statement"),
            );
        }
        blocks
    }

    /// A condition asked of one block's squares: it may count squares and rows and compare
    /// numbers, and nothing that looks beyond the block (moves, regions, a move's squares).
    fn block_cond(&mut self, cond: &ast::Expr, cx: &Cx) -> Expr {
        let x = self.bool_expr(cond, cx);
        if let Some(what) = unfit(self.prog(), &x) {
            self.error(
                CheckError::new(
                    cond.span,
                    format!("a block's condition is asked of its squares alone: it cannot ask about {what}"),
                    "not asked of a block",
                )
                .help("count pieces and rows in it, e.g. `let won of S = 3 S pieces in a row along orthogonal, diagonal`, then `the block of to is won of cross`"),
            );
        }
        x
    }
}

/// What in `e` (or the lets it uses) a block cannot be asked: `None` when it can be.
fn unfit(p: &Program, e: &Expr) -> Option<&'static str> {
    match e {
        Expr::Let(l) => unfit(p, &p.lets[*l]),
        Expr::Neg(x) | Expr::Not(x) => unfit(p, x),
        Expr::Bin(_, a, b) => unfit(p, a).or_else(|| unfit(p, b)),
        Expr::CountMoves(_) | Expr::Best { .. } => Some("the moves"),
        Expr::CountRegions(_) | Expr::RegionSum(..) | Expr::Size => Some("regions"),
        Expr::SquareIs(..) | Expr::Outranks(..) | Expr::From | Expr::To => {
            Some("a square (`to`, `from`, `last to`)")
        }
        Expr::CountNear(_) => Some("the neighbours or strength of pieces"),
        Expr::BlockIs(_) | Expr::OnBlock(_) | Expr::Blocks(_) => Some("other blocks"),
        Expr::CountHand(_) => Some("pieces in hand"),
        Expr::Held(_) | Expr::HeldOn(_) => Some("the counts squares hold"),
        Expr::CountOnLine(_) => Some("`on line`"),
        Expr::CountIn { row: Some(_), .. } => Some("`in a row of N` of a set"),
        Expr::Repeated(_) => Some("repeated positions"),
        Expr::Int(_)
        | Expr::Var(_)
        | Expr::CountSet(_)
        | Expr::CountIn { .. }
        | Expr::InARow { .. }
        | Expr::ToMove(_)
        | Expr::QuietPlies
        | Expr::TheRoll
        | Expr::TheDie
        | Expr::PassesInARow(_) => None,
    }
}
