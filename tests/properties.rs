//! Properties that tie two ways of computing the same thing together (in the style of
//! cozy-chess's tests): a fast path against the general one, memoised counting against
//! plain enumeration.

fn program(source: &str) -> ply::program::Program {
    let ast = ply::syntax::parse(source).expect("rules parse");
    ply::check::check(&ast).expect("rules check")
}

fn run(source: &str, input: &str) -> String {
    let p = program(source);
    let mut out = Vec::new();
    ply::cases::run_cases(
        &p,
        &mut input.as_bytes(),
        &mut out,
        ply::run::Budget::default(),
    )
    .expect("run succeeds");
    String::from_utf8(out).unwrap()
}

mod common;
use common::Lcg;

fn rules(name: &str) -> String {
    std::fs::read_to_string(format!("rules/{name}.rules")).unwrap()
}

#[test]
fn line_counts_agree_with_the_general_distance_expression() {
    let fast = rules("lines-of-action");
    // `+ 0` makes the distance a general expression instead of the per-line count table.
    let general = fast.replace(
        "distance count pieces on line",
        "distance count pieces on line + 0",
    );
    assert_ne!(fast, general);
    let mut rng = Lcg(7);
    let mut input = String::new();
    for _ in 0..300 {
        let density = rng.below(100);
        for _ in 0..8 {
            for _ in 0..8 {
                let c = if rng.below(100) < density {
                    if rng.below(2) == 0 { 'X' } else { 'O' }
                } else {
                    '.'
                };
                input.push(c);
            }
            input.push('\n');
        }
        input.push_str(if rng.below(2) == 0 { "X\n" } else { "O\n" });
    }
    let a = run(&fast, &input);
    assert!(a.lines().count() > 300, "the boards have moves");
    assert_eq!(a, run(&general, &input));
}

fn draughts_boards(rng: &mut Lcg, n: usize) -> String {
    let mut input = format!("{n}\n");
    for _ in 0..n {
        let blacks = 1 + rng.below(14);
        let mut cells = [b'.'; 64];
        cells[rng.below(64)] = b'o';
        for _ in 0..blacks {
            let sq = rng.below(64);
            if cells[sq] == b'.' {
                cells[sq] = b'x';
            }
        }
        for row in cells.chunks(8) {
            input.push_str(std::str::from_utf8(row).unwrap());
            input.push('\n');
        }
        input.push('\n');
    }
    input
}

#[test]
fn memoised_chain_counts_agree_with_enumeration() {
    for name in [
        "turkish-draughts-captures",
        "variants/turkish-draughts-captures-u-turns",
    ] {
        let base = rules(name);
        let line = "\"{count moves where no enemy pieces}\"";
        assert!(base.contains(line));
        // `count moves` walks every sequence; `count moves where 1 = 1` counts by memo.
        let both = base.replace(line, "\"{count moves} {count moves where 1 = 1}\"");
        let mut rng = Lcg(11);
        let out = run(&both, &draughts_boards(&mut rng, 400));
        let mut nonzero = 0;
        for l in out.lines() {
            let (walked, memo) = l.split_once(' ').unwrap();
            assert_eq!(walked, memo, "{name}: enumeration and memo disagree");
            nonzero += (walked != "0") as usize;
        }
        assert!(
            nonzero > 50,
            "{name}: too few boards with captures ({nonzero})"
        );
    }
}

#[test]
fn captured_pieces_left_until_the_end_block_later_jumps() {
    // With `at end of move`, a captured piece stays until the move ends: it cannot be
    // jumped again and blocks a landing, so the count can only go down.
    let once = rules("variants/turkish-draughts-captures-u-turns");
    let later = once.replace(
        "captured pieces leave at once",
        "captured pieces leave at end of move",
    );
    assert_ne!(once, later);
    let count = "\"{count moves where no enemy pieces}\"";
    let all = "\"{count moves}\"";
    let mut rng = Lcg(5);
    let input = draughts_boards(&mut rng, 300);
    let a = run(&once.replace(count, all), &input);
    let b = run(&later.replace(count, all), &input);
    let mut fewer = 0;
    for (x, y) in a.lines().zip(b.lines()) {
        let (x, y): (u64, u64) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(
            y <= x,
            "leaving pieces until the end cannot add moves ({y} > {x})"
        );
        fewer += (y < x) as usize;
    }
    assert!(fewer > 0, "some board must lose sequences when pieces stay");
}

