//! The move generator: every step the side to move can take, from the compiled rules.
//! One generator serves every query.

use super::RunError;
use super::eval::{self, Candidate};
use super::filters::{add_line_counts, filter_table};
use super::position::Position;
use super::runs::closed_run;
use super::step::{NONE, Step};
use super::trace::{ActionRef, Event, Trace, Why};
use crate::compile::Engine;
use crate::program::*;
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
    pub own: &'a mut Vec<u32>,
    pub trace: &'a mut T,
    /// The first error met working out a distance or a `where` clause.
    pub err: Option<RunError>,
}

/// One `slide` or `step` action as the generator reads it, for the side to move (also the
/// path of a placement reached along directions).
struct Slide<'p> {
    dirs: &'p [DirId],
    distance: &'p Distance,
    over: CellMask,
    onto: CellMask,
    at: ActionRef,
    cond: &'p [(Expr, Span)],
}

/// What a slide reads of the board and its geometry, borrowed once for all the pieces and
/// directions of an action (not looked up again through the engine for each).
#[derive(Clone, Copy)]
struct Rays<'a> {
    cells: &'a [Code],
    /// What each cell is to the side to move.
    class: &'a [u8; 256],
    n: usize,
    next: &'a [u32],
    steps: &'a [u32],
    stride: &'a [isize],
}

