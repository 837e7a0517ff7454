//! From pest pairs to the typed syntax tree.

use pest::Parser;
use pest::iterators::{Pair, Pairs};

use super::ast::*;
use super::grammar::{Rule, RulesParser};
use super::pairs::{integer, keyword_span, name, name_list, signed, span, string, timing};
use super::parse_drawing::drawn;
use super::parse_expr::{expr, template};
use super::parse_move::move_part;
use super::syntax_error::SyntaxError;

/// pest's settings (the call limit, error details) are process-wide: every parse holds
/// this lock while it sets them and parses.
pub(super) static PEST_SETTINGS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Parses a whole rules file. Syntax errors stop at the first one (pest cannot recover);
/// every semantic error is left to the checker.
pub fn parse(source: &str) -> Result<RulesFile, SyntaxError> {
    // Bound the parser's work, so no file can make it run away; then parse quickly, and
    // only after a failure again with the details that make a good message. pest keeps
    // both settings process-wide: a parse in another thread must not switch them between
    // ours (the detailed parse would lose its details, the quick one run slowly).
    let _settings = PEST_SETTINGS.lock().unwrap_or_else(|e| e.into_inner());
    pest::set_call_limit(std::num::NonZeroUsize::new(CALL_LIMIT));
    pest::set_error_detail(false);
    let mut pairs = match RulesParser::parse(Rule::file, source) {
        Ok(p) => p,
        Err(e) if !is_limit(&e) => {
            pest::set_error_detail(true);
            let detailed = RulesParser::parse(Rule::file, source)
                .err()
                .filter(|d| !is_limit(d))
                .unwrap_or(e);
            return Err(SyntaxError::from_pest(detailed, source));
        }
        Err(_) => {
            return Err(SyntaxError::custom(
                Span::new(0, 0),
                "this rules file is too long or too deeply nested to parse",
                Some("split long expressions into `let` definitions"),
            ));
        }
    };
    let file = pairs.next().expect("the file rule always yields one pair");
    let mut out = RulesFile::default();
    for pair in file.into_inner() {
        if pair.as_rule() == Rule::EOI {
            break;
        }
        out.statements.push(statement(pair)?);
    }
    Ok(out)
}

/// The most grammar-rule calls one parse may make (a long real file needs far fewer).
pub(super) const CALL_LIMIT: usize = 20_000_000;

fn is_limit(e: &pest::error::Error<Rule>) -> bool {
    matches!(&e.variant, pest::error::ErrorVariant::CustomError { message } if message.ends_with("limit reached"))
}

