//! The board of a picture, without its pieces: squares (checkered, or plain with narrow
//! grooves between them), the intersections of lines, hexagons, points on lines or pits and
//! stores, with what the rules say the board shows (a river, diagonals) and the row and
//! column names round it.

use std::fmt::Write;

use super::board_text::axis_label;
use super::frame::{CELL, Frame, MARGIN, Shape, TALL, round};
use super::xml::escape;
use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::Program;
use crate::syntax::ast::Axis;

/// A board of points on lines: each line drawn from point to point, each point a dot.
fn lines(g: &Geometry, f: Frame, pts: &crate::program::Points, s: &mut String) {
    let (w, h) = f.board_size();
    let _ = writeln!(
        s,
        r##"    <rect class="surface" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" fill="#f0d9b5"/>"##
    );
    for line in &pts.lines {
        let (first, last) = (line[0], line[line.len() - 1]);
        let ((x1, y1), (x2, y2)) = (f.centre(g, first), f.centre(g, last));
        let _ = writeln!(
            s,
            r##"    <line class="line" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5a3a1e" stroke-width="3"/>"##
        );
    }
    for sq in 0..g.n as u32 {
        let (x, y) = f.centre(g, sq);
        let _ = writeln!(
            s,
            r##"    <circle class="point" data-square="{}" cx="{x}" cy="{y}" r="7" fill="#5a3a1e"/>"##,
            escape(&g.names[sq as usize])
        );
    }
}

/// The squares (or points, or hexagons), and the row and column names on all four sides.
pub fn board(e: &Engine, f: Frame, s: &mut String) {
    let (p, g) = (e.p, &e.g);
    s.push_str("  <g class=\"board\">\n");
    match f.shape {
        Shape::Points => {
            if let Some(pts) = &p.points {
                lines(g, f, pts, s);
            }
        }
        Shape::Hexagons { .. } => hexagons(g, f, s),
        Shape::Intersections => intersections(e, f, s),
        Shape::Squares if f.grooved() => grooved(g, f, s),
        Shape::Squares => squares(p, g, f, s),
        Shape::Pits => pits(g, f, s),
        Shape::Triangles => triangles(g, f, s),
    }
    s.push_str("  </g>\n");
    // The blocks that turn (`blocks R x C`), outlined.
    if !g.blocks.is_empty() {
        s.push_str("  <g class=\"blocks\" fill=\"none\" stroke=\"#333333\" stroke-width=\"3\">\n");
        for (i, block) in g.blocks.iter().enumerate() {
            let (first, last) = (block[0], block[block.len() - 1]);
            let ((x1, y1), (x2, y2)) = (f.centre(g, first), f.centre(g, last));
            let _ = writeln!(
                s,
                r#"    <rect class="block" data-block="{}" x="{}" y="{}" width="{}" height="{}"/>"#,
                i + 1,
                x1.min(x2) - CELL / 2.0,
                y1.min(y2) - CELL / 2.0,
                (x1 - x2).abs() + CELL,
                (y1 - y2).abs() + CELL
            );
        }
        s.push_str("  </g>\n");
    }
    if p.notation.numbered {
        // Each dark square's number in its top-left corner.
        s.push_str("  <g class=\"labels\" font-size=\"10\" fill=\"#f0d9b5\">\n");
        for sq in (0..g.n as u32).filter(|&sq| !g.names[sq as usize].is_empty()) {
            let (x, y) = f.centre(g, sq);
            let _ = writeln!(
                s,
                r#"    <text class="label" x="{}" y="{}">{}</text>"#,
                x - CELL / 2.0 + 3.0,
                y - CELL / 2.0 + 11.0,
                escape(&g.names[sq as usize])
            );
        }
        s.push_str("  </g>\n");
        return;
    }
    labels(e, f, s);
}

