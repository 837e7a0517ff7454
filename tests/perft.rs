//! Perft tests in the style of shakmaty's `tests/*.perft`: `tests/perft/<game>.perft` holds
//! blocks of `id NAME`, an optional `position FILE` (a file next to it, read with the rules
//! file's input format; without it the rules file's setup is used) and `perft DEPTH COUNT`
//! lines. Each depth whose count is at most `PLY_PERFT_LIMIT` (default 1,000,000 leaves,
//! a few seconds in a debug build) is checked through `ply perft rules/<game>.rules` (or
//! `rules/variants/<game>.rules`, for a variant that follows an oracle's rules).

use std::path::Path;
use std::process::Command;

/// `rules/STEM.rules`, or the variant `rules/variants/STEM.rules`.
fn rules_file(stem: &str) -> std::path::PathBuf {
    let game = Path::new("rules").join(format!("{stem}.rules"));
    match game.exists() {
        true => game,
        false => Path::new("rules/variants").join(format!("{stem}.rules")),
    }
}

struct Block {
    id: String,
    position: Option<String>,
    /// `count actions`: the counts are of single actions (`--count actions`), not whole moves.
    unit: &'static str,
    counts: Vec<(u32, u64)>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => out.push(Block {
                id: rest.to_string(),
                position: None,
                unit: "moves",
                counts: Vec::new(),
            }),
            "count" => {
                out.last_mut().expect("count after id").unit = match rest {
                    "actions" => "actions",
                    "moves" => "moves",
                    "turns" => "turns",
                    other => panic!(
                        "unknown unit `{other}`: `count actions`, `count moves` or `count turns`"
                    ),
                }
            }
            "position" => {
                out.last_mut().expect("position after id").position = Some(rest.to_string())
            }
            "perft" => {
                let (d, n) = rest
                    .split_once(char::is_whitespace)
                    .expect("perft DEPTH COUNT");
                let block = out.last_mut().expect("perft after id");
                block
                    .counts
                    .push((d.parse().unwrap(), n.trim().parse().unwrap()));
            }
            other => panic!("unknown line `{other}` in a perft file"),
        }
    }
    out
}

