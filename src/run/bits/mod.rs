//! The bit forms of the rules ([`crate::compile::bits`]) behind the interface every
//! representation offers ([`Generator`]): a position is each side's pieces as sets of
//! squares ([`BitState`]), and each family ([`BitGame`]: [`flip`], [`steps`], [`place`],
//! [`jumps`]) finds the moves of all pieces at once with set operations. The moves come in
//! the general generator's order, so the same random number picks the same move and the
//! children of a state are those of its position, in order; `tests/bitboards.rs` checks
//! both against the general generator for every family and every query.
//!
//! What only positions answer (the text of a result, the steps of a move) is asked of the
//! general generator underneath, on the state's position.

mod ends;
mod flip;
mod jumps;
mod place;
mod sets;
mod steps;

use std::rc::Rc;

pub use flip::Flip;
pub use jumps::Jumps;
pub use place::Place;
pub use steps::Steps;

use self::ends::{EVERYTHING, changes, over};
use self::sets::BitSets;
use crate::compile::Engine;
use crate::compile::bits::{BitEnds, READS_MOVER};
use crate::compile::geometry::Geometry;
use crate::compile::word::Word;
use crate::program::{Code, SideId};
use crate::run::error::{RunError, count_overflow};
use crate::run::general::Runner;
use crate::run::generator::{Generator, MoveKey, Ply, Seen};
use crate::run::outcome::{Ending, Known};
use crate::run::position::Position;
use crate::run::rng::Rng;
use crate::run::step::{NONE, Step};

/// A family of games in bit form: its moves on the sets `Sets`, for the side `mover`.
pub trait BitGame {
    /// A position's pieces.
    type Sets: BitSets;
    /// What counting the moves of a position keeps for playing one of them.
    type Kept: Default;
    /// A side with no move passes when the other side can move (else the game is over).
    const PASSES: bool = false;
    /// Every move is one step of the mover's one kind of piece (a placement, or a piece
    /// moved onto an empty or an enemy square): the sets before and after it name its
    /// squares ([`crate::run::Generator::move_keys`]).
    const SINGLE_STEPS: bool = false;
    /// The codes of the pieces, in the order [`BitSets::of`] reads them.
    fn code(&self) -> &[Code];
    fn ends(&self) -> &BitEnds;
    /// How many moves `mover` has.
    fn count(&self, g: &Geometry, sets: &Self::Sets, mover: usize) -> u64;
    /// The sets after each move of `mover`, in the generator's order.
    fn each(&self, g: &Geometry, sets: &Self::Sets, mover: usize, then: impl FnMut(Self::Sets));
    /// [`BitGame::each`] with each move's squares, for a game of [`BitGame::SINGLE_STEPS`]:
    /// the square its piece leaves ([`NONE`] for a placement) and the one it lands on, read
    /// off the sets before and after it unless the family knows them as it finds the move.
    fn each_keyed(
        &self,
        g: &Geometry,
        sets: &Self::Sets,
        mover: usize,
        mut then: impl FnMut(Self::Sets, u32, u32),
    ) {
        let before = *sets.sides();
        self.each(g, sets, mover, |next| {
            let (from, to) = move_squares(&before, next.sides(), mover);
            then(next, from, to);
        });
    }
    /// [`BitGame::each`] in any order (a family may find its moves faster so).
    fn each_any(
        &self,
        g: &Geometry,
        sets: &Self::Sets,
        mover: usize,
        then: impl FnMut(Self::Sets),
    ) {
        self.each(g, sets, mover, then);
    }
    /// The squares `mover`'s moves place a piece on, in the generator's order, when every
    /// move only places one (then a move's key is its square, found without making it).
    fn placements(&self, _: &Geometry, _: &Self::Sets, _: usize) -> Option<SetsWord<Self>> {
        None
    }
    /// [`BitGame::count`] before a move is played: keeps what [`BitGame::play`] needs.
    fn moves(&self, g: &Geometry, sets: &Self::Sets, mover: usize, kept: &mut Self::Kept) -> u64;
    /// Plays the `k`-th move (from 0) in the generator's order, after [`BitGame::moves`].
    fn play(&self, g: &Geometry, sets: &mut Self::Sets, mover: usize, kept: &Self::Kept, k: u64);
}

