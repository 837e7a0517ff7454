//! Which cells a square set (`own pieces`, `empty squares`, `black king pieces`, ...)
//! accepts, as the side asking sees them.

use crate::compile::Tables;
use crate::program::*;

#[inline]
pub fn matches_filter(f: SetFilter, cell: Code, class: &[u8; 256], t: &Tables) -> bool {
    match f {
        SetFilter::Own => class[cell as usize] == C_OWN,
        SetFilter::Enemy => class[cell as usize] == C_ENEMY,
        SetFilter::OwnKind(k) => class[cell as usize] == C_OWN && t.kind_of[cell as usize] == k,
        SetFilter::Kind(k) => cell != EMPTY && cell != GHOST && t.kind_of[cell as usize] == k,
        SetFilter::EnemyKind(k) => class[cell as usize] == C_ENEMY && t.kind_of[cell as usize] == k,
        SetFilter::Empty => cell == EMPTY,
        SetFilter::Pieces => cell != EMPTY && cell != GHOST,
        SetFilter::Squares => true,
        SetFilter::Side(s) => cell != EMPTY && cell != GHOST && t.side_of[cell as usize] == s,
        SetFilter::Piece(c) => cell == c,
        SetFilter::Union(i) => t.unions[i as usize]
            .iter()
            .any(|&f| matches_filter(f, cell, class, t)),
    }
}

/// The squares among `cells` (square, cell) whose cell the filter accepts, as bits of a word
/// (squares below 128): which filter it is is asked once, not at every square.
#[inline]
pub fn filter_bits(
    f: SetFilter,
    class: &[u8; 256],
    t: &Tables,
    cells: impl Iterator<Item = (u32, Code)>,
) -> u128 {
    #[inline(always)]
    fn bits(cells: impl Iterator<Item = (u32, Code)>, keep: impl Fn(Code) -> bool) -> u128 {
        // Into two 64-bit words: a shift of a 128-bit word by a varying count takes several
        // instructions (and a branch) at every square.
        let mut words = [0u64; 2];
        for (sq, c) in cells {
            words[(sq >> 6) as usize & 1] |= u64::from(keep(c)) << (sq & 63);
        }
        u128::from(words[0]) | u128::from(words[1]) << 64
    }
    // Without a branch at each square (`&`, not `&&`): where pieces and empty squares mix
    // at random, a branch on each is mispredicted half the time.
    let piece = |c: Code| (c != EMPTY) & (c != GHOST);
    match f {
        SetFilter::Own => bits(cells, |c| class[c as usize] == C_OWN),
        SetFilter::Enemy => bits(cells, |c| class[c as usize] == C_ENEMY),
        SetFilter::Side(s) => bits(cells, |c| piece(c) & (t.side_of[c as usize] == s)),
        SetFilter::Piece(p) => bits(cells, |c| c == p),
        SetFilter::Empty => bits(cells, |c| c == EMPTY),
        SetFilter::Pieces => bits(cells, piece),
        _ => bits(cells, |c| matches_filter(f, c, class, t)),
    }
}

/// [`filter_bits`] of a whole board of at most 128 squares (`cells` in order), eight cells
/// at a time when the filter accepts one cell value only (`white pieces` where white has
/// one kind): no look-up at each square.
pub fn board_bits(f: SetFilter, class: &[u8; 256], t: &Tables, cells: &[Code]) -> u128 {
    let Some(code) = one_value(f, class, t) else {
        let squares = cells.iter().enumerate().map(|(sq, &c)| (sq as u32, c));
        return filter_bits(f, class, t, squares);
    };
    let chunks = cells.chunks_exact(8);
    let rest = chunks.remainder();
    let mut bits = 0u128;
    for (i, chunk) in chunks.enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight cells"));
        bits |= u128::from(equal_bytes(word, code)) << (i * 8);
    }
    let start = cells.len() - rest.len();
    for (i, &c) in rest.iter().enumerate() {
        bits |= u128::from(c == code) << (start + i);
    }
    bits
}

/// The one cell value `f` accepts, if it accepts one only.
fn one_value(f: SetFilter, class: &[u8; 256], t: &Tables) -> Option<Code> {
    let mut accepted = cell_values(t).filter(|&c| matches_filter(f, c, class, t));
    match (accepted.next(), accepted.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Bit `i` set where byte `i` of `word` is `value`.
#[inline(always)]
fn equal_bytes(word: u64, value: Code) -> u8 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = word ^ (0x0101_0101_0101_0101 * u64::from(value));
    // The high bit of each byte of x that is not 0 (no carry crosses a byte), then those
    // left clear (the equal bytes) gathered into one byte, byte i to bit i.
    let nonzero = ((x & LOW).wrapping_add(LOW) | x) & HIGH;
    let equal = !nonzero & HIGH;
    ((equal >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Which cell values a filter accepts, as a table (for loops over many squares).
pub fn filter_table(f: SetFilter, class: &[u8; 256], t: &Tables) -> [bool; 256] {
    let mut m = [false; 256];
    for code in cell_values(t) {
        m[code as usize] = matches_filter(f, code, class, t);
    }
    m
}

/// Every value a cell can hold: empty, each side's kinds, a piece taken but not yet off.
fn cell_values(t: &Tables) -> impl Iterator<Item = Code> {
    let codes = t.kinds as usize * t.class.len();
    (0..=codes as Code).chain([GHOST])
}

/// Adds one to the count of each of the `axes` lines through every square whose cell
/// `matching` accepts (`lines`: the lines of each square in turn). Inlined, so that a
/// constant `axes` unrolls the inner loop.
#[inline(always)]
pub fn add_line_counts(
    axes: usize,
    cells: &[Code],
    lines: &[u32],
    matching: &[bool; 256],
    counts: &mut [u32],
) {
    for (&c, through) in cells.iter().zip(lines.chunks_exact(axes)) {
        if matching[c as usize] {
            for &l in through {
                counts[l as usize] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::rng::Rng;

    #[test]
    fn a_filter_s_bits_are_the_squares_it_accepts_in_either_word() {
        let source = "board 10 x 12\nsides x \"X\", o \"O\"\nsetup empty\nmove place onto empty\n";
        let p = crate::check::check(&crate::syntax::parse(source).unwrap()).unwrap();
        let (runner, _) = crate::cases::game_start(&p, None).unwrap();
        let t = &*runner.engine().t;
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let cells: Vec<Code> = (0..120).map(|_| (rng.next_u64() % 3) as Code).collect();
            let filters = [
                SetFilter::Own,
                SetFilter::Enemy,
                SetFilter::Empty,
                SetFilter::Side(1),
                SetFilter::Pieces,
                SetFilter::Piece(2),
                SetFilter::Side(0),
            ];
            for (f, side) in filters.into_iter().zip([0, 1].into_iter().cycle()) {
                let class = &t.class[side];
                let squares = cells.iter().enumerate().map(|(s, &c)| (s as u32, c));
                let want = squares
                    .clone()
                    .filter(|&(_, c)| matches_filter(f, c, class, t))
                    .fold(0u128, |m, (s, _)| m | 1 << s);
                assert_eq!(filter_bits(f, class, t, squares), want, "{f:?}");
                for len in [120, 64, 61, 8, 3] {
                    let mask = u128::MAX >> (128 - len);
                    let got = board_bits(f, class, t, &cells[..len]);
                    assert_eq!(got, want & mask, "{f:?} on {len} squares");
                }
            }
        }
    }
}
