//! What the rules say of the board's blocks as units (`blocks R x C`): a block named from a
//! square, a condition asked of one block's squares, and the blocks a condition holds in.

use super::{DirId, Expr, SquareRef};

/// `the block of SQUARE` (the block the square is in) or `the block matching SQUARE` (the
/// block that stands among the blocks as the square stands in its own block).
#[derive(Debug, Clone)]
pub struct BlockRef {
    pub at: SquareRef,
    pub matching: bool,
}

/// `count blocks where COND`, or `[exactly] N blocks where COND in a row along DIRS`: the
/// blocks in which COND holds, asked of each block's squares alone.
#[derive(Debug, Clone)]
pub struct Blocks {
    pub cond: Expr,
    /// `None`: how many blocks; else whether such blocks make a row.
    pub row: Option<BlockRow>,
}

/// `[exactly] N ... in a row along DIRS`, over the grid of blocks.
#[derive(Debug, Clone)]
pub struct BlockRow {
    pub n: u32,
    pub dirs: Vec<DirId>,
    pub exactly: bool,
}
