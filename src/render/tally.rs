//! A tally of random games as people and programs read it: each result with its games,
//! and with `--stats` each share with its 95% confidence interval, the first side's wins,
//! the games' lengths and the legal moves a position (text, or the JSON document of
//! docs/json.md).

use crate::program::{Outcome, Program};
use crate::run::outcome::fixed_endings;
use crate::run::query::tally::Summary;

/// The 95% confidence interval of a proportion, `k` of `n` (Wilson score interval; a
/// share of 0 or 1 still gets an interval of some width).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054; // the normal distribution's 97.5% quantile
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * n);
    let spread = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z2 / n;
    (
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    )
}

/// The games the first side won (a loss of the other side, in a two-sided game, too).
fn first_side_wins(p: &Program, tally: &[(String, Outcome, u64)]) -> u64 {
    tally
        .iter()
        .filter(|(_, o, _)| match o {
            Outcome::Win(s) => *s == 0,
            Outcome::Loss(s) => p.sides.len() == 2 && *s == 1,
            _ => false,
        })
        .map(|(.., n)| n)
        .sum()
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The statistics of `ply playout --stats` as text (the tally was sorted by [`report`]).
pub fn stats_text(p: &Program, games: u64, sum: &Summary) -> String {
    // Each result text; then, when an outcome has several texts, each outcome in all.
    let mut lines: Vec<(String, u64)> = sum.tally.iter().map(|(t, _, n)| (t.clone(), *n)).collect();
    if let Some(outcomes) = grouped(&sum.tally) {
        lines.extend(
            outcomes
                .iter()
                .map(|&(o, n)| (format!("{} in all", outcome_words(p, o)), n)),
        );
    }
    let width = lines.iter().map(|l| l.0.chars().count()).max().unwrap_or(0);
    let mut out = format!("{games} games\n");
    for (text, n) in &lines {
        let (lo, hi) = wilson(*n, games);
        out.push_str(&format!(
            "  {text:<width$}  {:>6}  (95% confidence: {} to {})\n",
            percent(*n as f64 / games.max(1) as f64),
            percent(lo),
            percent(hi)
        ));
    }
    let first = first_side_wins(p, &sum.tally);
    let (lo, hi) = wilson(first, games);
    out.push_str(&format!(
        "the first side ({}) wins {} (95% confidence: {} to {})\n",
        p.sides[0].name,
        percent(first as f64 / games.max(1) as f64),
        percent(lo),
        percent(hi)
    ));
    out.push_str(&format!(
        "plies a game: {:.1} on average, {} at most\n",
        sum.plies as f64 / games.max(1) as f64,
        sum.longest
    ));
    out.push_str(&format!(
        "legal moves a position: {:.2} on average, over {} positions moved from\n",
        sum.seen.moves as f64 / sum.seen.positions.max(1) as f64,
        sum.seen.positions
    ));
    out.push_str(&format!("games the ply limit stopped: {}\n", sum.limited));
    out
}

/// Every result the rules file can write in words joins the tally, with 0 where no game
/// ended so.
pub fn with_fixed_endings(p: &Program, sum: &mut Summary) {
    for (text, outcome) in fixed_endings(p) {
        if !sum.tally.iter().any(|(t, ..)| *t == text) {
            sum.tally.push((text, outcome, 0));
        }
    }
}

/// What `ply playout` prints on standard output for a run's summary: the tally (with
/// `stats`, the statistics after it), or with `json` its document on one line.
pub fn playout_output(
    p: &Program,
    (games, seed): (u64, u64),
    sum: &mut Summary,
    (stats, json): (bool, bool),
) -> String {
    with_fixed_endings(p, sum);
    if json {
        let mut doc = document(p, games, seed, sum, stats).to_string();
        doc.push('\n');
        return doc;
    }
    let mut out = report(p, &mut sum.tally);
    if stats {
        out.push('\n');
        out.push_str(&stats_text(p, games, sum));
    }
    out
}

/// The playout document of `ply playout --format json` (docs/json.md), from a run's summary
/// (its tally gets every fixed result and is sorted as the text tally is).
pub fn document(
    p: &Program,
    games: u64,
    seed: u64,
    sum: &mut Summary,
    stats: bool,
) -> serde_json::Value {
    with_fixed_endings(p, sum);
    sort(&mut sum.tally);
    json(p, games, seed, sum, stats)
}

fn json(p: &Program, games: u64, seed: u64, sum: &Summary, stats: bool) -> serde_json::Value {
    use serde_json::json;
    let share = |n: u64| n as f64 / games.max(1) as f64;
    let results: Vec<serde_json::Value> = sum
        .tally
        .iter()
        .map(|(text, outcome, n)| {
            let (kind, side) = crate::render::move_view::outcome_word(*outcome);
            let side = side.map(|s| p.sides[s as usize].name.as_str());
            let mut r = json!({"result": text, "outcome": kind, "side": side, "games": n});
            if stats {
                let (lo, hi) = wilson(*n, games);
                r["share"] = json!(share(*n));
                r["low"] = json!(lo);
                r["high"] = json!(hi);
            }
            r
        })
        .collect();
    let mut doc = json!({"games": games, "seed": seed, "results": results});
    if stats {
        let first = first_side_wins(p, &sum.tally);
        let (lo, hi) = wilson(first, games);
        doc["first_side"] = json!({
            "side": p.sides[0].name, "wins": first, "share": share(first), "low": lo, "high": hi
        });
        doc["plies"] = json!({
            "total": sum.plies,
            "average": sum.plies as f64 / games.max(1) as f64,
            "longest": sum.longest,
        });
        doc["branching"] = json!({
            "moves": sum.seen.moves,
            "positions": sum.seen.positions,
            "average": sum.seen.moves as f64 / sum.seen.positions.max(1) as f64,
        });
        doc["limited"] = json!(sum.limited);
    }
    doc
}

/// The tally, one line per result text in natural order (`by 2` before `by 10`); when an
/// outcome has several texts (`Black wins by 3`, `Black wins by 5`), a line per outcome
/// follows with its total.
pub fn report(p: &Program, tally: &mut [(String, Outcome, u64)]) -> String {
    sort(tally);
    let mut out = String::new();
    for (text, _, n) in tally.iter() {
        out.push_str(&format!("{text}: {n}\n"));
    }
    if let Some(outcomes) = grouped(tally) {
        let words: Vec<String> = outcomes
            .iter()
            .map(|&(o, n)| format!("{} {n}", outcome_words(p, o)))
            .collect();
        out.push_str(&format!("by outcome: {}\n", words.join(", ")));
    }
    out
}

/// Each outcome with its games in all, in the tally's order, when some outcome (other than
/// unstated) has several result texts; `None` when every outcome has one text.
fn grouped(tally: &[(String, Outcome, u64)]) -> Option<Vec<(Outcome, u64)>> {
    let mut outcomes: Vec<(Outcome, u64, usize)> = Vec::new();
    for &(_, o, n) in tally {
        match outcomes.iter_mut().find(|(x, ..)| *x == o) {
            Some((_, total, texts)) => {
                *total += n;
                *texts += 1;
            }
            None => outcomes.push((o, n, 1)),
        }
    }
    outcomes
        .iter()
        .any(|&(o, _, texts)| texts > 1 && o != Outcome::Unstated)
        .then(|| outcomes.iter().map(|&(o, n, _)| (o, n)).collect())
}

fn outcome_words(p: &Program, o: Outcome) -> String {
    match o {
        Outcome::Win(s) => format!("{} wins", p.sides[s as usize].name),
        Outcome::Loss(s) => format!("{} loses", p.sides[s as usize].name),
        Outcome::Draw => "draw".to_string(),
        Outcome::Unstated => "unstated".to_string(),
    }
}

/// A tally in natural order of its result texts (`by 2` before `by 10`), as it is printed.
pub fn sort(tally: &mut [(String, Outcome, u64)]) {
    tally.sort_by_key(|t| natural(&t.0));
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
