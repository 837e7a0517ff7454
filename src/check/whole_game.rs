//! Checking the whole-game statements: `setup`, `game` and `captures are mandatory`.

use super::{CheckError, Checker};
use crate::compile::geometry::square_names;
use crate::program::*;
use crate::syntax::ast::{self, GameClause, Span};

impl Checker {
    pub(crate) fn setup(&mut self, keyword: Span, s: &ast::Setup) {
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
                    let chars: Vec<char> = line.value.chars().collect();
                    if chars.len() != cols as usize {
                        self.error(CheckError::new(
                            line.span,
                            format!("this row has {} squares, the board {cols}", chars.len()),
                            "wrong length",
                        ));
                        continue;
                    }
                    for (c, ch) in chars.iter().enumerate() {
                        match self.prog().symbols.iter().find(|(s, _)| s == ch) {
                            Some((_, code)) => {
                                if *code != EMPTY {
                                    placed.push((r as u32 * cols + c as u32, *code));
                                }
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
                    let kind = match &place.kind {
                        None => 0,
                        Some(k) => match self.scope.kind(&k.text) {
                            Some(k) => k,
                            None => {
                                let known =
                                    self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
                                self.unknown("kind", k, known);
                                continue;
                            }
                        },
                    };
                    let code = self.prog().code(side, kind);
                    for sq in &place.squares {
                        match names.iter().position(|n| *n == sq.value) {
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
                                    .first()
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

    pub(crate) fn game(&mut self, clauses: &[GameClause]) {
        let mut rules = GameRules {
            stuck_pass: false,
            stop_after: None,
            results: Vec::new(),
        };
        let mut stuck_seen = false;
        let mut prev_if = false;
        for c in clauses {
            match c {
                GameClause::Stuck { pass, span } => {
                    if stuck_seen {
                        self.error(CheckError::new(
                            *span,
                            "`no moves:` is given twice",
                            "second one",
                        ));
                    }
                    stuck_seen = true;
                    rules.stuck_pass = *pass;
                    prev_if = false;
                }
                GameClause::StopAfter(n, span) => {
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
                    prev_if = false;
                }
                GameClause::Result {
                    template,
                    condition,
                } => {
                    let cond = self.line_condition(condition, &mut prev_if, "result");
                    let tpl = self.template(template, false);
                    rules.results.push((tpl, cond));
                }
            }
        }
        if rules.results.is_empty() {
            let span = clauses.first().map(|c| match c {
                GameClause::Stuck { span, .. } | GameClause::StopAfter(_, span) => *span,
                GameClause::Result { template, .. } => template.span,
            });
            self.error(
                CheckError::new(
                    span.unwrap_or_default(),
                    "a game needs at least one `result` line",
                    "no result",
                )
                .help("e.g. `result \"Draw\"`, or several with `if` and `otherwise`"),
            );
        }
        self.program().game = Some(rules);
    }
}
