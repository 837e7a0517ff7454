//! Checking the whole-game statements: `setup`, `game` and `captures are mandatory`.

use super::expr::Cx;
use super::{CheckError, Checker};
use crate::compile::geometry::square_names;
use crate::program::*;
use crate::syntax::ast::{self, GameClause, Span};

impl Checker {
    /// `each side has N [KIND] in hand`: N pieces of the kind (the first if none is named)
    /// in every side's hand at the start.
    pub(crate) fn setup_hand(&mut self, hand: &ast::SetupHand) {
        let Some(kind) = self.kind_or_first(hand.kind.as_ref()) else {
            return;
        };
        if hand.count > 255 {
            self.error(CheckError::new(
                hand.span,
                format!(
                    "a hand holds at most 255 pieces of a kind, not {}",
                    hand.count
                ),
                "too many",
            ));
            return;
        }
        let sides = self.prog().sides.len() as SideId;
        for side in 0..sides {
            let code = self.prog().code(side, kind);
            self.program().hand_setup.push((code, hand.count as u32));
        }
    }

    pub(crate) fn setup(&mut self, keyword: Span, s: &ast::Setup) {
        if self.scope.no_board {
            return; // reported as missing; the setup cannot be checked against it
        }
        let (rows, cols) = match (self.prog().rows, self.prog().cols) {
            (Dim::Fixed(r), Dim::Fixed(c)) => (r, c),
            _ => {
                self.error(CheckError::new(
                    keyword,
                    "a setup needs a board of fixed size",
                    "the board size is read from the input",
                ));
                return;
            }
        };
        let mut placed: Vec<(u32, Code)> = Vec::new();
        match s {
            ast::Setup::Empty => {}
            ast::Setup::Rows(lines) => {
                if lines.len() != rows as usize {
                    self.error(CheckError::new(
                        keyword,
                        format!("the setup has {} rows, the board {rows}", lines.len()),
                        "wrong number of rows",
                    ));
                    return;
                }
                for (r, line) in lines.iter().enumerate() {
                    if self.prog().held.is_some() {
                        self.count_row(line, (r as u32, cols), &mut placed);
                        continue;
                    }
                    if self.prog().stacks {
                        self.stack_row(line, (r as u32, cols), &mut placed);
                        continue;
                    }
                    let cells = self.prog().split_symbols(&line.value);
                    if cells.len() != cols as usize {
                        self.error(CheckError::new(
                            line.span,
                            format!("this row has {} squares, the board {cols}", cells.len()),
                            "wrong length",
                        ));
                        continue;
                    }
                    for (c, cell) in cells.into_iter().enumerate() {
                        let ch = match cell {
                            Ok((_, s)) => s.to_string(),
                            Err(ch) => ch.to_string(),
                        };
                        match cell.ok() {
                            Some((code, _)) => {
                                if code == EMPTY {
                                    continue;
                                }
                                if !self.prog().notation.names_square(rows, r as u32, c as u32) {
                                    self.error(
                                        CheckError::new(
                                            line.span,
                                            format!(
                                                "the piece `{ch}` stands on a light square (column {})",
                                                c + 1
                                            ),
                                            "only the dark squares are used",
                                        )
                                        .help("the squares are numbered over the dark squares; the bottom-left square is dark"),
                                    );
                                    continue;
                                }
                                placed.push((r as u32 * cols + c as u32, code));
                            }
                            None => {
                                let known: Vec<String> = self
                                    .prog()
                                    .symbols
                                    .iter()
                                    .map(|(s, _)| format!("`{s}`"))
                                    .collect();
                                self.error(
                                    CheckError::new(
                                        line.span,
                                        format!("unknown symbol `{ch}` in the setup"),
                                        "not a declared symbol",
                                    )
                                    .help(format!("symbols: {}", known.join(", "))),
                                );
                            }
                        }
                    }
                }
            }
            ast::Setup::Places(places) => {
                let has_names = |&(axis, style): &(ast::Axis, ast::Style)| {
                    style != ast::Style::Letter
                        || (if axis == ast::Axis::Row { rows } else { cols }) <= 26
                };
                if !self.prog().notation.parts.iter().all(has_names) {
                    // Reported already (letters run out): the squares have no names.
                    return;
                }
                let names = square_names(&self.prog().notation, rows, cols);
                for place in places {
                    let Some(side) = self.scope.side(&place.side.text) else {
                        self.unknown("side", &place.side, self.side_names());
                        continue;
                    };
                    let Some(kind) = self.kind_or_first(place.kind.as_ref()) else {
                        continue;
                    };
                    let code = self.prog().code(side, kind);
                    for sq in &place.squares {
                        match names.iter().position(|n| !n.is_empty() && *n == sq.value) {
                            Some(i) if placed.iter().any(|(s, _)| *s == i as u32) => {
                                self.error(CheckError::new(
                                    sq.span,
                                    format!("square `{}` is set up twice", sq.value),
                                    "already has a piece",
                                ));
                            }
                            Some(i) => placed.push((i as u32, code)),
                            None => {
                                let hint = names
                                    .iter()
                                    .find(|n| !n.is_empty())
                                    .map(|n| format!("squares are written like `{n}`"))
                                    .unwrap_or_default();
                                self.error(
                                    CheckError::new(
                                        sq.span,
                                        format!("`{}` is not a square of this board", sq.value),
                                        "no such square",
                                    )
                                    .help(hint),
                                );
                            }
                        }
                    }
                }
            }
        }
        self.program().setup = Some(placed);
    }

