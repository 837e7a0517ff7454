//! Stage 2: names and types. Turns the syntax tree into a [`Program`], reporting every
//! semantic error it finds (not just the first), each with its span.

mod check_error;
mod expr;
mod moves;
mod scope;
mod sections;
mod whole_game;

use std::collections::HashMap;

pub use check_error::CheckError;
pub use scope::{DirValue, Scope};

use crate::program::*;
use crate::syntax::ast::{self, Name, Span, StatementKind};

/// The largest number of rows or columns a board may have.
pub const MAX_DIM: u32 = 1024;

/// The most `move` statements a rules file may have, and actions one of them may have (a
/// step names both in 16 and 8 bits).
pub const MAX_MOVES: usize = u16::MAX as usize;
pub const MAX_ACTIONS: usize = u8::MAX as usize;

/// The most terms one let may take to work out, the lets it uses included each time it uses
/// them (see [`expr::Cost`]).
pub const MAX_TERMS: u64 = 10_000;

pub fn check(file: &ast::RulesFile) -> Result<Program, Vec<CheckError>> {
    let mut c = Checker {
        scope: Scope::with_builtins(),
        errors: Vec::new(),
        program: None,
        let_cost: Vec::new(),
        let_needs: Vec::new(),
    };
    let program = c.run(file);
    if c.errors.is_empty() {
        Ok(program)
    } else {
        c.errors.sort_by_key(|e| e.span.start);
        Err(c.errors)
    }
}

pub(crate) struct Checker {
    pub scope: Scope,
    pub errors: Vec<CheckError>,
    /// The program under construction (lets, directions and regions are added as met).
    pub program: Option<Program>,
    /// What evaluating each let of the program costs, the lets it uses included.
    pub let_cost: Vec<expr::Cost>,
    /// What each compiled let instance needs (parallel to the program's lets).
    pub let_needs: Vec<expr::Needs>,
}

/// One statement of each singleton kind, remembering where it was.
#[derive(Default)]
struct Singles<'a> {
    seen: HashMap<&'static str, &'a ast::Statement>,
}

impl Checker {
    pub fn error(&mut self, e: CheckError) {
        self.errors.push(e);
    }

