//! Perft split into tasks that other processes or machines count: each task is a prefix of
//! the tree (the moves and rolls that lead to a position, each named by its index and its
//! text) and the depth left below it. The sum of the tasks' counts is the perft of the
//! position they split. Tasks are sized for roughly equal work: the largest (by a shallow
//! count) is split until there are as many as asked, and they come largest first.

use super::perft::{Levels, Unit, perft, perft_turns};
use crate::run::compiled::Compiled;
use crate::run::error::RunError;
use crate::run::generator::Generator;
use crate::run::position::Position;
use crate::run::step::{Step, move_text};

/// One step of a prefix: the move (or outcome of a roll) with this index in the generator's
/// order, and its text (the move in the game's notation, or `roll 3-5`), checked when the
/// prefix is played again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub index: usize,
    pub text: String,
}

/// A part of a perft: the sequences of `depth` plies below the position `prefix` leads to.
#[derive(Debug, Clone, PartialEq)]
pub struct Task {
    pub prefix: Vec<Mark>,
    pub depth: u32,
    /// A guess of the task's leaves, from a shallow count (for ordering only).
    pub estimate: f64,
}

/// What a split is asked: the depth of the whole perft, what a ply is, and how many tasks
/// at least to make (fewer when the tree has fewer positions to split at).
#[derive(Debug, Clone, Copy)]
pub struct SplitAsk {
    pub depth: u32,
    pub unit: Unit,
    pub tasks: usize,
}

/// The tasks of perft to `ask.depth` from `pos`, largest first.
pub fn split_from(c: &mut Compiled, pos: &Position, ask: SplitAsk) -> Result<Vec<Task>, RunError> {
    if ask.unit == Unit::Actions {
        return Err(RunError::new(
            "a perft by single actions is counted on one thread; split perft counts whole moves or whole turns",
        ));
    }
    crate::dispatch!(c, g => split(g, pos, ask))
}

/// The count of one task of a perft from `pos` (made by [`split_from`] with the same unit).
pub fn count_task(
    c: &mut Compiled,
    pos: &Position,
    task: &Task,
    unit: Unit,
) -> Result<u64, RunError> {
    crate::dispatch!(c, g => {
        let s = reach(g, pos, &task.prefix);
        let found = s.and_then(|s| count(g, &s, task.depth, unit));
        g.forget_game();
        found
    })
}

/// The count below `s` to `depth` plies of `unit`, with what the game remembers as it is.
fn count<'p, G: Generator<'p>>(
    g: &mut G,
    s: &G::State,
    depth: u32,
    unit: Unit,
) -> Result<u64, RunError> {
    let mut levels = Levels::default();
    match unit {
        Unit::Turns => perft_turns(g, s, depth, &mut levels),
        _ => perft(g, s, depth, &mut levels),
    }
}

/// The state `prefix` leads to from `pos`, with the positions its moves were played from
/// remembered (for rules against repetition).
fn reach<'p, G: Generator<'p>>(
    g: &mut G,
    pos: &Position,
    prefix: &[Mark],
) -> Result<G::State, RunError> {
    g.forget_game();
    let mut s = g.state(pos);
    let mut moves = Vec::new();
    for (k, mark) in prefix.iter().enumerate() {
        let next = match g.outcomes(&s)? {
            0 => {
                moves.clear();
                g.moves(&s, usize::MAX, &mut moves)?;
                let steps = named(g, &moves, mark, k)?;
                let next = g.play(&s, steps)?;
                g.remember(&s);
                next
            }
            n if mark.index < n => {
                let r = g.rolled(&s, mark.index);
                let text = roll_name(g, &r);
                if text != mark.text {
                    return Err(mismatch(k, mark, &text));
                }
                r
            }
            _ => return Err(mismatch(k, mark, "no such roll")),
        };
        s = next;
    }
    Ok(s)
}

/// The move `mark` names among `moves`, checked against its text.
fn named<'a, 'p, G: Generator<'p>>(
    g: &G,
    moves: &'a [Vec<Step>],
    mark: &Mark,
    k: usize,
) -> Result<&'a [Step], RunError> {
    let Some(steps) = moves.get(mark.index) else {
        return Err(mismatch(k, mark, "no such move"));
    };
    let text = move_text(g.engine(), steps);
    match text == mark.text {
        true => Ok(steps),
        false => Err(mismatch(k, mark, &text)),
    }
}

fn roll_name<'p, G: Generator<'p>>(g: &mut G, r: &G::State) -> String {
    let pos = g.position(r);
    let text = format!("roll {}", crate::program::roll_text(&pos.roll));
    g.recycle(pos);
    text
}

