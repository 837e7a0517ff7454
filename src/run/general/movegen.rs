//! The move generator: every step the side to move can take, from the compiled rules.
//! One generator serves every query.

use super::candidate::{BlockMemo, Candidate};
use super::filters::{add_line_counts, filter_table};
use super::near::{Squares, members, on_parts};
use super::own::{OwnPieces, Pieces};
use super::trace::{ActionRef, Event, Trace, Why};
use crate::compile::Engine;
use crate::program::*;
use crate::run::error::RunError;
use crate::run::eval;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};
use crate::syntax::ast::Span;

/// Where a move stands after one of its steps: the moving piece's square, the direction of
/// the step, the rule and part it belongs to. From here the move goes on with its next part,
/// or with another jump of a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChainAt {
    pub sq: u32,
    pub last_dir: u16,
    pub rule: u16,
    /// The part of the step just played.
    pub part: u8,
    /// The last jump promoted the piece.
    pub promoted: bool,
}

/// Where a move stands after the step `st` took `before` to `after`.
pub fn chain_at(st: &Step, before: &Position, after: &Position) -> ChainAt {
    let moved = match st.from {
        NONE => after.cells[st.to as usize],
        from => before.cells[from as usize],
    };
    chain_after(st, moved, after)
}

/// Where a move stands after the step `st` of the piece `moved` led to `after`.
#[inline]
pub fn chain_after(st: &Step, moved: Code, after: &Position) -> ChainAt {
    ChainAt {
        sq: st.to,
        last_dir: st.dir,
        rule: st.rule,
        part: st.part,
        promoted: after.cells[st.to as usize] != moved,
    }
}

/// Everything the generator reads, borrowed for one call, and where it tells what it
/// turned down ([`Off`](super::trace::Off) in every search).
pub struct Gen<'a, 'p, T: Trace> {
    pub e: &'a Engine<'p>,
    /// The input's numbers, for `distance` expressions and `where` clauses.
    pub vars: &'a [i64],
    /// Per-line counts for `distance count ... on line`, filled on demand.
    pub line_counts: &'a mut Vec<u32>,
    /// Scratch: the squares of the mover's pieces.
    pub own: &'a mut OwnPieces,
    pub trace: &'a mut T,
    /// The first error met working out a distance or a `where` clause.
    pub err: Option<RunError>,
    /// The values of the current action's conditions that ask nothing of the candidate.
    pub fixed: Fixed,
    /// The block conditions worked out in the position (empty when the generator is made).
    pub memo: &'a mut BlockMemo,
    /// Under `one move a die`: the face of the die the moves being found use (`the die`),
    /// 0 when none.
    pub die: u8,
}

/// The values of one action's `where` conditions that have one value in a position
/// ([`crate::program::KindAction::fixed`]), worked out for its first candidate and kept for
/// the others: a generator serves one position. Those that have one value in each block
/// ([`crate::program::KindAction::by_block`]) are kept for each block (the first 64).
#[derive(Debug, Default)]
pub struct Fixed {
    at: Option<ActionRef>,
    /// Bit `i`: `values[i]` holds condition `i`'s value.
    known: u8,
    values: [i64; 8],
    /// Bit `b` of `in_block[i]`: condition `i`'s value in block `b` is known, and is the
    /// bit `b` of `holds_in[i]` (true or false: all a condition's value is asked for).
    in_block: [u64; 8],
    holds_in: [u64; 8],
}

/// One `slide` or `step` action as the generator reads it, for the side to move (also the
/// path of a placement reached along directions).
pub(super) struct Slide<'p> {
    pub dirs: &'p [DirId],
    pub distance: &'p Distance,
    pub over: CellMask,
    pub onto: CellMask,
    /// `past the end`: only a distance past the end of the way, ending on its last square.
    pub past_end: bool,
    pub at: ActionRef,
    pub cond: &'p [(Expr, Span)],
}

