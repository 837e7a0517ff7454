//! The one expression evaluator. Operators are worked out here, once, with checked
//! arithmetic; what an expression asks of the world (an input number, a count of squares,
//! the moves, regions) is answered by the [`Scope`] it is evaluated in:
//! - the runner's scope ([`super::search`]), for output lines, results and `require`:
//!   everything, lets cached per position;
//! - [`Candidate`], for a slide's `distance` and an action's `where`: a position and a
//!   candidate step (its squares, the line it moves along);
//! - [`Numbers`], for the input section's `repeat N times`: the numbers read so far.
//!
//! Every scope answers every leaf: a new kind of expression must be given a meaning (or a
//! clear error) in each of them before the code compiles.

use super::RunError;
use super::attack;
use super::filters::matches_filter;
use super::position::Position;
use super::step::NONE;
use crate::compile::geometry::Geometry;
use crate::compile::{Engine, Tables};
use crate::program::*;

/// What an expression can ask of the place it is evaluated in.
pub trait Scope<'p> {
    fn var(&mut self, v: VarId) -> Result<i64, RunError>;
    fn let_value(&mut self, l: LetId) -> Result<i64, RunError>;
    /// The size of the region a `sum of ... over regions` is at.
    fn size(&mut self) -> Result<i64, RunError>;
    fn to_move(&mut self, side: SideId) -> Result<i64, RunError>;
    /// Plies since the last capture (or move of the kinds that restart the count).
    fn quiet_plies(&mut self) -> Result<i64, RunError>;
    /// How many moves in a row, up to the last one, were passes.
    fn passes(&mut self) -> Result<i64, RunError>;
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError>;
    /// Squares of a set on a named part of the board, or attacked.
    fn count_in(
        &mut self,
        f: SetFilter,
        area: Option<Area>,
        attacked: Option<Attackers>,
    ) -> Result<i64, RunError>;
    /// Some run of at least `n` squares of the set along one of the directions.
    fn in_a_row(&mut self, n: u32, members: SetFilter, dirs: &[DirId]) -> Result<i64, RunError>;
    /// A square named from a candidate step's `from` or `to` is of a class.
    fn square_is(&mut self, at: &SquareRef, class: SquareClass) -> Result<i64, RunError>;
    /// Squares of the line a piece moves along (in a slide's `distance`).
    fn count_on_line(&mut self, f: SetFilter) -> Result<i64, RunError>;
    fn count_moves(&mut self, cond: Option<&'p Expr>) -> Result<i64, RunError>;
    fn best(&mut self, max: bool, body: &'p Expr) -> Result<i64, RunError>;
    fn count_regions(&mut self, q: &'p RegionQuery) -> Result<i64, RunError>;
    fn region_sum(&mut self, body: &'p Expr, q: &'p RegionQuery) -> Result<i64, RunError>;
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
        Expr::PassesInARow(n) => Ok((scope.passes()? >= *n as i64) as i64),
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
        Expr::CountIn {
            filter,
            area,
            attacked,
        } => scope.count_in(*filter, *area, *attacked),
        Expr::InARow { n, members, dirs } => scope.in_a_row(*n, *members, dirs),
        Expr::SquareIs(at, class) => scope.square_is(at, *class),
        Expr::CountOnLine(f) => scope.count_on_line(*f),
        Expr::CountMoves(cond) => scope.count_moves(cond.as_deref()),
        Expr::Best { max, body } => scope.best(*max, body),
        Expr::CountRegions(q) => scope.count_regions(q),
        Expr::RegionSum(body, q) => scope.region_sum(body, q),
        // The checker gives squares a type of their own: they are written, never counted.
        Expr::From | Expr::To => Err(RunError::new("a square is not a number")),
        _ => eval(e, scope),
    }
}

pub fn overflow() -> RunError {
    RunError::new("a number grew past the 64-bit range")
}

/// An operator on two values, with checked arithmetic (`and`/`or` of two values already
/// worked out).
pub(super) fn binary(op: Op, x: i64, y: i64) -> Result<i64, RunError> {
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
    let side_total = |s: usize| -> u32 {
        match kinds {
            1 => pos.counts[1 + s],
            _ => pos.counts[1 + s * kinds..1 + (s + 1) * kinds].iter().sum(),
        }
    };
    let all = || -> u32 { pos.counts[1..].iter().sum() };
    match f {
        SetFilter::Own => side_total(side as usize),
        SetFilter::Enemy => all() - side_total(side as usize),
        SetFilter::OwnKind(k) => pos.counts[1 + side as usize * kinds + k as usize],
        SetFilter::Kind(k) => (0..t.class.len())
            .map(|s| pos.counts[1 + s * kinds + k as usize])
            .sum(),
        SetFilter::EnemyKind(k) => (0..t.class.len())
            .filter(|&s| s != side as usize)
            .map(|s| pos.counts[1 + s * kinds + k as usize])
            .sum(),
        SetFilter::Pieces => all(),
        SetFilter::Empty => pos.cells.iter().filter(|&&c| c == EMPTY).count() as u32,
        SetFilter::Squares => n as u32,
        SetFilter::Side(s) => side_total(s as usize),
        SetFilter::Piece(c) => pos.counts[c as usize],
    }
}

/// How many squares of a set lie on a named part of the board, or are attacked (as `side`
/// sees them).
pub fn count_in(
    e: &Engine,
    vars: &[i64],
    pos: &Position,
    side: SideId,
    f: SetFilter,
    area: Option<Area>,
    attacked: Option<Attackers>,
) -> Result<i64, RunError> {
    let (t, class) = (&*e.t, &e.t.class[side as usize]);
    // Named rows and edges are lists of squares; a row counted from home is looked up.
    let listed = area.and_then(|a| e.g.squares_of(a, side));
    if let (Some(list), None) = (listed, attacked) {
        return Ok(list
            .iter()
            .filter(|&&sq| matches_filter(f, pos.cells[sq as usize], class, t))
            .count() as i64);
    }
    // Pieces of one code (`own king pieces`) are looked for only until all of them, as the
    // position counts them, have been found.
    let one_code = match f {
        SetFilter::OwnKind(k) => Some(e.p.code(side, k)),
        SetFilter::EnemyKind(k) if e.p.sides.len() == 2 => Some(e.p.code(1 - side, k)),
        SetFilter::Piece(c) if c != EMPTY => Some(c),
        _ => None,
    };
    let counted = one_code.and_then(|c| pos.counts.get(c as usize).copied());
    let mut left = counted.unwrap_or(u32::MAX);
    let mut n = 0;
    for sq in 0..e.g.n {
        if left == 0 {
            break;
        }
        let cell = pos.cells[sq];
        if !matches_filter(f, cell, class, t) {
            continue;
        }
        left -= 1;
        if area.is_some_and(|a| !e.g.on_area(a, side, sq)) {
            continue;
        }
        if let Some(who) = attacked {
            let by = attack::attackers(e, who, cell, side);
            if attack::attacker(e, vars, pos, sq as u32, by)?.is_none() {
                continue;
            }
        }
        n += 1;
    }
    Ok(n)
}

/// Whether some run of at least `n` squares of a set lies along one of `dirs`.
pub fn in_a_row(
    e: &Engine,
    pos: &Position,
    side: SideId,
    n: u32,
    f: SetFilter,
    dirs: &[DirId],
) -> bool {
    let (g, t, class) = (&e.g, &*e.t, &e.t.class[side as usize]);
    if g.step_bits.is_empty() {
        return in_a_row_walked(e, pos, side, n, f, dirs);
    }
    // As bits: a square starts a run of k + 1 when it is a member and the next square along
    // the direction starts a run of k.
    let members = pos
        .cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| matches_filter(f, c, class, t))
        .fold(0u128, |m, (sq, _)| m | 1 << sq);
    crate::compile::word::runs_of(g, members, n, dirs)
}

