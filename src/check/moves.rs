//! Checking `move` statements.

use super::expr::Cx;
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, ActionKind, BinOp, ExprKind, MovePart, Span};

pub(super) fn mask(c: &ast::Cells) -> CellMask {
    (if c.empty { C_EMPTY } else { 0 })
        | (if c.own { C_OWN } else { 0 })
        | (if c.enemy { C_ENEMY } else { 0 })
}

impl Checker {
    pub(crate) fn move_rule(&mut self, keyword: Span, parts: &[MovePart]) -> Option<MoveRule> {
        let mut rule = MoveRule::of(Vec::new());
        for (i, part) in parts.iter().enumerate() {
            match part {
                MovePart::Action {
                    kinds,
                    action,
                    span,
                    then,
                    guard,
                } => {
                    // The `where` clause of this action, if it says whose turn it is.
                    self.scope.movers = parts[i + 1..]
                        .iter()
                        .take_while(|p| !matches!(p, MovePart::Action { .. }))
                        .find_map(|p| match p {
                            MovePart::Where { condition, .. } => self.movers(condition),
                            _ => None,
                        });
                    if *then {
                        rule.then.push(Vec::new());
                        let cx = Cx {
                            candidate: true,
                            clause: Some("the condition of a part (`then, if ...`)"),
                            ..Cx::default()
                        };
                        let guard = guard.as_ref().map(|g| self.bool_expr(g, &cx));
                        rule.then_if.push(guard);
                    }
                    self.rule_action(&mut rule, kinds, action, *span);
                    self.scope.movers = None;
                }
                MovePart::Where { condition, span } => {
                    self.where_clause(&mut rule, condition, *span)
                }
                MovePart::Marking(_)
                | MovePart::Taking(..)
                | MovePart::Moving(..)
                | MovePart::Claiming(..) => self.effect(&mut rule, part),
                MovePart::Pushing { .. } | MovePart::Pulling(..) => {
                    self.second_piece(&mut rule, part)
                }
                MovePart::Counts(n, span) => self.cost(&mut rule, *n, *span),
                MovePart::Mandatory(_) => rule.mandatory = true,
                MovePart::LeavesNot(condition, span) => {
                    // Asked of the position after the move, the turn passed on: questions
                    // about the next side's moves may be asked (`no moves`).
                    let cond = self.bool_expr(condition, &Cx::default());
                    rule.leaves_not.push((cond, *span));
                }
                MovePart::Again(condition, span) => {
                    if rule.spans.again.is_some() {
                        self.error(
                            CheckError::new(
                                *span,
                                "a move has at most one `again if` clause",
                                "second one",
                            )
                            .help("join the conditions with `or`"),
                        );
                        continue;
                    }
                    let cx = Cx {
                        candidate: true,
                        clause: Some("an `again if` clause"),
                        ..Cx::default()
                    };
                    rule.again = Some(self.bool_expr(condition, &cx));
                    rule.spans.again = Some(*span);
                }
                MovePart::Flip {
                    dirs,
                    cascading,
                    span,
                } => {
                    if rule.flip.is_some() {
                        self.error(CheckError::new(
                            *span,
                            "a move has at most one flip clause",
                            "second flip",
                        ));
                        continue;
                    }
                    let d = self.direction_list(dirs);
                    let dirs = self.per_side(&d, *span);
                    rule.flip = Some(Flip {
                        dirs,
                        cascading: *cascading,
                    });
                    rule.spans.flip = Some(*span);
                }
                MovePart::MustFlip(span) => {
                    if !parts.iter().any(|p| matches!(p, MovePart::Flip { .. })) {
                        self.error(
                            CheckError::new(
                                *span,
                                "`must flip` needs a flip clause in the same move",
                                "nothing to flip",
                            )
                            .help("add e.g. `flip enemy runs closed by own along all`"),
                        );
                    }
                    rule.must_flip = true;
                    rule.spans.must_flip = Some(*span);
                }
                MovePart::Continue { .. } => self.continue_clause(&mut rule, part, parts),
                MovePart::Captured { at_once, span } => {
                    if rule.spans.captured.is_some() {
                        self.error(CheckError::new(
                            *span,
                            "a move has at most one captured clause",
                            "second captured clause",
                        ));
                        continue;
                    }
                    rule.spans.captured = Some(*span);
                    rule.capture_at_once = *at_once;
                }
            }
        }
        self.check_parts(&rule, parts);
        if rule.actions.is_empty() {
            if !self.errors.iter().any(|e| e.span.start >= keyword.start) {
                self.error(
                    CheckError::new(keyword, "this move has no action", "nothing to do")
                        .help("give one of `slide`, `step`, `place`, `jump` or `pass`"),
                );
            }
            return None;
        }
        Some(rule)
    }

