//! From pest pairs to expressions: operators with their nesting bound, atoms (counts,
//! questions about moves, regions, names), square sets and output templates.

use pest::iterators::Pair;

use super::ast::*;
use super::grammar::Rule;
use super::pairs::{integer, name, name_list, span, unescape};
use super::syntax_error::SyntaxError;

/// The deepest an expression may nest: operators (`a + b + c` is two deep), `not` and `-`,
/// and the expressions inside `count moves where`, `max over` and `sum of`. Deeper trees
/// would overflow the stack of the passes that walk them (and no one writes them: a long
/// sum belongs in `let` definitions). Brackets alone add no depth.
pub const MAX_NESTING: usize = 100;

pub(super) fn expr(pair: Pair<Rule>) -> Result<Expr, SyntaxError> {
    expr_at(pair, 0)
}

/// An expression whose tree will be `depth` deep above it. The depth is checked before
/// building, so neither this recursion nor the tree can grow past the limit.
fn expr_at(mut pair: Pair<Rule>, depth: usize) -> Result<Expr, SyntaxError> {
    // Grammar levels with a single operand (a bracketed expression is eight of them) build
    // nothing: walk down them without recursing.
    while matches!(
        pair.as_rule(),
        Rule::expr
            | Rule::conj
            | Rule::negation
            | Rule::compare
            | Rule::sum
            | Rule::product
            | Rule::unary
    ) {
        let mut inner = pair.clone().into_inner();
        match (inner.next(), inner.next()) {
            (Some(only), None) => pair = only,
            _ => break,
        }
    }
    let sp = span(&pair);
    let rule = pair.as_rule();
    // A chain `a + b + c` or `not not x` is one level per operator.
    let ops = match rule {
        Rule::expr | Rule::conj => pair.clone().into_inner().count().saturating_sub(1),
        Rule::compare | Rule::sum | Rule::product => pair.clone().into_inner().count() / 2,
        Rule::negation | Rule::unary => pair.clone().into_inner().count().saturating_sub(1),
        Rule::count_moves | Rule::best | Rule::region_sum | Rule::block_test => 1,
        Rule::count_set | Rule::any_set | Rule::no_set | Rule::in_a_row
            if pair.clone().into_inner().any(|p| p.as_rule() == Rule::expr) =>
        {
            1
        }
        _ => 0,
    };
    if depth + ops > MAX_NESTING {
        return Err(SyntaxError::custom(
            sp,
            &format!("this expression nests more than {MAX_NESTING} levels deep"),
            Some("split it into `let` definitions"),
        ));
    }
    let expr = |p| expr_at(p, depth + ops);
    match rule {
        Rule::expr | Rule::conj => {
            let op = if rule == Rule::expr {
                BinOp::Or
            } else {
                BinOp::And
            };
            let mut it = pair.into_inner();
            let mut acc = expr(it.next().unwrap())?;
            for rhs in it {
                let rhs = expr(rhs)?;
                let s = Span::new(acc.span.start, rhs.span.end);
                acc = Expr {
                    kind: ExprKind::Binary(op, Box::new(acc), Box::new(rhs)),
                    span: s,
                };
            }
            Ok(acc)
        }
        Rule::negation | Rule::unary => {
            let mut ops = 0;
            let mut last = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::not_op | Rule::minus => ops += 1,
                    _ => last = Some(expr(p)?),
                }
            }
            let mut e = last.unwrap();
            for _ in 0..ops {
                let inner = Box::new(e);
                e = Expr {
                    kind: if rule == Rule::negation {
                        ExprKind::Not(inner)
                    } else {
                        ExprKind::Neg(inner)
                    },
                    span: sp,
                };
            }
            Ok(e)
        }
        Rule::compare | Rule::sum | Rule::product => {
            let mut it = pair.into_inner();
            let mut acc = expr(it.next().unwrap())?;
            while let Some(op) = it.next() {
                let op = bin_op(op.as_str());
                let rhs = expr(it.next().unwrap())?;
                let s = Span::new(acc.span.start, rhs.span.end);
                acc = Expr {
                    kind: ExprKind::Binary(op, Box::new(acc), Box::new(rhs)),
                    span: s,
                };
            }
            Ok(acc)
        }
        _ => atom(pair, depth + ops),
    }
}

