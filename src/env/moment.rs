//! A game as a learning environment sees it: decisions, each one action of the game's
//! [`ActionSpace`], and chance nodes, each one outcome of a roll. A move is played as its
//! actions (its steps); after each action the move goes on by itself while only one action
//! could follow (a capture chain with one way on, the later parts of a move that only one
//! square can take), so a side decides only where the legal moves differ. A [`Moment`] is
//! one point of a game (the position, the move begun, the game so far); an [`Env`] holds the
//! compiled rules that every moment of the game asks.

use std::rc::Rc;

use super::action_space::{ActionSpace, STOP};
use super::legal::Moves;
use super::observation::Planes;
use crate::dispatch;
use crate::program::Outcome;
use crate::run::{Compiled, Generator, Position, RunError, Step};

/// Why an action could not be taken, or a question about a position could not be answered.
#[derive(Debug, Clone, thiserror::Error)]
pub enum EnvError {
    /// The action is not legal at this point (the moment is unchanged).
    #[error("{0}")]
    Illegal(String),
    /// The rules failed at run time (a number past the 64-bit range, ...).
    #[error("{0}")]
    Run(#[from] RunError),
}

/// Where a moment stands.
#[derive(Debug)]
pub enum Status {
    /// The game is over: what each side gets, from `-1/(sides-1)` (lost) to 1 (won).
    Over(Vec<f64>),
    /// A roll is to be made: this many outcomes, each as likely as another.
    Chance(usize),
    /// The side to move decides among these moves, each as the actions that play it.
    Moves(Moves),
}

/// The game so far, shared between moments: each link is the point before an action.
#[derive(Debug)]
struct Back {
    pos: Rc<Position>,
    counted: u32,
    prefix: Vec<u32>,
    earlier: Option<Rc<Earlier>>,
    decisions: u32,
    parent: Option<Rc<Back>>,
}

/// The positions before each move played, the last first (for rules that forbid bringing
/// a position back, or end on a repeated one).
#[derive(Debug)]
struct Earlier {
    pos: Rc<Position>,
    /// How many positions the list holds from this one down.
    depth: usize,
    parent: Option<Rc<Earlier>>,
}

/// What the generator remembers of one game, kept aside while it asks about another (the
/// games of a batch each have one: see [`Env::swap_lane`]).
#[derive(Debug, Default)]
pub struct Lane {
    memory: crate::run::generator::Memory,
    loaded: Vec<Rc<Earlier>>,
}

/// One point of a game.
#[derive(Debug, Clone)]
pub struct Moment {
    pos: Rc<Position>,
    /// Plies (or turns) played, as the rules' limit counts them.
    counted: u32,
    /// Decisions taken so far (chance outcomes aside).
    decisions: u32,
    /// The actions of the move begun.
    prefix: Vec<u32>,
    /// Every action taken, chance outcomes included, in order.
    history: Vec<u32>,
    earlier: Option<Rc<Earlier>>,
    back: Option<Rc<Back>>,
    status: Option<Rc<Status>>,
    /// A game of a batch: its positions are remembered by the generator's memory of its
    /// lane alone (swapped in while it is asked about), as they are played; it keeps no
    /// list of earlier positions and no way back, which would hold every position of every
    /// game of the batch.
    in_lane: bool,
}

/// The compiled rules of a game and what its moments ask of them.
pub struct Env<'p> {
    pub compiled: Compiled<'p>,
    pub space: ActionSpace,
    pub planes: Planes,
    start: Rc<Position>,
    /// The most plies (or turns) a game lasts: the rules' limit, or the one given.
    limit: u32,
    /// The most decisions a game takes (`max_game_length`).
    max_decisions: u32,
    /// The rules remember the positions of the game (repetition rules).
    remembers: bool,
    /// The earlier positions the generator remembers now, the first first (to remember
    /// only what differs for the next moment asked about).
    loaded: Vec<Rc<Earlier>>,
    sides: usize,
    /// Scratch for the keys of a position's moves.
    keys: Vec<crate::run::MoveKey>,
    /// The moves of a position left behind, whose memory the next position's reuse.
    spare: Option<Moves>,
    /// The list the generator lists a position's moves into (empty between listings).
    listed: Vec<Vec<Step>>,
}

/// How many decisions a move of a turn takes at most on average, for the decision limit:
/// a move is one step mostly, a capture chain or a push a few.
const DECISIONS_A_MOVE: u32 = 4;

