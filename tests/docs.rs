//! Every example in `docs/language.md` is checked against the real `ply` binary:
//! - each ```` ```ply ```` block must pass `ply check`; one whose first line says the file
//!   "has errors" must fail with exactly the stderr shown in the next code block;
//! - a block followed by "With the input" + input + expected output is run, and the output
//!   (or, after "stops with", the error message) must match exactly;
//! - a block followed by "With the position" + a position + expected output is shown with
//!   `ply moves`, whose output must match exactly;
//! - a block followed by "`ply check NAME` prints" + output: `ply check` must print exactly
//!   that;
//! - each row of the move tables (`| \`move ...\` | row | moves | result |`) is run on the
//!   one-row bench the document describes.

use std::path::{Path, PathBuf};
use std::process::Command;

enum Item {
    Prose(String),
    Code { info: String, body: String },
}

fn items(text: &str) -> Vec<Item> {
    let mut out = Vec::new();
    let mut prose = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(info) = line.strip_prefix("```") {
            out.push(Item::Prose(std::mem::take(&mut prose)));
            let mut body = String::new();
            for l in lines.by_ref() {
                if l == "```" {
                    break;
                }
                body.push_str(l);
                body.push('\n');
            }
            out.push(Item::Code {
                info: info.to_string(),
                body,
            });
        } else {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    out.push(Item::Prose(prose));
    out
}

fn ply(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("ply runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-docs-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn code(items: &[Item], i: usize) -> Option<&str> {
    match items.get(i) {
        Some(Item::Code { body, .. }) => Some(body),
        _ => None,
    }
}

fn prose(items: &[Item], i: usize) -> &str {
    match items.get(i) {
        Some(Item::Prose(p)) => p,
        _ => "",
    }
}

#[test]
fn examples_in_the_language_reference() {
    let text = std::fs::read_to_string("docs/language.md").unwrap();
    let items = items(&text);
    let dir = scratch("examples");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, item) in items.iter().enumerate() {
        let Item::Code { info, body } = item else {
            continue;
        };
        if info != "ply" {
            continue;
        }
        checked += 1;
        let first = body.lines().next().unwrap_or("");
        let name = first
            .strip_prefix("# ")
            .and_then(|r| r.split(':').next())
            .filter(|n| n.ends_with(".rules"))
            .map(str::to_string)
            .unwrap_or(format!("example{checked:02}.rules"));
        std::fs::write(dir.join(&name), body).unwrap();
        let (code_, _, stderr) = ply(&dir, &["check", &name]);
        if first.contains("has error") || first.contains("has an error") {
            let want = code(&items, i + 2).unwrap_or("");
            if code_ != 3 || stderr != want {
                failures.push(format!(
                    "{name}: expected exit 3 and\n{want}\ngot exit {code_} and\n{stderr}"
                ));
            }
            continue;
        }
        if code_ != 0 {
            failures.push(format!("{name}: ply check failed:\n{stderr}"));
            continue;
        }
        if prose(&items, i + 1)
            .trim()
            .starts_with(&format!("`ply check {name}` prints"))
        {
            // What `ply check` prints for a file without errors.
            let want = code(&items, i + 2).unwrap_or("");
            let (_, stdout, _) = ply(&dir, &["check", &name]);
            if stdout != want {
                failures.push(format!(
                    "{name}: ply check printed\n{stdout}\ninstead of\n{want}"
                ));
            }
            continue;
        }
        if prose(&items, i + 1).contains("With the position") {
            // A whole game: `ply moves` on the position shown.
            let (Some(input), Some(want)) = (code(&items, i + 2), code(&items, i + 4)) else {
                continue;
            };
            let input_name = name.replace(".rules", ".in");
            std::fs::write(dir.join(&input_name), input).unwrap();
            let (_, stdout, stderr) = ply(&dir, &["moves", &name, &input_name]);
            if stdout != want {
                failures.push(format!(
                    "{name}: ply moves printed\n{stdout}{stderr}\ninstead of\n{want}"
                ));
            }
            continue;
        }
        if prose(&items, i + 1).contains("With the input") {
            let (Some(input), Some(want)) = (code(&items, i + 2), code(&items, i + 4)) else {
                continue;
            };
            let stops = prose(&items, i + 3).contains("stops with");
            let input_name = if stops {
                "required.in".to_string()
            } else {
                name.replace(".rules", ".in")
            };
            std::fs::write(dir.join(&input_name), input).unwrap();
            let (_, stdout, stderr) = ply(&dir, &["run", &name, &input_name]);
            let got = if stops { stderr } else { stdout };
            if got != want {
                failures.push(format!("{name}: run printed\n{got}\ninstead of\n{want}"));
            }
        }
    }
    assert!(checked >= 20, "only {checked} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

#[test]
fn move_tables_in_the_language_reference() {
    let text = std::fs::read_to_string("docs/language.md").unwrap();
    let dir = scratch("tables");
    let bench_pieces = "board 1 x 7\nsides white \"o\", black \"x\"\nmove MOVE\ninput repeat until end grid\noutput\n  each move \"{from}-{to}\"\n  \"pieces left: {min over moves of count pieces} to {max over moves of count pieces}\" if not no moves\n";
    let bench_counts = "board 1 x 7\nsides white \"o\", black \"x\"\nmove MOVE\ninput repeat until end grid\noutput each move \"{from}-{to}\" \"moves: {count moves}, taking all: {count moves where no enemy pieces}\"\n";
    let mut failures = Vec::new();
    let mut rows = 0;
    for line in text.lines() {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let [mv, row, moves, last] = cells[..] else {
            continue;
        };
        let (Some(mv), Some(row)) = (
            mv.strip_prefix('`').and_then(|m| m.strip_suffix('`')),
            row.strip_prefix('`').and_then(|r| r.strip_suffix('`')),
        ) else {
            continue;
        };
        if !["slide", "step", "place", "jump", "hop", "pass"]
            .contains(&mv.split_whitespace().next().unwrap_or(""))
        {
            continue;
        }
        rows += 1;
        let listed: Vec<&str> = if moves == "*(none)*" {
            Vec::new()
        } else {
            moves.trim_matches('`').split_whitespace().collect()
        };
        let mut want: String = listed.iter().map(|m| format!("{m}\n")).collect();
        let rules = if let Some((a, b)) = last.split_once(" / ") {
            want.push_str(&format!("moves: {a}, taking all: {b}\n"));
            bench_counts.replace("MOVE", mv)
        } else {
            if let Some((lo, hi)) = last.split_once(" to ") {
                want.push_str(&format!("pieces left: {lo} to {hi}\n"));
            }
            bench_pieces.replace("MOVE", mv)
        };
        std::fs::write(dir.join("bench.rules"), rules).unwrap();
        std::fs::write(dir.join("bench.in"), format!("{row}\n")).unwrap();
        let (code_, stdout, stderr) = ply(&dir, &["run", "bench.rules", "bench.in"]);
        if code_ != 0 || stdout != want {
            failures.push(format!(
                "`{mv}` on `{row}`: got\n{stdout}{stderr}\nwanted\n{want}"
            ));
        }
    }
    assert!(rows >= 20, "only {rows} table rows found");
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}
