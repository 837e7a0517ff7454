//! Placement games that flip closed runs, on bits ([`FlipGame`]): the legal placements of a
//! side as directional fills, the runs a placement turns found by walking the set.

use std::marker::PhantomData;

use super::BitGame;
use super::sets::each_square;
use crate::compile::bits::{BitEnds, FlipGame};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all, back, forward};
use crate::program::{Code, DirId};

/// The empty squares where a side with pieces `own` may place, against `enemy`: those from
/// which, along a direction, a run of enemy pieces is closed by an own piece.
fn placements<W: Word>(g: &Geometry, f: &FlipGame, dirs: &[DirId], own: W, enemy: W) -> W {
    let empty = all::<W>(g) & !(own | enemy);
    let mut out = W::ZERO;
    for &d in dirs {
        // Enemy squares from which the way along `d` goes over enemies to an own piece,
        // grown as far as the longest run every time: no branch on the data, which costs
        // less than the mispredicted branch that would leave early.
        let mut closed = enemy & back(g, own, d);
        for _ in 2..f.longest {
            closed |= enemy & back(g, closed, d);
        }
        out |= empty & back(g, closed, d);
    }
    out
}

/// The enemy pieces a placement on `sq` (a set of one square) turns.
fn flipped<W: Word>(g: &Geometry, dirs: &[DirId], sq: W, own: W, enemy: W) -> W {
    let mut out = W::ZERO;
    for &d in dirs {
        let mut run = W::ZERO;
        let mut at = forward(g, sq, d);
        while at & enemy != W::ZERO {
            run |= at;
            at = forward(g, at, d);
        }
        if at & own != W::ZERO {
            out |= run;
        }
    }
    out
}

/// A flip game with its sets in words `W`.
pub struct Flip<W> {
    f: FlipGame,
    /// A flip game has no end rules: it ends when neither side can move.
    ends: BitEnds,
    word: PhantomData<W>,
}

impl<W> Flip<W> {
    pub fn new(f: FlipGame) -> Flip<W> {
        Flip {
            f,
            ends: BitEnds::new(),
            word: PhantomData,
        }
    }
}

impl<W: Word> Flip<W> {
    /// The placements of `mover`.
    #[inline(always)]
    fn targets(&self, g: &Geometry, sets: &[W; 2], mover: usize) -> W {
        placements(
            g,
            &self.f,
            &self.f.dirs[mover],
            sets[mover],
            sets[1 - mover],
        )
    }

    /// The sets after `mover` places on `sq` (a set of one square).
    #[inline(always)]
    fn placed(&self, g: &Geometry, sets: &[W; 2], mover: usize, sq: W) -> [W; 2] {
        let (own, enemy) = (sets[mover], sets[1 - mover]);
        let turned = flipped(g, &self.f.dirs[mover], sq, own, enemy);
        let mut next = *sets;
        next[mover] = own | turned | sq;
        next[1 - mover] = enemy & !turned;
        next
    }
}

impl<W: Word> BitGame for Flip<W> {
    type Sets = [W; 2];
    /// The placements, between counting and playing one.
    type Kept = W;
    const SINGLE_STEPS: bool = true;
    const PASSES: bool = true;

    fn code(&self) -> &[Code] {
        &self.f.code
    }

    fn ends(&self) -> &BitEnds {
        &self.ends
    }

    #[inline(always)]
    fn count(&self, g: &Geometry, sets: &[W; 2], mover: usize) -> u64 {
        u64::from(self.targets(g, sets, mover).count())
    }

    fn each(&self, g: &Geometry, sets: &[W; 2], mover: usize, mut then: impl FnMut([W; 2])) {
        each_square(self.targets(g, sets, mover), |sq| {
            then(self.placed(g, sets, mover, sq));
        });
    }

    #[inline(always)]
    fn moves(&self, g: &Geometry, sets: &[W; 2], mover: usize, kept: &mut W) -> u64 {
        let targets = self.targets(g, sets, mover);
        *kept = targets;
        u64::from(targets.count())
    }

    #[inline(always)]
    fn play(&self, g: &Geometry, sets: &mut [W; 2], mover: usize, kept: &W, k: u64) {
        *sets = self.placed(g, sets, mover, kept.nth(k as u32));
    }
}
