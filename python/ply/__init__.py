"""ply's board games in Python.

``ply.load_game(path_or_text)`` compiles a rules file into a game whose objects follow
pyspiel's API (``new_initial_state``, ``legal_actions``, ``apply_action``, ...), with a fixed
action space and observation tensor derived from the rules (see ``docs/python.md``).
``ply.openspiel.register`` hands a game to OpenSpiel, ``ply.pettingzoo.env`` makes a
PettingZoo AEC environment of it, and ``Game.batch(n)`` steps n games together in Rust with
numpy arrays in and out.

    >>> import ply
    >>> game = ply.load_game("rules/connect-four.rules")
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.legal_actions()[0])
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Optional, Union

from . import _ply
from ._ply import IllegalActionError, PlyError, RulesError, State

__all__ = [
    "load_game",
    "Game",
    "GameType",
    "State",
    "RulesError",
    "IllegalActionError",
    "PlyError",
]

PathOrText = Union[str, bytes, "os.PathLike[str]"]


@dataclass(frozen=True)
class GameType:
    """What kind of game it is, with pyspiel's GameType fields (as words)."""

    short_name: str
    long_name: str
    dynamics: str
    chance_mode: str
    information: str
    utility: str
    reward_model: str
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool


def _read(source: PathOrText, what: str) -> "tuple[str, bytes]":
    """A rules file (or a position) given as a path or as its text: its name and bytes."""
    if isinstance(source, bytes):
        return f"<{what}>", source
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and (
            source.endswith((".rules", ".txt", ".in", ".fen")) or os.path.isfile(source))
    ):
        path = os.fspath(source)
        try:
            with open(path, "rb") as f:
                return path, f.read()
        except IsADirectoryError:
            raise RulesError(f"error: {path} is a directory, not a file\n") from None
        except FileNotFoundError:
            raise RulesError(f"error: cannot read {path}: no such file\n") from None
        except PermissionError:
            raise RulesError(f"error: cannot read {path}: permission denied\n") from None
        except OSError as e:
            raise RulesError(f"error: cannot read {path}: {e.strerror or e}\n") from None
    if isinstance(source, str):
        return f"<{what}>", source.encode()
    raise TypeError(f"a {what} is a path or its text, not {type(source).__name__}")


class Game:
    """A game compiled from a rules file (see ``load_game``)."""

    def __init__(self, inner: "_ply.Game", short_name: str):
        self._g = inner
        self._short_name = short_name

    # pyspiel's Game API.
    def new_initial_state(self) -> State:
        return self._g.new_initial_state()

    def num_distinct_actions(self) -> int:
        return self._g.num_distinct_actions()

    def num_players(self) -> int:
        return self._g.num_players()

    def max_game_length(self) -> int:
        return self._g.max_game_length()

    def max_chance_outcomes(self) -> int:
        return self._g.max_chance_outcomes()

    def observation_tensor_shape(self) -> "list[int]":
        return self._g.observation_tensor_shape()

    def observation_tensor_size(self) -> int:
        return self._g.observation_tensor_size()

    def min_utility(self) -> float:
        return self._g.min_utility()

    def max_utility(self) -> float:
        return self._g.max_utility()

    def utility_sum(self) -> float:
        return 0.0

    def get_type(self) -> GameType:
        return GameType(
            short_name=self._short_name,
            long_name=f"{self._short_name} (ply: {self._g.name})",
            dynamics="sequential",
            chance_mode="explicit_stochastic" if self._g.has_chance() else "deterministic",
            information="perfect_information",
            utility="zero_sum",
            reward_model="terminal",
            max_num_players=self.num_players(),
            min_num_players=self.num_players(),
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
        )

    # What ply adds.
    def action_to_string(self, action: int) -> str:
        """An action as a person reads it (``e2-e4``, ``d3``, ``pass``)."""
        return self._g.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self._g.string_to_action(text)

    def action_ranges(self) -> "list[tuple[str, int, int]]":
        """The ranges of the action space: (name, first action, size)."""
        return self._g.action_ranges()

    def observation_planes(self) -> "list[str]":
        """What each plane of the observation tensor holds."""
        return self._g.observation_planes()

    def side_names(self) -> "list[str]":
        return self._g.side_names()

    def max_moves(self) -> int:
        """The plies (or turns) a game lasts at most, as the rules count them."""
        return self._g.max_moves()

    def representation(self) -> str:
        """How ply runs the game: the general generator, or a bit form."""
        return self._g.representation()

    @property
    def source(self) -> str:
        """The rules file's text."""
        return self._g.source

    def batch(self, n: int, seed: int = 0, threads: Optional[int] = None) -> "_ply.BatchGames":
        """n games stepped together in Rust, on ``threads`` threads (default: one per core,
        at most one per 512 games); the same seed gives the same games on any number of
        threads (see ``docs/python.md``)."""
        if n < 1:
            raise ValueError(f"a batch holds at least one game, not {n}")
        if threads is not None and threads < 1:
            raise ValueError(f"a batch runs on at least one thread, not {threads}")
        return self._g.batch(n, seed, threads)

    def __str__(self) -> str:
        return self._short_name

    def __repr__(self) -> str:
        return f"<ply Game {self._short_name}: {self.num_distinct_actions()} actions>"


_PARAMS = ("position", "max_moves", "name")


def load_game(path_or_text: PathOrText, **params: Any) -> Game:
    """Compiles a rules file (a path, or the text of one) into a game.

    Parameters:
        position: a position to start from instead of the rules' setup: a path or the
            text of one case in the rules file's input format.
        max_moves: the most plies (or turns, as the rules count them) a game lasts when its
            rules stop it later or never (default 5000); reaching it ends the game as the
            rules' own limit does.
        name: the short name of the game (default: the file's name without ``.rules``).

    Raises RulesError carrying the message ``ply check`` prints (file:line:column first);
    its ``diagnostics`` attribute holds the errors as dicts (``docs/json.md``).
    """
    unknown = sorted(set(params) - set(_PARAMS))
    if unknown:
        raise TypeError(
            f"load_game() got unknown parameter(s) {', '.join(unknown)}; "
            f"it takes {', '.join(_PARAMS)}")
    name, data = _read(path_or_text, "rules")
    position = None
    if params.get("position") is not None:
        position = _read(params["position"], "position")
    max_moves = params.get("max_moves")
    if max_moves is not None and (not isinstance(max_moves, int) or max_moves < 1):
        raise ValueError(f"max_moves is a whole number of at least 1, not {max_moves!r}")
    try:
        inner = _ply.load(data, name, position, max_moves)
    except RulesError as e:
        raise _rules_error(e) from None
    short = params.get("name") or os.path.basename(name).removesuffix(".rules").strip("<>")
    return Game(inner, short)


def _rules_error(e: RulesError) -> RulesError:
    """The exception with its message alone, and the errors as ``diagnostics``."""
    text, data = (e.args + ("", ""))[:2]
    err = RulesError(text)
    err.diagnostics = json.loads(data) if data else []
    first = err.diagnostics[0] if err.diagnostics else {}
    err.file = first.get("file")
    err.line = first.get("line")
    err.column = first.get("column")
    return err
