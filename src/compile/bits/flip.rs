//! The bit form of placement games that flip closed runs: see [`FlipGame`].

use super::fits::{action_kind_miss, one_kind, where_miss};
use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::program::{Action, C_EMPTY, Code, DirId, Program, Stuck};

/// A placement game that flips closed runs, as bit operations: one move that places a
/// piece on an empty square where it closes at least one run of enemy pieces, and turns
/// every such run along the flip directions (not cascading); a side with no move passes;
/// no end rules.
#[derive(Debug, Clone)]
pub struct FlipGame {
    /// Per side, the directions its runs are closed along.
    pub dirs: [Vec<DirId>; 2],
    /// Per side, the code of its pieces.
    pub code: [Code; 2],
    /// How long a run can be: the longer side of the board.
    pub longest: u32,
}

/// The bit form of a flip game on this board, or why it has none.
pub(super) fn flip_game(p: &Program, t: &Tables, g: &Geometry) -> Fit<FlipGame> {
    let Some(game) = p.game.as_ref() else {
        unreachable!("bit forms are asked of whole games")
    };
    one_kind(p, t)?;
    if p.moves.len() != 1 {
        return Err(Miss::new(
            "several move statements (a flip game has one)",
            None,
        ));
    }
    if game.stuck != Stuck::Pass {
        return Err(Miss::new(
            "a side with no move does not pass (a flip game passes)",
            game.stuck_span,
        ));
    }
    if let Some(end) = game.ends.first() {
        return Err(Miss::new(
            "an end rule (a flip game ends when neither side can move)",
            Some(end.span),
        ));
    }
    let rule = &p.moves[0];
    let Some(flip) = rule.flip.as_ref() else {
        return Err(Miss::new(
            "`must flip` without a `flip` clause",
            rule.spans.must_flip,
        ));
    };
    if !rule.must_flip {
        return Err(Miss::new(
            "a placement that need not flip (a flip game's must)",
            rule.spans.flip,
        ));
    }
    if flip.cascading {
        return Err(Miss::new("cascading flips", rule.spans.flip));
    }
    let [ka] = &rule.actions[..] else {
        let span = rule.actions.get(1).map(|a| a.span);
        return Err(Miss::new("several actions in the move", span));
    };
    let places_on_empty = matches!(
        ka.action,
        Action::Place {
            onto: C_EMPTY,
            reach: None
        }
    );
    if !places_on_empty {
        return Err(action_kind_miss(ka));
    }
    if !ka.conditions.is_empty() {
        return Err(where_miss(ka));
    }
    if ka.kinds & 1 == 0 {
        return Err(Miss::new("a placement of no kind", Some(ka.span)));
    }
    Ok(FlipGame {
        dirs: [flip.dirs[0].clone(), flip.dirs[1].clone()],
        code: [p.code(0, 0), p.code(1, 0)],
        longest: g.rows.max(g.cols),
    })
}
