//! What a rules file compiles to, as `ply check` reports it: the bit form its moves take,
//! or the general generator and the construct that keeps them off bits (with where it is
//! written), so that an author can tell why a game plays as fast as it does.

use serde::Serialize;

use crate::compile::Engines;
use crate::diagnostic::line_col;
use crate::program::{Dim, Program};

/// The representation of one rules file.
#[derive(Debug, Serialize)]
pub struct Representation {
    /// `bits` (a bit form), `general` (the general generator) or `per board size` (the
    /// board's size is read from the input, and each size gets its own).
    pub form: &'static str,
    /// The family of a bit form, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family: Option<&'static str>,
    /// The bits of a bit form's sets: 64 or 128.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<u32>,
    /// The board the form was found for (`8 x 8`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Why the rules have no bit form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub because: Option<Because>,
    /// Under `legal if no own KIND pieces attacked` that the general generator reads as a
    /// guard of that kind: its name (moves of other pieces that are not pinned to it, while
    /// it is not attacked, are known legal without the position after them being made).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guards: Option<String>,
}

/// The construct that keeps rules off bits, and where it is written (line and column from
/// 1) when it is one place.
#[derive(Debug, Serialize)]
pub struct Because {
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl Representation {
    /// What `p` (whose text is `source`) compiles to.
    pub fn of(p: &Program, source: &str) -> Representation {
        let (Dim::Fixed(rows), Dim::Fixed(cols)) = (p.rows, p.cols) else {
            return Representation {
                form: "per board size",
                family: None,
                word: None,
                board: None,
                because: None,
                guards: None,
            };
        };
        let board = Some(format!("{rows} x {cols}"));
        let engine = match Engines::new(p).get(rows, cols) {
            Ok(e) => e,
            Err(e) => {
                return Representation {
                    form: "general",
                    family: None,
                    word: None,
                    board,
                    because: Some(Because {
                        what: e.to_string(),
                        line: None,
                        column: None,
                    }),
                    guards: None,
                };
            }
        };
        let guards = (engine.t.king_guard.as_ref()).map(|g| p.kinds[g.kind as usize].clone());
        match &engine.form {
            Ok(form) => Representation {
                form: "bits",
                family: Some(form.family()),
                word: Some(if engine.g.n <= 64 { 64 } else { 128 }),
                board,
                because: None,
                guards: None,
            },
            Err(miss) => {
                let at = miss.span.map(|s| line_col(source, s.start));
                Representation {
                    form: "general",
                    family: None,
                    word: None,
                    board,
                    because: Some(Because {
                        what: miss.what.clone(),
                        line: at.map(|a| a.0),
                        column: at.map(|a| a.1),
                    }),
                    guards,
                }
            }
        }
    }

    /// The lines people read under `FILE: ok`, each indented.
    pub fn text(&self) -> String {
        let board = self.board.as_deref().unwrap_or("");
        match (self.form, &self.because) {
            ("bits", _) => format!(
                "  moves: a bit form ({}), {}-bit sets, on the {board} board\n",
                self.family.unwrap_or(""),
                self.word.unwrap_or(0)
            ),
            ("general", Some(b)) => {
                // Where the construct is written goes after its name, before what it means.
                let (name, note) = match b.what.split_once(" (") {
                    Some((name, note)) => (name, format!(" ({note}")),
                    None => (b.what.as_str(), String::new()),
                };
                let at = match (b.line, b.column) {
                    (Some(l), Some(c)) => format!(" at {l}:{c}"),
                    _ => String::new(),
                };
                let guard = match &self.guards {
                    Some(kind) => format!(
                        "  legal if: a guard of the own {kind} (a move of another piece not pinned to it, while it is not attacked, is legal without being made; while it is attacked, one that neither takes the attacker nor stands in its line is not made)\n"
                    ),
                    None => String::new(),
                };
                format!(
                    "  moves: the general generator, on the {board} board\n  no bit form: {name}{at}{note}\n{guard}"
                )
            }
            _ => "  moves: picked for each board size the input gives\n".to_string(),
        }
    }
}
