//! What an input case says, before it is checked: the grid, the pieces placed by square
//! lists (with where each was written), the side to move. Validation turns a setup into a
//! playable [`Position`] or a located error.

use super::input_error::InputError;
use super::reader::{Loc, Mark};
use crate::compile::geometry::Geometry;
use crate::program::{Action, Code, EMPTY, InItem, Program, SideId};
use crate::run::step::NONE;
use crate::run::{Position, Runner};

#[derive(Debug, Clone)]
pub struct Setup {
    pub case: usize,
    pub start: Mark,
    pub rows: u32,
    pub cols: u32,
    /// Cells filled by a grid (empty when the case has no grid).
    pub cells: Vec<Code>,
    /// Pieces placed by square lists: square, piece, where it was written.
    pub placed: Vec<(u32, Code, Mark)>,
    pub mover: Option<SideId>,
    /// An `unmoved` item: the letters read (`-`: none), and where.
    pub rights: Option<(Vec<char>, Mark)>,
    /// A `marked square` item: the square read (`None` for `-`), and where.
    pub marked: Option<(Option<u32>, Mark)>,
    /// A `last to` item: the square where the last move landed (`None` for `-`).
    pub last: Option<u32>,
    /// A `plies without capture` item: the number read.
    pub quiet: u16,
    /// A `hand` item (or the setup's hands): the pieces in hand, by code.
    pub hand: Vec<(Code, u32)>,
    /// A `roll` item: the faces read (`None` for `-`, or without the item: not rolled).
    pub roll: Option<crate::program::Roll>,
    /// `pieces stack`: the height of the stack on each grid cell (empty when none is
    /// read: one piece on each occupied cell).
    pub heights: Vec<u8>,
    /// What the position's dice say besides the roll ([`Position::dice`]): the second play
    /// of a double (`4-4 again`), or the first roll still to come.
    pub dice: u8,
}

impl Setup {
    /// The pieces an `unmoved` item says have not moved: the letters read must find their
    /// pieces on their squares; every other piece of a side and kind some letter names has
    /// moved.
    fn unmoved(
        &self,
        p: &Program,
        g: &Geometry,
        pos: &mut Position,
        locate: &dyn Fn(Mark) -> Loc,
    ) -> Result<(), InputError> {
        let Some((present, at)) = &self.rights else {
            return Ok(());
        };
        let letters = p
            .input
            .iter()
            .flat_map(|i| i.header.iter().chain(&i.body))
            .find_map(|item| match item {
                InItem::Unmoved(l) => Some(l),
                _ => None,
            });
        let Some(letters) = letters else {
            return Ok(());
        };
        let square = |name: &str| g.names.iter().position(|n| n.eq_ignore_ascii_case(name));
        let mut unmoved = Vec::new();
        for l in letters.iter().filter(|l| present.contains(&l.letter)) {
            for (name, code) in &l.pieces {
                let sq = square(name);
                if let Some(sq) = sq.filter(|&sq| pos.cells[sq] == *code) {
                    unmoved.push(sq);
                    continue;
                }
                let piece = format!(
                    "{} {}",
                    p.sides[p.side_of(*code) as usize].name,
                    p.kinds[p.kind_of(*code) as usize]
                );
                return Err(InputError {
                    case: self.case,
                    loc: locate(*at),
                    message: format!(
                        "`{}` says a {piece} that has not moved stands on {name}, but {}",
                        l.letter,
                        match sq {
                            None => format!("{name} is not a square of this board"),
                            Some(sq) if pos.cells[sq] == EMPTY => format!("{name} is empty"),
                            Some(_) => "another piece stands there".to_string(),
                        }
                    ),
                });
            }
        }
        // The letters speak for every piece of the kinds they name: any other has moved.
        let named: Vec<Code> = letters
            .iter()
            .flat_map(|l| &l.pieces)
            .map(|(_, c)| *c)
            .collect();
        for sq in 0..g.n {
            if named.contains(&pos.cells[sq]) && !unmoved.contains(&sq) {
                pos.set_moved(sq, true);
            }
        }
        Ok(())
    }

