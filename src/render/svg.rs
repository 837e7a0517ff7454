//! A position as an SVG picture: the board with the game's row and column names, its
//! pieces, and optionally the legal moves as arrows (a chain as one arrow through every
//! square it lands on, a placement as a ring). Every element has a class (`square`,
//! `label`, `piece`, `move`) and the data it shows (`data-square`, `data-move`), so that
//! the picture can be styled and tested.

use std::fmt::Write;

use super::board_text::{axis_label, symbol};
use super::figures::Painter;
use super::frame::{CELL, Frame, MARGIN, Shape, round};
pub use super::xml::escape;
use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::{EMPTY, GHOST, Program};
use crate::run::Position;
use crate::run::step::{NONE, Step};
use crate::syntax::ast::Axis;

/// Arrow colour for each side's moves.
const MOVE_COLOURS: [&str; 6] = [
    "#e67e22", "#8e44ad", "#16a085", "#c0392b", "#2980b9", "#7f8c8d",
];

/// What a picture shows besides the position.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scene<'a> {
    /// The caption, and the picture's title.
    pub title: &'a str,
    /// Moves (each as its steps) drawn as arrows.
    pub moves: Option<&'a [Vec<Step>]>,
    /// The squares of the move that led here, marked.
    pub last: &'a [u32],
    /// The side drawn at the bottom; without it, the side whose pieces go up the board (or
    /// the first side).
    pub bottom: Option<u8>,
    /// The game's result, in a banner across the board.
    pub result: Option<&'a str>,
}

/// Whether a picture with `bottom` at the bottom is turned half a circle: when that side's
/// pieces go down the board, or, for sides that go no way, when it is not the first.
pub fn turned(e: &Engine, bottom: Option<u8>) -> bool {
    let Some(side) = bottom else {
        return false;
    };
    match e.p.sides.get(side as usize).and_then(|s| s.forward) {
        Some((dr, _)) => dr > 0,
        None => side != 0,
    }
}

/// The picture of `pos` with what `scene` adds.
pub fn draw(e: &Engine, pos: &Position, scene: &Scene) -> String {
    let f = Frame::new(e).turned(turned(e, scene.bottom));
    let (w, h) = f.board_size();
    let hand = if pos.hand.is_empty() { 0.0 } else { HAND };
    let width = round(2.0 * MARGIN + w + hand);
    // A finished game's result in a strip below the board, not over it.
    let strip = if scene.result.is_some() {
        BANNER + 8.0
    } else {
        0.0
    };
    let height = round(2.0 * MARGIN + h + strip + 24.0);
    let mut body = String::new();
    let _ = writeln!(
        body,
        r##"  <rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    board(e, f, &mut body);
    super::edges::draw(e, f, &mut body);
    last_move(e, f, scene.last, &mut body);
    let mut painter = Painter::new(e, f.turn());
    pieces(e, f, pos, &mut painter, &mut body);
    if hand > 0.0 {
        hands(e, f, pos, scene.bottom, &mut painter, &mut body);
    }
    if let Some(moves) = scene.moves {
        arrows(e, f, pos, moves, &mut body);
    }
    if let Some(result) = scene.result {
        banner(f, result, &mut body);
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "  <title>{}</title>", escape(scene.title));
    s.push_str("  <defs>\n");
    for (i, colour) in MOVE_COLOURS.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"    <marker id="arrow-{i}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{colour}"/></marker>"#
        );
    }
    s.push_str(&painter.defs);
    s.push_str("  </defs>\n");
    s.push_str(&body);
    let _ = writeln!(
        s,
        r##"  <text class="caption" x="{MARGIN}" y="{}" font-size="14" fill="#222222">{}</text>"##,
        height - 8.0,
        escape(scene.title)
    );
    s.push_str("</svg>\n");
    s
}

/// The width of the column beside the board that holds the pieces in hand.
const HAND: f64 = CELL * 1.75;

/// The squares the last move touched, each shaded under its piece.
fn last_move(e: &Engine, f: Frame, squares: &[u32], s: &mut String) {
    if squares.is_empty() {
        return;
    }
    let g = &e.g;
    s.push_str("  <g class=\"last-move\" fill=\"#f6d743\" fill-opacity=\"0.6\">\n");
    for &sq in squares.iter().filter(|&&sq| (sq as usize) < g.n) {
        let (x, y) = f.centre(g, sq);
        let name = escape(&g.names[sq as usize]);
        let _ = match f.shape {
            Shape::Squares => writeln!(
                s,
                r#"    <rect class="last" data-square="{name}" x="{}" y="{}" width="{CELL}" height="{CELL}"/>"#,
                x - CELL / 2.0,
                y - CELL / 2.0
            ),
            Shape::Hexagons { .. } => writeln!(
                s,
                r#"    <polygon class="last" data-square="{name}" points="{}"/>"#,
                Frame::hexagon(x, y)
            ),
            Shape::Points | Shape::Intersections => writeln!(
                s,
                r#"    <circle class="last" data-square="{name}" cx="{x}" cy="{y}" r="{}"/>"#,
                round(f.disc() + 5.0)
            ),
        };
    }
    s.push_str("  </g>\n");
}

