//! Walking every complete move of a position (a step, or a chain of jumps followed to each
//! place it may end), and the queries that are folds over that walk: counting, the best
//! value, listing moves, their ends, the positions after them.

use std::cell::Cell;

use super::apply::finish;
use super::blind::{left_to, mark};
use super::counts::count_set;
use super::fold::{Acc, Fold, MoveEnds, Seen, Taken};
use super::movegen::{ChainAt, chain_at};
use super::runner::{MAX_CHAIN, Runner, Scratch};
use crate::program::Expr;
use crate::run::error::{RunError, count_overflow};
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

/// Where a move stands in its chain of jumps or parts, as the walk follows it: where it
/// stands now (`at`), where it started and where its first part ends so far (`ends`), how
/// many pieces it has taken and how many steps deep the chain is.
#[derive(Clone, Copy)]
struct Chained {
    at: ChainAt,
    ends: MoveEnds,
    taken: u32,
    depth: usize,
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
        // Before the turn's roll no side has moves to walk: what it may do waits for it.
        self.not_waiting(pos)?;
        // The guarded piece of this position, for the moves' legality (restored after).
        let guarded = self.guarded(pos)?;
        let mut steps = self.take_steps();
        if let Err(e) = self.first_steps(pos, &mut steps) {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        let remembers = self.e.p.no_repeat.is_some();
        if remembers {
            self.history.push(&pos.cells);
        }
        let outer_guard = std::mem::replace(&mut self.guarded, guarded);
        if guarded.is_some_and(|g| g.attacked) && !self.e.p.captures_most {
            // Moves that cannot end an attack on the guarded piece are not made.
            steps.retain(|st| self.continues(st) || !self.known_illegal(st));
        }
        let outer = self.need;
        let seen = (self.scratch.seen.len(), self.scratch.boards.len());
        acc.seen_from = seen.0;
        let r = self.most_taken(pos, &steps).and_then(|need| {
            self.need = need;
            self.walk_steps(pos, steps, fold, acc)
        });
        self.need = outer;
        // This walk's moves of several captures are forgotten with it.
        self.scratch.seen.truncate(seen.0);
        self.scratch.boards.truncate(seen.1);
        if remembers {
            self.history.pop();
        }
        self.guarded = outer_guard;
        r
    }

    /// Under `taking the most`, when some move captures: the most pieces a move takes.
    fn most_taken(&mut self, pos: &Position, steps: &[Step]) -> Result<Option<u32>, RunError> {
        if !self.e.p.captures_most
            || self.every_capture
            || !steps.iter().any(|s| self.takes(pos, s))
        {
            return Ok(None);
        }
        let mut copy = self.take_steps();
        copy.clear();
        copy.extend_from_slice(steps);
        let mut acc = Acc::default();
        self.need = None;
        self.walk_steps(pos, copy, &Fold::Most, &mut acc)?;
        Ok(acc.best.map(|b| b as u32))
    }

    /// True if the step takes a piece: it jumps one, or lands on an enemy.
    #[inline]
    pub(super) fn takes(&self, pos: &Position, st: &Step) -> bool {
        st.captures(&self.e.t.class[pos.mover as usize], &pos.cells)
    }