fn statement(pair: Pair<Rule>) -> Result<Statement, SyntaxError> {
    let sp = span(&pair);
    let keyword = keyword_span(&pair);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    let kind = match rule {
        Rule::board => {
            let rows = dim(inner.next().unwrap())?;
            let cols = dim(inner.next().unwrap())?;
            StatementKind::Board { rows, cols }
        }
        Rule::blocks => {
            let rows = integer(&inner.next().unwrap())?;
            let cols = integer(&inner.next().unwrap())?;
            StatementKind::Blocks { rows, cols }
        }
        Rule::lines => StatementKind::Lines(
            inner
                .map(|line| line.into_inner().map(name).collect())
                .collect(),
        ),
        Rule::zone => {
            let mut inner = inner.peekable();
            let name_ = name(inner.next().unwrap());
            let owner = inner.next_if(|p| p.as_rule() == Rule::name).map(name);
            StatementKind::Zone {
                name: name_,
                owner,
                items: inner.map(zone_item).collect(),
            }
        }
        Rule::holds => StatementKind::Holds(name(inner.nth(1).unwrap())),
        Rule::squares => squares(inner)?,
        Rule::sides => sides(inner)?,
        Rule::kinds => {
            let (mut names, mut seps) = (Vec::new(), Vec::new());
            for p in inner {
                match p.as_rule() {
                    Rule::kind_sep => seps.push((p.as_str() == ">", span(&p))),
                    _ => names.push(name(p)),
                }
            }
            StatementKind::Kinds(names, seps)
        }
        Rule::turns => {
            let mut it = inner.skip(1);
            let least = integer(&it.next().unwrap())?;
            let most = match it.next() {
                Some(m) => integer(&m)?,
                None => least,
            };
            StatementKind::Turns { least, most }
        }
        Rule::unchanged => StatementKind::Unchanged,
        Rule::pieces => pieces(inner)?,
        Rule::empty => StatementKind::Empty(string(inner.next().unwrap())?),
        Rule::first => StatementKind::First(name(inner.next().unwrap())),
        Rule::direction => direction(inner)?,
        Rule::directions => {
            let n = name(inner.next().unwrap());
            let mut members = Vec::new();
            for item in inner {
                let v = item.into_inner().next().unwrap();
                members.push(match v.as_rule() {
                    Rule::vector => {
                        let vsp = span(&v);
                        let mut c = v.into_inner();
                        let dr = signed(&c.next().unwrap())?;
                        let dc = signed(&c.next().unwrap())?;
                        DirItem::Vector(dr, dc, vsp)
                    }
                    _ => DirItem::Name(name(v)),
                });
            }
            StatementKind::Directions { name: n, members }
        }
        Rule::promote => promote(inner)?,
        Rule::to_hand => {
            let mut parts = Vec::new();
            let mut zone = None;
            for p in inner {
                if p.as_rule() == Rule::name {
                    zone = Some(name(p));
                } else {
                    parts.push(p.as_rule());
                }
            }
            StatementKind::ToHand {
                unpromoted: parts.contains(&Rule::unpromoted_word),
                owners: parts.contains(&Rule::their_owners),
                zone,
            }
        }
        Rule::roll => roll(inner)?,
        Rule::stranded => StatementKind::Stranded,
        Rule::stacks => StatementKind::Stacks,
        Rule::drawn => drawn(inner),
        Rule::let_ => {
            let n = name(inner.next().unwrap());
            let mut rest: Vec<_> = inner.collect();
            let body = expr(rest.pop().unwrap())?;
            let param = rest.pop().map(name);
            StatementKind::Let {
                name: n,
                param,
                body,
            }
        }
        Rule::move_ => {
            let mut parts = Vec::new();
            for p in inner {
                parts.push(move_part(p)?);
            }
            StatementKind::Move(parts)
        }
        Rule::require => {
            let condition = expr(inner.next().unwrap())?;
            let message = string(inner.next().unwrap())?;
            StatementKind::Require { condition, message }
        }
        Rule::input => input_section(inner)?,
        Rule::setup => setup(inner)?,
        Rule::mandatory => StatementKind::CapturesMandatory {
            most: inner.next().is_some(),
        },
        Rule::identical => StatementKind::IdenticalCaptures {
            ordered: inner.next().is_some(),
        },
        Rule::no_repeat => StatementKind::NoRepeat {
            earlier: inner.next().unwrap().as_rule() == Rule::earlier_position,
        },
        Rule::legal => StatementKind::Legal(expr(inner.next().unwrap())?),
        Rule::notation => notation(inner)?,
        Rule::game => game(inner)?,
        Rule::output => {
            let mut stmts = Vec::new();
            for p in inner {
                stmts.push(out_stmt(p)?);
            }
            StatementKind::Output(stmts)
        }
        other => unreachable!("statement rule {other:?}"),
    };
    Ok(Statement {
        kind,
        keyword,
        span: sp,
    })
}

/// `promote KIND to KIND, ... on the far row | in the far N rows [, timing] [, optionally]`.
fn promote(mut inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let from = name(inner.next().unwrap());
    let to = name_list(inner.next().unwrap());
    let (mut at_once, mut rows, mut optional) = (true, None, false);
    for p in inner {
        match p.as_rule() {
            Rule::far_rows => {
                let n = p.into_inner().next().unwrap();
                rows = Some((integer(&n)?, span(&n)));
            }
            Rule::optionally => optional = true,
            _ => at_once = timing(p),
        }
    }
    Ok(StatementKind::Promote {
        from,
        to,
        at_once,
        rows,
        optional,
    })
}