fn mismatch(k: usize, mark: &Mark, found: &str) -> RunError {
    RunError::new(format!(
        "step {} of the task's prefix is `{}` (number {}), but the position there has `{found}` in its place: the task was split from other rules or another position",
        k + 1,
        mark.text,
        mark.index
    ))
}

/// The tasks below the prefix `prefix` (whose state is `s`, at `depth` plies left): one per
/// move or outcome of the roll, with the depth left after it.
fn below<'p, G: Generator<'p>>(
    g: &mut G,
    (prefix, s): (&[Mark], &G::State),
    depth: u32,
    unit: Unit,
) -> Result<Vec<(Vec<Mark>, u32)>, RunError> {
    let with = |index, text| {
        let mut p = prefix.to_vec();
        p.push(Mark { index, text });
        p
    };
    let mut out = Vec::new();
    if let n @ 1.. = g.outcomes(s)? {
        for i in 0..n {
            let r = g.rolled(s, i);
            out.push((with(i, roll_name(g, &r)), depth));
            g.recycle_state(r);
        }
        return Ok(out);
    }
    let mut moves = Vec::new();
    g.moves(s, usize::MAX, &mut moves)?;
    // Whole turns: a move that ends its side's turn leaves a turn less to count.
    let mut ends = vec![true; moves.len()];
    if unit == Unit::Turns {
        let mover = g.mover(s);
        let mut kids = Vec::new();
        g.children(s, &mut kids)?;
        g.remember(s);
        let goes_on: Result<Vec<bool>, RunError> =
            kids.iter().map(|c| g.turn_goes_on(mover, c)).collect();
        g.forget_last();
        for (end, on) in ends.iter_mut().zip(goes_on?) {
            *end = !on;
        }
    }
    for (i, steps) in moves.iter().enumerate() {
        let text = move_text(g.engine(), steps);
        out.push((with(i, text), depth - u32::from(ends[i])));
    }
    Ok(out)
}

/// [`split_from`] on the representation `G`.
fn split<'p, G: Generator<'p>>(
    g: &mut G,
    pos: &Position,
    ask: SplitAsk,
) -> Result<Vec<Task>, RunError> {
    g.forget_game();
    let root = g.state(pos);
    // A task's size is guessed from a shallow count of whole moves below it, as deep as is
    // cheap at the start (up to four plies, where the count two plies deeper is guessed
    // within two million; one where the branching is large), scaled to its depth by the branching
    // at the start: a guess for ordering, made in a small share of the time the count takes.
    let branching = (g.count(&root)? as f64).max(1.0);
    let mut shallow = 1;
    while branching <= 400.0 && shallow < 4 && shallow + 1 < ask.depth {
        let deeper = count(g, &root, shallow + 1, Unit::Moves)? as f64;
        if deeper * branching > 2_000_000.0 {
            break;
        }
        shallow += 1;
    }
    let estimate = |g: &mut G, prefix: &[Mark], depth: u32| -> Result<f64, RunError> {
        let d = depth.min(shallow);
        let s = reach(g, pos, prefix)?;
        let n = count(g, &s, d, Unit::Moves)?;
        g.forget_game();
        Ok(n as f64 * branching.powi((depth - d) as i32))
    };
    let mut tasks = vec![Task {
        prefix: Vec::new(),
        depth: ask.depth,
        estimate: estimate(g, &[], ask.depth)?,
    }];
    // Tasks that cannot be split (too shallow, or at the end of the game) are set aside.
    let mut whole = Vec::new();
    loop {
        let total: f64 = tasks.iter().chain(&whole).map(|t| t.estimate).sum();
        let count = tasks.len() + whole.len();
        let fair = total / ask.tasks.max(1) as f64;
        let largest = tasks
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.estimate.total_cmp(&b.1.estimate));
        let Some((i, t)) = largest else { break };
        // Enough tasks, and none much larger than its share: done.
        if count >= ask.tasks && (t.estimate <= 2.0 * fair || count >= 4 * ask.tasks) {
            break;
        }
        let t = tasks.swap_remove(i);
        // A ply left is counted, not split; a turn left may be split by its moves.
        if t.depth == 0 || t.depth == 1 && ask.unit != Unit::Turns {
            whole.push(t);
            continue;
        }
        let s = reach(g, pos, &t.prefix)?;
        let parts = below(g, (&t.prefix, &s), t.depth, ask.unit);
        g.forget_game();
        let parts = parts?;
        if parts.is_empty() {
            whole.push(t);
            continue;
        }
        for (prefix, depth) in parts {
            let estimate = estimate(g, &prefix, depth)?;
            tasks.push(Task {
                prefix,
                depth,
                estimate,
            });
        }
    }
    tasks.append(&mut whole);
    tasks.sort_by(|a, b| b.estimate.total_cmp(&a.estimate));
    Ok(tasks)
}
