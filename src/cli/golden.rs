//! `ply test`: golden folders run outside cargo. A golden folder holds cases, each an input
//! `<case>.in` and the expected output `<case>.out`; its rules file is the one `.rules`
//! file beside them, or else `<folder name>.rules` under a `rules/` folder of the folder's
//! parents (`tests/golden/my-game/` uses `rules/my-game.rules`). Each case
//! runs as `ply run` would run it; a difference is shown as a unified diff, and `--bless`
//! writes ply's output as the expected one.

use std::path::{Path, PathBuf};

use super::load::{display, try_load};
use super::report::{Reporter, to_stderr};
use super::{Limits, exit, print};
use crate::cases::RunFailure;
use crate::diagnostic::Kind;

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

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// `<stem>.rules` anywhere under the `rules/` folder of `dir` or of one of its parents.
fn rules_for(dir: &Path, stem: &str) -> Option<PathBuf> {
    fn search(dir: &Path, file: &str, depth: usize) -> Option<PathBuf> {
        let here = dir.join(file);
        if here.is_file() {
            return Some(here);
        }
        if depth == 0 {
            return None;
        }
        files_in(dir)
            .into_iter()
            .filter(|p| p.is_dir())
            .find_map(|sub| search(&sub, file, depth - 1))
    }
    let file = format!("{stem}.rules");
    // Search the real parents (`..` in `dir` included), and name what is found from `dir`.
    let real = std::fs::canonicalize(dir).ok()?;
    real.ancestors().enumerate().find_map(|(up, a)| {
        let found = search(&a.join("rules"), &file, 4)?;
        let below = found.strip_prefix(a).ok()?;
        let mut path = dir.to_path_buf();
        for _ in 0..up {
            path.push("..");
        }
        Some(tidy(&path.join(below)))
    })
}

/// `a/b/../c` as `a/c`, without looking at the file system.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match (c, out.last()) {
            (Component::CurDir, _) => {}
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    out.iter().collect()
}

/// Every golden folder in or under `dir`.
fn collect(dir: &Path, out: &mut Vec<Folder>) {
    let cases = cases_in(dir);
    if !cases.is_empty() {
        let rules: Vec<PathBuf> = files_in(dir)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "rules"))
            .collect();
        let stem = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let rules = match &rules[..] {
            [one] => Ok(one.clone()),
            [] => rules_for(dir, &stem).ok_or_else(|| {
                format!(
                    "{}: no rules file beside the cases, and no {stem}.rules under a rules/ folder above it",
                    display(dir)
                )
            }),
            _ => Err(format!(
                "{}: more than one rules file beside the cases; keep one per folder",
                display(dir)
            )),
        };
        out.push(Folder {
            dir: dir.to_path_buf(),
            rules,
            cases,
        });
    }
    for sub in files_in(dir).into_iter().filter(|p| p.is_dir()) {
        collect(&sub, out);
    }
}

/// A unified diff of the expected and the actual output.
fn diff(expected: &[u8], actual: &[u8], want: &str, got: &str) -> String {
    let (e, a) = (
        String::from_utf8_lossy(expected),
        String::from_utf8_lossy(actual),
    );
    let text = similar::TextDiff::from_lines(e.as_ref(), a.as_ref());
    let mut unified = text.unified_diff();
    let shown = unified.context_radius(3).header(want, got).to_string();
    if shown.trim().is_empty() {
        "the outputs differ only in bytes that are not UTF-8\n".to_string()
    } else {
        shown
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
                problem.report(rep, &display(rules));
                failed += folder.cases.len();
                code = code.max(problem.exit_code());
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
