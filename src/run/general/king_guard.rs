//! Moves whose legality is known without asking (`legal if no own KIND pieces attacked`,
//! see [`crate::compile::attacks::KingGuard`]): where the own piece of that kind stands,
//! whether it is attacked and which own pieces are pinned to it, once per position; then a
//! move of another piece that is not pinned, or a drop, is legal at once. A move asked
//! about finds the guarded piece where it was, or where the move put it, without a search.

use super::attack::{attacker, attackers};
use super::runner::{Guarded, MAX_PINNED, Runner};
use crate::program::{Attackers, Code, DirId, EMPTY};
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

impl Runner<'_> {
    /// The guarded piece of the side to move in `pos`, when the rules have a guard and the
    /// side has exactly one such piece.
    pub(super) fn guarded(&mut self, pos: &Position) -> Result<Option<Guarded>, RunError> {
        let e = &self.e;
        let (Some(guard), Some(code)) = (&e.t.king_guard, self.guard_code(pos)) else {
            return Ok(None);
        };
        let Some(sq) = pos.cells.iter().position(|&c| c == code) else {
            return Ok(None);
        };
        let by = attackers(e, Attackers::Others, code, pos.mover);
        let attacked = attacker(e, &self.vars, pos, sq as u32, by)?.is_some();
        let mut g = Guarded {
            sq: sq as u32,
            attacked,
            pinned: [NONE; MAX_PINNED],
            pins: 0,
        };
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
        let (e, Some(g)) = (&self.e, self.guarded) else {
            return false;
        };
        let Some(guard) = &e.t.king_guard else {
            return false;
        };
        if g.attacked || g.pins > MAX_PINNED || st.over != NONE || st.pair != NONE {
            return false;
        }
        if st.to == NONE {
            return false;
        }
        let fx = &e.p.part(st.rule, st.part)[st.action as usize].effects;
        if fx.touches_others() || e.p.moves[st.rule as usize].flip.is_some() {
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
        let sq = match self.guarded {
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