/// [`in_a_row`] square by square, walking from each member along each direction (boards of
/// any size; the bit form must agree with it).
pub fn in_a_row_walked(
    e: &Engine,
    pos: &Position,
    side: SideId,
    n: u32,
    f: SetFilter,
    dirs: &[DirId],
) -> bool {
    let (g, t, class) = (&e.g, &*e.t, &e.t.class[side as usize]);
    let member = |sq: u32| matches_filter(f, pos.cells[sq as usize], class, t);
    (0..g.n as u32).filter(|&sq| member(sq)).any(|sq| {
        dirs.iter().any(|&d| {
            let mut run = 1;
            let mut at = sq;
            while run < n {
                at = g.next[d as usize * g.n + at as usize];
                if at == NONE || !member(at) {
                    return false;
                }
                run += 1;
            }
            true
        })
    })
}

/// A candidate step, or a slide whose distance is being worked out: a position seen by
/// `side`, the square the piece leaves (`NONE` for a placement), the square it would land on
/// (`NONE` while the distance is not known), and the direction. Distances and `where`
/// clauses cannot ask about moves or regions (the checker says so).
pub struct Candidate<'a, 'p> {
    pub e: &'a Engine<'p>,
    pub vars: &'a [i64],
    pub pos: &'a Position,
    pub side: SideId,
    pub from: u32,
    pub to: u32,
    pub dir: DirId,
}