/// `moves written with "SEP" [, captures with ...] [, promotions as ...] [, drops as ...]`.
fn notation(mut inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let separator = string(inner.next().unwrap())?;
    let mut captures = None;
    let (mut promotions, mut drops) = (None, None);
    for p in inner {
        match p.as_rule() {
            Rule::captures_with => captures = Some(string(p.into_inner().next().unwrap())?),
            Rule::drops_as => drops = Some(string(p.into_inner().nth(1).unwrap())?),
            _ => {
                promotions = Some(match p.into_inner().next() {
                    Some(s) if s.as_rule() == Rule::string => Promotions::Mark(string(s)?),
                    lower => Promotions::Symbols(lower.is_some()),
                })
            }
        }
    }
    Ok(StatementKind::Notation {
        separator,
        captures,
        promotions,
        drops,
    })
}

fn dim(pair: Pair<Rule>) -> Result<Dim, SyntaxError> {
    let p = pair.into_inner().next().unwrap();
    Ok(match p.as_rule() {
        Rule::integer => Dim::Fixed(integer(&p)?, span(&p)),
        _ => Dim::Var(name(p)),
    })
}

fn input_item(pair: Pair<Rule>) -> Result<InputItem, SyntaxError> {
    let sp = span(&pair);
    Ok(match pair.as_rule() {
        Rule::grid => InputItem::Grid(sp),
        Rule::packed_grid => {
            let sep = pair.into_inner().next().map(string).transpose()?;
            InputItem::PackedGrid(sep, sp)
        }
        Rule::mover => {
            let mut names = Vec::new();
            for m in pair.into_inner() {
                let mut it = m.into_inner();
                let word = string(it.next().unwrap())?;
                names.push((word, name(it.next().unwrap())));
            }
            InputItem::Mover(sp, names)
        }
        Rule::unmoved_item => {
            let mut defs = Vec::new();
            for d in pair.into_inner() {
                let mut it = d.into_inner();
                let letter = string(it.next().unwrap())?;
                let mut pieces = Vec::new();
                for place in it {
                    let mut q = place.into_inner();
                    let side = name(q.next().unwrap());
                    let (kind, square) = match (q.next(), q.next()) {
                        (Some(k), Some(sq)) => (Some(name(k)), sq),
                        (Some(sq), None) => (None, sq),
                        _ => unreachable!("unmoved_place has a square"),
                    };
                    pieces.push(SetupPlace {
                        side,
                        kind,
                        squares: vec![string(square)?],
                    });
                }
                defs.push(UnmovedDef { letter, pieces });
            }
            InputItem::Unmoved(defs, sp)
        }
        Rule::marked_item => InputItem::Marked(sp),
        Rule::last_item => InputItem::LastTo(sp),
        Rule::hand_item => InputItem::Hand(sp),
        Rule::roll_item => InputItem::Roll(sp),
        Rule::quiet_item => {
            let inner = pair.into_inner().next().unwrap();
            InputItem::Quiet(
                inner.into_inner().next().map(name_list).unwrap_or_default(),
                sp,
            )
        }
        Rule::read => InputItem::Read(pair.into_inner().map(read_name).collect::<Result<_, _>>()?),
        Rule::square_list => {
            let mut words = Vec::new();
            let mut separator = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::list_word => words.push(word(p)?),
                    _ => separator = Some(string(p)?),
                }
            }
            InputItem::Squares {
                words,
                separator,
                span: sp,
            }
        }
        _ => InputItem::Literal(string(pair.into_inner().next().unwrap())?),
    })
}

