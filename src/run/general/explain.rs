//! Why the moves are what they are: each move replayed step by step through the same
//! `apply` the searches use (recording what it captured, flipped and promoted), and the
//! candidates the generator turned down on one square, with the reason for each.

use super::apply::{Work, apply, apply_traced, finish};
use super::attack;
use super::filters::matches_filter;
use super::movegen::{chain_after, chain_at};
use super::runner::Runner;
use super::trace::{Event, LEAVES, Off, Record, Why};
use crate::compile::geometry::Geometry;
use crate::program::{Area, Attackers, C_OWN, Code, DirId, EMPTY, Expr, GHOST, SetFilter};
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::{NONE, Step, rotation, second_piece};

/// A run of enemy pieces a step turned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlipRun {
    /// The square the run was seen from: the square played, or a piece turned earlier.
    pub origin: u32,
    pub dir: DirId,
    /// The pieces turned, in order from `origin`.
    pub squares: Vec<u32>,
    /// The own piece that closes the run.
    pub closed_by: u32,
}

/// One step of a move as it was played.
#[derive(Debug, Clone)]
pub struct StepPlayed {
    pub step: Step,
    /// The piece that moved, or was placed (before any promotion).
    pub piece: Code,
    /// How many squares the piece went (0 for a placement or a pass).
    pub distance: u32,
    /// The squares passed on the way, in order (not the one jumped, not the landing).
    pub passed: Vec<u32>,
    /// The direction a jump went first when it landed beside the piece it jumped (`sideways
    /// if blocked`), the step's own direction being the one it turned to.
    pub turned: Option<DirId>,
    /// The square and piece taken: jumped over, or landed on.
    pub captured: Option<(u32, Code)>,
    /// The squares and pieces a `taking` clause took, in square order.
    pub taken: Vec<(u32, Code)>,
    /// The squares a `claiming` clause put a piece on, in square order.
    pub claimed: Vec<u32>,
    /// A second piece the step moved (`pushing`, `pulling`): the piece, where it stood, where
    /// it went, and whether it was pushed (else pulled).
    pub second: Option<Second>,
    pub flips: Vec<FlipRun>,
    /// What the piece became as it landed.
    pub promoted: Option<Code>,
}

/// A second piece a step moved beside its own.
#[derive(Debug, Clone, Copy)]
pub struct Second {
    pub piece: Code,
    pub from: u32,
    pub to: u32,
    pub pushed: bool,
}

/// The second piece `st` moves, as it stands in `before` (the board before the step).
fn second(e: &crate::compile::Engine, st: &Step, before: &[Code]) -> Option<Second> {
    second_piece(e, st).map(|(from, to, pushed)| Second {
        piece: before[from as usize],
        from,
        to,
        pushed,
    })
}

/// Why a chain of jumps stopped where it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainEnd {
    /// No further jump was possible.
    NoJump,
    /// The piece was promoted, and the chain ends on promotion.
    Promoted,
    /// Further jumps were possible, but continuing is optional.
    Chose,
    /// A move in parts stopped before its next part: the game is over (`may end between
    /// parts`).
    GameOver,
    /// A move in parts ended before a part whose `if` condition did not hold.
    Skipped,
}

/// A complete move, replayed.
#[derive(Debug, Clone)]
pub struct MovePlayed {
    pub steps: Vec<StepPlayed>,
    /// For a move of jumps that may continue: why it ended.
    pub chain_end: Option<ChainEnd>,
    /// A promotion that waits for the end of the move: the square and the new piece.
    pub promoted_at_end: Option<(u32, Code)>,
    /// The move's `again if` holds after it: the same side moves again.
    pub again: bool,
}

