//! Many random games from one position, shared between threads, and the tally of their
//! results: game `i` is played with its own seed, so the tally does not depend on the
//! number of threads.

use std::sync::atomic::{AtomicU64, Ordering};

use super::playout::{ending_of, max_plies, playout};
use super::threads::{Progress, Start, spread};
use crate::program::Outcome;
use crate::run::compiled::{Build, Compiled};
use crate::run::error::{Budget, RunError};
use crate::run::generator::{Generator, Seen};
use crate::run::outcome::fixed_ending;
use crate::run::position::Position;
use crate::run::rng::Rng;

/// A tally of games: each result text with its outcome and number of games.
pub type Tally = Vec<(String, Outcome, u64)>;

/// Adds `n` games with the result `text` to a tally.
pub fn add(tally: &mut Tally, text: &str, outcome: Outcome, n: u64) {
    match tally.iter_mut().find(|(t, ..)| *t == text) {
        Some((.., m)) => *m += n,
        None => tally.push((text.to_string(), outcome, n)),
    }
}

/// The seed of game `i` of a run seeded with `seed`.
pub fn game_seed(seed: u64, i: u64) -> u64 {
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
    pub fn add(&mut self, text: &str, outcome: Outcome, n: u64) {
        add(&mut self.tally, text, outcome, n);
    }

    /// Adds what another run (or part of a run) found.
    pub fn merge(&mut self, other: Summary) {
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

/// What a run of playouts is asked: how many games from which seed, on how many threads,
/// whether to count the legal moves and the games the ply limit stopped (`--stats`). The
/// games are numbered from `first` (each game's seed comes from its number): a run split
/// into parts numbered one after another finds what the whole run finds.
#[derive(Debug, Clone, Copy)]
pub struct PlayoutAsk {
    pub games: u64,
    pub first: u64,
    pub seed: u64,
    pub threads: usize,
    pub stats: bool,
    /// The most plies of one game (unfinished if its rules have not ended it by then);
    /// `None`: [`max_plies`] of the board.
    pub max_plies: Option<u32>,
}

/// `ask.games` random playouts from `start` on `ask.threads` threads, counting the games
/// played in `progress`.
pub fn playouts<'a>(
    c: &mut Compiled<'a>,
    start: &Position,
    ask: PlayoutAsk,
    budget: &Budget,
    progress: &Progress,
) -> Result<Summary, Stopped> {
    progress.start(ask.games);
    let threads = ask.threads.min(ask.games.max(1) as usize);
    let shared = Start::of(c.runner(), budget, threads);
    c.runner().set_budget(shared.budget.clone());
    let ask = PlayoutAsk { threads, ..ask };
    crate::dispatch!(c, g => playouts_on(g, (&shared, start), ask, progress))
}

/// [`playouts`] on the representation `G`.
fn playouts_on<'a, G: Generator<'a> + Build<'a>>(
    main: &mut G,
    (shared, start): (&Start<'a>, &Position),
    ask: PlayoutAsk,
    progress: &Progress,
) -> Result<Summary, Stopped> {
    let PlayoutAsk {
        games,
        first: numbered,
        seed,
        threads,
        stats,
        max_plies: cap,
    } = ask;
    let next = AtomicU64::new(0);
    // Games are claimed in blocks, so that the threads do not meet on the counters at every
    // game; small runs take one game at a time to share them out evenly.
    let block = (games / (threads as u64 * 64)).clamp(1, 64);
    // Every thread adds what its games found, also when the run stops early.
    let all = std::sync::Mutex::new(Summary::default());
    let found = spread(shared, main, threads, |r, stop| {
        let mut sum = Summary::default();
        let first_state = r.state(start);
        let p = r.engine().p;
        let cap = cap.unwrap_or_else(|| max_plies(r.engine()));
        let mut play = || -> Result<(), RunError> {
            while !stop.load(Ordering::Relaxed) {
                let first = next.fetch_add(block, Ordering::Relaxed);
                if first >= games {
                    break;
                }
                let (last, mut i) = ((first + block).min(games), first);
                while i < last && (i == first || !stop.load(Ordering::Relaxed)) {
                    let mut rng = Rng::new(game_seed(seed, numbered + i));
                    let seen = stats.then_some(&mut sum.seen);
                    let played = playout(r, (&first_state, 0, cap), &mut rng, seen)?;
                    sum.plies += u64::from(played.plies);
                    sum.longest = sum.longest.max(played.plies);
                    sum.limited += u64::from(played.limited);
                    // A result the end rule alone names is tallied without its text made.
                    match (played.unfinished, fixed_ending(p, played.end_rule)) {
                        (None, Some((text, outcome))) => {
                            sum.add(text, outcome, 1);
                            r.recycle_state(played.end);
                        }
                        _ => {
                            let end = ending_of(r, played)?;
                            sum.add(&end.text, end.outcome, 1);
                        }
                    }
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