impl<'p> Slide<'p> {
    /// A `slide` action (for `side`) as the generator reads it; `None` for another action.
    pub(super) fn of_slide(
        action: &'p Action,
        side: usize,
        at: ActionRef,
        cond: &'p [(Expr, Span)],
    ) -> Option<Slide<'p>> {
        match action {
            Action::Slide {
                dirs,
                distance,
                over,
                onto,
                past_end,
            } => Some(Slide {
                dirs: &dirs[side],
                distance,
                over: *over,
                onto: *onto,
                past_end: *past_end,
                at,
                cond,
            }),
            _ => None,
        }
    }

    /// A `place along` action's reach (for `side`, placing onto `onto`) as the slide that
    /// finds its squares.
    pub(super) fn of_reach(
        reach: &'p Reach,
        (onto, side): (CellMask, usize),
        at: ActionRef,
        cond: &'p [(Expr, Span)],
    ) -> Slide<'p> {
        Slide {
            dirs: &reach.dirs[side],
            distance: &reach.distance,
            over: reach.over,
            onto,
            past_end: false,
            at,
            cond,
        }
    }
}

/// What a slide reads of the board and its geometry, borrowed once for all the pieces and
/// directions of an action (not looked up again through the engine for each).
#[derive(Clone, Copy)]
pub(super) struct Rays<'a> {
    pub pos: &'a Position,
    pub cells: &'a [Code],
    /// What each cell is to the side to move.
    pub class: &'a [u8; 256],
    pub n: usize,
    pub next: &'a [u32],
    pub steps: &'a [u32],
    /// Index step per direction (0 on a board of points on lines).
    pub stride: &'a [isize],
}

impl<'a> Rays<'a> {
    #[inline(always)]
    pub(super) fn of(e: &'a Engine, pos: &'a Position) -> Rays<'a> {
        let g = &e.g;
        Rays {
            pos,
            cells: &pos.cells,
            class: &e.t.class[pos.mover as usize],
            n: g.n,
            next: &g.next,
            steps: &g.steps,
            stride: &g.stride,
        }
    }
}

