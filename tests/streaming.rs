//! `ply run` reads its input as a stream through a window that it refills. These tests
//! feed every golden input and every malformed input of the diagnostic cases through a
//! source that hands over a few bytes per read, so that a window ends at every kind of
//! place (inside a token, a line, a case, the header), and require the same answers and
//! the same located errors as reading the input in one piece.

use std::io::Read;
use std::path::{Path, PathBuf};

mod common;
use common::Lcg;

/// A source that gives at most a few (pseudo-random) bytes per `read`.
struct Trickle<'a> {
    data: &'a [u8],
    rng: Lcg,
    most: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (1 + self.rng.below(self.most))
            .min(buf.len())
            .min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn program(rules: &Path) -> ply::program::Program {
    let source = std::fs::read_to_string(rules).unwrap();
    let ast = ply::syntax::parse(&source).expect("rules parse");
    ply::check::check(&ast).expect("rules check")
}

/// The output and the error (as its message) of running `input`.
fn run(p: &ply::program::Program, input: &mut dyn Read) -> (Vec<u8>, String) {
    let mut out = Vec::new();
    let budget = ply::run::Budget {
        max_nodes: Some(2_000_000),
        deadline: None,
        shared: None,
        max_memory: None,
    };
    let error = match ply::cases::run_cases(p, input, &mut out, budget) {
        Ok(n) => format!("ok, {n} cases"),
        Err(e) => e.to_string(),
    };
    (out, error)
}

fn check_same(rules: &Path, input: &[u8], what: &str) {
    let p = program(rules);
    let whole = run(&p, &mut &input[..]);
    for (seed, most) in [(1, 1), (3, 9)] {
        let mut src = Trickle {
            data: input,
            rng: Lcg(seed),
            most,
        };
        let streamed = run(&p, &mut src);
        assert_eq!(
            whole.1, streamed.1,
            "{what}: the result differs when read {most} bytes at a time or less"
        );
        assert!(
            whole.0 == streamed.0,
            "{what}: the output differs when read {most} bytes at a time or less"
        );
    }
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

fn crlf(data: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(data.len() * 2);
    for &b in data {
        if b == b'\n' {
            v.push(b'\r');
        }
        v.push(b);
    }
    v
}

#[test]
fn golden_inputs_read_in_pieces() {
    let mut seen = 0;
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("tests/golden")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|d| d.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let rules = ply::golden::rules_for_folder(&dir).unwrap_or_else(|why| panic!("{why}"));
        for input in files(&dir, "in") {
            let data = std::fs::read(&input).unwrap();
            let what = input.display().to_string();
            check_same(&rules, &data, &what);
            check_same(&rules, &crlf(&data), &format!("{what} (CRLF)"));
            seen += 1;
        }
    }
    assert!(seen >= 90, "only {seen} golden inputs found");
}

#[test]
fn malformed_inputs_read_in_pieces() {
    let mut seen = 0;
    for case in files(Path::new("tests/cmd"), "toml") {
        let toml = std::fs::read_to_string(&case).unwrap();
        let Some(args) = toml.lines().find_map(|l| l.strip_prefix("args = ")) else {
            continue;
        };
        let args: Vec<&str> = args
            .trim_matches(|c| c == '[' || c == ']')
            .split(", ")
            .map(|a| a.trim_matches('"'))
            .collect();
        let ["run", rules, input] = args[..] else {
            continue;
        };
        let rules = Path::new("tests/cmd").join(rules);
        let input = Path::new("tests/cmd").join(input);
        if !input.is_file() || ply_check_fails(&rules) {
            continue;
        }
        let data = std::fs::read(&input).unwrap();
        check_same(&rules, &data, &input.display().to_string());
        seen += 1;
    }
    assert!(seen >= 15, "only {seen} malformed inputs found");
}

fn ply_check_fails(rules: &Path) -> bool {
    let Ok(source) = std::fs::read_to_string(rules) else {
        return true;
    };
    ply::syntax::parse(&source)
        .ok()
        .and_then(|ast| ply::check::check(&ast).ok())
        .is_none()
}

/// Every case on one line: errors far along a line that no window holds whole must still
/// name the right column.
#[test]
fn one_long_line() {
    let rules = Path::new("rules/lines-of-action.rules");
    let sample = std::fs::read_to_string("tests/golden/lines-of-action/sample.in").unwrap();
    let mut line: String = sample.split_whitespace().collect::<Vec<_>>().join(" ");
    check_same(rules, line.as_bytes(), "the sample on one line");
    line.push_str(" ........ ........ ..X?.... ........ ........ ........ ........ ........ X");
    let p = program(rules);
    let (_, error) = run(&p, &mut line.as_bytes());
    assert!(error.contains("unknown symbol `?`"), "{error}");
    check_same(
        rules,
        line.as_bytes(),
        "the sample on one line, then a bad case",
    );
}
