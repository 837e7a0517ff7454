//! Checking `let` definitions: each compiled once per side for a side parameter, with what
//! working it out costs and needs.

use super::{CheckError, Checker, MAX_TERMS, expr, scope};
use crate::program::*;
use crate::syntax::ast::{self, Name};

impl Checker {
    pub(super) fn let_statement(&mut self, name: &Name, param: Option<&Name>, body: &ast::Expr) {
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
            // Never a square: `from` and `to` are known only in `each move` lines. Square
            // tests on them are allowed: the let is then used only in `where` clauses.
            let (e, ty) = self.expr(body, &cx);
            is_bool = ty == expr::Ty::Bool;
            if s > 0 {
                // The same body checked for another side repeats the first side's errors.
                self.errors.truncate(before);
                self.unknowns.retain(|u| u.index < before);
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
}