    /// The sides a condition lets move, as bits, when it says (`white to move`, joined with
    /// `and` to other conditions, or with `or` to another such condition).
    fn movers(&self, cond: &ast::Expr) -> Option<u32> {
        match &cond.kind {
            ExprKind::ToMove(side) => self.scope.side(&side.text).map(|s| 1 << s),
            ExprKind::Binary(BinOp::And, a, b) => match (self.movers(a), self.movers(b)) {
                (Some(x), Some(y)) => Some(x & y),
                (x, None) | (None, x) => x,
            },
            ExprKind::Binary(BinOp::Or, a, b) => Some(self.movers(a)? | self.movers(b)?),
            _ => None,
        }
    }

    /// One action of a move, for the pieces of `kinds` (every kind when none is written; a
    /// placement then puts down the first kind).
    fn rule_action(
        &mut self,
        rule: &mut MoveRule,
        kinds: &[ast::Name],
        action: &ast::Action,
        span: Span,
    ) {
        let mut kinds_mask = match (kinds, &action.kind) {
            ([], ActionKind::Place { .. }) => 1,
            ([], _) => (1u32 << self.program().kinds.len()) - 1,
            _ => 0,
        };
        for k in kinds {
            match self.scope.kind(&k.text) {
                Some(i) if kinds_mask & 1 << i != 0 => self.error(CheckError::new(
                    k.span,
                    format!("kind `{}` is named twice", k.text),
                    "again here",
                )),
                Some(i) => kinds_mask |= 1 << i,
                None => {
                    self.unknown_action_kind(k);
                    return;
                }
            }
        }
        let kind = kinds.first();
        if let (Some(k), ActionKind::Pass) = (kind, &action.kind) {
            self.error(CheckError::new(
                k.span,
                "a pass moves no piece, so it has no kind",
                "remove this",
            ));
        }
        if let (Some(k), ActionKind::Rotate(_)) = (kind, &action.kind) {
            self.error(CheckError::new(
                k.span,
                "a rotation turns a whole block, whatever stands on it, so it has no kind",
                "remove this",
            ));
        }
        if rule.actions.len() == super::MAX_ACTIONS {
            self.error(CheckError::new(
                span,
                format!("a move may have at most {} actions", super::MAX_ACTIONS),
                "one too many",
            ));
        }
        if let Some((action, clauses)) = self.action(action) {
            let part = rule.last_part_mut();
            part.push(KindAction {
                kinds: kinds_mask,
                action,
                conditions: Vec::new(),
                fixed: 0,
                by_block: 0,
                effects: Effects::default(),
                span,
                clauses,
            });
        }
    }

    /// `where COND`: a condition on the action written just before it.
    fn where_clause(&mut self, rule: &mut MoveRule, condition: &ast::Expr, span: Span) {
        let cx = Cx {
            candidate: true,
            ..Cx::default()
        };
        // Each part of a condition joined by `and` is asked, and quoted, on its own.
        let mut parts = Vec::new();
        let mut rest = vec![condition];
        while let Some(e) = rest.pop() {
            match &e.kind {
                ExprKind::Binary(BinOp::And, a, b) => {
                    rest.push(b);
                    rest.push(a);
                }
                _ => parts.push((self.bool_expr(e, &cx), e.span)),
            }
        }
        let part = rule.last_part_mut();
        let Some(action) = part.last_mut() else {
            self.error(
                CheckError::new(span, "`where` needs an action before it", "no action")
                    .help("write it after the action it is about, e.g. `place onto empty, where down of to is not empty`"),
            );
            return;
        };
        if matches!(action.action, Action::Rotate { .. }) {
            self.error(
                CheckError::new(span, "a rotation has no square for `where` to ask about", "after a rotation")
                    .help("put the condition on the action before the rotation, or in `legal if ...` for the position after the move"),
            );
            return;
        }
        if !action.conditions.is_empty() {
            self.error(
                CheckError::new(
                    span,
                    "this action has a `where` clause already",
                    "second one",
                )
                .help("join the conditions with `and`"),
            );
            return;
        }
        action.conditions = parts;
        action.clauses.condition = Some(span);
    }

