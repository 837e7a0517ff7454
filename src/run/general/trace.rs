//! What the move generator and `apply` can tell about their work, for explanations: the
//! candidates they turned down and why, and the runs a move flipped. The searches use
//! [`Off`], whose `ON = false` lets the compiler drop every note from the hot loops.

use crate::program::DirId;
use crate::run::step::Step;

/// The `rule` of an [`Event::Illegal`] that its statement's `unless that leaves` refused.
pub const LEAVES: u16 = u16::MAX;

pub trait Trace {
    /// False when nothing is recorded: callers skip building notes.
    const ON: bool;
    fn note(&mut self, e: Event);
}

/// No tracing: what every search uses.
pub struct Off;

impl Trace for Off {
    const ON: bool = false;
    #[inline(always)]
    fn note(&mut self, _: Event) {}
}

/// Records every event.
#[derive(Debug, Default)]
pub struct Record(pub Vec<Event>);

impl Trace for Record {
    const ON: bool = true;
    fn note(&mut self, e: Event) {
        self.0.push(e);
    }
}

/// Which action of which move statement a note is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionRef {
    pub rule: u16,
    /// The part of the move (0 the first).
    pub part: u8,
    pub action: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The piece on `from` is of a kind the action is not for.
    WrongKind { at: ActionRef, from: u32 },
    /// A candidate step that the action's own clauses turn down. `from` is `NONE` for a
    /// placement (then `to` is the square); `distance` is the distance the slide asked for
    /// (0 for placements and jumps).
    Rejected {
        at: ActionRef,
        from: u32,
        to: u32,
        dir: DirId,
        distance: u32,
        why: Why,
    },
    /// A legal step left out because captures are mandatory and another step captures.
    NotCapturing { step: Step },
    /// A legal step left out because a move of a `mandatory` statement is legal.
    NotMandatory { step: Step },
    /// A complete move after which the `legal if` condition number `rule` does not hold
    /// (`LEAVES`: after which its statement's `unless that leaves` condition holds).
    Illegal { step: Step, rule: u16 },
    /// Playing a step turned `count` enemy pieces from `first` on along `dir`, a run closed
    /// by an own piece; `origin` is the square the run was seen from (the square played, or
    /// a piece turned earlier in a cascade).
    Flipped {
        origin: u32,
        dir: DirId,
        first: u32,
        count: u32,
    },
}

/// Why a candidate step is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The distance worked out to 0.
    ZeroDistance,
    /// The board ends after `room` squares.
    PastEdge { room: u32 },
    /// `over` does not allow passing the square `sq`.
    Passes { sq: u32 },
    /// `onto` does not allow landing on `sq`.
    Lands { sq: u32 },
    /// A jump: the first piece along the line, on `sq`, is not one `over` allows.
    CannotJump { sq: u32 },
    /// A jump: more empty squares before the piece than the gap allows; `sq` is the piece.
    GapBefore { sq: u32 },
    /// A jump: fewer empty squares before the piece on `sq` than the gap asks.
    GapShort { sq: u32 },
    /// A jump: there is no piece to jump along this direction.
    NothingToJump,
    /// A jump: no empty square to land on beyond the piece on `sq`.
    NoLanding { sq: u32 },
    /// A placement: `onto` does not allow the square.
    PlaceOnto,
    /// A placement: the mover has no piece of the kind in hand.
    NoneInHand,
    /// A placement that flips nothing, under `must flip`.
    FlipsNothing,
    /// A chain's next jump straight back along the last one, under `never straight back`.
    TurnsBack,
    /// Part `clause` of the action's `where` clause does not hold.
    Where { clause: u8 },
}