/// The square `at` names for a step from `from` to `to` of `side`, or `NONE` off the board.
pub fn square_of(g: &Geometry, at: &SquareRef, from: u32, to: u32, side: SideId) -> u32 {
    let mut sq = if at.from { from } else { to };
    for (count, dirs) in &at.steps {
        let d = dirs[side as usize] as usize;
        for _ in 0..*count {
            if sq == NONE {
                return NONE;
            }
            sq = g.next[d * g.n + sq as usize];
        }
    }
    sq
}

impl<'p> Scope<'p> for Candidate<'_, 'p> {
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
    fn quiet_plies(&mut self) -> Result<i64, RunError> {
        Ok(self.pos.quiet as i64)
    }
    fn passes(&mut self) -> Result<i64, RunError> {
        Ok(self.pos.passes as i64)
    }
    fn count_set(&mut self, f: SetFilter) -> Result<i64, RunError> {
        Ok(count_set(&self.e.t, self.pos, self.side, f, self.e.g.n) as i64)
    }
    fn count_in(
        &mut self,
        f: SetFilter,
        area: Option<Area>,
        attacked: Option<Attackers>,
    ) -> Result<i64, RunError> {
        count_in(self.e, self.vars, self.pos, self.side, f, area, attacked)
    }
    fn in_a_row(&mut self, n: u32, members: SetFilter, dirs: &[DirId]) -> Result<i64, RunError> {
        Ok(in_a_row(self.e, self.pos, self.side, n, members, dirs) as i64)
    }
    fn square_is(&mut self, at: &SquareRef, class: SquareClass) -> Result<i64, RunError> {
        let sq = square_of(&self.e.g, at, self.from, self.to, self.side);
        if sq == NONE {
            return Ok((class == SquareClass::OffBoard) as i64);
        }
        let (e, pos) = (self.e, self.pos);
        let cell = pos.cells[sq as usize];
        Ok(match class {
            SquareClass::OffBoard => false,
            SquareClass::Marked => pos.is_marked(sq as usize),
            SquareClass::On(area) => e.g.on_area(area, self.side, sq as usize),
            SquareClass::Attacked(who) => {
                let by = attack::attackers(e, who, cell, self.side);
                attack::attacker(e, self.vars, pos, sq, by)?.is_some()
            }
            SquareClass::Piece {
                unmoved,
                cells,
                side,
                kind,
            } => {
                let t = &e.t;
                let piece = cell != EMPTY && cell != GHOST;
                t.class[self.side as usize][cell as usize] & cells != 0
                    && side.is_none_or(|s| piece && t.side_of[cell as usize] == s)
                    && kind.is_none_or(|k| piece && t.kind_of[cell as usize] == k)
                    && (!unmoved || piece && !pos.has_moved(sq as usize))
            }
        } as i64)
    }
    fn count_on_line(&mut self, f: SetFilter) -> Result<i64, RunError> {
        let (g, t) = (&self.e.g, &*self.e.t);
        if self.from == NONE {
            return not_here("`on line` in a placement");
        }
        let l = g.line[self.dir as usize * g.n + self.from as usize] as usize;
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
    fn count_regions(&mut self, _: &'p RegionQuery) -> Result<i64, RunError> {
        not_here("a count of regions")
    }
    fn region_sum(&mut self, _: &'p Expr, _: &'p RegionQuery) -> Result<i64, RunError> {
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
    fn quiet_plies(&mut self) -> Result<i64, RunError> {
        not_here("`plies without capture`")
    }
    fn passes(&mut self) -> Result<i64, RunError> {
        not_here("`passes in a row`")
    }
    fn count_set(&mut self, _: SetFilter) -> Result<i64, RunError> {
        not_here("a count of squares")
    }
    fn count_in(
        &mut self,
        _: SetFilter,
        _: Option<Area>,
        _: Option<Attackers>,
    ) -> Result<i64, RunError> {
        not_here("a count of squares")
    }
    fn in_a_row(&mut self, _: u32, _: SetFilter, _: &[DirId]) -> Result<i64, RunError> {
        not_here("a row of squares")
    }
    fn square_is(&mut self, _: &SquareRef, _: SquareClass) -> Result<i64, RunError> {
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
}
