//! Every name of a syntax tree with the part it plays there: the declarations of sides,
//! kinds, directions, lets, let parameters and input variables, and every place a name
//! is used. Editors read it (the language server's definitions, references and renames);
//! the matches are exhaustive, so a new kind of node cannot leave its names out.

use super::ast::*;

/// What a name is, where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A declaration of that kind of name.
    Declares(Declared),
    /// A use where a side is expected (a let's parameter may stand for it).
    Side,
    /// A use where a kind is expected.
    Kind,
    /// A use that may be a side or a kind (`black pieces`, `to is man`).
    SideOrKind,
    /// A direction or a set of directions.
    Direction,
    /// A name in an expression: a let, an input variable, a parameter.
    Value,
    /// An input variable (a board size, a count of squares).
    Var,
    /// A word of an input item that may be any of them (`n black man squares`).
    Any,
    /// A zone's name, where a part of the board is expected (`on palace`).
    Zone,
    /// What every square holds (`seeds on to`).
    Held,
}

/// The kinds of name a rules file declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Declared {
    Side,
    Kind,
    Direction,
    DirectionSet,
    Let,
    /// The side parameter of a let (`let mobility of s = ...`), known inside that let.
    Param,
    /// An input variable (`read n`).
    Var,
    /// A named part of the board (`zone palace = ...`).
    Zone,
    /// What every square holds a count of (`each square holds seeds`).
    Held,
}

/// A name and the part it plays; `statement` is the span of the statement it is in.
#[derive(Debug, Clone, Copy)]
pub struct Occurrence<'a> {
    pub name: &'a Name,
    pub role: Role,
    pub statement: Span,
}

/// Every name of the file, in the order of the tree.
pub fn occurrences(file: &RulesFile) -> Vec<Occurrence<'_>> {
    let mut w = Walk {
        out: Vec::new(),
        statement: Span::default(),
    };
    for s in &file.statements {
        w.statement = s.span;
        w.statement_kind(&s.kind);
    }
    w.out
}

struct Walk<'a> {
    out: Vec<Occurrence<'a>>,
    statement: Span,
}

impl<'a> Walk<'a> {
    fn push(&mut self, name: &'a Name, role: Role) {
        self.out.push(Occurrence {
            name,
            role,
            statement: self.statement,
        });
    }

    fn all(&mut self, names: &'a [Name], role: Role) {
        for n in names {
            self.push(n, role);
        }
    }

    /// The name of a word of an input item, if it is one.
    fn word(&mut self, w: &'a Word, role: Role) {
        match w {
            Word::Int(..) => {}
            Word::Name(n) => self.push(n, role),
        }
    }

    fn statement_kind(&mut self, kind: &'a StatementKind) {
        use Declared as D;
        match kind {
            StatementKind::Board { rows, cols } => {
                for d in [rows, cols] {
                    if let Dim::Var(n) = d {
                        self.push(n, Role::Var);
                    }
                }
            }
            StatementKind::Squares { .. }
            | StatementKind::Blocks { .. }
            | StatementKind::Lines(_)
            | StatementKind::Empty(_)
            | StatementKind::CapturesMandatory { .. }
            | StatementKind::IdenticalCaptures { .. }
            | StatementKind::NoRepeat { .. }
            | StatementKind::Turns { .. }
            | StatementKind::Unchanged
            | StatementKind::ToHand { .. }
            | StatementKind::Stranded
            | StatementKind::Roll(_)
            | StatementKind::Stacks
            | StatementKind::Drawn { .. }
            | StatementKind::Notation { .. } => {}
            StatementKind::Sides(defs) => {
                for d in defs {
                    self.push(&d.name, Role::Declares(D::Side));
                    if let Some(f) = &d.forward {
                        self.push(f, Role::Direction);
                    }
                }
            }
            StatementKind::Kinds(names, _) => self.all(names, Role::Declares(D::Kind)),
            StatementKind::Zone { name, owner, .. } => {
                self.push(name, Role::Declares(D::Zone));
                if let Some(o) = owner {
                    self.push(o, Role::Side);
                }
            }
            StatementKind::Holds(name) => self.push(name, Role::Declares(D::Held)),
            StatementKind::Pieces(defs) => {
                for d in defs {
                    self.push(&d.side, Role::Side);
                    if let Some(k) = &d.kind {
                        self.push(k, Role::Kind);
                    }
                }
            }
            StatementKind::First(n) => self.push(n, Role::Side),
            StatementKind::Direction(defs) => {
                for d in defs {
                    self.push(&d.name, Role::Declares(D::Direction));
                    if let DirectionValue::Sum(names) = &d.value {
                        self.all(names, Role::Direction);
                    }
                }
            }
            StatementKind::Directions { name, members } => {
                self.push(name, Role::Declares(D::DirectionSet));
                for m in members {
                    match m {
                        DirItem::Name(n) => self.push(n, Role::Direction),
                        DirItem::Vector(..) => {}
                    }
                }
            }
            StatementKind::Promote { from, to, .. } => {
                self.push(from, Role::Kind);
                self.all(to, Role::Kind);
            }
            StatementKind::Let { name, param, body } => {
                self.push(name, Role::Declares(D::Let));
                if let Some(p) = param {
                    self.push(p, Role::Declares(D::Param));
                }
                self.expr(body);
            }
            StatementKind::Move(parts) => {
                for p in parts {
                    self.move_part(p);
                }
            }
            StatementKind::Require { condition, .. } => self.expr(condition),
            StatementKind::Input(decl) => self.input(decl),
            StatementKind::Output(stmts) => {
                for s in stmts {
                    match s {
                        OutStmt::Between(t) => self.template(t),
                        OutStmt::EachMove { template, .. } => self.template(template),
                        OutStmt::Line {
                            template,
                            condition,
                        } => {
                            self.template(template);
                            self.condition(condition);
                        }
                    }
                }
            }
            StatementKind::Setup(setup, hand) => {
                if let Some(k) = hand.as_ref().and_then(|h| h.kind.as_ref()) {
                    self.push(k, Role::Kind);
                }
                match setup {
                    Setup::Empty | Setup::Rows(_) => {}
                    Setup::Places(places) => self.places(places),
                }
            }
            StatementKind::Game(clauses) => {
                for c in clauses {
                    self.game_clause(c);
                }
            }
            StatementKind::Legal(cond) => self.expr(cond),
        }
    }

