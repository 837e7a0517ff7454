//! `ply._ply`: ply's games as Python objects, over the crate's learning environment
//! (`ply::env`). The Python package (`python/ply/`) builds its pyspiel-style game, the
//! OpenSpiel registration and the PettingZoo environment on these classes.

use std::cell::RefCell;
use std::rc::Rc;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use ply::env::{Batch, Env, EnvError, Moment, Pool, Status};
use ply::program::Program;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

mod runs;

create_exception!(
    _ply,
    RulesError,
    PyValueError,
    "A rules file (or a position) that does not load: the message is the one `ply` prints, file:line:column first."
);
create_exception!(
    _ply,
    IllegalActionError,
    PyValueError,
    "An action that is not legal where it was taken; the state is unchanged."
);
create_exception!(
    _ply,
    PlyError,
    PyRuntimeError,
    "The rules failed at run time (a number past the 64-bit range, ...)."
);

/// Terminal and chance players, as pyspiel numbers them.
const TERMINAL: i32 = -4;
const CHANCE: i32 = -1;

fn env_err(e: EnvError) -> PyErr {
    match e {
        EnvError::Illegal(m) => IllegalActionError::new_err(m),
        EnvError::Run(r) => PlyError::new_err(r.message),
    }
}

type Shared = Rc<RefCell<Env<'static>>>;

/// A game: the rules file compiled for its board, and its fixed action space.
#[pyclass(unsendable, module = "ply._ply")]
struct Game {
    env: Shared,
    program: &'static Program,
    name: String,
    source: String,
    /// The position given to start from, and the move limit (for a batch's threads, which
    /// compile the game again).
    position: Option<(String, Vec<u8>)>,
    max_moves: u32,
}

/// Loads a rules file: `source` is its text, `name` what messages call it; `position` an
/// input case to start from (with the name messages call it).
#[pyfunction]
#[pyo3(signature = (source, name, position=None, max_moves=None))]
fn load(
    source: &[u8],
    name: &str,
    position: Option<(String, Vec<u8>)>,
    max_moves: Option<u32>,
) -> PyResult<Game> {
    let rules = ply::load::try_load_bytes(source.to_vec()).map_err(|p| {
        let (text, json) = ply::env::problem_text(&p, name);
        let json = serde_json::to_string(&json).unwrap_or_default();
        RulesError::new_err((text, json))
    })?;
    // A game's objects live as long as the interpreter: the program they compile from
    // is kept for good (one per game loaded).
    let program: &'static Program = Box::leak(Box::new(rules.program));
    let at = position.as_ref().map(|(n, b)| (n.as_str(), b.as_slice()));
    let max_moves = max_moves.unwrap_or(DEFAULT_MAX_MOVES);
    let env = ply::env::open(program, at, max_moves)
        .map_err(|m| RulesError::new_err((format!("error: {name}: {m}\n"), String::new())))?;
    Ok(Game {
        env: Rc::new(RefCell::new(env)),
        program,
        name: name.to_string(),
        source: rules.source,
        position,
        max_moves,
    })
}

/// The plies (or turns) a game lasts at most when its rules set no limit.
const DEFAULT_MAX_MOVES: u32 = 5000;

#[pymethods]
impl Game {
    fn new_initial_state(&self) -> State {
        let m = self.env.borrow().initial();
        State {
            env: self.env.clone(),
            m,
        }
    }

    fn num_distinct_actions(&self) -> usize {
        self.env.borrow().space.size()
    }

    fn num_players(&self) -> usize {
        self.env.borrow().sides()
    }

    fn max_game_length(&self) -> u32 {
        self.env.borrow().max_decisions()
    }

    fn max_chance_outcomes(&self) -> usize {
        self.env.borrow().max_outcomes()
    }

    /// The limit of plies (or turns) a game lasts, as the rules count them.
    fn max_moves(&self) -> u32 {
        self.env.borrow().limit()
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.env.borrow().planes.shape().to_vec()
    }

    fn observation_tensor_size(&self) -> usize {
        self.env.borrow().planes.len()
    }

    /// What each plane of the observation holds.
    fn observation_planes(&self) -> Vec<String> {
        self.env.borrow().planes.names().to_vec()
    }

    /// The ranges of the action space: (name, first action, size).
    fn action_ranges(&self) -> Vec<(String, u32, u32)> {
        let env = self.env.borrow();
        let r = env.space.ranges();
        r.into_iter()
            .map(|(n, a, s)| (n.to_string(), a, s))
            .collect()
    }

