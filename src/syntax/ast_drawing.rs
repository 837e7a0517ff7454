//! The syntax of how pictures draw a board (`drawn as SHAPE with STYLE, DETAIL, ...`).

use super::span::{Name, Span};

/// How a picture draws the pieces (`drawn with ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceStyle {
    /// Figurines named by the kinds (`king`, `queen`, ... `man`).
    Figurines,
    /// Tiles of one colour pointed toward the side they face, marked with their symbols.
    Tiles,
    /// Discs in each side's colour, marked to tell the kinds apart.
    Discs,
    /// Shaded stones in each side's colour.
    Stones,
}

/// What a picture shows besides the cells and the pieces (`drawn ..., DETAIL`).
#[derive(Debug, Clone)]
pub enum DrawnDetail {
    /// `narrow [odd | even] rows [and [odd | even] columns]`: those rows and columns drawn
    /// as narrow grooves between the others (`Some(true)` odd, `Some(false)` even, `None`
    /// not said), numbered as the `squares` statement numbers them.
    Narrow {
        rows: Option<bool>,
        cols: Option<bool>,
        span: Span,
    },
    /// `stores on ZONE [and ZONE ...]`: the squares of the zones (of each side's zone, for
    /// a zone each side has) drawn as stores, each filling its column.
    Stores(Vec<Name>),
    /// `diagonals on ZONE [and ZONE ...]`: each part of the zones (their squares joined
    /// across and up and down) crossed by lines from corner to corner.
    Diagonals(Vec<Name>),
    /// `strips on ZONE [and ZONE ...]`: on a board of triangles, the squares of the zones
    /// drawn as plain strips (a bar, a tray) instead of points.
    Strips(Vec<Name>),
    /// `a river across the middle`: the lines broken between the middle two rows.
    River(Span),
}

/// How a picture draws the cells of a grid (`drawn as ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellShape {
    /// Squares, checkered.
    Squares,
    /// The points where lines cross, as Go is drawn: the pieces stand on them.
    Intersections,
    /// Hexagons, each row shifted half a cell from the one above.
    Hexagons,
    /// Round pits in a board of wood, as sowing games are drawn.
    Pits,
    /// Long triangles pointing from each row's outer edge toward the middle, a stack's
    /// pieces in a line along them, as the points of a race board are drawn.
    Triangles,
}
