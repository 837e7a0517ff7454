//! Checking expressions: names, types, and where each construct may appear.

use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, BinOp, ExprKind, Name};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Square,
}

impl Ty {
    fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Square => "a square",
        }
    }
}

/// Where an expression stands, which decides what it may use.
#[derive(Debug, Clone, Default)]
pub struct Cx {
    /// A let's side parameter and the side it stands for in this instance.
    pub param: Option<(String, SideId)>,
    pub current_let: Option<String>,
    /// Inside `distance`: `on line` is allowed.
    pub distance: bool,
    /// Inside `sum of ... over regions`: `size` is allowed.
    pub region: bool,
    /// Inside `max over moves of` or `count moves where`: no nested move queries.
    pub after_move: bool,
    /// In an `each move` template: `from` and `to` are allowed.
    pub move_fields: bool,
    /// In an action's `where` clause: square tests on `from` and `to` are allowed, questions
    /// about moves and regions are not.
    pub candidate: bool,
    /// What messages call the clause a candidate's condition is in (`None`: a `where`
    /// clause).
    pub clause: Option<&'static str>,
    /// In a game's end condition, asked before the moves are generated: no questions about
    /// moves.
    pub end: bool,
}

/// What working out an expression takes, counting the lets it uses.
#[derive(Debug, Clone, Copy, Default)]
pub struct Needs {
    /// It counts or compares moves.
    pub moves: bool,
    /// It asks about the squares of a candidate move (`down of to is empty`): only a
    /// `where` clause knows them.
    pub squares: bool,
    /// It counts regions.
    pub regions: bool,
    /// How deeply evaluating it recurses.
    pub depth: usize,
}

/// The deepest an expression may be, counting the lets it uses (evaluation recurses).
pub const MAX_DEPTH: usize = 20_000;

impl Needs {
    fn and(self, o: Needs) -> Needs {
        Needs {
            moves: self.moves || o.moves,
            squares: self.squares || o.squares,
            regions: self.regions || o.regions,
            depth: self.depth.max(o.depth),
        }
    }
}

/// What `e` needs; `lets` holds what each let instance needs.
pub fn needs(e: &Expr, lets: &[Needs]) -> Needs {
    let below = match e {
        Expr::Let(l) => lets[*l],
        Expr::Neg(x) | Expr::Not(x) => needs(x, lets),
        Expr::Bin(_, a, b) => needs(a, lets).and(needs(b, lets)),
        Expr::CountMoves(c) => Needs {
            moves: true,
            ..c.as_deref().map(|c| needs(c, lets)).unwrap_or_default()
        },
        Expr::Best { body, .. } => Needs {
            moves: true,
            ..needs(body, lets)
        },
        Expr::CountRegions(..) => Needs {
            regions: true,
            ..Needs::default()
        },
        Expr::SquareIs(at, _) => Needs {
            squares: at.of_move(),
            ..Needs::default()
        },
        Expr::Outranks(a, b) => Needs {
            squares: a.of_move() || b.of_move(),
            ..Needs::default()
        },
        Expr::OnBlock(b) => Needs {
            squares: b.0.of_move() || b.1.at.of_move(),
            ..Needs::default()
        },
        Expr::BlockIs(b) => Needs {
            squares: b.0.at.of_move(),
            ..needs(&b.1, lets)
        },
        Expr::Blocks(b) => needs(&b.cond, lets),
        Expr::CountNear(near) => Needs {
            squares: near.asks_squares(),
            ..Needs::default()
        },
        Expr::RegionSum(x, _) => Needs {
            regions: true,
            ..needs(x, lets)
        },
        _ => Needs::default(),
    };
    Needs {
        depth: below.depth + 1,
        ..below
    }
}

/// What evaluating an expression costs, through the lets it uses.
#[derive(Debug, Clone, Copy)]
pub struct Cost {
    /// How deep the evaluation recurses.
    pub depth: usize,
    /// How many terms it works out, a let counting its own terms each time it is used: lets
    /// are not cached inside move questions and distances, so a chain of lets each using
    /// the one before twice doubles at every step.
    pub terms: u64,
}

