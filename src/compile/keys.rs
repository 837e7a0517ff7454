//! Position keys: a random number for each piece on each square and for each side to move,
//! whose exclusive or over a position is its key (Zobrist hashing). Every representation of
//! a position computes the same key from them, so keys compare across representations.

/// The random numbers of one board size.
#[derive(Debug)]
pub struct Keys {
    /// `piece[code * n + sq]`: a piece of `code` on `sq` (0 for an empty square).
    pub piece: Vec<u64>,
    /// `mover[side]`.
    pub mover: Vec<u64>,
    pub n: usize,
}

/// The next number of a fixed sequence (a 64-bit multiply-xorshift mix of a counter): the
/// keys are the same in every run.
fn mix(i: u64) -> u64 {
    let mut z = i.wrapping_mul(0xA076_1D64_78BD_642F) ^ 0xE703_7ED1_A0B4_28DB;
    z = (z ^ (z >> 32)).wrapping_mul(0x8EBC_6AF0_9C88_C6E3);
    z ^ (z >> 29)
}

impl Keys {
    /// Keys for a board of `n` squares, pieces of codes `1..=codes` and `sides` sides.
    pub fn new(n: usize, codes: usize, sides: usize) -> Keys {
        let mut piece = vec![0; (codes + 1) * n];
        for (i, k) in piece.iter_mut().enumerate().skip(n) {
            *k = mix(i as u64 + 1);
        }
        let mover = (0..sides).map(|s| mix(!(s as u64))).collect();
        Keys { piece, mover, n }
    }

    /// The key of a piece of `code` on `sq`: 0 for an empty square, and for a ghost (a code
    /// past the table's pieces).
    #[inline]
    pub fn of(&self, code: u8, sq: usize) -> u64 {
        self.piece
            .get(code as usize * self.n + sq)
            .copied()
            .unwrap_or(0)
    }
}
