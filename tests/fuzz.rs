//! A bounded in-tree fuzzer (a few seconds per target in `cargo test`): no rules file and
//! no input, however broken, may make ply panic. Three targets:
//! - `rules_text`: every rules file of `rules/`, mutated byte by byte, through parse, check
//!   and (when it still checks) a run on that game's sample input;
//! - `inputs`: every golden input, mutated, through its own rules file;
//! - `odd_rules`: generated rules files that are valid but odd (1 x 1 and large boards,
//!   zero and huge distances, empty regions, long chains, self-referencing lets).
//!
//! Every run has a node budget, so a pathological file cannot hang the test.
//!
//! Longer runs: `PLY_FUZZ_SECONDS=600 cargo test --release --test fuzz`. A failing case is
//! written to `target/fuzz-failure.rules` / `.in` for reproduction with `ply run`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

mod common;
use common::Lcg;

fn seconds() -> Duration {
    let s = std::env::var("PLY_FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2.0);
    Duration::from_secs_f64(s)
}

const PIECES: &[u8] = b" \n\t.,[]=\"#{}-+0123456789ABCDEHXOoxbwBW";

fn mutate(rng: &mut Lcg, data: &[u8]) -> Vec<u8> {
    let mut b = data.to_vec();
    for _ in 0..1 + rng.below(6) {
        if b.is_empty() {
            b.push(b'x');
        }
        let i = rng.below(b.len());
        match rng.below(5) {
            0 => b[i] = *rng.pick(PIECES),
            1 => b[i] = rng.next() as u8,
            2 => {
                let end = (i + 1 + rng.below(8)).min(b.len());
                b.drain(i..end);
            }
            3 => {
                let j = rng.below(b.len());
                let end = (j + 1 + rng.below(24)).min(b.len());
                let chunk = b[j..end].to_vec();
                b.splice(i..i, chunk);
            }
            _ => b.insert(i, *rng.pick(PIECES)),
        }
    }
    b
}

/// Parses, checks and runs; any outcome but a panic is fine.
fn exercise(rules: &[u8], input: &[u8]) {
    let Ok(text) = std::str::from_utf8(rules) else {
        return;
    };
    let Ok(ast) = ply::syntax::parse(text) else {
        return;
    };
    let Ok(program) = ply::check::check(&ast) else {
        return;
    };
    let budget = ply::run::Budget {
        max_nodes: Some(20_000),
        deadline: Some(Instant::now() + Duration::from_secs(2)),
    };
    let mut out = Vec::new();
    let _ = ply::io::run_cases(&program, &mut &input[..], &mut out, budget);
}

fn survive(rules: &[u8], input: &[u8]) -> Result<(), String> {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| exercise(rules, input)));
    if started.elapsed() > Duration::from_secs(5) {
        // The budget should stop every search long before this: keep the case to look at.
        let _ = std::fs::create_dir_all("target");
        let _ = std::fs::write("target/fuzz-slow.rules", rules);
        let _ = std::fs::write("target/fuzz-slow.in", input);
        eprintln!(
            "slow case ({:?}) written to target/fuzz-slow.rules and .in",
            started.elapsed()
        );
    }
    result.map_err(|e| {
        let _ = std::fs::create_dir_all("target");
        let _ = std::fs::write("target/fuzz-failure.rules", rules);
        let _ = std::fs::write("target/fuzz-failure.in", input);
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
        format!(
            "panic: {} (case written to target/fuzz-failure.rules and .in)",
            msg.unwrap_or_default()
        )
    })
}

fn games() -> Vec<(Vec<u8>, Vec<Vec<u8>>)> {
    let mut out = Vec::new();
    for dir in ["rules", "rules/variants"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "rules") {
                continue;
            }
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            let mut inputs = Vec::new();
            if let Ok(cases) = std::fs::read_dir(format!("tests/golden/{stem}")) {
                for c in cases {
                    let p = c.unwrap().path();
                    if p.extension().is_some_and(|e| e == "in") {
                        inputs.push(std::fs::read(p).unwrap());
                    }
                }
            }
            inputs.sort();
            out.push((std::fs::read(&path).unwrap(), inputs));
        }
    }
    out.sort();
    out
}

#[test]
fn rules_text() {
    let games = games();
    let mut rng = Lcg(1);
    let stop = Instant::now() + seconds();
    let mut runs = 0;
    while Instant::now() < stop {
        let (rules, inputs) = rng.pick(&games);
        let input = if inputs.is_empty() {
            &b""[..]
        } else {
            &rng.pick(inputs)[..]
        };
        survive(&mutate(&mut rng, rules), input).unwrap();
        runs += 1;
    }
    assert!(runs > 20, "only {runs} runs");
}