/// The square a move of one step of `mover`'s leaves ([`NONE`] for a placement) and the one
/// it lands on, read off the sides `before` and `after` it.
#[inline(always)]
fn move_squares<W: Word>(before: &[W; 2], after: &[W; 2], mover: usize) -> (u32, u32) {
    let (own, taken) = (before[mover], before[0] | before[1]);
    let square = |set: W| match set == W::ZERO {
        true => NONE,
        false => set.first(),
    };
    let (gained, lost) = (after[mover] & !own, own & !after[mover]);
    // A placement that flips gains the flipped squares too: it lands on the empty one.
    let to = match gained.count() {
        1 => gained,
        _ => gained & !taken,
    };
    (square(lost), square(to))
}

/// A position of a game in bit form: its pieces, the side to move, the passes made in
/// the game (for the position written back), and what the move that led here changed (the
/// end rules that read nothing of it need not be asked again).
#[derive(Debug, Clone, Copy)]
pub struct BitState<S> {
    pub sets: S,
    pub mover: u8,
    passes: u8,
    changed: u8,
}

impl<S: PartialEq> PartialEq for BitState<S> {
    fn eq(&self, other: &Self) -> bool {
        self.sets == other.sets && self.mover == other.mover && self.passes == other.passes
    }
}

/// The rules in the bit form `G`, with the general generator underneath.
pub struct Bits<'p, G: BitGame> {
    runner: Runner<'p>,
    e: Rc<Engine<'p>>,
    game: G,
    kept: G::Kept,
    /// A position and its sets: [`Generator::position`] writes only the squares that
    /// changed from it (the start of a game, usually).
    base: (G::Sets, Position),
    /// The children [`Generator::move_keys`] made last ([`Generator::play_nth`] plays one
    /// of them without making them again).
    kids: Kids<G::Sets>,
}

/// The children of a state, kept once a second move is played from it (a search trying each
/// move in turn); a random game plays one move of each state, found alone.
struct Kids<S> {
    /// The state they are of (none: nothing kept).
    of: Option<BitState<S>>,
    list: Vec<BitState<S>>,
    /// The state the last move found alone was played from.
    played: Option<BitState<S>>,
}

impl<'p, G: BitGame> Bits<'p, G> {
    pub fn new(runner: Runner<'p>, game: G) -> Bits<'p, G> {
        let e = runner.engine().clone();
        let empty = Position::empty(e.g.n, e.p.piece_codes(), 0);
        Bits {
            base: (G::Sets::of(game.code(), &empty), empty),
            runner,
            e,
            game,
            kept: G::Kept::default(),
            kids: Kids {
                of: None,
                list: Vec::new(),
                played: None,
            },
        }
    }

    /// The general generator underneath.
    pub fn runner(&mut self) -> &mut Runner<'p> {
        &mut self.runner
    }

    /// The end rule that holds in `s`, asking only those that read what its last move
    /// changed.
    #[inline(always)]
    fn over(&self, s: &BitState<G::Sets>) -> Result<Option<usize>, RunError> {
        changed_over(&self.game, &self.e.g, s)
    }

    /// The state after a pass of the side to move of `s`, when it must pass.
    fn pass(&self, s: &BitState<G::Sets>) -> Option<BitState<G::Sets>> {
        pass(&self.game, &self.e.g, s)
    }

    /// Plays move `k` of those [`BitGame::moves`] kept for `s`, `mover` moving.
    #[inline(always)]
    fn play_kept(&self, s: &mut BitState<G::Sets>, mover: usize, k: u64) {
        let before = *s.sets.sides();
        self.game.play(&self.e.g, &mut s.sets, mover, &self.kept, k);
        s.changed = changed(&self.game, &before, s.sets.sides());
        s.mover = 1 - mover as u8;
    }

    /// The `k`-th move of `s` (a pass when the side to move must pass) played alone, as a
    /// random game plays one.
    fn play_alone(
        &mut self,
        s: &BitState<G::Sets>,
        k: usize,
    ) -> Result<BitState<G::Sets>, RunError> {
        let none = || RunError::new("there is no such legal move here");
        if self.over(s)?.is_some() {
            return Err(none());
        }
        let mover = s.mover as usize;
        let n = self.game.moves(&self.e.g, &s.sets, mover, &mut self.kept);
        if n == 0 {
            return self.pass(s).filter(|_| k == 0).ok_or_else(none);
        }
        if k as u64 >= n {
            return Err(none());
        }
        let mut next = *s;
        self.play_kept(&mut next, mover, k as u64);
        Ok(next)
    }

