//! The bit form of games of single steps: see [`StepGame`].

use super::ends::{BitEnds, bit_ends};
use super::fits::{action_kind_miss, one_kind, where_miss};
use super::{Fit, Miss};
use crate::compile::geometry::Geometry;
use crate::compile::tables::Tables;
use crate::program::{Action, C_EMPTY, C_ENEMY, CellMask, DirId, Distance, Program, Stuck};

/// A game of single steps, as bit operations: two sides of one kind of piece, every move one
/// step of a piece along a direction onto an empty or an enemy square (taking it there);
/// the game ends by conditions on counts of pieces (on parts of the board) or when a side
/// cannot move. No `where`, effects, chains, promotions, `legal if` or mandatory captures.
#[derive(Debug, Clone)]
pub struct StepGame {
    /// Per side, each action in the order the generator takes them: its directions, and
    /// the classes of square it may land on (`C_EMPTY`, `C_ENEMY`).
    pub actions: [Vec<(Vec<DirId>, CellMask)>; 2],
    pub code: [crate::program::Code; 2],
    /// The end rules, in order, as conditions on the two sides' sets.
    pub ends: BitEnds,
}

/// The bit form of a game of single steps on this board, or why it has none.
pub(super) fn step_game(p: &Program, t: &Tables, g: &Geometry) -> Fit<StepGame> {
    let Some(game) = p.game.as_ref() else {
        unreachable!("bit forms are asked of whole games")
    };
    one_kind(p, t)?;
    if game.stuck == Stuck::Pass {
        return Err(Miss::new(
            "a side with no move passes (a game of steps ends)",
            game.stuck_span,
        ));
    }
    if p.captures_mandatory {
        return Err(Miss::new(
            "`captures are mandatory`",
            p.captures_mandatory_span,
        ));
    }
    let mut actions: [Vec<(Vec<DirId>, CellMask)>; 2] = [Vec::new(), Vec::new()];
    for ka in p.moves.iter().flat_map(|rule| &rule.actions) {
        let Action::Slide {
            dirs,
            distance: Distance::Const(1),
            onto,
            ..
        } = &ka.action
        else {
            return Err(action_kind_miss(ka));
        };
        if !ka.conditions.is_empty() {
            return Err(where_miss(ka));
        }
        if ka.kinds & 1 == 0 || onto & !(C_EMPTY | C_ENEMY) != 0 {
            return Err(action_kind_miss(ka));
        }
        for (side, list) in actions.iter_mut().enumerate() {
            list.push((dirs[side].clone(), *onto));
        }
    }
    Ok(StepGame {
        actions,
        code: [p.code(0, 0), p.code(1, 0)],
        ends: bit_ends(p, t, g, 1)?,
    })
}
