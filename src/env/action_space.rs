//! The fixed action space of a game: every step a move can take, numbered once from the
//! rules and the board, the same in every position, so that a policy has one output per
//! action. A move is played as its steps, one action each (a slide is one action, a capture
//! chain one action a jump, a move in two parts two: the piece's move, then the placement).
//!
//! The actions, in order (a range is there only when the rules can make such a step):
//!
//! | range | size | the step |
//! |---|---|---|
//! | pass | 1 | a pass |
//! | stop | 1 | ends a move that could go on (offered only then) |
//! | place | squares x kinds | a piece of a kind put on a square (a drop) |
//! | move | squares x squares x promotions x dice | a piece from a square to a square, promoted to a kind the mover chooses, using a die |
//! | remove | squares | the piece on a square taken off |
//! | rotate | blocks x 3 | a block turned (`cw`, `ccw`, `half`) |
//! | sow | squares | the seeds of a square sown |
//! | second | squares | the square of the second piece a push or a pull moves (after its step) |

use crate::compile::Engine;
use crate::program::Action;
use crate::run::step::{NO_DIE, NO_KIND, NONE, Step, rotation, rotation_text};
use crate::syntax::ast::Turn;

/// One action, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    Pass,
    Stop,
    Place {
        sq: u32,
        kind: u8,
    },
    Move {
        from: u32,
        to: u32,
        /// The kind the mover promotes to ([`NO_KIND`]: none).
        promo: u8,
        /// The die used ([`NO_DIE`]: none).
        die: u8,
    },
    Remove {
        sq: u32,
    },
    Rotate {
        block: u32,
        turn: Turn,
    },
    Sow {
        sq: u32,
    },
    Second {
        sq: u32,
    },
}

/// The actions of a game, by range.
#[derive(Debug, Clone)]
pub struct ActionSpace {
    squares: u32,
    kinds: u32,
    /// The kinds a mover may choose to promote to, in kind order.
    promos: Vec<u8>,
    /// The faces of a die, when each move uses one (`one move a die`); 0 otherwise.
    faces: u32,
    blocks: u32,
    /// Where each range starts, and its size (0: the rules make no such step).
    place: (u32, u32),
    moves: (u32, u32),
    remove: (u32, u32),
    rotate: (u32, u32),
    sow: (u32, u32),
    second: (u32, u32),
    size: u32,
}

/// The pass.
pub const PASS: u32 = 0;
/// Ends a move that could go on.
pub const STOP: u32 = 1;

/// What kinds of steps the rules can make.
#[derive(Default)]
struct Makes {
    place: bool,
    moves: bool,
    remove: bool,
    rotate: bool,
    sow: bool,
}

impl Makes {
    fn of(e: &Engine) -> Makes {
        let mut m = Makes::default();
        let actions =
            e.p.moves
                .iter()
                .flat_map(|r| r.actions.iter().chain(r.then.iter().flatten()));
        for ka in actions {
            match ka.action {
                Action::Place { .. } => m.place = true,
                Action::Slide { .. } | Action::Jump { .. } | Action::Fly { .. } => m.moves = true,
                Action::Remove { .. } => m.remove = true,
                Action::Rotate { .. } => m.rotate = true,
                Action::Sow(_) => m.sow = true,
                Action::Pass => {}
            }
        }
        m
    }
}

impl ActionSpace {
    /// The action space of the rules compiled for a board.
    pub fn new(e: &Engine) -> ActionSpace {
        let makes = Makes::of(e);
        let squares = e.g.n as u32;
        let kinds = e.p.kinds.len() as u32;
        let mut promos: Vec<u8> = e.p.promotions.iter().flat_map(|p| p.to.clone()).collect();
        promos.sort_unstable();
        promos.dedup();
        let faces = match &e.p.dice {
            Some(d) if d.per_die => u32::from(d.faces),
            _ => 0,
        };
        let blocks = e.g.blocks.len() as u32;
        let mut at = 2;
        let mut range = |present: bool, len: u32| {
            let r = (at, if present { len } else { 0 });
            at += r.1;
            r
        };
        let place = range(makes.place, squares * kinds);
        let moves = range(
            makes.moves,
            squares * squares * (promos.len() as u32 + 1) * (faces + 1),
        );
        let remove = range(makes.remove, squares);
        let rotate = range(makes.rotate, blocks * Turn::ALL.len() as u32);
        let sow = range(makes.sow, squares);
        let second = range(e.t.pairs, squares);
        ActionSpace {
            squares,
            kinds,
            promos,
            faces,
            blocks,
            place,
            moves,
            remove,
            rotate,
            sow,
            second,
            size: at,
        }
    }

