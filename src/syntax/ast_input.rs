//! The syntax tree of the `input` section's items: what each reads, the numbers `read`
//! with their ranges, the pieces an `unmoved` letter names (placed as a setup places them),
//! the words of a squares list.

use super::span::{Name, Span, Str};

#[derive(Debug)]
pub enum InputItem {
    Grid(Span),
    /// `packed grid [separated by "/"]`: rows in one token, digits for runs of empty squares.
    PackedGrid(Option<Str>, Span),
    /// `mover ["w" = white, ...]`: the side to move, by its symbol or by the words given.
    Mover(Span, Vec<(Str, Name)>),
    /// `unmoved "K" = white king on "e1" and white rook on "h1", ...`: which pieces have not
    /// moved, by letters (or `-`).
    Unmoved(Vec<UnmovedDef>, Span),
    /// `marked square`: the square the last move marked, or `-`.
    Marked(Span),
    /// `last to`: the square where the last move landed, or `-`.
    LastTo(Span),
    /// `hand`: the pieces in each side's hand (`9W9B`, `-` for none).
    Hand(Span),
    /// `roll`: the turn's roll, or `-` before the roll.
    Roll(Span),
    /// `plies without capture [or KIND move]`: that count, as a number.
    Quiet(Vec<Name>, Span),
    /// `read NAME [at least N | at most N | from N to M], ...`: numbers, each in its range.
    Read(Vec<ReadName>),
    Squares {
        words: Vec<Word>,
        separator: Option<Str>,
        span: Span,
    },
    Literal(Str),
}

/// One name of a `read` item and the numbers it may be.
#[derive(Debug)]
pub struct ReadName {
    pub name: Name,
    pub range: Option<ReadRange>,
}

/// `at least N`, `at most N` or `from N to M`: the bounds as written (a bound that is not a
/// number is the checker's to report), and where the whole range is written.
#[derive(Debug)]
pub struct ReadRange {
    pub least: Option<Word>,
    pub most: Option<Word>,
    pub span: Span,
}

/// One letter of an `unmoved` item and the pieces it says have not moved.
#[derive(Debug)]
pub struct UnmovedDef {
    pub letter: Str,
    pub pieces: Vec<SetupPlace>,
}

#[derive(Debug)]
pub enum Word {
    Int(u64, Span),
    Name(Name),
}

/// Pieces of a side (and kind) on named squares: a setup's placements, or the pieces an
/// `unmoved` letter names (`white king on "e1"`).
#[derive(Debug)]
pub struct SetupPlace {
    pub side: Name,
    pub kind: Option<Name>,
    pub squares: Vec<Str>,
}