/// An expression that is not an operator: a number, a count, a question about moves, a
/// name. `depth` is the nesting above the expressions inside it.
fn atom(pair: Pair<Rule>, depth: usize) -> Result<Expr, SyntaxError> {
    let sp = span(&pair);
    let expr = |p| expr_at(p, depth);
    match pair.as_rule() {
        Rule::integer => Ok(Expr {
            kind: ExprKind::Int(integer(&pair)? as i64),
            span: sp,
        }),
        Rule::count_moves => {
            let cond = pair
                .into_inner()
                .next()
                .map(expr)
                .transpose()?
                .map(Box::new);
            Ok(Expr {
                kind: ExprKind::CountMoves(cond),
                span: sp,
            })
        }
        Rule::count_regions => Ok(Expr {
            kind: ExprKind::CountRegions(Box::new(regions(pair.into_inner().next().unwrap())?)),
            span: sp,
        }),
        Rule::count_set => {
            let inner = pair.into_inner().next().unwrap();
            let kind = match inner.as_rule() {
                Rule::expr => ExprKind::CountBlocks(Box::new(block_set(inner, depth)?), None),
                _ => ExprKind::CountSet(square_set(inner)?),
            };
            Ok(Expr { kind, span: sp })
        }
        Rule::best => {
            let mut it = pair.into_inner();
            let max = it.next().unwrap().as_str() == "max";
            Ok(Expr {
                kind: ExprKind::Best {
                    max,
                    body: Box::new(expr(it.next().unwrap())?),
                },
                span: sp,
            })
        }
        Rule::region_sum => {
            let mut it = pair.into_inner();
            let body = Box::new(expr(it.next().unwrap())?);
            let regions = regions(it.next().unwrap())?;
            Ok(Expr {
                kind: ExprKind::RegionSum {
                    body,
                    regions: Box::new(regions),
                },
                span: sp,
            })
        }
        Rule::no_moves => Ok(Expr {
            kind: ExprKind::NoMoves,
            span: sp,
        }),
        Rule::repeated => {
            let n = integer(&pair.into_inner().next().unwrap())?;
            Ok(Expr {
                kind: ExprKind::Repeated(n),
                span: sp,
            })
        }
        Rule::passes_in_a_row => {
            let n = integer(&pair.into_inner().next().unwrap())?;
            Ok(Expr {
                kind: ExprKind::PassesInARow(n),
                span: sp,
            })
        }
        Rule::the_roll => Ok(Expr {
            kind: ExprKind::TheRoll,
            span: sp,
        }),
        Rule::the_die => Ok(Expr {
            kind: ExprKind::TheDie,
            span: sp,
        }),
        Rule::plies_without => Ok(Expr {
            kind: ExprKind::PliesWithout(
                pair.into_inner().next().map(name_list).unwrap_or_default(),
            ),
            span: sp,
        }),
        Rule::square_test => {
            let mut at = None;
            let mut negated = false;
            let mut class = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::square_ref => at = Some(square_ref(p)?),
                    Rule::not_op => negated = true,
                    _ => class = Some(square_class(p)?),
                }
            }
            Ok(Expr {
                kind: ExprKind::SquareTest {
                    at: Box::new(at.unwrap()),
                    negated,
                    class: class.unwrap(),
                },
                span: sp,
            })
        }
        Rule::block_test => block_atom(pair, depth),
        Rule::held | Rule::no_held => held(pair),
        Rule::no_set | Rule::any_set | Rule::in_a_row => quantified(pair, depth),
        Rule::size => Ok(Expr {
            kind: ExprKind::Size,
            span: sp,
        }),
        Rule::to_move => Ok(Expr {
            kind: ExprKind::ToMove(name(pair.into_inner().next().unwrap())),
            span: sp,
        }),
        Rule::reference => {
            let mut it = pair.into_inner();
            let n = name(it.next().unwrap());
            Ok(Expr {
                kind: ExprKind::Ref {
                    name: n,
                    arg: it.next().map(name),
                },
                span: sp,
            })
        }
        other => unreachable!("expression rule {other:?}"),
    }
}

