//! The positions a command works on: the cases of an input (a file or standard input), or
//! a whole game's start, and how a failure to read them is reported.

use std::io::Read;
use std::path::Path;

use super::load::{describe_io, display, open_file, read_file};
use super::options::{Limits, exit};
use super::report::Reporter;
use crate::cases::{Flow, RunFailure};
use crate::diagnostic::Kind;
use crate::program::Program;
use crate::run::error::Limit;
use crate::run::{Position, RunError, Runner};

/// An input to read cases from: a file, or standard input for `-` or none.
pub struct Input {
    pub name: String,
    pub source: Box<dyn Read>,
}

impl Input {
    /// How messages name the input: the file, or `<stdin>` for `-` or none.
    pub fn name(path: Option<&Path>) -> String {
        match path {
            Some(p) if p.as_os_str() != "-" => display(p),
            _ => "<stdin>".to_string(),
        }
    }

    pub fn open(rep: &Reporter, path: Option<&Path>) -> Result<Input, i32> {
        match path {
            Some(p) if p.as_os_str() != "-" => match open_file(p) {
                Ok(f) => Ok(Input {
                    name: display(p),
                    source: Box::new(f),
                }),
                Err(msg) => {
                    rep.error(Kind::Io, Some(&display(p)), &msg);
                    Err(exit::FAILURE)
                }
            },
            _ => Ok(Input {
                name: Input::name(path),
                source: Box::new(std::io::stdin().lock()),
            }),
        }
    }
}

/// The exit code of a run over the cases of `input`, reporting what went wrong.
pub fn finish(rep: &Reporter, input: &str, result: Result<usize, RunFailure>) -> i32 {
    match result {
        Ok(0) => {
            let msg = format!(
                "{input}: the input holds no cases, so there is nothing to answer (is it empty, or the wrong file?)"
            );
            rep.warning(Kind::Input, Some(input), &msg);
            exit::OK
        }
        Ok(_) => exit::OK,
        Err(RunFailure::Input(e)) => {
            rep.input(input, &e);
            exit::INPUT
        }
        Err(RunFailure::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        Err(RunFailure::Read(e)) => {
            let msg = format!("cannot read {input}: {}", describe_io(&e));
            rep.error(Kind::Io, Some(input), &msg);
            exit::FAILURE
        }
        // About the output, not the input: no input name.
        Err(e @ RunFailure::Write(_)) => {
            rep.error(Kind::Io, None, &e.to_string());
            exit::FAILURE
        }
        Err(RunFailure::Run { case, error }) => {
            let kind = if error.budget {
                Kind::Budget
            } else {
                Kind::Runtime
            };
            rep.case_error(kind, input, case, &said(&error));
            if error.budget {
                exit::BUDGET
            } else {
                exit::FAILURE
            }
        }
        Err(RunFailure::Missing(msg)) => {
            rep.error(Kind::Usage, Some(input), &format!("{input}: {msg}"));
            exit::USAGE
        }
    }
}

/// The exit code for a failed search.
pub fn search_failed(rep: &Reporter, e: &RunError) -> i32 {
    if e.budget {
        rep.error(Kind::Budget, None, &said(e));
        exit::BUDGET
    } else {
        rep.error(Kind::Runtime, None, &e.message);
        exit::FAILURE
    }
}

/// The start of a whole game: the first case of `position` (read with the rules file's
/// input format), or else the rules file's setup; the rules compiled for its board only if
/// that stays under `max_memory` bytes.
pub fn game_start<'p>(
    rep: &Reporter,
    program: &'p Program,
    rules: &Path,
    (position, max_memory): (Option<&Path>, Option<u64>),
) -> Result<(Runner<'p>, Position), i32> {
    let data = match position.map(read_file).transpose() {
        Ok(d) => d,
        Err(msg) => {
            rep.error(Kind::Io, position.map(display).as_deref(), &msg);
            return Err(exit::FAILURE);
        }
    };
    crate::cases::game_start_within(program, data.as_deref(), max_memory).map_err(|e| {
        match (e, position) {
            // Without a position file the start is the rules file's own setup.
            (RunFailure::Input(e), None) => {
                let name = display(rules);
                let msg = format!("{name}: the setup: {}", e.message);
                rep.error(Kind::Rules, Some(&name), &msg);
                exit::RULES
            }
            // The rules compiled for the board would pass the memory limit: no case of a file
            // is at fault.
            (RunFailure::Run { error, .. }, _) if error.budget => search_failed(rep, &error),
            // The command line can give the position the rules file lacks.
            (RunFailure::Missing(msg), None) if program.setup.is_none() => {
                let msg = format!("{msg}; give a position with --position FILE");
                finish(rep, &display(rules), Err(RunFailure::Missing(msg)))
            }
            (e, position) => finish(rep, &display(position.unwrap_or(rules)), Err(e)),
        }
    })
}

/// Calls `answer` with each position a command works on, writing what it appends to the
/// buffer to `w`: the cases of `input`, or, when no input is given and the rules file has a
/// `setup`, that one position (case 1). Returns the exit code, having reported any failure.
pub fn each_position(
    rep: &Reporter,
    program: &Program,
    rules: &Path,
    input: Option<&Path>,
    limits: Limits,
    w: &mut dyn std::io::Write,
    mut answer: impl FnMut(&mut Runner, &Position, usize, &mut Vec<u8>) -> Result<Flow, RunError>,
) -> i32 {
    if input.is_none() && program.setup.is_some() {
        let budget = limits.budget();
        let (mut runner, pos) = match game_start(rep, program, rules, (None, budget.max_memory)) {
            Ok(x) => x,
            Err(code) => return code,
        };
        runner.set_budget(budget);
        let mut out = Vec::new();
        if let Err(e) = answer(&mut runner, &pos, 1, &mut out) {
            return search_failed(rep, &e);
        }
        return finish(
            rep,
            "the setup",
            w.write_all(&out).map(|_| 1).map_err(RunFailure::Write),
        );
    }
    let mut input = match Input::open(rep, input) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let result = crate::cases::each_case(program, &mut input.source, w, limits.budget(), answer);
    finish(rep, &input.name, result)
}

/// A run error as the command line says it: a budget run out names the option that sets it.
pub fn said(e: &RunError) -> String {
    match e.limit {
        Some(Limit::Nodes) => format!("{} (--max-nodes)", e.message),
        Some(Limit::Time) => format!("{} (--timeout)", e.message),
        Some(Limit::Memory) => format!(
            "{} (a larger --max-memory SIZE raises it; --max-memory none lifts it)",
            e.message
        ),
        None => e.message.clone(),
    }
}
