//! Parsing `move` statements: their parts (actions, `where`, effects, flips, chains) into
//! the syntax tree.

use pest::iterators::Pair;

use super::ast::*;
use super::grammar::Rule;
use super::pairs::{integer, name, name_list, span, timing};
use super::parse_expr::{area, expr, regions, square_ref, square_set};
use super::syntax_error::SyntaxError;

fn cells(pair: Pair<Rule>) -> Cells {
    let mut c = Cells {
        empty: false,
        own: false,
        enemy: false,
        span: span(&pair),
    };
    for p in pair.into_inner() {
        match p.as_str() {
            "empty" => c.empty = true,
            "own" => c.own = true,
            _ => c.enemy = true,
        }
    }
    c
}

pub(super) fn move_part(pair: Pair<Rule>) -> Result<MovePart, SyntaxError> {
    let sp = span(&pair);
    Ok(match pair.as_rule() {
        Rule::then_part => {
            let mut it = pair.into_inner();
            let mut inner = it.next().unwrap();
            let mut guard = None;
            if inner.as_rule() == Rule::part_if {
                guard = Some(expr(inner.into_inner().next().unwrap())?);
                inner = it.next().unwrap();
            }
            match move_part(inner)? {
                MovePart::Action {
                    kinds,
                    action,
                    span,
                    ..
                } => MovePart::Action {
                    kinds,
                    action,
                    span,
                    then: true,
                    guard,
                },
                other => other,
            }
        }
        Rule::where_ => MovePart::Where {
            condition: expr(pair.into_inner().next().unwrap())?,
            span: sp,
        },
        Rule::marking => MovePart::Marking(sp),
        Rule::taking => MovePart::Taking(Box::new(taking(pair)?), sp),
        Rule::claiming => {
            let inner = pair.into_inner().next().unwrap();
            MovePart::Claiming(Box::new(regions(inner)?), sp)
        }
        Rule::again => MovePart::Again(expr(pair.into_inner().next().unwrap())?, sp),
        Rule::counts_as => MovePart::Counts(integer(&pair.into_inner().nth(1).unwrap())?, sp),
        Rule::mandatory_move => MovePart::Mandatory(sp),
        Rule::pushing => {
            let mut it = pair.into_inner().skip(1);
            let dirs = name_list(it.next().unwrap());
            let onto = it.next().map(|o| cells(o.into_inner().next().unwrap()));
            MovePart::Pushing {
                dirs,
                onto,
                span: sp,
            }
        }
        Rule::pulling => {
            let set = square_set(pair.into_inner().nth(1).unwrap())?;
            MovePart::Pulling(Box::new(set), sp)
        }
        Rule::moving => {
            let mut it = pair.into_inner();
            let from = square_ref(it.next().unwrap())?;
            let to = square_ref(it.next().unwrap())?;
            MovePart::Moving(Box::new(from), Box::new(to), sp)
        }
        Rule::kind_action => {
            let mut it = pair.into_inner();
            let kinds = name_list(it.next().unwrap());
            MovePart::Action {
                kinds,
                action: action(it.next().unwrap())?,
                span: sp,
                then: false,
                guard: None,
            }
        }
        Rule::flip => {
            let mut it = pair.into_inner();
            let dirs = name_list(it.next().unwrap());
            MovePart::Flip {
                dirs,
                cascading: it.next().is_some(),
                span: sp,
            }
        }
        Rule::continue_ => {
            let mut must = true;
            let mut no_turning_back = false;
            let mut until_promoted = false;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::optionally => must = false,
                    Rule::no_turning_back => no_turning_back = true,
                    Rule::until_promoted => until_promoted = true,
                    _ => {}
                }
            }
            MovePart::Continue {
                must,
                no_turning_back,
                until_promoted,
                span: sp,
            }
        }
        Rule::must_flip => MovePart::MustFlip(sp),
        Rule::captured => MovePart::Captured {
            at_once: timing(pair.into_inner().next().unwrap()),
            span: sp,
        },
        Rule::leaves_not => {
            MovePart::LeavesNot(Box::new(expr(pair.into_inner().nth(3).unwrap())?), sp)
        }
        _ => MovePart::Action {
            kinds: Vec::new(),
            action: action(pair)?,
            span: sp,
            then: false,
            guard: None,
        },
    })
}

