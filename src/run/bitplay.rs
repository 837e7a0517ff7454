//! Random playouts of a game compiled to bits ([`crate::compile::bitboard`]): the pieces of
//! each side as one set of squares, the legal placements of a side as directional fills,
//! the runs a placement flips by walking the set. The game played is the one the general
//! playout plays with the same random numbers: the legal moves are numbered in square order,
//! as the generator lists them, and one number below their count picks the move.

use super::eval::overflow;
use super::playout::{Played, Rng, Seen};
use super::position::Position;
use super::search::{RunError, Runner};
use super::walk::count_overflow;
use crate::compile::bitboard::{
    BitEnds, BitExpr, BitForm, FlipGame, PlaceGame, READS_EMPTY, READS_MOVER, READS_SIDE, StepGame,
};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all, back, forward};
use crate::program::{C_EMPTY, C_ENEMY, CellMask, Code, DirId, EMPTY, Op, SideId};

/// The empty squares where a side with pieces `own` may place, against `enemy`: those from
/// which, along a direction, a run of enemy pieces is closed by an own piece.
fn placements<W: Word>(g: &Geometry, f: &FlipGame, dirs: &[DirId], own: W, enemy: W) -> W {
    let empty = all::<W>(g) & !(own | enemy);
    let mut out = W::ZERO;
    for &d in dirs {
        // Enemy squares from which the way along `d` goes over enemies to an own piece.
        let mut closed = enemy & back(g, own, d);
        for _ in 2..f.longest {
            let more = closed | (enemy & back(g, closed, d));
            if more == closed {
                break;
            }
            closed = more;
        }
        out |= empty & back(g, closed, d);
    }
    out
}

/// The enemy pieces a placement on `sq` (a set of one square) turns.
fn flipped<W: Word>(g: &Geometry, dirs: &[DirId], sq: W, own: W, enemy: W) -> W {
    let mut out = W::ZERO;
    for &d in dirs {
        let mut run = W::ZERO;
        let mut at = forward(g, sq, d);
        while at & enemy != W::ZERO {
            run |= at;
            at = forward(g, at, d);
        }
        if at & own != W::ZERO {
            out |= run;
        }
    }
    out
}

/// A random game from `start`, `done` plies into the game, as [`super::playout::playout_from`]
/// plays it, on the smallest word the board fits.
pub fn playout(
    runner: &mut Runner,
    form: &BitForm,
    start: &Position,
    done: u32,
    play: (&mut Rng, Option<&mut Seen>),
) -> Result<Played, RunError> {
    let small = runner.engine().g.n <= 64;
    match form {
        BitForm::Flip(f) if small => flip_playout::<u64>(runner, f, start, done, play),
        BitForm::Flip(f) => flip_playout::<u128>(runner, f, start, done, play),
        BitForm::Step(f) if small => ended_playout::<[u64; 2], _>(runner, f, start, done, play),
        BitForm::Step(f) => ended_playout::<[u128; 2], _>(runner, f, start, done, play),
        BitForm::Place(f) if small => super::bitplace::playout::<u64>(runner, f, start, done, play),
        BitForm::Place(f) => super::bitplace::playout::<u128>(runner, f, start, done, play),
        BitForm::Jump(f) => super::bitjump::playout(runner, f, start, done, play),
    }
}

/// The number of move sequences of exactly `depth` plies from `pos`, as [`Runner::perft`]
/// counts them, on the smallest word the board fits.
pub fn perft(
    runner: &mut Runner,
    form: &BitForm,
    pos: &Position,
    depth: u32,
) -> Result<u64, RunError> {
    let small = runner.engine().g.n <= 64;
    match form {
        BitForm::Flip(f) if small => flip_perft::<u64>(runner, f, pos, depth),
        BitForm::Flip(f) => flip_perft::<u128>(runner, f, pos, depth),
        BitForm::Step(f) if small => ended_perft::<[u64; 2], _>(runner, f, pos, depth),
        BitForm::Step(f) => ended_perft::<[u128; 2], _>(runner, f, pos, depth),
        BitForm::Place(f) if small => ended_perft::<[u64; 2], _>(runner, f, pos, depth),
        BitForm::Place(f) => ended_perft::<[u128; 2], _>(runner, f, pos, depth),
        BitForm::Jump(f) => super::bitjump::perft(runner, f, pos, depth),
    }
}

