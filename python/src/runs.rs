//! Whole runs in one call, as the command line makes them: perft (whole, or split into
//! tasks and one task counted), random playouts numbered from a given game, and self-play
//! records. They start where `ply` starts (the rules file's setup or the given position)
//! and stop where the rules stop a game (not at the environment's `max_moves`), so that
//! `ply.distributed` finds what `ply perft` and `ply playout` find. The interpreter's lock
//! is released while they run.

use std::time::Duration;

use ply::play::self_play::{Record, SelfPlay, self_play};
use ply::play::{Agent, Effort};
use ply::program::{Outcome, Program};
use ply::run::error::{Budget, RunError};
use ply::run::generator::Seen;
use ply::run::query::perft::{PerftAsk, Unit, perft_shared};
use ply::run::query::split::{Mark, SplitAsk, Task, count_task, split_from};
use ply::run::query::tally::{PlayoutAsk, Summary, game_seed, playouts};
use ply::run::query::threads::Progress;
use ply::run::{Choice, Compiled, Position};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{Game, PlyError, RulesError};

/// The game's start as `ply` would take it, compiled.
fn opened(
    program: &'static Program,
    position: Option<&[u8]>,
) -> Result<(Compiled<'static>, Position), String> {
    let (runner, start) =
        ply::cases::game_start(program, position).map_err(|e| format!("the start: {e}"))?;
    Ok((Compiled::new(runner, Choice::Fastest), start))
}

/// What a run failed with, as a Python exception.
enum Failed {
    Start(String),
    Run(RunError),
}

impl From<Failed> for PyErr {
    fn from(f: Failed) -> PyErr {
        match f {
            Failed::Start(m) => RulesError::new_err((m, String::new())),
            Failed::Run(e) => PlyError::new_err(e.message),
        }
    }
}

impl From<RunError> for Failed {
    fn from(e: RunError) -> Failed {
        Failed::Run(e)
    }
}

