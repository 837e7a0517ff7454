//! Rules compiled to set operations on bits, where they fit: a second representation of the
//! same semantics, used where every move is played (random playouts and perft).
//! `run/bitplay.rs` plays it; `tests/bitboards.rs` proves it plays exactly the games the
//! general generator plays (the same seed gives the same moves, the same end and the same
//! counts) and counts the same perft.
//!
//! What compiles so far, on boards of at most 128 squares with two sides (of one kind of
//! piece but for men and kings), every move counting as it is and nothing remembered besides
//! the pieces:
//! - [`FlipGame`]: one move that places a piece on an empty square where it closes at least
//!   one run of enemy pieces, and turns every such run along the flip directions (not
//!   cascading); a side with no move passes; no end rules.
//! - [`StepGame`]: moves of single steps onto empty or enemy squares (taking the piece
//!   there), no `where` clauses or mandatory captures; the game ends by conditions on counts
//!   of pieces (on named parts of the board) or when a side cannot move.
//! - [`PlaceGame`]: one placement on an empty square, with `where` clauses that test the
//!   square a step away (`down of to is not empty`); the game ends by conditions on counts
//!   of pieces and rows of them (`4 red pieces in a row along ...`).
//! - [`JumpGame`] (in [`super::bitjump`]): two kinds of piece, men and the kings they become
//!   on the far row, moving by single steps onto empty squares and short jumps over an enemy
//!   piece, the jumps of a move going on in a chain (while possible or optionally, until
//!   promoted or not, never straight back or not), captured pieces leaving at once or at the
//!   end of the move, captures mandatory or not (kings that step, not fly); the game ends
//!   by conditions on counts of pieces or when a side cannot move.
//!
//! Anything else keeps the general generator.

use super::bitjump::{JumpGame, jump_game};
use super::geometry::Geometry;
use super::tables::Tables;
use super::word::{Rows, Shift};
use crate::program::{
    Action, Area, C_EMPTY, C_ENEMY, CellMask, Code, DirId, Distance, Expr, GameRules, Op, Program,
    SetFilter, SideId, SquareClass, Stuck,
};

/// The rules of a board size as bit operations, when they have that form.
#[derive(Debug, Clone)]
pub enum BitForm {
    Flip(FlipGame),
    Step(StepGame),
    Place(PlaceGame),
    Jump(Box<JumpGame>),
}

/// The bit form of the rules on this board, if they fit one of the families.
pub fn bit_form(p: &Program, t: &Tables, g: &Geometry) -> Option<BitForm> {
    flip_game(p, t, g)
        .map(BitForm::Flip)
        .or_else(|| step_game(p, t, g).map(BitForm::Step))
        .or_else(|| place_game(p, t, g).map(BitForm::Place))
        .or_else(|| jump_game(p, t, g).map(|j| BitForm::Jump(Box::new(j))))
}

/// A placement game that flips closed runs, as bit operations.
#[derive(Debug, Clone)]
pub struct FlipGame {
    /// Per side, the directions its runs are closed along.
    pub dirs: [Vec<DirId>; 2],
    /// Per side, the code of its pieces.
    pub code: [Code; 2],
    /// How long a run can be: the longer side of the board.
    pub longest: u32,
}

/// What every bit form needs: a board of at most 128 squares, two sides, every move
/// counting as it is, and nothing remembered or counted besides the pieces (no marks,
/// memory, quiet plies or passes, effects).
pub(super) fn two_sides(p: &Program, t: &Tables, g: &Geometry) -> bool {
    g.n <= 128
        && !g.step_bits.is_empty()
        && p.sides.len() == 2
        && t.plain
        && !t.quiet
        && !t.passes
        && !t.memory
        && !t.marks
        && !t.effects
}

/// What the families of one kind of piece need besides: no promotions, chains or parts.
fn two_sides_one_kind(p: &Program, t: &Tables, g: &Geometry) -> bool {
    two_sides(p, t, g) && p.kinds.len() == 1 && p.promotions.is_empty() && !t.chains && !t.parts
}

/// The bit form of the rules on this board, if they have one.
fn flip_game(p: &Program, t: &Tables, g: &Geometry) -> Option<FlipGame> {
    let game = p.game.as_ref()?;
    let plain = two_sides_one_kind(p, t, g)
        && p.moves.len() == 1
        && game.stuck == Stuck::Pass
        && game.ends.is_empty();
    if !plain {
        return None;
    }
    let rule = &p.moves[0];
    let flip = rule.flip.as_ref()?;
    if rule.actions.len() != 1 || !rule.then.is_empty() || !rule.must_flip || flip.cascading {
        return None;
    }
    let ka = &rule.actions[0];
    let places_on_empty = matches!(
        ka.action,
        Action::Place {
            onto: C_EMPTY,
            reach: None
        }
    );
    if !places_on_empty || !ka.conditions.is_empty() || ka.kinds & 1 == 0 {
        return None;
    }
    Some(FlipGame {
        dirs: [flip.dirs[0].clone(), flip.dirs[1].clone()],
        code: [p.code(0, 0), p.code(1, 0)],
        longest: g.rows.max(g.cols),
    })
}

