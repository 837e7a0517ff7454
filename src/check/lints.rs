//! Warnings about a rules file that has no errors: rules that are legal but likely not what
//! the author meant. `ply check` prints them; they change no exit code.

use super::CheckError;
use crate::program::{Action, C_EMPTY, Dim, Expr, KindAction, Program, Repetition, run_ply_cap};

/// The warnings about a checked program.
pub fn warnings(p: &Program) -> Vec<CheckError> {
    let mut out = Vec::new();
    endless(p, &mut out);
    unreached_limit(p, &mut out);
    out
}

/// A ply limit no run reaches: `stop after N` past the plies a run plays of one game on the
/// board ([`run_ply_cap`]), so that a game that goes on is stopped unfinished by the run
/// rather than ended by the rules' result for it.
fn unreached_limit(p: &Program, out: &mut Vec<CheckError>) {
    let Some(game) = &p.game else { return };
    let (Some(n), Some(span)) = (game.stop_after, game.stop_span) else {
        return;
    };
    let (Dim::Fixed(rows), Dim::Fixed(cols)) = (p.rows, p.cols) else {
        return;
    };
    let cap = run_ply_cap(rows as usize * cols as usize);
    if n <= cap {
        return;
    }
    let unit = if game.stop_turns { "turns" } else { "plies" };
    out.push(
        CheckError::new(
            span,
            format!("this limit is effectively unbounded: a run stops a game after {cap} plies"),
            format!("{n} {unit}"),
        )
        .help(format!(
            "random playouts, agents and self-play stop a game unfinished after {cap} plies on \
             this board (`ply playout --max-plies` changes it), before this limit and its \
             result line are reached: a limit of at most {cap} plies ends every game by the rules"
        )),
    );
}

/// A whole game that may never end: a piece can move back and forth (or a block turn back,
/// or a side pass) with
/// nothing that adds a piece, no ply limit, no end rule counting plies without capture and
/// no rule against bringing back an earlier position. Playouts of such a game can run for
/// ever.
fn endless(p: &Program, out: &mut Vec<CheckError>) {
    let Some(game) = &p.game else { return };
    if p.setup.is_none()
        || game.stop_after.is_some()
        || p.no_repeat == Some(Repetition::Earlier)
        || game
            .ends
            .iter()
            .any(|e| e.condition.any(&|x| matches!(x, Expr::QuietPlies)))
    {
        return;
    }
    let back_and_forth = p.moves.iter().find_map(|rule| {
        let parts: Vec<&[KindAction]> = std::iter::once(rule.actions.as_slice())
            .chain(rule.then.iter().map(Vec::as_slice))
            .collect();
        // A move that puts a piece down fills the board: it cannot come back.
        let places = parts
            .iter()
            .flat_map(|part| part.iter())
            .any(|ka| matches!(ka.action, Action::Place { .. }));
        if places {
            return None;
        }
        parts
            .iter()
            .flat_map(|part| part.iter())
            .find(|ka| match &ka.action {
                // A slide that only lands on enemies captures every time: it cannot be undone.
                Action::Slide { dirs, onto, .. } => {
                    onto & C_EMPTY != 0 && dirs.iter().any(|d| has_both_ways(p, d))
                }
                // A block turned one way can be turned back.
                Action::Rotate { .. } | Action::Pass => true,
                // A removal takes a piece off: it cannot be undone.
                _ => false,
            })
    });
    if let Some(ka) = back_and_forth {
        out.push(
            CheckError::new(
                game.span,
                "this game may never end: a piece can go back and forth, and the game has no ply limit",
                "no `stop after`",
            )
            .also(ka.span, "can be undone by the same move the other way")
            .help(
                "add `stop after N plies` and a `result` line for a game it stops (random playouts \
                 and agents then always finish), or end the game by a count such as `draw if plies \
                 without capture >= 100`",
            ),
        );
    }
}

/// Whether a list of directions holds one and its opposite (a route has none: it goes one
/// way).
fn has_both_ways(p: &Program, dirs: &[u16]) -> bool {
    let steps: Vec<u16> = dirs
        .iter()
        .copied()
        .filter(|&d| p.directions[d as usize].route.is_none())
        .collect();
    let dirs = steps.as_slice();
    dirs.iter().any(|&a| {
        let (ar, ac) = (p.directions[a as usize].dr, p.directions[a as usize].dc);
        dirs.iter().any(|&b| {
            let d = &p.directions[b as usize];
            d.dr == -ar && d.dc == -ac
        })
    })
}