fn action(pair: Pair<Rule>) -> Result<Action, SyntaxError> {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner().peekable();
    let kind = match rule {
        Rule::slide => {
            let dirs = name_list(it.next().unwrap());
            ActionKind::Slide {
                dirs,
                options: slide_options(it)?,
            }
        }
        Rule::step => {
            let dirs = name_list(it.next().unwrap());
            let onto = it.next().map(|o| cells(o.into_inner().next().unwrap()));
            ActionKind::Step { dirs, onto }
        }
        Rule::place => {
            let mut it = it.peekable();
            let along = match it.peek().map(|p| p.as_rule()) {
                Some(Rule::name_list) => name_list(it.next().unwrap()),
                _ => Vec::new(),
            };
            ActionKind::Place {
                along,
                options: slide_options(it)?,
            }
        }
        Rule::jump => {
            let hop = it.next_if(|p| p.as_rule() == Rule::hop).is_some();
            let dirs = name_list(it.next().unwrap());
            let over = cells(it.next().unwrap());
            let mut gaps = Vec::new();
            let (mut sideways, mut onto) = (None, None);
            for g in it {
                let g = match g.as_rule() {
                    Rule::gap => g.into_inner().next().unwrap(),
                    _ => g,
                };
                let gsp = span(&g);
                if g.as_rule() == Rule::sideways {
                    sideways = Some(gsp);
                    continue;
                }
                if g.as_rule() == Rule::onto {
                    if onto.is_some() {
                        return Err(SyntaxError::custom(
                            gsp,
                            "a jump has one `onto` clause",
                            Some("join the cells in one: `onto empty or enemy`"),
                        ));
                    }
                    onto = Some(cells(g.into_inner().next().unwrap()));
                    continue;
                }
                let any = g.as_rule() == Rule::any_gap;
                let mut gi = g.into_inner().peekable();
                let after = gi.next().unwrap().as_str() == "after";
                let exact = !any && gi.next_if(|p| p.as_rule() == Rule::at_most).is_none();
                let at_most = if any {
                    None
                } else {
                    Some(integer(&gi.next().unwrap())?)
                };
                gaps.push(GapOption {
                    after,
                    at_most,
                    exact,
                    span: gsp,
                });
            }
            ActionKind::Jump {
                dirs,
                over,
                gaps,
                hop,
                sideways,
                onto,
            }
        }
        Rule::remove => ActionKind::Remove(cells(it.next().unwrap())),
        Rule::fly => ActionKind::Fly(it.next().map(|o| cells(o.into_inner().next().unwrap()))),
        Rule::sow => {
            let from = area(it.nth(1).unwrap());
            let along = name(it.next().unwrap());
            let skipping = it
                .map(|s| {
                    let s = s.into_inner().nth(1).unwrap();
                    match s.as_rule() {
                        Rule::square_base => Skipped::From(span(&s)),
                        _ => Skipped::Area(area(s)),
                    }
                })
                .collect();
            ActionKind::Sow(Box::new(Sowing {
                from,
                along,
                skipping,
            }))
        }
        Rule::rotate => {
            let mut turns = Vec::new();
            for t in it {
                let t = t.into_inner().next().unwrap();
                match t.as_rule() {
                    Rule::half_turn => turns.push(Turn::Half),
                    _ => match t
                        .into_inner()
                        .next()
                        .unwrap()
                        .into_inner()
                        .next()
                        .unwrap()
                        .as_rule()
                    {
                        Rule::clockwise => turns.push(Turn::Clockwise),
                        Rule::anticlockwise => turns.push(Turn::Anticlockwise),
                        _ => turns.extend([Turn::Clockwise, Turn::Anticlockwise]),
                    },
                }
            }
            ActionKind::Rotate(turns)
        }
        _ => ActionKind::Pass,
    };
    Ok(Action { kind, span: sp })
}

/// The `distance`, `over` and `onto` clauses of a slide or a placement.
fn slide_options<'i>(
    pairs: impl Iterator<Item = Pair<'i, Rule>>,
) -> Result<Vec<SlideOption>, SyntaxError> {
    let mut options = Vec::new();
    for o in pairs {
        let r = o.as_rule();
        if r == Rule::past_end {
            options.push(SlideOption::PastEnd(span(&o)));
            continue;
        }
        let v = o.into_inner().next().unwrap();
        options.push(match r {
            Rule::distance => SlideOption::Distance(expr(v)?),
            Rule::over => SlideOption::Over(cells(v)),
            _ => SlideOption::Onto(cells(v)),
        });
    }
    Ok(options)
}

/// `taking WHAT [into AREA] [, if COND] [, unless that leaves COND]`.
fn taking(pair: Pair<Rule>) -> Result<TakingWords, SyntaxError> {
    let mut it = pair.into_inner();
    let inner = it.next().unwrap();
    let taken = match inner.as_rule() {
        Rule::regions => Taken::Regions(Box::new(regions(inner)?)),
        Rule::square_set => Taken::Set(Box::new(square_set(inner)?)),
        _ => Taken::Squares(
            inner
                .into_inner()
                .map(square_ref)
                .collect::<Result<_, _>>()?,
        ),
    };
    let mut words = TakingWords {
        taken,
        into: None,
        when: None,
        unless: None,
    };
    for p in it {
        match p.as_rule() {
            Rule::take_into => words.into = Some(area(p.into_inner().nth(1).unwrap())),
            Rule::take_if => words.when = Some(expr(p.into_inner().next().unwrap())?),
            _ => words.unless = Some(expr(p.into_inner().last().unwrap())?),
        }
    }
    Ok(words)
}
