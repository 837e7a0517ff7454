"""ply games registered with OpenSpiel.

    >>> import pyspiel, ply.openspiel
    >>> ply.openspiel.register("rules/breakthrough.rules", "ply_breakthrough")
    >>> game = pyspiel.load_game("ply_breakthrough")
    >>> pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)

After ``register``, ``pyspiel.load_game(name)`` returns the ply game as an OpenSpiel Python
game, so OpenSpiel's algorithms (``MCTSBot``, ``random_sim_test``, the evaluators) run on it
unchanged. The action space, the observation tensor and the returns are ply's
(``docs/python.md``).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel

from . import Game, PathOrText, load_game

__all__ = ["register", "game_type"]


def game_type(game: Game, name: str) -> "pyspiel.GameType":
    """The pyspiel GameType of a ply game."""
    t = game.get_type()
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if t.chance_mode ==
              "explicit_stochastic" else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    return pyspiel.GameType(
        short_name=name,
        long_name=t.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=t.max_num_players,
        min_num_players=t.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


def _game_info(game: Game) -> "pyspiel.GameInfo":
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=game.max_chance_outcomes(),
        num_players=game.num_players(),
        min_utility=game.min_utility(),
        max_utility=game.max_utility(),
        utility_sum=0.0,
        max_game_length=game.max_game_length(),
    )


def register(path_or_text: PathOrText, name: str, **params: Any) -> "pyspiel.Game":
    """Registers a rules file with OpenSpiel as ``name`` and returns the game
    (``pyspiel.load_game(name)`` returns it too). ``params`` are ``ply.load_game``'s.
    Registering a name again replaces the game it names."""
    ply_game = load_game(path_or_text, name=name, **params)
    gtype = game_type(ply_game, name)
    info = _game_info(ply_game)

    class PlyGame(pyspiel.Game):
        """A ply game as an OpenSpiel game."""

        def __init__(self, params: Optional[dict] = None):
            super().__init__(gtype, info, params or {})
            self.ply = ply_game

        def new_initial_state(self) -> "PlyState":
            return PlyState(self)

        def make_py_observer(self, iig_obs_type=None, params=None) -> "Observer":
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return Observer(ply_game, perfect_recall)

    PlyGame.__name__ = PlyGame.__qualname__ = f"PlyGame_{name}"
    pyspiel.register_game(gtype, PlyGame)
    return pyspiel.load_game(name)


class PlyState(pyspiel.State):
    """A ply state as an OpenSpiel state: every call goes to the Rust state ``self.s``
    (OpenSpiel clones a Python state by copying its attributes: the Rust state copies
    itself)."""

    def __init__(self, game):
        super().__init__(game)
        self.s = game.ply.new_initial_state()

    def current_player(self) -> int:
        return self.s.current_player()

    def _legal_actions(self, player: int) -> "list[int]":
        return self.s.legal_actions()

    def chance_outcomes(self) -> "list[tuple[int, float]]":
        return self.s.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.s.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.s.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.s.is_terminal()

    def returns(self) -> "list[float]":
        return self.s.returns()

    def __str__(self) -> str:
        return str(self.s)

    def _repr_svg_(self) -> str:
        return self.s._repr_svg_()


class Observer:
    """OpenSpiel's observer of a ply game: the observation tensor (one plane per side and
    kind, the side to move, the move begun, the rules' counters), and as a string the
    position (or, with perfect recall, every action so far)."""

    def __init__(self, game: Game, perfect_recall: bool):
        shape = tuple(game.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self._perfect_recall = perfect_recall

    def set_from(self, state: PlyState, player: int) -> None:
        self.tensor[:] = state.s.observation_tensor(player)

    def string_from(self, state: PlyState, player: int) -> str:
        if self._perfect_recall:
            return state.s.information_state_string(player)
        return state.s.observation_string(player)
