//! What every bit form needs of the rules, each requirement with the construct that breaks
//! it: a whole game on a board of at most 128 squares, two sides, every move counting as it
//! is, and nothing remembered or counted besides the pieces.

use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::program::{Action, Distance, KindAction, Program};

/// Bit forms play whole games: the rules have a `game` section.
pub(super) fn whole_game(p: &Program) -> Fit<()> {
    match p.game {
        Some(_) => Ok(()),
        None => Err(Miss::new(
            "no `game` section (bit forms play whole games)",
            None,
        )),
    }
}

/// Every action of every part of every move.
fn actions(p: &Program) -> impl Iterator<Item = &KindAction> {
    p.moves
        .iter()
        .flat_map(|m| m.actions.iter().chain(m.then.iter().flatten()))
}

/// The first action for which `f` holds, as a miss of `what` where it is written.
fn action_miss(p: &Program, what: &str, f: impl Fn(&KindAction) -> bool) -> Miss {
    let at = actions(p).find(|a| f(a));
    Miss::new(what, at.map(|a| a.effects.span.unwrap_or(a.span)))
}

/// Two sides on at most 128 squares, every move counting as it is, nothing remembered or
/// counted besides the pieces (no marks, memory, quiet plies or passes, effects).
pub(super) fn two_sides(p: &Program, t: &Tables, g: &Geometry) -> Fit<()> {
    if g.n > 128 || g.step_bits.is_empty() {
        let what = format!("a board of {} squares (a bit form holds at most 128)", g.n);
        return Err(Miss::new(what, None));
    }
    if p.sides.len() != 2 {
        let what = format!("{} sides (a bit form has two)", p.sides.len());
        return Err(Miss::new(what, None));
    }
    if let Some((_, span)) = p.legal.first() {
        return Err(Miss::new(
            "`legal if` (the position after each move would be asked)",
            Some(*span),
        ));
    }
    if let Some((_, span)) = p.moves.iter().flat_map(|m| &m.leaves_not).next() {
        return Err(Miss::new(
            "`unless that leaves` (the position after each move would be asked)",
            Some(*span),
        ));
    }
    if p.no_repeat.is_some() {
        return Err(Miss::new("`no move may repeat`", p.no_repeat_span));
    }
    if let Some(turns) = p.turns {
        return Err(Miss::new(
            "`turns of ...` (a turn of several moves)",
            Some(turns.span),
        ));
    }
    if p.unchanged.is_some() {
        return Err(Miss::new(
            "`no turn may leave the board unchanged`",
            p.unchanged,
        ));
    }
    if p.stacks {
        return Err(Miss::new("`pieces stack`", None));
    }
    if p.dice.is_some() {
        return Err(Miss::new("`roll ...` (dice)", None));
    }
    if t.mandatory {
        return Err(Miss::new("`mandatory` moves", None));
    }
    if p.identical_one {
        return Err(Miss::new(
            "`identical captures are one move`",
            p.identical_span,
        ));
    }
    if p.captures_most {
        return Err(Miss::new(
            "`taking the most` (captures counted)",
            p.captures_mandatory_span,
        ));
    }
    debug_assert!(t.plain);
    if t.quiet {
        return Err(Miss::new("`plies without capture` (counted)", None));
    }
    if t.passes {
        return Err(Miss::new("`passes in a row` (counted)", None));
    }
    if t.memory {
        return Err(Miss::new(
            "`unmoved` (positions remember moved pieces)",
            None,
        ));
    }
    if t.marks {
        let what = "`marking the squares passed`";
        return Err(action_miss(p, what, |a| a.effects.marks));
    }
    if t.again {
        let again = p.moves.iter().find_map(|m| m.spans.again);
        return Err(Miss::new(
            "`again if` (a side may move twice in a row)",
            again,
        ));
    }
    if t.effects {
        let what = "a `taking`, `moving` or `claiming` clause (other squares change)";
        let second = |a: &KindAction| {
            a.effects.takes.is_some() || a.effects.moves.is_some() || a.effects.claims.is_some()
        };
        return Err(action_miss(p, what, second));
    }
    Ok(())
}

/// [`two_sides`], with one kind of piece and moves of one step each: no promotions, chains
/// or parts.
pub(super) fn one_kind(p: &Program, t: &Tables) -> Fit<()> {
    single_part(p)?;
    if p.kinds.len() != 1 {
        let what = format!("{} kinds of piece (this family has one)", p.kinds.len());
        return Err(Miss::new(what, None));
    }
    if !p.promotions.is_empty() {
        return Err(Miss::new("a promotion", None));
    }
    if t.chains {
        let chained = p.moves.iter().find(|m| m.chain.is_some());
        return Err(Miss::new(
            "a chain of jumps",
            chained.and_then(|m| m.spans.chain),
        ));
    }
    Ok(())
}

/// Moves of one part: no `then`.
pub(super) fn single_part(p: &Program) -> Fit<()> {
    match p.moves.iter().find_map(|m| m.then.first()?.first()) {
        Some(a) => Err(Miss::new(
            "a second part of a move (after `then`)",
            Some(a.span),
        )),
        None => Ok(()),
    }
}

/// A `where` clause of an action, as a miss.
pub(super) fn where_miss(a: &KindAction) -> Miss {
    let span = a.conditions.first().map(|c| c.1).or(a.clauses.condition);
    Miss::new("a `where` clause", span)
}

/// An action no family of bit forms plays, as a miss: what it is, where it is written.
pub(super) fn action_kind_miss(a: &KindAction) -> Miss {
    let what = match &a.action {
        Action::Slide {
            distance: Distance::Const(1),
            ..
        } => "a step onto a square of another kind",
        Action::Slide {
            distance: Distance::Const(_),
            ..
        } => "a slide of more than one square",
        Action::Slide { .. } => "a slide of a distance that varies",
        Action::Place { reach: Some(_), .. } => "a placement reached along directions",
        Action::Place { .. } => "a placement onto squares that may not be empty",
        Action::Jump { .. } => "a jump",
        Action::Pass => "a `pass` move",
        Action::Rotate { .. } => "a rotation of a block",
        Action::Remove { .. } => "a removal of a piece",
        Action::Fly { .. } => "a piece that flies to any square",
        Action::Sow { .. } => "sowing the counts squares hold",
    };
    let span = match &a.action {
        Action::Slide { .. } => a.clauses.distance.or(a.clauses.onto),
        _ => None,
    };
    Miss::new(what, Some(span.unwrap_or(a.span)))
}
