//! Random playouts and perft of games of steps and short jumps compiled to bits
//! ([`JumpGame`]: draughts and games like it): each side's pieces and the kings as sets of
//! squares, the pieces with a step or a jump along a direction found for all of them at
//! once, chains of jumps followed square by square. The moves come in the general
//! generator's order (the actions in turn, the pieces of each in square order, each piece's
//! directions in turn, a chain's continuations depth first), so the same random number picks
//! the same move.

use super::bitplay::{
    BitLists, BitSets, Ended, all_squares, forward, kth_step, position_of, sets_of,
};
use super::position::Position;
use super::search::RunError;
use crate::compile::bitboard::BitExpr;
use crate::compile::bitjump::{JumpAction, JumpGame};
use crate::compile::geometry::Geometry;
use crate::program::{Code, DirId};

/// A position on bits: each side's pieces, and which pieces (of either side) are kings.
#[derive(Debug, Clone, Copy)]
pub(super) struct Board {
    side: [u128; 2],
    kings: u128,
}

impl BitSets for Board {
    /// `code` has each side's men and kings, side by side.
    fn of(code: &[Code], pos: &Position) -> Board {
        let s: [u128; 4] = sets_of(code, pos);
        Board {
            side: [s[0] | s[1], s[2] | s[3]],
            kings: s[1] | s[3],
        }
    }

    fn position(&self, code: &[Code], mover: usize, start: &Position) -> Position {
        let [a, b] = self.side;
        let k = self.kings;
        position_of(code, &[a & !k, a & k, b & !k, b & k], mover, start)
    }

    fn sides(&self) -> &[u128; 2] {
        &self.side
    }
}

impl Board {
    /// The board after `mover` moves a piece from `from` to `to`, taking `taken`, the piece
    /// a king at the end when `king`.
    #[inline(always)]
    fn after(mut self, mover: usize, from: u128, to: u128, taken: u128, king: bool) -> Board {
        self.side[mover] = self.side[mover] & !from | to;
        self.side[1 - mover] &= !taken;
        self.kings &= !(from | taken);
        if king {
            self.kings |= to;
        }
        self
    }
}

/// A complete move that jumps: where the piece starts and ends (as bits), the pieces it
/// takes, whether it is a king at the end, and the action of its first jump.
#[derive(Debug, Clone, Copy)]
pub(super) struct Jumped {
    from: u128,
    to: u128,
    taken: u128,
    king: bool,
    action: u8,
}

/// The side to move and what its moves read of the board.
struct Turn<'a> {
    g: &'a Geometry,
    f: &'a JumpGame,
    mover: usize,
    own: u128,
    enemy: u128,
    kings: u128,
    empty: u128,
}

