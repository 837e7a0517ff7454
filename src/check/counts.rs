//! Checking boards whose squares hold counts (`each square holds seeds`): routes
//! (`direction round = through ...`), sowing (`sow from own pits along round`), the counts
//! asked (`seeds on to`, `seeds on own store`) and where counts taken go (`into own store`).

use super::expr::{Cx, Ty};
use super::{CheckError, Checker, Statements};
use crate::compile::geometry::square_names;
use crate::program::*;
use crate::syntax::ast::{self, Name, Span, StatementKind};

impl Checker {
    /// `each square holds NAME`.
    pub(super) fn holds(&mut self, st: &Statements) {
        if let Some(StatementKind::Holds(n)) = st.kind("each square holds") {
            self.program().held = Some(n.text.clone());
        }
    }

    /// Each route's squares, once the board is known: squares of a board of fixed size (its
    /// points, on a board of points on lines), none twice. A route becomes a direction whose
    /// step from each of its squares is the next one written.
    pub(super) fn routes(&mut self) {
        let routes = std::mem::take(&mut self.scope.routes);
        if routes.is_empty() {
            return;
        }
        let (Dim::Fixed(rows), Dim::Fixed(cols)) = (self.prog().rows, self.prog().cols) else {
            self.error(
                CheckError::new(
                    routes[0].squares[0].span,
                    "a route needs a board of fixed size",
                    "the board size is read from the input",
                )
                .help("give the board's size as numbers: `board 2 x 8`"),
            );
            return;
        };
        let names = square_names(&self.prog().notation, rows, cols);
        let mut out = Vec::new();
        for mut route in routes {
            let (name, once) = (route.name.clone(), route.once);
            let mut cells: Vec<u32> = Vec::new();
            for n in &route.squares {
                let help = "a route of a board of points on lines goes through its points";
                let Some(cell) = self.point_cell(n, &names, (rows, cols), help) else {
                    continue;
                };
                if cells.contains(&(cell as u32)) {
                    self.error(
                        CheckError::new(
                            n.span,
                            format!("route `{name}` passes `{}` twice", n.text),
                            "named before",
                        )
                        .help("a route goes round its squares once; from the last it goes back to the first"),
                    );
                } else {
                    cells.push(cell as u32);
                }
            }
            let p = self.program();
            p.directions.push(Direction {
                name: name.clone(),
                dr: 0,
                dc: 0,
                route: Some(cells),
                once,
            });
            route.id = Some((p.directions.len() - 1) as DirId);
            out.push(route);
        }
        self.scope.routes = out;
    }

    /// The direction a route's name stands for, per side (`None`: not a route). A side with
    /// no route of the name (when the sides have their own) is reported.
    pub(super) fn route_ids(&mut self, n: &Name) -> Option<PerSide<DirId>> {
        let named: Vec<_> = self
            .scope
            .routes
            .iter()
            .filter(|r| r.name == n.text)
            .collect();
        if named.is_empty() {
            return None;
        }
        let nsides = self.prog().sides.len();
        let mut ids = Vec::with_capacity(nsides);
        let mut missing = None;
        for s in 0..nsides as SideId {
            let r = named
                .iter()
                .find(|r| r.owner.is_none() || r.owner == Some(s));
            match r {
                Some(r) => ids.push(r.id.unwrap_or(0)),
                None => {
                    missing.get_or_insert(s);
                    ids.push(named[0].id.unwrap_or(0));
                }
            }
        }
        if let Some(s) = missing {
            let side = self.prog().sides[s as usize].name.clone();
            self.error(
                CheckError::new(
                    n.span,
                    format!("side `{side}` has no route `{}`", n.text),
                    "the sides have routes of their own",
                )
                .help(format!(
                    "add `direction {} of {side} = through ...`",
                    n.text
                )),
            );
        }
        Some(ids)
    }

    /// A route, or a single direction, fixed per side: what sowing goes along and a run is
    /// looked for along.
    pub(super) fn route_or_direction(&mut self, n: &Name) -> Option<PerSide<DirId>> {
        if let Some(ids) = self.route_ids(n) {
            return Some(ids);
        }
        let d = self.single_direction(n)?;
        let per = self.per_side(&[d], n.span);
        Some(
            per.iter()
                .map(|v| v.first().copied().unwrap_or(0))
                .collect(),
        )
    }

