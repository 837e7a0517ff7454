//! `ply show`: one case's board as an SVG picture (or as text), optionally with the legal
//! moves drawn as arrows.

use std::path::Path;

use super::load::{display, load_with_input};
use super::options::{Format, Limits, exit, print};
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
    /// Moves played from the case's position before it is drawn, the last one marked.
    pub after: &'a [String],
    /// The side drawn at the bottom, by name.
    pub bottom: Option<&'a str>,
}

/// What `ply show` found about the case it draws (the JSON document of `--format json`).
#[derive(serde::Serialize)]
struct Shown {
    case: usize,
    to_move: String,
    /// The board's rows as text, the header of column names first.
    board: Vec<String>,
    game_over: Option<String>,
    /// With --moves: the moves drawn, how many there are, and how many --limit left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    left_out: Option<u64>,
    /// With `--svg -`: the picture (standard output holds the document).
    #[serde(skip_serializing_if = "Option::is_none")]
    svg: Option<String>,
}

/// What `ply show` writes: the text, picture or document for standard output (or the
/// `--svg` file), and with `--format json --svg FILE` the picture for the file.
struct Drawn {
    out: String,
    picture: Option<String>,
}

/// The position after `moves` played from `pos`, and the squares the last one touched.
fn play_after(
    runner: &mut Runner,
    pos: &Position,
    moves: &[String],
) -> Result<(Position, Vec<u32>), RunError> {
    let e = runner.engine().clone();
    let mut now = pos.clone();
    let mut last = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let (list, _) = runner.move_list(&now, usize::MAX)?;
        let names: Vec<String> = list
            .iter()
            .map(|m| crate::run::step::move_text(&e, m))
            .collect();
        let Some(k) = names.iter().position(|n| n == text) else {
            let legal = match names.len() {
                0 => "there is none".to_string(),
                n if n > 12 => format!("{} and {} more", names[..12].join(" "), n - 12),
                _ => names.join(" "),
            };
            return Err(RunError::new(format!(
                "--after: move {} `{text}` is not a legal move here (the legal moves: {legal})",
                i + 1
            )));
        };
        let steps = &list[k];
        last = steps
            .iter()
            .flat_map(|st| [st.from, st.to])
            .filter(|&sq| sq != crate::run::step::NONE)
            .collect();
        last.dedup();
        match runner.nth_successor(&now, k as u64)? {
            (Some(next), _) => now = next,
            (None, _) => {
                return Err(RunError::new(format!(
                    "--after: move {} `{text}` was not made",
                    i + 1
                )));
            }
        }
    }
    Ok((now, last))
}

