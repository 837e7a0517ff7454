//! The end rules of a game in bit form: expressions on the two sides' sets of pieces.

use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::compile::word::Rows;
use crate::program::{Area, DirId, Expr, GameRules, Op, SetFilter, SideId};

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

/// The end rules of a game in bit form, or the first that has none (pieces of `kinds`
/// kinds).
pub(super) fn bit_ends(game: &GameRules, t: &Tables, g: &Geometry, kinds: usize) -> Fit<BitEnds> {
    game.ends
        .iter()
        .map(|e| {
            let Some(rule) = bit_expr(&e.condition, (t, kinds), g) else {
                return Err(Miss::new(
                    "an end rule that asks more than counts and rows of pieces",
                    Some(e.span),
                ));
            };
            let reads = rule.reads();
            Ok(BitEnd { rule, reads })
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
            also: None,
            attacked: None,
            row: None,
        } => BitExpr::Count(counted(*filter, *area, g, kinds)?),
        Expr::InARow {
            n,
            members,
            dirs,
            exactly: false,
        } => {
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
