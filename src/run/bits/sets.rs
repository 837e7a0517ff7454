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
        let pieces = masks.iter().fold(0, |u, m| u | m);
        let (piece, mut r) = match pieces.count_ones() {
            // A few pieces: taken in turn, each with its steps.
            0..=FEW => first_pieces(masks, pieces, k),
            _ => {
                let sq = match pieces >> 64 == 0 {
                    true => piece_of::<u64>(masks, k, 32),
                    false => piece_of::<u128>(masks, k, 64),
                };
                (1u128 << sq, k - steps_below(masks, sq))
            }
        };
        // The `r`-th step of the piece: its directions in turn.
        for (i, m) in masks.iter().enumerate() {
            if m & piece != 0 {
                if r == 0 {
                    return (piece, dirs[i]);
                }
                r -= 1;
            }
        }
    }
    unreachable!("k is below the number of steps")
}

/// Up to this many pieces with steps, the `k`-th step's is found by taking them in turn;
/// more, by halving the squares ([`piece_of`]).
const FEW: u32 = 8;

/// The piece of `pieces` whose steps hold the `k`-th, taking them in turn, and how many of
/// its steps come before it.
#[inline(always)]
fn first_pieces(masks: &[u128], mut pieces: u128, mut k: u32) -> (u128, u32) {
    loop {
        let piece = pieces & pieces.wrapping_neg();
        pieces &= pieces - 1;
        let here: u32 = masks.iter().map(|m| u32::from(m & piece != 0)).sum();
        if k < here || pieces == 0 {
            return (piece, k);
        }
        k -= here;
    }
}

/// How many steps the pieces on the squares below `sq` have, along all of `masks`.
#[inline(always)]
fn steps_below(masks: &[u128], sq: u32) -> u32 {
    let below = (1u128 << sq) - 1;
    masks.iter().map(|m| (m & below).count_ones()).sum()
}

/// The square of the piece whose steps hold the `k`-th: the highest square with at most `k`
/// steps below it, found by halving (no branch on the data: each half is a conditional
/// move). `W` holds every mask; `half` is half its bits.
#[inline(always)]
fn piece_of<W: Word>(masks: &[u128], k: u32, half: u32) -> u32 {
    let (mut sq, mut step) = (0, half);
    while step > 0 {
        let mid = sq + step;
        let below = W::of((1u128 << mid) - 1);
        let n: u32 = masks.iter().map(|&m| (W::of(m) & below).count()).sum();
        sq = if n <= k { mid } else { sq };
        step /= 2;
    }
    sq
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

#[cfg(test)]
mod tests {
    use super::kth_step;
    use crate::run::rng::Rng;

    /// Every step of `masks` (per action, per direction) in the generator's order: the
    /// actions in turn, the pieces of each in square order, each piece's directions in turn.
    fn listed(actions: &[Vec<u16>], masks: &[u128]) -> Vec<(u128, u16)> {
        let (mut out, mut at) = (Vec::new(), 0);
        for dirs in actions {
            let masks = &masks[at..at + dirs.len()];
            at += dirs.len();
            for sq in 0..128 {
                let piece = 1u128 << sq;
                for (m, &d) in masks.iter().zip(dirs) {
                    if m & piece != 0 {
                        out.push((piece, d));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_kth_step_is_the_kth_listed() {
        let mut rng = Rng::new(7);
        let actions = vec![vec![0, 1, 2], vec![3], vec![4, 5]];
        for round in 0..3000 {
            // Few pieces and many, on 64 squares and on 128; dense and sparse.
            let wide = round % 2 == 1;
            let keep = rng.below(4);
            let masks: Vec<u128> = (0..6)
                .map(|_| {
                    let mut m = u128::from(rng.next_u64());
                    if wide {
                        m |= u128::from(rng.next_u64()) << 64;
                    }
                    for _ in 0..keep {
                        m &= u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64;
                    }
                    m
                })
                .collect();
            let all = listed(&actions, &masks);
            for (k, &step) in all.iter().enumerate() {
                let dirs = actions.iter().map(Vec::as_slice);
                assert_eq!(
                    kth_step(dirs, &masks, k as u32),
                    step,
                    "round {round}, k {k}"
                );
            }
        }
    }
}
