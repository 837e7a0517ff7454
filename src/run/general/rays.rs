//! The slides and jumps of the generator ([`Gen`]): from a piece along a direction, as far
//! as the action's distance says or the squares passed allow, onto the squares it may land
//! on; over a piece onto the squares beyond it. Each step the action's clauses allow is
//! emitted, and each candidate turned down is told to the trace with the reason.

use super::candidate::Candidate;
use super::movegen::{Gen, Jump, Rays, Slide};
use super::runs::advance;
use super::trace::{Trace, Why};
use crate::program::*;
use crate::run::eval;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// Every slide of one `slide` or `step` action, for each of `pieces` it is for.
    pub(super) fn slides(
        &mut self,
        pos: &Position,
        pieces: &[u32],
        kinds: u32,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        let rays = Rays::of(self.e, pos);
        // The distance is matched once for the action, not again for every piece and
        // direction.
        match slide.distance {
            Distance::Const(k) => self.each_ray(pos, (pieces, kinds), slide, |g, sq, d| {
                g.slide_exactly(rays, sq, d, *k, slide, out)
            }),
            Distance::Unlimited => self.each_ray(pos, (pieces, kinds), slide, |g, sq, d| {
                g.slide_any(pos, sq, d, slide, out)
            }),
            Distance::LineCount(f) => {
                // The distance along each line is looked up.
                self.fill_line_counts(pos, *f);
                let counts = std::mem::take(self.line_counts);
                let line = &self.e.g.line[..];
                self.each_ray(pos, (pieces, kinds), slide, |g, sq, d| {
                    let k = counts[line[d as usize * rays.n + sq] as usize];
                    g.slide_exactly(rays, sq, d, k, slide, out)
                });
                *self.line_counts = counts;
            }
            Distance::Expr(_) => self.each_ray(pos, (pieces, kinds), slide, |g, sq, d| {
                g.slide_from(rays, sq, d, slide, out)
            }),
        }
    }

    /// Calls `f` for each of `pieces` the action is for (of one of `kinds`) and each of the
    /// slide's directions.
    #[inline(always)]
    fn each_ray(
        &mut self,
        pos: &Position,
        (pieces, kinds): (&[u32], u32),
        slide: &Slide<'p>,
        mut f: impl FnMut(&mut Self, usize, DirId),
    ) {
        for &sq in pieces {
            let sq = sq as usize;
            if !self.kind_may(kinds, pos, sq, slide.at) {
                continue;
            }
            for &d in slide.dirs {
                f(self, sq, d);
            }
        }
    }

    /// The slide from `sq` along `d`, as far as its distance says.
    #[inline(always)]
    pub(super) fn slide_from(
        &mut self,
        rays: Rays<'_>,
        sq: usize,
        d: DirId,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        let (g, pos) = (&self.e.g, rays.pos);
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
                    memo: None,
                    die: self.die,
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
        self.slide_exactly(rays, sq, d, k, slide, out);
    }

    /// Every jump of one `jump` action, for each of `pieces` it is for (`dirs` with the
    /// directions at right angles to each, for `sideways if blocked`).
    pub(super) fn jumps(
        &mut self,
        pos: &Position,
        pieces: &[u32],
        kinds: u32,
        (dirs, aside): (&[DirId], &[[DirId; 2]]),
        jump: Jump<'p>,
        out: &mut Vec<Step>,
    ) {
        for &sq in pieces {
            let sq = sq as usize;
            if !self.kind_may(kinds, pos, sq, jump.at) {
                continue;
            }
            for (i, &d) in dirs.iter().enumerate() {
                let jump = Jump {
                    aside: aside.get(i).copied(),
                    ..jump
                };
                self.jump(pos, sq, d, jump, out);
            }
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
        let (stride, next_of) = (g.stride[d as usize], g.next_of(d));
        let mut t = sq;
        if avail == 0 {
            self.reject(at, sq, NONE, d, 0, Why::PastEdge { room: 0 });
        }
        if !T::ON && slide.cond.is_empty() && self.lands_plainly(pos, sq, at) {
            // Each square it may land on is one step, written straight into the list.
            for _ in 1..=avail {
                t = advance(t, stride, next_of);
                let c = class[pos.cells[t] as usize];
                if c & slide.onto != 0 {
                    out.push(Step {
                        part: at.part,
                        ..Step::new(sq as u32, t as u32, NONE, d, at.rule, at.action)
                    });
                }
                if c & slide.over == 0 {
                    break;
                }
            }
            return;
        }
        for k in 1..=avail {
            t = advance(t, stride, next_of);
            let c = class[pos.cells[t] as usize];
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
    pub(super) fn jump(
        &mut self,
        pos: &Position,
        sq: usize,
        d: DirId,
        jump: Jump<'p>,
        out: &mut Vec<Step>,
    ) {
        let Jump {
            over,
            before,
            at,
            cond,
            ..
        } = jump;
        let g = &self.e.g;
        let class = &self.e.t.class[pos.mover as usize];
        if before.most == 0
            && jump.after.most == 0
            && !jump.hop
            && jump.aside.is_none()
            && jump.onto == C_EMPTY
        {
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
        let (stride, next_of) = (g.stride[d as usize], g.next_of(d));
        let mut k = 1;
        let mut s = sq;
        while k <= avail {
            s = advance(s, stride, next_of);
            let c = class[pos.cells[s] as usize];
            if c == C_EMPTY {
                if k - 1 < before.most {
                    k += 1;
                    continue;
                }
                if T::ON {
                    // The next piece along the line, if any, is too far away.
                    let (mut p, mut t) = (k + 1, next_of[s]);
                    while p <= avail && pos.cells[t as usize] == EMPTY {
                        p += 1;
                        t = next_of[t as usize];
                    }
                    let why = if p <= avail {
                        Why::GapBefore { sq: t }
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
            if k - 1 < before.least {
                self.reject(at, sq, NONE, d, 0, Why::GapShort { sq: s as u32 });
                return;
            }
            let landed = self.land(pos, (sq, s), d, jump, out);
            if !landed && let Some(aside) = jump.aside {
                let mut beside = false;
                for side_dir in aside {
                    beside |= self.land(pos, (sq, s), side_dir, jump, out);
                }
                if beside {
                    return;
                }
            }
            if !landed {
                self.reject(at, sq, NONE, d, 0, Why::NoLanding { sq: s as u32 });
            }
            return;
        }
        self.reject(at, sq, NONE, d, 0, Why::NothingToJump);
    }

    /// The landings of a jump from `sq` over the piece on `s`, along `d` from `s`: each
    /// empty square the gap after allows, before the next piece or the edge. Whether there
    /// was one.
    #[inline(always)]
    fn land(
        &mut self,
        pos: &Position,
        (sq, s): (usize, usize),
        d: DirId,
        jump: Jump<'p>,
        out: &mut Vec<Step>,
    ) -> bool {
        let g = &self.e.g;
        let class = &self.e.t.class[pos.mover as usize];
        let avail = g.steps(d, s);
        let (stride, next_of) = (g.stride[d as usize], g.next_of(d));
        let taken = if jump.hop { NONE } else { s as u32 };
        let mut landed = false;
        let mut t = s;
        let mut j = 1u32;
        while j <= avail && j - 1 <= jump.after.most {
            t = advance(t, stride, next_of);
            let c = class[pos.cells[t] as usize];
            if c != C_EMPTY {
                // `onto` a piece: the first one the gap after reaches, taken where it stands.
                if c & jump.onto != 0 && j > jump.after.least {
                    let st = Step::new(sq as u32, t as u32, taken, d, jump.at.rule, jump.at.action);
                    self.emit(pos, st, jump.cond, jump.at, out);
                    landed = true;
                }
                break;
            }
            if jump.onto & C_EMPTY != 0 && j > jump.after.least {
                let st = Step::new(sq as u32, t as u32, taken, d, jump.at.rule, jump.at.action);
                self.emit(pos, st, jump.cond, jump.at, out);
                landed = true;
            }
            j += 1;
        }
        landed
    }

    /// A slide of exactly `k` squares: every square passed must be in `over`, the landing
    /// square in `onto`.
    #[inline(always)]
    pub(super) fn slide_exactly(
        &mut self,
        rays: Rays<'_>,
        sq: usize,
        d: DirId,
        mut k: u32,
        slide: &Slide<'p>,
        out: &mut Vec<Step>,
    ) {
        let (over, onto, at) = (slide.over, slide.onto, slide.at);
        if slide.past_end {
            // Only a distance past the end, which ends on the way's last square.
            let room = rays.steps[d as usize * rays.n + sq];
            if k <= room || room == 0 {
                self.reject(at, sq, NONE, d, k, Why::PastEdge { room });
                return;
            }
            k = room;
        }
        let Rays {
            pos,
            cells,
            class,
            n,
            ..
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
        let (stride, next_of) = (
            rays.stride[d as usize],
            &rays.next[d as usize * n..(d as usize + 1) * n],
        );
        let mut t = sq;
        for i in 1..k {
            t = advance(t, stride, next_of);
            if class[cells[t] as usize] & over == 0 {
                let to = (i..k).fold(t, |s, _| next_of[s] as usize) as u32;
                self.reject(at, sq, to, d, k, Why::Passes { sq: t as u32 });
                return;
            }
        }
        t = advance(t, stride, next_of);
        if class[cells[t] as usize] & onto != 0 {
            let st = Step::new(sq as u32, t as u32, NONE, d, at.rule, at.action);
            self.emit(pos, st, slide.cond, at, out);
        } else {
            self.reject(at, sq, t as u32, d, k, Why::Lands { sq: t as u32 });
        }
    }
}