pub(super) fn square_set(pair: Pair<Rule>) -> Result<SquareSet, SyntaxError> {
    let sp = span(&pair);
    let mut it = pair.into_inner().peekable();
    let isolated = it.next_if(|p| p.as_rule() == Rule::isolated).is_some();
    let base = set_base(it.next().unwrap());
    let mut more = Vec::new();
    while let Some(b) = it.next_if(|b| is_set_base(b.as_rule())) {
        more.push(set_base(b));
    }
    let mut on_line = false;
    let mut in_hand = false;
    let mut row = None;
    let mut area_ = None;
    let mut also = None;
    let mut attacked = None;
    let mut strength = None;
    let mut next_to = None;
    let (mut holding_, mut run, mut line, mut behind) = (None, None, None, None);
    let mut on_square = None;
    for on in it {
        match on.as_rule() {
            Rule::holding => holding_ = Some(holding(on)?),
            Rule::in_run => {
                let mut it = on.into_inner().skip(1);
                let from = square_ref(it.next().unwrap())?;
                run = Some((from, name(it.next().unwrap())));
            }
            Rule::on_square => on_square = Some(square_ref(on.into_inner().next().unwrap())?),
            Rule::behind => {
                let mut it = on.into_inner().skip(1);
                let at = square_ref(it.next().unwrap())?;
                behind = Some((at, name(it.next().unwrap())));
            }
            Rule::in_line => {
                let mut it = on.into_inner();
                let column = it.next().unwrap().as_str() == "column";
                line = Some((column, square_ref(it.next().unwrap())?));
            }
            Rule::strength_class => strength = Some(strength_class(on)?),
            Rule::next_to => next_to = Some(square_ref(on.into_inner().nth(1).unwrap())?),
            Rule::on_line => on_line = true,
            Rule::in_hand => in_hand = true,
            Rule::row_class => row = Some(Box::new(row_class(on))),
            Rule::attacked_class => attacked = Some(attacker(on)),
            _ if area_.is_some() => also = Some(Box::new(area(on.into_inner().next().unwrap()))),
            _ => area_ = Some(Box::new(area(on.into_inner().next().unwrap()))),
        }
    }
    Ok(SquareSet {
        base,
        more,
        on_line,
        in_hand,
        row,
        area: area_,
        also,
        attacked,
        isolated,
        near: (strength.is_some()
            || next_to.is_some()
            || holding_.is_some()
            || run.is_some()
            || line.is_some()
            || behind.is_some()
            || on_square.is_some())
        .then(|| {
            Box::new(NearWords {
                strength,
                next_to,
                holding: holding_,
                run,
                line,
                behind,
                on_square,
            })
        }),
        span: sp,
    })
}

/// `seeds on SQUARE | AREA`, `no seeds on ...`.
fn held(pair: Pair<Rule>) -> Result<Expr, SyntaxError> {
    let sp = span(&pair);
    let none = pair.as_rule() == Rule::no_held;
    let mut it = pair.into_inner();
    let n = name(it.next().unwrap());
    let at = it.next().unwrap();
    let at = match at.as_rule() {
        Rule::square_ref => HeldAt::Square(square_ref(at)?),
        _ => HeldAt::Area(area(at)),
    };
    Ok(Expr {
        kind: ExprKind::Held {
            name: n,
            at: Box::new(at),
            none,
        },
        span: sp,
    })
}

/// `holding N [to M | or M | or more]`.
fn holding(pair: Pair<Rule>) -> Result<Holding, SyntaxError> {
    let sp = span(&pair);
    let either = pair.as_str().split_whitespace().nth(2) == Some("or");
    let mut it = pair.into_inner().skip(1);
    let least = integer(&it.next().unwrap())?;
    let (most, either) = match it.next() {
        None => (least, false),
        Some(p) if p.as_rule() == Rule::holding_more => (u64::MAX, false),
        Some(p) => (integer(&p)?, either),
    };
    Ok(Holding {
        least,
        most,
        either,
        span: sp,
    })
}

