//! Many games of one rules file stepped together: one action for each game in, rewards and
//! which games ended out, then legal-action masks and observations for all of them at once.
//! Rolls are made inside (seeded), so each game is always at a decision; a game that ends is
//! started again at once (its reward and end are reported by the step that ended it).

use super::lanes::Lanes;
use super::moment::{Env, EnvError, Lane, Moment, Status};
use crate::run::rng::Rng;

pub struct Batch {
    moments: Vec<Moment>,
    /// What the generator remembers of each game.
    lanes: Vec<Lane>,
    /// Each game's random numbers (its rolls, its random actions).
    rngs: Vec<Rng>,
    legal: Vec<u32>,
    /// Games that have ended since the batch was made.
    pub finished: u64,
    /// The games as the representation's own states, when they fit ([`Lanes`]): then
    /// `moments` and `lanes` are empty and every question goes there.
    fast: Option<Lanes>,
}

/// An error unless there is one action for each of `n` games.
pub(super) fn one_each(actions: &[i64], n: usize) -> Result<(), EnvError> {
    match actions.len() == n {
        true => Ok(()),
        false => Err(EnvError::Illegal(format!(
            "{} actions for {n} games: give one action for each game",
            actions.len()
        ))),
    }
}

impl Batch {
    /// `n` games from the start, with rolls drawn from `seed`; `first` is the number of the
    /// first game among all the games of the seed (a batch split over threads numbers its
    /// games as one batch would, and plays the same games).
    pub fn new(env: &mut Env, n: usize, seed: u64, first: usize) -> Result<Batch, EnvError> {
        if let Some(fast) = Lanes::new(env, n, seed, first)? {
            return Ok(Batch {
                moments: Vec::new(),
                lanes: Vec::new(),
                rngs: Vec::new(),
                legal: Vec::new(),
                finished: 0,
                fast: Some(fast),
            });
        }
        Batch::general(env, n, seed, first)
    }

    /// [`Batch::new`] on the general path (every game a [`Moment`]), whatever the game.
    pub fn general(env: &mut Env, n: usize, seed: u64, first: usize) -> Result<Batch, EnvError> {
        let mut b = Batch {
            moments: Vec::with_capacity(n),
            lanes: (0..n).map(|_| Lane::default()).collect(),
            rngs: (first..first + n)
                .map(|i| crate::play::move_rng(seed, i as u32))
                .collect(),
            legal: Vec::new(),
            finished: 0,
            fast: None,
        };
        for i in 0..n {
            env.swap_lane(&mut b.lanes[i]);
            let mut m = env.initial_in_lane();
            let settled = b.settle(env, &mut m, i);
            env.swap_lane(&mut b.lanes[i]);
            settled?;
            b.moments.push(m);
        }
        Ok(b)
    }

    pub fn len(&self) -> usize {
        match &self.fast {
            Some(f) => f.len(),
            None => self.moments.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when the games are kept as the representation's own states ([`Lanes`]).
    pub fn on_states(&self) -> bool {
        self.fast.is_some()
    }

    /// Every action taken in game `i` since it began (chance outcomes included): replayed
    /// from the start, they give its state.
    pub fn history(&mut self, env: &mut Env, i: usize) -> Result<Vec<u32>, EnvError> {
        match &mut self.fast {
            Some(f) => f.history(env, i),
            None => Ok(self
                .moments
                .get(i)
                .map(|m| m.history().to_vec())
                .unwrap_or_default()),
        }
    }

    /// Makes the rolls `m` waits for.
    fn settle(&mut self, env: &mut Env, m: &mut Moment, i: usize) -> Result<(), EnvError> {
        while let Status::Chance(n) = &*env.status(m)? {
            let a = self.rngs[i].below(*n as u64) as u32;
            env.apply(m, a)?;
        }
        Ok(())
    }

    /// Calls `f` with game `i`, what the generator remembers of it swapped in.
    fn with_game<T>(
        &mut self,
        env: &mut Env,
        i: usize,
        f: impl FnOnce(&mut Batch, &mut Env, &mut Moment) -> Result<T, EnvError>,
    ) -> Result<T, EnvError> {
        let mut m = std::mem::replace(&mut self.moments[i], env.initial());
        env.swap_lane(&mut self.lanes[i]);
        let r = f(self, env, &mut m);
        env.swap_lane(&mut self.lanes[i]);
        self.moments[i] = m;
        r
    }

    /// Takes `actions[i]` in game `i`, for every game. `rewards` (games x sides) gets what
    /// each side earned by the step (the returns of a game that ended, else 0), `ended` which
    /// games ended; those start again. When an action is not legal, no game is stepped and
    /// the error names the first such game.
    pub fn step(
        &mut self,
        env: &mut Env,
        actions: &[i64],
        rewards: &mut [f32],
        ended: &mut [bool],
    ) -> Result<(), EnvError> {
        one_each(actions, self.len())?;
        self.check(env, actions)?;
        self.advance(env, actions, rewards, ended)
    }

    /// [`Batch::step`] with actions already checked ([`Batch::check`]).
    pub(super) fn advance(
        &mut self,
        env: &mut Env,
        actions: &[i64],
        rewards: &mut [f32],
        ended: &mut [bool],
    ) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            self.finished += f.step(env, actions, rewards, ended)?;
            return Ok(());
        }
        let sides = env.sides();
        rewards.fill(0.0);
        ended.fill(false);
        for (i, &a) in actions.iter().enumerate() {
            let over = self.with_game(env, i, |b, env, m| {
                env.apply(m, a as u32)?;
                b.settle(env, m, i)?;
                let returns = match &*env.status(m)? {
                    Status::Over(returns) => returns.clone(),
                    _ => return Ok(None),
                };
                *m = env.initial_in_lane();
                b.settle(env, m, i)?;
                Ok(Some(returns))
            })?;
            if let Some(returns) = over {
                for (r, v) in rewards[i * sides..(i + 1) * sides].iter_mut().zip(returns) {
                    *r = v as f32;
                }
                ended[i] = true;
                self.finished += 1;
            }
        }
        Ok(())
    }

