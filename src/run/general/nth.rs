//! One step of a later part of a move found by its number, without listing the part's
//! other steps: how a random move of several parts draws each later part (see
//! [`PartBounds`]). The number falls in one action's share of the part's bound and names
//! one candidate of that action, tried alone.
//!
//! [`PartBounds`]: crate::compile::part_bounds::PartBounds

use super::movegen::{ChainAt, Gen, Rays, Slide};
use super::trace::{ActionRef, Trace};
use crate::program::*;
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// The step numbered `index` of part `part` of the move standing at `at`, pushed onto
    /// `out` (emptied first) if the rules allow it; nothing when they do not, or when
    /// `index` names no candidate. `shares` is each action's share of the part's bound (in
    /// action order), every action one that [`by_index`] accepts. Each step the part's list
    /// would hold has exactly one number.
    ///
    /// [`by_index`]: crate::compile::part_bounds::by_index
    pub fn nth_step(
        &mut self,
        pos: &Position,
        at: ChainAt,
        (part, shares): (u8, &[u64]),
        mut index: u64,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        out.clear();
        let p: &'p Program = self.e.p;
        for (ai, (ka, &share)) in p.part(at.rule, part).iter().zip(shares).enumerate() {
            if index >= share {
                index -= share;
                continue;
            }
            let here = ActionRef {
                rule: at.rule,
                part,
                action: ai as u8,
            };
            self.nth_of_action(pos, (at.sq, here, ka), index, out);
            break;
        }
        self.err.take().map_or(Ok(()), Err)
    }

    /// The candidate numbered `index` of the action `ka` (`here`), the part before having
    /// ended on `from`.
    fn nth_of_action(
        &mut self,
        pos: &Position,
        (from, here, ka): (u32, ActionRef, &'p KindAction),
        index: u64,
        out: &mut Vec<Step>,
    ) {
        let side = pos.mover as usize;
        let cond = &ka.conditions[..];
        match &ka.action {
            Action::Place { reach: None, .. } => {
                // A kind (the action's kinds in order) and a square.
                let n = pos.cells.len() as u64;
                let mut kinds = ka.kinds & ((1u32 << self.e.t.kinds.max(1)) - 1);
                for _ in 0..index / n {
                    kinds &= kinds.wrapping_sub(1);
                }
                if kinds != 0 {
                    let kind = kinds.trailing_zeros() as u8;
                    self.place_on(pos, here, kind, (index % n) as u32, out);
                }
            }
            Action::Place {
                onto,
                reach: Some(reach),
            } => {
                if ka.fixed != 0 && self.fixed_fails(pos, cond, here) {
                    return;
                }
                let slide = Slide::of_reach(reach, (*onto, side), here, cond);
                if self.nth_ray(pos, from as usize, &slide, index, out) {
                    let st = out.last_mut().expect("a step was pushed");
                    st.from = NONE;
                    st.kind = ka.kinds.trailing_zeros() as u8;
                }
            }
            Action::Slide { .. } => {
                let Some(slide) = Slide::of_slide(&ka.action, side, here, cond) else {
                    return;
                };
                if slide.past_end
                    || matches!(pos.cells[from as usize], EMPTY | GHOST)
                    || !self.kind_may(ka.kinds, pos, from as usize, here)
                    || ka.fixed != 0 && self.fixed_fails(pos, cond, here)
                {
                    return;
                }
                self.nth_ray(pos, from as usize, &slide, index, out);
            }
            // Left out by `by_index`: such a part is listed.
            _ => {}
        }
    }

    /// The slide from `sq` numbered `index`: a direction, and under an unlimited distance a
    /// distance along it (the directions' squares in turn, nearest first). True if a step
    /// was pushed.
    fn nth_ray(
        &mut self,
        pos: &Position,
        sq: usize,
        slide: &Slide<'p>,
        mut index: u64,
        out: &mut Vec<Step>,
    ) -> bool {
        let before = out.len();
        let rays = Rays::of(self.e, pos);
        match slide.distance {
            Distance::Unlimited => {
                for &d in slide.dirs {
                    let room = u64::from(self.e.g.steps(d, sq));
                    if index < room {
                        self.slide_exactly(rays, sq, d, index as u32 + 1, slide, out);
                        break;
                    }
                    index -= room;
                }
            }
            _ => {
                if let Some(&d) = slide.dirs.get(index as usize) {
                    self.slide_from(rays, sq, d, slide, out);
                }
            }
        }
        out.len() > before
    }
}
