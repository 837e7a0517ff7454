//! The one expression evaluator. Operators are worked out here, once, with checked
//! arithmetic; what an expression asks of the world (an input number, a count of squares,
//! the moves, regions) is answered by the [`Scope`] it is evaluated in:
//! - the runner's scope ([`super::search`]), for output lines, results and `require`:
//!   everything, lets cached per position;
//! - [`Line`], for a slide's `distance`: a position and the line the piece moves along;
//! - [`Numbers`], for the input section's `repeat N times`: the numbers read so far.
//!
//! Every scope answers every leaf: a new kind of expression must be given a meaning (or a
//! clear error) in each of them before the code compiles.

use super::RunError;
use super::filters::matches_filter;
use super::position::Position;
use crate::compile::{Engine, Tables};
use crate::program::*;

/// What an expression can ask of the place it is evaluated in.
pub trait Scope<'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError>;
    fn let_value(&mut self, l: LetId) -> Result<i64, RunError>;
    /// The size of the region a `sum of ... over regions` is at.
    fn size(&mut self) -> Result<i64, RunError>;
    fn to_move(&mut self, side: SideId) -> Result<i64, RunError>;
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError>;
    /// Squares of the line a piece moves along (in a slide's `distance`).
    fn count_on_line(&mut self, f: SetFilter) -> Result<i64, RunError>;
    fn count_moves(&mut self, cond: Option<&'p Expr>) -> Result<i64, RunError>;
    fn best(&mut self, max: bool, body: &'p Expr) -> Result<i64, RunError>;
    fn count_regions(&mut self, spec: usize, border: BorderFilter) -> Result<i64, RunError>;
    fn region_sum(
        &mut self,
        body: &'p Expr,
        spec: usize,
        border: BorderFilter,
    ) -> Result<i64, RunError>;
}

/// The value of `e` in `scope` (a condition is 1 or 0).
pub fn eval<'p, S: Scope<'p>>(e: &'p Expr, scope: &mut S) -> Result<i64, RunError> {
    match e {
        Expr::Int(v) => Ok(*v),
        Expr::Var(v) => scope.var(*v),
        Expr::Let(l) => scope.let_value(*l),
        Expr::Size => scope.size(),
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
        Expr::CountSet(f) => scope.count_set(*f),
        Expr::CountOnLine(f) => scope.count_on_line(*f),
        Expr::CountMoves(cond) => scope.count_moves(cond.as_deref()),
        Expr::Best { max, body } => scope.best(*max, body),
        Expr::CountRegions(spec, border) => scope.count_regions(*spec, *border),
        Expr::RegionSum(body, spec, border) => scope.region_sum(body, *spec, *border),
        // The checker gives squares a type of their own: they are written, never counted.
        Expr::From | Expr::To => Err(RunError::new("a square is not a number")),
    }
}

pub fn overflow() -> RunError {
    RunError::new("a number grew past the 64-bit range")
}

fn binary(op: Op, x: i64, y: i64) -> Result<i64, RunError> {
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

/// The error for an expression the checker does not allow where it stands.
pub fn not_here<T>(what: &str) -> Result<T, RunError> {
    Err(RunError::new(format!("{what} cannot be used here")))
}

/// How many squares match a filter, from the piece counts (no board scan).
#[inline]
pub fn count_set(t: &Tables, pos: &Position, side: SideId, f: SetFilter, n: usize) -> u32 {
    let kinds = t.kinds as usize;
    let side_total =
        |s: usize| -> u32 { pos.counts[1 + s * kinds..1 + (s + 1) * kinds].iter().sum() };
    let all = || -> u32 { pos.counts[1..].iter().sum() };
    match f {
        SetFilter::Own => side_total(side as usize),
        SetFilter::Enemy => all() - side_total(side as usize),
        SetFilter::Pieces => all(),
        SetFilter::Empty => pos.cells.iter().filter(|&&c| c == EMPTY).count() as u32,
        SetFilter::Squares => n as u32,
        SetFilter::Side(s) => side_total(s as usize),
        SetFilter::Piece(c) => pos.counts[c as usize],
    }
}

/// A slide's `distance`: a position seen by `side`, and the square and direction of the
/// slide (for `on line`). Distances cannot ask about moves or regions (the checker says so).
pub struct Line<'a, 'p> {
    pub e: &'a Engine<'p>,
    pub vars: &'a [i64],
    pub pos: &'a Position,
    pub side: SideId,
    pub at: (usize, DirId),
}

impl<'p> Scope<'p> for Line<'_, 'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError> {
        Ok(self.vars[v])
    }
    fn let_value(&mut self, l: LetId) -> Result<i64, RunError> {
        let p: &'p Program = self.e.p;
        eval(&p.lets[l], self)
    }
    fn size(&mut self) -> Result<i64, RunError> {
        not_here("`size`")
    }
    fn to_move(&mut self, side: SideId) -> Result<i64, RunError> {
        Ok((self.pos.mover == side) as i64)
    }
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError> {
        Ok(count_set(&self.e.t, self.pos, self.side, f, self.e.g.n) as i64)
    }
    fn count_on_line(&mut self, f: SetFilter) -> Result<i64, RunError> {
        let (g, t) = (&self.e.g, &*self.e.t);
        let (sq, d) = self.at;
        let l = g.line[d as usize * g.n + sq] as usize;
        let class = &t.class[self.side as usize];
        Ok(
            g.line_squares[g.line_start[l] as usize..g.line_start[l + 1] as usize]
                .iter()
                .filter(|&&s| matches_filter(f, self.pos.cells[s as usize], class, t))
                .count() as i64,
        )
    }
    fn count_moves(&mut self, _: Option<&'p Expr>) -> Result<i64, RunError> {
        not_here("a question about moves")
    }
    fn best(&mut self, _: bool, _: &'p Expr) -> Result<i64, RunError> {
        not_here("a question about moves")
    }
    fn count_regions(&mut self, _: usize, _: BorderFilter) -> Result<i64, RunError> {
        not_here("a count of regions")
    }
    fn region_sum(&mut self, _: &'p Expr, _: usize, _: BorderFilter) -> Result<i64, RunError> {
        not_here("a sum over regions")
    }
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
    fn to_move(&mut self, _: SideId) -> Result<i64, RunError> {
        not_here("the side to move")
    }
    fn count_set(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("a count of squares")
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
    fn count_regions(&mut self, _: usize, _: BorderFilter) -> Result<i64, RunError> {
        not_here("a count of regions")
    }
    fn region_sum(&mut self, _: &'p Expr, _: usize, _: BorderFilter) -> Result<i64, RunError> {
        not_here("a sum over regions")
    }
}