impl<'a> Rays<'a> {
    #[inline(always)]
    fn of(e: &'a Engine, pos: &'a Position) -> Rays<'a> {
        let g = &e.g;
        Rays {
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
pub struct Jump<'p> {
    over: CellMask,
    before: u32,
    after: u32,
    at: ActionRef,
    cond: &'p [(Expr, Span)],
}

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// All first steps of every move rule for `pos.mover`.
    pub fn first_steps(&mut self, pos: &Position, out: &mut Vec<Step>) -> Result<(), RunError> {
        out.clear();
        let t = &*self.e.t;
        // The mover's pieces, found once for every action that moves a piece.
        let mut own = std::mem::take(self.own);
        own.clear();
        if t.moves_pieces {
            let class = &t.class[pos.mover as usize];
            for (s, &c) in pos.cells.iter().enumerate() {
                if class[c as usize] == C_OWN {
                    own.push(s as u32);
                }
            }
        }
        let p: &'p Program = self.e.p;
        for (ri, rule) in p.moves.iter().enumerate() {
            self.actions(pos, &own, None, rule, ri as u16, 0, out);
        }
        *self.own = own;
        if p.captures_mandatory {
            self.mandatory_captures(pos, out);
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
        let p: &'p Program = self.e.p;
        let rule = &p.moves[at.rule as usize];
        let own = [at.sq];
        let pieces: &[u32] = match pos.cells[at.sq as usize] {
            EMPTY | GHOST => &[],
            _ => &own,
        };
        self.actions(pos, pieces, Some(at.sq), rule, at.rule, part, out);
        self.err.take().map_or(Ok(()), Err)
    }

    /// The steps of every action of one part of a rule: pieces move from `pieces`; a
    /// placement reached along directions starts from `origin`.
    #[allow(clippy::too_many_arguments)]
    fn actions(
        &mut self,
        pos: &Position,
        pieces: &[u32],
        origin: Option<u32>,
        rule: &'p MoveRule,
        ri: u16,
        part: u8,
        out: &mut Vec<Step>,
    ) {
        let side = pos.mover as usize;
        let p: &'p Program = self.e.p;
        for (ai, ka) in p.part(ri, part).iter().enumerate() {
            let at = ActionRef {
                rule: ri,
                part,
                action: ai as u8,
            };
            let cond = &ka.conditions[..];
            match &ka.action {
                Action::Pass => {
                    let st = Step {
                        part,
                        ..Step::new(NONE, NONE, NONE, u16::MAX, ri, at.action)
                    };
                    self.emit(pos, st, cond, at, out);
                }
                Action::Place { onto, reach: None } => self.place(pos, rule, ka, *onto, at, out),
                Action::Place {
                    onto,
                    reach: Some(reach),
                } => {
                    let Some(origin) = origin else { continue };
                    let slide = Slide {
                        dirs: &reach.dirs[side],
                        distance: &reach.distance,
                        over: reach.over,
                        onto: *onto,
                        at,
                        cond,
                    };
                    let start = out.len();
                    let rays = Rays::of(self.e, pos);
                    for &d in slide.dirs {
                        self.slide_from(pos, rays, origin as usize, d, &slide, out);
                    }
                    let kind = ka.kinds.trailing_zeros() as u8;
                    for st in &mut out[start..] {
                        st.from = NONE;
                        st.kind = kind;
                    }
                }
                Action::Slide {
                    dirs,
                    distance,
                    over,
                    onto,
                } => {
                    let slide = Slide {
                        dirs: &dirs[side],
                        distance,
                        over: *over,
                        onto: *onto,
                        at,
                        cond,
                    };
                    self.slides(pos, pieces, ka.kinds, &slide, out);
                }
                Action::Jump {
                    dirs,
                    over,
                    before,
                    after,
                } => {
                    let jump = Jump {
                        over: *over,
                        before: *before,
                        after: *after,
                        at,
                        cond,
                    };
                    self.jumps(pos, pieces, ka.kinds, &dirs[side], jump, out);
                }
            }
        }
    }

    /// Adds a step that the action's clauses allow, if its `where` clause holds.
    #[inline(always)]
    fn emit(
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
        let mut here = Candidate {
            e: self.e,
            vars: self.vars,
            pos,
            side: pos.mover,
            from: st.from,
            to: st.to,
            dir: st.dir,
        };
        for (i, (c, _)) in cond.iter().enumerate() {
            match eval::eval(c, &mut here) {
                Ok(0) => {
                    let why = Why::Where { clause: i as u8 };
                    self.reject(at, st.from as usize, st.to, st.dir, 0, why);
                    return;
                }
                Ok(_) => {}
                Err(e) => {
                    self.err.get_or_insert(e);
                    return;
                }
            }
        }
        self.push(pos, st, out);
    }

    /// Adds a step: one for each kind the piece may choose when it reaches its far row.
    #[inline(always)]
    fn push(&mut self, pos: &Position, st: Step, out: &mut Vec<Step>) {
        let (t, g) = (&*self.e.t, &self.e.g);
        if t.any_choices && st.from != NONE {
            let choices = &t.choices[pos.cells[st.from as usize] as usize];
            if !choices.is_empty() && g.far[pos.mover as usize * g.n + st.to as usize] {
                out.extend(choices.iter().map(|&k| Step { promo: k, ..st }));
                return;
            }
        }
        out.push(st);
    }

    /// Every placement of one `place` action.
    fn place(
        &mut self,
        pos: &Position,
        rule: &MoveRule,
        ka: &'p KindAction,
        onto: CellMask,
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let (g, class) = (&self.e.g, &self.e.t.class[pos.mover as usize]);
        let kind = ka.kinds.trailing_zeros() as u8;
        let needs_flip = match (&rule.flip, rule.must_flip) {
            (Some(f), true) => Some(&f.dirs[pos.mover as usize][..]),
            _ => None,
        };
        for (sq, &c) in pos.cells.iter().enumerate() {
            let why = if class[c as usize] & onto == 0 {
                Why::PlaceOnto
            } else if needs_flip.is_some_and(|dirs| {
                !dirs
                    .iter()
                    .any(|&d| closed_run(g, class, &pos.cells, sq, d).is_some())
            }) {
                Why::FlipsNothing
            } else {
                let st = Step {
                    kind,
                    ..Step::new(NONE, sq as u32, NONE, u16::MAX, at.rule, at.action)
                };
                self.emit(pos, st, &ka.conditions, at, out);
                continue;
            };
            if T::ON {
                self.trace.note(Event::Rejected {
                    at,
                    from: NONE,
                    to: sq as u32,
                    dir: u16::MAX,
                    distance: 0,
                    why,
                });
            }
        }
    }

    /// Every slide of one `slide` or `step` action, for each of `pieces` it is for.
    fn slides(
        &mut self,
        pos: &Position,
        pieces: &[u32],
        kinds: u32,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        if let Distance::LineCount(f) = slide.distance {
            // The distance along each line is looked up, without matching the distance
            // again for every piece and direction.
            self.fill_line_counts(pos, *f);
            let counts = std::mem::take(self.line_counts);
            let e = self.e;
            let (rays, line) = (Rays::of(e, pos), &e.g.line[..]);
            for &sq in pieces {
                let sq = sq as usize;
                if !self.kind_may(kinds, pos, sq, slide.at) {
                    continue;
                }
                for &d in slide.dirs {
                    let k = counts[line[d as usize * rays.n + sq] as usize];
                    self.slide_exactly(pos, rays, sq, d, k, slide, out);
                }
            }
            *self.line_counts = counts;
            return;
        }
        let rays = Rays::of(self.e, pos);
        for &sq in pieces {
            let sq = sq as usize;
            if !self.kind_may(kinds, pos, sq, slide.at) {
                continue;
            }
            for &d in slide.dirs {
                self.slide_from(pos, rays, sq, d, slide, out);
            }
        }
    }

    /// The slide from `sq` along `d`, as far as its distance says.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn slide_from(
        &mut self,
        pos: &Position,
        rays: Rays,
        sq: usize,
        d: DirId,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        let g = &self.e.g;
        let k = match slide.distance {
            Distance::LineCount(_) => self.line_counts[g.line[d as usize * g.n + sq] as usize],
            Distance::Const(k) => *k,
            Distance::Unlimited => {
                self.slide_any(pos, sq, d, slide, out);
                return;
            }
            Distance::Expr(e) => {
                let mut here = Candidate {
                    e: self.e,
                    vars: self.vars,
                    pos,
                    side: pos.mover,
                    from: sq as u32,
                    to: NONE,
                    dir: d,
                };
                match eval::eval(e, &mut here) {
                    Ok(v) => v.clamp(0, u32::MAX as i64) as u32,
                    Err(e) => {
                        self.err.get_or_insert(e);
                        return;
                    }
                }
            }
        };
        self.slide_exactly(pos, rays, sq, d, k, slide, out);
    }

