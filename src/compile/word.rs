//! A machine word holding a set of squares, one bit per square: `u64` for boards of at most
//! 64 squares, `u128` for up to 128. The bit forms of the rules ([`super::bits`]) are
//! played on the smallest word the board fits, so most boards pay for one register, not two.
//! Masks are compiled once as `u128` ([`super::geometry::Geometry::step_bits`]) and
//! narrowed where they are read, which costs nothing.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

use super::geometry::Geometry;
use crate::program::DirId;

/// A set of squares as bits.
pub trait Word:
    Copy
    + Default
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
    const BITS: u32;
    /// The low bits of a compiled mask (the squares of the board all fit).
    fn of(mask: u128) -> Self;
    fn wide(self) -> u128;
    fn count(self) -> u32;
    fn first(self) -> u32;
    /// The lowest square of the set, alone.
    fn lowest(self) -> Self;
    /// The set without its lowest square.
    fn rest(self) -> Self;
    fn rotate_right(self, n: u32) -> Self;
    fn rotate_left(self, n: u32) -> Self;
    /// `self << s.n`, a shift by fewer squares than half a `u128`.
    fn short_shl(self, s: Short) -> Self;
    /// `self >> s.n`, likewise.
    fn short_shr(self, s: Short) -> Self;
    /// The `k`-th square (from 0) of the set, in square order, alone (`k` below its
    /// count).
    fn nth(self, k: u32) -> Self;
}

macro_rules! word {
    ($t:ty, $m:ident => $narrow:expr, $nth:ident, $shl:expr, $shr:expr) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
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
            #[inline(always)]
            fn rotate_right(self, n: u32) -> Self {
                <$t>::rotate_right(self, n)
            }
            #[inline(always)]
            fn rotate_left(self, n: u32) -> Self {
                <$t>::rotate_left(self, n)
            }
            #[inline(always)]
            fn short_shl(self, s: Short) -> Self {
                $shl(self, s)
            }
            #[inline(always)]
            fn short_shr(self, s: Short) -> Self {
                $shr(self, s)
            }
            #[inline(always)]
            fn nth(self, k: u32) -> Self {
                $nth(self, k)
            }
        }
    };
}

word!(u64, mask => mask as u64, nth64, |x: u64, s: Short| x << s.n, |x: u64, s: Short| x >> s.n);
word!(u128, mask => mask, nth128, shl128, shr128);

/// A shift by `n` squares, 1 to 63, with `across = 64 - n`: how far the bits that cross
/// from one half of a `u128` to the other shift. Kept as a number of its own, so that the
/// compiler cannot see the two plain shifts of a half as one funnel shift (`shld`), which
/// takes several times as long on some processors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Short {
    pub n: u32,
    pub across: u32,
}

impl Short {
    /// A shift by `n` squares, when `n` is 1 to 63.
    pub fn new(n: u32) -> Option<Short> {
        (1..64).contains(&n).then_some(Short { n, across: 64 - n })
    }
}

/// `x << s.n`, each half by plain shifts.
#[inline(always)]
fn shl128(x: u128, s: Short) -> u128 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let hi = hi << s.n | lo >> s.across;
    u128::from(hi) << 64 | u128::from(lo << s.n)
}

/// `x >> s.n`, as [`shl128`].
#[inline(always)]
fn shr128(x: u128, s: Short) -> u128 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let lo = lo >> s.n | hi << s.across;
    u128::from(hi >> s.n) << 64 | u128::from(lo)
}

