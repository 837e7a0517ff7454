//! Walking every complete move of a position (a step, or a chain of jumps followed to each
//! place it may end), and the queries that are folds over that walk: counting, the best
//! value, listing moves, their ends, the positions after them.

use super::apply::finish;
use super::movegen::chain_at;
use super::position::Position;
use super::scope::At;
use super::search::{MAX_CHAIN, MoveEnds, RunError, Runner};
use super::step::{NONE, Step, move_text};
use crate::program::Expr;

/// What to do with each complete move.
pub(super) enum Fold<'p> {
    /// Count the moves (after which the condition holds).
    Count(Option<&'p Expr>),
    Best {
        max: bool,
        body: &'p Expr,
    },
    Ends,
    /// Sum of perft(depth - 1) over the positions after each move.
    Perft(u32),
    /// The same, per first move, with the move's squares written out.
    Divide(u32),
    /// The position after each move (side to move unchanged).
    Collect,
    /// Each move as the steps it takes, up to this many.
    Moves(usize),
}

impl Fold<'_> {
    /// The fold writes moves out, so the walk keeps the steps of the move it is in.
    fn keeps_path(&self) -> bool {
        matches!(self, Fold::Divide(_) | Fold::Moves(_))
    }
}

/// What a fold has gathered.
#[derive(Default)]
pub(super) struct Acc {
    pub count: u64,
    pub best: Option<i64>,
    pub ends: Vec<MoveEnds>,
    /// Complete moves seen.
    pub moves: u64,
    pub divide: Vec<(String, u64)>,
    pub positions: Vec<Position>,
    pub moves_list: Vec<Vec<Step>>,
}

pub(super) fn count_overflow() -> RunError {
    RunError::new("the count is larger than 18446744073709551615 (the 64-bit limit)")
}

