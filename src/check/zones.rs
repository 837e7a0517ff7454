//! Checking `zone NAME = SQUARE SQUARE ...`: named parts of the board (a palace, a river,
//! the boxes of a board of dots), and the `on NAME` that asks about them.

use super::{CheckError, Checker};
use crate::compile::geometry::square_names;
use crate::program::{Area, Dim, MAX_ZONES, Owner};
use crate::syntax::ast::{self, Name, Span, StatementKind, ZoneItem};

/// A zone each side has, as the statements give it: its name, each side's squares (and
/// where they are written), where it is first named.
type Family = (String, Vec<Option<(Vec<u32>, Span)>>, Span);

impl Checker {
    /// The zones of the file, in the order written: each name new, each square a square of
    /// the board (a point, on a board of points on lines), none twice in one zone.
    /// A zone each side has (`zone pits of south = ...`) is one zone per side, kept after
    /// the others, a family's in side order ([`Area::Owned`]).
    pub(super) fn zones(&mut self, statements: &[&ast::Statement]) {
        let mut owned: Vec<Family> = Vec::new();
        let nsides = self.prog().sides.len();
        for st in statements {
            let StatementKind::Zone { name, owner, items } = &st.kind else {
                continue;
            };
            let Some(owner) = owner else {
                if owned.iter().any(|(z, ..)| *z == name.text) {
                    self.zone_twice(name);
                } else if let Some(cells) = self.zone_cells(st, name, items) {
                    self.program().zones.push((name.text.clone(), cells));
                }
                continue;
            };
            let Some(side) = self.scope.side(&owner.text) else {
                self.unknown("side", owner, self.side_names());
                continue;
            };
            if self.prog().zones.iter().any(|(z, _)| *z == name.text) {
                self.zone_twice(name);
                continue;
            }
            let at = match owned.iter().position(|(z, ..)| *z == name.text) {
                Some(i) => i,
                None => {
                    owned.push((name.text.clone(), vec![None; nsides], name.span));
                    owned.len() - 1
                }
            };
            if owned[at].1[side as usize].is_some() {
                self.error(CheckError::new(
                    name.span,
                    format!("zone `{}` of `{}` is named twice", name.text, owner.text),
                    "named before",
                ));
                continue;
            }
            // Checked on its own, under a name no other zone has.
            let before = self.prog().zones.len();
            if let Some(cells) = self.zone_cells(st, name, items) {
                owned[at].1[side as usize] = Some((cells, name.span));
            }
            self.program().zones.truncate(before);
        }
        for (name, parts, span) in owned {
            let missing: Vec<String> = (0..nsides)
                .filter(|&s| parts[s].is_none())
                .map(|s| self.prog().sides[s].name.clone())
                .collect();
            if !missing.is_empty() {
                self.error(
                    CheckError::new(
                        span,
                        format!("zone `{name}` has no part for side `{}`", missing[0]),
                        "each side needs its own",
                    )
                    .help(format!("add `zone {name} of {} = ...`", missing[0])),
                );
                continue;
            }
            if self.prog().zones.len() + nsides > MAX_ZONES {
                self.error(CheckError::new(
                    span,
                    format!("a rules file names at most {MAX_ZONES} zones (one per side here)"),
                    "too many",
                ));
                continue;
            }
            self.scope
                .owned_zones
                .push((name.clone(), self.prog().zones.len() as u8));
            for (cells, _) in parts.into_iter().flatten() {
                self.program().zones.push((name.clone(), cells));
            }
        }
    }

    fn zone_twice(&mut self, name: &Name) {
        self.error(
            CheckError::new(
                name.span,
                format!("zone `{}` is named twice", name.text),
                "named before",
            )
            .help("give each zone its own name, or list all its squares in one statement (one for each side: `zone NAME of SIDE = ...`)"),
        );
    }