#[test]
fn counted_steps_agree_with_walking() {
    let source = "board 3 x 3
squares row number, column number
sides black \"X\", white \"O\"
direction a = 2 1, b = -3 -1, c = 0 5, d = -7 0, e = 1048576 -1
move slide along all, a, b, c, d, e
input repeat until end grid mover
output \"{count moves}\"
";
    let p = program(source);
    for (rows, cols) in [(1, 1), (1, 9), (9, 1), (3, 3), (8, 8), (7, 26), (40, 33)] {
        let g = ply::compile::geometry::Geometry::new(&p, rows, cols).unwrap();
        for (d, dir) in p.directions.iter().enumerate() {
            for sq in 0..g.n {
                let (r, c) = ((sq as u32 / cols) as i64, (sq as u32 % cols) as i64);
                let on = |k: i64| {
                    let (r, c) = (r + k * dir.dr as i64, c + k * dir.dc as i64);
                    r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64
                };
                let walked = (1..).take_while(|&k| on(k)).count() as u32;
                assert_eq!(
                    g.steps[d * g.n + sq],
                    walked,
                    "{rows}x{cols} {dir:?} from {sq}"
                );
            }
        }
    }
}

/// Random plies of the general generator (moves of one step each tried in random order until
/// one is legal, placements drawn as a candidate and a square, moves in parts counted and
/// the one drawn walked to): every move so chosen is one of the legal moves (the positions
/// after them, as the general walk makes them), and every legal move is chosen about as
/// often (draughts: a position with no capture on has its steps tried one at a time).
#[test]
fn random_moves_are_the_legal_moves() {
    use ply::run::{Generator, Ply};
    for name in [
        "go",
        "chess",
        "connect-four",
        "breakthrough",
        "othello",
        "hex",
        "amazons",
        "international-draughts",
        "turkish-draughts",
    ] {
        let p = program(&rules(name));
        let (mut runner, mut pos) = ply::cases::game_start(&p, None).expect("a setup");
        let mut rng = ply::run::rng::Rng::new(11);
        let mut after = Vec::new();
        runner.forget_game();
        for ply in 0..120 {
            runner.children(&pos, &mut after).unwrap();
            let mut next = pos.clone();
            if runner.random_ply(&mut next, &mut rng, None).unwrap() != Ply::Played {
                assert!(
                    after.is_empty(),
                    "{name}: ply {ply}: a legal move was missed"
                );
                break;
            }
            runner.forget_last();
            assert!(after.contains(&next), "{name}: ply {ply}: not a legal move");
            if ply == 30 {
                // Many draws from one position reach every legal move, each about as often
                // (40 times expected: within four standard deviations).
                let mut seen = vec![0; after.len()];
                for _ in 0..after.len() * 40 {
                    let mut m = pos.clone();
                    runner.random_ply(&mut m, &mut rng, None).unwrap();
                    runner.forget_last();
                    seen[after.iter().position(|a| *a == m).unwrap()] += 1;
                }
                let (least, most) = (seen.iter().min().unwrap(), seen.iter().max().unwrap());
                assert!(
                    *least >= 15 && *most <= 65,
                    "{name}: legal moves drawn from {least} to {most} times in {} draws",
                    after.len() * 40
                );
            }
            Generator::remember(&mut runner, &pos);
            pos = next;
        }
        runner.forget_game();
    }
}

/// A placement drawn at random as a square is the first step of its move, as a listed one
/// is: the position after it is one of the positions after the legal moves, its plies
/// without capture counted, and a game drawn after four such plies ends after four.
#[test]
fn placements_drawn_as_squares_are_whole_moves() {
    use ply::run::{Generator, Ply};
    let p = program(
        "board 5 x 5\nsides white \"W\", black \"B\"\nsetup empty\nmove place onto empty\n\
         game\n  draw if plies without capture >= 4\n",
    );
    let (mut runner, start) = ply::cases::game_start(&p, None).expect("a setup");
    let mut after = Vec::new();
    for seed in 1..=20 {
        let (mut rng, mut pos) = (ply::run::rng::Rng::new(seed), start.clone());
        runner.forget_game();
        let mut plies = 0;
        loop {
            runner.children(&pos, &mut after).unwrap();
            let mut next = pos.clone();
            if runner.random_ply(&mut next, &mut rng, None).unwrap() != Ply::Played {
                break;
            }
            assert!(
                after.contains(&next),
                "seed {seed} ply {plies}: not a legal move"
            );
            Generator::remember(&mut runner, &pos);
            pos = next;
            plies += 1;
        }
        assert_eq!(plies, 4, "seed {seed}: the game's length");
    }
}

