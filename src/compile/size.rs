//! What compiling a program for a board size will take, worked out from the board before
//! anything is built, so that a memory limit can stop a build that would pass it: the
//! geometry's tables (a few numbers per square and direction, each square's name, its
//! neighbours per kind of region) and the keys (one number per square and piece). A test
//! (tests/memory.rs) holds the estimate between what a build takes at its peak and twice
//! that.

use crate::program::Program;

/// Bytes a square's name takes at most while the names are made (the `String` it is
/// written into, its text, and the boxed copy kept).
const NAME: u64 = 48;

/// The bytes [`super::Engine::new`] allocates at its peak for a board of `rows` x `cols`,
/// by estimate (a little above: growing lists are counted at the most they may hold).
pub fn engine_bytes(p: &Program, rows: u32, cols: u32) -> u64 {
    let cells = u64::from(rows) * u64::from(cols);
    let points = p
        .points
        .as_ref()
        .filter(|pts| pts.square_of.len() as u64 == cells);
    let n = points.map_or(cells, |pts| pts.cells.len() as u64);
    let dirs = p.directions.len() as u64;
    // The directions with lines of their own: all but routes and those whose opposite came
    // first.
    let axes = p
        .directions
        .iter()
        .enumerate()
        .filter(|&(d, dir)| {
            dir.route.is_none()
                && !p.directions[..d]
                    .iter()
                    .any(|o| o.route.is_none() && o.dr == -dir.dr && o.dc == -dir.dc)
        })
        .count() as u64;
    let sides = p.sides.len() as u64;
    let codes = match p.held {
        Some(_) => u64::from(crate::program::MAX_HELD),
        None => p.piece_codes() as u64,
    };
    // Each square: its row and column (8), areas (8), name; per direction its steps, next,
    // previous square and line (16), and per axis its line side by side with the others'
    // (4) and in the axis's lines of squares with where each starts (grown by doubling: 16);
    // per side far (1), ahead (4) and rank (4); in its areas' lists (colour and the like,
    // grown by doubling: 16).
    let mut per_square = 8 + 8 + NAME + dirs * 16 + axes * 20 + sides * 9 + 16;
    // Neighbours per region spec: where each square's list starts and the lists, grown by
    // doubling.
    for spec in &p.regions {
        per_square += 8 + spec.adjacency.len() as u64 * 8;
    }
    if p.blocks.is_some() {
        per_square += 8;
    }
    if p.stranded {
        per_square += codes + 1;
    }
    // The keys: a number per square and piece code (and the empty square).
    per_square += (codes + 1) * 8;
    let zones: u64 = p.zones.iter().map(|(_, c)| c.len() as u64 * 8).sum();
    let grid = points.map_or(0, |_| cells * 4);
    n * per_square + zones + grid + (16 << 10)
}
