//! The runner: the engine a query runs on, the input's numbers, the search budget, the
//! caches of the current position, and the scratch space every walk reuses (move lists
//! and positions come from pools, so a warm search allocates nothing per move).
//!
//! What the general generator answers are methods of [`Runner`], each in the file of its
//! concept: walking every complete move and the folds over it (`walk.rs`), counting chains
//! by memo (`count.rs`), evaluating expressions (`scope.rs`), the end of a game (`ends.rs`,
//! `results.rs`), a random move (`random.rs`), and the interface every representation
//! offers (`generator.rs`). They reach the board through three methods only,
//! [`Runner::first_steps`], [`Runner::chain_steps`] and [`Runner::play_each`].

use std::rc::Rc;

use super::apply::{Work, apply};
use super::blocks::BlockLets;
use super::candidate::{BlockMemo, Candidate};
use super::fold::Seen;
use super::fxhash::FxHashMap;
use super::history::History;
use super::movegen::{ChainAt, Gen};
use super::regions::{Fill, Regions};
use super::trace::{Off, Trace};
use crate::compile::Engine;
use crate::program::{MAX_DICE, SideId};
use crate::run::error::{Budget, Limit, RunError, memory_past};
use crate::run::eval::eval;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

/// How many nodes a runner of a shared search expands before adding them to the total.
const SHARED_BATCH: u64 = 256;

/// How many nodes a runner expands between looks at the clock and at the memory in use.
const WATCH: u64 = 64;

/// The deepest chain of jumps followed before giving up (keeps the stack bounded).
pub const MAX_CHAIN: usize = 10_000;

/// The most step lists the pool keeps from move lists given back: more than a position of
/// any game has moves, few enough to hold little memory.
const MAX_POOLED_STEPS: usize = 4096;

/// Memo of chain counts: (pieces taken, chain state, origin) to count.
pub(super) type Memo<K> = FxHashMap<(K, u64, u32), u64>;

/// Space reused between searches.
#[derive(Default)]
pub(super) struct Scratch {
    pub line_counts: Vec<u32>,
    pub work: Work,
    pub step_pool: Vec<Vec<Step>>,
    pub pos_pool: Vec<Position>,
    /// The copies walks play their steps on, one per list of steps (and the positions a
    /// move is asked about as it is folded in): boxed, so that taking one and giving it back
    /// moves a pointer, not the position itself (some 200 bytes).
    #[expect(
        clippy::vec_box,
        reason = "a walk moves its copy in and out: a box is a pointer"
    )]
    pub walk_pool: Vec<Box<Position>>,
    /// The mover's pieces, for the generator.
    pub own: super::own::OwnPieces,
    /// The steps of a random move being looked for, and the positions after each move
    /// of a random game's ply (`random.rs`).
    pub random: Vec<Step>,
    pub successors: Vec<Position>,
    /// The marks of a random ply's count of its moves (see [`super::fold::Acc::marks`]).
    pub marks: Vec<u64>,
    pub fill: Fill,
    pub regions: Regions,
    /// The steps of the move being walked, when a query writes moves out.
    pub path: Vec<Step>,
    /// Under `identical captures are one move`: the moves of several captures folded in by
    /// the walks under way (each walk's from its `seen_from` on), and their boards.
    pub seen: Vec<Seen>,
    pub boards: Vec<crate::program::Code>,
    pub memo: Memo<u128>,
    pub memo_big: Memo<Box<[u64]>>,
    /// The block conditions a generator has worked out in its position.
    pub block_memo: BlockMemo,
    /// A walk for one move ([`super::fold::Fold::Nth`]) has found it: its other steps are
    /// not played.
    pub halted: bool,
}

/// What is known about the current position (cleared by [`Runner::new_position`]).
pub(super) struct Cache {
    pub lets: Vec<Option<i64>>,
    /// The lets worked out while the end rules of one position are asked, kept for that
    /// question only (the rules repeat them: `draw if five of white and five of black`, then
    /// `white wins if five of white`).
    pub rule_lets: Vec<Option<i64>>,
    /// [`Cache::rule_lets`] of the lets asked of each block.
    pub block_lets: BlockLets,
    pub regions: Vec<Option<Regions>>,
    /// The number of moves, once something has counted them.
    pub move_count: Option<u64>,
}

