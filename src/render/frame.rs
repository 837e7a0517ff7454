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
    /// Hexagons with a point up, each row shifted half a cell from the one above: to the
    /// right when `lean` is 1 (a cell touches the cells up and up-right of it), to the left
    /// when it is -1 (up and up-left).
    Hexagons { lean: i32 },
}

/// Where the picture draws the board.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub shape: Shape,
    rows: u32,
    cols: u32,
    /// Turned half a circle: the first row at the bottom, the first column at the right.
    turned: bool,
}

impl Frame {
    pub fn new(e: &Engine) -> Frame {
        let g = &e.g;
        let shape = match (&e.p.points, e.p.drawn, hex_lean(e)) {
            (Some(_), ..) => Shape::Points,
            (None, Some(CellShape::Squares), _) => Shape::Squares,
            (None, Some(CellShape::Intersections), _) => Shape::Intersections,
            (None, Some(CellShape::Hexagons), lean) => Shape::Hexagons {
                lean: lean.unwrap_or(1),
            },
            (None, None, Some(lean)) => Shape::Hexagons { lean },
            (None, None, None) => Shape::Squares,
        };
        Frame {
            shape,
            rows: g.rows,
            cols: g.cols,
            turned: false,
        }
    }

    /// The frame turned half a circle, or not.
    pub fn turned(self, turned: bool) -> Frame {
        Frame { turned, ..self }
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
            _ => (f64::from(self.cols) * CELL, f64::from(self.rows) * CELL),
        }
    }

    /// The centre of the cell at row `r` and column `c` of the grid.
    pub fn at(self, r: u32, c: u32) -> (f64, f64) {
        let (r, c) = match self.turned {
            true => (self.rows - 1 - r, self.cols - 1 - c),
            false => (r, c),
        };
        let top = match self.shape {
            Shape::Hexagons { .. } => MARGIN + radius(),
            _ => MARGIN + CELL / 2.0,
        };
        (
            MARGIN + (f64::from(c) + self.shift(r)) * CELL + CELL / 2.0,
            top + f64::from(r) * self.row_step(),
        )
    }

    /// The centre of square `sq`.
    pub fn centre(self, g: &Geometry, sq: u32) -> (f64, f64) {
        let (r, c) = g.coords[sq as usize];
        self.at(r, c)
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
