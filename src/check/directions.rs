//! Checking directions: `direction` and `directions` statements, direction names in
//! moves and regions, and fixing directions relative to a side (`forward`) to each side.

use super::scope::{self, DirValue};
use super::{CheckError, Checker, Statements};
use crate::program::*;
use crate::syntax::ast::{self, Name, Span, StatementKind};

impl Checker {
    /// Each side's `forward` direction.
    pub(super) fn forwards(&mut self, st: &Statements) {
        let Some(StatementKind::Sides(defs)) = st.kind("sides") else {
            return;
        };
        for d in defs {
            let Some(f) = &d.forward else { continue };
            let Some(side) = self.scope.side(&d.name.text) else {
                continue;
            };
            // A named direction is never the zero step (`direction` refuses one).
            match self.single_direction(f) {
                Some(v) if v.relative() => {
                    self.error(CheckError::new(
                        f.span,
                        "a side's forward direction must be a fixed direction",
                        "relative to the side itself",
                    ));
                    self.scope.bad_forward.push(side);
                }
                Some(v) => self.program().sides[side as usize].forward = Some((v.dr, v.dc)),
                None => self.scope.bad_forward.push(side),
            }
        }
    }

    pub(super) fn direction_statement(&mut self, st: &ast::Statement) {
        match &st.kind {
            StatementKind::Direction(defs) => {
                for d in defs {
                    let owner = d.owner.as_ref().and_then(|o| {
                        let side = self.scope.side(&o.text);
                        if side.is_none() {
                            self.unknown("side", o, self.side_names());
                        }
                        side
                    });
                    let taken = self.scope.routes.iter().any(|r| {
                        r.name == d.name.text
                            && (d.owner.is_none() || r.owner.is_none() || r.owner == owner)
                    });
                    if self.scope.directions.contains_key(&d.name.text) || taken {
                        self.error(CheckError::new(
                            d.name.span,
                            format!("direction `{}` is already defined", d.name.text),
                            "defined again here",
                        ));
                        continue;
                    }
                    let value = match &d.value {
                        ast::DirectionValue::Through(names, once) => {
                            self.scope.routes.push(scope::Route {
                                name: d.name.text.clone(),
                                owner,
                                squares: names.clone(),
                                once: *once,
                                id: None,
                            });
                            continue;
                        }
                        _ if d.owner.is_some() => {
                            self.error(
                                CheckError::new(
                                    d.name.span,
                                    "only a route may be a side's own",
                                    "a step, the same for every side",
                                )
                                .help("a side's route goes through squares: `direction path of red = through a1 b1 c1`"),
                            );
                            continue;
                        }
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
                let mut dirs: Vec<DirValue> = Vec::new();
                for m in members {
                    let values = match m {
                        ast::DirItem::Name(n) => self.direction_list(std::slice::from_ref(n)),
                        ast::DirItem::Vector(0, 0, span) => {
                            self.error(CheckError::new(
                                *span,
                                "a direction must go somewhere",
                                "a zero step",
                            ));
                            continue;
                        }
                        ast::DirItem::Vector(dr, dc, _) => {
                            vec![DirValue::abs(*dr as i32, *dc as i32)]
                        }
                    };
                    for v in values {
                        if !dirs.contains(&v) {
                            dirs.push(v);
                        }
                    }
                }
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
                self.no_direction(n);
                None
            }
        }
    }

    /// Reports a name that is no direction (perhaps a route, which only some words take).
    fn no_direction(&mut self, n: &Name) {
        if self.scope.routes.iter().any(|r| r.name == n.text) {
            self.error(
                CheckError::new(
                    n.span,
                    format!("`{}` is a route (`through ...`), not a step", n.text),
                    "a route",
                )
                .help("a route is slid and sown along (`slide along`, `sow ... along`), runs along it (`in a run from SQUARE along`), and it names squares (`2 round of to`)"),
            );
        } else {
            self.unknown("direction", n, self.scope.direction_order.clone());
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
                None => self.no_direction(n),
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
                let (fr, fc) = match (d.relative(), fwd) {
                    (false, _) => (0, 0),
                    (true, Some(f)) => f,
                    (true, None) => {
                        // A side whose forward direction was misspelt is reported there; a
                        // side the action is not for needs none.
                        let not_for = self.scope.movers.is_some_and(|m| m & (1 << s) == 0);
                        if !reported && !not_for && !self.scope.bad_forward.contains(&(s as SideId))
                        {
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
                // The side's own left is its forward step turned a quarter anticlockwise:
                // (fr, fc) -> (-fc, fr), left for a side moving up, right for one moving down.
                let (dr, dc) = (
                    scope::clamp_step(
                        d.dr as i64 + d.forward as i64 * fr as i64 - d.side as i64 * fc as i64,
                    ),
                    scope::clamp_step(
                        d.dc as i64 + d.forward as i64 * fc as i64 + d.side as i64 * fr as i64,
                    ),
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
                if d.relative() {
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
            .position(|d| d.route.is_none() && d.dr == dr && d.dc == dc)
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
        p.directions.push(Direction {
            name,
            dr,
            dc,
            route: None,
            once: false,
        });
        (p.directions.len() - 1) as DirId
    }
}
