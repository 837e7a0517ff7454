//! Answers the questions a rules file asks about a position: expressions, move lists,
//! the best value over moves, and counts of moves (by dynamic programming over chains).

use std::hash::Hash;
use std::rc::Rc;

use super::apply::{apply, finish};
use super::fxhash::FxHashMap;
use super::movegen::{ChainAt, Gen, matches_filter};
use super::position::Position;
use super::regions::{self, Fill, Regions};
use super::step::{NONE, Step};
use super::trace::{Off, Trace};
use crate::compile::Tables;
use crate::compile::geometry::Geometry;
use crate::program::*;

/// A failure while answering a question about a valid position.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct RunError {
    pub message: String,
    /// The search ran out of its node or time budget (exit code 5).
    pub budget: bool,
}

impl RunError {
    pub fn new(message: impl Into<String>) -> RunError {
        RunError {
            message: message.into(),
            budget: false,
        }
    }
}

/// Limits on a search: nodes expanded and wall-clock time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    pub max_nodes: Option<u64>,
    pub deadline: Option<std::time::Instant>,
}

/// The deepest chain of jumps followed before giving up (keeps the stack bounded).
pub const MAX_CHAIN: usize = 10_000;

/// A finished move as the queries see it: where it started and where it ended.
#[derive(Debug, Clone, Copy)]
pub struct MoveEnds {
    pub from: u32,
    pub to: u32,
}

