//! The mover's pieces, found once for every action of a position that moves a piece: in
//! square order, and grouped by kind (each kind's in square order), so that an action for
//! one kind (`knight: step along knight`) goes through that kind's pieces only instead of
//! asking every piece its kind.

use crate::program::{C_OWN, Code};
use crate::run::position::fold_past_empty_runs;

/// The squares of the mover's pieces, kept between positions for their memory.
#[derive(Debug, Default)]
pub struct OwnPieces {
    /// Every square of the mover's pieces, in square order.
    all: Vec<u32>,
    /// The same squares grouped by kind: kind k's are `grouped[starts[k]..starts[k + 1]]`.
    grouped: Vec<u32>,
    starts: Vec<u32>,
}

impl OwnPieces {
    /// Finds the pieces of the side whose classes of codes are `class` on `cells`, `kind_of`
    /// giving each code's kind of `kinds`.
    pub fn gather(&mut self, cells: &[Code], class: &[u8], kind_of: &[u8], kinds: usize) {
        // Runs of empty squares passed by; in the others every square written, the next
        // written over unless it holds a piece: no branch on where the pieces stand.
        self.all.resize(cells.len(), 0);
        let n = fold_past_empty_runs(cells, 0, |n, sq, c| {
            self.all[n] = sq as u32;
            n + usize::from(class[c as usize] == C_OWN)
        });
        self.all.truncate(n);
        self.starts.clear();
        self.grouped.clear();
        if kinds < 2 {
            // One kind: its pieces are all of them, and an action reads them so.
            return;
        }
        self.starts.resize(kinds + 2, 0);
        for &s in &self.all {
            // Counted one place on, so that the sums below are the kinds' starts.
            self.starts[kind_of[cells[s as usize] as usize] as usize + 2] += 1;
        }
        for k in 2..self.starts.len() {
            self.starts[k] += self.starts[k - 1];
        }
        // Each piece goes to its kind's next place (starts[k + 1] runs through kind k's).
        self.grouped.resize(self.all.len(), 0);
        for &s in &self.all {
            let k = kind_of[cells[s as usize] as usize] as usize;
            let at = &mut self.starts[k + 1];
            self.grouped[*at as usize] = s;
            *at += 1;
        }
    }

    /// No pieces (a game whose moves move none).
    pub fn clear(&mut self) {
        self.all.clear();
        self.grouped.clear();
        self.starts.clear();
    }

    /// The pieces as the actions of a position read them.
    pub fn pieces(&self) -> Pieces<'_> {
        Pieces {
            all: &self.all,
            grouped: &self.grouped,
            starts: &self.starts,
        }
    }
}

/// The pieces an action may move from: every one in square order and, for the first part of
/// a move, the same grouped by kind.
#[derive(Clone, Copy)]
pub struct Pieces<'x> {
    all: &'x [u32],
    grouped: &'x [u32],
    starts: &'x [u32],
}

impl<'x> Pieces<'x> {
    /// Pieces on `squares`, not grouped (a later part of a move, from the square it stands
    /// on).
    pub fn on(squares: &'x [u32]) -> Pieces<'x> {
        Pieces {
            all: squares,
            grouped: &[],
            starts: &[],
        }
    }

    /// Every piece, in square order.
    pub fn all(self) -> &'x [u32] {
        self.all
    }

    /// The pieces an action for `kinds` (a set of kinds, as bits) goes through, in square
    /// order: those of its kind when it is for one kind and they are grouped, else all (the
    /// action asks each its kind).
    #[inline(always)]
    pub fn for_kinds(self, kinds: u32) -> &'x [u32] {
        let k = kinds.trailing_zeros() as usize;
        match kinds.count_ones() == 1 && k + 1 < self.starts.len() {
            // After `gather`, starts[k + 1] is where kind k's pieces end, starts[k] where
            // they begin.
            true => &self.grouped[self.starts[k] as usize..self.starts[k + 1] as usize],
            false => self.all,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{C_EMPTY, C_ENEMY, EMPTY, GHOST};

    /// Codes as a side of three kinds sees them: 0 empty, 1-3 its kinds 0-2, 4-6 the
    /// other side's, 255 a ghost.
    fn tables() -> (Vec<u8>, Vec<u8>) {
        let mut class = vec![C_EMPTY; 256];
        let mut kind_of = vec![0; 256];
        for c in 1..=6u8 {
            class[c as usize] = if c <= 3 { C_OWN } else { C_ENEMY };
            kind_of[c as usize] = (c - 1) % 3;
        }
        class[GHOST as usize] = C_EMPTY;
        (class, kind_of)
    }

    #[test]
    fn a_kind_s_pieces_are_the_pieces_asked_their_kind_in_square_order() {
        let (class, kind_of) = tables();
        let boards: [&[u8]; 5] = [
            &[3, 1, 0, 4, 2, 2, 6, 1, GHOST, 3, 5, 1],
            &[EMPTY; 9],
            &[2, 2, 2, 4, 5],
            &[6, 5, 4, 3],
            // Eight empty squares, eight with pieces, eight empty, then the rest.
            &[
                0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 4, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3, 6, 0, 2,
            ],
        ];
        for cells in boards {
            let mut own = OwnPieces::default();
            own.gather(cells, &class, &kind_of, 3);
            let pieces = own.pieces();
            let all: Vec<u32> = (0..cells.len() as u32)
                .filter(|&s| class[cells[s as usize] as usize] == C_OWN)
                .collect();
            assert_eq!(pieces.all(), &all[..]);
            for kind in 0..3u8 {
                let of_kind: Vec<u32> = all
                    .iter()
                    .copied()
                    .filter(|&s| kind_of[cells[s as usize] as usize] == kind)
                    .collect();
                assert_eq!(
                    pieces.for_kinds(1 << kind),
                    &of_kind[..],
                    "{cells:?} kind {kind}"
                );
            }
            // An action for several kinds asks each piece its kind.
            assert_eq!(pieces.for_kinds(0b101), &all[..]);
            assert_eq!(Pieces::on(&[7]).for_kinds(1), &[7]);
            // Pieces of one kind are not grouped: an action for it reads them all.
            own.gather(cells, &class, &vec![0; 256], 1);
            assert_eq!(own.pieces().all(), &all[..]);
            assert_eq!(own.pieces().for_kinds(1), &all[..]);
        }
    }
}
