//! The representation a rules file compiles to for one board size, picked once
//! ([`Compiled::new`]): the general generator, or the rules' bit form on the smallest word
//! the board fits. Queries are written once, generic over [`Generator`]; [`dispatch!`]
//! calls one with the representation a [`Compiled`] holds.

use std::rc::Rc;

use super::bits::{Bits, Flip, Jumps, Place, Steps};
use super::error::RunError;
use super::general::Runner;
use crate::compile::Engine;
use crate::compile::bits::BitForm;

/// Which representations a compiled game may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Choice {
    /// The rules' bit form when they have one on the board, else the general generator.
    #[default]
    Fastest,
    /// The general generator, always (to compare, or to measure what the bit form gains).
    General,
}

/// A compiled game in the representation picked for it.
pub enum Compiled<'p> {
    General(Runner<'p>),
    Flip64(Bits<'p, Flip<u64>>),
    Flip128(Bits<'p, Flip<u128>>),
    Steps64(Bits<'p, Steps<u64>>),
    Steps128(Bits<'p, Steps<u128>>),
    Place64(Bits<'p, Place<u64>>),
    Place128(Bits<'p, Place<u128>>),
    Jumps64(Bits<'p, Jumps<u64>>),
    Jumps128(Bits<'p, Jumps<u128>>),
}

/// Calls `$body` with `$g` bound to the representation that `$compiled` (a `&mut
/// Compiled`) holds: the body is compiled once for each, and runs on the one picked.
#[macro_export]
macro_rules! dispatch {
    ($compiled:expr, $g:ident => $body:expr) => {
        match $compiled {
            $crate::run::Compiled::General($g) => $body,
            $crate::run::Compiled::Flip64($g) => $body,
            $crate::run::Compiled::Flip128($g) => $body,
            $crate::run::Compiled::Steps64($g) => $body,
            $crate::run::Compiled::Steps128($g) => $body,
            $crate::run::Compiled::Place64($g) => $body,
            $crate::run::Compiled::Place128($g) => $body,
            $crate::run::Compiled::Jumps64($g) => $body,
            $crate::run::Compiled::Jumps128($g) => $body,
        }
    };
}

impl<'p> Compiled<'p> {
    /// The rules `runner` runs, in the representation `choice` allows: their bit form on
    /// the smallest word the board fits, or the general generator.
    pub fn new(runner: Runner<'p>, choice: Choice) -> Compiled<'p> {
        let e = runner.engine().clone();
        let form = match (choice, e.bits()) {
            (Choice::Fastest, Some(form)) => form.clone(),
            _ => return Compiled::General(runner),
        };
        let small = e.g.n <= 64;
        match form {
            BitForm::Flip(f) if small => Compiled::Flip64(Bits::new(runner, Flip::new(f))),
            BitForm::Flip(f) => Compiled::Flip128(Bits::new(runner, Flip::new(f))),
            BitForm::Step(f) if small => Compiled::Steps64(Bits::new(runner, Steps::new(f))),
            BitForm::Step(f) => Compiled::Steps128(Bits::new(runner, Steps::new(f))),
            BitForm::Place(f) if small => Compiled::Place64(Bits::new(runner, Place::new(f))),
            BitForm::Place(f) => Compiled::Place128(Bits::new(runner, Place::new(f))),
            BitForm::Jump(f) if small => Compiled::Jumps64(Bits::new(runner, Jumps::new(*f))),
            BitForm::Jump(f) => Compiled::Jumps128(Bits::new(runner, Jumps::new(*f))),
        }
    }

    /// The general generator underneath (every representation has one: results, the steps
    /// of moves, explanations and the output section are asked of it).
    pub fn runner(&mut self) -> &mut Runner<'p> {
        match self {
            Compiled::General(r) => r,
            Compiled::Flip64(b) => b.runner(),
            Compiled::Flip128(b) => b.runner(),
            Compiled::Steps64(b) => b.runner(),
            Compiled::Steps128(b) => b.runner(),
            Compiled::Place64(b) => b.runner(),
            Compiled::Place128(b) => b.runner(),
            Compiled::Jumps64(b) => b.runner(),
            Compiled::Jumps128(b) => b.runner(),
        }
    }

    /// The rules compiled for the board.
    pub fn engine(&self) -> &Rc<Engine<'p>> {
        use super::generator::Generator;
        dispatch!(self, g => g.engine())
    }

    /// Which representation this is, in words (`ply check`, `--stats`).
    pub fn describe(&self) -> String {
        let e = self.engine();
        match (self, e.bits()) {
            (Compiled::General(_), _) | (_, None) => "the general generator".to_string(),
            (_, Some(form)) => {
                let word = if e.g.n <= 64 { 64 } else { 128 };
                format!("a bit form ({}, {word}-bit sets)", form.family())
            }
        }
    }
}

/// A representation a thread builds for itself from a runner of its own (runners are not
/// shared between threads): the same representation as the one it works alongside.
pub trait Build<'p>: Sized {
    fn build(runner: Runner<'p>) -> Result<Self, RunError>;
}

impl<'p> Build<'p> for Runner<'p> {
    fn build(runner: Runner<'p>) -> Result<Self, RunError> {
        Ok(runner)
    }
}

macro_rules! build {
    ($t:ty, $variant:ident) => {
        impl<'p> Build<'p> for Bits<'p, $t> {
            fn build(runner: Runner<'p>) -> Result<Self, RunError> {
                match Compiled::new(runner, Choice::Fastest) {
                    Compiled::$variant(b) => Ok(b),
                    _ => Err(RunError::new(
                        "a thread compiled the rules to another representation",
                    )),
                }
            }
        }
    };
}

build!(Flip<u64>, Flip64);
build!(Flip<u128>, Flip128);
build!(Steps<u64>, Steps64);
build!(Steps<u128>, Steps128);
build!(Place<u64>, Place64);
build!(Place<u128>, Place128);
build!(Jumps<u64>, Jumps64);
build!(Jumps<u128>, Jumps128);