/// Runs `work` on the game's start with the interpreter's lock released.
fn on_start<T: Send>(
    py: Python<'_>,
    game: &Game,
    work: impl FnOnce(&mut Compiled<'static>, &Position) -> Result<T, Failed> + Send,
) -> PyResult<T> {
    let program = game.program;
    let position = game.position.as_ref().map(|(_, b)| b.clone());
    let found = py.detach(move || {
        let (mut c, start) = opened(program, position.as_deref()).map_err(Failed::Start)?;
        work(&mut c, &start)
    });
    found.map_err(PyErr::from)
}

/// The unit asked for (`moves`, `turns`), or the one the rules count by.
fn unit(program: &Program, asked: Option<&str>) -> PyResult<Unit> {
    match asked {
        None => Ok(Unit::of(program)),
        Some("moves") => Ok(Unit::Moves),
        Some("turns") => Ok(Unit::Turns),
        Some(other) => Err(PyValueError::new_err(format!(
            "unknown unit `{other}`: perft counts `moves` (whole moves) or `turns` (whole turns)"
        ))),
    }
}

/// Perft to `depth` from the start, on `threads` threads (default one per core).
#[pyfunction]
#[pyo3(signature = (game, depth, threads=None, unit=None))]
pub fn perft(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    depth: u32,
    threads: Option<usize>,
    unit: Option<&str>,
) -> PyResult<u64> {
    let ask = PerftAsk {
        depth,
        divide: false,
        threads: ply::run::query::threads::count(threads),
        unit: self::unit(game.program, unit)?,
    };
    on_start(py, &game, |c, start| {
        let found = perft_shared(c, start, ask, &Budget::default(), &Progress::default())?;
        Ok(found.0)
    })
}

/// A task as Python sees it: the prefix as (index, text) pairs, the depth left, the
/// estimate of its leaves.
type TaskTuple = (Vec<(usize, String)>, u32, f64);

/// Perft to `depth` split into at least `tasks` tasks (fewer if the tree has fewer places to
/// split), largest first.
#[pyfunction]
#[pyo3(signature = (game, depth, tasks, unit=None))]
pub fn perft_split(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    depth: u32,
    tasks: usize,
    unit: Option<&str>,
) -> PyResult<Vec<TaskTuple>> {
    let ask = SplitAsk {
        depth,
        unit: self::unit(game.program, unit)?,
        tasks,
    };
    on_start(py, &game, |c, start| {
        let found = split_from(c, start, ask)?;
        Ok(found
            .into_iter()
            .map(|t| {
                let prefix = t.prefix.into_iter().map(|m| (m.index, m.text)).collect();
                (prefix, t.depth, t.estimate)
            })
            .collect())
    })
}

/// The count of one task of a split perft.
#[pyfunction]
#[pyo3(signature = (game, prefix, depth, unit=None))]
pub fn perft_task(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    prefix: Vec<(usize, String)>,
    depth: u32,
    unit: Option<&str>,
) -> PyResult<u64> {
    let unit = self::unit(game.program, unit)?;
    let task = Task {
        prefix: prefix
            .into_iter()
            .map(|(index, text)| Mark { index, text })
            .collect(),
        depth,
        estimate: 0.0,
    };
    on_start(py, &game, move |c, start| {
        Ok(count_task(c, start, &task, unit)?)
    })
}

/// An outcome as a word: `win 0`, `loss 1`, `draw`, `unstated`.
fn outcome_word(o: Outcome) -> String {
    match o {
        Outcome::Win(s) => format!("win {s}"),
        Outcome::Loss(s) => format!("loss {s}"),
        Outcome::Draw => "draw".into(),
        Outcome::Unstated => "unstated".into(),
    }
}

fn outcome_of(word: &str) -> PyResult<Outcome> {
    let side = |s: &str| {
        s.parse()
            .map_err(|_| PyValueError::new_err(format!("no outcome `{word}`")))
    };
    match word.split_once(' ') {
        Some(("win", s)) => Ok(Outcome::Win(side(s)?)),
        Some(("loss", s)) => Ok(Outcome::Loss(side(s)?)),
        _ if word == "draw" => Ok(Outcome::Draw),
        _ if word == "unstated" => Ok(Outcome::Unstated),
        _ => Err(PyValueError::new_err(format!("no outcome `{word}`"))),
    }
}

/// What a run of playouts found, as plain Python values: `tally` [(result, outcome, games)],
/// `plies`, `longest`, `limited`, `moves_seen`, `positions_seen`.
fn summary_dict<'py>(py: Python<'py>, sum: &Summary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let tally: Vec<(String, String, u64)> = sum
        .tally
        .iter()
        .map(|(t, o, n)| (t.clone(), outcome_word(*o), *n))
        .collect();
    d.set_item("tally", tally)?;
    d.set_item("plies", sum.plies)?;
    d.set_item("longest", sum.longest)?;
    d.set_item("limited", sum.limited)?;
    d.set_item("moves_seen", sum.seen.moves)?;
    d.set_item("positions_seen", sum.seen.positions)?;
    Ok(d)
}

fn summary_of(d: &Bound<'_, PyDict>) -> PyResult<Summary> {
    let get = |k: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(k)?
            .ok_or_else(|| PyValueError::new_err(format!("the summary has no `{k}`")))
    };
    let mut sum = Summary::default();
    for (text, outcome, n) in get("tally")?.extract::<Vec<(String, String, u64)>>()? {
        sum.add(&text, outcome_of(&outcome)?, n);
    }
    sum.plies = get("plies")?.extract()?;
    sum.longest = get("longest")?.extract()?;
    sum.limited = get("limited")?.extract()?;
    sum.seen = Seen {
        moves: get("moves_seen")?.extract()?,
        positions: get("positions_seen")?.extract()?,
    };
    Ok(sum)
}

/// `games` random games numbered from `first` (game `i` is seeded from `seed` and `i`, as
/// `ply playout` seeds it), on `threads` threads; their summary as a dict.
#[pyfunction]
#[pyo3(signature = (game, games, seed=1, first=0, stats=false, threads=1))]
pub fn playouts_run<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    games: u64,
    seed: u64,
    first: u64,
    stats: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if game.program.game.is_none() {
        return Err(PyValueError::new_err(
            "the rules file has no `game` section, so games have no end or result",
        ));
    }
    let ask = PlayoutAsk {
        games,
        first,
        seed,
        threads: threads.max(1),
        stats,
        max_plies: None,
    };
    let sum = on_start(py, &game, |c, start| {
        playouts(c, start, ask, &Budget::default(), &Progress::default())
            .map_err(|stopped| Failed::Run(stopped.error))
    })?;
    summary_dict(py, &sum)
}