/// The height of the strip that shows a finished game's result.
const BANNER: f64 = 40.0;

/// The result in a strip below the board (and its column names), as wide as the board.
fn banner(f: Frame, result: &str, s: &mut String) {
    let (w, h) = f.board_size();
    let top = 2.0 * MARGIN + h + 4.0;
    let _ = writeln!(
        s,
        r##"  <g class="result"><rect x="{MARGIN}" y="{}" width="{}" height="{BANNER}" rx="8" fill="#1f1f1f"/><text x="{}" y="{}" font-size="20" font-weight="bold" text-anchor="middle" fill="#ffffff">{}</text></g>"##,
        round(top),
        round(w),
        round(MARGIN + w / 2.0),
        round(top + BANNER / 2.0 + 7.0),
        escape(result)
    );
}

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
fn board(e: &Engine, f: Frame, s: &mut String) {
    let (p, g) = (e.p, &e.g);
    s.push_str("  <g class=\"board\">\n");
    match f.shape {
        Shape::Points => {
            if let Some(pts) = &p.points {
                lines(g, f, pts, s);
            }
        }
        Shape::Hexagons { .. } => hexagons(g, f, s),
        Shape::Intersections => intersections(g, f, s),
        Shape::Squares => squares(p, g, f, s),
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
/// fill around it, beneath the lines, so that a page shading it keeps the lines seen).
fn intersections(g: &Geometry, f: Frame, s: &mut String) {
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
    let (left, top) = f.at(0, 0);
    let (right, bottom) = f.at(g.rows - 1, g.cols - 1);
    for r in 0..g.rows {
        let y = f.at(r, 0).1;
        let _ = writeln!(
            s,
            r##"    <line class="line" x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke="#3b2a10" stroke-width="1.5" pointer-events="none"/>"##
        );
    }
    for c in 0..g.cols {
        let x = f.at(0, c).0;
        let _ = writeln!(
            s,
            r##"    <line class="line" x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" stroke="#3b2a10" stroke-width="1.5" pointer-events="none"/>"##
        );
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
    for c in 0..g.cols {
        let name = escape(&axis_label(&p.notation, Axis::Column, c, g.cols, g.cols));
        let ends = [
            (f.at(0, c).0, MARGIN - 9.0),
            (f.at(g.rows - 1, c).0, MARGIN + h + 19.0),
        ];
        for (x, y) in ends {
            let _ = writeln!(
                s,
                r#"    <text class="label" x="{}" y="{y}">{name}</text>"#,
                round(x)
            );
        }
    }
    for r in 0..g.rows {
        let name = escape(&axis_label(&p.notation, Axis::Row, r, g.rows, g.cols));
        let ((a, y), (b, _)) = (f.at(r, 0), f.at(r, g.cols - 1));
        let (first, last) = (a.min(b), a.max(b));
        let y = round(y + 5.0);
        for x in [
            first - CELL / 2.0 - MARGIN / 2.0,
            last + CELL / 2.0 + MARGIN / 2.0,
        ] {
            let _ = writeln!(
                s,
                r#"    <text class="label" x="{}" y="{y}">{name}</text>"#,
                round(x)
            );
        }
    }
    s.push_str("  </g>\n");
}

/// On a board of counts, the count on each square that holds some, in a disc.
fn counts(e: &Engine, f: Frame, pos: &Position, held: &str, s: &mut String) {
    let g = &e.g;
    s.push_str("  <g class=\"counts\">\n");
    for (sq, &count) in pos.cells.iter().enumerate().filter(|(_, c)| **c > 0) {
        let (x, y) = f.centre(g, sq as u32);
        let square = escape(&g.names[sq]);
        let _ = writeln!(
            s,
            r##"    <g class="count" data-square="{square}" data-count="{count}"><title>{count} {} on {square}</title><circle cx="{x}" cy="{y}" r="{}" fill="#eadbb8" stroke="#8a6d3b" stroke-width="2"/><text x="{x}" y="{}" font-size="18" font-weight="bold" text-anchor="middle" fill="#3b2a10">{count}</text></g>"##,
            escape(held),
            f.disc(),
            y + 6.0
        );
    }
    s.push_str("  </g>\n");
}

/// Each piece on the board as its figure (see [`Painter`]).
fn pieces(e: &Engine, f: Frame, pos: &Position, painter: &mut Painter, s: &mut String) {
    let (p, t, g) = (e.p, &*e.t, &e.g);
    if let Some(held) = &p.held {
        return counts(e, f, pos, held, s);
    }
    s.push_str("  <g class=\"pieces\">\n");
    for (sq, &code) in pos.cells.iter().enumerate() {
        if code == EMPTY || code == GHOST {
            continue;
        }
        let side = p.side_of(code) as usize;
        let kind = p.kind_of(code) as usize;
        let side_name = escape(&p.sides[side].name);
        let kind_name = escape(&p.kinds[kind]);
        let square = escape(&g.names[sq]);
        let _ = writeln!(
            s,
            r#"    <g class="piece" data-square="{square}" data-side="{side_name}" data-kind="{kind_name}" data-symbol="{}" data-figure="{}">"#,
            escape(&symbol(p, t, code)),
            painter.figure(kind).id()
        );
        let _ = writeln!(
            s,
            "      <title>{side_name} {kind_name} on {square}</title>"
        );
        let centre = f.centre(g, sq as u32);
        painter.piece(code, centre, f.disc(), pos.height(sq), s);
        s.push_str("    </g>\n");
    }
    s.push_str("  </g>\n");
}

/// The pieces in each side's hand, in the column beside the board: the side at the bottom
/// from the bottom up, the others from the top down; each kind once, with its count.
fn hands(
    e: &Engine,
    f: Frame,
    pos: &Position,
    bottom: Option<u8>,
    painter: &mut Painter,
    s: &mut String,
) {
    let p = e.p;
    let (w, h) = f.board_size();
    let bottom = bottom.unwrap_or_else(|| {
        let up = p
            .sides
            .iter()
            .position(|s| s.forward.is_some_and(|(dr, _)| dr < 0));
        up.unwrap_or(0) as u8
    });
    // Room for the most kinds a side holds (at least four), half the column each side.
    let held = |side: u8| {
        (0..p.kinds.len() as u8)
            .filter(|&k| {
                pos.hand
                    .get(p.code(side, k) as usize)
                    .is_some_and(|&n| n > 0)
            })
            .count()
    };
    let per_side = (0..p.sides.len() as u8).map(held).max().unwrap_or(0).max(4) as f64;
    let step = (CELL * 0.8).min(h / (2.0 * per_side));
    let r = (step * 0.42).min(CELL * 0.3);
    let x = MARGIN + w + MARGIN + r;
    s.push_str("  <g class=\"hands\">\n");
    for side in 0..p.sides.len() as u8 {
        let at_bottom = side == bottom;
        let _ = writeln!(
            s,
            r#"    <g class="hand" data-side="{}">"#,
            escape(&p.sides[side as usize].name)
        );
        let mut i = 0.0;
        for kind in 0..p.kinds.len() as u8 {
            let code = p.code(side, kind);
            let count = pos.hand.get(code as usize).copied().unwrap_or(0);
            if count == 0 {
                continue;
            }
            let y = match at_bottom {
                true => MARGIN + h - step / 2.0 - i * step,
                false => MARGIN + step / 2.0 + i * step,
            };
            i += 1.0;
            let kind_name = escape(&p.kinds[kind as usize]);
            let _ = writeln!(
                s,
                r#"      <g class="in-hand" data-kind="{kind_name}" data-count="{count}"><title>{count} {kind_name} in hand</title>"#
            );
            painter.piece(code, (round(x), round(y)), r, 1, s);
            let _ = writeln!(
                s,
                r##"      <text class="count" x="{}" y="{}" font-size="14" fill="#222222">×{count}</text></g>"##,
                round(x + r + 4.0),
                round(y + 5.0)
            );
        }
        s.push_str("    </g>\n");
    }
    s.push_str("  </g>\n");
}

/// An arrow per move through every square it lands on, a ring per placement.
fn arrows(e: &Engine, f: Frame, pos: &Position, moves: &[Vec<Step>], s: &mut String) {
    let g = &e.g;
    let colour_index = pos.mover as usize % MOVE_COLOURS.len();
    let colour = MOVE_COLOURS[colour_index];
    let _ = writeln!(
        s,
        r#"  <g class="moves" fill="none" stroke="{colour}" stroke-width="4" stroke-opacity="0.75">"#
    );
    for m in moves {
        let text = escape(&crate::run::step::move_text(e, m));
        let first = m[0];
        if first.is_pass() {
            continue;
        }
        if first.from == NONE {
            let (x, y) = f.centre(g, first.to);
            let _ = writeln!(
                s,
                r#"    <circle class="move place" data-move="{text}" cx="{x}" cy="{y}" r="{}"><title>{text}</title></circle>"#,
                CELL / 5.0
            );
            continue;
        }
        // One arrow per move through every square its first part lands on; each later part
        // of a move in parts is a dashed arrow from where the part before ended.
        let parts: Vec<&[Step]> = m.chunk_by(|a, b| a.part == b.part).collect();
        let mut start = first.from;
        for (i, part) in parts.iter().enumerate() {
            let squares = std::iter::once(match part[0].from {
                NONE => start,
                from => from,
            })
            .chain(part.iter().map(|st| st.to));
            let points: Vec<String> = squares
                .map(|sq| {
                    let (x, y) = f.centre(g, sq);
                    format!("{x},{y}")
                })
                .collect();
            let (class, dash) = match i {
                0 => ("move", ""),
                _ => ("part", r#" stroke-dasharray="6 4""#),
            };
            let _ = writeln!(
                s,
                r#"    <polyline class="{class}" data-move="{text}" points="{}"{dash} marker-end="url(#arrow-{colour_index})"><title>{text}</title></polyline>"#,
                points.join(" ")
            );
            start = part[part.len() - 1].to;
        }
    }
    s.push_str("  </g>\n");
}
