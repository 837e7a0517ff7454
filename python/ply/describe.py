"""The action space and the observation of games, as a Markdown table.

    python -m ply.describe rules/*.rules

prints, for each rules file that is a whole game, the size of its action space, its ranges
(name, first action, size), the observation's shape and what each plane holds. The tables in
``docs/python.md`` are this command's output (a test keeps them so).
"""

from __future__ import annotations

import os
import sys
from typing import Iterable

from . import RulesError, load_game


def describe(paths: Iterable[str]) -> str:
    rows = [
        "| game | actions | ranges (first action, size) | observation | planes |",
        "|---|---|---|---|---|",
    ]
    for path in paths:
        try:
            g = load_game(path)
        except RulesError:
            continue
        ranges = ", ".join(f"{n} {a} x{s}" for n, a, s in g.action_ranges())
        shape = " x ".join(str(d) for d in g.observation_tensor_shape())
        planes = ", ".join(g.observation_planes())
        name = os.path.basename(path).removesuffix(".rules")
        rows.append(f"| {name} | {g.num_distinct_actions()} | {ranges} | {shape} | {planes} |")
    return "\n".join(rows) + "\n"


def main(argv: "list[str]") -> int:
    if not argv:
        print("usage: python -m ply.describe RULES...", file=sys.stderr)
        return 2
    sys.stdout.write(describe(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
