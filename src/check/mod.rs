//! Stage 2: names and types. Checks the syntax tree and lowers it into the [`Program`]
//! (every name an index, every direction fixed to each side, every expression typed),
//! reporting every semantic error it finds (not just the first), each with its span.
//!
//! One file per concept: sides, kinds and pieces (`sides.rs`), the board and its square
//! names (`board.rs`), directions (`directions.rs`), lets (`lets.rs`), expressions
//! (`expr.rs`), moves (`moves.rs`), whole games (`whole_game.rs`) and the input and output
//! sections (`sections.rs`); this file gathers the statements and checks them in order.

mod blocks;
mod board;
mod check_error;
mod counting;
mod counts;
mod dice;
mod directions;
mod drawing;
mod expr;
mod lets;
mod lines;
mod lints;
mod moves;
mod near;
mod scope;
mod sections;
mod sides;
mod slide_clauses;
mod squares;
mod turns;
mod whole_game;
mod zones;

use std::collections::HashMap;

pub use check_error::CheckError;
pub use lints::warnings;
pub use scope::{BUILTIN_DIRECTIONS, BUILTIN_SETS, DirValue, Scope};

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
        passes_asked: None,
        unknowns: Vec::new(),
    };
    let program = c.run(file);
    c.report_unknowns();
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
    /// Where `N passes in a row` is first asked.
    pub passes_asked: Option<Span>,
    /// Unknown names met, reported at the end: a name misspelt the same way many times is
    /// one error at the declaration it likely misspells.
    pub unknowns: Vec<Unknown>,
}

/// An unknown name, and where its error is in the list.
pub(crate) struct Unknown {
    what: String,
    name: String,
    best: Option<String>,
    index: usize,
}

/// A file's statements by kind: one of each kind a file has once (a second is reported),
/// every one of the kinds it may have many of, in order.
#[derive(Default)]
pub(super) struct Statements<'a> {
    seen: HashMap<&'static str, &'a ast::Statement>,
    lets: Vec<&'a ast::Statement>,
    moves: Vec<&'a ast::Statement>,
    requires: Vec<&'a ast::Statement>,
    promotes: Vec<&'a ast::Statement>,
    legal: Vec<&'a ast::Statement>,
    directions: Vec<&'a ast::Statement>,
    zones: Vec<&'a ast::Statement>,
}

impl<'a> Statements<'a> {
    /// The statement of a singleton kind, if the file has it.
    fn get(&self, key: &str) -> Option<&'a ast::Statement> {
        self.seen.get(key).copied()
    }

    fn kind(&self, key: &str) -> Option<&'a StatementKind> {
        self.get(key).map(|s| &s.kind)
    }
}

impl Checker {
    pub fn error(&mut self, e: CheckError) {
        self.errors.push(e);
    }

    /// The kind a piece is of: the one named (reported when unknown: `None`), or the first.
    pub fn kind_or_first(&mut self, kind: Option<&Name>) -> Option<KindId> {
        let Some(k) = kind else { return Some(0) };
        let found = self.scope.kind(&k.text);
        if found.is_none() {
            let known = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
            self.unknown("kind", k, known);
        }
        found
    }