    pub fn unknown(&mut self, what: &str, name: &Name, known: Vec<String>) {
        let mut e = CheckError::new(
            name.span,
            format!("unknown {what} `{}`", name.text),
            format!("not a known {what}"),
        );
        if let Some(best) = crate::suggest::closest(&name.text, known.iter().map(String::as_str)) {
            e = e.help(format!("did you mean `{best}`?"));
        } else if !known.is_empty() && known.len() <= 8 {
            e = e.help(format!(
                "known: {}",
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        self.error(e);
    }

    pub fn prog(&self) -> &Program {
        self.program
            .as_ref()
            .expect("program is set up before it is read")
    }

    pub fn program(&mut self) -> &mut Program {
        self.program
            .as_mut()
            .expect("program is set up before it is filled")
    }

    fn run(&mut self, file: &ast::RulesFile) -> Program {
        let mut singles = Singles::default();
        let mut lets = Vec::new();
        let mut moves = Vec::new();
        let mut requires = Vec::new();
        let mut promotes = Vec::new();
        let mut direction_stmts = Vec::new();
        for st in &file.statements {
            let key = match &st.kind {
                StatementKind::Board { .. } => "board",
                StatementKind::Squares { .. } => "squares",
                StatementKind::Sides(_) => "sides",
                StatementKind::Kinds(_) => "kinds",
                StatementKind::Pieces(_) => "pieces",
                StatementKind::Empty(_) => "empty",
                StatementKind::First(_) => "first",
                StatementKind::Input(_) => "input",
                StatementKind::Output(_) => "output",
                StatementKind::Setup(_) => "setup",
                StatementKind::Game(_) => "game",
                StatementKind::CapturesMandatory => "captures are mandatory",
                StatementKind::Let { .. } => {
                    lets.push(st);
                    continue;
                }
                StatementKind::Move(_) => {
                    moves.push(st);
                    continue;
                }
                StatementKind::Require { .. } => {
                    requires.push(st);
                    continue;
                }
                StatementKind::Promote { .. } => {
                    promotes.push(st);
                    continue;
                }
                StatementKind::Direction(_) | StatementKind::Directions { .. } => {
                    direction_stmts.push(st);
                    continue;
                }
            };
            if let Some(first) = singles.seen.get(key) {
                let first_line = first.keyword;
                self.error(
                    CheckError::new(
                        st.keyword,
                        format!("a second `{key}` statement"),
                        "given again here",
                    )
                    .also(first_line, "first given here")
                    .help(format!("a rules file has one `{key}` statement")),
                );
            } else {
                singles.seen.insert(key, st);
            }
        }
        for required in ["board", "sides", "input", "output"] {
            if !singles.seen.contains_key(required) {
                self.error(
                    CheckError::new(
                        Span::new(0, 0),
                        format!("the rules file has no `{required}` statement"),
                        "missing",
                    )
                    .help(required_help(required)),
                );
            }
        }

        // Sides, kinds, symbols.
        let mut sides = Vec::new();
        if let Some(StatementKind::Sides(defs)) = singles.seen.get("sides").map(|s| &s.kind) {
            for d in defs {
                if self.scope.side(&d.name.text).is_some() {
                    self.error(CheckError::new(
                        d.name.span,
                        format!("side `{}` is declared twice", d.name.text),
                        "again here",
                    ));
                    continue;
                }
                self.scope.sides.push((d.name.text.clone(), d.name.span));
                sides.push(SideInfo {
                    name: d.name.text.clone(),
                    forward: None,
                });
            }
            if defs.len() > 16 {
                self.error(CheckError::new(
                    defs[16].name.span,
                    "a game may have at most 16 sides",
                    "one too many",
                ));
            }
        }
        let mut kinds = vec!["piece".to_string()];
        if !singles.seen.contains_key("kinds") {
            // A game without kinds has one, which can still be named.
            self.scope
                .kinds
                .push(("piece".to_string(), Span::default()));
        }
        if let Some(StatementKind::Kinds(names)) = singles.seen.get("kinds").map(|s| &s.kind) {
            kinds.clear();
            for n in names {
                if self.scope.kind(&n.text).is_some() {
                    self.error(CheckError::new(
                        n.span,
                        format!("kind `{}` is declared twice", n.text),
                        "again here",
                    ));
                    continue;
                }
                self.scope.kinds.push((n.text.clone(), n.span));
                kinds.push(n.text.clone());
            }
        }
        if sides.len() * kinds.len() > 200 {
            let at = singles.seen.get("kinds").or(singles.seen.get("sides"));
            self.error(CheckError::new(
                at.map(|s| s.keyword).unwrap_or_default(),
                format!(
                    "too many pieces: {} sides of {} kinds (at most 200 pieces in all)",
                    sides.len(),
                    kinds.len()
                ),
                "one piece per side and kind",
            ));
            kinds.truncate(1);
        }
        if sides.is_empty() {
            sides.push(SideInfo {
                name: "nobody".into(),
                forward: None,
            });
        }
        let rows_cols = match singles.seen.get("board").map(|s| &s.kind) {
            Some(StatementKind::Board { rows, cols }) => Some((rows.clone(), cols.clone())),
            _ => None,
        };
        self.program = Some(Program {
            rows: Dim::Fixed(1),
            cols: Dim::Fixed(1),
            notation: Notation {
                parts: vec![
                    (ast::Axis::Column, ast::Style::Letter),
                    (ast::Axis::Row, ast::Style::Number),
                ],
                joined: vec![true],
            },
            sides,
            kinds,
            symbols: Vec::new(),
            first: 0,
            directions: Vec::new(),
            promotions: Vec::new(),
            lets: Vec::new(),
            moves: Vec::new(),
            requires: Vec::new(),
            input: InputSpec {
                header: Vec::new(),
                repeat: Repeat::Once,
                body: Vec::new(),
            },
            output: OutputSpec {
                between: None,
                stmts: Vec::new(),
            },
            vars: Vec::new(),
            regions: Vec::new(),
            input_span: Span::default(),
            setup: None,
            game: None,
            captures_mandatory: singles.seen.contains_key("captures are mandatory"),
            captures_mandatory_span: singles.seen.get("captures are mandatory").map(|s| s.span),
        });
        self.symbols(&singles);

        // Directions: user definitions first, so side forwards can use them.
        for st in &direction_stmts {
            self.direction_statement(st);
        }
        if let Some(StatementKind::Sides(defs)) = singles.seen.get("sides").map(|s| &s.kind) {
            for d in defs {
                let Some(f) = &d.forward else { continue };
                let Some(side) = self.scope.side(&d.name.text) else {
                    continue;
                };
                // A named direction is never the zero step (`direction` refuses one).
                if let Some(v) = self.single_direction(f) {
                    if v.forward != 0 {
                        self.error(CheckError::new(
                            f.span,
                            "a side's forward direction must be a fixed direction",
                            "relative to the side itself",
                        ));
                    } else {
                        self.program().sides[side as usize].forward = Some((v.dr, v.dc));
                    }
                }
            }
        }

        // The notation and the board.
        if let Some(st) = singles.seen.get("squares")
            && let StatementKind::Squares { parts, joined } = &st.kind
        {
            self.notation(st.span, parts, joined);
        }
        if let Some(input) = singles.seen.get("input") {
            if let StatementKind::Input(decl) = &input.kind {
                self.declare_vars(decl);
            }
            self.program().input_span = input.keyword;
        }
        if let Some((rows, cols)) = rows_cols {
            let r = self.dim(&rows);
            let c = self.dim(&cols);
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
                    let span = singles
                        .seen
                        .get("squares")
                        .or(singles.seen.get("board"))
                        .map(|s| s.span)
                        .unwrap_or_default();
                    self.error(
                            CheckError::new(span, format!("{what} are named by letters, which cover at most 26, but the board has {n}"), "letters run out")
                                .help(format!("name the {what} by number instead")),
                        );
                }
            }
        }
        if let Some(StatementKind::First(n)) = singles.seen.get("first").map(|s| &s.kind) {
            match self.scope.side(&n.text) {
                Some(s) => self.program().first = s,
                None => self.unknown("side", n, self.side_names()),
            }
        }

        for st in &lets {
            if let StatementKind::Let { name, .. } = &st.kind {
                self.scope.all_lets.push((name.text.clone(), name.span));
            }
        }
        for st in lets {
            if let StatementKind::Let { name, param, body } = &st.kind {
                self.let_statement(name, param.as_ref(), body);
            }
        }
        for st in promotes {
            if let StatementKind::Promote { from, to, at_once } = &st.kind {
                self.promote(st.keyword, from, to, *at_once);
            }
        }
        for (i, st) in moves.iter().enumerate() {
            if i == MAX_MOVES {
                self.error(
                    CheckError::new(
                        st.keyword,
                        format!("a rules file may have at most {MAX_MOVES} move statements"),
                        "one too many",
                    )
                    .help("join moves that share their clauses into one statement"),
                );
            }
            if let StatementKind::Move(parts) = &st.kind
                && let Some(rule) = self.move_rule(st.keyword, parts)
            {
                self.program().moves.push(rule);
            }
        }
        for st in requires {
            if let StatementKind::Require { condition, message } = &st.kind {
                let cond = self.bool_expr(condition, &expr::Cx::default());
                self.program().requires.push(Require {
                    condition: cond,
                    message: message.value.clone(),
                });
            }
        }
        if let Some(StatementKind::Input(decl)) = singles.seen.get("input").map(|s| &s.kind) {
            self.input(decl);
        }
        if let Some(StatementKind::Output(stmts)) = singles.seen.get("output").map(|s| &s.kind) {
            self.output(stmts);
        }
        if let Some(st) = singles.seen.get("setup")
            && let StatementKind::Setup(s) = &st.kind
        {
            self.setup(st.keyword, s);
        }
        if let Some(StatementKind::Game(clauses)) = singles.seen.get("game").map(|s| &s.kind) {
            self.game(clauses);
        }
        let mut program = self.program.take().expect("program was set up");
        program.vars = self.scope.vars.iter().map(|(n, _)| n.clone()).collect();
        program
    }

    pub fn side_names(&self) -> Vec<String> {
        self.scope.sides.iter().map(|(n, _)| n.clone()).collect()
    }

    fn symbols(&mut self, singles: &Singles) {
        let mut used: Vec<(char, Span)> = Vec::new();
        let mut add = |c: &mut Checker, s: &ast::Str, code: Code| {
            let mut chars = s.value.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                c.error(CheckError::new(
                    s.span,
                    "a symbol must be exactly one character",
                    "not one character",
                ));
                return;
            };
            if ch.is_whitespace() || !ch.is_ascii_graphic() {
                c.error(CheckError::new(
                    s.span,
                    "a symbol must be a visible ASCII character",
                    "not usable as a symbol",
                ));
                return;
            }
            if used.iter().any(|(u, _)| *u == ch) {
                c.error(CheckError::new(
                    s.span,
                    format!("symbol `{ch}` stands for two things"),
                    "used again here",
                ));
                return;
            }
            used.push((ch, s.span));
            c.program().symbols.push((ch, code));
        };
        if let Some(StatementKind::Sides(defs)) = singles.seen.get("sides").map(|s| &s.kind) {
            for d in defs {
                let (Some(sym), Some(side)) = (&d.symbol, self.scope.side(&d.name.text)) else {
                    continue;
                };
                let code = self.program().code(side, 0);
                add(self, sym, code);
            }
        }
        if let Some(StatementKind::Pieces(defs)) = singles.seen.get("pieces").map(|s| &s.kind) {
            for d in defs {
                let Some(side) = self.scope.side(&d.side.text) else {
                    self.unknown("side", &d.side, self.side_names());
                    continue;
                };
                let kind = match &d.kind {
                    Some(k) => match self.scope.kind(&k.text) {
                        Some(k) => k,
                        None => {
                            let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
                            self.unknown("kind", k, known);
                            continue;
                        }
                    },
                    None if self.program().kinds.len() > 1 => {
                        let example = format!(
                            "write the kind after the side, e.g. `\"{}\" {} {}`",
                            d.symbol.value,
                            d.side.text,
                            self.prog().kinds[0]
                        );
                        self.error(
                            CheckError::new(
                                d.side.span,
                                "which kind of piece is this symbol?",
                                "side without a kind",
                            )
                            .help(example),
                        );
                        continue;
                    }
                    None => 0,
                };
                let code = self.program().code(side, kind);
                add(self, &d.symbol, code);
            }
        }
        let empty = match singles.seen.get("empty").map(|s| &s.kind) {
            Some(StatementKind::Empty(s)) => s.clone(),
            _ => ast::Str {
                value: ".".into(),
                span: Span::default(),
            },
        };
        add(self, &empty, EMPTY);
    }

