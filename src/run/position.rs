//! A playable position: the board's cells, piece counts and the side to move.

use crate::program::{Code, SideId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub cells: Vec<Code>,
    /// `counts[code]`: how many pieces of each code are on the board.
    pub counts: Vec<u32>,
    pub mover: SideId,
}

impl Position {
    pub fn empty(squares: usize, codes: usize, mover: SideId) -> Position {
        Position {
            cells: vec![0; squares],
            counts: vec![0; codes + 1],
            mover,
        }
    }

    /// Copies `other` into `self` without allocating.
    #[inline]
    pub fn copy_from(&mut self, other: &Position) {
        self.cells.copy_from_slice(&other.cells);
        self.counts.copy_from_slice(&other.counts);
        self.mover = other.mover;
    }

    #[inline]
    pub fn set(&mut self, sq: usize, code: Code) {
        let old = self.cells[sq];
        if (old as usize) < self.counts.len() && old != 0 {
            self.counts[old as usize] -= 1;
        }
        if (code as usize) < self.counts.len() && code != 0 {
            self.counts[code as usize] += 1;
        }
        self.cells[sq] = code;
    }
}
