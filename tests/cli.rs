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

/// Writes `files` into a scratch folder, runs `ply` with `args` there and removes the
/// folder; the exit code and the standard error.
fn ply_with(files: &[(&str, &[u8])], args: &[&str]) -> (Option<i32>, String) {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("ply-cli-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, data) in files {
        std::fs::write(dir.join(name), data).unwrap();
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(&dir)
        .args(args)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A file nested far too deeply for the parser (a million parentheses: too large to keep
/// as a case file) stops the parse with a message, not a crash.
#[test]
fn parser_limit() {
    let mut text = String::from("let x =\n");
    for _ in 0..10_000 {
        text.push_str(&"(".repeat(100));
        text.push('\n');
    }
    let (code, stderr) = ply_with(&[("deep.rules", text.as_bytes())], &["check", "deep.rules"]);
    assert_eq!(code, Some(3), "{}", &stderr[..stderr.len().min(2000)]);
    assert!(
        stderr.contains("× this rules file is too long or too deeply nested to parse")
            && stderr.contains("╭─[deep.rules:1:1]"),
        "{}",
        &stderr[..stderr.len().min(2000)]
    );
}

/// One forced chain of 10200 jumps (an input too large to keep as a case file): enemy
/// pieces snake across a 201 x 201 board, every other square of every other row, with one
/// piece at the end of each row leading down to the next. The chain stops at the limit.
#[test]
fn chain_too_deep() {
    let rules = "board h x w\nsquares row number, column number\nsides black \"X\", white \"O\"\n\
                 move jump along orthogonal over enemy, continue while possible\n\
                 input read h, w grid mover\noutput \"{count moves}\"\n";
    let n = 201;
    let mut grid = vec![vec![b'.'; n]; n];
    for row in (0..n).step_by(2) {
        for col in (1..n - 1).step_by(2) {
            grid[row][col] = b'O';
        }
        if row + 1 < n {
            grid[row + 1][if row % 4 == 0 { n - 1 } else { 0 }] = b'O';
        }
    }
    grid[0][0] = b'X';
    let mut input = format!("{n} {n}\n").into_bytes();
    for line in &grid {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    input.extend_from_slice(b"X\n");
    let (code, stderr) = ply_with(
        &[("snake.rules", rules.as_bytes()), ("snake.txt", &input)],
        &["run", "snake.rules", "snake.txt"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "error: snake.txt: case 1: a chain of more than 10000 jumps\n"
    );
}

/// Runs `ply` in the crate folder with its standard output going to `stdout`; the exit
/// code and the standard error.
fn ply_to(stdout: std::process::Stdio, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdout(stdout)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Output that cannot be written (to a full disk) is an error about the output, from
/// every command that writes results.
#[cfg(target_os = "linux")]
#[test]
fn output_cannot_be_written() {
    let commands: [&[&str]; 3] = [
        &[
            "run",
            "rules/lines-of-action.rules",
            "tests/golden/lines-of-action/sample.in",
        ],
        &["perft", "rules/othello.rules", "--depth", "1"],
        &["playout", "rules/othello.rules", "--games", "1"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, stderr) = ply_to(full.into(), args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "error: writing the output failed: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

/// A file that opens but cannot be read (`/proc/self/mem` at offset 0) is an error that
/// names it, as an input (read as a stream) and as a rules file (read whole).
#[cfg(target_os = "linux")]
#[test]
fn input_cannot_be_read() {
    let commands: [&[&str]; 2] = [
        &["run", "rules/lines-of-action.rules", "/proc/self/mem"],
        &["check", "/proc/self/mem"],
    ];
    for args in commands {
        let (code, stderr) = ply_to(std::process::Stdio::null(), args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "error: cannot read /proc/self/mem: Input/output error (os error 5)\n",
            "{args:?}"
        );
    }
}

/// A rules file without read permission (unless the tests run as a user who may read
/// anything).
#[cfg(unix)]
#[test]
fn permission_denied() {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::temp_dir().join(format!("ply-cli-{}-locked.rules", std::process::id()));
    std::fs::write(&path, "board 2 x 2\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable = std::fs::File::open(&path).is_ok();
    let (code, stderr) = ply_to(
        std::process::Stdio::null(),
        &["check", path.to_str().unwrap()],
    );
    let _ = std::fs::remove_file(&path);
    if readable {
        return;
    }
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!("error: cannot read {}: permission denied\n", path.display())
    );
}

/// `tests/cmd/README.md` lists every error kind with the cases that show it. Each case it
/// names must exist, exit with the code the table gives and show the quoted fragment; a
/// `cli.rs::NAME` test must exist here and check the fragment; a kind with no case must
/// still be raised where the table says. Every failing case must be in the table.
#[test]
fn readme_table_names_real_cases() {
    let readme = std::fs::read_to_string("tests/cmd/README.md").unwrap();
    let this_file = std::fs::read_to_string("tests/cli.rs").unwrap();
    let mut named = std::collections::HashSet::new();
    let mut rows = 0;
    for line in readme
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| kind"))
    {
        let cells: Vec<&str> = line.split(" | ").collect();
        let [_, raised, exit, cases, message] = cells[..] else {
            panic!("a row of five cells: {line}");
        };
        let fragment = message
            .trim_end_matches(" |")
            .strip_prefix('"')
            .and_then(|m| m.strip_suffix('"'))
            .unwrap_or_else(|| panic!("a quoted message: {line}"));
        // trycmd writes every backslash of the output as a slash.
        let shown = fragment.replace('\\', "/");
        let sources: Vec<String> = raised
            .split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|r| r.split_once(".rs:"))
            .map(|(file, _)| format!("src/{file}.rs"))
            .collect();
        for src in &sources {
            assert!(std::path::Path::new(src).is_file(), "no {src}: {line}");
        }
        rows += 1;
        if cases == "none" {
            assert!(
                sources
                    .iter()
                    .all(|s| std::fs::read_to_string(s).unwrap().contains(fragment)),
                "not raised where the table says: {line}"
            );
            continue;
        }
        for case in cases.split(", ").map(|c| c.trim_matches('`')) {
            if let Some(test) = case.strip_prefix("cli.rs::") {
                assert!(
                    this_file.contains(&format!("fn {test}()")) && this_file.contains(fragment),
                    "no test {test} checking the fragment: {line}"
                );
                continue;
            }
            named.insert(case.to_string());
            let toml = std::fs::read_to_string(format!("tests/cmd/{case}.toml"))
                .unwrap_or_else(|_| panic!("no case {case}: {line}"));
            assert!(
                toml.contains(&format!("status.code = {exit}\n")),
                "{case} does not exit with {exit}: {line}"
            );
            let stderr = std::fs::read_to_string(format!("tests/cmd/{case}.stderr")).unwrap();
            let stdout = std::fs::read_to_string(format!("tests/cmd/{case}.stdout")).unwrap();
            assert!(
                stderr.contains(&shown) || stdout.contains(&shown),
                "{case} does not show the fragment: {line}"
            );
        }
    }
    assert!(rows > 100, "only {rows} rows");
    for entry in std::fs::read_dir("tests/cmd").unwrap() {
        let path = entry.unwrap().path();
        let (Some(case), Some("toml")) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.extension().and_then(|e| e.to_str()),
        ) else {
            continue;
        };
        let toml = std::fs::read_to_string(&path).unwrap();
        assert!(
            toml.contains("status.code = 0\n") || named.contains(case),
            "the failing case {case} is not in tests/cmd/README.md"
        );
    }
}

/// `ply check ... 2>&1 | head -1`: diagnostics that outgrow a pipe whose reader went away
/// leave the exit code as it is (no panic).
#[test]
fn closed_stderr_keeps_the_exit_code() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut rules = String::from(
        "board 2 x 2\nsides black \"X\", white \"O\"\ninput repeat until end grid\noutput\n",
    );
    // About 300 bytes of diagnostic each: well past a pipe's 64 KiB.
    for i in 0..500 {
        rules.push_str(&format!("  \"{{nope{i}}}\"\n"));
    }
    let path = std::env::temp_dir().join(format!("ply-cli-{}-errors.rules", std::process::id()));
    std::fs::write(&path, rules).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("check")
        .arg(&path)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stderr
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(status.code(), Some(3));
}

/// `ply completions SHELL` writes a script that knows every subcommand; bash's script is
/// valid bash (when bash is here to say so).
#[test]
fn completions_know_every_subcommand() {
    use clap::CommandFactory;
    let subcommands: Vec<String> = ply::cli::Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    assert!(subcommands.len() >= 8, "{subcommands:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["completions", shell])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for sub in &subcommands {
            assert!(script.contains(sub.as_str()), "{shell}: no `{sub}`");
        }
        assert!(
            script.contains("explain") && script.contains("svg"),
            "{shell}"
        );
        if shell == "bash"
            && let Ok(check) = std::process::Command::new("bash")
                .arg("-n")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
        {
            use std::io::Write;
            let mut check = check;
            check
                .stdin
                .take()
                .unwrap()
                .write_all(script.as_bytes())
                .unwrap();
            let done = check.wait_with_output().unwrap();
            assert!(
                done.status.success(),
                "bash -n: {}",
                String::from_utf8_lossy(&done.stderr)
            );
        }
    }
}

/// `ply test --bless` writes ply's output as the expected one, after which the folder passes;
/// before, the wrong expected output fails with a diff.
#[test]
fn golden_bless_writes_the_expected_output() {
    let dir = std::env::temp_dir().join(format!("ply-bless-{}", std::process::id()));
    let folder = dir.join("game");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(
        "rules/lines-of-action.rules",
        folder.join("lines-of-action.rules"),
    )
    .unwrap();
    std::fs::copy(
        "tests/golden/lines-of-action/sample.in",
        folder.join("sample.in"),
    )
    .unwrap();
    std::fs::write(folder.join("sample.out"), "A1-A2\n").unwrap();
    let ply = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .arg(&dir)
            .output()
            .unwrap()
    };
    let failed = ply(&["test"]);
    assert_eq!(failed.status.code(), Some(1));
    let report = String::from_utf8_lossy(&failed.stdout);
    assert!(
        report.contains("FAILED   sample") && report.contains("-A1-A2"),
        "{report}"
    );
    let blessed = ply(&["test", "--bless"]);
    assert_eq!(blessed.status.code(), Some(0));
    assert_eq!(
        std::fs::read(folder.join("sample.out")).unwrap(),
        std::fs::read("tests/golden/lines-of-action/sample.out").unwrap()
    );
    let passed = ply(&["test"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(passed.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&passed.stdout).contains("1 case: 1 passed, 0 failed"));
}

/// A rules file with more move statements than a step can name (a file too large to keep
/// as a case file).
#[test]
fn too_many_moves() {
    let mut text = String::from("board 2 x 2\nsides black \"X\", white \"O\"\n");
    for _ in 0..65_536 {
        text.push_str("move pass\n");
    }
    text.push_str("input repeat until end grid mover\noutput \"{count moves}\"\n");
    let (code, stderr) = ply_with(&[("many.rules", text.as_bytes())], &["check", "many.rules"]);
    assert_eq!(code, Some(3), "{}", &stderr[..stderr.len().min(2000)]);
    assert!(
        stderr.contains("× a rules file may have at most 65535 move statements")
            && stderr.contains("many.rules:65538:1"),
        "{stderr}"
    );
}

/// `ply man`: a roff page for ply naming every command, and one page per command.
#[test]
fn manual_pages() {
    let page = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let ply = page(&["man"]);
    assert!(ply.contains(".TH ply 1"), "{ply}");
    for command in [
        "run", "check", "moves", "show", "perft", "playout", "play", "test",
    ] {
        assert!(
            ply.contains(&format!("ply\\-{command}(1)")),
            "{command} in\n{ply}"
        );
        let sub = page(&["man", command]);
        assert!(sub.contains(&format!(".TH ply-{command} 1")), "{sub}");
        assert!(sub.contains(".SH OPTIONS"), "{sub}");
    }
}

/// A 100,000-byte token in an input is shown shortened, with its length.
#[test]
fn long_token_shortened() {
    let rules = std::fs::read("rules/tothello.rules").unwrap();
    let input = "a".repeat(100_000);
    let (code, stderr) = ply_with(
        &[("t.rules", &rules), ("long.txt", input.as_bytes())],
        &["run", "t.rules", "long.txt"],
    );
    assert_eq!(code, Some(4), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: long.txt:1:1: case 1: expected `redPieces`, found `{}…` (100,000 bytes)\n",
            "a".repeat(24)
        )
    );
}

/// `ply play` reads at most a few kilobytes of a line (a 10 MB line, too large to keep as a
/// case file, is skipped with a message, not read into memory) and goes on with the next.
#[test]
fn play_skips_a_line_too_long() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "play",
            "rules/chess.rules",
            "--agent",
            "white=human",
            "--agent",
            "black=random",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let long = vec![b'x'; 10_000_000];
        // The child may stop reading early; a broken pipe is no failure here.
        let _ = stdin
            .write_all(&long)
            .and_then(|()| stdin.write_all(b"\ne2e4\n"));
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("a line of more than 4096 bytes: it was skipped"),
        "{stdout}"
    );
    assert!(stdout.contains("white plays e2e4"), "{stdout}");
}
