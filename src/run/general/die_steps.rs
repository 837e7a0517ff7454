//! The first steps of the rules' move statements, and under `one move a die` the steps of
//! each die not yet used, each marked with the die it uses.

use super::movegen::Gen;
use super::own::Pieces;
use super::trace::Trace;
use crate::program::Program;
use crate::run::position::Position;
use crate::run::step::Step;

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// The first steps of every move rule for each face of the roll not yet used (one die
    /// of each face: two dice alike give the same moves), each step marked with its face.
    pub(super) fn die_steps(
        &mut self,
        pos: &Position,
        (own, dice): (Pieces<'_>, u8),
        out: &mut Vec<Step>,
    ) {
        for i in 0..dice as usize {
            let face = pos.roll[i];
            let unused = |j: usize| pos.dice & (1 << j) == 0;
            if face == 0 || !unused(i) || (0..i).any(|j| unused(j) && pos.roll[j] == face) {
                continue;
            }
            self.die = face;
            // The conditions kept for the position ask nothing of the die (`the die` asks
            // about the candidate); block conditions are worked out again.
            self.memo.clear();
            let start = out.len();
            self.rule_steps(pos, own, out);
            for st in &mut out[start..] {
                st.die = face;
            }
        }
        self.die = 0;
    }

    /// The first steps of every move rule for `pos.mover`, its pieces on `own`.
    pub(super) fn rule_steps(&mut self, pos: &Position, own: Pieces<'_>, out: &mut Vec<Step>) {
        let p: &'p Program = self.e.p;
        for ri in 0..p.moves.len() {
            if let Some(turns) = p.turns {
                // Within a turn: the moves that fit in what is left of it, and the pass
                // that ends it once it has had its fewest moves.
                let rule = &p.moves[ri];
                let fits = match rule.ends_turn {
                    true => pos.spent >= turns.least,
                    false => pos.spent as u32 + rule.cost as u32 <= turns.most as u32,
                };
                if !fits {
                    continue;
                }
            }
            self.actions(pos, (own, None), (ri as u16, 0), out);
        }
    }
}
