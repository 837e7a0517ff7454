//! The bit forms of the rules (src/compile/bits/, played by src/run/bits/) against the
//! general generator, query by query: for every game that compiles to bits, at the setup
//! and at positions of random games, both representations give the same children in the
//! same order, the same moves, counts, end rules and keys; perft and its division count the
//! same; random games with the same seed play the same moves to the same end and count the
//! same legal moves; tallies on several threads agree; the MCTS agent makes the same
//! choices. Rules that do not fit a bit form say which construct keeps them off it.

use ply::play::{Agent, Effort, Game, Status, choose};
use ply::program::Program;
use ply::run::query::perft::{divide_from, perft_from};
use ply::run::query::playout::playout_from;
use ply::run::query::tally::{PlayoutAsk, playouts};
use ply::run::query::threads::Progress;
use ply::run::rng::Rng;
use ply::run::step::NONE;
use ply::run::{Budget, Choice, Compiled, Generator, MoveKey, Position, Seen};

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
            )
            .replace("  draw if no empty squares", "  draw if no empty squares\n  no moves: draw"),
        ),
        (
            "placements not on the left edge",
            connect_four().replace(
                "where down of to is not empty",
                "where down of to is not empty and left of to is not off the board",
            )
            .replace("  draw if no empty squares", "  draw if no empty squares\n  no moves: draw"),
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
    .chain(region_variants())
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

fn hex() -> String {
    std::fs::read_to_string("rules/hex.rules").unwrap()
}

/// Hex, and games that end by regions of pieces every way a region can be asked for: by
/// the areas it touches (one, two, three), by its size, its border, its empty neighbours,
/// the set it contains, counted or only found, on the sets of a side, own, enemy or empty.
fn region_variants() -> Vec<(&'static str, String)> {
    let red_chain =
        "any regions of red pieces by neighbours touching the top edge and the bottom edge";
    let small = hex().replace("board 11 x 11", "board 6 x 6");
    let fives = "board 5 x 5\nsides x \"X\", o \"O\"\nsetup empty\nmove place onto empty\ngame\n";
    vec![
        ("hex", hex()),
        (
            "hex 6 x 6, chains counted",
            small.replace(
                red_chain,
                "count regions of red pieces by neighbours touching the top edge and the bottom edge >= 1",
            ),
        ),
        (
            "hex 6 x 6, three edges",
            small
                .replace(red_chain, &format!("{red_chain} and the left edge"))
                .replace(
                    "touching the left edge and the right edge\n",
                    "touching the left edge and the right edge\n  draw if no empty squares\n",
                ),
        ),
        (
            "regions by size, border, liberties and containing",
            format!(
                "{fives}  x wins if any regions of x pieces by orthogonal with size >= 5\n  \
                 o wins if any regions of x pieces by orthogonal with no empty neighbour\n  \
                 o wins if count regions of empty squares by all bordered only by o >= 2\n  \
                 x wins if any regions of o pieces by orthogonal bordered by nothing containing o pieces with size >= 2\n  \
                 draw if count regions of own pieces by diagonal bordered by x touching the left edge > 2\n  \
                 draw if any regions of empty squares on the right edge by orthogonal bordered by o with size <= 2\n  \
                 draw if no empty squares\n"
            ),
        ),
        (
            "breakthrough ended by a region on the far row",
            breakthrough().replace(
                "white wins if any white pieces on the far row",
                "white wins if any regions of white pieces by all touching the far row of white",
            ),
        ),
    ]
}

/// The rules compiled twice from the setup: to their bit form (which they must have), and
/// to the general generator.
fn both<'p>(p: &'p Program, name: &str) -> ([Compiled<'p>; 2], Position) {
    let (bits, start) = ply::cases::game_start(p, None).expect("a setup");
    let (general, _) = ply::cases::game_start(p, None).expect("a setup");
    let bits = Compiled::new(bits, Choice::Fastest);
    assert!(bits.engine().bits().is_some(), "{name} compiles to bits");
    let general = Compiled::new(general, Choice::General);
    ([bits, general], start)
}

/// Positions to ask about: the setup, then positions further into random games (passes
/// and ends too), walked on the general generator.
fn positions(c: &mut Compiled, start: &Position, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = vec![start.clone()];
    let runner = c.runner();
    let mut after = Vec::new();
    for trial in 1..count {
        let mut pos = start.clone();
        for _ in 0..trial * 3 {
            runner.children(&pos, &mut after).unwrap();
            if after.is_empty() {
                break;
            }
            pos = after.swap_remove(rng.below(after.len() as u64) as usize);
        }
        out.push(pos);
    }
    out
}

/// What a representation answers about a position, as positions and texts.
#[derive(Debug, PartialEq)]
struct Answers {
    mover: u8,
    count: u64,
    end: Option<usize>,
    key: u64,
    children: Vec<Position>,
    keys: Vec<u64>,
    /// The keys of the children in any order, sorted.
    unordered: Vec<u64>,
    /// How many moves the children have in all.
    grandchildren: u64,
    moves: Vec<String>,
    listed: u64,
    /// The position after each move played alone (`Generator::play`).
    played: Vec<Position>,
}

fn answers(c: &mut Compiled, pos: &Position) -> Answers {
    ply::dispatch!(c, g => {
        let s = g.state(pos);
        let mut kids = Vec::new();
        g.children(&s, &mut kids).unwrap();
        let mut steps = Vec::new();
        let listed = g.moves(&s, usize::MAX, &mut steps).unwrap();
        let e = g.engine().clone();
        let mut any = Vec::new();
        g.children_unordered(&s, &mut any).unwrap();
        let mut unordered: Vec<u64> = any.iter().map(|k| g.key(k)).collect();
        unordered.sort_unstable();
        Answers {
            unordered,
            grandchildren: g.count_children(&s, &mut any).unwrap(),
            mover: g.mover(&s),
            count: g.count(&s).unwrap(),
            end: g.end(&s).unwrap(),
            key: g.key(&s),
            keys: kids.iter().map(|k| g.key(k)).collect(),
            children: kids.iter().map(|k| g.position(k)).collect(),
            moves: steps.iter().map(|m| ply::run::step::move_text(&e, m)).collect(),
            listed,
            played: steps
                .iter()
                .map(|m| {
                    let child = g.play(&s, m).unwrap();
                    g.position(&child)
                })
                .collect(),
        }
    })
}

#[test]
fn both_representations_answer_every_question_alike() {
    for (name, source) in variants() {
        let p = program(&source);
        let ([mut bits, mut general], start) = both(&p, name);
        let mut moves = 0;
        for (i, pos) in positions(&mut general, &start, 5, 12).iter().enumerate() {
            let a = answers(&mut bits, pos);
            let b = answers(&mut general, pos);
            assert_eq!(a, b, "{name}, position {i}");
            assert_eq!(a.count as usize, a.children.len(), "{name}, position {i}");
            assert_eq!(a.moves.len(), a.children.len(), "{name}, position {i}");
            assert_eq!(
                a.played, a.children,
                "{name}, position {i}: moves played alone"
            );
            let mut keys = a.keys.clone();
            keys.sort_unstable();
            assert_eq!(
                a.unordered, keys,
                "{name}, position {i}: children in any order"
            );
            // Different positions have different keys.
            for (x, y) in a.children.iter().zip(&a.keys) {
                for (u, v) in a.children.iter().zip(&a.keys) {
                    assert_eq!(x == u, y == v, "{name}, position {i}: keys");
                }
            }
            moves += a.count;
            for depth in 1..=3 {
                let counts = [&mut bits, &mut general].map(|c| perft_from(c, pos, depth).unwrap());
                assert_eq!(counts[0], counts[1], "{name}, position {i}, perft({depth})");
            }
            let divided = [&mut bits, &mut general].map(|c| divide_from(c, pos, 2).unwrap());
            assert_eq!(divided[0], divided[1], "{name}, position {i}, divide");
        }
        assert!(moves > 0, "{name}: positions with moves");
    }
}

#[test]
fn bit_playouts_play_the_games_the_general_generator_plays() {
    for (name, source) in variants() {
        let p = program(&source);
        let ([mut bits, mut general], start) = both(&p, name);
        let mut walk = Rng::new(3);
        let (mut plies, mut limited) = (0, 0);
        let runner = &mut general;
        for seed in 0..120u64 {
            // From the setup, or from a position some random plies into the game: up to a
            // third of the board's squares in plies (40 at most), so that short games are
            // not always over before the playout starts.
            let reach = (runner.engine().g.n as u64 / 3).clamp(2, 40);
            let mut from = start.clone();
            let mut done = 0;
            let mut after = Vec::new();
            for _ in 0..walk.below(reach) {
                runner.runner().children(&from, &mut after).unwrap();
                if after.is_empty() {
                    break;
                }
                from = after.swap_remove(walk.below(after.len() as u64) as usize);
                done += 1;
            }
            let play = |c: &mut Compiled| {
                let mut seen = Seen::default();
                let mut rng = Rng::new(seed);
                let played = playout_from(c, &from, done, &mut rng, Some(&mut seen)).unwrap();
                (
                    played.end,
                    played.plies,
                    played.limited,
                    seen.moves,
                    seen.positions,
                )
            };
            let on_bits = play(&mut bits);
            let on_general = play(runner);
            assert_eq!(on_bits, on_general, "{name}, seed {seed}, {done} plies in");
            plies += on_general.1;
            limited += u32::from(on_general.2);
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
fn tallies_on_threads_agree() {
    for (name, source) in variants() {
        let p = program(&source);
        let (mut c, start) = both(&p, name);
        let mut found = Vec::new();
        for c in &mut c {
            for threads in [1, 2] {
                let ask = PlayoutAsk {
                    games: 200,
                    first: 0,
                    seed: 9,
                    threads,
                    stats: true,
                    max_plies: None,
                };
                let budget = Budget::default();
                let mut sum = playouts(c, &start, ask, &budget, &Progress::default())
                    .unwrap_or_else(|e| panic!("{name}: {e:?}"));
                sum.tally.sort_by(|a, b| a.0.cmp(&b.0));
                let seen = (sum.seen.moves, sum.seen.positions);
                found.push((sum.tally, sum.plies, sum.longest, sum.limited, seen));
            }
        }
        assert!(found.windows(2).all(|w| w[0] == w[1]), "{name}: {found:?}");
    }
}

#[test]
fn the_mcts_agent_chooses_alike() {
    for (name, source) in variants() {
        let p = program(&source);
        let (c, start) = both(&p, name);
        let effort = Effort {
            think: None,
            playouts: Some(60),
            depth: None,
            memory: None,
        };
        let mut lines = Vec::new();
        for c in c {
            let mut game = Game::new(c, start.clone()).unwrap();
            let mut line = Vec::new();
            for _ in 0..6 {
                let Status::ToMove(choices) = game.status().unwrap() else {
                    break;
                };
                let (i, decision) = choose(Agent::Mcts, &mut game, &choices, effort, 5)
                    .unwrap_or_else(|e| panic!("{name}: {e:?}"));
                line.push((choices[i].text.clone(), decision.map(|d| d.playouts)));
                game.play(choices.into_iter().nth(i).unwrap());
            }
            lines.push(line);
        }
        assert_eq!(lines[0], lines[1], "{name}");
    }
}

#[test]
fn bit_playouts_stop_at_a_node_budget() {
    for (name, source) in variants() {
        let p = program(&source);
        let ([mut bits, _], start) = both(&p, name);
        bits.runner().set_budget(Budget {
            max_nodes: Some(300),
            ..Default::default()
        });
        let mut plies = 0;
        let stopped = (0..1000u64).find_map(|seed| {
            let mut rng = Rng::new(seed);
            match playout_from(&mut bits, &start, 0, &mut rng, None) {
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
fn rules_without_a_bit_form_keep_the_general_generator() {
    let o = othello();
    // Each with the construct that keeps it off bits, as `ply check` names it.
    for (what, why, source) in [
        (
            "cascading flips",
            "cascading flips",
            o.replace(
                "closed by own along all",
                "closed by own along all, cascading",
            ),
        ),
        (
            "an end rule",
            "an end rule (a flip game ends when neither side can move)",
            o.replace(
                "  no moves: pass",
                "  no moves: pass\n  draw if no empty squares",
            ),
        ),
        (
            "a where clause",
            "a `where` clause",
            o.replace(
                "place onto empty, must flip",
                "place onto empty, must flip, where to is not on the top edge",
            ),
        ),
        (
            "no flips needed",
            "a placement that need not flip",
            o.replace("place onto empty, must flip", "place onto empty"),
        ),
        (
            "a step with a where clause",
            "a `where` clause",
            breakthrough().replace(
                "forward-right onto enemy",
                "forward-right onto enemy, where to is not on the far row",
            ),
        ),
        (
            "a slide of two squares",
            "a slide of more than one square",
            breakthrough().replace(
                "  step along forward, forward-left, forward-right onto empty",
                "  slide along forward, forward-left, forward-right onto empty, distance 2",
            ),
        ),
        (
            "an end by regions of two sets",
            "an end rule that asks more than counts, rows and regions of pieces",
            hex().replace(
                "any regions of red pieces by",
                "any regions of red pieces or empty squares by",
            ),
        ),
        (
            "an end by regions one way",
            "an end rule that asks more than counts, rows and regions of pieces",
            hex().replace(
                "directions neighbours = up, down, left, right, up-right, down-left",
                "directions neighbours = up, down, left, right, up-right",
            ),
        ),
        (
            "a where clause two steps away",
            "a `where` clause that asks more than the square one step away",
            connect_four().replace("where down of to", "where 2 down of to"),
        ),
        (
            "flying kings and majority captures",
            "`identical captures are one move`",
            std::fs::read_to_string("rules/international-draughts.rules").unwrap(),
        ),
        (
            "long jumps and majority captures",
            "`taking the most`",
            std::fs::read_to_string("rules/turkish-draughts.rules").unwrap(),
        ),
        (
            "flying kings",
            "a slide of a distance that varies",
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
            "`identical captures are one move`",
            draughts().replace(
                "captures are mandatory\n",
                "captures are mandatory\nidentical captures are one move\n",
            ),
        ),
        (
            "a jump with a where clause",
            "a `where` clause",
            draughts().replace(
                "man: jump along forward-left, forward-right over enemy",
                "man: jump along forward-left, forward-right over enemy, where to is not on the far row",
            ),
        ),
        (
            "an end rule on kings",
            "an end rule that asks more than counts, rows and regions of pieces",
            draughts().replace(
                "  no moves: end ",
                "  draw if no own king pieces\n  no moves: end ",
            ),
        ),
    ] {
        let p = program(&source);
        let (runner, _) = ply::cases::game_start(&p, None).expect("a setup");
        let miss = runner.engine().form.clone().expect_err(what);
        assert!(miss.what.starts_with(why), "{what}: {}", miss.what);
        if let Some(span) = miss.span {
            assert!(span.start < span.end && span.end <= source.len(), "{what}");
        }
    }
}

/// The keys of the moves as their steps name them: the square left (or none), the square
/// landed on or placed on (none for a pass), the kind placed or moved.
fn keys_of_steps(c: &mut Compiled, pos: &Position) -> Vec<MoveKey> {
    let runner = c.runner();
    let mut steps = Vec::new();
    runner.moves(pos, usize::MAX, &mut steps).unwrap();
    steps
        .iter()
        .map(|m| match m.as_slice() {
            [] => MoveKey {
                from: NONE,
                to: NONE,
                kind: 0,
            },
            [st] => MoveKey {
                from: st.from,
                to: st.to,
                kind: match st.from {
                    NONE => st.kind,
                    from => runner.engine().p.kind_of(pos.cells[from as usize]),
                },
            },
            more => panic!("a move of {} steps", more.len()),
        })
        .collect()
}

#[test]
fn a_bit_form_names_its_moves_as_their_steps_do_and_plays_the_nth() {
    let mut named = 0;
    for (name, source) in variants() {
        let p = program(&source);
        let ([mut bits, mut general], start) = both(&p, name);
        for (i, pos) in positions(&mut general, &start, 9, 12).iter().enumerate() {
            let (keys, played, children) = ply::dispatch!(&mut bits, g => {
                let s = g.state(pos);
                let mut keys = Vec::new();
                let known = g.move_keys(&s, &mut keys).unwrap();
                let mut kids = Vec::new();
                g.children(&s, &mut kids).unwrap();
                let played: Vec<Position> = (0..kids.len())
                    .map(|k| {
                        let c = g.play_nth(&s, k).unwrap();
                        g.position(&c)
                    })
                    .collect();
                let children: Vec<Position> = kids.iter().map(|k| g.position(k)).collect();
                (known.then_some(keys), played, children)
            });
            assert_eq!(
                played, children,
                "{name}, position {i}: the nth move played"
            );
            if let Some(keys) = keys {
                if g_over(&mut general, pos) {
                    continue;
                }
                assert_eq!(
                    keys,
                    keys_of_steps(&mut general, pos),
                    "{name}, position {i}"
                );
                named += 1;
            }
        }
    }
    assert!(
        named > 50,
        "positions whose moves the bit forms named: {named}"
    );
}

/// True when the game is over at `pos`.
fn g_over(c: &mut Compiled, pos: &Position) -> bool {
    ply::dispatch!(c, g => {
        let s = g.state(pos);
        g.end(&s).unwrap().is_some()
    })
}
