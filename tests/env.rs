//! The learning environment's two ways of stepping a batch: games kept as a bit form's own
//! states (`env::lanes`) and games kept as moments of the general path (`env::moment`) play
//! the same games with the same numbers: the same legal actions, random actions, rewards,
//! ends and observations, step after step; whether or not the legal actions are asked for
//! before a step, and whether the action taken is the one drawn or another.

use ply::env::{Batch, open};

fn program(path: &str) -> &'static ply::program::Program {
    let source = std::fs::read_to_string(path).unwrap();
    let ast = ply::syntax::parse(&source).expect("rules parse");
    Box::leak(Box::new(ply::check::check(&ast).expect("rules check")))
}

#[test]
fn games_kept_as_bit_states_are_the_games_of_the_general_path() {
    for game in ["connect-four", "othello", "breakthrough", "hex"] {
        let p = program(&format!("rules/{game}.rules"));
        let mut env = open(p, None, 5000).unwrap();
        let n = 16;
        let mut fast = Batch::new(&mut env, n, 3, 0).unwrap();
        let mut slow = Batch::general(&mut env, n, 3, 0).unwrap();
        assert!(
            fast.on_states() && !slow.on_states(),
            "{game}: kept as bit states"
        );
        let (size, len, sides) = (env.space.size(), env.planes.len(), env.sides());
        let mut ended_games = 0;
        for step in 0..400 {
            let mut masks = [vec![false; n * size], vec![false; n * size]];
            // Asked for at some steps only: the others are stepped with no action named.
            if step % 3 == 0 {
                fast.mask(&mut env, &mut masks[0]).unwrap();
                slow.mask(&mut env, &mut masks[1]).unwrap();
                assert_eq!(masks[0], masks[1], "{game}, step {step}: legal actions");
                let mut obs = [vec![0.0; n * len], vec![0.0; n * len]];
                fast.observe(&mut env, &mut obs[0]).unwrap();
                slow.observe(&mut env, &mut obs[1]).unwrap();
                assert_eq!(obs[0], obs[1], "{game}, step {step}: observations");
            }
            let mut actions = [vec![0; n], vec![0; n]];
            fast.random_actions(&mut env, &mut actions[0]).unwrap();
            slow.random_actions(&mut env, &mut actions[1]).unwrap();
            assert_eq!(
                actions[0], actions[1],
                "{game}, step {step}: random actions"
            );
            // At some steps each game takes its last legal action, not the one drawn.
            if step % 4 == 1 {
                slow.mask(&mut env, &mut masks[1]).unwrap();
                for (i, row) in masks[1].chunks(size).enumerate() {
                    let last = row.iter().rposition(|&legal| legal).unwrap() as i64;
                    actions[0][i] = last;
                    actions[1][i] = last;
                }
            }
            let mut rewards = [vec![0.0; n * sides], vec![0.0; n * sides]];
            let mut ended = [vec![false; n], vec![false; n]];
            let [r0, r1] = &mut rewards;
            let [e0, e1] = &mut ended;
            fast.step(&mut env, &actions[0], r0, e0).unwrap();
            slow.step(&mut env, &actions[1], r1, e1).unwrap();
            assert_eq!(rewards[0], rewards[1], "{game}, step {step}: rewards");
            assert_eq!(ended[0], ended[1], "{game}, step {step}: ends");
            ended_games += ended[0].iter().filter(|&&e| e).count();
        }
        assert_eq!(fast.finished, slow.finished);
        assert!(ended_games > n, "{game}: games ended: {ended_games}");
        let mut bad = vec![0i64; n];
        fast.random_actions(&mut env, &mut bad).unwrap();
        bad[3] = size as i64;
        let e = fast.step(
            &mut env,
            &bad,
            &mut vec![0.0; n * sides],
            &mut vec![false; n],
        );
        assert!(e.unwrap_err().to_string().starts_with("game 3:"), "{game}");
    }
}

#[test]
fn a_move_named_by_its_key_is_the_action_of_its_token() {
    use ply::env::action_space::Token;
    use ply::run::MoveKey;
    use ply::run::step::{NO_DIE, NO_KIND, NONE};
    // Placements of one kind and of several, steps, promotions (their first choice), dice.
    for game in [
        "connect-four",
        "breakthrough",
        "chess",
        "shogi",
        "backgammon",
        "amazons",
    ] {
        let p = program(&format!("rules/{game}.rules"));
        let env = open(p, None, 5000).unwrap();
        let space = &env.space;
        let n = env.compiled.engine().g.n as u32;
        let squares = || (0..n + 2).chain([NONE]);
        let mut named = 0;
        for from in squares() {
            for to in squares() {
                for kind in 0..4u8 {
                    let key = MoveKey { from, to, kind };
                    let token = match (from, to) {
                        (NONE, NONE) => Token::Pass,
                        (NONE, sq) => Token::Place { sq, kind },
                        (from, to) => Token::Move {
                            from,
                            to,
                            promo: NO_KIND,
                            die: NO_DIE,
                        },
                    };
                    let action = space.key_action(&key);
                    assert_eq!(action, space.encode(token), "{game}: {key:?}");
                    named += usize::from(action.is_some());
                }
            }
        }
        assert!(named > 1, "{game}: {named} keys named");
    }
}

#[test]
fn a_batch_game_remembers_its_positions_as_a_game_played_alone_does() {
    use ply::env::{Moment, Status};
    // Go's ko and chess's threefold repetition read the positions of the game so far: a
    // batch keeps them in the generator's memory of each game's lane, a game played alone in
    // its chain of positions. Both see the same legal actions and the same ends, games that
    // end at the cap and start again included.
    for (game, cap) in [("go", 150), ("chess", 90)] {
        let p = program(&format!("rules/{game}.rules"));
        let mut env = open(p, None, cap).unwrap();
        let (n, size, sides) = (5, env.space.size(), env.sides());
        let mut batch = Batch::general(&mut env, n, 5, 0).unwrap();
        let mut alone: Vec<Moment> = (0..n).map(|_| env.initial()).collect();
        let mut ends = 0;
        for step in 0..3 * cap {
            let mut mask = vec![false; n * size];
            batch.mask(&mut env, &mut mask).unwrap();
            for (i, m) in alone.iter_mut().enumerate() {
                let mut legal = Vec::new();
                env.legal(m, &mut legal).unwrap();
                let marked: Vec<u32> = (0..size as u32)
                    .filter(|&a| mask[i * size + a as usize])
                    .collect();
                assert_eq!(marked, legal, "{game}, step {step}, game {i}");
            }
            let mut actions = vec![0; n];
            batch.random_actions(&mut env, &mut actions).unwrap();
            let (mut rewards, mut ended) = (vec![0.0; n * sides], vec![false; n]);
            batch
                .step(&mut env, &actions, &mut rewards, &mut ended)
                .unwrap();
            for (i, m) in alone.iter_mut().enumerate() {
                env.apply(m, actions[i] as u32).unwrap();
                let returns = match &*env.status(m).unwrap() {
                    Status::Over(returns) => Some(returns.clone()),
                    _ => None,
                };
                assert_eq!(returns.is_some(), ended[i], "{game}, step {step}, game {i}");
                if let Some(returns) = returns {
                    let got: Vec<f64> = rewards[i * sides..(i + 1) * sides]
                        .iter()
                        .map(|&r| f64::from(r))
                        .collect();
                    assert_eq!(got, returns, "{game}, step {step}, game {i}");
                    *m = env.initial();
                    ends += 1;
                }
            }
        }
        assert!(ends >= n, "{game}: {ends} games ended");
    }
}
