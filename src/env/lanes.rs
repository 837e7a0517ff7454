//! A batch's games kept as the representation's own states, for games whose every move is one
//! action named by its squares ([`crate::run::Generator::move_keys`]: the bit forms of
//! placements, flips and single steps), without dice and without a memory of positions. Each
//! game is stepped on its state directly: no position is made until the game ends or is
//! observed. The games are the ones [`super::batch::Batch`]'s general path plays with the same
//! numbers (the legal actions in the same order, drawn the same way).
//!
//! A game's legal actions are named only when something asks for them (a mask, or an action
//! other than the one drawn for it): after a move, a game knows only how many moves it has.
//! A random action is the move of the number drawn, found alone
//! ([`crate::run::Generator::nth_keyed`]) and kept with the state after it for the step that
//! takes it, as a random game plays a ply.

use std::any::Any;

use super::action_space::ActionSpace;
use super::legal::{ActionBits, Moves};
use super::moment::{Env, EnvError, returns};
use crate::dispatch;
use crate::run::outcome::Known;
use crate::run::rng::Rng;
use crate::run::{Generator, MoveKey, RunError};

/// One game.
#[derive(Clone)]
struct Lane<S> {
    s: S,
    counted: u32,
    decisions: u32,
    /// How many legal moves it has (0 when the game is over).
    n: u64,
    /// The legal moves as actions, once named ([`listed`]): apart from the rest (a step
    /// that names no action does not read them, and the lanes stepped one after another
    /// stay close together).
    moves: Box<Moves>,
    /// `moves` holds the legal moves.
    listed: bool,
    /// The random action drawn last and the state after it.
    drawn: Option<(u32, S)>,
    history: Vec<u32>,
}

/// The games, their states of the representation's type (kept as `Vec<Lane<G::State>>`).
pub struct Lanes {
    lanes: Box<dyn Any>,
    rngs: Vec<Rng>,
    n: usize,
    /// What naming a position's moves uses.
    scratch: Scratch,
}

/// What naming a position's moves uses: the keys, and a bit per action to tell them apart.
struct Scratch {
    keys: Vec<MoveKey>,
    seen: ActionBits,
}

/// What the lanes read of the environment while its generator is borrowed.
struct Rules<'a> {
    space: &'a ActionSpace,
    limit: u32,
    max_decisions: u32,
    sides: usize,
}

/// What the game of a lane needs to go on: how many legal moves it has, none when it is
/// over (its limits reached, or the representation counts none). Its actions are named
/// when asked for ([`list`]).
fn settle<'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &mut Lane<G::State>,
) -> Result<(), EnvError> {
    if lane.listed {
        lane.moves.clear();
    }
    lane.drawn = None;
    lane.n = match limited(r, lane) {
        true => 0,
        false => g.count_settled(&mut lane.s)?,
    };
    lane.listed = lane.n == 0;
    Ok(())
}

/// What is known of the end rule that ended a lane's game: asked of its state, unless a
/// limit stopped it (then not asked: the ending asks it of the position).
fn ending_rule<'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &Lane<G::State>,
) -> Result<Known, EnvError> {
    Ok(match limited(r, lane) {
        true => None,
        false => Some(g.end(&lane.s)?),
    })
}

/// Whether a lane's game has reached its ply limit or its limit of decisions.
fn limited<S>(r: &Rules, lane: &Lane<S>) -> bool {
    lane.counted >= r.limit || lane.decisions >= r.max_decisions
}

/// Names the legal moves of a lane as actions (in the order of its moves,
/// [`Moves::name_keys`]), unless they are named already.
fn list<'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &mut Lane<G::State>,
    x: &mut Scratch,
) -> Result<(), EnvError> {
    if lane.listed {
        return Ok(());
    }
    if !g.move_keys(&lane.s, &mut x.keys)? {
        return Err(
            RunError::new("the representation no longer names its moves by their squares").into(),
        );
    }
    if x.keys.len() as u64 != lane.n {
        return Err(RunError::new(format!(
            "the representation counted {} moves and named {}",
            lane.n,
            x.keys.len()
        ))
        .into());
    }
    lane.moves.name_keys(r.space, &x.keys, &mut x.seen)?;
    lane.listed = true;
    Ok(())
}

/// The actions of a lane's moves, in the order of the moves (none when its game is over),
/// named first if they are not yet.
fn lane_actions<'a, 'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &'a mut Lane<G::State>,
    x: &mut Scratch,
) -> Result<&'a [u32], EnvError> {
    list(g, r, lane, x)?;
    Ok(lane.moves.in_order().unwrap_or_default())
}