impl<'p> Env<'p> {
    /// The environment of `compiled` from `start`; `max_moves` caps the plies (or turns, as
    /// the rules count them) of a game whose rules set no limit, or a lower one.
    pub fn new(compiled: Compiled<'p>, start: Position, max_moves: u32) -> Env<'p> {
        let e = compiled.engine().clone();
        let limit = e.ply_limit().min(max_moves);
        let mut per = DECISIONS_A_MOVE;
        if let Some(t) = &e.p.turns {
            per *= u32::from(t.most.max(1)) + 1;
        }
        if e.p.dice.as_ref().is_some_and(|d| d.per_die) {
            per *= 4;
        }
        Env {
            space: ActionSpace::new(&e),
            planes: Planes::new(&e, &start),
            start: Rc::new(start),
            limit,
            max_decisions: limit.saturating_mul(per).min(i32::MAX as u32),
            remembers: e.p.no_repeat.is_some() || e.t.repetition,
            loaded: Vec::new(),
            sides: e.p.sides.len(),
            keys: Vec::new(),
            spare: None,
            listed: Vec::new(),
            compiled,
        }
    }

    /// The position a game starts from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// True when the rules remember the positions of a game (repetition rules).
    pub fn remembers(&self) -> bool {
        self.remembers
    }

    /// The sides.
    pub fn sides(&self) -> usize {
        self.sides
    }

    /// The most plies (or turns) a game lasts.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// The most decisions a game takes: past them it ends, as the limit ends it.
    pub fn max_decisions(&self) -> u32 {
        self.max_decisions
    }

    /// The most outcomes a roll has (0 without dice).
    pub fn max_outcomes(&self) -> usize {
        let t = &self.compiled.engine().t;
        t.outcomes.len().max(t.opening_outcomes.len())
    }

    /// The first moment of a game.
    pub fn initial(&self) -> Moment {
        Moment {
            pos: self.start.clone(),
            counted: 0,
            decisions: 0,
            prefix: Vec::new(),
            history: Vec::new(),
            earlier: None,
            back: None,
            status: None,
            in_lane: false,
        }
    }

    /// A game of a batch from the start ([`Moment::in_lane`]): the generator's memory is
    /// its lane's (swapped in by [`Env::swap_lane`]), and is emptied for it.
    pub fn initial_in_lane(&mut self) -> Moment {
        if self.remembers {
            dispatch!(&mut self.compiled, g => g.forget_game());
        }
        Moment {
            in_lane: true,
            ..self.initial()
        }
    }

    /// Makes the generator remember the positions of `m`'s game (when the rules ask): it
    /// forgets those of the game it remembered last back to where the two games part, and
    /// remembers `m`'s from there (one position, as a game goes on).
    fn load(&mut self, m: &Moment) {
        if !self.remembers || m.in_lane {
            return;
        }
        // `m`'s positions above the depth of those remembered, newest first.
        let mut fresh = Vec::new();
        let mut at = m.earlier.clone();
        while let Some(e) = at.clone().filter(|e| e.depth > self.loaded.len()) {
            at = e.parent.clone();
            fresh.push(e);
        }
        // Down both lists together until they meet.
        while let Some(e) = at.clone() {
            if Rc::ptr_eq(&e, &self.loaded[e.depth - 1]) {
                break;
            }
            at = e.parent.clone();
            fresh.push(e);
        }
        let keep = at.map_or(0, |e| e.depth);
        let loaded = &mut self.loaded;
        dispatch!(&mut self.compiled, g => {
            while loaded.len() > keep {
                loaded.pop();
                g.forget_last();
            }
            for e in fresh.into_iter().rev() {
                let s = g.state(&e.pos);
                g.remember(&s);
                loaded.push(e);
            }
        });
    }

    /// Exchanges what the generator remembers with `lane`'s: swapped in before asking about
    /// the lane's game and out after, a game goes on from what was remembered of it.
    pub fn swap_lane(&mut self, lane: &mut Lane) {
        if !self.remembers {
            return;
        }
        std::mem::swap(&mut self.loaded, &mut lane.loaded);
        dispatch!(&mut self.compiled, g => g.swap_memory(&mut lane.memory));
    }

    /// Where `m` stands (worked out once for its position).
    pub fn status(&mut self, m: &mut Moment) -> Result<Rc<Status>, EnvError> {
        if let Some(s) = &m.status {
            return Ok(s.clone());
        }
        self.load(m);
        let over = m.counted >= self.limit || m.decisions >= self.max_decisions;
        let pos = m.pos.clone();
        let found = dispatch!(&mut self.compiled, g => {
            let s = g.state(&pos);
            let e = g.engine().clone();
            let mut found = || -> Result<Option<Status>, EnvError> {
                if over || g.end(&s)?.is_some() {
                    return Ok(None);
                }
                Ok(match g.outcomes(&s)? {
                    0 => {
                        let mut keys = std::mem::take(&mut self.keys);
                        let mut moves = self.spare.take().unwrap_or_default();
                        let named = match g.move_keys(&s, &mut keys)? {
                            true => moves.set_keys(&self.space, &keys),
                            false => {
                                let mut steps = std::mem::take(&mut self.listed);
                                g.moves(&s, usize::MAX, &mut steps)?;
                                let named = moves.set_steps(&self.space, &e, &steps);
                                // The lists go back at once, to serve the next listing.
                                g.recycle_moves(&mut steps);
                                self.listed = steps;
                                named
                            }
                        };
                        self.keys = keys;
                        named?;
                        (!moves.is_empty()).then_some(Status::Moves(moves))
                    }
                    n => Some(Status::Chance(n)),
                })
            };
            let found = found();
            g.recycle_state(s);
            found?
        });
        let status = match found {
            Some(s) => s,
            None => {
                let ending = self.compiled.runner().ending(&pos, None)?;
                Status::Over(returns(ending.outcome, self.sides))
            }
        };
        let status = Rc::new(status);
        m.status = Some(status.clone());
        Ok(status)
    }

    /// The legal actions of the side to move, in increasing order (none at a chance node or
    /// at the end).
    pub fn legal(&mut self, m: &mut Moment, out: &mut Vec<u32>) -> Result<(), EnvError> {
        out.clear();
        if let Status::Moves(moves) = &*self.status(m)? {
            moves.legal(&m.prefix, out);
        }
        Ok(())
    }

    /// Takes action `a` (a chance outcome at a chance node): the move goes on, or is played.
    /// An illegal action leaves `m` as it was.
    pub fn apply(&mut self, m: &mut Moment, a: u32) -> Result<(), EnvError> {
        let status = self.status(m)?;
        let applied = self.apply_at(m, a, &status);
        // The moves of a position left behind (kept by nothing else): their memory serves
        // the next position's.
        if m.status.is_none()
            && let Ok(Status::Moves(moves)) = Rc::try_unwrap(status)
        {
            self.spare = Some(moves);
        }
        applied
    }

    /// [`Env::apply`] at `status`, where `m` stands.
    fn apply_at(&mut self, m: &mut Moment, a: u32, status: &Status) -> Result<(), EnvError> {
        match status {
            Status::Over(_) => Err(EnvError::Illegal(
                "the game is over: no action can be taken".into(),
            )),
            Status::Chance(n) => {
                if a as usize >= *n {
                    return Err(EnvError::Illegal(format!(
                        "{a} is not an outcome of this roll: it has {n} outcomes, 0 to {}",
                        n - 1
                    )));
                }
                self.push_back(m);
                m.history.push(a);
                let pos = m.pos.clone();
                let after = dispatch!(&mut self.compiled, g => {
                    let s = g.state(&pos);
                    let r = g.rolled(&s, a as usize);
                    let after = g.position(&r);
                    g.recycle_state(s);
                    g.recycle_state(r);
                    after
                });
                m.pos = Rc::new(after);
                m.status = None;
                Ok(())
            }
            Status::Moves(moves) => {
                let mut prefix = m.prefix.clone();
                let Ok(chosen) = moves.advance(&mut prefix, a) else {
                    return Err(EnvError::Illegal(self.not_legal(a)));
                };
                self.push_back(m);
                m.history.push(a);
                m.decisions += 1;
                match chosen {
                    None => m.prefix = prefix,
                    Some(i) => self.play(m, moves.steps(i), i)?,
                }
                Ok(())
            }
        }
    }

    fn not_legal(&self, a: u32) -> String {
        let e = self.compiled.engine();
        if a == STOP {
            return "`stop` is not legal here: no move may end at this point".into();
        }
        match self.space.text(e, a) {
            Some(t) => format!("action {a} ({t}) is not legal here"),
            None => format!(
                "action {a} is not an action of this game (its actions are 0 to {})",
                self.space.size() - 1
            ),
        }
    }

    /// Remembers the point before an action, to undo it.
    fn push_back(&self, m: &mut Moment) {
        if m.in_lane {
            return;
        }
        m.back = Some(Rc::new(Back {
            pos: m.pos.clone(),
            counted: m.counted,
            prefix: m.prefix.clone(),
            earlier: m.earlier.clone(),
            decisions: m.decisions,
            parent: m.back.take(),
        }));
    }

    /// Plays legal move `i` of `m`'s position, whose steps are `steps` when they were
    /// listed.
    fn play(&mut self, m: &mut Moment, steps: Option<&[Step]>, i: usize) -> Result<(), EnvError> {
        self.load(m);
        let pos = m.pos.clone();
        let after = dispatch!(&mut self.compiled, g => {
            let s = g.state(&pos);
            let child = match steps {
                Some(steps) => g.play(&s, steps),
                None => g.play_nth(&s, i),
            };
            if self.remembers && m.in_lane && child.is_ok() {
                g.remember(&s);
            }
            g.recycle_state(s);
            let child = child?;
            let after = g.position(&child);
            g.recycle_state(child);
            after
        });
        let e = self.compiled.engine();
        m.counted += e.toward_limit(pos.mover, after.mover);
        if self.remembers && !m.in_lane {
            let depth = m.earlier.as_ref().map_or(0, |e| e.depth) + 1;
            m.earlier = Some(Rc::new(Earlier {
                pos,
                depth,
                parent: m.earlier.take(),
            }));
        }
        m.pos = Rc::new(after);
        m.prefix.clear();
        m.status = None;
        Ok(())
    }

    /// Takes back the last action; false when none was taken.
    pub fn undo(&self, m: &mut Moment) -> bool {
        let Some(back) = m.back.take() else {
            return false;
        };
        m.history.pop();
        if !Rc::ptr_eq(&m.pos, &back.pos) {
            m.status = None;
        }
        m.pos = back.pos.clone();
        m.counted = back.counted;
        m.prefix = back.prefix.clone();
        m.earlier = back.earlier.clone();
        m.decisions = back.decisions;
        m.back = back.parent.clone();
        true
    }

    /// Writes the observation of `m` into `out` ([`Planes::len`] numbers).
    pub fn observe(&self, m: &Moment, out: &mut [f32]) {
        let e = self.compiled.engine();
        let at = super::observation::At {
            pos: &m.pos,
            begun: &m.prefix,
            counted: m.counted,
        };
        self.planes.fill(e, &self.space, at, out);
    }

    /// The side to move (at a decision, also in the middle of a move).
    pub fn mover(&self, m: &Moment) -> usize {
        m.pos.mover as usize
    }

    /// Each legal move of the side to move as the game writes it, with its actions.
    pub fn move_texts(&mut self, m: &mut Moment) -> Result<Vec<(String, Vec<u32>)>, EnvError> {
        let status = self.status(m)?;
        let Status::Moves(moves) = &*status else {
            return Ok(Vec::new());
        };
        // Moves named by their keys were not listed with their steps: list them now.
        let mut listed = Vec::new();
        if !moves.is_empty() && moves.steps(0).is_none() {
            self.load(m);
            let pos = m.pos.clone();
            dispatch!(&mut self.compiled, g => {
                let s = g.state(&pos);
                g.moves(&s, usize::MAX, &mut listed)?;
            });
        }
        let e = self.compiled.engine();
        Ok((0..moves.len())
            .map(|i| {
                let steps = moves.steps(i).or(listed.get(i).map(Vec::as_slice));
                let text = steps.map_or_else(String::new, |s| crate::run::step::move_text(e, s));
                (text, moves.actions(i).to_vec())
            })
            .collect())
    }
}

impl Moment {
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The actions of the move begun (none between moves).
    pub fn prefix(&self) -> &[u32] {
        &self.prefix
    }

    /// Every action taken, chance outcomes included.
    pub fn history(&self) -> &[u32] {
        &self.history
    }

    /// Plies (or turns) played, as the rules' limit counts them.
    pub fn counted(&self) -> u32 {
        self.counted
    }
}

/// What a finished game is worth to each of `sides` sides: 1 to a winner, `-1/(sides-1)`
/// to a loser, 0 to each in a draw; the sum is 0.
pub fn returns(outcome: Outcome, sides: usize) -> Vec<f64> {
    let mut shares = Vec::new();
    crate::play::game::rewards(outcome, sides, &mut shares);
    let n = sides.max(2) as f64;
    shares.iter().map(|r| (n * r - 1.0) / (n - 1.0)).collect()
}
