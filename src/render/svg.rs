//! A position as an SVG picture: the board with the game's row and column names, its
//! pieces, and optionally the legal moves as arrows (a chain as one arrow through every
//! square it lands on, a placement as a ring). Every element has a class (`square`,
//! `label`, `piece`, `move`) and the data it shows (`data-square`, `data-move`), so that
//! the picture can be styled and tested.

use std::fmt::Write;

use super::board_text::{axis_label, symbol};
use super::frame::{CELL, Frame, MARGIN, Shape, round};
use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::{EMPTY, GHOST, Program};
use crate::run::Position;
use crate::run::step::{NONE, Step};
use crate::syntax::ast::Axis;

/// Fill and outline of the pieces of a side named after a colour.
const NAMED_COLOURS: [(&str, &str, &str); 12] = [
    ("black", "#1f1f1f", "#000000"),
    ("white", "#f5f5f0", "#3a3a3a"),
    ("red", "#c0392b", "#7b241c"),
    ("blue", "#2471a3", "#154360"),
    ("green", "#229954", "#145a32"),
    ("yellow", "#f4d03f", "#7d6608"),
    ("orange", "#e67e22", "#935116"),
    ("purple", "#7d3c98", "#4a235a"),
    ("brown", "#8b5a2b", "#4e342e"),
    ("gray", "#909497", "#424949"),
    ("grey", "#909497", "#424949"),
    ("pink", "#f1948a", "#943126"),
];

/// Fill and outline of each side's pieces by its place, for sides not named after a
/// colour (the list repeats for more sides).
const SIDE_COLOURS: [(&str, &str); 6] = [
    ("#1f1f1f", "#000000"),
    ("#f5f5f0", "#3a3a3a"),
    ("#c0392b", "#7b241c"),
    ("#2471a3", "#154360"),
    ("#229954", "#145a32"),
    ("#d4ac0d", "#7d6608"),
];

/// Arrow colour for each side's moves.
const MOVE_COLOURS: [&str; 6] = [
    "#e67e22", "#8e44ad", "#16a085", "#c0392b", "#2980b9", "#7f8c8d",
];

/// Text with the five XML special characters escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A side's piece colours: the colour it is named after, or else one by its place.
fn side_colours(name: &str, side: usize) -> (&'static str, &'static str) {
    NAMED_COLOURS
        .iter()
        .find(|(n, ..)| n.eq_ignore_ascii_case(name))
        .map(|&(_, fill, stroke)| (fill, stroke))
        .unwrap_or(SIDE_COLOURS[side % SIDE_COLOURS.len()])
}

