//! The random numbers of playouts: SplitMix64, and uniform numbers below a bound without
//! modulo bias. Small bounds (the number of legal moves, nearly always) take their remainders
//! by multiplication from a table built at compile time instead of by division, which costs
//! more than the rest of a ply of a small game; the numbers are exactly those of `%`.

/// A small, fast, seedable random generator (SplitMix64); the same seed gives the same games.
pub struct Rng(u64);

/// Bounds below this take the multiplication path.
const SMALL: usize = 256;

/// Per bound `n`, the multiplier `M = ⌊(2^128 - 1) / n⌋ + 1` of [`remainder`] (0 for 1 and
/// unused 0).
const MAGIC: [u128; SMALL] = {
    let mut m = [0u128; SMALL];
    let mut n = 2;
    while n < SMALL {
        m[n] = u128::MAX / n as u128 + 1;
        n += 1;
    }
    m
};

/// Per bound `n`, the largest multiple of `n` up to `u64::MAX`: numbers at or above it are
/// drawn again, so each remainder is equally likely.
const ZONE: [u64; SMALL] = {
    let mut z = [0u64; SMALL];
    let mut n = 1;
    while n < SMALL {
        z[n] = u64::MAX - u64::MAX % n as u64;
        n += 1;
    }
    z
};

/// `v % n` for `n < SMALL`, from `n`'s multiplier `m` (Lemire, Kaser and Kurz, "Faster
/// remainder by direct computation", 2019: with a multiplier of twice the bits of the
/// numbers, the result is exact for every `v` and `n`).
#[inline(always)]
fn remainder(v: u64, m: u128, n: u64) -> u64 {
    let low = m.wrapping_mul(u128::from(v));
    let (hi, lo) = ((low >> 64) as u64, low as u64);
    let cross = u128::from(hi) * u128::from(n) + ((u128::from(lo) * u128::from(n)) >> 64);
    (cross >> 64) as u64
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number below `n` (`n > 0`), without modulo bias: a number at or above the
    /// largest multiple of `n` is drawn again, the rest give their remainder by `n`.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n < SMALL as u64 {
            let (zone, m) = (ZONE[n as usize], MAGIC[n as usize]);
            loop {
                let v = self.next_u64();
                if v < zone {
                    return remainder(v, m, n);
                }
            }
        }
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remainders_by_multiplication_are_those_of_division() {
        let mut rng = Rng::new(7);
        let edges = [
            0,
            1,
            2,
            255,
            256,
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
        ];
        for n in 1..SMALL as u64 {
            let m = MAGIC[n as usize];
            for v in edges.into_iter().chain((0..2000).map(|_| rng.next_u64())) {
                assert_eq!(remainder(v, m, n), v % n, "{v} % {n}");
            }
            assert_eq!(ZONE[n as usize], u64::MAX - u64::MAX % n);
        }
    }

    #[test]
    fn small_and_large_bounds_draw_alike() {
        // The same draws as the plain definition, for bounds on both paths.
        for n in [1u64, 2, 3, 7, 100, 255, 256, 1000, u64::MAX] {
            let (mut a, mut b) = (Rng::new(n), Rng::new(n));
            for _ in 0..500 {
                let want = loop {
                    let v = b.next_u64();
                    if v < u64::MAX - u64::MAX % n {
                        break v % n;
                    }
                };
                assert_eq!(a.below(n), want);
            }
        }
    }
}