    /// `sow from AREA along ROUTE [, skipping from | AREA]...`.
    pub(super) fn sow(
        &mut self,
        (from, along, skipping): (&ast::Area, &Name, &[ast::Skipped]),
        span: Span,
    ) -> Option<Action> {
        if self.prog().held.is_none() {
            self.error(
                CheckError::new(
                    span,
                    "only counts are sown, and the board's squares hold pieces",
                    "nothing to sow",
                )
                .help("say what every square holds a count of: `each square holds seeds`"),
            );
            return None;
        }
        let cx = Cx::default();
        let from = self.area(from, SetFilter::Squares, &cx);
        let dir = self.route_or_direction(along);
        let (mut skip_from, mut skip) = (false, Vec::new());
        for s in skipping {
            match s {
                ast::Skipped::From(_) => skip_from = true,
                ast::Skipped::Area(a) => {
                    if let Some(a) = self.area(a, SetFilter::Squares, &cx) {
                        skip.push(a);
                    }
                }
            }
        }
        // Where a part is wrong (reported), the action still stands, so that the clauses
        // after it are checked against it and not reported as having no action.
        let dir = dir.unwrap_or_default();
        if dir.iter().any(|d| *d != dir[0]) {
            self.error(
                CheckError::new(
                    along.span,
                    "sowing goes along one way for every side",
                    "relative to the side",
                )
                .help("sow along a route (`direction round = through ...`) or a fixed direction"),
            );
        }
        Some(Action::Sow(Sowing {
            from: from.unwrap_or(Area::Edge(Edge::Top)),
            dir: dir.first().copied().unwrap_or(0),
            skip_from,
            skip,
        }))
    }

    /// On a board of counts, the only actions are sowing and passing.
    pub(super) fn fits_counts(&mut self, a: &ast::Action) {
        let sows = matches!(a.kind, ast::ActionKind::Sow(_) | ast::ActionKind::Pass);
        if let (false, Some(held)) = (sows, &self.prog().held) {
            let held = held.clone();
            self.error(
                CheckError::new(a.span, format!("the squares hold {held}, not pieces: there is no piece to move or place"), "a piece's move")
                    .help(format!("on a board of counts a move sows: `sow from own pits along round`; `each square holds {held}` says so")),
            );
        }
    }

    /// `seeds on SQUARE | AREA`, `no seeds on ...`.
    pub(super) fn held_expr(
        &mut self,
        e: &ast::Expr,
        (name, at, none): (&Name, &ast::HeldAt, bool),
        cx: &Cx,
    ) -> (Expr, Ty) {
        let ty = if none { Ty::Bool } else { Ty::Int };
        match self.prog().held.clone() {
            None => {
                self.error(
                    CheckError::new(
                        name.span,
                        format!("the squares hold no count of `{}`", name.text),
                        "no counts",
                    )
                    .help(format!(
                        "a board of counts says so: `each square holds {}`",
                        name.text
                    )),
                );
                return (Expr::Int(0), ty);
            }
            Some(h) if h != name.text => {
                self.unknown("count the squares hold", name, vec![h]);
                return (Expr::Int(0), ty);
            }
            Some(_) => {}
        }
        let x = match at {
            ast::HeldAt::Square(s) => {
                self.square_asked(s, e.span, cx);
                Expr::Held(self.square_ref(s))
            }
            ast::HeldAt::Area(a) => match self.area(a, SetFilter::Squares, cx) {
                Some(a) => Expr::HeldOn(a),
                None => Expr::Int(0),
            },
        };
        match none {
            true => (
                Expr::Bin(Op::Eq, Box::new(x), Box::new(Expr::Int(0))),
                Ty::Bool,
            ),
            false => (x, Ty::Int),
        }
    }

    /// `taking ... into AREA`: only counts go somewhere when taken, into one square per side.
    pub(super) fn taken_into(&mut self, into: &ast::Area, span: Span) -> Option<Area> {
        if self.prog().held.is_none() {
            self.error(
                CheckError::new(span, "pieces taken leave the board: only counts taken go into a square", "`into` here")
                    .help("leave out `into ...`, or make the squares hold counts (`each square holds seeds`)"),
            );
            return None;
        }
        let area = self.area(into, SetFilter::Squares, &Cx::default())?;
        let g = &self.prog().zones;
        let sizes: Vec<usize> = match area {
            Area::Zone(z) => vec![g[z as usize].1.len()],
            Area::Owned { base, .. } => (0..self.prog().sides.len())
                .map(|s| g[base as usize + s].1.len())
                .collect(),
            _ => vec![0],
        };
        if sizes.iter().any(|&n| n != 1) {
            self.error(
                CheckError::new(
                    span,
                    "counts taken go into one square: this part of the board has more, or none",
                    "not one square",
                )
                .help("name a zone of one square for each side: `zone store of south = H1`"),
            );
            return None;
        }
        Some(area)
    }