/// A uniformly random legal action of a lane, drawn from `rng` as the listed actions would
/// be (the `k`-th, for a number `k` below their count), or -1 when its game is over. Unless
/// its actions are named, the move of `k` is found alone and kept for the step that takes
/// it.
fn draw<'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &mut Lane<G::State>,
    (rng, x): (&mut Rng, &mut Scratch),
) -> Result<i64, EnvError> {
    let k = rng.below(lane.n.max(1)) as usize;
    if lane.n == 0 {
        return Ok(-1);
    }
    if !lane.listed
        && let Some((key, child)) = g.nth_keyed(&lane.s, k)?
    {
        let a = r.space.key_action(&key).ok_or_else(|| {
            RunError::new(format!(
                "a move ({key:?}) is outside the game's action space"
            ))
        })?;
        lane.drawn = Some((a, child));
        return Ok(i64::from(a));
    }
    let legal = lane_actions(g, r, lane, x)?;
    Ok(legal.get(k).map_or(-1, |&a| i64::from(a)))
}

/// Whether `a` is legal in a lane's game: the action drawn for it, or one of its actions.
fn legal<'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &mut Lane<G::State>,
    (a, x): (u32, &mut Scratch),
) -> Result<bool, EnvError> {
    if lane.drawn.as_ref().is_some_and(|d| d.0 == a) {
        return Ok(true);
    }
    Ok(lane_actions(g, r, lane, x)?.contains(&a))
}

/// Starts the game of `lane` again from `start`.
fn restart<'p, G: Generator<'p>>(
    g: &mut G,
    (r, start): (&Rules, &crate::run::Position),
    lane: &mut Lane<G::State>,
) -> Result<(), EnvError> {
    lane.s = g.state(start);
    lane.counted = 0;
    lane.decisions = 0;
    lane.history.clear();
    settle(g, r, lane)
}

/// The lanes kept in `v`, of the type the representation `g` keeps (they were made by it,
/// so they are; else an error, never a panic).
fn lanes_of<'a, 'p, G: Generator<'p>>(
    _: &G,
    v: &'a mut dyn Any,
) -> Result<&'a mut Vec<Lane<G::State>>, EnvError>
where
    G::State: 'static,
{
    v.downcast_mut().ok_or_else(|| {
        EnvError::Run(RunError::new(
            "the batch's games were made by another representation",
        ))
    })
}

/// Calls `$body` with `$g` the environment's generator, `$lanes` its lanes and `$r` the
/// rules they read.
macro_rules! with_lanes {
    ($self:ident, $env:ident, $g:ident, $lanes:ident, $r:ident => $body:expr) => {{
        let $r = Rules {
            space: &$env.space,
            limit: $env.limit(),
            max_decisions: $env.max_decisions(),
            sides: $env.sides(),
        };
        let store: &mut dyn Any = &mut *$self.lanes;
        dispatch!(&mut $env.compiled, $g => {
            let $lanes = lanes_of($g, store)?;
            $body
        })
    }};
}

