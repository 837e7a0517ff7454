//! How a picture draws each piece: its figure. The rules choose the set with `drawn with
//! figurines | tiles | discs | stones`; without it the set is read from the rules:
//! - a game of one kind is played with stones, shaded in each side's colour;
//! - a game whose every kind is named after a figurine is drawn with figurines. The
//!   figurines are the king, queen, rook, bishop, knight and pawn, the `arrow` (a burnt
//!   square's marker), and the `man`, a disc with rings,
//!   beside which a `king` is the crowned man; `promoted-NAME` is drawn as NAME's figure
//!   with a star;
//! - a game whose captured pieces change sides (`captured pieces go to the captor's hand`)
//!   is drawn with tiles of one colour, pointed toward the side they face, marked with
//!   their symbol;
//! - any other game with discs in each side's colour, marked to tell its kinds apart.
//!
//! Every figure is drawn here as SVG (no external assets): a figurine is a `<symbol>` of
//! its side's colours defined once and placed with `<use>`, so that a picture holds one
//! drawing for each kind of each side.

use std::fmt::Write;

use super::board_text::{self, symbol as piece_symbol};
use super::frame::{CELL, round};
use super::xml::escape;
use crate::compile::Engine;
use crate::program::{Code, Figurine, Program};
use crate::syntax::ast::PieceStyle;

/// A piece's figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// A shaded stone.
    Stone,
    /// A disc in its side's colour, marked with its kind.
    Disc,
    /// A tile pointed toward the side it faces, marked with its symbol.
    Tile,
    /// A figurine, drawn from a symbol; promoted or not.
    Figurine(Figurine, bool),
}

impl Figure {
    /// Its name in a picture (`data-figure`).
    pub fn id(self) -> String {
        match self {
            Figure::Stone => "stone".to_string(),
            Figure::Disc => "disc".to_string(),
            Figure::Tile => "tile".to_string(),
            Figure::Figurine(f, true) => format!("promoted-{}", f.id()),
            Figure::Figurine(f, false) => f.id().to_string(),
        }
    }
}