/// The cost of `e`, with `lets[l]` the cost of `Let(l)`.
pub fn cost(e: &Expr, lets: &[Cost]) -> Cost {
    let inner = match e {
        Expr::Let(l) => lets[*l],
        Expr::Neg(x)
        | Expr::Not(x)
        | Expr::RegionSum(x, _)
        | Expr::Best { body: x, .. }
        | Expr::CountMoves(Some(x)) => cost(x, lets),
        Expr::BlockIs(b) => cost(&b.1, lets),
        Expr::Blocks(b) => cost(&b.cond, lets),
        Expr::Bin(_, a, b) => {
            let (a, b) = (cost(a, lets), cost(b, lets));
            Cost {
                depth: a.depth.max(b.depth),
                terms: a.terms.saturating_add(b.terms),
            }
        }
        _ => Cost { depth: 0, terms: 0 },
    };
    Cost {
        depth: inner.depth + 1,
        terms: inner.terms.saturating_add(1),
    }
}

impl Checker {
    pub(crate) fn bool_expr(&mut self, e: &ast::Expr, cx: &Cx) -> Expr {
        let (x, ty) = self.expr(e, cx);
        self.expect(e, ty, Ty::Bool);
        x
    }

    pub(crate) fn int_expr(&mut self, e: &ast::Expr, cx: &Cx) -> Expr {
        let (x, ty) = self.expr(e, cx);
        self.expect(e, ty, Ty::Int);
        x
    }

    fn expect(&mut self, e: &ast::Expr, got: Ty, want: Ty) {
        if got != want {
            let mut err = CheckError::new(
                e.span,
                format!("expected {}, found {}", want.describe(), got.describe()),
                got.describe(),
            );
            if want == Ty::Bool && got == Ty::Int {
                err = err.help("compare it with something, e.g. `... > 0`");
            }
            self.error(err);
        }
    }

