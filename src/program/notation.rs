//! How squares and moves are written (the `squares` statement, `moves written with`), and a
//! board of points on lines.

use crate::syntax::ast::{Axis, Style};

#[derive(Debug, Clone)]
pub struct Notation {
    /// Each part: which coordinate, written how; `joined[i]` says part `i + 1` is glued to
    /// part `i` in one token (`B7`) rather than written as a separate token (`2 7`).
    pub parts: Vec<(Axis, Style)>,
    pub joined: Vec<bool>,
    /// Rows are counted from the bottom row up (`A1` bottom left).
    pub rows_from_bottom: bool,
    /// Columns are counted from the right (`1a` the top-right square).
    pub cols_from_right: bool,
    /// Letters are written in lowercase (`e4`).
    pub lowercase: bool,
    /// The dark squares (the bottom-left square is dark) are numbered 1, 2, ... row by row
    /// from the top left; `parts` is empty and the light squares have no name.
    pub numbered: bool,
}

impl Notation {
    /// Whether the square in row `r` (from the top) and column `c` of a board of `rows` rows
    /// is dark: the bottom-left square is.
    pub fn is_dark(rows: u32, r: u32, c: u32) -> bool {
        (rows - 1 - r + c).is_multiple_of(2)
    }

    /// Whether the square has a name (every square does, except the light squares when only
    /// the dark ones are numbered).
    pub fn names_square(&self, rows: u32, r: u32, c: u32) -> bool {
        !self.numbered || Notation::is_dark(rows, r, c)
    }
}

/// A board of points joined by lines (`lines a1 d1 g1, ...`), drawn on a grid of
/// `rows x cols` cells: its squares are the points, numbered row by row from the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Points {
    /// Each square's grid cell (`row * cols + col`), in square order.
    pub cells: Vec<u32>,
    /// Each grid cell's square, or `u32::MAX` where the grid has no point.
    pub square_of: Vec<u32>,
    /// The lines, each its squares in order (from its first point as written).
    pub lines: Vec<Vec<u32>>,
    /// Each grid cell that is not a point as a board is written: `-` or `|` (or `/`, `\`)
    /// between two points of a line, `+` elsewhere; `' '` on a point.
    pub filler: Vec<char>,
}

impl Points {
    /// Whether `ch` may stand for a grid cell that is not a point, in a grid or a setup.
    pub fn is_filler(ch: char) -> bool {
        matches!(ch, '-' | '|' | '+' | '/' | '\\')
    }
}

/// How moves are written (`--divide`, `ply moves`, `{move}`).
#[derive(Debug, Clone)]
pub struct MoveNotation {
    /// Between the squares of a move (`-`: `C3-A5`; nothing: `e2e4`).
    pub separator: String,
    /// Between the squares of a move that captures, if it differs (`x`: `28x19x10`).
    pub captures: Option<String>,
    /// How a promotion is written after the move's squares.
    pub promotions: Option<crate::syntax::ast::Promotions>,
    /// A placement (a drop) is written as the piece's symbol, this mark and the square
    /// (`P*7f`, `P@e4`); without it, as the square alone.
    pub drops: Option<String>,
}
