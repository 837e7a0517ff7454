//! The runner's scope for the evaluator: expressions about a position as a side sees it,
//! able to ask about the moves and regions. At the top of a question (an output line, a
//! result, a `require`), lets, regions and the number of moves are cached for the position;
//! inside a question about moves (after each move) nothing is cached.

use super::blocks::BlockScope;
use super::candidate::Candidate;
use super::counts::{count_hand, count_in, count_set, in_a_row};
use super::fold::{Acc, Fold};
use super::regions::{self, Regions, region_ok};
use super::runner::Runner;
use crate::program::*;
use crate::run::error::{RunError, not_here, overflow};
use crate::run::eval::{Row, Scope, eval};
use crate::run::position::Position;
use crate::run::step::NONE;

/// A position as `side` sees it, in the runner.
struct At<'r, 'p> {
    r: &'r mut Runner<'p>,
    pos: &'r Position,
    side: SideId,
    /// What the question keeps of its answers.
    keeps: Keeps,
    /// The size of the region a `sum of ... over regions` is at.
    size: i64,
}

/// What a question keeps of the answers it works out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keeps {
    /// Asked of the position itself: lets, regions and the number of moves, for the
    /// position (`cache.lets`, ...).
    Position,
    /// The end rules of the position, while they are asked: lets (`cache.rule_lets`,
    /// `cache.block_lets`).
    EndRules,
    /// Inside a question (after a move, in a region): nothing.
    Nothing,
}

impl<'p> Runner<'p> {
    /// Evaluates an expression about `pos` as seen by `side`, inside a question (after a
    /// move, or an end condition): nothing is cached.
    pub(super) fn eval_inside(
        &mut self,
        e: &'p Expr,
        pos: &Position,
        side: SideId,
    ) -> Result<i64, RunError> {
        let mut at = At {
            r: self,
            pos,
            side,
            keeps: Keeps::Nothing,
            size: 0,
        };
        eval(e, &mut at)
    }

    /// Evaluates the condition of an end rule about `pos` as its mover sees it, keeping lets
    /// in `cache.rule_lets` (emptied before the first rule is asked).
    pub(super) fn eval_rule(&mut self, e: &'p Expr, pos: &Position) -> Result<i64, RunError> {
        let mut at = At {
            r: self,
            pos,
            side: pos.mover,
            keeps: Keeps::EndRules,
            size: 0,
        };
        eval(e, &mut at)
    }

    /// Evaluates an expression about `pos` as seen by `side`.
    pub fn eval(&mut self, e: &'p Expr, pos: &Position, side: SideId) -> Result<i64, RunError> {
        let mut at = At {
            r: self,
            pos,
            side,
            keeps: Keeps::Position,
            size: 0,
        };
        eval(e, &mut at)
    }

    /// The regions of spec `spec`, from the cache at the top of a question.
    fn regions(&mut self, pos: &Position, side: SideId, spec: usize, top: bool) -> Regions {
        if top && let Some(r) = self.cache.regions[spec].take() {
            return r;
        }
        let mut out = std::mem::take(&mut self.scratch.regions);
        let e = &*self.e;
        regions::find(e, pos, side, spec, &mut self.scratch.fill, &mut out);
        out
    }

    /// Gives regions back: to the cache at the top of a question, else to the scratch space.
    fn put_regions(&mut self, spec: usize, r: Regions, top: bool) {
        if top {
            self.cache.regions[spec] = Some(r);
        } else {
            self.scratch.regions = r;
        }
    }
}

impl<'r, 'p> At<'r, 'p> {
    /// A question asked of the position itself (so its answers may be cached).
    fn top(&self) -> bool {
        self.keeps == Keeps::Position
    }

    /// Where this question keeps the values of lets, if it keeps them.
    fn kept_lets(&mut self) -> Option<&mut Vec<Option<i64>>> {
        let cache = &mut self.r.cache;
        match self.keeps {
            Keeps::Position => Some(&mut cache.lets),
            Keeps::EndRules => Some(&mut cache.rule_lets),
            Keeps::Nothing => None,
        }
    }

    /// The position as a candidate whose `to` is the square where the last move ended (off
    /// the board before any move, or when the rules keep no last move): what an end rule
    /// asks of `to`.
    fn last_square(&self) -> Candidate<'_, 'p> {
        let to = if self.r.e.t.last {
            self.pos.last.0
        } else {
            NONE
        };
        Candidate {
            e: &self.r.e,
            vars: &self.r.vars,
            pos: self.pos,
            side: self.side,
            from: NONE,
            to,
            dir: u16::MAX,
            memo: None,
            die: 0,
        }
    }
}