    pub fn unknown(&mut self, what: &str, name: &Name, known: Vec<String>) {
        let mut e = CheckError::new(
            name.span,
            format!("unknown {what} `{}`", name.text),
            format!("not a known {what}"),
        );
        let best = crate::suggest::closest(&name.text, known.iter().map(String::as_str));
        if let Some(best) = best {
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
        self.unknowns.push(Unknown {
            what: what.to_string(),
            name: name.text.clone(),
            best: best.map(str::to_string),
            index: self.errors.len(),
        });
        self.error(e);
    }

    /// A name used more than once that is close to one declaration: its errors become
    /// one, at that declaration (the likely typo).
    fn report_unknowns(&mut self) {
        let unknowns = std::mem::take(&mut self.unknowns);
        let mut drop = vec![false; self.errors.len()];
        let mut done = vec![false; unknowns.len()];
        for (i, u) in unknowns.iter().enumerate() {
            if done[i] {
                continue;
            }
            let same: Vec<usize> = (i..unknowns.len())
                .filter(|&j| unknowns[j].what == u.what && unknowns[j].name == u.name)
                .collect();
            let declared = u.best.as_deref().and_then(|b| self.declaration(&u.what, b));
            let Some((best, at)) = declared.filter(|_| same.len() > 1) else {
                continue;
            };
            let first = self.errors[u.index].span;
            self.errors[u.index] = CheckError::new(
                at,
                format!(
                    "{} `{best}` is declared here, but the file uses `{}` {} times: is `{best}` a typo?",
                    u.what,
                    u.name,
                    same.len()
                ),
                format!("declared as `{best}`"),
            )
            .also(first, format!("`{}` first used here", u.name))
            .help(format!(
                "declare it as `{}`, or write `{best}` where the file says `{}`",
                u.name, u.name
            ));
            for &j in &same[1..] {
                drop[unknowns[j].index] = true;
            }
            for j in same {
                done[j] = true;
            }
        }
        let mut k = 0;
        self.errors.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
    }

    /// Where the file declares the `what` named `name` (sides, kinds and lets).
    fn declaration(&self, what: &str, name: &str) -> Option<(String, Span)> {
        let list: &[(String, Span)] = match what {
            "kind" => &self.scope.kinds,
            "side" => &self.scope.sides,
            "name" => &self.scope.all_lets,
            _ => return None,
        };
        list.iter()
            .find(|(n, at)| n == name && *at != Span::default())
            .map(|(n, at)| (n.clone(), *at))
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
        let st = self.gather(file);
        self.required_sections(&st);
        let sides = self.declare_sides(&st);
        let kinds = self.declare_kinds(&st, sides.len());
        self.program = Some(empty_program(sides, kinds, &st));
        self.symbols(&st);
        // Directions: user definitions first, so side forwards can use them.
        for d in &st.directions {
            self.direction_statement(d);
        }
        self.forwards(&st);
        self.board(&st);
        self.holds(&st);
        self.zones(&st.zones);
        self.routes();
        // Hands are kept when the setup gives some or the input reads them.
        let given = matches!(st.kind("setup"), Some(StatementKind::Setup(_, Some(_))));
        let read = match st.kind("input") {
            Some(StatementKind::Input(decl)) => decl
                .header
                .iter()
                .chain(decl.repeat.iter().flat_map(|r| &r.body))
                .any(|i| matches!(i, ast::InputItem::Hand(_))),
            _ => false,
        };
        let (to_hand, owners) = match st.kind("captured pieces go to the captor's hand") {
            Some(StatementKind::ToHand {
                unpromoted,
                owners,
                zone,
            }) => {
                self.capture_zone(zone.as_ref(), *owners);
                (Some(*unpromoted), *owners)
            }
            _ => (None, false),
        };
        self.program().stacks = st.get("pieces stack").is_some();
        self.drawn(&st);
        self.program().to_hand = to_hand;
        self.program().hand_owners = owners;
        self.dice(&st);
        self.program().stranded = st
            .get("no piece may stand where it can never move")
            .is_some();
        let to_zone = self.prog().capture_to.is_some();
        self.program().hands = given || read || (to_hand.is_some() && !to_zone);
        if let Some(StatementKind::First(n)) = st.kind("first") {
            match self.scope.side(&n.text) {
                Some(s) => self.program().first = s,
                None => self.unknown("side", n, self.side_names()),
            }
        }
        for l in &st.lets {
            if let StatementKind::Let { name, .. } = &l.kind {
                self.scope.all_lets.push((name.text.clone(), name.span));
            }
        }
        for l in &st.lets {
            if let StatementKind::Let { name, param, body } = &l.kind {
                self.let_statement(name, param.as_ref(), body);
            }
        }
        for p in &st.promotes {
            if let StatementKind::Promote {
                from,
                to,
                at_once,
                rows,
                optional,
            } = &p.kind
            {
                let rows = rows.map(|(n, span)| self.far_rows(n, span));
                self.promote(p.keyword, (from, to), *at_once, (rows, *optional));
            }
        }
        self.moves(&st.moves);
        self.turns(&st);
        for l in &st.legal {
            if let StatementKind::Legal(cond) = &l.kind {
                let cx = expr::Cx {
                    after_move: true,
                    ..expr::Cx::default()
                };
                let cond = self.bool_expr(cond, &cx);
                self.program().legal.push((cond, l.span));
            }
        }
        if let Some(StatementKind::Notation {
            separator,
            captures,
            promotions,
            drops,
        }) = st.kind("moves written")
        {
            self.program().move_notation = MoveNotation {
                separator: separator.value.clone(),
                captures: captures.as_ref().map(|c| c.value.clone()),
                promotions: promotions.clone(),
                drops: drops.as_ref().map(|d| d.value.clone()),
            };
        }
        for r in &st.requires {
            if let StatementKind::Require { condition, message } = &r.kind {
                let cond = self.bool_expr(condition, &expr::Cx::default());
                self.program().requires.push(Require {
                    condition: cond,
                    message: message.value.clone(),
                });
            }
        }
        self.sections(&st);
        self.capture_rules(&st);
        let mut program = self.program.take().expect("program was set up");
        program.mark_fixed_conditions();
        program.vars = self.scope.vars.iter().map(|(n, _)| n.clone()).collect();
        program
    }

    /// The statements by kind, reporting a second statement of a kind a file has once.
    fn gather<'a>(&mut self, file: &'a ast::RulesFile) -> Statements<'a> {
        let mut st = Statements::default();
        for s in &file.statements {
            let key = match &s.kind {
                StatementKind::Board { .. } => "board",
                StatementKind::Blocks { .. } => "blocks",
                StatementKind::Lines(_) => "lines",
                StatementKind::Squares { .. } => "squares",
                StatementKind::Sides(_) => "sides",
                StatementKind::Kinds(..) => "kinds",
                StatementKind::Turns { .. } => "turns",
                StatementKind::Unchanged => "no turn may leave the board unchanged",
                StatementKind::Pieces(_) => "pieces",
                StatementKind::Empty(_) => "empty",
                StatementKind::First(_) => "first",
                StatementKind::Input(_) => "input",
                StatementKind::Output(_) => "output",
                StatementKind::Setup(..) => "setup",
                StatementKind::Game(_) => "game",
                StatementKind::CapturesMandatory { .. } => "captures are mandatory",
                StatementKind::IdenticalCaptures { .. } => "identical captures are one move",
                StatementKind::NoRepeat { .. } => "no move may repeat",
                StatementKind::Notation { .. } => "moves written",
                StatementKind::Holds(_) => "each square holds",
                StatementKind::ToHand { .. } => "captured pieces go to the captor's hand",
                StatementKind::Stranded => "no piece may stand where it can never move",
                StatementKind::Roll(_) => "roll",
                StatementKind::Stacks => "pieces stack",
                StatementKind::Drawn { .. } => "drawn",
                StatementKind::Legal(_) => {
                    st.legal.push(s);
                    continue;
                }
                StatementKind::Let { .. } => {
                    st.lets.push(s);
                    continue;
                }
                StatementKind::Move(_) => {
                    st.moves.push(s);
                    continue;
                }
                StatementKind::Require { .. } => {
                    st.requires.push(s);
                    continue;
                }
                StatementKind::Promote { .. } => {
                    st.promotes.push(s);
                    continue;
                }
                StatementKind::Direction(_) | StatementKind::Directions { .. } => {
                    st.directions.push(s);
                    continue;
                }
                StatementKind::Zone { .. } => {
                    st.zones.push(s);
                    continue;
                }
            };
            if let Some(first) = st.get(key) {
                self.error(
                    CheckError::new(
                        s.keyword,
                        format!("a second `{key}` statement"),
                        "given again here",
                    )
                    .also(first.keyword, "first given here")
                    .help(format!("a rules file has one `{key}` statement")),
                );
            } else {
                st.seen.insert(key, s);
            }
        }
        st
    }

    /// A file needs a board and sides; input and output sections unless it sets up a whole
    /// game (which is played, not read).
    fn required_sections(&mut self, st: &Statements) {
        let played = st.get("setup").is_some();
        self.scope.no_board = st.get("board").is_none();
        for required in ["board", "sides", "input", "output"] {
            if st.get(required).is_none() && !(played && matches!(required, "input" | "output")) {
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
    }

    /// Every `move` statement, in order.
    fn moves(&mut self, moves: &[&ast::Statement]) {
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
    }

    /// The input and output sections and the whole-game statements.
    fn sections(&mut self, st: &Statements) {
        if let Some(StatementKind::Input(decl)) = st.kind("input") {
            self.input(decl);
        }
        if let Some(StatementKind::Output(stmts)) = st.kind("output") {
            self.output(stmts);
        }
        if let Some(s) = st.get("setup")
            && let StatementKind::Setup(setup, hand) = &s.kind
        {
            self.setup(s.keyword, setup);
            if let Some(hand) = hand {
                self.setup_hand(hand);
            }
        }
        if let Some(s) = st.get("game")
            && let StatementKind::Game(clauses) = &s.kind
        {
            self.game(s.keyword, clauses);
        }
    }
}

/// The program before the statements fill it in.
fn empty_program(sides: Vec<SideInfo>, kinds: Vec<String>, st: &Statements) -> Program {
    Program {
        rows: Dim::Fixed(1),
        cols: Dim::Fixed(1),
        blocks: None,
        points: None,
        zones: Vec::new(),
        unions: Vec::new(),
        hands: false,
        to_hand: None,
        hand_owners: false,
        capture_to: None,
        stacks: false,
        drawn: None,
        drawing: Drawing::default(),
        figures: None,
        stranded: false,
        hand_setup: Vec::new(),
        held: None,
        notation: Notation {
            parts: vec![
                (ast::Axis::Column, ast::Style::Letter),
                (ast::Axis::Row, ast::Style::Number),
            ],
            joined: vec![true],
            rows_from_bottom: false,
            cols_from_right: false,
            lowercase: false,
            numbered: false,
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
        input: None,
        output: None,
        vars: Vec::new(),
        regions: Vec::new(),
        input_span: Span::default(),
        setup: None,
        game: None,
        legal: Vec::new(),
        quiet_kinds: 0,
        move_notation: MoveNotation {
            separator: "-".to_string(),
            captures: None,
            promotions: None,
            drops: None,
        },
        captures_mandatory: st.get("captures are mandatory").is_some(),
        captures_mandatory_span: st.get("captures are mandatory").map(|s| s.span),
        captures_most: matches!(
            st.kind("captures are mandatory"),
            Some(StatementKind::CapturesMandatory { most: true })
        ),
        identical_one: st.get("identical captures are one move").is_some(),
        identical_span: st.get("identical captures are one move").map(|s| s.span),
        identical_ordered: matches!(
            st.kind("identical captures are one move"),
            Some(StatementKind::IdenticalCaptures { ordered: true })
        ),
        no_repeat: match st.kind("no move may repeat") {
            Some(StatementKind::NoRepeat { earlier: true }) => Some(Repetition::Earlier),
            Some(_) => Some(Repetition::BeforeLast),
            None => None,
        },
        no_repeat_span: st.get("no move may repeat").map(|s| s.span),
        ranked: matches!(st.kind("kinds"), Some(StatementKind::Kinds(_, seps)) if !seps.is_empty() && seps.iter().all(|(gt, _)| *gt)),
        turns: None,
        unchanged: None,
        adjacent: Vec::new(),
        dice: None,
    }
}

fn required_help(what: &str) -> &'static str {
    match what {
        "board" => "add e.g. `board 8 x 8`",
        "sides" => "add e.g. `sides black \"X\", white \"O\"`",
        "input" => {
            "add an input section, e.g. `input repeat until end grid mover`, or a `setup` for a whole game"
        }
        _ => {
            "add an output section, e.g. `output \"{count moves}\"`, or a `setup` for a whole game"
        }
    }
}
