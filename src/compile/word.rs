//! A machine word holding a set of squares, one bit per square: `u64` for boards of at most
//! 64 squares, `u128` for up to 128. The bit forms of the rules ([`super::bitboard`]) are
//! played on the smallest word the board fits, so most boards pay for one register, not two.
//! Masks are compiled once as `u128` ([`super::geometry::Geometry::step_bits`]) and
//! narrowed where they are read, which costs nothing.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

use super::geometry::Geometry;
use crate::program::DirId;

/// A set of squares as bits.
pub trait Word:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The low bits of a compiled mask (the squares of the board all fit).
    fn of(mask: u128) -> Self;
    fn wide(self) -> u128;
    fn count(self) -> u32;
    fn first(self) -> u32;
    /// The lowest square of the set, alone.
    fn lowest(self) -> Self;
    /// The set without its lowest square.
    fn rest(self) -> Self;
}

macro_rules! word {
    ($t:ty, $m:ident => $narrow:expr) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn of($m: u128) -> Self {
                $narrow
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                u128::from(self)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn first(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn rest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

word!(u64, mask => mask as u64);
word!(u128, mask => mask);

/// Every square of the board.
#[inline(always)]
pub fn all<W: Word>(g: &Geometry) -> W {
    W::of(g.all_bits)
}

/// The squares of `set` moved one step along `d` (squares whose step leaves the board drop
/// out).
#[inline(always)]
pub fn forward<W: Word>(g: &Geometry, set: W, d: DirId) -> W {
    Shift::of(g, d).ahead(set)
}

/// The squares one step back against `d` from `set`: those whose step along `d` lands in it.
#[inline(always)]
pub fn back<W: Word>(g: &Geometry, set: W, d: DirId) -> W {
    Shift::of(g, d).back(set)
}

/// One step back against a direction, compiled: the squares whose step along it lands in a
/// set are the set shifted by `stride` (right for a positive stride), kept to `mask`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shift {
    pub stride: isize,
    pub mask: u128,
}

impl Shift {
    pub fn of(g: &Geometry, d: DirId) -> Shift {
        Shift {
            stride: g.stride[d as usize],
            mask: g.step_bits[d as usize],
        }
    }

    /// [`back`] along this step.
    #[inline(always)]
    pub fn back<W: Word>(self, set: W) -> W {
        let moved = if self.stride >= 0 {
            set >> self.stride as u32
        } else {
            set << self.stride.unsigned_abs() as u32
        };
        moved & W::of(self.mask)
    }

    /// The squares of `set` moved one step along the direction (squares whose step leaves
    /// the board drop out).
    #[inline(always)]
    pub fn ahead<W: Word>(self, set: W) -> W {
        let m = set & W::of(self.mask);
        if self.stride >= 0 {
            m << self.stride as u32
        } else {
            m >> self.stride.unsigned_abs() as u32
        }
    }
}

/// Runs of `n` squares along some directions, found by doubling: a square starts a run of
/// `k + j` squares (`j <= k`) when it starts a run of `k` and so does the square `j` steps
/// on, so a run of 4 takes two steps back where one at a time takes three.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows {
    pub n: u32,
    /// The steps back of each doubling, direction after direction (each direction takes
    /// as many, which depends on `n` only): `j` squares at once, from the squares `j` steps
    /// can be taken from.
    steps: Vec<Shift>,
}

impl Rows {
    pub fn new(g: &Geometry, n: u32, dirs: &[DirId]) -> Rows {
        let mut steps = Vec::new();
        for &d in dirs {
            let mut k = 1;
            while k < n {
                let j = k.min(n - k);
                let mask = g.bits_where(|sq| g.steps(d, sq) >= j);
                let stride = g.stride[d as usize] * j as isize;
                steps.push(Shift { stride, mask });
                k += j;
            }
        }
        Rows { n, steps }
    }

    /// How many doublings a run of `n` takes along one direction.
    #[inline(always)]
    fn per_line(&self) -> usize {
        (u32::BITS - (self.n.max(1) - 1).leading_zeros()) as usize
    }

    /// Whether `members` has a run of `n` along one of the directions.
    #[inline]
    pub fn any<W: Word>(&self, members: W) -> bool {
        if members.count() < self.n {
            return false;
        }
        let per_line = self.per_line();
        if per_line == 0 {
            return true;
        }
        self.steps.chunks_exact(per_line).any(|chain| {
            let mut runs = members;
            for step in chain {
                runs &= step.back(runs);
                if runs == W::ZERO {
                    return false;
                }
            }
            true
        })
    }
}

/// Whether some run of at least `n` squares of `members` lies along one of `dirs`, one
/// step at a time: a square starts a run of k + 1 when it is a member and the next square
/// along the direction starts a run of k.
pub fn runs_of<W: Word>(g: &Geometry, members: W, n: u32, dirs: &[DirId]) -> bool {
    members.count() >= n
        && dirs.iter().any(|&d| {
            let mut runs = members;
            for _ in 1..n {
                runs = members & back(g, runs, d);
                if runs == W::ZERO {
                    return false;
                }
            }
            true
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::playout::Rng;

    #[test]
    fn rows_by_doubling_are_rows_one_step_at_a_time() {
        let source = "board 3 x 3\nsides x \"X\", o \"O\"\nsetup empty\nmove place onto empty\n\
                      game\n  x wins if 3 x pieces in a row along orthogonal, diagonal\n";
        let p = crate::check::check(&crate::syntax::parse(source).unwrap()).unwrap();
        let all: Vec<DirId> = (0..p.directions.len() as DirId).collect();
        let mut rng = Rng::new(3);
        for (rows, cols) in [(6, 7), (8, 8), (3, 3), (10, 12)] {
            let g = Geometry::new(&p, rows, cols).unwrap();
            for n in 1..=6 {
                let found = Rows::new(&g, n, &all);
                for _ in 0..300 {
                    let members = rng.next_u64() as u128 & rng.next_u64() as u128 & g.all_bits
                        | (rng.next_u64() as u128) << 64 & g.all_bits;
                    assert_eq!(found.any(members), runs_of(&g, members, n, &all), "{n}");
                }
            }
        }
    }

    #[test]
    fn both_words_agree() {
        for x in [0u128, 1, 6, 0x8000_0000_0000_0001, u64::MAX as u128] {
            let (a, b) = (x as u64, x);
            assert_eq!(a.count(), b.count());
            assert_eq!(a.lowest().wide(), b.lowest());
            assert_eq!(a.rest().wide(), b.rest());
            if x != 0 {
                assert_eq!(a.first(), b.first());
            }
        }
    }
}