    fn min_utility(&self) -> f64 {
        -1.0 / (self.env.borrow().sides().max(2) - 1) as f64
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    /// The sides' names, in order.
    fn side_names(&self) -> Vec<String> {
        self.program.sides.iter().map(|s| s.name.clone()).collect()
    }

    /// True if the rules roll dice.
    fn has_chance(&self) -> bool {
        self.program.dice.is_some()
    }

    /// The name messages use (the file's name, or `<text>`).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The rules file's text.
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }

    /// How ply runs the game: the general generator or a bit form.
    fn representation(&self) -> String {
        self.env.borrow().compiled.describe()
    }

    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let env = self.env.borrow();
        text(&env, action)
    }

    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        let env = self.env.borrow();
        find_action(&env, text)
    }

    /// `n` games stepped together on `threads` threads (default: one per core, at most one
    /// per 512 games), their rolls and random actions drawn from `seed` (the same games for
    /// any number of threads).
    #[pyo3(signature = (n, seed=0, threads=None))]
    fn batch(&self, n: usize, seed: u64, threads: Option<usize>) -> PyResult<BatchGames> {
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let threads = threads.unwrap_or_else(|| cores.min(n / 512).max(1));
        if threads == 0 {
            return Err(PyValueError::new_err("a batch runs on at least one thread"));
        }
        let inner = match threads {
            1 => Inner::Local(Batch::new(&mut self.env.borrow_mut(), n, seed, 0).map_err(env_err)?),
            t => {
                let opening = ply::env::Opening {
                    program: self.program,
                    position: self.position.clone(),
                    max_moves: self.max_moves,
                };
                Inner::Pool(Pool::new(&opening, n, seed, t).map_err(PlyError::new_err)?)
            }
        };
        Ok(BatchGames {
            env: self.env.clone(),
            inner,
        })
    }
}

fn text(env: &Env, action: i64) -> PyResult<String> {
    let e = env.compiled.engine();
    u32::try_from(action)
        .ok()
        .and_then(|a| env.space.text(e, a))
        .ok_or_else(|| {
            IllegalActionError::new_err(format!(
                "{action} is not an action of this game (its actions are 0 to {})",
                env.space.size() - 1
            ))
        })
}

fn find_action(env: &Env, text: &str) -> PyResult<i64> {
    let e = env.compiled.engine();
    let wanted = text.trim();
    (0..env.space.size() as u32)
        .find(|&a| {
            env.space
                .text(e, a)
                .is_some_and(|t| t.eq_ignore_ascii_case(wanted))
        })
        .map(i64::from)
        .ok_or_else(|| {
            IllegalActionError::new_err(format!("`{text}` names no action of this game"))
        })
}

/// One point of a game.
#[pyclass(unsendable, module = "ply._ply")]
struct State {
    env: Shared,
    m: Moment,
}

impl State {
    fn status(&mut self) -> PyResult<Rc<Status>> {
        self.env.borrow_mut().status(&mut self.m).map_err(env_err)
    }

    /// `f` of the legal actions in increasing order (as `legal_actions` gives them); between
    /// moves, the moves' first actions as the status keeps them, with no list in between.
    fn with_legal<T>(&mut self, player: Option<i32>, f: impl FnOnce(&[u32]) -> T) -> PyResult<T> {
        let status = self.status()?;
        let whose = match &*status {
            Status::Over(_) => TERMINAL,
            Status::Chance(_) => CHANCE,
            Status::Moves(_) => self.env.borrow().mover(&self.m) as i32,
        };
        Ok(match &*status {
            _ if player.is_some_and(|p| p != whose) => f(&[]),
            Status::Over(_) => f(&[]),
            Status::Chance(n) => f(&(0..*n as u32).collect::<Vec<_>>()),
            Status::Moves(moves) if self.m.prefix().is_empty() => f(moves.first()),
            Status::Moves(_) => {
                let mut out = Vec::new();
                self.env
                    .borrow_mut()
                    .legal(&mut self.m, &mut out)
                    .map_err(env_err)?;
                f(&out)
            }
        })
    }
}

#[pymethods]
impl State {
    /// The side to decide (0, 1, ...), -1 at a chance node, -4 at the end.
    fn current_player(&mut self) -> PyResult<i32> {
        Ok(match &*self.status()? {
            Status::Over(_) => TERMINAL,
            Status::Chance(_) => CHANCE,
            Status::Moves(_) => self.env.borrow().mover(&self.m) as i32,
        })
    }