impl MovePlayed {
    /// Every square whose piece the move took, in order.
    pub fn captures(&self) -> impl Iterator<Item = u32> + '_ {
        self.steps.iter().flat_map(|s| {
            s.captured
                .map(|c| c.0)
                .into_iter()
                .chain(s.taken.iter().map(|t| t.0))
        })
    }

    /// Every square the move claimed, in order.
    pub fn claims(&self) -> impl Iterator<Item = u32> + '_ {
        self.steps.iter().flat_map(|s| s.claimed.iter().copied())
    }

    /// Every square the move flipped, in order.
    pub fn flips(&self) -> impl Iterator<Item = u32> + '_ {
        self.steps
            .iter()
            .flat_map(|s| &s.flips)
            .flat_map(|r| r.squares.iter().copied())
    }

    /// What the moving piece became, if the move promoted it.
    pub fn promotion(&self) -> Option<Code> {
        self.promoted_at_end
            .map(|p| p.1)
            .or_else(|| self.steps.iter().rev().find_map(|s| s.promoted))
    }
}

/// The pieces a step's `taking` clause took: the squares it emptied other than its own
/// start, landing and jumped squares (and a second piece's start, for `moving`).
fn taken_by_clause(
    e: &crate::compile::Engine,
    st: &Step,
    side: crate::program::SideId,
    before: &[Code],
    after: &[Code],
) -> Vec<(u32, Code)> {
    let fx = &e.p.part(st.rule, st.part)[st.action as usize].effects;
    if fx.takes.is_none() {
        return Vec::new();
    }
    let moved_from = fx.moves.as_ref().map(|(a, _)| {
        super::candidate::square_of(&e.g, a, super::candidate::Ends::step(st.from, st.to), side)
    });
    // The board as the step leaves it before its clause takes anything: the piece gone from
    // where it started, a second piece pushed or pulled.
    let mut expected = before.to_vec();
    if st.from != NONE {
        expected[st.from as usize] = EMPTY;
    }
    if let Some(second) = second(e, st, before) {
        expected[second.to as usize] = second.piece;
        expected[second.from as usize] = EMPTY;
    }
    (0..before.len() as u32)
        .filter(|&s| {
            !matches!(expected[s as usize], EMPTY | GHOST)
                && after[s as usize] == EMPTY
                && s != st.to
                && s != st.over
                && Some(s) != moved_from
        })
        .map(|s| (s, expected[s as usize]))
        .collect()
}

/// Plays a sowing step, recording the squares it dropped on (as `passed`, the last one
/// included), how many it sowed (`distance`, and the count as `piece`) and the counts its
/// `taking` clause took.
fn sown(
    e: &crate::compile::Engine,
    now: &mut Position,
    st: &Step,
    sowing: &crate::program::Sowing,
    work: &mut Work,
) -> StepPlayed {
    let count = now.cells[st.from as usize];
    let mut drops = Vec::new();
    super::sow::walk(e, now, sowing, (now.mover, st.from), |q| drops.push(q));
    let mut sown = now.cells.clone();
    sown[st.from as usize] = EMPTY;
    for &q in &drops {
        sown[q as usize] += 1;
    }
    apply(e, now, st, work);
    let taken = (0..sown.len() as u32)
        .filter(|&q| q != st.from && sown[q as usize] > 0 && now.cells[q as usize] == EMPTY)
        .map(|q| (q, sown[q as usize]))
        .collect();
    StepPlayed {
        step: *st,
        piece: count,
        distance: drops.len() as u32,
        passed: drops,
        turned: None,
        captured: None,
        taken,
        claimed: Vec::new(),
        second: None,
        flips: Vec::new(),
        promoted: None,
    }
}

/// The runs a step flipped, as the trace recorded them.
fn flip_runs(g: &Geometry, record: &Record) -> Vec<FlipRun> {
    record
        .0
        .iter()
        .filter_map(|e| match *e {
            Event::Flipped {
                origin,
                dir,
                first,
                count,
            } => {
                let next_of = g.next_of(dir);
                let at = |i: u32| (0..i).fold(first, |s, _| next_of[s as usize]);
                Some(FlipRun {
                    origin,
                    dir,
                    squares: (0..count).map(at).collect(),
                    closed_by: at(count),
                })
            }
            _ => None,
        })
        .collect()
}

