//! Counting the moves after which a condition holds, sharing the work of chains of jumps
//! that reach the same state (same pieces taken, same square, piece, last direction and
//! rule): a chain's count depends on nothing else when no move both chains and flips.

use std::hash::Hash;

use super::movegen::{ChainAt, chain_at};
use super::runner::{MAX_CHAIN, Memo, Runner};
use crate::program::Expr;
use crate::run::error::{RunError, count_overflow};
use crate::run::position::Position;
use crate::run::step::NONE;

impl<'p> Runner<'p> {
    /// The number of complete moves after which `cond` holds.
    pub(super) fn count_dp(&mut self, pos: &Position, cond: &'p Expr) -> Result<u64, RunError> {
        let outer = self.need.take();
        let r = self.count_memoised(pos, cond);
        self.need = outer;
        r
    }

    fn count_memoised(&mut self, pos: &Position, cond: &'p Expr) -> Result<u64, RunError> {
        empty(&mut self.scratch.memo);
        empty(&mut self.scratch.memo_big);
        if self.over(pos)? {
            return Ok(0);
        }
        let mut steps = self.take_steps();
        if let Err(e) = self.first_steps(pos, &mut steps) {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        let big = self.e.g.n > 128;
        let mut total = 0u64;
        self.play_each(pos, steps, |r, st, next| {
            let n = if !r.continues(st) {
                r.holds_after(next, st.to, st.over != NONE, cond)? as u64
            } else {
                let at = chain_at(st, pos, next);
                if big {
                    let mut key = vec![0u64; r.e.g.n.div_ceil(64)].into_boxed_slice();
                    key[st.over as usize / 64] |= 1 << (st.over % 64);
                    r.dp(next, at, st.from, key, cond, 1)?
                } else {
                    r.dp(next, at, st.from, 1u128 << st.over, cond, 1)?
                }
            };
            total = total.checked_add(n).ok_or_else(count_overflow)?;
            Ok(())
        })?;
        Ok(total)
    }

    /// The count of the chain that stands at `at`, having taken `taken`.
    fn dp<K: TakenSet>(
        &mut self,
        pos: &Position,
        at: ChainAt,
        origin: u32,
        taken: K,
        cond: &'p Expr,
        depth: usize,
    ) -> Result<u64, RunError> {
        if depth > MAX_CHAIN {
            return Err(RunError::new(format!(
                "a chain of more than {MAX_CHAIN} jumps"
            )));
        }
        self.tick()?;
        let state = (at.sq as u64)
            | (at.last_dir as u64) << 32
            | (pos.cells[at.sq as usize] as u64) << 48
            | (at.rule as u64) << 56;
        if let Some(v) = K::get(self, &taken, state, origin) {
            return Ok(v);
        }
        if self.stops_between(pos, &at)? || self.rest_skipped(pos, &at)? {
            return Ok(self.holds_after(pos, at.sq, true, cond)? as u64);
        }
        let mut steps = self.take_steps();
        if let Err(e) = self.chain_steps(pos, at, &mut steps) {
            self.scratch.step_pool.push(steps);
            return Err(e);
        }
        let mut total = 0u64;
        if steps.is_empty() || !self.must_go_on(&at) {
            match self.holds_after(pos, at.sq, true, cond) {
                Ok(holds) => total = holds as u64,
                Err(e) => {
                    self.scratch.step_pool.push(steps);
                    return Err(e);
                }
            }
        }
        self.play_each(pos, steps, |r, st, next| {
            let at = chain_at(st, pos, next);
            let n = r.dp(next, at, origin, taken.with(st.over), cond, depth + 1)?;
            total = total.checked_add(n).ok_or_else(count_overflow)?;
            Ok(())
        })?;
        K::put(self, taken, state, origin, total);
        Ok(total)
    }
}

/// Empties a memo for the next count. Emptying a table costs as much as its capacity
/// (every slot is marked free) and sweeps that much memory through the cache, so a table
/// one large count grew is let go when the count before used a small part of it: each
/// count then pays for about what it used, not for the largest one so far.
fn empty<K>(memo: &mut Memo<K>) {
    let used = memo.len();
    if memo.capacity() > 1024 && memo.capacity() > 8 * used {
        *memo = Memo::with_capacity_and_hasher(2 * used, Default::default());
    } else {
        memo.clear();
    }
}

/// The set of squares emptied by captures so far in a chain: the memo key.
trait TakenSet: Clone + Eq + Hash + Sized {
    fn with(&self, sq: u32) -> Self;
    fn get(r: &Runner, k: &Self, state: u64, origin: u32) -> Option<u64>;
    fn put(r: &mut Runner, k: Self, state: u64, origin: u32, v: u64);
}

impl TakenSet for u128 {
    fn with(&self, sq: u32) -> Self {
        self | 1 << sq
    }
    fn get(r: &Runner, k: &Self, state: u64, origin: u32) -> Option<u64> {
        r.scratch.memo.get(&(*k, state, origin)).copied()
    }
    fn put(r: &mut Runner, k: Self, state: u64, origin: u32, v: u64) {
        r.scratch.memo.insert((k, state, origin), v);
    }
}

impl TakenSet for Box<[u64]> {
    fn with(&self, sq: u32) -> Self {
        let mut k = self.clone();
        k[sq as usize / 64] |= 1 << (sq % 64);
        k
    }
    fn get(r: &Runner, k: &Self, state: u64, origin: u32) -> Option<u64> {
        r.scratch.memo_big.get(&(k.clone(), state, origin)).copied()
    }
    fn put(r: &mut Runner, k: Self, state: u64, origin: u32, v: u64) {
        r.scratch.memo_big.insert((k, state, origin), v);
    }
}