/// `stronger than SQUARE` (`true`) or `weaker than SQUARE`.
fn strength_class(pair: Pair<Rule>) -> Result<(bool, SquareRef), SyntaxError> {
    let mut it = pair.into_inner();
    let stronger = it.next().unwrap().as_rule() == Rule::stronger;
    Ok((stronger, square_ref(it.nth(1).unwrap())?))
}

fn is_set_base(r: Rule) -> bool {
    matches!(
        r,
        Rule::own_pieces
            | Rule::enemy_pieces
            | Rule::empty_squares
            | Rule::all_pieces
            | Rule::all_squares
            | Rule::side_pieces
    )
}

fn set_base(b: Pair<Rule>) -> SetBase {
    match b.as_rule() {
        Rule::own_pieces => SetBase::Own(b.into_inner().next().map(name)),
        Rule::enemy_pieces => SetBase::Enemy(b.into_inner().next().map(name)),
        Rule::empty_squares => SetBase::Empty,
        Rule::all_pieces => SetBase::Pieces,
        Rule::all_squares => SetBase::Squares,
        _ => {
            let mut n = b.into_inner();
            let side = name(n.next().unwrap());
            SetBase::Side {
                side,
                kind: n.next().map(name),
            }
        }
    }
}

/// A named part of the board: `the far row [of SIDE]`, `the home row [of SIDE]`, `the top
/// edge`, ...
pub(super) fn area(pair: Pair<Rule>) -> Area {
    let a = pair.into_inner().next().unwrap();
    let sp = span(&a);
    match a.as_rule() {
        Rule::far_row => {
            let (mut rows, mut side) = (1, None);
            for p in a.into_inner() {
                match p.as_rule() {
                    Rule::integer => rows = p.as_str().parse().unwrap_or(u32::MAX),
                    Rule::name => side = Some(name(p)),
                    _ => {}
                }
            }
            Area::FarRow(rows, side, sp)
        }
        Rule::home_row => Area::HomeRow(a.into_inner().next().map(name), sp),
        Rule::nth_row => {
            let mut it = a.into_inner();
            let n = match it.next().unwrap().as_str() {
                "second" => 2,
                "third" => 3,
                "fourth" => 4,
                "fifth" => 5,
                "sixth" => 6,
                "seventh" => 7,
                "eighth" => 8,
                "ninth" => 9,
                _ => 10,
            };
            Area::NthRow(n, it.next().map(name), sp)
        }
        Rule::colour_squares => {
            let dark = a.into_inner().next().unwrap().as_str() == "dark";
            Area::Colour(dark, sp)
        }
        Rule::zone_name => Area::Zone(name(a.into_inner().next().unwrap())),
        Rule::own_zone | Rule::enemy_zone | Rule::side_zone => {
            let rule = a.as_rule();
            let mut it = a.into_inner();
            let first = it.next().unwrap();
            match rule {
                Rule::side_zone => Area::Owned(name(first), Owner::Side(name(it.next().unwrap()))),
                Rule::own_zone => Area::Owned(name(it.next().unwrap()), Owner::Own),
                _ => Area::Owned(name(it.next().unwrap()), Owner::Enemy),
            }
        }
        _ => {
            let edge = match a.into_inner().next().unwrap().as_str() {
                "top" => Edge::Top,
                "bottom" => Edge::Bottom,
                "left" => Edge::Left,
                _ => Edge::Right,
            };
            Area::Edge(edge, sp)
        }
    }
}