/// The squares a step's `claiming` clause put a piece on: empty before, taken after, other
/// than where the step landed.
fn claimed_by_clause(
    e: &crate::compile::Engine,
    st: &Step,
    before: &[Code],
    after: &[Code],
) -> Vec<u32> {
    let fx = &e.p.part(st.rule, st.part)[st.action as usize].effects;
    if fx.claims.is_none() {
        return Vec::new();
    }
    (0..before.len() as u32)
        .filter(|&q| q != st.to && before[q as usize] == EMPTY)
        .filter(|&q| !matches!(after[q as usize], EMPTY | GHOST))
        .collect()
}

/// Plays `steps` (one move, as [`Runner::moves`] gives it) from `pos`, recording what each
/// step did.
pub fn replay(runner: &mut Runner, pos: &Position, steps: &[Step]) -> MovePlayed {
    let e = runner.engine().clone();
    let (p, g) = (e.p, &e.g);
    let mut now = pos.clone();
    let mut stack = Work::default();
    let mut played = Vec::with_capacity(steps.len());
    let mut captured_any = false;
    for st in steps {
        if let Some(sowing) =
            super::sow::sowing_of(&p.part(st.rule, st.part)[st.action as usize].action)
        {
            played.push(sown(&e, &mut now, st, sowing, &mut stack));
            continue;
        }
        let turns = rotation(&e, st).is_some();
        if turns {
            apply(&e, &mut now, st, &mut stack);
        }
        if st.is_pass() || turns {
            played.push(StepPlayed {
                step: *st,
                piece: EMPTY,
                distance: 0,
                passed: Vec::new(),
                turned: None,
                captured: None,
                taken: Vec::new(),
                claimed: Vec::new(),
                second: None,
                flips: Vec::new(),
                promoted: None,
            });
            continue;
        }
        let piece = if st.from == NONE {
            p.code(now.mover, st.kind)
        } else {
            now.cells[st.from as usize]
        };
        let mut passed = Vec::new();
        let mut distance = 0;
        let mut turned = None;
        if st.from != NONE && (st.dir as usize) < g.stride.len() {
            let next_of = g.next_of(st.dir);
            let mut s = next_of[st.from as usize];
            distance = 1;
            while s != NONE && s != st.to && (distance as usize) < g.n {
                if s != st.over {
                    passed.push(s);
                }
                s = next_of[s as usize];
                distance += 1;
            }
            if s != st.to
                && let Some((first, path)) = turned_path(g, &now, st)
            {
                turned = Some(first);
                distance = path.len() as u32 + 1;
                passed = path.into_iter().filter(|&q| q != st.over).collect();
            }
        }
        // A piece jumped, or the piece a slide lands on or a placement replaces.
        let captured = if st.over != NONE {
            Some((st.over, now.cells[st.over as usize]))
        } else if st.pair == NONE
            && !matches!(now.cells[st.to as usize], EMPTY | GHOST)
            && !(e.p.stacks
                && e.t.class[now.mover as usize][now.cells[st.to as usize] as usize] == C_OWN)
        {
            Some((st.to, now.cells[st.to as usize]))
        } else {
            None
        };
        captured_any |= st.over != NONE;
        let mut record = Record::default();
        let before = now.cells.clone();
        apply_traced(&e, &mut now, st, &mut stack, &mut record);
        let mut taken = taken_by_clause(&e, st, now.mover, &before, &now.cells);
        // A `taking` clause that took the piece just moved or placed, from where it landed.
        if e.p.part(st.rule, st.part)[st.action as usize]
            .effects
            .takes
            .is_some()
            && now.cells[st.to as usize] == EMPTY
        {
            taken.push((st.to, piece));
        }
        let flips = flip_runs(g, &record);
        let landed = now.cells[st.to as usize];
        let claimed = claimed_by_clause(&e, st, &before, &now.cells);
        let second = second(&e, st, &before);
        played.push(StepPlayed {
            step: *st,
            piece,
            distance,
            passed,
            turned,
            captured,
            taken,
            claimed,
            second,
            flips,
            // (A piece taken where it landed was not promoted.)
            promoted: (landed != piece && !matches!(landed, EMPTY | GHOST)).then_some(landed),
        });
    }
    // The end of a chain: why it stopped.
    // Where a question fails to be worked out, the answer is no: the game is not over, the
    // next part is not skipped, no further step is found.
    let chain_end = match steps.last() {
        Some(last) if runner.continues(last) => {
            let here = chain_after(last, EMPTY, &now);
            if runner.stops_between(&now, &here).unwrap_or(false) {
                Some(ChainEnd::GameOver)
            } else if runner.rest_skipped(&now, &here).unwrap_or(false) {
                Some(ChainEnd::Skipped)
            } else {
                let rule = &p.moves[last.rule as usize];
                let moved = played.last().map_or(EMPTY, |s| s.piece);
                let at = chain_after(last, moved, &now);
                let mut next = Vec::new();
                let _ = runner.chain_steps_traced(&now, at, &mut next, &mut Off);
                Some(if !next.is_empty() {
                    ChainEnd::Chose
                } else if at.promoted && rule.chain.is_some_and(|c| c.until_promoted) {
                    ChainEnd::Promoted
                } else {
                    ChainEnd::NoJump
                })
            }
        }
        _ => None,
    };
    // A move that ends turning a block has no piece of its own to promote.
    let last = steps
        .last()
        .filter(|s| rotation(&e, s).is_none())
        .map_or(NONE, |s| s.to);
    let before_end = (last != NONE).then(|| now.cells[last as usize]);
    finish(&e, &mut now, last, captured_any);
    let promoted_at_end = before_end
        .filter(|&b| now.cells[last as usize] != b)
        .map(|_| (last, now.cells[last as usize]));
    // A failure to work out the `again if` condition says the turn passes.
    let again = (e.t.again || e.p.turns.is_some())
        && chain_end.is_none()
        && runner.side_after(&now).is_ok_and(|s| s == now.mover);
    MovePlayed {
        steps: played,
        chain_end,
        promoted_at_end,
        again,
    }
}