/// The own guarded piece of the side to move (`legal if no own KIND pieces attacked`, see
/// [`super::king_guard`]): its square, whether it is attacked, and the squares of the own
/// pieces that stand between it and an enemy piece that attacks along that line (pinned).
#[derive(Debug, Clone, Copy)]
pub struct Guarded {
    pub sq: u32,
    pub attacked: bool,
    pub pinned: [u32; MAX_PINNED],
    /// How many of `pinned` are kept; more than [`MAX_PINNED`]: no move is known legal.
    pub pins: usize,
    /// While it is attacked: the squares where a move of another piece must land to end
    /// the attack (the attacker's, and those between it and the guarded piece along the
    /// attacker's line), `blocks` of them; none when two pieces attack it; more than
    /// [`MAX_BLOCK`] when not known.
    pub block: [u32; MAX_BLOCK],
    pub blocks: usize,
}

/// The most pinned pieces a position's [`Guarded`] keeps.
pub const MAX_PINNED: usize = 8;

/// The most squares a position's [`Guarded`] keeps where an attack on it may be blocked.
pub const MAX_BLOCK: usize = 16;

pub struct Runner<'p> {
    pub(super) e: Rc<Engine<'p>>,
    pub(super) vars: Vec<i64>,
    /// Under `taking the most`: how many pieces the moves of the position being walked
    /// must take (`None`: any number).
    pub(super) need: Option<u32>,
    /// Every capture counts, however few pieces it takes (to say which ones the rule
    /// turns down).
    pub(super) every_capture: bool,
    /// Inside an `unless that leaves` condition: the moves it asks about are counted without
    /// those clauses (so that asking never goes round for ever).
    pub(super) in_leaves: bool,
    /// The guarded piece of the position being walked (see [`super::king_guard`]).
    pub(super) guarded: Option<Guarded>,
    /// The move about to be folded in is known to be legal (its `legal if` is not asked).
    pub(super) legal_known: bool,
    /// The boards of the game up to the position being walked, when moves may not repeat
    /// a position.
    pub(super) history: History,
    /// The positions of the game so far as repetition keys (for `position repeated N
    /// times`), the last the one a move is being made from.
    pub(super) seen: Vec<u64>,
    budget: Budget,
    nodes: u64,
    pub(super) scratch: Scratch,
    pub(super) cache: Cache,
}

impl<'p> Runner<'p> {
    pub fn new(e: Rc<Engine<'p>>) -> Runner<'p> {
        let p = e.p;
        Runner {
            vars: vec![0; p.vars.len()],
            need: None,
            every_capture: false,
            in_leaves: false,
            guarded: None,
            legal_known: false,
            history: History::default(),
            seen: Vec::new(),
            budget: Budget::default(),
            nodes: 0,
            scratch: Scratch::default(),
            cache: Cache {
                lets: vec![None; p.lets.len()],
                rule_lets: vec![None; p.lets.len()],
                block_lets: Default::default(),
                regions: vec![None; p.regions.len()],
                move_count: None,
            },
            e,
        }
    }

    /// The engine the runner works on.
    pub fn engine(&self) -> &Rc<Engine<'p>> {
        &self.e
    }

    /// Works on another engine from now on (a case of another board size).
    pub fn set_engine(&mut self, e: Rc<Engine<'p>>) {
        if !Rc::ptr_eq(&self.e, &e) {
            self.e = e;
            self.scratch.pos_pool.clear();
            self.scratch.walk_pool.clear();
            // What was kept of positions on another board.
            self.scratch.fill = Fill::default();
            self.scratch.work.fill = Fill::default();
            self.new_position();
        }
    }

    /// The input's numbers, as the current case read them.
    pub fn vars(&self) -> &[i64] {
        &self.vars
    }

    /// Sets the input's numbers, as the current case read them.
    pub fn set_vars(&mut self, vars: &[i64]) {
        self.vars.copy_from_slice(vars);
    }

    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Remembers `pos` as a position of the game played so far, before the position a move
    /// from it leads to (when the rules forbid bringing a position back).
    pub fn remember(&mut self, pos: &Position) {
        if self.e.p.no_repeat.is_some() {
            self.history.push(&pos.cells);
        }
        if self.e.t.repetition {
            let key = self.repetition_key(pos);
            self.seen.push(key);
        }
    }

    /// Forgets the last position remembered.
    pub fn forget_last(&mut self) {
        if self.e.p.no_repeat.is_some() {
            self.history.pop();
        }
        if self.e.t.repetition {
            self.seen.pop();
        }
    }

    /// Exchanges the positions of the game remembered with `other`'s (a caller that keeps
    /// several games, one memory each, swaps a game's in before asking about it).
    pub fn swap_memory(&mut self, other: &mut crate::run::generator::Memory) {
        self.history.swap(other);
        std::mem::swap(&mut self.seen, &mut other.seen);
    }

    /// Forgets the positions of the game played so far.
    pub fn forget_game(&mut self) {
        self.history.clear();
        self.seen.clear();
    }

