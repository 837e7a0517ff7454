//! Moves whose legality is known without asking (`legal if no own KIND pieces attacked`,
//! see [`crate::compile::attacks::KingGuard`]): where the own piece of that kind stands,
//! whether it is attacked and which own pieces are pinned to it, once per position; then a
//! move of another piece that is not pinned, or a drop, is legal at once. A move asked
//! about finds the guarded piece where it was, or where the move put it, without a search.

use super::attack::{attacker, attackers};
use super::runner::{Guarded, MAX_BLOCK, MAX_PINNED, Runner};
use crate::program::{Attackers, Code, DirId, EMPTY};
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

impl Runner<'_> {
    /// The guarded piece of the side to move in `pos`, when the rules have a guard and the
    /// side has exactly one such piece.
    pub(super) fn guarded(&mut self, pos: &Position) -> Result<Option<Guarded>, RunError> {
        // Its own handle on the engine: the attack's squares are found with the runner's
        // scratch positions.
        let e = std::rc::Rc::clone(&self.e);
        let (Some(guard), Some(code)) = (&e.t.king_guard, self.guard_code(pos)) else {
            return Ok(None);
        };
        let Some(sq) = pos.cells.iter().position(|&c| c == code) else {
            return Ok(None);
        };
        let by = attackers(&e, Attackers::Others, code, pos.mover);
        let checker = attacker(&e, &self.vars, pos, sq as u32, by)?;
        let mut g = Guarded {
            sq: sq as u32,
            attacked: checker.is_some(),
            pinned: [NONE; MAX_PINNED],
            pins: 0,
            block: [NONE; MAX_BLOCK],
            blocks: usize::MAX,
        };
        if let Some(at) = checker {
            self.blocks_of(pos, &mut g, (at, by))?;
        }
        // Along each line an enemy attacks on: the first piece back from the guarded one,
        // when it is own and the next piece beyond is an enemy that attacks along the line.
        let (gm, t) = (&e.g, &*e.t);
        let back = |d: DirId, at: u32| gm.prev[d as usize * gm.n + at as usize];
        let first = |d: DirId, mut at: u32| {
            at = back(d, at);
            while at != NONE && pos.cells[at as usize] == EMPTY {
                at = back(d, at);
            }
            at
        };
        for (side, dirs) in guard.rays.iter().enumerate() {
            if by & (1 << side) == 0 {
                continue;
            }
            for &(d, kinds) in dirs {
                let near = first(d, g.sq);
                if near == NONE || t.side_of[pos.cells[near as usize] as usize] != pos.mover {
                    continue;
                }
                let far = first(d, near);
                if far == NONE {
                    continue;
                }
                let c = pos.cells[far as usize] as usize;
                if t.side_of[c] as usize == side && kinds & (1 << t.kind_of[c]) != 0 {
                    if g.pins < MAX_PINNED {
                        g.pinned[g.pins] = near;
                    }
                    g.pins += 1;
                }
            }
        }
        Ok(Some(g))
    }

    /// The squares where a move of another piece must land to end the attack on the
    /// guarded piece of `g`, attacked from `at` by the sides `by` ([`Guarded::block`]):
    /// none when a second piece attacks it too (found with an own piece put on `at`, which
    /// opens no attack), else `at` and, when the attacker is the first piece along one of
    /// the rays the guard knows, the empty squares between.
    fn blocks_of(
        &mut self,
        pos: &Position,
        g: &mut Guarded,
        (at, by): (u32, u32),
    ) -> Result<(), RunError> {
        let mut other = self.take_walk_pos(pos);
        other.cells[at as usize] = pos.cells[g.sq as usize];
        let second = attacker(&self.e, &self.vars, &other, g.sq, by);
        self.put_walk_pos(other);
        if second?.is_some() {
            g.blocks = 0;
            return Ok(());
        }
        let (e, Some(guard)) = (&self.e, &self.e.t.king_guard) else {
            return Ok(());
        };
        let (gm, t) = (&e.g, &*e.t);
        let c = pos.cells[at as usize] as usize;
        let (side, kind) = (t.side_of[c] as usize, t.kind_of[c]);
        // The attacker's square first, then the squares between (none for a leap).
        g.block[0] = at;
        g.blocks = 1;
        for &(d, kinds) in guard.rays.get(side).map_or(&[][..], |r| &r[..]) {
            if kinds & (1 << kind) == 0 {
                continue;
            }
            let mut n = 1;
            let mut sq = gm.prev[d as usize * gm.n + g.sq as usize];
            while sq != NONE && sq != at && pos.cells[sq as usize] == EMPTY {
                if n == MAX_BLOCK {
                    // Too long a line to keep: nothing is known.
                    g.blocks = usize::MAX;
                    return Ok(());
                }
                g.block[n] = sq;
                n += 1;
                sq = gm.prev[d as usize * gm.n + sq as usize];
            }
            if sq == at {
                g.blocks = n;
                break;
            }
        }
        Ok(())
    }

    /// Whether the one-step move `st` is known to leave the guarded piece attacked without
    /// being made: it is attacked, and the move, of another piece, is a lone step
    /// ([`Runner::lone_step`]) that lands where the attack is not ended ([`Guarded::block`]:
    /// it neither takes the attacker nor stands in its line).
    pub(super) fn known_illegal(&self, st: &Step) -> bool {
        let Some(g) = &self.guarded else {
            return false;
        };
        g.attacked
            && g.blocks <= MAX_BLOCK
            && st.from != g.sq
            && self.lone_step(st)
            && !g.block[..g.blocks].contains(&st.to)
    }

    /// Whether `st` lands on a square and does nothing else: it takes nothing off another
    /// square, moves no second piece, and its action has no effect on other squares and
    /// flips nothing. Only such a step's square can change what attacks the guarded piece.
    fn lone_step(&self, st: &Step) -> bool {
        let p = self.e.p;
        st.to != NONE
            && st.over == NONE
            && st.pair == NONE
            && !p.part(st.rule, st.part)[st.action as usize]
                .effects
                .touches_others()
            && p.moves[st.rule as usize].flip.is_none()
    }

    /// The code of the guarded piece of the side to move in `pos`, when the rules have a
    /// guard and the side has exactly one such piece.
    fn guard_code(&self, pos: &Position) -> Option<Code> {
        let guard = self.e.t.king_guard.as_ref()?;
        let code = self.e.p.code(pos.mover, guard.kind);
        (pos.counts.get(code as usize) == Some(&1)).then_some(code)
    }

    /// Whether the one-step move `st` is legal without asking: the guarded piece is not
    /// attacked, the move takes nothing off another square and moves no second piece, and
    /// it is a drop of another kind, or a move of another piece that is not pinned.
    pub(super) fn known_legal(&self, st: &Step) -> bool {
        let (Some(g), Some(guard)) = (&self.guarded, &self.e.t.king_guard) else {
            return false;
        };
        if g.attacked || g.pins > MAX_PINNED || !self.lone_step(st) {
            return false;
        }
        if st.from == NONE {
            return st.kind != guard.kind;
        }
        st.from != g.sq && !g.pinned[..g.pins].contains(&st.from)
    }

    /// Under a guard that is the only `legal if` (see [`Runner::known_legal`]): whether the
    /// guarded piece of the side that moved is not attacked in `after`, found where it stood
    /// before the move or searched for; `None` when the side has not exactly one.
    pub(super) fn guard_holds(&mut self, after: &Position) -> Result<Option<bool>, RunError> {
        let e = &self.e;
        let Some(code) = self.guard_code(after) else {
            return Ok(None);
        };
        let sq = match &self.guarded {
            Some(g) if after.cells[g.sq as usize] == code => g.sq as usize,
            _ => match after.cells.iter().position(|&c| c == code) {
                Some(sq) => sq,
                None => return Ok(None),
            },
        };
        let by = attackers(e, Attackers::Others, code, after.mover);
        Ok(Some(
            attacker(e, &self.vars, after, sq as u32, by)?.is_none(),
        ))
    }
}
