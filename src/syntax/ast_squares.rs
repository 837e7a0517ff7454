//! The syntax tree of what is said of squares: a square named from a move (`down of to`,
//! `last to`), a block named from a square, and what a square may be asked to be.

use super::span::{Name, Span};

/// `the block of SQUARE` (the block it is in) or `the block matching SQUARE` (the block
/// that stands among the blocks as the square stands in its own block).
#[derive(Debug, Clone)]
pub struct BlockRef {
    pub at: SquareRef,
    pub matching: bool,
    pub span: Span,
}

/// A square named from a move's `from` or `to`: `to`, `down of to`, `3 right of from`.
#[derive(Debug, Clone)]
pub struct SquareRef {
    /// Steps taken from the base, the last written first applied: `(count, direction)`.
    pub steps: Vec<(u64, Name)>,
    pub base: SquareBase,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareBase {
    From,
    To,
    /// `last to`: where the last move landed.
    LastTo,
}

/// What a square may be asked to be.
#[derive(Debug, Clone)]
pub enum SquareClass {
    OffBoard,
    /// `attacked [by enemy | by SIDE]`.
    Attacked(Option<Attacker>),
    Marked,
    On(Box<Area>),
    /// `on BLOCK`: in that block.
    OnBlock(Box<BlockRef>),
    /// `in a row of N along DIRS`: the square's piece is one of at least N of its side in a
    /// row along one of the directions.
    InRow(Row),
    /// `stronger than SQUARE` (`true`) or `weaker than SQUARE`: the square's piece is of a
    /// kind ranked above (below) the other square's piece (`kinds A > B > ...`).
    Strength(bool, Box<SquareRef>),
    /// `[unmoved] [empty | own [KIND] | enemy [KIND] | SIDE [KIND] | KIND]`.
    Piece {
        unmoved: bool,
        words: Option<PieceWords>,
    },
}

/// `in a row of N along DIRS`.
#[derive(Debug, Clone)]
pub struct Row {
    pub n: u64,
    pub dirs: Vec<Name>,
    pub span: Span,
}

/// Who attacks, when a set or square says `attacked by ...`.
#[derive(Debug, Clone)]
pub enum Attacker {
    Enemy,
    Side(Name),
}

/// What stands on a square: `empty`, `own [KIND]`, `enemy [KIND]`, `NAME [KIND]` (a side, or
/// a kind of any side).
#[derive(Debug, Clone)]
pub enum PieceWords {
    Empty,
    Own(Option<Name>),
    Enemy(Option<Name>),
    Named(Name, Option<Name>),
}

/// A named part of the board.
#[derive(Debug, Clone)]
pub enum Area {
    /// `the far row`, or `the far N rows`: (N, the side named).
    FarRow(u32, Option<Name>, Span),
    HomeRow(Option<Name>, Span),
    /// `the second row`, ...: counted from the side's home row (the first).
    NthRow(u32, Option<Name>, Span),
    Edge(Edge, Span),
    /// `the dark squares`, `a light square` (`true` for dark): the bottom-left square is dark.
    Colour(bool, Span),
    /// A zone the rules name (`zone palace = ...`).
    Zone(Name),
    /// A zone a side owns (`zone pits of south = ...`): the viewer's (`own pits`), the other
    /// sides' (`enemy pits`), or a named side's (`pits of south`).
    Owned(Name, Owner),
}

/// Whose part of the board an owned zone is.
#[derive(Debug, Clone)]
pub enum Owner {
    Own,
    Enemy,
    Side(Name),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edge {
    Top,
    Bottom,
    Left,
    Right,
}
