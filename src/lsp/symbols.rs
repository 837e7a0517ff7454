//! The names of a rules file as a table: each declared name (and each built-in direction
//! the file uses) with its declaration and every use, from the syntax tree's names
//! ([`crate::syntax::names`]), resolved as the checker resolves them.

use std::collections::HashMap;

use crate::check::{BUILTIN_DIRECTIONS, BUILTIN_SETS};
use crate::syntax::ast::{RulesFile, Span};
use crate::syntax::names::{Declared, Role, occurrences};

/// One name of the file.
#[derive(Debug, Clone)]
pub struct Symbol {
    pub name: String,
    /// What it is; `None` for a built-in direction or set.
    pub declared: Option<Declared>,
    /// Where it is declared (the name), and the statement that declares it.
    pub decl: Option<(Span, Span)>,
    /// Every other place it is written (a second declaration included).
    pub uses: Vec<Span>,
    /// For a let's parameter: the let, where it is known.
    scope: Option<Span>,
}

impl Symbol {
    /// What the name is, in words.
    pub fn what(&self) -> &'static str {
        match self.declared {
            None if is_builtin_set(&self.name) => "built-in direction set",
            None => "built-in direction",
            Some(d) => describe(d),
        }
    }

    /// Every place the name is written, its declaration first.
    pub fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        self.decl
            .map(|d| d.0)
            .into_iter()
            .chain(self.uses.iter().copied())
    }
}

pub fn describe(d: Declared) -> &'static str {
    match d {
        Declared::Side => "side",
        Declared::Kind => "kind",
        Declared::Direction => "direction",
        Declared::DirectionSet => "direction set",
        Declared::Let => "let",
        Declared::Param => "parameter",
        Declared::Var => "input variable",
        Declared::Zone => "zone",
        Declared::Held => "what squares hold",
    }
}

fn is_builtin_set(name: &str) -> bool {
    BUILTIN_SETS.iter().any(|(n, _)| *n == name)
}

pub(super) fn is_builtin(name: &str) -> bool {
    BUILTIN_DIRECTIONS.iter().any(|(n, _)| *n == name) || is_builtin_set(name)
}

/// The table.
#[derive(Debug, Default)]
pub struct Symbols {
    pub symbols: Vec<Symbol>,
    /// Every name written, by its start: the span and the symbol it is.
    at: Vec<(Span, usize)>,
}

/// The kinds of declaration a use may refer to, most likely first.
fn candidates(role: Role) -> &'static [Declared] {
    use Declared::*;
    match role {
        Role::Declares(_) => &[],
        Role::Side => &[Side],
        Role::Kind => &[Kind],
        Role::SideOrKind => &[Side, Kind],
        Role::Direction => &[Direction, DirectionSet],
        Role::Value => &[Let, Var, Side],
        Role::Var => &[Var],
        Role::Any => &[Var, Side, Kind, Let],
        Role::Zone => &[Zone],
        Role::Held => &[Held],
    }
}

impl Symbols {
    pub fn build(file: &RulesFile) -> Symbols {
        let names = occurrences(file);
        let mut t = Symbols::default();
        let mut by_name: HashMap<(&str, Declared), usize> = HashMap::new();
        let mut params: Vec<usize> = Vec::new();
        for o in &names {
            let Role::Declares(d) = o.role else { continue };
            let key = (o.name.text.as_str(), d);
            if d != Declared::Param
                && let Some(&first) = by_name.get(&key)
            {
                t.symbols[first].uses.push(o.name.span);
                t.at.push((o.name.span, first));
                continue;
            }
            let id = t.symbols.len();
            t.symbols.push(Symbol {
                name: o.name.text.clone(),
                declared: Some(d),
                decl: Some((o.name.span, o.statement)),
                uses: Vec::new(),
                scope: (d == Declared::Param).then_some(o.statement),
            });
            t.at.push((o.name.span, id));
            if d == Declared::Param {
                params.push(id);
            } else {
                by_name.insert(key, id);
            }
        }
        let mut builtins: HashMap<&str, usize> = HashMap::new();
        for o in &names {
            if matches!(o.role, Role::Declares(_)) {
                continue;
            }
            let text = o.name.text.as_str();
            let span = o.name.span;
            let param = params.iter().copied().find(|&p| {
                let s = &t.symbols[p];
                s.name == text
                    && s.scope
                        .is_some_and(|sc| sc.start <= span.start && span.end <= sc.end)
            });
            let declared = || {
                candidates(o.role)
                    .iter()
                    .chain(&[
                        Declared::Let,
                        Declared::Var,
                        Declared::Side,
                        Declared::Kind,
                        Declared::Direction,
                        Declared::DirectionSet,
                    ])
                    .find_map(|d| by_name.get(&(text, *d)).copied())
            };
            let id = match param.or_else(declared) {
                Some(id) => id,
                None if is_builtin(text) => *builtins.entry(text).or_insert_with(|| {
                    t.symbols.push(Symbol {
                        name: text.to_string(),
                        declared: None,
                        decl: None,
                        uses: Vec::new(),
                        scope: None,
                    });
                    t.symbols.len() - 1
                }),
                None => continue,
            };
            t.symbols[id].uses.push(span);
            t.at.push((span, id));
        }
        t.at.sort_by_key(|(s, _)| s.start);
        t
    }

