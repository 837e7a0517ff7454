#!/usr/bin/env python3
"""A check of rules/xiangqi.rules against OpenSpiel while the language cannot say the cannon's
capture: writes a scratch copy of the rules file (never shipped) with that capture spelled out
square by square, one `slide` per direction and distance whose `where` names the one point
between that holds the screen:

    python3 tests/oracles/openspiel/xiangqi_spelled_out_cannon.py /tmp/xiangqi-cannon.rules
    target/release/ply perft /tmp/xiangqi-cannon.rules --depth 5        # 133312995

The copy reproduces OpenSpiel's perft 1-5 from the start (tests/oracles/openspiel/xiangqi.perft)
and all 600 counts of tests/oracles/openspiel/xiangqi.positions, so every rule of the file but
the cannon's capture is OpenSpiel's. It is 34 statements of up to 64 square tests for one rule:
not a way to write the game, only a way to test the rest of it.
"""
import sys

RULES = "rules/xiangqi.rules"
CANNON = "  cannon: slide along orthogonal onto empty"


def spelled_out():
    lines = []
    for way, longest in (("up", 9), ("down", 9), ("left", 8), ("right", 8)):
        for d in range(2, longest + 1):
            screens = []
            for s in range(1, d):
                points = [f"{i} {way} of from is {'not empty' if i == s else 'empty'}"
                          for i in range(1, d)]
                screens.append("(" + " and ".join(points) + ")")
            lines.append(f"  cannon: slide along {way} distance {d} over empty or own or enemy"
                         f" onto enemy, where " + " or ".join(screens))
    return lines


def main():
    text = open(RULES).read().splitlines()
    at = [i for i, line in enumerate(text) if line.startswith(CANNON)]
    assert len(at) == 1, f"no `{CANNON.strip()}` line in {RULES}"
    text[at[0] + 1:at[0] + 1] = spelled_out()
    open(sys.argv[1], "w").write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
