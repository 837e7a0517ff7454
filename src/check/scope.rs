//! The names a rules file declares, and the built-in directions every file can use.

use std::collections::HashMap;

use crate::program::{DirId, KindId, SideId};
use crate::syntax::ast::{Name, Span};

/// A direction before it is fixed to a side: `abs + forward * (the side's forward step)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DirValue {
    pub dr: i32,
    pub dc: i32,
    /// Times the side's forward step.
    pub forward: i32,
    /// Times the side's own left (its forward step turned a quarter anticlockwise).
    pub side: i32,
}

impl DirValue {
    pub const fn abs(dr: i32, dc: i32) -> DirValue {
        DirValue::rel(dr, dc, 0, 0)
    }

    /// `(dr, dc)` plus `forward` times the side's forward step and `side` times its own left.
    pub const fn rel(dr: i32, dc: i32, forward: i32, side: i32) -> DirValue {
        DirValue {
            dr,
            dc,
            forward,
            side,
        }
    }

    /// The direction depends on the side (it has a forward or own-left part).
    pub const fn relative(self) -> bool {
        self.forward != 0 || self.side != 0
    }
    /// The sum, each part kept within [`MAX_STEP`] squares: a longer step leaves every board
    /// as a step of exactly that length does, so this changes no move, and sums of sums
    /// (`d2 = d1 + d1`, ...) cannot overflow.
    pub fn plus(self, o: DirValue) -> DirValue {
        DirValue {
            dr: clamp_step(self.dr as i64 + o.dr as i64),
            dc: clamp_step(self.dc as i64 + o.dc as i64),
            forward: clamp_step(self.forward as i64 + o.forward as i64),
            side: clamp_step(self.side as i64 + o.side as i64),
        }
    }
}

/// The longest step a direction may take: as long as a written one may be, and far longer
/// than any board (see [`crate::check::MAX_DIM`]).
pub const MAX_STEP: i32 = crate::syntax::MAX_STEP as i32;

/// `v` kept within `-MAX_STEP..=MAX_STEP`.
pub fn clamp_step(v: i64) -> i32 {
    v.clamp(-(MAX_STEP as i64), MAX_STEP as i64) as i32
}

pub const BUILTIN_DIRECTIONS: [(&str, DirValue); 16] = [
    ("up", DirValue::abs(-1, 0)),
    ("down", DirValue::abs(1, 0)),
    ("left", DirValue::abs(0, -1)),
    ("right", DirValue::abs(0, 1)),
    ("up-left", DirValue::abs(-1, -1)),
    ("up-right", DirValue::abs(-1, 1)),
    ("down-left", DirValue::abs(1, -1)),
    ("down-right", DirValue::abs(1, 1)),
    ("forward", DirValue::rel(0, 0, 1, 0)),
    ("backward", DirValue::rel(0, 0, -1, 0)),
    ("forward-left", DirValue::rel(0, -1, 1, 0)),
    ("forward-right", DirValue::rel(0, 1, 1, 0)),
    ("backward-left", DirValue::rel(0, -1, -1, 0)),
    ("backward-right", DirValue::rel(0, 1, -1, 0)),
    ("own-left", DirValue::rel(0, 0, 0, 1)),
    ("own-right", DirValue::rel(0, 0, 0, -1)),
];

pub const BUILTIN_SETS: [(&str, &[&str]); 3] = [
    ("orthogonal", &["up", "down", "left", "right"]),
    (
        "diagonal",
        &["up-left", "up-right", "down-left", "down-right"],
    ),
    (
        "all",
        &[
            "up",
            "down",
            "left",
            "right",
            "up-left",
            "up-right",
            "down-left",
            "down-right",
        ],
    ),
];

#[derive(Debug, Default)]
pub struct Scope {
    pub sides: Vec<(String, Span)>,
    pub kinds: Vec<(String, Span)>,
    /// Direction names and sets: each name stands for one or more directions.
    pub directions: HashMap<String, Vec<DirValue>>,
    pub direction_order: Vec<String>,
    pub vars: Vec<(String, Span)>,
    pub lets: Vec<LetInfo>,
    /// Every let of the file, to tell "defined below" from "unknown".
    pub all_lets: Vec<(String, Span)>,
    /// Sides whose `forward` direction is written but wrong (already reported): their
    /// missing forward direction is not reported again where it is needed.
    pub bad_forward: Vec<SideId>,
    /// The sides the action being checked is for, when its `where` clause says whose turn it
    /// is (`where white to move`), as bits: another side's missing forward direction is no
    /// error there.
    pub movers: Option<u32>,
    /// The file has no `board` (reported): nothing is checked against the board's size.
    pub no_board: bool,
    /// The zones each side has (`zone NAME of SIDE`): each name and its first zone's index.
    pub owned_zones: Vec<(String, u8)>,
    /// `direction NAME [of SIDE] = through ...`: each route as written, and the direction
    /// it became once the board is known.
    pub routes: Vec<Route>,
}

/// A route as written (`direction NAME [of SIDE] = through ... [once]`).
#[derive(Debug, Clone)]
pub struct Route {
    pub name: String,
    /// The side whose route of the name it is (`None`: every side's).
    pub owner: Option<SideId>,
    pub squares: Vec<Name>,
    pub once: bool,
    /// The direction it became, once the board is known.
    pub id: Option<DirId>,
}

#[derive(Debug)]
pub struct LetInfo {
    pub name: String,
    pub span: Span,
    pub has_param: bool,
    /// The compiled instance per side argument (index 0 when there is no parameter).
    pub instances: Vec<usize>,
    pub is_bool: bool,
    /// What its value needs (one that asks about the moves cannot be used after a move or
    /// in a distance, one that counts regions not in a distance).
    pub needs: super::expr::Needs,
}

impl Scope {
    pub fn with_builtins() -> Scope {
        let mut s = Scope::default();
        for (name, v) in BUILTIN_DIRECTIONS {
            s.define_directions(name, vec![v]);
        }
        for (name, members) in BUILTIN_SETS {
            let dirs = members.iter().map(|m| s.directions[*m][0]).collect();
            s.define_directions(name, dirs);
        }
        s
    }

    pub fn define_directions(&mut self, name: &str, dirs: Vec<DirValue>) {
        if self.directions.insert(name.to_string(), dirs).is_none() {
            self.direction_order.push(name.to_string());
        }
    }

    pub fn side(&self, name: &str) -> Option<SideId> {
        self.sides
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| i as SideId)
    }
    pub fn kind(&self, name: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| i as KindId)
    }
    pub fn var(&self, name: &str) -> Option<usize> {
        self.vars.iter().position(|(n, _)| n == name)
    }
    pub fn let_(&self, name: &str) -> Option<usize> {
        self.lets.iter().position(|l| l.name == name)
    }
}