    /// Visits every complete move that starts with one of `steps`.
    fn walk_steps(
        &mut self,
        pos: &Position,
        steps: Vec<Step>,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        let blind = self.blind(fold);
        let left = Cell::new(left_to(fold, acc));
        // The walk to one index passes by each first step whose moves all come before it,
        // as the marks of the walk that counted them say.
        let marks = match (blind, fold) {
            (true, Fold::Nth(_)) => std::mem::take(&mut acc.marks),
            _ => Vec::new(),
        };
        let target = match fold {
            Fold::Nth(k) => *k,
            _ => 0,
        };
        let index = Cell::new(0);
        let passed = |i: usize| marks.get(i).is_some_and(|&m| m <= target);
        let counts = self.e.t.counts_taken;
        // Under a guard, known-legal moves of one step fold in unmade (never in a blind
        // walk, which has no `legal if`): the steps not played are those.
        let unmade = self.folds_known_unmade(fold);
        let plays = |r: &Self, st: &Step| {
            !passed(index.get())
                && (!blind || left.get() == 0 || r.continues(st))
                && !(unmade && !r.continues(st) && r.known_legal(st))
        };
        let r = self.play_some(pos, steps, plays, |r, st, next| {
            let i = index.replace(index.get() + 1);
            if passed(i) {
                acc.moves += marks[i] - acc.count;
                acc.count = marks[i];
                left.set(left_to(fold, acc));
                return Ok(());
            }
            let taken = (counts && r.takes(pos, st)) as u32;
            let Some(next) = next else {
                let ends = MoveEnds {
                    from: st.from,
                    to: st.to,
                };
                let r = match unmade {
                    true => r.fold_one(ends, fold, acc),
                    false => r.visit(pos, ends, taken, false, fold, acc),
                };
                mark(acc);
                left.set(left_to(fold, acc));
                return r;
            };
            if r.keeps_path(fold) {
                r.scratch.path.clear();
                r.scratch.path.push(*st);
            }
            let r = r.after_first_step(pos, st, next, taken, fold, acc);
            mark(acc);
            left.set(left_to(fold, acc));
            r
        });
        // The marks' memory goes back to the walk's caller.
        if acc.marks.is_empty() {
            acc.marks = marks;
        }
        r
    }

    /// Goes on from the position `next` that the first step `st` of a move led to.
    fn after_first_step(
        &mut self,
        pos: &Position,
        st: &Step,
        next: &mut Position,
        taken: u32,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        if self.continues(st) {
            let chained = Chained {
                at: chain_at(st, pos, next),
                ends: MoveEnds {
                    from: st.from,
                    to: st.to,
                },
                taken,
                depth: 1,
            };
            return self.walk_chain(next, chained, fold, acc);
        }
        let captured = st.over != NONE;
        let ends = MoveEnds {
            from: st.from,
            to: st.to,
        };
        self.legal_known = self.known_legal(st);
        let r = self.visit(next, ends, taken, captured, fold, acc);
        self.legal_known = false;
        r
    }

