//! Where a picture draws each square, and the shape of its cell: squares on a grid, points
//! on lines, the intersections of a grid of lines, or hexagons. The rules say it with
//! `drawn as intersections | hexagons | squares`; without it, the shape is read from the
//! rules: a board of points is declared so, and a board on which the regions the rules ask
//! about join a cell to its four orthogonal neighbours and to one pair of diagonal ones
//! (`directions neighbours = up, down, left, right, up-right, down-left`) is a board of
//! hexagons, drawn as the rhombus its players know.

use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::syntax::ast::CellShape;

/// The side of one square (the width of one hexagon), in pixels.
pub const CELL: f64 = 48.0;
/// The margin that holds the row and column names.
pub const MARGIN: f64 = 28.0;

/// The shape of the cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Squares on a grid (checkered, or the dark squares numbered).
    Squares,
    /// Points joined by lines (`points`).
    Points,
    /// The points where the lines of a grid cross (`drawn as intersections`).
    Intersections,
    /// Round pits in a board of wood, a store filling its column (`drawn as pits`).
    Pits,
    /// Long triangles from each row's outer edge toward the middle (`drawn as triangles`).
    Triangles,
    /// Hexagons with a point up, each row shifted half a cell from the one above: to the
    /// right when `lean` is 1 (a cell touches the cells up and up-right of it), to the left
    /// when it is -1 (up and up-left).
    Hexagons { lean: i32 },
}

/// The height of a row of triangles (`drawn as triangles`), in pixels.
pub const TALL: f64 = CELL * 4.5;

/// The width of a narrow row or column (`drawn ..., narrow even rows`), in pixels.
pub const NARROW: f64 = CELL * 0.3;

/// Where the picture draws the board.
#[derive(Debug, Clone, Copy)]
pub struct Frame<'a> {
    pub shape: Shape,
    rows: u32,
    cols: u32,
    /// Turned half a circle: the first row at the bottom, the first column at the right.
    turned: bool,
    /// Which rows and columns are narrow (none when empty).
    narrow_rows: &'a [bool],
    narrow_cols: &'a [bool],
    /// The grid cells drawn as stores, each filling its column, on a board of pits.
    stores: &'a [u32],
    /// The grid cells drawn as plain strips, on a board of triangles.
    strips: &'a [u32],
}

/// The offset from the start of a row of cells to the centre of cell `i`, and the length
/// of the row: cells [`CELL`] long, the narrow ones [`NARROW`].
fn along(narrow: &[bool], count: u32, i: u32) -> (f64, f64) {
    if narrow.is_empty() {
        return (f64::from(i) * CELL + CELL / 2.0, f64::from(count) * CELL);
    }
    let size = |k: usize| if narrow[k] { NARROW } else { CELL };
    let before: f64 = (0..i as usize).map(size).sum();
    let total: f64 = (0..count as usize).map(size).sum();
    (before + size(i as usize) / 2.0, total)
}

impl<'a> Frame<'a> {
    pub fn new(e: &'a Engine) -> Frame<'a> {
        let g = &e.g;
        let shape = match (&e.p.points, e.p.drawn, hex_lean(e)) {
            (Some(_), ..) => Shape::Points,
            (None, Some(CellShape::Squares), _) => Shape::Squares,
            (None, Some(CellShape::Pits), _) => Shape::Pits,
            (None, Some(CellShape::Triangles), _) => Shape::Triangles,
            (None, Some(CellShape::Intersections), _) => Shape::Intersections,
            (None, Some(CellShape::Hexagons), lean) => Shape::Hexagons {
                lean: lean.unwrap_or(1),
            },
            (None, None, Some(lean)) => Shape::Hexagons { lean },
            (None, None, None) => Shape::Squares,
        };
        let d = &e.p.drawing;
        let plain = matches!(shape, Shape::Squares | Shape::Pits);
        Frame {
            shape,
            rows: g.rows,
            cols: g.cols,
            turned: false,
            narrow_rows: if plain { &d.narrow_rows } else { &[] },
            narrow_cols: if plain { &d.narrow_cols } else { &[] },
            stores: if shape == Shape::Pits { &d.stores } else { &[] },
            strips: if shape == Shape::Triangles {
                &d.strips
            } else {
                &[]
            },
        }
    }

    /// The frame turned half a circle, or not.
    pub fn turned(self, turned: bool) -> Frame<'a> {
        Frame { turned, ..self }
    }

    /// Whether the board has narrow rows or columns.
    pub fn grooved(self) -> bool {
        self.narrow_rows.iter().chain(self.narrow_cols).any(|&n| n)
    }

    /// The width and height of the cell at row `r`, column `c`.
    pub fn cell(self, r: u32, c: u32) -> (f64, f64) {
        let size = |narrow: &[bool], i: u32| match narrow.get(i as usize) {
            Some(true) => NARROW,
            _ => CELL,
        };
        (size(self.narrow_cols, c), size(self.narrow_rows, r))
    }

    /// On a board of triangles, where the triangle of the cell at row `r`, column `c` has
    /// its base: the y of its outer edge, and 1 when it points down the picture (a row of
    /// the top half), -1 when up.
    pub fn base(self, r: u32, c: u32) -> (f64, f64) {
        let (_, y) = self.at(r, c);
        let (_, h) = self.board_size();
        match y < MARGIN + h / 2.0 {
            true => (y - TALL / 2.0, 1.0),
            false => (y + TALL / 2.0, -1.0),
        }
    }

    /// Whether grid cell `cell` is a store (`stores on ZONE`), drawn filling its column.
    pub fn is_store(self, cell: u32) -> bool {
        self.stores.contains(&cell)
    }

    /// Whether grid cell `cell` is drawn as a plain strip among triangles (`strips on ZONE`).
    pub fn is_strip(self, cell: u32) -> bool {
        self.strips.contains(&cell)
    }

