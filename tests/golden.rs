//! Golden tests: every `tests/golden/<stem>/<case>.in` is run through the real command
//! line, `ply run <rules> <case>.in`, and its standard output must equal `<case>.out`
//! byte for byte. Each case also runs with CRLF line endings on standard input.
//! The rules file is found as `ply test` finds it (`ply::golden::rules_for_folder`):
//! `rules/<stem>.rules` or `rules/variants/<stem>.rules`; a difference is shown as the same
//! unified diff.
//!
//! Bless (rewrite the expected files from ply's output): `PLY_BLESS=1 cargo test --test golden`.
//! Only bless after checking the new output independently.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use libtest_mimic::{Arguments, Failed, Trial};

fn run_ply(rules: &Path, input: &[u8]) -> Result<Vec<u8>, Failed> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("run")
        .arg(rules)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start ply: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("ply did not finish: {e}"))?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(format!(
            "ply exited with {}; stderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    Ok(out.stdout)
}

fn check(rules: PathBuf, input: PathBuf, expected: PathBuf, crlf: bool) -> Result<(), Failed> {
    let mut data = std::fs::read(&input).map_err(|e| format!("{}: {e}", input.display()))?;
    if crlf {
        let text = String::from_utf8_lossy(&data)
            .replace("\r\n", "\n")
            .replace('\n', "\r\n");
        data = text.into_bytes();
    }
    let got = run_ply(&rules, &data)?;
    if !crlf && std::env::var_os("PLY_BLESS").is_some() {
        std::fs::write(&expected, &got).map_err(|e| format!("{}: {e}", expected.display()))?;
        return Ok(());
    }
    let want = std::fs::read(&expected)
        .map_err(|e| format!("{}: {e} (bless with PLY_BLESS=1)", expected.display()))?;
    if want != got {
        return Err(ply::golden::diff(
            &want,
            &got,
            &format!("{} (expected)", expected.display()),
            &format!(
                "{} (ply's output{})",
                input.display(),
                if crlf {
                    ", input with CRLF line endings"
                } else {
                    ""
                }
            ),
        )
        .into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("tests/golden")
        .expect("tests/golden exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let stem = dir.file_name().unwrap().to_string_lossy().to_string();
        let rules = match ply::golden::rules_for_folder(&dir) {
            Ok(rules) => rules,
            Err(why) => {
                trials.push(Trial::test(format!("{stem}: rules file"), move || {
                    Err(why.into())
                }));
                continue;
            }
        };
        let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        cases.sort();
        for input in cases {
            let case = input.file_stem().unwrap().to_string_lossy().to_string();
            let expected = input.with_extension("out");
            for crlf in [false, true] {
                let (r, i, e) = (rules.clone(), input.clone(), expected.clone());
                let name = format!("{stem}/{case}{}", if crlf { " (crlf)" } else { "" });
                trials.push(Trial::test(name, move || check(r, i, e, crlf)));
            }
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
