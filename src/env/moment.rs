//! A game as a learning environment sees it: decisions, each one action of the game's
//! [`ActionSpace`], and chance nodes, each one outcome of a roll. A move is played as its
//! actions (its steps); after each action the move goes on by itself while only one action
//! could follow (a draughts capture with one way on, Quoridor's second half of a wall), so a
//! side decides only where the legal moves differ. A [`Moment`] is one point of a game (the
//! position, the move begun, the game so far); an [`Env`] holds the compiled rules that
//! every moment of the game asks.

use std::rc::Rc;

use super::action_space::ActionSpace;
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
    Moves(Vec<Vec<u32>>),
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
    parent: Option<Rc<Earlier>>,
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
    /// The earlier positions the generator remembers now (to skip loading them again).
    loaded: Option<(*const Earlier, usize)>,
    sides: usize,
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
            loaded: None,
            sides: e.p.sides.len(),
            compiled,
        }
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
        }
    }

    /// Makes the generator remember the positions of `m`'s game (when the rules ask).
    fn load(&mut self, m: &Moment) {
        if !self.remembers {
            return;
        }
        let mut list = Vec::new();
        let mut at = m.earlier.as_deref();
        while let Some(e) = at {
            list.push(e.pos.clone());
            at = e.parent.as_deref();
        }
        let key = (
            m.earlier.as_ref().map_or(std::ptr::null(), Rc::as_ptr),
            list.len(),
        );
        if self.loaded == Some(key) {
            return;
        }
        dispatch!(&mut self.compiled, g => {
            g.forget_game();
            for p in list.iter().rev() {
                let s = g.state(p);
                g.remember(&s);
            }
        });
        self.loaded = Some(key);
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
            if over || g.end(&s)?.is_some() {
                None
            } else {
                match g.outcomes(&s)? {
                    0 => {
                        let mut moves = Vec::new();
                        g.moves(&s, usize::MAX, &mut moves)?;
                        let tokens = tokens_of(&self.space, &e, &moves)?;
                        (!tokens.is_empty()).then_some(Status::Moves(tokens))
                    }
                    n => Some(Status::Chance(n)),
                }
            }
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
            let k = m.prefix.len();
            let mut complete = false;
            for seq in moves.iter().filter(|s| s.starts_with(&m.prefix)) {
                match seq.get(k) {
                    Some(&a) => out.push(a),
                    None => complete = true,
                }
            }
            out.sort_unstable();
            out.dedup();
            // A move that could end here or go on: ending it is an action of its own.
            if complete && !out.is_empty() {
                out.insert(0, super::action_space::STOP);
            }
        }
        Ok(())
    }

    /// Takes action `a` (a chance outcome at a chance node): the move goes on, or is played.
    /// An illegal action leaves `m` as it was.
    pub fn apply(&mut self, m: &mut Moment, a: u32) -> Result<(), EnvError> {
        let status = self.status(m)?;
        match &*status {
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
                    g.position(&r)
                });
                m.pos = Rc::new(after);
                m.status = None;
                Ok(())
            }
            Status::Moves(moves) => {
                let mut prefix = m.prefix.clone();
                let chosen = match self.advance(moves, &mut prefix, a) {
                    Ok(c) => c,
                    Err(why) => return Err(EnvError::Illegal(why)),
                };
                self.push_back(m);
                m.history.push(a);
                m.decisions += 1;
                match chosen {
                    None => m.prefix = prefix,
                    Some(i) => self.play(m, i)?,
                }
                Ok(())
            }
        }
    }

    /// The prefix after action `a`, gone on while only one action could follow; the move
    /// it completes, if it completes one.
    fn advance(
        &self,
        moves: &[Vec<u32>],
        prefix: &mut Vec<u32>,
        a: u32,
    ) -> Result<Option<usize>, String> {
        let is_move = |i: usize, p: &[u32]| moves[i].as_slice() == p;
        if a == super::action_space::STOP {
            let legal = moves
                .iter()
                .any(|s| s.len() > prefix.len() && s.starts_with(prefix));
            return match (0..moves.len()).find(|&i| is_move(i, prefix)) {
                Some(i) if legal => Ok(Some(i)),
                _ => Err("`stop` is not legal here: no move may end at this point".into()),
            };
        }
        prefix.push(a);
        loop {
            let mut ends = None;
            let mut next = None;
            let mut nexts = 0;
            for (i, seq) in moves.iter().enumerate() {
                if !seq.starts_with(prefix) {
                    continue;
                }
                match seq.get(prefix.len()) {
                    None => ends = ends.or(Some(i)),
                    Some(&n) if next != Some(n) => {
                        next = Some(n);
                        nexts += 1;
                    }
                    Some(_) => {}
                }
            }
            match (ends, next) {
                (None, None) => {
                    prefix.pop();
                    return Err(self.not_legal(a));
                }
                (Some(i), None) => return Ok(Some(i)),
                (None, Some(n)) if nexts == 1 => prefix.push(n),
                _ => return Ok(None),
            }
        }
    }

    fn not_legal(&self, a: u32) -> String {
        let e = self.compiled.engine();
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
        m.back = Some(Rc::new(Back {
            pos: m.pos.clone(),
            counted: m.counted,
            prefix: m.prefix.clone(),
            earlier: m.earlier.clone(),
            decisions: m.decisions,
            parent: m.back.take(),
        }));
    }

    /// Plays legal move `i` of `m`'s position.
    fn play(&mut self, m: &mut Moment, i: usize) -> Result<(), EnvError> {
        self.load(m);
        let pos = m.pos.clone();
        let after = dispatch!(&mut self.compiled, g => {
            let s = g.state(&pos);
            let mut children = Vec::new();
            g.children(&s, &mut children)?;
            match children.get(i) {
                Some(c) => g.position(c),
                None => return Err(EnvError::Run(RunError::new(
                    "the generator listed a move it made no position for",
                ))),
            }
        });
        let e = self.compiled.engine();
        m.counted += e.toward_limit(pos.mover, after.mover);
        if self.remembers {
            m.earlier = Some(Rc::new(Earlier {
                pos,
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
        let Status::Moves(tokens) = &*status else {
            return Ok(Vec::new());
        };
        let pos = m.pos.clone();
        self.load(m);
        let moves = dispatch!(&mut self.compiled, g => {
            let s = g.state(&pos);
            let mut moves = Vec::new();
            g.moves(&s, usize::MAX, &mut moves)?;
            moves
        });
        let e = self.compiled.engine();
        Ok(moves
            .iter()
            .zip(tokens)
            .map(|(steps, t)| (crate::run::step::move_text(e, steps), t.clone()))
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

/// The actions of each move.
fn tokens_of(
    space: &ActionSpace,
    e: &crate::compile::Engine,
    moves: &[Vec<Step>],
) -> Result<Vec<Vec<u32>>, RunError> {
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let mut t = Vec::with_capacity(m.len().max(1));
        if space.tokens(e, m, &mut t).is_none() {
            return Err(RunError::new(format!(
                "the move {} has a step outside the game's action space",
                crate::run::step::move_text(e, m)
            )));
        }
        out.push(t);
    }
    // Two moves played by the same actions could not be told apart.
    let mut sorted: Vec<&Vec<u32>> = out.iter().collect();
    sorted.sort();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        let i = out.iter().position(|t| t == w[0]).unwrap_or(0);
        let j = out.iter().rposition(|t| t == w[0]).unwrap_or(0);
        return Err(RunError::new(format!(
            "the moves {} and {} are played by the same actions: the action space cannot tell them apart",
            crate::run::step::move_text(e, &moves[i]),
            crate::run::step::move_text(e, &moves[j])
        )));
    }
    Ok(out)
}

/// What a finished game is worth to each of `sides` sides: 1 to a winner, `-1/(sides-1)`
/// to a loser, 0 to each in a draw; the sum is 0.
pub fn returns(outcome: Outcome, sides: usize) -> Vec<f64> {
    let mut shares = Vec::new();
    crate::play::game::rewards(outcome, sides, &mut shares);
    let n = sides.max(2) as f64;
    shares.iter().map(|r| (n * r - 1.0) / (n - 1.0)).collect()
}
