"""ply games inside OpenSpiel: registered by name, OpenSpiel's own consistency check on
every whole game in rules/, and OpenSpiel's MCTS bot playing one to the end."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the test command installs open-spiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import ply.openspiel  # noqa: E402
from conftest import game_id, rules, whole_games  # noqa: E402


def os_name(path):
    return "ply_" + game_id(path).replace("/", "_").replace("-", "_")


@pytest.mark.parametrize("path", whole_games(), ids=game_id)
def test_openspiel_random_sim_test_passes(path):
    game = ply.openspiel.register(path, os_name(path))
    assert pyspiel.load_game(os_name(path)).get_type().short_name == os_name(path)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_registered_game_has_plys_spaces():
    game = ply.openspiel.register(rules("othello"), "ply_othello_spaces")
    ours = ply.load_game(rules("othello"))
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.observation_tensor_shape() == ours.observation_tensor_shape()
    state = game.new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["D3", "C4", "F5", "E6"]
    tensor = np.array(state.observation_tensor())
    assert tensor.shape == (int(np.prod(ours.observation_tensor_shape())),)
    assert tensor.sum() > 0
    assert state.information_state_string() == ""
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string() == str(state.history()[0])


def play_mcts_against_random(name, path, seed):
    game = ply.openspiel.register(path, name)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=200, evaluator=evaluator,
                       random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns()


def test_openspiel_mcts_plays_a_ply_game_to_the_end_and_beats_random():
    results = [play_mcts_against_random("ply_connect_four_mcts", rules("connect-four"), s)[0]
               for s in range(6)]
    assert sum(r > 0 for r in results) >= 5, results


def test_openspiel_mcts_plays_through_chance_nodes():
    returns = play_mcts_against_random("ply_maedn_mcts", rules("maedn"), 1)
    assert abs(sum(returns)) < 1e-9 and max(returns) == 1
