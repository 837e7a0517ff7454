//! Checking the input and output sections.

use super::expr::{Cx, Ty};
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, InputItem, LineCondition, OutStmt as AstOut, TemplatePart, Word};

impl Checker {
    /// Input variables are declared by `read` items; they are known everywhere.
    pub(crate) fn declare_vars(&mut self, decl: &ast::InputDecl) {
        let body = decl
            .repeat
            .as_ref()
            .map(|r| r.body.as_slice())
            .unwrap_or(&[]);
        for item in decl.header.iter().chain(body) {
            if let InputItem::Read(names) = item {
                for n in names.iter().map(|r| &r.name) {
                    if self.scope.var(&n.text).is_some() {
                        self.error(CheckError::new(
                            n.span,
                            format!("input variable `{}` is read twice", n.text),
                            "read again here",
                        ));
                    } else if self.scope.side(&n.text).is_some()
                        || self.scope.kind(&n.text).is_some()
                    {
                        self.error(CheckError::new(
                            n.span,
                            format!("`{}` is already a side or kind name", n.text),
                            "choose another name",
                        ));
                    } else {
                        self.scope.vars.push((n.text.clone(), n.span));
                    }
                }
            }
        }
    }

    pub(crate) fn input(&mut self, decl: &ast::InputDecl) {
        let mut read_so_far: Vec<VarId> = Vec::new();
        let header = self.input_items(&decl.header, &mut read_so_far);
        let (header, repeat, body) = match &decl.repeat {
            // Without `repeat` the input is one case: its items are the case.
            None => (Vec::new(), Repeat::Once, header),
            Some(r) => {
                for item in &decl.header {
                    let span = match item {
                        InputItem::Grid(s)
                        | InputItem::PackedGrid(_, s)
                        | InputItem::Mover(s, _)
                        | InputItem::Unmoved(_, s)
                        | InputItem::Marked(s)
                        | InputItem::Squares { span: s, .. } => *s,
                        _ => continue,
                    };
                    self.error(
                        CheckError::new(
                            span,
                            "only numbers and literal text can be read before `repeat`",
                            "belongs to a case",
                        )
                        .help("move it after `repeat ...`, where each case is read"),
                    );
                }
                if r.body.is_empty() {
                    self.error(CheckError::new(
                        r.span,
                        "a repeated case must read something",
                        "reads nothing",
                    ));
                }
                let repeat = match &r.until {
                    ast::RepeatUntil::End => Repeat::UntilEnd,
                    ast::RepeatUntil::Token(s) => {
                        if s.value.is_empty() || s.value.chars().any(char::is_whitespace) {
                            self.error(CheckError::new(
                                s.span,
                                "the end marker must be one token without spaces",
                                "not one token",
                            ));
                        }
                        Repeat::UntilToken(s.value.clone())
                    }
                    ast::RepeatUntil::Times(e) => {
                        let x = self.int_expr(e, &Cx::default());
                        if !only_numbers(&x) {
                            self.error(
                                CheckError::new(e.span, "the number of cases must come from numbers read before it", "not a plain number")
                                    .help("use numbers, input variables, `+`, `-` and `*`, e.g. `repeat t times`"),
                            );
                        }
                        self.vars_read_before(&x, &read_so_far, e.span);
                        Repeat::Times(x)
                    }
                };
                (header, repeat, self.input_items(&r.body, &mut read_so_far))
            }
        };
        let p = self.program();
        p.input = Some(InputSpec {
            header,
            repeat,
            body,
        });
    }

    fn vars_read_before(&mut self, e: &Expr, read: &[VarId], span: ast::Span) {
        let mut used = Vec::new();
        vars_in(e, &mut used);
        for v in used {
            if !read.contains(&v) {
                let name = self.scope.vars[v].0.clone();
                self.error(CheckError::new(
                    span,
                    format!("`{name}` is used before the input reads it"),
                    "not read yet",
                ));
            }
        }
    }

    fn board_known(&mut self, read: &[VarId], span: ast::Span) {
        let p = self.program();
        let dims = [p.rows, p.cols];
        for d in dims {
            if let Dim::Var(v) = d
                && !read.contains(&v)
            {
                let name = self.scope.vars[v].0.clone();
                self.error(
                    CheckError::new(
                        span,
                        format!("the board size `{name}` is not known yet here"),
                        "needs the board",
                    )
                    .help(format!("read `{name}` before this item")),
                );
                return;
            }
        }
    }

