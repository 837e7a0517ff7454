//! Moves whose legality is known without asking (`legal if no own KIND pieces attacked`,
//! see [`crate::compile::attacks::KingGuard`]): where the own piece of that kind stands
//! and whether it is attacked, once per position; then a move of another piece from a
//! square on no attacking line through it, or a drop, is legal at once.

use super::attack::{attacker, attackers};
use super::runner::{Guarded, Runner};
use crate::program::{Attackers, EMPTY};
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

impl Runner<'_> {
    /// The guarded piece of the side to move in `pos`, when the rules have a guard and the
    /// side has exactly one such piece.
    pub(super) fn guarded(&mut self, pos: &Position) -> Result<Option<Guarded>, RunError> {
        let e = &self.e;
        let Some(guard) = &e.t.king_guard else {
            return Ok(None);
        };
        let code = e.p.code(pos.mover, guard.kind);
        if pos.counts.get(code as usize) != Some(&1) {
            return Ok(None);
        }
        let Some(sq) = pos.cells.iter().position(|&c| c == code) else {
            return Ok(None);
        };
        let by = attackers(e, Attackers::Others, code, pos.mover);
        let attacked = attacker(e, &self.vars, pos, sq as u32, by)?.is_some();
        Ok(Some(Guarded {
            sq: sq as u32,
            attacked,
        }))
    }

    /// Whether the one-step move `st` from `pos` is legal without asking: the guarded piece
    /// is not attacked, the move takes nothing off another square and moves no second piece,
    /// and it is a drop of another kind, or a move of another piece from a square no
    /// attacking line through the guarded piece reaches first.
    pub(super) fn known_legal(&self, pos: &Position, st: &Step) -> bool {
        let (e, Some(g)) = (&self.e, self.guarded) else {
            return false;
        };
        let Some(guard) = &e.t.king_guard else {
            return false;
        };
        if g.attacked || st.over != NONE || st.pair != NONE || st.to == NONE {
            return false;
        }
        let fx = &e.p.part(st.rule, st.part)[st.action as usize].effects;
        if fx.touches_others() || e.p.moves[st.rule as usize].flip.is_some() {
            return false;
        }
        if st.from == NONE {
            return st.kind != guard.kind;
        }
        if e.t.kind_of[pos.cells[st.from as usize] as usize] == guard.kind {
            return false;
        }
        // Is `from` the first piece back from the guarded piece along an attacking line?
        let gm = &e.g;
        for (side, dirs) in guard.rays.iter().enumerate() {
            if side == pos.mover as usize {
                continue;
            }
            for &d in dirs {
                let mut at = gm.prev[d as usize * gm.n + g.sq as usize];
                while at != NONE {
                    if at == st.from {
                        return false;
                    }
                    if pos.cells[at as usize] != EMPTY {
                        break;
                    }
                    at = gm.prev[d as usize * gm.n + at as usize];
                }
            }
        }
        true
    }
}
