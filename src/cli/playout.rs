//! `ply playout`: play random games from a start position and tally their results.

use std::path::Path;

use super::load::{display, load};
use super::options::{Format, Limits, exit, print};
use super::positions::{game_start, search_failed};
use super::progress::shown;
use super::report::{Reporter, to_stderr};
use crate::diagnostic::Kind;
use crate::program::Program;
use crate::render::tally::{document, playout_output, report};
use crate::run::query::tally::{PlayoutAsk, Stopped, playouts};
use crate::run::query::threads;
use crate::run::{Choice, Compiled};

/// What `ply playout` is asked.
pub struct Ask<'a> {
    pub games: u64,
    pub seed: u64,
    pub position: Option<&'a Path>,
    pub threads: usize,
    /// Besides the tally: shares with confidence intervals, lengths, branching.
    pub stats: bool,
    /// Which representation of the rules to play on.
    pub choice: Choice,
    /// The most plies of one game (`None`: the default for the board).
    pub max_plies: Option<u32>,
}

pub fn playout(rep: &Reporter, rules: &Path, ask: Ask, limits: Limits) -> i32 {
    let loaded = match load(rep, rules) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if loaded.program.game.is_none() {
        let name = display(rules);
        rep.error(
            Kind::Usage,
            Some(&name),
            &format!(
                "{name}: the rules file has no `game` section, so games have no end or result"
            ),
        );
        return exit::USAGE;
    }
    let (runner, start) = match game_start(
        rep,
        &loaded.program,
        rules,
        (ask.position, limits.max_memory.0),
    ) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mut compiled = Compiled::new(runner, ask.choice);
    let started = std::time::Instant::now();
    let budget = limits.budget();
    let (games, seed) = (ask.games, ask.seed);
    let progress = threads::Progress::default();
    let asked = PlayoutAsk {
        games,
        first: 0,
        seed,
        threads: ask.threads,
        stats: ask.stats,
        max_plies: ask.max_plies,
    };
    let found = shown(rep, "games", &progress, || {
        playouts(&mut compiled, &start, asked, &budget, &progress)
    });
    let mut sum = match found {
        Ok(x) => x,
        Err(stopped) => return stopped_early(rep, &loaded.program, seed, stopped),
    };
    let secs = started.elapsed().as_secs_f64();
    let p = &loaded.program;
    let json = rep.format == Format::Json;
    let out = playout_output(p, (games, seed), &mut sum, (ask.stats, json));
    if let Err(code) = print(rep, &out) {
        return code;
    }
    if rep.format == Format::Text {
        to_stderr(&format!(
            "{games} games, {} plies ({:.1} a game) in {secs:.3} s ({:.0} games/s) on {}\n",
            sum.plies,
            sum.plies as f64 / games.max(1) as f64,
            games as f64 / secs.max(1e-9),
            compiled.describe()
        ));
    }
    exit::OK
}

/// Playouts stopped by their budget (or a failing game): the error, then the tally of the
/// games finished by then on standard output, marked as partial.
fn stopped_early(rep: &Reporter, p: &Program, seed: u64, mut stopped: Stopped) -> i32 {
    let code = search_failed(rep, &stopped.error);
    if !stopped.error.budget {
        return code; // a game failed: the rules file is at fault, not the budget
    }
    let finished: u64 = stopped.partial.tally.iter().map(|t| t.2).sum();
    let out = match rep.format {
        Format::Text => {
            let mut out = format!("stopped early: the tally of the {finished} games finished\n");
            out.push_str(&report(p, &mut stopped.partial.tally));
            out
        }
        Format::Json => {
            let mut doc = document(p, finished, seed, &mut stopped.partial, false);
            doc["partial"] = serde_json::json!(true);
            format!("{doc}\n")
        }
    };
    match print(rep, &out) {
        Ok(()) => code,
        Err(c) => c.max(code),
    }
}