    /// The letters of an `unmoved` item, each with the pieces it says have not moved.
    fn unmoved_letters(&mut self, defs: &[ast::UnmovedDef]) -> Vec<UnmovedLetter> {
        let mut out: Vec<UnmovedLetter> = Vec::new();
        for d in defs {
            let mut chars = d.letter.value.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() && c != '-' => c,
                _ => {
                    self.error(CheckError::new(
                        d.letter.span,
                        "a letter of `unmoved` is one visible character other than `-`",
                        "not one letter",
                    ));
                    continue;
                }
            };
            if out.iter().any(|l| l.letter == letter) {
                self.error(CheckError::new(
                    d.letter.span,
                    format!("the letter `{letter}` is given twice"),
                    "again here",
                ));
                continue;
            }
            let mut pieces = Vec::new();
            for place in &d.pieces {
                let Some(side) = self.side_ref(&place.side, &Cx::default()) else {
                    continue;
                };
                let Some(kind) = self.kind_or_first(place.kind.as_ref()) else {
                    continue;
                };
                let code = self.prog().code(side, kind);
                for sq in &place.squares {
                    pieces.push((sq.value.clone(), code));
                }
            }
            out.push(UnmovedLetter { letter, pieces });
        }
        out
    }

    fn input_items(&mut self, items: &[InputItem], read: &mut Vec<VarId>) -> Vec<InItem> {
        let mut out = Vec::new();
        for item in items {
            match item {
                InputItem::Grid(span) => {
                    self.board_known(read, *span);
                    out.push(InItem::Grid);
                }
                InputItem::PackedGrid(sep, span) => {
                    self.board_known(read, *span);
                    let sep = sep.as_ref().map_or("/".to_string(), |s| s.value.clone());
                    if sep.is_empty()
                        || sep.chars().any(|c| c.is_whitespace() || c.is_ascii_digit())
                    {
                        self.error(CheckError::new(
                            *span,
                            "rows are separated by text without spaces or digits",
                            "not a usable separator",
                        ));
                    }
                    out.push(InItem::PackedGrid(sep));
                }
                InputItem::Mover(_, words) => {
                    let mut names = Vec::new();
                    for (word, side) in words {
                        if word.value.is_empty() || word.value.chars().any(char::is_whitespace) {
                            self.error(CheckError::new(
                                word.span,
                                "a side to move is written as one token without spaces",
                                "not one token",
                            ));
                        }
                        if let Some(s) = self.side_ref(side, &Cx::default()) {
                            names.push((word.value.clone(), s));
                        }
                    }
                    out.push(InItem::Mover(names));
                }
                InputItem::Unmoved(defs, _) => {
                    let letters = self.unmoved_letters(defs);
                    out.push(InItem::Unmoved(letters));
                }
                InputItem::Marked(_) => out.push(InItem::Marked),
                InputItem::LastTo(_) => out.push(InItem::LastTo),
                InputItem::Hand(_) => out.push(InItem::Hand),
                InputItem::Roll(span) => {
                    if self.prog().dice.is_none() {
                        self.error(
                            CheckError::new(*span, "there is no roll to read", "no dice")
                                .help("say what a turn begins with: `roll one die`"),
                        );
                    }
                    out.push(InItem::Roll);
                }
                InputItem::Quiet(kinds, _) => {
                    self.quiet_kinds(kinds);
                    out.push(InItem::Quiet);
                }
                InputItem::Read(names) => {
                    let vars: Vec<ReadVar> =
                        names.iter().filter_map(|r| self.read_var(r)).collect();
                    read.extend(vars.iter().map(|r| r.var));
                    out.push(InItem::Read(vars));
                }
                InputItem::Literal(s) => {
                    if s.value.is_empty() || s.value.chars().any(char::is_whitespace) {
                        self.error(
                            CheckError::new(
                                s.span,
                                "an input literal must be non-empty text without spaces",
                                "not a single token",
                            )
                            .help("write one literal per word: \"a\" \"b\""),
                        );
                    }
                    out.push(InItem::Literal(s.value.clone()));
                }
                InputItem::Squares {
                    words,
                    separator,
                    span,
                } => {
                    self.board_known(read, *span);
                    if let Some(item) = self.square_list(words, separator.as_ref(), *span, read) {
                        out.push(item);
                    }
                }
            }
        }
        out
    }

    /// A name of a `read` item with its range: each bound a number, the range not empty
    /// (what is wrong is reported, and the variable is read all the same).
    fn read_var(&mut self, r: &ast::ReadName) -> Option<ReadVar> {
        let var = self.scope.var(&r.name.text)?;
        let Some(range) = &r.range else {
            return Some(ReadVar {
                var,
                least: 0,
                most: i64::MAX,
            });
        };
        let mut bound = |w: &Option<Word>, none: i64| match w {
            None => Some(none),
            Some(Word::Int(v, _)) => Some(*v as i64),
            Some(Word::Name(n)) => {
                let (what, help) = match self.scope.var(&n.text) {
                    Some(_) => (
                        "an input variable",
                        format!(
                            "to hold one number read to another, write a `require` line: `require {} <= {} else \"...\"`",
                            r.name.text, n.text
                        ),
                    ),
                    None => (
                        "a name",
                        "write the number in digits: `at least 1`, `at most 19`, `from 1 to 19`"
                            .to_string(),
                    ),
                };
                self.error(
                    CheckError::new(
                        n.span,
                        format!(
                            "a bound of `read` is a number written in digits, but `{}` is {what}",
                            n.text
                        ),
                        "not a number",
                    )
                    .help(help),
                );
                None
            }
        };
        // A bound in error is reported once; the variable is still read.
        let least = bound(&range.least, 0).unwrap_or(0);
        let most = bound(&range.most, i64::MAX).unwrap_or(i64::MAX);
        if least > most {
            self.error(
                CheckError::new(
                    range.span,
                    format!(
                        "no number is from {least} to {most}, so no input could give `{}`",
                        r.name.text
                    ),
                    "an empty range",
                )
                .help(format!(
                    "write the smaller bound first: `from {most} to {least}`"
                )),
            );
        }
        Some(ReadVar { var, least, most })
    }

    fn square_list(
        &mut self,
        words: &[Word],
        separator: Option<&ast::Str>,
        span: ast::Span,
        read: &[VarId],
    ) -> Option<InItem> {
        let is_side =
            |c: &Checker, w: &Word| matches!(w, Word::Name(n) if c.scope.side(&n.text).is_some());
        let (count, side_word, kind_word) = match words {
            [s] => (None, s, None),
            [a, b] if is_side(self, a) => (None, a, Some(b)),
            [c, s] => (Some(c), s, None),
            [c, s, k] => (Some(c), s, Some(k)),
            _ => unreachable!("the grammar allows one to three words"),
        };
        let count = match count {
            None => None,
            Some(Word::Int(v, _)) => Some(Count::Const(*v)),
            Some(Word::Name(n)) => match self.scope.var(&n.text) {
                Some(v) => {
                    if !read.contains(&v) {
                        self.error(CheckError::new(
                            n.span,
                            format!("`{}` is used before the input reads it", n.text),
                            "not read yet",
                        ));
                    }
                    Some(Count::Var(v))
                }
                None => {
                    let known = self.scope.vars.iter().map(|(n, _)| n.clone()).collect();
                    self.unknown("input variable", n, known);
                    return None;
                }
            },
        };
        let side = match side_word {
            Word::Name(n) => match self.scope.side(&n.text) {
                Some(s) => s,
                None => {
                    self.unknown("side", n, self.side_names());
                    return None;
                }
            },
            Word::Int(v, sp) => {
                self.error(CheckError::new(
                    *sp,
                    format!("expected a side name, found `{v}`"),
                    "a number",
                ));
                return None;
            }
        };
        let kind = match kind_word {
            None if self.program().kinds.len() > 1 => {
                let example = format!(
                    "e.g. `{} {} squares`",
                    self.prog().sides[side as usize].name,
                    self.prog().kinds[0]
                );
                self.error(
                    CheckError::new(
                        span,
                        "which kind of piece do these squares hold?",
                        "no kind given",
                    )
                    .help(example),
                );
                return None;
            }
            None => 0,
            Some(Word::Name(n)) => match self.scope.kind(&n.text) {
                Some(k) => k,
                None => {
                    let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
                    self.unknown("kind", n, known);
                    return None;
                }
            },
            Some(Word::Int(v, sp)) => {
                self.error(CheckError::new(
                    *sp,
                    format!("expected a kind name, found `{v}`"),
                    "a number",
                ));
                return None;
            }
        };
        if count.is_none() && separator.is_none() {
            self.error(
                CheckError::new(
                    span,
                    "say how many squares there are, or what separates them",
                    "no count, no separator",
                )
                .help("e.g. `b black squares` or `black squares separated by \",\"`"),
            );
            return None;
        }
        if let Some(s) = separator
            && (s.value.is_empty() || s.value.chars().any(char::is_whitespace))
        {
            self.error(CheckError::new(
                s.span,
                "a separator must be non-empty text without spaces",
                "not usable",
            ));
        }
        let piece = self.program().code(side, kind);
        Some(InItem::Squares {
            count,
            piece,
            separator: separator.map(|s| s.value.clone()),
        })
    }

    pub(crate) fn output(&mut self, stmts: &[AstOut]) {
        let mut out = OutputSpec {
            between: None,
            stmts: Vec::new(),
        };
        let mut prev_if = false;
        for st in stmts {
            match st {
                AstOut::Between(t) => {
                    if out.between.is_some() {
                        self.error(CheckError::new(
                            t.span,
                            "`between cases` is given twice",
                            "second one",
                        ));
                    }
                    let tpl = self.template(t, false);
                    out.between = Some(tpl);
                    prev_if = false;
                }
                AstOut::EachMove { template, sorted } => {
                    if self.program().moves.is_empty() {
                        self.error(CheckError::new(
                            template.span,
                            "there are no moves to list",
                            "no `move` statement in this file",
                        ));
                    }
                    let tpl = self.template(template, true);
                    out.stmts.push(OutStmt::EachMove {
                        template: tpl,
                        sorted: *sorted,
                    });
                    prev_if = false;
                }
                AstOut::Line {
                    template,
                    condition,
                } => {
                    let cond = self.line_condition(condition, &mut prev_if, "line");
                    let tpl = self.template(template, false);
                    out.stmts.push(OutStmt::Line {
                        template: tpl,
                        cond,
                    });
                }
            }
        }
        self.program().output = Some(out);
    }

    /// A line's condition; `prev_if` says whether the line before had `if` (for `otherwise`).
    pub(crate) fn line_condition(
        &mut self,
        condition: &LineCondition,
        prev_if: &mut bool,
        what: &str,
    ) -> LineCond {
        let cond = match condition {
            LineCondition::Always => LineCond::Always,
            LineCondition::If(e) => LineCond::If(self.bool_expr(e, &Cx::default())),
            LineCondition::Otherwise(span) => {
                if !*prev_if {
                    self.error(
                        CheckError::new(
                            *span,
                            format!("`otherwise` must follow a {what} with `if`"),
                            "nothing to be the otherwise of",
                        )
                        .help(format!(
                            "drop `otherwise`: a {what} without a condition always holds"
                        )),
                    );
                }
                LineCond::Otherwise
            }
        };
        *prev_if = matches!(condition, LineCondition::If(_));
        cond
    }

    pub(crate) fn template(&mut self, t: &ast::Template, move_fields: bool) -> Vec<TplPart> {
        let mut out = Vec::new();
        for part in &t.parts {
            match part {
                TemplatePart::Text(s) => {
                    if s.contains('\n') {
                        self.error(CheckError::new(
                            t.span,
                            "an output line cannot contain a line break",
                            "write two lines instead",
                        ));
                    }
                    out.push(TplPart::Text(s.clone()));
                }
                TemplatePart::Move(span) => {
                    if !move_fields {
                        self.error(
                            CheckError::new(
                                *span,
                                "`{move}` is the move an `each move` line is about",
                                "not in an `each move` line",
                            )
                            .help("e.g. `each move \"{move}\", sorted`"),
                        );
                    }
                    out.push(TplPart::Move);
                }
                TemplatePart::Position(span) => {
                    if self.prog().input.is_none() {
                        self.error(
                            CheckError::new(
                                *span,
                                "`{position}` writes the position as the input reads it, and this rules file has no input section",
                                "no input section",
                            )
                            .help("add one, e.g. `input repeat until end packed grid mover`"),
                        );
                    }
                    out.push(TplPart::Position);
                }
                TemplatePart::Hole(e) => {
                    let cx = Cx {
                        move_fields,
                        ..Cx::default()
                    };
                    let (x, ty) = self.expr(e, &cx);
                    out.push(match (x, ty) {
                        (Expr::From, _) => TplPart::From,
                        (Expr::To, _) => TplPart::To,
                        (x, Ty::Int) => TplPart::Value(x),
                        (_, _) => {
                            self.error(
                                CheckError::new(
                                    e.span,
                                    "only numbers and squares can be printed",
                                    "a condition",
                                )
                                .help("print one of two lines with `\"...\" if CONDITION`"),
                            );
                            continue;
                        }
                    });
                    if move_fields
                        && let Some(TplPart::Value(v)) = out.last()
                        && super::expr::needs(v, &self.let_needs).moves
                    {
                        self.error(CheckError::new(
                            e.span,
                            "a move's line cannot ask about moves",
                            "nested move question",
                        ));
                    }
                }
            }
        }
        out
    }
}

/// True if `e` uses only numbers, input variables and arithmetic.
fn only_numbers(e: &Expr) -> bool {
    match e {
        Expr::Int(_) | Expr::Var(_) => true,
        Expr::Neg(x) => only_numbers(x),
        Expr::Bin(Op::Add | Op::Sub | Op::Mul, a, b) => only_numbers(a) && only_numbers(b),
        _ => false,
    }
}

fn vars_in(e: &Expr, out: &mut Vec<VarId>) {
    match e {
        Expr::Var(v) => out.push(*v),
        Expr::Neg(x) | Expr::Not(x) => vars_in(x, out),
        Expr::Bin(_, a, b) => {
            vars_in(a, out);
            vars_in(b, out);
        }
        _ => {}
    }
}
