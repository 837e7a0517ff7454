//! `ply moves`: each case's board and every legal move of the side to move, optionally
//! with the clauses behind each move and what was turned down on one square.

use std::path::Path;

use super::load::load_with_input;
use super::options::{Format, Limits, exit};
use super::positions::each_position;
use super::report::Reporter;
use crate::cases::Flow;
use crate::diagnostic::Kind;
use crate::render::move_view::{Show, Viewer};
use crate::render::{board_text, json, moves_text};
use crate::run::generator::Generator;
use crate::run::{Position, RunError, Runner};

/// What `ply moves` shows.
#[derive(Debug, Clone)]
pub struct Options {
    pub explain: bool,
    pub square: Option<String>,
    /// List at most this many moves per case.
    pub limit: usize,
}

/// Finds a square by the name the game's notation gives it (case and spacing aside).
pub fn find_square(runner: &Runner, name: &str) -> Option<u32> {
    let wanted: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    runner
        .engine()
        .g
        .names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(&wanted))
        .map(|s| s as u32)
}

/// The message for a square name that is not on the board.
pub fn no_such_square(runner: &Runner, name: &str) -> String {
    let g = &runner.engine().g;
    format!(
        "--square {name}: there is no such square on this {} x {} board (squares are written like {} or {})",
        g.rows,
        g.cols,
        g.names[0],
        g.names[g.n - 1]
    )
}

/// One case, as text or as a JSON line.
fn answer(
    runner: &mut Runner,
    source: &str,
    pos: &Position,
    case: usize,
    opts: &Options,
    format: Format,
    out: &mut Vec<u8>,
) -> Result<Result<(), String>, RunError> {
    let square = match &opts.square {
        Some(name) => match find_square(runner, name) {
            Some(sq) => Some(sq),
            None => return Ok(Err(no_such_square(runner, name))),
        },
        None => None,
    };
    let drawn = board_text::draw(&runner.engine().clone(), pos);
    let show = Show {
        explain: opts.explain,
        square,
        limit: opts.limit,
    };
    // A position that waits for its roll: the moves of each outcome, one after another.
    let rolls = runner.outcomes(pos)?;
    let rolled: Vec<Position> = match rolls {
        0 => vec![pos.clone()],
        n => (0..n).map(|i| runner.rolled(pos, i)).collect(),
    };
    for (i, pos) in rolled.iter().enumerate() {
        let view = Viewer {
            runner: &mut *runner,
            source,
        }
        .case(case, pos, &show)?;
        match format {
            Format::Text => {
                let mut text = String::new();
                if case > 1 || i > 0 {
                    text.push('\n');
                }
                moves_text::case(&view, &drawn, &mut text);
                out.extend_from_slice(text.as_bytes());
            }
            Format::Json => json::line(&view, out),
        }
    }
    Ok(Ok(()))
}

pub fn moves(
    rep: &Reporter,
    rules_path: &Path,
    input: Option<&Path>,
    opts: &Options,
    limits: Limits,
) -> i32 {
    let rules = match load_with_input(rep, "moves", rules_path, input) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let mut bad_square = None;
    let mut stdout = std::io::stdout().lock();
    let code = each_position(
        rep,
        &rules.program,
        rules_path,
        input,
        limits,
        &mut stdout,
        |runner, pos, case, out| match answer(
            runner,
            &rules.source,
            pos,
            case,
            opts,
            rep.format,
            out,
        )? {
            Ok(()) => Ok(Flow::Continue),
            Err(msg) => {
                bad_square = Some(msg);
                Ok(Flow::Stop)
            }
        },
    );
    match bad_square {
        Some(msg) => {
            rep.error(Kind::Usage, None, &msg);
            exit::USAGE
        }
        None => code,
    }
}
