//! Perft by single actions: the number of sequences of exactly N actions from a position,
//! where an action is one step of a move (a placement, a slide, one jump of a chain, one part
//! of a move in parts, a pass) and the last action of a move hands the turn over. Oracles
//! that split a turn into actions (a removal as an action of its own, a chain's jumps one by one)
//! count this way; [`super::perft`] counts whole moves.

use std::collections::{BTreeMap, BTreeSet};

use crate::run::compiled::Compiled;
use crate::run::error::{RunError, count_overflow};
use crate::run::generator::Generator;
use crate::run::position::Position;
use crate::run::step::{Step, move_text};

/// Each first action written out, with its count.
type Divided = Vec<(String, u64)>;

/// A position's moves and the positions after them, in the generator's order.
pub(super) struct Moves<S> {
    pub steps: Vec<Vec<Step>>,
    pub children: Vec<S>,
}

impl<S> Moves<S> {
    /// How many actions move `i` is: its steps, or one for a pass (which has none).
    fn len(&self, i: usize) -> usize {
        self.steps[i].len().max(1)
    }

    /// Action `k` of move `i` (`None`: the pass).
    fn action(&self, i: usize, k: usize) -> Option<Step> {
        self.steps[i].get(k).copied()
    }
}

pub(super) fn moves_of<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
) -> Result<Moves<G::State>, RunError> {
    let mut steps = Vec::new();
    g.moves(s, usize::MAX, &mut steps)?;
    let mut children = Vec::new();
    g.children(s, &mut children)?;
    Ok(Moves { steps, children })
}

/// The moves of `group` (indices into `moves`) split by their action `k`, in the order the
/// generator first gives each action.
fn split<S>(moves: &Moves<S>, group: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut keys: BTreeMap<Option<Step>, usize> = BTreeMap::new();
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in group.iter().filter(|&&i| moves.len(i) > k) {
        let key = moves.action(i, k);
        match keys.get(&key) {
            Some(&j) => out[j].push(i),
            None => {
                keys.insert(key, out.len());
                out.push(vec![i]);
            }
        }
    }
    out
}

/// How many different first actions the moves `steps` start with (a pass is one).
fn first_actions(steps: &[Vec<Step>]) -> u64 {
    let firsts: BTreeSet<Option<Step>> = steps.iter().map(|m| m.first().copied()).collect();
    firsts.len() as u64
}

/// The number of sequences of exactly `depth` actions from `s`.
pub fn perft_actions<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    if depth == 1 {
        // The last action: counted from the moves' first actions, no move played.
        let mut steps = Vec::new();
        g.moves(s, usize::MAX, &mut steps)?;
        return Ok(first_actions(&steps));
    }
    let moves = moves_of(g, s)?;
    let all: Vec<usize> = (0..moves.steps.len()).collect();
    g.remember(s);
    let found = below(g, &moves, &all, 0, depth);
    g.forget_last();
    found
}

/// The sequences of `depth` more actions after the first `k` actions, which the moves of
/// `group` share: those moves that are complete hand the turn over; the others go on with
/// their next action.
fn below<'p, G: Generator<'p>>(
    g: &mut G,
    moves: &Moves<G::State>,
    group: &[usize],
    k: usize,
    depth: u32,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    let mut total = 0u64;
    if k > 0 {
        for &i in group.iter().filter(|&&i| moves.len(i) == k) {
            let n = perft_actions(g, &moves.children[i], depth)?;
            total = total.checked_add(n).ok_or_else(count_overflow)?;
        }
    }
    for next in split(moves, group, k) {
        let n = below(g, moves, &next, k + 1, depth - 1)?;
        total = total.checked_add(n).ok_or_else(count_overflow)?;
    }
    Ok(total)
}

/// [`perft_actions`] per first action: the action written in the game's notation (`pass`
/// for a pass), with its count, in the generator's order.
pub fn divide_actions<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
) -> Result<Divided, RunError> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let moves = moves_of(g, s)?;
    let all: Vec<usize> = (0..moves.steps.len()).collect();
    let e = g.engine().clone();
    g.remember(s);
    let mut out = Vec::new();
    let mut found = Ok(());
    for group in split(&moves, &all, 0) {
        let first = &moves.steps[group[0]];
        let name = move_text(&e, &first[..first.len().min(1)]);
        match below(g, &moves, &group, 1, depth - 1) {
            Ok(n) => out.push((name, n)),
            Err(err) => {
                found = Err(err);
                break;
            }
        }
    }
    g.forget_last();
    found.map(|()| out)
}

/// The sum of divided counts.
pub(super) fn total(lines: &Divided) -> Result<u64, RunError> {
    lines
        .iter()
        .try_fold(0u64, |a, (_, n)| a.checked_add(*n))
        .ok_or_else(count_overflow)
}

/// [`perft_actions`] (and with `divide`, [`divide_actions`]) from a position, on the
/// representation `c` holds.
pub fn actions_from(
    c: &mut Compiled,
    pos: &Position,
    depth: u32,
    divide: bool,
) -> Result<(u64, Option<Divided>), RunError> {
    crate::dispatch!(c, g => {
        g.forget_game(); // the position alone: nothing remembered from a count before
        let s = g.state(pos);
        if divide && depth > 0 {
            let lines = divide_actions(g, &s, depth)?;
            Ok((total(&lines)?, Some(lines)))
        } else if divide {
            // No first action to divide by: the position itself is the one node.
            perft_actions(g, &s, 0).map(|n| (n, Some(Vec::new())))
        } else {
            perft_actions(g, &s, depth).map(|n| (n, None))
        }
    })
}
