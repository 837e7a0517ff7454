//! Work split for other processes (`ply.distributed`): the tasks of a split perft add up to
//! the perft they split, for every whole game (whole moves, whole turns, rolls of dice,
//! rules against repetition) and from positions met in play; playouts in numbered parts find
//! what the whole run finds; self-play gives the same record for the same seed.

use ply::play::self_play::{SelfPlay, self_play};
use ply::play::{Agent, Effort};
use ply::program::Program;
use ply::run::error::Budget;
use ply::run::query::perft::{PerftAsk, Unit, perft_shared};
use ply::run::query::split::{SplitAsk, Task, count_task, split_from};
use ply::run::query::tally::{PlayoutAsk, playouts};
use ply::run::query::threads::Progress;
use ply::run::{Choice, Compiled, Position};

fn program(path: &str) -> &'static Program {
    let source = std::fs::read_to_string(path).unwrap();
    let ast = ply::syntax::parse(&source).expect("rules parse");
    Box::leak(Box::new(ply::check::check(&ast).expect("rules check")))
}

fn start(p: &'static Program, position: Option<&[u8]>) -> (Compiled<'static>, Position) {
    let (runner, pos) = ply::cases::game_start(p, position).expect("a start");
    (Compiled::new(runner, Choice::Fastest), pos)
}

fn perft(c: &mut Compiled, pos: &Position, depth: u32, unit: Unit) -> u64 {
    let ask = PerftAsk {
        depth,
        divide: false,
        threads: 1,
        unit,
    };
    perft_shared(c, pos, ask, &Budget::default(), &Progress::default())
        .expect("perft")
        .0
}

/// The deepest perft below a few hundred thousand leaves, at most 4.
fn depth_for(c: &mut Compiled, pos: &Position, unit: Unit) -> u32 {
    let mut depth = 1;
    while depth < 4 && perft(c, pos, depth, unit) < 20_000 {
        depth += 1;
    }
    depth
}

/// Splits perft at `depth` into about `tasks` tasks, checks them and returns their sum.
fn split_sum(c: &mut Compiled, pos: &Position, ask: SplitAsk, what: &str) -> u64 {
    let tasks = split_from(c, pos, ask).expect("split");
    assert!(!tasks.is_empty(), "{what}: no task");
    for pair in tasks.windows(2) {
        assert!(
            pair[0].estimate >= pair[1].estimate,
            "{what}: largest first"
        );
    }
    tasks
        .iter()
        .map(|t| count_task(c, pos, t, ask.unit).expect("a task's count"))
        .sum()
}

fn whole_games() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".rules"))
        .collect();
    out.sort();
    out
}

