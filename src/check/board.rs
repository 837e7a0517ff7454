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
        for p in parts
            .iter()
            .filter(|p| p.from_bottom && p.axis == ast::Axis::Column)
        {
            self.error(
                CheckError::new(
                    p.span,
                    "columns are counted from the left; only rows can be counted from the bottom",
                    "a column",
                )
                .help(
                    "e.g. `squares column letter + row number from the bottom` for A1 bottom left",
                ),
            );
        }
        self.program().notation = Notation {
            parts: parts.iter().map(|p| (p.axis, p.style)).collect(),
            joined: joined.to_vec(),
            rows_from_bottom: parts
                .iter()
                .any(|p| p.from_bottom && p.axis == ast::Axis::Row),
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
