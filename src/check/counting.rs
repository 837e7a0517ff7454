//! Checking counts of pieces and squares: `count SET` (on a part of the board, attacked, in a
//! row, in hand) and `N SET in a row along DIRS`.

use super::expr::Cx;
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, Name};

impl Checker {
    pub(super) fn count_set(&mut self, set: &ast::SquareSet, cx: &Cx) -> Expr {
        let f = self.set_filter(set, cx);
        if let Some(near) = self.near(set, f, cx) {
            return Expr::CountNear(Box::new(near));
        }
        if set.in_hand {
            return self.count_hand(set, f);
        }
        if set.area.is_some() || set.attacked.is_some() || set.row.is_some() {
            let area = set.area.as_ref().and_then(|a| self.area(a, f, cx));
            let also = set.also.as_ref().and_then(|a| self.area(a, f, cx));
            let row = set.row.as_ref().map(|r| self.row_class(r));
            let attacked = set
                .attacked
                .as_ref()
                .map(|a| self.attackers(a.as_ref(), cx));
            if set.on_line {
                self.error(CheckError::new(
                    set.span,
                    "`on line` counts the whole line a piece moves along",
                    "with `on the ...` or `attacked`",
                ));
            }
            return Expr::CountIn {
                filter: f,
                area,
                also,
                attacked,
                row,
            };
        }
        if set.on_line {
            if !cx.distance {
                self.error(
                    CheckError::new(
                        set.span,
                        "`on line` means the line a piece moves along",
                        "not inside a move's distance",
                    )
                    .help("use it in a slide: `distance count pieces on line`"),
                );
            }
            Expr::CountOnLine(f)
        } else {
            Expr::CountSet(f)
        }
    }

    /// `SET in hand`: pieces in the side's hand, in a game that keeps hands.
    fn count_hand(&mut self, set: &ast::SquareSet, f: SetFilter) -> Expr {
        if !self.prog().hands {
            self.error(
                CheckError::new(set.span, "this game keeps no pieces in hand", "no hands")
                    .help("give each side pieces in hand in the setup (`setup empty, each side has 9 in hand`) or read them (a `hand` input item)"),
            );
        }
        if matches!(f, SetFilter::Empty | SetFilter::Squares) {
            self.error(CheckError::new(
                set.span,
                "a hand holds pieces, not squares",
                "pieces in hand only",
            ));
        }
        if set.attacked.is_some() {
            self.error(CheckError::new(
                set.span,
                "a piece in hand stands on no square, so it cannot be attacked",
                "`attacked` with `in hand`",
            ));
        }
        Expr::CountHand(f)
    }

    /// `N SET in a row along DIRS`.
    pub(super) fn in_a_row(
        &mut self,
        e: &ast::Expr,
        (n, exactly): (u64, bool),
        set: &ast::SquareSet,
        dirs: &[Name],
        cx: &Cx,
    ) -> Expr {
        if set.in_hand
            || set.row.is_some()
            || set.on_line
            || set.area.is_some()
            || set.attacked.is_some()
        {
            self.error(CheckError::new(
                set.span,
                "a row is looked for on the whole board",
                "`on ...` and `attacked` are not allowed here",
            ));
        }
        let members = self.set_filter(set, cx);
        let dirs = self.fixed_directions(dirs);
        if n == 0 {
            self.error(CheckError::new(
                e.span,
                "a row has at least one square",
                "0 in a row",
            ));
        }
        let (rows, cols) = (self.prog().rows, self.prog().cols);
        if let (Dim::Fixed(r), Dim::Fixed(c)) = (rows, cols)
            && n > r.max(c) as u64
        {
            self.error(
                CheckError::new(
                    e.span,
                    format!("{n} in a row cannot fit on a {r} x {c} board"),
                    "longer than the board",
                )
                .help(format!(
                    "the longest row on this board has {} squares",
                    r.max(c)
                )),
            );
        }
        Expr::InARow {
            n: n.min(u32::MAX as u64) as u32,
            members,
            dirs,
            exactly,
        }
    }
}