/// `N SET in a row` on boards of at most 128 squares is worked out on bits; it must agree
/// with the square-by-square walk, for every board shape, direction (knight steps too) and
/// run length.
#[test]
fn rows_in_bits_agree_with_rows_walked() {
    use ply::run::eval::Row;
    use ply::run::general::counts::{in_a_row, in_a_row_walked};
    let mut rng = Lcg(19);
    for (rows, cols) in [(6, 7), (8, 8), (1, 9), (11, 11), (3, 40), (16, 8)] {
        let source = format!(
            "board {rows} x {cols}\nsquares row number, column number\nsides x \"X\", o \"O\"\ndirections knight = 1 2, 2 1, -1 2, -2 1\nsetup empty\n\
             game\n  x wins if 3 x pieces in a row along all\n  o wins if 4 o pieces in a row along knight"
        );
        let p = program(&source);
        let engine = ply::compile::Engines::new(&p).get(rows, cols).unwrap();
        assert!(
            !engine.g.step_bits.is_empty(),
            "{rows} x {cols} fits in bits"
        );
        let dir_sets: Vec<Vec<u16>> = (0..p.directions.len() as u16)
            .map(|d| vec![d])
            .chain([(0..p.directions.len() as u16).collect()])
            .collect();
        for _ in 0..300 {
            let mut pos = ply::run::Position::empty(engine.g.n, p.piece_codes(), 0);
            let density = rng.below(100);
            for sq in 0..engine.g.n {
                if rng.below(100) < density {
                    pos.set(sq, 1 + rng.below(2) as u8);
                }
            }
            for n in 1..6 {
                for dirs in &dir_sets {
                    for side in 0..2 {
                        let f = ply::program::SetFilter::Own;
                        assert_eq!(
                            in_a_row(
                                &engine,
                                &pos,
                                side,
                                Row {
                                    n,
                                    members: f,
                                    dirs,
                                    exactly: false
                                }
                            ),
                            in_a_row_walked(&engine, &pos, side, n, f, dirs),
                            "{rows} x {cols}, {n} in a row along {dirs:?}"
                        );
                    }
                }
            }
        }
    }
}

/// `any regions of ... containing ... touching ...` stops at the first region found and
/// keeps the squares that made it, to answer later positions without a search while those
/// squares still stand: on boards of walls drawn at random (one runner for all, so the
/// squares kept from one board are tried on the next) it must agree with counting the
/// regions in full.
#[test]
fn regions_found_early_agree_with_regions_counted() {
    let count = |side: &str| {
        format!(
            "count regions of empty squares or pawn pieces on lanes by orthogonal \
             containing {side} pawn pieces touching the far row of {side}"
        )
    };
    let mut source = rules("quoridor");
    source.push_str(&format!(
        "output\n  \"white yes\" if reaches of white\n  \"black yes\" if reaches of black\n  \"{{{}}} {{{}}}\"\n  \"end\"\n",
        count("white"),
        count("black")
    ));
    let mut rng = Lcg(5);
    let mut input = String::new();
    let boards = 400;
    for _ in 0..boards {
        let density = 20 + rng.below(60);
        let mut grid = [[b'.'; 17]; 17];
        for (r, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                if (r % 2 == 1 || c % 2 == 1) && rng.below(100) < density {
                    *cell = if rng.below(2) == 0 { b'w' } else { b'b' };
                }
            }
        }
        for pawn in [b'W', b'B'] {
            let (r, c) = (2 * rng.below(9), 2 * rng.below(9));
            grid[r][c] = pawn;
        }
        for row in grid {
            input.push_str(std::str::from_utf8(&row).unwrap());
            input.push('\n');
        }
        input.push_str(if rng.below(2) == 0 { "W\n" } else { "B\n" });
    }
    let (reached, cut) = answers_agree(&run(&source, &input), ["white", "black"]);
    assert_eq!(reached + cut, 2 * boards, "every board answered");
    assert!(
        reached > boards / 4 && cut > boards / 4,
        "{reached} reached, {cut} cut off"
    );
}