/// A game of single steps, as bit operations: two sides of one kind of piece, every move one
/// step of a piece along a direction onto an empty or an enemy square (taking it there);
/// the game ends by conditions on counts of pieces (on parts of the board) or when a side
/// cannot move. No `where`, effects, chains, promotions, `legal if` or mandatory captures.
#[derive(Debug, Clone)]
pub struct StepGame {
    /// Per side, each action in the order the generator takes them: its directions, and
    /// the classes of square it may land on (`C_EMPTY`, `C_ENEMY`).
    pub actions: [Vec<(Vec<DirId>, CellMask)>; 2],
    pub code: [Code; 2],
    /// The end rules, in order, as conditions on the two sides' sets.
    pub ends: BitEnds,
}

/// An expression on the sets of pieces, seen by the side to move.
#[derive(Debug, Clone)]
pub enum BitExpr {
    Int(i64),
    Not(Box<BitExpr>),
    Neg(Box<BitExpr>),
    Bin(Op, Box<BitExpr>, Box<BitExpr>),
    ToMove(SideId),
    /// How many squares of a set lie in a mask: per side to move, the set (as which side's
    /// pieces, `None` for empty squares) and the mask.
    Count([(Option<usize>, u128); 2]),
    /// Whether any square of such a set lies in the mask (`any ...`, `count ... > 0`).
    Any([(Option<usize>, u128); 2]),
    /// Whether none does (`no ...`, `count ... = 0`).
    No([(Option<usize>, u128); 2]),
    /// `N SET in a row along DIRECTIONS`: per side to move, the set; the rows looked for,
    /// along one direction of each line.
    InARow([Option<usize>; 2], Rows),
}

/// The bit form of a game of single steps on this board, if it has one.
fn step_game(p: &Program, t: &Tables, g: &Geometry) -> Option<StepGame> {
    let game = p.game.as_ref()?;
    if !two_sides_one_kind(p, t, g) || game.stuck == Stuck::Pass || p.captures_mandatory {
        return None;
    }
    let mut actions: [Vec<(Vec<DirId>, CellMask)>; 2] = [Vec::new(), Vec::new()];
    for rule in &p.moves {
        if rule.flip.is_some() || rule.must_flip || !rule.then.is_empty() {
            return None;
        }
        for ka in &rule.actions {
            let Action::Slide {
                dirs,
                distance: Distance::Const(1),
                onto,
                ..
            } = &ka.action
            else {
                return None;
            };
            if !ka.conditions.is_empty() || ka.kinds & 1 == 0 || onto & !(C_EMPTY | C_ENEMY) != 0 {
                return None;
            }
            for (side, list) in actions.iter_mut().enumerate() {
                list.push((dirs[side].clone(), *onto));
            }
        }
    }
    let ends = bit_ends(game, t, g, 1)?;
    Some(StepGame {
        actions,
        code: [p.code(0, 0), p.code(1, 0)],
        ends,
    })
}

/// The end rules of a game in bit form, in order, each with the sets it reads: a rule found
/// false stays false until a move changes one of them, so it need not be asked again.
pub type BitEnds = Vec<BitEnd>;

/// An end rule in bit form.
#[derive(Debug, Clone)]
pub struct BitEnd {
    pub rule: BitExpr,
    /// [`READS_SIDE`] shifted by each side whose pieces it reads, [`READS_EMPTY`] if it reads
    /// the empty squares, [`READS_MOVER`] if its value depends on who is to move (`own`,
    /// `enemy`, `SIDE to move`).
    pub reads: u8,
}

pub const READS_SIDE: u8 = 1;
pub const READS_EMPTY: u8 = 4;
pub const READS_MOVER: u8 = 8;

impl BitExpr {
    /// What the expression reads, as [`BitEnd::reads`] says.
    fn reads(&self) -> u8 {
        let set = |s: Option<usize>| s.map_or(READS_EMPTY, |s| READS_SIDE << s);
        match self {
            BitExpr::Int(_) => 0,
            BitExpr::Not(x) | BitExpr::Neg(x) => x.reads(),
            BitExpr::Bin(_, a, b) => a.reads() | b.reads(),
            BitExpr::ToMove(_) => READS_MOVER,
            BitExpr::Count(v) | BitExpr::Any(v) | BitExpr::No(v) if v[0] == v[1] => set(v[0].0),
            BitExpr::InARow(s, _) if s[0] == s[1] => set(s[0]),
            _ => READS_MOVER,
        }
    }
}

/// The end rules of a game in bit form, if each has one.
pub(super) fn bit_ends(
    game: &GameRules,
    t: &Tables,
    g: &Geometry,
    kinds: usize,
) -> Option<BitEnds> {
    game.ends
        .iter()
        .map(|e| {
            let rule = bit_expr(&e.condition, (t, kinds), g)?;
            let reads = rule.reads();
            Some(BitEnd { rule, reads })
        })
        .collect()
}

