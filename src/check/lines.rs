//! Checking `lines`: a board whose squares are points joined by straight lines, drawn on
//! the grid of the `board` statement.

use super::{CheckError, Checker};
use crate::compile::geometry::{square_names, unit_step};
use crate::program::{Dim, Points};
use crate::syntax::ast::{Name, Span};

impl Checker {
    /// The grid cell a square's name stands for (as the `squares` statement names the cells
    /// of a `rows x cols` grid, `grid_names`), or an error at the name.
    pub(super) fn grid_cell(
        &mut self,
        n: &Name,
        grid_names: &[String],
        (rows, cols): (u32, u32),
    ) -> Option<usize> {
        let found = grid_names
            .iter()
            .position(|s| !s.is_empty() && s.eq_ignore_ascii_case(&n.text));
        if found.is_none() {
            let near = crate::suggest::closest(&n.text, grid_names.iter().map(String::as_str));
            let e = CheckError::new(
                n.span,
                format!("`{}` is not a square of the {rows} x {cols} board", n.text),
                "no such square",
            );
            self.error(match near {
                Some(s) => e.help(format!("did you mean `{s}`?")),
                None => e.help(format!(
                    "the squares are named as the `squares` statement says, from `{}` to `{}`",
                    grid_names.first().map_or("", String::as_str),
                    grid_names.last().map_or("", String::as_str)
                )),
            });
        }
        found
    }

