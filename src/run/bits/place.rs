//! Placement games on bits ([`PlaceGame`]): every move puts a piece of the side to move on
//! an empty square where the `where` tests hold, found for every square at once; the game
//! ends by its end rules or when the side to move has nowhere to place.
//!
//! A placement game is the simplest game there is to play, so what costs in its playouts is
//! everything around the move: the legal squares are found with the side to move a constant
//! where it is known ([`targets`]), and counting them keeps the set that picking one needs.

use std::marker::PhantomData;

use super::BitGame;
use super::sets::{each_square, landing};
use crate::compile::bits::{BitEnds, PlaceGame};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all};
use crate::program::{C_OWN, Code};

/// The squares side `M` may place on: the empty ones where every `where` test holds.
#[inline(always)]
fn targets<const M: usize, W: Word>(g: &Geometry, f: &PlaceGame, sets: &[W; 2]) -> W {
    let all = all::<W>(g);
    let (own, enemy) = (sets[M], sets[1 - M]);
    let empty = all & !(own | enemy);
    let mut out = empty & W::of(f.allowed[M]);
    for w in &f.wheres {
        let mine = if w.cells & C_OWN != 0 { own } else { W::ZERO };
        let hit = w.back[M].back(landing(w.cells & !C_OWN, empty, enemy) | mine);
        out &= if w.negated { !hit } else { hit };
    }
    out
}

/// A placement game with its sets in words `W`.
pub struct Place<W> {
    f: PlaceGame,
    word: PhantomData<W>,
}

impl<W> Place<W> {
    pub fn new(f: PlaceGame) -> Place<W> {
        Place {
            f,
            word: PhantomData,
        }
    }
}

impl<W: Word> Place<W> {
    /// The squares `mover` may place on.
    #[inline(always)]
    fn targets(&self, g: &Geometry, sets: &[W; 2], mover: usize) -> W {
        match mover {
            0 => targets::<0, W>(g, &self.f, sets),
            _ => targets::<1, W>(g, &self.f, sets),
        }
    }
}

impl<W: Word> BitGame for Place<W> {
    type Sets = [W; 2];
    /// The squares the side to move may place on, between counting and playing one.
    type Kept = W;
    const SINGLE_STEPS: bool = true;

    fn code(&self) -> &[Code] {
        &self.f.code
    }

    fn ends(&self) -> &BitEnds {
        &self.f.ends
    }

    #[inline(always)]
    fn count(&self, g: &Geometry, sets: &[W; 2], mover: usize) -> u64 {
        u64::from(self.targets(g, sets, mover).count())
    }

    fn each(&self, g: &Geometry, sets: &[W; 2], mover: usize, mut then: impl FnMut([W; 2])) {
        each_square(self.targets(g, sets, mover), |sq| {
            let mut next = *sets;
            next[mover] |= sq;
            then(next);
        });
    }

    fn placements(&self, g: &Geometry, sets: &[W; 2], mover: usize) -> Option<W> {
        Some(self.targets(g, sets, mover))
    }

    #[inline(always)]
    fn moves(&self, g: &Geometry, sets: &[W; 2], mover: usize, kept: &mut W) -> u64 {
        *kept = self.targets(g, sets, mover);
        u64::from(kept.count())
    }

    #[inline(always)]
    fn play(&self, _: &Geometry, sets: &mut [W; 2], mover: usize, kept: &W, k: u64) {
        sets[mover] |= kept.nth(k as u32);
    }
}
