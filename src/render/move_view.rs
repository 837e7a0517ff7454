//! The moves of a position as `ply moves` shows them: every legal move in the game's square
//! notation with what it captures, flips and promotes, and on request why (the clauses that
//! made each step, quoted from the rules file) and what was turned down on one square.
//! The same values are written as text (`moves_text.rs`) and as JSON (`docs/json.md`).

use super::board_text;
pub use super::move_views::*;
use super::position_text::position_text;
use crate::program::*;
use crate::run::general::explain::{self, ChainEnd, MovePlayed, StepPlayed};
use crate::run::general::trace::{ActionRef, Event, Why};
use crate::run::step::{NONE, Step, rotation};
use crate::run::{Position, RunError, Runner};
use crate::syntax::ast::Span;

/// What to show of a position's moves.
#[derive(Debug, Clone, Copy)]
pub struct Show {
    /// With each move, the steps and clauses behind it.
    pub explain: bool,
    /// Also what the rules turned down on this square.
    pub square: Option<u32>,
    /// List at most this many moves (the first the generator makes).
    pub limit: usize,
}

/// Builds the views of a position's moves; `source` is the rules file's text.
pub struct Viewer<'a, 'p> {
    pub runner: &'a mut Runner<'p>,
    pub source: &'a str,
}

impl Viewer<'_, '_> {
    fn name(&self, sq: u32) -> String {
        self.runner.engine().g.names[sq as usize].to_string()
    }

    fn opt_name(&self, sq: u32) -> Option<String> {
        (sq != NONE).then(|| self.name(sq))
    }

    fn dir_name(&self, d: DirId) -> Option<String> {
        self.runner
            .engine()
            .p
            .directions
            .get(d as usize)
            .map(|d| d.name.clone())
    }

    /// A step that turns a block, in words: `block 2 (D1-F3), a quarter turn clockwise`.
    fn rotation(&self, st: &Step) -> Option<String> {
        let e = self.runner.engine();
        let (block, turn) = rotation(e, st)?;
        let squares = &e.g.blocks[block as usize];
        Some(format!(
            "block {} ({}-{}), {}",
            block + 1,
            self.name(squares[0]),
            self.name(squares[squares.len() - 1]),
            turn.words()
        ))
    }

    fn kind_name(&self, code: Code) -> String {
        let p = self.runner.engine().p;
        p.kinds[p.kind_of(code) as usize].clone()
    }

    fn clause(&self, span: Span) -> Clause {
        clause(self.source, span, "")
    }

    /// The action as written; a slide only up to its distance or over clause (quoted on
    /// their own where they matter).
    fn action_clause(&self, at: ActionRef) -> Clause {
        let ka = &self.runner.engine().p.part(at.rule, at.part)[at.action as usize];
        let mut span = ka.span;
        if let Action::Slide { .. } = ka.action {
            let c = &ka.clauses;
            for s in [c.distance, c.over].into_iter().flatten() {
                span.end = span.end.min(keyword_start(self.source, s.start));
            }
        }
        self.clause(span)
    }

    /// A cell as the mover sees it.
    fn describe(&self, pos: &Position, sq: u32) -> String {
        let code = pos.cells[sq as usize];
        let p = self.runner.engine().p;
        let sym = board_text::symbol(p, &self.runner.engine().t, code);
        match code {
            EMPTY => "empty".to_string(),
            GHOST => "a piece taken earlier in this move".to_string(),
            c if p.side_of(c) == pos.mover => format!("an own piece ({sym})"),
            _ => format!("an enemy piece ({sym})"),
        }
    }