    /// Whether column `c` holds a store: its other cells are not drawn.
    pub fn store_column(self, c: u32) -> bool {
        self.stores.iter().any(|&cell| cell % self.cols == c)
    }

    /// How far the picture is turned, in degrees.
    pub fn turn(self) -> f64 {
        if self.turned { 180.0 } else { 0.0 }
    }

    /// The radius of a piece's disc: stones on intersections nearly touch.
    pub fn disc(self) -> f64 {
        match self.shape {
            Shape::Intersections => CELL * 0.46,
            _ => CELL * 3.0 / 8.0,
        }
    }

    /// The distance from one row's centres to the next.
    fn row_step(self) -> f64 {
        match self.shape {
            Shape::Hexagons { .. } => CELL * 3f64.sqrt() / 2.0,
            _ => CELL,
        }
    }

    /// How far row `r` is shifted right, in cells.
    fn shift(self, r: u32) -> f64 {
        match self.shape {
            Shape::Hexagons { lean: 1 } => f64::from(r) / 2.0,
            Shape::Hexagons { .. } => f64::from(self.rows - 1 - r) / 2.0,
            _ => 0.0,
        }
    }

    /// The width and height of the board's drawing, without its margins.
    pub fn board_size(self) -> (f64, f64) {
        match self.shape {
            Shape::Hexagons { .. } => (
                (f64::from(self.cols) + f64::from(self.rows - 1) / 2.0) * CELL,
                f64::from(self.rows - 1) * self.row_step() + 2.0 * radius(),
            ),
            Shape::Triangles => (f64::from(self.cols) * CELL, f64::from(self.rows) * TALL),
            _ => (
                along(self.narrow_cols, self.cols, 0).1,
                along(self.narrow_rows, self.rows, 0).1,
            ),
        }
    }

    /// The centre of the cell at row `r` and column `c` of the grid.
    pub fn at(self, r: u32, c: u32) -> (f64, f64) {
        if self.shape == Shape::Triangles {
            let (x, w) = along(&[], self.cols, c);
            let y = f64::from(r) * TALL + TALL / 2.0;
            let h = f64::from(self.rows) * TALL;
            return match self.turned {
                true => (MARGIN + w - x, MARGIN + h - y),
                false => (MARGIN + x, MARGIN + y),
            };
        }
        if !matches!(self.shape, Shape::Hexagons { .. }) {
            let (x, w) = along(self.narrow_cols, self.cols, c);
            let (y, h) = along(self.narrow_rows, self.rows, r);
            return match self.turned {
                true => (MARGIN + w - x, MARGIN + h - y),
                false => (MARGIN + x, MARGIN + y),
            };
        }
        let (r, c) = match self.turned {
            true => (self.rows - 1 - r, self.cols - 1 - c),
            false => (r, c),
        };
        (
            MARGIN + (f64::from(c) + self.shift(r)) * CELL + CELL / 2.0,
            MARGIN + radius() + f64::from(r) * self.row_step(),
        )
    }

    /// The centre of square `sq` (a store's, the middle of its column).
    pub fn centre(self, g: &Geometry, sq: u32) -> (f64, f64) {
        let (r, c) = g.coords[sq as usize];
        let (x, y) = self.at(r, c);
        if self.is_store(r * self.cols + c) {
            return (x, MARGIN + self.board_size().1 / 2.0);
        }
        (x, y)
    }

    /// The corners of the hexagon around the cell at `(x, y)`, as SVG points.
    pub fn hexagon(x: f64, y: f64) -> String {
        let corners: Vec<String> = (0..6)
            .map(|k| {
                let (cx, cy) = Frame::corner(x, y, k);
                format!("{cx},{cy}")
            })
            .collect();
        corners.join(" ")
    }

    /// Corner `k` (taken round, from 0) of the hexagon around `(x, y)`: at 60k + 30
    /// degrees, clockwise from the right (y grows down), so that side k, from corner k to
    /// corner k + 1, faces down-right, down-left, left, up-left, up-right, right.
    pub fn corner(x: f64, y: f64, k: usize) -> (f64, f64) {
        let angle = std::f64::consts::FRAC_PI_3 * (k % 6) as f64 + std::f64::consts::FRAC_PI_6;
        (
            round(x + radius() * angle.cos()),
            round(y + radius() * angle.sin()),
        )
    }
}

/// The distance from a hexagon's centre to its corners: a hexagon [`CELL`] wide.
fn radius() -> f64 {
    CELL / 3f64.sqrt()
}

/// A coordinate to one decimal place (whole numbers without one).
pub fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// On a full grid whose regions join each cell to six others (the four orthogonal ones and
/// the two along one diagonal), the lean of the rows ([`Shape::Hexagons`]).
fn hex_lean(e: &Engine) -> Option<i32> {
    let p = e.p;
    if p.held.is_some() || e.g.coords.len() != (e.g.rows * e.g.cols) as usize {
        return None;
    }
    let mut steps: Vec<(i32, i32)> = p
        .regions
        .iter()
        .flat_map(|r| &r.adjacency)
        .map(|&d| {
            let d = &p.directions[d as usize];
            (d.dr, d.dc)
        })
        .collect();
    steps.sort_unstable();
    steps.dedup();
    let orthogonal = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    if steps.len() != 6 || !orthogonal.iter().all(|s| steps.contains(s)) {
        return None;
    }
    // Up-right and down-left: the row above leans right; up-left and down-right: left.
    if steps.contains(&(-1, 1)) && steps.contains(&(1, -1)) {
        Some(1)
    } else if steps.contains(&(-1, -1)) && steps.contains(&(1, 1)) {
        Some(-1)
    } else {
        None
    }
}