/// `NAME [at least N | at most N | from N to M]` of a `read` item.
fn read_name(pair: Pair<Rule>) -> Result<ReadName, SyntaxError> {
    let mut it = pair.into_inner();
    let name = name(it.next().expect("read_name has a name"));
    let range = match it.next() {
        None => None,
        Some(r) => {
            let sp = span(&r);
            let mut q = r.into_inner();
            let starts = q.next().expect("a range starts with a word").as_rule();
            let mut words = q
                .filter(|p| p.as_rule() == Rule::read_bound)
                .map(read_bound);
            let a = words.next().expect("a range has a bound")?;
            let (least, most) = match starts {
                Rule::at_least => (Some(a), None),
                Rule::at_most => (None, Some(a)),
                _ => (Some(a), Some(words.next().expect("from N to M")?)),
            };
            Some(ReadRange {
                least,
                most,
                span: sp,
            })
        }
    };
    Ok(ReadName { name, range })
}

/// A bound of a `read` range: a number (never negative, as no number read is) or a name
/// (which the checker reports).
fn read_bound(pair: Pair<Rule>) -> Result<Word, SyntaxError> {
    let w = pair.into_inner().next().expect("read_bound has a word");
    if w.as_rule() == Rule::name {
        return Ok(Word::Name(name(w)));
    }
    if w.as_str().starts_with('-') {
        let help = "the numbers `read` are written with digits alone: write `at least 0` or more";
        return Err(SyntaxError::custom(
            span(&w),
            "a number read is never negative",
            Some(help),
        ));
    }
    Ok(Word::Int(integer(&w)?, span(&w)))
}

/// A `list_word`: a number or a name.
fn word(pair: Pair<Rule>) -> Result<Word, SyntaxError> {
    let w = pair.into_inner().next().expect("list_word has a word");
    Ok(match w.as_rule() {
        Rule::integer => Word::Int(integer(&w)?, span(&w)),
        _ => Word::Name(name(w)),
    })
}

fn out_stmt(pair: Pair<Rule>) -> Result<OutStmt, SyntaxError> {
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    Ok(match rule {
        Rule::between => OutStmt::Between(template(it.next().unwrap())?),
        Rule::each_move => {
            let template = template(it.next().unwrap())?;
            OutStmt::EachMove {
                template,
                sorted: it.next().is_some(),
            }
        }
        _ => {
            let template = template(it.next().unwrap())?;
            let condition = match it.next() {
                None => LineCondition::Always,
                Some(c) if c.as_rule() == Rule::otherwise => LineCondition::Otherwise(span(&c)),
                Some(c) => LineCondition::If(Box::new(expr(c.into_inner().next().unwrap())?)),
            };
            OutStmt::Line {
                template,
                condition,
            }
        }
    })
}

fn squares(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut parts = Vec::new();
    let mut joined = Vec::new();
    let mut numbered = false;
    for p in inner {
        match p.as_rule() {
            Rule::numbered => numbered = true,
            Rule::square_part => {
                let psp = span(&p);
                let mut it = p.into_inner();
                let axis = if it.next().unwrap().as_str() == "row" {
                    Axis::Row
                } else {
                    Axis::Column
                };
                let style_pair = it.next().unwrap();
                let lowercase = style_pair.as_str().starts_with("lowercase");
                let style = if style_pair.as_str().ends_with("letter") {
                    Style::Letter
                } else {
                    Style::Number
                };
                let from = it.next();
                parts.push(SquarePart {
                    axis,
                    style,
                    lowercase,
                    from_bottom: from
                        .as_ref()
                        .is_some_and(|f| f.as_str().ends_with("bottom")),
                    from_right: from.as_ref().is_some_and(|f| f.as_str().ends_with("right")),
                    from_span: from.as_ref().map(span),
                    span: psp,
                });
            }
            _ => joined.push(p.as_str() == "+"),
        }
    }
    Ok(StatementKind::Squares {
        parts,
        joined,
        numbered,
    })
}

fn sides(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut defs = Vec::new();
    for d in inner {
        let mut it = d.into_inner();
        let n = name(it.next().unwrap());
        let mut symbol = None;
        let mut forward = None;
        for p in it {
            match p.as_rule() {
                Rule::string => symbol = Some(string(p)?),
                _ => forward = Some(name(p)),
            }
        }
        defs.push(SideDef {
            name: n,
            symbol,
            forward,
        });
    }
    Ok(StatementKind::Sides(defs))
}

