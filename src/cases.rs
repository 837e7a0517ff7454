//! The loop that answers every case of an input: read a case, validate it into a position
//! on the engine for its board size, answer it, write the answer; and the start position
//! of a whole game (a position file's first case, or the rules file's setup).

use crate::compile::{BuildError, Engines};
use crate::input::{InputError, case_reader as input, reader, stream};
use crate::program::{Dim, Program};
use crate::render::output;
use crate::run::{Budget, RunError, Runner};
use std::io::{Read, Write};

/// Why a file without an input section reads nothing.
pub const NO_INPUT: &str = "the rules file has no input section, so it reads no cases or positions: it plays a whole game from its `setup` (ply moves, ply perft, ply playout)";

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunFailure {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("case {case}: {error}")]
    Run { case: usize, error: RunError },
    #[error("writing the output failed: {0}")]
    Write(#[from] std::io::Error),
    #[error("reading the input failed: {0}")]
    Read(std::io::Error),
    /// The command needs something the rules file does not give.
    #[error("{0}")]
    Missing(String),
}

/// The position a whole-game command starts from: the first case of `position` (read with
/// the rules file's input format) or else the rules file's `setup`.
pub fn game_start<'p>(
    p: &'p Program,
    position: Option<&[u8]>,
) -> Result<(Runner<'p>, crate::run::Position), RunFailure> {
    game_start_within(p, position, None)
}

/// [`game_start`], the rules compiled for the board only if that keeps the process under
/// `max_memory` bytes (none: no limit).
pub fn game_start_within<'p>(
    p: &'p Program,
    position: Option<&[u8]>,
    max_memory: Option<u64>,
) -> Result<(Runner<'p>, crate::run::Position), RunFailure> {
    let mut engines = Engines::within(p, max_memory);
    let tables = engines.tables().clone();
    let mut setup;
    let vars;
    let locate_data: &[u8];
    match position {
        Some(_) if p.input.is_none() => return Err(RunFailure::Missing(NO_INPUT.into())),
        Some(data) => {
            let mut reader = input::CaseReader::new(p, &tables, data);
            setup = reader.blank_setup();
            if !reader.next_case(&mut setup)? {
                return Err(RunFailure::Input(reader.no_case()));
            }
            vars = reader.vars.clone();
            locate_data = data;
        }
        None => {
            let Some(placed) = &p.setup else {
                return Err(RunFailure::Missing("the rules file has no `setup`".into()));
            };
            let (Dim::Fixed(rows), Dim::Fixed(cols)) = (p.rows, p.cols) else {
                return Err(RunFailure::Missing(
                    "the setup needs a board of fixed size".into(),
                ));
            };
            let reader = input::CaseReader::new(p, &tables, b"");
            setup = reader.blank_setup();
            setup.case = 1;
            setup.rows = rows;
            setup.cols = cols;
            setup.cells = vec![crate::program::EMPTY; (rows * cols) as usize];
            if p.stacks {
                setup.heights = vec![0; (rows * cols) as usize];
            }
            for &(sq, code) in placed {
                setup.cells[sq as usize] = code;
                if let Some(h) = setup.heights.get_mut(sq as usize) {
                    *h = h.saturating_add(1);
                }
            }
            if p.dice.as_ref().is_some_and(|d| d.opening) {
                setup.dice = crate::run::position::OPENING;
            }
            setup.hand = p.hand_setup.clone();
            vars = vec![0; p.vars.len()];
            locate_data = b"";
        }
    }
    let engine = engines
        .get(setup.rows, setup.cols)
        .map_err(|e| built_not(e, 1, || reader::Reader::new(locate_data).loc()))?;
    let mut runner = Runner::new(engine);
    runner.set_vars(&vars);
    let mut pos = crate::run::Position::empty(0, 0, 0);
    let probe = reader::Reader::new(locate_data);
    setup.validate(&mut runner, &|m| probe.locate(m), &mut pos)?;
    Ok((runner, pos))
}

