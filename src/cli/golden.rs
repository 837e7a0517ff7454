//! `ply test`: golden folders run outside cargo. [`crate::golden`] says what a golden folder
//! is, finds its rules file and shows a difference as a unified diff; `tests/golden.rs` uses
//! the same. Each case runs as `ply run` would run it, and `--bless` writes ply's output as
//! the expected one.

use std::path::{Path, PathBuf};

use super::load::{display, try_load};
use super::options::{Limits, exit, print};
use super::report::{Reporter, to_stderr};
use crate::cases::RunFailure;
use crate::diagnostic::Kind;
use crate::golden::{diff, files_in, rules_for_folder};

/// A folder of cases and the rules file they are for.
struct Folder {
    dir: PathBuf,
    rules: Result<PathBuf, String>,
    cases: Vec<String>,
}

/// The cases of a folder: the stems of its `.in` and `.out` files, each once, sorted.
fn cases_in(dir: &Path) -> Vec<String> {
    let mut cases: Vec<String> = files_in(dir)
        .into_iter()
        .filter_map(|p| {
            let ext = p.extension()?.to_str()?;
            (ext == "in" || ext == "out").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    cases.sort();
    cases.dedup();
    cases
}

/// Every golden folder in or under `dir`.
fn collect(dir: &Path, out: &mut Vec<Folder>) {
    let cases = cases_in(dir);
    if !cases.is_empty() {
        out.push(Folder {
            dir: dir.to_path_buf(),
            rules: rules_for_folder(dir),
            cases,
        });
    }
    for sub in files_in(dir).into_iter().filter(|p| p.is_dir()) {
        collect(&sub, out);
    }
}

/// How one case went.
enum Outcome {
    Passed,
    Blessed,
    Failed(String),
}

fn run_case(
    program: &crate::program::Program,
    dir: &Path,
    case: &str,
    bless: bool,
    limits: Limits,
) -> Outcome {
    let input = dir.join(format!("{case}.in"));
    let expected = dir.join(format!("{case}.out"));
    let mut file = match std::fs::File::open(&input) {
        Ok(f) => f,
        Err(e) => {
            return Outcome::Failed(format!(
                "cannot read {}: {}\n",
                display(&input),
                super::load::describe_io(&e)
            ));
        }
    };
    let mut actual = Vec::new();
    if let Err(e) = crate::cases::run_cases(program, &mut file, &mut actual, limits.budget()) {
        let name = display(&input);
        let why = match e {
            RunFailure::Input(e) => crate::diagnostic::input_error(&name, &e),
            RunFailure::Run { case, error } => format!("error: {name}: case {case}: {error}\n"),
            e => format!("error: {name}: {e}\n"),
        };
        return Outcome::Failed(why);
    }
    if bless {
        return match std::fs::write(&expected, &actual) {
            Ok(()) => Outcome::Blessed,
            Err(e) => Outcome::Failed(format!(
                "cannot write {}: {}\n",
                display(&expected),
                super::load::describe_io(&e)
            )),
        };
    }
    match std::fs::read(&expected) {
        Ok(want) if want == actual => Outcome::Passed,
        Ok(want) => Outcome::Failed(diff(
            &want,
            &actual,
            &format!("{} (expected)", display(&expected)),
            &format!("{} (ply's output)", display(&input)),
        )),
        Err(e) => Outcome::Failed(format!(
            "cannot read {}: {} (write it with --bless)\n",
            display(&expected),
            super::load::describe_io(&e)
        )),
    }
}

pub fn test(rep: &Reporter, paths: &[PathBuf], bless: bool, limits: Limits) -> i32 {
    let default = [PathBuf::from("tests/golden")];
    let paths = if paths.is_empty() {
        if !default[0].is_dir() {
            rep.error(
                Kind::Usage,
                None,
                "no golden folder given, and there is no tests/golden here",
            );
            return exit::USAGE;
        }
        &default[..]
    } else {
        paths
    };
    let mut folders = Vec::new();
    for path in paths {
        if path.is_dir() {
            collect(path, &mut folders);
        } else {
            let what = if path.exists() {
                "is not a folder"
            } else {
                "does not exist"
            };
            let msg = format!("{} {what}", display(path));
            rep.error(Kind::Usage, Some(&display(path)), &msg);
            return exit::USAGE;
        }
    }
    if folders.is_empty() {
        rep.error(
            Kind::Usage,
            None,
            "no cases found: a golden folder holds <case>.in and <case>.out files",
        );
        return exit::USAGE;
    }
    let (mut passed, mut failed, mut blessed) = (0, 0, 0);
    let mut code = exit::OK;
    for folder in &folders {
        let rules = match &folder.rules {
            Ok(r) => r,
            Err(msg) => {
                rep.error(Kind::Usage, Some(&display(&folder.dir)), msg);
                failed += folder.cases.len();
                code = code.max(exit::FAILURE);
                continue;
            }
        };
        let header = format!("{} ({})\n", display(&folder.dir), display(rules));
        if let Err(c) = print(rep, &header) {
            return c;
        }
        let program = match try_load(rules) {
            Ok(r) => r.program,
            Err(problem) => {
                super::load::report(&problem, rep, &display(rules));
                failed += folder.cases.len();
                code = code.max(super::load::exit_code(&problem));
                continue;
            }
        };
        for case in &folder.cases {
            let line = match run_case(&program, &folder.dir, case, bless, limits) {
                Outcome::Passed => {
                    passed += 1;
                    format!("  ok       {case}\n")
                }
                Outcome::Blessed => {
                    blessed += 1;
                    format!("  blessed  {case}\n")
                }
                Outcome::Failed(why) => {
                    failed += 1;
                    code = code.max(exit::FAILURE);
                    let mut line = format!("  FAILED   {case}\n");
                    for l in why.lines() {
                        line.push_str(&format!("    {l}\n"));
                    }
                    line
                }
            };
            if let Err(c) = print(rep, &line) {
                return c;
            }
        }
    }
    let total = passed + failed + blessed;
    let mut summary = format!(
        "{total} case{}: {passed} passed, {failed} failed",
        if total == 1 { "" } else { "s" }
    );
    if blessed > 0 {
        summary.push_str(&format!(", {blessed} blessed"));
    }
    summary.push('\n');
    if let Err(c) = print(rep, &summary) {
        return c;
    }
    if failed > 0 {
        to_stderr(&format!(
            "error: {failed} golden case{} failed\n",
            if failed == 1 { "" } else { "s" }
        ));
    }
    code
}
