//! The bit form of the rules (src/compile/bitboard.rs, played by src/run/bitplay.rs) against
//! the general generator: for every game that compiles to bits, random playouts from the
//! setup and from positions reached on the way play the same moves with the same seed, end
//! in the same position after the same plies, and count the same legal moves; perft counts
//! the same sequences.

use ply::program::Program;
use ply::run::playout::{Rng, Seen, playout_from};

fn program(source: &str) -> Program {
    let ast = ply::syntax::parse(source).expect("rules parse");
    ply::check::check(&ast).expect("rules check")
}

fn othello() -> String {
    std::fs::read_to_string("rules/othello.rules").unwrap()
}

/// Othello and variants of it that still compile to bits (other board sizes, up to 100
/// squares, past 64 bits; flips along fewer directions; a ply limit), Connect Four and other
/// placement games, and Breakthrough and games of single steps like it.
fn variants() -> Vec<(&'static str, String)> {
    let o = othello();
    let setup = "setup black on \"D5\", \"E4\"  white on \"D4\", \"E5\"";
    vec![
        ("othello", o.clone()),
        (
            "6 x 6",
            o.replace("board 8 x 8", "board 6 x 6").replace(
                setup,
                "setup black on \"C4\", \"D3\"  white on \"C3\", \"D4\"",
            ),
        ),
        ("10 x 10", o.replace("board 8 x 8", "board 10 x 10")),
        (
            "orthogonal flips",
            o.replace(
                "flip enemy runs closed by own along all",
                "flip enemy runs closed by own along orthogonal",
            ),
        ),
        (
            "stop after 25 plies",
            o.replace(
                "  no moves: pass",
                "  no moves: pass\n  stop after 25 plies",
            ),
        ),
        ("connect four", connect_four()),
        (
            "connect three on 5 x 6",
            connect_four()
                .replace("board 6 x 7", "board 5 x 6")
                .replace("4 red pieces", "3 red pieces")
                .replace("4 yellow pieces", "3 yellow pieces"),
        ),
        (
            "tic-tac-toe, stop after 7 plies",
            "board 3 x 3\nsides x \"X\", o \"O\"\nsetup empty\nmove place onto empty\n\
             game\n  x wins if 3 x pieces in a row along orthogonal, diagonal\n  \
             o wins if 3 o pieces in a row along orthogonal, diagonal\n  \
             draw if no empty squares\n  stop after 7 plies\n  result draw\n"
                .to_string(),
        ),
        (
            "placements next to a piece or on the left edge",
            connect_four().replace(
                "where down of to is not empty",
                "where left of to is off the board",
            ),
        ),
        (
            "placements not on the left edge",
            connect_four().replace(
                "where down of to is not empty",
                "where down of to is not empty and left of to is not off the board",
            ),
        ),
        ("breakthrough", breakthrough()),
        (
            "breakthrough, stop after 30 plies",
            breakthrough().replace(
                "  no moves: lose",
                "  no moves: lose\n  stop after 30 plies\n  result draw",
            ),
        ),
        (
            "steps every way, stop after 60 plies",
            breakthrough()
                .replace(
                    "  step along forward, forward-left, forward-right onto empty\n  step along forward-left, forward-right onto enemy",
                    "  step along all onto empty or enemy",
                )
                .replace(
                    "  white wins if any white pieces on the far row or no black pieces\n  black wins if any black pieces on the far row or no white pieces\n",
                    "  stop after 60 plies\n  result white wins if count white pieces > count black pieces + 2\n  result draw otherwise\n",
                ),
        ),
    ]
    .into_iter()
    .chain(draughts_variants())
    .collect()
}

fn draughts() -> String {
    std::fs::read_to_string("rules/english-draughts.rules").unwrap()
}