    /// The symbol written at byte `at` (a cursor just after a name counts too), and the
    /// span of that name.
    pub fn at(&self, at: usize) -> Option<(&Symbol, Span)> {
        let i = self.at.partition_point(|(s, _)| s.start <= at);
        let (span, id) = *self.at[..i].last()?;
        (at <= span.end).then(|| (&self.symbols[id], span))
    }

    /// The names a completion may offer at byte `at`: every declared one but the
    /// parameters of other lets, and the built-in directions.
    pub fn visible(&self, at: usize) -> impl Iterator<Item = (&str, &'static str)> + '_ {
        let declared = self
            .symbols
            .iter()
            .filter(move |s| {
                s.declared.is_some() && s.scope.is_none_or(|sc| sc.start <= at && at <= sc.end)
            })
            .map(|s| (s.name.as_str(), s.what()));
        let builtins = BUILTIN_DIRECTIONS
            .iter()
            .map(|(n, _)| (*n, "built-in direction"))
            .chain(
                BUILTIN_SETS
                    .iter()
                    .map(|(n, _)| (*n, "built-in direction set")),
            );
        declared.chain(builtins)
    }

    /// Whether a name is declared anywhere in the file.
    pub fn is_declared(&self, name: &str) -> bool {
        self.symbols
            .iter()
            .any(|s| s.declared.is_some() && s.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(src: &str) -> Symbols {
        Symbols::build(&crate::syntax::parse(src).expect("parses"))
    }

    const SRC: &str = "board n x n\nsides black \"X\" forward up, white \"O\" forward down\n\
kinds man, king\ndirection jumpy = up + up\n\
let mine of s = count s pieces\nlet lead = mine of black - mine of white\n\
move man: step along forward, jumpy\ninput read n repeat until end grid mover\n\
output \"{lead}\"\n";

    #[test]
    fn declarations_and_uses() {
        let t = table(SRC);
        let at = |word: &str, nth: usize| {
            let i = SRC.match_indices(word).nth(nth).expect("in the source").0;
            t.at(i + 1).expect("a symbol").0
        };
        let black = at("black", 0);
        assert_eq!(black.declared, Some(Declared::Side));
        assert_eq!(black.uses.len(), 1);
        let s = at(" s", 0);
        assert_eq!((s.declared, s.uses.len()), (Some(Declared::Param), 1));
        assert_eq!(at("lead", 1).declared, Some(Declared::Let));
        assert_eq!(at("lead", 0).uses.len(), 1);
        assert_eq!(at("n", 0).declared, Some(Declared::Var));
        assert_eq!(at("n x", 0).uses.len(), 2);
        assert_eq!(at("man", 1).declared, Some(Declared::Kind));
        let up = at("up", 0);
        assert_eq!((up.declared, up.uses.len()), (None, 3));
        assert_eq!(at("jumpy", 1).decl.map(|d| d.0.start), SRC.find("jumpy"));
    }

    #[test]
    fn visible_names_keep_parameters_in_their_let() {
        let t = table(SRC);
        let inside = SRC.find("count s").unwrap();
        assert!(t.visible(inside).any(|(n, _)| n == "s"));
        assert!(!t.visible(SRC.len()).any(|(n, _)| n == "s"));
        assert!(
            t.visible(0)
                .any(|(n, w)| n == "all" && w == "built-in direction set")
        );
    }
}
