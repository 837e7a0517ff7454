//! A bounded in-tree fuzzer: no rules file and no input, however broken, may make ply panic.
//! The same targets as the cargo-fuzz crate in `fuzz/` (whose library `fuzz/src/lib.rs`
//! this file includes), with a simple mutator instead of libFuzzer, so that `cargo test`
//! runs them on stable with nothing installed:
//! - `rules_text`: rules files, mutated byte by byte, each with an input (a case is a rules
//!   file, then a `%%input` line and the input), through parse, check, run, perft, playout;
//! - `input/<stem>`, one per rules file of `rules/` and `rules/variants/`: its inputs,
//!   mutated, through that rules file;
//! - `odd_rules`: generated rules files that are valid but odd, from mutated choice bytes.
//!
//! Each target first runs every seed of its corpus `fuzz/corpus/<target>/` (and the rules
//! files and golden inputs of the repository), then mutated seeds for `PLY_FUZZ_SECONDS`
//! (default 2). The time is checked between cases; every case is bounded (node budget and
//! deadline for searches, call limit and nesting limit for parsing), and runs on a thread
//! with the stack of ply's main thread (8 MiB). The case being run is kept in
//! `target/fuzz-current/<target>` (so a crash that kills the process leaves it); a
//! panicking case is copied to `target/fuzz-failure/<target>`, the slowest case to
//! `target/fuzz-slowest/<target>`.

use std::io::Write;
use std::os::unix::fs::FileExt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use libtest_mimic::{Arguments, Failed, Trial};

mod common;
use common::Lcg;

#[allow(dead_code)] // the cargo-fuzz targets use the rest
#[path = "../fuzz/src/lib.rs"]
mod harness;
use harness::{INPUT_MARK, corpus_dir, read_dir_files, rules_files, split_case};

fn seconds() -> Duration {
    let s = std::env::var("PLY_FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2.0);
    Duration::from_secs_f64(s)
}

const PIECES: &[u8] = b" \n\t.,[]=\"#{}()-+*0123456789ABCDEHXOoxbwBW%";

fn mutate(rng: &mut Lcg, data: &[u8]) -> Vec<u8> {
    let mut b = data.to_vec();
    for _ in 0..1 + rng.below(6) {
        if b.is_empty() {
            b.push(b'x');
        }
        let i = rng.below(b.len());
        match rng.below(6) {
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
            4 => {
                // A run of one byte: long lines, deep brackets, long numbers.
                let n = 1 + rng.below(400);
                let byte = *rng.pick(PIECES);
                b.splice(i..i, std::iter::repeat_n(byte, n));
            }
            _ => b.insert(i, *rng.pick(PIECES)),
        }
    }
    b
}

/// What a target does with one case.
type Run = Box<dyn Fn(&[u8]) + Send + Sync>;

/// One target: its seeds, and how a case (seed or mutant) becomes a rules file and input.
struct Target {
    name: String,
    seeds: Vec<Vec<u8>>,
    run: Run,
    /// Bytes of a new random case when there is no seed to mutate.
    random: fn(&mut Lcg) -> Vec<u8>,
    /// A case as kept in `target/`: for `odd_rules`, the file generated (a `rules_text`
    /// case), not the choice bytes.
    show: fn(&[u8]) -> Vec<u8>,
    seed: u64,
}

fn no_random(_: &mut Lcg) -> Vec<u8> {
    Vec::new()
}

fn as_is(data: &[u8]) -> Vec<u8> {
    data.to_vec()
}

fn generated(data: &[u8]) -> Vec<u8> {
    let (rules, input) = harness::odd_rules(&mut harness::Choices::new(data));
    [rules.as_bytes(), &INPUT_MARK[1..], &input].concat()
}

impl Target {
    fn fuzz(&self) -> Result<(), Failed> {
        let dir = |what: &str| {
            let d = PathBuf::from("target").join(what);
            let _ = std::fs::create_dir_all(&d);
            d.join(self.name.replace('/', "-"))
        };
        let current = std::fs::File::create(dir("fuzz-current"))
            .map_err(|e| format!("cannot write target/fuzz-current: {e}"))?;
        let mut rng = Lcg(self.seed);
        let mut slowest = (Duration::ZERO, Vec::new());
        let mut runs = 0usize;
        let mut case = |data: Vec<u8>| -> Result<(), Failed> {
            let shown = (self.show)(&data);
            let _ = current.set_len(0);
            let _ = current.write_all_at(&shown, 0);
            let started = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| (self.run)(&data)));
            let took = started.elapsed();
            if let Err(e) = result {
                let path = dir("fuzz-failure");
                let _ = std::fs::write(&path, &shown);
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                return Err(format!("panic: {msg} (case written to {})", path.display()).into());
            }
            if took > slowest.0 {
                slowest = (took, shown);
            }
            Ok(())
        };
        for s in &self.seeds {
            case(s.clone())?;
            runs += 1;
        }
        // At least a few mutants, however slow the machine.
        let (stop, least) = (Instant::now() + seconds(), runs + 10);
        while Instant::now() < stop || runs < least {
            let data = if self.seeds.is_empty() || rng.below(8) == 0 {
                (self.random)(&mut rng)
            } else {
                let i = rng.below(self.seeds.len());
                mutate(&mut rng, &self.seeds[i])
            };
            case(data)?;
            runs += 1;
        }
        let path = dir("fuzz-slowest");
        let _ = std::fs::write(&path, &slowest.1);
        let mut err = std::io::stderr().lock();
        let _ = writeln!(
            err,
            "fuzz {}: {runs} cases ({} seeds), slowest {:.0?} (kept in {})",
            self.name,
            self.seeds.len(),
            slowest.0,
            path.display()
        );
        Ok(())
    }
}

