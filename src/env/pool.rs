//! A batch of games split over threads: each thread compiles the rules for itself and steps
//! its share of the games (a contiguous run of them, numbered as in one batch, so the games
//! are the same for any number of threads). The calling thread steps the first share itself
//! while the others step theirs: it talks to them over channels; no state is shared.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::batch::Batch;
use super::moment::EnvError;
use crate::program::Program;

/// What a thread is asked.
enum Job {
    /// Are these actions legal? (no game is stepped)
    Check(Vec<i64>),
    /// Take these actions, checked already.
    Step(Vec<i64>),
    Mask,
    Observe,
    Movers,
    Random,
    Reset,
    /// Every action taken in game `i` (of this thread's share).
    History(usize),
}

/// What a thread answers.
enum Reply {
    Done(Result<(), EnvError>),
    Stepped(Result<(Vec<f32>, Vec<bool>, u64), EnvError>),
    Mask(Result<Vec<bool>, EnvError>),
    Floats(Result<Vec<f32>, EnvError>),
    Ints(Result<Vec<i32>, EnvError>),
    Actions(Result<Vec<i64>, EnvError>),
    History(Result<Vec<u32>, EnvError>),
}

struct Worker {
    jobs: Sender<Job>,
    replies: Receiver<Reply>,
    games: usize,
    thread: Option<JoinHandle<()>>,
}

/// Where the games start, and how long they last, as [`super::open`] takes them.
pub struct Opening {
    pub program: &'static Program,
    pub position: Option<(String, Vec<u8>)>,
    pub max_moves: u32,
}

