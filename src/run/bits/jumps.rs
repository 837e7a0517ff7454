//! Games of steps and short jumps on bits
//! ([`JumpGame`]: men and the kings they become): each side's pieces and the kings as sets of
//! squares, the pieces with a step or a jump along a direction found for all of them at
//! once, chains of jumps followed square by square. The moves come in the general
//! generator's order (the actions in turn, the pieces of each in square order, each piece's
//! directions in turn, a chain's continuations depth first), so the same random number picks
//! the same move. On boards of at most 64 squares the sets are 64 bits wide.

use std::convert::Infallible;
use std::marker::PhantomData;

use super::BitGame;
use super::sets::{BitSets, key_of, kth_step, position_of, sets_of};
use crate::compile::bits::{BitEnds, JumpGame, Lane};
use crate::compile::geometry::Geometry;
use crate::compile::keys::Keys;
use crate::compile::word::{Word, all, forward};
use crate::program::{Code, DirId};
use crate::run::position::Position;

/// What counting the moves of a position keeps for playing one: whether some move jumps,
/// and, when steps are legal, per step action and direction the pieces with a step there.
#[derive(Debug, Default)]
pub struct Lists {
    masks: Vec<u128>,
    jumps: bool,
}

/// A position on bits: each side's pieces, and which pieces (of either side) are kings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board<B> {
    side: [B; 2],
    kings: B,
}

impl<B: Word> BitSets for Board<B> {
    type W = B;

    /// `code` has each side's men and kings, side by side.
    fn of(code: &[Code], pos: &Position) -> Board<B> {
        let s: [B; 4] = sets_of(code, pos);
        Board {
            side: [s[0] | s[1], s[2] | s[3]],
            kings: s[1] | s[3],
        }
    }

    fn position(&self, before: &Self, code: &[Code], mover: usize, end: Position) -> Position {
        position_of(code, (&before.by_code(), &self.by_code()), mover, end)
    }

    fn sides(&self) -> &[B; 2] {
        &self.side
    }

    fn key(&self, code: &[Code], keys: &Keys) -> u64 {
        key_of(code, &self.by_code(), keys)
    }
}

impl<B: Word> Board<B> {
    /// The squares of each code's pieces: each side's men and kings, side by side.
    fn by_code(&self) -> [B; 4] {
        let ([a, b], k) = (self.side, self.kings);
        [a & !k, a & k, b & !k, b & k]
    }

    /// The board after `mover` makes the move `m`.
    #[inline(always)]
    fn after(mut self, mover: usize, m: Moved<B>) -> Board<B> {
        self.side[mover] = self.side[mover] & !m.from | m.to;
        self.side[1 - mover] &= !m.taken;
        self.kings &= !(m.from | m.taken);
        if m.king {
            self.kings |= m.to;
        }
        self
    }
}

/// The side to move and what its moves read of the board.
struct Turn<'a, B> {
    g: &'a Geometry,
    f: &'a JumpGame,
    mover: usize,
    enemy: B,
    kings: B,
    empty: B,
    /// The mover's pieces of no kind, its men, its kings, all its pieces.
    by_kinds: [B; 4],
    /// Where the mover's men are crowned as they land, and when their move ends.
    far_now: B,
    far_end: B,
}

/// A move during its chain of jumps: where it started, where it stands, whether the piece
/// is a king now and was just crowned, what it has taken, its last direction.
#[derive(Debug, Clone, Copy)]
struct Chained<B> {
    from: B,
    to: B,
    king: bool,
    promoted: bool,
    taken: B,
    last: DirId,
}

/// A complete move: where the piece starts and ends (as bits), the pieces it takes,
/// whether it is a king at the end.
#[derive(Debug, Clone, Copy)]
struct Moved<B> {
    from: B,
    to: B,
    taken: B,
    king: bool,
}

