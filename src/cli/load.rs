//! Loading rules files for a command: what a failure is reported as, and its exit code.

use std::path::Path;

use super::options::{Format, exit};
use super::report::Reporter;
use crate::diagnostic::Kind;
use crate::load::Problem;
pub use crate::load::{Rules, describe_io, display, open_file, read_file, try_load};

/// The exit code of a rules file that failed to load.
pub fn exit_code(problem: &Problem) -> i32 {
    match problem {
        Problem::Io(_) => exit::FAILURE,
        _ => exit::RULES,
    }
}

/// Prints the problem as the reporter says.
pub fn report(problem: &Problem, rep: &Reporter, name: &str) {
    match problem {
        Problem::Io(msg) => rep.error(Kind::Io, Some(name), msg),
        Problem::NotUtf8 { line, byte } => match rep.format {
            Format::Text => rep.error(
                Kind::Syntax,
                Some(name),
                &Problem::not_utf8(name, *line, *byte),
            ),
            Format::Json => {
                for j in problem.json(name) {
                    super::report::to_stderr(&j.to_line());
                }
            }
        },
        Problem::Syntax(source, e) => rep.syntax(name, source, e),
        Problem::Rules(source, errors) => rep.rules(name, source, errors),
    }
}

/// [`load`] for a command that reads `input` too: when the rules file fails to load and the
/// two look swapped (the input is named `*.rules`, the rules file not), says so.
pub fn load_with_input(
    rep: &Reporter,
    command: &str,
    path: &Path,
    input: Option<&Path>,
) -> Result<Rules, i32> {
    let rules_like = |p: &Path| p.extension().is_some_and(|e| e == "rules");
    load(rep, path).inspect_err(|_| {
        if let Some(input) = input.filter(|i| rules_like(i) && !rules_like(path)) {
            let msg = format!(
                "the arguments look swapped: {} is a rules file; write the rules file first: ply {command} {} {}",
                display(input),
                display(input),
                display(path)
            );
            rep.warning(Kind::Usage, None, &msg);
        }
    })
}

/// Loads a rules file, reporting what is wrong with it; the exit code on failure.
pub fn load(rep: &Reporter, path: &Path) -> Result<Rules, i32> {
    try_load(path).map_err(|problem| {
        report(&problem, rep, &display(path));
        exit_code(&problem)
    })
}