    /// How many times `pos` has come up in the game so far, this time included (the
    /// positions remembered, with the same side to move and what pieces remember).
    pub fn repetitions(&self, pos: &Position) -> usize {
        let key = self.repetition_key(pos);
        1 + self.seen.iter().filter(|&&k| k == key).count()
    }

    /// Forgets what was cached about the previous position.
    pub fn new_position(&mut self) {
        self.cache.lets.iter_mut().for_each(|c| *c = None);
        for cached in &mut self.cache.regions {
            // The lists of the regions found go back to the scratch space, to be filled
            // again for the next position without allocating.
            if let Some(r) = cached.take() {
                self.scratch.regions = r;
            }
        }
        self.cache.move_count = None;
    }

    /// Whether the runner counts nodes against a budget (a node limit or a deadline).
    #[inline(always)]
    pub fn budgeted(&self) -> bool {
        self.budget.max_nodes.is_some() || self.budget.deadline.is_some()
    }

    /// Counts one node of a search against the budget.
    #[inline(always)]
    pub fn tick(&mut self) -> Result<(), RunError> {
        self.nodes += 1;
        // Without a node budget or a deadline there is nothing to check (nor to share: the
        // runners of one search have the same budget) but, every [`WATCH`] nodes, the memory.
        let memory = self.budget.max_memory.is_some() && self.nodes.is_multiple_of(WATCH);
        if !self.budgeted() && !memory {
            return Ok(());
        }
        self.check_budget()
    }

    /// [`Runner::tick`] under a node budget, a deadline, or a memory limit.
    #[inline(never)]
    fn check_budget(&mut self) -> Result<(), RunError> {
        let expanded = match &self.budget.shared {
            None => self.nodes,
            Some(_) if !self.nodes.is_multiple_of(SHARED_BATCH) => 0,
            Some(total) => {
                total.fetch_add(SHARED_BATCH, std::sync::atomic::Ordering::Relaxed) + SHARED_BATCH
            }
        };
        if let Some(max) = self.budget.max_nodes
            && expanded > max
        {
            return Err(RunError::budget(
                format!("the search went past its budget of {max} nodes"),
                Limit::Nodes,
            ));
        }
        if !self.nodes.is_multiple_of(WATCH) {
            return Ok(());
        }
        if let Some(deadline) = self.budget.deadline
            && std::time::Instant::now() > deadline
        {
            return Err(RunError::budget(
                "the search ran past its time limit",
                Limit::Time,
            ));
        }
        memory_past(self.budget.max_memory)
    }

    pub(super) fn take_steps(&mut self) -> Vec<Step> {
        self.scratch.step_pool.pop().unwrap_or_default()
    }

    /// Takes the lists of a move list into the pool of step lists (as many as it keeps),
    /// leaving `moves` empty.
    pub fn recycle_steps(&mut self, moves: &mut Vec<Vec<Step>>) {
        let room = MAX_POOLED_STEPS.saturating_sub(self.scratch.step_pool.len());
        let kept = moves.len().min(room);
        self.scratch.step_pool.extend(moves.drain(..kept));
        moves.clear();
    }

    /// A copy of `from`, from the pool.
    pub fn take_pos(&mut self, from: &Position) -> Position {
        match self.scratch.pos_pool.pop() {
            Some(mut p) if p.cells.len() == from.cells.len() => {
                p.copy_from(from);
                p
            }
            _ => from.clone(),
        }
    }

    /// [`Runner::take_pos`] for a copy asked about and given back while a walk goes on
    /// ([`Scratch::walk_pool`]).
    pub(super) fn take_walk_pos(&mut self, from: &Position) -> Box<Position> {
        match self.scratch.walk_pool.pop() {
            Some(mut p) if p.cells.len() == from.cells.len() => {
                p.copy_from(from);
                p
            }
            _ => Box::new(from.clone()),
        }
    }

    /// Gives back a copy [`Runner::take_walk_pos`] made.
    pub(super) fn put_walk_pos(&mut self, pos: Box<Position>) {
        self.scratch.walk_pool.push(pos);
    }

    pub(super) fn put_pos(&mut self, pos: Position) {
        self.scratch.pos_pool.push(pos);
    }

    /// Gives back a position the runner made (the end of a playout) once it is no longer
    /// needed, so the next one reuses its memory.
    pub fn recycle(&mut self, pos: Position) {
        if self.scratch.pos_pool.len() < 64 {
            self.put_pos(pos);
        }
    }