    /// On a board of stacks, each occupied square's height: as read, or one piece.
    fn stack_heights(&self, p: &Program, g: &Geometry, pos: &mut Position) {
        if p.stacks {
            pos.heights.clear();
            pos.heights.resize(g.n, 0);
            for sq in 0..g.n {
                let code = pos.cells[sq];
                if code == EMPTY {
                    continue;
                }
                let cell = match g.square_of.is_empty() {
                    true => sq,
                    false => (g.coords[sq].0 * g.cols + g.coords[sq].1) as usize,
                };
                let h = self
                    .heights
                    .get(cell)
                    .copied()
                    .filter(|&h| h > 0)
                    .unwrap_or(1);
                pos.heights[sq] = h;
                pos.counts[code as usize] += u32::from(h) - 1;
            }
        } else {
            pos.heights.clear();
        }
    }

    /// Checks the setup against the rules: one piece per square, the rules file's
    /// `require` conditions. Pieces standing where they would be promoted are promoted.
    pub fn validate(
        &self,
        runner: &mut Runner,
        locate: &dyn Fn(Mark) -> Loc,
        pos: &mut Position,
    ) -> Result<(), InputError> {
        let e = runner.engine().clone();
        let (p, t, g) = (e.p, &*e.t, &e.g);
        pos.mover = self.mover.unwrap_or(p.first);
        let mover = pos.mover;
        pos.cells.clear();
        pos.counts.clear();
        // On a board of counts a cell's code is a count, not a piece: no piece is counted.
        let codes = if p.held.is_some() { 0 } else { p.piece_codes() };
        pos.counts.resize(codes + 1, 0);
        if self.cells.is_empty() {
            pos.cells.resize(g.n, EMPTY);
        } else if g.square_of.is_empty() {
            pos.cells.extend_from_slice(&self.cells);
            for &c in self.cells.iter().filter(|_| p.held.is_none()) {
                pos.counts[c as usize] += 1;
            }
            pos.counts[EMPTY as usize] = 0;
        } else {
            // A board of points on lines: the grid's cells that are points, in square order
            // (the grid reader let only fillers or empties stand elsewhere).
            pos.cells.resize(g.n, EMPTY);
            let stray = (0..self.cells.len())
                .find(|&cell| self.cells[cell] != EMPTY && g.square_of[cell] == u32::MAX);
            if let Some(cell) = stray {
                return Err(InputError {
                    case: self.case,
                    loc: locate(self.start),
                    message: format!(
                        "a piece stands on row {}, column {} of the grid, which is not a point of the board",
                        cell / g.cols as usize + 1,
                        cell % g.cols as usize + 1
                    ),
                });
            }
            for (sq, &(r, c)) in g.coords.iter().enumerate() {
                pos.set(sq, self.cells[(r * g.cols + c) as usize]);
            }
        }
        self.stack_heights(p, g, pos);
        for &(cell, code, loc) in &self.placed {
            let sq = match g.square_of.get(cell as usize) {
                None => cell,
                Some(&sq) if sq != u32::MAX => sq,
                Some(_) => {
                    return Err(InputError {
                        case: self.case,
                        loc: locate(loc),
                        message: format!(
                            "square `{}` is not a point of the board: pieces stand on the points of its lines",
                            crate::compile::geometry::square_names(&p.notation, g.rows, g.cols)
                                [cell as usize]
                        ),
                    });
                }
            };
            if p.stacks && pos.cells[sq as usize] == code {
                pos.put(sq as usize, code);
                continue;
            }
            if pos.cells[sq as usize] != EMPTY {
                return Err(InputError {
                    case: self.case,
                    loc: locate(loc),
                    message: format!("square `{}` already holds a piece", g.names[sq as usize]),
                });
            }
            pos.set(sq as usize, code);
        }
        for sq in 0..g.n * !p.promotions.is_empty() as usize {
            let c = pos.cells[sq];
            if c != EMPTY
                && t.promote[c as usize] != c
                && g.far[t.side_of[c as usize] as usize * g.n + sq]
            {
                pos.set(sq, t.promote[c as usize]);
            }
        }
        let words = g.n.div_ceil(64);
        pos.moved.clear();
        pos.moved.resize(if t.memory { words } else { 0 }, 0);
        pos.marked.clear();
        pos.marked.resize(if t.marks { words } else { 0 }, 0);
        self.unmoved(p, g, pos, locate)?;
        if let Some((Some(cell), at)) = self.marked {
            let sq = match g.square_of.get(cell as usize) {
                None => Some(cell),
                Some(&sq) if sq != u32::MAX => Some(sq),
                Some(_) => None,
            };
            if let Some(sq) = sq {
                if !could_be_marked(p, g, pos, sq as usize) {
                    let last: Vec<&str> = (0..p.sides.len())
                        .filter(|&s| s != mover as usize)
                        .map(|s| p.sides[s].name.as_str())
                        .collect();
                    return Err(InputError {
                        case: self.case,
                        loc: locate(at),
                        message: format!(
                            "no move of {} that marks the squares it passes could have passed `{}` last: the square must be empty, with the piece that passed it beyond it and the square it left behind it empty",
                            last.join(" or "),
                            g.names[sq as usize]
                        ),
                    });
                }
                pos.mark(sq as usize);
            }
        }
        pos.quiet = self.quiet;
        pos.roll = self.roll.unwrap_or_default();
        pos.dice = self.dice;
        // Where the last move landed; off the board unless an input says (the square's
        // piece is not asked for: a move may land and leave, as a removal does).
        let landed = self.last.map(|cell| match g.square_of.get(cell as usize) {
            None => cell,
            Some(&sq) => sq,
        });
        pos.last = (landed.unwrap_or(NONE), 0);
        pos.spent = 0;
        pos.turn_start.clear();
        if p.unchanged.is_some() {
            pos.turn_start.extend_from_slice(&pos.cells);
        }
        pos.hand.clear();
        if p.hands {
            pos.hand.resize(p.piece_codes() + 1, 0);
            for &(code, n) in &self.hand {
                pos.hand[code as usize] = pos.hand[code as usize].saturating_add(n.min(255) as u8);
            }
        }
        runner.new_position();
        for req in &p.requires {
            let ok = runner
                .eval(&req.condition, pos, mover)
                .map_err(|e| InputError {
                    case: self.case,
                    loc: locate(self.start),
                    message: e.message,
                })?;
            if ok == 0 {
                return Err(InputError {
                    case: self.case,
                    loc: locate(self.start),
                    message: req.message.clone(),
                });
            }
        }
        runner.new_position();
        Ok(())
    }
}