    /// `marking the squares passed`, `taking SQUARE`, `moving SQUARE to SQUARE`: what the
    /// action written just before it does besides moving its piece.
    fn effect(&mut self, rule: &mut MoveRule, part: &MovePart) {
        let span = match part {
            MovePart::Marking(s)
            | MovePart::Taking(_, s)
            | MovePart::Moving(_, _, s)
            | MovePart::Claiming(_, s) => *s,
            _ => return,
        };
        let what = match part {
            MovePart::Marking(_) => "marking",
            MovePart::Taking(..) => "taking",
            MovePart::Claiming(..) => "claiming",
            _ => "moving",
        };
        let mut taking = None;
        let claims = match part {
            MovePart::Claiming(r, _) => Some(self.regions(r, &Cx::default())),
            _ => None,
        };
        let effect = match part {
            MovePart::Taking(words, _) => match &words.taken {
                ast::Taken::Squares(at) => {
                    let at = at.iter().map(|at| self.move_square(at)).collect();
                    taking = Some(Taking::Squares(at));
                    None
                }
                ast::Taken::Regions(r) => {
                    taking = Some(Taking::Regions(self.regions(r, &Cx::default())));
                    None
                }
                ast::Taken::Set(set) => {
                    taking = Some(Taking::Set(Box::new(self.acted_set(set, "taking"))));
                    None
                }
            },
            MovePart::Moving(a, b, _) => Some((self.move_square(a), self.move_square(b))),
            _ => None,
        };
        let extras = match part {
            MovePart::Taking(words, _) => Some(self.taking_extras(words, span)),
            _ => None,
        };
        let list = rule.last_part_mut();
        let Some(action) = list.last_mut() else {
            self.error(
                CheckError::new(span, format!("`{what}` needs an action before it"), "no action")
                    .help("write it after the action it is about, e.g. `pawn: step along forward-left onto empty, taking backward of to`"),
            );
            return;
        };
        if matches!(action.action, Action::Rotate { .. }) {
            self.error(
                CheckError::new(
                    span,
                    format!("a rotation has no `{what}` clause"),
                    "after a rotation",
                )
                .help(
                    "a rotation only turns its block; write the clause after the action before it",
                ),
            );
            return;
        }
        if claims.is_some() && matches!(action.action, Action::Pass | Action::Remove { .. }) {
            self.error(
                CheckError::new(span, "this action puts no piece down, so it claims nothing", "nothing to claim with")
                    .help("claim after an action that places or moves a piece: the claimed squares get a piece like it"),
            );
            return;
        }
        let fx = &mut action.effects;
        let given = match part {
            MovePart::Marking(_) => std::mem::replace(&mut fx.marks, true),
            MovePart::Taking(..) => fx.takes.is_some(),
            MovePart::Claiming(..) => fx.claims.is_some(),
            _ => fx.moves.is_some(),
        };
        if given {
            self.error(CheckError::new(
                span,
                format!("this action has a `{what}` clause already"),
                "second one",
            ));
            return;
        }
        if let Some(t) = taking {
            fx.takes = Some(t);
        }
        if let Some((into, when, unless)) = extras {
            (fx.into, fx.take_if, fx.take_unless) = (into, when, unless);
        }
        if let Some(m) = effect {
            fx.moves = Some(m);
        }
        if let Some(c) = claims {
            fx.claims = Some(c);
        }
        fx.widen(span);
    }

    /// What parts allow: a placement along directions starts from where the part before
    /// ended; a move in parts does not also continue as a chain.
    fn check_parts(&mut self, rule: &MoveRule, parts: &[MovePart]) {
        for ka in &rule.actions {
            if let Action::Place { reach: Some(_), .. } = ka.action {
                self.error(
                    CheckError::new(
                        ka.span,
                        "a placement along directions needs a square to start from",
                        "the first part of a move",
                    )
                    .help("write it after `then`, following a part that ends on a square: `slide along all, then place along all over empty onto empty`"),
                );
            }
        }
        if let (false, Some(span)) = (rule.then.is_empty(), rule.spans.chain) {
            self.error(
                CheckError::new(
                    span,
                    "a move in parts cannot also continue as a chain",
                    "a chain",
                )
                .help("a chain repeats one jump; parts are different actions in order"),
            );
        }
        for (i, part) in rule.then.iter().enumerate() {
            if part.is_empty()
                && let Some(MovePart::Action { span, .. }) = parts
                    .iter()
                    .filter(|p| matches!(p, MovePart::Action { then: true, .. }))
                    .nth(i)
            {
                self.error(CheckError::new(
                    *span,
                    "this part of the move has no action",
                    "nothing to do",
                ));
            }
        }
    }