    fn is_terminal(&mut self) -> PyResult<bool> {
        Ok(matches!(&*self.status()?, Status::Over(_)))
    }

    fn is_chance_node(&mut self) -> PyResult<bool> {
        Ok(matches!(&*self.status()?, Status::Chance(_)))
    }

    /// The legal actions in increasing order: of the side to decide, or, at a chance node,
    /// the roll's outcomes; none for another side or at the end.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, PyList>> {
        self.with_legal(player, |legal| {
            PyList::new(py, legal.iter().map(|&a| i64::from(a)))
        })?
    }

    /// The legal actions as a mask over every action of the game.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let size = match self.is_chance_node()? {
            true => self.env.borrow().max_outcomes(),
            false => self.env.borrow().space.size(),
        };
        let mut mask = vec![false; size];
        self.with_legal(player, |legal| {
            for &a in legal {
                mask[a as usize] = true;
            }
        })?;
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Each outcome of the roll and its probability (none away from a chance node).
    fn chance_outcomes(&mut self) -> PyResult<Vec<(i64, f64)>> {
        Ok(match &*self.status()? {
            Status::Chance(n) => (0..*n as i64).map(|i| (i, 1.0 / *n as f64)).collect(),
            _ => Vec::new(),
        })
    }

    /// Takes an action; an illegal one raises IllegalActionError and changes nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = u32::try_from(action).map_err(|_| {
            IllegalActionError::new_err(format!("{action} is not an action of this game"))
        })?;
        self.env.borrow_mut().apply(&mut self.m, a).map_err(env_err)
    }

    /// Takes back the last action (`player` and `action` as pyspiel passes them, checked).
    #[pyo3(signature = (player=None, action=None))]
    fn undo_action(&mut self, player: Option<i32>, action: Option<i64>) -> PyResult<()> {
        let last = self.m.history().last().copied();
        if let (Some(a), Some(l)) = (action, last)
            && a != i64::from(l)
        {
            return Err(IllegalActionError::new_err(format!(
                "the last action was {l}, not {a}"
            )));
        }
        let _ = player;
        match self.env.borrow().undo(&mut self.m) {
            true => Ok(()),
            false => Err(IllegalActionError::new_err("no action to undo")),
        }
    }

    fn clone(&self) -> State {
        State {
            env: self.env.clone(),
            m: self.m.clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// What each side has won (1), lost (`-1/(sides-1)`) or drawn (0); all 0 before the end.
    fn returns(&mut self) -> PyResult<Vec<f64>> {
        Ok(match &*self.status()? {
            Status::Over(r) => r.clone(),
            _ => vec![0.0; self.env.borrow().sides()],
        })
    }

    /// What the last action earned: the returns when it ended the game, else 0.
    fn rewards(&mut self) -> PyResult<Vec<f64>> {
        self.returns()
    }

    fn player_return(&mut self, player: usize) -> PyResult<f64> {
        Ok(self.returns()?.get(player).copied().unwrap_or(0.0))
    }

    /// An action as a person reads it (`e2-e4`, `d3`, `pass`); at a chance node, the roll.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&mut self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        let (player, a) = match action {
            Some(a) => (Some(player_or_action), a),
            None => (None, player_or_action),
        };
        if player == Some(i64::from(CHANCE)) || (player.is_none() && self.is_chance_node()?) {
            let env = self.env.borrow();
            let outcomes = &env.compiled.engine().t;
            let rolls = match self.m.position().dice & ply::run::position::OPENING {
                0 => &outcomes.outcomes,
                _ => &outcomes.opening_outcomes,
            };
            return match usize::try_from(a).ok().and_then(|i| rolls.get(i)) {
                Some(r) => Ok(format!("roll {}", ply::program::roll_text(r))),
                None => Err(IllegalActionError::new_err(format!(
                    "{a} is not an outcome of a roll"
                ))),
            };
        }
        text(&self.env.borrow(), a)
    }

    #[pyo3(signature = (player_or_text, text=None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<&str>,
    ) -> PyResult<i64> {
        let t: String = match text {
            Some(t) => t.to_string(),
            None => player_or_text.extract()?,
        };
        find_action(&self.env.borrow(), &t)
    }

    /// The observation as a flat list of numbers (see the game's observation_tensor_shape).
    #[pyo3(signature = (player=None))]
    fn observation_tensor(&self, player: Option<i32>) -> Vec<f32> {
        let _ = player;
        let env = self.env.borrow();
        let mut out = vec![0.0; env.planes.len()];
        env.observe(&self.m, &mut out);
        out
    }

    /// The observation as a numpy array of the game's observation_tensor_shape.
    #[pyo3(signature = (player=None))]
    fn observation_array<'py>(
        &self,
        py: Python<'py>,
        player: Option<i32>,
    ) -> PyResult<Bound<'py, numpy::PyArrayDyn<f32>>> {
        let shape = self.env.borrow().planes.shape();
        let flat = PyArray1::from_vec(py, self.observation_tensor(player));
        flat.reshape(shape.to_vec())
    }

    /// The game so far: every action taken, rolls included (the game is of perfect
    /// information, so every side knows it).
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i32>) -> String {
        let _ = player;
        let h: Vec<String> = self.m.history().iter().map(u32::to_string).collect();
        h.join(" ")
    }

    /// The position as text (as `__str__`).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i32>) -> String {
        let _ = player;
        self.__str__()
    }

    fn history(&self) -> Vec<i64> {
        self.m.history().iter().map(|&a| i64::from(a)).collect()
    }

    fn move_number(&self) -> usize {
        self.m.history().len()
    }

    /// The actions of the move begun (none between moves).
    fn move_begun(&self) -> Vec<i64> {
        self.m.prefix().iter().map(|&a| i64::from(a)).collect()
    }

    /// The legal moves as the game writes them, each with the actions that play it.
    fn legal_moves(&mut self) -> PyResult<Vec<(String, Vec<i64>)>> {
        let moves = self
            .env
            .borrow_mut()
            .move_texts(&mut self.m)
            .map_err(env_err)?;
        Ok(moves
            .into_iter()
            .map(|(t, a)| (t, a.into_iter().map(i64::from).collect()))
            .collect())
    }

    /// The position in the rules file's input format (`ply show` reads it back).
    fn position_text(&self) -> String {
        let env = self.env.borrow();
        ply::render::position_text::position_text(env.compiled.engine(), self.m.position(), &[])
    }

    fn __str__(&self) -> String {
        let env = self.env.borrow();
        let e = env.compiled.engine();
        let mut out = ply::render::board_text::draw(e, self.m.position()).join("\n");
        let pos = self.m.position();
        out.push_str(&format!("\n{} to move", e.p.sides[pos.mover as usize].name));
        if !pos.hand.is_empty() {
            out.push_str(&format!(
                "; in hand: {}",
                ply::render::board_text::hand(e, pos)
            ));
        }
        if e.p.dice.is_some() {
            out.push_str(&format!("; {}", ply::render::board_text::roll_note(e, pos)));
        }
        if !self.m.prefix().is_empty() {
            let begun: Vec<String> = self
                .m
                .prefix()
                .iter()
                .filter_map(|&a| env.space.text(e, a))
                .collect();
            out.push_str(&format!("; move begun: {}", begun.join(" ")));
        }
        out
    }

    fn __repr__(&self) -> String {
        format!("<ply State after {} actions>", self.m.history().len())
    }

    /// The position drawn as `ply show --svg` draws it (notebooks show it).
    fn _repr_svg_(&self) -> String {
        let env = self.env.borrow();
        let e = env.compiled.engine();
        let side = &e.p.sides[self.m.position().mover as usize].name;
        let title = format!("{side} to move");
        let scene = ply::render::svg::Scene {
            title: &title,
            ..Default::default()
        };
        ply::render::svg::draw(e, self.m.position(), &scene)
    }
}

