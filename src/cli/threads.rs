//! Searches shared between threads: perft split by first move, playouts split by game. Each
//! thread compiles the rules for itself and has its own runner; what they find does not
//! depend on how many threads there are (a game's moves come from its own seed). Another
//! thread may watch how far a search has got ([`Progress`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::compile::Engines;
use crate::program::{Outcome, Program};
use crate::render::output::{ending_known, fixed_ending};
use crate::run::playout::{Rng, Seen, playout_from};
use crate::run::{Budget, Position, RunError, Runner};

/// The threads a search uses: as asked, or one per core.
pub fn count(asked: Option<usize>) -> usize {
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// How far a search has got, for another thread to watch: the work items (first moves
/// counted, games played) done out of the total. A search that is not shared between
/// threads (one thread, or no first move to share) is one item.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicU64,
    pub total: AtomicU64,
    /// Perft: the move sequences below the first moves done so far (what a search stopped by
    /// its budget had counted).
    pub counted: AtomicU64,
    /// Perft: the plies of each work item: 1 (first moves) unless the first moves were too
    /// few to share and each item is a first and a second move (2).
    pub plies: AtomicU64,
}

impl Progress {
    fn start(&self, total: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
        self.counted.store(0, Ordering::Relaxed);
        self.plies.store(1, Ordering::Relaxed);
    }

    fn step(&self) {
        self.steps(1);
    }

    fn steps(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }
}

/// What a worker thread needs to build its own runner: the board size and the input's
/// numbers of the position searched.
struct Start<'a> {
    p: &'a Program,
    rows: u32,
    cols: u32,
    vars: Vec<i64>,
    budget: Budget,
}

impl<'a> Start<'a> {
    fn of(runner: &Runner<'a>, budget: &Budget, threads: usize) -> Start<'a> {
        let e = runner.engine();
        let mut budget = budget.clone();
        // A counter the caller gave is kept: it may stop the search by filling it.
        if threads > 1 && budget.shared.is_none() {
            budget.shared = Some(Arc::new(AtomicU64::new(0)));
        }
        Start {
            p: e.p,
            rows: e.g.rows,
            cols: e.g.cols,
            vars: runner.vars().to_vec(),
            budget,
        }
    }

    fn runner(&self) -> Result<Runner<'a>, RunError> {
        let engine = Engines::new(self.p)
            .get(self.rows, self.cols)
            .map_err(|e| RunError::new(e.0))?;
        let mut r = Runner::new(engine);
        r.set_vars(&self.vars);
        r.set_budget(self.budget.clone());
        Ok(r)
    }
}

/// Runs `work` on `threads` threads (the calling one among them when there is one), each
/// with its own runner, stopping all at the first error.
fn spread<'a, T: Send>(
    start: &Start<'a>,
    main: &mut Runner<'a>,
    threads: usize,
    work: impl Fn(&mut Runner<'a>, &AtomicBool) -> Result<T, RunError> + Sync,
) -> Result<Vec<T>, RunError> {
    let stop = AtomicBool::new(false);
    if threads <= 1 {
        main.set_budget(start.budget.clone());
        return work(main, &stop).map(|t| vec![t]);
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let r = start.runner().and_then(|mut r| work(&mut r, &stop));
                    if r.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    r
                })
            })
            .collect();
        let mut out = Vec::with_capacity(threads);
        let mut first_error = None;
        for h in handles {
            match h.join() {
                Ok(Ok(t)) => out.push(t),
                Ok(Err(e)) => {
                    first_error.get_or_insert(e);
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        first_error.map_or(Ok(out), Err)
    })
}

/// Each first move written out, with its count.
pub type Divided = Vec<(String, u64)>;

/// What perft is asked: how deep, whether to divide, on how many threads.
#[derive(Debug, Clone, Copy)]
pub struct PerftAsk {
    pub depth: u32,
    pub divide: bool,
    pub threads: usize,
}