/// `no SET`, `any SET`, `N SET in a row along DIRS`, and the same of regions and blocks.
fn quantified(pair: Pair<Rule>, depth: usize) -> Result<Expr, SyntaxError> {
    let sp = span(&pair);
    match pair.as_rule() {
        Rule::no_set => {
            let inner = pair.into_inner().next().unwrap();
            let kind = match inner.as_rule() {
                Rule::regions => ExprKind::NoRegions(Box::new(regions(inner)?)),
                Rule::expr => {
                    ExprKind::CountBlocks(Box::new(block_set(inner, depth)?), Some(false))
                }
                _ => ExprKind::NoSet(square_set(inner)?),
            };
            Ok(Expr { kind, span: sp })
        }
        Rule::any_set => {
            let inner = pair.into_inner().next().unwrap();
            let kind = match inner.as_rule() {
                Rule::regions => ExprKind::AnyRegions(Box::new(regions(inner)?)),
                Rule::expr => ExprKind::CountBlocks(Box::new(block_set(inner, depth)?), Some(true)),
                _ => ExprKind::AnySet(square_set(inner)?),
            };
            Ok(Expr { kind, span: sp })
        }
        Rule::in_a_row => {
            let mut it = pair.into_inner().peekable();
            let exactly = it.next_if(|p| p.as_rule() == Rule::exactly).is_some();
            let n = integer(&it.next().unwrap())?;
            let set = it.next().unwrap();
            if set.as_rule() == Rule::expr {
                let (cond, dirs) = (block_set(set, depth)?, name_list(it.next().unwrap()));
                let kind = ExprKind::BlocksInARow {
                    n,
                    cond: Box::new(cond),
                    dirs,
                    exactly,
                };
                return Ok(Expr { kind, span: sp });
            }
            let set = square_set(set)?;
            let dirs = name_list(it.next().unwrap());
            Ok(Expr {
                kind: ExprKind::InARow {
                    n,
                    set: Box::new(set),
                    dirs,
                    exactly,
                },
                span: sp,
            })
        }
        other => unreachable!("quantifier rule {other:?}"),
    }
}

/// `BLOCK is [not] COND`.
fn block_atom(pair: Pair<Rule>, depth: usize) -> Result<Expr, SyntaxError> {
    let sp = span(&pair);
    let expr = |p| expr_at(p, depth);
    match pair.as_rule() {
        Rule::block_test => {
            let mut it = pair.into_inner().peekable();
            let block = Box::new(block_ref(it.next().unwrap())?);
            let negated = it.next_if(|p| p.as_rule() == Rule::not_op).is_some();
            let cond = Box::new(expr(it.next().unwrap())?);
            Ok(Expr {
                kind: ExprKind::BlockTest {
                    block,
                    negated,
                    cond,
                },
                span: sp,
            })
        }
        other => unreachable!("block rule {other:?}"),
    }
}

/// The condition of `blocks where COND` (a silent rule: the pair is the condition).
fn block_set(pair: Pair<Rule>, depth: usize) -> Result<Expr, SyntaxError> {
    expr_at(pair, depth)
}

/// `the block of SQUARE` or `the block matching SQUARE`.
fn block_ref(pair: Pair<Rule>) -> Result<BlockRef, SyntaxError> {
    let span = span(&pair);
    let mut it = pair.into_inner();
    let matching = it.next().unwrap().as_rule() == Rule::block_matching;
    Ok(BlockRef {
        at: square_ref(it.next().unwrap())?,
        matching,
        span,
    })
}

/// `to`, `down of to`, `3 right of from`, `last to`.
pub(super) fn square_ref(pair: Pair<Rule>) -> Result<SquareRef, SyntaxError> {
    let sp = span(&pair);
    let mut steps = Vec::new();
    let mut base = SquareBase::To;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::square_step => {
                let mut count = 1;
                let mut dir = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::integer => count = integer(&q)?,
                        _ => dir = Some(name(q)),
                    }
                }
                steps.push((count, dir.unwrap()));
            }
            Rule::last_to => base = SquareBase::LastTo,
            _ => {
                base = if p.as_str().starts_with("from") {
                    SquareBase::From
                } else {
                    SquareBase::To
                }
            }
        }
    }
    Ok(SquareRef {
        steps,
        base,
        span: sp,
    })
}

