//! Which `where` conditions of a move ask what of the candidate step: nothing (one value
//! in a position), or only the block its `to` is on (one value in each block).

use super::{BlockRef, Expr, Program, SquareRef};

impl Program {
    /// Marks the `where` conditions that ask nothing of the candidate step
    /// ([`super::KindAction::fixed`]), and those that ask only the block its `to` is on
    /// ([`super::KindAction::by_block`]).
    pub fn mark_fixed_conditions(&mut self) {
        // A let uses only the lets above it, so one pass in order settles them all.
        let (mut asks, mut beyond) = (Vec::new(), Vec::new());
        for l in &self.lets {
            asks.push(asks_candidate(l, &asks, false));
            beyond.push(asks_candidate(l, &beyond, true));
        }
        for rule in &mut self.moves {
            for ka in rule
                .actions
                .iter_mut()
                .chain(rule.then.iter_mut().flatten())
            {
                (ka.fixed, ka.by_block) = (0, 0);
                for (i, (c, _)) in ka.conditions.iter().enumerate().take(64) {
                    if !asks_candidate(c, &asks, false) {
                        ka.fixed |= 1 << i;
                    } else if !asks_candidate(c, &beyond, true) {
                        ka.by_block |= 1 << i;
                    }
                }
            }
        }
    }
}

/// Whether `e` asks about the candidate step of a `where` clause: its squares, its
/// direction (`on line`), the moves (counted or compared from the candidate's position), or
/// a let that does (`lets[i]`: whether let `i` does). With `but_block`, asking only which
/// block `to` is on (`the block of to`, `to is on the block ...`) does not count.
fn asks_candidate(e: &Expr, lets: &[bool], but_block: bool) -> bool {
    let asks_square = |at: &SquareRef| at.of_move() && !(but_block && at.is_to());
    let asks_block = |b: &BlockRef| b.at.of_move() && !(but_block && !b.matching && b.at.is_to());
    e.any(&|x| match x {
        Expr::CountNear(near) => near.asks_squares(),
        Expr::SquareIs(at, _) => at.of_move(),
        Expr::Outranks(a, b) => a.of_move() || b.of_move(),
        Expr::OnBlock(x) => asks_square(&x.0) || asks_block(&x.1),
        Expr::BlockIs(x) => asks_block(&x.0),
        Expr::From
        | Expr::To
        | Expr::TheDie
        | Expr::CountOnLine(_)
        | Expr::CountMoves(_)
        | Expr::Best { .. } => true,
        Expr::Let(l) => lets.get(*l).is_none_or(|&a| a),
        _ => false,
    })
}
