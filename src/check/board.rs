//! Checking the board: its size (fixed, or read from the input) and how squares are written.

use super::{CheckError, Checker, MAX_DIM, Statements};
use crate::program::*;
use crate::syntax::ast::{self, Span, StatementKind};

impl Checker {
    /// How squares are written, the input's numbers (a board may be sized by them), and the
    /// board's size.
    pub(super) fn board(&mut self, st: &Statements) {
        if let Some(s) = st.get("squares")
            && let StatementKind::Squares {
                parts,
                joined,
                numbered,
            } = &s.kind
        {
            if *numbered {
                self.program().notation = Notation {
                    parts: Vec::new(),
                    joined: Vec::new(),
                    rows_from_bottom: false,
                    cols_from_right: false,
                    lowercase: false,
                    numbered: true,
                };
            } else {
                self.notation(s.span, parts, joined);
            }
        }
        if let Some(input) = st.get("input") {
            if let StatementKind::Input(decl) = &input.kind {
                self.declare_vars(decl);
            }
            self.program().input_span = input.keyword;
        }
        let Some(StatementKind::Board { rows, cols }) = st.kind("board") else {
            return;
        };
        let r = self.dim(rows);
        let c = self.dim(cols);
        self.program().rows = r;
        self.program().cols = c;
        if let Some(b) = st.get("blocks")
            && let StatementKind::Blocks { rows, cols } = b.kind
        {
            self.blocks(b.span, (r, c), (rows, cols));
        }
        if let Some(l) = st.get("lines")
            && let StatementKind::Lines(lines) = &l.kind
        {
            self.lines(l.span, lines, (r, c));
        }
        for (axis, style) in self.prog().notation.parts.clone() {
            let (dim, what) = if axis == ast::Axis::Row {
                (r, "rows")
            } else {
                (c, "columns")
            };
            if let (Dim::Fixed(n), ast::Style::Letter) = (dim, style)
                && n > 26
            {
                let span = st
                    .get("squares")
                    .or(st.get("board"))
                    .map(|s| s.span)
                    .unwrap_or_default();
                self.error(
                    CheckError::new(
                        span,
                        format!("{what} are named by letters, which cover at most 26, but the board has {n}"),
                        "letters run out",
                    )
                    .help(format!("name the {what} by number instead")),
                );
            }
        }
    }

    /// `blocks R x C`: blocks of at least one square that tile the board (a board sized
    /// by the input is checked when its size is known).
    fn blocks(&mut self, span: Span, (r, c): (Dim, Dim), (rows, cols): (u64, u64)) {
        let fits = |d: Dim, b: u64| match d {
            Dim::Fixed(n) => b >= 1 && b <= n as u64 && (n as u64).is_multiple_of(b),
            Dim::Var(_) => (1..=MAX_DIM as u64).contains(&b),
        };
        if !fits(r, rows) || !fits(c, cols) {
            let size = |d: Dim| match d {
                Dim::Fixed(n) => n.to_string(),
                Dim::Var(_) => "N".to_string(),
            };
            self.error(
                CheckError::new(
                    span,
                    format!(
                        "blocks of {rows} x {cols} do not divide the {} x {} board",
                        size(r),
                        size(c)
                    ),
                    "not a whole number of blocks",
                )
                .help("each block side must divide the board side: `blocks 3 x 3` on a 6 x 6 board makes four blocks"),
            );
        }
        // Kept when wrong, so that a rotation is not also told the blocks are missing.
        self.program().blocks = Some((rows as u32, cols as u32));
    }

    pub(super) fn notation(&mut self, span: Span, parts: &[ast::SquarePart], joined: &[bool]) {
        let rows = parts.iter().filter(|p| p.axis == ast::Axis::Row).count();
        let cols = parts.len() - rows;
        if rows != 1 || cols != 1 {
            self.error(
                CheckError::new(
                    span,
                    "a square name has one row part and one column part",
                    "not one of each",
                )
                .help("e.g. `squares column letter + row number` for C4"),
            );
            return;
        }
        if joined[0] && parts[0].style == ast::Style::Number && parts[1].style == ast::Style::Number
        {
            self.error(
                CheckError::new(
                    span,
                    "two numbers glued together cannot be told apart",
                    "ambiguous",
                )
                .help("separate them with a comma: `squares row number, column number`"),
            );
            return;
        }
        // Rows may be counted from the bottom, columns from the right: not the other way.
        let backwards = |p: &&ast::SquarePart| match p.axis {
            ast::Axis::Column => p.from_bottom,
            ast::Axis::Row => p.from_right,
        };
        let wrong: Vec<_> = parts.iter().filter(backwards).copied().collect();
        for p in wrong {
            let (what, help) = match p.axis {
                ast::Axis::Column => (
                    "columns are counted from the left or from the right, not from the bottom",
                    "e.g. `squares column number from the right + row lowercase letter` for 1a top right",
                ),
                ast::Axis::Row => (
                    "rows are counted from the top or from the bottom, not from the right",
                    "e.g. `squares column letter + row number from the bottom` for A1 bottom left",
                ),
            };
            self.error(CheckError::new(p.from_span.unwrap_or(p.span), what, "here").help(help));
        }
        self.program().notation = Notation {
            parts: parts.iter().map(|p| (p.axis, p.style)).collect(),
            joined: joined.to_vec(),
            rows_from_bottom: parts
                .iter()
                .any(|p| p.from_bottom && p.axis == ast::Axis::Row),
            cols_from_right: parts
                .iter()
                .any(|p| p.from_right && p.axis == ast::Axis::Column),
            lowercase: parts.iter().any(|p| p.lowercase),
            numbered: false,
        };
    }

    pub(super) fn dim(&mut self, d: &ast::Dim) -> Dim {
        match d {
            ast::Dim::Fixed(v, span) => {
                if *v == 0 || *v > MAX_DIM as u64 {
                    self.error(CheckError::new(
                        *span,
                        format!("a board side must be from 1 to {MAX_DIM} squares"),
                        "out of range",
                    ));
                    Dim::Fixed(1)
                } else {
                    Dim::Fixed(*v as u32)
                }
            }
            ast::Dim::Var(n) => match self.scope.var(&n.text) {
                Some(v) => Dim::Var(v),
                None => {
                    let known = self.scope.vars.iter().map(|(n, _)| n.clone()).collect();
                    self.unknown("input variable", n, known);
                    Dim::Fixed(1)
                }
            },
        }
    }
}
