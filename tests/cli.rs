//! Diagnostic golden tests: each `tests/cmd/<name>.toml` runs the real `ply` binary and
//! checks its exact stdout, stderr (`<name>.stdout`, `<name>.stderr`) and exit code.
//! Bless after reviewing the new messages: `TRYCMD=overwrite cargo test --test cli`.

#[test]
fn cli_cases() {
    trycmd::TestCases::new().case("tests/cmd/*.toml");
}

/// `ply run ... | head -1`: a reader that goes away is not an error and never a panic.
#[test]
fn closed_pipe_is_quiet() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut input = String::new();
    for _ in 0..20_000 {
        input.push_str(
            "XO......\nOO......\n........\n........\n........\n........\n........\n........\nX\n",
        );
    }
    let path = std::env::temp_dir().join(format!("ply-pipe-{}.in", std::process::id()));
    std::fs::write(&path, input).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["run", "rules/lines-of-action.rules"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(status.code(), Some(0), "stderr: {stderr}");
    assert!(stderr.is_empty(), "no message for a closed pipe: {stderr}");
}
