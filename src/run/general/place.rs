//! Placements: every square a `place` action may put a piece on, and one candidate square
//! at a time for random moves drawn without listing every move.

use super::movegen::Gen;
use super::runs::closed_run;
use super::trace::{ActionRef, Event, Trace, Why};
use crate::program::*;
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

/// What a placement needs of a square, worked out once for the squares it is tried on.
struct Placing<'p> {
    onto: CellMask,
    /// The mover has a piece of the kind to place (always, without hands).
    in_hand: bool,
    /// `flipping` that must flip: the directions a run to flip is looked for in.
    needs_flip: Option<&'p [DirId]>,
}

impl<'p, T: Trace> Gen<'_, 'p, T> {
    /// Every placement of one `place` action.
    pub(super) fn place(
        &mut self,
        pos: &Position,
        rule: &MoveRule,
        ka: &'p KindAction,
        onto: CellMask,
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let mut kinds = ka.kinds & ((1u32 << self.e.t.kinds.max(1)) - 1);
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            self.place_kind(pos, (rule, ka, kind), onto, at, out);
        }
    }

    /// Every placement of a piece of `kind` by one `place` action.
    fn place_kind(
        &mut self,
        pos: &Position,
        (rule, ka, kind): (&MoveRule, &'p KindAction, u8),
        onto: CellMask,
        at: ActionRef,
        out: &mut Vec<Step>,
    ) {
        let placing = self.placing(pos, rule, kind, onto);
        if !placing.in_hand && !T::ON {
            return;
        }
        for sq in 0..pos.cells.len() {
            match self.refuses(pos, &placing, sq) {
                None => {
                    let st = Step {
                        kind,
                        ..Step::new(NONE, sq as u32, NONE, u16::MAX, at.rule, at.action)
                    };
                    self.emit(pos, st, &ka.conditions, at, out);
                }
                Some(why) if T::ON => self.trace.note(Event::Rejected {
                    at,
                    from: NONE,
                    to: sq as u32,
                    dir: u16::MAX,
                    distance: 0,
                    why,
                }),
                Some(_) => {}
            }
        }
    }

    /// What a placement of a piece of `kind` by a rule needs, in `pos`.
    fn placing(&self, pos: &Position, rule: &'p MoveRule, kind: u8, onto: CellMask) -> Placing<'p> {
        // With hands, a placement takes its piece from the mover's hand.
        let in_hand = pos.hand.is_empty() || pos.hand[self.e.p.code(pos.mover, kind) as usize] > 0;
        let needs_flip = match (&rule.flip, rule.must_flip) {
            (Some(f), true) => Some(&f.dirs[pos.mover as usize][..]),
            _ => None,
        };
        Placing {
            onto,
            in_hand,
            needs_flip,
        }
    }

    /// Why the placement `placing` may not go on square `sq` (before its `where` clause),
    /// or `None` when it may.
    #[inline(always)]
    fn refuses(&self, pos: &Position, placing: &Placing, sq: usize) -> Option<Why> {
        let (g, class) = (&self.e.g, &self.e.t.class[pos.mover as usize]);
        if !placing.in_hand {
            Some(Why::NoneInHand)
        } else if class[pos.cells[sq] as usize] & placing.onto == 0 {
            Some(Why::PlaceOnto)
        } else if placing.needs_flip.is_some_and(|dirs| {
            !dirs
                .iter()
                .any(|&d| closed_run(g, class, &pos.cells, sq, d).is_some())
        }) {
            Some(Why::FlipsNothing)
        } else {
            None
        }
    }

    /// The placement of one candidate of a game whose moves all begin with a placement
    /// ([`crate::compile::tables::Tables::placements`]): a piece of the candidate's kind put
    /// on `sq` by its rule's action, pushed onto `out` when the action allows it there, as
    /// the first step of its move.
    pub(super) fn placement(
        &mut self,
        pos: &Position,
        (ri, ai, kind): (u16, u8, u8),
        sq: u32,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        let at = ActionRef {
            rule: ri,
            part: 0,
            action: ai,
        };
        self.place_on(pos, at, kind, sq, out);
        for st in out.iter_mut() {
            st.first = true;
        }
        self.err.take().map_or(Ok(()), Err)
    }

    /// A piece of `kind` put on `sq` by the placement `at` (a `place` action with no
    /// directions), pushed onto `out` when the action allows it there; an error is kept in
    /// `self.err`.
    pub(super) fn place_on(
        &mut self,
        pos: &Position,
        at: ActionRef,
        kind: u8,
        sq: u32,
        out: &mut Vec<Step>,
    ) {
        let p: &'p Program = self.e.p;
        let (rule, ka) = (
            &p.moves[at.rule as usize],
            &p.part(at.rule, at.part)[at.action as usize],
        );
        let Action::Place { onto, reach: None } = ka.action else {
            return;
        };
        let cond = &ka.conditions[..];
        if ka.fixed != 0 && self.fixed_fails(pos, cond, at) {
            return;
        }
        let placing = self.placing(pos, rule, kind, onto);
        if self.refuses(pos, &placing, sq as usize).is_none() {
            let st = Step {
                kind,
                ..Step::new(NONE, sq, NONE, u16::MAX, at.rule, at.action)
            };
            self.emit(pos, st, cond, at, out);
        }
    }
}