/// Perft from `pos` on `threads` threads: each takes the next first move and counts below
/// it, counting the first moves done (and the sequences below them) in `progress`. Returns
/// the total and, with `divide`, each first move with its count.
pub fn perft<'a>(
    runner: &mut Runner<'a>,
    pos: &Position,
    ask: PerftAsk,
    budget: &Budget,
    progress: &Progress,
) -> Result<(u64, Option<Divided>), RunError> {
    let PerftAsk {
        depth,
        divide,
        threads,
    } = ask;
    let start = Start::of(runner, budget, threads);
    runner.set_budget(start.budget.clone());
    let children = match depth {
        0 | 1 => Vec::new(),
        _ => runner.children(pos)?,
    };
    if children.is_empty() {
        // A depth too small to share, or no move to share (a pass or the end).
        progress.start(1);
        let found = if divide {
            let lines = runner.perft_divide(pos, depth)?;
            let total = lines
                .iter()
                .try_fold(0u64, |a, (_, n)| a.checked_add(*n))
                .ok_or_else(|| RunError::new("the count passed 64 bits"))?;
            Ok((total, Some(lines)))
        } else {
            runner.perft(pos, depth).map(|n| (n, None))
        };
        progress.step();
        return found;
    }
    let items = work_items(runner, pos, &children, (depth, threads))?;
    progress.start(items.len() as u64);
    if items.iter().any(|(_, second)| second.is_some()) {
        progress.plies.store(2, Ordering::Relaxed);
    }
    let next = AtomicUsize::new(0);
    let found = spread(&start, runner, threads, |r, stop| {
        let mut out = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let Some((i, second)) = items.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let i = *i;
            // The positions before the one counted from (for rules against repetition).
            r.forget_game();
            r.remember(pos);
            let child = &children[i].1;
            let n = match second {
                None => r.perft(child, depth - 1)?,
                Some(after) => {
                    r.remember(child);
                    r.perft(after, depth - 2)?
                }
            };
            out.push((i, n));
            progress.counted.fetch_add(n, Ordering::Relaxed);
            progress.step();
        }
        Ok(out)
    })?;
    let mut counts = vec![0u64; children.len()];
    for (i, n) in found.into_iter().flatten() {
        counts[i] = counts[i]
            .checked_add(n)
            .ok_or_else(|| RunError::new("the count passed 64 bits"))?;
    }
    let total = counts
        .iter()
        .try_fold(0u64, |a, n| a.checked_add(*n))
        .ok_or_else(|| RunError::new("the count passed 64 bits"))?;
    let lines = divide.then(|| {
        children
            .into_iter()
            .map(|(text, _)| text)
            .zip(counts)
            .collect()
    });
    Ok((total, lines))
}

/// The work perft shares between threads: each first move (by its index in the list of
/// first moves), counted from the position after it; or, when there are too few first
/// moves to share evenly, each second move after a first move, counted from the position
/// after both (a first move's count is the sum of its second moves'). A first move after
/// which there is no move to share (a pass, or the end) is counted whole.
type Item = (usize, Option<Position>);

/// The [`Item`]s of perft to `depth` from `pos`, whose first moves lead to `children`.
fn work_items(
    runner: &mut Runner,
    pos: &Position,
    children: &[(String, Position)],
    (depth, threads): (u32, usize),
) -> Result<Vec<Item>, RunError> {
    let few = threads > 1 && depth >= 3 && children.len() < 16 * threads;
    if !few {
        return Ok((0..children.len()).map(|i| (i, None)).collect());
    }
    let mut items = Vec::new();
    for (i, (_, child)) in children.iter().enumerate() {
        runner.forget_game();
        runner.remember(pos);
        let after = runner.children(child)?;
        if after.is_empty() {
            items.push((i, None));
        }
        items.extend(after.into_iter().map(|(_, next)| (i, Some(next))));
    }
    runner.forget_game();
    Ok(items)
}

/// A tally of games: each result text with its outcome and number of games.
pub type Tally = Vec<(String, Outcome, u64)>;