/// What a batch's step gives back: rewards (games x players) and which games ended.
type Stepped<'py> = (
    Bound<'py, numpy::PyArrayDyn<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// The games of a batch: stepped here, or on threads.
enum Inner {
    Local(Batch),
    Pool(Pool),
}

/// Many games stepped together.
#[pyclass(unsendable, module = "ply._ply")]
struct BatchGames {
    env: Shared,
    inner: Inner,
}

impl BatchGames {
    fn len(&self) -> usize {
        match &self.inner {
            Inner::Local(b) => b.len(),
            Inner::Pool(p) => p.len(),
        }
    }
}

#[pymethods]
impl BatchGames {
    fn __len__(&self) -> usize {
        self.len()
    }

    /// Games ended since the batch was made.
    #[getter]
    fn finished(&self) -> u64 {
        match &self.inner {
            Inner::Local(b) => b.finished,
            Inner::Pool(p) => p.finished,
        }
    }

    /// How many threads step the games.
    #[getter]
    fn threads(&self) -> usize {
        match &self.inner {
            Inner::Local(_) => 1,
            Inner::Pool(p) => p.threads(),
        }
    }

    /// One action per game; returns (rewards: games x players, ended: games). Games that
    /// end start again at once. An illegal action raises and steps no game.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice()?;
        let (n, sides) = (self.len(), self.env.borrow().sides());
        let mut rewards = vec![0.0f32; n * sides];
        let mut ended = vec![false; n];
        match &mut self.inner {
            Inner::Local(b) => b.step(
                &mut self.env.borrow_mut(),
                actions,
                &mut rewards,
                &mut ended,
            ),
            Inner::Pool(p) => p.step(actions, &mut rewards, &mut ended),
        }
        .map_err(env_err)?;
        let rewards = PyArray1::from_vec(py, rewards).reshape(vec![n, sides])?;
        Ok((rewards, PyArray1::from_vec(py, ended)))
    }

    /// The legal actions of every game as a mask (games x actions).
    fn legal_actions_mask<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, numpy::PyArrayDyn<bool>>> {
        let size = self.env.borrow().space.size();
        let mut out = vec![false; self.len() * size];
        match &mut self.inner {
            Inner::Local(b) => b.mask(&mut self.env.borrow_mut(), &mut out),
            Inner::Pool(p) => p.mask(&mut out),
        }
        .map_err(env_err)?;
        PyArray1::from_vec(py, out).reshape(vec![self.len(), size])
    }

    /// Every game's observation (games x the observation's shape).
    fn observations<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, numpy::PyArrayDyn<f32>>> {
        let mut env = self.env.borrow_mut();
        let mut out = vec![0.0f32; self.len() * env.planes.len()];
        match &mut self.inner {
            Inner::Local(b) => b.observe(&mut env, &mut out),
            Inner::Pool(p) => p.observe(&mut out),
        }
        .map_err(env_err)?;
        let mut shape = vec![self.len()];
        shape.extend(env.planes.shape());
        PyArray1::from_vec(py, out).reshape(shape)
    }

    /// The side to decide in every game.
    fn current_players<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i32>>> {
        let mut out = vec![0i32; self.len()];
        match &mut self.inner {
            Inner::Local(b) => b.movers(&mut self.env.borrow_mut(), &mut out),
            Inner::Pool(p) => p.movers(&mut out),
        }
        .map_err(env_err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// A uniformly random legal action for every game (seeded with the batch).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = vec![0i64; self.len()];
        match &mut self.inner {
            Inner::Local(b) => b.random_actions(&mut self.env.borrow_mut(), &mut out),
            Inner::Pool(p) => p.random_actions(&mut out),
        }
        .map_err(env_err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Starts every game again.
    fn reset(&mut self) -> PyResult<()> {
        match &mut self.inner {
            Inner::Local(b) => b.reset(&mut self.env.borrow_mut()),
            Inner::Pool(p) => p.reset(),
        }
        .map_err(env_err)
    }

    /// Game `i` as a State (a copy).
    fn state(&mut self, i: usize) -> PyResult<State> {
        if i >= self.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "game {i} of {}",
                self.len()
            )));
        }
        let history = match &mut self.inner {
            Inner::Local(b) => b.history(&mut self.env.borrow_mut(), i),
            Inner::Pool(p) => p.history(i),
        }
        .map_err(env_err)?;
        let mut env = self.env.borrow_mut();
        let mut m = env.initial();
        for a in history {
            env.apply(&mut m, a).map_err(env_err)?;
        }
        drop(env);
        Ok(State {
            env: self.env.clone(),
            m,
        })
    }
}

#[pymodule]
fn _ply(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<BatchGames>()?;
    m.add_function(wrap_pyfunction!(runs::perft, m)?)?;
    m.add_function(wrap_pyfunction!(runs::perft_split, m)?)?;
    m.add_function(wrap_pyfunction!(runs::perft_task, m)?)?;
    m.add_function(wrap_pyfunction!(runs::playouts_run, m)?)?;
    m.add_function(wrap_pyfunction!(runs::playout_report, m)?)?;
    m.add_function(wrap_pyfunction!(runs::merge_summaries, m)?)?;
    m.add_function(wrap_pyfunction!(runs::self_play_run, m)?)?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    m.add("PlyError", m.py().get_type::<PlyError>())?;
    Ok(())
}