fn direction(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut defs = Vec::new();
    for d in inner {
        let mut it = d.into_inner().peekable();
        let n = name(it.next().unwrap());
        let owner = it.next_if(|p| p.as_rule() == Rule::name).map(name);
        let v = it.next().unwrap();
        let value = match v.as_rule() {
            Rule::vector => {
                let vsp = span(&v);
                let mut c = v.into_inner();
                let dr = signed(&c.next().unwrap())?;
                let dc = signed(&c.next().unwrap())?;
                DirectionValue::Vector(dr, dc, vsp)
            }
            Rule::through => {
                let parts: Vec<_> = v.into_inner().skip(1).collect();
                let once = parts.last().is_some_and(|p| p.as_rule() == Rule::once);
                let squares = parts.into_iter().filter(|p| p.as_rule() != Rule::once);
                DirectionValue::Through(squares.map(name).collect(), once)
            }
            _ => DirectionValue::Sum(v.into_inner().map(name).collect()),
        };
        defs.push(DirectionDef {
            name: n,
            owner,
            value,
        });
    }
    Ok(StatementKind::Direction(defs))
}

/// `roll one die | N dice [of F faces] [, again on V or ...]`.
fn roll(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut decl = RollDecl {
        dice: (1, Span::default()),
        faces: None,
        again_on: Vec::new(),
        per_die: None,
        doubles_twice: None,
        opening: None,
    };
    for p in inner {
        let sp = span(&p);
        match p.as_rule() {
            Rule::one_die => decl.dice = (1, sp),
            Rule::integer => decl.dice = (integer(&p)?, sp),
            Rule::per_die => decl.per_die = Some(sp),
            Rule::doubles_twice => decl.doubles_twice = Some(sp),
            Rule::opening => decl.opening = Some(sp),
            Rule::faces => decl.faces = Some((integer(&p.into_inner().next().unwrap())?, sp)),
            Rule::again_on => {
                for v in p.into_inner().filter(|v| v.as_rule() == Rule::integer) {
                    decl.again_on.push((integer(&v)?, span(&v)));
                }
            }
            _ => {}
        }
    }
    Ok(StatementKind::Roll(decl))
}

fn input_section(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut header = Vec::new();
    let mut repeat = None;
    for p in inner {
        if p.as_rule() == Rule::repeat {
            let rsp = span(&p);
            let mut it = p.into_inner();
            let u = it.next().unwrap();
            let until = match u.as_rule() {
                Rule::until_end => RepeatUntil::End,
                Rule::until_token => RepeatUntil::Token(string(u.into_inner().next().unwrap())?),
                _ => RepeatUntil::Times(expr(u.into_inner().next().unwrap())?),
            };
            let mut body = Vec::new();
            for item in it {
                body.push(input_item(item)?);
            }
            repeat = Some(Repeat {
                until,
                body,
                span: rsp,
            });
        } else {
            header.push(input_item(p)?);
        }
    }
    Ok(StatementKind::Input(InputDecl { header, repeat }))
}

fn setup(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut rows = Vec::new();
    let mut places = Vec::new();
    let mut empty = false;
    let mut hand = None;
    for p in inner {
        match p.as_rule() {
            Rule::setup_empty => empty = true,
            Rule::setup_row => rows.push(string(p.into_inner().next().unwrap())?),
            Rule::setup_hand => {
                let span = span(&p);
                let mut q = p.into_inner();
                let count = integer(&q.next().unwrap())?;
                hand = Some(SetupHand {
                    count,
                    kind: q.next().map(name),
                    span,
                });
            }
            _ => {
                let mut side = None;
                let mut kind = None;
                let mut squares = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::name if side.is_none() => side = Some(name(q)),
                        Rule::name => kind = Some(name(q)),
                        _ => squares.push(string(q)?),
                    }
                }
                places.push(SetupPlace {
                    side: side.unwrap(),
                    kind,
                    squares,
                });
            }
        }
    }
    let setup = if empty {
        Setup::Empty
    } else if places.is_empty() {
        Setup::Rows(rows)
    } else {
        Setup::Places(places)
    };
    Ok(StatementKind::Setup(setup, hand))
}

