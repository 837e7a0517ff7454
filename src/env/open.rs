//! Opening a game for the environment: a checked rules file and, if given, a position to
//! start from (read with the rules file's input format), as an [`Env`]; what went wrong as
//! the located message the command line prints.

use super::moment::Env;
use crate::diagnostic::{Json, Style};
use crate::load::Problem;
use crate::program::Program;
use crate::run::{Choice, Compiled};

/// What `ply` says about a rules file that does not load (no colour, 100 columns), and the
/// errors as JSON objects (`docs/json.md`).
pub fn problem_text(problem: &Problem, name: &str) -> (String, Vec<Json>) {
    let style = Style {
        color: false,
        width: 100,
    };
    let text = match problem {
        Problem::Io(msg) => format!("error: {msg}\n"),
        Problem::NotUtf8 { line, byte } => {
            format!("error: {}\n", Problem::not_utf8(name, *line, *byte))
        }
        Problem::Syntax(source, e) => crate::diagnostic::syntax_error(style, name, source, e),
        Problem::Rules(source, errors) => {
            crate::diagnostic::check_errors(style, name, source, errors)
        }
    };
    (text, problem.json(name))
}

/// The game of `p` from its setup, or from the first case of `position` (named
/// `position_name` in messages); a game stops after `max_moves` plies (or turns) when its
/// rules stop it later or never.
pub fn open<'p>(
    p: &'p Program,
    position: Option<(&str, &[u8])>,
    max_moves: u32,
) -> Result<Env<'p>, String> {
    if p.game.is_none() {
        return Err(
            "the rules file has no `game` section: it describes positions to answer, not a game to play"
                .into(),
        );
    }
    let (runner, start) =
        crate::cases::game_start(p, position.map(|(_, b)| b)).map_err(|e| match (e, position) {
            (crate::cases::RunFailure::Input(e), Some((name, _))) => {
                crate::diagnostic::input_error(name, &e)
                    .trim_end()
                    .to_string()
            }
            (crate::cases::RunFailure::Input(e), None) => {
                format!("the setup: {}", e.message)
            }
            (e, Some((name, _))) => format!("{name}: {e}"),
            (e, None) => e.to_string(),
        })?;
    Ok(Env::new(
        Compiled::new(runner, Choice::Fastest),
        start,
        max_moves,
    ))
}
