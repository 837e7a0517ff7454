//! What pictures show of a board besides its cells and pieces (`drawn ..., DETAIL`).

/// What a picture shows besides the cells and the pieces (`drawn ..., DETAIL`).
#[derive(Debug, Clone, Default)]
pub struct Drawing {
    /// For each row of the grid (from the top), whether it is drawn narrow, as a groove
    /// between the rows beside it (`narrow even rows`); empty when none is.
    pub narrow_rows: Vec<bool>,
    /// For each column (from the left), whether it is drawn narrow.
    pub narrow_cols: Vec<bool>,
    /// The grid cells drawn as stores, each filling its column (`stores on ZONE`).
    pub stores: Vec<u32>,
    /// The grid cells drawn as plain strips on a board of triangles (`strips on ZONE`).
    pub strips: Vec<u32>,
    /// The grid cells whose parts are crossed corner to corner (`diagonals on ZONE`).
    pub diagonals: Vec<u32>,
    /// The lines broken between the middle two rows (`a river across the middle`).
    pub river: bool,
}
