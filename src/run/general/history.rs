//! The boards of the game so far, for rules that forbid a move to bring a position back
//! (`no move may repeat ...`): ko and superko.

use super::fxhash::Fx;
use crate::program::{Code, Repetition};
use std::hash::Hasher;

/// The boards from the first position of the game (or of the search) to the one a move is
/// being made from, which is the last.
#[derive(Debug, Default)]
pub struct History {
    /// Squares per board.
    n: usize,
    boards: Vec<Code>,
    hashes: Vec<u64>,
}

fn hash(cells: &[Code]) -> u64 {
    let mut h = Fx::default();
    h.write(cells);
    h.finish()
}

impl History {
    pub fn clear(&mut self) {
        self.boards.clear();
        self.hashes.clear();
    }

    pub fn push(&mut self, cells: &[Code]) {
        if self.n != cells.len() {
            self.clear();
            self.n = cells.len();
        }
        self.boards.extend_from_slice(cells);
        self.hashes.push(hash(cells));
    }

    /// Exchanges the boards with those kept in `memory` (of a game on the same board).
    pub fn swap(&mut self, memory: &mut crate::run::generator::Memory) {
        std::mem::swap(&mut self.boards, &mut memory.boards);
        std::mem::swap(&mut self.hashes, &mut memory.hashes);
    }

    pub fn pop(&mut self) {
        if self.hashes.pop().is_some() {
            self.boards.truncate(self.hashes.len() * self.n);
        }
    }

    /// The `i`-th board kept, oldest first.
    fn board(&self, i: usize) -> &[Code] {
        &self.boards[i * self.n..(i + 1) * self.n]
    }

    fn is(&self, i: usize, cells: &[Code], h: u64) -> bool {
        self.hashes[i] == h && self.board(i) == cells
    }

    /// Whether a move from the last board to `after` brings back a board `rule` forbids. A
    /// move that leaves the board as it was (a pass) never does.
    pub fn repeats(&self, rule: Repetition, after: &[Code]) -> bool {
        let len = self.hashes.len();
        if len == 0 || after.len() != self.n {
            return false;
        }
        // Boards compared as they are where only one or two are asked: a move changes
        // the board early on most of them, and a comparison stops at the first difference.
        if self.board(len - 1) == after {
            return false;
        }
        match rule {
            Repetition::BeforeLast => len >= 2 && self.board(len - 2) == after,
            Repetition::Earlier => {
                let h = hash(after);
                (0..len - 1).any(|i| self.is(i, after, h))
            }
        }
    }
}
