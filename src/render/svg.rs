//! A position as an SVG picture: the board with the game's row and column names, its
//! pieces, and optionally the legal moves as arrows (a chain as one arrow through every
//! square it lands on, a placement as a ring). Every element has a class (`square`,
//! `label`, `piece`, `move`) and the data it shows (`data-square`, `data-move`), so that
//! the picture can be styled and tested.

use std::fmt::Write;

use super::board_text::symbol;
use super::figures::Painter;
use super::frame::{CELL, Frame, MARGIN, Shape, TALL, round};
pub use super::xml::escape;
use crate::compile::Engine;
use crate::program::{EMPTY, GHOST};
use crate::run::Position;
use crate::run::step::{NONE, Step};

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
    // Wide enough for the caption (about 7.5 pixels a letter at its size).
    let caption = scene.title.chars().count() as f64 * 7.5;
    let width = round((2.0 * MARGIN + w + hand).max(MARGIN + caption + 8.0));
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
    super::board_svg::board(e, f, &mut body);
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
            Shape::Squares => {
                let (r, c) = g.coords[sq as usize];
                let (w, h) = f.cell(r, c);
                writeln!(
                    s,
                    r#"    <rect class="last" data-square="{name}" x="{}" y="{}" width="{w}" height="{h}"/>"#,
                    round(x - w / 2.0),
                    round(y - h / 2.0)
                )
            }
            Shape::Hexagons { .. } => writeln!(
                s,
                r#"    <polygon class="last" data-square="{name}" points="{}"/>"#,
                Frame::hexagon(x, y)
            ),
            Shape::Triangles => {
                let (r, c) = g.coords[sq as usize];
                let (base, down) = f.base(r, c);
                writeln!(
                    s,
                    r#"    <rect class="last" data-square="{name}" x="{}" y="{}" width="{CELL}" height="{}"/>"#,
                    round(x - CELL / 2.0),
                    round(base.min(base + down * TALL * 0.9)),
                    round(TALL * 0.9)
                )
            }
            Shape::Points | Shape::Intersections | Shape::Pits => writeln!(
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

/// On a board of counts, the count on each square that holds some, in a disc (in a pit,
/// the count alone).
fn counts(e: &Engine, f: Frame, pos: &Position, held: &str, s: &mut String) {
    let g = &e.g;
    s.push_str("  <g class=\"counts\">\n");
    for (sq, &count) in pos.cells.iter().enumerate().filter(|(_, c)| **c > 0) {
        let (x, y) = f.centre(g, sq as u32);
        let square = escape(&g.names[sq]);
        if f.shape == Shape::Pits {
            let _ = writeln!(
                s,
                r##"    <g class="count" data-square="{square}" data-count="{count}"><title>{count} {} on {square}</title><text x="{x}" y="{}" font-size="20" font-weight="bold" text-anchor="middle" fill="#fdf2dc" pointer-events="none">{count}</text></g>"##,
                escape(held),
                y + 7.0
            );
            continue;
        }
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
        let (r, c) = g.coords[sq];
        match f.cell(r, c) {
            _ if f.shape == Shape::Triangles => stack(f, (r, c), code, pos.height(sq), painter, s),
            (w, h) if w < CELL || h < CELL => bar(p, code, centre, (w, h), s),
            _ => painter.piece(code, centre, f.disc(), pos.height(sq), s),
        }
        s.push_str("    </g>\n");
    }
    s.push_str("  </g>\n");
}

/// The most pieces of a stack drawn one by one along a triangle; the last of them carries
/// the stack's height when it is more.
const STACK_SHOWN: u32 = 5;

/// A stack on a triangle: its pieces in a line from the triangle's base.
fn stack(
    f: Frame,
    (r, c): (u32, u32),
    code: crate::program::Code,
    height: u32,
    painter: &mut Painter,
    s: &mut String,
) {
    let (x, _) = f.at(r, c);
    let (base, down) = f.base(r, c);
    let radius = f.disc();
    let shown = height.clamp(1, STACK_SHOWN);
    for k in 0..shown {
        let y = base + down * (radius + 2.0 + f64::from(k) * 2.0 * radius);
        let mark = if k + 1 == shown && height > STACK_SHOWN {
            height
        } else {
            1
        };
        painter.piece(code, (x, round(y)), radius, mark, s);
    }
}

/// A piece in a narrow groove (a wall, a line drawn) fills it, in its side's colour, so
/// that pieces in grooves next to each other join.
fn bar(
    p: &crate::program::Program,
    code: crate::program::Code,
    (x, y): (f64, f64),
    (w, h): (f64, f64),
    s: &mut String,
) {
    let side = p.side_of(code) as usize;
    let (fill, _) = super::figures::side_colours(&p.sides[side].name, side);
    let _ = writeln!(
        s,
        r#"      <rect class="bar" x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
        round(x - w / 2.0),
        round(y - h / 2.0),
        round(w),
        round(h)
    );
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