fn game(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut clauses = Vec::new();
    for c in inner {
        let csp = span(&c);
        clauses.push(match c.as_rule() {
            Rule::stuck => {
                let then = match c.into_inner().next().unwrap().as_rule() {
                    Rule::stuck_pass => Stuck::Pass,
                    Rule::stuck_lose => Stuck::Lose,
                    Rule::stuck_draw => Stuck::Draw,
                    _ => Stuck::End,
                };
                GameClause::Stuck { then, span: csp }
            }
            Rule::between_parts => {
                let cond = match c.into_inner().next() {
                    Some(if_) => Some(Box::new(expr(if_.into_inner().next().unwrap())?)),
                    None => None,
                };
                GameClause::BetweenParts(cond, csp)
            }
            Rule::stop_after => {
                let mut it = c.into_inner();
                let n = integer(&it.next().unwrap())?;
                GameClause::StopAfter(n, it.next().is_some(), csp)
            }
            Rule::end_line => {
                let mut it = c.into_inner().peekable();
                let outcome = outcome(it.next().unwrap());
                let template = match it.peek().map(|p| p.as_rule()) {
                    Some(Rule::template) => Some(template(it.next().unwrap())?),
                    _ => None,
                };
                let cond = it.next().unwrap().into_inner().next().unwrap();
                GameClause::End {
                    outcome,
                    template,
                    condition: Box::new(expr(cond)?),
                    span: csp,
                }
            }
            _ => {
                let mut outcome_ = None;
                let mut template_ = None;
                let mut condition = LineCondition::Always;
                for x in c.into_inner() {
                    match x.as_rule() {
                        Rule::outcome => outcome_ = Some(outcome(x)),
                        Rule::template => template_ = Some(template(x)?),
                        Rule::otherwise => condition = LineCondition::Otherwise(span(&x)),
                        _ => {
                            condition =
                                LineCondition::If(Box::new(expr(x.into_inner().next().unwrap())?))
                        }
                    }
                }
                GameClause::Result {
                    outcome: outcome_,
                    template: template_,
                    condition,
                    span: csp,
                }
            }
        });
    }
    Ok(StatementKind::Game(clauses))
}

fn pieces(inner: Pairs<Rule>) -> Result<StatementKind, SyntaxError> {
    let mut defs = Vec::new();
    for d in inner {
        let mut it = d.into_inner();
        let symbol = string(it.next().unwrap())?;
        let side = name(it.next().unwrap());
        let kind = it.next().map(name);
        defs.push(PieceDef { symbol, side, kind });
    }
    Ok(StatementKind::Pieces(defs))
}

fn outcome(pair: Pair<Rule>) -> Outcome {
    let o = pair.into_inner().next().unwrap();
    if o.as_rule() == Rule::draw {
        return Outcome::Draw(span(&o));
    }
    let mut it = o.into_inner();
    let side = name(it.next().unwrap());
    match it.next().unwrap().as_rule() {
        Rule::wins => Outcome::Wins(side),
        _ => Outcome::Loses(side),
    }
}

/// A square of a `zone` statement, or a pattern of rows and columns.
fn zone_item(pair: Pair<Rule>) -> ZoneItem {
    if pair.as_rule() != Rule::zone_pattern {
        return ZoneItem::Square(name(pair));
    }
    let span = span(&pair);
    let (mut rows, mut cols, mut parity) = (None, None, None);
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::parity => parity = Some(p.as_str() == "odd"),
            Rule::rows_word => rows = parity.take(),
            _ => cols = parity.take(),
        }
    }
    ZoneItem::Pattern { rows, cols, span }
}