    /// Plays every step of `steps` in order on a copy of `pos` and calls `then` with the
    /// step and the position after it, stopping at the first error. One copy from the pool
    /// serves every step (written over from `pos` before each), and goes back with the list.
    /// Every walk plays its steps through here.
    #[inline]
    pub(super) fn play_each(
        &mut self,
        pos: &Position,
        steps: Vec<Step>,
        mut then: impl FnMut(&mut Self, &Step, &mut Position) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        self.play_some(
            pos,
            steps,
            |_, _| true,
            |r, st, next| match next {
                Some(next) => then(r, st, next),
                None => Ok(()),
            },
        )
    }

    /// [`Runner::play_each`], playing only the steps for which `plays` holds: `then` gets
    /// `None` for the others.
    #[inline]
    pub(super) fn play_some(
        &mut self,
        pos: &Position,
        steps: Vec<Step>,
        plays: impl Fn(&Self, &Step) -> bool,
        mut then: impl FnMut(&mut Self, &Step, Option<&mut Position>) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let mut copy: Option<Box<Position>> = None;
        let mut result = Ok(());
        for st in &steps {
            if self.scratch.halted {
                break;
            }
            result = if plays(self, st) {
                let next = match &mut copy {
                    Some(next) => {
                        next.copy_from(pos);
                        next
                    }
                    None => copy.insert(self.take_walk_pos(pos)),
                };
                apply(&self.e, next, st, &mut self.scratch.work);
                then(self, st, Some(&mut **next))
            } else {
                then(self, st, None)
            };
            if result.is_err() {
                break;
            }
        }
        if let Some(next) = copy {
            self.put_walk_pos(next);
        }
        self.scratch.step_pool.push(steps);
        result
    }

