//! Chess against an independent move generator: every position of
//! `tests/perft/chess-random-positions.txt` (positions from random games) and
//! `tests/perft/chess-special.txt` (checkmate, stalemate, castling through check, en passant
//! that would expose the king, underpromotion, ...) lists, in FEN, the legal moves that
//! `tests/oracles/perft/chess_perft.cpp` finds (see its README). `ply run rules/chess.rules`
//! must list exactly the same moves for each.

use std::process::Command;

/// The positions of a data file: each FEN with its moves (empty for `none`).
fn positions(path: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut fen = None;
    for line in text.lines().map(str::trim) {
        if let Some(f) = line.strip_prefix("fen ") {
            fen = Some(f.to_string());
        } else if let Some(m) = line.strip_prefix("moves ") {
            let moves = match m.trim() {
                "none" => Vec::new(),
                m => m.split_whitespace().map(str::to_string).collect(),
            };
            out.push((fen.take().expect("a fen before its moves"), moves));
        }
    }
    out
}

fn check(path: &str, at_least: usize) {
    let positions = positions(path);
    assert!(
        positions.len() >= at_least,
        "{path}: {} positions",
        positions.len()
    );
    let input: String = positions.iter().map(|(f, _)| format!("{f}\n")).collect();
    let file = std::env::temp_dir().join(format!(
        "ply-chess-{}-{}.in",
        std::process::id(),
        path.replace('/', "-")
    ));
    std::fs::write(&file, input).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["run", "rules/chess.rules"])
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // Each case: its moves, one per line (or `none`), then a blank line.
    let cases: Vec<Vec<&str>> = text
        .split("\n\n")
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.lines().filter(|l| *l != "none").collect())
        .collect();
    assert_eq!(cases.len(), positions.len(), "one answer per position");
    let mut wrong = Vec::new();
    for ((fen, want), got) in positions.iter().zip(&cases) {
        if want.iter().map(String::as_str).ne(got.iter().copied()) {
            wrong.push(format!(
                "{fen}\n  oracle: {}\n  ply:    {}",
                want.join(" "),
                got.join(" ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} positions differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn random_positions_agree_with_the_oracle() {
    check("tests/perft/chess-random-positions.txt", 300);
}

#[test]
fn special_positions_agree_with_the_oracle() {
    check("tests/perft/chess-special.txt", 10);
}
