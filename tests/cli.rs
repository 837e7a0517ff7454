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

/// `ply run` answers each case as soon as it has read it: a program that writes a case
/// and waits for the answer before writing the next gets it.
#[test]
fn answers_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["run", "rules/lines-of-action.rules", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    let case = "XO......\nOO......\n........\n........\n........\n........\n........\n........\n";
    let asker = std::thread::spawn(move || {
        for mover in ["X", "O"] {
            stdin
                .write_all(format!("{case}{mover}\n").as_bytes())
                .unwrap();
            stdin.flush().unwrap();
            // The answer ends with a blank line; the next case is written only after it.
            let mut answer = Vec::new();
            loop {
                let mut line = String::new();
                if stdout.read_line(&mut line).unwrap() == 0 || line == "\n" {
                    break;
                }
                answer.push(line.trim_end().to_string());
            }
            tx.send(answer).unwrap();
        }
    });
    // A generous bound that only turns a hang into a failure.
    let wait = std::time::Duration::from_secs(60);
    let first = rx.recv_timeout(wait).expect("no answer to the first case");
    let second = rx.recv_timeout(wait).expect("no answer to the second case");
    asker.join().unwrap();
    assert_eq!(first, ["No moves are possible"]);
    assert!(second.contains(&"A2-A4".to_string()), "{second:?}");
    assert_eq!(child.wait().unwrap().code(), Some(0));
}