    fn unknown_action_kind(&mut self, k: &ast::Name) {
        let known: Vec<String> = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
        // Without a `kinds` statement there is only the implicit kind `piece` (which has no
        // place in the file).
        if self
            .scope
            .kinds
            .iter()
            .all(|(_, at)| *at == Span::default())
        {
            self.error(
                CheckError::new(
                    k.span,
                    format!("unknown kind `{}`", k.text),
                    "no kinds are declared",
                )
                .help("declare piece kinds first, e.g. `kinds man, king`"),
            );
        } else {
            self.unknown("kind", k, known);
        }
    }

    /// `continue ...`: chains of jumps.
    fn continue_clause(&mut self, rule: &mut MoveRule, part: &MovePart, parts: &[MovePart]) {
        let MovePart::Continue {
            must,
            no_turning_back,
            until_promoted,
            span,
        } = part
        else {
            return;
        };
        if rule.chain.is_some() {
            self.error(CheckError::new(
                *span,
                "a move has at most one continue clause",
                "second continue",
            ));
            return;
        }
        rule.spans.chain = Some(*span);
        rule.chain = Some(Chain {
            must: *must,
            no_turning_back: *no_turning_back,
            until_promoted: *until_promoted,
        });
        let jumps = parts.iter().any(|p| {
            matches!(
                p,
                MovePart::Action {
                    action: ast::Action {
                        kind: ActionKind::Jump { hop: false, .. },
                        ..
                    },
                    ..
                }
            )
        });
        if !jumps {
            self.error(
                CheckError::new(*span, "only jumps can continue", "this move has no jump").help(
                    "a chain goes on with further jumps of the same piece from where it landed (a hop, which takes nothing, could go round for ever)",
                ),
            );
        }
    }

    /// `rotate a block ...`: needs the board's blocks; a quarter turn needs square blocks.
    /// (An action even when it is wrong: the part it stands in is not also empty.)
    fn rotate(&mut self, turns: &[ast::Turn], span: Span) -> Action {
        let blocks = self.prog().blocks;
        let Some((rows, cols)) = blocks else {
            self.error(
                CheckError::new(span, "a rotation needs the board's blocks", "which blocks?")
                    .help("divide the board first, e.g. `blocks 3 x 3` after the board statement"),
            );
            return Action::Rotate { turns: Vec::new() };
        };
        if rows != cols && turns.iter().any(|t| *t != ast::Turn::Half) {
            self.error(
                CheckError::new(
                    span,
                    format!("a block of {rows} x {cols} squares cannot make a quarter turn"),
                    "not a square block",
                )
                .help("give square blocks, or turn them `a half turn`"),
            );
        }
        let mut unique = Vec::new();
        for t in turns {
            if !unique.contains(t) {
                unique.push(*t);
            }
        }
        Action::Rotate { turns: unique }
    }

