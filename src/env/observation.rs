//! The observation of a position as numbers: planes the size of the board, one per side and
//! kind (a stack's height, or 1, where such a piece stands; a board whose squares hold counts
//! has one plane of the counts), one per side (all ones for the side to move), one for the
//! squares of the move begun, then what the rules keep besides the board, each a plane of one
//! value: pieces in hand, the dice and which are used, the plies without capture, the passes
//! in a row, the moves of the turn, and the plies (or turns) toward the game's limit.

use crate::compile::Engine;
use crate::program::{Code, MAX_DICE};
use crate::run::Position;

use super::action_space::{ActionSpace, Token};

/// What each plane holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plane {
    Piece(Code),
    Counts,
    ToMove(u8),
    Begun,
    Moved,
    Marked,
    Hand(Code),
    Die(usize),
    DieUsed(usize),
    Quiet,
    Passes,
    Spent,
    Counted,
}

/// The planes of a game's observation.
#[derive(Debug, Clone)]
pub struct Planes {
    planes: Vec<Plane>,
    names: Vec<String>,
    rows: u32,
    cols: u32,
}

impl Planes {
    pub fn new(e: &Engine, start: &Position) -> Planes {
        let p = e.p;
        let mut planes = Vec::new();
        let codes = p.piece_codes() as Code;
        match p.held {
            Some(_) => planes.push(Plane::Counts),
            None => planes.extend((1..=codes).map(Plane::Piece)),
        }
        planes.extend((0..p.sides.len() as u8).map(Plane::ToMove));
        planes.push(Plane::Begun);
        if e.t.memory {
            planes.push(Plane::Moved);
        }
        if e.t.marks {
            planes.push(Plane::Marked);
        }
        if !start.hand.is_empty() {
            planes.extend((1..=codes).map(Plane::Hand));
        }
        if let Some(d) = &p.dice {
            planes.extend((0..usize::from(d.count).min(MAX_DICE)).map(Plane::Die));
            if d.per_die {
                planes.extend((0..usize::from(d.count).min(MAX_DICE)).map(Plane::DieUsed));
            }
        }
        if e.t.quiet {
            planes.push(Plane::Quiet);
        }
        if e.t.passes {
            planes.push(Plane::Passes);
        }
        if p.turns.is_some() {
            planes.push(Plane::Spent);
        }
        if e.ply_limit() < u32::MAX {
            planes.push(Plane::Counted);
        }
        let names = planes.iter().map(|&pl| name(e, pl)).collect();
        Planes {
            planes,
            names,
            rows: e.g.rows,
            cols: e.g.cols,
        }
    }

    /// The shape: planes, rows, columns.
    pub fn shape(&self) -> [usize; 3] {
        [self.planes.len(), self.rows as usize, self.cols as usize]
    }

    /// How many numbers an observation has.
    pub fn len(&self) -> usize {
        self.shape().iter().product()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What each plane holds, in words.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Writes the observation of `pos` (with `begun`, the actions of the move begun, and
    /// `counted` plies or turns toward the limit) into `out`, which has [`Planes::len`]
    /// numbers.
    pub fn fill(&self, e: &Engine, space: &ActionSpace, at: At, out: &mut [f32]) {
        let At {
            pos,
            begun,
            counted,
        } = at;
        out.fill(0.0);
        let area = (self.rows * self.cols) as usize;
        let cell = |sq: usize| {
            let (r, c) = e.g.coords[sq];
            (r * self.cols + c) as usize
        };
        for (i, &plane) in self.planes.iter().enumerate() {
            let out = &mut out[i * area..(i + 1) * area];
            let value = match plane {
                Plane::Piece(code) => {
                    for (sq, &c) in pos.cells.iter().enumerate() {
                        if c == code {
                            let h = pos.heights.get(sq).copied().unwrap_or(1).max(1);
                            out[cell(sq)] = f32::from(h);
                        }
                    }
                    continue;
                }
                Plane::Counts => {
                    for (sq, &c) in pos.cells.iter().enumerate() {
                        out[cell(sq)] = f32::from(c);
                    }
                    continue;
                }
                Plane::Begun => {
                    for sq in begun.iter().flat_map(|&a| squares(space, a)) {
                        out[cell(sq as usize)] = 1.0;
                    }
                    continue;
                }
                Plane::Moved | Plane::Marked => {
                    let bits = if plane == Plane::Moved {
                        &pos.moved
                    } else {
                        &pos.marked
                    };
                    for sq in 0..pos.cells.len() {
                        if bits.get(sq / 64).is_some_and(|w| w >> (sq % 64) & 1 == 1) {
                            out[cell(sq)] = 1.0;
                        }
                    }
                    continue;
                }
                Plane::ToMove(side) => f32::from(u8::from(pos.mover == side)),
                Plane::Hand(code) => f32::from(pos.hand.get(code as usize).copied().unwrap_or(0)),
                Plane::Die(d) => f32::from(pos.roll[d]),
                Plane::DieUsed(d) => f32::from(pos.dice >> d & 1),
                Plane::Quiet => f32::from(pos.quiet),
                Plane::Passes => f32::from(pos.passes),
                Plane::Spent => f32::from(pos.spent),
                Plane::Counted => counted as f32,
            };
            out.fill(value);
        }
    }
}

/// A point of a game to observe.
#[derive(Clone, Copy)]
pub struct At<'a> {
    pub pos: &'a Position,
    pub begun: &'a [u32],
    pub counted: u32,
}

/// The squares an action names.
fn squares(space: &ActionSpace, a: u32) -> Vec<u32> {
    match space.decode(a) {
        Some(Token::Place { sq, .. })
        | Some(Token::Remove { sq })
        | Some(Token::Sow { sq })
        | Some(Token::Second { sq }) => vec![sq],
        Some(Token::Move { from, to, .. }) => vec![from, to],
        _ => Vec::new(),
    }
}

fn name(e: &Engine, plane: Plane) -> String {
    let p = e.p;
    let piece = |code: Code| {
        let (s, k) = (p.side_of(code), p.kind_of(code));
        format!("{} {}", p.sides[s as usize].name, p.kinds[k as usize])
    };
    match plane {
        Plane::Piece(code) => piece(code),
        Plane::Counts => p.held.clone().unwrap_or_default(),
        Plane::ToMove(s) => format!("{} to move", p.sides[s as usize].name),
        Plane::Begun => "squares of the move begun".into(),
        Plane::Moved => "pieces that have moved".into(),
        Plane::Marked => "squares the last move marked".into(),
        Plane::Hand(code) => format!("{} in hand", piece(code)),
        Plane::Die(d) => format!("die {}", d + 1),
        Plane::DieUsed(d) => format!("die {} used", d + 1),
        Plane::Quiet => "plies without capture".into(),
        Plane::Passes => "passes in a row".into(),
        Plane::Spent => "moves of the turn made".into(),
        Plane::Counted => "plies (or turns) toward the limit".into(),
    }
}
