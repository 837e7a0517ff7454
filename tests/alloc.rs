//! No heap allocation per move: perft and playouts counted by dhat's allocator in testing
//! mode. Pools and buffers grow while a search warms up; after that, playing a move, taking
//! it back and generating the next ones allocate nothing.

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn program(source: &str) -> ply::program::Program {
    let ast = ply::syntax::parse(source).expect("rules parse");
    ply::check::check(&ast).expect("rules check")
}

/// Blocks allocated while `f` runs.
fn allocations(f: impl FnOnce()) -> u64 {
    let before = dhat::HeapStats::get().total_blocks;
    f();
    dhat::HeapStats::get().total_blocks - before
}

#[test]
fn perft_and_playouts_allocate_nothing_per_move() {
    let _profiler = dhat::Profiler::builder().testing().build();
    for (name, depth) in [
        ("othello", 6),
        ("english-draughts", 7),
        ("breakthrough", 4),
        ("chess", 4),
        ("go", 3),
        ("international-draughts", 6),
        ("turkish-draughts", 6),
        ("amazons", 2),
    ] {
        let source = std::fs::read_to_string(format!("rules/{name}.rules")).unwrap();
        let p = program(&source);
        let (mut runner, start) = ply::cases::game_start(&p, None).expect("a setup");
        // The first search fills the pools; the same search again allocates nothing.
        let warm = allocations(|| {
            runner.perft(&start, depth).unwrap();
        });
        let mut leaves = 0;
        let n = allocations(|| leaves = runner.perft(&start, depth).unwrap());
        assert_eq!(
            n, 0,
            "{name}: perft({depth}) = {leaves} allocated {warm} blocks, then {n} more"
        );
        let mut rng = ply::run::playout::Rng::new(3);
        let mut scratch = Vec::new();
        let mut games = |runner: &mut ply::run::Runner, count: u32| {
            let mut plies = 0;
            for _ in 0..count {
                plies += ply::run::playout::playout(runner, &start, &mut rng, &mut scratch)
                    .unwrap()
                    .plies;
            }
            plies
        };
        games(&mut runner, 20);
        let mut plies = 0;
        let n = allocations(|| plies = games(&mut runner, 20));
        // A game starts from a copy of the start and its own buffers; its moves allocate
        // nothing.
        assert!(
            n <= 30 * 20,
            "{name}: {n} allocations for 20 games of {plies} plies"
        );
    }
}