    /// The whole view of one case.
    pub fn case(&mut self, case: usize, pos: &Position, show: &Show) -> Result<CaseView, RunError> {
        let (explain, square) = (show.explain, show.square);
        let p = self.runner.engine().p;
        let (mut moves, move_count) = self.runner.move_list(pos, show.limit)?;
        // Board order: by the squares the move visits.
        let key = |m: &Vec<Step>| -> Vec<u32> {
            std::iter::once(m[0].from)
                .chain(m.iter().map(|s| s.to))
                .filter(|s| *s != NONE)
                .chain([u32::MAX])
                .collect()
        };
        moves.sort_by_key(|m| key(m));
        let mut views = Vec::with_capacity(moves.len());
        for m in &moves {
            let played = explain::replay(self.runner, pos, m);
            views.push(self.move_view(m, &played, explain));
        }
        let side = pos.mover;
        let sym = board_text::symbol(p, &self.runner.engine().t, p.code(side, 0));
        let rejected = match square {
            Some(sq) => {
                let mut views = Vec::new();
                for e in explain::rejected_on(self.runner, pos, sq)? {
                    let attacks = match e {
                        Event::Illegal { step, rule } => {
                            explain::attacked_after(self.runner, pos, &step, rule as usize)?
                        }
                        _ => Vec::new(),
                    };
                    views.extend(self.rejected(pos, e, &attacks));
                }
                let (fewer, most) = self.runner.fewer_taken(pos, sq)?;
                for (steps, taken) in fewer {
                    views.push(self.fewer_taken(&steps, taken, most));
                }
                Some(views)
            }
            None => None,
        };
        Ok(CaseView {
            case,
            to_move: p.sides[side as usize].name.clone(),
            symbol: sym.to_string(),
            board: board_text::rows(self.runner.engine(), pos),
            position: p
                .input
                .as_ref()
                .map(|_| position_text(self.runner.engine(), pos, self.runner.vars())),
            hand: (!pos.hand.is_empty()).then(|| board_text::hand(self.runner.engine(), pos)),
            last_to: self.runner.engine().t.last_to.then(|| match pos.last.0 {
                NONE => "-".to_string(),
                sq => self.name(sq),
            }),
            roll: p.dice.as_ref().map(|_| roll_text(&pos.roll)),
            move_count,
            game_over: self.game_over(pos, move_count)?,
            moves: views,
            square: square.map(|s| self.name(s)),
            rejected,
        })
    }

    /// How the game ended, when it is over in `pos` (which has `move_count` moves).
    fn game_over(
        &mut self,
        pos: &Position,
        move_count: u64,
    ) -> Result<Option<GameOverView>, RunError> {
        let p = self.runner.engine().p;
        let Some(game) = &p.game else {
            return Ok(None);
        };
        let Some(ending) = self.runner.finished(pos, move_count)? else {
            return Ok(None);
        };
        let (outcome, side) = outcome_word(ending.outcome);
        let span = match ending.rule {
            Some(i) => Some(game.ends[i].span),
            None => game.stuck_span,
        };
        Ok(Some(GameOverView {
            result: ending.text,
            outcome,
            side: side.map(|s| p.sides[s as usize].name.clone()),
            clause: span.map(|s| self.clause(s)),
        }))
    }

    /// The squares a part of a move stands on, from its first to its last.
    fn path(&self, steps: &[Step]) -> Vec<String> {
        match steps.first() {
            None => Vec::new(),
            Some(first) if first.is_pass() || self.rotation(first).is_some() => Vec::new(),
            Some(first) => std::iter::once(first.from)
                .filter(|s| *s != NONE)
                .chain(steps.iter().map(|s| s.to))
                .map(|s| self.name(s))
                .collect(),
        }
    }

    fn move_view(&self, steps: &[Step], played: &MovePlayed, explain: bool) -> MoveView {
        let first = steps[0];
        // The parts of a move in parts; `from`, `to` and `path` are the first part's.
        let split: Vec<&[Step]> = steps.chunk_by(|a, b| a.part == b.part).collect();
        let parts = (split.len() > 1).then(|| {
            split
                .iter()
                .map(|p| {
                    let rotation = self.rotation(&p[0]);
                    PartView {
                        from: self.opt_name(p[0].from),
                        to: self
                            .opt_name(p[p.len() - 1].to)
                            .filter(|_| rotation.is_none()),
                        path: self.path(p),
                        rotation,
                    }
                })
                .collect()
        });
        let steps_0 = split[0];
        let path = self.path(steps_0);
        let steps_view = explain.then(|| played.steps.iter().map(|s| self.step_view(s)).collect());
        let stopped = played
            .chain_end
            .filter(|end| explain && *end == ChainEnd::GameOver)
            .map(|_| self.stopped());
        let chain_end = played
            .chain_end
            .filter(|end| *end != ChainEnd::GameOver)
            .filter(|_| explain)
            .map(|end| self.chain_end(steps, end));
        MoveView {
            notation: crate::run::step::move_text(self.runner.engine(), steps),
            from: self.opt_name(first.from),
            to: self
                .opt_name(steps_0[steps_0.len() - 1].to)
                .filter(|_| self.rotation(&steps_0[0]).is_none()),
            path,
            parts,
            captures: played.captures().map(|s| self.name(s)).collect(),
            second: played
                .steps
                .iter()
                .find_map(|s| s.second)
                .map(|s| [self.name(s.from), self.name(s.to)]),
            flips: played.flips().map(|s| self.name(s)).collect(),
            claims: played.claims().map(|s| self.name(s)).collect(),
            again: played.again,
            promotion: played.promotion().map(|c| self.kind_name(c)),
            steps: steps_view,
            chain_end,
            stopped,
        }
    }