    pub(crate) fn game(&mut self, keyword: Span, clauses: &[GameClause]) {
        let mut rules = GameRules {
            span: keyword,
            stuck: Stuck::End,
            stuck_span: None,
            stop_after: None,
            stop_span: None,
            stop_turns: false,
            between_parts: None,
            ends: Vec::new(),
            results: Vec::new(),
        };
        let mut stuck_seen = false;
        let mut stop_span = None;
        let mut prev_if = false;
        for c in clauses {
            match c {
                GameClause::Stuck { then, span } => {
                    if stuck_seen {
                        self.error(CheckError::new(
                            *span,
                            "`no moves:` is given twice",
                            "second one",
                        ));
                    }
                    stuck_seen = true;
                    rules.stuck = *then;
                    rules.stuck_span = Some(*span);
                    prev_if = false;
                }
                GameClause::BetweenParts(cond, span) => {
                    if rules.between_parts.is_some() {
                        self.error(CheckError::new(
                            *span,
                            "`may end between parts` is given twice",
                            "second one",
                        ));
                    } else if self.prog().moves.iter().all(|m| m.then.is_empty()) {
                        self.error(
                            CheckError::new(
                                *span,
                                "no move of this game has parts",
                                "nothing to end between",
                            )
                            .help("a move in parts is written with `then`: `place onto empty, then rotate a block a quarter turn either way`"),
                        );
                    }
                    let cx = Cx {
                        end: true,
                        ..Cx::default()
                    };
                    let cond = cond.as_ref().map(|c| self.bool_expr(c, &cx));
                    rules.between_parts = Some((*span, cond));
                    prev_if = false;
                }
                GameClause::StopAfter(n, turns, span) => {
                    if rules.stop_after.is_some() {
                        self.error(CheckError::new(
                            *span,
                            "`stop after` is given twice",
                            "second one",
                        ));
                    }
                    if *n == 0 || *n > u32::MAX as u64 {
                        self.error(CheckError::new(
                            *span,
                            "a game must be allowed at least one ply",
                            "out of range",
                        ));
                    }
                    rules.stop_after = Some((*n).clamp(1, u32::MAX as u64) as u32);
                    rules.stop_turns = *turns;
                    stop_span = Some(*span);
                    rules.stop_span = Some(*span);
                    prev_if = false;
                }
                GameClause::Result {
                    outcome,
                    template,
                    condition,
                    ..
                } => {
                    // A lone `result ... otherwise` (after end rules, say): it always holds.
                    let lone = rules.results.is_empty()
                        && matches!(condition, ast::LineCondition::Otherwise(_));
                    let cond = if lone {
                        LineCond::Always
                    } else {
                        self.line_condition(condition, &mut prev_if, "result")
                    };
                    let outcome = self.outcome(outcome.as_ref());
                    let text = self.outcome_text(outcome, template.as_ref());
                    rules.results.push(ResultLine {
                        outcome,
                        text,
                        cond,
                    });
                }
                GameClause::End {
                    outcome,
                    template,
                    condition,
                    span,
                } => {
                    prev_if = false;
                    let cx = Cx {
                        end: true,
                        ..Cx::default()
                    };
                    let cond = self.bool_expr(condition, &cx);
                    let outcome = self.outcome(Some(outcome));
                    let text = self.outcome_text(outcome, template.as_ref());
                    rules.ends.push(EndRule {
                        outcome,
                        text,
                        condition: cond,
                        span: *span,
                    });
                }
            }
        }
        if let (Some(span), true) = (stop_span, rules.results.is_empty()) {
            self.error(
                CheckError::new(
                    span,
                    "a game cut off after a number of plies needs a `result` line",
                    "no result for it",
                )
                .help("e.g. `result draw`"),
            );
        }
        let decided = matches!(rules.stuck, Stuck::Lose | Stuck::Draw);
        if rules.results.is_empty() && rules.ends.is_empty() && !decided {
            let span = clauses.first().map(|c| match c {
                GameClause::Stuck { span, .. }
                | GameClause::StopAfter(_, _, span)
                | GameClause::BetweenParts(_, span)
                | GameClause::Result { span, .. }
                | GameClause::End { span, .. } => *span,
            });
            self.error(
                CheckError::new(
                    span.unwrap_or_default(),
                    "a game needs a way to end with a result",
                    "no result",
                )
                .help("e.g. `white wins if no black pieces`, or `result \"Draw\"` lines with `if` and `otherwise`"),
            );
        }
        self.program().game = Some(rules);
    }