    pub(crate) fn expr(&mut self, e: &ast::Expr, cx: &Cx) -> (Expr, Ty) {
        match &e.kind {
            ExprKind::Int(v) => (Expr::Int(*v), Ty::Int),
            ExprKind::Size => {
                if !cx.region {
                    self.error(
                        CheckError::new(
                            e.span,
                            "`size` is the size of a region",
                            "not inside a sum over regions",
                        )
                        .help("use it as `sum of size over regions of ...`"),
                    );
                }
                (Expr::Size, Ty::Int)
            }
            ExprKind::Neg(x) => match self.int_expr(x, cx) {
                Expr::Int(v) => (Expr::Int(-v), Ty::Int),
                other => (Expr::Neg(Box::new(other)), Ty::Int),
            },
            ExprKind::Not(x) => (Expr::Not(Box::new(self.bool_expr(x, cx))), Ty::Bool),
            ExprKind::Binary(op, a, b) => {
                let (op, operand, result) = match op {
                    BinOp::Add => (Op::Add, Ty::Int, Ty::Int),
                    BinOp::Sub => (Op::Sub, Ty::Int, Ty::Int),
                    BinOp::Mul => (Op::Mul, Ty::Int, Ty::Int),
                    BinOp::Eq => (Op::Eq, Ty::Int, Ty::Bool),
                    BinOp::Ne => (Op::Ne, Ty::Int, Ty::Bool),
                    BinOp::Lt => (Op::Lt, Ty::Int, Ty::Bool),
                    BinOp::Le => (Op::Le, Ty::Int, Ty::Bool),
                    BinOp::Gt => (Op::Gt, Ty::Int, Ty::Bool),
                    BinOp::Ge => (Op::Ge, Ty::Int, Ty::Bool),
                    BinOp::And => (Op::And, Ty::Bool, Ty::Bool),
                    BinOp::Or => (Op::Or, Ty::Bool, Ty::Bool),
                };
                let (x, tx) = self.expr(a, cx);
                let (y, ty) = self.expr(b, cx);
                self.expect(a, tx, operand);
                self.expect(b, ty, operand);
                (Expr::Bin(op, Box::new(x), Box::new(y)), result)
            }
            ExprKind::CountMoves(cond) => {
                self.needs_moves(e, cx);
                let inner = cond.as_ref().map(|c| {
                    let cx2 = Cx {
                        after_move: true,
                        ..cx.clone()
                    };
                    Box::new(self.bool_expr(c, &cx2))
                });
                (Expr::CountMoves(inner), Ty::Int)
            }
            ExprKind::NoMoves => {
                self.needs_moves(e, cx);
                (
                    Expr::Bin(
                        Op::Eq,
                        Box::new(Expr::CountMoves(None)),
                        Box::new(Expr::Int(0)),
                    ),
                    Ty::Bool,
                )
            }
            ExprKind::Best { max, body } => {
                self.needs_moves(e, cx);
                let cx2 = Cx {
                    after_move: true,
                    ..cx.clone()
                };
                let body = self.int_expr(body, &cx2);
                (
                    Expr::Best {
                        max: *max,
                        body: Box::new(body),
                    },
                    Ty::Int,
                )
            }
            ExprKind::CountSet(set) => (self.count_set(set, cx), Ty::Int),
            ExprKind::NoSet(set) => {
                let c = self.count_set(set, cx);
                (
                    Expr::Bin(Op::Eq, Box::new(c), Box::new(Expr::Int(0))),
                    Ty::Bool,
                )
            }
            ExprKind::CountRegions(r) => {
                self.no_regions_here(e, cx);
                (Expr::CountRegions(self.regions(r, cx)), Ty::Int)
            }
            ExprKind::AnyRegions(r) => (self.some_region(e, r, Op::Gt, cx), Ty::Bool),
            ExprKind::NoRegions(r) => (self.some_region(e, r, Op::Eq, cx), Ty::Bool),
            ExprKind::PassesInARow(n) => (self.passes_in_a_row(e, *n), Ty::Bool),
            ExprKind::Repeated(n) => (self.repeated(e, *n, cx), Ty::Bool),
            ExprKind::AnySet(set) => {
                let c = self.count_set(set, cx);
                (
                    Expr::Bin(Op::Gt, Box::new(c), Box::new(Expr::Int(0))),
                    Ty::Bool,
                )
            }
            ExprKind::InARow {
                n,
                set,
                dirs,
                exactly,
            } => (self.in_a_row(e, (*n, *exactly), set, dirs, cx), Ty::Bool),
            ExprKind::TheRoll | ExprKind::TheDie => (self.dice_expr(e, cx), Ty::Int),
            ExprKind::PliesWithout(kinds) => {
                self.quiet_kinds(kinds);
                (Expr::QuietPlies, Ty::Int)
            }
            ExprKind::SquareTest { at, negated, class } => {
                let test = self.square_test(e, at, class, cx);
                match negated {
                    true => (Expr::Not(Box::new(test)), Ty::Bool),
                    false => (test, Ty::Bool),
                }
            }
            ExprKind::Held { name, at, none } => self.held_expr(e, (name, at, *none), cx),
            ExprKind::BlockTest { .. }
            | ExprKind::CountBlocks(..)
            | ExprKind::BlocksInARow { .. } => self.block_expr(e, cx),
            ExprKind::RegionSum { body, regions } => {
                self.no_regions_here(e, cx);
                let query = self.regions(regions, cx);
                let cx2 = Cx {
                    region: true,
                    ..cx.clone()
                };
                let body = self.int_expr(body, &cx2);
                (Expr::RegionSum(Box::new(body), query), Ty::Int)
            }
            ExprKind::Ref { name, arg } => self.reference(name, arg.as_ref(), cx),
            ExprKind::ToMove(side) => match self.side_ref(side, cx) {
                Some(s) => (Expr::ToMove(s), Ty::Bool),
                None => (Expr::Int(0), Ty::Bool),
            },
        }
    }

    /// The kinds whose moves restart the count of plies without capture.
    pub(super) fn quiet_kinds(&mut self, kinds: &[Name]) {
        for k in kinds {
            match self.scope.kind(&k.text) {
                Some(id) => self.program().quiet_kinds |= 1 << id,
                None => {
                    let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
                    self.unknown("kind", k, known);
                }
            }
        }
    }

    fn needs_moves(&mut self, e: &ast::Expr, cx: &Cx) {
        if let Some((why, help)) = moves_barred(cx) {
            self.error(CheckError::new(e.span, why, "a question about moves").help(help));
        } else if cx.after_move {
            self.error(CheckError::new(
                e.span,
                "a question about moves cannot be asked after a move",
                "nested move question",
            ));
        } else if cx.distance {
            self.error(CheckError::new(
                e.span,
                "a move's distance cannot depend on the moves",
                "inside a distance",
            ));
        }
    }

    fn no_regions_here(&mut self, e: &ast::Expr, cx: &Cx) {
        if cx.candidate {
            self.error(CheckError::new(
                e.span,
                format!("{} cannot count regions", clause_name(cx)),
                "counts regions",
            ));
        } else if cx.distance {
            self.error(CheckError::new(
                e.span,
                "a move's distance cannot count regions",
                "inside a distance",
            ));
        }
    }

