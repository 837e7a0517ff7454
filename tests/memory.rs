//! Long runs hold memory bounded by the position: a random game on a large board keeps one
//! position after a move, not one per legal move (issue: an Amazons playout on a 1000 x 10
//! board grew to 10.9 GB). The memory a board's tables will take is estimated before they
//! are built (for `--max-memory`), and the estimate holds what they take; a search past its
//! memory limit stops. Heap bytes counted by dhat's allocator in testing mode.

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

/// One profiler at a time: the measures run in one test, one after the other (the peaks
/// first, the estimate's large board after them).
#[test]
fn long_runs_on_large_boards_hold_memory_bounded_by_the_position() {
    let _profiler = dhat::Profiler::builder().testing().build();
    the_mcts_tree_keeps_to_its_memory();
    a_random_game_on_a_large_board_holds_one_position_after_a_move();
    perft_on_a_large_board_makes_no_position_per_first_move_up_front();
    the_estimate_of_a_board_s_tables_holds_what_they_take();
    a_search_past_its_memory_limit_stops();
}

/// The MCTS agent's tree on Go 9 x 9 (general positions, about 400 bytes a node): 8,000
/// playouts grow it past 2 MiB without a bound; bounded to 1 MiB, the search peaks within
/// the bound and a little for the game and its playouts, and still chooses a legal move.
fn the_mcts_tree_keeps_to_its_memory() {
    use ply::play::{Effort, Game, Status, mcts};
    let p = program(&std::fs::read_to_string("rules/go.rules").unwrap());
    let (runner, start) = ply::cases::game_start(&p, None).expect("a setup");
    let mut game = Game::new(Compiled::new(runner, Choice::General), start).unwrap();
    let Ok(Status::ToMove(choices)) = game.status() else {
        panic!("Go begins with moves");
    };
    let mut peaks = Vec::new();
    // The bounded search first: dhat keeps one peak, the highest yet.
    for memory in [Some(1 << 20), None] {
        let effort = Effort {
            think: None,
            playouts: Some(8_000),
            depth: None,
            memory,
        };
        let before = dhat::HeapStats::get();
        let d = mcts::choose(&mut game, &choices, effort, &mut Rng::new(3)).unwrap();
        let after = dhat::HeapStats::get();
        assert!(d.index < choices.len());
        assert_eq!(d.playouts, 8_000);
        peaks.push(after.max_bytes - before.curr_bytes);
    }
    let (bounded, free) = (peaks[0], peaks[1]);
    assert!(
        free > 2 << 20,
        "without a bound the tree grows past 2 MiB: {free} bytes"
    );
    assert!(
        bounded < (1 << 20) + (256 << 10),
        "bounded to 1 MiB, the search peaked at {bounded} bytes (unbounded: {free})"
    );
}

/// A rules file checked.
fn program(source: &str) -> ply::program::Program {
    let ast = ply::syntax::parse(source).expect("rules parse");
    ply::check::check(&ast).expect("rules check")
}

/// Hex on a board of `size` x `size`, its squares named by numbers.
fn hex(size: u32) -> String {
    std::fs::read_to_string("rules/hex.rules")
        .unwrap()
        .replace("board 11 x 11", &format!("board {size} x {size}"))
        .replace(
            "squares column letter + row number",
            "squares column number, row number",
        )
}

/// What compile::size estimates for a board's engine is at least what building it takes at
/// its peak and what it keeps, and at most twice what it keeps (and a little for a small
/// board): for a large board, and for every shipped game on its own board.
fn the_estimate_of_a_board_s_tables_holds_what_they_take() {
    let mut games = vec![("hex on 500 x 500".to_string(), hex(500))];
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    for file in files {
        games.push((
            file.display().to_string(),
            std::fs::read_to_string(&file).unwrap(),
        ));
    }
    games.push(("amazons on 200 x 10".into(), tall_amazons(200, 6)));
    for (i, (name, source)) in games.iter().enumerate() {
        let p = program(source);
        let (rows, cols) = match (p.rows, p.cols) {
            (ply::program::Dim::Fixed(r), ply::program::Dim::Fixed(c)) => (r, c),
            _ => (19, 19),
        };
        let mut engines = ply::compile::Engines::new(&p);
        let before = dhat::HeapStats::get();
        let engine = engines.get(rows, cols).expect("the engine builds");
        let after = dhat::HeapStats::get();
        let estimate = ply::compile::size::engine_bytes(&p, rows, cols) as usize;
        let kept = after.curr_bytes - before.curr_bytes;
        assert!(
            kept <= estimate && estimate <= 2 * kept + (16 << 10),
            "{name}: the estimate {estimate} against {kept} bytes kept"
        );
        // The first board is larger than anything before it: the peak is its own.
        if i == 0 {
            assert!(
                after.max_bytes > before.max_bytes,
                "{name}: a peak of its own"
            );
            let peak = after.max_bytes - before.curr_bytes;
            assert!(
                peak <= estimate,
                "{name}: the estimate {estimate} against a peak of {peak} bytes"
            );
        }
        drop(engine);
    }
}

/// A search counts what the process holds at its node checks: one whose memory limit is
/// below what is in use stops with the memory named, and the same search under a limit
/// above it runs to the end.
fn a_search_past_its_memory_limit_stops() {
    use ply::run::error::{Budget, Limit};
    use ply::run::query::perft::{Levels, perft};
    ply::memory::set_meter(|| dhat::HeapStats::get().curr_bytes);
    let source = std::fs::read_to_string("rules/chess.rules").unwrap();
    let p = program(&source);
    let (runner, start) = ply::cases::game_start(&p, None).expect("a setup");
    let mut c = Compiled::new(runner, Choice::General);
    let in_use = ply::memory::in_use();
    for (limit, stops) in [(in_use / 2, true), (in_use + (64 << 20), false)] {
        c.runner().set_budget(Budget {
            max_memory: Some(limit),
            ..Budget::default()
        });
        let found = ply::dispatch!(&mut c, g => {
            let s = g.state(&start);
            perft(g, &s, 3, &mut Levels::default())
        });
        match found {
            Err(e) if stops => {
                assert_eq!(e.limit, Some(Limit::Memory), "{}", e.message);
                assert!(
                    e.message
                        .starts_with("the search went past its memory limit of")
                );
            }
            Ok(n) if !stops => assert_eq!(n, 8902),
            other => panic!("perft 3 under a limit of {limit} bytes ({in_use} in use): {other:?}"),
        }
    }
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
    let p = program(&hex(100));
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