/// [`playout`] of a flip game on sets of the word `W`.
fn flip_playout<W: Word>(
    runner: &mut Runner,
    f: &FlipGame,
    start: &Position,
    done: u32,
    (rng, mut seen): (&mut Rng, Option<&mut Seen>),
) -> Result<Played, RunError> {
    let e = runner.engine().clone();
    let (g, limit) = (&e.g, e.ply_limit());
    let mut sets: [W; 2] = sets_of(&f.code, start);
    let first = sets;
    let (mut mover, mut passes) = (start.mover as usize, start.passes);
    let mut plies = done;
    let mut ended = false;
    let moves_of =
        |side: usize, sets: &[W; 2]| placements(g, f, &f.dirs[side], sets[side], sets[1 - side]);
    while plies < limit {
        runner.tick()?;
        let moves = moves_of(mover, &sets);
        if let Some(seen) = seen.as_deref_mut() {
            let n = match moves.count() {
                0 => u32::from(moves_of(1 - mover, &sets) != W::ZERO),
                n => n,
            };
            if n > 0 {
                seen.moves += u64::from(n);
                seen.positions += 1;
            }
        }
        if moves != W::ZERO {
            let sq = moves.nth(rng.below(u64::from(moves.count())) as u32);
            let (own, enemy) = (sets[mover], sets[1 - mover]);
            let turned = flipped(g, &f.dirs[mover], sq, own, enemy);
            sets[mover] = own | turned | sq;
            sets[1 - mover] = enemy & !turned;
        } else if moves_of(1 - mover, &sets) != W::ZERO {
            passes = passes.saturating_add(1);
        } else {
            ended = true;
            break;
        }
        mover = 1 - mover;
        plies += 1;
    }
    let limited = !ended
        && seen.is_some()
        && (moves_of(mover, &sets) | moves_of(1 - mover, &sets)) != W::ZERO;
    let end = runner.take_pos(start);
    let mut end = position_of(&f.code, (&first, &sets), mover, end);
    end.passes = passes;
    Ok(Played {
        end,
        plies: plies - done,
        limited,
        // The game has no end rules.
        end_rule: Some(None),
    })
}

/// [`perft`] of a flip game on sets of the word `W` (a pass is a ply when the other side
/// can move; a game that ends earlier counts nothing).
fn flip_perft<W: Word>(
    runner: &mut Runner,
    f: &FlipGame,
    pos: &Position,
    depth: u32,
) -> Result<u64, RunError> {
    let e = runner.engine().clone();
    let sets: [W; 2] = sets_of(&f.code, pos);
    let mover = pos.mover as usize;
    count(
        runner,
        &e.g,
        f,
        [sets[mover], sets[1 - mover]],
        mover,
        depth,
    )
}

/// [`perft`] of the position where the side `mover` has the pieces `sets[0]` and the other
/// side `sets[1]`.
fn count<W: Word>(
    runner: &mut Runner,
    g: &Geometry,
    f: &FlipGame,
    sets: [W; 2],
    mover: usize,
    depth: u32,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    runner.tick()?;
    let [own, enemy] = sets;
    let moves = placements(g, f, &f.dirs[mover], own, enemy);
    if moves == W::ZERO {
        let other = placements(g, f, &f.dirs[1 - mover], enemy, own);
        return match other {
            o if o == W::ZERO => Ok(0),
            _ if depth == 1 => Ok(1),
            _ => count(runner, g, f, [enemy, own], 1 - mover, depth - 1),
        };
    }
    if depth == 1 {
        return Ok(u64::from(moves.count()));
    }
    let mut total = 0u64;
    let mut m = moves;
    while m != W::ZERO {
        let sq = m.lowest();
        m = m.rest();
        let turned = flipped(g, &f.dirs[mover], sq, own, enemy);
        let next = [enemy & !turned, own | turned | sq];
        total = total
            .checked_add(count(runner, g, f, next, 1 - mover, depth - 1)?)
            .ok_or_else(count_overflow)?;
    }
    Ok(total)
}