    fn reference(&mut self, name: &Name, arg: Option<&Name>, cx: &Cx) -> (Expr, Ty) {
        let text = name.text.as_str();
        if cx.move_fields && arg.is_none() {
            match text {
                "from" => return (Expr::From, Ty::Square),
                "to" => return (Expr::To, Ty::Square),
                _ => {}
            }
        }
        if let Some(v) = self.scope.var(text) {
            if let Some(a) = arg {
                self.error(CheckError::new(
                    a.span,
                    format!("`{text}` is an input number and takes no side"),
                    "remove `of ...`",
                ));
            }
            return (Expr::Var(v), Ty::Int);
        }
        if let Some(l) = self.scope.let_(text) {
            let info = &self.scope.lets[l];
            let ty = if info.is_bool { Ty::Bool } else { Ty::Int };
            let (has_param, instances, needs) =
                (info.has_param, info.instances.clone(), info.needs);
            if needs.regions && cx.distance {
                self.error(CheckError::new(
                    name.span,
                    format!("`{text}` counts regions: a move's distance cannot count regions"),
                    "counts regions",
                ));
            }
            if needs.squares && !cx.candidate && !cx.end && cx.current_let.is_none() {
                self.error(
                    CheckError::new(
                        name.span,
                        format!("`{text}` asks about the squares of a move (`from`, `to`): only a `where` clause knows them"),
                        "asks about a move's squares",
                    )
                    .help(format!("use it after an action: `place onto empty, where {text}`")),
                );
            }
            if needs.regions && cx.candidate {
                self.error(CheckError::new(
                    name.span,
                    format!(
                        "`{text}` counts regions: {} cannot count regions",
                        clause_name(cx)
                    ),
                    "counts regions",
                ));
            }
            if let (true, Some((why, help))) = (needs.moves, moves_barred(cx)) {
                self.error(
                    CheckError::new(
                        name.span,
                        format!("`{text}` asks about the moves: {why}"),
                        "asks about moves",
                    )
                    .help(help),
                );
            } else if needs.moves && (cx.after_move || cx.distance) {
                let what = if cx.distance {
                    "a move's distance cannot depend on the moves"
                } else {
                    "a question about moves cannot be asked after a move"
                };
                self.error(CheckError::new(
                    name.span,
                    format!("`{text}` asks about the moves: {what}"),
                    "asks about moves",
                ));
            }
            return match (has_param, arg) {
                (false, None) => (Expr::Let(instances[0]), ty),
                (false, Some(a)) => {
                    self.error(CheckError::new(
                        a.span,
                        format!("`{text}` takes no side"),
                        "remove `of ...`",
                    ));
                    (Expr::Let(instances[0]), ty)
                }
                (true, None) => {
                    self.error(
                        CheckError::new(name.span, format!("`{text}` needs a side"), "which side?")
                            .help(format!(
                                "write `{text} of SIDE`, e.g. `{text} of {}`",
                                self.scope
                                    .sides
                                    .first()
                                    .map(|s| s.0.as_str())
                                    .unwrap_or("black")
                            )),
                    );
                    (Expr::Int(0), ty)
                }
                (true, Some(a)) => match self.side_ref(a, cx) {
                    Some(s) => (Expr::Let(instances[s as usize]), ty),
                    None => (Expr::Int(0), ty),
                },
            };
        }
        if let Some((_, at)) = self.scope.all_lets.iter().find(|(n, _)| n == text) {
            let at = *at;
            if cx.current_let.as_deref() != Some(text) {
                self.error(
                    CheckError::new(
                        name.span,
                        format!("`{text}` is defined further down"),
                        "not defined yet",
                    )
                    .also(at, "defined here")
                    .help("a let can use only the lets defined before it; move its definition up"),
                );
                return (Expr::Int(0), Ty::Int);
            }
        }
        if cx.current_let.as_deref() == Some(text) {
            self.error(CheckError::new(
                name.span,
                format!("`{text}` refers to itself"),
                "used in its own definition",
            ));
            return (Expr::Int(0), Ty::Int);
        }
        if self.scope.side(text).is_some() || cx.param.as_ref().is_some_and(|p| p.0 == text) {
            self.error(
                CheckError::new(
                    name.span,
                    format!("`{text}` is a side, not a number"),
                    "a side",
                )
                .help(format!("to count its pieces write `count {text} pieces`")),
            );
            return (Expr::Int(0), Ty::Int);
        }
        let mut known: Vec<String> = self.scope.vars.iter().map(|v| v.0.clone()).collect();
        known.extend(self.scope.lets.iter().map(|l| l.name.clone()));
        if cx.move_fields {
            known.extend(["from".to_string(), "to".to_string()]);
        }
        self.unknown("name", name, known);
        (Expr::Int(0), Ty::Int)
    }