    fn action(&mut self, a: &ast::Action) -> Option<(Action, ClauseSpans)> {
        let mut spans = ClauseSpans::default();
        self.fits_counts(a);
        let action = match &a.kind {
            ActionKind::Pass => Action::Pass,
            ActionKind::Sow(s) => self.sow((&s.from, &s.along, &s.skipping), a.span)?,
            ActionKind::Rotate(turns) => self.rotate(turns, a.span),
            ActionKind::Remove(cells) => {
                spans.onto = Some(cells.span);
                if cells.empty {
                    self.error(
                        CheckError::new(
                            cells.span,
                            "there is nothing to remove from an empty square",
                            "`empty` here",
                        )
                        .help("remove `enemy`, `own`, or `enemy or own` pieces"),
                    );
                }
                Action::Remove {
                    what: mask(cells) & !C_EMPTY,
                }
            }
            ActionKind::Fly(onto) => {
                spans.onto = onto.as_ref().map(|c| c.span);
                Action::Fly {
                    onto: onto.as_ref().map(mask).unwrap_or(C_EMPTY),
                }
            }
            ActionKind::Step { dirs, onto } => {
                spans.onto = onto.as_ref().map(|c| c.span);
                let d = self.direction_list(dirs);
                let dirs = self.per_side(&d, a.span);
                Action::Slide {
                    dirs,
                    distance: Distance::Const(1),
                    over: C_EMPTY,
                    onto: onto.as_ref().map(mask).unwrap_or(C_EMPTY | C_ENEMY),
                    past_end: false,
                }
            }
            ActionKind::Slide { dirs, options } => {
                let (distance, over, onto) = self.slide_options(options, &mut spans, "slide");
                let past_end = self.past_end(options, distance.is_some());
                let dirs = self.slide_directions(dirs, distance.is_some(), a.span);
                Action::Slide {
                    dirs,
                    distance: distance.unwrap_or(Distance::Unlimited),
                    over: over.unwrap_or(C_EMPTY),
                    onto: onto.unwrap_or(C_EMPTY | C_ENEMY),
                    past_end,
                }
            }
            ActionKind::Place { along, options } => {
                let (distance, over, onto) = self.slide_options(options, &mut spans, "placement");
                let reach = if along.is_empty() {
                    if let Some(s) = spans.distance.or(spans.over) {
                        self.error(
                            CheckError::new(
                                s,
                                "only a placement along directions has a distance or squares to pass",
                                "nothing to pass",
                            )
                            .help("e.g. `then place along all over empty onto empty`, after a part that ends on a square"),
                        );
                    }
                    None
                } else {
                    let d = self.direction_list(along);
                    Some(Reach {
                        dirs: self.per_side(&d, a.span),
                        distance: distance.unwrap_or(Distance::Unlimited),
                        over: over.unwrap_or(C_EMPTY),
                    })
                };
                Action::Place {
                    onto: onto.unwrap_or(C_EMPTY),
                    reach,
                }
            }
            ActionKind::Jump {
                dirs,
                over,
                gaps,
                hop,
                sideways,
                onto,
            } => {
                spans.onto = onto.as_ref().map(|c| c.span);
                let d = self.direction_list(dirs);
                let dirs = self.per_side(&d, a.span);
                let (before, after) = self.gaps(gaps);
                spans.over = Some(over.span);
                let over_mask = mask(over);
                if over_mask & C_EMPTY != 0 {
                    self.error(CheckError::new(
                        over.span,
                        "a jump goes over a piece, not an empty square",
                        "`empty` here",
                    ));
                }
                let aside = match sideways {
                    Some(_) => self.sideways(&dirs),
                    None => Vec::new(),
                };
                Action::Jump {
                    dirs,
                    over: over_mask,
                    before,
                    after,
                    hop: *hop,
                    aside,
                    onto: onto.as_ref().map(mask).unwrap_or(C_EMPTY),
                }
            }
        };
        Some((action, spans))
    }

    /// The directions a slide goes along, per side: directions and sets, or one route (the
    /// side's own, when the sides have routes of their own). A slide along a route that goes
    /// round needs a distance: without one it could go round for ever.
    fn slide_directions(
        &mut self,
        dirs: &[ast::Name],
        distance: bool,
        span: Span,
    ) -> PerSide<Vec<DirId>> {
        let route = match dirs {
            [one] => self.route_ids(one),
            _ => None,
        };
        let Some(ids) = route else {
            let d = self.direction_list(dirs);
            return self.per_side(&d, span);
        };
        let round = ids
            .iter()
            .any(|id| !self.prog().directions[*id as usize].once);
        if round && !distance {
            self.error(
                CheckError::new(span, "a slide round a route needs a distance", "no distance")
                    .help("give one (`distance the roll`), or make the route end: `direction NAME = through ... once`"),
            );
        }
        ids.into_iter().map(|id| vec![id]).collect()
    }

    /// A jump's gaps before and after the piece it jumps, each given at most once: the
    /// fewest and the most empty squares (none and none without a gap clause).
    fn gaps(&mut self, gaps: &[ast::GapOption]) -> (Gap, Gap) {
        let mut before = None;
        let mut after = None;
        for g in gaps {
            let slot = if g.after { &mut after } else { &mut before };
            if slot.is_some() {
                self.error(CheckError::new(
                    g.span,
                    "this gap is given twice",
                    "second one",
                ));
                continue;
            }
            let most = g
                .at_most
                .map(|v| v.min(u32::MAX as u64) as u32)
                .unwrap_or(u32::MAX);
            let least = if g.exact { most } else { 0 };
            *slot = Some(Gap { least, most });
        }
        let none = Gap { least: 0, most: 0 };
        (before.unwrap_or(none), after.unwrap_or(none))
    }

    /// The two directions at right angles to each of a jump's directions, per side, for
    /// `sideways if blocked`.
    fn sideways(&mut self, dirs: &PerSide<Vec<DirId>>) -> PerSide<Vec<[DirId; 2]>> {
        let mut out = Vec::with_capacity(dirs.len());
        for ids in dirs {
            let mut turned = Vec::with_capacity(ids.len());
            for &d in ids {
                let (dr, dc) = {
                    let v = &self.program().directions[d as usize];
                    (v.dr, v.dc)
                };
                turned.push([
                    self.intern_direction(-dc, dr),
                    self.intern_direction(dc, -dr),
                ]);
            }
            out.push(turned);
        }
        out
    }
}