    /// Why a move in parts stopped before its last part.
    fn stopped(&self) -> String {
        let p = self.runner.engine().p;
        let clause = p
            .game
            .as_ref()
            .and_then(|g| g.between_parts.as_ref())
            .map(|(s, _)| format!(", and {}", cite(&self.clause(*s))))
            .unwrap_or_default();
        format!("the game is over after this part{clause}")
    }

    fn chain_end(&self, steps: &[Step], end: ChainEnd) -> String {
        let last = steps[steps.len() - 1];
        let rule = &self.runner.engine().p.moves[last.rule as usize];
        let chain = rule
            .spans
            .chain
            .map(|s| format!(" ({})", cite(&self.clause(s))))
            .unwrap_or_default();
        let at = self.name(last.to);
        match end {
            ChainEnd::NoJump => format!("no further jump from {at}"),
            ChainEnd::GameOver => self.stopped(),
            ChainEnd::Skipped => format!(
                "ends on {at}: the next part is played only if its condition holds, and it does not"
            ),
            ChainEnd::Promoted => {
                format!("the piece was promoted on {at}, which ends the chain{chain}")
            }
            ChainEnd::Chose => {
                format!("stops on {at}, though it could go on: continuing is optional{chain}")
            }
        }
    }

    fn step_view(&self, s: &StepPlayed) -> StepView {
        let st = s.step;
        let p = self.runner.engine().p;
        let at = ActionRef {
            rule: st.rule,
            part: st.part,
            action: st.action,
        };
        let ka = &p.part(st.rule, st.part)[st.action as usize];
        let kind = match ka.action {
            Action::Slide { .. } => "slide",
            Action::Place { .. } => "place",
            Action::Jump { .. } => "jump",
            Action::Pass => "pass",
            Action::Rotate { .. } => "rotate",
            Action::Remove { .. } => "remove",
            Action::Fly { .. } => "fly",
            Action::Sow { .. } => "sow",
        };
        let (distance_rule, distance_reason) = match &ka.action {
            Action::Slide { distance, .. } => {
                let rule = ka
                    .clauses
                    .distance
                    .map(|sp| clause(self.source, sp, "distance "));
                let reason = match distance {
                    Distance::LineCount(f) => Some(format!(
                        "{} {} on the {} through {}",
                        s.distance,
                        filter_words(p, *f, s.distance),
                        line_word(&p.directions[st.dir as usize]),
                        self.name(st.from)
                    )),
                    Distance::Expr(_) => Some(format!("it works out to {}", s.distance)),
                    Distance::Unlimited => Some(
                        "no distance is given: any, as far as the squares passed allow".to_string(),
                    ),
                    Distance::Const(_) => None,
                };
                (rule, reason)
            }
            _ => (None, None),
        };
        let flip_rule = (!s.flips.is_empty())
            .then(|| {
                p.moves[st.rule as usize]
                    .spans
                    .flip
                    .map(|sp| self.clause(sp))
            })
            .flatten();
        let rotation = self.rotation(&st);
        StepView {
            action: self.action_clause(at),
            kind,
            from: self.opt_name(st.from),
            to: self.opt_name(st.to).filter(|_| rotation.is_none()),
            rotation,
            direction: match (st.dir, s.turned) {
                (u16::MAX, _) => None,
                (d, None) => self.dir_name(d),
                // Beside the piece jumped: the way it went, then the way it turned.
                (d, Some(first)) => self
                    .dir_name(first)
                    .zip(self.dir_name(d))
                    .map(|(a, b)| format!("{a} then {b}")),
            },
            distance: s.distance,
            distance_rule,
            distance_reason,
            passed: s.passed.iter().map(|&q| self.name(q)).collect(),
            captured: s.captured.map(|(q, _)| self.name(q)),
            captured_piece: s
                .captured
                .map(|(_, c)| board_text::symbol(p, &self.runner.engine().t, c).to_string()),
            taken: s
                .taken
                .iter()
                .map(|&(q, c)| TakenView {
                    square: self.name(q),
                    // On a board of counts: the count taken.
                    piece: match p.held {
                        Some(_) => c.to_string(),
                        None => board_text::symbol(p, &self.runner.engine().t, c).to_string(),
                    },
                })
                .collect(),
            second: s.second.map(|x| SecondView {
                how: if x.pushed { "pushed" } else { "pulled" },
                piece: board_text::symbol(p, &self.runner.engine().t, x.piece).to_string(),
                from: self.name(x.from),
                to: self.name(x.to),
            }),
            flips: s
                .flips
                .iter()
                .map(|r| FlipView {
                    from: self.name(r.origin),
                    direction: self.dir_name(r.dir).unwrap_or_default(),
                    squares: r.squares.iter().map(|&q| self.name(q)).collect(),
                    closed_by: self.name(r.closed_by),
                })
                .collect(),
            flip_rule,
            promoted_to: s.promoted.map(|c| self.kind_name(c)),
        }
    }