fn draw(
    runner: &mut Runner,
    case_pos: &Position,
    case: usize,
    pic: &Picture,
    format: Format,
) -> Result<Drawn, RunError> {
    let e = runner.engine().clone();
    let p = e.p;
    let (after, last) = play_after(runner, case_pos, pic.after)?;
    let pos = &after;
    let bottom = pic
        .bottom
        .and_then(|name| p.sides.iter().position(|s| s.name == name))
        .map(|i| i as u8);
    // A position waiting for its roll has no moves yet to draw or count.
    let waiting = p.dice.is_some() && !pos.rolled();
    let (moves, count) = if pic.moves && !waiting {
        let (m, n) = runner.move_list(pos, pic.limit)?;
        (Some(m), n)
    } else {
        (None, 0)
    };
    let side = pos.mover;
    let sym = board_text::symbol(p, &e.t, p.code(side, 0));
    let played = match pic.after {
        [] => String::new(),
        moves => format!(" after {}", moves.join(" ")),
    };
    let mut title = format!(
        "case {case}{played}: {} ({sym}) to move",
        p.sides[side as usize].name
    );
    if !pos.hand.is_empty() {
        title.push_str(&format!(", in hand {}", board_text::hand(&e, pos)));
    }
    title.push_str(&board_text::roll_note(&e, pos));
    let count_all = match &moves {
        Some(_) => count,
        None if waiting => 0,
        None => runner.move_list(pos, 0)?.1,
    };
    let over = runner.finished(pos, count_all)?.map(|o| o.text);
    if let Some(text) = &over {
        title.push_str(&format!(", game over: {text}"));
    }
    let left_out = moves.as_ref().map_or(0, |m| count - m.len() as u64);
    // A rules file without moves has no move count to give.
    let has_moves = !p.moves.is_empty();
    if moves.is_some() && has_moves {
        title.push_str(&format!(
            ", {count} move{}",
            if count == 1 { "" } else { "s" }
        ));
        if left_out > 0 {
            title.push_str(&format!(
                " ({} drawn, {left_out} left out by --limit)",
                count - left_out
            ));
        }
    }
    let names: Option<Vec<String>> = moves.as_ref().map(|m| {
        m.iter()
            .map(|m| crate::run::step::move_text(&e, m))
            .collect()
    });
    let picture = || {
        let scene = svg::Scene {
            title: &title,
            moves: moves.as_deref(),
            last: &last,
            bottom,
            result: over.as_deref(),
        };
        svg::draw(&e, pos, &scene)
    };
    let to_stdout = pic.svg.is_some_and(|p| p.as_os_str() == "-");
    Ok(match (format, pic.svg) {
        (Format::Json, _) => {
            let drawn = pic.svg.map(|_| picture());
            let mut out = Vec::new();
            crate::render::json::line(
                &Shown {
                    case,
                    to_move: p.sides[side as usize].name.clone(),
                    board: board_text::draw(&e, pos),
                    game_over: over,
                    moves: names.filter(|_| has_moves),
                    move_count: (pic.moves && has_moves).then_some(count),
                    left_out: (pic.moves && has_moves).then_some(left_out),
                    svg: drawn.clone().filter(|_| to_stdout),
                },
                &mut out,
            );
            Drawn {
                out: String::from_utf8_lossy(&out).into_owned(),
                picture: drawn.filter(|_| !to_stdout),
            }
        }
        (Format::Text, Some(_)) => Drawn {
            out: picture(),
            picture: None,
        },
        (Format::Text, None) => {
            let mut text = format!("{title}\n");
            for line in board_text::draw(&e, pos) {
                text.push_str(&format!("  {line}\n"));
            }
            if let Some(names) = names.filter(|n| !n.is_empty()) {
                text.push_str(&format!("moves: {}\n", names.join(" ")));
            }
            if left_out > 0 {
                text.push_str(&format!("({left_out} more left out by --limit)\n"));
            }
            Drawn {
                out: text,
                picture: None,
            }
        }
    })
}

/// Writes what was drawn where it goes: the picture to the `--svg` file, the rest to
/// standard output.
fn put(rep: &Reporter, pic: &Picture, drawn: &Drawn) -> i32 {
    let file = pic.svg.filter(|p| p.as_os_str() != "-");
    let (to_file, to_stdout) = match (&drawn.picture, rep.format) {
        (Some(picture), _) => (Some(picture), Some(&drawn.out)),
        (None, Format::Json) => (None, Some(&drawn.out)),
        (None, Format::Text) if file.is_some() => (Some(&drawn.out), None),
        (None, Format::Text) => (None, Some(&drawn.out)),
    };
    if let (Some(path), Some(text)) = (file, to_file)
        && let Err(e) = std::fs::write(path, text)
    {
        let name = display(path);
        let msg = format!("cannot write {name}: {}", super::load::describe_io(&e));
        rep.error(Kind::Io, Some(&name), &msg);
        return exit::FAILURE;
    }
    match to_stdout.map(|t| print(rep, t)) {
        None | Some(Ok(())) => exit::OK,
        Some(Err(code)) => code,
    }
}

pub fn show(
    rep: &Reporter,
    rules_path: &Path,
    input: Option<&Path>,
    pic: &Picture,
    limits: Limits,
) -> i32 {
    let rules = match load_with_input(rep, "show", rules_path, input) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if let Some(name) = pic.bottom
        && !rules.program.sides.iter().any(|s| s.name == name)
    {
        let names: Vec<&str> = rules
            .program
            .sides
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        let msg = format!(
            "--bottom {name}: no side is named so (the sides: {})",
            names.join(", ")
        );
        rep.error(Kind::Usage, None, &msg);
        return exit::USAGE;
    }
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
            picture = Some(draw(runner, pos, case, pic, rep.format)?);
            Ok(Flow::Stop)
        },
    );
    if code != exit::OK {
        return code;
    }
    match picture {
        Some(drawn) => put(rep, pic, &drawn),
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