    pub(crate) fn side_ref(&mut self, n: &Name, cx: &Cx) -> Option<SideId> {
        if let Some((p, s)) = &cx.param
            && *p == n.text
        {
            return Some(*s);
        }
        match self.scope.side(&n.text) {
            Some(s) => Some(s),
            None => {
                let mut known = self.side_names();
                if let Some((p, _)) = &cx.param {
                    known.push(p.clone());
                }
                self.unknown("side", n, known);
                None
            }
        }
    }

    /// `any regions of ...` (`op` is `>`) or `no regions of ...` (`=`): the count of the
    /// regions compared with 0, counted only as far as the first one where it can be.
    fn some_region(&mut self, e: &ast::Expr, r: &ast::Regions, op: Op, cx: &Cx) -> Expr {
        self.no_regions_here(e, cx);
        let count = Expr::CountRegions(RegionQuery {
            exists: true,
            ..self.regions(r, cx)
        });
        Expr::Bin(op, Box::new(count), Box::new(Expr::Int(0)))
    }

    /// The filter of a set: of its one base, or of the union of its bases (`empty squares or
    /// pawn pieces`).
    pub(super) fn set_filter(&mut self, set: &ast::SquareSet, cx: &Cx) -> SetFilter {
        let squares = |b: &ast::SetBase| matches!(b, ast::SetBase::Empty | ast::SetBase::Squares);
        if !std::iter::once(&set.base).chain(&set.more).all(squares) {
            self.no_pieces_here(set.span, "this set");
        }
        let first = self.base_filter(&set.base, cx);
        if set.more.is_empty() {
            return first;
        }
        let mut all = vec![first];
        for b in &set.more {
            all.push(self.base_filter(b, cx));
        }
        let unions = &mut self.program().unions;
        let i = match unions.iter().position(|u| *u == all) {
            Some(i) => i,
            None => {
                unions.push(all);
                unions.len() - 1
            }
        };
        SetFilter::Union(i as u16)
    }

    fn base_filter(&mut self, base: &ast::SetBase, cx: &Cx) -> SetFilter {
        match base {
            ast::SetBase::Own(None) => SetFilter::Own,
            ast::SetBase::Enemy(None) => SetFilter::Enemy,
            ast::SetBase::Own(Some(k)) | ast::SetBase::Enemy(Some(k)) => {
                let own = matches!(base, ast::SetBase::Own(_));
                match self.scope.kind(&k.text) {
                    Some(k) if own => SetFilter::OwnKind(k),
                    Some(k) => SetFilter::EnemyKind(k),
                    None => {
                        let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
                        self.unknown("kind", k, known);
                        if own {
                            SetFilter::Own
                        } else {
                            SetFilter::Enemy
                        }
                    }
                }
            }
            ast::SetBase::Empty => SetFilter::Empty,
            ast::SetBase::Pieces => SetFilter::Pieces,
            ast::SetBase::Squares => SetFilter::Squares,
            ast::SetBase::Side { side, kind: None }
                if self.scope.side(&side.text).is_none()
                    && cx.param.as_ref().is_none_or(|p| p.0 != side.text)
                    && self.scope.kind(&side.text).is_some() =>
            {
                SetFilter::Kind(self.scope.kind(&side.text).unwrap_or(0))
            }
            ast::SetBase::Side { side, kind } => {
                let s = self.side_ref(side, cx).unwrap_or(0);
                match kind {
                    None => SetFilter::Side(s),
                    Some(k) => match self.scope.kind(&k.text) {
                        Some(k) => SetFilter::Piece(self.program().code(s, k)),
                        None => {
                            let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
                            self.unknown("kind", k, known);
                            SetFilter::Side(s)
                        }
                    },
                }
            }
        }
    }

