//! A playable position: the board's cells, piece counts, the side to move, and what the
//! rules remember (which squares' pieces have moved, which squares the last move marked).

use crate::program::{Code, EMPTY, MAX_DICE, Roll, SideId};

#[derive(Debug, Clone, Eq)]
pub struct Position {
    pub cells: Vec<Code>,
    /// `counts[code]`: how many pieces of each code are on the board.
    pub counts: Vec<u32>,
    pub mover: SideId,
    /// Bit per square: the piece standing there has moved (or arrived by moving). Empty
    /// when the rules never ask whether a piece has moved.
    pub moved: Vec<u64>,
    /// Bit per square: marked by the last move (`marking the squares passed`). Empty when
    /// no move marks squares.
    pub marked: Vec<u64>,
    /// Plies since the last capture (or move of a piece of the kinds that restart it).
    pub quiet: u16,
    /// Moves in a row, up to the last one, that were passes.
    pub passes: u8,
    /// `hand[code]`: how many pieces of each code are in hand (empty when the game keeps
    /// no hands).
    pub hand: Vec<u8>,
    /// Where the last step ended and the move statement it was of, kept only when the rules
    /// ask (`again if`, asked when the move is over; an end rule about `to`); `u32::MAX` and 0
    /// otherwise, and before any move.
    pub last: (u32, u16),
    /// The moves of the turn made so far (`turns of ...`); 0 at the start of a turn.
    pub spent: u8,
    /// The board when the turn began, kept only when no turn may leave it unchanged.
    pub turn_start: Vec<Code>,
    /// The faces the turn's roll shows (`roll ...`); all 0 before the roll, and in a game
    /// without dice.
    pub roll: Roll,
    /// `pieces stack`: how many pieces stand on each square (0 on an empty square); empty
    /// when pieces do not stack.
    pub heights: Vec<u8>,
    /// `one move a die`: bit `i` set when die `i` of the roll is used this turn;
    /// [`SECOND_PLAY`] while a double is played the second time; [`OPENING`] before the
    /// first roll when each side rolls one die to begin.
    pub dice: u8,
}

/// [`Position::dice`]: a double is being played the second time.
pub const SECOND_PLAY: u8 = 0x40;
/// [`Position::dice`]: the first roll of the game is still to come (one die each).
pub const OPENING: u8 = 0x80;
/// [`Position::dice`]: the bits of the dice used.
pub const USED: u8 = 0x0f;

impl PartialEq for Position {
    /// Whether `other` is the same position, every field alike: asked of every position a learning
    /// environment gives a bit form, mostly the one it gave last. The board is
    /// compared eight cells at a time in place, and a list the rules do not keep (empty in
    /// both) is not handed to `memcmp` at all: the library's vector compare of zero bytes at
    /// an empty list's placeholder address costs hundreds of cycles on some processors.
    #[inline]
    fn eq(&self, other: &Position) -> bool {
        fn words(a: &[u8], b: &[u8]) -> bool {
            let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
            let word = |c: &[u8]| u64::from_ne_bytes(c.try_into().expect("eight bytes"));
            x.by_ref().zip(y.by_ref()).all(|(p, q)| word(p) == word(q))
                && x.remainder().iter().eq(y.remainder())
        }
        fn kept<T: PartialEq>(a: &[T], b: &[T]) -> bool {
            a.len() == b.len() && (a.is_empty() || a == b)
        }
        self.mover == other.mover
            && self.quiet == other.quiet
            && self.passes == other.passes
            && self.last == other.last
            && self.spent == other.spent
            && self.roll == other.roll
            && self.dice == other.dice
            && self.cells.len() == other.cells.len()
            && words(&self.cells, &other.cells)
            && kept(&self.counts, &other.counts)
            && kept(&self.moved, &other.moved)
            && kept(&self.marked, &other.marked)
            && kept(&self.hand, &other.hand)
            && kept(&self.turn_start, &other.turn_start)
            && kept(&self.heights, &other.heights)
    }
}