#[test]
fn split_tasks_add_up_to_the_perft_of_every_game() {
    let mut checked = 0;
    for path in whole_games() {
        let p = program(&path);
        if p.game.is_none() || p.setup.is_none() {
            continue;
        }
        let (mut c, pos) = start(p, None);
        let unit = Unit::of(p);
        let depth = depth_for(&mut c, &pos, unit);
        let whole = perft(&mut c, &pos, depth, unit);
        for tasks in [1, 7, 40] {
            let ask = SplitAsk { depth, unit, tasks };
            let what = format!("{path} perft {depth} in {tasks} tasks");
            assert_eq!(split_sum(&mut c, &pos, ask, &what), whole, "{what}");
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} games split");
}

#[test]
fn split_tasks_add_up_from_positions_of_play() {
    for (rules, position, depth) in [
        ("rules/chess.rules", "tests/perft/chess-kiwipete.fen", 3),
        ("rules/chess.rules", "tests/perft/chess-position3.fen", 4),
        ("rules/amazons.rules", "tests/perft/amazons-endgame.txt", 2),
        (
            "rules/breakthrough.rules",
            "tests/perft/breakthrough-both-threaten.txt",
            3,
        ),
    ] {
        let p = program(rules);
        let data = std::fs::read(position).unwrap();
        let (mut c, pos) = start(p, Some(&data));
        let unit = Unit::of(p);
        let whole = perft(&mut c, &pos, depth, unit);
        let ask = SplitAsk {
            depth,
            unit,
            tasks: 30,
        };
        assert_eq!(split_sum(&mut c, &pos, ask, position), whole, "{position}");
    }
}

#[test]
fn a_task_from_other_rules_is_refused_with_its_step() {
    let p = program("rules/chess.rules");
    let (mut c, pos) = start(p, None);
    let ask = SplitAsk {
        depth: 3,
        unit: Unit::Moves,
        tasks: 30,
    };
    let mut task: Task = split_from(&mut c, &pos, ask).unwrap().remove(0);
    task.prefix[0].text = "a1a8".into();
    let e = count_task(&mut c, &pos, &task, Unit::Moves).unwrap_err();
    assert!(
        e.message.contains("step 1 of the task's prefix is `a1a8`"),
        "{}",
        e.message
    );
    let ask = SplitAsk {
        depth: 3,
        unit: Unit::Actions,
        tasks: 4,
    };
    assert!(
        split_from(&mut c, &pos, ask).is_err(),
        "actions are not split"
    );
}

#[test]
fn playouts_in_numbered_parts_find_what_the_whole_run_finds() {
    for path in [
        "rules/chess.rules",
        "rules/backgammon.rules",
        "rules/go.rules",
    ] {
        let p = program(path);
        let (mut c, pos) = start(p, None);
        let run = |c: &mut Compiled, first, games| {
            let ask = PlayoutAsk {
                games,
                first,
                seed: 5,
                threads: 1,
                stats: true,
                max_plies: None,
            };
            playouts(c, &pos, ask, &Budget::default(), &Progress::default()).expect("playouts")
        };
        let whole = run(&mut c, 0, 12);
        let mut parts = run(&mut c, 0, 5);
        parts.merge(run(&mut c, 5, 1));
        parts.merge(run(&mut c, 6, 6));
        let text = |mut s| ply::render::tally::playout_output(p, (12, 5), &mut s, (true, false));
        assert_eq!(text(parts), text(whole), "{path}");
    }
}

#[test]
fn self_play_is_the_same_game_for_the_same_seed() {
    for (path, agents) in [
        ("rules/connect-four.rules", [Agent::Mcts, Agent::Random]),
        ("rules/backgammon.rules", [Agent::Random, Agent::Random]),
        ("rules/kalah.rules", [Agent::Expectiminimax, Agent::Mcts]),
    ] {
        let p = program(path);
        let record = |seed| {
            let (c, pos) = start(p, None);
            let mut game = ply::play::Game::new(c, pos).unwrap();
            let ask = SelfPlay {
                agents: agents.to_vec(),
                effort: Effort {
                    think: None,
                    playouts: Some(4),
                    depth: Some(1),
                    memory: None,
                },
                seed,
                max_plies: None,
            };
            self_play(&mut game, &ask).expect("a game")
        };
        let (a, b, other) = (record(3), record(3), record(4));
        assert_eq!(a.moves, b.moves, "{path}");
        assert_eq!(a.result, b.result, "{path}");
        assert_ne!(a.moves, other.moves, "{path}: another seed, another game");
        assert!(!a.result.is_empty() && a.plies > 0, "{path}");
        let rolls = a.moves.iter().filter(|m| m.starts_with("roll ")).count();
        assert_eq!(a.moves.len() - rolls, a.plies as usize, "{path}");
    }
}

#[test]
fn self_play_of_a_game_that_never_ends_stops_unfinished() {
    let p = program("tests/cmd/endless-forever.rules");
    let (c, pos) = start(p, None);
    let mut game = ply::play::Game::new(c, pos).unwrap();
    let ask = SelfPlay {
        agents: vec![Agent::Mcts, Agent::Random],
        effort: Effort {
            think: None,
            playouts: Some(2),
            depth: None,
            memory: None,
        },
        seed: 1,
        max_plies: Some(30),
    };
    let record = self_play(&mut game, &ask).expect("a game");
    assert_eq!(record.plies, 30);
    assert_eq!(record.moves.len(), 30);
    assert_eq!(
        record.result,
        "unfinished: the run stopped it after 30 plies"
    );
    assert_eq!(record.outcome, ply::program::Outcome::Unstated);
}
