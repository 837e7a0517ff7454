//! The learning environment's two ways of stepping a batch: games kept as a bit form's own
//! states (`env::lanes`) and games kept as moments of the general path (`env::moment`) play
//! the same games with the same numbers: the same legal actions, random actions, rewards,
//! ends and observations, step after step.

use ply::env::{Batch, open};

fn program(path: &str) -> &'static ply::program::Program {
    let source = std::fs::read_to_string(path).unwrap();
    let ast = ply::syntax::parse(&source).expect("rules parse");
    Box::leak(Box::new(ply::check::check(&ast).expect("rules check")))
}

#[test]
fn games_kept_as_bit_states_are_the_games_of_the_general_path() {
    for game in ["connect-four", "othello", "breakthrough"] {
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
            fast.mask(&mut env, &mut masks[0]).unwrap();
            slow.mask(&mut env, &mut masks[1]).unwrap();
            assert_eq!(masks[0], masks[1], "{game}, step {step}: legal actions");
            let mut obs = [vec![0.0; n * len], vec![0.0; n * len]];
            fast.observe(&mut env, &mut obs[0]).unwrap();
            slow.observe(&mut env, &mut obs[1]).unwrap();
            assert_eq!(obs[0], obs[1], "{game}, step {step}: observations");
            let mut actions = [vec![0; n], vec![0; n]];
            fast.random_actions(&mut env, &mut actions[0]).unwrap();
            slow.random_actions(&mut env, &mut actions[1]).unwrap();
            assert_eq!(
                actions[0], actions[1],
                "{game}, step {step}: random actions"
            );
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