/// Folds `f` over each square of `cells` and its cell, but for runs of eight empty squares,
/// passed by at once (one word compared): for a question an empty square adds nothing to.
#[inline(always)]
pub fn fold_past_empty_runs<A>(
    cells: &[Code],
    init: A,
    mut f: impl FnMut(A, usize, Code) -> A,
) -> A {
    const { assert!(EMPTY == 0) };
    let mut acc = init;
    let mut chunks = cells.chunks_exact(8);
    for (i, eight) in chunks.by_ref().enumerate() {
        let eight: [Code; 8] = eight.try_into().expect("eight cells");
        if u64::from_ne_bytes(eight) != 0 {
            for (j, &c) in eight.iter().enumerate() {
                acc = f(acc, i * 8 + j, c);
            }
        }
    }
    let done = cells.len() - chunks.remainder().len();
    for (j, &c) in chunks.remainder().iter().enumerate() {
        acc = f(acc, done + j, c);
    }
    acc
}

impl Position {
    /// The bytes this position holds on the heap, beside its own size: what a search that
    /// keeps many positions counts against its memory.
    pub fn heap_bytes(&self) -> usize {
        let code = size_of::<Code>();
        (self.cells.capacity() + self.turn_start.capacity()) * code
            + self.counts.capacity() * size_of::<u32>()
            + (self.moved.capacity() + self.marked.capacity()) * size_of::<u64>()
            + self.hand.capacity()
            + self.heights.capacity()
    }

    pub fn empty(squares: usize, codes: usize, mover: SideId) -> Position {
        Position {
            cells: vec![0; squares],
            counts: vec![0; codes + 1],
            mover,
            moved: Vec::new(),
            marked: Vec::new(),
            quiet: 0,
            passes: 0,
            hand: Vec::new(),
            last: (u32::MAX, 0),
            spent: 0,
            turn_start: Vec::new(),
            roll: [0; MAX_DICE],
            heights: Vec::new(),
            dice: 0,
        }
    }

    /// Copies `other` into `self` without allocating.
    #[inline]
    pub fn copy_from(&mut self, other: &Position) {
        self.cells.copy_from_slice(&other.cells);
        self.counts.copy_from_slice(&other.counts);
        self.mover = other.mover;
        // Most rules remember neither moves nor marks: no copy at all then.
        if !other.moved.is_empty() {
            self.moved.copy_from_slice(&other.moved);
        }
        if !other.marked.is_empty() {
            self.marked.copy_from_slice(&other.marked);
        }
        self.quiet = other.quiet;
        self.passes = other.passes;
        if !other.hand.is_empty() {
            self.hand.copy_from_slice(&other.hand);
        }
        self.last = other.last;
        self.spent = other.spent;
        self.roll = other.roll;
        self.dice = other.dice;
        if !other.heights.is_empty() || !self.heights.is_empty() {
            self.heights.clear();
            self.heights.extend_from_slice(&other.heights);
        }
        if !other.turn_start.is_empty() {
            self.turn_start.clear();
            self.turn_start.extend_from_slice(&other.turn_start);
        }
    }

    /// The turn's roll is made (false in a game without dice, whose roll is never made).
    #[inline]
    pub fn rolled(&self) -> bool {
        self.roll[0] != 0
    }

    /// A new turn begins: its moves are counted from none, and its board is remembered
    /// when the rules ask.
    #[inline]
    pub fn begin_turn(&mut self) {
        self.spent = 0;
        if !self.turn_start.is_empty() {
            self.turn_start.copy_from_slice(&self.cells);
        }
    }

    /// Puts `code` on `sq` in place of what stood there (on a board of stacks, a stack of
    /// one piece, or none).
    #[inline]
    pub fn set(&mut self, sq: usize, code: Code) {
        let old = self.cells[sq];
        // On a board of stacks, the whole stack goes.
        let gone = match self.heights.get_mut(sq) {
            None => 1,
            Some(h) => {
                let gone = (*h).max(1) as u32;
                *h = u8::from(code != 0 && code != crate::program::GHOST);
                gone
            }
        };
        if (old as usize) < self.counts.len() && old != 0 {
            self.counts[old as usize] -= gone;
        }
        if (code as usize) < self.counts.len() && code != 0 {
            self.counts[code as usize] += 1;
        }
        self.cells[sq] = code;
    }

