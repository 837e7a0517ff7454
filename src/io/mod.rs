//! Input readers and output templates, and the loop that runs every case of an input.

pub mod input;
pub mod input_error;
pub mod output;
pub mod reader;
pub mod setup;

use std::io::Write;
use std::rc::Rc;

use crate::compile::geometry::Geometry;
use crate::compile::program::Program;
use crate::run::{RunError, Runner};
pub use input_error::InputError;

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunFailure {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("case {case}: {error}")]
    Run { case: usize, error: RunError },
    #[error("writing the output failed: {0}")]
    Write(#[from] std::io::Error),
}

/// Reads every case of `data`, answers it and writes the answer to `w`.
/// Output is written as cases finish; when a case fails, the answers of the cases before it
/// are written first (nothing of the failing case is).
pub fn run_cases(p: &Program, data: &[u8], w: &mut dyn Write) -> Result<usize, RunFailure> {
    let mut out = Vec::with_capacity(1 << 16);
    let mut index = 0;
    let result = answer_cases(p, data, w, &mut out, &mut index);
    w.write_all(&out)?;
    w.flush()?;
    result.map(|_| index)
}

fn answer_cases(
    p: &Program,
    data: &[u8],
    w: &mut dyn Write,
    out: &mut Vec<u8>,
    index: &mut usize,
) -> Result<(), RunFailure> {
    let tables = crate::compile::Tables::new(p);
    let mut reader = input::CaseReader::new(p, &tables, data);
    let mut geometries: Vec<Rc<Geometry>> = Vec::new();
    let mut runner: Option<Runner> = None;
    let mut lines = output::Lines::default();
    let mut setup = reader.blank_setup();
    let mut pos = crate::run::Position::empty(0, 0, 0);
    while reader.next_case(&mut setup)? {
        let g = match geometries
            .iter()
            .find(|g| g.rows == setup.rows && g.cols == setup.cols)
        {
            Some(g) => g.clone(),
            None => {
                let g = Geometry::new(p, setup.rows, setup.cols).map_err(|e| InputError {
                    case: setup.case,
                    loc: reader.locate(setup.start),
                    message: e.0,
                })?;
                let g = Rc::new(g);
                if geometries.len() >= 64 {
                    geometries.remove(0);
                }
                geometries.push(g.clone());
                g
            }
        };
        let r = runner.get_or_insert_with(|| Runner::new(p, g.clone()));
        if !Rc::ptr_eq(&r.g, &g) {
            r.g = g.clone();
        }
        r.vars.copy_from_slice(&reader.vars);
        setup.validate(p, &tables, &g, r, &|m| reader.locate(m), &mut pos)?;
        let case_start = out.len();
        if let Err(error) = output::write_case(r, &pos, *index, &mut lines, out) {
            out.truncate(case_start);
            return Err(RunFailure::Run {
                case: setup.case,
                error,
            });
        }
        *index += 1;
        if out.len() >= 1 << 16 {
            w.write_all(out)?;
            out.clear();
        }
    }
    Ok(())
}
