//! Checking what is said of squares: named parts of the board (`the far row`, `the second
//! row`, `the top edge`), the squares of a candidate move (`down of to`) and what they are
//! asked to be (`empty`, `unmoved own rook`, `attacked`, `marked`), and who attacks.

use super::expr::Cx;
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast;

impl Checker {
    /// A named part of the board; `f` is the set it restricts (its side's rows when no side
    /// is named; else the side looking).
    pub(super) fn area(&mut self, a: &ast::Area, f: SetFilter, cx: &Cx) -> Option<Area> {
        let (row, named, span) = match a {
            ast::Area::Edge(e, _) => return Some(Area::Edge(*e)),
            ast::Area::Colour(dark, _) => return Some(Area::Colour(*dark)),
            ast::Area::Zone(n) => return self.zone_area(n),
            ast::Area::Owned(n, owner) => return self.owned_area(n, owner, cx),
            ast::Area::FarRow(_, n, sp) => (0, n, *sp),
            ast::Area::HomeRow(n, sp) => (1, n, *sp),
            ast::Area::NthRow(k, n, sp) => (*k, n, *sp),
        };
        let whose = match named {
            Some(n) => Whose::Side(self.side_ref(n, cx)?),
            None => match f {
                SetFilter::Side(s) => Whose::Side(s),
                SetFilter::Piece(code) => Whose::Side(self.prog().side_of(code)),
                _ => Whose::Viewer,
            },
        };
        let lacking: Vec<String> = self
            .prog()
            .sides
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                s.forward.is_none()
                    && !self.scope.bad_forward.contains(&(*i as SideId))
                    && (whose == Whose::Viewer || whose == Whose::Side(*i as SideId))
            })
            .map(|(_, s)| s.name.clone())
            .collect();
        if let Some(side) = lacking.first() {
            let which = match row {
                0 => "far row".to_string(),
                1 => "home row".to_string(),
                k => format!("{} row", ordinal(k)),
            };
            self.error(
                CheckError::new(
                    span,
                    format!("side `{side}` has no forward direction, so it has no {which}"),
                    "needs a forward direction",
                )
                .help(format!(
                    "declare it with the side, e.g. `sides {side} forward up, ...`"
                )),
            );
            return None;
        }
        let far = match a {
            ast::Area::FarRow(rows, ..) => *rows,
            _ => 1,
        };
        if far == 0 || far > self.prog_rows() {
            let rows = self.prog_rows();
            self.error(CheckError::new(
                span,
                format!("the board has {rows} rows: the far rows are 1 to {rows}"),
                "not a number of rows of the board",
            ));
            return None;
        }
        Some(match row {
            0 if far > 1 => Area::FarRows(far, whose),
            0 => Area::FarRow(whose),
            1 => Area::HomeRow(whose),
            k => Area::NthRow(k, whose),
        })
    }

    /// Who attacks: `by enemy`, `by SIDE`, or (none given) the others.
    pub(super) fn attackers(&mut self, by: Option<&ast::Attacker>, cx: &Cx) -> Attackers {
        match by {
            None => Attackers::Others,
            Some(ast::Attacker::Enemy) => Attackers::Enemies,
            Some(ast::Attacker::Side(n)) => self
                .side_ref(n, cx)
                .map_or(Attackers::Others, Attackers::Side),
        }
    }

    /// A square named from a candidate move's `from` or `to`.
    pub(super) fn square_ref(&mut self, at: &ast::SquareRef) -> SquareRef {
        let mut steps = Vec::new();
        for (count, dir) in at.steps.iter().rev() {
            if let Some(ids) = self.route_ids(dir) {
                steps.push(((*count).min(u32::MAX as u64) as u32, ids));
                continue;
            }
            let Some(d) = self.single_direction(dir) else {
                continue;
            };
            let per = self.per_side(&[d], dir.span);
            let ids = per
                .iter()
                .map(|v| v.first().copied().unwrap_or(0))
                .collect();
            steps.push(((*count).min(u32::MAX as u64) as u32, ids));
        }
        let base = match at.base {
            ast::SquareBase::From => Base::From,
            ast::SquareBase::To => Base::To,
            ast::SquareBase::LastTo => Base::LastTo,
        };
        SquareRef { base, steps }
    }

    /// A square a move's clause (`taking`, `moving`, a set it takes or pulls) names: from the
    /// move's squares, not `last to` (the clause acts after the move has landed).
    pub(super) fn move_square(&mut self, at: &ast::SquareRef) -> SquareRef {
        self.of_this_move(at);
        self.square_ref(at)
    }

    /// Reports `last to` named in a move's clause.
    pub(super) fn of_this_move(&mut self, at: &ast::SquareRef) {
        if at.base == ast::SquareBase::LastTo {
            self.error(
                CheckError::new(
                    at.span,
                    "a move's clause names squares of the move: `last to` is where the move before it landed",
                    "not a square of this move",
                )
                .help("name it from `from` or `to`, or ask about `last to` in the action's `where` clause"),
            );
        }
    }

    /// Reports a square named from `from` or `to` where no move is being asked about
    /// (`last to` may be named wherever there is a position).
    pub(super) fn square_asked(&mut self, at: &ast::SquareRef, span: ast::Span, cx: &Cx) {
        // A let may ask too: it is then used only in `where` clauses and end rules. An end rule
        // asks about the square where the last move ended.
        if at.base != ast::SquareBase::LastTo
            && !cx.candidate
            && !cx.end
            && cx.current_let.is_none()
        {
            self.error(
                CheckError::new(
                    span,
                    "a square named from `from` or `to` can only be asked about in a `where` clause, an end rule or a `let`",
                    "not in a `where` clause",
                )
                .help("write it after an action: `place onto empty, where down of to is not empty`"),
            );
        }
    }

    /// `SQUARE is CLASS`, in a `where` clause.
    pub(super) fn square_test(
        &mut self,
        e: &ast::Expr,
        at: &ast::SquareRef,
        class: &ast::SquareClass,
        cx: &Cx,
    ) -> Expr {
        self.square_asked(at, e.span, cx);
        let piece = match class {
            ast::SquareClass::Piece { unmoved, words } => {
                *unmoved || !matches!(words, None | Some(ast::PieceWords::Empty))
            }
            ast::SquareClass::Strength(..) | ast::SquareClass::InRow(_) => true,
            _ => false,
        };
        if piece {
            self.no_pieces_here(e.span, "this test");
        }
        match class {
            ast::SquareClass::Strength(stronger, than) => {
                return self.strength_test(e, at, (*stronger, than), cx);
            }
            ast::SquareClass::OnBlock(b) => return self.on_block(at, b, cx),
            _ => {}
        }
        let at = self.square_ref(at);
        let class = self.square_class(class, cx);
        Expr::SquareIs(at, class)
    }

    /// `in a row of N along DIRS`, as a class of squares.
    pub(super) fn row_class(&mut self, row: &ast::Row) -> SquareClass {
        let dirs = self.fixed_directions(&row.dirs);
        if row.n == 0 || row.n > u32::MAX as u64 {
            self.error(CheckError::new(
                row.span,
                "a row has at least one piece",
                "no such row",
            ));
        }
        let mut mask = 0u64;
        for d in dirs {
            match 1u64.checked_shl(d as u32) {
                Some(bit) => mask |= bit,
                None => self.error(CheckError::new(
                    row.span,
                    "a row is looked for along at most the first 64 directions declared",
                    "direction too late",
                )),
            }
        }
        SquareClass::InRow {
            n: row.n.min(u32::MAX as u64) as u32,
            dirs: mask,
        }
    }

    fn square_class(&mut self, class: &ast::SquareClass, cx: &Cx) -> SquareClass {
        match class {
            // Asked by `square_test` as a comparison of two squares, or of a square and a block.
            ast::SquareClass::Strength(..) | ast::SquareClass::OnBlock(_) => SquareClass::OffBoard,
            ast::SquareClass::OffBoard => SquareClass::OffBoard,
            ast::SquareClass::Marked => SquareClass::Marked,
            ast::SquareClass::Attacked(by) => {
                SquareClass::Attacked(self.attackers(by.as_ref(), cx))
            }
            ast::SquareClass::InRow(row) => self.row_class(row),
            ast::SquareClass::On(a) => match self.area(a, SetFilter::Squares, cx) {
                Some(a) => SquareClass::On(a),
                None => SquareClass::OffBoard,
            },
            ast::SquareClass::Piece { unmoved, words } => {
                let pieces = C_OWN | C_ENEMY;
                let (cells, side, kind) = match words {
                    None => (pieces, None, None),
                    Some(ast::PieceWords::Empty) => (C_EMPTY, None, None),
                    Some(ast::PieceWords::Own(k)) => (C_OWN, None, self.kind_word(k.as_ref())),
                    Some(ast::PieceWords::Enemy(k)) => (C_ENEMY, None, self.kind_word(k.as_ref())),
                    Some(ast::PieceWords::Named(n, k)) => self.named_class(n, k.as_ref(), cx),
                };
                SquareClass::Piece {
                    unmoved: *unmoved,
                    cells,
                    side,
                    kind,
                }
            }
        }
    }

    /// A kind named after `own` or `enemy`.
    fn kind_word(&mut self, k: Option<&ast::Name>) -> Option<KindId> {
        let k = k?;
        let found = self.scope.kind(&k.text);
        if found.is_none() {
            let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
            self.unknown("kind", k, known);
        }
        found
    }

    /// `SIDE [KIND]`, or a kind of any side.
    fn named_class(
        &mut self,
        n: &ast::Name,
        k: Option<&ast::Name>,
        cx: &Cx,
    ) -> (CellMask, Option<SideId>, Option<KindId>) {
        let pieces = C_OWN | C_ENEMY;
        if k.is_none()
            && self.scope.side(&n.text).is_none()
            && let Some(kind) = self.scope.kind(&n.text)
        {
            return (pieces, None, Some(kind));
        }
        let side = self.side_ref(n, cx);
        (pieces, side, self.kind_word(k))
    }
}

/// `second`, `third`, ... for a row counted from a side's home row.
pub fn ordinal(k: u32) -> &'static str {
    match k {
        1 => "first",
        2 => "second",
        3 => "third",
        4 => "fourth",
        5 => "fifth",
        6 => "sixth",
        7 => "seventh",
        8 => "eighth",
        9 => "ninth",
        _ => "tenth",
    }
}