    fn places(&mut self, places: &'a [SetupPlace]) {
        for p in places {
            self.push(&p.side, Role::Side);
            if let Some(k) = &p.kind {
                self.push(k, Role::Kind);
            }
        }
    }

    fn game_clause(&mut self, c: &'a GameClause) {
        match c {
            GameClause::Stuck { .. } | GameClause::StopAfter(..) => {}
            GameClause::BetweenParts(cond, _) => {
                if let Some(c) = cond {
                    self.expr(c);
                }
            }
            GameClause::Result {
                outcome,
                template,
                condition,
                ..
            } => {
                if let Some(o) = outcome {
                    self.outcome(o);
                }
                if let Some(t) = template {
                    self.template(t);
                }
                self.condition(condition);
            }
            GameClause::End {
                outcome,
                template,
                condition,
                ..
            } => {
                self.outcome(outcome);
                if let Some(t) = template {
                    self.template(t);
                }
                self.expr(condition);
            }
        }
    }

    fn outcome(&mut self, o: &'a Outcome) {
        match o {
            Outcome::Draw(_) => {}
            Outcome::Wins(n) | Outcome::Loses(n) => self.push(n, Role::Side),
        }
    }

    fn condition(&mut self, c: &'a LineCondition) {
        match c {
            LineCondition::Always | LineCondition::Otherwise(_) => {}
            LineCondition::If(e) => self.expr(e),
        }
    }

    fn template(&mut self, t: &'a Template) {
        for p in &t.parts {
            match p {
                TemplatePart::Text(_) | TemplatePart::Move(_) | TemplatePart::Position(_) => {}
                TemplatePart::Hole(e) => self.expr(e),
            }
        }
    }

    fn move_part(&mut self, p: &'a MovePart) {
        match p {
            MovePart::Action {
                kinds,
                action,
                guard,
                ..
            } => {
                if let Some(g) = guard {
                    self.expr(g);
                }
                for k in kinds {
                    self.push(k, Role::Kind);
                }
                self.action(&action.kind);
            }
            MovePart::Where { condition, .. } => self.expr(condition),
            MovePart::LeavesNot(condition, _) => self.expr(condition),
            MovePart::Marking(_) | MovePart::MustFlip(_) => {}
            MovePart::Continue { .. } | MovePart::Captured { .. } => {}
            MovePart::Taking(words, _) => {
                match &words.taken {
                    Taken::Squares(s) => s.iter().for_each(|s| self.square_ref(s)),
                    Taken::Regions(r) => self.regions(r),
                    Taken::Set(s) => self.set(s),
                }
                if let Some(a) = &words.into {
                    self.area(a);
                }
                for e in words.when.iter().chain(&words.unless) {
                    self.expr(e);
                }
            }
            MovePart::Counts(..) | MovePart::Mandatory(_) => {}
            MovePart::Pushing { dirs, .. } => self.all(dirs, Role::Direction),
            MovePart::Pulling(s, _) => self.set(s),
            MovePart::Moving(a, b, _) => {
                self.square_ref(a);
                self.square_ref(b);
            }
            MovePart::Claiming(r, _) => self.regions(r),
            MovePart::Again(condition, _) => self.expr(condition),
            MovePart::Flip { dirs, .. } => self.all(dirs, Role::Direction),
        }
    }

