//! The one expression evaluator. Operators are worked out here, once, with checked
//! arithmetic; what an expression asks of the world (an input number, a count of squares,
//! the moves, regions) is answered by the [`Scope`] it is evaluated in:
//! - the runner's scope (`general/scope.rs`), for output lines, results and `require`:
//!   everything, lets cached per position;
//! - the candidate's scope (`general/candidate.rs`), for a slide's `distance` and an
//!   action's `where`: a position and a candidate step (its squares, the line it moves
//!   along);
//! - [`Numbers`], for the input section's `repeat N times`: the numbers read so far.
//!
//! Every scope answers every leaf: a new kind of expression must be given a meaning (or a
//! clear error) in each of them before the code compiles.

use super::error::RunError;
pub use super::error::{not_here, overflow};
use crate::program::*;
use crate::run::position::Position;

/// `[exactly] N SET in a row along DIRS`, as a scope is asked it.
#[derive(Clone, Copy)]
pub struct Row<'a> {
    pub n: u32,
    pub members: SetFilter,
    pub dirs: &'a [DirId],
    /// No member just before the run or just after it.
    pub exactly: bool,
}

/// What an expression can ask of the place it is evaluated in.
pub trait Scope<'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError>;
    fn let_value(&mut self, l: LetId) -> Result<i64, RunError>;
    /// The size of the region a `sum of ... over regions` is at.
    fn size(&mut self) -> Result<i64, RunError>;
    /// The position asked about (`None`: no position, as in the input section).
    fn position(&self) -> Option<&Position>;
    fn to_move(&mut self, side: SideId) -> Result<i64, RunError> {
        match self.position() {
            Some(pos) => Ok((pos.mover == side) as i64),
            None => not_here("the side to move"),
        }
    }
    /// Plies since the last capture (or move of the kinds that restart the count).
    fn quiet_plies(&mut self) -> Result<i64, RunError> {
        match self.position() {
            Some(pos) => Ok(pos.quiet as i64),
            None => not_here("`plies without capture`"),
        }
    }
    /// The faces the turn's roll shows, added up.
    fn roll(&mut self) -> Result<i64, RunError> {
        match self.position() {
            Some(pos) => Ok(total(&pos.roll) as i64),
            None => not_here("`the roll`"),
        }
    }
    /// The face of the die the move uses (`the die`).
    fn die(&mut self) -> Result<i64, RunError> {
        not_here("`the die`")
    }
    /// How many moves in a row, up to the last one, were passes.
    fn passes(&mut self) -> Result<i64, RunError> {
        match self.position() {
            Some(pos) => Ok(pos.passes as i64),
            None => not_here("`passes in a row`"),
        }
    }
    /// How many times the position has come up in the game, this time included.
    fn repetitions(&mut self) -> Result<i64, RunError> {
        not_here("`position repeated N times`")
    }
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError>;
    /// Pieces of a set in hand.
    fn count_hand(&mut self, f: SetFilter) -> Result<i64, RunError>;
    /// `seeds on SQUARE`: the count a square holds (0 off the board).
    fn held(&mut self, _at: &SquareRef) -> Result<i64, RunError> {
        not_here("the count a square holds")
    }
    /// `seeds on AREA`: the counts of a part of the board, added up.
    fn held_on(&mut self, _area: Area) -> Result<i64, RunError> {
        not_here("the counts squares hold")
    }
    /// Squares of a set on a named part of the board, or attacked.
    fn count_in(&mut self, f: SetFilter, within: Within) -> Result<i64, RunError>;
    /// Some run of at least `n` squares of the set along one of the directions.
    fn in_a_row(&mut self, row: Row) -> Result<i64, RunError>;
    /// `exactly N SET in a row`: a run of exactly `n`, no member just before or after it.
    /// A square named from a candidate step's `from` or `to` is of a class.
    fn square_is(&mut self, at: &SquareRef, class: SquareClass) -> Result<i64, RunError>;
    /// The squares of a set asked square by square ([`Near`]).
    fn count_near(&mut self, near: &Near) -> Result<i64, RunError>;
    /// `SQUARE is stronger than SQUARE`.
    fn outranks(&mut self, a: &SquareRef, b: &SquareRef) -> Result<i64, RunError>;
    /// Squares of the line a piece moves along (in a slide's `distance`).
    fn count_on_line(&mut self, f: SetFilter) -> Result<i64, RunError>;
    fn count_moves(&mut self, cond: Option<&'p Expr>) -> Result<i64, RunError>;
    fn best(&mut self, max: bool, body: &'p Expr) -> Result<i64, RunError>;
    fn count_regions(&mut self, q: &'p RegionQuery) -> Result<i64, RunError>;
    fn region_sum(&mut self, body: &'p Expr, q: &'p RegionQuery) -> Result<i64, RunError>;
    /// `BLOCK is COND`: the condition asked of the block's squares alone (0 for no block).
    fn block_is(&mut self, b: &'p BlockRef, cond: &'p Expr) -> Result<i64, RunError>;
    /// `SQUARE is on BLOCK`.
    fn on_block(&mut self, at: &SquareRef, b: &BlockRef) -> Result<i64, RunError>;
    /// `count blocks where COND`, `N blocks where COND in a row along DIRS`.
    fn blocks(&mut self, q: &'p Blocks) -> Result<i64, RunError>;
}

/// The value of `e` in `scope` (a condition is 1 or 0).
pub fn eval<'p, S: Scope<'p>>(e: &'p Expr, scope: &mut S) -> Result<i64, RunError> {
    // The expressions asked after every move (counts of pieces, comparisons) are answered
    // here; the rest in `eval_more`, so this function stays small and cheap to call.
    match e {
        Expr::Int(v) => Ok(*v),
        Expr::Var(v) => scope.var(*v),
        Expr::Neg(x) => eval(x, scope)?.checked_neg().ok_or_else(overflow),
        Expr::Not(x) => Ok((eval(x, scope)? == 0) as i64),
        Expr::Bin(op, a, b) => {
            let x = eval(a, scope)?;
            match op {
                Op::And if x == 0 => return Ok(0),
                Op::Or if x != 0 => return Ok(1),
                _ => {}
            }
            let y = eval(b, scope)?;
            binary(*op, x, y)
        }
        Expr::ToMove(s) => scope.to_move(*s),
        Expr::QuietPlies => scope.quiet_plies(),
        Expr::TheRoll => scope.roll(),
        Expr::TheDie => scope.die(),
        Expr::PassesInARow(n) => Ok((scope.passes()? >= *n as i64) as i64),
        Expr::Repeated(n) => Ok((scope.repetitions()? >= *n as i64) as i64),
        Expr::CountSet(f) => scope.count_set(*f),
        _ => eval_more(e, scope),
    }
}

/// [`eval`] for the expressions that look further than the piece counts: lets, squares,
/// lines, moves and regions.
#[inline(never)]
fn eval_more<'p, S: Scope<'p>>(e: &'p Expr, scope: &mut S) -> Result<i64, RunError> {
    match e {
        Expr::Let(l) => scope.let_value(*l),
        Expr::Size => scope.size(),
        Expr::CountHand(f) => scope.count_hand(*f),
        Expr::Held(at) => scope.held(at),
        Expr::HeldOn(area) => scope.held_on(*area),
        Expr::CountIn {
            filter,
            area,
            also,
            attacked,
            row,
        } => scope.count_in(
            *filter,
            Within {
                area: *area,
                also: *also,
                attacked: *attacked,
                row: *row,
            },
        ),
        Expr::InARow {
            n,
            members,
            dirs,
            exactly,
        } => scope.in_a_row(Row {
            n: *n,
            members: *members,
            dirs,
            exactly: *exactly,
        }),
        Expr::SquareIs(at, class) => scope.square_is(at, *class),
        Expr::Outranks(a, b) => scope.outranks(a, b),
        Expr::CountNear(near) => scope.count_near(near),
        Expr::CountOnLine(f) => scope.count_on_line(*f),
        Expr::CountMoves(cond) => scope.count_moves(cond.as_deref()),
        Expr::Best { max, body } => scope.best(*max, body),
        Expr::CountRegions(q) => scope.count_regions(q),
        Expr::RegionSum(body, q) => scope.region_sum(body, q),
        Expr::BlockIs(b) => scope.block_is(&b.0, &b.1),
        Expr::OnBlock(x) => scope.on_block(&x.0, &x.1),
        Expr::Blocks(q) => scope.blocks(q),
        // The checker gives squares a type of their own: they are written, never counted.
        Expr::From | Expr::To => Err(RunError::new("a square is not a number")),
        _ => eval(e, scope),
    }
}

/// An operator on two values, with checked arithmetic (`and`/`or` of two values already
/// worked out).
pub fn binary(op: Op, x: i64, y: i64) -> Result<i64, RunError> {
    Ok(match op {
        Op::Add => x.checked_add(y).ok_or_else(overflow)?,
        Op::Sub => x.checked_sub(y).ok_or_else(overflow)?,
        Op::Mul => x.checked_mul(y).ok_or_else(overflow)?,
        Op::Eq => (x == y) as i64,
        Op::Ne => (x != y) as i64,
        Op::Lt => (x < y) as i64,
        Op::Le => (x <= y) as i64,
        Op::Gt => (x > y) as i64,
        Op::Ge => (x >= y) as i64,
        Op::And => (x != 0 && y != 0) as i64,
        Op::Or => (x != 0 || y != 0) as i64,
    })
}

/// The input section: only the numbers read so far (`repeat t times`).
pub struct Numbers<'a>(pub &'a [i64]);

impl<'p> Scope<'p> for Numbers<'_> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError> {
        Ok(self.0[v])
    }
    fn let_value(&mut self, _: LetId) -> Result<i64, RunError> {
        not_here("a let")
    }
    fn size(&mut self) -> Result<i64, RunError> {
        not_here("`size`")
    }
    fn position(&self) -> Option<&Position> {
        None
    }
    fn count_set(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("a count of squares")
    }
    fn count_hand(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("a count of pieces in hand")
    }
    fn count_in(&mut self, _: SetFilter, _: Within) -> Result<i64, RunError> {
        not_here("a count of squares")
    }
    fn in_a_row(&mut self, _: Row) -> Result<i64, RunError> {
        not_here("a row of squares")
    }
    fn square_is(&mut self, _: &SquareRef, _: SquareClass) -> Result<i64, RunError> {
        not_here("a square of a move")
    }
    fn count_near(&mut self, _: &Near) -> Result<i64, RunError> {
        not_here("a count of squares")
    }
    fn outranks(&mut self, _: &SquareRef, _: &SquareRef) -> Result<i64, RunError> {
        not_here("a square of a move")
    }
    fn count_on_line(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("`on line`")
    }
    fn count_moves(&mut self, _: Option<&'p Expr>) -> Result<i64, RunError> {
        not_here("a question about moves")
    }
    fn best(&mut self, _: bool, _: &'p Expr) -> Result<i64, RunError> {
        not_here("a question about moves")
    }
    fn count_regions(&mut self, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a count of regions")
    }
    fn region_sum(&mut self, _: &'p Expr, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a sum over regions")
    }
    fn block_is(&mut self, _: &'p BlockRef, _: &'p Expr) -> Result<i64, RunError> {
        not_here("a block")
    }
    fn on_block(&mut self, _: &SquareRef, _: &BlockRef) -> Result<i64, RunError> {
        not_here("a block")
    }
    fn blocks(&mut self, _: &'p Blocks) -> Result<i64, RunError> {
        not_here("blocks")
    }
}
