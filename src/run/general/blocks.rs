//! The board's blocks as units (`blocks R x C`): a condition asked of one block's squares
//! alone ([`BlockScope`]), how many blocks it holds in, and rows of such blocks.

use std::cell::RefCell;

use super::counts::{in_a_row_within, within_at};
use super::filters::matches_filter;
use crate::compile::Engine;
use crate::program::*;
use crate::run::error::{RunError, not_here};
use crate::run::eval::{Row, Scope, eval};
use crate::run::position::Position;

/// A position seen by `side`, asked about through one block: sets hold only the block's
/// squares, rows stay inside it. The checker keeps out what looks beyond the block.
#[derive(Clone, Copy)]
pub struct BlockScope<'a, 'p> {
    pub e: &'a Engine<'p>,
    pub vars: &'a [i64],
    pub pos: &'a Position,
    pub side: SideId,
    pub block: u32,
    /// Where the values of lets asked of each block are kept while one position's end rules
    /// are asked ([`BlockLets`]), if they are.
    pub lets: Option<&'a BlockLets>,
}

/// The values of lets asked of a block (`won of cross`, asked by several end rules), at
/// `let * blocks + block`, kept while the end rules of one position are asked.
pub type BlockLets = RefCell<Vec<Option<i64>>>;

impl<'a, 'p> BlockScope<'a, 'p> {
    fn squares(&self) -> &'a [u32] {
        &self.e.g.blocks[self.block as usize]
    }

    /// The block's squares that match `f` and where `keep` holds.
    fn count(
        &self,
        f: SetFilter,
        mut keep: impl FnMut(usize) -> Result<bool, RunError>,
    ) -> Result<i64, RunError> {
        let (t, pos) = (&*self.e.t, self.pos);
        let class = &t.class[self.side as usize];
        let mut n = 0;
        for &sq in self.squares() {
            if matches_filter(f, pos.cells[sq as usize], class, t) && keep(sq as usize)? {
                n += 1;
            }
        }
        Ok(n)
    }
}

/// Whether `cond` holds in the block `at` looks through.
pub fn block_is<'p>(mut at: BlockScope<'_, 'p>, cond: &'p Expr) -> Result<i64, RunError> {
    Ok((eval(cond, &mut at)? != 0) as i64)
}

/// `count blocks where COND`, or whether `N blocks where COND` make a row along one of the
/// directions (over the grid of blocks); `at.block` is not read.
pub fn blocks<'p>(at: BlockScope<'_, 'p>, q: &'p Blocks) -> Result<i64, RunError> {
    let g = &at.e.g;
    // A bit per block (asked in every position by an end rule: no list made), or, past 64
    // blocks, a list.
    let n = g.blocks.len();
    let (mut word, mut list) = (0u64, Vec::new());
    for b in 0..n as u32 {
        let mut scope = BlockScope { block: b, ..at };
        let h = eval(&q.cond, &mut scope)? != 0;
        match n <= 64 {
            true => word |= (h as u64) << b,
            false => list.push(h),
        }
    }
    let held = |b: usize| match n <= 64 {
        true => word >> b & 1 != 0,
        false => list[b],
    };
    let Some(row) = &q.row else {
        return Ok((0..n).filter(|&b| held(b)).count() as i64);
    };
    let (rows, cols) = (g.block_grid.0 as i64, g.block_grid.1 as i64);
    let dirs = &at.e.p.directions;
    let member = |r: i64, c: i64| {
        (0..rows).contains(&r) && (0..cols).contains(&c) && held((r * cols + c) as usize)
    };
    let found = (0..rows * cols).filter(|&b| held(b as usize)).any(|b| {
        let (r, c) = (b / cols, b % cols);
        row.dirs.iter().any(|&d| {
            let (dr, dc) = (dirs[d as usize].dr as i64, dirs[d as usize].dc as i64);
            if row.exactly && member(r - dr, c - dc) {
                return false;
            }
            let k = row.n as i64;
            (1..k).all(|i| member(r + i * dr, c + i * dc))
                && !(row.exactly && member(r + k * dr, c + k * dc))
        })
    });
    Ok(found as i64)
}

impl<'p> Scope<'p> for BlockScope<'_, 'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError> {
        Ok(self.vars[v])
    }
    fn let_value(&mut self, l: LetId) -> Result<i64, RunError> {
        let p: &'p Program = self.e.p;
        let at = l * self.e.g.blocks.len() + self.block as usize;
        if let Some(v) = self
            .lets
            .and_then(|k| k.borrow().get(at).copied().flatten())
        {
            return Ok(v);
        }
        let v = eval(&p.lets[l], self)?;
        if let Some(kept) = self.lets
            && let Some(cell) = kept.borrow_mut().get_mut(at)
        {
            *cell = Some(v);
        }
        Ok(v)
    }
    fn size(&mut self) -> Result<i64, RunError> {
        not_here("`size`")
    }
    fn position(&self) -> Option<&Position> {
        Some(self.pos)
    }
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError> {
        self.count(f, |_| Ok(true))
    }
    fn count_hand(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("pieces in hand, in a block")
    }
    fn count_in(&mut self, f: SetFilter, within: Within) -> Result<i64, RunError> {
        let (e, vars, pos, side) = (self.e, self.vars, self.pos, self.side);
        self.count(f, |sq| within_at(e, vars, pos, side, within, sq))
    }
    fn in_a_row(&mut self, row: Row) -> Result<i64, RunError> {
        let (block, g) = (self.block, &self.e.g);
        let inside = |sq: u32| g.block_of[sq as usize] == block;
        Ok(in_a_row_within(self.e, self.pos, self.side, row, (self.squares(), &inside)) as i64)
    }
    fn square_is(&mut self, _: &SquareRef, _: SquareClass) -> Result<i64, RunError> {
        not_here("a square, in a block")
    }
    fn count_near(&mut self, _: &Near) -> Result<i64, RunError> {
        not_here("neighbours, in a block")
    }
    fn outranks(&mut self, _: &SquareRef, _: &SquareRef) -> Result<i64, RunError> {
        not_here("a square, in a block")
    }
    fn count_on_line(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("`on line`")
    }
    fn count_moves(&mut self, _: Option<&'p Expr>) -> Result<i64, RunError> {
        not_here("a question about moves, in a block")
    }
    fn best(&mut self, _: bool, _: &'p Expr) -> Result<i64, RunError> {
        not_here("a question about moves, in a block")
    }
    fn count_regions(&mut self, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a count of regions, in a block")
    }
    fn region_sum(&mut self, _: &'p Expr, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a sum over regions, in a block")
    }
    fn block_is(&mut self, _: &'p BlockRef, _: &'p Expr) -> Result<i64, RunError> {
        not_here("a block, in a block")
    }
    fn on_block(&mut self, _: &SquareRef, _: &BlockRef) -> Result<i64, RunError> {
        not_here("a block, in a block")
    }
    fn blocks(&mut self, _: &'p Blocks) -> Result<i64, RunError> {
        not_here("blocks, in a block")
    }
}