enum Fold<'e> {
    Count(Option<&'e Expr>),
    Best {
        max: bool,
        body: &'e Expr,
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

#[derive(Default)]
struct Acc {
    count: u64,
    best: Option<i64>,
    ends: Vec<MoveEnds>,
    /// Complete moves seen.
    moves: u64,
    divide: Vec<(String, u64)>,
    positions: Vec<Position>,
    moves_list: Vec<Vec<Step>>,
}

pub struct Runner<'p> {
    pub p: &'p Program,
    pub t: Tables,
    pub g: Rc<Geometry>,
    pub vars: Vec<i64>,
    line_counts: Vec<u32>,
    flip_stack: Vec<u32>,
    step_pool: Vec<Vec<Step>>,
    pos_pool: Vec<Position>,
    let_cache: Vec<Option<i64>>,
    region_cache: Vec<Option<Regions>>,
    fill: Fill,
    scratch_regions: Regions,
    memo: FxHashMap<(u128, u64, u32), u64>,
    memo_big: FxHashMap<(Box<[u64]>, u64, u32), u64>,
    chains: bool,
    /// The number of moves in the current position, once something has counted them.
    move_count: Option<u64>,
    /// The steps of the move being walked, when a query writes moves out.
    path: Vec<Step>,
    /// Scratch for the generator: the mover's pieces.
    own: Vec<u32>,
    /// Limits on searching, and the nodes expanded so far.
    pub budget: Budget,
    nodes: u64,
    /// Some move leaves captured pieces on the board until it ends.
    ghosts: bool,
}

impl<'p> Runner<'p> {
    pub fn new(p: &'p Program, g: Rc<Geometry>) -> Runner<'p> {
        Runner {
            p,
            t: Tables::new(p),
            g,
            vars: vec![0; p.vars.len()],
            line_counts: Vec::new(),
            flip_stack: Vec::new(),
            step_pool: Vec::new(),
            pos_pool: Vec::new(),
            let_cache: vec![None; p.lets.len()],
            region_cache: vec![None; p.regions.len()],
            fill: Fill::default(),
            scratch_regions: Regions::default(),
            memo: FxHashMap::default(),
            memo_big: FxHashMap::default(),
            chains: p.moves.iter().any(|m| m.chain.is_some()),
            move_count: None,
            path: Vec::new(),
            own: Vec::new(),
            budget: Budget::default(),
            nodes: 0,
            ghosts: p.moves.iter().any(|m| !m.capture_at_once),
        }
    }

    /// Forgets what was cached about the previous position.
    pub fn new_position(&mut self) {
        self.let_cache.iter_mut().for_each(|c| *c = None);
        self.region_cache.iter_mut().for_each(|c| *c = None);
        self.move_count = None;
    }

    /// Counts one node of a search against the budget.
    #[inline]
    fn tick(&mut self) -> Result<(), RunError> {
        self.nodes += 1;
        if let Some(max) = self.budget.max_nodes
            && self.nodes > max
        {
            return Err(RunError {
                message: format!("the search went past its budget of {max} nodes (--max-nodes)"),
                budget: true,
            });
        }
        if let Some(deadline) = self.budget.deadline
            && self.nodes.is_multiple_of(64)
            && std::time::Instant::now() > deadline
        {
            return Err(RunError {
                message: "the search ran past its time limit (--timeout)".into(),
                budget: true,
            });
        }
        Ok(())
    }

    fn take_steps(&mut self) -> Vec<Step> {
        self.step_pool.pop().unwrap_or_default()
    }

    fn take_pos(&mut self, from: &Position) -> Position {
        match self.pos_pool.pop() {
            Some(mut p) if p.cells.len() == from.cells.len() => {
                p.copy_from(from);
                p
            }
            _ => from.clone(),
        }
    }

    /// The first steps of every move, from the compiled generator.
    pub fn first_steps(&mut self, pos: &Position, out: &mut Vec<Step>) -> Result<(), RunError> {
        self.first_steps_traced(pos, out, &mut Off)
    }

    /// [`Runner::first_steps`], telling `trace` what the generator turned down.
    pub fn first_steps_traced<T: Trace>(
        &mut self,
        pos: &Position,
        out: &mut Vec<Step>,
        trace: &mut T,
    ) -> Result<(), RunError> {
        let (p, g) = (self.p, &*self.g);
        let vars = &self.vars;
        let mut err = None;
        let t = &self.t;
        let mut distance = |e: &Expr, pos: &Position, sq: usize, d: DirId| -> i64 {
            match eval_plain(p, t, g, vars, e, pos, pos.mover, Some((sq, d))) {
                Ok(v) => v,
                Err(e) => {
                    err = Some(e);
                    0
                }
            }
        };
        let mut gen_ = Gen {
            p,
            t,
            g,
            line_counts: &mut self.line_counts,
            distance_expr: &mut distance,
            own: &mut self.own,
            trace,
        };
        gen_.first_steps(pos, out);
        err.map_or(Ok(()), Err)
    }

    fn chain_steps(&mut self, pos: &Position, at: ChainAt, out: &mut Vec<Step>) {
        self.chain_steps_traced(pos, at, out, &mut Off);
    }

    /// The jumps that go on with a chain from `at`, telling `trace` what it turned down.
    pub fn chain_steps_traced<T: Trace>(
        &mut self,
        pos: &Position,
        at: ChainAt,
        out: &mut Vec<Step>,
        trace: &mut T,
    ) {
        let no_rev = self.p.moves[at.rule as usize]
            .chain
            .is_some_and(|c| c.no_turning_back);
        let g = self.g.clone();
        let mut never = |_: &Expr, _: &Position, _: usize, _: DirId| 0;
        let mut gen_ = Gen {
            p: self.p,
            t: &self.t,
            g: &g,
            line_counts: &mut self.line_counts,
            distance_expr: &mut never,
            own: &mut self.own,
            trace,
        };
        gen_.chain_steps(pos, at, no_rev, out);
    }

    /// The start and end squares of every legal move, in generation order.
    pub fn move_ends(&mut self, pos: &Position, ends: &mut Vec<MoveEnds>) -> Result<(), RunError> {
        ends.clear();
        if !self.chains {
            let mut steps = self.take_steps();
            let r = self.first_steps(pos, &mut steps);
            ends.extend(steps.iter().map(|s| MoveEnds {
                from: s.from,
                to: s.to,
            }));
            self.step_pool.push(steps);
            self.move_count = Some(ends.len() as u64);
            return r;
        }
        let mut acc = Acc {
            ends: std::mem::take(ends),
            ..Acc::default()
        };
        let r = self.walk(pos, &Fold::Ends, &mut acc);
        self.move_count = Some(acc.ends.len() as u64);
        *ends = acc.ends;
        r
    }

    /// Evaluates an expression about `pos` as seen by `side`.
    pub fn eval(&mut self, e: &Expr, pos: &Position, side: SideId) -> Result<i64, RunError> {
        self.eval_at(e, pos, side, true, 0)
    }

    fn eval_at(
        &mut self,
        e: &Expr,
        pos: &Position,
        side: SideId,
        top: bool,
        size: i64,
    ) -> Result<i64, RunError> {
        Ok(match e {
            Expr::Let(l) => {
                if top && let Some(v) = self.let_cache[*l] {
                    return Ok(v);
                }
                let v = self.eval_at(&self.p.lets[*l], pos, side, top, size)?;
                if top {
                    self.let_cache[*l] = Some(v);
                }
                v
            }
            Expr::Size => size,
            Expr::CountSet(f) => count_set(&self.t, pos, side, *f, self.g.n) as i64,
            Expr::Neg(x) => self
                .eval_at(x, pos, side, top, size)?
                .checked_neg()
                .ok_or_else(overflow)?,
            Expr::Not(x) => (self.eval_at(x, pos, side, top, size)? == 0) as i64,
            Expr::Bin(op, a, b) => {
                let x = self.eval_at(a, pos, side, top, size)?;
                match op {
                    Op::And if x == 0 => return Ok(0),
                    Op::Or if x != 0 => return Ok(1),
                    _ => {}
                }
                let y = self.eval_at(b, pos, side, top, size)?;
                binary(*op, x, y)?
            }
            Expr::CountRegions(spec, border) => {
                let regions = self.regions(pos, side, *spec, top);
                let v = (0..regions.sizes.len())
                    .filter(|&i| border_ok(*border, regions.borders[i]))
                    .count() as i64;
                self.put_regions(*spec, regions, top);
                v
            }
            Expr::RegionSum(body, spec, border) => {
                let regions = self.regions(pos, side, *spec, top);
                let mut total: i64 = 0;
                let mut res = Ok(());
                for i in 0..regions.sizes.len() {
                    if !border_ok(*border, regions.borders[i]) {
                        continue;
                    }
                    let v = match **body {
                        Expr::Size => regions.sizes[i] as i64,
                        _ => match self.eval_at(body, pos, side, false, regions.sizes[i] as i64) {
                            Ok(v) => v,
                            Err(e) => {
                                res = Err(e);
                                break;
                            }
                        },
                    };
                    total = total.checked_add(v).ok_or_else(overflow)?;
                }
                self.put_regions(*spec, regions, top);
                res?;
                total
            }
            Expr::CountMoves(None) if top && self.move_count.is_some() => {
                self.move_count.unwrap_or(0) as i64
            }
            Expr::CountMoves(cond) => {
                let mut acc = Acc::default();
                match cond {
                    Some(c) if self.chains && self.chains_memoisable() => {
                        self.count_dp(pos, c, &mut acc)?
                    }
                    _ => self.walk(pos, &Fold::Count(cond.as_deref()), &mut acc)?,
                }
                if top && cond.is_none() {
                    self.move_count = Some(acc.count);
                }
                i64::try_from(acc.count).map_err(|_| overflow())?
            }
            Expr::Best { max, body } => {
                let mut acc = Acc::default();
                self.walk(pos, &Fold::Best { max: *max, body }, &mut acc)?;
                acc.best.ok_or_else(|| {
                    RunError::new(format!(
                        "there is no move to take the {} over",
                        if *max { "max" } else { "min" }
                    ))
                })?
            }
            _ => eval_plain(self.p, &self.t, &self.g, &self.vars, e, pos, side, None)?,
        })
    }

    fn regions(&mut self, pos: &Position, side: SideId, spec: usize, top: bool) -> Regions {
        if top && let Some(r) = self.region_cache[spec].take() {
            return r;
        }
        let mut out = std::mem::take(&mut self.scratch_regions);
        regions::find(
            &self.t,
            &self.g,
            pos,
            side,
            &self.p.regions[spec],
            &self.g.adjacency[spec],
            &mut self.fill,
            &mut out,
        );
        out
    }

    fn put_regions(&mut self, spec: usize, r: Regions, top: bool) {
        if top {
            self.region_cache[spec] = Some(r);
        } else {
            self.scratch_regions = r;
        }
    }

    /// Chains can be counted by memo when the position inside a chain depends only on
    /// which pieces were taken and where the moving piece stands (no flips).
    fn chains_memoisable(&self) -> bool {
        self.p
            .moves
            .iter()
            .all(|m| m.chain.is_none() || m.flip.is_none())
    }

    /// Visits every complete move.
    fn walk(&mut self, pos: &Position, fold: &Fold, acc: &mut Acc) -> Result<(), RunError> {
        self.tick()?;
        let mut steps = self.take_steps();
        let r = self.first_steps(pos, &mut steps);
        if r.is_ok() {
            // Listing and plain counting need no position after a move that ends at once.
            let blind = matches!(fold, Fold::Ends | Fold::Count(None));
            for st in &steps {
                if blind && !self.continues(st) {
                    let ends = MoveEnds {
                        from: st.from,
                        to: st.to,
                    };
                    if let Err(e) = self.visit(pos, ends, false, fold, acc) {
                        self.step_pool.push(steps);
                        return Err(e);
                    }
                    continue;
                }
                if let Fold::Divide(_) | Fold::Moves(_) = fold {
                    self.path.clear();
                    self.path.push(*st);
                }
                let mut next = self.take_pos(pos);
                apply(
                    self.p,
                    &self.t,
                    &self.g,
                    &mut next,
                    st,
                    &mut self.flip_stack,
                );
                let captured = st.over != NONE;
                let res = if self.continues(st) {
                    self.walk_chain(&next, chain_at(st, pos, &next), st.from, fold, acc, 1)
                } else if let (Fold::Perft(depth), false) =
                    (fold, (captured && self.ghosts) || self.t.promote_at_end)
                {
                    // Perft's hot path: the move is complete and needs no finishing, so the
                    // position just played is the next node (no second copy).
                    acc.moves += 1;
                    next.mover = self.next_side(next.mover);
                    self.perft(&next, depth - 1)
                        .and_then(|n| acc.count.checked_add(n).ok_or_else(count_overflow))
                        .map(|c| acc.count = c)
                } else {
                    self.visit(
                        &next,
                        MoveEnds {
                            from: st.from,
                            to: st.to,
                        },
                        st.over != NONE,
                        fold,
                        acc,
                    )
                };
                self.pos_pool.push(next);
                if res.is_err() {
                    self.step_pool.push(steps);
                    return res;
                }
            }
        }
        self.step_pool.push(steps);
        r
    }

    /// True if the step is a jump that a chain may go on from.
    pub fn continues(&self, st: &Step) -> bool {
        st.over != NONE && self.p.moves[st.rule as usize].chain.is_some()
    }

    fn walk_chain(
        &mut self,
        pos: &Position,
        at: ChainAt,
        origin: u32,
        fold: &Fold,
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
        self.chain_steps(pos, at, &mut steps);
        let must = self.p.moves[at.rule as usize].chain.is_some_and(|c| c.must);
        let mut res = Ok(());
        if steps.is_empty() || !must {
            res = self.visit(
                pos,
                MoveEnds {
                    from: origin,
                    to: at.sq,
                },
                true,
                fold,
                acc,
            );
        }
        if res.is_ok() {
            for st in &steps {
                let keeps_path = matches!(fold, Fold::Divide(_) | Fold::Moves(_));
                if keeps_path {
                    self.path.push(*st);
                }
                let mut next = self.take_pos(pos);
                apply(
                    self.p,
                    &self.t,
                    &self.g,
                    &mut next,
                    st,
                    &mut self.flip_stack,
                );
                res = self.walk_chain(
                    &next,
                    chain_at(st, pos, &next),
                    origin,
                    fold,
                    acc,
                    depth + 1,
                );
                self.pos_pool.push(next);
                if keeps_path {
                    self.path.pop();
                }
                if res.is_err() {
                    break;
                }
            }
        }
        self.step_pool.push(steps);
        res
    }

    /// A complete move has been played: `pos` is the position during its last step.
    fn visit(
        &mut self,
        pos: &Position,
        ends: MoveEnds,
        captured: bool,
        fold: &Fold,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        acc.moves += 1;
        if let Fold::Ends = fold {
            acc.ends.push(ends);
            return Ok(());
        }
        if let Fold::Count(None) = fold {
            acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?;
            return Ok(());
        }
        let needs_finish = (captured && self.ghosts) || self.t.promote_at_end;
        let done = needs_finish.then(|| {
            let mut d = self.take_pos(pos);
            finish(&self.t, &self.g, &mut d, ends.to, captured);
            d
        });
        let after = done.as_ref().unwrap_or(pos);
        let side = pos.mover;
        let r = match fold {
            Fold::Count(Some(c)) => {
                if self.eval_at(c, after, side, false, 0)? != 0 {
                    acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?;
                }
                Ok(())
            }
            Fold::Best { max, body } => {
                let v = self.eval_at(body, after, side, false, 0)?;
                acc.best = Some(match acc.best {
                    None => v,
                    Some(b) if *max => b.max(v),
                    Some(b) => b.min(v),
                });
                Ok(())
            }
            Fold::Perft(depth) | Fold::Divide(depth) => {
                let mut next = self.take_pos(after);
                next.mover = self.next_side(next.mover);
                let n = self.perft(&next, depth - 1);
                self.pos_pool.push(next);
                let n = n?;
                if let Fold::Divide(_) = fold {
                    let text = self.path_text();
                    acc.divide.push((text, n));
                }
                acc.count = acc.count.checked_add(n).ok_or_else(count_overflow)?;
                Ok(())
            }
            Fold::Collect => {
                acc.positions.push(after.clone());
                Ok(())
            }
            Fold::Moves(limit) => {
                if acc.moves_list.len() < *limit {
                    acc.moves_list.push(self.path.clone());
                }
                Ok(())
            }
            _ => Ok(()),
        };
        if let Some(d) = done {
            self.pos_pool.push(d);
        }
        r
    }

    /// Counts complete moves satisfying `cond`, sharing the work of chains that reach the
    /// same position (same pieces taken, same square, kind and last direction).
    fn count_dp(&mut self, pos: &Position, cond: &Expr, acc: &mut Acc) -> Result<(), RunError> {
        self.memo.clear();
        self.memo_big.clear();
        let mut steps = self.take_steps();
        let r = self.first_steps(pos, &mut steps);
        let big = self.g.n > 128;
        let mut res = r;
        if res.is_ok() {
            for st in &steps {
                let mut next = self.take_pos(pos);
                apply(
                    self.p,
                    &self.t,
                    &self.g,
                    &mut next,
                    st,
                    &mut self.flip_stack,
                );
                let n = if !self.continues(st) {
                    let mut a = Acc::default();
                    self.visit(
                        &next,
                        MoveEnds {
                            from: st.from,
                            to: st.to,
                        },
                        st.over != NONE,
                        &Fold::Count(Some(cond)),
                        &mut a,
                    )
                    .map(|_| a.count)
                } else if big {
                    let mut key = vec![0u64; self.g.n.div_ceil(64)].into_boxed_slice();
                    key[st.over as usize / 64] |= 1 << (st.over % 64);
                    self.dp(&next, chain_at(st, pos, &next), st.from, key, cond, 1)
                } else {
                    self.dp(
                        &next,
                        chain_at(st, pos, &next),
                        st.from,
                        1u128 << st.over,
                        cond,
                        1,
                    )
                };
                self.pos_pool.push(next);
                match n.and_then(|n| acc.count.checked_add(n).ok_or_else(count_overflow)) {
                    Ok(c) => acc.count = c,
                    Err(e) => {
                        res = Err(e);
                        break;
                    }
                }
            }
        }
        self.step_pool.push(steps);
        res
    }

    fn dp<K: TakenSet>(
        &mut self,
        pos: &Position,
        at: ChainAt,
        origin: u32,
        taken: K,
        cond: &Expr,
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
        let mut steps = self.take_steps();
        self.chain_steps(pos, at, &mut steps);
        let must = self.p.moves[at.rule as usize].chain.is_some_and(|c| c.must);
        let mut total = 0u64;
        let mut res = Ok(());
        if steps.is_empty() || !must {
            let mut a = Acc::default();
            res = self.visit(
                pos,
                MoveEnds {
                    from: origin,
                    to: at.sq,
                },
                true,
                &Fold::Count(Some(cond)),
                &mut a,
            );
            total = a.count;
        }
        if res.is_ok() {
            for st in &steps {
                let mut next = self.take_pos(pos);
                apply(
                    self.p,
                    &self.t,
                    &self.g,
                    &mut next,
                    st,
                    &mut self.flip_stack,
                );
                let r = self.dp(
                    &next,
                    chain_at(st, pos, &next),
                    origin,
                    taken.with(st.over),
                    cond,
                    depth + 1,
                );
                self.pos_pool.push(next);
                match r.and_then(|n| total.checked_add(n).ok_or_else(count_overflow)) {
                    Ok(t) => total = t,
                    Err(e) => {
                        res = Err(e);
                        break;
                    }
                }
            }
        }
        self.step_pool.push(steps);
        res?;
        K::put(self, taken, state, origin, total);
        Ok(total)
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
        r.memo.get(&(*k, state, origin)).copied()
    }
    fn put(r: &mut Runner, k: Self, state: u64, origin: u32, v: u64) {
        r.memo.insert((k, state, origin), v);
    }
}

impl TakenSet for Box<[u64]> {
    fn with(&self, sq: u32) -> Self {
        let mut k = self.clone();
        k[sq as usize / 64] |= 1 << (sq % 64);
        k
    }
    fn get(r: &Runner, k: &Self, state: u64, origin: u32) -> Option<u64> {
        r.memo_big.get(&(k.clone(), state, origin)).copied()
    }
    fn put(r: &mut Runner, k: Self, state: u64, origin: u32, v: u64) {
        r.memo_big.insert((k, state, origin), v);
    }
}

impl Runner<'_> {
    /// The side that moves after `side`.
    pub fn next_side(&self, side: SideId) -> SideId {
        ((side as usize + 1) % self.p.sides.len()) as SideId
    }

    fn path_text(&self) -> String {
        move_text(&self.g, &self.path)
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

    /// The number of move sequences of exactly `depth` plies from `pos`. A side with no move
    /// passes (a ply) when the game says so and the other side can move; a game that ends
    /// before `depth` contributes nothing.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> Result<u64, RunError> {
        if depth == 0 {
            return Ok(1);
        }
        let mut acc = Acc::default();
        let fold = if depth == 1 {
            Fold::Count(None)
        } else {
            Fold::Perft(depth)
        };
        self.walk(pos, &fold, &mut acc)?;
        if acc.moves > 0 {
            return Ok(acc.count);
        }
        self.after_no_move(pos, |r, passed| r.perft(passed, depth - 1))
    }

    /// What a side with no legal move does: with `no moves: pass` and another side able to
    /// move, `then` continues from the position with that side to move; else the game is over.
    fn after_no_move(
        &mut self,
        pos: &Position,
        then: impl FnOnce(&mut Self, &Position) -> Result<u64, RunError>,
    ) -> Result<u64, RunError> {
        if !self.p.game.as_ref().is_some_and(|g| g.stuck_pass) {
            return Ok(0);
        }
        let mut passed = self.take_pos(pos);
        passed.mover = self.next_side(pos.mover);
        let mut acc = Acc::default();
        let r = self
            .walk(&passed, &Fold::Count(None), &mut acc)
            .and_then(|_| {
                if acc.moves > 0 {
                    then(self, &passed)
                } else {
                    Ok(0)
                }
            });
        self.pos_pool.push(passed);
        r
    }

    /// Perft per first move: each move written as its squares (`pass` for a pass).
    pub fn perft_divide(
        &mut self,
        pos: &Position,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, RunError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let mut acc = Acc::default();
        self.walk(pos, &Fold::Divide(depth), &mut acc)?;
        if acc.moves == 0 {
            let n = self.after_no_move(pos, |r, passed| r.perft(passed, depth - 1))?;
            if n > 0 {
                acc.divide.push(("pass".to_string(), n));
            }
        }
        Ok(acc.divide)
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

/// A move in the game's square notation: its squares joined by `-` (`C3-A5-C7`), a
/// placement's square, or `pass`.
pub fn move_text(g: &Geometry, steps: &[Step]) -> String {
    let Some(first) = steps.first() else {
        return "pass".to_string();
    };
    if first.is_pass() {
        return "pass".to_string();
    }
    let squares = std::iter::once(first.from)
        .filter(|s| *s != NONE)
        .chain(steps.iter().map(|s| s.to));
    let names: Vec<&str> = squares.map(|s| &*g.names[s as usize]).collect();
    names.join("-")
}

/// Where a chain stands after the jump `st` took `before` to `after`.
pub fn chain_at(st: &Step, before: &Position, after: &Position) -> ChainAt {
    chain_after(st, before.cells[st.from as usize], after)
}

/// Where a chain stands after the jump `st` of the piece `moved` led to `after`.
#[inline]
pub fn chain_after(st: &Step, moved: Code, after: &Position) -> ChainAt {
    ChainAt {
        sq: st.to,
        last_dir: st.dir,
        rule: st.rule,
        promoted: after.cells[st.to as usize] != moved,
    }
}

fn overflow() -> RunError {
    RunError::new("a number grew past the 64-bit range")
}

fn count_overflow() -> RunError {
    RunError::new("the count is larger than 18446744073709551615 (the 64-bit limit)")
}

fn border_ok(f: BorderFilter, sides: u32) -> bool {
    match f {
        BorderFilter::All => true,
        BorderFilter::Only(s) => sides == 1 << s,
        BorderFilter::Touches(s) => sides & (1 << s) != 0,
        BorderFilter::Nothing => sides == 0,
    }
}

fn binary(op: Op, x: i64, y: i64) -> Result<i64, RunError> {
    Ok(match op {
        Op::Add => x.checked_add(y).ok_or_else(overflow)?,
        Op::Sub => x.checked_sub(y).ok_or_else(overflow)?,
        Op::Mul => x.checked_mul(y).ok_or_else(overflow)?,
        Op::Eq => (x == y) as i64,
        Op::Ne => (x != y) as i64,
        Op::Lt => (x < y) as i64,
        Op::Le => (x <= y) as i64,
        Op::Gt => (x > y) as i64,
        Op::Ge => (x >= y) as i64,
        Op::And => (x != 0 && y != 0) as i64,
        Op::Or => (x != 0 || y != 0) as i64,
    })
}

/// Expressions that need no move generation and no caches.
#[allow(clippy::too_many_arguments)]
fn eval_plain(
    p: &Program,
    t: &Tables,
    g: &Geometry,
    vars: &[i64],
    e: &Expr,
    pos: &Position,
    side: SideId,
    line: Option<(usize, DirId)>,
) -> Result<i64, RunError> {
    Ok(match e {
        Expr::Int(v) => *v,
        Expr::Var(v) => vars[*v],
        Expr::ToMove(s) => (pos.mover == *s) as i64,
        Expr::Neg(x) => eval_plain(p, t, g, vars, x, pos, side, line)?
            .checked_neg()
            .ok_or_else(overflow)?,
        Expr::Not(x) => (eval_plain(p, t, g, vars, x, pos, side, line)? == 0) as i64,
        Expr::Bin(op, a, b) => {
            let x = eval_plain(p, t, g, vars, a, pos, side, line)?;
            let y = eval_plain(p, t, g, vars, b, pos, side, line)?;
            binary(*op, x, y)?
        }
        Expr::Let(l) => eval_plain(p, t, g, vars, &p.lets[*l], pos, side, line)?,
        Expr::CountSet(f) => count_set(t, pos, side, *f, g.n) as i64,
        Expr::CountOnLine(f) => {
            let Some((sq, d)) = line else {
                return Err(RunError::new("`on line` used outside a move"));
            };
            let l = g.line[d as usize * g.n + sq] as usize;
            let class = &t.class[side as usize];
            g.line_squares[g.line_start[l] as usize..g.line_start[l + 1] as usize]
                .iter()
                .filter(|&&s| matches_filter(*f, pos.cells[s as usize], class, t))
                .count() as i64
        }
        Expr::Size
        | Expr::From
        | Expr::To
        | Expr::CountMoves(_)
        | Expr::Best { .. }
        | Expr::CountRegions(..)
        | Expr::RegionSum(..) => {
            return Err(RunError::new("this expression cannot be used here"));
        }
    })
}

/// How many squares match a filter, from the piece counts (no board scan).
#[inline]
pub fn count_set(t: &Tables, pos: &Position, side: SideId, f: SetFilter, n: usize) -> u32 {
    let kinds = t.kinds as usize;
    let side_total =
        |s: usize| -> u32 { pos.counts[1 + s * kinds..1 + (s + 1) * kinds].iter().sum() };
    let all = || -> u32 { pos.counts[1..].iter().sum() };
    match f {
        SetFilter::Own => side_total(side as usize),
        SetFilter::Enemy => all() - side_total(side as usize),
        SetFilter::Pieces => all(),
        SetFilter::Empty => pos.cells.iter().filter(|&&c| c == EMPTY).count() as u32,
        SetFilter::Squares => n as u32,
        SetFilter::Side(s) => side_total(s as usize),
        SetFilter::Piece(c) => pos.counts[c as usize],
    }
}
