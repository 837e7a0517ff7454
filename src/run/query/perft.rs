//! Perft: the number of move sequences of exactly N plies from a position, in all or per
//! first move. A game that ends before N plies contributes nothing; a forced pass is a ply.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::threads::{Progress, Start, spread};
use crate::run::compiled::{Build, Compiled};
use crate::run::error::{Budget, RunError, count_overflow};
use crate::run::generator::Generator;
use crate::run::position::Position;
use crate::run::step::{Step, move_text};

/// The children of each depth of a count, kept so that a warm count allocates nothing.
pub struct Levels<S>(Vec<Vec<S>>);

impl<S> Default for Levels<S> {
    fn default() -> Self {
        Levels(Vec::new())
    }
}

/// The number of move sequences of exactly `depth` plies from `s`.
pub fn perft<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
    levels: &mut Levels<G::State>,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    // A roll is no ply: each of its outcomes is counted from, to the same depth.
    if let n @ 1.. = g.outcomes(s)? {
        return over_outcomes(g, s, n, |g, r| perft(g, r, depth, levels));
    }
    // The last two plies are counted, not made (the representation may make the first).
    let mut children = match depth {
        1 => return g.count(s),
        _ => levels.0.pop().unwrap_or_default(),
    };
    if depth == 2 {
        let found = g.count_children(s, &mut children);
        levels.0.push(children);
        return found;
    }
    over_children(g, (s, children), levels, |g, c, levels| {
        perft(g, c, depth - 1, levels)
    })
}

/// The sum of `each` over the `n` outcomes of the roll `s` waits for.
pub fn over_outcomes<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    n: usize,
    mut each: impl FnMut(&mut G, &G::State) -> Result<u64, RunError>,
) -> Result<u64, RunError> {
    let mut total = 0u64;
    for i in 0..n {
        let r = g.rolled(s, i);
        let found = each(g, &r);
        g.recycle_state(r);
        total = total.checked_add(found?).ok_or_else(count_overflow)?;
    }
    Ok(total)
}

/// The sum of `each` over the children of `s` (made into `children`, whose memory goes back
/// to `levels`), with `s` remembered as the position before them.
fn over_children<'p, G: Generator<'p>>(
    g: &mut G,
    (s, mut children): (&G::State, Vec<G::State>),
    levels: &mut Levels<G::State>,
    mut each: impl FnMut(&mut G, &G::State, &mut Levels<G::State>) -> Result<u64, RunError>,
) -> Result<u64, RunError> {
    let found = g.children_unordered(s, &mut children).and_then(|()| {
        g.remember(s);
        let mut total = 0u64;
        let mut below = Ok(());
        for c in &children {
            match each(g, c, levels) {
                Ok(n) => match total.checked_add(n) {
                    Some(t) => total = t,
                    None => {
                        below = Err(count_overflow());
                        break;
                    }
                },
                Err(e) => {
                    below = Err(e);
                    break;
                }
            }
        }
        g.forget_last();
        below.map(|()| total)
    });
    levels.0.push(children);
    found
}

/// The number of sequences of exactly `depth` whole turns from `s`: a turn is the moves a
/// side makes before another side moves, and a game over in the middle of a turn ends it.
pub fn perft_turns<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
    levels: &mut Levels<G::State>,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    if let n @ 1.. = g.outcomes(s)? {
        return over_outcomes(g, s, n, |g, r| perft_turns(g, r, depth, levels));
    }
    let children = levels.0.pop().unwrap_or_default();
    let mover = g.mover(s);
    over_children(g, (s, children), levels, |g, c, levels| {
        after_move(g, (mover, c), depth, levels)
    })
}

/// The sequences of `depth` whole turns that start with the move `mover` made to reach `c`
/// (its turn going on there, or over).
fn after_move<'p, G: Generator<'p>>(
    g: &mut G,
    (mover, c): (crate::program::SideId, &G::State),
    depth: u32,
    levels: &mut Levels<G::State>,
) -> Result<u64, RunError> {
    match g.turn_goes_on(mover, c)? {
        true => perft_turns(g, c, depth, levels),
        false => perft_turns(g, c, depth - 1, levels),
    }
}

/// Perft per first move: each move written in the game's notation (`pass` for a pass),
/// with the number of sequences of `depth` plies that start with it, in the generator's
/// order.
pub fn divide<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
) -> Result<Vec<(String, u64)>, RunError> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let (names, children) = named_children(g, s)?;
    let mut levels = Levels::default();
    g.remember(s);
    let mut out = Vec::with_capacity(children.len());
    let mut found = Ok(());
    for (name, child) in names.into_iter().zip(&children) {
        match perft(g, child, depth - 1, &mut levels) {
            Ok(n) => out.push((name, n)),
            Err(e) => {
                found = Err(e);
                break;
            }
        }
    }
    g.forget_last();
    found.map(|()| out)
}