    /// Follows a move from where it stands (its next parts, or a chain of jumps): every place
    /// it may end is a complete move.
    fn walk_chain(
        &mut self,
        pos: &Position,
        chained: Chained,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        let Chained {
            at,
            ends,
            taken,
            depth,
        } = chained;
        if depth > MAX_CHAIN {
            return Err(RunError::new(format!(
                "a chain of more than {MAX_CHAIN} jumps"
            )));
        }
        self.tick()?;
        if self.stops_between(pos, &at)? || self.rest_skipped(pos, &at)? {
            return self.visit(pos, ends, taken, true, fold, acc);
        }
        if let Some(n) = self.last_part_counted(pos, at, fold) {
            acc.count = acc.count.checked_add(n).ok_or_else(count_overflow)?;
            acc.moves += n;
            return Ok(());
        }
        let mut steps = self.take_steps();
        if let Err(e) = self.chain_steps(pos, at, &mut steps) {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        if self.may_end(&at)
            && (steps.is_empty() || !self.must_go_on(&at))
            && let Err(e) = self.visit(pos, ends, taken, true, fold, acc)
        {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        let blind = self.blind(fold);
        if blind && self.passes_by(&steps, fold, acc) {
            self.scratch.step_pool.push(steps);
            return Ok(());
        }
        let left = Cell::new(left_to(fold, acc));
        let plays = |r: &Self, st: &Step| !blind || left.get() == 0 || r.continues(st);
        self.play_some(pos, steps, plays, |r, st, next| {
            // A step of the first part (a further jump) moves where the move's first part ends.
            let ends = match st.part {
                0 => MoveEnds { to: st.to, ..ends },
                _ => ends,
            };
            let taken = taken + (r.e.t.counts_taken && r.takes(pos, st)) as u32;
            let Some(next) = next else {
                let res = r.visit(pos, ends, taken, true, fold, acc);
                left.set(left_to(fold, acc));
                return res;
            };
            if r.keeps_path(fold) {
                r.scratch.path.push(*st);
            }
            let res = if r.continues(st) {
                let on = Chained {
                    at: chain_at(st, pos, next),
                    ends,
                    taken,
                    depth: depth + 1,
                };
                r.walk_chain(next, on, fold, acc)
            } else {
                r.visit(next, ends, taken, true, fold, acc)
            };
            if r.keeps_path(fold) {
                r.scratch.path.pop();
            }
            left.set(left_to(fold, acc));
            res
        })
    }

    /// A move that captured (when captured pieces wait for its end) or that may promote
    /// at its end must be finished before the position after it is looked at.
    pub(super) fn needs_finish(&self, captured: bool) -> bool {
        (captured && self.e.t.ghosts) || self.e.t.promote_at_end
    }

    /// A complete move has been played: `pos` is the position during its last step, `taken`
    /// the number of pieces it took.
    pub(super) fn visit(
        &mut self,
        pos: &Position,
        ends: MoveEnds,
        taken: u32,
        captured: bool,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        if self.e.t.plain
            && !self.needs_finish(captured)
            && !matches!(fold, Fold::Most | Fold::Taken)
        {
            // No move is turned down or folded into another: straight to the fold.
            if matches!(fold, Fold::Ends | Fold::Count(None)) {
                return self.fold_one(ends, fold, acc);
            }
            acc.moves += 1;
            return match fold {
                Fold::Best { max, body } if matches!(body, Expr::CountSet(_)) => {
                    let v = self.best_count(pos, body);
                    acc.best = Some(
                        acc.best
                            .map_or(v, |b| if *max { b.max(v) } else { b.min(v) }),
                    );
                    Ok(())
                }
                _ => self.fold_after(pos, fold, acc),
            };
        }
        if self.need.is_some_and(|n| n != taken) {
            return Ok(());
        }
        if let Fold::Most = fold {
            let best = acc.best.get_or_insert(0);
            if taken as i64 <= *best {
                return Ok(());
            }
        }
        if !self.e.t.legal && matches!(fold, Fold::Ends | Fold::Count(None)) {
            return self.fold_one(ends, fold, acc);
        }
        if !self.needs_finish(captured) {
            return self.fold_legal(pos, ends, taken, fold, acc);
        }
        let mut done = self.take_walk_pos(pos);
        finish(&self.e, &mut done, ends.to, captured);
        let r = self.fold_legal(&done, ends, taken, fold, acc);
        self.put_walk_pos(done);
        r
    }

    /// Whether `cond` holds after a complete move of plain rules (see
    /// [`crate::compile::tables::Tables::plain`]), as [`Fold::Count`] would count it: `pos`
    /// is the position during its last step (finished first when the move needs it), `last`
    /// the square the move ends on.
    pub(super) fn holds_after(
        &mut self,
        pos: &Position,
        last: u32,
        captured: bool,
        cond: &'p Expr,
    ) -> Result<bool, RunError> {
        debug_assert!(self.e.t.plain && self.need.is_none());
        if !self.needs_finish(captured) {
            return Ok(self.eval_inside(cond, pos, pos.mover)? != 0);
        }
        let mut done = self.take_walk_pos(pos);
        finish(&self.e, &mut done, last, captured);
        let r = self.eval_inside(cond, &done, done.mover);
        self.put_walk_pos(done);
        Ok(r? != 0)
    }

    /// Folds in a complete move if the position after it meets the `legal if` conditions
    /// (and repeats no position the rules forbid, and is not a capture folded in already).
    fn fold_legal(
        &mut self,
        after: &Position,
        ends: MoveEnds,
        taken: u32,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        if self.e.t.legal && !self.legal(after)? {
            return Ok(());
        }
        match fold {
            Fold::Most => {
                acc.best = Some(acc.best.unwrap_or(0).max(taken as i64));
                return Ok(());
            }
            Fold::Taken => {
                acc.moves_list.push(self.scratch.path.clone());
                acc.taken.push(taken);
                return Ok(());
            }
            _ => {}
        }
        if self.e.p.identical_one && taken >= 2 && self.seen_before(after, ends, fold, acc) {
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

    /// Whether the walk keeps the steps of the move it is in: to write moves out, or to
    /// tell the order of their captures (`identical captures in the same order ...`).
    fn keeps_path(&self, fold: &Fold<'p>) -> bool {
        fold.keeps_path() || self.e.p.identical_ordered
    }

    /// Under `identical captures are one move`: whether a move of several captures with
    /// the same start and end squares, leaving the same board (and, `in the same order`,
    /// taking its pieces in the same order), was folded in already. The move written out is
    /// the one whose squares come first in square order.
    fn seen_before(
        &mut self,
        after: &Position,
        ends: MoveEnds,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> bool {
        let n = after.cells.len();
        let (ordered, keeps_path) = (self.e.p.identical_ordered, self.keeps_path(fold));
        let Scratch {
            seen, boards, path, ..
        } = &mut self.scratch;
        let same = |s: &&mut Seen| {
            s.from == ends.from
                && s.to == ends.to
                && boards[s.board..s.board + n] == after.cells
                && (!ordered || jumped(&s.path).eq(jumped(path)))
        };
        if let Some(seen) = seen[acc.seen_from..].iter_mut().find(same) {
            let squares = |p: &[Step]| p.iter().map(|s| s.to).collect::<Vec<u32>>();
            if fold.keeps_path() && squares(path) < squares(&seen.path) {
                seen.path.clone_from(path);
                if let Fold::Moves(_) = fold
                    && seen.index < acc.moves_list.len()
                {
                    acc.moves_list[seen.index].clone_from(path);
                }
            }
            return true;
        }
        seen.push(Seen {
            from: ends.from,
            to: ends.to,
            board: boards.len(),
            path: if keeps_path { path.clone() } else { Vec::new() },
            index: acc.moves_list.len(),
        });
        boards.extend_from_slice(&after.cells);
        false
    }

    /// Whether the position after a complete move (its mover still the side that moved)
    /// meets every `legal if` condition, and brings back no board the rules forbid.
    pub(super) fn legal(&mut self, after: &Position) -> Result<bool, RunError> {
        // Taken first: what is asked below may walk other moves.
        let known = std::mem::take(&mut self.legal_known);
        if let Some(rule) = self.e.p.no_repeat
            && self.history.repeats(rule, &after.cells)
        {
            return Ok(false);
        }
        if self.e.p.unchanged.is_some() && !self.changes_turn(after)? {
            return Ok(false);
        }
        if self.e.t.leaves_not && self.leaves_forbidden(after)? {
            return Ok(false);
        }
        if known {
            return Ok(true);
        }
        if let Some(holds) = self.guard_holds(after)? {
            return Ok(holds);
        }
        Ok(self.failed_legal(after)?.is_none())
    }

    /// Under `unless that leaves COND`: whether the position after a move of such a statement
    /// (its mover still the side that moved) meets one of its conditions, asked with the turn
    /// passed on and `own` the side that moved.
    pub fn leaves_forbidden(&mut self, after: &Position) -> Result<bool, RunError> {
        let p = self.e.p;
        let conds = &p.moves[after.last.1 as usize].leaves_not;
        if conds.is_empty() || self.in_leaves {
            return Ok(false);
        }
        let mut next = self.take_walk_pos(after);
        self.in_leaves = true;
        let r = self.hand_over(&mut next).and_then(|()| {
            for (c, _) in conds {
                if self.eval_inside(c, &next, after.mover)? != 0 {
                    return Ok(true);
                }
            }
            Ok(false)
        });
        self.in_leaves = false;
        self.put_walk_pos(next);
        r
    }

    /// Under `no turn may leave the board unchanged`: false if the move that led to `after`
    /// ends its turn with the board as the turn found it, and the game goes on.
    pub fn changes_turn(&mut self, after: &Position) -> Result<bool, RunError> {
        if self.turn_goes_on(after)
            || after.turn_start.is_empty()
            || after.cells != after.turn_start
        {
            return Ok(true);
        }
        let mut next = self.take_walk_pos(after);
        let r = self.side_after(&next).and_then(|side| {
            next.mover = side;
            self.over(&next)
        });
        self.put_walk_pos(next);
        r
    }

    /// The first `legal if` condition the position after a complete move fails, if any.
    pub fn failed_legal(&mut self, after: &Position) -> Result<Option<usize>, RunError> {
        let p = self.e.p;
        for (i, (cond, _)) in p.legal.iter().enumerate() {
            if self.eval_inside(cond, after, after.mover)? == 0 {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// The common body of a max or min over moves, a count of pieces, for the position
    /// `after` a move: read off the piece counts, without the evaluator.
    #[inline(always)]
    fn best_count(&self, after: &Position, body: &Expr) -> i64 {
        match body {
            Expr::CountSet(f) => count_set(&self.e.t, after, after.mover, *f, self.e.g.n) as i64,
            _ => unreachable!("a count of pieces"),
        }
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
                if self.eval_inside(c, after, side)? != 0 {
                    acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?;
                }
            }
            Fold::Best { max, body } => {
                let v = match body {
                    Expr::CountSet(_) => self.best_count(after, body),
                    _ => self.eval_inside(body, after, side)?,
                };
                acc.best = Some(match acc.best {
                    None => v,
                    Some(b) if *max => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            Fold::Collect => {
                self.keep_position(acc, after);
            }
            Fold::Nth(k) => {
                if acc.count == *k {
                    self.keep_position(acc, after);
                    self.scratch.halted = true;
                }
                acc.count += 1;
            }
            Fold::Moves(limit) => {
                if acc.moves_list.len() < *limit {
                    // In a list from the pool: a caller that lists the moves of position
                    // after position gives the lists back (Generator::recycle_moves).
                    let mut steps = self.take_steps();
                    steps.clone_from(&self.scratch.path);
                    acc.moves_list.push(steps);
                }
            }
            // Answered in `visit` without a position, or before the move is folded in.
            Fold::Ends | Fold::Count(None) | Fold::Most | Fold::Taken => {}
        }
        Ok(())
    }

    /// Writes `after` into the next of `acc.positions` (reusing its memory), or a new one.
    fn keep_position(&mut self, acc: &mut Acc, after: &Position) {
        match acc.positions.get_mut(acc.filled) {
            Some(p) if p.cells.len() == after.cells.len() => p.copy_from(after),
            Some(p) => *p = after.clone(),
            None => {
                let p = self.take_pos(after);
                acc.positions.push(p);
            }
        }
        acc.filled += 1;
    }

    /// The legal moves, each as the steps it takes (one, or a chain of jumps), in the
    /// generator's order: the first `limit` of them, and how many there are in all.
    pub fn move_list(
        &mut self,
        pos: &Position,
        limit: usize,
    ) -> Result<(Vec<Vec<Step>>, u64), RunError> {
        let mut list = Vec::new();
        let n = self.move_list_into(pos, limit, &mut list)?;
        Ok((list, n))
    }

    /// [`Runner::move_list`] written into `out` (emptied first; its lists should have been
    /// given back with [`Runner::recycle_steps`]), whose room is kept from one position to
    /// the next (a list made afresh grows several times for a position of a few dozen moves).
    pub fn move_list_into(
        &mut self,
        pos: &Position,
        limit: usize,
        out: &mut Vec<Vec<Step>>,
    ) -> Result<u64, RunError> {
        let mut acc = Acc {
            moves_list: std::mem::take(out),
            ..Acc::default()
        };
        acc.moves_list.clear();
        let walked = self.walk(pos, &Fold::Moves(limit), &mut acc);
        *out = acc.moves_list;
        walked.map(|()| acc.moves)
    }

    /// Under `taking the most`: the captures from (or placed on) `sq` that the rule turns
    /// down, each as its steps with the pieces it takes, and the most any move takes.
    pub fn fewer_taken(&mut self, pos: &Position, sq: u32) -> Result<(Vec<Taken>, u32), RunError> {
        if !self.e.p.captures_most {
            return Ok((Vec::new(), 0));
        }
        let mut acc = Acc::default();
        let outer = std::mem::replace(&mut self.every_capture, true);
        let r = self.walk(pos, &Fold::Taken, &mut acc);
        self.every_capture = outer;
        r?;
        let most = acc.taken.iter().copied().max().unwrap_or(0);
        let here = |p: &Vec<Step>| {
            p.first()
                .is_some_and(|s| s.from == sq || s.from == NONE && s.to == sq)
        };
        let fewer = acc
            .moves_list
            .into_iter()
            .zip(acc.taken)
            .filter(|(p, n)| *n < most && here(p))
            .collect();
        Ok((fewer, most))
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

    /// The position after the legal move of index `k` in the order of
    /// [`Runner::successors`], with the next side to move, made alone (the moves before it
    /// are walked and counted, not made): none when there are not that many moves. With it,
    /// how many moves the walk saw (0: the side to move has none).
    pub fn nth_successor(
        &mut self,
        pos: &Position,
        k: u64,
    ) -> Result<(Option<Position>, u64), RunError> {
        self.nth_marked(pos, k, Vec::new())
    }

    /// [`Runner::nth_successor`], given the marks of a walk that counted the moves of `pos`
    /// (see [`Acc::marks`]): the first steps whose moves all come before it are passed by.
    pub(super) fn nth_marked(
        &mut self,
        pos: &Position,
        k: u64,
        marks: Vec<u64>,
    ) -> Result<(Option<Position>, u64), RunError> {
        let mut acc = Acc {
            positions: std::mem::take(&mut self.scratch.successors),
            marks,
            ..Acc::default()
        };
        acc.positions.truncate(1);
        let walked = self.walk(pos, &Fold::Nth(k), &mut acc);
        self.scratch.halted = false;
        let found = match walked {
            Ok(()) if acc.filled == 1 => Ok(Some(acc.positions.swap_remove(0))),
            Ok(()) => Ok(None),
            Err(e) => Err(e),
        };
        self.scratch.successors = acc.positions;
        self.scratch.marks = acc.marks;
        let Some(mut after) = found? else {
            return Ok((None, acc.moves));
        };
        if let Err(e) = self.hand_over(&mut after) {
            self.put_pos(after);
            return Err(e);
        }
        Ok((Some(after), acc.moves))
    }

    /// The positions after each legal move, with the next side to move.
    pub fn successors(&mut self, pos: &Position, out: &mut Vec<Position>) -> Result<(), RunError> {
        // The positions already in `out` are written over, and the pool gives the rest:
        // listing the moves of a game allocates nothing once the buffers are warm.
        let mut acc = Acc {
            positions: std::mem::take(out),
            ..Acc::default()
        };
        let r = self.walk(pos, &Fold::Collect, &mut acc);
        let filled = acc.filled;
        for p in acc.positions.drain(filled..) {
            self.scratch.pos_pool.push(p);
        }
        let mut handed = Ok(());
        for p in &mut acc.positions {
            if let Err(e) = self.hand_over(p) {
                handed = Err(e);
                break;
            }
        }
        *out = acc.positions;
        r.and(handed)
    }
}

/// The squares of the pieces a move's steps jumped, in order.
fn jumped(path: &[Step]) -> impl Iterator<Item = u32> + '_ {
    path.iter().map(|s| s.over).filter(|&o| o != NONE)
}
