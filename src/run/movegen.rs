//! The move generator: every step the side to move can take, from the compiled rules.
//! One generator serves every query.

use super::position::Position;
use super::step::{NONE, Step};
use super::trace::{ActionRef, Event, Trace, Why};
use crate::compile::Tables;
use crate::compile::geometry::Geometry;
use crate::program::*;

/// Where a chain stands: the moving piece's square, the direction of its last jump and the
/// rule being continued.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChainAt {
    pub sq: u32,
    pub last_dir: u16,
    pub rule: u16,
    /// The last jump promoted the piece.
    pub promoted: bool,
}

/// Everything the generator reads, borrowed for one call, and where it tells what it
/// turned down ([`Off`](super::trace::Off) in every search).
pub struct Gen<'a, T: Trace> {
    pub p: &'a Program,
    pub t: &'a Tables,
    pub g: &'a Geometry,
    /// Per-line counts for `distance count ... on line`, filled on demand.
    pub line_counts: &'a mut Vec<u32>,
    /// Evaluates `distance` expressions that are not a plain line count.
    pub distance_expr: &'a mut dyn FnMut(&Expr, &Position, usize, DirId) -> i64,
    /// Scratch: the squares of the mover's pieces.
    pub own: &'a mut Vec<u32>,
    pub trace: &'a mut T,
}

