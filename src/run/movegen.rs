//! The move generator: every step the side to move can take, from the compiled rules.
//! One generator serves every query.

use super::position::Position;
use super::step::{NONE, Step};
use crate::compile::Tables;
use crate::compile::geometry::Geometry;
use crate::compile::program::*;

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

/// Everything the generator reads, borrowed for one call.
pub struct Gen<'a> {
    pub p: &'a Program,
    pub t: &'a Tables,
    pub g: &'a Geometry,
    /// Per-line counts for `distance count ... on line`, filled on demand.
    pub line_counts: &'a mut Vec<u32>,
    /// Evaluates `distance` expressions that are not a plain line count.
    pub distance_expr: &'a mut dyn FnMut(&Expr, &Position, usize, DirId) -> i64,
    /// Scratch: the squares of the mover's pieces.
    pub own: &'a mut Vec<u32>,
}

impl Gen<'_> {
    /// All first steps of every move rule for `pos.mover`.
    pub fn first_steps(&mut self, pos: &Position, out: &mut Vec<Step>) {
        out.clear();
        let side = pos.mover as usize;
        let class = &self.t.class[side];
        // The mover's pieces, found once for every action that moves a piece.
        let mut own = std::mem::take(self.own);
        own.clear();
        if self.t.moves_pieces {
            for (s, &c) in pos.cells.iter().enumerate() {
                if class[c as usize] == C_OWN {
                    own.push(s as u32);
                }
            }
        }
        let all_kinds = (1u32 << self.t.kinds) - 1;
        for (ri, rule) in self.p.moves.iter().enumerate() {
            for ka in &rule.actions {
                match &ka.action {
                    Action::Pass => out.push(Step {
                        from: NONE,
                        to: NONE,
                        over: NONE,
                        dir: u16::MAX,
                        rule: ri as u16,
                        kind: 0,
                    }),
                    Action::Place { onto } => {
                        let kind = ka.kinds.trailing_zeros() as u8;
                        let needs_flip = match (&rule.flip, rule.must_flip) {
                            (Some(f), true) => Some(&f.dirs[side][..]),
                            _ => None,
                        };
                        for (sq, &c) in pos.cells.iter().enumerate() {
                            if class[c as usize] & onto != 0
                                && needs_flip
                                    .is_none_or(|dirs| would_flip(self.g, class, pos, sq, dirs))
                            {
                                out.push(Step {
                                    from: NONE,
                                    to: sq as u32,
                                    over: NONE,
                                    dir: u16::MAX,
                                    rule: ri as u16,
                                    kind,
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
                            if ka.kinds != all_kinds
                                && ka.kinds & (1 << self.t.kind_of[pos.cells[sq] as usize]) == 0
                            {
                                continue;
                            }
                            // The distance is decided once per action, not per square.
                            match distance {
                                Distance::LineCount(_) => {
                                    for &d in &dirs[side] {
                                        let k = self.line_counts
                                            [g.line[d as usize * g.n + sq] as usize];
                                        slide_exactly(
                                            g, class, pos, sq, d, k, *over, *onto, ri as u16, out,
                                        );
                                    }
                                }
                                Distance::Const(k) => {
                                    for &d in &dirs[side] {
                                        slide_exactly(
                                            g, class, pos, sq, d, *k, *over, *onto, ri as u16, out,
                                        );
                                    }
                                }
                                _ => {
                                    for &d in &dirs[side] {
                                        self.slide(
                                            pos, sq, d, distance, *over, *onto, ri as u16, out,
                                        );
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
                            if ka.kinds != all_kinds
                                && ka.kinds & (1 << self.t.kind_of[pos.cells[sq] as usize]) == 0
                            {
                                continue;
                            }
                            for &d in &dirs[side] {
                                self.jump(pos, sq, d, *over, *before, *after, ri as u16, out);
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

    /// Keeps only capturing steps when captures are mandatory and some step captures.
    fn mandatory_captures(&self, pos: &Position, out: &mut Vec<Step>) {
        let class = &self.t.class[pos.mover as usize];
        let captures = |s: &Step| {
            s.over != NONE
                || (s.from != NONE
                    && s.to != NONE
                    && class[pos.cells[s.to as usize] as usize] == C_ENEMY)
        };
        if out.iter().any(captures) {
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
        for ka in &rule.actions {
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
                        self.jump(pos, sq, d, *over, *before, *after, at.rule, out);
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
        rule: u16,
        out: &mut Vec<Step>,
    ) {
        let g = self.g;
        let class = &self.t.class[pos.mover as usize];
        let k = match distance {
            Distance::Unlimited => {
                let avail = g.steps(d, sq);
                let stride = g.stride[d as usize];
                let mut t = sq as isize;
                for _ in 0..avail {
                    t += stride;
                    let c = class[pos.cells[t as usize] as usize];
                    if c & onto != 0 {
                        out.push(Step {
                            from: sq as u32,
                            to: t as u32,
                            over: NONE,
                            dir: d,
                            rule,
                            kind: 0,
                        });
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
        slide_exactly(g, class, pos, sq, d, k, over, onto, rule, out);
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
        rule: u16,
        out: &mut Vec<Step>,
    ) {
        let g = self.g;
        let class = &self.t.class[pos.mover as usize];
        if before == 0 && after == 0 {
            // A short jump: over the neighbour onto the square just beyond it.
            let s = g.next[d as usize * g.n + sq];
            if s == NONE || class[pos.cells[s as usize] as usize] & over == 0 {
                return;
            }
            let t = g.next[d as usize * g.n + s as usize];
            if t != NONE && class[pos.cells[t as usize] as usize] == C_EMPTY {
                out.push(Step {
                    from: sq as u32,
                    to: t,
                    over: s,
                    dir: d,
                    rule,
                    kind: 0,
                });
            }
            return;
        }
        let avail = g.steps(d, sq);
        // A jump needs a square to jump over and one to land on.
        if avail < 2 {
            return;
        }
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
                return;
            }
            if c & over == 0 {
                return;
            }
            // Jump over `s`, landing on each empty square beyond it that the gap allows.
            let mut j = 1u32;
            while k + j <= avail && j - 1 <= after {
                let t = (s as isize + stride * j as isize) as usize;
                if class[pos.cells[t] as usize] != C_EMPTY {
                    break;
                }
                out.push(Step {
                    from: sq as u32,
                    to: t as u32,
                    over: s as u32,
                    dir: d,
                    rule,
                    kind: 0,
                });
                j += 1;
            }
            return;
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

/// A slide of exactly `k` squares: every square passed must be in `over`, the landing
/// square in `onto`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn slide_exactly(
    g: &Geometry,
    class: &[u8; 256],
    pos: &Position,
    sq: usize,
    d: DirId,
    k: u32,
    over: CellMask,
    onto: CellMask,
    rule: u16,
    out: &mut Vec<Step>,
) {
    if k == 1 {
        // One step: the common case (men, kings, steppers), from the neighbour table.
        let t = g.next[d as usize * g.n + sq];
        if t != NONE && class[pos.cells[t as usize] as usize] & onto != 0 {
            out.push(Step {
                from: sq as u32,
                to: t,
                over: NONE,
                dir: d,
                rule,
                kind: 0,
            });
        }
        return;
    }
    if k == 0 || k > g.steps(d, sq) {
        return;
    }
    let stride = g.stride[d as usize];
    let cells = &pos.cells[..];
    let mut t = sq as isize;
    for _ in 1..k {
        t += stride;
        if class[cells[t as usize] as usize] & over == 0 {
            return;
        }
    }
    t += stride;
    if class[cells[t as usize] as usize] & onto != 0 {
        out.push(Step {
            from: sq as u32,
            to: t as u32,
            over: NONE,
            dir: d,
            rule,
            kind: 0,
        });
    }
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