impl Lanes {
    /// `n` games from the start, numbered from `first` among all the games of `seed`; `None`
    /// when the game does not fit (its moves are not named by their squares, it rolls dice,
    /// or it remembers positions).
    pub fn new(
        env: &mut Env,
        n: usize,
        seed: u64,
        first: usize,
    ) -> Result<Option<Lanes>, EnvError> {
        if env.compiled.engine().p.dice.is_some() || env.remembers() {
            return Ok(None);
        }
        let start = env.start().clone();
        let r = Rules {
            space: &env.space,
            limit: env.limit(),
            max_decisions: env.max_decisions(),
            sides: env.sides(),
        };
        let mut scratch = Scratch {
            keys: Vec::new(),
            seen: ActionBits::new(&env.space),
        };
        let lanes: Option<Box<dyn Any>> = dispatch!(&mut env.compiled, g => {
            let s = g.state(&start);
            match g.move_keys(&s, &mut scratch.keys)? {
                false => None,
                true => {
                    let mut lane = Lane {
                        s,
                        counted: 0,
                        decisions: 0,
                        n: 0,
                        moves: Box::default(),
                        listed: false,
                        drawn: None,
                        history: Vec::new(),
                    };
                    restart(g, (&r, &start), &mut lane)?;
                    let kept: Box<dyn Any> = Box::new(vec![lane; n]);
                    Some(kept)
                }
            }
        });
        Ok(lanes.map(|lanes| Lanes {
            lanes,
            rngs: (first..first + n)
                .map(|i| crate::play::move_rng(seed, i as u32))
                .collect(),
            n,
            scratch,
        }))
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Whether `actions[i]` is legal in game `i`, for every game.
    pub fn check(&mut self, env: &mut Env, actions: &[i64]) -> Result<(), EnvError> {
        let x = &mut self.scratch;
        with_lanes!(self, env, g, lanes, r => {
            for (i, (lane, &a)) in lanes.iter_mut().zip(actions).enumerate() {
                let ok = match u32::try_from(a) {
                    Ok(a) => legal(g, &r, lane, (a, x))?,
                    Err(_) => false,
                };
                if !ok {
                    let mut sorted = lane_actions(g, &r, lane, x)?.to_vec();
                    sorted.sort_unstable();
                    return Err(EnvError::Illegal(format!(
                        "game {i}: action {a} is not legal (legal: {sorted:?})"
                    )));
                }
            }
            Ok(())
        })
    }

    /// Takes `actions[i]` in game `i` (checked by [`Lanes::check`]); as
    /// [`super::batch::Batch::step`]. Returns how many games ended.
    pub fn step(
        &mut self,
        env: &mut Env,
        actions: &[i64],
        rewards: &mut [f32],
        ended: &mut [bool],
    ) -> Result<u64, EnvError> {
        rewards.fill(0.0);
        ended.fill(false);
        let start = env.start().clone();
        let x = &mut self.scratch;
        with_lanes!(self, env, g, lanes, r => {
            let e = g.engine().clone();
            let mut finished = 0;
            for (i, (lane, &a)) in lanes.iter_mut().zip(actions).enumerate() {
                let a = a as u32;
                let child = match lane.drawn.take() {
                    Some((drawn, child)) if drawn == a => child,
                    _ => {
                        list(g, &r, lane, x)?;
                        match lane.moves.advance(&mut Vec::new(), a) {
                            Ok(Some(k)) => g.play_nth(&lane.s, k)?,
                            _ => {
                                let why = format!("game {i}: action {a} is not legal");
                                return Err(EnvError::Illegal(why));
                            }
                        }
                    }
                };
                lane.counted += e.toward_limit(g.mover(&lane.s), g.mover(&child));
                lane.decisions += 1;
                lane.history.push(a);
                lane.s = child;
                settle(g, &r, lane)?;
                if lane.n > 0 {
                    continue;
                }
                let outcome = match (ending_rule(g, &r, lane)?, e.p.game.as_ref()) {
                    // Its outcome, known without making the position.
                    (Some(Some(i)), Some(game)) => game.ends[i].outcome,
                    (known, _) => {
                        let pos = g.position(&lane.s);
                        let ending = g.ending(&pos, known);
                        g.recycle(pos);
                        ending?.outcome
                    }
                };
                let gets = returns(outcome, r.sides);
                for (x, v) in rewards[i * r.sides..(i + 1) * r.sides].iter_mut().zip(gets) {
                    *x = v as f32;
                }
                ended[i] = true;
                finished += 1;
                restart(g, (&r, &start), lane)?;
            }
            Ok(finished)
        })
    }

    /// The legal actions of every game as a mask (games x actions).
    pub fn mask(&mut self, env: &mut Env, out: &mut [bool]) -> Result<(), EnvError> {
        let size = env.space.size();
        out.fill(false);
        let x = &mut self.scratch;
        with_lanes!(self, env, g, lanes, r => {
            for (lane, row) in lanes.iter_mut().zip(out.chunks_mut(size)) {
                for &a in lane_actions(g, &r, lane, x)? {
                    row[a as usize] = true;
                }
            }
            Ok(())
        })
    }

    /// The observation of every game.
    pub fn observe(&mut self, env: &mut Env, out: &mut [f32]) -> Result<(), EnvError> {
        let len = env.planes.len();
        let planes = env.planes.clone();
        with_lanes!(self, env, g, lanes, r => {
            let e = g.engine().clone();
            for (lane, out) in lanes.iter().zip(out.chunks_mut(len)) {
                let pos = g.position(&lane.s);
                let at = super::observation::At {
                    pos: &pos,
                    begun: &[],
                    counted: lane.counted,
                };
                planes.fill(&e, r.space, at, out);
                g.recycle(pos);
            }
            Ok(())
        })
    }

    /// The side to move in every game.
    pub fn movers(&mut self, env: &mut Env, out: &mut [i32]) -> Result<(), EnvError> {
        with_lanes!(self, env, g, lanes, _r => {
            for (lane, o) in lanes.iter().zip(out.iter_mut()) {
                *o = i32::from(g.mover(&lane.s));
            }
            Ok(())
        })
    }

    /// A uniformly random legal action for every game, drawn as
    /// [`Moves::drawn_from`] says.
    pub fn random_actions(&mut self, env: &mut Env, out: &mut [i64]) -> Result<(), EnvError> {
        let (rngs, x) = (&mut self.rngs, &mut self.scratch);
        with_lanes!(self, env, g, lanes, r => {
            for ((lane, o), rng) in lanes.iter_mut().zip(out.iter_mut()).zip(rngs.iter_mut()) {
                *o = draw(g, &r, lane, (rng, x))?;
            }
            Ok(())
        })
    }

    /// Starts every game again.
    pub fn reset(&mut self, env: &mut Env) -> Result<(), EnvError> {
        let start = env.start().clone();
        with_lanes!(self, env, g, lanes, r => {
            for lane in lanes.iter_mut() {
                restart(g, (&r, &start), lane)?;
            }
            Ok(())
        })
    }

    /// Every action taken in game `i` since it began.
    pub fn history(&mut self, env: &mut Env, i: usize) -> Result<Vec<u32>, EnvError> {
        with_lanes!(self, env, g, lanes, _r => {
            Ok(lanes.get(i).map(|l| l.history.clone()).unwrap_or_default())
        })
    }
}