/// English draughts and variants of it that still compile to bits: another board, captures
/// not mandatory, chains the mover may stop, promotion at the end of the move, men crowned
/// during a capture going on as kings, captured pieces leaving at once, and a game of
/// orthogonal steps and jumps that never turn straight back (Turkish draughts with short
/// kings and no majority capture).
fn draughts_variants() -> Vec<(&'static str, String)> {
    let d = draughts();
    let ten = d.replace("board 8 x 8", "board 10 x 10").replace(
        "  \".b.b.b.b\"  \"b.b.b.b.\"  \".b.b.b.b\"  \"........\"\n  \"........\"  \"w.w.w.w.\"  \".w.w.w.w\"  \"w.w.w.w.\"",
        "  \".b.b.b.b.b\"  \"b.b.b.b.b.\"  \".b.b.b.b.b\"  \"b.b.b.b.b.\"  \"..........\"\n  \"..........\"  \".w.w.w.w.w\"  \"w.w.w.w.w.\"  \".w.w.w.w.w\"  \"w.w.w.w.w.\"",
    );
    assert_ne!(ten, d.replace("board 8 x 8", "board 10 x 10"));
    let turkish = std::fs::read_to_string("rules/turkish-draughts.rules")
        .unwrap()
        .replace(
            "king: slide along orthogonal onto empty",
            "king: step along orthogonal onto empty",
        )
        .replace(
            "king: jump along orthogonal over enemy, any gap before, any gap after",
            "king: jump along orthogonal over enemy",
        )
        .replace(
            "captures are mandatory, taking the most",
            "captures are mandatory",
        )
        .replace("stop after 400 plies", "stop after 120 plies");
    vec![
        ("english draughts", d.clone()),
        (
            "english draughts, stop after 40 plies",
            d.replace("stop after 300 plies", "stop after 40 plies"),
        ),
        ("english draughts on 10 x 10, stop after 300 plies", ten),
        (
            "draughts, captures not mandatory, stop after 300 plies",
            d.replace("captures are mandatory\n", ""),
        ),
        (
            "draughts, optional chains",
            d.replace("continue while possible", "continue optionally"),
        ),
        (
            "draughts, crowned at the end of the move",
            d.replace("far row, at once", "far row, at end of move"),
        ),
        (
            "draughts, crowned men go on, captured pieces leave at once",
            d.replace(", until promoted", "")
                .replace("leave at end of move", "leave at once"),
        ),
        (
            "draughts, drawn with few pieces left",
            d.replace(
                "  no moves: end ",
                "  draw if count black pieces + count white pieces < 9\n  no moves: end ",
            ),
        ),
        ("short turkish draughts, stop after 120 plies", turkish),
    ]
}

fn connect_four() -> String {
    std::fs::read_to_string("rules/connect-four.rules").unwrap()
}

fn breakthrough() -> String {
    std::fs::read_to_string("rules/breakthrough.rules").unwrap()
}

#[test]
fn bit_playouts_play_the_games_the_general_generator_plays() {
    for (name, source) in variants() {
        let p = program(&source);
        let (mut runner, start) = ply::cases::game_start(&p, None).expect("a setup");
        let e = runner.engine();
        let bits = e.bits.is_some();
        assert!(bits, "{name} compiles to bits");
        let mut scratch = Vec::new();
        let mut walk = Rng::new(3);
        let (mut plies, mut limited) = (0, 0);
        for seed in 0..120u64 {
            // From the setup, or from a position some random plies into the game.
            let mut from = start.clone();
            let mut done = 0;
            // Up to a third of the board's squares in plies (40 at most), so that short
            // games are not always over before the playout starts.
            let reach = (runner.engine().g.n as u64 / 3).clamp(2, 40);
            for _ in 0..walk.below(reach) {
                runner.successors(&from, &mut scratch).unwrap();
                if scratch.is_empty() {
                    break;
                }
                from = scratch.swap_remove(walk.below(scratch.len() as u64) as usize);
                done += 1;
            }
            let mut play = |bits: bool| {
                runner.set_bitboards(bits);
                let mut seen = Seen::default();
                let mut rng = Rng::new(seed);
                let played = playout_from(
                    &mut runner,
                    &from,
                    done,
                    &mut rng,
                    &mut scratch,
                    Some(&mut seen),
                )
                .unwrap();
                (
                    played.end,
                    played.plies,
                    played.limited,
                    seen.moves,
                    seen.positions,
                )
            };
            let general = play(false);
            let bits = play(true);
            assert_eq!(bits, general, "{name}, seed {seed}, {done} plies in");
            plies += general.1;
            limited += u32::from(general.2);
        }
        // Whole games were played (and with a limit, stopped by it).
        assert!(plies > 100, "{name}: {plies} plies");
        assert_eq!(
            limited > 0,
            name.contains("stop after"),
            "{name}: {limited} limited"
        );
    }
}