impl<'p> Runner<'p> {
    /// Visits every complete move.
    pub(super) fn walk(
        &mut self,
        pos: &Position,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        self.tick()?;
        if self.over(pos)? {
            return Ok(());
        }
        let mut steps = self.take_steps();
        if let Err(e) = self.first_steps(pos, &mut steps) {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        // Listing and plain counting need no position after a move that ends at once.
        let blind = matches!(fold, Fold::Ends | Fold::Count(None)) && !self.e.t.legal;
        self.each_step(steps, |r, st| {
            if blind && !r.continues(st) {
                let ends = MoveEnds {
                    from: st.from,
                    to: st.to,
                };
                return r.visit(pos, ends, false, fold, acc);
            }
            if fold.keeps_path() {
                r.scratch.path.clear();
                r.scratch.path.push(*st);
            }
            r.play(pos, st, |r, next| {
                r.after_first_step(pos, st, next, fold, acc)
            })
        })
    }

    /// Goes on from the position `next` that the first step `st` of a move led to.
    fn after_first_step(
        &mut self,
        pos: &Position,
        st: &Step,
        next: &mut Position,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        if self.continues(st) {
            let ends = MoveEnds {
                from: st.from,
                to: st.to,
            };
            return self.walk_chain(next, chain_at(st, pos, next), ends, fold, acc, 1);
        }
        let captured = st.over != NONE;
        if let Fold::Perft(depth) = fold
            && !self.needs_finish(captured)
        {
            // Perft's hot path: the move is complete and needs no finishing, so the
            // position just played is the next node (no second copy).
            if self.e.t.legal && !self.legal(next)? {
                return Ok(());
            }
            acc.moves += 1;
            next.mover = self.next_side(next.mover);
            let n = self.perft(next, depth - 1)?;
            acc.count = acc.count.checked_add(n).ok_or_else(count_overflow)?;
            return Ok(());
        }
        let ends = MoveEnds {
            from: st.from,
            to: st.to,
        };
        self.visit(next, ends, captured, fold, acc)
    }

    /// Follows a move from `at` (its next parts, or a chain of jumps): every place it may
    /// end is a complete move. `ends` are where the move started and where its first part
    /// ends so far.
    fn walk_chain(
        &mut self,
        pos: &Position,
        at: super::movegen::ChainAt,
        ends: MoveEnds,
        fold: &Fold<'p>,
        acc: &mut Acc,
        depth: usize,
    ) -> Result<(), RunError> {
        if depth > MAX_CHAIN {
            return Err(RunError::new(format!(
                "a chain of more than {MAX_CHAIN} jumps"
            )));
        }
        self.tick()?;
        let mut steps = self.take_steps();
        if let Err(e) = self.chain_steps(pos, at, &mut steps) {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        if self.may_end(&at)
            && (steps.is_empty() || !self.must_go_on(&at))
            && let Err(e) = self.visit(pos, ends, true, fold, acc)
        {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        self.each_step(steps, |r, st| {
            if fold.keeps_path() {
                r.scratch.path.push(*st);
            }
            // A step of the first part (a further jump) moves where the move's first part ends.
            let ends = match st.part {
                0 => MoveEnds { to: st.to, ..ends },
                _ => ends,
            };
            let res = r.play(pos, st, |r, next| {
                if r.continues(st) {
                    let at = chain_at(st, pos, next);
                    return r.walk_chain(next, at, ends, fold, acc, depth + 1);
                }
                r.visit(next, ends, true, fold, acc)
            });
            if fold.keeps_path() {
                r.scratch.path.pop();
            }
            res
        })
    }

    /// A move that captured (when captured pieces wait for its end) or that may promote
    /// at its end must be finished before the position after it is looked at.
    pub(super) fn needs_finish(&self, captured: bool) -> bool {
        (captured && self.e.t.ghosts) || self.e.t.promote_at_end
    }

    /// A complete move has been played: `pos` is the position during its last step.
    pub(super) fn visit(
        &mut self,
        pos: &Position,
        ends: MoveEnds,
        captured: bool,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        if !self.e.t.legal {
            match fold {
                Fold::Ends => {
                    acc.moves += 1;
                    acc.ends.push(ends);
                    return Ok(());
                }
                Fold::Count(None) => {
                    acc.moves += 1;
                    acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?;
                    return Ok(());
                }
                _ => {}
            }
        }
        if !self.needs_finish(captured) {
            return self.fold_legal(pos, ends, fold, acc);
        }
        let mut done = self.take_pos(pos);
        finish(&self.e, &mut done, ends.to, captured);
        let r = self.fold_legal(&done, ends, fold, acc);
        self.put_pos(done);
        r
    }

    /// Folds in a complete move if the position after it meets the `legal if` conditions.
    fn fold_legal(
        &mut self,
        after: &Position,
        ends: MoveEnds,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        if self.e.t.legal && !self.legal(after)? {
            return Ok(());
        }
        acc.moves += 1;
        match fold {
            Fold::Ends => acc.ends.push(ends),
            Fold::Count(None) => {
                acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?;
            }
            _ => return self.fold_after(after, fold, acc),
        }
        Ok(())
    }

    /// Whether the position after a complete move (its mover still the side that moved)
    /// meets every `legal if` condition.
    pub(super) fn legal(&mut self, after: &Position) -> Result<bool, RunError> {
        Ok(self.failed_legal(after)?.is_none())
    }

    /// The first `legal if` condition the position after a complete move fails, if any.
    pub fn failed_legal(&mut self, after: &Position) -> Result<Option<usize>, RunError> {
        let p = self.e.p;
        for (i, (cond, _)) in p.legal.iter().enumerate() {
            if At::inside(self, after, after.mover).eval(cond)? == 0 {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Folds in the position `after` a complete move (the mover still the side that moved).
    fn fold_after(
        &mut self,
        after: &Position,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        let side = after.mover;
        match fold {
            Fold::Count(Some(c)) => {
                if At::inside(self, after, side).eval(c)? != 0 {
                    acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?;
                }
            }
            Fold::Best { max, body } => {
                let v = At::inside(self, after, side).eval(body)?;
                acc.best = Some(match acc.best {
                    None => v,
                    Some(b) if *max => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            Fold::Perft(depth) | Fold::Divide(depth) => {
                let mut next = self.take_pos(after);
                next.mover = self.next_side(next.mover);
                let n = self.perft(&next, depth - 1);
                self.put_pos(next);
                let n = n?;
                if let Fold::Divide(_) = fold {
                    let text = move_text(&self.e, &self.scratch.path);
                    acc.divide.push((text, n));
                }
                acc.count = acc.count.checked_add(n).ok_or_else(count_overflow)?;
            }
            Fold::Collect => acc.positions.push(after.clone()),
            Fold::Moves(limit) => {
                if acc.moves_list.len() < *limit {
                    acc.moves_list.push(self.scratch.path.clone());
                }
            }
            // Answered in `visit` without a position.
            Fold::Ends | Fold::Count(None) => {}
        }
        Ok(())
    }

    /// The legal moves, each as the steps it takes (one, or a chain of jumps), in the
    /// generator's order: the first `limit` of them, and how many there are in all.
    pub fn moves(
        &mut self,
        pos: &Position,
        limit: usize,
    ) -> Result<(Vec<Vec<Step>>, u64), RunError> {
        let mut acc = Acc::default();
        self.walk(pos, &Fold::Moves(limit), &mut acc)?;
        Ok((acc.moves_list, acc.moves))
    }

    /// The start and end squares of every legal move, in generation order.
    pub fn move_ends(&mut self, pos: &Position, ends: &mut Vec<MoveEnds>) -> Result<(), RunError> {
        ends.clear();
        if !self.e.t.chains && !self.e.t.parts && !self.e.t.has_ends && !self.e.t.legal {
            let mut steps = self.take_steps();
            let r = self.first_steps(pos, &mut steps);
            ends.extend(steps.iter().map(|s| MoveEnds {
                from: s.from,
                to: s.to,
            }));
            self.scratch.step_pool.push(steps);
            self.cache.move_count = Some(ends.len() as u64);
            return r;
        }
        let mut acc = Acc {
            ends: std::mem::take(ends),
            ..Acc::default()
        };
        let r = self.walk(pos, &Fold::Ends, &mut acc);
        self.cache.move_count = Some(acc.ends.len() as u64);
        *ends = acc.ends;
        r
    }

    /// The positions after each legal move, with the next side to move.
    pub fn successors(&mut self, pos: &Position, out: &mut Vec<Position>) -> Result<(), RunError> {
        let mut acc = Acc {
            positions: std::mem::take(out),
            ..Acc::default()
        };
        acc.positions.clear();
        let r = self.walk(pos, &Fold::Collect, &mut acc);
        for p in &mut acc.positions {
            p.mover = self.next_side(p.mover);
        }
        *out = acc.positions;
        r
    }
}
