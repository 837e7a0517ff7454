//! Queries shared between threads: each thread compiles the rules for itself and builds
//! the same representation ([`Build`]); what they find does not depend on how many threads
//! there are. Another thread may watch how far a search has got ([`Progress`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::compile::size::engine_bytes;
use crate::compile::{BuildError, Engines};
use crate::program::Program;
use crate::run::compiled::Build;
use crate::run::error::{Budget, RunError, memory_past};
use crate::run::general::Runner;
use crate::run::generator::Generator;

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
    pub(super) fn start(&self, total: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
        self.counted.store(0, Ordering::Relaxed);
        self.plies.store(1, Ordering::Relaxed);
    }

    pub(super) fn step(&self) {
        self.steps(1);
    }

    pub(super) fn steps(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }
}

/// What a worker thread needs to build its own runner: the board size and the input's
/// numbers of the position searched, and the budget of the search.
pub(super) struct Start<'a> {
    p: &'a Program,
    rows: u32,
    cols: u32,
    vars: Vec<i64>,
    pub budget: Budget,
}

impl<'a> Start<'a> {
    /// What threads need to search like `runner` does, under `budget`; with several
    /// threads the budget's count of nodes is shared between them.
    pub(super) fn of(runner: &Runner<'a>, budget: &Budget, threads: usize) -> Start<'a> {
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
        let engine = Engines::within(self.p, self.budget.max_memory)
            .get(self.rows, self.cols)
            .map_err(|e| match e {
                BuildError::Memory(e) => e.into(),
                BuildError::Notation(e) => RunError::new(e.0),
            })?;
        let mut r = Runner::new(engine);
        r.set_vars(&self.vars);
        r.set_budget(self.budget.clone());
        Ok(r)
    }

    /// Whether `threads` threads, each compiling the rules for itself, fit under the memory
    /// limit with what is in use: checked before any of them starts, by estimate. One thread
    /// searches on the rules compiled already: only what is in use is checked.
    fn fits(&self, threads: usize) -> Result<(), RunError> {
        if threads <= 1 {
            return memory_past(self.budget.max_memory);
        }
        let one = engine_bytes(self.p, self.rows, self.cols);
        let needed = one.saturating_mul(threads as u64);
        let (rows, cols) = (self.rows, self.cols);
        crate::memory::check(self.budget.max_memory, needed, || {
            format!(
                "compiling the rules for a {rows} x {cols} board on each of {threads} threads (about {} each; one thread searches on the rules compiled already)",
                crate::memory::show(one)
            )
        })?;
        Ok(())
    }
}

/// Runs `work` on `threads` threads (the calling one's generator `main` when there is one
/// thread; else each thread builds its own), stopping all at the first error.
pub(super) fn spread<'a, G: Generator<'a> + Build<'a>, T: Send>(
    start: &Start<'a>,
    main: &mut G,
    threads: usize,
    work: impl Fn(&mut G, &AtomicBool) -> Result<T, RunError> + Sync,
) -> Result<Vec<T>, RunError> {
    let stop = AtomicBool::new(false);
    // Before any thread builds its own: what the search made before sharing its work (its
    // first moves) is in use by now.
    start.fits(threads)?;
    if threads <= 1 {
        return work(main, &stop).map(|t| vec![t]);
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let built = start.runner().and_then(G::build);
                    let r = built.and_then(|mut r| work(&mut r, &stop));
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