/// Each case of `out` ("SIDE yes" lines, then the regions counted for each side, then
/// "end"): every side's yes agrees with its count; how many said yes and how many no.
fn answers_agree(out: &str, sides: [&str; 2]) -> (usize, usize) {
    let each = answers_of(out, &sides);
    (
        each.iter().map(|a| a.0).sum(),
        each.iter().map(|a| a.1).sum(),
    )
}

/// [`answers_agree`] for any number of names: how many cases said yes and no for each.
fn answers_of(out: &str, names: &[&str]) -> Vec<(usize, usize)> {
    let mut answers = vec![(0, 0); names.len()];
    for case in out.split("end\n").filter(|c| !c.is_empty()) {
        let said: Vec<&str> = case.lines().collect();
        let counts: Vec<u64> = said[said.len() - 1]
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(counts.len(), names.len(), "a count for each name\n{case}");
        for ((name, n), a) in names.iter().zip(counts).zip(&mut answers) {
            let yes = said.contains(&format!("{name} yes").as_str());
            assert_eq!(yes, n > 0, "{name}: {n} regions counted\n{case}");
            if yes { a.0 += 1 } else { a.1 += 1 }
        }
    }
    answers
}

/// `any regions ... touching ...` searches only around the squares that changed since the
/// last position where it found none, and keeps the regions while positions only gain
/// stones: along random Hex games (each position one stone more than the last, one runner
/// for all games, so each game starts by taking stones away; every other game then played
/// back, a stone fewer each time) it must agree with counting the regions in full.
#[test]
fn regions_searched_around_changes_agree_with_regions_counted() {
    let region = |side: &str, edges: &str| {
        format!("regions of {side} pieces by neighbours touching the {edges}")
    };
    let red = region("red", "top edge and the bottom edge");
    let blue = region("blue", "left edge and the right edge");
    let mut source = rules("hex");
    let at = source.find("\noutput").map_or(source.len(), |i| i + 1);
    source.truncate(at);
    source.push_str(&format!(
        "output\n  \"red yes\" if any {red}\n  \"blue yes\" if any {blue}\n  \"{{count {red}}} {{count {blue}}}\"\n  \"end\"\n"
    ));
    let mut rng = Lcg(23);
    let (mut input, mut cases) = (String::new(), 0);
    for game_no in 0..12 {
        let mut order: Vec<usize> = (0..121).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut grid = [b'.'; 121];
        let mut game = Vec::new();
        for (ply, &sq) in order.iter().enumerate() {
            grid[sq] = if ply % 2 == 0 { b'R' } else { b'B' };
            game.push((grid, ply));
        }
        let back = game.iter().rev().skip(1);
        let played = game
            .iter()
            .chain(back.take(if game_no % 2 == 1 { 121 } else { 0 }));
        for (grid, ply) in played {
            for row in grid.chunks(11) {
                input.push_str(std::str::from_utf8(row).unwrap());
                input.push('\n');
            }
            input.push_str(if ply % 2 == 0 { "B\n" } else { "R\n" });
            cases += 1;
        }
    }
    let (won, open) = answers_agree(&run(&source, &input), ["red", "blue"]);
    assert_eq!(won + open, 2 * cases, "every position answered");
    // A random game joins its edges only near its end (the board full, one side has).
    assert!(won > cases / 20 && open > cases, "{won} joined, {open} not");
}