    fn direction_statement(&mut self, st: &ast::Statement) {
        match &st.kind {
            StatementKind::Direction(defs) => {
                for d in defs {
                    if self.scope.directions.contains_key(&d.name.text) {
                        self.error(CheckError::new(
                            d.name.span,
                            format!("direction `{}` is already defined", d.name.text),
                            "defined again here",
                        ));
                        continue;
                    }
                    let value = match &d.value {
                        ast::DirectionValue::Vector(dr, dc, _) => {
                            DirValue::abs(*dr as i32, *dc as i32)
                        }
                        ast::DirectionValue::Sum(names) => {
                            let mut acc = DirValue::abs(0, 0);
                            let mut ok = true;
                            for n in names {
                                match self.single_direction(n) {
                                    Some(v) => acc = acc.plus(v),
                                    None => ok = false,
                                }
                            }
                            if !ok {
                                continue;
                            }
                            acc
                        }
                    };
                    if value == DirValue::abs(0, 0) {
                        self.error(CheckError::new(
                            d.name.span,
                            format!("direction `{}` goes nowhere", d.name.text),
                            "a zero step",
                        ));
                        continue;
                    }
                    self.scope.define_directions(&d.name.text, vec![value]);
                }
            }
            StatementKind::Directions { name, members } => {
                if self.scope.directions.contains_key(&name.text) {
                    self.error(CheckError::new(
                        name.span,
                        format!("direction set `{}` is already defined", name.text),
                        "defined again here",
                    ));
                    return;
                }
                let dirs = self.direction_list(members);
                self.scope.define_directions(&name.text, dirs);
            }
            _ => {}
        }
    }

