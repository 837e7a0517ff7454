//! Random playouts of a game compiled to bits ([`crate::compile::bitboard`]): the pieces of
//! each side as one set of squares, the legal placements of a side as directional fills,
//! the runs a placement flips by walking the set. The game played is the one the general
//! playout plays with the same random numbers: the legal moves are numbered in square order,
//! as the generator lists them, and one number below their count picks the move.

use super::eval::overflow;
use super::playout::{Played, Rng, Seen};
use super::position::Position;
use super::search::{RunError, Runner};
use crate::compile::bitboard::{BitExpr, FlipGame, PlaceGame, StepGame};
use crate::compile::geometry::Geometry;
use crate::program::{C_EMPTY, C_ENEMY, C_OWN, CellMask, Code, DirId, EMPTY, Op, SideId};

/// `set` moved one step along `d` (squares whose step leaves the board drop out).
#[inline(always)]
pub(super) fn forward(g: &Geometry, set: u128, d: DirId) -> u128 {
    let m = set & g.step_bits[d as usize];
    let stride = g.stride[d as usize];
    if stride >= 0 {
        m << stride
    } else {
        m >> -stride
    }
}

/// The empty squares where a side with pieces `own` may place, against `enemy`: those from
/// which, along a direction, a run of enemy pieces is closed by an own piece.
fn placements(g: &Geometry, f: &FlipGame, dirs: &[DirId], own: u128, enemy: u128) -> u128 {
    let empty = all_squares(g) & !(own | enemy);
    let mut out = 0;
    for &d in dirs {
        // Enemy squares from which the way along `d` goes over enemies to an own piece.
        let mut closed = enemy & g.step_back(own, d);
        for _ in 2..f.longest {
            let more = closed | (enemy & g.step_back(closed, d));
            if more == closed {
                break;
            }
            closed = more;
        }
        out |= empty & g.step_back(closed, d);
    }
    out
}

/// Every square of the board, as bits.
#[inline(always)]
pub(super) fn all_squares(g: &Geometry) -> u128 {
    if g.n == 128 {
        u128::MAX
    } else {
        (1u128 << g.n) - 1
    }
}

/// The enemy pieces a placement on `sq` turns.
fn flipped(g: &Geometry, dirs: &[DirId], sq: u32, own: u128, enemy: u128) -> u128 {
    let mut out = 0;
    for &d in dirs {
        let mut run = 0;
        let mut at = forward(g, 1u128 << sq, d);
        while at & enemy != 0 {
            run |= at;
            at = forward(g, at, d);
        }
        if at & own != 0 {
            out |= run;
        }
    }
    out
}

/// A random game from `start`, `done` plies into the game, as [`super::playout::playout_from`]
/// plays it.
pub fn playout(
    runner: &mut Runner,
    f: &FlipGame,
    start: &Position,
    done: u32,
    rng: &mut Rng,
    mut seen: Option<&mut Seen>,
) -> Result<Played, RunError> {
    let e = runner.engine().clone();
    let (g, limit) = (&e.g, e.p.game.as_ref().and_then(|g| g.stop_after));
    let limit = limit.unwrap_or(u32::MAX);
    let mut sets = sets_of(&f.code, start);
    let (mut mover, mut passes) = (start.mover as usize, start.passes);
    let mut plies = done;
    let mut ended = false;
    let moves_of =
        |side: usize, sets: &[u128; 2]| placements(g, f, &f.dirs[side], sets[side], sets[1 - side]);
    while plies < limit {
        runner.tick()?;
        let moves = moves_of(mover, &sets);
        if let Some(seen) = seen.as_deref_mut() {
            let n = match moves.count_ones() {
                0 => u32::from(moves_of(1 - mover, &sets) != 0),
                n => n,
            };
            if n > 0 {
                seen.moves += u64::from(n);
                seen.positions += 1;
            }
        }
        if moves != 0 {
            let mut m = moves;
            for _ in 0..rng.below(u64::from(moves.count_ones())) {
                m &= m - 1;
            }
            let sq = m.trailing_zeros();
            let (own, enemy) = (sets[mover], sets[1 - mover]);
            let turned = flipped(g, &f.dirs[mover], sq, own, enemy);
            sets[mover] = own | turned | 1 << sq;
            sets[1 - mover] = enemy & !turned;
        } else if moves_of(1 - mover, &sets) != 0 {
            passes = passes.saturating_add(1);
        } else {
            ended = true;
            break;
        }
        mover = 1 - mover;
        plies += 1;
    }
    let limited =
        !ended && seen.is_some() && (moves_of(mover, &sets) | moves_of(1 - mover, &sets)) != 0;
    let mut end = position_of(&f.code, &sets, mover, start);
    end.passes = passes;
    Ok(Played {
        end,
        plies: plies - done,
        limited,
    })
}

