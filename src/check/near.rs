//! Checking what asks about a piece's neighbours and strength: `next to SQUARE`, `isolated`,
//! `stronger than` / `weaker than` (kinds ranked with `>`), and the clauses that move a
//! second piece beside the first, `pushing` and `pulling`.

use super::expr::Cx;
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, Span};

/// The four directions `next to` looks along: up, down, left, right (rows from the top).
const SIDES_OF_A_SQUARE: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Checker {
    /// The directions to a square's neighbours, interned once the rules ask about them.
    fn adjacent(&mut self) {
        if self.prog().adjacent.is_empty() {
            let ids = SIDES_OF_A_SQUARE
                .iter()
                .map(|&(dr, dc)| self.intern_direction(dr, dc))
                .collect();
            self.program().adjacent = ids;
        }
    }

    /// `stronger than SQUARE`: the kinds must be ranked.
    fn needs_ranks(&mut self, span: Span, word: &str) {
        if !self.prog().ranked {
            self.error(
                CheckError::new(
                    span,
                    format!("`{word} than` compares kinds, but the kinds are not ranked"),
                    "no ranking",
                )
                .help(
                    "rank them in `kinds`, the strongest first: `kinds elephant > camel > horse`",
                ),
            );
        }
    }

    /// A set asked square by square (`isolated`, `stronger than`, `next to`), or `None` when
    /// it asks none of these.
    pub(super) fn near(&mut self, set: &ast::SquareSet, f: SetFilter, cx: &Cx) -> Option<Near> {
        let words = set.near.as_deref();
        if !set.isolated && words.is_none() {
            return None;
        }
        let holding = words.and_then(|w| w.holding).map(|h| self.holding(h));
        let run = words.and_then(|w| w.run.as_ref()).and_then(|r| {
            self.square_allowed(r.0.span, cx);
            let dirs = self.route_or_direction(&r.1)?;
            Some((self.square_ref(&r.0), dirs))
        });
        let on_square = words.and_then(|w| w.on_square.as_ref()).map(|at| {
            self.square_allowed(at.span, cx);
            self.square_ref(at)
        });
        let behind = words.and_then(|w| w.behind.as_ref()).and_then(|r| {
            self.square_allowed(r.0.span, cx);
            let dirs = self.route_or_direction(&r.1)?;
            Some((self.square_ref(&r.0), dirs))
        });
        if set.in_hand || set.on_line {
            let what = if set.in_hand { "in hand" } else { "on line" };
            self.error(CheckError::new(
                set.span,
                format!("a set asked about its pieces' neighbours or strength cannot be `{what}`"),
                "not on the board's squares",
            ));
        }
        if words.is_some() {
            self.square_allowed(set.span, cx);
        }
        let strength = words
            .and_then(|w| w.strength.as_ref())
            .map(|(stronger, at)| {
                self.needs_ranks(at.span, if *stronger { "stronger" } else { "weaker" });
                (*stronger, self.square_ref(at))
            });
        self.adjacent();
        let within = Within {
            area: set.area.as_ref().and_then(|a| self.area(a, f, cx)),
            also: set.also.as_ref().and_then(|a| self.area(a, f, cx)),
            attacked: set
                .attacked
                .as_ref()
                .map(|a| self.attackers(a.as_ref(), cx)),
            row: set.row.as_ref().map(|r| self.row_class(r)),
        };
        Some(Near {
            filter: f,
            within,
            isolated: set.isolated,
            strength,
            next_to: words
                .and_then(|w| w.next_to.as_ref())
                .map(|at| self.square_ref(at)),
            holding,
            run,
            behind,
            on_square,
            line: words
                .and_then(|w| w.line.as_ref())
                .map(|(column, at)| (*column, self.square_ref(at))),
        })
    }

    /// `holding N [to M | or M | or more]`: only on a board of counts.
    fn holding(&mut self, h: ast::Holding) -> Holding {
        if self.prog().held.is_none() {
            self.error(
                CheckError::new(h.span, "the squares hold pieces, not counts", "no counts").help(
                    "a board of counts says what its squares hold: `each square holds seeds`",
                ),
            );
        }
        if h.most < h.least {
            self.error(CheckError::new(
                h.span,
                format!("no count is from {} to {}", h.least, h.most),
                "an empty range",
            ));
        }
        let cap = |n: u64| n.min(u32::MAX as u64) as u32;
        Holding {
            least: cap(h.least),
            most: cap(h.most),
            either: h.either,
        }
    }

    /// A square of the move may be named here (a `where` clause, an end rule, a let).
    fn square_allowed(&mut self, span: Span, cx: &Cx) {
        if !cx.candidate && !cx.end && cx.current_let.is_none() {
            self.error(
                CheckError::new(
                    span,
                    "a square named from `from` or `to` can only be asked about in a `where` clause, an end rule or a `let`",
                    "not in a `where` clause",
                )
                .help("write it after an action: `step along orthogonal onto empty, where no own pieces next to from`"),
            );
        }
    }

    /// `SQUARE is stronger than SQUARE` (`weaker`: the squares swapped).
    pub(super) fn strength_test(
        &mut self,
        e: &ast::Expr,
        at: &ast::SquareRef,
        (stronger, than): (bool, &ast::SquareRef),
        cx: &Cx,
    ) -> Expr {
        self.square_allowed(e.span, cx);
        self.needs_ranks(e.span, if stronger { "stronger" } else { "weaker" });
        let (a, b) = (self.square_ref(at), self.square_ref(than));
        match stronger {
            true => Expr::Outranks(a, b),
            false => Expr::Outranks(b, a),
        }
    }

    /// A set a move clause acts on (`taking SET`, `pulling SET`): asked square by square,
    /// never `attacked` (the clause acts whatever the attacks).
    pub(super) fn acted_set(&mut self, set: &ast::SquareSet, clause: &str) -> Near {
        let cx = Cx {
            candidate: true,
            clause: Some("a move clause"),
            ..Cx::default()
        };
        let f = self.set_filter(set, &cx);
        if set.attacked.is_some() {
            self.error(CheckError::new(
                set.span,
                format!("the set of a `{clause}` clause cannot ask `attacked`"),
                "attacked",
            ));
        }
        if matches!(f, SetFilter::Empty | SetFilter::Squares) && self.prog().held.is_none() {
            self.error(CheckError::new(
                set.span,
                format!("a `{clause}` clause acts on pieces, not empty squares"),
                "not pieces",
            ));
        }
        let squares = set.near.iter().flat_map(|n| {
            let strength = n.strength.as_ref().map(|s| &s.1);
            strength.into_iter().chain(n.next_to.as_ref())
        });
        let runs = set.near.iter().flat_map(|n| {
            let run = n.run.as_ref().map(|r| &r.0);
            run.into_iter()
                .chain(n.line.as_ref().map(|l| &l.1))
                .chain(n.behind.as_ref().map(|b| &b.0))
                .chain(n.on_square.as_ref())
        });
        for at in squares.chain(runs) {
            self.of_this_move(at);
        }
        match self.near(set, f, &cx) {
            Some(mut near) => {
                near.within.attacked = None;
                near
            }
            None => {
                self.adjacent();
                Near {
                    filter: f,
                    within: Within {
                        area: set.area.as_ref().and_then(|a| self.area(a, f, &cx)),
                        also: set.also.as_ref().and_then(|a| self.area(a, f, &cx)),
                        attacked: None,
                        row: set.row.as_ref().map(|r| self.row_class(r)),
                    },
                    isolated: false,
                    strength: None,
                    next_to: None,
                    holding: None,
                    run: None,
                    line: None,
                    behind: None,
                    on_square: None,
                }
            }
        }
    }

    /// `pushing along DIRS [onto CELLS]` or `pulling SET`, on the last action written.
    pub(super) fn second_piece(&mut self, rule: &mut MoveRule, part: &ast::MovePart) {
        let (span, word) = match part {
            ast::MovePart::Pushing { span, .. } => (*span, "pushing"),
            ast::MovePart::Pulling(_, span) => (*span, "pulling"),
            _ => return,
        };
        let (pushes, pulls) = match part {
            ast::MovePart::Pushing { dirs, onto, span } => {
                let d = self.direction_list(dirs);
                let cells = onto.as_ref().map_or(C_EMPTY, super::moves::mask);
                (Some((self.per_side(&d, *span), cells)), None)
            }
            ast::MovePart::Pulling(set, _) => {
                if set.near.as_ref().is_some_and(|w| w.next_to.is_some()) {
                    self.error(CheckError::new(
                        set.span,
                        "a pulled piece stands next to `from`: `pulling` says no `next to`",
                        "next to",
                    ));
                }
                let mut near = self.acted_set(set, "pulling");
                near.next_to = Some(SquareRef {
                    base: Base::From,
                    steps: Vec::new(),
                });
                (None, Some(Box::new(near)))
            }
            _ => return,
        };
        let list = rule.last_part_mut();
        let Some(action) = list.last_mut() else {
            self.error(
                CheckError::new(span, format!("`{word}` needs an action before it"), "no action")
                    .help("write it after a step: `step along orthogonal onto enemy, pushing along orthogonal`"),
            );
            return;
        };
        let onto = match &action.action {
            Action::Slide { onto, .. } => *onto,
            _ => {
                self.error(
                    CheckError::new(
                        span,
                        format!("only a step or a slide can move a second piece (`{word}`)"),
                        "not a step",
                    )
                    .help("write it after a `step` or a `slide`"),
                );
                return;
            }
        };
        if pushes.is_some() && onto & C_EMPTY != 0 {
            self.error(
                CheckError::new(
                    span,
                    "a push moves the piece on the square landed on, so the step must land on a piece",
                    "lands on empty squares too",
                )
                .help("say `onto enemy` (or `onto own`) on the step"),
            );
        }
        let fx = &mut action.effects;
        if fx.pushes.is_some() || fx.pulls.is_some() || fx.moves.is_some() {
            self.error(CheckError::new(
                span,
                "this action moves a second piece already",
                "second one",
            ));
            return;
        }
        fx.pushes = pushes;
        fx.pulls = pulls;
        fx.widen(span);
    }
}