    /// What a `taking` clause says besides what it takes: where counts go, and when.
    pub(super) fn taking_extras(
        &mut self,
        words: &ast::TakingWords,
        span: Span,
    ) -> (Option<Area>, Option<Expr>, Option<Expr>) {
        let into = words.into.as_ref().and_then(|a| self.taken_into(a, span));
        if into.is_none() && words.into.is_none() && self.prog().held.is_some() {
            let held = self.prog().held.clone().unwrap_or_default();
            self.error(
                CheckError::new(span, format!("where do the {held} taken go?"), "nowhere")
                    .help("say where: `taking ... into own store`"),
            );
        }
        let cx = |clause| Cx {
            candidate: true,
            clause: Some(clause),
            ..Cx::default()
        };
        let when = words
            .when
            .as_ref()
            .map(|c| self.bool_expr(c, &cx("the `if` of a `taking` clause")));
        let unless = words
            .unless
            .as_ref()
            .map(|c| self.bool_expr(c, &cx("the `unless` of a `taking` clause")));
        (into, when, unless)
    }

    /// A setup row of a board of counts: a count for each square, separated by spaces.
    /// A setup row of a board of stacks: a stack (`5x`, `x`) or the empty symbol for each
    /// square, separated by spaces; a stack of N is N pieces placed on its square.
    pub(super) fn stack_row(
        &mut self,
        line: &ast::Str,
        (r, cols): (u32, u32),
        placed: &mut Vec<(u32, Code)>,
    ) {
        let tokens: Vec<&str> = line.value.split_whitespace().collect();
        if tokens.len() != cols as usize {
            self.error(
                CheckError::new(
                    line.span,
                    format!("this row has {} squares, the board {cols}", tokens.len()),
                    "wrong length",
                )
                .help("write each square's stack, separated by spaces: \"2x . . 5o\""),
            );
            return;
        }
        for (c, tok) in tokens.iter().enumerate() {
            match self.prog().stack_token(tok) {
                Some((EMPTY, _)) => {}
                Some((code, h)) => {
                    placed.extend(std::iter::repeat_n((r * cols + c as u32, code), h as usize))
                }
                None => self.error(
                    CheckError::new(
                        line.span,
                        format!("`{tok}` is not a stack: write a height and a piece's symbol (`5x`), a symbol alone for one piece, or the empty symbol"),
                        "not a stack",
                    ),
                ),
            }
        }
    }

    pub(super) fn count_row(
        &mut self,
        line: &ast::Str,
        (r, cols): (u32, u32),
        placed: &mut Vec<(u32, Code)>,
    ) {
        let counts: Vec<&str> = line.value.split_whitespace().collect();
        if counts.len() != cols as usize {
            self.error(
                CheckError::new(
                    line.span,
                    format!(
                        "this row has {} counts, the board {cols} squares",
                        counts.len()
                    ),
                    "wrong length",
                )
                .help("write a count for each square, separated by spaces: \"0 4 4 4\""),
            );
            return;
        }
        for (c, n) in counts.iter().enumerate() {
            match n.parse::<u32>() {
                Ok(n) if n <= MAX_HELD => {
                    if n > 0 {
                        placed.push((r * cols + c as u32, n as Code));
                    }
                }
                _ => {
                    self.error(CheckError::new(
                        line.span,
                        format!("`{n}` is no count a square may hold (0 to {MAX_HELD})"),
                        "not a count",
                    ));
                    return;
                }
            }
        }
        let total: u32 = placed.iter().map(|&(_, n)| n as u32).sum();
        if total > MAX_HELD {
            self.error(CheckError::new(
                line.span,
                format!("the board holds {total} in all, more than {MAX_HELD}"),
                "too many",
            ));
        }
    }

    /// On a board of counts no square holds a piece: `what` names pieces, which is an error.
    pub(super) fn no_pieces_here(&mut self, span: Span, what: &str) {
        let Some(held) = self.prog().held.clone() else {
            return;
        };
        self.error(
            CheckError::new(
                span,
                format!("the squares hold {held}, not pieces: {what} asks about pieces"),
                "pieces",
            )
            .help(format!(
                "ask what the squares hold: `{held} on to`, `squares holding 2 or 3`, `empty squares`"
            )),
        );
    }
}
