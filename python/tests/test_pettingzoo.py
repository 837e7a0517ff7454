"""ply games as PettingZoo AEC environments: PettingZoo's own API and seed tests."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the test command installs pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import ply.pettingzoo  # noqa: E402
from conftest import game_id, rules, whole_games  # noqa: E402


@pytest.mark.parametrize("path", whole_games(), ids=game_id)
def test_pettingzoo_api_test_passes(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ply.pettingzoo.env(path), num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize("name", ["connect-four", "backgammon"])
def test_pettingzoo_seed_test_passes(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: ply.pettingzoo.env(rules(name)), num_cycles=50)


def test_the_mask_marks_the_legal_actions_of_the_agent_to_act():
    env = ply.pettingzoo.env(rules("hex"))
    env.reset(seed=3)
    obs, reward, terminated, truncated, info = env.last()
    assert env.agent_selection == env.possible_agents[0]
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() == 121
    assert obs["observation"].shape == (5, 11, 11)
    other = env.observe(env.possible_agents[1])
    assert other["action_mask"].sum() == 0


def test_renders_as_text_and_svg():
    env = ply.pettingzoo.env(rules("chess"), render_mode="ansi")
    env.reset()
    assert "white to move" in env.render()
    env = ply.pettingzoo.env(rules("chess"), render_mode="svg")
    env.reset()
    assert env.render().startswith("<svg")
    with pytest.raises(ValueError, match="render_mode"):
        ply.pettingzoo.env(rules("chess"), render_mode="rgb_array")