/// Per byte and `k`, the position of the byte's `k`-th set bit (8 when it has fewer).
const IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut i) = (0, 0);
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// [`Word::nth`] of a `u64`, without a loop on the data, and with as little as possible
/// left to do once `k` is known (it comes last: it is drawn from the count). A set of 8
/// squares or fewer goes to [`few`]; a larger one by broadword select (Vigna, "Broadword
/// implementation of rank/select queries", 2008): the counts of the bytes and of all the
/// bytes up to each are found from the set alone, and `k` then takes a comparison of
/// eight bytes at once and a table of the bits of one byte.
#[inline(always)]
fn nth64(set: u64, k: u32) -> u64 {
    if set.count_ones() <= 8 {
        return 1 << few(set, k);
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let pairs = set - ((set >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the squares in bytes 0 to i (at most 64, so the high bit of each is clear).
    let upto = bytes.wrapping_mul(ONES);
    // High bit of byte i: byte i ends at or before the k-th square (k < 128).
    let before = (((u64::from(k) * ONES) | HIGH) - upto) & HIGH;
    let base = before.count_ones() * 8;
    let skipped = ((upto << 8) >> base) as u32 & 0xFF;
    let byte = (set >> base) as u8;
    1u64 << (base + u32::from(IN_BYTE[byte as usize][(k - skipped) as usize & 7]))
}

/// The square of the `k`-th of the (at most 8) squares of `set`: each square's number, in
/// order, goes into a byte of one word before `k` is known, and `k` picks a byte.
#[inline(always)]
fn few(set: u64, k: u32) -> u32 {
    let (mut squares, mut rest) = (0u64, set);
    for i in 0..8 {
        squares |= u64::from(rest.trailing_zeros() & 63) << (8 * i);
        rest &= rest.wrapping_sub(1);
    }
    (squares >> (8 * (k & 7))) as u32 & 63
}

/// [`Word::nth`] of a `u128`: the low half's count tells which half holds the square.
#[inline(always)]
fn nth128(set: u128, k: u32) -> u128 {
    let low = set as u64;
    let c = low.count_ones();
    if k < c {
        u128::from(nth64(low, k))
    } else {
        u128::from(nth64((set >> 64) as u64, k - c)) << 64
    }
}

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

    /// The stride as a rotation of `W` to the right: a negative stride is a rotation
    /// left, which is the same modulo the width of the word.
    #[inline(always)]
    fn turn<W: Word>(self) -> u32 {
        self.stride as u32 & (W::BITS - 1)
    }

    /// [`back`] along this step. A rotation, not a shift, so that one instruction serves
    /// both signs of stride without a branch: the bits that come round the end of the word
    /// land on squares whose step leaves the board (or on no square), which the mask drops.
    #[inline(always)]
    pub fn back<W: Word>(self, set: W) -> W {
        set.rotate_right(self.turn::<W>()) & W::of(self.mask)
    }

    /// The squares of `set` moved one step along the direction (squares whose step leaves
    /// the board drop out; none of the rest comes round the end of the word).
    #[inline(always)]
    pub fn ahead<W: Word>(self, set: W) -> W {
        (set & W::of(self.mask)).rotate_left(self.turn::<W>())
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

    /// Whether `members` has a run of `n` along one of the directions. Every direction is
    /// followed to the end, without leaving early when its runs give out: the loop then
    /// has no branch on the data, which costs less than the branches it would save.
    #[inline(always)]
    pub fn any<W: Word>(&self, members: W) -> bool {
        if members.count() < self.n {
            return false;
        }
        match self.per_line() {
            0 => true,
            1 => self.runs::<1, W>(members),
            2 => self.runs::<2, W>(members),
            3 => self.runs::<3, W>(members),
            per_line => {
                let mut found = W::ZERO;
                for chain in self.steps.chunks_exact(per_line) {
                    found |= starts(chain, members);
                }
                found != W::ZERO
            }
        }
    }

    /// [`Rows::any`] for runs of `K` doublings (runs of up to `2^K` squares), each
    /// direction's steps taken in one go.
    #[inline(always)]
    fn runs<const K: usize, W: Word>(&self, members: W) -> bool {
        let (chains, _) = self.steps.as_chunks::<K>();
        let mut found = W::ZERO;
        for chain in chains {
            found |= starts(chain, members);
        }
        found != W::ZERO
    }
}

/// The squares of `members` that start a run along one direction, by its doublings
/// `chain`.
#[inline(always)]
fn starts<W: Word>(chain: &[Shift], members: W) -> W {
    chain
        .iter()
        .fold(members, |runs, step| runs & step.back(runs))
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
    use crate::run::rng::Rng;

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
    fn nth_is_the_kth_square() {
        let mut rng = Rng::new(11);
        let mut random = || (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
        for i in 0..4000 {
            // Dense and sparse sets: halving the density three times over (sets of 8
            // squares or fewer take their own path).
            let mut wide = random();
            for _ in 0..i % 6 {
                wide &= random();
            }
            let mut rest = wide;
            for k in 0..wide.count() {
                assert_eq!(wide.nth(k), rest.lowest(), "{wide:#x} {k}");
                let narrow = wide as u64;
                if k < narrow.count() {
                    assert_eq!(narrow.nth(k), (rest as u64).lowest(), "{narrow:#x} {k}");
                }
                rest = rest.rest();
            }
        }
        assert_eq!(u64::MAX.nth(63), 1 << 63);
        assert_eq!(u128::MAX.nth(127), 1 << 127);
    }

    #[test]
    fn short_shifts_are_shifts() {
        let mut rng = Rng::new(5);
        for _ in 0..2000 {
            let x = (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
            assert_eq!(Short::new(0), None);
            assert_eq!(Short::new(64), None);
            for n in 1..64 {
                let s = Short::new(n).unwrap();
                assert_eq!(x.short_shl(s), x << n, "{x:#x} << {n}");
                assert_eq!(x.short_shr(s), x >> n, "{x:#x} >> {n}");
                let narrow = x as u64;
                assert_eq!(narrow.short_shl(s), narrow << n, "{narrow:#x} << {n}");
                assert_eq!(narrow.short_shr(s), narrow >> n, "{narrow:#x} >> {n}");
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