/// The squares of a grid, checkered (or, on a board of numbered squares, the dark ones
/// dark).
fn squares(p: &Program, g: &Geometry, f: Frame, s: &mut String) {
    let plain = super::figures::style(p) == crate::syntax::ast::PieceStyle::Tiles;
    for sq in 0..g.n as u32 {
        let (r, c) = (sq / g.cols, sq % g.cols);
        let light = match p.notation.numbered {
            true => !crate::program::Notation::is_dark(g.rows, r, c),
            false => (r + c) % 2 == 0,
        };
        // Tiles lie on a board of one colour, its squares ruled.
        let (shade, fill) = match (plain, light) {
            (true, _) => ("plain", r##"#e9c987" stroke="#6b4a1e" stroke-width="1"##),
            (false, true) => ("light", "#f0d9b5"),
            (false, false) => ("dark", "#b58863"),
        };
        let (x, y) = f.at(r, c);
        let _ = writeln!(
            s,
            r#"    <rect class="square {shade}" data-square="{}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
            escape(&g.names[sq as usize]),
            x - CELL / 2.0,
            y - CELL / 2.0
        );
    }
}

/// A board of wood with a line through each row and each column of cells, the pieces on
/// the points where they cross; each point is the square a click chooses (a cell without
/// fill around it, beneath the lines, so that a page shading it keeps the lines seen). A
/// river across the middle breaks the inner columns' lines between the middle two rows;
/// diagonals cross each part of their zone from corner to corner.
fn intersections(e: &Engine, f: Frame, s: &mut String) {
    let (g, drawing) = (&e.g, &e.p.drawing);
    let (w, h) = f.board_size();
    let _ = writeln!(
        s,
        r##"    <rect class="surface" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" fill="#dcb35c"/>"##
    );
    for sq in 0..g.n as u32 {
        let (x, y) = f.centre(g, sq);
        let _ = writeln!(
            s,
            r#"    <rect class="square intersection" data-square="{}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="transparent"/>"#,
            escape(&g.names[sq as usize]),
            x - CELL / 2.0,
            y - CELL / 2.0
        );
    }
    let line = |s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str| {
        let _ = writeln!(
            s,
            r##"    <line class="{class}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3b2a10" stroke-width="1.5" pointer-events="none"/>"##
        );
    };
    let last = (g.rows - 1, g.cols - 1);
    for r in 0..g.rows {
        line(s, f.at(r, 0), f.at(r, last.1), "line");
    }
    // The river: between the middle two rows, only the outer columns' lines go on (a board
    // whose size the input gives may have no middle between two rows: no river then).
    let river = drawing.river && g.rows >= 2 && g.rows % 2 == 0;
    let banks = ((g.rows / 2).saturating_sub(1), g.rows / 2);
    if river {
        let ((x1, y1), (x2, y2)) = (f.at(banks.0, 0), f.at(banks.1, last.1));
        let _ = writeln!(
            s,
            r##"    <rect class="river" x="{}" y="{}" width="{}" height="{}" fill="#bcd9ea" pointer-events="none"/>"##,
            round(x1.min(x2)),
            round(y1.min(y2) + 1.0),
            round((x2 - x1).abs()),
            round((y2 - y1).abs() - 2.0)
        );
    }
    for c in 0..g.cols {
        if river && c != 0 && c != last.1 {
            line(s, f.at(0, c), f.at(banks.0, c), "line");
            line(s, f.at(banks.1, c), f.at(last.0, c), "line");
        } else {
            line(s, f.at(0, c), f.at(last.0, c), "line");
        }
    }
    for (top, bottom) in parts(g, &drawing.diagonals) {
        line(s, f.at(top.0, top.1), f.at(bottom.0, bottom.1), "diagonal");
        line(s, f.at(top.0, bottom.1), f.at(bottom.0, top.1), "diagonal");
    }
}

/// The parts of a set of grid cells (cells joined across or up and down), each as the
/// corners of its bounding box: its top-left and bottom-right (row, column).
fn parts(g: &Geometry, cells: &[u32]) -> Vec<((u32, u32), (u32, u32))> {
    let mut seen = vec![false; cells.len()];
    let mut boxes = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut todo = vec![start];
        let (mut top, mut bottom) = ((u32::MAX, u32::MAX), (0, 0));
        while let Some(i) = todo.pop() {
            let (r, c) = (cells[i] / g.cols, cells[i] % g.cols);
            top = (top.0.min(r), top.1.min(c));
            bottom = (bottom.0.max(r), bottom.1.max(c));
            for (j, &other) in cells.iter().enumerate() {
                let (r2, c2) = (other / g.cols, other % g.cols);
                if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    seen[j] = true;
                    todo.push(j);
                }
            }
        }
        boxes.push((top, bottom));
    }
    boxes
}

/// A board of squares with narrow grooves between them (`narrow even rows and even
/// columns`): the squares plain, the grooves darker, the posts where grooves cross darker
/// still.
fn grooved(g: &Geometry, f: Frame, s: &mut String) {
    let (w, h) = f.board_size();
    let _ = writeln!(
        s,
        r##"    <rect class="surface" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" fill="#8b5a2b"/>"##
    );
    for sq in 0..g.n as u32 {
        let (r, c) = g.coords[sq as usize];
        let (x, y) = f.at(r, c);
        let (cw, ch) = f.cell(r, c);
        let (class, fill) = match (cw < CELL, ch < CELL) {
            (false, false) => ("square", "#f0d9b5"),
            (true, true) => ("square post", "#5a3a1e"),
            _ => ("square groove", "#a9763f"),
        };
        let _ = writeln!(
            s,
            r#"    <rect class="{class}" data-square="{}" x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
            escape(&g.names[sq as usize]),
            round(x - cw / 2.0),
            round(y - ch / 2.0),
            round(cw),
            round(ch)
        );
    }
}

