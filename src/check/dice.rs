//! Checking `roll ...`: how many dice, of how many faces, and the totals that give another
//! turn.

use super::expr::Cx;
use super::{CheckError, Checker, Statements};
use crate::program::{Dice, Expr, MAX_DICE};
use crate::syntax::ast::{self, ExprKind, StatementKind};

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
        let sides = self.prog().sides.len() as u64;
        if let Some(span) = decl.opening
            && count != sides
        {
            self.error(
                CheckError::new(
                    span,
                    format!(
                        "the first roll gives one die to each side: {sides} sides, {count} dice"
                    ),
                    "not one die each",
                )
                .help(format!(
                    "roll as many dice as there are sides: `roll {sides} dice`"
                )),
            );
        }
        if let Some(span) = decl.doubles_twice
            && (decl.per_die.is_none() || count < 2)
        {
            self.error(
                CheckError::new(span, "`doubles twice` plays a roll of several dice die by die", "no dice to play twice")
                    .help("roll several dice and move one die at a time: `roll 2 dice, one move a die, doubles twice`"),
            );
        }
        self.program().dice = Some(Dice {
            count: count as u8,
            faces: faces as u8,
            again_on,
            per_die: decl.per_die.is_some(),
            doubles_twice: decl.doubles_twice.is_some(),
            opening: decl.opening.is_some(),
        });
    }

    /// `the roll` and `the die`: the dice must say what they are.
    pub(super) fn dice_expr(&mut self, e: &ast::Expr, cx: &Cx) -> Expr {
        if let ExprKind::TheRoll = e.kind {
            if self.prog().dice.is_none() {
                self.error(
                    CheckError::new(e.span, "there is no roll in this game", "`the roll`")
                        .help("say what a turn begins with: `roll one die`"),
                );
            }
            return Expr::TheRoll;
        }
        if !self.prog().dice.as_ref().is_some_and(|d| d.per_die) {
            self.error(
                CheckError::new(e.span, "no move uses one die in this game", "`the die`")
                    .help("let each move use one die: `roll 2 dice, one move a die`"),
            );
        } else if !cx.candidate && !cx.distance {
            self.error(
                CheckError::new(
                    e.span,
                    "`the die` is the die of a move: ask it in a move's `distance` or `where` clause",
                    "not in a move",
                )
                .help("e.g. `slide along path distance the die`"),
            );
        }
        Expr::TheDie
    }
}