/// Games stepped on several threads.
pub struct Pool {
    /// The first share, stepped by the calling thread (a thread of its own would only
    /// wait for the others; and waking one costs tens of microseconds a job).
    local: Box<(super::Env<'static>, Batch)>,
    workers: Vec<Worker>,
    sides: usize,
    /// Games ended since the pool was made.
    pub finished: u64,
    /// The random actions drawn last, while no game has moved since and every one is an
    /// action (a game with no action draws -1): a step taking them needs no check, as each
    /// is legal in its game.
    drawn: Option<Vec<i64>>,
}

fn lost() -> EnvError {
    EnvError::Run(crate::run::RunError::new(
        "a thread of the batch stopped answering",
    ))
}

impl Pool {
    /// `n` games on `threads` threads, from `opening`, their rolls and random actions drawn
    /// from `seed`.
    pub fn new(opening: &Opening, n: usize, seed: u64, threads: usize) -> Result<Pool, String> {
        let threads = threads.clamp(1, n.max(1));
        let share = |t: usize| n / threads + usize::from(t < n % threads);
        let at = opening
            .position
            .as_ref()
            .map(|(n, b)| (n.as_str(), b.as_slice()));
        let mut env = super::open(opening.program, at, opening.max_moves)?;
        let batch = Batch::new(&mut env, share(0), seed, 0).map_err(|e| e.to_string())?;
        let sides = env.sides();
        let mut workers = Vec::with_capacity(threads - 1);
        let mut first = share(0);
        for t in 1..threads {
            let games = share(t);
            let (jobs, job_rx) = channel::<Job>();
            let (reply_tx, replies) = channel::<Reply>();
            let (ready_tx, ready) = channel::<Result<(), String>>();
            let (program, max_moves) = (opening.program, opening.max_moves);
            let position = opening.position.clone();
            let thread = std::thread::Builder::new()
                .name(format!("ply-batch-{t}"))
                .spawn(move || {
                    let at = position.as_ref().map(|(n, b)| (n.as_str(), b.as_slice()));
                    let made = super::open(program, at, max_moves).and_then(|mut env| {
                        let b =
                            Batch::new(&mut env, games, seed, first).map_err(|e| e.to_string())?;
                        Ok((env, b))
                    });
                    let (mut env, mut b) = match made {
                        Ok(x) => x,
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                            return;
                        }
                    };
                    if ready_tx.send(Ok(())).is_err() {
                        return;
                    }
                    while let Some(job) = wait(&job_rx) {
                        let reply = answer(&mut env, &mut b, job);
                        if reply_tx.send(reply).is_err() {
                            return;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a thread of the batch: {e}"))?;
            ready.recv().map_err(|_| lost().to_string())??;
            workers.push(Worker {
                jobs,
                replies,
                games,
                thread: Some(thread),
            });
            first += games;
        }
        Ok(Pool {
            local: Box::new((env, batch)),
            workers,
            sides,
            finished: 0,
            drawn: None,
        })
    }

    pub fn len(&self) -> usize {
        self.local.1.len() + self.workers.iter().map(|w| w.games).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many threads step the games (the calling thread among them).
    pub fn threads(&self) -> usize {
        self.workers.len() + 1
    }

    /// The games of each share, the calling thread's first.
    fn shares(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(self.local.1.len()).chain(self.workers.iter().map(|w| w.games))
    }

    /// Asks every share the job `job` makes of its games (their range among all): the
    /// threads' first, then the calling thread's own while they work; the replies in order.
    fn ask(&mut self, job: impl Fn(std::ops::Range<usize>) -> Job) -> Result<Vec<Reply>, EnvError> {
        let mine = self.local.1.len();
        let mut at = mine;
        for w in &self.workers {
            w.jobs.send(job(at..at + w.games)).map_err(|_| lost())?;
            at += w.games;
        }
        let (env, b) = &mut *self.local;
        let mut replies = vec![answer(env, b, job(0..mine))];
        for w in &self.workers {
            replies.push(wait(&w.replies).ok_or_else(lost)?);
        }
        Ok(replies)
    }

    /// [`Batch::step`] over the threads: when an action is not legal, no game is stepped.
    pub fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f32],
        ended: &mut [bool],
    ) -> Result<(), EnvError> {
        super::batch::one_each(actions, self.len())?;
        // The actions drawn last are legal: the threads are asked once, not twice.
        let checks = match self.drawn.take().is_some_and(|d| d == actions) {
            true => Vec::new(),
            false => self.ask(|r| Job::Check(actions[r].to_vec()))?,
        };
        let mut offset = 0;
        let shares: Vec<usize> = self.shares().collect();
        for (games, r) in shares.into_iter().zip(checks) {
            match r {
                Reply::Done(Err(EnvError::Illegal(m))) => {
                    return Err(EnvError::Illegal(renumber(&m, offset)));
                }
                Reply::Done(r) => r?,
                _ => return Err(lost()),
            }
            offset += games;
        }
        let (mut at, sides) = (0, self.sides);
        for r in self.ask(|r| Job::Step(actions[r].to_vec()))? {
            let Reply::Stepped(r) = r else {
                return Err(lost());
            };
            let (rw, en, finished) = r?;
            rewards[at * sides..at * sides + rw.len()].copy_from_slice(&rw);
            ended[at..at + en.len()].copy_from_slice(&en);
            at += en.len();
            self.finished += finished;
        }
        Ok(())
    }

    /// Asks every thread `job` and writes the numbers each answers, one after another,
    /// into `out`; `read` takes them out of a reply (none: not the reply asked for).
    fn gather<T: Copy>(
        &mut self,
        job: impl Fn() -> Job,
        read: impl Fn(Reply) -> Option<Result<Vec<T>, EnvError>>,
        out: &mut [T],
    ) -> Result<(), EnvError> {
        let mut at = 0;
        for r in self.ask(|_| job())? {
            let part = read(r).ok_or_else(lost)??;
            out[at..at + part.len()].copy_from_slice(&part);
            at += part.len();
        }
        Ok(())
    }

    /// [`Batch::mask`] over the threads.
    pub fn mask(&mut self, out: &mut [bool]) -> Result<(), EnvError> {
        let read = |r| match r {
            Reply::Mask(m) => Some(m),
            _ => None,
        };
        self.gather(|| Job::Mask, read, out)
    }

    /// [`Batch::observe`] over the threads.
    pub fn observe(&mut self, out: &mut [f32]) -> Result<(), EnvError> {
        let read = |r| match r {
            Reply::Floats(o) => Some(o),
            _ => None,
        };
        self.gather(|| Job::Observe, read, out)
    }

    /// [`Batch::movers`] over the threads.
    pub fn movers(&mut self, out: &mut [i32]) -> Result<(), EnvError> {
        let read = |r| match r {
            Reply::Ints(o) => Some(o),
            _ => None,
        };
        self.gather(|| Job::Movers, read, out)
    }

    /// [`Batch::random_actions`] over the threads.
    pub fn random_actions(&mut self, out: &mut [i64]) -> Result<(), EnvError> {
        let read = |r| match r {
            Reply::Actions(a) => Some(a),
            _ => None,
        };
        self.drawn = None;
        self.gather(|| Job::Random, read, out)?;
        if out.iter().all(|&a| a >= 0) {
            self.drawn = Some(out.to_vec());
        }
        Ok(())
    }

    /// [`Batch::reset`] over the threads.
    pub fn reset(&mut self) -> Result<(), EnvError> {
        self.drawn = None;
        for r in self.ask(|_| Job::Reset)? {
            let Reply::Done(r) = r else {
                return Err(lost());
            };
            r?;
        }
        Ok(())
    }

    /// Every action taken in game `i` (chance outcomes included): replayed, they give its
    /// state.
    pub fn history(&mut self, i: usize) -> Result<Vec<u32>, EnvError> {
        let (env, b) = &mut *self.local;
        if i < b.len() {
            return b.history(env, i);
        }
        let mut at = b.len();
        for w in &self.workers {
            if i < at + w.games {
                w.jobs.send(Job::History(i - at)).map_err(|_| lost())?;
                return match w.replies.recv().map_err(|_| lost())? {
                    Reply::History(h) => h,
                    _ => Err(lost()),
                };
            }
            at += w.games;
        }
        Err(EnvError::Illegal(format!("there is no game {i}")))
    }
}

/// A thread's message about its game `g` renumbered as game `offset + g` of the pool.
fn renumber(message: &str, offset: usize) -> String {
    let Some(rest) = message.strip_prefix("game ") else {
        return message.to_string();
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<usize>() {
        Ok(g) => format!("game {}{}", g + offset, &rest[digits.len()..]),
        Err(_) => message.to_string(),
    }
}

/// How long a thread waits for a message before it sleeps: the next job (or reply) usually
/// comes within microseconds, and waking a sleeping thread costs tens of them.
const SPIN: Duration = Duration::from_micros(200);

/// The next message on `rx` (none once its sender is gone), looked for without sleeping
/// for [`SPIN`] first.
fn wait<T>(rx: &Receiver<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        match rx.try_recv() {
            Ok(m) => return Some(m),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) if start.elapsed() < SPIN => std::hint::spin_loop(),
            Err(TryRecvError::Empty) => return rx.recv().ok(),
        }
    }
}

/// A thread's answer to a job.
fn answer(env: &mut super::Env, b: &mut Batch, job: Job) -> Reply {
    let n = b.len();
    match job {
        Job::Check(actions) => Reply::Done(b.check(env, &actions)),
        Job::Step(actions) => {
            let before = b.finished;
            let mut rewards = vec![0.0; n * env.sides()];
            let mut ended = vec![false; n];
            let r = b.advance(env, &actions, &mut rewards, &mut ended);
            Reply::Stepped(r.map(|_| (rewards, ended, b.finished - before)))
        }
        Job::Mask => {
            let mut out = vec![false; n * env.space.size()];
            Reply::Mask(b.mask(env, &mut out).map(|_| out))
        }
        Job::Observe => {
            let mut out = vec![0.0; n * env.planes.len()];
            Reply::Floats(b.observe(env, &mut out).map(|_| out))
        }
        Job::Movers => {
            let mut out = vec![0; n];
            Reply::Ints(b.movers(env, &mut out).map(|_| out))
        }
        Job::Random => {
            let mut out = vec![0; n];
            Reply::Actions(b.random_actions(env, &mut out).map(|_| out))
        }
        Job::Reset => Reply::Done(b.reset(env)),
        Job::History(i) => Reply::History(b.history(env, i)),
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for w in &mut self.workers {
            // Closing the channel ends the thread's loop.
            let (closed, _) = channel();
            w.jobs = closed;
            if let Some(t) = w.thread.take() {
                let _ = t.join();
            }
        }
    }
}