    fn outcome(&mut self, o: Option<&ast::Outcome>) -> Outcome {
        match o {
            None => Outcome::Unstated,
            Some(ast::Outcome::Draw(_)) => Outcome::Draw,
            Some(ast::Outcome::Wins(n)) => self
                .side_ref(n, &Cx::default())
                .map_or(Outcome::Unstated, Outcome::Win),
            Some(ast::Outcome::Loses(n)) => self
                .side_ref(n, &Cx::default())
                .map_or(Outcome::Unstated, Outcome::Loss),
        }
    }

    /// The text of a result: the template written, or else the outcome in words (`White
    /// wins`, `Draw`).
    fn outcome_text(&mut self, o: Outcome, template: Option<&ast::Template>) -> Vec<TplPart> {
        if let Some(t) = template {
            return self.template(t, false);
        }
        let side = |c: &mut Checker, s: SideId| {
            let name = &c.prog().sides[s as usize].name;
            let mut chars = name.chars();
            chars
                .next()
                .map(|f| f.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        };
        let text = match o {
            Outcome::Win(s) => format!("{} wins", side(self, s)),
            Outcome::Loss(s) => format!("{} loses", side(self, s)),
            Outcome::Draw | Outcome::Unstated => "Draw".to_string(),
        };
        vec![TplPart::Text(text)]
    }
}

impl Checker {
    /// What the capture and repetition statements and `N passes in a row` need from the
    /// moves: a chain of captures to be identical, a move that passes to count passes.
    pub(super) fn capture_rules(&mut self, st: &super::Statements) {
        let p = self.prog();
        let chains = p.moves.iter().any(|m| m.chain.is_some());
        let passes = p.moves.iter().any(|m| {
            m.actions
                .iter()
                .chain(m.then.iter().flatten())
                .any(|a| matches!(a.action, Action::Pass))
        }) || p.game.as_ref().is_some_and(|g| g.stuck == Stuck::Pass);
        if let Some(s) = st.get("identical captures are one move")
            && !chains
        {
            self.error(
                CheckError::new(
                    s.span,
                    "`identical captures are one move` is about captures of several pieces, but no move continues after a capture",
                    "nothing to merge",
                )
                .help("add `continue while possible` to the move that captures, or remove this line"),
            );
        }
        if let Some(span) = self.passes_asked
            && !passes
        {
            self.error(
                CheckError::new(
                    span,
                    "no move passes, so there are never passes in a row",
                    "never true",
                )
                .help(
                    "add a move that passes (`move pass`), or `no moves: pass` in the game section",
                ),
            );
        }
    }
}