/// A piece attacked after a move: its square and piece, and the square and piece of one
/// attacker.
pub type Attacked = (u32, Code, u32, Code);

/// The pieces of the sets a `legal if` condition counts as attacked, after `step` from
/// `pos`, each with a piece attacking it.
pub fn attacked_after(
    runner: &mut Runner,
    pos: &Position,
    step: &Step,
    rule: usize,
) -> Result<Vec<Attacked>, RunError> {
    let e = runner.engine().clone();
    let mut after = pos.clone();
    apply(&e, &mut after, step, &mut Work::default());
    finish(&e, &mut after, step.to, step.over != NONE);
    let mut sets = Vec::new();
    if let Some((cond, _)) = e.p.legal.get(rule) {
        collect_attacked(cond, &mut sets);
    }
    let mut out = Vec::new();
    let side = after.mover;
    let class = &e.t.class[side as usize];
    for (filter, area, who) in sets {
        for sq in 0..e.g.n {
            let cell = after.cells[sq];
            if !matches_filter(filter, cell, class, &e.t)
                || area.is_some_and(|a| !e.g.on_area(a, side, sq))
            {
                continue;
            }
            let by = attack::attackers(&e, who, cell, side);
            if let Some(from) = attack::attacker(&e, runner.vars(), &after, sq as u32, by)? {
                out.push((sq as u32, cell, from, after.cells[from as usize]));
            }
        }
    }
    Ok(out)
}

/// The attacked sets counted in `e`.
fn collect_attacked(e: &Expr, out: &mut Vec<(SetFilter, Option<Area>, Attackers)>) {
    match e {
        Expr::CountIn {
            filter,
            area,
            attacked: Some(who),
            ..
        } => out.push((*filter, *area, *who)),
        Expr::Neg(x) | Expr::Not(x) => collect_attacked(x, out),
        Expr::Bin(_, a, b) => {
            collect_attacked(a, out);
            collect_attacked(b, out);
        }
        _ => {}
    }
}

