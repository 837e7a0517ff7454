//! A `sow` action: where the counts are taken up, the route they are dropped along, and
//! what the sowing passes.

use super::{Area, DirId};

/// `sow from AREA along ROUTE [, skipping from] [, skipping AREA]...`: the count on a square
/// of the area (as the mover sees it) is taken up and dropped one by one on the squares after
/// it along the route, passing the squares of `skip` (and the square sown from, with
/// `skip_from`).
#[derive(Debug, Clone)]
pub struct Sowing {
    pub from: Area,
    pub dir: DirId,
    pub skip_from: bool,
    pub skip: Vec<Area>,
}
