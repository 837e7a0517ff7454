//! A batch's games kept as the representation's own states, for games whose every move is one
//! action named by its squares ([`crate::run::Generator::move_keys`]: the bit forms of
//! placements, flips and single steps), without dice and without a memory of positions. Each
//! game is stepped on its state directly: no position is made until the game ends or is
//! observed. The games are the ones [`super::batch::Batch`]'s general path plays with the same
//! numbers (the legal actions in the same order, drawn the same way).

use std::any::Any;

use super::action_space::ActionSpace;
use super::legal::{ActionBits, Moves};
use super::moment::{Env, EnvError, returns};
use crate::dispatch;
use crate::run::rng::Rng;
use crate::run::{Generator, MoveKey, RunError};

/// One game.
#[derive(Clone)]
struct Lane<S> {
    s: S,
    counted: u32,
    decisions: u32,
    /// The legal moves as actions (none when the game is over).
    moves: Moves,
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

/// What the game of a lane needs to go on: its legal actions (in the order of its moves,
/// [`Moves::name_keys`]), or none when it is over (the representation names no move of a
/// state whose game is over).
fn settle<'p, G: Generator<'p>>(
    g: &mut G,
    r: &Rules,
    lane: &mut Lane<G::State>,
    x: &mut Scratch,
) -> Result<(), EnvError> {
    lane.moves.clear();
    if lane.counted >= r.limit || lane.decisions >= r.max_decisions {
        return Ok(());
    }
    if !g.move_keys(&lane.s, &mut x.keys)? {
        return Err(
            RunError::new("the representation no longer names its moves by their squares").into(),
        );
    }
    Ok(lane.moves.name_keys(r.space, &x.keys, &mut x.seen)?)
}

/// The actions of a lane's moves, in the order of the moves (none when its game is over).
fn lane_actions<S>(lane: &Lane<S>) -> &[u32] {
    lane.moves.in_order().unwrap_or_default()
}

/// Starts the game of `lane` again from `start`.
fn restart<'p, G: Generator<'p>>(
    g: &mut G,
    (r, start): (&Rules, &crate::run::Position),
    lane: &mut Lane<G::State>,
    x: &mut Scratch,
) -> Result<(), EnvError> {
    lane.s = g.state(start);
    lane.counted = 0;
    lane.decisions = 0;
    lane.history.clear();
    settle(g, r, lane, x)
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
                        moves: Moves::default(),
                        history: Vec::new(),
                    };
                    restart(g, (&r, &start), &mut lane, &mut scratch)?;
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
        with_lanes!(self, env, g, lanes, _r => {
            for (i, (lane, &a)) in lanes.iter().zip(actions).enumerate() {
                let legal = lane_actions(lane);
                if u32::try_from(a).map_or(true, |a| !legal.contains(&a)) {
                    let mut sorted = legal.to_vec();
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
                let k = match lane.moves.advance(&mut Vec::new(), a) {
                    Ok(Some(k)) => k,
                    _ => return Err(EnvError::Illegal(format!("game {i}: action {a} is not legal"))),
                };
                let child = g.play_nth(&lane.s, k)?;
                lane.counted += e.toward_limit(g.mover(&lane.s), g.mover(&child));
                lane.decisions += 1;
                lane.history.push(a);
                lane.s = child;
                settle(g, &r, lane, x)?;
                if !lane.moves.is_empty() {
                    continue;
                }
                let pos = g.position(&lane.s);
                let ending = g.ending(&pos, None);
                g.recycle(pos);
                let gets = returns(ending?.outcome, r.sides);
                for (x, v) in rewards[i * r.sides..(i + 1) * r.sides].iter_mut().zip(gets) {
                    *x = v as f32;
                }
                ended[i] = true;
                finished += 1;
                restart(g, (&r, &start), lane, x)?;
            }
            Ok(finished)
        })
    }

    /// The legal actions of every game as a mask (games x actions).
    pub fn mask(&mut self, env: &mut Env, out: &mut [bool]) -> Result<(), EnvError> {
        let size = env.space.size();
        out.fill(false);
        with_lanes!(self, env, g, lanes, _r => {
            for (lane, row) in lanes.iter().zip(out.chunks_mut(size)) {
                for &a in lane_actions(lane) {
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
        let rngs = &mut self.rngs;
        with_lanes!(self, env, g, lanes, _r => {
            for ((lane, o), rng) in lanes.iter().zip(out.iter_mut()).zip(rngs.iter_mut()) {
                let legal = lane_actions(lane);
                let k = rng.below(legal.len().max(1) as u64) as usize;
                *o = legal.get(k).map_or(-1, |&a| i64::from(a));
            }
            Ok(())
        })
    }

    /// Starts every game again.
    pub fn reset(&mut self, env: &mut Env) -> Result<(), EnvError> {
        let start = env.start().clone();
        let x = &mut self.scratch;
        with_lanes!(self, env, g, lanes, r => {
            for lane in lanes.iter_mut() {
                restart(g, (&r, &start), lane, x)?;
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
