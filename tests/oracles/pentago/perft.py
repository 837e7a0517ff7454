#!/usr/bin/env python3
"""Pentago perft, written from the printed rules without ply (an oracle for rules/pentago.rules).

    python3 tests/oracles/pentago/perft.py --depth D [--openspiel] [POSITIONS]

A turn places a marble on an empty square, then turns one of the four 3 x 3 blocks a quarter
turn either way (8 turns, all counted, even when they leave the same board). Five in a row
(across, down or diagonally) wins. Under the printed rules a row made by the placement wins at
once, with no turn: that placement is one move. With --openspiel rows are looked for only after
the turn (OpenSpiel's `pentago`, whose counts this reproduces, which is how the model is
checked). After the turn: both sides with five is a draw; a full board is a draw.

perft(0) = 1; a finished position counts 0 at every depth > 0; the last ply is counted
without playing it. Without POSITIONS it counts from the empty board, white to move; with a
file in the format of tests/perft/*.positions it prints that file again with its own counts
for depths 1..D.
"""
import argparse
import sys

N = 6
LINES = []
for r in range(N):
    for c in range(N):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(r + i * dr, c + i * dc) for i in range(5)]
            if all(0 <= y < N and 0 <= x < N for y, x in cells):
                LINES.append(sum(1 << (y * N + x) for y, x in cells))

# For each block and direction, the permutation of the 36 squares it makes.
TURNS = []
for br in (0, 3):
    for bc in (0, 3):
        for clockwise in (True, False):
            perm = list(range(36))  # perm[dst] = src
            for r in range(3):
                for c in range(3):
                    sr, sc = (2 - c, r) if clockwise else (c, 2 - r)
                    perm[(br + r) * N + bc + c] = (br + sr) * N + bc + sc
            moved = [(1 << perm[d], 1 << d) for d in range(36) if perm[d] != d]
            keep = ~sum(b for _, b in moved) & ((1 << 36) - 1)
            TURNS.append((keep, moved))


def turn(bits, t):
    keep, moved = TURNS[t]
    out = bits & keep
    for s, d in moved:
        if bits & s:
            out |= d
    return out


def five(bits):
    return any(bits & m == m for m in LINES)


def over(me, you):
    return five(me) or five(you) or (me | you) == (1 << 36) - 1


def children(me, you, openspiel):
    """The positions after each move of the side whose marbles are `me`, from its opponent's
    point of view (it moves next): (opponent, mover) pairs, or None for a game that ended
    with the placement."""
    full = me | you
    for sq in range(36):
        b = 1 << sq
        if full & b:
            continue
        placed = me | b
        if not openspiel and five(placed):
            yield None, (you, placed)
            continue
        for t in range(8):
            yield t, (turn(you, t), turn(placed, t))


def count(me, you, openspiel):
    full = me | you
    n = 0
    for sq in range(36):
        b = 1 << sq
        if not full & b:
            n += 1 if not openspiel and five(me | b) else 8
    return n


def perft(me, you, depth, openspiel):
    if depth == 0:
        return 1
    if over(me, you):
        return 0
    if depth == 1:
        return count(me, you, openspiel)
    return sum(perft(a, b, depth - 1, openspiel) for _, (a, b) in children(me, you, openspiel))


def read_positions(text):
    blocks = []
    for line in text.splitlines():
        if line.startswith("position "):
            blocks.append([line, []])
        elif line.startswith("  ") and blocks:
            blocks[-1][1].append(line.strip())
    return blocks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--openspiel", action="store_true")
    ap.add_argument("positions", nargs="?")
    a = ap.parse_args()
    if not a.positions:
        for d in range(1, a.depth + 1):
            print(f"perft {d} {perft(0, 0, d, a.openspiel)}", flush=True)
        return
    for head, lines in read_positions(open(a.positions).read()):
        rows, mover = lines[:6], lines[6]
        bits = {"O": 0, "@": 0}
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch in bits:
                    bits[ch] |= 1 << (r * N + c)
        me, you = (bits["O"], bits["@"]) if mover == "O" else (bits["@"], bits["O"])
        print(f"\n{head}")
        for line in lines:
            print(f"  {line}")
        for d in range(1, a.depth + 1):
            print(f"perft {d} {perft(me, you, d, a.openspiel)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