    /// How many pieces stand on `sq`: its stack's height, or 1 for a piece where pieces do
    /// not stack (0 on an empty square).
    #[inline]
    pub fn height(&self, sq: usize) -> u32 {
        match self.cells[sq] {
            0 | crate::program::GHOST => 0,
            _ if self.heights.is_empty() => 1,
            _ => self.heights[sq] as u32,
        }
    }

    /// Takes one piece off `sq`: the top of its stack, or the piece (the square left empty).
    #[inline]
    pub fn lift(&mut self, sq: usize) -> Code {
        let code = self.cells[sq];
        if !self.heights.is_empty() && self.heights[sq] > 1 {
            self.heights[sq] -= 1;
            self.counts[code as usize] -= 1;
            return code;
        }
        self.set(sq, 0);
        code
    }

    /// Puts one piece of `code` on `sq`: on top of a stack of the same pieces, else in
    /// place of what stood there.
    #[inline]
    pub fn put(&mut self, sq: usize, code: Code) {
        if !self.heights.is_empty() && code != 0 && self.cells[sq] == code {
            self.heights[sq] = self.heights[sq].saturating_add(1);
            self.counts[code as usize] += 1;
            return;
        }
        self.set(sq, code);
    }

    /// True if the piece on `sq` has moved (false when moves are not remembered).
    #[inline]
    pub fn has_moved(&self, sq: usize) -> bool {
        self.moved
            .get(sq / 64)
            .is_some_and(|w| w & (1 << (sq % 64)) != 0)
    }

    /// Remembers that the piece on `sq` has moved (when moves are remembered).
    #[inline]
    pub fn set_moved(&mut self, sq: usize, moved: bool) {
        if let Some(w) = self.moved.get_mut(sq / 64) {
            if moved {
                *w |= 1 << (sq % 64);
            } else {
                *w &= !(1 << (sq % 64));
            }
        }
    }

    #[inline]
    pub fn is_marked(&self, sq: usize) -> bool {
        self.marked
            .get(sq / 64)
            .is_some_and(|w| w & (1 << (sq % 64)) != 0)
    }

    #[inline]
    pub fn mark(&mut self, sq: usize) {
        if let Some(w) = self.marked.get_mut(sq / 64) {
            *w |= 1 << (sq % 64);
        }
    }

    #[inline]
    pub fn clear_marks(&mut self) {
        self.marked.iter_mut().for_each(|w| *w = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::Position;

    /// Every field tells two positions apart, the board in any of its cells (a board of 11
    /// cells: eight compared as a word, three after).
    #[test]
    fn positions_differing_in_any_field_are_not_equal() {
        let mut base = Position::empty(11, 4, 0);
        base.moved = vec![0; 1];
        assert_eq!(base, base.clone());
        let changes: &[fn(&mut Position)] = &[
            |p| p.cells[0] = 1,
            |p| p.cells[7] = 1,
            |p| p.cells[8] = 1,
            |p| p.cells[10] = 2,
            |p| p.cells.push(0),
            |p| p.counts[3] = 1,
            |p| p.mover = 1,
            |p| p.moved[0] = 4,
            |p| p.moved.clear(),
            |p| p.marked = vec![0],
            |p| p.quiet = 3,
            |p| p.passes = 1,
            |p| p.hand = vec![0, 1],
            |p| p.last = (2, 0),
            |p| p.spent = 1,
            |p| p.turn_start = vec![0; 11],
            |p| p.roll[1] = 6,
            |p| p.heights = vec![1; 11],
            |p| p.dice = 1,
        ];
        for (i, change) in changes.iter().enumerate() {
            let mut other = base.clone();
            change(&mut other);
            assert_ne!(base, other, "change {i}");
            assert_ne!(other, base, "change {i}");
        }
    }
}
