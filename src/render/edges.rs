//! The edges of the board a side must join, in that side's colour: a game won by a region
//! `touching the top edge and the bottom edge` shows which edges are whose, as its
//! boards are printed. The edges come from the end rules, so no line of the rules says it.

use std::fmt::Write;

use super::figures::side_colours;
use super::frame::{Frame, MARGIN, Shape};
use crate::compile::Engine;
use crate::program::{Area, Edge, Expr, Outcome};

const EDGES: [Edge; 4] = [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right];

/// For each edge, the side whose win needs a region touching it (the first such side).
pub fn owners(e: &Engine) -> [Option<u8>; 4] {
    let mut owners = [None; 4];
    let Some(game) = &e.p.game else {
        return owners;
    };
    for end in &game.ends {
        let Outcome::Win(side) = end.outcome else {
            continue;
        };
        for (i, &edge) in EDGES.iter().enumerate() {
            let touches = end.condition.any(&|x| match x {
                Expr::CountRegions(q) | Expr::RegionSum(_, q) => {
                    q.touching.contains(&Area::Edge(edge))
                }
                _ => false,
            });
            if touches && owners[i].is_none() {
                owners[i] = Some(side);
            }
        }
    }
    owners
}

/// The edges the sides must join, each drawn along the board's border in its side's colour.
pub fn draw(e: &Engine, f: Frame, s: &mut String) {
    let owners = owners(e);
    if owners.iter().all(Option::is_none) {
        return;
    }
    s.push_str("  <g class=\"edges\" fill=\"none\" stroke-width=\"6\" stroke-linecap=\"round\">\n");
    for (i, &edge) in EDGES.iter().enumerate() {
        let Some(side) = owners[i] else {
            continue;
        };
        let name = &e.p.sides[side as usize].name;
        let (fill, _) = side_colours(name, side as usize);
        let path = match f.shape {
            Shape::Hexagons { lean } => hexagon_border(e, f, lean, edge),
            _ => straight_border(f, edge),
        };
        let _ = writeln!(
            s,
            r#"    <path class="edge" data-edge="{}" data-side="{}" d="{path}" stroke="{fill}"/>"#,
            edge_name(edge),
            super::xml::escape(name)
        );
    }
    s.push_str("  </g>\n");
}

fn edge_name(edge: Edge) -> &'static str {
    match edge {
        Edge::Top => "top",
        Edge::Bottom => "bottom",
        Edge::Left => "left",
        Edge::Right => "right",
    }
}

/// Which edge of the grid a cell at `(r, c)` lies beyond, if it is off the board.
fn beyond(rows: i32, cols: i32, (r, c): (i32, i32)) -> Option<Edge> {
    if r < 0 {
        Some(Edge::Top)
    } else if r >= rows {
        Some(Edge::Bottom)
    } else if c < 0 {
        Some(Edge::Left)
    } else if c >= cols {
        Some(Edge::Right)
    } else {
        None
    }
}

/// The sides of the border hexagons that face `edge`: each side of a hexagon that no cell
/// lies across, when the cell that would lie there is beyond that edge of the grid.
fn hexagon_border(e: &Engine, f: Frame, lean: i32, edge: Edge) -> String {
    let g = &e.g;
    let (rows, cols) = (g.rows as i32, g.cols as i32);
    // The cell across each side of a hexagon as drawn, side i joining corners i and i + 1
    // (corner i at 60i + 30 degrees, y down): down-right, down-left, left, up-left,
    // up-right, right.
    let across: [(i32, i32); 6] = match lean {
        1 => [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)],
        _ => [(1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0), (0, 1)],
    };
    let turn = if f.turn() != 0.0 { -1 } else { 1 };
    let mut d = String::new();
    for sq in 0..g.n as u32 {
        let (r, c) = g.coords[sq as usize];
        let (x, y) = f.centre(g, sq);
        for (i, &(dr, dc)) in across.iter().enumerate() {
            let cell = (r as i32 + turn * dr, c as i32 + turn * dc);
            if beyond(rows, cols, cell) != Some(edge) {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (Frame::corner(x, y, i), Frame::corner(x, y, i + 1));
            let _ = write!(d, "M {x1} {y1} L {x2} {y2} ");
        }
    }
    d.trim_end().to_string()
}

/// A board of squares or lines: a bar along the side of the board that `edge` is, as the
/// picture shows it (turned, the top edge of the grid is drawn at the bottom).
fn straight_border(f: Frame, edge: Edge) -> String {
    let (w, h) = f.board_size();
    let edge = match (f.turn() != 0.0, edge) {
        (false, edge) => edge,
        (true, Edge::Top) => Edge::Bottom,
        (true, Edge::Bottom) => Edge::Top,
        (true, Edge::Left) => Edge::Right,
        (true, Edge::Right) => Edge::Left,
    };
    let (left, top) = (MARGIN - 3.0, MARGIN - 3.0);
    let (right, bottom) = (MARGIN + w + 3.0, MARGIN + h + 3.0);
    let (x1, y1, x2, y2) = match edge {
        Edge::Top => (left, top, right, top),
        Edge::Bottom => (left, bottom, right, bottom),
        Edge::Left => (left, top, left, bottom),
        Edge::Right => (right, top, right, bottom),
    };
    format!("M {x1} {y1} L {x2} {y2}")
}
