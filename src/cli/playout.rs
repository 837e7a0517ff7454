//! `ply playout`: play random games from a start position and tally their results.

use std::path::Path;

use super::load::{display, load};
use super::options::{Limits, exit, print};
use super::positions::{game_start, search_failed};
use super::report::{Reporter, to_stderr};
use crate::diagnostic::Kind;

pub fn playout(
    rep: &Reporter,
    rules: &Path,
    games: u64,
    seed: u64,
    position: Option<&Path>,
    limits: Limits,
) -> i32 {
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
    let (mut runner, start) = match game_start(rep, &loaded.program, rules, position) {
        Ok(x) => x,
        Err(code) => return code,
    };
    runner.set_budget(limits.budget());
    let started = std::time::Instant::now();
    let mut rng = crate::run::playout::Rng::new(seed);
    let mut scratch = Vec::new();
    let mut tally: Vec<(String, u64)> = Vec::new();
    let mut plies = 0u64;
    for _ in 0..games {
        let result = crate::run::playout::playout(&mut runner, &start, &mut rng, &mut scratch)
            .and_then(|played| {
                plies += played.plies as u64;
                crate::render::output::ending(&mut runner, &played.end).map(|e| e.text)
            });
        match result {
            Ok(text) => match tally.iter_mut().find(|(t, _)| *t == text) {
                Some((_, n)) => *n += 1,
                None => tally.push((text, 1)),
            },
            Err(e) => return search_failed(rep, &e),
        }
    }
    let secs = started.elapsed().as_secs_f64();
    tally.sort();
    let mut out = String::new();
    for (text, n) in &tally {
        out.push_str(&format!("{text}: {n}\n"));
    }
    if let Err(code) = print(rep, &out) {
        return code;
    }
    to_stderr(&format!(
        "{games} games, {plies} plies in {secs:.3} s ({:.0} games/s)\n",
        games as f64 / secs.max(1e-9)
    ));
    exit::OK
}