    fn action(&mut self, a: &'a ActionKind) {
        match a {
            ActionKind::Slide { dirs, options } => {
                self.all(dirs, Role::Direction);
                self.slide_options(options);
            }
            ActionKind::Place { along, options } => {
                self.all(along, Role::Direction);
                self.slide_options(options);
            }
            ActionKind::Step { dirs, .. } | ActionKind::Jump { dirs, .. } => {
                self.all(dirs, Role::Direction);
            }
            ActionKind::Sow(sowing) => {
                let Sowing {
                    from,
                    along,
                    skipping,
                } = sowing.as_ref();
                self.area(from);
                self.push(along, Role::Direction);
                for s in skipping {
                    if let Skipped::Area(a) = s {
                        self.area(a);
                    }
                }
            }
            ActionKind::Pass
            | ActionKind::Rotate(_)
            | ActionKind::Remove(_)
            | ActionKind::Fly(_) => {}
        }
    }

    fn slide_options(&mut self, options: &'a [SlideOption]) {
        for o in options {
            match o {
                SlideOption::Distance(e) => self.expr(e),
                SlideOption::Over(_) | SlideOption::Onto(_) | SlideOption::PastEnd(_) => {}
            }
        }
    }

    fn input(&mut self, decl: &'a InputDecl) {
        for item in &decl.header {
            self.input_item(item);
        }
        if let Some(r) = &decl.repeat {
            match &r.until {
                RepeatUntil::End | RepeatUntil::Token(_) => {}
                RepeatUntil::Times(e) => self.expr(e),
            }
            for item in &r.body {
                self.input_item(item);
            }
        }
    }

    fn input_item(&mut self, item: &'a InputItem) {
        match item {
            InputItem::Grid(_)
            | InputItem::PackedGrid(..)
            | InputItem::Marked(_)
            | InputItem::LastTo(_)
            | InputItem::Hand(_)
            | InputItem::Roll(_)
            | InputItem::Literal(_) => {}
            InputItem::Mover(_, names) => {
                for (_, n) in names {
                    self.push(n, Role::Side);
                }
            }
            InputItem::Unmoved(defs, _) => {
                for d in defs {
                    self.places(&d.pieces);
                }
            }
            InputItem::Quiet(kinds, _) => self.all(kinds, Role::Kind),
            InputItem::Read(names) => {
                for r in names {
                    self.push(&r.name, Role::Declares(Declared::Var));
                    let bounds = r.range.iter().flat_map(|g| [&g.least, &g.most]);
                    // A bound is a number; a name there (an error) may be meant as a value.
                    for b in bounds.flatten() {
                        self.word(b, Role::Value);
                    }
                }
            }
            InputItem::Squares { words, .. } => {
                for w in words {
                    self.word(w, Role::Any);
                }
            }
        }
    }

    fn expr(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Int(_)
            | ExprKind::Size
            | ExprKind::NoMoves
            | ExprKind::PassesInARow(_)
            | ExprKind::TheRoll
            | ExprKind::TheDie
            | ExprKind::Repeated(_)
            | ExprKind::CountMoves(None) => {}
            ExprKind::Ref { name, arg } => {
                self.push(name, Role::Value);
                if let Some(a) = arg {
                    self.push(a, Role::Side);
                }
            }
            ExprKind::Neg(a) | ExprKind::Not(a) | ExprKind::CountMoves(Some(a)) => self.expr(a),
            ExprKind::Best { body, .. } => self.expr(body),
            ExprKind::Binary(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::CountSet(s) | ExprKind::NoSet(s) | ExprKind::AnySet(s) => self.set(s),
            ExprKind::CountRegions(r) | ExprKind::NoRegions(r) | ExprKind::AnyRegions(r) => {
                self.regions(r);
            }
            ExprKind::RegionSum { body, regions } => {
                self.expr(body);
                self.regions(regions);
            }
            ExprKind::ToMove(n) => self.push(n, Role::Side),
            ExprKind::PliesWithout(kinds) => self.all(kinds, Role::Kind),
            ExprKind::InARow { set, dirs, .. } => {
                self.set(set);
                self.all(dirs, Role::Direction);
            }
            ExprKind::SquareTest { at, class, .. } => {
                self.square_ref(at);
                self.square_class(class);
            }
            ExprKind::BlockTest { block, cond, .. } => {
                self.square_ref(&block.at);
                self.expr(cond);
            }
            ExprKind::CountBlocks(cond, _) => self.expr(cond),
            ExprKind::Held { name, at, .. } => {
                self.push(name, Role::Held);
                match at.as_ref() {
                    HeldAt::Square(s) => self.square_ref(s),
                    HeldAt::Area(a) => self.area(a),
                }
            }
            ExprKind::BlocksInARow { cond, dirs, .. } => {
                self.expr(cond);
                self.all(dirs, Role::Direction);
            }
        }
    }