impl<'p> Scope<'p> for At<'_, 'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError> {
        Ok(self.r.vars[v])
    }

    fn let_value(&mut self, l: LetId) -> Result<i64, RunError> {
        if let Some(v) = self.kept_lets().and_then(|k| k[l]) {
            return Ok(v);
        }
        let p: &'p Program = self.r.e.p;
        let v = eval(&p.lets[l], self)?;
        if let Some(kept) = self.kept_lets() {
            kept[l] = Some(v);
        }
        Ok(v)
    }

    fn size(&mut self) -> Result<i64, RunError> {
        Ok(self.size)
    }

    fn position(&self) -> Option<&Position> {
        Some(self.pos)
    }

    fn repetitions(&mut self) -> Result<i64, RunError> {
        Ok(self.r.repetitions(self.pos) as i64)
    }

    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError> {
        let e = &self.r.e;
        Ok(count_set(&e.t, self.pos, self.side, f, e.g.n) as i64)
    }

    fn held(&mut self, at: &SquareRef) -> Result<i64, RunError> {
        self.last_square().held(at)
    }

    fn held_on(&mut self, area: Area) -> Result<i64, RunError> {
        Ok(super::sow::held_on(&self.r.e, self.pos, self.side, area))
    }

    fn count_hand(&mut self, f: SetFilter) -> Result<i64, RunError> {
        Ok(count_hand(&self.r.e.t, self.pos, self.side, f) as i64)
    }

    fn count_in(&mut self, f: SetFilter, within: Within) -> Result<i64, RunError> {
        let r = &self.r;
        count_in(&r.e, &r.vars, self.pos, self.side, f, within)
    }

    fn in_a_row(&mut self, row: Row) -> Result<i64, RunError> {
        Ok(in_a_row(&self.r.e, self.pos, self.side, row) as i64)
    }

    /// In an end rule: `to` is the square where the last move ended (off the board before any
    /// move, or when the rules keep no last move).
    fn square_is(&mut self, at: &SquareRef, class: SquareClass) -> Result<i64, RunError> {
        self.last_square().square_is(at, class)
    }

    fn count_on_line(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("`on line` outside a move's distance")
    }

    fn count_near(&mut self, near: &Near) -> Result<i64, RunError> {
        self.last_square().count_near(near)
    }

    fn outranks(&mut self, a: &SquareRef, b: &SquareRef) -> Result<i64, RunError> {
        self.last_square().outranks(a, b)
    }

    fn count_moves(&mut self, cond: Option<&'p Expr>) -> Result<i64, RunError> {
        if cond.is_none()
            && self.top()
            && let Some(n) = self.r.cache.move_count
        {
            return i64::try_from(n).map_err(|_| overflow());
        }
        let t = &self.r.e.t;
        let n = match cond {
            Some(c) if t.chains && t.chains_memoisable => self.r.count_dp(self.pos, c)?,
            _ => {
                let mut acc = Acc::default();
                self.r.walk(self.pos, &Fold::Count(cond), &mut acc)?;
                acc.count
            }
        };
        if self.top() && cond.is_none() {
            self.r.cache.move_count = Some(n);
        }
        i64::try_from(n).map_err(|_| overflow())
    }

    fn best(&mut self, max: bool, body: &'p Expr) -> Result<i64, RunError> {
        let mut acc = Acc::default();
        self.r.walk(self.pos, &Fold::Best { max, body }, &mut acc)?;
        acc.best.ok_or_else(|| {
            RunError::new(format!(
                "there is no move to take the {} over",
                if max { "max" } else { "min" }
            ))
        })
    }

    fn count_regions(&mut self, q: &'p RegionQuery) -> Result<i64, RunError> {
        if q.exists
            && !(self.top() && self.r.cache.regions[q.spec].is_some())
            && let Some(found) =
                regions::exists(&self.r.e, self.pos, self.side, q, &mut self.r.scratch.fill)
        {
            return Ok(found as i64);
        }
        let regions = self.r.regions(self.pos, self.side, q.spec, self.top());
        let v = (regions.all.iter())
            .filter(|&&f| region_ok(q, f, self.side))
            .count() as i64;
        self.r.put_regions(q.spec, regions, self.top());
        Ok(v)
    }

    fn block_is(&mut self, b: &'p BlockRef, cond: &'p Expr) -> Result<i64, RunError> {
        self.last_square().block_is(b, cond)
    }

    fn on_block(&mut self, at: &SquareRef, b: &BlockRef) -> Result<i64, RunError> {
        self.last_square().on_block(at, b)
    }

    fn blocks(&mut self, q: &'p Blocks) -> Result<i64, RunError> {
        // Asked by an end rule, the blocks keep the lets they work out for the other rules.
        let lets = (self.keeps == Keeps::EndRules).then_some(&self.r.cache.block_lets);
        super::blocks::blocks(
            BlockScope {
                lets,
                ..self.last_square().through(0)
            },
            q,
        )
    }

    fn region_sum(&mut self, body: &'p Expr, q: &'p RegionQuery) -> Result<i64, RunError> {
        let regions = self.r.regions(self.pos, self.side, q.spec, self.top());
        let mut total: i64 = 0;
        let mut result = Ok(());
        for &f in &regions.all {
            if !region_ok(q, f, self.side) {
                continue;
            }
            let size = f.size as i64;
            let v = match body {
                Expr::Size => Ok(size),
                _ => eval(
                    body,
                    &mut At {
                        r: self.r,
                        pos: self.pos,
                        side: self.side,
                        keeps: Keeps::Nothing,
                        size,
                    },
                ),
            };
            match v.and_then(|v| total.checked_add(v).ok_or_else(overflow)) {
                Ok(t) => total = t,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.r.put_regions(q.spec, regions, self.top());
        result.map(|_| total)
    }
}
