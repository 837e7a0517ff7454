//! Games with dice (`roll ...`), through the real binary: perft expands every roll without
//! counting it, and agrees with the moves `ply moves` lists for each roll; `--chance`
//! weighs the rolls; random games are reproducible; the agents see through a roll.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A race of one piece a side along a path of six squares; a six rolls again. The square
/// `F1` ends the race.
const RACE: &str = "\
board 1 x 6
sides white \"W\", black \"B\"
setup \"W....B\"
zone goal of white = F1
zone goal of black = A1
direction path of white = through A1 B1 C1 D1 E1 F1 once
direction path of black = through F1 E1 D1 C1 B1 A1 once
roll one die, again on 6
move slide along path distance the roll over empty or own or enemy onto empty or enemy
game
  no moves: pass
  white wins if any white pieces on goal of white or no black pieces
  black wins if any black pieces on goal of black or no white pieces
input repeat until end grid mover roll
output each move \"{move}\"
";

fn ply(dir: &Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn race_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-chance-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("race.rules"), RACE).unwrap();
    dir
}

/// The last line of standard output, as a number.
fn last_number(out: &str) -> f64 {
    out.lines().last().unwrap().trim().parse().unwrap()
}

#[test]
fn perft_adds_the_moves_of_every_roll() {
    let dir = race_dir("perft");
    // The start waits for white's roll: perft 1 is the moves of the six rolls added up,
    // each as `ply moves` lists it from the start with that roll.
    let mut by_hand = 0;
    for roll in 1..=6 {
        let input = format!("W....B\nW\n{roll}\n");
        std::fs::write(dir.join("at.txt"), input).unwrap();
        let (code, out, err) = ply(&dir, &["moves", "race.rules", "at.txt"], "");
        assert_eq!(code, 0, "{err}");
        let moves = out.lines().filter(|l| l.contains('-')).count();
        // Five squares ahead at most; a six goes off the path (no move: a pass).
        assert_eq!(moves, usize::from(roll <= 5), "roll {roll}:\n{out}");
        by_hand += moves.max(1);
    }
    let (code, out, err) = ply(&dir, &["perft", "race.rules", "--depth", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(last_number(&out) as usize, by_hand);
    // Divided at the roll: a line per outcome, adding up to the count.
    let (_, out, _) = ply(
        &dir,
        &["perft", "race.rules", "--depth", "3", "--divide"],
        "",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    let sum: u64 = lines[..6]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(lines[0].starts_with("roll 1: "));
    assert_eq!(sum, last_number(&out) as u64);
}

#[test]
fn the_average_over_the_rolls_weighs_each_outcome() {
    let dir = race_dir("average");
    // One move or one pass for every roll: on average one sequence a ply.
    let (code, out, err) = ply(
        &dir,
        &["perft", "race.rules", "--depth", "1", "--chance"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("on average over the rolls: 1.000 (a branching of 1.000 a ply)"),
        "{out}"
    );
    // Two plies. A roll of 1 to 4 moves white, then black has one move (or pass) for each
    // of its rolls: 6 sequences, 1 on average. A 5 takes black and wins: none. A 6 is a
    // pass and white rolls again: 6 sequences, 1 on average. So 4 x 6 + 6 = 30 in all, and
    // (4 + 0 + 1) / 6 on average.
    let (_, out, _) = ply(
        &dir,
        &["perft", "race.rules", "--depth", "2", "--chance"],
        "",
    );
    assert_eq!(
        out,
        "30\non average over the rolls: 0.833 (a branching of 0.913 a ply)\n"
    );
}

#[test]
fn random_games_with_dice_are_reproducible() {
    let dir = race_dir("playout");
    let args = ["playout", "race.rules", "--games", "300", "--seed", "9"];
    let (code, a, err) = ply(&dir, &args, "");
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = ply(&dir, &args, "");
    assert_eq!(a, b);
    let (_, c, _) = ply(
        &dir,
        &["playout", "race.rules", "--games", "300", "--seed", "10"],
        "",
    );
    assert_ne!(a, c, "another seed draws other rolls");
}

#[test]
fn the_agents_take_a_win_that_a_roll_offers() {
    let dir = race_dir("agents");
    // Two white pieces and a roll of 3: A1-D1, or C1-F1, which reaches the end and wins.
    std::fs::write(dir.join("two.txt"), "W.W.B.\nW\n3\n").unwrap();
    for agent in ["expectiminimax", "mcts"] {
        let (code, out, err) = ply(
            &dir,
            &[
                "play",
                "race.rules",
                "--position",
                "two.txt",
                "--agent",
                &format!("white={agent}"),
                "--agent",
                "black=random",
                "--playouts",
                "50",
                "--depth",
                "2",
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let first = out
            .lines()
            .find(|l| l.contains("plays"))
            .unwrap_or_default()
            .to_string();
        assert!(first.contains("plays C1-F1"), "{agent}: {out}");
    }
}

#[test]
fn a_person_rolls_or_types_the_roll() {
    let dir = race_dir("person");
    // `9` is no roll and is asked again; `2` is white's roll, then its move; Enter rolls for
    // black.
    let (code, out, err) = ply(
        &dir,
        &[
            "play",
            "race.rules",
            "--agent",
            "white=human",
            "--agent",
            "black=human",
        ],
        "9\n2\nA1-C1\n\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("`9` is no roll of these dice"), "{out}");
    assert!(out.contains("white rolls 2"), "{out}");
    assert!(out.contains("white plays A1-C1"), "{out}");
    assert!(out.contains("black rolls "), "{out}");
}

/// Two checkers a side race along their rows and off the end, one die a move.
const LANES: &str = "\
board 2 x 5
squares column letter + row number from the bottom
sides white \"W\", black \"B\"
empty \".\"
pieces stack
setup \". . . 2B .\" \". 2W . . .\"
zone off of white = E1
zone off of black = A2
direction lane of white = through A1 B1 C1 D1 E1 once
direction lane of black = through E2 D2 C2 B2 A2 once
roll 2 dice of 3 faces, one move a die, doubles twice
move slide along lane distance the die over empty or own onto empty or own, where the die = 3
move slide along lane distance the die past the end over empty or own onto empty or own,
  where no own pieces behind from along lane
game
  no moves: pass
  white wins if count white pieces on off of white = 2
  black wins if count black pieces on off of black = 2
input grid mover roll
output each move \"{move}\"
";

#[test]
fn a_condition_on_the_die_is_asked_of_each_die() {
    let dir = std::env::temp_dir().join(format!("ply-chance-lanes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lanes.rules"), LANES).unwrap();
    // From B1 with 1 and 3: only the 3 may move a checker on (to E1, off exactly), though
    // `where the die = 3` asks nothing of the squares and the 1 is tried first.
    let (moves, out) = listed(&dir, ". . . 2B .\n. 2W . . .\nW\n1-3\n");
    assert_eq!(moves, ["B1-E1"], "{out}");
    // From D1 with 2 and 3 both dice run past the end: two moves, each naming its die.
    let (moves, out) = listed(&dir, ". . . 2B .\n. . . 2W .\nW\n2-3\n");
    assert_eq!(moves, ["D1-E1(2)", "D1-E1(3)"], "{out}");
}

/// The moves `ply moves` lists for the position `input` of `lanes.rules` in `dir`, and all
/// it printed.
fn listed(dir: &Path, input: &str) -> (Vec<String>, String) {
    std::fs::write(dir.join("at.txt"), input).unwrap();
    let (code, out, err) = ply(dir, &["moves", "lanes.rules", "at.txt"], "");
    assert_eq!(code, 0, "{err}");
    let moves = out
        .lines()
        .map(str::trim)
        .filter(|l| l.contains('-') && !l.contains(' '))
        .map(str::to_string)
        .collect();
    (moves, out)
}
