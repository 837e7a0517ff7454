//! Making and filling in a move statement's rule.

use super::{KindAction, MoveRule, RuleSpans};

impl MoveRule {
    /// The part being written: the last one after `then`, or the first.
    pub fn last_part_mut(&mut self) -> &mut Vec<KindAction> {
        match self.then.last_mut() {
            Some(p) => p,
            None => &mut self.actions,
        }
    }

    /// A move statement of these actions, with no part after them and no clause.
    pub fn of(actions: Vec<KindAction>) -> MoveRule {
        MoveRule {
            mandatory: false,
            actions,
            then: Vec::new(),
            then_if: Vec::new(),
            flip: None,
            chain: None,
            capture_at_once: true,
            must_flip: false,
            again: None,
            cost: 1,
            ends_turn: false,
            leaves_not: Vec::new(),
            spans: RuleSpans::default(),
        }
    }
}