impl<T: Trace> Gen<'_, T> {
    /// All first steps of every move rule for `pos.mover`.
    pub fn first_steps(&mut self, pos: &Position, out: &mut Vec<Step>) {
        out.clear();
        let side = pos.mover as usize;
        let t = self.t;
        let class = &t.class[side];
        // The mover's pieces, found once for every action that moves a piece.
        let mut own = std::mem::take(self.own);
        own.clear();
        if t.moves_pieces {
            for (s, &c) in pos.cells.iter().enumerate() {
                if class[c as usize] == C_OWN {
                    own.push(s as u32);
                }
            }
        }
        let all_kinds = (1u32 << t.kinds) - 1;
        for (ri, rule) in self.p.moves.iter().enumerate() {
            for (ai, ka) in rule.actions.iter().enumerate() {
                let at = ActionRef {
                    rule: ri as u16,
                    action: ai as u8,
                };
                match &ka.action {
                    Action::Pass => {
                        out.push(Step::new(NONE, NONE, NONE, u16::MAX, at.rule, at.action))
                    }
                    Action::Place { onto } => {
                        let kind = ka.kinds.trailing_zeros() as u8;
                        let needs_flip = match (&rule.flip, rule.must_flip) {
                            (Some(f), true) => Some(&f.dirs[side][..]),
                            _ => None,
                        };
                        for (sq, &c) in pos.cells.iter().enumerate() {
                            let why = if class[c as usize] & onto == 0 {
                                Why::PlaceOnto
                            } else if needs_flip
                                .is_some_and(|dirs| !would_flip(self.g, class, pos, sq, dirs))
                            {
                                Why::FlipsNothing
                            } else {
                                out.push(Step {
                                    kind,
                                    ..Step::new(NONE, sq as u32, NONE, u16::MAX, at.rule, at.action)
                                });
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
                    Action::Slide {
                        dirs,
                        distance,
                        over,
                        onto,
                    } => {
                        if let Distance::LineCount(f) = distance {
                            self.fill_line_counts(pos, *f);
                        }
                        let g = self.g;
                        for &sq in &own {
                            let sq = sq as usize;
                            if !self.kind_may(ka.kinds, all_kinds, pos, sq, at) {
                                continue;
                            }
                            // The distance is decided once per action, not per square.
                            match distance {
                                Distance::LineCount(_) => {
                                    for &d in &dirs[side] {
                                        let k = self.line_counts
                                            [g.line[d as usize * g.n + sq] as usize];
                                        self.slide_exactly(pos, sq, d, k, *over, *onto, at, out);
                                    }
                                }
                                Distance::Const(k) => {
                                    for &d in &dirs[side] {
                                        self.slide_exactly(pos, sq, d, *k, *over, *onto, at, out);
                                    }
                                }
                                _ => {
                                    for &d in &dirs[side] {
                                        self.slide(pos, sq, d, distance, *over, *onto, at, out);
                                    }
                                }
                            }
                        }
                    }
                    Action::Jump {
                        dirs,
                        over,
                        before,
                        after,
                    } => {
                        for &sq in &own {
                            let sq = sq as usize;
                            if !self.kind_may(ka.kinds, all_kinds, pos, sq, at) {
                                continue;
                            }
                            for &d in &dirs[side] {
                                self.jump(pos, sq, d, *over, *before, *after, at, out);
                            }
                        }
                    }
                }
            }
        }
        *self.own = own;
        if self.p.captures_mandatory {
            self.mandatory_captures(pos, out);
        }
    }

    /// True if the piece on `sq` is of a kind the action is for.
    #[inline(always)]
    fn kind_may(&mut self, kinds: u32, all: u32, pos: &Position, sq: usize, at: ActionRef) -> bool {
        if kinds == all || kinds & (1 << self.t.kind_of[pos.cells[sq] as usize]) != 0 {
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
        let class = &self.t.class[pos.mover as usize];
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

    /// The jumps that continue a chain from `at`.
    pub fn chain_steps(
        &mut self,
        pos: &Position,
        at: ChainAt,
        no_turning_back: bool,
        out: &mut Vec<Step>,
    ) {
        out.clear();
        let side = pos.mover as usize;
        let sq = at.sq as usize;
        let code = pos.cells[sq];
        let rule = &self.p.moves[at.rule as usize];
        if at.promoted && rule.chain.is_some_and(|c| c.until_promoted) {
            return;
        }
        let back = if no_turning_back {
            self.opposite(at.last_dir)
        } else {
            u16::MAX
        };
        for (ai, ka) in rule.actions.iter().enumerate() {
            let here = ActionRef {
                rule: at.rule,
                action: ai as u8,
            };
            if ka.kinds & (1 << self.t.kind_of[code as usize]) == 0 {
                continue;
            }
            if let Action::Jump {
                dirs,
                over,
                before,
                after,
            } = &ka.action
            {
                for &d in &dirs[side] {
                    if d != back {
                        self.jump(pos, sq, d, *over, *before, *after, here, out);
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
    }

    fn opposite(&self, d: u16) -> u16 {
        if d == u16::MAX {
            return u16::MAX;
        }
        self.t.opposite[d as usize]
    }

    fn fill_line_counts(&mut self, pos: &Position, f: SetFilter) {
        let g = self.g;
        self.line_counts.clear();
        self.line_counts.resize(g.line_count, 0);
        let matching = filter_table(f, &self.t.class[pos.mover as usize], self.t);
        for (sq, &c) in pos.cells.iter().enumerate() {
            if matching[c as usize] {
                for &a in &g.axes {
                    self.line_counts[g.line[a as usize * g.n + sq] as usize] += 1;
                }
            }
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

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn slide(
        &mut self,
        pos: &Position,
        sq: usize,
        d: DirId,
        distance: &Distance,
        over: CellMask,
        onto: CellMask,
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let g = self.g;
        let class = &self.t.class[pos.mover as usize];
        let k = match distance {
            Distance::Unlimited => {
                let avail = g.steps(d, sq);
                let stride = g.stride[d as usize];
                let mut t = sq as isize;
                if avail == 0 {
                    self.reject(at, sq, NONE, d, 0, Why::PastEdge { room: 0 });
                }
                for k in 1..=avail {
                    t += stride;
                    let c = class[pos.cells[t as usize] as usize];
                    if c & onto != 0 {
                        out.push(Step::new(sq as u32, t as u32, NONE, d, at.rule, at.action));
                    } else {
                        self.reject(at, sq, t as u32, d, k, Why::Lands { sq: t as u32 });
                    }
                    if c & over == 0 {
                        break;
                    }
                }
                return;
            }
            Distance::Const(k) => *k,
            Distance::LineCount(_) => self.line_counts[g.line[d as usize * g.n + sq] as usize],
            Distance::Expr(e) => {
                let v = (self.distance_expr)(e, pos, sq, d);
                if v < 0 {
                    0
                } else {
                    v.min(u32::MAX as i64) as u32
                }
            }
        };
        self.slide_exactly(pos, sq, d, k, over, onto, at, out);
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn jump(
        &mut self,
        pos: &Position,
        sq: usize,
        d: DirId,
        over: CellMask,
        before: u32,
        after: u32,
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let g = self.g;
        let class = &self.t.class[pos.mover as usize];
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
                out.push(Step::new(sq as u32, t, s, d, at.rule, at.action));
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
                out.push(Step::new(
                    sq as u32, t as u32, s as u32, d, at.rule, at.action,
                ));
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
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn slide_exactly(
        &mut self,
        pos: &Position,
        sq: usize,
        d: DirId,
        k: u32,
        over: CellMask,
        onto: CellMask,
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let g = self.g;
        let class = &self.t.class[pos.mover as usize];
        if k == 1 {
            // One step: the common case (men, kings, steppers), from the neighbour table.
            let t = g.next[d as usize * g.n + sq];
            if t != NONE && class[pos.cells[t as usize] as usize] & onto != 0 {
                out.push(Step::new(sq as u32, t, NONE, d, at.rule, at.action));
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
        let room = g.steps(d, sq);
        if k > room {
            self.reject(at, sq, NONE, d, k, Why::PastEdge { room });
            return;
        }
        let stride = g.stride[d as usize];
        let cells = &pos.cells[..];
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
            out.push(Step::new(sq as u32, t as u32, NONE, d, at.rule, at.action));
        } else {
            self.reject(at, sq, t as u32, d, k, Why::Lands { sq: t as u32 });
        }
    }
}

/// True if a piece placed on `sq` would close an enemy run along one of `dirs`.
#[inline]
fn would_flip(g: &Geometry, class: &[u8; 256], pos: &Position, sq: usize, dirs: &[DirId]) -> bool {
    let cells = &pos.cells[..];
    dirs.iter().any(|&d| {
        let avail = g.steps(d, sq);
        let stride = g.stride[d as usize];
        let mut s = sq as isize + stride;
        if avail < 2 || class[cells[s as usize] as usize] != C_ENEMY {
            return false;
        }
        let mut k = 2;
        s += stride;
        while k < avail && class[cells[s as usize] as usize] == C_ENEMY {
            k += 1;
            s += stride;
        }
        class[cells[s as usize] as usize] == C_OWN
    })
}

/// Which cell values a filter accepts, as a table (for loops over many squares).
pub fn filter_table(f: SetFilter, class: &[u8; 256], t: &Tables) -> [bool; 256] {
    let mut m = [false; 256];
    let codes = t.kinds as usize * t.class.len();
    for code in (0..=codes).chain([GHOST as usize]) {
        m[code] = matches_filter(f, code as Code, class, t);
    }
    m
}

#[inline]
pub fn matches_filter(f: SetFilter, cell: Code, class: &[u8; 256], t: &Tables) -> bool {
    match f {
        SetFilter::Own => class[cell as usize] == C_OWN,
        SetFilter::Enemy => class[cell as usize] == C_ENEMY,
        SetFilter::Empty => cell == EMPTY,
        SetFilter::Pieces => cell != EMPTY && cell != GHOST,
        SetFilter::Squares => true,
        SetFilter::Side(s) => cell != EMPTY && cell != GHOST && t.side_of[cell as usize] == s,
        SetFilter::Piece(c) => cell == c,
    }
}