impl<'a, B: Word> Turn<'a, B> {
    #[inline(always)]
    fn new(g: &'a Geometry, f: &'a JumpGame, b: &Board<B>, mover: usize) -> Turn<'a, B> {
        let (own, enemy) = (b.side[mover], b.side[1 - mover]);
        Turn {
            g,
            f,
            mover,
            enemy,
            kings: b.kings,
            empty: all::<B>(g) & !(own | enemy),
            by_kinds: [B::ZERO, own & !b.kings, own & b.kings, own],
            far_now: B::of(f.far_now[mover]),
            far_end: B::of(f.far_end[mover]),
        }
    }

    /// The mover's pieces of the kinds (bit 0 the men, bit 1 the kings).
    #[inline(always)]
    fn pieces(&self, kinds: u8) -> B {
        self.by_kinds[kinds as usize & 3]
    }

    /// The pieces that can jump along a lane.
    #[inline(always)]
    fn jumpers(&self, l: &Lane) -> B {
        self.pieces(l.kinds) & l.shift.back(self.enemy & l.shift.back(self.empty))
    }

    /// Whether some piece can jump.
    #[inline(always)]
    fn can_jump(&self) -> bool {
        self.f.jumps[self.mover]
            .iter()
            .any(|l| self.jumpers(l) != B::ZERO)
    }

    /// The step of the piece on `from` to `to`: a king after it if it was one or is crowned.
    #[inline(always)]
    fn step(&self, from: B, to: B) -> Moved<B> {
        let king = from & self.kings != B::ZERO || to & (self.far_now | self.far_end) != B::ZERO;
        Moved {
            from,
            to,
            taken: B::ZERO,
            king,
        }
    }

    /// A move after its first jump, from `from` over `over` to `to` along `d`.
    #[inline(always)]
    fn first_jump(&self, from: B, over: B, to: B, d: DirId) -> Chained<B> {
        let king = from & self.kings != B::ZERO;
        let now = king || to & self.far_now != B::ZERO;
        Chained {
            from,
            to,
            king: now,
            promoted: now != king,
            taken: over,
            last: d,
        }
    }

    /// Every complete move of the jumps along `lanes`, in the generator's order when
    /// `lanes` are one action's (the pieces in square order, each piece's lanes in turn).
    #[inline(always)]
    fn jumps<E>(
        &self,
        lanes: &[Lane],
        visit: &mut impl FnMut(Moved<B>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut jumpers = B::ZERO;
        for l in lanes {
            jumpers |= self.jumpers(l);
        }
        while jumpers != B::ZERO {
            let from = jumpers.lowest();
            jumpers = jumpers.rest();
            for l in lanes {
                if self.jumpers(l) & from != B::ZERO {
                    let over = l.shift.ahead(from);
                    self.chain(
                        self.first_jump(from, over, l.shift.ahead(over), l.dir),
                        visit,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Follows a move from where its last jump landed: every place it may end is a
    /// complete move, visited before the moves that go on from it.
    fn chain<E>(
        &self,
        at: Chained<B>,
        visit: &mut impl FnMut(Moved<B>) -> Result<(), E>,
    ) -> Result<(), E> {
        let f = self.f;
        let lanes = &f.chain[self.mover][usize::from(at.king)];
        let free = if f.capture_at_once { at.taken } else { B::ZERO };
        let empty = self.empty | at.from | free;
        let live = self.enemy & !at.taken;
        let mut next = 0u32;
        if f.chains && !(at.promoted && f.until_promoted) {
            for (i, l) in lanes.iter().enumerate() {
                let turns_back = f.back.get(at.last as usize) == Some(&l.dir);
                if !turns_back && l.shift.ahead(l.shift.ahead(at.to) & live) & empty != B::ZERO {
                    next |= 1 << i;
                }
            }
        }
        if next == 0 || !f.must_go_on {
            visit(Moved {
                from: at.from,
                to: at.to,
                taken: at.taken,
                king: at.king || at.to & self.far_end != B::ZERO,
            })?;
        }
        while next != 0 {
            let l = &lanes[next.trailing_zeros() as usize];
            next &= next - 1;
            let over = l.shift.ahead(at.to);
            let to = l.shift.ahead(over);
            let now = at.king || to & self.far_now != B::ZERO;
            let on = Chained {
                to,
                king: now,
                promoted: now != at.king,
                taken: at.taken | over,
                last: l.dir,
                ..at
            };
            self.chain(on, visit)?;
        }
        Ok(())
    }

    /// How many moves that jump there are.
    fn count_jumps(&self) -> u64 {
        let mut n = 0u64;
        let _ = self.jumps(&self.f.jumps[self.mover], &mut |_| {
            n += 1;
            Ok::<(), Infallible>(())
        });
        n
    }

    /// How many moves there are.
    #[inline(always)]
    fn count(&self) -> u64 {
        let mut n = 0u64;
        if self.can_jump() {
            n = self.count_jumps();
            if self.f.mandatory {
                return n;
            }
        }
        for l in &self.f.steps[self.mover] {
            n += u64::from((self.pieces(l.kinds) & l.shift.back(self.empty)).count());
        }
        n
    }

    /// How many moves there are, keeping in `lists` whether some move jumps and, when
    /// steps are legal, per step action and direction the pieces with a step there.
    fn moves(&self, lists: &mut Lists) -> u64 {
        let mut n = 0u64;
        lists.jumps = self.can_jump();
        lists.masks.clear();
        if lists.jumps {
            n = self.count_jumps();
            if self.f.mandatory {
                return n;
            }
        }
        for act in self.f.actions[self.mover].iter().filter(|a| !a.jump) {
            let pieces = self.pieces(act.kinds);
            for l in &act.lanes {
                let from = pieces & l.shift.back(self.empty);
                n += u64::from(from.count());
                lists.masks.push(from.wide());
            }
        }
        n
    }

    /// The step of the piece on `from` (as a bit) along `d`.
    fn stepped(&self, (from, d): (u128, DirId)) -> Moved<B> {
        self.step(B::of(from), B::of(forward(self.g, from, d)))
    }

    /// The `k`-th move (from 0) in the generator's order, after [`Turn::moves`].
    fn kth(&self, lists: &Lists, mut k: u64) -> Moved<B> {
        let actions = &self.f.actions[self.mover];
        if !lists.jumps {
            let dirs = actions.iter().filter(|a| !a.jump).map(|a| &a.dirs[..]);
            return self.stepped(kth_step(dirs, &lists.masks, k as u32));
        }
        let mut at = 0;
        for act in actions {
            if act.jump {
                let found = self.jumps(&act.lanes, &mut |m| match k {
                    0 => Err(m),
                    _ => {
                        k -= 1;
                        Ok(())
                    }
                });
                if let Err(m) = found {
                    return m;
                }
            } else if !lists.masks.is_empty() {
                let masks = &lists.masks[at..at + act.dirs.len()];
                at += act.dirs.len();
                let here: u64 = masks.iter().map(|m| u64::from(m.count_ones())).sum();
                if k < here {
                    return self.stepped(kth_step([&act.dirs[..]], masks, k as u32));
                }
                k -= here;
            }
        }
        unreachable!("k is below the number of moves")
    }

    /// The complete moves of the steps along `lanes` (one action's), in the generator's
    /// order: the pieces in square order, each piece's lanes in turn.
    #[inline(always)]
    fn steps(&self, lanes: &[Lane], visit: &mut impl FnMut(Moved<B>)) {
        let mut pieces = B::ZERO;
        for l in lanes {
            pieces |= self.pieces(l.kinds) & l.shift.back(self.empty);
        }
        while pieces != B::ZERO {
            let piece = pieces.lowest();
            pieces = pieces.rest();
            for l in lanes {
                if self.pieces(l.kinds) & piece != B::ZERO {
                    let to = l.shift.ahead(piece);
                    if to & self.empty != B::ZERO {
                        visit(self.step(piece, to));
                    }
                }
            }
        }
    }
}

/// A game of steps and short jumps with its sets in words `B`.
pub struct Jumps<B> {
    f: JumpGame,
    word: PhantomData<B>,
}

impl<B> Jumps<B> {
    pub fn new(f: JumpGame) -> Jumps<B> {
        Jumps {
            f,
            word: PhantomData,
        }
    }
}

impl<B: Word> BitGame for Jumps<B> {
    type Sets = Board<B>;
    type Kept = Lists;

    fn code(&self) -> &[Code] {
        &self.f.code
    }

    fn ends(&self) -> &BitEnds {
        &self.f.ends
    }

    #[inline(always)]
    fn count(&self, g: &Geometry, b: &Board<B>, mover: usize) -> u64 {
        Turn::new(g, &self.f, b, mover).count()
    }

    /// The generator's order: the actions in turn (only the jumps when some piece can jump
    /// and captures are mandatory), the pieces of each in square order, each piece's
    /// directions in turn, a chain's continuations depth first after the move that stops.
    /// The generator's order: the actions in turn (only the jumps when some piece can jump
    /// and captures are mandatory), the pieces of each in square order, each piece's
    /// directions in turn, a chain's continuations depth first after the move that stops.
    fn each(&self, g: &Geometry, b: &Board<B>, mover: usize, mut then: impl FnMut(Board<B>)) {
        let turn = Turn::new(g, &self.f, b, mover);
        let jumps = turn.can_jump();
        let mut visit = |m: Moved<B>| then(b.after(mover, m));
        for act in &self.f.actions[mover] {
            if act.jump {
                if jumps {
                    let _ = turn.jumps(&act.lanes, &mut |m| {
                        visit(m);
                        Ok::<(), Infallible>(())
                    });
                }
            } else if !(jumps && self.f.mandatory) {
                turn.steps(&act.lanes, &mut visit);
            }
        }
    }

    /// Any order: the jumps of all actions together, then the steps lane by lane (faster
    /// than the generator's order).
    fn each_any(&self, g: &Geometry, b: &Board<B>, mover: usize, mut then: impl FnMut(Board<B>)) {
        let turn = Turn::new(g, &self.f, b, mover);
        if turn.can_jump() {
            let _ = turn.jumps(&self.f.jumps[mover], &mut |m| {
                then(b.after(mover, m));
                Ok::<(), Infallible>(())
            });
            if self.f.mandatory {
                return;
            }
        }
        for l in &self.f.steps[mover] {
            let mut from = turn.pieces(l.kinds) & l.shift.back(turn.empty);
            while from != B::ZERO {
                let piece = from.lowest();
                from = from.rest();
                then(b.after(mover, turn.step(piece, l.shift.ahead(piece))));
            }
        }
    }

    #[inline(always)]
    fn moves(&self, g: &Geometry, b: &Board<B>, mover: usize, kept: &mut Lists) -> u64 {
        Turn::new(g, &self.f, b, mover).moves(kept)
    }

    #[inline(always)]
    fn play(&self, g: &Geometry, b: &mut Board<B>, mover: usize, kept: &Lists, k: u64) {
        let m = Turn::new(g, &self.f, b, mover).kth(kept, k);
        *b = b.after(mover, m);
    }
}