    /// The move generator, borrowing the engine and the runner's scratch space.
    pub(super) fn generator<'a, T: Trace>(&'a mut self, trace: &'a mut T) -> Gen<'a, 'p, T> {
        self.scratch.block_memo.clear();
        Gen {
            e: &self.e,
            vars: &self.vars,
            line_counts: &mut self.scratch.line_counts,
            own: &mut self.scratch.own,
            trace,
            err: None,
            fixed: Default::default(),
            memo: &mut self.scratch.block_memo,
            die: 0,
        }
    }

    /// The first steps of every move, from the compiled generator (under `one move a die`,
    /// those that use as many dice as can be used).
    pub fn first_steps(&mut self, pos: &Position, out: &mut Vec<Step>) -> Result<(), RunError> {
        self.first_steps_traced(pos, out, &mut Off)
    }

    /// The first steps the compiled generator finds, before the dice rule.
    pub(super) fn raw_first_steps(
        &mut self,
        pos: &Position,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        self.generator(&mut Off).first_steps(pos, out)
    }

    /// [`Runner::first_steps`], telling `trace` what the generator turned down.
    pub fn first_steps_traced<T: Trace>(
        &mut self,
        pos: &Position,
        out: &mut Vec<Step>,
        trace: &mut T,
    ) -> Result<(), RunError> {
        self.generator(trace).first_steps(pos, out)?;
        if self.per_die().is_some() {
            self.use_most_dice(pos, out)?;
        }
        Ok(())
    }

    pub(super) fn chain_steps(
        &mut self,
        pos: &Position,
        at: ChainAt,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        self.chain_steps_traced(pos, at, out, &mut Off)
    }

    /// The steps that go on with a move from `at` (its next part, or the jumps that continue
    /// a chain), telling `trace` what it turned down.
    pub fn chain_steps_traced<T: Trace>(
        &mut self,
        pos: &Position,
        at: ChainAt,
        out: &mut Vec<Step>,
        trace: &mut T,
    ) -> Result<(), RunError> {
        let no_rev = self.e.p.moves[at.rule as usize]
            .chain
            .is_some_and(|c| c.no_turning_back);
        self.generator(trace).chain_steps(pos, at, no_rev, out)
    }

    /// True if the move goes on after the step: with its next part, or, for a jump of a
    /// move that continues, with further jumps.
    pub fn continues(&self, st: &Step) -> bool {
        let rule = &self.e.p.moves[st.rule as usize];
        (st.part as usize) < rule.then.len() || (st.over != NONE && rule.chain.is_some())
    }

    /// True if the move must go on from `at`: a part follows (the move is not complete
    /// without it), or a chain must be continued while it can.
    pub fn must_go_on(&self, at: &ChainAt) -> bool {
        let rule = &self.e.p.moves[at.rule as usize];
        (at.part as usize) < rule.then.len() || rule.chain.is_some_and(|c| c.must)
    }

    /// True if a move may end at `at`: it has no part still to come.
    pub fn may_end(&self, at: &ChainAt) -> bool {
        (at.part as usize) >= self.e.p.moves[at.rule as usize].then.len()
    }

    /// True if a move in parts stops at `at` (`pos` is the position after its last step)
    /// although a part is still to come: the game may end between parts, and it is over
    /// here, as it would be were the move complete.
    pub fn stops_between(&mut self, pos: &Position, at: &ChainAt) -> Result<bool, RunError> {
        if !self.e.t.between_parts || self.may_end(at) {
            return Ok(false);
        }
        // A boxed copy (asked after every first part of every move: a pointer moved in and
        // out of the pool, not the position).
        let mut after = self.take_walk_pos(pos);
        after.mover = match self.side_after(&after) {
            Ok(side) => side,
            Err(e) => {
                self.put_walk_pos(after);
                return Err(e);
            }
        };
        let cond = self
            .e
            .p
            .game
            .as_ref()
            .and_then(|g| g.between_parts.as_ref());
        let over = match cond {
            Some((_, Some(c))) => self
                .eval_inside(c, &after, after.mover)
                .and_then(|v| if v != 0 { self.over(&after) } else { Ok(false) }),
            _ => self.over(&after),
        };
        self.put_walk_pos(after);
        over
    }

    /// True if a move in parts ends at `at` because its next part is played only `if` a
    /// condition that does not hold here (`pos` is the position after the parts before it;
    /// `to` is where they ended).
    pub fn rest_skipped(&mut self, pos: &Position, at: &ChainAt) -> Result<bool, RunError> {
        let p = self.e.p;
        let Some(Some(cond)) = p.moves[at.rule as usize].then_if.get(at.part as usize) else {
            return Ok(false);
        };
        let mut here = Candidate {
            e: &self.e,
            vars: &self.vars,
            pos,
            side: pos.mover,
            from: NONE,
            to: at.sq,
            dir: at.last_dir,
            memo: None,
            die: 0,
        };
        Ok(eval(cond, &mut here)? == 0)
    }

    /// Hands the position `after` a move (its mover still the side that moved) to the side
    /// that moves next, counting the moves of the turn.
    pub fn hand_over(&mut self, after: &mut Position) -> Result<(), RunError> {
        if self.turn_goes_on(after) {
            after.spent += self.e.p.moves[after.last.1 as usize].cost;
            return Ok(());
        }
        if self.per_die().is_some() && self.dice_go_on(after)? {
            return Ok(());
        }
        if self.e.t.turns {
            after.begin_turn();
        }
        after.mover = self.next_mover(after)?;
        // The next turn begins with a roll of its own.
        after.roll = [0; MAX_DICE];
        Ok(())
    }

    /// True if the turn goes on after the move that led to `after` (`turns of ...`): the
    /// move did not end it and it has moves left.
    pub fn turn_goes_on(&self, after: &Position) -> bool {
        let p = self.e.p;
        let Some(turns) = p.turns else {
            return false;
        };
        let rule = &p.moves[after.last.1 as usize];
        !rule.ends_turn && (after.spent as u32 + rule.cost as u32) < turns.most as u32
    }

    /// Who moves after the move that led to `after` (its mover still the side that moved):
    /// the same side when the move's `again if` holds there or its turn goes on, else the
    /// next side.
    pub fn side_after(&mut self, after: &Position) -> Result<SideId, RunError> {
        match self.turn_goes_on(after) {
            true => Ok(after.mover),
            false => self.next_mover(after),
        }
    }

    /// Who moves after the move that led to `after`, when it ends its side's turn: the same
    /// side again when the move's `again if` holds there, else the next side.
    fn next_mover(&mut self, after: &Position) -> Result<SideId, RunError> {
        if let Some(dice) = &self.e.p.dice
            && dice.again(&after.roll)
        {
            return Ok(after.mover);
        }
        // Asked of every position a move leads to: most rules have no `again if`.
        if !self.e.t.again {
            return Ok(self.next_side(after.mover));
        }
        let (to, rule) = after.last;
        if let Some(cond) = self.e.p.moves[rule as usize].again.as_ref() {
            let mut here = Candidate {
                e: &self.e,
                vars: &self.vars,
                pos: after,
                side: after.mover,
                from: NONE,
                to,
                dir: u16::MAX,
                memo: None,
                die: 0,
            };
            if eval(cond, &mut here)? != 0 {
                return Ok(after.mover);
            }
        }
        Ok(self.next_side(after.mover))
    }

    /// The side that moves after `side`.
    pub fn next_side(&self, side: SideId) -> SideId {
        ((side as usize + 1) % self.e.p.sides.len()) as SideId
    }
}