/// The number of move sequences of exactly `depth` plies from `pos`, as
/// [`Runner::perft`] counts them (a pass is a ply when the other side can move; a game that
/// ends earlier counts nothing).
pub fn perft(
    runner: &mut Runner,
    f: &FlipGame,
    pos: &Position,
    depth: u32,
) -> Result<u64, RunError> {
    let e = runner.engine().clone();
    let sets: [u128; 2] = sets_of(&f.code, pos);
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
fn count(
    runner: &mut Runner,
    g: &Geometry,
    f: &FlipGame,
    sets: [u128; 2],
    mover: usize,
    depth: u32,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    runner.tick()?;
    let [own, enemy] = sets;
    let moves = placements(g, f, &f.dirs[mover], own, enemy);
    if moves == 0 {
        let other = placements(g, f, &f.dirs[1 - mover], enemy, own);
        return match other {
            0 => Ok(0),
            _ if depth == 1 => Ok(1),
            _ => count(runner, g, f, [enemy, own], 1 - mover, depth - 1),
        };
    }
    if depth == 1 {
        return Ok(u64::from(moves.count_ones()));
    }
    let mut total = 0u64;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let turned = flipped(g, &f.dirs[mover], sq, own, enemy);
        let next = [enemy & !turned, own | turned | 1 << sq];
        total = total
            .checked_add(count(runner, g, f, next, 1 - mover, depth - 1)?)
            .ok_or_else(|| RunError::new("the count passed 64 bits"))?;
    }
    Ok(total)
}