/// True for a `#rrggbb` colour that dark ink reads well on.
fn is_light(colour: &str) -> bool {
    let channel =
        |i: usize| u32::from_str_radix(colour.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    channel(1) * 299 + channel(3) * 587 + channel(5) * 114 > 150_000
}

/// The picture; `moves` (each move as its steps) are drawn as arrows when given.
pub fn draw(e: &Engine, pos: &Position, title: &str, moves: Option<&[Vec<Step>]>) -> String {
    let f = Frame::new(e);
    let (w, h) = f.board_size();
    let width = round(2.0 * MARGIN + w);
    let height = round(2.0 * MARGIN + h + 24.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "  <title>{}</title>", escape(title));
    s.push_str("  <defs>\n");
    for (i, colour) in MOVE_COLOURS.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"    <marker id="arrow-{i}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{colour}"/></marker>"#
        );
    }
    s.push_str("  </defs>\n");
    let _ = writeln!(
        s,
        r##"  <rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    board(e, f, &mut s);
    pieces(e, f, pos, &mut s);
    if let Some(moves) = moves {
        arrows(e, f, pos, moves, &mut s);
    }
    let _ = writeln!(
        s,
        r##"  <text class="caption" x="{MARGIN}" y="{}" font-size="14" fill="#222222">{}</text>"##,
        height - 8.0,
        escape(title)
    );
    s.push_str("</svg>\n");
    s
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
        Shape::Squares => squares(p, g, s),
    }
    s.push_str("  </g>\n");
    // The blocks that turn (`blocks R x C`), outlined.
    if !g.blocks.is_empty() {
        s.push_str("  <g class=\"blocks\" fill=\"none\" stroke=\"#333333\" stroke-width=\"3\">\n");
        for (i, block) in g.blocks.iter().enumerate() {
            let (first, last) = (block[0], block[block.len() - 1]);
            let (r, c) = (first / g.cols, first % g.cols);
            let (h, w) = (last / g.cols - r + 1, last % g.cols - c + 1);
            let _ = writeln!(
                s,
                r#"    <rect class="block" data-block="{}" x="{}" y="{}" width="{}" height="{}"/>"#,
                i + 1,
                MARGIN + f64::from(c) * CELL,
                MARGIN + f64::from(r) * CELL,
                f64::from(w) * CELL,
                f64::from(h) * CELL
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
fn squares(p: &Program, g: &Geometry, s: &mut String) {
    for sq in 0..g.n as u32 {
        let (r, c) = (sq / g.cols, sq % g.cols);
        let light = match p.notation.numbered {
            true => !crate::program::Notation::is_dark(g.rows, r, c),
            false => (r + c) % 2 == 0,
        };
        let (shade, fill) = if light {
            ("light", "#f0d9b5")
        } else {
            ("dark", "#b58863")
        };
        let _ = writeln!(
            s,
            r#"    <rect class="square {shade}" data-square="{}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
            escape(&g.names[sq as usize]),
            MARGIN + f64::from(c) * CELL,
            MARGIN + f64::from(r) * CELL
        );
    }
}

/// A board of wood with a line through each row and each column of cells, the pieces on
/// the points where they cross; each point is the square a click chooses (a cell without
/// fill around it).
fn intersections(g: &Geometry, f: Frame, s: &mut String) {
    let (w, h) = f.board_size();
    let _ = writeln!(
        s,
        r##"    <rect class="surface" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" fill="#dcb35c"/>"##
    );
    let (left, top) = f.at(0, 0);
    let (right, bottom) = f.at(g.rows - 1, g.cols - 1);
    for r in 0..g.rows {
        let y = f.at(r, 0).1;
        let _ = writeln!(
            s,
            r##"    <line class="line" x1="{left}" y1="{y}" x2="{right}" y2="{y}" stroke="#3b2a10" stroke-width="1.5"/>"##
        );
    }
    for c in 0..g.cols {
        let x = f.at(0, c).0;
        let _ = writeln!(
            s,
            r##"    <line class="line" x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" stroke="#3b2a10" stroke-width="1.5"/>"##
        );
    }
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
        let ((first, y), (last, _)) = (f.at(r, 0), f.at(r, g.cols - 1));
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

/// A disc per piece in its side's colour, marked with its kind ([`marks`]) or, on a stack,
/// with the stack's height.
fn pieces(e: &Engine, f: Frame, pos: &Position, s: &mut String) {
    let (p, t, g) = (e.p, &*e.t, &e.g);
    if let Some(held) = &p.held {
        return counts(e, f, pos, held, s);
    }
    let marks = marks(e);
    s.push_str("  <g class=\"pieces\">\n");
    for (sq, &code) in pos.cells.iter().enumerate() {
        if code == EMPTY || code == GHOST {
            continue;
        }
        let (x, y) = f.centre(g, sq as u32);
        let side = p.side_of(code) as usize;
        let kind = p.kind_of(code) as usize;
        let (fill, stroke) = side_colours(&p.sides[side].name, side);
        let side_name = escape(&p.sides[side].name);
        let kind_name = escape(&p.kinds[kind]);
        let square = escape(&g.names[sq]);
        let _ = writeln!(
            s,
            r#"    <g class="piece" data-square="{square}" data-side="{side_name}" data-kind="{kind_name}" data-symbol="{}">"#,
            escape(&symbol(p, t, code))
        );
        let _ = writeln!(
            s,
            "      <title>{side_name} {kind_name} on {square}</title>"
        );
        let _ = writeln!(
            s,
            r#"      <circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
            f.disc()
        );
        let height = pos.height(sq);
        let mark = match height > 1 {
            // A stack: its height on its top piece.
            true => height.to_string(),
            false => marks[code as usize].clone(),
        };
        if !mark.is_empty() {
            let ink = if is_light(fill) { "#1f1f1f" } else { "#ffffff" };
            let size = if mark.chars().count() > 1 { 14 } else { 18 };
            let _ = writeln!(
                s,
                r#"      <text class="mark" x="{x}" y="{}" font-size="{size}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
                y + 6.0,
                escape(&mark)
            );
        }
        s.push_str("    </g>\n");
    }
    s.push_str("  </g>\n");
}

/// The mark each piece code's disc carries (empty for none), so that a player tells the
/// kinds apart: in a game of one kind, none; where each side's kinds have symbols distinct
/// from each other's whatever their case (`K` king, `N` knight), the symbol in capitals, on
/// every kind; else (the symbols tell sides and kinds apart by case alone: `b` man, `B`
/// king) the initial of each kind after the first, the first unmarked.
fn marks(e: &Engine) -> Vec<String> {
    let (p, t) = (e.p, &*e.t);
    let mut marks = vec![String::new(); 256];
    if p.kinds.len() < 2 {
        return marks;
    }
    let text = |code| symbol(p, t, code).to_uppercase();
    let distinct = (0..p.sides.len()).all(|side| {
        let mut seen: Vec<String> = (0..p.kinds.len())
            .map(|kind| text(p.code(side as u8, kind as u8)))
            .collect();
        seen.sort();
        seen.dedup();
        seen.len() == p.kinds.len() && seen.iter().all(|m| m.chars().any(char::is_alphanumeric))
    });
    for side in 0..p.sides.len() {
        for kind in 0..p.kinds.len() {
            let code = p.code(side as u8, kind as u8);
            marks[code as usize] = match (distinct, kind) {
                (true, _) => text(code),
                (false, 0) => String::new(),
                (false, _) => p.kinds[kind]
                    .chars()
                    .next()
                    .map(|c| c.to_uppercase().to_string())
                    .unwrap_or_default(),
            };
        }
    }
    marks
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
