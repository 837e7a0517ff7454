//! Whole games: random playouts from a position to the end.

use super::position::Position;
use super::search::{RunError, Runner};

/// A small, fast, seedable random generator (SplitMix64); the same seed gives the same games.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number below `n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }
}

/// How a playout ended.
pub struct Played {
    pub end: Position,
    pub plies: u32,
}

/// Plays uniformly random legal moves from `start` until the game ends: the side to move
/// has no move (and may not or need not pass), or the game's ply limit is reached.
pub fn playout(
    runner: &mut Runner,
    start: &Position,
    rng: &mut Rng,
    scratch: &mut Vec<Position>,
) -> Result<Played, RunError> {
    let game = runner
        .engine()
        .p
        .game
        .as_ref()
        .ok_or_else(|| RunError::new("the rules file has no `game` section"))?;
    let (stuck_pass, limit) = (
        game.stuck == crate::program::Stuck::Pass,
        game.stop_after.unwrap_or(u32::MAX),
    );
    let mut pos = start.clone();
    let mut plies = 0;
    runner.forget_game();
    while plies < limit {
        runner.successors(&pos, scratch)?;
        if scratch.is_empty() {
            if !stuck_pass || runner.end_reached(&pos)?.is_some() {
                break;
            }
            let mut passed = pos.clone();
            passed.mover = runner.next_side(pos.mover);
            passed.passes = passed.passes.saturating_add(1);
            runner.remember(&pos);
            runner.successors(&passed, scratch)?;
            if scratch.is_empty() {
                break;
            }
            pos = passed;
            plies += 1;
            continue;
        }
        let pick = rng.below(scratch.len() as u64) as usize;
        runner.remember(&pos);
        pos = scratch.swap_remove(pick);
        plies += 1;
    }
    runner.forget_game();
    Ok(Played { end: pos, plies })
}
