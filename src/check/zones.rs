//! Checking `zone NAME = SQUARE SQUARE ...`: named parts of the board (a palace, a river,
//! the boxes of a board of dots), and the `on NAME` that asks about them.

use super::{CheckError, Checker};
use crate::compile::geometry::square_names;
use crate::program::{Area, Dim, MAX_ZONES};
use crate::syntax::ast::{self, Name, Span, StatementKind, ZoneItem};

impl Checker {
    /// The zones of the file, in the order written: each name new, each square a square of
    /// the board (a point, on a board of points on lines), none twice in one zone.
    pub(super) fn zones(&mut self, statements: &[&ast::Statement]) {
        for st in statements {
            let StatementKind::Zone { name, items } = &st.kind else {
                continue;
            };
            if let Some(cells) = self.zone_cells(st, name, items) {
                self.program().zones.push((name.text.clone(), cells));
            }
        }
    }

    fn zone_cells(
        &mut self,
        st: &ast::Statement,
        name: &Name,
        items: &[ZoneItem],
    ) -> Option<Vec<u32>> {
        if self.prog().zones.iter().any(|(z, _)| *z == name.text) {
            self.error(
                CheckError::new(
                    name.span,
                    format!("zone `{}` is named twice", name.text),
                    "named before",
                )
                .help("give each zone its own name, or list all its squares in one statement"),
            );
            return None;
        }
        if self.prog().zones.len() == MAX_ZONES {
            self.error(CheckError::new(
                st.keyword,
                format!("a rules file names at most {MAX_ZONES} zones"),
                "one too many",
            ));
            return None;
        }
        let (Dim::Fixed(rows), Dim::Fixed(cols)) = (self.prog().rows, self.prog().cols) else {
            self.error(
                CheckError::new(
                    st.keyword,
                    "a zone needs a board of fixed size",
                    "the board size is read from the input",
                )
                .help("give the board's size as numbers: `board 9 x 9`"),
            );
            return None;
        };
        let names = square_names(&self.prog().notation, rows, cols);
        let mut cells: Vec<u32> = Vec::new();
        for item in items {
            let n = match item {
                ZoneItem::Square(n) => n,
                ZoneItem::Pattern {
                    rows: r,
                    cols: c,
                    span,
                } => {
                    self.zone_pattern((*r, *c), *span, (rows, cols), &mut cells);
                    continue;
                }
            };
            let Some(cell) = self.grid_cell(n, &names, (rows, cols)) else {
                continue;
            };
            let off_points = self
                .prog()
                .points
                .as_ref()
                .is_some_and(|p| p.square_of[cell] == u32::MAX);
            if off_points {
                self.error(
                    CheckError::new(
                        n.span,
                        format!("`{}` is not a point of the board's lines", n.text),
                        "no point here",
                    )
                    .help("a zone of a board of points on lines is made of its points"),
                );
            } else if cells.contains(&(cell as u32)) {
                self.error(CheckError::new(
                    n.span,
                    format!("`{}` is named twice in zone `{}`", n.text, name.text),
                    "named before",
                ));
            } else {
                cells.push(cell as u32);
            }
        }
        Some(cells)
    }

    /// Adds the squares of `[odd | even] rows x [odd | even] columns` to a zone: rows
    /// counted from 1 as the `squares` statement counts them (from the top, or from the
    /// bottom), columns from the left; on a board of points, only the points.
    fn zone_pattern(
        &mut self,
        (odd_rows, odd_cols): (Option<bool>, Option<bool>),
        span: Span,
        (rows, cols): (u32, u32),
        cells: &mut Vec<u32>,
    ) {
        let from_bottom = self.prog().notation.rows_from_bottom;
        let fits =
            |want: Option<bool>, number: u32| want.is_none_or(|odd| (number % 2 == 1) == odd);
        let before = cells.len();
        for r in 0..rows {
            let number = if from_bottom { rows - r } else { r + 1 };
            if !fits(odd_rows, number) {
                continue;
            }
            for c in 0..cols {
                let cell = (r * cols + c) as usize;
                let on_points = self
                    .prog()
                    .points
                    .as_ref()
                    .is_none_or(|p| p.square_of[cell] != u32::MAX);
                if fits(odd_cols, c + 1) && on_points && !cells.contains(&(cell as u32)) {
                    cells.push(cell as u32);
                }
            }
        }
        if cells.len() == before {
            self.error(
                CheckError::new(
                    span,
                    "this pattern adds no square to the zone",
                    "no new square",
                )
                .help("every square it names is off the board or already in the zone"),
            );
        }
    }

    /// The zone `on NAME` names.
    pub(super) fn zone_area(&mut self, n: &Name) -> Option<Area> {
        let zones = &self.prog().zones;
        match zones.iter().position(|(z, _)| *z == n.text) {
            Some(i) => Some(Area::Zone(i as u8)),
            None => {
                let known = zones.iter().map(|(z, _)| z.clone()).collect();
                self.unknown("zone", n, known);
                None
            }
        }
    }
}
