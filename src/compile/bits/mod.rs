//! Rules compiled to set operations on bits, where they fit: a second representation of the
//! same semantics, for the queries that play every move (perft, playouts, agents).
//! `run/bits/` plays it behind the same interface as the general generator
//! (`run/generator.rs`); `tests/bitboards.rs` proves that every query gives the same answer
//! on both (the same moves in the same order, the same seeded games, the same counts).
//!
//! What compiles so far, on boards of at most 128 squares with two sides, every move
//! counting as it is and nothing remembered besides the pieces ([`fits`]):
//! - [`FlipGame`] ([`flip`]): one move that places a piece on an empty square where it closes
//!   at least one run of enemy pieces, and turns every such run along the flip directions
//!   (not cascading); a side with no move passes; no end rules.
//! - [`StepGame`] ([`steps`]): one kind of piece, moves of single steps onto empty or enemy
//!   squares (taking the piece there), no `where` clauses or mandatory captures; the game
//!   ends by conditions on counts of pieces (on named parts of the board) or when a side
//!   cannot move.
//! - [`PlaceGame`] ([`place`]): one placement on an empty square, with `where` clauses that
//!   test the square a step away (`down of to is not empty`); the game ends by conditions on
//!   counts of pieces, rows of them (`4 red pieces in a row along ...`) and regions of them
//!   (`any regions of red pieces by neighbours touching the top edge and the bottom edge`).
//! - [`JumpGame`] ([`jumps`]): two kinds of piece, men and the kings they become on the far
//!   row, moving by single steps onto empty squares and short jumps over an enemy piece, the
//!   jumps of a move going on in a chain (while possible or optionally, until promoted or
//!   not, never straight back or not), captured pieces leaving at once or at the end of the
//!   move, captures mandatory or not (kings that step, not fly); the game ends by conditions
//!   on counts of pieces or when a side cannot move.
//!
//! Anything else keeps the general generator, and [`Miss`] says which construct kept it
//! there (`ply check` prints it).

mod ends;
mod fits;
mod flip;
mod jumps;
mod place;
mod steps;

pub use ends::{BitEnd, BitEnds, BitExpr, BitRegions, READS_EMPTY, READS_MOVER, READS_SIDE};
pub use flip::FlipGame;
pub use jumps::{JumpAction, JumpGame, Lane};
pub use place::{PlaceGame, SquareTest};
pub use steps::StepGame;

use super::geometry::Geometry;
use super::tables::Tables;
use crate::program::{Action, Program};
use crate::syntax::ast::Span;

/// The rules of a board size as bit operations, when they have that form.
#[derive(Debug, Clone)]
pub enum BitForm {
    Flip(FlipGame),
    Step(StepGame),
    Place(PlaceGame),
    Jump(Box<JumpGame>),
}

impl BitForm {
    /// The family, in words (`ply check`).
    pub fn family(&self) -> &'static str {
        match self {
            BitForm::Flip(_) => "placements that flip closed runs",
            BitForm::Step(_) => "single steps",
            BitForm::Place(_) => "placements",
            BitForm::Jump(_) => "steps and short jumps of men and kings",
        }
    }
}

/// Why rules have no bit form: the construct that keeps them on the general generator, in
/// words (`a slide of more than one square`), and where it is written when it is one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Miss {
    pub what: String,
    pub span: Option<Span>,
}

impl Miss {
    pub fn new(what: impl Into<String>, span: Option<Span>) -> Miss {
        Miss {
            what: what.into(),
            span,
        }
    }
}

/// The result of a test of whether rules fit a bit form.
pub type Fit<T> = Result<T, Miss>;

/// The family a game's moves look like, whose requirements say why it does not fit when
/// it does not: flips for a move that flips, men and kings for promotions or jumps,
/// placements for a placement, single steps otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Flip,
    Jump,
    Place,
    Step,
}

fn family(p: &Program) -> Family {
    let actions = || p.moves.iter().flat_map(|m| &m.actions);
    if p.moves.iter().any(|m| m.flip.is_some() || m.must_flip) {
        Family::Flip
    } else if !p.promotions.is_empty() || actions().any(|a| matches!(a.action, Action::Jump { .. }))
    {
        Family::Jump
    } else if actions().any(|a| matches!(a.action, Action::Place { .. })) {
        Family::Place
    } else {
        Family::Step
    }
}

/// The bit form of the rules on this board, or why they have none.
pub fn bit_form(p: &Program, t: &Tables, g: &Geometry) -> Fit<BitForm> {
    fits::whole_game(p)?;
    if !g.square_of.is_empty() {
        return Err(Miss::new("a board of points on lines", None));
    }
    if p.hands {
        return Err(Miss::new("pieces in hand", None));
    }
    fits::two_sides(p, t, g)?;
    match family(p) {
        Family::Flip => flip::flip_game(p, t, g).map(BitForm::Flip),
        Family::Step => steps::step_game(p, t, g).map(BitForm::Step),
        Family::Place => place::place_game(p, t, g).map(BitForm::Place),
        Family::Jump => jumps::jump_game(p, t, g).map(|j| BitForm::Jump(Box::new(j))),
    }
}