/// Why the engine for a case's board was not built: the board does not fit the rules (an
/// error of the input, at `loc`), or building it would pass the memory limit (a budget).
fn built_not(e: BuildError, case: usize, loc: impl FnOnce() -> reader::Loc) -> RunFailure {
    match e {
        BuildError::Notation(e) => RunFailure::Input(InputError {
            case,
            loc: loc(),
            message: e.0,
        }),
        BuildError::Memory(e) => RunFailure::Run {
            case,
            error: e.into(),
        },
    }
}

/// Whether to go on reading cases after one has been answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Reads every case of `input`, answers it and writes the answer to `w`, returning the
/// number of cases. The input is read as a stream, case by case, and only a window of it
/// is kept. Output is written as cases finish (and always before waiting for more input);
/// when a case fails, the answers of the cases before it are written first (nothing of the
/// failing case is).
pub fn run_cases(
    p: &Program,
    input: &mut dyn Read,
    w: &mut dyn Write,
    budget: Budget,
) -> Result<usize, RunFailure> {
    let mut lines = output::Lines::default();
    each_case(p, input, w, budget, |runner, pos, case, out| {
        output::write_case(runner, pos, case - 1, &mut lines, out).map(|_| Flow::Continue)
    })
}

/// Reads the cases of `input` one by one, as [`run_cases`] does, and calls `answer` with
/// each validated position and its case number (from 1); what `answer` appends to the
/// buffer it is given is written to `w` as cases finish. Stops early when `answer` says so.
pub fn each_case(
    p: &Program,
    input: &mut dyn Read,
    w: &mut dyn Write,
    budget: Budget,
    mut answer: impl FnMut(
        &mut Runner,
        &crate::run::Position,
        usize,
        &mut Vec<u8>,
    ) -> Result<Flow, RunError>,
) -> Result<usize, RunFailure> {
    if p.input.is_none() {
        return Err(RunFailure::Missing(NO_INPUT.into()));
    }
    let mut out = Vec::with_capacity(1 << 16);
    let mut index = 0;
    let result = read_cases(p, input, w, &mut out, &mut index, budget, &mut answer);
    w.write_all(&out)?;
    w.flush()?;
    result.map(|_| index)
}

type Answer<'a> = dyn FnMut(&mut Runner, &crate::run::Position, usize, &mut Vec<u8>) -> Result<Flow, RunError>
    + 'a;

fn read_cases(
    p: &Program,
    input: &mut dyn Read,
    w: &mut dyn Write,
    out: &mut Vec<u8>,
    index: &mut usize,
    budget: Budget,
    answer: &mut Answer,
) -> Result<(), RunFailure> {
    let mut engines = Engines::within(p, budget.max_memory);
    let tables = engines.tables().clone();
    let mut stream = stream::InputStream::new(input);
    let mut state = input::CaseState::start(p);
    let mut runner: Option<Runner> = None;
    let mut setup = input::CaseReader::new(p, &tables, b"").blank_setup();
    let mut pos = crate::run::Position::empty(0, 0, 0);
    loop {
        if !out.is_empty() {
            w.write_all(out)?;
            out.clear();
            w.flush()?;
        }
        stream.refill(state.mark()).map_err(RunFailure::Read)?;
        let mut reader = input::CaseReader::resume(p, &tables, stream.window(), state.clone());
        loop {
            let more = reader.next_case(&mut setup);
            if reader.starved() {
                break;
            }
            if !more? {
                return Ok(());
            }
            let engine = engines
                .get(setup.rows, setup.cols)
                .map_err(|e| built_not(e, setup.case, || reader.locate(setup.start)))?;
            let r = runner.get_or_insert_with(|| {
                let mut r = Runner::new(engine.clone());
                r.set_budget(budget.clone());
                r
            });
            r.set_engine(engine);
            r.set_vars(&reader.vars);
            setup.validate(r, &|m| reader.locate(m), &mut pos)?;
            let case_start = out.len();
            let flow = match answer(r, &pos, setup.case, out) {
                Ok(flow) => flow,
                Err(error) => {
                    out.truncate(case_start);
                    return Err(RunFailure::Run {
                        case: setup.case,
                        error,
                    });
                }
            };
            *index += 1;
            if flow == Flow::Stop {
                return Ok(());
            }
            if out.len() >= 1 << 16 {
                w.write_all(out)?;
                out.clear();
            }
            reader.save(&mut state);
        }
    }
}
