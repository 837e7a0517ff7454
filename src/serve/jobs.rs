//! Long searches run in the background: perft and random playouts from a game's position,
//! on every core, with their progress (first moves counted, games played) for the page to
//! poll, and a way to stop them. A few jobs run at once ([`RUNNING`]), so a long one does
//! not keep the others waiting; each stops by itself after [`MAX_SECONDS`], and a game that
//! its rules let go on for ever is stopped unfinished after the run's limit of plies. The
//! last few finished jobs are kept for their results.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::api::{self, parse, replay};
use super::folder::Folder;
use super::reply::Reply;
use crate::render::move_view::outcome_word;
use crate::run::query::perft::{PerftAsk, Unit, perft_shared};
use crate::run::query::tally::{PlayoutAsk, playouts};
use crate::run::query::threads::{self, Progress};
use crate::run::{Budget, RunError};

/// The deepest perft a job counts.
const MAX_DEPTH: u32 = 64;
/// The most games a playout job plays.
const MAX_GAMES: u64 = 1_000_000_000;
/// A job stops by itself after this long.
pub const MAX_SECONDS: u64 = 600;
/// Jobs running at once; one more is refused until one of them ends.
pub const RUNNING: usize = 4;
/// Finished jobs kept for their results.
const KEPT: usize = 16;
/// The node budget of a job: never reached by counting, only by [`STOP`].
const NODES: u64 = u64::MAX / 4;
/// What stopping a job puts in its shared node counter: past the budget, so every thread of
/// the search stops at its next batch of nodes.
const STOP: u64 = u64::MAX / 2;

/// A job asked for: a perft to a depth, or playouts, from the game after `moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JobAsk {
    rules: String,
    #[serde(default)]
    moves: Vec<String>,
    /// `perft` or `playout`.
    kind: String,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    games: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Debug, Clone, Copy)]
enum Work {
    Perft { depth: u32 },
    Playout { games: u64, seed: u64 },
}

impl Work {
    fn of(ask: &JobAsk) -> Result<Work, String> {
        match ask.kind.as_str() {
            "perft" => match ask.depth {
                Some(depth) if depth <= MAX_DEPTH => Ok(Work::Perft { depth }),
                _ => Err(format!("a perft job needs a depth from 0 to {MAX_DEPTH}")),
            },
            "playout" => match ask.games {
                Some(games @ 1..=MAX_GAMES) => Ok(Work::Playout {
                    games,
                    seed: ask.seed.unwrap_or(1),
                }),
                _ => Err(format!("a playout job needs games from 1 to {MAX_GAMES}")),
            },
            other => Err(format!("unknown kind of job `{other}`: perft or playout")),
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Work::Perft { .. } => "perft",
            Work::Playout { .. } => "playout",
        }
    }
}

/// Where a job stands.
#[derive(Debug, Clone)]
enum Phase {
    Running,
    Done(serde_json::Value),
    Failed(String),
    Stopped,
}

struct Job {
    id: u64,
    work: Work,
    started: Instant,
    /// Seconds it took, once finished.
    took: Option<f64>,
    progress: Arc<Progress>,
    /// The search's shared node counter; [`STOP`] stops it.
    nodes: Arc<AtomicU64>,
    phase: Phase,
}

/// The jobs, shared by the threads that answer requests.
#[derive(Default)]
pub struct Jobs {
    list: Mutex<(u64, Vec<Job>)>,
}

#[derive(Serialize)]
struct JobView {
    id: u64,
    kind: &'static str,
    /// `running`, `done`, `failed` or `stopped`.
    state: &'static str,
    done: u64,
    total: u64,
    seconds: f64,
    result: Option<serde_json::Value>,
    error: Option<String>,
}

impl Job {
    fn view(&self) -> JobView {
        let (state, result, error) = match &self.phase {
            Phase::Running => ("running", None, None),
            Phase::Done(v) => ("done", Some(v.clone()), None),
            Phase::Failed(e) => ("failed", None, Some(e.clone())),
            Phase::Stopped => ("stopped", None, None),
        };
        JobView {
            id: self.id,
            kind: self.work.kind(),
            state,
            done: self.progress.done.load(Ordering::Relaxed),
            total: self.progress.total.load(Ordering::Relaxed),
            seconds: self
                .took
                .unwrap_or_else(|| self.started.elapsed().as_secs_f64()),
            result,
            error,
        }
    }
}