    /// The children of `s` in the order `each` (a way of [`BitGame`]'s to list moves)
    /// gives them, written over `out`.
    #[inline(always)]
    fn children_by(
        &mut self,
        s: &BitState<G::Sets>,
        out: &mut Vec<BitState<G::Sets>>,
        each: impl FnOnce(&G, &Geometry, &G::Sets, usize, &mut dyn FnMut(G::Sets)),
    ) -> Result<(), RunError> {
        self.runner.tick()?;
        out.clear();
        if self.over(s)?.is_some() {
            return Ok(());
        }
        let (mover, before) = (s.mover as usize, *s.sets.sides());
        each(&self.game, &self.e.g, &s.sets, mover, &mut |next| {
            out.push(child(&self.game, s, &before, next));
        });
        if out.is_empty()
            && let Some(passed) = self.pass(s)
        {
            out.push(passed);
        }
        Ok(())
    }
}

/// The end rule that holds in `s`, asking only those that read what its last move changed.
#[inline(always)]
fn changed_over<G: BitGame>(
    game: &G,
    g: &Geometry,
    s: &BitState<G::Sets>,
) -> Result<Option<usize>, RunError> {
    over(game.ends(), g, s.sets.sides(), s.mover as usize, s.changed)
}

/// The state a move of `s`'s side to move leads to: from `before` (`s`'s sides) to `next`.
#[inline(always)]
fn child<G: BitGame>(
    game: &G,
    s: &BitState<G::Sets>,
    before: &[SetsWord<G>; 2],
    next: G::Sets,
) -> BitState<G::Sets> {
    BitState {
        sets: next,
        mover: 1 - s.mover,
        passes: s.passes,
        changed: changed(game, before, next.sides()),
    }
}

/// What a move from sets `before` to `after` changed, as the end rules read it (nothing to
/// tell a game without end rules).
#[inline(always)]
fn changed<G: BitGame>(game: &G, before: &[SetsWord<G>; 2], after: &[SetsWord<G>; 2]) -> u8 {
    match game.ends().is_empty() {
        true => 0,
        false => changes(before, after),
    }
}

/// The word of a game's sets.
type SetsWord<G> = <<G as BitGame>::Sets as BitSets>::W;

/// The state after a pass of the side to move of `s`, when it must pass: it has no move
/// and the other side has one.
#[inline(always)]
fn pass<G: BitGame>(game: &G, g: &Geometry, s: &BitState<G::Sets>) -> Option<BitState<G::Sets>> {
    let other = 1 - s.mover as usize;
    (G::PASSES && game.count(g, &s.sets, other) > 0).then_some(BitState {
        sets: s.sets,
        mover: other as u8,
        passes: s.passes.saturating_add(1),
        changed: READS_MOVER,
    })
}

/// How many legal moves the side to move of `s` has (see [`Generator::count`]).
#[inline(always)]
fn count<G: BitGame>(
    runner: &mut Runner,
    game: &G,
    g: &Geometry,
    s: &BitState<G::Sets>,
) -> Result<u64, RunError> {
    runner.tick()?;
    if changed_over(game, g, s)?.is_some() {
        return Ok(0);
    }
    match game.count(g, &s.sets, s.mover as usize) {
        0 => Ok(u64::from(pass(game, g, s).is_some())),
        n => Ok(n),
    }
}

/// One ply of a random game with the side `M` to move (a constant, so that each side's
/// sets stay in registers).
#[inline(always)]
fn ply<const M: usize, G: BitGame>(
    bits: &mut Bits<'_, G>,
    s: &mut BitState<G::Sets>,
    rng: &mut Rng,
    seen: Option<&mut Seen>,
) -> Result<Ply, RunError> {
    let (game, g) = (&bits.game, &bits.e.g);
    if let Some(rule) = over(game.ends(), g, s.sets.sides(), M, s.changed)? {
        return Ok(Ply::Over(Some(Some(rule))));
    }
    let n = game.moves(g, &s.sets, M, &mut bits.kept);
    if n == 0 {
        return Ok(match bits.pass(s) {
            Some(passed) => {
                if let Some(seen) = seen {
                    seen.add(1);
                }
                *s = passed;
                Ply::Played
            }
            None => Ply::Over(Some(None)),
        });
    }
    if let Some(seen) = seen {
        seen.add(n);
    }
    bits.play_kept(s, M, rng.below(n));
    Ok(Ply::Played)
}