    fn square_ref(&mut self, s: &'a SquareRef) {
        for (_, d) in &s.steps {
            self.push(d, Role::Direction);
        }
    }

    fn square_class(&mut self, c: &'a SquareClass) {
        match c {
            SquareClass::OffBoard | SquareClass::Marked => {}
            SquareClass::Strength(_, s) => self.square_ref(s),
            SquareClass::Attacked(a) => self.attacker(a.as_ref()),
            SquareClass::On(area) => self.area(area),
            SquareClass::OnBlock(b) => self.square_ref(&b.at),
            SquareClass::InRow(row) => {
                for d in &row.dirs {
                    self.push(d, Role::Direction);
                }
            }
            SquareClass::Piece { words, .. } => match words {
                None | Some(PieceWords::Empty) => {}
                Some(PieceWords::Own(k) | PieceWords::Enemy(k)) => self.kind(k.as_ref()),
                Some(PieceWords::Named(n, k)) => {
                    self.push(n, Role::SideOrKind);
                    self.kind(k.as_ref());
                }
            },
        }
    }

    fn kind(&mut self, k: Option<&'a Name>) {
        if let Some(k) = k {
            self.push(k, Role::Kind);
        }
    }

    fn attacker(&mut self, a: Option<&'a Attacker>) {
        match a {
            None | Some(Attacker::Enemy) => {}
            Some(Attacker::Side(n)) => self.push(n, Role::Side),
        }
    }

    fn area(&mut self, a: &'a Area) {
        match a {
            Area::FarRow(_, side, _) | Area::HomeRow(side, _) | Area::NthRow(_, side, _) => {
                if let Some(s) = side {
                    self.push(s, Role::Side);
                }
            }
            Area::Edge(..) | Area::Colour(..) => {}
            Area::Zone(n) => self.push(n, Role::Zone),
            Area::Owned(n, owner) => {
                self.push(n, Role::Zone);
                if let Owner::Side(s) = owner {
                    self.push(s, Role::Side);
                }
            }
        }
    }

    fn set(&mut self, s: &'a SquareSet) {
        let near = s.near.as_deref();
        let strength = near.and_then(|w| w.strength.as_ref()).map(|(_, at)| at);
        for at in strength
            .into_iter()
            .chain(near.and_then(|w| w.next_to.as_ref()))
            .chain(near.and_then(|w| w.behind.as_ref().map(|(at, _)| at)))
            .chain(near.and_then(|w| w.on_square.as_ref()))
        {
            self.square_ref(at);
        }
        if let Some((_, dir)) = near.and_then(|w| w.behind.as_ref()) {
            self.push(dir, Role::Direction);
        }
        for base in std::iter::once(&s.base).chain(&s.more) {
            match base {
                SetBase::Own(k) | SetBase::Enemy(k) => self.kind(k.as_ref()),
                SetBase::Empty | SetBase::Pieces | SetBase::Squares => {}
                SetBase::Side { side, kind } => {
                    self.push(side, Role::SideOrKind);
                    self.kind(kind.as_ref());
                }
            }
        }
        for a in s.area.iter().chain(&s.also) {
            self.area(a);
        }
        for d in s.row.iter().flat_map(|r| &r.dirs) {
            self.push(d, Role::Direction);
        }
        if let Some(a) = &s.attacked {
            self.attacker(a.as_ref());
        }
        if let Some(run) = near.and_then(|w| w.run.as_ref()) {
            self.square_ref(&run.0);
            self.push(&run.1, Role::Direction);
        }
    }

    fn regions(&mut self, r: &'a Regions) {
        self.set(&r.of);
        self.all(&r.by, Role::Direction);
        match &r.border {
            None | Some(Border::Nothing) => {}
            Some(Border::Only(n) | Border::Any(n)) => self.push(n, Role::Side),
        }
        for a in &r.touching {
            self.area(a);
        }
    }
}
