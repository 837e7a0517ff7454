//! `{position}` writes a position as the input reads it: every position of the oracles'
//! tables (`tests/perft/*.positions`: SFENs, crazyhouse FENs with hands, FENs, grids of
//! counts, ...) read by its rules file and written back gives the same tokens.

use std::path::Path;
use std::process::Command;

/// The rules file of a table: `rules/STEM.rules`, or the variant.
fn rules_file(stem: &str) -> std::path::PathBuf {
    let game = Path::new("rules").join(format!("{stem}.rules"));
    match game.exists() {
        true => game,
        false => Path::new("rules/variants").join(format!("{stem}.rules")),
    }
}

/// The rules text with its `output` section replaced by `"{position}"` and a line `--`
/// after it (a position may take several lines: a grid).
fn writing_positions(rules: &str) -> String {
    let mut out = String::new();
    let mut in_output = false;
    for line in rules.lines() {
        let starts_statement = !line.starts_with([' ', '\t']) && !line.trim().is_empty();
        if starts_statement {
            in_output = line.starts_with("output");
        }
        if !in_output {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("output \"{position}\" \"--\"\n");
    out
}

/// Each position of a table: its lines, as the input reads them.
fn positions(table: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in table.lines() {
        if line.starts_with("position ") {
            out.push(String::new());
        } else if let Some(board) = line.strip_prefix("  ") {
            let last = out.last_mut().expect("a board after `position`");
            last.push_str(board);
            last.push('\n');
        }
    }
    out
}

/// The tokens of a position, the pieces of a hand in brackets in one order (a crazyhouse
/// FEN may list them in any).
fn canonical(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|t| match (t.find('['), t.rfind(']')) {
            (Some(a), Some(b)) if a < b => {
                let mut hand: Vec<char> = t[a + 1..b].chars().collect();
                hand.sort_unstable();
                format!(
                    "{}[{}]{}",
                    &t[..a],
                    hand.iter().collect::<String>(),
                    &t[b + 1..]
                )
            }
            _ => t.to_string(),
        })
        .collect()
}

#[test]
fn every_oracle_position_is_written_back_as_it_was_read() {
    let dir = std::env::temp_dir().join(format!("ply-position-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut tables: Vec<_> = std::fs::read_dir("tests/perft")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "positions"))
        .collect();
    tables.sort();
    for table in tables {
        let stem = table.file_stem().unwrap().to_string_lossy().to_string();
        let rules = std::fs::read_to_string(rules_file(&stem)).unwrap();
        let rules_at = dir.join(format!("{stem}.rules"));
        std::fs::write(&rules_at, writing_positions(&rules)).unwrap();
        let cases = positions(&std::fs::read_to_string(&table).unwrap());
        let input_at = dir.join(format!("{stem}.txt"));
        std::fs::write(&input_at, cases.concat()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_ply"))
            .arg("run")
            .arg(&rules_at)
            .arg(&input_at)
            .output()
            .expect("ply runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let written: Vec<&str> = stdout.split_terminator("--\n").collect();
        if !out.status.success() || written.len() != cases.len() {
            failures.push(format!(
                "{stem}: {} positions written for {} read ({})\n{}",
                written.len(),
                cases.len(),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        for (case, line) in cases.iter().zip(&written) {
            checked += 1;
            if canonical(case) != canonical(line) {
                failures.push(format!("{stem}: read\n{case}written\n{line}"));
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
    assert!(checked >= 1000, "only {checked} positions written back");
}

/// A number the setup never read is written as the least its `read` item allows: the
/// position of chess's setup ends with fullmove 1, not 0, and reads back as a position.
#[test]
fn a_setup_position_reads_back_with_its_least_numbers() {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["moves", "rules/chess.rules", "--format", "json"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("ply runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .map(str::to_string)
        .expect("a line of JSON");
    let json: serde_json::Value = serde_json::from_str(&first).unwrap();
    let fen = json["position"].as_str().expect("a position").to_string();
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let at = std::env::temp_dir().join(format!("ply-setup-fen-{}.fen", std::process::id()));
    std::fs::write(&at, format!("{fen}\n")).unwrap();
    let perft = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["perft", "rules/chess.rules", "--depth", "1", "--position"])
        .arg(&at)
        .output()
        .expect("ply runs");
    std::fs::remove_file(&at).ok();
    assert!(
        perft.status.success(),
        "{}",
        String::from_utf8_lossy(&perft.stderr)
    );
    assert!(String::from_utf8_lossy(&perft.stdout).starts_with("20\n"));
}
