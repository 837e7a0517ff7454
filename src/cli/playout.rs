//! `ply playout`: play random games from a start position and tally their results.

use std::path::Path;

use super::load::{display, load};
use super::options::{Limits, exit, print};
use super::positions::{game_start, search_failed};
use super::report::{Reporter, to_stderr};
use super::threads;
use crate::diagnostic::Kind;
use crate::program::{Outcome, Program};

/// What `ply playout` is asked.
pub struct Ask<'a> {
    pub games: u64,
    pub seed: u64,
    pub position: Option<&'a Path>,
    pub threads: usize,
}

pub fn playout(rep: &Reporter, rules: &Path, ask: Ask, limits: Limits) -> i32 {
    let Ask {
        games,
        seed,
        position,
        threads,
    } = ask;
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
    let started = std::time::Instant::now();
    let budget = limits.budget();
    let (mut tally, plies) =
        match threads::playouts(&mut runner, &start, games, seed, threads, &budget) {
            Ok(x) => x,
            Err(e) => return search_failed(rep, &e),
        };
    let secs = started.elapsed().as_secs_f64();
    let out = report(&loaded.program, &mut tally);
    if let Err(code) = print(rep, &out) {
        return code;
    }
    to_stderr(&format!(
        "{games} games, {plies} plies ({:.1} a game) in {secs:.3} s ({:.0} games/s)\n",
        plies as f64 / games.max(1) as f64,
        games as f64 / secs.max(1e-9)
    ));
    exit::OK
}

/// The tally, one line per result text in natural order (`by 2` before `by 10`); when an
/// outcome has several texts (`Black wins by 3`, `Black wins by 5`), a line per outcome
/// follows with its total.
fn report(p: &Program, tally: &mut [(String, Outcome, u64)]) -> String {
    tally.sort_by_key(|t| natural(&t.0));
    let mut out = String::new();
    for (text, _, n) in tally.iter() {
        out.push_str(&format!("{text}: {n}\n"));
    }
    let mut outcomes: Vec<(Outcome, u64, usize)> = Vec::new();
    for &(_, o, n) in tally.iter() {
        match outcomes.iter_mut().find(|(x, ..)| *x == o) {
            Some((_, total, texts)) => {
                *total += n;
                *texts += 1;
            }
            None => outcomes.push((o, n, 1)),
        }
    }
    if outcomes
        .iter()
        .any(|&(o, _, texts)| texts > 1 && o != Outcome::Unstated)
    {
        let words: Vec<String> = outcomes
            .iter()
            .map(|&(o, n, _)| format!("{} {n}", outcome_words(p, o)))
            .collect();
        out.push_str(&format!("by outcome: {}\n", words.join(", ")));
    }
    out
}

fn outcome_words(p: &Program, o: Outcome) -> String {
    match o {
        Outcome::Win(s) => format!("{} wins", p.sides[s as usize].name),
        Outcome::Loss(s) => format!("{} loses", p.sides[s as usize].name),
        Outcome::Draw => "draw".to_string(),
        Outcome::Unstated => "unstated".to_string(),
    }
}

/// A sort key that compares the runs of digits in a text as numbers.
fn natural(text: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (words, tail) = rest.split_at(digits);
        let end = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let (number, tail) = tail.split_at(end);
        out.push((words.to_string(), number.parse().unwrap_or(u64::MAX)));
        rest = tail;
    }
    out
}
