//! A position of a game in bit form: the squares of each code's pieces as bits, read from a
//! [`Position`] and written back to one; and the order in which the generator lists the
//! steps of pieces found as sets.

use crate::compile::keys::Keys;
use crate::compile::word::Word;
use crate::program::{C_EMPTY, C_ENEMY, CellMask, Code, DirId, EMPTY, SideId};
use crate::run::position::Position;

/// The squares a step may land on: the empty ones, the enemy ones, or both.
#[inline(always)]
pub fn landing<W: Word>(onto: CellMask, empty: W, enemy: W) -> W {
    let pick = |class: CellMask, set: W| if onto & class != 0 { set } else { W::ZERO };
    pick(C_EMPTY, empty) | pick(C_ENEMY, enemy)
}

/// The `k`-th step (from 0) in the generator's order, which takes the actions in turn, the
/// pieces of each in square order and each piece's directions in turn: its square (as a
/// bit) and direction. `masks` has, per action and direction, the pieces with a step there.
pub fn kth_step<'a>(
    actions: impl IntoIterator<Item = &'a [DirId]>,
    masks: &[u128],
    mut k: u32,
) -> (u128, DirId) {
    let mut at = 0;
    for dirs in actions {
        let masks = &masks[at..at + dirs.len()];
        at += dirs.len();
        let here: u32 = masks.iter().map(|m| m.count_ones()).sum();
        if k >= here {
            k -= here;
            continue;
        }
        let mut pieces = masks.iter().fold(0, |u, m| u | m);
        loop {
            let piece = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            for (i, m) in masks.iter().enumerate() {
                if m & piece != 0 {
                    if k == 0 {
                        return (piece, dirs[i]);
                    }
                    k -= 1;
                }
            }
        }
    }
    unreachable!("k is below the number of steps")
}

/// Calls `then` with each square of `set` (a set of one square), in square order.
#[inline(always)]
pub fn each_square<W: Word>(set: W, mut then: impl FnMut(W)) {
    let mut rest = set;
    while rest != W::ZERO {
        then(rest.lowest());
        rest = rest.rest();
    }
}

/// The squares of each code's pieces as bits (each side's, or each side's of each kind).
pub fn sets_of<W: Word, const N: usize>(code: &[Code], pos: &Position) -> [W; N] {
    let mut sets = [W::ZERO; N];
    for (sq, &c) in pos.cells.iter().enumerate() {
        if let Some(i) = code.iter().position(|&k| k == c) {
            sets[i] |= W::ONE << sq as u32;
        }
    }
    sets
}

/// `end`, whose pieces are `before` (the squares of each code's pieces), given the pieces
/// of `sets` and `mover` to move.
pub fn position_of<W: Word, const N: usize>(
    code: &[Code],
    (before, sets): (&[W; N], &[W; N]),
    mover: usize,
    mut end: Position,
) -> Position {
    let mut changed = W::ZERO;
    for i in 0..N {
        changed |= before[i] ^ sets[i];
    }
    // Each set's new squares, then the squares left empty: loops over squares of one
    // code each, with no branch on which code a square has. The cells are written
    // directly and each code's count moved by the squares it gained and lost (`end`'s
    // counts are those of `before`).
    let mut left = changed;
    for i in 0..N {
        let gained = changed & sets[i];
        left &= !gained;
        let count = &mut end.counts[code[i] as usize];
        *count = *count + gained.count() - (changed & before[i]).count();
        let mut squares = gained;
        while squares != W::ZERO {
            end.cells[squares.first() as usize] = code[i];
            squares = squares.rest();
        }
    }
    while left != W::ZERO {
        end.cells[left.first() as usize] = EMPTY;
        left = left.rest();
    }
    end.mover = mover as SideId;
    end
}

/// A position of a game in bit form: each side's pieces, and what else its moves read.
pub trait BitSets: Copy + PartialEq + std::fmt::Debug {
    type W: Word;
    /// The sets of a position whose pieces have the codes `code` (in the order the game
    /// gives them).
    fn of(code: &[Code], pos: &Position) -> Self;
    /// `end`, whose pieces are `before`, given these pieces and `mover` to move.
    fn position(&self, before: &Self, code: &[Code], mover: usize, end: Position) -> Position;
    /// Each side's pieces (what the end rules count), in place: read from where the last
    /// move wrote them, one word at a time, not copied whole (a load of both words just
    /// after one was stored cannot take it from the store, and waits for it).
    fn sides(&self) -> &[Self::W; 2];
    /// The key of the pieces (see [`crate::compile::keys`]), their codes `code`.
    fn key(&self, code: &[Code], keys: &Keys) -> u64;
}

/// The key of pieces whose squares, code by code, are `sets`.
pub fn key_of<W: Word>(code: &[Code], sets: &[W], keys: &Keys) -> u64 {
    let mut k = 0;
    for (&c, &set) in code.iter().zip(sets) {
        let mut squares = set;
        while squares != W::ZERO {
            k ^= keys.of(c, squares.first() as usize);
            squares = squares.rest();
        }
    }
    k
}

impl<W: Word> BitSets for [W; 2] {
    type W = W;

    fn of(code: &[Code], pos: &Position) -> Self {
        sets_of(code, pos)
    }

    fn position(&self, before: &Self, code: &[Code], mover: usize, end: Position) -> Position {
        position_of(code, (before, self), mover, end)
    }

    fn sides(&self) -> &[W; 2] {
        self
    }

    fn key(&self, code: &[Code], keys: &Keys) -> u64 {
        key_of(code, self, keys)
    }
}