    /// How many actions there are.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The ranges present, named, each as (name, first action, size): what the Python
    /// package documents.
    pub fn ranges(&self) -> Vec<(&'static str, u32, u32)> {
        let all = [
            ("pass", (PASS, 1)),
            ("stop", (STOP, 1)),
            ("place", self.place),
            ("move", self.moves),
            ("remove", self.remove),
            ("rotate", self.rotate),
            ("sow", self.sow),
            ("second", self.second),
        ];
        all.into_iter()
            .filter(|(_, (_, n))| *n > 0)
            .map(|(name, (at, n))| (name, at, n))
            .collect()
    }

    /// The action of a token; `None` if this space has no such action (a step the rules
    /// cannot make: a bug, reported by the caller).
    pub fn encode(&self, t: Token) -> Option<u32> {
        let within = |(at, n): (u32, u32), i: u32| (i < n).then_some(at + i);
        let n = self.squares;
        match t {
            Token::Pass => Some(PASS),
            Token::Stop => Some(STOP),
            Token::Place { sq, kind } => (u32::from(kind) < self.kinds && sq < n)
                .then(|| within(self.place, sq * self.kinds + u32::from(kind)))?,
            Token::Move {
                from,
                to,
                promo,
                die,
            } => {
                let p = match promo {
                    NO_KIND => 0,
                    k => self.promos.iter().position(|&x| x == k)? as u32 + 1,
                };
                let d = match die {
                    NO_DIE => 0,
                    f if u32::from(f) <= self.faces => u32::from(f),
                    _ => return None,
                };
                let choices = (self.promos.len() as u32 + 1) * (self.faces + 1);
                let choice = p * (self.faces + 1) + d;
                (from < n && to < n)
                    .then(|| within(self.moves, (from * n + to) * choices + choice))?
            }
            Token::Remove { sq } => (sq < n).then(|| within(self.remove, sq))?,
            Token::Rotate { block, turn } => {
                (block < self.blocks).then(|| within(self.rotate, block * 3 + turn as u32))?
            }
            Token::Sow { sq } => (sq < n).then(|| within(self.sow, sq))?,
            Token::Second { sq } => (sq < n).then(|| within(self.second, sq))?,
        }
    }

    /// The action of a move named by its key ([`crate::run::Generator::move_keys`]: one
    /// step, or a pass); `None` when the space has no such action.
    ///
    /// As [`ActionSpace::encode`] gives it, worked out in place (a position's moves are
    /// named so at every decision of a game played through the environment).
    #[inline]
    pub fn key_action(&self, k: &crate::run::MoveKey) -> Option<u32> {
        let n = self.squares;
        let within = |(at, size): (u32, u32), i: u32| (i < size).then_some(at + i);
        match (k.from, k.to) {
            (NONE, NONE) => Some(PASS),
            (NONE, sq) if sq < n && u32::from(k.kind) < self.kinds => {
                within(self.place, sq * self.kinds + u32::from(k.kind))
            }
            (from, to) if from != NONE && from < n && to < n => {
                // No promotion and no die: the first choice of the pair.
                let choices = (self.promos.len() as u32 + 1) * (self.faces + 1);
                within(self.moves, (from * n + to) * choices)
            }
            _ => None,
        }
    }

