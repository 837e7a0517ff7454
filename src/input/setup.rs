//! What an input case says, before it is checked: the grid, the pieces placed by square
//! lists (with where each was written), the side to move. Validation turns a setup into a
//! playable [`Position`] or a located error.

use super::input_error::InputError;
use super::reader::{Loc, Mark};
use crate::program::{Code, EMPTY, SideId};
use crate::run::{Position, Runner};

#[derive(Debug, Clone)]
pub struct Setup {
    pub case: usize,
    pub start: Mark,
    pub rows: u32,
    pub cols: u32,
    /// Cells filled by a grid (empty when the case has no grid).
    pub cells: Vec<Code>,
    /// Pieces placed by square lists: square, piece, where it was written.
    pub placed: Vec<(u32, Code, Mark)>,
    pub mover: Option<SideId>,
}

impl Setup {
    /// Checks the setup against the rules: one piece per square, the rules file's
    /// `require` conditions. Pieces standing where they would be promoted are promoted.
    pub fn validate(
        &self,
        runner: &mut Runner,
        locate: &dyn Fn(Mark) -> Loc,
        pos: &mut Position,
    ) -> Result<(), InputError> {
        let e = runner.engine().clone();
        let (p, t, g) = (e.p, &*e.t, &e.g);
        pos.mover = self.mover.unwrap_or(p.first);
        let mover = pos.mover;
        pos.cells.clear();
        pos.counts.clear();
        pos.counts.resize(p.piece_codes() + 1, 0);
        if self.cells.is_empty() {
            pos.cells.resize(g.n, EMPTY);
        } else {
            pos.cells.extend_from_slice(&self.cells);
            for &c in &self.cells {
                pos.counts[c as usize] += 1;
            }
            pos.counts[EMPTY as usize] = 0;
        }
        for &(sq, code, loc) in &self.placed {
            if pos.cells[sq as usize] != EMPTY {
                return Err(InputError {
                    case: self.case,
                    loc: locate(loc),
                    message: format!("square `{}` already holds a piece", g.names[sq as usize]),
                });
            }
            pos.set(sq as usize, code);
        }
        for sq in 0..g.n * !p.promotions.is_empty() as usize {
            let c = pos.cells[sq];
            if c != EMPTY
                && t.promote[c as usize] != c
                && g.far[t.side_of[c as usize] as usize * g.n + sq]
            {
                pos.set(sq, t.promote[c as usize]);
            }
        }
        runner.new_position();
        for req in &p.requires {
            let ok = runner
                .eval(&req.condition, pos, mover)
                .map_err(|e| InputError {
                    case: self.case,
                    loc: locate(self.start),
                    message: e.message,
                })?;
            if ok == 0 {
                return Err(InputError {
                    case: self.case,
                    loc: locate(self.start),
                    message: req.message.clone(),
                });
            }
        }
        runner.new_position();
        Ok(())
    }
}