fn square_class(pair: Pair<Rule>) -> Result<SquareClass, SyntaxError> {
    let c = pair.into_inner().next().unwrap();
    Ok(match c.as_rule() {
        Rule::strength_class => {
            let (stronger, of) = strength_class(c)?;
            SquareClass::Strength(stronger, Box::new(of))
        }
        Rule::off_board => SquareClass::OffBoard,
        Rule::attacked_class => SquareClass::Attacked(attacker(c)),
        Rule::marked_class => SquareClass::Marked,
        Rule::area_class => SquareClass::On(Box::new(area(c.into_inner().next().unwrap()))),
        Rule::block_class => {
            SquareClass::OnBlock(Box::new(block_ref(c.into_inner().next().unwrap())?))
        }
        Rule::row_class => SquareClass::InRow(row_class(c)),
        _ => {
            let mut unmoved = false;
            let mut words = None;
            for p in c.into_inner() {
                match p.as_rule() {
                    Rule::unmoved => unmoved = true,
                    _ => words = Some(piece_words(p)),
                }
            }
            SquareClass::Piece { unmoved, words }
        }
    })
}

/// `in a row of N along DIRS`.
fn row_class(pair: Pair<Rule>) -> Row {
    let span = span(&pair);
    let mut it = pair.into_inner();
    let n = it.next().unwrap().as_str().parse().unwrap_or(u64::MAX);
    Row {
        n,
        dirs: name_list(it.next().unwrap()),
        span,
    }
}

/// `attacked [by enemy | by SIDE]`: who attacks (`None`: the enemies of the one asking).
fn attacker(pair: Pair<Rule>) -> Option<Attacker> {
    let by = pair.into_inner().next()?;
    Some(match by.as_rule() {
        Rule::enemy_class => Attacker::Enemy,
        _ => Attacker::Side(name(by.into_inner().next().unwrap())),
    })
}

fn piece_words(pair: Pair<Rule>) -> PieceWords {
    let mut it = pair.into_inner();
    let first = it.next().unwrap();
    let kind = it.next().map(|k| name(k.into_inner().next().unwrap()));
    match first.as_rule() {
        Rule::empty_class => PieceWords::Empty,
        Rule::own_class => PieceWords::Own(kind),
        Rule::enemy_class => PieceWords::Enemy(kind),
        _ => PieceWords::Named(name(first.into_inner().next().unwrap()), kind),
    }
}

/// The operator a token of the grammar's `add_op`, `mul_op` or `compare_op` writes.
fn bin_op(token: &str) -> BinOp {
    match token {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "=" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        _ => BinOp::Ge,
    }
}

pub(super) fn regions(pair: Pair<Rule>) -> Result<Regions, SyntaxError> {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let of = square_set(it.next().unwrap())?;
    let by = name_list(it.next().unwrap());
    let mut border = None;
    let mut containing = None;
    let mut touching = Vec::new();
    let mut no_liberty = false;
    let mut size = None;
    for p in it {
        if p.as_rule() == Rule::size_filter {
            let mut f = p.into_inner();
            let op = bin_op(f.next().unwrap().as_str());
            size = Some((op, integer(&f.next().unwrap())?));
            continue;
        }
        if p.as_rule() == Rule::containing {
            containing = Some(square_set(p.into_inner().next().unwrap())?);
            continue;
        }
        if p.as_rule() == Rule::touching {
            touching = p.into_inner().map(area).collect();
            continue;
        }
        if p.as_rule() == Rule::no_liberty {
            no_liberty = true;
            continue;
        }
        let b = p.into_inner().next().unwrap();
        border = Some(match b.as_rule() {
            Rule::border_only => Border::Only(name(b.into_inner().next().unwrap())),
            Rule::border_any => Border::Any(name(b.into_inner().next().unwrap())),
            _ => Border::Nothing,
        });
    }
    Ok(Regions {
        of,
        by,
        border,
        containing,
        touching,
        no_liberty,
        size,
        span: sp,
    })
}

pub(super) fn template(pair: Pair<Rule>) -> Result<Template, SyntaxError> {
    let sp = span(&pair);
    let mut parts = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::text => {
                let raw = p.as_str().replace("{{", "\\{").replace("}}", "\\}");
                parts.push(TemplatePart::Text(unescape(&raw, span(&p))?));
            }
            _ => {
                let inner = p.into_inner().next().unwrap();
                parts.push(match inner.as_rule() {
                    Rule::move_text => TemplatePart::Move(span(&inner)),
                    Rule::position_text => TemplatePart::Position(span(&inner)),
                    _ => TemplatePart::Hole(expr(inner)?),
                });
            }
        }
    }
    Ok(Template { parts, span: sp })
}
