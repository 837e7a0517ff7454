//! Checking turns of several moves: `turns of N [to M] moves`, `counts as N moves` on a move
//! statement, and `no turn may leave the board unchanged`.

use super::{CheckError, Checker, Statements};
use crate::program::*;
use crate::syntax::ast::{Span, StatementKind};

/// The most moves a turn may have.
const MOST_MOVES: u64 = 100;

impl Checker {
    /// `turns of N [to M] moves` and `no turn may leave the board unchanged`, once the move
    /// statements are checked: each statement's cost must fit in a turn, and a turn that may
    /// end early gets the pass that ends it.
    pub(super) fn turns(&mut self, st: &Statements) {
        self.program().unchanged = st
            .get("no turn may leave the board unchanged")
            .map(|s| s.span);
        let Some(s) = st.get("turns") else {
            let costly = self.prog().moves.iter().position(|m| m.cost != 1);
            if let Some(i) = costly {
                let span = st.moves.get(i).map(|s| s.keyword).unwrap_or_default();
                self.error(
                    CheckError::new(
                        span,
                        "a move counts as several moves only in turns of several moves",
                        "no turns",
                    )
                    .help("say how many moves a turn has: `turns of 1 to 4 moves`"),
                );
            }
            return;
        };
        let StatementKind::Turns { least, most } = s.kind else {
            return;
        };
        if least == 0 || most < least || most > MOST_MOVES {
            self.error(
                CheckError::new(s.span, "a turn has 1 to 100 moves", "no such turn")
                    .help("write the fewest moves first: `turns of 1 to 4 moves`"),
            );
            return;
        }
        let turns = Turns {
            least: least as u8,
            most: most as u8,
            span: s.span,
        };
        let rules: Vec<(u8, Option<Span>)> = (self.prog().moves.iter())
            .map(|m| (m.cost, m.spans.again))
            .collect();
        for (i, (cost, again)) in rules.into_iter().enumerate() {
            let at = st.moves.get(i).map(|s| s.keyword).unwrap_or_default();
            if cost > turns.most {
                self.error(CheckError::new(
                    at,
                    format!("this move counts as {cost} moves, more than a turn has ({most})"),
                    "too costly",
                ));
            }
            if let Some(again) = again {
                self.error(
                    CheckError::new(
                        again,
                        "in turns of several moves, the turns say who moves next",
                        "`again if`",
                    )
                    .help("leave out `again if`, or the `turns` statement"),
                );
            }
        }
        if least < most {
            self.program().moves.push(ends_turn(s.span));
        }
        self.program().turns = Some(turns);
    }

    /// `counts as N moves` on a move statement.
    pub(super) fn cost(&mut self, rule: &mut MoveRule, n: u64, span: Span) {
        if rule.cost != 1 {
            self.error(CheckError::new(
                span,
                "a move has one `counts as` clause",
                "second one",
            ));
        }
        if n == 0 || n > MOST_MOVES {
            self.error(CheckError::new(
                span,
                "a move counts as 1 to 100 moves",
                "no such count",
            ));
            return;
        }
        rule.cost = n as u8;
    }
}

/// The pass that ends a turn before it has used all its moves.
fn ends_turn(span: Span) -> MoveRule {
    let pass = KindAction {
        kinds: u32::MAX,
        action: Action::Pass,
        conditions: Vec::new(),
        fixed: 0,
        by_block: 0,
        effects: Effects::default(),
        span,
        clauses: ClauseSpans::default(),
    };
    MoveRule {
        ends_turn: true,
        ..MoveRule::of(vec![pass])
    }
}