/// Whether the last move could have marked `sq`: a slide of an action `marking the squares
/// passed`, of a side other than the one to move, along one of its directions, whose piece
/// now stands beyond `sq` (past empty squares only), from an empty square behind it (the
/// one the piece left, or one it passed).
fn could_be_marked(p: &Program, g: &Geometry, pos: &Position, sq: usize) -> bool {
    if pos.cells[sq] != EMPTY {
        return false;
    }
    let actions = p
        .moves
        .iter()
        .flat_map(|m| m.actions.iter().chain(m.then.iter().flatten()));
    for ka in actions.filter(|ka| ka.effects.marks) {
        let Action::Slide { dirs, .. } = &ka.action else {
            continue;
        };
        for (side, ds) in dirs.iter().enumerate() {
            if side == pos.mover as usize {
                continue;
            }
            for &d in ds {
                let next = g.next_of(d);
                let mut beyond = next[sq];
                while beyond != NONE && pos.cells[beyond as usize] == EMPTY {
                    beyond = next[beyond as usize];
                }
                let piece = match beyond {
                    NONE => continue,
                    b => pos.cells[b as usize],
                };
                let behind = g.prev[d as usize * g.n + sq];
                if p.side_of(piece) as usize == side
                    && ka.kinds & (1 << p.kind_of(piece)) != 0
                    && behind != NONE
                    && pos.cells[behind as usize] == EMPTY
                {
                    return true;
                }
            }
        }
    }
    false
}
