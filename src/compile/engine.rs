//! The engine context: a checked program compiled for one board size. Everything the move
//! generator, `apply` and the evaluator read travels as one `&Engine`.

use std::rc::Rc;

use super::bits::{BitForm, Fit, bit_form};
use super::geometry::{Geometry, NotationError};
use super::keys::Keys;
use super::part_bounds::PartBounds;
use super::size::engine_bytes;
use super::tables::Tables;
use crate::memory::TooMuch;
use crate::program::Program;

/// A program with its lookup tables and the geometry of one board size.
#[derive(Debug)]
pub struct Engine<'p> {
    pub p: &'p Program,
    pub t: Rc<Tables>,
    pub g: Geometry,
    /// The rules as bit operations on this board, or the construct that keeps them on the
    /// general generator.
    pub form: Fit<BitForm>,
    /// The random numbers of position keys.
    pub keys: Keys,
    /// How many steps each later part of a move can offer, when a random move can be drawn
    /// part by part (see [`PartBounds`]).
    pub part_bounds: Option<PartBounds>,
}

impl<'p> Engine<'p> {
    /// The plies (or turns) after which a game stops (`stop after N plies | turns`), or no
    /// limit: see [`Engine::toward_limit`].
    pub fn ply_limit(&self) -> u32 {
        let limit = self.p.game.as_ref().and_then(|g| g.stop_after);
        limit.unwrap_or(u32::MAX)
    }

    /// What a move counts toward the game's limit, from a position where `before` is to move
    /// to one where `after` is: a ply counts 1; under `stop after N turns`, only a move after
    /// which another side moves (the end of a turn).
    #[inline]
    pub fn toward_limit(
        &self,
        before: crate::program::SideId,
        after: crate::program::SideId,
    ) -> u32 {
        match self.p.game.as_ref().is_some_and(|g| g.stop_turns) {
            true => (before != after) as u32,
            false => 1,
        }
    }

    /// The rules' bit form on this board, if they have one.
    pub fn bits(&self) -> Option<&BitForm> {
        self.form.as_ref().ok()
    }

    pub fn new(
        p: &'p Program,
        t: Rc<Tables>,
        rows: u32,
        cols: u32,
    ) -> Result<Engine<'p>, NotationError> {
        let g = Geometry::new(p, rows, cols)?;
        Ok(Engine {
            p,
            form: bit_form(p, &t, &g),
            part_bounds: PartBounds::of(p, &t, &g),
            // On a board of counts a cell's code is its count: a key for every count.
            keys: Keys::new(
                g.n,
                match p.held {
                    Some(_) => crate::program::MAX_HELD as usize,
                    None => p.piece_codes(),
                },
                p.sides.len(),
            ),
            t,
            g,
        })
    }
}

/// Why the engine for a board size could not be built.
#[derive(Debug)]
pub enum BuildError {
    /// The board does not fit the rules' notation or blocks (an error of the input).
    Notation(NotationError),
    /// Building it would pass the memory limit (nothing was built).
    Memory(TooMuch),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Notation(e) => f.write_str(&e.0),
            BuildError::Memory(e) => e.fmt(f),
        }
    }
}

/// The engines of the board sizes met so far, sharing one set of tables (the program's):
/// an input whose cases change size builds each size's geometry once. At most
/// [`Engines::KEEP`] sizes are kept, the oldest dropped first. Under a memory limit, an
/// engine whose tables would pass it is not built.
pub struct Engines<'p> {
    p: &'p Program,
    t: Rc<Tables>,
    built: Vec<Rc<Engine<'p>>>,
    max_memory: Option<u64>,
}

impl<'p> Engines<'p> {
    pub const KEEP: usize = 64;

    pub fn new(p: &'p Program) -> Engines<'p> {
        Engines::within(p, None)
    }

    /// Engines built only while the process stays under `max_memory` bytes (none: no
    /// limit), what each would take estimated from its board before it is built.
    pub fn within(p: &'p Program, max_memory: Option<u64>) -> Engines<'p> {
        Engines {
            p,
            t: Rc::new(Tables::new(p)),
            built: Vec::new(),
            max_memory,
        }
    }

    /// The program's tables (input readers use its symbol table).
    pub fn tables(&self) -> &Rc<Tables> {
        &self.t
    }

    /// The engine for a board of `rows` x `cols`.
    pub fn get(&mut self, rows: u32, cols: u32) -> Result<Rc<Engine<'p>>, BuildError> {
        if let Some(e) = self
            .built
            .iter()
            .find(|e| e.g.rows == rows && e.g.cols == cols)
        {
            return Ok(e.clone());
        }
        let needed = engine_bytes(self.p, rows, cols);
        crate::memory::check(self.max_memory, needed, || {
            format!("compiling the rules for a {rows} x {cols} board")
        })
        .map_err(BuildError::Memory)?;
        let e = Engine::new(self.p, self.t.clone(), rows, cols).map_err(BuildError::Notation)?;
        let e = Rc::new(e);
        if self.built.len() >= Self::KEEP {
            self.built.remove(0);
        }
        self.built.push(e.clone());
        Ok(e)
    }
}
