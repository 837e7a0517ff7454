"""Shared paths: the repository's rules files and perft tables."""

import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = os.path.join(ROOT, "rules")
PERFT = os.path.join(ROOT, "tests", "perft")


def rules(name: str) -> str:
    return os.path.join(RULES, name + ".rules")


def whole_games() -> "list[str]":
    """Every rules file in rules/ (variants included) that has a `game` section."""
    paths = sorted(glob.glob(os.path.join(RULES, "*.rules")) +
                   glob.glob(os.path.join(RULES, "variants", "*.rules")))
    out = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            if any(line.rstrip() == "game" or line.startswith("game ") for line in f):
                out.append(p)
    return out


def game_id(path: str) -> str:
    return os.path.relpath(path, RULES).removesuffix(".rules").replace(os.sep, "/")