/// `any regions ...` that asks a region's liberties, border or size searches only the
/// regions around the squares that changed since the last position where it found none:
/// along boards that each differ from the last by a few stones placed or taken (one runner
/// for all of them), it must agree with counting the regions in full.
#[test]
fn regions_asked_around_changes_agree_with_regions_counted() {
    let asked = [
        (
            "dead",
            "regions of black pieces by orthogonal with no empty neighbour",
        ),
        (
            "walled",
            "regions of empty squares by orthogonal bordered only by white",
        ),
        (
            "big",
            "regions of white pieces by orthogonal with size >= 5",
        ),
        (
            "lone",
            "regions of black pieces by diagonal bordered by nothing with size >= 3",
        ),
    ];
    let mut source = rules("go");
    let at = source.find("\noutput").map_or(source.len(), |i| i + 1);
    source.truncate(at);
    source.push_str("output\n");
    for (name, q) in asked {
        source.push_str(&format!("  \"{name} yes\" if any {q}\n"));
    }
    let counts: Vec<String> = asked
        .iter()
        .map(|(_, q)| format!("{{count {q}}}"))
        .collect();
    source.push_str(&format!("  \"{}\"\n  \"end\"\n", counts.join(" ")));
    let mut rng = Lcg(41);
    let (mut input, mut grid) = (String::new(), [b'.'; 81]);
    let cases = 1500;
    for case in 0..cases {
        // A few stones placed or taken; now and then a crowded board or an empty one.
        match case % 200 {
            0 => grid = [b'.'; 81],
            100 => grid.iter_mut().for_each(|c| *c = b"XO."[rng.below(3)]),
            _ => {
                for _ in 0..1 + rng.below(3) {
                    grid[rng.below(81)] = b"XO.."[rng.below(4)];
                }
            }
        }
        for row in grid.chunks(9) {
            input.push_str(std::str::from_utf8(row).unwrap());
            input.push('\n');
        }
        input.push_str(if case % 2 == 0 { "X\n" } else { "O\n" });
    }
    let names: Vec<&str> = asked.iter().map(|(name, _)| *name).collect();
    let answers = answers_of(&run(&source, &input), &names);
    for (name, (yes, no)) in names.iter().zip(answers) {
        assert_eq!(yes + no, cases, "{name}: every board answered");
        assert!(
            yes > cases / 20 && no > cases / 20,
            "{name}: {yes} yes, {no} no"
        );
    }
}

/// A child made alone (`Generator::play_nth`, the general walk halted at the `k`-th move,
/// the moves before it counted, not made) is the `k`-th of the children listed in full, in
/// every whole game shipped, at the setup and along a random game; asking past the last
/// move is an error.
#[test]
fn the_nth_child_made_alone_is_the_nth_child() {
    use ply::run::{Generator, Ply};
    let mut checked = 0;
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rules") {
            continue;
        }
        let p = program(&std::fs::read_to_string(&path).unwrap());
        if p.game.is_none() {
            continue;
        }
        let name = path.display();
        let (mut runner, mut pos) = ply::cases::game_start(&p, None).expect("a setup");
        let mut rng = ply::run::rng::Rng::new(5);
        runner.forget_game();
        let mut kids = Vec::new();
        for ply in 0..60 {
            let rolls = runner.outcomes(&pos).unwrap();
            if rolls > 0 {
                pos = runner.rolled(&pos, rng.below(rolls as u64) as usize);
            }
            if ply % 3 == 0 {
                runner.children(&pos, &mut kids).unwrap();
                for (k, kid) in kids.iter().enumerate() {
                    let alone = runner.play_nth(&pos, k).unwrap();
                    assert_eq!(&alone, kid, "{name}: ply {ply}: move {k} of {}", kids.len());
                    checked += 1;
                }
                assert!(
                    runner.play_nth(&pos, kids.len()).is_err(),
                    "{name}: ply {ply}: a move past the last"
                );
            }
            if runner.random_ply(&mut pos, &mut rng, None).unwrap() != Ply::Played {
                break;
            }
        }
    }
    assert!(checked > 10_000, "children checked: {checked}");
}

/// Under `legal if no own KIND pieces attacked`, moves known legal without making them
/// (the guarded piece not attacked, the piece moved not pinned) are counted as the general
/// question counts them: each game with such a guard against a twin whose `legal if` asks
/// one thing more, which no guard reads, by perft(1) and perft(2) along random games.
#[test]
fn moves_known_legal_agree_with_moves_asked() {
    let mut checked = 0;
    for name in ["chess", "crazyhouse", "shogi", "xiangqi"] {
        let source = rules(name);
        let guard = "legal if no own ";
        let at = source.find(guard).expect("a guard");
        let end = at + source[at..].find(['#', '\n']).unwrap();
        let twin = format!(
            "{} and count own pieces >= 0 {}",
            source[..end].trim_end(),
            &source[end..]
        );
        checked += perfts_agree(name, (&program(&source), &program(&twin)), (6, 160, 5));
    }
    assert!(checked > 400, "positions checked: {checked}");
}