/// What the generator turned down on `sq`: candidate steps of the piece standing there and
/// candidate placements on it, each with its reason. Chains are followed from the piece's
/// jumps: a continuation turned down part way is reported too.
pub fn rejected_on(runner: &mut Runner, pos: &Position, sq: u32) -> Result<Vec<Event>, RunError> {
    let mut record = Record::default();
    let mut steps = Vec::new();
    runner.first_steps_traced(pos, &mut steps, &mut record)?;
    let mut found: Vec<Event> = record
        .0
        .into_iter()
        .filter(|e| match *e {
            Event::WrongKind { from, .. } => from == sq,
            Event::Rejected { from, to, .. } => from == sq || (from == NONE && to == sq),
            Event::NotCapturing { step } | Event::NotMandatory { step } => {
                step.from == sq || (step.from == NONE && step.to == sq)
            }
            Event::Flipped { .. } | Event::Illegal { .. } => false,
        })
        .collect();
    // One-step moves from `sq` (or placements on it) that the `legal if` conditions refuse.
    let p = runner.engine().p;
    let leaves = p.moves.iter().any(|m| !m.leaves_not.is_empty());
    if !p.legal.is_empty() || leaves {
        let here: Vec<Step> = steps
            .iter()
            .filter(|s| (s.from == sq || s.from == NONE && s.to == sq) && !runner.continues(s))
            .copied()
            .collect();
        for st in &here {
            let e = runner.engine().clone();
            let mut after = pos.clone();
            apply(&e, &mut after, st, &mut Work::default());
            finish(&e, &mut after, st.to, st.over != NONE);
            if let Some(rule) = runner.failed_legal(&after)? {
                found.push(Event::Illegal {
                    step: *st,
                    rule: rule as u16,
                });
            } else if leaves && runner.leaves_forbidden(&after)? {
                // `unless that leaves ...` of the step's statement.
                found.push(Event::Illegal {
                    step: *st,
                    rule: LEAVES,
                });
            }
        }
    }
    // Continuations of chains that start on `sq`, turned down part way.
    let mut stack: Vec<(Position, Step)> = steps
        .iter()
        .filter(|s| s.from == sq && runner.continues(s))
        .map(|s| (pos.clone(), *s))
        .collect();
    let mut work = Work::default();
    let e = runner.engine().clone();
    // Chains can branch without end in sight on a big board: look at this many steps at most.
    let mut budget = 100_000;
    while let Some((before, st)) = stack.pop() {
        budget -= 1;
        if budget == 0 {
            break;
        }
        let mut after = before.clone();
        apply(&e, &mut after, &st, &mut work);
        let at = chain_at(&st, &before, &after);
        let mut record = Record::default();
        let mut next = Vec::new();
        runner.chain_steps_traced(&after, at, &mut next, &mut record)?;
        found.extend(record.0.into_iter().filter(|e| {
            matches!(
                e,
                Event::Rejected {
                    why: Why::TurnsBack,
                    ..
                }
            )
        }));
        stack.extend(next.into_iter().map(|n| (after.clone(), n)));
    }
    Ok(found)
}

/// The way of a jump that landed beside the piece it jumped (`sideways if blocked`): the
/// direction it went first, and the squares from its start to its landing (the piece's
/// square, where it turned, included); the shortest such way that turns on a piece.
fn turned_path(g: &Geometry, pos: &Position, st: &Step) -> Option<(DirId, Vec<u32>)> {
    let mut best: Option<(DirId, Vec<u32>)> = None;
    let turn_to = g.next_of(st.dir);
    for d in 0..g.stride.len() as DirId {
        let along = g.next_of(d);
        let mut path = Vec::new();
        let mut corner = along[st.from as usize];
        while corner != NONE && pos.cells[corner as usize] == EMPTY {
            path.push(corner);
            corner = along[corner as usize];
        }
        if corner == NONE {
            continue;
        }
        path.push(corner);
        let mut s = turn_to[corner as usize];
        while s != NONE && s != st.to && pos.cells[s as usize] == EMPTY {
            path.push(s);
            s = turn_to[s as usize];
        }
        if s == st.to && best.as_ref().is_none_or(|(_, b)| path.len() < b.len()) {
            best = Some((d, path));
        }
    }
    best
}