    /// A candidate the generator turned down (`None` for an event that is not one).
    /// A piece of a kind the action is not for.
    fn wrong_kind(&self, pos: &Position, at: ActionRef, from: u32) -> RejectedView {
        let p = self.runner.engine().p;
        let ka = &p.part(at.rule, at.part)[at.action as usize];
        let kinds: Vec<&str> = (0..p.kinds.len())
            .filter(|k| ka.kinds & (1 << k) != 0)
            .map(|k| p.kinds[k].as_str())
            .collect();
        RejectedView {
            candidate: self.name(from),
            direction: None,
            distance: None,
            action: self.action_clause(at),
            reason: format!(
                "{} holds a {}, and this action is for kind {} only",
                self.name(from),
                self.kind_name(pos.cells[from as usize]),
                kinds.join(", ")
            ),
            clause: None,
        }
    }

    /// A capture that `taking the most` turns down: it takes `taken` pieces, another `most`.
    fn fewer_taken(&self, steps: &[Step], taken: u32, most: u32) -> RejectedView {
        let p = self.runner.engine().p;
        let first = steps[0];
        let at = ActionRef {
            rule: first.rule,
            part: first.part,
            action: first.action,
        };
        let pieces = |n: u32| format!("{n} piece{}", if n == 1 { "" } else { "s" });
        RejectedView {
            candidate: crate::run::step::move_text(self.runner.engine(), steps),
            direction: self.dir_name(first.dir),
            distance: None,
            action: self.action_clause(at),
            reason: format!(
                "it takes {}, and another capture takes {most}",
                pieces(taken)
            ),
            clause: p.captures_mandatory_span.map(|s| self.clause(s)),
        }
    }

    /// A move the `legal if` condition number `rule` refuses, with the pieces it would
    /// leave attacked and by what.
    fn illegal(
        &self,
        step: Step,
        rule: usize,
        attacks: &[explain::Attacked],
    ) -> Option<RejectedView> {
        let p = self.runner.engine().p;
        let at = ActionRef {
            rule: step.rule,
            part: step.part,
            action: step.action,
        };
        let Some(&(_, span)) = p.legal.get(rule) else {
            let rule = &p.moves[step.rule as usize];
            let span = rule.leaves_not.first().map(|(_, s)| *s).unwrap_or_default();
            return Some(RejectedView {
                candidate: crate::run::step::move_text(self.runner.engine(), &[step]),
                direction: self.dir_name(step.dir),
                distance: None,
                action: self.action_clause(at),
                reason: "it leaves a position its statement forbids".to_string(),
                clause: Some(self.clause(span)),
            });
        };
        let cond = self.clause(span);
        let mut reason = "the position after it is not legal".to_string();
        {
            let e = self.runner.engine();
            let named = |sq: u32, code: Code| {
                format!(
                    "the {} {} on {}",
                    p.sides[p.side_of(code) as usize].name,
                    p.kinds[p.kind_of(code) as usize],
                    e.g.names[sq as usize]
                )
            };
            let words: Vec<String> = attacks
                .iter()
                .map(|&(sq, piece, by, attacker)| match by == sq {
                    true => format!(
                        "{} would be attacked where it stands, by a placement onto it or a removal",
                        named(sq, piece)
                    ),
                    false => format!(
                        "{} would be attacked by {}",
                        named(sq, piece),
                        named(by, attacker)
                    ),
                })
                .collect();
            if !words.is_empty() {
                reason = format!("after it, {}", words.join("; "));
            }
        }
        Some(RejectedView {
            candidate: crate::run::step::move_text(self.runner.engine(), &[step]),
            direction: self.dir_name(step.dir),
            distance: None,
            action: self.action_clause(at),
            reason,
            clause: Some(cond),
        })
    }

