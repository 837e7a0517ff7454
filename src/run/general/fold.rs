//! What the walk over every complete move of a position does with each move ([`Fold`]), and
//! what it gathers ([`Acc`]).

use crate::program::Expr;
use crate::run::position::Position;
use crate::run::step::Step;

/// A finished move as the queries see it: where it started and where it ended.
#[derive(Debug, Clone, Copy)]
pub struct MoveEnds {
    pub from: u32,
    pub to: u32,
}

/// What to do with each complete move.
pub(super) enum Fold<'p> {
    /// Count the moves (after which the condition holds).
    Count(Option<&'p Expr>),
    Best {
        max: bool,
        body: &'p Expr,
    },
    Ends,
    /// The position after each move (side to move unchanged).
    Collect,
    /// The position after the move of this index (counting from 0 in the order of the walk;
    /// side to move unchanged), the others only counted.
    Nth(u64),
    /// Each move as the steps it takes, up to this many.
    Moves(usize),
    /// The most pieces a move takes (into `best`).
    Most,
    /// Each move as its steps (into `moves_list`) with the pieces it takes (into `taken`).
    Taken,
}

impl Fold<'_> {
    /// The fold writes moves out, so the walk keeps the steps of the move it is in.
    pub(super) fn keeps_path(&self) -> bool {
        matches!(self, Fold::Moves(_) | Fold::Taken)
    }
}

/// What a fold has gathered.
#[derive(Default)]
pub(super) struct Acc {
    pub count: u64,
    pub best: Option<i64>,
    pub ends: Vec<MoveEnds>,
    /// Complete moves seen.
    pub moves: u64,
    pub positions: Vec<Position>,
    pub moves_list: Vec<Vec<Step>>,
    /// Under `identical captures are one move`: where this walk's moves of several captures
    /// start in the runner's list of them (see [`Seen`]).
    pub seen_from: usize,
    /// The pieces each move of `moves_list` takes, for [`Fold::Taken`].
    pub taken: Vec<u32>,
    /// How many of `positions` [`Fold::Collect`] has written (the rest are spare).
    pub filled: usize,
    /// Whether the walk writes down, after each first step, how many moves it has folded in
    /// so far (into `marks`): a walk to the move of one index given those marks passes by
    /// every first step whose moves all come before it without walking them.
    pub marking: bool,
    pub marks: Vec<u64>,
}

/// A move as its steps, with the number of pieces it takes.
pub type Taken = (Vec<Step>, u32);

/// A move folded in, to know it again: its start and end squares, the board after it (at
/// `board` in the runner's store of boards), and where it was written out (its steps, when
/// the walk writes moves out, and its index in the list written).
pub(super) struct Seen {
    pub from: u32,
    pub to: u32,
    pub board: usize,
    pub path: Vec<Step>,
    pub index: usize,
}