/// The value of a bit-form expression for the sets `sets` (indexed by side), `mover` to move.
fn value<W: Word>(e: &BitExpr, g: &Geometry, sets: &[W; 2], mover: usize) -> Result<i64, RunError> {
    Ok(match e {
        BitExpr::Int(v) => *v,
        BitExpr::Not(x) => i64::from(value(x, g, sets, mover)? == 0),
        BitExpr::Neg(x) => value(x, g, sets, mover)?
            .checked_neg()
            .ok_or_else(overflow)?,
        BitExpr::ToMove(s) => i64::from(*s as usize == mover),
        BitExpr::Count(per_viewer) => i64::from(within(per_viewer, sets, mover).count()),
        BitExpr::Any(per_viewer) => i64::from(within(per_viewer, sets, mover) != W::ZERO),
        BitExpr::No(per_viewer) => i64::from(within(per_viewer, sets, mover) == W::ZERO),
        BitExpr::InARow(per_viewer, rows) => {
            let members = match per_viewer[mover] {
                Some(s) => sets[s],
                None => all::<W>(g) & !(sets[0] | sets[1]),
            };
            i64::from(rows.any(members))
        }
        BitExpr::Bin(op, a, b) => {
            let x = value(a, g, sets, mover)?;
            match op {
                Op::And if x == 0 => return Ok(0),
                Op::Or if x != 0 => return Ok(1),
                _ => {}
            }
            super::eval::binary(*op, x, value(b, g, sets, mover)?)?
        }
    })
}

/// The squares of a counted set (as the side to move sees it) inside its mask.
#[inline(always)]
fn within<W: Word>(per_viewer: &[(Option<usize>, u128); 2], sets: &[W; 2], mover: usize) -> W {
    let (set, mask) = per_viewer[mover];
    let squares = match set {
        Some(s) => sets[s],
        None => !(sets[0] | sets[1]),
    };
    squares & W::of(mask)
}

