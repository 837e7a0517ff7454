//! Checking the clauses of a slide or a placement: `distance`, `over`, `onto`, each at most
//! once, and `past the end`.

use super::expr::Cx;
use super::moves::mask;
use super::{CheckError, Checker};
use crate::program::*;
use crate::syntax::ast::{self, Span};

impl Checker {
    /// The `distance`, `over` and `onto` clauses of a slide or placement, each at most once.
    pub(super) fn slide_options(
        &mut self,
        options: &[ast::SlideOption],
        spans: &mut ClauseSpans,
        what_for: &str,
    ) -> (Option<Distance>, Option<CellMask>, Option<CellMask>) {
        let mut distance = None;
        let mut over = None;
        let mut onto = None;
        for o in options {
            // `past the end` is read by `past_end`.
            let (slot, span, what, spot) = match o {
                ast::SlideOption::Distance(e) => {
                    (distance.is_some(), e.span, "distance", &mut spans.distance)
                }
                ast::SlideOption::Over(c) => (over.is_some(), c.span, "over", &mut spans.over),
                ast::SlideOption::Onto(c) => (onto.is_some(), c.span, "onto", &mut spans.onto),
                ast::SlideOption::PastEnd(_) => continue,
            };
            spot.get_or_insert(span);
            if slot {
                self.error(CheckError::new(
                    span,
                    format!("`{what}` is given twice for this {what_for}"),
                    "second one",
                ));
                continue;
            }
            match o {
                ast::SlideOption::Distance(e) => distance = Some(self.distance(e)),
                ast::SlideOption::Over(c) => over = Some(mask(c)),
                ast::SlideOption::Onto(c) => onto = Some(mask(c)),
                ast::SlideOption::PastEnd(_) => {}
            }
        }
        (distance, over, onto)
    }

    /// `past the end`: given once, on a slide of a distance.
    pub(super) fn past_end(&mut self, options: &[ast::SlideOption], has_distance: bool) -> bool {
        let spans: Vec<Span> = options
            .iter()
            .filter_map(|o| match o {
                ast::SlideOption::PastEnd(s) => Some(*s),
                _ => None,
            })
            .collect();
        if let Some(&twice) = spans.get(1) {
            self.error(CheckError::new(
                twice,
                "`past the end` is given twice for this slide",
                "second one",
            ));
        }
        if let Some(&span) = spans.first()
            && !has_distance
        {
            self.error(
                CheckError::new(
                    span,
                    "a slide runs past the end only by a distance",
                    "how far?",
                )
                .help("give the distance: `slide along path distance the die past the end`"),
            );
        }
        !spans.is_empty()
    }

    fn distance(&mut self, e: &ast::Expr) -> Distance {
        let cx = Cx {
            distance: true,
            ..Cx::default()
        };
        match self.int_expr(e, &cx) {
            Expr::Int(v) if v < 0 => {
                self.error(CheckError::new(
                    e.span,
                    "a distance cannot be negative",
                    "negative",
                ));
                Distance::Const(0)
            }
            Expr::Int(v) => Distance::Const(v.min(u32::MAX as i64) as u32),
            Expr::CountOnLine(f) => Distance::LineCount(f),
            other => Distance::Expr(other),
        }
    }
}
