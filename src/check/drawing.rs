//! Checking how pictures draw the board (`drawn as SHAPE with STYLE, DETAIL, ...`): the
//! shape of the cells, the style of the pieces, and the details a board shows (narrow
//! grooves, stores, diagonals, a river), each where it can be drawn.

use super::{CheckError, Checker, Statements};
use crate::program::*;
use crate::syntax::ast::{self, CellShape, DrawnDetail, Name, Span, StatementKind};

impl Checker {
    /// `drawn ...`. A board of points is drawn as its points and lines, and a board of
    /// counts as squares or pits with the counts in them: neither takes another shape, and
    /// counts are not pieces. Drawn with figurines, every kind must name one.
    pub(super) fn drawn(&mut self, st: &Statements) {
        let Some(s) = st.get("drawn") else {
            return;
        };
        let StatementKind::Drawn {
            shape,
            style,
            details,
        } = &s.kind
        else {
            return;
        };
        let (shape, style) = (*shape, *style);
        let counts = st.get("each square holds").is_some();
        let lines = st.get("lines").is_some();
        let clash = if shape.is_some() && lines {
            Some("a board of points (`lines`) is drawn as its points and the lines joining them")
        } else if counts && shape.is_some_and(|s| s != CellShape::Squares && s != CellShape::Pits) {
            Some(
                "a board whose squares hold counts is drawn as squares or pits with the counts in them",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return self.error(
                CheckError::new(s.span, why.to_string(), "another shape here")
                    .help("leave out `as` and the shape".to_string()),
            );
        }
        if counts && style.is_some() {
            return self.error(
                CheckError::new(
                    s.span,
                    "a board whose squares hold counts has no pieces to draw with a style"
                        .to_string(),
                    "a style of pieces here",
                )
                .help("leave out `with` and the style".to_string()),
            );
        }
        if style == Some(ast::PieceStyle::Figurines)
            && let Err(missing) = self.program().figurines()
        {
            let names: Vec<String> = missing.iter().map(|k| format!("`{k}`")).collect();
            return self.error(
                CheckError::new(
                    s.span,
                    format!(
                        "no figurine is named {}: the figurines are {FIGURINE_NAMES}",
                        names.join(", ")
                    ),
                    "figurines here",
                )
                .help(
                    "name the kinds after figurines, or draw them `with discs` or `with tiles`"
                        .to_string(),
                ),
            );
        }
        let drawing = self.details(details, shape, lines);
        let program = self.program();
        program.drawn = shape;
        program.figures = style;
        program.drawing = drawing;
    }

    /// The details of a `drawn` statement, each said once and where its shape has it.
    fn details(
        &mut self,
        details: &[DrawnDetail],
        shape: Option<CellShape>,
        lines: bool,
    ) -> Drawing {
        let mut drawing = Drawing::default();
        let mut said: Vec<&'static str> = Vec::new();
        for d in details {
            // The detail's word, where it is, the shape it needs (squares when none), and
            // what is drawn, as the subject of a sentence.
            let (word, span, needs, drawn) = match d {
                DrawnDetail::Narrow { span, .. } => {
                    ("narrow", *span, None, "narrow rows and columns are")
                }
                DrawnDetail::Stores(n) => {
                    ("stores", n[0].span, Some(CellShape::Pits), "stores are")
                }
                DrawnDetail::Diagonals(n) => {
                    let shape = Some(CellShape::Intersections);
                    ("diagonals", n[0].span, shape, "diagonals are")
                }
                DrawnDetail::Strips(n) => {
                    let shape = Some(CellShape::Triangles);
                    ("strips", n[0].span, shape, "strips are")
                }
                DrawnDetail::River(span) => (
                    "a river",
                    *span,
                    Some(CellShape::Intersections),
                    "a river is",
                ),
            };
            if said.contains(&word) {
                let help = match word {
                    "narrow" => {
                        "say the rows and the columns in one: `narrow even rows and even columns`"
                    }
                    _ => "say it once",
                };
                self.error(
                    CheckError::new(
                        span,
                        format!("`{word}` is said twice in the `drawn` statement"),
                        "said again",
                    )
                    .help(help),
                );
                continue;
            }
            said.push(word);
            // Grooves go between squares; stores in a board of pits; strips among triangles;
            // diagonals and a river across the lines of intersections.
            let fits = match needs {
                None => !lines && shape.is_none_or(|s| s == CellShape::Squares),
                Some(want) => shape == Some(want),
            };
            if !fits {
                let shape_words = match needs {
                    None => "squares",
                    Some(CellShape::Pits) => "pits",
                    Some(CellShape::Triangles) => "triangles",
                    _ => "intersections",
                };
                self.error(
                    CheckError::new(
                        span,
                        format!("{drawn} drawn only on a board drawn as {shape_words}"),
                        "not on this board",
                    )
                    .help(format!("begin the statement `drawn as {shape_words}`")),
                );
                continue;
            }
            match d {
                DrawnDetail::Narrow { rows, cols, span } => {
                    self.narrow((*rows, *cols), *span, &mut drawing)
                }
                DrawnDetail::Stores(n) => drawing.stores = self.zones_cells_named(n),
                DrawnDetail::Diagonals(n) => drawing.diagonals = self.zones_cells_named(n),
                DrawnDetail::Strips(n) => drawing.strips = self.zones_cells_named(n),
                DrawnDetail::River(span) => self.river(*span, &mut drawing),
            }
        }
        drawing
    }

    /// `narrow [odd | even] rows [and [odd | even] columns]`: which rows and columns of the
    /// grid are grooves, numbered as the `squares` statement numbers them.
    fn narrow(
        &mut self,
        (rows, cols): (Option<bool>, Option<bool>),
        span: Span,
        drawing: &mut Drawing,
    ) {
        let (Dim::Fixed(height), Dim::Fixed(width)) = (self.prog().rows, self.prog().cols) else {
            return;
        };
        if rows.is_none() && cols.is_none() {
            return self.error(
                CheckError::new(
                    span,
                    "say the narrow rows, the narrow columns, or both, each once",
                    "said twice",
                )
                .help("e.g. `narrow even rows and even columns`"),
            );
        }
        let from_bottom = self.prog().notation.rows_from_bottom;
        let fits =
            |want: Option<bool>, number: u32| want.is_some_and(|odd| (number % 2 == 1) == odd);
        drawing.narrow_rows = (0..height)
            .map(|r| fits(rows, if from_bottom { height - r } else { r + 1 }))
            .collect();
        drawing.narrow_cols = (0..width).map(|c| fits(cols, c + 1)).collect();
    }

    /// `a river across the middle`: between the middle two rows of an even number of rows.
    fn river(&mut self, span: Span, drawing: &mut Drawing) {
        if let Dim::Fixed(rows) = self.prog().rows {
            if rows % 2 == 1 || rows < 2 {
                return self.error(CheckError::new(
                    span,
                    format!("a board of {rows} rows has no middle between two rows for a river"),
                    "no middle",
                ));
            }
            drawing.river = true;
        }
    }

    /// The grid cells of the zones named in a picture's detail, each once; an unknown
    /// zone is reported and adds none.
    fn zones_cells_named(&mut self, names: &[Name]) -> Vec<u32> {
        let mut cells: Vec<u32> = names
            .iter()
            .filter_map(|n| self.zone_cells_named(n))
            .flatten()
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The grid cells of a zone named in a picture's detail: a zone, or every side's part
    /// of a zone each side has.
    fn zone_cells_named(&mut self, n: &Name) -> Option<Vec<u32>> {
        let sides = self.prog().sides.len();
        if let Some(&(_, base)) = self.scope.owned_zones.iter().find(|(z, _)| *z == n.text) {
            let zones = &self.prog().zones;
            let mut cells: Vec<u32> = (0..sides)
                .filter_map(|s| zones.get(base as usize + s))
                .flat_map(|(_, c)| c.iter().copied())
                .collect();
            cells.sort_unstable();
            cells.dedup();
            return Some(cells);
        }
        if let Some((_, cells)) = self.prog().zones.iter().find(|(z, _)| *z == n.text) {
            return Some(cells.clone());
        }
        let mut known: Vec<String> = self.prog().zones.iter().map(|(z, _)| z.clone()).collect();
        known.dedup();
        self.unknown("zone", n, known);
        None
    }
}