/// A figurine's drawing in a 100 x 100 box: `fill` and `stroke` for the body, `ink` for the
/// details drawn over it.
fn body(f: Figurine, fill: &str, stroke: &str, ink: &str) -> String {
    let paint =
        format!(r#"fill="{fill}" stroke="{stroke}" stroke-width="3.5" stroke-linejoin="round""#);
    let base = format!(r#"<path d="M24 82 H76 V92 H24 Z" {paint}/>"#);
    match f {
        Figurine::Pawn => format!(
            r#"<circle cx="50" cy="28" r="13" {paint}/><path d="M38 44 H62 L58 52 C62 62 66 72 70 82 H30 C34 72 38 62 42 52 Z" {paint}/>{base}"#
        ),
        Figurine::Rook => format!(
            r#"<path d="M26 14 H37 V23 H45 V14 H55 V23 H63 V14 H74 V34 L66 40 V70 L72 76 V82 H28 V76 L34 70 V40 L26 34 Z" {paint}/><path d="M34 40 H66 M34 70 H66" fill="none" stroke="{ink}" stroke-width="3"/>{base}"#
        ),
        Figurine::Bishop => format!(
            r#"<circle cx="50" cy="13" r="6" {paint}/><path d="M50 21 C68 34 70 52 60 64 H40 C30 52 32 34 50 21 Z" {paint}/><path d="M38 64 H62 L70 82 H30 Z" {paint}/><path d="M56 34 L45 47" stroke="{ink}" stroke-width="4" stroke-linecap="round"/>{base}"#
        ),
        Figurine::Knight => format!(
            r#"<path d="M70 82 H30 C30 68 38 60 48 52 C40 55 32 59 27 56 C20 51 24 44 31 40 C38 33 41 26 47 21 L45 9 L55 18 C72 22 79 42 75 58 C73 68 70 74 70 82 Z" {paint}/><circle cx="44" cy="31" r="3" fill="{ink}"/><path d="M56 24 C66 32 70 46 67 60" fill="none" stroke="{ink}" stroke-width="2.5"/>{base}"#
        ),
        Figurine::Queen => format!(
            r#"<path d="M20 30 L33 54 L36 22 L45 52 L50 17 L55 52 L64 22 L67 54 L80 30 L69 72 H31 Z" {paint}/><circle cx="20" cy="28" r="5" {paint}/><circle cx="36" cy="20" r="5" {paint}/><circle cx="50" cy="14" r="5" {paint}/><circle cx="64" cy="20" r="5" {paint}/><circle cx="80" cy="28" r="5" {paint}/><path d="M31 72 H69 L72 82 H28 Z" {paint}/><path d="M33 62 H67" stroke="{ink}" stroke-width="3"/>{base}"#
        ),
        Figurine::King => format!(
            r#"<path d="M46 6 H54 V13 H61 V21 H54 V30 H46 V21 H39 V13 H46 Z" {paint}/><path d="M32 70 C18 54 24 34 40 40 C42 30 58 30 60 40 C76 34 82 54 68 70 Z" {paint}/><path d="M32 70 H68 L72 82 H28 Z" {paint}/><path d="M50 40 V64 M34 60 H66" stroke="{ink}" stroke-width="3" fill="none"/>{base}"#
        ),
        Figurine::Arrow => format!(
            r#"<rect x="14" y="14" width="72" height="72" rx="10" {paint}/><path d="M30 30 L70 70 M70 30 L30 70" stroke="{ink}" stroke-width="7" stroke-linecap="round"/>"#
        ),
        Figurine::Man => format!(
            r#"<circle cx="50" cy="50" r="38" {paint}/><circle cx="50" cy="50" r="27" fill="none" stroke="{ink}" stroke-width="3"/><circle cx="50" cy="50" r="16" fill="none" stroke="{ink}" stroke-width="2"/>"#
        ),
        Figurine::CrownedMan => format!(
            r#"<circle cx="50" cy="50" r="38" {paint}/><circle cx="50" cy="50" r="30" fill="none" stroke="{ink}" stroke-width="2.5"/><path d="M30 64 L26 36 L39 48 L50 30 L61 48 L74 36 L70 64 Z" fill="{ink}"/>"#
        ),
    }
}

/// The style the picture draws the pieces in: what the rules say, or what they imply.
pub fn style(p: &Program) -> PieceStyle {
    if let Some(style) = p.figures {
        return style;
    }
    if p.kinds.len() < 2 {
        PieceStyle::Stones
    } else if p.figurines().is_ok() {
        PieceStyle::Figurines
    } else if p.to_hand.is_some() {
        PieceStyle::Tiles
    } else {
        PieceStyle::Discs
    }
}

/// Each kind's figure in `style`.
pub fn of_kinds(p: &Program, style: PieceStyle) -> Vec<Figure> {
    let uniform = |f| vec![f; p.kinds.len()];
    match style {
        PieceStyle::Stones => uniform(Figure::Stone),
        PieceStyle::Discs => uniform(Figure::Disc),
        PieceStyle::Tiles => uniform(Figure::Tile),
        PieceStyle::Figurines => match p.figurines() {
            Ok(f) => f
                .into_iter()
                .map(|(f, promoted)| Figure::Figurine(f, promoted))
                .collect(),
            Err(_) => uniform(Figure::Disc),
        },
    }
}

/// A side's colours for a figurine: `fill` and `stroke` of the body, `ink` of the details.
pub struct Paint<'a> {
    pub fill: &'a str,
    pub stroke: &'a str,
    pub ink: &'a str,
}

/// The `<symbol>` of a figurine in a side's colours, `id` its name in the picture; a
/// promoted one carries a star.
pub fn symbol(f: Figurine, promoted: bool, id: &str, paint: &Paint) -> String {
    let star = match promoted {
        true => format!(
            r##"<path d="M84 4 L88 14 L98 14 L90 20 L93 30 L84 24 L75 30 L78 20 L70 14 L80 14 Z" fill="#d4ac0d" stroke="{}" stroke-width="1.5"/>"##,
            paint.stroke
        ),
        false => String::new(),
    };
    format!(
        r#"    <symbol id="{id}" viewBox="0 0 100 100">{}{star}</symbol>"#,
        body(f, paint.fill, paint.stroke, paint.ink)
    )
}

/// A stone's shading for a side: a radial gradient from a highlight to its colour.
pub fn stone_gradient(id: &str, fill: &str, light: bool) -> String {
    let highlight = if light { "#ffffff" } else { "#6b6b6b" };
    let edge = if light { "#c9c9c2" } else { fill };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"    <radialGradient id="{id}" cx="0.36" cy="0.32" r="0.7"><stop offset="0" stop-color="{highlight}"/><stop offset="0.45" stop-color="{fill}"/><stop offset="1" stop-color="{edge}"/></radialGradient>"#
    );
    s
}

/// A tile's outline around (0, 0), point up, `w` wide: five sides, pointing the way its piece faces.
pub fn tile_path(w: f64) -> String {
    let h = w * 1.1;
    let r = round;
    format!(
        "M0 {} L{} {} L{} {} L{} {} L{} {} Z",
        r(-h / 2.0),
        r(w * 0.36),
        r(-h * 0.3),
        r(w / 2.0),
        r(h / 2.0),
        r(-w / 2.0),
        r(h / 2.0),
        r(-w * 0.36),
        r(-h * 0.3)
    )
}

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

/// A side's piece colours: the colour it is named after, or else one by its place.
pub fn side_colours(name: &str, side: usize) -> (&'static str, &'static str) {
    NAMED_COLOURS
        .iter()
        .find(|(n, ..)| n.eq_ignore_ascii_case(name))
        .map(|&(_, fill, stroke)| (fill, stroke))
        .unwrap_or(SIDE_COLOURS[side % SIDE_COLOURS.len()])
}