#[test]
fn inputs() {
    let games: Vec<_> = games().into_iter().filter(|(_, i)| !i.is_empty()).collect();
    let mut rng = Lcg(2);
    let stop = Instant::now() + seconds();
    let mut runs = 0;
    while Instant::now() < stop {
        let (rules, inputs) = rng.pick(&games);
        let input = rng.pick(inputs).clone();
        survive(rules, &mutate(&mut rng, &input)).unwrap();
        runs += 1;
    }
    assert!(runs > 20, "only {runs} runs");
}

/// A valid rules file with odd parameters, and an input for it.
fn odd_rules(rng: &mut Lcg) -> (String, String) {
    let rows = *rng.pick(&[1, 1, 2, 3, 8, 26, 40]);
    let cols = *rng.pick(&[1, 2, 3, 8, 26, 33]);
    let notation = if rows <= 26 && cols <= 26 {
        "column letter + row number"
    } else {
        "row number, column number"
    };
    let dir = *rng.pick(&["0 1", "5 5", "-1 3", "40 0", "1 -1"]);
    let distance = *rng.pick(&[
        "0",
        "1",
        "7",
        "count pieces on line",
        "count enemy pieces on line * 3",
        "count empty squares",
    ]);
    let over = *rng.pick(&[
        "empty",
        "empty or own",
        "own or enemy",
        "empty or own or enemy",
    ]);
    let onto = *rng.pick(&["empty", "enemy", "empty or enemy", "own"]);
    let jump_gap = *rng.pick(&[
        "",
        ", any gap before",
        ", any gap before, any gap after",
        ", gap after at most 2",
    ]);
    let chain = *rng.pick(&[
        "",
        "continue while possible",
        "continue optionally, never straight back",
        "continue while possible, until promoted",
    ]);
    let captured = *rng.pick(&[
        "captured pieces leave at once",
        "captured pieces leave at end of move",
    ]);
    let flip = *rng.pick(&[
        "",
        "flip enemy runs closed by own along all, cascading",
        "flip enemy runs closed by own along odd",
    ]);
    let by = *rng.pick(&["orthogonal", "all", "odd", "diagonal"]);
    let question = rng
        .pick(&[
            "\"{count moves}\"",
            "\"{count moves where no enemy pieces}\"",
            "\"{max over moves of count own pieces}\" if not no moves",
            "\"{sum of size * size over regions of empty squares by BY bordered only by b}\"",
            "\"{count regions of pieces by BY bordered by nothing} {lead of a}\"",
            "each move \"{from}>{to}\", sorted",
        ])
        .replace("BY", by);
    let rules = format!(
        "board {rows} x {cols}
squares {notation}
sides a forward down, b forward up
kinds man, king
pieces \"A\" a man, \"K\" a king, \"B\" b man, \"Q\" b king
direction odd = {dir}
directions mix = odd, forward, orthogonal
promote man to king on the far row
let lead of S = count S pieces - count pieces + count S king pieces
move
  man: slide along mix, distance {distance}, over {over}, onto {onto}
  king: jump along all over enemy{jump_gap}
  {chain}
  {captured}
move
  place onto empty
  {flip}
move pass
input
  repeat until end
    grid
    mover
output
  {question}
"
    );
    let mut input = String::new();
    for _ in 0..1 + rng.below(3) {
        for _ in 0..rows {
            for _ in 0..cols {
                input.push(*rng.pick(&['.', '.', '.', 'A', 'B', 'K', 'Q']));
            }
            input.push('\n');
        }
        input.push_str(if rng.below(2) == 0 { "a\n" } else { "B\n" });
    }
    (rules, input)
}

#[test]
fn odd_but_valid_rules() {
    let mut rng = Lcg(3);
    let stop = Instant::now() + seconds();
    let mut runs = 0;
    let mut accepted = 0;
    while Instant::now() < stop {
        let (rules, input) = odd_rules(&mut rng);
        let ast = ply::syntax::parse(&rules).expect("generated rules parse");
        accepted += ply::check::check(&ast).is_ok() as usize;
        survive(rules.as_bytes(), input.as_bytes()).unwrap();
        runs += 1;
    }
    assert!(runs > 10, "only {runs} runs");
    assert!(
        accepted * 2 > runs,
        "most generated files should check ({accepted} of {runs})"
    );
}