impl Jobs {
    fn lock(&self) -> MutexGuard<'_, (u64, Vec<Job>)> {
        // A thread that panicked holding the lock left the list as it was: go on with it.
        self.list.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `POST /api/jobs`: starts a job (202 with its view); 409 while [`RUNNING`] others run.
    pub fn start(self: &Arc<Self>, folder: &Folder, body: &[u8]) -> Reply {
        let ask: JobAsk = match parse(body) {
            Ok(a) => a,
            Err(r) => return r,
        };
        let work = match Work::of(&ask) {
            Ok(w) => w,
            Err(e) => return Reply::error(400, e),
        };
        let bytes = match folder.read(&ask.rules) {
            Ok(b) => b,
            Err(r) => return r.into(),
        };
        // The moves are checked now, so that a wrong one is answered at once.
        if let Err(r) = replay(&ask.rules, bytes.clone(), &ask.moves, |_, _| Ok(())) {
            return r;
        }
        let mut list = self.lock();
        let running: Vec<String> = (list.1.iter())
            .filter(|j| matches!(j.phase, Phase::Running))
            .map(|j| j.id.to_string())
            .collect();
        if running.len() >= RUNNING {
            let msg = format!(
                "jobs {} are running, {RUNNING} at most at once: wait for one or stop one first",
                running.join(", ")
            );
            return Reply::error(409, msg);
        }
        list.0 += 1;
        let job = Job {
            id: list.0,
            work,
            started: Instant::now(),
            took: None,
            progress: Arc::new(Progress::default()),
            nodes: Arc::new(AtomicU64::new(0)),
            phase: Phase::Running,
        };
        let view = job.view();
        let (id, progress, nodes) = (job.id, job.progress.clone(), job.nodes.clone());
        let finished = list.1.iter().filter(|j| !matches!(j.phase, Phase::Running));
        if finished.count() >= KEPT {
            list.1.remove(0);
        }
        list.1.push(job);
        drop(list);
        let jobs = self.clone();
        std::thread::spawn(move || {
            let found = replay(&ask.rules, bytes, &ask.moves, |game, _| {
                run(game, work, &progress, &nodes).map_err(|e| api::run_failed(&e))
            });
            jobs.finish(id, found);
        });
        Reply::json_status(202, &view)
    }

    /// Records how job `id` ended.
    fn finish(&self, id: u64, found: Result<serde_json::Value, Reply>) {
        let mut list = self.lock();
        let Some(job) = list.1.iter_mut().find(|j| j.id == id) else {
            return;
        };
        job.took = Some(job.started.elapsed().as_secs_f64());
        job.phase = match found {
            Ok(v) => Phase::Done(v),
            Err(_) if job.nodes.load(Ordering::Relaxed) >= STOP => Phase::Stopped,
            Err(r) => Phase::Failed(error_text(&r)),
        };
    }

    /// `GET /api/jobs/ID`: where the job stands.
    pub fn get(&self, id: &str) -> Reply {
        let list = self.lock();
        match find(&list.1, id) {
            Ok(job) => Reply::json(&job.view()),
            Err(r) => r,
        }
    }

    /// `DELETE /api/jobs/ID`: stops a running job (its threads stop within moments).
    pub fn stop(&self, id: &str) -> Reply {
        let list = self.lock();
        match find(&list.1, id) {
            Ok(job) => {
                if matches!(job.phase, Phase::Running) {
                    job.nodes.store(STOP, Ordering::Relaxed);
                }
                Reply::json_status(202, &job.view())
            }
            Err(r) => r,
        }
    }
}

fn find<'j>(jobs: &'j [Job], id: &str) -> Result<&'j Job, Reply> {
    let n: u64 = id
        .parse()
        .map_err(|_| Reply::error(404, format!("`{id}` is not a job number")))?;
    jobs.iter()
        .find(|j| j.id == n)
        .ok_or_else(|| Reply::error(404, format!("there is no job {n}")))
}

/// The message of an error answer.
fn error_text(r: &Reply) -> String {
    serde_json::from_slice::<serde_json::Value>(&r.body)
        .ok()
        .and_then(|v| v.get("error")?.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("status {}", r.status))
}

/// Runs the job's search from the game's position, as `ply perft --position` or `ply
/// playout --position` would from that position (the moves before it are not remembered).
fn run(
    game: &mut crate::play::Game,
    work: Work,
    progress: &Progress,
    nodes: &Arc<AtomicU64>,
) -> Result<serde_json::Value, RunError> {
    let budget = Budget {
        max_nodes: Some(NODES),
        deadline: Some(Instant::now() + Duration::from_secs(MAX_SECONDS)),
        shared: Some(nodes.clone()),
        max_memory: Some(crate::memory::DEFAULT_LIMIT),
    };
    let pos = game.position().clone();
    let compiled = &mut game.compiled;
    compiled.runner().forget_game();
    let cores = threads::count(None);
    match work {
        Work::Perft { depth } => {
            let ask = PerftAsk {
                unit: Unit::Moves,
                depth,
                divide: true,
                threads: cores,
            };
            let (count, divide) = perft_shared(compiled, &pos, ask, &budget, progress)?;
            let divide: Vec<_> = divide
                .into_iter()
                .flatten()
                .map(|(mv, n)| serde_json::json!({ "move": mv, "count": n }))
                .collect();
            Ok(serde_json::json!({ "depth": depth, "count": count, "divide": divide }))
        }
        Work::Playout { games, seed } => {
            let ask = PlayoutAsk {
                games,
                first: 0,
                seed,
                threads: cores,
                stats: true,
                max_plies: None,
            };
            let mut sum = playouts(compiled, &pos, ask, &budget, progress)
                .map_err(|stopped| stopped.error)?;
            let p = compiled.engine().p;
            let stats = crate::render::tally::document(p, games, seed, &mut sum, true);
            let (mut tally, plies) = (sum.tally, sum.plies);
            tally.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
            let tally: Vec<_> = tally
                .into_iter()
                .map(|(result, outcome, n)| {
                    let (word, side) = outcome_word(outcome);
                    let side = side.map(|s| p.sides[s as usize].name.clone());
                    serde_json::json!({ "result": result, "outcome": word, "side": side, "games": n })
                })
                .collect();
            Ok(serde_json::json!({
                "games": games, "seed": seed, "plies": plies, "tally": tally, "stats": stats
            }))
        }
    }
}