/// True for a `#rrggbb` colour that dark ink reads well on.
pub fn is_light(colour: &str) -> bool {
    let channel =
        |i: usize| u32::from_str_radix(colour.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    channel(1) * 299 + channel(3) * 587 + channel(5) * 114 > 150_000
}

/// Draws pieces as their figures, keeping the definitions (symbols, gradients) they use.
pub struct Painter<'e> {
    e: &'e Engine<'e>,
    figures: Vec<Figure>,
    marks: Vec<String>,
    /// For each kind, whether some promotion makes it.
    promoted: Vec<bool>,
    /// How far the picture is turned, in degrees (a tile keeps pointing the way it faces).
    turn: f64,
    defined: Vec<bool>,
    /// The `<defs>` the pieces drawn so far use.
    pub defs: String,
}

impl<'e> Painter<'e> {
    pub fn new(e: &'e Engine<'e>, turn: f64) -> Painter<'e> {
        let p = e.p;
        Painter {
            e,
            figures: of_kinds(p, style(p)),
            marks: marks(e),
            promoted: (0..p.kinds.len())
                .map(|k| p.promotions.iter().any(|pr| pr.to.contains(&(k as u8))))
                .collect(),
            turn,
            defined: vec![false; 512],
            defs: String::new(),
        }
    }

    /// The figure of a kind.
    pub fn figure(&self, kind: usize) -> Figure {
        self.figures[kind]
    }

    /// A piece `code` centred at `(x, y)`, `r` the radius of a disc; `height` the pieces
    /// of its stack (a stack carries its height).
    pub fn piece(&mut self, code: Code, (x, y): (f64, f64), r: f64, height: u32, s: &mut String) {
        let (p, t) = (self.e.p, &*self.e.t);
        let side = p.side_of(code) as usize;
        let kind = p.kind_of(code) as usize;
        let (fill, stroke) = side_colours(&p.sides[side].name, side);
        let mut mark = match height > 1 {
            true => height.to_string(),
            false => self.marks[code as usize].clone(),
        };
        let mut ink = if is_light(fill) { "#1f1f1f" } else { "#ffffff" };
        let scale = r / (CELL * 3.0 / 8.0);
        match self.figures[kind] {
            Figure::Figurine(fig, promoted) => {
                let prefix = if promoted { "promoted-" } else { "" };
                let id = format!("figure-{prefix}{}-{side}", fig.id());
                if !std::mem::replace(&mut self.defined[code as usize], true) {
                    let detail = if is_light(fill) { stroke } else { "#d8d8d8" };
                    let paint = Paint {
                        fill,
                        stroke,
                        ink: detail,
                    };
                    let _ = writeln!(self.defs, "{}", symbol(fig, promoted, &id, &paint));
                }
                let size = round(CELL * 0.86 * scale);
                let _ = writeln!(
                    s,
                    r##"      <use class="figure" href="#{id}" x="{}" y="{}" width="{size}" height="{size}"/>"##,
                    round(x - size / 2.0),
                    round(y - size / 2.0)
                );
                if height == 1 {
                    mark.clear();
                }
            }
            Figure::Tile => {
                // One colour for both sides: the tile points toward the side it faces.
                let angle = p.sides[side].forward.map_or(0.0, |(dr, dc)| {
                    f64::from(dc).atan2(-f64::from(dr)).to_degrees()
                });
                let angle = round(angle + self.turn);
                ink = if self.promoted[kind] {
                    "#b03a2e"
                } else {
                    "#1f1f1f"
                };
                if height == 1 {
                    mark = board_text::symbol(p, t, code).to_uppercase();
                }
                let size = round(if mark.chars().count() > 1 { 14.0 } else { 18.0 } * scale);
                let _ = writeln!(
                    s,
                    r##"      <g class="tile" transform="translate({x} {y}) rotate({angle})"><path d="{}" fill="#efd29a" stroke="#7a5a2b" stroke-width="2" stroke-linejoin="round"/><text class="mark" x="0" y="{}" font-size="{size}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text></g>"##,
                    tile_path(CELL * 0.74 * scale),
                    round(8.0 * scale),
                    escape(&mark)
                );
                mark.clear();
            }
            Figure::Stone => {
                let id = format!("stone-{side}");
                if !std::mem::replace(&mut self.defined[256 + side], true) {
                    let _ = writeln!(self.defs, "{}", stone_gradient(&id, fill, is_light(fill)));
                }
                let _ = writeln!(
                    s,
                    r#"      <circle cx="{x}" cy="{y}" r="{r}" fill="url(#{id})" stroke="{stroke}" stroke-width="1.5"/>"#
                );
            }
            Figure::Disc => {
                let _ = writeln!(
                    s,
                    r#"      <circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#
                );
            }
        }
        if !mark.is_empty() {
            let size = round(if mark.chars().count() > 1 { 14.0 } else { 18.0 } * scale);
            let _ = writeln!(
                s,
                r#"      <text class="mark" x="{x}" y="{}" font-size="{size}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
                round(y + 6.0 * scale),
                escape(&mark)
            );
        }
    }
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
    let text = |code| piece_symbol(p, t, code).to_uppercase();
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