/// A board of long triangles, as a race board's points are drawn: each from its row's
/// outer edge toward the middle, two colours in turn; a strip (`strips on ZONE`: a bar, a
/// tray) a plain band as long, darker than the board.
fn triangles(g: &Geometry, f: Frame, s: &mut String) {
    let (w, h) = f.board_size();
    let _ = writeln!(
        s,
        r##"    <rect class="surface" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" fill="#e9d8b4" stroke="#6b4a1e" stroke-width="2"/>"##
    );
    for sq in 0..g.n as u32 {
        let (r, c) = g.coords[sq as usize];
        let (x, _) = f.at(r, c);
        let (base, down) = f.base(r, c);
        let apex = base + down * TALL * 0.9;
        let name = escape(&g.names[sq as usize]);
        if f.is_strip(r * g.cols + c) {
            let _ = writeln!(
                s,
                r##"    <rect class="square strip" data-square="{name}" x="{}" y="{}" width="{}" height="{}" fill="#8b6a3e" stroke="#6b4a1e"/>"##,
                round(x - CELL / 2.0 + 1.0),
                round(base.min(apex)),
                CELL - 2.0,
                round(TALL * 0.9)
            );
            continue;
        }
        let fill = if (r + c) % 2 == 0 {
            "#a0522d"
        } else {
            "#3e5f4a"
        };
        let _ = writeln!(
            s,
            r#"    <polygon class="square triangle" data-square="{name}" points="{},{base} {},{base} {x},{}" fill="{fill}"/>"#,
            round(x - CELL / 2.0 + 1.0),
            round(x + CELL / 2.0 - 1.0),
            round(apex)
        );
    }
}

/// A board of pits, as sowing games are drawn: a round pit a cell in a board of wood, a
/// store (`stores on ZONE`) a long pit filling its column, whose other cells are not drawn.
fn pits(g: &Geometry, f: Frame, s: &mut String) {
    let (w, h) = f.board_size();
    let _ = writeln!(
        s,
        r##"    <rect class="surface" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" rx="{}" fill="#b9834f" stroke="#6b4a1e" stroke-width="2"/>"##,
        CELL / 3.0
    );
    for sq in 0..g.n as u32 {
        let (r, c) = g.coords[sq as usize];
        let cell = r * g.cols + c;
        let name = escape(&g.names[sq as usize]);
        let (x, y) = f.centre(g, sq);
        if f.is_store(cell) {
            let _ = writeln!(
                s,
                r##"    <rect class="square pit store" data-square="{name}" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#7a4f2a" stroke="#4e342e" stroke-width="2"/>"##,
                round(x - CELL * 0.4),
                MARGIN + 6.0,
                round(CELL * 0.8),
                round(h - 12.0),
                round(CELL * 0.4)
            );
        } else if !f.store_column(c) {
            let _ = writeln!(
                s,
                r##"    <circle class="square pit" data-square="{name}" cx="{x}" cy="{y}" r="{}" fill="#7a4f2a" stroke="#4e342e" stroke-width="2"/>"##,
                round(CELL * 0.42)
            );
        }
    }
}

/// A hexagon a cell, all of one colour, outlined.
fn hexagons(g: &Geometry, f: Frame, s: &mut String) {
    for sq in 0..g.n as u32 {
        let (x, y) = f.centre(g, sq);
        let _ = writeln!(
            s,
            r##"    <polygon class="square hexagon" data-square="{}" points="{}" fill="#f0d9b5" stroke="#8a6d3b" stroke-width="1.5"/>"##,
            escape(&g.names[sq as usize]),
            Frame::hexagon(x, y)
        );
    }
}

/// Each column's name above its top cell and below its bottom one; each row's name before
/// its first cell and after its last.
fn labels(e: &Engine, f: Frame, s: &mut String) {
    let (p, g) = (e.p, &e.g);
    s.push_str("  <g class=\"labels\" font-size=\"13\" fill=\"#444444\" text-anchor=\"middle\">\n");
    let (_, h) = f.board_size();
    // The names of narrow rows and columns in smaller letters.
    let size = |narrow: bool| if narrow { r#" font-size="9""# } else { "" };
    for c in 0..g.cols {
        let name = escape(&axis_label(&p.notation, Axis::Column, c, g.cols, g.cols));
        let small = size(f.cell(0, c).0 < CELL);
        let ends = [
            (f.at(0, c).0, MARGIN - 9.0),
            (f.at(g.rows - 1, c).0, MARGIN + h + 19.0),
        ];
        for (x, y) in ends {
            let _ = writeln!(
                s,
                r#"    <text class="label" x="{}" y="{y}"{small}>{name}</text>"#,
                round(x)
            );
        }
    }
    for r in 0..g.rows {
        let name = escape(&axis_label(&p.notation, Axis::Row, r, g.rows, g.cols));
        let small = size(f.cell(r, 0).1 < CELL);
        let ((a, y), (b, _)) = (f.at(r, 0), f.at(r, g.cols - 1));
        let (first, last) = (a.min(b), a.max(b));
        let y = round(y + if small.is_empty() { 5.0 } else { 3.0 });
        let half = |c: u32| f.cell(r, c).0 / 2.0;
        let (left, right) = match a <= b {
            true => (half(0), half(g.cols - 1)),
            false => (half(g.cols - 1), half(0)),
        };
        for x in [first - left - MARGIN / 2.0, last + right + MARGIN / 2.0] {
            let _ = writeln!(
                s,
                r#"    <text class="label" x="{}" y="{y}"{small}>{name}</text>"#,
                round(x)
            );
        }
    }
    s.push_str("  </g>\n");
}