/// One `jump` action as the generator reads it.
#[derive(Clone, Copy)]
pub(super) struct Jump<'p> {
    pub over: CellMask,
    pub before: Gap,
    pub after: Gap,
    /// The piece jumped over stays (a hop).
    pub hop: bool,
    /// What it may land on (`C_EMPTY` unless `onto` says more).
    pub onto: CellMask,
    /// `sideways if blocked`: the two directions at right angles to this jump's.
    pub aside: Option<[DirId; 2]>,
    pub at: ActionRef,
    pub cond: &'p [(Expr, Span)],
}

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// All first steps of every move rule for `pos.mover`.
    pub fn first_steps(&mut self, pos: &Position, out: &mut Vec<Step>) -> Result<(), RunError> {
        out.clear();
        let t = &*self.e.t;
        // The mover's pieces, found once for every action that moves a piece.
        let mut own = std::mem::take(self.own);
        match t.moves_pieces {
            true => {
                // Pieces that cannot move are left out, unless each piece is explained.
                let class = match T::ON {
                    true => &t.class[pos.mover as usize],
                    false => &t.movers[pos.mover as usize],
                };
                own.gather(&pos.cells, class, &t.kind_of, t.kinds as usize);
            }
            false => own.clear(),
        }
        let p: &'p Program = self.e.p;
        match p.dice.as_ref().filter(|d| d.per_die) {
            Some(dice) => self.die_steps(pos, (own.pieces(), dice.count), out),
            None => self.rule_steps(pos, own.pieces(), out),
        }
        *self.own = own;
        if t.mandatory {
            let mandatory = |s: &Step| p.moves[s.rule as usize].mandatory;
            keep_if_any(&mut *self.trace, out, mandatory, |step| {
                Event::NotMandatory { step }
            });
        }
        if p.captures_mandatory {
            let class = &t.class[pos.mover as usize];
            let captures = |s: &Step| s.captures(class, &pos.cells);
            keep_if_any(&mut *self.trace, out, captures, |step| {
                Event::NotCapturing { step }
            });
        }
        for st in out.iter_mut() {
            st.first = true;
        }
        self.err.take().map_or(Ok(()), Err)
    }

    /// The steps of part `part` of the move `at` stands in, from the square it stands on.
    pub fn part_steps(
        &mut self,
        pos: &Position,
        at: ChainAt,
        part: u8,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        out.clear();
        let own = [at.sq];
        let pieces: &[u32] = match pos.cells[at.sq as usize] {
            EMPTY | GHOST => &[],
            _ => &own,
        };
        self.actions(pos, (Pieces::on(pieces), Some(at.sq)), (at.rule, part), out);
        self.err.take().map_or(Ok(()), Err)
    }

    /// The steps of every action of part `part` of the rule `ri`: pieces move from
    /// `pieces`; a placement reached along directions starts from `origin`.
    pub(super) fn actions(
        &mut self,
        pos: &Position,
        (own, origin): (Pieces<'_>, Option<u32>),
        (ri, part): (u16, u8),
        out: &mut Vec<Step>,
    ) {
        let side = pos.mover as usize;
        let p: &'p Program = self.e.p;
        let rule = &p.moves[ri as usize];
        for (ai, ka) in p.part(ri, part).iter().enumerate() {
            let at = ActionRef {
                rule: ri,
                part,
                action: ai as u8,
            };
            let cond = &ka.conditions[..];
            // An action for one kind goes through that kind's pieces (unless the other
            // pieces are being explained, each turned down for its kind).
            let pieces = match T::ON {
                true => own.all(),
                false => own.for_kinds(ka.kinds),
            };
            // A condition that asks nothing of the candidate and does not hold rules the
            // whole action out: its squares need not be tried (unless the rejections are
            // being explained, square by square).
            if !T::ON && ka.fixed != 0 && self.fixed_fails(pos, cond, at) {
                continue;
            }
            match &ka.action {
                Action::Pass => {
                    let st = Step {
                        part,
                        ..Step::new(NONE, NONE, NONE, u16::MAX, ri, at.action)
                    };
                    self.emit(pos, st, cond, at, out);
                }
                Action::Place { onto, reach: None } => self.place(pos, rule, ka, *onto, at, out),
                Action::Sow(sowing) => {
                    let e = self.e;
                    let squares = e.g.squares_of(sowing.from, pos.mover).unwrap_or(&[]);
                    for &sq in squares {
                        if let Some(last) =
                            super::sow::walk(e, pos, sowing, (pos.mover, sq), |_| {})
                        {
                            let st = Step {
                                part,
                                ..Step::new(sq, last, NONE, sowing.dir, ri, at.action)
                            };
                            self.emit(pos, st, cond, at, out);
                        }
                    }
                }
                Action::Remove { what } => {
                    let class = &self.e.t.class[side];
                    for (sq, &c) in pos.cells.iter().enumerate() {
                        if class[c as usize] & what != 0 && self.kind_may(ka.kinds, pos, sq, at) {
                            let sq = sq as u32;
                            // Taken where it stands: see `Step::is_removal`.
                            let st = Step::new(NONE, sq, sq, u16::MAX, ri, at.action);
                            self.emit(pos, st, cond, at, out);
                        }
                    }
                }
                Action::Fly { onto } => {
                    let class = &self.e.t.class[side];
                    for &from in pieces {
                        if !self.kind_may(ka.kinds, pos, from as usize, at) {
                            continue;
                        }
                        for (sq, &c) in pos.cells.iter().enumerate() {
                            if sq as u32 != from && class[c as usize] & onto != 0 {
                                let st = Step::new(from, sq as u32, NONE, u16::MAX, ri, at.action);
                                self.emit(pos, st, cond, at, out);
                            }
                        }
                    }
                }
                Action::Rotate { turns } => {
                    for block in &self.e.g.blocks {
                        for &t in turns {
                            let st = Step {
                                kind: t as u8,
                                ..Step::new(NONE, block[0], NONE, u16::MAX, ri, at.action)
                            };
                            self.emit(pos, st, cond, at, out);
                        }
                    }
                }
                Action::Place {
                    onto,
                    reach: Some(reach),
                } => {
                    let Some(origin) = origin else { continue };
                    let slide = Slide::of_reach(reach, (*onto, side), at, cond);
                    let start = out.len();
                    let rays = Rays::of(self.e, pos);
                    for &d in slide.dirs {
                        self.slide_from(rays, origin as usize, d, &slide, out);
                    }
                    let kind = ka.kinds.trailing_zeros() as u8;
                    for st in &mut out[start..] {
                        st.from = NONE;
                        st.kind = kind;
                    }
                }
                Action::Slide { .. } => {
                    if let Some(slide) = Slide::of_slide(&ka.action, side, at, cond) {
                        self.slides(pos, pieces, ka.kinds, &slide, out);
                    }
                }
                Action::Jump {
                    dirs,
                    over,
                    before,
                    after,
                    hop,
                    aside,
                    onto,
                } => {
                    let jump = Jump {
                        over: *over,
                        before: *before,
                        after: *after,
                        hop: *hop,
                        onto: *onto,
                        aside: None,
                        at,
                        cond,
                    };
                    let aside = aside.get(side).map_or(&[][..], Vec::as_slice);
                    self.jumps(pos, pieces, ka.kinds, (&dirs[side], aside), jump, out);
                }
            }
        }
    }

    /// Adds a step that the action's clauses allow, if its `where` clause holds.
    #[inline(always)]
    pub(super) fn emit(
        &mut self,
        pos: &Position,
        st: Step,
        cond: &'p [(Expr, Span)],
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let st = Step {
            part: at.part,
            ..st
        };
        if cond.is_empty() {
            self.push(pos, st, out);
            return;
        }
        match self.first_false(pos, st, cond, at) {
            Ok(None) => self.push(pos, st, out),
            Ok(Some(i)) => {
                let why = Why::Where { clause: i as u8 };
                self.reject(at, st.from as usize, st.to, st.dir, 0, why);
            }
            Err(e) => {
                self.err.get_or_insert(e);
            }
        }
    }

    /// True if one of the conditions of the action `at` that ask nothing of a candidate does
    /// not hold: worked out once for the position, and kept for its candidates.
    pub(super) fn fixed_fails(
        &mut self,
        pos: &Position,
        cond: &'p [(Expr, Span)],
        at: ActionRef,
    ) -> bool {
        let none = Step::new(NONE, NONE, NONE, u16::MAX, at.rule, at.action);
        match self.false_condition(pos, none, cond, (at, true)) {
            Ok(found) => found.is_some(),
            Err(e) => {
                self.err.get_or_insert(e);
                true
            }
        }
    }

    /// The first of a candidate step's `where` conditions that does not hold, if any.
    #[inline(always)]
    fn first_false(
        &mut self,
        pos: &Position,
        st: Step,
        cond: &'p [(Expr, Span)],
        at: ActionRef,
    ) -> Result<Option<usize>, RunError> {
        self.false_condition(pos, st, cond, (at, false))
    }

    /// The first of the conditions `cond` of the action `at` that does not hold for the
    /// candidate `st` (with `only_fixed`, of those that ask nothing of a candidate). The
    /// values of those that ask nothing of it are kept for the action's other candidates.
    #[inline(always)]
    fn false_condition(
        &mut self,
        pos: &Position,
        st: Step,
        cond: &'p [(Expr, Span)],
        (at, only_fixed): (ActionRef, bool),
    ) -> Result<Option<usize>, RunError> {
        let mut here = Candidate {
            e: self.e,
            vars: self.vars,
            pos,
            side: pos.mover,
            from: st.from,
            to: st.to,
            dir: st.dir,
            memo: Some(&mut *self.memo),
            die: self.die,
        };
        let ka = &self.e.p.part(at.rule, at.part)[at.action as usize];
        let (fixed, by_block) = (ka.fixed, ka.by_block);
        if self.fixed.at != Some(at) {
            self.fixed.at = Some(at);
            self.fixed.known = 0;
            if by_block != 0 {
                self.fixed.in_block = [0; 8];
            }
        }
        for (i, (c, _)) in cond.iter().enumerate() {
            let kept = i < 8 && fixed & (1 << i) != 0;
            if only_fixed && !kept {
                continue;
            }
            let holds = if kept && self.fixed.known & (1 << i) != 0 {
                self.fixed.values[i] != 0
            } else if i < 8
                && by_block & (1 << i) != 0
                && let Some(b) = self.e.g.block(st.to, false).filter(|&b| b < 64)
            {
                let bit = 1u64 << b;
                if self.fixed.in_block[i] & bit == 0 {
                    let v = eval::eval(c, &mut here)?;
                    self.fixed.in_block[i] |= bit;
                    self.fixed.holds_in[i] = match v != 0 {
                        true => self.fixed.holds_in[i] | bit,
                        false => self.fixed.holds_in[i] & !bit,
                    };
                }
                self.fixed.holds_in[i] & bit != 0
            } else {
                let v = eval::eval(c, &mut here)?;
                if kept {
                    self.fixed.values[i] = v;
                    self.fixed.known |= 1 << i;
                }
                v != 0
            };
            if !holds {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Whether every step of the piece on `sq` by the action `at` that the action's
    /// conditions allow is added as it is ([`Gen::push`] makes one step of it): it pushes or
    /// pulls no piece, has no kind to choose and strands no piece.
    #[inline(always)]
    pub(super) fn lands_plainly(&self, pos: &Position, sq: usize, at: ActionRef) -> bool {
        let (t, g) = (&*self.e.t, &self.e.g);
        let pairs = t.pairs && {
            let fx = &self.e.p.part(at.rule, at.part)[at.action as usize].effects;
            fx.pushes.is_some() || fx.pulls.is_some()
        };
        let chooses = t.any_choices && !t.choices[pos.cells[sq] as usize].is_empty();
        !pairs && !chooses && g.stranded.is_empty()
    }

    /// Adds a step: one for each kind the piece may choose when it reaches its far row, and
    /// for each square a piece it pushes may go to or a piece it pulls may come from.
    #[inline(always)]
    fn push(&mut self, pos: &Position, st: Step, out: &mut Vec<Step>) {
        if self.e.t.pairs && st.from != NONE {
            let fx = &self.e.p.part(st.rule, st.part)[st.action as usize].effects;
            if fx.pushes.is_some() || fx.pulls.is_some() {
                self.pairs(pos, st, out);
                return;
            }
        }
        self.choose(pos, st, out);
    }

    /// Adds a step: one for each kind the piece may choose when it reaches its far row.
    #[inline(always)]
    fn choose(&mut self, pos: &Position, st: Step, out: &mut Vec<Step>) {
        let (t, g) = (&*self.e.t, &self.e.g);
        if t.any_choices && st.from != NONE {
            let code = pos.cells[st.from as usize];
            let choices = &t.choices[code as usize];
            if !choices.is_empty()
                && g.promotes_at(pos.mover, t.promo_rows[code as usize], st.from, st.to)
            {
                // `optionally`: the piece may also stay as it is, where it can still move.
                if t.promo_optional[code as usize] && !g.is_stranded(code, st.to) {
                    out.push(st);
                }
                let p = self.e.p;
                out.extend(
                    choices
                        .iter()
                        .filter(|&&k| !g.is_stranded(p.code(pos.mover, k), st.to))
                        .map(|&k| Step { promo: k, ..st }),
                );
                return;
            }
        }
        if !g.stranded.is_empty() && self.strands(pos, &st) {
            return;
        }
        out.push(st);
    }

    /// Under `no piece may stand where it can never move`: whether the step leaves a piece
    /// (moved, promoted on arriving, or placed) where it could never move again.
    fn strands(&self, pos: &Position, st: &Step) -> bool {
        if st.to == NONE || st.is_removal() {
            return false;
        }
        let code = match st.from {
            NONE => self.e.p.code(pos.mover, st.kind),
            from => {
                super::apply::arrives_as(self.e, pos.cells[from as usize], pos.mover, from, st.to)
            }
        };
        self.e.g.is_stranded(code, st.to)
    }

    /// The steps of a step that pushes or pulls a second piece: one for each square the pushed
    /// piece may go to, or each piece that may be pulled (none: no step); the step as it is
    /// when it moves no second piece.
    fn pairs(&mut self, pos: &Position, st: Step, out: &mut Vec<Step>) {
        let e = self.e;
        let fx = &e.p.part(st.rule, st.part)[st.action as usize].effects;
        let side = pos.mover as usize;
        if let Some((dirs, onto)) = &fx.pushes {
            let (g, class) = (&e.g, &e.t.class[side]);
            for &d in &dirs[side] {
                let sq = g.next[d as usize * g.n + st.to as usize];
                if sq != NONE && class[pos.cells[sq as usize] as usize] & onto != 0 {
                    self.choose(pos, Step { pair: sq, ..st }, out);
                }
            }
        } else if let Some(near) = &fx.pulls {
            let at = Squares::of(
                e,
                near,
                super::candidate::Ends::step(st.from, st.to),
                pos.mover,
            );
            let mut found = [NONE; 8];
            let mut n = 0;
            let mut within = |sq: usize| Ok(on_parts(e, pos, pos.mover, near.within, sq));
            let r = members(e, pos, pos.mover, (near, at), &mut within, |sq| {
                if sq != st.to && n < found.len() {
                    found[n] = sq;
                    n += 1;
                }
            });
            if let Err(err) = r {
                self.err.get_or_insert(err);
            }
            for &sq in &found[..n] {
                self.choose(pos, Step { pair: sq, ..st }, out);
            }
        }
    }

    /// True if the piece on `sq` is of a kind the action is for.
    #[inline(always)]
    pub(super) fn kind_may(
        &mut self,
        kinds: u32,
        pos: &Position,
        sq: usize,
        at: ActionRef,
    ) -> bool {
        let t = &self.e.t;
        if kinds == (1u32 << t.kinds) - 1 || kinds & (1 << t.kind_of[pos.cells[sq] as usize]) != 0 {
            return true;
        }
        if T::ON {
            self.trace.note(Event::WrongKind {
                at,
                from: sq as u32,
            });
        }
        false
    }

    /// The steps that go on with a move from `at`: its next part, or the jumps that continue
    /// a chain.
    pub fn chain_steps(
        &mut self,
        pos: &Position,
        at: ChainAt,
        no_turning_back: bool,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        let rule = &self.e.p.moves[at.rule as usize];
        if (at.part as usize) < rule.then.len() {
            return self.part_steps(pos, at, at.part + 1, out);
        }
        out.clear();
        let side = pos.mover as usize;
        let sq = at.sq as usize;
        let code = pos.cells[sq];
        if rule.chain.is_none() || at.promoted && rule.chain.is_some_and(|c| c.until_promoted) {
            return Ok(());
        }
        let back = if no_turning_back {
            self.opposite(at.last_dir)
        } else {
            u16::MAX
        };
        let p: &'p Program = self.e.p;
        for (ai, ka) in p.part(at.rule, at.part).iter().enumerate() {
            let here = ActionRef {
                rule: at.rule,
                part: at.part,
                action: ai as u8,
            };
            if ka.kinds & (1 << self.e.t.kind_of[code as usize]) == 0 {
                continue;
            }
            if let Action::Jump {
                dirs,
                over,
                before,
                after,
                hop: false,
                onto,
                ..
            } = &ka.action
            {
                let jump = Jump {
                    over: *over,
                    before: *before,
                    after: *after,
                    hop: false,
                    onto: *onto,
                    aside: None,
                    at: here,
                    cond: &ka.conditions,
                };
                for &d in &dirs[side] {
                    if d != back {
                        self.jump(pos, sq, d, jump, out);
                    } else if T::ON {
                        self.trace.note(Event::Rejected {
                            at: here,
                            from: sq as u32,
                            to: NONE,
                            dir: d,
                            distance: 0,
                            why: Why::TurnsBack,
                        });
                    }
                }
            }
        }
        self.err.take().map_or(Ok(()), Err)
    }

    fn opposite(&self, d: u16) -> u16 {
        if d == u16::MAX {
            return u16::MAX;
        }
        self.e.t.opposite[d as usize]
    }

    pub(super) fn fill_line_counts(&mut self, pos: &Position, f: SetFilter) {
        let (g, t) = (&self.e.g, &*self.e.t);
        self.line_counts.clear();
        self.line_counts.resize(g.line_count, 0);
        let matching = filter_table(f, &t.class[pos.mover as usize], t);
        let counts = &mut self.line_counts[..];
        let lines = &g.square_lines[..];
        match g.axes.len() {
            // The usual four lines through a square (row, column, two diagonals), unrolled.
            4 => add_line_counts(4, &pos.cells, lines, &matching, counts),
            axes => add_line_counts(axes, &pos.cells, lines, &matching, counts),
        }
    }

    #[inline(always)]
    pub(super) fn reject(
        &mut self,
        at: ActionRef,
        from: usize,
        to: u32,
        dir: DirId,
        distance: u32,
        why: Why,
    ) {
        if T::ON {
            self.trace.note(Event::Rejected {
                at,
                from: from as u32,
                to,
                dir,
                distance,
                why,
            });
        }
    }
}

/// When some step of `out` is `wanted`, keeps only those, noting each other one as
/// `left_out` says (`captures are mandatory`, `mandatory` statements).
fn keep_if_any<T: Trace>(
    trace: &mut T,
    out: &mut Vec<Step>,
    wanted: impl Fn(&Step) -> bool,
    left_out: fn(Step) -> Event,
) {
    if !out.iter().any(&wanted) {
        return;
    }
    if T::ON {
        for s in out.iter().filter(|s| !wanted(s)) {
            trace.note(left_out(*s));
        }
    }
    out.retain(wanted);
}