    /// [`Checker::grid_cell`], and on a board of points on lines a point (else an error at the
    /// name, with `help`): a square of a zone or a route.
    pub(super) fn point_cell(
        &mut self,
        n: &Name,
        grid_names: &[String],
        dims: (u32, u32),
        help: &str,
    ) -> Option<usize> {
        let cell = self.grid_cell(n, grid_names, dims)?;
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
                .help(help),
            );
            return None;
        }
        Some(cell)
    }

    /// The points and lines of `lines ...` on a `rows x cols` board: every name a square of
    /// the grid, every line straight with its points in order, no two lines leaving a
    /// point the same way.
    pub(super) fn lines(&mut self, span: Span, lines: &[Vec<Name>], dims: (Dim, Dim)) {
        let (Dim::Fixed(rows), Dim::Fixed(cols)) = dims else {
            self.error(
                CheckError::new(
                    span,
                    "a board of points on lines needs a fixed size",
                    "the board size is read from the input",
                )
                .help("give the board's size as numbers: `board 7 x 7`"),
            );
            return;
        };
        if self.prog().blocks.is_some() {
            self.error(
                CheckError::new(
                    span,
                    "a board of points on lines has no blocks",
                    "blocks and lines",
                )
                .help("blocks turn squares of a full grid: drop `blocks` or `lines`"),
            );
            return;
        }
        let grid_names = square_names(&self.prog().notation, rows, cols);
        let mut cells_of_lines: Vec<Vec<usize>> = Vec::new();
        let mut ok = true;
        for line in lines {
            let mut cells = Vec::new();
            for n in line {
                match self.grid_cell(n, &grid_names, (rows, cols)) {
                    Some(c) => cells.push(c),
                    None => ok = false,
                }
            }
            cells_of_lines.push(cells);
        }
        if !ok {
            return;
        }
        if !self.straight_lines(&cells_of_lines, lines, (rows, cols)) {
            return;
        }
        self.points(&cells_of_lines, lines, (rows, cols));
    }

    /// Every line straight, its points in order and no point twice in a row; no two lines
    /// leaving a point the same way. True if so (errors reported otherwise).
    fn straight_lines(
        &mut self,
        cells_of_lines: &[Vec<usize>],
        lines: &[Vec<Name>],
        (rows, cols): (u32, u32),
    ) -> bool {
        let mut ok = true;
        let at = |c: usize| ((c / cols as usize) as i64, (c % cols as usize) as i64);
        // Each point, and the ways lines leave it (a unit step on the grid).
        let mut leaves: Vec<Vec<(i64, i64)>> = vec![Vec::new(); (rows * cols) as usize];
        for (line, names) in cells_of_lines.iter().zip(lines) {
            let mut way = None;
            for (i, pair) in line.windows(2).enumerate() {
                let ((r0, c0), (r1, c1)) = (at(pair[0]), at(pair[1]));
                let here = &names[i + 1];
                if pair[0] == pair[1] {
                    ok = false;
                    self.error(CheckError::new(
                        here.span,
                        format!("`{}` comes twice in a row on this line", here.text),
                        "the same point again",
                    ));
                    continue;
                }
                let u = unit_step(r1 - r0, c1 - c0).1;
                match way {
                    None => way = Some(u),
                    Some(w) if w == u => {}
                    Some(_) => {
                        ok = false;
                        self.error(
                            CheckError::new(
                                here.span,
                                format!(
                                    "the line turns at `{}`: a line is straight, its points in order",
                                    names[i].text
                                ),
                                "not on the line",
                            )
                            .help("start a new line (after a comma) where the board's line turns"),
                        );
                        break;
                    }
                }
                for (c, step) in [(pair[0], u), (pair[1], (-u.0, -u.1))] {
                    if leaves[c].contains(&step) {
                        ok = false;
                        let name = &names[if c == pair[0] { i } else { i + 1 }];
                        self.error(CheckError::new(
                            name.span,
                            format!(
                                "two lines leave `{}` the same way",
                                name.text
                            ),
                            "lines overlap",
                        ).help("each stretch of a line is written once: join the two lines into one"));
                    }
                    leaves[c].push(step);
                }
            }
        }
        ok
    }

    /// The board's points (every cell on a line), the lines as squares, and what a grid
    /// writes between the points; a line that passes a point without naming it is an error.
    fn points(
        &mut self,
        cells_of_lines: &[Vec<usize>],
        lines: &[Vec<Name>],
        (rows, cols): (u32, u32),
    ) {
        let mut ok = true;
        let at = |c: usize| ((c / cols as usize) as i64, (c % cols as usize) as i64);
        let grid_names = square_names(&self.prog().notation, rows, cols);
        let leaves: Vec<bool> = {
            let mut on = vec![false; (rows * cols) as usize];
            for &c in cells_of_lines.iter().flatten() {
                on[c] = true;
            }
            on
        };
        let mut square_of = vec![u32::MAX; (rows * cols) as usize];
        let mut cells = Vec::new();
        for c in 0..(rows * cols) as usize {
            if leaves[c] {
                square_of[c] = cells.len() as u32;
                cells.push(c as u32);
            }
        }
        let mut filler = vec!['+'; (rows * cols) as usize];
        for &c in &cells {
            filler[c as usize] = ' ';
        }
        for (line, names) in cells_of_lines.iter().zip(lines) {
            for (i, pair) in line.windows(2).enumerate() {
                let ((r0, c0), (r1, c1)) = (at(pair[0]), at(pair[1]));
                let (dr, dc) = unit_step(r1 - r0, c1 - c0).1;
                let mark = match (dr, dc) {
                    (0, _) => '-',
                    (_, 0) => '|',
                    _ if dr == dc => '\\',
                    _ => '/',
                };
                let (mut r, mut c) = (r0 + dr, c0 + dc);
                while (r, c) != (r1, c1) {
                    let k = (r * cols as i64 + c) as usize;
                    if square_of[k] != u32::MAX {
                        ok = false;
                        self.error(
                            CheckError::new(
                                names[i + 1].span,
                                format!(
                                    "the line from `{}` to `{}` passes the point `{}` without naming it",
                                    names[i].text, names[i + 1].text, grid_names[k]
                                ),
                                "a point skipped",
                            )
                            .help("name every point a line passes, in order"),
                        );
                    }
                    if filler[k] == '+' {
                        filler[k] = mark;
                    }
                    r += dr;
                    c += dc;
                }
            }
        }
        if !ok {
            return;
        }
        let lines = cells_of_lines
            .iter()
            .map(|l| l.iter().map(|&c| square_of[c]).collect())
            .collect();
        self.program().points = Some(Points {
            cells,
            square_of,
            lines,
            filler,
        });
    }
}
