//! Expectiminimax, for small games and games with dice: every move is looked at to a fixed
//! depth, each side choosing what is best for itself (max-n: a game of several sides needs no
//! opponent model), each roll worth the average of its outcomes, and a position at the depth
//! worth the average result of a few random games from it. A roll is no ply of the depth.

use super::game::{Choice, Game, rewards};
use super::mcts::Decision;
use crate::dispatch;
use crate::program::Outcome;
use crate::run::query::playout::{ending_of, max_plies, playout};
use crate::run::rng::Rng;
use crate::run::{Generator, RunError};

/// How far the agent looks: plies of moves (rolls not counted), and random games to score
/// a position at that depth.
#[derive(Debug, Clone, Copy)]
pub struct Reach {
    pub depth: u32,
    pub playouts: u64,
    /// A time bound: once it has passed, the moves not yet looked at are not chosen (the
    /// first is always looked at).
    pub think: Option<std::time::Duration>,
}

/// Chooses one of `choices` (the legal moves of the game's position now).
pub fn choose(
    game: &mut Game,
    choices: &[Choice],
    reach: Reach,
    rng: &mut Rng,
) -> Result<Decision, RunError> {
    if choices.len() == 1 {
        return Ok(Decision::forced());
    }
    let mover = game.mover();
    let (plies, limit) = (game.counted(), game.limit());
    let sides = game.engine().p.sides.len();
    let afters: Vec<_> = choices.iter().map(|c| c.after.clone()).collect();
    let found = dispatch!(&mut game.compiled, g => {
        let mut search = Search {
            g,
            reach,
            limit,
            made: 0,
            sides,
        };
        let mut best = (0usize, f64::NEG_INFINITY);
        let started = std::time::Instant::now();
        for (i, after) in afters.iter().enumerate() {
            if i > 0 && reach.think.is_some_and(|t| started.elapsed() >= t) {
                break;
            }
            let s = search.g.state(after);
            let before = search.g.engine().toward_limit(mover, search.g.mover(&s));
            let v = search.value(&s, reach.depth.saturating_sub(1), plies + before, rng)?;
            if v[mover as usize] > best.1 {
                best = (i, v[mover as usize]);
            }
        }
        Ok::<_, RunError>((best, search.made))
    });
    game.forget_last();
    let ((index, value), made) = found?;
    Ok(Decision {
        index,
        playouts: made,
        value,
    })
}

struct Search<'g, G> {
    g: &'g mut G,
    reach: Reach,
    limit: u32,
    /// Random games played so far.
    made: u64,
    sides: usize,
}

impl<'p, G: Generator<'p>> Search<'_, G> {
    /// What `s` is worth to each side, `depth` plies of moves still to look at, `plies`
    /// counted toward the game's limit.
    fn value(
        &mut self,
        s: &G::State,
        depth: u32,
        plies: u32,
        rng: &mut Rng,
    ) -> Result<Vec<f64>, RunError> {
        if plies >= self.limit || self.g.end(s)?.is_some() {
            return self.ended(s);
        }
        let rolls = self.g.outcomes(s)?;
        if rolls > 0 {
            let mut sum = vec![0.0; self.sides];
            for i in 0..rolls {
                let r = self.g.rolled(s, i);
                let v = self.value(&r, depth, plies, rng);
                self.g.recycle_state(r);
                for (a, b) in sum.iter_mut().zip(v?) {
                    *a += b;
                }
            }
            return Ok(sum.into_iter().map(|x| x / rolls as f64).collect());
        }
        if depth == 0 {
            return self.sampled(s, plies, rng);
        }
        let mut children = Vec::new();
        self.g.children(s, &mut children)?;
        if children.is_empty() {
            return self.ended(s);
        }
        let mover = self.g.mover(s);
        let mut best: Option<Vec<f64>> = None;
        for c in &children {
            let next = plies + self.g.engine().toward_limit(mover, self.g.mover(c));
            let v = self.value(c, depth - 1, next, rng)?;
            if best
                .as_ref()
                .is_none_or(|b| v[mover as usize] > b[mover as usize])
            {
                best = Some(v);
            }
        }
        Ok(best.unwrap_or_else(|| vec![0.0; self.sides]))
    }

    /// The rewards of the finished game at `s`.
    fn ended(&mut self, s: &G::State) -> Result<Vec<f64>, RunError> {
        let pos = self.g.position(s);
        let end = self.g.ending(&pos, None);
        self.g.recycle(pos);
        Ok(self.of(end?.outcome))
    }

    /// The average rewards of the random games played from `s`.
    fn sampled(&mut self, s: &G::State, plies: u32, rng: &mut Rng) -> Result<Vec<f64>, RunError> {
        let n = self.reach.playouts.max(1);
        let mut sum = vec![0.0; self.sides];
        for _ in 0..n {
            let cap = max_plies(self.g.engine());
            let played = playout(self.g, (s, plies, cap), rng, None)?;
            let end = ending_of(self.g, played);
            for (a, b) in sum.iter_mut().zip(self.of(end?.outcome)) {
                *a += b;
            }
            self.made += 1;
        }
        Ok(sum.into_iter().map(|x| x / n as f64).collect())
    }

    fn of(&self, outcome: Outcome) -> Vec<f64> {
        let mut out = Vec::new();
        rewards(outcome, self.sides, &mut out);
        out
    }
}
