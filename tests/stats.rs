//! `ply playout --stats` against figures worked out by hand on a game small enough to know
//! completely (tests/cmd/three-squares.rules): every game lasts 3 plies, with 3, 2 and 1 legal
//! moves, and x wins 2 games in 3.

use std::process::Command;

use serde_json::Value;

fn stats(rules: &str, games: u32, threads: u32) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "playout", rules, "--stats", "--format", "json", "--seed", "4",
        ])
        .args([
            "--games",
            &games.to_string(),
            "--threads",
            &threads.to_string(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The 95% interval of a share `k / n`: the two roots `p` of
/// `(k/n - p)^2 = z^2 p (1 - p) / n`, solved as a quadratic `a p^2 + b p + c = 0`.
fn interval(k: f64, n: f64) -> (f64, f64) {
    let z2 = 1.959_964_f64.powi(2);
    let s = k / n;
    let (a, b, c) = (1.0 + z2 / n, -(2.0 * s + z2 / n), s * s);
    let root = (b * b - 4.0 * a * c).sqrt();
    ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[test]
fn figures_of_a_game_worked_out_by_hand() {
    let doc = stats("tests/cmd/three-squares.rules", 300, 1);
    assert_eq!(doc["games"], 300);
    let results = doc["results"].as_array().unwrap();
    let total: u64 = results.iter().map(|r| r["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 300);
    for r in results {
        let k = r["games"].as_f64().unwrap();
        let (lo, hi) = interval(k, 300.0);
        assert!(close(r["share"].as_f64().unwrap(), k / 300.0), "{r}");
        assert!(
            close(r["low"].as_f64().unwrap(), lo),
            "{r}: low, by hand {lo}"
        );
        assert!(
            close(r["high"].as_f64().unwrap(), hi),
            "{r}: high, by hand {hi}"
        );
    }
    let wins = results.iter().find(|r| r["outcome"] == "win").unwrap();
    assert_eq!(wins["side"], "x");
    // Two games in three: the interval of 300 games holds it (seed 4 is fixed).
    let (lo, hi) = (
        wins["low"].as_f64().unwrap(),
        wins["high"].as_f64().unwrap(),
    );
    assert!(lo < 2.0 / 3.0 && 2.0 / 3.0 < hi, "{wins}");
    assert_eq!(doc["first_side"]["side"], "x");
    assert_eq!(doc["first_side"]["wins"], wins["games"]);
    // Every game: 3 plies, from positions with 3, 2 and 1 legal moves.
    assert_eq!(doc["plies"]["total"], 900);
    assert!(close(doc["plies"]["average"].as_f64().unwrap(), 3.0));
    assert_eq!(doc["plies"]["longest"], 3);
    assert_eq!(doc["branching"]["positions"], 900);
    assert_eq!(doc["branching"]["moves"], 300 * (3 + 2 + 1));
    assert!(close(doc["branching"]["average"].as_f64().unwrap(), 2.0));
    assert_eq!(doc["limited"], 0);
    // The same figures on three threads.
    assert_eq!(stats("tests/cmd/three-squares.rules", 300, 3), doc);
}

#[test]
fn games_the_ply_limit_stops() {
    // `stop after 2 plies`: every game stops with a move left, after 3 + 2 legal moves.
    let doc = stats("tests/cmd/three-squares-stopped.rules", 30, 2);
    assert_eq!(doc["limited"], 30);
    assert_eq!(doc["plies"]["longest"], 2);
    assert!(close(doc["branching"]["average"].as_f64().unwrap(), 2.5));
    assert_eq!(doc["first_side"]["wins"], 0);
    let (lo, hi) = interval(0.0, 30.0);
    assert!(close(
        doc["first_side"]["low"].as_f64().unwrap(),
        lo.max(0.0)
    ));
    assert!(close(doc["first_side"]["high"].as_f64().unwrap(), hi));
}