    /// The zone a side has that `own NAME`, `enemy NAME` or `NAME of SIDE` names.
    pub(super) fn owned_area(
        &mut self,
        n: &Name,
        owner: &ast::Owner,
        cx: &super::expr::Cx,
    ) -> Option<Area> {
        let Some(&(_, base)) = self.scope.owned_zones.iter().find(|(z, _)| *z == n.text) else {
            if self.prog().zones.iter().any(|(z, _)| *z == n.text) {
                self.error(
                    CheckError::new(
                        n.span,
                        format!("zone `{}` is one part of the board, no side's", n.text),
                        "not a zone of each side",
                    )
                    .help(format!("write `on {}`", n.text)),
                );
            } else {
                let known = self
                    .scope
                    .owned_zones
                    .iter()
                    .map(|(z, _)| z.clone())
                    .collect();
                self.unknown("zone of each side", n, known);
            }
            return None;
        };
        let whose = match owner {
            ast::Owner::Own => Owner::Viewer,
            ast::Owner::Side(s) => Owner::Side(self.side_ref(s, cx)?),
            ast::Owner::Enemy if self.prog().sides.len() == 2 => Owner::Other,
            ast::Owner::Enemy => {
                self.error(
                    CheckError::new(
                        n.span,
                        format!("`enemy {}` needs a game of two sides", n.text),
                        "whose?",
                    )
                    .help(format!("name the side: `{} of SIDE`", n.text)),
                );
                return None;
            }
        };
        Some(Area::Owned { base, whose })
    }

    fn zone_cells(
        &mut self,
        st: &ast::Statement,
        name: &Name,
        items: &[ZoneItem],
    ) -> Option<Vec<u32>> {
        if self.prog().zones.iter().any(|(z, _)| *z == name.text) {
            self.zone_twice(name);
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
            let help = "a zone of a board of points on lines is made of its points";
            let Some(cell) = self.point_cell(n, &names, (rows, cols), help) else {
                continue;
            };
            if cells.contains(&(cell as u32)) {
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

    /// `captured pieces go to their owner's ZONE`: the zone has one square for each side.
    pub(super) fn capture_zone(&mut self, zone: Option<&Name>, owners: bool) {
        let Some(n) = zone else {
            return;
        };
        if !owners {
            self.error(
                CheckError::new(
                    n.span,
                    "a piece taken goes to a square of its own side",
                    "whose?",
                )
                .help(format!("`captured pieces go to their owner's {}`", n.text)),
            );
            return;
        }
        let Some(&(_, base)) = self.scope.owned_zones.iter().find(|(z, _)| *z == n.text) else {
            self.error(
                CheckError::new(
                    n.span,
                    format!("no zone `{}` has a part for each side", n.text),
                    "not a side's zone",
                )
                .help(format!(
                    "give each side its square: `zone {} of SIDE = SQUARE`",
                    n.text
                )),
            );
            return;
        };
        let sides = self.prog().sides.len();
        let mut cells = Vec::with_capacity(sides);
        for s in 0..sides {
            let (name, squares) = &self.prog().zones[base as usize + s];
            match squares[..] {
                [cell] => cells.push(cell),
                _ => {
                    let msg = format!(
                        "zone `{name}` has {} squares; pieces taken go to one square",
                        squares.len()
                    );
                    self.error(
                        CheckError::new(n.span, msg, "not one square")
                            .help("give each side one square of the zone"),
                    );
                    return;
                }
            }
        }
        self.program().capture_to = Some(cells);
    }

    /// The zone `on NAME` names.
    pub(super) fn zone_area(&mut self, n: &Name) -> Option<Area> {
        if self.scope.owned_zones.iter().any(|(z, _)| *z == n.text) {
            self.error(
                CheckError::new(
                    n.span,
                    format!("zone `{}` has a part for each side", n.text),
                    "whose?",
                )
                .help(format!(
                    "say whose: `own {0}`, `enemy {0}` or `{0} of SIDE`",
                    n.text
                )),
            );
            return None;
        }
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