/// The value of a bit-form expression for the sets `sets` (indexed by side), `mover` to move.
fn value(e: &BitExpr, g: &Geometry, sets: &[u128; 2], mover: usize) -> Result<i64, RunError> {
    Ok(match e {
        BitExpr::Int(v) => *v,
        BitExpr::Not(x) => i64::from(value(x, g, sets, mover)? == 0),
        BitExpr::Neg(x) => value(x, g, sets, mover)?
            .checked_neg()
            .ok_or_else(overflow)?,
        BitExpr::ToMove(s) => i64::from(*s as usize == mover),
        BitExpr::Count(per_viewer) => i64::from(within(per_viewer, sets, mover).count_ones()),
        BitExpr::Any(per_viewer) => i64::from(within(per_viewer, sets, mover) != 0),
        BitExpr::No(per_viewer) => i64::from(within(per_viewer, sets, mover) == 0),
        BitExpr::InARow(per_viewer, n, dirs) => {
            let members = match per_viewer[mover] {
                Some(s) => sets[s],
                None => !(sets[0] | sets[1]),
            };
            i64::from(super::eval::runs_of(g, members, *n, &dirs[mover]))
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
fn within(per_viewer: &[(Option<usize>, u128); 2], sets: &[u128; 2], mover: usize) -> u128 {
    let (set, mask) = per_viewer[mover];
    let squares = match set {
        Some(s) => sets[s],
        None => !(sets[0] | sets[1]),
    };
    squares & mask
}

/// Whether an end rule holds with `mover` to move.
pub(super) fn over(
    ends: &[BitExpr],
    g: &Geometry,
    sets: &[u128; 2],
    mover: usize,
) -> Result<bool, RunError> {
    for end in ends {
        if value(end, g, sets, mover)? != 0 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The squares a step may land on: the empty ones, the enemy ones, or both.
#[inline(always)]
fn landing(onto: CellMask, empty: u128, enemy: u128) -> u128 {
    let pick = |class: CellMask, set: u128| if onto & class != 0 { set } else { 0 };
    pick(C_EMPTY, empty) | pick(C_ENEMY, enemy)
}

/// Per action and direction of `mover`, in the generator's order, the pieces that have a
/// step there; returns how many steps there are in all.
fn sources(g: &Geometry, f: &StepGame, sets: &[u128; 2], mover: usize, out: &mut Vec<u128>) -> u64 {
    out.clear();
    let (own, enemy) = (sets[mover], sets[1 - mover]);
    let empty = all_squares(g) & !(own | enemy);
    let mut n = 0;
    for (dirs, onto) in &f.actions[mover] {
        let targets = landing(*onto, empty, enemy);
        for &d in dirs {
            let from = own & g.step_back(targets, d);
            n += u64::from(from.count_ones());
            out.push(from);
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

/// The squares of each code's pieces as bits (each side's, each side's of each kind).
pub(super) fn sets_of<const N: usize>(code: &[Code], pos: &Position) -> [u128; N] {
    let mut sets = [0u128; N];
    for (sq, &c) in pos.cells.iter().enumerate() {
        if let Some(side) = code.iter().position(|&k| k == c) {
            sets[side] |= 1 << sq;
        }
    }
    sets
}

/// `start` with the pieces of `sets` (the squares of each code's pieces) and `mover` to move.
pub(super) fn position_of<const N: usize>(
    code: &[Code],
    sets: &[u128; N],
    mover: usize,
    start: &Position,
) -> Position {
    let mut end = start.clone();
    for sq in 0..end.cells.len() {
        let c = (0..N)
            .find(|&i| sets[i] >> sq & 1 == 1)
            .map_or(EMPTY, |i| code[i]);
        if end.cells[sq] != c {
            end.set(sq, c);
        }
    }
    end.mover = mover as SideId;
    end
}

/// The squares `mover` may place on: empty ones where every `where` test holds.
fn place_targets(g: &Geometry, f: &PlaceGame, sets: &[u128; 2], mover: usize) -> u128 {
    let all = all_squares(g);
    let empty = all & !(sets[0] | sets[1]);
    let mut out = empty;
    for w in &f.wheres {
        let d = w.dirs[mover];
        let on = g.step_bits[d as usize];
        let hit = if w.off_board {
            all & !on
        } else {
            let class = landing(w.cells & !C_OWN, empty, sets[1 - mover])
                | if w.cells & C_OWN != 0 { sets[mover] } else { 0 };
            on & g.step_back(class, d)
        };
        out &= if w.negated { !hit } else { hit };
    }
    out
}

/// A position of a game in bit form: each side's pieces, and what else its moves read.
pub(super) trait BitSets: Copy {
    /// The sets of a position whose pieces have the codes `code` (in the order the game
    /// gives them).
    fn of(code: &[Code], pos: &Position) -> Self;
    /// `start` with these pieces and `mover` to move.
    fn position(&self, code: &[Code], mover: usize, start: &Position) -> Position;
    /// Each side's pieces (what the end rules count).
    fn sides(&self) -> [u128; 2];
}

impl BitSets for [u128; 2] {
    fn of(code: &[Code], pos: &Position) -> Self {
        sets_of(code, pos)
    }

    fn position(&self, code: &[Code], mover: usize, start: &Position) -> Position {
        position_of(code, self, mover, start)
    }

    fn sides(&self) -> [u128; 2] {
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
/// (single steps, placements, steps and jumps): what its playouts and perft need of it.
pub(super) trait Ended {
    type Sets: BitSets;
    /// The codes of the pieces, in the order [`BitSets::of`] reads them.
    fn code(&self) -> &[Code];
    fn ends(&self) -> &[BitExpr];
    /// How many moves `mover` has; `lists` keeps what [`Ended::play`] needs.
    fn count(&self, g: &Geometry, sets: &Self::Sets, mover: usize, lists: &mut BitLists) -> u64;
    /// [`Ended::count`] where a move is played next (a game may count faster without
    /// keeping what [`Ended::play`] needs).
    fn moves(&self, g: &Geometry, sets: &Self::Sets, mover: usize, lists: &mut BitLists) -> u64 {
        self.count(g, sets, mover, lists)
    }
    /// Plays the `k`-th move (from 0) in the generator's order, after [`Ended::count`].
    fn play(&self, g: &Geometry, sets: &mut Self::Sets, mover: usize, lists: &BitLists, k: u64);
    /// The sets after each move of `mover`, in any order.
    fn each(
        &self,
        g: &Geometry,
        sets: Self::Sets,
        mover: usize,
        then: &mut dyn FnMut(Self::Sets) -> Result<(), RunError>,
    ) -> Result<(), RunError>;
}

impl Ended for StepGame {
    type Sets = [u128; 2];

    fn code(&self) -> &[Code] {
        &self.code
    }

    fn ends(&self) -> &[BitExpr] {
        &self.ends
    }

    fn count(&self, g: &Geometry, sets: &[u128; 2], mover: usize, lists: &mut BitLists) -> u64 {
        sources(g, self, sets, mover, &mut lists.masks)
    }

    fn play(&self, g: &Geometry, sets: &mut [u128; 2], mover: usize, lists: &BitLists, k: u64) {
        let dirs = self.actions[mover].iter().map(|(dirs, _)| &dirs[..]);
        let (from, d) = kth_step(dirs, &lists.masks, k as u32);
        let to = forward(g, from, d);
        sets[mover] = sets[mover] & !from | to;
        sets[1 - mover] &= !to;
    }

    fn each(
        &self,
        g: &Geometry,
        sets: [u128; 2],
        mover: usize,
        then: &mut dyn FnMut([u128; 2]) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let (own, enemy) = (sets[mover], sets[1 - mover]);
        let empty = all_squares(g) & !(own | enemy);
        for (dirs, onto) in &self.actions[mover] {
            let targets = landing(*onto, empty, enemy);
            for &d in dirs {
                let mut from = own & g.step_back(targets, d);
                while from != 0 {
                    let sq = from & from.wrapping_neg();
                    from &= from - 1;
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

impl Ended for PlaceGame {
    type Sets = [u128; 2];

    fn code(&self) -> &[Code] {
        &self.code
    }

    fn ends(&self) -> &[BitExpr] {
        &self.ends
    }

    fn count(&self, g: &Geometry, sets: &[u128; 2], mover: usize, lists: &mut BitLists) -> u64 {
        let targets = place_targets(g, self, sets, mover);
        lists.masks.clear();
        lists.masks.push(targets);
        u64::from(targets.count_ones())
    }

    fn play(&self, _: &Geometry, sets: &mut [u128; 2], mover: usize, lists: &BitLists, k: u64) {
        let mut m = lists.masks[0];
        for _ in 0..k {
            m &= m - 1;
        }
        sets[mover] |= m & m.wrapping_neg();
    }

    fn each(
        &self,
        g: &Geometry,
        sets: [u128; 2],
        mover: usize,
        then: &mut dyn FnMut([u128; 2]) -> Result<(), RunError>,
    ) -> Result<(), RunError> {
        let mut targets = place_targets(g, self, &sets, mover);
        while targets != 0 {
            let sq = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let mut next = sets;
            next[mover] |= sq;
            then(next)?;
        }
        Ok(())
    }
}

/// A random game from `start` of a game that [`Ended`] describes, as
/// [`super::playout::playout_from`] plays it.
pub(super) fn ended_playout<G: Ended>(
    runner: &mut Runner,
    f: &G,
    start: &Position,
    done: u32,
    rng: &mut Rng,
    mut seen: Option<&mut Seen>,
) -> Result<Played, RunError> {
    let e = runner.engine().clone();
    let g = &e.g;
    let limit = e.p.game.as_ref().and_then(|g| g.stop_after);
    let limit = limit.unwrap_or(u32::MAX);
    let mut sets = G::Sets::of(f.code(), start);
    let mut mover = start.mover as usize;
    let (mut plies, mut ended) = (done, false);
    // The runner's buffers, given back at the end (after an error, new ones are made).
    let mut scratch = std::mem::take(&mut runner.scratch.bits);
    while plies < limit {
        runner.tick()?;
        if over(f.ends(), g, &sets.sides(), mover)? {
            ended = true;
            break;
        }
        let n = f.moves(g, &sets, mover, &mut scratch);
        if n == 0 {
            ended = true;
            break;
        }
        if let Some(seen) = seen.as_deref_mut() {
            seen.moves += n;
            seen.positions += 1;
        }
        f.play(g, &mut sets, mover, &scratch, rng.below(n));
        mover = 1 - mover;
        plies += 1;
    }
    let limited = !ended
        && seen.is_some()
        && !over(f.ends(), g, &sets.sides(), mover)?
        && f.count(g, &sets, mover, &mut scratch) > 0;
    runner.scratch.bits = scratch;
    Ok(Played {
        end: sets.position(f.code(), mover, start),
        plies: plies - done,
        limited,
    })
}

/// [`perft`] for a game that [`Ended`] describes.
pub(super) fn ended_perft<G: Ended>(
    runner: &mut Runner,
    f: &G,
    pos: &Position,
    depth: u32,
) -> Result<u64, RunError> {
    let e = runner.engine().clone();
    let sets = G::Sets::of(f.code(), pos);
    let mut scratch = std::mem::take(&mut runner.scratch.bits);
    let mover = pos.mover as usize;
    let found = ended_count(runner, &e.g, f, sets, mover, depth, &mut scratch);
    runner.scratch.bits = scratch;
    found
}

/// [`ended_perft`] of the position of `sets`, `mover` to move: the last ply counted, the
/// others made on the sets themselves.
fn ended_count<G: Ended>(
    runner: &mut Runner,
    g: &Geometry,
    f: &G,
    sets: G::Sets,
    mover: usize,
    depth: u32,
    scratch: &mut BitLists,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    runner.tick()?;
    if over(f.ends(), g, &sets.sides(), mover)? {
        return Ok(0);
    }
    if depth == 1 {
        return Ok(f.count(g, &sets, mover, scratch));
    }
    let mut total = 0u64;
    f.each(g, sets, mover, &mut |next| {
        let n = ended_count(runner, g, f, next, 1 - mover, depth - 1, scratch)?;
        total = total
            .checked_add(n)
            .ok_or_else(|| RunError::new("the count passed 64 bits"))?;
        Ok(())
    })?;
    Ok(total)
}