/// What `ply playout` prints for a summary of `games` games seeded with `seed` (with
/// `stats`, the statistics too; with `json`, the JSON document).
#[pyfunction]
#[pyo3(signature = (game, summary, games, seed=1, stats=false, json=false))]
pub fn playout_report(
    game: PyRef<'_, Game>,
    summary: &Bound<'_, PyDict>,
    games: u64,
    seed: u64,
    stats: bool,
    json: bool,
) -> PyResult<String> {
    let mut sum = summary_of(summary)?;
    Ok(ply::render::tally::playout_output(
        game.program,
        (games, seed),
        &mut sum,
        (stats, json),
    ))
}

/// Adds the summary `other` to `into` (both dicts as [`playouts_run`] returns them).
#[pyfunction]
pub fn merge_summaries<'py>(
    py: Python<'py>,
    into: &Bound<'py, PyDict>,
    other: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut sum = summary_of(into)?;
    sum.merge(summary_of(other)?);
    summary_dict(py, &sum)
}

/// How hard the agents of a self-play game think.
fn effort(playouts: Option<u64>, think: Option<f64>, depth: Option<u32>) -> PyResult<Effort> {
    let think = match think {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(PyValueError::new_err(format!(
                "think is a number of seconds above 0, not {t}"
            )));
        }
        t => t.map(Duration::from_secs_f64),
    };
    if playouts == Some(0) {
        return Err(PyValueError::new_err("playouts is at least 1"));
    }
    Ok(Effort {
        think,
        playouts: playouts.or(think.is_none().then_some(100)),
        depth,
        memory: None,
    })
}

/// The agent of each side from their names: one name for every side, or one per side.
fn agents(program: &Program, names: &[String]) -> PyResult<Vec<Agent>> {
    let sides = program.sides.len();
    if names.len() != 1 && names.len() != sides {
        return Err(PyValueError::new_err(format!(
            "give one agent for every side or one for each of the {sides} sides, not {}",
            names.len()
        )));
    }
    let mut out = Vec::new();
    for name in names {
        match name.parse::<Agent>() {
            Ok(Agent::Human) | Err(_) => {
                return Err(PyValueError::new_err(format!(
                    "unknown self-play agent `{name}`: an agent is random, mcts or expectiminimax"
                )));
            }
            Ok(a) => out.push(a),
        }
    }
    Ok(match out.len() {
        1 => vec![out[0]; sides],
        _ => out,
    })
}

/// `games` self-play games numbered from `first` (game `i`'s agents seeded from `seed` and
/// `i`), the agents as `how` says (`agents`: one name for every side or one per side, default
/// mcts; `playouts`, default 100 unless `think` seconds bound them; `depth` for
/// expectiminimax): for each a dict with `game`, `moves`, `result`, `returns`, `plies`.
#[pyfunction]
#[pyo3(signature = (game, games, seed=1, first=0, how=None))]
pub fn self_play_run<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    games: u64,
    seed: u64,
    first: u64,
    how: Option<&Bound<'py, PyDict>>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let get = |k: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(match how {
            Some(d) => d.get_item(k)?.filter(|v| !v.is_none()),
            None => None,
        })
    };
    let agents: Vec<String> = match get("agents")? {
        Some(v) => v.extract()?,
        None => vec!["mcts".to_string()],
    };
    let playouts = get("playouts")?.map(|v| v.extract()).transpose()?;
    let think = get("think")?.map(|v| v.extract()).transpose()?;
    let depth = get("depth")?.map(|v| v.extract()).transpose()?;
    let agents = self::agents(game.program, &agents)?;
    let effort = effort(playouts, think, depth)?;
    let sides = game.program.sides.len();
    let (program, position) = (game.program, game.position.clone());
    let records: Result<Vec<(u64, Record)>, Failed> = py.detach(move || {
        let at = position.as_ref().map(|(_, b)| b.as_slice());
        (first..first + games)
            .map(|i| {
                let (c, start) = opened(program, at).map_err(Failed::Start)?;
                let mut played = ply::play::Game::new(c, start)?;
                let ask = SelfPlay {
                    agents: agents.clone(),
                    effort,
                    seed: game_seed(seed, i),
                    max_plies: None,
                };
                Ok((i, self_play(&mut played, &ask)?))
            })
            .collect()
    });
    records?
        .into_iter()
        .map(|(i, r)| {
            let d = PyDict::new(py);
            d.set_item("game", i)?;
            d.set_item("moves", r.moves)?;
            d.set_item("result", r.result)?;
            d.set_item("returns", ply::env::moment::returns(r.outcome, sides))?;
            d.set_item("plies", r.plies)?;
            Ok(d)
        })
        .collect()
}