/// The seed of game `i` of a run seeded with `seed`.
fn game_seed(seed: u64, i: u64) -> u64 {
    Rng::new(seed ^ i.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// What a run of playouts found.
#[derive(Debug, Default)]
pub struct Summary {
    /// Each result text with its outcome and number of games (unsorted).
    pub tally: Tally,
    /// Plies played in all.
    pub plies: u64,
    /// The longest game, in plies.
    pub longest: u32,
    /// Games the ply limit stopped while they could go on (counted with `stats` only).
    pub limited: u64,
    /// The legal moves seen (counted with `stats` only).
    pub seen: Seen,
}

impl Summary {
    fn add(&mut self, text: &str, outcome: Outcome, n: u64) {
        match self.tally.iter_mut().find(|(t, ..)| *t == text) {
            Some((.., m)) => *m += n,
            None => self.tally.push((text.to_string(), outcome, n)),
        }
    }

    fn merge(&mut self, other: Summary) {
        for (text, outcome, n) in other.tally {
            self.add(&text, outcome, n);
        }
        self.plies += other.plies;
        self.longest = self.longest.max(other.longest);
        self.limited += other.limited;
        self.seen.moves += other.seen.moves;
        self.seen.positions += other.seen.positions;
    }
}

/// Playouts stopped before the end (by their budget, or an error in a game): why, and what
/// the games finished by then found.
#[derive(Debug)]
pub struct Stopped {
    pub error: RunError,
    pub partial: Summary,
}

/// `games` random playouts of `(games, seed)` from `start` on `threads` threads, counting the
/// games played in `progress`; game `i` is played with its own seed, so the summary does
/// not depend on the threads. With `stats`, the legal moves of every position played from
/// and the games the ply limit stopped are counted too.
pub fn playouts<'a>(
    runner: &mut Runner<'a>,
    start_pos: &Position,
    (games, seed): (u64, u64),
    threads: usize,
    budget: &Budget,
    stats: bool,
    progress: &Progress,
) -> Result<Summary, Stopped> {
    progress.start(games);
    let threads = threads.min(games.max(1) as usize);
    let start = Start::of(runner, budget, threads);
    let next = AtomicU64::new(0);
    // Games are claimed in blocks, so that the threads do not meet on the counters at every
    // game; small runs take one game at a time to share them out evenly.
    let block = (games / (threads as u64 * 64)).clamp(1, 64);
    // Every thread adds what its games found, also when the run stops early.
    let all = std::sync::Mutex::new(Summary::default());
    let found = spread(&start, runner, threads, |r, stop| {
        let mut sum = Summary::default();
        let mut scratch = Vec::new();
        let p = r.engine().p;
        let mut play = || -> Result<(), RunError> {
            while !stop.load(Ordering::Relaxed) {
                let first = next.fetch_add(block, Ordering::Relaxed);
                if first >= games {
                    break;
                }
                let (last, mut i) = ((first + block).min(games), first);
                while i < last && (i == first || !stop.load(Ordering::Relaxed)) {
                    let mut rng = Rng::new(game_seed(seed, i));
                    let seen = stats.then_some(&mut sum.seen);
                    let played = playout_from(r, start_pos, 0, &mut rng, &mut scratch, seen)?;
                    match fixed_ending(p, played.end_rule) {
                        Some((text, outcome)) => sum.add(text, outcome, 1),
                        None => {
                            let end = ending_known(r, &played.end, played.end_rule)?;
                            sum.add(&end.text, end.outcome, 1);
                        }
                    }
                    r.recycle(played.end);
                    sum.plies += u64::from(played.plies);
                    sum.longest = sum.longest.max(played.plies);
                    sum.limited += u64::from(played.limited);
                    i += 1;
                }
                progress.steps(i - first);
            }
            Ok(())
        };
        let result = play();
        all.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .merge(sum);
        result
    });
    let all = all
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match found {
        Ok(_) => Ok(all),
        Err(error) => Err(Stopped {
            error,
            partial: all,
        }),
    }
}