    /// A move that was not made, as the notation writes it: its square, its squares, or
    /// its square and direction.
    fn candidate(&self, from: u32, to: u32, dir: u16) -> String {
        match (from, to) {
            (NONE, to) => self.name(to),
            (from, NONE) => format!(
                "{} {}",
                self.name(from),
                self.dir_name(dir).unwrap_or_default()
            ),
            (from, to) => format!(
                "{}{}{}",
                self.name(from),
                self.runner.engine().p.move_notation.separator,
                self.name(to)
            ),
        }
    }

    /// A legal step another rule left out, for `reason` (written at `clause`).
    fn left_out(&self, step: Step, reason: &str, clause: Option<Span>) -> RejectedView {
        let at = ActionRef {
            rule: step.rule,
            part: step.part,
            action: step.action,
        };
        RejectedView {
            candidate: crate::run::step::move_text(self.runner.engine(), &[step]),
            direction: self.dir_name(step.dir),
            distance: None,
            action: self.action_clause(at),
            reason: reason.to_string(),
            clause: clause.map(|s| self.clause(s)),
        }
    }

    fn rejected(
        &self,
        pos: &Position,
        e: Event,
        attacks: &[explain::Attacked],
    ) -> Option<RejectedView> {
        let p = self.runner.engine().p;
        Some(match e {
            Event::WrongKind { at, from } => self.wrong_kind(pos, at, from),
            Event::NotMandatory { step } => self.left_out(
                step,
                "a move of a `mandatory` statement is legal, and only those are",
                None,
            ),
            Event::NotCapturing { step } => self.left_out(
                step,
                "it captures nothing, and another move captures",
                p.captures_mandatory_span,
            ),
            Event::Rejected {
                at,
                from,
                to,
                dir,
                distance,
                why,
            } => {
                let ka = &p.part(at.rule, at.part)[at.action as usize];
                let rule = &p.moves[at.rule as usize];
                let candidate = self.candidate(from, to, dir);
                let default = |what: &str, words: &str| Clause {
                    text: format!("{what} {words} (the default)"),
                    line: clause(self.source, ka.span, "").line,
                };
                let over = || match ka.clauses.over {
                    Some(s) => clause(self.source, s, "over "),
                    None => default("over", "empty"),
                };
                let onto = || match ka.clauses.onto {
                    Some(s) => clause(self.source, s, "onto "),
                    None => default("onto", "empty or enemy"),
                };
                let (reason, clause_) = match why {
                    Why::NoneInHand => ("the side has no such piece in hand".to_string(), None),
                    Why::ZeroDistance => ("the distance works out to 0".to_string(), {
                        ka.clauses
                            .distance
                            .map(|s| clause(self.source, s, "distance "))
                    }),
                    Why::PastEdge { room } => (
                        match room {
                            0 => "the board ends right there".to_string(),
                            1 => "the board ends after 1 square".to_string(),
                            n => format!("the board ends after {n} squares"),
                        },
                        None,
                    ),
                    Why::Passes { sq } => (
                        format!(
                            "it would pass {}, {}",
                            self.name(sq),
                            self.describe(pos, sq)
                        ),
                        Some(over()),
                    ),
                    Why::Lands { sq } => (
                        format!(
                            "it would land on {}, {}",
                            self.name(sq),
                            self.describe(pos, sq)
                        ),
                        Some(onto()),
                    ),
                    Why::CannotJump { sq } => (
                        format!(
                            "the piece next in line, on {}, is {}",
                            self.name(sq),
                            self.describe(pos, sq)
                        ),
                        Some(over()),
                    ),
                    Why::GapBefore { sq } => (
                        format!(
                            "the piece next in line, on {}, is further away than the gap allows",
                            self.name(sq)
                        ),
                        Some(self.clause(ka.span)),
                    ),
                    Why::GapShort { sq } => (
                        format!(
                            "the piece next in line, on {}, is nearer than the gap asks",
                            self.name(sq)
                        ),
                        Some(self.clause(ka.span)),
                    ),
                    Why::NothingToJump => ("there is no piece to jump over".to_string(), None),
                    Why::Where { clause } => (
                        match ka.conditions.get(clause as usize) {
                            Some((_, span)) => {
                                format!("{} does not hold", cite(&self.clause(*span)))
                            }
                            None => "its `where` clause does not hold".to_string(),
                        },
                        ka.clauses.condition.map(|s| self.clause(s)),
                    ),
                    Why::NoLanding { sq } => (
                        format!(
                            "there is no empty square to land on beyond {}",
                            self.name(sq)
                        ),
                        None,
                    ),
                    Why::PlaceOnto => (
                        format!("{} is {}", self.name(to), self.describe(pos, to)),
                        Some(onto()),
                    ),
                    Why::FlipsNothing => (
                        "a piece there would flip nothing".to_string(),
                        rule.spans.must_flip.map(|s| self.clause(s)),
                    ),
                    Why::TurnsBack => (
                        "part way through the chain, it would turn straight back".to_string(),
                        rule.spans.chain.map(|s| self.clause(s)),
                    ),
                };
                RejectedView {
                    candidate,
                    direction: if dir == u16::MAX {
                        None
                    } else {
                        self.dir_name(dir)
                    },
                    distance: (distance > 0).then_some(distance),
                    action: self.action_clause(at),
                    reason,
                    clause: clause_,
                }
            }
            Event::Flipped { .. } => return None,
            Event::Illegal { step, rule } => return self.illegal(step, rule as usize, attacks),
        })
    }
}

