"""ply games as PettingZoo AEC environments.

    >>> import ply.pettingzoo
    >>> env = ply.pettingzoo.env("rules/connect-four.rules")
    >>> env.reset(seed=1)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are the rules' sides by name. An observation is a dict: ``observation`` (float32, the
game's observation tensor shape) and ``action_mask`` (int8, one per action). Rolls of dice are
made inside the environment with its random numbers (``reset(seed=...)``), so every agent
step is a decision. Rewards come at the end: 1 to the winner, ``-1/(sides-1)`` to a loser, 0
in a draw; a game that reaches its move limit ends as the rules end it (terminated).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from . import Game, PathOrText, load_game

__all__ = ["env", "PlyEnv"]


def env(path_or_text: "PathOrText | Game", render_mode: Optional[str] = None,
        **params: Any) -> "PlyEnv":
    """A PettingZoo AEC environment of a rules file (or of a game ``ply.load_game`` made);
    ``params`` are ``ply.load_game``'s."""
    game = path_or_text if isinstance(path_or_text, Game) else load_game(path_or_text, **params)
    return PlyEnv(game, render_mode=render_mode)


class PlyEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "svg"], "name": "ply", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: Optional[str] = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: ply renders 'ansi' (text) or 'svg'")
        self.metadata = dict(self.metadata, name=f"ply_{game}")
        self.game = game
        self.render_mode = render_mode
        self.possible_agents = list(game.side_names())
        shape = tuple(game.observation_tensor_shape())
        n = game.num_distinct_actions()
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(
                    low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self._state = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self._action_spaces[agent]

    def _settle(self) -> None:
        """Makes the rolls the game waits for."""
        while self._state.is_chance_node():
            outcomes = self._state.chance_outcomes()
            i = int(self.np_random.integers(len(outcomes)))
            self._state.apply_action(outcomes[i][0])

    def _select(self) -> None:
        """The agent to act: the side to move, or, at the end, the next agent in turn."""
        player = self._state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        else:
            self.agent_selection = self._agent_selector_next()

    def _agent_selector_next(self) -> str:
        live = [a for a in self.agents if a in self.terminations]
        if not live:
            return self.agent_selection
        if self.agent_selection in live:
            i = live.index(self.agent_selection)
            return live[(i + 1) % len(live)]
        return live[0]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self._state = self.game.new_initial_state()
        self._settle()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent: str) -> dict:
        player = self.possible_agents.index(agent)
        obs = self._state.observation_array(player).astype(np.float32, copy=False)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self._state.current_player() == player:
            mask[self._state.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._state.apply_action(int(action))
        self._settle()
        if self._state.is_terminal():
            for a, r in zip(self.possible_agents, self._state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        self._accumulate_rewards()
        self._select()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'ansi' or 'svg'")
            return None
        if self._state is None:
            return ""
        if self.render_mode == "svg":
            return self._state._repr_svg_()
        return str(self._state)

    def close(self) -> None:
        pass