/// The legal moves of `s` written in the game's notation, and the position after each, in
/// the generator's order.
pub fn named_children<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
) -> Result<(Vec<String>, Vec<G::State>), RunError> {
    let moves = super::actions::moves_of(g, s)?;
    let e = g.engine().clone();
    let names = moves.steps.iter().map(|m| move_text(&e, m)).collect();
    Ok((names, moves.children))
}

/// [`perft`] from a position, on the representation `c` holds.
pub fn perft_from(c: &mut Compiled, pos: &Position, depth: u32) -> Result<u64, RunError> {
    crate::dispatch!(c, g => {
        g.forget_game(); // the position alone: nothing remembered from a count before
        let s = g.state(pos);
        perft(g, &s, depth, &mut Levels::default())
    })
}

/// [`divide`] from a position, on the representation `c` holds.
pub fn divide_from(c: &mut Compiled, pos: &Position, depth: u32) -> Result<Divided, RunError> {
    crate::dispatch!(c, g => {
        g.forget_game(); // the position alone: nothing remembered from a count before
        let s = g.state(pos);
        divide(g, &s, depth)
    })
}

/// Each first move written out, with its count.
pub type Divided = Vec<(String, u64)>;

/// What perft is asked: how deep, whether to divide, on how many threads, what it counts.
#[derive(Debug, Clone, Copy)]
pub struct PerftAsk {
    pub depth: u32,
    pub divide: bool,
    pub threads: usize,
    pub unit: Unit,
}

/// What a ply of perft is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A whole move: all its parts and jumps.
    Moves,
    /// A single action: each part of a move, each jump of a chain (on one thread).
    Actions,
    /// A whole turn: the moves a side makes before another side moves (`turns of ...`,
    /// `again if`); a game over in the middle of a turn ends it.
    Turns,
}

impl Unit {
    /// What the rules count a ply as when not asked: whole turns for rules with `turns of
    /// ...` or dice played one die at a time, else whole moves.
    pub fn of(p: &crate::program::Program) -> Unit {
        let by_die = p.dice.as_ref().is_some_and(|d| d.per_die);
        match p.turns.is_some() || by_die {
            true => Unit::Turns,
            false => Unit::Moves,
        }
    }

    /// As perft's report says it: `whole moves`, `single actions`.
    pub fn words(self) -> &'static str {
        match self {
            Unit::Moves => "whole moves",
            Unit::Actions => "single actions",
            Unit::Turns => "whole turns",
        }
    }
}

/// Perft from `pos` on `ask.threads` threads: each takes the next first move and counts
/// below it, counting the first moves done (and the sequences below them) in `progress`.
/// Returns the total and, with `ask.divide`, each first move with its count.
pub fn perft_shared<'a>(
    c: &mut Compiled<'a>,
    pos: &Position,
    ask: PerftAsk,
    budget: &Budget,
    progress: &Progress,
) -> Result<(u64, Option<Divided>), RunError> {
    let shared = Start::of(c.runner(), budget, ask.threads);
    c.runner().set_budget(shared.budget.clone());
    if ask.unit == Unit::Actions {
        progress.start(1);
        let found = super::actions::actions_from(c, pos, ask.depth, ask.divide)?;
        progress.step();
        return Ok(found);
    }
    crate::dispatch!(c, g => perft_on(g, (&shared, pos), ask, progress))
}

