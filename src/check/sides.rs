//! Checking sides, kinds and pieces: the symbols the input uses for them, and promotion.

use super::{CheckError, Checker, Statements};
use crate::program::*;
use crate::syntax::ast::{self, Name, Span, StatementKind};

impl Checker {
    /// The sides, in the order declared (a file without `sides` gets one, so checking goes on).
    pub(super) fn declare_sides(&mut self, st: &Statements) -> Vec<SideInfo> {
        let mut sides = Vec::new();
        if let Some(StatementKind::Sides(defs)) = st.kind("sides") {
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
        if sides.is_empty() {
            sides.push(SideInfo {
                name: "nobody".into(),
                forward: None,
            });
        }
        sides
    }

    /// The piece kinds (`piece` when the file declares none).
    pub(super) fn declare_kinds(&mut self, st: &Statements, sides: usize) -> Vec<String> {
        let mut kinds = vec!["piece".to_string()];
        let Some(StatementKind::Kinds(names, seps)) = st.kind("kinds") else {
            // A game without kinds has one, which can still be named.
            self.scope
                .kinds
                .push(("piece".to_string(), Span::default()));
            return kinds;
        };
        kinds.clear();
        let ranked = seps.iter().filter(|(gt, _)| *gt).count();
        if ranked > 0 && ranked < seps.len() {
            let comma = seps.iter().find(|(gt, _)| !*gt).map(|(_, s)| *s);
            self.error(
                CheckError::new(comma.unwrap_or_default(), "a ranking of kinds puts `>` between every two of them", "a comma in a ranking")
                    .help("rank them all, the strongest first (`kinds elephant > camel > horse`), or none (`kinds man, king`)"),
            );
        }
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
        if sides * kinds.len() > 200 {
            let at = st.get("kinds").or(st.get("sides"));
            self.error(CheckError::new(
                at.map(|s| s.keyword).unwrap_or_default(),
                format!(
                    "too many pieces: {} sides of {} kinds (at most 200 pieces in all)",
                    sides,
                    kinds.len()
                ),
                "one piece per side and kind",
            ));
            kinds.truncate(1);
        }
        kinds
    }
    pub fn side_names(&self) -> Vec<String> {
        self.scope.sides.iter().map(|(n, _)| n.clone()).collect()
    }

    pub(super) fn symbols(&mut self, st: &Statements) {
        let mut used: Vec<(String, Span)> = Vec::new();
        let mut add = |c: &mut Checker, s: &ast::Str, code: Code| {
            let text = s.value.as_str();
            let len = text.chars().count();
            if !(1..=3).contains(&len) {
                c.error(
                    CheckError::new(
                        s.span,
                        "a symbol is one to three characters",
                        match len {
                            0 => "empty",
                            _ => "too long",
                        },
                    )
                    .help("e.g. `\"P\"`, or `\"+P\"` for a promoted pawn"),
                );
                return;
            }
            if text
                .chars()
                .any(|ch| ch.is_whitespace() || !ch.is_ascii_graphic())
            {
                c.error(CheckError::new(
                    s.span,
                    "a symbol must be made of visible ASCII characters",
                    "not usable as a symbol",
                ));
                return;
            }
            if len > 1 && text.starts_with(|ch: char| ch.is_ascii_digit()) {
                c.error(CheckError::new(
                    s.span,
                    "a symbol of several characters may not start with a digit",
                    "read as a count",
                ));
                return;
            }
            if used.iter().any(|(u, _)| u == text) {
                c.error(CheckError::new(
                    s.span,
                    format!("symbol `{text}` stands for two things"),
                    "used again here",
                ));
                return;
            }
            used.push((text.to_string(), s.span));
            c.program().symbols.push((text.to_string(), code));
        };
        if let Some(StatementKind::Sides(defs)) = st.kind("sides") {
            for d in defs {
                let (Some(sym), Some(side)) = (&d.symbol, self.scope.side(&d.name.text)) else {
                    continue;
                };
                let code = self.program().code(side, 0);
                add(self, sym, code);
            }
        }
        if let Some(StatementKind::Pieces(defs)) = st.kind("pieces") {
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
        let empty = match st.kind("empty") {
            Some(StatementKind::Empty(s)) => s.clone(),
            _ => ast::Str {
                value: ".".into(),
                span: Span::default(),
            },
        };
        add(self, &empty, EMPTY);
    }

    /// How many rows the board has (a board sized by the input: any number, checked when
    /// it is read).
    pub(super) fn prog_rows(&self) -> u32 {
        match self.prog().rows {
            Dim::Fixed(r) => r,
            Dim::Var(_) => u32::MAX,
        }
    }

    /// `in the far N rows`: N, at least 1 and at most the board's rows.
    pub(super) fn far_rows(&mut self, n: u64, span: Span) -> u32 {
        let rows = self.prog_rows();
        if n == 0 || n > u64::from(rows) {
            self.error(CheckError::new(
                span,
                format!("the board has {rows} rows: the far rows are 1 to {rows}"),
                "not a number of rows of the board",
            ));
            return 1;
        }
        n as u32
    }

    pub(super) fn promote(
        &mut self,
        keyword: Span,
        (from, to): (&Name, &[Name]),
        at_once: bool,
        (rows, optional): (Option<u32>, bool),
    ) {
        let known: Vec<String> = self.scope.kinds.iter().map(|(n, _)| n.clone()).collect();
        let f = self.scope.kind(&from.text);
        if f.is_none() {
            self.unknown("kind", from, known.clone());
        }
        let mut targets = Vec::new();
        for t in to {
            match self.scope.kind(&t.text) {
                None => self.unknown("kind", t, known.clone()),
                Some(k) if Some(k) == f => self.error(CheckError::new(
                    t.span,
                    "a piece cannot be promoted to its own kind",
                    "same kind",
                )),
                Some(k) if targets.contains(&k) => self.error(CheckError::new(
                    t.span,
                    format!("`{}` is named twice", t.text),
                    "again here",
                )),
                Some(k) => targets.push(k),
            }
        }
        let Some(f) = f else { return };
        if targets.len() != to.len() {
            return;
        }
        let bad = &self.scope.bad_forward;
        let missing: Vec<String> = self
            .prog()
            .sides
            .iter()
            .enumerate()
            .filter(|(i, s)| s.forward.is_none() && !bad.contains(&(*i as SideId)))
            .map(|(_, s)| s.name.clone())
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
            to: targets,
            at_once,
            rows: rows.unwrap_or(0),
            optional,
        });
    }
}
