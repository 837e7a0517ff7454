//! The bit form of placement games: see [`PlaceGame`].

use super::ends::{BitEnds, bit_ends};
use super::fits::{action_kind_miss, one_kind};
use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::compile::word::Shift;
use crate::program::{Action, C_EMPTY, CellMask, Code, Expr, Program, SquareClass, Stuck};

/// A placement game as bit operations: two sides of one kind of piece, every move puts a
/// piece on an empty square where its `where` clauses hold (each a test of the square a step
/// away from it), and the game ends by conditions on counts of pieces, rows or regions of them.
#[derive(Debug, Clone)]
pub struct PlaceGame {
    /// Per side, the squares the `where` clauses about the board's edge allow (`left of to
    /// is off the board`): fixed, so found once here.
    pub allowed: [u128; 2],
    /// The other `where` clauses of the placement, all of which must hold.
    pub wheres: Vec<SquareTest>,
    pub code: [Code; 2],
    pub ends: BitEnds,
}

/// `DIRECTION of to is [not] CLASS` as masks: per side to move, the step back against the
/// direction, and the classes `cells` (as that side sees them) the square there must be of;
/// `negated` for `is not`.
#[derive(Debug, Clone)]
pub struct SquareTest {
    pub back: [Shift; 2],
    pub cells: CellMask,
    pub negated: bool,
}

/// A `where` clause of a placement in bit form.
enum Where {
    /// `DIRECTION of to is [not] off the board`: per side, the squares it allows.
    Edge([u128; 2]),
    /// A test of the square a step away, on the board.
    Near(SquareTest),
}

/// The bit form of a placement game on this board, or why it has none.
pub(super) fn place_game(p: &Program, t: &Tables, g: &Geometry) -> Fit<PlaceGame> {
    let Some(game) = p.game.as_ref() else {
        unreachable!("bit forms are asked of whole games")
    };
    one_kind(p, t)?;
    if game.stuck == Stuck::Pass {
        return Err(Miss::new(
            "a side with no move passes (a placement game ends)",
            game.stuck_span,
        ));
    }
    if p.captures_mandatory {
        return Err(Miss::new(
            "`captures are mandatory`",
            p.captures_mandatory_span,
        ));
    }
    let [rule] = &p.moves[..] else {
        return Err(Miss::new(
            "several move statements (a placement game has one)",
            None,
        ));
    };
    let [ka] = &rule.actions[..] else {
        let span = rule.actions.get(1).map(|a| a.span);
        return Err(Miss::new("several actions in the move", span));
    };
    let on_empty = matches!(
        ka.action,
        Action::Place {
            onto: C_EMPTY,
            reach: None
        }
    );
    if !on_empty || ka.kinds & 1 == 0 {
        return Err(action_kind_miss(ka));
    }
    let (mut allowed, mut wheres) = ([g.all_bits; 2], Vec::new());
    for (e, span) in &ka.conditions {
        let Some(test) = square_test(e, g) else {
            return Err(Miss::new(
                "a `where` clause that asks more than the square one step away",
                Some(*span),
            ));
        };
        match test {
            Where::Edge(squares) => {
                allowed[0] &= squares[0];
                allowed[1] &= squares[1];
            }
            Where::Near(test) => wheres.push(test),
        }
    }
    Ok(PlaceGame {
        allowed,
        wheres,
        code: [p.code(0, 0), p.code(1, 0)],
        ends: bit_ends(p, t, g, 1)?,
    })
}

/// `[not] (DIRECTION of to is CLASS)`, one step away, as a [`Where`].
fn square_test(e: &Expr, g: &Geometry) -> Option<Where> {
    let (inner, negated) = match e {
        Expr::Not(x) => (&**x, true),
        x => (x, false),
    };
    let Expr::SquareIs(at, class) = inner else {
        return None;
    };
    let [(1, dirs)] = at.steps.as_slice() else {
        return None;
    };
    if at.base != crate::program::Base::To || dirs.len() != 2 {
        return None;
    }
    let back = [Shift::of(g, dirs[0]), Shift::of(g, dirs[1])];
    Some(match class {
        SquareClass::OffBoard => Where::Edge(back.map(|step| {
            // The squares whose step leaves the board, or those whose step stays on it.
            let off = g.all_bits & !step.mask;
            if negated { g.all_bits & !off } else { off }
        })),
        SquareClass::Piece {
            unmoved: false,
            cells,
            side: None,
            kind: None,
        } => Where::Near(SquareTest {
            back,
            cells: *cells,
            negated,
        }),
        _ => return None,
    })
}
