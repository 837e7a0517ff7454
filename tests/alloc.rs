//! No heap allocation per move: perft and playouts counted by dhat's allocator in testing
//! mode. Pools and buffers grow while a search warms up; after that, playing a move, taking
//! it back and generating the next ones allocate nothing.

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn program(source: &str) -> ply::program::Program {
    let ast = ply::syntax::parse(source).expect("rules parse");
    ply::check::check(&ast).expect("rules check")
}

use ply::run::query::perft::{Levels, perft};
use ply::run::query::playout::playout;
use ply::run::rng::Rng;
use ply::run::{Choice, Compiled, Generator, Position};

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
        for choice in [Choice::Fastest, Choice::General] {
            let (runner, start) = ply::cases::game_start(&p, None).expect("a setup");
            let mut c = Compiled::new(runner, choice);
            let what = format!("{name} on {}", c.describe());
            ply::dispatch!(&mut c, g => searches(g, &start, depth, &what));
        }
    }
}

/// Perft to `depth` from `start` twice and 20 random games twice on the representation `g`:
/// the third time, perft allocates nothing, and a game only what its start and end take.
fn searches<'p, G: Generator<'p>>(g: &mut G, start: &Position, depth: u32, what: &str) {
    let s = g.state(start);
    let mut levels = Levels::default();
    // The first searches fill the pools (two of them: after one, Go on the general
    // generator still took one block more in the next, its pools reaching their peaks in
    // another order); the same search again allocates nothing.
    let warm = allocations(|| {
        perft(g, &s, depth, &mut levels).unwrap();
        perft(g, &s, depth, &mut levels).unwrap();
    });
    let mut leaves = 0;
    let n = allocations(|| leaves = perft(g, &s, depth, &mut levels).unwrap());
    assert_eq!(
        n, 0,
        "{what}: perft({depth}) = {leaves} allocated {warm} blocks, then {n} more"
    );
    let mut rng = Rng::new(3);
    let mut games = |g: &mut G, count: u32| {
        let mut plies = 0;
        for _ in 0..count {
            let played = playout(g, (&s, 0, u32::MAX), &mut rng, None).unwrap();
            plies += played.plies;
            g.recycle_state(played.end);
        }
        plies
    };
    games(g, 20);
    let mut plies = 0;
    let n = allocations(|| plies = games(g, 20));
    // A game starts from a copy of the start and its own buffers; its moves allocate
    // nothing.
    assert!(
        n <= 30 * 20,
        "{what}: {n} allocations for 20 games of {plies} plies"
    );
}
