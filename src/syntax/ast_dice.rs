//! The syntax of dice: `roll N dice [of F faces] [, one move a die] [, doubles twice]
//! [, first roll one die each] [, again on V ...]`.

use super::span::Span;

/// `roll ...`: how many dice, of how many faces, and the totals that give the side another
/// turn.
#[derive(Debug)]
pub struct RollDecl {
    pub dice: (u64, Span),
    pub faces: Option<(u64, Span)>,
    pub again_on: Vec<(u64, Span)>,
    /// `one move a die`.
    pub per_die: Option<Span>,
    /// `doubles twice`.
    pub doubles_twice: Option<Span>,
    /// `first roll one die each`.
    pub opening: Option<Span>,
}