/// Perft 1 and 2 of `p` and `q` (rules that must find the same moves), from every `every`-th
/// position of random games of `p` (`seeds` of them, `plies` long at most): how many were
/// compared.
fn perfts_agree(
    name: &str,
    (p, q): (&ply::program::Program, &ply::program::Program),
    (seeds, plies, every): (u64, usize, usize),
) -> usize {
    use ply::run::query::perft::{Levels, perft};
    use ply::run::{Generator, Ply};
    let (mut first, _) = ply::cases::game_start(p, None).expect("a setup");
    let (mut twin, _) = ply::cases::game_start(q, None).expect("a setup");
    let (mut l1, mut l2) = (Levels::default(), Levels::default());
    let mut checked = 0;
    for seed in 1..=seeds {
        let mut rng = ply::run::rng::Rng::new(seed);
        let (_, mut pos) = ply::cases::game_start(p, None).expect("a setup");
        first.forget_game();
        for ply in 0..plies {
            if ply % every == 0 {
                for depth in [1, 2] {
                    let a = perft(&mut first, &pos, depth, &mut l1).unwrap();
                    let b = perft(&mut twin, &pos, depth, &mut l2).unwrap();
                    assert_eq!(a, b, "{name}: seed {seed} ply {ply}: perft({depth})");
                    checked += 1;
                }
            }
            if first.random_ply(&mut pos, &mut rng, None).unwrap() != Ply::Played {
                break;
            }
        }
    }
    checked
}

/// A `where` condition that asks of the move only the block its `to` is on is worked out
/// once per block of a position (`KindAction::by_block`): the moves must be those found by
/// the same conditions asked square by square (each joined to a clause about `to` itself,
/// always false, that keeps them from being kept per block).
#[test]
fn conditions_kept_per_block_agree_with_conditions_asked_per_square() {
    let source = rules("ultimate-tic-tac-toe");
    let (a, b) = (
        "where the block of to is not finished",
        "or to is on the block matching last to)",
    );
    assert!(
        source.contains(a) && source.contains(b),
        "the clauses of the rules file"
    );
    let twin = source
        .replace(
            a,
            "where (the block of to is not finished or to is off the board)",
        )
        .replace(
            b,
            "or to is on the block matching last to or to is off the board)",
        );
    let (p, q) = (program(&source), program(&twin));
    let kept = |p: &ply::program::Program| p.moves[0].actions[0].by_block.count_ones();
    assert_eq!((kept(&p), kept(&q)), (2, 0), "conditions kept per block");
    let checked = perfts_agree("ultimate tic-tac-toe", (&p, &q), (8, 81, 1));
    assert!(checked > 400, "positions checked: {checked}");
}

/// A walk that counts moves counts the steps of a last part of slides or placements along
/// directions without listing them (`Gen::count_part`: Amazons' arrows); the counts must be
/// those of a twin whose arrow has a `where` clause, always true, that has it listed.
#[test]
fn last_parts_counted_unlisted_agree_with_last_parts_listed() {
    let source = rules("amazons");
    let arrow = "then arrow: place along all over empty onto empty";
    assert!(source.contains(arrow), "the arrow of the rules file");
    let twin = source.replace(arrow, &format!("{arrow}, where to is not off the board"));
    let (p, q) = (program(&source), program(&twin));
    assert!(
        q.moves[0].then[0][0].conditions.len() == 1,
        "the twin's arrow asks"
    );
    let checked = perfts_agree("amazons", (&p, &q), (3, 70, 7));
    assert!(checked > 40, "positions checked: {checked}");
}

/// A random move of several parts is drawn part by part (a first step, then an index below
/// each later part's bound, see `PartBounds`): every move of every statement must still be
/// drawn about as often, on a small board where the arrows a landing square offers differ
/// from square to square and from statement to statement.
#[test]
fn moves_drawn_part_by_part_are_as_likely_as_each_other() {
    let source = r#"board 5 x 5
squares column letter + row number from the bottom
sides white, black
kinds queen, king, arrow
pieces "Q" white queen, "q" black queen, "K" white king, "k" black king, "w" white arrow, "b" black arrow
setup
  white queen on "A1"
  white king on "E1"
  black queen on "E5"
  black king on "A5"

move
  queen: slide along all over empty onto empty
  then arrow: place along all over empty onto empty
move
  king: step along all onto empty
  then arrow: place along all over empty onto empty

game
  no moves: lose
"#;
    drawn_as_often(source, 12, |_, _| ());
}