impl<'p, G: BitGame> Generator<'p> for Bits<'p, G> {
    type State = BitState<G::Sets>;

    fn engine(&self) -> &Rc<Engine<'p>> {
        &self.e
    }

    fn state(&mut self, pos: &Position) -> Self::State {
        let (base_sets, base) = &mut self.base;
        // The position read or written last (a learning environment asks about the
        // position it was just given) is not read again.
        if *base != *pos {
            *base_sets = G::Sets::of(self.game.code(), pos);
            match base.cells.len() == pos.cells.len() {
                true => base.copy_from(pos),
                false => *base = pos.clone(),
            }
        }
        BitState {
            sets: *base_sets,
            mover: pos.mover,
            passes: pos.passes,
            changed: EVERYTHING,
        }
    }

    fn position(&mut self, s: &Self::State) -> Position {
        let (base_sets, base) = &self.base;
        let end = self.runner.take_pos(base);
        let mut pos = s
            .sets
            .position(base_sets, self.game.code(), s.mover as usize, end);
        pos.passes = s.passes;
        // Kept as the base: the next position asked about is often this one.
        let (base_sets, base) = &mut self.base;
        base.copy_from(&pos);
        *base_sets = s.sets;
        pos
    }

    fn mover(&self, s: &Self::State) -> SideId {
        s.mover
    }

    fn key(&self, s: &Self::State) -> u64 {
        let keys = &self.e.keys;
        keys.mover[s.mover as usize] ^ s.sets.key(self.game.code(), keys)
    }

    fn end(&mut self, s: &Self::State) -> Result<Option<usize>, RunError> {
        let everything = BitState {
            changed: EVERYTHING,
            ..*s
        };
        self.over(&everything)
    }

    #[inline]
    fn count(&mut self, s: &Self::State) -> Result<u64, RunError> {
        count(&mut self.runner, &self.game, &self.e.g, s)
    }

    fn children(&mut self, s: &Self::State, out: &mut Vec<Self::State>) -> Result<(), RunError> {
        self.children_by(s, out, |game, g, sets, mover, then| {
            game.each(g, sets, mover, then)
        })
    }

    fn children_unordered(
        &mut self,
        s: &Self::State,
        out: &mut Vec<Self::State>,
    ) -> Result<(), RunError> {
        self.children_by(s, out, |game, g, sets, mover, then| {
            game.each_any(g, sets, mover, then)
        })
    }

    /// Counted child by child as each is found, without making the list.
    fn count_children(
        &mut self,
        s: &Self::State,
        _: &mut Vec<Self::State>,
    ) -> Result<u64, RunError> {
        self.runner.tick()?;
        if self.over(s)?.is_some() {
            return Ok(0);
        }
        let Bits {
            runner, game, e, ..
        } = self;
        let (mover, before) = (s.mover as usize, *s.sets.sides());
        let (mut total, mut moves) = (Ok(0u64), 0u64);
        game.each_any(&e.g, &s.sets, mover, |next| {
            moves += 1;
            let Ok(sum) = total else { return };
            let after = child(game, s, &before, next);
            total = count(runner, game, &e.g, &after)
                .and_then(|n| sum.checked_add(n).ok_or_else(count_overflow));
        });
        match (moves, pass(game, &e.g, s)) {
            (0, Some(passed)) => count(runner, game, &e.g, &passed),
            _ => total,
        }
    }

    fn move_keys(&mut self, s: &Self::State, out: &mut Vec<MoveKey>) -> Result<bool, RunError> {
        if !G::SINGLE_STEPS {
            return Ok(false);
        }
        let mover = s.mover as usize;
        let kind = self.e.p.kind_of(self.game.code()[mover]);
        let key = |from, to| MoveKey { from, to, kind };
        self.runner.tick()?;
        out.clear();
        if self.over(s)?.is_some() {
            return Ok(true);
        }
        match self.game.placements(&self.e.g, &s.sets, mover) {
            // Named by their squares alone: [`Generator::play_nth`] plays the one taken.
            Some(targets) => sets::each_square(targets, |to| out.push(key(NONE, to.first()))),
            None => self
                .game
                .each_keyed(&self.e.g, &s.sets, mover, |_, from, to| {
                    out.push(key(from, to))
                }),
        }
        if out.is_empty() && self.pass(s).is_some() {
            out.push(key(NONE, NONE));
        }
        Ok(true)
    }

    /// Marks the end rules asked: a move changes what they read again ([`changed`]).
    fn count_settled(&mut self, s: &mut Self::State) -> Result<u64, RunError> {
        let n = count(&mut self.runner, &self.game, &self.e.g, s)?;
        if n > 0 {
            // No end rule holds: none need be asked again until a move changes something.
            s.changed = 0;
        }
        Ok(n)
    }

    /// Played alone, as a random game plays a move: its squares read off the sets before
    /// and after it.
    fn nth_keyed(
        &mut self,
        s: &Self::State,
        k: usize,
    ) -> Result<Option<(MoveKey, Self::State)>, RunError> {
        if !G::SINGLE_STEPS {
            return Ok(None);
        }
        self.runner.tick()?;
        let next = self.play_alone(s, k)?;
        let mover = s.mover as usize;
        let kind = self.e.p.kind_of(self.game.code()[mover]);
        // A pass changes no set: no square left, none landed on.
        let (from, to) = move_squares(s.sets.sides(), next.sets.sides(), mover);
        Ok(Some((MoveKey { from, to, kind }, next)))
    }

    /// The `k`-th move played alone, as a random game plays one; from the second move
    /// played from one state on, the state's children, made once and kept.
    fn play_nth(&mut self, s: &Self::State, k: usize) -> Result<Self::State, RunError> {
        let none = || RunError::new("there is no such legal move here");
        if self.kids.of.as_ref() == Some(s) {
            return self.kids.list.get(k).copied().ok_or_else(none);
        }
        if self.kids.played.as_ref() == Some(s) {
            // Kept for no state while they are made (a budget may stop the making).
            self.kids.of = None;
            let mut list = std::mem::take(&mut self.kids.list);
            let made = self.children(s, &mut list);
            self.kids.list = list;
            made?;
            self.kids.of = Some(*s);
            return self.kids.list.get(k).copied().ok_or_else(none);
        }
        self.kids.played = Some(*s);
        self.play_alone(s, k)
    }

    /// The move made on the position by the general generator (a move's steps are its
    /// language), read back into sets: the same child, without listing the others.
    fn play(&mut self, s: &Self::State, steps: &[Step]) -> Result<Self::State, RunError> {
        let pos = self.position(s);
        let next = self.runner.play(&pos, steps);
        self.runner.recycle(pos);
        let next = next?;
        let child = self.state(&next);
        self.runner.recycle(next);
        Ok(child)
    }

    fn moves(
        &mut self,
        s: &Self::State,
        limit: usize,
        out: &mut Vec<Vec<Step>>,
    ) -> Result<u64, RunError> {
        let pos = self.position(s);
        let found = self.runner.moves(&pos, limit, out);
        self.runner.recycle(pos);
        found
    }

    fn recycle_moves(&mut self, moves: &mut Vec<Vec<Step>>) {
        self.runner.recycle_steps(moves);
    }

    #[inline]
    fn random_ply(
        &mut self,
        s: &mut Self::State,
        rng: &mut Rng,
        seen: Option<&mut Seen>,
    ) -> Result<Ply, RunError> {
        self.runner.tick()?;
        match s.mover {
            0 => ply::<0, G>(self, s, rng, seen),
            _ => ply::<1, G>(self, s, rng, seen),
        }
    }

    fn ending(&mut self, pos: &Position, known: Known) -> Result<Ending, RunError> {
        self.runner.ending(pos, known)
    }

    fn remember(&mut self, _: &Self::State) {
        // Bit forms have no rule against repeating a position: nothing to remember.
    }

    fn forget_last(&mut self) {}

    fn forget_game(&mut self) {}

    fn recycle(&mut self, pos: Position) {
        self.runner.recycle(pos);
    }
}
