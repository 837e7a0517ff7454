//! `ply show`: one case's board as an SVG picture (or as text), optionally with the legal
//! moves drawn as arrows.

use std::path::Path;

use super::load::{display, load};
use super::options::{Limits, exit, print};
use super::positions::{Input, each_position};
use super::report::Reporter;
use crate::cases::Flow;
use crate::diagnostic::Kind;
use crate::render::{board_text, svg};
use crate::run::{Position, RunError, Runner};

/// What `ply show` draws.
#[derive(Debug, Clone)]
pub struct Picture<'a> {
    /// Where the SVG goes (`-`: standard output); text on standard output without it.
    pub svg: Option<&'a Path>,
    pub moves: bool,
    /// Draw at most this many moves.
    pub limit: usize,
    /// Which case (from 1).
    pub case: usize,
}

fn draw(
    runner: &mut Runner,
    pos: &Position,
    case: usize,
    pic: &Picture,
) -> Result<String, RunError> {
    let e = runner.engine().clone();
    let p = e.p;
    let (moves, count) = if pic.moves {
        let (m, n) = runner.moves(pos, pic.limit)?;
        (Some(m), n)
    } else {
        (None, 0)
    };
    let side = pos.mover;
    let sym = board_text::symbol(p, &e.t, p.code(side, 0));
    let mut title = format!(
        "case {case}: {} ({sym}) to move",
        p.sides[side as usize].name
    );
    let count_all = match &moves {
        Some(_) => count,
        None => runner.moves(pos, 0)?.1,
    };
    if let Some(over) = crate::render::output::finished(runner, pos, count_all)? {
        title.push_str(&format!(", game over: {}", over.text));
    }
    if let Some(m) = &moves {
        title.push_str(&format!(
            ", {count} move{}",
            if count == 1 { "" } else { "s" }
        ));
        if (m.len() as u64) < count {
            title.push_str(&format!(" ({} drawn)", m.len()));
        }
    }
    Ok(match pic.svg {
        Some(_) => svg::draw(&e, pos, &title, moves.as_deref()),
        None => {
            let mut text = format!("{title}\n");
            for line in board_text::draw(&e, pos) {
                text.push_str(&format!("  {line}\n"));
            }
            if let Some(moves) = &moves {
                let names: Vec<String> = moves
                    .iter()
                    .map(|m| crate::run::step::move_text(&e, m))
                    .collect();
                if !names.is_empty() {
                    text.push_str(&format!("moves: {}\n", names.join(" ")));
                }
            }
            text
        }
    })
}

/// Writes the picture where it goes.
fn put(rep: &Reporter, pic: &Picture, text: &str) -> i32 {
    match pic.svg {
        Some(path) if path.as_os_str() != "-" => match std::fs::write(path, text) {
            Ok(()) => exit::OK,
            Err(e) => {
                let name = display(path);
                let msg = format!("cannot write {name}: {}", super::load::describe_io(&e));
                rep.error(Kind::Io, Some(&name), &msg);
                exit::FAILURE
            }
        },
        _ => match print(rep, text) {
            Ok(()) => exit::OK,
            Err(code) => code,
        },
    }
}

pub fn show(
    rep: &Reporter,
    rules_path: &Path,
    input: Option<&Path>,
    pic: &Picture,
    limits: Limits,
) -> i32 {
    let rules = match load(rep, rules_path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if input.is_none() && rules.program.setup.is_some() && pic.case != 1 {
        let msg = format!("--case {}: the setup is a single position", pic.case);
        rep.error(Kind::Usage, None, &msg);
        return exit::USAGE;
    }
    let mut picture = None;
    let mut seen = 0;
    let code = each_position(
        rep,
        &rules.program,
        rules_path,
        input,
        limits,
        &mut std::io::sink(),
        |runner, pos, case, _| {
            seen = case;
            if case < pic.case {
                return Ok(Flow::Continue);
            }
            picture = Some(draw(runner, pos, case, pic)?);
            Ok(Flow::Stop)
        },
    );
    if code != exit::OK {
        return code;
    }
    match picture {
        Some(text) => put(rep, pic, &text),
        None => {
            let name = Input::name(input);
            let msg = format!(
                "--case {}: {name} holds {seen} case{}",
                pic.case,
                if seen == 1 { "" } else { "s" }
            );
            rep.error(Kind::Usage, Some(&name), &msg);
            exit::USAGE
        }
    }
}
