//! The most steps each later part of a move (after `then`) can offer from where the part
//! before ended, on one board: what lets a random game draw a move of several parts by
//! trying one step of each part in turn, without counting every move (see
//! `Runner::sampled_parts`).
//!
//! A draw takes a first step uniformly, then, for each later part `i`, a number below the
//! part's bound `B_i`: the step of that index when there is one, else the draw fails. A
//! move of a statement whose parts have bounds `B_1 .. B_k` is drawn with probability
//! `1 / (K * B_1 * .. * B_k)` (`K` the first steps). When every statement's product
//! `B_1 * .. * B_k` is one number `W` and no part may be skipped, every complete move is
//! drawn with probability `1 / (K * W)`: a draw that reaches a move's end is a uniformly
//! random move. That holds only while no part can offer more steps than its bound, which
//! is why a bound is given only for the actions whose steps are known to be at most one
//! per square they can reach (and the draw checks it).
//!
//! Where the game may end between parts (`may end between parts if ...`), a move can stop
//! after part `i`, the game over there: it is one move where a move that goes on is
//! `B_(i+1) * .. * B_k` of them, so the draw keeps it when a number drawn below that product
//! is 0, and it too is drawn with probability `1 / (K * W)`.
//!
//! A part whose actions are all slides and placements ([`by_index`]) need not be listed to
//! draw its step: the number drawn below `B_i` falls in one action's share of the bound and
//! names one candidate of it (a square to place on, a direction, or a direction and a
//! distance), which is tried alone. Each step of the part has exactly one number, as in the
//! list, so the draw is as uniform.

use super::geometry::Geometry;
use super::tables::Tables;
use crate::program::{Action, DirId, Distance, KindAction, Program};

/// The bounds of every later part of every move statement (whose products are all `W`).
#[derive(Debug, Clone)]
pub struct PartBounds {
    /// `parts[rule][i]`: the most steps part `i + 1` of the statement can offer (at least 1).
    pub parts: Vec<Vec<u64>>,
    /// `actions[rule][i]`: each action's share of that bound, in the order of the part's
    /// actions, when every action of the part can find a step by its number ([`by_index`]);
    /// empty when the part is listed to draw from.
    pub actions: Vec<Vec<Vec<u64>>>,
}

/// Draws whose weight would pass this are not worth making: a game whose moves have
/// parts this wide is counted instead.
const MOST_WEIGHT: u64 = 1 << 40;

impl PartBounds {
    /// The bounds of the rules `p` on the board `g`, when a random move can be drawn part
    /// by part: some statement has later parts, none chains jumps, no part's steps are
    /// multiplied by choices of promotion or by pushed and pulled pieces, there are no dice,
    /// every action of a later part has a bound, and every statement's bounds have one
    /// product (`W` above).
    pub fn of(p: &Program, t: &Tables, g: &Geometry) -> Option<PartBounds> {
        let plain_parts = t.parts && !t.chains && !t.any_choices && !t.pairs && p.dice.is_none();
        if !plain_parts {
            return None;
        }
        let mut parts = Vec::with_capacity(p.moves.len());
        let mut actions = Vec::with_capacity(p.moves.len());
        let mut w = 1u64;
        for rule in &p.moves {
            let mut bounds = Vec::with_capacity(rule.then.len());
            let mut shares = Vec::with_capacity(rule.then.len());
            let mut product = 1u64;
            for part in &rule.then {
                let mut b = 0u64;
                let mut share = Vec::with_capacity(part.len());
                for ka in part {
                    let a = action_bound(ka, t, g)?;
                    b = b.checked_add(a)?;
                    share.push(a);
                }
                if !part.iter().all(by_index) {
                    share.clear();
                }
                shares.push(share);
                let b = b.max(1);
                product = product.checked_mul(b).filter(|&w| w <= MOST_WEIGHT)?;
                bounds.push(b);
            }
            // Moves drawn with different probabilities (parts that may be skipped,
            // statements of fewer or narrower parts) would have to be kept by weight, most
            // draws in vain: they are counted instead.
            if rule.then_if.iter().any(Option::is_some) || (!parts.is_empty() && product != w) {
                return None;
            }
            w = product;
            parts.push(bounds);
            actions.push(shares);
        }
        Some(PartBounds { parts, actions })
    }

    /// The product of the bounds of the parts of statement `rule` after part `part` (1 when
    /// none follows): the weight of one move that stops there, before the parts still to
    /// come, because the game may end between parts.
    pub fn rest(&self, rule: u16, part: u8) -> u64 {
        let bounds = &self.parts[rule as usize];
        bounds[(part as usize).min(bounds.len())..].iter().product()
    }
}

/// True if a step of the action can be found by its number below the action's bound, without
/// listing the others (`Gen::nth_step`): a placement on a square (the number is a kind and a
/// square), a slide or a placement along directions whose distance is one number per
/// direction (the number is a direction) or unlimited (a direction and a distance).
pub fn by_index(ka: &KindAction) -> bool {
    let rays = |d: &Distance| {
        matches!(
            d,
            Distance::Unlimited | Distance::Const(_) | Distance::Expr(_)
        )
    };
    match &ka.action {
        Action::Place { reach: None, .. } => true,
        Action::Place {
            reach: Some(reach), ..
        } => rays(&reach.distance),
        Action::Slide {
            distance,
            past_end: false,
            ..
        } => rays(distance),
        _ => false,
    }
}

/// The most steps one action of a later part offers from one square (the part before's
/// end), or `None` when that is not known to be bounded.
fn action_bound(ka: &KindAction, t: &Tables, g: &Geometry) -> Option<u64> {
    let n = g.n as u64;
    match &ka.action {
        Action::Pass => Some(1),
        // One step per square (and per kind placed).
        Action::Place { reach: None, .. } => {
            let kinds = ka.kinds & ((1u32 << t.kinds.max(1)) - 1);
            Some(n * u64::from(kinds.count_ones().max(1)))
        }
        Action::Remove { .. } | Action::Fly { .. } => Some(n),
        Action::Rotate { turns } => Some((g.blocks.len() * turns.len()) as u64),
        Action::Place {
            reach: Some(reach), ..
        } => Some(rays_bound(&reach.dirs, &reach.distance, g)),
        Action::Slide { dirs, distance, .. } => Some(rays_bound(dirs, distance, g)),
        Action::Jump { .. } | Action::Sow(_) => None,
    }
}

/// The most squares a slide along `dirs` (of any side) lands on from one square: as far as
/// the board goes along each direction when the distance is unlimited, else one square
/// per direction.
fn rays_bound(dirs: &[Vec<DirId>], distance: &Distance, g: &Geometry) -> u64 {
    let per_side = |ds: &Vec<DirId>| match distance {
        Distance::Unlimited => (0..g.n)
            .map(|sq| ds.iter().map(|&d| u64::from(g.steps(d, sq))).sum::<u64>())
            .max()
            .unwrap_or(0),
        _ => ds.len() as u64,
    };
    dirs.iter().map(per_side).max().unwrap_or(0)
}
