//! Long runs hold memory bounded by the position: a random game on a large board keeps one
//! position after a move, not one per legal move (issue: an Amazons playout on a 1000 x 10
//! board grew to 10.9 GB). Peak heap bytes counted by dhat's allocator in testing mode.

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

use ply::run::query::playout::playout;
use ply::run::rng::Rng;
use ply::run::{Choice, Compiled, Generator};

/// Amazons on a board `rows` x 10, the black queens on the far side, stopped after `plies`.
fn tall_amazons(rows: u32, plies: u32) -> String {
    let source = std::fs::read_to_string("rules/amazons.rules").unwrap();
    let far = |r: u32| (rows + r - 10).to_string();
    source
        .replace("board 10 x 10", &format!("board {rows} x 10"))
        .replace(
            "\"A7\", \"D10\", \"G10\", \"J7\"",
            &format!(
                "\"A{}\", \"D{}\", \"G{}\", \"J{}\"",
                far(7),
                far(10),
                far(10),
                far(7)
            ),
        )
        .replace(
            "game\n",
            &format!("game\n  stop after {plies} plies\n  result draw\n"),
        )
}

/// One profiler at a time: the two measures run in one test, one after the other.
#[test]
fn long_runs_on_large_boards_hold_memory_bounded_by_the_position() {
    let _profiler = dhat::Profiler::builder().testing().build();
    a_random_game_on_a_large_board_holds_one_position_after_a_move();
    perft_on_a_large_board_makes_no_position_per_first_move_up_front();
}

fn a_random_game_on_a_large_board_holds_one_position_after_a_move() {
    // 2,000 squares: tens of thousands of moves a ply, whose positions (445 MB at their peak
    // before) were all made to draw one.
    let source = tall_amazons(200, 6);
    let ast = ply::syntax::parse(&source).expect("rules parse");
    let p = ply::check::check(&ast).expect("rules check");
    let (runner, start) = ply::cases::game_start(&p, None).expect("a setup");
    let mut c = Compiled::new(runner, Choice::General);
    let before = dhat::HeapStats::get().max_bytes;
    let plies = ply::dispatch!(&mut c, g => {
        let s = g.state(&start);
        let mut rng = Rng::new(1);
        playout(g, (&s, 0, u32::MAX), &mut rng, None).unwrap().plies
    });
    let peak = dhat::HeapStats::get().max_bytes;
    assert_eq!(plies, 6, "the game stops at its limit");
    drop(c);
    assert!(
        peak < 16 << 20,
        "a random game of {plies} plies on 2,000 squares peaked at {peak} heap bytes (from {before})"
    );
}

fn perft_on_a_large_board_makes_no_position_per_first_move_up_front() {
    use ply::run::error::Budget;
    use ply::run::query::perft::{PerftAsk, Unit, perft_shared};
    use ply::run::query::threads::Progress;
    // Hex on 100 x 100: 10,000 first moves, whose positions (10,000 squares each) came to
    // 200 MB, made twice, before the node budget was asked.
    let source = std::fs::read_to_string("rules/hex.rules")
        .unwrap()
        .replace("board 11 x 11", "board 100 x 100")
        .replace(
            "squares column letter + row number",
            "squares column number, row number",
        );
    let ast = ply::syntax::parse(&source).expect("rules parse");
    let p = ply::check::check(&ast).expect("rules check");
    let (runner, start) = ply::cases::game_start(&p, None).expect("a setup");
    let mut c = Compiled::new(runner, Choice::General);
    let ask = PerftAsk {
        depth: 2,
        divide: false,
        threads: 1,
        unit: Unit::Moves,
    };
    let budget = Budget {
        max_nodes: Some(2_000),
        ..Budget::default()
    };
    let before = dhat::HeapStats::get().max_bytes;
    let found = perft_shared(&mut c, &start, ask, &budget, &Progress::default());
    let peak = dhat::HeapStats::get().max_bytes;
    assert!(found.is_err_and(|e| e.budget), "the node budget stops it");
    assert!(
        peak < 32 << 20,
        "perft 2 on 10,000 squares peaked at {peak} heap bytes (from {before})"
    );
}
