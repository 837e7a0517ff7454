//! What a candidate step ([`Candidate`]) answers to the evaluator: the squares of its step
//! and the line it moves along, the counts of the position; moves and regions are not asked
//! here (the checker says so).

use super::attack;
use super::blocks::BlockScope;
use super::candidate::{Candidate, Ends, last_to, square_of};
use super::counts::{count_hand, count_in, count_set, in_a_row, within_at};
use super::filters::matches_filter;
use super::near::in_row_at;
use crate::program::*;
use crate::run::error::{RunError, not_here};
use crate::run::eval::{Row, Scope, eval};
use crate::run::position::Position;
use crate::run::step::NONE;

impl<'p> Scope<'p> for Candidate<'_, 'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError> {
        Ok(self.vars[v])
    }
    fn die(&mut self) -> Result<i64, RunError> {
        match self.die {
            0 => not_here("`the die` outside a move"),
            d => Ok(i64::from(d)),
        }
    }
    fn let_value(&mut self, l: LetId) -> Result<i64, RunError> {
        let p: &'p Program = self.e.p;
        eval(&p.lets[l], self)
    }
    fn size(&mut self) -> Result<i64, RunError> {
        not_here("`size`")
    }
    fn position(&self) -> Option<&Position> {
        Some(self.pos)
    }
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError> {
        Ok(count_set(&self.e.t, self.pos, self.side, f, self.e.g.n) as i64)
    }
    fn count_hand(&mut self, f: SetFilter) -> Result<i64, RunError> {
        Ok(count_hand(&self.e.t, self.pos, self.side, f) as i64)
    }
    fn held(&mut self, at: &SquareRef) -> Result<i64, RunError> {
        let sq = square_of(&self.e.g, at, self.ends(), self.side);
        Ok(match sq {
            NONE => 0,
            sq => self.pos.cells[sq as usize] as i64,
        })
    }
    fn held_on(&mut self, area: Area) -> Result<i64, RunError> {
        Ok(super::sow::held_on(self.e, self.pos, self.side, area))
    }
    fn count_in(&mut self, f: SetFilter, within: Within) -> Result<i64, RunError> {
        count_in(self.e, self.vars, self.pos, self.side, f, within)
    }
    fn in_a_row(&mut self, row: Row) -> Result<i64, RunError> {
        Ok(in_a_row(self.e, self.pos, self.side, row) as i64)
    }
    fn square_is(&mut self, at: &SquareRef, class: SquareClass) -> Result<i64, RunError> {
        let sq = square_of(&self.e.g, at, self.ends(), self.side);
        if sq == NONE {
            return Ok((class == SquareClass::OffBoard) as i64);
        }
        let (e, pos) = (self.e, self.pos);
        let cell = pos.cells[sq as usize];
        Ok(match class {
            SquareClass::OffBoard => false,
            SquareClass::Marked => pos.is_marked(sq as usize),
            SquareClass::InRow { n, dirs } => in_row_at(e, pos, sq as usize, (n, dirs)),
            SquareClass::On(area) => e.g.on_area(area, self.side, sq as usize),
            SquareClass::Attacked(who) => {
                let by = attack::attackers(e, who, cell, self.side);
                attack::attacker(e, self.vars, pos, sq, by)?.is_some()
            }
            SquareClass::Piece {
                unmoved,
                cells,
                side,
                kind,
            } => {
                let t = &e.t;
                let piece = cell != EMPTY && cell != GHOST;
                t.class[self.side as usize][cell as usize] & cells != 0
                    && side.is_none_or(|s| piece && t.side_of[cell as usize] == s)
                    && kind.is_none_or(|k| piece && t.kind_of[cell as usize] == k)
                    && (!unmoved || piece && !pos.has_moved(sq as usize))
            }
        } as i64)
    }
    fn count_near(&mut self, near: &Near) -> Result<i64, RunError> {
        let mut n = 0i64;
        let at = super::near::Squares::of(self.e, near, self.ends(), self.side);
        let (e, vars, pos, side) = (self.e, self.vars, self.pos, self.side);
        let mut within = |sq: usize| within_at(e, vars, pos, side, near.within, sq);
        let weight = |sq: u32| i64::from(super::counts::weight(pos, sq as usize));
        super::near::members(e, pos, side, (near, at), &mut within, |sq| n += weight(sq))?;
        Ok(n)
    }
    fn outranks(&mut self, a: &SquareRef, b: &SquareRef) -> Result<i64, RunError> {
        let g = &self.e.g;
        let a = square_of(g, a, self.ends(), self.side);
        let b = square_of(g, b, self.ends(), self.side);
        Ok(super::near::outranks(self.e, self.pos, a, b) as i64)
    }
    fn count_on_line(&mut self, f: SetFilter) -> Result<i64, RunError> {
        let (g, t) = (&self.e.g, &*self.e.t);
        if self.from == NONE {
            return not_here("`on line` in a placement");
        }
        let l = g.line[self.dir as usize * g.n + self.from as usize] as usize;
        let class = &t.class[self.side as usize];
        Ok(
            g.line_squares[g.line_start[l] as usize..g.line_start[l + 1] as usize]
                .iter()
                .filter(|&&s| matches_filter(f, self.pos.cells[s as usize], class, t))
                .count() as i64,
        )
    }
    fn count_moves(&mut self, _: Option<&'p Expr>) -> Result<i64, RunError> {
        not_here("a question about moves")
    }
    fn best(&mut self, _: bool, _: &'p Expr) -> Result<i64, RunError> {
        not_here("a question about moves")
    }
    fn count_regions(&mut self, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a count of regions")
    }
    fn region_sum(&mut self, _: &'p Expr, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a sum over regions")
    }
    fn block_is(&mut self, b: &'p BlockRef, cond: &'p Expr) -> Result<i64, RunError> {
        let Some(block) = self.block(b) else {
            return Ok(0);
        };
        let key = (std::ptr::from_ref(cond) as usize, block);
        if let Some(memo) = &self.memo
            && let Some(&(_, _, v)) = memo.iter().find(|m| (m.0, m.1) == key)
        {
            return Ok(v);
        }
        let v = super::blocks::block_is(self.through(block), cond)?;
        if let Some(memo) = &mut self.memo {
            memo.push((key.0, key.1, v));
        }
        Ok(v)
    }
    fn on_block(&mut self, at: &SquareRef, b: &BlockRef) -> Result<i64, RunError> {
        let g = &self.e.g;
        let sq = square_of(g, at, self.ends(), self.side);
        let block = self.block(b);
        Ok((sq != NONE && block.is_some() && g.block(sq, false) == block) as i64)
    }
    fn blocks(&mut self, q: &'p Blocks) -> Result<i64, RunError> {
        super::blocks::blocks(self.through(0), q)
    }
}

impl<'a, 'p> Candidate<'a, 'p> {
    /// The squares a square is named from.
    fn ends(&self) -> Ends {
        Ends {
            from: self.from,
            to: self.to,
            last: last_to(self.e, self.pos),
        }
    }

    /// The block `b` names, if there is one.
    fn block(&self, b: &BlockRef) -> Option<u32> {
        let sq = square_of(&self.e.g, &b.at, self.ends(), self.side);
        (sq != NONE)
            .then(|| self.e.g.block(sq, b.matching))
            .flatten()
    }

    /// The position as seen through one block.
    pub(super) fn through(&self, block: u32) -> BlockScope<'a, 'p> {
        BlockScope {
            e: self.e,
            vars: self.vars,
            pos: self.pos,
            side: self.side,
            block,
            lets: None,
        }
    }
}
