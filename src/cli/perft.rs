//! `ply perft`: count the move sequences of exactly DEPTH plies from a start position.

use std::path::Path;

use super::load::load;
use super::options::{Format, Limits, exit, print};
use super::positions::{game_start, search_failed};
use super::progress::shown;
use super::report::{Reporter, to_stderr};
use crate::diagnostic::Kind;
use crate::render::json;
use crate::render::tally::{report, sort};
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::query::chance::expected_from;
use crate::run::query::endings::endings_from;
use crate::run::query::perft::{PerftAsk, Unit, perft_shared};
use crate::run::query::tally::Tally;
use crate::run::query::threads;
use crate::run::{Choice, Compiled};

/// What `ply perft` is asked.
pub struct Ask<'a> {
    pub depth: u32,
    pub position: Option<&'a Path>,
    pub divide: bool,
    /// Also count the games that end within the depth, by result.
    pub endings: bool,
    /// Also count the sequences on average over the rolls of dice.
    pub chance: bool,
    pub threads: usize,
    /// Which representation of the rules to count on.
    pub choice: Choice,
    /// Whole moves, single actions or whole turns (`None`: what the rules count by).
    pub unit: Option<Unit>,
}

pub fn perft(rep: &Reporter, rules: &Path, ask: Ask, limits: Limits) -> i32 {
    let Ask {
        depth,
        position,
        divide,
        endings,
        chance,
        threads,
        choice,
        unit,
    } = ask;
    let loaded = match load(rep, rules) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let (runner, pos) =
        match game_start(rep, &loaded.program, rules, (position, limits.max_memory.0)) {
            Ok(x) => x,
            Err(code) => return code,
        };
    let unit = unit.unwrap_or(Unit::of(&loaded.program));
    let mut compiled = Compiled::new(runner, choice);
    let started = std::time::Instant::now();
    let budget = limits.budget();
    let progress = threads::Progress::default();
    let ask = PerftAsk {
        unit,
        depth,
        divide,
        threads,
    };
    let found = shown(rep, "first moves", &progress, || {
        perft_shared(&mut compiled, &pos, ask, &budget, &progress)
    });
    let (total, lines) = match found {
        Ok(x) => x,
        Err(e) => {
            let code = search_failed(rep, &e);
            if e.budget {
                partial(rep, &progress);
            }
            return code;
        }
    };
    let secs = started.elapsed().as_secs_f64();
    let mut ended = match endings.then(|| ended(&mut compiled, &pos, depth)) {
        None => None,
        Some(Ok(tally)) => Some(tally),
        Some(Err(e)) => return search_failed(rep, &e),
    };
    if chance && loaded.program.dice.is_none() {
        let msg = "--chance averages over the rolls of dice, and the rules file rolls none";
        rep.error(Kind::Usage, None, msg);
        return exit::USAGE;
    }
    let expected =
        match chance.then(|| expected_from(&mut compiled, &pos, (depth, unit == Unit::Turns))) {
            None => None,
            Some(Ok(x)) => Some(x),
            Some(Err(e)) => return search_failed(rep, &e),
        };
    let out = match rep.format {
        Format::Text => {
            let mut out = String::new();
            for (mv, n) in lines.iter().flatten() {
                out.push_str(&format!("{mv}: {n}\n"));
            }
            out.push_str(&format!("{total}\n"));
            if let Some(x) = expected {
                out.push_str(&format!(
                    "on average over the rolls: {x:.3} (a branching of {:.3} a ply)\n",
                    branching(x, depth)
                ));
            }
            if let Some(tally) = &mut ended {
                let games: u64 = tally.iter().map(|(.., n)| n).sum();
                out.push_str(&format!("games ended within {depth} plies: {games}\n"));
                // The results as `ply playout` prints them, indented.
                for line in report(&loaded.program, tally).lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            out
        }
        Format::Json => {
            let mut out = Vec::new();
            let divide = lines.map(|lines| {
                lines
                    .into_iter()
                    .map(|(mv, count)| json::DivideLine { mv, count })
                    .collect()
            });
            json::line(
                &json::Perft {
                    depth,
                    counts: unit.words(),
                    count: total,
                    divide,
                    expected,
                    endings: ended.map(|tally| {
                        tally
                            .into_iter()
                            .map(|(result, _, games)| json::EndingLine { result, games })
                            .collect()
                    }),
                },
                &mut out,
            );
            String::from_utf8_lossy(&out).into_owned()
        }
    };
    if let Err(code) = print(rep, &out) {
        return code;
    }
    if rep.format == Format::Text {
        to_stderr(&format!(
            "perft({depth}) = {total} in {secs:.3} s ({:.0} leaves/s) on {}, counting {}\n",
            total as f64 / secs.max(1e-9),
            compiled.describe(),
            unit.words()
        ));
    }
    exit::OK
}

/// The branching a ply that `sequences` of `depth` plies give: their `depth`-th root.
fn branching(sequences: f64, depth: u32) -> f64 {
    match depth {
        0 => 1.0,
        d => sequences.powf(1.0 / f64::from(d)),
    }
}

/// The games that end within `depth` plies of `pos` by result, in the order playouts print
/// them.
fn ended(c: &mut Compiled, pos: &Position, depth: u32) -> Result<Tally, RunError> {
    if c.engine().p.game.is_none() {
        return Err(RunError::new(
            "--endings counts finished games, and the rules file has no `game` section",
        ));
    }
    let mut tally = endings_from(c, pos, depth)?;
    sort(&mut tally);
    Ok(tally)
}

/// What a perft stopped by its budget had counted: the first moves finished and the move
/// sequences below them (a lower bound of the whole count).
fn partial(rep: &Reporter, progress: &threads::Progress) {
    use std::sync::atomic::Ordering;
    let (done, total) = (
        progress.done.load(Ordering::Relaxed),
        progress.total.load(Ordering::Relaxed),
    );
    if total == 0 {
        // Stopped before the first moves were shared out: nothing was counted.
        return;
    }
    let counted = progress.counted.load(Ordering::Relaxed);
    let items = match progress.plies.load(Ordering::Relaxed) {
        2 => "openings of two moves",
        _ => "first moves",
    };
    let text = format!(
        "perft stopped after {done} of {total} {items}: {counted} move sequences below those (the whole count is at least that)"
    );
    match rep.format {
        Format::Text => to_stderr(&format!("{text}\n")),
        Format::Json => rep.warning(Kind::Budget, None, &text),
    }
}