impl<'a> Turn<'a> {
    #[inline(always)]
    fn new(g: &'a Geometry, f: &'a JumpGame, b: &Board, mover: usize) -> Turn<'a> {
        let (own, enemy) = (b.side[mover], b.side[1 - mover]);
        Turn {
            g,
            f,
            mover,
            own,
            enemy,
            kings: b.kings,
            empty: all_squares(g) & !(own | enemy),
        }
    }

    /// The mover's pieces of the kinds an action is for.
    #[inline(always)]
    fn pieces(&self, act: &JumpAction) -> u128 {
        let men = if act.kinds[0] { !self.kings } else { 0 };
        let kings = if act.kinds[1] { self.kings } else { 0 };
        self.own & (men | kings)
    }

    /// The pieces that have a step along `d` onto an empty square.
    #[inline(always)]
    fn steppers(&self, pieces: u128, d: DirId) -> u128 {
        pieces & self.g.step_back(self.empty, d)
    }

    /// Whether a step from `from` to `to` ends with a king: it was one, or it is crowned.
    #[inline(always)]
    fn king_after_step(&self, from: u128, to: u128) -> bool {
        let crown = self.f.far_now[self.mover] | self.f.far_end[self.mover];
        from & self.kings != 0 || to & crown != 0
    }

    /// Every complete move of the jump action `a` (a jump and the chains it starts), in the
    /// generator's order.
    fn jumps<E>(
        &self,
        a: usize,
        act: &JumpAction,
        visit: &mut impl FnMut(Jumped) -> Result<(), E>,
    ) -> Result<(), E> {
        let g = self.g;
        let pieces = self.pieces(act);
        let mut jumpers = 0;
        for &d in &act.dirs {
            jumpers |= pieces & g.step_back(self.enemy & g.step_back(self.empty, d), d);
        }
        while jumpers != 0 {
            let from = jumpers & jumpers.wrapping_neg();
            jumpers &= jumpers - 1;
            let king = from & self.kings != 0;
            for &d in &act.dirs {
                let over = forward(g, from, d) & self.enemy;
                let to = forward(g, over, d) & self.empty;
                if to == 0 {
                    continue;
                }
                let now = king || to & self.f.far_now[self.mover] != 0;
                let at = Chained {
                    from,
                    to,
                    king: now,
                    promoted: now != king,
                    taken: over,
                    last: d,
                    action: a as u8,
                };
                self.chain(at, visit)?;
            }
        }
        Ok(())
    }

    /// Follows a move from where its last jump landed: every place it may end is a
    /// complete move, visited before the moves that go on from it.
    fn chain<E>(
        &self,
        at: Chained,
        visit: &mut impl FnMut(Jumped) -> Result<(), E>,
    ) -> Result<(), E> {
        let (f, g) = (self.f, self.g);
        let dirs = &f.chain_dirs[self.mover][usize::from(at.king)];
        let free = if f.capture_at_once { at.taken } else { 0 };
        let empty = self.empty | at.from | free;
        let live = self.enemy & !at.taken;
        let mut next = 0u32;
        if f.chains && !(at.promoted && f.until_promoted) {
            for (i, &d) in dirs.iter().enumerate() {
                let turns_back = f.back.get(at.last as usize) == Some(&d);
                if !turns_back && forward(g, forward(g, at.to, d) & live, d) & empty != 0 {
                    next |= 1 << i;
                }
            }
        }
        if next == 0 || !f.must_go_on {
            visit(Jumped {
                from: at.from,
                to: at.to,
                taken: at.taken,
                king: at.king || at.to & f.far_end[self.mover] != 0,
                action: at.action,
            })?;
        }
        while next != 0 {
            let d = dirs[next.trailing_zeros() as usize];
            next &= next - 1;
            let over = forward(g, at.to, d);
            let to = forward(g, over, d);
            let now = at.king || to & f.far_now[self.mover] != 0;
            let on = Chained {
                to,
                king: now,
                promoted: now != at.king,
                taken: at.taken | over,
                last: d,
                ..at
            };
            self.chain(on, visit)?;
        }
        Ok(())
    }

    /// The moves of the position: the jump moves into `jumps`, and, when steps are legal
    /// (no capture is mandatory now), per step action and direction the pieces with a step
    /// there into `masks` (else `masks` is left empty). Returns how many moves there are.
    fn list(&self, masks: &mut Vec<u128>, jumps: &mut Vec<Jumped>) -> u64 {
        masks.clear();
        jumps.clear();
        let actions = &self.f.actions[self.mover];
        for (a, act) in actions.iter().enumerate() {
            if act.jump {
                let _ = self.jumps(a, act, &mut |j| {
                    jumps.push(j);
                    Ok::<(), ()>(())
                });
            }
        }
        let mut n = jumps.len() as u64;
        if self.f.mandatory && n > 0 {
            return n;
        }
        for act in actions.iter().filter(|act| !act.jump) {
            let pieces = self.pieces(act);
            for &d in &act.dirs {
                let from = self.steppers(pieces, d);
                n += u64::from(from.count_ones());
                masks.push(from);
            }
        }
        n
    }

    /// Plays the `k`-th move (from 0) of those [`Turn::list`] found.
    fn play_kth(&self, b: &mut Board, masks: &[u128], jumps: &[Jumped], mut k: u64) {
        let steps = !masks.is_empty();
        let (mut at_mask, mut at_jump) = (0, 0);
        for (a, act) in self.f.actions[self.mover].iter().enumerate() {
            if act.jump {
                let here = jumps[at_jump..]
                    .iter()
                    .take_while(|j| usize::from(j.action) == a)
                    .count() as u64;
                if k < here {
                    let j = jumps[at_jump + k as usize];
                    *b = b.after(self.mover, j.from, j.to, j.taken, j.king);
                    return;
                }
                k -= here;
                at_jump += here as usize;
            } else if steps {
                let mine = &masks[at_mask..at_mask + act.dirs.len()];
                at_mask += act.dirs.len();
                let here: u64 = mine.iter().map(|m| u64::from(m.count_ones())).sum();
                if k < here {
                    let (from, d) = kth_step([&act.dirs[..]], mine, k as u32);
                    let to = forward(self.g, from, d);
                    let king = self.king_after_step(from, to);
                    *b = b.after(self.mover, from, to, 0, king);
                    return;
                }
                k -= here;
            }
        }
        unreachable!("k is below the number of moves")
    }
}

/// A move during its chain of jumps: where it started, where it stands, whether the piece
/// is a king now and was just crowned, what it has taken, its last direction, its action.
#[derive(Debug, Clone, Copy)]
struct Chained {
    from: u128,
    to: u128,
    king: bool,
    promoted: bool,
    taken: u128,
    last: DirId,
    action: u8,
}

impl Ended for JumpGame {
    type Sets = Board;

    fn code(&self) -> &[Code] {
        &self.code
    }

    fn ends(&self) -> &[BitExpr] {
        &self.ends
    }

    fn count(&self, g: &Geometry, b: &Board, mover: usize, lists: &mut BitLists) -> u64 {
        Turn::new(g, self, b, mover).list(&mut lists.masks, &mut lists.jumps)
    }

    fn play(&self, g: &Geometry, b: &mut Board, mover: usize, lists: &BitLists, k: u64) {
        Turn::new(g, self, b, mover).play_kth(b, &lists.masks, &lists.jumps, k);
    }

    fn each(
        &self,
        g: &Geometry,
        b: Board,
        mover: usize,
        then: &mut dyn FnMut(Board) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let turn = Turn::new(g, self, &b, mover);
        let mut jumped = false;
        for (a, act) in self.actions[mover].iter().enumerate() {
            if act.jump {
                turn.jumps(a, act, &mut |j| {
                    jumped = true;
                    then(b.after(mover, j.from, j.to, j.taken, j.king))
                })?;
            }
        }
        if self.mandatory && jumped {
            return Ok(());
        }
        for act in self.actions[mover].iter().filter(|act| !act.jump) {
            let pieces = turn.pieces(act);
            for &d in &act.dirs {
                let mut from = turn.steppers(pieces, d);
                while from != 0 {
                    let piece = from & from.wrapping_neg();
                    from &= from - 1;
                    let to = forward(g, piece, d);
                    then(b.after(mover, piece, to, 0, turn.king_after_step(piece, to)))?;
                }
            }
        }
        Ok(())
    }
}