/// Whether an end rule holds with `mover` to move, asking only the rules that read
/// something in `changed` (what the last move changed, as [`changes`] tells; the others were
/// found false before it).
#[inline(always)]
pub(super) fn over<W: Word>(
    ends: &BitEnds,
    g: &Geometry,
    sets: &[W; 2],
    mover: usize,
    changed: u8,
) -> Result<Option<usize>, RunError> {
    for (i, end) in ends.iter().enumerate() {
        if end.reads & changed != 0 && holds(&end.rule, g, sets, mover)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// Whether an end rule holds: the tests games end on most often answered in place, the
/// rest by [`value`].
#[inline(always)]
fn holds<W: Word>(
    e: &BitExpr,
    g: &Geometry,
    sets: &[W; 2],
    mover: usize,
) -> Result<bool, RunError> {
    Ok(match e {
        BitExpr::Any(per_viewer) => within(per_viewer, sets, mover) != W::ZERO,
        BitExpr::No(per_viewer) => within(per_viewer, sets, mover) == W::ZERO,
        BitExpr::InARow([Some(s), _], rows) if mover == 0 => rows.any(sets[*s]),
        BitExpr::InARow([_, Some(s)], rows) if mover == 1 => rows.any(sets[*s]),
        _ => value(e, g, sets, mover)? != 0,
    })
}

/// Everything an end rule can read: for a position not reached by a known move.
pub(super) const EVERYTHING: u8 = READS_SIDE | READS_SIDE << 1 | READS_EMPTY | READS_MOVER;

/// What a move from `before` to `after` changed, as [`crate::compile::bitboard::BitEnd::reads`] names it (the side
/// to move always changes).
#[inline(always)]
fn changes<W: Word>(before: &[W; 2], after: &[W; 2]) -> u8 {
    let differs = |a: W, b: W, bit: u8| if a != b { bit } else { 0 };
    READS_MOVER
        | differs(before[0], after[0], READS_SIDE)
        | differs(before[1], after[1], READS_SIDE << 1)
        | differs(before[0] | before[1], after[0] | after[1], READS_EMPTY)
}

/// The squares a step may land on: the empty ones, the enemy ones, or both.
#[inline(always)]
pub(super) fn landing<W: Word>(onto: CellMask, empty: W, enemy: W) -> W {
    let pick = |class: CellMask, set: W| if onto & class != 0 { set } else { W::ZERO };
    pick(C_EMPTY, empty) | pick(C_ENEMY, enemy)
}

/// Per action and direction of `mover`, in the generator's order, the pieces that have a
/// step there; returns how many steps there are in all.
fn sources<W: Word>(
    g: &Geometry,
    f: &StepGame,
    sets: &[W; 2],
    mover: usize,
    out: &mut Vec<u128>,
) -> u64 {
    out.clear();
    let (own, enemy) = (sets[mover], sets[1 - mover]);
    let empty = all::<W>(g) & !(own | enemy);
    let mut n = 0;
    for (dirs, onto) in &f.actions[mover] {
        let targets = landing(*onto, empty, enemy);
        for &d in dirs {
            let from = own & back(g, targets, d);
            n += u64::from(from.count());
            out.push(from.wide());
        }
    }
    n
}

/// The `k`-th step (from 0) in the generator's order, which takes the actions in turn, the
/// pieces of each in square order and each piece's directions in turn: its square (as a
/// bit) and direction. `masks` has, per action and direction, the pieces with a step there.
pub(super) fn kth_step<'a>(
    actions: impl IntoIterator<Item = &'a [DirId]>,
    masks: &[u128],
    mut k: u32,
) -> (u128, DirId) {
    let mut at = 0;
    for dirs in actions {
        let masks = &masks[at..at + dirs.len()];
        at += dirs.len();
        let here: u32 = masks.iter().map(|m| m.count_ones()).sum();
        if k >= here {
            k -= here;
            continue;
        }
        let mut pieces = masks.iter().fold(0, |u, m| u | m);
        loop {
            let piece = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            for (i, m) in masks.iter().enumerate() {
                if m & piece != 0 {
                    if k == 0 {
                        return (piece, dirs[i]);
                    }
                    k -= 1;
                }
            }
        }
    }
    unreachable!("k is below the number of steps")
}

/// The squares of each code's pieces as bits (each side's, or each side's of each kind).
pub(super) fn sets_of<W: Word, const N: usize>(code: &[Code], pos: &Position) -> [W; N] {
    let mut sets = [W::ZERO; N];
    for (sq, &c) in pos.cells.iter().enumerate() {
        if let Some(i) = code.iter().position(|&k| k == c) {
            sets[i] |= W::ONE << sq as u32;
        }
    }
    sets
}

/// `end`, whose pieces are `before` (the squares of each code's pieces), given the pieces
/// of `sets` and `mover` to move.
pub(super) fn position_of<W: Word, const N: usize>(
    code: &[Code],
    (before, sets): (&[W; N], &[W; N]),
    mover: usize,
    mut end: Position,
) -> Position {
    let mut changed = W::ZERO;
    for i in 0..N {
        changed |= before[i] ^ sets[i];
    }
    // Each set's new squares, then the squares left empty: loops over squares of one
    // code each, with no branch on which code a square has. The cells are written
    // directly and each code's count moved by the squares it gained and lost (`end`'s
    // counts are those of `before`).
    let mut left = changed;
    for i in 0..N {
        let gained = changed & sets[i];
        left &= !gained;
        let count = &mut end.counts[code[i] as usize];
        *count = *count + gained.count() - (changed & before[i]).count();
        let mut squares = gained;
        while squares != W::ZERO {
            end.cells[squares.first() as usize] = code[i];
            squares = squares.rest();
        }
    }
    while left != W::ZERO {
        end.cells[left.first() as usize] = EMPTY;
        left = left.rest();
    }
    end.mover = mover as SideId;
    end
}

/// The squares `mover` may place on: empty ones where every `where` test holds.
fn place_targets<W: Word>(g: &Geometry, f: &PlaceGame, sets: &[W; 2], mover: usize) -> W {
    match mover {
        0 => super::bitplace::targets::<0, W>(g, f, sets),
        _ => super::bitplace::targets::<1, W>(g, f, sets),
    }
}

/// A position of a game in bit form: each side's pieces, and what else its moves read.
pub(super) trait BitSets: Copy {
    type W: Word;
    /// The sets of a position whose pieces have the codes `code` (in the order the game
    /// gives them).
    fn of(code: &[Code], pos: &Position) -> Self;
    /// `end`, whose pieces are `before`, given these pieces and `mover` to move.
    fn position(&self, before: &Self, code: &[Code], mover: usize, end: Position) -> Position;
    /// Each side's pieces (what the end rules count).
    fn sides(&self) -> [Self::W; 2];
}

impl<W: Word> BitSets for [W; 2] {
    type W = W;

    fn of(code: &[Code], pos: &Position) -> Self {
        sets_of(code, pos)
    }

    fn position(&self, before: &Self, code: &[Code], mover: usize, end: Position) -> Position {
        position_of(code, (before, self), mover, end)
    }

    fn sides(&self) -> [W; 2] {
        *self
    }
}

/// What a game in bit form keeps between counting the moves of a position and playing
/// one: sets of squares, and whether some move jumps.
#[derive(Debug, Default)]
pub(super) struct BitLists {
    pub masks: Vec<u128>,
    pub jumps: bool,
}

/// A game in bit form that ends by its end rules or when the side to move has no move
/// (single steps, placements, steps and jumps), played on the sets `S`: what its perft
/// needs of it.
pub(super) trait Counted<S: BitSets> {
    /// The codes of the pieces, in the order [`BitSets::of`] reads them.
    fn code(&self) -> &[Code];
    fn ends(&self) -> &BitEnds;
    /// How many moves `mover` has; `lists` keeps what [`Ended::play`] needs, for a game
    /// that plays its moves from them.
    fn count(&self, g: &Geometry, sets: &S, mover: usize, lists: &mut BitLists) -> u64;
    /// The sets after each move of `mover`, in any order.
    fn each(
        &self,
        g: &Geometry,
        sets: S,
        mover: usize,
        then: &mut dyn FnMut(S) -> Result<(), RunError>,
    ) -> Result<(), RunError>;
}

/// A [`Counted`] game whose playouts [`ended_playout`] plays: what they need of it besides.
/// (Placement games play their own loop, [`super::bitplace`].)
pub(super) trait Ended<S: BitSets>: Counted<S> {
    /// [`Counted::count`] where a move is played next (a game may count faster without
    /// keeping what [`Ended::play`] needs).
    fn moves(&self, g: &Geometry, sets: &S, mover: usize, lists: &mut BitLists) -> u64 {
        self.count(g, sets, mover, lists)
    }
    /// Plays the `k`-th move (from 0) in the generator's order, after [`Ended::moves`].
    fn play(&self, g: &Geometry, sets: &mut S, mover: usize, lists: &BitLists, k: u64);
}

impl<W: Word> Counted<[W; 2]> for StepGame {
    fn code(&self) -> &[Code] {
        &self.code
    }

    fn ends(&self) -> &BitEnds {
        &self.ends
    }

    fn count(&self, g: &Geometry, sets: &[W; 2], mover: usize, lists: &mut BitLists) -> u64 {
        sources(g, self, sets, mover, &mut lists.masks)
    }

    fn each(
        &self,
        g: &Geometry,
        sets: [W; 2],
        mover: usize,
        then: &mut dyn FnMut([W; 2]) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let (own, enemy) = (sets[mover], sets[1 - mover]);
        let empty = all::<W>(g) & !(own | enemy);
        for (dirs, onto) in &self.actions[mover] {
            let targets = landing(*onto, empty, enemy);
            for &d in dirs {
                let mut from = own & back(g, targets, d);
                while from != W::ZERO {
                    let sq = from.lowest();
                    from = from.rest();
                    let to = forward(g, sq, d);
                    let mut next = sets;
                    next[mover] = own & !sq | to;
                    next[1 - mover] = enemy & !to;
                    then(next)?;
                }
            }
        }
        Ok(())
    }
}

impl<W: Word> Ended<[W; 2]> for StepGame {
    fn play(&self, g: &Geometry, sets: &mut [W; 2], mover: usize, lists: &BitLists, k: u64) {
        let dirs = self.actions[mover].iter().map(|(dirs, _)| &dirs[..]);
        let (from, d) = kth_step(dirs, &lists.masks, k as u32);
        let from = W::of(from);
        let to = forward(g, from, d);
        sets[mover] = sets[mover] & !from | to;
        sets[1 - mover] &= !to;
    }
}

impl<W: Word> Counted<[W; 2]> for PlaceGame {
    fn code(&self) -> &[Code] {
        &self.code
    }

    fn ends(&self) -> &BitEnds {
        &self.ends
    }

    fn count(&self, g: &Geometry, sets: &[W; 2], mover: usize, _: &mut BitLists) -> u64 {
        u64::from(place_targets(g, self, sets, mover).count())
    }

    fn each(
        &self,
        g: &Geometry,
        sets: [W; 2],
        mover: usize,
        then: &mut dyn FnMut([W; 2]) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let mut targets = place_targets(g, self, &sets, mover);
        while targets != W::ZERO {
            let sq = targets.lowest();
            targets = targets.rest();
            let mut next = sets;
            next[mover] |= sq;
            then(next)?;
        }
        Ok(())
    }
}

/// [`playout`] of a game that [`Ended`] describes, on the sets `S`.
pub(super) fn ended_playout<S: BitSets, G: Ended<S>>(
    runner: &mut Runner,
    f: &G,
    start: &Position,
    done: u32,
    (rng, mut seen): (&mut Rng, Option<&mut Seen>),
) -> Result<Played, RunError> {
    let e = runner.engine().clone();
    let (g, limit) = (&e.g, e.ply_limit());
    let mut sets = S::of(f.code(), start);
    let first = sets;
    let mut mover = start.mover as usize;
    let (mut plies, mut ended) = (done, false);
    // The runner's buffers, given back at the end (after an error, new ones are made).
    let mut lists = std::mem::take(&mut runner.scratch.bits);
    let (mut changed, mut end_rule) = (EVERYTHING, None);
    while plies < limit {
        runner.tick()?;
        // The side to move as a constant, so that each side's sets stay in registers.
        let turn = (
            &mut sets,
            &mut changed,
            &mut lists,
            &mut *rng,
            seen.as_deref_mut(),
        );
        let played = match mover {
            0 => turn_of::<0, S, G>(f, g, turn)?,
            _ => turn_of::<1, S, G>(f, g, turn)?,
        };
        if let Err(rule) = played {
            (end_rule, ended) = (rule, true);
            break;
        }
        mover = 1 - mover;
        plies += 1;
    }
    let limited = !ended
        && seen.is_some()
        && over(f.ends(), g, &sets.sides(), mover, EVERYTHING)?.is_none()
        && f.count(g, &sets, mover, &mut lists) > 0;
    runner.scratch.bits = lists;
    Ok(Played {
        end: sets.position(&first, f.code(), mover, runner.take_pos(start)),
        plies: plies - done,
        limited,
        // A game stopped by the ply limit was not asked after its last move.
        end_rule: ended.then_some(end_rule),
    })
}

/// What one ply of a playout works on: the sets, what the last move changed, the lists
/// kept between counting and playing, the random numbers and the counts of moves seen.
type Turn<'a, S> = (
    &'a mut S,
    &'a mut u8,
    &'a mut BitLists,
    &'a mut Rng,
    Option<&'a mut Seen>,
);