    /// Whether `actions[i]` is legal in game `i`, for every game; the error names the first
    /// game where it is not.
    pub fn check(&mut self, env: &mut Env, actions: &[i64]) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            return f.check(env, actions);
        }
        for (i, &a) in actions.iter().enumerate().take(self.moments.len()) {
            self.with_game(env, i, |b, env, m| {
                env.legal(m, &mut b.legal)?;
                match u32::try_from(a).is_ok_and(|a| b.legal.binary_search(&a).is_ok()) {
                    true => Ok(()),
                    false => Err(EnvError::Illegal(format!(
                        "game {i}: action {a} is not legal (legal: {:?})",
                        b.legal
                    ))),
                }
            })?;
        }
        Ok(())
    }

    /// The legal actions of every game as a mask (games x actions).
    pub fn mask(&mut self, env: &mut Env, out: &mut [bool]) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            return f.mask(env, out);
        }
        let size = env.space.size();
        out.fill(false);
        for i in 0..self.moments.len() {
            let row = &mut out[i * size..(i + 1) * size];
            self.with_game(env, i, |b, env, m| {
                env.legal(m, &mut b.legal)?;
                for &a in &b.legal {
                    row[a as usize] = true;
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// The observation of every game (games x the observation's numbers).
    pub fn observe(&mut self, env: &mut Env, out: &mut [f32]) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            return f.observe(env, out);
        }
        let len = env.planes.len();
        for (m, out) in self.moments.iter().zip(out.chunks_mut(len)) {
            env.observe(m, out);
        }
        Ok(())
    }

    /// The side to move in every game.
    pub fn movers(&mut self, env: &mut Env, out: &mut [i32]) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            return f.movers(env, out);
        }
        for (m, o) in self.moments.iter().zip(out) {
            *o = env.mover(m) as i32;
        }
        Ok(())
    }

    /// A uniformly random legal action for every game, drawn from the batch's numbers as
    /// [`super::legal::Moves::drawn_from`] says.
    pub fn random_actions(&mut self, env: &mut Env, out: &mut [i64]) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            return f.random_actions(env, out);
        }
        for (i, o) in out.iter_mut().enumerate().take(self.moments.len()) {
            *o = self.with_game(env, i, |b, env, m| {
                let status = env.status(m)?;
                let legal = match &*status {
                    Status::Moves(moves) => moves.drawn_from(m.prefix(), &mut b.legal),
                    _ => &[],
                };
                let k = b.rngs[i].below(legal.len().max(1) as u64) as usize;
                Ok(legal.get(k).map_or(-1, |&a| i64::from(a)))
            })?;
        }
        Ok(())
    }

    /// Starts every game again.
    pub fn reset(&mut self, env: &mut Env) -> Result<(), EnvError> {
        if let Some(f) = &mut self.fast {
            return f.reset(env);
        }
        for i in 0..self.moments.len() {
            self.with_game(env, i, |b, env, m| {
                *m = env.initial_in_lane();
                b.settle(env, m, i)
            })?;
        }
        Ok(())
    }
}