/// The contents of the files, without repeats.
fn unique(files: impl IntoIterator<Item = Vec<u8>>) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = files.into_iter().collect();
    v.sort();
    v.dedup();
    v
}

fn golden_inputs(stem: &str) -> Vec<Vec<u8>> {
    read_dir_files(&Path::new("tests/golden").join(stem))
        .into_iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "in"))
        .map(|(_, d)| d)
        .collect()
}

fn targets() -> Vec<Result<Target, String>> {
    let root = Path::new(".");
    let rules = rules_files(root);
    let mut out = Vec::new();

    // rules_text: the corpus, and every rules file of the repository with its first input.
    let mut seeds: Vec<Vec<u8>> = read_dir_files(&corpus_dir(root, "rules_text"))
        .into_iter()
        .map(|(_, d)| d)
        .collect();
    for (stem, path) in &rules {
        let mut case = std::fs::read(path).unwrap();
        if let Some(input) = golden_inputs(stem).first() {
            case.extend_from_slice(&INPUT_MARK[1..]);
            case.extend_from_slice(input);
        }
        seeds.push(case);
    }
    out.push(Ok(Target {
        name: "rules_text".into(),
        seeds: unique(seeds),
        run: Box::new(|data| {
            let (rules, input) = split_case(data);
            harness::exercise(rules, input)
        }),
        random: no_random,
        show: as_is,
        seed: 1,
    }));

    // input/<stem>: the corpus of that rules file and its golden inputs.
    for (i, (stem, path)) in rules.iter().enumerate() {
        let name = format!("input/{stem}");
        let corpus = corpus_dir(root, &name);
        let seeds: Vec<Vec<u8>> = read_dir_files(&corpus)
            .into_iter()
            .map(|(_, d)| d)
            .collect();
        if seeds.is_empty() {
            out.push(Err(format!(
                "{name}: no seeds in {}: add the rules file's sample and edge inputs",
                corpus.display()
            )));
            continue;
        }
        let rules = std::fs::read(path).unwrap();
        out.push(Ok(Target {
            name,
            seeds: unique(seeds.into_iter().chain(golden_inputs(stem))),
            run: Box::new(move |data| harness::exercise(&rules, data)),
            random: no_random,
            show: as_is,
            seed: 100 + i as u64,
        }));
    }

    // odd_rules: choice bytes, from the corpus and at random.
    let seeds = read_dir_files(&corpus_dir(root, "odd_rules"))
        .into_iter()
        .map(|(_, d)| d);
    out.push(Ok(Target {
        name: "odd_rules".into(),
        seeds: unique(seeds),
        run: Box::new(|data| {
            let (rules, input) = harness::odd_rules(&mut harness::Choices::new(data));
            harness::exercise(rules.as_bytes(), &input)
        }),
        random: |rng| (0..rng.below(48)).map(|_| rng.next() as u8).collect(),
        show: generated,
        seed: 3,
    }));
    out
}

/// Most generated files must check, or the generator tests little beyond the checker.
fn odd_rules_mostly_check() -> Result<(), Failed> {
    let mut rng = Lcg(4);
    let (mut accepted, runs, mut why) = (0, 300, Vec::new());
    for _ in 0..runs {
        let bytes: Vec<u8> = (0..48).map(|_| rng.next() as u8).collect();
        let (rules, _) = harness::odd_rules(&mut harness::Choices::new(&bytes));
        let ast = ply::syntax::parse(&rules).map_err(|e| format!("{e:?}\n{rules}"))?;
        match ply::check::check(&ast) {
            Ok(_) => accepted += 1,
            Err(e) => why.push(e[0].message.clone()),
        }
    }
    if accepted * 2 <= runs {
        why.sort();
        why.dedup();
        return Err(format!(
            "only {accepted} of {runs} generated files check; errors: {}",
            why.join("; ")
        )
        .into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![Trial::test(
        "odd_rules_mostly_check",
        odd_rules_mostly_check,
    )];
    for t in targets() {
        trials.push(match t {
            Ok(t) => Trial::test(t.name.clone(), move || {
                // The stack ply's main thread has (a test thread has 2 MiB).
                std::thread::Builder::new()
                    .stack_size(8 << 20)
                    .spawn(move || t.fuzz())
                    .expect("a thread")
                    .join()
                    .unwrap_or_else(|_| Err("the fuzzer panicked".into()))
            }),
            Err(msg) => {
                let name = msg.split(':').next().unwrap_or_default().to_string();
                Trial::test(name, move || Err(msg.into()))
            }
        });
    }
    libtest_mimic::run(&args, trials).exit();
}