/// One ply of [`ended_playout`] with the side `M` to move: `Ok(Ok(()))` when a move was
/// played, `Ok(Err(rule))` when the game is over (by the end rule `rule`, or with no
/// move).
#[inline(always)]
fn turn_of<const M: usize, S: BitSets, G: Ended<S>>(
    f: &G,
    g: &Geometry,
    (sets, changed, lists, rng, seen): Turn<'_, S>,
) -> Result<Result<(), Option<usize>>, RunError> {
    if let Some(rule) = over(f.ends(), g, &sets.sides(), M, *changed)? {
        return Ok(Err(Some(rule)));
    }
    let n = f.moves(g, sets, M, lists);
    if n == 0 {
        return Ok(Err(None));
    }
    if let Some(seen) = seen {
        seen.moves += n;
        seen.positions += 1;
    }
    let before = sets.sides();
    f.play(g, sets, M, lists, rng.below(n));
    *changed = changes(&before, &sets.sides());
    Ok(Ok(()))
}

/// [`perft`] of a game that [`Counted`] describes, on the sets `S`.
pub(super) fn ended_perft<S: BitSets, G: Counted<S>>(
    runner: &mut Runner,
    f: &G,
    pos: &Position,
    depth: u32,
) -> Result<u64, RunError> {
    let e = runner.engine().clone();
    let sets = S::of(f.code(), pos);
    let mut lists = std::mem::take(&mut runner.scratch.bits);
    let mover = pos.mover as usize;
    let at = (sets, mover, EVERYTHING);
    let found = ended_count(runner, &e.g, f, at, depth, &mut lists);
    runner.scratch.bits = lists;
    found
}

/// [`ended_perft`] of the position of `sets`, `mover` to move, reached by a move that
/// changed `changed` (see [`changes`]): the last ply counted, the others made on the sets
/// themselves.
fn ended_count<S: BitSets, G: Counted<S>>(
    runner: &mut Runner,
    g: &Geometry,
    f: &G,
    (sets, mover, changed): (S, usize, u8),
    depth: u32,
    lists: &mut BitLists,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    runner.tick()?;
    if over(f.ends(), g, &sets.sides(), mover, changed)?.is_some() {
        return Ok(0);
    }
    if depth == 1 {
        return Ok(f.count(g, &sets, mover, lists));
    }
    let mut total = 0u64;
    let sides = sets.sides();
    f.each(g, sets, mover, &mut |next| {
        let at = (next, 1 - mover, changes(&sides, &next.sides()));
        let n = ended_count(runner, g, f, at, depth - 1, lists)?;
        total = total.checked_add(n).ok_or_else(count_overflow)?;
        Ok(())
    })?;
    Ok(total)
}