/// [`perft_shared`] on the representation `G`.
fn perft_on<'a, G: Generator<'a> + Build<'a>>(
    g: &mut G,
    (shared, pos): (&Start<'a>, &Position),
    ask: PerftAsk,
    progress: &Progress,
) -> Result<(u64, Option<Divided>), RunError> {
    let PerftAsk {
        depth,
        divide: divided,
        threads,
        ..
    } = ask;
    // The count is of the position alone: no game before it (a count made before may have
    // left its positions remembered).
    g.forget_game();
    let s = g.state(pos);
    if let n @ 1.. = g.outcomes(&s)? {
        return by_outcome(g, (shared, &s), ask, (n, progress));
    }
    let turns = ask.unit == Unit::Turns;
    // The first moves as their steps, not the positions after them: each is played where it
    // is counted (the positions after every first move of a large board would be moves x
    // squares).
    let mut firsts = Vec::new();
    if depth > 1 || turns && depth > 0 {
        g.moves(&s, usize::MAX, &mut firsts)?;
    }
    let mover = g.mover(&s);
    if firsts.is_empty() {
        // A depth too small to share, or no move to share (the end).
        progress.start(1);
        let found = if divided {
            let lines = divide(g, &s, depth)?;
            let total = match depth {
                // No first move to divide by: the position itself is the one node.
                0 => perft(g, &s, 0, &mut Levels::default())?,
                _ => super::actions::total(&lines)?,
            };
            (total, Some(lines))
        } else {
            (perft(g, &s, depth, &mut Levels::default())?, None)
        };
        progress.step();
        return Ok(found);
    }
    let e = g.engine().clone();
    let names: Vec<String> = firsts.iter().map(|m| move_text(&e, m)).collect();
    let items = match turns {
        true => (0..firsts.len()).map(|i| (i, None)).collect(),
        false => work_items(g, pos, &firsts, (depth, threads))?,
    };
    progress.start(items.len() as u64);
    if items.iter().any(|(_, second)| second.is_some()) {
        progress.plies.store(2, Ordering::Relaxed);
    }
    let next = AtomicUsize::new(0);
    let found = spread(shared, g, threads, |r, stop| {
        let mut out = Vec::new();
        let mut levels = Levels::default();
        while !stop.load(Ordering::Relaxed) {
            let Some((i, second)) = items.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            // The positions before the one counted from (for rules against repetition).
            r.forget_game();
            let root = r.state(pos);
            r.remember(&root);
            let child = r.play(&root, &firsts[*i])?;
            let n = match second {
                None if turns => after_move(r, (mover, &child), depth, &mut levels)?,
                None => perft(r, &child, depth - 1, &mut levels)?,
                Some(after) => {
                    r.remember(&child);
                    let after = r.state(after);
                    perft(r, &after, depth - 2, &mut levels)?
                }
            };
            out.push((*i, n));
            progress.counted.fetch_add(n, Ordering::Relaxed);
            progress.step();
        }
        Ok(out)
    })?;
    let mut counts = vec![0u64; firsts.len()];
    for (i, n) in found.into_iter().flatten() {
        counts[i] = counts[i].checked_add(n).ok_or_else(count_overflow)?;
    }
    let total = counts
        .iter()
        .try_fold(0u64, |a, n| a.checked_add(*n))
        .ok_or_else(count_overflow)?;
    Ok((
        total,
        divided.then(|| names.into_iter().zip(counts).collect()),
    ))
}

/// [`perft_on`] from a position that waits for a roll: the count from each outcome, added
/// up; divided, a line per outcome (`roll 3-5`).
fn by_outcome<'a, G: Generator<'a> + Build<'a>>(
    g: &mut G,
    (shared, s): (&Start<'a>, &G::State),
    ask: PerftAsk,
    (n, progress): (usize, &Progress),
) -> Result<(u64, Option<Divided>), RunError> {
    let below = PerftAsk {
        divide: false,
        ..ask
    };
    let mut lines = Vec::with_capacity(n);
    for i in 0..n {
        let r = g.rolled(s, i);
        let pos = g.position(&r);
        g.recycle_state(r);
        let text = crate::program::roll_text(&pos.roll);
        let found = perft_on(g, (shared, &pos), below, progress);
        g.recycle(pos);
        lines.push((format!("roll {text}"), found?.0));
    }
    let total = super::actions::total(&lines)?;
    Ok((total, ask.divide.then_some(lines)))
}

/// The work perft shares between threads: each first move (by its index in the list of
/// first moves), counted from the position after it; or, when there are too few first
/// moves to share evenly, each second move after a first move, counted from the position
/// after both (a first move's count is the sum of its second moves'). A first move after
/// which there is no move to share (the end) is counted whole.
type Item = (usize, Option<Position>);

/// The [`Item`]s of perft to `depth` from `pos`, whose first moves are `firsts`.
fn work_items<'a, G: Generator<'a>>(
    g: &mut G,
    pos: &Position,
    firsts: &[Vec<Step>],
    (depth, threads): (u32, usize),
) -> Result<Vec<Item>, RunError> {
    let few = threads > 1 && depth >= 3 && firsts.len() < 16 * threads;
    if !few {
        return Ok((0..firsts.len()).map(|i| (i, None)).collect());
    }
    let mut items = Vec::new();
    let mut after = Vec::new();
    for (i, first) in firsts.iter().enumerate() {
        g.forget_game();
        let root = g.state(pos);
        g.remember(&root);
        let child = g.play(&root, first)?;
        // A roll after the first move: its outcomes are counted below it, not shared.
        after.clear();
        if g.outcomes(&child)? == 0 {
            g.children(&child, &mut after)?;
        }
        if after.is_empty() {
            items.push((i, None));
        }
        for next in &after {
            items.push((i, Some(g.position(next))));
        }
    }
    g.forget_game();
    Ok(items)
}