/// An outcome as a word (`win`, `loss`, `draw`, `unstated`) and the side it names, if any.
pub fn outcome_word(o: Outcome) -> (&'static str, Option<SideId>) {
    match o {
        Outcome::Win(s) => ("win", Some(s)),
        Outcome::Loss(s) => ("loss", Some(s)),
        Outcome::Draw => ("draw", None),
        Outcome::Unstated => ("unstated", None),
    }
}

/// `text (line N)`, for prose.
pub fn cite(c: &Clause) -> String {
    format!("`{}` (line {})", c.text, c.line)
}

/// The words of a set filter, for "3 pieces on the row".
fn filter_words(p: &Program, f: SetFilter, n: u32) -> String {
    let s = if n == 1 { "" } else { "s" };
    match f {
        SetFilter::Own => format!("own piece{s}"),
        SetFilter::Enemy => format!("enemy piece{s}"),
        SetFilter::OwnKind(k) => format!("own {}{s}", p.kinds[k as usize]),
        SetFilter::Kind(k) => format!("{}{s}", p.kinds[k as usize]),
        SetFilter::EnemyKind(k) => format!("enemy {}{s}", p.kinds[k as usize]),
        SetFilter::Empty => format!("empty square{s}"),
        SetFilter::Pieces => format!("piece{s}"),
        SetFilter::Squares => format!("square{s}"),
        SetFilter::Side(side) => format!("{} piece{s}", p.sides[side as usize].name),
        SetFilter::Piece(c) => format!(
            "{} {}{s}",
            p.sides[p.side_of(c) as usize].name,
            p.kinds[p.kind_of(c) as usize]
        ),
        SetFilter::Union(i) => p.unions[i as usize]
            .iter()
            .map(|&f| filter_words(p, f, n))
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

/// What a line along a direction is called.
fn line_word(d: &Direction) -> &'static str {
    match (d.dr, d.dc) {
        (0, _) => "row",
        (_, 0) => "column",
        (r, c) if r.abs() == c.abs() => "diagonal",
        _ => "line",
    }
}

/// A span of the rules file as a clause: `prefix` and the text, comments dropped and
/// spaces collapsed, with the line it starts on.
pub fn clause(source: &str, span: Span, prefix: &str) -> Clause {
    let start = span.start.min(source.len());
    let end = span.end.clamp(start, source.len());
    let text = source.get(start..end).unwrap_or("");
    let words: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .collect();
    Clause {
        text: format!("{prefix}{}", words.join(" "))
            .trim_end_matches(',')
            .to_string(),
        line: source[..start].matches('\n').count() + 1,
    }
}

/// Where the keyword before a clause's words starts (`over` in `over empty or own`).
fn keyword_start(source: &str, at: usize) -> usize {
    let bytes = source.as_bytes();
    let mut i = at.min(bytes.len());
    while i > 0 && bytes[i - 1].is_ascii_whitespace() {
        i -= 1;
    }
    while i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
        i -= 1;
    }
    i
}
