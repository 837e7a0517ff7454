//! How many steps a later part of a move offers, counted without listing them: what a walk
//! that only counts moves asks of a last part whose every step ends its move (a piece
//! placed along the rays from where the part before ended: the squares those rays reach).

use super::movegen::{ChainAt, Gen, Slide};
use super::runs::advance;
use super::trace::{ActionRef, Trace};
use crate::program::*;
use crate::run::position::Position;

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// The number of steps of part `part` of the move standing at `at`, when every action of
    /// the part is a slide or a placement along directions of unlimited distance with no
    /// `where` clause, each square it may land on one step; `None` otherwise (the part is
    /// listed).
    pub(super) fn count_part(&mut self, pos: &Position, at: ChainAt, part: u8) -> Option<u64> {
        let p: &'p Program = self.e.p;
        let side = pos.mover as usize;
        let mut total = 0u64;
        for (ai, ka) in p.part(at.rule, part).iter().enumerate() {
            if !ka.conditions.is_empty() {
                return None;
            }
            let here = ActionRef {
                rule: at.rule,
                part,
                action: ai as u8,
            };
            let slide = match &ka.action {
                Action::Place {
                    onto,
                    reach: Some(reach),
                } => Slide::of_reach(reach, (*onto, side), here, &[]),
                Action::Slide { .. } => {
                    let sq = at.sq as usize;
                    if matches!(pos.cells[sq], EMPTY | GHOST)
                        || !self.kind_may(ka.kinds, pos, sq, here)
                    {
                        continue;
                    }
                    match Slide::of_slide(&ka.action, side, here, &[]) {
                        Some(slide) if !slide.past_end => slide,
                        _ => return None,
                    }
                }
                _ => return None,
            };
            if !matches!(slide.distance, Distance::Unlimited)
                || !self.lands_plainly(pos, at.sq as usize, here)
            {
                return None;
            }
            total += self.count_rays(pos, at.sq as usize, &slide);
        }
        Some(total)
    }

    /// The squares a slide of unlimited distance from `sq` may land on.
    fn count_rays(&self, pos: &Position, sq: usize, slide: &Slide<'p>) -> u64 {
        let g = &self.e.g;
        let class = &self.e.t.class[pos.mover as usize];
        let mut n = 0u64;
        for &d in slide.dirs {
            let (stride, next_of) = (g.stride[d as usize], g.next_of(d));
            let mut t = sq;
            for _ in 0..g.steps(d, sq) {
                t = advance(t, stride, next_of);
                let c = class[pos.cells[t] as usize];
                n += u64::from(c & slide.onto != 0);
                if c & slide.over == 0 {
                    break;
                }
            }
        }
        n
    }
}