    /// The token of an action; `None` past the last.
    pub fn decode(&self, a: u32) -> Option<Token> {
        let inside = |(at, n): (u32, u32)| (a >= at && a < at + n).then_some(a - at);
        let n = self.squares;
        if a == PASS {
            return Some(Token::Pass);
        }
        if a == STOP {
            return Some(Token::Stop);
        }
        if let Some(i) = inside(self.place) {
            return Some(Token::Place {
                sq: i / self.kinds,
                kind: (i % self.kinds) as u8,
            });
        }
        if let Some(i) = inside(self.moves) {
            let choices = (self.promos.len() as u32 + 1) * (self.faces + 1);
            let (pair, choice) = (i / choices, i % choices);
            let (p, d) = (choice / (self.faces + 1), choice % (self.faces + 1));
            return Some(Token::Move {
                from: pair / n,
                to: pair % n,
                promo: match p {
                    0 => NO_KIND,
                    p => self.promos[p as usize - 1],
                },
                die: match d {
                    0 => NO_DIE,
                    d => d as u8,
                },
            });
        }
        if let Some(i) = inside(self.remove) {
            return Some(Token::Remove { sq: i });
        }
        if let Some(i) = inside(self.rotate) {
            return Some(Token::Rotate {
                block: i / 3,
                turn: Turn::ALL[(i % 3) as usize],
            });
        }
        if let Some(i) = inside(self.sow) {
            return Some(Token::Sow { sq: i });
        }
        inside(self.second).map(|sq| Token::Second { sq })
    }

    /// The actions that play a move (its steps, a pass as one), appended to `out`; `None`
    /// when a step is not in the space.
    pub fn tokens(&self, e: &Engine, steps: &[Step], out: &mut Vec<u32>) -> Option<()> {
        if steps.is_empty() {
            out.push(PASS);
            return Some(());
        }
        for st in steps {
            for t in step_tokens(e, st) {
                out.push(self.encode(t?)?);
            }
        }
        Some(())
    }

    /// An action as a person reads it: `pass`, `stop`, a placement's square (`Q@d3` when
    /// the rules place several kinds), a move's squares (`e7-e8=Q`, `J2-N2(5)`), `xD2`, a
    /// block's turn (`2cw`), a sowing's square, `by d5` (a push's or a pull's second
    /// square). Each action has its own text.
    pub fn text(&self, e: &Engine, a: u32) -> Option<String> {
        let name = |sq: u32| e.g.names[sq as usize].to_string();
        let symbol = |kind: u8| {
            let code = e.p.code(0, kind);
            crate::render::board_text::symbol(e.p, &e.t, code)
        };
        Some(match self.decode(a)? {
            Token::Pass => "pass".to_string(),
            Token::Stop => "stop".to_string(),
            Token::Place { sq, kind } if self.kinds > 1 => {
                format!("{}@{}", symbol(kind), name(sq))
            }
            Token::Place { sq, .. } => name(sq),
            Token::Move {
                from,
                to,
                promo,
                die,
            } => {
                let mut s = format!("{}-{}", name(from), name(to));
                if promo != NO_KIND {
                    s.push('=');
                    s.push_str(&symbol(promo));
                }
                if die != NO_DIE {
                    s.push_str(&format!("({die})"));
                }
                s
            }
            Token::Remove { sq } => format!("x{}", name(sq)),
            Token::Rotate { block, turn } => rotation_text(block, turn),
            Token::Sow { sq } if self.place.1 > 0 => format!("sow {}", name(sq)),
            Token::Sow { sq } => name(sq),
            Token::Second { sq } => format!("by {}", name(sq)),
        })
    }
}

/// The tokens of one step: most steps are one; a push or a pull adds its second square.
fn step_tokens(e: &Engine, st: &Step) -> impl Iterator<Item = Option<Token>> {
    let first = if st.is_pass() {
        Some(Token::Pass)
    } else if let Some((block, turn)) = rotation(e, st) {
        Some(Token::Rotate { block, turn })
    } else if st.is_removal() {
        Some(Token::Remove { sq: st.over })
    } else if st.from == NONE {
        Some(Token::Place {
            sq: st.to,
            kind: st.kind,
        })
    } else if matches!(
        e.p.part(st.rule, st.part)[st.action as usize].action,
        Action::Sow(_)
    ) {
        Some(Token::Sow { sq: st.from })
    } else {
        Some(Token::Move {
            from: st.from,
            to: st.to,
            promo: st.promo,
            die: st.die,
        })
    };
    let second = crate::run::step::second_piece(e, st).map(|(a, b, pushed)| {
        Some(Token::Second {
            sq: if pushed { b } else { a },
        })
    });
    std::iter::once(first).chain(second)
}
