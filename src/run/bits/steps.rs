//! Games of single steps on bits ([`StepGame`]): per action and direction, the pieces that
//! have a step there, found for all of them at once.

use std::marker::PhantomData;

use super::BitGame;
use super::sets::{kth_step, landing};
use crate::compile::bits::{BitEnds, StepGame};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all, back, forward};
use crate::program::Code;

/// A game of single steps with its sets in words `W`.
pub struct Steps<W> {
    f: StepGame,
    word: PhantomData<W>,
}

impl<W> Steps<W> {
    pub fn new(f: StepGame) -> Steps<W> {
        Steps {
            f,
            word: PhantomData,
        }
    }
}

impl<W: Word> Steps<W> {
    /// Per action of `mover` and direction of it, in the generator's order, the pieces with
    /// a step there.
    #[inline(always)]
    fn sources(&self, g: &Geometry, sets: &[W; 2], mover: usize, mut then: impl FnMut(W)) {
        let (own, enemy) = (sets[mover], sets[1 - mover]);
        let empty = all::<W>(g) & !(own | enemy);
        for (dirs, onto) in &self.f.actions[mover] {
            let targets = landing(*onto, empty, enemy);
            for &d in dirs {
                then(own & back(g, targets, d));
            }
        }
    }
}

impl<W: Word> BitGame for Steps<W> {
    type Sets = [W; 2];
    /// Per action and direction, in the generator's order, the pieces with a step there.
    type Kept = Vec<u128>;
    const SINGLE_STEPS: bool = true;

    fn code(&self) -> &[Code] {
        &self.f.code
    }

    fn ends(&self) -> &BitEnds {
        &self.f.ends
    }

    #[inline(always)]
    fn count(&self, g: &Geometry, sets: &[W; 2], mover: usize) -> u64 {
        let mut n = 0;
        self.sources(g, sets, mover, |from| n += u64::from(from.count()));
        n
    }

    /// The generator's order: the actions in turn, the pieces of each in square order, each
    /// piece's directions in turn.
    #[inline(always)]
    fn each(&self, g: &Geometry, sets: &[W; 2], mover: usize, mut then: impl FnMut([W; 2])) {
        self.each_keyed(g, sets, mover, |next, _, _| then(next));
    }

    /// [`BitGame::each`] with the squares each step leaves and lands on, as it finds them.
    #[inline(always)]
    fn each_keyed(
        &self,
        g: &Geometry,
        sets: &[W; 2],
        mover: usize,
        mut then: impl FnMut([W; 2], u32, u32),
    ) {
        let (own, enemy) = (sets[mover], sets[1 - mover]);
        let empty = all::<W>(g) & !(own | enemy);
        for (dirs, onto) in &self.f.actions[mover] {
            let targets = landing(*onto, empty, enemy);
            let mut pieces = W::ZERO;
            for &d in dirs {
                pieces |= own & back(g, targets, d);
            }
            while pieces != W::ZERO {
                let piece = pieces.lowest();
                pieces = pieces.rest();
                for &d in dirs {
                    let to = forward(g, piece, d);
                    if to & targets != W::ZERO {
                        let mut next = *sets;
                        next[mover] = own & !piece | to;
                        next[1 - mover] = enemy & !to;
                        then(next, piece.first(), to.first());
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn moves(&self, g: &Geometry, sets: &[W; 2], mover: usize, kept: &mut Vec<u128>) -> u64 {
        kept.clear();
        let mut n = 0;
        self.sources(g, sets, mover, |from| {
            n += u64::from(from.count());
            kept.push(from.wide());
        });
        n
    }

    #[inline(always)]
    fn play(&self, g: &Geometry, sets: &mut [W; 2], mover: usize, kept: &Vec<u128>, k: u64) {
        let dirs = self.f.actions[mover].iter().map(|(dirs, _)| &dirs[..]);
        let (from, d) = kth_step(dirs, kept, k as u32);
        let from = W::of(from);
        let to = forward(g, from, d);
        sets[mover] = sets[mover] & !from | to;
        sets[1 - mover] &= !to;
    }
}