    /// Every jump of one `jump` action, for each of `pieces` it is for.
    fn jumps(
        &mut self,
        pos: &Position,
        pieces: &[u32],
        kinds: u32,
        dirs: &[DirId],
        jump: Jump<'p>,
        out: &mut Vec<Step>,
    ) {
        for &sq in pieces {
            let sq = sq as usize;
            if !self.kind_may(kinds, pos, sq, jump.at) {
                continue;
            }
            for &d in dirs {
                self.jump(pos, sq, d, jump, out);
            }
        }
    }

    /// True if the piece on `sq` is of a kind the action is for.
    #[inline(always)]
    fn kind_may(&mut self, kinds: u32, pos: &Position, sq: usize, at: ActionRef) -> bool {
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

    /// Keeps only capturing steps when captures are mandatory and some step captures.
    fn mandatory_captures(&mut self, pos: &Position, out: &mut Vec<Step>) {
        let class = &self.e.t.class[pos.mover as usize];
        let captures = |s: &Step| {
            s.over != NONE
                || (s.from != NONE
                    && s.to != NONE
                    && class[pos.cells[s.to as usize] as usize] == C_ENEMY)
        };
        if out.iter().any(captures) {
            if T::ON {
                for s in out.iter().filter(|s| !captures(s)) {
                    self.trace.note(Event::NotCapturing { step: *s });
                }
            }
            out.retain(captures);
        }
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
            } = &ka.action
            {
                let jump = Jump {
                    over: *over,
                    before: *before,
                    after: *after,
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

    fn fill_line_counts(&mut self, pos: &Position, f: SetFilter) {
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
    fn reject(&mut self, at: ActionRef, from: usize, to: u32, dir: DirId, distance: u32, why: Why) {
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

    /// A slide as far as the squares passed allow: a step to every square it may land on.
    #[inline]
    fn slide_any(
        &mut self,
        pos: &Position,
        sq: usize,
        d: DirId,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        let (g, at) = (&self.e.g, slide.at);
        let class = &self.e.t.class[pos.mover as usize];
        let avail = g.steps(d, sq);
        let stride = g.stride[d as usize];
        let mut t = sq as isize;
        if avail == 0 {
            self.reject(at, sq, NONE, d, 0, Why::PastEdge { room: 0 });
        }
        for k in 1..=avail {
            t += stride;
            let c = class[pos.cells[t as usize] as usize];
            if c & slide.onto != 0 {
                let st = Step::new(sq as u32, t as u32, NONE, d, at.rule, at.action);
                self.emit(pos, st, slide.cond, at, out);
            } else {
                self.reject(at, sq, t as u32, d, k, Why::Lands { sq: t as u32 });
            }
            if c & slide.over == 0 {
                break;
            }
        }
    }

    #[inline(always)]
    fn jump(&mut self, pos: &Position, sq: usize, d: DirId, jump: Jump<'p>, out: &mut Vec<Step>) {
        let Jump {
            over,
            before,
            after,
            at,
            cond,
        } = jump;
        let g = &self.e.g;
        let class = &self.e.t.class[pos.mover as usize];
        if before == 0 && after == 0 {
            // A short jump: over the neighbour onto the square just beyond it.
            let s = g.next[d as usize * g.n + sq];
            if s == NONE {
                self.reject(at, sq, NONE, d, 0, Why::NothingToJump);
                return;
            }
            if class[pos.cells[s as usize] as usize] & over == 0 {
                let why = if pos.cells[s as usize] == EMPTY {
                    Why::NothingToJump
                } else {
                    Why::CannotJump { sq: s }
                };
                self.reject(at, sq, NONE, d, 0, why);
                return;
            }
            let t = g.next[d as usize * g.n + s as usize];
            if t != NONE && class[pos.cells[t as usize] as usize] == C_EMPTY {
                self.emit(
                    pos,
                    Step::new(sq as u32, t, s, d, at.rule, at.action),
                    cond,
                    at,
                    out,
                );
            } else {
                self.reject(at, sq, t, d, 0, Why::NoLanding { sq: s });
            }
            return;
        }
        let avail = g.steps(d, sq);
        let stride = g.stride[d as usize];
        let mut k = 1;
        while k <= avail {
            let s = (sq as isize + stride * k as isize) as usize;
            let c = class[pos.cells[s] as usize];
            if c == C_EMPTY {
                if k - 1 < before {
                    k += 1;
                    continue;
                }
                if T::ON {
                    // The next piece along the line, if any, is too far away.
                    let mut p = k + 1;
                    while p <= avail
                        && pos.cells[(sq as isize + stride * p as isize) as usize] == EMPTY
                    {
                        p += 1;
                    }
                    let why = if p <= avail {
                        Why::GapBefore {
                            sq: (sq as isize + stride * p as isize) as u32,
                        }
                    } else {
                        Why::NothingToJump
                    };
                    self.reject(at, sq, NONE, d, 0, why);
                }
                return;
            }
            if c & over == 0 {
                self.reject(at, sq, NONE, d, 0, Why::CannotJump { sq: s as u32 });
                return;
            }
            // Jump over `s`, landing on each empty square beyond it that the gap allows.
            let mut j = 1u32;
            while k + j <= avail && j - 1 <= after {
                let t = (s as isize + stride * j as isize) as usize;
                if class[pos.cells[t] as usize] != C_EMPTY {
                    break;
                }
                let st = Step::new(sq as u32, t as u32, s as u32, d, at.rule, at.action);
                self.emit(pos, st, cond, at, out);
                j += 1;
            }
            if j == 1 {
                self.reject(at, sq, NONE, d, 0, Why::NoLanding { sq: s as u32 });
            }
            return;
        }
        self.reject(at, sq, NONE, d, 0, Why::NothingToJump);
    }

    /// A slide of exactly `k` squares: every square passed must be in `over`, the landing
    /// square in `onto`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn slide_exactly(
        &mut self,
        pos: &Position,
        rays: Rays,
        sq: usize,
        d: DirId,
        k: u32,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        let (over, onto, at) = (slide.over, slide.onto, slide.at);
        let Rays {
            cells, class, n, ..
        } = rays;
        if k == 1 {
            // One step: the common case (men, kings, steppers), from the neighbour table.
            let t = rays.next[d as usize * n + sq];
            if t != NONE && class[cells[t as usize] as usize] & onto != 0 {
                self.emit(
                    pos,
                    Step::new(sq as u32, t, NONE, d, at.rule, at.action),
                    slide.cond,
                    at,
                    out,
                );
            } else if T::ON {
                let why = if t == NONE {
                    Why::PastEdge { room: 0 }
                } else {
                    Why::Lands { sq: t }
                };
                self.reject(at, sq, t, d, 1, why);
            }
            return;
        }
        if k == 0 {
            self.reject(at, sq, NONE, d, 0, Why::ZeroDistance);
            return;
        }
        let room = rays.steps[d as usize * n + sq];
        if k > room {
            self.reject(at, sq, NONE, d, k, Why::PastEdge { room });
            return;
        }
        let stride = rays.stride[d as usize];
        let mut t = sq as isize;
        for _ in 1..k {
            t += stride;
            if class[cells[t as usize] as usize] & over == 0 {
                let to = (sq as isize + stride * k as isize) as u32;
                self.reject(at, sq, to, d, k, Why::Passes { sq: t as u32 });
                return;
            }
        }
        t += stride;
        if class[cells[t as usize] as usize] & onto != 0 {
            let st = Step::new(sq as u32, t as u32, NONE, d, at.rule, at.action);
            self.emit(pos, st, slide.cond, at, out);
        } else {
            self.reject(at, sq, t as u32, d, k, Why::Lands { sq: t as u32 });
        }
    }
}