    pub(super) fn regions(&mut self, r: &ast::Regions, cx: &Cx) -> RegionQuery {
        if r.of.in_hand || r.of.row.is_some() {
            self.error(CheckError::new(
                r.of.span,
                "regions are made of the squares of the whole board",
                "`in hand` and `in a row` are not allowed here",
            ));
        }
        if r.of.on_line || r.of.attacked.is_some() {
            self.error(CheckError::new(
                r.of.span,
                "regions are made of squares of the whole board",
                if r.of.on_line {
                    "`on line` is not allowed here"
                } else {
                    "`attacked` is not allowed here"
                },
            ));
        }
        let members = self.set_filter(&r.of, cx);
        let within =
            r.of.area
                .iter()
                .chain(&r.of.also)
                .filter_map(|a| self.area(a, members, cx))
                .collect();
        let adjacency = self.fixed_directions(&r.by);
        let border = match &r.border {
            None => BorderFilter::All,
            Some(ast::Border::Nothing) => BorderFilter::Nothing,
            Some(ast::Border::Only(n)) => self
                .side_ref(n, cx)
                .map(BorderFilter::Only)
                .unwrap_or(BorderFilter::All),
            Some(ast::Border::Any(n)) => self
                .side_ref(n, cx)
                .map(BorderFilter::Touches)
                .unwrap_or(BorderFilter::All),
        };
        let touching = r
            .touching
            .iter()
            .filter_map(|a| self.area(a, members, cx))
            .collect();
        let containing = r.containing.as_ref().map(|c| {
            let plain = !c.in_hand
                && !c.on_line
                && c.row.is_none()
                && c.area.is_none()
                && c.attacked.is_none();
            if !plain {
                self.error(
                    CheckError::new(c.span, "`containing` takes a plain set", "a restricted set")
                        .help("name the pieces or squares alone (`containing white pawn pieces`); restrict the region's own set with `on AREA` instead"),
                );
            }
            self.set_filter(c, cx)
        });
        let spec = RegionSpec {
            members,
            within,
            adjacency,
            containing,
        };
        let p = self.program();
        let id = match p.regions.iter().position(|s| *s == spec) {
            Some(i) => i,
            None => {
                p.regions.push(spec);
                p.regions.len() - 1
            }
        };
        RegionQuery {
            spec: id,
            border,
            touching,
            no_liberty: r.no_liberty,
            size: r.size.map(|(op, n)| {
                let op = match op {
                    BinOp::Eq => Op::Eq,
                    BinOp::Ne => Op::Ne,
                    BinOp::Lt => Op::Lt,
                    BinOp::Le => Op::Le,
                    BinOp::Gt => Op::Gt,
                    _ => Op::Ge,
                };
                (op, n.min(u32::MAX as u64) as u32)
            }),
            exists: false,
        }
    }

    /// `position repeated N times`: only a game's end rules know the game so far.
    fn repeated(&mut self, e: &ast::Expr, n: u64, cx: &Cx) -> Expr {
        if !cx.end {
            self.error(
                CheckError::new(
                    e.span,
                    "only a game's end rules know the positions of the game so far",
                    "not an end rule",
                )
                .help("write it in the game section: `draw if position repeated 3 times`"),
            );
        }
        if n == 0 || n > u16::MAX as u64 {
            self.error(CheckError::new(
                e.span,
                format!(
                    "`position repeated {n} times` must count from 1 to {}",
                    u16::MAX
                ),
                "out of range",
            ));
        }
        Expr::Repeated(n.clamp(1, u16::MAX as u64) as u32)
    }

    /// `N passes in a row`: the last N moves passed. Some move must be able to pass.
    fn passes_in_a_row(&mut self, e: &ast::Expr, n: u64) -> Expr {
        self.passes_asked.get_or_insert(e.span);
        if n == 0 || n > u8::MAX as u64 {
            self.error(CheckError::new(
                e.span,
                format!("`{n} passes in a row` must count from 1 to {}", u8::MAX),
                "out of range",
            ));
        }
        Expr::PassesInARow(n.clamp(1, u8::MAX as u64) as u8)
    }
}

/// What messages call the clause of a candidate's condition.
fn clause_name(cx: &Cx) -> &'static str {
    cx.clause.unwrap_or("a `where` clause")
}

/// Why a question about moves cannot be asked here, if it cannot, and what to do instead.
fn moves_barred(cx: &Cx) -> Option<(String, &'static str)> {
    if cx.candidate {
        Some((
            format!("{} cannot ask about the moves", clause_name(cx)),
            "it is asked of each move by itself, while the moves are being found",
        ))
    } else if cx.end {
        Some((
            "a game's end condition cannot ask about the moves".to_string(),
            "it is checked before the moves are generated; for a side with no moves write `no moves: lose`, `no moves: draw`, or `no moves: end` with `result` lines",
        ))
    } else {
        None
    }
}