    /// A name that must stand for exactly one direction.
    pub fn single_direction(&mut self, n: &Name) -> Option<DirValue> {
        match self.scope.directions.get(&n.text) {
            Some(v) if v.len() == 1 => Some(v[0]),
            Some(_) => {
                self.error(CheckError::new(
                    n.span,
                    format!("`{}` is a set of directions, not one direction", n.text),
                    "a set",
                ));
                None
            }
            None => {
                self.unknown("direction", n, self.scope.direction_order.clone());
                None
            }
        }
    }

    /// Names of directions or sets, flattened, without repeats.
    pub fn direction_list(&mut self, names: &[Name]) -> Vec<DirValue> {
        let mut out: Vec<DirValue> = Vec::new();
        for n in names {
            match self.scope.directions.get(&n.text) {
                Some(v) => {
                    for d in v.clone() {
                        if !out.contains(&d) {
                            out.push(d);
                        }
                    }
                }
                None => self.unknown("direction", n, self.scope.direction_order.clone()),
            }
        }
        out
    }

    /// Fixes directions to each side, interning the vectors. `span` is blamed when a side
    /// lacks the forward direction a relative name needs.
    pub fn per_side(&mut self, dirs: &[DirValue], span: Span) -> PerSide<Vec<DirId>> {
        let nsides = self.program().sides.len();
        let mut out = Vec::with_capacity(nsides);
        let mut reported = false;
        for s in 0..nsides {
            let fwd = self.program().sides[s].forward;
            let mut ids = Vec::new();
            for d in dirs {
                let (fr, fc) = match (d.forward, fwd) {
                    (0, _) => (0, 0),
                    (_, Some(f)) => f,
                    (_, None) => {
                        if !reported {
                            reported = true;
                            let side = self.program().sides[s].name.clone();
                            self.error(
                                CheckError::new(
                                    span,
                                    format!("side `{side}` has no forward direction"),
                                    "uses a direction relative to the side",
                                )
                                .help(format!(
                                    "declare it with the side, e.g. `sides {side} forward up, ...`"
                                )),
                            );
                        }
                        continue;
                    }
                };
                let (dr, dc) = (
                    scope::clamp_step(d.dr as i64 + d.forward as i64 * fr as i64),
                    scope::clamp_step(d.dc as i64 + d.forward as i64 * fc as i64),
                );
                if dr == 0 && dc == 0 {
                    continue;
                }
                let id = self.intern_direction(dr, dc);
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            out.push(ids);
        }
        out
    }

    /// Directions that must not depend on a side (region adjacency).
    pub fn fixed_directions(&mut self, names: &[Name]) -> Vec<DirId> {
        let mut out = Vec::new();
        for n in names {
            for d in self.direction_list(std::slice::from_ref(n)) {
                if d.forward != 0 {
                    self.error(CheckError::new(
                        n.span,
                        "regions connect through fixed directions only",
                        "relative to a side",
                    ));
                    break;
                }
                let id = self.intern_direction(d.dr, d.dc);
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }

    pub fn intern_direction(&mut self, dr: i32, dc: i32) -> DirId {
        if let Some(i) = self
            .program()
            .directions
            .iter()
            .position(|d| d.dr == dr && d.dc == dc)
        {
            return i as DirId;
        }
        let name = self
            .scope
            .direction_order
            .iter()
            .find(|n| self.scope.directions[*n] == vec![DirValue::abs(dr, dc)])
            .cloned()
            .unwrap_or_else(|| format!("({dr} {dc})"));
        let p = self.program();
        p.directions.push(Direction { name, dr, dc });
        (p.directions.len() - 1) as DirId
    }

    fn notation(&mut self, span: Span, parts: &[ast::SquarePart], joined: &[bool]) {
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
        self.program().notation = Notation {
            parts: parts.iter().map(|p| (p.axis, p.style)).collect(),
            joined: joined.to_vec(),
        };
    }

    fn dim(&mut self, d: &ast::Dim) -> Dim {
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

    fn let_statement(&mut self, name: &Name, param: Option<&Name>, body: &ast::Expr) {
        if self.scope.let_(&name.text).is_some() || self.scope.var(&name.text).is_some() {
            self.error(CheckError::new(
                name.span,
                format!("`{}` is already defined", name.text),
                "defined again here",
            ));
            return;
        }
        if let Some(p) = param
            && self.scope.side(&p.text).is_some()
        {
            self.error(CheckError::new(
                p.span,
                format!("the parameter `{}` has the name of a side", p.text),
                "choose another name",
            ));
            return;
        }
        let nsides = if param.is_some() {
            self.program().sides.len()
        } else {
            1
        };
        let mut instances = Vec::new();
        let mut is_bool = false;
        let mut needs = expr::Needs::default();
        for s in 0..nsides {
            let before = self.errors.len();
            let cx = expr::Cx {
                param: param.map(|p| (p.text.clone(), s as SideId)),
                current_let: Some(name.text.clone()),
                ..Default::default()
            };
            // Never a square: `from` and `to` are known only in `each move` lines.
            let (e, ty) = self.expr(body, &cx);
            is_bool = ty == expr::Ty::Bool;
            if s > 0 {
                // The same body checked for another side repeats the first side's errors.
                self.errors.truncate(before);
            }
            let expr::Cost { depth, terms } = expr::cost(&e, &self.let_cost);
            let limit = crate::syntax::MAX_NESTING;
            let too_costly = if depth > limit {
                Some((
                    format!("nests more than {limit} levels deep"),
                    "too deep",
                    "use fewer lets, each doing more",
                ))
            } else if terms > MAX_TERMS {
                Some((
                    format!("is worked out from more than {MAX_TERMS} terms"),
                    "too large",
                    "a let used twice in another is worked out twice: use fewer such steps",
                ))
            } else {
                None
            };
            // A let too costly counts as cheap, so the lets using it are not reported too.
            let mut cost = expr::Cost { depth, terms };
            if let Some((what, label, help)) = too_costly {
                if s == 0 {
                    self.error(
                        CheckError::new(
                            name.span,
                            format!("`{}` {what}, with the lets it uses", name.text),
                            label,
                        )
                        .help(help),
                    );
                }
                cost = expr::Cost { depth: 1, terms: 1 };
            }
            self.let_cost.push(cost);
            needs = expr::needs(&e, &self.let_needs);
            self.let_needs.push(needs);
            let p = self.program();
            p.lets.push(e);
            instances.push(p.lets.len() - 1);
        }
        if needs.depth > expr::MAX_DEPTH {
            // Reported once: the lets that use this one do not repeat it.
            needs.depth = 1;
            for &i in &instances {
                self.let_needs[i] = needs;
            }
            self.error(
                CheckError::new(
                    name.span,
                    format!(
                        "`{}` nests too deeply, counting the lets it uses",
                        name.text
                    ),
                    "too deep",
                )
                .help("build it from fewer levels of lets"),
            );
        }
        self.scope.lets.push(scope::LetInfo {
            name: name.text.clone(),
            span: name.span,
            has_param: param.is_some(),
            instances,
            is_bool,
            needs,
        });
    }

    fn promote(&mut self, keyword: Span, from: &Name, to: &Name, at_once: bool) {
        let known: Vec<String> = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
        let f = self.scope.kind(&from.text);
        let t = self.scope.kind(&to.text);
        if f.is_none() {
            self.unknown("kind", from, known.clone());
        }
        if t.is_none() {
            self.unknown("kind", to, known);
        }
        let (Some(f), Some(t)) = (f, t) else { return };
        if f == t {
            self.error(CheckError::new(
                to.span,
                "a piece cannot be promoted to its own kind",
                "same kind",
            ));
            return;
        }
        let missing: Vec<String> = self
            .program()
            .sides
            .iter()
            .filter(|s| s.forward.is_none())
            .map(|s| s.name.clone())
            .collect();
        if let Some(side) = missing.first() {
            self.error(
                CheckError::new(
                    keyword,
                    format!("side `{side}` has no forward direction, so it has no far row"),
                    "promotion needs a far row",
                )
                .help(format!(
                    "declare it with the side, e.g. `sides {side} forward up, ...`"
                )),
            );
            return;
        }
        if self.program().promotions.iter().any(|p| p.from == f) {
            self.error(CheckError::new(
                from.span,
                format!("`{}` is promoted twice", from.text),
                "second promotion",
            ));
            return;
        }
        self.program().promotions.push(Promotion {
            from: f,
            to: t,
            at_once,
        });
    }
}

fn required_help(what: &str) -> &'static str {
    match what {
        "board" => "add e.g. `board 8 x 8`",
        "sides" => "add e.g. `sides black \"X\", white \"O\"`",
        "input" => "add an input section, e.g. `input repeat until end grid mover`",
        _ => "add an output section, e.g. `output \"{count moves}\"`",
    }
}
