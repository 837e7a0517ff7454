//! `cargo bench`: how fast ply answers, measured with criterion on a fresh clone.
//!
//! - `perft/GAME`: perft from the setup of every whole game under `rules/`, at the deepest
//!   depth (from 2) whose count takes under a tenth of a second, on one thread.
//! - `playouts/GAME`: 100 random games from the setup (seed 1), on one thread.
//! - `run/GAME`: `ply run` of every golden input of a rules file (`tests/golden/GAME/*.in`)
//!   into memory, as the contest problems are answered.
//!
//! Each benchmark prints criterion's estimate of the time per iteration with its confidence
//! interval, and the change since the last run on this machine (`target/criterion`).
//! `cargo bench -- perft/chess` runs one.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use ply::cases::{game_start, run_cases};
use ply::program::Program;
use ply::run::Budget;
use ply::run::query::perft::perft_from;
use ply::run::query::playout::playout_from;
use ply::run::rng::Rng;
use ply::run::{Choice, Compiled};

/// The checked program of a rules file.
fn program(path: &Path) -> Program {
    let source = std::fs::read_to_string(path).expect("a readable rules file");
    let ast = ply::syntax::parse(&source).expect("a rules file that parses");
    ply::check::check(&ast).unwrap_or_else(|_| panic!("{} has errors", path.display()))
}

/// The rules files of the given folder, sorted by name.
fn rules_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the rules folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn whole_games(c: &mut Criterion) {
    for path in rules_files("rules") {
        let p = program(&path);
        if p.setup.is_none() || p.game.is_none() {
            continue;
        }
        let name = stem(&path);
        let (runner, start) = game_start(&p, None).expect("a setup that is valid");
        let mut runner = Compiled::new(runner, Choice::Fastest);
        // The deepest depth whose perft takes under 0.1 s.
        let mut depth = 2;
        loop {
            let t = Instant::now();
            perft_from(&mut runner, &start, depth + 1).expect("perft");
            if t.elapsed() > Duration::from_millis(100) || depth >= 12 {
                break;
            }
            depth += 1;
        }
        c.bench_function(&format!("perft/{name} depth {depth}"), |b| {
            b.iter(|| perft_from(&mut runner, &start, depth).expect("perft"));
        });
        c.bench_function(&format!("playouts/{name} 100 games"), |b| {
            b.iter(|| {
                let mut rng = Rng::new(1);
                let mut plies = 0;
                for _ in 0..100 {
                    let played =
                        playout_from(&mut runner, &start, 0, &mut rng, None).expect("playout");
                    plies += played.plies;
                    runner.runner().recycle(played.end);
                }
                plies
            });
        });
    }
}

fn contest_inputs(c: &mut Criterion) {
    for path in rules_files("rules") {
        let name = stem(&path);
        let dir = Path::new("tests/golden").join(&name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut inputs: Vec<Vec<u8>> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .map(|p| std::fs::read(p).expect("a golden input"))
            .collect();
        inputs.sort();
        let p = program(&path);
        c.bench_function(&format!("run/{name} {} inputs", inputs.len()), |b| {
            let mut out = Vec::with_capacity(1 << 20);
            b.iter(|| {
                for input in &inputs {
                    out.clear();
                    // A golden input may be malformed on purpose: its error is the answer.
                    let _ = run_cases(&p, &mut input.as_slice(), &mut out, Budget::default());
                }
                out.len()
            });
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = whole_games, contest_inputs
}
criterion_main!(benches);
