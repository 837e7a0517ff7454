//! The end rules of a game in bit form: expressions on the two sides' sets of pieces.

use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::compile::word::{Rows, Shift, Short};
use crate::program::{
    Area, BorderFilter, DirId, Expr, Op, Program, RegionQuery, SetFilter, SideId,
};

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
    /// `count regions of SET by DIRECTIONS ...` (`any regions ...` when it asks whether
    /// there is one: then it counts to 1 at most).
    Regions(Box<BitRegions>),
}

/// A count of connected regions in bit form: the members, the steps between neighbours, and
/// what a region must be to be counted. Sets and squares are per side to move, as
/// [`BitExpr::Count`]'s are.
#[derive(Debug, Clone)]
pub struct BitRegions {
    /// The squares that may be members: a set (`None`: the empty squares) on a mask (the
    /// parts of the board the spec keeps them to).
    pub members: [(Option<usize>, u128); 2],
    /// One step along each direction of the spec's adjacency (closed under opposites), as
    /// shifts up (a positive stride) and down: the squares whose step stays on the board,
    /// shifted by the stride's size (below 64).
    pub up: Vec<(Short, u128)>,
    pub down: Vec<(Short, u128)>,
    /// The areas a region must have a square on.
    pub touching: [Vec<u128>; 2],
    /// `containing SET`: a region must hold a square of the set (on the mask).
    pub containing: Option<[(Option<usize>, u128); 2]>,
    pub border: BorderFilter,
    pub no_liberty: bool,
    pub size: Option<(Op, u32)>,
    /// Only whether there is a region is asked: the count stops at 1.
    pub exists: bool,
}

impl BitRegions {
    /// Whether a region counts by what it touches alone (then a search can grow every
    /// region from the first area at once).
    pub fn by_areas(&self) -> bool {
        self.containing.is_none()
            && self.border == BorderFilter::All
            && !self.no_liberty
            && self.size.is_none()
    }
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
            // Members and areas alike for both sides to move (not the side looking's own
            // pieces or rows), and nothing asked of the region's neighbours.
            BitExpr::Regions(r)
                if r.members[0] == r.members[1]
                    && r.touching[0] == r.touching[1]
                    && r.by_areas() =>
            {
                set(r.members[0].0)
            }
            _ => READS_MOVER,
        }
    }
}

/// What lowering an expression to bits reads: the rules, their tables, the board, and how
/// many kinds of piece a side has.
struct Lower<'a> {
    p: &'a Program,
    t: &'a Tables,
    g: &'a Geometry,
    kinds: usize,
}

/// The end rules of a game in bit form, or the first that has none (pieces of `kinds`
/// kinds).
pub(super) fn bit_ends(p: &Program, t: &Tables, g: &Geometry, kinds: usize) -> Fit<BitEnds> {
    let cx = Lower { p, t, g, kinds };
    let Some(game) = &p.game else {
        return Ok(Vec::new());
    };
    game.ends
        .iter()
        .map(|e| {
            let Some(rule) = bit_expr(&e.condition, &cx) else {
                return Err(Miss::new(
                    "an end rule that asks more than counts, rows and regions of pieces",
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
fn bit_expr(e: &Expr, cx: &Lower) -> Option<BitExpr> {
    let (t, g, kinds) = (cx.t, cx.g, cx.kinds);
    let boxed = |x: &Expr| bit_expr(x, cx).map(Box::new);
    Some(match e {
        Expr::Int(v) => BitExpr::Int(*v),
        Expr::Not(x) => BitExpr::Not(boxed(x)?),
        Expr::Neg(x) => BitExpr::Neg(boxed(x)?),
        Expr::Bin(op, a, b) => match (op, *boxed(a)?, *boxed(b)?) {
            // The tests games end on most often, answered without counting.
            (Op::Gt | Op::Ne, BitExpr::Count(c), BitExpr::Int(0)) => BitExpr::Any(c),
            (Op::Ge, BitExpr::Count(c), BitExpr::Int(1)) => BitExpr::Any(c),
            (Op::Eq, BitExpr::Count(c), BitExpr::Int(0)) => BitExpr::No(c),
            // A count of regions is never below 0: more than 0 is whether there is one.
            (Op::Gt | Op::Ne, BitExpr::Regions(r), BitExpr::Int(0)) if r.exists => {
                BitExpr::Regions(r)
            }
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
        Expr::CountRegions(q) => BitExpr::Regions(Box::new(bit_regions(q, cx)?)),
        _ => return None,
    })
}

/// A count of regions in bit form, when its members and `containing` set are sets of
/// pieces (of a side, own, enemy) or the empty squares, its adjacency goes both ways, and
/// every area it touches has squares that do not depend on the pieces.
fn bit_regions(q: &RegionQuery, cx: &Lower) -> Option<BitRegions> {
    let (t, g) = (cx.t, cx.g);
    let spec = cx.p.regions.get(q.spec)?;
    let both_ways = spec.adjacency.iter().all(|&d| {
        let back = t.opposite[d as usize];
        spec.adjacency.contains(&back)
    });
    if !both_ways {
        return None;
    }
    let mut members = counted(spec.members, None, g, cx.kinds)?;
    for (viewer, (_, mask)) in members.iter_mut().enumerate() {
        for &a in &spec.within {
            *mask &= g.bits_where(|sq| g.on_area(a, viewer as SideId, sq));
        }
    }
    let containing = match spec.containing {
        Some(f) => Some(counted(f, None, g, cx.kinds)?),
        None => None,
    };
    let mut touching: [Vec<u128>; 2] = Default::default();
    for (viewer, masks) in touching.iter_mut().enumerate() {
        for &a in &q.touching {
            // A row counted from home has no area bit: the general path takes no region
            // as touching it, and neither does this.
            let bit = Geometry::area_bit(a, viewer as SideId);
            masks.push(match bit {
                0 => 0,
                _ => g.bits_where(|sq| g.areas[sq] & bit != 0),
            });
        }
    }
    let (mut up, mut down) = (Vec::new(), Vec::new());
    for &d in &spec.adjacency {
        let Shift { stride, mask } = Shift::of(g, d);
        let by = Short::new(u32::try_from(stride.unsigned_abs()).ok()?)?;
        match stride > 0 {
            true => up.push((by, mask)),
            false => down.push((by, mask)),
        }
    }
    Some(BitRegions {
        members,
        up,
        down,
        touching,
        containing,
        border: q.border,
        no_liberty: q.no_liberty,
        size: q.size,
        exists: q.exists,
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