#[test]
fn bit_playouts_stop_at_a_node_budget() {
    for (name, source) in variants() {
        let p = program(&source);
        let (mut runner, start) = ply::cases::game_start(&p, None).expect("a setup");
        runner.set_budget(ply::run::Budget {
            max_nodes: Some(300),
            ..Default::default()
        });
        let mut scratch = Vec::new();
        let mut plies = 0;
        let stopped = (0..1000u64).find_map(|seed| {
            let mut rng = Rng::new(seed);
            match playout_from(&mut runner, &start, 0, &mut rng, &mut scratch, None) {
                Ok(played) => {
                    plies += played.plies;
                    None
                }
                Err(error) => Some(error),
            }
        });
        // Each position a playout asks about is a node: the games finished before the
        // budget ran out played no more plies than it has, and not many fewer.
        let stopped = stopped.unwrap_or_else(|| panic!("{name}: the budget stops playouts"));
        assert!(stopped.budget, "{name}: {}", stopped.message);
        assert!((150..=300).contains(&plies), "{name}: {plies} plies");
    }
}

#[test]
fn bit_perft_counts_what_the_general_generator_counts() {
    for (name, source) in variants() {
        let p = program(&source);
        let (mut runner, start) = ply::cases::game_start(&p, None).expect("a setup");
        let mut scratch = Vec::new();
        let mut walk = Rng::new(5);
        for trial in 0..12 {
            // The setup, then positions further into random games (passes and ends too).
            let mut pos = start.clone();
            for _ in 0..trial * 5 {
                runner.successors(&pos, &mut scratch).unwrap();
                if scratch.is_empty() {
                    break;
                }
                pos = scratch.swap_remove(walk.below(scratch.len() as u64) as usize);
            }
            for depth in 1..=4 {
                runner.set_bitboards(false);
                let general = runner.perft(&pos, depth).unwrap();
                runner.set_bitboards(true);
                let bits = runner.perft(&pos, depth).unwrap();
                assert_eq!(bits, general, "{name}, trial {trial}, depth {depth}");
            }
        }
    }
}

#[test]
fn rules_without_a_bit_form_keep_the_general_generator() {
    let o = othello();
    for (what, source) in [
        (
            "cascading flips",
            o.replace(
                "closed by own along all",
                "closed by own along all, cascading",
            ),
        ),
        (
            "an end rule",
            o.replace(
                "  no moves: pass",
                "  no moves: pass\n  draw if no empty squares",
            ),
        ),
        (
            "a where clause",
            o.replace(
                "place onto empty, must flip",
                "place onto empty, must flip, where to is not on the top edge",
            ),
        ),
        (
            "no flips needed",
            o.replace("place onto empty, must flip", "place onto empty"),
        ),
        (
            "a step with a where clause",
            breakthrough().replace(
                "forward-right onto enemy",
                "forward-right onto enemy, where to is not on the far row",
            ),
        ),
        (
            "a slide of two squares",
            breakthrough().replace(
                "  step along forward, forward-left, forward-right onto empty",
                "  slide along forward, forward-left, forward-right onto empty, distance 2",
            ),
        ),
        (
            "an end by regions",
            std::fs::read_to_string("rules/hex.rules").unwrap(),
        ),
        (
            "a where clause two steps away",
            connect_four().replace("where down of to", "where 2 down of to"),
        ),
        (
            "flying kings and majority captures",
            std::fs::read_to_string("rules/international-draughts.rules").unwrap(),
        ),
        (
            "long jumps and majority captures",
            std::fs::read_to_string("rules/turkish-draughts.rules").unwrap(),
        ),
        (
            "flying kings",
            draughts()
                .replace(
                    "king: step along diagonal onto empty",
                    "king: slide along diagonal onto empty",
                )
                .replace(
                    "king: jump along diagonal over enemy",
                    "king: jump along diagonal over enemy, any gap before, any gap after",
                ),
        ),
        (
            "identical captures folded",
            draughts().replace(
                "captures are mandatory\n",
                "captures are mandatory\nidentical captures are one move\n",
            ),
        ),
        (
            "a jump with a where clause",
            draughts().replace(
                "man: jump along forward-left, forward-right over enemy",
                "man: jump along forward-left, forward-right over enemy, where to is not on the far row",
            ),
        ),
        (
            "an end rule on kings",
            draughts().replace(
                "  no moves: end ",
                "  draw if no own king pieces\n  no moves: end ",
            ),
        ),
    ] {
        let p = program(&source);
        let (runner, _) = ply::cases::game_start(&p, None).expect("a setup");
        let e = runner.engine();
        let bits = e.bits.is_some();
        assert!(!bits, "{what}: no bit form");
    }
}