/// One direction of each line: a run along a direction is also a run along its opposite.
fn one_way(t: &Tables, dirs: &[DirId]) -> Vec<DirId> {
    let mut out: Vec<DirId> = Vec::new();
    for &d in dirs {
        if !out.iter().any(|&o| o == d || t.opposite[d as usize] == o) {
            out.push(d);
        }
    }
    out
}

/// An expression in bit form, when it only counts pieces (of a side, own, enemy, all) or
/// empty squares, on the whole board or on a named part of it.
fn bit_expr(e: &Expr, (t, kinds): (&Tables, usize), g: &Geometry) -> Option<BitExpr> {
    let boxed = |x: &Expr| bit_expr(x, (t, kinds), g).map(Box::new);
    Some(match e {
        Expr::Int(v) => BitExpr::Int(*v),
        Expr::Not(x) => BitExpr::Not(boxed(x)?),
        Expr::Neg(x) => BitExpr::Neg(boxed(x)?),
        Expr::Bin(op, a, b) => match (op, *boxed(a)?, *boxed(b)?) {
            // The tests games end on most often, answered without counting.
            (Op::Gt | Op::Ne, BitExpr::Count(c), BitExpr::Int(0)) => BitExpr::Any(c),
            (Op::Ge, BitExpr::Count(c), BitExpr::Int(1)) => BitExpr::Any(c),
            (Op::Eq, BitExpr::Count(c), BitExpr::Int(0)) => BitExpr::No(c),
            (op, a, b) => BitExpr::Bin(*op, Box::new(a), Box::new(b)),
        },
        Expr::ToMove(s) => BitExpr::ToMove(*s),
        Expr::CountSet(f) => BitExpr::Count(counted(*f, None, g, kinds)?),
        Expr::CountIn {
            filter,
            area,
            attacked: None,
        } => BitExpr::Count(counted(*filter, *area, g, kinds)?),
        Expr::InARow { n, members, dirs } => {
            let sets = counted(*members, None, g, kinds)?.map(|(set, _)| set);
            BitExpr::InARow(sets, Rows::new(g, *n, &one_way(t, dirs)))
        }
        _ => return None,
    })
}

/// For each side to move: which set a filter means and the squares an area covers.
fn counted(
    f: SetFilter,
    area: Option<Area>,
    g: &Geometry,
    kinds: usize,
) -> Option<[(Option<usize>, u128); 2]> {
    let mut out = [(None, 0); 2];
    for (viewer, slot) in out.iter_mut().enumerate() {
        let set = match f {
            SetFilter::Own => Some(viewer),
            SetFilter::OwnKind(0) if kinds == 1 => Some(viewer),
            SetFilter::Enemy => Some(1 - viewer),
            SetFilter::EnemyKind(0) if kinds == 1 => Some(1 - viewer),
            SetFilter::Side(s) => Some(s as usize),
            SetFilter::Empty => None,
            _ => return None,
        };
        let mask = match area {
            None => g.all_bits,
            Some(a) => g.bits_where(|sq| g.on_area(a, viewer as SideId, sq)),
        };
        *slot = (set, mask);
    }
    Some(out)
}

/// A placement game as bit operations: two sides of one kind of piece, every move puts a
/// piece on an empty square where its `where` clauses hold (each a test of the square a step
/// away from it), and the game ends by conditions on counts of pieces or rows of them.
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

/// The bit form of a placement game on this board, if it has one.
fn place_game(p: &Program, t: &Tables, g: &Geometry) -> Option<PlaceGame> {
    let game = p.game.as_ref()?;
    if !two_sides_one_kind(p, t, g)
        || game.stuck == Stuck::Pass
        || p.captures_mandatory
        || p.moves.len() != 1
    {
        return None;
    }
    let rule = &p.moves[0];
    if rule.flip.is_some() || rule.must_flip || !rule.then.is_empty() || rule.actions.len() != 1 {
        return None;
    }
    let ka = &rule.actions[0];
    if !matches!(
        ka.action,
        Action::Place {
            onto: C_EMPTY,
            reach: None
        }
    ) || ka.kinds & 1 == 0
    {
        return None;
    }
    let (mut allowed, mut wheres) = ([g.all_bits; 2], Vec::new());
    for (e, _) in &ka.conditions {
        match square_test(e, g)? {
            Where::Edge(squares) => {
                allowed[0] &= squares[0];
                allowed[1] &= squares[1];
            }
            Where::Near(test) => wheres.push(test),
        }
    }
    let ends = bit_ends(game, t, g, 1)?;
    Some(PlaceGame {
        allowed,
        wheres,
        code: [p.code(0, 0), p.code(1, 0)],
        ends,
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
    if at.from || dirs.len() != 2 {
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