/// The largest count checked: `PLY_PERFT_LIMIT`, 1,000,000 unless set.
fn limit() -> u64 {
    std::env::var("PLY_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// The files of `tests/perft` with the extension `ext`, in order (at least one).
fn files(ext: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir("tests/perft")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no {ext} files");
    files
}

#[test]
fn perft_counts() {
    let (limit, files) = (limit(), files("perft"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let rules = rules_file(&stem);
        for block in blocks(&std::fs::read_to_string(&file).unwrap()) {
            for &(depth, want) in block.counts.iter().filter(|(_, n)| *n <= limit) {
                let mut cmd = Command::new(env!("CARGO_BIN_EXE_ply"));
                cmd.arg("perft")
                    .arg(&rules)
                    .arg("--depth")
                    .arg(depth.to_string())
                    .args(["--count", block.unit]);
                if let Some(p) = &block.position {
                    cmd.arg("--position").arg(Path::new("tests/perft").join(p));
                }
                let out = cmd.output().expect("ply runs");
                let stdout = String::from_utf8_lossy(&out.stdout);
                let got = stdout.lines().last().unwrap_or("").to_string();
                checked += 1;
                if !out.status.success() || got != want.to_string() {
                    failures.push(format!(
                        "{stem} {} perft {depth}: expected {want}, got {got:?} ({})\n{}",
                        block.id,
                        out.status,
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} perft counts checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A position of a `.positions` file: its name, its board as the input reads it, its counts
/// by depth, and the games that end within a depth, by result (`endings D TEXT=N, ...`).
type Placed = (String, String, Vec<(u32, u64)>, Option<(u32, String)>);

/// The games `ply perft --endings` found, as an `endings` line writes them: `TEXT=N, ...`
/// in the order printed (sorted by text).
fn endings_line(stdout: &str) -> String {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("games ended within"))
        .skip(1)
        .filter(|l| !l.trim().starts_with("by outcome:"))
        .map(|l| {
            let (text, n) = l.trim().rsplit_once(": ").expect("TEXT: N");
            format!("{text}={n}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `tests/perft/<game>.positions`: positions from random games with an oracle's counts, each a
/// `position ...` line, the board indented as the rules file's input reads it, and
/// `perft DEPTH COUNT` lines (see tests/oracles/openspiel/perft.py). Counts above
/// `PLY_PERFT_LIMIT` are left to a release run (`PLY_PERFT_LIMIT=100000000 cargo test
/// --release --test perft`).
#[test]
fn random_positions_agree_with_the_oracle() {
    let (limit, files) = (limit(), files("positions"));
    let dir = std::env::temp_dir().join(format!("ply-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut positions, mut checked, mut failures) = (0, 0, Vec::new());
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let rules = rules_file(&stem);
        let text = std::fs::read_to_string(&file).unwrap();
        let mut blocks: Vec<Placed> = Vec::new();
        // `count actions` (before the positions): the counts are of single actions.
        let mut unit = "moves";
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            if line == "count actions" && blocks.is_empty() {
                unit = "actions";
            } else if line == "count turns" && blocks.is_empty() {
                unit = "turns";
            } else if let Some(id) = line.strip_prefix("position ") {
                blocks.push((id.to_string(), String::new(), Vec::new(), None));
            } else if let Some(rest) = line.strip_prefix("endings ") {
                let (d, tally) = rest.split_once(' ').expect("endings DEPTH TEXT=N, ...");
                let block = blocks.last_mut().expect("endings after position");
                block.3 = Some((d.parse().unwrap(), tally.trim().to_string()));
            } else if let Some(rest) = line.strip_prefix("perft ") {
                let (d, n) = rest.split_once(' ').expect("perft DEPTH COUNT");
                let block = blocks.last_mut().expect("perft after position");
                block
                    .2
                    .push((d.parse().unwrap(), n.trim().parse().unwrap()));
            } else if let Some(board) = line.strip_prefix("  ") {
                let block = blocks.last_mut().expect("a board after position");
                block.1.push_str(board);
                block.1.push('\n');
            } else {
                panic!("{}: unknown line `{line}`", file.display());
            }
        }
        for (id, board, counts, ended) in blocks {
            positions += 1;
            let at = dir.join(format!("{stem}-{positions}.txt"));
            std::fs::write(&at, &board).unwrap();
            if let Some((depth, want)) = ended {
                let out = Command::new(env!("CARGO_BIN_EXE_ply"))
                    .arg("perft")
                    .arg(&rules)
                    .args(["--depth", &depth.to_string(), "--threads", "1", "--endings"])
                    .arg("--position")
                    .arg(&at)
                    .output()
                    .expect("ply runs");
                let got = endings_line(&String::from_utf8_lossy(&out.stdout));
                checked += 1;
                if !out.status.success() || got != want {
                    failures.push(format!(
                        "{stem} {id} endings {depth}: expected {want}, got {got:?}\n{board}{}",
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
            for &(depth, want) in counts.iter().filter(|(_, n)| *n <= limit) {
                let out = Command::new(env!("CARGO_BIN_EXE_ply"))
                    .arg("perft")
                    .arg(&rules)
                    .args([
                        "--depth",
                        &depth.to_string(),
                        "--threads",
                        "1",
                        "--count",
                        unit,
                        "--position",
                    ])
                    .arg(&at)
                    .output()
                    .expect("ply runs");
                let stdout = String::from_utf8_lossy(&out.stdout);
                let got = stdout.lines().last().unwrap_or("").to_string();
                checked += 1;
                if !out.status.success() || got != want.to_string() {
                    failures.push(format!(
                        "{stem} {id} perft {depth}: expected {want}, got {got:?}\n{board}{}",
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        checked >= positions,
        "only {checked} counts for {positions} positions"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn divide_adds_up_to_the_count() {
    for (rules, depth) in [
        ("rules/othello.rules", 4),
        ("rules/english-draughts.rules", 4),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["perft", rules, "--depth", &depth.to_string(), "--divide"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        let total: u64 = lines.pop().unwrap().parse().unwrap();
        let sum: u64 = lines
            .iter()
            .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert!(lines.len() > 1, "{rules}: one line per first move");
        assert_eq!(
            sum, total,
            "{rules}: the divided counts add up to the total"
        );
    }
}

/// The tally `ply playout` prints, and the plies per game it reports on standard error.
fn playout(rules: &str, games: u64, seed: u64) -> (String, f64) {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "playout",
            rules,
            "--games",
            &games.to_string(),
            "--seed",
            &seed.to_string(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // "40 games, 2571 plies (64.3 a game) in 0.004 s (9981 games/s)"
    let per_game = stderr
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(" a game"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("{rules}: no plies per game in {stderr:?}"));
    (String::from_utf8(out.stdout).unwrap(), per_game)
}

/// Every line of a tally but the totals per outcome: (text, games).
fn tally_lines(tally: &str) -> Vec<(&str, u64)> {
    tally
        .lines()
        .filter(|l| !l.starts_with("by outcome: "))
        .map(|l| {
            let (text, n) = l.rsplit_once(": ").unwrap();
            (text, n.parse::<u64>().unwrap())
        })
        .collect()
}

#[test]
fn playouts_are_reproducible_and_every_game_ends() {
    // Each game, and the plies a random game of it lasts on average: at least, at most.
    for (rules, shortest, longest) in [
        ("rules/othello.rules", 50.0, 61.0),
        ("rules/english-draughts.rules", 20.0, 300.0),
        ("rules/turkish-draughts.rules", 20.0, 400.0),
        ("rules/international-draughts.rules", 30.0, 400.0),
        ("rules/go.rules", 40.0, 500.0),
    ] {
        let (a, per_game) = playout(rules, 40, 7);
        assert_eq!(
            a,
            playout(rules, 40, 7).0,
            "{rules}: the same seed gives the same tally"
        );
        let lines = tally_lines(&a);
        let total: u64 = lines.iter().map(|l| l.1).sum();
        assert_eq!(total, 40, "{rules}: every game ends with a result:\n{a}");
        assert!(
            (shortest..=longest).contains(&per_game),
            "{rules}: {per_game} plies a game on average"
        );
        // Two seeds may give the same tally by chance; five in a row should not.
        assert!(
            (8..13).any(|s| playout(rules, 40, s).0 != a),
            "{rules}: other seeds play other games"
        );
    }
}

#[test]
fn go_tallies_add_up_per_outcome() {
    let (tally, _) = playout("rules/go.rules", 30, 5);
    let by_outcome = tally
        .lines()
        .find_map(|l| l.strip_prefix("by outcome: "))
        .unwrap_or_else(|| panic!("no totals per outcome:\n{tally}"));
    let mut sum = 0;
    for part in by_outcome.split(", ") {
        let (words, n) = part.rsplit_once(' ').unwrap();
        let n: u64 = n.parse().unwrap();
        let texts: u64 = tally_lines(&tally)
            .iter()
            .filter(|(t, _)| match words {
                "black wins" => t.starts_with("Black wins by "),
                "white wins" => t.starts_with("White wins by "),
                _ => *t == "Draw",
            })
            .map(|l| l.1)
            .sum();
        assert_eq!(texts, n, "{words}:\n{tally}");
        sum += n;
    }
    assert_eq!(sum, 30);
}

/// The output of `ply perft` or `ply playout` (standard output) with these arguments.
fn ply_out(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn threads_change_no_count_and_no_tally() {
    for (rules, depth) in [
        ("rules/chess.rules", "3"),
        ("rules/international-draughts.rules", "4"),
        ("rules/go.rules", "2"),
        ("rules/othello.rules", "5"),
    ] {
        let perft = |threads: &str| {
            ply_out(&[
                "perft",
                rules,
                "--depth",
                depth,
                "--divide",
                "--threads",
                threads,
            ])
        };
        let one = perft("1");
        assert_eq!(one, perft("2"), "{rules}: perft on 1 and 2 threads");
        assert_eq!(one, perft("3"), "{rules}: perft on 1 and 3 threads");
        let games = |threads: &str| {
            ply_out(&[
                "playout",
                rules,
                "--games",
                "30",
                "--seed",
                "9",
                "--threads",
                threads,
            ])
        };
        let one = games("1");
        assert_eq!(one, games("2"), "{rules}: playouts on 1 and 2 threads");
        assert_eq!(one, games("5"), "{rules}: playouts on 1 and 5 threads");
    }
}

/// The last line of `ply perft ARGS`.
fn perft_count(args: &[&str]) -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("perft")
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout.lines().last().unwrap().parse().unwrap()
}

#[test]
fn single_actions_split_a_turn() {
    // Pentago from the empty board: 36 placements, each followed by 8 turns of a block, then
    // 35 placements of the other side.
    let actions: Vec<u64> = (1..=3)
        .map(|d| {
            perft_count(&[
                "rules/pentago.rules",
                "--depth",
                &d.to_string(),
                "--count",
                "actions",
            ])
        })
        .collect();
    assert_eq!(actions, [36, 36 * 8, 36 * 8 * 35]);
    // Where every move is one action, both counts agree, on both representations.
    for extra in [&[][..], &["--general"][..]] {
        for d in ["1", "3", "5"] {
            let moves =
                perft_count(&[&["rules/connect-four.rules", "--depth", d][..], extra].concat());
            let single = perft_count(
                &[
                    &[
                        "rules/connect-four.rules",
                        "--depth",
                        d,
                        "--count",
                        "actions",
                    ][..],
                    extra,
                ]
                .concat(),
            );
            assert_eq!(moves, single, "connect four perft {d} {extra:?}");
        }
    }
    // A chain of jumps is one move, but an action per jump: the position has two first
    // jumps (6x13, 6x15), each going on to two more jumps in one way only.
    let at = [
        "rules/english-draughts.rules",
        "--position",
        "tests/perft/english-draughts-multi-jump.txt",
    ];
    let depth = |d: &str, unit: &str| {
        perft_count(&[&at[..], &["--depth", d, "--count", unit][..]].concat())
    };
    assert_eq!(depth("1", "moves"), 2);
    assert_eq!(depth("1", "actions"), 2);
    assert_eq!(depth("3", "actions"), 2);
    assert_eq!(depth("4", "actions"), depth("2", "moves"));
}

#[test]
fn a_position_come_back_three_times_ends_the_game() {
    // tests/cmd/repetition.rules: two pieces on a line of four, each stepping left or right.
    // White A1-B1 and black D1-C1 are forced; then white B1-A1, and black C1-B1 (white is
    // stuck: the game ends) or C1-D1 (the start again, its second time). The same again
    // from there, and at ply 8 the start comes back a third time: a draw, no moves.
    let counts: Vec<u64> = (1..=10)
        .map(|d| perft_count(&["tests/cmd/repetition.rules", "--depth", &d.to_string()]))
        .collect();
    assert_eq!(counts, [1, 1, 1, 2, 1, 1, 1, 2, 0, 0]);
}

/// A count after another on the same generator starts from the position alone: perft on one
/// thread once left its start remembered, so that the endings counted after it saw the
/// start "repeated" (a draw at once in a game that ends on a repeated position).
#[test]
fn a_count_after_a_count_remembers_nothing_of_it() {
    for threads in ["1", "2"] {
        let out = ply_out(&[
            "perft",
            "rules/oware.rules",
            "--depth",
            "4",
            "--endings",
            "--threads",
            threads,
        ]);
        assert_eq!(
            out, "1014\ngames ended within 4 plies: 0\n",
            "{threads} threads"
        );
    }
}
