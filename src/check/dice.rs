//! Checking `roll ...`: how many dice, of how many faces, and the totals that give another
//! turn.

use super::{CheckError, Checker, Statements};
use crate::program::{Dice, MAX_DICE};
use crate::syntax::ast::StatementKind;

/// The most faces a die may have.
const MAX_FACES: u64 = 20;

impl Checker {
    /// `roll one die | N dice [of F faces] [, again on V or ...]`.
    pub(super) fn dice(&mut self, st: &Statements) {
        let Some(StatementKind::Roll(decl)) = st.kind("roll") else {
            return;
        };
        let (count, span) = decl.dice;
        if count == 0 || count > MAX_DICE as u64 {
            self.error(
                CheckError::new(
                    span,
                    format!("a roll has 1 to {MAX_DICE} dice"),
                    "not that many",
                )
                .help("e.g. `roll one die` or `roll 2 dice`"),
            );
        }
        let faces = decl.faces.map_or(6, |f| f.0);
        if let Some((f, span)) = decl.faces
            && !(2..=MAX_FACES).contains(&f)
        {
            self.error(
                CheckError::new(
                    span,
                    format!("a die has 2 to {MAX_FACES} faces"),
                    "not a die",
                )
                .help("e.g. `of 6 faces` (six is what a die has without it)"),
            );
        }
        let count = count.clamp(1, MAX_DICE as u64);
        let faces = faces.clamp(2, MAX_FACES);
        let mut again_on = Vec::new();
        for &(v, span) in &decl.again_on {
            if v < count || v > count * faces {
                self.error(CheckError::new(
                    span,
                    format!(
                        "a roll of these dice shows {count} to {} in all",
                        count * faces
                    ),
                    "never rolled",
                ));
            } else if !again_on.contains(&(v as u8)) {
                again_on.push(v as u8);
            }
        }
        self.program().dice = Some(Dice {
            count: count as u8,
            faces: faces as u8,
            again_on,
        });
    }
}
