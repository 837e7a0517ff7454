//! Perft tests in the style of shakmaty's `tests/*.perft`: `tests/perft/<game>.perft` holds
//! blocks of `id NAME`, an optional `position FILE` (a file next to it, read with the rules
//! file's input format; without it the rules file's setup is used) and `perft DEPTH COUNT`
//! lines. Each depth whose count is at most `PLY_PERFT_LIMIT` (default 1,000,000 leaves,
//! a few seconds in a debug build) is checked through `ply perft rules/<game>.rules`.

use std::path::Path;
use std::process::Command;

struct Block {
    id: String,
    position: Option<String>,
    counts: Vec<(u32, u64)>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => out.push(Block {
                id: rest.to_string(),
                position: None,
                counts: Vec::new(),
            }),
            "position" => {
                out.last_mut().expect("position after id").position = Some(rest.to_string())
            }
            "perft" => {
                let (d, n) = rest
                    .split_once(char::is_whitespace)
                    .expect("perft DEPTH COUNT");
                let block = out.last_mut().expect("perft after id");
                block
                    .counts
                    .push((d.parse().unwrap(), n.trim().parse().unwrap()));
            }
            other => panic!("unknown line `{other}` in a perft file"),
        }
    }
    out
}

#[test]
fn perft_counts() {
    let limit: u64 = std::env::var("PLY_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let mut files: Vec<_> = std::fs::read_dir("tests/perft")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft files");
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let rules = Path::new("rules").join(format!("{stem}.rules"));
        for block in blocks(&std::fs::read_to_string(&file).unwrap()) {
            for &(depth, want) in block.counts.iter().filter(|(_, n)| *n <= limit) {
                let mut cmd = Command::new(env!("CARGO_BIN_EXE_ply"));
                cmd.arg("perft")
                    .arg(&rules)
                    .arg("--depth")
                    .arg(depth.to_string());
                if let Some(p) = &block.position {
                    cmd.arg("--position").arg(Path::new("tests/perft").join(p));
                }
                let out = cmd.output().expect("ply runs");
                let stdout = String::from_utf8_lossy(&out.stdout);
                let got = stdout.lines().last().unwrap_or("").to_string();
                checked += 1;
                if !out.status.success() || got != want.to_string() {
                    failures.push(format!(
                        "{stem} {} perft {depth}: expected {want}, got {got:?} ({})\n{}",
                        block.id,
                        out.status,
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} perft counts checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn divide_adds_up_to_the_count() {
    for (rules, depth) in [
        ("rules/othello.rules", 4),
        ("rules/english-draughts.rules", 4),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["perft", rules, "--depth", &depth.to_string(), "--divide"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        let total: u64 = lines.pop().unwrap().parse().unwrap();
        let sum: u64 = lines
            .iter()
            .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert!(lines.len() > 1, "{rules}: one line per first move");
        assert_eq!(
            sum, total,
            "{rules}: the divided counts add up to the total"
        );
    }
}

fn playout(rules: &str, games: u64, seed: u64) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "playout",
            rules,
            "--games",
            &games.to_string(),
            "--seed",
            &seed.to_string(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn playouts_are_reproducible_and_every_game_ends() {
    for rules in ["rules/othello.rules", "rules/english-draughts.rules"] {
        let a = playout(rules, 40, 7);
        assert_eq!(
            a,
            playout(rules, 40, 7),
            "{rules}: the same seed gives the same tally"
        );
        let total: u64 = a
            .lines()
            .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert_eq!(total, 40, "{rules}: every game ends with a result:\n{a}");
        // Two seeds may give the same tally by chance; five in a row should not.
        assert!(
            (8..13).any(|s| playout(rules, 40, s) != a),
            "{rules}: other seeds play other games"
        );
    }
}