/// As above where a later part is drawn by its number without listing it (`Gen::nth_step`):
/// a part of two actions (a slide of any distance, then a placement one square away: the
/// number falls in one action's share), and a part that places on any empty square.
#[test]
fn steps_of_later_parts_found_by_number_are_as_likely_as_each_other() {
    let head = r#"board 4 x 4
squares column letter + row number from the bottom
sides white, black
kinds queen, arrow
pieces "Q" white queen, "q" black queen, "w" white arrow, "b" black arrow
setup
  white queen on "A1", "D1"
  black queen on "D4", "A4"
"#;
    let two_actions = "move
  queen: slide along all over empty onto empty
  then queen: slide along orthogonal over empty onto empty
  arrow: place along diagonal distance 1 onto empty
game
  no moves: lose
";
    let anywhere = "move
  queen: step along all onto empty
  then arrow: place onto empty
game
  no moves: lose
";
    drawn_as_often(&format!("{head}\n{two_actions}"), 9, |_, _| ());
    drawn_as_often(&format!("{head}\n{anywhere}"), 9, |_, _| ());
}

/// As above where the game may end between parts: a placement that makes a row ends the
/// game, and with it the move, before its turn of a block; that move must be drawn as often
/// as one of the eight that turn a block after a placement.
#[test]
fn a_move_the_game_ends_between_parts_of_is_drawn_as_often_as_a_whole_one() {
    let source = r#"board 4 x 4
blocks 2 x 2
squares column letter + row number
sides white "O", black "@"
setup
  "@@.."
  "...."
  "...."
  "OO.."

move
  place onto empty
  then rotate a block a quarter turn either way

let three of S = 3 S pieces in a row along orthogonal, diagonal

game
  may end between parts if three of white or three of black
  draw if three of white and three of black
  white wins if three of white
  black wins if three of black
  draw if no empty squares
"#;
    drawn_as_often(source, 1, |ply, moves| {
        // White places on C4 to win: 11 placements of 8 turns each, and that one.
        assert_eq!((ply, moves), (0, 89), "the moves of the first position");
    });
}

/// Plays `plies` random plies of the game `source`, and every fourth checks that its moves
/// are drawn about as often as each other (moves that lead to one position counted
/// together); `seen(ply, moves)` is told how many moves each checked position has.
fn drawn_as_often(source: &str, plies: usize, seen: impl Fn(usize, usize)) {
    use ply::run::{Generator, Ply};
    let p = program(source);
    let (mut runner, mut pos) = ply::cases::game_start(&p, None).expect("a setup");
    assert!(
        runner.engine().part_bounds.is_some(),
        "the moves are drawn part by part"
    );
    let mut rng = ply::run::rng::Rng::new(3);
    let mut after = Vec::new();
    runner.forget_game();
    for ply in 0..plies {
        runner.children(&pos, &mut after).unwrap();
        if ply % 4 == 0 {
            seen(ply, after.len());
            // 100 draws of each move expected: every move drawn, and Pearson's statistic
            // within six deviations of its mean (the degrees of freedom). Moves drawn by a
            // uniform first step and then a uniform arrow are far outside.
            const EACH: usize = 100;
            let mut distinct: Vec<(&ply::run::Position, usize)> = Vec::new();
            for a in &after {
                match distinct.iter_mut().find(|(d, _)| *d == a) {
                    Some((_, n)) => *n += 1,
                    None => distinct.push((a, 1)),
                }
            }
            let mut drawn = vec![0usize; distinct.len()];
            for _ in 0..after.len() * EACH {
                let mut m = pos.clone();
                assert_eq!(
                    runner.random_ply(&mut m, &mut rng, None).unwrap(),
                    Ply::Played
                );
                runner.forget_last();
                let i = distinct.iter().position(|(a, _)| **a == m);
                drawn[i.unwrap_or_else(|| panic!("ply {ply}: not a legal move"))] += 1;
            }
            let chi2: f64 = drawn
                .iter()
                .zip(&distinct)
                .map(|(&o, &(_, n))| {
                    let expected = (n * EACH) as f64;
                    (o as f64 - expected).powi(2) / expected
                })
                .sum();
            let df = (distinct.len() - 1) as f64;
            assert!(
                drawn.iter().all(|&o| o > 0) && chi2 < df + 6.0 * (2.0 * df).sqrt(),
                "ply {ply}: {} moves, chi-square {chi2:.0} on {df} degrees of freedom",
                after.len()
            );
        }
        let mut next = pos.clone();
        if runner.random_ply(&mut next, &mut rng, None).unwrap() != Ply::Played {
            break;
        }
        Generator::remember(&mut runner, &pos);
        pos = next;
    }
}
